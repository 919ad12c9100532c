"""Guards on the package as shipped: declared dependencies, type information, doctests, no dead code."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "xochintlan_hex"
MODULES = sorted(PACKAGE.rglob("*.py"))


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def requirement_names(requirement: str) -> set[str]:
    """The distribution a requirement names, and its extras ("dask[distributed]" brings distributed)."""
    name, _, rest = re.split(r"([\s<>=!~;]|$)", requirement, maxsplit=1)[0].partition("[")
    names = {name} | {extra.strip() for extra in rest.rstrip("]").split(",") if extra.strip()}
    return {n.lower().replace("_", "-") for n in names}


def imported_top_levels(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_every_third_party_import_of_the_package_is_declared():
    project = pyproject()["project"]
    declared = set().union(*(requirement_names(r) for r in project["dependencies"]))
    for extra in project["optional-dependencies"].values():
        declared |= set().union(*(requirement_names(r) for r in extra))
    distributions = importlib.metadata.packages_distributions()
    missing = {}
    for path in MODULES:
        for name in imported_top_levels(path) - set(sys.stdlib_module_names) - {"xochintlan_hex"}:
            dists = {d.lower().replace("_", "-") for d in distributions.get(name, [name])}
            if not dists & declared:
                missing.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"


def test_the_package_ships_its_type_information():
    assert (PACKAGE / "py.typed").is_file()
    assert "py.typed" in pyproject()["tool"]["setuptools"]["package-data"]["xochintlan_hex"]


def test_make_test_runs_the_doctests_of_the_package():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("test", "test-fast"):
        recipe = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
        assert "--doctest-modules" in recipe and "xochintlan_hex" in recipe, f"make {target} skips the doctests"


# ---------------------------------------------------------------------------
# dead code: every top-level name is used by the kit, its tests, lessons or docs
# ---------------------------------------------------------------------------
def _other_sources() -> str:
    texts = [(ROOT / "README.md").read_text(encoding="utf-8")]
    for folder in ("tests", "benchmarks", "notebooks", "datasets", "docs"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".ipynb", ".md", ".sh"):
                texts.append(path.read_text(encoding="utf-8"))
    return "\n".join(texts)


def _top_level_names(tree: ast.Module) -> list[str]:
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names.extend(target.id for target in node.targets if isinstance(target, ast.Name))
    return [name for name in names if not name.startswith("__")]


def test_no_definition_is_left_unused():
    sources = {path: path.read_text(encoding="utf-8") for path in MODULES}
    package_text = "\n".join(sources.values())
    elsewhere = _other_sources()
    unused = []
    for path, text in sources.items():
        for name in _top_level_names(ast.parse(text)):
            word = re.compile(rf"\b{re.escape(name)}\b")
            if len(word.findall(package_text)) == 1 and not word.search(elsewhere):
                unused.append(f"{path.relative_to(ROOT).as_posix()}: {name}")
    assert not unused, f"defined but used nowhere: {unused}"


def test_no_import_is_left_unused():
    unused = []
    for path in MODULES:
        if path.name == "__init__.py":
            continue  # a package's __init__ imports to re-export
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        tree = ast.parse(text)
        used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        for node in ast.walk(tree):  # names in quoted annotations ("Xochintlan") count as used
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and " " not in node.value.strip():
                used.update(re.findall(r"[A-Za-z_]\w*", node.value))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and getattr(node, "module", None) != "__future__":
                if "noqa: F401" in lines[node.lineno - 1]:
                    continue  # imported on purpose, e.g. to check that an optional package is there
                for alias in node.names:
                    name = (alias.asname or alias.name).split(".")[0]
                    if name not in used:
                        unused.append(f"{path.relative_to(ROOT).as_posix()}: {name}")
    assert not unused, f"imported but never used: {unused}"
