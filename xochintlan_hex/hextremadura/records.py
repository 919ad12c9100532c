"""Game records: save a Hextremadura game as JSON and replay it.

A record holds everything needed to play the game again, even after the shipped
tile set changes: the tile set itself, the pile order at set-up, the requirement
mode, the seed (for reference) and the actions in their text notation. The final
result is stored too, and checked when the record is replayed.

>>> from xochintlan_hex.hextremadura import Hextremadura
>>> game = Hextremadura(seed=3)
>>> game.play(game.legal_actions()[0])
>>> again = replay(game.to_json())
>>> again.history == game.history and again.map == game.map
True
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from .game import Hextremadura, parse_action

RECORD_FORMAT = "hextremadura-record"
RECORD_VERSION = 1


def record_of(game: Hextremadura) -> dict[str, Any]:
    """The game as a plain dict (the JSON record)."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "seed": game.seed,
        "requirement_mode": game.requirement_mode,
        "order": list(game.start_order),
        "actions": [str(a) for a in game.history],
        "result": {"score": game.score(), "round": game.round, "is_over": game.is_over},
        "tileset": game.tileset.to_dict(),
    }


def record_to_json(game: Hextremadura, indent: int | None = None) -> str:
    return json.dumps(record_of(game), indent=indent, ensure_ascii=False)


def replay(record: str | Mapping[str, Any], check_result: bool = True) -> Hextremadura:
    """Play a record's actions again from its set-up and return the game.

    ``record`` is the JSON text or the parsed dict. A malformed record raises
    ValueError; an action the rules refuse raises IllegalAction; with
    ``check_result`` a replay that ends with another score or round than the
    record says raises ValueError.
    """
    data = _parsed(record)
    game = Hextremadura(
        seed=data.get("seed"),
        tileset=data["tileset"],
        order=data["order"],
        requirement_mode=data.get("requirement_mode", "at_least"),
    )
    for number, text in enumerate(data["actions"], start=1):
        try:
            game.play(parse_action(text))
        except ValueError as error:
            raise type(error)(f"record action {number} ({text!r}): {error}") from None
    result = data.get("result")
    if check_result and isinstance(result, Mapping):
        found = {"score": game.score(), "round": game.round, "is_over": game.is_over}
        wrong = {k: (v, found[k]) for k, v in result.items() if k in found and found[k] != v}
        if wrong:
            raise ValueError(f"the replayed game differs from the record (recorded, replayed): {wrong}")
    return game


def _parsed(record: str | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except ValueError as error:
            raise ValueError(f"a record must be JSON: {error}") from None
    if not isinstance(record, Mapping):
        raise ValueError(f"a record must be a JSON object, not {type(record).__name__}")
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT or record.get("version", RECORD_VERSION) != RECORD_VERSION:
        raise ValueError(f"not a {RECORD_FORMAT} version {RECORD_VERSION} record")
    missing = [key for key in ("tileset", "order", "actions") if key not in record]
    if missing:
        raise ValueError(f"the record lacks {missing}")
    if not isinstance(record["actions"], list) or not all(isinstance(a, str) for a in record["actions"]):
        raise ValueError("the record's actions must be a list of action texts")
    return record
