"""PuzzleApp without a browser: play a tiling by clicks, ask for hints, win."""

from __future__ import annotations

import pytest

from xochintlan_hex.puzzles import Puzzle
from xochintlan_hex.widgets import PuzzleApp
from xochintlan_hex.widgets.puzzle_app import PUZZLES


def play_by_clicks(app: PuzzleApp, placement) -> bool:
    """Select the placement's piece, turn or flip it until it matches, click where its middle cell goes."""
    app.select(placement.piece)
    for _flip in range(2):
        for _ in range(4):
            for cell in placement.cells:
                if tuple(sorted(app.cells_for(cell))) == placement.cells:
                    return app.click(cell)
            app.rotate()
        app.mirror()
    raise AssertionError(f"no orientation of {placement.name} lies on {placement.cells}")


def test_a_whole_6x10_game_by_clicks_ends_with_the_banner():
    app = PuzzleApp("Pentominoes, 6 × 10")
    solution = app.puzzle.random_solution(seed=11)
    assert app.text("xh-banner") == ""
    for i, placement in enumerate(solution, start=1):
        assert play_by_clicks(app, placement)
        assert app.text("xh-status") == f"{i} of 12 pieces placed"
    assert app.is_solved and sorted(app.placed) == sorted(solution)
    assert app.text("xh-banner").startswith("Solved! Every cell is covered.")
    assert app.pieces_left == [] and app.text("xh-selection") == "Selected: nothing (every piece is placed)"


def test_tray_lists_the_pieces_left_and_a_click_on_a_piece_takes_it_back():
    app = PuzzleApp("Pentominoes, 6 × 10")
    assert app.text("xh-tray") == "F" and len(app.find("xh-tray").options) == 12
    i_piece = app.puzzle.placement("I", [(0, y) for y in range(5)])
    assert app.place(i_piece.cells, "I")
    assert "I" not in [label for label, _ in app.find("xh-tray").options]
    assert app.click((0, 3)) and app.placed == [] and app.text("xh-selection") == "Selected: I"


def test_refused_placements_change_nothing_and_say_why():
    app = PuzzleApp("Pentominoes, 6 × 10")
    assert app.select("I").click((0, 0)) is False  # the I's middle on a corner: it sticks out
    assert "not in the region" in app.message and app.placed == []
    assert app.select("X").click((1, 1))
    assert app.select("L").place([(1, 2), (1, 3), (1, 4), (1, 5), (2, 5)]) is False
    assert "overlaps" in app.message and len(app.placed) == 1


def test_mirror_is_refused_for_one_sided_pieces():
    app = PuzzleApp("Goal cards (18 one-sided pentominoes), 9 × 10")
    before = app.form
    app.mirror()
    assert app.form == before and "turned but not flipped" in app.message


def test_hint_shows_a_piece_of_a_completion_or_says_the_position_is_dead():
    app = PuzzleApp("Pentominoes, 6 × 10")
    hinted = app.hint()
    assert hinted is not None and app.puzzle.can_complete([hinted])
    assert f"the {hinted.name} goes" in app.text("xh-hint-text")
    app.place(hinted.cells, hinted.piece)
    assert app.hint() is not None
    app.clear()
    app.place([(1, y) for y in range(5)], "I")  # cuts off the first column
    assert app.hint() is None and "No way to finish from here" in app.text("xh-hint-text")


def test_count_completions_only_for_small_remainders():
    app = PuzzleApp("Pentominoes, 6 × 10")
    assert app.count_completions() is None and "place at least 5 more" in app.text("xh-hint-text")
    solution = app.puzzle.random_solution(seed=2)
    for p in solution[:6]:
        app.place(p.cells, p.piece)
    count = app.count_completions()
    assert count == app.puzzle.count(partial=solution[:6]) >= 1
    assert app.text("xh-hint-text").startswith(f"{count} way")


def test_impossible_tetromino_puzzle_is_dead_from_the_start():
    app = PuzzleApp("Tetrominoes, 4 × 5 (possible?)")
    assert app.hint() is None and app.count_completions() == 0


@pytest.mark.parametrize("title", list(PUZZLES))
def test_every_menu_puzzle_opens_on_an_empty_board(title):
    app = PuzzleApp(title)
    assert app.text("xh-status").startswith("0 of ") and app.form is not None
    assert app.find("xh-puzzle-choice").value == title


def test_hex_puzzle_places_pentahexes_and_wins_when_the_board_is_full():
    app = PuzzleApp("Pentahexes, a triangle of 15 hexagons")
    solution = app.puzzle.random_solution(seed=4)
    for p in solution:
        assert app.place(p.cells, p.piece)
    assert app.is_solved and app.text("xh-banner").startswith("Solved!")
    assert app.text("xh-status") == "3 of 22 pieces placed"


def test_the_board_drawn_by_the_browser_names_its_cells_and_turns_the_selected_piece():
    app = PuzzleApp(Puzzle("3x20", "pentominoes"))
    assert app.svg_board.svg.count("data-cell=") == 60
    app.select("F")
    start = app.form
    app.svg_board._received(app.svg_board, {"type": "action", "name": "rotate"}, None)  # a click on the piece
    assert app.form == start.rotate(1)
    app.select("X")
    app.svg_board._received(app.svg_board, {"type": "click", "cell": [1, 1]}, None)
    assert [p.name for p in app.placed] == ["X"]
    assert app.svg_board.svg.count(">X</text>") == 1  # its letter on the board
    fx, fy = app.cell_to_canvas_fraction((0, 0))
    assert 0 < fx < 0.1 and 0 < fy < 0.5  # the top-left cell, left of the selected piece's panel
    with pytest.raises(ValueError, match="board must be one of"):
        PuzzleApp(board="canvas")


def test_a_puzzle_object_and_canvas_clicks():
    app = PuzzleApp(Puzzle("3x20", "pentominoes"), board="ipympl")
    app.select("X")
    app.board.draw()
    app.board.mouse("button_press", app.cell_to_canvas_fraction((1, 1)))
    assert [p.name for p in app.placed] == ["X"]
    app.keys.press("r")  # nothing selected changes shape for the symmetric X: still no error


def test_keys_of_the_app_turn_flip_and_hint():
    app = PuzzleApp("Pentominoes, 6 × 10").select("F")
    start = app.form
    app.keys.press("r")
    assert app.form == start.rotate()
    app.keys.press("m")
    assert app.form == start.rotate().mirror()
    app.keys.press("h")
    assert app.hinted is not None and "can be finished" in app.text("xh-hint-text")
