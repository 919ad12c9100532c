"""PNG renderers that let kit objects show themselves in Jupyter.

:class:`xochintlan_hex.display.ShowsItself` (inherited by ``Polyform``,
``Xochintlan`` and ``Hextremadura``) looks up a renderer by class name; this
module provides them and :func:`register` hands them over. Rendering uses a bare
:class:`~matplotlib.figure.Figure` with the Agg canvas, never pyplot, so showing
an object opens no figure and changes no global state.

>>> from xochintlan_hex.polyforms import Polyform
>>> png = polyform_png(Polyform([(0, 0), (1, 0)]))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..display import register_png

if TYPE_CHECKING:  # the engines are loaded when one shows itself
    from ..hextremadura import Hextremadura
    from ..polyforms import Polyform
    from ..xochintlan import Xochintlan

#: resolution of the pictures objects show of themselves
REPR_DPI = 100


def render_png(draw: Callable[[Axes], Any], figsize: tuple[float, float], dpi: int = REPR_DPI) -> bytes:
    """PNG bytes of what ``draw(ax)`` puts on a fresh off-screen figure of ``figsize`` inches."""
    fig = Figure(figsize=figsize, dpi=dpi, layout="constrained")
    FigureCanvasAgg(fig)
    draw(fig.add_subplot())
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, facecolor="white")
    return buffer.getvalue()


def polyform_png(form: Polyform) -> bytes:
    """A Polyform as a small card: its cells, name and symmetry marks."""
    from .polyforms import draw_card

    return render_png(lambda ax: draw_card(form, ax), (2.0, 2.4))


def xochintlan_png(game: Xochintlan) -> bytes:
    """A Xochintlan game: the board, the lock, and the winning pattern once won."""
    from .xochintlan import board_figsize, draw_xochintlan

    return render_png(lambda ax: draw_xochintlan(game, ax, status=True), board_figsize(game))


def hextremadura_png(game: Hextremadura) -> bytes:
    """A Hextremadura game: the map, the offer and the piles."""
    from .hextremadura import draw_hextremadura, map_figsize

    return render_png(lambda ax: draw_hextremadura(game, ax), map_figsize(game))


RENDERERS: dict[str, Callable[[Any], bytes]] = {
    "Polyform": polyform_png,
    "Xochintlan": xochintlan_png,
    "Hextremadura": hextremadura_png,
}


def register() -> None:
    """Register every renderer with :mod:`xochintlan_hex.display`."""
    for class_name, render in RENDERERS.items():
        register_png(class_name, render)
