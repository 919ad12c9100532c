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

from ..players import PLAYERS
from .base import COMPACT_TOGGLES, App, css, escape, message_line
from .explorer import PolyformExplorer
from .hextremadura_app import HextremaduraApp
from .xochintlan_app import XochintlanApp
from ..xochintlan import Rules

#: the games a student may start, by the name the page shows
GAMES = {"xochintlan": "Xochintlan", "hextremadura": "Hextremadura", "explorer": "Polyform explorer"}
#: at most this many seats at one Xochintlan board
MAX_SEATS = 5


class GameChooser(App):
    """Choose a game, how many people and computer players, how strong, which lattice; then Start.

    ``choose(...)`` sets the choices as the controls do; ``start()`` starts the
    game (the Start button). ``app`` is the app started last.
    """

    def __init__(self) -> None:
        self.app: Any = None
        self._build_widgets()
        self._show_choices()

    def choose(self, game: str | None = None, people: int | None = None, computers: int | None = None,
               computer: str | None = None, lattice: str | None = None) -> "GameChooser":
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

    def start(self) -> "GameChooser":
        """Start the chosen game below the choices (replacing the one before)."""
        game = self._game.value
        if game == "xochintlan":
            seats = ["human"] * self._people.value + [self._computer.value] * self._computers.value
            if not 2 <= len(seats) <= MAX_SEATS:
                self._message.value = (f"<span style='color:#B33C00'>Xochintlan needs 2 to {MAX_SEATS} players "
                                       f"in all; you chose {len(seats)}.</span>")
                return self
            # The board drawn by the browser: it answers a click at once and scales to the screen.
            self.app = XochintlanApp(players=seats, rules=Rules(lattice=self._lattice.value), board="svg")
        elif game == "hextremadura":
            self.app = HextremaduraApp()
        else:
            self.app = PolyformExplorer(lattice=self._lattice.value)
        self._message.value = escape(f"Playing {self._description()}.")
        self._board.children = [self.app.widget]
        return self

    def static_png(self) -> bytes | None:
        """A picture of the board started last (PNG bytes), kept in saved notebooks."""
        return None if self.app is None else self.app.static_png()

    def _description(self) -> str:
        game = self._game.value
        if game == "xochintlan":
            people, computers = self._people.value, self._computers.value
            who = f"{people} {'person' if people == 1 else 'people'}"
            if computers:
                who += f" and {computers} computer player{'s' if computers > 1 else ''} ({self._computer.value})"
            return f"Xochintlan on the {self._lattice.value} lattice: {who}"
        if game == "hextremadura":
            return "Hextremadura, the solo tile game"
        return f"the polyform explorer on the {self._lattice.value} lattice"

    def _show_choices(self, *_: Any) -> None:
        """Only the choices that matter for the chosen game are shown."""
        game = self._game.value
        for control in (self._people, self._computers, self._computer):
            control.layout.display = None if game == "xochintlan" else "none"
        self._lattice.layout.display = None if game != "hextremadura" else "none"

    def _build_widgets(self) -> None:
        self._game = css(w.ToggleButtons(options=[(name, key) for key, name in GAMES.items()],
                                         value="xochintlan", style=COMPACT_TOGGLES), "xh-choose-game")
        self._people = css(w.Dropdown(options=list(range(0, MAX_SEATS + 1)), value=1, description="People",
                                      layout=w.Layout(width="150px"), style={"description_width": "70px"}),
                           "xh-people")
        self._computers = css(w.Dropdown(options=list(range(0, MAX_SEATS + 1)), value=1, description="Computers",
                                         layout=w.Layout(width="170px"), style={"description_width": "90px"}),
                              "xh-computers")
        self._computer = css(w.ToggleButtons(options=list(PLAYERS["xochintlan"]), value="greedy",
                                             style=COMPACT_TOGGLES, tooltips=["plays any legal move",
                                                                             "takes a win, blocks one, else builds",
                                                                             "looks a few moves ahead"]),
                             "xh-computer")
        self._lattice = css(w.ToggleButtons(options=["square", "hex"], value="square", style=COMPACT_TOGGLES),
                            "xh-choose-lattice")
        start = css(w.Button(description="Start", button_style="success", icon="play"), "xh-start")
        start.on_click(lambda _: self.start())
        self._game.observe(self._show_choices, "value")
        self._message = message_line("xh-chooser-message")
        self._board = css(w.VBox(), "xh-started")
        choices = w.HBox([self._game, self._people, self._computers, self._computer, self._lattice, start],
                         layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px"))
        self.widget = css(w.VBox([choices, self._message, self._board]), "xh-chooser")


def _check(value: str, allowed: Any, name: str) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {list(allowed)}, not {value!r}")


def _count(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an int in {low}..{high}, not {value!r}")
    return value
