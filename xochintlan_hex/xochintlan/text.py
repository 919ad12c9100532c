"""Boards as small text diagrams, for tests, lessons and bug reports.

Letters ``H`` (Human), ``L`` (Lizard), ``B`` (Bird), ``M`` (Monkey); ``.`` is an
empty cell. In French the diagrams are written with the French letters, ``H``
(Homme), ``L`` (Lézard), ``O`` (Oiseau), ``S`` (Singe), and both alphabets are
read in any language; the board itself always holds the kinds ``H L B M``.

Square lattice
    One character per cell: line ``y`` from the top, character ``x`` from the
    left (``y`` grows downwards, as on the kit's pictures). A space is an empty
    cell too.

Hex lattice
    Line ``r`` holds the cells of row ``r``; each hexagon is two characters wide
    and each line is shifted half a hexagon right of the line above, so the
    letters of a line sit in every other column and the lines interleave, as
    pointy-top hexagons are drawn (the same picture format as
    :meth:`Polyform.to_text <xochintlan_hex.polyforms.Polyform.to_text>`)::

        L . B          row r = 0:  (0,0) (1,0) (2,0)
         H M .         row r = 1:  (0,1) (1,1) (2,1)

Position: :func:`board_from_text` puts the Human on ``at`` (``(0, 0)`` by
default, its place at set-up) and every other cell where the diagram puts it
relative to the Human. A diagram without a Human is read with its first line
as row 0 and its first column as column 0 (shifted by ``at``).

>>> board = board_from_text('''
... .B.
... LHL
... ''')
>>> sorted(board.items())
[((-1, 0), 'L'), ((0, -1), 'B'), ((0, 0), 'H'), ((1, 0), 'L')]
>>> print(board_to_text(board))
.B.
LHL
>>> print(board_to_text(board, language="fr"))
.O.
LHL
>>> board_from_text('''
... .O.
... LHL
... ''') == board
True
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from xochintlan_hex.errors import BoardError
from xochintlan_hex.game import is_whole
from xochintlan_hex.i18n import _
from xochintlan_hex.lattice import Cell, get_lattice
from xochintlan_hex.xochintlan.rules import HUMAN, KIND_OF_LETTER, KINDS, code_letters, letter

#: The tile kinds a board holds (language-neutral): the Human and the three animals.
TILE_LETTERS = (HUMAN,) + KINDS
_EMPTY = ".  \t"


def board_to_text(
    board: Mapping[Cell, str], lattice: str = "square", empty: str = ".", language: str | None = None
) -> str:
    """The diagram of ``board`` over its bounding box (see the module docstring), in the
    letters of ``language`` (default: the language in use).

    >>> print(board_to_text({(0, 0): "H", (1, 0): "L", (0, 1): "B"}, "hex"))
    H L
     B .
    """
    lat = get_lattice(lattice)
    if not board:
        return ""
    _check_letters(board)
    board = {cell: letter(kind, language) for cell, kind in board.items()}
    if lat.name == "square":
        xs = [x for x, _ in board]
        ys = [y for _, y in board]
        return "\n".join(
            "".join(board.get((x, y), empty) for x in range(min(xs), max(xs) + 1)) for y in range(min(ys), max(ys) + 1)
        )
    return _hex_to_text(board, empty)


def _hex_to_text(board: Mapping[Cell, str], empty: str) -> str:
    columns = {(2 * q + r, r): kind for (q, r), kind in board.items()}
    left = min(c for c, _ in columns)
    right = max(c for c, _ in columns)
    rows = [r for _, r in board]
    lines = []
    for r in range(min(rows), max(rows) + 1):
        chars = []
        for c in range(left, right + 2):
            chars.append(columns.get((c, r), empty) if (c - r) % 2 == 0 else " ")
        lines.append("".join(chars).rstrip())
    return "\n".join(lines)


def _check_letters(board: Mapping[Cell, str]) -> None:
    for cell, kind in board.items():
        if kind not in TILE_LETTERS:
            raise BoardError(
                _("board: {cell} holds {value}; tiles are {letters}").format(
                    cell=cell, value=repr(kind), letters=code_letters(TILE_LETTERS)
                )
            )


def board_from_text(text: str, lattice: str = "square", at: Cell = (0, 0)) -> dict[Cell, str]:
    """The board drawn by ``text`` (see the module docstring for both lattices).

    >>> board_from_text('''
    ...  L .
    ... . H B
    ... ''', "hex")
    {(0, -1): 'L', (0, 0): 'H', (1, 0): 'B'}
    """
    lat = get_lattice(lattice)
    if not isinstance(text, str):
        raise BoardError(_("text must be a str, not {type}").format(type=type(text).__name__))
    if not (isinstance(at, (tuple, list)) and len(at) == 2 and all(is_whole(v) for v in at)):
        raise BoardError(_("at must be the Human's cell, an (x, y) pair of ints, not {value}").format(value=repr(at)))
    lines = textwrap.dedent(text.strip("\n")).split("\n")
    marks = [(c, r, ch) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch not in _EMPTY]
    for c, r, ch in marks:
        if ch not in KIND_OF_LETTER:
            raise BoardError(
                _(
                    "text: {value} at line {line}, column {column}; write {letters} for tiles and '.' for empty cells"
                ).format(value=repr(ch), line=r + 1, column=c + 1, letters=", ".join(letter(k) for k in TILE_LETTERS))
            )
    marks = [(c, r, KIND_OF_LETTER[ch]) for c, r, ch in marks]  # either alphabet, read as kinds
    if lat.name == "square":
        cells = [((c, r), ch) for c, r, ch in marks]
    else:
        cells = _hex_cells(lines, marks)
    return _anchored(cells, at)


def _hex_cells(lines: list[str], marks: list[tuple[int, int, str]]) -> list[tuple[Cell, str]]:
    # Every character that is not a space is a cell (letters and dots alike), so
    # the dots fix the column parity even when there is no tile on a line.
    slots = [(c, r) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch not in " \t"]
    if not slots:
        return []
    parity = (slots[0][0] + slots[0][1]) % 2
    for c, r in slots:
        if (c + r) % 2 != parity:
            raise BoardError(
                _(
                    "text: on the hex lattice, cells of one line are two columns apart and each line is "
                    "shifted by one column; the cell at line {line}, column {column} breaks that"
                ).format(line=r + 1, column=c + 1)
            )
    return [(((c - r - parity) // 2, r), ch) for c, r, ch in marks]


def _anchored(cells: list[tuple[Cell, str]], at: Cell) -> dict[Cell, str]:
    humans = [cell for cell, ch in cells if ch == HUMAN]
    if len(humans) > 1:
        raise BoardError(_("text draws {count} Humans; a board has exactly one").format(count=len(humans)))
    ox, oy = humans[0] if humans else (0, 0)
    ax, ay = int(at[0]), int(at[1])
    return {(x - ox + ax, y - oy + ay): ch for (x, y), ch in sorted(cells, key=lambda item: (item[0][1], item[0][0]))}
