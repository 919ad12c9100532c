"""Hextremadura as the pipeline sees it: its tile-set parameter, its study row and its hidden pile.

The pieces of :class:`~xochintlan_hex.game.GameSpec` that only the rules
decide; the players are attached where they live (:mod:`xochintlan_hex.games`).

Study rows (:func:`study_row`, columns :func:`study_columns`): ``game``,
``seed``, ``tileset``, ``player``, ``score``, ``max_score``, ``rating``,
``rounds``, ``turns``, ``explored``, ``tiles_on_map``, ``front_left``, then
``objectives_<type>``/``met_<type>`` and the three ``quest_<name>`` columns (see
:mod:`xochintlan_hex.balance.simulate`).

>>> study_columns()[:6]
['game', 'seed', 'tileset', 'player', 'score', 'max_score']
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from xochintlan_hex.game import Parameter, Row
from xochintlan_hex.hextremadura.game import Hextremadura
from xochintlan_hex.hextremadura.tiles import MAX_TILESET_BYTES, Tileset, load_tileset
from xochintlan_hex.i18n import _


def study_tileset(tileset: Any) -> Tileset:
    """The tile set a study plays: None (the kit's), a path to a JSON file, or a loaded set.

    A path must be a small regular file (not a device, a pipe or a huge file);
    a set with problems raises a ValueError listing them.
    """
    if isinstance(tileset, (str, os.PathLike)):
        _check_tileset_file(Path(tileset))
    try:
        return load_tileset(tileset)
    except (OSError, TypeError) as problem:
        raise ValueError(f"tileset: cannot load {tileset!r}: {problem}") from None


def _check_tileset_file(path: Path) -> None:
    try:
        info = path.stat()
    except OSError as error:
        raise ValueError(
            _("tileset: cannot read {path} ({error})").format(path=repr(str(path)), error=error.strerror)
        ) from None
    if not path.is_file():
        raise ValueError(_("tileset: {path} is not a regular file").format(path=repr(str(path))))
    if info.st_size > MAX_TILESET_BYTES:
        raise ValueError(
            _("tileset: {path} holds {size:,} bytes; a tile-set file is at most {limit:,}").format(
                path=repr(str(path)), size=info.st_size, limit=MAX_TILESET_BYTES
            )
        )


#: The parameter of a Hextremadura game: its tile set (the kit's by default).
PARAMETERS = (Parameter("tileset", "object", None, help="a tile-set JSON file", convert=study_tileset),)


def new_game(*, seed: int, seats: int = 1, tileset: Tileset | None = None) -> Hextremadura:
    """A solo game dealt from ``seed`` with ``tileset`` (the kit's by default)."""
    return Hextremadura(seed=seed, tileset=tileset)


def tileset_fingerprint(tileset: Tileset) -> dict[str, str]:
    """The set's name and a hash of its contents: a changed tile is a different study."""
    text = json.dumps(tileset.to_dict(), sort_keys=True, ensure_ascii=False)
    return {"name": tileset.name, "sha256": hashlib.sha256(text.encode()).hexdigest()}


def describe(player_names: Sequence[str], parameters: Mapping[str, Any]) -> dict[str, Any]:
    """A study's description: its player and its tile set's fingerprint."""
    return {"player": player_names[0], "tileset": tileset_fingerprint(parameters["tileset"])}


def fixed_cells(player_names: Sequence[str], played: Mapping[str, Any]) -> Row:
    """The cells every row of a study holds: the tile set's name and the player."""
    return {"tileset": played["tileset"].name, "player": player_names[0]}


def study_row(game: Hextremadura, index: int, seed_of_game: int, player_names: Sequence[str]) -> Row:
    """The study row of a finished game (see the module docstring for the columns)."""
    outcome = game.outcome()
    row: Row = {
        "game": index,
        "seed": seed_of_game,
        "tileset": game.tileset.name,
        "player": player_names[0],
        "score": outcome["score"],
        "max_score": outcome["max_score"],
        "rating": outcome["rating"],
        "rounds": outcome["rounds"],
        "turns": outcome["placements"],
        "explored": sum(len(taken) for taken in game.removals),
        "tiles_on_map": outcome["tiles_on_map"],
        "front_left": outcome["front_left"],
    }
    row.update({key: value for key, value in outcome.items() if key.startswith(("objectives_", "met_", "quest_"))})
    return row


@functools.cache
def _columns() -> tuple[str, ...]:
    return tuple(study_row(Hextremadura(seed=0), 0, 0, [""]))


def study_columns(seats: int = 1) -> list[str]:
    """The columns of a study, in order (one seat)."""
    return list(_columns())


def study_frame(rows: Sequence[Row], seats: int = 1) -> pd.DataFrame:
    """Study rows as a frame with the documented column order."""
    return pd.DataFrame(list(rows), columns=study_columns()).reset_index(drop=True)


def determinize(game: Hextremadura, viewer: int, rng: random.Random) -> Hextremadura:
    """A world the player cannot tell from ``game``: the hidden part of the pile shuffled again."""
    return game.sample_hidden(rng)


def solo_returns(game: Hextremadura) -> list[float]:
    """The share of the perfect score reached (a search player maximises it)."""
    return [game.score() / game.max_score if game.max_score else 0.0]
