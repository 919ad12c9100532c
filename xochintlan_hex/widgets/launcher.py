"""GameChooser: the student page. Choose a game, the players and the lattice; play, with no code.

A class starts it with ``make play`` (a Voilà page of ``notebooks/play.ipynb``):
the page shows only this chooser and the board it starts.

>>> chooser = GameChooser()
>>> app = chooser.choose(game="xochintlan", people=1, computers=1, computer="greedy", lattice="hex").start().app
>>> app.seats[1].name, app.game.lattice.name
('greedy', 'hex')
>>> chooser.choose(game="hextremadura").start().app.game.is_over
False
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..i18n import N_, _, ngettext, use_language
from ..players import PLAYERS
from ..viz import style
from ..xochintlan import Rules
from .base import COMPACT_TOGGLES, App, css, escape, message_line, speaking
from .explorer import PolyformExplorer
from .hextremadura_app import HextremaduraApp
from .xochintlan_app import XochintlanApp

#: the games a student may start, by the name the page shows
GAMES = {"xochintlan": "Xochintlan", "hextremadura": "Hextremadura", "explorer": N_("Polyform explorer")}
#: what each computer player does, as its button's tooltip says (players without one show none)
COMPUTER_TIPS = {
    "random": N_("plays any legal move"),
    "greedy": N_("takes a win, blocks one, else builds"),
    "search": N_("looks a few moves ahead"),
}
LATTICE_NAMES = {"square": N_("square"), "hex": N_("hex")}
#: at most this many seats at one Xochintlan board
MAX_SEATS = 5


class GameChooser(App):
    """Choose a game, how many people and computer players, how strong, which lattice; then Start.

    ``choose(...)`` sets the choices as the controls do; ``start()`` starts the
    game (the Start button). ``app`` is the app started last. ``language`` ("en",
    "fr"; None: the kit's) is the page's language, and the language of the games it starts;
    the page's FR/EN switch changes both.
    """

    def __init__(self, language: str | None = None) -> None:
        self._speak(language)
        self.app: Any = None
        with use_language(self.language):
            self._build_widgets()
        self._show_choices()

    def choose(
        self,
        game: str | None = None,
        people: int | None = None,
        computers: int | None = None,
        computer: str | None = None,
        lattice: str | None = None,
    ) -> GameChooser:
        """Set any of the choices (the others stay); a bad choice is refused with the allowed ones."""
        if game is not None:
            _check(game, GAMES, "game")
            self._game.value = game
        if computer is not None:
            _check(computer, PLAYERS["xochintlan"], "computer")
            self._computer.value = computer
        if lattice is not None:
            _check(lattice, ("square", "hex"), "lattice")
            self._lattice.value = lattice
        if people is not None:
            self._people.value = _count(people, "people", 0, MAX_SEATS)
        if computers is not None:
            self._computers.value = _count(computers, "computers", 0, MAX_SEATS)
        return self

    @speaking
    def start(self, seed: int | None = None) -> GameChooser:
        """Start the chosen game below the choices (replacing the one before).

        ``seed`` deals a given game (the same for every machine of a class); None, a new one."""
        game = self._game.value
        if game == "xochintlan":
            seats = ["human"] * self._people.value + [self._computer.value] * self._computers.value
            if not 2 <= len(seats) <= MAX_SEATS:
                self._message.value = "<span style='color:#B33C00'>{}</span>".format(
                    escape(
                        _("Xochintlan needs 2 to {most} players in all; you chose {count}.").format(
                            most=MAX_SEATS, count=len(seats)
                        )
                    )
                )
                return self
            # The board drawn by the browser: it answers a click at once and scales to the screen.
            self.app = XochintlanApp(
                players=seats, rules=Rules(lattice=self._lattice.value), seed=seed, board="svg", language=self.language
            )
        elif game == "hextremadura":
            self.app = HextremaduraApp(seed=seed, language=self.language)
        else:
            self.app = PolyformExplorer(lattice=self._lattice.value, language=self.language)
        self._show_playing()
        self._board.children = [self.app.widget]
        return self

    def _show_playing(self) -> None:
        self._message.value = escape(_("Playing {game}.").format(game=self._description()))

    def _show_texts(self) -> None:
        """The page's words again in the language in use, and the started game's too."""
        self._label_controls()
        if self.app is not None:
            self.app.set_language(self.language)
            self._show_playing()
        else:
            self._message.value = ""

    @speaking
    def static_png(self) -> bytes | None:
        """A picture of the board started last (PNG bytes), kept in saved notebooks."""
        return None if self.app is None else self.app.static_png()

    def _description(self) -> str:
        game = self._game.value
        lattice = _(LATTICE_NAMES[self._lattice.value])
        if game == "xochintlan":
            people, computers = self._people.value, self._computers.value
            who = ngettext("{count} person", "{count} people", people).format(count=people)
            if computers:
                who = ngettext(
                    "{people} and {count} computer player ({computer})",
                    "{people} and {count} computer players ({computer})",
                    computers,
                ).format(people=who, count=computers, computer=style.word(style.PLAYER_NAMES, self._computer.value))
            return _("Xochintlan on the {lattice} lattice: {players}").format(lattice=lattice, players=who)
        if game == "hextremadura":
            return _("Hextremadura, the solo tile game")
        return _("the polyform explorer on the {lattice} lattice").format(lattice=lattice)

    def _show_choices(self, *_: Any) -> None:
        """Only the choices that matter for the chosen game are shown."""
        game = self._game.value
        for control in (self._people, self._computers, self._computer):
            control.layout.display = None if game == "xochintlan" else "none"
        self._lattice.layout.display = None if game != "hextremadura" else "none"

    def _build_widgets(self) -> None:
        self._game = css(
            w.ToggleButtons(options=list(GAMES), value="xochintlan", style=COMPACT_TOGGLES), "xh-choose-game"
        )
        self._people = css(
            w.Dropdown(
                options=list(range(0, MAX_SEATS + 1)),
                value=1,
                layout=w.Layout(width="170px"),
                style={"description_width": "90px"},
            ),
            "xh-people",
        )
        self._computers = css(
            w.Dropdown(
                options=list(range(0, MAX_SEATS + 1)),
                value=1,
                layout=w.Layout(width="190px"),
                style={"description_width": "110px"},
            ),
            "xh-computers",
        )
        self._computer = css(
            w.ToggleButtons(options=list(PLAYERS["xochintlan"]), value="greedy", style=COMPACT_TOGGLES), "xh-computer"
        )
        self._lattice = css(
            w.ToggleButtons(options=list(LATTICE_NAMES), value="square", style=COMPACT_TOGGLES), "xh-choose-lattice"
        )
        self._start = start = css(w.Button(button_style="success", icon="play"), "xh-start")
        start.on_click(lambda _button: self.start())
        self._game.observe(self._show_choices, "value")
        self._message = message_line("xh-chooser-message")
        self._board = css(w.VBox(), "xh-started")
        self._label_controls()
        choices = w.HBox(
            [self._game, self._people, self._computers, self._computer, self._lattice, start, self._language_switch()],
            layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px"),
        )
        self.widget = css(w.VBox([choices, self._message, self._board]), "xh-chooser")

    def _label_controls(self) -> None:
        """The controls' words in the language in use (their values, the choices, stay)."""
        for control, options in (
            (self._game, [(_(name), key) for key, name in GAMES.items()]),
            (self._computer, [(style.word(style.PLAYER_NAMES, name), name) for name in PLAYERS["xochintlan"]]),
            (self._lattice, [(_(name), key) for key, name in LATTICE_NAMES.items()]),
        ):
            value = control.value
            self._quiet_set(control, options, "options")
            self._quiet_set(control, value)
        self._computer.tooltips = [
            _(COMPUTER_TIPS[name]) if name in COMPUTER_TIPS else "" for name in PLAYERS["xochintlan"]
        ]
        self._people.description, self._computers.description = _("People"), _("Computers")
        self._start.description = _("Start")


def _check(value: str, allowed: Any, name: str) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {list(allowed)}, not {value!r}")


def _count(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an int in {low}..{high}, not {value!r}")
    return value
