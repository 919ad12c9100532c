"""The kit's layers import only downwards, and the rules layers draw nothing.

Layers, bottom to top: foundation (lattice, polyforms, shared interface) ->
games (xochintlan, hextremadura) -> studies (players, and the balance/ package:
simulate, studies, statistics, the report) -> pictures and boards (viz, widgets) ->
command line (the cli/ package) and class server.
A package (balance/, cli/, players/, viz/ ...) has one layer, read from :data:`LAYERS`
by its dotted name, the longest name listed first (a subpackage may sit apart from its
package); no two of the kit's packages, nor two of its modules, import one another in
a circle.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "xochintlan_hex"

#: The layer of each package and top-level module, by its dotted name under xochintlan_hex.
LAYERS = {
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
    "balance": 3,
    "exact": 3,
    "solvability": 3,
    "viz": 4,
    "widgets": 4,
    "lessons": 4,
    "cli": 5,
    "classroom": 5,
}

#: The modules of balance/ that once sat at the top level: each old module stays there,
#: at the layer of balance/, re-exporting its new home so that older code keeps working.
OLDER_HOMES = ("simulate", "studies", "results", "stats", "report_text", "tournament", "sequential")
LAYERS.update({name: LAYERS["balance"] for name in OLDER_HOMES})


def layer_of(dotted: str) -> int | None:
    """The layer of a kit module or package (``xochintlan_hex.balance.report``): that of
    the longest of its dotted names :data:`LAYERS` lists; None outside the kit or unknown."""
    parts = dotted.split(".")
    if parts[0] != "xochintlan_hex" or len(parts) < 2:
        return None
    for end in range(len(parts), 1, -1):
        layer = LAYERS.get(".".join(parts[1:end]))
        if layer is not None:
            return layer
    return None


# The class server sits at the top beside the command line: only the command line imports it.
CLASSROOM_IMPORTERS = ("cli", "classroom")

# Libraries a rules layer must never need: drawing and widgets belong above it.
DRAWING_LIBRARIES = ("matplotlib", "ipywidgets", "ipympl", "IPython")


def _modules():
    """Each module of the kit (but its entry point) with its layer."""
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts == ("__init__",):
            continue  # the package entry point assembles nothing but a version
        yield path, layer_of(_module_name(path))


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


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(["xochintlan_hex", *(parts[:-1] if parts[-1] == "__init__" else parts)])


KIT_MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _kit_imports(path: Path) -> set[str]:
    """The kit's modules that ``path`` imports, anywhere in it (a function's late import
    too): ``from xochintlan_hex.cli import puzzles`` is the module ``cli.puzzles``,
    ``from xochintlan_hex.cli.errors import InputError`` the module ``cli.errors``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for name in _imported_names(path):
        while name and name not in KIT_MODULES:
            name = name.rpartition(".")[0]
        if name:
            found.add(name)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module in KIT_MODULES:
            found.update(f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in KIT_MODULES)
    found.discard(_module_name(path))
    return found


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while not part or part[-1] != node:
                part.append(stack.pop())
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _top(module: str) -> str:
    return module.split(".")[1] if module.count(".") else module


def _module_graph() -> dict[str, set[str]]:
    """Who imports whom among the kit's modules; the package entry point (which names every
    layer's main objects, loaded when first used) is left out."""
    return {
        module: _kit_imports(path) - {"xochintlan_hex"}
        for module, path in KIT_MODULES.items()
        if module != "xochintlan_hex"
    }


def _package_graph() -> dict[str, set[str]]:
    """Who imports whom among the kit's packages and top-level modules (``balance``, ``cli``, ``stats`` ...)."""
    graph: dict[str, set[str]] = {}
    for module, path in KIT_MODULES.items():
        if module == "xochintlan_hex":
            continue  # the package entry point names every layer's main objects, loaded when used
        graph.setdefault(_top(module), set()).update(
            _top(name) for name in _kit_imports(path) if name != "xochintlan_hex" and _top(name) != _top(module)
        )
    return graph


def test_no_two_modules_of_the_kit_import_each_other_in_a_circle():
    assert _cycles(_module_graph()) == [], "modules importing in a circle"


def test_no_two_packages_of_the_kit_import_each_other_in_a_circle():
    assert _cycles(_package_graph()) == [], "packages importing in a circle"


def test_the_cycle_finder_finds_a_circle_and_only_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "d": {"a"}}) == []


def test_every_module_belongs_to_a_known_layer():
    unknown = [str(path.relative_to(PACKAGE)) for path, layer in _modules() if layer is None]
    assert not unknown, f"modules with no layer in the architecture: {unknown}"


def test_the_layer_of_a_package_is_that_of_its_modules():
    assert layer_of("xochintlan_hex.balance") == layer_of("xochintlan_hex.balance.report") == 3
    assert layer_of("xochintlan_hex.players.ismcts") == layer_of("xochintlan_hex.stats") == 3
    assert layer_of("xochintlan_hex.cli.report") == 5 and layer_of("xochintlan_hex.xochintlan.game") == 2
    assert layer_of("numpy") is None and layer_of("xochintlan_hex.nowhere") is None


def _defined_names(path: Path) -> list[str]:
    """The public names a module defines at its top level (functions, classes, constants)."""
    names = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [t.id for t in targets if isinstance(t, ast.Name)]
    return [n for n in names if not n.startswith("_")]


@pytest.mark.parametrize("name", OLDER_HOMES)
def test_an_older_home_only_re_exports_its_new_one(name):
    """``xochintlan_hex.stats`` imports ``xochintlan_hex.balance.stats`` and nothing else,
    and offers every name its new home offers."""
    path = PACKAGE / f"{name}.py"
    assert _kit_imports(path) == {f"xochintlan_hex.balance.{name}"}
    old, new = (
        importlib.import_module(f"xochintlan_hex.{name}"),
        importlib.import_module(f"xochintlan_hex.balance.{name}"),
    )
    public = getattr(new, "__all__", None) or _defined_names(PACKAGE / "balance" / f"{name}.py")
    missing = [n for n in public if not hasattr(old, n)]
    assert not missing, f"xochintlan_hex.{name} lacks {missing}"
    assert all(getattr(old, n) is getattr(new, n) for n in old.__all__)


@pytest.mark.parametrize("path,layer", list(_modules()), ids=lambda v: v.name if isinstance(v, Path) else str(v))
def test_no_module_imports_a_higher_layer(path, layer):
    upward = [name for name in _imported_names(path) if (layer_of(name) or 0) > layer]
    assert not upward, f"{path.relative_to(PACKAGE)} (layer {layer}) imports upwards: {upward}"


@pytest.mark.parametrize(
    "path,layer",
    [(p, layer) for p, layer in _modules() if layer <= 3],
    ids=lambda v: v.name if isinstance(v, Path) else str(v),
)
def test_rules_and_study_layers_draw_nothing(path, layer):
    drawing = [n for n in _imported_names(path) if n.split(".")[0] in DRAWING_LIBRARIES]
    assert not drawing, f"{path.relative_to(PACKAGE)} imports drawing libraries: {drawing}"


@pytest.mark.parametrize(
    "path",
    [p for p, _ in _modules() if _module_name(p).split(".")[1] not in CLASSROOM_IMPORTERS],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_only_the_command_line_imports_the_class_server(path):
    found = [name for name in _imported_names(path) if name.startswith("xochintlan_hex.classroom")]
    assert not found, f"{path.relative_to(PACKAGE)} imports the class server: {found}"


def _private_names_from_other_modules(path: Path) -> list[str]:
    """The kit's private names ``path`` reaches in another module: imported by name, or
    read off a class or module it imported (a subclass extending its base's is its own)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("xochintlan_hex")):
            for alias in node.names:
                if alias.name.startswith("_") and alias.name not in ("_", "__version__"):
                    found.append(f"{node.module}.{alias.name}")
                imported.add(alias.asname or alias.name)
    bases = {b.id for n in ast.walk(tree) if isinstance(n, ast.ClassDef) for b in n.bases if isinstance(b, ast.Name)}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and isinstance(node.value, ast.Name)
            and node.value.id in imported - bases
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_uses_a_private_name_of_another(path):
    """What one module needs of another is public there (or moves), so that a private name
    can change without looking for its users."""
    assert _private_names_from_other_modules(path) == []


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
    too_high = [m for m, _ in kit if (layer_of(m) or 0) > 3]
    assert not too_high, f"{path.name} needs the pictures or the command line: {too_high}"
