"""The kit works installed from a built wheel, not only as an editable checkout.

Builds a wheel from a copy of the source tree (so the work tree gets no build
leftovers), installs it into a fresh virtual environment, and from a directory
outside the source tree checks that the installed kit is the wheel's and that
every file of ``xochintlan_hex/data/`` shipped and reads back identical, and that
the French catalog was compiled into the wheel (the source tree's own compiled
``.mo`` files are left out of the copy, so only the build step can ship them).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "xochintlan_hex" / "data"

PROBE = r"""
import hashlib, importlib.resources, json
import xochintlan_hex
from xochintlan_hex.xochintlan.rules import kind_name
from xochintlan_hex.polyforms import count_polyforms, polyforms
data = importlib.resources.files("xochintlan_hex") / "data"
xochintlan_hex.set_language("fr")
print(json.dumps({
    "file": xochintlan_hex.__file__,
    "data": {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in data.iterdir() if p.is_file()},
    "count": count_polyforms(5),
    "cards": [p.name for p in polyforms(5, "square", "one-sided")],
    "typed": (importlib.resources.files("xochintlan_hex") / "py.typed").is_file(),
    "french_mo": (importlib.resources.files("xochintlan_hex") / "locale/fr/LC_MESSAGES/xochintlan_hex.mo").is_file(),
    "french": [kind_name(k, n) for k in "HLBM" for n in (1, 2)],
}))
"""


def _run(*args: str | Path, cwd: Path) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(map(str, args))} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _source_data_files() -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(DATA.iterdir())
        if p.is_file() and not p.name.startswith(".")
    }


@pytest.mark.slow
def test_installed_wheel_holds_the_package_data(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    skip_caches = shutil.ignore_patterns("__pycache__", "*.mo")
    shutil.copytree(ROOT / "xochintlan_hex", source / "xochintlan_hex", ignore=skip_caches)

    dist = tmp_path / "dist"
    _run(sys.executable, "-m", "build", "--wheel", "--outdir", dist, source, cwd=tmp_path)
    (wheel,) = dist.glob("xochintlan_hex-*.whl")

    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    pip = (sys.executable, "-m", "pip", "--python", python)
    _run(*pip, "install", "--quiet", "--no-deps", "--no-index", wheel, cwd=tmp_path)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    report = json.loads(_run(python, "-I", "-c", PROBE, cwd=elsewhere))

    assert Path(report["file"]).resolve().is_relative_to(venv.resolve())
    expected = _source_data_files()
    assert expected, "xochintlan_hex/data/ should hold at least the polyform counts"
    missing = sorted(set(expected) - set(report["data"]))
    assert not missing, f"not shipped in the wheel (declare them as package data): {missing}"
    changed = sorted(name for name in expected if report["data"][name] != expected[name])
    assert not changed, f"differ in the wheel: {changed}"
    assert report["count"] == 63
    assert len(report["cards"]) == 18 and "F'" in report["cards"]
    assert report["typed"], "py.typed is not in the wheel: type checkers would ignore the kit's annotations"
    assert report["french_mo"], "the compiled French catalog is not in the wheel (setup.py compiles it)"
    assert report["french"] == ["Homme", "Hommes", "Lézard", "Lézards", "Oiseau", "Oiseaux", "Singe", "Singes"]
