"""The French catalog says every text of the kit, and only those, and is compiled as written.

The texts are extracted from the package the way ``make catalogs`` does (Babel,
with the mapping in ``babel.cfg`` and the kit's keywords ``_``, ``N_``,
``ngettext``, ``pgettext``), then compared with
``xochintlan_hex/locale/fr/LC_MESSAGES/xochintlan_hex.po``. When one of these
tests fails, run ``make catalogs``, translate what it lists, and run it again.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "xochintlan_hex" / "locale"
FRENCH_PO = LOCALE / "fr" / "LC_MESSAGES" / "xochintlan_hex.po"
FRENCH_MO = FRENCH_PO.with_suffix(".mo")
# The same keywords as the Makefile's BABEL_KEYWORDS (xochintlan_hex/i18n.py defines them).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
FIX = "run `make catalogs`, translate the entries it lists, and run it again"

# A message's key in a catalog: its context and its singular text.
Key = tuple[str | None, str]


def extracted_messages(root: Path = ROOT, mapping: Path = ROOT / "babel.cfg") -> dict[Key, str]:
    """Every text marked for translation under ``root``, with the file it is in."""
    with mapping.open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[Key, str] = {}
    for filename, _lineno, message, _comments, context in extract_from_dir(
        root, method_map, options_map, keywords=KEYWORDS
    ):
        singular = message[0] if isinstance(message, tuple) else message
        if singular:
            found.setdefault((context, singular), filename)
    return found


def read_catalog(path: Path = FRENCH_PO) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def catalog_problems(extracted: dict[Key, str], catalog: Catalog) -> list[str]:
    """What is wrong with ``catalog`` for the code's texts ``extracted``, one line each."""
    entries = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in catalog if m.id}
    problems = [
        f"missing: {key[1]!r} ({where})" for key, where in sorted(extracted.items(), key=str) if key not in entries
    ]
    for key, message in entries.items():
        if key not in extracted:
            problems.append(f"stale (no longer in the code): {key[1]!r}")
        elif message.fuzzy:
            problems.append(f"fuzzy (check the guessed translation, then remove the flag): {key[1]!r}")
        elif not all(message.string if isinstance(message.string, tuple) else [message.string]):
            problems.append(f"untranslated: {key[1]!r}")
        else:
            problems += _placeholder_problems(message.id, message.string)
    problems += [f"obsolete entry left in the file: {message.id!r}" for message in catalog.obsolete.values()]
    # Babel's own checks, which the compile step (make, setup.py) refuses to pass
    problems += [
        f"{error} (Babel; a % before a letter, as in '95% confidence', reads as a %-format: "
        f"put the number in a {{placeholder}}): {message.id!r}"
        for message, errors in catalog.check()
        for error in errors
    ]
    return problems


_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w+\)\w|%[sdr]")


def _placeholder_problems(source: str | tuple[str, ...], translation: str | tuple[str, ...]) -> list[str]:
    """A translation must keep the ``{name}`` and ``%s`` fields its text fills in (else it crashes)."""
    sources = source if isinstance(source, tuple) else (source,)
    translations = translation if isinstance(translation, tuple) else (translation,)
    wanted = set(_PLACEHOLDER.findall(sources[-1]))
    return [
        f"placeholders {sorted(wanted)} expected in {text!r} (for {sources[0]!r})"
        for text in translations
        if set(_PLACEHOLDER.findall(text)) != wanted
        and not (len(translations) > 1 and set(_PLACEHOLDER.findall(text)) < wanted)
    ]


def test_the_french_catalog_matches_the_code():
    problems = catalog_problems(extracted_messages(), read_catalog())
    assert not problems, f"{len(problems)} problem(s) in {FRENCH_PO.relative_to(ROOT)}; {FIX}:\n" + "\n".join(problems)


def test_the_compiled_french_catalog_is_the_source_compiled():
    assert FRENCH_MO.is_file(), f"{FRENCH_MO.relative_to(ROOT)} is not compiled; {FIX}"
    assert FRENCH_MO.stat().st_mtime >= FRENCH_PO.stat().st_mtime, (
        f"{FRENCH_MO.name} is older than its .po (edited or merged since); {FIX}"
    )
    with FRENCH_MO.open("rb") as compiled:
        in_mo = {(_context(m.context), _texts(m.id)): _texts(m.string) for m in read_mo(compiled) if m.id}
    in_po = {(m.context, _texts(m.id)): _texts(m.string) for m in read_catalog() if m.id and not m.fuzzy}
    assert in_mo == in_po, f"{FRENCH_MO.name} differs from its .po; {FIX}"


def _context(context: str | bytes | None) -> str | None:
    """A message's context as text (Babel before 2.17 reads a .mo's contexts as bytes)."""
    return context.decode("utf-8") if isinstance(context, bytes) else context


def _texts(text: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else tuple(text)


# The checks themselves, on a small package of their own: each problem is caught.


def _package(tmp_path: Path, code: str) -> tuple[Path, Path]:
    (tmp_path / "xochintlan_hex").mkdir()
    (tmp_path / "xochintlan_hex" / "texts.py").write_text(code, encoding="utf-8")
    return tmp_path, ROOT / "babel.cfg"


def _po(text: str) -> Catalog:
    from io import BytesIO

    header = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
    return read_po(BytesIO((header + text).encode()))


CODE = """
from xochintlan_hex.i18n import N_, _, ngettext, pgettext
NAME = N_("Bird")
def shown(n):
    return _("no {kind} left"), ngettext("a tile", "{n} tiles", n), pgettext("tile letter", "B")
"""
GOOD = """
msgid "Bird"
msgstr "Oiseau"

msgid "no {kind} left"
msgstr "plus de {kind} en réserve"

msgid "a tile"
msgid_plural "{n} tiles"
msgstr[0] "une tuile"
msgstr[1] "{n} tuiles"

msgctxt "tile letter"
msgid "B"
msgstr "O"
"""


def test_a_complete_catalog_has_no_problem(tmp_path):
    assert catalog_problems(extracted_messages(*_package(tmp_path, CODE)), _po(GOOD)) == []


def test_a_text_missing_from_the_catalog_is_reported(tmp_path):
    code = CODE + '\ndef more():\n    return _("the Human cannot move")\n'
    problems = catalog_problems(extracted_messages(*_package(tmp_path, code)), _po(GOOD))
    assert problems == ["missing: 'the Human cannot move' (xochintlan_hex/texts.py)"]


@pytest.mark.parametrize(
    "edit, problem",
    [
        (('msgstr "Oiseau"', 'msgstr ""'), "untranslated: 'Bird'"),
        (('msgstr[1] "{n} tuiles"', 'msgstr[1] ""'), "untranslated: 'a tile'"),
        (('msgid "Bird"', '#, fuzzy\nmsgid "Bird"'), "fuzzy"),
        (("plus de {kind}", "plus de {genre}"), "placeholders ['{kind}']"),
        (('msgctxt "tile letter"', 'msgctxt "letter"'), "stale (no longer in the code): 'B'"),
    ],
)
def test_each_catalog_defect_is_reported(tmp_path, edit, problem):
    extracted = extracted_messages(*_package(tmp_path, CODE))
    problems = catalog_problems(extracted, _po(GOOD.replace(*edit)))
    assert any(problem in p for p in problems), problems


def test_a_text_gone_from_the_code_is_reported_as_stale(tmp_path):
    code = CODE.replace('NAME = N_("Bird")', 'NAME = "Bird"')
    problems = catalog_problems(extracted_messages(*_package(tmp_path, code)), _po(GOOD))
    assert problems == ["stale (no longer in the code): 'Bird'"]


def test_a_percent_sign_read_as_a_format_is_reported(tmp_path):
    """Babel reads '95% c' as a %-format: the compile step would refuse the French '95 %'."""
    code = CODE + '\ndef level():\n    return _("estimates with 95% confidence")\n'
    po = GOOD + '\n#, python-format\nmsgid "estimates with 95% confidence"\nmsgstr "estimations à 95 % de confiance"\n'
    problems = catalog_problems(extracted_messages(*_package(tmp_path, code)), _po(po))
    assert len(problems) == 1 and "put the number in a {placeholder}" in problems[0], problems
