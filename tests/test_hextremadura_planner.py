"""The Hextremadura planner (hidden pile sampled) and the open-information solver."""

import random

import pytest

from xochintlan_hex.hextremadura import Hextremadura, load_tileset, replay
from xochintlan_hex.players import HextremaduraPlanner, get_player
from xochintlan_hex.players.hextremadura_planner import objective_possible, score_upper_bound
from xochintlan_hex.solvability import solve_deal

QUICK = HextremaduraPlanner(candidates=2, worlds=2)


# ---------------------------------------------------------------------------
# sample_hidden on the solo game


def test_a_sampled_pile_keeps_what_the_player_sees_and_shuffles_the_rest():
    game = Hextremadura(seed=4)
    before = game.to_json()
    worlds = [game.sample_hidden(random.Random(s)) for s in range(10)]
    assert game.to_json() == before
    for world in worlds:
        assert world.available() == game.available() and world.explored == game.explored
        assert sorted(world.pile) == sorted(game.pile)
        assert world.legal_actions() == game.legal_actions()
    assert len({tuple(world.pile) for world in worlds}) > 5


def test_a_sampled_pile_reads_nothing_hidden():
    game = Hextremadura(seed=2)
    start = list(game.start_order)
    other = Hextremadura(order=start[:2] + start[2:][::-1])
    assert other.pile != game.pile
    assert game.sample_hidden(random.Random(1)).pile == other.sample_hidden(random.Random(1)).pile


def test_nothing_is_hidden_after_round_one():
    game = Hextremadura(seed=1)
    rng = random.Random(0)
    greedy = get_player("greedy", game="hextremadura")
    while game.round == 1:
        game.play(greedy.choose(game, rng))
    assert not game.is_over
    assert game.sample_hidden(random.Random(5)).pile == game.pile


# ---------------------------------------------------------------------------
# The planner


def test_planner_is_registered():
    assert isinstance(get_player("planner", game="hextremadura"), HextremaduraPlanner)


def test_planner_plays_legally_and_touches_nothing():
    game = Hextremadura(seed=3)
    rng = random.Random(2)
    while not game.is_over:
        before = game.to_json()
        action = QUICK.choose(game, rng)
        assert game.to_json() == before
        assert game.is_legal(action)
        game.play(action)


def test_planner_ignores_the_pile_below_its_top():
    rng = random.Random(6)
    for seed in range(3):
        game = Hextremadura(seed=seed)
        steps = rng.randrange(1, 10)
        start = list(game.start_order)
        other = Hextremadura(order=start[: steps + 2] + start[steps + 2 :][::-1])
        for _ in range(steps):
            action = game.random_action(rng)
            game.play(action), other.play(action)
        assert other.available() == game.available() and other.pile != game.pile
        assert QUICK.choose(game, random.Random(seed)) == QUICK.choose(other, random.Random(seed))


def test_planner_is_reproducible():
    game = Hextremadura(seed=8)
    assert QUICK.choose(game, random.Random(3)) == QUICK.choose(game, random.Random(3))


@pytest.mark.parametrize("kwargs", [{"candidates": 0}, {"worlds": "3"}])
def test_planner_refuses_bad_parameters(kwargs):
    with pytest.raises(ValueError, match="must be an int >= 1"):
        HextremaduraPlanner(**kwargs)


# ---------------------------------------------------------------------------
# The solver


def test_the_solver_finds_a_game_that_replays_to_its_lower_bound():
    found = solve_deal(seed=3, candidates=2)
    game = Hextremadura(seed=3)
    for action in found.actions:
        game.play(action)
    assert game.is_over and game.score() == found.lower
    assert found.lower <= found.upper == 15
    assert found.decided == (found.lower == 15)
    again = solve_deal(seed=3, candidates=2)
    assert again.actions == found.actions  # reproducible without a time limit


def test_the_solver_replays_with_a_record():
    found = solve_deal(order=["R1", "T1", "T2", "R2", "T3"], candidates=2)
    game = Hextremadura(order=found.order)
    for action in found.actions:
        game.play(action)
    assert replay(game.to_json()).score() == found.lower


def test_the_solver_refuses_bad_parameters():
    with pytest.raises(ValueError, match="passes must be an int >= 1"):
        solve_deal(seed=1, passes=0)
    with pytest.raises(ValueError, match="seconds must be None or a number > 0"):
        solve_deal(seed=1, seconds=0)


def test_objectives_the_icons_cannot_satisfy_lower_the_upper_bound():
    tiles = load_tileset(None)
    assert score_upper_bound(tiles) == 15
    assert all(objective_possible(tiles[t].back.objective, tiles) for t in tiles.terrain_ids)
    # Monuments turned into acorns: no region can ever hold all three icons.
    data = tiles.to_dict()
    for tile in data["tiles"]:
        icons = (tile.get("back") or {}).get("icons") or {}
        for side, icon in icons.items():
            if icon == "monument":
                icons[side] = "acorn"
    poorer = load_tileset(data)
    needs_all = sum(poorer[t].back.objective.type == "all_symbols" for t in poorer.terrain_ids)
    assert needs_all and score_upper_bound(poorer) <= 15 - needs_all
