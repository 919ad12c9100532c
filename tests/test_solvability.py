"""The deal-solvability study: solver rows that line up with the players' studies."""

import doctest

import pandas as pd
import pytest

from xochintlan_hex import solvability
from xochintlan_hex.balance import tournament
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


@pytest.mark.parametrize("module", [ismcts, hextremadura_planner, tournament, solvability], ids=lambda m: m.__name__)
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


def test_a_decided_row_starts_from_the_known_game_and_replays():
    """The exact solver's row for deal 0 of seed 7, started from the shipped game: its
    lower bound is at least that game's score, its game replays to it, and it is
    undecided with the upper bound 15 when the node limit stops the search."""
    from pathlib import Path

    from xochintlan_hex.hextremadura import Hextremadura
    from xochintlan_hex.solvability import DECIDED_COLUMNS, decide_deal_row

    shipped = pd.read_csv(Path(__file__).resolve().parents[1] / "datasets" / "hextremadura_solver.csv")
    row = decide_deal_row(0, seed=7, max_nodes=50, known_actions=shipped["actions"][0])
    assert set(row) == set(DECIDED_COLUMNS)
    assert row["lower"] >= shipped["best_found"][0] and row["upper"] == 15
    assert row["decided"] is False and row["perfect_possible"] is None and row["nodes"] == 51
    game = Hextremadura(seed=row["seed"])
    for action in row["actions"].split():
        game.play(action)
    assert game.is_over and game.score() == row["lower"]


def test_a_decided_row_with_the_perfect_finder_is_decided_by_a_game_that_replays_to_15():
    """Deal 25 of seed 7: the shipped look-ahead game scores 14; the perfect-game finder,
    started from it, finds a perfect game, so the row is decided at 15, says where its
    game came from, and the engine replays that game to 15."""
    from pathlib import Path

    from xochintlan_hex.hextremadura import Hextremadura
    from xochintlan_hex.solvability import decide_deal_row

    shipped = pd.read_csv(Path(__file__).resolve().parents[1] / "datasets" / "hextremadura_solver.csv")
    assert shipped["best_found"][25] == 14
    row = decide_deal_row(25, seed=7, max_nodes=50, known_actions=shipped["actions"][25], perfect_seconds=120)
    assert row["decided"] is True and row["perfect_possible"] is True and row["lower"] == row["upper"] == 15
    assert row["lower_from"] == "perfect search"
    game = Hextremadura(seed=row["seed"])
    for action in row["actions"].split():
        game.play(action)
    assert game.is_over and game.score() == 15


def test_the_decided_summary_pairs_players_with_the_deals_best_game():
    from xochintlan_hex.solvability import decided_summary

    decided = pd.DataFrame(
        {
            "seed": [10, 11, 12, 13],
            "lower": [15, 14, 12, 13],
            "upper": [15, 15, 12, 15],
            "decided": [True, False, True, False],
            "perfect_possible": [True, None, False, None],
        }
    )
    player = pd.DataFrame({"player": ["greedy"] * 5, "seed": [13, 12, 11, 10, 99], "score": [9, 10, 8, 7, 15]})
    summary = decided_summary(decided, [player]).set_index("what")
    assert summary.loc["decided", "estimate"] == 0.5
    assert summary.loc["perfect score proved possible", "estimate"] == 0.25
    assert summary.loc["perfect score proved impossible", "estimate"] == 0.25
    gap = summary.loc["greedy: points below the best game found"]
    assert gap["n"] == 4 and gap["estimate"] == pytest.approx((8 + 6 + 2 + 4) / 4)
    most = summary.loc["greedy: points below the upper bound"]
    assert most["n"] == 4 and most["estimate"] == pytest.approx((8 + 7 + 2 + 6) / 4)


def _decide_deals_script():
    """datasets/decide_deals.py, loaded as a module (it is a script, not part of the
    package), and registered under its name so that worker processes find its functions."""
    import importlib.util
    import sys
    from pathlib import Path

    if "decide_deals" not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "datasets" / "decide_deals.py"
        spec = importlib.util.spec_from_file_location("decide_deals", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["decide_deals"] = module
        spec.loader.exec_module(module)
    return sys.modules["decide_deals"]


def test_deciding_deals_in_two_processes_writes_the_rows_of_one(tmp_path):
    """``--workers 2`` spreads the deals over two processes; with a state limit (the
    same answer on every machine) the file is the one a single process writes, the
    deals in their order, whatever the batches."""
    script = _decide_deals_script()
    solver_file = "datasets/hextremadura_solver.csv"
    common = ["--games", "3", "--seed", "7", "--max-nodes", "40", "--known", solver_file]
    script.main([*common, "--out", str(tmp_path / "one.csv")])
    script.main([*common, "--out", str(tmp_path / "two.csv"), "--workers", "2", "--batch", "2"])
    timings = ["seconds", "cpu_seconds"]
    one = pd.read_csv(tmp_path / "one.csv").drop(columns=timings)
    two = pd.read_csv(tmp_path / "two.csv").drop(columns=timings)
    assert one["game"].tolist() == [0, 1, 2]
    pd.testing.assert_frame_equal(one, two)


def test_deciding_deals_refuses_zero_workers(tmp_path, capsys):
    script = _decide_deals_script()
    with pytest.raises(SystemExit):
        script.main(["--games", "1", "--workers", "0", "--out", str(tmp_path / "x.csv")])
    assert "--workers must be an int >= 1, not 0" in capsys.readouterr().err
    assert not (tmp_path / "x.csv").exists()


def test_a_decided_row_hands_follow_best_to_the_perfect_finder(monkeypatch):
    """``decide_deal_row(follow_best=True)`` (``decide_deals.py --follow-best``) runs the
    finder with that option; by default without it."""
    from pathlib import Path

    from xochintlan_hex.solvability import decide_deal_row

    asked = []
    real_finder = solvability.find_perfect_game

    def recording(**options):
        asked.append(options["follow_best"])
        return real_finder(**{**options, "seconds": 0.2})

    monkeypatch.setattr(solvability, "find_perfect_game", recording)
    shipped = pd.read_csv(Path(__file__).resolve().parents[1] / "datasets" / "hextremadura_solver.csv")
    for follow in (True, False):
        decide_deal_row(
            1, seed=7, max_nodes=5, known_actions=shipped["actions"][1], perfect_seconds=1, follow_best=follow
        )
    decide_deal_row(1, seed=7, max_nodes=5, known_actions=shipped["actions"][1], perfect_seconds=1)
    assert asked == [True, False, False]


def test_a_decided_row_breaks_the_finders_ties_with_the_deals_seed_plus_the_finder_seed(monkeypatch):
    """``decide_deal_row(finder_seed=K)`` (``decide_deals.py --finder-seed K``) hands the
    finder the deal's seed + K to break ties, so a run from the same best games searches
    anew; by default (0) the deal's own seed, as the first runs were made."""
    from pathlib import Path

    from xochintlan_hex.solvability import decide_deal_row

    asked = []
    real_finder = solvability.find_perfect_game

    def recording(**options):
        asked.append(options["rng_seed"])
        return real_finder(**{**options, "seconds": 0.2})

    monkeypatch.setattr(solvability, "find_perfect_game", recording)
    shipped = pd.read_csv(Path(__file__).resolve().parents[1] / "datasets" / "hextremadura_solver.csv")
    for finder_seed in (None, 0, 3):
        options = {} if finder_seed is None else {"finder_seed": finder_seed}
        decide_deal_row(1, seed=7, max_nodes=5, known_actions=shipped["actions"][1], perfect_seconds=1, **options)
    deal = game_seed(7, 1)
    assert asked == [deal, deal, deal + 3]
    with pytest.raises(ValueError, match="finder_seed must be an int"):
        decide_deal_row(1, seed=7, max_nodes=5, known_actions=shipped["actions"][1], perfect_seconds=1, finder_seed=1.5)


def test_the_deciding_script_hands_its_finder_seed_to_every_deal(tmp_path, monkeypatch):
    """``--finder-seed K`` reaches each deal's row; without it, 0."""
    script = _decide_deals_script()
    seen = []

    def recording(**job):
        seen.append(job["finder_seed"])
        return solvability.decide_deal_row(**{**job, "perfect_seconds": None})

    monkeypatch.setattr(script, "decide_deal_row", recording)
    for extra in ([], ["--finder-seed", "4"]):
        out = tmp_path / f"decided{len(extra)}.csv"
        assert script.main(["--games", "2", "--seed", "7", "--max-nodes", "3", "--out", str(out), *extra]) == 0
    assert seen == [0, 0, 4, 4]


def _finder_runs():
    """The shipped runs of the perfect-game finder on the study's 1,000 deals, in order:
    each started from the best games of the files before it."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "datasets"
    return [folder / "hextremadura_perfect_search.csv", *sorted(folder.glob("hextremadura_perfect_search_*.csv"))]


@pytest.mark.parametrize("path", _finder_runs(), ids=lambda path: path.name)
def test_every_game_of_a_shipped_finder_run_replays_to_its_lower_bound(path):
    """Each row's game, played again through the engine from its deal, ends with the
    row's lower bound as its score; a deal is decided exactly when that score is 15."""
    from xochintlan_hex.hextremadura import Hextremadura

    rows = pd.read_csv(path)
    assert rows["game"].tolist() == list(range(1000))
    assert rows["seed"].tolist() == [game_seed(7, i) for i in range(1000)]
    for seed, actions, lower in zip(rows["seed"], rows["actions"], rows["lower"]):
        game = Hextremadura(seed=int(seed))
        for action in actions.split():
            game.play(action)
        assert game.is_over and game.score() == lower, (seed, lower)
    assert (rows["decided"] == (rows["lower"] == 15)).all() and (rows["upper"] == 15).all()


def test_each_finder_run_keeps_every_deal_the_runs_before_decided():
    """A run starts from the best games before it: no deal's best game gets worse, and
    a deal once decided stays decided (its perfect game is replayed)."""
    runs = [pd.read_csv(path) for path in _finder_runs()]
    for before, after in zip(runs, runs[1:]):
        assert (after["lower"] >= before["lower"]).all()
        assert (after["decided"] | ~before["decided"]).all()
