"""Lesson 06, "Tilings and exact cover": its exercises and the answers their checks must judge."""

from __future__ import annotations

from math import factorial
from typing import Any

from ..puzzles import Puzzle
from .checks import (
    check_all_tilings,
    check_one_sided_tetromino_box,
    check_symmetric_tiling,
    check_tilings_with_copies,
    tilings_table,
)
from .exercises import Exercise


def _tilings(box: str) -> int:
    return int(tilings_table().loc[box, "tilings"])


def _families(box: str) -> int:
    return int(tilings_table().loc[box, "distinct"])


def _box_colours() -> tuple[int, int, int]:
    """(dark, light) squares of the 7 one-sided tetrominoes with the T on 3 dark, and the tilings of 4 x 7."""
    tilings = Puzzle("4x7", "one-sided-tetrominoes").count()
    return (15, 13, tilings)  # 6 balanced pieces (2 + 2 each) and the T (3 + 1), as the page's table shows


def _unchanged_by_others(box: str = "5x12") -> int:
    row = tilings_table().loc[box]
    return int(row["distinct"]) * int(row["symmetries"]) - int(row["tilings"])


def _counter_with_copies() -> Any:
    return lambda puzzle: puzzle.count()


def _counter_numbering_copies() -> Any:
    """Each copy its own bit: every tiling counted once per numbering of the identical copies."""
    return lambda puzzle: puzzle.count() * factorial(max(puzzle.pieces.copies))


def _counter_one_copy_each() -> Any:
    """The page's count_tilings unchanged: one bit per piece, so a piece is used once."""
    return lambda puzzle: 0 if max(puzzle.pieces.copies) > 1 else puzzle.count()


EXERCISES = [
    Exercise(
        lesson="06",
        number=1,
        level="easy",
        check=check_all_tilings,
        right=[lambda: _tilings("6x10"), lambda: float(_tilings("6x10"))],
        wrong=[lambda: _tilings("6x10") + 1, lambda: 2 * _tilings("6x10")],
        incomplete=[lambda: _families("6x10"), lambda: 2 * _families("6x10")],
        giveaways=["9356", "9 356", "9\u202f356"],
    ),
    Exercise(
        lesson="06",
        number=2,
        level="medium",
        check=check_one_sided_tetromino_box,
        right=[_box_colours, lambda: list(_box_colours())],
        wrong=[lambda: (14, 14, 0), lambda: (15, 13, 1)],
        incomplete=[lambda: _box_colours()[:2]],
        giveaways=["15 + 13", "13 + 15"],
    ),
    Exercise(
        lesson="06",
        number=3,
        level="stretch",
        check=check_tilings_with_copies,
        right=[_counter_with_copies],
        wrong=[_counter_numbering_copies, lambda: lambda puzzle: 1 / 0],
        incomplete=[_counter_one_copy_each, lambda: 2],
    ),
    Exercise(
        lesson="06",
        number=4,
        level="stretch",
        check=check_symmetric_tiling,
        right=[lambda: (_unchanged_by_others(), _unchanged_by_others() > 0), lambda: [_unchanged_by_others(), False]],
        wrong=[lambda: (_unchanged_by_others(), True), lambda: (_tilings("5x12"), False)],
        incomplete=[lambda: False, lambda: (_unchanged_by_others(),)],
        giveaways=["four times as many tilings as families", "no tiling is symmetric", "4040 / 4"],
    ),
]
