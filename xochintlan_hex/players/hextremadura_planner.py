"""Looking ahead in Hextremadura: a planner that samples the hidden pile, and a solver
that knows it.

The planner (``"planner"``)
    It sees what a person sees: the map, the offer, the top of the pile and the
    explored pile. In round 1 the order of the tiles under the top is hidden;
    from round 2 on the pile is the explored pile turned over, so nothing is.
    For each move it takes greedy's ``candidates`` best placements (by greedy's
    cheap key) and judges each one by playing it in ``worlds`` imagined games
    (:meth:`~xochintlan_hex.hextremadura.Hextremadura.sample_hidden`: the hidden
    tiles in a random order) and finishing every one with greedy: a
    candidate's value is its mean final score. All candidates meet the same
    worlds, so their difference is not luck of the draw. It plays the best
    (greedy's own first choice on ties). This is the "pilot method" (a greedy
    player as the pilot of each look-ahead) over sampled orders, a form of
    Monte Carlo planning.

The solver (:func:`solve_deal`)
    With the whole shuffled order known there is nothing to sample: the same
    look-ahead runs on the deal itself, step by step, keeping the best finished
    game found so far and following it when no candidate does better (a nested
    rollout). It may try again with other tie-breaks (``passes``) until the
    score reaches the upper bound. What it finds is a *proved lower bound*: a game that
    :func:`~xochintlan_hex.hextremadura.replay` plays again. The *upper bound*
    is :func:`score_upper_bound`: the terrain tiles whose objective the tile
    set's icons can satisfy at all (an objective asking for an icon on a terrain
    where no tile prints it can never hold). A deal is *decided* when the two
    bounds meet.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from xochintlan_hex.hextremadura import Hextremadura, Place, Tileset, load_tileset
from xochintlan_hex.players.hextremadura import HextremaduraGreedy, MapView, ranked_placements


def finish_with_greedy(game: Hextremadura, rng: random.Random) -> list[Place]:
    """Play ``game`` to its end with greedy (in place); return the placements played."""
    greedy = HextremaduraGreedy()
    played = []
    while not game.is_over:
        action = greedy.choose(game, rng)
        game.play(action)
        played.append(action)
    return played


def candidate_placements(game: Hextremadura, how_many: int, rng: random.Random) -> list[Place]:
    """Greedy's ``how_many`` best placements by its cheap key, best first."""
    view = MapView(game)
    return [action for _, action in ranked_placements(game, view, rng)[:how_many]]


@dataclass(frozen=True)
class HextremaduraPlanner:
    """Greedy's best ``candidates``, each finished by greedy in ``worlds`` sampled orders.

    See the module docstring. ``worlds`` only matters in round 1 (later rounds
    hide nothing: one world is the game itself).
    """

    name: str = "planner"
    candidates: int = 4
    worlds: int = 2

    def __post_init__(self) -> None:
        for name in ("candidates", "worlds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be an int >= 1, not {value!r}")

    def choose(self, game: Hextremadura, rng: random.Random) -> Place:
        options = candidate_placements(game, self.candidates, rng)
        if len(options) == 1:
            return options[0]
        hidden = game.round == 1 and len(game.pile) > 2
        worlds = [game.sample_hidden(rng) for _ in range(self.worlds if hidden else 1)]
        seeds = [rng.getrandbits(32) for _ in worlds]
        best, best_value = options[0], -1.0
        for action in options:
            total = 0.0
            for world, seed in zip(worlds, seeds):
                trial = world.clone()
                trial.play(action)
                finish_with_greedy(trial, random.Random(seed))
                total += trial.score()
            value = total / len(worlds)
            if value > best_value:
                best, best_value = action, value
        return best


# ---------------------------------------------------------------------------
# The open-information solver


def _icon_places(tileset: Tileset) -> Counter[Any]:
    """How many back-face sectors print each (terrain, icon), and each icon overall."""
    places: Counter[Any] = Counter()
    for tile_id in tileset.terrain_ids:
        terrains = tileset.side_terrains(tile_id, "back", 0)
        icons = tileset.side_icons(tile_id, "back", 0)
        for terrain, icon in zip(terrains, icons):
            if icon is not None:
                places[terrain, icon] += 1
                places[icon] += 1
    return places


def objective_possible(objective: Any, tileset: Tileset) -> bool:
    """False when the tile set's icons can never satisfy ``objective``, on any map.

    Icons sit on back faces, each on a sector of one terrain, and a region holds
    the icons of its sectors. So ``all_symbols(t)`` needs every icon printed on
    some ``t`` sector; ``same_symbol_triad(s)`` needs ``s`` on a forest, a water
    and a crops sector; ``three_separate(t, s)`` needs three ``t`` sectors with
    ``s``; ``adjacent_pair(a, b)`` needs ``a`` and ``b`` printed (twice if equal).
    Passing this test does not prove the objective can hold.
    """
    from xochintlan_hex.hextremadura import ICONS, TERRAINS

    places = _icon_places(tileset)
    p = objective.parameters
    kind = objective.type
    if kind == "all_symbols":
        return all(places[p["terrain"], icon] for icon in ICONS)
    if kind == "same_symbol_triad":
        return all(places[terrain, p["symbol"]] for terrain in TERRAINS)
    if kind == "three_separate":
        return places[p["terrain"], p["symbol"]] >= 3
    if kind == "adjacent_pair":
        a, b = p["symbol_a"], p["symbol_b"]
        return places[a] >= 2 if a == b else places[a] >= 1 and places[b] >= 1
    return True


def score_upper_bound(tileset: Tileset | None = None, tiles: Any = None) -> int:
    """The most points a deal can score: its terrain tiles (``tiles``, every one of
    the set by default) whose objective :func:`objective_possible` allows."""
    tileset = load_tileset(tileset)
    ids = tileset.terrain_ids if tiles is None else [t for t in tiles if t in tileset.terrain_ids]
    return sum(objective_possible(tileset[t].back.objective, tileset) for t in ids)


@dataclass
class Solution:
    """What :func:`solve_deal` proved about one deal."""

    order: tuple[str, ...]
    lower: int  # the best score of a game found
    upper: int  # no game of this deal can score more
    actions: list[Place] = field(default_factory=list)  # that game, placement by placement
    seconds: float = 0.0
    passes: int = 0  # look-ahead passes made

    @property
    def decided(self) -> bool:
        """True when the best reachable score is known exactly."""
        return self.lower == self.upper


def solve_deal(
    seed: int | None = None,
    tileset: Any = None,
    order: Any = None,
    candidates: int = 4,
    passes: int = 1,
    seconds: float | None = None,
    rng_seed: int = 0,
) -> Solution:
    """Search for the best score of one deal, knowing its whole order.

    ``seed`` or ``order`` fixes the deal as in :class:`Hextremadura`. The
    look-ahead (module docstring) tries ``candidates`` placements per step; it
    makes ``passes`` passes over the whole game, each with new tie-breaks drawn
    from ``rng_seed``, stopping early once the score reaches the upper bound
    (or, when ``seconds`` is set, once that much time has passed: a time limit
    makes the result depend on the machine). The returned ``actions`` replay
    the best game found from the deal.

    >>> found = solve_deal(order=["R1", "T1", "T2", "R2", "T3"], candidates=2)
    >>> game = Hextremadura(order=found.order)
    >>> for action in found.actions:
    ...     game.play(action)
    >>> game.score() == found.lower <= found.upper == 3
    True
    """
    for name, value in (("candidates", candidates), ("passes", passes)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be an int >= 1, not {value!r}")
    if seconds is not None and (not isinstance(seconds, (int, float)) or seconds <= 0):
        raise ValueError(f"seconds must be None or a number > 0, not {seconds!r}")
    start = time.perf_counter()
    deal = Hextremadura(seed=seed, tileset=tileset, order=order)
    upper = score_upper_bound(deal.tileset, deal.start_order)
    rng = random.Random(rng_seed)
    best = Solution(deal.start_order, -1, upper)
    while best.passes < passes:
        actions, score = _nested_rollout(deal.clone(), candidates, rng)
        if score > best.lower:
            best.lower, best.actions = score, actions
        best.passes += 1
        if best.decided or (seconds is not None and time.perf_counter() - start >= seconds):
            break
    best.seconds = time.perf_counter() - start
    return best


def _nested_rollout(game: Hextremadura, candidates: int, rng: random.Random) -> tuple[list[Place], int]:
    """One pass of the look-ahead on a known deal: at each step, finish every candidate
    with greedy and follow the best finished game seen so far."""
    played: list[Place] = []
    best_line: list[Place] = []
    best_score = -1
    while not game.is_over:
        for action in candidate_placements(game, candidates, rng):
            trial = game.clone()
            trial.play(action)
            line = [action] + finish_with_greedy(trial, random.Random(rng.getrandbits(32)))
            if trial.score() > best_score:
                best_score, best_line = trial.score(), line
        action = best_line.pop(0)  # the first step of the best game seen
        game.play(action)
        played.append(action)
    return played, game.score()
