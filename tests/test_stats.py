"""Each balance metric on a small hand-made study frame with known answers."""

import math

import numpy as np
import pandas as pd
import pytest

from xochintlan_hex import stats
from xochintlan_hex.simulate import simulate_xochintlan

Z = 1.959963984540054  # the 97.5% normal quantile


def wilson_by_hand(k, n, z=Z):
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


@pytest.fixture
def games():
    """Ten two-player games: seat 0 won 5, seat 1 won 3, one tie, one turn limit."""
    return pd.DataFrame(
        {
            "game": range(10),
            "n_players": 2,
            "player_0": ["greedy"] * 5 + ["random"] * 5,
            "player_1": ["random"] * 5 + ["greedy"] * 5,
            "cards_0": ["F", "L", "L", "I", "F", "X", "L", "I", "F", "L"],
            "cards_1": ["X", "I", "F", "L", "L", "F", "X", "F", "L", "I"],
            "winner": pd.array([0, 0, 0, 1, None, 0, 1, 1, None, 0], dtype="Int64"),
            "winning_kind": ["L", "B", "L", "M", None, "L", "L", "B", None, "M"],
            "winning_card": ["F", "L", "L", "L", None, "X", "X", "F", None, "L"],
            "turns": [10, 20, 30, 40, 48, 10, 20, 30, 200, 40],
            "end_reason": ["win"] * 4 + ["tie"] + ["win"] * 3 + ["turn_limit", "win"],
        }
    ).set_index("game")


def test_wilson_matches_the_hand_formula():
    low, high = stats.wilson_interval(7, 20)
    assert (low, high) == pytest.approx(wilson_by_hand(7, 20))
    low, high = stats.wilson_interval(0, 5)
    assert low == 0 and high == pytest.approx(wilson_by_hand(0, 5)[1])


def test_wilson_of_no_trials_is_unknown():
    low, high = stats.wilson_interval(0, 0)
    assert math.isnan(low) and math.isnan(high)


def test_t_quantiles_match_the_tables():
    assert stats.t_quantile(0.975, 1) == pytest.approx(12.706, abs=1e-3)
    assert stats.t_quantile(0.975, 4) == pytest.approx(2.776, abs=1e-3)
    assert stats.t_quantile(0.995, 20) == pytest.approx(2.845, abs=1e-3)
    assert stats.t_quantile(0.975, 10_000) == pytest.approx(Z, abs=1e-3)


def test_mean_interval_is_the_t_interval():
    row = stats.mean_interval([2.0, 4.0, 6.0, 8.0, None])
    sd = np.std([2, 4, 6, 8], ddof=1)
    half = 3.182446305284263 * sd / 2  # t(0.975, 3) * sd / sqrt(4)
    assert row["n"] == 4 and row["estimate"] == 5.0
    assert (row["low"], row["high"]) == pytest.approx((5 - half, 5 + half))


def test_seat_results_scores_ties_as_a_share(games):
    seats = stats.seat_results(games)
    assert len(seats) == 20
    tie = seats[seats["game"] == 4]
    assert list(tie["score"]) == [0.5, 0.5] and not tie["won"].any()
    first = seats[seats["game"] == 3]
    assert list(first["won"]) == [False, True] and list(first["player"]) == ["greedy", "random"]


def test_win_rate_by_seat(games):
    table = stats.win_rate_by_seat(games)
    assert list(table["wins"]) == [5, 3] and list(table["n"]) == [10, 10]
    assert table["estimate"].tolist() == [0.5, 0.3]
    assert (table.loc[0, "low"], table.loc[0, "high"]) == pytest.approx(wilson_by_hand(5, 10))
    assert (table.loc[1, "low"], table.loc[1, "high"]) == pytest.approx(wilson_by_hand(3, 10))


def test_win_rate_by_seat_with_three_players_and_groups():
    frame = pd.DataFrame(
        {
            "n_players": [2, 2, 3, 3, 3],
            "winner": [1, 1, 2, 0, None],
            "lattice": ["square", "hex", "square", "square", "hex"],
        }
    )
    table = stats.win_rate_by_seat(frame)
    three = table[table["n_players"] == 3]
    assert three["seat"].tolist() == [0, 1, 2] and three["wins"].tolist() == [1, 0, 1]
    assert three["n"].tolist() == [3, 3, 3]
    grouped = stats.win_rate_by_seat(frame, by="lattice")
    assert list(grouped.columns[:3]) == ["lattice", "n_players", "seat"]
    hex_two = grouped[(grouped["lattice"] == "hex") & (grouped["n_players"] == 2)]
    assert hex_two["wins"].tolist() == [0, 1]


def test_first_player_advantage_is_the_win_rate_gap_for_two(games):
    table = stats.first_player_advantage(games)
    # Seat 0 scores 5 wins + 2 halves out of 10 = 0.6; the gap 0.5 - 0.3 = 0.2.
    assert table.loc[0, "seat0_score"] == pytest.approx(0.6)
    assert table.loc[0, "estimate"] == pytest.approx(0.2)
    scores = [1, 1, 1, 0, 0.5, 1, 0, 0, 0.5, 1]
    row = stats.mean_interval(scores)
    assert table.loc[0, "low"] == pytest.approx(2 * row["low"] - 1)
    assert table.loc[0, "high"] == pytest.approx(2 * row["high"] - 1)


def test_first_player_advantage_with_three_players():
    frame = pd.DataFrame({"n_players": 3, "winner": pd.array([0, 0, 1, None], dtype="Int64")})
    table = stats.first_player_advantage(frame)
    s0 = (1 + 1 + 0 + 1 / 3) / 4
    assert table.loc[0, "seat0_score"] == pytest.approx(s0)
    assert table.loc[0, "estimate"] == pytest.approx((3 * s0 - 1) / 2)


def test_first_player_advantage_interval_stays_in_range():
    frame = pd.DataFrame({"n_players": 2, "winner": [0, 0, 1]})
    table = stats.first_player_advantage(frame)
    assert table.loc[0, "estimate"] == pytest.approx(1 / 3)
    assert (table.loc[0, "low"], table.loc[0, "high"]) == (-1.0, 1.0)


def test_balance_is_one_minus_the_largest_gap(games):
    table = stats.balance(games)
    assert table.loc[0, "estimate"] == pytest.approx(1 - (0.5 - 0.3))
    assert table.loc[0, "low"] <= table.loc[0, "estimate"] <= table.loc[0, "high"]
    assert table.loc[0, "high"] <= 1.0 and table.loc[0, "low"] < 0.8
    assert table.loc[0, "n"] == 10


def test_balance_three_players_and_its_interval_narrows_with_more_games():
    frame = pd.DataFrame({"n_players": 3, "winner": pd.array([0] * 6 + [1] * 3 + [2] * 1 + [None] * 2, dtype="Int64")})
    table = stats.balance(frame)
    assert table.loc[0, "estimate"] == pytest.approx(1 - (6 - 1) / 12)
    assert table.loc[0, "low"] < table.loc[0, "estimate"] < table.loc[0, "high"]
    bigger = stats.balance(pd.concat([frame] * 20))
    assert bigger.loc[0, "estimate"] == pytest.approx(table.loc[0, "estimate"])
    width = table.loc[0, "high"] - table.loc[0, "low"]
    assert bigger.loc[0, "high"] - bigger.loc[0, "low"] < width / 3


def test_balance_of_perfectly_even_seats_is_one():
    frame = pd.DataFrame({"n_players": 2, "winner": [0, 1, 0, 1]})
    assert stats.balance(frame).loc[0, "estimate"] == 1.0


def test_balance_interval_reaches_one_when_the_seats_cannot_be_told_apart():
    frame = pd.DataFrame({"n_players": 2, "winner": [0] * 52 + [1] * 48})
    table = stats.balance(frame)
    assert table.loc[0, "high"] == 1.0 and table.loc[0, "low"] < table.loc[0, "estimate"]


def test_outcome_shares(games):
    table = stats.outcome_shares(games).set_index("outcome")
    assert table.loc["completion", "games"] == 9
    assert table.loc["decisive", "games"] == 8
    assert table.loc["tie", "games"] == 1
    assert table.loc["turn_limit", "games"] == 1
    assert (table.loc["tie", "low"], table.loc["tie", "high"]) == pytest.approx(wilson_by_hand(1, 10))


def test_duration(games):
    table = stats.duration(games)
    turns = [10, 20, 30, 40, 48, 10, 20, 30, 200, 40]
    assert table.loc[0, "estimate"] == pytest.approx(np.mean(turns))
    assert table.loc[0, "median"] == 30 and table.loc[0, "max"] == 200
    assert table.loc[0, "sd"] == pytest.approx(np.std(turns, ddof=1))


def test_card_win_rates(games):
    table = stats.card_win_rates(games).set_index("card")
    # L was held 7 times (seat 0 in games 1, 2, 6, 9; seat 1 in 3, 4, 8) and won 4 times with it.
    assert table.loc["L", "n"] == 7 and table.loc["L", "wins"] == 4
    assert table.loc["L", "turns"] == pytest.approx(np.mean([20, 30, 20, 40, 40, 48, 200]))
    assert table.loc["L", "turns_to_win"] == pytest.approx(np.mean([20, 30, 40, 40]))
    assert (table.loc["L", "low"], table.loc["L", "high"]) == pytest.approx(wilson_by_hand(4, 7))
    assert table.loc["I", "wins"] == 0 and table.loc["I", "n"] == 4


def test_card_win_rates_splits_several_cards_per_seat():
    frame = pd.DataFrame(
        {
            "n_players": 2,
            "winner": [0, 1],
            "cards_0": ["F+L'", "I+X"],
            "cards_1": ["I+X", "L'+P"],
            "winning_card": ["L'", "P"],
            "turns": [8, 12],
        }
    )
    table = stats.card_win_rates(frame).set_index("card")
    assert table.loc["L'", "n"] == 2 and table.loc["L'", "wins"] == 1
    assert table.loc["F", "wins"] == 0 and table.loc["P", "wins"] == 1


def test_kind_win_rates(games):
    table = stats.kind_win_rates(games).set_index("kind")
    assert table["wins"].to_dict() == {"L": 4, "B": 2, "M": 2}
    assert (table["n"] == 10).all()
    assert table.loc["L", "turns"] == pytest.approx(np.mean([10, 30, 10, 20]))


def test_head_to_head(games):
    table = stats.head_to_head(games).set_index(["player", "opponent"])
    greedy = table.loc[("greedy", "random")]
    # greedy sat at seat 0 in games 0-4 (won 0, 1, 2; lost 3; tie 4)
    # and at seat 1 in games 5-9 (won 6, 7; lost 5, 9; turn limit 8).
    assert (greedy["wins"], greedy["losses"], greedy["draws"], greedy["n"]) == (5, 3, 2, 10)
    assert greedy["margin"] == pytest.approx(0.2)
    # Agresti and Min's adjusted interval: half a game added to the wins and the losses, two to n
    centre = (5.5 - 3.5) / 12
    half = Z * math.sqrt((9 / 12 - centre**2) / 12)
    assert (greedy["margin_low"], greedy["margin_high"]) == pytest.approx((centre - half, centre + half))
    assert table.loc[("random", "greedy"), "margin"] == pytest.approx(-0.2)


def test_a_player_who_won_every_game_still_gets_an_interval_of_its_margin():
    games = pd.DataFrame(
        {
            "n_players": [2] * 40,
            "winner": [0, 1] * 20,
            "player_0": ["greedy", "random"] * 20,
            "player_1": ["random", "greedy"] * 20,
        }
    )
    row = stats.head_to_head(games).set_index(["player", "opponent"]).loc[("greedy", "random")]
    assert (row["wins"], row["losses"], row["margin"]) == (40, 0, 1.0)
    assert row["margin_high"] == 1.0 and 0.8 < row["margin_low"] < 0.9


def test_score_distribution_and_ratings():
    frame = pd.DataFrame({"score": [3, 5, 5, 9, 15], "rating": ["none", "none", "none", "9+", "perfect"]})
    table = stats.score_distribution(frame).set_index("score")
    assert list(table.index) == list(range(16))
    assert table.loc[5, "games"] == 2 and table.loc[4, "games"] == 0
    assert table.loc[9, "at_least"] == pytest.approx(0.4)
    assert (table.loc[5, "low"], table.loc[5, "high"]) == pytest.approx(wilson_by_hand(2, 5))
    bands = stats.rating_shares(frame, bands=["none", "9+", "12+", "14+", "perfect"])
    assert bands["games"].tolist() == [3, 1, 0, 0, 1]
    kit = pd.DataFrame({"rating": ["explorer", "wanderer", "explorer", "star"]})
    shares = stats.rating_shares(kit)
    assert shares["rating"].tolist() == ["wanderer", "explorer", "naturalist", "guide", "star"]
    assert shares["games"].tolist() == [1, 2, 0, 0, 1]


def test_objective_rates_pool_objectives_and_cluster_by_game():
    frame = pd.DataFrame(
        {
            "objectives_all_symbols": [2, 1, 1, 0],
            "met_all_symbols": [1, 1, 0, 0],
            "objectives_adjacent_pair": [3, 3, 3, 3],
            "met_adjacent_pair": [3, 3, 3, 3],
        }
    )
    table = stats.objective_rates(frame).set_index("objective")
    assert table.loc["all_symbols", "estimate"] == pytest.approx(0.5)
    assert table.loc["all_symbols", "total"] == 4
    residual = np.array([1, 1, 0, 0]) - 0.5 * np.array([2, 1, 1, 0])
    se = math.sqrt(residual.var(ddof=1) / 4) / 1.0
    assert table.loc["all_symbols", "low"] == pytest.approx(max(0, 0.5 - Z * se))
    assert table.loc["adjacent_pair", "estimate"] == 1.0
    assert table.loc["adjacent_pair", "high"] == 1.0


def test_quest_rates():
    frame = pd.DataFrame({"quest_monfrague": [True, False, False, False], "quest_garganta": [False] * 4})
    table = stats.quest_rates(frame).set_index("quest")
    assert table.loc["monfrague", "games"] == 1
    assert (table.loc["monfrague", "low"], table.loc["monfrague", "high"]) == pytest.approx(wilson_by_hand(1, 4))
    assert table.loc["garganta", "estimate"] == 0


def test_report_of_a_xochintlan_study(games):
    table = stats.report(games, game="xochintlan")  # the fixture holds a few of its columns
    assert {
        "win_rate",
        "balance",
        "first_player_advantage",
        "outcome",
        "turns",
        "kind_win_rate",
        "card_win_rate",
        "head_to_head_win_rate",
    } <= set(table["metric"])
    assert list(table.columns) == ["metric", "level", "estimate", "low", "high", "n", "p_value", "note"]
    balance = table[table["metric"] == "balance"]
    assert balance["estimate"].iloc[0] == pytest.approx(0.8)


def test_report_of_a_hextremadura_study():
    frame = pd.DataFrame({"score": [3, 9], "rating": ["none", "9+"], "rounds": [3, 4], "quest_garganta": [False, True]})
    table = stats.report(frame, game="hextremadura")
    assert set(table["metric"]) == {"score", "rating", "quest", "rounds"}


def test_joined_studies_with_repeated_game_numbers(games):
    twice = pd.concat([games, games])  # the same game labels twice
    table = stats.head_to_head(twice).set_index(["player", "opponent"])
    assert table.loc[("greedy", "random"), "n"] == 20
    assert table.loc[("greedy", "random"), "wins"] == 10
    assert stats.seat_results(twice)["row"].nunique() == 20


def test_frames_read_back_from_csv_still_work(games, tmp_path):
    path = tmp_path / "study.csv"
    games.to_csv(path)
    again = pd.read_csv(path, index_col="game")
    pd.testing.assert_frame_equal(stats.win_rate_by_seat(again), stats.win_rate_by_seat(games))
    pd.testing.assert_frame_equal(stats.head_to_head(again), stats.head_to_head(games))


def test_clear_errors_for_missing_columns(games):
    with pytest.raises(ValueError, match="by: no column"):
        stats.win_rate_by_seat(games, by="variant")
    with pytest.raises(ValueError, match="end_reason"):
        stats.outcome_shares(games.drop(columns="end_reason"))


def test_head_to_head_over_studies_of_several_sizes_counts_every_pair_once():
    from xochintlan_hex.simulate import simulate_xochintlan

    frame = pd.concat(
        [
            simulate_xochintlan(12, "greedy,random", seed=3, progress=False),
            simulate_xochintlan(10, "random,greedy,search", seed=3, progress=False),
            simulate_xochintlan(6, "random,random,greedy,random,search", seed=3, progress=False),
        ],
        ignore_index=True,
    )
    expected = {}
    for _, game in frame.iterrows():  # the naive count: every ordered pair of seats
        seats = range(int(game["n_players"]))
        winner = None if pd.isna(game["winner"]) else int(game["winner"])
        for a in seats:
            for b in seats:
                pair = (game[f"player_{a}"], game[f"player_{b}"])
                if a != b and pair[0] != pair[1]:
                    tally = expected.setdefault(pair, [0, 0, 0])
                    tally[0] += winner == a
                    tally[1] += winner == b
                    tally[2] += 1
    table = stats.head_to_head(frame).set_index(["player", "opponent"])
    assert set(table.index) == set(expected)
    for pair, (wins, losses, n) in expected.items():
        assert table.loc[pair, ["wins", "losses", "n"]].tolist() == [wins, losses, n]


# ---------------------------------------------------------------------------
# card_win_rate_bootstrap: the cards' win rates in copies of the study drawn game by game


def test_a_bootstrap_copy_holds_the_win_rates_of_its_games_drawn_again():
    games = simulate_xochintlan(300, ["random", "random"], seed=3, progress=False)
    copies = stats.card_win_rate_bootstrap(games, rounds=4, seed=8)
    draws = np.random.default_rng(8).multinomial(len(games), np.full(len(games), 1 / len(games)), size=4)
    for copy, counts in zip(copies.itertuples(index=False), draws):
        drawn = games.iloc[np.repeat(np.arange(len(games)), counts)].reset_index(drop=True)
        expected = stats.card_win_rates(drawn).set_index("card")["estimate"]
        assert np.allclose(pd.Series(copy, index=copies.columns).reindex(expected.index), expected)


def test_the_same_seed_gives_the_same_bootstrap_copies():
    games = simulate_xochintlan(100, ["random", "random"], seed=5, progress=False)
    first = stats.card_win_rate_bootstrap(games, rounds=20, seed=2)
    assert first.equals(stats.card_win_rate_bootstrap(games, rounds=20, seed=2))
    assert not first.equals(stats.card_win_rate_bootstrap(games, rounds=20, seed=3))


def test_a_bootstrap_of_no_round_is_refused():
    games = simulate_xochintlan(10, ["random", "random"], seed=5, progress=False)
    with pytest.raises(ValueError, match="rounds must be a whole number of at least 1, not 0"):
        stats.card_win_rate_bootstrap(games, rounds=0)
