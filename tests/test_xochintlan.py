"""Xochintlan rules engine: one named test per clause of docs/rules.md, the seed's examples,
refusals, notation, records, text boards, patterns and distances."""

from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest

from xochintlan_hex.errors import IllegalAction as BaseIllegalAction
from xochintlan_hex.lattice import HEX, SQUARE
from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.xochintlan import (
    HUMAN,
    KIND_NAMES,
    KINDS,
    IllegalAction,
    MoveHuman,
    Place,
    Redraw,
    Rules,
    Swap,
    Switch,
    Xochintlan,
    board_from_text,
    board_to_text,
    card_placements,
    distance_to_card,
    goal_cards,
    nearest_placement,
    parse_action,
    winning_kinds,
    winning_pattern,
)


def play_all(game, actions):
    for action in actions.split():
        game.play(action)
    return game


def snapshot(game):
    """Everything a refused action must leave unchanged, public and internal."""
    return (
        game.to_json(),
        game.board,
        game.reserve,
        game.locked,
        game.current_player,
        game.turn,
        game.cards,
        game.revealed,
        (game.is_over, game.winner, game.winning_kind, game.end_reason),
        [str(a) for a in game.legal_actions()],
        sorted((c, n) for c, n in game._adj.items() if n),
        game._nfront,
        list(game._tiles),
        sorted(game._cut_off),
        dict(game._groups),
        len(game._log),
    )


def refused(game, action, message):
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=message):
        game.play(action)
    assert snapshot(game) == before
    assert game.why_illegal(action) is not None and not game.is_legal(action)


# I in a row of Lizards from the Human, the other player's tiles kept away from it.
I_BUILD = "L(1,0) L(2,0) L(3,0) B(0,1) M(0,-1) B(1,1)"


# ---------------------------------------------------------------------------
# components and set-up
# ---------------------------------------------------------------------------
def test_constants_of_the_contract():
    assert HUMAN == "H" and KINDS == ("L", "B", "M")
    assert KIND_NAMES == {"L": "Lizard", "B": "Bird", "M": "Monkey", "H": "Human"}
    assert IllegalAction is BaseIllegalAction and issubclass(IllegalAction, ValueError)


def test_deck_is_every_one_sided_pentomino_or_pentahex():
    square = [c.name for c in goal_cards()]
    assert len(square) == 18 and len(set(square)) == 18
    assert set(square) == set("FILNPTUVWXYZ") | {"F'", "L'", "N'", "P'", "Y'", "Z'"}
    assert len(goal_cards("hex")) == 33 and all(c.lattice == "hex" and c.size == 5 for c in goal_cards("hex"))


def test_setup_human_on_origin_reserve_full_player_0_starts():
    game = Xochintlan(players=3, seed=5)
    assert game.board == {(0, 0): "H"}
    assert game.reserve == {"L": 8, "B": 8, "M": 8}
    assert (game.current_player, game.turn, game.history, game.locked) == (0, 0, [], frozenset())
    assert not game.is_over and game.winner is None and game.end_reason is None
    assert game.lattice is SQUARE and Xochintlan(rules=Rules(lattice="hex"), seed=0).lattice is HEX


def test_deal_shuffles_the_deck_with_the_seed_and_deals_from_the_top():
    game = Xochintlan(players=3, seed=42, rules=Rules(cards_per_player=2))
    deck = list(goal_cards())
    random.Random(42).shuffle(deck)
    assert game.cards == [deck[0:2], deck[2:4], deck[4:6]]
    assert game.cards == Xochintlan(players=3, seed=42, rules=Rules(cards_per_player=2)).cards
    assert game.cards_left == 12


def test_players_play_in_a_cycle():
    game = Xochintlan(players=3, seed=0)
    seen = []
    for action in "L(1,0) L(2,0) L(3,0) B(4,0)".split():
        seen.append(game.current_player)
        game.play(action)
    assert seen == [0, 1, 2, 0] and game.current_player == 1 and game.turn == 4


def test_given_cards_by_name_or_polyform():
    L = Polyform.from_text("#.\n#.\n#.\n##")
    game = Xochintlan(players=2, seed=0, cards=[[L], "X"])
    assert [[c.name for c in hand] for hand in game.cards] == [["L"], ["X"]]


# ---------------------------------------------------------------------------
# action 1: place
# ---------------------------------------------------------------------------
def test_place_puts_an_animal_from_the_reserve_beside_a_tile():
    game = Xochintlan(seed=0)
    game.play(Place("L", (1, 0)))
    assert game.board == {(0, 0): "H", (1, 0): "L"} and game.reserve["L"] == 7


def test_place_needs_a_cell_touching_a_tile():
    refused(Xochintlan(seed=0), "L(3,1)", r"^\(3, 1\) touches no tile$")
    refused(Xochintlan(seed=0), "L(1,1)", r"\(1, 1\) touches no tile")  # corners do not count
    refused(Xochintlan(seed=0), "L(9999,0)", "touches no tile")


def test_place_needs_an_empty_cell():
    game = play_all(Xochintlan(seed=0), "L(1,0)")
    refused(game, "B(1,0)", r"\(1, 0\) is not empty: it holds a Lizard")
    refused(game, "B(0,0)", r"\(0, 0\) is not empty: it holds a Human")


def test_place_needs_that_kind_in_the_reserve():
    game = play_all(Xochintlan(seed=0, rules=Rules(tiles_per_kind=1)), "B(1,0)")
    refused(game, "B(-1,0)", "^no Bird left in the reserve$")


# ---------------------------------------------------------------------------
# action 2: switch
# ---------------------------------------------------------------------------
def test_switch_replaces_an_animal_and_returns_it_to_the_reserve():
    game = play_all(Xochintlan(seed=0), "L(1,0) M(0,1)")
    game.play(Switch((1, 0), "B"))
    assert game.board[(1, 0)] == "B"
    assert game.reserve == {"L": 8, "B": 7, "M": 7}


def test_switch_needs_an_animal_of_another_kind():
    game = play_all(Xochintlan(seed=0), "L(1,0) M(0,1)")
    refused(game, "(1,0)=L", r"\(1, 0\) already holds a Lizard")
    refused(game, "(5,5)=L", r"\(5, 5\) is empty: there is no animal to switch")


def test_switch_never_touches_the_human():
    game = play_all(Xochintlan(seed=0), "L(1,0) M(0,1)")
    refused(game, "(0,0)=L", "the Human can never be switched")


def test_switch_needs_the_new_kind_in_the_reserve():
    game = play_all(Xochintlan(seed=0, rules=Rules(tiles_per_kind=2)), "B(1,0) L(0,1) B(-1,0)")
    refused(game, "(0,1)=B", "no Bird left in the reserve")


def test_a_switch_of_the_locked_tile_names_the_lock_first():
    # Switching the tile just played to its own kind breaks two rules; the lock is the one to learn.
    game = play_all(Xochintlan(seed=0), "L(1,0) B(-1,0) L(1,-1)")
    refused(game, "(1,-1)=L", "was just played by the previous player")
    assert game.why_illegal("(1,-1)=L") == "(1, -1) was just played by the previous player"


# "In any case the played tile must have at least one side in common with another
# tile": after L(1,0) B(-1,0) H(2,0) the Bird on (-1,0) touches no tile.
CUT_OFF = "L(1,0) B(-1,0) H(2,0)"


def test_switch_needs_an_animal_touching_another_tile():
    game = play_all(Xochintlan(seed=0), CUT_OFF)
    refused(game, "(-1,0)=M", r"^\(-1, 0\) touches no other tile: a switched tile must share a side with another tile$")
    assert not any(isinstance(a, Switch) and a.cell == (-1, 0) for a in game.legal_actions())
    assert game.count_legal_actions() == len(game.legal_actions())
    game.play("(1,0)=M")  # the Lizard still touches the Human


def test_a_cut_off_animal_may_be_switched_again_once_a_tile_joins_it():
    game = play_all(Xochintlan(seed=0), CUT_OFF + " M(1,1) L(-1,1)")
    assert game.is_legal("(-1,0)=M")
    game.undo()
    assert not game.is_legal("(-1,0)=M")
    assert game.clone().why_illegal("(-1,0)=M") == game.why_illegal("(-1,0)=M")


def test_a_set_position_may_hold_a_cut_off_animal():
    game = Xochintlan.from_board("L.H", seed=0)
    refused(game, "(-2,0)=B", r"\(-2, 0\) touches no other tile")
    assert game.count_legal_actions() == len(game.legal_actions())
    game.play("B(-1,0)")
    game.play("(-2,0)=M")  # joined again by the Bird


def test_cut_off_switch_variant_keeps_the_looser_reading():
    game = play_all(Xochintlan(seed=0, rules=Rules(cut_off_switch=True)), CUT_OFF)
    assert game.is_legal("(-1,0)=M") and Switch((-1, 0), "M") in game.legal_actions()
    game.play("(-1,0)=M")
    assert game.board[(-1, 0)] == "M"


def test_swap_needs_animals_touching_another_tile():
    rules = Rules(tiles_per_kind=2, endgame="swap")
    # the Human walks away from the Lizard on (-1,0), then the reserve empties
    moves = "L(-1,0) L(1,0) H(2,0) B(3,0) B(2,1) M(2,-1) M(4,0)"
    game = play_all(Xochintlan(seed=0, rules=rules), moves)
    assert not game.is_over and game.reserve == {"L": 0, "B": 0, "M": 0}
    refused(
        game, "(-1,0)<>(3,0)", r"\(-1, 0\) touches no other tile: a swapped tile must share a side with another tile"
    )
    assert game.is_legal("(1,0)<>(3,0)")
    assert game.count_legal_actions() == len(game.legal_actions())
    loose = play_all(Xochintlan(seed=0, rules=Rules(tiles_per_kind=2, endgame="swap", cut_off_switch=True)), moves)
    assert loose.is_legal("(-1,0)<>(3,0)")


def test_random_action_never_draws_a_cut_off_animal():
    game = play_all(Xochintlan(seed=0, rules=Rules(tiles_per_kind=3)), CUT_OFF + " M(1,1)")
    actions = game.legal_actions()
    rng = random.Random(3)
    draws = Counter(game.random_action(rng) for _ in range(200 * len(actions)))
    assert set(draws) == set(actions)
    assert min(draws.values()) > 140 and max(draws.values()) < 260


# ---------------------------------------------------------------------------
# action 3: move the Human
# ---------------------------------------------------------------------------
def test_move_human_to_an_empty_cell_touching_a_tile():
    game = play_all(Xochintlan(seed=0), "L(1,0)")
    game.play(MoveHuman((2, 0)))
    assert game.board == {(1, 0): "L", (2, 0): "H"}


def test_move_human_target_must_touch_a_tile_once_the_human_has_left():
    refused(Xochintlan(seed=0), "H(1,0)", r"\(1, 0\) touches no tile once the Human has left \(0, 0\)")
    game = play_all(Xochintlan(seed=0), "L(1,0)")
    refused(game, "H(0,1)", r"\(0, 1\) touches no tile once the Human has left \(0, 0\)")
    refused(game, "H(1,0)", r"\(1, 0\) is not empty: it holds a Lizard")
    refused(game, "H(0,0)", r"\(0, 0\) is not empty: the Human is already there")


def test_move_human_may_disconnect_the_board():
    game = play_all(Xochintlan(seed=0), "L(1,0) B(-1,0) H(2,0)")
    assert game.board == {(1, 0): "L", (-1, 0): "B", (2, 0): "H"}


def test_keep_connected_forbids_splitting_the_board():
    rules = Rules(keep_connected=True)
    game = play_all(Xochintlan(seed=0, rules=rules), "L(1,0) B(-1,0)")
    refused(game, "H(2,0)", r"moving the Human to \(2, 0\) would split the board \(keep_connected=True\)")
    assert not any(isinstance(a, MoveHuman) for a in game.legal_actions())  # the Human holds the board together
    game = play_all(Xochintlan(seed=0, rules=rules), "L(1,0)")
    assert {str(a) for a in game.legal_actions() if isinstance(a, MoveHuman)} == {"H(1,-1)", "H(2,0)", "H(1,1)"}


# ---------------------------------------------------------------------------
# lock
# ---------------------------------------------------------------------------
def test_lock_after_place():
    game = play_all(Xochintlan(seed=0), "L(1,0)")
    assert game.locked == {(1, 0)}
    refused(game, "(1,0)=B", r"\(1, 0\) was just played by the previous player")
    game.play("M(0,1)")
    game.play("(1,0)=B")  # the lock lasts one turn


def test_lock_after_switch():
    game = play_all(Xochintlan(seed=0), "L(1,0) M(0,1) (1,0)=B")
    assert game.locked == {(1, 0)}
    refused(game, "(1,0)=L", r"\(1, 0\) was just played by the previous player")


def test_lock_after_move_holds_the_human():
    game = play_all(Xochintlan(seed=0), "L(1,0) H(2,0)")
    assert game.locked == {(2, 0)}
    refused(game, "H(1,1)", "^the Human was just moved by the previous player$")
    assert not any(isinstance(a, MoveHuman) for a in game.legal_actions())


def test_redraw_locks_nothing():
    game = play_all(Xochintlan(seed=0, rules=Rules(allow_redraw=True)), "L(1,0) R0")
    assert game.locked == frozenset()
    game.play("(1,0)=B")


def test_swap_locks_both_tiles():
    game = play_all(Xochintlan(seed=0, rules=Rules(tiles_per_kind=2, endgame="swap")), TWO_EACH + " (1,0)<>(3,0)")
    assert game.locked == {(1, 0), (3, 0)}
    refused(game, "(1,0)<>(5,0)", r"\(1, 0\) was just played by the previous player")
    refused(game, "(4,0)<>(3,0)", r"\(3, 0\) was just played by the previous player")


def test_french_lock_leaves_a_placed_or_switched_animal_free():
    game = play_all(Xochintlan(seed=0, rules=Rules(lock="french")), "L(1,0)")
    assert game.locked == frozenset()
    game.play("(1,0)=B")  # English reading: refused, the Lizard was just played
    assert game.locked == frozenset()
    game.play("(1,0)=M")


def test_french_lock_holds_the_human_just_moved():
    game = play_all(Xochintlan(seed=0, rules=Rules(lock="french")), "L(1,0) H(2,0)")
    assert game.locked == {(2, 0)}
    refused(game, "H(1,1)", "^the Human was just moved by the previous player$")


def test_french_lock_holds_both_swapped_tiles():
    rules = Rules(tiles_per_kind=2, endgame="swap", lock="french")
    game = play_all(Xochintlan(seed=0, rules=rules), TWO_EACH)
    assert game.locked == frozenset()  # the last placement locks nothing
    game.play("(1,0)<>(3,0)")
    assert game.locked == {(1, 0), (3, 0)}
    refused(game, "(1,0)<>(5,0)", r"\(1, 0\) was just played by the previous player")


# ---------------------------------------------------------------------------
# the pattern of a player, and the seed's three examples (card L)
# ---------------------------------------------------------------------------
SEED_WIN = """
L.
L.
L.
HL
"""
SEED_NO_HUMAN = """
L..
L..
L..
LLB
..H
"""
SEED_SIXTH_LIZARD = """
L.
L.
L.
HL
.L
"""


def test_seed_example_1_the_human_and_four_lizards_make_the_card():
    board = board_from_text(SEED_WIN)
    assert winning_kinds(board, "L") == {"L"}
    assert winning_pattern(board, "L") == frozenset(board)
    assert distance_to_card(board, "L") == 0


def test_seed_example_2_no_win_without_the_human_in_the_pattern():
    board = board_from_text(SEED_NO_HUMAN)
    assert winning_kinds(board, "L") == set()
    assert winning_pattern(board, "L") == frozenset()


def test_seed_example_3_no_win_with_a_sixth_lizard_touching():
    board = board_from_text(SEED_SIXTH_LIZARD)
    assert winning_kinds(board, "L") == set()
    assert distance_to_card(board, "L") == 1


def test_seed_example_1_wins_a_game():
    game = play_all(Xochintlan(seed=0, cards=["L", "X"]), "L(0,-1) B(0,1) L(0,-2) B(0,2) L(0,-3) M(-1,0)")
    assert not game.is_over
    game.play("L(1,0)")
    assert (game.winner, game.winning_kind, game.winning_card.name, game.end_reason) == (0, "L", "L", "win")
    assert game.winning_cells == {(0, 0), (0, -1), (0, -2), (0, -3), (1, 0)}


def test_a_card_stands_with_any_kind():
    board = board_from_text("HMMMM")
    assert winning_kinds(board, "I") == {"M"}


def test_match_rotation_refuses_the_mirror_image():
    board = board_from_text(".L\n.L\n.L\nLH")  # L' around the Human
    assert winning_kinds(board, "L") == set()
    assert winning_kinds(board, "L'") == {"L"}
    rotated = board_from_text("LLLH\n...L")  # L' turned a quarter
    assert winning_kinds(rotated, "L'") == {"L"}


def test_match_rotation_and_reflection_accepts_the_mirror_image():
    rules = Rules(match="rotation+reflection")
    board = board_from_text(".L\n.L\n.L\nLH")
    assert winning_kinds(board, "L", rules) == {"L"}
    game = play_all(Xochintlan(seed=0, rules=rules, cards=["L", "X"]), "L(0,-1) B(0,1) L(0,-2) B(0,2) L(0,-3) M(1,0)")
    game.play("L(-1,0)")
    assert game.winner == 0 and game.winning_card.name == "L"


def test_card_placements_count_orientations_times_five():
    one_sided = {c.name: len(c.orientations("one-sided")) for c in goal_cards()}
    for card in goal_cards():
        assert len(card_placements(card)) == 5 * one_sided[card.name]
        assert all(len(p) == 5 and (0, 0) in p for p in card_placements(card))
    assert [len(card_placements(n)) for n in ("X", "I", "L", "T")] == [5, 10, 20, 20]
    flips = Rules(match="rotation+reflection")
    assert [len(card_placements(n, flips)) for n in ("X", "I", "L", "T")] == [5, 10, 40, 20]
    assert len(card_placements("H5-1", Rules(lattice="hex"))) == 15


# ---------------------------------------------------------------------------
# end of a move: win check order
# ---------------------------------------------------------------------------
# Under match="rotation+reflection" the mirror cards L and L' stand on the same five
# cells, so two players can hold a standing card at once without a card dealt twice.
MIRRORED = Rules(match="rotation+reflection")
L_BUILD = "L(1,0) B(0,1) L(2,0) M(0,-1) L(3,0) B(-1,1)"  # the last Lizard of the L goes on (3,1)


def test_win_check_mover_first():
    game = play_all(Xochintlan(players=2, seed=0, rules=MIRRORED, cards=["L", "L'"]), L_BUILD)
    game.play("L(3,1)")
    assert game.winner == 0 and game.winning_kind == "L" and game.winning_card.name == "L"


def test_win_check_any_then_the_others_in_turn_order():
    game = play_all(
        Xochintlan(players=3, seed=0, rules=MIRRORED, cards=["X", "L", "L'"]),
        "L(1,0) L(2,0) L(3,0) B(0,1) M(0,-1) B(1,1)",
    )
    game.play("L(3,-1)")  # player 0 makes the L of players 1 and 2
    assert (game.winner, game.end_reason) == (1, "win")
    game = play_all(
        Xochintlan(players=3, seed=0, rules=MIRRORED, cards=["L", "L'", "X"]), "L(1,0) L(2,0) L(3,0) B(0,1) M(0,-1)"
    )
    game.play("L(3,-1)")  # player 2 makes it: player 0 comes next in turn order
    assert game.winner == 0


def test_win_check_any_lets_an_opponent_win_on_your_move():
    game = play_all(Xochintlan(players=2, seed=0, cards=["X", "I"]), "L(1,0) L(2,0) L(3,0) B(0,1)")
    game.play("L(4,0)")
    assert game.winner == 1


def test_win_check_mover_only_checks_the_player_who_acted():
    rules = Rules(win_check="mover")
    game = play_all(Xochintlan(players=2, seed=0, rules=rules, cards=["X", "I"]), "L(1,0) L(2,0) L(3,0) B(0,1)")
    game.play("L(4,0)")  # the I of player 1 stands, but player 0 moved
    assert not game.is_over
    game.play("M(0,-1)")  # player 1 acts with the I still standing
    assert (game.winner, game.winning_card.name) == (1, "I")


def test_quiet_rounds_no_card_counts_before_every_player_has_played_twice():
    # Player 1's I stands after the fourth action, player 1's own: in the rule
    # book player 1 wins at once; with two quiet rounds player 0 may answer.
    opening = "L(1,0) L(2,0) L(3,0) L(4,0)"
    book = play_all(Xochintlan(players=2, seed=0, cards=["X", "I"]), opening)
    assert (book.winner, book.turn) == (1, 4)
    quiet = play_all(Xochintlan(players=2, seed=0, cards=["X", "I"], rules=Rules(quiet_rounds=2)), opening)
    assert not quiet.is_over and quiet.current_player == 0
    answered = quiet.clone()
    answered.play("(1,0)=B")  # player 0 breaks the I: the game goes on
    assert not answered.is_over
    quiet.play("B(0,1)")  # player 0 leaves it: the I counts now, for its owner
    assert (quiet.winner, quiet.winning_card.name, quiet.turn) == (1, "I", 5)


def test_quiet_rounds_count_whole_rounds_of_every_player():
    actions = "L(1,0) L(2,0) L(3,0) L(4,0)"  # player 1's I stands after action 4
    one_round = play_all(Xochintlan(players=3, seed=0, cards=["X", "I", "T"], rules=Rules(quiet_rounds=1)), actions)
    assert (one_round.winner, one_round.winning_card.name) == (1, "I")  # the 3 quiet actions are over
    two_rounds = play_all(Xochintlan(players=3, seed=0, cards=["X", "I", "T"], rules=Rules(quiet_rounds=2)), actions)
    assert not two_rounds.is_over  # 6 quiet actions with three players


def test_several_cards_win_with_any_of_them():
    rules = Rules(cards_per_player=2)
    game = play_all(
        Xochintlan(players=2, seed=0, rules=rules, cards=[["X", "I"], ["T", "U"]]), "L(1,0) L(2,0) L(3,0) B(0,1)"
    )
    game.play("L(4,0)")
    assert (game.winner, game.winning_card.name) == (0, "I")


def test_hex_lattice_win():
    game = Xochintlan(players=2, seed=0, rules=Rules(lattice="hex"), cards=["H5-1", "H5-2"])
    play_all(game, "L(0,1) B(1,0) L(0,2) B(2,0) L(0,3) M(-1,0)")
    assert len(game.legal_actions()) == game.count_legal_actions()
    game.play("L(0,4)")
    assert (game.winner, game.winning_card.name) == (0, "H5-1")
    assert game.winning_cells == {(0, r) for r in range(5)}


# ---------------------------------------------------------------------------
# end of a move: tie, swap endgame, turn limit
# ---------------------------------------------------------------------------
TWO_EACH = "L(1,0) L(2,0) B(3,0) B(4,0) M(5,0) M(6,0)"


def test_tie_when_the_reserve_is_empty():
    game = play_all(Xochintlan(seed=0, rules=Rules(tiles_per_kind=2)), TWO_EACH)
    assert (game.is_over, game.end_reason, game.winner) == (True, "tie", None)
    assert game.legal_actions() == [] and game.count_legal_actions() == 0
    refused(game, "H(1,1)", "^the game is over$")
    with pytest.raises(IllegalAction, match="the game is over"):
        game.random_action(random.Random(0))


def test_swap_endgame_goes_on_with_swaps_and_human_moves():
    game = play_all(Xochintlan(seed=0, rules=Rules(tiles_per_kind=2, endgame="swap")), TWO_EACH)
    assert not game.is_over
    kinds = Counter(type(a).__name__ for a in game.legal_actions())
    assert set(kinds) == {"Swap", "MoveHuman"}
    refused(game, "(1,0)<>(2,0)", r"\(1, 0\) and \(2, 0\) both hold a Lizard: a swap needs two different kinds")
    refused(game, "(5,0)<>(6,0)", r"\(6, 0\) was just played by the previous player")
    refused(game, "(0,0)<>(1,0)", "the Human can never be swapped")
    refused(game, "L(0,1)", "no Lizard left in the reserve")
    refused(game, "(2,0)=B", "no Bird left in the reserve")
    game.play(Swap((3, 0), (1, 0)))
    assert game.board[(1, 0)] == "B" and game.board[(3, 0)] == "L" and game.reserve == {"L": 0, "B": 0, "M": 0}
    game.play("H(1,1)")  # moving the Human stays allowed


def test_swaps_wait_for_the_empty_reserve_and_the_variant():
    game = play_all(Xochintlan(seed=0, rules=Rules(endgame="swap")), "L(1,0) B(2,0) M(3,0)")
    refused(game, "(1,0)<>(2,0)", r"swaps start once every animal is on the board \(the reserve is not empty\)")
    game = play_all(Xochintlan(seed=0), "L(1,0) B(2,0) M(3,0)")
    refused(game, "(1,0)<>(2,0)", "swaps belong to the endgame='swap' variant")


def test_a_player_left_without_action_ends_the_game_in_a_tie():
    # One animal of each kind, the Human between them: after the swap, the only
    # free animal cannot swap, and no Human move keeps the board in one piece.
    rules = Rules(tiles_per_kind=1, endgame="swap", keep_connected=True)
    game = play_all(Xochintlan(seed=0, rules=rules), "L(1,0) B(-1,0) M(2,0)")
    assert not game.is_over
    game.play("(-1,0)<>(1,0)")
    assert game.end_reason == "tie" and game.winner is None


def test_max_turns_ends_in_a_tie_by_turn_limit():
    game = play_all(Xochintlan(seed=0, rules=Rules(max_turns=3)), "L(1,0) B(2,0) M(3,0)")
    assert (game.end_reason, game.winner, game.is_over) == ("turn_limit", None, True)


def test_max_turns_comes_after_the_win_and_the_tie():
    game = play_all(
        Xochintlan(seed=0, rules=Rules(max_turns=5), cards=["I", "X"]), "L(1,0) L(2,0) L(3,0) B(0,1) L(4,0)"
    )
    assert game.end_reason == "win"
    game = play_all(Xochintlan(seed=0, rules=Rules(tiles_per_kind=2, max_turns=6)), TWO_EACH)
    assert game.end_reason == "tie"


# ---------------------------------------------------------------------------
# optional rules: redraw, open cards
# ---------------------------------------------------------------------------
def deck_after_deal(seed, dealt_names):
    deck = list(goal_cards())
    random.Random(seed).shuffle(deck)
    return [c for c in deck if c.name not in dealt_names]


def test_redraw_reveals_a_card_and_draws_the_next_one():
    game = Xochintlan(players=2, seed=11, rules=Rules(allow_redraw=True), cards=["I", "X"])
    expected = deck_after_deal(11, {"I", "X"})[0]
    game.play(Redraw(0))
    assert game.cards[0] == [expected]
    assert game.revealed == {(0, goal_cards()[2])} and goal_cards()[2].name == "I"
    assert game.visible_cards(1)[0] == [None] and game.visible_cards(0)[0] == [expected]
    assert (game.turn, game.current_player, game.cards_left) == (1, 1, 15)
    game.undo()
    assert game.cards[0][0].name == "I" and game.revealed == set() and game.cards_left == 16


def test_redraw_needs_the_variant_a_card_and_a_deck():
    refused(Xochintlan(seed=0), "R0", "redraws belong to the allow_redraw=True variant")
    refused(Xochintlan(seed=0, rules=Rules(allow_redraw=True)), "R1", r"no card 1: player 1 holds 1 card \(R0 to R0\)")
    game = Xochintlan(players=2, seed=0, rules=Rules(allow_redraw=True, cards_per_player=8))
    play_all(game, "R3 R3")
    refused(game, "R3", "the deck is empty: no card left to draw")


def test_redrawn_card_that_already_stands_wins_at_once():
    seed = next(s for s in range(500) if deck_after_deal(s, {"X", "T"})[0].name == "I")
    game = play_all(Xochintlan(players=2, seed=seed, rules=Rules(allow_redraw=True), cards=["X", "T"]), I_BUILD[:-7])
    game.play("L(4,0)")  # an I of Lizards stands, nobody holds I
    assert not game.is_over
    game.play("R0")  # player 0 reveals X and draws the I
    assert (game.winner, game.winning_card.name) == (0, "I")


def test_cards_are_secret_unless_open_cards():
    game = Xochintlan(players=2, seed=0, cards=["I", "X"])
    assert game.visible_cards(0) == [[goal_cards()[2]], [None]]
    assert game.visible_cards(None) == [[None], [None]]
    open_game = Xochintlan(players=2, seed=0, rules=Rules(open_cards=True), cards=["I", "X"])
    assert open_game.visible_cards(None) == open_game.cards
    with pytest.raises(ValueError, match="viewer must be None or a player index 0..1"):
        game.visible_cards(2)


def test_cards_are_shown_once_the_game_is_over():
    game = play_all(Xochintlan(seed=0, cards=["I", "X"]), "L(1,0) B(0,1) L(2,0) B(0,2) L(3,0) B(1,1) L(4,0)")
    assert game.is_over and game.visible_cards(None) == game.cards


# ---------------------------------------------------------------------------
# actions, notation, listing
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "action, text",
    [
        (Place("L", (1, 2)), "L(1,2)"),
        (MoveHuman((1, -2)), "H(1,-2)"),
        (Switch((-1, 2), "B"), "(-1,2)=B"),
        (Swap((3, 4), (1, 2)), "(1,2)<>(3,4)"),
        (Redraw(0), "R0"),
    ],
)
def test_notation_round_trip(action, text):
    assert str(action) == text
    assert parse_action(text) == action and parse_action(str(action)) == action
    assert hash(parse_action(text)) == hash(action)


def test_notation_tolerates_spaces_and_lower_case():
    assert parse_action(" l ( 1 , 2 ) ") == Place("L", (1, 2))
    assert parse_action("( 1,2 ) = m") == Switch((1, 2), "M")
    assert parse_action("(1, 2) <> (3, 4)") == Swap((1, 2), (3, 4))
    assert parse_action("r 2") == Redraw(2)


@pytest.mark.parametrize("text", ["Q(1,2)", "L(1)", "(1,2)=H", "L(1,2", "", "R-1", "(1,2)<>(1,2)"])
def test_unreadable_notation_is_refused(text):
    with pytest.raises(IllegalAction, match=r"^cannot parse"):
        parse_action(text)
    game = Xochintlan(seed=0)
    refused(game, text, "cannot parse")


def test_play_refuses_what_is_not_an_action():
    refused(Xochintlan(seed=0), 42, "not a Xochintlan action: 42")


def test_actions_are_immutable_values():
    action = Place("L", (1, 2))
    with pytest.raises(AttributeError):
        action.kind = "B"
    assert Place("L", (1, 2)) == action and Place("B", (1, 2)) != action and Switch((1, 2), "L") != action
    with pytest.raises(ValueError, match=r"kind must be one of L \(Lizard\), B \(Bird\), M \(Monkey\)"):
        Place("H", (0, 0))
    with pytest.raises(ValueError, match=r"cell must be an \(x, y\) pair of ints"):
        MoveHuman((1.5, 2))


def test_legal_actions_are_listed_in_groups():
    game = play_all(Xochintlan(seed=0), "L(1,0) B(0,1)")
    names = [type(a).__name__ for a in game.legal_actions()]
    order = ["Place", "Switch", "MoveHuman"]
    assert names == sorted(names, key=order.index)
    assert game.legal_actions()[:2] == [Place("L", (0, -1)), Place("L", (1, -1))]


def test_every_listed_action_is_legal_and_counted():
    game = play_all(Xochintlan(seed=3), "L(1,0) B(0,1) H(1,1) M(2,1)")
    actions = game.legal_actions()
    assert len(actions) == len(set(actions)) == game.count_legal_actions()
    assert all(game.is_legal(a) for a in actions)


def test_random_action_is_uniform_over_the_legal_actions():
    game = play_all(Xochintlan(seed=0, rules=Rules(tiles_per_kind=3)), "L(1,0) L(2,0) B(0,1) M(1,1) H(2,1)")
    actions = game.legal_actions()
    rng = random.Random(7)
    draws = Counter(game.random_action(rng) for _ in range(200 * len(actions)))
    assert set(draws) == set(actions)
    assert min(draws.values()) > 140 and max(draws.values()) < 260


# ---------------------------------------------------------------------------
# undo, clone, records, outcome
# ---------------------------------------------------------------------------
def test_undo_restores_exactly():
    game = play_all(Xochintlan(seed=0, rules=Rules(allow_redraw=True)), "L(1,0) B(0,1)")
    for action in ["H(1,1)", "(1,0)=M", "R0", "L(2,0)"]:
        before = snapshot(game)
        game.play(action)
        assert str(game.undo()) == action
        assert snapshot(game) == before


def test_undo_reopens_a_finished_game():
    game = play_all(Xochintlan(seed=0, cards=["I", "X"]), "L(1,0) B(0,1) L(2,0) B(0,2) L(3,0) B(1,1) L(4,0)")
    game.undo()
    assert not game.is_over and game.winner is None and game.winning_card is None
    with pytest.raises(IllegalAction, match="nothing to undo"):
        Xochintlan(seed=0).undo()


def test_clone_is_independent():
    game = play_all(Xochintlan(seed=0), "L(1,0)")
    twin = game.clone()
    twin.play("B(0,1)")
    assert game.board == {(0, 0): "H", (1, 0): "L"} and game.turn == 1 and twin.turn == 2


def test_json_record_round_trip_replays_the_game():
    rules = Rules(allow_redraw=True, cards_per_player=2, max_turns=90)
    game = Xochintlan(players=3, seed=9, rules=rules)
    rng = random.Random(1)
    for _ in range(25):
        game.play(game.random_action(rng))
    text = game.to_json()
    again = Xochintlan.from_json(text)
    assert again.to_json() == text
    assert snapshot(again) == snapshot(game) and again.history == game.history
    record = json.loads(text)
    assert record["game"] == "xochintlan" and record["seed"] == 9 and len(record["actions"]) == 25


def test_json_record_keeps_a_turned_card():
    turned = Polyform.from_text("#.\n#.\n#.\n##").rotate()
    game = Xochintlan(players=2, seed=0, cards=[turned, "X"])
    again = Xochintlan.from_json(game.to_json())
    assert again.cards[0] == [turned] and again.cards[0][0] != goal_cards()[3]


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not a JSON text"),
        ('{"game": "chess"}', "not a Xochintlan record"),
        ('{"game": "xochintlan", "version": 9}', "version 9 is not supported"),
        ('{"game": "xochintlan", "version": 1, "seed": 1}', "missing field"),
    ],
)
def test_json_record_errors(text, message):
    with pytest.raises(ValueError, match=message):
        Xochintlan.from_json(text)


def test_json_record_with_an_illegal_action_names_it():
    record = json.loads(Xochintlan(seed=0).to_json())
    record["actions"] = ["L(1,0)", "L(5,5)"]
    with pytest.raises(ValueError, match=r"action 1 'L\(5,5\)' cannot be replayed: \(5, 5\) touches no tile"):
        Xochintlan.from_json(json.dumps(record))


def test_outcome_is_a_row_of_plain_values():
    game = play_all(Xochintlan(seed=4, cards=["I", "X"]), "L(1,0) B(0,1) L(2,0) B(0,2) L(3,0) B(1,1) L(4,0)")
    row = game.outcome()
    assert row == {
        "winner": 0,
        "winning_kind": "L",
        "winning_card": "I",
        "end_reason": "win",
        "is_over": True,
        "turns": 7,
        "players": 2,
        "seed": 4,
        "lattice": "square",
        "cards": [["I"], ["X"]],
        "dealt_cards": [["I"], ["X"]],
        "redraws": 0,
        "reserve_left": 17,
        "rules": {},
    }
    json.dumps(row)


def test_text_and_repr():
    game = play_all(Xochintlan(seed=0), "L(1,0)")
    assert str(game) == "HL\nturn 1, player 2 to play; reserve L 7 B 8 M 8"  # people count players from 1
    assert repr(game).startswith("<Xochintlan square, 2 players, turn 1")


# ---------------------------------------------------------------------------
# text boards
# ---------------------------------------------------------------------------
def test_square_text_board_round_trip():
    board = {(0, 0): "H", (1, 0): "L", (-1, 2): "M"}
    text = board_to_text(board)
    assert text == ".HL\n...\nM.."
    assert board_from_text(text) == board
    assert board_from_text(text, at=(5, 5)) == {(x + 5, y + 5): k for (x, y), k in board.items()}


def test_hex_text_board_round_trip():
    board = {(0, 0): "H", (1, 0): "L", (0, 1): "B", (-1, 2): "M"}
    text = board_to_text(board, "hex")
    assert text == "H L\n B .\nM ."
    assert board_from_text(text, "hex") == board
    assert board_from_text("\n".join("   " + line for line in text.split("\n")), "hex") == board


@pytest.mark.parametrize(
    "text, message",
    [("HLH", "text draws 2 Humans"), ("HQ", "'Q' at line 1, column 2"), ("H.\nL", None)],
)
def test_text_board_errors(text, message):
    if message is None:
        assert board_from_text(text) == {(0, 0): "H", (0, 1): "L"}
    else:
        with pytest.raises(ValueError, match=message):
            board_from_text(text)


def test_hex_text_board_checks_the_column_parity():
    with pytest.raises(ValueError, match="on the hex lattice"):
        board_from_text("H L\nB", "hex")


# ---------------------------------------------------------------------------
# distance to a card
# ---------------------------------------------------------------------------
def test_distance_counts_fills_and_clears():
    assert distance_to_card(board_from_text("H"), "I") == 4
    assert distance_to_card(board_from_text("HLL.L"), "I") == 1
    assert distance_to_card(board_from_text("HLLBLL"), "I") == 2
    assert distance_to_card(board_from_text("HLLBLL"), "I", kind="B") == 3
    assert distance_to_card({(0, 0): "L"}, "I") == math.inf


def test_distance_respects_the_reserve():
    rules = Rules(tiles_per_kind=4)
    # three Lizards away from the Human: one left in the reserve, two must come back
    board = board_from_text("H..L.L.L", rules.lattice)
    dist, kind, cells = nearest_placement(board, "I", "L", rules)
    # Best: keep (3, 0) and fill 3 cells, from the one Lizard in the reserve plus two
    # bought back (or cleared from the rim): 5 actions either way round.
    assert dist == 5 and kind == "L"
    assert cells in ({(-1, 0), (0, 0), (1, 0), (2, 0), (3, 0)}, {(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)})
    assert distance_to_card(board, "I", kind="L", rules=Rules(tiles_per_kind=3)) == math.inf


def test_distance_reads_a_game():
    game = play_all(Xochintlan(seed=0, cards=["I", "X"]), "L(1,0) B(0,1) L(2,0)")
    assert distance_to_card(game, "I") == 2
    assert nearest_placement(game, "I")[1] == "L"


# ---------------------------------------------------------------------------
# bad input at construction
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"lattice": "triangle"}, "lattice must be one of 'square', 'hex', not 'triangle'"),
        ({"tiles_per_kind": 0}, "tiles_per_kind must be an int from 1 to 64"),
        ({"cards_per_player": 0}, "cards_per_player must be an int >= 1"),
        ({"cards_per_player": 19}, "cards_per_player must be at most 18"),
        ({"cards_per_player": 18, "allow_redraw": True}, "at most 17 with one card left to draw"),
        ({"match": "mirror"}, "match must be one of 'rotation', 'rotation\\+reflection'"),
        ({"win_check": "all"}, "win_check must be one of 'any', 'mover'"),
        ({"endgame": "draw"}, "endgame must be one of 'tie', 'swap'"),
        ({"open_cards": 1}, "open_cards must be True or False"),
        ({"max_turns": 0}, "max_turns must be None or an int from 1 to 10000"),
        ({"quiet_rounds": -1}, "quiet_rounds must be an int from 0 to 12, not -1"),
        ({"quiet_rounds": 2.0}, "quiet_rounds must be an int from 0 to 12, not 2.0"),
        ({"quiet_rounds": 13}, "quiet_rounds must be an int from 0 to 12, not 13"),
        ({"max_turns": 10**9}, "max_turns must be None or an int from 1 to 10000"),
    ],
)
def test_rules_refuse_invalid_values(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Rules(**kwargs)


def test_rules_are_frozen_and_round_trip():
    rules = Rules(lattice="hex", endgame="swap")
    with pytest.raises(AttributeError):
        rules.endgame = "tie"
    assert Rules.from_dict(rules.to_dict()) == rules and rules.changed() == {"lattice": "hex", "endgame": "swap"}
    with pytest.raises(ValueError, match=r"unknown field\(s\) \['colour'\]"):
        Rules.from_dict({"colour": "red"})
    assert Rules(lattice=HEX).lattice == "hex"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 0}, "players must be an int >= 2"),
        ({"players": 1}, "players must be an int >= 2: Xochintlan is played by 2 players or more, not 1"),
        ({"players": "two"}, "players must be an int >= 2"),
        ({"players": 19}, "19 players x 1 card\\(s\\) need 19 goal cards; the square deck holds 18"),
        ({"players": 18, "rules": Rules(allow_redraw=True)}, "plus one left to draw for allow_redraw=True"),
        ({"seed": "abc"}, "seed must be a whole number >= 0 or None"),
        ({"rules": {"lattice": "hex"}}, "rules must be a Rules value"),
        ({"cards": ["I"]}, "cards must hold one hand per player: 2 players, 1 hands given"),
        ({"cards": "IX"}, "cards must be a list with one hand per player"),
        (
            {"cards": ["I", "Q"]},
            "cards \\(player 1\\): unknown card name 'Q' on the square lattice; the deck holds F, F'",
        ),
        ({"cards": [["I", "X"], ["T"]]}, "player 0's hand must hold cards_per_player=1 card"),
        ({"cards": ["I", Polyform([(0, 0), (1, 0)])]}, "a goal card has 5 cells"),
        ({"cards": ["I", goal_cards("hex")[0]]}, "lies on the hex lattice, the game is on the square lattice"),
        ({"cards": ["I", 5]}, "a card is a name such as 'L' or a Polyform"),
        ({"cards": ["I", "I"]}, "cards: I is dealt twice \\(players 0 and 1\\); the deck holds each card once"),
        (
            {"cards": [["I", "X"], ["T", "I"]], "rules": Rules(cards_per_player=2)},
            "cards: I is dealt twice \\(players 0 and 1\\)",
        ),
        (
            {"cards": [["L", "L"], ["T", "I"]], "rules": Rules(cards_per_player=2)},
            "cards: L is dealt twice \\(both to player 0\\)",
        ),
        ({"cards": ["I", Polyform.from_text("#####")]}, "cards: I is dealt twice"),
    ],
)
def test_game_refuses_invalid_set_up(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Xochintlan(**kwargs)


def test_seed_none_draws_one():
    game = Xochintlan(players=2, cards=["I", "X"])
    assert isinstance(game.seed, int) and Xochintlan.from_json(game.to_json()).cards == game.cards


def test_game_offers_the_shared_game_interface():
    from xochintlan_hex.display import ShowsItself
    from xochintlan_hex.game import Game

    game = Xochintlan(seed=0)
    assert isinstance(game, Game) and isinstance(game, ShowsItself)
    assert game.random_action(random.Random(0)) in game.legal_actions()
