"""The two private matplotlib / ipympl details the interactive boards lean on, checked.

The boards skip matplotlib's per-patch data-limit update (``board_axes``) and send
every ipympl frame whole (``WholeFrameCanvas.get_diff_image``). Both reach into
non-public internals for speed and for frames that never go stale. If a new
matplotlib or ipympl changes those internals, these tests fail and say what to
look at, instead of the boards silently slowing down or showing stale pixels.
"""

from __future__ import annotations

import inspect

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
