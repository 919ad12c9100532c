"""The documentation keeps its promises: its examples run, and the site holds every lesson and public name.

Every ``>>>`` example of the READMEs and of the site's pages (``docs/``) runs here as a
doctest, each page in a fresh folder (``tmp``) with English as the language; the site's
own build (``make docs``) is checked by the tests that read its output, skipped when it
has not been built.
"""

from __future__ import annotations

import ast
import doctest
import html
import importlib
import io
import os
import re
import shlex
import zlib
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import xochintlan_hex
from xochintlan_hex.i18n import use_language

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
# make test builds the site first and names it here; the site tests then fail, never skip, without it.
SITE = ROOT / os.environ.get("XOCHINTLAN_HEX_SITE", "build/docs/html")
SITE_REQUIRED = "XOCHINTLAN_HEX_SITE" in os.environ
PAGES = sorted(
    [
        ROOT / "README.md",
        ROOT / "README.fr.md",
        *(p for p in DOCS.rglob("*.md") if "lessons" not in p.relative_to(DOCS).parts[:1]),
    ]
)
FENCE = re.compile(r"^\s*(```|~~~).*$", re.M)


def _examples(page: Path) -> doctest.DocTest:
    # A fence line closes a code block; blanked, it also ends the expected output before it.
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)


@pytest.mark.parametrize(
    "page", [p for p in PAGES if ">>>" in p.read_text(encoding="utf-8")], ids=lambda p: p.relative_to(ROOT).as_posix()
)
def test_the_examples_of_a_page_run_as_shown(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    test = _examples(page)
    test.globs["tmp"] = tmp_path
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    with use_language("en"):
        runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()


def test_a_page_example_that_goes_wrong_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```pycon\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
    runner = doctest.DocTestRunner()
    runner.run(_examples(page), out=lambda _: None)
    assert runner.failures == 1


def test_the_readmes_fit_on_a_screen_or_so():
    for name in ("README.md", "README.fr.md"):
        lines = (ROOT / name).read_text(encoding="utf-8").count("\n")
        assert lines <= 200, f"{name} has {lines} lines; the site holds the rest"


def _public_names() -> list[str]:
    """Every name of every ``__all__`` in the package, as module.name."""
    names = []
    for path in sorted((ROOT / "xochintlan_hex").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module_name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if "__all__" not in path.read_text(encoding="utf-8"):
            continue
        module = importlib.import_module(module_name)
        names += [f"{module_name}.{name}" for name in getattr(module, "__all__", ()) if not name.startswith("__")]
    return names


def _documented_objects() -> set[str]:
    """The Python objects the built site documents, read from its inventory (objects.inv)."""
    data = (SITE / "objects.inv").read_bytes()
    body = zlib.decompress(data.split(b"\n", 4)[4]).decode("utf-8")
    return {line.split(" ", 1)[0] for line in body.splitlines() if re.match(r"\S+ py:\w+ ", line)}


needs_site = pytest.mark.skipif(
    not SITE_REQUIRED and not (SITE / "objects.inv").exists(), reason="the site is not built (make docs)"
)


@needs_site
def test_every_public_name_has_its_entry_in_the_api_reference():
    documented = _documented_objects()
    missing = [name for name in _public_names() if name not in documented]
    assert not missing, f"public names with no entry in the API reference: {missing}"


@needs_site
def test_every_lesson_is_in_the_tutorials_english_and_french():
    lessons = sorted((ROOT / "notebooks").glob("0*.ipynb")) + sorted((ROOT / "notebooks" / "fr").glob("0*.ipynb"))
    built = {p.relative_to(SITE / "lessons").with_suffix("").as_posix() for p in (SITE / "lessons").rglob("0*.html")}
    missing = [
        p.relative_to(ROOT).as_posix()
        for p in lessons
        if p.relative_to(ROOT / "notebooks").with_suffix("").as_posix() not in built
    ]
    assert lessons and not missing, f"lessons missing from the site: {missing}"
    tutorials = (SITE / "tutorials" / "index.html").read_text(encoding="utf-8")
    french = (SITE / "fr" / "index.html").read_text(encoding="utf-8")
    for path in lessons:
        page = f"lessons/{path.relative_to(ROOT / 'notebooks').with_suffix('.html').as_posix()}"
        assert page in (french if path.parent.name == "fr" else tutorials), f"{page} is not in its table of contents"


def test_the_version_is_written_once():
    assert re.fullmatch(r"\d+\.\d+\.\d+", xochintlan_hex.__version__)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and "xochintlan_hex.__version__" in pyproject
    for name in ("pyproject.toml", "Makefile", "setup.py", "CITATION.cff", "docs/conf.py"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert xochintlan_hex.__version__ not in text, f"{name} writes the version again"


HREF = re.compile(r'''(?:href|src)="([^"]+)"''')
ANCHOR = re.compile(r'''\bid="([^"]+)"''')


def broken_links(site: Path) -> list[str]:
    """Every link of the built pages to a page, picture or anchor of the site that is not there."""
    pages = {path: path.read_text(encoding="utf-8") for path in site.rglob("*.html")}
    anchors: dict[Path, set[str]] = {}
    broken = []
    for page, text in pages.items():
        for link in map(html.unescape, HREF.findall(text)):
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:", "data:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)} -> {link}")
            elif parts.fragment and target.suffix == ".html":
                if target not in anchors:
                    anchors[target] = set(ANCHOR.findall(pages.get(target) or target.read_text(encoding="utf-8")))
                if unquote(parts.fragment) not in anchors[target]:
                    broken.append(f"{page.relative_to(site)} -> {link}")
    return broken


@needs_site
def test_the_sites_internal_links_lead_somewhere():
    broken = broken_links(SITE)
    assert not broken, f"{len(broken)} broken links, e.g. {broken[:10]}"


def test_a_broken_link_or_anchor_is_found(tmp_path):
    (tmp_path / "a.html").write_text('<a href="b.html#here">b</a> <a href="c.html">c</a> <a href="https://x.org">x</a>')
    (tmp_path / "b.html").write_text('<h1 id="there">b</h1>')
    assert broken_links(tmp_path) == ["a.html -> b.html#here", "a.html -> c.html"]


SHELL_BLOCK = re.compile(r"^```(?:bash|console|sh)\n(.*?)^```", re.M | re.S)
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def command_lines(text: str) -> list[str]:
    """The ``xochintlan-hex`` command lines of a page's shell blocks, continuation lines joined."""
    lines = []
    for block in SHELL_BLOCK.findall(text):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.split(" #", 1)[0].strip()
            if re.match(r"^(\S*/)?xochintlan-hex\s", line):
                lines.append(line)
    return lines


def _parse_error(line: str) -> str | None:
    from xochintlan_hex import cli

    words = shlex.split(line)[1:]
    words = words[: words.index(">")] if ">" in words else words
    try:
        cli.build_parser().parse_args(words)
    except SystemExit as stop:  # --help and --version end here, with status 0
        return None if stop.code == 0 else f"{line}: exit {stop.code}"
    except Exception as error:  # the kit's parser refuses with an InputError
        return f"{line}: {error}"
    return None


@pytest.mark.parametrize(
    "page", [*PAGES, ROOT / "datasets" / "README.md"], ids=lambda p: p.relative_to(ROOT).as_posix()
)
def test_the_command_lines_of_a_page_are_ones_the_command_accepts(page, capsys):
    refused = [error for line in command_lines(page.read_text(encoding="utf-8")) if (error := _parse_error(line))]
    assert not refused, refused


def test_a_command_line_the_command_refuses_is_found():
    text = "```bash\nxochintlan-hex simulate xochintlan --games 10 \\\n    --playrs greedy  # typo\n```\n"
    (line,) = command_lines(text)
    assert _parse_error(line) is not None


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_python_blocks_of_a_page_are_python(page):
    for block in PYTHON_BLOCK.findall(page.read_text(encoding="utf-8")):
        ast.parse(block)
