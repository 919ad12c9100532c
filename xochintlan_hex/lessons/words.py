"""The lessons' own words: the headings of their tables and the sentences they print.

A French lesson runs the English lesson's code cells word for word, so what a cell shows
a reader comes from here, in the language in use, never from a literal in the cell. The
frames a lesson computes on keep their keys (``"symmetry order"``, ``"ratio"``); :func:`shown`
is the copy a reader sees, its headings in words and its numbers written the language's way.

>>> import pandas as pd
>>> from xochintlan_hex.i18n import use_language
>>> growth = pd.DataFrame({"ratio": [3.5], "corrected": [4.0625]})
>>> with use_language("fr"):
...     shown(growth).to_dict("records")
[{'rapport': '3,500', 'corrigé': '4,062'}]
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ..i18n import N_, _, number_text
from ..viz.tables import readable

#: The keys of the lessons' own frames, and their headings in words.
HEADINGS = {
    # lesson 2: symmetries and growth of the polyforms
    "name": N_("name"),
    "symmetry order": N_("symmetry order"),
    "chiral": N_("chiral"),
    "fixed orientations": N_("fixed orientations"),
    "one-sided shapes": N_("one-sided shapes"),
    "ratio": N_("ratio"),
    "corrected": N_("corrected"),
    "polyominoes": N_("polyominoes"),
    "polyhexes": N_("polyhexes"),
    # lesson 6: tilings
    "region": N_("region"),
    "symmetries": N_("symmetries"),
    "tilings": N_("tilings"),
    "distinct": N_("distinct"),
}


def shown(frame: pd.DataFrame | pd.Series, digits: int = 3) -> pd.DataFrame:
    """``frame`` as a reader sees it: headings in words, numbers as text, in the language in use."""
    return readable(frame, digits, headings=HEADINGS)


def matrix_headings(puzzle: Any) -> list[str]:
    """The exact-cover matrix's columns in words: one per cell of the region, then one per piece."""
    cells = [_("cell {cell}").format(cell=cell) for cell in puzzle.region.cells]
    return cells + [_("piece {name}").format(name=name) for name in puzzle.pieces.names]


def matrix_size(rows: int, columns: int) -> str:
    """How many placements (rows) and columns an exact-cover matrix has."""
    return _("{rows} placements (rows) and {columns} columns").format(
        rows=number_text(rows), columns=number_text(columns)
    )
