"""What a study can conclude: corrected p-values, games needed, and the mirror-symmetry check."""

from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest
import scipy.stats

from xochintlan_hex import stats
from xochintlan_hex.cli import main
from xochintlan_hex.simulate import simulate_xochintlan
from xochintlan_hex.studies import read_results

GREEDY_2P = "datasets/xochintlan_greedy_selfplay_2p.csv"


@pytest.fixture(scope="module")
def random_study():
    """10,000 two-player games of uniformly random play (about 8 s): mirror twins alike."""
    return simulate_xochintlan(10_000, "random,random", seed=1, progress=False)


def test_holm_adjusts_like_the_textbook():
    p = [0.01, 0.04, 0.03, 0.005]
    assert stats.adjust_p_values(p, "holm") == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert np.isnan(stats.adjust_p_values([np.nan, 0.01], "holm")[0])
    assert stats.adjust_p_values([np.nan, 0.01], "holm")[1] == pytest.approx(0.01)


def test_benjamini_hochberg_is_scipys_and_never_stricter_than_holm():
    p = np.array([0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216])
    bh = stats.adjust_p_values(p, "bh")
    assert bh == pytest.approx(scipy.stats.false_discovery_control(p, method="bh"))
    assert (bh <= stats.adjust_p_values(p, "holm") + 1e-12).all()
    with pytest.raises(ValueError, match="correction must be one of"):
        stats.adjust_p_values(p, "bonferoni")


def test_two_proportion_test_is_the_chi_square_test_of_the_table():
    for a, n_a, b, n_b in [(30, 100, 45, 100), (281, 553, 317, 534), (3, 40, 0, 38)]:
        table = [[a, n_a - a], [b, n_b - b]]
        chi2 = scipy.stats.chi2_contingency(table, correction=False)
        assert stats.two_proportion_p_value(a, n_a, b, n_b) == pytest.approx(chi2.pvalue)


def test_games_to_resolve_reaches_the_power_asked_and_no_more():
    normal = NormalDist()
    for rate, gap, power in [(0.5, 0.1, 0.8), (0.2, 0.05, 0.9), (0.05, 0.02, 0.8)]:
        n = stats.games_to_resolve(rate, gap, power)
        p1, p2 = rate - gap / 2, rate + gap / 2

        def power_of(m):  # normal approximation to the two-sided pooled test
            pooled_se = (2 * rate * (1 - rate) / m) ** 0.5
            se = ((p1 * (1 - p1) + p2 * (1 - p2)) / m) ** 0.5
            return normal.cdf((gap - normal.inv_cdf(0.975) * pooled_se) / se)

        assert power_of(n) >= power > power_of(n - 1)


def test_card_and_kind_rates_name_their_correction():
    games = read_results(GREEDY_2P)
    cards = stats.card_win_rates(games, correction="holm")
    assert set(cards["correction"]) == {"Holm"}
    assert (cards["p_adjusted"] >= cards["p_value"]).all()
    assert cards.loc[cards["card"] == "I", "differs"].item()  # I is much the hardest card
    kinds = stats.kind_win_rates(games, correction="bh")
    assert set(kinds["correction"]) == {"Benjamini-Hochberg"} and not kinds["differs"].any()
    plain = stats.card_win_rates(games)
    pd.testing.assert_frame_equal(cards[plain.columns], plain)


def test_shape_win_rates_pool_each_card_with_its_mirror():
    games = read_results(GREEDY_2P)
    cards = stats.card_win_rates(games).set_index("card")
    shapes = stats.shape_win_rates(games).set_index("shape")
    assert len(shapes) == 12
    for column in ("wins", "n"):
        assert shapes.loc["Y", column] == cards.loc["Y", column] + cards.loc["Y'", column]
        assert shapes.loc["I", column] == cards.loc["I", column]


def test_mirror_pairs_on_both_lattices():
    square = read_results(GREEDY_2P)
    check = stats.symmetry_check(square)
    assert check["card"].tolist() == ["F", "L", "N", "P", "Y", "Z", "all pairs"]
    assert check["mirror"].tolist() == ["F'", "L'", "N'", "P'", "Y'", "Z'", ""]
    hex_cards = stats.symmetry_check(read_results("datasets/xochintlan_hex_lattice.csv"))
    assert len(hex_cards) == 12  # the 11 chiral pentahex pairs and the row for all of them
    assert (hex_cards["mirror"].iloc[:-1] == hex_cards["card"].iloc[:-1] + "'").all()


def test_symmetry_check_passes_on_a_large_random_study(random_study):
    check = stats.symmetry_check(random_study)
    assert len(check) == 7 and check["n"].iloc[:-1].min() > 1000
    flagged = check[check["verdict"] != stats.SYMMETRY_VERDICTS["ok"]]
    assert flagged.empty, flagged.to_string()


def test_symmetry_check_catches_a_player_that_favours_one_twin(random_study):
    """The same study with a planted bug: every other win with Y' becomes a tie."""
    lost = random_study.index[random_study["winning_card"] == "Y'"][::2]
    broken = random_study.copy()
    broken.loc[lost, ["winner", "winner_player", "winning_kind", "winning_card"]] = None
    check = stats.symmetry_check(broken).set_index("card")
    assert check.loc["Y", "verdict"] == "sample too small or a bug"
    assert check.loc["Y", "p_adjusted"] < 0.05


def test_report_says_what_the_study_can_conclude(capsys):
    table = stats.report(read_results(GREEDY_2P), difference=0.1)
    symmetry = table[table["metric"] == "symmetry_check"]
    assert symmetry["level"].tolist()[:2] == ["F vs F'", "L vs L'"]
    assert symmetry["level"].iloc[-1] == "all mirror pairs"
    assert set(symmetry["note"]) <= set(stats.SYMMETRY_VERDICTS.values())
    assert symmetry["p_value"].notna().all()
    needed = table[table["metric"] == "games_needed"].set_index("level")
    assert set(needed.index) == {"two seats 0.1 apart", "two kinds 0.1 apart", "two cards 0.1 apart"}
    assert needed.loc["two seats 0.1 apart", "estimate"] == stats.games_to_resolve(
        0.5, 0.1, same_games=True
    )  # the two seats' rates average 1/2
    cards = table[table["metric"] == "card_win_rate"]
    assert cards["note"].str.startswith("Holm").all()
    assert main(["report", GREEDY_2P, "--difference", "0.1"]) == 0
    out = capsys.readouterr().out
    assert "Symmetry check" in out and "Games needed" in out and "Holm" in out
