"""A polyform as SVG, as a small card: its cells in one colour with a thick outline, its name and its
symmetry marks underneath (what ``Polyform`` shows in Jupyter).

>>> svg = polyform_svg("square", [(0, 0), (1, 0), (1, 1)], name="V3", symmetry=2)
>>> svg.count("<polygon"), "V3" in svg
(3, True)
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..i18n import _
from ..lattice import Cell, Lattice, get_lattice, screen_layout
from . import palette
from .svg import document, edges_path, outline_edges, polygon, sized

#: the mark of a form that differs from its mirror image
CHIRAL_MARK = "⇄"

#: pixels per drawing unit (a square's side, a hexagon's circumradius)
UNIT = 32.0
#: the fill of a form's cells (as the matplotlib cards draw it)
FORM_COLOUR = "#A6D6F0"


def polyform_svg(
    lattice: str | Lattice, cells: Sequence[Cell], *, name: str = "", symmetry: int | None = None, chiral: bool = False
) -> str:
    """An SVG card of the form ``cells`` on ``lattice``, with ``name`` written under it, and the marks of its
    ``symmetry`` order (how many symmetries map it onto itself) and of a ``chiral`` form."""
    lat = get_lattice(lattice)
    marks = "" if symmetry is None else _("sym {order}").format(order=symmetry) + (f" {CHIRAL_MARK}" if chiral else "")
    layout = screen_layout(lat, UNIT)
    x, y, width, height = layout.view_box(cells, 0.3 * UNIT)
    parts = [polygon(layout.corners(cell), fill=FORM_COLOUR, stroke=palette.GRID, stroke_width=1) for cell in cells]
    parts.append(
        f'<path d="{edges_path(outline_edges(layout, lat, cells))}" stroke="{palette.OUTLINE}" stroke-width="2.5" '
        f'stroke-linecap="round" fill="none"/>'
    )
    lines = [(text, weight) for text, weight in ((name, "bold"), (marks, "normal")) if text]
    for i, (text, weight) in enumerate(lines):
        parts.append(
            f'<text x="{x + width / 2:.1f}" y="{y + height + (0.55 * i + 0.4) * UNIT:.1f}" '
            f'font-size="{0.45 * UNIT:.1f}" font-weight="{weight}" text-anchor="middle" '
            f'dominant-baseline="central">{html.escape(text)}</text>'
        )
    wide = max(width, 3.0 * UNIT)  # room for the words under a one-cell form
    box = (x - (wide - width) / 2, y, wide, height + 0.55 * UNIT * len(lines) + 0.1 * UNIT)
    label = name or _("polyform")  # what a screen reader says of the picture
    return sized(document(box, label, parts), box[2])
