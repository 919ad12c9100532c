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

Screen layout
    A :class:`Layout` (Red Blob Games' hexagon ``Layout``, generalised to the
    square lattice) places cells on a screen whose y grows downwards, as in SVG
    and HTML: an :class:`Orientation` (``POINTY`` or ``FLAT`` hexagons,
    ``SQUARES``), a cell size in pixels and an origin. It turns a cell into the
    pixel of its centre and back, gives a cell's corners and the view box around
    a set of cells. The kit's boards use :func:`screen_layout`, whose pointy
    hexagons and squares are those ``center``/``corners`` draw, scaled.

>>> layout = screen_layout(HEX, size=10.0)
>>> layout.cell_to_screen((1, 0)), layout.screen_to_cell(17.3, 0.4)
((17.32..., 0.0), (1, 0))
"""

from __future__ import annotations

import functools
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


# -- screen layout (Red Blob Games' Layout) --------------------------------------------------


@dataclass(frozen=True)
class Orientation:
    """How a lattice's cells sit on the screen: the matrix from cell coordinates to pixels (in cell
    sizes) and its inverse, the number of sides, and where the corners go.

    Screen y grows downwards. Corner ``k`` of a cell lies at ``start_angle - k * 360 / sides`` degrees
    (clockwise on the screen, that is counter-clockwise on a picture with y up, as
    :meth:`Lattice.corners` turns), ``corner_radius`` cell sizes from the centre.
    """

    name: str
    forward: tuple[float, float, float, float]
    backward: tuple[float, float, float, float]
    sides: int
    start_angle: float
    corner_radius: float

    @functools.cached_property
    def corner_offsets(self) -> tuple[Point, ...]:
        """Each corner's offset from a cell's centre, in cell sizes (computed once: boards draw many cells)."""
        step = 360.0 / self.sides
        angles = [math.radians(self.start_angle - k * step) for k in range(self.sides)]
        return tuple((self.corner_radius * math.cos(a), self.corner_radius * math.sin(a)) for a in angles)


#: hexagons with a corner at the top; cell size = circumradius (the kit's hex boards)
POINTY = Orientation("pointy", (SQRT3, SQRT3 / 2.0, 0.0, 1.5), (SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0), 6, 30.0, 1.0)
#: hexagons with a side at the top; cell size = circumradius
FLAT = Orientation("flat", (1.5, 0.0, SQRT3 / 2.0, SQRT3), (2.0 / 3.0, 0.0, -1.0 / 3.0, SQRT3 / 3.0), 6, 0.0, 1.0)
#: squares; cell size = the side of a square (the distance between neighbouring centres)
SQUARES = Orientation("square", (1.0, 0.0, 0.0, 1.0), (1.0, 0.0, 0.0, 1.0), 4, 45.0, math.sqrt(0.5))


@dataclass(frozen=True)
class Layout:
    """Cells on a screen (y down): an orientation, a cell size in pixels and the pixel of cell (0, 0).

    >>> layout = Layout(SQUARES, 20.0, (5.0, 5.0))
    >>> layout.cell_to_screen((2, 1)), layout.screen_to_cell(44.0, 26.0)
    ((45.0, 25.0), (2, 1))
    """

    orientation: Orientation
    size: float
    origin: Point = (0.0, 0.0)

    def cell_to_screen(self, cell: Cell) -> Point:
        """The pixel of ``cell``'s centre."""
        f0, f1, f2, f3 = self.orientation.forward
        q, r = cell
        return (self.origin[0] + self.size * (f0 * q + f1 * r), self.origin[1] + self.size * (f2 * q + f3 * r))

    def screen_to_cell(self, x: float, y: float) -> Cell:
        """The cell whose polygon covers the pixel ``(x, y)`` (rounding in cube coordinates for hexagons)."""
        b0, b1, b2, b3 = self.orientation.backward
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        q, r = b0 * px + b1 * py, b2 * px + b3 * py
        if self.orientation.sides == 4:
            return (round(q), round(r))
        return _cube_round(q, r)

    def offset(self, point: Point, dx: float, dy: float) -> Point:
        """The pixel ``(dx, dy)`` cell sizes from ``point``, with ``dy`` upwards (as the lattice's drawings
        measure): how a glyph or an icon is placed inside a cell."""
        return (point[0] + self.size * dx, point[1] - self.size * dy)

    def corners_around(self, centre: Point, scale: float = 1.0) -> list[Point]:
        """The polygon of a cell centred on the pixel ``centre``, shrunk by ``scale``; corners ``i`` and
        ``i + 1`` bound side ``i``."""
        cx, cy = centre
        reach = self.size * scale
        return [(cx + reach * dx, cy + reach * dy) for dx, dy in self.orientation.corner_offsets]

    def corners(self, cell: Cell, scale: float = 1.0) -> list[Point]:
        """The polygon of ``cell`` in pixels, shrunk about its centre by ``scale``."""
        return self.corners_around(self.cell_to_screen(cell), scale)

    def view_box(self, cells: Iterable[Cell], margin: float = 0.0) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` of the smallest box holding every corner of ``cells``, plus ``margin``
        pixels on each side (ValueError for no cells)."""
        corners = [p for cell in cells for p in self.corners(cell)]
        if not corners:
            raise ValueError("view_box needs at least one cell")
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        return (
            min(xs) - margin,
            min(ys) - margin,
            max(xs) - min(xs) + 2 * margin,
            max(ys) - min(ys) + 2 * margin,
        )


def screen_layout(lattice: str | Lattice, size: float, origin: Point = (0.0, 0.0)) -> Layout:
    """The layout the kit draws ``lattice`` with: squares, or pointy hexagons, of ``size`` pixels per
    drawing unit (a square's side, a hexagon's circumradius), as :meth:`Lattice.center` scaled, y down."""
    orientation = SQUARES if get_lattice(lattice).sides == 4 else POINTY
    return Layout(orientation, size, origin)


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
