"""The numbers on the axes of a lesson's own pictures, in the lesson's language.

A lesson draws some pictures itself (``plt.subplots``, ``ax.plot``, ``ax.hist``), with the
same code in English and in French, so the French decimal comma must come from the kit:
importing :mod:`xochintlan_hex.viz` makes every new linear axis write its ticks in the kit's
language. The fast tests check that on pictures drawn here; the slow one runs every lesson
in a kernel, keeps its figures open, and reads the tick labels of every figure it drew from
the figure objects (a saved PNG keeps no text to read); in a French lesson it also reads every
other text of every figure (titles, labels, legends, words drawn on it) for English words and
for actions written with the code's letters B and M beside boards drawn with O and S.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import matplotlib
import nbformat
import pytest
from matplotlib.figure import Figure
from test_french_lesson_outputs import english_words
from test_french_numbers import DECIMAL_COMMA, DECIMAL_POINT

matplotlib.use("Agg")

import xochintlan_hex.viz  # noqa: F401  (importing the pictures installs the tick labels' language)
from xochintlan_hex.i18n import use_language

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = {
    "en": sorted(NOTEBOOKS.glob("0*.ipynb")),
    "fr": sorted((NOTEBOOKS / "fr").glob("0*.ipynb")),
}
#: the decimal mark the other language uses: never on a tick of this language's pictures
WRONG_MARK = {"en": DECIMAL_COMMA, "fr": DECIMAL_POINT}


def tick_texts(figure: Figure) -> list[str]:
    """The major tick labels of every Axes of ``figure``, as drawn."""
    figure.canvas.draw()
    return [
        label.get_text()
        for ax in figure.axes
        for label in (*ax.get_xticklabels(), *ax.get_yticklabels())
        if label.get_visible()
    ]


def a_lesson_like_picture(language: str) -> list[str]:
    """A picture drawn as lesson 04 draws its deal scores: a histogram and a category bar chart."""
    with use_language(language):
        figure = Figure()
        shares, kinds = figure.subplots(1, 2)
        shares.hist([0, 1, 1, 2, 2, 2, 3], bins=4, density=True)
        kinds.bar(["I", "X"], [1200, 2500])
    return tick_texts(figure)


def test_a_lessons_own_picture_writes_a_decimal_comma_in_french():
    french = a_lesson_like_picture("fr")
    assert "0,1" in " ".join(french) and not any(DECIMAL_POINT.search(text) for text in french), french
    assert "2\u202f500" in french  # thousands grouped as French groups them
    assert {"I", "X"} <= set(french)  # a category axis keeps its names


def test_a_lessons_own_picture_keeps_matplotlibs_english_ticks():
    english = a_lesson_like_picture("en")
    assert "0.1" in " ".join(english) and not any(DECIMAL_COMMA.search(text) for text in english), english
    assert "2500" in english and {"I", "X"} <= set(english)


def test_an_axis_follows_the_language_it_was_made_in():
    with use_language("fr"):
        figure = Figure()
        ax = figure.add_subplot()
    ax.plot([0, 1], [0, 0.5])
    assert "0,5" in tick_texts(figure)


# Added before a lesson's first cell: figures stay open after each cell is shown, and a
# function reads the texts of every open figure (ticks apart) changed since it last looked.
KEEP_FIGURES = """
%config InlineBackend.close_figures = False
import matplotlib.pyplot as _plt
from matplotlib.text import Text as _Text
_shown = {}
def _read_figures():
    for _number in _plt.get_fignums():
        _figure = _plt.figure(_number)
        _key = f"{_number}:{id(_figure)}"
        if _key in _shown and not _figure.stale:
            continue
        _figure.canvas.draw()
        _ticks = [_label for _ax in _figure.axes for _label in (*_ax.get_xticklabels(), *_ax.get_yticklabels())]
        _others = [_t for _t in _figure.findobj(_Text) if all(_t is not _label for _label in _ticks)]
        _shown[_key] = {"ticks": [_t.get_text() for _t in _ticks if _t.get_visible()],
                        "texts": [_t.get_text() for _t in _others if _t.get_visible() and _t.get_text().strip()]}
"""
# Added after each code cell: a widget or a cell may close the figures before the lesson ends.
READ_FIGURES = "_read_figures()"
# Added after its last cell: the texts of every figure the lesson drew, as JSON.
READ_TEXTS = "import json as _json\nprint(_json.dumps(_shown))"


def lesson_figures(path: Path) -> dict[str, dict[str, list[str]]]:
    """Run the lesson at ``path``; for every figure it drew, its tick labels and its other texts."""
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    cells = [nbformat.v4.new_code_cell(KEEP_FIGURES)]
    for cell in notebook.cells:
        cells.append(cell)
        if cell.cell_type == "code":
            cells.append(nbformat.v4.new_code_cell(READ_FIGURES))
    notebook.cells = [*cells, nbformat.v4.new_code_cell(READ_TEXTS)]
    NotebookClient(notebook, timeout=600, resources={"metadata": {"path": str(path.parent)}}).execute()
    printed = "".join(output.get("text", "") for output in notebook.cells[-1].outputs)
    return json.loads(printed)


#: an action written with the code's letters (B, M) where French writes O, S: "B(1,0)", "(1,0)=M"
ENGLISH_NOTATION = re.compile(r"(?<![\w'])[BM]\(-?\d+, ?-?\d+\)|\)=[BM]\b")


def test_the_notation_check_tells_the_alphabets_apart():
    assert ENGLISH_NOTATION.search("3. joueur 1 : B(0,-1)") and ENGLISH_NOTATION.search("(1,0)=M")
    assert not ENGLISH_NOTATION.search("3. joueur 1 : O(0,-1), (1,0)=S, L(2,0), carte M'")


LESSON_RUNS = [(language, path) for language, paths in LESSONS.items() for path in paths]


def lesson_id(value: object) -> str:
    return value.name if isinstance(value, Path) else str(value)


@pytest.fixture(scope="module")
def drawn():
    """The figures of each lesson run, run once for both tests below."""
    runs: dict[Path, dict[str, dict[str, list[str]]]] = {}

    def figures(lesson: Path) -> dict[str, dict[str, list[str]]]:
        if lesson not in runs:
            runs[lesson] = lesson_figures(lesson)
        return runs[lesson]

    return figures


@pytest.mark.slow
@pytest.mark.parametrize(("language", "lesson"), LESSON_RUNS, ids=lesson_id)
def test_every_figure_a_lesson_draws_writes_its_ticks_in_its_language(language, lesson, drawn, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")  # as `make lessons` runs them: a French lesson chooses French itself
    figures = drawn(lesson)
    assert figures, f"{lesson.name} drew no figure"
    wrong = {number: [t for t in shown["ticks"] if WRONG_MARK[language].search(t)] for number, shown in figures.items()}
    wrong = {number: ticks for number, ticks in wrong.items() if ticks}
    assert not wrong, f"ticks of {lesson.name} written the other language's way, by figure number: {wrong}"


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS["fr"], ids=lesson_id)
def test_every_figure_a_french_lesson_draws_speaks_french(lesson, drawn, monkeypatch):
    """What a French figure says: its own words, and the French letters of the notation."""
    monkeypatch.setenv("LANGUAGE", "en")
    english = {
        number: [text for text in shown["texts"] if english_words(text) or ENGLISH_NOTATION.search(text)]
        for number, shown in drawn(lesson).items()
    }
    english = {number: texts for number, texts in english.items() if texts}
    assert not english, f"English words or letters in the figures of {lesson.name}, by figure number: {english}"


def test_importing_the_pictures_warns_about_nothing():
    # a warning printed by `import xochintlan_hex.viz` would sit in the first output of every
    # lesson: matplotlib 3.11 warns (pending deprecation) about scales whose constructor names
    # an axis parameter. Only that category is made an error: on the oldest supported versions
    # matplotlib itself calls pyparsing's deprecated names, which is not the kit's to fix.
    done = subprocess.run(
        [sys.executable, "-W", "error::PendingDeprecationWarning", "-c", "import xochintlan_hex.viz"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
