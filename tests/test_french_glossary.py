"""One French word for each concept: the glossary's, in the catalog and the French pages.

The glossary (``docs/reference/glossary.md``) gives each concept of the kit its English
and French terms, and the other French names it has had (the column *not in French*).
None of those may come back in a French text the kit shows, and a text whose English is
exactly a glossary term (a button, a table header) is translated by its French term.
The French lessons' Markdown and their teacher's page are French texts too: there, the
players are not called by their English names outside code, and the Hextremadura parts
call the map « territoire », never « carte ».
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "reference" / "glossary.md"
FRENCH_PO = ROOT / "xochintlan_hex" / "locale" / "fr" / "LC_MESSAGES" / "xochintlan_hex.po"
FRENCH_PAGES = [
    ROOT / "README.fr.md",
    *sorted((ROOT / "docs" / "fr").glob("*.md")),
    ROOT / "notebooks" / "fr" / "README.md",
]
FRENCH_LESSONS = sorted((ROOT / "notebooks" / "fr").glob("*.ipynb"))


@dataclass(frozen=True)
class Term:
    english: str
    french: str
    avoided: tuple[str, ...]


def glossary_terms(text: str) -> list[Term]:
    """The rows of the glossary's table (English, French, not in French, meaning)."""
    terms = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("English", "") or set(cells[0]) <= set("-"):
            continue
        avoided = tuple(word.strip() for word in cells[2].split(",") if word.strip())
        terms.append(Term(cells[0], cells[1], avoided))
    return terms


def french_texts() -> dict[str, str]:
    """Every French text to check, by where it is: each msgstr of the catalog, each French page,
    each Markdown cell of the French lessons (their code cells are the English ones)."""
    with FRENCH_PO.open("rb") as source:
        catalog = read_po(source)
    texts = {}
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            texts[f"catalog: {message.id if isinstance(message.id, str) else message.id[0]!r}"] = " ".join(strings)
    for page in FRENCH_PAGES:
        texts[str(page.relative_to(ROOT))] = page.read_text(encoding="utf-8")
    for lesson in FRENCH_LESSONS:
        for number, cell in enumerate(json.loads(lesson.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] == "markdown":
                texts[f"{lesson.relative_to(ROOT)}, cell {number}"] = "".join(cell["source"])
    return texts


#: Phrases that use a set-aside word for another, right concept. « Face cachée » is set aside
#: for a Hextremadura tile's verso (its icons are shown, not hidden); a goal card dealt
#: « face cachée » (the teacher's page) is hidden indeed. « Sur la carte » is set aside for
#: Hextremadura's map; lesson 01 quotes the French rule sheet, whose « carte » is the goal card.
RIGHT_USES = ("carte face cachée", "celle demandée sur la carte")


def avoided_words(term: Term, texts: dict[str, str]) -> list[str]:
    """Where a French text names ``term``'s concept by a name the glossary set aside."""
    found = []
    for word in term.avoided:
        pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
        found += [
            f"{where}: « {word} » (say « {term.french} »)"
            for where, text in texts.items()
            if pattern.search(without_right_uses(text))
        ]
    return found


def without_right_uses(text: str) -> str:
    for phrase in RIGHT_USES:
        text = re.sub(re.escape(phrase), " ", text, flags=re.IGNORECASE)
    return text


def lesson_prose(lesson: Path) -> dict[int, str]:
    """The Markdown cells of ``lesson`` by number, without their code (a player's name in code is code)."""
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    return {
        number: re.sub(r"`[^`\n]*`", " ", re.sub(r"^```.*?^```", " ", "".join(cell["source"]), flags=re.S | re.M))
        for number, cell in enumerate(cells)
        if cell["cell_type"] == "markdown"
    }


TERMS = glossary_terms(GLOSSARY.read_text(encoding="utf-8"))


def test_the_glossary_settles_the_words_the_french_texts_disagreed_on():
    french = {term.english: term.french for term in TERMS}
    assert french["Swap"] == "Intervertir"
    assert (french["random"], french["greedy"], french["search"]) == ("hasard", "glouton", "prévoyant")
    assert (french["level"], french["low"], french["high"]) == ("catégorie", "borne inf.", "borne sup.")
    assert french["goal card"] == "carte Objectif" and french["map (Hextremadura)"] == "territoire"
    assert french["games won"] == "parties gagnées"


@pytest.mark.parametrize("term", [t for t in TERMS if t.avoided], ids=lambda t: t.english)
def test_french_texts_name_a_concept_only_by_its_glossary_term(term):
    found = avoided_words(term, french_texts())
    assert not found, "\n".join(found)


def test_a_text_that_is_a_glossary_term_is_translated_by_its_french_term():
    with FRENCH_PO.open("rb") as source:
        catalog = read_po(source)
    single = {t.english.lower(): t.french for t in TERMS if "," not in t.english and "(" not in t.english}
    wrong = [
        f"{message.id!r} is « {message.string} », the glossary says « {single[message.id.lower()]} »"
        for message in catalog
        if isinstance(message.id, str) and message.id.lower() in single
        if message.string.lower() != single[message.id.lower()].lower()
    ]
    assert not wrong, "\n".join(wrong)


#: The players' registered names, English words a French sentence does not use.
PLAYERS_IN_ENGLISH = re.compile(r"(?<![\w-])(?:random|greedy|search)(?![\w-])")


@pytest.mark.parametrize("lesson", FRENCH_LESSONS, ids=lambda p: p.name)
def test_french_lessons_name_the_players_in_french_outside_code(lesson):
    found = [
        f"cell {number}: « {match.group()} » in {text[max(0, match.start() - 40) : match.end() + 20]!r}"
        for number, text in lesson_prose(lesson).items()
        for match in PLAYERS_IN_ENGLISH.finditer(text)
    ]
    assert not found, "\n".join(found)


def hextremadura_prose() -> dict[str, str]:
    """The French lessons' Markdown about Hextremadura: lesson 05, and lesson 04 from its
    Hextremadura part (« ## 5. Hextremadura ») to its summary."""
    found = {f"05, cell {n}": text for n, text in lesson_prose(ROOT / "notebooks/fr/05_hextremadura.ipynb").items()}
    inside = False
    for number, text in lesson_prose(ROOT / "notebooks/fr/04_probabilites_des_objectifs.ipynb").items():
        first_line = text.strip().splitlines()[0] if text.strip() else ""
        if first_line.startswith("## "):
            inside = "Hextremadura" in first_line or (inside and not first_line.startswith("## À retenir"))
        # the closing discussion is about Xochintlan's gardens, whose « cartes » are goal cards
        if inside and "jardin" not in text:
            found[f"04, cell {number}"] = text
    return found


def test_the_hextremadura_lessons_call_the_map_territoire():
    texts = hextremadura_prose()
    assert len([where for where in texts if where.startswith("04")]) > 15, "the Hextremadura part of lesson 04 is found"
    found = [
        f"{where}: {text[max(0, m.start() - 40) : m.end() + 20]!r}"
        for where, text in texts.items()
        for m in re.finditer(r"(?<!\w)cartes?(?!\w)", text)
    ]
    assert not found, "« carte » is the goal card; the map is « territoire »:\n" + "\n".join(found)


def test_the_check_finds_a_name_set_aside():
    swap = Term("Swap", "Intervertir", ("échanger",))
    assert avoided_words(swap, {"app": "Échanger deux animaux"}) == ["app: « échanger » (say « Intervertir »)"]
    assert avoided_words(swap, {"app": "Intervertir deux animaux"}) == []
    back = Term("back (Hextremadura)", "verso", ("face cachée",))
    assert avoided_words(back, {"page": "distribuer une carte face cachée"}) == []
    assert avoided_words(back, {"page": "une tuile face cachée"}) == ["page: « face cachée » (say « verso »)"]
    assert PLAYERS_IN_ENGLISH.search("le glouton bat greedy") and not PLAYERS_IN_ENGLISH.search("greedy_length")
