"""The exact Hextremadura solver against brute force over every placement sequence.

Small random tile sets (4 to 8 tiles, drawn from a seed) give deals of two tiles
(fast) and three tiles (``slow``): on each, the best score found by trying every
legal placement sequence through the engine equals the solver's, with all its
pruning rules, with each rule alone and with none; every game the solver returns
replays through the engine to its score.
"""

from __future__ import annotations

import doctest
import functools
import random

import pytest

from xochintlan_hex.hextremadura import Hextremadura, load_tileset, solver
from xochintlan_hex.hextremadura.solver import (
    BOUND_RULES,
    PRUNING_RULES,
    objective_bound,
    score_bound,
    solve_exactly,
    state_key,
    stuck_fronts,
)
from xochintlan_hex.hextremadura.tiles import ICONS, TERRAINS, tile_entry

LETTERS = "FWC"
OBJECTIVES = {
    "all_symbols": lambda rng: ("all_symbols", rng.choice(TERRAINS)),
    "same_symbol_triad": lambda rng: ("same_symbol_triad", rng.choice(ICONS)),
    "three_separate": lambda rng: ("three_separate", rng.choice(TERRAINS), rng.choice(ICONS)),
    "adjacent_pair": lambda rng: ("adjacent_pair", rng.choice(ICONS), rng.choice(ICONS)),
}


def random_tileset(seed: int):
    """A tile set of 4 to 8 random tiles (about one river in four). Requirements are
    small and often look across the same side, so that even two tiles can remove one
    and play a second round."""
    rng = random.Random(seed)
    entries = []
    for number in range(rng.randint(4, 8)):
        front = "".join(rng.choice(LETTERS) for _ in range(6))
        back = "".join(rng.choice(LETTERS) for _ in range(6))
        if rng.random() < 0.25:
            entries.append(tile_entry(f"R{number}", front, back))
            continue
        requirements = [(rng.choice(TERRAINS), rng.randint(1, 4), rng.randrange(6)) for _ in range(2)]
        if rng.random() < 0.5:  # both across one side, on one terrain: a single neighbour can meet them
            requirements[1] = (requirements[0][0], rng.randint(1, 4), requirements[0][2])
        icons = {sector: rng.choice(ICONS) for sector in rng.sample(range(6), rng.choice((1, 2, 2)))}
        if len(icons) == 2 and rng.random() < 0.6:  # a pair its own back can show: small deals score
            objective: tuple[str, ...] = ("adjacent_pair", *icons.values())
        else:
            objective = OBJECTIVES[rng.choice(list(OBJECTIVES))](rng)
        entries.append(tile_entry(f"T{number}", front, back, requirements, icons, objective))
    if all(entry["kind"] == "river" for entry in entries):
        return random_tileset(seed + 10_000)
    return load_tileset({"tiles": entries})


def random_deal(seed: int, size: int):
    """A deal of ``size`` tiles of a random set, in a random order (at least one terrain tile)."""
    tileset = random_tileset(seed)
    rng = random.Random(-seed)
    order = rng.sample(list(tileset.ids), size)
    if not any(t in tileset.terrain_ids for t in order):
        order[0] = tileset.terrain_ids[0]
        order = list(dict.fromkeys(order + [t for t in tileset.ids if t not in order]))[:size]
    return tileset, order


def brute_force_best(game: Hextremadura) -> int:
    """The best final score over every legal placement sequence from ``game``."""
    if game.is_over:
        return game.score()
    best = -1
    for action in game.legal_actions():
        game.play(action)
        best = max(best, brute_force_best(game))
        game.undo()
    return best


@functools.cache
def brute_force_deal(seed: int, size: int) -> int:
    tileset, order = random_deal(seed, size)
    return brute_force_best(Hextremadura(tileset=tileset, order=order))


def check_deal(seed: int, size: int, rule_sets) -> dict:
    """Brute force and the solver with each rule set agree; every certificate replays.
    Returns the states each rule set visited and the deal's best score."""
    tileset, order = random_deal(seed, size)
    truth = brute_force_deal(seed, size)
    nodes = {}
    for rules in rule_sets:
        proof = solve_exactly(tileset=tileset, order=order, rules=rules)
        assert proof.complete and proof.decided, (seed, rules)
        assert proof.lower == proof.upper == truth, (seed, rules, proof.lower, truth)
        replayed = proof.replay()
        assert replayed.is_over and replayed.score() == proof.lower
        nodes[rules] = proof.nodes
    return {"nodes": nodes, "best": truth, "perfect": proof.max_score}


def test_the_solver_equals_brute_force_on_200_small_random_deals():
    """Two-tile deals from 200 random sets of 4 to 8 tiles: the solver with all its
    rules finds the brute-force maximum, scores above zero and perfect games included."""
    seen = [check_deal(seed, 2, [PRUNING_RULES]) for seed in range(200)]
    assert sum(deal["best"] > 0 for deal in seen) >= 5
    assert any(deal["best"] == deal["perfect"] for deal in seen)
    assert any(deal["best"] < deal["perfect"] for deal in seen)


def test_each_pruning_rule_alone_equals_brute_force():
    """Each rule switched on alone, and none at all, on 60 of the deals above: the same
    maximum; and each rule does cut (fewer states than none on some deal). In a
    two-tile deal no front ever faces a lasting tile before the game ends, so
    ``stuck_fronts`` cuts only from three tiles on (the next test shows it does)."""
    seen = [check_deal(seed, 2, [(), *((rule,) for rule in PRUNING_RULES)])["nodes"] for seed in range(60)]
    for rule in PRUNING_RULES:
        if rule != "stuck_fronts":
            assert any(nodes[(rule,)] < nodes[()] for nodes in seen), rule


def late_states(count: int):
    """States of three-tile deals of random sets after two random placements (or the
    first such state still open): near enough to the end for brute force."""
    for seed in range(count):
        tileset, order = random_deal(seed, 3)
        game = Hextremadura(tileset=tileset, order=order)
        rng = random.Random(seed)
        for _ in range(2):
            if not game.is_over:
                game.play(game.random_action(rng))
        if not game.is_over:
            yield seed, game


def test_every_score_bound_is_at_least_the_best_score_reachable_by_brute_force():
    """The soundness of the bound rules, state by state: on 200 late states of random
    three-tile deals, the bound of each rule set is never below the best final score
    that brute force reaches from that state; and ``stuck_fronts`` lowers the bound
    on some of them (it does cut)."""
    rule_sets = [(), ("stuck_fronts",), ("objective_bound",), BOUND_RULES]
    lowered = 0
    states = 0
    for seed, game in late_states(200):
        best = brute_force_best(game)
        bounds = {rules: score_bound(game, rules) for rules in rule_sets}
        assert all(bound >= best for bound in bounds.values()), (seed, bounds, best)
        lowered += bounds[("stuck_fronts",)] < bounds[()]
        states += 1
    assert states >= 150 and lowered >= 10, (states, lowered)


@pytest.mark.slow
def test_the_solver_with_stuck_fronts_alone_equals_brute_force_on_three_tile_deals():
    """Three-tile deals: the solver with ``stuck_fronts`` alone, and with all rules,
    finds the brute-force maximum."""
    for seed in (1000, 1001, 1002):
        check_deal(seed, 3, [("stuck_fronts",), PRUNING_RULES])


def lasting_set():
    """Fronts asking for forest across side 0, with no forest of their own, and
    rivers that show one lone forest sector, or two, on one side."""
    return load_tileset(
        {
            "tiles": [
                tile_entry(
                    "A",
                    "WWWWWW",
                    "WWWWWW",
                    [("forest", 3, 0), ("water", 1, 3)],
                    {0: "stork"},
                    ("adjacent_pair", "stork", "stork"),
                ),
                tile_entry(
                    "B",
                    "WWWWWW",
                    "WWWWWW",
                    [("forest", 1, 0), ("water", 1, 3)],
                    {0: "stork"},
                    ("adjacent_pair", "stork", "stork"),
                ),
                tile_entry("R1", "FWWWWW", "WWWWWW"),
                tile_entry("R2", "FFWWWW", "WWWWWW"),
            ]
        }
    )


def test_a_front_facing_a_lasting_tile_of_the_wrong_terrain_is_stuck():
    game = Hextremadura(tileset=lasting_set(), order=["A", "R1", "R2"])
    game.play("A@(0,0)r0f")
    game.play("R1@(1,0)r0b")  # a river's back, all water, across A's forest side
    assert stuck_fronts(game) == {"A"}
    assert score_bound(game, ["stuck_fronts"]) == 0 and score_bound(game, []) == 1


def test_a_front_facing_a_closed_region_too_small_is_stuck_and_an_open_one_is_not():
    """R1's lone forest sector faces A: the region is one sector, enclosed by R1's own
    water and by A, so it can never reach 3. R2's two forest sectors reach side 2,
    where a tile may still come: that region may grow."""
    closed = Hextremadura(tileset=lasting_set(), order=["A", "R1", "R2"])
    closed.play("A@(0,0)r0f")
    closed.play("R1@(1,0)r3f")  # sector 0 (forest) turned to side 3, facing A
    assert closed.tileset.side_terrains("R1", "front", 3)[3] == "forest"
    assert stuck_fronts(closed) == {"A"}
    open_ = Hextremadura(tileset=lasting_set(), order=["A", "R2", "R1"])
    open_.play("A@(0,0)r0f")
    open_.play("R2@(1,0)r3f")  # forest at sides 3 and 4; side 4 looks at an empty cell
    assert stuck_fronts(open_) == set()


def test_a_front_facing_a_stuck_front_of_the_wrong_terrain_is_stuck_too():
    """The rule is applied until nothing changes: a front that can never leave lasts
    like a river, and dooms the front that needs another terrain from it."""
    game = Hextremadura(tileset=lasting_set(), order=["R1", "A", "B", "R2"])
    game.play("R1@(0,0)r0b")
    game.play("A@(-1,0)r0f")  # A's side 0 faces the all-water back of R1: stuck
    assert stuck_fronts(game) == {"A"}
    game.play("B@(-2,0)r0f")  # B asks for forest across side 0, where A shows water
    assert not game.is_over and stuck_fronts(game) == {"A", "B"}


@pytest.mark.slow
def test_the_solver_equals_brute_force_on_three_tile_deals():
    """Three-tile deals (about 100,000 sequences each): all rules against brute force."""
    seen = [check_deal(seed, 3, [PRUNING_RULES]) for seed in range(1000, 1008)]
    assert all(deal["best"] >= 0 for deal in seen)


def test_a_deal_proved_unwinnable_is_unwinnable_by_brute_force():
    """The lesson's deal: T15 asks for two monuments and no tile of the deal prints one,
    so the bound at the start is 1 of 2; the search proves the best is 0. Brute force
    over every sequence of the same deal agrees."""
    order = ["R1", "T15", "T4"]
    proof = solve_exactly(order=order)
    assert proof.perfect_possible is False and proof.upper < proof.max_score
    assert objective_bound(Hextremadura(order=order)) == 1
    assert brute_force_best(Hextremadura(order=order)) == proof.upper == 0


def test_a_node_limit_returns_the_bounds_reached_undecided():
    proof = solve_exactly(seed=3, max_nodes=50)
    assert not proof.complete and proof.stopped == "nodes"
    assert proof.lower <= proof.upper == 15 and not proof.decided
    assert proof.perfect_possible is None


def test_a_certificate_is_replayed_and_a_wrong_one_refused():
    order = ["R1", "T15", "T4"]
    good = solve_exactly(order=order)
    again = solve_exactly(order=order, certificate=[str(a) for a in good.actions])
    assert again.lower == good.lower and again.actions[: len(good.actions)] == good.actions
    with pytest.raises(ValueError, match="certificate action 1"):
        solve_exactly(order=order, certificate=["T4@(0,0)r0f"])
    with pytest.raises(ValueError, match="stops before the end"):
        solve_exactly(order=order, certificate=["R1@(0,0)r0f"])


def test_bad_rules_and_limits_are_refused_naming_what_is_allowed():
    with pytest.raises(ValueError, match="unknown pruning rule 'mirror'.*objective_bound"):
        solve_exactly(order=["R1", "T1"], rules=["mirror"])
    with pytest.raises(ValueError, match="max_nodes must be None or a number > 0"):
        solve_exactly(order=["R1", "T1"], max_nodes=0)


def test_turned_states_share_a_key_and_mirrored_ones_do_not():
    a, b = Hextremadura(order=["T1", "T2", "R1"]), Hextremadura(order=["T1", "T2", "R1"])
    a.play("T1@(0,0)r0f")
    a.play("T2@(1,0)r2f")
    b.play("T1@(0,0)r1f")
    b.play("T2@(1,-1)r3f")  # everything turned by one side: (1,0) -> (1,-1)
    assert state_key(a) == state_key(b) and state_key(a, turns=False) != state_key(b, turns=False)
    c = Hextremadura(order=["T1", "T2", "R1"])
    c.play("T1@(0,0)r0f")
    c.play("T2@(1,-1)r2f")  # the second tile on another side, not turned with it
    assert state_key(c) != state_key(a)


def test_docstring_examples():
    failures, tried = doctest.testmod(solver)
    assert tried > 0 and failures == 0


def turned(action, turns: int):
    """``action`` with the whole map turned ``turns`` sides: its cell turned, its rotation too."""
    cell = action.cell
    for _ in range(turns):
        cell = solver.turn_cell(cell)
    return type(action)(action.tile_id, cell, (action.rotation + turns) % 6, action.face)


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_game_turned_is_legal_scores_the_same_and_keeps_its_keys(seed):
    """The symmetry rule's claim, checked on the engine: a random game of the shipped set
    played again with every placement turned is legal at every step, removes the same
    tiles, reaches the same key (the turned state counts as the same) and the same score."""
    rng = random.Random(seed)
    game, twin = Hextremadura(seed=seed), Hextremadura(seed=seed)
    turns = 1 + seed % 5
    while not game.is_over:
        action = game.random_action(rng)
        game.play(action)
        twin.play(turned(action, turns))
        assert twin.last_removed == game.last_removed
        assert state_key(twin) == state_key(game)
    assert twin.is_over and twin.score() == game.score()
