"""Lesson 02, "Pattern enumeration": its exercises and the answers their checks must judge."""

from __future__ import annotations

from ..polyforms import count_polyforms, polyforms
from .checks import check_chiral_hexominoes, check_fixed_polyhexes, check_most_symmetric_pentahexes, check_tetris_kind
from .exercises import Exercise


def _chiral_hexominoes() -> int:
    return sum(form.is_chiral for form in polyforms(6))


def _fixed_polyhexes(cells: int = 7) -> list[int]:
    return [count_polyforms(n, "hex", "fixed") for n in range(1, cells + 1)]


def _most_symmetric_pentahexes() -> list[str]:
    forms = polyforms(5, "hex")
    largest = max(form.symmetry_order for form in forms)
    return [form.name for form in forms if form.symmetry_order == largest]


EXERCISES = [
    Exercise(
        lesson="02",
        number=1,
        level="easy",
        check=check_tetris_kind,
        right=["one-sided", "One-sided", "one sided", "unilatéraux", "Unilatéral"],
        wrong=["fixed", "free", "libres", 7],
        incomplete=["", "one"],
        giveaways=["one-sided tetromino", "Tetris", "tétrominos unilatéraux"],
    ),
    Exercise(
        lesson="02",
        number=2,
        level="medium",
        check=check_chiral_hexominoes,
        right=[_chiral_hexominoes, lambda: float(_chiral_hexominoes())],
        wrong=[lambda: _chiral_hexominoes() - 1, lambda: count_polyforms(6, kind="one-sided")],
        # the chiral pairs counted as one-sided shapes only halfway: a mirror image forgotten
        incomplete=[lambda: _chiral_hexominoes() // 2, "some"],
        giveaways=["25 chiral", "25 are chiral", "25 sont chiraux"],
    ),
    Exercise(
        lesson="02",
        number=3,
        level="medium",
        check=check_fixed_polyhexes,
        right=[_fixed_polyhexes, lambda: tuple(_fixed_polyhexes()), lambda: _fixed_polyhexes(8)],
        wrong=[lambda: [*_fixed_polyhexes()[:-1], _fixed_polyhexes()[-1] - 2], lambda: [1, 2, 6, 19, 63, 216, 760]],
        incomplete=[lambda: _fixed_polyhexes(6)],
        giveaways=["814, 3652", "814   3652", "3652"],
    ),
    Exercise(
        lesson="02",
        number=4,
        level="stretch",
        check=check_most_symmetric_pentahexes,
        right=[
            _most_symmetric_pentahexes,
            lambda: set(_most_symmetric_pentahexes()),
            lambda: [n.lower() for n in _most_symmetric_pentahexes()],
        ],
        wrong=[["H5-2", "H5-3"], lambda: [*_most_symmetric_pentahexes(), "H5-2"]],
        incomplete=[lambda: _most_symmetric_pentahexes()[:1]],
        giveaways=[" and ".join(_most_symmetric_pentahexes()), " et ".join(_most_symmetric_pentahexes())],
    ),
]
