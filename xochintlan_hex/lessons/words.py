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

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from ..balance.report_text import OBJECTIVE_NAMES, VERDICT_NAMES
from ..balance.stats import SYMMETRY_VERDICTS
from ..hextremadura import icon_name, rating_name, terrain_name
from ..i18n import N_, _, ngettext, number_text, percent_text
from ..viz.studies import CONFIDENCE_NOTE
from ..viz.style import PLAYER_NAMES, word
from ..viz.tables import heading, readable
from ..xochintlan import kind_name, parse_action
from ..xochintlan.rules import LATTICE_WORDS

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
    # lesson 5: Hextremadura's objectives and the design experiment
    "tile": N_("tile"),
    "holds": N_("holds"),
    "game": N_("game"),
    "seed": N_("seed"),
    "rounds": N_("rounds"),
    "explored": N_("explored"),
    "kit set": N_("kit set"),
    "easier T1": N_("easier T1"),
    "paired difference": N_("paired difference"),
    "face down": N_("face down"),
    "met": N_("met"),
    "objective": N_("objective"),
    "tiles": N_("tiles"),
    "predicted": N_("predicted"),
    "measured": N_("measured"),
    "gain (three separate)": N_("gain (three separate)"),
    "whole change": N_("whole change"),
    # lesson 7: the game or the players
    "margin": N_("margin"),
    "margin_low": N_("margin, low"),
    "margin_high": N_("margin, high"),
    "losses": N_("losses"),
    "draws": N_("draws"),
    "elo_low": N_("Elo, low"),
    "elo_high": N_("Elo, high"),
    "players": N_("who plays"),  # a kind of player, beside "n_players" (how many)
    "win share": N_("win share"),
    "advantage": N_("advantage"),
    "mean turns": N_("mean turns"),
    "1 card": N_("1 card"),
    "2 cards": N_("2 cards"),
    "won at action 4": N_("won at action 4"),
    "share": N_("share"),
    "by player 2": N_("by player 2"),
    "outcome": N_("outcome"),
    "endgame": N_("endgame"),
    "rules": N_("rules"),
    "rule book": N_("rule book"),
    "edge of player 1": N_("edge of player 1"),
    "ties": N_("ties"),
    "mean actions": N_("mean actions"),
    "metric": N_("metric"),
    "level": N_("level"),
    "seat": N_("seat"),  # beside a "player" column (a kind of player), the seat keeps its own word
    "cards": N_("cards"),
    "fewest holders": N_("fewest holders"),
    "most holders": N_("most holders"),
    "narrowest interval": N_("narrowest interval"),
    "widest interval": N_("widest interval"),
    "difference": N_("difference"),
    "win rate against greedy": N_("win rate against greedy"),
    "minus": N_("minus"),  # a difference's second term, beside the "player" it is taken from
    "difference_low": N_("difference, low"),
    "difference_high": N_("difference, high"),
    "same winner": N_("same winner"),
    "actions added": N_("actions added"),
    "p2_low": N_("by player 2, low"),
    "p2_high": N_("by player 2, high"),
    "2 cards - 1 card": N_("2 cards − 1 card"),
    "decisive, swap - tie": N_("decisive, swap − tie"),
    "game length (actions)": N_("game length (actions)"),
    "lattice": N_("board"),
    "ismcts-250 - greedy, hex": N_("ismcts-250 − greedy, hexagonal cells"),
    "hex - square, ismcts-250": N_("hexagonal − square cells, ismcts-250"),
    "points share": N_("points share"),  # a pair's points (a draw half) over its games
    "chi-square": N_("chi-square"),
    "df": N_("degrees of freedom"),
    # lesson 4: the objectives' probabilities
    "turns fixing it": N_("turns fixing it"),
    "orientations": N_("orientations"),
    "placements": N_("placements"),
    "rim": N_("rim"),
    "formula": N_("formula"),
    "mean kinds": N_("mean kinds"),
    "share of gardens": N_("share of gardens"),
    "type": N_("type"),
    "icons on its back": N_("icons on its back"),
    "total": N_("total"),
    "who": N_("who"),
    "what": N_("what"),
    "successes": N_("successes"),
    "mean_score": N_("mean score"),
    "mean_low": N_("mean, low"),
    "mean_high": N_("mean, high"),
    "may end back up": N_("may end back up"),
    "icons suffice": N_("icons suffice"),
    "may score": N_("may score"),
    "every rule": N_("every rule"),
    "no rule (brute force)": N_("no rule (brute force)"),
    "best game": N_("best game"),
    "proved at most": N_("proved at most"),
    "states searched": N_("states searched"),
    "lower": N_("lower bound"),
    "upper": N_("upper bound"),
    "deals": N_("deals"),
    # lesson 3: game statistics
    "first-player advantage": N_("first-player advantage"),
    "balance": N_("balance"),
    "our bootstrap": N_("our bootstrap"),
    "pair": N_("pair"),
    "gap": N_("gap"),
    "all pairs": N_("all pairs"),
    "verdict": N_("verdict"),
    "max": N_("max"),
    "exact chance at action 4": N_("exact chance at action 4"),
    "next best": N_("next best player"),
}

#: What the solvability summaries measure (their ``what`` keys), as a reader names it.
FINDINGS = {
    "perfect score proved reachable": N_("perfect score proved reachable"),
    "perfect score proved impossible": N_("perfect score proved impossible"),
    "perfect score reached": N_("perfect score reached"),
    "decided": N_("decided"),
    "perfect score proved possible": N_("perfect score proved possible"),
    "points below the best game found": N_("points below the best game found"),
    "points below the upper bound": N_("points below the upper bound"),
}

#: How a game ended, and the endgame rule it was played with, as a reader names them (the data keep the keys).
OUTCOME_NAMES = {
    "completion": N_("completion"),
    "decisive": N_("decisive"),
    "tie": N_("tie"),
    "turn_limit": N_("turn limit"),
    "swap": N_("swap"),
    "win": N_("win"),
}
#: The players a lesson meets besides the computer players.
OTHER_PLAYERS = {"student": N_("student"), "solver": N_("solver")}


def _whole(count: Any) -> Any:
    """A count stored as a float (40.0) as the whole number it is."""
    return int(count) if isinstance(count, float) and count.is_integer() else count


def lattice_words(name: Any) -> Any:
    """A board's lattice in words ("hex": "hexagonal cells"); other values as they are."""
    return _(LATTICE_WORDS[name]) if isinstance(name, str) and name in LATTICE_WORDS else name


def player_words(name: Any) -> Any:
    """A player's name as a reader reads it ("greedy", in French "glouton"); other values as they are."""
    if not isinstance(name, str):
        return name
    return _(OTHER_PLAYERS[name]) if name in OTHER_PLAYERS else word(PLAYER_NAMES, name)


def finding_words(what: Any) -> Any:
    """What a solvability summary measures, in words ("greedy: points below..." names its player first)."""
    if not isinstance(what, str):
        return what
    player, _colon, finding = what.rpartition(": ")
    words = _(FINDINGS[finding]) if finding in FINDINGS else finding
    return _("{player}: {finding}").format(player=player_words(player), finding=words) if player else words


def verdict_words(verdict: Any) -> Any:
    """The symmetry check's verdict (the text :data:`~xochintlan_hex.balance.card_metrics.SYMMETRY_VERDICTS` stores) in words."""
    keys = {text: key for key, text in SYMMETRY_VERDICTS.items()}
    return _(VERDICT_NAMES[keys[verdict]]) if verdict in keys else verdict


def duel_words(level: Any) -> Any:
    """A report's level "greedy vs student" in words; any other level as it is."""
    if not isinstance(level, str) or " vs " not in level:
        return level
    player, opponent = level.split(" vs ", 1)
    return _("{player} vs {opponent}").format(player=player_words(player), opponent=player_words(opponent))


def outcome_words(outcome: Any) -> Any:
    """How a game ended, or an endgame rule, in words."""
    return _(OUTCOME_NAMES[outcome]) if isinstance(outcome, str) and outcome in OUTCOME_NAMES else outcome


#: The columns whose values are keys of the data, and how a reader names each value.
VALUE_NAMES: dict[str, Callable[[Any], Any]] = {
    "rating": lambda band: rating_name(band) if isinstance(band, str) else band,
    "seed": str,  # an identifier: its digits as they are
    "player": lambda name: player_words(name),
    "opponent": lambda name: player_words(name),
    "minus": lambda name: player_words(name),
    "players": lambda name: player_words(name),
    "lattice": lambda name: lattice_words(name),
    "level": lambda level: duel_words(level),
    "outcome": lambda outcome: outcome_words(outcome),
    "endgame": lambda outcome: outcome_words(outcome),
    "end_reason": lambda outcome: outcome_words(outcome),
    "player_0": lambda name: player_words(name),
    "who": lambda name: player_words(name),
    "verdict": lambda verdict: verdict_words(verdict),
    "kind": lambda kind: kind_name(kind, 2) if kind in ("L", "B", "M") else kind,
    "objective": lambda key: _objective_words(key),
    "type": lambda key: _objective_words(key),
    "what": lambda what: finding_words(what),
    "player_1": lambda name: player_words(name),
    "rules": lambda rules: _(HEADINGS[rules]) if rules == "rule book" else rules,
    **{count: lambda value: _whole(value) for count in ("n", "games", "wins", "losses", "draws", "won at action 4")},
}


def _objective_words(key: Any) -> Any:
    """An objective type's key (``all_symbols`` ...) in words; any other value as it is."""
    return _(OBJECTIVE_NAMES[key]) if key in OBJECTIVE_NAMES else key


def shown(frame: pd.DataFrame | pd.Series, digits: int = 3) -> pd.DataFrame:
    """``frame`` as a reader sees it: headings, row labels and keys in words, numbers as text,
    in the language in use."""
    if isinstance(frame, pd.DataFrame):
        frame = frame.copy()
        for column, name in VALUE_NAMES.items():
            if column in frame.columns:
                frame[column] = frame[column].map(name)
        frame.index = _named_levels(frame.index)
        frame.columns = _named_levels(frame.columns)
    table = readable(frame, digits, headings=HEADINGS)
    return table.rename(index=_row_words)


def _row_words(label: Any) -> Any:
    """A row label in words: a key of the lessons' or the kit's headings, or a player's name."""
    if not isinstance(label, str):
        return label
    worded = heading(label, HEADINGS)
    return player_words(label) if worded == label else worded


def _named_levels(index: pd.Index) -> pd.Index:
    """``index`` with the values of its levels that hold keys of the data (players, ratings) in words."""
    levels = [index.get_level_values(number) for number in range(index.nlevels)]
    named = [level.map(VALUE_NAMES[level.name]) if level.name in VALUE_NAMES else level for level in levels]
    if index.nlevels == 1:
        return named[0].rename(index.name)
    return pd.MultiIndex.from_arrays(named, names=index.names)


def matrix_headings(puzzle: Any) -> list[str]:
    """The exact-cover matrix's columns in words: one per cell of the region, then one per piece."""
    cells = [_("cell {cell}").format(cell=cell) for cell in puzzle.region.cells]
    return cells + [_("piece {name}").format(name=name) for name in puzzle.pieces.names]


def matrix_size(rows: int, columns: int) -> str:
    """How many placements (rows) and columns an exact-cover matrix has."""
    return _("{rows} placements (rows) and {columns} columns").format(
        rows=number_text(rows), columns=number_text(columns)
    )


def tile_faces(tile: Any) -> str:
    """A terrain tile's data, labelled and in words: the front's sectors (from side 0) and
    requirements, the back's icons (by sector) and objective.

    >>> from xochintlan_hex.hextremadura import load_tileset
    >>> print(tile_faces(load_tileset()["T7"]))
    front sectors: forest, water, forest, water, forest, water
    requirements: forest ≥ 3 across side 0, water ≥ 3 across side 1
    back icons: sector 0: stork; objective: two adjacent regions, one with a stork, the other with a monument
    """
    sectors = ", ".join(terrain_name(terrain) for terrain in tile.front.sectors)
    requirements = ", ".join(
        _("{terrain} ≥ {size} across side {side}").format(
            terrain=terrain_name(requirement.terrain), size=requirement.size, side=requirement.side
        )
        for requirement in tile.front.requirements
    )
    icons = ", ".join(
        _("sector {sector}: {icon}").format(sector=sector, icon=icon_name(icon))
        for sector, icon in sorted(tile.back.icons.items())
    )
    return "\n".join(
        [
            _("front sectors: {sectors}").format(sectors=sectors),
            _("requirements: {requirements}").format(requirements=requirements),
            _("back icons: {icons}; objective: {objective}").format(
                icons=icons, objective=tile.back.objective.describe()
            ),
        ]
    )


class Sentence(str):
    """A sentence a lesson's cell shows as its result: displayed as itself, without the quotes
    and escapes of a string's repr (a French sentence holds non-breaking spaces, which the
    repr writes as ``\\xa0``).

    >>> Sentence("la même graine donne les mêmes parties")
    la même graine donne les mêmes parties
    """

    def __repr__(self) -> str:
        return str(self)


def same_seed_same_games() -> Sentence:
    """What a lesson's check of a study's seed showed: the games came out the same."""
    return Sentence(_("the same seed gives the same games"))


def stored_games_replay() -> Sentence:
    """What a lesson's check of a study file showed: its games, replayed, end as stored."""
    return Sentence(_("the stored games replay exactly"))


def walk_and_kit(first_card: str, second_card: str, ours: float, kit: float) -> Sentence:
    """The chance of a win at the fourth action found by the lesson's own walk of the game
    tree, beside the kit's ``exact.first_win_chance``, as percentages with five decimals."""
    sentence = _("cards {first} and {second}: our walk {ours}, exact.first_win_chance {kit}")
    return Sentence(
        sentence.format(first=first_card, second=second_card, ours=percent_text(ours, 5), kit=percent_text(kit, 5))
    )


def kit_agrees(function: str) -> Sentence:
    """What a lesson's comparison with one of the kit's functions showed: the same numbers."""
    return Sentence(_("{function} gives the same numbers").format(function=function))


def game_summary(actions: int, score: int, rating: str) -> str:
    """A finished Hextremadura game in one line: its length, its score and its rating."""
    return _("{actions} actions, score {score}, rating: {rating}").format(
        actions=actions, score=score, rating=rating_name(rating)
    )


def _two(value: float) -> str:
    return number_text(float(value), 2)


def gain_prediction(face_down: float, before: float, after: float, gain: float) -> str:
    """The prediction of the design experiment: a face-down share times the change of a rate."""
    return _("face down {face_down}, rates {before} -> {after}: predicted gain {gain} points").format(
        face_down=_two(face_down), before=_two(before), after=_two(after), gain=_two(gain)
    )


def refined_prediction(prediction: float, measured: Mapping[str, float]) -> str:
    """The refined prediction beside the measured gain (its ``estimate``, ``low``, ``high``: a 95% interval)."""
    estimate, low, high = measured["estimate"], measured["low"], measured["high"]
    return _("refined prediction {prediction} points; measured {estimate} (95% interval {low} to {high})").format(
        prediction=_two(prediction), estimate=_two(estimate), low=_two(low), high=_two(high)
    )


def measured_minus_predicted(gap: float, low: float, high: float) -> str:
    """The difference measure - prediction with its 95% paired bootstrap interval."""
    return _("measured - predicted: {gap}, 95% interval {low} to {high} (paired bootstrap)").format(
        gap=_two(gap), low=_two(low), high=_two(high)
    )


#: The titles of the lessons' pictures.
TITLES = {
    # lesson 1
    "the card": N_("the card"),
    "seed example 1": N_("1) a win with the Lizards"),
    "seed example 2": N_("2) no win: the Human is not in the pattern"),
    "seed example 3": N_("3) no win: a fifth Lizard touches the pattern"),
    # lesson 3
    "small study": N_("small study ({games} tosses each)"),
    "share of heads": N_("share of heads, {level} interval"),
    # lesson 4
    "solver knows the order": N_("solver (knows the order)"),
    "score of the deal": N_("score of the deal"),
    "share of deals": N_("share of deals"),
    "deal scores": N_("Each deal's score, seed {seed}"),
    # lesson 2
    "small polyominoes": N_("Every polyomino of 1 to 4 cells"),
    "grown from T": N_("The pentominoes grown from T"),
    "goal cards": N_("The 18 goal cards: the one-sided pentominoes"),
    "hex goal cards": N_("The 33 hex goal cards: the one-sided pentahexes"),
    "cells n": N_("cells n"),
    "number of shapes": N_("number of shapes (log scale)"),
    "counts grow": N_("Polyform counts grow exponentially"),
    "fixed polyominoes": N_("fixed polyominoes"),
    "one-sided polyominoes": N_("one-sided polyominoes"),
    "free polyominoes": N_("free polyominoes"),
    "fixed polyhexes": N_("fixed polyhexes"),
    "one-sided polyhexes": N_("one-sided polyhexes"),
    "free polyhexes": N_("free polyhexes"),
    # lesson 6
    "a 6 x 10 tiling": N_("One of the tilings of the 6 × 10 box"),
    "T covers 3 of one colour": N_("T covers 3 of one colour"),
    # lesson 7
    "seat edge axis": N_("P(player 1 wins) − P(player 2 wins), {level} interval"),
    "which rule": N_("Which rule balances the seats?"),
    "greedy lengths": N_("Greedy players (the rare games over 40 actions not shown)"),
    "random lengths": N_("Random players"),
    "garden chance": N_("chance the card stands in a random garden (p = {p})"),
    "random win rate": N_("win rate between random players"),
    "kit set": N_("The kit's tile set"),
    "easier T1": N_("T1 asks for three separate forests with acorns"),
}


def title(key: str, **values: Any) -> str:
    """A lesson picture's title or axis label, in the language in use (``values`` fill its blanks;
    ``{level}`` is the 95% of the lessons' intervals)."""
    blanks = {"level": percent_text(0.95), **{name: _number(value) for name, value in values.items()}}
    return _(TITLES[key]).format(**blanks)


def with_confidence_note(label: str) -> str:
    """An axis label, with the note that its bars are 95% confidence intervals on a second line."""
    return label + "\n(" + _(CONFIDENCE_NOTE).format(level=percent_text(0.95)) + ")"


def _number(value: Any) -> Any:
    return number_text(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value


def ties_between(players: str, ties: int, games: int, low: float, high: float) -> str:
    """How many games between two copies of a player ended in a tie, with the share's 95% interval."""
    return _(
        "ties between two {players} players: {ties} of {games} games, {share} (95% interval {low} to {high})"
    ).format(
        players=player_words(players),
        ties=number_text(ties),
        games=number_text(games),
        share=percent_text(ties / games),
        low=percent_text(low),
        high=percent_text(high),
    )


def stopped_at_turn_cap(stopped: int, games: int, low: float, high: float) -> str:
    """How many games of the swap endgame hit the turn cap, with the share's 95% interval."""
    return _(
        "swap endgame: {stopped} of {games} games stopped at the turn cap, {share} (95% interval {low} to {high})"
    ).format(
        stopped=number_text(stopped),
        games=number_text(games),
        share=percent_text(stopped / games, 1),
        low=percent_text(low, 1),
        high=percent_text(high, 1),
    )


def two_kinds_at_once(count: int, cards: int, gardens: int) -> str:
    """How many times a card stood with two kinds at once, over all the cards and random gardens."""
    return _(
        "gardens where a card stood with two kinds at once: {count} (over all {cards} cards and {gardens} gardens)"
    ).format(count=number_text(count), cards=number_text(cards), gardens=number_text(gardens))


def rank_correlation_with(predictor: str, correlation: float, low: float, high: float) -> str:
    """Spearman's rank correlation of the cards' win rates with a predictor ("chance" or "placements"), with its
    95% bootstrap interval."""
    sentences = {
        "chance": N_("rank correlation with the random-garden chance: {correlation}, 95% interval {low} to {high}"),
        "placements": N_("rank correlation with the number of placements: {correlation}, 95% interval {low} to {high}"),
    }
    return _(sentences[predictor]).format(correlation=_two(correlation), low=_two(low), high=_two(high))


def correlation_gain(gain: float, low: float, high: float) -> str:
    """How much better the garden chance orders the cards than the placements alone, with its 95% interval."""
    return _("chance - placements: {gain}, 95% interval {low} to {high} (paired bootstrap)").format(
        gain=_two(gain), low=_two(low), high=_two(high)
    )


def rate_gap(higher: str, lower: str, gap: float, low: float, high: float) -> str:
    """The difference of two cards' win rates, with its 95% bootstrap interval."""
    return _("{higher} - {lower}: {gap}, 95% interval {low} to {high} (paired bootstrap)").format(
        higher=higher,
        lower=lower,
        gap=number_text(float(gap), 3),
        low=number_text(float(low), 3),
        high=number_text(float(high), 3),
    )


def intervals_holding_the_formula(held: int, total: int) -> str:
    """How many of ``total`` intervals hold the formula's value ("3 of 4 intervals hold ...")."""
    sentence = ngettext(
        "{held} of {total} intervals holds the formula's value",
        "{held} of {total} intervals hold the formula's value",
        int(held),
    )
    return sentence.format(held=number_text(int(held)), total=number_text(int(total)))


def icon_list(icons: Iterable[str]) -> str:
    """Icons in words, one after the other ("stork, acorn")."""
    return ", ".join(icon_name(icon) for icon in icons)


def perfect_scores(perfect: int, games: int, low: float, high: float, best: int) -> str:
    """How many greedy games reached a perfect score, with the 95% interval, and the best score."""
    return _(
        "perfect scores: {perfect} of {games} greedy games; 95% interval {low} to {high}; best score {best}"
    ).format(
        perfect=number_text(perfect),
        games=number_text(games),
        low=percent_text(low, 2),
        high=percent_text(high, 2),
        best=number_text(best),
    )


def score_of(score: int, best: int, rating: str) -> str:
    """A Hextremadura score out of the best possible, and its rating."""
    return _("score {score} of {best}, rating: {rating}").format(score=score, best=best, rating=rating_name(rating))


def in_the_perfect_game() -> str:
    """The heading of a column about the perfect game."""
    return _("in the perfect game")


def in_greedy_games(count: int, points: int) -> str:
    """The heading of a column about the greedy games that scored ``points`` or more."""
    return ngettext(
        "in the {count} greedy game of {points}+ points", "in the {count} greedy games of {points}+ points", count
    ).format(count=number_text(count), points=points)


def deal_summary(deal: Any, placements: int, score: int, best: int) -> str:
    """A solved deal: its number, how many placements, the score out of the best possible."""
    return _("deal {deal}: {placements} placements, score {score} of {best}").format(
        deal=deal, placements=placements, score=score, best=best
    )


def printed_icons(printed: Mapping[str, int]) -> str:
    """How many of each icon the backs of a deal's tiles print."""
    return _("icons printed on the backs of this deal: {icons}").format(icons=dict(printed))


def rule_list(rules: Iterable[str]) -> str:
    """The solver's pruning rules, by the names code gives them, or "none"."""
    return ", ".join(repr(rule) for rule in rules) or _("none")


def share_of_deals(what: str, estimate: float, deals: int, low: float, high: float) -> str:
    """A share of the deals, with its 95% interval."""
    return _("{what}: {share} of {deals} deals, interval [{low}, {high}] at 95%").format(
        what=finding_words(what),
        share=percent_text(estimate, 1),
        deals=number_text(deals),
        low=percent_text(low, 1),
        high=percent_text(high, 1),
    )


def win_words(kinds: Iterable[str]) -> list[str] | str:
    """The kinds that win on a board, in words ("Lizards"), or "no win" when none does."""
    return [kind_name(kind, 2) for kind in sorted(kinds)] or _("no win")


#: The eight symmetries of the square, in the order of ``Polyform.transform(0..7)``.
SYMMETRY_NAMES = (
    N_("as is"), N_("turn 90°"), N_("turn 180°"), N_("turn 270°"),
    N_("mirror"), N_("mirror,\nturn 90°"), N_("mirror,\nturn 180°"), N_("mirror,\nturn 270°"),
)  # fmt: skip


def symmetry_names() -> list[str]:
    """The eight symmetries of the square in words, in the order of ``Polyform.transform``."""
    return [_(name) for name in SYMMETRY_NAMES]


def symmetry_title(name: str, order: int) -> str:
    """A shape's name and the order of its symmetry group: "X: symmetry group of order 8"."""
    return _("{name}: symmetry group of order {order}").format(name=name, order=order)


#: A tile's two faces, as a picture's title names the face shown.
FACE_WORDS = {"front": N_("front"), "back": N_("back")}


def tile_title(tile: str, face: str) -> str:
    """A tile and the face shown: "T7 front" (in French "T7 recto")."""
    return _("{tile} {face}").format(tile=tile, face=_(FACE_WORDS[face]))


def objective_title(tile: str, objective: str) -> str:
    """A tile and its objective's type in words: "T2: same symbol triad"."""
    return _("{tile}: {objective}").format(tile=tile, objective=_(OBJECTIVE_NAMES[objective]))


def step_title(number: int, player: int, action: str, distances: Sequence[float]) -> str:
    """The title of one step of a replayed game: the action (as a record writes it, "B(0,-1)")
    in the notation of the language in use, so that it names the letters the board is drawn
    with ("O(0,-1)" in French), and each of the two players' distances to their cards.

    >>> step_title(3, 1, "B(0,-1)", [4, 2.0])
    '3. player 1: B(0,-1)\\ndistances 4 and 2'
    """
    first, second = (number_text(_whole(distance)) for distance in distances)
    return _("{number}. player {player}: {action}\ndistances {first} and {second}").format(
        number=number, player=player, action=parse_action(action).notation(), first=first, second=second
    )


def player_won(player: int) -> str:
    """A column of games won by one player (counted from 1)."""
    return _("player {player} won").format(player=player)


def win_at_action_4(exact: float, won: int, games: int, low: float, high: float) -> pd.DataFrame:
    """The chance of a win at the fourth action: exact from the game tree, and simulated with its interval."""
    chance, interval = _("chance of a win at action 4"), _("{level} interval").format(level=percent_text(0.95))
    return pd.DataFrame(
        {
            chance: [percent_text(exact, 3), percent_text(won / games, 3)],
            interval: [
                _("exact: no interval"),
                _("{low} to {high}").format(low=percent_text(low, 3), high=percent_text(high, 3)),
            ],
        },
        index=[
            _("exact (game tree)"),
            ngettext("simulated ({games} game)", "simulated ({games} games)", games).format(games=number_text(games)),
        ],
    )


def no_ties(players: str, ties: int, games: int, upper: float) -> str:
    """How many ties a study of two players had, and the 95% upper bound of their share."""
    return _("{players} players: {ties} ties in {games} games; {level} upper bound {upper} of games").format(
        players=player_words(players),
        ties=number_text(ties),
        games=number_text(games),
        upper=percent_text(upper, 2),
        level=percent_text(0.95),
    )


def ties_among_three(players: str, ties: int, games: int, low: float, high: float) -> str:
    """How many ties a study of three players had, their share and its 95% interval."""
    return ngettext(
        "three {players} players: {ties} tie in {games} games, {share} ({level} interval {low} to {high})",
        "three {players} players: {ties} ties in {games} games, {share} ({level} interval {low} to {high})",
        ties,
    ).format(
        players=player_words(players),
        ties=number_text(ties),
        games=number_text(games),
        share=percent_text(ties / games, 3),
        level=percent_text(0.95),
        low=percent_text(low, 3),
        high=percent_text(high, 3),
    )


def wins_at_action_4(players: str, won: int, games: int, low: float, high: float) -> str:
    """How many games of a study ended with a win at the fourth action, their share and its 95% interval."""
    return ngettext(
        "{players} players: {won} of {games} game won at the fourth action, {share} ({level} interval {low} to {high})",
        "{players} players: {won} of {games} games won at the fourth action, {share} ({level} interval {low} to {high})",
        games,
    ).format(
        players=player_words(players),
        won=number_text(won),
        games=number_text(games),
        share=percent_text(won / games, 1),
        level=percent_text(0.95),
        low=percent_text(low, 1),
        high=percent_text(high, 1),
    )


def difference_name(first: str, second: str) -> str:
    """The name of a difference between two measured things ("Z - I", "Birds - Lizards")."""
    return _("{first} - {second}").format(first=first, second=second)


def kinds_difference(first: str, second: str) -> str:
    """The difference between the win rates of two animal kinds (keys "L", "B", "M"), named in words."""
    return difference_name(kind_name(first, 2), kind_name(second, 2))


def gap_all_at_once(name: str, gap: float, low: float, high: float, z: float, comparisons: int) -> str:
    """A difference with the interval that holds for ``comparisons`` differences at once (Bonferroni's z)."""
    return _("{name}: {gap}, interval {low} to {high} with z = {z}, for {comparisons} differences at once").format(
        name=name,
        gap=number_text(float(gap), 3),
        low=number_text(float(low), 3),
        high=number_text(float(high), 3),
        z=_two(z),
        comparisons=comparisons,
    )


def card_holders(fewest: int, most: int) -> str:
    """How many players held each card, at least and at most."""
    return _("each card was held by {fewest} to {most} players").format(
        fewest=number_text(fewest), most=number_text(most)
    )


def mirror_misses(misses: Sequence[str], pairs: int, chance: float) -> str:
    """The mirror pairs whose interval misses 0, and how often chance alone gives at least one."""
    return _(
        "pairs whose interval misses 0: {misses}; by chance alone, at least one of {pairs} pairs misses in {chance} of studies"
    ).format(misses=", ".join(misses) or _("none"), pairs=pairs, chance=percent_text(chance))


def z_for_shapes(z: float, shapes: int) -> str:
    """The z of intervals that hold for all the shapes at once."""
    return _("z = {z} for {shapes} shapes at once").format(z=_two(z), shapes=shapes)


def as_percents(values: pd.Series, digits: int = 0) -> pd.Series:
    """Shares written as percentages, the way the language in use writes them."""
    return values.map(lambda share: percent_text(share, digits))


def mirror_pair(card: str) -> str:
    """A chiral card and its mirror image, named as a pair ("F vs F'")."""
    return _("{card} vs {mirror}").format(card=card, mirror=card + "'")


def player_name(name: str) -> str:
    """A player's name as a picture's title or legend shows it ("greedy", in French "glouton")."""
    return str(player_words(name))


def rule_names(rules: Iterable[str]) -> list[str]:
    """The rule sets a lesson compares, as a picture names them: the rule book in words, variants as code."""
    return [_(HEADINGS[rules_key]) if rules_key == "rule book" else rules_key for rules_key in rules]


def placements_title(count: int, card: str) -> str:
    """The title of the picture of every placement of a card around the Human."""
    return ngettext(
        "The {count} placement of card {card} around the Human",
        "The {count} placements of card {card} around the Human",
        count,
    ).format(count=count, card=card)


def deals_legend(label: str, deals: int) -> str:
    """A legend entry: who scored, on how many deals."""
    return ngettext("{label}, {deals} deal", "{label}, {deals} deals", deals).format(
        label=label, deals=number_text(deals)
    )


def coverage_legend(holds: bool, count: int) -> str:
    """A legend entry of the coverage picture: how many intervals hold (or miss) the true p."""
    return (_("holds p: {count}") if holds else _("misses p: {count}")).format(count=number_text(count))


def coverage_title(held: int, studies: int, p: float) -> str:
    """How many of the small studies' intervals hold the true p, as the coverage picture's title."""
    return _("{held} of {studies} intervals ({share}) hold the true p = {p} (dashed)").format(
        held=number_text(held), studies=number_text(studies), share=percent_text(held / studies, 1), p=number_text(p)
    )


def coverage_summary(held: int, studies: int, p: float) -> str:
    """How many of the small studies' intervals hold the true p."""
    return _("{held} of {studies} intervals hold p = {p}").format(
        held=number_text(held), studies=number_text(studies), p=number_text(p)
    )


def _signed(value: float) -> str:
    """A difference with its sign, so that a gain and a loss read apart ("+0.96", "-0.12")."""
    return ("+" if value >= 0 else "") + _two(value)


def paired_score_gain(better: str, worse: str, gain: Mapping[str, float]) -> str:
    """The mean of the per-deal score differences of two players on the same deals, with its 95% t interval."""
    return _("{better} - {worse}: {gain} points per deal, 95% interval {low} to {high} (paired, {deals} deals)").format(
        better=player_name(better),
        worse=player_name(worse),
        gain=_signed(gain["estimate"]),
        low=_signed(gain["low"]),
        high=_signed(gain["high"]),
        deals=number_text(int(gain["n"])),
    )


def searched_share(searched: int, brute_force: int) -> str:
    """The share of brute force's states that the pruning rules still searched."""
    return _("with the rules, the search visits {share} of the states brute force visits ({searched} of {all})").format(
        share=percent_text(searched / brute_force, 0), searched=number_text(searched), all=number_text(brute_force)
    )


def figure_with_interval(what: str, estimate: float, low: float, high: float) -> str:
    """One figure of lesson 05's design experiment with its 95% bootstrap interval (``what`` names it)."""
    sentences = {
        "face down": N_("share of all-symbols tiles face down: {estimate}, 95% interval {low} to {high} (bootstrap)"),
        "predicted gain": N_("predicted gain: {estimate} points, 95% interval {low} to {high} (bootstrap)"),
        "T1 face down": N_(
            "T1's share face down - the average all-symbols tile's: {estimate}, 95% interval {low} to {high}"
            " (paired bootstrap)"
        ),
        "three separate row": N_(
            "three separate row, measured - predicted: {estimate}, 95% interval {low} to {high} (paired bootstrap)"
        ),
        "all symbols row": N_(
            "all symbols row, measured - predicted: {estimate}, 95% interval {low} to {high} (paired bootstrap)"
        ),
        "wanderer share": N_(
            "share of games rated Wanderer, easier T1 - kit set: {estimate}, 95% interval {low} to {high}"
            " (paired, t interval)"
        ),
    }
    signed = what not in ("face down", "predicted gain")
    write = _signed if signed else _two
    return _(sentences[what]).format(estimate=write(estimate), low=write(low), high=write(high))


#: The searches whose shares of decided deals lesson 04 compares, deal by deal.
DECIDED_GAINS = {
    "finder": N_(
        "perfect-game finder - exact search: {gain} percentage points of the deals decided, "
        "95% interval {low} to {high} (paired, {deals} deals)"
    ),
    "again": N_(
        "finder run again - first run alone: {gain} percentage points of the deals decided, "
        "95% interval {low} to {high} (paired, {deals} deals)"
    ),
}


def decided_share_gain(gain: Mapping[str, float], searches: str = "finder") -> str:
    """How many more deals, in percentage points, one search decides than another on the
    same deals (``searches``: a key of :data:`DECIDED_GAINS`; by default the perfect-game
    finder against the exact search): the mean of the per-deal differences (1, 0 or -1),
    with its 95% t interval."""
    return _(DECIDED_GAINS[searches]).format(
        gain=_signed_tenths(100 * gain["estimate"]),
        low=_signed_tenths(100 * gain["low"]),
        high=_signed_tenths(100 * gain["high"]),
        deals=number_text(int(gain["n"])),
    )


def share_after_seconds(seconds: float, estimate: float, deals: int, low: float, high: float) -> str:
    """The share of deals decided once the finder has had ``seconds`` of CPU a deal in all."""
    return _(
        "after {seconds} CPU seconds a deal in all: {share} of {deals} deals decided, interval [{low}, {high}] at 95%"
    ).format(
        seconds=number_text(seconds),
        share=percent_text(estimate, 1),
        deals=number_text(deals),
        low=percent_text(low, 1),
        high=percent_text(high, 1),
    )


def _signed_tenths(value: float) -> str:
    """A difference to a tenth, with its sign ("+32.9", "-1.5")."""
    return ("+" if value >= 0 else "\u2212") + number_text(abs(value), 1)
