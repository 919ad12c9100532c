"""What every board app shares: a clickable matplotlib canvas, its fallback, and pixel geometry.

A :class:`BoardCanvas` holds one matplotlib :class:`~matplotlib.figure.Figure`
made without pyplot (so it is never shown twice, nor left in pyplot's list of
open figures) and puts it on the page:

* with ipympl installed, on an ipympl canvas widget: mouse clicks, mouse motion
  and key presses reach the app through matplotlib's own events
  (``button_press_event``, ``motion_notify_event``, ``key_press_event``);
* without ipympl, as a static picture (an ``Image`` widget re-rendered after each
  change) under a visible notice that says how to install it. The app still plays
  through its methods (``app.click(cell)`` and so on).

Pixel geometry (:func:`cell_at`, :func:`data_to_fraction`) inverts the lattice's
drawing layout, ``Lattice.center``: the cell under a point is the cell whose
centre is nearest, which is exactly the cell polygon on both lattices.

>>> from xochintlan_hex.lattice import HEX, SQUARE
>>> cell_at(SQUARE, 1.2, -1.9), cell_at(HEX, *HEX.center((2, -1)))
((1, 2), (2, -1))
"""

from __future__ import annotations

import io
import math
from typing import Any, Callable

import ipywidgets as w
from matplotlib.axes import Axes
from matplotlib.backend_bases import KeyEvent, MouseEvent
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..lattice import SQRT3, Cell, Lattice

#: shown in place of a clickable board when ipympl cannot be imported
IPYMPL_MISSING = (
    "Interactive boards need the ipympl package, which is not installed in this kernel. "
    "Install it with <code>pip install ipympl</code> (or run <code>%pip install ipympl</code> "
    "in a cell), then restart the kernel. Until then the board below is a picture: "
    "play through the app's methods, e.g. <code>app.click((1, 0))</code>."
)

#: figure resolution: one figure inch is this many canvas pixels (before the screen's pixel ratio)
DPI = 100


def css(widget: w.DOMWidget, *classes: str) -> w.DOMWidget:
    """Add stable CSS classes to ``widget`` (for browser tests and styling) and return it."""
    for name in classes:
        widget.add_class(name)
    return widget


def ipympl_canvas_class() -> type | None:
    """ipympl's canvas widget class, or None when ipympl cannot be imported."""
    try:
        from ipympl.backend_nbagg import Canvas, FigureManager  # noqa: F401
    except ImportError:
        return None
    return Canvas


class App:
    """What the three apps share: a root widget that Jupyter shows for the app itself."""

    widget: w.Box

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # A cell ending with the app shows its widget, as for any ipywidget.
        return self.widget._repr_mimebundle_(**kwargs)


class BoardCanvas:
    """A figure on the page: an ipympl canvas when possible, else a static picture.

    ``widget`` is the container to place in a layout (CSS class ``xh-board``);
    ``interactive`` says whether mouse and keys reach the figure.
    """

    def __init__(self, figsize: tuple[float, float], board_class: str = "xh-board") -> None:
        self.figure = Figure(figsize=figsize, dpi=DPI)
        canvas_class = ipympl_canvas_class()
        self.interactive = canvas_class is not None
        if self.interactive:
            self._image = None
            self.notice = None
            self.canvas = _ipympl_canvas(self.figure)
            children: list[w.Widget] = [self.canvas]
        else:
            self.canvas = FigureCanvasAgg(self.figure)
            self._image = w.Image(format="png")
            self.notice = css(w.HTML(IPYMPL_MISSING), "xh-notice")
            children = [self.notice, self._image]
        self.widget = css(w.VBox(children), board_class)

    def connect(self, event: str, handler: Callable[[Any], None]) -> int:
        """Call ``handler(event)`` on a matplotlib event of this figure (no-op when static)."""
        return self.canvas.mpl_connect(event, handler)

    def refresh(self) -> None:
        """Show the figure's current state on the page.

        ipympl: ask the browser to fetch a new frame (rendered on demand, so
        several changes in one handler cost one render). Static: render a PNG now.
        """
        if self.interactive:
            self.canvas.draw_idle()
        else:
            self._image.value = self.png()

    def draw(self) -> None:
        """Render the figure now (the cost of one frame; what the benchmarks time)."""
        self.canvas.draw()

    def png(self) -> bytes:
        """The figure as PNG bytes."""
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=DPI)
        return buffer.getvalue()

    def mouse(self, kind: str, fraction: tuple[float, float], button: int = 1) -> None:
        """Deliver a mouse event at ``fraction`` of the canvas, as a browser would.

        ``kind`` is ``"button_press"`` or ``"motion_notify"``. Handlers run exactly
        as for a real click, on either kind of canvas: tests and benchmarks use it.
        """
        x, y = fraction_to_pixels(self.figure, fraction)
        y = self.figure.bbox.height - y  # matplotlib counts pixels from the bottom
        event = MouseEvent(f"{kind}_event", self.canvas, x, y, button=button if kind == "button_press" else None)
        self.canvas.callbacks.process(event.name, event)

    def key(self, key: str) -> None:
        """Deliver a key press on the canvas, as a browser would."""
        event = KeyEvent("key_press_event", self.canvas, key)
        self.canvas.callbacks.process(event.name, event)


def _ipympl_canvas(figure: Figure) -> Any:
    """An ipympl canvas widget for ``figure``, configured for a game board.

    The canvas is made directly rather than through pyplot, so the figure is not
    registered with pyplot and appears only where the app places it.
    """
    from ipympl.backend_nbagg import Canvas, FigureManager

    canvas = Canvas(figure)
    FigureManager(canvas, 0)  # the canvas routes browser messages through its manager
    # No toolbar (pan and zoom would move cells away from the pixels tests click),
    # no resize handle, no title bar or coordinate footer: a plain board.
    canvas.toolbar_visible = False
    canvas.header_visible = False
    canvas.footer_visible = False
    canvas.resizable = False
    canvas.capture_scroll = False
    return canvas


# ---------------------------------------------------------------------------
# pixel geometry
# ---------------------------------------------------------------------------
def cell_at(lattice: Lattice, x: float, y: float) -> Cell:
    """The cell whose drawing (``lattice.center``/``corners``) covers the point ``(x, y)``."""
    if lattice.sides == 4:
        # Square centres are (x, -y): y grows downwards on the board, upwards in drawings.
        return (round(x), round(-y))
    # Invert the pointy-top layout, then round in cube coordinates (Red Blob Games).
    r = -y / 1.5
    q = x / SQRT3 - r / 2.0
    return _cube_round(q, r)


def _cube_round(q: float, r: float) -> Cell:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    # The coordinate that moved most is the one to recompute from the other two.
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def data_to_fraction(ax: Axes, point: tuple[float, float]) -> tuple[float, float]:
    """Where ``point`` (data units of ``ax``) lies on the canvas, as fractions from the top-left.

    ``(0.5, 0.5)`` is the middle of the canvas. The axes' final position is
    computed first (equal aspect shrinks the axes box only at draw time).
    """
    ax.apply_aspect()
    fig = ax.figure
    px, py = ax.transData.transform(point)
    width, height = fig.bbox.width, fig.bbox.height
    return (float(px / width), float(1.0 - py / height))


def fraction_to_pixels(figure: Figure, fraction: tuple[float, float]) -> tuple[float, float]:
    """Canvas pixels (from the top-left, as a browser reports a click) of a fraction of the figure."""
    fx, fy = fraction
    return (fx * figure.bbox.width, fy * figure.bbox.height)


def is_finite_point(x: float | None, y: float | None) -> bool:
    """True when a mouse event landed inside axes (matplotlib gives None outside)."""
    return x is not None and y is not None and math.isfinite(x) and math.isfinite(y)
