"""The two private matplotlib / ipympl details the interactive boards lean on, checked; and the kit's
own private names, which the boards and pictures never take from another module.

The boards skip matplotlib's per-patch data-limit update (``board_axes``) and send
every ipympl frame whole (``WholeFrameCanvas.get_diff_image``). Both reach into
non-public internals for speed and for frames that never go stale. If a new
matplotlib or ipympl changes those internals, these tests fail and say what to
look at, instead of the boards silently slowing down or showing stale pixels.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.backends.backend_webagg_core import FigureCanvasWebAggCore
from matplotlib.figure import Figure
from matplotlib.patches import Circle

from xochintlan_hex.widgets.base import _ipympl_canvas, board_axes, ipympl_canvas_class


def test_add_patch_still_grows_the_limits_through_update_patch_limits():
    ax = Figure().add_subplot()
    calls = []
    original = ax._update_patch_limits
    ax._update_patch_limits = lambda patch: calls.append(patch) or original(patch)
    circle = ax.add_patch(Circle((5, 5), 1))
    assert calls == [circle], (
        "matplotlib's Axes.add_patch no longer calls Axes._update_patch_limits: "
        "widgets.base.board_axes overrides that method to skip the limit update and must be revised"
    )
    assert hasattr(Axes, "_update_patch_limits")


def test_board_axes_adds_patches_without_growing_the_limits():
    ax = board_axes(Figure(), (0, 0, 1, 1))
    ax.add_patch(Circle((5, 5), 1))
    assert not np.isfinite(ax.dataLim.get_points()).any(), "board_axes no longer skips the data-limit update"


def test_webagg_keeps_the_frame_state_the_whole_frame_canvas_sets():
    # WholeFrameCanvas.get_diff_image is matplotlib's own, minus the diff: it must
    # read and write the same private state, and ipympl must still read _last_buff.
    source = inspect.getsource(FigureCanvasWebAggCore.get_diff_image)
    for name in ("_png_is_old", "_force_full", "_last_buff", "set_image_mode"):
        assert name in source, f"FigureCanvasWebAggCore.get_diff_image no longer uses {name}: revise WholeFrameCanvas"
    canvas_class = ipympl_canvas_class()
    if canvas_class is None:
        pytest.skip("ipympl is not installed")
    ipympl_source = inspect.getsource(inspect.getmodule(canvas_class))
    assert "_last_buff" in ipympl_source, "ipympl no longer reads _last_buff: revise WholeFrameCanvas"


def test_whole_frame_canvas_sends_every_frame_whole():
    if ipympl_canvas_class() is None:
        pytest.skip("ipympl is not installed")
    figure = Figure(figsize=(2, 1), dpi=50)
    ax = figure.add_subplot()
    canvas = _ipympl_canvas(figure)
    for x in (0.3, 0.6):  # the second frame differs from the first by a few pixels only
        ax.add_patch(Circle((x, 0.5), 0.1))
        canvas.draw()  # draws, then the manager asks the canvas for its frame
        assert canvas._current_image_mode == "full" and not canvas._png_is_old
        assert canvas._last_buff.shape == (50, 100)
    canvas._png_is_old = True
    assert canvas.get_diff_image().startswith(b"\x89PNG")
    assert canvas.get_diff_image() is None  # nothing new drawn: nothing sent


# -- the kit's own private names stay in their modules ----------------------------------------------
PACKAGE = Path(__file__).resolve().parents[1] / "xochintlan_hex"
#: the board and picture modules, and the rules modules that call them to show themselves
SCANNED = sorted(
    [*PACKAGE.joinpath("widgets").rglob("*.py"), *PACKAGE.joinpath("drawing").rglob("*.py")]
    + [PACKAGE / "polyforms.py", PACKAGE / "puzzles.py", PACKAGE / "display.py"]
)
#: private attributes read on purpose: Jupyter's and anywidget's protocols, and the matplotlib
#: detail checked at the top of this file
ALLOWED_PRIVATE_ATTRIBUTES = {"_repr_mimebundle_", "_css", "_esm", "_update_patch_limits"}


def _private_names_crossing(path: Path) -> list[str]:
    """Private names ``path`` takes from another module: imported, or read as an attribute of anything
    but itself (``self``, ``cls``, ``super()``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [f"from {node.module} import {a.name}" for a in node.names if _is_private(a.name)]
        elif isinstance(node, ast.Attribute) and _is_private(node.attr) and node.attr not in ALLOWED_PRIVATE_ATTRIBUTES:
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super":
                continue
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_boards_and_pictures_use_no_other_modules_private_names(path):
    if path.name == "polyforms.py" or path.name == "puzzles.py":
        # the rules modules among themselves are outside this check; what they take from the
        # picture and board modules is inside it
        crossing = [c for c in _private_names_crossing(path) if "drawing" in c or "widgets" in c or "viz" in c]
    else:
        crossing = _private_names_crossing(path)
    assert not crossing, f"{path.name} uses private names of other modules: {crossing}"
