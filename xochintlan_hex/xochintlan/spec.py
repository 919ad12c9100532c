"""Xochintlan as the pipeline sees it: its parameters, its study row and its hidden cards.

The pieces of :class:`~xochintlan_hex.game.GameSpec` that only the rules
decide; the players are attached where they live (:mod:`xochintlan_hex.games`).

Parameters
    one per field of :class:`~xochintlan_hex.xochintlan.Rules`, with its
    allowed values and default (``lattice``, ``tiles_per_kind``, ...).

Study rows (:func:`study_row`, columns :func:`study_columns`)
    ``game``, ``seed``; one column per rules field; ``n_players``;
    ``player_<seat>``; ``cards_<seat>`` (the cards each seat held at the end,
    names joined by ``"+"``); ``winner``, ``winner_player``, ``winning_kind``,
    ``winning_card``, ``turns``, ``end_reason`` (see :mod:`xochintlan_hex.balance.simulate`).

>>> study_columns(2)[-8:]
['cards_0', 'cards_1', 'winner', 'winner_player', 'winning_kind', 'winning_card', 'turns', 'end_reason']
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.game import Parameter, Row
from xochintlan_hex.i18n import _
from xochintlan_hex.xochintlan.game import Xochintlan
from xochintlan_hex.xochintlan.rules import (
    CARD_SIZE,
    ENDGAMES,
    LATTICE_NAMES,
    LOCKS,
    MATCHES,
    MAX_QUIET_ROUNDS,
    MAX_TILES_PER_KIND,
    MAX_TURNS,
    WIN_CHECKS,
    Rules,
)

#: Joins the names of the cards one seat held in a study row ("L'+X").
CARD_SEPARATOR = "+"

#: The turn cap of a study whose rules set none: weak players can wander for long.
STUDY_MAX_TURNS = 200

#: Most seats: one card each from the larger (hex) deck.
MAX_SEATS = 33

_DEFAULT = Rules()

#: The parameters of a Xochintlan game: the fields of ``Rules``.
PARAMETERS = (
    Parameter("lattice", "str", _DEFAULT.lattice, choices=LATTICE_NAMES),
    Parameter("tiles_per_kind", "int", _DEFAULT.tiles_per_kind, minimum=1, maximum=MAX_TILES_PER_KIND),
    Parameter("cards_per_player", "int", _DEFAULT.cards_per_player, minimum=1),
    Parameter("match", "str", _DEFAULT.match, choices=MATCHES),
    Parameter("win_check", "str", _DEFAULT.win_check, choices=WIN_CHECKS),
    Parameter("endgame", "str", _DEFAULT.endgame, choices=ENDGAMES),
    Parameter("allow_redraw", "bool", _DEFAULT.allow_redraw),
    Parameter("open_cards", "bool", _DEFAULT.open_cards),
    Parameter("keep_connected", "bool", _DEFAULT.keep_connected),
    Parameter("cut_off_switch", "bool", _DEFAULT.cut_off_switch),
    Parameter("lock", "str", _DEFAULT.lock, choices=LOCKS),
    Parameter("quiet_rounds", "int", _DEFAULT.quiet_rounds, minimum=0, maximum=MAX_QUIET_ROUNDS),
    Parameter("max_turns", "int", _DEFAULT.max_turns, minimum=1, maximum=MAX_TURNS, nullable=True),
)

#: Rules fields added after the first studies were written, with the value every
#: older study played by (a new variant always defaults to the rule book).
LATER_RULES_FIELDS = {"quiet_rounds": _DEFAULT.quiet_rounds}


def rules_of(parameters: Mapping[str, Any]) -> Rules:
    """The rules these (checked) parameters name (made once per set of values: a study
    deals thousands of games with the same rules, and ``Rules`` are immutable)."""
    return _rules(tuple(parameters.items()))


@functools.lru_cache(maxsize=64)
def _rules(items: tuple[tuple[str, Any], ...]) -> Rules:
    return Rules(**dict(items))


def new_game(*, seed: int, seats: int = 2, **parameters: Any) -> Xochintlan:
    """A game for ``seats`` players dealt from ``seed``, with the rules the parameters name."""
    return Xochintlan(players=seats, seed=seed, rules=rules_of(parameters))


def played_parameters(parameters: Mapping[str, Any]) -> dict[str, Any]:
    """The rules a study plays: with the study's turn cap when they set none."""
    played = dict(parameters)
    if played.get("max_turns") is None:
        played["max_turns"] = STUDY_MAX_TURNS
    return played


def study_max_turns(played: Mapping[str, Any]) -> int:
    """Most turns a game of the study can take (its cap)."""
    return int(played.get("max_turns") or STUDY_MAX_TURNS)


def study_problem(parameters: Mapping[str, Any]) -> str | None:
    """Why a study of these rules would measure nothing, or None.

    A card stands with the Human and four animals of one kind, so with fewer than
    four animals of each kind nobody can win: every game is a tie, and with the
    swap endgame (which never ties) every game plays on to the turn cap.
    """
    needed = CARD_SIZE - 1
    tiles = parameters.get("tiles_per_kind", _DEFAULT.tiles_per_kind)
    if tiles >= needed:
        return None
    ending = (
        _("every game would swap animals until the turn cap")
        if parameters.get("endgame") == "swap"
        else _("every game would be a tie")
    )
    return _(
        "no card can be won with tiles_per_kind={tiles}: a card needs the Human and "
        "{needed} animals of one kind, so {ending}; use tiles_per_kind >= {needed}"
    ).format(tiles=tiles, needed=needed, ending=ending)


def describe(player_names: Sequence[str], parameters: Mapping[str, Any]) -> dict[str, Any]:
    """A study's description: its players and its rules as given."""
    return {"players": list(player_names), "rules": dict(parameters)}


def fixed_cells(player_names: Sequence[str], played: Mapping[str, Any]) -> Row:
    """The cells every row of a study holds: its rules as played, its seats and players."""
    return {
        **played,
        "n_players": len(player_names),
        **{f"player_{seat}": name for seat, name in enumerate(player_names)},
    }


def study_row(game: Xochintlan, index: int, seed_of_game: int, player_names: Sequence[str]) -> Row:
    """The study row of a finished game (see the module docstring for the columns)."""
    row: Row = {"game": index, "seed": seed_of_game}
    row.update(dataclasses.asdict(game.rules))
    row["n_players"] = game.n_players
    for seat, name in enumerate(player_names):
        row[f"player_{seat}"] = name
    for seat, cards in enumerate(game.cards):
        row[f"cards_{seat}"] = CARD_SEPARATOR.join(card.name for card in cards)
    winner = game.winner
    row["winner"] = winner
    row["winner_player"] = None if winner is None else player_names[winner]
    row["winning_kind"] = game.winning_kind
    row["winning_card"] = None if game.winning_card is None else game.winning_card.name
    row["turns"] = game.turn
    row["end_reason"] = game.end_reason
    return row


def study_columns(seats: int) -> list[str]:
    """The columns of a study with ``seats`` players, in order."""
    return (
        ["game", "seed"]
        + [f.name for f in dataclasses.fields(Rules)]
        + ["n_players"]
        + [f"player_{seat}" for seat in range(seats)]
        + [f"cards_{seat}" for seat in range(seats)]
        + ["winner", "winner_player", "winning_kind", "winning_card", "turns", "end_reason"]
    )


def study_frame(rows: Sequence[Row], seats: int | None = None) -> pd.DataFrame:
    """Study rows as a frame with the documented column order and types.

    ``seats`` fixes the columns of a frame without rows (a study of 0 games).
    """
    rows = list(rows)
    n = seats if seats is not None else max((r["n_players"] for r in rows), default=0)
    frame = pd.DataFrame(rows, columns=study_columns(n))
    frame["winner"] = frame["winner"].astype("Int64")
    if rows:
        frame["max_turns"] = frame["max_turns"].astype("int64")
    for column in ("winner_player", "winning_kind", "winning_card"):
        frame[column] = names_or_missing(frame[column])
    return frame.reset_index(drop=True)


def names_or_missing(column: pd.Series) -> pd.Series:
    """Names as plain Python strings, and missing (NaN) where nobody won, on any pandas.

    (``astype(str)`` would turn a missing value into the text "None" or "nan" on
    pandas 2, and a file written from such a frame would keep that text.)
    """
    values = column.to_numpy(dtype=object, copy=True)
    values[pd.isna(values)] = np.nan  # as pandas shows a missing text, whatever the version
    return pd.Series(values, index=column.index, dtype=object)


def determinize(game: Xochintlan, viewer: int, rng: random.Random) -> Xochintlan:
    """A world ``viewer`` cannot tell from ``game``: the cards it cannot see dealt again."""
    return game.sample_hidden(viewer, rng)


def seat_returns(game: Xochintlan) -> list[float]:
    """Each seat's share of a finished game: 1 to the winner, ``1 / players`` each when nobody won."""
    winner = game.winner
    if winner is None:
        return [1.0 / game.n_players] * game.n_players
    return [1.0 if seat == winner else 0.0 for seat in range(game.n_players)]


def plain(value: Any) -> Any:
    """A frame cell as a plain Python value (NaN -> None, numpy ints -> int)."""
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA:
        return None
    return value.item() if isinstance(value, np.generic) else value
