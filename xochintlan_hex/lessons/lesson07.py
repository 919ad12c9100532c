"""Lesson 07's exercises (is it the game or the players? strong players, the ladder, rule fixes).

Each answer the checks must accept or refuse is computed here from the shipped
studies, never written as a number.
"""

from __future__ import annotations

import functools

import pandas as pd

from ..balance import stats
from ..balance.tournament import bradley_terry
from .checks import (
    check_edge_difference,
    check_elo_win_chance,
    check_strong_game_length,
    edge_difference,
    elo_win_chance,
)
from .exercises import Exercise
from .lesson03 import study

#: the duels of the ladder, both seat orders of each pair
LADDER_STUDIES = (
    "greedy_vs_random", "random_vs_greedy", "search_vs_greedy", "greedy_vs_search",
    "ismcts250_vs_greedy", "greedy_vs_ismcts250", "ismcts250_vs_search", "search_vs_ismcts250",
    "ismcts_vs_greedy", "greedy_vs_ismcts", "ismcts_vs_search", "search_vs_ismcts",
    "ismcts_vs_ismcts250", "ismcts250_vs_ismcts",
)  # fmt: skip


@functools.cache
def ladder() -> pd.DataFrame:
    """The lesson's rating ladder: Bradley–Terry over every duel, random at 0."""
    duels = pd.concat([study(name) for name in LADDER_STUDIES], ignore_index=True)
    return bradley_terry(duels, reference="random")


def strong() -> pd.DataFrame:
    """The ismcts-250 self-play studies (two and three players), as the lesson loads them."""
    return pd.concat([study(f"ismcts_selfplay_{n}p") for n in (2, 3)], ignore_index=True)


def _length(frame: pd.DataFrame, digits: int | None = None) -> tuple[float, ...]:
    row = stats.duration(frame[frame["n_players"] == 2]).iloc[0]
    values = (float(row[column]) for column in ("estimate", "low", "high"))
    return tuple(round(value, digits) if digits is not None else value for value in values)


def _search_over_greedy(digits: int = 2) -> float:
    elo = ladder().set_index("player")["elo"]
    return round(elo_win_chance(float(elo["search"] - elo["greedy"])), digits)


def _quiet() -> tuple[pd.DataFrame, pd.DataFrame]:
    return study("greedy_selfplay_2p_quiet2"), study("greedy_selfplay_2p")


def _naive_quiet_difference() -> tuple[float, float, float]:
    a, b = (stats.first_player_advantage(frame).iloc[0] for frame in _quiet())
    return (float(a["estimate"] - b["estimate"]), float(a["low"] - b["low"]), float(a["high"] - b["high"]))


EXERCISES = [
    Exercise(
        lesson="07",
        number=1,
        level="easy",
        check=check_strong_game_length,
        right=[lambda: _length(strong(), 0), lambda: _length(strong(), 1), lambda: _length(strong())],
        wrong=[lambda: _length(study("greedy_selfplay_2p"), 1)],
        incomplete=[lambda: _length(strong(), 1)[0]],
        context=lambda: (strong(),),
        # the mean of the rule book's ismcts-250 games, to the nearest action, in either language
        giveaways=("77 actions", "76.940", "76,940", "76.94 ", "76,94 "),
    ),
    Exercise(
        lesson="07",
        number=2,
        level="medium",
        check=check_elo_win_chance,
        right=[_search_over_greedy, lambda: _search_over_greedy(3)],
        wrong=[lambda: round(1 - _search_over_greedy(3), 3)],
        # the gap in Elo points, not yet a chance
        incomplete=[
            lambda: round(float(ladder().set_index("player")["elo"].pipe(lambda e: e["search"] - e["greedy"])))
        ],
        context=lambda: (ladder(), "search", "greedy"),
    ),
    Exercise(
        lesson="07",
        number=3,
        level="stretch",
        check=check_edge_difference,
        right=[
            lambda: tuple(round(v, 3) for v in edge_difference(*_quiet())),
            lambda: tuple(edge_difference(*_quiet())),
        ],
        wrong=[_naive_quiet_difference],
        incomplete=[lambda: round(edge_difference(*_quiet())[0], 3)],
        context=_quiet,
    ),
]
