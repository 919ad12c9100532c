"""The apps' SVG boards are the drawing package's pictures: one screen geometry, written once.

The widgets pass the game to :mod:`xochintlan_hex.drawing` and keep only what is
interactive; a click's place on the board (what a browser test aims at) is the
centre of the cell the picture draws.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from xochintlan_hex.drawing import board_svg, map_svg, tiling_svg
from xochintlan_hex.drawing.hextremadura import available_panels
from xochintlan_hex.hextremadura import Hextremadura, Place, requirements_met
from xochintlan_hex.i18n import use_language
from xochintlan_hex.lattice import HEX
from xochintlan_hex.viz.hextremadura import objective_words
from xochintlan_hex.widgets import HextremaduraApp, PuzzleApp, XochintlanApp
from xochintlan_hex.widgets.hexmap import hextremadura_svg
from xochintlan_hex.widgets.svgboard import xochintlan_svg
from xochintlan_hex.xochintlan import KINDS, Rules, Xochintlan, letter

WIDGETS = Path(__file__).resolve().parents[1] / "xochintlan_hex" / "widgets"


def played(game, moves: int, seed: int):
    """``game`` after ``moves`` random moves (fewer if it ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(game.random_action(rng))
    return game


def won_game(lattice: str) -> Xochintlan:
    """A finished game with a winner (its pattern outlined) and a lock on the board."""
    for seed in range(40):
        game = played(Xochintlan(players=2, seed=seed, rules=Rules(lattice=lattice)), 400, seed)
        if game.winner is not None and game.locked:
            return game
    raise AssertionError("no won game with a lock in 40 seeds")


def surroundings(lattice, cells):
    return set(cells) | {n for c in cells for n in lattice.neighbours(c)}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("lattice", ["square", "hex"])
def test_the_xochintlan_board_is_the_drawing_packages_picture(lattice, language):
    for game in (played(Xochintlan(players=2, seed=3, rules=Rules(lattice=lattice)), 14, 14), won_game(lattice)):
        window = surroundings(game.lattice, game.board)
        legal = set(sorted(window - set(game.board))[:4]) | set(sorted(game.board)[:2])
        selected, last = sorted(game.board)[0], sorted(game.board)[-1:]
        with use_language(language):
            widget = xochintlan_svg(game, window, legal=legal, selected=selected, last=last)
            drawn = board_svg(
                game.lattice,
                game.board,
                window=window,
                legal=legal,
                selected=selected,
                last=last,
                winning=game.winning_cells,
                locked=game.locked,
                letters={kind: letter(kind) for kind in KINDS},
            )
        assert widget == drawn


def test_the_hextremadura_map_is_the_drawing_packages_picture_with_the_engines_judgements():
    game = played(Hextremadura(seed=5), 12, 5)
    window = surroundings(HEX, game.map)
    tile = game.available()[0]
    selected = (tile, game.faces(tile)[0], 1)
    cell_of = {placed.tile_id: cell for cell, placed in game.map.items()}
    legal = {}
    for cell in sorted(window - set(game.map)):
        action = Place(tile, cell, selected[2], selected[1])
        if game.is_legal(action):
            legal[cell] = tuple(cell_of.get(t, cell) for t in game.would_remove(action))
    assert legal, "the state should leave the selected tile somewhere to go"
    fronts = [cell for cell, placed in game.map.items() if placed.face == "front"]
    drawn = map_svg(
        game.map,
        game.tileset,
        window,
        met={cell: requirements_met(game.map, game.tileset, cell, game.requirement_mode) for cell in fronts},
        holds={status.cell: status.holds for status in game.objectives()},
        legal=legal,
        last=game.history[-1].cell,
        selected=selected,
        panels=available_panels(game, selected),
        words=objective_words,
    )
    assert hextremadura_svg(game, window, selected=selected, last=game.history[-1].cell) == drawn


def test_the_puzzle_board_is_the_drawing_packages_picture():
    app = PuzzleApp()
    solution = app.puzzle.solve()
    for placement in solution[:4]:
        assert app.place(placement.cells, placement.piece)
    app.select(solution[5].piece)
    svg = app.svg_board.svg
    panel = re.search(r'<g class="puzzle-selected" data-action="rotate".*?</g>', svg)
    assert panel is not None  # the selected piece is shown beside the board, a click on it turns it
    board = svg[: panel.start()] + svg[panel.end() :]
    assert board == tiling_svg(app.puzzle, app.placed, hinted=app.hinted)


def _cell_centre_fraction(svg: str, cell) -> tuple[float, float]:
    """Where the picture draws ``cell``: the mean of its first polygon's corners, as fractions of the view box."""
    x0, y0, width, height = (float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split())
    group = re.search(rf'data-cell="{cell[0]},{cell[1]}"[^>]*>.*?<polygon points="([^"]+)"', svg)
    corners = [tuple(float(v) for v in p.split(",")) for p in group.group(1).split()]
    cx = sum(x for x, _ in corners) / len(corners)
    cy = sum(y for _, y in corners) / len(corners)
    return ((cx - x0) / width, (cy - y0) / height)


@pytest.mark.parametrize("lattice", ["square", "hex"])
def test_a_click_on_the_xochintlan_board_lands_on_the_cell_it_draws(lattice):
    app = XochintlanApp(players=("human", "human"), rules=Rules(lattice=lattice), seed=3, pause=None)
    for cell in [(0, 0), (1, 0), (0, 1), (-1, 1)]:
        if f'data-cell="{cell[0]},{cell[1]}"' in app.svg_board.svg:
            assert app.cell_to_canvas_fraction(cell) == pytest.approx(
                _cell_centre_fraction(app.svg_board.svg, cell), abs=1e-3
            )


def test_a_click_on_the_hextremadura_map_lands_on_the_cell_and_tile_it_draws():
    app = HextremaduraApp(seed=5)
    svg = app.svg_board.svg
    x0, y0, width, height = (float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split())
    cells = re.findall(r'data-cell="(-?\d+),(-?\d+)" data-x="([^"]+)" data-y="([^"]+)"', svg)
    assert cells
    for q, r, x, y in cells:
        expected = ((float(x) - x0) / width, (float(y) - y0) / height)
        assert app.cell_to_canvas_fraction((int(q), int(r))) == pytest.approx(expected, abs=1e-3)
    for index, tile in enumerate(app.game.available()[:2]):
        panel = re.search(rf'data-tile="{tile}".*?<g transform="translate\(([^,]+),([^) ]+)', svg)
        expected = ((float(panel.group(1)) - x0) / width, (float(panel.group(2)) - y0) / height)
        assert app.tile_to_canvas_fraction(index) == pytest.approx(expected, abs=1e-3)


def test_a_click_on_the_puzzle_board_lands_on_the_cell_it_draws():
    app = PuzzleApp()
    for cell in [(0, 0), (3, 2), (9, 5)]:
        assert app.cell_to_canvas_fraction(cell) == pytest.approx(
            _cell_centre_fraction(app.svg_board.svg, cell), abs=1e-3
        )


#: a constant of screen geometry: pixels per drawing unit, a hexagon's apothem
GEOMETRY_NAMES = re.compile(r"(^|_)(UNIT|APOTHEM)$")


def _geometry_in(path: Path) -> list[str]:
    """Screen geometry a module writes itself: a unit or apothem constant, or a square root of 3."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [t.id for t in targets if isinstance(t, ast.Name) and GEOMETRY_NAMES.search(t.id)]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            if isinstance(node.left, ast.Constant) and node.left.value == 3:
                found.append(ast.unparse(node))
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("sqrt"):
            if node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == 3:
                found.append(ast.unparse(node))
    return found


@pytest.mark.parametrize("path", sorted(WIDGETS.glob("*.py")), ids=lambda p: p.name)
def test_no_widget_writes_its_own_screen_geometry(path):
    # The boards' units, apothems and layouts are the drawing package's and the lattice's.
    assert _geometry_in(path) == []


def test_the_geometry_finder_finds_units_and_square_roots(tmp_path):
    module = tmp_path / "board.py"
    module.write_text(
        "import math\nUNIT = 60.0\nAPOTHEM = 3**0.5 / 2\nh = math.sqrt(3)\nok = 2**0.5\nCELL_UNITS = {}\n"
    )
    assert sorted(_geometry_in(module)) == ["3 ** 0.5", "APOTHEM", "UNIT", "math.sqrt(3)"]


# -- the board's view, chosen once ------------------------------------------------------------
APPS = {
    "xochintlan": lambda board: XochintlanApp(players=("human", "human"), seed=3, pause=None, board=board),
    "hextremadura": lambda board: HextremaduraApp(seed=5, board=board),
    "puzzle": lambda board: PuzzleApp("3x20", board=board),
}


def _play_a_little(app) -> None:
    """A few moves, the same whoever draws the board."""
    if isinstance(app, PuzzleApp):
        assert app.select("X").click((1, 1))
        app.hint()
        return
    rng = random.Random(4)
    for _ in range(5):
        assert app.play(app.game.random_action(rng))


@pytest.mark.parametrize("name", sorted(APPS))
def test_a_saved_notebook_keeps_the_same_picture_whoever_draws_the_board(name):
    pictures = []
    for board in ("svg", "ipympl"):
        app = APPS[name](board)
        _play_a_little(app)
        pictures.append(app.static_png())
    assert pictures[0].startswith(b"\x89PNG") and pictures[0] == pictures[1]


@pytest.mark.parametrize("name", sorted(APPS))
def test_the_board_the_page_shows_is_the_view_chosen_from_board(name):
    svg_app, canvas_app = APPS[name]("svg"), APPS[name]("ipympl")
    assert svg_app.find("xh-board") is svg_app.svg_board and "<svg" in svg_app.svg_board.svg
    assert canvas_app.find("xh-board") is canvas_app.board.widget and canvas_app.svg_board is None
    # The browser scales an SVG board into the room beside the controls; a canvas keeps its size.
    assert svg_app.svg_board.layout.flex.endswith("px") and canvas_app.board.widget.layout.flex == "0 0 auto"


def test_an_svg_board_leaves_its_matplotlib_picture_undrawn_until_a_notebook_keeps_it():
    # Each click on an SVG board costs the SVG picture only: matplotlib draws when a notebook is saved.
    app = APPS["xochintlan"]("svg")
    _play_a_little(app)
    assert not app.ax.collections and not app.ax.patches
    app.static_png()
    assert app.ax.collections or app.ax.patches


APP_MODULES = [WIDGETS / f"{name}_app.py" for name in sorted(APPS)]


def _board_kind_tests(path: Path) -> list[str]:
    """Where a module asks which kind of board it has: reads ``board_kind``, or compares with "svg" or "ipympl"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr == "board_kind" and isinstance(node.ctx, ast.Load):
            found.append(ast.unparse(node))
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(isinstance(o, ast.Constant) and o.value in ("svg", "ipympl") for o in operands):
                found.append(ast.unparse(node))
    return found


@pytest.mark.parametrize("path", APP_MODULES, ids=lambda p: p.name)
def test_no_app_asks_which_board_it_has(path):
    # The view (widgets/views.py) is chosen once from board=; the app then asks the view, never the kind.
    assert _board_kind_tests(path) == []


def test_the_board_kind_finder_finds_reads_and_comparisons(tmp_path):
    module = tmp_path / "app.py"
    module.write_text(
        "self.board_kind = board\n"
        "if self.board_kind == 'svg': pass\n"
        "x = 'ipympl' != kind\n"
        "widget = a if self.board_kind else b\n"
        "y = kind == 'hex'\n"
    )
    assert sorted(_board_kind_tests(module)) == [
        "'ipympl' != kind",
        "self.board_kind",
        "self.board_kind",
        "self.board_kind == 'svg'",
    ]
