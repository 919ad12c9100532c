"""Random Xochintlan games under every variant: invariants that must hold after every action."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from xochintlan_hex.xochintlan import (
    KINDS,
    MoveHuman,
    Place,
    Redraw,
    Rules,
    Swap,
    Switch,
    Xochintlan,
    distance_to_card,
    winning_kinds,
)

VARIANTS = [
    Rules(),
    Rules(lattice="hex"),
    Rules(tiles_per_kind=4, endgame="swap"),
    Rules(tiles_per_kind=3, endgame="swap", keep_connected=True, lattice="hex"),
    Rules(keep_connected=True, win_check="mover"),
    Rules(match="rotation+reflection", cards_per_player=2),
    Rules(allow_redraw=True, open_cards=True),
    Rules(tiles_per_kind=5, max_turns=25, allow_redraw=True, cards_per_player=2),
    Rules(cut_off_switch=True),
    Rules(tiles_per_kind=4, endgame="swap", cut_off_switch=True, lock="french"),
    Rules(lock="french", lattice="hex"),
]

games = st.tuples(st.integers(0, 10**9), st.sampled_from(VARIANTS), st.integers(2, 4))


def state(game):
    return (
        game.to_json(),
        game.board,
        game.reserve,
        game.locked,
        game.current_player,
        game.cards,
        game.revealed,
        game.end_reason,
        game.winner,
        game.count_legal_actions(),
        sorted((c, n) for c, n in game._adj.items() if n),
        game._nfront,
        list(game._tiles),
        sorted(game._cut_off),
        dict(game._groups),
    )


def check_tiles(game):
    board = game.board
    counts = Counter(board.values())
    assert counts["H"] == 1
    for kind in KINDS:
        assert counts[kind] + game.reserve[kind] == game.rules.tiles_per_kind
    assert game.locked <= set(board)
    assert game.turn == len(game.history)


def check_lock_respected(game, actions):
    locked = game.locked
    human_locked = game.human in locked
    for action in actions:
        if isinstance(action, Switch):
            assert action.cell not in locked
        elif isinstance(action, Swap):
            assert action.a not in locked and action.b not in locked
        elif isinstance(action, MoveHuman):
            assert not human_locked
    for cell in locked - {game.human}:
        kind = next(k for k in KINDS if k != game.board[cell])
        if game.reserve[kind]:
            assert "just played by the previous player" in game.why_illegal(Switch(cell, kind))


def touches_another_tile(game, cell):
    board = game.board
    return any(other in board for other in game.lattice.neighbours(cell))


def check_in_any_case(game, actions):
    """Unless cut_off_switch, a switch or a swap only takes an animal that touches another tile."""
    if game.rules.cut_off_switch:
        return
    for action in actions:
        if isinstance(action, Switch):
            assert touches_another_tile(game, action.cell)
        elif isinstance(action, Swap):
            assert touches_another_tile(game, action.a) and touches_another_tile(game, action.b)


def check_lock_after(game, action):
    if isinstance(action, MoveHuman) or (isinstance(action, (Place, Switch)) and game.rules.lock == "english"):
        assert game.locked == {action.cell}
    elif isinstance(action, (Place, Switch)):
        assert game.locked == frozenset()  # the French reading locks only a tile just moved
    elif isinstance(action, Swap):
        assert game.locked == {action.a, action.b}
    else:
        assert isinstance(action, Redraw) and game.locked == frozenset()


def check_wins(game, mover):
    board, rules = game.board, game.rules
    if game.end_reason == "win":
        assert game.winning_kind in winning_kinds(board, game.winning_card, rules)
        assert game.winning_card in game.cards[game.winner]
        assert len(game.winning_cells) == 5 and game.human in game.winning_cells
        assert distance_to_card(board, game.winning_card, rules=rules) == 0
        return
    checked = range(game.n_players) if rules.win_check == "any" else [mover]
    for p in checked:
        for card in game.cards[p]:
            assert winning_kinds(board, card, rules) == set()
    if game.end_reason == "tie" and rules.endgame == "tie":
        assert sum(game.reserve.values()) == 0


@settings(max_examples=30, deadline=None)
@given(games)
def test_random_games_keep_every_invariant(spec):
    seed, rules, players = spec
    rng = random.Random(seed)
    game = Xochintlan(players=players, seed=seed, rules=rules)
    while not game.is_over and game.turn < 70:
        check_tiles(game)
        actions = game.legal_actions()
        assert len(actions) == len(set(actions)) == game.count_legal_actions() > 0
        check_lock_respected(game, actions)
        check_in_any_case(game, actions)
        action = game.random_action(rng)
        assert action in actions
        before = state(game)
        mover = game.current_player
        game.play(action)
        check_lock_after(game, action)
        check_wins(game, mover)
        assert game.undo() == action and state(game) == before
        game.play(str(action))
    check_tiles(game)
    assert state(Xochintlan.from_json(game.to_json())) == state(game)


@settings(max_examples=15, deadline=None)
@given(games)
def test_clone_and_undo_all_return_to_the_set_up(spec):
    seed, rules, players = spec
    rng = random.Random(seed)
    game = Xochintlan(players=players, seed=seed, rules=rules)
    start = state(game)
    while not game.is_over and game.turn < 40:
        game.play(game.random_action(rng))
    copy = game.clone()
    while game.history:
        game.undo()
    assert state(game) == start
    assert copy.turn == len(copy.history) and Counter(copy.board.values())["H"] == 1


@settings(max_examples=20, deadline=None)
@given(games)
def test_distance_is_zero_exactly_when_the_card_stands(spec):
    seed, rules, players = spec
    rng = random.Random(seed)
    game = Xochintlan(players=players, seed=seed, rules=rules)
    while not game.is_over and game.turn < 40:
        game.play(game.random_action(rng))
        board = game.board
        for hand in game.cards:
            for card in hand:
                stands = bool(winning_kinds(board, card, rules))
                assert (distance_to_card(game, card) == 0) == stands
