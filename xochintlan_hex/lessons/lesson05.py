"""Lesson 05's exercises (Hextremadura: placements, a tile-set experiment, paired comparisons).

Each answer the checks must accept or refuse is computed here with the engine or
from the shipped studies, never written as a number.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

import numpy as np
import pandas as pd

from ..balance.studies import read_results
from ..hextremadura import Hextremadura, load_tileset
from . import datasets_folder
from .checks import (
    check_old_objective_loss,
    check_second_turn_placements,
    check_smaller_requirements,
    check_unpaired_width,
)
from .exercises import Exercise


@functools.cache
def _studies() -> tuple[pd.DataFrame, pd.DataFrame]:
    folder = datasets_folder()
    return (
        read_results(folder / "hextremadura_greedy_seed9_kit.csv"),
        read_results(folder / "hextremadura_greedy_seed9_easier_T1.csv"),
    )


def _second_turn() -> int:
    game = Hextremadura(seed=3)
    game.play("T4@(0,0)r2f")
    return len(game.legal_actions())


def _smaller(sizes: set[str]) -> dict[str, Any]:
    data = copy.deepcopy(load_tileset().to_dict())
    for tile in data["tiles"]:
        if tile["id"] in sizes:
            for requirement in tile["front"].get("requirements", []):
                if requirement["size"] == 8:
                    requirement["size"] = 5
    return data


def _eight_sector_tiles() -> set[str]:
    return {t.id for t in load_tileset() if any(r.size == 8 for r in t.front.requirements)}


def _loss(digits: int | None = None) -> float:
    kit, easier = _studies()
    before, after = kit["met_all_symbols"].mean(), easier["met_all_symbols"].mean()
    if digits is not None:  # read off the page's table, each mean at its printed rounding
        return round(round(before, digits) - round(after, digits), digits)
    return float(before - after)


def _unpaired_width(z: float = 1.96) -> float:
    kit, easier = (frame["score"] for frame in _studies())
    return float(2 * z * np.sqrt(kit.var() / len(kit) + easier.var() / len(easier)))


EXERCISES = [
    Exercise(
        lesson="05",
        number=1,
        level="easy",
        check=check_second_turn_placements,
        right=[_second_turn],
        wrong=[lambda: _second_turn() // 2],  # one tile only
        incomplete=[None],
    ),
    Exercise(
        lesson="05",
        number=2,
        level="medium",
        check=check_smaller_requirements,
        right=[lambda: _smaller(_eight_sector_tiles())],
        wrong=[lambda: load_tileset().to_dict()],
        incomplete=[lambda: _smaller(set(sorted(_eight_sector_tiles())[:1]))],
    ),
    Exercise(
        lesson="05",
        number=3,
        level="medium",
        check=check_old_objective_loss,
        right=[lambda: _loss(2), lambda: round(_loss(), 2), lambda: round(_loss(), 1), _loss],
        # 0.13 is no reading of the page: neither the loss at its rounding (0.12) nor the table's 0.46 - 0.35
        wrong=[lambda: -round(_loss(), 2), 0.13],
        incomplete=[lambda: round(_studies()[0]["met_all_symbols"].mean(), 2)],
        context=_studies,
        # the split table of section 6 once printed the measured loss above the exercise
        giveaways=("loss (all symbols)", "perte (tous les symboles)"),
    ),
    Exercise(
        lesson="05",
        number=4,
        level="stretch",
        check=lambda width, kit, easier: check_unpaired_width(width, kit["score"], easier["score"]),
        right=[lambda: round(_unpaired_width(), 2), _unpaired_width],
        wrong=[lambda: round(_unpaired_width() / 4, 2)],
        # the standard error alone, not yet the interval's width
        incomplete=[lambda: round(_unpaired_width() / (2 * 1.96), 3)],
        context=_studies,
    ),
]
