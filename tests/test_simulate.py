"""Study simulation: reproducible frames, whatever runs the games, with documented columns."""

import dataclasses
import re
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

from xochintlan_hex import simulate
from xochintlan_hex.balance import simulate as balance_simulate
from xochintlan_hex.hextremadura import OBJECTIVE_TYPES, rating_for
from xochintlan_hex.simulate import (
    STUDY_MAX_TURNS,
    chunk_indices,
    game_seed,
    iter_chunks,
    play_hextremadura_games,
    play_xochintlan_games,
    replay_hextremadura,
    replay_xochintlan,
    simulate_hextremadura,
    simulate_xochintlan,
    xochintlan_frame,
)
from xochintlan_hex.xochintlan import Rules


@pytest.fixture(scope="module")
def study():
    return simulate_xochintlan(16, ["greedy", "random"], seed=7, progress=False)


@pytest.fixture(scope="module")
def solo():
    return simulate_hextremadura(4, "greedy", seed=7, progress=False)


# ---------------------------------------------------------------------------
# Seeds and determinism


def test_game_seeds_depend_on_the_study_seed_and_the_index_only():
    seeds = [game_seed(0, i) for i in range(2000)]
    assert len(set(seeds)) == 2000
    assert all(0 <= s < 2**63 for s in seeds)
    assert game_seed(0, 3) == seeds[3] and game_seed(1, 3) != seeds[3]


def test_same_seed_same_frame_and_another_seed_another(study):
    again = simulate_xochintlan(16, ["greedy", "random"], seed=7, progress=False)
    pd.testing.assert_frame_equal(study, again)
    other = simulate_xochintlan(16, ["greedy", "random"], seed=8, progress=False)
    assert not set(other["seed"]) & set(study["seed"])


def test_two_worker_processes_give_the_same_frames(study, solo):
    pd.testing.assert_frame_equal(
        study, simulate_xochintlan(16, ["greedy", "random"], seed=7, workers=2, progress=False)
    )
    pd.testing.assert_frame_equal(solo, simulate_hextremadura(4, "greedy", seed=7, workers=2, progress=False))


def test_any_executor_gives_the_same_frame(study):
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = simulate_xochintlan(16, ["greedy", "random"], seed=7, executor=pool, workers=3, progress=False)
    pd.testing.assert_frame_equal(study, threaded)


def test_any_slice_of_games_plays_alone(study, solo):
    rows = play_xochintlan_games([11, 2], ["greedy", "random"], seed=7)
    part = xochintlan_frame(rows, n_players=2)
    expected = study.set_index("game").loc[[11, 2]].reset_index()
    pd.testing.assert_frame_equal(part, expected)
    (row,) = play_hextremadura_games([3], "greedy", seed=7)
    assert row == solo.iloc[3].to_dict()


def test_chunks_cover_every_game_once():
    chunks = chunk_indices(range(1001), workers=2)
    assert [i for chunk in chunks for i in chunk] == list(range(1001))
    assert len(chunks) == 8  # about four per worker
    assert max(len(c) for c in chunk_indices(range(5000), workers=2)) == simulate.MAX_CHUNK
    assert chunk_indices([4, 9, 5], chunk_size=2) == [[4, 9], [5]]
    with pytest.raises(ValueError, match="chunk_size"):
        chunk_indices(range(3), chunk_size=0)


def test_iter_chunks_in_processes_yields_each_chunk_with_its_rows():
    chunks = [[0, 1], [2], [3, 4]]
    seen = dict(
        (tuple(chunk), rows)
        for chunk, rows in iter_chunks(play_xochintlan_games, chunks, (["greedy", "greedy"],), workers=2)
    )
    assert set(seen) == {(0, 1), (2,), (3, 4)}
    assert [r["game"] for r in seen[(3, 4)]] == [3, 4]


def test_replaying_a_row_gives_the_same_game(study, solo):
    for _, row in study.head(4).iterrows():
        game = replay_xochintlan(row)
        assert game.turn == row["turns"] and game.end_reason == row["end_reason"]
        assert game.winner is None if pd.isna(row["winner"]) else game.winner == row["winner"]
    game = replay_hextremadura(solo.iloc[1])
    assert game.score() == solo.iloc[1]["score"]


# ---------------------------------------------------------------------------
# Columns


def documented_columns():
    return set(re.findall(r"``([a-z_0-9<>]+)``", balance_simulate.__doc__))


def test_every_column_is_documented(study, solo):
    documented = documented_columns()
    for column in list(study.columns) + list(solo.columns):
        general = re.sub(r"_\d+$", "_0", column)
        general = re.sub(r"^(met|objectives)_.*", r"\1_<type>", general)
        assert general in documented, column


def test_xochintlan_rows(study):
    assert list(study["game"]) == list(range(16))
    rules = Rules()
    for field in dataclasses.fields(Rules):
        expected = getattr(rules, field.name) if field.name != "max_turns" else STUDY_MAX_TURNS
        assert (study[field.name] == expected).all(), field.name
    assert (study["n_players"] == 2).all()
    assert (study["player_0"] == "greedy").all() and (study["player_1"] == "random").all()
    assert study["winner"].dtype == "Int64"
    won = study["winner"].notna()
    assert (study.loc[won, "end_reason"] == "win").all()
    assert (study.loc[~won, "end_reason"].isin(["tie", "turn_limit"])).all()
    assert study["winning_kind"].isna().equals(~won) and study["winning_card"].isna().equals(~won)
    for _, row in study[won].iterrows():
        seat = int(row["winner"])
        assert row["winner_player"] == row[f"player_{seat}"]
        assert row["winning_card"] in row[f"cards_{seat}"].split("+")
        assert row["winning_kind"] in ("L", "B", "M")
    assert (study["turns"] >= 1).all() and (study["turns"] <= STUDY_MAX_TURNS).all()


def test_several_cards_are_joined_and_a_set_cap_is_kept():
    frame = simulate_xochintlan(3, ["random"] * 3, rules=Rules(cards_per_player=2, max_turns=7), seed=1, progress=False)
    assert (frame["max_turns"] == 7).all() and (frame["turns"] <= 7).all()
    assert frame["cards_2"].str.count(r"\+").eq(1).all()
    assert list(frame.columns).count("player_2") == 1


def test_random_games_end_by_the_study_turn_cap():
    frame = simulate_xochintlan(3, ["random", "random"], rules=Rules(endgame="swap"), seed=2, progress=False)
    assert (frame["max_turns"] == STUDY_MAX_TURNS).all()
    assert (frame["turns"] <= STUDY_MAX_TURNS).all()
    assert set(frame["end_reason"]) <= {"win", "turn_limit"}


def test_hextremadura_rows(solo):
    assert list(solo["game"]) == [0, 1, 2, 3] and (solo["player"] == "greedy").all()
    met = solo[[f"met_{kind}" for kind in OBJECTIVE_TYPES]].sum(axis=1)
    assert (met == solo["score"]).all()
    for kind in OBJECTIVE_TYPES:
        assert (solo[f"met_{kind}"] <= solo[f"objectives_{kind}"]).all()
    assert list(solo["rating"]) == [rating_for(s) for s in solo["score"]]
    assert (solo["rounds"] >= 2).all() and (solo["explored"] > 0).all()
    assert {"quest_monfrague", "quest_garganta_de_los_infiernos", "quest_los_barruecos"} <= set(solo.columns)


def test_empty_studies_still_have_their_columns():
    frame = simulate_xochintlan(0, ["greedy", "random", "search"], progress=False)
    assert len(frame) == 0 and "player_2" in frame.columns and "end_reason" in frame.columns
    assert "score" in simulate_hextremadura(0, progress=False).columns


def test_progress_bar_in_a_terminal(capsys):
    simulate_xochintlan(2, ["greedy", "greedy"], progress=True)
    assert "2/2" in capsys.readouterr().err
    simulate_xochintlan(2, ["greedy", "greedy"], progress=False)
    assert capsys.readouterr().err == ""


# ---------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"games": -1}, "games must be an int >= 0"),
        ({"games": 2.5}, "games must be an int >= 0"),
        ({"games": True}, "games must be an int >= 0"),
        ({"workers": 0}, "workers must be an int >= 1"),
        ({"seed": -3}, "seed must be an int >= 0"),
        ({"players": []}, "at least one seat"),
        ({"players": ["greedy", "clever"]}, "known players: 'random', 'greedy', 'search'"),
        ({"players": 3}, "one player per seat"),
        ({"rules": {"lattice": "hex"}}, "rules must be a xochintlan Rules"),
        ({"executor": "dask"}, "executor must be a concurrent.futures.Executor"),
    ],
)
def test_xochintlan_bad_arguments(kwargs, message):
    arguments = {"games": 2, "players": ["greedy", "random"], "progress": False, **kwargs}
    with pytest.raises(ValueError, match=re.escape(message)):
        simulate_xochintlan(**arguments)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"player": "clever"}, "known players: 'random', 'greedy', 'search'"),
        ({"tileset": "/no/such/tiles.json"}, "tiles.json"),
        ({"games": "ten"}, "games must be an int >= 0"),
    ],
)
def test_hextremadura_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        simulate_hextremadura(**{"games": 1, "progress": False, **kwargs})
