"""The kit's layers import only downwards, and the rules layers draw nothing.

Layers, bottom to top: foundation (lattice, polyforms, shared interface) ->
games (xochintlan, hextremadura) -> studies (players, simulate, stats) ->
pictures and boards (viz, widgets) -> command line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "xochintlan_hex"

LAYER_OF_TOP_MODULE = {
    "lattice": 1,
    "polyforms": 1,
    "puzzles": 1,
    "errors": 1,
    "game": 1,
    "games": 3,
    "display": 1,
    "drawing": 1,
    "i18n": 1,
    "xochintlan": 2,
    "hextremadura": 2,
    "players": 3,
    "simulate": 3,
    "stats": 3,
    "report_text": 3,
    "studies": 3,
    "results": 3,
    "exact": 3,
    "sequential": 3,
    "tournament": 3,
    "solvability": 3,
    "viz": 4,
    "widgets": 4,
    "lessons": 4,
    "cli": 5,
    "cli_errors": 5,
    "puzzle_commands": 5,
    "classroom": 5,
}

# The class server sits at the top beside the command line: only the command line imports it.
CLASSROOM_IMPORTERS = ("cli", "classroom")

# Libraries a rules layer must never need: drawing and widgets belong above it.
DRAWING_LIBRARIES = ("matplotlib", "ipywidgets", "ipympl", "IPython")


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts == ("__init__",):
            continue  # the package entry point assembles nothing but a version
        yield path, parts[0]


def _imported_names(path: Path) -> list[str]:
    """Absolute dotted names of every module `path` imports (relative ones resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package_parts = ["xochintlan_hex", *path.relative_to(PACKAGE).parent.parts]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_parts[: len(package_parts) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
                if node.module is None:  # from . import name: each name may be a module
                    names.extend(f"{module}.{alias.name}" for alias in node.names)
                    continue
            else:
                module = node.module or ""
            names.append(module)
    return names


def _kit_layer(dotted: str) -> int | None:
    parts = dotted.split(".")
    if parts[0] != "xochintlan_hex" or len(parts) < 2:
        return None
    return LAYER_OF_TOP_MODULE.get(parts[1])


def test_every_module_belongs_to_a_known_layer():
    unknown = {top for _, top in _modules() if top not in LAYER_OF_TOP_MODULE}
    assert not unknown, f"modules with no layer in the architecture: {sorted(unknown)}"


@pytest.mark.parametrize("path,top", list(_modules()), ids=lambda v: str(v) if isinstance(v, str) else v.name)
def test_no_module_imports_a_higher_layer(path, top):
    own = LAYER_OF_TOP_MODULE[top]
    upward = [name for name in _imported_names(path) if (_kit_layer(name) or 0) > own]
    assert not upward, f"{path.relative_to(PACKAGE)} (layer {own}) imports upwards: {upward}"


@pytest.mark.parametrize(
    "path,top",
    [(p, t) for p, t in _modules() if LAYER_OF_TOP_MODULE[t] <= 3],
    ids=lambda v: str(v) if isinstance(v, str) else v.name,
)
def test_rules_and_study_layers_draw_nothing(path, top):
    drawing = [n for n in _imported_names(path) if n.split(".")[0] in DRAWING_LIBRARIES]
    assert not drawing, f"{path.relative_to(PACKAGE)} imports drawing libraries: {drawing}"


@pytest.mark.parametrize(
    "path,top",
    [(p, t) for p, t in _modules() if t not in CLASSROOM_IMPORTERS],
    ids=lambda v: str(v) if isinstance(v, str) else v.name,
)
def test_only_the_command_line_imports_the_class_server(path, top):
    found = [name for name in _imported_names(path) if name.startswith("xochintlan_hex.classroom")]
    assert not found, f"{path.relative_to(PACKAGE)} imports the class server: {found}"


# The examples are written the way a designer writes a game: on the kit's public names only,
# below the pictures and the command line, so that what they show works outside the kit.
EXAMPLES = sorted((PACKAGE.parent / "examples").glob("*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_an_example_uses_only_public_names_of_the_rules_and_study_layers(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [
        (node.module or "", alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    ]
    kit = [(module, name) for module, name in imported if module.startswith("xochintlan_hex")]
    assert kit, f"{path.name} uses nothing of the kit"
    private = [f"{m}.{n}" for m, n in kit if n.startswith("_") or any(p.startswith("_") for p in m.split("."))]
    assert not private, f"{path.name} imports private names: {private}"
    too_high = [m for m, _ in kit if (_kit_layer(m) or 0) > 3]
    assert not too_high, f"{path.name} needs the pictures or the command line: {too_high}"
