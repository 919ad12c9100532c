"""Who draws an app's board, chosen once when the app is made: the browser or matplotlib.

An app draws its board two ways (:class:`BoardDrawings`): an SVG picture that the
browser paints and scales (:class:`SvgView`, ``board="svg"``, the default), or a
matplotlib figure on an ipympl canvas in the kernel (:class:`CanvasView`,
``board="ipympl"``). :func:`board_view` reads the app's ``board=`` once and makes
the view; from then on the app asks its view, never which kind it has, to paint
the board after a change, to say where a cell lies on screen (what a browser test
clicks), and for the picture a saved notebook keeps (matplotlib's, either way).
:class:`BoardApp` is the apps' base that makes the view and answers from it
(``cell_to_canvas_fraction``, ``static_png``).

>>> drawings = BoardDrawings(
...     svg=lambda: "<svg/>",
...     svg_fraction=lambda cell: (0.5, 0.5),
...     figure=lambda: None,
...     figure_fraction=lambda cell: (0.25, 0.75),
... )
>>> view = board_view("svg", drawings, (2.0, 2.0), svg_board=lambda: SvgBoard(print), svg_flex="1 1 300px")
>>> view.paint()
>>> view.widget.svg, view.fraction((0, 0)), view.png().startswith(b"\\x89PNG")
('<svg/>', (0.5, 0.5), True)
>>> board_view("ipympl", drawings, (2.0, 2.0), svg_board=lambda: SvgBoard(print), svg_flex="1 1 300px").fraction((0, 0))
(0.25, 0.75)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import ipywidgets as w

from ..lattice import Cell, Point
from .base import App, BoardCanvas, as_cell, speaking
from .svgboard import SvgBoard

#: who may draw a board: the browser (SVG) or matplotlib in the kernel (ipympl)
BOARD_KINDS = ("svg", "ipympl")


def check_board_kind(kind: str) -> str:
    """``kind`` when it is one of :data:`BOARD_KINDS`, else a ValueError naming them."""
    if kind not in BOARD_KINDS:
        raise ValueError(f"board must be one of {list(BOARD_KINDS)}, not {kind!r}")
    return kind


def _no_panels(index: int) -> Point:
    raise ValueError(f"this board has no panels beside it (asked for panel {index!r})")


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class BoardDrawings:
    """An app's board drawn both ways, and where things lie on each drawing.

    A place on a drawing is a pair of fractions of its width and height, measured
    from the top-left corner, as a browser measures a click. A panel is a picture
    beside the board that a click chooses (Hextremadura's two available tiles).
    """

    #: the SVG picture of the board as it stands
    svg: Callable[[], str]
    #: where a cell's centre lies on the SVG picture
    svg_fraction: Callable[[Cell], Point]
    #: draws the board as it stands on the app's matplotlib figure
    figure: Callable[[], None]
    #: where a cell's centre lies on the figure
    figure_fraction: Callable[[Cell], Point]
    #: where panel ``index`` lies on the SVG picture, and on the figure
    svg_panel_fraction: Callable[[int], Point] = field(default=_no_panels)
    figure_panel_fraction: Callable[[int], Point] = field(default=_no_panels)
    #: what to do once the kernel's canvas has a new frame (e.g. draw ahead what the next clicks need)
    after_canvas_paint: Callable[[], None] = field(default=_nothing)


class SvgView:
    """The board drawn by the browser: after each change the kernel sends the SVG picture,
    which the page paints at once and scales to the room it has.

    The matplotlib figure (``canvas``, never shown) is drawn only when a saved
    notebook asks for its picture.
    """

    def __init__(self, board: SvgBoard, drawings: BoardDrawings, size: tuple[float, float], flex: str) -> None:
        self.widget = board
        self.svg_board: SvgBoard | None = board
        self.canvas = BoardCanvas(size, static=True)
        self.flex = flex  # a picture the browser scales: how it shares the row with the controls
        self._drawings = drawings

    def paint(self) -> None:
        """Send the board as it stands to the page."""
        self.widget.svg = self._drawings.svg()

    def paint_hover(self) -> None:
        """Nothing to send: the page previews a hover itself, from the picture it has."""

    def fraction(self, cell: Cell) -> Point:
        """Where ``cell``'s centre lies on the board (fractions from the top-left)."""
        return self._drawings.svg_fraction(cell)

    def panel_fraction(self, index: int) -> Point:
        """Where panel ``index`` lies on the board (fractions from the top-left)."""
        return self._drawings.svg_panel_fraction(index)

    def png(self) -> bytes:
        """The picture a saved notebook keeps: the board drawn by matplotlib now."""
        self._drawings.figure()
        return self.canvas.png()


class CanvasView:
    """The board drawn by matplotlib in the kernel, on an ipympl canvas (a picture under a
    notice when ipympl is missing): each change draws the figure and sends a frame."""

    #: the canvas keeps its size, so each pixel stays on its cell
    flex = "0 0 auto"
    svg_board: SvgBoard | None = None

    def __init__(self, drawings: BoardDrawings, size: tuple[float, float]) -> None:
        self.canvas = BoardCanvas(size)
        self.widget: w.Widget = self.canvas.widget
        self._drawings = drawings

    def paint(self) -> None:
        """Draw the board as it stands and send the frame to the page."""
        self._drawings.figure()
        self.canvas.refresh()
        self._drawings.after_canvas_paint()

    def paint_hover(self) -> None:
        """A hover's preview is drawn by the kernel: paint again."""
        self.paint()

    def fraction(self, cell: Cell) -> Point:
        """Where ``cell``'s centre lies on the canvas (fractions from the top-left)."""
        return self._drawings.figure_fraction(cell)

    def panel_fraction(self, index: int) -> Point:
        """Where panel ``index`` lies on the canvas (fractions from the top-left)."""
        return self._drawings.figure_panel_fraction(index)

    def png(self) -> bytes:
        """The picture a saved notebook keeps: the canvas as last painted."""
        return self.canvas.png()


BoardView = SvgView | CanvasView


def board_view(
    kind: str,
    drawings: BoardDrawings,
    size: tuple[float, float],
    *,
    svg_board: Callable[[], SvgBoard],
    svg_flex: str,
) -> BoardView:
    """The view that draws a board of ``kind`` ("svg" or "ipympl"): the one place an app's
    board kind is read. ``size`` is the figure's (inches at 100 pixels per inch);
    ``svg_board`` makes the app's SVG widget (only for an SVG board), whose flex in the
    app's row is ``svg_flex``."""
    if check_board_kind(kind) == "svg":
        return SvgView(svg_board(), drawings, size, svg_flex)
    return CanvasView(drawings, size)


class BoardApp(App):
    """An app whose board is drawn by a view chosen once (:meth:`_choose_view`).

    ``board`` is the app's matplotlib figure on its canvas (the board itself with
    ipympl, else only the picture a saved notebook keeps), ``figure`` that figure,
    and ``svg_board`` the SVG board widget when the browser draws the board (else None).
    """

    board_kind: str
    view: BoardView
    board: BoardCanvas
    svg_board: SvgBoard | None

    def _choose_view(
        self, drawings: BoardDrawings, size: tuple[float, float], svg_board: Callable[[], SvgBoard], svg_flex: str
    ) -> None:
        """Make the board's view, of the kind the app was given (``board_kind``)."""
        self.view = board_view(self.board_kind, drawings, size, svg_board=svg_board, svg_flex=svg_flex)
        self.board, self.svg_board = self.view.canvas, self.view.svg_board
        self.figure = self.board.figure

    def cell_to_canvas_fraction(self, cell: Cell) -> Point:
        """Where ``cell``'s centre is on the board: (x, y) fractions of its width and height,
        measured from the top-left corner (as a browser measures clicks)."""
        return self.view.fraction(as_cell(cell))

    @speaking
    def static_png(self) -> bytes | None:
        """A picture of the board as it stands (PNG bytes), kept in saved notebooks."""
        return self.view.png()
