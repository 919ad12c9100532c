"""The kit's visual vocabulary: colours, glyphs, hatches and small drawing helpers.

Every colour comes from the Okabe-Ito palette, which stays distinct for the
common forms of colour blindness. Colour is never the only cue: each animal also
has its own glyph (a shape with its letter), each terrain its own hatching, so a
board reads on a black-and-white printout too.

>>> ANIMAL_COLOURS["L"], TERRAIN_HATCHES["water"]
('#009E73', '--')
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar, cast

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.patches import Polygon
from matplotlib.scale import LinearScale, register_scale
from matplotlib.ticker import FuncFormatter, ScalarFormatter

# The colours and glyph shapes are the SVG boards' own: one palette for every picture
# (re-exported here, where the pictures have always found them).
from ..drawing.palette import ANIMAL_COLOURS as ANIMAL_COLOURS
from ..drawing.palette import ANIMAL_SHAPES as ANIMAL_SHAPES
from ..drawing.palette import OKABE_ITO as OKABE_ITO
from ..i18n import N_, _, get_language, number_text, percent_text, use_language
from ..lattice import Lattice
from ..xochintlan.rules import kind_name, letter

Cell = tuple[int, int]
Point = tuple[float, float]

# -- Xochintlan -----------------------------------------------------------------
#: each tile kind's name in English (a person reads it in the language in use: :func:`animal_name`)
ANIMAL_NAMES: dict[str, str] = {"L": "Lizard", "B": "Bird", "M": "Monkey", "H": "Human"}
#: highlights: the lock, the matched pattern, the legal cells
LOCK_COLOUR = OKABE_ITO["vermillion"]
PATTERN_COLOUR = OKABE_ITO["reddish_purple"]
LEGAL_COLOUR = OKABE_ITO["blue"]
#: a cell a person has selected (the first cell of a swap)
SELECTED_COLOUR = OKABE_ITO["blue"]
LAST_MOVE_COLOUR = "#000000"  # the cells of the last move (dashed: apart from the lock and the pattern)

# -- Hextremadura ---------------------------------------------------------------
TERRAIN_COLOURS: dict[str, str] = {
    "forest": OKABE_ITO["bluish_green"],
    "water": OKABE_ITO["sky_blue"],
    "crops": OKABE_ITO["yellow"],
}
#: hatching per terrain, so the three still differ in black and white
TERRAIN_HATCHES: dict[str, str] = {"forest": "o", "water": "--", "crops": "|"}
TERRAIN_LETTERS: dict[str, str] = {"forest": "F", "water": "W", "crops": "C"}
ICON_COLOURS: dict[str, str] = {"acorn": "#8C5A2B", "stork": "#FFFFFF", "monument": "#7F7F7F"}
#: the computer players, as a person reads their names (the data keep the names in the code)
PLAYER_NAMES: dict[str, str] = {
    "random": N_("random"),
    "greedy": N_("greedy"),
    "search": N_("search"),
    "planner": N_("planner"),
}
HATCH_COLOUR = "#00000048"

# -- general --------------------------------------------------------------------
OUTLINE = "#222222"
GRID = "#BBBBBB"
MET_COLOUR = OKABE_ITO["bluish_green"]
UNMET_COLOUR = OKABE_ITO["vermillion"]


Draw = TypeVar("Draw", bound=Callable[..., Any])


def speaks_language(draw: Draw) -> Draw:
    """Let a picture function draw in the language its ``language=`` argument names.

    The function declares ``language: str | None = None`` among its keyword
    arguments; None draws in the kit's language (:func:`xochintlan_hex.set_language`).
    """

    @functools.wraps(draw)
    def in_language(*args: Any, **kwargs: Any) -> Any:
        with use_language(kwargs.get("language")):
            return draw(*args, **kwargs)

    return in_language  # type: ignore[return-value]


def animal_name(kind: str) -> str:
    """The name of a tile kind ("L", "B", "M", "H") in the language in use: "Lizard", "Lézard"."""
    return kind_name(kind)


def animal_plural(kind: str) -> str:
    """The name of an animal kind in the plural, in the language in use: "Birds", "Oiseaux"."""
    return kind_name(kind, 2)


def kind_letter(kind: str) -> str:
    """The letter a tile of ``kind`` shows in the language in use ("B", and in French "O" for Oiseau)."""
    return letter(kind)


def word(names: dict[str, str], key: str) -> str:
    """``key`` in words from one of the tables above, in the language in use (the key itself if unknown).

    >>> word(PLAYER_NAMES, "greedy"), word(PLAYER_NAMES, "ismcts")
    ('greedy', 'ismcts')
    """
    return _(names[key]) if key in names else key


def decimal(number: float, digits: int = 1) -> str:
    """``number`` with ``digits`` decimals, written as the language in use writes numbers ("8.7", "8,7").

    >>> decimal(8.66)
    '8.7'
    """
    return number_text(number, digits)


def percent(share: float, digits: int = 0) -> str:
    """A share (0.5) as a percentage, written as the language in use writes it ("50%", "50 %").

    >>> percent(0.375, 1)
    '37.5%'
    """
    return percent_text(share, digits)


def percent_formatter(digits: int = 0) -> FuncFormatter:
    """An axis formatter writing shares as percentages, in the language in use when it is made
    (the ticks are written later, when the figure is drawn)."""
    language = get_language()

    def write(share: float, _position: Any) -> str:
        with use_language(language):
            return percent(share, digits)

    return FuncFormatter(write)


class NumberFormatter(ScalarFormatter):
    """matplotlib's tick labels (same ticks, same decimals, no offset), written the way the
    language in use when the formatter is made writes numbers: "0,5" and "1 000" in French.

    >>> from xochintlan_hex.i18n import use_language
    >>> with use_language("fr"):
    ...     NumberFormatter().written("-2.50"), NumberFormatter().written("1000")
    ('−2,50', '1\u202f000')
    """

    def __init__(self) -> None:
        super().__init__(useOffset=False)
        self.language = get_language()

    def __call__(self, x: float, pos: int | None = None) -> str:
        return self.written(super().__call__(x, pos))

    def written(self, label: str) -> str:
        """matplotlib's ``label`` (e.g. "−2.50") in this formatter's language, its decimals kept."""
        plain = label.replace("\u2212", "-")
        try:
            value = float(plain)
        except ValueError:  # not a plain number (empty, or scientific notation): as matplotlib wrote it
            return label
        digits = len(plain.partition(".")[2])
        with use_language(self.language):
            text = number_text(abs(value), digits)
        return "\u2212" + text if plain.startswith("-") else text


def number_axes(ax: Axes) -> Axes:
    """Write ``ax``'s numeric tick labels (not its category or percentage axes) as the language
    in use writes numbers; returns ``ax``."""
    for axis in (ax.xaxis, ax.yaxis):
        if type(axis.get_major_formatter()) is ScalarFormatter:
            axis.set_major_formatter(NumberFormatter())
    return ax


class LanguageLinearScale(LinearScale):
    """matplotlib's linear scale, its tick labels written as the kit's language writes numbers.

    :func:`write_ticks_in_the_kit_language` puts it in the place of matplotlib's own "linear"
    scale, so that a lesson's own pictures (``plt.plot``, ``ax.bar``, ``ax.hist``: the code
    cells are the same in every language) write "0,5" once the kit speaks French. In English
    an axis keeps matplotlib's :class:`ScalarFormatter`, so English pictures do not change.
    Category and date axes still get their own formatters: matplotlib replaces a default one.
    """

    name = "linear"

    # Not a no-op: matplotlib 3.11 reads the constructor's signature and warns about scales
    # that name an ``axis`` parameter (LinearScale's does); older versions pass the axis.
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)

    def set_default_locators_and_formatters(self, axis: Any) -> None:
        super().set_default_locators_and_formatters(axis)
        if get_language() != "en":
            axis.set_major_formatter(NumberFormatter())


def write_ticks_in_the_kit_language() -> None:
    """Make every linear axis made from now on write its ticks in the kit's language of the moment
    (called when :mod:`xochintlan_hex.viz` is imported)."""
    register_scale(LanguageLinearScale)


def new_axes(figsize: tuple[float, float], ax: Axes | None = None) -> Axes:
    """``ax`` itself, or the Axes of a new figure of ``figsize`` inches.

    A new figure is made through pyplot so that Jupyter shows it after the cell,
    as with seaborn; pass ``ax`` to draw into a figure of your own.
    """
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt  # only when asked for a new figure

    # constrained layout: the picture fills the figure, titles still fit
    _, new = plt.subplots(figsize=figsize, layout="constrained")
    return new


def hatch_kwargs(colour: str = HATCH_COLOUR) -> dict[str, Any]:
    """Patch keywords that draw a hatch in ``colour`` and no outline.

    matplotlib 3.10 has ``hatchcolor``; before it the hatch takes the edge colour,
    so the edge is given that colour and a zero width instead.
    """
    if _HAS_HATCHCOLOR:
        return {"hatchcolor": colour, "edgecolor": "none", "linewidth": 0}
    return {"edgecolor": colour, "linewidth": 0}


def _has_hatchcolor() -> bool:
    try:
        Polygon([(0, 0), (1, 0), (0, 1)], hatchcolor="k")
    except (AttributeError, TypeError):
        return False
    return True


_HAS_HATCHCOLOR = _has_hatchcolor()


def points_per_unit(ax: Axes) -> float:
    """How many typographic points one data unit spans on ``ax`` (limits must be set).

    Text sized with it keeps its place inside a cell whatever the figure size.
    """
    ax.apply_aspect()
    fig = cast(Figure, ax.figure)  # the kit's boards are never drawn in subfigures
    bbox = ax.get_position(original=False)
    width_in = bbox.width * fig.get_figwidth()
    height_in = bbox.height * fig.get_figheight()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    per_unit = min(width_in / abs(x1 - x0), height_in / abs(y1 - y0))
    return 72.0 * per_unit


def add(ax: Axes, artist: Artist) -> Artist:
    """Add a patch to ``ax`` without growing the data limits.

    Board pictures set their limits themselves; skipping matplotlib's per-patch
    limit update makes a map of many small patches redraw several times faster,
    which the interactive boards feel.
    """
    ax.add_artist(artist)
    return artist


def finish_board_axes(ax: Axes, points: Iterable[Point], margin: float = 0.3) -> None:
    """Equal aspect, limits around ``points`` plus ``margin``, no ticks or frame."""
    xs, ys = zip(*points)
    ax.set_xlim(min(xs) - margin, max(xs) + margin)
    ax.set_ylim(min(ys) - margin, max(ys) + margin)
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()


def cell_polygon(lattice: Lattice, cell: Cell, scale: float = 1.0, **kwargs: object) -> Polygon:
    """The polygon of ``cell``, shrunk about its centre by ``scale``."""
    cx, cy = lattice.center(cell)
    corners = [(cx + scale * (x - cx), cy + scale * (y - cy)) for x, y in lattice.corners(cell)]
    return Polygon(corners, closed=True, **kwargs)


def outline_edges(lattice: Lattice, cells: Iterable[Cell]) -> list[tuple[Point, Point]]:
    """The sides on the border of a cell set: each side whose neighbour is outside it."""
    inside = set(cells)
    edges = []
    for cell in inside:
        for side in range(lattice.sides):
            if lattice.neighbour(cell, side) not in inside:
                edges.append(lattice.side_corners(cell, side))
    return edges


def outline(ax: Axes, edges: Sequence[tuple[Point, Point]], colour: str, width: float, **kwargs: Any) -> LineCollection:
    """Draw ``edges`` as one thick line collection with round joins."""
    lines = LineCollection(edges, colors=colour, linewidths=width, capstyle="round", joinstyle="round", **kwargs)
    ax.add_collection(lines)
    return lines


def glyph_shape(shape: str, centre: Point, radius: float, **kwargs: object) -> Polygon:
    """A glyph polygon ("diamond", "triangle", "circle", "square", "star") of ``radius``."""
    x, y = centre
    if shape == "circle":
        angles = [2 * math.pi * k / 32 for k in range(32)]
        points = [(x + radius * math.cos(a), y + radius * math.sin(a)) for a in angles]
    elif shape == "star":
        points = []
        for k in range(10):
            r = radius if k % 2 == 0 else radius * 0.45
            a = math.pi / 2 + k * math.pi / 5
            points.append((x + r * math.cos(a), y + r * math.sin(a)))
    else:
        sides, turn, stretch = {"diamond": (4, 90.0, 1.0), "triangle": (3, 90.0, 1.12), "square": (4, 45.0, 1.0)}[shape]
        # a triangle looks smaller than a circle of the same radius: stretch it a little
        r = radius * stretch
        a0 = math.radians(turn)
        points = [
            (x + r * math.cos(a0 + 2 * math.pi * k / sides), y + r * math.sin(a0 + 2 * math.pi * k / sides))
            for k in range(sides)
        ]
        if shape == "triangle":
            # centre the triangle's box (top r, bottom -r/2) on the cell centre, not its centroid
            points = [(px, py - r / 4) for px, py in points]
    return Polygon(points, closed=True, **kwargs)
