"""Run All never shows an answer, and never changes a lesson.

Each lesson is opened in JupyterLab and run whole, as a student does. Then:

* every answer (a ``<details>`` block in a Markdown cell) is on the page and
  folded: its summary shows, its text does not;
* saving the notebook (as autosave would) writes back the very cells that were
  opened: the same sources and the same cell metadata (nothing unfolded, no
  cell hidden or shown). Only outputs and execution counts may differ.
"""

from __future__ import annotations

import re

import nbformat
import pytest

from .test_lessons_in_browser import NOTEBOOKS, run_lesson

pytestmark = pytest.mark.browser

ENGLISH_LESSONS = sorted(path.name for path in NOTEBOOKS.glob("0*.ipynb"))
FRENCH_LESSONS = sorted(f"fr/{path.name}" for path in (NOTEBOOKS / "fr").glob("0*.ipynb"))
# Every lesson, in both languages: fourteen notebooks, each run as a class would run it.
LESSONS = ENGLISH_LESSONS + FRENCH_LESSONS
SUMMARY = {"en": "Answer", "fr": "Réponse"}

_DETAILS = """() => [...document.querySelectorAll('.jp-Notebook .jp-MarkdownOutput details')].map(d => ({
    open: d.open,
    summary: d.querySelector('summary') ? d.querySelector('summary').innerText.trim() : '',
    // what a person sees of the block: only its summary while it is folded
    shown: d.innerText.trim(),
    hiddenText: [...d.children].filter(c => c.tagName !== 'SUMMARY').every(c => !c.checkVisibility()),
}))"""


def cells_as_written(path):
    """Each cell's type, source and metadata: what a save must not change."""
    notebook = nbformat.read(path, as_version=4)
    return [(cell.cell_type, cell.source, dict(cell.metadata)) for cell in notebook.cells]


@pytest.mark.parametrize("name", LESSONS)
def test_run_all_shows_no_answer_and_leaves_the_lesson_unchanged(lab, lab_server, name):
    answers = sum(
        len(re.findall(r"<details>", source))
        for kind, source, _ in cells_as_written(NOTEBOOKS / name)
        if kind == "markdown"
    )
    assert answers > 0, f"{name} has no folded answer"
    run_lesson(lab, lab_server, name)
    saved_path = lab_server.root_dir / f"notebooks/lesson_{name}"
    before = cells_as_written(saved_path)

    details = lab.page.evaluate(_DETAILS)
    assert len(details) == answers  # every answer is rendered, as a folded block
    assert [d for d in details if d["open"] or not d["hiddenText"]] == []
    summary = SUMMARY["fr" if name.startswith("fr/") else "en"]
    assert {d["summary"] for d in details} == {summary} == {d["shown"] for d in details}

    lab.page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    lab.page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=30_000)
    assert cells_as_written(saved_path) == before
    lab.screenshot(f"{name.removesuffix('.ipynb').replace('/', '-')}-after-run-all")


def test_lesson_03_live_study_runs_from_its_button(lab, lab_server):
    run_lesson(lab, lab_server, "03_game_statistics.ipynb")
    study = lab.scope("xh-live-study")
    first = study.text("xh-study-table")  # the lesson's first study, 100 games, shown before any click
    assert "100" in first.split()
    games = lab.page.locator(".xh-live-study .xh-study-games input").first
    games.fill("20")  # a short study, typed as a person would
    games.press("Enter")
    study.click("xh-study-run")
    study.expect_text("xh-study-table", "player", timeout=60_000)
    lab.page.wait_for_function(
        "() => !document.querySelector('.xh-live-study .xh-study-table').innerText.split(/\\s+/).includes('100')",
        timeout=60_000,
    )
    assert lab.page.locator(".xh-study-plot").first.get_attribute("src", timeout=15_000)
    assert "20" in study.text("xh-study-table").split()  # n: the 20 games typed
    lab.screenshot("live-study-after-run", "xh-live-study")
