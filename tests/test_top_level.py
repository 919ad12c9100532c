"""`import xochintlan_hex as xh` gives the main objects, and stays quick and layered."""

from __future__ import annotations

import subprocess
import sys

import pytest

import xochintlan_hex as xh


@pytest.mark.parametrize("name", xh.__all__)
def test_every_top_level_name_is_there(name):
    assert getattr(xh, name) is not None
    assert name in dir(xh)


def test_the_top_level_names_are_the_kits_own_objects():
    from xochintlan_hex.polyforms import count_polyforms
    from xochintlan_hex.stats import report
    from xochintlan_hex.xochintlan import Xochintlan

    assert xh.Xochintlan is Xochintlan and xh.report is report and xh.count_polyforms is count_polyforms
    assert xh.polyforms.polyforms(5, "square", "one-sided")[0].name == "F"


def test_an_unknown_name_is_an_attribute_error_naming_it():
    with pytest.raises(AttributeError, match="no attribute 'Xochitlan'"):
        xh.Xochitlan  # noqa: B018


def _modules_loaded_by(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys; print(' '.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_importing_the_package_loads_no_pictures_and_no_widgets():
    loaded = _modules_loaded_by("import xochintlan_hex")
    heavy = {m for m in loaded if m.split(".")[0] in ("matplotlib", "ipywidgets", "pandas", "numpy")}
    kit = {m for m in loaded if m.startswith("xochintlan_hex.")}
    assert not heavy, f"import xochintlan_hex loads {sorted(heavy)}"
    assert kit == {"xochintlan_hex.i18n"}, f"import xochintlan_hex loads {sorted(kit)}"


def test_a_rules_layer_imported_through_the_package_loads_no_upper_layer():
    loaded = _modules_loaded_by("import xochintlan_hex as xh; xh.Xochintlan(players=2, seed=1)")
    upper = {m for m in loaded if m.split(".")[:2][-1] in ("viz", "widgets", "cli", "stats", "simulate", "players")}
    assert not upper, f"a game alone loads {sorted(upper)}"
