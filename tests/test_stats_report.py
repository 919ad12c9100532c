"""The report as data, put into words in one place: every shipped study reads the same
figures as before, French readers get French words and French numbers, English readers
English ones, and nothing rewrites English after the fact."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import scipy

from xochintlan_hex import cli, stats
from xochintlan_hex.cli import main
from xochintlan_hex.game import game_spec
from xochintlan_hex.i18n import use_language
from xochintlan_hex.players import PLAYERS
from xochintlan_hex.studies import read_results

#: ``stats.report`` of every shipped study as the kit gave it before (17 significant digits).
BEFORE = "tests/data/report_figures_before_memory.csv"
SHIPPED = sorted(pd.read_csv(BEFORE)["dataset"].unique())
FIGURES = ["estimate", "low", "high", "n", "p_value"]
#: The reference was computed with SciPy 1.17: the oldest SciPy the kit declares computes
#: Student's t quantile differently in the ninth digit (as tests/test_report_memory.py says).
TOLERANCE = 1e-12 if scipy.__version__.startswith("1.17.") else 1e-7

#: Words a French report may share with the English one: the card letters and notation,
#: the statistics' own symbols and names, proper names (places, the method of Holm), the
#: players' names as typed in the study, and the words both languages write alike.
SHARED_WORDS = {
    *"FHILNPTUVWXYZ",
    "n",
    "p",
    "Holm",
    "Benjamini",
    "Hochberg",
    "Monfragüe",
    "Garganta",
    "de",
    "los",
    "Los",
    "Infiernos",
    "Barruecos",
    "Guide",
    "Score",
    "image",  # « image miroir »
    "student",  # the shipped class session's seats, named as typed
    *(name for kinds in PLAYERS.values() for name in kinds),
    "ismcts",  # ismcts250: the ISMCTS player with 250 iterations, as the study names it
}


def printed_report(path: str, language: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``report`` prints for ``path`` in ``language``, without its first line (the file's name)."""
    assert main(["--lang", language, "report", path]) == 0
    return capsys.readouterr().out.split("\n", 1)[1]


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text)) - {""}


@pytest.mark.parametrize("name", SHIPPED)
def test_the_french_report_speaks_french_with_french_numbers(name, capsys):
    path = str(Path("datasets") / name)
    english, french = printed_report(path, "en", capsys), printed_report(path, "fr", capsys)
    left_in_english = words(french) & words(english) - SHARED_WORDS
    assert not left_in_english, f"English words in the French report of {name}: {sorted(left_in_english)}"
    assert not re.search(r"\d\.\d", french), "a decimal point in the French report"
    assert re.search(r"\d,\d{3}", french), "no decimal comma in the French report"


@pytest.mark.parametrize("name", SHIPPED)
def test_the_english_report_writes_decimal_points(name, capsys):
    english = printed_report(str(Path("datasets") / name), "en", capsys)
    # A comma between digits is only a thousands separator: 5,000 (never 0,362).
    without_thousands = re.sub(r"(?<![\d,.])[1-9]\d{0,2}(?:,\d{3})+(?![\d,])", "", english)
    assert not re.search(r"\d,\d", without_thousands), "a decimal comma in the English report"
    assert re.search(r"\d\.\d{3}", english)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_report_data_hold_the_figures_the_kit_always_gave(name):
    before = pd.read_csv(BEFORE, keep_default_na=False, na_values={c: [""] for c in FIGURES})
    before = before[before["dataset"] == name].reset_index(drop=True)
    report = stats.report(read_results(Path("datasets") / name))
    rows = [(section.metric, row) for section in report.sections for row in section.rows]
    assert [(metric, str(row.label)) for metric, row in rows] == list(zip(before["metric"], before["level"]))
    assert [str(row.note or "") for _, row in rows] == before["note"].astype(str).tolist()
    for column in FIGURES:
        np.testing.assert_allclose(
            [float(getattr(row, column)) for _, row in rows],
            before[column].to_numpy(float),
            rtol=TOLERANCE,
            atol=TOLERANCE,
            err_msg=f"{name}: {column}",
        )


def test_the_command_line_holds_no_pattern_that_reads_report_labels():
    """The words come from the catalog where the report is written: the command line
    parses none of the report's language-neutral labels or notes to translate them."""
    before = pd.read_csv(BEFORE, keep_default_na=False)
    labels = set(before["level"]) | set(before["note"])
    modules = [
        cli,
        *(
            importlib.import_module(f"xochintlan_hex.cli.{m.name}")
            for m in pkgutil.iter_modules(cli.__path__)
            if m.name != "__main__"
        ),
    ]
    patterns = [value for module in modules for value in vars(module).values() if isinstance(value, re.Pattern)]
    readers = {p.pattern for p in patterns for label in labels if label and p.search(label)}
    assert not readers, f"the command line parses report labels with {sorted(readers)}"
    assert not [m.__name__ for m in modules if "re.sub" in Path(m.__file__).read_text(encoding="utf-8")]


def test_a_report_reads_as_its_long_table_and_prints_in_words():
    games = pd.DataFrame(
        {
            "n_players": [2, 2, 2, 2],
            "winner": [0, 0, 1, None],
            "turns": [10, 12, 9, 48],
            "end_reason": ["win"] * 3 + ["tie"],
        }
    )
    report = stats.report(games, game="xochintlan")
    rates = report.query("metric == 'win_rate'")
    assert rates["level"].tolist() == ["seat 0 of 2", "seat 1 of 2"]
    assert report.section("win_rate").rows[0].label == stats.Label("seat", {"seat": 0, "players": 2})
    with use_language("fr"):
        assert "joueur 1 sur 2      0,500" in str(report)
    with use_language("en"):
        assert "player 1 of 2    0.500" in report.text()


def test_a_grouped_french_report_keeps_its_groups_and_french_numbers(capsys):
    two, three = "datasets/xochintlan_greedy_selfplay_2p.csv", "datasets/xochintlan_greedy_selfplay_3p.csv"
    assert main(["--lang", "fr", "report", two, three, "--by", "n_players"]) == 0
    french = capsys.readouterr().out.split("\n", 1)[1]
    assert "n_players      catégorie estimation borne inf. borne sup." in french
    assert "        3 joueur 3 sur 3      0,226" in french
    assert not re.search(r"\d\.\d", french)


# ---------------------------------------------------------------------------
# The game of a report comes from the registered specs, never from a guess


def test_a_frame_cut_down_below_every_game_is_refused_naming_what_each_game_lacks():
    scores = pd.DataFrame({"score": [3, 9], "rounds": [3, 4]})
    with pytest.raises(ValueError, match="no registered game's study") as refused:
        stats.report(scores)
    message = str(refused.value)
    assert "'hextremadura' lacks 'game', 'seed'" in message and "'xochintlan' lacks" in message
    assert "pass game= one of the registered games ('xochintlan', 'hextremadura')" in message


def test_a_cut_down_frame_reports_as_the_game_it_names_by_name_or_by_spec():
    scores = pd.DataFrame({"score": [3, 9], "rounds": [3, 4]})
    by_name = stats.report(scores, game="hextremadura")
    assert [section.metric for section in by_name.sections] == ["score", "rounds"]
    pd.testing.assert_frame_equal(stats.report(scores, game=game_spec("hextremadura")).frame, by_name.frame)
    with pytest.raises(ValueError, match="unknown game 'chess'; registered games: 'xochintlan', 'hextremadura'"):
        stats.report(scores, game="chess")


def test_a_whole_study_is_known_by_its_columns_without_naming_its_game():
    games = read_results(Path("datasets") / "xochintlan_greedy_vs_random.csv")
    pd.testing.assert_frame_equal(stats.report(games).frame, stats.report(games, game="xochintlan").frame)
    assert stats.report_metrics_of(games) == "seats"
    assert stats.report_metrics_of(games.assign(source="a.csv")) == "seats"  # more columns than the study's
