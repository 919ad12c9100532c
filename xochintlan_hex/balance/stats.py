"""Balance statistics on study frames, each with a 95% confidence interval.

Every function takes a tidy study frame (one row per game, as made by
:mod:`xochintlan_hex.simulate`, or read back from a CSV/Parquet file) and returns
a tidy frame whose rows carry ``estimate``, ``low``, ``high`` and ``n`` (how
many games, seats or objectives the estimate rests on). Pass ``by=`` (a column
name or a list of them, e.g. ``"lattice"`` or ``["n_players", "endgame"]``) to
get one block of rows per group, the group columns first.

How uncertainty is given
    * proportions: the Wilson score interval (good even near 0 or 1 and for
      small ``n``, unlike the textbook ``p ± 1.96·se``);
    * means: Student's t interval;
    * differences of two shares of the same games (two seats, two kinds) and
      balance (a maximum of such differences): the multinomial variance of the
      difference (:func:`share_difference`).

    Quantiles come from ``statistics.NormalDist`` and ``scipy.special`` (the very
    functions ``scipy.stats`` calls, without importing ``scipy.stats``, which holds
    about five times the memory); only the Wilson formula is written out here, as
    lesson 03 teaches it.

What a study can conclude
    * many rates side by side: ``correction="holm"`` (or ``"bh"``) on
      :func:`card_win_rates` and :func:`kind_win_rates` (:func:`adjust_p_values`);
    * how many games a comparison needs: :func:`games_to_resolve`;
    * a sanity check: a card and its mirror image must win equally often
      (:func:`symmetry_check`); :func:`shape_win_rates` pools them;
    * :func:`report` gathers all of it in one :class:`Report`, data that reads as one
      table and prints in the language in use (:mod:`xochintlan_hex.report_text`).

How a game scores for a seat
    The winner scores 1 and every other seat 0; a game that nobody won (a tie
    or the turn limit) scores ``1 / n_players`` for every seat, a half in a
    two-player game. That is Ludii's convention for two players ("a draw is a
    partial win"); with more players Ludii also gives losers a partial share by
    rank, which only rescales the gaps between seats by ``n / (2 (n - 1))``.

>>> import pandas as pd
>>> games = pd.DataFrame({"n_players": [2, 2, 2, 2], "winner": [0, 0, 1, None],
...                       "turns": [10, 12, 9, 48], "end_reason": ["win", "win", "win", "tie"]})
>>> win_rate_by_seat(games)[["n_players", "seat", "wins", "n", "estimate"]]
   n_players  seat  wins  n  estimate
0          2     0     2  4      0.50
1          2     1     1  4      0.25
>>> round(float(balance(games)["estimate"].iloc[0]), 2)
0.75
"""

from __future__ import annotations

import contextvars
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from statistics import NormalDist
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.game import game_names, game_spec
from xochintlan_hex.i18n import _

#: Confidence level of every interval in this module unless a function says otherwise.
CONFIDENCE = 0.95

#: How a study frame joins the several goal cards of one seat into one cell ("F+L'").
CARD_SEPARATOR = "+"

#: The animal kinds of Xochintlan, in the engine's order (kept here so that the
#: statistics need no engine).
ANIMAL_KINDS = ("L", "B", "M")

#: The smallest gap between two rates the games-needed figures resolve: a gap of 0.001
#: already needs about 8 million games a rate, near the largest study the kit plays.
MIN_DIFFERENCE = 0.001

_SEAT_COLUMN = re.compile(r"^player_(\d+)$")

By = str | Sequence[str] | None


# ---------------------------------------------------------------------------
# Intervals


def _check_probability(p: float) -> None:
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p!r}")


def normal_quantile(p: float) -> float:
    """The ``p`` quantile of the standard normal distribution (``statistics.NormalDist``).

    >>> round(normal_quantile(0.975), 4)
    1.96
    """
    _check_probability(p)
    return NormalDist().inv_cdf(p)


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom.

    >>> round(t_quantile(0.975, 10), 3)
    2.228
    """
    _check_probability(p)
    if df <= 0:
        raise ValueError(f"df must be positive, got {df!r}")
    return float(_t_ppf(p, df))


def _t_ppf(q, df):
    """Student's t quantile, arrays welcome (NaN where ``df`` is NaN): the function
    ``scipy.stats.t.ppf`` calls. Imported when first needed, from ``scipy.special``
    alone: a study without means never pays, and no report pays for ``scipy.stats``."""
    from scipy.special import stdtrit

    return stdtrit(df, q)


def _normal_sf(x):
    """The standard normal upper tail, arrays welcome (``scipy.stats.norm.sf``'s function)."""
    from scipy.special import ndtr

    return ndtr(-np.asarray(x, dtype=float))


def _chi_square_sf(x: float, df: int) -> float:
    """The chi-square upper tail (``scipy.stats.chi2.sf``'s function)."""
    from scipy.special import chdtrc

    return float(chdtrc(df, x))


def _binomial_pmf(k, n: int, p: float):
    """The binomial probability of ``k`` successes in ``n`` trials, from its logarithm
    (as ``scipy.stats.binom.logpmf`` writes it): no overflow for a large ``n``."""
    from scipy.special import gammaln, xlog1py, xlogy

    return np.exp(gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1) + xlogy(k, p) + xlog1py(n - k, -p))


def _binomial_two_sided_p(k: int, n: int, p: float) -> float:
    """The exact two-sided binomial test of ``k`` successes in ``n`` trials against ``p``:
    the probability of every count no likelier than ``k``, as ``scipy.stats.binomtest``
    computes it (its relative tolerance of 1e-7 included).

    >>> round(_binomial_two_sided_p(3, 10, 0.5), 4), round(_binomial_two_sided_p(9, 10, 0.5), 4)
    (0.3438, 0.0215)
    """
    likelihood = _binomial_pmf(k, n, p) * (1 + 1e-7)
    if k == p * n:
        return 1.0
    if k < p * n:  # the counts above the mode no likelier than k: from the first of them to n
        first = _first_count(lambda x: _binomial_pmf(x, n, p) <= likelihood, math.ceil(p * n), n)
        return min(1.0, _binomial_at_most(k, n, p) + _binomial_at_least(first, n, p))
    # the counts below the mode no likelier than k: from 0 to the last of them
    last = _first_count(lambda x: _binomial_pmf(x, n, p) > likelihood, 0, math.floor(p * n)) - 1
    return min(1.0, _binomial_at_most(last, n, p) + _binomial_at_least(k, n, p))


def _binomial_at_most(k: int, n: int, p: float) -> float:
    """P(X <= k) for X binomial (n, p), from the incomplete beta function as Boost (and so
    ``scipy.stats.binom.cdf``) computes it: ``scipy.special.bdtr`` differs by about 1e-10."""
    from scipy.special import betaincc

    return 0.0 if k < 0 else 1.0 if k >= n else float(betaincc(k + 1, n - k, p))


def _binomial_at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X binomial (n, p) (``scipy.stats.binom.sf(k - 1)``)."""
    from scipy.special import betainc

    return 1.0 if k <= 0 else 0.0 if k > n else float(betainc(k, n - k + 1, p))


def _first_count(holds: Callable[[int], bool], low: int, high: int) -> int:
    """The first count in ``low..high`` for which ``holds`` (false, then true: a
    binomial's probabilities on one side of its mode), ``high + 1`` if none."""
    while low <= high:
        middle = (low + high) // 2
        if holds(middle):
            high = middle - 1
        else:
            low = middle + 1
    return low


def wilson_interval(successes, n, confidence: float = CONFIDENCE):
    """Wilson score interval ``(low, high)`` for ``successes`` out of ``n``.

    Works on numbers or arrays; ``n == 0`` gives NaN bounds.

    >>> low, high = wilson_interval(8, 10)
    >>> round(float(low), 3), round(float(high), 3)
    (0.49, 0.943)
    """
    k = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    z = normal_quantile(0.5 + confidence / 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = k / n
        denominator = 1.0 + z * z / n
        centre = (p + z * z / (2 * n)) / denominator
        half = z / denominator * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        low, high = np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)
    # With no success (or no failure) the formula's end is exactly 0 (or 1); rounding
    # would leave a 1e-19 that prints as noise.
    low = np.where((k == 0) & (n > 0), 0.0, low)[()]  # [()]: a number stays a number
    high = np.where((k == n) & (n > 0), 1.0, high)[()]
    return low, high


def proportion(successes: float, n: int, confidence: float = CONFIDENCE) -> dict:
    """A share with its Wilson interval, as a row: estimate, low, high, successes, n.

    >>> proportion(0, 0)["n"]
    0
    """
    low, high = wilson_interval(successes, n, confidence)
    estimate = successes / n if n else math.nan
    return {"estimate": estimate, "low": float(low), "high": float(high), "successes": successes, "n": int(n)}


def mean_interval(values: Iterable[float], confidence: float = CONFIDENCE) -> dict:
    """A mean with its Student t interval, as a row: estimate, low, high, sd, n.

    Missing values are left out. Fewer than two values give NaN bounds.

    >>> row = mean_interval([1, 2, 3, 4])
    >>> row["estimate"], round(row["high"], 3)
    (2.5, 4.554)
    """
    x = pd.Series(values, dtype=float).dropna().to_numpy()
    n = len(x)
    mean = float(x.mean()) if n else math.nan
    if n < 2:
        return {"estimate": mean, "low": math.nan, "high": math.nan, "sd": math.nan, "n": n}
    sd = float(x.std(ddof=1))
    half = t_quantile(0.5 + confidence / 2, n - 1) * sd / math.sqrt(n)
    return {"estimate": mean, "low": mean - half, "high": mean + half, "sd": sd, "n": n}


def _proportions(successes, n, confidence: float = CONFIDENCE) -> dict:
    """Many shares at once: arrays ``estimate``, ``low``, ``high`` (Wilson)."""
    k = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    low, high = wilson_interval(k, n, confidence)
    with np.errstate(divide="ignore", invalid="ignore"):
        estimate = np.where(n > 0, k / n, np.nan)
    return {"estimate": estimate, "low": low, "high": high}


def _mean_intervals(grouped, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """:func:`mean_interval` for each group of a grouped numeric Series, at once."""
    summary = grouped.agg(["mean", "std", "count"])
    n = summary["count"].to_numpy(dtype=float)
    sd = summary["std"].to_numpy(dtype=float)
    mean = summary["mean"].to_numpy(dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        quantile = _t_ppf(0.5 + confidence / 2, np.where(n >= 2, n - 1, np.nan))
        half = quantile * sd / np.sqrt(n)
    enough = n >= 2
    return pd.DataFrame(
        {
            "estimate": mean,
            "low": np.where(enough, mean - half, np.nan),
            "high": np.where(enough, mean + half, np.nan),
            "sd": np.where(enough, sd, np.nan),
            "n": n.astype(int),
        },
        index=summary.index,
    )


# ---------------------------------------------------------------------------
# Grouping and the per-seat view


def _by_list(by: By) -> list[str]:
    if by is None:
        return []
    return [by] if isinstance(by, str) else list(by)


def _per_group(frame: pd.DataFrame, by: By, metric: Callable[[pd.DataFrame], pd.DataFrame]) -> pd.DataFrame:
    """Apply ``metric`` to each group of ``frame`` and stack the results, keys first."""
    keys = _by_list(by)
    missing = [k for k in keys if k not in frame.columns]
    if missing:
        raise ValueError(f"by: no column {missing} in the frame; it has {list(frame.columns)}")
    if not keys:
        return metric(frame).reset_index(drop=True)
    blocks = []
    for values, group in frame.groupby(keys, dropna=False, sort=True):
        block = metric(group)
        for key, value in reversed(list(zip(keys, values))):
            if key in block.columns:
                block = block.drop(columns=_own_column_of_group(block, key, value))
            block.insert(0, key, value)
        blocks.append(block)
    if not blocks:
        return pd.DataFrame(columns=keys)
    return pd.concat(blocks, ignore_index=True)


def _own_column_of_group(block: pd.DataFrame, key: str, value) -> str:
    """A metric may report a grouping column itself (``n_players`` per seat): within
    the group it can only hold the group's value, and it moves to the front once.
    A column that says something else (``score`` of :func:`score_distribution`
    grouped by ``score``) cannot be a group key."""
    own = block[key].dropna()
    if pd.isna(value) or (own == value).all():
        return key
    raise ValueError(f"by: {key!r} is what this table counts (its rows are the {key} values); group by another column")


def check_by(frame: pd.DataFrame, by: By) -> list[str]:
    """The grouping columns ``by``, checked: each named once, a column of ``frame``
    that every game fills (``winner`` is empty for a tie: a group of no one)."""
    keys = _by_list(by)
    twice = sorted({key for key in keys if keys.count(key) > 1})
    if twice:
        raise ValueError(_("by: {names} named twice; name each column once").format(names=", ".join(map(repr, twice))))
    missing = [key for key in keys if key not in frame.columns]
    if missing:
        raise ValueError(
            _("by: no column {missing}; columns: {columns}").format(
                missing=", ".join(map(repr, missing)), columns=", ".join(map(str, frame.columns))
            )
        )
    for key in keys:
        empty = int(frame[key].isna().sum())
        if empty:
            raise ValueError(
                _(
                    "by: column {name} is empty in {count} of {games} games (a tie has "
                    "no winner); group by a column every game fills"
                ).format(name=repr(key), count=empty, games=len(frame))
            )
    return keys


def check_difference(difference: float) -> float:
    """The gap the games-needed figures resolve: from :data:`MIN_DIFFERENCE` to below 1."""
    if not MIN_DIFFERENCE <= difference < 1:
        raise ValueError(
            _("difference must be at least {low} and below 1 (a gap between two rates), got {value}").format(
                low=f"1/{round(1 / MIN_DIFFERENCE)}", value=f"{difference:g}"
            )
        )
    return difference


def _require(frame: pd.DataFrame, *columns: str) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"the study frame lacks the column(s) {missing}; it has {list(frame.columns)}")


def _winner(frame: pd.DataFrame) -> pd.Series:
    """The winning seat as nullable ints (a CSV may have turned it into floats)."""
    return pd.to_numeric(frame["winner"], errors="coerce").astype("Int64")


def _n_players(frame: pd.DataFrame) -> pd.Series:
    if "n_players" in frame.columns:
        return frame["n_players"].astype(int)
    seats = [c for c in frame.columns if _SEAT_COLUMN.match(c)]
    if not seats:
        raise ValueError("the study frame needs an n_players column (or player_0, player_1, ...)")
    return frame[seats].notna().sum(axis=1).astype(int)


#: The long view of the frame a report is being made of, kept while the report runs
#: (every seat metric of one report starts from the same long view).
_REPORT_SEATS: contextvars.ContextVar[tuple[pd.DataFrame, pd.DataFrame] | None] = contextvars.ContextVar(
    "report_seats", default=None
)


def seat_results(frame: pd.DataFrame) -> pd.DataFrame:
    """The long view of a Xochintlan study: one row per seat per game.

    Columns: ``row`` (the position of the game in ``frame``; frames joined with
    ``pd.concat`` may repeat game numbers), ``game`` (its ``game`` column, else its
    row label), ``seat``,
    ``n_players``, ``player`` (the player kind, if the frame has ``player_<seat>``),
    ``cards`` (if the frame has ``cards_<seat>``), ``won`` (bool) and ``score``
    (1 for the winner, 0 for a loser, ``1 / n_players`` when nobody won), plus
    ``winning_card`` and ``turns`` when the frame has them.

    >>> games = pd.DataFrame({"n_players": [2], "winner": [1], "player_0": ["greedy"],
    ...                       "player_1": ["random"]})
    >>> seat_results(games)[["seat", "player", "won", "score"]]
       seat  player    won  score
    0     0  greedy  False    0.0
    1     1  random   True    1.0
    """
    _require(frame, "winner")
    kept = _REPORT_SEATS.get()
    if kept is not None and kept[0] is frame:
        return kept[1]
    n_players = _n_players(frame).to_numpy()
    winner = _winner(frame)
    nobody = winner.isna().to_numpy()
    winner = winner.fillna(-1).to_numpy()
    labels = (frame["game"] if "game" in frame.columns else frame.index).to_numpy()
    columns = ["row", "game", "seat", "n_players", "won", "score"]
    seats = int(n_players.max()) if len(frame) else 0
    if not seats:
        return pd.DataFrame(columns=columns)
    # One row per seat playing, sorted by (row, seat); no games x seats grid is made.
    playing = np.clip(n_players, 0, None)
    rows = np.repeat(np.arange(len(frame)), playing)
    seat = np.arange(len(rows)) - np.repeat(np.cumsum(playing) - playing, playing)
    won = winner[rows] == seat
    share = np.where(nobody, 1.0 / n_players, 0.0)[rows]
    small = np.int8 if seats < 128 else np.int64  # seats and player counts: a byte a seat
    long = {
        "row": rows,
        "game": labels[rows],
        "seat": seat.astype(small),
        "n_players": n_players[rows].astype(small),
        "won": won,
        "score": np.where(won, 1.0, share),
    }
    del share
    for prefix, target in (("player_", "player"), ("cards_", "cards")):
        if f"{prefix}0" in frame.columns:
            long[target] = _seat_values(frame, prefix, rows, seat)
    for column in ("winning_card", "turns"):
        if column in frame.columns:
            long[column] = frame[column].to_numpy()[rows]
    # The columns as made, not copied into blocks; texts stay the frame's own strings
    # (8 bytes a cell), where pandas 3 would otherwise copy them into new string columns.
    return pd.DataFrame(
        {name: pd.Series(values, dtype=object) if values.dtype == object else values for name, values in long.items()},
        copy=False,
    )


def _seat_values(frame: pd.DataFrame, prefix: str, rows: np.ndarray, seat: np.ndarray) -> np.ndarray:
    """Each long row's ``<prefix><seat>`` cell (None where the frame has no such column)."""
    values = np.full(len(rows), None, dtype=object)
    for number in range(int(seat.max()) + 1 if len(seat) else 0):
        name = f"{prefix}{number}"
        if name in frame.columns:
            here = seat == number
            values[here] = frame[name].to_numpy(dtype=object)[rows[here]]
    return values


# ---------------------------------------------------------------------------
# Xochintlan: seats, balance, outcomes, length


def win_rate_by_seat(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """The share of games each seat won, per number of players (Wilson intervals).

    Columns: [by...], ``n_players``, ``seat``, ``wins``, ``n``, ``estimate``, ``low``, ``high``.
    """

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seats = seat_results(games)
        counts = seats.groupby(["n_players", "seat"], sort=True)["won"].agg(["sum", "count"])
        share = _proportions(counts["sum"], counts["count"])
        table = counts.index.to_frame(index=False)
        table["wins"] = counts["sum"].to_numpy(dtype=int)
        table["n"] = counts["count"].to_numpy(dtype=int)
        for column in ("estimate", "low", "high"):
            table[column] = share[column]
        return table

    return _per_group(frame, by, metric)


def first_player_advantage(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """How much better seat 0 does than the average other seat, per number of players.

    ``seat0_score`` is seat 0's mean score (Ludii's "AdvantageP1": a game nobody
    won counts ``1 / n_players``). The advantage ``estimate`` is seat 0's score
    minus the mean score of the other seats, ``(n·s0 - 1) / (n - 1)``: 0 is fair,
    1 means seat 0 always wins, negative values favour the later seats. With two
    players it is simply P(seat 0 wins) - P(seat 1 wins). t interval.

    Columns: [by...], ``n_players``, ``seat0_score``, ``estimate``, ``low``, ``high``, ``n``.
    """

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seats = seat_results(games)
        first = seats[(seats["seat"] == 0) & (seats["n_players"] >= 2)]
        counts = (
            first.assign(nobody=(first["score"] > 0) & ~first["won"])
            .groupby("n_players", sort=True)[["won", "nobody"]]
            .agg(["sum", "count"])
        )
        n_players = counts.index.to_numpy()
        wins = counts[("won", "sum")].to_numpy(dtype=float)
        nobody = counts[("nobody", "sum")].to_numpy(dtype=float)
        games_played = counts[("won", "count")].to_numpy(dtype=float)
        edge = advantage_of_counts(wins, nobody, games_played, n_players)
        return pd.DataFrame(
            {
                "n_players": n_players,
                "seat0_score": edge["seat0_score"],
                "estimate": edge["estimate"],
                "low": edge["low"],
                "high": edge["high"],
                "n": games_played.astype(int),
            },
            columns=["n_players", "seat0_score", "estimate", "low", "high", "n"],
        )

    return _per_group(frame, by, metric)


def advantage_of_counts(first_wins, nobody, games, n_players, confidence: float = CONFIDENCE) -> dict:
    """:func:`first_player_advantage` from counts: seat 0's wins, the games nobody
    won, the games, and the number of players (numbers or arrays of studies).

    Seat 0 scores 1, ``1 / n_players`` or 0 a game; the interval is Student's t on
    that score, its ends kept in [0, 1], then rescaled to the advantage
    ``(n·s0 - 1) / (n - 1)``. Returns arrays ``seat0_score``, ``estimate``,
    ``low``, ``high``. Simulated studies given as counts get the very interval a
    study frame gets, which is how the games-needed figures are checked.

    >>> edge = advantage_of_counts(60, 0, 100, 2)
    >>> round(float(edge["estimate"]), 2), round(float(edge["low"]), 3)
    (0.2, 0.005)
    """
    wins, ties, n, players = (np.asarray(x, dtype=float) for x in (first_wins, nobody, games, n_players))
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = (wins + ties / players) / n
        squares = wins + ties / players**2
        sd = np.sqrt(np.maximum(squares - n * mean**2, 0.0) / (n - 1))
        half = _t_ppf(0.5 + confidence / 2, np.where(n >= 2, n - 1, np.nan)) * sd / np.sqrt(n)

        def rescale(score):
            # Seat 0's score lies in [0, 1]; so must the ends of its interval.
            return (players * np.clip(score, 0.0, 1.0) - 1) / (players - 1)

        return {
            "seat0_score": mean[()],
            "estimate": rescale(mean)[()],
            "low": rescale(mean - half)[()],
            "high": rescale(mean + half)[()],
        }


def share_difference(count_a, count_b, games, confidence: float = CONFIDENCE) -> dict:
    """The difference of two shares of the *same* games (two seats' wins, two kinds'
    wins), with its interval (numbers or arrays).

    The two shares move against each other, so the variance of their difference is
    the multinomial one, ``(p_a + p_b - (p_a - p_b)²) / n``, not the sum of two
    binomial variances. The interval is Agresti and Min's (2005) adjusted Wald
    interval for a paired difference: half a game is added to each count and two to
    ``n`` before the normal interval is formed, which keeps it honest for small
    studies and when one count is 0. Returns arrays ``estimate`` (the plain
    difference), ``low``, ``high`` (within [-1, 1]).

    >>> gap = share_difference(525, 475, 1000)
    >>> round(float(gap["estimate"]), 3), round(float(gap["low"]), 3), round(float(gap["high"]), 3)
    (0.05, -0.012, 0.112)
    """
    a, b, n = (np.asarray(x, dtype=float) for x in (count_a, count_b, games))
    z = normal_quantile(0.5 + confidence / 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        estimate = (a - b) / n
        a_, b_, n_ = a + 0.5, b + 0.5, n + 2.0
        centre = (a_ - b_) / n_
        half = z * np.sqrt(np.maximum((a_ + b_) / n_ - centre**2, 0.0) / n_)
    return {
        "estimate": estimate[()],
        "low": np.maximum(-1.0, centre - half)[()],
        "high": np.minimum(1.0, centre + half)[()],
    }


def balance_of_counts(counts, n_players: int, confidence: float = CONFIDENCE) -> dict:
    """:func:`balance` and its interval for rows of outcome counts (one row per study).

    Column ``i < n_players`` counts the wins of seat ``i``; the last column counts
    the games nobody won, which add the same partial score to every seat and so
    never change a gap. Every pair of seats gets an interval for its gap
    (:func:`share_difference`, Bonferroni-adjusted over the pairs so that all
    hold at once); the largest gap then lies between the largest lower end of a
    gap's size and the largest upper end. A pair whose interval holds 0 can be
    level, so a fair game keeps 1 in the balance interval at the nominal rate
    (more often with three or four players: Bonferroni is cautious).
    Returns arrays ``estimate``, ``low``, ``high``, one value per row.

    >>> fair = balance_of_counts([[1500, 1500, 0]], 2)
    >>> float(fair["estimate"][0]), float(fair["high"][0]), round(float(fair["low"][0]), 3)
    (1.0, 1.0, 0.964)
    """
    counts = np.atleast_2d(np.asarray(counts, dtype=float))
    games = counts.sum(axis=1)
    rates = counts[:, :n_players] / games[:, None]
    estimate = 1.0 - (rates.max(axis=1) - rates.min(axis=1))
    pairs = [(i, j) for i in range(n_players) for j in range(i + 1, n_players)]
    level = 1 - (1 - confidence) / len(pairs)
    smallest_gap = np.zeros(len(counts))
    largest_gap = np.zeros(len(counts))
    for i, j in pairs:
        gap = share_difference(counts[:, i], counts[:, j], games, level)
        low, high = np.asarray(gap["low"]), np.asarray(gap["high"])
        size_low = np.where((low <= 0) & (high >= 0), 0.0, np.minimum(np.abs(low), np.abs(high)))
        smallest_gap = np.maximum(smallest_gap, size_low)
        largest_gap = np.maximum(largest_gap, np.maximum(np.abs(low), np.abs(high)))
    return {"estimate": estimate, "low": 1.0 - largest_gap, "high": 1.0 - smallest_gap}


def balance(frame: pd.DataFrame, by: By = None, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """Ludii's balance: 1 - the largest gap between two seats' win rates (1 is fair).

    A game nobody won counts ``1 / n_players`` to each seat (a half with two
    players), which leaves every gap unchanged. The interval comes from the
    intervals of the gaps between seats (see :func:`share_difference`): it reaches
    1 whenever the study cannot tell the seats apart, so a fair game is inside it
    at the nominal rate. (A bootstrap of the estimate cannot do that: the
    estimate of a maximum of gaps is never above 1, and the percentile interval
    of a fair game almost never reaches it.)

    Columns: [by...], ``n_players``, ``estimate``, ``low``, ``high``, ``n``.
    """

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        rows = []
        n_players_all = _n_players(games)
        winners = _winner(games)
        for n_players, group in winners.groupby(n_players_all.to_numpy(), sort=True):
            if n_players < 2:
                continue
            outcome = group.fillna(n_players).to_numpy(dtype=int)
            counts = np.bincount(outcome, minlength=n_players + 1)[None, :]
            result = balance_of_counts(counts, n_players, confidence)
            rows.append(
                {
                    "n_players": n_players,
                    "estimate": float(result["estimate"][0]),
                    "low": float(result["low"][0]),
                    "high": float(result["high"][0]),
                    "n": int(counts.sum()),
                }
            )
        return pd.DataFrame(rows, columns=["n_players", "estimate", "low", "high", "n"])

    return _per_group(frame, by, metric)


#: The outcome shares reported by :func:`outcome_shares`, with how each is read.
OUTCOMES = {
    "completion": "ended by the rules (a win or a tie), not by the turn limit",
    "decisive": "somebody won",
    "tie": "ended as a tie by the rules (all animals placed, nobody won)",
    "turn_limit": "stopped by the turn limit",
}


def outcome_shares(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """The shares of completed, decisive, tied and turn-limited games (Wilson intervals).

    Columns: [by...], ``outcome`` (see :data:`OUTCOMES`), ``games``, ``n``,
    ``estimate``, ``low``, ``high``.
    """
    _require(frame, "end_reason")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        reason = games["end_reason"]
        hits = {
            "completion": (reason == "win") | (reason == "tie"),
            "decisive": _winner(games).notna(),
            "tie": reason == "tie",
            "turn_limit": reason == "turn_limit",
        }
        rows = []
        for outcome in OUTCOMES:
            row = proportion(int(hits[outcome].sum()), len(games))
            rows.append(
                {
                    "outcome": outcome,
                    "games": row["successes"],
                    "n": row["n"],
                    "estimate": row["estimate"],
                    "low": row["low"],
                    "high": row["high"],
                }
            )
        return pd.DataFrame(rows)

    return _per_group(frame, by, metric)


def duration(frame: pd.DataFrame, by: By = None, column: str = "turns") -> pd.DataFrame:
    """Summary of a numeric column (game length in turns by default): mean with t interval.

    Columns: [by...], ``estimate`` (the mean), ``low``, ``high``, ``n``, ``sd``,
    ``min``, ``q25``, ``median``, ``q75``, ``max``.
    """
    _require(frame, column)

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        values = pd.to_numeric(games[column], errors="coerce").dropna()
        row = mean_interval(values)
        quantiles = values.quantile([0.25, 0.5, 0.75]) if len(values) else [math.nan] * 3
        row.update(
            {
                "min": values.min() if len(values) else math.nan,
                "q25": float(np.asarray(quantiles)[0]),
                "median": float(np.asarray(quantiles)[1]),
                "q75": float(np.asarray(quantiles)[2]),
                "max": values.max() if len(values) else math.nan,
            }
        )
        return pd.DataFrame([row], columns=["estimate", "low", "high", "n", "sd", "min", "q25", "median", "q75", "max"])

    return _per_group(frame, by, metric)


# ---------------------------------------------------------------------------
# Comparing two studies: a difference with its interval


def game_margins(frame: pd.DataFrame, player: str | None = None) -> pd.Series:
    """Each game's result for one side, indexed by the ``game`` number: +1 a win, 0
    a game nobody won, -1 a loss.

    The side is seat 0 when ``player`` is None (the mean is then the
    :func:`first_player_advantage` of a two-player study), else the seat that
    ``player`` holds (``player_<seat>`` columns; it must hold exactly one seat).

    >>> games = pd.DataFrame({"game": [0, 1, 2], "n_players": 2, "winner": [0, None, 1],
    ...                       "player_0": "search", "player_1": ["greedy", "greedy", "greedy"]})
    >>> game_margins(games).tolist(), game_margins(games, "greedy").tolist()
    ([1, 0, -1], [-1, 0, 1])
    """
    winner = _winner(frame)
    if player is None:
        seat = pd.Series(0, index=frame.index)
    else:
        seats = [c for c in frame.columns if _SEAT_COLUMN.match(c)]
        holds = frame[seats].eq(player)
        if not (holds.sum(axis=1) == 1).all():
            raise ValueError(f"player {player!r} must hold exactly one seat of every game")
        seat = holds.idxmax(axis=1).str[len("player_") :].astype(int)
    margin = np.where(winner.isna(), 0, np.where(winner.fillna(-1) == seat, 1, -1))
    labels = frame["game"] if "game" in frame.columns else frame.index
    return pd.Series(margin, index=pd.Index(labels, name="game"), name="margin")


def mean_difference(a, b, paired: bool = False, confidence: float = CONFIDENCE) -> dict:
    """The difference of two means, ``mean(a) - mean(b)``, with its interval.

    ``paired=True``: ``a`` and ``b`` are Series indexed by the deal (the game
    number of studies that share a seed deal the same cards to game ``i``); only
    deals present in both count, and the interval is Student's t on the
    per-deal differences, which removes what the deal itself decides.
    Otherwise the two samples are independent (Welch's interval, with
    Welch–Satterthwaite degrees of freedom).

    Returns ``estimate``, ``low``, ``high``, ``n`` (deals when paired, else
    the two sample sizes added).

    >>> round(mean_difference([1, 0, 1, 1], [0, 0, 1, 0])["estimate"], 2)
    0.5
    """
    if paired:
        left, right = pd.Series(a, dtype=float), pd.Series(b, dtype=float)
        common = left.index.intersection(right.index)
        row = mean_interval(left.loc[common] - right.loc[common], confidence)
        return {"estimate": row["estimate"], "low": row["low"], "high": row["high"], "n": row["n"]}
    x = pd.Series(a, dtype=float).dropna().to_numpy()
    y = pd.Series(b, dtype=float).dropna().to_numpy()
    if len(x) < 2 or len(y) < 2:
        raise ValueError("mean_difference needs at least two values on each side")
    va, vb = x.var(ddof=1) / len(x), y.var(ddof=1) / len(y)
    estimate = float(x.mean() - y.mean())
    se = math.sqrt(va + vb)
    if se == 0:
        return {"estimate": estimate, "low": estimate, "high": estimate, "n": len(x) + len(y)}
    df = (va + vb) ** 2 / (va**2 / (len(x) - 1) + vb**2 / (len(y) - 1))
    half = float(_t_ppf(0.5 + confidence / 2, df)) * se
    return {"estimate": estimate, "low": estimate - half, "high": estimate + half, "n": len(x) + len(y)}


# ---------------------------------------------------------------------------
# Xochintlan: goal cards, animal kinds, player kinds


def card_win_rates(frame: pd.DataFrame, by: By = None, correction: str | None = None) -> pd.DataFrame:
    """For each goal card: how often the seat holding it won with it, and game lengths.

    A seat holding several cards counts once for each. ``n`` is the number of
    seats that held the card; ``wins`` how many of them won *with that card*
    (Wilson interval); ``turns`` (``turns_low``, ``turns_high``) the mean length
    of the games where the card was held and ``turns_to_win`` the mean length of
    the games won with it.

    Columns: [by...], ``card``, ``wins``, ``n``, ``estimate``, ``low``, ``high``,
    ``turns``, ``turns_low``, ``turns_high``, ``turns_to_win``.

    Eighteen intervals side by side: about one in twenty misses its true rate
    by chance. ``correction="holm"`` (or ``"bh"``, Benjamini-Hochberg) adds a
    test of each card against all the other cards (two-sided, equal win rates):
    ``p_value``, ``p_adjusted`` (for the number of cards), ``correction`` (its
    name) and ``differs`` (``p_adjusted`` below 5%). See :func:`adjust_p_values`.
    """
    _require(frame, "winner", "winning_card", "turns")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seats = seat_results(games)
        if "cards" not in seats.columns:
            raise ValueError("card_win_rates needs the cards_0, cards_1, ... columns")
        # One row per card held: a seat holding "F+L'" counts for F and for L'.
        seat_of, card = _cards_held(seats["cards"].to_numpy(dtype=object))
        winning = seats["winning_card"].to_numpy(dtype=object)[seat_of]
        seats = pd.DataFrame(
            {
                "card": card,
                "won_with": seats["won"].to_numpy(dtype=bool)[seat_of] & (card.to_numpy() == winning),
                "turns": pd.to_numeric(seats["turns"], errors="coerce").to_numpy(dtype=float)[seat_of],
            },
            copy=False,  # the columns as made, not copied into one block
        )
        del seat_of, card, winning
        by_card = seats.groupby("card", sort=True)
        counts = by_card["won_with"].agg(["sum", "count"])
        share = _proportions(counts["sum"], counts["count"])
        length = _mean_intervals(by_card["turns"])
        to_win = seats.loc[seats["won_with"]].groupby("card")["turns"].mean()
        return pd.DataFrame(
            {
                "card": counts.index.to_numpy(),
                "wins": counts["sum"].to_numpy(dtype=int),
                "n": counts["count"].to_numpy(dtype=int),
                "estimate": share["estimate"],
                "low": share["low"],
                "high": share["high"],
                "turns": length["estimate"].to_numpy(),
                "turns_low": length["low"].to_numpy(),
                "turns_high": length["high"].to_numpy(),
                "turns_to_win": to_win.reindex(counts.index).to_numpy(dtype=float),
            },
            columns=[
                "card",
                "wins",
                "n",
                "estimate",
                "low",
                "high",
                "turns",
                "turns_low",
                "turns_high",
                "turns_to_win",
            ],
        )

    table = _per_group(frame, by, metric)
    if correction is None:
        return table
    return _per_group_of_table(table, by, lambda cards: _against_the_rest(cards, correction))


def card_win_rate_bootstrap(frame: pd.DataFrame, rounds: int = 2000, seed: int = 0) -> pd.DataFrame:
    """Each card's win rate in ``rounds`` bootstrap copies of the study: one row a copy, one column a card.

    A copy draws the study's games again, with replacement, as many as there are;
    the rates are :func:`card_win_rates`' ``estimate`` in that copy. Games, not
    seats, are drawn, because two seats of one game are not independent (one
    seat's win is the other's loss). Anything computed from the eighteen rates
    (a rank correlation, the gap between two cards) then gets its interval from
    the spread of its values over the copies (their 2.5% and 97.5% quantiles).
    The same ``seed`` gives the same copies.

    >>> games = pd.DataFrame({"n_players": [2, 2], "winner": [0, None], "winning_card": ["I", None],
    ...                       "cards_0": ["I", "X"], "cards_1": ["X", "I"], "turns": [9, 40]})
    >>> card_win_rate_bootstrap(games, rounds=3, seed=1).shape
    (3, 2)
    """
    _require(frame, "winner", "winning_card", "turns")
    if rounds < 1:
        raise ValueError(f"rounds must be a whole number of at least 1, not {rounds!r}")
    seats = seat_results(frame)
    if "cards" not in seats.columns:
        raise ValueError("card_win_rate_bootstrap needs the cards_0, cards_1, ... columns")
    seat_of, card = _cards_held(seats["cards"].to_numpy(dtype=object))
    won_with = seats["won"].to_numpy(dtype=bool)[seat_of] & (
        card.to_numpy() == seats["winning_card"].to_numpy(dtype=object)[seat_of]
    )
    game_of = seats["row"].to_numpy()[seat_of]
    names, card_code = np.unique(card.to_numpy(dtype=str), return_inverse=True)
    held = np.zeros((len(frame), len(names)))
    won = np.zeros((len(frame), len(names)))
    np.add.at(held, (game_of, card_code), 1)
    np.add.at(won, (game_of, card_code), won_with)
    # How many times each game is drawn in each copy: a multinomial draw of the study's size.
    draws = np.random.default_rng(seed).multinomial(len(frame), np.full(len(frame), 1 / len(frame)), size=rounds)
    with np.errstate(invalid="ignore", divide="ignore"):  # a card never drawn in a copy: no rate (NaN)
        rates = (draws @ won) / (draws @ held)
    return pd.DataFrame(rates, columns=pd.Index(names, name="card"))


def _cards_held(cards: np.ndarray) -> tuple[np.ndarray | slice, pd.Series]:
    """One row per card held: the position of its seat in ``cards`` (every position in
    order, as a slice that takes a view of the seats' columns, when each hand is one
    card), and the card.

    Each distinct hand (``"F+L'"``) is split once, not once per seat: a study
    holds a few dozen hands over hundreds of thousands of seats, and a list of
    names per seat would cost several times the study's file. The cards come in
    the order a split of every seat's hand would give them.
    """
    codes, hands = pd.factorize(cards, use_na_sentinel=True)
    texts = [str(hand) for hand in hands]
    missing = codes < 0
    if missing.any():  # no cards cell: read as its text ("nan", "None"), as str() gives it
        extra, extra_codes = np.unique([str(value) for value in cards[missing]], return_inverse=True)
        codes = codes.copy()
        codes[missing] = len(texts) + extra_codes
        texts += [str(text) for text in extra]
    names = [text.split(CARD_SEPARATOR) for text in texts]
    sizes = np.array([len(hand) for hand in names], dtype=np.int64)
    flat = np.array([name for hand in names for name in hand], dtype=object)
    if (sizes == 1).all():  # one card a hand (the rule book): each seat's card, without the arrays below
        return slice(None), pd.Series(flat[codes], dtype=object)
    first = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    per_seat = sizes[codes] if len(codes) else np.zeros(0, dtype=np.int64)
    seat_of = np.repeat(np.arange(len(codes)), per_seat)
    # The k-th card of a seat's hand: its hand's first name, k further on.
    within = np.arange(len(seat_of)) - np.repeat(np.cumsum(per_seat) - per_seat, per_seat)
    card = flat[first[codes[seat_of]] + within] if len(seat_of) else np.zeros(0, dtype=object)
    return seat_of, pd.Series(card, dtype=object)


def kind_win_rates(
    frame: pd.DataFrame, by: By = None, kinds: Sequence[str] = ANIMAL_KINDS, correction: str | None = None
) -> pd.DataFrame:
    """For each animal kind: the share of games won with it and how long those took.

    Columns: [by...], ``kind``, ``wins``, ``n`` (games), ``estimate``, ``low``,
    ``high`` (Wilson), ``turns``, ``turns_low``, ``turns_high`` (mean length of the
    games won with that kind, t interval).

    The rules treat the kinds alike, so each should win a third of the decisive
    games. ``correction="holm"`` (or ``"bh"``) adds that test for each kind
    (exact binomial, two-sided): ``p_value``, ``p_adjusted``, ``correction`` and
    ``differs``, as in :func:`card_win_rates`.
    """
    _require(frame, "winning_kind", "turns")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        won_with = games["winning_kind"]
        seen = [k for k in won_with.dropna().unique() if k not in kinds]
        order = list(kinds) + sorted(seen)
        wins = won_with.value_counts().reindex(order, fill_value=0).to_numpy(dtype=int)
        share = _proportions(wins, np.full(len(order), len(games)))
        length = _mean_intervals(pd.to_numeric(games["turns"], errors="coerce").groupby(won_with)).reindex(order)
        return pd.DataFrame(
            {
                "kind": order,
                "wins": wins,
                "n": len(games),
                "estimate": share["estimate"],
                "low": share["low"],
                "high": share["high"],
                "turns": length["estimate"].to_numpy(dtype=float),
                "turns_low": length["low"].to_numpy(dtype=float),
                "turns_high": length["high"].to_numpy(dtype=float),
            }
        )

    table = _per_group(frame, by, metric)
    if correction is None:
        return table
    return _per_group_of_table(table, by, lambda rows: _kinds_alike(rows, correction))


def head_to_head(frame: pd.DataFrame, by: By = None, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """Results between player kinds, over every pair of seats of different kinds.

    For a pair of seats in one game, ``player`` wins if its seat won, loses if the
    other seat won, and draws otherwise (a tie, the turn limit, or a third seat
    won). ``estimate`` is the share of wins (Wilson interval); ``margin`` is
    P(win) - P(loss), the difference of two shares of the same pairs, with
    :func:`share_difference`'s interval (``margin_low``, ``margin_high``): Agresti
    and Min's adjusted interval from the trinomial variance, which stays a real
    interval when one player won every game (40-0 gives 1.0 [0.87, 1.0], not a
    width of zero). When it excludes zero, ``player`` is measurably the stronger.
    Each pair shows once per order.

    Columns: [by...], ``player``, ``opponent``, ``wins``, ``losses``, ``draws``,
    ``n``, ``estimate``, ``low``, ``high``, ``margin``, ``margin_low``, ``margin_high``.
    """

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        pairs = _seat_pairs(games)
        counts = pairs.groupby(["player", "opponent"], sort=True).agg(
            wins=("won", "sum"), losses=("lost", "sum"), n=("won", "size")
        )
        wins = counts["wins"].to_numpy(dtype=int)
        losses = counts["losses"].to_numpy(dtype=int)
        n = counts["n"].to_numpy(dtype=int)
        share = _proportions(wins, n)
        margin = share_difference(wins, losses, n, confidence)
        table = counts.index.to_frame(index=False)
        table = table.assign(
            wins=wins,
            losses=losses,
            draws=n - wins - losses,
            n=n,
            estimate=share["estimate"],
            low=share["low"],
            high=share["high"],
            margin=margin["estimate"],
            margin_low=margin["low"],
            margin_high=margin["high"],
        )
        return table[
            [
                "player",
                "opponent",
                "wins",
                "losses",
                "draws",
                "n",
                "estimate",
                "low",
                "high",
                "margin",
                "margin_low",
                "margin_high",
            ]
        ]

    return _per_group(frame, by, metric)


# ---------------------------------------------------------------------------
# What a study can conclude: many comparisons, sample sizes, symmetry

#: The multiple-comparison corrections offered, by the name the functions take.
CORRECTIONS = {"holm": "Holm", "bh": "Benjamini-Hochberg"}

#: What :func:`symmetry_check` says of a pair.
SYMMETRY_VERDICTS = {
    "ok": "consistent with symmetry",
    "flag": "sample too small or a bug",
    "unknown": "too few games to test",
}


def adjust_p_values(p_values, method: str = "holm") -> np.ndarray:
    """P-values adjusted for testing several hypotheses at once.

    ``"holm"`` (Holm-Bonferroni) keeps the chance of *any* false alarm below the
    level; ``"bh"`` (Benjamini-Hochberg, ``scipy.stats.false_discovery_control``)
    keeps the expected *share* of false alarms among the alarms below it.
    Missing p-values stay missing and do not count.

    Holm in words: sort the m p-values; multiply the smallest by m, the next by
    m - 1, and so on; never let an adjusted value fall below the one before it.

    >>> adjust_p_values([0.01, 0.04, 0.03, 0.005]).round(3).tolist()
    [0.03, 0.06, 0.06, 0.02]
    """
    if method not in CORRECTIONS:
        raise ValueError(f"correction must be one of {sorted(CORRECTIONS)}, got {method!r}")
    p = np.asarray(p_values, dtype=float)
    out = np.full(p.shape, np.nan)
    known = ~np.isnan(p)
    if not known.any():
        return out
    if method == "bh":
        from scipy.stats import false_discovery_control

        out[known] = false_discovery_control(p[known], method="bh")
        return out
    order = np.argsort(p[known])
    m = len(order)
    scaled = np.minimum(1.0, (m - np.arange(m)) * p[known][order])
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(scaled)
    out[known] = adjusted
    return out


def two_proportion_p_value(wins_a, n_a, wins_b, n_b) -> np.ndarray:
    """Two-sided p-value that two win rates are equal (pooled z-test; arrays welcome).

    The same as the chi-square test of the 2 x 2 table without continuity
    correction. NaN where either side has no trial or nothing varies.

    >>> round(float(two_proportion_p_value(30, 100, 45, 100)), 4)
    0.0285
    """
    return 2 * _normal_sf(np.abs(_two_proportion_z(wins_a, n_a, wins_b, n_b)))


def _two_proportion_z(wins_a, n_a, wins_b, n_b) -> np.ndarray:
    """The z score of the pooled two-proportion test (NaN where it is undefined)."""
    k_a, n_a, k_b, n_b = (np.asarray(x, dtype=float) for x in (wins_a, n_a, wins_b, n_b))
    with np.errstate(divide="ignore", invalid="ignore"):
        pooled = (k_a + k_b) / (n_a + n_b)
        se = np.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
        return np.where(se > 0, (k_a / n_a - k_b / n_b) / se, np.nan)


def _per_group_of_table(table: pd.DataFrame, by: By, add: Callable[[pd.DataFrame], pd.DataFrame]) -> pd.DataFrame:
    """Apply ``add`` to each ``by`` block of a finished table (the family of a correction)."""
    keys = _by_list(by)
    if not keys or table.empty:
        return add(table).reset_index(drop=True)
    blocks = [add(group) for _, group in table.groupby(keys, dropna=False, sort=False)]
    return pd.concat(blocks, ignore_index=True)


def _corrected(table: pd.DataFrame, p_values, correction: str, confidence: float = CONFIDENCE) -> pd.DataFrame:
    table = table.copy()
    table["p_value"] = np.asarray(p_values, dtype=float)
    table["p_adjusted"] = adjust_p_values(table["p_value"], correction)
    table["correction"] = CORRECTIONS[correction]
    table["differs"] = table["p_adjusted"] < 1 - confidence
    return table


def _against_the_rest(cards: pd.DataFrame, correction: str) -> pd.DataFrame:
    """Each card's win rate against all the other cards' together."""
    wins, n = cards["wins"].to_numpy(float), cards["n"].to_numpy(float)
    p = two_proportion_p_value(wins, n, wins.sum() - wins, n.sum() - n)
    return _corrected(cards, p, correction)


def _kinds_alike(kinds: pd.DataFrame, correction: str) -> pd.DataFrame:
    """Each kind's share of the decisive games against an equal share (exact binomial)."""
    wins = kinds["wins"].astype(int)
    decisive = int(wins.sum())
    p = [_binomial_two_sided_p(int(k), decisive, 1 / len(kinds)) if decisive else math.nan for k in wins]
    return _corrected(kinds, p, correction)


def games_to_resolve(
    rate: float, difference: float = 0.05, power: float = 0.8, confidence: float = CONFIDENCE, same_games: bool = False
) -> int:
    """How many trials *each* of two rates needs so that a true gap of ``difference``
    around ``rate`` is found significant (two-sided test at ``1 - confidence``) with
    probability ``power``.

    Two independent rates (two cards, held by different seats): the usual
    normal-approximation formula (Fleiss, without continuity correction), with
    the rates ``p1, p2 = rate -/+ difference / 2``:
    ``n = (z_a sqrt(2 p q) + z_b sqrt(p1 q1 + p2 q2))^2 / difference^2``.

    ``same_games=True``: the two rates are shares of the same games (two seats'
    win rates, two kinds' shares), which move against each other; the answer is
    then a number of games, from the multinomial variance of the difference,
    ``Var = (p1 + p2 - difference^2) / n``:
    ``n = (z_a sqrt(p1 + p2) + z_b sqrt(p1 + p2 - difference^2))^2 / difference^2``.
    Two seats of a decisive two-player game 0.05 apart need twice what the
    independent formula says.

    >>> games_to_resolve(0.5, 0.1)
    392
    >>> games_to_resolve(0.5, 0.05), games_to_resolve(0.5, 0.05, same_games=True)
    (1569, 3138)
    """
    check_difference(difference)
    _check_probability(power)
    normal = NormalDist()
    z_a, z_b = normal.inv_cdf(0.5 + confidence / 2), normal.inv_cdf(power)
    if same_games:  # two shares of one game add up to at most 1
        both = 2 * min(max(float(rate), difference / 2), 0.5)
        n = (z_a * math.sqrt(both) + z_b * math.sqrt(both - difference**2)) ** 2 / difference**2
        return math.ceil(n - 1e-9)
    rate = min(max(float(rate), difference / 2), 1 - difference / 2)
    p1, p2 = rate - difference / 2, rate + difference / 2
    n = (z_a * math.sqrt(2 * rate * (1 - rate)) + z_b * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2 / difference**2
    return math.ceil(n - 1e-9)


def mirror_pairs(cards: Iterable[str]) -> list[tuple[str, str]]:
    """The pairs (card, its mirror image) among card names: ``L`` and ``L'``, ``H5-2`` and ``H5-2'``.

    >>> mirror_pairs(["F", "F'", "I", "L", "L'", "X"])
    [('F', "F'"), ('L', "L'")]
    """
    names = set(cards)
    return [(name, name + "'") for name in sorted(names) if name + "'" in names]


def symmetry_check(frame: pd.DataFrame, by: By = None, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """A sanity check: does each card win as often as its mirror image?

    The rules, the deal and the kit's players treat a card and its mirror
    image alike (a mirrored game is as likely as the game), so their true win
    rates are equal. Each pair is tested (:func:`two_proportion_p_value`), the
    p-values Holm-adjusted over the pairs; a last row tests all pairs at once
    (the sum of the squared z scores against chi-square). A significant gap is
    not a discovery but a warning: the ``verdict`` says "sample too small or a
    bug" (one in twenty studies shows a chance gap at the 5% level).

    Columns: [by...], ``card``, ``mirror``, ``wins``, ``n``, ``mirror_wins``,
    ``mirror_n``, ``estimate`` (card's rate minus the mirror's), ``low``,
    ``high`` (normal interval of the gap), ``p_value``, ``p_adjusted``,
    ``verdict``.
    """
    return _symmetry_of(card_win_rates(frame, by), by, confidence)


def _symmetry_of(cards: pd.DataFrame, by: By, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """:func:`symmetry_check` from a finished :func:`card_win_rates` table."""
    z = normal_quantile(0.5 + confidence / 2)
    columns = [
        "card",
        "mirror",
        "wins",
        "n",
        "mirror_wins",
        "mirror_n",
        "estimate",
        "low",
        "high",
        "p_value",
        "p_adjusted",
        "verdict",
    ]

    def check(group: pd.DataFrame) -> pd.DataFrame:
        rates = group.set_index("card")
        pairs = mirror_pairs(rates.index)
        if not pairs:
            return pd.DataFrame(columns=_by_list(by) + columns)
        a = rates.loc[[card for card, _ in pairs]]
        b = rates.loc[[mirror for _, mirror in pairs]]
        k_a, n_a = a["wins"].to_numpy(float), a["n"].to_numpy(float)
        k_b, n_b = b["wins"].to_numpy(float), b["n"].to_numpy(float)
        with np.errstate(divide="ignore", invalid="ignore"):
            gap = k_a / n_a - k_b / n_b
            se = np.sqrt(k_a / n_a * (1 - k_a / n_a) / n_a + k_b / n_b * (1 - k_b / n_b) / n_b)
        z_scores = _two_proportion_z(k_a, n_a, k_b, n_b)
        p = two_proportion_p_value(k_a, n_a, k_b, n_b)
        table = pd.DataFrame(
            {
                "card": a.index,
                "mirror": b.index,
                "wins": k_a.astype(int),
                "n": n_a.astype(int),
                "mirror_wins": k_b.astype(int),
                "mirror_n": n_b.astype(int),
                "estimate": gap,
                "low": gap - z * se,
                "high": gap + z * se,
                "p_value": p,
                "p_adjusted": adjust_p_values(p, "holm"),
            }
        )
        tested = ~np.isnan(z_scores)
        chi_square = float(np.sum(np.square(z_scores[tested])))
        overall = _chi_square_sf(chi_square, int(tested.sum())) if tested.any() else math.nan
        table.loc[len(table)] = {
            "card": "all pairs",
            "mirror": "",
            "wins": int(k_a.sum()),
            "n": int(n_a.sum()),
            "mirror_wins": int(k_b.sum()),
            "mirror_n": int(n_b.sum()),
            "estimate": math.nan,
            "low": math.nan,
            "high": math.nan,
            "p_value": overall,
            "p_adjusted": overall,
        }
        table["verdict"] = np.where(
            table["p_adjusted"].isna(),
            SYMMETRY_VERDICTS["unknown"],
            np.where(table["p_adjusted"] < 1 - confidence, SYMMETRY_VERDICTS["flag"], SYMMETRY_VERDICTS["ok"]),
        )
        for key in reversed(_by_list(by)):
            table.insert(0, key, group[key].iloc[0])
        return table

    return _per_group_of_table(cards, by, check)


def _shape_name(cards: pd.Series) -> pd.Series:
    """``"L'"`` -> ``"L"``, ``"F+L'"`` -> ``"F+L"``: a card's free shape (mirrors merged)."""
    return cards.astype(object).where(cards.isna(), cards.astype(str).str.replace("'", "", regex=False))


def shape_win_rates(frame: pd.DataFrame, by: By = None, correction: str | None = None) -> pd.DataFrame:
    """:func:`card_win_rates` with each card and its mirror image pooled into one shape.

    A card and its mirror image win equally often (see :func:`symmetry_check`),
    so pooling them halves the number of rates and doubles the games behind
    each. Columns as :func:`card_win_rates`, with ``shape`` (the unprimed name)
    instead of ``card``.
    """
    _require(frame, "winning_card")
    pooled = frame.copy()
    for column in [c for c in frame.columns if c.startswith("cards_")] + ["winning_card"]:
        pooled[column] = _shape_name(frame[column])
    return card_win_rates(pooled, by, correction).rename(columns={"card": "shape"})


def _seat_pairs(games: pd.DataFrame) -> pd.DataFrame:
    """Every ordered pair of seats of different player kinds in each game.

    Columns ``player``, ``opponent``, ``won`` (the player's seat won) and ``lost``
    (the opponent's seat won).
    """
    seats = seat_results(games)
    if "player" not in seats.columns:
        raise ValueError("head_to_head needs the player_0, player_1, ... columns")
    row = seats["row"].to_numpy()
    player = seats["player"].to_numpy(dtype=object)
    won = seats["won"].to_numpy(dtype=bool)
    starts = np.searchsorted(row, np.arange(len(games)))  # the long view is sorted by row
    offset = np.arange(len(row)) - starts[row]  # the seat's place within its game
    n_seats = seats["n_players"].to_numpy()
    parts = []
    for shift in range(1, int(n_seats.max()) if len(n_seats) else 1):
        # The seat `shift` places further round the table, for every seat at once.
        other = starts[row] + (offset + shift) % n_seats
        keep = (shift < n_seats) & (player != player[other])
        parts.append((player[keep], player[other][keep], won[keep], won[other][keep]))
    if not parts:
        parts = [(player[:0], player[:0], won[:0], won[:0])]
    return pd.DataFrame(
        {
            "player": pd.Series(np.concatenate([p[0] for p in parts]), dtype=object),
            "opponent": pd.Series(np.concatenate([p[1] for p in parts]), dtype=object),
            "won": np.concatenate([p[2] for p in parts]),
            "lost": np.concatenate([p[3] for p in parts]),
        }
    )


# ---------------------------------------------------------------------------
# Hextremadura


def score_distribution(frame: pd.DataFrame, by: By = None, column: str = "score") -> pd.DataFrame:
    """The share of games at each score, and of games at that score or more.

    Columns: [by...], ``score``, ``games``, ``n``, ``estimate``, ``low``, ``high``
    (Wilson, for exactly that score), ``at_least`` (share at that score or more).
    Every score from 0 to the highest seen is listed, even when no game had it.
    """
    _require(frame, column)

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        scores = pd.to_numeric(games[column], errors="coerce").dropna().astype(int)
        top = int(scores.max()) if len(scores) else -1
        rows = []
        for score in range(0, top + 1):
            share = proportion(int((scores == score).sum()), len(scores))
            rows.append(
                {
                    "score": score,
                    "games": share["successes"],
                    "n": share["n"],
                    "estimate": share["estimate"],
                    "low": share["low"],
                    "high": share["high"],
                    "at_least": float((scores >= score).mean()),
                }
            )
        return pd.DataFrame(rows, columns=["score", "games", "n", "estimate", "low", "high", "at_least"])

    return _per_group(frame, by, metric)


def _band_names() -> list[str]:
    from xochintlan_hex.hextremadura import RATING_BANDS

    return [name for _, name in RATING_BANDS]


def rating_shares(frame: pd.DataFrame, by: By = None, bands: Sequence[str] | None = None) -> pd.DataFrame:
    """The share of games in each rating band (Wilson intervals).

    ``bands`` fixes the order and lists bands no game reached; by default the
    Hextremadura bands from the lowest up (``hextremadura.RATING_BANDS``), then
    any other band names the frame holds.

    Columns: [by...], ``rating``, ``games``, ``n``, ``estimate``, ``low``, ``high``.
    """
    _require(frame, "rating")
    if bands is None:
        bands = _band_names()
        bands += sorted(set(frame["rating"].dropna()) - set(bands), key=str)

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        rows = []
        for band in bands:
            share = proportion(int((games["rating"] == band).sum()), len(games))
            rows.append(
                {
                    "rating": band,
                    "games": share["successes"],
                    "n": share["n"],
                    "estimate": share["estimate"],
                    "low": share["low"],
                    "high": share["high"],
                }
            )
        return pd.DataFrame(rows, columns=["rating", "games", "n", "estimate", "low", "high"])

    return _per_group(frame, by, metric)


def objective_rates(frame: pd.DataFrame, by: By = None, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """The probability that an objective of each type holds at the end of a game.

    Reads the column pairs ``objectives_<type>`` (objectives of that type on the
    final map) and ``met_<type>`` (how many held). The estimate pools every
    objective: met / total. Objectives on one map are not independent, so the
    interval treats games as the sampled units (a ratio estimator with its
    delta-method standard error), clipped to [0, 1].

    Columns: [by...], ``objective``, ``met``, ``total``, ``n`` (games),
    ``estimate``, ``low``, ``high``.
    """
    types = [c[len("objectives_") :] for c in frame.columns if c.startswith("objectives_")]
    if not types:
        raise ValueError("objective_rates needs objectives_<type> and met_<type> columns")
    for kind in types:
        _require(frame, f"met_{kind}")
    z = normal_quantile(0.5 + confidence / 2)

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        rows = []
        for kind in types:
            total = games[f"objectives_{kind}"].to_numpy(dtype=float)
            met = games[f"met_{kind}"].to_numpy(dtype=float)
            n = len(games)
            ratio = met.sum() / total.sum() if total.sum() else math.nan
            low = high = math.nan
            if n > 1 and total.sum():
                residual = met - ratio * total
                se = math.sqrt(residual.var(ddof=1) / n) / total.mean()
                low, high = max(0.0, ratio - z * se), min(1.0, ratio + z * se)
            rows.append(
                {
                    "objective": kind,
                    "met": int(met.sum()),
                    "total": int(total.sum()),
                    "n": n,
                    "estimate": ratio,
                    "low": low,
                    "high": high,
                }
            )
        return pd.DataFrame(rows)

    return _per_group(frame, by, metric)


def quest_rates(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """The share of games completing each discover quest (the ``quest_<name>`` columns).

    Columns: [by...], ``quest``, ``games``, ``n``, ``estimate``, ``low``, ``high``.
    """
    quests = [c for c in frame.columns if c.startswith("quest_")]
    if not quests:
        raise ValueError("quest_rates needs quest_<name> columns")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        rows = []
        for column in quests:
            done = games[column].fillna(False).astype(bool)
            share = proportion(int(done.sum()), len(games))
            rows.append(
                {
                    "quest": column[len("quest_") :],
                    "games": share["successes"],
                    "n": share["n"],
                    "estimate": share["estimate"],
                    "low": share["low"],
                    "high": share["high"],
                }
            )
        return pd.DataFrame(rows)

    return _per_group(frame, by, metric)


# ---------------------------------------------------------------------------
# One report for a whole study: structured data, put into words by report_text


@dataclass(frozen=True)
class Label:
    """What a report row is about: a ``key`` naming the kind of row and the values it needs.

    The keys: ``""`` (a whole-study figure), ``seat`` (``seat``, ``players``),
    ``players`` (``players``), ``outcome``, ``kind``, ``card``, ``mirror_pair``
    (``card``, ``mirror``), ``all_mirror_pairs``, ``head_to_head`` (``player``,
    ``opponent``), ``apart`` (``family``: seats, kinds or cards; ``difference``),
    ``rating``, ``objective``, ``quest``. ``str()`` gives the language-neutral form
    the long table and ``--csv`` keep (``"seat 0 of 2"``); :mod:`xochintlan_hex.report_text`
    words it for a person.

    >>> str(Label("seat", {"seat": 0, "players": 2})), str(Label("apart", {"family": "cards", "difference": 0.05}))
    ('seat 0 of 2', 'two cards 0.05 apart')
    """

    key: str = ""
    values: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return _LABEL_DATA[self.key].format(**self.values)


#: Each label's language-neutral form (the data's own words: seats counted from 0).
_LABEL_DATA = {
    "": "",
    "seat": "seat {seat} of {players}",
    "players": "{players} players",
    "outcome": "{outcome}",
    "kind": "{kind}",
    "card": "{card}",
    "mirror_pair": "{card} vs {mirror}",
    "all_mirror_pairs": "all mirror pairs",
    "head_to_head": "{player} vs {opponent}",
    "apart": "two {family} {difference:g} apart",
    "rating": "{rating}",
    "objective": "{objective}",
    "quest": "{quest}",
}


@dataclass(frozen=True)
class Note:
    """What a row adds to its figures: ``correction`` (``method``: a key of
    :data:`CORRECTIONS`; ``differs``: bool), ``verdict`` (a key of
    :data:`SYMMETRY_VERDICTS`) or ``power`` (``level`` and ``power`` of a games-needed
    figure, as shares). ``str()`` gives the language-neutral form.

    >>> str(Note("correction", {"method": "holm", "differs": True})), str(Note("verdict", {"verdict": "ok"}))
    ('Holm: differs', 'consistent with symmetry')
    """

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        if self.key == "correction":
            return CORRECTIONS[self.values["method"]] + (": differs" if self.values["differs"] else "")
        if self.key == "verdict":
            return SYMMETRY_VERDICTS[self.values["verdict"]]
        return f"{self.values['level']:.0%} level, {self.values['power']:.0%} power"


@dataclass(frozen=True)
class ReportRow:
    """One figure of a report: its group (the ``by`` values), what it is about, the
    estimate with its interval, how many games (or seats) it rests on, and, for the
    rows that test something, the adjusted p-value and a :class:`Note`."""

    group: tuple[Any, ...]
    label: Label
    estimate: float
    low: float = math.nan
    high: float = math.nan
    n: int = 0
    p_value: float = math.nan
    note: Note | None = None


@dataclass(frozen=True)
class ReportSection:
    """The rows of one metric (``win_rate``, ``card_win_rate``, ``rating``...)."""

    metric: str
    rows: tuple[ReportRow, ...]


#: The columns of a report's long table, after the ``by`` columns.
REPORT_COLUMNS = ["metric", "level", "estimate", "low", "high", "n", "p_value", "note"]


@dataclass(frozen=True)
class Report:
    """A study's report as data: its sections of rows, the ``by`` columns, the games.

    ``str(report)`` (or :meth:`text`) words it in the kit's language; ``report.frame``
    is the long table (``metric``, ``level``, ``estimate``...), and the report reads
    as that table: ``report.query(...)``, ``report["metric"]``, ``report.loc[...]``.
    """

    sections: tuple[ReportSection, ...]
    by: tuple[str, ...] = ()
    games: int = 0

    @cached_property
    def frame(self) -> pd.DataFrame:
        """The long table: [by...], then :data:`REPORT_COLUMNS`, one line per row, its
        labels and notes in their language-neutral form (the ``--csv`` table)."""
        rows = [(section.metric, row) for section in self.sections for row in section.rows]
        table: dict[str, Any] = {key: [row.group[i] for _, row in rows] for i, key in enumerate(self.by)}
        table["metric"] = np.array([metric for metric, _ in rows], dtype=object)
        table["level"] = np.array([str(row.label) for _, row in rows], dtype=object)
        for column in ("estimate", "low", "high", "n", "p_value"):
            table[column] = np.array([getattr(row, column) for _, row in rows], dtype=float)
        table["note"] = np.array(["" if row.note is None else str(row.note) for _, row in rows], dtype=object)
        return pd.DataFrame(table, columns=[*self.by, *REPORT_COLUMNS])

    def section(self, metric: str) -> ReportSection | None:
        """The section of ``metric``, or None if the study has none."""
        return next((section for section in self.sections if section.metric == metric), None)

    def text(self, source: str = "") -> str:
        """The report as a person reads it, in the kit's language (``source``: the files it is of)."""
        from xochintlan_hex.balance.report_text import report_text

        return report_text(self, source)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        metrics = ", ".join(section.metric for section in self.sections)
        return f"<Report of {self.games} games by {list(self.by)}: {metrics}>"

    def _repr_html_(self) -> str:
        return str(self.frame._repr_html_())

    # The report reads as its long table, as report() returned before it was data.
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("frame", "sections", "by", "games"):
            raise AttributeError(name)  # not the table's: a copy being made, or a report half made
        return getattr(self.frame, name)

    def __getitem__(self, key: Any) -> Any:
        return self.frame[key]

    def __len__(self) -> int:
        return len(self.frame)


def report_metrics_of(frame: pd.DataFrame) -> str:
    """Which metrics a study's report holds, as its game's spec declares them:
    ``"solo"`` (one player scores, as in Hextremadura) or ``"seats"`` (players in seats
    win, as in Xochintlan). The one place a report tells the games apart.

    The game is the registered one whose study columns the frame holds (a frame may
    carry more: a ``source`` or a grouping column); a frame cut down below any game's
    columns is read by what it can be: a ``score`` column makes it a solo study.
    """
    present = set(frame.columns)
    for name in game_names():
        spec = game_spec(name)
        low, high = spec.seats
        if any(set(spec.columns(seats)) <= present for seats in range(low, min(high, 8) + 1)):
            return spec.report_metrics
    return "solo" if "score" in present else "seats"


def report(
    frame: pd.DataFrame, by: By = None, correction: str = "holm", difference: float = 0.05, power: float = 0.8
) -> Report:
    """The main metrics of a study as a :class:`Report` (it reads as one long table:
    ``metric``, ``level``, estimate...).

    A frame with a ``score`` column is read as a Hextremadura study, otherwise as
    a Xochintlan one (:func:`report_metrics_of`). ``level`` names the seat, outcome,
    card, kind, score, band, objective or quest a row is about (empty for
    whole-study figures).

    Columns: [by...], ``metric``, ``level``, ``estimate``, ``low``, ``high``, ``n``,
    ``p_value``, ``note``. A Xochintlan report also says what the study can
    conclude:

    * card and kind win rates carry a ``p_value`` adjusted for their number
      (``correction``, named in ``note``; see :func:`card_win_rates`);
    * ``symmetry_check``: each card against its mirror image
      (:func:`symmetry_check`); ``note`` gives the verdict;
    * ``games_needed``: how many games a comparison of two seats, two cards or
      two kinds needs to resolve a true gap of ``difference`` (at the 5% level
      with probability ``power``; :func:`games_to_resolve`, with the multinomial
      variance for seats and kinds, which share their games), against ``n``, the
      games the study has.
    """
    keys = _by_list(by)
    frame = with_shared_strings(frame)
    sections = REPORT_SECTIONS[report_metrics_of(frame)](frame, keys, correction, difference, power)
    return Report(tuple(section for section in sections if section.rows), tuple(keys), len(frame))


def _section(
    metric: str,
    table: pd.DataFrame,
    keys: Sequence[str],
    label: Callable[[dict], Label],
    note: Callable[[dict], Note | None] = lambda row: None,
) -> ReportSection:
    """The rows of ``table`` (a metric's tidy frame) as a report section."""
    rows = []
    for record in table.to_dict("records"):
        rows.append(
            ReportRow(
                group=tuple(record[key] for key in keys),
                label=label(record),
                estimate=float(record["estimate"]),
                low=float(record.get("low", math.nan)),
                high=float(record.get("high", math.nan)),
                n=int(record["n"]),
                p_value=float(record.get("p_value", math.nan)),
                note=note(record),
            )
        )
    return ReportSection(metric, tuple(rows))


def _whole(record: dict) -> Label:
    return Label()


def _labelled(key: str, column: str | None = None) -> Callable[[dict], Label]:
    """Rows labelled by one column of their table (``column``, by default the key)."""
    return lambda record: Label(key, {key: record[column or key]})


def _seat_label(record: dict) -> Label:
    return Label("seat", {"seat": int(record["seat"]), "players": int(record["n_players"])})


def _players_label(record: dict) -> Label:
    return Label("players", {"players": int(record["n_players"])})


def _head_to_head_label(record: dict) -> Label:
    return Label("head_to_head", {"player": record["player"], "opponent": record["opponent"]})


def _solo_sections(
    frame: pd.DataFrame, keys: list[str], correction: str, difference: float, power: float
) -> list[ReportSection]:
    """The sections of a one-player study (Hextremadura): score, bands, objectives, quests, rounds."""
    sections = [_section("score", duration(frame, keys, column="score"), keys, _whole)]
    if "rating" in frame.columns and "rating" not in keys:  # by rating: each band is 100%
        sections.append(_section("rating", rating_shares(frame, keys), keys, _labelled("rating")))
    if any(c.startswith("objectives_") for c in frame.columns):
        sections.append(_section("objective", objective_rates(frame, keys), keys, _labelled("objective")))
    if any(c.startswith("quest_") for c in frame.columns):
        sections.append(_section("quest", quest_rates(frame, keys), keys, _labelled("quest")))
    if "rounds" in frame.columns:
        sections.append(_section("rounds", duration(frame, keys, column="rounds"), keys, _whole))
    return sections


def _seats_sections(
    frame: pd.DataFrame, keys: list[str], correction: str, difference: float, power: float
) -> list[ReportSection]:
    """The sections of a study of players in seats (Xochintlan), the long view made once."""
    token = _REPORT_SEATS.set((frame, seat_results(frame)))
    try:
        return _seat_and_card_sections(frame, keys, correction, difference, power)
    finally:
        _REPORT_SEATS.reset(token)


def _seat_and_card_sections(
    frame: pd.DataFrame, keys: list[str], correction: str, difference: float, power: float
) -> list[ReportSection]:
    seats = win_rate_by_seat(frame, keys)
    sections = [
        _section("win_rate", seats, keys, _seat_label),
        _section("first_player_advantage", first_player_advantage(frame, keys), keys, _players_label),
        _section("balance", balance(frame, keys), keys, _players_label),
        _section("outcome", outcome_shares(frame, keys), keys, _labelled("outcome")),
        _section("turns", duration(frame, keys), keys, _whole),
    ]
    families = [("seats", seats)]
    if "winning_kind" in frame.columns:
        kinds = kind_win_rates(frame, keys, correction=correction)
        sections.append(_section("kind_win_rate", _adjusted(kinds), keys, _labelled("kind"), _correction_note))
        families.append(("kinds", kinds))
    if "winning_card" in frame.columns and "cards_0" in frame.columns:
        cards = card_win_rates(frame, keys)
        with_p = _per_group_of_table(cards, keys, lambda t: _against_the_rest(t, correction))
        sections.append(_section("card_win_rate", _adjusted(with_p), keys, _labelled("card"), _correction_note))
        families.append(("cards", cards))
        sections.append(_symmetry_section(cards, keys))
    if "player_0" in frame.columns and "player_1" in frame.columns:
        h2h = head_to_head(frame, keys)
        sections.append(_section("head_to_head_win_rate", h2h, keys, _head_to_head_label))
    sections.append(_games_needed_section(frame, keys, families, difference, power))
    return sections


#: A study's metrics by what it measures (a game's ``report_metrics``): each gives the sections of a report.
REPORT_SECTIONS: dict[str, Callable[[pd.DataFrame, list[str], str, float, float], list[ReportSection]]] = {
    "seats": _seats_sections,
    "solo": _solo_sections,
}


def _adjusted(table: pd.DataFrame) -> pd.DataFrame:
    """A corrected table with its adjusted p-value as the row's p-value."""
    return table.assign(p_value=table["p_adjusted"])


_CORRECTION_KEYS = {name: key for key, name in CORRECTIONS.items()}


def _correction_note(record: dict) -> Note:
    return Note("correction", {"method": _CORRECTION_KEYS[record["correction"]], "differs": bool(record["differs"])})


def _symmetry_section(cards: pd.DataFrame, keys: list[str]) -> ReportSection:
    """Each card against its mirror image, then all pairs at once (:func:`symmetry_check`)."""
    symmetry = _symmetry_of(cards, keys)
    if not len(symmetry):
        return ReportSection("symmetry_check", ())
    verdicts = {text: key for key, text in SYMMETRY_VERDICTS.items()}
    symmetry = symmetry.assign(n=symmetry["n"] + symmetry["mirror_n"], p_value=symmetry["p_adjusted"])

    def label(record: dict) -> Label:
        if record["mirror"] == "":
            return Label("all_mirror_pairs")
        return Label("mirror_pair", {"card": record["card"], "mirror": record["mirror"]})

    return _section(
        "symmetry_check",
        symmetry,
        keys,
        label,
        lambda record: Note("verdict", {"verdict": verdicts[record["verdict"]]}),
    )


def _games_needed_section(
    frame: pd.DataFrame, keys: list[str], families: list[tuple[str, pd.DataFrame]], difference: float, power: float
) -> ReportSection:
    """For each family of rates (seats, kinds, cards), the games a comparison of two of them needs."""
    sizes = frame.groupby(keys, dropna=False).size() if keys else pd.Series([len(frame)])
    rows = []
    for family, table in families:
        groups = table.groupby(keys, dropna=False, sort=True) if keys else [((0,), table)]
        for values, group in groups:
            values = values if isinstance(values, tuple) else (values,)
            played = int(sizes.loc[values if len(values) > 1 else values[0]])
            arm = group["n"].mean()  # trials behind one rate
            if not arm or np.isnan(group["estimate"]).all():
                continue
            # Two seats or two kinds are shares of the same games; two cards are not.
            trials = games_to_resolve(
                float(np.nanmean(group["estimate"])), difference, power, same_games=family != "cards"
            )
            rows.append(
                ReportRow(
                    group=tuple(values) if keys else (),
                    label=Label("apart", {"family": family, "difference": difference}),
                    estimate=math.ceil(trials * played / arm - 1e-9),
                    n=played,
                    note=Note("power", {"level": 0.05, "power": power}),
                )
            )
    return ReportSection("games_needed", tuple(rows))


def with_shared_strings(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its text columns as Python strings, each distinct text made once.

    :func:`report` works on such columns: many small tables are made from them,
    and Arrow-backed strings (pandas 3's default) cost more to make than to read.
    Every cell points to its column's few strings (a study repeats its players,
    rules and cards on every row): 8 bytes a cell, where a string object per cell
    would cost about 60, a frame-wide copy several times the file. A caller that
    keeps only this frame holds no second copy of the texts while the report runs;
    ``studies.read_results(path, shared_texts=True)`` (as the command line reads)
    gives such columns already, so this returns its frame as it is.

    >>> games = pd.DataFrame({"player_0": pd.Series(["greedy", "greedy"], dtype="str")})
    >>> shared = with_shared_strings(games)["player_0"]
    >>> shared.dtype, shared[0] is shared[1]
    (dtype('O'), True)
    """
    text = [
        c
        for c in frame.columns
        if pd.api.types.is_string_dtype(frame[c].dtype) and not pd.api.types.is_object_dtype(frame[c].dtype)
    ]
    if not text:
        return frame
    return frame.assign(**{str(c): _shared_strings(frame[c]) for c in text})


def _shared_strings(column: pd.Series) -> pd.Series:
    """``column`` as an object column whose equal texts are one Python string."""
    codes, uniques = pd.factorize(column, use_na_sentinel=True)
    texts = np.append(np.asarray(uniques, dtype=object), np.nan)  # code -1 (missing) -> NaN
    return pd.Series(texts[codes], index=column.index, dtype=object)


__all__ = [
    "ANIMAL_KINDS",
    "CARD_SEPARATOR",
    "CONFIDENCE",
    "CORRECTIONS",
    "MIN_DIFFERENCE",
    "OUTCOMES",
    "REPORT_COLUMNS",
    "REPORT_SECTIONS",
    "Label",
    "Note",
    "Report",
    "ReportRow",
    "ReportSection",
    "report_metrics_of",
    "SYMMETRY_VERDICTS",
    "adjust_p_values",
    "advantage_of_counts",
    "balance",
    "balance_of_counts",
    "check_by",
    "check_difference",
    "games_to_resolve",
    "mirror_pairs",
    "shape_win_rates",
    "symmetry_check",
    "two_proportion_p_value",
    "card_win_rates",
    "card_win_rate_bootstrap",
    "duration",
    "first_player_advantage",
    "head_to_head",
    "game_margins",
    "kind_win_rates",
    "mean_difference",
    "mean_interval",
    "normal_quantile",
    "objective_rates",
    "outcome_shares",
    "proportion",
    "quest_rates",
    "rating_shares",
    "report",
    "score_distribution",
    "seat_results",
    "share_difference",
    "t_quantile",
    "wilson_interval",
    "win_rate_by_seat",
    "with_shared_strings",
]
