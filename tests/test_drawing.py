"""The SVG drawing package: no drawing library, the kit's palette, and pictures that name their cells."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest

from xochintlan_hex.drawing import board_svg, map_svg, palette, polyform_svg, tiling_svg
from xochintlan_hex.drawing import hextremadura as hex_drawing
from xochintlan_hex.drawing.polyform import UNIT
from xochintlan_hex.drawing.xochintlan import board_layout, board_view_box
from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.lattice import HEX, SQUARE
from xochintlan_hex.puzzles import Puzzle

SVG = "{http://www.w3.org/2000/svg}"


def test_drawing_every_picture_loads_no_drawing_or_widget_library():
    script = (
        "import sys\n"
        "from xochintlan_hex.hextremadura import Hextremadura\n"
        "from xochintlan_hex.polyforms import Polyform\n"
        "from xochintlan_hex.puzzles import Puzzle\n"
        "from xochintlan_hex.xochintlan import Xochintlan\n"
        "puzzle = Puzzle('3x20', 'pentominoes')\n"
        "for obj in (Xochintlan(seed=1), Hextremadura(seed=1), Polyform([(0, 0), (1, 0)]), puzzle):\n"
        "    assert obj._repr_svg_().startswith('<svg')\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('matplotlib', 'ipywidgets', 'anywidget', 'IPython', 'numpy', 'pandas'))\n"
        "print(loaded)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_palette_is_the_one_the_matplotlib_pictures_use():
    from xochintlan_hex.viz import style
    from xochintlan_hex.viz.hextremadura import BUBBLE_DISTANCE, BUBBLE_RADIUS, bubble_slides

    # OKABE_ITO, the animals' colours and shapes and the pieces' colours are imported
    # from the palette by viz; the colours below are still written in both places.
    for name in (
        "LOCK_COLOUR",
        "PATTERN_COLOUR",
        "LEGAL_COLOUR",
        "SELECTED_COLOUR",
        "LAST_MOVE_COLOUR",
        "TERRAIN_COLOURS",
        "ICON_COLOURS",
        "OUTLINE",
        "GRID",
        "MET_COLOUR",
        "UNMET_COLOUR",
    ):
        assert getattr(palette, name) == getattr(style, name), name
    assert (hex_drawing.BUBBLE_RADIUS, hex_drawing.BUBBLE_DISTANCE) == (BUBBLE_RADIUS, BUBBLE_DISTANCE)
    for sides in ([0, 1], [2, 3], [1, 2, 3], [4, 4], [5, 0, 1]):
        assert hex_drawing.bubble_slides(sides) == bubble_slides(sides)


@pytest.mark.parametrize("shape", ["diamond", "triangle", "circle", "square", "star"])
def test_glyphs_are_the_matplotlib_glyphs(shape):
    from xochintlan_hex.viz import style

    drawn = style.glyph_shape(shape, (0.0, 0.0), 0.4).get_xy()[:-1]  # matplotlib closes the polygon
    flat = [v for point in palette.glyph_offsets(shape, 0.4) for v in point]
    assert flat == pytest.approx([float(v) for point in drawn for v in point])


@pytest.mark.parametrize("lattice", [SQUARE, HEX])
def test_a_board_is_well_formed_svg_with_one_group_per_cell_at_its_centre(lattice):
    board = {(0, 0): "H", (1, 0): "L", (0, 1): "B", (1, 1): "M"}
    window = {(2, 0), (-1, 0)}
    svg = board_svg(lattice, board, window=window, legal={(2, 0)}, locked={(1, 0)}, winning={(0, 0)})
    root = ElementTree.fromstring(svg)
    groups = {g.get("data-cell"): g for g in root.iter(f"{SVG}g") if g.get("data-cell")}
    assert set(groups) == {f"{x},{y}" for x, y in set(board) | window}
    x0, y0, width, height = (float(v) for v in root.get("viewBox").split())
    layout = board_layout(lattice)
    for cell in set(board) | window:  # every corner inside the picture
        for px, py in layout.corners(cell):
            assert x0 <= px <= x0 + width and y0 <= py <= y0 + height
    assert (x0, y0, width, height) == pytest.approx(board_view_box(lattice, set(board) | window), abs=0.051)


def test_a_board_writes_the_letters_it_is_given():
    svg = board_svg("square", {(0, 0): "B"}, letters={"B": "O", "L": "L", "M": "S", "H": "H"})
    assert re.search(r">O</text>", svg) and not re.search(r">B</text>", svg)


def test_a_still_map_carries_no_page_script_parts_and_shows_each_objective_verdict():
    game = Hextremadura(seed=3)
    svg = game._repr_svg_()
    ElementTree.fromstring(svg)
    assert "map-preview" not in svg and "map-rings" not in svg
    assert svg.count('class="map-objective"') == sum(1 for p in game.map.values() if p.face == "back") + sum(
        1 for t in game.available()[:2] if game.tileset[t].face(game.faces(t)[0]).objective is not None
    )


def test_a_map_with_an_objective_judged_shows_its_verdict_and_its_words():
    game = Hextremadura(seed=3)
    back = next(t for t in game.tileset.ids if game.tileset[t].face("back").objective is not None)
    placed = {(0, 0): type("Placed", (), {"tile_id": back, "face": "back", "rotation": 0})()}
    words = map_svg(placed, game.tileset, holds={(0, 0): True}, words=lambda o: ("three", "words"), interactive=False)
    bare = map_svg(placed, game.tileset, holds={(0, 0): False}, interactive=False)
    assert ">three</text>" in words and "✓" in words and "map-mark" not in words
    assert "✗" in bare and game.tileset[back].face("back").objective.describe() in bare


def test_a_tiling_without_its_panel_is_the_board_alone():
    puzzle = Puzzle("3x20", "pentominoes")
    svg = tiling_svg(puzzle, puzzle.solve()[:3], panel=False, selected=(2, puzzle.pieces.pieces[2]))
    assert svg.count("data-cell=") == 60 and "data-action" not in svg


def test_a_polyform_card_names_the_form_and_widens_for_its_words():
    svg = polyform_svg("hex", [(0, 0)], name="monohex", symmetry=12)
    root = ElementTree.fromstring(svg)
    assert root.get("aria-label") == "monohex" and ">sym 12</text>" in svg
    assert float(root.get("viewBox").split()[2]) >= 3 * UNIT


def test_jupyter_shows_each_object_as_svg_and_draws_no_png():
    from IPython.core.formatters import DisplayFormatter

    from xochintlan_hex.polyforms import Polyform
    from xochintlan_hex.xochintlan import Rules, Xochintlan

    for obj in (
        Xochintlan(seed=1, rules=Rules(lattice="hex")),
        Hextremadura(seed=1),
        Polyform([(0, 0), (1, 0)]),
        Puzzle("3x20", "pentominoes"),
    ):
        data, _metadata = DisplayFormatter().format(obj)
        assert sorted(data) == ["image/svg+xml", "text/plain"], type(obj).__name__
        ElementTree.fromstring(data["image/svg+xml"])


def test_a_french_board_shows_the_french_letters():
    from xochintlan_hex.i18n import use_language
    from xochintlan_hex.xochintlan import Xochintlan

    game = Xochintlan.from_board({(0, 0): "H", (1, 0): "B"}, seed=1)
    with use_language("fr"):
        svg = game._repr_svg_()
    assert ">O</text>" in svg and ">B</text>" not in svg
