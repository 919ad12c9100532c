"""Information-set MCTS for Xochintlan, and the imagined worlds it searches."""

import random

import pytest

from xochintlan_hex.players import XochintlanFastISMCTS, XochintlanISMCTS, get_player, player_name
from xochintlan_hex.players.ismcts import evaluate
from xochintlan_hex.players.xochintlan import unseen_cards
from xochintlan_hex.simulate import simulate_xochintlan
from xochintlan_hex.xochintlan import Rules, Xochintlan, goal_cards


def wander(game, steps, rng):
    """Play up to ``steps`` random actions, stopping before the game ends."""
    for _ in range(steps):
        game.play(game.random_action(rng))
        if game.is_over:
            game.undo()
            break
    return game


def names(hand):
    return [card.name for card in hand]


# ---------------------------------------------------------------------------
# sample_hidden: one world the viewer cannot tell apart from the game


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(lattice="hex", cards_per_player=2), Rules(allow_redraw=True), Rules(open_cards=True)]
)
def test_a_sampled_world_keeps_everything_the_viewer_sees(rules):
    rng = random.Random(3)
    for seed in range(6):
        game = Xochintlan(players=3, seed=seed, rules=rules)
        wander(game, rng.randrange(0, 20), rng)
        viewer = rng.randrange(3)
        world = game.sample_hidden(viewer, random.Random(seed))
        assert world.visible_cards(viewer) == game.visible_cards(viewer)
        assert world.board == game.board and world.locked == game.locked
        assert world.current_player == game.current_player and world.turn == game.turn
        assert world.revealed == game.revealed and world.cards_left == game.cards_left
        dealt = [card.name for hand in world.cards for card in hand]
        assert len(set(dealt)) == len(dealt)  # a real deck: no card twice
        unseen = set(names(unseen_cards(game, viewer)))
        hidden = [
            card.name
            for p, hand in enumerate(game.visible_cards(viewer))
            for i, card in enumerate(hand)
            if card is None
            for card in [world.cards[p][i]]
        ]
        assert set(hidden) <= unseen
        assert game.legal_actions() == world.legal_actions()


def test_sampled_worlds_vary_and_leave_the_game_alone():
    game = Xochintlan(players=2, seed=9)
    before = game.to_json()
    seen = {names(game.sample_hidden(0, random.Random(s)).cards[1])[0] for s in range(40)}
    assert game.to_json() == before
    assert len(seen) > 5 and names(game.cards[0])[0] not in seen


def test_a_sampled_world_reads_nothing_hidden():
    """Two games that differ only in the opponent's secret card give the same worlds."""
    a = Xochintlan(players=2, seed=5, cards=["L", "X"])
    b = Xochintlan(players=2, seed=5, cards=["L", "I"])
    for action in ["L(1,0)", "B(0,1)", "M(-1,0)"]:
        a.play(action), b.play(action)
    for s in range(5):
        assert a.sample_hidden(0, random.Random(s)).cards == b.sample_hidden(0, random.Random(s)).cards


def test_a_sampled_world_refuses_a_bad_viewer():
    with pytest.raises(ValueError, match="viewer must be a player index 0..1"):
        Xochintlan(seed=1).sample_hidden(2, random.Random(0))


# ---------------------------------------------------------------------------
# The player: legal, untouching, reproducible, fair


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(lattice="hex", allow_redraw=True),
        Rules(open_cards=True, cards_per_player=2, win_check="mover"),
        Rules(endgame="swap", tiles_per_kind=5, keep_connected=True),
        Rules(match="rotation+reflection", max_turns=30),
        Rules(cut_off_switch=True, lock="french"),
        Rules(quiet_rounds=2),
    ],
)
def test_ismcts_plays_legally_and_touches_nothing(players, rules):
    player = XochintlanISMCTS(iterations=40)
    rng = random.Random(players)
    for seed in range(2):
        game = wander(Xochintlan(players=players, seed=seed, rules=rules), rng.randrange(0, 40), rng)
        before = game.to_json()
        action = player.choose(game, random.Random(seed))
        assert game.to_json() == before
        assert game.is_legal(action), game.why_illegal(action)


def test_ismcts_plays_swaps_in_the_swap_endgame():
    rules = Rules(endgame="swap", tiles_per_kind=2)
    game = Xochintlan(seed=4, rules=rules)
    rng = random.Random(1)
    while sum(game.reserve.values()):
        game.play(game.random_action(rng))
        assert not game.is_over
    action = XochintlanISMCTS(iterations=60).choose(game, random.Random(0))
    assert game.is_legal(action)


def test_ismcts_is_reproducible_for_a_seed_and_a_budget():
    game = wander(Xochintlan(seed=8), 6, random.Random(2))
    player = XochintlanISMCTS(iterations=150)
    choices = {player.choose(game, random.Random(4)) for _ in range(3)}
    assert len(choices) == 1
    seeded = XochintlanISMCTS(iterations=150, seed=12)
    assert seeded.choose(game, random.Random(1)) == seeded.choose(game, random.Random(2))


def test_ismcts_search_tree_counts_every_iteration():
    game = Xochintlan(seed=2)
    root = XochintlanISMCTS(iterations=300).search(game, random.Random(0))
    assert sum(child.visits for child in root.children.values()) == 300
    assert set(root.children) == set(game.legal_actions())


@pytest.mark.parametrize("players", [2, 3])
def test_ismcts_ignores_the_opponents_hidden_cards(players):
    """Changing what the others secretly hold never changes its choice (fixed seed)."""
    player = XochintlanISMCTS(iterations=120)
    rng = random.Random(17)
    deck = [card.name for card in goal_cards()]
    for seed in range(5):
        mine = deck[seed]
        others = [c for c in deck if c != mine]
        game_a = Xochintlan(players=players, seed=seed, cards=[mine] + rng.sample(others, players - 1))
        game_b = Xochintlan(players=players, seed=seed, cards=[mine] + rng.sample(others, players - 1))
        assert game_a.cards != game_b.cards or seed  # the hands differ (almost always)
        for _ in range(rng.randrange(0, 12)):
            action = game_a.random_action(rng)
            game_a.play(action)
            game_b.play(action)
            if game_a.is_over or game_b.is_over:
                game_a.undo(), game_b.undo()
                break
        while game_a.current_player != 0:
            game_a.undo(), game_b.undo()
        assert player.choose(game_a, random.Random(seed)) == player.choose(game_b, random.Random(seed))


def test_ismcts_takes_an_immediate_win():
    game = Xochintlan(seed=1, cards=["I", "X"])
    for action in ["L(1,0)", "B(0,1)", "L(2,0)", "B(0,2)", "L(3,0)", "B(1,1)"]:
        game.play(action)
    game.play(XochintlanISMCTS(iterations=20).choose(game, random.Random(0)))
    assert game.winner == 0


def test_ismcts_blocks_a_threat_it_can_infer_only_from_the_board():
    """With open cards the opponent's I is known: the search must stop it."""
    rules = Rules(open_cards=True)
    game = Xochintlan(seed=1, rules=rules, cards=["X", "I"])
    for action in ["B(0,1)", "L(1,0)", "B(0,2)", "L(2,0)", "M(-1,0)", "L(3,0)"]:
        game.play(action)
    action = XochintlanISMCTS(iterations=800).choose(game, random.Random(0))
    game.play(action)
    assert not game.is_over
    assert not any((game.play(reply), game.winner == 1, game.undo())[1] for reply in game.legal_actions())


def test_ismcts_reads_the_card_an_opponent_keeps_building():
    """Four Monkeys in a line through the Human: the I is the likeliest card, and only
    the past actions, never the hidden hand, say so."""
    from xochintlan_hex.players.ismcts import _PublicView

    for theirs in ("I", "X"):  # what the opponent really holds changes nothing
        game = Xochintlan(seed=2, cards=["I", "N'"] if theirs == "I" else ["X", "N'"])
        for action in ["M(0,1)", "L(1,1)", "M(0,-1)", "L(1,2)", "M(0,-2)"]:
            game.play(action)
        view = _PublicView.of(game, 1, inference=1.0)
        belief = dict(zip((c.name for c in view.pool), view.belief[0]))
        assert max(belief, key=belief.get) == "I" and belief["I"] > 2 / len(belief)
        assert abs(sum(belief.values()) - 1) < 1e-9
        flat = _PublicView.of(game, 1, inference=0.0)
        assert len(set(flat.belief[0])) == 1


def test_ismcts_with_a_time_budget_plays_legally():
    game = Xochintlan(seed=3)
    assert game.is_legal(XochintlanISMCTS(iterations=None, seconds=0.05).choose(game, random.Random(0)))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"iterations": None}, "needs a budget"),
        ({"iterations": 0}, "iterations must be None or an int >= 1"),
        ({"seconds": -1}, "seconds must be None or a number > 0"),
        ({"exploration": -0.5}, "exploration must be a number >= 0"),
        ({"rollout": "smart"}, "rollout must be one of 'evaluate', 'random'"),
        ({"rollout_limit": -1}, "rollout_limit must be an int >= 0"),
        ({"inference": -1}, "inference must be a number >= 0"),
    ],
)
def test_ismcts_refuses_bad_parameters(kwargs, message):
    with pytest.raises(ValueError, match=message):
        XochintlanISMCTS(**kwargs)


def test_ismcts_is_registered_at_two_budgets_and_plays_whole_games():
    assert get_player("ismcts").iterations == 2000
    assert player_name(get_player("ismcts-250")) == "ismcts-250"
    frame = simulate_xochintlan(
        2, [XochintlanISMCTS(name="ismcts-30", iterations=30), "greedy"], seed=1, progress=False
    )
    assert frame["player_0"].eq("ismcts-30").all()
    assert frame["end_reason"].isin(["win", "tie", "turn_limit"]).all()


def test_a_card_standing_in_the_quiet_opening_is_no_win_for_the_players():
    opening = ["L(1,0)", "L(2,0)", "L(3,0)"]  # player 1 (card I) can make it stand now
    judged = {}
    for quiet in (0, 2):
        game = Xochintlan(players=2, seed=0, cards=["X", "I"], rules=Rules(quiet_rounds=quiet))
        for action in opening:
            game.play(action)
        judged[quiet] = evaluate(game)
    assert judged[0] == [0.0, 1.0]  # the rule book: a certain win at the fourth action
    assert judged[2][1] < 1.0  # two quiet rounds: the fourth action wins nothing


# ---------------------------------------------------------------------------
# XochintlanFastISMCTS: every action scored at once, ismcts on the best few

RULE_VARIANTS = [
    Rules(),
    Rules(lattice="hex", allow_redraw=True),
    Rules(open_cards=True, cards_per_player=2, win_check="mover"),
    Rules(endgame="swap", tiles_per_kind=5, keep_connected=True),
    Rules(match="rotation+reflection", max_turns=30),
    Rules(cut_off_switch=True, lock="french"),
    Rules(quiet_rounds=2),
]


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("rules", RULE_VARIANTS)
def test_ismcts_fast_plays_legally_reproducibly_and_touches_nothing(players, rules):
    player = XochintlanFastISMCTS()
    rng = random.Random(players)
    for seed in range(3):
        game = wander(Xochintlan(players=players, seed=seed, rules=rules), rng.randrange(0, 40), rng)
        before = game.to_json()
        action = player.choose(game, random.Random(seed))
        assert game.to_json() == before
        assert game.is_legal(action), game.why_illegal(action)
        assert player.choose(game, random.Random(seed)) == action


def test_ismcts_fast_plays_swaps_in_the_swap_endgame():
    game = Xochintlan(seed=4, rules=Rules(endgame="swap", tiles_per_kind=2))
    rng = random.Random(1)
    while sum(game.reserve.values()):
        game.play(game.random_action(rng))
    assert game.is_legal(XochintlanFastISMCTS().choose(game, random.Random(0)))


@pytest.mark.parametrize("players", [2, 3])
def test_ismcts_fast_ignores_the_opponents_hidden_cards(players):
    """Changing what the others secretly hold never changes its choice (fixed seed)."""
    player = XochintlanFastISMCTS()
    rng = random.Random(17)
    deck = [card.name for card in goal_cards()]
    for seed in range(8):
        mine = deck[seed]
        others = [c for c in deck if c != mine]
        game_a = Xochintlan(players=players, seed=seed, cards=[mine] + rng.sample(others, players - 1))
        game_b = Xochintlan(players=players, seed=seed, cards=[mine] + rng.sample(others, players - 1))
        for _ in range(rng.randrange(0, 30)):
            action = game_a.random_action(rng)
            game_a.play(action)
            game_b.play(action)
            if game_a.is_over or game_b.is_over:
                game_a.undo(), game_b.undo()
                break
        while game_a.current_player != 0:
            game_a.undo(), game_b.undo()
        assert player.choose(game_a, random.Random(seed)) == player.choose(game_b, random.Random(seed))


def test_ismcts_fast_takes_an_immediate_win():
    game = Xochintlan(seed=1, cards=["I", "X"])
    for action in ["L(1,0)", "B(0,1)", "L(2,0)", "B(0,2)", "L(3,0)", "B(1,1)"]:
        game.play(action)
    game.play(XochintlanFastISMCTS().choose(game, random.Random(0)))
    assert game.winner == 0


def test_ismcts_fast_blocks_a_threat_it_can_infer_only_from_the_board():
    """With open cards the opponent's I is known: every candidate but the blocks loses."""
    game = Xochintlan(seed=1, rules=Rules(open_cards=True), cards=["X", "I"])
    for action in ["B(0,1)", "L(1,0)", "B(0,2)", "L(2,0)", "M(-1,0)", "L(3,0)"]:
        game.play(action)
    game.play(XochintlanFastISMCTS().choose(game, random.Random(0)))
    assert not game.is_over
    assert not any((game.play(reply), game.winner == 1, game.undo())[1] for reply in game.legal_actions())


def test_ismcts_fast_refuses_bad_parameters():
    with pytest.raises(ValueError, match="candidates must be an int >= 1, not 0"):
        XochintlanFastISMCTS(candidates=0)
    with pytest.raises(ValueError, match="iterations must be an int >= 1, not True"):
        XochintlanFastISMCTS(iterations=True)
    with pytest.raises(ValueError, match="inference must be a number >= 0"):
        XochintlanFastISMCTS(inference=-1)


def test_ismcts_fast_searches_only_its_candidates_with_its_budget():
    """The narrowed search: every iteration goes to one of the best-scored actions."""
    game = wander(Xochintlan(seed=6), 20, random.Random(6))
    player = XochintlanFastISMCTS(candidates=5, iterations=30)
    actions = game.legal_actions()
    from xochintlan_hex.players.ismcts import _PublicView
    from xochintlan_hex.players.xochintlan import distances_after

    view = _PublicView.of(game, game.current_player, 1.0)
    cards = list(view.pool) + [card for hand in view.known for card in hand]
    best = player._candidates(
        game, actions, view, distances_after(game, actions, cards).astype(float), random.Random(0)
    )
    root = XochintlanISMCTS(iterations=30).search(game, random.Random(1), actions=best, view=view)
    assert len(best) == 5 and set(root.children) == set(best)
    assert sum(child.visits for child in root.children.values()) == 30


def test_ismcts_fast_plays_whole_games():
    frame = simulate_xochintlan(3, [XochintlanFastISMCTS(), "ismcts-250"], seed=1, progress=False)
    assert frame["player_0"].eq("ismcts-fast").all()
    assert frame["end_reason"].isin(["win", "tie", "turn_limit"]).all()


# ---------------------------------------------------------------------------
# Speed-ups that change no choice of ismcts


def _positions(count, rules_list, seed=5):
    """Positions of random games under several rule sets, each with its player to move."""
    rng = random.Random(seed)
    found = []
    for index in range(count):
        rules = rules_list[index % len(rules_list)]
        game = wander(Xochintlan(players=2 + index % 3, seed=index, rules=rules), rng.randrange(0, 45), rng)
        found.append(game)
    return found


SPEED_RULES = [Rules(), Rules(lattice="hex", allow_redraw=True), Rules(open_cards=True, cards_per_player=2)]


def test_ismcts_draws_the_same_worlds_without_copying_the_rejected_ones():
    """Each world, and the random numbers left, equal those of drawing whole worlds and
    keeping each with its plausibility (the way worlds were drawn first)."""
    from xochintlan_hex.players.ismcts import _PublicView

    def whole_worlds(game, me, view, rng):
        for _ in range(63):
            world = game.sample_hidden(me, rng)
            if view.plausible(world, rng):
                return world
        return game.sample_hidden(me, rng)

    for game in _positions(24, SPEED_RULES + [Rules(cards_per_player=2)]):
        me = game.current_player
        view = _PublicView.of(game, me, inference=1.0)
        for seed in range(10):
            expected_rng, rng = random.Random(seed), random.Random(seed)
            expected = whole_worlds(game, me, view, expected_rng)
            world = XochintlanISMCTS._world(game, me, view, rng)
            assert world.to_json() == expected.to_json() and world.cards == expected.cards
            assert rng.getstate() == expected_rng.getstate()


def test_ismcts_beliefs_remembered_between_turns_equal_beliefs_read_afresh():
    from xochintlan_hex.players import ismcts

    rng = random.Random(8)
    for seed in range(6):
        game = Xochintlan(players=2 + seed % 3, seed=seed, rules=SPEED_RULES[seed % 3])
        while not game.is_over and game.turn < 60:
            me = game.current_player
            remembered = ismcts._PublicView.of(game, me, inference=1.0)
            ismcts._SCORES.clear()
            afresh = ismcts._PublicView.of(game, me, inference=1.0)
            assert remembered.belief == afresh.belief
            game.play(game.random_action(rng))


def test_ismcts_250_chooses_the_same_with_and_without_remembered_beliefs():
    from xochintlan_hex.players import ismcts

    player = get_player("ismcts-250")
    for index, game in enumerate(_positions(12, SPEED_RULES, seed=11)):
        warm = player.choose(game, random.Random(index))
        ismcts._SCORES.clear()
        assert player.choose(game, random.Random(index)) == warm
