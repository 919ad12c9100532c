"""PuzzleApp in a real JupyterLab: play a 6 x 10 pentomino tiling to the win banner.

Nine pieces of a solution are placed through the kernel; the player then picks
the last pieces in the tray, turns or flips them with the buttons and the board's
keys, and clicks the board (drawn by the browser: each cell carries ``data-cell``).
A hint is asked for on the way. The test checks what a player sees: the status
line, the tray, the hint line, the board redrawn and the banner.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

BOARD = "xh-board"
NOTEBOOK = [
    "from xochintlan_hex.widgets import PuzzleApp",
    "app = PuzzleApp('Pentominoes, 6 × 10')\nsolution = app.puzzle.random_solution(seed=11)\napp",
]

#: Python run in the kernel: the (turns, mirrored, cell) that put a piece of the solution in place
ORIENT = """
def how_to_place(k):
    target = solution[k]
    form = app.puzzle.pieces.pieces[target.piece]
    for mirrored in (False, True):
        for turns in range(4):
            shape = (form.mirror() if mirrored else form).rotate(turns)
            app_form, app.form = app.form, shape
            try:
                for cell in target.cells:
                    if tuple(sorted(app.cells_for(cell))) == target.cells:
                        return [turns, mirrored, list(cell)]
            finally:
                app.form = app_form
"""


#: the pale grey of an empty cell (viz.puzzles.EMPTY_COLOUR)
EMPTY = "#F4F4F4"


def expect_cell_filled(lab, cell: tuple[int, int], timeout: float = 15_000) -> None:
    """Wait until the board shows a piece, not the empty grey, on ``cell``."""
    from playwright.sync_api import expect

    polygon = lab.widget(f'.{BOARD} [data-cell="{cell[0]},{cell[1]}"] polygon')
    expect(polygon).not_to_have_attribute("fill", EMPTY, timeout=timeout)


def press_on_board(lab, key: str) -> None:
    """Point at the board (which gives the app the keys) and press ``key``."""
    lab.widget(f".{BOARD} svg").hover(position={"x": 3, "y": 3})
    lab.page.keyboard.press(key)


def tray_labels(lab) -> list[str]:
    return [label.strip() for label in lab.widget("xh-tray").locator("button").all_inner_texts()]


def test_play_a_6x10_tiling_to_the_win_banner(lab, lab_server):
    lab_server.add_notebook("puzzle_play.ipynb", NOTEBOOK)
    lab.open_notebook("puzzle_play.ipynb")
    lab.run_all_cells()
    lab.expect_text("xh-status", "0 of 12 pieces placed", exact=True)
    assert len(tray_labels(lab)) == 12
    lab.screenshot("start", target="xh-puzzle")
    picture = lab.board_picture()

    lab.execute("for p in solution[:9]: app.place(p.cells, p.piece)\n" + ORIENT)
    lab.expect_text("xh-status", "9 of 12 pieces placed", exact=True)
    picture = lab.expect_board_change(picture)
    assert len(tray_labels(lab)) == 3

    lab.click("xh-hint")
    lab.expect_text("xh-hint-text", "This position can be finished")
    picture = lab.expect_board_change(picture)  # the dashed outline
    assert lab.widget(f".{BOARD} .puzzle-hint").count() == 1

    for k in range(9, 12):
        name = lab.python(f"solution[{k}].name")
        lab.choose("xh-tray", name)
        lab.expect_text("xh-selection", f"Selected: {name}", exact=True)
        turns, mirrored, cell = lab.python(f"how_to_place({k})")
        if mirrored:
            lab.click("xh-mirror")
        for turn in range(turns):
            if turn % 3 == 0:
                lab.click("xh-rotate")
            elif turn % 3 == 1:
                press_on_board(lab, "r")
            else:
                lab.click(f".{BOARD} [data-action=rotate]")  # a click on the selected piece turns it
        lab.python("app.form")  # wait for the kernel to have handled the turns
        lab.click_cell(tuple(cell))
        lab.expect_text("xh-status", f"{k + 1} of 12 pieces placed", exact=True)
        for placed_cell in lab.python(f"solution[{k}].cells"):
            expect_cell_filled(lab, tuple(placed_cell))

    lab.expect_text("xh-banner", "Solved! Every cell is covered.")
    assert lab.python("sorted(app.placed) == sorted(solution)") is True
    assert lab.board_hidden_edges() == []
    lab.screenshot("solved", target="xh-puzzle")

    # The board scales with the width it is given.
    wide = lab.widget(f".{BOARD} svg").bounding_box()["width"]
    lab.page.set_viewport_size({"width": 900, "height": 800})
    lab.page.wait_for_timeout(300)
    assert lab.widget(f".{BOARD} svg").bounding_box()["width"] < wide
    assert lab.board_hidden_edges() == []
