"""Tiling puzzles: fill a region of the square or hex lattice with a set of polyforms.

Golomb's classic: the 12 free pentominoes fill a 6 x 10 box in 2339 ways (9356
counting the rotations and reflections of the box as different).

>>> puzzle = Puzzle("6x10", "pentominoes")
>>> puzzle.region.size, puzzle.pieces.area, puzzle.region.symmetry_order
(60, 60, 4)
>>> Puzzle("3x20", "pentominoes").count(up_to_symmetry=True)
2
>>> three = Puzzle("3x20", "pentominoes")
>>> print(three.to_text(three.solve()))
UUXIIIIINNNFTWYYYYZV
UXXXPPLNNFFFTWWYZZZV
UUXPPPLLLLFTTTWWZVVV

Vocabulary
----------
:class:`Region`
    a finite set of cells on one lattice. ``"6x10"`` is 6 rows of 10 cells (on the
    hex lattice: a parallelogram of 6 rows of 10 hexagons); ``"8x8-2x2"`` is an 8 x 8
    board with a 2 x 2 hole in its centre; a picture marks cells with ``#`` and
    holes with ``.`` (the hex format of :meth:`Polyform.from_text`).
:class:`PieceSet`
    polyforms with a *motion*: ``"fixed"`` (placed as drawn), ``"one-sided"``
    (turned, not flipped) or ``"free"`` (turned and flipped); each piece may be used
    a given number of times (``copies``, 1 by default). Named sets:
    :data:`PIECE_SETS`.
:class:`Placement`
    one piece on some cells of the region; a *solution* is a tuple of placements.
:class:`Puzzle`
    a region and a piece set; it solves, counts, samples and answers "can this
    position still be finished?".

Exact cover
-----------
A tiling is an *exact cover*: every cell of the region is covered by exactly one
placement, and every piece is used exactly as often as it may be. Knuth's
Algorithm X finds all exact covers by trying, for one *column* (a cell still
empty), each *row* (a placement) that covers it, then recursing on what is left.
Here each placement is one Python int, a *bitset* with one bit per cell of the
region and one per piece, so "does this placement fit?" is ``row & filled == 0``
and "place it" is ``filled | row``.

Choosing the column. Algorithm X is fastest when it branches on the column with
the fewest options. In a tiling puzzle that is, almost always, the *first empty
cell* when the cells are numbered in a sweep along the region's short side: it is
boxed in on two sides, so only a few placements reach it; and it costs one bit
trick to find (the lowest 0 bit of ``filled``). Better still, a placement covering
the first empty cell must have it as its own first cell, so each cell keeps the
short list of placements that *start* there: no placement is ever tested that
could not cover the chosen cell.

Symmetry. Counting *up to the region's symmetry* (a rectangle has 4 symmetries,
so 9356 tilings of 6 x 10 are 2339 different ones) is done during the search, not
by dividing at the end: one piece that every solution uses exactly once (the X
pentomino for the 12 pentominoes) is only tried in one placement of each orbit of
placements under the symmetries, which cuts the search by the order of the group.
Where such a placement is itself symmetric (the X on the axis of a 5 x 12 box),
the solutions through it are counted once per orbit by keeping only the smallest
image of each. When no piece qualifies, every solution is generated and only the
smallest of each orbit counted.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from xochintlan_hex.i18n import _, number_text
from xochintlan_hex.lattice import Cell, Lattice, get_lattice
from xochintlan_hex.polyforms import KINDS, Polyform, as_cell, polyforms

__all__ = [
    "PIECE_SETS",
    "PieceSet",
    "Placement",
    "Puzzle",
    "Region",
    "piece_set",
]


# ---------------------------------------------------------------------------
# Regions
# ---------------------------------------------------------------------------
#: Most cells a region may have: far past any piece set's area (the largest is a few
#: hundred cells), and small enough to build at once. Checked before any cell is made.
MAX_REGION_CELLS = 10_000

_RECTANGLE = re.compile(r"^\s*(\d+)\s*[x×]\s*(\d+)\s*(?:-\s*(\d+)\s*[x×]\s*(\d+)\s*)?$")


class Region:
    """A finite set of cells on the square or hex lattice (the board to fill).

    >>> Region("2x3").cells
    ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1))
    >>> Region("8x8-2x2").size
    60
    >>> print(Region("##.\\n###"))
    ##.
    ###
    """

    __slots__ = ("_cells", "_lat", "_set")
    _lat: Lattice
    _cells: tuple[Cell, ...]
    _set: frozenset[Cell]

    def __init__(self, spec: str | Iterable[Cell] | Region, lattice: str | Lattice = "square") -> None:
        lat: Lattice
        cells: Iterable[Cell]
        if isinstance(spec, Region):
            lat, cells = spec._lat, spec._cells
        else:
            lat = get_lattice(lattice)
            cells = _region_cells(spec, lat)
        self._lat = lat
        self._cells = tuple(sorted(cells))
        self._set = frozenset(self._cells)

    @classmethod
    def rectangle(
        cls, rows: int, columns: int, holes: Iterable[Cell] = (), lattice: str | Lattice = "square"
    ) -> Region:
        """``rows`` rows of ``columns`` cells (a parallelogram on the hex lattice), less ``holes``.

        >>> Region.rectangle(8, 8, holes=[(3, 3), (4, 3), (3, 4), (4, 4)]) == Region("8x8-2x2")
        True
        """
        _check_region_cells(_positive_int(rows, "rows") * _positive_int(columns, "columns"))
        cells = {(x, y) for y in range(rows) for x in range(columns)}
        holes = {_region_cell(h) for h in holes}
        outside = sorted(holes - cells)
        if outside:
            raise ValueError(
                _("holes must lie inside the {rows} x {columns} rectangle; {cell} does not").format(
                    rows=rows, columns=columns, cell=outside[0]
                )
            )
        return cls(cells - holes, lattice)

    @staticmethod
    def is_rectangle_text(text: str) -> bool:
        """Whether ``text`` is a rectangle written ``RxC`` or ``RxC-HxW`` (not a picture).

        >>> Region.is_rectangle_text("6x10"), Region.is_rectangle_text("##")
        (True, False)
        """
        return bool(_RECTANGLE.match(text))

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells, sorted."""
        return self._cells

    @property
    def lattice(self) -> str:
        """``"square"`` or ``"hex"``."""
        return self._lat.name

    @property
    def size(self) -> int:
        """The number of cells."""
        return len(self._cells)

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self._set

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Region):
            return NotImplemented
        return self._lat.name == other._lat.name and self._cells == other._cells

    def __hash__(self) -> int:
        return hash((self._lat.name, self._cells))

    def __repr__(self) -> str:
        return f"Region({self.to_text()!r}, {self._lat.name!r})"

    def __str__(self) -> str:
        return self.to_text()

    def to_text(self, labels: dict[Cell, str] | None = None, hole: str = ".") -> str:
        """A text picture: ``#`` (or ``labels[cell]``) on each cell, ``hole`` elsewhere."""
        labels = labels or {}
        return _picture({c: labels.get(c, "#") for c in self._cells}, self._lat, hole)

    def symmetries(self) -> tuple[Callable[[Cell], Cell], ...]:
        """The lattice symmetries that map the region onto itself, as cell maps.

        The identity comes first; a map sends each cell of the region to a cell of
        the region (the symmetry is followed by the translation that puts the
        region back in place).

        >>> len(Region("6x10").symmetries()), len(Region("8x8").symmetries()), len(Region("3x3", "hex").symmetries())
        (4, 8, 4)
        """
        maps = []
        for symmetry in self._lat.symmetries():
            image = [symmetry(c) for c in self._cells]
            shift = _translation(image, self._cells)
            if shift is not None:
                maps.append(_moved(symmetry, shift))
        return tuple(maps)

    @property
    def symmetry_order(self) -> int:
        """How many lattice symmetries map the region onto itself."""
        return len(self.symmetries())


def _region_cells(spec: object, lat: Lattice) -> set[Cell]:
    if isinstance(spec, str):
        match = _RECTANGLE.match(spec)
        if match:
            rows, columns, hole_rows, hole_columns = (int(g) if g else 0 for g in match.groups())
            return _rectangle_with_centre_hole(rows, columns, hole_rows, hole_columns, lat)
        return _cells_from_picture(spec, lat)
    try:
        cells = [_region_cell(c) for _, c in zip(range(MAX_REGION_CELLS + 1), spec)]  # type: ignore[call-overload]
    except TypeError:
        raise ValueError(
            _(
                "a region is a text ('6x10', '8x8-2x2' or a picture of '#' and '.') or an iterable of cells, not {value}"
            ).format(value=repr(spec))
        ) from None
    if not cells:
        raise ValueError(_("a region needs at least one cell"))
    _check_region_cells(len(cells))
    if len(set(cells)) != len(cells):
        raise ValueError(_("region cells must be distinct"))
    return set(cells)


def _region_cell(c: object) -> Cell:
    try:
        return as_cell(c)
    except ValueError:
        raise ValueError(f"cells not on the lattice: {c!r} is not an (x, y) pair of ints") from None


def rectangle_area(text: str) -> int | None:
    """The number of cells of ``RxC`` or ``RxC-HxW``, from the numbers alone (None for a picture).

    >>> rectangle_area("8x8-2x2"), rectangle_area("##")
    (60, None)
    """
    match = _RECTANGLE.match(text)
    if not match:
        return None
    rows, columns, hole_rows, hole_columns = (int(g) if g else 0 for g in match.groups())
    return rows * columns - hole_rows * hole_columns


def _check_region_cells(cells: int) -> None:
    if cells > MAX_REGION_CELLS:
        raise ValueError(
            _("a region holds at most {most} cells, this one {cells}").format(
                most=number_text(MAX_REGION_CELLS), cells=number_text(cells)
            )
        )


def _rectangle_with_centre_hole(rows: int, columns: int, hole_rows: int, hole_columns: int, lat: Lattice) -> set[Cell]:
    _check_region_cells(rows * columns)  # before building: 100000x100000 would exhaust memory
    if rows == 0 or columns == 0:
        raise ValueError(
            _("a rectangle needs at least one row and one column, not {rows} x {columns}").format(
                rows=rows, columns=columns
            )
        )
    cells = {(x, y) for y in range(rows) for x in range(columns)}
    if hole_rows or hole_columns:
        if lat.name != "square":
            raise ValueError(
                _("a centre hole ('8x8-2x2') is only defined on the square lattice; draw the region instead")
            )
        if hole_rows >= rows or hole_columns >= columns or (rows - hole_rows) % 2 or (columns - hole_columns) % 2:
            raise ValueError(
                _(
                    "a {hole_rows} x {hole_columns} hole cannot sit in the centre of {rows} x {columns}: "
                    "it must be smaller, with an even margin on each side"
                ).format(hole_rows=hole_rows, hole_columns=hole_columns, rows=rows, columns=columns)
            )
        top, left = (rows - hole_rows) // 2, (columns - hole_columns) // 2
        cells -= {(x, y) for y in range(top, top + hole_rows) for x in range(left, left + hole_columns)}
    return cells


def _cells_from_picture(text: str, lat: Lattice) -> set[Cell]:
    _check_region_cells(sum(ch not in ". \t\r\n" for ch in text))
    marks = [
        (c, r) for r, line in enumerate(text.strip("\n").split("\n")) for c, ch in enumerate(line) if ch not in ". \t\r"
    ]
    if not marks:
        raise ValueError(
            _(
                "a region is 'RxC' (rows x columns), 'RxC-HxW' (with a centre hole) or a picture with '#' for cells, "
                "not {value}"
            ).format(value=repr(text))
        )
    if lat.name == "square":
        return set(marks)
    parity = (marks[0][0] + marks[0][1]) % 2
    bad = [(c, r) for c, r in marks if (c + r) % 2 != parity]
    if bad:
        raise ValueError(
            "cells not on the lattice: in a hex picture the cells of a line are two columns apart and each line is "
            f"shifted by one column; column {bad[0][0]} of line {bad[0][1]} breaks that"
        )
    return {((c - r - parity) // 2, r) for c, r in marks}


def _picture(marks: dict[Cell, str], lat: Lattice, empty: str = ".") -> str:
    """Text picture of ``marks`` (cell -> one character), in the format Region and Polyform read."""
    if lat.name == "square":
        xs = [x for x, _ in marks]
        ys = [y for _, y in marks]
        return "\n".join(
            "".join(marks.get((x, y), empty) for x in range(min(xs), max(xs) + 1)) for y in range(min(ys), max(ys) + 1)
        )
    columns = {(2 * q + r, r): mark for (q, r), mark in marks.items()}
    left = min(c for c, _ in columns)
    rows = [r for _, r in marks]
    lines = []
    for r in range(min(rows), max(rows) + 1):
        right = max(c for c, _ in columns)
        chars = [" " if (c - r) % 2 else columns.get((c, r), empty) for c in range(left, right + 1)]
        lines.append("".join(chars).rstrip())
    return "\n".join(lines)


def _translation(image: Sequence[Cell], target: Sequence[Cell]) -> Cell | None:
    """The shift taking the cell set ``image`` onto ``target``, or None when no shift does."""
    low_image, low_target = min(image), min(target)
    shift = (low_target[0] - low_image[0], low_target[1] - low_image[1])
    moved = sorted((x + shift[0], y + shift[1]) for x, y in image)
    return shift if moved == list(target) else None


def _moved(symmetry: Callable[[Cell], Cell], shift: Cell) -> Callable[[Cell], Cell]:
    def map_cell(cell: Cell) -> Cell:
        x, y = symmetry(cell)
        return (x + shift[0], y + shift[1])

    return map_cell


def _positive_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{what} must be a positive int, not {value!r}")
    return value


# ---------------------------------------------------------------------------
# Piece sets
# ---------------------------------------------------------------------------
class PieceSet:
    """Polyforms to place, each with a number of copies, and the motion they are allowed.

    ``motion`` is ``"free"`` (turn and flip), ``"one-sided"`` (turn only) or
    ``"fixed"`` (as given). ``copies`` is one count for all pieces or one per piece.

    >>> tetrominoes = piece_set("tetrominoes")
    >>> tetrominoes.names, tetrominoes.area
    (('I', 'L', 'O', 'S', 'T'), 20)
    >>> PieceSet([Polyform.from_text("##")], copies=3).area
    6
    """

    def __init__(
        self, pieces: Iterable[Polyform], motion: str = "free", copies: int | Sequence[int] = 1, name: str | None = None
    ) -> None:
        self.pieces: tuple[Polyform, ...] = tuple(pieces)
        if not self.pieces or not all(isinstance(p, Polyform) for p in self.pieces):
            raise ValueError("a piece set needs at least one piece, and each piece must be a Polyform")
        lattices = {p.lattice for p in self.pieces}
        if len(lattices) > 1:
            raise ValueError(f"pieces must all lie on one lattice, not on {sorted(lattices)}")
        if motion not in KINDS:
            raise ValueError(f"motion must be one of {list(KINDS)}, not {motion!r}")
        self.motion = motion
        given = copies
        if isinstance(copies, int):  # bool too: refused just below, as not a positive int
            copies = [copies] * len(self.pieces)
        self.copies: tuple[int, ...] = tuple(copies)
        if len(self.copies) != len(self.pieces) or any(
            isinstance(c, bool) or not isinstance(c, int) or c < 1 for c in self.copies
        ):
            raise ValueError(f"copies must be a positive int or one per piece ({len(self.pieces)}), not {given!r}")
        self.name = name or f"{len(self.pieces)} {motion} pieces"
        self.labels: tuple[str, ...] = _short_labels(self.names)

    @property
    def lattice(self) -> str:
        return self.pieces[0].lattice

    @property
    def names(self) -> tuple[str, ...]:
        """Each piece's name (its :attr:`Polyform.name`)."""
        return tuple(p.name for p in self.pieces)

    @property
    def area(self) -> int:
        """Cells covered when every copy of every piece is placed."""
        return sum(p.size * k for p, k in zip(self.pieces, self.copies))

    def __len__(self) -> int:
        return len(self.pieces)

    def __repr__(self) -> str:
        return f"PieceSet({self.name!r}: {', '.join(self.names)})"

    def orientations(self, index: int) -> tuple[Polyform, ...]:
        """The ways piece ``index`` may lie (up to translation) under the set's motion."""
        return self.pieces[index].orientations(self.motion)

    def index(self, name: str) -> int:
        """The index of the piece named ``name`` (its name or its one-letter label)."""
        for i, (n, label) in enumerate(zip(self.names, self.labels)):
            if name in (n, label):
                return i
        raise ValueError(f"no piece named {name!r} in {self.name}; pieces: {', '.join(self.names)}")


def _short_labels(names: Sequence[str]) -> tuple[str, ...]:
    """One character per piece: its name when all names are single letters, else A, B, C, ..."""
    if all(len(n) == 1 for n in names) and len(set(names)) == len(names):
        return tuple(names)
    symbols = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    if len(names) > len(symbols):
        return tuple("?" for _ in names)
    return tuple(symbols[: len(names)])


def _one_sided_pentominoes() -> PieceSet:
    return PieceSet(polyforms(5, "square", "one-sided"), "one-sided", name="18 one-sided pentominoes")


#: The named piece sets, by the name :func:`piece_set` and the command line accept.
PIECE_SETS: dict[str, Callable[[], PieceSet]] = {
    "pentominoes": lambda: PieceSet(polyforms(5), "free", name="12 free pentominoes"),
    "one-sided-pentominoes": _one_sided_pentominoes,
    "tetrominoes": lambda: PieceSet(polyforms(4), "free", name="5 free tetrominoes"),
    "one-sided-tetrominoes": lambda: PieceSet(
        polyforms(4, "square", "one-sided"), "one-sided", name="7 one-sided tetrominoes"
    ),
    "hexominoes": lambda: PieceSet(polyforms(6), "free", name="35 free hexominoes"),
    "tetrahexes": lambda: PieceSet(polyforms(4, "hex"), "free", name="7 free tetrahexes"),
    "pentahexes": lambda: PieceSet(polyforms(5, "hex"), "free", name="22 free pentahexes"),
}


def piece_set(name: str | PieceSet) -> PieceSet:
    """The named piece set (see :data:`PIECE_SETS`); a PieceSet is passed through.

    >>> len(piece_set("one-sided pentominoes")), piece_set("one-sided pentominoes").motion
    (18, 'one-sided')
    """
    if isinstance(name, PieceSet):
        return name
    key = str(name).strip().lower().replace(" ", "-").replace("_", "-")
    if key not in PIECE_SETS:
        raise ValueError(
            _("unknown piece set {name}; known sets: {sets}").format(name=repr(name), sets=", ".join(PIECE_SETS))
        )
    return PIECE_SETS[key]()


# ---------------------------------------------------------------------------
# Placements and the puzzle
# ---------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Placement:
    """Piece number ``piece`` of the set (named ``name``) lying on ``cells`` (sorted)."""

    piece: int
    name: str
    cells: tuple[Cell, ...]


class Puzzle:
    """Fill ``region`` with the pieces of ``pieces``: solve, count, sample, give hints.

    ``region`` is a :class:`Region` or anything it accepts; ``pieces`` a
    :class:`PieceSet` or the name of one. By default every copy of every piece
    must be placed, so their area must equal the region's; with
    ``leftover=True`` pieces may stay unused (each still at most ``copies``
    times).

    >>> Puzzle("4x5", "tetrominoes").count()
    0
    >>> Puzzle("6x10", "tetrominoes")
    Traceback (most recent call last):
    ...
    ValueError: the pieces cover 20 cells but the region has 60: the areas must match
    """

    def __init__(self, region: Region | str | Iterable[Cell], pieces: PieceSet | str, leftover: bool = False) -> None:
        self.pieces = piece_set(pieces)
        self.leftover = bool(leftover)
        area = rectangle_area(region) if isinstance(region, str) else None
        if area is not None:
            self._check_areas(area)  # from the numbers alone, before a cell is built
        lattice = region.lattice if isinstance(region, Region) else self.pieces.lattice
        self.region = Region(region, lattice)
        if self.region.lattice != self.pieces.lattice:
            raise ValueError(
                f"cells not on the lattice: the region is on the {self.region.lattice} lattice "
                f"but the pieces are on the {self.pieces.lattice} one"
            )
        self._check_areas(self.region.size)
        self._build_rows()

    def _check_areas(self, cells: int) -> None:
        """The pieces must cover the region exactly (or at least, with ``leftover``)."""
        if self.pieces.area < cells or (self.pieces.area != cells and not self.leftover):
            hint = "" if self.pieces.area < cells else " " + _("(or pass leftover=True to leave pieces unused)")
            raise ValueError(
                _("the pieces cover {area} cells but the region has {cells}: the areas must match").format(
                    area=number_text(self.pieces.area), cells=number_text(cells)
                )
                + hint
            )

    def __repr__(self) -> str:
        return f"Puzzle({self.region.size}-cell {self.region.lattice} region, {self.pieces.name})"

    def _repr_svg_(self) -> str:
        """The empty region as Jupyter shows it (drawn by :mod:`xochintlan_hex.drawing`, without matplotlib);
        :func:`xochintlan_hex.drawing.tiling_svg` draws it with placed pieces."""
        from xochintlan_hex.drawing.svg import sized
        from xochintlan_hex.drawing.tiling import tiling_svg

        return sized(tiling_svg(self, (), panel=False), 640)

    # -- the exact-cover matrix as bitsets -----------------------------------
    def _build_rows(self) -> None:
        """Number the cells, then list every placement as a bitset starting at its first cell.

        Bits 0 .. n-1 are the cells in sweep order (along the short side, so that
        the first empty cell is the most boxed-in one); bit n + i says "piece i".
        """
        cells = _sweep_order(self.region)
        self._cell_of_bit = cells
        self._bit_of_cell = {c: b for b, c in enumerate(cells)}
        n = len(cells)
        self._full = (1 << n) - 1
        self._starting_at: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self._rows: dict[tuple[int, int], Placement] = {}
        for piece in range(len(self.pieces)):
            for form in self.pieces.orientations(piece):
                for mask in self._masks_of(form):
                    self._rows[(piece, mask)] = self._placement(piece, mask)
                    first = (mask & -mask).bit_length() - 1
                    self._starting_at[first].append((piece, mask))

    def _masks_of(self, form: Polyform) -> Iterator[int]:
        """Bitsets of every translate of ``form`` lying inside the region."""
        anchor = form.cells[0]
        for x, y in self.region.cells:
            dx, dy = x - anchor[0], y - anchor[1]
            cells = [(cx + dx, cy + dy) for cx, cy in form.cells]
            if all(c in self._bit_of_cell for c in cells):
                yield sum(1 << self._bit_of_cell[c] for c in cells)

    def _placement(self, piece: int, mask: int) -> Placement:
        cells = tuple(sorted(self._cell_of_bit[b] for b in _bits(mask)))
        return Placement(piece, self.pieces.names[piece], cells)

    # -- Algorithm X ----------------------------------------------------------
    def _search(
        self, filled: int, left: list[int], chosen: list[tuple[int, int]], rng: random.Random | None = None
    ) -> Iterator[list[tuple[int, int]]]:
        """Algorithm X on bitsets: every way to finish the cover from ``filled``.

        ``left[i]`` is how many copies of piece i may still be placed; ``chosen``
        the (piece, bitset) rows placed so far (yielded, then undone, in place).
        """
        if filled == self._full:
            yield chosen
            return
        empty = ~filled & self._full
        cell = (empty & -empty).bit_length() - 1  # the first empty cell: the column to cover
        options = self._starting_at[cell]
        if rng is not None:
            options = rng.sample(options, len(options))
        for piece, mask in options:  # every row that covers it ...
            if left[piece] and not mask & filled:  # ... and fits
                left[piece] -= 1
                chosen.append((piece, mask))
                yield from self._search(filled | mask, left, chosen, rng)
                chosen.pop()
                left[piece] += 1

    def _count(self, filled: int, left: list[int]) -> int:
        """The number of ways to finish from ``filled``: :meth:`_search` without the bookkeeping."""
        if filled == self._full:
            return 1
        empty = ~filled & self._full
        total = 0
        for piece, mask in self._starting_at[(empty & -empty).bit_length() - 1]:
            if left[piece] and not mask & filled:
                left[piece] -= 1
                total += self._count(filled | mask, left)
                left[piece] += 1
        return total

    # -- public answers -------------------------------------------------------
    def solutions(self, partial: Iterable[Placement] = ()) -> Iterator[tuple[Placement, ...]]:
        """Every solution (extending ``partial``), one at a time, in a fixed order."""
        filled, left, start = self._state(partial)
        for rows in self._search(filled, left, list(start)):
            yield self._as_solution(rows)

    def distinct_solutions(self) -> Iterator[tuple[Placement, ...]]:
        """One solution of each family under the symmetries (see :meth:`symmetries`): for galleries.

        Every solution is generated and the smallest of each family kept, so this
        takes as long as listing them all.

        >>> len(list(Puzzle("3x20", "pentominoes").distinct_solutions()))
        2
        """
        group = self.symmetries()
        filled, left, start = self._state(())
        for rows in self._search(filled, left, list(start)):
            if self._is_smallest_image(rows, group):
                yield self._as_solution(rows)

    def solve(self, partial: Iterable[Placement] = ()) -> tuple[Placement, ...] | None:
        """The first solution (extending ``partial``), or None when there is none."""
        return next(self.solutions(partial), None)

    def random_solution(self, seed: int) -> tuple[Placement, ...] | None:
        """A solution found by trying the options in an order shuffled by ``seed`` (same seed, same solution).

        Every solution can come out, though not all equally often.
        """
        filled, left, start = self._state(())
        rows = next(self._search(filled, left, list(start), random.Random(seed)), None)
        return None if rows is None else self._as_solution(rows)

    def can_complete(self, partial: Iterable[Placement]) -> bool:
        """Whether the pieces placed in ``partial`` still leave a way to finish the puzzle."""
        return self.solve(partial) is not None

    def count(
        self,
        up_to_symmetry: bool = False,
        partial: Iterable[Placement] = (),
        progress: Callable[[int, int], None] | None = None,
    ) -> int:
        """How many solutions there are (extending ``partial``).

        With ``up_to_symmetry``, solutions that a symmetry of the region maps onto
        each other count once (see the module docstring for how the search does
        it). ``progress(done, total)`` is called as the branches of the search are
        finished.
        """
        partial = tuple(partial)
        if up_to_symmetry and partial:
            raise ValueError("count up_to_symmetry=True counts whole puzzles; give no partial placement")
        if up_to_symmetry and len(self.symmetries()) > 1:
            return self._count_up_to_symmetry(progress)
        filled, left, _ = self._state(partial)
        return self._count_by_branches(filled, left, progress)

    def estimate_count_seconds(self, probes: int = 200, seed: int = 0) -> float:
        """About how many seconds :meth:`count` takes, from ``probes`` random walks down its search.

        Knuth's estimator (1975): a walk picks one fitting placement at random at
        each step; the product of the choices seen so far estimates how many
        nodes the search has at that depth, and the mean over walks is an
        unbiased estimate of the whole tree. Multiplied by the time the walks
        took per node they visited, it gives seconds. Expect the right order of
        magnitude, not more: the tree is very uneven. Seeded, so the same
        puzzle gets the same node estimate.

        >>> Puzzle("3x20", "pentominoes").estimate_count_seconds() < 60
        True
        """
        rng = random.Random(seed)
        start_filled, start_left, _ = self._state(())
        tree_nodes, visited = 0.0, 0
        start = time.perf_counter()
        for _ in range(probes):
            filled, left, width, nodes = start_filled, list(start_left), 1.0, 1.0
            while filled != self._full:
                empty = ~filled & self._full
                options = [
                    (p, m)
                    for p, m in self._starting_at[(empty & -empty).bit_length() - 1]
                    if left[p] and not m & filled
                ]
                visited += 1
                if not options:
                    break
                width *= len(options)
                nodes += width
                piece, mask = rng.choice(options)
                left[piece] -= 1
                filled |= mask
            tree_nodes += nodes
        seconds_per_node = (time.perf_counter() - start) / max(visited, 1)
        return tree_nodes / probes * seconds_per_node

    def _count_by_branches(self, filled: int, left: list[int], progress: Callable[[int, int], None] | None) -> int:
        """:meth:`_count`, split into its first-level branches to report progress."""
        if filled == self._full:
            return 1
        empty = ~filled & self._full
        branches = [
            (p, m) for p, m in self._starting_at[(empty & -empty).bit_length() - 1] if left[p] and not m & filled
        ]
        total = 0
        for done, (piece, mask) in enumerate(branches, start=1):
            left[piece] -= 1
            total += self._count(filled | mask, left)
            left[piece] += 1
            if progress:
                progress(done, len(branches))
        return total

    # -- symmetry -------------------------------------------------------------
    def symmetries(self) -> tuple[tuple[Callable[[Cell], Cell], tuple[int, ...]], ...]:
        """The region's symmetries that also map the piece set onto itself.

        Each comes as (cell map, piece map): piece ``i`` turned by the symmetry is
        piece ``piece_map[i]`` (itself for free pieces; for one-sided pieces a
        reflection swaps mirror pairs, and is dropped when the set lacks a mirror).
        """
        classes = [frozenset(self.pieces.orientations(i)) for i in range(len(self.pieces))]
        found = []
        for cell_map in self.region.symmetries():
            piece_map = []
            for i, piece in enumerate(self.pieces.pieces):
                image = frozenset(
                    Polyform([cell_map(c) for c in o.cells], piece.lattice) for o in self.pieces.orientations(i)
                )
                match = [
                    j
                    for j, cls in enumerate(classes)
                    if cls == image and self.pieces.copies[j] == self.pieces.copies[i]
                ]
                if not match:
                    break
                piece_map.append(match[0])
            else:
                found.append((cell_map, tuple(piece_map)))
        return tuple(found)

    def _image(self, row: tuple[int, int], symmetry: tuple[Callable[[Cell], Cell], tuple[int, ...]]) -> tuple[int, int]:
        cell_map, piece_map = symmetry
        piece, mask = row
        moved = 0
        for b in _bits(mask):
            moved |= 1 << self._bit_of_cell[cell_map(self._cell_of_bit[b])]
        return (piece_map[piece], moved)

    def _is_smallest_image(self, rows: Sequence[tuple[int, int]], group) -> bool:
        """Whether ``rows`` is the smallest of its images under ``group`` (one per orbit passes)."""
        own = sorted(rows)
        return all(own <= sorted(self._image(r, g) for r in rows) for g in group)

    def _count_up_to_symmetry(self, progress: Callable[[int, int], None] | None) -> int:
        group = self.symmetries()
        pivot = self._pivot_piece(group)
        if pivot is None:  # no piece to pin: generate everything, keep the smallest of each orbit
            filled, left, _ = self._state(())
            return sum(1 for rows in self._search(filled, left, []) if self._is_smallest_image(rows, group))
        representatives = self._orbit_representatives(pivot, group)
        total = 0
        for done, (row, stabilizer) in enumerate(representatives, start=1):
            filled, left, _ = self._state(())
            left[pivot] -= 1
            if len(stabilizer) == 1:
                total += self._count(filled | row[1], left)
            else:  # the pinned placement is itself symmetric: count one of each orbit through it
                total += sum(
                    1
                    for rows in self._search(filled | row[1], left, [row])
                    if self._is_smallest_image(rows, stabilizer)
                )
            if progress:
                progress(done, len(representatives))
        return total

    def _pivot_piece(self, group) -> int | None:
        """A piece placed exactly once in every solution and mapped to itself by every symmetry.

        Among those, the one with the fewest placements (the search then starts
        from a short list of pinned positions).
        """
        if self.leftover:
            return None
        candidates = [
            i for i in range(len(self.pieces)) if self.pieces.copies[i] == 1 and all(g[1][i] == i for g in group)
        ]
        placements = {i: 0 for i in candidates}
        for piece, _cells in self._rows:
            if piece in placements:
                placements[piece] += 1
        return min(candidates, key=lambda i: (placements[i], i)) if candidates else None

    def _orbit_representatives(self, piece: int, group) -> list[tuple[tuple[int, int], list]]:
        """One placement of ``piece`` per orbit under ``group``, with the symmetries that fix it."""
        seen: set[tuple[int, int]] = set()
        representatives = []
        for row in sorted(r for r in self._rows if r[0] == piece):
            if row in seen:
                continue
            images = [self._image(row, g) for g in group]
            seen.update(images)
            stabilizer = [g for g, image in zip(group, images) if image == row]
            representatives.append((row, stabilizer))
        return representatives

    # -- positions ------------------------------------------------------------
    def placement(self, piece: int | str, cells: Iterable[Cell]) -> Placement:
        """Check that piece ``piece`` (index or name) may lie on ``cells``; return the Placement."""
        index = piece if isinstance(piece, int) and not isinstance(piece, bool) else self.pieces.index(str(piece))
        if not 0 <= index < len(self.pieces):
            raise ValueError(f"piece must be 0..{len(self.pieces) - 1} or a name, not {piece!r}")
        cells = tuple(sorted(_region_cell(c) for c in cells))
        outside = [c for c in cells if c not in self.region]
        if outside:
            raise ValueError(_("cell {cell} is not in the region").format(cell=outside[0]))
        mask = sum(1 << self._bit_of_cell[c] for c in cells)
        if (index, mask) not in self._rows:
            raise ValueError(
                _("piece {piece} cannot lie on the cells {cells} ({motion} pieces)").format(
                    piece=self.pieces.names[index], cells=list(cells), motion=self.pieces.motion
                )
            )
        return self._rows[(index, mask)]

    def check(self, position: Iterable[Placement]) -> None:
        """Raise a ValueError naming the problem unless ``position`` is a legal partial tiling.

        Legal: each placement is a piece of the set lying on cells of the region
        (in an orientation its motion allows), no two overlap, and no piece is
        used more often than its copies.
        """
        self._state(position)

    def _state(self, partial: Iterable[Placement]) -> tuple[int, list[int], list[tuple[int, int]]]:
        """Bitset of filled cells, copies left and rows placed for a partial position (checked)."""
        filled, left, rows = 0, list(self.pieces.copies), []
        for p in partial:
            if not isinstance(p, Placement):
                raise ValueError(f"a position is a sequence of Placement, not {p!r}")
            checked = self.placement(p.piece, p.cells)
            mask = sum(1 << self._bit_of_cell[c] for c in checked.cells)
            if mask & filled:
                raise ValueError(
                    _("piece {piece} on {cells} overlaps a piece already placed").format(
                        piece=p.name, cells=list(p.cells)
                    )
                )
            if not left[p.piece]:
                raise ValueError(
                    _("piece {piece} is used more often than its {copies} copies").format(
                        piece=p.name, copies=self.pieces.copies[p.piece]
                    )
                )
            filled |= mask
            left[p.piece] -= 1
            rows.append((p.piece, mask))
        return filled, left, rows

    def _as_solution(self, rows: Sequence[tuple[int, int]]) -> tuple[Placement, ...]:
        return tuple(sorted(self._rows[r] for r in rows))

    # -- rows for other solvers and pictures ------------------------------------
    def rows(self) -> list[Placement]:
        """Every placement, in a fixed order: the rows of the exact-cover matrix."""
        return sorted(self._rows.values())

    def matrix(self) -> tuple[list[list[int]], list[str]]:
        """The 0/1 exact-cover matrix (one row per placement) and its column names.

        Columns: the region's cells, then one per piece (each piece has one
        copy). With ``leftover`` each piece
        also gets a row of its own ("left in the box") so that any exact-cover
        solver gives the same answers.
        """
        if any(k != 1 for k in self.pieces.copies):
            raise ValueError("matrix() needs a piece set with one copy of each piece")
        columns = [f"cell {c}" for c in self.region.cells] + [f"piece {n}" for n in self.pieces.names]
        col_of = {c: i for i, c in enumerate(self.region.cells)}
        n = len(self.region.cells)
        matrix = []
        for p in self.rows():
            row = [0] * len(columns)
            for c in p.cells:
                row[col_of[c]] = 1
            row[n + p.piece] = 1
            matrix.append(row)
        if self.leftover:
            for i in range(len(self.pieces)):
                row = [0] * len(columns)
                row[n + i] = 1
                matrix.append(row)
        return matrix, columns

    def to_text(self, solution: Iterable[Placement] | None, hole: str = " ", empty: str = ".") -> str:
        """A text picture: each piece's one-letter label on its cells, ``empty`` on free cells."""
        labels = {c: empty for c in self.region.cells}
        for p in solution or ():
            for c in p.cells:
                labels[c] = self.pieces.labels[p.piece]
        return _picture(labels, get_lattice(self.region.lattice), hole)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _sweep_order(region: Region) -> list[Cell]:
    """The region's cells numbered along its short side: column by column when it is wide."""
    xs = [x for x, _ in region.cells]
    ys = [y for _, y in region.cells]
    if max(xs) - min(xs) > max(ys) - min(ys):
        return sorted(region.cells)  # by x, then y: columns top to bottom
    return sorted(region.cells, key=lambda c: (c[1], c[0]))  # by y, then x: rows left to right
