"""Lesson 03 as a student reads it: every comparison is a difference with its interval.

Two measured shares are compared by their difference and its interval, never by
whether their two intervals overlap, and a count read off a study carries the
interval of its share. Checked on the stored lessons, in English and in French,
against sentences and names the kit writes in the language in use.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from xochintlan_hex import stats
from xochintlan_hex.i18n import use_language
from xochintlan_hex.lessons import lesson03, words
from xochintlan_hex.viz.tables import heading

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSON = {"en": NOTEBOOKS / "03_game_statistics.ipynb", "fr": NOTEBOOKS / "fr" / "03_statistiques_de_jeu.ipynb"}
LANGUAGES = ["en", "fr"]


def read(language: str) -> tuple[str, str]:
    """The lesson's code, and all a student reads of it (its Markdown and its outputs' text)."""
    cells = nbformat.read(LESSON[language], as_version=4).cells
    code = "\n".join(cell.source for cell in cells if cell.cell_type == "code")
    texts = []
    for cell in cells:
        if cell.cell_type == "markdown":
            texts.append(cell.source)
        for output in cell.get("outputs", []):
            texts.append(output.get("text", ""))
            texts.extend(output.get("data", {}).get(kind, "") for kind in ("text/plain", "text/html"))
    return code, "\n".join(texts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_03_takes_no_overlap_of_intervals_as_evidence(language):
    code, _ = read(language)
    assert 'kinds["low"].max() < kinds["high"].min()' not in code
    assert 'shapes.loc["I", "high"] < shapes.loc[next_hardest, "low"]' not in code


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_03_compares_animal_kinds_and_shapes_by_their_differences(language):
    _, shown = read(language)
    with use_language(language):
        names = [words.kinds_difference(a, b) for a, b in [("B", "L"), ("M", "L"), ("B", "M")]]
        names += [words.difference_name(a, b) for a, b in [("P", "F"), ("F", "T"), ("P", "T")]]
        lead = heading("next best", words.HEADINGS)
    for name in names:
        assert name in shown, f"the lesson shows no difference {name!r}"
    assert lead in shown, "the favoured player's lead over the next best player is not shown"


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_03_counts_carry_the_interval_of_their_share(language):
    _, shown = read(language)
    three, two = lesson03.study("greedy_selfplay_3p"), lesson03.study("greedy_selfplay_2p")
    ties = int((three["end_reason"] == "tie").sum())
    won_at_4 = int(((two["turns"] == 4) & (two["end_reason"] == "win")).sum())
    with use_language(language):
        lines = [
            words.ties_among_three("greedy", ties, len(three), *stats.wilson_interval(ties, len(three))),
            words.wins_at_action_4("greedy", won_at_4, len(two), *stats.wilson_interval(won_at_4, len(two))),
        ]
    for line in lines:
        assert line in shown, f"the lesson does not print {line!r}"
