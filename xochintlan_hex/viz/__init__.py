"""Pictures of the kit, drawn with matplotlib's object-oriented API.

Every function draws on the Axes it is given (``ax=``, or ``fig=`` for
multi-panel pictures) or on a new figure, and returns its Axes, so pictures
compose into a teacher's own figures. Nothing here changes pyplot's global state, with one
exception made on import: in a language other than English, every new linear axis, also
those a lesson draws itself with ``plt.plot``, writes its tick labels the way that language
writes numbers ("0,5" in French; :func:`~xochintlan_hex.viz.style.write_ticks_in_the_kit_language`).

* :mod:`~xochintlan_hex.viz.style` the palette (Okabe-Ito), glyphs and hatches;
* :mod:`~xochintlan_hex.viz.polyforms` :func:`draw_card`, :func:`draw_polyforms`;
* :mod:`~xochintlan_hex.viz.xochintlan` :func:`draw_xochintlan`;
* :mod:`~xochintlan_hex.viz.hextremadura` :func:`draw_hextremadura`, :func:`draw_tile`;
* :mod:`~xochintlan_hex.viz.puzzles` :func:`draw_tiling`, :func:`draw_tilings` and
  printable pages of pieces and cards;
* :mod:`~xochintlan_hex.viz.studies` the study plots;
* :mod:`~xochintlan_hex.viz.predictions` :func:`plot_prediction`, a prediction beside a measurement;
* :mod:`~xochintlan_hex.viz.tables` a study's frame to show, headings and numbers in the
  language in use (:func:`readable`).
* :mod:`~xochintlan_hex.viz.display` how ``Polyform``, ``Xochintlan`` and
  ``Hextremadura`` objects show themselves in Jupyter (registered on import).
"""

from . import display as _display
from .hextremadura import draw_hextremadura, draw_tile
from .polyforms import draw_card, draw_polyforms
from .predictions import plot_prediction
from .puzzles import draw_tiling, draw_tilings
from .studies import (
    plot_card_win_rates,
    plot_game_lengths,
    plot_head_to_head,
    plot_ladder,
    plot_objective_probabilities,
    plot_score_distribution,
    plot_seat_win_rates,
)
from .style import write_ticks_in_the_kit_language
from .tables import readable
from .xochintlan import draw_xochintlan

_display.register()
write_ticks_in_the_kit_language()

__all__ = [
    "draw_card",
    "draw_hextremadura",
    "draw_polyforms",
    "draw_tiling",
    "draw_tilings",
    "draw_tile",
    "draw_xochintlan",
    "plot_card_win_rates",
    "plot_game_lengths",
    "plot_head_to_head",
    "plot_ladder",
    "plot_objective_probabilities",
    "plot_prediction",
    "plot_score_distribution",
    "plot_seat_win_rates",
    "readable",
]
