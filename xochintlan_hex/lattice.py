"""Square and hex lattices: cells, neighbours, symmetries and drawing positions.

The two lattices read side by side, in the spirit of Red Blob Games' "Hexagonal
Grids": a cell is a pair of ints, a direction is a small offset, rotation and
reflection are tiny coordinate formulas, and pixel layout is kept apart from the
grid logic. All the kit's cell geometry lives here: steps between cells
(``distance``), and for drawing the centre of a cell (``center``), its polygon
(``corners``, ``corners_around``), points towards a side (``towards``) and the
cell under a point of a drawing (``cell_at``, rounding in cube coordinates on
the hex lattice).

Square lattice
    Cells ``(x, y)``. ``y`` grows *downwards*, like the rows of a text diagram,
    so a board prints the way it is drawn. Directions, counter-clockwise from
    east: ``0:(+1,0) 1:(0,-1) 2:(-1,0) 3:(0,+1)``.

Hex lattice
    Axial cells ``(q, r)``, pointy-top hexagons. Side/direction ``i`` (0..5),
    counter-clockwise from east: ``0:(+1,0) 1:(+1,-1) 2:(0,-1) 3:(-1,0)
    4:(-1,+1) 5:(0,+1)``. The side opposite ``i`` is ``(i + 3) % 6``.

>>> HEX.neighbours((0, 0))[1]
(1, -1)
>>> SQUARE.rotate((1, 0))          # a quarter turn counter-clockwise: east -> north
(0, -1)
>>> HEX.normalize([(3, 4), (4, 4)])
((0, 0), (1, 0))
>>> HEX.distance((0, 0), (2, -1)), SQUARE.distance((0, 0), (2, -1))
(2, 3)
>>> HEX.cell_at(*HEX.center((2, -1))), SQUARE.cell_at(1.2, -1.9)
((2, -1), (1, 2))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

Cell = tuple[int, int]
Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)


def _square_rotate(cell: Cell) -> Cell:
    # A quarter turn counter-clockwise on screen (y down): east (1,0) -> north (0,-1).
    x, y = cell
    return (y, -x)


def _hex_rotate(cell: Cell) -> Cell:
    # A sixth of a turn counter-clockwise: direction i -> direction i + 1.
    q, r = cell
    return (q + r, -q)


def _square_reflect(cell: Cell) -> Cell:
    # Mirror left-right.
    x, y = cell
    return (-x, y)


def _hex_reflect(cell: Cell) -> Cell:
    # Mirror left-right: swap the cube coordinates q and s = -q - r.
    q, r = cell
    return (-q - r, r)


def _square_center(cell: Cell) -> Point:
    x, y = cell
    return (float(x), -float(y))


def _hex_center(cell: Cell) -> Point:
    # Pointy-top hexagons of circumradius 1; screen y up, so r grows downwards.
    q, r = cell
    return (SQRT3 * (q + r / 2.0), -1.5 * r)


@dataclass(frozen=True)
class Lattice:
    """One lattice: its name, its directions and its symmetry formulas.

    Use the two instances :data:`SQUARE` and :data:`HEX` (or :func:`get_lattice`).
    """

    name: str
    directions: tuple[Cell, ...]
    _rotate: Callable[[Cell], Cell]
    _reflect: Callable[[Cell], Cell]
    _center: Callable[[Cell], Point]
    #: angle, in degrees, of the first corner counter-clockwise from east
    first_corner_angle: float
    #: distance from a cell's centre to its corners in drawing units
    circumradius: float

    # -- neighbourhood -------------------------------------------------------
    @property
    def sides(self) -> int:
        """Number of sides of a cell: 4 or 6."""
        return len(self.directions)

    def neighbour(self, cell: Cell, side: int) -> Cell:
        """The cell across ``side`` of ``cell``."""
        dx, dy = self.directions[side]
        return (cell[0] + dx, cell[1] + dy)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells sharing a side with ``cell``, in direction order."""
        x, y = cell
        return tuple((x + dx, y + dy) for dx, dy in self.directions)

    def opposite(self, side: int) -> int:
        """The side facing ``side`` from the neighbouring cell."""
        return (side + self.sides // 2) % self.sides

    def side_towards(self, cell: Cell, other: Cell) -> int:
        """The side of ``cell`` that ``other`` lies across (ValueError if not adjacent)."""
        offset = (other[0] - cell[0], other[1] - cell[1])
        try:
            return self.directions.index(offset)
        except ValueError:
            raise ValueError(f"{other} is not a neighbour of {cell} on the {self.name} lattice") from None

    # -- symmetries ----------------------------------------------------------
    def rotate(self, cell: Cell, turns: int = 1) -> Cell:
        """Rotate ``cell`` about the origin by ``turns`` steps counter-clockwise.

        One step is 90 degrees on the square lattice, 60 degrees on the hex one.
        """
        for _ in range(turns % self.sides):
            cell = self._rotate(cell)
        return cell

    def reflect(self, cell: Cell) -> Cell:
        """Mirror ``cell`` left-right about the vertical line through the origin."""
        return self._reflect(cell)

    def rotations(self) -> tuple[Callable[[Cell], Cell], ...]:
        """The rotation group: one cell map per rotation, identity first."""
        return tuple(_rotation(self, k) for k in range(self.sides))

    def symmetries(self) -> tuple[Callable[[Cell], Cell], ...]:
        """The full symmetry group (rotations, then reflections): 8 or 12 cell maps."""
        mirrored = tuple(_reflection_then_rotation(self, k) for k in range(self.sides))
        return self.rotations() + mirrored

    # -- translation ---------------------------------------------------------
    def normalize(self, cells: Iterable[Cell]) -> tuple[Cell, ...]:
        """Translate ``cells`` so that the smallest coordinates are 0, and sort them.

        Two cell sets are translates of each other exactly when their normal
        forms are equal.
        """
        cells = list(cells)
        if not cells:
            return ()
        min_x = min(c[0] for c in cells)
        min_y = min(c[1] for c in cells)
        return tuple(sorted((x - min_x, y - min_y) for x, y in cells))

    def distance(self, a: Cell, b: Cell) -> int:
        """The number of steps from cell ``a`` to cell ``b`` (through neighbours)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if self.sides == 4:
            return abs(dx) + abs(dy)
        return (abs(dx) + abs(dy) + abs(dx + dy)) // 2

    # -- drawing -------------------------------------------------------------
    def center(self, cell: Cell) -> Point:
        """Centre of ``cell`` in drawing units (y up; cells one unit apart on the square lattice)."""
        return self._center(cell)

    @property
    def apothem(self) -> float:
        """Distance from a cell's centre to the middle of its sides, in drawing units."""
        return self.circumradius * math.cos(math.pi / self.sides)

    def corners(self, cell: Cell) -> list[Point]:
        """The polygon of ``cell``, counter-clockwise, starting just clockwise of side 0."""
        return self.corners_around(self.center(cell))

    def corners_around(self, centre: Point, radius: float | None = None) -> list[Point]:
        """The polygon of a cell drawn at ``centre`` with circumradius ``radius`` (the lattice's by
        default), counter-clockwise; corners ``i`` and ``i + 1`` bound side ``i``."""
        cx, cy = centre
        radius = self.circumradius if radius is None else radius
        step = 360.0 / self.sides
        angles = (math.radians(self.first_corner_angle + k * step) for k in range(self.sides))
        return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]

    def towards(self, centre: Point, side: int, distance: float) -> Point:
        """The point ``distance`` from ``centre`` in the direction of ``side`` (side 0 is east)."""
        angle = math.radians(360.0 / self.sides * side)
        return centre[0] + distance * math.cos(angle), centre[1] + distance * math.sin(angle)

    def cell_at(self, x: float, y: float) -> Cell:
        """The cell whose drawing (``center``/``corners``) covers the point ``(x, y)``."""
        if self.sides == 4:
            # Square centres are (x, -y): y grows downwards on the board, upwards in drawings.
            return (round(x), round(-y))
        # Invert the pointy-top layout, then round in cube coordinates (Red Blob Games).
        r = -y / 1.5
        q = x / SQRT3 - r / 2.0
        return _cube_round(q, r)

    def side_corners(self, cell: Cell, side: int) -> tuple[Point, Point]:
        """The two corners that bound ``side`` of ``cell``."""
        corners = self.corners(cell)
        return corners[side], corners[(side + 1) % self.sides]


def _cube_round(q: float, r: float) -> Cell:
    """The hex cell nearest the fractional axial point ``(q, r)``."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    # The coordinate that moved most is the one to recompute from the other two.
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def _rotation(lattice: Lattice, turns: int) -> Callable[[Cell], Cell]:
    def rotate(cell: Cell) -> Cell:
        return lattice.rotate(cell, turns)

    return rotate


def _reflection_then_rotation(lattice: Lattice, turns: int) -> Callable[[Cell], Cell]:
    def transform(cell: Cell) -> Cell:
        return lattice.rotate(lattice.reflect(cell), turns)

    return transform


SQUARE = Lattice(
    name="square",
    directions=((1, 0), (0, -1), (-1, 0), (0, 1)),
    _rotate=_square_rotate,
    _reflect=_square_reflect,
    _center=_square_center,
    first_corner_angle=-45.0,
    circumradius=math.sqrt(0.5),
)

HEX = Lattice(
    name="hex",
    directions=((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)),
    _rotate=_hex_rotate,
    _reflect=_hex_reflect,
    _center=_hex_center,
    first_corner_angle=-30.0,
    circumradius=1.0,
)

LATTICES: dict[str, Lattice] = {"square": SQUARE, "hex": HEX}


def get_lattice(lattice: str | Lattice) -> Lattice:
    """Return the lattice named ``lattice`` ("square" or "hex"); a Lattice is passed through."""
    if isinstance(lattice, Lattice):
        return lattice
    try:
        return LATTICES[lattice]
    except (KeyError, TypeError):
        raise ValueError(f"lattice must be one of {sorted(LATTICES)}, not {lattice!r}") from None


def is_connected(cells: Sequence[Cell] | set[Cell], lattice: str | Lattice = "square") -> bool:
    """True when the cells form one edge-connected group (an empty set is not connected)."""
    lat = get_lattice(lattice)
    remaining = set(cells)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        cell = stack.pop()
        for n in lat.neighbours(cell):
            if n in remaining:
                remaining.remove(n)
                stack.append(n)
    return not remaining
