"""Fast frames for boards whose pieces are costly to draw: pieces as pixels, composed with numpy.

A Hextremadura tile is dozens of hatched patches; drawing a whole map of them
with matplotlib takes far longer than a click should. So each piece is drawn
once, by the viz layer, at the board's exact scale and resolution (a
:class:`SpriteCache` keeps the pixels), and a frame is composed by blending
those pixels onto a background with numpy (:func:`paste`). The canvas then
shows one picture (:class:`Frame`), with only a few light artists on top.

Pixel positions are canvas pixels: ``x`` from the left, ``y`` from the bottom,
as matplotlib's display coordinates.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from .base import board_axes, clear_artists

Rect = tuple[float, float, float, float]


class Easel:
    """An off-screen figure to draw pieces on, kept and reused (making a figure costs more than a piece).

    ``size`` is in pixels (width, height) at ``dpi``; the axes sit at ``rect``
    (figure fractions), axis off; the background is transparent unless a
    ``background`` colour is given.
    """

    def __init__(
        self, size: tuple[int, int], dpi: float, rect: Rect = (0.0, 0.0, 1.0, 1.0), background: str | None = None
    ) -> None:
        width, height = size
        self.figure = Figure(figsize=(width / dpi, height / dpi), dpi=dpi)
        self.canvas = FigureCanvasAgg(self.figure)
        if background is None:
            self.figure.patch.set_alpha(0.0)
        else:
            self.figure.patch.set_facecolor(background)
        self.rect = rect
        self.ax = board_axes(self.figure, rect)

    def paint(self, draw: Callable[[Axes], None]) -> np.ndarray:
        """Pixels (RGBA uint8, top row first) of what ``draw(ax)`` draws on the cleared axes."""
        ax = self.ax
        clear_artists(ax)
        # Undo what the last drawing may have changed on the axes.
        ax.set_aspect("auto")
        ax.set_position(self.rect)
        ax.set_axis_off()
        draw(ax)
        self.canvas.draw()
        return np.asarray(self.canvas.buffer_rgba()).copy()


class SpriteCache:
    """Pictures drawn once off screen and kept as pixels, by a key naming what they show.

    The key should name everything the picture depends on; size and dpi are
    added to it. Beyond ``capacity`` pictures, the least recently used goes.
    """

    def __init__(self, capacity: int = 512) -> None:
        self.capacity = capacity
        self._pictures: OrderedDict[Any, np.ndarray] = OrderedDict()
        self._easels: dict[Any, Easel] = {}

    def get(
        self,
        key: Any,
        size: tuple[int, int],
        dpi: float,
        draw: Callable[[Axes], None],
        rect: Rect = (0.0, 0.0, 1.0, 1.0),
        background: str | None = None,
    ) -> np.ndarray:
        """The pixels of ``draw(ax)`` (see :class:`Easel`), drawn now only if not kept."""
        key = (key, size, dpi)
        picture = self._pictures.get(key)
        if picture is not None:
            self._pictures.move_to_end(key)
            return picture
        easel_key = (size, dpi, rect, background)
        easel = self._easels.get(easel_key)
        if easel is None:
            if len(self._easels) > 16:  # sizes change when the board is rescaled: forget old easels
                self._easels.clear()
            easel = self._easels[easel_key] = Easel(size, dpi, rect, background)
        picture = self._pictures[key] = easel.paint(draw)
        if len(self._pictures) > self.capacity:
            self._pictures.popitem(last=False)
        return picture

    def __len__(self) -> int:
        return len(self._pictures)


def paste(layer: np.ndarray, sprite: np.ndarray, centre: tuple[float, float] | np.ndarray, alpha: float = 1.0) -> None:
    """Blend ``sprite`` over ``layer``, centred on canvas pixel ``centre`` (from the left, from the bottom).

    ``layer`` is opaque RGBA uint8 stored bottom row first (as the renderer
    draws arrays); ``sprite`` is RGBA uint8, top row first, with straight alpha,
    as matplotlib's Agg renders it. Parts outside the layer are cut off.

    >>> layer = np.full((4, 4, 4), 255, np.uint8)
    >>> red = np.zeros((2, 2, 4), np.uint8); red[..., 0] = 255; red[..., 3] = 255
    >>> paste(layer, red, (1.0, 3.0)); layer[2:4, 0:2, 1].tolist()   # the top-left corner is red
    [[0, 0], [0, 0]]
    """
    height, width = layer.shape[:2]
    h, w = sprite.shape[:2]
    bottom = int(round(centre[1] - h / 2))
    left = int(round(centre[0] - w / 2))
    r0, c0 = max(bottom, 0), max(left, 0)
    r1, c1 = min(bottom + h, height), min(left + w, width)
    if r0 >= r1 or c0 >= c1:
        return
    part = sprite[::-1][r0 - bottom : r1 - bottom, c0 - left : c1 - left].astype(np.float32)
    opacity = part[..., 3:4] * (alpha / 255.0)
    region = layer[r0:r1, c0:c1, :3]
    blended = region * (1.0 - opacity) + part[..., :3] * opacity
    region[...] = (blended + 0.5).astype(np.uint8)


class Frame:
    """One picture covering a figure, under its axes: the board's composed pixels.

    The axes drawn on top keep their own artists (outlines, rings, titles) and
    must not paint a background (``clear_background``). When the figure's size
    in pixels changes (a browser reports a high pixel density, so the figure's
    dpi grows), ``on_resize()`` is called just before drawing, to compose the
    pixels again at the new size.
    """

    def __init__(self, figure: Figure, on_resize: Callable[[], None] | None = None) -> None:
        self.figure = figure
        self.on_resize = on_resize
        self.shown_size: tuple[int, int] | None = None
        self.artist = _FrameArtist(self)
        self.artist.set_figure(figure)
        self.artist.set_zorder(-1)  # under every axes
        figure.artists.append(self.artist)
        self._pixels = np.zeros((1, 1, 4), np.uint8)

    @property
    def size(self) -> tuple[int, int]:
        """The figure's size in canvas pixels (width, height), at its current dpi."""
        return (int(round(self.figure.bbox.width)), int(round(self.figure.bbox.height)))

    def show(self, layer: np.ndarray) -> None:
        """Show ``layer`` (figure-sized opaque RGBA uint8, bottom row first, see :func:`paste`)."""
        self._pixels = layer
        self.shown_size = (layer.shape[1], layer.shape[0])
        self.figure.stale = True

    @property
    def pixels(self) -> np.ndarray:
        """The frame's RGBA pixels as drawn (rows from the bottom)."""
        return self._pixels


class _FrameArtist(Artist):
    """Copies the frame's pixels onto the canvas: no resampling, no colour mapping."""

    def __init__(self, frame: Frame) -> None:
        super().__init__()
        self._frame = frame

    def draw(self, renderer: Any) -> None:
        frame = self._frame
        if not self.get_visible():
            return
        if frame.on_resize is not None and frame.shown_size not in (None, frame.size):
            frame.on_resize()
        gc = renderer.new_gc()
        renderer.draw_image(gc, 0, 0, frame.pixels)
        gc.restore()
        self.stale = False


def clear_background(ax: Axes) -> None:
    """Let the frame below show through ``ax``: no axes patch, no axis."""
    ax.patch.set_visible(False)
    ax.set_axis_off()
