"""SVG primitives over a :class:`~xochintlan_hex.lattice.Layout`: numbers, polygons, outlines, the root element.

Pixels are written with one decimal, as every board of the kit writes them.

>>> from xochintlan_hex.lattice import screen_layout
>>> polygon(screen_layout("square", 10.0).corners((0, 0)), fill="white")
'<polygon points="5.0,5.0 5.0,-5.0 -5.0,-5.0 -5.0,5.0" fill="white"/>'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from ..lattice import Cell, Lattice, Layout, Point

Box = tuple[float, float, float, float]

#: the font the pictures are written in
FONT = "DejaVu Sans, sans-serif"


def points(corners: Iterable[Point]) -> str:
    """The ``points`` attribute of a polygon through ``corners`` (pixels)."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def attributes(**values: object) -> str:
    """``name="value"`` pairs, underscores written as hyphens (``stroke_width`` -> ``stroke-width``)."""
    return " ".join(f'{name.replace("_", "-")}="{value}"' for name, value in values.items())


def polygon(corners: Iterable[Point], **values: object) -> str:
    """A polygon through ``corners`` with the given attributes."""
    extra = attributes(**values)
    return f'<polygon points="{points(corners)}"{" " + extra if extra else ""}/>'


def shrunk(layout: Layout, cell: Cell, factor: float) -> list[Point]:
    """``cell``'s corners pulled towards its centre by ``factor``."""
    return layout.corners(cell, factor)


def outline_edges(layout: Layout, lattice: Lattice, cells: Iterable[Cell]) -> list[tuple[Point, Point]]:
    """The sides (pixels) on the border of a cell set: each side whose neighbour is outside it."""
    inside = set(cells)
    edges = []
    for cell in inside:
        border = [side for side, n in enumerate(lattice.neighbours(cell)) if n not in inside]
        if border:  # the corners only of cells on the border: most cells of a board are inside
            corners = layout.corners(cell)
            edges += [(corners[side], corners[(side + 1) % lattice.sides]) for side in border]
    return edges


def edges_path(edges: Iterable[tuple[Point, Point]]) -> str:
    """The ``d`` attribute of a path drawing each edge as its own segment."""
    return " ".join(f"M{a[0]:.1f},{a[1]:.1f}L{b[0]:.1f},{b[1]:.1f}" for a, b in edges)


def fraction(view_box: Box, point: Point) -> Point:
    """Where the pixel ``point`` lies on a picture of ``view_box``, as fractions of its width and height
    from the top-left."""
    x0, y0, width, height = view_box
    return ((point[0] - x0) / width, (point[1] - y0) / height)


def document(view_box: Box, label: str, body: Sequence[str], *, style: str = "") -> str:
    """The ``<svg>`` element of ``view_box`` holding ``body``; ``label`` is what a screen reader says."""
    x0, y0, width, height = view_box
    css = f' style="{style}"' if style else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}"{css} '
        f'font-family="{FONT}" role="img" aria-label="{html.escape(label)}">' + "".join(body) + "</svg>"
    )


def sized(picture: str, max_width: float) -> str:
    """``picture`` given a width in pixels: its view box's, at most ``max_width`` (its height follows).
    A still picture in a notebook shows at that size; a board on a page scales to its box instead."""
    start = picture.index('viewBox="') + len('viewBox="')
    width = float(picture[start : picture.index('"', start)].split()[2])
    return picture.replace("<svg ", f'<svg width="{min(width, max_width):.0f}" ', 1)
