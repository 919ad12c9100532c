"""Hextremadura tiles and maps as SVG: each tile's six terrain sectors with their colours and hatches,
the requirement bubbles of a front, the icons and the objective of a back, the cells where a tile may
go, the last placement, and beside the map the available tiles.

The game is passed as data (the placed tiles, the tile set, what the engine
judged: requirements met, objectives holding, legal cells), so the rules package
calls this lazily and nothing here knows the rules. Every cell carries
``data-cell="q,r"`` and its centre (``data-x``, ``data-y``), every available
tile ``data-tile``. With ``interactive`` the picture also carries what the
browser board's script needs (the hidden preview of the selected tile, the
objectives' compact marks); without it, it is a still picture for a notebook.

Objectives are written with ``words(objective)`` (a few short lines); without
it a tile shows its objective's verdict, and the whole objective in its tooltip.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from ..i18n import _
from ..lattice import HEX, Cell, Point, screen_layout
from . import palette
from .svg import Box, document, fraction, points

#: SVG units per drawing unit (a tile's circumradius)
UNIT = 60.0
#: a tile drawn at the origin (turned and moved into place by a transform), and the map's cells
LAYOUT = screen_layout(HEX, UNIT)
SIDES = 6
APOTHEM = HEX.apothem  # centre to side midpoint, for a hexagon of circumradius 1
#: requirement bubbles: radius, and distance from the tile's centre (drawing units)
BUBBLE_RADIUS = 0.27
BUBBLE_DISTANCE = 0.47
#: how far bubbles on neighbouring sides, or on one side, slide apart; the corner the tile's id sits in
SLIDE_NEXT_SIDE = 0.1
SLIDE_SAME_SIDE = 0.3
TOP_CORNER = 2
#: the smallest size (CSS pixels) of an objective's words on the page: 9 points on the map,
#: a little less on the available tiles beside it (a wide tile next to the lists of the side panel)
MIN_TEXT_PX = 12.0
PANEL_MIN_TEXT_PX = 10.0
#: the map is never taller than this on the page (CSS pixels): beside the controls, it fits a projector's screen
MAX_HEIGHT_PX = 560
#: how much larger than a map tile the available tiles are drawn beside the map
PANEL_SCALE = 1.35
#: light fill of an empty cell where the selected tile may go, and the ring of a tile a placement completes
LEGAL_FILL = "#EAF3FB"
COMPLETE_COLOUR = "#009E73"
#: hatch spacing (drawing units) and colour: the hatch of each terrain, as the matplotlib pictures draw it
HATCH_STEP = 0.16
HATCH_STROKE = 'stroke="#000" stroke-opacity="0.3" stroke-width="1.3"'

Words = Callable[[Any], Sequence[str]]


def _px(point: Point) -> Point:
    """Pixels (y down) of a point of a tile at the origin, in drawing units (y up)."""
    return LAYOUT.offset((0.0, 0.0), point[0], point[1])


def _points(offsets: Iterable[Point]) -> str:
    """The ``points`` of a polygon through points of a tile at the origin (drawing units, y up)."""
    return points(map(_px, offsets))


def _at(point: Point, scale: float = 1.0) -> str:
    """A transform moving a tile drawn at the origin to the pixel ``point``."""
    x, y = point
    return f'transform="translate({x:.1f},{y:.1f})' + (f' scale({scale:.3f})"' if scale != 1.0 else '"')


def bubble_slides(sides: Sequence[int]) -> list[float]:
    """How far each requirement bubble slides along its side (counter-clockwise positive) to clear the others.

    Bubbles on neighbouring sides would overlap (their centres are as far apart
    as from the tile's centre, less than a bubble's width), so they slide apart;
    never towards the top corner, where the tile's id sits: then the other
    bubble slides twice as far. Two bubbles on one side go towards its two ends.

    >>> bubble_slides([0, 3]), bubble_slides([5, 0]), bubble_slides([0, 1]), bubble_slides([2, 3])
    ([0.0, 0.0], [-0.1, 0.1], [-0.2, 0.0], [0.0, 0.2])
    >>> bubble_slides([4, 4])
    [-0.3, 0.3]
    """
    slides = [0.0] * len(sides)
    for j, later in enumerate(sides):
        for i, earlier in enumerate(sides[:j]):
            turn = (later - earlier) % SIDES
            if turn == 0:
                slides[i] -= SLIDE_SAME_SIDE
                slides[j] += SLIDE_SAME_SIDE
            elif turn in (1, SIDES - 1):
                # side k runs from corner k to corner k + 1 (counter-clockwise)
                ccw, cw = (j, i) if turn == 1 else (i, j)
                if (sides[ccw] + 1) % SIDES == TOP_CORNER:
                    slides[cw] -= 2 * SLIDE_NEXT_SIDE
                elif sides[cw] == TOP_CORNER:
                    slides[ccw] += 2 * SLIDE_NEXT_SIDE
                else:
                    slides[ccw] += SLIDE_NEXT_SIDE
                    slides[cw] -= SLIDE_NEXT_SIDE
    return slides


# -- where things go ---------------------------------------------------------------------------
def map_boxes(cells: Iterable[Cell], panels: bool) -> dict[str, Box]:
    """Where the map and the available tiles go, as (x, y, width, height) boxes in pixels (y down):
    ``"map"``, and with ``panels`` ``"panel0"`` and ``"panel1"`` to its right. ``"all"`` is the whole picture."""
    x, top, width, height = LAYOUT.view_box(list(cells) or [(0, 0)], 0.1 * UNIT)
    boxes = {"map": (x, top, width, height)}
    if panels:
        # Each available tile in a slot: its title above it; the slots from the top of the map down.
        slot_width = (2 * APOTHEM * PANEL_SCALE + 0.5) * UNIT
        slot = (2 * PANEL_SCALE + 0.9) * UNIT
        left = x + width + 0.2 * UNIT
        boxes["panel0"] = (left, top, slot_width, slot)
        boxes["panel1"] = (left, top + slot, slot_width, slot)
        bottom = max(top + height, top + 2 * slot)
        width, height = width + 0.2 * UNIT + slot_width, bottom - top
    boxes["all"] = (x, top, width, height)
    return boxes


def cell_fraction(boxes: Mapping[str, Box], cell: Cell) -> Point:
    """Where ``cell``'s centre lies on the picture, as fractions of its width and height from the top-left."""
    return fraction(boxes["all"], LAYOUT.cell_to_screen(cell))


def panel_centre(boxes: Mapping[str, Box], index: int) -> Point:
    """The centre (pixels) of available tile ``index``'s picture beside the map (its title above it)."""
    x, top, width, height = boxes[f"panel{index}"]
    return (x + width / 2, top + (height + 0.6 * UNIT) / 2)


def panel_fraction(boxes: Mapping[str, Box], index: int) -> Point:
    """Where available tile ``index``'s picture beside the map lies on the picture, as fractions of its width
    and height from the top-left."""
    return fraction(boxes["all"], panel_centre(boxes, index))


class OfferedTiles(Protocol):
    """What the panels beside a map read of a game: the tiles one may place, and their faces."""

    @property
    def offer(self) -> str | None: ...

    def available(self) -> Sequence[str]: ...

    def faces(self, tile_id: str, /) -> Sequence[str]: ...


def available_panels(
    game: OfferedTiles, selected: tuple[str, str, int] | None = None
) -> list[tuple[str, str, str, int]]:
    """The available tiles as the map shows them beside it: (tile id, title, face, rotation), the selected
    one turned and flipped as it would be placed."""
    panels = []
    for tile_id in game.available()[:2]:
        face, rotation = (
            (selected[1], selected[2]) if selected and selected[0] == tile_id else (game.faces(tile_id)[0], 0)
        )
        title = (_("Offer: {tile}") if tile_id == game.offer else _("Pile: {tile}")).format(tile=tile_id)
        panels.append((tile_id, title, face, rotation))
    return panels


# -- the whole picture -----------------------------------------------------------------------
def map_svg(
    tiles: Mapping[Cell, Any],
    tileset: Any,
    window: Iterable[Cell] = (),
    *,
    met: Mapping[Cell, Sequence[bool]] | None = None,
    holds: Mapping[Cell, bool] | None = None,
    legal: Mapping[Cell, Sequence[Cell]] | None = None,
    last: Cell | None = None,
    selected: tuple[str, str, int] | None = None,
    panels: Sequence[tuple[str, str, str, int]] = (),
    words: Words | None = None,
    interactive: bool = True,
    max_height: float = MAX_HEIGHT_PX,
) -> str:
    """An SVG picture of a Hextremadura map: ``tiles`` (cell -> placed tile with ``tile_id``, ``face``,
    ``rotation``) drawn from ``tileset``, over their cells and those of ``window``.

    ``met`` gives each front's requirements as met or not, ``holds`` each back's
    objective as it stands; ``legal`` maps each empty cell where the ``selected``
    tile (id, face, rotation) may go to the cells of the tiles that placement
    would complete; ``last`` is the cell of the last placement (dashed).
    ``panels`` are the available tiles drawn beside the map, as (tile id,
    title, face, rotation); the selected one is framed. ``max_height``: the
    picture's greatest height on the page (CSS pixels).
    """
    met, holds, legal = met or {}, holds or {}, legal or {}
    cells = set(window) | set(tiles)
    boxes = map_boxes(cells, bool(panels))
    width, height = boxes["all"][2:]
    # Never taller than max_height on the page: the width that height allows caps the picture's width.
    max_width = max_height * width / height
    parts = [_defs()]
    for cell in sorted(cells):
        placed = tiles.get(cell)
        cx, cy = LAYOUT.cell_to_screen(cell)
        attributes = f'data-cell="{cell[0]},{cell[1]}" data-x="{cx:.1f}" data-y="{cy:.1f}"'
        if placed is None:
            if cell in legal:
                completes = " ".join(f"{c[0]},{c[1]}" for c in legal[cell])
                attributes += f' data-legal="1" data-completes="{completes}"'
            parts.append(f"<g {attributes}><title>{cell}</title>{_empty_cell(cell, cell in legal)}</g>")
            continue
        face = face_svg(
            tileset[placed.tile_id],
            placed.face,
            placed.rotation,
            met=met.get(cell),
            holds=holds.get(cell),
            words=words,
            interactive=interactive,
        )
        parts.append(
            f"<g {attributes}><title>{cell}: {html.escape(placed.tile_id)}</title><g {_at((cx, cy))}>{face}</g></g>"
        )
    if last is not None:
        parts.append(_outline(last, palette.LAST_MOVE_COLOUR, 3.5, "8 4", css_class="map-last"))
    if selected is not None and interactive:
        tile_id, face_name, rotation = selected
        preview = face_svg(tileset[tile_id], face_name, rotation, words=words)
        outline = (
            f'<polygon points="{_points(HEX.corners_around((0.0, 0.0)))}" fill="none" stroke="black" '
            f'stroke-width="3.5" stroke-dasharray="7 3"/>'
        )
        parts.append(
            f'<g class="map-preview" display="none" pointer-events="none"><g opacity="0.6">{preview}</g>{outline}</g>'
        )
    if interactive:
        parts.append('<g class="map-rings" pointer-events="none"></g>')
    if panels:
        parts.append(_panels(tileset, boxes, panels, selected, words, interactive))
    label = _("Hextremadura map")  # for screen readers
    return document(boxes["all"], label, parts, style=f"max-width: {max_width:.0f}px; margin: 0 auto")


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
    for terrain, colour in palette.TERRAIN_COLOURS.items():
        parts.append(
            f'<pattern id="xh-{terrain}" patternUnits="userSpaceOnUse" width="{size[terrain]:.1f}" '
            f'height="{size[terrain]:.1f}"><rect width="{size[terrain]:.1f}" height="{size[terrain]:.1f}" '
            f'fill="{colour}"/>{hatches[terrain]}</pattern>'
        )
    ring = _points(HEX.corners_around((0.0, 0.0), 0.9))
    parts.append(
        f'<g class="map-ring-template"><polygon points="{ring}" fill="none" stroke="white" stroke-width="11"/>'
        f'<polygon points="{ring}" fill="none" stroke="{COMPLETE_COLOUR}" stroke-width="7"/></g>'
    )
    parts.append("</defs>")
    return "".join(parts)


def _empty_cell(cell: Cell, legal: bool) -> str:
    body = (
        f'<polygon points="{points(LAYOUT.corners(cell))}" fill="white" stroke="{palette.GRID}" '
        f'stroke-width="1.2" stroke-dasharray="2 3"/>'
    )
    if legal:
        body += (
            f'<polygon points="{points(LAYOUT.corners(cell, 0.9))}" fill="{LEGAL_FILL}" '
            f'stroke="{palette.LEGAL_COLOUR}" stroke-width="1.5" stroke-dasharray="5 4" stroke-opacity="0.7"/>'
        )
    return body


def _outline(cell: Cell, colour: str, width: float, dashes: str, css_class: str) -> str:
    return (
        f'<polygon class="{css_class}" points="{points(LAYOUT.corners(cell))}" fill="none" stroke="{colour}" '
        f'stroke-width="{width}" stroke-dasharray="{dashes}" pointer-events="none"/>'
    )


def _panels(
    tileset: Any,
    boxes: Mapping[str, Box],
    panels: Sequence[tuple[str, str, str, int]],
    selected: tuple[str, str, int] | None,
    words: Words | None,
    interactive: bool,
) -> str:
    """The available tiles beside the map, each clickable (``data-tile``): the selected one framed."""
    parts = []
    for index, (tile_id, title, face, rotation) in enumerate(panels[:2]):
        chosen = selected is not None and tile_id == selected[0]
        x, top, width, height = boxes[f"panel{index}"]
        colour = COMPLETE_COLOUR if chosen else "black"
        frame = ""
        if chosen:
            frame = (
                f'<rect x="{x + 0.05 * UNIT:.1f}" y="{top + 0.55 * UNIT:.1f}" width="{width - 0.1 * UNIT:.1f}" '
                f'height="{height - 0.6 * UNIT:.1f}" fill="none" stroke="{COMPLETE_COLOUR}" stroke-width="5"/>'
            )
        face_picture = face_svg(
            tileset[tile_id], face, rotation, min_text_px=PANEL_MIN_TEXT_PX, words=words, interactive=interactive
        )
        parts.append(
            f'<g data-tile="{html.escape(tile_id)}" class="map-panel{" map-chosen" if chosen else ""}">'
            f'<rect x="{x:.1f}" y="{top:.1f}" width="{width:.1f}" height="{height:.1f}" fill="white"/>'
            f'<text x="{x + width / 2:.1f}" y="{top + 0.1 * UNIT:.1f}" font-size="{0.34 * UNIT:.1f}" '
            f'text-anchor="middle" dominant-baseline="hanging" fill="{colour}" '
            f'font-weight="{"bold" if chosen else "normal"}">{html.escape(title)}</text>{frame}'
            f"<g {_at(panel_centre(boxes, index), PANEL_SCALE)}>{face_picture}</g></g>"
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
    words: Words | None = None,
    interactive: bool = True,
) -> str:
    """SVG of ``face`` of tile ``spec`` turned by ``rotation``, centred on the origin (circumradius
    :data:`UNIT`), as :func:`xochintlan_hex.viz.hextremadura.draw_face` draws it. The objective's
    ``words`` of a back are never smaller than ``min_text_px`` on the page."""
    data = spec.face(face)
    origin = (0.0, 0.0)
    corners = HEX.corners_around(origin)
    terrains = [data.sectors[(s - rotation) % SIDES] for s in range(SIDES)]
    parts = [
        f'<polygon points="{_points([origin, corners[s], corners[(s + 1) % SIDES]])}" fill="url(#xh-{t})"/>'
        for s, t in enumerate(terrains)
    ]
    # sectors s - 1 and s meet along the spoke to corner s: dark where the terrain changes
    for s in range(SIDES):
        same = terrains[s] == terrains[s - 1]
        x, y = _px(corners[s])
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
            parts.append(icon_svg(icon, HEX.towards(origin, (int(sector) + rotation) % SIDES, 0.6), 0.22))
        if data.objective is not None:
            parts.append(_objective(data.objective, holds, min_text_px, words, interactive))
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
    spot = HEX.towards((shift[0], shift[1]), side, BUBBLE_DISTANCE)
    tip = HEX.towards((shift[0], shift[1]), side, APOTHEM - 0.02)
    base = [(spot[0] + s * 0.15 * math.cos(along), spot[1] + s * 0.15 * math.sin(along)) for s in (1, -1)]
    sx, sy = _px(spot)
    fill = f"url(#xh-{requirement.terrain})"
    shape = (
        f'<polygon points="{_points([base[0], tip, base[1]])}"/>'
        f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{BUBBLE_RADIUS * UNIT:.1f}"/>'
    )
    inner, ink = (palette.MET_COLOUR, "white") if met else ("white", "black")
    return (
        f'<g fill="none" stroke="white" stroke-width="6">{shape}</g>'
        f'<g fill="{fill}" stroke="black" stroke-width="1.6">{shape}</g>'
        f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{0.17 * UNIT:.1f}" fill="{inner}" stroke="black" stroke-width="1"/>'
        f'<text x="{sx:.1f}" y="{sy:.1f}" font-size="{0.25 * UNIT:.1f}" font-weight="bold" fill="{ink}" '
        f'text-anchor="middle" dominant-baseline="central">{requirement.size}</text>'
    )


def _objective(
    objective: Any,
    holds: bool | None,
    min_text_px: float = MIN_TEXT_PX,
    words: Words | None = None,
    interactive: bool = True,
) -> str:
    """The objective's words on a white plate in the centre, ending with a tick or a cross when judged.

    The page sizes the words (never below ``min_text_px``), fits the plate
    around them and moves it off the icons; the sizes written here are those of
    a large picture. Without ``words`` the tile shows the verdict alone.
    """
    lines = [w for w in words(objective) if w] if words is not None else []
    verdict = "" if holds is None else (" ✓" if holds else " ✗")
    if not lines:  # a still picture without the words: the verdict, and the objective in the tooltip
        summary = str(getattr(objective, "describe", lambda: objective)()) + verdict
        return f'<g class="map-objective"><title>{html.escape(summary)}</title>{_verdict_mark(holds)}</g>'
    size = 0.135 * UNIT * min(1.0, 8.0 / max(len(w) for w in lines))
    lead = size * 1.15
    tick = ""
    if holds is not None:
        symbol, colour = ("✓", palette.MET_COLOUR) if holds else ("✗", palette.UNMET_COLOUR)
        tick = f' <tspan class="map-verdict" fill="{colour}" font-weight="bold">{symbol}</tspan>'
    texts = "".join(
        f'<text x="0" y="{lead * (i + 0.5 - len(lines) / 2):.1f}" font-size="{size:.1f}" '
        f'text-anchor="middle" dominant-baseline="central">{html.escape(line)}'
        f"{tick if i == len(lines) - 1 else ''}</text>"
        for i, line in enumerate(lines)
    )
    half_width, half_height = 0.42 * UNIT, lead * len(lines) / 2 + 2
    border = "#444" if holds is None else (palette.MET_COLOUR if holds else palette.UNMET_COLOUR)
    plate = (
        f'<rect class="map-plate" x="{-half_width:.1f}" y="{-half_height:.1f}" width="{2 * half_width:.1f}" '
        f'height="{2 * half_height:.1f}" rx="5" fill="white" fill-opacity="0.95" stroke="{border}" '
        f'stroke-width="{1.0 if holds is None else 2.0}"/>'
    )
    # what a tile too small for the words shows on the page: the verdict alone
    mark = _verdict_mark(holds) if interactive and holds is not None else ""
    return (
        f'<g class="map-objective" data-size="{size:.1f}" data-radius="{UNIT:.1f}" '
        f'data-apothem="{APOTHEM * UNIT:.2f}" data-min-px="{min_text_px:g}">'
        f"<title>{html.escape(' '.join(lines) + verdict)}</title>{plate}{texts}{mark}</g>"
    )


def _verdict_mark(holds: bool | None) -> str:
    """A round mark: a tick when the objective holds, a cross when not, a question mark when not judged."""
    if holds is None:
        symbol, colour = "?", "#777777"
    else:
        symbol, colour = ("✓", palette.MET_COLOUR) if holds else ("✗", palette.UNMET_COLOUR)
    return (
        f'<g class="map-mark"><circle r="{0.2 * UNIT:.1f}" fill="{colour}" stroke="white" stroke-width="2"/>'
        f'<text font-size="{0.28 * UNIT:.1f}" font-weight="bold" fill="white" text-anchor="middle" '
        f'dominant-baseline="central">{symbol}</text></g>'
    )


# -- icons ---------------------------------------------------------------------------------
def icon_svg(icon: str, centre: tuple[float, float], size: float) -> str:
    """An icon on a white token of radius ``size`` (drawing units): "acorn", "stork" or "monument"."""
    drawers = {"acorn": _acorn, "stork": _stork, "monument": _monument}
    if icon not in drawers:
        raise ValueError(f"icon must be one of {sorted(drawers)}, not {icon!r}")
    cx, cy = _px(centre)
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
        f'fill="{palette.ICON_COLOURS["acorn"]}" stroke="black" stroke-width="1"/>'
        f'<path d="M {-0.58 * s:.1f},{-0.1 * s:.1f} A {0.58 * s:.1f} {0.58 * s:.1f} 0 0 1 {0.58 * s:.1f},{-0.1 * s:.1f} Z" '
        f'fill="{brown}" stroke="black" stroke-width="1"/>'
        + _poly([(-0.07, 0.6), (0.07, 0.6), (0.07, 0.82), (-0.07, 0.82)], s, fill=brown)
    )


def _stork(s: float) -> str:
    red = palette.OKABE_ITO["vermillion"]
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
        _poly(outline, s, fill=palette.ICON_COLOURS["monument"], stroke="black", stroke_width="1")
        + _poly([(-0.14, bottom), (0.14, bottom), (0.14, door_top), (-0.14, door_top)], s, fill="black")
        + f'<circle cx="0" cy="{-door_top * s:.1f}" r="{0.14 * s:.1f}" fill="black"/>'
    )
