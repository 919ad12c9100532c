"""The Hextremadura map drawn by the browser: SVG tiles, previews painted without asking the kernel.

The kernel builds one SVG picture of the map (:func:`hextremadura_svg`) from the
game: each tile's six terrain sectors with their colours and hatches, the
requirement bubbles of a front, the icons and the objective of a back, the
cells where the selected tile may go, the last placement, and beside the map
the two available tiles (the selected one turned and flipped as it would be
placed). :class:`HexMapBoard`, an `anywidget <https://anywidget.dev>`_, paints
it and scales it to the width it is given.

The picture also carries, once per change, what a hover needs: the selected
tile drawn at the origin (hidden), and on every cell where it may go the tiles
that placement would complete. So moving the mouse previews the tile at once,
in the browser; the kernel only hears of it to update its preview line. Texts
that must stay readable (the objectives) are sized in CSS pixels by the page,
never below :data:`MIN_TEXT_PX`.

>>> from xochintlan_hex.hextremadura import Hextremadura
>>> game = Hextremadura(seed=3)
>>> svg = hextremadura_svg(game, {(0, 0), (1, 0)}, selected=(game.available()[0], "front", 0))
>>> svg.count('data-cell="1,0"'), svg.count('data-legal="1"'), svg.count("data-tile=")
(1, 2, 2)
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..hextremadura import Hextremadura, Place, requirements_met
from ..i18n import _
from ..lattice import HEX, Cell
from ..viz import style
from ..viz.hextremadura import (
    APOTHEM,
    BUBBLE_DISTANCE,
    BUBBLE_RADIUS,
    SIDES,
    bubble_slides,
    hex_corners,
    objective_words,
    towards,
)
from .svgboard import SvgBoard

#: SVG units per drawing unit (a tile's circumradius)
UNIT = 60.0
#: the smallest size (CSS pixels) of an objective's words on the page: 9 points on the map,
#: a little less on the available tiles beside it (a wide tile next to the lists of the side panel)
MIN_TEXT_PX = 12.0
PANEL_MIN_TEXT_PX = 10.0
#: the map is never taller than this on the page (CSS pixels): beside the controls, it fits a projector's screen
MAX_HEIGHT_PX = 560
#: the end map may grow taller, so that each objective's words fit on its tile
END_MAX_HEIGHT_PX = 860
#: how much larger than a map tile the available tiles are drawn beside the map
PANEL_SCALE = 1.35
#: light fill of an empty cell where the selected tile may go, and the ring of a tile a placement completes
LEGAL_FILL = "#EAF3FB"
COMPLETE_COLOUR = "#009E73"
#: hatch spacing (drawing units) and colour: the hatch of each terrain, as the matplotlib pictures draw it
HATCH_STEP = 0.16
HATCH_STROKE = 'stroke="#000" stroke-opacity="0.3" stroke-width="1.3"'

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


# -- coordinates -------------------------------------------------------------------------
def _xy(point: tuple[float, float]) -> tuple[float, float]:
    """SVG coordinates (y down) of a point in drawing units (y up)."""
    return point[0] * UNIT, -point[1] * UNIT


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x * UNIT:.1f},{-y * UNIT:.1f}" for x, y in points)


def _at(point: tuple[float, float], scale: float = 1.0) -> str:
    x, y = _xy(point)
    return f'transform="translate({x:.1f},{y:.1f})' + (f' scale({scale:.3f})"' if scale != 1.0 else '"')


def map_layout(cells: Iterable[Cell], panels: bool) -> dict[str, tuple[float, float, float, float]]:
    """Where the map and the available tiles go, as (x, y, width, height) boxes in drawing units
    (y up, x and y of the lower-left corner): ``"map"``, and with ``panels`` ``"panel0"`` and ``"panel1"``
    to its right. ``"all"`` is the whole picture."""
    corners = [p for cell in cells for p in HEX.corners(cell)] or HEX.corners((0, 0))
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    pad = 0.1
    box = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    layout = {"map": box}
    if panels:
        # Each available tile in a slot: its title above it; the slots from the top of the map down.
        width = 2 * APOTHEM * PANEL_SCALE + 0.5
        slot = 2 * PANEL_SCALE + 0.9
        left, top = box[0] + box[2] + 0.2, box[1] + box[3]
        layout["panel0"] = (left, top - slot, width, slot)
        layout["panel1"] = (left, top - 2 * slot, width, slot)
        bottom = min(box[1], top - 2 * slot)
        box = (box[0], bottom, box[2] + 0.2 + width, top - bottom)
    layout["all"] = box
    return layout


def view_box(layout: Mapping[str, tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    """The SVG viewBox (x, y, width, height; y down) of a :func:`map_layout`."""
    x, y, width, height = layout["all"]
    return x * UNIT, -(y + height) * UNIT, width * UNIT, height * UNIT


def point_fraction(
    layout: Mapping[str, tuple[float, float, float, float]], point: tuple[float, float]
) -> tuple[float, float]:
    """Where ``point`` (drawing units) lies on the picture, as fractions of its width and height from the top-left."""
    x0, y0, width, height = view_box(layout)
    px, py = _xy(point)
    return ((px - x0) / width, (py - y0) / height)


def panel_centre(layout: Mapping[str, tuple[float, float, float, float]], index: int) -> tuple[float, float]:
    """The centre (drawing units) of available tile ``index``'s picture beside the map."""
    x, y, width, height = layout[f"panel{index}"]
    return (x + width / 2, y + (height - 0.6) / 2)


# -- the whole picture -----------------------------------------------------------------------
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
    """An SVG picture of ``game``'s map over the cells of ``window``, as the matplotlib map shows it.

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
    layout = map_layout(window, panels and bool(game.available()))
    x0, y0, width, height = view_box(layout)
    # Never taller than max_height on the page: the width that height allows caps the picture's width.
    max_width = max_height * width / height
    name = html.escape(
        _("Hextremadura map")
    )  # for screen readers (outside the f-string: Babel reads no call inside one)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}" '
        f'style="max-width: {max_width:.0f}px; margin: 0 auto" font-family="DejaVu Sans, sans-serif" '
        f'role="img" aria-label="{name}">',
        _defs(),
    ]
    mode = getattr(game, "requirement_mode", "at_least")
    for cell in sorted(window):
        placed = tiles.get(cell)
        cx, cy = _xy(HEX.center(cell))
        attributes = f'data-cell="{cell[0]},{cell[1]}" data-x="{cx:.1f}" data-y="{cy:.1f}"'
        if placed is None:
            if cell in legal:
                completes = " ".join(f"{c[0]},{c[1]}" for c in legal[cell])
                attributes += f' data-legal="1" data-completes="{completes}"'
            parts.append(f"<g {attributes}><title>{cell}</title>{_empty_cell(cell, cell in legal)}</g>")
            continue
        spec = game.tileset[placed.tile_id]
        met = requirements_met(tiles, game.tileset, cell, mode) if placed.face == "front" else None
        face = face_svg(spec, placed.face, placed.rotation, met=met, holds=holds.get(cell))
        parts.append(
            f"<g {attributes}><title>{cell}: {html.escape(placed.tile_id)}</title>"
            f"<g {_at(HEX.center(cell))}>{face}</g></g>"
        )
    if last is not None:
        parts.append(_outline(last, style.LAST_MOVE_COLOUR, 3.5, "8 4", css_class="map-last"))
    if selected is not None:
        tile_id, face, rotation = selected
        preview = face_svg(game.tileset[tile_id], face, rotation)
        outline = (
            f'<polygon points="{_points(hex_corners((0.0, 0.0)))}" fill="none" stroke="black" '
            f'stroke-width="3.5" stroke-dasharray="7 3"/>'
        )
        parts.append(
            f'<g class="map-preview" display="none" pointer-events="none"><g opacity="0.6">{preview}</g>{outline}</g>'
        )
    parts.append('<g class="map-rings" pointer-events="none"></g>')
    if "panel0" in layout:
        parts.append(_panels(game, layout, selected))
    parts.append("</svg>")
    return "".join(parts)


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


def _defs() -> str:
    """Each terrain as a pattern (its colour and its hatch), and the ring of a completed tile."""
    step = HATCH_STEP * UNIT
    hatches = {
        "water": f'<line x1="0" y1="{step / 2:.1f}" x2="{step:.1f}" y2="{step / 2:.1f}" {HATCH_STROKE}/>',
        "crops": f'<line x1="{step / 2:.1f}" y1="0" x2="{step / 2:.1f}" y2="{step:.1f}" {HATCH_STROKE}/>',
        "forest": f'<circle cx="{step * 0.6:.1f}" cy="{step * 0.6:.1f}" r="{step * 0.22:.1f}" fill="none" {HATCH_STROKE}/>',
    }
    size = {"water": step, "crops": step, "forest": step * 1.2}
    parts = ["<defs>"]
    for terrain, colour in style.TERRAIN_COLOURS.items():
        parts.append(
            f'<pattern id="xh-{terrain}" patternUnits="userSpaceOnUse" width="{size[terrain]:.1f}" '
            f'height="{size[terrain]:.1f}"><rect width="{size[terrain]:.1f}" height="{size[terrain]:.1f}" '
            f'fill="{colour}"/>{hatches[terrain]}</pattern>'
        )
    ring = _points(hex_corners((0.0, 0.0), 0.9))
    parts.append(
        f'<g class="map-ring-template"><polygon points="{ring}" fill="none" stroke="white" stroke-width="11"/>'
        f'<polygon points="{ring}" fill="none" stroke="{COMPLETE_COLOUR}" stroke-width="7"/></g>'
    )
    parts.append("</defs>")
    return "".join(parts)


def _empty_cell(cell: Cell, legal: bool) -> str:
    body = (
        f'<polygon points="{_points(HEX.corners(cell))}" fill="white" stroke="{style.GRID}" '
        f'stroke-width="1.2" stroke-dasharray="2 3"/>'
    )
    if legal:
        body += (
            f'<polygon points="{_points(HEX.corners_around(HEX.center(cell), 0.9))}" fill="{LEGAL_FILL}" '
            f'stroke="{style.LEGAL_COLOUR}" stroke-width="1.5" stroke-dasharray="5 4" stroke-opacity="0.7"/>'
        )
    return body


def _outline(cell: Cell, colour: str, width: float, dashes: str, css_class: str) -> str:
    return (
        f'<polygon class="{css_class}" points="{_points(HEX.corners(cell))}" fill="none" stroke="{colour}" '
        f'stroke-width="{width}" stroke-dasharray="{dashes}" pointer-events="none"/>'
    )


def _panels(
    game: Hextremadura, layout: Mapping[str, tuple[float, float, float, float]], selected: tuple[str, str, int] | None
) -> str:
    """The available tiles beside the map, each clickable (``data-tile``): the selected one framed,
    turned and flipped as it would be placed."""
    parts = []
    for index, tile_id in enumerate(game.available()[:2]):
        if selected is not None and tile_id == selected[0]:
            chosen, face, rotation = True, selected[1], selected[2]
        else:
            chosen, face, rotation = False, game.faces(tile_id)[0], 0
        x, y, width, height = layout[f"panel{index}"]
        centre = panel_centre(layout, index)
        title = (_("Offer: {tile}") if tile_id == game.offer else _("Pile: {tile}")).format(tile=tile_id)
        tx, ty = _xy((x + width / 2, y + height - 0.1))
        colour = COMPLETE_COLOUR if chosen else "black"
        frame = ""
        if chosen:
            fx, fy = _xy((x + 0.05, y + height - 0.55))
            frame = (
                f'<rect x="{fx:.1f}" y="{fy:.1f}" width="{(width - 0.1) * UNIT:.1f}" '
                f'height="{(height - 0.6) * UNIT:.1f}" fill="none" stroke="{COMPLETE_COLOUR}" stroke-width="5"/>'
            )
        parts.append(
            f'<g data-tile="{html.escape(tile_id)}" class="map-panel{" map-chosen" if chosen else ""}">'
            f'<rect x="{_xy((x, 0))[0]:.1f}" y="{_xy((0, y + height))[1]:.1f}" width="{width * UNIT:.1f}" '
            f'height="{height * UNIT:.1f}" fill="white"/>'
            f'<text x="{tx:.1f}" y="{ty:.1f}" font-size="{0.34 * UNIT:.1f}" text-anchor="middle" '
            f'dominant-baseline="hanging" fill="{colour}" font-weight="{"bold" if chosen else "normal"}">'
            f"{html.escape(title)}</text>{frame}"
            f"<g {_at(centre, PANEL_SCALE)}>"
            f"{face_svg(game.tileset[tile_id], face, rotation, min_text_px=PANEL_MIN_TEXT_PX)}</g></g>"
        )
    return "".join(parts)


# -- one tile, at the origin -------------------------------------------------------------------
def face_svg(
    spec: Any,
    face: str,
    rotation: int,
    *,
    met: Sequence[bool] | None = None,
    holds: bool | None = None,
    label: bool = True,
    min_text_px: float = MIN_TEXT_PX,
) -> str:
    """SVG of ``face`` of tile ``spec`` turned by ``rotation``, centred on the origin (circumradius
    :data:`UNIT`), as :func:`xochintlan_hex.viz.hextremadura.draw_face` draws it. The objective's
    words of a back are never smaller than ``min_text_px`` on the page."""
    data = spec.face(face)
    origin = (0.0, 0.0)
    corners = hex_corners(origin)
    terrains = [data.sectors[(s - rotation) % SIDES] for s in range(SIDES)]
    parts = [
        f'<polygon points="{_points([origin, corners[s], corners[(s + 1) % SIDES]])}" fill="url(#xh-{t})"/>'
        for s, t in enumerate(terrains)
    ]
    # sectors s - 1 and s meet along the spoke to corner s: dark where the terrain changes
    for s in range(SIDES):
        same = terrains[s] == terrains[s - 1]
        x, y = _xy(corners[s])
        parts.append(
            f'<line x1="0" y1="0" x2="{x:.1f}" y2="{y:.1f}" stroke="{"white" if same else "#222"}" '
            f'stroke-width="{1.0 if same else 1.8}" stroke-opacity="{0.8 if same else 1}"/>'
        )
    outline = "black" if face == "front" else "#444444"
    parts.append(
        f'<polygon class="map-outline" points="{_points(corners)}" fill="none" stroke="{outline}" stroke-width="2.5"/>'
    )
    if face == "front":
        sides = [(requirement.side + rotation) % SIDES for requirement in data.requirements]
        for i, (requirement, side, slide) in enumerate(zip(data.requirements, sides, bubble_slides(sides))):
            parts.append(_bubble(side, requirement, slide, None if met is None else met[i]))
    else:
        for sector, icon in data.icons.items():
            parts.append(icon_svg(icon, towards(origin, (int(sector) + rotation) % SIDES, 0.6), 0.22))
        if data.objective is not None:
            parts.append(_objective(data.objective, holds, min_text_px))
    if label:  # the id sits in the top corner, clear of bubbles, icons and the objective
        parts.append(
            f'<text x="0" y="{-0.8 * UNIT:.1f}" font-size="{0.17 * UNIT:.1f}" font-weight="bold" '
            f'text-anchor="middle" dominant-baseline="central" paint-order="stroke" stroke="white" '
            f'stroke-width="4">{html.escape(spec.id)}</text>'
        )
    return "".join(parts)


def _bubble(side: int, requirement: Any, slide: float, met: bool | None) -> str:
    """A requirement bubble pointing at ``side``: the size inside, the terrain as colour and hatch."""
    along = math.radians(60 * side + 90)  # the side's direction, counter-clockwise round the tile
    shift = (slide * math.cos(along), slide * math.sin(along))
    spot = towards((shift[0], shift[1]), side, BUBBLE_DISTANCE)
    tip = towards((shift[0], shift[1]), side, APOTHEM - 0.02)
    base = [(spot[0] + s * 0.15 * math.cos(along), spot[1] + s * 0.15 * math.sin(along)) for s in (1, -1)]
    sx, sy = _xy(spot)
    fill = f"url(#xh-{requirement.terrain})"
    shape = (
        f'<polygon points="{_points([base[0], tip, base[1]])}"/>'
        f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{BUBBLE_RADIUS * UNIT:.1f}"/>'
    )
    inner, ink = (style.MET_COLOUR, "white") if met else ("white", "black")
    return (
        f'<g fill="none" stroke="white" stroke-width="6">{shape}</g>'
        f'<g fill="{fill}" stroke="black" stroke-width="1.6">{shape}</g>'
        f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{0.17 * UNIT:.1f}" fill="{inner}" stroke="black" stroke-width="1"/>'
        f'<text x="{sx:.1f}" y="{sy:.1f}" font-size="{0.25 * UNIT:.1f}" font-weight="bold" fill="{ink}" '
        f'text-anchor="middle" dominant-baseline="central">{requirement.size}</text>'
    )


def _objective(objective: Any, holds: bool | None, min_text_px: float = MIN_TEXT_PX) -> str:
    """The objective's words on a white plate in the centre, ending with a tick or a cross when judged.

    The page sizes the words (never below ``min_text_px``), fits the plate
    around them and moves it off the icons; the sizes written here are those of
    a large picture.
    """
    words = [w for w in objective_words(objective) if w]
    size = 0.135 * UNIT * min(1.0, 8.0 / max(len(w) for w in words))
    lead = size * 1.15
    verdict = ""
    if holds is not None:
        symbol, colour = ("✓", style.MET_COLOUR) if holds else ("✗", style.UNMET_COLOUR)
        verdict = f' <tspan class="map-verdict" fill="{colour}" font-weight="bold">{symbol}</tspan>'
    texts = "".join(
        f'<text x="0" y="{lead * (i + 0.5 - len(words) / 2):.1f}" font-size="{size:.1f}" '
        f'text-anchor="middle" dominant-baseline="central">{html.escape(word)}'
        f"{verdict if i == len(words) - 1 else ''}</text>"
        for i, word in enumerate(words)
    )
    half_width, half_height = 0.42 * UNIT, lead * len(words) / 2 + 2
    border = "#444" if holds is None else (style.MET_COLOUR if holds else style.UNMET_COLOUR)
    plate = (
        f'<rect class="map-plate" x="{-half_width:.1f}" y="{-half_height:.1f}" width="{2 * half_width:.1f}" '
        f'height="{2 * half_height:.1f}" rx="5" fill="white" fill-opacity="0.95" stroke="{border}" '
        f'stroke-width="{1.0 if holds is None else 2.0}"/>'
    )
    summary = " ".join(words) + ("" if holds is None else (" ✓" if holds else " ✗"))
    mark = ""  # what a tile too small for the words shows: the verdict alone
    if holds is not None:
        symbol, colour = ("✓", style.MET_COLOUR) if holds else ("✗", style.UNMET_COLOUR)
        mark = (
            f'<g class="map-mark"><circle r="{0.2 * UNIT:.1f}" fill="{colour}" stroke="white" stroke-width="2"/>'
            f'<text font-size="{0.28 * UNIT:.1f}" font-weight="bold" fill="white" text-anchor="middle" '
            f'dominant-baseline="central">{symbol}</text></g>'
        )
    return (
        f'<g class="map-objective" data-size="{size:.1f}" data-radius="{UNIT:.1f}" '
        f'data-apothem="{APOTHEM * UNIT:.2f}" data-min-px="{min_text_px:g}">'
        f"<title>{html.escape(summary)}</title>{plate}{texts}{mark}</g>"
    )


# -- icons ---------------------------------------------------------------------------------
def icon_svg(icon: str, centre: tuple[float, float], size: float) -> str:
    """An icon on a white token of radius ``size`` (drawing units): "acorn", "stork" or "monument"."""
    drawers = {"acorn": _acorn, "stork": _stork, "monument": _monument}
    if icon not in drawers:
        raise ValueError(f"icon must be one of {sorted(drawers)}, not {icon!r}")
    cx, cy = _xy(centre)
    s = size * UNIT
    return (
        f'<g class="map-icon" data-x="{cx:.1f}" data-y="{cy:.1f}" data-r="{s:.1f}" '
        f'transform="translate({cx:.1f},{cy:.1f})"><circle r="{s:.1f}" fill="white" stroke="black" '
        f'stroke-width="1.3"/>{drawers[icon](s)}</g>'
    )


def _poly(points: Iterable[tuple[float, float]], s: float, **attributes: str) -> str:
    """A polygon in token coordinates (fractions of the token's radius ``s``, y up)."""
    extra = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attributes.items())
    return f'<polygon points="{" ".join(f"{x * s:.1f},{-y * s:.1f}" for x, y in points)}" {extra}/>'


def _acorn(s: float) -> str:
    brown = "#4A2C12"
    return (
        f'<ellipse cx="0" cy="{0.18 * s:.1f}" rx="{0.475 * s:.1f}" ry="{0.575 * s:.1f}" '
        f'fill="{style.ICON_COLOURS["acorn"]}" stroke="black" stroke-width="1"/>'
        f'<path d="M {-0.58 * s:.1f},{-0.1 * s:.1f} A {0.58 * s:.1f} {0.58 * s:.1f} 0 0 1 {0.58 * s:.1f},{-0.1 * s:.1f} Z" '
        f'fill="{brown}" stroke="black" stroke-width="1"/>'
        + _poly([(-0.07, 0.6), (0.07, 0.6), (0.07, 0.82), (-0.07, 0.82)], s, fill=brown)
    )


def _stork(s: float) -> str:
    red = style.OKABE_ITO["vermillion"]
    return (
        _poly([(-0.1, -0.18), (-0.14, -0.8), (-0.06, -0.8), (-0.02, -0.18)], s, fill=red)
        + f'<ellipse cx="{-0.05 * s:.1f}" cy="{-0.02 * s:.1f}" rx="{0.525 * s:.1f}" ry="{0.25 * s:.1f}" '
        f'transform="rotate(15 {-0.05 * s:.1f} {-0.02 * s:.1f})" fill="white" stroke="black" stroke-width="1.1"/>'
        + _poly([(-0.55, 0.14), (-0.05, 0.05), (-0.2, -0.12)], s, fill="black")
        + _poly(
            [(0.3, 0.05), (0.38, 0.55), (0.48, 0.55), (0.42, 0.0)], s, fill="white", stroke="black", stroke_width="1"
        )
        + _poly([(0.46, 0.6), (0.85, 0.45), (0.46, 0.5)], s, fill=red, stroke="black", stroke_width="0.7")
    )


def _monument(s: float) -> str:
    w, top, bottom, notch = 0.42, 0.55, -0.65, 0.14
    outline = [
        (-w, bottom),
        (w, bottom),
        (w, top),
        (w - notch, top),
        (w - notch, top - notch),
        (notch / 2, top - notch),
        (notch / 2, top),
        (-notch / 2, top),
        (-notch / 2, top - notch),
        (-w + notch, top - notch),
        (-w + notch, top),
        (-w, top),
    ]
    door_top = bottom + 0.3
    return (
        _poly(outline, s, fill=style.ICON_COLOURS["monument"], stroke="black", stroke_width="1")
        + _poly([(-0.14, bottom), (0.14, bottom), (0.14, door_top), (-0.14, door_top)], s, fill="black")
        + f'<circle cx="0" cy="{-door_top * s:.1f}" r="{0.14 * s:.1f}" fill="black"/>'
    )
