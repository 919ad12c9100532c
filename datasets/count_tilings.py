"""Count the classic tiling puzzles in full and up to symmetry: writes datasets/tilings.csv.

Run from the kit's folder: ``python datasets/count_tilings.py`` (about two minutes
on one core). Lesson 06 reads the table instead of spending those minutes; it
recounts the quick rows on the page.

Columns: ``puzzle`` (as the lesson names it), ``region`` (as ``Region`` reads it),
``lattice``, ``pieces`` (a named piece set), ``leftover`` (pieces may stay
unused), ``symmetries`` (of the region that also map the piece set to itself),
``tilings`` (every solution, rotated and reflected ones counted apart),
``distinct`` (up to those symmetries), ``cpu_seconds`` (for both counts, on the
machine that wrote the file).
"""

from __future__ import annotations

import csv
import sys
import time
from pathlib import Path

from xochintlan_hex.puzzles import Puzzle, Region

PUZZLES = [
    ("pentominoes 3x20", "3x20", "square", "pentominoes", False),
    ("pentominoes 4x15", "4x15", "square", "pentominoes", False),
    ("pentominoes 5x12", "5x12", "square", "pentominoes", False),
    ("pentominoes 6x10", "6x10", "square", "pentominoes", False),
    ("pentominoes 8x8 minus centre 2x2", "8x8-2x2", "square", "pentominoes", False),
    ("tetrominoes 4x5", "4x5", "square", "tetrominoes", False),
    ("pentahexes in a triangle of 15", "    #\n   # #\n  # # #\n # # # #\n# # # # #", "hex", "pentahexes", True),
]

OUT = Path(__file__).with_name("tilings.csv")


def main() -> None:
    rows = []
    for name, region, lattice, pieces, leftover in PUZZLES:
        start = time.process_time()
        puzzle = Puzzle(Region(region, lattice), pieces, leftover=leftover)
        tilings = puzzle.count()
        distinct = puzzle.count(up_to_symmetry=True)
        seconds = time.process_time() - start
        rows.append(
            {
                "puzzle": name,
                "region": region,
                "lattice": lattice,
                "pieces": pieces,
                "leftover": leftover,
                "symmetries": len(puzzle.symmetries()),
                "tilings": tilings,
                "distinct": distinct,
                "cpu_seconds": round(seconds, 1),
            }
        )
        print(f"{name}: {tilings} tilings, {distinct} up to symmetry ({seconds:.1f} s)", file=sys.stderr)
    with OUT.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


if __name__ == "__main__":
    main()
