"""One French word for each concept: the glossary's, in the catalog and the French pages.

The glossary (``docs/reference/glossary.md``) gives each concept of the kit its English
and French terms, and the other French names it has had (the column *not in French*).
None of those may come back in a French text the kit shows, and a text whose English is
exactly a glossary term (a button, a table header) is translated by its French term.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "reference" / "glossary.md"
FRENCH_PO = ROOT / "xochintlan_hex" / "locale" / "fr" / "LC_MESSAGES" / "xochintlan_hex.po"
FRENCH_PAGES = [ROOT / "README.fr.md", *sorted((ROOT / "docs" / "fr").glob("*.md"))]


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
    """Every French text to check, by where it is: each msgstr of the catalog, each French page."""
    with FRENCH_PO.open("rb") as source:
        catalog = read_po(source)
    texts = {}
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            texts[f"catalog: {message.id if isinstance(message.id, str) else message.id[0]!r}"] = " ".join(strings)
    for page in FRENCH_PAGES:
        texts[str(page.relative_to(ROOT))] = page.read_text(encoding="utf-8")
    return texts


def avoided_words(term: Term, texts: dict[str, str]) -> list[str]:
    """Where a French text names ``term``'s concept by a name the glossary set aside."""
    found = []
    for word in term.avoided:
        pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
        found += [
            f"{where}: « {word} » (say « {term.french} »)" for where, text in texts.items() if pattern.search(text)
        ]
    return found


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


def test_the_check_finds_a_name_set_aside():
    swap = Term("Swap", "Intervertir", ("échanger",))
    assert avoided_words(swap, {"app": "Échanger deux animaux"}) == ["app: « échanger » (say « Intervertir »)"]
    assert avoided_words(swap, {"app": "Intervertir deux animaux"}) == []
