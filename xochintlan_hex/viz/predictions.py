"""A prediction beside a measurement: one labelled dot per item, the measurement's 95% bar.

Lesson 04 predicts each goal card's difficulty from a random-garden chance and
measures its win rate in simulated games; :func:`plot_prediction` puts the two
side by side, with the rank correlation in the title.

>>> import pandas as pd
>>> from matplotlib.figure import Figure
>>> table = pd.DataFrame({"predicted": [0.01, 0.02, 0.02], "estimate": [0.1, 0.3, 0.2],
...                       "low": [0.05, 0.2, 0.1], "high": [0.2, 0.4, 0.3]}, index=["I", "P", "F"])
>>> ax = plot_prediction(table, ax=Figure().add_subplot())
>>> ax.get_title()
'Prediction and measurement (rank correlation 0.87)'
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.axes import Axes

from ..i18n import _
from . import style


def rank_correlation(x: pd.Series, y: pd.Series) -> float:
    """Spearman's rank correlation: the ordinary correlation of the two rankings (ties share a rank)."""
    return float(x.rank().corr(y.rank()))


def dodge(values: pd.Series, step: float) -> pd.Series:
    """Spread equal values side by side, ``step`` apart, so their dots do not hide each other."""
    offsets = pd.Series(0.0, index=values.index)
    for _value, group in values.groupby(values):
        offsets[group.index] = (np.arange(len(group)) - (len(group) - 1) / 2) * step
    return values + offsets


@style.speaks_language
def plot_prediction(
    table: pd.DataFrame,
    ax: Axes | None = None,
    *,
    predicted: str = "predicted",
    xlabel: str | None = None,
    ylabel: str | None = None,
    language: str | None = None,
) -> Axes:
    """The measured rate (``estimate`` with ``low``/``high``) of each row against its ``predicted`` value.

    ``xlabel`` and ``ylabel`` name the axes (by default "predicted chance" and "measured
    rate", in ``language``: "en", "fr", None for the kit's). Rows are labelled with the table's index. Rows with the same prediction are
    spread a little sideways, in the order of their measured rate, so no dot
    hides another.
    """
    missing = {predicted, "estimate", "low", "high"} - set(table.columns)
    if missing:
        raise ValueError(
            f"table lacks the columns {sorted(missing)}; it needs {predicted!r}, 'estimate', 'low' and 'high'"
        )
    ax = style.new_axes((8.5, 4.4), ax)
    spread = 0.03 * float(table[predicted].max() - table[predicted].min() or 1.0)
    x = dodge(table.sort_values("estimate")[predicted], spread).reindex(table.index)
    errors = [table["estimate"] - table["low"], table["high"] - table["estimate"]]
    ax.errorbar(x, table["estimate"], yerr=errors, fmt="o", color=style.OKABE_ITO["blue"], ecolor="#BBBBBB", capsize=2)
    for name in table.index:
        ax.annotate(
            str(name),
            (x[name], table.loc[name, "estimate"]),
            textcoords="offset points",
            xytext=(3, 1),
            fontsize="small",
        )
    ax.xaxis.set_major_formatter(style.percent_formatter(1))
    ax.yaxis.set_major_formatter(style.percent_formatter(0))
    ax.set_xlabel(_("predicted chance") if xlabel is None else xlabel)
    ax.set_ylabel(
        _("measured rate\n(bars: {level} confidence intervals)").format(level=style.percent(0.95))
        if ylabel is None
        else ylabel
    )
    correlation = rank_correlation(table[predicted], table["estimate"])
    ax.set_title(
        _("Prediction and measurement (rank correlation {correlation})").format(
            correlation=style.decimal(correlation, 2)
        )
    )
    ax.grid(color="#E5E5E5")
    return ax
