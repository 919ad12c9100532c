"""Every exercise of every lesson keeps its promise, in English and in French.

The exercises are described once, in the lessons' modules (``xochintlan_hex.lessons.lessonNN``,
gathered by :func:`all_exercises`). Here each check is run on the answers its
exercise names: the right ones say right, the wrong and incomplete ones say not yet,
without the answer, in the language in use. Then the stored lessons (``notebooks/``
and ``notebooks/fr/``) are read as a student reads them: exercises headed and graded
as their module says, no check cell holding its answer, no answer printed or stated
above its exercise, an open question for discussion. A lesson with no exercise module
yet is skipped, with the reason.
"""

from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from collections.abc import Mapping
from pathlib import Path

import nbformat
import pytest
from matplotlib.collections import Collection
from matplotlib.container import BarContainer, ErrorbarContainer
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from xochintlan_hex.i18n import use_language
from xochintlan_hex.lessons.exercises import Exercise, all_exercises

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSON_FILES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted((NOTEBOOKS / "fr").glob("[0-9][0-9]_*.ipynb"))
EXERCISES = all_exercises()
LEVELS = ("easy", "medium", "stretch")
# How each language heads an exercise, grades it and names its discussion.
WORDS = {
    "en": {"exercise": "Exercise", "levels": dict(zip(LEVELS, LEVELS)), "discussion": "#### Discussion"},
    "fr": {
        "exercise": "Exercice",
        "levels": dict(zip(LEVELS, ("facile", "intermédiaire", "approfondissement"))),
        "discussion": "#### Pour discuter",
    },
}
# What a verdict starts with in each language, as the catalog writes it (French puts a
# no-break space before « ! » and « : »).
VERDICT_START = {
    "en": ("Right!", "Not yet: "),
    "fr": ("Juste\u00a0!", "Pas encore\u00a0: "),
}
NO_ANSWER = {
    "en": "No answer yet: replace None by your answer, then run the cell again.",
    "fr": "Pas encore de réponse\u00a0: remplacez None par votre réponse, puis exécutez de nouveau la cellule.",
}


def exercise_id(exercise: Exercise) -> str:
    return f"{exercise.lesson}-{exercise.number}"


def value(answer):
    return answer() if callable(answer) else answer


# --- the checks judge the answers each exercise names


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("exercise", EXERCISES, ids=exercise_id)
def test_every_right_answer_is_right_in_the_language_in_use(exercise, language):
    right, _ = VERDICT_START[language]
    with use_language(language):
        for answer in exercise.right:
            verdict = exercise.judge(answer)
            assert verdict and repr(verdict) == right, (value(answer), repr(verdict))


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("exercise", EXERCISES, ids=exercise_id)
def test_wrong_and_incomplete_answers_are_not_yet_and_the_hint_keeps_the_answer(exercise, language):
    _, not_yet = VERDICT_START[language]
    assert exercise.wrong and exercise.incomplete, "name at least one wrong and one incomplete answer"
    shown = {str(value(answer)) for answer in exercise.right if not callable(value(answer))}
    with use_language(language):
        for answer in [*exercise.wrong, *exercise.incomplete]:
            verdict = exercise.judge(answer)
            if answer is None:  # a single-number exercise's only incomplete answer: none at all
                assert not verdict and repr(verdict) == NO_ANSWER[language], repr(verdict)
                continue
            assert not verdict and repr(verdict).startswith(not_yet), (value(answer), repr(verdict))
            hint = repr(verdict).removeprefix(not_yet)
            assert not any(text in hint for text in shown if len(text) > 1), hint


@pytest.mark.parametrize("exercise", EXERCISES, ids=exercise_id)
def test_a_french_verdict_is_not_the_english_one(exercise):
    for answer in [*exercise.wrong, *exercise.incomplete]:
        with use_language("en"):
            english = repr(exercise.judge(answer))
        with use_language("fr"):
            french = repr(exercise.judge(answer))
        assert french != english and not french.startswith("Not yet"), french


@pytest.mark.parametrize("lesson", sorted({e.lesson for e in EXERCISES}))
def test_each_lesson_has_three_exercises_graded_from_easy_to_stretch(lesson):
    mine = [e for e in EXERCISES if e.lesson == lesson]
    assert [e.number for e in mine] == list(range(1, len(mine) + 1))
    assert len(mine) >= 3
    grades = [LEVELS.index(e.level) for e in mine]
    assert grades == sorted(grades) and mine[0].level == "easy" and mine[-1].level == "stretch", grades


# --- the stored lessons, as a student reads them


def lesson_language(path: Path) -> str:
    return "fr" if path.parent.name == "fr" else "en"


def lesson_exercises(path: Path) -> list[Exercise]:
    """The lesson's exercises, or a skip naming the module it still lacks."""
    number = path.name[:2]
    try:
        module = importlib.import_module(f"xochintlan_hex.lessons.lesson{number}")
    except ModuleNotFoundError:
        pytest.skip(f"lesson {number} has no module xochintlan_hex/lessons/lesson{number}.py describing its exercises")
    return module.EXERCISES


def headings(path: Path) -> dict[int, tuple[int, str]]:
    """{exercise number: (cell index, level word)} for the exercise headings of the lesson."""
    word = WORDS[lesson_language(path)]["exercise"]
    found = {}
    for i, cell in enumerate(nbformat.read(path, as_version=4).cells):
        pattern = rf"^#### {word} (\d+)(?: \(([^)]*)\))?"
        match = re.search(pattern, cell.source, re.M) if cell.cell_type == "markdown" else None
        if match:
            found[int(match.group(1))] = (i, match.group(2))
    return found


def text_of(cell) -> str:
    """What a student sees of a cell: Markdown source, or a code cell's outputs."""
    if cell.cell_type == "markdown":
        return cell.source
    shown = []
    for output in cell.get("outputs", []):
        shown.append(output.get("text", ""))
        data = output.get("data", {})
        shown += [data.get(kind, "") for kind in ("text/plain", "text/html", "text/markdown", "text/latex")]
    return "\n".join(text if isinstance(text, str) else "".join(text) for text in shown)


def literals(source: str) -> list:
    """Every number and string a code cell writes, in its code and in its comments."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.NUMBER, tokenize.STRING):
            found.append(ast.literal_eval(token.string))
        elif token.type == tokenize.COMMENT:
            found += re.findall(r"""["']([^"']+)["']""", token.string)
            found += [float(number) for number in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", token.string)]
    return found


def parts(answer) -> list:
    """The answer and the values it is made of (a tuple's items, a dict's values), booleans aside."""
    items = list(answer.values()) if isinstance(answer, Mapping) else answer
    inner = list(items) if isinstance(items, (list, tuple, set)) else []
    return [part for part in [answer, *inner] if not isinstance(part, bool) and not callable(part)]


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_exercises_on_the_page_are_those_of_the_lesson_module(path):
    exercises = lesson_exercises(path)
    levels = WORDS[lesson_language(path)]["levels"]
    assert {n: level for n, (_, level) in headings(path).items()} == {e.number: levels[e.level] for e in exercises}


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_check_cell_holds_its_answer(path):
    exercises = lesson_exercises(path)
    cells, found = nbformat.read(path, as_version=4).cells, headings(path)
    problems = []
    for exercise in exercises:
        if exercise.number not in found:
            problems.append(f"exercise {exercise.number}: no heading")
            continue
        check_cell = cells[found[exercise.number][0] + 1]
        written = literals(check_cell.source) if check_cell.cell_type == "code" else []
        problems += [
            f"exercise {exercise.number}: its check cell writes {part!r}, part of the answer"
            for answer in exercise.right
            for part in parts(value(answer))
            if part in written
        ]
        if check_cell.cell_type != "code" or not re.search(r"\bcheck_\w+\(", check_cell.source):
            problems.append(f"exercise {exercise.number}: the cell after its heading calls no kit check_...()")
    assert not problems, "\n".join(sorted(set(problems)))


# Fewer digits than this say nothing: "2", "72" or "0.1" stand on any page for other reasons.
MEANINGFUL_DIGITS = 3
# Right answers that stand above their exercise for another reason, each read and judged no
# giveaway: (lesson, exercise, the value as English writes it) -> how many cells hold it, and why.
# One more cell holding the value (a new leak) fails the test.
COINCIDENCES = {
    ("04", 2, "0.25"): (1, "the density section 2 chose for its example; the exercise asks why it is best for I"),
    ("05", 3, "0.12"): (1, "the change of the Wanderer share (-0.12) printed under the histograms of section 6"),
    ("07", 2, "0.944"): (1, "the high end of ismcts' margin against greedy, in the duels' table"),
}


def written_forms(number: float) -> dict[str, set[str]]:
    """How a page may write ``number``: {its English form: {English and French forms}}.

    A value given rounded is written at its own decimals; a value computed to many
    decimals is written at 0, 1 and 2, the roundings the lessons print. Thousands may be
    grouped (a comma in English; a space, no-break or thin no-break, in French); French
    formulas write the decimal comma ``{,}``.
    """
    written = repr(float(number))
    decimals = len(written.partition(".")[2].rstrip("0")) if "e" not in written else 99
    forms: dict[str, set[str]] = {}
    for digits in [decimals] if decimals <= 3 else [0, 1, 2]:
        english = f"{number:.{digits}f}"
        grouped = f"{number:,.{digits}f}"
        french = {grouped.replace(",", space).replace(".", ",") for space in (" ", "\u00a0", "\u202f")}
        forms[english] = {english, grouped, english.replace(".", ","), english.replace(".", "{,}"), *french}
    return forms


def answer_forms(exercise: Exercise) -> dict[str, set[str]]:
    """Every number the exercise accepts as (part of) its answer, in the forms a page writes it.

    Numbers with fewer than MEANINGFUL_DIGITS digits are left out.
    """
    forms: dict[str, set[str]] = {}
    for answer in exercise.right:
        for part in parts(value(answer)):
            if isinstance(part, (int, float)) and not isinstance(part, bool):
                for english, texts in written_forms(part).items():
                    if sum(c.isdigit() for c in english) >= MEANINGFUL_DIGITS:
                        forms.setdefault(english, set()).update(texts)
    return forms


def cells_showing(texts: set[str], cells) -> list[int]:
    """The indices of ``cells`` whose Markdown or outputs write one of ``texts`` as a whole number."""
    found = []
    for index, cell in enumerate(cells):
        shown = text_of(cell)
        if any(re.search(rf"(?<![\d.,]){re.escape(text)}(?![\d])", shown) for text in texts):
            found.append(index)
    return found


def answers_above(exercise: Exercise, cells, heading: int) -> list[str]:
    """The exercise's answers that stand above its heading: giveaway texts, or its right values themselves."""
    above = cells[:heading]
    leaks = [repr(text) for text in exercise.giveaways if text in "\n".join(text_of(cell) for cell in above)]
    for english, texts in answer_forms(exercise).items():
        holding = cells_showing(texts, above)
        allowed, _why = COINCIDENCES.get((exercise.lesson, exercise.number, english), (0, ""))
        if len(holding) > allowed:
            leaks.append(f"{english} (cells {holding})")
    return leaks


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_answer_is_shown_above_its_exercise(path):
    exercises = lesson_exercises(path)
    cells, found = nbformat.read(path, as_version=4).cells, headings(path)
    for exercise in exercises:
        leaks = answers_above(exercise, cells, found[exercise.number][0])
        assert not leaks, f"exercise {exercise.number}: {leaks} stand above its heading"


@pytest.mark.parametrize(
    ("lesson", "number", "planted"),
    [("04", 4, "About 381 gardens in 4,000."), ("07", 3, "Le score moyen est 0,57."), ("02", 3, "3\u202f652")],
)
def test_a_right_value_planted_above_its_exercise_is_caught(lesson, number, planted):
    """An exercise that names no giveaway is caught too, its value in English or French writing."""
    exercise = next(e for e in EXERCISES if (e.lesson, e.number) == (lesson, number))
    path = next(p for p in LESSON_FILES if p.name.startswith(lesson))
    cells, heading = nbformat.read(path, as_version=4).cells, headings(path)[number][0]
    assert not answers_above(exercise, cells, heading)
    cells.insert(1, nbformat.v4.new_markdown_cell(planted))
    assert answers_above(exercise, cells, heading + 1)


def test_a_longer_number_holding_the_answer_is_no_leak():
    exercise = next(e for e in EXERCISES if (e.lesson, e.number) == ("04", 4))
    cells = [nbformat.v4.new_markdown_cell("1381 gardens, 3810 cells, 38.1% and 0.381 of them")]
    assert answers_above(exercise, cells, 1) == []


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_lesson_asks_an_open_question_for_discussion(path):
    lesson_exercises(path)
    heading = WORDS[lesson_language(path)]["discussion"]
    assert any(
        cell.cell_type == "markdown" and cell.source.startswith(heading)
        for cell in nbformat.read(path, as_version=4).cells
    )


# --- pictures that read in greyscale


def series_style(handle) -> tuple:
    """What tells a legend entry apart besides its colour: line style, marker, hatch."""
    if isinstance(handle, Line2D):
        marker = handle.get_marker()
        return ("line", handle.get_linestyle(), None if marker in ("", "None", " ", None) else marker)
    if isinstance(handle, BarContainer):
        handle = handle.patches[0] if handle.patches else handle
    if isinstance(handle, ErrorbarContainer):
        return series_style(handle.lines[0]) if handle.lines[0] is not None else ("errorbar",)
    if isinstance(handle, Patch):
        return ("patch", handle.get_hatch(), handle.get_linestyle())
    if isinstance(handle, Collection):
        paths = handle.get_paths()
        # a collection of lines (vlines, hlines) may differ by its dashes, as a line does
        dashes = tuple(
            (offset, tuple(pattern) if pattern is not None else None) for offset, pattern in handle.get_linestyle()
        )
        return ("points", handle.get_hatch(), dashes, tuple(map(tuple, paths[0].vertices.round(3))) if paths else None)
    return (type(handle).__name__,)


def colour_only_series(figure) -> list[str]:
    """The series of ``figure`` that differ from one another by colour alone: the entries of its
    legends, and, on a chart with no legend, the lines and collections it draws. (Pictures of
    boards and tilings, drawn with their axes hidden, tell their pieces apart by letters.)"""
    problems = []
    if not figure.legends:
        for ax in figure.axes:
            if ax.get_legend() is None and ax.axison:  # a chart: boards and tilings hide their axes
                problems += colour_only_drawings(ax)
    legends = [(ax, ax.get_legend()) for ax in figure.axes] + [(None, legend) for legend in figure.legends]
    for ax, legend in legends:
        if legend is None:
            continue
        handles = legend.legend_handles
        labels = [text.get_text() for text in legend.get_texts()]
        styles = [series_style(handle) for handle in handles]
        for i in range(len(styles)):
            for j in range(i):
                if styles[i] == styles[j]:
                    where = ax.get_title() if ax is not None else figure.get_suptitle()
                    problems.append(f"{where!r}: {labels[j]!r} and {labels[i]!r} differ by colour only")
    return problems


def colour_only_drawings(ax) -> list[str]:
    """The lines and collections of ``ax`` that look alike but for their colour.

    Error bars count once, by their data line (their caps and bars look alike in every
    series); a collection coloured by value (a colour scale) is one series, not several.
    """
    from matplotlib.colors import to_hex

    parts_of_error_bars = set()
    for container in ax.containers:
        if isinstance(container, ErrorbarContainer):
            parts_of_error_bars.update(id(artist) for artist in [*container.lines[1], *container.lines[2]])
    drawn = []
    for line in ax.lines:
        if id(line) not in parts_of_error_bars:
            drawn.append((series_style(line), {to_hex(line.get_color()), to_hex(line.get_markerfacecolor())}))
    for collection in ax.collections:
        if id(collection) in parts_of_error_bars:
            continue
        colours = {to_hex(c) for c in [*collection.get_facecolor(), *collection.get_edgecolor()]}
        if len(colours) <= 2:
            drawn.append((series_style(collection), colours))
    problems = []
    for i in range(len(drawn)):
        for j in range(i):
            if drawn[i][0] == drawn[j][0] and drawn[i][1] != drawn[j][1]:
                problems.append(f"{ax.get_title()!r}: drawings {j} and {i} differ by colour only, and no legend")
    return problems


def lesson_figures(path: Path):
    """Run the lesson's code cells in this process (pictures drawn, not shown) and yield each cell's figures."""
    import os

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    namespace: dict = {"__name__": "__lesson__"}
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        for i, cell in enumerate(nbformat.read(path, as_version=4).cells):
            if cell.cell_type != "code":
                continue
            source = "\n".join(line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!")))
            exec(compile(source, f"{path.name} cell {i}", "exec"), namespace)
            for number in plt.get_fignums():
                yield i, plt.figure(number)
            plt.close("all")
    finally:
        os.chdir(here)


@pytest.mark.slow  # each lesson runs again: a few seconds to half a minute
@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")), ids=lambda p: p.name)
def test_every_plotted_series_differs_by_more_than_colour(path):
    """The French twins run the same code, so their pictures are checked here too."""
    problems = [f"cell {i}: {problem}" for i, figure in lesson_figures(path) for problem in colour_only_series(figure)]
    assert not problems, "\n".join(problems)


def test_the_series_check_sees_lines_told_apart_by_colour_only_without_a_legend():
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1], color="C0")
    ax.plot([0, 1], [1, 0], color="C1")
    assert colour_only_series(figure) == ["'': drawings 0 and 1 differ by colour only, and no legend"]
    ax.lines[1].set_linestyle("--")
    assert colour_only_series(figure) == []


def test_the_series_check_sees_points_told_apart_by_colour_only_without_a_legend():
    figure = Figure()
    ax = figure.add_subplot()
    ax.scatter([0, 1], [0, 1], color="C0")
    ax.scatter([0, 1], [1, 0], color="C1")
    assert len(colour_only_series(figure)) == 1
    ax.collections[1].remove()
    ax.scatter([0, 1], [1, 0], color="C1", marker="s")
    assert colour_only_series(figure) == []


def test_error_bars_told_apart_by_their_markers_pass_though_their_caps_look_alike():
    figure = Figure()
    ax = figure.add_subplot()
    ax.errorbar([0, 1], [0, 1], yerr=0.1, fmt="o", capsize=3, color="C0")
    ax.errorbar([0, 1], [1, 0], yerr=0.1, fmt="s", capsize=3, color="C1")
    assert colour_only_series(figure) == []
    ax.errorbar([0, 1], [2, 2], yerr=0.1, fmt="o", capsize=3, color="C2")
    assert len(colour_only_series(figure)) == 1


def test_the_series_check_sees_a_legend_told_apart_by_colour_only():
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1], color="C0", label="hits")
    ax.plot([0, 1], [1, 0], color="C1", label="misses")
    ax.legend()
    assert colour_only_series(figure) == ["'': 'hits' and 'misses' differ by colour only"]
    ax.lines[1].set_linestyle("--")
    ax.legend()
    assert colour_only_series(figure) == []
