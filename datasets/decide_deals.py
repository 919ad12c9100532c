"""Every deal decided? The exact solver on many deals of the shipped tile set.

For each deal (deal ``i`` is the pile of game ``i`` of ``simulate hextremadura
--seed SEED``, as in ``solve_deals.py``) the lower bound is a game of the deal:
the one ``--known`` lists for it (the solver file's, replayed through the engine),
or else the look-ahead's (``--candidates``). The exact solver then searches from
that game with at most ``--max-nodes`` states; it says whether the deal is decided
(its best score proved) or gives the bounds reached. With ``--perfect-seconds S``
the perfect-game finder first searches S CPU seconds for a perfect game from the
rounds of that game: every perfect game it finds decides its deal (``lower_from``
"perfect search"), and a better game it finds starts the exact search;
``--follow-best`` lets it also start from the rounds of the best game it finds;
``--finder-seed K`` makes it break ties with each deal's seed + K (0 by default): from
the same best games and the same seed it would search exactly as the run before did.
``--workers N`` decides N deals at a time in N processes: each deal's search is its
own (its limits count the CPU seconds of its own process), so the rows do not depend
on N beyond what CPU limits always allow.

Usage (from the repository root)::

    .venv/bin/python datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 2 --seconds 0.1 \\
        --known datasets/hextremadura_solver.csv --out datasets/hextremadura_decided.csv --summary

The file is rewritten after every few deals: an interrupted run keeps its
finished deals, and ``--resume`` decides only the missing ones. ``--summary``
prints the shares and, with ``--compare``, how far players fall below each deal's
best game found.
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

import pandas as pd

from xochintlan_hex.simulate import game_seed
from xochintlan_hex.solvability import DECIDED_COLUMNS, decide_deal_row, decided_summary


def _write(frame: pd.DataFrame, out: Path) -> None:
    """Write the whole file or nothing (a temporary file renamed over ``out``)."""
    temporary = out.with_name(out.name + ".tmp")
    frame.to_csv(temporary, index=False)
    os.replace(temporary, out)


def _known_games(paths: list[Path]) -> dict[int, str]:
    """Seed -> placements of the best known game of that deal: the ``actions`` of a
    solver file (scored ``best_found``) or of a decided file (scored ``lower``),
    the higher score kept."""
    known: dict[int, tuple[int, str]] = {}
    for path in paths:
        frame = pd.read_csv(path)
        score = frame["best_found"] if "best_found" in frame else frame["lower"]
        for seed, actions, points in zip(frame["seed"], frame["actions"], score):
            if isinstance(actions, str) and (int(seed) not in known or points > known[int(seed)][0]):
                known[int(seed)] = (int(points), actions)
    return {seed: actions for seed, (_, actions) in known.items()}


def _decide_one(job: dict) -> dict:
    """One deal's row (a module-level function, so that worker processes can run it)."""
    return decide_deal_row(**job)


def _decide(jobs: list[dict], executor: Executor | None) -> list[dict]:
    """The rows of these deals, in their order: here, or spread over the workers."""
    if executor is None:
        return [_decide_one(job) for job in jobs]
    return list(executor.map(_decide_one, jobs))


def _same_limit(done: pd.DataFrame, column: str, value: float | None) -> pd.Series:
    """The rows run with this limit (None: without it)."""
    if column not in done:
        return pd.Series(value is None, index=done.index)
    return done[column].isna() if value is None else done[column] == value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="deals to decide (0 .. games-1)")
    parser.add_argument("--seed", type=int, default=7, help="the study seed of the deals")
    parser.add_argument("--candidates", type=int, default=2, help="look-ahead placements tried per step")
    parser.add_argument("--max-nodes", type=int, default=None, help="states the exact search visits per deal")
    parser.add_argument("--seconds", type=float, default=None, help="CPU seconds of exact search per deal")
    parser.add_argument(
        "--perfect-seconds",
        type=float,
        default=None,
        help="CPU seconds per deal of the perfect-game finder, before the exact search",
    )
    parser.add_argument(
        "--follow-best",
        action="store_true",
        help="the perfect-game finder also starts from the rounds of the best game it finds",
    )
    parser.add_argument(
        "--finder-seed",
        type=int,
        default=0,
        help="the finder breaks ties with each deal's seed + this: another value searches anew from the same games",
    )
    parser.add_argument("--workers", type=int, default=1, help="deals decided at a time, each in its own process")
    parser.add_argument(
        "--known", type=Path, nargs="*", default=[], help="solver or decided files whose games give lower bounds"
    )
    parser.add_argument("--batch", type=int, default=10, help="deals decided between two writes")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--compare", type=Path, nargs="*", default=[], help="study CSVs of players on the same seed, for --summary"
    )
    parser.add_argument("--summary", action="store_true", help="print the findings at the end")
    parser.add_argument("--resume", action="store_true", help="keep the deals already in --out")
    # regenerate.sh hands its own options to every command: ignore those meant for others
    args, _ = parser.parse_known_args(argv)

    if args.workers < 1:
        parser.error(f"--workers must be an int >= 1, not {args.workers}")
    known = _known_games(args.known)
    done = pd.DataFrame(columns=DECIDED_COLUMNS)
    if args.resume and args.out.exists():
        done = pd.read_csv(args.out)
        same = (done["candidates"] == args.candidates) & _same_limit(done, "max_nodes", args.max_nodes)
        same &= _same_limit(done, "max_seconds", args.seconds)
        done = done[same & done["game"].lt(args.games)]
    missing = [i for i in range(args.games) if i not in set(done["game"])]
    print(f"{len(done)} deals already decided, {len(missing)} to go", file=sys.stderr)
    executor = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    try:
        for start in range(0, len(missing), args.batch):
            jobs = [
                {
                    "index": index,
                    "seed": args.seed,
                    "candidates": args.candidates,
                    "max_nodes": args.max_nodes,
                    "known_actions": known.get(game_seed(args.seed, index)),
                    "max_seconds": args.seconds,
                    "perfect_seconds": args.perfect_seconds,
                    "follow_best": args.follow_best,
                    "finder_seed": args.finder_seed,
                }
                for index in missing[start : start + args.batch]
            ]
            found = pd.DataFrame(_decide(jobs, executor), columns=DECIDED_COLUMNS)
            done = pd.concat([done, found], ignore_index=True) if len(done) else found
            done = done.sort_values("game").reset_index(drop=True)
            _write(done, args.out)
            print(
                f"decided {int(done['decided'].sum())} of {len(done)}/{args.games}; "
                f"lower bounds {found['lower'].tolist()}",
                file=sys.stderr,
                flush=True,
            )
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    if args.summary:
        scored = [pd.read_csv(path) for path in args.compare]
        with pd.option_context("display.width", 200, "display.max_columns", 20):
            print(decided_summary(done, scored).round(3).to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
