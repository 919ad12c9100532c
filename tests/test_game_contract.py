"""One conformance suite for both engines: the game contract of ``xochintlan_hex.game``.

In the style of OpenSpiel's random-simulation test: random games are played to
the end and, at every step, the promises every layer above the rules relies on
are checked (clone and undo independence, JSON round trip, the three legality
questions agreeing, the notation read back, the outcome's columns). A new
engine joins by adding one line to ``ENGINES``: the kit's two games and the
example game a designer registers (``examples/tessera.py``) all keep it.
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from xochintlan_hex import hextremadura, xochintlan
from xochintlan_hex.errors import IllegalAction, RecordError
from xochintlan_hex.game import ActionValue, Game, load_game_module
from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.xochintlan import Rules, Xochintlan

tessera = load_game_module(str(Path(__file__).resolve().parents[1] / "examples" / "tessera.py"))
Tessera = tessera.Tessera

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
    "tessera": (lambda s: Tessera(seed=s), tessera.parse_action),
    "tessera-4x4": (lambda s: Tessera(seed=s, size=4), tessera.parse_action),
}
ENGINE_CLASSES = [Xochintlan, Hextremadura, Tessera]
#: Each engine's module (its Place action).
MODULE_OF = {Xochintlan: xochintlan, Hextremadura: hextremadura, Tessera: tessera}
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
    module = MODULE_OF[engine_class]

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


# ---------------------------------------------------------------------------
# The game description (GameSpec): a registered game gets studies, reports,
# ladders and a board from the kit, through its public API only.

EXAMPLE = str(Path(__file__).resolve().parents[1] / "examples" / "tessera.py")


def test_every_registered_game_describes_itself():
    from xochintlan_hex.game import game_names, game_spec

    assert {"xochintlan", "hextremadura", "tessera"} <= set(game_names())
    for name in game_names():
        spec = game_spec(name)
        game = spec.new_game(seed=3, seats=spec.seats[0], **spec.check_parameters({}))
        assert isinstance(game, Game) and spec.report_metrics in ("seats", "solo")
        if spec.hidden_information:
            world = spec.determinize(game, game.current_player, random.Random(1))
            assert [str(a) for a in world.legal_actions()] == [str(a) for a in game.legal_actions()]
        while not game.is_over:
            game.play(game.random_action(random.Random(len(game.history))))
        names = [next(iter(spec.players))] * spec.seats[0]
        assert list(spec.row(game, 0, 3, names)) == spec.columns(spec.seats[0])


def test_an_unknown_game_names_the_registered_ones_and_a_name_is_registered_once():
    from xochintlan_hex.game import game_spec, register_game

    with pytest.raises(ValueError, match="unknown game 'chess'; registered games: 'xochintlan', 'hextremadura'"):
        game_spec("chess")
    spec = game_spec("tessera")
    assert register_game(spec) is spec  # the same spec again: nothing happens
    import dataclasses

    with pytest.raises(ValueError, match="already registered"):
        register_game(dataclasses.replace(spec, title="Another"))


def test_a_game_parameter_is_checked_once_with_what_is_allowed():
    from xochintlan_hex.simulate import simulate

    with pytest.raises(ValueError, match="size must be an int from 3 to 9, got 12"):
        simulate("tessera", 2, "random,random", size=12, progress=False)
    with pytest.raises(ValueError, match="Tessera has no parameter 'colour'; its parameters: size"):
        simulate("tessera", 2, "random,random", colour="red", progress=False)
    with pytest.raises(ValueError, match="Tessera is played by 2 to 2 players, got 3"):
        simulate("tessera", 2, "random,random,random", progress=False)


def test_a_registered_game_gets_a_study_from_the_command_line(tmp_path, capsys):
    from xochintlan_hex import cli
    from xochintlan_hex.simulate import simulate
    from xochintlan_hex.studies import read_results

    out = tmp_path / "t.csv"
    argv = ["simulate", "--game-module", EXAMPLE, "tessera", "--games", "12", "--players", "greedy,random"]
    assert cli.main([*argv, "--size", "4", "--seed", "2", "-q", "--out", str(out)]) == 0
    frame = read_results(out)
    expected = simulate("tessera", 12, "greedy,random", seed=2, size=4, progress=False)
    assert frame.astype(str).equals(expected.astype(str))
    assert set(frame["player_0"]) == {"greedy"} and set(frame["size"].astype(int)) == {4}
    assert cli.main(["simulate", "--game-module", "no_such_module", "tessera", "--games", "1", "--out", "x.csv"]) == 2
    assert "--game-module: cannot import 'no_such_module'" in capsys.readouterr().err


def test_the_study_of_a_registered_game_is_reported_with_intervals(tmp_path):
    from xochintlan_hex.stats import report
    from xochintlan_hex.studies import read_results, run_study, study

    out = tmp_path / "t.csv"
    run_study(study("tessera", 60, "greedy,random", seed=1), out, progress=False)
    table = report(read_results(out))
    seats = table[table["metric"] == "win_rate"]
    assert list(seats["level"]) == ["seat 0 of 2", "seat 1 of 2"] and (seats["n"] == 60).all()
    assert ((seats["low"] <= seats["estimate"]) & (seats["estimate"] <= seats["high"])).all()
    assert abs(seats["estimate"].sum() - 1) < 1e-12  # no draws in Tessera: the seats share every game
    assert "head_to_head_win_rate" in set(table["metric"])


def test_a_round_robin_ladders_random_greedy_and_ismcts_on_a_registered_game():
    from xochintlan_hex.players import ISMCTS
    from xochintlan_hex.tournament import bradley_terry, round_robin

    players = ["random", "greedy", ISMCTS("tessera", name="ismcts", iterations=20)]
    frame = round_robin(players, games=30, seed=4, progress=False, game="tessera")
    assert sorted(frame["pairing"].unique()) == ["greedy vs ismcts", "random vs greedy", "random vs ismcts"]
    ladder = bradley_terry(frame, reference="random").set_index("player")
    assert (ladder["games"] == 120).all()
    assert ladder.loc["greedy", "low"] > 0  # greedy beats random clearly (about 2 games in 3)


def test_a_registered_game_draws_its_own_svg_board():
    import xml.etree.ElementTree as ElementTree

    from xochintlan_hex.game import game_spec

    spec = game_spec("tessera")
    game = spec.new_game(seed=5, size=4)
    for _ in range(3):
        game.play(game.random_action(random.Random(len(game.history))))
    svg = spec.board_svg(game)
    assert svg == game._repr_svg_()  # Jupyter shows the game as this picture
    rects = ElementTree.fromstring(svg).findall("{http://www.w3.org/2000/svg}rect")
    dark = [r for r in rects if r.get("fill") == "#445"]
    assert len(rects) == 16 and len(dark) == bin(game.filled).count("1") > 0
    assert spec.board_svg is not None and game_spec("xochintlan").board_svg is None


def test_ismcts_searches_any_game_whose_spec_says_who_won():
    from xochintlan_hex.players import ISMCTS

    for game in (Tessera(seed=1), Hextremadura(seed=1), Xochintlan(seed=1)):
        player = ISMCTS(type(game).__name__.lower(), iterations=25)
        action = player.choose(game, random.Random(0))
        assert game.is_legal(action) and action == player.choose(game, random.Random(0))


def test_the_report_knows_a_registered_game_by_its_columns_and_never_pools_two_games(tmp_path, capsys):
    """Tessera's rows hold winner and end_reason, as Xochintlan's do: the report names each
    file's game from the registered column schemas, and refuses to pool the two."""
    from xochintlan_hex import cli
    from xochintlan_hex.studies import run_study, study

    tessera_file, xochintlan_file = tmp_path / "t.csv", tmp_path / "x.csv"
    run_study(study("tessera", 20, "greedy,random", seed=1), tessera_file, progress=False)
    run_study(study("xochintlan", 20, "random,random", seed=1), xochintlan_file, progress=False)
    assert cli.main(["report", str(tessera_file)]) == 0
    capsys.readouterr()
    assert cli.main(["report", str(tessera_file), str(xochintlan_file)]) == 2
    err = capsys.readouterr().err
    assert "t.csv (Tessera) and" in err and "x.csv (Xochintlan) are studies of two games" in err, err


def test_a_registered_game_with_seats_takes_a_sequential_question(tmp_path, capsys):
    from xochintlan_hex import cli

    out = tmp_path / "u.csv"
    argv = ["simulate", "--game-module", EXAMPLE, "tessera", "--players", "greedy,random", "--games", "2000"]
    assert cli.main([*argv, "--until", "advantage 0.1", "-q", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "stopped after" in printed and "of at most 2000" in printed
    from xochintlan_hex.sequential import UntilError, sequential_test
    from xochintlan_hex.studies import hextremadura_study

    with pytest.raises(UntilError, match="games of several seats, not Hextremadura"):
        sequential_test(hextremadura_study(10, "random"), "advantage 0.1")


def test_a_designers_game_refuses_a_record_it_cannot_replay_and_an_undo_with_nothing_played():
    """Tessera inherits records and undo from game.BaseGame: a record whose actions or
    parameters do not replay is a RecordError, and an undo at the start changes nothing."""
    game = Tessera(seed=3)
    game.play(game.legal_actions()[0])
    record = json.loads(game.to_json())
    with pytest.raises(RecordError, match="cannot be replayed"):
        Tessera.from_json(json.dumps({**record, "actions": record["actions"] * 2}))  # a cell filled twice
    with pytest.raises(RecordError, match="cannot be replayed"):
        Tessera.from_json(json.dumps({k: v for k, v in record.items() if k != "size"}))
    assert Tessera.from_json(game.to_json()).to_json() == game.to_json()
    fresh = Tessera(seed=3)
    before = state_of(fresh)
    with pytest.raises(IllegalAction, match="no action to undo"):
        fresh.undo()
    assert state_of(fresh) == before
