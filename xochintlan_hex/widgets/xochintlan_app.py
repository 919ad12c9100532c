"""XochintlanApp: play Xochintlan with the mouse, hot-seat or against computer players.

Every rule is the engine's: the app turns a click into an action, asks the
engine to play it, and shows what the engine says (its state, or the reason it
refused). The same methods drive the app from code, which is how the tests play
whole games without a browser:

>>> app = XochintlanApp(players=["human", "human"], seed=1)
>>> app.click((1, 0))                      # place a Lizard next to the Human
True
>>> app.text("xh-status"), app.text("xh-lock")
('Player 2 to play', 'Locked: (1, 0)')
>>> app.choose_action("switch").choose_animal("Bird").click((1, 0))
False
>>> "previous player" in app.text("xh-message")   # the engine's reason: that tile is locked
True

When the chosen action has no cell to click, the message line says why, in the
engine's words (here the Human has just been moved, so it may not move again):

>>> app = XochintlanApp(players=["human", "human"], seed=1)
>>> app.click((1, 0)), app.choose_action("move").click((1, 1))
(True, True)
>>> app.text("xh-message")
'Moving the Human is not possible now: the Human was just moved by the previous player. Choose another action.'
"""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Callable, Sequence
from itertools import combinations, islice
from typing import Any

import ipywidgets as w
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..i18n import N_, _, use_language
from ..players import get_player
from ..viz import style
from ..viz.polyforms import draw_card
from ..viz.xochintlan import draw_xochintlan
from ..xochintlan import (
    HUMAN,
    KIND_NAMES,
    KINDS,
    IllegalAction,
    MoveHuman,
    Place,
    Redraw,
    Rules,
    Swap,
    Switch,
    Xochintlan,
)
from ..xochintlan.rules import kind_of_letter
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
    is_finite_point,
    message_line,
    running_loop,
    speaking,
    steady_window,
)
from .keys import KeyScope
from .svgboard import SvgBoard, cell_fraction, xochintlan_svg
from .views import BoardApp, BoardDrawings, check_board_kind

Cell = tuple[int, int]

#: the actions a click can make, by the name the app uses for them (translated where shown)
ACTION_NAMES = {"place": N_("Place"), "switch": N_("Switch"), "move": N_("Move Human"), "swap": N_("Swap")}
#: seconds a computer player waits before moving, so a class sees each move
DEFAULT_PAUSE = 0.8
#: a synchronous run of computer moves stops after this many (a swap endgame may never end)
MAX_SYNC_MOVES = 1000
#: the board shows at least this much each side of its middle (half-width, half-height, drawing units)
MIN_VIEW = {"square": (3.5, 3.5), "hex": (5.5, 5.0)}
#: when the tiles reach the board's edge, the new frame has this much room to spare on every side
GROWTH = {"square": 1.0, "hex": 1.8}
#: the hint names at most this many of the engine's reasons
MAX_REASONS = 2
#: the board's size (inches at 100 pixels per inch): beside the controls, it fits a projector's screen
BOARD_SIZE = (5.0, 5.0)
#: the SVG board's share of the app's row: it shrinks before the controls wrap below it
SVG_FLEX = "1 1 300px"
#: the app's keys in each language (while it has the keyboard), as its key line names them: the
#: animals' keys are the letters their tiles show (in French, O for Oiseau and S for Singe), and
#: Switch is r in French ("remplacer"), since s is the Singe's
KEYS = {
    "en": {
        "p": N_("place"),
        "s": N_("switch"),
        "h": N_("move Human"),
        "l": N_("Lizard"),
        "b": N_("Bird"),
        "m": N_("Monkey"),
        "u": N_("undo"),
    },
    "fr": {
        "p": N_("place"),
        "r": N_("switch"),
        "h": N_("move Human"),
        "l": N_("Lizard"),
        "o": N_("Bird"),
        "s": N_("Monkey"),
        "u": N_("undo"),
    },
}
KEY_ACTIONS = {"en": {"p": "place", "s": "switch", "h": "move"}, "fr": {"p": "place", "r": "switch", "h": "move"}}
KEY_ANIMALS = {"en": {"l": "L", "b": "B", "m": "M"}, "fr": {"l": "L", "o": "B", "s": "M"}}
#: the glyph of each tile kind, as the key line shows it
GLYPHS = {"L": "◆", "B": "▲", "M": "●", "H": "★"}
#: colours of the message line: a refusal, and a hint
HINT_COLOUR = "#0B5394"


def kind_code(animal: str) -> str:
    """The letter of an animal given by its letter in either alphabet, or by its name in English or
    in the language in use ("B", "O", "Bird", "bird", and in French "Oiseau" -> "B")."""
    if kind_of_letter(str(animal)) in KINDS:
        return str(kind_of_letter(str(animal)))
    wanted = str(animal).strip().lower()
    for code in KINDS:
        if wanted in {KIND_NAMES[code].lower(), style.animal_name(code).lower()}:
            return code
    allowed = ", ".join(f"{c!r} ({KIND_NAMES[c]})" for c in KINDS)
    raise ValueError(f"animal must be one of {allowed}, not {animal!r}")


class XochintlanApp(BoardApp):
    """A Xochintlan board to play with the mouse (or from code).

    ``players`` lists each seat: ``"human"`` or a computer player's name
    (``"random"``, ``"greedy"``, ``"search"``) or player object. ``seed`` fixes the
    deal (and the seeds of later new games). ``pause`` is how long a computer
    player waits before moving: ``0`` plays computer moves at once, ``None``
    only when :meth:`step_computer` is called (for lessons and tests that step).
    ``board`` chooses who draws the board: ``"svg"`` (the default), the browser
    (an SVG picture sent by the kernel, painted at once and scaled to the page),
    or ``"ipympl"``, matplotlib in the kernel (a picture sent to an ipympl canvas,
    slower to answer a click). Either way a saved notebook keeps a picture of it.

    Code API (the buttons and clicks call the same): :meth:`click`,
    :meth:`choose_action`, :meth:`choose_animal`, :meth:`show_card`,
    :meth:`redraw_card`, :meth:`play`, :meth:`undo`, :meth:`new_game`,
    :meth:`step_computer`, :meth:`cell_to_canvas_fraction`, :meth:`text`.
    """

    def __init__(
        self,
        players: Sequence[Any] = ("human", "greedy"),
        rules: Rules | None = None,
        seed: int | None = None,
        pause: float | None = DEFAULT_PAUSE,
        cards: Sequence[Sequence[Any]] | None = None,
        board: str = "svg",
        language: str | None = None,
    ) -> None:
        self._speak(language)
        self.board_kind = check_board_kind(board)
        if len(players) < 1:
            raise ValueError("players must list at least one seat: 'human' or a computer player's name")
        if pause is not None and (not isinstance(pause, (int, float)) or pause < 0):
            raise ValueError(f"pause must be a number of seconds >= 0 or None, not {pause!r}")
        self.rules = rules if rules is not None else Rules()
        self.seats = [_seat(p) for p in players]
        self.pause = pause
        self._cards = cards
        self._seed = seed
        self._seeds = random.Random(seed)  # seeds of later new games
        self._rng = random.Random(seed)  # the computer players' choices
        self._pending: asyncio.TimerHandle | None = None
        self.action = "place"
        self.animal = KINDS[0]
        self.card_shown = self.humans == 1
        self.selection: Cell | None = None  # the first cell of a swap
        self.hint = ""  # why the chosen action has no cell to click now (the engine's reasons)
        self._window: set[Cell] | None = None
        self._targets: set[Cell] = set()  # the cells the board marks as playable, asked of the engine once per change
        self._card_png_key: Any = None
        self._movers: list[int] = []  # who played each move of the game's history
        with use_language(self.language):
            self._build_widgets()
        self.new_game(seed=seed)

    # -- who plays -----------------------------------------------------------------
    @property
    def humans(self) -> int:
        """How many seats a person plays."""
        return sum(seat is None for seat in self.seats)

    def is_human(self, player: int) -> bool:
        """True when a person plays seat ``player``."""
        return self.seats[player] is None

    @speaking
    def player_label(self, player: int) -> str:
        """ "Player 1", or "Player 2 (greedy)" for a computer seat."""
        seat = self.seats[player]
        if seat is None:
            return _("Player {number}").format(number=player + 1)
        return _("Player {number} ({computer})").format(number=player + 1, computer=_player_name(seat))

    # -- the code API ------------------------------------------------------------------
    @speaking
    def click(self, cell: Cell) -> bool:
        """Act on ``cell`` with the chosen action and animal, as a click on the board does.

        Returns True when an action was played. A refusal is shown in the message
        line and leaves the game unchanged; the first click of a swap only selects.
        """
        cell = as_cell(cell)
        if not self._human_may_act():
            return False
        if self.action == "swap":
            if self.selection is None or self.selection == cell:
                self.selection = None if self.selection == cell else cell
                chosen = self.selection
                self._set_message(
                    "" if chosen is None else lambda: _("Swap {cell} with… (click a second animal)").format(cell=chosen)
                )
                self._draw_board()
                return False
            first, self.selection = self.selection, None
            return self.play(Swap(first, cell))
        if self.action == "place":
            return self.play(Place(self.animal, cell))
        if self.action == "switch":
            return self.play(Switch(cell, self.animal))
        return self.play(MoveHuman(cell))

    @speaking
    def play(self, action: Any) -> bool:
        """Play ``action`` (an action or its notation) for the player to move; True when played."""
        player = self.game.current_player
        try:
            self.game.play(action)
        except IllegalAction as refusal:
            self._set_message(self._refusal(action, str(refusal)), refused=True)
            return False
        self._movers.append(player)
        self._set_message("")
        self._after_move()
        return True

    def _refusal(self, action: Any, said: str) -> Callable[[], str]:
        """The engine's reason for refusing ``action``, asked again each time it is shown (so it
        follows the app's language); the game is unchanged until the message is cleared."""
        return lambda: self.game.why_illegal(action) or said

    @speaking
    def choose_action(self, action: str) -> XochintlanApp:
        """Choose what a click does: "place", "switch", "move" (the Human), or "swap" (swap endgame)."""
        allowed = self._action_names()
        if action not in allowed:
            raise ValueError(f"action must be one of {allowed}, not {action!r}")
        self.action = action
        self.selection = None
        self._quiet_set(self._action_choice, action)
        self._draw_board()
        return self

    @speaking
    def choose_animal(self, animal: str) -> XochintlanApp:
        """Choose the animal to place or switch to: "L", "B", "M" (or "Lizard", "Bird", "Monkey")."""
        self.animal = kind_code(animal)
        self._quiet_set(self._animal_choice, self.animal)
        self._draw_board()
        return self

    @speaking
    def show_card(self, show: bool | None = None) -> XochintlanApp:
        """Show (or hide, or with no argument toggle) the goal card of the player to move.

        In hot-seat games the card hides again when the turn passes, so the next
        player's card is never shown to the one before.
        """
        self.card_shown = (not self.card_shown) if show is None else bool(show)
        self._show_card()
        return self

    @speaking
    def redraw_card(self, card: int = 0) -> bool:
        """Reveal your card number ``card`` and draw a new one (a whole turn; needs ``allow_redraw``)."""
        if not self._human_may_act():
            return False
        return self.play(Redraw(card))

    @speaking
    def undo(self) -> bool:
        """Take back the last move, and the computer replies after it, back to a person's turn."""
        self._cancel_computer()
        if not self.game.history:
            self._set_message(lambda: _("Nothing to undo: no move has been played."), refused=True)
            return False
        self._undo_one()
        while self.humans and self.game.history and not self.is_human(self.game.current_player):
            self._undo_one()
        self.selection = None
        self._set_message("")
        self._after_move()
        return True

    @speaking
    def new_game(self, seed: int | None = None) -> XochintlanApp:
        """Start a new game: with ``seed``, or the next seed of the app's own seed sequence."""
        self._cancel_computer()
        if seed is None and hasattr(self, "game"):
            seed = None if self._seed is None else self._seeds.randrange(2**31)
        self.game = Xochintlan(players=len(self.seats), seed=seed, rules=self.rules, cards=self._cards)
        self._movers = []
        self._window = None  # a new game starts in the smallest frame again
        self.selection = None
        self.action = "place"
        self._quiet_set(self._action_choice, "place")
        self._set_message("")
        self._after_move()
        return self

    @speaking
    def step_computer(self) -> Any:
        """Play one move for the computer player to move now; returns it (None if a person is to move)."""
        action = self._computer_move()
        if action is not None:
            self._after_move()
        return action

    @speaking
    def last_move_text(self) -> str:
        """The last move in words, e.g. "Last move: Player 2 (greedy) placed a Bird on (1, 0)"."""
        history = self.game.history
        if not history:
            return _("Last move: none yet")
        player = self._movers[-1] if len(self._movers) == len(history) else None
        who = _("the last player") if player is None else self.player_label(player)
        return _("Last move: {player} {move}").format(player=who, move=_move_words(history[-1]))

    def _undo_one(self) -> None:
        self.game.undo()
        if self._movers:
            self._movers.pop()

    # -- after each change -------------------------------------------------------------
    def _after_move(self) -> None:
        self._settle()
        self._schedule_computer()

    def _settle(self) -> None:
        """Bring the page up to date after one or more moves."""
        if self.humans > 1:
            self.card_shown = False  # the next person must not see the previous one's card
        if self.game.reserve.get(self.animal, 0) == 0:
            self._pick_available_animal()
        self._update_view()

    def _pick_available_animal(self) -> None:
        for kind in KINDS:
            if self.game.reserve.get(kind, 0) > 0:
                self.animal = kind
                self._quiet_set(self._animal_choice, kind)
                return

    def _human_may_act(self) -> bool:
        if not self.game.is_over and not self.is_human(self.game.current_player):
            waiting = self.game.current_player
            self._set_message(
                lambda: _("Wait: it is {player}'s turn.").format(player=self.player_label(waiting)), refused=True
            )
            return False
        return True

    # -- computer players ----------------------------------------------------------------
    def _computer_to_play(self) -> bool:
        return not self.game.is_over and not self.is_human(self.game.current_player)

    def _computer_move(self) -> Any:
        if not self._computer_to_play():
            return None
        player = self.seats[self.game.current_player]
        mover = self.game.current_player
        try:
            action = player.choose(self.game.clone(), self._rng)
            self.game.play(action)
            self._movers.append(mover)
        except Exception as error:  # a failing player must not leave the board silently stuck
            said = str(error)
            self._set_message(
                lambda: _("{player} could not move: {error}").format(player=self.player_label(mover), error=said),
                refused=True,
            )
            return None
        return action

    def _schedule_computer(self) -> None:
        self._cancel_computer()
        if not self._computer_to_play() or self.pause is None:
            return
        loop = running_loop()
        if self.pause > 0 and loop is not None:
            # Non-blocking: the kernel's event loop plays the move after the pause,
            # so the page shows the human's move first.
            self._pending = loop.call_later(self.pause, self._computer_tick)
            return
        for _move in range(MAX_SYNC_MOVES):
            if self._computer_move() is None:
                break
        self._settle()

    @speaking
    def _computer_tick(self) -> None:
        self._pending = None
        self.step_computer()

    def _cancel_computer(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # -- showing the state ---------------------------------------------------------------
    def _update_view(self) -> None:
        game = self.game
        self._status.value = self._status_text()
        reserve = " · ".join(f"{style.animal_name(k)} {game.reserve.get(k, 0)}" for k in KINDS)
        self._reserve.value = _("Reserve: {counts}").format(counts=reserve)
        locked = ", ".join(_cell_text(c, spaced=True) for c in sorted(game.locked)) or _("nothing")
        self._lock.value = _("Locked: {cells}").format(cells=locked)
        self._banner.value = self._banner_html()
        self._last_move.value = escape(self.last_move_text())
        self._undo.disabled = not game.history
        self._draw_board()
        self._show_card()

    def _status_text(self) -> str:
        game = self.game
        if game.is_over:
            return _("Game over")
        player = game.current_player
        if self.is_human(player):
            return _("{player} to play").format(player=self.player_label(player))
        return _("{player} to play…").format(player=self.player_label(player))

    def _banner_html(self) -> str:
        game = self.game
        if not game.is_over:
            return ""
        if game.end_reason == "win" and game.winner is not None and game.winning_kind is not None:
            card = getattr(game.winning_card, "name", game.winning_card)
            text = _("{player} wins: {animals} and the Human form card {card}").format(
                player=self.player_label(game.winner), animals=style.animal_plural(game.winning_kind), card=card
            )
        elif game.end_reason == "turn_limit":
            text = _("Tie: the turn limit is reached")
        else:
            text = _("Tie: every animal is on the board and no card stands")
        return banner_html(text)

    def _show_message(self) -> None:
        """The message line: the last refusal or news, else the hint, else nothing."""
        message = self._message_text()
        if message:
            colour = f"color: {self.refusal_colour};" if self._refused else ""
            self._message.value = f"<span style='{colour}'>{escape(message)}</span>"
        elif self.hint:
            self._message.value = f"<span style='color: {HINT_COLOUR};'>{escape(self.hint)}</span>"
        else:
            self._message.value = ""

    def _hint_text(self, targets: set[Cell]) -> str:
        """Why no cell can be clicked for the chosen action, in the engine's words ("" when some can)."""
        game = self.game
        if targets or game.is_over or not self.is_human(game.current_player):
            return ""
        reasons: list[str] = []
        for action in self._candidate_actions():
            reason = game.why_illegal(action)
            if reason is not None and reason not in reasons:
                reasons.append(reason)
        if not reasons:
            return ""
        shown = "; ".join(reasons[:MAX_REASONS]) + ("; …" if len(reasons) > MAX_REASONS else "")
        animal = style.animal_name(self.animal)
        doing = {
            "place": _("Placing a {animal}").format(animal=animal),
            "switch": _("Switching to a {animal}").format(animal=animal),
            "move": _("Moving the Human"),
            "swap": _("Swapping"),
        }[self.action]
        other = _("another animal or action") if self.action in ("place", "switch") else _("another action")
        return _("{doing} is not possible now: {reasons}. Choose {other}.").format(
            doing=doing, reasons=shown, other=other
        )

    def _candidate_actions(self) -> list[Any]:
        """Actions a click in the chosen mode could make, for the engine to say why each is refused."""
        board = self.game.board
        lattice = self.game.lattice
        empty_beside = sorted({n for cell in board for n in lattice.neighbours(cell) if n not in board})
        animals = sorted(cell for cell, kind in board.items() if kind != HUMAN)
        human = [cell for cell, kind in board.items() if kind == HUMAN]
        if self.action == "place":
            return [Place(self.animal, cell) for cell in empty_beside]
        if self.action == "move":
            return [MoveHuman(cell) for cell in empty_beside]
        if self.action == "switch":
            return [Switch(cell, self.animal) for cell in animals or human]
        if self.selection is not None:
            return [Swap(self.selection, cell) for cell in animals if cell != self.selection]
        return list(islice((Swap(a, b) for a, b in combinations(animals, 2)), 100))

    def _target_cells(self) -> set[Cell]:
        """The cells where a click would play a legal action now (read from the engine's legal actions)."""
        game = self.game
        if game.is_over or not self.is_human(game.current_player):
            return set()
        cells = set()
        for action in game.legal_actions():
            cell = _click_cell(action, self.action, self.animal, self.selection)
            if cell is not None:
                cells.add(cell)
        return cells

    def _draw_board(self) -> None:
        self._targets = self._target_cells()
        self.view.paint()
        self.hint = self._hint_text(self._targets)
        self._show_message()

    def _drawings(self) -> BoardDrawings:
        """The board drawn by the browser (an SVG picture) or by matplotlib, and where a cell lies on each."""
        return BoardDrawings(
            svg=self._board_svg,
            svg_fraction=lambda cell: cell_fraction(self.game, self._view_cells(), cell),
            figure=self._draw_picture,
            figure_fraction=lambda cell: data_to_fraction(self.ax, self.game.lattice.center(cell)),
        )

    def _last_cells(self) -> list[Cell]:
        return _move_cells(self.game.history[-1]) if self.game.history else []

    def _board_svg(self) -> str:
        """The board drawn by the browser: the SVG picture of the board as it stands."""
        window = self._view_cells()
        return xochintlan_svg(self.game, window, legal=self._targets, selected=self.selection, last=self._last_cells())

    def _draw_picture(self) -> None:
        """The board drawn by matplotlib (the ipympl canvas, and the picture kept in saved notebooks)."""
        clear_artists(self.ax)
        window = self._view_cells()
        draw_xochintlan(
            self.game,
            ax=self.ax,
            legal=self._targets,
            locked=True,
            pattern=True,
            frame=window,
            empty=window,
            selected=self.selection,
            legend=False,
            last=self._last_cells() or None,
        )

    def _view_cells(self) -> set[Cell]:
        """The cells the board shows: at first a small area around the Human; it grows,
        with room to spare, only when the tiles come near its edge.

        So the cells keep their size on screen from move to move, and every cell a
        click may need (the tiles and the ring of empty cells around them) is shown.
        """
        lat = self.game.lattice
        extra = 0.0 if self._window is None else GROWTH[lat.name]
        self._window = steady_window(lat, self.game.board, self._window, MIN_VIEW[lat.name], extra)
        return self._window

    def _viewer(self) -> int | None:
        """Whose card the card panel is about: the person to move, or the only person."""
        if self.is_human(self.game.current_player):
            return self.game.current_player
        humans = [i for i, seat in enumerate(self.seats) if seat is None]
        return humans[0] if len(humans) == 1 else None

    def _show_card(self) -> None:
        """The card panel: every hand when cards are public (open cards, game over),
        else the viewer's own card, shown only when they asked to look."""
        game = self.game
        viewer = self._viewer()
        public = game.is_over or self.rules.open_cards
        self._show_card_button.disabled = public or viewer is None
        self._show_card_button.description = _("Hide my card") if self.card_shown else _("Show my card")
        revealed = sorted((p, c.name) for p, c in game.revealed)
        self._revealed.value = (
            _("Revealed: {cards}").format(cards=", ".join(f"{self.player_label(p)} {name}" for p, name in revealed))
            if revealed
            else ""
        )
        if public:
            hands = [(p, card) for p, cards in enumerate(game.cards) for card in cards]
            self._card_title.value = escape(
                _("Cards: {hands}").format(
                    hands=" · ".join(
                        f"{self.player_label(p)}: {', '.join(c.name for c in cards)}"
                        for p, cards in enumerate(game.cards)
                    )
                )
            )
            # "P1", "J1" in French: the seat's short name under each card
            self._set_card_image(
                [card for _p, card in hands],
                [_("P{number}: {card}").format(number=p + 1, card=card.name) for p, card in hands],
            )
        elif viewer is None:
            self._card_title.value = escape(_("Cards: hidden"))
            self._set_card_image([], [])
        elif not self.card_shown:
            self._card_title.value = escape(
                _("{player}'s card: hidden (the others look away, then press Show my card)").format(
                    player=self.player_label(viewer)
                )
            )
            self._set_card_image([], [])
        else:
            cards = game.cards[viewer]
            self._card_title.value = escape(
                _("{player}'s card: {cards}").format(
                    player=self.player_label(viewer), cards=", ".join(c.name for c in cards)
                )
            )
            self._set_card_image(cards, [c.name for c in cards])

    def _set_card_image(self, cards: Sequence[Any], labels: Sequence[str]) -> None:
        key = (tuple(cards), tuple(labels))
        if key != self._card_png_key:  # drawing cards costs a render: only when they change
            self._card_png_key = key
            self._card_image.value = _cards_png(cards, labels) if cards else b""
            self._card_image.layout.width = f"{110 * len(cards)}px"
        self._card_image.layout.display = None if cards else "none"

    # -- widgets ----------------------------------------------------------------------
    def _action_names(self) -> list[str]:
        names = ["place", "switch", "move"]
        return names + ["swap"] if self.rules.endgame == "swap" else names

    def _build_widgets(self) -> None:
        self._choose_view(self._drawings(), BOARD_SIZE, self._svg_board_widget, SVG_FLEX)
        self.ax = board_axes(self.figure, (0.01, 0.01, 0.98, 0.98))
        self.board.connect("button_press_event", self._on_press)

        self._status = css(w.Label(), "xh-status")
        # HTML rather than Label: these lines wrap in a narrow column instead of being cut short.
        self._last_move = css(w.HTML(), "xh-last-move")
        self._banner = css(w.HTML(), "xh-banner")
        self._message = message_line()
        self._action_choice = css(
            w.ToggleButtons(options=self._action_options(), value="place", style=COMPACT_TOGGLES), "xh-action"
        )
        self._animal_choice = css(
            w.ToggleButtons(options=self._animal_options(), value=KINDS[0], style=COMPACT_TOGGLES), "xh-animal"
        )
        self._action_choice.observe(self._from_control(self.choose_action), "value")
        self._animal_choice.observe(self._from_control(self.choose_animal), "value")
        self._reserve = css(w.Label(), "xh-reserve")
        self._lock = css(w.Label(), "xh-lock")
        self._key = css(w.HTML(self._key_text()), "xh-key")

        self._card_title = css(w.HTML(), "xh-card-title")  # HTML: a long line wraps instead of being cut
        self._card_image = w.Image(format="png", layout=w.Layout(width="110px"))
        self._show_card_button = css(w.Button(description=_("Show my card")), "xh-show-card")
        self._show_card_button.on_click(lambda _button: self.show_card())
        self._revealed = css(w.Label(), "xh-revealed")
        card_children: list[w.Widget] = [self._card_title, self._card_image, self._show_card_button, self._revealed]
        if self.rules.allow_redraw:
            self._redraw_choice = w.Dropdown(options=list(range(self.rules.cards_per_player)), description=_("Card"))
            self._redraw = css(w.Button(description=_("Reveal and redraw")), "xh-redraw")
            redraw = self._redraw
            redraw.on_click(lambda _button: self.redraw_card(self._redraw_choice.value))
            card_children.append(w.HBox([redraw, self._redraw_choice] if self.rules.cards_per_player > 1 else [redraw]))
        card = css(w.VBox(card_children), "xh-card")

        self._undo = css(w.Button(description=_("Undo"), icon="undo"), "xh-undo")
        self._new = css(w.Button(description=_("New game"), icon="refresh"), "xh-new-game")
        self._undo.on_click(lambda _button: self.undo())
        self._new.on_click(lambda _button: self.new_game())

        self.keys = KeyScope(KEYS[self.language], self._on_key)
        side = [
            self._status,
            self._last_move,
            self._banner,
            self._message,
            self._action_choice,
            self._animal_choice,
            self._reserve,
            self._lock,
            self._key,
            card,
            w.HBox([self._undo, self._new]),
        ]
        self.widget = app_root(
            self.view.widget,
            side,
            self.keys,
            "xh-xochintlan",
            language=self._language_switch(),
            board_flex=self.view.flex,
        )

    def _svg_board_widget(self) -> SvgBoard:
        """The board's widget when the browser draws it: a click on a cell plays there."""
        return css(SvgBoard(self.click), "xh-board")

    def _action_options(self) -> list[tuple[str, str]]:
        return [(_(ACTION_NAMES[a]), a) for a in self._action_names()]

    def _animal_options(self) -> list[tuple[str, str]]:
        return [(style.animal_name(k), k) for k in KINDS]

    def _key_text(self) -> str:
        """The key to the tiles: each glyph with its letter and name ("◆ L Lizard · …")."""
        glyphs = [f"{GLYPHS[k]} {style.kind_letter(k)} {style.animal_name(k)}" for k in KINDS]
        return escape(
            _("Key: {glyphs}").format(glyphs=" · ".join([*glyphs, f"{GLYPHS[HUMAN]} {style.animal_name(HUMAN)}"]))
        )

    def _show_texts(self) -> None:
        """Every text of the app again, in the language in use: the controls' labels, then the state."""
        self._quiet_set(self._action_choice, self._action_options(), "options")
        self._quiet_set(self._action_choice, self.action)
        self._quiet_set(self._animal_choice, self._animal_options(), "options")
        self._quiet_set(self._animal_choice, self.animal)
        self._key.value = self._key_text()
        self._undo.description, self._new.description = _("Undo"), _("New game")
        if self.rules.allow_redraw:
            self._redraw_choice.description, self._redraw.description = _("Card"), _("Reveal and redraw")
        self.keys.set_keys(KEYS[self.language])
        self.board.relabel()
        self._card_png_key = None  # the cards' labels are drawn in the picture
        self._update_view()

    @speaking
    def _on_key(self, key: str) -> None:
        actions, animals = KEY_ACTIONS[self.language], KEY_ANIMALS[self.language]
        if key in actions and actions[key] in self._action_names():
            self.choose_action(actions[key])
        elif key in animals:
            self.choose_animal(animals[key])
        elif key == "u":
            self.undo()

    @speaking
    def _on_press(self, event: Any) -> None:
        if event.inaxes is self.ax and is_finite_point(event.xdata, event.ydata):
            self.click(cell_at(self.game.lattice, event.xdata, event.ydata))


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------
def _seat(player: Any) -> Any:
    """None for a person, else the computer player object."""
    if player == "human":
        return None
    return get_player(player, game="xochintlan")


def _player_name(player: Any) -> str:
    """A computer player's name, in the language in use for the kit's own players ("greedy", "glouton")."""
    return style.word(style.PLAYER_NAMES, getattr(player, "name", type(player).__name__))


def _cell_text(cell: Cell, spaced: bool = False) -> str:
    return f"({cell[0]}, {cell[1]})" if spaced else f"({cell[0]},{cell[1]})"


def _click_cell(action: Any, mode: str, animal: str, selection: Cell | None) -> Cell | None:
    """The cell a click would use to make ``action`` in this mode, or None if no click makes it."""
    if mode == "place" and isinstance(action, Place) and action.kind == animal:
        return action.cell
    if mode == "switch" and isinstance(action, Switch) and action.kind == animal:
        return action.cell
    if mode == "move" and isinstance(action, MoveHuman):
        return action.cell
    if mode == "swap" and isinstance(action, Swap):
        if selection is None:
            return action.a
        if selection in (action.a, action.b):
            return action.b if selection == action.a else action.a
    return None


def _move_words(action: Any) -> str:
    """What a move did, in words ("placed a Bird on (1, 0)")."""
    if isinstance(action, Place):
        return _("placed a {animal} on {cell}").format(
            animal=style.animal_name(action.kind), cell=_cell_text(action.cell, spaced=True)
        )
    if isinstance(action, Switch):
        return _("switched {cell} to a {animal}").format(
            cell=_cell_text(action.cell, spaced=True), animal=style.animal_name(action.kind)
        )
    if isinstance(action, MoveHuman):
        return _("moved the Human to {cell}").format(cell=_cell_text(action.cell, spaced=True))
    if isinstance(action, Swap):
        return _("swapped {a} and {b}").format(a=_cell_text(action.a, spaced=True), b=_cell_text(action.b, spaced=True))
    if isinstance(action, Redraw):
        return _("revealed card {number} and drew a new one").format(number=action.index + 1)
    return _("played {action}").format(action=action)


def _move_cells(action: Any) -> list[Cell]:
    """The cells a move acted on (none for a redraw)."""
    if isinstance(action, Swap):
        return [action.a, action.b]
    cell = getattr(action, "cell", None)
    return [cell] if cell is not None else []


def _cards_png(cards: Sequence[Any], labels: Sequence[str]) -> bytes:
    fig = Figure(figsize=(1.6 * len(cards), 1.9), dpi=100)
    FigureCanvasAgg(fig)
    for i, (card, label) in enumerate(zip(cards, labels)):
        draw_card(card, ax=fig.add_axes((i / len(cards), 0.0, 1 / len(cards), 1.0)), label=label)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()
