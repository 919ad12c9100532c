"""How an app's board reaches the page: chosen once, when the app is made.

An app draws its board in one of two ways (``board=`` of each app): an SVG
picture the browser paints (``"svg"``, :class:`SvgView`) or a matplotlib figure
on an ipympl canvas (``"ipympl"``, :class:`CanvasView`). The app makes one view
with :func:`board_view` and from then on asks it: the widget to lay out, redraw
the board, where a cell lies on it (as a browser test clicks it), the picture a
saved notebook keeps. The app itself knows how to draw each way (a
:class:`Picture`); the view knows which way is on the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

import ipywidgets as w

from ..lattice import Cell
from .base import BoardCanvas, css
from .svgboard import SvgBoard

#: the board kinds an app offers, the browser-drawn picture first (the default)
BOARD_KINDS = ("svg", "ipympl")


class Picture(Protocol):
    """What an app draws, each way: the SVG picture and the matplotlib figure, and where a cell lies on each
    (fractions of the width and height from the top-left)."""

    def board_svg(self) -> str: ...

    def svg_fraction(self, cell: Cell) -> tuple[float, float]: ...

    def draw_canvas(self, live: bool) -> None:
        """Draw the board on the figure; ``live`` when the figure is the board on the page (not only the
        picture a saved notebook keeps)."""

    def canvas_fraction(self, cell: Cell) -> tuple[float, float]: ...


class TilePicture(Picture, Protocol):
    """A picture with tiles to choose beside the board (Hextremadura's): where tile ``index`` lies on each."""

    def svg_tile_fraction(self, index: int) -> tuple[float, float]: ...

    def canvas_tile_fraction(self, index: int) -> tuple[float, float]: ...


class BoardView(Protocol):
    """The board of an app as the page shows it."""

    #: "svg" or "ipympl"
    kind: str
    #: the matplotlib figure (the board itself with ipympl, else the picture a saved notebook keeps)
    canvas: BoardCanvas
    #: the browser-drawn board, when there is one
    svg_board: Any
    #: True when the page previews a hover by itself (the app need not redraw)
    previews_in_page: bool

    @property
    def widget(self) -> w.Widget: ...

    def redraw(self) -> None: ...

    def cell_fraction(self, cell: Cell) -> tuple[float, float]: ...

    def tile_fraction(self, index: int) -> tuple[float, float]: ...

    def static_png(self) -> bytes | None: ...


class SvgView:
    """The board as an SVG picture the browser paints and scales; the figure is drawn only when a saved
    notebook asks for its picture."""

    kind = "svg"
    previews_in_page = True

    def __init__(self, picture: Picture, figsize: tuple[float, float], svg_board: SvgBoard, flex: str) -> None:
        self.picture = picture
        self.canvas = BoardCanvas(figsize, static=True)
        self.svg_board = css(svg_board, "xh-board")
        # a picture the browser scales: it gives or takes room beside the controls
        self.svg_board.layout.flex = flex

    @property
    def widget(self) -> w.Widget:
        return self.svg_board

    def redraw(self) -> None:
        self.svg_board.svg = self.picture.board_svg()

    def cell_fraction(self, cell: Cell) -> tuple[float, float]:
        return self.picture.svg_fraction(cell)

    def tile_fraction(self, index: int) -> tuple[float, float]:
        return cast(TilePicture, self.picture).svg_tile_fraction(index)

    def static_png(self) -> bytes | None:
        self.picture.draw_canvas(live=False)
        return self.canvas.png()


class CanvasView:
    """The board as a matplotlib figure on an ipympl canvas (a picture, with a notice, without ipympl)."""

    kind = "ipympl"
    previews_in_page = False
    svg_board = None

    def __init__(self, picture: Picture, figsize: tuple[float, float]) -> None:
        self.picture = picture
        self.canvas = BoardCanvas(figsize)

    @property
    def widget(self) -> w.Widget:
        return self.canvas.widget

    def redraw(self) -> None:
        self.picture.draw_canvas(live=True)
        self.canvas.refresh()

    def cell_fraction(self, cell: Cell) -> tuple[float, float]:
        return self.picture.canvas_fraction(cell)

    def tile_fraction(self, index: int) -> tuple[float, float]:
        return cast(TilePicture, self.picture).canvas_tile_fraction(index)

    def static_png(self) -> bytes | None:
        return self.canvas.png()


def checked_board_kind(board: Any) -> str:
    """``board`` itself when it names a board kind (ValueError naming the kinds otherwise)."""
    if board not in BOARD_KINDS:
        raise ValueError(f"board must be one of {list(BOARD_KINDS)}, not {board!r}")
    return str(board)


def board_view(
    kind: str, picture: Picture, figsize: tuple[float, float], svg_board: Callable[[], SvgBoard], flex: str
) -> BoardView:
    """The view of ``kind`` (one of :data:`BOARD_KINDS`, see :func:`checked_board_kind`) for an app drawing
    ``picture``: ``figsize`` is the figure's size, ``svg_board`` makes the browser board, ``flex`` its CSS
    flex beside the controls."""
    if checked_board_kind(kind) == "svg":
        return SvgView(picture, figsize, svg_board(), flex)
    return CanvasView(picture, figsize)
