"""Hextremadura records, the found perfect game, and the modules' docstring examples."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from xochintlan_hex.hextremadura import (
    OBJECTIVE_TYPES,
    Hextremadura,
    RecordError,
    load_tileset,
    record_of,
    replay,
    requirements_met,
)

ROOT = Path(__file__).resolve().parent.parent
PERFECT_GAME = ROOT / "datasets" / "hextremadura_perfect_game.json"


def random_game(seed, placements=None):
    game = Hextremadura(seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (placements is None or len(game.history) < placements):
        game.play(game.random_action(rng))
    return game


@pytest.mark.parametrize("placements", [0, 7, 19, None])
def test_to_json_and_from_json_give_the_same_game(placements):
    original = random_game(3, placements)
    again = Hextremadura.from_json(original.to_json())
    assert list(again.map.items()) == list(original.map.items())
    assert (again.pile, again.offer, again.explored, again.round, again.is_over) == (
        original.pile,
        original.offer,
        original.explored,
        original.round,
        original.is_over,
    )
    assert again.history == original.history and again.seed == original.seed
    assert again.score() == original.score()


def test_a_record_keeps_its_tile_set_and_pile_order():
    tiles = load_tileset(
        {
            "tiles": [
                {"id": "A", "kind": "river", "front": {"sectors": ["water"] * 6}, "back": {"sectors": ["crops"] * 6}},
                {"id": "B", "kind": "river", "front": {"sectors": ["forest"] * 6}, "back": {"sectors": ["crops"] * 6}},
            ]
        }
    )
    played = Hextremadura(tileset=tiles, order=["B", "A"])
    played.play("A@(0,0)r3b")
    data = json.loads(played.to_json())
    assert data["order"] == ["B", "A"] and data["actions"] == ["A@(0,0)r3b"]
    again = replay(data)
    assert again.tileset == tiles and again.map == played.map


def test_replay_checks_the_recorded_result():
    data = record_of(random_game(5))
    data["result"]["score"] += 1
    with pytest.raises(ValueError, match="differs from the record"):
        replay(data)
    assert replay(data, check_result=False).is_over


def test_replay_refuses_a_malformed_record():
    with pytest.raises(RecordError, match="not a JSON text"):
        replay("{not json")
    with pytest.raises(RecordError, match="missing field"):
        replay({"format": "hextremadura-record", "actions": []})
    with pytest.raises(RecordError, match="not a Hextremadura record"):
        replay({"format": "xochintlan-record", "tileset": {}, "order": [], "actions": []})
    data = record_of(random_game(6, 3))
    data["actions"][1] = "T99@(40,40)r0f"
    with pytest.raises(RecordError, match="record action 2"):
        replay(data)


# ---------------------------------------------------------------------------
# The found perfect game (datasets/find_perfect_game.py)
# ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def perfect():
    data = json.loads(PERFECT_GAME.read_text(encoding="utf-8"))
    return data, replay(data)


def test_the_perfect_game_uses_the_shipped_tile_set(perfect):
    data, _ = perfect
    assert load_tileset(data["tileset"]) == load_tileset()
    assert data["order"] == list(Hextremadura(seed=data["seed"]).start_order)  # the seed's own pile


def test_the_perfect_game_scores_15(perfect):
    _, game = perfect
    assert game.is_over and game.score() == 15 and game.rating() == "star"
    assert all(status.holds for status in game.objectives())
    row = game.outcome()
    assert sum(row[f"met_{kind}"] for kind in OBJECTIVE_TYPES) == 15 and row["front_left"] == 0


def test_the_perfect_game_meets_every_requirement_of_the_set(perfect):
    # every terrain tile went back on its back: each was taken off with both requirements met
    _, game = perfect
    removed = [tile for step in game.removals for tile in step]
    assert set(removed) == set(game.tileset.terrain_ids)
    for cell, placed in game.map.items():
        assert placed.face == "back" or game.tileset[placed.tile_id].is_river
        assert requirements_met(game.map, game.tileset, cell) == ()
