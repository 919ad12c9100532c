"""xochintlan_hex: a Jupyter kit for polyomino lessons, play and balance studies.

``import xochintlan_hex as xh`` gives the main objects of every layer:

>>> import xochintlan_hex as xh
>>> game = xh.Xochintlan(players=2, seed=7)
>>> game.play("L(1,0)")
>>> xh.count_polyforms(5, "square", "one-sided")
18

The names are loaded the first time they are used, so ``import xochintlan_hex``
stays quick (a few milliseconds) and imports neither matplotlib nor the widgets
until a picture or an app is asked for.

Layers, bottom to top (nothing imports upwards):

1. :mod:`~xochintlan_hex.lattice`, :mod:`~xochintlan_hex.polyforms`, :mod:`~xochintlan_hex.puzzles`,
   :mod:`~xochintlan_hex.i18n` (the languages)
2. :mod:`~xochintlan_hex.xochintlan`, :mod:`~xochintlan_hex.hextremadura` (rules only)
3. :mod:`~xochintlan_hex.players`, :mod:`~xochintlan_hex.balance.simulate`, :mod:`~xochintlan_hex.balance.studies`,
   :mod:`~xochintlan_hex.balance.stats`, :mod:`~xochintlan_hex.balance.tournament`
4. :mod:`~xochintlan_hex.viz`, :mod:`~xochintlan_hex.widgets`
5. :mod:`~xochintlan_hex.cli`
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from xochintlan_hex.i18n import get_language, set_language, use_language

# The one place the kit's version is written: pyproject.toml, the command line's
# --version, the message catalogs and the documentation site all read it here.
__version__ = "0.1.0"

# Each public name at the top and the module that defines it, layer by layer.
_NAMES = {
    # the shapes and the puzzles
    "Polyform": "xochintlan_hex.polyforms",
    "count_polyforms": "xochintlan_hex.polyforms",
    "Puzzle": "xochintlan_hex.puzzles",
    "Region": "xochintlan_hex.puzzles",
    # the two games, their errors
    "Xochintlan": "xochintlan_hex.xochintlan",
    "Rules": "xochintlan_hex.xochintlan",
    "Hextremadura": "xochintlan_hex.hextremadura",
    "load_tileset": "xochintlan_hex.hextremadura",
    "IllegalAction": "xochintlan_hex.errors",
    "RecordError": "xochintlan_hex.errors",
    "BoardError": "xochintlan_hex.errors",
    "TilesetError": "xochintlan_hex.hextremadura",
    # studies and their statistics
    "simulate_xochintlan": "xochintlan_hex.balance.simulate",
    "simulate_hextremadura": "xochintlan_hex.balance.simulate",
    "Study": "xochintlan_hex.balance.studies",
    "xochintlan_study": "xochintlan_hex.balance.studies",
    "hextremadura_study": "xochintlan_hex.balance.studies",
    "run_study": "xochintlan_hex.balance.studies",
    "read_results": "xochintlan_hex.balance.studies",
    "report": "xochintlan_hex.balance.stats",
    "round_robin": "xochintlan_hex.balance.tournament",
    "bradley_terry": "xochintlan_hex.balance.tournament",
    # the apps (ipywidgets; loaded on first use)
    "XochintlanApp": "xochintlan_hex.widgets",
    "HextremaduraApp": "xochintlan_hex.widgets",
    "PuzzleApp": "xochintlan_hex.widgets",
    "PolyformExplorer": "xochintlan_hex.widgets",
    "GameChooser": "xochintlan_hex.widgets",
}

# Modules reached as attributes: xh.polyforms.polyforms(5), xh.stats.wilson_interval(...), xh.viz.draw_card(...)
_MODULES = (
    "lattice",
    "polyforms",
    "puzzles",
    "xochintlan",
    "hextremadura",
    "players",
    "simulate",
    "studies",
    "stats",
    "exact",
    "tournament",
    "viz",
    "widgets",
)

__all__ = ["__version__", "get_language", "set_language", "use_language", *_NAMES, *_MODULES]


def __getattr__(name: str) -> Any:
    """Load a top-level name from its module the first time it is asked for (PEP 562)."""
    if name in _NAMES:
        value = getattr(importlib.import_module(_NAMES[name]), name)
    elif name in _MODULES:
        value = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # the next look-up is an ordinary one
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # what a type checker and an editor see: the same names, imported at once
    from xochintlan_hex import (  # noqa: F401
        exact,
        hextremadura,
        lattice,
        players,
        polyforms,
        puzzles,
        simulate,
        stats,
        studies,
        tournament,
        viz,
        widgets,
        xochintlan,
    )
    from xochintlan_hex.balance.simulate import simulate_hextremadura, simulate_xochintlan  # noqa: F401
    from xochintlan_hex.balance.stats import report  # noqa: F401
    from xochintlan_hex.balance.studies import (  # noqa: F401
        Study,
        hextremadura_study,
        read_results,
        run_study,
        xochintlan_study,
    )
    from xochintlan_hex.balance.tournament import bradley_terry, round_robin  # noqa: F401
    from xochintlan_hex.errors import BoardError, IllegalAction, RecordError  # noqa: F401
    from xochintlan_hex.hextremadura import Hextremadura, TilesetError, load_tileset  # noqa: F401
    from xochintlan_hex.polyforms import Polyform, count_polyforms  # noqa: F401
    from xochintlan_hex.puzzles import Puzzle, Region  # noqa: F401
    from xochintlan_hex.widgets import (  # noqa: F401
        GameChooser,
        HextremaduraApp,
        PolyformExplorer,
        PuzzleApp,
        XochintlanApp,
    )
    from xochintlan_hex.xochintlan import Rules, Xochintlan  # noqa: F401
