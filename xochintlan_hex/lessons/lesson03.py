"""Lesson 03's exercises (game statistics: seats, intervals and cards, between greedy players).

Each answer the checks must accept or refuse is computed here from the shipped
studies, never written as a number, so that a new study changes them all at once.
"""

from __future__ import annotations

import functools

import pandas as pd

from ..balance import stats
from ..balance.studies import read_results
from . import datasets_folder
from .checks import (
    bonferroni_z,
    check_bonferroni_z,
    check_games_needed,
    check_hex_favoured_player,
    games_for_half_width,
)
from .exercises import Exercise


@functools.cache
def study(name: str) -> pd.DataFrame:
    """A Xochintlan study of the kit's ``datasets/``, as the lesson loads it."""
    return read_results(datasets_folder() / f"xochintlan_{name}.csv")


def _favoured_on_hex() -> int:
    seats = stats.win_rate_by_seat(study("hex_lattice"))
    return int(seats.loc[seats["estimate"].idxmax(), "seat"]) + 1


def _two() -> pd.DataFrame:
    return study("greedy_selfplay_2p")


EXERCISES = [
    Exercise(
        lesson="03",
        number=1,
        level="easy",
        check=check_hex_favoured_player,
        right=[_favoured_on_hex],
        wrong=[lambda: 3 - _favoured_on_hex(), 0],
        incomplete=[None],
        context=lambda: (study("hex_lattice"),),
        giveaways=("-0.155", "−0.155"),
    ),
    Exercise(
        lesson="03",
        number=2,
        level="medium",
        check=check_games_needed,
        # the exact bounds, and those the page prints (3 decimals)
        right=[lambda: round(games_for_half_width(_two(), 0.01), -2), lambda: games_for_half_width(_two(), 0.01, 3)],
        # the half-width taken to shrink like 1/n
        wrong=[lambda: len(_two()) * (games_for_half_width(_two(), 0.01) / len(_two())) ** 0.5],
        # how many times more games, not how many games
        incomplete=[lambda: round(games_for_half_width(_two(), 0.01) / len(_two()), 1)],
        context=lambda: (_two(),),
    ),
    Exercise(
        lesson="03",
        number=3,
        level="stretch",
        check=check_bonferroni_z,
        right=[lambda: round(bonferroni_z(18), 2), lambda: round(bonferroni_z(18), 1)],
        wrong=[lambda: round(bonferroni_z(12), 2), lambda: round(bonferroni_z(1), 2)],
        # each comparison's risk, not yet its z
        incomplete=[lambda: round(0.05 / 18, 4)],
        giveaways=("2.99", "2,99"),
    ),
]
