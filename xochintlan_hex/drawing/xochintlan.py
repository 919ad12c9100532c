"""A Xochintlan board as SVG: tiles with their colours, glyphs and letters, the cells a click may
play, the lock, the pattern that won, a selected cell and the cells of the last move.

The board is passed as plain data (cell -> tile kind), so the rules package calls
this lazily and nothing here knows the rules. Every cell carries
``data-cell="x,y"``: a browser board names the clicked cell with no pixel
arithmetic.

>>> svg = board_svg("square", {(0, 0): "H", (1, 0): "L"}, window={(0, 1)}, legal={(0, 1)})
>>> svg.count("data-cell="), svg.count(LEGAL_FILL)
(3, 1)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

from ..i18n import _
from ..lattice import Cell, Lattice, Layout, Point, get_lattice, screen_layout
from . import palette
from .svg import Box, document, fraction, points, polygon, shrunk

#: pixels per drawing unit in the SVG's own coordinates (the page scales the picture to its box)
UNIT = 60.0
LEGAL_FILL = palette.LEGAL_FILL


def board_layout(lattice: str | Lattice) -> Layout:
    """The layout a Xochintlan board is drawn with."""
    return screen_layout(lattice, UNIT)


def board_view_box(lattice: str | Lattice, cells: Iterable[Cell]) -> Box:
    """The SVG's (x, y, width, height) around ``cells``."""
    return board_layout(lattice).view_box(cells, 0.1 * UNIT)


def cell_fraction(lattice: str | Lattice, cells: Iterable[Cell], cell: Cell) -> Point:
    """Where ``cell``'s centre lies on the picture of a board over ``cells``, as fractions of its width and
    height from the top-left (as a browser measures a click)."""
    return fraction(board_view_box(lattice, cells), board_layout(lattice).cell_to_screen(cell))


def board_svg(
    lattice: str | Lattice,
    board: Mapping[Cell, str],
    *,
    window: Iterable[Cell] = (),
    legal: Iterable[Cell] = (),
    selected: Cell | None = None,
    last: Iterable[Cell] = (),
    winning: Iterable[Cell] = (),
    locked: Iterable[Cell] = (),
    letters: Mapping[str, str] | None = None,
) -> str:
    """An SVG picture of ``board`` (cell -> "L", "B", "M" or "H") over its cells and those of ``window``.

    ``legal`` cells are where a click plays (a pale fill when empty, a dot on a
    tile), ``winning`` the pattern that won, ``locked`` the lock's cells,
    ``selected`` a cell a person chose, ``last`` the last move's cells (dashed).
    ``letters`` writes each kind's letter (in the language in use); by default
    the kind's own letter.
    """
    lat = get_lattice(lattice)
    layout = board_layout(lat)
    cells = set(window) | set(board)
    legal = set(legal)
    letters = letters or {kind: kind for kind in palette.ANIMAL_COLOURS}
    parts = [_cell(layout, lat, cell, board.get(cell), cell in legal, letters) for cell in sorted(cells)]
    for cell in sorted(winning):
        parts.append(_outline(layout, cell, palette.PATTERN_COLOUR, 5.0))
    for cell in sorted(set(locked) & set(board)):
        parts.append(_outline(layout, cell, palette.LOCK_COLOUR, 3.0, dashes="6 3", shrink=0.92))
        parts.append(_padlock(layout, lat, cell))
    if selected is not None:
        parts.append(_outline(layout, selected, palette.SELECTED_COLOUR, 4.0))
    for cell in last:
        parts.append(_outline(layout, cell, palette.LAST_MOVE_COLOUR, 3.5, dashes="7 3"))
    label = _("Xochintlan board")  # what a screen reader says of the picture
    return document(layout.view_box(cells, 0.1 * UNIT), label, parts)


def _cell(
    layout: Layout, lattice: Lattice, cell: Cell, kind: str | None, legal: bool, letters: Mapping[str, str]
) -> str:
    """One cell: a group carrying its coordinates, with its tile (or its empty outline) inside."""
    tag = f'<g data-cell="{cell[0]},{cell[1]}"><title>{cell}</title>'
    if kind is None:
        body = polygon(layout.corners(cell), fill="white", stroke=palette.GRID, stroke_width=1, stroke_dasharray="2 2")
        if legal:
            body += polygon(
                shrunk(layout, cell, 0.86),
                fill=LEGAL_FILL,
                stroke=palette.LEGAL_COLOUR,
                stroke_width=2,
                stroke_dasharray="4 4",
            )
        return tag + body + "</g>"
    body = polygon(layout.corners(cell), fill=palette.ANIMAL_COLOURS[kind], stroke=palette.OUTLINE, stroke_width=2)
    centre = layout.cell_to_screen(cell)
    radius = 0.31 if lattice.sides == 4 else 0.46
    if kind == "H":
        star = [layout.offset(centre, dx, dy) for dx, dy in palette.glyph_offsets("star", radius * 1.15)]
        body += polygon(star, fill="black")
    else:
        glyph = [layout.offset(centre, dx, dy) for dx, dy in palette.glyph_offsets(palette.ANIMAL_SHAPES[kind], radius)]
        body += polygon(glyph, fill="white", stroke="black", stroke_width=1.5)
        size = radius * layout.size * 0.9
        body += (
            f'<text x="{centre[0]:.1f}" y="{centre[1]:.1f}" font-size="{size:.0f}" font-weight="bold" '
            f'text-anchor="middle" dominant-baseline="central">{html.escape(letters[kind])}</text>'
        )
    if legal:  # a tile a click may act on (switch, swap): a corner dot keeps its glyph readable
        x, y = layout.corners(cell, 0.78)[0]
        body += (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.1 * layout.size:.1f}" fill="{palette.LEGAL_COLOUR}" '
            f'stroke="white" stroke-width="1.5"/>'
        )
    return tag + body + "</g>"


def _outline(layout: Layout, cell: Cell, colour: str, width: float, dashes: str = "", shrink: float = 1.0) -> str:
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    return (
        f'<polygon points="{points(shrunk(layout, cell, shrink))}" fill="none" '
        f'stroke="{colour}" stroke-width="{width}"{dash} pointer-events="none"/>'
    )


def _padlock(layout: Layout, lattice: Lattice, cell: Cell) -> str:
    size = (0.15 if lattice.sides == 4 else 0.2) * layout.size
    x, y = layout.offset(
        layout.cell_to_screen(cell), 0.3 if lattice.sides == 4 else 0.48, 0.26 if lattice.sides == 4 else 0.3
    )
    return (
        f'<rect x="{x - size / 2:.1f}" y="{y - size / 2:.1f}" width="{size:.1f}" '
        f'height="{size:.1f}" rx="3" fill="{palette.LOCK_COLOUR}" stroke="white" pointer-events="none"/>'
    )
