"""Numbers as each language writes them: a decimal comma in French, a point in English.

Every text of every picture (titles, axis labels, tick labels, legends, annotations, read
from the figure objects after drawing), the printable pages, and the command line's counts.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import matplotlib
import pytest
from matplotlib.figure import Figure

matplotlib.use("Agg")

from test_french_apps import PICTURES, figure_texts, picture_texts

from xochintlan_hex import use_language
from xochintlan_hex.viz import puzzles as viz_puzzles
from xochintlan_hex.viz import style

ROOT = Path(__file__).resolve().parents[1]

# A decimal point between digits ("0.36"), and a decimal comma ("0,36"; not a thousands
# comma as in "5,000", which has three digits after it).
DECIMAL_POINT = re.compile(r"\d\.\d")
DECIMAL_COMMA = re.compile(r"\d,\d(?!\d\d)")
# A board's cell label ("1,0", "-1,2") is a coordinate of the notation, the same in both languages.
CELL_LABEL = re.compile(r"\(?-?\d+, ?-?\d+\)?")


def wrong_marks(texts: dict[str, str], language: str) -> list[str]:
    """The texts that write a decimal number the other language's way."""
    wrong = DECIMAL_POINT if language == "fr" else DECIMAL_COMMA
    return [
        f"{where}: {text!r}" for where, text in texts.items() if wrong.search(text) and not CELL_LABEL.fullmatch(text)
    ]


def test_the_check_tells_the_marks_apart():
    assert wrong_marks({"a": "0.36", "b": "5 000", "c": "0,36"}, "fr") == ["a: '0.36'"]
    assert wrong_marks({"a": "0.36", "b": "5,000", "c": "0,36 turns", "d": "-1,0"}, "en") == ["c: '0,36 turns'"]


@pytest.mark.parametrize("name", list(PICTURES))
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_picture_writes_its_numbers_in_its_language(name, language):
    texts = picture_texts(name, language)
    assert not wrong_marks(texts, language), wrong_marks(texts, language)


@pytest.mark.parametrize("name", ["plot_game_lengths", "plot_score_distribution", "plot_ladder", "plot_prediction"])
def test_a_picture_with_decimals_shows_them_with_a_comma_in_french(name):
    french, english = picture_texts(name, "fr"), picture_texts(name, "en")
    assert any(DECIMAL_COMMA.search(text) for text in french.values()), french
    assert any(DECIMAL_POINT.search(text) for text in english.values()), english


def tick_labels(language: str, formatter: bool) -> list[str]:
    figure = Figure()
    with use_language(language):
        ax = figure.add_subplot()
        ax.plot([0, 2500], [0, 2])
        if formatter:
            style.number_axes(ax)
    figure.canvas.draw()
    return [label.get_text() for label in (*ax.get_xticklabels(), *ax.get_yticklabels())]


def rewritten(label: str, mark: str, group: str) -> str:
    """matplotlib's ``label`` with another decimal mark and thousands grouped."""
    whole, _point, decimals = label.partition(".")
    whole = re.sub(r"(\d)(?=(?:\d{3})+$)", rf"\1{group}", whole)
    return whole + (mark + decimals if decimals else "")


def test_tick_labels_keep_matplotlibs_ticks_and_decimals():
    plain = tick_labels("en", formatter=False)
    assert any(re.fullmatch(r"\d\.\d+", t) for t in plain) and "2000" in plain
    assert tick_labels("en", formatter=True) == [rewritten(t, ".", ",") for t in plain]
    assert tick_labels("fr", formatter=True) == [rewritten(t, ",", "\u202f") for t in plain]


@pytest.mark.parametrize("pages", ["card_pages", "pieces_pages"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_printable_pages_write_sizes_in_their_language(pages, language):
    make = {
        "card_pages": viz_puzzles.card_pages,
        "pieces_pages": lambda **k: viz_puzzles.pieces_pages("pentominoes", **k),
    }
    texts = {k: v for page in make[pages](language=language) for k, v in figure_texts(page, pages) if v.strip()}
    assert not wrong_marks(texts, language), wrong_marks(texts, language)


def test_the_card_pages_say_the_card_size_in_french():
    texts = [v for page in viz_puzzles.card_pages(language="fr") for _k, v in figure_texts(page, "cards")]
    assert any("6,3\u00a0x\u00a08,8\u00a0cm" in text for text in texts), texts


def run(*argv: str) -> str:
    return subprocess.run(
        [sys.executable, "-m", "xochintlan_hex.cli", *argv], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout


def test_puzzle_count_names_its_pieces_in_french():
    shown = run("--lang", "fr", "puzzle", "count", "3x20")
    assert shown.startswith("2 pavages de 3x20 par les 12 pentominos libres"), shown


def test_count_writes_its_table_in_french():
    shown = run("--lang", "fr", "count", "--max-n", "10").splitlines()
    assert shown[0].split() == ["n", "fixes", "unilatéraux", "libres"]
    assert shown[-1].split("  ")[-1].strip() == "4\u202f655", shown[-1]
    english = run("--lang", "en", "count", "--max-n", "10").splitlines()
    assert english[0].split() == ["n", "fixed", "one-sided", "free"] and english[-1].endswith("4,655")


def test_a_readable_table_speaks_the_language_and_leaves_the_data_alone():
    import pandas as pd

    from xochintlan_hex import stats
    from xochintlan_hex.simulate import simulate_xochintlan
    from xochintlan_hex.viz import readable

    rates = stats.win_rate_by_seat(simulate_xochintlan(30, ["greedy", "random"], seed=1, progress=False))
    before = rates.copy()
    with use_language("fr"):
        french = readable(rates)
    english = readable(rates)
    assert {"joueur", "estimation", "borne inf.", "borne sup."} <= set(french.columns)
    assert {"player", "estimate", "low", "high"} <= set(english.columns)
    assert list(french["joueur"]) == ["1", "2"]
    assert all("," in text and "." not in text for text in french["estimation"])
    assert all("." in text and "," not in text for text in english["estimate"])
    pd.testing.assert_frame_equal(rates, before)


def test_the_live_study_table_writes_its_numbers_in_its_language():
    from xochintlan_hex.widgets.lessons import LiveStudy

    # shares are shown with three decimals ("0,500"): a comma before three digits is a decimal one here
    for language, mark, other in (("fr", ",", "."), ("en", ".", ",")):
        table = LiveStudy(games=20, language=language, run_now=True).text("xh-study-table")
        assert re.search(rf"\b0{re.escape(mark)}\d{{3}}\b", table), table
        assert not re.search(rf"\d{re.escape(other)}\d", table), table


def test_the_garden_slider_labels_its_stops_in_the_language_shown():
    from xochintlan_hex.widgets.lessons import GardenDensity

    slider = GardenDensity(card="P", gardens=200, language="en")
    english = [label for label, _value in slider.density.options]
    assert "0.05" in english and "1/4" in english
    slider.set_language("fr")
    french = [label for label, _value in slider.density.options]
    assert "0,05" in french and "0,32" in french and "1/4" in french
    assert not any(DECIMAL_POINT.search(label) for label in french), french
    assert slider.density.label == "1/4", "the stop chosen stays the same when the language changes"


def test_the_garden_count_takes_the_plural_of_its_number():
    from xochintlan_hex.widgets.lessons import GardenDensity

    one = GardenDensity(card="P", p=0.07, gardens=200, language="fr").text("xh-garden-measured")
    assert one.startswith("Moteur\u00a0: 1 jardin au hasard sur 200"), one
    none = GardenDensity(card="X", p=0.05, gardens=200, language="fr").text("xh-garden-measured")
    assert none.startswith("Moteur\u00a0: 0 jardin au hasard sur 200"), none
    many = GardenDensity(card="P", p=0.25, gardens=200, language="fr").text("xh-garden-measured")
    assert re.match(r"Moteur\u00a0: \d+ jardins au hasard sur 200", many), many
    english = GardenDensity(card="P", p=0.07, gardens=200, language="en").text("xh-garden-measured")
    assert english.startswith("Engine: 1 of 200 random gardens"), english


def test_a_sequential_studys_numbers_are_written_in_its_language():
    from xochintlan_hex.cli.study import _number

    with use_language("fr"):
        assert (_number(0.05), _number(0.1234, signed=True), _number(-0.1234, signed=True)) == (
            "0,05",
            "+0,123",
            "-0,123",
        )
    assert (_number(0.05), _number(0.1234, signed=True)) == ("0.05", "+0.123")


def _study_bar_text(language: str) -> str:
    import io

    from xochintlan_hex.balance.progress import game_progress_bar

    shown = io.StringIO()
    with use_language(language):
        with game_progress_bar(10_000, "study", file=shown, mininterval=0, ascii=True) as bar:
            bar.update(5_000)
    return shown.getvalue().split("\r")[-1]


def test_a_study_progress_bar_writes_its_counts_and_rate_in_its_language():
    french = _study_bar_text("fr")
    assert "5\u202f000/10\u202f000" in french and "50\u202f%" in french, french
    assert re.search(r"\d+(,\d)? parties/s\]", french), french  # a decimal comma, not « 73.70partie/s »
    assert "study\u00a0: " in french, french
    english = _study_bar_text("en")
    assert "5,000/10,000" in english and "50%" in english, english
    assert re.search(r"\d+(\.\d)? games/s\]", english), english
