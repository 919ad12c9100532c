"""Small hands-on widgets for the lessons: a garden-density slider and a live study.

* :class:`GardenDensity` -- move the density ``p`` of a random garden and read, for
  one goal card, the chance the formula predicts beside the rate measured by the
  engine on random gardens, with its 95% interval;
* :class:`LiveStudy` -- choose the player, the number of players (seats) and of
  games, press *Run*: a progress bar fills, then the table of win rates per seat
  and its plot are updated.

Both work without a browser: call ``set_density(p)`` or ``run()``, then read
``text(css_class)``, as a person reads the page.

>>> slider = GardenDensity(card="I", gardens=500)
>>> slider.set_density(0.25)
>>> slider.text("xh-garden-chance")
'Formula: card I stands with 0.37% of random gardens'

Stable CSS classes: ``xh-garden`` (root), ``xh-garden-density`` (the slider),
``xh-garden-card`` (drop-down), ``xh-garden-chance``, ``xh-garden-measured``;
``xh-live-study`` (root), ``xh-study-player``, ``xh-study-seats``,
``xh-study-games``, ``xh-study-run`` (button), ``xh-study-progress``,
``xh-study-table``, ``xh-study-plot``.
"""

from __future__ import annotations

import io
from typing import Any

import ipywidgets as w
import pandas as pd
from matplotlib.figure import Figure

from .. import stats
from ..i18n import _, number_text
from ..simulate import play_xochintlan_games, xochintlan_frame
from ..viz import plot_seat_win_rates, style
from ..xochintlan import goal_cards
from ..xochintlan.gardens import garden_chance, measured_garden_rates
from .base import App, css, escape, speaking

#: games played between two updates of the progress bar
BATCH = 20


def _percent(value: float) -> str:
    """A share as a percentage, written as the language in use writes it ("0.37%", "0,37 %")."""
    return style.percent(value, 2)


def _count(value: int) -> str:
    """A count with its thousands separated, as the language in use writes it ("4,000", "4 000")."""
    return number_text(value)


class GardenDensity(App):
    """A slider for the garden density ``p``: the formula's chance and the engine's measured rate.

    ``gardens`` random gardens are drawn from ``seed`` at each density, so the
    same density always shows the same measurement.
    """

    def __init__(
        self, card: str = "I", p: float = 0.25, gardens: int = 4000, seed: int = 2024, language: str | None = None
    ):
        self._speak(language)
        self.gardens, self.seed = gardens, seed
        names = [c.name for c in goal_cards()]
        self.density = css(
            w.FloatSlider(value=p, min=0.05, max=0.33, step=0.01, readout_format=".2f", continuous_update=False),
            "xh-garden-density",
        )
        self.card = css(w.Dropdown(options=names, value=card), "xh-garden-card")
        self.chance = css(w.HTML(), "xh-garden-chance")
        self.measured = css(w.HTML(), "xh-garden-measured")
        self.widget = css(w.VBox([w.HBox([self.card, self.density]), self.chance, self.measured]), "xh-garden")
        self.density.observe(self._from_control(lambda _value: self._update()), "value")
        self.card.observe(self._from_control(lambda _value: self._update()), "value")
        self.set_language(self.language)

    def set_density(self, p: float) -> None:
        """Move the slider to ``p`` (as a person would) and update the two figures."""
        self.density.value = p

    def _show_texts(self) -> None:
        self.density.description, self.card.description = _("density p"), _("card")
        self._update()

    @speaking
    def _update(self) -> None:
        card, p = self.card.value, float(self.density.value)
        chance = garden_chance(card, p)
        hits = measured_garden_rates([card], self.gardens, p, self.seed)[card]
        low, high = stats.wilson_interval(hits, self.gardens)
        self.chance.value = escape(
            _("Formula: card {card} stands with {chance} of random gardens").format(card=card, chance=_percent(chance))
        )
        self.measured.value = escape(
            _("Engine: {hits} of {gardens} random gardens = {rate} ({level} interval {low} to {high})").format(
                level=style.percent(0.95),
                hits=hits,
                gardens=_count(self.gardens),
                rate=_percent(hits / self.gardens),
                low=_percent(low),
                high=_percent(high),
            )
        )


class LiveStudy(App):
    """A small Xochintlan study run from the page: player, seats and games, then *Run*.

    The games are exactly those of ``simulate_xochintlan(games, [player] * seats,
    seed=seed)``; they are played in batches so the progress bar moves.
    """

    def __init__(
        self, player: str = "greedy", seats: int = 2, games: int = 200, seed: int = 2024, language: str | None = None
    ):
        self._speak(language)
        self.seed = seed
        self.player = css(
            w.Dropdown(options=[(name, name) for name in ("greedy", "random")], value=player), "xh-study-player"
        )
        self.seats = css(w.IntSlider(value=seats, min=2, max=5), "xh-study-seats")
        self.games = css(w.BoundedIntText(value=games, min=10, max=2000, step=10), "xh-study-games")
        self.run_button = css(w.Button(button_style="primary"), "xh-study-run")
        self.progress = css(
            w.IntProgress(value=0, min=0, max=1, style={"description_width": "initial"}), "xh-study-progress"
        )
        self.table = css(w.HTML(), "xh-study-table")
        self.plot = css(w.Image(format="png", layout=w.Layout(max_width="640px")), "xh-study-plot")
        self.study: pd.DataFrame | None = None
        self.run_button.on_click(lambda _button: self.run())
        controls = w.HBox([self.player, self.seats, self.games, self.run_button])
        self.widget = css(w.VBox([controls, self.progress, self.table, self.plot]), "xh-live-study")
        self.set_language(self.language)

    def _show_texts(self) -> None:
        player = self.player.value
        self._quiet_set(
            self.player, [(style.word(style.PLAYER_NAMES, name), name) for name in ("greedy", "random")], "options"
        )
        self._quiet_set(self.player, player)
        self.player.description, self.seats.description = _("strategy"), _("players")
        self.games.description, self.run_button.description = _("games"), _("Run")
        self.progress.description = _("games played")
        if self.study is not None:
            self._show(self.study)

    @speaking
    def run(self) -> pd.DataFrame:
        """Play the study chosen on the controls, update the table and the plot, return the games."""
        games, seats = int(self.games.value), [self.player.value] * int(self.seats.value)
        self.progress.max, self.progress.value = games, 0
        rows: list[dict[str, Any]] = []
        for start in range(0, games, BATCH):
            rows += play_xochintlan_games(range(start, min(start + BATCH, games)), seats, seed=self.seed)
            self.progress.value = len(rows)
        self.study = xochintlan_frame(rows, n_players=len(seats))
        self._show(self.study)
        return self.study

    def _show(self, study: pd.DataFrame) -> None:
        table = stats.win_rate_by_seat(study)
        table = table.assign(player=table["seat"] + 1)[["player", "wins", "n", "estimate", "low", "high"]]
        headers = {
            "player": _("player"),
            "wins": _("wins"),
            "n": "n",
            "estimate": _("estimate"),
            "low": _("low"),
            "high": _("high"),
        }
        self.table.value = table.round(3).rename(columns=headers).to_html(index=False)
        figure = Figure(figsize=(6.4, 3.4), layout="constrained")
        plot_seat_win_rates(study, ax=figure.add_subplot())
        picture = io.BytesIO()
        figure.savefig(picture, format="png", dpi=100)
        self.plot.value = picture.getvalue()
