"""A game nobody won has a missing winner, kind and card: never the text "None" or "nan"."""

from xochintlan_hex import stats
from xochintlan_hex.simulate import simulate_xochintlan
from xochintlan_hex.studies import read_results
from xochintlan_hex.xochintlan import Rules

NAME_COLUMNS = ["winner_player", "winning_kind", "winning_card"]


def assert_ties_missing(frame):
    nobody = frame["winner"].isna()
    assert nobody.any() and (~nobody).any()
    for column in NAME_COLUMNS:
        assert frame.loc[nobody, column].isna().all(), column
        assert frame.loc[~nobody, column].notna().all(), column
        assert not frame[column].isin(["None", "nan", "<NA>"]).any(), column


def test_a_fresh_study_gives_ties_missing_names():
    frame = simulate_xochintlan(8, "greedy,greedy", rules=Rules(max_turns=10), seed=1, progress=False)
    assert_ties_missing(frame)


def test_the_shipped_random_study_read_back_has_three_kinds_and_its_ties_missing():
    frame = read_results("datasets/xochintlan_random_selfplay.csv")
    assert_ties_missing(frame)
    ties = int((frame["end_reason"] != "win").sum())
    assert ties > 2000 and int(frame["winning_kind"].isna().sum()) == ties
    kinds = stats.kind_win_rates(frame)
    assert kinds["kind"].tolist() == ["L", "B", "M"]
    assert kinds["wins"].sum() == len(frame) - ties
