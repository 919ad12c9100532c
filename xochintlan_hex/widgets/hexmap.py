"""The Hextremadura map drawn by the browser: SVG tiles, previews painted without asking the kernel.

The picture is :func:`xochintlan_hex.drawing.map_svg`'s (the one a
:class:`~xochintlan_hex.hextremadura.Hextremadura` shows in a notebook), drawn
from what the engine judges (:func:`hextremadura_svg` asks it): each tile's six
terrain sectors with their colours and hatches, the requirement bubbles of a
front, the icons and the objective of a back, the cells where the selected tile
may go, the last placement, and beside the map the two available tiles (the
selected one turned and flipped as it would be placed). :class:`HexMapBoard`,
an `anywidget <https://anywidget.dev>`_, paints it and scales it to the width
it is given.

The picture also carries, once per change, what a hover needs: the selected
tile drawn at the origin (hidden), and on every cell where it may go the tiles
that placement would complete. So moving the mouse previews the tile at once,
in the browser; the kernel only hears of it to update its preview line. Texts
that must stay readable (the objectives) are sized in CSS pixels by the page,
never below :data:`~xochintlan_hex.drawing.hextremadura.MIN_TEXT_PX`.

>>> from xochintlan_hex.hextremadura import Hextremadura
>>> game = Hextremadura(seed=3)
>>> svg = hextremadura_svg(game, {(0, 0), (1, 0)}, selected=(game.available()[0], "front", 0))
>>> svg.count('data-cell="1,0"'), svg.count('data-legal="1"'), svg.count("data-tile=")
(1, 2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..drawing.hextremadura import MAX_HEIGHT_PX, available_panels, map_svg
from ..hextremadura import Hextremadura, Place, requirements_met
from ..lattice import Cell
from ..viz.hextremadura import objective_words
from .svgboard import SvgBoard

#: the end map may grow taller than a map in play (:data:`MAX_HEIGHT_PX`), so that each objective's words fit on its tile
END_MAX_HEIGHT_PX = 860

_ESM = r"""
function render({ model, el }) {
  el.classList.add("xh-svg-board", "xh-hexmap");
  let hovered = null;     // the cell under the mouse ("q,r"), or null
  let justPlayed = null;  // no preview where a tile was just placed, until the mouse leaves that cell
  let previewFitted = false;  // the preview's texts are sized once it is first shown

  function svg() { return el.querySelector("svg"); }
  function cellOf(event) {
    const cell = event.target.closest && event.target.closest("[data-cell]");
    return cell ? cell.getAttribute("data-cell") : null;
  }
  function asPair(cell) { return cell.split(",").map(Number); }

  // The selected tile on the hovered cell, with rings on the tiles that placement would complete:
  // drawn from the picture itself, so a hover costs no message to the kernel.
  function showPreview() {
    const picture = svg();
    if (!picture) return;
    const preview = picture.querySelector(".map-preview");
    const rings = picture.querySelector(".map-rings");
    if (!preview || !rings) return;
    rings.replaceChildren();
    const target = hovered === null || hovered === justPlayed ? null
      : picture.querySelector(`[data-cell="${hovered}"][data-legal="1"]`);
    if (target === null) { preview.setAttribute("display", "none"); return; }
    preview.setAttribute("transform", `translate(${target.dataset.x},${target.dataset.y})`);
    preview.removeAttribute("display");
    if (!previewFitted) { fitTexts(preview); previewFitted = true; }
    for (const cell of (target.dataset.completes || "").split(" ").filter(Boolean)) {
      const tile = picture.querySelector(`[data-cell="${cell}"]`);
      const ring = picture.querySelector(".map-ring-template").cloneNode(true);
      ring.setAttribute("class", "map-ring");
      ring.setAttribute("transform", `translate(${tile.dataset.x},${tile.dataset.y})`);
      rings.appendChild(ring);
    }
  }

  // Objectives stay readable: their words get at least data-min-px on the page, their plate grows
  // around them, and it moves up or down to leave the tile's icons (and the tile's outline) in view.
  function fitTexts(root) {
    if (!root) return;
    const onMap = [];
    for (const badge of root.querySelectorAll(".map-objective")) {
      const scale = badge.getScreenCTM();  // CSS pixels per unit of the badge (the tile may be enlarged)
      if (scale === null || !scale.a) continue;  // not laid out (hidden): fitted once shown
      const perPixel = 1 / Math.hypot(scale.a, scale.b);
      badge.classList.remove("map-compact");  // the words are measured shown
      const texts = [...badge.querySelectorAll(":scope > text")];
      const size = Math.max(Number(badge.dataset.size), Number(badge.dataset.minPx) * perPixel);
      const lead = size * 1.15;
      texts.forEach((text, i) => {
        text.setAttribute("font-size", size.toFixed(2));
        text.setAttribute("y", (lead * (i + 0.5 - texts.length / 2)).toFixed(2));
      });
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const text of texts) {
        const b = text.getBBox();
        x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
        x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
      }
      const pad = size * 0.3;
      const plate = { x0: x0 - pad, x1: x1 + pad, y0: y0 - pad * 0.5, y1: y1 + pad * 0.5 };
      // Words wider than the tile (a small map while playing) would cover its neighbours: the tile then
      // shows only its verdict, and the objectives are read in the list beside the map.
      const compact = plate.x1 - plate.x0 > 2 * Number(badge.dataset.apothem);  // wider than the tile
      badge.classList.toggle("map-compact", compact);
      if (badge.closest("[data-cell]")) onMap.push(badge);
      if (compact) { badge.removeAttribute("transform"); continue; }
      const shift = bestShift(badge, plate, Number(badge.dataset.radius), Number(badge.dataset.apothem));
      badge.setAttribute("transform", `translate(0,${shift.toFixed(2)})`);
      const rect = badge.querySelector(".map-plate");
      rect.setAttribute("x", plate.x0.toFixed(2));
      rect.setAttribute("y", plate.y0.toFixed(2));
      rect.setAttribute("width", (plate.x1 - plate.x0).toFixed(2));
      rect.setAttribute("height", (plate.y1 - plate.y0).toFixed(2));
    }
    // One way for the whole map: words on every tile, or verdicts alone on every tile.
    if (onMap.some(badge => badge.classList.contains("map-compact"))) {
      for (const badge of onMap) { badge.classList.add("map-compact"); badge.removeAttribute("transform"); }
    }
  }

  // The vertical shift of a plate that hides least of the tile's icons and stays inside the tile.
  function bestShift(badge, plate, radius, apothem) {
    const icons = [...badge.parentNode.querySelectorAll(".map-icon")].map(
      icon => [Number(icon.dataset.x), Number(icon.dataset.y), Number(icon.dataset.r)]);
    const height = plate.y1 - plate.y0;
    let best = 0, bestCost = Infinity;
    for (const fraction of [0, 0.12, -0.12, 0.24, -0.24, 0.36, -0.36, 0.48, -0.48]) {
      const dy = fraction * radius;
      let cost = Math.abs(fraction) * 0.01 * radius;
      for (const [x, y, r] of icons) {  // how deep each icon reaches into the plate
        const nx = Math.max(plate.x0, Math.min(x, plate.x1)), ny = Math.max(plate.y0 + dy, Math.min(y, plate.y1 + dy));
        cost += Math.max(0, r - Math.hypot(x - nx, y - ny));
      }
      for (const x of [plate.x0, plate.x1]) for (const y of [plate.y0 + dy, plate.y1 + dy]) {
        cost += 2 * Math.max(0, Math.abs(y) - radius * (1 - Math.abs(x) / (2 * apothem)));  // outside the hexagon
      }
      if (cost < bestCost - 1e-6) { best = dy; bestCost = cost; }
    }
    return best;
  }

  function paint() {
    el.innerHTML = model.get("svg");
    previewFitted = false;
    fitTexts(svg());
    showPreview();
  }
  el.addEventListener("click", (event) => {
    const tile = event.target.closest && event.target.closest("[data-tile]");
    if (tile) { model.send({ type: "choose", tile: tile.getAttribute("data-tile") }); return; }
    const cell = cellOf(event);
    if (cell === null) return;
    if (el.querySelector(`[data-cell="${cell}"][data-legal="1"]`)) {
      justPlayed = cell;  // the placed tile replaces the preview, and none comes back there until the mouse leaves
      showPreview();
    }
    model.send({ type: "click", cell: asPair(cell) });
  });
  el.addEventListener("mousemove", (event) => {
    const cell = cellOf(event);
    if (cell !== hovered) {
      hovered = cell;
      if (cell !== justPlayed) justPlayed = null;
      showPreview();
      model.send({ type: "hover", cell: cell === null ? null : asPair(cell) });
    }
  });
  el.addEventListener("mouseleave", () => {
    hovered = null;
    justPlayed = null;
    showPreview();
    model.send({ type: "hover", cell: null });
  });
  new ResizeObserver(() => { fitTexts(svg()); previewFitted = false; showPreview(); }).observe(el);
  model.on("change:svg", paint);
  paint();
}
export default { render };
"""

_CSS = """
.xh-hexmap { width: 100%; min-width: 300px; line-height: 0; }
.xh-hexmap svg { width: 100%; height: auto; display: block; }
.xh-hexmap [data-cell], .xh-hexmap [data-tile] { cursor: pointer; }
.xh-hexmap .map-objective .map-mark { display: none; }
.xh-hexmap .map-objective.map-compact > :not(.map-mark):not(title) { display: none; }
.xh-hexmap .map-objective.map-compact .map-mark { display: inline; }
"""


class HexMapBoard(SvgBoard):
    """The SVG picture of a Hextremadura map that reports clicks, hovers and a chosen available tile.

    ``on_click(cell)``, ``on_hover(cell or None)`` and ``on_choose(tile_id)`` are
    called in the kernel; :meth:`click` delivers a click as the page does. The
    page script is the map's own (it also draws the hover preview), the messages
    are :class:`SvgBoard`'s plus ``choose``.
    """

    _esm = _ESM
    _css = _CSS

    def __init__(
        self, on_click: Callable[[Cell], Any], on_hover: Callable[[Cell | None], Any], on_choose: Callable[[str], Any]
    ) -> None:
        super().__init__(on_click, on_hover)
        self._on_choose = on_choose

    def _received(self, widget: object, content: dict[str, Any], buffers: object) -> None:
        if isinstance(content, dict) and content.get("type") == "choose" and isinstance(content.get("tile"), str):
            self._on_choose(content["tile"])
            return
        super()._received(widget, content, buffers)


def hextremadura_svg(
    game: Hextremadura,
    window: Iterable[Cell],
    *,
    selected: tuple[str, str, int] | None = None,
    legal: Mapping[Cell, Sequence[Cell]] | None = None,
    last: Cell | None = None,
    holds: Mapping[Cell, bool] | None = None,
    panels: bool = True,
    max_height: float = MAX_HEIGHT_PX,
) -> str:
    """An SVG picture of ``game``'s map over the cells of ``window``, as the matplotlib map shows it, with
    what the page script needs for its previews (drawn by :func:`xochintlan_hex.drawing.map_svg`).

    ``selected`` is the tile to place, as (tile id, face, rotation): it is drawn
    turned beside the map, and hidden at the origin for the page's preview.
    ``legal`` maps each cell where it may go to the cells of the tiles that
    placement would complete (default: asked of the engine). ``last`` is the
    cell of the last placement (dashed outline), ``holds`` each back's objective
    as it stands (default: asked of the engine). ``panels``: the available tiles
    beside the map. ``max_height``: the picture's greatest height on the page (CSS pixels).
    """
    tiles = game.map
    window = set(window) | set(tiles)
    if legal is None:
        legal = legal_cells(game, window, selected) if selected is not None else {}
    if holds is None:
        holds = {status.cell: status.holds for status in game.objectives()}
    mode = getattr(game, "requirement_mode", "at_least")
    met = {
        cell: requirements_met(tiles, game.tileset, cell, mode)
        for cell, placed in tiles.items()
        if placed.face == "front"
    }
    return map_svg(
        tiles,
        game.tileset,
        window,
        met=met,
        holds=holds,
        legal=legal,
        last=last,
        selected=selected,
        panels=available_panels(game, selected) if panels else (),
        words=objective_words,
        interactive=True,
        max_height=max_height,
    )


def legal_cells(
    game: Hextremadura, window: Iterable[Cell], selected: tuple[str, str, int]
) -> dict[Cell, tuple[Cell, ...]]:
    """Each empty cell of ``window`` where the selected (tile, face, rotation) may be placed, with the cells
    of the tiles that placement would complete (the engine's ``would_remove``)."""
    tile_id, face, rotation = selected
    cell_of = {placed.tile_id: cell for cell, placed in game.map.items()}
    found = {}
    for cell in sorted(set(window) - set(game.map)):
        action = Place(tile_id, cell, rotation, face)
        if game.is_legal(action):
            found[cell] = tuple(cell_of.get(t, cell) for t in game.would_remove(action))
    return found
