"""A puzzle's tiling as SVG: empty cells pale grey, each piece in its colour with its letter, thick
outlines between pieces, a hinted placement dashed, and beside the board the selected piece as it
would be placed.

The puzzle is read through its attributes only (``region.cells``,
``region.lattice``, ``pieces.labels``, ``pieces.names``; a placement's ``piece``
and ``cells``), so :class:`~xochintlan_hex.puzzles.Puzzle` calls this lazily.
Every cell of the region carries ``data-cell="x,y"``, the selected piece
``data-action="rotate"``.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from ..i18n import _
from ..lattice import Cell, Lattice, Layout, Point, get_lattice, screen_layout
from . import palette
from .svg import Box, document, edges_path, fraction, outline_edges, polygon

#: SVG units per drawing unit (one square cell, or a hexagon's circumradius)
UNIT = 40.0
#: the board is never taller than this on the page (CSS pixels): beside the controls, it fits a projector's screen
MAX_HEIGHT_PX = 420
#: width of the panel of the selected piece beside the board (drawing units)
PANEL_WIDTH = 4.0
#: outline of the hinted placement
HINT_COLOUR = "#000000"


def tiling_boxes(lattice: str | Lattice, cells: Iterable[Cell], panel: bool = True) -> dict[str, Box]:
    """Where the board and the selected piece go, as (x, y, width, height) boxes in pixels (y down):
    ``"board"``, ``"panel"`` to its right (with ``panel``), and ``"all"``."""
    board = screen_layout(lattice, UNIT).view_box(cells, 0.1 * UNIT)
    if not panel:
        return {"board": board, "all": board}
    x, top, width, height = board
    height = max(height, (PANEL_WIDTH + 1.2) * UNIT)
    return {
        "board": board,
        "panel": (x + width + 0.3 * UNIT, top, PANEL_WIDTH * UNIT, height),
        "all": (x, top, width + (0.3 + PANEL_WIDTH) * UNIT, height),
    }


def tiling_cell_fraction(lattice: str | Lattice, cells: Iterable[Cell], cell: Cell, panel: bool = True) -> Point:
    """Where ``cell``'s centre lies on the picture of a region of ``cells`` (with ``panel``, the selected
    piece's panel beside it), as fractions of its width and height from the top-left."""
    boxes = tiling_boxes(lattice, cells, panel)
    return fraction(boxes["all"], screen_layout(lattice, UNIT).cell_to_screen(cell))


def neighbour_safe_colours(lattice: Lattice, placed: Sequence[Any]) -> list[str]:
    """Each placement's colour: its piece's own, unless a touching piece already has it.

    With up to 12 pieces every piece has its own colour anyway; bigger sets reuse
    colours, and then two touching pieces get different ones.
    """
    owner = {c: i for i, p in enumerate(placed) for c in p.cells}
    colours: list[str] = []
    for i, p in enumerate(placed):
        touching = {colours[owner[n]] for c in p.cells for n in lattice.neighbours(c) if owner.get(n, i) < i}
        preferred = palette.piece_colour(p.piece)
        free = [c for c in palette.PIECE_COLOURS if c not in touching]
        colours.append(preferred if preferred not in touching or not free else free[0])
    return colours


def label_spot(layout: Layout, cells: Sequence[Cell]) -> Point:
    """The centre (pixels) of the piece's cell nearest its centre of mass (inside the piece, even for a V)."""
    centres = [layout.cell_to_screen(c) for c in cells]
    mx = sum(x for x, _ in centres) / len(centres)
    my = sum(y for _, y in centres) / len(centres)
    return min(centres, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)


def tiling_svg(
    puzzle: Any,
    placed: Sequence[Any],
    *,
    hinted: Any = None,
    selected: tuple[int, Any] | None = None,
    middle: Cell | None = None,
    panel: bool = True,
) -> str:
    """An SVG picture of ``placed`` (placements) on ``puzzle``'s region, the ``hinted`` placement dashed;
    beside it (with ``panel``) the ``selected`` piece (index, form) as it would be placed, its ``middle``
    cell (the one a click puts) marked."""
    lattice = get_lattice(puzzle.region.lattice)
    layout = screen_layout(lattice, UNIT)
    cells = list(puzzle.region.cells)
    boxes = tiling_boxes(lattice, cells, panel)
    width, height = boxes["all"][2:]
    colours = neighbour_safe_colours(lattice, list(placed))
    fill = {cell: colour for placement, colour in zip(placed, colours) for cell in placement.cells}
    parts = []
    for cell in sorted(cells):
        colour = fill.get(cell)
        stroke = {"stroke": colour, "stroke_width": 1} if colour else {"stroke": palette.GRID, "stroke_width": 0.8}
        shape = polygon(layout.corners(cell), fill=colour or palette.EMPTY_COLOUR, **stroke)
        parts.append(f'<g data-cell="{cell[0]},{cell[1]}"><title>{cell}</title>{shape}</g>')
    outlines = [edge for placement in placed for edge in outline_edges(layout, lattice, placement.cells)]
    outlines += outline_edges(layout, lattice, cells)
    parts.append(
        f'<path d="{edges_path(outlines)}" stroke="{palette.OUTLINE}" stroke-width="3" '
        f'stroke-linecap="round" fill="none" pointer-events="none"/>'
    )
    size = 0.45 * UNIT * (1.0 if lattice.sides == 4 else 1.5)
    labels = puzzle.pieces.labels
    for placement, colour in zip(placed, colours):
        lx, ly = label_spot(layout, placement.cells)
        parts.append(
            f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="{size:.1f}" font-weight="bold" '
            f'fill="{palette.text_colour(colour)}" text-anchor="middle" dominant-baseline="central" '
            f'pointer-events="none">{html.escape(labels[placement.piece])}</text>'
        )
    if hinted is not None:
        parts.append(
            f'<path class="puzzle-hint" d="{edges_path(outline_edges(layout, lattice, hinted.cells))}" '
            f'stroke="{HINT_COLOUR}" stroke-width="4" stroke-dasharray="6 4" fill="none" '
            f'pointer-events="none"/>'
        )
    if selected is not None and panel:
        parts.append(_selected_panel(layout, boxes["panel"], puzzle, selected, middle))
    max_width = MAX_HEIGHT_PX * width / height
    label = _("Puzzle board")  # what a screen reader says of the picture
    return document(boxes["all"], label, parts, style=f"max-width: {max_width:.0f}px; margin: 0 auto")


def _selected_panel(layout: Layout, box: Box, puzzle: Any, selected: tuple[int, Any], middle: Cell | None) -> str:
    """The selected piece as it would be placed, with a dot on the cell that goes on the click, under its name."""
    index, form = selected
    x, top, width, height = box
    corners = [p for c in form.cells for p in layout.corners(c)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 3.0 * UNIT)
    scale = (width - 0.6 * UNIT) / span
    centre = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
    target = (x + width / 2, top + 1.8 * UNIT + (width - 0.6 * UNIT) / 2)  # room for the title above the piece

    def placed(point: Point) -> Point:
        return (target[0] + (point[0] - centre[0]) * scale, target[1] + (point[1] - centre[1]) * scale)

    colour = palette.piece_colour(index)
    name, label = puzzle.pieces.names[index], puzzle.pieces.labels[index]
    words = name if name == label else f"{label} ({name})"
    shapes = "".join(
        polygon([placed(p) for p in layout.corners(c)], fill=colour, stroke="#222222", stroke_width=1.5)
        for c in form.cells
    )
    dot = ""
    if middle is not None:
        mx, my = placed(layout.cell_to_screen(middle))
        dot = f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="{0.12 * UNIT * scale:.1f}" fill="black"/>'
    tx = x + width / 2
    title = (
        f'<text x="{tx:.1f}" y="{top + 0.45 * UNIT:.1f}" font-size="{0.38 * UNIT:.1f}" font-weight="bold" '
        f'text-anchor="middle">{html.escape(words)}</text>'
        + "".join(
            f'<text x="{tx:.1f}" y="{top + (0.95 + 0.4 * i) * UNIT:.1f}" font-size="{0.3 * UNIT:.1f}" '
            f'text-anchor="middle">{html.escape(line)}</text>'
            for i, line in enumerate(_("● goes on the cell\nyou click").split("\n"))
        )
    )
    tip = html.escape(_("Click to turn the piece"))
    return (
        f'<g class="puzzle-selected" data-action="rotate" style="cursor: pointer">'
        f"<title>{tip}</title>"
        f'<rect x="{x:.1f}" y="{top:.1f}" width="{width:.1f}" '
        f'height="{height:.1f}" fill="white"/>{title}{shapes}{dot}</g>'
    )
