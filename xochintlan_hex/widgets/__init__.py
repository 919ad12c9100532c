"""Interactive boards for Jupyter (ipywidgets, with ipympl canvases for the boards).

Work in progress: the explorer first, the game apps next.
"""

from .explorer import PolyformExplorer

__all__ = ["PolyformExplorer"]
