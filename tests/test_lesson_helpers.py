"""The lessons' helpers: self-checks, random gardens, the prediction plot, the hands-on widgets."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from matplotlib.figure import Figure

from xochintlan_hex import stats
from xochintlan_hex.lessons import checks
from xochintlan_hex.simulate import simulate_xochintlan
from xochintlan_hex.viz import plot_prediction
from xochintlan_hex.widgets import GardenDensity, LiveStudy
from xochintlan_hex.xochintlan import Xochintlan
from xochintlan_hex.xochintlan.gardens import garden_chance, measured_garden_rates, random_gardens, rim_size

# --- self-checks: right answers pass, wrong ones fail, and no message gives the answer away

RIGHT_AND_WRONG = [
    (lambda a: checks.check_tetris_kind(a), "one-sided", "fixed"),
    (lambda a: checks.check_chiral_hexominoes(a), 25, 24),
    (lambda a: checks.check_fixed_polyhexes(a), [1, 3, 11, 44, 186, 814, 3652], [1, 3, 11, 44, 186, 814, 3650]),
    (lambda a: checks.check_most_symmetric_pentahexes(a), ["H5-1", "H5-21"], ["H5-1"]),
    (
        lambda a: checks.check_action_counts(a, "L(1,0)"),
        {"Place": 18, "Switch": 0, "MoveHuman": 3},
        {"Place": 18, "MoveHuman": 4},
    ),
    (
        lambda a: checks.check_action_counts(a, "L(1,0)", "M(0,1)"),
        {"Place": 21, "Switch": 2, "MoveHuman": 5},
        {"Place": 21, "Switch": 1, "MoveHuman": 5},
    ),
    # every card that gains placements must be named (the chiral ones); an unchanged card may be too
    (
        lambda a: checks.check_flipped_placements(a),
        {**{card: 40 for card in ("F", "F'", "L", "L'", "N", "N'", "P", "P'", "Y", "Y'")}, "Z": 20, "Z'": 20, "X": 5},
        {"L": 40, "X": 5, "Z": 20},
    ),
    (lambda a: checks.check_best_density("I", a), 0.25, 0.2),
    (lambda a: checks.check_best_density("X", a), 1 / 3, 0.25),
    (lambda a: checks.check_hex_placements(a), 930, 186),
    (lambda a: checks.check_games_for_upper_bound(a), 381, 300),
    (lambda a: checks.check_rarest_icon(a), "monument", "acorn"),
    (lambda a: checks.check_second_turn_placements(a), 72, 36),
]


@pytest.mark.parametrize("check,right,wrong", RIGHT_AND_WRONG)
def test_a_check_accepts_the_right_answer_and_refuses_a_wrong_one(check, right, wrong):
    assert bool(check(right)) and repr(check(right)) == "Right!"
    verdict = check(wrong)
    assert not verdict and repr(verdict).startswith("Not yet: ")
    assert str(right) not in repr(verdict).removeprefix("Not yet: ")


@pytest.mark.parametrize("check,right,wrong", RIGHT_AND_WRONG)
def test_a_check_without_an_answer_asks_for_one(check, right, wrong):
    verdict = check(None)
    assert not verdict and "No answer yet" in repr(verdict)


def test_the_x_card_boards_check_reads_the_boards_with_the_engine():
    stands = ".B.\nBHB\n.B."
    spoiled = ".B.\nBHB\n.BB"
    assert checks.check_x_card_boards(stands, spoiled)
    assert not checks.check_x_card_boards(spoiled, spoiled)  # the first board must stand
    assert not checks.check_x_card_boards(stands, stands)  # the second one must not
    assert not checks.check_x_card_boards(stands, ".B.\nBHB\n...\n..B")  # a far Bird spoils nothing


def test_the_record_check_counts_players_from_one():
    game = Xochintlan(players=2, seed=3, cards=["I", "X"])
    for action in ["L(1,0)", "B(0,1)", "L(2,0)", "B(0,2)", "L(3,0)", "B(1,1)", "L(4,0)"]:
        game.play(action)
    record = game.to_json()
    assert checks.check_record_result((1, "I", "L", True), record)
    assert not checks.check_record_result((0, "I", "L", True), record)  # the engine's seat number, not the player's
    assert not checks.check_record_result((1, "I", "B", True), json.loads(record))
    assert not checks.check_record_result((1, "I", "L", False), record)  # player 1 made the last action


@pytest.mark.parametrize("answer", [21, "21", [21, 2, 5], (("Place", 21),)])
def test_the_action_count_check_names_the_form_it_wants_instead_of_crashing(answer):
    verdict = checks.check_action_counts(answer, "L(1,0)", "M(0,1)")
    assert not verdict and "dict" in repr(verdict)


def test_the_action_count_check_refuses_a_count_with_a_type_left_out():
    verdict = checks.check_action_counts({"Place": 21, "MoveHuman": 5}, "L(1,0)", "M(0,1)")
    assert not verdict and "Switch" in repr(verdict)


def test_the_pentahex_check_says_when_one_of_the_most_symmetric_is_missing():
    verdict = checks.check_most_symmetric_pentahexes(["H5-1"])
    assert not verdict and "more than one" in repr(verdict)


def test_study_checks_compute_their_answer_from_the_study():
    study = simulate_xochintlan(200, "greedy,greedy", seed=7, progress=False)
    advantage = stats.first_player_advantage(study)
    needed = len(study) * (float((advantage["high"] - advantage["low"]).iloc[0]) / 2 / 0.01) ** 2
    assert checks.check_games_needed(round(needed), study)
    assert not checks.check_games_needed(round(needed / 2), study)
    favoured = int(stats.win_rate_by_seat(study).set_index("seat")["estimate"].idxmax()) + 1
    assert checks.check_hex_favoured_player(favoured, study)
    assert not checks.check_hex_favoured_player(favoured - 1, study)
    other = simulate_xochintlan(200, "random,random", seed=7, progress=False)
    a = stats.card_win_rates(study).set_index("card")["estimate"]
    b = stats.card_win_rates(other).set_index("card")["estimate"]
    correlation = a.rank().corr(b.rank())
    assert checks.check_rank_correlation(round(correlation, 3), study, other)
    assert not checks.check_rank_correlation(correlation + 0.2, study, other)


def test_the_tile_set_checks_load_the_students_set():
    import copy

    from xochintlan_hex.hextremadura import load_tileset

    data = copy.deepcopy(load_tileset().to_dict())
    assert not checks.check_smaller_requirements(data)  # unchanged: still 8
    for tile in data["tiles"]:
        for requirement in tile["front"].get("requirements", []):
            if requirement["size"] == 8:
                requirement["size"] = 5
    assert checks.check_smaller_requirements(data)
    data["tiles"][0]["front"]["requirements"][0]["size"] = "big"
    verdict = checks.check_smaller_requirements(data)
    assert not verdict and "does not load" in repr(verdict)


def test_the_old_objective_check():
    kit = pd.DataFrame({"met_all_symbols": [1, 0, 1, 0]})
    new = pd.DataFrame({"met_all_symbols": [0, 0, 1, 0]})
    assert checks.check_old_objective_loss(0.25, kit, new)
    assert not checks.check_old_objective_loss(0.5, kit, new)


def test_the_unpaired_width_check():
    first, second = pd.Series([1.0, 2, 3, 4]), pd.Series([2.0, 2, 5, 7])
    width = 2 * 1.96 * (first.var() / 4 + second.var() / 4) ** 0.5
    assert checks.check_unpaired_width(width, first, second)
    assert not checks.check_unpaired_width(width / 4, first, second)


# --- random gardens


def test_the_garden_formula_agrees_with_the_engine_within_the_interval():
    count = 3000
    hits = measured_garden_rates(["P", "I"], count, 0.25, seed=11)
    for card in ("P", "I"):
        low, high = stats.wilson_interval(hits[card], count)
        assert low <= garden_chance(card, 0.25) <= high


def test_gardens_come_from_their_seed_and_hold_the_human():
    first = list(random_gardens(5, 0.2, seed=3))
    assert first == list(random_gardens(5, 0.2, seed=3)) != list(random_gardens(5, 0.2, seed=4))
    assert all(board[(0, 0)] == "H" for board in first)
    assert (rim_size("P"), rim_size("I"), rim_size("X")) == (9, 12, 8)


@pytest.mark.parametrize("p", [0, 0.4, -0.1, "0.2", None])
def test_a_density_outside_zero_to_a_third_is_refused_by_name(p):
    with pytest.raises(ValueError, match="garden density p"):
        garden_chance("I", p)


# --- the prediction plot


def test_the_prediction_plot_labels_every_row_and_names_its_correlation(tmp_path):
    table = pd.DataFrame(
        {
            "predicted": [0.004, 0.018, 0.018, 0.006],
            "estimate": [0.02, 0.1, 0.12, 0.03],
            "low": [0.01, 0.08, 0.1, 0.02],
            "high": [0.03, 0.12, 0.14, 0.05],
        },
        index=["I", "P", "F", "X"],
    )
    figure = Figure(figsize=(8.5, 4.4), layout="constrained")
    ax = plot_prediction(table, ax=figure.add_subplot(), xlabel="chance in a random garden")
    labels = {text.get_text(): text.xy for text in ax.texts}
    assert set(labels) == {"I", "P", "F", "X"}
    assert labels["P"][0] != labels["F"][0]  # equal predictions are spread apart
    assert ax.get_xlabel() == "chance in a random garden" and "rank correlation" in ax.get_title()
    figure.savefig(tmp_path / "prediction.png")


def test_the_prediction_plot_names_missing_columns():
    with pytest.raises(ValueError, match="'low'"):
        plot_prediction(pd.DataFrame({"predicted": [1], "estimate": [1], "high": [1]}), ax=Figure().add_subplot())


# --- hands-on widgets, without a browser


def test_the_density_slider_shows_the_formula_and_the_engine_side_by_side():
    slider = GardenDensity(card="I", gardens=1000)
    before = slider.text("xh-garden-measured")
    slider.set_density(0.3)
    assert slider.text("xh-garden-chance") == (
        f"Formula: card I stands with {garden_chance('I', 0.3):.2%} of random gardens"
    )
    hits = measured_garden_rates(["I"], 1000, 0.3, seed=2024)["I"]
    assert slider.text("xh-garden-measured").startswith(f"Engine: {hits} of 1,000 random gardens")
    assert slider.text("xh-garden-measured") != before
    slider.card.value = "P"
    assert "card P" in slider.text("xh-garden-chance")


def test_the_live_study_plays_the_same_games_as_a_study_and_fills_its_bar(tmp_path):
    live = LiveStudy(player="greedy", seats=3, games=30, seed=5)
    frame = live.run()
    expected = simulate_xochintlan(30, ["greedy"] * 3, seed=5, progress=False)
    pd.testing.assert_frame_equal(frame, expected)
    assert live.progress.value == live.progress.max == 30
    table = live.text("xh-study-table")
    assert "player" in table and "3" in table.split()  # players counted from 1: 1, 2, 3
    assert bytes(live.plot.value).startswith(b"\x89PNG")
    (tmp_path / "live_study.png").write_bytes(bytes(live.plot.value))
