"""French after any install: the kit speaks French without ``make`` having compiled its catalog.

A wheel ships the compiled ``.mo`` (setup.py compiles it: tests/test_wheel.py). An editable
install (``pip install -e .``, the usual way to work on a package) reads the source tree,
which holds only the ``.po``: the kit then compiles it in memory. A ``.mo`` older than its
``.po`` (the catalog edited or merged since) is passed over the same way.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOG = Path("xochintlan_hex", "locale", "fr", "LC_MESSAGES")

PROBE = r"""
import xochintlan_hex
from xochintlan_hex.xochintlan.rules import kind_name
xochintlan_hex.set_language("fr")
print(xochintlan_hex.__file__)
print(kind_name("B", 2))
"""


def package_copy(folder: Path) -> Path:
    """The package's source as a checkout has it: the ``.po``, no compiled ``.mo``."""
    shutil.copytree(
        ROOT / "xochintlan_hex", folder / "xochintlan_hex", ignore=shutil.ignore_patterns("__pycache__", "*.mo")
    )
    return folder


def probe(python: str | Path, cwd: Path, **environment: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LANGUAGE", "LC_ALL", "LANG")}
    env.update(environment)
    done = subprocess.run([str(python), "-c", PROBE], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n")[:2]


def test_a_source_tree_without_compiled_catalog_speaks_french(tmp_path):
    source = package_copy(tmp_path / "source")
    assert not list(source.rglob("*.mo"))
    where, birds = probe(sys.executable, tmp_path, PYTHONPATH=str(source))
    assert Path(where).is_relative_to(source)
    assert birds == "Oiseaux"


def test_a_compiled_catalog_older_than_its_source_is_passed_over(tmp_path):
    source = package_copy(tmp_path / "source")
    po = source / CATALOG / "xochintlan_hex.po"
    with po.open("rb") as text:
        catalog = read_po(text)
    catalog["Bird"].string = ("Zoiseau", "Zoiseaux")  # a compiled catalog that says something else
    mo = po.with_suffix(".mo")
    with mo.open("wb") as compiled:
        write_mo(compiled, catalog)
    older, newer = po.stat().st_mtime - 60, po.stat().st_mtime + 60
    os.utime(mo, (older, older))
    assert probe(sys.executable, tmp_path, PYTHONPATH=str(source))[1] == "Oiseaux"
    os.utime(mo, (newer, newer))
    assert probe(sys.executable, tmp_path, PYTHONPATH=str(source))[1] == "Zoiseaux"


def fresh_venv(folder: Path) -> Path:
    """A new virtual environment that sees this one's packages (the kit's dependencies) but not the kit."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", folder], check=True)
    import sysconfig

    (site,) = (folder / "lib").glob("python*/site-packages")
    (site / "kit_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return folder / "bin" / "python"


@pytest.mark.slow
@pytest.mark.parametrize("editable", [True, False], ids=["pip install -e", "pip install"])
def test_a_fresh_install_speaks_french_without_make(tmp_path, editable):
    source = package_copy(tmp_path / "source")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    python = fresh_venv(tmp_path / "venv")
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps"]
    done = subprocess.run(
        [*install, *(["-e"] if editable else []), str(source)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where, birds = probe(python, elsewhere)
    assert Path(where).is_relative_to(source if editable else tmp_path / "venv")
    assert birds == "Oiseaux"
