"""The lessons in a real JupyterLab: each runs from top to bottom, and its board answers a click.

Each lesson is copied into the server's root with its outputs cleared, opened,
and run whole ("Run all", as a student does); no cell may raise. Then the
first app of the lesson's kind on the page gets one click, at a place where
the app must act, and the page must show the change.

Which kernel object is the app on the page? The kernel tags every app of that
kind with a class ``xh-probe-<n>``; the tag that reaches the first app element
on the page names it. No lesson variable name is assumed.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
DATASETS = ROOT / "datasets"


def lesson(name: str) -> Path:
    """The lesson's path; the test is skipped while the lesson is not written yet."""
    path = NOTEBOOKS / name
    if not path.exists():
        pytest.skip(f"{path.relative_to(NOTEBOOKS.parent)} is not written yet")
    return path


def run_lesson(lab, lab_server, name: str) -> None:
    """Copy a lesson into the server root, open it and run every cell (none may raise).

    The server root is laid out as the kit is: the lesson in ``notebooks/``
    and the study files in ``datasets/`` beside it, so that the lesson reads
    them as ``../datasets/...`` (its kernel runs in the lesson's folder).
    """
    path = lesson(name)
    shutil.copytree(DATASETS, lab_server.root_dir / "datasets", dirs_exist_ok=True)
    notebook = f"notebooks/lesson_{name}"
    lab_server.copy_notebook(path, name=notebook)
    lab.open_notebook(notebook)
    lab.run_all_cells(timeout=240_000)


def first_app(lab, class_name: str, css_class: str):
    """The first app of ``class_name`` shown on the page: (its scoped page, a kernel expression for it)."""
    from playwright.sync_api import expect

    lab.execute(
        "import gc as _xh_gc\n"
        f"from xochintlan_hex.widgets import {class_name} as _XhApp\n"
        "_xh_apps = [o for o in _xh_gc.get_objects() if isinstance(o, _XhApp)]\n"
        "for _xh_i, _xh_app in enumerate(_xh_apps):\n"
        "    _xh_app.widget.add_class(f'xh-probe-{_xh_i}')"
    )
    element = lab.page.locator(f".{css_class}").first
    expect(element).to_have_class(re.compile(r"\bxh-probe-\d+\b"))
    probe = re.search(r"\bxh-probe-(\d+)\b", element.get_attribute("class")).group(1)
    return lab.scope(css_class, nth=0), f"_xh_apps[{probe}]"


def test_lesson_01_xochintlan_board_answers_a_click(lab, lab_server):
    run_lesson(lab, lab_server, "01_play_xochintlan.ipynb")
    board, app = first_app(lab, "XochintlanApp", "xh-xochintlan")
    board.expect_text("xh-status", re.compile(r"^Player \d to play$"))  # a person is to move
    board.choose("xh-action", "Place")
    cell = lab.python(
        f"sorted(a.cell for a in {app}.game.legal_actions() "
        f"if type(a).__name__ == 'Place' and a.kind == {app}.animal)[0]"
    )
    turns = lab.python(f"len({app}.game.history)")
    before = (board.text("xh-reserve"), board.text("xh-lock"))
    picture = board.board_picture("xh-board")

    board.click_cell(tuple(cell))
    board.expect_text("xh-lock", f"Locked: ({cell[0]}, {cell[1]})", exact=True)
    board.expect_board_change(picture)
    assert board.text("xh-reserve") != before[0]
    assert lab.python(f"len({app}.game.history) > {turns}")
    assert board.board_hidden_edges() == []
    board.screenshot("xochintlan-after-a-click")


def test_lesson_05_hextremadura_board_answers_a_click(lab, lab_server):
    run_lesson(lab, lab_server, "05_hextremadura.ipynb")
    board, app = first_app(lab, "HextremaduraApp", "xh-hextremadura")
    cell = lab.python(
        f"sorted(a.cell for a in {app}.game.legal_actions() if a.tile_id == {app}.selected_tile "
        f"and a.rotation == {app}.rotation and a.face == {app}.face)[0]"
    )
    on_map = lab.python(f"len({app}.game.map)")
    piles = board.text("xh-piles")
    picture = board.board_picture()

    board.click_cell(tuple(cell))
    board.expect_text_change("xh-piles", piles)
    board.expect_board_change(picture)
    assert lab.python(f"tuple({cell!r}) in {app}.game.map or len({app}.game.explored) > 0")
    assert lab.python(f"len({app}.game.history)") >= 1
    assert lab.python(f"len({app}.game.map) + len({app}.game.explored)") > on_map
    assert board.board_hidden_edges() == []
    board.screenshot("hextremadura-after-a-click")


def test_lesson_02_explorer_answers_a_click(lab, lab_server):
    run_lesson(lab, lab_server, "02_pattern_enumeration.ipynb")
    board, explorer = first_app(lab, "PolyformExplorer", "xh-explorer")
    # A form on the page shown other than the selected one: click its picture.
    first = lab.python(f"{explorer}.forms.index({explorer}.page_forms[0])")
    shown = lab.python(f"len({explorer}.page_forms)")
    index = lab.python(f"{explorer}.selected_index")
    index = next(i for i in range(first, first + shown) if i != index)
    name = lab.python(f"{explorer}.forms[{index}].name")
    picture = board.canvas_image("xh-gallery-board")

    board.click_canvas_where(f"{explorer}.form_to_canvas_fraction({index})", within="xh-gallery-board")
    board.expect_text("xh-form-name", re.compile(rf"^Selected: {re.escape(name)} \("))
    board.expect_canvas_change(picture, within="xh-gallery-board")
    assert lab.python(f"{explorer}.selected_index") == index
    assert board.canvas_hidden_edges("xh-gallery-board") == []
    board.screenshot("explorer-after-a-click")


def test_lesson_06_puzzle_board_answers_a_click(lab, lab_server):
    run_lesson(lab, lab_server, "06_tilings.ipynb")
    board, app = first_app(lab, "PuzzleApp", "xh-puzzle")
    # The lesson fills the board from code: a click on a piece takes it back.
    board.expect_text("xh-status", "12 of 12 pieces placed", exact=True)
    board.expect_text("xh-banner", "Solved!")
    name = lab.python(f"next(p.name for p in {app}.placed if (0, 0) in p.cells)")
    picture = board.board_picture()

    board.click_cell((0, 0))
    board.expect_text("xh-status", "11 of 12 pieces placed", exact=True)
    board.expect_text("xh-selection", f"Selected: {name}", exact=True)
    board.expect_board_change(picture)
    assert board.text("xh-banner") == ""
    assert board.board_hidden_edges() == []
    board.screenshot("puzzle-after-a-click")
