"""Looking ahead in Hextremadura: a planner that samples the hidden pile (the look-ahead
deal solver that knows it, :func:`~xochintlan_hex.solvability.solve_deal`, builds on it).

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
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from xochintlan_hex.hextremadura import Hextremadura, Place, Tileset, load_tileset
from xochintlan_hex.hextremadura.solver import icons_allow, printed_icons
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


def objective_possible(objective: Any, tileset: Tileset) -> bool:
    """False when the tile set's icons can never satisfy ``objective``, on any map.

    Icons sit on back faces, each on a sector of one terrain, and a region holds
    the icons of its sectors (see :func:`~xochintlan_hex.hextremadura.solver.icons_allow`,
    asked here of every terrain tile of the set). Passing this test does not
    prove the objective can hold.
    """
    return icons_allow(objective, printed_icons(tileset, tileset.terrain_ids))


def score_upper_bound(tileset: Tileset | None = None, tiles: Any = None) -> int:
    """The most points a deal can score: its terrain tiles (``tiles``, every one of
    the set by default) whose objective :func:`objective_possible` allows.

    >>> score_upper_bound()  # every objective of the kit's set can hold
    15
    """
    tileset = load_tileset(tileset)
    ids = tileset.terrain_ids if tiles is None else [t for t in tiles if t in tileset.terrain_ids]
    places = printed_icons(tileset, tileset.terrain_ids)
    objectives = [tileset[t].back.objective for t in ids]
    return sum(objective is not None and icons_allow(objective, places) for objective in objectives)
