"""How kit objects show themselves in Jupyter: as SVG pictures drawn without any drawing library.

As python-chess's ``Board``, a ``Polyform``, a ``Puzzle``, a ``Xochintlan`` game
and a ``Hextremadura`` game each have a ``_repr_svg_`` that passes what to draw
(their cells and what the engine judges) to :mod:`xochintlan_hex.drawing`,
which writes the picture as plain text. A board appears when a cell's value is
a game, and nothing of matplotlib is loaded.

One thing still needs matplotlib: a raster picture of an object (a PNG for a
slide, a printout, a notebook exported without SVG). :meth:`ShowsItself.to_png`
gives it; the drawing layer (:mod:`xochintlan_hex.viz`, loaded as a plug-in on
first use) registers, for each class name, the function that renders it. The
rules layers may not import that layer (nothing imports upwards), hence the
registry, kept for PNG only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

#: class name -> function(obj) -> PNG bytes; filled by xochintlan_hex.viz
PNG_RENDERERS: dict[str, Callable[[Any], bytes]] = {}

_DRAWING_PLUGIN = "xochintlan_hex.viz"


def register_png(class_name: str, render: Callable[[Any], bytes]) -> None:
    """Make objects of the class named ``class_name`` render themselves to PNG with ``render``."""
    PNG_RENDERERS[class_name] = render


def _renderer_for(obj: Any) -> Callable[[Any], bytes] | None:
    for cls in type(obj).__mro__:
        if cls.__name__ in PNG_RENDERERS:
            return PNG_RENDERERS[cls.__name__]
    return None


class ShowsItself:
    """Mixin of the objects Jupyter shows as a picture: each defines ``_repr_svg_`` (no matplotlib
    needed) and inherits :meth:`to_png`, the matplotlib picture."""

    def _repr_svg_(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} draws no SVG picture of itself")

    def to_png(self) -> bytes:
        """A PNG picture of the object, drawn by matplotlib (ImportError without it)."""
        render = _renderer_for(self)
        if render is None:
            importlib.import_module(_DRAWING_PLUGIN)
            render = _renderer_for(self)
        if render is None:
            raise TypeError(f"no PNG picture is registered for {type(self).__name__}")
        return render(self)
