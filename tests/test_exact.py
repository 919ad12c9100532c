"""Exact chances of a short game under uniform random play, against a simulated study."""

from fractions import Fraction

import pytest

from xochintlan_hex import stats
from xochintlan_hex.exact import first_win_chance, win_chances
from xochintlan_hex.simulate import simulate_xochintlan
from xochintlan_hex.xochintlan import Rules, Xochintlan, goal_cards

GAMES = 20_000


def wins_at_action(frame, action):
    return int(((frame["end_reason"] == "win") & (frame["turns"] == action)).sum())


def test_no_card_stands_before_the_fourth_action():
    """Three animals and the Human make four cells: the first player's second turn never wins."""
    chances = win_chances(Xochintlan(players=2, cards=["L", "P"]), depth=3)
    assert chances == {action: {0: Fraction(0), 1: Fraction(0)} for action in (1, 2, 3)}


def test_the_walk_leaves_the_game_as_it_was_and_checks_its_depth():
    game = Xochintlan(players=2, seed=3)
    game.play("L(1,0)")
    record = game.to_json()
    chances = win_chances(game, 2)
    assert set(chances) == {2, 3} and game.to_json() == record
    for depth in (-1, 6, 2.0, True):
        with pytest.raises(ValueError, match="depth must be an int"):
            win_chances(game, depth)


@pytest.mark.slow
def test_a_study_of_random_play_contains_the_exact_chance_of_a_win_at_the_fourth_action():
    """All 18 cards dealt (nine each): every shape is somebody's, so the exact chance
    that the second player's second turn ends the game is the same for every deal."""
    rules = Rules(cards_per_player=9, max_turns=4)
    exact = first_win_chance(Xochintlan(players=2, seed=0, rules=rules), depth=4)
    study = simulate_xochintlan(GAMES, "random,random", rules=rules, seed=13, progress=False)
    assert wins_at_action(study, 1) + wins_at_action(study, 2) + wins_at_action(study, 3) == 0
    share = stats.proportion(wins_at_action(study, 4), GAMES)
    assert share["low"] <= exact <= share["high"], (float(exact), share)


@pytest.mark.slow
def test_the_one_card_game_wins_at_the_fourth_action_two_eighteenths_as_often():
    """With one card each, the shape made at the fourth action wins only if it is one of
    the two cards dealt (of 18): the chance is 2/18 of the all-cards chance."""
    all_cards = Xochintlan(players=2, seed=0, rules=Rules(cards_per_player=9))
    exact = first_win_chance(all_cards, depth=4) * 2 / len(goal_cards())
    study = simulate_xochintlan(GAMES, "random,random", rules=Rules(max_turns=4), seed=13, progress=False)
    share = stats.proportion(wins_at_action(study, 4), GAMES)
    assert share["low"] <= exact <= share["high"], (float(exact), share)
