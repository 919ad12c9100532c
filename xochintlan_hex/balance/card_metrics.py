"""Metrics of what the players held (Xochintlan's goal cards and animal kinds): win rates
by card, kind and shape, tested against each other with corrected p-values, and the
mirror-image symmetry check.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from xochintlan_hex.balance.grouping import By, by_list, per_group, require_columns
from xochintlan_hex.balance.intervals import (
    CONFIDENCE,
    CORRECTIONS,
    adjust_p_values,
    binomial_two_sided_p,
    chi_square_sf,
    mean_intervals,
    normal_quantile,
    proportions,
    two_proportion_p_value,
    two_proportion_z,
)
from xochintlan_hex.balance.seat_metrics import seat_results

#: How a study frame joins the several goal cards of one seat into one cell ("F+L'").
CARD_SEPARATOR = "+"

#: The animal kinds of Xochintlan, in the engine's order (kept here so that the
#: statistics need no engine).
ANIMAL_KINDS = ("L", "B", "M")


# ---------------------------------------------------------------------------
# Xochintlan: goal cards, animal kinds, player kinds


def card_win_rates(frame: pd.DataFrame, by: By = None, correction: str | None = None) -> pd.DataFrame:
    """For each goal card: how often the seat holding it won with it, and game lengths.

    A seat holding several cards counts once for each. ``n`` is the number of
    seats that held the card; ``wins`` how many of them won *with that card*
    (Wilson interval); ``turns`` (``turns_low``, ``turns_high``) the mean length
    of the games where the card was held and ``turns_to_win`` the mean length of
    the games won with it.

    Columns: [by...], ``card``, ``wins``, ``n``, ``estimate``, ``low``, ``high``,
    ``turns``, ``turns_low``, ``turns_high``, ``turns_to_win``.

    Eighteen intervals side by side: about one in twenty misses its true rate
    by chance. ``correction="holm"`` (or ``"bh"``, Benjamini-Hochberg) adds a
    test of each card against all the other cards (two-sided, equal win rates):
    ``p_value``, ``p_adjusted`` (for the number of cards), ``correction`` (its
    name) and ``differs`` (``p_adjusted`` below 5%). See :func:`adjust_p_values`.
    """
    require_columns(frame, "winner", "winning_card", "turns")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        seats = seat_results(games)
        if "cards" not in seats.columns:
            raise ValueError("card_win_rates needs the cards_0, cards_1, ... columns")
        # One row per card held: a seat holding "F+L'" counts for F and for L'.
        seat_of, card = _cards_held(seats["cards"].to_numpy(dtype=object))
        winning = seats["winning_card"].to_numpy(dtype=object)[seat_of]
        seats = pd.DataFrame(
            {
                "card": card,
                "won_with": seats["won"].to_numpy(dtype=bool)[seat_of] & (card.to_numpy() == winning),
                "turns": pd.to_numeric(seats["turns"], errors="coerce").to_numpy(dtype=float)[seat_of],
            },
            copy=False,  # the columns as made, not copied into one block
        )
        del seat_of, card, winning
        by_card = seats.groupby("card", sort=True)
        counts = by_card["won_with"].agg(["sum", "count"])
        share = proportions(counts["sum"], counts["count"])
        length = mean_intervals(by_card["turns"])
        to_win = seats.loc[seats["won_with"]].groupby("card")["turns"].mean()
        return pd.DataFrame(
            {
                "card": counts.index.to_numpy(),
                "wins": counts["sum"].to_numpy(dtype=int),
                "n": counts["count"].to_numpy(dtype=int),
                "estimate": share["estimate"],
                "low": share["low"],
                "high": share["high"],
                "turns": length["estimate"].to_numpy(),
                "turns_low": length["low"].to_numpy(),
                "turns_high": length["high"].to_numpy(),
                "turns_to_win": to_win.reindex(counts.index).to_numpy(dtype=float),
            },
            columns=[
                "card",
                "wins",
                "n",
                "estimate",
                "low",
                "high",
                "turns",
                "turns_low",
                "turns_high",
                "turns_to_win",
            ],
        )

    table = per_group(frame, by, metric)
    if correction is None:
        return table
    return per_group_of_table(table, by, lambda cards: against_the_rest(cards, correction))


def card_win_rate_bootstrap(frame: pd.DataFrame, rounds: int = 2000, seed: int = 0) -> pd.DataFrame:
    """Each card's win rate in ``rounds`` bootstrap copies of the study: one row a copy, one column a card.

    A copy draws the study's games again, with replacement, as many as there are;
    the rates are :func:`card_win_rates`' ``estimate`` in that copy. Games, not
    seats, are drawn, because two seats of one game are not independent (one
    seat's win is the other's loss). Anything computed from the eighteen rates
    (a rank correlation, the gap between two cards) then gets its interval from
    the spread of its values over the copies (their 2.5% and 97.5% quantiles).
    The same ``seed`` gives the same copies.

    >>> games = pd.DataFrame({"n_players": [2, 2], "winner": [0, None], "winning_card": ["I", None],
    ...                       "cards_0": ["I", "X"], "cards_1": ["X", "I"], "turns": [9, 40]})
    >>> card_win_rate_bootstrap(games, rounds=3, seed=1).shape
    (3, 2)
    """
    require_columns(frame, "winner", "winning_card", "turns")
    if rounds < 1:
        raise ValueError(f"rounds must be a whole number of at least 1, not {rounds!r}")
    seats = seat_results(frame)
    if "cards" not in seats.columns:
        raise ValueError("card_win_rate_bootstrap needs the cards_0, cards_1, ... columns")
    seat_of, card = _cards_held(seats["cards"].to_numpy(dtype=object))
    won_with = seats["won"].to_numpy(dtype=bool)[seat_of] & (
        card.to_numpy() == seats["winning_card"].to_numpy(dtype=object)[seat_of]
    )
    game_of = seats["row"].to_numpy()[seat_of]
    names, card_code = np.unique(card.to_numpy(dtype=str), return_inverse=True)
    held = np.zeros((len(frame), len(names)))
    won = np.zeros((len(frame), len(names)))
    np.add.at(held, (game_of, card_code), 1)
    np.add.at(won, (game_of, card_code), won_with)
    # How many times each game is drawn in each copy: a multinomial draw of the study's size.
    draws = np.random.default_rng(seed).multinomial(len(frame), np.full(len(frame), 1 / len(frame)), size=rounds)
    with np.errstate(invalid="ignore", divide="ignore"):  # a card never drawn in a copy: no rate (NaN)
        rates = (draws @ won) / (draws @ held)
    return pd.DataFrame(rates, columns=pd.Index(names, name="card"))


def _cards_held(cards: np.ndarray) -> tuple[np.ndarray | slice, pd.Series]:
    """One row per card held: the position of its seat in ``cards`` (every position in
    order, as a slice that takes a view of the seats' columns, when each hand is one
    card), and the card.

    Each distinct hand (``"F+L'"``) is split once, not once per seat: a study
    holds a few dozen hands over hundreds of thousands of seats, and a list of
    names per seat would cost several times the study's file. The cards come in
    the order a split of every seat's hand would give them.
    """
    codes, hands = pd.factorize(cards, use_na_sentinel=True)
    texts = [str(hand) for hand in hands]
    missing = codes < 0
    if missing.any():  # no cards cell: read as its text ("nan", "None"), as str() gives it
        extra, extra_codes = np.unique([str(value) for value in cards[missing]], return_inverse=True)
        codes = codes.copy()
        codes[missing] = len(texts) + extra_codes
        texts += [str(text) for text in extra]
    names = [text.split(CARD_SEPARATOR) for text in texts]
    sizes = np.array([len(hand) for hand in names], dtype=np.int64)
    flat = np.array([name for hand in names for name in hand], dtype=object)
    if (sizes == 1).all():  # one card a hand (the rule book): each seat's card, without the arrays below
        return slice(None), pd.Series(flat[codes], dtype=object)
    first = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    per_seat = sizes[codes] if len(codes) else np.zeros(0, dtype=np.int64)
    seat_of = np.repeat(np.arange(len(codes)), per_seat)
    # The k-th card of a seat's hand: its hand's first name, k further on.
    within = np.arange(len(seat_of)) - np.repeat(np.cumsum(per_seat) - per_seat, per_seat)
    card = flat[first[codes[seat_of]] + within] if len(seat_of) else np.zeros(0, dtype=object)
    return seat_of, pd.Series(card, dtype=object)


def kind_win_rates(
    frame: pd.DataFrame, by: By = None, kinds: Sequence[str] = ANIMAL_KINDS, correction: str | None = None
) -> pd.DataFrame:
    """For each animal kind: the share of games won with it and how long those took.

    Columns: [by...], ``kind``, ``wins``, ``n`` (games), ``estimate``, ``low``,
    ``high`` (Wilson), ``turns``, ``turns_low``, ``turns_high`` (mean length of the
    games won with that kind, t interval).

    The rules treat the kinds alike, so each should win a third of the decisive
    games. ``correction="holm"`` (or ``"bh"``) adds that test for each kind
    (exact binomial, two-sided): ``p_value``, ``p_adjusted``, ``correction`` and
    ``differs``, as in :func:`card_win_rates`.
    """
    require_columns(frame, "winning_kind", "turns")

    def metric(games: pd.DataFrame) -> pd.DataFrame:
        won_with = games["winning_kind"]
        seen = [k for k in won_with.dropna().unique() if k not in kinds]
        order = list(kinds) + sorted(seen)
        wins = won_with.value_counts().reindex(order, fill_value=0).to_numpy(dtype=int)
        share = proportions(wins, np.full(len(order), len(games)))
        length = mean_intervals(pd.to_numeric(games["turns"], errors="coerce").groupby(won_with)).reindex(order)
        return pd.DataFrame(
            {
                "kind": order,
                "wins": wins,
                "n": len(games),
                "estimate": share["estimate"],
                "low": share["low"],
                "high": share["high"],
                "turns": length["estimate"].to_numpy(dtype=float),
                "turns_low": length["low"].to_numpy(dtype=float),
                "turns_high": length["high"].to_numpy(dtype=float),
            }
        )

    table = per_group(frame, by, metric)
    if correction is None:
        return table
    return per_group_of_table(table, by, lambda rows: _kinds_alike(rows, correction))


#: What :func:`symmetry_check` says of a pair.
SYMMETRY_VERDICTS = {
    "ok": "consistent with symmetry",
    "flag": "sample too small or a bug",
    "unknown": "too few games to test",
}


def per_group_of_table(table: pd.DataFrame, by: By, add: Callable[[pd.DataFrame], pd.DataFrame]) -> pd.DataFrame:
    """Apply ``add`` to each ``by`` block of a finished table (the family of a correction)."""
    keys = by_list(by)
    if not keys or table.empty:
        return add(table).reset_index(drop=True)
    blocks = [add(group) for _, group in table.groupby(keys, dropna=False, sort=False)]
    return pd.concat(blocks, ignore_index=True)


def _corrected(
    table: pd.DataFrame, p_values: ArrayLike, correction: str, confidence: float = CONFIDENCE
) -> pd.DataFrame:
    table = table.copy()
    table["p_value"] = np.asarray(p_values, dtype=float)
    table["p_adjusted"] = adjust_p_values(table["p_value"], correction)
    table["correction"] = CORRECTIONS[correction]
    table["differs"] = table["p_adjusted"] < 1 - confidence
    return table


def against_the_rest(cards: pd.DataFrame, correction: str) -> pd.DataFrame:
    """Each card's win rate against all the other cards' together."""
    wins, n = cards["wins"].to_numpy(float), cards["n"].to_numpy(float)
    p = two_proportion_p_value(wins, n, wins.sum() - wins, n.sum() - n)
    return _corrected(cards, p, correction)


def _kinds_alike(kinds: pd.DataFrame, correction: str) -> pd.DataFrame:
    """Each kind's share of the decisive games against an equal share (exact binomial)."""
    wins = kinds["wins"].astype(int)
    decisive = int(wins.sum())
    p = [binomial_two_sided_p(int(k), decisive, 1 / len(kinds)) if decisive else math.nan for k in wins]
    return _corrected(kinds, p, correction)


def mirror_pairs(cards: Iterable[str]) -> list[tuple[str, str]]:
    """The pairs (card, its mirror image) among card names: ``L`` and ``L'``, ``H5-2`` and ``H5-2'``.

    >>> mirror_pairs(["F", "F'", "I", "L", "L'", "X"])
    [('F', "F'"), ('L', "L'")]
    """
    names = set(cards)
    return [(name, name + "'") for name in sorted(names) if name + "'" in names]


def symmetry_check(frame: pd.DataFrame, by: By = None, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """A sanity check: does each card win as often as its mirror image?

    The rules, the deal and the kit's players treat a card and its mirror
    image alike (a mirrored game is as likely as the game), so their true win
    rates are equal. Each pair is tested (:func:`two_proportion_p_value`), the
    p-values Holm-adjusted over the pairs; a last row tests all pairs at once
    (the sum of the squared z scores against chi-square). A significant gap is
    not a discovery but a warning: the ``verdict`` says "sample too small or a
    bug" (one in twenty studies shows a chance gap at the 5% level).

    Columns: [by...], ``card``, ``mirror``, ``wins``, ``n``, ``mirror_wins``,
    ``mirror_n``, ``estimate`` (card's rate minus the mirror's), ``low``,
    ``high`` (normal interval of the gap), ``p_value``, ``p_adjusted``,
    ``verdict``.
    """
    return symmetry_of(card_win_rates(frame, by), by, confidence)


def symmetry_of(cards: pd.DataFrame, by: By, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """:func:`symmetry_check` from a finished :func:`card_win_rates` table."""
    z = normal_quantile(0.5 + confidence / 2)
    columns = [
        "card",
        "mirror",
        "wins",
        "n",
        "mirror_wins",
        "mirror_n",
        "estimate",
        "low",
        "high",
        "p_value",
        "p_adjusted",
        "verdict",
    ]

    def check(group: pd.DataFrame) -> pd.DataFrame:
        rates = group.set_index("card")
        pairs = mirror_pairs(rates.index)
        if not pairs:
            return pd.DataFrame(columns=by_list(by) + columns)
        a = rates.loc[[card for card, _ in pairs]]
        b = rates.loc[[mirror for _, mirror in pairs]]
        k_a, n_a = a["wins"].to_numpy(float), a["n"].to_numpy(float)
        k_b, n_b = b["wins"].to_numpy(float), b["n"].to_numpy(float)
        with np.errstate(divide="ignore", invalid="ignore"):
            gap = k_a / n_a - k_b / n_b
            se = np.sqrt(k_a / n_a * (1 - k_a / n_a) / n_a + k_b / n_b * (1 - k_b / n_b) / n_b)
        z_scores = two_proportion_z(k_a, n_a, k_b, n_b)
        p = two_proportion_p_value(k_a, n_a, k_b, n_b)
        table = pd.DataFrame(
            {
                "card": a.index,
                "mirror": b.index,
                "wins": k_a.astype(int),
                "n": n_a.astype(int),
                "mirror_wins": k_b.astype(int),
                "mirror_n": n_b.astype(int),
                "estimate": gap,
                "low": gap - z * se,
                "high": gap + z * se,
                "p_value": p,
                "p_adjusted": adjust_p_values(p, "holm"),
            }
        )
        tested = ~np.isnan(z_scores)
        chi_square = float(np.sum(np.square(z_scores[tested])))
        overall = chi_square_sf(chi_square, int(tested.sum())) if tested.any() else math.nan
        table.loc[len(table)] = {
            "card": "all pairs",
            "mirror": "",
            "wins": int(k_a.sum()),
            "n": int(n_a.sum()),
            "mirror_wins": int(k_b.sum()),
            "mirror_n": int(n_b.sum()),
            "estimate": math.nan,
            "low": math.nan,
            "high": math.nan,
            "p_value": overall,
            "p_adjusted": overall,
        }
        table["verdict"] = np.where(
            table["p_adjusted"].isna(),
            SYMMETRY_VERDICTS["unknown"],
            np.where(table["p_adjusted"] < 1 - confidence, SYMMETRY_VERDICTS["flag"], SYMMETRY_VERDICTS["ok"]),
        )
        for key in reversed(by_list(by)):
            table.insert(0, key, group[key].iloc[0])
        return table

    return per_group_of_table(cards, by, check)


def _shape_name(cards: pd.Series) -> pd.Series:
    """``"L'"`` -> ``"L"``, ``"F+L'"`` -> ``"F+L"``: a card's free shape (mirrors merged)."""
    return cards.astype(object).where(cards.isna(), cards.astype(str).str.replace("'", "", regex=False))


def shape_win_rates(frame: pd.DataFrame, by: By = None, correction: str | None = None) -> pd.DataFrame:
    """:func:`card_win_rates` with each card and its mirror image pooled into one shape.

    A card and its mirror image win equally often (see :func:`symmetry_check`),
    so pooling them halves the number of rates and doubles the games behind
    each. Columns as :func:`card_win_rates`, with ``shape`` (the unprimed name)
    instead of ``card``.
    """
    require_columns(frame, "winning_card")
    pooled = frame.copy()
    for column in [c for c in frame.columns if c.startswith("cards_")] + ["winning_card"]:
        pooled[column] = _shape_name(frame[column])
    return card_win_rates(pooled, by, correction).rename(columns={"card": "shape"})
