"""Starting positions: the checks behind :meth:`Xochintlan.from_board <.game.Xochintlan.from_board>`.

A starting board is a mapping ``cell -> "H" | "L" | "B" | "M"`` or a text
diagram (see :mod:`~xochintlan_hex.xochintlan.text`; a diagram puts its Human
on ``(0, 0)``). It must hold exactly one Human, at most ``tiles_per_kind``
animals of each kind, be in one piece under ``keep_connected``, and fit the
engine's cell grid together with every tile the reserve can still add.

>>> starting_board(".L.\\nLHB", Rules())
(((0, 0), 'H'), ((0, -1), 'L'), ((-1, 0), 'L'), ((1, 0), 'B'))
>>> starting_board({(0, 0): "L"}, Rules())
Traceback (most recent call last):
...
xochintlan_hex.errors.BoardError: board: no Human; a board holds exactly one H
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xochintlan_hex.errors import BoardError
from xochintlan_hex.game import is_whole
from xochintlan_hex.i18n import _, ngettext
from xochintlan_hex.lattice import Cell, is_connected
from xochintlan_hex.xochintlan.grid import LIMIT
from xochintlan_hex.xochintlan.rules import HUMAN, KIND_OF_LETTER, KINDS, Rules, kind_name, letter
from xochintlan_hex.xochintlan.text import TILE_LETTERS, board_from_text

#: A checked board: the Human first, then the animals row by row.
Tiles = tuple[tuple[Cell, str], ...]


def starting_board(board: Any, rules: Rules) -> Tiles:
    """The tiles of ``board`` (mapping or text), checked against ``rules``; BoardError if refused."""
    if isinstance(board, str):
        board = board_from_text(board, rules.lattice)
    elif not isinstance(board, Mapping):
        raise BoardError(
            _("board must be a mapping cell -> letter or a text diagram, not {type}").format(type=type(board).__name__)
        )
    tiles = {_cell(cell): _letter(cell, kind) for cell, kind in board.items()}
    humans = [cell for cell, kind in tiles.items() if kind == HUMAN]
    if len(humans) != 1:
        if not humans:
            raise BoardError(_("board: no Human; a board holds exactly one {H}").format(H=letter(HUMAN)))
        raise BoardError(
            _("board: {count} Humans at {cells}; a board holds exactly one {H}").format(
                count=len(humans), cells=sorted(humans), H=letter(HUMAN)
            )
        )
    _check_counts(tiles, rules.tiles_per_kind)
    if rules.keep_connected and not is_connected(set(tiles), rules.lattice):
        raise BoardError(_("board: the tiles are in several pieces, which keep_connected=True never allows"))
    _check_range(tiles, rules.tiles_per_kind)
    animals = sorted((cell for cell in tiles if cell != humans[0]), key=lambda c: (c[1], c[0]))
    return ((humans[0], HUMAN),) + tuple((cell, tiles[cell]) for cell in animals)


def _cell(cell: Any) -> Cell:
    ok = isinstance(cell, tuple) and len(cell) == 2 and all(is_whole(v) for v in cell)
    if not ok:
        raise BoardError(_("board: a cell is an (x, y) tuple of ints, not {value}").format(value=repr(cell)))
    return (int(cell[0]), int(cell[1]))


def _letter(cell: Cell, kind: Any) -> str:
    """The kind a board's letter names, in either alphabet ('O' is the Bird 'B')."""
    if not isinstance(kind, str) or kind not in KIND_OF_LETTER:
        raise BoardError(
            _("board: {cell} holds {value}; tiles are {letters}").format(
                cell=cell, value=repr(kind), letters=", ".join(letter(k) for k in TILE_LETTERS)
            )
        )
    return KIND_OF_LETTER[kind]


def _check_counts(tiles: dict[Cell, str], tiles_per_kind: int) -> None:
    for kind in KINDS:
        count = sum(1 for k in tiles.values() if k == kind)
        if count > tiles_per_kind:
            raise BoardError(
                _("board: {count} {kinds} ({letter}) on the board; the rules have tiles_per_kind={limit}").format(
                    count=count, kinds=kind_name(kind, count), letter=letter(kind), limit=tiles_per_kind
                )
            )


def _check_range(tiles: dict[Cell, str], tiles_per_kind: int) -> None:
    # Each animal still in the reserve can stretch the board by at most two
    # cells (a place beside the Human, then the Human steps beside it), and the
    # engine's int cells only hold coordinates up to LIMIT.
    left = len(KINDS) * tiles_per_kind - (len(tiles) - 1)
    reach = LIMIT - 2 * left - 1
    for cell in tiles:
        if max(abs(cell[0]), abs(cell[1])) > reach:
            raise BoardError(
                ngettext(
                    "board: {cell} lies too far out; with {left} animal left to place, every coordinate "
                    "must stay within -{reach}..{reach}",
                    "board: {cell} lies too far out; with {left} animals left to place, every coordinate "
                    "must stay within -{reach}..{reach}",
                    left,
                ).format(cell=cell, left=left, reach=reach)
            )
