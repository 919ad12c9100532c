"""Lesson 04's exercises (objective probabilities: placements, random gardens, rare events).

Each answer the checks must accept or refuse is computed here with the engine or
the statistics, never written as a number.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..balance import stats
from ..hextremadura import load_tileset
from ..xochintlan import Rules, goal_cards
from ..xochintlan.patterns import card_placements
from .checks import (
    check_best_density,
    check_flipped_placements,
    check_games_for_upper_bound,
    check_hex_placements,
    check_rarest_icon,
)
from .exercises import Exercise


def _flipped(cards: list[str]) -> dict[str, int]:
    rules = Rules(match="rotation+reflection")
    return {name: len(card_placements(name, rules)) for name in cards}


def _gaining() -> list[str]:
    rules = Rules(match="rotation+reflection")
    return [c.name for c in goal_cards() if len(card_placements(c.name, rules)) > len(card_placements(c.name))]


def _best_density(rim: int) -> float:
    return 4 / (4 + rim)  # d/dp p**4 (1 - p)**rim = 0


def _hex_total() -> int:
    rules = Rules(lattice="hex")
    return sum(len(card_placements(card, rules)) for card in goal_cards("hex"))


def _games_for_one_percent() -> int:
    n = np.arange(1, 100_000)
    return int(n[np.argmax(stats.wilson_interval(0, n)[1] < 0.01)])


def _icon_supply() -> pd.Series:
    return pd.Series([i for spec in load_tileset() for i in spec.back.icons.values()]).value_counts()


EXERCISES = [
    Exercise(
        lesson="04",
        number=1,
        level="easy",
        check=check_flipped_placements,
        right=[lambda: _flipped(_gaining()), lambda: _flipped([c.name for c in goal_cards()])],
        wrong=[lambda: {name: 20 for name in _gaining()}],
        incomplete=[lambda: _flipped(["L"]), lambda: {**_flipped(["L"]), "X": 5}],
    ),
    Exercise(
        lesson="04",
        number=2,
        level="medium",
        check=lambda p: check_best_density("I", p),
        right=[lambda: round(_best_density(12), 2), lambda: _best_density(12)],
        wrong=[lambda: round(_best_density(8), 3)],
        incomplete=[None],
        # the slider's text once named its exact stops, the answers for I and X among a few
        giveaways=("1/4 and 1/3", "1/4 et 1/3"),
    ),
    Exercise(
        lesson="04",
        number=3,
        level="medium",
        check=check_hex_placements,
        right=[_hex_total],
        wrong=[lambda: _hex_total() + 15],
        # the fixed pentahexes, before the Human's five cells
        incomplete=[lambda: _hex_total() // 5],
        giveaways=("930",),
    ),
    Exercise(
        lesson="04",
        number=4,
        level="medium",
        check=check_games_for_upper_bound,
        right=[_games_for_one_percent, lambda: _games_for_one_percent() + 1],
        wrong=[lambda: 300],  # the rule of three, not Wilson's interval
        incomplete=[None],
    ),
    Exercise(
        lesson="04",
        number=5,
        level="stretch",
        check=check_rarest_icon,
        right=[lambda: _icon_supply().idxmin()],
        wrong=[lambda: _icon_supply().idxmax()],
        incomplete=[None],
        giveaways=("icons on the 15 backs", "icônes sur les 15 versos"),
    ),
]
