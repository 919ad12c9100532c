"""Finding perfect Hextremadura games: a search built for the perfect score.

A perfect game ends with every terrain tile back up on the map and its objective
holding. So every front must leave the map (be completed) in some round, and the
backs, which never leave, must together gather what all the objectives ask for.
:func:`find_perfect_game` looks for such a game of one deal (its whole pile order
known) with a *beam search* through the engine: from a starting point, it keeps the
``width`` most promising states after each placement, judged by
:func:`perfect_outlook`, and plays on until a game ends. Its starting points are the
beginning of the deal and the start of each later round of known games of the deal
(``starts``: e.g. the look-ahead's game), whose earlier rounds it keeps. The width
doubles on every pass until a perfect game is found or the CPU time runs out.

Every game it returns is *certified*: replayed through a fresh engine from the
deal, which must score it perfect. A search that finds none proves nothing: the
deal may still be winnable.

>>> found = find_perfect_game(order=["T15", "T4"], candidates=None, seconds=20)
>>> found.perfect, found.complete, found.score, found.replay().score()  # it saw every game: none scores
(False, True, 0, 0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from xochintlan_hex.i18n import _
from xochintlan_hex.lattice import HEX

from . import analysis as R
from .game import Hextremadura, Place, parse_action
from .tiles import ICONS, TERRAINS, Objective

_DIRECTIONS = HEX.directions

#: how much a partly met objective counts, at most, next to one that holds (1)
PARTIAL_WEIGHT = 0.6


@dataclass
class PerfectSearch:
    """What :func:`find_perfect_game` found for one deal.

    ``actions``: the best finished game found (a perfect one when ``perfect``),
    certified through the engine, scoring ``score`` of ``max_score``; empty when no
    game was finished within the limit. ``passes``: beam searches made, the last of
    width ``width``; ``states``: placements judged; ``cpu_seconds``: CPU time used.
    ``complete``: a pass from the deal's start kept every state and every placement
    (the deal is small enough), so it saw every game: the best score found is then
    the deal's best, and no perfect game found means none exists.
    """

    order: tuple[str, ...]
    max_score: int
    score: int = -1
    actions: list[Place] = field(default_factory=list)
    passes: int = 0
    width: int = 0
    complete: bool = False
    states: int = 0
    cpu_seconds: float = 0.0
    tileset: Any = None
    requirement_mode: str = "at_least"

    @property
    def perfect(self) -> bool:
        """True when the game found scores the deal's perfect score (it then decides the deal)."""
        return self.score == self.max_score and bool(self.actions)

    def replay(self) -> Hextremadura:
        """The game found, played again through the engine from the deal."""
        game = Hextremadura(order=self.order, tileset=self.tileset, requirement_mode=self.requirement_mode)
        for action in self.actions:
            game.play(action)
        return game


def objective_progress(objective: Objective, rm: R.RegionMap) -> float:
    """How near ``objective`` is to holding on the map ``rm``: 1 when it holds, else
    at most :data:`PARTIAL_WEIGHT`, more the more of what it asks for is already there.

    >>> from xochintlan_hex.hextremadura.tiles import load_tileset
    >>> objective_progress(Objective("all_symbols", terrain="forest"), R.region_map({}, load_tileset()))
    0.0
    """
    if R.objective_holds(objective, rm):
        return 1.0
    kind, p = objective.type, objective.parameters
    # Only regions holding an icon matter: rm.holding lists them, icon by icon.
    if kind == "all_symbols":
        of_terrain = {i for icon in ICONS for i in rm.holding.get(icon, ()) if rm.regions[i].terrain == p["terrain"]}
        share = max((sum(rm.regions[i].holds(icon) for icon in ICONS) for i in of_terrain), default=0) / 3
    elif kind == "same_symbol_triad":
        terrains_holding = {rm.regions[i].terrain for i in rm.holding.get(p["symbol"], ())}
        share = len(terrains_holding & set(TERRAINS)) / 3
    elif kind == "three_separate":
        share = sum(1 for i in rm.holding.get(p["symbol"], ()) if rm.regions[i].terrain == p["terrain"]) / 3
    else:  # adjacent_pair: both icons on the map, not yet side by side
        icons = {p["symbol_a"], p["symbol_b"]}
        share = sum(bool(rm.holding.get(icon)) for icon in icons) / len(icons)
    return PARTIAL_WEIGHT * min(share, 1.0)


def perfect_outlook(game: Hextremadura) -> float:
    """How promising ``game`` is for a perfect score (higher is better).

    A terrain tile scores only if it ends back up, so a tile sure to come back up
    (removed, or already back up) counts 3, a front on the map 0.5 for each of its
    requirements met, a front still in the round-1 pile nothing. To that adds each
    terrain tile's :func:`objective_progress` on the current map, whether the tile is
    placed yet or not: all objectives are judged on the final map.
    """
    rm = game.region_map(icons_only=True)  # all that objectives look at
    terrains = rm.terrains
    value = 0.0
    tileset = game.tileset
    fronts_to_come: set[str | None] = {*game.pile, game.offer} if game.round == 1 else set()
    on_map = {placed.tile_id: (cell, placed) for cell, placed in game.map.items()}
    for tile in game.start_order:
        spec = tileset[tile]
        if spec.is_river:
            continue
        where = on_map.get(tile)
        if where is not None and where[1].face == "front":
            met = R.requirements_met(game.map, tileset, where[0], game.requirement_mode, terrains)
            value += 0.5 * sum(met)
        elif tile not in fronts_to_come:
            value += 3.0
        if spec.back.objective is not None:
            value += objective_progress(spec.back.objective, rm)
    return value


def local_fit(game: Hextremadura, action: Place) -> int:
    """How many sides of the placed tile meet a sector of their own terrain across them:
    joined sectors grow regions, which requirements and objectives ask for.

    >>> game = Hextremadura(order=["R1", "R2"])
    >>> game.play("R1@(0,0)r0f")
    >>> local_fit(game, parse_action("R2@(1,0)r0f")) <= 1
    True
    """
    terrains_of = game.tileset.side_terrains
    tiles, (q, r) = game.map, action.cell  # looked up once: this runs for every legal placement
    sides = terrains_of(action.tile_id, action.face, action.rotation)
    fit = 0
    for side, (dq, dr) in enumerate(_DIRECTIONS):
        neighbour = tiles.get((q + dq, r + dr))
        if neighbour is not None and terrains_of(*neighbour)[(side + 3) % 6] == sides[side]:
            fit += 1
    return fit


def _state_key(game: Hextremadura) -> tuple[Any, ...]:
    """Two states with the same key have the same future. The fronts keep their placement
    order: it is the order in which completed tiles leave, so the order of the next pile."""
    fronts = tuple(item for item in game.map.items() if item[1].face == "front")
    others = frozenset(item for item in game.map.items() if item[1].face != "front")
    return (others, fronts, game.offer, tuple(game.pile), tuple(game.explored), game.round)


class _Beam:
    """One beam search from a starting game; records the best finished game it sees."""

    def __init__(self, deadline: float, rng: random.Random, candidates: int | None) -> None:
        self.deadline = deadline
        self.candidates = candidates
        self.cut = False  # a placement or a state was left out
        self.narrow = False  # a state was left out for want of width
        self.rng = rng
        self.states = 0
        self.best_score = -1
        self.best_line: list[Place] = []

    def out_of_time(self) -> bool:
        return time.process_time() >= self.deadline

    def run(self, start: Hextremadura, width: int) -> bool:
        """Play ``start`` on, keeping ``width`` states a step; True once a perfect game is seen.
        ``self.cut`` tells afterwards whether any state or placement was left out."""
        beam = [start]
        self.cut = self.narrow = False
        while beam and not self.out_of_time():
            children: dict[tuple[Any, ...], tuple[float, float, Hextremadura]] = {}
            for game in beam:
                for action in self.shortlist(game):
                    game.play(action)
                    self.states += 1
                    if game.is_over:
                        if self._finished(game):
                            return True
                    else:
                        key = _state_key(game)
                        if key not in children:
                            children[key] = (perfect_outlook(game), self.rng.random(), game.clone())
                    game.undo()
                if self.out_of_time():
                    return False
            ranked = sorted(children.values(), key=lambda item: (item[0], item[1]), reverse=True)
            beam = [game for _, _, game in ranked[:width]]
            self.narrow |= len(ranked) > width
            self.cut |= len(ranked) > width
        return False

    def shortlist(self, game: Hextremadura) -> list[Place]:
        """The ``candidates`` legal placements that fit their neighbours best (:func:`local_fit`):
        judging a placement through the whole map costs far more than this first look."""
        legal = game.legal_actions()
        if self.candidates is None or len(legal) <= self.candidates:
            return legal
        self.cut = True
        ranked = sorted(legal, key=lambda a: (local_fit(game, a), self.rng.random()), reverse=True)
        return ranked[: self.candidates]

    def _finished(self, game: Hextremadura) -> bool:
        score = game.score()
        if score > self.best_score:
            self.best_score, self.best_line = score, game.history
        return score == game.max_score


def round_starts(game: Hextremadura, actions: Sequence[Place | str]) -> list[list[Place]]:
    """The prefixes of a known game that end where a round after the first begins
    (its earlier rounds, kept as played), first round first.

    >>> round_starts(Hextremadura(order=["R1", "R2"]), ["R1@(0,0)r0f", "R2@(1,0)r0f"])
    []
    """
    trial = game.clone()
    prefixes = []
    for action in actions:
        before = trial.round
        trial.play(action)
        if trial.round != before and not trial.is_over:
            prefixes.append(trial.history)
    return prefixes


def find_perfect_game(
    *,
    seed: int | None = None,
    tileset: Any = None,
    order: Sequence[str] | None = None,
    requirement_mode: str = "at_least",
    starts: Iterable[Sequence[Place | str]] = (),
    seconds: float = 10.0,
    rng_seed: int = 0,
    first_width: int = 1,
    candidates: int | None = 20,
    follow_best: bool = False,
) -> PerfectSearch:
    """Look for a perfect game of a deal within ``seconds`` of CPU time.

    ``seed``/``order``/``tileset``/``requirement_mode`` fix the deal as in
    :class:`Hextremadura`. ``starts``: known games of the deal (placements, each
    replaying through the engine); the search also starts from the beginning of each
    of their later rounds. ``rng_seed`` breaks ties between equally promising states:
    the same seed gives the same search, but the CPU limit may stop it at another
    point on another machine. Passes of width ``first_width``, then twice that, and so
    on, each over every starting point, until a perfect game is found, time is up or
    a pass saw every game (``complete``). ``candidates``: the placements judged in
    full from each state, the best fitting first (:func:`local_fit`); None judges all.
    ``follow_best``: whenever a pass finishes a better game than any seen, the start of
    each of its later rounds becomes a starting point too, so the next passes search
    near the best game (a game one objective short is often mended in its last rounds).

    The answer keeps the best finished game seen (perfect or not), replayed through a
    fresh engine to certify its score; ValueError if a start does not replay.
    """
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or seconds <= 0:
        raise ValueError(_("{name} must be a number > 0, not {value}").format(name="seconds", value=repr(seconds)))
    if isinstance(first_width, bool) or not isinstance(first_width, int) or first_width < 1:
        raise ValueError(
            _("{name} must be an int >= 1, not {value}").format(name="first_width", value=repr(first_width))
        )
    if candidates is not None and (isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1):
        raise ValueError(_("candidates must be None or an int >= 1, not {value}").format(value=repr(candidates)))
    if not isinstance(follow_best, bool):
        raise ValueError(
            _("{name} must be True or False, not {value}").format(name="follow_best", value=repr(follow_best))
        )
    cpu_start = time.process_time()
    deal = Hextremadura(seed=seed, tileset=tileset, order=order, requirement_mode=requirement_mode)
    beam = _Beam(cpu_start + seconds, random.Random(rng_seed), candidates)
    points = [deal.clone()]
    for known in starts:
        actions = [a if isinstance(a, Place) else parse_action(a) for a in known]
        known_game = _replayed(deal, actions)
        if known_game.is_over:
            beam._finished(known_game)
        for prefix in round_starts(deal, actions):
            points.append(_replayed(deal, prefix))
    found = PerfectSearch(deal.start_order, deal.max_score, tileset=deal.tileset, requirement_mode=requirement_mode)
    width = first_width
    followed: list[Place] = []  # the best game whose rounds are starting points already
    while beam.best_score < deal.max_score and not beam.out_of_time() and not found.complete:
        narrow = False
        for point in reversed(points):  # the latest rounds first: their searches are the shortest
            perfect = beam.run(point.clone(), width)
            narrow |= beam.narrow
            if perfect or beam.out_of_time():
                break
        if follow_best and beam.best_line != followed:  # a better game than the one followed
            followed = beam.best_line
            already = {tuple(start.history) for start in points}
            new = [prefix for prefix in round_starts(deal, beam.best_line) if tuple(prefix) not in already]
            # after the deal's start, so that it stays the last point run (``complete`` reads it)
            points[1:1] = [_replayed(deal, prefix) for prefix in new]
        # the pass from the deal's start left nothing out: it saw every reachable state
        found.complete = not perfect and point is points[0] and not beam.cut and not beam.out_of_time()
        found.passes, found.width = found.passes + 1, width
        if narrow:  # a wider beam keeps more; otherwise the next pass only breaks ties anew
            width *= 2
    found.actions = beam.best_line
    found.score = _replayed(deal, beam.best_line).score() if beam.best_line else -1
    found.states = beam.states
    found.cpu_seconds = time.process_time() - cpu_start
    return found


def _replayed(deal: Hextremadura, actions: Sequence[Place]) -> Hextremadura:
    """``actions`` played on a copy of the deal at its start, through the engine's own checks."""
    game = Hextremadura(order=deal.start_order, tileset=deal.tileset, requirement_mode=deal.requirement_mode)
    for number, action in enumerate(actions, start=1):
        why = game.why_illegal(action)
        if why is not None:
            raise ValueError(
                _("start action {number} ({action}): {error}").format(number=number, action=action, error=why)
            )
        game.play(action)
    return game
