"""Computer players: legal, fair (they see what a person sees), and as strong as claimed."""

import math
import random

import pandas as pd
import pytest

from xochintlan_hex import stats
from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.players import (
    PLAYERS,
    HextremaduraGreedy,
    HextremaduraSearch,
    RandomPlayer,
    XochintlanGreedy,
    XochintlanSearch,
    get_player,
    player_name,
)
from xochintlan_hex.players.hextremadura import MapView, removals
from xochintlan_hex.players.xochintlan import (
    UNREACHABLE,
    card_name,
    cards_count_after_next_action,
    distances_after,
    stand_after_a_tile,
    standing_after_moves,
    unseen_cards,
)
from xochintlan_hex.simulate import simulate_hextremadura, simulate_xochintlan
from xochintlan_hex.xochintlan import MoveHuman, Redraw, Rules, Swap, Xochintlan, distance_to_card, goal_cards


def wander(game, steps, rng):
    """Play up to ``steps`` random actions, stopping before the game ends."""
    for _ in range(steps):
        action = game.random_action(rng)
        game.play(action)
        if game.is_over:
            game.undo()
            break
    return game


# ---------------------------------------------------------------------------
# The registry


def test_registry_names_every_player():
    assert set(PLAYERS["xochintlan"]) == {"random", "greedy", "search", "ismcts", "ismcts-250"}
    assert set(PLAYERS["hextremadura"]) == {"random", "greedy", "search", "planner"}
    assert isinstance(get_player("greedy"), XochintlanGreedy)
    assert isinstance(get_player(" Search "), XochintlanSearch)
    assert isinstance(get_player("greedy", game="hextremadura"), HextremaduraGreedy)
    assert player_name(get_player("random", game="hextremadura")) == "random"


def test_registry_refuses_unknown_names_and_games():
    with pytest.raises(ValueError, match="known players: 'random', 'greedy', 'search', 'planner'$"):
        get_player("clever", game="hextremadura")
    with pytest.raises(ValueError, match="unknown game .chess.; registered games: .xochintlan., .hextremadura."):
        get_player("greedy", game="chess")
    with pytest.raises(ValueError, match="choose"):
        get_player(42)


def test_a_player_object_passes_through():
    class Mine:
        def choose(self, game, rng):
            return game.legal_actions()[0]

    mine = Mine()
    assert get_player(mine) is mine
    assert player_name(mine) == "Mine"


# ---------------------------------------------------------------------------
# Xochintlan: the shared yardstick

#: Rule sets that change the yardstick's geometry or arithmetic: the hex lattice, swaps
#: (two cells changed by one action), mirror placements and a short reserve.
YARDSTICK_RULES = [
    Rules(),
    Rules(lattice="hex"),
    Rules(tiles_per_kind=5, endgame="swap"),
    Rules(match="rotation+reflection", tiles_per_kind=4),
]


@pytest.mark.parametrize("rules", YARDSTICK_RULES)
def test_distances_after_every_action_match_distance_to_card(rules):
    rng = random.Random(11)
    deck = goal_cards(rules.lattice)
    for seed in range(3):
        game = wander(Xochintlan(seed=seed, rules=rules), rng.randrange(3, 30), rng)
        actions = game.legal_actions()
        cards = rng.sample(deck, 3)
        found = distances_after(game, actions + [None], cards)
        # "No action" alone takes a shorter path: the same row, once per None asked.
        assert distances_after(game, [None, None], cards).tolist() == [found[-1].tolist()] * 2
        for row, action in enumerate(actions + [None]):
            if action is not None:
                game.play(action)
            expected = [distance_to_card(game, card) for card in cards]
            assert found[row].tolist() == [UNREACHABLE if d == math.inf else d for d in expected]
            if action is not None:
                game.undo()


@pytest.mark.parametrize("rules", YARDSTICK_RULES)
def test_stand_after_a_tile_answers_as_every_action_scored(rules):
    # The search players ask "does one tile action make this card stand?" through
    # stand_after_a_tile, which looks only near placements; it must answer exactly as
    # scoring every action with distances_after, for every card, held or not.
    rng = random.Random(5)
    deck = goal_cards(rules.lattice)
    answers = {True: 0, False: 0}
    by_swap = 0
    for seed in range(12):
        game = wander(Xochintlan(seed=seed, rules=rules), rng.randrange(10, 120), rng)
        tiles = [a for a in game.legal_actions() if type(a) not in (MoveHuman, Redraw)]
        if not tiles:
            continue
        stands = distances_after(game, tiles, deck) == 0
        expected = stands.any(axis=0).tolist()
        assert stand_after_a_tile(game, tiles, deck) == expected
        for value in expected:
            answers[value] += 1
        by_swap += sum(type(a) is Swap for a in (tiles[row] for row in stands.any(axis=1).nonzero()[0]))
    assert answers[True] and answers[False]  # the positions held cards of both answers
    if rules.endgame == "swap":
        assert by_swap > 0  # some card stood after a swap: two changes in one action


@pytest.mark.parametrize("rules", [Rules(), Rules(lattice="hex"), Rules(match="rotation+reflection", tiles_per_kind=4)])
def test_standing_after_moves_names_the_cards_a_human_move_makes_stand(rules):
    # It follows a group of animals only while it holds four or fewer: it must still
    # name exactly the cards that stand after each move, as distances_after finds.
    rng = random.Random(9)
    deck = goal_cards(rules.lattice)
    named = 0
    for seed in range(16):
        game = wander(Xochintlan(seed=seed, rules=rules), rng.randrange(10, 90), rng)
        moves = [a for a in game.legal_actions() if type(a) is MoveHuman]
        if not moves:
            continue
        stands = distances_after(game, moves, deck) == 0
        for row, move in enumerate(moves):
            expected = {card_name(card) for card, s in zip(deck, stands[row]) if s}
            assert standing_after_moves(game, [move]) == expected, move
            named += len(expected)
        everything = {card_name(card) for card, s in zip(deck, stands.any(axis=0)) if s}
        assert standing_after_moves(game, moves) == everything
    assert named > 0  # some move did make a card stand


# ---------------------------------------------------------------------------
# Xochintlan: every player plays legally and leaves the game as it found it


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(lattice="hex", allow_redraw=True),
        Rules(open_cards=True, cards_per_player=2),
        Rules(endgame="swap", tiles_per_kind=5, keep_connected=True),
    ],
)
def test_xochintlan_players_choose_legal_actions_and_touch_nothing(name, rules):
    player = get_player(name)
    rng = random.Random(5)
    for seed in range(3):
        game = wander(Xochintlan(players=3, seed=seed, rules=rules), rng.randrange(0, 25), rng)
        before = game.to_json()
        action = player.choose(game, random.Random(seed))
        assert game.to_json() == before
        assert game.is_legal(action), game.why_illegal(action)


def test_greedy_and_search_take_an_immediate_win():
    game = Xochintlan(seed=1, cards=["I", "X"])
    for action in ["L(1,0)", "B(0,1)", "L(2,0)", "B(0,2)", "L(3,0)", "B(1,1)"]:
        game.play(action)
    for player in (XochintlanGreedy(), XochintlanSearch()):
        action = player.choose(game, random.Random(3))
        game.play(action)
        assert game.winner == 0
        game.undo()


def test_greedy_plays_an_action_that_brings_its_card_closest():
    rng = random.Random(8)
    for seed in range(6):
        game = wander(Xochintlan(seed=seed), rng.randrange(0, 12), rng)
        card = game.cards[game.current_player][0]

        def distance_after(action):
            game.play(action)
            try:
                return distance_to_card(game, card)
            finally:
                game.undo()

        best = min(distance_after(a) for a in game.legal_actions())
        assert distance_after(XochintlanGreedy().choose(game, random.Random(seed))) == best


def test_greedy_hands_over_no_win_it_can_see():
    """With open cards, if some action leaves the next player no winning reply,
    greedy plays such an action (checked by brute force with the engine)."""
    rules = Rules(open_cards=True)
    rng = random.Random(21)
    checked = 0
    for seed in range(40):
        game = wander(Xochintlan(seed=seed, rules=rules), rng.randrange(4, 14), rng)
        me = game.current_player

        def hands_a_win(action):
            game.play(action)
            try:
                if game.is_over:
                    return game.winner not in (None, me)
                nxt = game.current_player
                for reply in game.legal_actions():
                    game.play(reply)
                    won = game.winner == nxt
                    game.undo()
                    if won:
                        return True
                return False
            finally:
                game.undo()

        actions = game.legal_actions()
        wins_now = any(d == 0 for d in distances_after(game, actions, game.cards[me]).min(1))
        if wins_now:
            continue
        danger = {a for a in actions if hands_a_win(a)}
        if not danger or len(danger) == len(actions):
            continue
        checked += 1
        choice = XochintlanGreedy().choose(game, random.Random(seed))
        assert choice not in danger
    assert checked >= 3  # the positions above do contain traps


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_players_ignore_the_opponents_hidden_cards(name):
    """Changing what the others secretly hold never changes a player's choice."""
    player = get_player(name)
    rng = random.Random(17)
    deck = [card.name for card in goal_cards()]
    for seed in range(8):
        mine = deck[seed]
        others = [c for c in deck if c != mine]
        hands_a = [mine] + rng.sample(others, 2)
        hands_b = [mine] + rng.sample(others, 2)
        moves = []
        game_a = Xochintlan(players=3, seed=seed, cards=hands_a)
        game_b = Xochintlan(players=3, seed=seed, cards=hands_b)
        for _ in range(rng.randrange(0, 10)):
            action = game_a.random_action(rng)
            game_a.play(action)
            if game_a.is_over or not game_b.is_legal(action):
                game_a.undo()
                break
            game_b.play(action)
            if game_b.is_over:
                game_a.undo()
                game_b.undo()
                break
            moves.append(action)
        # Let seat 0 play in both games (same history, different hidden hands).
        while game_a.current_player != 0:
            game_a.undo(), game_b.undo()
        assert unseen_cards(game_a, 0) == unseen_cards(game_b, 0)
        assert player.choose(game_a, random.Random(seed)) == player.choose(game_b, random.Random(seed))


# ---------------------------------------------------------------------------
# Xochintlan: measured strength


def match(first, second, games, seed):
    """Both seatings of a two-player match, as one study frame."""
    return pd.concat(
        [
            simulate_xochintlan(games, [first, second], seed=seed, progress=False),
            simulate_xochintlan(games, [second, first], seed=seed, progress=False),
        ],
        ignore_index=True,
    )


def margin(frame, player, opponent):
    row = stats.head_to_head(frame).set_index(["player", "opponent"]).loc[(player, opponent)]
    return row["margin"], row["margin_low"], row["margin_high"]


def test_greedy_beats_random():
    estimate, low, _ = margin(match("greedy", "random", 25, seed=1), "greedy", "random")
    assert low > 0, (estimate, low)


def test_search_beats_greedy():
    estimate, low, _ = margin(match("search", "greedy", 20, seed=2), "search", "greedy")
    assert low > 0, (estimate, low)


# ---------------------------------------------------------------------------
# Hextremadura


@pytest.mark.parametrize("mode", ["at_least", "exactly"])
def test_removals_match_the_engine(mode):
    rng = random.Random(4)
    for seed in range(2):
        game = Hextremadura(seed=seed, requirement_mode=mode)
        while not game.is_over:
            actions = game.legal_actions()
            predicted = removals(game, actions)
            assert predicted == [len(game.would_remove(a)) for a in actions]
            # Prefer placements that explore, to reach the later rounds too.
            good = [a for a, n in zip(actions, predicted) if n] or actions
            game.play(rng.choice(good))


def test_score_after_matches_playing_the_placement():
    rng = random.Random(9)
    checked = 0
    for seed in range(3):
        game = Hextremadura(seed=seed)
        while not game.is_over:
            if game.round > 1:
                view = MapView(game)
                for action in rng.sample(game.legal_actions(), 25):
                    predicted = view.score_after(action)
                    game.play(action)
                    actual = game.score()
                    game.undo()
                    assert predicted in (None, actual), action
                    checked += predicted is not None
            game.play(HextremaduraGreedy().choose(game, rng))
    assert checked > 100


@pytest.mark.parametrize("player", [RandomPlayer(), HextremaduraGreedy(), HextremaduraSearch()])
def test_hextremadura_players_choose_legal_actions_and_touch_nothing(player):
    rng = random.Random(2)
    game = Hextremadura(seed=3)
    while not game.is_over:
        before = game.to_json()
        action = player.choose(game, rng)
        assert game.to_json() == before
        assert game.is_legal(action)
        game.play(action)


@pytest.mark.parametrize("player", [HextremaduraGreedy(), HextremaduraSearch()])
def test_hextremadura_players_ignore_the_pile_below_its_top(player):
    rng = random.Random(6)
    for seed in range(3):
        game = Hextremadura(seed=seed)
        steps = rng.randrange(1, 12)
        start = list(game.start_order)
        # Same tiles up to the top of the pile after `steps` placements, the rest reversed.
        other = Hextremadura(order=start[: steps + 2] + start[steps + 2 :][::-1])
        for _ in range(steps):
            action = game.random_action(rng)
            game.play(action)
            other.play(action)
        assert other.available() == game.available() and other.pile != game.pile
        assert player.choose(game, random.Random(seed)) == player.choose(other, random.Random(seed))


def test_hextremadura_greedy_scores_more_than_random():
    greedy = simulate_hextremadura(6, "greedy", seed=3, progress=False)
    rand = simulate_hextremadura(6, "random", seed=3, progress=False)
    both = stats.duration(pd.concat([greedy, rand]), by="player", column="score").set_index("player")
    assert both.loc["greedy", "low"] > both.loc["random", "high"]
    assert (greedy["explored"] > 0).all()


def _canonical(rm):
    """A region map up to the numbering of its regions: every field, by sector sets."""
    sectors = [region.sectors for region in rm.regions]
    regions = {(region.terrain, region.sectors, region.icons) for region in rm.regions}
    adjacent = {frozenset((sectors[i], sectors[j])) for i, near in enumerate(rm.adjacent) for j in near}
    index = {sector: sectors[i] for sector, i in rm.index.items()}
    return regions, adjacent, index, dict(rm.terrains)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_greedy_player_builds_the_complete_region_map_of_a_placement(seed):
    # The player's region map after a placement is the engine's, field by field (regions
    # with their sectors, the sector index, adjacency, terrains), for every placement that
    # takes no tile off the map.
    game = Hextremadura(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not game.is_over and checked < 300:
        view = MapView(game)
        for action in rng.sample(game.legal_actions(), min(25, len(game.legal_actions()))):
            if game.would_remove(action):
                continue
            twin = game.clone()
            twin.play(action)
            assert _canonical(view.region_map_after(action)) == _canonical(twin.region_map())
            assert view.score_after(action) == twin.score()
            checked += 1
        game.play(game.random_action(rng))
    assert checked >= 100


@pytest.mark.parametrize("players, quiet, first_counted", [(2, 0, 1), (2, 2, 5), (3, 2, 7), (4, 1, 5)])
def test_players_know_which_action_is_the_first_whose_card_counts(players, quiet, first_counted):
    game = Xochintlan(players=players, seed=0, rules=Rules(quiet_rounds=quiet))
    rng = random.Random(0)
    counted = []
    while len(counted) < 8 and not game.is_over:
        counted.append(cards_count_after_next_action(game))  # for action number len(counted) + 1
        game.play(game.random_action(rng))
    assert counted == [n >= first_counted for n in range(1, len(counted) + 1)]
