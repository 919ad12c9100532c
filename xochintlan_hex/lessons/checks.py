"""Self-checks for the lessons' exercises: right or wrong, without giving the answer away.

Every check computes the right answer itself, with the engines, the polyform
counter or :mod:`xochintlan_hex.balance.stats` (so it stays right when the kit or a
study changes), compares it with yours and returns a :class:`Verdict`: it
shows as one line, ``Right!`` or ``Not yet: `` and a hint that points the way
without the answer, in the language in use (:mod:`xochintlan_hex.i18n`: the French
lessons read *Juste !* and *Pas encore*); ``bool(verdict)`` is True when the answer
is right. An answer left as ``None`` is a reminder to write one.

>>> check_tetris_kind("free")
Not yet: count the three kinds of tetromino with count_polyforms(4, kind=...) and compare with 7.
>>> bool(check_tetris_kind("one-sided"))
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..balance import stats
from ..hextremadura import Hextremadura, load_tileset
from ..i18n import N_, _, percent_text
from ..polyforms import Polyform, count_polyforms, polyforms
from ..puzzles import PieceSet, Puzzle
from ..xochintlan import KINDS, Rules, Xochintlan, board_from_text, goal_cards, human_group, winning_kinds
from ..xochintlan.gardens import garden_chance
from ..xochintlan.patterns import card_placements
from ..xochintlan.rules import kind_name


class Verdict:
    """The result of a check: ``right`` and the line a student reads."""

    def __init__(self, right: bool, message: str):
        self.right, self.message = bool(right), message

    def __bool__(self) -> bool:
        return self.right

    def __repr__(self) -> str:
        return self.message


# Shown through _() when a check runs, so each verdict speaks the language in use then.
RIGHT = N_("Right!")
NO_ANSWER = N_("No answer yet: replace None by your answer, then run the cell again.")


def _right() -> Verdict:
    return Verdict(True, _(RIGHT))


def _no_answer() -> Verdict:
    return Verdict(False, _(NO_ANSWER))


def _not_yet(hint: str) -> Verdict:
    return Verdict(False, _("Not yet: {hint}").format(hint=hint))


def _verdict(answer: Any, right: bool, hint: str) -> Verdict:
    if answer is None:
        return _no_answer()
    return _right() if right else _not_yet(hint)


def _close(answer: Any, value: float, tolerance: float) -> bool:
    """True when ``answer`` is a number within ``tolerance`` (relative) of ``value``."""
    try:
        return abs(float(answer) - value) <= tolerance * abs(value)
    except (TypeError, ValueError):
        return False


def _board(board: Any) -> dict:
    return board_from_text(board) if isinstance(board, str) else dict(board)


# ---------------------------------------------------------------------------
# Lesson 01: play Xochintlan

ACTION_TYPES = ("Place", "Switch", "MoveHuman")


def check_action_counts(counts: Any, *actions: str) -> Verdict:
    """``counts``: legal actions of each type after ``actions`` from set-up, e.g. ``{"Place": .., "Switch": .., "MoveHuman": ..}``."""
    if counts is None:
        return _no_answer()
    if not isinstance(counts, Mapping):
        return _not_yet(
            _("give a dict with one count per type of action: {types}.").format(types=", ".join(ACTION_TYPES))
        )
    game = Xochintlan(players=2, seed=0)
    for action in actions:
        game.play(action)
    right = Counter(type(a).__name__ for a in game.legal_actions())
    given = {str(k): v for k, v in counts.items() if v}
    missing = [kind for kind in ACTION_TYPES if kind not in counts]
    if missing:
        return _not_yet(
            _("give a count for every type of action, 0 included; missing: {types}.").format(types=", ".join(missing))
        )
    return _verdict(
        counts,
        given == dict(right),
        _(
            "list game.legal_actions() after {actions} and count each type; a type with no legal action counts 0."
        ).format(actions=", ".join(actions) or _("set-up")),
    )


def check_x_card_boards(stands: Any, spoiled: Any) -> Verdict:
    """Two boards (text or dict): on ``stands`` the X card stands with Birds; on ``spoiled`` a fifth Bird spoils it."""
    if stands is None and spoiled is None:
        return _no_answer()
    if stands is None or spoiled is None:
        return _not_yet(_("give both boards: one where the X card stands, one where it is spoiled."))
    first, second = _board(stands), _board(spoiled)
    if winning_kinds(first, "X") != {"B"}:
        return _not_yet(_("on the first board winning_kinds(board, 'X') must be {'B'}."))
    group = human_group(second, "B")
    x_inside = any(placement <= group for placement in card_placements("X"))
    if winning_kinds(second, "X") or len(group) <= 5 or not x_inside:
        return _not_yet(_("the second board needs the Human and four Birds in an X, plus one more Bird touching them."))
    return _right()


def check_record_result(answer: Sequence[Any] | None, record: str | Mapping[str, Any]) -> Verdict:
    """``answer``: (winner counted from 1, winning card, animal kind, True when the winner made the last action)."""
    if answer is None:
        return _no_answer()
    if isinstance(answer, str) or not isinstance(answer, Sequence) or len(answer) != 4:
        return _not_yet(
            _("give four things in a tuple: the player (from 1), the card, the animal letter and True or False.")
        )
    game = Xochintlan.from_json(record if isinstance(record, str) else json.dumps(record))
    if game.winner is None or game.winning_card is None or game.winning_kind is None:
        return Verdict(False, _("This game has no winner: nothing to check."))
    player, card, kind, own_move = answer
    last_mover = (len(game.history) - 1) % game.n_players
    letters = ", ".join(_kind_letter(k) for k in KINDS)
    if player != game.winner + 1:
        return _not_yet(_("replay the record and read outcome(); its winner counts from 0, players from 1."))
    if not isinstance(card, str) or card.strip() != game.winning_card.name:
        return _not_yet(_("the card is the one whose pattern stands at the end: read outcome()."))
    if not _same_kind(kind, game.winning_kind):
        return _not_yet(_("the animal kind is a letter, {letters}: read outcome().").format(letters=letters))
    if own_move is not (last_mover == game.winner):
        return _not_yet(_("the player who made the last action is the one whose turn it was before the end."))
    return _right()


def _kind_letter(kind: str) -> str:
    """The letter a person writes for ``kind`` in the language in use: the initial of its name."""
    return kind_name(kind)[0].upper()


def _same_kind(answer: Any, kind: str) -> bool:
    """True when ``answer`` names ``kind`` by the engine's letter or by the letter of the language in use."""
    return isinstance(answer, str) and answer.strip().upper() in {kind, _kind_letter(kind)}


# ---------------------------------------------------------------------------
# Lesson 02: pattern enumeration

# The kinds of count as a student may write them, in either language.
KIND_WORDS = {
    "fixed": "fixed",
    "fixe": "fixed",
    "one-sided": "one-sided",
    "onesided": "one-sided",
    "unilatéral": "one-sided",
    "unilatérale": "one-sided",
    "unilatéraux": "one-sided",
    "unilateral": "one-sided",
    "free": "free",
    "libre": "free",
}


def check_tetris_kind(kind: Any) -> Verdict:
    """``kind``: "fixed", "one-sided" or "free", the kind of tetromino count that is 7."""
    word = KIND_WORDS.get(str(kind).strip().lower().replace(" ", "-").replace("_", "-").rstrip("s"))
    if kind is not None and word is None:
        return _not_yet(_("answer with one of the three kinds of count that section 3 names."))
    right = word is not None and count_polyforms(4, kind=word) == 7
    return _verdict(
        kind, right, _("count the three kinds of tetromino with count_polyforms(4, kind=...) and compare with 7.")
    )


def check_chiral_hexominoes(count: Any) -> Verdict:
    """``count``: how many of the 35 free hexominoes are chiral."""
    right = _is_whole_number(count) and sum(form.is_chiral for form in polyforms(6)) == int(count)
    return _verdict(count, right, _("one-sided = free + chiral: compare count_polyforms(6, kind='one-sided') with 35."))


def _is_whole_number(value: Any) -> bool:
    try:
        return not isinstance(value, (bool, str)) and float(value) == int(value)
    except (TypeError, ValueError, OverflowError):
        return False


def check_fixed_polyhexes(counts: Any) -> Verdict:
    """``counts``: the numbers of fixed polyhexes of 1, 2, ..., 7 cells (more cells are welcome)."""
    if counts is None:
        return _no_answer()
    given = list(counts.values()) if isinstance(counts, Mapping) else counts
    try:
        given = [int(value) for value in given]
    except (TypeError, ValueError):
        return _not_yet(_("give a list of whole numbers, for 1 to 7 cells."))
    if len(given) < 7:
        return _not_yet(_("give 7 numbers, for 1 to 7 cells, and compare them with A001207."))
    right = [count_polyforms(n, "hex", "fixed") for n in range(1, len(given) + 1)]
    return _verdict(counts, given == right, _("give 7 numbers, for 1 to 7 cells, and compare them with A001207."))


def check_most_symmetric_pentahexes(names: Any) -> Verdict:
    """``names``: the free pentahexes with the largest symmetry group, by the kit's names (H5-n)."""
    if names is None:
        return _no_answer()
    given = {str(name).strip().upper() for name in ([names] if isinstance(names, str) else names)}
    forms = polyforms(5, "hex")
    largest = max(form.symmetry_order for form in forms)
    right = {form.name.upper() for form in forms if form.symmetry_order == largest}
    if given < right:
        return _not_yet(_("more than one pentahex has the largest symmetry order: give them all."))
    return _verdict(
        names,
        given == right,
        _("compute symmetry_order for every form of polyforms(5, 'hex') and keep all those with the largest."),
    )


# ---------------------------------------------------------------------------
# Lesson 03: game statistics


def games_for_half_width(study: pd.DataFrame, target: float, digits: int | None = None) -> float:
    """Games that shrink the first-player advantage's half-width to ``target`` (bounds rounded to ``digits``)."""
    advantage = stats.first_player_advantage(study).iloc[0]
    low, high = float(advantage["low"]), float(advantage["high"])
    if digits is not None:
        low, high = round(low, digits), round(high, digits)
    return len(study) * ((high - low) / 2 / target) ** 2


def check_games_needed(games: float | None, study: pd.DataFrame) -> Verdict:
    """``games``: how many games shrink the first-player advantage's interval to about ±0.01."""
    if games is None:
        return _no_answer()
    # the exact bounds, or those the page prints (3 decimals): either way is right
    needed = [games_for_half_width(study, 0.01, digits) for digits in (None, 3)]
    if any(_close(games, value, 0.05) for value in needed):
        return _right()
    factor = needed[0] / len(study)
    if _close(games, factor, 0.1):
        return _not_yet(_("that is how many times more games it takes; how many games is that?"))
    if _close(games, len(study) * factor**0.5, 0.1):
        return _not_yet(_("the half-width shrinks like 1/sqrt(n), not like 1/n: square the ratio of the widths."))
    return _not_yet(
        _(
            "the half-width shrinks like 1/sqrt(n): how many times more games make it "
            "0.01 instead of today's half-width?"
        )
    )


def check_hex_favoured_player(player: int | None, hex_study: pd.DataFrame) -> Verdict:
    """``player``: the player (counted from 1) who wins most often on the hex board."""
    seats = stats.win_rate_by_seat(hex_study)
    favoured = int(seats.loc[seats["estimate"].idxmax(), "seat"]) + 1
    if player == 0:
        return _not_yet(_("players are counted from 1 in the text: player 1 moves first."))
    return _verdict(
        player, player == favoured, _("compute stats.win_rate_by_seat on the hex study; players are counted from 1.")
    )


def bonferroni_z(comparisons: int, risk: float = 0.05) -> float:
    """The z of each of ``comparisons`` two-sided intervals whose risks add up to ``risk`` (Bonferroni)."""
    return stats.normal_quantile(1 - risk / (2 * comparisons))


def check_bonferroni_z(z: float | None, comparisons: int = 18) -> Verdict:
    """``z``: the z that makes ``comparisons`` intervals together 95% sure (Bonferroni)."""
    if z is None:
        return _no_answer()
    right = bonferroni_z(comparisons)
    try:
        value = float(z)
    except (TypeError, ValueError):
        return _not_yet(_("give one number, the z of each interval."))
    if abs(value - right) <= 0.011:  # 2 decimals, or "about 3"
        return _right()
    if value < 1:
        return _not_yet(
            _("that is a risk, not a z: find the z that leaves this risk outside -z..z (stats.normal_quantile).")
        )
    if any(abs(value - bonferroni_z(k)) <= 0.011 for k in range(1, 100) if k != comparisons):
        return _not_yet(_("that is the z for another number of comparisons: count the cards."))
    return _not_yet(
        _("share the {risk} risk among the comparisons, then split each share between the two tails.").format(
            risk=percent_text(0.05)
        )
    )


# ---------------------------------------------------------------------------
# Lesson 04: objective probabilities


def check_flipped_placements(placements: Mapping[str, int] | None) -> Verdict:
    """``placements``: card name -> placements around the Human when flipped cards count too,
    for every card that gains placements (the others may be given too, unchanged)."""
    if not placements:
        return _no_answer()
    flipped = Rules(match="rotation+reflection")
    names = {card.name for card in goal_cards()}
    unknown = sorted(set(placements) - names)
    if unknown:
        return _not_yet(
            _("{unknown} are not goal cards; the cards are {cards}.").format(unknown=unknown, cards=sorted(names))
        )
    wrong = sorted(name for name, count in placements.items() if count != len(card_placements(name, flipped)))
    if wrong:
        hint = _("look again at {cards}: does its mirror image give new orientations?").format(cards=", ".join(wrong))
        return _not_yet(hint)
    gaining = {name for name in names if len(card_placements(name, flipped)) > len(card_placements(name))}
    if not gaining <= set(placements):
        return _not_yet(_("right so far, but other cards gain placements too: look at every card."))
    return _right()


def check_best_density(card: str, p: float | None) -> Verdict:
    """``p``: the garden density that makes the formula largest for ``card`` (the expected number of kinds
    with which it stands, a hair above the probability that it stands)."""
    grid = np.linspace(0.001, 1 / 3, 2000)
    best = float(grid[np.argmax([garden_chance(card, q) for q in grid])])
    return _verdict(
        p, _close(p, best, 0.02), _("set the derivative of p**4 * (1 - p)**rim to zero, with the rim of this card.")
    )


def check_hex_placements(total: int | None) -> Verdict:
    """``total``: the placements around the Human of all 33 hex cards together."""
    rules = Rules(lattice="hex")
    right = sum(len(card_placements(card, rules)) for card in goal_cards("hex"))
    return _verdict(
        total,
        total == right,
        _(
            "add len(card_placements(card, Rules(lattice='hex'))) "
            "over goal_cards('hex'), or use 5 x the fixed pentahexes."
        ),
    )


def check_games_for_upper_bound(games: int | None, bound: float = 0.01) -> Verdict:
    """``games``: the fewest games with no success whose 95% Wilson upper end is below ``bound``."""
    n = np.arange(1, 100_000)
    needed = int(n[np.argmax(stats.wilson_interval(0, n)[1] < bound)])
    return _verdict(
        games,
        games is not None and abs(int(games) - needed) <= 2,
        _("try stats.wilson_interval(0, n) for many n and keep the first whose upper end is below 1%."),
    )


def check_rarest_icon(icon: str | None) -> Verdict:
    """``icon``: the icon printed on the fewest backs of the kit's tile set."""
    supply = pd.Series([i for spec in load_tileset() for i in spec.back.icons.values()]).value_counts()
    return _verdict(
        icon, icon == supply.idxmin(), _("count the icons on the backs: spec.back.icons.values() for each tile.")
    )


# ---------------------------------------------------------------------------
# Lesson 05: Hextremadura


def check_second_turn_placements(count: int | None, seed: int = 3, first: str = "T4@(0,0)r2f") -> Verdict:
    """``count``: the legal placements of the second turn of the game of ``seed`` after ``first``."""
    game = Hextremadura(seed=seed)
    game.play(first)
    return _verdict(
        count,
        count == len(game.legal_actions()),
        _("open cells x 6 rotations x the faces each available tile may show."),
    )


def check_unpaired_width(width: float | None, first: pd.Series, second: pd.Series) -> Verdict:
    """``width``: the 95% interval's width for the difference of two means, the games taken as unrelated."""
    standard_error = np.sqrt(first.var() / len(first) + second.var() / len(second))
    return _verdict(
        width,
        _close(width, 2 * 1.96 * standard_error, 0.05),
        _("the width is 2 x 1.96 x sqrt(s1**2/n1 + s2**2/n2), with the variances of the two score columns."),
    )


def check_rank_correlation(value: float | None, first: pd.DataFrame, second: pd.DataFrame) -> Verdict:
    """``value``: the rank correlation of the cards' win rates in two studies."""
    a = stats.card_win_rates(first).set_index("card")["estimate"]
    b = stats.card_win_rates(second).set_index("card")["estimate"]
    return _verdict(
        value,
        _close(value, float(a.rank().corr(b.rank())), 0.02),
        _("rank each study's card win rates (Series.rank()), then take the ordinary correlation of the two rankings."),
    )


def check_smaller_requirements(tileset: Any) -> Verdict:
    """``tileset``: the kit's set with every requirement of 8 sectors (T10's, T11's) asking for 5."""
    if tileset is None:
        return _no_answer()
    try:
        mine = load_tileset(tileset)
    except Exception as error:  # the reader names what is wrong: pass it on
        return _not_yet(_("the tile set does not load: {error}").format(error=error))
    kit = load_tileset()
    expected = {t.id: [5 if r.size == 8 else r.size for r in t.front.requirements] for t in kit}
    sizes = {t.id: [r.size for r in t.front.requirements] for t in mine}
    return _verdict(
        tileset, sizes == expected, _("change the size of every requirement of 8 sectors to 5, and nothing else.")
    )


def _loss_readings(before: float, after: float) -> list[float]:
    """The loss as a student can reach it from lesson 05's page: computed, at the page's rounding
    (2 decimals), as the difference of the two means the table prints (2 decimals), as the
    folded answer's "about a tenth" (1 decimal)."""
    right = float(before - after)
    return [right, round(right, 2), round(round(before, 2) - round(after, 2), 2), round(right, 1)]


def _page_reading(value: float, readings: Sequence[float]) -> bool:
    """``value`` is one of ``readings``, or the computed one (the first) written to 3 decimals or more."""
    return abs(value - readings[0]) <= 0.0005 or any(abs(value - reading) < 1e-9 for reading in readings[1:])


def check_old_objective_loss(loss: float | None, kit_study: pd.DataFrame, new_study: pd.DataFrame) -> Verdict:
    """``loss``: points per game the *all symbols* objectives lost between the two studies."""
    if loss is None:
        return _no_answer()
    before, after = kit_study["met_all_symbols"].mean(), new_study["met_all_symbols"].mean()
    readings = _loss_readings(before, after)
    try:
        value = float(loss)
    except (TypeError, ValueError):
        return _not_yet(_("give one number, in points per game."))
    if _page_reading(value, readings):
        return _right()
    if _page_reading(-value, readings):
        return _not_yet(_("a loss is counted as a positive number: the kit set's mean minus the new set's."))
    if abs(value - before) <= 0.006 or abs(value - after) <= 0.006:
        return _not_yet(_("that is one study's mean: the loss is the difference between the two studies."))
    return _not_yet(_("compare the mean of met_all_symbols in the two studies."))


# ---------------------------------------------------------------------------
# Lesson 07: is it the game or the players?


def _three_numbers(answer: Any) -> tuple[float, float, float] | None:
    """``answer`` as (estimate, low, high), or None when it is not three numbers."""
    try:
        estimate, low, high = (float(value) for value in answer)
    except (TypeError, ValueError):
        return None
    return estimate, low, high


def _interval_verdict(answer: Any, right: Sequence[float], tolerance: float, hint: str) -> Verdict:
    """Right when ``answer`` is (estimate, low, high) within ``tolerance`` of ``right``, each."""
    if answer is None:
        return _no_answer()
    given = _three_numbers(answer)
    if given is None:
        if _close(answer, right[0], 0.02) or (isinstance(answer, (int, float)) and abs(answer - right[0]) <= tolerance):
            return _not_yet(
                _("right estimate; now give its {level} interval too: (estimate, low, high).").format(
                    level=percent_text(0.95)
                )
            )
        return _not_yet(_("give three numbers: (estimate, low, high)."))
    if all(abs(a - b) <= tolerance for a, b in zip(given, right)):
        return _right()
    return _not_yet(hint)


def check_strong_game_length(answer: Any, strong_study: pd.DataFrame) -> Verdict:
    """``answer``: (mean, low, high), the mean number of actions of the two-player games of
    ``strong_study`` with its 95% interval, to the nearest action."""
    games = strong_study[strong_study["n_players"] == 2]
    length = stats.duration(games).iloc[0]
    right = [float(length[column]) for column in ("estimate", "low", "high")]
    return _interval_verdict(
        answer,
        right,
        0.55,
        _("use stats.duration on the two-player games of the strong study, and keep its estimate, low and high."),
    )


def elo_win_chance(elo_gap: float) -> float:
    """The chance that a player ``elo_gap`` Elo points stronger wins (a draw counting half)."""
    return 1 / (1 + 10 ** (-elo_gap / 400))


def check_elo_win_chance(chance: float | None, ladder: pd.DataFrame, player: str, opponent: str) -> Verdict:
    """``chance``: P(``player`` beats ``opponent``) predicted by the ladder's Elo points."""
    if chance is None:
        return _no_answer()
    elo = ladder.set_index("player")["elo"]
    gaps = [float(elo[player] - elo[opponent]), round(float(elo[player])) - round(float(elo[opponent]))]
    try:
        value = float(chance)
    except (TypeError, ValueError):
        return _not_yet(_("give one number between 0 and 1."))
    if any(abs(value - elo_win_chance(gap)) <= 0.006 for gap in gaps):
        return _right()
    if value > 1:
        return _not_yet(_("that is a gap in Elo points: turn it into a chance with the formula of the ladder."))
    if any(abs(value - (1 - elo_win_chance(gap))) <= 0.006 for gap in gaps):
        return _not_yet(_("that is the weaker player's chance: whose chance is asked?"))
    return _not_yet(_("P = 1 / (1 + 10 ** (-gap / 400)), with the gap in Elo points from the ladder's table."))


def edge_difference(study: pd.DataFrame, reference: pd.DataFrame) -> list[float]:
    """Player 1's edge in ``study`` minus in ``reference``, with its 95% interval (Newcombe's MOVER)."""
    a, b = (stats.first_player_advantage(frame).iloc[0] for frame in (study, reference))
    gap = float(a["estimate"] - b["estimate"])
    low = gap - float(np.hypot(a["estimate"] - a["low"], b["high"] - b["estimate"]))
    high = gap + float(np.hypot(a["high"] - a["estimate"], b["estimate"] - b["low"]))
    return [gap, low, high]


def check_edge_difference(answer: Any, study: pd.DataFrame, reference: pd.DataFrame) -> Verdict:
    """``answer``: (difference, low, high), player 1's edge in ``study`` minus in ``reference``, 95% interval."""
    right = edge_difference(study, reference)
    given = _three_numbers(answer)
    if given is not None:
        a, b = (stats.first_player_advantage(frame).iloc[0] for frame in (study, reference))
        naive = [right[0], float(a["low"] - b["low"]), float(a["high"] - b["high"])]
        if all(abs(x - y) <= 0.006 for x, y in zip(given, naive)) and not all(
            abs(x - y) <= 0.006 for x, y in zip(given, right)
        ):
            return _not_yet(
                _("the bounds of a difference are not the differences of the bounds: combine the two intervals.")
            )
    return _interval_verdict(
        answer, right, 0.006, _("use difference() on the two first-player advantages, the new rules first.")
    )


# ---------------------------------------------------------------------------
# Lesson 06: tilings


def tilings_table() -> pd.DataFrame:
    """The kit's table of pentomino box tilings (``datasets/tilings.csv``), by region."""
    from . import datasets_folder

    table = pd.read_csv(datasets_folder() / "tilings.csv")
    return table[table["pieces"] == "pentominoes"].set_index("region")


def check_all_tilings(count: Any, box: str = "6x10") -> Verdict:
    """``count``: the tilings of ``box`` by the 12 pentominoes, turns and flips of a tiling counted apart."""
    row = tilings_table().loc[box]
    if _is_whole_number(count) and int(count) == int(row["distinct"]):
        return _not_yet(_("that counts each family of turned and flipped tilings once; count every member."))
    return _verdict(
        count,
        _is_whole_number(count) and int(count) == int(row["tilings"]),
        _("read the full count in the kit's table (datasets/tilings.csv), or count with Puzzle(...).count()."),
    )


def dark_and_light(cells: Any) -> tuple[int, int]:
    """How many of ``cells`` are dark (x + y even) and light, on the lessons' chessboard colouring."""
    cells = list(cells)
    dark = sum((x + y) % 2 == 0 for x, y in cells)
    return dark, len(cells) - dark


def _most_dark(form: Polyform) -> int:
    """The most dark squares ``form`` covers, turned and slid anywhere (a slide by one swaps the colours)."""
    return max(max(dark_and_light(o.cells)) for o in form.orientations("one-sided"))


def check_one_sided_tetromino_box(answer: Any) -> Verdict:
    """``answer``: (dark, light) squares the 7 one-sided tetrominoes cover with the T on 3 dark, and the tilings of 4 x 7."""
    if answer is None:
        return _no_answer()
    if isinstance(answer, str) or not isinstance(answer, Sequence) or len(answer) != 3:
        return _not_yet(_("give three numbers: dark squares, light squares, tilings of the 4 x 7 box."))
    pieces = polyforms(4, "square", "one-sided")
    dark = sum(_most_dark(form) for form in pieces)  # the T leaning dark, the others balanced
    right = (dark, 4 * len(pieces) - dark, Puzzle("4x7", "one-sided-tetrominoes").count())
    if tuple(answer[:2]) != right[:2]:
        return _not_yet(
            _("add up each piece's dark and light squares, with dark_and_light; only one piece is unbalanced.")
        )
    return _verdict(answer, tuple(answer) == right, _("ask the kit: Puzzle('4x7', 'one-sided-tetrominoes').count()."))


def check_tilings_with_copies(counter: Any) -> Verdict:
    """``counter``: a function counting the tilings of a puzzle whose pieces come in several copies."""
    if counter is None:
        return _no_answer()
    if not callable(counter):
        return _not_yet(_("give the function itself: its name, without brackets."))
    T = Polyform.from_text("###\n.#.")
    for box, copies in [("4x4", 4), ("2x6", 3), ("4x8", 8)]:
        puzzle = Puzzle(box, PieceSet([T], copies=copies))
        try:
            counted = counter(puzzle)
        except Exception as error:  # a student's function: say what it raised, and where
            return _not_yet(
                _("on {box} with {copies} T's your function raised {error!r}.").format(
                    box=box, copies=copies, error=error
                )
            )
        if counted != puzzle.count():
            return _not_yet(
                _(
                    "on {box} with {copies} T's your function does not agree with the kit's solver: "
                    "is each tiling counted once, whichever copy of a piece lies where?"
                ).format(box=box, copies=copies)
            )
    return _right()


def check_symmetric_tiling(answer: Any, box: str = "5x12") -> Verdict:
    """``answer``: (tilings of ``box`` left unchanged by its turns and flips other than the identity, in all; True if any)."""
    if answer is None:
        return _no_answer()
    if isinstance(answer, (str, bool)) or not isinstance(answer, Sequence) or len(answer) != 2:
        return _not_yet(_("give two things: a number of tilings, then True or False."))
    row = tilings_table().loc[box]
    # Burnside: families x symmetries = the sum, over the symmetries, of the tilings each leaves unchanged.
    unchanged_by_others = int(row["distinct"]) * int(row["symmetries"]) - int(row["tilings"])
    count, symmetric = answer
    if not _is_whole_number(count) or int(count) != unchanged_by_others:
        return _not_yet(
            _("Burnside: families x symmetries = the tilings the identity leaves, plus those the others leave.")
        )
    return _verdict(
        answer,
        isinstance(symmetric, (bool, np.bool_)) and bool(symmetric) == (unchanged_by_others > 0),
        _("a tiling is its own image exactly when some symmetry other than the identity leaves it unchanged."),
    )
