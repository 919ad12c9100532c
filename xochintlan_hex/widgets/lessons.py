"""Small hands-on widgets for the lessons: a garden-density slider and a live study.

* :class:`GardenDensity` -- move the density ``p`` of a random garden and read, for
  one goal card, the chance the formula predicts beside the rate measured by the
  engine on random gardens, with its 95% interval; the slider steps by 0.01 and
  also stops at a few simple fractions exactly (1/6, 1/5, 1/4, 2/7, 1/3);
* :class:`LiveStudy` -- choose the player, the number of players (seats) and of
  games, press *Run*: a progress bar fills, then the table of win rates per seat
  and its plot are updated.

Both work without a browser: call ``set_density(p)`` or ``run()``, then read
``text(css_class)``, as a person reads the page. Both keep a picture of what they
show in a saved notebook (``static_png``), so a lesson read before it runs still
shows the curve or the study.

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
from fractions import Fraction
from typing import Any

import ipywidgets as w
import pandas as pd
from matplotlib.figure import Figure

from ..balance import stats
from ..balance.simulate import play_xochintlan_games, xochintlan_frame
from ..i18n import _, ngettext, number_text
from ..viz import plot_seat_win_rates, readable, style
from ..xochintlan import goal_cards
from ..xochintlan.gardens import garden_chance, measured_garden_rates
from .base import App, css, escape, speaking

#: games played between two updates of the progress bar
BATCH = 20
#: the densities the slider offers exactly, besides every hundredth from 0.05 to 0.33: 1/6 (half the
#: cells empty), 1/4 (the lesson's choice), 1/3 (no empty cell) and, so that no stop singles out an
#: exercise's answer, 1/5 and 2/7
DENSITY_FRACTIONS = (Fraction(1, 6), Fraction(1, 5), Fraction(1, 4), Fraction(2, 7), Fraction(1, 3))


def density_choices() -> list[tuple[str, float]]:
    """The slider's stops as (label, value): hundredths written as the language in use writes
    them ("0.05", "0,05"), and the exact fractions labelled as such."""
    stops = {round(k / 100, 2): number_text(k / 100, 2) for k in range(5, 34)}
    for fraction in DENSITY_FRACTIONS:
        stops.pop(round(float(fraction), 2), None)  # 0.25 is 1/4: one stop, labelled as the fraction
        stops[float(fraction)] = f"{fraction.numerator}/{fraction.denominator}"
    return [(label, value) for value, label in sorted(stops.items())]


def nearest_density(p: float) -> float:
    """The slider's stop nearest to ``p``."""
    return min((value for _, value in density_choices()), key=lambda value: abs(value - p))


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
            w.SelectionSlider(options=density_choices(), value=nearest_density(p), continuous_update=False),
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
        """Move the slider to its stop nearest ``p`` (as a person would) and update the two figures."""
        self.density.value = nearest_density(p)

    @speaking
    def static_png(self) -> bytes:
        """What the widget shows, as a picture: at the chosen density, the formula's chance beside
        the engine's measured rate with its interval (the curve over every density is left to
        the student, who looks for its peak)."""
        card, p = self.card.value, float(self.density.value)
        hits = measured_garden_rates([card], self.gardens, p, self.seed)[card]
        rate = hits / self.gardens
        low, high = stats.wilson_interval(hits, self.gardens)
        figure = Figure(figsize=(6.4, 2.0), layout="constrained")
        ax = figure.add_subplot()
        ax.plot([garden_chance(card, p)], [1], linestyle="none", marker="D", color="#0072B2", label=_("formula"))
        ax.errorbar(
            [rate], [0], xerr=[[rate - low], [high - rate]], fmt="s", color="#D55E00", capsize=4,
            label=_("engine, {level} interval").format(level=style.percent(0.95)),
        )  # fmt: skip
        ax.set_yticks([0, 1], [_("engine"), _("formula")])
        ax.set_ylim(-0.6, 1.6)
        ax.set_xlim(left=0)
        ax.set_xlabel(_("chance the card stands"))
        ax.set_title(_("Card {card}, density p = {p}").format(card=card, p=style.decimal(p, 3)))
        ax.xaxis.set_major_formatter(style.percent_formatter(2))
        picture = io.BytesIO()
        figure.savefig(picture, format="png", dpi=100)
        return picture.getvalue()

    def _show_texts(self) -> None:
        self.density.description, self.card.description = _("density p"), _("card")
        p = self.density.value  # the same stop, its label in the new language
        self._quiet_set(self.density, density_choices(), "options")
        self._quiet_set(self.density, p)
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
            ngettext(  # the noun agrees with the count of gardens that hold the card
                "Engine: {hits} of {gardens} random gardens = {rate} ({level} interval {low} to {high})",
                "Engine: {hits} of {gardens} random gardens = {rate} ({level} interval {low} to {high})",
                hits,
            ).format(
                level=style.percent(0.95),
                hits=_count(hits),
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
        self,
        player: str = "greedy",
        seats: int = 2,
        games: int = 200,
        seed: int = 2024,
        language: str | None = None,
        run_now: bool = False,
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
        if run_now:  # a lesson saved with a first study shows its table and picture, not an empty bar
            self.run()

    def static_png(self) -> bytes | None:
        """The picture of the last study run (None before any): kept in saved notebooks."""
        return bytes(self.plot.value) if self.study is not None else None

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
        table = stats.win_rate_by_seat(study)[["seat", "wins", "n", "estimate", "low", "high"]]
        # numbers and headings as the language writes them: the seat as the player counted from 1
        self.table.value = readable(table).to_html(index=False)
        figure = Figure(figsize=(6.4, 3.4), layout="constrained")
        plot_seat_win_rates(study, ax=figure.add_subplot())
        picture = io.BytesIO()
        figure.savefig(picture, format="png", dpi=100)
        self.plot.value = picture.getvalue()
