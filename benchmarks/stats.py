"""How fast a study's report is made: today's stats.report() against the one it replaced.

    .venv/bin/python benchmarks/stats.py            # best of 3 runs of each
    .venv/bin/python benchmarks/stats.py --repeat 1

The replaced module is kept as ``benchmarks/baseline/stats_before_scipy.py``
(hand-written normal and t quantiles and incomplete beta function, one small
table per card and per seat). Both run here, one after the other on the same
frames: every shipped Xochintlan study, and the 20,200 games of all the shipped
two-player studies pooled. Target: today's report at least 3 times as fast on the
large studies. The first call also pays for importing scipy.stats, timed apart.
The last line times ``by="n_players"`` on the four greedy self-play studies
pooled (14,000 games), which the replaced module could not group.
Figures depend on the machine and on what else it is doing.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
import time

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "baseline"))

import stats_before_scipy as before  # noqa: E402

from xochintlan_hex import stats  # noqa: E402
from xochintlan_hex.studies import read_results  # noqa: E402

DATASETS = os.path.join(HERE, "..", "datasets")


def best_time(run, repeat: int) -> float:
    """The shortest of ``repeat`` wall-clock runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def studies() -> dict[str, pd.DataFrame]:
    frames = {
        os.path.basename(path)[:-4]: read_results(path)
        for path in sorted(glob.glob(os.path.join(DATASETS, "xochintlan_*.csv")))
        if not path.endswith("perft.csv")
    }
    two = [frame for frame in frames.values() if frame["n_players"].iloc[0] == 2]
    frames["all two-player studies pooled"] = pd.concat(two, ignore_index=True)
    return frames


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (best kept)")
    args = parser.parse_args()
    frames = studies()
    first = next(iter(frames.values()))
    start = time.perf_counter()
    stats.report(first)  # the first call imports scipy.stats
    print(f"first report() of a session, importing scipy.stats: {time.perf_counter() - start:.2f} s")
    before.report(first)
    print(f"{'study':35s} {'games':>6s} {'before s':>9s} {'now s':>7s} {'speed-up':>8s}")
    for name, frame in sorted(frames.items(), key=lambda item: len(item[1])):
        old = best_time(lambda: before.report(frame), args.repeat)
        new = best_time(lambda: stats.report(frame), args.repeat)
        print(f"{name:35s} {len(frame):6d} {old:9.3f} {new:7.3f} {old / new:7.1f}x")
    pooled = pd.concat(
        [
            frame
            for frame in frames.values()
            if frame["player_0"].eq("greedy").all()
            and frame["player_1"].eq("greedy").all()
            and (frame["lattice"] == "square").all()
            and (frame["cards_per_player"] == 1).all()
        ],
        ignore_index=True,
    )
    new = best_time(lambda: stats.report(pooled, by="n_players"), args.repeat)
    print(f"{'self-play 2-5 players, by=n_players':35s} {len(pooled):6d} {'(fails)':>9s} {new:7.3f}")


if __name__ == "__main__":
    main()
