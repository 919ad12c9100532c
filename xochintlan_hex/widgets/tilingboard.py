"""The puzzle board drawn by the browser: an SVG picture of a tiling, as :func:`~xochintlan_hex.viz.puzzles.draw_tiling`
draws it, with the selected piece beside it.

The kernel builds the picture (:func:`tiling_svg`) and :class:`~.svgboard.SvgBoard`
shows it, scaled to the width it is given; every cell of the region carries
``data-cell="x,y"``, so a click names its cell, and the selected piece carries
``data-action="rotate"``: a click on it turns it.

>>> from xochintlan_hex.puzzles import Puzzle
>>> puzzle = Puzzle("3x20", "pentominoes")
>>> svg = tiling_svg(puzzle, puzzle.solve()[:2], selected=(2, puzzle.pieces.pieces[2]))
>>> svg.count("data-cell="), svg.count('data-action="rotate"')
(60, 1)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from ..drawing.palette import text_colour
from ..drawing.tiling import neighbour_safe_colours
from ..i18n import _
from ..lattice import Cell, Lattice, get_lattice
from ..viz import style
from ..viz.puzzles import (
    EMPTY_COLOUR,
    label_spot,  # the cell a piece's letter goes on, as the pictures put it
    piece_colour,
)
from .svgboard import SvgBoard

#: SVG units per drawing unit (one square cell, or a hexagon's circumradius)
UNIT = 40.0
#: the board is never taller than this on the page (CSS pixels): beside the controls, it fits a projector's screen
MAX_HEIGHT_PX = 420
#: width of the panel of the selected piece beside the board (drawing units)
PANEL_WIDTH = 4.0
#: outline of the hinted placement
HINT_COLOUR = "#000000"


class TilingBoard(SvgBoard):
    """An :class:`~.svgboard.SvgBoard` for the puzzle board: as wide as the app gives it (a long board grows)."""

    _css = SvgBoard._css + ".xh-puzzle .xh-svg-board { max-width: none; }\n"


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x * UNIT:.1f},{-y * UNIT:.1f}" for x, y in points)


def _edges_path(edges: Iterable[tuple[tuple[float, float], tuple[float, float]]]) -> str:
    return " ".join(f"M{a[0] * UNIT:.1f},{-a[1] * UNIT:.1f}L{b[0] * UNIT:.1f},{-b[1] * UNIT:.1f}" for a, b in edges)


def tiling_layout(lattice: Lattice, cells: Iterable[Cell]) -> dict[str, tuple[float, float, float, float]]:
    """Where the board and the selected piece go, as (x, y, width, height) boxes in drawing units (y up,
    lower-left corner): ``"board"``, ``"panel"`` to its right, and ``"all"``."""
    corners = [p for cell in cells for p in lattice.corners(cell)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    pad = 0.1
    board = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    height = max(board[3], PANEL_WIDTH + 1.2)
    top = board[1] + board[3]
    panel = (board[0] + board[2] + 0.3, top - height, PANEL_WIDTH, height)
    return {"board": board, "panel": panel, "all": (board[0], top - height, board[2] + 0.3 + PANEL_WIDTH, height)}


def tiling_fraction(
    layout: dict[str, tuple[float, float, float, float]], point: tuple[float, float]
) -> tuple[float, float]:
    """Where ``point`` (drawing units) lies on the picture, as fractions of its width and height from the top-left."""
    x, y, width, height = layout["all"]
    return ((point[0] - x) / width, (y + height - point[1]) / height)


def tiling_svg(
    puzzle: Any,
    placed: Sequence[Any],
    *,
    hinted: Any = None,
    selected: tuple[int, Any] | None = None,
    middle: Cell | None = None,
) -> str:
    """An SVG picture of ``placed`` (placements) on ``puzzle``'s region: empty cells pale grey, each piece in
    its colour with its letter, thick outlines between pieces, the ``hinted`` placement dashed; beside it the
    ``selected`` piece (index, form) as it would be placed, its ``middle`` cell (the one a click puts) marked."""
    lattice = get_lattice(puzzle.region.lattice)
    cells = list(puzzle.region.cells)
    layout = tiling_layout(lattice, cells)
    x, y, width, height = layout["all"]
    max_width = MAX_HEIGHT_PX * width / height
    name = html.escape(_("Puzzle board"))  # what a screen reader says of the picture (outside the f-string:
    # Babel reads no call inside one)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x * UNIT:.1f} {-(y + height) * UNIT:.1f} '
        f'{width * UNIT:.1f} {height * UNIT:.1f}" style="max-width: {max_width:.0f}px; margin: 0 auto" '
        f'font-family="DejaVu Sans, sans-serif" role="img" aria-label="{name}">'
    ]
    colours = neighbour_safe_colours(lattice, list(placed))
    fill = {cell: colour for placement, colour in zip(placed, colours) for cell in placement.cells}
    labels = puzzle.pieces.labels
    for cell in sorted(cells):
        colour = fill.get(cell)
        stroke = f'stroke="{colour}" stroke-width="1"' if colour else f'stroke="{style.GRID}" stroke-width="0.8"'
        parts.append(
            f'<g data-cell="{cell[0]},{cell[1]}"><title>{cell}</title>'
            f'<polygon points="{_points(lattice.corners(cell))}" fill="{colour or EMPTY_COLOUR}" {stroke}/></g>'
        )
    outlines = [edge for placement in placed for edge in style.outline_edges(lattice, placement.cells)]
    outlines += style.outline_edges(lattice, cells)
    parts.append(
        f'<path d="{_edges_path(outlines)}" stroke="{style.OUTLINE}" stroke-width="3" '
        f'stroke-linecap="round" fill="none" pointer-events="none"/>'
    )
    size = 0.45 * UNIT * (1.0 if lattice.sides == 4 else 1.5)
    for placement, colour in zip(placed, colours):
        lx, ly = label_spot(lattice, placement.cells)
        parts.append(
            f'<text x="{lx * UNIT:.1f}" y="{-ly * UNIT:.1f}" font-size="{size:.1f}" font-weight="bold" '
            f'fill="{text_colour(colour)}" text-anchor="middle" dominant-baseline="central" '
            f'pointer-events="none">{html.escape(labels[placement.piece])}</text>'
        )
    if hinted is not None:
        parts.append(
            f'<path class="puzzle-hint" d="{_edges_path(style.outline_edges(lattice, hinted.cells))}" '
            f'stroke="{HINT_COLOUR}" stroke-width="4" stroke-dasharray="6 4" fill="none" '
            f'pointer-events="none"/>'
        )
    if selected is not None:
        parts.append(_selected_panel(lattice, layout["panel"], puzzle, selected, middle))
    parts.append("</svg>")
    return "".join(parts)


def _selected_panel(
    lattice: Lattice,
    box: tuple[float, float, float, float],
    puzzle: Any,
    selected: tuple[int, Any],
    middle: Cell | None,
) -> str:
    """The selected piece as it would be placed, with a dot on the cell that goes on the click, under its name."""
    index, form = selected
    x, y, width, height = box
    corners = [p for c in form.cells for p in lattice.corners(c)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 3.0)
    scale = (width - 0.6) / span
    top = y + height - 1.8  # room for the title above the piece
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    shift_x, shift_y = x + width / 2 - cx * scale, top - (width - 0.6) / 2 - cy * scale

    def placed(point: tuple[float, float]) -> tuple[float, float]:
        return (shift_x + point[0] * scale, shift_y + point[1] * scale)

    colour = piece_colour(index)
    name, label = puzzle.pieces.names[index], puzzle.pieces.labels[index]
    words = name if name == label else f"{label} ({name})"
    shapes = "".join(
        f'<polygon points="{_points(placed(p) for p in lattice.corners(c))}" fill="{colour}" '
        f'stroke="#222222" stroke-width="1.5"/>'
        for c in form.cells
    )
    dot = ""
    if middle is not None:
        mx, my = placed(lattice.center(middle))
        dot = f'<circle cx="{mx * UNIT:.1f}" cy="{-my * UNIT:.1f}" r="{0.12 * UNIT * scale:.1f}" fill="black"/>'
    tx, ty = (x + width / 2) * UNIT, -(y + height) * UNIT
    title = (
        f'<text x="{tx:.1f}" y="{ty + 0.45 * UNIT:.1f}" font-size="{0.38 * UNIT:.1f}" font-weight="bold" '
        f'text-anchor="middle">{html.escape(words)}</text>'
        + "".join(
            f'<text x="{tx:.1f}" y="{ty + (0.95 + 0.4 * i) * UNIT:.1f}" font-size="{0.3 * UNIT:.1f}" '
            f'text-anchor="middle">{html.escape(line)}</text>'
            for i, line in enumerate(_("● goes on the cell\nyou click").split("\n"))
        )
    )
    tip = html.escape(_("Click to turn the piece"))
    return (
        f'<g class="puzzle-selected" data-action="rotate" style="cursor: pointer">'
        f"<title>{tip}</title>"
        f'<rect x="{x * UNIT:.1f}" y="{-(y + height) * UNIT:.1f}" width="{width * UNIT:.1f}" '
        f'height="{height * UNIT:.1f}" fill="white"/>{title}{shapes}{dot}</g>'
    )
