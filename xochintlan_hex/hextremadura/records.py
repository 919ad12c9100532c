"""Game records: save a Hextremadura game as JSON and replay it.

A record holds everything needed to play the game again, even after the shipped
tile set changes: the tile set itself (embedded data, never the name of a file),
the pile order at set-up, the requirement mode, the seed (for reference) and
the actions in their text notation. The final result is stored too, and
checked when the record is replayed::

    {"game": "hextremadura", "version": 1, "seed": 3, "requirement_mode": "at_least",
     "order": ["T4", "R2", ...], "actions": ["T4@(0,0)r0f", ...],
     "result": {"score": 0, "round": 1, "is_over": false}, "tileset": {...}}

Records written before the common header (``"format": "hextremadura-record"``)
are still read. This module only reads and writes plain values; the game
(:meth:`Hextremadura.to_json <.game.Hextremadura.to_json>`,
:meth:`~.game.Hextremadura.from_json`, :func:`~.game.replay`) uses it. Anything
that cannot be replayed raises :class:`~xochintlan_hex.errors.RecordError`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from xochintlan_hex.errors import RecordError
from xochintlan_hex.game import is_whole, load_record
from xochintlan_hex.i18n import _

from .tiles import Tileset

RECORD_GAME = "hextremadura"
RECORD_VERSION = 1
#: the header of records written before both games shared ``"game"``
LEGACY_HEADER = ("format", "hextremadura-record")
RESULT_KEYS = ("score", "round", "is_over")


class RecordedGame(Protocol):
    """The public surface of a game that a record is written from."""

    seed: int | None
    requirement_mode: str
    start_order: tuple[str, ...]
    tileset: Tileset

    @property
    def history(self) -> Sequence[Any]: ...
    @property
    def round(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def score(self) -> int: ...


class SetUp(NamedTuple):
    """A record read and checked: everything needed to set the game up and replay it."""

    seed: int | None
    requirement_mode: str
    order: list[str]
    tileset: Mapping[str, Any]
    actions: list[str]
    result: Mapping[str, Any] | None


def result_of(game: RecordedGame) -> dict[str, Any]:
    """What a record stores of the game's result, and a replay checks."""
    return {"score": game.score(), "round": game.round, "is_over": game.is_over}


def record_of(game: RecordedGame) -> dict[str, Any]:
    """The game as a plain dict (the JSON record).

    >>> from xochintlan_hex.hextremadura import Hextremadura
    >>> record = record_of(Hextremadura(seed=3))
    >>> record["game"], record["order"][:2], record["result"]
    ('hextremadura', ['T9', 'T4'], {'score': 0, 'round': 1, 'is_over': False})
    """
    return {
        "game": RECORD_GAME,
        "version": RECORD_VERSION,
        "seed": game.seed,
        "requirement_mode": game.requirement_mode,
        "order": list(game.start_order),
        "actions": [str(a) for a in game.history],
        "result": result_of(game),
        "tileset": game.tileset.to_dict(),
    }


def record_to_json(game: RecordedGame, indent: int | None = None) -> str:
    return json.dumps(record_of(game), indent=indent, ensure_ascii=False)


def read_record(record: Any) -> SetUp:
    """A record (JSON text or its dict) read and checked; RecordError names what is wrong."""
    data = load_record(record, RECORD_GAME, RECORD_VERSION, title="Hextremadura", legacy_headers=[LEGACY_HEADER])
    missing = [key for key in ("tileset", "order", "actions") if key not in data]
    if missing:
        raise RecordError(_("record: missing field(s) {fields}").format(fields=missing))
    if not isinstance(data["tileset"], Mapping):
        raise RecordError(
            _(
                "record: tileset must be the tile set itself (a JSON object, as to_json writes it), "
                "not {type}; a record never names a file"
            ).format(type=type(data["tileset"]).__name__)
        )
    order = data["order"]
    if not isinstance(order, list) or not all(isinstance(t, str) for t in order):
        raise RecordError(_("record: order must be a list of tile ids"))
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(_('record: actions must be a list of action texts such as "T3@(1,-1)r2f"'))
    seed = data.get("seed")
    if seed is not None and (not is_whole(seed) or seed < 0):
        raise RecordError(_("record: seed must be a whole number >= 0 or null, not {value}").format(value=repr(seed)))
    mode = data.get("requirement_mode", "at_least")
    if not isinstance(mode, str):
        raise RecordError(_("record: requirement_mode must be a text, not {value}").format(value=repr(mode)))
    result = data.get("result")
    if result is not None and not isinstance(result, Mapping):
        raise RecordError(
            _("record: result must be an object with {keys}, not {value}").format(
                keys=list(RESULT_KEYS), value=repr(result)
            )
        )
    if result is not None and set(result) != set(RESULT_KEYS):
        # A misspelt key ({"Score": 999}) would otherwise be compared with nothing.
        raise RecordError(
            _("record: result must be an object with exactly the keys {keys}").format(keys=sorted(RESULT_KEYS))
        )
    return SetUp(seed, mode, order, data["tileset"], actions, result)


def check_result(setup: SetUp, found: Mapping[str, Any]) -> None:
    """RecordError when the replayed game's result differs from the recorded one."""
    if setup.result is None:
        return
    wrong = {k: (v, found[k]) for k, v in setup.result.items() if k in found and found[k] != v}
    if wrong:
        raise RecordError(
            _("record: the replayed game differs from the record (recorded, replayed): {wrong}").format(wrong=wrong)
        )
