"""The five Xochintlan actions: small immutable values with a text notation.

========================  ================  ==========================================
action                    notation          meaning
========================  ================  ==========================================
``Place("L", (1, 2))``    ``L(1,2)``        put a Lizard from the reserve on (1, 2)
``MoveHuman((1, 2))``     ``H(1,2)``        move the Human to (1, 2)
``Switch((1, 2), "B")``   ``(1,2)=B``       replace the animal on (1, 2) by a Bird
``Swap((1, 2), (3, 4))``  ``(1,2)<>(3,4)``  exchange two animals (``endgame="swap"``)
``Redraw(0)``             ``R0``            reveal card 0 of your hand, draw another
========================  ================  ==========================================

The notation parses back to the same value, and spaces are tolerated.
``str(action)`` is the language-neutral form that records store; in French,
:meth:`notation <Place.notation>` writes the Bird ``O`` (Oiseau) and the Monkey
``S`` (Singe), and the parser reads both alphabets in any language:

>>> Place("B", (1, 0)).notation("fr"), Switch((1, 0), "M").notation("fr")
('O(1,0)', '(1,0)=S')
>>> parse_action("O(1,0)") == Place("B", (1, 0)), parse_action("(1,0)=s")
(True, Switch((1, 0), 'M'))

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
from typing import Any

from xochintlan_hex.errors import IllegalAction
from xochintlan_hex.game import ActionValue, is_whole, notation_int
from xochintlan_hex.i18n import _
from xochintlan_hex.lattice import Cell
from xochintlan_hex.xochintlan.rules import KINDS, code_letters, kind_name, kind_of_letter, letter


def _check_cell(cell: Any, argument: str = "cell") -> Cell:
    try:
        x, y = cell
    except (TypeError, ValueError):
        x = y = None
    if not (is_whole(x) and is_whole(y)):
        raise IllegalAction(
            _("{argument} must be an (x, y) pair of ints, not {value}").format(argument=argument, value=repr(cell))
        )
    return (int(x), int(y))


def _check_kind(kind: Any) -> str:
    if not isinstance(kind, str) or kind not in KINDS:
        raise IllegalAction(
            _("kind must be one of {kinds}, not {value}").format(kinds=code_letters(KINDS), value=repr(kind))
        )
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
        return self.notation("en")

    def notation(self, language: str | None = None) -> str:
        """The notation in ``language`` (default: the language in use): ``'B(1,0)'``, French ``'O(1,0)'``."""
        return f"{letter(self.kind, language)}{_cell_text(self.cell)}"

    def describe(self) -> str:
        """A sentence for people, in the language in use: ``'place a Lizard on (1, 0)'``."""
        return _("place a {kind} on {cell}").format(kind=kind_name(self.kind), cell=self.cell)


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
        return self.notation("en")

    def notation(self, language: str | None = None) -> str:
        """The notation in ``language`` (default: the language in use): ``'(1,0)=M'``, French ``'(1,0)=S'``."""
        return f"{_cell_text(self.cell)}={letter(self.kind, language)}"

    def describe(self) -> str:
        return _("switch the animal on {cell} for a {kind}").format(cell=self.cell, kind=kind_name(self.kind))


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
        return self.notation("en")

    def notation(self, language: str | None = None) -> str:
        """The notation: ``'H(1,1)'`` (the same in French: H for Homme)."""
        return f"{letter('H', language)}{_cell_text(self.cell)}"

    def describe(self) -> str:
        return _("move the Human to {cell}").format(cell=self.cell)


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
            raise IllegalAction(_("a swap needs two different cells, got {cell} twice").format(cell=a))
        object.__setattr__(self, "a", min(a, b))
        object.__setattr__(self, "b", max(a, b))

    def __str__(self) -> str:
        return self.notation("en")

    def notation(self, language: str | None = None) -> str:
        """The notation: ``'(1,2)<>(3,4)'``, the same in every language."""
        return f"{_cell_text(self.a)}<>{_cell_text(self.b)}"

    def describe(self) -> str:
        return _("swap the animals on {a} and {b}").format(a=self.a, b=self.b)


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
            raise IllegalAction(
                _("index must be an int >= 0 (a position in your hand), not {value}").format(value=repr(index))
            )
        object.__setattr__(self, "index", int(index))

    def __str__(self) -> str:
        return self.notation("en")

    def notation(self, language: str | None = None) -> str:
        """The notation: ``'R0'``, the same in every language."""
        return f"R{self.index}"

    def describe(self) -> str:
        return _("reveal card {index} and draw a new one").format(index=self.index)


Action = Place | Switch | MoveHuman | Swap | Redraw
ACTION_TYPES = (Place, Switch, MoveHuman, Swap, Redraw)

_INT = r"\s*([+-]?\d+)\s*"
_CELL = r"\(" + _INT + "," + _INT + r"\)"
# Both alphabets, whatever the language: English L B M H and French L O S H.
_PATTERNS = (
    (re.compile(r"\s*([LBMHOS])\s*" + _CELL + r"\s*", re.I), "animal"),
    (re.compile(r"\s*" + _CELL + r"\s*=\s*([LBMOS])\s*", re.I), "switch"),
    (re.compile(r"\s*" + _CELL + r"\s*<>\s*" + _CELL + r"\s*"), "swap"),
    (re.compile(r"\s*R\s*(\d+)\s*", re.I), "redraw"),
)


def _how() -> str:
    """How to write each action, in the language in use (with its letters)."""
    return _(
        "write {L}(1,2), {B}(1,2) or {M}(1,2) to place, {H}(1,2) to move the Human, "
        "(1,2)={B} to switch, (1,2)<>(3,4) to swap, R0 to redraw"
    ).format(**{kind: letter(kind) for kind in ("L", "B", "M", "H")})


def parse_action(text: str) -> Action:
    """The action written ``text`` in the notation above (IllegalAction if unreadable).

    >>> parse_action("L(1,2)"), parse_action("h(0, -1)"), parse_action("R 1")
    (Place('L', (1, 2)), MoveHuman((0, -1)), Redraw(1))
    """
    if not isinstance(text, str):
        raise IllegalAction(
            _("cannot parse {text}: an action's notation is a str; {how}").format(text=repr(text), how=_how())
        )
    for pattern, shape in _PATTERNS:
        found = pattern.fullmatch(text)
        if found:
            return _build(shape, found.groups())
    raise IllegalAction(_("cannot parse {text}: {how}").format(text=repr(text), how=_how()) + _zero_for_o_hint(text))


# A zero where the Bird's letter goes: "0(1,2)" or "(1,2)=0", typed for O (French) or a
# letter misread; the parser refuses it (a zero is no letter) and says what was meant.
_ZERO_AS_LETTER = re.compile(r"^\s*0(?=\s*\()|(?<==)\s*0\s*$")


def _zero_for_o_hint(text: str) -> str:
    """A hint when ``text`` reads as an action once a zero in a letter's place is the Bird's letter."""
    meant = _ZERO_AS_LETTER.sub("O", text)
    if meant == text or not any(pattern.fullmatch(meant) for pattern, _shape in _PATTERNS):
        return ""
    return " " + _("(a zero is not a letter: the Bird is {B}, as in {meant})").format(
        B=letter("B"), meant=repr(_ZERO_AS_LETTER.sub(letter("B"), text))
    )


def _build(shape: str, groups: tuple[str, ...]) -> Action:
    if shape == "animal":
        written, x, y = groups
        cell = (notation_int(x, "x"), notation_int(y, "y"))
        kind = kind_of_letter(written)
        return MoveHuman(cell) if kind == "H" else Place(str(kind), cell)
    if shape == "switch":
        x, y, written = groups
        return Switch((notation_int(x, "x"), notation_int(y, "y")), str(kind_of_letter(written)))
    if shape == "swap":
        a = (notation_int(groups[0], "x"), notation_int(groups[1], "y"))
        b = (notation_int(groups[2], "x"), notation_int(groups[3], "y"))
        if a == b:
            raise IllegalAction(
                _("cannot parse {text}: a swap needs two different cells").format(
                    text=repr(f"({groups[0]},{groups[1]})<>({groups[2]},{groups[3]})")
                )
            )
        return Swap(a, b)
    return Redraw(notation_int(groups[0], "card index"))


def as_action(action: object) -> Action:
    """``action`` itself, or the action its notation names; IllegalAction for anything else."""
    if isinstance(action, ACTION_TYPES):
        return action
    if isinstance(action, str):
        return parse_action(action)
    raise IllegalAction(
        _(
            "not a Xochintlan action: {value}; use Place, Switch, MoveHuman, Swap, Redraw or their notation ({how})"
        ).format(value=repr(action), how=_how())
    )
