"""Round robins, the Bradley–Terry fit and solo ladders."""

import math

import numpy as np
import pandas as pd
import pytest

from xochintlan_hex.tournament import (
    ELO_PER_UNIT,
    LADDER_COLUMNS,
    bradley_terry,
    goodness_of_fit,
    rating_difference,
    round_robin,
    solo_ladder,
)


def synthetic_ladder(strengths, games_per_pair, seed):
    """Pairwise results drawn from a Bradley–Terry model with known strengths."""
    rng = np.random.default_rng(seed)
    rows = []
    names = list(strengths)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            p = 1 / (1 + math.exp(strengths[b] - strengths[a]))
            wins = int(rng.binomial(games_per_pair, p))
            rows.append(
                {
                    "player": a,
                    "opponent": b,
                    "wins": wins,
                    "losses": games_per_pair - wins,
                    "draws": 0,
                    "n": games_per_pair,
                }
            )
            rows.append(
                {
                    "player": b,
                    "opponent": a,
                    "wins": games_per_pair - wins,
                    "losses": wins,
                    "draws": 0,
                    "n": games_per_pair,
                }
            )
    return pd.DataFrame(rows)


def test_bradley_terry_recovers_known_strengths_within_its_intervals():
    truth = {"a": 0.0, "b": 0.5, "c": 1.2, "d": 2.0}
    covered = 0
    for seed in range(20):
        ladder = bradley_terry(synthetic_ladder(truth, 300, seed), reference="a", prior=0)
        assert list(ladder.columns) == LADDER_COLUMNS
        assert ladder["player"].tolist() == ["d", "c", "b", "a"]
        fitted = ladder.set_index("player")
        assert fitted.loc["a", "strength"] == 0
        covered += sum(fitted.loc[p, "low"] <= s <= fitted.loc[p, "high"] for p, s in truth.items() if p != "a")
    assert covered >= 0.85 * 3 * 20  # 95% intervals cover the truth about 95% of the time


def chain_ladder(strengths, games_per_pair, seed):
    """Like synthetic_ladder, but the first and last players never meet."""
    pairs = synthetic_ladder(strengths, games_per_pair, seed)
    first, last = list(strengths)[0], list(strengths)[-1]
    met = ~(pairs["player"].isin([first, last]) & pairs["opponent"].isin([first, last]))
    return pairs[met]


def test_rating_difference_covers_the_true_gap_of_players_who_never_met():
    truth = {"a": 0.0, "b": 0.4, "c": 0.9}
    covered = 0
    for seed in range(400):
        gap = rating_difference(chain_ladder(truth, 150, seed), "c", "a", prior=0)
        covered += gap["low"] <= truth["c"] - truth["a"] <= gap["high"]
    assert covered / 400 == pytest.approx(0.95, abs=0.03)


def test_rating_difference_is_the_ladder_refitted_around_the_opponent():
    pairs = chain_ladder({"a": 0.0, "b": 0.4, "c": 0.9}, 150, 1)
    gap = rating_difference(pairs, "c", "b")
    ladder = bradley_terry(pairs, reference="a").set_index("player")
    assert gap["strength"] == pytest.approx(ladder.loc["c", "strength"] - ladder.loc["b", "strength"])
    # The same interval as the ladder with b as reference: the difference does not
    # depend on the reference, only its covariance does.
    from_b = bradley_terry(pairs, reference="b").set_index("player")
    assert (gap["low"], gap["high"]) == pytest.approx((from_b.loc["c", "low"], from_b.loc["c", "high"]))
    assert gap["elo"] == pytest.approx(gap["strength"] * ELO_PER_UNIT)
    with pytest.raises(ValueError, match="no player 'd'"):
        rating_difference(pairs, "d", "a")


def games_with_draws(expected_points, games_per_pair, draw_share, seed):
    """Pairwise results where ``a`` scores ``expected_points[(a, b)]`` against ``b`` on
    average, a draw (half a point each) in ``draw_share`` of the games."""
    rng = np.random.default_rng(seed)
    rows = []
    for (a, b), points in expected_points.items():
        chances = [points - draw_share / 2, 1 - points - draw_share / 2, draw_share]
        wins, losses, draws = (int(k) for k in rng.multinomial(games_per_pair, chances))
        for player, opponent, won, lost in ((a, b, wins, losses), (b, a, losses, wins)):
            rows.append(
                {
                    "player": player,
                    "opponent": opponent,
                    "wins": won,
                    "losses": lost,
                    "draws": draws,
                    "n": games_per_pair,
                }
            )
    return pd.DataFrame(rows)


def transitive_points(strengths):
    """Every pair's expected points under the Bradley-Terry model of ``strengths``."""
    names = list(strengths)
    return {
        (a, b): 1 / (1 + math.exp(strengths[b] - strengths[a])) for i, a in enumerate(names) for b in names[i + 1 :]
    }


def test_goodness_of_fit_rejects_a_true_ladder_at_its_nominal_rate():
    # Four players, all six pairs (df = 6 - 3 = 3), 40% draws as under strong play.
    points = transitive_points({"a": 0.0, "b": 0.3, "c": 0.6, "d": 0.9})
    p_values = [goodness_of_fit(games_with_draws(points, 150, 0.4, seed), prior=0)["p_value"] for seed in range(400)]
    assert np.mean(np.array(p_values) < 0.05) == pytest.approx(0.05, abs=0.03)
    # Ignoring the draws (a win's variance for every game) makes the test timid: 0 of these 400.


def test_goodness_of_fit_finds_players_that_beat_each_other_in_a_circle():
    # a beats b, b beats c, c beats a, each 65% of the points: no strengths explain it.
    circle = {("a", "b"): 0.65, ("b", "c"): 0.65, ("a", "c"): 0.35}
    rejected = [goodness_of_fit(games_with_draws(circle, 150, 0.4, seed))["p_value"] < 0.05 for seed in range(100)]
    assert np.mean(rejected) >= 0.9


def test_goodness_of_fit_reports_every_pair_and_has_nothing_to_test_on_a_chain():
    fit = goodness_of_fit(games_with_draws(transitive_points({"a": 0.0, "b": 0.5, "c": 1.0}), 100, 0.2, 1))
    assert fit["df"] == 1
    assert list(fit["pairs"].columns) == ["player", "opponent", "games", "points", "expected", "z"]
    assert fit["pairs"]["games"].tolist() == [100, 100, 100]
    assert fit["statistic"] == pytest.approx(float((fit["pairs"]["z"] ** 2).sum()))
    chain = goodness_of_fit(chain_ladder({"a": 0.0, "b": 0.4, "c": 0.9}, 150, 1), prior=0)
    assert chain["df"] == 0 and math.isnan(chain["p_value"])
    assert chain["statistic"] == pytest.approx(0.0, abs=1e-6)  # two strengths fit two pairs exactly


def test_bradley_terry_reports_elo_and_counts():
    ladder = bradley_terry(synthetic_ladder({"x": 0.0, "y": 1.0}, 100, 1), reference="x")
    row = ladder.set_index("player").loc["y"]
    assert row["elo"] == pytest.approx(row["strength"] * ELO_PER_UNIT)
    assert row["games"] == 100 and row["wins"] + row["losses"] + row["draws"] == 100


def test_bradley_terry_stays_finite_when_a_player_wins_everything():
    results = synthetic_ladder({"weak": 0.0, "strong": 50.0}, 40, 0)
    ladder = bradley_terry(results)
    assert ladder["player"].tolist() == ["strong", "weak"]
    assert np.isfinite(ladder[["strength", "low", "high"]].to_numpy()).all()
    with pytest.raises(ValueError, match="reference must be one of the players"):
        bradley_terry(results, reference="nobody")


def test_round_robin_plays_every_pair_in_both_seats_on_the_same_deals():
    frame = round_robin(["random", "greedy", "search"], games=2, seed=4, progress=False)
    assert len(frame) == 3 * 2 * 2
    assert set(frame["pairing"]) == {"random vs greedy", "random vs search", "greedy vs search"}
    for pairing, games in frame.groupby("pairing"):
        assert set(games["seating"]) == {f"{name} first" for name in pairing.split(" vs ")}
        first, second = [g["seed"].tolist() for _, g in games.groupby("seating")]
        assert first == second  # both seatings play the same deals
    again = round_robin(["random", "greedy", "search"], games=2, seed=4, progress=False)
    pd.testing.assert_frame_equal(frame, again)
    ladder = bradley_terry(frame)
    assert set(ladder["player"]) == {"random", "greedy", "search"}


def test_round_robin_refuses_too_few_or_twin_players():
    with pytest.raises(ValueError, match="at least two players"):
        round_robin(["greedy"], games=1, progress=False)
    with pytest.raises(ValueError, match="different names"):
        round_robin(["greedy", "greedy"], games=1, progress=False)


def test_solo_ladder_gives_mean_scores_with_intervals_on_the_same_deals():
    games, ladder = solo_ladder(["random", "greedy"], games=3, seed=2, progress=False)
    assert len(games) == 6
    seeds = [tuple(g["seed"]) for _, g in games.groupby("player")]
    assert seeds[0] == seeds[1]
    assert ladder["player"].tolist()[0] == "greedy"
    assert {"estimate", "low", "high", "n"} <= set(ladder.columns)


def test_the_ladder_plot_puts_the_strongest_on_top_with_its_interval():
    from matplotlib.figure import Figure

    from xochintlan_hex.viz import plot_ladder

    ladder = bradley_terry(synthetic_ladder({"a": 0.0, "b": 1.0, "c": 2.0}, 60, 3), reference="a")
    ax = plot_ladder(ladder, Figure().add_subplot())
    assert [t.get_text() for t in ax.get_yticklabels()] == ["c", "b", "a"]
    assert "Elo" in ax.get_xlabel()
    solo = pd.DataFrame(
        {"player": ["greedy", "planner"], "estimate": [8.0, 9.0], "low": [7.5, 8.5], "high": [8.5, 9.5]}
    )
    ax = plot_ladder(solo, Figure().add_subplot())
    assert [t.get_text() for t in ax.get_yticklabels()] == ["planner", "greedy"]
    with pytest.raises(ValueError, match="ladder needs the columns"):
        plot_ladder(pd.DataFrame({"player": ["x"]}), Figure().add_subplot())
