"""The square and hex lattices as docs/rules.md fixes them."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xochintlan_hex.lattice import (
    FLAT,
    HEX,
    POINTY,
    SQUARE,
    SQUARES,
    Layout,
    get_lattice,
    is_connected,
    screen_layout,
)

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


# -- screen layout -------------------------------------------------------------------------------
layouts = st.builds(
    Layout,
    st.sampled_from([POINTY, FLAT, SQUARES]),
    st.floats(1.0, 100.0),
    st.tuples(st.floats(-500.0, 500.0), st.floats(-500.0, 500.0)),
)
LATTICE_OF = {"pointy": HEX, "flat": HEX, "square": SQUARE}


@given(layouts, cells)
def test_screen_to_cell_inverts_cell_to_screen(layout, cell):
    assert layout.screen_to_cell(*layout.cell_to_screen(cell)) == cell


@given(layouts, cells, st.floats(0.0, 0.99), st.floats(0.0, 1.0))
def test_a_pixel_inside_a_cell_names_that_cell(layout, cell, reach, turn):
    # any point between the centre and the inscribed circle belongs to the cell
    apothem = layout.size * layout.orientation.corner_radius * math.cos(math.pi / layout.orientation.sides)
    x, y = layout.cell_to_screen(cell)
    angle = 2 * math.pi * turn
    assert layout.screen_to_cell(x + reach * apothem * math.cos(angle), y + reach * apothem * math.sin(angle)) == cell


@given(layouts, cells)
def test_neighbours_lie_two_apothems_apart_on_screen(layout, cell):
    o = layout.orientation
    apothem = layout.size * o.corner_radius * math.cos(math.pi / o.sides)
    centre = layout.cell_to_screen(cell)
    for neighbour in LATTICE_OF[o.name].neighbours(cell):
        assert math.dist(centre, layout.cell_to_screen(neighbour)) == pytest.approx(2 * apothem)


@given(layouts, cells)
def test_neighbours_share_two_corners(layout, cell):
    lattice = LATTICE_OF[layout.orientation.name]
    mine = layout.corners(cell)
    for neighbour in lattice.neighbours(cell):
        shared = [p for p in layout.corners(neighbour) if any(math.dist(p, q) < 1e-6 * layout.size for q in mine)]
        assert len(shared) == 2


@given(layouts, st.lists(cells, min_size=1, max_size=12), st.floats(0.0, 20.0))
def test_the_view_box_holds_every_corner_with_its_margin(layout, some_cells, margin):
    x, y, width, height = layout.view_box(some_cells, margin)
    corners = [p for cell in some_cells for p in layout.corners(cell)]
    tolerance = 1e-9 * (1 + abs(x) + abs(y) + width + height)
    assert all(x + margin - tolerance <= px <= x + width - margin + tolerance for px, _ in corners)
    assert all(y + margin - tolerance <= py <= y + height - margin + tolerance for _, py in corners)
    assert min(px for px, _ in corners) == pytest.approx(x + margin)  # and no wider than that
    assert max(py for _, py in corners) == pytest.approx(y + height - margin)


def test_a_view_box_of_no_cells_is_refused():
    with pytest.raises(ValueError, match="at least one cell"):
        screen_layout("hex", 10.0).view_box([])


@pytest.mark.parametrize("lat", [SQUARE, HEX])
@given(cell=cells)
def test_the_kit_layout_is_the_lattice_drawing_scaled_with_y_down(lat, cell):
    layout = screen_layout(lat, 60.0, (3.0, -2.0))
    cx, cy = lat.center(cell)
    assert layout.cell_to_screen(cell) == pytest.approx((3.0 + 60 * cx, -2.0 - 60 * cy))
    for on_screen, drawn in zip(layout.corners(cell), lat.corners(cell)):
        assert on_screen == pytest.approx((3.0 + 60 * drawn[0], -2.0 - 60 * drawn[1]))


def test_pointy_and_flat_hexagons_turn_a_corner_or_a_side_upwards():
    pointy, flat = Layout(POINTY, 1.0).corners((0, 0)), Layout(FLAT, 1.0).corners((0, 0))
    assert min(y for _, y in pointy) == pytest.approx(-1.0)  # a corner at the top
    assert min(y for _, y in flat) == pytest.approx(-SQRT3_HALF)  # a side at the top


SQRT3_HALF = math.sqrt(3) / 2
