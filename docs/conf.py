"""Sphinx configuration of the kit's documentation site (make docs).

The lessons live in notebooks/ and notebooks/fr/; they are copied at each build
into lessons/ here (git-ignored), so that the site renders them from their saved
outputs without a second copy in git.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

import xochintlan_hex  # after the path is set, so that the kit documented is this one

xochintlan_hex.set_language("en")  # the site is in English (its French section is written in French)


def copy_lessons() -> None:
    """Mirror notebooks/ (lessons and teachers' pages, English and French) into docs/lessons/."""
    target = DOCS / "lessons"
    shutil.rmtree(target, ignore_errors=True)
    for source_folder, folder in ((ROOT / "notebooks", target), (ROOT / "notebooks" / "fr", target / "fr")):
        folder.mkdir(parents=True)
        for path in sorted(source_folder.glob("0*.ipynb")) + [source_folder / "README.md"]:
            shutil.copy2(path, folder / path.name)


copy_lessons()


def _entry(module_name: str, name: str, value: object) -> str:
    """The autodoc directive that documents one public name of a module."""
    target = f"{module_name}.{name}"
    home = getattr(value, "__module__", module_name)
    if inspect.isclass(value) and home != module_name and f"{home}.{value.__qualname__}" != target:
        # A class re-exported here: a short entry pointing to its own (autodoc would describe it twice).
        summary = (inspect.getdoc(value) or "").split("\n\n")[0].replace("\n", " ")
        return (
            f".. py:class:: {name}\n   :module: {module_name}\n\n"
            f"   {summary}\n\n   Defined in :mod:`{home}`: :class:`{home}.{value.__qualname__}`.\n"
        )
    if inspect.isclass(value):
        kind = "autoexception" if issubclass(value, BaseException) else "autoclass"
        return f".. {kind}:: {target}\n   :members:\n   :undoc-members:\n   :show-inheritance:\n"
    if inspect.isroutine(value):
        return f".. autofunction:: {target}\n"
    return f".. autodata:: {target}\n   :no-value:\n"


def api_page(module_name: str) -> str:
    """One module's page: its docstring, a summary table of its public names, then each name.

    A module with ``__all__`` documents exactly those names (re-exported ones included, so
    ``xochintlan_hex.Xochintlan`` has its entry as well as ``xochintlan_hex.xochintlan.game.Xochintlan``);
    a module without one documents what it defines.
    """
    module = importlib.import_module(module_name)
    lines = [module_name, "=" * len(module_name), "", f".. automodule:: {module_name}"]
    public = getattr(module, "__all__", None)
    if public is None:
        lines += ["   :members:", "   :undoc-members:", "   :show-inheritance:", ""]
        return "\n".join(lines)
    names = [name for name in public if not name.startswith("__") and not inspect.ismodule(getattr(module, name))]
    lines += ["   :no-members:", "", ".. autosummary::", ""] + [f"   {name}" for name in names] + [""]
    lines += [_entry(module_name, name, getattr(module, name)) for name in names]
    return "\n".join(lines)


def write_api_pages() -> None:
    """The API reference, recursive: a page for the package and for each of its modules, in docs/reference/_api/."""
    target = DOCS / "reference" / "_api"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    names = ["xochintlan_hex"] + sorted(
        m.name for m in pkgutil.walk_packages(xochintlan_hex.__path__, "xochintlan_hex.")
    )
    for name in names:
        (target / f"{name}.rst").write_text(api_page(name), encoding="utf-8")


write_api_pages()

project = "xochintlan_hex"
author = "The xochintlan_hex team"
copyright = "2026, The xochintlan_hex team"
release = xochintlan_hex.__version__
version = release

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    "sphinx_copybutton",
    "sphinxarg.ext",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]

# MyST: Markdown pages, and the lessons rendered from their saved outputs (never run here).
# .rst first: autosummary writes its generated API pages with the first suffix.
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath", "amsmath", "substitution"]
myst_heading_anchors = 3
# A lesson's or a data page's headings may skip a level (### under #); the page still reads well.
suppress_warnings = [
    "myst.header",
    # A package re-exports its modules' names (xochintlan_hex.xochintlan.Rules is
    # xochintlan_hex.xochintlan.rules.Rules): both pages describe the same object.
    "ref.python",
    # sphinx-argparse's domain cannot answer MyST's "any" look-ups; its pages link fine.
    "myst.domains",
]

# The API reference: one page per module, from the docstrings (written above by write_api_pages);
# __all__ says what is public. The summary tables link to the entries below them.
autosummary_generate = False
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
# The drawing functions list their keyword options under "Options:" (Google style).
napoleon_custom_sections = [("Options", "params_style")]
napoleon_use_rtype = False

# Offline and strict: no intersphinx; nitpicky on the kit's own names only
# (numpy, pandas, matplotlib... have no inventory here and are not the kit's to check).
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(?!xochintlan_hex\.).*"),
    (r"py:.*", r".*\._\w+"),  # private helpers named in a signature (e.g. a search tree's _Node)
]
# Type aliases of the kit, written in signatures but not public names of their module.
nitpick_ignore = [
    ("py:class", "xochintlan_hex.viz.style.Draw"),
    ("py:class", "xochintlan_hex.widgets.base.Method"),
    ("py:data", "xochintlan_hex.lattice.SQUARE"),
]
# Type variables of the game contract: written in signatures, documented with the contract.
nitpick_ignore_regex += [(r"py:.*", r"xochintlan_hex\.(game|players)\.(StateT|ActionT|A|S)\w*")]

html_theme = "furo"
html_title = f"xochintlan_hex {release}"
html_static_path: list[str] = []
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True

_UNDERLINED_TITLE = re.compile(r"^(?P<title>\S.*)\n(?P<rule>[-=~^]{3,})$", re.M)


def titles_as_rubrics(app, what, name, obj, options, lines: list[str]) -> None:
    """A docstring's own section titles become rubrics: a title cannot sit inside an API entry.

    A constant with no doc comment of its own would show the docstring of its type
    (``dict``'s, ``frozenset``'s): it shows nothing instead.
    """
    if what == "data" and lines and "\n".join(lines).strip() == (inspect.getdoc(type(obj)) or "").strip():
        lines[:] = []
        return
    text = "\n".join(lines)
    text = _UNDERLINED_TITLE.sub(lambda m: f".. rubric:: {m['title']}\n", text)
    lines[:] = text.split("\n")


def canonical_name(dotted: str) -> str | None:
    """Where a kit name is defined.

    ``xochintlan_hex.xochintlan.Xochintlan.play`` -> ``xochintlan_hex.xochintlan.game.Xochintlan.play``.
    """
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for index, attribute in enumerate(parts[cut:], start=cut):
            value = getattr(value, attribute, None)
            if inspect.isclass(value) or inspect.isroutine(value):
                home = f"{value.__module__}.{value.__qualname__}"
                return ".".join([home, *parts[index + 1 :]])
        return None
    return None


def resolve_reexported(app, env, node, contnode):
    """A reference through a package's re-export (``xochintlan_hex.hextremadura.Hextremadura.play``) finds its entry."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith("xochintlan_hex."):
        return None
    canonical = canonical_name(target)
    if canonical is None or canonical == target:
        return None
    return env.get_domain("py").resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], canonical, node, contnode
    )


def setup(app) -> None:
    app.connect("autodoc-process-docstring", titles_as_rubrics)
    app.connect("missing-reference", resolve_reexported)
