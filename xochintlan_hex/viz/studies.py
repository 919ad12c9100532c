"""Study plots: balance and difficulty read at a glance, always with their uncertainty.

Each function takes a tidy study frame (one row per game, as made by
:mod:`xochintlan_hex.balance.simulate` or read back from a results file), computes its
figures with :mod:`xochintlan_hex.balance.stats` (95% intervals: Wilson for shares, t for
means) and draws them on ``ax``. Every estimate is a dot or a bar with its
interval as a line, so a class sees at once which differences are real.

Xochintlan frames need ``winner`` and, per plot, ``n_players``, ``cards_<seat>``,
``winning_card``, ``turns``, ``end_reason``; Hextremadura frames need ``score``
(and ``rating``), ``objectives_<type>`` / ``met_<type>`` and ``quest_<name>``.

>>> import pandas as pd
>>> games = pd.DataFrame({"n_players": [2, 2, 2], "winner": [0, 1, None],
...                       "turns": [11, 14, 48], "end_reason": ["win", "win", "tie"]})
>>> from matplotlib.figure import Figure
>>> ax = plot_seat_win_rates(games, Figure().add_subplot())
>>> [t.get_text() for t in ax.get_xticklabels()]
['seat 1', 'seat 2']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.patches import Patch

from ..balance import stats
from ..hextremadura.game import quest_name, rating_name
from ..i18n import N_, _
from . import style

#: series colours, in order (Okabe-Ito, most distinct first)
SERIES_COLOURS = [
    style.OKABE_ITO[k] for k in ("blue", "orange", "bluish_green", "vermillion", "reddish_purple", "sky_blue")
]
SERIES_HATCHES = ["", "//", "..", "xx", "\\\\", "oo"]
END_REASON_STYLE = {
    "win": (style.OKABE_ITO["blue"], ""),
    "tie": (style.OKABE_ITO["orange"], "//"),
    "turn_limit": (style.OKABE_ITO["vermillion"], "xx"),
}
#: the seed's thresholds (9, 12, 14, and a star for a perfect 15), used when the engine gives none
DEFAULT_BANDS = ((9, ""), (12, ""), (14, ""), (15, ""))
BAND_SHADES = ["#FFFFFF", "#F0F0F0", "#DDDDDD", "#C8C8C8", "#FFF2B3"]
CONFIDENCE_NOTE = N_("bars: {level} confidence intervals")  # level: 95%, as the language writes it
#: how a game ended, as a legend names it (the data keep the keys)
END_REASON_NAMES = {"win": N_("win"), "tie": N_("tie"), "turn_limit": N_("turn limit")}
#: the discover quests by their place names
QUEST_NAMES = {
    "monfrague": "Monfragüe",
    "garganta_de_los_infiernos": "Garganta de los Infiernos",
    "los_barruecos": "Los Barruecos",
}


#: the objective types, as a reader names them (the data keep the keys)
OBJECTIVE_TYPE_NAMES = {
    "all_symbols": N_("all symbols"),
    "same_symbol_triad": N_("same symbol triad"),
    "three_separate": N_("three separate"),
    "adjacent_pair": N_("adjacent pair"),
}


def _interval_errors(table: pd.DataFrame) -> np.ndarray:
    """Asymmetric error bar lengths (2, n) from ``estimate``, ``low``, ``high``."""
    est = table["estimate"].to_numpy(dtype=float)
    low = np.nan_to_num(table["low"].to_numpy(dtype=float), nan=0.0)
    high = np.nan_to_num(table["high"].to_numpy(dtype=float), nan=0.0)
    return np.vstack([np.clip(est - low, 0, None), np.clip(high - est, 0, None)])


def _groups(table: pd.DataFrame, by: str | None) -> list[tuple[object, pd.DataFrame]]:
    if by is None:
        return [(None, table)]
    return list(table.groupby(by, sort=True))


def _percent_axis(ax: Axes, axis: str = "x") -> None:
    (ax.xaxis if axis == "x" else ax.yaxis).set_major_formatter(style.percent_formatter())


def seat_label(seat: Any) -> str:
    """How a reader names a seat: counted from 1, as the boards say "Player 1" (the data keep 0, 1, ...).

    >>> seat_label(0)
    'seat 1'
    """
    return _("seat {number}").format(number=int(seat) + 1)


def _value_label(column: str | None, value: Any) -> str:
    """A legend entry for a value of ``column``: a seat (the winner's) counted from 1, else the value in words."""
    if column in ("winner", "seat") and isinstance(value, (int, float, np.integer, np.floating)) and not pd.isna(value):
        return seat_label(value)
    if column == "end_reason" and str(value) in END_REASON_NAMES:
        return _(END_REASON_NAMES[str(value)])
    return str(value).replace("_", " ")


def _label_with_note(label: str) -> str:
    """An axis label with the reading key of the interval bars on a second line."""
    return f"{label}\n({_(CONFIDENCE_NOTE).format(level=style.percent(0.95))})"


# -- Xochintlan -------------------------------------------------------------------
@style.speaks_language
def plot_card_win_rates(
    frame: pd.DataFrame,
    ax: Axes | None = None,
    *,
    by: str | None = None,
    sort: bool = True,
    counts: bool = True,
    language: str | None = None,
) -> Axes:
    """Win rate of each goal card (share of seats holding it that won with it), 95% Wilson bars.

    Cards are sorted from easiest to hardest; the dashed line is the overall rate.
    ``by`` (e.g. ``"n_players"``) draws one coloured series per value of that column;
    ``counts`` writes at the right how many seats held each card; ``language`` ("en",
    "fr"; None: the kit's) is the language of the picture's words.
    """
    table = stats.card_win_rates(frame, by=by)
    if table.empty:
        raise ValueError("frame holds no games with goal cards to plot")
    order = _card_order(table, sort)
    ax = style.new_axes((6.4, max(3.0, 0.28 * len(order) + 1.2)), ax)
    groups = _groups(table, by)
    step = 0.7 / max(len(groups), 1)
    for i, (value, group) in enumerate(groups):
        group = group.set_index("card").reindex(order)
        y = np.arange(len(order)) + (i - (len(groups) - 1) / 2) * step
        ax.errorbar(
            group["estimate"],
            y,
            xerr=_interval_errors(group),
            fmt="o",
            color=SERIES_COLOURS[i % 6],
            ecolor=SERIES_COLOURS[i % 6],
            elinewidth=1.6,
            capsize=2.5,
            markersize=5,
            label=None if value is None else f"{by} = {value}",
        )
    overall = table["wins"].sum() / table["n"].sum()
    ax.axvline(
        overall,
        color="#555555",
        linestyle="--",
        linewidth=1,
        label=_("all cards: {rate}").format(rate=style.percent(overall)),
    )
    ax.set_yticks(np.arange(len(order)), order)
    if counts:
        # how many seats held each card: a reader sees why some intervals are wide
        held = table.groupby("card")["n"].sum().reindex(order)
        for row, n in enumerate(held):
            ax.text(
                1.01,
                row,
                f"n={n}",
                transform=ax.get_yaxis_transform(),
                va="center",
                ha="left",
                fontsize="x-small",
                color="#555555",
            )
    ax.invert_yaxis()  # easiest card on top
    ax.set_xlim(left=0)
    _percent_axis(ax, "x")
    ax.set_xlabel(_label_with_note(_("games won with this card, of the seats holding it")))
    ax.set_ylabel(_("goal card"))
    ax.set_title(_("Win rate per goal card"))
    ax.grid(axis="x", color="#E5E5E5")
    ax.legend(loc="best", fontsize="small", frameon=True)
    return style.number_axes(ax)


def _card_order(table: pd.DataFrame, sort: bool) -> list[str]:
    pooled = table.groupby("card")[["wins", "n"]].sum()
    if sort:
        return list((pooled["wins"] / pooled["n"]).sort_values(ascending=False, kind="stable").index)
    return list(pooled.index)


@style.speaks_language
def plot_seat_win_rates(frame: pd.DataFrame, ax: Axes | None = None, *, language: str | None = None) -> Axes:
    """Win rate of each seat, one group of bars per number of players, 95% Wilson bars.

    The dashed step marks the fair share: the decisive games split evenly between
    the seats. ``language``: "en", "fr" (None: the kit's).
    """
    table = stats.win_rate_by_seat(frame)
    if table.empty:
        raise ValueError("frame holds no games to plot")
    decisive = stats.outcome_shares(frame.assign(n_players=_n_players(frame)), by="n_players")
    decisive = decisive[decisive["outcome"] == "decisive"].set_index("n_players")["estimate"]
    ax = style.new_axes((6.4, 3.8), ax)
    x0 = 0.0
    ticks, labels = [], []
    for i, (n_players, group) in enumerate(table.groupby("n_players", sort=True)):
        x = x0 + np.arange(len(group))
        colour = SERIES_COLOURS[i % 6]
        ax.bar(
            x,
            group["estimate"],
            yerr=_interval_errors(group),
            width=0.75,
            color=colour,
            hatch=SERIES_HATCHES[i % 6],
            edgecolor="white",
            ecolor="black",
            capsize=3,
            label=_("{count} players").format(count=n_players),
        )
        fair = decisive.get(n_players, np.nan) / n_players
        ax.hlines(fair, x[0] - 0.45, x[-1] + 0.45, colors="black", linestyles="--", linewidth=1.2)
        ticks += list(x)
        labels += [seat_label(s) for s in group["seat"]]
        x0 = x[-1] + 1.8
    ax.set_xticks(ticks, labels, rotation=0 if len(ticks) <= 8 else 45)
    _percent_axis(ax, "y")
    ax.set_ylim(0, min(1.0, max(0.05, float(table["high"].max()) * 1.15)))
    ax.set_ylabel(_label_with_note(_("games won")))
    ax.set_title(_("Win rate per seat (dashed: fair share)"))
    ax.grid(axis="y", color="#E5E5E5")
    ax.set_axisbelow(True)
    ax.legend(fontsize="small")
    return style.number_axes(ax)


def _n_players(frame: pd.DataFrame) -> pd.Series:
    if "n_players" in frame.columns:
        return frame["n_players"].astype(int)
    seats = [c for c in frame.columns if c.startswith("player_") and c[7:].isdigit()]
    if not seats:
        raise ValueError("frame needs an n_players column (or player_0, player_1, ...)")
    return frame[seats].notna().sum(axis=1).astype(int)


@style.speaks_language
def plot_head_to_head(frame: pd.DataFrame, ax: Axes | None = None, *, language: str | None = None) -> Axes:
    """For each pair of player kinds: P(win) - P(loss) of the stronger against the other, 95% bars.

    Each pair shows once, the kind that did better first. An interval that
    crosses the zero line means the study cannot tell the two apart yet.
    ``language``: "en", "fr" (None: the kit's).
    """
    table = stats.head_to_head(frame)
    if table.empty:
        raise ValueError("frame holds no games between different player kinds")
    # each pair once, the stronger kind first (the other order is the same bar mirrored)
    table = table.sort_values("margin", ascending=False, kind="stable")
    pair = [tuple(sorted(p)) for p in zip(table["player"], table["opponent"])]
    table = table[~pd.Series(pair, index=table.index).duplicated()].reset_index(drop=True)
    ax = style.new_axes((6.4, max(2.0, 0.45 * len(table) + 1.2)), ax)
    y = np.arange(len(table))
    # The adjusted interval is centred a little towards 0, so a tiny study may leave the margin at its edge.
    errors = np.vstack([table["margin"] - table["margin_low"], table["margin_high"] - table["margin"]]).clip(min=0)
    ax.barh(y, table["margin"], xerr=errors, color=SERIES_COLOURS[0], ecolor="black", capsize=3, height=0.6)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(
        y,
        [
            _("{player} vs {opponent}").format(
                player=style.word(style.PLAYER_NAMES, str(p)), opponent=style.word(style.PLAYER_NAMES, str(o))
            )
            for p, o in zip(table["player"], table["opponent"])
        ],
    )
    ax.invert_yaxis()
    ax.set_xlim(-1, 1)
    ax.set_xlabel(_label_with_note(_("P(win) - P(loss) of the first player kind")))
    ax.set_title(_("Head to head"))
    ax.grid(axis="x", color="#E5E5E5")
    ax.set_axisbelow(True)
    return style.number_axes(ax)


@style.speaks_language
def plot_game_lengths(
    frame: pd.DataFrame,
    ax: Axes | None = None,
    *,
    bins: int | Sequence[float] | None = None,
    by: str | None = "end_reason",
    language: str | None = None,
) -> Axes:
    """Histogram of game length in turns, stacked by ``by`` (how the game ended by default).

    The vertical line is the mean length with its 95% t interval shaded.
    ``language``: "en", "fr" (None: the kit's).
    """
    if "turns" not in frame.columns:
        raise ValueError(f"frame needs a turns column; it has {list(frame.columns)}")
    turns = pd.to_numeric(frame["turns"], errors="coerce")
    if turns.dropna().empty:
        raise ValueError("frame holds no game lengths to plot")
    ax = style.new_axes((6.4, 3.6), ax)
    edges: Any = _integer_bins(int(turns.min()), int(turns.max())) if bins is None else bins
    parts = (
        [(None, turns)]
        if by is None or by not in frame.columns
        else [(value, turns[frame[by] == value]) for value in _ordered_values(frame[by])]
    )
    colours = [
        END_REASON_STYLE.get(str(v), (SERIES_COLOURS[i % 6], SERIES_HATCHES[i % 6])) for i, (v, _) in enumerate(parts)
    ]
    *_bins, made = ax.hist(
        [p.dropna() for _, p in parts],
        bins=edges,
        stacked=True,
        color=[c for c, _ in colours],
        edgecolor="white",
        linewidth=0.5,
        label=[_value_label(by, v) for v, _ in parts],
    )
    # hist gives one container, not a list, for a single data set
    containers: list[Any] = [made] if len(parts) == 1 else list(made)  # type: ignore[arg-type]
    for container, (_colour, hatch) in zip(containers, colours):
        for patch in container:
            patch.set_hatch(hatch)
    mean = stats.mean_interval(turns)
    ax.axvspan(mean["low"], mean["high"], color="black", alpha=0.12, linewidth=0)
    ax.axvline(
        mean["estimate"],
        color="black",
        linewidth=1.5,
        label=_("mean {turns} turns (95% CI shaded)").format(turns=style.decimal(mean["estimate"])),
    )
    ax.set_xlabel(_("game length (turns)"))
    ax.set_ylabel(_("games"))
    ax.set_title(_("Game length"))
    legend_title = None if by is None else _("how the game ended") if by == "end_reason" else by.replace("_", " ")
    ax.legend(fontsize="small", title=legend_title, title_fontsize="small")
    return style.number_axes(ax)


def _integer_bins(low: int, high: int, most: int = 40) -> np.ndarray:
    """Bin edges between integers, each bin a whole number of turns wide, at most ``most`` bins."""
    step = max(1, int(np.ceil((high - low + 1) / most)))
    return low - 0.5 + step * np.arange((high - low) // step + 2)


def _ordered_values(column: pd.Series) -> list[object]:
    known = [v for v in END_REASON_STYLE if (column == v).any()]
    others = sorted((v for v in column.dropna().unique() if v not in END_REASON_STYLE), key=str)
    return known + others


# -- Hextremadura -----------------------------------------------------------------
def rating_bands() -> tuple[tuple[int, str], ...]:
    """The rating bands above the lowest, as (lowest score, name): the engine's, else the seed's."""
    try:
        from ..hextremadura import RATING_BANDS
    except ImportError:
        return DEFAULT_BANDS
    return tuple((int(low), str(name)) for low, name in RATING_BANDS if low > 0) or DEFAULT_BANDS


def rating_thresholds() -> tuple[int, ...]:
    """The lowest score of each rating band above the first (9, 12, 14, 15 for the seed)."""
    return tuple(low for low, _ in rating_bands())


@style.speaks_language
def plot_score_distribution(
    frame: pd.DataFrame,
    ax: Axes | None = None,
    *,
    max_score: int = 15,
    bands: Sequence[tuple[int, str]] | None = None,
    language: str | None = None,
) -> Axes:
    """Share of games at each Hextremadura score, 95% Wilson bars, on the rating bands.

    ``bands`` lists (lowest score, name) of each band above the first (by default
    the engine's: explorer from 9, naturalist from 12, guide at 14, a star for a
    perfect 15); each is shaded from its threshold up and named at the top.
    ``language``: "en", "fr" (None: the kit's).
    """
    table = stats.score_distribution(frame)
    if table.empty:
        raise ValueError("frame holds no scores to plot")
    # a score never seen still has an interval: 0 games of n, up to Wilson's upper bound
    n = int(table["n"].iloc[0])
    unseen_high = float(stats.wilson_interval(0, n)[1])
    scores = (
        pd.DataFrame({"score": np.arange(max_score + 1)})
        .merge(table, on="score", how="left")
        .fillna({"estimate": 0.0, "low": 0.0, "high": unseen_high, "games": 0})
    )
    ax = style.new_axes((6.8, 3.8), ax)
    bands = sorted(bands if bands is not None else rating_bands())
    _shade_bands(ax, [low for low, _ in bands], max_score)
    ax.bar(
        scores["score"],
        scores["estimate"],
        yerr=_interval_errors(scores),
        width=0.72,
        color=style.OKABE_ITO["blue"],
        ecolor="black",
        capsize=2.5,
        zorder=2,
    )
    top = max(0.05, float(scores["high"].max()) * 1.25)
    # panels sharing their y axis (plt.subplots(sharey=True)) keep the tallest panel's scale
    drawn = [
        other.get_ylim()[1] for other in ax.get_shared_y_axes().get_siblings(ax) if other is not ax and other.has_data()
    ]
    ax.set_ylim(0, max([top, *drawn]))
    # names at the top of the axes whatever the scale: x in data, y in axes fractions
    at_top = ax.get_xaxis_transform()
    for low, name in bands:
        if low >= max_score:
            ax.text(
                max_score, 0.98, "★", ha="center", va="top", fontsize=18, color="#B8860B", zorder=3, transform=at_top
            )
        else:
            name = rating_name(name)
            ax.text(
                low - 0.45,
                0.98,
                f"≥{low}" + (f"\n{name}" if name else ""),
                ha="left",
                va="top",
                fontsize="small",
                color="#333333",
                linespacing=1.1,
                transform=at_top,
            )
    mean = stats.mean_interval(frame["score"])
    ax.set_xticks(range(max_score + 1))
    ax.set_xlim(-0.6, max_score + 0.6)
    _percent_axis(ax, "y")
    ax.set_xlabel(
        _label_with_note(
            _("score (objectives met; mean {mean}, {games} games)").format(
                mean=style.decimal(mean["estimate"]), games=len(frame)
            )
        )
    )
    ax.set_ylabel(_("games"))
    ax.set_title(_("Hextremadura scores and rating bands"))
    ax.set_axisbelow(True)
    return style.number_axes(ax)


def _shade_bands(ax: Axes, cuts: Sequence[int], max_score: int) -> None:
    edges = [c for c in cuts if c < max_score]
    starts = edges + [max_score]
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else max_score + 1
        shade = BAND_SHADES[-1] if start == max_score else BAND_SHADES[min(i + 1, len(BAND_SHADES) - 2)]
        ax.axvspan(start - 0.5, end - 0.5, color=shade, zorder=0, linewidth=0)


@style.speaks_language
def plot_objective_probabilities(
    frame: pd.DataFrame, ax: Axes | None = None, *, quests: bool = True, language: str | None = None
) -> Axes:
    """Chance that each objective type holds at the end (and each quest is done), 95% bars.

    ``language``: "en", "fr" (None: the kit's).
    """
    parts = []
    if any(c.startswith("objectives_") for c in frame.columns):
        table = stats.objective_rates(frame)
        labels = [
            style.word(OBJECTIVE_TYPE_NAMES, o) if o in OBJECTIVE_TYPE_NAMES else o.replace("_", " ")
            for o in table["objective"]
        ]
        parts.append(table.assign(label=labels, group="objective"))
    if quests and any(c.startswith("quest_") for c in frame.columns):
        table = stats.quest_rates(frame)
        labels = [quest_name(q) for q in table["quest"]]
        parts.append(table.assign(label=labels, group="quest"))
    if not parts:
        raise ValueError("frame needs objectives_<type>/met_<type> or quest_<name> columns")
    table = pd.concat(parts, ignore_index=True)
    ax = style.new_axes((6.4, max(2.6, 0.42 * len(table) + 1.2)), ax)
    y = np.arange(len(table))
    colours = [style.OKABE_ITO["blue"] if g == "objective" else style.OKABE_ITO["orange"] for g in table["group"]]
    hatches = ["" if g == "objective" else "//" for g in table["group"]]
    bars = ax.barh(
        y,
        table["estimate"].fillna(0),
        xerr=_interval_errors(table),
        color=colours,
        edgecolor="white",
        ecolor="black",
        capsize=3,
        height=0.65,
    )
    for bar, hatch in zip(bars, hatches):
        bar.set_hatch(hatch)
    for yi, est, high in zip(y, table["estimate"], table["high"]):
        if pd.notna(est):
            # the value just right of the interval, where it never sits on a bar
            ax.text(
                np.nanmax([est, high]) + 0.015, float(yi), style.percent(est), va="center", ha="left", fontsize="small"
            )
    ax.set_yticks(y, table["label"])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    _percent_axis(ax, "x")
    ax.set_xlabel(_label_with_note(_("probability at the end of a game")))
    with_quests = bool((table["group"] == "quest").any())
    with_objectives = bool((table["group"] == "objective").any())
    ax.set_title(
        {
            (True, True): _("Objectives (per face-down tile) and quests (per game)"),
            (True, False): _("Objectives (per face-down tile)"),
            (False, True): _("Quests (per game)"),
        }[(with_objectives, with_quests)]
    )
    if with_quests and with_objectives:
        # the key sits outside the axes, so it can never cover a bar or its interval
        handles = [
            Patch(facecolor=style.OKABE_ITO["blue"], label=_("objective (per tile)")),
            Patch(facecolor=style.OKABE_ITO["orange"], hatch="//", edgecolor="white", label=_("quest (per game)")),
        ]
        ax.legend(
            handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2, fontsize="small", frameon=False
        )
    ax.grid(axis="x", color="#E5E5E5")
    ax.set_axisbelow(True)
    return style.number_axes(ax)


@style.speaks_language
def plot_ladder(ladder: pd.DataFrame, ax: Axes | None = None, *, language: str | None = None) -> Axes:
    """A rating ladder, strongest on top, each rating with its 95% interval.

    ``ladder``: :func:`xochintlan_hex.balance.tournament.bradley_terry`'s frame (Elo
    points, the reference player at 0) or the ladder of
    :func:`xochintlan_hex.balance.tournament.solo_ladder` (mean score). Two players
    whose intervals overlap may not differ in strength. ``language``: "en", "fr" (None: the kit's).
    """
    if "elo" in ladder.columns:
        values, low, high = ladder["elo"], ladder["elo_low"], ladder["elo_high"]
        label, title = _("strength (Elo points; the reference player at 0)"), _("Rating ladder (Bradley–Terry)")
    elif "estimate" in ladder.columns:
        values, low, high = ladder["estimate"], ladder["low"], ladder["high"]
        label, title = _("mean score"), _("Rating ladder (mean score)")
    else:
        raise ValueError(
            "ladder needs the columns of tournament.bradley_terry (elo, elo_low, elo_high) "
            "or of tournament.solo_ladder (estimate, low, high)"
        )
    if "player" not in ladder.columns or ladder.empty:
        raise ValueError("ladder needs a player column and at least one row")
    table = pd.DataFrame(
        {
            "player": ladder["player"].astype(str),
            "estimate": values.astype(float),
            "low": low.astype(float),
            "high": high.astype(float),
        }
    )
    table = table.sort_values("estimate", ascending=False, kind="stable").reset_index(drop=True)
    ax = style.new_axes((6.4, max(2.0, 0.5 * len(table) + 1.2)), ax)
    y = np.arange(len(table))
    ax.errorbar(
        table["estimate"],
        y,
        xerr=_interval_errors(table),
        fmt="o",
        color=SERIES_COLOURS[0],
        ecolor="black",
        capsize=4,
        markersize=8,
    )
    for row in table.itertuples():
        ax.annotate(
            style.decimal(row.estimate, 0 if "elo" in ladder.columns else 1),
            (row.estimate, row.Index),
            textcoords="offset points",
            xytext=(0, 8),
            ha="center",
            fontsize=9,
        )
    ax.set_yticks(y, [style.word(style.PLAYER_NAMES, name) for name in table["player"]])
    ax.invert_yaxis()
    ax.set_ylim(len(table) - 0.5, -0.7)
    ax.set_xlabel(_label_with_note(label))
    ax.set_title(title)
    ax.grid(axis="x", color="#E5E5E5")
    ax.set_axisbelow(True)
    return style.number_axes(ax)
