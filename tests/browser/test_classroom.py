"""The apps on a classroom projector: keys that stay in the app, a layout that fits the screen,
and feedback a class can follow (the last move, the lock rule, a tile chosen afresh).

Each test plays in JupyterLab as a teacher would, at the window sizes of a projector:
1280 x 800 with the file browser open, 1024 x 768 with it closed.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

#: (window size, whether JupyterLab's file browser stays open)
SCREENS = [({"width": 1280, "height": 800}, True), ({"width": 1024, "height": 768}, False)]

HEXTREMADURA = [
    "%matplotlib widget\nfrom xochintlan_hex.widgets import HextremaduraApp",
    "app = HextremaduraApp(seed=7)\napp",
]
XOCHINTLAN = [
    "from xochintlan_hex.widgets import XochintlanApp",
    "app = XochintlanApp(players=['human', 'greedy'], seed=1, pause=0)\napp.click((1, 0))\napp",
]
EXPLORER = ["from xochintlan_hex.widgets import PolyformExplorer", "app = PolyformExplorer()\napp"]
PUZZLE = [
    "from xochintlan_hex.widgets import PuzzleApp",
    "app = PuzzleApp('Pentominoes, 6 × 10')\nfor placed in app.puzzle.random_solution(seed=11)[:6]:\n"
    "    app.place(placed.cells, placed.piece)\napp",
]
APPS = {"xh-xochintlan": XOCHINTLAN, "xh-hextremadura": HEXTREMADURA, "xh-explorer": EXPLORER, "xh-puzzle": PUZZLE}

#: a Markdown cell and a code cell after the app: the keys must change neither
AFTER_THE_APP = ["## Notes\nA teacher's notes.", "print('after the app')"]

CELL_TYPES = "() => window.jupyterapp.shell.currentWidget.content.widgets.map(cell => cell.model.type)"


def open_with_app(lab, lab_server, name: str, cells: list[str], *, screen=None) -> None:
    import nbformat

    if screen is not None:
        lab.page.set_viewport_size(screen[0])
    markdown = nbformat.v4.new_markdown_cell(AFTER_THE_APP[0])
    lab_server.add_notebook(name, [*cells, markdown, AFTER_THE_APP[1]])
    lab.open_notebook(name, wide=screen is None or not screen[1])
    lab.run_all_cells()


def test_keys_go_to_the_app_whatever_part_of_it_was_clicked_last(lab, lab_server):
    open_with_app(lab, lab_server, "keys.ipynb", HEXTREMADURA)
    types = lab.page.evaluate(CELL_TYPES)
    offer, top = lab.python("app.game.available()")
    lab.expect_text("xh-keys", "Click the game to use its keys")
    turned = 0

    def press_keys_then_check(what: str) -> None:
        nonlocal turned
        lab.page.keyboard.press("r")
        turned += 1
        lab.expect_text("xh-selection", f"turned {turned} × 60°")
        lab.expect_text("xh-keys", "Keys go to the game")
        for key in ["m", "y", "a", "b", "1", "2"]:
            lab.page.keyboard.press(key)
        turned = 0  # '1' and '2' chose a tile: it starts unturned
        second = lab.python("app.game.available()[1]")
        lab.expect_text("xh-selection", f"Selected: {second}, front up, turned 0 × 60°", exact=True)
        assert lab.page.evaluate(CELL_TYPES) == types, f"a key changed the notebook after {what}"

    lab.choose("xh-tiles", f"Offer: {offer}")
    press_keys_then_check("a click on the Offer button")
    lab.click("xh-rotate")
    turned = 1
    press_keys_then_check("a click on the Rotate button")
    lab.click("xh-status")  # a label: nothing there takes the focus by itself
    press_keys_then_check("a click on the status line")
    lab.click_cell((0, 0))  # place a tile
    lab.expect_text("xh-piles", "On the map: 1")
    press_keys_then_check("a click on the map")
    lab.click("xh-undo")
    lab.expect_text("xh-piles", "On the map: 0")
    # Nothing is left to undo: the button disables itself and drops the focus to the page, and
    # the app takes it back. Wait for that before typing (a person is never that fast); the
    # keys must then reach the app.
    from playwright.sync_api import expect

    expect(lab.widget("xh-undo")).to_be_disabled(timeout=15_000)
    expect(lab.widget("xh-app")).to_be_focused(timeout=15_000)
    press_keys_then_check("a click on Undo")

    # Esc hands the keys back to the notebook; moving the mouse over the board takes them again.
    lab.page.keyboard.press("Escape")
    lab.expect_text("xh-keys", "Click the game to use its keys")
    box = lab.widget(".xh-board svg").bounding_box()
    x, y = box["x"] + 0.3 * box["width"], box["y"] + 0.5 * box["height"]
    lab.page.mouse.move(2, 2)
    lab.page.mouse.move(x, y, steps=4)
    press_keys_then_check("moving the mouse over the map")
    lab.screenshot("keys-in-the-app", target="xh-hextremadura")


def visibility_report(lab) -> dict:
    """Where the app lies in the notebook's visible area once scrolled to its top, from the DOM."""
    return lab.page.evaluate("""() => {
      const app = document.querySelector('.xh-app');
      const area = app.closest('.jp-WindowedPanel-outer') || app.closest('.jp-Notebook');
      app.scrollIntoView({block: 'start'});
      const a = area.getBoundingClientRect();
      const outside = [];
      for (const el of [app, ...app.querySelectorAll('[class*="xh-"], button, canvas, select')]) {
        if (el.getClientRects().length === 0) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < a.left - 1 || r.right > a.right + 1 || r.top < a.top - 1 || r.bottom > a.bottom + 1) {
          const names = [...el.classList].filter(c => c.startsWith('xh-')).join('.') || el.tagName;
          outside.push(`${names} (${Math.round(r.left)},${Math.round(r.top)})-(${Math.round(r.right)},${Math.round(r.bottom)})`);
        }
      }
      const r = app.getBoundingClientRect();
      return {area: [Math.round(a.width), Math.round(a.height)], app: [Math.round(r.width), Math.round(r.height)],
              outside: outside};
    }""")


@pytest.mark.parametrize("screen", SCREENS, ids=["1280x800-file-browser-open", "1024x768"])
@pytest.mark.parametrize("app_class", list(APPS))
def test_each_app_fits_a_projector_screen_without_scrolling(lab, lab_server, app_class, screen):
    name = f"fit-{app_class}-{screen[0]['width']}.ipynb"
    open_with_app(lab, lab_server, name, APPS[app_class], screen=screen)
    lab.expect_visible(app_class)
    lab.page.wait_for_timeout(500)  # the boards' pictures take their size
    report = visibility_report(lab)
    lab.screenshot(f"{app_class}-{screen[0]['width']}")
    assert report["outside"] == [], (
        f"{app_class} ({report['app'][0]} x {report['app'][1]} px) does not fit the notebook's "
        f"{report['area'][0]} x {report['area'][1]} px: {report['outside']}"
    )
    assert lab.cut_off_texts(app_class) == []  # and every text is read whole
    # The refusal line sits beside the board, not above it.
    board, message = (
        (
            lab.widget(f".{app_class} .xh-board").first.bounding_box(),
            lab.widget(f".{app_class} .xh-message").first.bounding_box(),
        )
        if app_class != "xh-explorer"
        else (None, None)
    )
    if board is not None:
        assert message["x"] >= board["x"] + board["width"] - 1, "the message line is not beside the board"


def test_the_computer_move_is_named_and_the_lock_rule_comes_first(lab, lab_server):
    open_with_app(
        lab,
        lab_server,
        "feedback.ipynb",
        [
            "from xochintlan_hex.widgets import XochintlanApp",
            "app = XochintlanApp(players=['human', 'human'], seed=1)\napp",
            "app2 = XochintlanApp(players=['human', 'greedy'], seed=1, pause=0.3)\napp2",
        ],
    )
    first = lab.scope("xh-xochintlan", nth=0)
    first.expect_text("xh-last-move", "Last move: none yet", exact=True)
    for cell, animal in [((1, 0), "Lizard"), ((-1, 0), "Bird"), ((1, -1), "Lizard")]:
        first.choose("xh-animal", animal)
        first.click_cell(cell)
        first.expect_text("xh-last-move", f"placed a {animal} on ({cell[0]}, {cell[1]})")
    first.expect_text("xh-last-move", "Last move: Player 1 placed a Lizard on (1, -1)", exact=True)
    # Switch with the Lizard selected, on the Lizard just played: the lock is the reason given.
    first.choose("xh-action", "Switch")
    first.choose("xh-animal", "Lizard")
    first.click_cell((1, -1))
    first.expect_text("xh-message", "(1, -1) was just played by the previous player")

    # Against the computer: its move is named, after its pause.
    second = lab.scope("xh-xochintlan", nth=1)
    second.click_cell((1, 0))
    second.expect_text("xh-last-move", "Last move: Player 2 (greedy) ")
    second.expect_text("xh-status", "Player 1 to play", exact=True)
    second.screenshot("last-move")


def test_another_tile_starts_unturned(lab, lab_server):
    open_with_app(lab, lab_server, "rotation.ipynb", HEXTREMADURA)
    offer, top = lab.python("app.game.available()")
    lab.click("xh-rotate")
    lab.expect_text("xh-selection", f"Selected: {offer}, front up, turned 1 × 60°", exact=True)
    lab.choose("xh-tiles", f"Pile: {top}")
    lab.expect_text("xh-selection", f"Selected: {top}, front up, turned 0 × 60°", exact=True)


def test_the_board_drawn_by_the_browser_plays_and_scales_with_its_width(lab, lab_server):
    open_with_app(
        lab,
        lab_server,
        "svg.ipynb",
        [
            "from xochintlan_hex.widgets import XochintlanApp",
            "app = XochintlanApp(players=['human', 'greedy'], seed=1, pause=0.2)\napp",
        ],
    )  # the default board
    lab.click('.xh-board [data-cell="1,0"]')
    lab.expect_text("xh-last-move", "Last move: Player 2 (greedy) ")
    lab.expect_text("xh-status", "Player 1 to play", exact=True)
    assert lab.widget('.xh-board [data-cell="1,0"] text').text_content() == "L"
    lab.screenshot("svg-board", target="xh-xochintlan")
    wide = lab.widget(".xh-board svg").bounding_box()["width"]
    lab.page.set_viewport_size({"width": 900, "height": 800})
    lab.page.wait_for_timeout(300)
    narrow = lab.widget(".xh-board svg").bounding_box()["width"]
    assert narrow < wide, "the board keeps its size in a narrower window"
    assert report_outside(lab) == []


def report_outside(lab) -> list[str]:
    return visibility_report(lab)["outside"]


@pytest.mark.parametrize(
    "lesson, code",
    [("05_hextremadura.ipynb", "HextremaduraApp(seed="), ("01_play_xochintlan.ipynb", "XochintlanApp(players=")],
)
def test_a_saved_lesson_not_yet_run_shows_its_boards_as_pictures(lab, lab_server, lesson, code):
    import shutil
    from pathlib import Path

    source = Path(__file__).resolve().parents[2] / "notebooks" / lesson
    shutil.copy(source, lab_server.root_dir / f"unrun_{lesson}")  # as saved: outputs kept, no kernel run
    lab.open_notebook(f"unrun_{lesson}")
    output = lab.page.evaluate(
        """(code) => {
      const cell = [...document.querySelectorAll('.jp-CodeCell')].find(c => c.innerText.includes(code));
      cell.scrollIntoView({block: 'start'});
      const area = cell.querySelector('.jp-OutputArea');
      return {text: area.innerText, pictures: area.querySelectorAll('img').length};
    }""",
        code,
    )
    lab.screenshot(f"unrun-{lesson[:2]}")
    assert output["pictures"] >= 1, f"no picture of the board in the saved lesson: {output['text'][:200]!r}"
    assert "VBox(children" not in output["text"]
