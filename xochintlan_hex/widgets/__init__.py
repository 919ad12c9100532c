"""Interactive boards for Jupyter: play both games and explore polyforms with the mouse.

The apps, each an ipywidgets layout around a board: for the games and the puzzle
an SVG drawn by the browser (``board="ipympl"`` for the matplotlib canvas; the view
is chosen once, :mod:`.views`), for the explorer an ipympl canvas (a static
picture, with a notice saying how to install ipympl, where it is missing):

* :class:`XochintlanApp` -- a Xochintlan board, hot-seat or against computer players;
* :class:`HextremaduraApp` -- the solo tile game, with a preview of each placement;
* :class:`PolyformExplorer` -- browse polyforms, turn and mirror one, see its symmetries;
* :class:`PuzzleApp` -- fill a board with pentominoes (or other pieces) by hand, with hints;
* :class:`GameChooser` -- the student page (``make play``): choose a game and the players, then play.

Each app keeps its keys while it has the focus (:mod:`.keys`): JupyterLab's
shortcuts never see them, and the app's key line (``xh-keys``) says when it has them.

Each app speaks English or French: ``language="fr"`` (default: the kit's language,
:func:`xochintlan_hex.set_language`, else the environment's). Its FR/EN switch
(``xh-language``), or ``app.set_language("en")``, shows every text again in the
other language and leaves the game as it is. In French the tiles show the French
rule text's letters (H Homme, L Lézard, O Oiseau, S Singe) and the Xochintlan keys
follow them (``o`` Oiseau, ``s`` Singe, ``r`` remplacer).

How to write a new app on this base: subclass :class:`~.views.BoardApp` (or
:class:`~.base.App` for an app with no game board); give it its board drawn both
ways, as an SVG picture and on its matplotlib figure
(:class:`~.views.BoardDrawings`), and let ``_choose_view`` make the view of the kind
the app was given (``board="svg"`` or ``"ipympl"``, read there once); then paint with
``self.view.paint()``. Make a list of side widgets (status and message first) and
the root with ``base.app_root(self.view.widget, side, KeyScope(KEYS, self._on_key),
"xh-<name>", board_flex=self.view.flex)``; give every widget a stable ``xh-*`` class;
keep the code API (``click(cell)``, ...) calling the engine.

Two small hands-on widgets for the lessons, :class:`GardenDensity` and
:class:`LiveStudy`, are in :mod:`~xochintlan_hex.widgets.lessons`.

Show an app by ending a cell with it (or ``display(app.widget)``). Every rule is
the engines': the apps turn clicks into actions and show what the engine says.
Each app has the same actions in code as on screen (``app.click(cell)``,
``app.rotate()``, ...), so a game can be played, tested or scripted without a
mouse; ``app.text(css_class)`` reads back what the page shows.

>>> app = XochintlanApp(players=["human", "human"], seed=1)
>>> app.click((1, 0)), app.text("xh-reserve")
(True, 'Reserve: Lizard 7 · Bird 8 · Monkey 8')

Clicking a cell from a browser test: on an SVG board, click
``.xh-board [data-cell="x,y"]``; on a canvas, ``app.cell_to_canvas_fraction(cell)`` gives
``(fx, fy)``, fractions of the board canvas's width and height measured from its
top-left corner (so the pixel is ``(left + fx * width, top + fy * height)`` of the
``.xh-board canvas`` element). The figure is ``app.figure``.

Stable CSS classes (``widget.add_class``), for browser tests and styling
------------------------------------------------------------------------

All apps
    ``xh-app`` on the root, with ``xh-xochintlan``, ``xh-hextremadura`` or
    ``xh-explorer``; ``xh-board`` the box holding the board canvas (or the SVG
    board, whose cells carry ``data-cell="x,y"``); ``xh-keys`` the key line; ``xh-notice``
    the "ipympl missing" message (only then); ``xh-language`` the FR/EN switch;
    ``xh-message`` the engine's reason
    for a refused action (in Xochintlan, when the chosen action has no cell to
    click, why not, in the engine's words; empty otherwise); ``xh-undo``,
    ``xh-new-game`` buttons.

XochintlanApp
    ``xh-status`` ("Player 1 to play", "Player 2 (greedy) to play…", "Game over");
    ``xh-last-move`` ("Last move: Player 2 (greedy) placed a Bird on (1, 0)");
    ``xh-banner`` ("Player 1 wins: Lizards and the Human form card L", "Tie: ...");
    ``xh-action`` (toggle buttons Place / Switch / Move Human [/ Swap]);
    ``xh-animal`` (Lizard / Bird / Monkey); ``xh-reserve`` ("Reserve: Lizard 8 ·
    Bird 8 · Monkey 8"); ``xh-lock`` ("Locked: (1, 0)" or "Locked: nothing");
    ``xh-key`` (the glyphs); ``xh-card`` (the card panel) with ``xh-card-title``
    ("Player 1's card: L" or "Player 1's card: hidden ..."), ``xh-show-card``
    (button "Show my card" / "Hide my card"), ``xh-revealed``, and ``xh-redraw``
    (only with ``allow_redraw``).

HextremaduraApp
    ``xh-status`` ("Round 1", "Round 2 · game over"); ``xh-piles`` ("Pile: 16 ·
    Offer: T4 · Explored: 0 · On the map: 1"); ``xh-tiles`` (toggle buttons
    "Offer: T4" / "Pile: T7", the available tiles); ``xh-rotate``,
    ``xh-rotate-back``, ``xh-flip`` buttons; ``xh-selection`` ("Selected: T4,
    front up, turned 1 × 60°"); ``xh-preview`` ("Preview: T4 on (1, 0) completes
    T2"); ``xh-score`` ("Score: 3 of 15"); ``xh-objectives`` (each back tile's
    objective, ✓ or ✗); ``xh-banner`` (the end screen: score, rating, quests).
    Keys (while the app has the focus): ``r`` turn, ``R`` turn back, ``f`` flip,
    ``1``/``2`` choose a tile, ``u`` undo.

PolyformExplorer
    ``xh-lattice`` (square / hex), ``xh-size`` (a drop-down), ``xh-kind`` (free /
    one-sided / fixed); ``xh-gallery`` (the gallery box) with ``xh-caption``
    ("12 free pentominoes"), ``xh-gallery-board`` (its canvas: click a form),
    ``xh-previous``, ``xh-next``, ``xh-form`` (drop-down of the forms);
    ``xh-selected`` (the selected form's box) with ``xh-form-name``, ``xh-board``
    (its canvas), ``xh-rotate``, ``xh-mirror``, ``xh-symmetry`` ("Symmetry group
    D1, order 2: no turn, 1 mirror line"), ``xh-placements`` ("Around the Human:
    20 placements as a goal card (turns only), 40 with mirror images").

GameChooser
    ``xh-chooser`` (the page), ``xh-choose-game``, ``xh-people``, ``xh-computers``,
    ``xh-computer``, ``xh-choose-lattice``, ``xh-start``, ``xh-chooser-message``,
    ``xh-started`` (the box holding the app started).

PuzzleApp
    ``xh-puzzle`` on the root; ``xh-puzzle-choice`` (drop-down of puzzles);
    ``xh-status`` ("3 of 12 pieces placed"); ``xh-banner`` ("Solved! Every cell is
    covered."); ``xh-tray`` (toggle buttons, one per piece left); ``xh-selection``
    ("Selected: F"); ``xh-rotate``, ``xh-mirror``, ``xh-hint``, ``xh-count``
    ("How many ways?"), ``xh-undo``, ``xh-clear`` buttons; ``xh-hint-text`` (the
    solver's answer). Keys (while the app has the focus): ``r`` turn, ``m`` mirror, ``h`` hint.
"""

from .explorer import PolyformExplorer
from .hextremadura_app import HextremaduraApp
from .launcher import GameChooser
from .lessons import GardenDensity, LiveStudy
from .puzzle_app import PuzzleApp
from .xochintlan_app import XochintlanApp

__all__ = [
    "GameChooser",
    "GardenDensity",
    "HextremaduraApp",
    "LiveStudy",
    "PolyformExplorer",
    "PuzzleApp",
    "XochintlanApp",
]
