"""What a study's results may hold, checked cell by cell: nothing read is trusted blindly.

A results file (or a kept chunk of a running study) is evidence, so a cell that
is not what the kit writes is an error naming the file, the row and the column,
never a figure quietly changed: a ``quest_monfrague`` of ``oops`` is not read as
``True``, a ``score`` of ``x`` does not drop the game, a ``winner`` of ``99`` in a
2-player game is not a loss for every seat.

Each known column has a :class:`Column`: its type (an integer, a string or a
boolean), whether it may be missing (a tied game has no winner), and its allowed
values or range. Then the row rules (:data:`ROW_RULES`) tie the cells of a row
together and to the game, and the rows of a file to each other: the winner is a
seat of the game, a game is won exactly when it names a winner, its player, kind
and card; the winning card is in the winner's hand; every card is of the deck and
dealt once; a game lasts no more turns than its cap; the rating is the score's
band; no game or seed appears twice. The same rules check the chunks a running
study keeps (:func:`first_broken_rule`), so a file and a chunk are never judged
differently. ``docs/reference/results-format.md`` lists them for users.

>>> import pandas as pd
>>> cells = pd.DataFrame({"n_players": ["2"], "winner": ["5"], "end_reason": ["win"]})
>>> check_frame(cells, "s.csv")
Traceback (most recent call last):
...
xochintlan_hex.balance.results.ResultsError: s.csv, row 1 (line 2), column 'winner': 5 is not a seat of a 2-player game (0 to 1)
"""

from __future__ import annotations

import csv
import functools
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.balance.stats import CARD_SEPARATOR
from xochintlan_hex.game import game_names, game_spec
from xochintlan_hex.hextremadura import OBJECTIVE_TYPES, RATING_BANDS, rating_for
from xochintlan_hex.i18n import _
from xochintlan_hex.players import PLAYERS
from xochintlan_hex.xochintlan import KINDS, goal_cards
from xochintlan_hex.xochintlan.rules import (
    ENDGAMES,
    LATTICE_NAMES,
    LOCKS,
    MATCHES,
    MAX_QUIET_ROUNDS,
    MAX_TILES_PER_KIND,
    MAX_TURNS,
    WIN_CHECKS,
)

#: Most seats a results file may name: one card each from the larger (hex) deck.
MAX_PLAYERS = 33

#: Seeds are 63-bit (see :func:`xochintlan_hex.balance.simulate.game_seed`).
MAX_SEED = 2**63 - 1

#: How a Xochintlan game may end.
END_REASONS = ("win", "tie", "turn_limit")

#: The only spellings of a boolean cell (as pandas writes them).
BOOLEANS = {"True": True, "False": False}

_INTEGER = re.compile(r"-?[0-9]{1,19}")

#: The player name of a seat a person held (a class session's export writes it).
STUDENT = "student"

#: The names a study gives its players: the registered ones (see
#: :data:`~xochintlan_hex.players.PLAYERS`), and ``student`` for a person in a class.
XOCHINTLAN_PLAYERS = (*PLAYERS["xochintlan"], STUDENT)
HEXTREMADURA_PLAYERS = (*PLAYERS["hextremadura"], STUDENT)


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
KNOWN_COLUMNS: dict[str, Column] = {
    column.name: column
    for column in [
        _int("game"),
        _int("seed", 0, MAX_SEED),
        # Xochintlan: the rules, the seats and the outcome
        _choice("lattice", LATTICE_NAMES),
        _int("tiles_per_kind", 1, MAX_TILES_PER_KIND),
        _int("cards_per_player", 1, MAX_PLAYERS),
        _choice("match", MATCHES),
        _choice("win_check", WIN_CHECKS),
        _choice("endgame", ENDGAMES),
        Column("allow_redraw", "bool"),
        Column("open_cards", "bool"),
        Column("keep_connected", "bool"),
        Column("cut_off_switch", "bool"),
        _choice("lock", LOCKS),
        _int("quiet_rounds", 0, MAX_QUIET_ROUNDS),
        _int("max_turns", 1, MAX_TURNS),
        _int("n_players", 2, MAX_PLAYERS),
        _int("winner", 0, MAX_PLAYERS - 1, nullable=True),
        _choice("winner_player", XOCHINTLAN_PLAYERS, nullable=True),
        _choice("winning_kind", KINDS, nullable=True),
        Column("winning_card", "str", True),
        _int("turns"),
        _choice("end_reason", END_REASONS),
        # Hextremadura
        Column("tileset", "str"),
        _choice("player", HEXTREMADURA_PLAYERS),
        _int("score"),
        _int("max_score"),
        _choice("rating", [name for _, name in RATING_BANDS]),
        _int("rounds"),
        _int("explored"),
        _int("tiles_on_map"),
        _int("front_left"),
        *[_int(f"{prefix}_{kind}") for kind in OBJECTIVE_TYPES for prefix in ("met", "objectives")],
        *[Column(f"quest_{quest}", "bool") for quest in ("monfrague", "garganta_de_los_infiernos", "los_barruecos")],
    ]
}

_SEAT_COLUMN = re.compile(r"(player|cards)_([0-9]+)")


def seat_players() -> tuple[str, ...]:
    """The names a seat's player may have: Xochintlan's players, the players of every
    other game registered with seats (:func:`~xochintlan_hex.game.register_game`), ``student``."""
    names = dict.fromkeys(XOCHINTLAN_PLAYERS)
    for game in game_names():
        spec = game_spec(game)
        if game not in ("xochintlan", "hextremadura") and spec.report_metrics == "seats":
            names.update(dict.fromkeys(spec.players))
    return tuple(names)


def column_of(name: str) -> Column | None:
    """The :class:`Column` of a known column name (``player_3`` too), or None."""
    if name == "winner_player":
        return _choice(name, seat_players(), nullable=True)
    if name in KNOWN_COLUMNS:
        return KNOWN_COLUMNS[name]
    match = _SEAT_COLUMN.fullmatch(name)
    if match and int(match[2]) < MAX_PLAYERS:
        return _choice(name, seat_players()) if match[1] == "player" else Column(name, "str")
    return None


# ---------------------------------------------------------------------------
# The rules between the cells of a row, and between rows: defined once, used by
# the file readers (check_frame) and by chunk verification (first_broken_rule).


@dataclass(frozen=True)
class BrokenRule:
    """Where a frame first breaks a row rule: its row (0-based), the column blamed, why."""

    position: int
    column: str
    reason: str


def _numbers(frame: pd.DataFrame, name: str) -> np.ndarray:
    """A numeric column as floats, missing as NaN, whatever it was read as."""
    numbers: np.ndarray = pd.to_numeric(frame[name], errors="coerce").astype("float64").to_numpy()
    return numbers


def _seats(frame: pd.DataFrame, prefix: str) -> list[str]:
    """The seat columns ``player_0, player_1 ...`` (or ``cards_...``), in seat order."""
    found = [(int(m[2]), str(c)) for c in frame.columns if (m := _SEAT_COLUMN.fullmatch(str(c))) and m[1] == prefix]
    return [name for _, name in sorted(found)]


def _of_winner(frame: pd.DataFrame, seats: list[str]) -> np.ndarray:
    """Each row's cell of the winner's seat column (None where nobody won or no such seat)."""
    cells = frame[seats].to_numpy(dtype=object)
    winner = _numbers(frame, "winner")
    known = ~np.isnan(winner) & (winner >= 0) & (winner < len(seats))
    chosen = np.full(len(frame), None, dtype=object)
    rows = np.flatnonzero(known)
    chosen[rows] = cells[rows, winner[rows].astype(int)]
    return chosen


def _shown(value: Any) -> str:
    """A cell in a message: a text quoted, a missing cell "none"."""
    if value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value)):
        return "none"
    return repr(value) if isinstance(value, str) else str(value)


def _first_row(bad: Any) -> int | None:
    """The first row where ``bad`` holds, or None."""
    bad = np.asarray(bad, dtype=bool)
    return int(bad.argmax()) if bad.any() else None


def _first(bad: Any, column: str, reason: Callable[[int], str]) -> BrokenRule | None:
    """The first row where ``bad`` holds, blaming ``column`` for ``reason(row)``."""
    position = _first_row(bad)
    return None if position is None else BrokenRule(position, column, reason(position))


def _winner_rules(frame: pd.DataFrame) -> Iterator[BrokenRule | None]:
    """A game is won exactly when it has a winner, a seat of the game; a game won names
    its winner's player, kind and card, a game nobody won none of them."""
    if "winner" not in frame.columns:
        return
    winner = _numbers(frame, "winner")
    won = ~np.isnan(winner)
    if "n_players" in frame.columns:
        n_players = _numbers(frame, "n_players")
        yield _first(
            won & (winner >= n_players),
            "winner",
            lambda i: _("{winner} is not a seat of a {players}-player game (0 to {last})").format(
                winner=int(winner[i]), players=int(n_players[i]), last=int(n_players[i]) - 1
            ),
        )
    players = _seats(frame, "player")
    if players:
        yield _first(
            won & (winner >= len(players)),
            "winner",
            lambda i: _("{winner} is not a seat of the file (player_0 to player_{last})").format(
                winner=int(winner[i]), last=len(players) - 1
            ),
        )
    if "end_reason" in frame.columns:
        reason = frame["end_reason"].to_numpy(dtype=object)
        yield _first(
            won != (reason == "win"),
            "end_reason",
            lambda i: _("{reason} does not agree with the winner ({winner})").format(
                reason=repr(reason[i]), winner=_shown(frame["winner"].iloc[i])
            ),
        )
    for name in ("winner_player", "winning_kind", "winning_card"):
        if name in frame.columns:
            position = _first_row(won == frame[name].isna().to_numpy())
            if position is not None:
                yield BrokenRule(
                    position,
                    name,
                    _(
                        "{value} with winner {winner}: "
                        "a game won names its winner's player, kind and card, a game nobody won none of them"
                    ).format(value=_shown(frame[name].iloc[position]), winner=_shown(frame["winner"].iloc[position])),
                )


def _winner_seat_rules(frame: pd.DataFrame) -> Iterator[BrokenRule | None]:
    """The winner's player is the name in the winner's seat; the winning card is in the
    winner's hand."""
    if "winner" not in frame.columns:
        return
    winner = _numbers(frame, "winner")
    won = ~np.isnan(winner)
    players, hands = _seats(frame, "player"), _seats(frame, "cards")
    if "winner_player" in frame.columns and players:
        named = frame["winner_player"].to_numpy(dtype=object)
        seat = _of_winner(frame, players)
        yield _first(
            won & (named != seat),
            "winner_player",
            lambda i: _("{named} is not player_{winner}, who won ({seat})").format(
                named=repr(named[i]), winner=int(winner[i]), seat=repr(seat[i])
            ),
        )
    if "winning_card" in frame.columns and hands:
        card = frame["winning_card"].to_numpy(dtype=object)
        hand = _of_winner(frame, hands)
        held = (card == hand) | ~won
        for row in np.flatnonzero(~held):  # hands of several cards (or a card not held)
            held[row] = isinstance(hand[row], str) and card[row] in hand[row].split(CARD_SEPARATOR)
        yield _first(
            won & ~held,
            "winning_card",
            lambda i: _("{card} is not in the winner's hand (cards_{winner}: {hand})").format(
                card=repr(card[i]), winner=int(winner[i]), hand=repr(hand[i])
            ),
        )


def _turn_rules(frame: pd.DataFrame) -> Iterator[BrokenRule | None]:
    """A game lasts no more turns than its cap, is won on a turn (not at turn 0), and a
    game that reached its turn limit lasted the whole cap."""
    columns = set(frame.columns)
    if {"turns", "max_turns"} <= columns:
        turns, cap = _numbers(frame, "turns"), _numbers(frame, "max_turns")
        yield _first(
            turns > cap,
            "turns",
            lambda i: _("{turns} turns is beyond the game's cap of {cap}").format(turns=int(turns[i]), cap=int(cap[i])),
        )
    if {"turns", "end_reason"} <= columns:
        turns, reason = _numbers(frame, "turns"), frame["end_reason"].to_numpy(dtype=object)
        yield _first((reason == "win") & (turns < 1), "turns", lambda i: _("a game is won on a turn, not at turn 0"))
        if "max_turns" in columns:
            cap = _numbers(frame, "max_turns")
            yield _first(
                (reason == "turn_limit") & (turns != cap),
                "turns",
                lambda i: _("a game that reached its turn limit lasted {turns} turns, not its cap of {cap}").format(
                    turns=int(turns[i]), cap=int(cap[i])
                ),
            )


def _seat_rules(frame: pd.DataFrame) -> Iterator[BrokenRule | None]:
    """``n_players`` is the file's seats; each hand holds cards of the game's deck, each once."""
    players, hands = _seats(frame, "player"), _seats(frame, "cards")
    if "n_players" in frame.columns and players:
        n_players = _numbers(frame, "n_players")
        yield _first(
            n_players != len(players),
            "n_players",
            lambda i: _("{players} players, but the file has {seats} seats (player_0 to player_{last})").format(
                players=int(n_players[i]), seats=len(players), last=len(players) - 1
            ),
        )
    if not hands:
        return
    lattice = (
        frame["lattice"].to_numpy(dtype=object)
        if "lattice" in frame.columns
        else np.full(len(frame), "square", dtype=object)
    )
    per_hand = _numbers(frame, "cards_per_player") if "cards_per_player" in frame.columns else None
    yield _hand_problem(frame, hands, lattice, per_hand)


def _hand_problem(
    frame: pd.DataFrame, hands: list[str], lattice: np.ndarray, per_hand: np.ndarray | None
) -> BrokenRule | None:
    """The first hand with a card from no deck, the wrong number of cards, or a card dealt twice.

    Hands repeat (18 cards, a few hundred pairs), so each distinct hand is split once."""
    cells = frame[hands].to_numpy(dtype=object)
    split: dict[Any, list[str]] = {}
    for hand in pd.unique(cells.ravel()):
        split[hand] = hand.split(CARD_SEPARATOR) if isinstance(hand, str) else []
    for position in _rows_to_look_at(cells, lattice, per_hand):
        deck = _deck(str(lattice[position]))
        dealt: set[str] = set()
        for seat, hand in enumerate(cells[position]):
            cards = split[hand]
            unknown = [card for card in cards if card not in deck]
            if unknown:
                return BrokenRule(
                    position,
                    hands[seat],
                    _("{card} is not a card of the {lattice} deck ({cards} ...)").format(
                        card=repr(unknown[0]), lattice=lattice[position], cards=", ".join(sorted(deck)[:4])
                    ),
                )
            if per_hand is not None and len(cards) != per_hand[position]:
                return BrokenRule(
                    position,
                    hands[seat],
                    _("{hand} holds {count} card(s), not cards_per_player {wanted}").format(
                        hand=repr(hand), count=len(cards), wanted=int(per_hand[position])
                    ),
                )
            twice = [card for card in cards if card in dealt]
            if twice or len(set(cards)) < len(cards):
                card = twice[0] if twice else next(c for c in cards if cards.count(c) > 1)
                return BrokenRule(
                    position,
                    hands[seat],
                    _("{card} is dealt twice; the deck holds each card once").format(card=repr(card)),
                )
            dealt.update(cards)
    return None


def _rows_to_look_at(cells: np.ndarray, lattice: np.ndarray, per_hand: np.ndarray | None) -> Iterator[int]:
    """Rows whose hands need a look one by one: all of them, except that with one card a
    hand, when every hand is one card of its row's deck, only rows where two hands are
    the same card (the common case: none)."""
    if per_hand is None or not (per_hand == 1).all() or cells.shape[1] == 0:
        yield from range(len(cells))
        return
    for board in pd.unique(lattice):
        deck = _deck(str(board))
        if not all(hand in deck for hand in pd.unique(cells[lattice == board].ravel())):
            yield from range(len(cells))
            return
    distinct = np.ones(len(cells), dtype=bool)
    for a in range(cells.shape[1]):
        for b in range(a + 1, cells.shape[1]):
            distinct &= cells[:, a] != cells[:, b]
    yield from np.flatnonzero(~distinct).tolist()


@functools.cache
def _deck(lattice: str) -> frozenset[str]:
    return frozenset(card.name for card in goal_cards(lattice)) if lattice in LATTICE_NAMES else frozenset()


def _hextremadura_rules(frame: pd.DataFrame) -> Iterator[BrokenRule | None]:
    """A score is at most the perfect score, its rating its band; objectives are met at most
    as often as they are held."""
    columns = set(frame.columns)
    if {"score", "max_score"} <= columns:
        score, best = _numbers(frame, "score"), _numbers(frame, "max_score")
        yield _first(
            score > best,
            "score",
            lambda i: _("{score} is above the perfect score {best}").format(score=int(score[i]), best=int(best[i])),
        )
        if "rating" in columns:
            rating = frame["rating"].to_numpy(dtype=object)
            bands = {
                pair: rating_for(int(pair[0]), int(pair[1]))
                for pair in set(zip(score.tolist(), best.tolist()))
                if pair[0] == pair[0] and pair[1] == pair[1]
            }
            expected = np.array([bands.get((s, b)) for s, b in zip(score.tolist(), best.tolist())], dtype=object)
            yield _first(
                rating != expected,
                "rating",
                lambda i: _("{rating} is not the band of a score of {score} out of {best} ({expected})").format(
                    rating=repr(rating[i]), score=int(score[i]), best=int(best[i]), expected=repr(expected[i])
                ),
            )
    for kind in OBJECTIVE_TYPES:
        met, held = f"met_{kind}", f"objectives_{kind}"
        if {met, held} <= columns:
            position = _first_row(_numbers(frame, met) > _numbers(frame, held))
            if position is not None:
                yield BrokenRule(
                    position,
                    met,
                    _("{met} objectives met of {held} held").format(
                        met=frame[met].iloc[position], held=frame[held].iloc[position]
                    ),
                )


def _unique_rules(frame: pd.DataFrame) -> Iterator[BrokenRule | None]:
    """Each game once: a study's game indices and seeds never repeat (a copied row is
    not a second game)."""
    if "game" not in frame.columns:
        return  # not a table of games (e.g. the perft table, whose seeds repeat)
    for name in ("game", "seed"):
        if name in frame.columns:
            values = frame[name]
            position = _first_row(values.duplicated(keep="first").to_numpy())
            if position is not None:
                value = values.iloc[position]
                earlier = int(values.eq(value).to_numpy().argmax())
                yield BrokenRule(
                    position,
                    name,
                    f"{value} appears again (first on row {earlier + 1}): each game of a study is one row",
                )


#: Every row rule, in the order they are checked.
ROW_RULES: tuple[Callable[[pd.DataFrame], Iterator[BrokenRule | None]], ...] = (
    _seat_rules,
    _winner_rules,
    _winner_seat_rules,
    _turn_rules,
    _hextremadura_rules,
    _unique_rules,
)


#: The row rules that compare rows with each other: a file read block by block is
#: held to them once all its blocks are read (see :func:`check_frame`).
ACROSS_ROWS_RULES: tuple[Callable[[pd.DataFrame], Iterator[BrokenRule | None]], ...] = (_unique_rules,)

#: The row rules each row is held to on its own.
WITHIN_ROW_RULES = tuple(rules for rules in ROW_RULES if rules not in ACROSS_ROWS_RULES)


def first_broken_rule(
    frame: pd.DataFrame, rules: Sequence[Callable[[pd.DataFrame], Iterator[BrokenRule | None]]] = ROW_RULES
) -> BrokenRule | None:
    """The first place where ``frame`` (cells already of their types) breaks one of
    ``rules`` (every row rule by default).

    The frame may come from a file or from a chunk's rows: the rules read only its
    columns, so both are held to exactly the same rules.
    """
    frame = frame.reset_index(drop=True)
    for rule in rules:
        for broken in rule(frame):
            if broken is not None:
                return broken
    return None


# ---------------------------------------------------------------------------
# Rows of plain Python values (the chunks a study keeps)


def cell_problem(row: dict[str, Any], columns: Sequence[str]) -> str | None:
    """Why one row of a chunk does not have exactly ``columns``, each cell of its type, or None."""
    if not isinstance(row, dict):
        return f"a row is a {type(row).__name__}, not a mapping of column to value"
    if list(row) != list(columns):
        missing = [c for c in columns if c not in row]
        extra = [c for c in row if c not in columns]
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
            [f"unexpected {', '.join(extra)}"] if extra else []
        )
        what = "; ".join(parts)
        return f"game {row.get('game')!r}: the columns differ ({what or 'in another order'})"
    for name, value in row.items():
        column = column_of(name)
        reason = column.problem(value) if column is not None else None
        if reason is not None:
            return f"game {row.get('game')!r}, column {name!r}: {reason}"
    return None


def rows_problem(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str | None:
    """Why these rows (a chunk) are not study rows with exactly ``columns``, or None:
    each cell of its type (:func:`cell_problem`), then the row rules (:data:`ROW_RULES`)."""
    for row in rows:
        reason = cell_problem(row, columns)
        if reason is not None:
            return reason
    broken = first_broken_rule(pd.DataFrame(list(rows), columns=list(columns)))
    if broken is None:
        return None
    return f"game {rows[broken.position].get('game')!r}, column {broken.column!r}: {broken.reason}"


def row_problem(row: dict[str, Any], columns: Sequence[str]) -> str | None:
    """Why one row of a chunk is not a study row with exactly ``columns``, or None."""
    return rows_problem([row], columns)


# ---------------------------------------------------------------------------
# Frames read from a file


def _as_text(value: Any) -> str:
    """A cell as the text a CSV holds: missing -> "", a list or array (Parquet) -> its repr."""
    if isinstance(value, str):
        return value
    if value is None or value is pd.NA:
        return ""
    if not pd.api.types.is_scalar(value):
        return repr(value.tolist() if hasattr(value, "tolist") else value)
    return "" if value != value else str(value) if not isinstance(value, (bytes, bytearray)) else repr(value)


def _cells_as_text(frame: pd.DataFrame) -> pd.DataFrame:
    """Every cell as the text a CSV holds (missing -> "", a Parquet list -> its repr),
    so CSV and Parquet read alike.

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
            text[name] = _each_cell(series, _as_text)
        else:
            text[name] = _each_cell(series, lambda v: "" if v is pd.NA or v != v else str(v))
    return pd.DataFrame(text, index=frame.index, copy=False)


def _each_cell(series: pd.Series, text_of: Callable[[Any], str]) -> pd.Series:
    """``text_of`` of every cell of ``series``, as an object column (never inferred)."""
    cells = series.to_numpy(dtype=object)
    return pd.Series(np.fromiter(map(text_of, cells), dtype=object, count=len(cells)), index=series.index, dtype=object)


def record_lines(path: str | os.PathLike[str]) -> list[int]:
    """The line on which each data row of a CSV file starts (1-based), as pandas reads
    it: blank lines skipped, a quoted cell may span lines. Empty if it cannot be read."""
    starts = []
    try:
        with open(path, encoding="utf-8", newline="") as file:
            reader = csv.reader(file)
            line = 0
            for record in reader:
                first, line = line + 1, reader.line_num
                if record:
                    starts.append(first)
    except (OSError, UnicodeDecodeError, csv.Error):
        return []
    return starts[1:]  # the first record is the header


def _where(path: str, position: int, name: str, csv: bool) -> str:
    """Where the cell of a 0-based row of the file is, as a message starts."""
    if not csv:
        return f"{path}, row {position + 1}, column {name!r}"
    lines = record_lines(path)
    line = lines[position] if position < len(lines) else position + 2
    return f"{path}, row {position + 1} (line {line}), column {name!r}"


def _parse_column(text: pd.Series, column: Column, path: str, csv: bool, row_offset: int = 0) -> pd.Series:
    """The column's cells in their type, or a ResultsError at the first bad one
    (``row_offset``: the file's row of the column's first cell)."""
    missing = text == ""
    if not column.nullable and missing.any():
        position = row_offset + int(missing.to_numpy().argmax())
        raise ResultsError(f"{_where(path, position, column.name, csv)}: the cell is empty")
    present = text[~missing]
    if column.kind == "int":
        bad = ~present.str.fullmatch(_INTEGER.pattern)
        _raise_first(bad, present, column, path, csv, "is not an integer", row_offset)
        values = present.map(int)  # at most 19 digits: cheap and exact
        low = column.low if column.low is not None else -MAX_SEED - 1
        high = column.high if column.high is not None else MAX_SEED
        bad = (values < low) | (values > high)
        _raise_first(
            bad,
            present,
            column,
            path,
            csv,
            f"is out of range ({column._range()})" if column.high is not None else f"is out of range ({low} to {high})",
            row_offset,
        )
        result = pd.Series(pd.NA, index=text.index, dtype="object")
        result[~missing] = values
        return result.astype("Int64") if column.nullable else result.astype("int64")
    if column.kind == "bool":
        bad = ~present.isin(list(BOOLEANS))
        _raise_first(bad, present, column, path, csv, "is not True or False", row_offset)
        return text.map(BOOLEANS).astype(bool)
    if column.choices is not None:
        bad = ~present.isin(column.choices)
        _raise_first(bad, present, column, path, csv, f"is not one of {', '.join(column.choices)}", row_offset)
    return text.where(~missing, None)


def _raise_first(
    bad: pd.Series, values: pd.Series, column: Column, path: str, csv: bool, reason: str, row_offset: int = 0
) -> None:
    if bad.any():
        position = int(bad.idxmax())  # the frame's index is 0, 1, ... (see check_frame)
        value = values[position]
        shown = value if len(value) <= 40 else value[:37] + "..."
        raise ResultsError(f"{_where(path, row_offset + position, column.name, csv)}: {shown!r} {reason}")


#: The columns only one game's studies write: a file with both is no study of either.
GAME_COLUMNS = {
    "Xochintlan": frozenset(
        {"lattice", "n_players", "winner", "winner_player", "winning_kind", "winning_card", "end_reason", "max_turns"}
    ),
    "Hextremadura": frozenset({"tileset", "player", "score", "max_score", "rating", "rounds"}),
}


def _check_columns(frame: pd.DataFrame, path: str) -> None:
    """One file is one game's study, with a cards column for every seat and nothing else."""
    columns = [str(c) for c in frame.columns]
    both = [min(own & set(columns)) for own in GAME_COLUMNS.values() if own & set(columns)]
    if len(both) > 1:
        raise ResultsError(
            f"{path}: columns {both[0]!r} (Xochintlan) and {both[1]!r} (Hextremadura) "
            "in one file; a results file holds the games of one study"
        )
    players, hands = _seats(frame, "player"), _seats(frame, "cards")
    for names, prefix in ((players, "player"), (hands, "cards")):
        expected = [f"{prefix}_{seat}" for seat in range(len(names))]
        if names != expected:
            gap = next(e for e, n in zip(expected + [""], names + [""]) if e != n)
            raise ResultsError(f"{path}: no column {gap!r}; seats are numbered from 0 ({', '.join(names[:4])} ...)")
    if hands and len(hands) != len(players):
        raise ResultsError(f"{path}: {len(players)} player columns but {len(hands)} cards columns; each seat has both")


def check_frame(
    frame: pd.DataFrame, path: str, csv: bool = True, row_offset: int = 0, across_rows: bool = True
) -> pd.DataFrame:
    """``frame`` (as read from ``path``) with every known column parsed strictly.

    Unknown columns are kept as read. Raises :class:`ResultsError` naming the
    first bad cell (file, row, line, column), or the first row that breaks a row
    rule (:data:`ROW_RULES`, the rules chunks are held to as well).

    A file read block by block passes each block with ``row_offset``, the file's
    row of the block's first row (0-based), and ``across_rows=False``; once every
    block is read, :func:`check_across_rows` holds the whole file to the rules that
    compare rows with each other (no game or seed twice).
    """
    frame = frame.reset_index(drop=True)
    _check_columns(frame, path)
    text = _cells_as_text(frame)
    parsed = {}
    for name in frame.columns:
        column = column_of(str(name))
        parsed[name] = frame[name] if column is None else _parse_column(text[name], column, path, csv, row_offset)
    checked = pd.DataFrame(parsed, index=frame.index)
    _raise_broken(checked, path, csv, WITHIN_ROW_RULES if not across_rows else ROW_RULES, row_offset)
    return checked


def check_across_rows(frame: pd.DataFrame, path: str, csv: bool = True) -> None:
    """Raise :class:`ResultsError` at the first row of a whole file (its cells already
    of their types) that breaks a rule comparing rows (:data:`ACROSS_ROWS_RULES`)."""
    _raise_broken(frame, path, csv, ACROSS_ROWS_RULES)


def _raise_broken(
    frame: pd.DataFrame,
    path: str,
    csv: bool,
    rules: Sequence[Callable[[pd.DataFrame], Iterator[BrokenRule | None]]],
    row_offset: int = 0,
) -> None:
    broken = first_broken_rule(frame, rules)
    if broken is not None:
        raise ResultsError(f"{_where(path, row_offset + broken.position, broken.column, csv)}: {broken.reason}")


__all__ = [
    "ACROSS_ROWS_RULES",
    "BOOLEANS",
    "BrokenRule",
    "Column",
    "END_REASONS",
    "GAME_COLUMNS",
    "KNOWN_COLUMNS",
    "MAX_PLAYERS",
    "ROW_RULES",
    "ResultsError",
    "STUDENT",
    "WITHIN_ROW_RULES",
    "cell_problem",
    "check_across_rows",
    "check_frame",
    "column_of",
    "first_broken_rule",
    "record_lines",
    "row_problem",
    "rows_problem",
]
