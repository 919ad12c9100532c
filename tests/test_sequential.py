"""Studies that stop when the question is answered: the SPRT's error rates on games
whose truth is known, and a sequential study's decision independent of workers,
chunks and interruptions."""

import numpy as np
import pandas as pd
import pytest

from xochintlan_hex import sequential
from xochintlan_hex.studies import run_study, xochintlan_study

STUDIES = 3000
CAP = 3000


def _simulated_scores(advantage, tie_share, seed):
    """Seat 0's scores (+1, 0, -1) of many simulated studies with a known advantage."""
    wins, losses = (1 - tie_share + advantage) / 2, (1 - tie_share - advantage) / 2
    rng = np.random.default_rng(seed)
    return rng.choice([1.0, 0.0, -1.0], p=[wins, tie_share, losses], size=(STUDIES, CAP))


@pytest.mark.parametrize("tie_share", [0.0, 0.4])
def test_two_sided_sequential_test_keeps_its_error_rates_on_games_whose_truth_is_known(tie_share):
    alpha, beta, delta = 0.05, 0.2, 0.1
    fair, *_ = sequential.sequential_decisions(_simulated_scores(0.0, tie_share, 1), delta, 2, alpha, beta, look=10)
    false_alarms = np.mean(np.abs(fair) == 1)
    assert false_alarms <= alpha + 0.015  # three simulation standard errors
    unfair, *_ = sequential.sequential_decisions(
        _simulated_scores(-delta, tie_share, 2), delta, 2, alpha, beta, look=10
    )
    assert np.mean(unfair != -1) <= beta + 0.025  # missed, undecided or the wrong seat
    assert np.mean(unfair == 1) < 0.001


def test_one_sided_sequential_test_keeps_its_error_rates_on_games_whose_truth_is_known():
    alpha, beta, delta = 0.05, 0.2, 0.1
    even, *_ = sequential.sequential_decisions(_simulated_scores(0.0, 0.4, 3), delta, 1, alpha, beta, look=25)
    assert np.mean(even == 1) <= alpha + 0.015
    stronger, *_ = sequential.sequential_decisions(_simulated_scores(delta, 0.4, 4), delta, 1, alpha, beta, look=25)
    assert np.mean(stronger != 1) <= beta + 0.025


def test_a_variant_that_rarely_flips_a_winner_is_not_missed_more_often_than_beta():
    # Paired by deal, a variant that changes nothing on most deals and flips the
    # winner on 2.5% of them (a score of 2) has a mean of 0.05 and long runs of 0.
    question = sequential.parse_until("differs by 0.05 from book.csv")
    scores = np.random.default_rng(6).choice([2.0, 0.0], p=[0.025, 0.975], size=(STUDIES, CAP))
    verdict, *_ = sequential.sequential_decisions(
        scores, question.delta, question.sides, question.alpha, question.beta, question.look, question.spread
    )
    assert np.mean(verdict != 1) <= question.beta + 0.025


def test_sequential_test_needs_fewer_games_on_average_than_the_fixed_size_test():
    scores = _simulated_scores(0.0, 0.4, 5)
    _, games, _ = sequential.sequential_decisions(scores, 0.1, 2, 0.05, 0.2, look=10)
    assert games.mean() < sequential.fixed_size_games(0.1, 2, 0.05, 0.2, variance=0.6)


def test_until_questions_parse_and_bad_ones_say_what_is_allowed():
    question = sequential.parse_until("  ismcts  beats search by .1 with rule book.csv")
    assert (question.kind, question.player, question.opponent, question.delta, question.reference) == (
        "beats",
        "ismcts",
        "search",
        0.1,
        "rule book.csv",
    )
    assert sequential.parse_until("differs by 0.05 from a.csv").reference == "a.csv"
    for text, words in [
        ("advantage", "cannot read"),
        ("advantage 0", "strictly between 0 and 1"),
        ("greedy beats greedy by 0.1", "cannot beat itself"),
        ("seat 0 wins", "advantage D"),
    ]:
        with pytest.raises(sequential.UntilError, match=words):
            sequential.parse_until(text)
    with pytest.raises(sequential.UntilError, match="alpha"):
        sequential.parse_until("advantage 0.1", alpha=0.7)


def _stops_early(tmp_path, name, **options):
    study = xochintlan_study(600, "greedy,greedy", seed=1)
    frame, decision = sequential.run_until(study, tmp_path / name, "advantage 0.1", progress=False, **options)
    return frame, decision


def test_a_sequential_study_decides_alike_on_any_workers_and_chunks(tmp_path):
    frame, decision = _stops_early(tmp_path, "one.csv", chunk_size=7)
    assert decision["verdict"] == "h1" and decision["direction"] == -1.0  # seat 2's edge
    assert len(frame) == decision["games"] < 600 and decision["games"] % 10 == 0
    assert frame["game"].tolist() == list(range(decision["games"]))
    again, same = _stops_early(tmp_path, "two.csv", chunk_size=13, workers=2)
    assert same == decision
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()


def test_a_resumed_sequential_study_reaches_the_same_decision_at_the_same_game(tmp_path):
    _, decision = _stops_early(tmp_path, "whole.csv", chunk_size=9)

    def interrupt(indices, path):
        if indices[0] >= 45:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _stops_early(tmp_path, "cut.csv", chunk_size=9, on_chunk=interrupt)
    assert not (tmp_path / "cut.csv").exists()
    _, resumed = _stops_early(tmp_path, "cut.csv", chunk_size=9, resume=True)
    assert resumed == decision
    assert (tmp_path / "cut.csv").read_bytes() == (tmp_path / "whole.csv").read_bytes()


def test_a_study_that_reaches_its_games_undecided_says_so(tmp_path):
    study = xochintlan_study(30, "greedy,greedy", seed=1)
    frame, decision = sequential.run_until(study, tmp_path / "short.csv", "advantage 0.02", progress=False)
    assert decision["verdict"] == "undecided" and decision["games"] == len(frame) == 30


def test_paired_questions_check_their_reference_file(tmp_path):
    reference = tmp_path / "book.csv"
    run_study(xochintlan_study(40, "greedy,greedy", seed=1), reference, progress=False)
    variant = xochintlan_study(40, "greedy,greedy", seed=1)
    frame, decision = sequential.run_until(
        variant, tmp_path / "same.csv", f"differs by 0.2 from {reference}", progress=False
    )
    assert decision["estimate"] == 0.0  # the same games: no difference on any deal
    with pytest.raises(sequential.UntilError, match="not played with seed 2"):
        sequential.run_until(
            xochintlan_study(40, "greedy,greedy", seed=2),
            tmp_path / "x.csv",
            f"differs by 0.2 from {reference}",
            progress=False,
        )
    with pytest.raises(sequential.UntilError, match="needs them all"):
        sequential.run_until(
            xochintlan_study(80, "greedy,greedy", seed=1),
            tmp_path / "y.csv",
            f"differs by 0.2 from {reference}",
            progress=False,
        )
    with pytest.raises(sequential.UntilError, match="does not play"):
        sequential.run_until(variant, tmp_path / "z.csv", "search beats greedy by 0.1", progress=False)


def test_game_pairs_with_seats_swapped_cancel_the_seat_advantage(tmp_path):
    swapped = tmp_path / "random_first.csv"
    run_study(xochintlan_study(60, "random,greedy", seed=3), swapped, progress=False)
    study = xochintlan_study(60, "greedy,random", seed=3)
    frame, decision = sequential.run_until(
        study, tmp_path / "greedy_first.csv", f"greedy beats random by 0.2 with {swapped}", progress=False
    )
    assert decision["verdict"] == "h1" and decision["games"] == 10
    pairs = pd.read_csv(swapped).head(10)
    own = np.where(frame["winner_player"] == "greedy", 1, np.where(frame["winner"].isna(), 0, -1))
    other = np.where(pairs["winner_player"] == "greedy", 1, np.where(pairs["winner"].isna(), 0, -1))
    assert decision["estimate"] == pytest.approx(np.mean((own + other) / 2))


def test_the_command_line_stops_when_decided_and_says_why(tmp_path, capsys):
    from xochintlan_hex.cli import main

    out = tmp_path / "cli.csv"
    assert (
        main(
            [
                "simulate",
                "xochintlan",
                "--games",
                "600",
                "--players",
                "greedy,greedy",
                "--seed",
                "1",
                "--out",
                str(out),
                "--until",
                "advantage 0.1",
                "-q",
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    _, decision = _stops_early(tmp_path, "python.csv")
    assert f"stopped after {decision['games']} games (of at most 600)" in printed
    assert "negative (the test accepts the alternative)" in printed
    assert "two one-sided SPRTs, false alarm rate 0.05, miss rate 0.2" in printed
    assert out.read_bytes() == (tmp_path / "python.csv").read_bytes()


@pytest.mark.parametrize(
    "until, words",
    [
        ("advantage", "cannot read 'advantage'"),
        ("advantage 1.5", "strictly between 0 and 1"),
        ("search beats greedy by 0.1", "'search' does not play in this study"),
        ("differs by 0.1 from missing.csv", "no study file 'missing.csv'"),
        ("greedy beats random by 0.1", "greedy must hold exactly one seat"),
    ],
)
def test_a_bad_until_is_a_one_line_error_before_any_game(tmp_path, capsys, until, words):
    from xochintlan_hex.cli import main

    out = tmp_path / "never.csv"
    players = "greedy,greedy,random" if "random" in until else "greedy,greedy"
    status = main(
        ["simulate", "xochintlan", "--games", "50", "--players", players, "--out", str(out), "--until", until, "-q"]
    )
    err = capsys.readouterr().err
    assert status == 2 and len(err.strip().splitlines()) == 1 and words in err
    assert "Traceback" not in err and not out.exists()
    assert not (tmp_path / "never.csv.parts").exists()


def test_a_sequential_study_killed_twice_resumes_to_the_same_decision_and_bytes(tmp_path, capsys):
    import random
    import signal

    from test_kill_suite import stop_during

    from xochintlan_hex.cli import main

    study = [
        "simulate",
        "xochintlan",
        "--games",
        "400",
        "--players",
        "greedy,greedy",
        "--seed",
        "1",
        "--until",
        "advantage 0.1",
        "--quiet",
    ]
    assert main([*study, "--out", str(tmp_path / "whole.csv")]) == 0
    whole = capsys.readouterr().out
    out = tmp_path / "s.csv"
    rng = random.Random("sequential kill")
    for resume in ([], ["--resume"]):
        status = stop_during([*study, "--out", str(out), *resume], tmp_path, "playing", signal.SIGKILL, rng)
        assert status in (0, -signal.SIGKILL)
    assert main([*study, "--out", str(out), "--resume"]) == 0
    assert capsys.readouterr().out == whole
    assert out.read_bytes() == (tmp_path / "whole.csv").read_bytes()
    assert not (tmp_path / "s.csv.parts").exists()
