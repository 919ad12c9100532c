"""The five Xochintlan actions: small immutable values with a text notation.

=====================  ================  ==========================================
action                 notation          meaning
=====================  ================  ==========================================
``Place("L", (1, 2))``   ``L(1,2)``        put a Lizard from the reserve on (1, 2)
``MoveHuman((1, 2))``    ``H(1,2)``        move the Human to (1, 2)
``Switch((1, 2), "B")``  ``(1,2)=B``       replace the animal on (1, 2) by a Bird
``Swap((1, 2), (3, 4))`` ``(1,2)<>(3,4)``  exchange two animals (``endgame="swap"``)
``Redraw(0)``            ``R0``            reveal card 0 of your hand, draw another
=====================  ================  ==========================================

The notation parses back to the same value, and spaces are tolerated:

>>> a = parse_action(" (1, -2) = B ")
>>> a, str(a), parse_action(str(a)) == a
(Switch((1, -2), 'B'), '(1,-2)=B', True)
>>> Swap((3, 4), (1, 2))                 # the two cells are kept in sorted order
Swap((1, 2), (3, 4))
>>> parse_action("Q(1,2)")
Traceback (most recent call last):
...
xochintlan_hex.errors.IllegalAction: cannot parse 'Q(1,2)': write L(1,2), B(1,2) or M(1,2) to place, H(1,2) to move the Human, (1,2)=B to switch, (1,2)<>(3,4) to swap, R0 to redraw
"""

from __future__ import annotations

import re
from typing import Any, Union

from xochintlan_hex.errors import IllegalAction
from xochintlan_hex.game import ActionValue, is_whole, notation_int
from xochintlan_hex.lattice import Cell
from xochintlan_hex.xochintlan.rules import KIND_NAMES, KINDS


def _check_cell(cell: Any, argument: str = "cell") -> Cell:
    try:
        x, y = cell
    except (TypeError, ValueError):
        raise IllegalAction(f"{argument} must be an (x, y) pair of ints, not {cell!r}") from None
    if not (is_whole(x) and is_whole(y)):
        raise IllegalAction(f"{argument} must be an (x, y) pair of ints, not {cell!r}")
    return (int(x), int(y))


def _check_kind(kind: Any) -> str:
    if not isinstance(kind, str) or kind not in KINDS:
        raise IllegalAction(f"kind must be one of {', '.join(KINDS)} (an animal), not {kind!r}")
    return kind


def _cell_text(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


class Place(ActionValue):
    """Put an animal of ``kind`` from the reserve on the empty ``cell``.

    >>> str(Place("M", (0, -1)))
    'M(0,-1)'
    """

    __slots__ = ("kind", "cell")
    __match_args__ = ("kind", "cell")
    kind: str
    cell: Cell

    def __init__(self, kind: str, cell: Cell) -> None:
        object.__setattr__(self, "kind", _check_kind(kind))
        object.__setattr__(self, "cell", _check_cell(cell))

    def __str__(self) -> str:
        return f"{self.kind}{_cell_text(self.cell)}"

    def describe(self) -> str:
        """A sentence for people: ``'place a Lizard on (1, 0)'``."""
        return f"place a {KIND_NAMES[self.kind]} on {self.cell}"


class Switch(ActionValue):
    """Replace the animal on ``cell`` by one of ``kind`` from the reserve.

    >>> str(Switch((2, 0), "L"))
    '(2,0)=L'
    """

    __slots__ = ("cell", "kind")
    __match_args__ = ("cell", "kind")
    cell: Cell
    kind: str

    def __init__(self, cell: Cell, kind: str) -> None:
        object.__setattr__(self, "cell", _check_cell(cell))
        object.__setattr__(self, "kind", _check_kind(kind))

    def __str__(self) -> str:
        return f"{_cell_text(self.cell)}={self.kind}"

    def describe(self) -> str:
        return f"switch the animal on {self.cell} for a {KIND_NAMES[self.kind]}"


class MoveHuman(ActionValue):
    """Move the Human to the empty ``cell``.

    >>> str(MoveHuman((1, 1)))
    'H(1,1)'
    """

    __slots__ = ("cell",)
    __match_args__ = ("cell",)
    cell: Cell

    def __init__(self, cell: Cell) -> None:
        object.__setattr__(self, "cell", _check_cell(cell))

    def __str__(self) -> str:
        return f"H{_cell_text(self.cell)}"

    def describe(self) -> str:
        return f"move the Human to {self.cell}"


class Swap(ActionValue):
    """Exchange the animals on cells ``a`` and ``b`` (``endgame="swap"`` only).

    The two cells are stored in sorted order, so ``Swap(a, b) == Swap(b, a)``.

    >>> str(Swap((0, 1), (-1, 0)))
    '(-1,0)<>(0,1)'
    """

    __slots__ = ("a", "b")
    __match_args__ = ("a", "b")
    a: Cell
    b: Cell

    def __init__(self, a: Cell, b: Cell) -> None:
        a = _check_cell(a, "a")
        b = _check_cell(b, "b")
        if a == b:
            raise IllegalAction(f"a swap needs two different cells, got {a} twice")
        object.__setattr__(self, "a", min(a, b))
        object.__setattr__(self, "b", max(a, b))

    def __str__(self) -> str:
        return f"{_cell_text(self.a)}<>{_cell_text(self.b)}"

    def describe(self) -> str:
        return f"swap the animals on {self.a} and {self.b}"


class Redraw(ActionValue):
    """Reveal card ``index`` of your hand and draw a replacement (``allow_redraw``).

    >>> str(Redraw(0))
    'R0'
    """

    __slots__ = ("index",)
    __match_args__ = ("index",)
    index: int

    def __init__(self, index: int) -> None:
        if not is_whole(index) or index < 0:
            raise IllegalAction(f"index must be an int >= 0 (a position in your hand), not {index!r}")
        object.__setattr__(self, "index", int(index))

    def __str__(self) -> str:
        return f"R{self.index}"

    def describe(self) -> str:
        return f"reveal card {self.index} and draw a new one"


Action = Union[Place, Switch, MoveHuman, Swap, Redraw]
ACTION_TYPES = (Place, Switch, MoveHuman, Swap, Redraw)

_INT = r"\s*([+-]?\d+)\s*"
_CELL = r"\(" + _INT + "," + _INT + r"\)"
_PATTERNS = (
    (re.compile(r"\s*([LBMH])\s*" + _CELL + r"\s*", re.I), "animal"),
    (re.compile(r"\s*" + _CELL + r"\s*=\s*([LBM])\s*", re.I), "switch"),
    (re.compile(r"\s*" + _CELL + r"\s*<>\s*" + _CELL + r"\s*"), "swap"),
    (re.compile(r"\s*R\s*(\d+)\s*", re.I), "redraw"),
)

_HOW = (
    "write L(1,2), B(1,2) or M(1,2) to place, H(1,2) to move the Human, "
    "(1,2)=B to switch, (1,2)<>(3,4) to swap, R0 to redraw"
)


def parse_action(text: str) -> Action:
    """The action written ``text`` in the notation above (IllegalAction if unreadable).

    >>> parse_action("L(1,2)"), parse_action("h(0, -1)"), parse_action("R 1")
    (Place('L', (1, 2)), MoveHuman((0, -1)), Redraw(1))
    """
    if not isinstance(text, str):
        raise IllegalAction(f"cannot parse {text!r}: an action's notation is a str; {_HOW}")
    for pattern, shape in _PATTERNS:
        found = pattern.fullmatch(text)
        if found:
            return _build(shape, found.groups())
    raise IllegalAction(f"cannot parse {text!r}: {_HOW}")


def _build(shape: str, groups: tuple[str, ...]) -> Action:
    if shape == "animal":
        letter, x, y = groups
        cell = (notation_int(x, "x"), notation_int(y, "y"))
        letter = letter.upper()
        return MoveHuman(cell) if letter == "H" else Place(letter, cell)
    if shape == "switch":
        x, y, kind = groups
        return Switch((notation_int(x, "x"), notation_int(y, "y")), kind.upper())
    if shape == "swap":
        a = (notation_int(groups[0], "x"), notation_int(groups[1], "y"))
        b = (notation_int(groups[2], "x"), notation_int(groups[3], "y"))
        if a == b:
            raise IllegalAction(f"cannot parse '({groups[0]},{groups[1]})<>({groups[2]},{groups[3]})': a swap needs two different cells")
        return Swap(a, b)
    return Redraw(notation_int(groups[0], "card index"))


def as_action(action: object) -> Action:
    """``action`` itself, or the action its notation names; IllegalAction for anything else."""
    if isinstance(action, ACTION_TYPES):
        return action
    if isinstance(action, str):
        return parse_action(action)
    raise IllegalAction(
        f"not a Xochintlan action: {action!r}; use Place, Switch, MoveHuman, Swap, Redraw or their notation ({_HOW})"
    )
