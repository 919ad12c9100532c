"""The square and hex lattices as docs/rules.md fixes them."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xochintlan_hex.lattice import HEX, SQUARE, get_lattice, is_connected

cells = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
lattices = st.sampled_from([SQUARE, HEX])


def test_directions_as_the_rules_fix_them():
    assert HEX.directions == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert set(SQUARE.directions) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert SQUARE.directions[0] == (1, 0) and SQUARE.directions[1] == (0, -1)  # east, then north (y down)
    assert (SQUARE.sides, HEX.sides) == (4, 6)


@pytest.mark.parametrize("lat", [SQUARE, HEX])
def test_opposite_sides_face_each_other(lat):
    for side in range(lat.sides):
        back = lat.opposite(side)
        assert lat.neighbour(lat.neighbour((2, 3), side), back) == (2, 3)
        assert lat.opposite(back) == side
    assert HEX.opposite(1) == 4


@pytest.mark.parametrize("lat", [SQUARE, HEX])
def test_neighbours_and_side_towards(lat):
    cell = (4, -2)
    for side, nb in enumerate(lat.neighbours(cell)):
        assert lat.neighbour(cell, side) == nb
        assert lat.side_towards(cell, nb) == side
    with pytest.raises(ValueError, match="not a neighbour"):
        lat.side_towards(cell, (cell[0] + 2, cell[1]))


@pytest.mark.parametrize("lat", [SQUARE, HEX])
def test_one_rotation_step_turns_each_direction_into_the_next(lat):
    for side, direction in enumerate(lat.directions):
        assert lat.rotate(direction) == lat.directions[(side + 1) % lat.sides]
        assert lat.rotate(direction, lat.sides) == direction
        assert lat.rotate(direction, -1) == lat.directions[side - 1]


@pytest.mark.parametrize("lat", [SQUARE, HEX])
def test_reflection_is_a_left_right_mirror(lat):
    east, west = lat.directions[0], lat.directions[lat.sides // 2]
    assert lat.reflect(east) == west
    for d in lat.directions:
        assert lat.reflect(lat.reflect(d)) == d
        mirrored = lat.reflect(d)
        # the drawing positions mirror in the vertical axis
        x, y = lat.center(d)
        mx, my = lat.center(mirrored)
        assert (mx, my) == pytest.approx((-x, y))


@given(lattices, cells, cells)
def test_symmetries_preserve_adjacency(lat, a, b):
    adjacent = b in lat.neighbours(a)
    for sym in lat.symmetries():
        assert (sym(b) in lat.neighbours(sym(a))) == adjacent


@pytest.mark.parametrize("lat, order", [(SQUARE, 8), (HEX, 12)])
def test_symmetries_form_a_group_of_the_right_order(lat, order):
    probe = [(1, 0), (0, 1), (2, 3)]
    images = [tuple(s(c) for c in probe) for s in lat.symmetries()]
    assert len(set(images)) == order
    assert images[0] == tuple(probe)  # identity first
    assert [tuple(r(c) for c in probe) for r in lat.rotations()] == images[: order // 2]
    as_set = set(images)
    for s in lat.symmetries():
        for t in lat.symmetries():
            assert tuple(s(t(c)) for c in probe) in as_set


@given(lattices, st.lists(cells, min_size=1, max_size=8), cells)
def test_normalize_forgets_translation(lat, some, shift):
    moved = [(x + shift[0], y + shift[1]) for x, y in some]
    assert lat.normalize(moved) == lat.normalize(some)
    normal = lat.normalize(some)
    assert min(x for x, _ in normal) == 0 and min(y for _, y in normal) == 0
    assert list(normal) == sorted(normal)


def test_normalize_empty():
    assert SQUARE.normalize([]) == ()


@pytest.mark.parametrize("lat, spacing", [(SQUARE, 1.0), (HEX, math.sqrt(3))])
def test_centres_of_neighbours_are_one_cell_apart_in_the_direction_of_the_side(lat, spacing):
    for side, nb in enumerate(lat.neighbours((0, 0))):
        x, y = lat.center(nb)
        assert math.hypot(x, y) == pytest.approx(spacing)
        angle = math.degrees(math.atan2(y, x)) % 360
        assert angle == pytest.approx(side * 360 / lat.sides)


def test_square_y_grows_downwards_in_drawing():
    assert SQUARE.center((0, 1))[1] < SQUARE.center((0, 0))[1]
    assert HEX.center((0, 1))[1] < HEX.center((0, 0))[1]


@pytest.mark.parametrize("lat", [SQUARE, HEX])
def test_corners_bound_their_side(lat):
    cell = (2, -1)
    cx, cy = lat.center(cell)
    corners = lat.corners(cell)
    assert len(corners) == lat.sides
    for side in range(lat.sides):
        a, b = lat.side_corners(cell, side)
        assert (a, b) == (corners[side], corners[(side + 1) % lat.sides])
        # the midpoint of the side lies half-way to the neighbour's centre
        nx, ny = lat.center(lat.neighbour(cell, side))
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert mid == pytest.approx(((cx + nx) / 2, (cy + ny) / 2))
        # and neighbours share those two corners
        other = lat.corners(lat.neighbour(cell, side))
        assert any(p == pytest.approx(a) for p in other) and any(p == pytest.approx(b) for p in other)
    # counter-clockwise: positive signed area
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1])) / 2
    assert area > 0


def test_get_lattice():
    assert get_lattice("hex") is HEX and get_lattice(SQUARE) is SQUARE
    for bad in ["Hex", "triangle", None, 4]:
        with pytest.raises(ValueError, match="lattice must be one of"):
            get_lattice(bad)


def test_is_connected():
    assert is_connected([(0, 0), (1, 0), (1, 1)])
    assert not is_connected([(0, 0), (1, 1)])
    assert is_connected([(0, 0), (1, -1)], "hex")
    assert not is_connected([(0, 0), (1, 1)], "hex")
    assert not is_connected([])
    assert is_connected({(5, 5)}, HEX)


def test_cell_geometry_lives_in_lattice_alone():
    # pixel -> cell, rounding, distances and corners: one implementation, in lattice.py
    import re
    from pathlib import Path

    package = Path(__file__).resolve().parents[1] / "xochintlan_hex"
    geometry = re.compile(r"sqrt\(3|SQRT3|cube_round|def _distance\(|def hex_round")
    found = [
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if path.name != "lattice.py" and geometry.search(path.read_text(encoding="utf-8"))
    ]
    assert not found, f"cell geometry outside lattice.py: {found}"


def test_the_cell_under_a_point_is_the_cell_drawn_there():
    for lat in (SQUARE, HEX):
        for cell in [(0, 0), (3, -2), (-4, 5)]:
            x, y = lat.center(cell)
            for cx, cy in lat.corners(cell):
                assert lat.cell_at(x + 0.9 * (cx - x), y + 0.9 * (cy - y)) == cell
            assert lat.distance((0, 0), cell) == lat.distance(cell, (0, 0))
