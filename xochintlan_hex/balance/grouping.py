"""How a metric reads a study frame: the ``by`` columns it groups on, the columns it
requires, and the figure every game has (its length, :func:`duration`).

>>> import pandas as pd
>>> by_list("lattice"), by_list(["n_players", "endgame"]), by_list(None)
(['lattice'], ['n_players', 'endgame'], [])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.balance.intervals import mean_interval
from xochintlan_hex.i18n import _

#: What ``by=`` takes: a column name, a list of them, or None (the whole study).
By = str | Sequence[str] | None


def by_list(by: By) -> list[str]:
    """``by`` as a list of column names (empty for the whole study)."""
    if by is None:
        return []
    return [by] if isinstance(by, str) else list(by)


def per_group(frame: pd.DataFrame, by: By, metric: Callable[[pd.DataFrame], pd.DataFrame]) -> pd.DataFrame:
    """Apply ``metric`` to each group of ``frame`` and stack the results, keys first."""
    keys = by_list(by)
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


def _own_column_of_group(block: pd.DataFrame, key: str, value: Any) -> str:
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
    keys = by_list(by)
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


def require_columns(frame: pd.DataFrame, *columns: str) -> None:
    """ValueError naming the ``columns`` that ``frame`` lacks, and those it has."""
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"the study frame lacks the column(s) {missing}; it has {list(frame.columns)}")


def duration(frame: pd.DataFrame, by: By = None, column: str = "turns") -> pd.DataFrame:
    """Summary of a numeric column (game length in turns by default): mean with t interval.

    Columns: [by...], ``estimate`` (the mean), ``low``, ``high``, ``n``, ``sd``,
    ``min``, ``q25``, ``median``, ``q75``, ``max``.
    """
    require_columns(frame, column)

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

    return per_group(frame, by, metric)


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
