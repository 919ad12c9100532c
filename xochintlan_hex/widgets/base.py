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

import asyncio
import base64
import functools
import html
import io
import math
import re
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as w
import numpy as np
from matplotlib.axes import Axes
from matplotlib.backend_bases import KeyEvent, MouseEvent
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from PIL import Image

from ..i18n import LANGUAGES, N_, _, check_language, get_language, use_language
from ..lattice import Cell, Lattice

#: shown in place of a clickable board when ipympl cannot be imported (translated where shown)
IPYMPL_MISSING = N_(
    "Interactive boards need the ipympl package, which is not installed in this kernel. "
    "Install it with <code>pip install ipympl</code> (or run <code>%pip install ipympl</code> "
    "in a cell), then restart the kernel. Until then the board below is a picture: "
    "play through the app's methods, e.g. <code>app.click((1, 0))</code>."
)

#: figure resolution: one figure inch is this many canvas pixels (before the screen's pixel ratio)
DPI = 100


def side_by_side(board: w.Widget, controls: w.Widget, board_flex: str = "0 0 auto") -> w.HBox:
    """The board and its controls in a row; the controls go below it when the page is too narrow.

    By default the board is never squeezed: its canvas keeps its size, so every
    pixel still maps to the same cell, and no control ever covers it. A board the
    browser scales (an SVG picture) may share the row as ``board_flex`` says.
    """
    board.layout.flex = board_flex
    controls.layout.flex = "1 1 300px"
    controls.layout.min_width = "300px"
    controls.layout.max_width = "420px"
    return w.HBox([board, controls], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))


def app_root(
    board: w.Widget,
    side: list[w.Widget],
    keys: w.Widget,
    *classes: str,
    language: w.Widget | None = None,
    board_flex: str = "0 0 auto",
) -> w.Box:
    """An app's root widget: the board, and beside it one column that starts with what a player
    must read (the status, the banner, the refusal line) and ends with the key line (and the
    app's FR/EN switch, ``language``); ``board_flex`` is the board's share of the row
    (:func:`side_by_side`).

    Everything a player needs sits beside the board, so the whole app fits a
    projector's screen (1280 x 800 with JupyterLab's file browser open) without scrolling.
    """
    last = keys if language is None else w.HBox([language, keys], layout=w.Layout(align_items="center", grid_gap="8px"))
    column = w.VBox([*side, last], layout=w.Layout(grid_gap="4px"))
    row = side_by_side(board, column, board_flex)
    return css(w.VBox([row], layout=w.Layout(padding="4px")), "xh-app", *classes)


#: toggle buttons as wide as their labels (ipywidgets' default is a fixed 148 px per button)
COMPACT_TOGGLES = {"button_width": "auto"}


def message_line(css_class: str = "xh-message") -> w.HTML:
    """A line for the engine's refusals: it keeps its height when empty, so nothing below jumps."""
    return css(w.HTML(layout=w.Layout(min_height="1.6em")), css_class)


def banner_html(text: str, detail: str = "") -> str:
    """The HTML of a banner (a win, a tie, the end screen): bold text on a pale band."""
    more = f"<br>{escape(detail)}" if detail else ""
    return (
        f"<div style='background:#FFF1C9;border-left:6px solid #E69F00;padding:6px 10px;"
        f"font-size:1.15em'><b>{escape(text)}</b>{more}</div>"
    )


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this code (the kernel's, in Jupyter), or None in a plain script."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def css(widget: w.DOMWidget, *classes: str) -> w.DOMWidget:
    """Add stable CSS classes to ``widget`` (for browser tests and styling) and return it."""
    for name in classes:
        widget.add_class(name)
    return widget


def ipympl_backend() -> Any:
    """ipympl's backend module, imported without changing the notebook's backend.

    Importing ipympl switches matplotlib to the widget backend, so after the first
    app every later ``plt.subplots`` of a lesson would become a widget instead of
    an inline picture. The apps make their canvases directly and need no pyplot
    backend, so the backend in use before the import is put back.
    """
    import matplotlib

    backend_before = matplotlib.get_backend()
    import ipympl.backend_nbagg as backend

    if matplotlib.get_backend() != backend_before:
        matplotlib.use(backend_before)
    return backend


def ipympl_canvas_class() -> type | None:
    """ipympl's canvas widget class, or None when ipympl cannot be imported."""
    try:
        return ipympl_backend().Canvas
    except ImportError:
        return None


Method = TypeVar("Method", bound=Callable[..., Any])


def speaking(method: Method) -> Method:
    """Run an app's method in the app's language (``app.language``).

    The texts the method shows, and the engine's messages it passes on (a
    refusal's reason), come out in that language, whatever the kit's language is.
    """

    @functools.wraps(method)
    def in_language(self: Any, *args: Any, **kwargs: Any) -> Any:
        with use_language(self.language):
            return method(self, *args, **kwargs)

    return in_language  # type: ignore[return-value]


class App:
    """What the apps share: a root widget that Jupyter shows for the app itself, text read
    back by CSS class, controls that follow the app's state, and the language it speaks.

    ``language`` ("en" or "fr") is what every text of the app is shown in: the
    kit's language (:func:`~xochintlan_hex.i18n.get_language`) unless the app was
    given its own. :meth:`set_language` (the app's FR/EN switch) shows every text
    again in another language and leaves the game as it is.
    """

    widget: w.Box
    language: str = "en"
    _syncing = False
    _language_choice: w.ToggleButtons | None = None

    def _speak(self, language: str | None) -> None:
        """Take ``language`` (None: the kit's language now) as the app's language."""
        self.language = get_language() if language is None else check_language(language)

    def _language_switch(self) -> w.ToggleButtons:
        """The app's FR/EN switch (CSS class ``xh-language``): each language by its code, its name as a tooltip."""
        codes = sorted(LANGUAGES, key=lambda code: code != "fr")  # FR first: the switch reads "FR | EN"
        self._language_choice = css(
            w.ToggleButtons(
                options=[(code.upper(), code) for code in codes],
                value=self.language,
                tooltips=[LANGUAGES[code] for code in codes],
                style={"button_width": "3.2em"},
                layout=w.Layout(width="auto", flex="0 0 auto"),
            ),
            "xh-language",
        )  # the two buttons side by side
        self._language_choice.observe(self._from_control(self.set_language), "value")
        return self._language_choice

    #: The colour of a refusal on the message line.
    refusal_colour = "#B33C00"
    _message: w.HTML
    _message_text: Callable[[], str] = str
    _refused = False

    @property
    def message(self) -> str:
        """The message line's text (the engine's refusal, or what the last click did), in the app's language."""
        with use_language(self.language):
            return self._message_text()

    def _set_message(self, text: str | Callable[[], str], refused: bool = False) -> None:
        """Show ``text`` on the message line: a text, or a function that writes it in the language in use
        (so that the line follows the app's FR/EN switch)."""
        self._message_text = text if callable(text) else (lambda: text)
        self._refused = refused
        self._show_message()

    def _show_message(self) -> None:
        """The message line: the last refusal or news (red for a refusal), else nothing."""
        text = self._message_text()
        colour = f"color: {self.refusal_colour};" if self._refused else ""
        self._message.value = f"<span style='{colour}'>{escape(text)}</span>" if text else ""

    def set_language(self, language: str) -> App:
        """Show every text of the app in ``language`` ("en" or "fr"); the game stays exactly as it is."""
        self._speak(check_language(language))
        if self._language_choice is not None:
            self._quiet_set(self._language_choice, self.language)
        with use_language(self.language):
            self._show_texts()
        return self

    def _show_texts(self) -> None:
        """Write every text of the app again, in the language in use (each app says how)."""
        raise NotImplementedError

    @speaking
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # A cell ending with the app shows its widget, as for any ipywidget. A saved notebook
        # also keeps a picture of the board and a line of text: a lesson not yet run (or read
        # on a code-hosting site) shows the board as it was, not a dump of widget names.
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            picture = self.static_png()
            if picture is not None:
                bundle["image/png"] = base64.b64encode(picture).decode("ascii")
            bundle["text/plain"] = _("{app}: run the notebook to play with this board").format(app=type(self).__name__)
        return bundle

    def static_png(self) -> bytes | None:
        """A picture of the app's board as it stands (PNG bytes), kept in saved notebooks."""
        board = getattr(self, "board", None)
        return board.png() if isinstance(board, BoardCanvas) else None

    def find(self, css_class: str) -> w.Widget:
        """The first widget of the app carrying ``css_class`` (e.g. ``"xh-status"``)."""
        found = find_widget(self.widget, css_class)
        if found is None:
            raise ValueError(f"no widget of this app has the CSS class {css_class!r}")
        return found

    def text(self, css_class: str) -> str:
        """The plain text the page shows in the widget carrying ``css_class``.

        The same text a browser test reads, so tests without a browser assert on
        what a person sees.
        """
        return plain_text(self.find(css_class))

    def _quiet_set(self, widget: w.Widget, value: Any, name: str = "value") -> None:
        """Make a control show the app's state without running the control's own handler."""
        self._syncing = True
        try:
            setattr(widget, name, value)
        finally:
            self._syncing = False

    def _from_control(self, action: Callable[[Any], Any]) -> Callable[[dict[str, Any]], None]:
        """An observer that runs ``action(new value)`` when a person changes a control."""

        def observer(change: dict[str, Any]) -> None:
            if not self._syncing and change["new"] is not None:
                action(change["new"])

        return observer


def find_widget(root: w.Widget, css_class: str) -> w.Widget | None:
    """Depth-first search of a widget tree for the first widget with ``css_class``."""
    if css_class in getattr(root, "_dom_classes", ()):
        return root
    for child in getattr(root, "children", ()):
        found = find_widget(child, css_class)
        if found is not None:
            return found
    return None


def plain_text(widget: w.Widget) -> str:
    """The text a widget shows, without markup (Labels, HTML, Buttons, choices, boxes)."""
    if isinstance(widget, w.HTML):
        # Line breaks and list items start new lines, as a browser shows them.
        text = re.sub(r"<br\s*/?>|</li>|<ul[^>]*>|</div>", "\n", widget.value)
        lines = (html.unescape(re.sub(r"<[^>]*>", "", line)).strip() for line in text.split("\n"))
        return "\n".join(line for line in lines if line)
    if isinstance(widget, w.Button):
        return widget.description
    if isinstance(widget, (w.ToggleButtons, w.Dropdown)):
        return "" if widget.label is None else str(widget.label)
    if isinstance(widget, w.Box):
        return "\n".join(t for t in (plain_text(c) for c in widget.children) if t)
    value = getattr(widget, "value", "")
    return value if isinstance(value, str) else ""


def escape(text: str) -> str:
    """``text`` made safe to put inside an HTML widget."""
    return html.escape(text, quote=False)


class BoardCanvas:
    """A figure on the page: an ipympl canvas when possible, else a static picture.

    ``widget`` is the container to place in a layout (CSS class ``xh-board``);
    ``interactive`` says whether mouse and keys reach the figure.
    """

    def __init__(self, figsize: tuple[float, float], board_class: str = "xh-board", static: bool = False) -> None:
        self.figure = Figure(figsize=figsize, dpi=DPI)
        # static: a picture only (never shown by itself), e.g. what a saved notebook keeps of a board drawn elsewhere
        canvas_class = None if static else ipympl_canvas_class()
        self.interactive = canvas_class is not None
        if self.interactive:
            self._image = None
            self.notice = None
            self.canvas = _ipympl_canvas(self.figure)
            children: list[w.Widget] = [self.canvas]
        else:
            self.canvas = FigureCanvasAgg(self.figure)
            self._image = w.Image(format="png")
            self.notice = None if static else css(w.HTML(_(IPYMPL_MISSING)), "xh-notice")
            children = [self._image] if static else [self.notice, self._image]
        self.widget = css(w.VBox(children), board_class)

    def relabel(self) -> None:
        """Write the "ipympl missing" notice again, in the language in use."""
        if self.notice is not None:
            self.notice.value = _(IPYMPL_MISSING)

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
        elif self._image is not None and self.notice is not None:  # a static board on the page (ipympl missing)
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
        # matplotlib takes fractional pixels here, though its stubs ask for ints
        event = MouseEvent(
            f"{kind}_event",
            self.canvas,
            x,  # type: ignore[arg-type]
            y,  # type: ignore[arg-type]
            button=button if kind == "button_press" else None,  # type: ignore[arg-type]
        )
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
    FigureManager = ipympl_backend().FigureManager

    canvas = _whole_frame_canvas_class()(figure)
    with warnings.catch_warnings():
        # ipympl's toolbar passes its canvas on to traitlets, which warns; harmless.
        warnings.filterwarnings("ignore", "Passing unrecognized arguments", DeprecationWarning)
        FigureManager(canvas, 0)  # the canvas routes browser messages through its manager
    # No toolbar (pan and zoom would move cells away from the pixels tests click),
    # no resize handle, no title bar or coordinate footer: a plain board.
    canvas.toolbar_visible = False
    canvas.header_visible = False
    canvas.footer_visible = False
    canvas.resizable = False
    canvas.capture_scroll = False
    return canvas


@functools.cache
def _whole_frame_canvas_class() -> type:
    Canvas: Any = ipympl_backend().Canvas  # a class known only once ipympl is imported

    class WholeFrameCanvas(Canvas):
        """ipympl's canvas widget, sending every frame whole, quickly compressed.

        ipympl sends a frame as the pixels changed since the frame before. When
        frames follow each other quickly (two clicks in a row), the browser
        replaces a picture that has not loaded yet, that change is lost, and the
        board keeps stale pixels for good. A whole frame never depends on the one
        before. It is compressed with zlib's fastest level: as small as the
        default for these pictures, in about half the time.
        """

        _png_is_old: bool  # set by matplotlib's canvas when the figure changed

        def get_diff_image(self) -> bytes | None:
            # As matplotlib's FigureCanvasWebAggCore.get_diff_image, always "full".
            if not self._png_is_old:
                return None
            pixels = np.asarray(self.get_renderer().buffer_rgba())
            self._last_buff = pixels.view(np.uint32).squeeze(2).copy()  # ipympl reads it too
            self.set_image_mode("full")
            self._force_full = False
            self._png_is_old = False
            with io.BytesIO() as png:
                Image.fromarray(pixels).save(png, format="png", compress_level=1)
                return png.getvalue()

    return WholeFrameCanvas


def board_axes(figure: Figure, rect: tuple[float, float, float, float]) -> Axes:
    """Axes at ``rect`` (figure fractions) for pictures whose drawing sets the limits itself.

    The kit's drawing functions always set their limits explicitly, so the
    autoscale bookkeeping matplotlib does for every added patch (the extent of
    each patch's path, Bezier curves included) is wasted: skipping it on these
    axes more than halves the time to rebuild a board, with the same pixels.
    """
    ax = figure.add_axes(rect)
    ax._update_patch_limits = _no_autoscale  # type: ignore[attr-defined]
    return ax


def _no_autoscale(*args: Any, **kwargs: Any) -> None:
    return None


def pixels_per_unit(ax: Axes) -> float:
    """How many canvas pixels one data unit spans on ``ax`` (equal aspect; limits set)."""
    ax.apply_aspect()
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    return min(ax.bbox.width / abs(x1 - x0), ax.bbox.height / abs(y1 - y0))


def clear_artists(ax: Axes) -> None:
    """Remove everything drawn on ``ax`` but keep the axes themselves.

    Much cheaper than ``ax.clear()``, which also rebuilds both axis objects with
    their ticks: a board redraw stays fast.
    """
    for artist in [*ax.patches, *ax.texts, *ax.collections, *ax.lines, *ax.images, *ax.artists]:
        artist.remove()
    if ax.legend_ is not None:
        ax.legend_.remove()
    if ax.get_title():
        ax.set_title("")


def grid_collection(lattice: Lattice, cells: Any, **style: Any) -> Any:
    """All ``cells`` as one PolyCollection: a whole grid costs one artist to add and draw."""
    return PolyCollection([lattice.corners(c) for c in cells], **style)


# ---------------------------------------------------------------------------
# pixel geometry
# ---------------------------------------------------------------------------
def as_cell(cell: Any) -> Cell:
    """``cell`` as a pair of ints, or a ValueError saying what a cell is."""
    try:
        x, y = cell
        if int(x) == x and int(y) == y:
            return (int(x), int(y))
    except (TypeError, ValueError):
        pass
    raise ValueError(f"cell must be a pair of ints such as (1, 0), not {cell!r}")


def cell_at(lattice: Lattice, x: float, y: float) -> Cell:
    """The cell whose drawing (``lattice.center``/``corners``) covers the point ``(x, y)``
    (:meth:`Lattice.cell_at <xochintlan_hex.lattice.Lattice.cell_at>`)."""
    return lattice.cell_at(x, y)


def cells_in_window(lattice: Lattice, centre: tuple[float, float], half: float | tuple[float, float]) -> set[Cell]:
    """The cells drawn wholly inside the rectangle of half-width and half-height ``half`` around ``centre``.

    ``half`` is one number for a square. Drawing units, as ``Lattice.center``.

    >>> from xochintlan_hex.lattice import SQUARE
    >>> sorted(cells_in_window(SQUARE, (0.0, 0.0), 1.5)) == [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)]
    True
    """
    cx, cy = centre
    hx, hy = (half, half) if isinstance(half, (int, float)) else half
    # Half the cell's width and height: a cell fits when its centre is that far inside.
    xs = [x for x, _ in lattice.corners((0, 0))]
    ys = [y for _, y in lattice.corners((0, 0))]
    inner_x, inner_y = max(xs), max(ys)
    low, high = cell_at(lattice, cx - hx, cy + hy), cell_at(lattice, cx + hx, cy - hy)
    spread = int(max(hx, hy)) + 3
    found = set()
    for a in range(min(low[0], high[0]) - spread, max(low[0], high[0]) + spread + 1):
        for b in range(min(low[1], high[1]) - spread, max(low[1], high[1]) + spread + 1):
            x, y = lattice.center((a, b))
            if abs(x - cx) <= hx - inner_x + 1e-9 and abs(y - cy) <= hy - inner_y + 1e-9:
                found.add((a, b))
    return found


def view_window(lattice: Lattice, cells: Any, minimum: tuple[float, float], extra: float = 0.0) -> set[Cell]:
    """The cells a board shows: every cell of ``cells`` with a full ring of neighbours around
    them, in a rectangle at least ``minimum`` (half-width, half-height, drawing units) around
    their middle, and ``extra`` drawing units more on every side.

    >>> from xochintlan_hex.lattice import SQUARE
    >>> len(view_window(SQUARE, [(0, 0)], (1.5, 1.5)))
    9
    """
    points = [lattice.center(c) for c in cells] or [(0.0, 0.0)]
    xs, ys = zip(*points)
    # The neighbours' centres reach one step further, and their cells half a cell more.
    reach_x = max(abs(lattice.center(lattice.neighbour((0, 0), side))[0]) for side in range(lattice.sides))
    reach_y = max(abs(lattice.center(lattice.neighbour((0, 0), side))[1]) for side in range(lattice.sides))
    corners = lattice.corners((0, 0))
    reach_x += max(x for x, _ in corners) + 0.01
    reach_y += max(y for _, y in corners) + 0.01
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    half = (
        max(minimum[0], (max(xs) - min(xs)) / 2 + reach_x) + extra,
        max(minimum[1], (max(ys) - min(ys)) / 2 + reach_y) + extra,
    )
    return cells_in_window(lattice, centre, half)


def steady_window(
    lattice: Lattice, cells: Any, current: set[Cell] | None, minimum: tuple[float, float], extra: float
) -> set[Cell]:
    """The cells a board shows, kept from move to move: ``current`` as long as it holds every
    cell of ``cells`` with its full ring of neighbours; else a new :func:`view_window` around
    them (at least ``minimum``, with ``extra`` drawing units to spare on every side).

    The frame, and so the size of every cell on screen, changes only when the tiles come
    near its edge, never because their middle moved.

    >>> from xochintlan_hex.lattice import SQUARE
    >>> start = steady_window(SQUARE, [(0, 0)], None, (3.5, 3.5), 0.0)          # 7 x 7 cells
    >>> steady_window(SQUARE, [(0, 0), (1, 0), (2, 1)], start, (3.5, 3.5), 1.0) is start
    True
    >>> len(steady_window(SQUARE, [(0, 0), (3, 0)], start, (3.5, 3.5), 1.0))   # (3, 0) is at the edge
    72
    """
    if current is not None and view_window(lattice, cells, (0.0, 0.0)) <= current:
        return current
    return view_window(lattice, cells, minimum, extra=extra)


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
