"""Tables as a person reads them: a study's frame with its headings and numbers in the language in use.

The kit's frames are data: their columns keep language-neutral keys (``estimate``,
``low``, ``high``) and their numbers stay numbers, so that code and files read them
the same in every language. :func:`readable` is the copy a lesson shows: headings in
words and numbers written as the language writes them (a decimal comma in French).

>>> import pandas as pd
>>> from xochintlan_hex.i18n import use_language
>>> rates = pd.DataFrame({"seat": [0], "estimate": [0.3624], "low": [0.31], "high": [0.42], "n": [5000]})
>>> with use_language("fr"):
...     readable(rates).to_dict("records")
[{'joueur': '1', 'estimation': '0,362', 'borne inf.': '0,310', 'borne sup.': '0,420', 'n': '5\\u202f000'}]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from ..i18n import N_, _, number_text

#: The headings of the columns the kit's frames share (the stats tables, the studies), in words.
HEADINGS = {
    "estimate": N_("estimate"),
    "low": N_("low"),
    "high": N_("high"),
    "n": "n",
    "wins": N_("wins"),
    "games": N_("games"),
    "seat": N_("player"),  # a seat counted from 0 in the data is player 1 where a person reads it
    "card": N_("card"),
    "kind": N_("animal kind"),
    "player": N_("player"),
    "opponent": N_("opponent"),
    "n_players": N_("players"),
    "score": N_("score (objectives met)"),
    "turns": N_("turns (game length)"),
    "rating": N_("rating band"),
    "objective": N_("objective"),
    "quest": N_("quest"),
    "p_value": N_("p-value"),
    "p_adjusted": N_("adjusted p-value"),
    "sd": N_("standard deviation"),
    "median": N_("median"),
}


def heading(column: Any, headings: Mapping[str, str] | None = None) -> Any:
    """``column``'s heading in the language in use (a column the kit does not know keeps its name).

    ``headings`` adds words for the keys of a lesson's own frames (texts marked with ``N_``); a column
    under several levels (a tuple) gets a heading for each level.
    """
    if isinstance(column, tuple):
        return tuple(heading(level, headings) for level in column)
    words = {**HEADINGS, **(headings or {})}
    return _(words[column]) if column in words and words[column] != "n" else str(column)


def readable(
    frame: pd.DataFrame | pd.Series, digits: int = 3, headings: Mapping[str, str] | None = None
) -> pd.DataFrame:
    """A copy of ``frame`` to show: headings in words and numbers as text, in the language in use.

    Shares and estimates get ``digits`` decimals; whole numbers none, with their thousands grouped;
    a seat (0 in the data) is shown as the player a person counts (1). ``headings`` gives words to
    keys the kit does not know (a lesson's own columns); the index's names are worded too, and a
    series is shown as one column, its keys worded. The copy is for reading only: compute on ``frame``,
    whose numbers it leaves as they are.
    """
    if isinstance(frame, pd.Series):  # its index holds the keys: shown as a column of worded rows
        unnamed = frame.name is None  # a sum or a mean: its one column needs no heading
        return readable(frame.to_frame("" if unnamed else frame.name).T, digits, headings).T
    index = frame.index.copy()
    index.names = [None if name is None else heading(name, headings) for name in index.names]
    # the columns are made in one go: pandas 2.0 refuses a tuple (a multi-level heading) set one by one
    columns = [heading(column, headings) for column in frame.columns]
    cells = [
        [_cell_text(value, digits) for value in (frame[column] + 1 if column == "seat" else frame[column])]
        for column in frame.columns
    ]
    shown = pd.DataFrame(dict(zip(range(len(columns)), cells)), index=index)
    shown.columns = pd.Index(columns, tupleize_cols=False) if columns else shown.columns
    if isinstance(frame.columns, pd.MultiIndex):
        shown.columns = pd.MultiIndex.from_tuples(list(shown.columns))
    return shown


def _cell_text(value: Any, digits: int) -> str:
    """One cell as text: a missing value blank, a number as the language writes it, the rest as it is."""
    if isinstance(value, (bool, np.bool_)):
        return _("yes") if value else _("no")
    if isinstance(value, (int, np.integer)):
        return number_text(int(value))
    if isinstance(value, (float, np.floating)):
        return "" if np.isnan(value) else number_text(float(value), digits)
    return "" if value is None else str(value)
