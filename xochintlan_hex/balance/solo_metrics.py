"""Metrics of one-player studies (Hextremadura): score, rating bands, objectives met and
quests completed.

>>> import pandas as pd
>>> scores = score_distribution(pd.DataFrame({"score": [10, 12, 14, 14]}))
>>> scores[scores["games"] > 0][["score", "games", "n", "estimate", "at_least"]]
    score  games  n  estimate  at_least
10     10      1  4      0.25      1.00
12     12      1  4      0.25      0.75
14     14      2  4      0.50      0.50
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd

from xochintlan_hex.balance.grouping import By, per_group, require_columns
from xochintlan_hex.balance.intervals import CONFIDENCE, normal_quantile, proportion


def score_distribution(frame: pd.DataFrame, by: By = None, column: str = "score") -> pd.DataFrame:
    """The share of games at each score, and of games at that score or more.

    Columns: [by...], ``score``, ``games``, ``n``, ``estimate``, ``low``, ``high``
    (Wilson, for exactly that score), ``at_least`` (share at that score or more).
    Every score from 0 to the highest seen is listed, even when no game had it.
    """
    require_columns(frame, column)

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

    return per_group(frame, by, metric)


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
    require_columns(frame, "rating")
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

    return per_group(frame, by, metric)


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
        require_columns(frame, f"met_{kind}")
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

    return per_group(frame, by, metric)


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

    return per_group(frame, by, metric)
