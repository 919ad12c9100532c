"""Board pictures as SVG text, with no drawing library: what the kit's objects show in Jupyter and what
the browser boards paint.

As python-chess's ``chess.svg``, this package writes plain strings: a game
object passes what to draw (its cells and their contents), the functions place
every cell with a :class:`~xochintlan_hex.lattice.Layout` and return the
picture. It sits beside :mod:`~xochintlan_hex.lattice` at the bottom of the kit
and imports no game package, so the games call it lazily, and the widgets, the
class server and the pictures all share one screen geometry.

* :mod:`.palette` the colours and glyphs (the same as :mod:`xochintlan_hex.viz.style`'s);
* :mod:`.svg` the SVG primitives over a layout;
* :mod:`.xochintlan` a Xochintlan board, :mod:`.tiling` a puzzle's tiling, :mod:`.polyform` a polyform,
  :mod:`.hextremadura` Hextremadura tiles and maps.
"""

from __future__ import annotations

from .hextremadura import face_svg, icon_svg, map_svg
from .polyform import polyform_svg
from .tiling import tiling_svg
from .xochintlan import board_svg

__all__ = ["board_svg", "face_svg", "icon_svg", "map_svg", "polyform_svg", "tiling_svg"]
