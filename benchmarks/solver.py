"""Speed of the exact Hextremadura solver: time per deal and share of deals decided
within a time limit, one core.

Usage (from the repository root)::

    .venv/bin/python benchmarks/solver.py [--deals 6] [--limits 10 60] [--long-deals 3]

Deals ``0 .. deals-1`` of study seed 7 (those of ``datasets/hextremadura_solver.csv``)
are solved with each time limit in ``--limits`` (CPU seconds of this process, so one
core's work however busy the machine is; ``--long-deals`` of them for the limits
above 10 s), starting from the best game the study files hold for each deal, so the
time is the exact search's. The deals are drawn with a fixed seed among the study
file's when it is there (deals 0, 1, ... otherwise). A deal counts as decided within a limit when the search
ends (or its lower bound reaches the upper one) before it. The time per deal is
the time to decide it, or the limit when it stays undecided. Wall-clock and CPU
time of this process are both printed; on a shared machine the CPU time is the
better estimate of one free core. The study file ``datasets/hextremadura_decided.csv``
(a node or CPU time limit per deal) adds its own figures for 1,000 deals when it is there.

With ``--finder`` the same deals go to the perfect-game finder
(:func:`~xochintlan_hex.hextremadura.perfect.find_perfect_game`) instead, started
from the look-ahead's game of ``datasets/hextremadura_solver.csv`` only (the study
file holds the games the finder itself found). A deal counts as decided within a
limit when the finder returns a perfect game, which replays through the engine to 15;
its time is the time to find it, or the limit. ``--finder --compare-follow-best``
runs it on each deal with and without ``follow_best`` (searching also from the rounds
of the best game it finds) and prints the difference in the share decided, paired by
deal, with its 95% interval.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from pathlib import Path

import pandas as pd

from xochintlan_hex import stats
from xochintlan_hex.hextremadura.perfect import find_perfect_game
from xochintlan_hex.hextremadura.solver import solve_exactly
from xochintlan_hex.simulate import game_seed

DATASETS = Path(__file__).resolve().parents[1] / "datasets"


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank, as a person counts it)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def solve_with_limit(index: int, limit: float, known: dict[int, str]) -> tuple[bool, float, float, int]:
    """(decided, wall seconds, CPU seconds, states visited) for deal ``index`` of seed 7."""
    seed = game_seed(7, index)
    proof = solve_exactly(seed=seed, seconds=limit, certificate=known.get(seed, "").split())
    return proof.decided, proof.seconds, proof.cpu_seconds, proof.nodes


def find_with_limit(
    index: int, limit: float, known: dict[int, str], follow_best: bool = False
) -> tuple[bool, float, float, int]:
    """(perfect game found, wall seconds, CPU seconds, placements judged) for deal ``index`` of seed 7."""
    seed = game_seed(7, index)
    start = time.perf_counter()
    starts = [known[seed].split()] if seed in known else []
    found = find_perfect_game(seed=seed, starts=starts, seconds=limit, rng_seed=seed, follow_best=follow_best)
    if found.perfect:
        assert found.replay().score() == found.max_score  # the engine certifies the game
    return found.perfect, time.perf_counter() - start, found.cpu_seconds, found.states


def known_games(names: tuple[str, ...] = ("hextremadura_solver.csv", "hextremadura_decided.csv")) -> dict[int, str]:
    """Seed -> the best game the shipped files ``names`` hold for that deal of seed 7."""
    known: dict[int, tuple[int, str]] = {}
    for name, score in (("hextremadura_solver.csv", "best_found"), ("hextremadura_decided.csv", "lower")):
        if name not in names:
            continue
        path = DATASETS / name
        if path.exists():
            frame = pd.read_csv(path)
            for seed, actions, points in zip(frame["seed"], frame["actions"], frame[score]):
                if int(seed) not in known or points > known[int(seed)][0]:
                    known[int(seed)] = (points, str(actions))
    return {seed: actions for seed, (_, actions) in known.items()}


def report_limit(limit: float, indices: list[int], known: dict[int, str], finder: bool = False) -> None:
    deals = len(indices)
    solve = find_with_limit if finder else solve_with_limit
    results = [solve(index, limit, known) for index in indices]
    decided = [r[0] for r in results]
    wall = [r[1] for r in results]
    cpu = [r[2] for r in results]
    share = stats.proportion(sum(decided), len(decided))
    rate = sum(r[3] for r in results) / max(sum(cpu), 1e-9)
    print(
        f"limit {limit:>5.0f} s: decided {sum(decided)} of {deals} deals "
        f"({share['estimate']:.0%}, 95% interval [{share['low']:.0%}, {share['high']:.0%}]); "
        f"CPU time per deal: median {statistics.median(cpu):.1f} s, 95th percentile {percentile(cpu, 0.95):.1f} s "
        f"(wall clock: median {statistics.median(wall):.1f} s, 95th percentile {percentile(wall, 0.95):.1f} s); "
        f"{rate:,.0f} states a CPU second"
    )


def compare_follow_best(limit: float, indices: list[int], known: dict[int, str]) -> None:
    """The finder with and without ``follow_best`` on the same deals and limit: each
    one's share of deals decided, and the difference paired by deal with its interval."""
    found = {follow: [] for follow in (False, True)}
    for index in indices:
        for follow in (False, True):
            found[follow].append(float(find_with_limit(index, limit, known, follow)[0]))
        print(f"  deal {index}: without {found[False][-1]:.0f}, with {found[True][-1]:.0f}", flush=True)
    for follow, label in ((False, "without follow_best"), (True, "with follow_best")):
        share = stats.proportion(int(sum(found[follow])), len(indices))
        print(
            f"{label}: decided {int(sum(found[follow]))} of {len(indices)} deals "
            f"({share['estimate']:.0%}, 95% interval [{share['low']:.0%}, {share['high']:.0%}])"
        )
    gap = stats.mean_difference(pd.Series(found[True]), pd.Series(found[False]), paired=True)
    print(
        f"with - without, paired by deal: {gap['estimate']:+.2f} [{gap['low']:+.2f}, {gap['high']:+.2f}] "
        f"of the deals decided within {limit:g} CPU seconds"
    )


def report_study() -> None:
    """The study file's own figures: its limit per deal, the share decided, the time per deal."""
    path = DATASETS / "hextremadura_decided.csv"
    if not path.exists():
        return
    study = pd.read_csv(path)
    share = stats.proportion(int(study["decided"].sum()), len(study))
    limit = (
        f"at most {study['max_seconds'].iloc[0]:g} CPU seconds each"
        if "max_seconds" in study and study["max_seconds"].notna().all()
        else f"at most {int(study['max_nodes'].iloc[0]):,} states each"
    )
    cpu = study["cpu_seconds"].tolist() if "cpu_seconds" in study else []
    print(
        f"study file ({len(study)} deals, {limit}): decided {int(study['decided'].sum())} "
        f"({share['estimate']:.1%}, 95% interval [{share['low']:.1%}, {share['high']:.1%}]); exact search time per "
        f"deal: median {statistics.median(study['seconds']):.2f} s, 95th percentile "
        f"{percentile(study['seconds'].tolist(), 0.95):.2f} s (wall clock)"
        + (
            f"; CPU: median {statistics.median(cpu):.2f} s, 95th percentile {percentile(cpu, 0.95):.2f} s"
            if cpu
            else ""
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6, help="deals solved with a 10 s limit")
    parser.add_argument("--long-deals", type=int, default=2, help="deals solved with each longer limit")
    parser.add_argument("--limits", type=float, nargs="*", default=[10, 60], help="time limits, seconds")
    parser.add_argument("--finder", action="store_true", help="time the perfect-game finder instead")
    parser.add_argument(
        "--compare-follow-best",
        action="store_true",
        help="with --finder: the finder with and without follow_best on the same deals, paired",
    )
    args = parser.parse_args()
    known = known_games(("hextremadura_solver.csv",)) if args.finder else known_games()
    study = DATASETS / ("hextremadura_solver.csv" if args.finder else "hextremadura_decided.csv")
    pool = pd.read_csv(study)["game"].tolist() if study.exists() else list(range(args.deals))
    indices = sorted(random.Random(31).sample(pool, min(args.deals, len(pool)))) if len(pool) > args.deals else pool
    for limit in args.limits:
        chosen = indices if limit <= 10 else indices[: args.long_deals]
        print(f"deals {chosen} of seed 7, limit {limit:g} CPU seconds each ...", flush=True)
        if args.finder and args.compare_follow_best:
            compare_follow_best(limit, chosen, known)
        else:
            report_limit(limit, chosen, known, args.finder)
    if not args.finder:
        report_study()


if __name__ == "__main__":
    main()
