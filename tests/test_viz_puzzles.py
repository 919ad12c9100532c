"""Tiling pictures and printable pages: what a class sees and what a teacher cuts out."""

from __future__ import annotations

import doctest

import pytest
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure

import xochintlan_hex.viz.puzzles as viz_puzzles
from xochintlan_hex.puzzles import Puzzle, Region
from xochintlan_hex.viz import draw_tiling, draw_tilings
from xochintlan_hex.viz.puzzles import PIECE_COLOURS, card_pages, piece_colour, pieces_pages


def test_doctests():
    assert doctest.testmod(viz_puzzles).failed == 0


def _fills(ax) -> list[str]:
    from matplotlib.colors import to_hex

    return [to_hex(c) for coll in ax.collections if isinstance(coll, PolyCollection) for c in coll.get_facecolors()]


def test_each_piece_has_its_own_colour_and_letter():
    puzzle = Puzzle("6x10", "pentominoes")
    ax = draw_tiling(puzzle, puzzle.solve(), ax=Figure().add_subplot())
    assert sorted(t.get_text() for t in ax.texts) == sorted("FILNPTUVWXYZ")
    assert len(set(PIECE_COLOURS)) == 12
    fills = {f.upper() for f in _fills(ax)}
    assert {piece_colour(i).upper() for i in range(12)} <= fills


def test_a_partial_position_leaves_empty_cells_grey():
    puzzle = Puzzle("6x10", "pentominoes")
    ax = draw_tiling(puzzle, puzzle.solve()[:3], ax=Figure().add_subplot())
    assert len(ax.texts) == 3
    board = ax.collections[0]  # the whole board, pale grey, under the pieces
    assert len(board.get_paths()) == 60 and _fills(ax)[0] == viz_puzzles.EMPTY_COLOUR.lower()


def test_hex_tiling_and_plain_region_use_piece_names():
    puzzle = Puzzle(Region("5x4", "hex"), "pentahexes", leftover=True)
    solution = puzzle.solve()
    ax = draw_tiling(puzzle.region, solution, ax=Figure().add_subplot())
    assert sorted(t.get_text() for t in ax.texts) == sorted(p.name for p in solution)


def test_gallery_draws_one_panel_per_solution():
    puzzle = Puzzle("3x20", "pentominoes")
    fig = draw_tilings(puzzle, list(puzzle.solutions())[:5], ncols=2, fig=Figure())
    drawn = [ax for ax in fig.axes if ax.texts]
    assert len(drawn) == 5 and [ax.get_title() for ax in drawn] == ["1", "2", "3", "4", "5"]
    with pytest.raises(ValueError, match="empty"):
        draw_tilings(puzzle, [], fig=Figure())


def test_printed_pieces_are_at_real_size_on_a4():
    pages = pieces_pages("pentominoes")
    assert len(pages) == 1
    page = pages[0]
    assert page.get_size_inches() == pytest.approx((21.0 / 2.54, 29.7 / 2.54))
    ax = page.axes[0]
    assert ax.get_xlim() == (0, 21.0) and ax.get_ylim() == (0, 29.7)  # data units are centimetres
    cells = [
        path.get_extents() for coll in ax.collections if isinstance(coll, PolyCollection) for path in coll.get_paths()
    ]
    assert len(cells) == 60
    assert all(box.width == pytest.approx(2.0) and box.height == pytest.approx(2.0) for box in cells)
    assert all(0.8 - 1e-9 <= box.x0 and box.x1 <= 20.2 + 1e-9 and box.y0 >= 0.8 - 1e-9 for box in cells)


def test_printed_hexagons_are_2_cm_apart():
    (first, *_) = pieces_pages("pentahexes")
    coll = next(c for c in first.axes[0].collections if isinstance(c, PolyCollection))
    box = coll.get_paths()[0].get_extents()
    assert box.width == pytest.approx(2.0)  # across the flats of a pointy-top hexagon


def test_goal_cards_nine_to_a_page():
    pages = card_pages()
    assert [len(p.axes) - 1 for p in pages] == [9, 9]


def test_touching_pieces_never_share_a_colour_in_big_sets():
    from xochintlan_hex.drawing.tiling import neighbour_safe_colours
    from xochintlan_hex.lattice import HEX

    puzzle = Puzzle(Region("5x4", "hex"), "pentahexes", leftover=True)
    for solution in list(puzzle.solutions())[:200]:
        colours = neighbour_safe_colours(HEX, solution)
        owner = {c: i for i, p in enumerate(solution) for c in p.cells}
        for c, i in owner.items():
            assert all(colours[owner[n]] == colours[i] for n in HEX.neighbours(c) if owner.get(n) == i)
            assert all(colours[owner[n]] != colours[i] for n in HEX.neighbours(c) if owner.get(n, i) != i)


def test_tile_pages_put_each_back_behind_its_front():
    from xochintlan_hex.hextremadura import load_tileset
    from xochintlan_hex.viz.puzzles import tile_pages

    tileset = load_tileset()
    pages = tile_pages()
    assert len(pages) == 4  # 18 tiles, 12 to a sheet: two sheets of fronts, two of backs
    for page in pages:
        assert page.get_size_inches() == pytest.approx((21.0 / 2.54, 29.7 / 2.54))

    def places(page):
        """tile id -> centre of its axes on the page (centimetres from the left and bottom)."""
        found = {}
        for ax in page.axes[1:]:
            ids = [t.get_text() for t in ax.texts if t.get_text() in tileset]
            box = ax.get_position()
            found[ids[0]] = ((box.x0 + box.x1) / 2 * 21.0, (box.y0 + box.y1) / 2 * 29.7)
        return found

    for front, back in ((pages[0], pages[2]), (pages[1], pages[3])):
        fronts, backs = places(front), places(back)
        assert set(fronts) == set(backs)
        for tile, (x, y) in fronts.items():
            assert backs[tile] == pytest.approx((21.0 - x, y))  # mirrored across the sheet's long edge
    first = pages[0].axes[1].get_position()
    assert first.width * 21.0 == pytest.approx(3**0.5 * 3.0) and first.height * 29.7 == pytest.approx(6.0)
