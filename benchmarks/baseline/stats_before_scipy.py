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
    * balance (a maximum of differences, with no simple formula): a seeded
      bootstrap over games, so the same frame always gives the same interval.

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

import math
import re
from collections.abc import Callable, Iterable, Sequence

import numpy as np
import pandas as pd

#: Confidence level of every interval in this module unless a function says otherwise.
CONFIDENCE = 0.95

#: How a study frame joins the several goal cards of one seat into one cell ("F+L'").
CARD_SEPARATOR = "+"

#: The animal kinds of Xochintlan, in the engine's order (kept here so that the
#: statistics need no engine).
ANIMAL_KINDS = ("L", "B", "M")

_SEAT_COLUMN = re.compile(r"^player_(\d+)$")

By = str | Sequence[str] | None


# ---------------------------------------------------------------------------
# Intervals


def normal_quantile(p: float) -> float:
    """The ``p`` quantile of the standard normal distribution.

    >>> round(normal_quantile(0.975), 4)
    1.96
    """
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p!r}")
    # Bisection on the erf-based CDF: exact to float precision, no tables needed.
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if 0.5 * math.erfc(-mid / math.sqrt(2.0)) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (continued fraction)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    if x > (a + 1.0) / (a + b + 2.0):  # the fraction converges fast on this side only
        return 1.0 - _incomplete_beta(b, a, 1.0 - x)
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    fraction = d
    for m in range(1, 500):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            fraction *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return math.exp(log_front) * fraction / a


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom.

    >>> round(t_quantile(0.975, 10), 3)
    2.228
    """
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p!r}")
    if df <= 0:
        raise ValueError(f"df must be positive, got {df!r}")

    def cdf(t: float) -> float:
        tail = 0.5 * _incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
        return 1.0 - tail if t > 0 else tail

    lo, hi = -1e4, 1e4
    for _ in range(200):
        mid = (lo + hi) / 2
        if cdf(mid) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


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
            block.insert(0, key, value)
        blocks.append(block)
    if not blocks:
        return pd.DataFrame(columns=keys)
    return pd.concat(blocks, ignore_index=True)


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
    n_players = _n_players(frame).to_numpy()
    winner = _winner(frame)
    nobody = winner.isna().to_numpy()
    winner = winner.fillna(-1).to_numpy()
    labels = (frame["game"] if "game" in frame.columns else frame.index).to_numpy()
    rows = []
    for seat in range(int(n_players.max()) if len(frame) else 0):
        playing = n_players > seat
        won = (winner == seat) & playing
        score = np.where(won, 1.0, np.where(nobody, 1.0 / n_players, 0.0))
        part = pd.DataFrame(
            {
                "row": np.arange(len(frame)),
                "game": labels,
                "seat": seat,
                "n_players": n_players,
                "won": won,
                "score": score,
            }
        )
        for source, target in ((f"player_{seat}", "player"), (f"cards_{seat}", "cards")):
            if source in frame.columns:
                part[target] = frame[source].to_numpy()
        for column in ("winning_card", "turns"):
            if column in frame.columns:
                part[column] = frame[column].to_numpy()
        rows.append(part[playing])
    if not rows:
        return pd.DataFrame(columns=["row", "game", "seat", "n_players", "won", "score"])
    return pd.concat(rows, ignore_index=True).sort_values(["row", "seat"], ignore_index=True)


# ---------------------------------------------------------------------------
# Xochintlan: seats, balance, outcomes, length


def win_rate_by_seat(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """The share of games each seat won, per number of players (Wilson intervals).

    Columns: [by...], ``n_players``, ``seat``, ``wins``, ``n``, ``estimate``, ``low``, ``high``.
    """

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seats = seat_results(games)
        rows = []
        for (n_players, seat), group in seats.groupby(["n_players", "seat"], sort=True):
            wins = int(group["won"].sum())
            row = proportion(wins, len(group))
            rows.append(
                {
                    "n_players": n_players,
                    "seat": seat,
                    "wins": wins,
                    "n": row["n"],
                    "estimate": row["estimate"],
                    "low": row["low"],
                    "high": row["high"],
                }
            )
        return pd.DataFrame(rows, columns=["n_players", "seat", "wins", "n", "estimate", "low", "high"])

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
        rows = []
        first = seats[seats["seat"] == 0]
        for n_players, group in first.groupby("n_players", sort=True):
            if n_players < 2:
                continue
            share = mean_interval(group["score"])

            def rescale(score: float, n: int = n_players) -> float:
                # Seat 0's score lies in [0, 1]; so must the ends of its interval.
                return (n * min(max(score, 0.0), 1.0) - 1) / (n - 1)

            rows.append(
                {
                    "n_players": n_players,
                    "seat0_score": share["estimate"],
                    "estimate": rescale(share["estimate"]),
                    "low": rescale(share["low"]),
                    "high": rescale(share["high"]),
                    "n": share["n"],
                }
            )
        return pd.DataFrame(rows, columns=["n_players", "seat0_score", "estimate", "low", "high", "n"])

    return _per_group(frame, by, metric)


def _balance_of_counts(counts: np.ndarray, n_players: int) -> np.ndarray:
    """1 - (largest - smallest seat win rate) for rows of outcome counts.

    Column ``i < n_players`` counts the wins of seat ``i``; the last column counts
    the games nobody won, which add the same partial score to every seat and so
    never change a gap.
    """
    games = counts.sum(axis=1, keepdims=True)
    rates = counts[:, :n_players] / games
    return 1.0 - (rates.max(axis=1) - rates.min(axis=1))


def balance(
    frame: pd.DataFrame, by: By = None, resamples: int = 2000, seed: int = 0, confidence: float = CONFIDENCE
) -> pd.DataFrame:
    """Ludii's balance: 1 - the largest gap between two seats' win rates (1 is fair).

    A game nobody won counts ``1 / n_players`` to each seat (a half with two
    players), which leaves every gap unchanged. The interval is a percentile
    bootstrap over games (``resamples`` draws from ``numpy.random.default_rng(seed)``);
    since only each game's outcome matters, resampling the games is drawing the
    outcome counts from a multinomial, which is exact and fast.

    Columns: [by...], ``n_players``, ``estimate``, ``low``, ``high``, ``n``.
    """
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples!r}")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        rows = []
        n_players_all = _n_players(games)
        winners = _winner(games)
        for n_players, group in winners.groupby(n_players_all.to_numpy(), sort=True):
            if n_players < 2:
                continue
            outcome = group.fillna(n_players).to_numpy(dtype=int)
            counts = np.bincount(outcome, minlength=n_players + 1)[None, :].astype(float)
            n = int(counts.sum())
            rng = np.random.default_rng(seed)
            draws = rng.multinomial(n, counts[0] / n, size=resamples).astype(float)
            boot = _balance_of_counts(draws, n_players)
            alpha = (1 - confidence) / 2
            rows.append(
                {
                    "n_players": n_players,
                    "estimate": float(_balance_of_counts(counts, n_players)[0]),
                    "low": float(np.quantile(boot, alpha)),
                    "high": float(np.quantile(boot, 1 - alpha)),
                    "n": n,
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
# Xochintlan: goal cards, animal kinds, player kinds


def card_win_rates(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """For each goal card: how often the seat holding it won with it, and game lengths.

    A seat holding several cards counts once for each. ``n`` is the number of
    seats that held the card; ``wins`` how many of them won *with that card*
    (Wilson interval); ``turns`` (``turns_low``, ``turns_high``) the mean length
    of the games where the card was held and ``turns_to_win`` the mean length of
    the games won with it.

    Columns: [by...], ``card``, ``wins``, ``n``, ``estimate``, ``low``, ``high``,
    ``turns``, ``turns_low``, ``turns_high``, ``turns_to_win``.
    """
    _require(frame, "winner", "winning_card", "turns")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seats = seat_results(games)
        if "cards" not in seats.columns:
            raise ValueError("card_win_rates needs the cards_0, cards_1, ... columns")
        seats = seats.assign(card=seats["cards"].astype(str).str.split(CARD_SEPARATOR, regex=False))
        seats = seats.explode("card")
        seats["won_with"] = seats["won"] & (seats["card"] == seats["winning_card"])
        rows = []
        for card, group in seats.groupby("card", sort=True):
            wins = int(group["won_with"].sum())
            share = proportion(wins, len(group))
            length = mean_interval(group["turns"])
            won_turns = group.loc[group["won_with"], "turns"]
            rows.append(
                {
                    "card": card,
                    "wins": wins,
                    "n": share["n"],
                    "estimate": share["estimate"],
                    "low": share["low"],
                    "high": share["high"],
                    "turns": length["estimate"],
                    "turns_low": length["low"],
                    "turns_high": length["high"],
                    "turns_to_win": float(won_turns.mean()) if len(won_turns) else math.nan,
                }
            )
        return pd.DataFrame(
            rows,
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

    return _per_group(frame, by, metric)


def kind_win_rates(frame: pd.DataFrame, by: By = None, kinds: Sequence[str] = ANIMAL_KINDS) -> pd.DataFrame:
    """For each animal kind: the share of games won with it and how long those took.

    Columns: [by...], ``kind``, ``wins``, ``n`` (games), ``estimate``, ``low``,
    ``high`` (Wilson), ``turns``, ``turns_low``, ``turns_high`` (mean length of the
    games won with that kind, t interval).
    """
    _require(frame, "winning_kind", "turns")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seen = [k for k in games["winning_kind"].dropna().unique() if k not in kinds]
        rows = []
        for kind in list(kinds) + sorted(seen):
            won = games["winning_kind"] == kind
            share = proportion(int(won.sum()), len(games))
            length = mean_interval(games.loc[won, "turns"])
            rows.append(
                {
                    "kind": kind,
                    "wins": share["successes"],
                    "n": share["n"],
                    "estimate": share["estimate"],
                    "low": share["low"],
                    "high": share["high"],
                    "turns": length["estimate"],
                    "turns_low": length["low"],
                    "turns_high": length["high"],
                }
            )
        return pd.DataFrame(rows)

    return _per_group(frame, by, metric)


def head_to_head(frame: pd.DataFrame, by: By = None, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """Results between player kinds, over every pair of seats of different kinds.

    For a pair of seats in one game, ``player`` wins if its seat won, loses if the
    other seat won, and draws otherwise (a tie, the turn limit, or a third seat
    won). ``estimate`` is the share of wins (Wilson interval); ``margin`` is
    P(win) - P(loss) with a normal interval from the trinomial variance, clipped
    to [-1, 1] (``margin_low``, ``margin_high``): when it excludes zero, ``player`` is
    measurably the stronger. Each pair shows once per order.

    Columns: [by...], ``player``, ``opponent``, ``wins``, ``losses``, ``draws``,
    ``n``, ``estimate``, ``low``, ``high``, ``margin``, ``margin_low``, ``margin_high``.
    """
    z = normal_quantile(0.5 + confidence / 2)

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seats = seat_results(games)
        if "player" not in seats.columns:
            raise ValueError("head_to_head needs the player_0, player_1, ... columns")
        pairs = seats.merge(seats, on="row", suffixes=("", "_other"))
        pairs = pairs[pairs["player"] != pairs["player_other"]]
        rows = []
        for (player, opponent), group in pairs.groupby(["player", "player_other"], sort=True):
            n = len(group)
            wins, losses = int(group["won"].sum()), int(group["won_other"].sum())
            share = proportion(wins, n)
            margin = (wins - losses) / n
            se = math.sqrt(max((wins + losses) / n - margin**2, 0.0) / n)
            rows.append(
                {
                    "player": player,
                    "opponent": opponent,
                    "wins": wins,
                    "losses": losses,
                    "draws": n - wins - losses,
                    "n": n,
                    "estimate": share["estimate"],
                    "low": share["low"],
                    "high": share["high"],
                    "margin": margin,
                    "margin_low": max(-1.0, margin - z * se),
                    "margin_high": min(1.0, margin + z * se),
                }
            )
        return pd.DataFrame(
            rows,
            columns=[
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
            ],
        )

    return _per_group(frame, by, metric)


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
# One table for a whole study


def report(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """The main metrics of a study as one long table: ``metric``, ``level``, estimate...

    A frame with a ``score`` column is read as a Hextremadura study, otherwise as
    a Xochintlan one. ``level`` names the seat, outcome, card, kind, score, band,
    objective or quest a row is about (empty for whole-study figures).
    """

    def block(name: str, table: pd.DataFrame, level: str | None) -> pd.DataFrame:
        keys = _by_list(by)
        out = table[keys].copy() if keys else pd.DataFrame(index=table.index)
        out["metric"] = name
        out["level"] = table[level].astype(str) if level else ""
        for column in ("estimate", "low", "high", "n"):
            out[column] = table[column]
        return out

    blocks: list[pd.DataFrame] = []
    if "score" in frame.columns:
        blocks.append(block("score", duration(frame, by, column="score"), None))
        if "rating" in frame.columns:
            blocks.append(block("rating", rating_shares(frame, by), "rating"))
        if any(c.startswith("objectives_") for c in frame.columns):
            blocks.append(block("objective", objective_rates(frame, by), "objective"))
        if any(c.startswith("quest_") for c in frame.columns):
            blocks.append(block("quest", quest_rates(frame, by), "quest"))
        if "rounds" in frame.columns:
            blocks.append(block("rounds", duration(frame, by, column="rounds"), None))
        return pd.concat(blocks, ignore_index=True)
    seats = win_rate_by_seat(frame, by)
    seats["level"] = "seat " + seats["seat"].astype(str) + " of " + seats["n_players"].astype(str)
    blocks.append(block("win_rate", seats, "level"))
    for name, table in (("first_player_advantage", first_player_advantage(frame, by)), ("balance", balance(frame, by))):
        table["level"] = table["n_players"].astype(str) + " players"
        blocks.append(block(name, table, "level"))
    blocks.append(block("outcome", outcome_shares(frame, by), "outcome"))
    blocks.append(block("turns", duration(frame, by), None))
    if "winning_kind" in frame.columns:
        blocks.append(block("kind_win_rate", kind_win_rates(frame, by), "kind"))
    if "winning_card" in frame.columns and "cards_0" in frame.columns:
        blocks.append(block("card_win_rate", card_win_rates(frame, by), "card"))
    if "player_0" in frame.columns and "player_1" in frame.columns:
        h2h = head_to_head(frame, by)
        if len(h2h):
            h2h["level"] = h2h["player"] + " vs " + h2h["opponent"]
            blocks.append(block("head_to_head_win_rate", h2h, "level"))
    return pd.concat(blocks, ignore_index=True)


__all__ = [
    "ANIMAL_KINDS",
    "CARD_SEPARATOR",
    "CONFIDENCE",
    "OUTCOMES",
    "balance",
    "card_win_rates",
    "duration",
    "first_player_advantage",
    "head_to_head",
    "kind_win_rates",
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
    "t_quantile",
    "wilson_interval",
    "win_rate_by_seat",
]
