"""The French lessons (notebooks/fr/) are twins of the English ones: same code, French words.

A French lesson may differ from its English twin in two ways only: one first code
cell that switches the kit to French, and ``language="fr"`` arguments. Everything
else a cell runs is the same, so a change to one lesson that is not made to the
other fails here. The answers' code (folded in Markdown, run by test_lesson_text.py
for the English lessons) must be the same too, so running it once checks both.
nbval runs the French lessons themselves, like the English ones.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from xochintlan_hex.lessons import datasets_folder

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
FRENCH = NOTEBOOKS / "fr"
LESSON_NUMBER = re.compile(r"^(\d\d)_")
ANSWER_CODE = re.compile(r"```python\n(.*?)\n```", re.S)
# `language="fr"` as an argument: alone, first or among others
LANGUAGE_ARGUMENT = re.compile(
    r"""\(\s*language\s*=\s*["']fr["']\s*\)|,\s*language\s*=\s*["']fr["']|"""
    r"""language\s*=\s*["']fr["']\s*,\s*"""
)
# the lines a language cell may hold (comments and blank lines aside)
LANGUAGE_CELL_LINES = {
    "import xochintlan_hex",
    'xochintlan_hex.set_language("fr")',
    "from xochintlan_hex import set_language",
    'set_language("fr")',
}


def lessons(folder: Path) -> dict[str, Path]:
    """The lessons of ``folder`` by their number ("01", "02", ...)."""
    found = {}
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        number = LESSON_NUMBER.match(path.name).group(1)
        assert number not in found, f"two lessons numbered {number} in {folder}: {found[number].name}, {path.name}"
        found[number] = path
    return found


ENGLISH, FRENCH_LESSONS = lessons(NOTEBOOKS), lessons(FRENCH)


def cells(path: Path, kind: str) -> list[str]:
    return [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == kind]


def is_language_cell(source: str) -> bool:
    """True when ``source`` does nothing but switch the kit to French (comments aside)."""
    lines = {line.split("#")[0].strip() for line in source.splitlines()} - {""}
    return bool(lines) and lines <= LANGUAGE_CELL_LINES and any('"fr"' in line for line in lines)


def without_language(source: str) -> str:
    """``source`` with its ``language="fr"`` arguments removed: what the English twin runs."""
    return LANGUAGE_ARGUMENT.sub(lambda m: "()" if m.group(0).startswith("(") else "", source)


def code_differences(english: list[str], french: list[str]) -> list[str]:
    """Why the French code cells are not the English ones up to the language; empty when they are."""
    if not french or not is_language_cell(french[0]):
        return [
            "the first code cell must switch the kit to French: "
            'import xochintlan_hex; xochintlan_hex.set_language("fr")'
        ]
    french = [without_language(source) for source in french[1:]]
    problems = [
        f"code cell {i + 1} differs:\n--- English\n{en}\n--- French\n{fr}"
        for i, (en, fr) in enumerate(zip(english, french))
        if en != fr
    ]
    if len(english) != len(french):
        problems.append(f"{len(english)} English code cells, {len(french)} French ones (language cell aside)")
    return problems


def test_every_english_lesson_has_its_french_twin():
    assert ENGLISH, "no English lesson found"
    missing = sorted(set(ENGLISH) - set(FRENCH_LESSONS))
    assert not missing, f"lessons with no French twin in notebooks/fr/: {[ENGLISH[n].name for n in missing]}"
    strays = sorted(set(FRENCH_LESSONS) - set(ENGLISH))
    assert not strays, f"French lessons with no English twin: {[FRENCH_LESSONS[n].name for n in strays]}"


@pytest.mark.parametrize("number", sorted(ENGLISH))
def test_french_code_cells_are_the_english_ones(number):
    if number not in FRENCH_LESSONS:
        pytest.fail(f"{ENGLISH[number].name} has no French twin")
    problems = code_differences(cells(ENGLISH[number], "code"), cells(FRENCH_LESSONS[number], "code"))
    assert not problems, f"{FRENCH_LESSONS[number].name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("number", sorted(ENGLISH))
def test_french_answers_run_the_english_answer_code(number):
    """The English answers' code is run after its lesson (test_lesson_text.py); the French must be the same."""
    if number not in FRENCH_LESSONS:
        pytest.fail(f"{ENGLISH[number].name} has no French twin")

    def answer_code(path):
        return [code for source in cells(path, "markdown") for code in ANSWER_CODE.findall(source)]

    assert answer_code(FRENCH_LESSONS[number]) == answer_code(ENGLISH[number])


@pytest.mark.parametrize("number", sorted(ENGLISH))
def test_french_lessons_fold_their_answers_and_number_their_exercises_alike(number):
    english, french = cells(ENGLISH[number], "markdown"), cells(FRENCH_LESSONS[number], "markdown")
    exercises = [re.findall(r"^#### Exercise (\d+)", source, re.M) for source in english]
    exercices = [re.findall(r"^#### Exercice (\d+)", source, re.M) for source in french]
    assert sum(exercises, []) == sum(exercices, [])
    assert sum("<details><summary>Answer</summary>" in s for s in english) == sum(
        "<details><summary>Réponse</summary>" in s for s in french
    )
    assert not any("<summary>Answer</summary>" in source for source in french)


@pytest.mark.parametrize("number", sorted(ENGLISH))
def test_no_english_text_is_left_in_a_french_lesson(number):
    """A Markdown cell copied from the English lesson and not translated is caught here."""
    english = {source.strip() for source in cells(ENGLISH[number], "markdown")}
    untranslated = [source[:80] for source in cells(FRENCH_LESSONS[number], "markdown") if source.strip() in english]
    assert not untranslated, f"{FRENCH_LESSONS[number].name}: Markdown cells still in English: {untranslated}"


# ---------------------------------------------------------------------------
# the comparison itself: it must catch a difference, and only a real one


def test_a_changed_code_cell_is_caught():
    english = cells(ENGLISH["01"], "code")
    french = cells(FRENCH_LESSONS["01"], "code")
    assert code_differences(english, french) == []
    changed = list(french)
    changed[2] = changed[2].replace("seed=1", "seed=2")
    assert changed != french
    problems = code_differences(english, changed)
    assert len(problems) == 1 and "code cell 2 differs" in problems[0]
    assert code_differences(english, french[:-1])  # a cell dropped
    assert code_differences(english, french[1:])  # the language cell dropped
    assert code_differences(english, ['xochintlan_hex.set_language("en")'] + french[1:])


def test_language_arguments_are_the_only_allowed_difference():
    english = ["ax = draw_xochintlan(game, legal=True)", "app = XochintlanApp(seed=11)", "f()"]
    french = [
        'import xochintlan_hex\n\nxochintlan_hex.set_language("fr")  # en français',
        'ax = draw_xochintlan(game, language="fr", legal=True)',
        "app = XochintlanApp(seed=11, language='fr')",
        'f(language="fr")',
    ]
    assert code_differences(english, french) == []
    assert code_differences(
        english, french[:1] + ['ax = draw_xochintlan(game, language="en", legal=True)'] + french[2:]
    )
    assert code_differences(
        english, french[:1] + ['ax = draw_xochintlan(game, legal=False, language="fr")'] + french[2:]
    )


def test_the_lessons_of_both_languages_read_the_same_datasets():
    kit = NOTEBOOKS.parent / "datasets"
    assert datasets_folder(NOTEBOOKS).resolve() == kit.resolve()
    assert datasets_folder(FRENCH).resolve() == kit.resolve()
    assert (datasets_folder(FRENCH) / "tilings.csv").is_file()


def test_no_datasets_folder_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no datasets/ folder"):
        datasets_folder(tmp_path)


# ---------------------------------------------------------------------------
# the self-checks speak the lesson's language


def test_self_checks_answer_in_french_in_a_french_lesson():
    from xochintlan_hex import use_language
    from xochintlan_hex.lessons.checks import check_tetris_kind

    with use_language("fr"):
        assert repr(check_tetris_kind("one-sided")) == "Juste\u00a0!"
        assert repr(check_tetris_kind(None)).startswith("Pas encore de réponse\u00a0: remplacez None")
        wrong = repr(check_tetris_kind("free"))
    assert wrong.startswith("Pas encore\u00a0: comptez les trois sortes de tétrominos")
    with use_language("en"):
        assert repr(check_tetris_kind("free")).startswith("Not yet: count the three kinds of tetromino")


def test_the_record_check_takes_the_animal_letter_of_either_language():
    """A French class writes O for a Bird (Oiseau) and S for a Monkey (Singe); the engine's B and M stay right."""
    from xochintlan_hex import use_language
    from xochintlan_hex.lessons.checks import check_record_result
    from xochintlan_hex.simulate import play_xochintlan_game

    played = play_xochintlan_game(4, ["greedy", "greedy"])  # the game of lesson 01's exercise 3
    record, outcome = played.to_json(), played.outcome()
    assert outcome["winning_kind"] == "B"
    player, card = outcome["winner"] + 1, outcome["winning_card"]
    own_move = (len(played.history) - 1) % 2 == outcome["winner"]
    with use_language("fr"):
        assert check_record_result((player, card, "O", own_move), record)
        assert check_record_result((player, card, "B", own_move), record)
        assert not check_record_result((player, card, "S", own_move), record)
        assert "L, O, S" in repr(check_record_result((player, card, "L", own_move), record))
    with use_language("en"):
        assert check_record_result((player, card, "B", own_move), record)
        assert not check_record_result((player, card, "O", own_move), record)  # in English, O names no animal
        assert "L, B, M" in repr(check_record_result((player, card, "L", own_move), record))
