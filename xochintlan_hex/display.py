"""How kit objects show themselves in Jupyter without importing the drawing layer.

The rules layers may not import :mod:`xochintlan_hex.viz` (nothing imports
upwards), yet a board should appear when a cell's value is a game, as a
python-chess board does. So the lower layers only inherit :class:`ShowsItself`;
the drawing layer registers, for each class name, a function that renders an
object to PNG bytes. The first time an object is shown, the drawing layer is
loaded as a plug-in, which registers its renderers.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

#: class name -> function(obj) -> PNG bytes; filled by xochintlan_hex.viz
PNG_RENDERERS: dict[str, Callable[[Any], bytes]] = {}

_DRAWING_PLUGIN = "xochintlan_hex.viz"


def register_png(class_name: str, render: Callable[[Any], bytes]) -> None:
    """Make objects of the class named ``class_name`` show themselves with ``render``."""
    PNG_RENDERERS[class_name] = render


def _renderer_for(obj: Any) -> Callable[[Any], bytes] | None:
    for cls in type(obj).__mro__:
        if cls.__name__ in PNG_RENDERERS:
            return PNG_RENDERERS[cls.__name__]
    return None


class ShowsItself:
    """Mixin: Jupyter shows the object as a picture (``_repr_png_``)."""

    def _repr_png_(self) -> bytes | None:
        render = _renderer_for(self)
        if render is None:
            try:
                importlib.import_module(_DRAWING_PLUGIN)
            except ImportError:
                return None  # no matplotlib: Jupyter falls back to the text repr
            render = _renderer_for(self)
        return None if render is None else render(self)
