"""Interval maths of the balance statistics: quantiles, Wilson and t intervals,
differences of shares, corrections for many tests, and how many games a gap needs.

Everything here works on counts and arrays, never on a study frame: the metrics
(:mod:`~xochintlan_hex.balance.seat_metrics`, :mod:`~xochintlan_hex.balance.card_metrics`,
:mod:`~xochintlan_hex.balance.solo_metrics`) count, and these functions say how sure
the counts make us.

>>> seven_of_ten = proportion(7, 10)
>>> seven_of_ten["estimate"], round(seven_of_ten["low"], 3), round(seven_of_ten["high"], 3)
(0.7, 0.397, 0.892)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from statistics import NormalDist
from typing import Any, cast

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from xochintlan_hex.i18n import _

#: Confidence level of every interval in this module unless a function says otherwise.
CONFIDENCE = 0.95

#: An array of floats, as the vectorised interval maths return them.
Floats = NDArray[np.float64]

#: The smallest gap between two rates the games-needed figures resolve: a gap of 0.001
#: already needs about 8 million games a rate, near the largest study the kit plays.
MIN_DIFFERENCE = 0.001


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


def _t_ppf(q: ArrayLike, df: ArrayLike) -> Floats:
    """Student's t quantile, arrays welcome (NaN where ``df`` is NaN): the function
    ``scipy.stats.t.ppf`` calls. Imported when first needed, from ``scipy.special``
    alone: a study without means never pays, and no report pays for ``scipy.stats``."""
    from scipy.special import stdtrit

    return cast(Floats, stdtrit(df, q))


def _normal_sf(x: ArrayLike) -> Floats:
    """The standard normal upper tail, arrays welcome (``scipy.stats.norm.sf``'s function)."""
    from scipy.special import ndtr

    return cast(Floats, ndtr(-np.asarray(x, dtype=float)))


def chi_square_sf(x: float, df: int) -> float:
    """The chi-square upper tail (``scipy.stats.chi2.sf``'s function)."""
    from scipy.special import chdtrc

    return float(chdtrc(df, x))


def _binomial_pmf(k: ArrayLike, n: int, p: float) -> Floats:
    """The binomial probability of ``k`` successes in ``n`` trials, from its logarithm
    (as ``scipy.stats.binom.logpmf`` writes it): no overflow for a large ``n``."""
    from scipy.special import gammaln, xlog1py, xlogy

    k = np.asarray(k, dtype=float)
    return cast(Floats, np.exp(gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1) + xlogy(k, p) + xlog1py(n - k, -p)))


def binomial_two_sided_p(k: int, n: int, p: float) -> float:
    """The exact two-sided binomial test of ``k`` successes in ``n`` trials against ``p``:
    the probability of every count no likelier than ``k``, as ``scipy.stats.binomtest``
    computes it (its relative tolerance of 1e-7 included).

    >>> round(binomial_two_sided_p(3, 10, 0.5), 4), round(binomial_two_sided_p(9, 10, 0.5), 4)
    (0.3438, 0.0215)
    """
    likelihood = _binomial_pmf(k, n, p) * (1 + 1e-7)
    if k == p * n:
        return 1.0
    if k < p * n:  # the counts above the mode no likelier than k: from the first of them to n
        first = _first_count(lambda x: bool(_binomial_pmf(x, n, p) <= likelihood), math.ceil(p * n), n)
        return min(1.0, _binomial_at_most(k, n, p) + _binomial_at_least(first, n, p))
    # the counts below the mode no likelier than k: from 0 to the last of them
    last = _first_count(lambda x: bool(_binomial_pmf(x, n, p) > likelihood), 0, math.floor(p * n)) - 1
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


def wilson_interval(successes: ArrayLike, n: ArrayLike, confidence: float = CONFIDENCE) -> tuple[Any, Any]:
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


def proportion(successes: float, n: int, confidence: float = CONFIDENCE) -> dict[str, Any]:
    """A share with its Wilson interval, as a row: estimate, low, high, successes, n.

    >>> proportion(0, 0)["n"]
    0
    """
    low, high = wilson_interval(successes, n, confidence)
    estimate = successes / n if n else math.nan
    return {"estimate": estimate, "low": float(low), "high": float(high), "successes": successes, "n": int(n)}


def mean_interval(values: Iterable[float], confidence: float = CONFIDENCE) -> dict[str, Any]:
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


def proportions(successes: ArrayLike, n: ArrayLike, confidence: float = CONFIDENCE) -> dict[str, Any]:
    """Many shares at once: arrays ``estimate``, ``low``, ``high`` (Wilson)."""
    k = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    low, high = wilson_interval(k, n, confidence)
    with np.errstate(divide="ignore", invalid="ignore"):
        estimate = np.where(n > 0, k / n, np.nan)
    return {"estimate": estimate, "low": low, "high": high}


def mean_intervals(grouped: pd.api.typing.SeriesGroupBy, confidence: float = CONFIDENCE) -> pd.DataFrame:
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


def check_difference(difference: float) -> float:
    """The gap the games-needed figures resolve: from :data:`MIN_DIFFERENCE` to below 1."""
    if not MIN_DIFFERENCE <= difference < 1:
        raise ValueError(
            _("difference must be at least {low} and below 1 (a gap between two rates), got {value}").format(
                low=f"1/{round(1 / MIN_DIFFERENCE)}", value=f"{difference:g}"
            )
        )
    return difference


def advantage_of_counts(
    first_wins: ArrayLike, nobody: ArrayLike, games: ArrayLike, n_players: ArrayLike, confidence: float = CONFIDENCE
) -> dict[str, Any]:
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

        def rescale(score: Floats) -> Floats:
            # Seat 0's score lies in [0, 1]; so must the ends of its interval.
            return cast(Floats, (players * np.clip(score, 0.0, 1.0) - 1) / (players - 1))

        return {
            "seat0_score": mean[()],
            "estimate": rescale(mean)[()],
            "low": rescale(mean - half)[()],
            "high": rescale(mean + half)[()],
        }


def share_difference(
    count_a: ArrayLike, count_b: ArrayLike, games: ArrayLike, confidence: float = CONFIDENCE
) -> dict[str, Any]:
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


def balance_of_counts(counts: ArrayLike, n_players: int, confidence: float = CONFIDENCE) -> dict[str, Any]:
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


def mean_difference(a: ArrayLike, b: ArrayLike, paired: bool = False, confidence: float = CONFIDENCE) -> dict[str, Any]:
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
# What a study can conclude: many comparisons, sample sizes, symmetry

#: The multiple-comparison corrections offered, by the name the functions take.
CORRECTIONS = {"holm": "Holm", "bh": "Benjamini-Hochberg"}


def adjust_p_values(p_values: ArrayLike, method: str = "holm") -> np.ndarray:
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


def two_proportion_p_value(wins_a: ArrayLike, n_a: ArrayLike, wins_b: ArrayLike, n_b: ArrayLike) -> np.ndarray:
    """Two-sided p-value that two win rates are equal (pooled z-test; arrays welcome).

    The same as the chi-square test of the 2 x 2 table without continuity
    correction. NaN where either side has no trial or nothing varies.

    >>> round(float(two_proportion_p_value(30, 100, 45, 100)), 4)
    0.0285
    """
    return 2 * _normal_sf(np.abs(two_proportion_z(wins_a, n_a, wins_b, n_b)))


def two_proportion_z(wins_a: ArrayLike, n_a: ArrayLike, wins_b: ArrayLike, n_b: ArrayLike) -> np.ndarray:
    """The z score of the pooled two-proportion test (NaN where it is undefined)."""
    k_a, n_a, k_b, n_b = (np.asarray(x, dtype=float) for x in (wins_a, n_a, wins_b, n_b))
    with np.errstate(divide="ignore", invalid="ignore"):
        pooled = (k_a + k_b) / (n_a + n_b)
        se = np.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
        return np.where(se > 0, (k_a / n_a - k_b / n_b) / se, np.nan)


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
