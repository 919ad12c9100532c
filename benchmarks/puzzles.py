"""Tiling-puzzle speed: the kit's exact-cover search beside the exact_cover C library.

Run: ``python benchmarks/puzzles.py`` (about a minute and a half on one core;
``--quick`` skips the kit's count without symmetry, about 45 s of it). Prints

* the 2339 tilings of 6 x 10 by the 12 pentominoes counted by the kit up to
  symmetry, and the 9356 counted in full (kit, then the C library from the same rows);
* the C library from the same rows with the X pinned as the kit pins it (2339);
* ``can_complete`` on 6 x 10 positions with 6 pieces placed, median and largest
  time: six pieces (F I L N P T) of random solutions and the six leftmost pieces of
  random solutions (the answer is yes), and 6 random non-overlapping placements
  (mostly no).

Techniques in the kit (pure Python, one core): Algorithm X on bitsets (one int
per placement, cells and pieces as bits); the column chosen is the first empty
cell in a sweep along the short side, whose options are exactly the placements
that start there (no placement is ever tested that cannot cover it); symmetry
reduction by pinning the X pentomino to one placement per orbit of the
rectangle's 4 symmetries. The C library is dancing links without symmetry.

Each time is the CPU time of this process and, in brackets, wall-clock time,
which grows when the machine is shared.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from xochintlan_hex.puzzles import Puzzle


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


def library_rows(puzzle: Puzzle, pinned_only: bool) -> np.ndarray:
    """The puzzle's exact-cover matrix; with ``pinned_only``, the X kept to the kit's pinned placements."""
    matrix, _ = puzzle.matrix()
    if not pinned_only:
        return np.array(matrix, dtype=bool)
    x = puzzle.pieces.index("X")
    group = puzzle.symmetries()
    pinned = {tuple(sorted(puzzle._rows[row].cells)) for row, _ in puzzle._orbit_representatives(x, group)}
    keep = [m for p, m in zip(puzzle.rows(), matrix) if p.piece != x or p.cells in pinned]
    return np.array(keep, dtype=bool)


def random_placements(puzzle: Puzzle, count: int, seed: int) -> list:
    """``count`` placements of distinct pieces that do not overlap, drawn at random (seeded)."""
    rng = random.Random(seed)
    rows = puzzle.rows()
    chosen, used, pieces = [], set(), set()
    while len(chosen) < count:
        p = rng.choice(rows)
        if p.piece not in pieces and not used & set(p.cells):
            chosen.append(p)
            used |= set(p.cells)
            pieces.add(p.piece)
    return chosen


def time_can_complete(puzzle: Puzzle, positions: list) -> tuple[float, float, int]:
    """Median and largest seconds of can_complete over ``positions``, and how many can be completed."""
    times, yes = [], 0
    for position in positions:
        start = time.perf_counter()
        yes += puzzle.can_complete(position)
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times), yes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="skip the kit's full count without symmetry")
    args = parser.parse_args()
    import exact_cover

    with Stopwatch() as build:
        puzzle = Puzzle("6x10", "pentominoes")
    print(f"6 x 10 by the 12 free pentominoes: {len(puzzle.rows())} placements, built in {build}")
    with Stopwatch() as kit:
        distinct = puzzle.count(up_to_symmetry=True)
    print(f"kit, up to symmetry (X pinned):     {distinct:5d} tilings in {kit}")
    if not args.quick:
        with Stopwatch() as kit_all:
            total = puzzle.count()
        print(f"kit, every orientation:             {total:5d} tilings in {kit_all}")
    full = library_rows(puzzle, pinned_only=False)
    with Stopwatch() as library:
        library_total = exact_cover.get_solution_count(full)
    print(f"exact_cover (C), same rows:         {library_total:5d} tilings in {library}")
    pinned = library_rows(puzzle, pinned_only=True)
    with Stopwatch() as library_pinned:
        library_distinct = exact_cover.get_solution_count(pinned)
    print(f"exact_cover (C), X pinned as kit:   {library_distinct:5d} tilings in {library_pinned}")

    solutions = [puzzle.random_solution(seed) for seed in range(25)]
    by_piece = [s[:6] for s in solutions]  # F I L N P T, wherever they are
    from_left = [sorted(s, key=lambda p: min(p.cells))[:6] for s in solutions]  # as a player fills the box
    scattered = [random_placements(puzzle, 6, seed) for seed in range(25)]
    for name, positions in (
        ("6 pieces of a solution", by_piece),
        ("6 leftmost of a solution", from_left),
        ("6 random pieces", scattered),
    ):
        median, worst, yes = time_can_complete(puzzle, positions)
        print(
            f"can_complete, {name:24s} median {1000 * median:6.1f} ms, largest {1000 * worst:6.1f} ms "
            f"({yes} of {len(positions)} can be completed)"
        )


if __name__ == "__main__":
    main()
