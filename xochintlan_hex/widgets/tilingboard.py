"""The puzzle board drawn by the browser: an SVG picture of a tiling, as :func:`~xochintlan_hex.viz.puzzles.draw_tiling`
draws it, with the selected piece beside it.

The kernel builds the picture (:func:`~xochintlan_hex.drawing.tiling.tiling_svg`)
and :class:`TilingBoard` shows it, scaled to the width it is given; every cell
of the region carries ``data-cell="x,y"``, so a click names its cell, and the
selected piece carries ``data-action="rotate"``: a click on it turns it.

>>> from xochintlan_hex.puzzles import Puzzle
>>> puzzle = Puzzle("3x20", "pentominoes")
>>> svg = tiling_svg(puzzle, puzzle.solve()[:2], selected=(2, puzzle.pieces.pieces[2]))
>>> svg.count("data-cell="), svg.count('data-action="rotate"')
(60, 1)
"""

from __future__ import annotations

from typing import Any

from ..drawing.svg import fraction
from ..drawing.tiling import UNIT, tiling_boxes, tiling_svg
from ..lattice import Cell, screen_layout
from .svgboard import SvgBoard

__all__ = ["UNIT", "TilingBoard", "tiling_cell_fraction", "tiling_svg"]


class TilingBoard(SvgBoard):
    """An :class:`~.svgboard.SvgBoard` for the puzzle board: as wide as the app gives it (a long board grows)."""

    _css = SvgBoard._css + ".xh-puzzle .xh-svg-board { max-width: none; }\n"


def tiling_cell_fraction(puzzle: Any, cell: Cell) -> tuple[float, float]:
    """Where ``cell``'s centre lies on the picture :func:`tiling_svg` makes of ``puzzle`` (with the selected
    piece's panel), as fractions of its width and height from the top-left."""
    boxes = tiling_boxes(puzzle.region.lattice, puzzle.region.cells)
    return fraction(boxes["all"], screen_layout(puzzle.region.lattice, UNIT).cell_to_screen(cell))
