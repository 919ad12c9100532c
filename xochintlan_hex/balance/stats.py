"""Balance statistics on study frames, each with a 95% confidence interval.

Every function takes a tidy study frame (one row per game, as made by
:mod:`xochintlan_hex.balance.simulate`, or read back from a CSV/Parquet file) and returns
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
      table and prints in the language in use (:mod:`xochintlan_hex.balance.report_text`).

Where each name lives
    This module gathers the statistics layer's names in one place, as the kit's
    lessons use them (``stats.report(...)``). They live in :mod:`.intervals` (interval
    maths), :mod:`.grouping` (``by`` columns, :func:`duration`), :mod:`.seat_metrics`,
    :mod:`.card_metrics`, :mod:`.solo_metrics`, :mod:`.report_rows` and :mod:`.report`.

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

from xochintlan_hex.balance.card_metrics import (
    ANIMAL_KINDS,
    CARD_SEPARATOR,
    SYMMETRY_VERDICTS,
    card_win_rate_bootstrap,
    card_win_rates,
    kind_win_rates,
    mirror_pairs,
    shape_win_rates,
    symmetry_check,
)
from xochintlan_hex.balance.grouping import (
    By,
    check_by,
    duration,
    with_shared_strings,
)
from xochintlan_hex.balance.intervals import (
    CONFIDENCE,
    CORRECTIONS,
    MIN_DIFFERENCE,
    adjust_p_values,
    advantage_of_counts,
    balance_of_counts,
    check_difference,
    games_to_resolve,
    mean_difference,
    mean_interval,
    normal_quantile,
    proportion,
    share_difference,
    t_quantile,
    two_proportion_p_value,
    wilson_interval,
)
from xochintlan_hex.balance.report import (
    REPORT_SECTIONS,
    Report,
    report,
    report_metrics_of,
)
from xochintlan_hex.balance.report_rows import (
    REPORT_COLUMNS,
    Label,
    Note,
    ReportRow,
    ReportSection,
)
from xochintlan_hex.balance.seat_metrics import (
    OUTCOMES,
    balance,
    first_player_advantage,
    game_margins,
    head_to_head,
    outcome_shares,
    seat_results,
    win_rate_by_seat,
)
from xochintlan_hex.balance.solo_metrics import (
    objective_rates,
    quest_rates,
    rating_shares,
    score_distribution,
)

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
    # also offered, as by this module before the split
    "By",
]
