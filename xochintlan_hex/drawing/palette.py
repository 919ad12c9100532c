"""The kit's colours and glyphs for SVG pictures: the values :mod:`xochintlan_hex.viz.style` draws
with (a test keeps the two equal), without matplotlib.

Every colour comes from the Okabe-Ito palette, which stays distinct for the
common forms of colour blindness; each animal also has its glyph, each terrain
its hatch, so colour is never the only cue.

>>> [(round(x, 6), round(y, 6)) for x, y in glyph_offsets("diamond", 1.0)]
[(0.0, 1.0), (-1.0, 0.0), (-0.0, -1.0), (1.0, -0.0)]
"""

from __future__ import annotations

import math

Offset = tuple[float, float]

#: the Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2002)
OKABE_ITO: dict[str, str] = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "black": "#000000",
}

# -- Xochintlan -----------------------------------------------------------------
ANIMAL_COLOURS: dict[str, str] = {
    "L": OKABE_ITO["bluish_green"],
    "B": OKABE_ITO["sky_blue"],
    "M": OKABE_ITO["orange"],
    "H": "#FFFFFF",
}
ANIMAL_SHAPES: dict[str, str] = {"L": "diamond", "B": "triangle", "M": "circle", "H": "star"}
LOCK_COLOUR = OKABE_ITO["vermillion"]
PATTERN_COLOUR = OKABE_ITO["reddish_purple"]
LEGAL_COLOUR = OKABE_ITO["blue"]
SELECTED_COLOUR = OKABE_ITO["blue"]
LAST_MOVE_COLOUR = "#000000"
#: light fill of an empty cell where a click plays
LEGAL_FILL = "#DDEBF7"

# -- Hextremadura ---------------------------------------------------------------
TERRAIN_COLOURS: dict[str, str] = {
    "forest": OKABE_ITO["bluish_green"],
    "water": OKABE_ITO["sky_blue"],
    "crops": OKABE_ITO["yellow"],
}
ICON_COLOURS: dict[str, str] = {"acorn": "#8C5A2B", "stork": "#FFFFFF", "monument": "#7F7F7F"}

# -- puzzles --------------------------------------------------------------------
#: one colour per piece index: Okabe-Ito first, then Paul Tol's muted scheme; cycled past 12
PIECE_COLOURS: tuple[str, ...] = (
    "#E69F00",
    "#56B4E9",
    "#009E73",
    "#F0E442",
    "#0072B2",
    "#D55E00",
    "#CC79A7",
    "#882255",
    "#999933",
    "#FFAABB",
    "#332288",
    "#44AA99",
)
EMPTY_COLOUR = "#F4F4F4"

# -- general --------------------------------------------------------------------
OUTLINE = "#222222"
GRID = "#BBBBBB"
MET_COLOUR = OKABE_ITO["bluish_green"]
UNMET_COLOUR = OKABE_ITO["vermillion"]


def piece_colour(index: int) -> str:
    """The colour of piece number ``index``."""
    return PIECE_COLOURS[index % len(PIECE_COLOURS)]


def text_colour(fill: str) -> str:
    """Black on light fills, white on dark ones (relative luminance, WCAG).

    >>> text_colour("#F0E442"), text_colour("#332288")
    ('black', 'white')
    """
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return "black" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.35 else "white"


def glyph_offsets(shape: str, radius: float) -> list[Offset]:
    """The corners of a glyph ("diamond", "triangle", "circle", "square", "star") of ``radius``, as offsets
    from its centre with y up (place them with :meth:`~xochintlan_hex.lattice.Layout.offset`)."""
    if shape == "circle":
        angles = [2 * math.pi * k / 32 for k in range(32)]
        return [(radius * math.cos(a), radius * math.sin(a)) for a in angles]
    if shape == "star":
        points = []
        for k in range(10):
            r = radius if k % 2 == 0 else radius * 0.45
            a = math.pi / 2 + k * math.pi / 5
            points.append((r * math.cos(a), r * math.sin(a)))
        return points
    sides, turn, stretch = {"diamond": (4, 90.0, 1.0), "triangle": (3, 90.0, 1.12), "square": (4, 45.0, 1.0)}[shape]
    r = radius * stretch  # a triangle looks smaller than a circle of the same radius: stretch it a little
    a0 = math.radians(turn)
    points = [
        (r * math.cos(a0 + 2 * math.pi * k / sides), r * math.sin(a0 + 2 * math.pi * k / sides)) for k in range(sides)
    ]
    if shape == "triangle":
        # centre the triangle's box (top r, bottom -r/2) on the cell centre, not its centroid
        points = [(px, py - r / 4) for px, py in points]
    return points
