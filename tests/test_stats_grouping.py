"""`by=` groups every metric by any column a study frame has, even the metric's own columns."""

import pandas as pd
import pytest

from xochintlan_hex import stats
from xochintlan_hex.cli import main
from xochintlan_hex.simulate import simulate_xochintlan
from xochintlan_hex.studies import read_results

SELF_PLAY = [f"datasets/xochintlan_greedy_selfplay_{n}p.csv" for n in (2, 3, 4, 5)]

METRICS = [
    stats.win_rate_by_seat,
    stats.first_player_advantage,
    stats.balance,
    stats.outcome_shares,
    stats.duration,
    stats.card_win_rates,
    stats.kind_win_rates,
    stats.head_to_head,
    stats.report,
]


@pytest.fixture(scope="module")
def study():
    """A small real study: two player kinds, ties and wins, every study column."""
    return simulate_xochintlan(12, "greedy,random", seed=4, progress=False)


@pytest.mark.parametrize("metric", METRICS, ids=lambda m: m.__name__)
def test_every_metric_groups_by_n_players(metric, study):
    table = metric(study, by="n_players")
    assert table.columns[0] == "n_players"
    assert list(table.columns).count("n_players") == 1
    assert set(table["n_players"]) == {2}


@pytest.mark.parametrize("metric", METRICS, ids=lambda m: m.__name__)
def test_every_metric_groups_by_every_study_column(metric, study):
    for column in study.columns:
        table = metric(study, by=column)
        assert table.columns[0] == column, column
        assert list(table.columns).count(column) == 1, column


def test_grouping_by_n_players_matches_each_study_alone():
    frames = [read_results(path) for path in SELF_PLAY]
    pooled = pd.concat(frames, ignore_index=True)
    table = stats.win_rate_by_seat(pooled, by="n_players")
    for frame in frames:
        n = int(frame["n_players"].iloc[0])
        alone = stats.win_rate_by_seat(frame)
        mine = table[table["n_players"] == n].drop(columns="n_players").reset_index(drop=True)
        pd.testing.assert_frame_equal(mine, alone.drop(columns="n_players"))


def test_grouping_by_a_rules_column_and_a_player_column(study):
    both = pd.concat([study, study.assign(lattice="hex")], ignore_index=True)
    table = stats.first_player_advantage(both, by=["lattice", "player_0"])
    assert list(table.columns[:3]) == ["lattice", "player_0", "n_players"]
    assert len(table) == 2


def test_report_by_n_players_on_the_shipped_self_play_studies_prints_a_table(capsys):
    assert main(["report", *SELF_PLAY, "--by", "n_players"]) == 0
    out = capsys.readouterr().out
    assert "Win rate by player" in out and "n_players" in out
    for n in (2, 3, 4, 5):
        assert f"player {n} of {n}" in out  # the last seat, n - 1 in the data, read from 1


def test_grouping_a_distribution_by_what_it_counts_is_refused():
    frame = pd.DataFrame({"score": [3, 5, 5, 9], "rating": ["a", "a", "b", "b"]})
    with pytest.raises(ValueError, match="'score' is what this table counts"):
        stats.score_distribution(frame, by="score")
    with pytest.raises(ValueError, match="'rating' is what this table counts"):
        stats.rating_shares(frame, by="rating", bands=["a", "b"])
    assert stats.score_distribution(frame, by="rating").columns[0] == "rating"


HEXTREMADURA_METRICS = [
    stats.score_distribution,
    stats.rating_shares,
    stats.objective_rates,
    stats.quest_rates,
    stats.duration,
    stats.report,
]


@pytest.mark.parametrize("metric", HEXTREMADURA_METRICS, ids=lambda m: m.__name__)
def test_every_hextremadura_metric_groups_by_every_other_study_column(metric):
    study = read_results("datasets/hextremadura_search.csv").head(20)
    counted = {stats.score_distribution: "score", stats.rating_shares: "rating"}.get(metric)
    for column in study.columns.drop(counted, errors="ignore"):
        table = metric(study, by=column)
        assert table.columns[0] == column and list(table.columns).count(column) == 1, column
