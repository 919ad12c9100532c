"""French typography: a no-break space before ; : ! ? % and » and after «, and no doubled %.

A plain space there lets a line break before the sign (« bloquée » / « ; french » in a
``--help``). Checked in every msgstr of the French catalog, in the French pages outside
their code, and in the command line's French help as a user reads it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
FRENCH_PO = ROOT / "xochintlan_hex" / "locale" / "fr" / "LC_MESSAGES" / "xochintlan_hex.po"
FRENCH_PAGES = [ROOT / "README.fr.md", *sorted((ROOT / "docs" / "fr").glob("*.md"))]
FRENCH_LESSONS = sorted((ROOT / "notebooks" / "fr").glob("*.ipynb"))
TEACHERS_PAGE = ROOT / "notebooks" / "fr" / "README.md"

# A plain space before a high sign or a closing guillemet, or after an opening one. A %
# followed by ( s d r is a %-format's field (argparse's own messages), not a per cent.
_BREAKABLE = re.compile(r" (?:[;:!?»]|%(?![(sdr]))|« ")


def breakable_spaces(text: str) -> list[str]:
    """The places in ``text`` where a line may break before French punctuation."""
    return [text[max(0, m.start() - 20) : m.end() + 5] for m in _BREAKABLE.finditer(text)]


def prose_of_markdown(text: str) -> str:
    """``text`` without its code blocks and code spans (code keeps the language's own spaces)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def prose_of_lesson_text(text: str) -> str:
    """A lesson's Markdown without its code and its formulas (LaTeX sets its own spacing)."""
    return re.sub(r"\$\$.*?\$\$|\$[^$\n]*\$", "", prose_of_markdown(text), flags=re.S)


def _catalog_strings() -> dict[str, str]:
    with FRENCH_PO.open("rb") as source:
        catalog = read_po(source)
    found = {}
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found[message.id if isinstance(message.id, str) else message.id[0]] = "\n".join(strings)
    return found


def test_the_check_finds_a_breakable_space():
    assert len(breakable_spaces("bloquée ; french")) == 1
    assert len(breakable_spaces("bloquée\u00a0; french\u202f! « mot » à 95\u00a0%")) == 2
    assert len(breakable_spaces("choix : %(value)r")) == 1
    assert breakable_spaces("choix\u00a0: %(value)r, 95\u202f%") == []


def test_every_french_message_keeps_its_punctuation_with_its_word():
    found = [f"{key!r}: …{place}…" for key, text in _catalog_strings().items() for place in breakable_spaces(text)]
    assert not found, f"{len(found)} breakable space(s) in the French catalog:\n" + "\n".join(found)


def test_no_french_message_doubles_its_percent_sign():
    doubled = [key for key, text in _catalog_strings().items() if "%%" in text]
    assert not doubled, doubled


@pytest.mark.parametrize("page", FRENCH_PAGES, ids=lambda p: p.name)
def test_the_french_pages_keep_their_punctuation_with_its_word(page):
    found = breakable_spaces(prose_of_markdown(page.read_text(encoding="utf-8")))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("command", [["print", "--help"], ["report", "--help"], ["puzzle", "count", "--help"]])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_help_shows_one_percent_sign(command, language):
    shown = subprocess.run(
        [sys.executable, "-m", "xochintlan_hex.cli", "--lang", language, *command],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    assert "%%" not in shown, shown
    if language == "fr":
        assert not breakable_spaces(shown.replace("\n", "  ")), breakable_spaces(shown)


@pytest.mark.parametrize("lesson", [*FRENCH_LESSONS, TEACHERS_PAGE], ids=lambda p: p.name)
def test_the_french_lessons_keep_their_punctuation_with_its_word(lesson):
    if lesson.suffix == ".md":
        texts = {"page": lesson.read_text(encoding="utf-8")}
    else:
        cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
        texts = {f"cell {n}": "".join(c["source"]) for n, c in enumerate(cells) if c["cell_type"] == "markdown"}
    found = [
        f"{where}: …{place}…" for where, text in texts.items() for place in breakable_spaces(prose_of_lesson_text(text))
    ]
    assert not found, f"{len(found)} breakable space(s):\n" + "\n".join(found)
