"""The kit's own games, registered: each game's spec with its players attached.

A game's rules decide most of its :class:`~xochintlan_hex.game.GameSpec` (in
``xochintlan/spec.py`` and ``hextremadura/spec.py``); its players live a layer
above the rules, so the two meet here. :func:`~xochintlan_hex.game.game_spec`
imports this module the first time a game is asked for by name.

>>> from xochintlan_hex.game import game_spec
>>> sorted(game_spec("xochintlan").players)[:3]
['greedy', 'ismcts', 'ismcts-250']
"""

from __future__ import annotations

from xochintlan_hex.game import GameSpec, register_game
from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.hextremadura import spec as hextremadura_spec
from xochintlan_hex.players import GAME_SECONDS, PLAYERS
from xochintlan_hex.xochintlan import Xochintlan
from xochintlan_hex.xochintlan import spec as xochintlan_spec

XOCHINTLAN: GameSpec[Xochintlan] = register_game(
    GameSpec(
        name="xochintlan",
        title="Xochintlan",
        new_game=xochintlan_spec.new_game,
        row=xochintlan_spec.study_row,
        columns=xochintlan_spec.study_columns,
        players=PLAYERS["xochintlan"],
        report_metrics="seats",
        seats=(2, xochintlan_spec.MAX_SEATS),
        parameters=xochintlan_spec.PARAMETERS,
        to_frame=xochintlan_spec.study_frame,
        hidden_information=True,
        determinize=xochintlan_spec.determinize,
        returns=xochintlan_spec.seat_returns,
        played_parameters=xochintlan_spec.played_parameters,
        describe=xochintlan_spec.describe,
        fixed=xochintlan_spec.fixed_cells,
        later_columns=xochintlan_spec.LATER_RULES_FIELDS,
        seconds_per_game=GAME_SECONDS["xochintlan"],
        max_turns=xochintlan_spec.study_max_turns,
        study_problem=xochintlan_spec.study_problem,
    )
)

HEXTREMADURA: GameSpec[Hextremadura] = register_game(
    GameSpec(
        name="hextremadura",
        title="Hextremadura",
        new_game=hextremadura_spec.new_game,
        row=hextremadura_spec.study_row,
        columns=hextremadura_spec.study_columns,
        players=PLAYERS["hextremadura"],
        report_metrics="solo",
        seats=(1, 1),
        parameters=hextremadura_spec.PARAMETERS,
        to_frame=hextremadura_spec.study_frame,
        hidden_information=True,
        determinize=hextremadura_spec.determinize,
        returns=hextremadura_spec.solo_returns,
        describe=hextremadura_spec.describe,
        fixed=hextremadura_spec.fixed_cells,
        seconds_per_game=GAME_SECONDS["hextremadura"],
    )
)

__all__ = ["HEXTREMADURA", "XOCHINTLAN"]
