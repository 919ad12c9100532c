"""What a study's results may hold, checked cell by cell: nothing read is trusted blindly.

A results file (or a kept chunk of a running study) is evidence, so a cell that
is not what the kit writes is an error naming the file, the row and the column,
never a figure quietly changed: a ``quest_monfrague`` of ``oops`` is not read as
``True``, a ``score`` of ``x`` does not drop the game, a ``winner`` of ``99`` in a
2-player game is not a loss for every seat.

Each known column has a :class:`Column`: its type (an integer, a string or a
boolean), whether it may be missing (a tied game has no winner), and its allowed
values or range. Then a few rules tie the columns of one row together (the
winner is a seat of the game, a game is won exactly when it has a winner, a game
lasts no more turns than its cap, an objective is met at most as often as it is
held).

>>> import pandas as pd
>>> cells = pd.DataFrame({"n_players": ["2"], "winner": ["5"], "end_reason": ["win"]})
>>> check_frame(cells, "s.csv")
Traceback (most recent call last):
...
xochintlan_hex.results.ResultsError: s.csv, row 1 (line 2), column 'winner': 5 is not a seat of a 2-player game (0 to 1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np
import pandas as pd

from xochintlan_hex.hextremadura import OBJECTIVE_TYPES, RATING_BANDS
from xochintlan_hex.xochintlan import KINDS
from xochintlan_hex.xochintlan.rules import (
    ENDGAMES, LATTICE_NAMES, LOCKS, MATCHES, MAX_QUIET_ROUNDS, MAX_TILES_PER_KIND, MAX_TURNS, WIN_CHECKS,
)

#: Most seats a results file may name: one card each from the larger (hex) deck.
MAX_PLAYERS = 33

#: Seeds are 63-bit (see :func:`xochintlan_hex.simulate.game_seed`).
MAX_SEED = 2**63 - 1

#: How a Xochintlan game may end.
END_REASONS = ("win", "tie", "turn_limit")

#: The only spellings of a boolean cell (as pandas writes them).
BOOLEANS = {"True": True, "False": False}

_INTEGER = re.compile(r"-?[0-9]{1,19}")


class ResultsError(ValueError):
    """A results file or chunk whose cell is not what a study writes (names file, row, column)."""


@dataclass(frozen=True)
class Column:
    """One column of a results table: type ``int``, ``str`` or ``bool``, and what it allows."""

    name: str
    kind: str
    nullable: bool = False
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] | None = None

    def problem(self, value: Any) -> str | None:
        """Why a plain Python value cannot be in this column, or None if it can."""
        if value is None:
            return None if self.nullable else "is missing"
        if self.kind == "int":
            if type(value) is not int:
                return f"{value!r} is not an integer"
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                return f"{value} is out of range ({self._range()})"
        elif self.kind == "bool":
            if type(value) is not bool:
                return f"{value!r} is not True or False"
        else:
            if not isinstance(value, str):
                return f"{value!r} is not a string"
            if self.choices is not None and value not in self.choices:
                return f"{value!r} is not one of {', '.join(self.choices)}"
            if not value:
                return "is empty"
        return None

    def _range(self) -> str:
        if self.high is None:
            return f"at least {self.low}"
        return f"{self.low} to {self.high}"


def _int(name: str, low: int = 0, high: int | None = None, nullable: bool = False) -> Column:
    return Column(name, "int", nullable, low, high)


def _choice(name: str, choices: Sequence[str], nullable: bool = False) -> Column:
    return Column(name, "str", nullable, choices=tuple(choices))


#: Every column a study writes, by name (seat columns are matched by their prefix).
KNOWN_COLUMNS: dict[str, Column] = {column.name: column for column in [
    _int("game"), _int("seed", 0, MAX_SEED),
    # Xochintlan: the rules, the seats and the outcome
    _choice("lattice", LATTICE_NAMES), _int("tiles_per_kind", 1, MAX_TILES_PER_KIND),
    _int("cards_per_player", 1, MAX_PLAYERS), _choice("match", MATCHES),
    _choice("win_check", WIN_CHECKS), _choice("endgame", ENDGAMES),
    Column("allow_redraw", "bool"), Column("open_cards", "bool"), Column("keep_connected", "bool"),
    Column("cut_off_switch", "bool"), _choice("lock", LOCKS), _int("quiet_rounds", 0, MAX_QUIET_ROUNDS),
    _int("max_turns", 1, MAX_TURNS), _int("n_players", 2, MAX_PLAYERS),
    _int("winner", 0, MAX_PLAYERS - 1, nullable=True), Column("winner_player", "str", True),
    _choice("winning_kind", KINDS, nullable=True), Column("winning_card", "str", True),
    _int("turns"), _choice("end_reason", END_REASONS),
    # Hextremadura
    Column("tileset", "str"), Column("player", "str"), _int("score"), _int("max_score"),
    _choice("rating", [name for _, name in RATING_BANDS]), _int("rounds"), _int("explored"),
    _int("tiles_on_map"), _int("front_left"),
    *[_int(f"{prefix}_{kind}") for kind in OBJECTIVE_TYPES for prefix in ("met", "objectives")],
    *[Column(f"quest_{quest}", "bool")
      for quest in ("monfrague", "garganta_de_los_infiernos", "los_barruecos")],
]}

_SEAT_COLUMN = re.compile(r"(player|cards)_([0-9]+)")


def column_of(name: str) -> Column | None:
    """The :class:`Column` of a known column name (``player_3`` too), or None."""
    if name in KNOWN_COLUMNS:
        return KNOWN_COLUMNS[name]
    match = _SEAT_COLUMN.fullmatch(name)
    if match and int(match[2]) < MAX_PLAYERS:
        return Column(name, "str")
    return None


# ---------------------------------------------------------------------------
# Rows of plain Python values (the chunks a study keeps)


def row_problem(row: dict, columns: Sequence[str]) -> str | None:
    """Why one row of a chunk is not a study row with exactly ``columns``, or None."""
    if not isinstance(row, dict):
        return f"a row is a {type(row).__name__}, not a mapping of column to value"
    if list(row) != list(columns):
        missing = [c for c in columns if c not in row]
        extra = [c for c in row if c not in columns]
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + \
            ([f"unexpected {', '.join(extra)}"] if extra else [])
        what = "; ".join(parts)
        return f"game {row.get('game')!r}: the columns differ ({what or 'in another order'})"
    for name, value in row.items():
        column = column_of(name)
        reason = column.problem(value) if column is not None else None
        if reason is not None:
            return f"game {row.get('game')!r}, column {name!r}: {reason}"
    return _row_rule_problem(row)


def _row_rule_problem(row: dict) -> str | None:
    """The rules that tie one row's cells together (see the module docstring)."""
    if "winner" in row and "n_players" in row and row["winner"] is not None \
            and row["winner"] >= row["n_players"]:
        return f"game {row['game']}: winner {row['winner']} is not a seat of {row['n_players']}"
    if "winner" in row and "end_reason" in row and (row["winner"] is None) == (row["end_reason"] == "win"):
        return f"game {row['game']}: end_reason {row['end_reason']!r} with winner {row['winner']!r}"
    if "turns" in row and "max_turns" in row and row["turns"] > row["max_turns"]:
        return f"game {row['game']}: {row['turns']} turns beyond the cap of {row['max_turns']}"
    if "score" in row and "max_score" in row and row["score"] > row["max_score"]:
        return f"game {row['game']}: score {row['score']} above the perfect {row['max_score']}"
    return None


# ---------------------------------------------------------------------------
# Frames read from a file


def _cells_as_text(frame: pd.DataFrame) -> pd.DataFrame:
    """Every cell as the text a CSV holds: missing -> "", so CSV and Parquet read alike.

    The texts are object columns that point to the cells' own strings: a column
    of texts inferred as Arrow strings would copy every cell (the whole file
    again) where a pointer costs 8 bytes.
    """
    text = {}
    for name in frame.columns:
        series = frame[name]
        if series.dtype == object and pd.api.types.infer_dtype(series, skipna=False) == "string":
            text[name] = series  # Python strings only (a CSV's cells): the column is its texts
        elif series.dtype == object or pd.api.types.is_string_dtype(series):
            # An Arrow or Python string stays as is; anything else is shown as its repr.
            text[name] = _each_cell(series, lambda v: "" if v is None or v is pd.NA or v != v
                                    else v if isinstance(v, str) else repr(v))
        else:
            text[name] = _each_cell(series, lambda v: "" if v is pd.NA or v != v else str(v))
    return pd.DataFrame(text, index=frame.index, copy=False)


def _each_cell(series: pd.Series, text_of: Callable[[Any], str]) -> pd.Series:
    """``text_of`` of every cell of ``series``, as an object column (never inferred)."""
    cells = series.to_numpy(dtype=object)
    return pd.Series(np.fromiter(map(text_of, cells), dtype=object, count=len(cells)),
                     index=series.index, dtype=object)


def _where(path: str, position: int, name: str, csv: bool) -> str:
    line = f" (line {position + 2})" if csv else ""
    return f"{path}, row {position + 1}{line}, column {name!r}"


def _parse_column(text: pd.Series, column: Column, path: str, csv: bool) -> pd.Series:
    """The column's cells in their type, or a ResultsError at the first bad one."""
    missing = text == ""
    if not column.nullable and missing.any():
        raise ResultsError(f"{_where(path, int(missing.to_numpy().argmax()), column.name, csv)}: "
                           "the cell is empty")
    present = text[~missing]
    if column.kind == "int":
        bad = ~present.str.fullmatch(_INTEGER.pattern)
        _raise_first(bad, present, column, path, csv, "is not an integer")
        values = present.map(int)  # at most 19 digits: cheap and exact
        low = column.low if column.low is not None else -MAX_SEED - 1
        high = column.high if column.high is not None else MAX_SEED
        bad = (values < low) | (values > high)
        _raise_first(bad, present, column, path, csv, f"is out of range ({column._range()})"
                     if column.high is not None else f"is out of range ({low} to {high})")
        result = pd.Series(pd.NA, index=text.index, dtype="object")
        result[~missing] = values
        return result.astype("Int64") if column.nullable else result.astype("int64")
    if column.kind == "bool":
        bad = ~present.isin(list(BOOLEANS))
        _raise_first(bad, present, column, path, csv, "is not True or False")
        return text.map(BOOLEANS).astype(bool)
    if column.choices is not None:
        bad = ~present.isin(column.choices)
        _raise_first(bad, present, column, path, csv,
                     f"is not one of {', '.join(column.choices)}")
    return text.where(~missing, None)


def _raise_first(bad: pd.Series, values: pd.Series, column: Column, path: str, csv: bool,
                 reason: str) -> None:
    if bad.any():
        position = int(bad.idxmax())  # the frame's index is 0, 1, ... (see check_frame)
        value = values[position]
        shown = value if len(value) <= 40 else value[:37] + "..."
        raise ResultsError(f"{_where(path, position, column.name, csv)}: {shown!r} {reason}")


def check_frame(frame: pd.DataFrame, path: str, csv: bool = True) -> pd.DataFrame:
    """``frame`` (as read from ``path``) with every known column parsed strictly.

    Unknown columns are kept as read. Raises :class:`ResultsError` naming the
    first bad cell (file, row, column), or the first row whose cells disagree.
    """
    frame = frame.reset_index(drop=True)
    text = _cells_as_text(frame)
    parsed = {}
    for name in frame.columns:
        column = column_of(str(name))
        parsed[name] = frame[name] if column is None else _parse_column(text[name], column, path, csv)
    checked = pd.DataFrame(parsed, index=frame.index)
    _check_rows(checked, path, csv)
    return checked


def _check_rows(frame: pd.DataFrame, path: str, csv: bool) -> None:
    """The rules between columns (see :func:`_row_rule_problem`), over the whole frame."""
    def first(bad: pd.Series, name: str, reason) -> None:
        bad = bad.fillna(False).astype(bool)
        if bad.any():
            position = int(bad.to_numpy().argmax())
            raise ResultsError(f"{_where(path, position, name, csv)}: {reason(frame.iloc[position])}")

    columns = set(frame.columns)
    if {"winner", "n_players"} <= columns:
        first(frame["winner"] >= frame["n_players"], "winner",
              lambda r: f"{r['winner']} is not a seat of a {r['n_players']}-player game "
                        f"(0 to {r['n_players'] - 1})")
    if "winner" in columns:
        seats = sorted(int(m[2]) for c in columns if (m := _SEAT_COLUMN.fullmatch(str(c)))
                       and m[1] == "player")
        if seats:
            first(frame["winner"] > seats[-1], "winner",
                  lambda r: f"{r['winner']} is not a seat of the file (player_0 to player_{seats[-1]})")
    if {"winner", "end_reason"} <= columns:
        first(frame["winner"].isna() == (frame["end_reason"] == "win"), "end_reason",
              lambda r: f"{r['end_reason']!r} does not agree with the winner "
                        f"({'none' if pd.isna(r['winner']) else r['winner']})")
    if {"turns", "max_turns"} <= columns:
        first(frame["turns"] > frame["max_turns"], "turns",
              lambda r: f"{r['turns']} turns is beyond the game's cap of {r['max_turns']}")
    if {"score", "max_score"} <= columns:
        first(frame["score"] > frame["max_score"], "score",
              lambda r: f"{r['score']} is above the perfect score {r['max_score']}")
    for kind in OBJECTIVE_TYPES:
        met, held = f"met_{kind}", f"objectives_{kind}"
        if {met, held} <= columns:
            first(frame[met] > frame[held], met,
                  lambda r, met=met, held=held: f"{r[met]} objectives met of {r[held]} held")


__all__ = ["BOOLEANS", "Column", "END_REASONS", "KNOWN_COLUMNS", "MAX_PLAYERS", "ResultsError",
           "check_frame", "column_of", "row_problem"]
