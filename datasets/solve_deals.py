"""How many deals of the shipped tile set can reach a perfect score? Solve many deals.

Each deal is solved with its whole order known (the open-information solver of
:mod:`xochintlan_hex.solvability`): the best game found is a proved lower bound,
and the tile set's icons give the upper bound. Deal ``i`` is the pile of game
``i`` of ``simulate hextremadura --seed SEED``, so the rows line up with the
greedy, search and planner studies of the same seed.

Usage (from the repository root)::

    .venv/bin/python datasets/solve_deals.py --games 200 --seed 7 --out datasets/hextremadura_solver.csv

The file is rewritten after every few deals: an interrupted run keeps its
finished deals, and the same command with ``--resume`` solves only the missing
ones (without it, the file is made afresh). ``--summary`` also prints the shares next to the players' studies given
with ``--compare``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pandas as pd

from xochintlan_hex.solvability import COLUMNS, solvability_summary, solve_deals


def _write(frame: pd.DataFrame, out: Path) -> None:
    """Write the whole file or nothing (a temporary file renamed over ``out``)."""
    temporary = out.with_name(out.name + ".tmp")
    frame.to_csv(temporary, index=False)
    os.replace(temporary, out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="deals to solve (0 .. games-1)")
    parser.add_argument("--seed", type=int, default=7, help="the study seed of the deals")
    parser.add_argument("--candidates", type=int, default=4, help="placements tried per step")
    parser.add_argument("--passes", type=int, default=1, help="look-ahead passes per deal")
    parser.add_argument("--workers", type=int, default=1, help="local processes")
    parser.add_argument("--batch", type=int, default=4, help="deals solved between two writes")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--compare", type=Path, nargs="*", default=[], help="study CSVs of players on the same seed, for --summary"
    )
    parser.add_argument("--summary", action="store_true", help="print the shares at the end")
    parser.add_argument("--resume", action="store_true", help="keep the deals already in --out")
    # regenerate.sh hands its own options to every command: ignore those meant for others
    args, _ = parser.parse_known_args(argv)

    done = pd.DataFrame(columns=COLUMNS)
    if args.resume and args.out.exists():
        done = pd.read_csv(args.out)
        same = (done["candidates"] == args.candidates) & (done["passes"] <= args.passes)
        done = done[same & done["game"].lt(args.games)]
    missing = [i for i in range(args.games) if i not in set(done["game"])]
    print(f"{len(done)} deals already solved, {len(missing)} to go", file=sys.stderr)
    for start in range(0, len(missing), args.batch):
        batch = missing[start : start + args.batch]
        found = solve_deals(batch, seed=args.seed, candidates=args.candidates, passes=args.passes, workers=args.workers)
        done = pd.concat([done, found], ignore_index=True) if len(done) else found
        done = done.sort_values("game").reset_index(drop=True)
        _write(done, args.out)
        print(f"solved {len(done)}/{args.games}: best {found['best_found'].tolist()}", file=sys.stderr, flush=True)
    if args.summary:
        scored = [pd.read_csv(path) for path in args.compare]
        with pd.option_context("display.width", 200, "display.max_columns", 20):
            print(solvability_summary(done, scored).round(3).to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
