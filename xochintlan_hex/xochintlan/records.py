"""Game records (JSON) and perft, the move-generation count.

A record holds what is needed to replay a game exactly: the seed (it orders
the deck that redraws draw from), the number of players, the rules, the hands
dealt at set-up, and the actions in notation::

    {"game": "xochintlan", "version": 1, "seed": 7, "players": 2,
     "rules": {...Rules fields...}, "cards": [["I"], ["X"]],
     "actions": ["L(1,0)", "H(2,0)", ...]}

A card is written by name, or as its list of cells when it is a turned copy of
a deck card rather than the deck card itself. A game started by
:meth:`~xochintlan_hex.xochintlan.game.Xochintlan.from_board` adds its starting
board and first player, ``"board": [[x, y, "H"], [x, y, "L"], ...]`` (the
Human first) and ``"current_player": 0``; records without them start from the
usual set-up.

``perft(game, depth)`` counts the sequences of ``depth`` actions that can be
played from a position, a finished game having none; it is the standard check
of a move generator (as in chess programs). From set-up with two players:

>>> from xochintlan_hex.xochintlan.game import Xochintlan
>>> from xochintlan_hex.xochintlan.rules import Rules
>>> [perft(Xochintlan(seed=0), d) for d in (1, 2)]
[12, 252]
>>> [perft(Xochintlan(seed=0, rules=Rules(lattice="hex")), d) for d in (1, 2)]
[18, 522]
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from xochintlan_hex.errors import IllegalAction
from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.xochintlan.rules import Rules, goal_cards

if TYPE_CHECKING:
    from xochintlan_hex.xochintlan.game import Xochintlan

RECORD_GAME = "xochintlan"
RECORD_VERSION = 1
_KEYS = ("game", "version", "seed", "players", "rules", "cards", "actions")


def _card_value(card: Polyform) -> str | list[list[int]]:
    if card in goal_cards(card.lattice):
        return card.name
    return [list(cell) for cell in card.cells]


def _card_from_value(value: Any, lattice: str) -> Any:
    if isinstance(value, list):
        return Polyform([tuple(cell) for cell in value], lattice)
    return value  # a name: the game checks it


def record_of(game: "Xochintlan") -> dict[str, Any]:
    """The record of ``game`` as plain values (what ``to_json`` writes)."""
    record: dict[str, Any] = {
        "game": RECORD_GAME,
        "version": RECORD_VERSION,
        "seed": game.seed,
        "players": game.n_players,
        "rules": game.rules.to_dict(),
        "cards": [[_card_value(card) for card in hand] for hand in game.dealt_cards],
        "actions": [str(action) for action in game.history],
    }
    if game._start is not None:
        record["board"] = [[x, y, kind] for (x, y), kind in game._start]
        record["current_player"] = game._first_player
    return record


def game_from_record(cls: type, text: str | dict[str, Any]) -> "Xochintlan":
    """Replay a record (JSON text or its dict) into a new game of class ``cls``."""
    record = _parse(text)
    rules = Rules.from_dict(record["rules"])
    try:
        cards = [[_card_from_value(v, rules.lattice) for v in hand] for hand in record["cards"]]
    except TypeError:
        raise ValueError(f"record: cards must be a list of hands, not {record['cards']!r}") from None
    if record.get("board") is None:
        game = cls(players=record["players"], seed=record["seed"], rules=rules, cards=cards)
    else:
        board = _board_from_value(record["board"])
        first = record.get("current_player", 0)
        game = cls.from_board(board, record["players"], record["seed"], rules, cards, first)
    actions = record["actions"]
    if not isinstance(actions, list):
        raise ValueError(f"record: actions must be a list of notations, not {actions!r}")
    for i, action in enumerate(actions):
        try:
            game.play(action)
        except IllegalAction as refusal:
            raise ValueError(f"record: action {i} {action!r} cannot be replayed: {refusal}") from None
    return game


def _board_from_value(value: Any) -> dict:
    try:
        return {(x, y): kind for x, y, kind in value}
    except (TypeError, ValueError):
        raise ValueError(f"record: board must be a list of [x, y, letter] triples, not {value!r}") from None


def _parse(text: str | dict[str, Any]) -> dict[str, Any]:
    if isinstance(text, dict):
        record = text
    else:
        try:
            record = json.loads(text)
        except (TypeError, json.JSONDecodeError) as error:
            raise ValueError(f"record: not a JSON text ({error})") from None
    if not isinstance(record, dict) or record.get("game") != RECORD_GAME:
        raise ValueError(f'record: not a Xochintlan record (expected {{"game": "{RECORD_GAME}", ...}})')
    if record.get("version") != RECORD_VERSION:
        raise ValueError(f"record: version {record.get('version')!r} is not supported (this kit reads version {RECORD_VERSION})")
    missing = [key for key in _KEYS if key not in record]
    if missing:
        raise ValueError(f"record: missing field(s) {missing}")
    return record


def perft(game: "Xochintlan", depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``game`` (left unchanged).

    The last level is counted without being played, which is what makes deep
    counts affordable.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be an int >= 0, not {depth!r}")
    return _perft(game, depth)


def _perft(game: "Xochintlan", depth: int) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return game._count()
    if game._end is not None:
        return 0
    total = 0
    do, undo = game._do, game._undo_move
    for move in game._moves():
        do(move)
        total += _perft(game, depth - 1)
        undo()
    return total


def divide(game: "Xochintlan", depth: int) -> dict[str, int]:
    """perft split by first action (notation -> count): the tool for finding a disagreement."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be an int >= 1, not {depth!r}")
    result = {}
    for move in game._moves():
        action = game._action(move)
        game._do(move)
        result[str(action)] = _perft(game, depth - 1)
        game._undo_move()
    return result
