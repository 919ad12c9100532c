"""Xochintlan.from_board: games that start from a given board (lessons, bug reports)."""

from __future__ import annotations

import json
import random

import pytest

from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.xochintlan import IllegalAction, Rules, Xochintlan, perft

NEAR_L = """
LLL
H..
"""


def test_from_board_with_text_puts_the_human_on_the_origin():
    game = Xochintlan.from_board(NEAR_L, players=3, seed=5, current_player=2)
    assert game.board == {(0, 0): "H", (0, -1): "L", (1, -1): "L", (2, -1): "L"}
    assert game.human == (0, 0)
    assert (game.turn, game.current_player, game.locked, game.history) == (0, 2, frozenset(), [])
    assert not game.is_over and game.n_players == 3


def test_from_board_with_a_mapping_keeps_the_human_where_it_stands():
    board = {(4, -3): "H", (5, -3): "B", (5, -2): "M", (3, -3): "L"}
    game = Xochintlan.from_board(board, seed=2)
    assert game.board == board and game.human == (4, -3)
    assert game.count_legal_actions() == len(game.legal_actions())
    assert game.is_legal("H(6,-3)") and game.is_legal("L(4,-2)") and not game.is_legal("L(0,0)")


def test_reserve_is_tiles_per_kind_minus_the_animals_on_the_board():
    game = Xochintlan.from_board("LLB\nHM.", rules=Rules(tiles_per_kind=5))
    assert game.reserve == {"L": 3, "B": 4, "M": 4}
    game.play("(2,-1)=L")
    assert game.reserve == {"L": 2, "B": 5, "M": 4}


def test_a_lone_human_is_the_usual_set_up():
    fresh = Xochintlan(seed=4, cards=["I", "X"])
    started = Xochintlan.from_board("H", seed=4, cards=["I", "X"])
    assert started.legal_actions() == fresh.legal_actions()
    assert [perft(started, d) for d in (1, 2, 3)] == [perft(fresh, d) for d in (1, 2, 3)]


def test_a_position_plays_like_the_same_position_reached_by_play():
    played = Xochintlan(seed=9, cards=["P", "W"])
    rng = random.Random(1)
    for _ in range(12):
        played.play(played.random_action(rng))
    started = Xochintlan.from_board(played.board, seed=9, cards=["P", "W"], current_player=played.current_player)
    assert started.reserve == played.reserve
    # The same actions, plus those the lock forbade after the last action.
    extra = set(map(str, started.legal_actions())) - set(map(str, played.legal_actions()))
    assert set(map(str, played.legal_actions())) <= set(map(str, started.legal_actions()))
    assert all(played.why_illegal(a) for a in extra)
    assert all("just" in played.why_illegal(a) for a in extra)


@pytest.mark.parametrize("lattice", ["square", "hex"])
def test_random_play_from_a_position_keeps_counts_right(lattice):
    text = "LBM\nHL." if lattice == "square" else "L B M\n H L ."
    rng = random.Random(3)
    for seed in range(5):
        game = Xochintlan.from_board(text, seed=seed, rules=Rules(lattice=lattice, max_turns=60))
        while not game.is_over:
            assert game.count_legal_actions() == len(game.legal_actions())
            game.play(game.random_action(rng))
        assert game.end_reason in ("win", "tie", "turn_limit")


@pytest.mark.parametrize(
    "board, kwargs, message",
    [
        ("LQH", {}, "'Q' at line 1, column 2"),
        ({(0, 0): "H", (1, 0): "X"}, {}, "(1, 0) holds 'X'; tiles are H, L, B, M"),
        ("LLB", {}, "no Human"),
        ({(0, 0): "L"}, {}, "no Human"),
        ("HLH", {}, "2 Humans"),
        ({(0, 0): "H", (2, 0): "H", (1, 0): "L"}, {}, "2 Humans at [(0, 0), (2, 0)]"),
        ("HBBB", {"rules": Rules(tiles_per_kind=2)}, "3 Birds (B) on the board; the rules have tiles_per_kind=2"),
        ({(0, 0, 1): "H"}, {}, "a cell is an (x, y) tuple of ints"),
        ({(499, 0): "H"}, {}, "(499, 0) lies too far out"),
        ("H.L", {"rules": Rules(keep_connected=True)}, "several pieces"),
        ("HL", {"current_player": 2}, "current_player must be a player index 0..1, not 2"),
        (["H"], {}, "board must be a mapping cell -> letter or a text diagram"),
    ],
)
def test_from_board_refuses_boards_the_rules_do_not_allow(board, kwargs, message):
    with pytest.raises(ValueError) as refusal:
        Xochintlan.from_board(board, **kwargs)
    assert message in str(refusal.value)


def test_the_grid_limit_depends_on_the_animals_left_to_place():
    full = {(0, 0): "H"} | {(x, 1): "L" for x in range(8)} | {(x, 2): "B" for x in range(8)}
    full |= {(x, 3): "M" for x in range(8)}
    far = {(x + 400, y): kind for (x, y), kind in full.items()}
    assert Xochintlan.from_board(far).human == (400, 0)  # nothing left to place: it fits
    with pytest.raises(ValueError, match="within -451..451"):
        Xochintlan.from_board({(460, 0): "H"})  # 24 animals left to place


def test_play_from_a_position_to_a_win():
    game = Xochintlan.from_board(NEAR_L, seed=1, cards=["L", "X"])
    game.play("B(1,0)")  # player 0 plays elsewhere
    assert not game.is_over
    game.play("L(3,-1)")  # player 1 completes player 0's card: win_check="any" gives it to player 0
    assert (game.end_reason, game.winner, game.winning_kind, game.winning_card.name) == ("win", 0, "L", "L")
    with pytest.raises(IllegalAction, match="the game is over"):
        game.play("M(0,1)")


def test_the_mover_wins_by_completing_the_card():
    game = Xochintlan.from_board(NEAR_L, seed=1, cards=["X", "L"], current_player=1)
    game.play("L(3,-1)")
    assert (game.end_reason, game.winner, game.winning_kind, game.winning_card.name) == ("win", 1, "L", "L")
    assert game.winning_cells == {(0, 0), (0, -1), (1, -1), (2, -1), (3, -1)}


def test_a_card_standing_on_the_board_is_judged_after_the_first_action():
    game = Xochintlan.from_board("LLLL\nH...", seed=1, cards=["X", "L"])
    assert not game.is_over and game.winner is None and game.legal_actions()
    game.play("M(-1,0)")  # player 0 acts; under win_check="any" player 1's card then stands
    assert (game.end_reason, game.winner, game.turn) == ("win", 1, 1)
    game.undo()
    assert not game.is_over and game.turn == 0


def test_a_tie_when_the_reserve_empties_from_a_position():
    game = Xochintlan.from_board("LB\nHM\nLB", rules=Rules(tiles_per_kind=2), cards=["I", "X"])
    assert game.reserve == {"L": 0, "B": 0, "M": 1}
    game.play("M(-1,0)")
    assert game.end_reason == "tie" and game.winner is None


def test_json_round_trip_with_a_starting_board():
    board = {(7, 2): "H", (8, 2): "B", (8, 3): "M", (6, 2): "L"}
    game = Xochintlan.from_board(board, players=3, seed=11, current_player=1, rules=Rules(max_turns=90))
    rng = random.Random(8)
    for _ in range(10):
        game.play(game.random_action(rng))
    record = json.loads(game.to_json())
    assert record["board"] == [[7, 2, "H"], [6, 2, "L"], [8, 2, "B"], [8, 3, "M"]]
    assert record["current_player"] == 1
    again = Xochintlan.from_json(game.to_json())
    assert again.board == game.board and again.history == game.history
    assert (again.current_player, again.turn, again.reserve, again.locked) == (
        game.current_player,
        game.turn,
        game.reserve,
        game.locked,
    )
    while again.history:
        again.undo()
    assert again.board == board and again.current_player == 1
    assert (
        again.to_json()
        == Xochintlan.from_board(board, 3, seed=11, rules=Rules(max_turns=90), current_player=1).to_json()
    )


def test_records_without_a_board_still_start_from_the_set_up():
    game = Xochintlan(seed=3, cards=["I", "X"])
    game.play("L(1,0)")
    record = json.loads(game.to_json())
    assert "board" not in record and "current_player" not in record
    assert Xochintlan.from_json(json.dumps(record)).board == {(0, 0): "H", (1, 0): "L"}


def test_a_broken_board_in_a_record_is_refused():
    record = json.loads(Xochintlan.from_board("HL", seed=1).to_json())
    record["board"] = [[0, 0]]
    with pytest.raises(ValueError, match="board must be a list of"):
        Xochintlan.from_json(json.dumps(record))


def test_undo_back_to_the_start_restores_the_starting_board():
    game = Xochintlan.from_board("MLL\nHB.", seed=6, current_player=1)
    start = (game.board, game.reserve, game.current_player, game.legal_actions(), perft(game, 2))
    for action in ["L(-1,0)", "H(2,0)", "(1,-1)=B", "M(3,0)"]:
        game.play(action)
    while game.history:
        game.undo()
    assert (game.board, game.reserve, game.current_player, game.legal_actions(), perft(game, 2)) == start
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()


def test_clone_of_a_started_game_is_independent():
    game = Xochintlan.from_board(NEAR_L, seed=2)
    twin = game.clone()
    twin.play("M(0,1)")
    assert game.board == Xochintlan.from_board(NEAR_L, seed=2).board and game.turn == 0
    assert (
        twin.to_json() != game.to_json() and json.loads(twin.to_json())["board"] == json.loads(game.to_json())["board"]
    )


def test_hex_lattice_board_plays_to_a_win():
    line = Polyform([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], "hex")
    rules = Rules(lattice="hex")
    game = Xochintlan.from_board("H L L L\n B . M", rules=rules, seed=3, cards=[line, "H5-2"])
    assert game.board == {(0, 0): "H", (1, 0): "L", (2, 0): "L", (3, 0): "L", (0, 1): "B", (2, 1): "M"}
    assert game.reserve == {"L": 5, "B": 7, "M": 7}
    game.play("L(4,0)")
    assert (game.winner, game.winning_kind) == (0, "L")
    again = Xochintlan.from_json(game.to_json())
    assert again.winner == 0 and again.board == game.board
