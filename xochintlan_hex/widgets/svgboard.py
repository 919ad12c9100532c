"""Boards drawn by the browser: the kernel sends a small SVG picture, the page sends back clicked cells.

As python-chess draws its boards, a Xochintlan board is a few dozen SVG polygons
and glyphs, drawn by :mod:`xochintlan_hex.drawing` from the game (:func:`xochintlan_svg`
passes it the board, the lock, the pattern that won and what a click may play) and shown by
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

from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from ..drawing.xochintlan import board_svg
from ..drawing.xochintlan import cell_fraction as board_cell_fraction
from ..lattice import Cell, Point
from ..xochintlan import Xochintlan
from ..xochintlan.rules import KINDS, letter

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


def cell_fraction(game: Xochintlan, window: Iterable[Cell], cell: Cell) -> Point:
    """Where ``cell``'s centre lies on the picture :func:`xochintlan_svg` makes, as fractions of its
    width and height from the top-left."""
    return board_cell_fraction(game.lattice, set(window) | set(game.board), cell)


def xochintlan_svg(
    game: Xochintlan,
    window: Iterable[Cell],
    *,
    legal: Iterable[Cell] = (),
    selected: Cell | None = None,
    last: Iterable[Cell] = (),
) -> str:
    """An SVG picture of ``game``'s board over the cells of ``window`` (drawn by
    :func:`xochintlan_hex.drawing.board_svg`): tiles with their glyphs and letters in the language in
    use, the cells where a click plays (``legal``), the lock, the pattern that won, a selected cell
    and the cells of the last move (dashed)."""
    return board_svg(
        game.lattice,
        game.board,
        window=window,
        legal=legal,
        selected=selected,
        last=last,
        winning=getattr(game, "winning_cells", None) or (),
        locked=game.locked,
        letters={kind: letter(kind) for kind in KINDS},
    )
