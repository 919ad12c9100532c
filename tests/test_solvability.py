"""The deal-solvability study: solver rows that line up with the players' studies."""

import doctest

import pandas as pd
import pytest

from xochintlan_hex import solvability, tournament
from xochintlan_hex.players import hextremadura_planner, ismcts
from xochintlan_hex.simulate import game_seed, simulate_hextremadura
from xochintlan_hex.solvability import COLUMNS, solvability_summary, solve_deals


@pytest.fixture(scope="module")
def solved():
    return solve_deals([0, 1], seed=7, candidates=1)


def test_solver_rows_name_the_deals_of_the_study_seed(solved):
    assert list(solved.columns) == COLUMNS
    assert solved["game"].tolist() == [0, 1]
    assert solved["seed"].tolist() == [game_seed(7, 0), game_seed(7, 1)]
    assert (solved["best_found"] <= solved["upper_bound"]).all()
    assert (solved["perfect_proved"] == (solved["best_found"] == solved["max_score"])).all()


def test_solver_rows_replay_and_repeat(solved):
    from xochintlan_hex.hextremadura import Hextremadura

    for row in solved.itertuples():
        game = Hextremadura(seed=row.seed)
        for action in row.actions.split():
            game.play(action)
        assert game.is_over and game.score() == row.best_found
    again = solve_deals([1], seed=7, candidates=1)
    assert again.drop(columns="seconds").iloc[0].equals(solved.drop(columns="seconds").iloc[1])


def test_the_summary_puts_players_next_to_the_solver_on_the_same_deals(solved):
    greedy = simulate_hextremadura(3, "greedy", seed=7, progress=False)  # one deal more
    summary = solvability_summary(solved, [greedy])
    assert summary["who"].tolist() == ["solver", "solver", "greedy"]
    assert (summary["n"] == 2).all()
    row = summary.set_index("who").loc["greedy"]
    assert row["mean_score"] == pytest.approx(greedy["score"][:2].mean())
    assert {"estimate", "low", "high"} <= set(summary.columns)


@pytest.mark.parametrize("module", [ismcts, hextremadura_planner, tournament, solvability],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failures == 0


def test_the_shipped_solver_file_is_what_its_command_plays():
    """datasets/hextremadura_solver.csv: 200 deals of seed 7; its first deal is solved
    again exactly as shipped, and every game it lists replays to its score."""
    from pathlib import Path

    from xochintlan_hex.hextremadura import Hextremadura

    shipped = pd.read_csv(Path(__file__).resolve().parents[1] / "datasets" / "hextremadura_solver.csv")
    assert shipped["game"].tolist() == list(range(200))
    again = solve_deals([0], seed=7, candidates=int(shipped["candidates"][0]))
    assert again["actions"][0] == shipped["actions"][0]
    for row in shipped.head(20).itertuples():
        game = Hextremadura(seed=row.seed)
        for action in row.actions.split():
            game.play(action)
        assert game.score() == row.best_found
