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
from matplotlib.patches import Polygon, Rectangle

from ..drawing import hextremadura as map_drawing
from ..drawing import palette
from ..drawing.hextremadura import MAX_HEIGHT_PX, cell_fraction, map_boxes, panel_fraction
from ..drawing.svg import Box
from ..hextremadura import Hextremadura, IllegalAction, Place, quest_name, rating_name, requirements_met
from ..i18n import N_, _, use_language
from ..lattice import HEX, Cell
from ..viz.hextremadura import draw_face, draw_tile
from .base import (
    COMPACT_TOGGLES,
    app_root,
    as_cell,
    banner_html,
    board_axes,
    cell_at,
    clear_artists,
    css,
    data_to_fraction,
    escape,
    grid_collection,
    is_finite_point,
    message_line,
    pixels_per_unit,
    running_loop,
    speaking,
    steady_window,
    view_window,
)
from .hexmap import END_MAX_HEIGHT_PX, HexMapBoard, hextremadura_svg, legal_cells
from .keys import KeyScope
from .sprites import Frame, SpriteCache, clear_background, paste
from .views import BoardApp, BoardDrawings, check_board_kind

#: quests by the engine's key, as a person reads them
QUEST_NAMES = {
    "monfrague": "Monfragüe",
    "garganta_de_los_infiernos": "Garganta de los Infiernos",
    "los_barruecos": "Los Barruecos",
}
#: the map shows at least this much each side of its middle (half-width, half-height, drawing units)
MIN_VIEW = (3.8, 3.5)
#: when the map outgrows its frame, the new frame has this much room to spare on every side
GROWTH = 1.8
#: seconds of quiet after a change before tile pictures are drawn ahead (in a live kernel)
PREFETCH_DELAY = 0.15
#: faint outline of the empty cells, and the ring of tiles a placement completes: the SVG map's colours
GRID_COLOUR = palette.GRID
COMPLETE_COLOUR = map_drawing.COMPLETE_COLOUR
#: the margin kept around a tile's picture (drawing units)
TILE_PAD = 0.08
#: the board's size (inches at 100 pixels per inch): beside the controls, it fits a projector's screen
BOARD_SIZE = (5.0, 4.3)
#: the SVG map's share of the app's row: it grows into the room beside the controls
SVG_FLEX = "3 1 360px"
#: where the map and the two available tiles sit on the figure (fractions); once no tile is
#: left to place, the map takes the whole figure
MAP_RECT = (0.0, 0.0, 0.72, 1.0)
WHOLE_RECT = (0.0, 0.0, 1.0, 1.0)
PANEL_RECTS = ((0.74, 0.53, 0.25, 0.38), (0.74, 0.06, 0.25, 0.38))
#: objective words smaller than this (points) are left off the map's tiles: the side panel lists them
MIN_OBJECTIVE_POINTS = 7.0
#: the preview line while the mouse is not over a cell where the selected tile may go
NO_PREVIEW = N_("Preview: point at an empty cell by the map")
#: the app's keys (while it has the keyboard), as its key line names them (translated where shown)
KEYS = {"r": N_("turn"), "R": N_("turn back"), "f": N_("flip"), "1": N_("offer"), "2": N_("pile"), "u": N_("undo")}
#: a tile's faces, as the selection line names them
FACE_NAMES = {"front": N_("front up"), "back": N_("back up")}


class HextremaduraApp(BoardApp):
    """A Hextremadura map to play with the mouse (or from code).

    Code API (the buttons, keys and clicks call the same): :meth:`choose_tile`,
    :meth:`rotate`, :meth:`flip`, :meth:`hover`, :meth:`click`, :meth:`play`,
    :meth:`undo`, :meth:`new_game`, :meth:`cell_to_canvas_fraction`, :meth:`text`.
    Keys (while the app has the focus): ``r`` turn counter-clockwise, ``R`` turn back, ``f`` flip,
    ``1``/``2`` choose the first/second available tile.

    ``board`` chooses who draws the map: ``"svg"`` (the default), the browser (an
    SVG picture sent by the kernel, scaled to the page; a hover previews the tile
    at once, in the page), or ``"ipympl"``, matplotlib in the kernel (slower to
    answer the mouse). Either way a saved notebook keeps a picture of it.
    """

    def __init__(
        self,
        seed: int | None = None,
        tileset: Any = None,
        order: Any = None,
        board: str = "svg",
        language: str | None = None,
    ) -> None:
        self._speak(language)
        self.board_kind = check_board_kind(board)
        self._seed = seed
        self._seeds = random.Random(seed)  # seeds of later new games
        self._tileset = tileset
        self._order = order  # the first game's pile order (for lessons and tests)
        self.selected_tile: str | None = None
        self.rotation = 0
        self.face = "front"
        self.hovered: Cell | None = None
        self._just_played: Cell | None = None  # no preview there until the mouse leaves that cell
        self._statuses: list[Any] | None = None
        self._window: set[Cell] | None = None
        self._prefetching: Any = None
        with use_language(self.language):
            self._build_widgets()
        self.new_game(seed=seed)

    # -- the code API ------------------------------------------------------------------
    @speaking
    def choose_tile(self, tile_id: str) -> HextremaduraApp:
        """Select one of the available tiles (the offer or the top of the pile) to place."""
        available = self.game.available()
        if tile_id not in available:
            raise ValueError(f"tile_id must be an available tile, one of {list(available)}, not {tile_id!r}")
        if tile_id != self.selected_tile:
            self.selected_tile = tile_id
            self.face = self.game.faces(tile_id)[0]
            self.rotation = 0  # another tile starts unturned, as it lies in its pile
        self._quiet_set(self._tile_choice, tile_id)
        self._update_view()
        return self

    @speaking
    def rotate(self, steps: int = 1) -> HextremaduraApp:
        """Turn the selected tile by ``steps`` sixths of a turn counter-clockwise (negative: clockwise)."""
        self.rotation = (self.rotation + int(steps)) % 6
        self._update_view()
        return self

    @speaking
    def flip(self) -> HextremaduraApp:
        """Turn the selected tile over (only a tile the engine allows on both faces, a river tile)."""
        faces = self.game.faces(self.selected_tile) if self.selected_tile else ()
        if len(faces) < 2:
            shown, tile = faces[0] if faces else "front", self.selected_tile
            self._set_message(
                lambda: _("Tile {tile} is played {face} this round: only river tiles flip.").format(
                    tile=tile, face=_(FACE_NAMES[shown])
                ),
                refused=True,
            )
            return self
        self.face = faces[1] if self.face == faces[0] else faces[0]
        self._set_message("")
        self._update_view()
        return self

    @speaking
    def hover(self, cell: Cell | None) -> HextremaduraApp:
        """Preview the selected tile on ``cell`` (None: no preview), as moving the mouse there does."""
        cell = None if cell is None else as_cell(cell)
        if cell != self._just_played:
            self._just_played = None
        elif cell is not None:
            # The mouse still rests where a tile was just placed: a preview there would
            # look as if that tile stayed (after it left the map at once, explored).
            cell = None
        if cell != self.hovered:
            self.hovered = cell
            self._show_preview()
            self.view.paint_hover()
        return self

    @speaking
    def click(self, cell: Cell) -> bool:
        """Place the selected tile, turned and flipped as shown, on ``cell``; True when played."""
        if self.selected_tile is None:
            self._set_message(lambda: _("The game is over: start a new game."), refused=True)
            return False
        try:
            action = Place(self.selected_tile, as_cell(cell), self.rotation, self.face)
        except IllegalAction as refusal:  # e.g. a rotation set outside 0..5
            self._set_message(str(refusal), refused=True)
            return False
        return self.play(action)

    @speaking
    def play(self, action: Any) -> bool:
        """Play ``action`` (a Place or its notation); a refusal is shown and changes nothing."""
        try:
            self.game.play(action)
        except IllegalAction as refusal:
            said = str(refusal)  # asked again when shown: the game is unchanged until the message is cleared
            self._set_message(lambda: self.game.why_illegal(action) or said, refused=True)
            return False
        removed = self.game.last_removed
        self.rotation = 0  # the next tile starts unturned
        self._just_played = self.game.history[-1].cell
        self.hovered = None
        self._set_message(
            (lambda: _("Explored: {tiles} (requirements met)").format(tiles=", ".join(removed))) if removed else ""
        )
        self._after_change()
        return True

    @speaking
    def undo(self) -> bool:
        """Take back the last placement."""
        if not self.game.history:
            self._set_message(lambda: _("Nothing to undo: no tile has been placed."), refused=True)
            return False
        self.game.undo()
        self._set_message("")
        self._after_change()
        return True

    @speaking
    def new_game(self, seed: int | None = None) -> HextremaduraApp:
        """Start a new game: with ``seed``, or the next seed of the app's own seed sequence."""
        first = not hasattr(self, "game")
        if seed is None and not first:
            seed = None if self._seed is None else self._seeds.randrange(2**31)
        self.game = Hextremadura(seed=seed, tileset=self._tileset, order=self._order if first else None)
        self.rotation = 0
        self._window = None
        self.hovered = None
        self._set_message("")
        self._after_change()
        return self

    def tile_to_canvas_fraction(self, index: int) -> tuple[float, float]:
        """Where the picture of available tile ``index`` (0 or 1) is on the board canvas."""
        return self.view.panel_fraction(index)

    @property
    def statuses(self) -> list[Any]:
        """The engine's judgement of each back-facing tile's objective on the map now (kept until the next move)."""
        if self._statuses is None:
            self._statuses = self.game.objectives()
        return self._statuses

    @property
    def preview(self) -> tuple[Place, tuple[str, ...]] | None:
        """The placement previewed on the hovered cell and the tiles it would complete, or None."""
        if self.hovered is None or self.selected_tile is None:
            return None
        try:
            action = Place(self.selected_tile, self.hovered, self.rotation, self.face)
        except IllegalAction:
            return None
        if not self.game.is_legal(action):
            return None
        return action, self.game.would_remove(action)

    # -- after each change -------------------------------------------------------------
    def _after_change(self) -> None:
        self._statuses = None  # the objectives, judged again on the new map when next asked
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
        options = [
            ((_("Offer: {tile}") if t == game.offer else _("Pile: {tile}")).format(tile=t), t) for t in available
        ]
        self._set_tile_options(options)
        self._quiet_set(self._tile_choice, self.selected_tile)
        faces = game.faces(self.selected_tile) if self.selected_tile else ()
        self._flip.disabled = len(faces) < 2
        self._rotate.disabled = self._rotate_back.disabled = self.selected_tile is None
        self._undo.disabled = not game.history
        self._status.value = (_("Round {round} · game over") if game.is_over else _("Round {round}")).format(
            round=game.round
        )
        self._piles.value = escape(
            _("Pile: {pile} · Offer: {offer} · Explored: {explored} · On the map: {map}").format(
                pile=len(game.pile), offer=game.offer or "—", explored=len(game.explored), map=len(game.map)
            )
        )
        self._selection.value = self._selection_text()
        self._score.value = _("Score: {score} of {best}").format(
            score=sum(s.holds for s in self.statuses), best=game.max_score
        )
        self._objectives.value = self._objectives_html()
        self._banner.value = self._banner_html()
        self._show_preview()
        self.view.paint()

    def _set_tile_options(self, options: list[tuple[str, str]]) -> None:
        """Show the available tiles as toggle buttons; none at all once the game is over.

        The page redraws toggle buttons only when a label differs from the one
        shown at its place: a list that merely lost its last entries (the pile ran
        out) would keep a stale button. Such a list goes through a differently
        labelled one first.
        """
        labels = [label for label, _ in self._tile_choice.options]
        if options and len(options) < len(labels) and labels[: len(options)] == [label for label, _ in options]:
            self._quiet_set(self._tile_choice, [(f"{label} ", value) for label, value in options], "options")
        self._quiet_set(self._tile_choice, options, "options")
        self._tile_choice.layout.display = None if options else "none"

    def _selection_text(self) -> str:
        if self.selected_tile is None:
            return _("No tile left to place")
        return _("Selected: {tile}, {face}, turned {turns} × 60°").format(
            tile=self.selected_tile, face=_(FACE_NAMES[self.face]), turns=self.rotation
        )

    def _show_preview(self) -> None:
        preview = self.preview
        if preview is None:
            self._preview.value = _(NO_PREVIEW) if self.selected_tile is not None else ""  # nothing left to preview
            return
        action, removed = preview
        # "completes no tile" is its own sentence: French needs « ne complète aucune tuile »
        said = (
            _("Preview: {tile} on {cell} completes {tiles}").format(
                tile=action.tile_id, cell=action.cell, tiles=", ".join(removed)
            )
            if removed
            else _("Preview: {tile} on {cell} completes no tile").format(tile=action.tile_id, cell=action.cell)
        )
        self._preview.value = escape(said)

    def _objectives_html(self) -> str:
        statuses = self.statuses
        if not statuses:
            return escape(_("Objectives: none yet (back faces come up from round 2)"))
        items = "".join(
            f"<li>{'✓' if s.holds else '✗'} {escape(s.tile_id)}: {escape(s.objective.describe())}</li>"
            for s in statuses
        )
        title = escape(_("Objectives:"))
        return f"{title}<ul style='margin:0'>{items}</ul>"

    def _banner_html(self) -> str:
        game = self.game
        if not game.is_over:
            return ""
        quests = " · ".join(f"{quest_name(k)} {'✓' if v else '✗'}" for k, v in game.quests().items())
        return banner_html(
            _("Game over: score {score} of {best}, rating {rating}").format(
                score=game.score(), best=game.max_score, rating=rating_name(game.rating())
            ),
            _("Quests: {quests}").format(quests=quests),
        )

    # -- drawing -------------------------------------------------------------------------
    # Each tile is drawn once by the viz layer (draw_face, draw_tile) at the board's
    # scale and kept as pixels; a frame blends those pixels onto the background with
    # numpy (see .sprites). A click then costs a few array copies, not the hundreds
    # of hatched patches of a whole map.
    def _drawings(self) -> BoardDrawings:
        """The map drawn by the browser (an SVG picture) or by matplotlib (composed pixels)."""
        return BoardDrawings(
            svg=self._map_svg,
            svg_fraction=lambda cell: cell_fraction(self._svg_boxes(), cell),
            figure=self._compose,
            figure_fraction=lambda cell: data_to_fraction(self.map_ax, HEX.center(cell)),
            svg_panel_fraction=lambda index: panel_fraction(self._svg_boxes(), index),
            figure_panel_fraction=self._figure_panel_fraction,
            after_canvas_paint=self._schedule_prefetch,
        )

    def _figure_panel_fraction(self, index: int) -> tuple[float, float]:
        box, figure = self.tile_axes[index].bbox, self.figure.bbox
        return ((box.x0 + box.x1) / 2 / figure.width, 1.0 - (box.y0 + box.y1) / 2 / figure.height)

    # The map drawn by the browser: one SVG picture per change; hovers are previewed by the page.
    def _svg_cells(self) -> set[Cell]:
        """The cells the SVG map shows: the steady window while playing, the tiles alone on the end map."""
        return set(self.game.map) if self.game.is_over and self.game.map else self._view_cells()

    def _svg_boxes(self) -> dict[str, Box]:
        """Where the SVG map and its available tiles sit on the picture (as :func:`hextremadura_svg` draws it)."""
        return map_boxes(self._svg_cells(), bool(self.game.available()))

    def _map_svg(self) -> str:
        game = self.game
        window = self._svg_cells()
        selected = (self.selected_tile, self.face, self.rotation) if self.selected_tile else None
        legal = legal_cells(game, window, selected) if selected else {}
        last = game.history[-1].cell if game.history else None
        holds = {status.cell: status.holds for status in self.statuses}
        # The end map grows taller: each objective's words then fit on its tile.
        height = END_MAX_HEIGHT_PX if game.is_over else MAX_HEIGHT_PX
        return hextremadura_svg(game, window, selected=selected, legal=legal, last=last, holds=holds, max_height=height)

    @speaking
    def _on_map_hover(self, cell: Cell | None) -> None:
        self.hover(cell if cell is None or cell not in self.game.map else None)

    @speaking
    def _on_panel_choice(self, tile_id: str) -> None:
        if tile_id in self.game.available():
            self.choose_tile(tile_id)

    @speaking
    def _compose(self) -> None:
        game, ax = self.game, self.map_ax
        if tuple(ax.get_position(original=True).bounds) != self._map_rect():
            ax.set_position(self._map_rect())
        window = self._view_cells()
        _frame(ax, window)
        ppu = pixels_per_unit(ax)
        layer = self._background(window).copy()
        to_pixels = ax.transData.transform
        for cell, sprite in self._map_sprites(ppu):
            paste(layer, sprite, to_pixels(HEX.center(cell)))
        clear_artists(ax)
        preview = self.preview
        if preview is not None:
            action, removed = preview
            sprite = self._tile_sprite(action.tile_id, action.face, action.rotation, ppu)
            paste(layer, sprite, to_pixels(HEX.center(action.cell)), alpha=0.6)
            ax.add_patch(
                Polygon(
                    HEX.corners(action.cell),
                    closed=True,
                    facecolor="none",
                    edgecolor="black",
                    linewidth=2.5,
                    linestyle=(0, (4, 2)),
                )
            )
            for cell, placed in game.map.items():
                if placed.tile_id in removed:  # the tiles this placement would complete
                    ax.add_patch(
                        Polygon(
                            HEX.corners(cell), closed=True, facecolor="none", edgecolor=COMPLETE_COLOUR, linewidth=4
                        )
                    )
        self._draw_panels(layer)
        self._frame.show(layer)

    def _map_rect(self) -> tuple[float, float, float, float]:
        """Where the map sits: beside the available tiles, or over the whole board once none is left."""
        return MAP_RECT if self.game.available() else WHOLE_RECT

    def _background(self, window: set[Cell]) -> Any:
        """White, with the window's cells outlined faintly: a layer for :func:`paste` (kept until the window changes)."""

        def draw(ax: Any) -> None:
            _frame(ax, window)
            ax.add_collection(
                grid_collection(HEX, window, facecolor="white", edgecolor=GRID_COLOUR, linewidth=0.8, linestyle=":")
            )

        rect = self._map_rect()
        pixels = self._sprites.get(
            ("background", frozenset(window), rect),
            self._frame.size,
            self.figure.dpi,
            draw,
            rect=rect,
            background="white",
        )
        return pixels[::-1]  # bottom row first, as the frame stores its layer

    def _map_sprites(self, ppu: float) -> list[tuple[Cell, Any]]:
        """Each placed tile's picture, with its requirement rings and objective mark as they stand."""
        game = self.game
        mode = getattr(game, "requirement_mode", "at_least")
        holds = {status.cell: status.holds for status in self.statuses}
        sprites = []
        for cell, placed in game.map.items():
            met = requirements_met(game.map, game.tileset, cell, mode) if placed.face == "front" else None
            sprites.append(
                (
                    cell,
                    self._tile_sprite(
                        placed.tile_id, placed.face, placed.rotation, ppu, met=met, holds=holds.get(cell)
                    ),
                )
            )
        return sprites

    def _tile_sprite(
        self, tile_id: str, face: str, rotation: int, ppu: float, *, met: Any = None, holds: bool | None = None
    ) -> Any:
        spec = self.game.tileset[tile_id]
        width, height = round(2 * (HEX.apothem + TILE_PAD) * ppu), round(2 * (1 + TILE_PAD) * ppu)
        half_w, half_h = width / 2 / ppu, height / 2 / ppu
        scale = ppu * 72.0 / self.figure.dpi  # points per drawing unit, for the viz layer's text

        def draw(ax: Any) -> None:
            ax.set_xlim(-half_w, half_w)
            ax.set_ylim(-half_h, half_h)
            draw_face(
                ax,
                (0.0, 0.0),
                spec,
                face,
                rotation,
                scale=scale,
                met=met,
                holds=holds,
                min_objective_points=MIN_OBJECTIVE_POINTS,
            )

        met = tuple(met) if met is not None and any(met) else None  # none met looks like no requirement judged
        key = ("tile", id(self.game.tileset), tile_id, face, rotation, met, holds, self.language)
        return self._sprites.get(key, (width, height), self.figure.dpi, draw)

    def _panel_sprite(self, ax: Any, tile: str, face: str, rotation: int) -> Any:
        def draw(sprite_ax: Any) -> None:
            draw_tile(tile, face, rotation, ax=sprite_ax, tileset=self.game.tileset)

        size = (round(ax.bbox.width), round(ax.bbox.height))
        return self._sprites.get(
            ("panel", id(self.game.tileset), tile, face, rotation, self.language), size, self.figure.dpi, draw
        )

    def _draw_panels(self, layer: Any) -> None:
        """The available tiles beside the map: the selected one turned and flipped as it would be placed."""
        game = self.game
        available = game.available()
        for i, ax in enumerate(self.tile_axes):
            clear_artists(ax)
            if i >= len(available):
                continue
            tile = available[i]
            chosen = tile == self.selected_tile
            rotation = self.rotation if chosen else 0
            face = self.face if chosen else game.faces(tile)[0]
            box = ax.bbox
            paste(layer, self._panel_sprite(ax, tile, face, rotation), ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))
            where = _("Offer: {tile}") if tile == game.offer else _("Pile: {tile}")
            ax.text(
                0.5,
                1.02,
                where.format(tile=tile),
                transform=ax.transAxes,
                ha="center",
                va="bottom",
                fontsize=10,
                fontweight="bold" if chosen else "normal",
                color=COMPLETE_COLOUR if chosen else "black",
            )
            if chosen:  # the selected tile is framed: a mark that needs no room beside its name
                ax.add_patch(
                    Rectangle(
                        (0.0, 0.0),
                        1.0,
                        1.0,
                        transform=ax.transAxes,
                        fill=False,
                        edgecolor=COMPLETE_COLOUR,
                        linewidth=3,
                        clip_on=False,
                    )
                )

    def _view_cells(self) -> set[Cell]:
        """The cells the map shows: the tiles with a ring of empty cells, and never less than a small area.

        The frame only changes when the map outgrows it, and then grows with room
        to spare: the tiles' scale, and so their kept pictures, last many clicks.
        """
        if self.game.is_over:  # the end map: the tiles as large as the board allows
            self._window = view_window(HEX, self.game.map, (0.0, 0.0))
        else:
            self._window = steady_window(HEX, self.game.map, self._window, MIN_VIEW, GROWTH)
        return self._window

    @speaking
    def _prefetch(self) -> None:
        """Draw, while the person thinks, the tile pictures the next clicks are likely to need."""
        self._prefetching = None
        game = self.game
        if game.is_over or self.selected_tile is None:
            return
        ppu = pixels_per_unit(self.map_ax)
        self._tile_sprite(self.selected_tile, self.face, self.rotation, ppu)  # placed as it is now
        if len(game.pile) > 1:  # the tile the next placement brings into the offer or onto the pile's top
            incoming = game.pile[1]
            self._panel_sprite(self.tile_axes[1], incoming, game.faces(incoming)[0], 0)
            self._panel_sprite(self.tile_axes[0], incoming, game.faces(incoming)[0], 0)

    def _schedule_prefetch(self) -> None:
        loop = running_loop()
        if loop is not None and self._prefetching is None:
            self._prefetching = loop.call_later(PREFETCH_DELAY, self._prefetch)

    # -- widgets ----------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self._choose_view(self._drawings(), BOARD_SIZE, self._svg_board_widget, SVG_FLEX)
        self.map_ax = board_axes(self.figure, MAP_RECT)
        self.tile_axes = [board_axes(self.figure, rect) for rect in PANEL_RECTS]
        for ax in (self.map_ax, *self.tile_axes):
            clear_background(ax)
        self._sprites = SpriteCache()
        # A browser with a high pixel density changes the figure's dpi: compose again at the new size.
        self._frame = Frame(self.figure, on_resize=self._compose)
        self.board.connect("button_press_event", self._on_press)
        self.board.connect("motion_notify_event", self._on_motion)
        self.keys = KeyScope(KEYS, self._on_key)

        self._status = css(w.Label(), "xh-status")
        self._piles = css(w.HTML(), "xh-piles")  # HTML: the line wraps rather than being cut (longer in French)
        self._banner = css(w.HTML(), "xh-banner")
        self._message = message_line()
        # HTML rather than Label: a long line wraps instead of being cut short.
        self._preview = css(w.HTML(), "xh-preview")
        self._selection = css(w.Label(), "xh-selection")
        self._tile_choice = css(w.ToggleButtons(style=COMPACT_TOGGLES), "xh-tiles")
        self._tile_choice.observe(self._from_control(self.choose_tile), "value")
        fit = w.Layout(width="auto")
        self._rotate = css(w.Button(layout=fit), "xh-rotate")
        self._rotate_back = css(w.Button(layout=fit), "xh-rotate-back")
        self._flip = css(w.Button(layout=fit), "xh-flip")
        self._rotate.on_click(lambda _button: self.rotate())
        self._rotate_back.on_click(lambda _button: self.rotate(-1))
        self._flip.on_click(lambda _button: self.flip())
        self._undo = css(w.Button(icon="undo"), "xh-undo")
        new = self._new = css(w.Button(icon="refresh"), "xh-new-game")
        self._label_buttons()
        self._undo.on_click(lambda _button: self.undo())
        new.on_click(lambda _button: self.new_game())
        self._score = css(w.Label(), "xh-score")
        self._objectives = css(w.HTML(), "xh-objectives")

        # A long list of objectives scrolls inside its box rather than pushing the app off the screen.
        self._objectives.layout = w.Layout(max_height="150px", overflow="auto")
        self._status.layout.margin = "0 1em 0 0"
        side = [
            w.HBox([self._status, self._score]),
            self._piles,
            self._banner,
            self._message,
            self._tile_choice,
            w.HBox([self._rotate, self._rotate_back, self._flip], layout=w.Layout(flex_flow="row wrap")),
            self._selection,
            self._preview,
            w.HBox([self._undo, new]),
            self._objectives,
        ]
        self.widget = app_root(
            self.view.widget,
            side,
            self.keys,
            "xh-hextremadura",
            language=self._language_switch(),
            board_flex=self.view.flex,
        )

    def _svg_board_widget(self) -> HexMapBoard:
        """The map's widget when the browser draws it: clicks, hovers and a click on a tile beside it."""
        return css(HexMapBoard(self.click, self._on_map_hover, self._on_panel_choice), "xh-board")

    def _label_buttons(self) -> None:
        """The buttons' words, in the language in use."""
        self._rotate.description, self._rotate.tooltip = _("⟲ Rotate (r)"), _("turn counter-clockwise")
        self._rotate_back.description, self._rotate_back.tooltip = "⟳ (R)", _("turn clockwise")
        self._flip.description = _("Flip river tile (f)")
        self._undo.description, self._new.description = _("Undo"), _("New game")

    def _show_texts(self) -> None:
        """Every text of the app again, in the language in use: the buttons and keys, then the state."""
        self._label_buttons()
        self.keys.set_keys(KEYS)
        self.board.relabel()
        self._show_message()
        self._update_view()

    @speaking
    def _on_press(self, event: Any) -> None:
        if not is_finite_point(event.xdata, event.ydata):
            return
        if event.inaxes is self.map_ax:
            self.click(cell_at(HEX, event.xdata, event.ydata))
            return
        for i, ax in enumerate(self.tile_axes):
            if event.inaxes is ax and i < len(self.game.available()):
                self.choose_tile(self.game.available()[i])

    @speaking
    def _on_motion(self, event: Any) -> None:
        if event.inaxes is self.map_ax and is_finite_point(event.xdata, event.ydata):
            cell = cell_at(HEX, event.xdata, event.ydata)
            # Redraw only when the preview changes: over an occupied cell there is none.
            self.hover(cell if cell not in self.game.map else None)

    @speaking
    def _on_key(self, key: str) -> None:
        if key == "u":
            self.undo()
        elif key == "r":
            self.rotate()
        elif key in ("R", "shift+r", "shift+R"):
            self.rotate(-1)
        elif key == "f":
            self.flip()
        elif key in ("1", "2"):
            available = self.game.available()
            if int(key) <= len(available):
                self.choose_tile(available[int(key) - 1])


def _frame(ax: Any, cells: set[Cell]) -> None:
    """Limits around ``cells``, equal aspect, no axis: the map's frame."""
    xs, ys = zip(*(p for cell in cells for p in HEX.corners(cell)))
    ax.set_xlim(min(xs) - 0.1, max(xs) + 0.1)
    ax.set_ylim(min(ys) - 0.1, max(ys) + 0.1)
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()
