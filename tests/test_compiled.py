"""The compiled search core gives the Python functions' answers exactly, so ``ismcts``
chooses the same actions with numba as without it (only faster).

Three things are compiled: the legal tile actions on a flat board and each card's facts
(``xochintlan/compiled.py``), and Python's random numbers (``players/compiled.py``).
Each is compared here with what it replaces, on positions of every rule set. Without
numba (the oldest-dependencies run) the module is skipped: the players then take the
Python path these tests compare against, which the rest of the suite tests.
"""

from __future__ import annotations

import random
from unittest import mock

import pytest

pytest.importorskip("numba")

from xochintlan_hex.players import get_player, ismcts
from xochintlan_hex.players.compiled import CompiledRandom
from xochintlan_hex.players.ismcts import XochintlanISMCTS, _PublicView
from xochintlan_hex.players.xochintlan import (
    card_name,
    distances_after,
    stand_after_a_tile,
    standing_after_moves,
)
from xochintlan_hex.xochintlan import (
    MoveHuman,
    Place,
    Redraw,
    Rules,
    Swap,
    Switch,
    Xochintlan,
    goal_cards,
)
from xochintlan_hex.xochintlan.compiled import (
    CODES,
    PLACE,
    SWAP,
    SWITCH,
    card_tables,
    position_facts,
    snapshot,
    tile_moves,
)

RULE_SETS = [
    Rules(),
    Rules(lattice="hex"),
    Rules(endgame="swap"),
    Rules(keep_connected=True),
    Rules(cut_off_switch=True),
    Rules(lock="french"),
    Rules(match="rotation+reflection"),
    Rules(quiet_rounds=2, allow_redraw=True, cards_per_player=2),
    Rules(lattice="hex", endgame="swap", tiles_per_kind=5, keep_connected=True),
]


def positions(rules: Rules, games: int = 6, limit: int = 120) -> list[Xochintlan]:
    """Every position of ``games`` random games under ``rules`` (2 and 3 players)."""
    found = []
    for seed in range(games):
        game, rng = Xochintlan(players=2 + seed % 2, seed=seed, rules=rules), random.Random(seed)
        while not game.is_over and game.turn < limit:
            found.append(game.clone())
            game.play(game.random_action(rng))
    return found


def engine_lists(game: Xochintlan, board) -> tuple[list, list]:
    """The engine's legal tile actions as (grid index, old code, new code) per changed cell,
    and its Human moves' grid indices, in its order."""
    code_at = {cell: CODES[kind] for cell, kind in game.board.items()}
    tiles, targets = [], []
    for action in game.legal_actions():
        if type(action) is Place:
            tiles.append([(board.index_of(action.cell), 0, CODES[action.kind])])
        elif type(action) is Switch:
            tiles.append([(board.index_of(action.cell), code_at[action.cell], CODES[action.kind])])
        elif type(action) is Swap:
            a, b = code_at[action.a], code_at[action.b]
            tiles.append(sorted([(board.index_of(action.a), a, b), (board.index_of(action.b), b, a)]))
        elif type(action) is MoveHuman:
            targets.append(board.index_of(action.cell))
    return tiles, targets


def compiled_lists(board) -> tuple[list, list, set[int]]:
    changes, first, targets = tile_moves(board)
    tiles = [
        sorted(tuple(int(v) for v in row[2:]) for row in changes[first[a] : first[a + 1]])
        for a in range(len(first) - 1)
    ]
    return tiles, targets.tolist(), set(changes[:, 1].tolist())


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_the_compiled_legal_tile_actions_are_the_engines(rules):
    kinds_met = set()
    for game in positions(rules):
        board = snapshot(game)
        tiles, targets, kinds = compiled_lists(board)
        assert (tiles, targets) == engine_lists(game, board), f"turn {game.turn}:\n{game}"
        kinds_met |= kinds
    assert {PLACE, SWITCH} <= kinds_met
    if rules.endgame == "swap":
        assert SWAP in kinds_met, "no position with swaps was met: the comparison missed them"


def python_facts(game: Xochintlan, cards: list) -> tuple[list[float], list[bool]]:
    """Each card's distance and one-action win, asked of the Python functions."""
    distances = distances_after(game, [None], cards)[0].astype(float).tolist()
    actions = game.legal_actions()
    moves = [a for a in actions if type(a) is MoveHuman]
    by_a_move = standing_after_moves(game, moves) if moves else set()
    tiles = [a for a in actions if type(a) is not MoveHuman and type(a) is not Redraw]
    by_a_tile = stand_after_a_tile(game, tiles, cards)
    return distances, [card_name(card) in by_a_move or won for card, won in zip(cards, by_a_tile)]


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_position_facts_are_the_python_functions_answers(rules):
    cards = list(goal_cards(rules.lattice))
    tables = card_tables(tuple(cards), rules)
    standing = 0
    for game in positions(rules):
        facts = tuple(values.tolist() for values in position_facts(game, cards, tables))
        assert facts == python_facts(game, cards), f"turn {game.turn}:\n{game}"
        standing += any(facts[1])
    assert standing, "no position had a card one action from standing: the comparison missed them"


def test_the_facts_of_a_few_cards_are_those_of_the_whole_deck():
    game = positions(Rules(), games=1)[40]
    cards = list(goal_cards("square"))
    every = position_facts(game, cards)
    some = position_facts(game, cards[3:7])
    assert some[0].tolist() == every[0][3:7].tolist() and some[1].tolist() == every[1][3:7].tolist()


def test_a_board_too_wide_for_the_grid_has_no_compiled_facts_and_ismcts_still_plays():
    rules = Rules(tiles_per_kind=40)
    wide = {(0, 0): "H", **{(x, 0): "L" for x in range(1, 41)}}  # 41 cells in a row
    game = Xochintlan.from_board(wide, rules=rules, seed=1)
    assert snapshot(game) is None
    assert position_facts(game, list(goal_cards("square"))) is None
    assert game.is_legal(XochintlanISMCTS(iterations=30).choose(game, random.Random(0)))


def test_too_few_tiles_of_a_kind_leave_the_facts_to_the_python_functions():
    game = Xochintlan(seed=1, rules=Rules(tiles_per_kind=3))
    assert position_facts(game, list(goal_cards("square"))) is None


def test_compiled_random_draws_the_numbers_random_draws_and_hands_the_state_back():
    for seed in range(4):
        source, twin = random.Random(seed), random.Random(seed)
        draws = CompiledRandom(source)
        assert [draws.random() for _ in range(1500)] == [twin.random() for _ in range(1500)]  # past 624 words
        draws.give_back()
        assert source.getstate() == twin.getstate()
        assert source.getrandbits(5) == twin.getrandbits(5)


def test_an_imagined_world_is_the_same_whether_drawn_in_python_or_compiled():
    for game in positions(Rules(), games=2, limit=40)[::7] + positions(Rules(lattice="hex"), games=1, limit=40)[::7]:
        me = game.current_player
        view = _PublicView.of(game, me, inference=1.0)
        python, source = random.Random(game.turn), random.Random(game.turn)
        draws = CompiledRandom(source)
        for _ in range(20):
            expected = XochintlanISMCTS._world(game, me, view, python)
            world = XochintlanISMCTS._world(game, me, view, draws)
            assert world.cards == expected.cards and world._deck == expected._deck
        draws.give_back()
        assert source.getstate() == python.getstate()


@pytest.mark.parametrize("lattice", ["square", "hex"])
def test_ismcts_chooses_the_same_with_and_without_compiled_code(lattice):
    player = get_player("ismcts-250")
    for game in positions(Rules(lattice=lattice), games=2, limit=60)[::6]:
        compiled_rng, python_rng = random.Random(game.turn), random.Random(game.turn)
        chosen = player.choose(game, compiled_rng)
        with mock.patch.object(ismcts, "COMPILED", False):
            assert player.choose(game, python_rng) == chosen, f"turn {game.turn}:\n{game}"
        assert compiled_rng.getstate() == python_rng.getstate(), "the two paths drew different random numbers"


def test_random_playouts_keep_the_python_random_source():
    game = positions(Rules(), games=1, limit=20)[-1]
    player = XochintlanISMCTS(iterations=40, rollout="random")
    compiled_rng, python_rng = random.Random(5), random.Random(5)
    chosen = player.choose(game, compiled_rng)
    with mock.patch.object(ismcts, "COMPILED", False):
        assert player.choose(game, python_rng) == chosen
    assert compiled_rng.getstate() == python_rng.getstate()


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(lattice="hex"), Rules(quiet_rounds=2), Rules(cards_per_player=2)], ids=repr
)
def test_a_leaf_is_judged_to_the_same_floats_in_compiled_code(rules):
    """The compiled judgement adds and multiplies in the Python judgement's order: the very
    same floats, not merely close ones (a last-bit difference could change a choice)."""
    judged = 0
    for game in positions(rules, games=4, limit=80)[::3]:
        for viewer in range(game.n_players):
            view = _PublicView.of(game, viewer, inference=1.0)
            compiled_node, python_node = ismcts._Node(None, viewer), ismcts._Node(None, viewer)
            view.learn(compiled_node, game)
            assert compiled_node.facts is not None
            with mock.patch.object(ismcts, "COMPILED", False):
                expected = view.expected_shares(python_node, game)
            assert view.expected_shares(compiled_node, game) == expected, f"turn {game.turn}:\n{game}"
            judged += 1
    assert judged > 50
