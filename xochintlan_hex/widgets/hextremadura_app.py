"""HextremaduraApp: play the solo tile game with the mouse (or from code).

Choose one of the two available tiles, turn it, flip a river tile, and click an
empty cell of the map: the engine plays the placement, or says why not. While
the mouse moves over the map, the selected tile is previewed on the cell under
it, with the tiles that placement would complete (the engine's ``would_remove``).

>>> app = HextremaduraApp(seed=3)
>>> first = app.selected_tile
>>> app.rotate().click((0, 0))             # the first tile may go anywhere
True
>>> app.game.map[(0, 0)].tile_id == first, app.game.map[(0, 0)].rotation
(True, 1)
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w
from matplotlib.figure import Figure

from ..hextremadura import Hextremadura, IllegalAction, Place
from ..lattice import HEX, Cell
from .base import (
    App,
    BoardCanvas,
    as_cell,
    board_axes,
    cell_at,
    cells_in_window,
    css,
    data_to_fraction,
    escape,
    is_finite_point,
)

#: quests by the engine's key, as a person reads them
QUEST_NAMES = {
    "monfrague": "Monfragüe",
    "garganta_de_los_infiernos": "Garganta de los Infiernos",
    "los_barruecos": "Los Barruecos",
}
#: the map shows at least this many cells each side of its middle
MIN_HALF_VIEW = 2.6
#: a margin, in cells, of empty cells around the tiles
VIEW_MARGIN = 1.2
#: keys on the board canvas
KEYS = {"r": "rotate", "R": "rotate back", "f": "flip", "1": "first tile", "2": "second tile"}


class HextremaduraApp(App):
    """A Hextremadura map to play with the mouse (or from code).

    Code API (the buttons, keys and clicks call the same): :meth:`choose_tile`,
    :meth:`rotate`, :meth:`flip`, :meth:`hover`, :meth:`click`, :meth:`play`,
    :meth:`undo`, :meth:`new_game`, :meth:`cell_to_canvas_fraction`, :meth:`text`.
    Keys on the board: ``r`` turn counter-clockwise, ``R`` turn back, ``f`` flip,
    ``1``/``2`` choose the first/second available tile.
    """

    def __init__(self, seed: int | None = None, tileset: Any = None, order: Any = None) -> None:
        self._seed = seed
        self._seeds = random.Random(seed)  # seeds of later new games
        self._tileset = tileset
        self._order = order  # the first game's pile order (for lessons and tests)
        self.selected_tile: str | None = None
        self.rotation = 0
        self.face = "front"
        self.hovered: Cell | None = None
        self.message = ""
        self._build_widgets()
        self.new_game(seed=seed)

    # -- the code API ------------------------------------------------------------------
    def choose_tile(self, tile_id: str) -> "HextremaduraApp":
        """Select one of the available tiles (the offer or the top of the pile) to place."""
        available = self.game.available()
        if tile_id not in available:
            raise ValueError(f"tile_id must be an available tile, one of {list(available)}, not {tile_id!r}")
        if tile_id != self.selected_tile:
            self.selected_tile = tile_id
            self.face = self.game.faces(tile_id)[0]
        self._quiet_set(self._tile_choice, tile_id)
        self._update_view()
        return self

    def rotate(self, steps: int = 1) -> "HextremaduraApp":
        """Turn the selected tile by ``steps`` sixths of a turn counter-clockwise (negative: clockwise)."""
        self.rotation = (self.rotation + int(steps)) % 6
        self._update_view()
        return self

    def flip(self) -> "HextremaduraApp":
        """Turn the selected tile over (only a tile the engine allows on both faces, a river tile)."""
        faces = self.game.faces(self.selected_tile) if self.selected_tile else ()
        if len(faces) < 2:
            shown = faces[0] if faces else "front"
            self._set_message(f"Tile {self.selected_tile} is played {shown} up this round: only river tiles flip.",
                              refused=True)
            return self
        self.face = faces[1] if self.face == faces[0] else faces[0]
        self._set_message("")
        self._update_view()
        return self

    def hover(self, cell: Cell | None) -> "HextremaduraApp":
        """Preview the selected tile on ``cell`` (None: no preview), as moving the mouse there does."""
        cell = None if cell is None else as_cell(cell)
        if cell != self.hovered:
            self.hovered = cell
            self._show_preview()
            self._draw()
        return self

    def click(self, cell: Cell) -> bool:
        """Place the selected tile, turned and flipped as shown, on ``cell``; True when played."""
        if self.selected_tile is None:
            self._set_message("The game is over: start a new game.", refused=True)
            return False
        return self.play(Place(self.selected_tile, as_cell(cell), self.rotation, self.face))

    def play(self, action: Any) -> bool:
        """Play ``action`` (a Place or its notation); a refusal is shown and changes nothing."""
        try:
            self.game.play(action)
        except IllegalAction as refusal:
            self._set_message(str(refusal), refused=True)
            return False
        removed = self.game.last_removed
        self._set_message(f"Explored: {', '.join(removed)} (requirements met)" if removed else "")
        self._after_change()
        return True

    def undo(self) -> bool:
        """Take back the last placement."""
        if not self.game.history:
            self._set_message("Nothing to undo: no tile has been placed.", refused=True)
            return False
        self.game.undo()
        self._set_message("")
        self._after_change()
        return True

    def new_game(self, seed: int | None = None) -> "HextremaduraApp":
        """Start a new game: with ``seed``, or the next seed of the app's own seed sequence."""
        first = not hasattr(self, "game")
        if seed is None and not first:
            seed = None if self._seed is None else self._seeds.randrange(2**31)
        self.game = Hextremadura(seed=seed, tileset=self._tileset, order=self._order if first else None)
        self.rotation = 0
        self.hovered = None
        self._set_message("")
        self._after_change()
        return self

    def cell_to_canvas_fraction(self, cell: Cell) -> tuple[float, float]:
        """Where ``cell``'s centre is on the board canvas: (x, y) fractions of its width and
        height, measured from the top-left corner (as a browser measures clicks)."""
        return data_to_fraction(self.map_ax, HEX.center(as_cell(cell)))

    def tile_to_canvas_fraction(self, index: int) -> tuple[float, float]:
        """Where the picture of available tile ``index`` (0 or 1) is on the board canvas."""
        ax = self.tile_axes[index]
        return data_to_fraction(ax, _axes_middle(ax))

    @property
    def preview(self) -> tuple[Place, tuple[str, ...]] | None:
        """The placement previewed on the hovered cell and the tiles it would complete, or None."""
        if self.hovered is None or self.selected_tile is None:
            return None
        action = Place(self.selected_tile, self.hovered, self.rotation, self.face)
        if not self.game.is_legal(action):
            return None
        return action, self.game.would_remove(action)

    # -- after each change -------------------------------------------------------------
    def _after_change(self) -> None:
        available = self.game.available()
        if self.selected_tile not in available:
            self.selected_tile = available[0] if available else None
            self.face = self.game.faces(self.selected_tile)[0] if self.selected_tile else "front"
        elif self.face not in self.game.faces(self.selected_tile):
            self.face = self.game.faces(self.selected_tile)[0]
        self._update_view()

    def _update_view(self) -> None:
        game = self.game
        available = game.available()
        options = [(f"{'Offer' if t == game.offer else 'Pile'}: {t}", t) for t in available]
        self._quiet_set(self._tile_choice, options, "options")
        self._quiet_set(self._tile_choice, self.selected_tile)
        faces = game.faces(self.selected_tile) if self.selected_tile else ()
        self._flip.disabled = len(faces) < 2
        self._rotate.disabled = self._rotate_back.disabled = self.selected_tile is None
        self._undo.disabled = not game.history
        self._status.value = f"Round {game.round}" + (" · game over" if game.is_over else "")
        self._piles.value = (f"Pile: {len(game.pile)} · Offer: {game.offer or '—'} · "
                             f"Explored: {len(game.explored)} · On the map: {len(game.map)}")
        self._selection.value = self._selection_text()
        self._score.value = f"Score: {game.score()} of {game.max_score}"
        self._objectives.value = self._objectives_html()
        self._banner.value = self._banner_html()
        self._show_preview()
        self._draw()

    def _selection_text(self) -> str:
        if self.selected_tile is None:
            return "No tile left to place"
        return f"Selected: {self.selected_tile}, {self.face} up, turned {self.rotation} × 60°"

    def _show_preview(self) -> None:
        preview = self.preview
        if preview is None:
            self._preview.value = "Preview: move the mouse over an empty cell next to the map"
            return
        action, removed = preview
        completes = ", ".join(removed) if removed else "no tile"
        self._preview.value = f"Preview: {action.tile_id} on {action.cell} completes {completes}"

    def _objectives_html(self) -> str:
        statuses = self.game.objectives()
        if not statuses:
            return "Objectives: none yet (back faces come up from round 2)"
        items = "".join(
            f"<li>{'✓' if s.holds else '✗'} {escape(s.tile_id)}: {escape(s.objective.describe())}</li>"
            for s in statuses)
        return f"Objectives:<ul style='margin:0'>{items}</ul>"

    def _banner_html(self) -> str:
        game = self.game
        if not game.is_over:
            return ""
        quests = " · ".join(f"{QUEST_NAMES.get(k, k)} {'✓' if v else '✗'}" for k, v in game.quests().items())
        return (f"<b>Game over: score {game.score()} of {game.max_score}, rating {escape(game.rating())}</b>"
                f"<br>Quests: {escape(quests)}")

    def _set_message(self, text: str, refused: bool = False) -> None:
        self.message = text
        style = "color: #B33C00;" if refused else ""
        self._message.value = f"<span style='{style}'>{escape(text)}</span>" if text else ""

    # -- drawing -------------------------------------------------------------------------
    def _draw(self) -> None:
        self._draw_map()
        self._draw_tiles()
        self.board.refresh()

    def _draw_map(self) -> None:
        from ..viz import draw_hextremadura

        ax = self.map_ax
        ax.clear()
        preview = self.preview
        draw_hextremadura(
            self.game,
            ax=ax,
            empty=self._view_cells(),
            preview=None if preview is None else preview[0],
            removing=() if preview is None else preview[1],
            piles=False,
        )

    def _draw_tiles(self) -> None:
        from ..viz import draw_tile

        available = self.game.available()
        for i, ax in enumerate(self.tile_axes):
            ax.clear()
            ax.set_axis_off()
            if i >= len(available):
                continue
            tile = available[i]
            chosen = tile == self.selected_tile
            rotation = self.rotation if chosen else 0
            face = self.face if chosen else self.game.faces(tile)[0]
            draw_tile(self.game.tileset[tile], ax=ax, face=face, rotation=rotation)
            where = "Offer" if tile == self.game.offer else "Pile"
            ax.set_title(f"{where}: {tile}" + (" (selected)" if chosen else ""), fontsize=10,
                         fontweight="bold" if chosen else "normal")

    def _view_cells(self) -> set[Cell]:
        """Empty cells to outline: a margin around the map, and never less than a small area."""
        points = [HEX.center(c) for c in self.game.map] or [(0.0, 0.0)]
        xs, ys = zip(*points)
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        pitch = 3 ** 0.5
        half = max(MIN_HALF_VIEW * pitch, (max(xs) - min(xs)) / 2 + VIEW_MARGIN * pitch,
                   (max(ys) - min(ys)) / 2 + VIEW_MARGIN * pitch)
        return cells_in_window(HEX, (cx, cy), half) - set(self.game.map)

    # -- widgets ----------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.board = BoardCanvas((8.0, 5.6))
        self.figure: Figure = self.board.figure
        self.map_ax = board_axes(self.figure, (0.0, 0.0, 0.74, 1.0))
        self.tile_axes = [board_axes(self.figure, (0.76, 0.52, 0.23, 0.42)),
                          board_axes(self.figure, (0.76, 0.03, 0.23, 0.42))]
        self.board.connect("button_press_event", self._on_press)
        self.board.connect("motion_notify_event", self._on_motion)
        self.board.connect("key_press_event", self._on_key)

        self._status = css(w.Label(), "xh-status")
        self._piles = css(w.Label(), "xh-piles")
        self._banner = css(w.HTML(), "xh-banner")
        self._message = css(w.HTML(), "xh-message")
        self._preview = css(w.Label(), "xh-preview")
        self._selection = css(w.Label(), "xh-selection")
        self._tile_choice = css(w.ToggleButtons(description="Tile"), "xh-tiles")
        self._tile_choice.observe(self._from_control(self.choose_tile), "value")
        self._rotate = css(w.Button(description="⟲ Rotate (r)", tooltip="turn counter-clockwise"), "xh-rotate")
        self._rotate_back = css(w.Button(description="⟳ (R)", tooltip="turn clockwise"), "xh-rotate-back")
        self._flip = css(w.Button(description="Flip river tile (f)"), "xh-flip")
        self._rotate.on_click(lambda _: self.rotate())
        self._rotate_back.on_click(lambda _: self.rotate(-1))
        self._flip.on_click(lambda _: self.flip())
        self._undo = css(w.Button(description="Undo", icon="undo"), "xh-undo")
        new = css(w.Button(description="New game", icon="refresh"), "xh-new-game")
        self._undo.on_click(lambda _: self.undo())
        new.on_click(lambda _: self.new_game())
        self._score = css(w.Label(), "xh-score")
        self._objectives = css(w.HTML(), "xh-objectives")

        controls = w.VBox([self._tile_choice, w.HBox([self._rotate, self._rotate_back, self._flip]),
                           self._selection, self._preview, w.HBox([self._undo, new]), self._score,
                           self._objectives])
        self.widget = css(w.VBox([w.HBox([self._status, self._piles]), self._banner,
                                  w.HBox([self.board.widget, controls]), self._message]),
                          "xh-app", "xh-hextremadura")

    def _on_press(self, event: Any) -> None:
        if not is_finite_point(event.xdata, event.ydata):
            return
        if event.inaxes is self.map_ax:
            self.click(cell_at(HEX, event.xdata, event.ydata))
            return
        for i, ax in enumerate(self.tile_axes):
            if event.inaxes is ax and i < len(self.game.available()):
                self.choose_tile(self.game.available()[i])

    def _on_motion(self, event: Any) -> None:
        if event.inaxes is self.map_ax and is_finite_point(event.xdata, event.ydata):
            cell = cell_at(HEX, event.xdata, event.ydata)
            # Redraw only when the preview changes: over an occupied cell there is none.
            self.hover(cell if cell not in self.game.map else None)

    def _on_key(self, event: Any) -> None:
        key = event.key
        if key == "r":
            self.rotate()
        elif key in ("R", "shift+r", "shift+R"):
            self.rotate(-1)
        elif key == "f":
            self.flip()
        elif key in ("1", "2"):
            available = self.game.available()
            if int(key) <= len(available):
                self.choose_tile(available[int(key) - 1])


def _axes_middle(ax: Any) -> tuple[float, float]:
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    return ((x0 + x1) / 2, (y0 + y1) / 2)
