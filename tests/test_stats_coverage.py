"""The figures a study reports are checked by simulating studies where the truth is known.

Each simulated study is drawn as its outcome counts (a multinomial draw from the
true shares, seeded), which is all the kit's seat and kind statistics read; the
kit's own interval functions then run on thousands of studies at once.
"""

import numpy as np
import pandas as pd
import pytest

from xochintlan_hex import stats

STUDIES = 4000


def _study_frame(wins_0: int, wins_1: int, nobody: int) -> pd.DataFrame:
    """A two-player study frame with the given outcome counts."""
    winner = [0] * wins_0 + [1] * wins_1 + [None] * nobody
    return pd.DataFrame(
        {
            "n_players": 2,
            "winner": pd.array(winner, dtype="Int64"),
            "turns": 20,
            "end_reason": ["win"] * (wins_0 + wins_1) + ["tie"] * nobody,
        }
    )


def _printed_games_needed(frame: pd.DataFrame, family: str, difference: float = 0.05) -> int:
    table = stats.report(frame, difference=difference, game="xochintlan")
    needed = table[table["metric"] == "games_needed"].set_index("level")
    return int(needed.loc[f"{family} {difference:g} apart", "estimate"])


@pytest.mark.parametrize("tie_share", [0.0, 0.4])
def test_games_needed_for_two_seats_resolves_the_gap_in_80_percent_of_studies(tie_share):
    # The printed figure, read from a report on a study whose seats average the
    # same win rate as the truth simulated below.
    decisive = round(1000 * (1 - tie_share))
    games = _printed_games_needed(_study_frame(decisive // 2, decisive - decisive // 2, 1000 - decisive), "two seats")
    seat_0 = (1 - tie_share) / 2 - 0.025
    seat_1 = seat_0 + 0.05
    counts = np.random.default_rng(26).multinomial(games, [seat_0, seat_1, tie_share], size=STUDIES)
    edge = stats.advantage_of_counts(counts[:, 0], counts[:, 2], games, 2)
    resolved = np.mean((edge["high"] < 0) | (edge["low"] > 0))
    assert resolved == pytest.approx(0.80, abs=0.03), (games, resolved)


def test_games_needed_for_two_kinds_resolves_the_gap_in_80_percent_of_studies():
    frame = _study_frame(500, 500, 0).assign(winning_kind=["L", "B", "M", "L"] * 250)
    games = _printed_games_needed(frame, "two kinds")
    shares = [1 / 3 - 0.025, 1 / 3 + 0.025, 1 / 3]  # every game won with one of three kinds
    counts = np.random.default_rng(26).multinomial(games, shares, size=STUDIES)
    gap = stats.share_difference(counts[:, 0], counts[:, 1], games)
    resolved = np.mean((gap["high"] < 0) | (gap["low"] > 0))
    assert resolved == pytest.approx(0.80, abs=0.03), (games, resolved)


def test_seats_and_kinds_need_the_multinomial_count_and_cards_the_independent_one():
    assert stats.games_to_resolve(0.5, 0.05, same_games=True) == 3138
    assert stats.games_to_resolve(1 / 3, 0.05, same_games=True) == 2091
    assert stats.games_to_resolve(0.5, 0.05) == 1569  # two independent rates: unchanged


def test_advantage_of_counts_is_the_interval_a_study_frame_gets():
    frame = _study_frame(37, 52, 11)
    table = stats.first_player_advantage(frame)
    edge = stats.advantage_of_counts(37, 11, 100, 2)
    for column in ("seat0_score", "estimate", "low", "high"):
        assert table.loc[0, column] == pytest.approx(float(edge[column]), abs=1e-12)
    reference = stats.mean_interval(np.r_[np.ones(37), np.zeros(52), np.full(11, 0.5)])
    assert 2 * reference["low"] - 1 == pytest.approx(float(edge["low"]), abs=1e-12)


@pytest.mark.parametrize("games", [3000, 5000])
@pytest.mark.parametrize("tie_share", [0.0, 0.1, 0.4])
def test_balance_interval_covers_a_fair_two_player_game_at_its_nominal_rate(games, tie_share):
    seat = (1 - tie_share) / 2
    counts = np.random.default_rng(26).multinomial(games, [seat, seat, tie_share], size=STUDIES)
    result = stats.balance_of_counts(counts, 2)
    covered = np.mean((result["low"] <= 1.0) & (result["high"] >= 1.0))
    assert covered == pytest.approx(0.95, abs=0.015)


@pytest.mark.parametrize("n_players", [3, 4])
@pytest.mark.parametrize("tie_share", [0.0, 0.4])
def test_balance_interval_covers_a_fair_game_of_more_players_at_least_at_its_nominal_rate(n_players, tie_share):
    shares = [(1 - tie_share) / n_players] * n_players + [tie_share]
    counts = np.random.default_rng(26).multinomial(3000, shares, size=STUDIES)
    result = stats.balance_of_counts(counts, n_players)
    covered = np.mean(result["high"] >= 1.0)
    assert 0.94 <= covered <= 0.995


def test_balance_interval_covers_an_unfair_game_at_least_at_its_nominal_rate():
    shares = np.array([0.30, 0.25, 0.20, 0.25])  # three seats, a quarter of games tied
    truth = 1 - (0.30 - 0.20)
    counts = np.random.default_rng(26).multinomial(2000, shares, size=STUDIES)
    result = stats.balance_of_counts(counts, 3)
    covered = np.mean((result["low"] <= truth) & (truth <= result["high"]))
    assert covered >= 0.94


def test_share_difference_covers_the_true_gap_of_small_studies():
    shares = [0.45, 0.35, 0.20]
    counts = np.random.default_rng(26).multinomial(40, shares, size=STUDIES)
    gap = stats.share_difference(counts[:, 0], counts[:, 1], 40)
    covered = np.mean((gap["low"] <= 0.10) & (0.10 <= gap["high"]))
    assert covered == pytest.approx(0.95, abs=0.02)


def test_a_paired_difference_uses_only_shared_deals_and_removes_what_the_deal_decides():
    rng = np.random.default_rng(26)
    deal = rng.normal(size=400)  # what each deal decides, shared by both studies
    a = pd.Series(deal + 0.1 + rng.normal(scale=0.3, size=400))
    b = pd.Series(deal + rng.normal(scale=0.3, size=400)).iloc[:300]
    paired = stats.mean_difference(a, b, paired=True)
    assert paired["n"] == 300
    assert paired["estimate"] == pytest.approx(float((a.iloc[:300] - b).mean()))
    apart = stats.mean_difference(a.iloc[:300], b)
    assert paired["high"] - paired["low"] < (apart["high"] - apart["low"]) / 2
    assert paired["low"] < 0.1 < paired["high"]


def test_game_margins_score_the_named_players_seat():
    games = pd.DataFrame(
        {
            "game": [5, 6, 7],
            "n_players": 2,
            "winner": pd.array([1, 0, None], dtype="Int64"),
            "player_0": ["greedy", "search", "greedy"],
            "player_1": ["search", "greedy", "search"],
        }
    )
    assert stats.game_margins(games, "search").to_dict() == {5: 1, 6: 1, 7: 0}
    assert stats.game_margins(games).to_dict() == {5: -1, 6: 1, 7: 0}
    with pytest.raises(ValueError, match="exactly one seat"):
        stats.game_margins(games, "random")
