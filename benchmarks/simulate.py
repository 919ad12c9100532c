"""How fast studies run: greedy self-play in both games, one process and several.

    .venv/bin/python benchmarks/simulate.py            # the full figures (a few minutes)
    .venv/bin/python benchmarks/simulate.py --quick    # a tenth of the games

Targets: 10,000 greedy two-player Xochintlan games in under 60 s with 2
workers, 2 workers at least 1.7 times as fast as 1; 1,000 greedy Hextremadura
games in under 60 s with 2 workers. Figures depend on the machine and on what
else it is doing.
"""

from __future__ import annotations

import argparse
import os
import time

from xochintlan_hex.simulate import simulate_hextremadura, simulate_xochintlan


def timed(run, **kwargs) -> tuple[float, float, object]:
    """Wall-clock seconds, CPU seconds (this process and its workers), and the result."""
    start, cpu = time.perf_counter(), os.times()
    frame = run(**kwargs)
    end = os.times()
    used = sum(getattr(end, f) - getattr(cpu, f) for f in ("user", "system", "children_user", "children_system"))
    return time.perf_counter() - start, used, frame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()
    scale = 10 if options.quick else 1
    workers = options.workers
    xo_games, hex_games = 10_000 // scale, 1_000 // scale
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")

    many, many_cpu, frame = timed(
        simulate_xochintlan, games=xo_games, players=["greedy", "greedy"], seed=0, workers=workers, progress=False
    )
    one, one_cpu, single = timed(
        simulate_xochintlan, games=xo_games, players=["greedy", "greedy"], seed=0, workers=1, progress=False
    )
    assert frame.equals(single), "the frame must not depend on the number of workers"
    print(
        f"Xochintlan, {xo_games} greedy 2-player games: {many:.1f} s with {workers} workers "
        f"(target < {60 / scale:.0f} s), {one:.1f} s with 1 "
        f"({1000 * one / xo_games:.1f} ms a game); speed-up {one / many:.2f}x "
        f"(target >= 1.7x); CPU time {many_cpu:.1f} s with {workers} workers, "
        f"{one_cpu:.1f} s with 1; mean length {frame['turns'].mean():.1f} turns"
    )

    seconds, cpu, solo = timed(
        simulate_hextremadura, games=hex_games, player="greedy", seed=0, workers=workers, progress=False
    )
    print(
        f"Hextremadura, {hex_games} greedy games: {seconds:.1f} s with {workers} workers "
        f"(target < {60 / scale:.0f} s; CPU time {cpu:.1f} s, "
        f"{1000 * cpu / hex_games:.0f} ms a game); mean score {solo['score'].mean():.2f}"
    )
    print(
        f"load average at the end {os.getloadavg()[0]:.1f} (other work on the machine "
        "slows the figures down, the speed-up most)"
    )


if __name__ == "__main__":
    main()
