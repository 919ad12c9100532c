"""A study's report as structured data: :func:`report` gathers the main metrics of a
study, with their intervals and what the study can conclude, into a :class:`Report`.

The game comes from the registered specs: a frame holding a game's study columns is
that game's study (:func:`report_metrics_of`); a frame cut down below every game's
columns names its game (``report(frame, game="hextremadura")``). The report reads as
one long table (:attr:`Report.frame`) and prints in the kit's language
(:mod:`xochintlan_hex.balance.report_text`).

>>> import pandas as pd
>>> games = pd.DataFrame({"n_players": [2, 2, 2, 2], "winner": [0, 0, 1, None],
...                       "turns": [10, 12, 9, 48], "end_reason": ["win", "win", "win", "tie"]})
>>> found = report(games, game="xochintlan")  # cut down to four columns: name its game
>>> found
<Report of 4 games by []: win_rate, first_player_advantage, balance, outcome, turns, games_needed>
>>> first_seat = found.section("win_rate").rows[0]
>>> str(first_seat.label), first_seat.estimate, round(first_seat.low, 3), first_seat.n
('seat 0 of 2', 0.5, 0.15, 4)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.balance.card_metrics import (
    SYMMETRY_VERDICTS,
    against_the_rest,
    card_win_rates,
    kind_win_rates,
    per_group_of_table,
    symmetry_of,
)
from xochintlan_hex.balance.grouping import By, by_list, duration, with_shared_strings
from xochintlan_hex.balance.intervals import CORRECTIONS, games_to_resolve
from xochintlan_hex.balance.report_rows import REPORT_COLUMNS, Label, Note, ReportRow, ReportSection
from xochintlan_hex.balance.report_text import report_text
from xochintlan_hex.balance.seat_metrics import (
    SEAT_COLUMN,
    balance,
    first_player_advantage,
    head_to_head,
    outcome_shares,
    seat_results_kept,
    win_rate_by_seat,
)
from xochintlan_hex.balance.solo_metrics import objective_rates, quest_rates, rating_shares
from xochintlan_hex.game import GameSpec, game_names, game_spec
from xochintlan_hex.i18n import _, ngettext


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


def study_game(frame: pd.DataFrame, game: str | GameSpec[Any] | None = None) -> GameSpec[Any]:
    """The game ``frame`` is a study of, as the registered specs' column schemas say.

    ``game`` (a registered name or a :class:`~xochintlan_hex.game.GameSpec`) names it;
    without it, the game is the one registered game whose study columns the frame holds
    (it may carry more: a ``source`` or a grouping column; a study written before a
    later column existed may lack that one). A frame cut down below every game's columns
    is refused, never guessed at: ValueError naming the columns each game lacks and the
    registered games.

    >>> study_game(pd.DataFrame(columns=game_spec("hextremadura").columns(1))).name
    'hextremadura'
    >>> study_game(pd.DataFrame({"score": [3, 9]}), game="hextremadura").name
    'hextremadura'
    >>> study_game(pd.DataFrame({"score": [3, 9]}))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: report: the frame is no registered game's study (columns: 'score'): ... pass game=...
    """
    if game is not None:
        return game_spec(game)
    present = {str(c) for c in frame.columns}
    lacking = {name: _columns_lacking(game_spec(name), present) for name in game_names()}
    whole = [name for name, missing in lacking.items() if not missing]
    if len(whole) == 1:
        return game_spec(whole[0])
    names = ", ".join(map(repr, lacking))
    if whole:
        raise ValueError(
            _("report: the frame holds the study columns of several games ({games}); pass game= one of them").format(
                games=", ".join(map(repr, whole))
            )
        )
    raise ValueError(
        _(
            "report: the frame is no registered game's study (columns: {columns}): {lacking}; "
            "pass game= one of the registered games ({games}) or a GameSpec"
        ).format(
            columns=", ".join(map(repr, frame.columns)) or "-",
            lacking=_("; ").join(  # the French typography puts a thin space before ';'
                _("{game} lacks {missing}").format(game=repr(name), missing=_listed(missing))
                for name, missing in lacking.items()
            ),
            games=names,
        )
    )


def _columns_lacking(spec: GameSpec[Any], present: set[str]) -> list[str]:
    """The study columns of ``spec`` that ``present`` lacks, for as many seats as it names
    players (a study written before a later column existed may lack that one)."""
    low, high = spec.seats
    seats = min(max(sum(bool(SEAT_COLUMN.match(c)) for c in present), low), high)
    return [c for c in spec.columns(seats) if c not in present and c not in spec.later_columns]


def _listed(columns: list[str], shown: int = 6) -> str:
    """``columns`` quoted, the first few only when there are many."""
    text = ", ".join(map(repr, columns[:shown]))
    if len(columns) > shown:
        more = len(columns) - shown
        text += " " + ngettext("and {count} more", "and {count} more", more).format(count=more)
    return text


def report_metrics_of(frame: pd.DataFrame, game: str | GameSpec[Any] | None = None) -> str:
    """Which metrics a study's report holds, as its game's spec declares them:
    ``"solo"`` (one player scores, as in Hextremadura) or ``"seats"`` (players in seats
    win, as in Xochintlan). The game is :func:`study_game`'s: ``game`` or the one whose
    study columns the frame holds.

    >>> report_metrics_of(pd.DataFrame({"score": [3, 9]}), game="hextremadura")
    'solo'
    """
    return study_game(frame, game).report_metrics


def report(
    frame: pd.DataFrame,
    by: By = None,
    correction: str = "holm",
    difference: float = 0.05,
    power: float = 0.8,
    game: str | GameSpec[Any] | None = None,
) -> Report:
    """The main metrics of a study as a :class:`Report` (it reads as one long table:
    ``metric``, ``level``, estimate...).

    The study's game decides which metrics (:func:`report_metrics_of`): the one whose
    study columns the frame holds, or ``game`` (a registered name or a spec) for a frame
    cut down to some of them; a cut-down frame without ``game`` is refused. ``level``
    names the seat, outcome, card, kind, score, band, objective or quest a row is about
    (empty for whole-study figures).

    Columns: [by...], ``metric``, ``level``, ``estimate``, ``low``, ``high``, ``n``,
    ``p_value``, ``note``. A Xochintlan report also says what the study can
    conclude:

    * card and kind win rates carry a ``p_value`` adjusted for their number
      (``correction``, named in ``note``; see
      :func:`~xochintlan_hex.balance.card_metrics.card_win_rates`);
    * ``symmetry_check``: each card against its mirror image
      (:func:`~xochintlan_hex.balance.card_metrics.symmetry_check`); ``note`` gives the verdict;
    * ``games_needed``: how many games a comparison of two seats, two cards or
      two kinds needs to resolve a true gap of ``difference`` (at the 5% level
      with probability ``power``; :func:`~xochintlan_hex.balance.intervals.games_to_resolve`,
      with the multinomial variance for seats and kinds, which share their games),
      against ``n``, the games the study has.
    """
    keys = by_list(by)
    frame = with_shared_strings(frame)
    sections = REPORT_SECTIONS[report_metrics_of(frame, game)](frame, keys, correction, difference, power)
    return Report(tuple(section for section in sections if section.rows), tuple(keys), len(frame))


def _section(
    metric: str,
    table: pd.DataFrame,
    keys: Sequence[str],
    label: Callable[[dict[str, Any]], Label],
    note: Callable[[dict[str, Any]], Note | None] = lambda row: None,
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


def _whole(record: dict[str, Any]) -> Label:
    return Label()


def _labelled(key: str, column: str | None = None) -> Callable[[dict[str, Any]], Label]:
    """Rows labelled by one column of their table (``column``, by default the key)."""
    return lambda record: Label(key, {key: record[column or key]})


def _seat_label(record: dict[str, Any]) -> Label:
    return Label("seat", {"seat": int(record["seat"]), "players": int(record["n_players"])})


def _players_label(record: dict[str, Any]) -> Label:
    return Label("players", {"players": int(record["n_players"])})


def _head_to_head_label(record: dict[str, Any]) -> Label:
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
    with seat_results_kept(frame):
        return _seat_and_card_sections(frame, keys, correction, difference, power)


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
        with_p = per_group_of_table(cards, keys, lambda t: against_the_rest(t, correction))
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


def _correction_note(record: dict[str, Any]) -> Note:
    return Note("correction", {"method": _CORRECTION_KEYS[record["correction"]], "differs": bool(record["differs"])})


def _symmetry_section(cards: pd.DataFrame, keys: list[str]) -> ReportSection:
    """Each card against its mirror image, then all pairs at once (:func:`symmetry_check`)."""
    symmetry = symmetry_of(cards, keys)
    if not len(symmetry):
        return ReportSection("symmetry_check", ())
    verdicts = {text: key for key, text in SYMMETRY_VERDICTS.items()}
    symmetry = symmetry.assign(n=symmetry["n"] + symmetry["mirror_n"], p_value=symmetry["p_adjusted"])

    def label(record: dict[str, Any]) -> Label:
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
