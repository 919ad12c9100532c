"""The lessons as a student reads them: answers folded, a self-check per exercise, answer code that runs.

Every exercise is a Markdown heading ``#### Exercise n``, then a code cell calling
a ``check_...`` function, then the answer folded in ``<details><summary>Answer
</summary> ... </details>`` (hidden in JupyterLab, VS Code and on code-hosting
sites alike), with the code that computes it as a fenced block. That code is not
run by nbval, so it is run here, after the lesson's own cells.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = [
    "01_play_xochintlan.ipynb",
    "02_pattern_enumeration.ipynb",
    "03_game_statistics.ipynb",
    "04_objective_probabilities.ipynb",
    "05_hextremadura.ipynb",
    "06_tilings.ipynb",
    "07_game_or_players.ipynb",
]
ANSWER_CODE = re.compile(r"```python\n(.*?)\n```", re.S)


def cells(name):
    return nbformat.read(NOTEBOOKS / name, as_version=4).cells


def answer_blocks(name):
    return [cell.source for cell in cells(name) if cell.cell_type == "markdown" and "<details>" in cell.source]


@pytest.mark.parametrize("name", LESSONS)
def test_every_answer_is_folded_in_its_own_cell(name):
    blocks = answer_blocks(name)
    assert blocks, f"{name} has no folded answer"
    for block in blocks:
        assert block.startswith("<details><summary>Answer</summary>") and block.rstrip().endswith("</details>")
        assert block.count("<details>") == block.count("</details>") == 1
    # nothing of the old folding that only JupyterLab understood
    for cell in cells(name):
        assert "click to expand" not in cell.source
        assert "jp-MarkdownHeadingCollapsed" not in cell.metadata
        assert not cell.metadata.get("jupyter", {}).get("source_hidden")


@pytest.mark.parametrize("name", LESSONS)
def test_no_lesson_ends_inside_an_answer(name):
    last = cells(name)[-1]
    assert "<details>" not in last.source and "check_" not in last.source


@pytest.mark.parametrize("name", LESSONS)
def test_each_exercise_has_a_self_check_then_its_answer(name):
    lesson = cells(name)
    exercises = [
        i
        for i, cell in enumerate(lesson)
        if cell.cell_type == "markdown" and re.search(r"^#### Exercise \d+", cell.source, re.M)
    ]
    assert exercises
    for i in exercises:
        check, answer = lesson[i + 1], lesson[i + 2]
        assert check.cell_type == "code" and re.search(r"\bcheck_\w+\(", check.source), check.source
        assert "= None" in check.source  # the student writes the answer there
        assert answer.cell_type == "markdown" and answer.source.startswith("<details>")


@pytest.mark.slow  # a lesson run again with its answers: 3 to 11 s each
@pytest.mark.parametrize("name", LESSONS)
def test_the_answer_code_runs_after_the_lesson(name, tmp_path):
    from nbclient import NotebookClient

    lesson = nbformat.read(NOTEBOOKS / name, as_version=4)
    answers = [nbformat.v4.new_code_cell(code) for block in answer_blocks(name) for code in ANSWER_CODE.findall(block)]
    assert answers, f"{name}: no answer code"
    lesson.cells = [cell for cell in lesson.cells if cell.cell_type == "code"] + answers
    NotebookClient(
        lesson, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    ).execute()
