"""PuzzleApp: fill a board with polyominoes (or polyhexes) by hand, with a solver to ask for hints.

Pick a piece in the tray, turn or mirror it, click a cell of the board: the piece
goes there with its middle cell on the click. Click a placed piece to take it
back. "Hint" asks the solver whether the position can still be finished and, if
so, shows where one more piece goes in a completion; "How many ways?" counts the
completions once few pieces are left. The board says "Solved!" when it is full.

>>> app = PuzzleApp("3x20")
>>> app.select("X").click((1, 1))
True
>>> app.text("xh-status")
'1 of 12 pieces placed'
>>> app.click((1, 1)), app.text("xh-status")   # a click on a placed piece takes it back
(True, '0 of 12 pieces placed')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
from matplotlib.patches import Polygon

from ..i18n import N_, _, ngettext, use_language
from ..lattice import Cell, get_lattice
from ..polyforms import Polyform
from ..puzzles import Placement, Puzzle, Region, piece_set
from ..viz.polyforms import set_words
from ..viz.puzzles import draw_tiling, piece_colour
from .base import (
    app_root,
    as_cell,
    banner_html,
    board_axes,
    cell_at,
    clear_artists,
    css,
    data_to_fraction,
    escape,
    is_finite_point,
    message_line,
    speaking,
)
from .keys import KeyScope
from .tilingboard import TilingBoard, tiling_cell_fraction, tiling_svg
from .views import BoardApp, BoardDrawings, check_board_kind

#: the puzzles offered in the menu: title -> (region, lattice, piece set, leftover). The menu shows
#: each title in the app's language; code names a puzzle by its title in either language.
PUZZLES: dict[str, tuple[str, str, str, bool]] = {
    N_("Pentominoes, 6 × 10"): ("6x10", "square", "pentominoes", False),
    N_("Pentominoes, 5 × 12"): ("5x12", "square", "pentominoes", False),
    N_("Pentominoes, 4 × 15"): ("4x15", "square", "pentominoes", False),
    N_("Pentominoes, 3 × 20"): ("3x20", "square", "pentominoes", False),
    N_("Pentominoes, 8 × 8 with a hole"): ("8x8-2x2", "square", "pentominoes", False),
    N_("Goal cards (18 one-sided pentominoes), 9 × 10"): ("9x10", "square", "one-sided-pentominoes", False),
    N_("Tetrominoes, 4 × 5 (possible?)"): ("4x5", "square", "tetrominoes", False),
    N_("Pentahexes, a triangle of 15 hexagons"): (
        "    #\n   # #\n  # # #\n # # # #\n# # # # #",
        "hex",
        "pentahexes",
        True,
    ),
}
#: "How many ways?" counts completions only when at most this many pieces are left (answers within a second)
COUNT_AT_MOST_LEFT = 7
#: outline of the hinted placement, and of the piece under the mouse
HINT_COLOUR = "#000000"
#: the board and the selected piece (inches at 100 pixels per inch): with the controls beside it, it fits a
#: projector's screen
BOARD_SIZE = (5.2, 3.3)
#: the SVG board's share of the app's row: it grows into the room beside the controls
SVG_FLEX = "3 1 360px"
#: the app's keys (while it has the keyboard), and the method each one calls
KEYS = {"r": N_("rotate"), "m": N_("mirror"), "h": N_("hint")}
#: the method each key calls
KEY_METHODS = {"r": "rotate", "m": "mirror", "h": "hint"}


class PuzzleApp(BoardApp):
    """A tiling puzzle to play with the mouse (or from code).

    ``puzzle`` is a :class:`Puzzle`, a title of :data:`PUZZLES`, or a region
    (``"6x10"``, a picture ...) filled with ``pieces``. ``board`` chooses who draws
    the board: ``"svg"`` (the default), the browser (scaled to the width it is
    given), or ``"ipympl"``, matplotlib in the kernel.

    Code API (the buttons, keys and clicks call the same): :meth:`select`,
    :meth:`rotate`, :meth:`mirror`, :meth:`click`, :meth:`place`, :meth:`remove`,
    :meth:`undo`, :meth:`clear`, :meth:`hint`, :meth:`count_completions`,
    :meth:`choose_puzzle`, :meth:`cell_to_canvas_fraction`, :meth:`text`.
    """

    def __init__(
        self,
        puzzle: Puzzle | str = "Pentominoes, 6 × 10",
        pieces: str = "pentominoes",
        leftover: bool = False,
        board: str = "svg",
        language: str | None = None,
    ) -> None:
        self._speak(language)
        self.board_kind = check_board_kind(board)
        self._hint_words: Callable[[], str] = str  # the solver's answer, written in the language in use
        with use_language(self.language):
            self._build_widgets()
        self.choose_puzzle(puzzle, pieces, leftover)

    # -- the code API ------------------------------------------------------------------
    @speaking
    def choose_puzzle(self, puzzle: Puzzle | str, pieces: str = "pentominoes", leftover: bool = False) -> PuzzleApp:
        """Start on an empty board: a Puzzle, a title of :data:`PUZZLES`, or a region filled with ``pieces``."""
        puzzle = next((title for title in PUZZLES if puzzle == _(title)), puzzle)  # a title as the menu shows it
        if isinstance(puzzle, Puzzle):
            self.puzzle, title = puzzle, None
        elif puzzle in PUZZLES:
            region, lattice, pieces, leftover = PUZZLES[puzzle]
            self.puzzle, title = Puzzle(Region(region, lattice), pieces, leftover=leftover), puzzle
        else:
            self.puzzle = Puzzle(Region(puzzle, piece_set(pieces).lattice), pieces, leftover=leftover)
            title = None
        self._lattice = get_lattice(self.puzzle.region.lattice)
        self.placed: list[Placement] = []
        self.hinted: Placement | None = None
        self.selected: int | None = None
        self.form: Polyform | None = None
        if title is not None:
            self._quiet_set(self._choice, title)
        self._set_message("")
        self._set_hint("")
        self._select_first_left()
        self._update_view()
        return self

    @speaking
    def select(self, piece: int | str) -> PuzzleApp:
        """Take piece ``piece`` (index or name) from the tray, in its usual orientation."""
        if isinstance(piece, int) and not isinstance(piece, bool):
            index = piece
        else:
            index = self.puzzle.pieces.index(str(piece))
        if index not in self.pieces_left:
            raise ValueError(f"piece {self.puzzle.pieces.names[index]} is not in the tray: it is on the board")
        self.selected = index
        self.form = self.puzzle.pieces.pieces[index]
        self._update_view()
        return self

    @speaking
    def rotate(self, turns: int = 1) -> PuzzleApp:
        """Turn the selected piece by ``turns`` quarter turns (sixth turns on hexagons) counter-clockwise."""
        if self.form is not None:
            self.form = self.form.rotate(turns)
            self._update_view()
        return self

    @speaking
    def mirror(self) -> PuzzleApp:
        """Flip the selected piece over (refused with a message when the pieces may only be turned)."""
        if self.form is None:
            return self
        if self.puzzle.pieces.motion != "free":
            pieces = self.puzzle.pieces
            self._set_message(
                lambda: _("The {pieces} may be turned but not flipped.").format(pieces=set_words(pieces)), refused=True
            )
            return self
        self.form = self.form.mirror()
        self._update_view()
        return self

    @speaking
    def click(self, cell: Cell) -> bool:
        """Take back the piece on ``cell``, or put the selected piece with its middle cell there; True when done."""
        cell = as_cell(cell)
        on_cell = next((p for p in self.placed if cell in p.cells), None)
        if on_cell is not None:
            return self.remove(on_cell)
        if self.form is None:
            self._set_message(lambda: _("Every piece is on the board: click a piece to take it back."), refused=True)
            return False
        return self.place(self._cells_for(cell))

    @speaking
    def place(self, cells: Any, piece: int | str | None = None) -> bool:
        """Put ``piece`` (default: the selected one) on ``cells``; a refusal is shown and changes nothing."""
        piece = self.selected if piece is None else piece
        try:
            if piece is None:
                raise ValueError(_("Choose a piece from the tray first."))
            placement = self.puzzle.placement(piece, cells)
            self.puzzle.check([*self.placed, placement])  # no overlap, no piece used too often
        except ValueError as refusal:
            said = _sentence(str(refusal))
            self._set_message(lambda: _sentence(self._refusal(piece, cells) or said), refused=True)
            return False
        self.placed.append(placement)
        self._forget_hint()
        self._select_first_left()
        self._update_view()
        return True

    def _refusal(self, piece: int | str | None, cells: Any) -> str:
        """Why the puzzle refuses ``piece`` on ``cells`` now, in the language in use ("" if it does not)."""
        try:
            if piece is None:
                raise ValueError(_("Choose a piece from the tray first."))
            self.puzzle.check([*self.placed, self.puzzle.placement(piece, cells)])
        except ValueError as refusal:
            return str(refusal)
        return ""

    def _forget_hint(self) -> None:
        """The board changed: an old hint and an old refusal no longer apply."""
        self.hinted = None
        self._set_hint("")
        self._set_message("")

    @speaking
    def remove(self, placement: Placement) -> bool:
        """Take ``placement`` back into the tray (and select it)."""
        if placement not in self.placed:
            self._set_message(lambda: _("That piece is not on the board."), refused=True)
            return False
        self.placed.remove(placement)
        self.selected = placement.piece
        self.form = Polyform(placement.cells, self._lattice)
        self._forget_hint()
        self._update_view()
        return True

    @speaking
    def undo(self) -> bool:
        """Take back the piece placed last."""
        if not self.placed:
            self._set_message(lambda: _("Nothing to undo: the board is empty."), refused=True)
            return False
        return self.remove(self.placed[-1])

    @speaking
    def clear(self) -> PuzzleApp:
        """Take every piece off the board."""
        self.placed.clear()
        self._forget_hint()
        self._select_first_left()
        self._update_view()
        return self

    @speaking
    def hint(self) -> Placement | None:
        """Ask the solver: can this position be finished? If so, show (and return) one more piece of a completion.

        The hinted piece is the one that covers the first empty cell, reading
        the board column by column, in the first completion the solver finds.
        """
        completion = self.puzzle.solve(self.placed)
        if completion is None:
            self.hinted = None
            last = self.placed[-1].name if self.placed else None
            self._set_hint(
                lambda: (
                    _("No way to finish from here: take a piece back.")
                    if last is None
                    else _("No way to finish from here: take a piece back (the last one was {piece}).").format(
                        piece=last
                    )
                )
            )
        else:
            todo = [p for p in completion if p not in self.placed]
            self.hinted = min(todo, key=lambda p: p.cells[0])  # the piece on the first empty cell, column by column
            hinted = self.hinted.piece
            self._set_hint(
                lambda: _("This position can be finished. Hint: the {piece} goes where the dashed outline is.").format(
                    piece=self._words(hinted)
                )
            )
        self._update_view()
        return self.hinted

    @speaking
    def count_completions(self) -> int | None:
        """How many ways the position can be finished (None, with a message, while many pieces are left)."""
        left = sum(self.puzzle.pieces.copies) - len(self.placed)
        if left > COUNT_AT_MOST_LEFT and not self.puzzle.leftover:
            self._set_hint(
                lambda: _(
                    "{left} pieces are left: place at least {more} more before counting (counting all would take long)."
                ).format(left=left, more=left - COUNT_AT_MOST_LEFT)
            )
            return None
        count = self.puzzle.count(partial=self.placed)
        self._set_hint(
            lambda: ngettext("{count} way to finish from here.", "{count} ways to finish from here.", count).format(
                count=count
            )
        )
        return count

    def _set_hint(self, text: str | Callable[[], str]) -> None:
        """Show the solver's answer: a text, or a function that writes it in the language in use."""
        self._hint_words = text if callable(text) else (lambda: text)
        self._hint_text.value = escape(self._hint_words())

    @property
    def pieces_left(self) -> list[int]:
        """The pieces still in the tray (a piece with several copies appears once per copy left)."""
        used = [p.piece for p in self.placed]
        return [i for i, k in enumerate(self.puzzle.pieces.copies) for _ in range(k - used.count(i))]

    @property
    def is_solved(self) -> bool:
        """True when every cell of the board is covered."""
        return sum(len(p.cells) for p in self.placed) == self.puzzle.region.size

    def cells_for(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells the selected piece would cover if put with its middle cell on ``cell``."""
        return self._cells_for(as_cell(cell))

    # -- after each change ---------------------------------------------------------------
    def _select_first_left(self) -> None:
        left = self.pieces_left
        if self.selected not in left:
            self.selected = left[0] if left else None
            self.form = None if self.selected is None else self.puzzle.pieces.pieces[self.selected]

    def _cells_for(self, cell: Cell) -> tuple[Cell, ...]:
        if self.form is None:
            raise ValueError(_("Choose a piece from the tray first."))
        anchor = _middle_cell(self._lattice, self.form.cells)
        return tuple((x - anchor[0] + cell[0], y - anchor[1] + cell[1]) for x, y in self.form.cells)

    def _update_view(self) -> None:
        pieces = self.puzzle.pieces
        total = sum(pieces.copies)
        self._status.value = ngettext(
            "{placed} of {total} piece placed", "{placed} of {total} pieces placed", total
        ).format(placed=len(self.placed), total=total)
        left = self.pieces_left
        options = [(self._words(i), i) for i in dict.fromkeys(left)]
        self._quiet_set(self._tray, options, "options")
        self._quiet_set(self._tray, self.selected if self.selected in left else None)
        self._tray.layout.display = None if options else "none"
        self._selection.value = (
            _("Selected: nothing (every piece is placed)")
            if self.selected is None
            else _("Selected: {piece}").format(piece=self._words(self.selected))
        )
        self._mirror.disabled = pieces.motion != "free" or self.form is None
        self._rotate.disabled = self.form is None
        self._undo.disabled = not self.placed
        self._banner.value = (
            banner_html(
                _("Solved! Every cell is covered."),
                ngettext("{count} piece placed.", "{count} pieces placed.", len(self.placed)).format(
                    count=len(self.placed)
                ),
            )
            if self.is_solved
            else ""
        )
        self.view.paint()

    def _words(self, piece: int) -> str:
        """How the page names a piece: its letter on the board, with its full name when they differ ("B (H5-2)")."""
        label, name = self.puzzle.pieces.labels[piece], self.puzzle.pieces.names[piece]
        return name if label == name else f"{label} ({name})"

    # -- drawing ---------------------------------------------------------------------------
    def _drawings(self) -> BoardDrawings:
        """The board drawn by the browser (an SVG picture) or by matplotlib, and where a cell lies on each."""
        return BoardDrawings(
            svg=self._board_svg,
            svg_fraction=lambda cell: tiling_cell_fraction(self._lattice, self.puzzle.region.cells, cell),
            figure=self._draw_picture,
            figure_fraction=lambda cell: data_to_fraction(self.board_ax, self._lattice.center(cell)),
        )

    def _board_svg(self) -> str:
        """The board drawn by the browser: the tiling, the hinted piece, and the selected piece beside it."""
        selected = None if self.form is None or self.selected is None else (self.selected, self.form)
        middle = None if self.form is None else _middle_cell(self._lattice, self.form.cells)
        return tiling_svg(self.puzzle, self.placed, hinted=self.hinted, selected=selected, middle=middle)

    def _draw_picture(self) -> None:
        """The board drawn by matplotlib (the ipympl canvas, and the picture kept in saved notebooks)."""
        ax = self.board_ax
        clear_artists(ax)
        draw_tiling(self.puzzle, self.placed, ax=ax)
        if self.hinted is not None:
            for edge in _outline(self._lattice, self.hinted.cells):
                ax.plot(*zip(*edge), color=HINT_COLOUR, linewidth=2.5, linestyle=(0, (3, 2)))
        self._draw_selected()

    def _draw_selected(self) -> None:
        """The selected piece, as it would be placed, in the panel beside the board."""
        ax = self.piece_ax
        clear_artists(ax)
        ax.set_axis_off()
        if self.form is None or self.selected is None:
            return
        lat = self._lattice
        corners = [p for c in self.form.cells for p in lat.corners(c)]
        xs, ys = zip(*corners)
        middle = lat.center(_middle_cell(lat, self.form.cells))
        for c in self.form.cells:
            ax.add_patch(
                Polygon(
                    lat.corners(c),
                    closed=True,
                    facecolor=piece_colour(self.selected),
                    edgecolor="#222222",
                    linewidth=1.0,
                )
            )
        ax.plot(*middle, marker="o", color="black", markersize=5)  # the cell that goes on the click
        span = max(max(xs) - min(xs), max(ys) - min(ys), 3.0) / 2 + 0.3
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        ax.set_xlim(cx - span, cx + span)
        ax.set_ylim(cy - span, cy + span)
        ax.set_aspect("equal", adjustable="box")
        ax.set_title(_("{piece}\n● goes on the cell\nyou click").format(piece=self._words(self.selected)), fontsize=9)

    # -- widgets ---------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        # Beside the controls, the board fits a projector's screen (1280 x 800 with the file browser open).
        self._choose_view(self._drawings(), BOARD_SIZE, self._svg_board_widget, SVG_FLEX)
        self.board_ax = board_axes(self.figure, (0.01, 0.02, 0.72, 0.96))
        self.piece_ax = board_axes(self.figure, (0.76, 0.3, 0.22, 0.45))
        self.board.connect("button_press_event", self._on_press)
        # Keys stay in the app whatever part of it has the focus, and never reach JupyterLab.
        self.keys = KeyScope(KEYS, self._on_key)

        self._choice = css(
            w.Dropdown(options=self._puzzle_options(), description=_("Puzzle"), layout=w.Layout(width="auto")),
            "xh-puzzle-choice",
        )
        self._choice.observe(self._from_control(self.choose_puzzle), "value")
        self._status = css(w.Label(), "xh-status")
        self._banner = css(w.HTML(), "xh-banner")
        self._message = message_line()
        self._tray = css(w.ToggleButtons(description=_("Tray"), style={"button_width": "auto"}), "xh-tray")
        self._tray.observe(self._from_control(self.select), "value")
        self._selection = css(w.Label(), "xh-selection")
        fit = w.Layout(width="auto")
        self._rotate = css(w.Button(layout=fit), "xh-rotate")
        self._mirror = css(w.Button(layout=fit), "xh-mirror")
        self._rotate.on_click(lambda _button: self.rotate())
        self._mirror.on_click(lambda _button: self.mirror())
        self._hint = hint = css(w.Button(icon="lightbulb-o", layout=fit), "xh-hint")
        self._count = count = css(w.Button(layout=fit), "xh-count")
        hint.on_click(lambda _button: self.hint())
        count.on_click(lambda _button: self.count_completions())
        self._hint_text = css(w.HTML(layout=w.Layout(min_height="1.6em")), "xh-hint-text")
        self._undo = css(w.Button(icon="undo", layout=fit), "xh-undo")
        self._clear = clear = css(w.Button(layout=fit), "xh-clear")
        self._label_buttons()
        self._undo.on_click(lambda _button: self.undo())
        clear.on_click(lambda _button: self.clear())
        side = [
            self._choice,
            self._status,
            self._banner,
            self._message,
            self._tray,
            self._selection,
            w.HBox([self._rotate, self._mirror]),
            w.HBox([hint, count]),
            self._hint_text,
            w.HBox([self._undo, clear]),
        ]
        self.widget = app_root(
            self.view.widget, side, self.keys, "xh-puzzle", language=self._language_switch(), board_flex=self.view.flex
        )

    def _svg_board_widget(self) -> TilingBoard:
        """The board's widget when the browser draws it: a click on a cell, or on the selected piece (turns it)."""
        return css(TilingBoard(self._on_cell, on_action=lambda _name: self.rotate()), "xh-board")

    @speaking
    def _on_cell(self, cell: Cell) -> None:
        if cell in self.puzzle.region:
            self.click(cell)

    def _puzzle_options(self) -> list[tuple[str, str]]:
        return [(_(title), title) for title in PUZZLES]

    def _label_buttons(self) -> None:
        """The buttons' words, in the language in use."""
        self._rotate.description, self._mirror.description = _("⟲ Rotate (r)"), _("⇄ Mirror (m)")
        self._hint.description, self._count.description = _("Hint (h)"), _("How many ways?")
        self._undo.description, self._clear.description = _("Undo"), _("Clear the board")

    def _show_texts(self) -> None:
        """Every text of the app again, in the language in use."""
        chosen = self._choice.value
        self._quiet_set(self._choice, self._puzzle_options(), "options")
        self._quiet_set(self._choice, chosen)
        self._choice.description, self._tray.description = _("Puzzle"), _("Tray")
        self._label_buttons()
        self.keys.set_keys(KEYS)
        self.board.relabel()
        self._show_message()
        self._set_hint(self._hint_words)
        self._update_view()

    @speaking
    def _on_press(self, event: Any) -> None:
        if event.inaxes is self.board_ax and is_finite_point(event.xdata, event.ydata):
            self._on_cell(cell_at(self._lattice, event.xdata, event.ydata))
        elif event.inaxes is self.piece_ax:
            self.rotate()  # a click on the selected piece turns it

    @speaking
    def _on_key(self, key: str) -> None:
        getattr(self, KEY_METHODS[key])()


def _middle_cell(lattice: Any, cells: Any) -> Cell:
    """The piece's cell nearest its centre of mass: where a click puts the piece."""
    centres = {c: lattice.center(c) for c in cells}
    mx = sum(x for x, _ in centres.values()) / len(centres)
    my = sum(y for _, y in centres.values()) / len(centres)
    return min(sorted(centres), key=lambda c: (centres[c][0] - mx) ** 2 + (centres[c][1] - my) ** 2)


def _outline(lattice: Any, cells: Any) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    inside = set(cells)
    return [
        lattice.side_corners(c, side)
        for c in inside
        for side in range(lattice.sides)
        if lattice.neighbour(c, side) not in inside
    ]


def _sentence(text: str) -> str:
    """An engine message as a sentence on the page: capital first letter, full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
