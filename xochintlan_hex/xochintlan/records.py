"""Game records (JSON): what is needed to replay a Xochintlan game exactly.

A record holds the seed (it orders the deck that redraws draw from), the number
of players, the rules, the hands dealt at set-up, the actions in notation, and
the result the game reached, which a replay checks::

    {"game": "xochintlan", "version": 1, "seed": 7, "players": 2,
     "rules": {...Rules fields...}, "cards": [["I"], ["X"]],
     "actions": ["L(1,0)", "H(2,0)", ...],
     "result": {"winner": 0, "winning_kind": "L", "end_reason": "win", "actions": 9}}

A card is written by name, or as its list of cells when it is a turned copy of
a deck card rather than the deck card itself. A game started by
:meth:`~xochintlan_hex.xochintlan.game.Xochintlan.from_board` adds its starting
board and first player, ``"board": [[x, y, "H"], [x, y, "L"], ...]`` (the
Human first) and ``"current_player": 0``; records without them start from the
usual set-up. Records written before results were stored (no ``"result"``)
still replay, unchecked.

Anything that would replay into another game than the one recorded is refused
with :class:`~xochintlan_hex.errors.RecordError`: a malformed field, a board
cell given twice, hands that are not lists of cards, an action the rules
refuse, or a replay that ends with another result.

This module only reads and writes plain values; the game
(:meth:`Xochintlan.to_json <xochintlan_hex.xochintlan.game.Xochintlan.to_json>`,
:meth:`~xochintlan_hex.xochintlan.game.Xochintlan.from_json`) uses it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from xochintlan_hex.errors import RecordError
from xochintlan_hex.game import is_whole, load_record
from xochintlan_hex.i18n import _
from xochintlan_hex.lattice import Cell
from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.xochintlan.rules import Rules, goal_cards

RECORD_GAME = "xochintlan"
RECORD_VERSION = 1
_KEYS = ("game", "version", "seed", "players", "rules", "cards", "actions")
#: the fields of ``outcome()`` a record stores as its result, under the record's names
RESULT_FIELDS = {"winner": "winner", "winning_kind": "winning_kind", "end_reason": "end_reason", "actions": "turns"}


class ReplayedGame(Protocol):
    """What a record's actions are replayed on: a game that plays an action from its notation."""

    def play(self, action: str, /) -> None: ...


class RecordedGame(Protocol):
    """The public surface of a game that a record is written from."""

    seed: int
    n_players: int
    rules: Rules

    @property
    def dealt_cards(self) -> list[list[Polyform]]: ...
    @property
    def history(self) -> list[Any]: ...
    @property
    def starting_board(self) -> tuple[tuple[Cell, str], ...] | None: ...
    @property
    def first_player(self) -> int: ...
    def outcome(self) -> dict[str, Any]: ...


class SetUp(NamedTuple):
    """A record read and checked: everything needed to set the game up and replay it."""

    players: int
    seed: int
    rules: Rules
    cards: list[list[Any]]
    board: dict[Cell, str] | None
    first_player: int
    actions: list[str]
    result: dict[str, Any] | None


def _card_value(card: Polyform) -> str | list[list[int]]:
    if card in goal_cards(card.lattice):
        return card.name
    return [list(cell) for cell in card.cells]


def record_of(game: RecordedGame) -> dict[str, Any]:
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
    if game.starting_board is not None:
        record["board"] = [[x, y, kind] for (x, y), kind in game.starting_board]
        record["current_player"] = game.first_player
    record["result"] = result_of(game.outcome())
    return record


def record_to_json(game: RecordedGame, indent: int | None = None) -> str:
    return json.dumps(record_of(game), indent=indent)


def result_of(outcome: dict[str, Any]) -> dict[str, Any]:
    """The part of an ``outcome()`` a record stores and a replay checks."""
    return {name: outcome[key] for name, key in RESULT_FIELDS.items()}


def read_record(text: Any) -> SetUp:
    """A record (JSON text or its dict) read and checked; RecordError names what is wrong."""
    record = load_record(text, RECORD_GAME, RECORD_VERSION, title="Xochintlan")
    missing = [key for key in _KEYS if key not in record]
    if missing:
        raise RecordError(_("record: missing field(s) {fields}").format(fields=missing))
    players, seed = record["players"], record["seed"]
    if not is_whole(players) or players < 1:
        raise RecordError(_("record: players must be a whole number >= 1, not {value}").format(value=repr(players)))
    if not is_whole(seed) or seed < 0:
        raise RecordError(_("record: seed must be a whole number >= 0, not {value}").format(value=repr(seed)))
    if not isinstance(record["rules"], dict):
        raise RecordError(
            _("record: rules must be an object of Rules fields, not {value}").format(value=repr(record["rules"]))
        )
    try:
        rules = Rules.from_dict(record["rules"])
    except (TypeError, ValueError) as error:
        raise RecordError(_("record: rules: {error}").format(error=error)) from None
    board = None if record.get("board") is None else _board(record["board"])
    first = record.get("current_player", 0)
    if not is_whole(first):
        raise RecordError(_("record: current_player must be a player index, not {value}").format(value=repr(first)))
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(_('record: actions must be a list of notations such as "L(1,0)"'))
    result = record.get("result")
    if result is not None and (not isinstance(result, dict) or set(result) != set(RESULT_FIELDS)):
        raise RecordError(
            _("record: result must be an object with exactly the keys {keys}").format(keys=sorted(RESULT_FIELDS))
        )
    cards = _hands(record["cards"], rules.lattice)
    return SetUp(int(players), int(seed), rules, cards, board, int(first), actions, result)


def _hands(value: Any, lattice: str) -> list[list[Any]]:
    """Each hand a list of cards (names, or cell lists for turned copies)."""
    shape = _('a list of hands, each a list of cards, e.g. [["I"], ["X"]]')
    if not isinstance(value, list) or not all(isinstance(hand, list) for hand in value):
        raise RecordError(_("record: cards must be {shape}, not {value}").format(shape=shape, value=repr(value)))
    return [[_card(card, lattice, shape) for card in hand] for hand in value]


def _card(value: Any, lattice: str, shape: str) -> Any:
    if isinstance(value, str):
        return value  # a name: the game checks it against the deck
    if isinstance(value, list) and all(
        isinstance(cell, list) and len(cell) == 2 and all(is_whole(v) for v in cell) for cell in value
    ):
        try:
            return Polyform([(int(x), int(y)) for x, y in value], lattice)
        except ValueError as error:
            raise RecordError(_("record: cards: {error}").format(error=error)) from None
    raise RecordError(
        _("record: a card is a name or a list of [x, y] cells, not {value}; cards must be {shape}").format(
            value=repr(value), shape=shape
        )
    )


def _board(value: Any) -> dict[Cell, str]:
    shape = _("a list of [x, y, letter] triples")
    if not isinstance(value, list):
        raise RecordError(_("record: board must be {shape}, not {value}").format(shape=shape, value=repr(value)))
    board: dict[Cell, str] = {}
    for item in value:
        if not (isinstance(item, list) and len(item) == 3 and is_whole(item[0]) and is_whole(item[1])):
            raise RecordError(
                _("record: board must be {shape}, not {value} in it").format(shape=shape, value=repr(item))
            )
        cell = (int(item[0]), int(item[1]))
        if cell in board:
            raise RecordError(
                _("record: board gives cell {cell} twice ({first} and {second}); each cell once").format(
                    cell=cell, first=repr(board[cell]), second=repr(item[2])
                )
            )
        board[cell] = item[2]
    return board


def check_result(setup: SetUp, outcome: dict[str, Any]) -> None:
    """RecordError when the replayed game's result differs from the recorded one."""
    if setup.result is None:
        return
    found = result_of(outcome)
    wrong = {key: (setup.result[key], found[key]) for key in RESULT_FIELDS if setup.result[key] != found[key]}
    if wrong:
        raise RecordError(
            _("record: the replayed game differs from the record (recorded, replayed): {wrong}").format(wrong=wrong)
        )


def replay_actions(game: ReplayedGame, actions: Sequence[str]) -> None:
    """Play the recorded actions on ``game``; RecordError names the first one refused."""
    for i, action in enumerate(actions):
        try:
            game.play(action)
        except ValueError as refusal:
            raise RecordError(
                _("record: action {number} {action} cannot be replayed: {refusal}").format(
                    number=i, action=repr(action), refusal=refusal
                )
            ) from None
