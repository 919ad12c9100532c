"""Metrics of games played by players in seats (Xochintlan): win rate by seat, first-player
advantage, balance, outcomes, head to head and margins, from one long view of the
seats (:func:`seat_results`).
"""

from __future__ import annotations

import contextlib
import contextvars
import re
from collections.abc import Iterator

import numpy as np
import pandas as pd

from xochintlan_hex.balance.grouping import By, per_group, require_columns
from xochintlan_hex.balance.intervals import (
    CONFIDENCE,
    advantage_of_counts,
    balance_of_counts,
    proportion,
    proportions,
    share_difference,
)

#: A seat's player column, ``player_<seat>``: as many as the study has seats.
SEAT_COLUMN = re.compile(r"^player_(\d+)$")


def _winner(frame: pd.DataFrame) -> pd.Series:
    """The winning seat as nullable ints (a CSV may have turned it into floats)."""
    return pd.to_numeric(frame["winner"], errors="coerce").astype("Int64")


def _n_players(frame: pd.DataFrame) -> pd.Series:
    if "n_players" in frame.columns:
        return frame["n_players"].astype(int)
    seats = [c for c in frame.columns if SEAT_COLUMN.match(c)]
    if not seats:
        raise ValueError("the study frame needs an n_players column (or player_0, player_1, ...)")
    return frame[seats].notna().sum(axis=1).astype(int)


#: The long view of the frame a report is being made of, kept while the report runs
#: (every seat metric of one report starts from the same long view).
_REPORT_SEATS: contextvars.ContextVar[tuple[pd.DataFrame, pd.DataFrame] | None] = contextvars.ContextVar(
    "report_seats", default=None
)


@contextlib.contextmanager
def seat_results_kept(frame: pd.DataFrame) -> Iterator[None]:
    """While open, :func:`seat_results` of ``frame`` is made once: every seat metric of
    one report starts from the same long view."""
    token = _REPORT_SEATS.set((frame, seat_results(frame)))
    try:
        yield
    finally:
        _REPORT_SEATS.reset(token)


def seat_results(frame: pd.DataFrame) -> pd.DataFrame:
    """The long view of a Xochintlan study: one row per seat per game.

    Columns: ``row`` (the position of the game in ``frame``; frames joined with
    ``pd.concat`` may repeat game numbers), ``game`` (its ``game`` column, else its
    row label), ``seat``,
    ``n_players``, ``player`` (the player kind, if the frame has ``player_<seat>``),
    ``cards`` (if the frame has ``cards_<seat>``), ``won`` (bool) and ``score``
    (1 for the winner, 0 for a loser, ``1 / n_players`` when nobody won), plus
    ``winning_card`` and ``turns`` when the frame has them.

    >>> games = pd.DataFrame({"n_players": [2], "winner": [1], "player_0": ["greedy"],
    ...                       "player_1": ["random"]})
    >>> seat_results(games)[["seat", "player", "won", "score"]]
       seat  player    won  score
    0     0  greedy  False    0.0
    1     1  random   True    1.0
    """
    require_columns(frame, "winner")
    kept = _REPORT_SEATS.get()
    if kept is not None and kept[0] is frame:
        return kept[1]
    n_players = _n_players(frame).to_numpy()
    winner = _winner(frame)
    nobody = winner.isna().to_numpy()
    winner = winner.fillna(-1).to_numpy()
    labels = (frame["game"] if "game" in frame.columns else frame.index).to_numpy()
    columns = ["row", "game", "seat", "n_players", "won", "score"]
    seats = int(n_players.max()) if len(frame) else 0
    if not seats:
        return pd.DataFrame(columns=columns)
    # One row per seat playing, sorted by (row, seat); no games x seats grid is made.
    playing = np.clip(n_players, 0, None)
    rows = np.repeat(np.arange(len(frame)), playing)
    seat = np.arange(len(rows)) - np.repeat(np.cumsum(playing) - playing, playing)
    won = winner[rows] == seat
    share = np.where(nobody, 1.0 / n_players, 0.0)[rows]
    small = np.int8 if seats < 128 else np.int64  # seats and player counts: a byte a seat
    long = {
        "row": rows,
        "game": labels[rows],
        "seat": seat.astype(small),
        "n_players": n_players[rows].astype(small),
        "won": won,
        "score": np.where(won, 1.0, share),
    }
    del share
    for prefix, target in (("player_", "player"), ("cards_", "cards")):
        if f"{prefix}0" in frame.columns:
            long[target] = _seat_values(frame, prefix, rows, seat)
    for column in ("winning_card", "turns"):
        if column in frame.columns:
            long[column] = frame[column].to_numpy()[rows]
    # The columns as made, not copied into blocks; texts stay the frame's own strings
    # (8 bytes a cell), where pandas 3 would otherwise copy them into new string columns.
    return pd.DataFrame(
        {name: pd.Series(values, dtype=object) if values.dtype == object else values for name, values in long.items()},
        copy=False,
    )


def _seat_values(frame: pd.DataFrame, prefix: str, rows: np.ndarray, seat: np.ndarray) -> np.ndarray:
    """Each long row's ``<prefix><seat>`` cell (None where the frame has no such column)."""
    values = np.full(len(rows), None, dtype=object)
    for number in range(int(seat.max()) + 1 if len(seat) else 0):
        name = f"{prefix}{number}"
        if name in frame.columns:
            here = seat == number
            values[here] = frame[name].to_numpy(dtype=object)[rows[here]]
    return values


# ---------------------------------------------------------------------------
# Xochintlan: seats, balance, outcomes, length


def win_rate_by_seat(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """The share of games each seat won, per number of players (Wilson intervals).

    Columns: [by...], ``n_players``, ``seat``, ``wins``, ``n``, ``estimate``, ``low``, ``high``.
    """

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seats = seat_results(games)
        counts = seats.groupby(["n_players", "seat"], sort=True)["won"].agg(["sum", "count"])
        share = proportions(counts["sum"], counts["count"])
        table = counts.index.to_frame(index=False)
        table["wins"] = counts["sum"].to_numpy(dtype=int)
        table["n"] = counts["count"].to_numpy(dtype=int)
        for column in ("estimate", "low", "high"):
            table[column] = share[column]
        return table

    return per_group(frame, by, metric)


def first_player_advantage(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """How much better seat 0 does than the average other seat, per number of players.

    ``seat0_score`` is seat 0's mean score (Ludii's "AdvantageP1": a game nobody
    won counts ``1 / n_players``). The advantage ``estimate`` is seat 0's score
    minus the mean score of the other seats, ``(n·s0 - 1) / (n - 1)``: 0 is fair,
    1 means seat 0 always wins, negative values favour the later seats. With two
    players it is simply P(seat 0 wins) - P(seat 1 wins). t interval.

    Columns: [by...], ``n_players``, ``seat0_score``, ``estimate``, ``low``, ``high``, ``n``.
    """

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seats = seat_results(games)
        first = seats[(seats["seat"] == 0) & (seats["n_players"] >= 2)]
        counts = (
            first.assign(nobody=(first["score"] > 0) & ~first["won"])
            .groupby("n_players", sort=True)[["won", "nobody"]]
            .agg(["sum", "count"])
        )
        n_players = counts.index.to_numpy()
        wins = counts[("won", "sum")].to_numpy(dtype=float)
        nobody = counts[("nobody", "sum")].to_numpy(dtype=float)
        games_played = counts[("won", "count")].to_numpy(dtype=float)
        edge = advantage_of_counts(wins, nobody, games_played, n_players)
        return pd.DataFrame(
            {
                "n_players": n_players,
                "seat0_score": edge["seat0_score"],
                "estimate": edge["estimate"],
                "low": edge["low"],
                "high": edge["high"],
                "n": games_played.astype(int),
            },
            columns=["n_players", "seat0_score", "estimate", "low", "high", "n"],
        )

    return per_group(frame, by, metric)


def balance(frame: pd.DataFrame, by: By = None, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """Ludii's balance: 1 - the largest gap between two seats' win rates (1 is fair).

    A game nobody won counts ``1 / n_players`` to each seat (a half with two
    players), which leaves every gap unchanged. The interval comes from the
    intervals of the gaps between seats (see :func:`share_difference`): it reaches
    1 whenever the study cannot tell the seats apart, so a fair game is inside it
    at the nominal rate. (A bootstrap of the estimate cannot do that: the
    estimate of a maximum of gaps is never above 1, and the percentile interval
    of a fair game almost never reaches it.)

    Columns: [by...], ``n_players``, ``estimate``, ``low``, ``high``, ``n``.
    """

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        rows = []
        n_players_all = _n_players(games)
        winners = _winner(games)
        for n_players, group in winners.groupby(n_players_all.to_numpy(), sort=True):
            if n_players < 2:
                continue
            outcome = group.fillna(n_players).to_numpy(dtype=int)
            counts = np.bincount(outcome, minlength=n_players + 1)[None, :]
            result = balance_of_counts(counts, n_players, confidence)
            rows.append(
                {
                    "n_players": n_players,
                    "estimate": float(result["estimate"][0]),
                    "low": float(result["low"][0]),
                    "high": float(result["high"][0]),
                    "n": int(counts.sum()),
                }
            )
        return pd.DataFrame(rows, columns=["n_players", "estimate", "low", "high", "n"])

    return per_group(frame, by, metric)


#: The outcome shares reported by :func:`outcome_shares`, with how each is read.
OUTCOMES = {
    "completion": "ended by the rules (a win or a tie), not by the turn limit",
    "decisive": "somebody won",
    "tie": "ended as a tie by the rules (all animals placed, nobody won)",
    "turn_limit": "stopped by the turn limit",
}


def outcome_shares(frame: pd.DataFrame, by: By = None) -> pd.DataFrame:
    """The shares of completed, decisive, tied and turn-limited games (Wilson intervals).

    Columns: [by...], ``outcome`` (see :data:`OUTCOMES`), ``games``, ``n``,
    ``estimate``, ``low``, ``high``.
    """
    require_columns(frame, "end_reason")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        reason = games["end_reason"]
        hits = {
            "completion": (reason == "win") | (reason == "tie"),
            "decisive": _winner(games).notna(),
            "tie": reason == "tie",
            "turn_limit": reason == "turn_limit",
        }
        rows = []
        for outcome in OUTCOMES:
            row = proportion(int(hits[outcome].sum()), len(games))
            rows.append(
                {
                    "outcome": outcome,
                    "games": row["successes"],
                    "n": row["n"],
                    "estimate": row["estimate"],
                    "low": row["low"],
                    "high": row["high"],
                }
            )
        return pd.DataFrame(rows)

    return per_group(frame, by, metric)


# ---------------------------------------------------------------------------
# Comparing two studies: a difference with its interval


def game_margins(frame: pd.DataFrame, player: str | None = None) -> pd.Series:
    """Each game's result for one side, indexed by the ``game`` number: +1 a win, 0
    a game nobody won, -1 a loss.

    The side is seat 0 when ``player`` is None (the mean is then the
    :func:`first_player_advantage` of a two-player study), else the seat that
    ``player`` holds (``player_<seat>`` columns; it must hold exactly one seat).

    >>> games = pd.DataFrame({"game": [0, 1, 2], "n_players": 2, "winner": [0, None, 1],
    ...                       "player_0": "search", "player_1": ["greedy", "greedy", "greedy"]})
    >>> game_margins(games).tolist(), game_margins(games, "greedy").tolist()
    ([1, 0, -1], [-1, 0, 1])
    """
    winner = _winner(frame)
    if player is None:
        seat = pd.Series(0, index=frame.index)
    else:
        seats = [c for c in frame.columns if SEAT_COLUMN.match(c)]
        holds = frame[seats].eq(player)
        if not (holds.sum(axis=1) == 1).all():
            raise ValueError(f"player {player!r} must hold exactly one seat of every game")
        seat = holds.idxmax(axis=1).str[len("player_") :].astype(int)
    margin = np.where(winner.isna(), 0, np.where(winner.fillna(-1) == seat, 1, -1))
    labels = frame["game"] if "game" in frame.columns else frame.index
    return pd.Series(margin, index=pd.Index(labels, name="game"), name="margin")


def head_to_head(frame: pd.DataFrame, by: By = None, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """Results between player kinds, over every pair of seats of different kinds.

    For a pair of seats in one game, ``player`` wins if its seat won, loses if the
    other seat won, and draws otherwise (a tie, the turn limit, or a third seat
    won). ``estimate`` is the share of wins (Wilson interval); ``margin`` is
    P(win) - P(loss), the difference of two shares of the same pairs, with
    :func:`share_difference`'s interval (``margin_low``, ``margin_high``): Agresti
    and Min's adjusted interval from the trinomial variance, which stays a real
    interval when one player won every game (40-0 gives 1.0 [0.87, 1.0], not a
    width of zero). When it excludes zero, ``player`` is measurably the stronger.
    Each pair shows once per order.

    Columns: [by...], ``player``, ``opponent``, ``wins``, ``losses``, ``draws``,
    ``n``, ``estimate``, ``low``, ``high``, ``margin``, ``margin_low``, ``margin_high``.
    """

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        pairs = seat_pairs(games)
        counts = pairs.groupby(["player", "opponent"], sort=True).agg(
            wins=("won", "sum"), losses=("lost", "sum"), n=("won", "size")
        )
        wins = counts["wins"].to_numpy(dtype=int)
        losses = counts["losses"].to_numpy(dtype=int)
        n = counts["n"].to_numpy(dtype=int)
        share = proportions(wins, n)
        margin = share_difference(wins, losses, n, confidence)
        table = counts.index.to_frame(index=False)
        table = table.assign(
            wins=wins,
            losses=losses,
            draws=n - wins - losses,
            n=n,
            estimate=share["estimate"],
            low=share["low"],
            high=share["high"],
            margin=margin["estimate"],
            margin_low=margin["low"],
            margin_high=margin["high"],
        )
        return table[
            [
                "player",
                "opponent",
                "wins",
                "losses",
                "draws",
                "n",
                "estimate",
                "low",
                "high",
                "margin",
                "margin_low",
                "margin_high",
            ]
        ]

    return per_group(frame, by, metric)


def seat_pairs(games: pd.DataFrame) -> pd.DataFrame:
    """Every ordered pair of seats of different player kinds in each game.

    Columns ``player``, ``opponent``, ``won`` (the player's seat won) and ``lost``
    (the opponent's seat won).
    """
    seats = seat_results(games)
    if "player" not in seats.columns:
        raise ValueError("head_to_head needs the player_0, player_1, ... columns")
    row = seats["row"].to_numpy()
    player = seats["player"].to_numpy(dtype=object)
    won = seats["won"].to_numpy(dtype=bool)
    starts = np.searchsorted(row, np.arange(len(games)))  # the long view is sorted by row
    offset = np.arange(len(row)) - starts[row]  # the seat's place within its game
    n_seats = seats["n_players"].to_numpy()
    parts = []
    for shift in range(1, int(n_seats.max()) if len(n_seats) else 1):
        # The seat `shift` places further round the table, for every seat at once.
        other = starts[row] + (offset + shift) % n_seats
        keep = (shift < n_seats) & (player != player[other])
        parts.append((player[keep], player[other][keep], won[keep], won[other][keep]))
    if not parts:
        parts = [(player[:0], player[:0], won[:0], won[:0])]
    return pd.DataFrame(
        {
            "player": pd.Series(np.concatenate([p[0] for p in parts]), dtype=object),
            "opponent": pd.Series(np.concatenate([p[1] for p in parts]), dtype=object),
            "won": np.concatenate([p[2] for p in parts]),
            "lost": np.concatenate([p[3] for p in parts]),
        }
    )
