"""Polyform counting speed: Redelmeier for fixed forms, Burnside for one-sided and free.

Run: ``python benchmarks/polyforms.py`` (about a minute on one core; ``--quick``
for a few seconds). Prints

* the time to count every fixed polyomino of up to 16 cells and every fixed
  polyhex of up to 13 (one Redelmeier run each), and polyforms counted per second;
* one-sided and free counts to n = 12 on both lattices (and n = 14), with times;
* the naive grow-and-canonicalise method at n = 10 beside Redelmeier, and the ratio.

Times are wall-clock on whatever else the machine is doing: approximate.
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


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start


def fixed_runs(square_max: int, hex_max: int) -> None:
    print(f"Fixed polyforms, one Redelmeier run counting every size up to the largest")
    for name, top in (("square", square_max), ("hex", hex_max)):
        forget_counts()
        counts, seconds = timed(pf._redelmeier, get_lattice(name), top)
        total = sum(counts)
        print(
            f"  {name:6} n <= {top:2}: {total:>13,} polyforms in {seconds:6.2f} s"
            f" = {total / seconds:>13,.0f} per second; n = {top}: {counts[top]:,}"
        )


def class_runs(tops: tuple[int, ...]) -> None:
    print("One-sided and free counts (Redelmeier + Burnside), from a fresh start")
    for top in tops:
        for name in ("square", "hex"):
            forget_counts()
            start = time.perf_counter()
            one_sided = pf.count_polyforms_upto(top, name, "one-sided")
            free = pf.count_polyforms_upto(top, name, "free")
            seconds = time.perf_counter() - start
            print(f"  {name:6} n <= {top:2}: {seconds:6.2f} s;  one-sided {one_sided[top]:,}, free {free[top]:,}")


def naive_against_redelmeier(n: int) -> None:
    print(f"Naive grow-and-canonicalise against Redelmeier, fixed, n = {n}")
    for name in ("square", "hex"):
        lattice = get_lattice(name)
        naive, naive_s = timed(naive_fixed_count, n, lattice)
        repeats = 20
        start = time.perf_counter()
        for _ in range(repeats):
            fast = pf._redelmeier(lattice, n)[n]
        fast_s = (time.perf_counter() - start) / repeats
        assert naive == fast, (naive, fast)
        print(
            f"  {name:6}: naive {naive_s:7.3f} s, Redelmeier {fast_s * 1000:7.2f} ms,"
            f" ratio {naive_s / fast_s:,.0f}x  ({fast:,} polyforms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes, a few seconds")
    args = parser.parse_args()
    if args.quick:
        fixed_runs(12, 10)
        class_runs((10,))
        naive_against_redelmeier(8)
    else:
        fixed_runs(16, 13)
        class_runs((12, 14))
        naive_against_redelmeier(10)


if __name__ == "__main__":
    main()
