"""Polyforms on the square and hex lattices: shapes, names, listing and counting.

A *polyform* of size ``n`` is a set of ``n`` edge-connected cells: a polyomino on
the square lattice, a polyhex on the hex lattice. Three ways to say when two of
them are "the same" give the three *kinds*:

``"fixed"``
    equal up to translation only;
``"one-sided"``
    equal up to translation and rotation (pieces that may be turned, not flipped);
``"free"``
    equal up to translation, rotation and reflection.

>>> count_polyforms(5, "square", "free"), count_polyforms(5, "square", "one-sided")
(12, 18)
>>> [p.name for p in polyforms(5)]
['F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z']
>>> F = Polyform.from_text(".##\\n##.\\n.#.")
>>> F.name, F.mirror().name, F.is_chiral
('F', "F'", True)

Names
-----
``Polyform.name`` names the one-sided class of a shape (rotations keep the name,
a reflection of a chiral shape adds or drops a prime ``'``).

* Pentominoes (square, size 5): the letters F I L N P T U V W X Y Z. The
  unprimed letter is the shape of the conventional picture below (Golomb's and
  Conway's letters, as most books draw them; rows top to bottom separated by
  ``/``, ``y`` growing downwards); the mirror image of a chiral one is primed.
  Cells are ``(x, y)``::

      F  .##/##./.#.    (1,0) (2,0) (0,1) (1,1) (1,2)
      I  #/#/#/#/#      (0,0) (0,1) (0,2) (0,3) (0,4)
      L  #./#./#./##    (0,0) (0,1) (0,2) (0,3) (1,3)
      N  .#/.#/##/#.    (1,0) (1,1) (0,2) (1,2) (0,3)
      P  ##/##/#.       (0,0) (1,0) (0,1) (1,1) (0,2)
      T  ###/.#./.#.    (0,0) (1,0) (2,0) (1,1) (1,2)
      U  #.#/###        (0,0) (2,0) (0,1) (1,1) (2,1)
      V  #../#../###    (0,0) (0,1) (0,2) (1,2) (2,2)
      W  #../##./.##    (0,0) (0,1) (1,1) (1,2) (2,2)
      X  .#./###/.#.    (1,0) (0,1) (1,1) (2,1) (1,2)
      Y  .#/##/.#/.#    (1,0) (0,1) (1,1) (1,2) (1,3)
      Z  ##./.#./.##    (0,0) (1,0) (1,1) (1,2) (2,2)

  F L N P Y Z are chiral: their mirror images are F' L' N' P' Y' Z', which
  gives the 18 one-sided pentominoes.
* Tetrominoes (square, size 4): I O T S L, pictured ``#/#/#/#``, ``##/##``,
  ``###/.#.``, ``.##/##.`` and ``#./#./##``; the mirror images are S' (Tetris's Z)
  and L' (Tetris's J).
* Other sizes up to :data:`INDEXED_NAMES_MAX` (8), on either lattice, and all
  polyhexes up to it: ``<prefix><n>-<k>``, with prefix ``O`` for polyominoes and
  ``H`` for polyhexes, and ``k`` (from 1) the position of the free shape in the
  *free order* defined below: ``"H5-1"`` ... ``"H5-22"`` are the 22 free
  pentahexes, ``"O3-1"`` and ``"O3-2"`` the two trominoes. The unprimed member of
  a chiral pair is the one that holds the free canonical form (see
  :meth:`Polyform.canonical`); its mirror is primed, ``"H5-2'"``.
* Larger shapes: ``<prefix><n>:<w>:<mask>``, an intrinsic code of the free
  canonical form: ``w`` its width and ``mask`` (hexadecimal) the sum of
  ``2 ** (y * w + x)`` over its cells ``(x, y)``; a prime as above. So naming a
  large shape never needs the list of all shapes of its size.

Order
-----
``polyforms(n, lattice, kind)`` lists the free shapes in the *free order*: sorted by
name for lettered sizes (tetrominoes, pentominoes), otherwise by free canonical
form (tuples of cells compared lexicographically). ``"one-sided"`` lists each free
shape followed, when chiral, by its primed mirror; ``"fixed"`` lists each one-sided
shape followed by its other distinct rotations, a sixth or quarter turn at a time
counter-clockwise. Each one-sided shape is listed in its *reference orientation*:
the picture above for lettered shapes, the free canonical form for the others, and
for a primed shape the mirror image (:meth:`Polyform.mirror`) of its partner's.

Listing builds every shape in memory (by growing the free shapes one cell at a
time): fine for lessons up to about 10 cells on the square lattice and 8 or 9 on
the hex one (a few seconds). Counting goes much further.

Counting
--------
:func:`count_polyforms` (and :func:`count_polyforms_upto` for all sizes at once)
counts fixed polyforms with Redelmeier's algorithm: each fixed shape is grown
exactly once from its first cell (top row, leftmost), without storing shapes,
and the last two levels are counted in closed form. One-sided and free counts
follow by Burnside's lemma from the fixed count and the few symmetric shapes.
Every fixed polyomino of up to 16 cells (about 140 million) takes seconds.
:func:`known_counts` reads the table shipped with the kit, and
``python -m xochintlan_hex.polyforms`` writes it (see :func:`main`).
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from xochintlan_hex.display import ShowsItself
from xochintlan_hex.lattice import Cell, Lattice, get_lattice, is_connected

KINDS = ("fixed", "one-sided", "free")

#: sizes up to this get the readable index names ``O7-12``, ``H5-3'``
INDEXED_NAMES_MAX = 8

_PREFIX = {"square": "O", "hex": "H"}

_PENTOMINO_PICTURES = {
    "F": ".##\n##.\n.#.",
    "I": "#\n#\n#\n#\n#",
    "L": "#.\n#.\n#.\n##",
    "N": ".#\n.#\n##\n#.",
    "P": "##\n##\n#.",
    "T": "###\n.#.\n.#.",
    "U": "#.#\n###",
    "V": "#..\n#..\n###",
    "W": "#..\n##.\n.##",
    "X": ".#.\n###\n.#.",
    "Y": ".#\n##\n.#\n.#",
    "Z": "##.\n.#.\n.##",
}

_TETROMINO_PICTURES = {
    "I": "#\n#\n#\n#",
    "L": "#.\n#.\n##",
    "O": "##\n##",
    "S": ".##\n##.",
    "T": "###\n.#.",
}

_LETTERED = {("square", 4): _TETROMINO_PICTURES, ("square", 5): _PENTOMINO_PICTURES}


# ---------------------------------------------------------------------------
# argument checks
# ---------------------------------------------------------------------------
def _check_n(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be an int >= 1, not {n!r}")
    return n


def _check_kind(kind: object) -> str:
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"kind must be one of {list(KINDS)}, not {kind!r}")
    return kind


# ---------------------------------------------------------------------------
# symmetries as integer matrices: fast canonical forms
# ---------------------------------------------------------------------------
Matrix = tuple[int, int, int, int]


@functools.cache
def _matrices(lattice_name: str) -> tuple[Matrix, ...]:
    """The lattice symmetries, in ``Lattice.symmetries()`` order, as matrices.

    Every symmetry fixing the origin is linear in the cell coordinates, so
    ``(x, y) -> (a*x + b*y, c*x + d*y)`` with ``(a, c)`` the image of ``(1, 0)``
    and ``(b, d)`` the image of ``(0, 1)``.
    """
    lat = get_lattice(lattice_name)
    result = []
    for sym in lat.symmetries():
        a, c = sym((1, 0))
        b, d = sym((0, 1))
        result.append((a, b, c, d))
    return tuple(result)


def _transform(cells: Iterable[Cell], m: Matrix) -> tuple[Cell, ...]:
    """Apply the matrix ``m`` to ``cells`` and translate to the normal form."""
    a, b, c, d = m
    moved = [(a * x + b * y, c * x + d * y) for x, y in cells]
    mx = min(p[0] for p in moved)
    my = min(p[1] for p in moved)
    return tuple(sorted((x - mx, y - my) for x, y in moved))


def _canonical_key(cells: Sequence[Cell], lattice_name: str, kind: str) -> tuple[Cell, ...]:
    """The smallest normal form of ``cells`` over the symmetries allowed by ``kind``."""
    mats = _matrices(lattice_name)
    if kind == "fixed":
        return _transform(cells, mats[0])
    if kind == "one-sided":
        mats = mats[: len(mats) // 2]
    return min(_transform(cells, m) for m in mats)


# ---------------------------------------------------------------------------
# Polyform
# ---------------------------------------------------------------------------
class Polyform(ShowsItself):
    """A set of edge-connected cells on one lattice, up to translation.

    ``cells`` is any iterable of ``(x, y)`` (square) or ``(q, r)`` (hex) pairs of
    ints; ``lattice`` is ``"square"``, ``"hex"`` or a :class:`Lattice`. The value
    is immutable and hashable; two polyforms are equal when they lie on the same
    lattice and their cells are equal after a translation.

    >>> Polyform([(5, 5), (6, 5), (6, 6)]) == Polyform([(0, 0), (1, 0), (1, 1)])
    True
    >>> P = Polyform([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    >>> P, len(P), P.cells[:2]
    (Polyform('P', square), 5, ((0, 0), (0, 1)))
    >>> print(P.rotate().to_text())
    ##.
    ###
    """

    # _name caches the name: players and lessons ask for it in tight loops.
    __slots__ = ("_cells", "_lat", "_name")
    _cells: tuple[Cell, ...]
    _lat: Lattice
    _name: str

    def __init__(self, cells: Iterable[Cell], lattice: str | Lattice = "square") -> None:
        lat = get_lattice(lattice)
        cell_list = _checked_cells(cells)
        if not is_connected(cell_list, lat):
            raise ValueError(f"cells must be edge-connected on the {lat.name} lattice: {sorted(cell_list)}")
        object.__setattr__(self, "_lat", lat)
        object.__setattr__(self, "_cells", lat.normalize(cell_list))

    @classmethod
    def _trusted(cls, cells: tuple[Cell, ...], lat: Lattice) -> Polyform:
        """Build from cells already normalized and connected (no checks)."""
        self = object.__new__(cls)
        object.__setattr__(self, "_lat", lat)
        object.__setattr__(self, "_cells", cells)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Polyform is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Polyform is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Polyform, (self._cells, self._lat.name))

    # -- text pictures --------------------------------------------------------
    @classmethod
    def from_text(cls, text: str, lattice: str | Lattice = "square") -> Polyform:
        """Parse a small picture: ``.`` or a space is empty, any other character a cell.

        Square: line ``y`` (from 0, top to bottom), character ``x``.

        Hex: line ``r``, and each hexagon two characters wide, so that the cells of
        line ``r`` sit at the columns ``c`` with ``c = 2 * q + r`` (each line is
        shifted half a cell right of the one above, as pointy-top hexagons are
        drawn). Only the parity of ``c + r`` must agree between cells, so the
        picture may start with any indent; :meth:`to_text` writes this format.

        >>> Polyform.from_text(".##\\n##.\\n.#.").name
        'F'
        >>> bee = Polyform.from_text("# #\\n # #", "hex")
        >>> bee.cells, bee.size
        (((0, 0), (0, 1), (1, 0), (1, 1)), 4)
        """
        lat = get_lattice(lattice)
        if not isinstance(text, str):
            raise ValueError(f"text must be a str, not {type(text).__name__}")
        marks = [
            (c, r)
            for r, line in enumerate(text.strip("\n").split("\n"))
            for c, ch in enumerate(line)
            if ch not in ". \t\r"
        ]
        if not marks:
            raise ValueError("text holds no cell: mark cells with any character but '.' and ' '")
        if lat.name == "square":
            return cls(marks, lat)
        parity = (marks[0][0] + marks[0][1]) % 2
        bad = [(c, r) for c, r in marks if (c + r) % 2 != parity]
        if bad:
            raise ValueError(
                "text: on the hex lattice, cells of consecutive lines are offset by one column "
                f"and cells of one line two columns apart; column {bad[0][0]} of line {bad[0][1]} breaks that"
            )
        return cls([((c - r - parity) // 2, r) for c, r in marks], lat)

    def to_text(self, cell: str = "#", empty: str = ".") -> str:
        """A text picture of the cells (the format :meth:`from_text` reads).

        >>> print(Polyform([(0, 0), (1, 0), (1, 1)]).to_text())
        ##
        .#
        >>> print(Polyform([(0, 0), (1, 0), (0, 1)], "hex").to_text())
        # #
         #
        """
        cells = set(self._cells)
        if self._lat.name == "square":
            width = max(x for x, _ in cells) + 1
            height = max(y for _, y in cells) + 1
            return "\n".join("".join(cell if (x, y) in cells else empty for x in range(width)) for y in range(height))
        columns = {(2 * q + r, r) for q, r in cells}
        left = min(c for c, _ in columns)
        right = max(c for c, _ in columns)
        height = max(r for _, r in cells) + 1
        lines = []
        for r in range(height):
            chars = []
            for c in range(left, right + 1):
                if (c - r) % 2:
                    chars.append(" ")
                else:
                    chars.append(cell if (c, r) in columns else empty)
            lines.append("".join(chars).rstrip())
        return "\n".join(lines)

    # -- basic properties -----------------------------------------------------
    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells, translated so the smallest coordinates are 0, sorted."""
        return self._cells

    @property
    def lattice(self) -> str:
        """The lattice name: ``"square"`` or ``"hex"``."""
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
        return cell in self._cells

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Polyform):
            return NotImplemented
        return self._lat.name == other._lat.name and self._cells == other._cells

    def __hash__(self) -> int:
        return hash((self._lat.name, self._cells))

    def __lt__(self, other: Polyform) -> bool:
        # A total order (by lattice, size, cells) so lists of polyforms sort.
        if not isinstance(other, Polyform):
            return NotImplemented
        return (self._lat.name, len(self._cells), self._cells) < (other._lat.name, len(other._cells), other._cells)

    def __repr__(self) -> str:
        return f"Polyform({self.name!r}, {self._lat.name})"

    # -- symmetries -----------------------------------------------------------
    def _apply(self, index: int) -> Polyform:
        return Polyform._trusted(_transform(self._cells, _matrices(self._lat.name)[index]), self._lat)

    def rotate(self, turns: int = 1) -> Polyform:
        """Turn counter-clockwise by ``turns`` quarter turns (square) or sixth turns (hex).

        >>> Polyform.from_text("##.\\n.##").rotate().to_text()
        '.#\\n##\\n#.'
        """
        if isinstance(turns, bool) or not isinstance(turns, int):
            raise ValueError(f"turns must be an int, not {turns!r}")
        return self._apply(turns % self._lat.sides)

    def mirror(self) -> Polyform:
        """The mirror image (left and right swapped).

        >>> Polyform.from_text("#.\\n#.\\n##").mirror().to_text()
        '.#\\n.#\\n##'
        """
        return self._apply(self._lat.sides)

    def transform(self, index: int) -> Polyform:
        """Apply the lattice symmetry ``lattice.symmetries()[index]``.

        Indices ``0 .. s-1`` (``s`` = 4 or 6 sides) turn by that many steps
        counter-clockwise; ``s .. 2s-1`` mirror, then turn by ``index - s`` steps.
        """
        count = 2 * self._lat.sides
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise ValueError(f"index must be an int in 0..{count - 1}, not {index!r}")
        return self._apply(index)

    def canonical(self, kind: str = "free") -> Polyform:
        """The representative of this shape's class for ``kind``.

        It is the image, among those ``kind`` allows (only translations for
        "fixed"; rotations for "one-sided"; rotations and reflections for
        "free"), whose sorted cell tuple is smallest.

        >>> Polyform.from_text(".#\\n##").canonical("free").cells
        ((0, 0), (0, 1), (1, 0))
        """
        _check_kind(kind)
        return Polyform._trusted(_canonical_key(self._cells, self._lat.name, kind), self._lat)

    def symmetry_group(self) -> tuple[int, ...]:
        """The symmetries that map the shape onto itself (up to translation).

        Returned as indices into ``Lattice.symmetries()`` (see :meth:`transform`):
        ``0 .. s-1`` are the rotations by that many steps counter-clockwise, ``s ..
        2s-1`` a mirror followed by ``index - s`` steps. 0, the identity, is always
        there.

        >>> Polyform.from_text("##\\n##").symmetry_group()
        (0, 1, 2, 3, 4, 5, 6, 7)
        >>> Polyform.from_text("#.\\n##").symmetry_group()
        (0, 7)
        """
        mats = _matrices(self._lat.name)
        return tuple(i for i, m in enumerate(mats) if _transform(self._cells, m) == self._cells)

    @property
    def symmetry_order(self) -> int:
        """How many symmetries map the shape onto itself (1 to 8 or 12)."""
        return len(self.symmetry_group())

    @property
    def is_chiral(self) -> bool:
        """True when no rotation turns the shape into its mirror image."""
        return all(i < self._lat.sides for i in self.symmetry_group())

    def _repr_svg_(self) -> str:
        """The form as Jupyter shows it: a small card with its name and symmetry marks (drawn by
        :mod:`xochintlan_hex.drawing`, without matplotlib)."""
        from xochintlan_hex.drawing.polyform import polyform_svg

        return polyform_svg(self._lat, self._cells, name=self.name, symmetry=self.symmetry_order, chiral=self.is_chiral)

    def orientations(self, kind: str = "free") -> tuple[Polyform, ...]:
        """The distinct fixed forms of this shape's class for ``kind``.

        Those reached by rotations for "one-sided" (1, 2, 4 or 1, 2, 3, 6 of them),
        by rotations and reflections for "free", only itself for "fixed"; this
        form first, then in :meth:`transform` index order.

        >>> len(Polyform.from_text(".##\\n##.\\n.#.").orientations("free"))
        8
        >>> [p.to_text() for p in Polyform.from_text("##").orientations()]
        ['##', '#\\n#']
        """
        _check_kind(kind)
        count = {"fixed": 1, "one-sided": self._lat.sides, "free": 2 * self._lat.sides}[kind]
        seen: dict[Polyform, None] = {}
        for i in range(count):
            seen.setdefault(self._apply(i))
        return tuple(seen)

    # -- names ---------------------------------------------------------------
    @property
    def name(self) -> str:
        """The name of the shape's one-sided class (see the module docstring).

        >>> Polyform.from_text("#####").name, Polyform.from_text("##\\n#.\\n#.").name
        ('I', "L'")
        """
        try:
            return self._name
        except AttributeError:
            pass
        key = _canonical_key(self._cells, self._lat.name, "one-sided")
        table = _name_table(self._lat.name, len(self._cells))
        name = table[key] if table is not None else _intrinsic_name(self._cells, self._lat.name, key)
        object.__setattr__(self, "_name", name)
        return name


def _checked_cells(cells: Iterable[Cell]) -> list[Cell]:
    if isinstance(cells, (str, bytes)):
        raise ValueError("cells must be an iterable of (x, y) pairs of ints; use Polyform.from_text for pictures")
    try:
        cell_list = [tuple(c) for c in cells]
    except TypeError:
        raise ValueError(f"cells must be an iterable of (x, y) pairs of ints, not {cells!r}") from None
    if not cell_list:
        raise ValueError("cells must hold at least one cell, got none")
    cell_list = [as_cell(c) for c in cell_list]
    if len(set(cell_list)) != len(cell_list):
        dup = next(c for c in cell_list if cell_list.count(c) > 1)
        raise ValueError(f"cells must be distinct: {dup} appears more than once")
    return cell_list  # type: ignore[return-value]


def as_cell(c: Any) -> Cell:
    """``c`` as a pair of plain ints (numpy integers welcome, bools refused)."""
    try:
        if len(c) != 2 or any(isinstance(v, bool) for v in c):
            raise TypeError
        return (operator.index(c[0]), operator.index(c[1]))
    except TypeError:
        raise ValueError(f"cells must be (x, y) pairs of ints, not {c!r}") from None


def _intrinsic_name(cells: tuple[Cell, ...], lattice_name: str, one_sided_key: tuple[Cell, ...]) -> str:
    free = _canonical_key(cells, lattice_name, "free")
    width = max(x for x, _ in free) + 1
    mask = sum(1 << (y * width + x) for x, y in free)
    prime = "" if _canonical_key(free, lattice_name, "one-sided") == one_sided_key else "'"
    return f"{_PREFIX[lattice_name]}{len(cells)}:{width}:{mask:x}{prime}"


# ---------------------------------------------------------------------------
# listing
# ---------------------------------------------------------------------------
@functools.cache
def _free_keys(lattice_name: str, n: int) -> tuple[tuple[Cell, ...], ...]:
    """Free canonical forms of size ``n``, sorted: grow each one of size n-1 by a cell.

    Every polyform has a cell whose removal leaves it connected (a leaf of a
    spanning tree), so growing all free forms of size ``n - 1`` reaches all of
    size ``n``.
    """
    if n == 1:
        return (((0, 0),),)
    lat = get_lattice(lattice_name)
    found: set[tuple[Cell, ...]] = set()
    for key in _free_keys(lattice_name, n - 1):
        cells = set(key)
        frontier = {nb for c in key for nb in lat.neighbours(c)} - cells
        for new in frontier:
            found.add(_canonical_key(key + (new,), lattice_name, "free"))
    return tuple(sorted(found))


@functools.cache
def _reference_forms(lattice_name: str, n: int) -> tuple[tuple[str, tuple[Cell, ...]], ...]:
    """(name, reference cells) of each one-sided shape, in the documented order."""
    lat = get_lattice(lattice_name)
    pictures = _LETTERED.get((lattice_name, n))
    if pictures is not None:
        bases = [(letter, Polyform.from_text(pictures[letter], lat)) for letter in sorted(pictures)]
    else:
        bases = []
        for k, key in enumerate(_free_keys(lattice_name, n), start=1):
            cells = Polyform._trusted(key, lat)
            bases.append((_indexed_or_intrinsic(lattice_name, n, k, key), cells))
    result = []
    for name, form in bases:
        result.append((name, form.cells))
        if form.is_chiral:
            result.append((name + "'", form.mirror().cells))
    return tuple(result)


def _indexed_or_intrinsic(lattice_name: str, n: int, k: int, key: tuple[Cell, ...]) -> str:
    if n <= INDEXED_NAMES_MAX:
        return f"{_PREFIX[lattice_name]}{n}-{k}"
    return _intrinsic_name(key, lattice_name, _canonical_key(key, lattice_name, "one-sided"))


@functools.cache
def _name_table(lattice_name: str, n: int) -> dict[tuple[Cell, ...], str] | None:
    """One-sided canonical key -> name, for the sizes with letter or index names."""
    if (lattice_name, n) not in _LETTERED and n > INDEXED_NAMES_MAX:
        return None
    return {_canonical_key(cells, lattice_name, "one-sided"): name for name, cells in _reference_forms(lattice_name, n)}


def polyforms(
    n: int, lattice: str | Lattice = "square", kind: str = "free", force: bool = False
) -> tuple[Polyform, ...]:
    """Every polyform of size ``n`` of the given ``kind``, once each, in the documented order.

    See the module docstring for the order and the orientation each shape is
    listed in. Free and one-sided lists hold one representative per class.
    Every shape is built and kept in memory, so a size with more than
    :data:`MAX_LISTED_FORMS` one-sided forms (polyominoes of 13 cells, polyhexes
    of 11) is refused unless ``force=True``: count those with
    :func:`count_polyforms` instead.

    >>> [p.name for p in polyforms(4)]
    ['I', 'L', 'O', 'S', 'T']
    >>> len(polyforms(5, "square", "one-sided")), len(polyforms(5, "hex", "one-sided"))
    (18, 33)
    >>> polyforms(3, "hex")
    (Polyform('H3-1', hex), Polyform('H3-2', hex), Polyform('H3-3', hex))
    """
    _check_n(n)
    lat = get_lattice(lattice)
    _check_kind(kind)
    listed = estimated_count(n, lat, "one-sided")
    if listed > MAX_LISTED_FORMS and not force:
        raise ValueError(
            f"polyforms({n}, {lat.name!r}) would build {_about(listed)} one-sided shapes "
            f"in memory, past the limit of {MAX_LISTED_FORMS:,}; count them with "
            "count_polyforms, or pass force=True"
        )
    refs = _reference_forms(lat.name, n)
    if kind == "free":
        refs = tuple((name, cells) for name, cells in refs if not name.endswith("'"))
    forms = tuple(Polyform._trusted(cells, lat) for _, cells in refs)
    if kind != "fixed":
        return forms
    return tuple(o for form in forms for o in form.orientations("one-sided"))


# ---------------------------------------------------------------------------
# counting fixed polyforms: Redelmeier's algorithm on bit sets
# ---------------------------------------------------------------------------
# Redelmeier grows every fixed polyform exactly once from its first cell (the
# origin; every other cell lies after it: on a later row, or later on row 0).
# A node holds the polyform so far, an *untried* set of cells that may still be
# added, and the set of cells already *free* to be offered (never seen on this
# path). Each untried cell in turn is added (one new polyform), its unseen
# neighbours join the untried set for the subtree, and it is then dropped so
# that later siblings never add it again.
#
# Cells are bits of one Python int laid out row by row, rows W = 2N + 1 bits wide
# so that a neighbour is a fixed shift and never wraps to the other edge. Only
# cells within N - 1 steps of the origin are in the region: no other can belong to
# an N-cell polyform.
#
# The last two levels are counted without visiting them. A node with k untried
# cells has k children; the i-th (i = 0..k-1) has k - 1 - i untried cells left
# plus its own unseen neighbours, and each of those is one grandchild. So a node
# at size N - 2 contributes k polyforms of size N - 1 and
#     k (k - 1) / 2 + #{(c, d) : c untried, d free, c and d neighbours}
# of size N, and that pair count is a popcount per direction of (untried shifted
# one step) & free: a handful of big-int operations instead of a loop.


def _region(lat: Lattice, size: int) -> tuple[int, list[int], int, list[int]]:
    """The bit layout for polyforms of up to ``size`` cells grown from the origin.

    Returns ``(region, neighbours, origin, shifts)``: the region as a bit set,
    ``neighbours[i]`` the region neighbours of the cell whose bit is ``1 << (i - 1)``
    (indexed by ``bit_length`` so a lowest bit looks its neighbours up directly),
    the origin bit, and the bit shift of each direction.
    """
    width = 2 * size + 1

    def bit(x: int, y: int) -> int:
        return y * width + x + size

    cells = [
        (x, y)
        for y in range(size)
        for x in range(-size + 1, size)
        if (y > 0 or x >= 0) and lat.distance((0, 0), (x, y)) <= size - 1
    ]
    inside = set(cells)
    region = sum(1 << bit(x, y) for x, y in cells)
    neighbours = [0] * (size * width + 1)
    for cell in cells:
        neighbours[bit(*cell) + 1] = sum(1 << bit(*nb) for nb in lat.neighbours(cell) if nb in inside)
    shifts = [dx + dy * width for dx, dy in lat.directions]
    return region, neighbours, 1 << bit(0, 0), shifts


def _pair_counter(shifts: list[int]) -> Callable[[int, int], int]:
    """A function ``(untried, free) -> number of (untried, free) neighbour pairs``."""
    positive = sorted(s for s in shifts if s > 0)
    if len(positive) == 2:
        a, b = positive

        def pairs(u: int, f: int) -> int:
            return (
                ((u << a) & f).bit_count()
                + ((u >> a) & f).bit_count()
                + ((u << b) & f).bit_count()
                + ((u >> b) & f).bit_count()
            )

    else:
        a, b, c = positive

        def pairs(u: int, f: int) -> int:
            return (
                ((u << a) & f).bit_count()
                + ((u >> a) & f).bit_count()
                + ((u << b) & f).bit_count()
                + ((u >> b) & f).bit_count()
                + ((u << c) & f).bit_count()
                + ((u >> c) & f).bit_count()
            )

    return pairs


#: Depth of the Redelmeier tree at which a long count reports its progress: a few
#: hundred nodes, so the report costs nothing next to the counting below them.
PROGRESS_DEPTH = 6


def _redelmeier(lat: Lattice, size: int, progress: Callable[[int], None] | None = None) -> list[int]:
    """``counts[k]`` = number of fixed polyforms of ``k`` cells, for every k <= size.

    ``progress``, if given, is called now and then with how many polyforms of
    ``size`` cells have been counted so far.
    """
    counts = [0] * (size + 1)
    counts[1] = 1
    if size == 1:
        return counts
    region, neighbours, origin, shifts = _region(lat, size)
    pairs = _pair_counter(shifts)
    free = region & ~origin
    untried = neighbours[origin.bit_length()] & free
    free ^= untried
    if size <= 3:
        k = untried.bit_count()
        counts[2] = k
        if size == 3:
            counts[3] = k * (k - 1) // 2 + pairs(untried, free)
        return counts
    last = size - 2

    def last_levels(untried: int, free: int) -> None:
        # the children of this node have size N - 2: count them and their subtrees
        nodes = total_k = total_k2 = total_pairs = 0
        while untried:
            low = untried & -untried
            untried ^= low
            new = neighbours[low.bit_length()] & free
            child_untried = untried | new
            k = child_untried.bit_count()
            nodes += 1
            total_k += k
            total_k2 += k * k
            total_pairs += pairs(child_untried, free ^ new)
        counts[last] += nodes
        counts[last + 1] += total_k
        counts[last + 2] += total_pairs + (total_k2 - total_k) // 2

    def grow(untried: int, free: int, depth: int) -> None:
        child = depth + 1
        if child == last:
            last_levels(untried, free)
            return
        while untried:
            low = untried & -untried
            untried ^= low
            counts[child] += 1
            new = neighbours[low.bit_length()] & free
            grow(untried | new, free ^ new, child)
            if progress is not None and child == PROGRESS_DEPTH:
                progress(counts[size])

    grow(untried, free, 1)
    return counts


_FIXED_COUNTS: dict[str, list[int]] = {}


def _fixed_counts(lattice_name: str, size: int, progress: Callable[[int], None] | None = None) -> list[int]:
    """Fixed counts up to ``size`` (one Redelmeier run gives every smaller size too)."""
    known = _FIXED_COUNTS.get(lattice_name, [0])
    if len(known) <= size:
        known = _redelmeier(get_lattice(lattice_name), size, progress)
        _FIXED_COUNTS[lattice_name] = known
    return known


# ---------------------------------------------------------------------------
# counting symmetric polyforms, for Burnside's lemma
# ---------------------------------------------------------------------------
# Burnside: the number of classes under a group G of symmetries is the average,
# over g in G, of the number of fixed polyforms that g maps onto a translate of
# themselves. For g the identity that is the fixed count. For another g, a
# polyform P with g(P) = P + t is mapped onto itself by the isometry h = g + t,
# a rotation about some centre or a reflection in some axis (a glide reflection
# leaves no finite set in place). Conjugating by translations moves h among the
# isometries g + t' with t' - t in (I - g)Z^2, moving P along, so each class of
# centres or axes is counted once: for rotations, the sets exactly invariant under
# h; for reflections, the invariant sets up to translation along the axis.
#
# A set invariant under h is a union of orbits of h (the cells it visits), so the
# count runs Redelmeier on the orbits (joined when some of their cells touch),
# with each orbit weighing its number of cells, and keeps the unions of n cells
# that are connected as cells. Only cells within n - 1 steps of their image can
# occur, which bounds the region. These polyforms are rare, so this part is fast.


def _apply(m: Matrix, v: Cell) -> Cell:
    a, b, c, d = m
    return (a * v[0] + b * v[1], c * v[0] + d * v[1])


def _matrix_order(m: Matrix) -> int:
    k, image = 1, m
    while image != (1, 0, 0, 1):
        a, b, c, d = image
        image = (m[0] * a + m[1] * c, m[0] * b + m[1] * d, m[2] * a + m[3] * c, m[2] * b + m[3] * d)
        k += 1
    return k


def _isometries(m: Matrix) -> list[Cell]:
    """One translation ``t`` per class of isometries ``v -> m v + t`` of finite order.

    Square: 2 centres for the quarter turn (a cell, a corner), 4 for the half turn
    (cell, two edges, corner), 2 vertical or horizontal axes (through cells, along
    edges), 1 diagonal axis. Hex: 1 centre for the sixth turn, 3 for the third
    turn (a cell, two kinds of corner), 4 for the half turn (a cell, three
    edges), 1 axis for each reflection.
    """
    order = _matrix_order(m)
    small = sorted(_box(2), key=lambda t: (abs(t[0]) + abs(t[1]), t))
    image = set()
    for s in _box(12):
        ms = _apply(m, s)
        image.add((s[0] - ms[0], s[1] - ms[1]))
    classes: list[Cell] = []
    for t in small:
        total, step = (0, 0), t
        for _ in range(order):  # h^order = translation by t + m t + ... ; it must vanish
            total = (total[0] + step[0], total[1] + step[1])
            step = _apply(m, step)
        if total == (0, 0) and not any((t[0] - r[0], t[1] - r[1]) in image for r in classes):
            classes.append(t)
    return classes


def _box(reach: int) -> list[Cell]:
    """Every cell ``(x, y)`` with ``|x|, |y| <= reach``, row by row."""
    return [(x, y) for x in range(-reach, reach + 1) for y in range(-reach, reach + 1)]


def _axis_form(m: Matrix) -> tuple[Cell, int]:
    """For a reflection ``m``: a linear form ``phi`` constant on its orbits and the
    step ``g > 0`` by which ``phi`` grows under the smallest translation along the axis."""
    small = sorted(_box(2), key=lambda t: (abs(t[0]) + abs(t[1]), t))
    a, b, c, d = m
    # phi o m = phi, written out for phi = (p, q)
    phi = next(p for p in small if p != (0, 0) and p[0] * (1 - a) == p[1] * c and p[1] * (1 - d) == p[0] * b)
    along = next(e for e in small if e != (0, 0) and _apply(m, e) == e)
    step = phi[0] * along[0] + phi[1] * along[1]
    return (phi, step) if step > 0 else ((-phi[0], -phi[1]), -step)


def _orbits(lat: Lattice, n: int, m: Matrix, t: Cell, reflection: bool) -> list[tuple[Cell, ...]]:
    """Orbits of ``v -> m v + t`` that can lie in an invariant polyform of ``n`` cells,
    in root order (for reflections, by ``phi`` first, with ``phi`` of the root in [0, g))."""

    def h(v: Cell) -> Cell:
        x, y = _apply(m, v)
        return (x + t[0], y + t[1])

    box = _box(2 * n + 2)
    cells = [v for v in box if lat.distance(v, h(v)) <= n - 1]
    if reflection:
        phi, step = _axis_form(m)
        longest = max(abs(phi[0] * dx + phi[1] * dy) for dx, dy in lat.directions) * (n - 1) + step
        cells = [v for v in cells if 0 <= phi[0] * v[0] + phi[1] * v[1] < longest]
    seen: set[Cell] = set()
    orbits = []
    for v in cells:
        if v in seen:
            continue
        orbit = [v]
        while (w := h(orbit[-1])) != v:
            orbit.append(w)
        seen.update(orbit)
        if len(orbit) <= n:
            orbits.append(tuple(sorted(orbit)))
    if reflection:
        return sorted(orbits, key=lambda o: (phi[0] * o[0][0] + phi[1] * o[0][1], o))
    return sorted(orbits)


def _count_invariant(lat: Lattice, n: int, m: Matrix, t: Cell, reflection: bool) -> int:
    """Connected ``n``-cell unions of orbits of ``v -> m v + t`` (up to moves along the axis)."""
    orbits = _orbits(lat, n, m, t, reflection)
    if not orbits:
        return 0
    index = {v: i for i, orbit in enumerate(orbits) for v in orbit}
    x0 = min(v[0] for v in index) - 1
    y0 = min(v[1] for v in index) - 1
    width = max(v[0] for v in index) - x0 + 2
    masks = [sum(1 << ((y - y0) * width + x - x0) for x, y in orbit) for orbit in orbits]
    weights = [len(orbit) for orbit in orbits]
    adjacent = [
        sorted({index[nb] for v in orbit for nb in lat.neighbours(v) if nb in index} - {i})
        for i, orbit in enumerate(orbits)
    ]
    steps = [s for s in (dx + dy * width for dx, dy in lat.directions) if s > 0]
    if reflection:
        phi, step = _axis_form(m)
        roots = [i for i, o in enumerate(orbits) if phi[0] * o[0][0] + phi[1] * o[0][1] < step]
    else:
        roots = list(range(len(orbits)))

    def connected(cells: int) -> bool:
        reach = cells & -cells
        while True:
            grown = reach
            for s in steps:
                grown |= (reach << s) | (reach >> s)
            grown &= cells
            if grown == reach:
                return reach == cells
            reach = grown

    total = 0

    def grow(untried: list[int], seen: int, weight: int, cells: int, root: int) -> None:
        nonlocal total
        while untried:
            o = untried.pop()
            w = weight + weights[o]
            if w > n:
                continue
            union = cells | masks[o]
            if w == n:
                total += connected(union)
                continue
            new = [j for j in adjacent[o] if j > root and not seen >> j & 1]
            grow(untried + new, seen | sum(1 << j for j in new), w, union, root)

    for root in roots:
        grow([root], 1 << root, 0, 0, root)
    return total


@functools.cache
def _symmetric_counts(lattice_name: str, n: int) -> tuple[int, ...]:
    """For each symmetry (index into ``Lattice.symmetries()``), the fixed polyforms it
    maps onto a translate of themselves; conjugate symmetries share one computation."""
    lat = get_lattice(lattice_name)
    mats = _matrices(lattice_name)
    half = lat.sides
    counts = [_fixed_counts(lattice_name, n)[n]] + [0] * (len(mats) - 1)
    done: dict[Matrix, int] = {}
    for i in range(1, len(mats)):
        m = mats[i]
        if m not in done:
            value = sum(_count_invariant(lat, n, m, t, i >= half) for t in _isometries(m))
            for conjugate in _conjugates(mats, m):
                done[conjugate] = value
        counts[i] = done[m]
    return tuple(counts)


def _conjugates(mats: tuple[Matrix, ...], m: Matrix) -> set[Matrix]:
    def mul(p: Matrix, q: Matrix) -> Matrix:
        a, b, c, d = p
        return (a * q[0] + b * q[2], a * q[1] + b * q[3], c * q[0] + d * q[2], c * q[1] + d * q[3])

    def inverse(p: Matrix) -> Matrix:
        return next(q for q in mats if mul(p, q) == (1, 0, 0, 1))

    return {mul(mul(g, m), inverse(g)) for g in mats}


#: Most one-sided shapes :func:`polyforms` builds without ``force=True`` (about
#: 150 MB and half a minute: polyominoes up to 12 cells, polyhexes up to 10).
MAX_LISTED_FORMS = 150_000

#: Most fixed polyforms :func:`count_polyforms` walks through without ``force=True``
#: (Redelmeier's algorithm goes through about ten million a second: a few minutes;
#: polyominoes up to 17 cells, polyhexes up to 15).
MAX_COUNTED_FORMS = 2_000_000_000

#: Growth constants (fixed polyforms multiply by about this per added cell), to
#: estimate sizes beyond the shipped table (Jensen; Voge and Guttmann).
GROWTH = {"square": 4.0626, "hex": 5.1831}


def estimated_count(n: int, lattice: str | Lattice = "square", kind: str = "fixed") -> float:
    """The number of polyforms of size ``n``: exact from the shipped table, else estimated.

    Beyond the table, the largest known count is multiplied by the lattice's
    growth constant once per extra cell (``math.inf`` once that overflows).

    >>> estimated_count(16, "square", "fixed")
    104592937.0
    >>> f"{estimated_count(20, 'square', 'fixed'):.1e}"
    '2.8e+10'
    """
    _check_n(n)
    lat = get_lattice(lattice)
    known = known_counts(lat, kind)
    if n in known:
        return float(known[n])
    top = max(known)
    # n may have hundreds of digits: past a million extra cells the count is infinite anyway,
    # and n itself would overflow a float.
    extra = min(n - top, 10**6)
    log = math.log(known[top]) + extra * math.log(GROWTH[lat.name])
    return math.exp(log) if log < 700 else math.inf


def _about(count: float) -> str:
    if count == math.inf:
        return "more than 10^300"
    return f"{count:,.0f}" if count < 1e7 else f"about {count:.1e}"


def _about_size(n: int) -> str:
    """A size as a person reads it: a number of hundreds of digits is not printed whole."""
    digits = len(str(n))
    return str(n) if digits <= 12 else f"a {digits}-digit number of"


def check_count_cost(n_max: int, lattice: str | Lattice = "square", force: bool = False) -> None:
    """Refuse to count up to ``n_max`` cells when it would walk more than
    :data:`MAX_COUNTED_FORMS` fixed polyforms, unless ``force``."""
    lat = get_lattice(lattice)
    work = estimated_count(n_max, lat, "fixed")
    if work == math.inf:  # not even --force: no machine would ever finish, or hold the table
        raise ValueError(
            f"counting {lat.name} polyforms up to {_about_size(n_max)} cells walks through "
            "more than 10^300 fixed polyforms; no machine can finish it, even with --force"
        )
    if work > MAX_COUNTED_FORMS and not force:
        raise ValueError(
            f"counting {lat.name} polyforms up to {n_max} cells walks through "
            f"{_about(work)} fixed polyforms, past the limit of "
            f"{MAX_COUNTED_FORMS:,} (a few minutes); choose a smaller size, or "
            "force it (--force, force=True)"
        )


def count_polyforms(n: int, lattice: str | Lattice = "square", kind: str = "fixed", force: bool = False) -> int:
    """How many polyforms of size ``n`` there are of the given ``kind``.

    Fixed: Redelmeier's algorithm (see the comments in the source), counting
    without storing any shape; one run for size ``n`` also counts every smaller
    size, and the results are kept for the session.

    One-sided and free: Burnside's lemma. The number of classes is the average,
    over the rotations (one-sided) or all symmetries (free), of the number of
    fixed polyforms each symmetry maps onto a translate of themselves; the
    identity contributes the fixed count and every other symmetry the few
    symmetric polyforms, counted as connected unions of the orbits of each
    rotation centre or mirror axis.

    >>> [count_polyforms(n) for n in range(1, 8)]
    [1, 2, 6, 19, 63, 216, 760]
    >>> count_polyforms(6, "hex", "free"), count_polyforms(10, "square", "one-sided")
    (82, 9189)

    Sizes that would take more than a few minutes are refused unless
    ``force=True`` (see :data:`MAX_COUNTED_FORMS`).
    """
    _check_n(n)
    lat = get_lattice(lattice)
    _check_kind(kind)
    check_count_cost(n, lat, force)
    if kind == "fixed":
        return _fixed_counts(lat.name, n)[n]
    per_symmetry = _symmetric_counts(lat.name, n)
    group = per_symmetry[: lat.sides] if kind == "one-sided" else per_symmetry
    classes, remainder = divmod(sum(group), len(group))
    assert remainder == 0, "Burnside's sum must be a multiple of the group order"
    return classes


def count_polyforms_upto(
    n_max: int,
    lattice: str | Lattice = "square",
    kind: str = "fixed",
    force: bool = False,
    progress: Callable[[int], None] | None = None,
) -> dict[int, int]:
    """``{n: count}`` for every size from 1 to ``n_max`` (one Redelmeier run for all).

    ``progress``, if given, is called during a long count with how many fixed
    polyforms of ``n_max`` cells have been counted so far (compare it with
    :func:`estimated_count` for a progress bar).

    >>> count_polyforms_upto(6, "hex", "one-sided")
    {1: 1, 2: 1, 3: 3, 4: 10, 5: 33, 6: 147}
    """
    _check_n(n_max)
    lat = get_lattice(lattice)
    _check_kind(kind)
    check_count_cost(n_max, lat, force)
    _fixed_counts(lat.name, n_max, progress)
    return {n: count_polyforms(n, lat, kind, force=True) for n in range(1, n_max + 1)}


# ---------------------------------------------------------------------------
# the counts table: python -m xochintlan_hex.polyforms
# ---------------------------------------------------------------------------
def counts_table(square_max: int = 16, hex_max: int = 14) -> list[tuple[str, str, int, int]]:
    """Rows ``(lattice, kind, n, count)``: every kind, square sizes up to ``square_max``
    and hex sizes up to ``hex_max`` (the contents of ``polyform_counts.csv``).

    >>> counts_table(2, 1)
    [('square', 'fixed', 1, 1), ('square', 'fixed', 2, 2), ('square', 'one-sided', 1, 1), \
('square', 'one-sided', 2, 1), ('square', 'free', 1, 1), ('square', 'free', 2, 1), ('hex', 'fixed', 1, 1), \
('hex', 'one-sided', 1, 1), ('hex', 'free', 1, 1)]
    """
    rows: list[tuple[str, str, int, int]] = []
    for lattice, top in (("square", square_max), ("hex", hex_max)):
        for kind in KINDS:
            rows.extend((lattice, kind, n, count) for n, count in count_polyforms_upto(top, lattice, kind).items())
    return rows


def known_counts(lattice: str | Lattice = "square", kind: str = "fixed") -> dict[int, int]:
    """``{n: count}`` from the table shipped with the kit (``data/polyform_counts.csv``),
    computed once by :func:`counts_table`: instant, and larger sizes than a lesson
    would wait for (polyominoes to 16 cells, polyhexes to 14).

    >>> known_counts("square", "free")[16]
    13079255
    """
    import csv
    from pathlib import Path

    lat = get_lattice(lattice)
    _check_kind(kind)
    # Beside this module rather than importlib.resources: the same in a wheel and in
    # an editable install, whichever way the package was found.
    text = (Path(__file__).with_name("data") / "polyform_counts.csv").read_text()
    return {
        int(row["n"]): int(row["count"])
        for row in csv.DictReader(text.splitlines())
        if row["lattice"] == lat.name and row["kind"] == kind
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Write the counts table as CSV (columns lattice, kind, n, count)."""
    import argparse
    import contextlib
    import csv
    import sys

    parser = argparse.ArgumentParser(
        prog="python -m xochintlan_hex.polyforms",
        description="Count fixed, one-sided and free polyominoes and polyhexes and write them as CSV.",
    )
    parser.add_argument("--square", type=int, default=16, metavar="N", help="largest polyomino size (default 16)")
    parser.add_argument("--hex", type=int, default=14, metavar="N", help="largest polyhex size (default 14)")
    parser.add_argument(
        "-o", "--output", nargs="+", default=["-"], metavar="FILE", help="CSV files to write (default: -, the screen)"
    )
    args = parser.parse_args(argv)
    try:
        rows = counts_table(args.square, args.hex)
    except ValueError as error:
        parser.error(str(error))
    for path in args.output:
        with contextlib.nullcontext(sys.stdout) if path == "-" else open(path, "w", newline="") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(["lattice", "kind", "n", "count"])
            writer.writerows(rows)


if __name__ == "__main__":
    main()
