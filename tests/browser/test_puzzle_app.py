"""PuzzleApp in a real JupyterLab: play a 6 x 10 pentomino tiling to the win banner.

Nine pieces of a solution are placed through the kernel; the player then picks
the last pieces in the tray, turns or flips them with the buttons and the board's
keys, and clicks the board. A hint is asked for on the way. The test checks what
a player sees: the status line, the tray, the hint line, the board redrawn and
the banner.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

BOARD = "xh-board"
NOTEBOOK = [
    "%matplotlib widget\nfrom xochintlan_hex.widgets import PuzzleApp",
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


#: the pale grey of an empty cell (viz.puzzles.EMPTY_COLOUR) as the canvas shows it
EMPTY_RGB = (0xF4, 0xF4, 0xF4)


def expect_cell_filled(lab, cell: tuple[int, int], timeout: float = 15_000) -> None:
    """Wait until the board's picture shows a piece, not the empty grey, at ``cell``'s centre."""
    fx, fy = lab.python(f"app.cell_to_canvas_fraction({cell!r})")
    picture = lab.canvas(BOARD).page.locator(f".{BOARD} .jupyter-matplotlib-canvas-div canvas").first
    lab.page.wait_for_function(
        """([canvas, fx, fy, empty]) => {
             const x = Math.floor(fx * canvas.width), y = Math.floor(fy * canvas.height);
             const [r, g, b] = canvas.getContext('2d').getImageData(x, y, 1, 1).data;
             return Math.abs(r - empty[0]) + Math.abs(g - empty[1]) + Math.abs(b - empty[2]) > 30;
           }""",
        arg=[picture.element_handle(), fx, fy, list(EMPTY_RGB)], timeout=timeout)


def tray_labels(lab) -> list[str]:
    return [label.strip() for label in lab.widget("xh-tray").locator("button").all_inner_texts()]


def test_play_a_6x10_tiling_to_the_win_banner(lab, lab_server):
    lab_server.add_notebook("puzzle_play.ipynb", NOTEBOOK)
    lab.open_notebook("puzzle_play.ipynb")
    lab.run_all_cells()
    lab.expect_text("xh-status", "0 of 12 pieces placed", exact=True)
    assert len(tray_labels(lab)) == 12
    lab.screenshot("start", target="xh-puzzle")
    picture = lab.canvas_image(BOARD)

    lab.execute("for p in solution[:9]: app.place(p.cells, p.piece)\n" + ORIENT)
    lab.expect_text("xh-status", "9 of 12 pieces placed", exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)
    assert len(tray_labels(lab)) == 3

    lab.click("xh-hint")
    lab.expect_text("xh-hint-text", "This position can be finished")
    picture = lab.expect_canvas_change(picture, within=BOARD)  # the dashed outline

    for k in range(9, 12):
        name = lab.python(f"solution[{k}].name")
        lab.choose("xh-tray", name)
        lab.expect_text("xh-selection", f"Selected: {name}", exact=True)
        turns, mirrored, cell = lab.python(f"how_to_place({k})")
        if mirrored:
            lab.click("xh-mirror")
        for turn in range(turns):
            if turn % 2:
                lab.click("xh-rotate")
            else:
                lab.press_on_canvas("r", within=BOARD)
        lab.python("app.form")  # wait for the kernel to have handled the turns
        lab.click_canvas_where(f"app.cell_to_canvas_fraction({tuple(cell)!r})", within=BOARD)
        lab.expect_text("xh-status", f"{k + 1} of 12 pieces placed", exact=True)
        for placed_cell in lab.python(f"solution[{k}].cells"):
            expect_cell_filled(lab, tuple(placed_cell))

    lab.expect_text("xh-banner", "Solved! Every cell is covered.")
    assert lab.python("sorted(app.placed) == sorted(solution)") is True
    lab.screenshot("solved", target="xh-puzzle")
