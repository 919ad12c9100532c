"""Polyform counting speed: Redelmeier for fixed forms, Burnside for one-sided and free.

Run: ``python benchmarks/polyforms.py`` (about a minute on one core; ``--quick``
for a few seconds). Prints

* the time to count every fixed polyomino of up to 16 cells and every fixed
  polyhex of up to 13 (one Redelmeier run each), and polyforms counted per second;
* one-sided and free counts to n = 12 on both lattices (and n = 14), with times;
* the naive grow-and-canonicalise method beside Redelmeier, and the ratio, at n = 10
  for polyominoes (n = 9 for polyhexes: the naive method needs a minute at 10).

Each time is given as CPU time of this process (what one core spends on it) and,
in brackets, wall-clock time, which grows when the machine is shared.
"""

from __future__ import annotations

import argparse
import time

import xochintlan_hex.polyforms as pf
from xochintlan_hex.lattice import Lattice, get_lattice


def forget_counts() -> None:
    """Start from nothing, as a fresh session would."""
    pf._FIXED_COUNTS.clear()
    pf._symmetric_counts.cache_clear()


def naive_fixed_count(n: int, lattice: Lattice) -> int:
    """Grow every fixed form of size k into all those of size k + 1, normalise, dedupe."""
    level = {((0, 0),)}
    for _ in range(n - 1):
        grown = set()
        for cells in level:
            present = set(cells)
            for cell in cells:
                for nb in lattice.neighbours(cell):
                    if nb not in present:
                        grown.add(lattice.normalize(cells + (nb,)))
        level = grown
    return len(level)


class Stopwatch:
    """CPU and wall-clock seconds of a ``with`` block."""

    def __enter__(self) -> Stopwatch:
        self._cpu, self._wall = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.cpu = time.process_time() - self._cpu
        self.wall = time.perf_counter() - self._wall

    def __str__(self) -> str:
        return f"{self.cpu:6.2f} s (wall {self.wall:6.2f} s)"


def fixed_runs(square_max: int, hex_max: int) -> None:
    print("Fixed polyforms, one Redelmeier run counting every size up to the largest")
    for name, top in (("square", square_max), ("hex", hex_max)):
        forget_counts()
        with Stopwatch() as clock:
            counts = pf._redelmeier(get_lattice(name), top)
        total = sum(counts)
        print(
            f"  {name:6} n <= {top:2}: {total:>12,} polyforms in {clock}"
            f" = {total / clock.cpu:>11,.0f} per CPU second; n = {top}: {counts[top]:,}"
        )


def class_runs(tops: tuple[int, ...]) -> None:
    print("One-sided and free counts (Redelmeier + Burnside), from a fresh start")
    for top in tops:
        for name in ("square", "hex"):
            forget_counts()
            with Stopwatch() as clock:
                one_sided = pf.count_polyforms_upto(top, name, "one-sided")
                free = pf.count_polyforms_upto(top, name, "free")
            print(f"  {name:6} n <= {top:2}: {clock};  one-sided {one_sided[top]:,}, free {free[top]:,}")


def naive_against_redelmeier(sizes: dict[str, int]) -> None:
    print("Naive grow-and-canonicalise against Redelmeier, fixed")
    for name, n in sizes.items():
        lattice = get_lattice(name)
        with Stopwatch() as naive_clock:
            naive = naive_fixed_count(n, lattice)
        repeats = 20
        with Stopwatch() as fast_clock:
            for _ in range(repeats):
                fast = pf._redelmeier(lattice, n)[n]
        assert naive == fast, (naive, fast)
        naive_s, fast_s = naive_clock.cpu, fast_clock.cpu / repeats
        print(
            f"  {name:6} n = {n:2}: naive {naive_s:7.3f} s, Redelmeier {fast_s * 1000:7.2f} ms (CPU),"
            f" ratio {naive_s / fast_s:,.0f}x  ({fast:,} polyforms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes, a few seconds")
    args = parser.parse_args()
    if args.quick:
        fixed_runs(12, 10)
        class_runs((10,))
        naive_against_redelmeier({"square": 8, "hex": 7})
    else:
        fixed_runs(16, 13)
        class_runs((12, 14))
        naive_against_redelmeier({"square": 10, "hex": 9})


if __name__ == "__main__":
    main()
