"""The one contract both game engines keep, and the small rules they share.

Players, simulations, studies and widgets never look inside a game: they only
use what :class:`Game` names, so any player plugs into any game (as in
OpenSpiel's game/state split), and one conformance suite tests both engines.

Shared by both engines, so that a name means one thing:

* **seeds**: keyword-only, a whole number ``>= 0`` (``random.Random`` deals the
  same game for ``k`` and ``-k``, so negative seeds are refused); ``None``
  draws a fresh 63-bit seed (:func:`fresh_seed`) that the game keeps in ``seed``;
* **numbers**: Python ints and numpy integers are accepted for seeds, cells and
  rotations (a click handler hands out numpy integers) and stored as ints;
  ``True``/``False`` are refused;
* **actions**: immutable value objects (:class:`ActionValue`) equal only to an
  action of the same type and fields, with a text notation that ``str`` writes
  and the game's ``parse_action`` reads back;
* **records**: JSON objects headed ``{"game": <name>, "version": 1, ...}``,
  written by ``to_json(indent=None)`` and replayed by ``from_json`` (the class
  it is called on is the class returned); a record that cannot be replayed
  raises :class:`~xochintlan_hex.errors.RecordError`.

>>> checked_seed(7)
7
>>> checked_seed(-7)
Traceback (most recent call last):
...
ValueError: seed must be a whole number >= 0 or None, not -7 (seeds k and -k would deal the same game)
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterable, Sequence
from numbers import Integral
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from xochintlan_hex.errors import IllegalAction, RecordError
from xochintlan_hex.i18n import _

#: records nested deeper than this are refused before parsing (a real record nests 4 levels)
MAX_RECORD_NESTING = 32
#: digits allowed in a number of an action's notation (cells of a game stay far below)
MAX_NOTATION_DIGITS = 12

A = TypeVar("A", bound="ActionValue")


@runtime_checkable
class Game(Protocol):
    """What a game state offers to the layers above the rules.

    Both :class:`~xochintlan_hex.xochintlan.Xochintlan` and
    :class:`~xochintlan_hex.hextremadura.Hextremadura` keep it; the suite in
    ``tests/test_game_contract.py`` checks that they do.
    """

    @property
    def seed(self) -> int | None:
        """The seed that dealt the game (None only for a pile given in full)."""

    @property
    def is_over(self) -> bool:
        """True once no more actions can be played."""

    @property
    def current_player(self) -> int:
        """Index of the player to act (0 in a solo game)."""

    @property
    def history(self) -> list[Any]:
        """The actions played so far, in order (a copy)."""

    def legal_actions(self) -> Sequence[Any]:
        """Every action the rules allow now (empty once the game is over)."""

    def is_legal(self, action: Any) -> bool:
        """True when ``action`` (or its notation) may be played now; never raises."""

    def why_illegal(self, action: Any) -> str | None:
        """Why ``action`` (or its notation) is refused now, or None; never raises."""

    def random_action(self, rng: random.Random) -> Any:
        """A uniformly random legal action, drawn from ``rng``."""

    def play(self, action: Any) -> None:
        """Play ``action`` (or its text notation); IllegalAction leaves the state unchanged."""

    def undo(self) -> Any:
        """Take back the last action and return it."""

    def clone(self) -> Any:
        """An independent copy: playing or undoing on it leaves this game untouched."""

    def outcome(self) -> dict[str, Any]:
        """A summary of the finished (or current) game as plain values for a study row."""

    def to_json(self, indent: int | None = None) -> str:
        """The game as a JSON record that ``from_json`` replays."""

    @classmethod
    def from_json(cls, text: Any, check_result: bool = True) -> Any:
        """A game of this class replayed from a record; RecordError when it cannot be."""


def is_whole(value: Any) -> bool:
    """True for an int or a numpy integer, False for bools and everything else."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def fresh_seed() -> int:
    """A new 63-bit seed for a game created without one."""
    return secrets.randbits(63)


def checked_seed(seed: Any) -> int:
    """``seed`` as an int (a fresh one for None); ValueError for anything else."""
    if seed is None:
        return fresh_seed()
    if not is_whole(seed) or seed < 0:
        raise ValueError(
            f"seed must be a whole number >= 0 or None, not {seed!r} (seeds k and -k would deal the same game)"
        )
    return int(seed)


def notation_int(digits: str, what: str = "number") -> int:
    """The int written ``digits`` in an action's notation, or IllegalAction when it is absurdly long."""
    if len(digits.lstrip("+-")) > MAX_NOTATION_DIGITS:
        raise IllegalAction(
            _("{what} {digits}... has {count} digits; at most {limit} are read").format(
                what=what, digits=digits[:16], count=len(digits), limit=MAX_NOTATION_DIGITS
            )
        )
    return int(digits)


class ActionValue:
    """An immutable action: equal only to an action of the same type with the same fields.

    Subclasses name their fields in ``__slots__``; ``str`` gives the notation. A
    subclass of an action (with ``__slots__ = ()``) keeps its parent's fields.
    """

    __slots__: ClassVar[tuple[str, ...]] = ()
    _field_names: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__slots__", ())
        if own:
            cls._field_names = tuple(own)
        # engines build many actions (every legal placement): one specialised constructor per class
        setattr(cls, "_trusted", staticmethod(_trusted_constructor(cls)))  # noqa: B010 (mypy: no assigning to a method)

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._field_names)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self).__name__,) + self._fields())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(repr(v) for v in self._fields())})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._fields())

    @classmethod
    def _trusted(cls: type[A], *values: Any) -> A:
        """An action built by an engine from checked values: no validation (replaced per class
        by :func:`_trusted_constructor`, which does the same faster)."""
        self = object.__new__(cls)
        for name, value in zip(cls._field_names, values):
            object.__setattr__(self, name, value)
        return self


def _trusted_constructor(cls: type[ActionValue]) -> Any:
    """``cls._trusted``: sets the slots through their descriptors, unrolled for 1, 2 and 4 fields."""
    new = object.__new__
    setters = [getattr(cls, name).__set__ for name in cls._field_names]
    if len(setters) == 1:
        (set_a,) = setters

        def make_1(a: Any) -> Any:
            action = new(cls)
            set_a(action, a)
            return action

        return make_1
    if len(setters) == 2:
        set_a, set_b = setters

        def make_2(a: Any, b: Any) -> Any:
            action = new(cls)
            set_a(action, a)
            set_b(action, b)
            return action

        return make_2
    if len(setters) == 4:
        set_a, set_b, set_c, set_d = setters

        def make_4(a: Any, b: Any, c: Any, d: Any) -> Any:
            action = new(cls)
            set_a(action, a)
            set_b(action, b)
            set_c(action, c)
            set_d(action, d)
            return action

        return make_4

    def make(*values: Any) -> Any:
        action = new(cls)
        for setter, value in zip(setters, values):
            setter(action, value)
        return action

    return make


def load_record(
    text: Any, game: str, version: int = 1, title: str = "", legacy_headers: Iterable[tuple[str, str]] = ()
) -> dict[str, Any]:
    """A record's JSON object, checked for its header; RecordError otherwise.

    ``text`` is JSON text or an already parsed dict. Nesting deeper than
    :data:`MAX_RECORD_NESTING` is refused before parsing. ``legacy_headers``
    lists older ``(key, value)`` headers still read; ``title`` is the game's
    name in messages.
    """
    if isinstance(text, (str, bytes, bytearray)):
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("utf-8", errors="replace")
        depth = json_nesting(text)
        if depth > MAX_RECORD_NESTING:
            raise RecordError(
                _("record: JSON nested {depth} levels deep; a record nests at most {limit}").format(
                    depth=depth, limit=MAX_RECORD_NESTING
                )
            )
        try:
            record = json.loads(text)
        except ValueError as error:
            raise RecordError(_("record: not a JSON text ({error})").format(error=error)) from None
    else:
        record = text
    if not isinstance(record, dict):
        raise RecordError(_("record: a record is a JSON object, not {type}").format(type=type(record).__name__))
    headers = [("game", game), *legacy_headers]
    if not any(record.get(key) == value for key, value in headers):
        raise RecordError(
            _('record: not a {title} record (expected {{"game": "{game}", "version": {version}, ...}})').format(
                title=title or game, game=game, version=version
            )
        )
    if record.get("version", version) != version:
        raise RecordError(
            _("record: version {value} is not supported (this kit reads version {version})").format(
                value=repr(record.get("version")), version=version
            )
        )
    return record


def json_nesting(text: str) -> int:
    """How deeply the arrays and objects of JSON ``text`` nest (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif char in "]}":
            depth -= 1
    return deepest
