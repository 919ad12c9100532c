"""The vocabulary of a study's report as data: what a row is about (:class:`Label`), what it
adds (:class:`Note`), its figures (:class:`ReportRow`), the rows of one metric
(:class:`ReportSection`), and what putting a report into words needs of it
(:class:`ReportData`).

The report itself (:mod:`xochintlan_hex.balance.report`) and its words
(:mod:`xochintlan_hex.balance.report_text`) both build on this module, neither on the other's
internals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from xochintlan_hex.balance.card_metrics import SYMMETRY_VERDICTS
from xochintlan_hex.balance.intervals import CORRECTIONS


@dataclass(frozen=True)
class Label:
    """What a report row is about: a ``key`` naming the kind of row and the values it needs.

    The keys: ``""`` (a whole-study figure), ``seat`` (``seat``, ``players``),
    ``players`` (``players``), ``outcome``, ``kind``, ``card``, ``mirror_pair``
    (``card``, ``mirror``), ``all_mirror_pairs``, ``head_to_head`` (``player``,
    ``opponent``), ``apart`` (``family``: seats, kinds or cards; ``difference``),
    ``rating``, ``objective``, ``quest``. ``str()`` gives the language-neutral form
    the long table and ``--csv`` keep (``"seat 0 of 2"``); :mod:`xochintlan_hex.balance.report_text`
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


class ReportData(Protocol):
    """What putting a report into words needs of it: its sections, its ``by`` columns and
    how many games it rests on (a :class:`~xochintlan_hex.balance.report.Report` has them)."""

    @property
    def sections(self) -> tuple[ReportSection, ...]: ...

    @property
    def by(self) -> tuple[str, ...]: ...

    @property
    def games(self) -> int: ...
