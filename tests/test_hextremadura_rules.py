"""Hextremadura rules, clause by clause (docs/rules.md, Hextremadura part), on small hand-made tile sets."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xochintlan_hex.errors import IllegalAction as SharedIllegalAction
from xochintlan_hex.game import Game
from xochintlan_hex.hextremadura import (
    RATING_BANDS,
    Hextremadura,
    IllegalAction,
    Place,
    PlacedTile,
    analysis,
    garganta_de_los_infiernos,
    is_perfect,
    load_tileset,
    los_barruecos,
    parse_action,
    rating_for,
    requirement_met,
    requirements_met,
    tile_entry,
)
from xochintlan_hex.lattice import HEX, is_connected

WATER6 = "WWWWWW"


def tileset(*entries):
    return load_tileset({"name": "test", "tiles": list(entries)})


def river(tid, front=WATER6, back=WATER6):
    return tile_entry(tid, front, back)


def terrain(tid, front, reqs, back=WATER6, icons=None, objective=("all_symbols", "forest")):
    return tile_entry(tid, front, back, reqs, icons or {0: "acorn"}, objective)


def snapshot(game):
    """Everything a refused action must leave as it was."""
    return (
        list(game.map.items()),
        game.pile,
        game.offer,
        game.explored,
        game.round,
        game.is_over,
        [str(a) for a in game.history],
        game.removals,
        game.to_json(),
    )


# Both P and Q need water regions of 2 across their data sides 0 and 1.
PAIR = tileset(
    river("R1"),
    river("R2"),
    terrain("P", WATER6, [("water", 2, 0), ("water", 2, 1)]),
    terrain("Q", WATER6, [("water", 2, 0), ("water", 2, 1)]),
)


def simultaneous_game():
    """Q and P both wait for (1, 0); R2 goes there last and completes both."""
    game = Hextremadura(tileset=PAIR, order=["Q", "R1", "P", "R2"])
    game.play(Place("Q", (2, -1), 3))  # looks across sides 3 (1,-1) and 4 (1,0)
    game.play(Place("R1", (1, -1)))
    game.play(Place("P", (0, 0), 0))  # looks across sides 0 (1,0) and 1 (1,-1)
    return game


# B completes itself between the rivers; A keeps waiting for (3, 0) until round 2.
LATER = tileset(
    river("R1"),
    river("R2"),
    terrain(
        "B",
        WATER6,
        [("water", 2, 0), ("water", 2, 1)],
        back=WATER6,
        icons={0: "acorn"},
        objective=("adjacent_pair", "acorn", "stork"),
    ),
    terrain(
        "A",
        WATER6,
        [("water", 2, 0), ("water", 2, 3)],
        back="CCCCCC",
        icons={0: "stork"},
        objective=("three_separate", "water", "stork"),
    ),
)


def later_game():
    game = Hextremadura(tileset=LATER, order=["R1", "R2", "B", "A"])
    game.play("R1@(0,0)r0f")
    game.play("R2@(1,0)r0f")
    game.play("B@(0,1)r1f")  # sides 1 -> R2 and 2 -> R1: complete at once
    game.play("A@(2,0)r0f")  # side 3 -> R2 met, side 0 -> (3,0) empty
    return game


# ---------------------------------------------------------------------------
# Tiles and rotation
# ---------------------------------------------------------------------------
def test_sector_i_touches_side_i_and_rotation_k_puts_it_at_side_i_plus_k():
    tiles = tileset(river("R", "FWWCCC", "CFFWWW"))
    sectors = tiles["R"].front.sectors
    for k in range(6):
        game = Hextremadura(tileset=tiles, order=["R"])
        game.play(Place("R", (0, 0), k, "front"))
        assert [game.sector_terrain((0, 0), (i + k) % 6) for i in range(6)] == list(sectors)


def test_a_face_has_six_sectors_and_two_faces():
    spec = load_tileset()["T1"]
    assert len(spec.front.sectors) == len(spec.back.sectors) == 6
    assert spec.face("front") is spec.front and spec.face("back") is spec.back


# ---------------------------------------------------------------------------
# Requirements
# ---------------------------------------------------------------------------
REQ = tileset(
    terrain("X", "WFFFFF", [("water", 8, 0), ("forest", 5, 3)]),
    river("B6"),
    river("C1", "FFFWFF", "FFFFFF"),
    river("F6", "FFFFFF", "FFFFFF"),
)


def test_requirement_needs_a_tile_across_its_side():
    tiles = {(0, 0): PlacedTile("X", "front", 0)}
    assert not requirement_met(tiles, REQ, (0, 0), REQ["X"].front.requirements[0])


def test_requirement_met_by_a_region_spanning_three_tiles():
    # X's own water sector (1) + all of B6 (6) + C1's water sector facing B6 (1) = 8
    tiles = {
        (0, 0): PlacedTile("X", "front", 0),
        (1, 0): PlacedTile("B6", "front", 0),
        (2, 0): PlacedTile("C1", "front", 0),
    }
    water8 = REQ["X"].front.requirements[0]
    assert requirement_met(tiles, REQ, (0, 0), water8)
    del tiles[2, 0]  # only 7 sectors left over two tiles
    assert not requirement_met(tiles, REQ, (0, 0), water8)


def test_requirement_side_turns_with_the_tile():
    water8 = REQ["X"].front.requirements[0]
    # rotation 2: data side 0 looks across side 2, towards (0, -1)
    tiles = {
        (0, 0): PlacedTile("X", "front", 2),
        (0, -1): PlacedTile("B6", "front", 0),
        (0, -2): PlacedTile("C1", "front", 5),
    }  # C1's water sector 3 now at side 2... faces away
    assert not requirement_met(tiles, REQ, (0, 0), water8)
    tiles[0, -2] = PlacedTile("C1", "front", 2)  # its water sector at side 5, facing B6
    assert requirement_met(tiles, REQ, (0, 0), water8)
    tiles[1, 0] = tiles.pop((0, -1))  # the same region, but across side 0: not the side asked
    assert not requirement_met(tiles, REQ, (0, 0), water8)


def test_requirement_needs_its_terrain_in_the_facing_sector():
    forest5 = REQ["X"].front.requirements[1]  # forest, 5, side 3
    tiles = {(0, 0): PlacedTile("X", "front", 0), (-1, 0): PlacedTile("B6", "front", 0)}
    assert not requirement_met(tiles, REQ, (0, 0), forest5)
    tiles[-1, 0] = PlacedTile("F6", "front", 0)  # 6 forest + X's own 5 forest sectors
    assert requirement_met(tiles, REQ, (0, 0), forest5)


def test_requirement_exactly_is_a_variant():
    water8 = REQ["X"].front.requirements[0]
    tiles = {
        (0, 0): PlacedTile("X", "front", 0),
        (1, 0): PlacedTile("B6", "front", 0),
        (2, 0): PlacedTile("C1", "front", 0),
    }
    assert requirement_met(tiles, REQ, (0, 0), water8, mode="exactly")  # exactly 8 sectors
    tiles[1, 1] = PlacedTile("B6", "front", 0)  # the region grows to 14
    assert requirement_met(tiles, REQ, (0, 0), water8, mode="at_least")
    assert not requirement_met(tiles, REQ, (0, 0), water8, mode="exactly")
    assert requirements_met(tiles, REQ, (0, 0)) == (True, False)


def test_exactly_variant_changes_which_tiles_leave():
    tiles = tileset(river("R"), terrain("T", WATER6, [("water", 2, 0), ("water", 2, 3)]), river("S"))
    for mode, expected in (("at_least", ("T",)), ("exactly", ())):
        game = Hextremadura(tileset=tiles, order=["R", "T", "S"], requirement_mode=mode)
        game.play("R@(0,0)r0f")
        game.play("T@(1,0)r0f")
        assert game.would_remove("S@(2,0)r0f") == expected


# ---------------------------------------------------------------------------
# Rounds: set-up, turns, removal, round end, game end
# ---------------------------------------------------------------------------
def test_setup_shuffles_the_pile_by_seed_every_tile_front_up_first_in_the_offer():
    one, same, other = Hextremadura(seed=5), Hextremadura(seed=5), Hextremadura(seed=6)
    assert one.start_order == same.start_order != other.start_order
    assert sorted(one.start_order) == sorted(load_tileset().ids)
    assert one.offer == one.start_order[0] and one.pile == list(one.start_order[1:])
    assert one.round == 1 and one.explored == [] and not one.map
    for tile in one.start_order:
        assert one.faces(tile)[0] == "front"


def test_available_tiles_are_the_offer_and_the_top_of_the_pile():
    game = Hextremadura(tileset=PAIR, order=["Q", "R1", "P", "R2"])
    assert game.available() == ("Q", "R1")
    with pytest.raises(IllegalAction, match="not available"):
        game.play(Place("P", (0, 0)))


def test_first_tile_goes_anywhere_later_ones_must_touch_the_map():
    game = Hextremadura(tileset=PAIR, order=["R1", "R2", "Q", "P"])
    assert {a.cell for a in game.legal_actions()} == {(0, 0)}  # the origin stands for every cell
    game.play(Place("R1", (7, -3)))
    with pytest.raises(IllegalAction, match="touches no tile"):
        game.play(Place("R2", (0, 0)))
    game.play(Place("R2", (7, -2)))
    assert set(game.open_cells()) == {HEX.neighbour(c, s) for c in game.map for s in range(6)} - set(game.map)


def test_playing_the_offer_refills_it_from_the_pile():
    game = Hextremadura(tileset=PAIR, order=["R1", "R2", "Q", "P"])
    game.play("R1@(0,0)r0f")  # the offer
    assert game.offer == "R2" and game.pile == ["Q", "P"]


def test_playing_the_top_of_the_pile_keeps_the_offer():
    game = Hextremadura(tileset=PAIR, order=["R1", "R2", "Q", "P"])
    game.play("R2@(0,0)r0f")  # the top of the pile
    assert game.offer == "R1" and game.pile == ["Q", "P"]
    assert game.available() == ("R1", "Q")


def test_any_rotation_is_allowed():
    game = Hextremadura(tileset=PAIR, order=["R1", "R2", "Q", "P"])
    assert {a.rotation for a in game.legal_actions()} == set(range(6))


def test_a_tile_whose_two_requirements_are_met_leaves_the_map():
    game = simultaneous_game()
    assert set(game.map) == {(2, -1), (1, -1), (0, 0)}  # each has one requirement met only
    assert requirements_met(game.map, game.tileset, (0, 0)) == (False, True)


def test_simultaneous_removal_of_two_tiles_in_placement_order():
    game = simultaneous_game()
    assert game.would_remove("R2@(1,0)r0f") == ("Q", "P")
    game.play("R2@(1,0)r0f")
    assert game.last_removed == ("Q", "P")  # placement order, not names or cells
    assert set(game.map) == {(1, -1), (1, 0)}


def test_the_first_explored_tile_is_on_top_in_round_2():
    game = simultaneous_game()
    game.play("R2@(1,0)r0f")  # no tile left: the round ends
    assert game.round == 2
    assert game.offer == "Q" and game.pile == ["P"] and game.explored == []
    assert game.available() == ("Q", "P")
    assert game.faces("Q") == ("back",)


def test_a_removal_can_split_the_map_and_play_goes_on():
    tiles = tileset(river("R1"), river("R2"), river("R3"), terrain("X", WATER6, [("water", 1, 3), ("water", 1, 0)]))
    game = Hextremadura(tileset=tiles, order=["R1", "X", "R2", "R3"])
    game.play("R1@(0,0)r0f")
    game.play("X@(1,0)r0f")
    game.play("R2@(2,0)r0f")
    assert game.last_removed == ("X",)
    assert set(game.map) == {(0, 0), (2, 0)} and not is_connected(set(game.map), "hex")
    assert game.is_legal("R3@(3,0)r0f") and game.is_legal("R3@(-1,0)r0f") and game.is_legal("R3@(1,0)r0f")
    assert not game.is_legal("R3@(5,5)r0f")
    game.play("R3@(3,0)r0f")
    assert game.round == 2 and game.offer == "X"


def test_the_placed_tile_itself_can_be_completed_at_once():
    game = later_game()
    assert game.removals[2] == ("B",)


def test_a_front_tile_is_completed_in_a_later_round():
    game = later_game()
    assert game.round == 2 and game.offer == "B" and game.map[2, 0] == PlacedTile("A", "front", 0)
    game.play("B@(3,0)r0b")
    assert game.last_removed == ("A",)
    assert game.round == 3 and game.offer == "A" and game.faces("A") == ("back",)


def test_back_facing_tiles_are_never_removed():
    game = later_game()
    game.play("B@(3,0)r0b")
    # A's back goes where its front was complete: back faces have no requirements
    game.play("A@(2,0)r0b")
    assert game.last_removed == () and game.map[2, 0].face == "back" and game.map[3, 0].face == "back"


def test_the_game_ends_when_a_round_ends_with_no_explored_tile():
    game = later_game()
    game.play("B@(3,0)r0b")
    assert not game.is_over
    game.play("A@(2,0)r0b")
    assert game.is_over and game.round == 3
    assert game.available() == () and game.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        game.play("A@(5,0)r0b")
    with pytest.raises(IllegalAction, match="game is over"):
        game.random_action(random.Random(0))


def test_a_round_ends_only_when_no_tile_is_available():
    game = later_game()  # round 1 ended after its fourth tile
    assert game.history[-1].tile_id == "A" and game.round == 2
    fresh = Hextremadura(tileset=LATER, order=["R1", "R2", "B", "A"])
    fresh.play("R1@(0,0)r0f")
    fresh.play("R2@(1,0)r0f")
    fresh.play("B@(0,1)r1f")
    assert fresh.round == 1 and fresh.available() == ("A",)  # the offer alone


def test_river_tiles_are_played_on_either_face_and_never_leave():
    tiles = tileset(river("R", "WWWWFF", "FFCCWW"), terrain("T", "FFFFFF", [("water", 1, 0), ("water", 1, 3)]))
    game = Hextremadura(tileset=tiles, order=["R", "T"])
    assert {a.face for a in game.legal_actions() if a.tile_id == "R"} == {"front", "back"}
    assert {a.face for a in game.legal_actions() if a.tile_id == "T"} == {"front"}
    game.play("R@(0,0)r0b")
    assert game.map[0, 0] == PlacedTile("R", "back", 0)
    assert [game.sector_terrain((0, 0), s) for s in range(6)] == list(tiles["R"].back.sectors)
    game.play("T@(1,0)r0f")
    assert game.is_over and (0, 0) in game.map  # nothing explored: one round only
    other = Hextremadura(tileset=tiles, order=["R", "T"])
    other.play("R@(0,0)r0f")
    assert other.map[0, 0].face == "front"


def test_terrain_tiles_play_only_their_current_face():
    first = Hextremadura(tileset=LATER, order=["B", "R1", "R2", "A"])
    with pytest.raises(IllegalAction, match="face 'back' is not allowed in round 1"):
        first.play("B@(0,0)r0b")
    game = later_game()
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="face 'front' is not allowed in round 2: terrain tile 'B' shows its back"):
        game.play("B@(3,0)r0f")
    assert snapshot(game) == before


# ---------------------------------------------------------------------------
# Score and rating
# ---------------------------------------------------------------------------
def test_score_counts_back_facing_tiles_whose_objective_holds():
    game = later_game()
    game.play("B@(3,0)r0b")
    game.play("A@(2,0)r0b")  # A's stork (crops) next to B's acorn (water)
    assert [(s.tile_id, s.holds) for s in game.objectives()] == [("B", True), ("A", False)]
    assert game.score() == 1
    game.undo()
    game.play("A@(-1,0)r0b")  # far from B's acorn
    assert game.score() == 0 and game.is_over


def test_front_facing_tiles_score_nothing():
    game = simultaneous_game()
    assert game.objectives() == [] and game.score() == 0


def test_rating_bands_follow_the_seed_thresholds():
    assert [lowest for lowest, _ in RATING_BANDS] == [0, 9, 12, 14, 15]
    assert [rating_for(s) for s in range(16)] == (
        ["wanderer"] * 9 + ["explorer"] * 3 + ["naturalist"] * 2 + ["guide", "star"]
    )


# One terrain tile S between two rivers: its front is met at once, and its back
# (water with a stork beside forest with an acorn) meets its own adjacent_pair.
SOLO = tileset(
    river("R1"),
    river("R2"),
    terrain(
        "S",
        WATER6,
        [("water", 2, 0), ("water", 2, 1)],
        back="WWWFFF",
        icons={0: "stork", 3: "acorn"},
        objective=("adjacent_pair", "acorn", "stork"),
    ),
)


def test_a_perfect_score_is_every_terrain_tile_met_whatever_their_number():
    game = Hextremadura(tileset=SOLO, order=["R1", "R2", "S"])
    for action in ("R1@(0,0)r0f", "R2@(1,0)r0f", "S@(0,1)r1f", "S@(2,0)r0b"):
        game.play(action)
    assert game.is_over and (game.score(), game.max_score) == (1, 1)
    assert game.rating() == "star" and game.outcome()["rating"] == "star"
    assert is_perfect(game.score(), game.max_score)


def test_the_star_and_the_quests_use_the_same_perfect_score(monkeypatch):
    assert rating_for(15, max_score=18) == "guide" and not is_perfect(15, 18)
    assert rating_for(10, max_score=10) == "star" and rating_for(9, max_score=10) == "explorer"
    assert rating_for(0, max_score=0) == "wanderer"  # no terrain tile: nothing to be perfect at
    # with both landscapes standing, a quest that asks for 15 holds exactly when the rating is a star
    monkeypatch.setattr(analysis, "garganta_landscape", lambda rm: True)
    monkeypatch.setattr(analysis, "los_barruecos_landscape", lambda rm: True)
    rm = Hextremadura(seed=1).region_map()
    for score, best in ((15, 18), (10, 10), (15, 15), (14, 15), (1, 1), (0, 0)):
        star = rating_for(score, best) == "star"
        assert garganta_de_los_infiernos(rm, score, best) is star
        assert los_barruecos(rm, score, best) is star


# ---------------------------------------------------------------------------
# Bad input: refused, named, and nothing changes
# ---------------------------------------------------------------------------
@pytest.fixture
def started():
    game = Hextremadura(tileset=LATER, order=["R1", "R2", "B", "A"])
    game.play("R1@(0,0)r0f")
    return game


ILLEGAL = {
    "tile not available": (Place("A", (1, 0)), "tile 'A' is not available"),
    "unknown tile": (Place("Z9", (1, 0)), "tile 'Z9' is not available"),
    "cell occupied": (Place("R2", (0, 0)), "cell (0, 0) is occupied by tile 'R1'"),
    "cell touching no tile": (Place("R2", (3, 3)), "cell (3, 3) touches no tile"),
    "face of a terrain tile": (Place("B", (1, 0), 0, "back"), "face 'back' is not allowed in round 1"),
    "cannot parse": ("R2 at 1,0", "cannot parse 'R2 at 1,0'"),
    "rotation in text": ("R2@(1,0)r7f", "rotation 7 is outside 0..5"),
    "not an action": (42, "an action is a Place or its notation"),
}


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_illegal_actions_are_refused_and_change_nothing(started, case):
    action, message = ILLEGAL[case]
    before = snapshot(started)
    with pytest.raises(IllegalAction) as caught:
        started.play(action)
    assert message in str(caught.value)
    assert snapshot(started) == before
    assert started.why_illegal(action) == str(caught.value)
    assert not started.is_legal(action)
    with pytest.raises(IllegalAction):
        started.would_remove(action)
    assert snapshot(started) == before


# A Place is a checked value, like the Xochintlan actions: a malformed one cannot be built.
MALFORMED_PLACES = {
    "rotation too big": ((("R2", (1, 0), 6)), "rotation 6 is outside 0..5"),
    "rotation negative": ((("R2", (1, 0), -1)), "rotation -1 is outside 0..5"),
    "rotation not a number": ((("R2", (1, 0), "2")), "rotation '2' is outside 0..5"),
    "face unknown": ((("R2", (1, 0), 0, "side")), "face must be 'front' or 'back'"),
    "cell not a pair": ((("R2", (1, 0, 0))), "cell must be a pair of integers"),
    "tile id not a text": (((7, (1, 0))), "tile_id must be a tile id"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED_PLACES))
def test_a_malformed_place_cannot_be_built(case):
    fields, message = MALFORMED_PLACES[case]
    with pytest.raises(IllegalAction, match=re.escape(message)):
        Place(*fields)


def test_illegal_action_is_the_shared_exception_and_a_value_error():
    assert IllegalAction is SharedIllegalAction and issubclass(IllegalAction, ValueError)


def test_undo_with_nothing_played_is_refused():
    game = Hextremadura(seed=1)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()


def test_bad_constructor_arguments_are_value_errors():
    with pytest.raises(ValueError, match="not in the tile set"):
        Hextremadura(order=["T1", "NOPE"])
    with pytest.raises(ValueError, match="more than once"):
        Hextremadura(order=["T1", "T1"])
    with pytest.raises(ValueError, match="at least one tile"):
        Hextremadura(order=[])
    with pytest.raises(ValueError, match="requirement_mode"):
        Hextremadura(requirement_mode="about")
    with pytest.raises(ValueError, match="seed must be a whole number"):
        Hextremadura(seed=[1])


# ---------------------------------------------------------------------------
# Actions, notation, undo, clone, preview
# ---------------------------------------------------------------------------
def test_notation_round_trips():
    for action in (Place("T3", (1, -1), 2, "front"), Place("R1", (-10, 0), 5, "back")):
        assert parse_action(str(action)) == action
    assert str(Place("T3", (1, -1), 2, "front")) == "T3@(1,-1)r2f"


def test_legal_actions_are_every_tile_face_cell_and_rotation():
    game = simultaneous_game()  # available: R2 (a river, two faces) only
    actions = game.legal_actions()
    assert len(actions) == 2 * len(game.open_cells()) * 6 == len(set(actions))
    assert all(game.is_legal(a) for a in actions)


def test_random_action_is_a_uniform_pick_from_legal_actions():
    game = Hextremadura(seed=11)
    rng = random.Random(4)
    for _ in range(12):
        twin = random.Random()
        twin.setstate(rng.getstate())
        actions = game.legal_actions()
        assert game.random_action(rng) == actions[twin.randrange(len(actions))]
        game.play(game.random_action(random.Random(len(game.history))))


def test_random_games_finish_and_follow_the_rules():
    rng = random.Random(2024)
    for seed in range(20):
        game = Hextremadura(seed=seed)
        while not game.is_over:
            game.play(game.random_action(rng))
        # at the end every tile of the game lies on the map, once
        assert sorted(p.tile_id for p in game.map.values()) == sorted(game.start_order)
        assert game.available() == () and game.pile == [] and game.explored == []
        for cell, placed in game.map.items():  # no front tile is left complete
            if placed.face == "front" and not game.tileset[placed.tile_id].is_river:
                assert not all(requirements_met(game.map, game.tileset, cell))
        assert 0 <= game.score() <= 15


def test_undo_restores_the_exact_state_across_rounds():
    game = simultaneous_game()
    before = snapshot(game)
    game.play("R2@(1,0)r0f")
    assert game.round == 2
    assert game.undo() == Place("R2", (1, 0), 0, "front")
    assert snapshot(game) == before


def test_clone_is_independent():
    game = simultaneous_game()
    copy = game.clone()
    copy.play("R2@(1,0)r0f")
    assert game.round == 1 and len(game.map) == 3 and copy.round == 2
    copy.undo()
    assert snapshot(copy) == snapshot(game)


def test_would_remove_previews_without_changing_anything():
    game = simultaneous_game()
    before = snapshot(game)
    assert game.would_remove(Place("R2", (1, 0))) == ("Q", "P")
    assert game.would_remove(Place("R2", (3, -1))) == ()
    assert snapshot(game) == before


def test_sector_terrain_refuses_empty_cells_and_bad_sides():
    game = simultaneous_game()
    with pytest.raises(ValueError, match="no tile on cell"):
        game.sector_terrain((5, 5), 0)
    with pytest.raises(ValueError, match="side must be 0..5"):
        game.sector_terrain((0, 0), 6)
    assert game.sector_icon((0, 0), 0) is None


def test_the_engine_fits_the_shared_game_interface():
    game = Hextremadura(seed=3)
    assert isinstance(game, Game) and game.current_player == 0


def test_outcome_gives_plain_values_for_a_study_row():
    game = later_game()
    game.play("B@(3,0)r0b")
    game.play("A@(2,0)r0b")
    row = game.outcome()
    assert row["score"] == 1 and row["max_score"] == 2 and row["rating"] == "wanderer"
    assert row["rounds"] == 3 and row["placements"] == 6 and row["is_over"] is True
    assert row["explored"] == 2  # B in round 1, A in round 2
    assert row["met_adjacent_pair"] == 1 and row["objectives_three_separate"] == 1
    assert row["met_three_separate"] == 0 and row["front_left"] == 0
    assert row["quest_monfrague"] is False
    assert all(isinstance(v, (int, str, bool)) for v in row.values())


@settings(max_examples=120, deadline=None)
@given(
    moves=st.integers(0, 20),
    tile=st.sampled_from(["T1", "T5", "T15", "R1", "R3", "X", ""]),
    cell=st.tuples(st.integers(-4, 4), st.integers(-4, 4)) | st.just((0, 0, 0)) | st.just("a"),
    rotation=st.integers(-2, 8) | st.just(1.5),
    face=st.sampled_from(["front", "back", "up"]),
)
def test_fuzz_any_placement_is_played_or_refused_without_change(moves, tile, cell, rotation, face):
    game = Hextremadura(seed=moves)
    rng = random.Random(moves)
    while len(game.history) < moves and not game.is_over:
        game.play(game.random_action(rng))
    before, twin = snapshot(game), game.clone()
    try:
        action = Place(tile, cell, rotation, face)  # a malformed Place is refused as it is built
        game.play(action)
    except IllegalAction:
        assert snapshot(game) == before
    else:  # played: it was among the legal actions (any cell goes on an empty map)
        assert action in twin.legal_actions() or (not twin.map and action.tile_id in twin.available())
