"""The puzzle board drawn by the browser: an SVG picture of a tiling, as :func:`~xochintlan_hex.viz.puzzles.draw_tiling`
draws it, with the selected piece beside it.

The picture is :func:`xochintlan_hex.drawing.tiling_svg`'s, the one a
:class:`~xochintlan_hex.puzzles.Puzzle` shows in a notebook, with its panel of
the selected piece; :class:`TilingBoard` shows it, scaled to the width it is
given (:func:`tiling_cell_fraction` says where a cell lies on it). Every cell
of the region carries ``data-cell="x,y"``, so a click names its cell, and the
selected piece carries ``data-action="rotate"``: a click on it turns it.

>>> from xochintlan_hex.puzzles import Puzzle
>>> puzzle = Puzzle("3x20", "pentominoes")
>>> svg = tiling_svg(puzzle, puzzle.solve()[:2], selected=(2, puzzle.pieces.pieces[2]))
>>> svg.count("data-cell="), svg.count('data-action="rotate"')
(60, 1)
"""

from __future__ import annotations

from ..drawing.tiling import tiling_cell_fraction, tiling_svg
from .svgboard import SvgBoard

__all__ = ["TilingBoard", "tiling_cell_fraction", "tiling_svg"]


class TilingBoard(SvgBoard):
    """An :class:`~.svgboard.SvgBoard` for the puzzle board: as wide as the app gives it (a long board grows)."""

    _css = SvgBoard._css + ".xh-puzzle .xh-svg-board { max-width: none; }\n"
