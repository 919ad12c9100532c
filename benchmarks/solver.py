"""Speed of the exact Hextremadura solver: time per deal and share of deals decided
within a time limit, one core.

Usage (from the repository root)::

    .venv/bin/python benchmarks/solver.py [--deals 6] [--limits 10 60] [--long-deals 3]

Deals ``0 .. deals-1`` of study seed 7 (those of ``datasets/hextremadura_solver.csv``)
are solved with each time limit in ``--limits`` (``--long-deals`` of them for the
limits above 10 s), starting from the shipped look-ahead game of each deal, so the
time is the exact search's. A deal counts as decided within a limit when the search
ends (or its lower bound reaches the upper one) before it. The time per deal is
the time to decide it, or the limit when it stays undecided. Wall-clock and CPU
time of this process are both printed; on a shared machine the CPU time is the
better estimate of one free core. The study file ``datasets/hextremadura_decided.csv``
(a node limit per deal) adds its own figures for 1,000 deals when it is there.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import pandas as pd

from xochintlan_hex import stats
from xochintlan_hex.hextremadura.solver import solve_exactly
from xochintlan_hex.simulate import game_seed

DATASETS = Path(__file__).resolve().parents[1] / "datasets"


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank, as a person counts it)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def solve_with_limit(index: int, limit: float, known: pd.DataFrame) -> tuple[bool, float, float, int]:
    """(decided, wall seconds, CPU seconds, states visited) for deal ``index`` of seed 7."""
    seed = game_seed(7, index)
    certificate = known.loc[known["seed"] == seed, "actions"]
    started, cpu = time.perf_counter(), time.process_time()
    proof = solve_exactly(seed=seed, seconds=limit,
                          certificate=str(certificate.iloc[0]).split() if len(certificate) else ())
    return proof.decided, time.perf_counter() - started, time.process_time() - cpu, proof.nodes


def report_limit(limit: float, deals: int, known: pd.DataFrame) -> None:
    results = [solve_with_limit(index, limit, known) for index in range(deals)]
    decided = [r[0] for r in results]
    wall = [r[1] for r in results]
    cpu = [r[2] for r in results]
    share = stats.proportion(sum(decided), len(decided))
    rate = sum(r[3] for r in results) / max(sum(wall), 1e-9)
    print(f"limit {limit:>5.0f} s: decided {sum(decided)} of {deals} deals "
          f"({share['estimate']:.0%}, 95% interval [{share['low']:.0%}, {share['high']:.0%}]); "
          f"time per deal: median {statistics.median(wall):.1f} s, 95th percentile {percentile(wall, 0.95):.1f} s "
          f"(CPU: median {statistics.median(cpu):.1f} s, 95th percentile {percentile(cpu, 0.95):.1f} s); "
          f"{rate:,.0f} states a second")


def report_study() -> None:
    path = DATASETS / "hextremadura_decided.csv"
    if not path.exists():
        return
    study = pd.read_csv(path)
    share = stats.proportion(int(study["decided"].sum()), len(study))
    seconds = study["seconds"].tolist()
    print(f"study file ({len(study)} deals, at most {int(study['max_nodes'].iloc[0]):,} states each): "
          f"decided {int(study['decided'].sum())} ({share['estimate']:.1%}, 95% interval "
          f"[{share['low']:.1%}, {share['high']:.1%}]); exact search time per deal: median "
          f"{statistics.median(seconds):.2f} s, 95th percentile {percentile(seconds, 0.95):.2f} s (wall clock)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6, help="deals solved with a 10 s limit")
    parser.add_argument("--long-deals", type=int, default=3, help="deals solved with each longer limit")
    parser.add_argument("--limits", type=float, nargs="*", default=[10, 60], help="time limits, seconds")
    args = parser.parse_args()
    known = pd.read_csv(DATASETS / "hextremadura_solver.csv")
    for limit in args.limits:
        report_limit(limit, args.deals if limit <= 10 else args.long_deals, known)
    report_study()


if __name__ == "__main__":
    main()
