"""Lessons 03, 04, 05 and 07: every exercise teaches, and none gives its answer away.

For every exercise described in ``xochintlan_hex.lessons.lessonNN.EXERCISES``, in
English and in French: the check says right for each accepted form of the answer,
and not yet for each wrong and incomplete one, in the language in use. On the
stored lessons (English and French): exercises are graded easy to stretch with an
open question for discussion; a check cell holds no literal equal to its answer;
nothing above an exercise's heading states its answer; and every plotted series
differs from the others by line style, marker or hatch, not only by colour.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import matplotlib
import nbformat
import pytest

from xochintlan_hex.i18n import use_language
from xochintlan_hex.lessons import lesson03, lesson04, lesson05, lesson07

matplotlib.use("Agg")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
EXERCISES = [*lesson03.EXERCISES, *lesson04.EXERCISES, *lesson05.EXERCISES, *lesson07.EXERCISES]
LESSONS = {number: (next(NOTEBOOKS.glob(f"{number}_*.ipynb")), next((NOTEBOOKS / "fr").glob(f"{number}_*.ipynb")))
           for number in ("03", "04", "05", "07")}  # fmt: skip
HEADING = {"en": re.compile(r"^#### Exercise (\d+) \((easy|medium|stretch)\)", re.M),
           "fr": re.compile(r"^#### Exercice (\d+) \((facile|intermédiaire|approfondissement)\)", re.M)}  # fmt: skip
LEVEL = {"easy": 0, "medium": 1, "stretch": 2, "facile": 0, "intermédiaire": 1, "approfondissement": 2}
DISCUSSION = {"en": "#### Discussion", "fr": "#### Pour discuter"}


def ids(exercise):
    return f"{exercise.lesson}-{exercise.number}"


def value(answer):
    return answer() if callable(answer) else answer


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("exercise", EXERCISES, ids=ids)
def test_each_check_says_right_for_every_accepted_answer(exercise, language):
    with use_language(language):
        for answer in exercise.right:
            verdict = exercise.judge(answer)
            assert verdict, f"{value(answer)!r} refused: {verdict!r}"
            assert repr(verdict) == {"en": "Right!", "fr": "Juste\u00a0!"}[language]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("exercise", EXERCISES, ids=ids)
def test_each_check_says_not_yet_to_wrong_and_incomplete_answers_in_the_language_in_use(exercise, language):
    assert exercise.wrong and exercise.incomplete, "an exercise names at least one wrong and one incomplete answer"
    with use_language(language):
        for answer in [*exercise.wrong, *exercise.incomplete]:
            verdict = exercise.judge(answer)
            assert not verdict, f"{value(answer)!r} accepted"
            said = repr(verdict)
            if language == "fr":
                assert said.startswith(("Pas encore", "Pas de réponse")), said
            else:
                assert said.startswith(("Not yet", "No answer yet")), said


def exercise_cells(path: Path, language: str):
    """(number, level, index of its heading, the check cell's source) of each exercise of a lesson."""
    cells = nbformat.read(path, as_version=4).cells
    found = []
    for index, cell in enumerate(cells):
        # the printed worksheets take an exercise from a Markdown cell that starts with its heading
        match = HEADING[language].match(cell.source) if cell.cell_type == "markdown" else None
        if match:
            check = next(c for c in cells[index + 1 :] if c.cell_type == "code")
            found.append((int(match.group(1)), match.group(2), index, check.source))
    return cells, found


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("number", sorted(LESSONS))
def test_each_lesson_grades_three_exercises_from_easy_to_stretch_and_asks_a_discussion(number, language):
    path = LESSONS[number][language == "fr"]
    cells, found = exercise_cells(path, language)
    assert len(found) >= 3, f"{path.name}: {len(found)} graded exercises"
    levels = [LEVEL[level] for _, level, _, _ in found]
    assert levels == sorted(levels) and levels[0] == 0 and levels[-1] == 2, levels
    assert [n for n, *_ in found] == list(range(1, len(found) + 1))
    assert any(cell.source.startswith(DISCUSSION[language]) for cell in cells if cell.cell_type == "markdown")
    described = sorted(e.number for e in EXERCISES if e.lesson == number)
    assert described == [n for n, *_ in found], "every exercise of the page is described in its lesson module"


def literals(source: str) -> list:
    return [node.value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Constant)]


def simple(answer):
    """The answer's plain values (a number, a text, or the items of a tuple)."""
    answer = value(answer)
    if isinstance(answer, int | float | str) and not isinstance(answer, bool):
        return [answer]
    if isinstance(answer, tuple):
        return [item for item in answer if isinstance(item, int | float)]
    return []


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("number", sorted(LESSONS))
def test_no_check_cell_holds_its_answer(number, language):
    _, found = exercise_cells(LESSONS[number][language == "fr"], language)
    for exercise_number, _, _, source in found:
        exercise = next(e for e in EXERCISES if e.lesson == number and e.number == exercise_number)
        written = literals(source)
        for answer in exercise.right:
            for item in simple(answer):
                assert item not in written, f"exercise {exercise_number}'s check cell holds its answer {item!r}"


def shown_texts(cell) -> list[str]:
    """What a student reads of a cell: its Markdown, or the text of its outputs."""
    if cell.cell_type == "markdown":
        return [cell.source]
    texts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            texts.append(output["text"])
        for kind in ("text/plain", "text/html", "text/markdown"):
            if kind in output.get("data", {}):
                texts.append(output["data"][kind])
    return texts


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("number", sorted(LESSONS))
def test_nothing_above_an_exercise_states_its_answer(number, language):
    cells, found = exercise_cells(LESSONS[number][language == "fr"], language)
    for exercise_number, _, heading, _ in found:
        exercise = next(e for e in EXERCISES if e.lesson == number and e.number == exercise_number)
        above = "\n".join(text for cell in cells[:heading] for text in shown_texts(cell))
        for giveaway in exercise.giveaways:
            assert giveaway not in above, f"exercise {exercise_number}'s answer {giveaway!r} is shown above it"


def test_a_giveaway_above_its_exercise_is_caught(tmp_path):
    cells, found = exercise_cells(LESSONS["03"][0], "en")
    _, _, heading, _ = found[-1]
    cells.insert(0, nbformat.v4.new_markdown_cell("z is 2.99 for 18 cards"))
    above = "\n".join(text for cell in cells[: heading + 1] for text in shown_texts(cell))
    assert any(giveaway in above for giveaway in lesson03.EXERCISES[2].giveaways)


# ---------------------------------------------------------------------------
# pictures: every series differs by more than its colour


def series_styles(ax) -> list[tuple]:
    """The look of each labelled series of ``ax`` without its colour: line style, marker, hatch."""
    handles, _ = ax.get_legend_handles_labels()
    styles = []
    for handle in handles:
        parts = handle if isinstance(handle, tuple) else (handle,)
        look = []
        for part in parts:
            for child in [part, *getattr(part, "get_children", lambda: [])()]:
                for getter in ("get_linestyle", "get_marker", "get_hatch"):
                    if hasattr(child, getter):
                        got = getattr(child, getter)()
                        look.append(json.dumps(got, default=str))
                if hasattr(child, "get_paths") and child.get_paths():  # a scatter's marker is its path
                    look.append(json.dumps(child.get_paths()[0].vertices.round(3).tolist()))
        styles.append(tuple(look))
    return styles


def assert_series_differ_beyond_colour(ax):
    styles = series_styles(ax)
    assert len(set(styles)) == len(styles), f"{ax.get_title()!r}: series told apart by colour only: {styles}"


def lesson_figure_cells(number: str) -> list[str]:
    """The code cells of a lesson that draw several series on one axes themselves."""
    cells = nbformat.read(LESSONS[number][0], as_version=4).cells
    return [c.source for c in cells if c.cell_type == "code" and "legend" in c.source and "ax." in c.source]


def run_figure_cell(number: str, marker: str, names: dict) -> object:
    import matplotlib.pyplot as plt

    source = next(source for source in lesson_figure_cells(number) if marker in source)
    plt.close("all")
    exec(compile(source, f"lesson {number}", "exec"), names)
    return plt.gcf().axes[0]


def test_lesson_07_rule_fixes_are_told_apart_without_colour():
    import pandas as pd

    from xochintlan_hex import stats

    fixes = {"rule book": "", "quiet_rounds=2": "_quiet2"}
    rows = []
    for rules, suffix in fixes.items():
        for players in ("greedy", "ismcts"):
            edge = stats.first_player_advantage(lesson03.study(f"{players}_selfplay_2p{suffix}")).iloc[0]
            rows.append({"rules": rules, "players": players, "edge of player 1": edge["estimate"],
                         "low": edge["low"], "high": edge["high"]})  # fmt: skip
    names = {"pd": pd, "fixes": pd.DataFrame(rows), "FIXES": fixes}
    exec("import matplotlib.pyplot as plt", names)
    exec("from xochintlan_hex.lessons.words import player_name, rule_names, title", names)  # the lesson's words
    assert_series_differ_beyond_colour(run_figure_cell("07", '"which rule"', names))


def test_lesson_04_deal_scores_are_told_apart_without_colour():
    import numpy as np
    import pandas as pd

    solved = pd.read_csv(lesson05.datasets_folder() / "hextremadura_solver.csv")
    players = [
        lesson05.read_results(lesson05.datasets_folder() / f"hextremadura_{n}.csv") for n in ("greedy", "search")
    ]
    names = {"np": np, "pd": pd, "solved": solved, "players": players}
    exec("import matplotlib.pyplot as plt", names)
    exec("from xochintlan_hex.lessons.words import deals_legend, player_name, title", names)  # the lesson's words
    assert_series_differ_beyond_colour(run_figure_cell("04", "same_deals", names))


def test_lesson_03_coverage_picture_marks_the_misses_by_shape():
    import numpy as np

    from xochintlan_hex import stats

    def wilson(wins, n, z=1.959964):
        return stats.wilson_interval(wins, n)

    names = {"np": np, "wilson": wilson}
    exec("import matplotlib.pyplot as plt", names)
    exec("from xochintlan_hex.lessons.words import coverage_legend, coverage_summary, coverage_title, title", names)
    ax = run_figure_cell("03", "TRUE_P", names)
    assert_series_differ_beyond_colour(ax)


def test_a_picture_told_apart_by_colour_only_is_caught():
    import matplotlib.pyplot as plt

    _, ax = plt.subplots()
    ax.plot([0, 1], [0, 1], label="a")
    ax.plot([0, 1], [1, 0], label="b")
    with pytest.raises(AssertionError, match="colour only"):
        assert_series_differ_beyond_colour(ax)
    plt.close("all")


# ---------------------------------------------------------------------------
# the lessons' widgets read well before they run


def test_the_density_slider_reaches_one_sixth_exactly():
    from fractions import Fraction

    from xochintlan_hex.widgets import GardenDensity

    slider = GardenDensity(card="I", gardens=200)
    slider.set_density(1 / 6)
    assert Fraction(slider.density.value).limit_denominator(100) == Fraction(1, 6)
    assert float(slider.density.value) == 1 / 6
    assert "1/6" in [label for label, _ in slider.density.options]


def test_the_density_slider_stops_exactly_at_fractions_that_are_not_only_the_exercise_answers():
    from fractions import Fraction

    from xochintlan_hex.widgets import GardenDensity

    slider = GardenDensity(card="I", gardens=200)
    fractions = {Fraction(label) for label, _ in slider.density.options if "/" in label}
    best = {Fraction(4, 4 + 12), Fraction(4, 4 + 8)}  # exercise 2's densities for I and X
    assert best <= fractions and len(fractions - best) >= 3  # the answers sit among other exact stops
    for label, value in slider.density.options:
        if "/" in label:
            assert float(Fraction(label)) == value


def test_the_density_slider_saves_a_picture_of_its_state():
    from xochintlan_hex.widgets import GardenDensity

    bundle = GardenDensity(card="X", gardens=200)._repr_mimebundle_()
    assert "image/png" in bundle and "application/vnd.jupyter.widget-view+json" in bundle


def test_the_live_study_of_a_lesson_saves_its_first_study_not_an_empty_bar():
    from xochintlan_hex.widgets import LiveStudy

    unrun = LiveStudy(games=10, seed=1)
    assert "image/png" not in unrun._repr_mimebundle_()  # nothing to show before a study
    live = LiveStudy(games=10, seed=1, run_now=True)
    assert live.progress.value == live.progress.max == 10
    assert "image/png" in live._repr_mimebundle_() and "player" in live.text("xh-study-table")


def test_lesson_03_saves_its_live_study_run():
    cells = nbformat.read(LESSONS["03"][0], as_version=4).cells
    source = next(c.source for c in cells if c.cell_type == "code" and "LiveStudy(" in c.source)
    assert "run_now=True" in source
    output = next(c for c in cells if c.cell_type == "code" and "LiveStudy(" in c.source).outputs
    assert any("image/png" in o.get("data", {}) for o in output), "the saved lesson shows the study's picture"


def test_lesson_04_saves_the_density_slider_picture():
    cells = nbformat.read(LESSONS["04"][0], as_version=4).cells
    output = next(c for c in cells if c.cell_type == "code" and "GardenDensity(" in c.source).outputs
    assert any("image/png" in o.get("data", {}) for o in output)


def _studies_by_players():
    import pandas as pd

    return pd.concat([lesson03.study(f"greedy_selfplay_{n}p") for n in (2, 3, 4, 5)], ignore_index=True)


@pytest.mark.parametrize(
    "draw",
    [
        lambda viz: viz.plot_seat_win_rates(_studies_by_players()),
        lambda viz: viz.plot_game_lengths(lesson03.study("greedy_selfplay_2p")),
        lambda viz: viz.plot_card_win_rates(lesson03.study("greedy_selfplay_2p")),
        lambda viz: viz.plot_seat_win_rates(lesson07.strong()),
    ],
    ids=["seats 2-5 players", "game lengths", "card win rates", "seats strong players"],
)
def test_the_kit_pictures_the_lessons_draw_tell_series_apart_without_colour(draw):
    import matplotlib.pyplot as plt

    from xochintlan_hex import viz

    plt.close("all")
    assert_series_differ_beyond_colour(draw(viz))
    plt.close("all")
