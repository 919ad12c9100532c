"""A study's report in words: every title, label, verdict and number in the kit's language.

:func:`xochintlan_hex.balance.report.report` gives a report as data (:class:`~xochintlan_hex.balance.report.Report`:
sections of rows, each row's label a key with its values). This module is the one place
that data becomes text for a person, translated at its source: words from the catalog,
numbers written as the language writes them (``0,362``, ``5 000 parties``, ``seuil 5 %``
in French). The long table (``report.frame``, the command's ``--csv``) keeps the data's own
words and machine numbers, the same in every language.

>>> import pandas as pd
>>> from xochintlan_hex import stats
>>> from xochintlan_hex.i18n import use_language
>>> games = pd.DataFrame({"n_players": [2, 2, 2, 2], "winner": [0, 0, 1, None],
...                       "turns": [10, 12, 9, 48], "end_reason": ["win", "win", "win", "tie"]})
>>> with use_language("fr"):
...     for line in report_text(stats.report(games, game="xochintlan")).splitlines()[2:6]:
...         print(line)
Taux de victoire par joueur (le joueur 1 commence)
     catégorie estimation borne inf. borne sup. n
joueur 1 sur 2      0,500      0,150      0,850 4
joueur 2 sur 2      0,250      0,046      0,699 4
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from xochintlan_hex.balance.intervals import CONFIDENCE, CORRECTIONS
from xochintlan_hex.balance.report_rows import Label, Note, ReportData, ReportSection
from xochintlan_hex.hextremadura import quest_name, rating_name
from xochintlan_hex.i18n import N_, _, ngettext, number_text, percent_text, pgettext
from xochintlan_hex.xochintlan import KIND_NAMES, kind_name

#: The title of each section (a metric of :func:`~xochintlan_hex.balance.report.report`).
SECTION_TITLES = {
    "win_rate": N_("Win rate by player (1 plays first)"),
    "first_player_advantage": N_("First-player advantage (the first player minus the others)"),
    "balance": N_("Balance (1 - largest gap between the players' win rates; 1 is fair)"),
    "outcome": N_("Outcomes (share of games)"),
    "turns": N_("Game length (turns)"),
    "kind_win_rate": N_("Wins by animal kind (p: does it win a third of the decisive games? Holm-adjusted)"),
    "card_win_rate": N_("Win rate by goal card (players holding it; p: against all the other cards, Holm-adjusted)"),
    "head_to_head_win_rate": N_("Head to head (win rate of the first named)"),
    "symmetry_check": N_(
        "Symmetry check: each card against its mirror image (gap in win rate; p Holm-adjusted over the pairs)"
    ),
    "games_needed": N_("Games needed to tell two rates apart"),
    "score": N_("Score"),
    "rating": N_("Rating bands"),
    "objective": N_("Objectives met"),
    "quest": N_("Quests completed"),
    "rounds": N_("Rounds"),
}

#: How a game ended (the keys of :data:`~xochintlan_hex.balance.seat_metrics.OUTCOMES`), as a row names it.
OUTCOME_NAMES = {
    "completion": N_("completion"),
    "decisive": N_("decisive"),
    "tie": N_("tie"),
    "turn_limit": N_("turn limit"),
}

#: The symmetry check's verdicts (the keys of :data:`~xochintlan_hex.balance.card_metrics.SYMMETRY_VERDICTS`).
VERDICT_NAMES = {
    "ok": N_("consistent with symmetry"),
    "flag": N_("sample too small or a bug"),
    "unknown": N_("too few games to test"),
}

#: Hextremadura's objective types, named as the study pictures name them.
OBJECTIVE_NAMES = {
    "all_symbols": N_("all symbols"),
    "same_symbol_triad": N_("same symbol triad"),
    "three_separate": N_("three separate"),
    "adjacent_pair": N_("adjacent pair"),
}

#: The two rates a games-needed row compares.
APART_NAMES = {
    "seats": N_("two players {difference} apart"),
    "kinds": N_("two kinds {difference} apart"),
    "cards": N_("two cards {difference} apart"),
}


def _known(names: Mapping[str, str], key: str) -> str:
    """``key``'s name from ``names``, translated; a key the kit does not know, as the data has it."""
    return _(names[key]) if key in names else str(key)


def _players(values: Mapping[str, Any]) -> str:
    count = int(values["players"])
    return ngettext("{count} player", "{count} players", count).format(count=number_text(count))


def _apart(values: Mapping[str, Any]) -> str:
    """How far apart the study can tell a family of rates (seats, cards, kinds)."""
    # The message is looked up by name first: a message extractor reads the first text
    # inside _(...) as a message, and would take the key "family" for one.
    sentence = APART_NAMES[values["family"]]
    return _(sentence).format(difference=number_text(values["difference"]))


#: Each label key (see :class:`~xochintlan_hex.balance.report_rows.Label`) worded from its values.
LABEL_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "": lambda values: "",
    # People count players from 1; the data keep seats from 0.
    "seat": lambda values: _("player {number} of {players}").format(
        number=number_text(int(values["seat"]) + 1), players=number_text(int(values["players"]))
    ),
    "players": _players,
    "outcome": lambda values: _known(OUTCOME_NAMES, values["outcome"]),
    "kind": lambda values: kind_name(values["kind"]) if values["kind"] in KIND_NAMES else str(values["kind"]),
    "card": lambda values: str(values["card"]),
    "mirror_pair": lambda values: _("{card} vs {mirror}").format(card=values["card"], mirror=values["mirror"]),
    "all_mirror_pairs": lambda values: _("all mirror pairs"),
    "head_to_head": lambda values: _("{player} vs {opponent}").format(
        player=values["player"], opponent=values["opponent"]
    ),
    "apart": lambda values: _apart(values),
    "rating": lambda values: rating_name(str(values["rating"])),
    "objective": lambda values: _known(OBJECTIVE_NAMES, values["objective"]),
    "quest": lambda values: quest_name(str(values["quest"])),
}


def label_text(label: Label) -> str:
    """What a report row is about, as a person reads it in the kit's language.

    >>> label_text(Label("seat", {"seat": 0, "players": 2}))
    'player 1 of 2'
    """
    return LABEL_WORDS[label.key](label.values)


def note_text(note: Note | None) -> str:
    """A row's note (a correction, a verdict, the level and power of a games-needed figure) in words.

    >>> note_text(Note("power", {"level": 0.05, "power": 0.8}))
    '5% level, 80% power'
    """
    if note is None:
        return ""
    if note.key == "correction":
        name = CORRECTIONS[note.values["method"]]  # a statistician's name, the same in every language
        return _("{correction}: differs").format(correction=name) if note.values["differs"] else name
    if note.key == "verdict":
        return _(VERDICT_NAMES[note.values["verdict"]])
    return _("{level} level, {power} power").format(
        level=percent_text(note.values["level"]), power=percent_text(note.values["power"])
    )


def p_value_text(p: float) -> str:
    """An adjusted p-value to three decimals; below 0.001, ``< 0.001`` (in the language's digits).

    >>> p_value_text(0.0293), p_value_text(2.8e-09)
    ('0.029', '< 0.001')
    """
    if pd.isna(p):
        return ""
    return number_text(p, 3) if p >= 0.001 else "< " + number_text(0.001, 3)


def _figure(value: float, digits: int = 3) -> str:
    return "" if pd.isna(value) else number_text(value, digits)


def _group_value(value: object) -> str:
    """A ``by`` column's value: a fraction as the language writes it; a whole number (a
    count of players, a seed) and a text as the file has them."""
    if isinstance(value, numbers.Integral) or isinstance(value, bool):
        return str(value)
    if isinstance(value, numbers.Real):
        return number_text(float(value))
    return printable(str(value))


def section_table(section: ReportSection, by: tuple[str, ...]) -> pd.DataFrame:
    """One section as a table of texts: [by...], the label, the estimate and its
    interval, ``n``, and ``p`` and the note where the section tests something.
    A games-needed figure is a count of games: no decimals, no interval."""
    counts = section.metric == "games_needed"
    columns = {column: [_group_value(row.group[i]) for row in section.rows] for i, column in enumerate(by)}
    labels = [printable(label_text(row.label)) for row in section.rows]
    if any(labels):
        columns[pgettext("report column", "level")] = labels
    columns[pgettext("report column", "estimate")] = [_figure(row.estimate, 0 if counts else 3) for row in section.rows]
    if not counts:
        columns[pgettext("report column", "low")] = [_figure(row.low) for row in section.rows]
        columns[pgettext("report column", "high")] = [_figure(row.high) for row in section.rows]
    columns[pgettext("report column", "n")] = [_figure(row.n, 0) for row in section.rows]
    if any(not pd.isna(row.p_value) for row in section.rows):
        columns[pgettext("report column", "p")] = [p_value_text(row.p_value) for row in section.rows]
    notes = [note_text(row.note) for row in section.rows]
    if any(notes):
        columns[pgettext("report column", "note")] = notes
    return pd.DataFrame(columns)


def report_text(report: ReportData, source: str = "") -> str:
    """The whole report as a person reads it: a first line (``source``, the files, if
    given; the games; the confidence level), then each section's title and table."""
    count, level = number_text(report.games), percent_text(CONFIDENCE)
    if source:
        first = ngettext(
            "{files}: {count} game; estimates with {level} confidence intervals",
            "{files}: {count} games; estimates with {level} confidence intervals",
            report.games,
        ).format(files=printable(source), count=count, level=level)
    else:
        first = ngettext(
            "{count} game; estimates with {level} confidence intervals",
            "{count} games; estimates with {level} confidence intervals",
            report.games,
        ).format(count=count, level=level)
    blocks = [first]
    for section in report.sections:
        title = _(SECTION_TITLES[section.metric]) if section.metric in SECTION_TITLES else section.metric
        blocks.append(f"{title}\n{section_table(section, report.by).to_string(index=False)}")
    return "\n\n".join(blocks)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    r"""``text`` with its control characters written as escapes, so that a cell cannot
    move the cursor, recolour or retitle the terminal it is printed on.

    >>> printable("L\x1b[31m red")
    'L\\x1b[31m red'
    """
    return _CONTROL.sub(lambda match: repr(match[0])[1:-1], text)


__all__ = [
    "LABEL_WORDS",
    "OBJECTIVE_NAMES",
    "OUTCOME_NAMES",
    "SECTION_TITLES",
    "VERDICT_NAMES",
    "label_text",
    "note_text",
    "p_value_text",
    "printable",
    "report_text",
    "section_table",
]
