"""docs/rules.md, the kit's own rules document: complete, tied to real tests, and the only one pointed to."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from xochintlan_hex.xochintlan import Rules

ROOT = Path(__file__).resolve().parents[1]
RULES_DOC = ROOT / "docs" / "rules.md"


def test_every_test_the_rules_document_names_exists():
    text = RULES_DOC.read_text(encoding="utf-8")
    named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", text)
    assert len(named) > 60
    missing = []
    for path, name in named:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        if name not in {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}:
            missing.append(f"{path}::{name}")
    assert not missing, f"docs/rules.md names tests that do not exist: {missing}"


def test_every_xochintlan_variant_is_in_the_rules_document():
    text = RULES_DOC.read_text(encoding="utf-8")
    undocumented = [f.name for f in dataclasses.fields(Rules) if f"`{f.name}" not in text]
    assert not undocumented, f"Rules fields missing from docs/rules.md: {undocumented}"
    for reading in (
        'lock="french"',
        "cut_off_switch=True",
        'match="rotation+reflection"',
        'win_check="mover"',
        'endgame="swap"',
        'requirement_mode="exactly"',
        "quiet_rounds=2",
    ):
        assert reading in text


def test_the_kit_points_to_its_own_rules_document_only():
    """Users have docs/rules.md; the RULES.md of the kit's makers is not shipped."""
    folders = ("xochintlan_hex", "tests", "notebooks", "benchmarks", "datasets", "docs")
    files = [ROOT / "README.md", ROOT / "Makefile", ROOT / "pyproject.toml"]
    files += [
        p for folder in folders for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md", ".ipynb", ".sh")
    ]
    stray = re.compile(r"RULES\.md|\.\./shared")
    pointing = [
        p.relative_to(ROOT).as_posix()
        for p in files
        if p != Path(__file__) and stray.search(p.read_text(encoding="utf-8"))
    ]
    assert not pointing, f"these files point to a rules text users do not have (use docs/rules.md): {pointing}"
