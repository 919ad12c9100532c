"""What a French lesson shows is French: every stored output of notebooks/fr/*.ipynb.

The lessons' code cells are the English ones, word for word, so every word a French
lesson prints comes from the kit, in the language the lesson chose. This test reads the
outputs the lessons were saved with (``make lessons`` re-runs them): every printed text,
every ``text/plain`` and ``text/html`` result, the text of every error. A word that only
the kit's English uses (a word of the catalog's English texts that no French text of the
catalog uses), or one of a few common English words, is English left on a French page.
Names, notation and code identifiers shown as code are allowed.

The same judge reads the command line's French output: ``count``, ``puzzle count``, ``report``,
errors (a missing file, a folder that does not exist) and the help of every command and
sub-command, read from the parser.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_french_apps import ENGLISH_ONLY, words

ROOT = Path(__file__).resolve().parents[1]
FRENCH_LESSONS = sorted((ROOT / "notebooks" / "fr").glob("0*.ipynb"))

#: Common English words the catalog's texts may not hold, which a French sentence never uses.
COMMON_ENGLISH = {
    "the", "with", "and", "not", "yet", "which", "what", "answered", "win", "wins", "rule", "rules",
    "seats", "order", "group", "symmetry", "front", "back", "sectors", "rank", "correlation", "estimate",
    "low", "high", "tiling", "tilings", "player", "players", "game", "games", "card", "cards", "of",
    "by", "is", "are", "right", "wrong", "answer", "try", "again", "agrees", "same", "gives",
}  # fmt: skip
#: Words both languages use, or names and code a French page shows as they are.
ALLOWED = {
    "xochintlan", "hextremadura", "monfragüe", "elo", "bradley", "terry", "holm", "wilson", "python",
    "pandas", "numpy", "matplotlib", "dataframe", "series", "true", "false", "none", "nan", "id",
    "free", "fixed", "one", "sided", "lattice", "square", "hex", "seed", "kind", "kinds",
    "pentominoes", "tetrominoes", "hexominoes", "pentahexes", "tetrahexes",
}  # fmt: skip
ENGLISH = (ENGLISH_ONLY | COMMON_ENGLISH) - ALLOWED


#: A quoted word with no space in it is a name or notation the code shows ('greedy', 'L(1,0)');
#: a quoted sentence is prose a reader reads, and is judged like any other.
QUOTED_NAME = r"'[^'\s]*'|\"[^\"\s]*\""


def english_words(text: str) -> set[str]:
    """The English words of ``text`` outside its code (quoted names, identifiers with _ or ., keys)."""
    prose = re.sub(rf"{QUOTED_NAME}|\w+(?:[_.]\w+)+|\w+[=(]|<[^>]*>|dtype: \w+", " ", text)
    return words(prose) & ENGLISH


def output_texts(output: dict) -> list[str]:
    """The texts a stored cell output shows a reader."""
    if output.get("output_type") == "stream":
        return ["".join(output["text"])]
    if output.get("output_type") == "error":
        return [f"{output.get('ename')}: {output.get('evalue')}"]
    data = output.get("data", {})
    texts = []
    if "text/html" in data:
        texts.append(html.unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", "".join(data["text/html"]), flags=re.S)))
    elif "text/plain" in data and not any(kind.startswith("image/") for kind in data):
        texts.append("".join(data["text/plain"]))
    return texts


def english_in_lesson(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for number, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            for text in output_texts(output):
                for line in text.splitlines():
                    if english_words(line):
                        found.append(f"cell {number}: {line.strip()[:100]!r} {sorted(english_words(line))}")
    return found


def test_the_judge_finds_english_and_lets_names_and_code_pass():
    assert english_words("1) a win with the Lizards") >= {"win", "with", "the"}
    assert english_words("X: symmetry group of order 8") >= {"symmetry", "group", "order"}
    assert not english_words("X : groupe de symétrie d'ordre 8, voir winning_kinds('X') et rules.max_turns")
    assert not english_words("Xochintlan, Hextremadura : glouton contre hasard")
    assert english_words("'the same seed gives the same games'") >= {"the", "same", "games"}
    assert not english_words("'greedy' contre 'random' : 'forest>=3@0'")


def test_a_lesson_table_is_shown_in_french_with_its_data_left_alone():
    import pandas as pd

    from xochintlan_hex.i18n import use_language
    from xochintlan_hex.lessons.words import shown

    growth = pd.DataFrame({"ratio": [3.75], "corrected": [4.0], "chiral": [True]}).rename_axis("region")
    both = pd.concat({"polyominoes": growth, "polyhexes": growth}, axis=1)
    before = both.copy()
    with use_language("fr"):
        table = shown(both)
        column = shown(growth.iloc[0])
    assert list(table.columns) == [
        (group, word) for group in ("polyominos", "polyhexes") for word in ("rapport", "corrigé", "chirale")
    ]
    assert table.index.names == ["région"] and list(table.iloc[0])[:3] == ["3,750", "4,000", "oui"]
    assert list(column.index) == ["rapport", "corrigé", "chirale"]
    assert not english_words(table.to_html()) and not english_words(column.to_string())
    assert list(shown(growth).columns) == ["ratio", "corrected", "chiral"]
    pd.testing.assert_frame_equal(both, before)


@pytest.mark.parametrize("lesson", FRENCH_LESSONS, ids=lambda p: p.name)
def test_a_french_lesson_shows_no_english(lesson):
    found = english_in_lesson(lesson)
    assert not found, f"English in the saved outputs of {lesson.name} (re-run it: make lessons):\n" + "\n".join(found)


#: A data key the kit names in words, shown bare (not quoted, not part of a longer key).
BARE_OBJECTIVE_KEY = r"(?<![\w'\"])(all_symbols|same_symbol_triad|three_separate|adjacent_pair)(?![\w'\"])"


@pytest.mark.parametrize("lesson", FRENCH_LESSONS, ids=lambda p: p.name)
def test_a_french_lesson_names_objectives_in_words(lesson):
    # The judge above lets identifiers pass as code, so a table whose rows are the
    # objective types' keys (all_symbols ...) would read as code on a French page.
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    found = [
        f"cell {number}: {line.strip()[:100]!r}"
        for number, cell in enumerate(notebook["cells"])
        for output in cell.get("outputs", [])
        for text in output_texts(output)
        for line in text.splitlines()
        if re.search(BARE_OBJECTIVE_KEY, line)
    ]
    assert not found, f"objective keys shown bare in {lesson.name} (re-run it: make lessons):\n" + "\n".join(found)


#: The words a command line user types: commands, piece sets, players' names.
TYPED_WORDS = {"print", "solve", "count", "simulate", "report", "puzzle", "class", "cards", "tiles"} | {
    "random", "greedy", "search", "planner", "ismcts", "serve", "export",
}  # fmt: skip


def every_command() -> list[tuple[str, ...]]:
    """Every command and sub-command of the command line, read from its parser: ("puzzle", "count"), ..."""
    import argparse

    from xochintlan_hex.cli import build_parser

    def walk(parser: argparse.ArgumentParser, prefix: tuple[str, ...]) -> list[tuple[str, ...]]:
        found = [prefix]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found += walk(sub, (*prefix, name))
        return found

    return walk(build_parser(), ())


DATASETS = ROOT / "datasets"
COMMANDS = [[*command, "--help"] for command in every_command()] + [
    ["count", "--max-n", "6"],
    ["count", "--max-n", "4", "--lattice", "hex"],
    ["puzzle", "count", "3x20"],
    ["puzzle", "count", "3x21"],
    ["puzzle", "solve", "2x2"],
    ["puzzle", "count", "3x20", "--pieces", "cartes"],
    ["report", str(DATASETS / "xochintlan_greedy_vs_random.csv")],
    ["report", str(DATASETS / "hextremadura_greedy.csv")],
    ["report", "missing.csv"],
    ["simulate", "xochintlan", "--games", "6", "--players", "greedy,random", "--seed", "1", "--out", "x.csv"],
    ["print", "cartes", "--out", "x.pdf"],
    ["print", "cards", "--out", "dossier-absent/cartes.pdf"],  # a folder that does not exist
    ["class", "export", "missing.sqlite", "--out", "x.csv"],
]


def test_every_command_of_the_parser_has_its_help_scanned():
    assert {("puzzle", "solve"), ("class", "export"), ("simulate", "hextremadura"), ("print",)} <= set(every_command())


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: " ".join(command).replace(str(DATASETS), "datasets"))
def test_the_french_command_line_shows_no_english(command, tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "xochintlan_hex.cli", "--lang", "fr", *command],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    # the file names a user typed are theirs, in any language: where the clone sits (/check/...
    # in CI) must not read as English prose
    shown = (done.stdout + done.stderr).replace(str(DATASETS), "datasets")
    assert shown.strip(), "the command printed nothing"
    # option names, metavars, choices and the syntax a help quotes « like this » are what a
    # user types: the same in every language
    prose = re.sub(r"--?[\w-]+|\b[A-Z][A-Z_.,]+\b|\{[^}]*\}|«[^»]*»", " ", shown)
    found = [line.strip() for line in prose.splitlines() if english_words(line) - TYPED_WORDS]
    assert not found, "\n".join(f"{line!r} {sorted(english_words(line) - TYPED_WORDS)}" for line in found)
