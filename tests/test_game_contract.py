"""One conformance suite for both engines: the game contract of ``xochintlan_hex.game``.

In the style of OpenSpiel's random-simulation test: random games are played to
the end and, at every step, the promises every layer above the rules relies on
are checked (clone and undo independence, JSON round trip, the three legality
questions agreeing, the notation read back, the outcome's columns). A new
engine joins by adding one line to ``ENGINES``.
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from xochintlan_hex import hextremadura, xochintlan
from xochintlan_hex.errors import IllegalAction, RecordError
from xochintlan_hex.game import ActionValue, Game
from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.xochintlan import Rules, Xochintlan

# name -> (make a game from a seed, read an action's notation)
ENGINES: dict[str, tuple[Callable[[int], Any], Callable[[str], Any]]] = {
    "xochintlan-square": (lambda s: Xochintlan(2, seed=s, rules=Rules(max_turns=80)), xochintlan.parse_action),
    "xochintlan-hex-3p-swap-redraw": (
        lambda s: Xochintlan(
            3, seed=s, rules=Rules(lattice="hex", tiles_per_kind=4, endgame="swap", allow_redraw=True, max_turns=60)
        ),
        xochintlan.parse_action,
    ),
    "xochintlan-from-board": (
        lambda s: Xochintlan.from_board("LB.\nHM.", 2, seed=s, rules=Rules(max_turns=50), current_player=1),
        xochintlan.parse_action,
    ),
    "hextremadura": (lambda s: Hextremadura(seed=s), hextremadura.parse_action),
    "hextremadura-exactly": (lambda s: Hextremadura(seed=s, requirement_mode="exactly"), hextremadura.parse_action),
}
ENGINE_CLASSES = [Xochintlan, Hextremadura]
PLAIN = (int, str, bool, float, type(None), list, dict)


def state_of(game: Any) -> tuple:
    """What a player can see of a game: enough to notice any change."""
    return (game.to_json(), [str(a) for a in game.legal_actions()], game.outcome(), game.current_player)


def sample(actions: list, rng: random.Random, k: int = 12) -> list:
    return actions if len(actions) <= k else rng.sample(actions, k)


@pytest.mark.parametrize("engine", sorted(ENGINES))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_games_keep_the_contract_at_every_step(engine, seed):
    make, parse = ENGINES[engine]
    game = make(seed)
    rng = random.Random(seed)
    assert isinstance(game, Game)
    columns = set(game.outcome())
    seen_actions: list = []
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a game that is not over offers an action"
        before = state_of(game)
        legal_texts = {str(a) for a in legal}
        assert len(legal_texts) == len(legal), "legal actions are distinct"
        for action in sample(legal, rng):
            # legal_actions, is_legal and why_illegal agree, on the value and on its notation
            assert game.is_legal(action) and game.why_illegal(action) is None
            assert game.is_legal(str(action)) and game.why_illegal(str(action)) is None
            assert parse(str(action)) == action and str(parse(str(action))) == str(action)
            assert isinstance(action, ActionValue) and action != tuple(action._fields())
        for action in sample([a for a in seen_actions if str(a) not in legal_texts], rng, 6):
            reason = game.why_illegal(action)
            assert isinstance(reason, str) and reason and not game.is_legal(action)
            with pytest.raises(IllegalAction):
                game.play(action)
            assert state_of(game) == before, "a refused action changes nothing"
        # JSON round trip at every step, into the same class
        again = type(game).from_json(game.to_json())
        assert type(again) is type(game) and state_of(again) == before
        assert json.loads(game.to_json(indent=2)) == json.loads(game.to_json())
        # clone and undo independence: what one does, the other never sees
        twin = game.clone()
        action = game.random_action(rng)
        assert str(action) in legal_texts
        twin.play(action)
        assert state_of(game) == before
        assert twin.undo() == action and state_of(twin) == before
        game.play(action)
        twin.play(rng.choice(legal))
        twin.undo()
        assert state_of(twin) == before
        assert game.undo() == action and state_of(game) == before
        game.play(action)
        seen_actions.extend(sample(legal, rng, 3))
        row = game.outcome()
        assert set(row) == columns, "outcome() has the same columns at every step"
        assert all(isinstance(v, PLAIN) for v in row.values())
    assert game.legal_actions() == [] and game.outcome()["is_over"] is True
    assert isinstance(game.why_illegal(seen_actions[0]), str)
    with pytest.raises(IllegalAction):
        game.random_action(rng)
    with pytest.raises(IllegalAction):
        game.play(seen_actions[0])


def play_randomly(game: Any, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.play(game.random_action(rng))


def test_hextremadura_clone_and_undo_share_no_state():
    # A clone undoes into its own past even after the original undid and played elsewhere.
    game = Hextremadura(seed=5)
    rng = random.Random(0)
    play_randomly(game, 4, rng)
    twin = game.clone()
    expected = Hextremadura(seed=5)  # the position before the last action, built on its own
    for action in game.history[:-1]:
        expected.play(action)
    game.undo()
    other = next(a for a in game.legal_actions() if a != twin.history[-1])
    game.play(other)
    twin.undo()
    assert dict(twin.map) == dict(expected.map) and twin.pile == expected.pile
    assert other.cell not in twin.map or twin.map[other.cell] == expected.map.get(other.cell)
    assert state_of(twin) == state_of(expected)


@pytest.mark.parametrize("engine_class", ENGINE_CLASSES)
def test_from_json_returns_the_class_it_is_called_on(engine_class):
    class Lesson(engine_class):  # a teacher's own subclass
        pass

    game = Lesson(seed=3)
    play_randomly(game, 3, random.Random(3))
    again = Lesson.from_json(game.to_json())
    assert type(again) is Lesson and again.to_json() == game.to_json()
    assert type(again.clone()) is Lesson


@pytest.mark.parametrize("engine_class", ENGINE_CLASSES)
def test_constructors_take_the_seed_by_keyword_only(engine_class):
    parameters = inspect.signature(engine_class).parameters
    assert parameters["seed"].kind is inspect.Parameter.KEYWORD_ONLY
    assert list(inspect.signature(engine_class.to_json).parameters) == ["self", "indent"]
    assert list(inspect.signature(engine_class.from_json).parameters) == ["text", "check_result"]


@pytest.mark.parametrize("engine_class", ENGINE_CLASSES)
def test_default_seeds_are_drawn_one_way_and_kept(engine_class):
    seeds = {engine_class().seed for _ in range(20)}
    assert all(isinstance(s, int) and 0 <= s < 2**63 for s in seeds)
    assert max(seeds) >= 2**40, "a fresh seed has 63 random bits"
    game = engine_class()
    assert json.loads(game.to_json())["seed"] == game.seed


@pytest.mark.parametrize("engine_class", ENGINE_CLASSES)
def test_records_share_one_header(engine_class):
    record = json.loads(engine_class(seed=1).to_json())
    assert record["game"] == engine_class.__name__.lower() and record["version"] == 1


@pytest.mark.parametrize("engine_class", ENGINE_CLASSES)
@pytest.mark.parametrize("seed", [-1, -7, 2.0, "3", True])
def test_seeds_are_whole_numbers_from_zero(engine_class, seed):
    # random.Random deals the same game for k and -k: negative seeds are refused
    with pytest.raises(ValueError, match="seed must be a whole number >= 0"):
        engine_class(seed=seed)


@pytest.mark.parametrize("engine_class", ENGINE_CLASSES)
def test_numpy_integers_are_accepted_as_seeds_and_stored_as_ints(engine_class):
    game = engine_class(seed=np.int64(12))
    assert type(game.seed) is int and game.to_json() == engine_class(seed=12).to_json()


def test_numpy_integers_are_accepted_as_cells_in_both_games():
    x = Xochintlan(seed=1)
    x.play(xochintlan.Place("L", (np.int64(1), np.int32(0))))
    assert x.history == [xochintlan.Place("L", (1, 0))] and type(x.history[0].cell[0]) is int
    h = Hextremadura(seed=1)
    tile = h.available()[0]
    h.play(hextremadura.Place(tile, (np.int64(0), np.int64(0)), np.int8(2)))
    assert h.history == [hextremadura.Place(tile, (0, 0), 2)] and type(h.history[0].rotation) is int


def test_both_place_actions_are_value_objects_of_one_kind():
    x, h = xochintlan.Place("L", (1, 0)), hextremadura.Place("T3", (1, -1), 2, "front")
    for action, fields in ((x, ("L", (1, 0))), (h, ("T3", (1, -1), 2, "front"))):
        assert isinstance(action, ActionValue)
        assert action != fields and action._fields() == fields
        assert hash(action) == hash(type(action)(*fields))
        with pytest.raises(AttributeError, match="immutable"):
            action.cell = (0, 0)


@pytest.mark.parametrize("engine_class", ENGINE_CLASSES)
def test_a_subclass_of_place_is_played_like_place(engine_class):
    module = xochintlan if engine_class is Xochintlan else hextremadura

    class Marked(module.Place):
        __slots__ = ()

    game = engine_class(seed=2)
    fields = game.legal_actions()[0]._fields()
    action = Marked(*fields)
    assert action._fields() == fields and repr(action).startswith("Marked(") and action == Marked(*fields)
    assert game.is_legal(action) and game.why_illegal(action) is None
    game.play(action)
    assert str(game.history[0]) == str(action)


def test_records_bad_header_is_a_record_error():
    with pytest.raises(RecordError, match="not a Xochintlan record"):
        Xochintlan.from_json(Hextremadura(seed=1).to_json())
    with pytest.raises(RecordError, match="not a Hextremadura record"):
        Hextremadura.from_json(Xochintlan(seed=1).to_json())


@pytest.mark.parametrize("package", ["xochintlan", "hextremadura"])
def test_records_depend_on_the_game_one_way(package):
    # game.py imports records.py; records.py never imports game.py, and reads no private field
    import ast
    from pathlib import Path

    source = Path(__file__).resolve().parents[1] / "xochintlan_hex" / package / "records.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [m for m in imported if m.split(".")[-1] == "game" and "xochintlan_hex.game" != m], imported
    private = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
    }
    assert not private, f"records.py reads private fields: {sorted(private)}"
