"""Hextremadura pictures: tiles of six sectors, icons, requirement bubbles, the map and its piles.

A tile is six triangles; each terrain has its colour *and* its hatching (forest:
rings, water: waves, crops: rows), so a map reads in black and white. The two
faces look different at a glance:

* a **front** shows its two requirement bubbles, each pointing at the side it
  looks across, with the size inside and the terrain as its colour and hatch;
  a met requirement gets a green ring;
* a **back** shows its icons on white tokens (acorn: a brown nut and cap,
  stork: a white bird, monument: a grey tower) and, in a white centre hexagon,
  its objective in a few words, with a green tick or a red cross when judged.

>>> from matplotlib.figure import Figure
>>> from xochintlan_hex.hextremadura import load_tileset
>>> ax = draw_tile(load_tileset()["T1"], "back", ax=Figure().add_subplot())
>>> ax.texts[-1].get_text()                      # the objective in two lines, then the id
'T1'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import matplotlib.patheffects as path_effects
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.patches import Circle, Ellipse, Polygon, RegularPolygon, Wedge

from ..hextremadura import Hextremadura, Place
from ..hextremadura.game import rating_name
from ..hextremadura.tiles import icon_name, terrain_name
from ..i18n import _
from ..lattice import HEX
from . import style

Cell = tuple[int, int]
Point = tuple[float, float]
Sector = tuple[Cell, int]

SIDES = 6
APOTHEM = HEX.apothem  # centre to side midpoint, for a hexagon of circumradius 1
#: inches per hex tile in a new figure
INCHES_PER_TILE = 0.95
MAX_MAP_INCHES = 10.0
REGION_COLOURS = [style.OKABE_ITO["vermillion"], style.OKABE_ITO["reddish_purple"], style.OKABE_ITO["blue"], "black"]
#: a requirement bubble: its radius, and the distance from the tile's centre to its centre
BUBBLE_RADIUS = 0.27
BUBBLE_DISTANCE = 0.47
#: how far a bubble slides along its side, away from a bubble on the next side / on the same side
SLIDE_NEXT_SIDE = 0.1
SLIDE_SAME_SIDE = 0.3
#: the corner that the tile's id sits in (corner i is where sides i - 1 and i meet; 2 is the top)
TOP_CORNER = 2


# -- geometry -----------------------------------------------------------------------
def hex_corners(centre: Point, radius: float = 1.0) -> list[Point]:
    """Corners of a pointy-top hexagon, counter-clockwise; corners i and i+1 bound side i."""
    return HEX.corners_around(centre, radius)


def towards(centre: Point, side: int, distance: float) -> Point:
    """The point ``distance`` from ``centre`` in the direction of ``side`` (side 0 is east)."""
    return HEX.towards(centre, side, distance)


# -- reading the arguments ------------------------------------------------------------
def _default_tileset(tileset: Any) -> Any:
    from ..hextremadura import load_tileset

    return tileset if hasattr(tileset, "tiles") else load_tileset(tileset)


def resolve_tile(tile: Any, face: str | None, rotation: int | None, tileset: Any = None) -> tuple[Any, str, int]:
    """(TileSpec, face, rotation) from a TileSpec, a PlacedTile or a tile id, with defaults."""
    if hasattr(tile, "front") and hasattr(tile, "back"):
        spec = tile
    else:
        tile_id = getattr(tile, "tile_id", tile)
        spec = _default_tileset(tileset)[tile_id]
        face = face or getattr(tile, "face", None)
        rotation = getattr(tile, "rotation", None) if rotation is None else rotation
    face = face or "front"
    if face not in ("front", "back"):
        raise ValueError(f"face must be 'front' or 'back', not {face!r}")
    rotation = 0 if rotation is None else rotation
    if isinstance(rotation, bool) or not isinstance(rotation, int) or not 0 <= rotation < SIDES:
        raise ValueError(f"rotation must be an int 0..5, not {rotation!r}")
    return spec, face, rotation


# -- one face -----------------------------------------------------------------------
def draw_face(
    ax: Axes,
    centre: Point,
    spec: Any,
    face: str,
    rotation: int,
    *,
    scale: float,
    met: Sequence[bool] | None = None,
    holds: bool | None = None,
    label: bool = True,
    alpha: float = 1.0,
    zorder: float = 1.0,
    min_objective_points: float = 0.0,
) -> None:
    """Draw ``face`` of tile ``spec`` at ``centre`` (circumradius 1) turned by ``rotation``.

    ``scale`` is points per drawing unit (for text). ``met`` marks each front
    requirement as met or not; ``holds`` marks a back objective. An objective's
    words smaller than ``min_objective_points`` are left out (its mark stays):
    a board that lists the objectives beside the map uses it, rather than show
    unreadable specks.
    """
    data = spec.face(face)
    corners = hex_corners(centre)
    terrains = [data.sectors[(s - rotation) % SIDES] for s in range(SIDES)]
    for s, terrain in enumerate(terrains):
        triangle = [centre, corners[s], corners[(s + 1) % SIDES]]
        style.add(
            ax,
            Polygon(triangle, facecolor=style.TERRAIN_COLOURS[terrain], edgecolor="none", alpha=alpha, zorder=zorder),
        )
        style.add(
            ax,
            Polygon(
                triangle,
                facecolor="none",
                hatch=style.TERRAIN_HATCHES[terrain],
                alpha=alpha,
                zorder=zorder + 0.01,
                **style.hatch_kwargs(),
            ),
        )
    _sector_borders(ax, centre, corners, terrains, alpha, zorder + 0.02)
    outline = "black" if face == "front" else "#444444"
    style.add(
        ax,
        Polygon(
            corners,
            facecolor="none",
            edgecolor=outline,
            linewidth=max(1.0, 0.035 * scale),
            alpha=alpha,
            zorder=zorder + 0.03,
        ),
    )
    if face == "front":
        sides = [(requirement.side + rotation) % SIDES for requirement in data.requirements]
        for i, (requirement, side, slide) in enumerate(zip(data.requirements, sides, bubble_slides(sides))):
            draw_bubble(
                ax,
                centre,
                side,
                requirement,
                scale=scale,
                met=None if met is None else met[i],
                slide=slide,
                alpha=alpha,
                zorder=zorder + 0.1,
            )
    else:
        for sector, icon in data.icons.items():
            draw_icon(
                ax, icon, towards(centre, (int(sector) + rotation) % SIDES, 0.6), 0.22, zorder=zorder + 0.1, alpha=alpha
            )
        if data.objective is not None:
            _objective_badge(ax, centre, data.objective, scale, holds, alpha, zorder + 0.1, min_objective_points)
    if label:
        # the id sits in the top corner (TOP_CORNER), clear of bubbles, icons and the objective
        ax.text(
            centre[0],
            centre[1] + 0.8,
            spec.id,
            ha="center",
            va="center",
            fontsize=max(4.0, 0.15 * scale),
            fontweight="bold",
            alpha=alpha,
            zorder=zorder + 0.2,
            path_effects=[path_effects.withStroke(linewidth=2.5, foreground="white")],
        )


def _sector_borders(
    ax: Axes, centre: Point, corners: list[Point], terrains: list[str], alpha: float, zorder: float
) -> None:
    # sector s and s-1 meet along the spoke to corner s: dark where the terrain changes
    same = [(centre, corners[s]) for s in range(SIDES) if terrains[s] == terrains[s - 1]]
    change = [(centre, corners[s]) for s in range(SIDES) if terrains[s] != terrains[s - 1]]
    ax.add_collection(LineCollection(same, colors="white", linewidths=0.6, alpha=alpha * 0.8, zorder=zorder))
    ax.add_collection(LineCollection(change, colors="#222222", linewidths=1.1, alpha=alpha, zorder=zorder))


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


def draw_bubble(
    ax: Axes,
    centre: Point,
    side: int,
    requirement: Any,
    *,
    scale: float,
    met: bool | None = None,
    slide: float = 0.0,
    alpha: float = 1.0,
    zorder: float = 2.0,
) -> None:
    """A requirement bubble on a tile at ``centre``, pointing at ``side``: size inside, terrain as colour and hatch.

    ``slide`` moves the bubble along the side (counter-clockwise positive, see
    :func:`bubble_slides`). A met requirement shows its size white on green.
    """
    terrain = requirement.terrain
    along = math.radians(60 * side + 90)  # the side's direction, counter-clockwise round the tile
    shift = (slide * math.cos(along), slide * math.sin(along))
    spot = _shifted(towards(centre, side, BUBBLE_DISTANCE), shift)
    tip = _shifted(towards(centre, side, APOTHEM - 0.02), shift)
    base = [(spot[0] + s * 0.15 * math.cos(along), spot[1] + s * 0.15 * math.sin(along)) for s in (1, -1)]
    halo = [path_effects.Stroke(linewidth=max(2.0, 0.09 * scale), foreground="white"), path_effects.Normal()]
    for patch in (Polygon([base[0], tip, base[1]]), Circle(spot, BUBBLE_RADIUS)):
        patch.set(
            facecolor=style.TERRAIN_COLOURS[terrain],
            edgecolor="black",
            linewidth=max(0.8, 0.025 * scale),
            alpha=alpha,
            zorder=zorder,
            path_effects=halo,
        )
        style.add(ax, patch)
    style.add(
        ax,
        Circle(
            spot,
            BUBBLE_RADIUS,
            facecolor="none",
            hatch=style.TERRAIN_HATCHES[terrain],
            alpha=alpha,
            zorder=zorder + 0.01,
            **style.hatch_kwargs("#00000070"),
        ),
    )
    style.add(
        ax,
        Circle(
            spot,
            0.17,
            facecolor=style.MET_COLOUR if met else "white",
            edgecolor="black",
            linewidth=0.6,
            alpha=alpha,
            zorder=zorder + 0.02,
        ),
    )
    ax.text(
        spot[0],
        spot[1],
        str(requirement.size),
        ha="center",
        va="center_baseline",
        fontsize=max(4.0, 0.23 * scale),
        fontweight="bold",
        color="white" if met else "black",
        alpha=alpha,
        zorder=zorder + 0.03,
    )


def _shifted(point: Point, shift: Point) -> Point:
    return point[0] + shift[0], point[1] + shift[1]


def _terrain(p: Mapping[str, str]) -> str:
    return terrain_name(p["terrain"])


def _in_terrain(p: Mapping[str, str]) -> str:
    """ "in forest": each written out, since other languages say each differently ("dans l'eau")."""
    return {"forest": _("in forest"), "water": _("in water"), "crops": _("in crops")}.get(p["terrain"], p["terrain"])


def _icon(p: Mapping[str, str], key: str = "symbol") -> str:
    return icon_name(p[key])


OBJECTIVE_WORDS = {
    "all_symbols": lambda p: (_("3 icons"), _in_terrain(p)),
    "same_symbol_triad": lambda p: (_("triad of"), icon_name(p["symbol"], 3)),
    "three_separate": lambda p: (f"3× {_terrain(p)}", _icon(p)),
    "adjacent_pair": lambda p: (f"{_icon(p, 'symbol_a')} +", _icon(p, "symbol_b")),
}


def objective_words(objective: Any) -> tuple[str, str]:
    """The objective in two short lines, for the centre of a back face.

    >>> from xochintlan_hex.hextremadura import Objective
    >>> objective_words(Objective("three_separate", terrain="forest", symbol="acorn"))
    ('3× forest', 'acorn')
    """
    words = OBJECTIVE_WORDS.get(objective.type)
    return words(objective.parameters) if words else (objective.type, "")


def _objective_badge(
    ax: Axes,
    centre: Point,
    objective: Any,
    scale: float,
    holds: bool | None,
    alpha: float,
    zorder: float,
    min_points: float = 0.0,
) -> None:
    style.add(
        ax,
        RegularPolygon(
            centre,
            SIDES,
            radius=0.42,
            orientation=0.0,
            facecolor="white",
            edgecolor="#444444",
            linewidth=0.8,
            alpha=alpha,
            zorder=zorder,
        ),
    )
    # with a verdict, the words move up to leave it room inside the centre hexagon
    offsets = (0.15, -0.01) if holds is not None else (0.09, -0.09)
    words = objective_words(objective)
    # long words ("monuments") get a smaller size so they stay inside the hexagon
    size = max(3.5, 0.135 * scale * min(1.0, 8.0 / max(len(w) for w in words)))
    for text, dy in zip(words if size >= min_points else (), offsets):
        ax.text(
            centre[0], centre[1] + dy, text, ha="center", va="center", fontsize=size, alpha=alpha, zorder=zorder + 0.01
        )
    if holds is not None:
        mark, colour = ("✓", style.MET_COLOUR) if holds else ("✗", style.UNMET_COLOUR)
        spot = (centre[0], centre[1] - 0.24)
        style.add(
            ax,
            Circle(spot, 0.11, facecolor=colour, edgecolor="white", linewidth=1.0, alpha=alpha, zorder=zorder + 0.02),
        )
        ax.text(
            *spot,
            mark,
            ha="center",
            va="center",
            color="white",
            fontsize=max(4.0, 0.15 * scale),
            fontweight="bold",
            alpha=alpha,
            zorder=zorder + 0.03,
        )


# -- icons --------------------------------------------------------------------------
def draw_icon(ax: Axes, icon: str, centre: Point, size: float, *, zorder: float = 3.0, alpha: float = 1.0) -> None:
    """An icon on a white token of radius ``size``: "acorn", "stork" or "monument"."""
    drawers = {"acorn": _acorn, "stork": _stork, "monument": _monument}
    if icon not in drawers:
        raise ValueError(f"icon must be one of {sorted(drawers)}, not {icon!r}")
    style.add(ax, Circle(centre, size, facecolor="white", edgecolor="black", linewidth=0.8, alpha=alpha, zorder=zorder))
    for patch in drawers[icon](centre, size):
        patch.set_alpha(alpha)
        patch.set_zorder(zorder + 0.01)
        style.add(ax, patch)


def _acorn(c: Point, s: float) -> list[Any]:
    x, y = c
    nut = Ellipse(
        (x, y - 0.18 * s), 0.95 * s, 1.15 * s, facecolor=style.ICON_COLOURS["acorn"], edgecolor="black", linewidth=0.6
    )
    cap = Wedge((x, y + 0.1 * s), 0.58 * s, 0, 180, facecolor="#4A2C12", edgecolor="black", linewidth=0.6)
    stem = Polygon(
        [
            (x - 0.07 * s, y + 0.6 * s),
            (x + 0.07 * s, y + 0.6 * s),
            (x + 0.07 * s, y + 0.82 * s),
            (x - 0.07 * s, y + 0.82 * s),
        ],
        facecolor="#4A2C12",
        edgecolor="none",
    )
    return [nut, cap, stem]


def _stork(c: Point, s: float) -> list[Any]:
    x, y = c
    body = Ellipse(
        (x - 0.05 * s, y + 0.02 * s), 1.05 * s, 0.5 * s, angle=-15, facecolor="white", edgecolor="black", linewidth=0.7
    )
    wing = Polygon(
        [(x - 0.55 * s, y + 0.14 * s), (x - 0.05 * s, y + 0.05 * s), (x - 0.2 * s, y - 0.12 * s)],
        facecolor="black",
        edgecolor="none",
    )
    neck = Polygon(
        [
            (x + 0.3 * s, y + 0.05 * s),
            (x + 0.38 * s, y + 0.55 * s),
            (x + 0.48 * s, y + 0.55 * s),
            (x + 0.42 * s, y + 0.0 * s),
        ],
        facecolor="white",
        edgecolor="black",
        linewidth=0.6,
    )
    beak = Polygon(
        [(x + 0.46 * s, y + 0.6 * s), (x + 0.85 * s, y + 0.45 * s), (x + 0.46 * s, y + 0.5 * s)],
        facecolor=style.OKABE_ITO["vermillion"],
        edgecolor="black",
        linewidth=0.4,
    )
    legs = Polygon(
        [
            (x - 0.1 * s, y - 0.18 * s),
            (x - 0.14 * s, y - 0.8 * s),
            (x - 0.06 * s, y - 0.8 * s),
            (x - 0.02 * s, y - 0.18 * s),
        ],
        facecolor=style.OKABE_ITO["vermillion"],
        edgecolor="none",
    )
    return [legs, body, wing, neck, beak]


def _monument(c: Point, s: float) -> list[Any]:
    x, y = c
    w, top, bottom = 0.42 * s, 0.55 * s, -0.65 * s
    notch = 0.14 * s
    outline = [
        (x - w, y + bottom),
        (x + w, y + bottom),
        (x + w, y + top),
        (x + w - notch, y + top),
        (x + w - notch, y + top - notch),
        (x + notch / 2, y + top - notch),
        (x + notch / 2, y + top),
        (x - notch / 2, y + top),
        (x - notch / 2, y + top - notch),
        (x - w + notch, y + top - notch),
        (x - w + notch, y + top),
        (x - w, y + top),
    ]
    tower = Polygon(outline, facecolor=style.ICON_COLOURS["monument"], edgecolor="black", linewidth=0.6)
    door = Wedge((x, y + bottom + 0.3 * s), 0.14 * s, 0, 180, facecolor="black", edgecolor="none")
    door_base = Polygon(
        [
            (x - 0.14 * s, y + bottom),
            (x + 0.14 * s, y + bottom),
            (x + 0.14 * s, y + bottom + 0.3 * s),
            (x - 0.14 * s, y + bottom + 0.3 * s),
        ],
        facecolor="black",
        edgecolor="none",
    )
    return [tower, door, door_base]


# -- a single tile ----------------------------------------------------------------------
@style.speaks_language
def draw_tile(
    tile: Any,
    face: str | None = None,
    rotation: int | None = None,
    ax: Axes | None = None,
    *,
    tileset: Any = None,
    label: bool = True,
    title: str | None = None,
    language: str | None = None,
) -> Axes:
    """Draw one tile on its own: a TileSpec, a PlacedTile or a tile id (from ``tileset``, the shipped one by default).

    ``face`` ("front" or "back") and ``rotation`` (0..5) default to the placed
    tile's, else front and 0. ``title`` is written above the tile; ``language``
    ("en", "fr"; None: the kit's) is the language of the objective's words.
    """
    spec, face, rotation = resolve_tile(tile, face, rotation, tileset)
    ax = style.new_axes((2.2, 2.4 if title else 2.2), ax)
    style.finish_board_axes(ax, hex_corners((0.0, 0.0)), margin=0.08)
    draw_face(ax, (0.0, 0.0), spec, face, rotation, scale=style.points_per_unit(ax), label=label)
    if title:
        ax.set_title(title, fontsize="medium")
    return ax


# -- the map --------------------------------------------------------------------------
def map_of(game_or_map: Any) -> Mapping[Cell, Any]:
    """The map cell -> PlacedTile of a game, or the mapping itself."""
    tiles = getattr(game_or_map, "map", game_or_map)
    if not isinstance(tiles, Mapping):
        raise ValueError(
            f"game_or_map must be a Hextremadura game or a mapping cell -> PlacedTile, not {type(tiles).__name__}"
        )
    return tiles


def map_figsize(game_or_map: Any, piles: bool = True) -> tuple[float, float]:
    """A figure size giving each tile about :data:`INCHES_PER_TILE` inches, with room for the piles."""
    tiles = map_of(game_or_map)
    cells = set(tiles) | _open_cells(tiles) or {(0, 0)}
    xs, ys = zip(*(p for cell in cells for p in HEX.corners(cell)))
    width = (max(xs) - min(xs)) / 1.6 * INCHES_PER_TILE
    height = (max(ys) - min(ys)) / 1.6 * INCHES_PER_TILE + 0.5
    shrink = min(1.0, MAX_MAP_INCHES / max(width, height))
    width, height = width * shrink, max(height * shrink, 4.2 if piles and hasattr(game_or_map, "pile") else 2.5)
    with_piles = piles and hasattr(game_or_map, "pile")
    # never narrower than the status line above the map
    return (max(width + (1.7 if with_piles else 0.0), 5.0 if with_piles else 2.5), height)


def _open_cells(tiles: Mapping[Cell, Any]) -> set[Cell]:
    if not tiles:
        return {(0, 0)}
    return {n for cell in tiles for n in HEX.neighbours(cell) if n not in tiles}


@style.speaks_language
def draw_hextremadura(
    game_or_map: Any,
    ax: Axes | None = None,
    *,
    tileset: Any = None,
    piles: bool = True,
    open_cells: bool = True,
    requirements: bool = True,
    objectives: bool = True,
    region: Any = None,
    preview: Any = None,
    labels: bool = True,
    status: bool = True,
    language: str | None = None,
) -> Axes:
    """Draw a Hextremadura map (a game, or a mapping cell -> PlacedTile with ``tileset``).

    Options:
        piles: the offer, the top of the pile and the explored pile beside the map
            (games only).
        open_cells: dotted outlines of the empty cells where a tile may go.
        requirements: a green ring on each front requirement that is met.
        objectives: a tick or a cross on each back objective (as it stands now).
        region: a region to outline (an engine ``Region``, or its sectors
            ``(cell, side)``), or a list of them.
        preview: a ``Place`` (or its notation) drawn half-transparent, with the
            tiles it would complete ringed in green (games only).
        labels: tile ids on the tiles.
        status: a title with the round, the score and the pile.
        language: "en" or "fr" for every word of the picture; None: the kit's language.
    """
    game = game_or_map if isinstance(game_or_map, Hextremadura) else None
    tiles = map_of(game_or_map)
    tset = game.tileset if game is not None else _default_tileset(tileset)
    shown_piles = piles and game is not None
    ax = style.new_axes(map_figsize(game_or_map, shown_piles), ax)
    empties = _open_cells(tiles) if open_cells else set()
    preview_place = _resolve_preview(game, preview)
    cells = set(tiles) | empties | ({preview_place.cell} if preview_place else set()) or {(0, 0)}
    points = [p for cell in cells for p in HEX.corners(cell)]
    panels = _pile_panels(points) if shown_piles else []
    style.finish_board_axes(ax, points + [p for x, y, w, h in panels for p in ((x, y), (x + w, y + h))], margin=0.1)
    scale = style.points_per_unit(ax)
    for cell in sorted(empties - set(tiles)):
        style.add(
            ax, style.cell_polygon(HEX, cell, facecolor="white", edgecolor=style.GRID, linewidth=0.8, linestyle=":")
        )
    met = _requirements_met(tiles, tset, game) if requirements else {}
    holds = _objectives_hold(tiles, tset, game) if objectives else {}
    for cell, placed in tiles.items():
        spec = tset[placed.tile_id]
        draw_face(
            ax,
            HEX.center(cell),
            spec,
            placed.face,
            placed.rotation,
            scale=scale,
            met=met.get(cell),
            holds=holds.get(cell),
            label=labels,
        )
    if region is not None:
        _draw_regions(ax, region)
    if preview_place is not None and game is not None:  # a preview needs a game (refused above otherwise)
        _draw_preview(ax, game, preview_place, scale, labels)
    if shown_piles and game is not None:
        _draw_piles(ax, game, panels)
    if status and game is not None:
        ax.set_title(status_text(game), fontsize="medium")
    return ax


def status_text(game: Hextremadura) -> str:
    """One line on the game: round, score and pile, or the final result."""
    score, best = game.score(), getattr(game, "max_score", 15)
    if game.is_over:
        star = " ★" if game.rating() == "star" else ""
        return (
            _("Game over: score {score}/{best}, {rating}").format(
                score=score, best=best, rating=rating_name(game.rating())
            )
            + star
        )
    return _("Round {round} · score {score}/{best} · pile {pile} · explored {explored}").format(
        round=game.round, score=score, best=best, pile=len(game.pile), explored=len(game.explored)
    )


def _requirements_met(
    tiles: Mapping[Cell, Any], tileset: Any, game: Hextremadura | None
) -> dict[Cell, tuple[bool, ...]]:
    from ..hextremadura import requirements_met

    mode = getattr(game, "requirement_mode", "at_least")
    return {
        cell: requirements_met(tiles, tileset, cell, mode) for cell, placed in tiles.items() if placed.face == "front"
    }


def _objectives_hold(tiles: Mapping[Cell, Any], tileset: Any, game: Hextremadura | None) -> dict[Cell, bool]:
    if game is not None:
        return {status.cell: status.holds for status in game.objectives()}
    from ..hextremadura import objective_holds, region_map

    rm = region_map(tiles, tileset)
    return {
        cell: objective_holds(tileset[p.tile_id].back.objective, rm)
        for cell, p in tiles.items()
        if p.face == "back" and tileset[p.tile_id].back.objective is not None
    }


# -- regions ------------------------------------------------------------------------------
def region_edges(sectors: Iterable[Sector]) -> list[tuple[Point, Point]]:
    """The border of a set of sectors: triangle edges whose other side is outside the set."""
    inside = set(((cell[0], cell[1]), side) for cell, side in sectors)
    edges = []
    for cell, side in inside:
        centre = HEX.center(cell)
        corners = HEX.corners(cell)
        if (HEX.neighbour(cell, side), (side + 3) % SIDES) not in inside:
            edges.append((corners[side], corners[(side + 1) % SIDES]))
        if (cell, (side - 1) % SIDES) not in inside:
            edges.append((centre, corners[side]))
        if (cell, (side + 1) % SIDES) not in inside:
            edges.append((centre, corners[(side + 1) % SIDES]))
    return edges


def _draw_regions(ax: Axes, region: Any) -> None:
    many = list(region) if isinstance(region, (list, tuple)) and region and _is_region_like(region[0]) else [region]
    for i, one in enumerate(many):
        sectors = getattr(one, "sectors", one)
        # above the terrain, under the bubbles, icons and objectives, which stay readable
        lines = style.outline(ax, region_edges(sectors), REGION_COLOURS[i % len(REGION_COLOURS)], 4.0, zorder=1.08)
        lines.set_path_effects([path_effects.Stroke(linewidth=7, foreground="white"), path_effects.Normal()])


def _is_region_like(item: Any) -> bool:
    # a Region, or a collection of sectors; a single sector is ((q, r), side)
    return hasattr(item, "sectors") or (not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], int)))


# -- preview --------------------------------------------------------------------------------
def _resolve_preview(game: Hextremadura | None, preview: Place | str | None) -> Place | None:
    if preview is None:
        return None
    if game is None:
        raise ValueError("preview needs a game (it asks the game which tiles the placement would complete)")
    if isinstance(preview, str):
        from ..hextremadura import parse_action

        return parse_action(preview)
    return preview


def _draw_preview(ax: Axes, game: Hextremadura, place: Place, scale: float, labels: bool) -> None:
    spec = game.tileset[place.tile_id]
    draw_face(
        ax, HEX.center(place.cell), spec, place.face, place.rotation, scale=scale, label=labels, alpha=0.6, zorder=10
    )
    style.add(
        ax,
        style.cell_polygon(
            HEX, place.cell, facecolor="none", edgecolor="black", linewidth=2.5, linestyle=(0, (4, 2)), zorder=11
        ),
    )
    try:
        completed = set(game.would_remove(place))
    except ValueError:  # an illegal preview completes nothing
        completed = set()
    for cell, placed in game.map.items():
        if placed.tile_id in completed:
            style.add(
                ax,
                style.cell_polygon(
                    HEX, cell, scale=0.93, facecolor="none", edgecolor=style.MET_COLOUR, linewidth=4, zorder=12
                ),
            )


# -- piles ------------------------------------------------------------------------------------
def _pile_panels(points: list[Point]) -> list[tuple[float, float, float, float]]:
    """Three boxes (x, y, width, height) right of the map, top down: offer, pile, explored."""
    xs, ys = zip(*points)
    height = max(3.0, (max(ys) - min(ys)) / 3)
    width = 2.7
    left = max(xs) + 0.5
    # each inset takes the lower 80% of its box: its title goes in the rest
    return [(left, max(ys) - (i + 1) * height, width, height * 0.8) for i in range(3)]


def _draw_piles(ax: Axes, game: Hextremadura, panels: list[tuple[float, float, float, float]]) -> None:
    offer, pile, explored = game.offer, game.pile, game.explored
    entries = [
        (offer, _("offer"), None),
        (pile[0] if pile else None, _("pile: {count}").format(count=len(pile)), None),
        (explored[-1] if explored else None, _("explored: {count}").format(count=len(explored)), "back"),
    ]
    for (tile_id, title, face), bounds in zip(entries, panels):
        inset = ax.inset_axes(bounds, transform=ax.transData)
        if tile_id is None:
            style.finish_board_axes(inset, hex_corners((0.0, 0.0)), margin=0.08)
            inset.add_patch(Polygon(hex_corners((0.0, 0.0)), facecolor="none", edgecolor=style.GRID, linestyle=":"))
            inset.text(0, 0, _("empty"), ha="center", va="center", color="#777777", fontsize="small")
            inset.set_title(title, fontsize="small")
            continue
        shown = face or game.faces(tile_id)[0]
        draw_tile(game.tileset[tile_id], shown, 0, inset, title=title)
        inset.title.set_fontsize("small")
