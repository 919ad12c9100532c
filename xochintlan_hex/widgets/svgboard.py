"""Boards drawn by the browser: the kernel sends a small SVG picture, the page sends back clicked cells.

As python-chess draws its boards, a Xochintlan board is a few dozen SVG polygons
and glyphs, built in Python from the game (:func:`xochintlan_svg`) and shown by
:class:`SvgBoard`, an `anywidget <https://anywidget.dev>`_ of a few lines of
JavaScript. The browser paints it at once and at any size (it scales with the
width it is given); every cell carries ``data-cell="x,y"``, so a click names its
cell with no pixel arithmetic, and a browser test clicks ``[data-cell="1,0"]``.

>>> from xochintlan_hex.xochintlan import Xochintlan
>>> svg = xochintlan_svg(Xochintlan(seed=1), window={(0, 0), (1, 0)}, legal={(1, 0)})
>>> svg.count('data-cell="1,0"'), svg.startswith("<svg")
(1, True)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from ..i18n import _
from ..lattice import Cell, Lattice
from ..viz import style
from ..xochintlan import Xochintlan

_ESM = r"""
function render({ model, el }) {
  el.classList.add("xh-svg-board");
  let hovered = null;
  function paint() { el.innerHTML = model.get("svg"); }
  function cellOf(event) {
    const cell = event.target.closest && event.target.closest("[data-cell]");
    return cell ? cell.getAttribute("data-cell") : null;
  }
  el.addEventListener("click", (event) => {
    const action = event.target.closest && event.target.closest("[data-action]");
    if (action) { model.send({ type: "action", name: action.getAttribute("data-action") }); return; }
    const cell = cellOf(event);
    if (cell !== null) model.send({ type: "click", cell: cell.split(",").map(Number) });
  });
  el.addEventListener("mousemove", (event) => {
    const cell = cellOf(event);
    if (cell !== hovered) {
      hovered = cell;
      model.send({ type: "hover", cell: cell === null ? null : cell.split(",").map(Number) });
    }
  });
  model.on("change:svg", paint);
  paint();
}
export default { render };
"""

_CSS = """
.xh-svg-board { width: 100%; min-width: 300px; max-width: 520px; line-height: 0; }
.xh-svg-board svg { width: 100%; height: auto; display: block; }
.xh-svg-board [data-cell] { cursor: pointer; }
"""

#: pixels per drawing unit in the SVG's own coordinates (the page scales the picture to its box)
UNIT = 60.0
#: light fill and outline of a cell where a click plays
LEGAL_FILL = "#DDEBF7"


class SvgBoard(anywidget.AnyWidget):
    """An SVG picture of a board that reports clicks (and hovers) on its cells.

    ``on_click(cell)`` and ``on_hover(cell or None)`` are called in the kernel, and
    ``on_action(name)`` for a click on a part of the picture marked ``data-action="name"``;
    :meth:`click` delivers a click as the page does.
    """

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        on_click: Callable[[Cell], Any],
        on_hover: Callable[[Cell | None], Any] | None = None,
        on_action: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__()
        self._on_click, self._on_hover, self._on_action = on_click, on_hover, on_action
        self.on_msg(self._received)

    def click(self, cell: Cell) -> None:
        """Deliver a click on ``cell``, as the page does."""
        self._on_click((int(cell[0]), int(cell[1])))

    def _received(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "action" and self._on_action is not None and isinstance(content.get("name"), str):
            self._on_action(content["name"])
            return
        cell = content.get("cell")
        cell = None if cell is None else (int(cell[0]), int(cell[1]))
        if content.get("type") == "click" and cell is not None:
            self._on_click(cell)
        elif content.get("type") == "hover" and self._on_hover is not None:
            self._on_hover(cell)


def _view_box(lattice: Lattice, cells: Iterable[Cell]) -> tuple[float, float, float, float]:
    """The SVG's (x, y, width, height) around ``cells``, in SVG units (y down)."""
    corners = [p for cell in cells for p in lattice.corners(cell)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    pad = 0.1
    return (
        (min(xs) - pad) * UNIT,
        (-max(ys) - pad) * UNIT,
        (max(xs) - min(xs) + 2 * pad) * UNIT,
        (max(ys) - min(ys) + 2 * pad) * UNIT,
    )


def cell_fraction(game: Xochintlan, window: Iterable[Cell], cell: Cell) -> tuple[float, float]:
    """Where ``cell``'s centre lies on the picture :func:`xochintlan_svg` makes, as fractions of its
    width and height from the top-left."""
    x0, y0, width, height = _view_box(game.lattice, set(window) | set(game.board))
    cx, cy = game.lattice.center(cell)
    return ((cx * UNIT - x0) / width, (-cy * UNIT - y0) / height)


def xochintlan_svg(
    game: Xochintlan,
    window: Iterable[Cell],
    *,
    legal: Iterable[Cell] = (),
    selected: Cell | None = None,
    last: Iterable[Cell] = (),
) -> str:
    """An SVG picture of ``game``'s board over the cells of ``window``, as the matplotlib board shows it:
    tiles with their glyphs, the cells where a click plays (``legal``), the lock, the pattern that won,
    a selected cell and the cells of the last move (dashed)."""
    lattice: Lattice = game.lattice
    board = game.board
    window = set(window) | set(board)
    x0, y0, width, height = _view_box(lattice, window)
    legal = set(legal)
    name = html.escape(_("Xochintlan board"))  # what a screen reader says of the picture
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}" '
        f'font-family="DejaVu Sans, sans-serif" role="img" aria-label="{name}">'
    ]
    for cell in sorted(window):
        kind = board.get(cell)
        parts.append(_cell(lattice, cell, kind, cell in legal))
    for cell in sorted(getattr(game, "winning_cells", None) or ()):
        parts.append(_outline(lattice, cell, style.PATTERN_COLOUR, 5.0))
    for cell in sorted(set(game.locked) & set(board)):
        parts.append(_outline(lattice, cell, style.LOCK_COLOUR, 3.0, dashes="6 3", shrink=0.92))
        parts.append(_padlock(lattice, cell))
    if selected is not None:
        parts.append(_outline(lattice, selected, style.SELECTED_COLOUR, 4.0))
    for cell in last:
        parts.append(_outline(lattice, cell, style.LAST_MOVE_COLOUR, 3.5, dashes="7 3"))
    parts.append("</svg>")
    return "".join(parts)


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x * UNIT:.1f},{-y * UNIT:.1f}" for x, y in points)


def _shrunk(lattice: Lattice, cell: Cell, factor: float) -> list[tuple[float, float]]:
    cx, cy = lattice.center(cell)
    return [(cx + factor * (x - cx), cy + factor * (y - cy)) for x, y in lattice.corners(cell)]


def _cell(lattice: Lattice, cell: Cell, kind: str | None, legal: bool) -> str:
    """One cell: a group carrying its coordinates, with its tile (or its empty outline) inside."""
    tag = f'<g data-cell="{cell[0]},{cell[1]}"><title>{cell}</title>'
    if kind is None:
        body = (
            f'<polygon points="{_points(lattice.corners(cell))}" fill="white" stroke="{style.GRID}" '
            f'stroke-width="1" stroke-dasharray="2 2"/>'
        )
        if legal:
            body += (
                f'<polygon points="{_points(_shrunk(lattice, cell, 0.86))}" fill="{LEGAL_FILL}" '
                f'stroke="{style.LEGAL_COLOUR}" stroke-width="2" stroke-dasharray="4 4"/>'
            )
        return tag + body + "</g>"
    body = (
        f'<polygon points="{_points(lattice.corners(cell))}" fill="{style.ANIMAL_COLOURS[kind]}" '
        f'stroke="{style.OUTLINE}" stroke-width="2"/>'
    )
    centre = lattice.center(cell)
    radius = 0.31 if lattice.sides == 4 else 0.46
    if kind == "H":
        star = style.glyph_shape("star", centre, radius * 1.15).get_xy()
        body += f'<polygon points="{_points(star)}" fill="black"/>'
    else:
        glyph = style.glyph_shape(style.ANIMAL_SHAPES[kind], centre, radius).get_xy()
        body += f'<polygon points="{_points(glyph)}" fill="white" stroke="black" stroke-width="1.5"/>'
        size = radius * UNIT * 0.9
        body += (
            f'<text x="{centre[0] * UNIT:.1f}" y="{-centre[1] * UNIT:.1f}" font-size="{size:.0f}" '
            f'font-weight="bold" text-anchor="middle" dominant-baseline="central">{html.escape(style.kind_letter(kind))}</text>'
        )
    if legal:  # a tile a click may act on (switch, swap): a corner dot keeps its glyph readable
        cx, cy = centre
        corner = lattice.corners(cell)[0]
        x, y = cx + 0.78 * (corner[0] - cx), cy + 0.78 * (corner[1] - cy)
        body += (
            f'<circle cx="{x * UNIT:.1f}" cy="{-y * UNIT:.1f}" r="{0.1 * UNIT:.1f}" fill="{style.LEGAL_COLOUR}" '
            f'stroke="white" stroke-width="1.5"/>'
        )
    return tag + body + "</g>"


def _outline(lattice: Lattice, cell: Cell, colour: str, width: float, dashes: str = "", shrink: float = 1.0) -> str:
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    return (
        f'<polygon points="{_points(_shrunk(lattice, cell, shrink))}" fill="none" stroke="{colour}" '
        f'stroke-width="{width}"{dash} pointer-events="none"/>'
    )


def _padlock(lattice: Lattice, cell: Cell) -> str:
    cx, cy = lattice.center(cell)
    size = 0.15 if lattice.sides == 4 else 0.2
    x, y = cx + (0.3 if lattice.sides == 4 else 0.48), cy + (0.26 if lattice.sides == 4 else 0.3)
    return (
        f'<rect x="{(x - size / 2) * UNIT:.1f}" y="{-(y + size / 2) * UNIT:.1f}" width="{size * UNIT:.1f}" '
        f'height="{size * UNIT:.1f}" rx="3" fill="{style.LOCK_COLOUR}" stroke="white" pointer-events="none"/>'
    )
