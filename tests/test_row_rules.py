"""A well-formed row that says something impossible is refused, never counted.

Each cell of these files is of its column's type; what is wrong is the meaning of
a row: a tie with a winning animal, a winning card the winner never held, three
players in a two-seat file, the same game twice. A report on such a file once
changed its figures without a word (a Lizard win rate of 0.933 instead of 0.067).
The file readers and the verification of a study's kept chunks hold rows to the
same rules (:data:`xochintlan_hex.results.ROW_RULES`), tested here from both sides.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from xochintlan_hex import cli, simulate, studies
from xochintlan_hex.results import ResultsError, check_frame, record_lines

#: 30 games of random against random: wins and ties (the issue's ``x.csv``).
XOCHINTLAN = simulate.simulate_xochintlan(30, "random,random", seed=1, progress=False)
HEXTREMADURA = simulate.simulate_hextremadura(10, "random", seed=1, progress=False)


def run(argv, capsys):
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status, err, *words):
    assert status == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("xochintlan-hex: error: "), err
    for word in words:
        assert word in lines[0], lines[0]


def as_text(frame: pd.DataFrame) -> pd.DataFrame:
    """The cells as a CSV holds them (a tie's missing cells empty)."""
    return frame.astype(object).where(frame.notna(), "").astype(str)


def first(frame: pd.DataFrame, end_reason: str) -> int:
    return int((frame["end_reason"] == end_reason).to_numpy().argmax())


WON, TIED = first(XOCHINTLAN, "win"), first(XOCHINTLAN, "tie")
LOSER = 1 - int(XOCHINTLAN.loc[WON, "winner"])

#: name -> (row, column, value written there, words the error must hold)
XOCHINTLAN_EDITS = {
    "a tie with a winning kind": (TIED, "winning_kind", "L", ["winning_kind", "'L' with winner none"]),
    "a tie with a winning card": (TIED, "winning_card", "L", ["winning_card"]),
    "a tie with a winning player": (TIED, "winner_player", "random", ["winner_player"]),
    "a win without its kind": (WON, "winning_kind", "", ["winning_kind", "with winner"]),
    "a winning card the winner does not hold": (
        WON,
        "winning_card",
        XOCHINTLAN.loc[WON, f"cards_{LOSER}"],
        ["winning_card", "not in the winner's hand"],
    ),
    "a winner_player other than player_<winner>": (
        WON,
        "winner_player",
        "greedy",
        ["winner_player", f"is not player_{XOCHINTLAN.loc[WON, 'winner']}"],
    ),
    "a player of no list": (3, "player_0", "gredy", ["player_0", "'gredy' is not one of random, greedy"]),
    "a card of no deck": (3, "cards_0", "Q", ["cards_0", "'Q' is not a card of the square deck"]),
    "a hand of three cards": (3, "cards_0", "F+F+F", ["cards_0", "holds 3 card(s), not cards_per_player 1"]),
    "a hand of no card": (3, "cards_0", "+", ["cards_0", "is not a card of the square deck"]),
    "a card dealt twice": (3, "cards_0", XOCHINTLAN.loc[3, "cards_1"], ["cards_1", "is dealt twice"]),
    "three players in a two-seat file": (0, "n_players", "3", ["n_players", "the file has 2 seats"]),
    "a turn limit before the cap": (TIED, "end_reason", "turn_limit", ["'turns'", "not its cap of 200"]),
    "a win at turn 0": (WON, "turns", "0", ["'turns'", "not at turn 0"]),
}


@pytest.mark.parametrize("edit", list(XOCHINTLAN_EDITS), ids=list(XOCHINTLAN_EDITS))
def test_a_xochintlan_row_that_contradicts_itself_is_refused(tmp_path, capsys, edit):
    row, column, value, words = XOCHINTLAN_EDITS[edit]
    text = as_text(XOCHINTLAN)
    text.loc[row, column] = value
    path = tmp_path / "x.csv"
    text.to_csv(path, index=False)
    status, _, err = run(["report", path], capsys)
    assert_one_line_error(status, err, str(path), f"row {row + 1} (line {row + 2})", *words)
    with pytest.raises(ResultsError):
        studies.read_results(path)


def test_a_tie_is_never_read_as_a_win(tmp_path, capsys):
    """The issue's reproducer: every tie given the winning kind L."""
    text = as_text(XOCHINTLAN)
    ties = text["end_reason"] == "tie"
    assert ties.sum() > 10
    text.loc[ties, "winning_kind"] = "L"
    path = tmp_path / "t.csv"
    text.to_csv(path, index=False)
    status, out, err = run(["report", path], capsys)
    assert_one_line_error(status, err, "winning_kind", f"row {TIED + 1} ")
    assert out == ""


def test_a_rating_that_is_not_the_band_of_the_score_is_refused(tmp_path, capsys):
    text = as_text(HEXTREMADURA)
    text.loc[2, "rating"] = "star"
    path = tmp_path / "h.csv"
    text.to_csv(path, index=False)
    status, _, err = run(["report", path], capsys)
    score = HEXTREMADURA.loc[2, "score"]
    assert_one_line_error(
        status, err, "row 3 (line 4)", "'rating'", f"'star' is not the band of a score of {score} out of 15"
    )


def test_a_hextremadura_player_of_no_list_is_refused(tmp_path, capsys):
    text = as_text(HEXTREMADURA)
    text.loc[4, "player"] = "Greedy"
    path = tmp_path / "h.csv"
    text.to_csv(path, index=False)
    status, _, err = run(["report", path], capsys)
    assert_one_line_error(status, err, "row 5 (line 6)", "'player'", "'Greedy' is not one of")


def test_every_row_twice_is_refused_not_counted_twice(tmp_path, capsys):
    """``cat x.csv; tail -n +2 x.csv`` once doubled the games a report counted."""
    path = tmp_path / "x.csv"
    text = as_text(XOCHINTLAN)
    pd.concat([text, text]).to_csv(path, index=False)
    status, _, err = run(["report", path], capsys)
    assert_one_line_error(status, err, "row 31 (line 32)", "'game'", "0 appears again (first on row 1)")


def test_a_seed_given_to_two_games_is_refused(tmp_path):
    text = as_text(XOCHINTLAN)
    text.loc[7, "seed"] = text.loc[2, "seed"]
    path = tmp_path / "x.csv"
    text.to_csv(path, index=False)
    with pytest.raises(ResultsError, match=r"row 8 \(line 9\), column 'seed': .* appears again \(first on row 3\)"):
        studies.read_results(path)


def test_a_file_with_both_games_columns_is_refused(tmp_path):
    both = pd.concat([as_text(XOCHINTLAN).head(3), as_text(HEXTREMADURA).head(3)], ignore_index=True)
    path = tmp_path / "both.csv"
    both.fillna("").to_csv(path, index=False)
    with pytest.raises(ResultsError, match="in one file; a results file holds the games of one study"):
        studies.read_results(path)


def test_seats_are_numbered_from_0(tmp_path):
    path = tmp_path / "x.csv"
    as_text(XOCHINTLAN).rename(columns={"cards_1": "cards_2"}).to_csv(path, index=False)
    with pytest.raises(ResultsError, match="no column 'cards_1'"):
        studies.read_results(path)


# ---------------------------------------------------------------------------
# Where: the line a row starts on, whatever comes before it


def test_the_line_named_is_the_rows_own_after_blank_lines_and_multi_line_cells(tmp_path):
    text = as_text(XOCHINTLAN).head(12)
    text["note"] = ["one line"] * 12
    text.loc[4, "note"] = "three\nlines\nhere"  # quoted, on lines 6 to 8
    text.loc[10, "turns"] = "x"
    path = tmp_path / "x.csv"
    lines = text.to_csv(index=False).splitlines(keepends=True)
    path.write_text("".join(lines[:3] + ["\n", "\n"] + lines[3:]))  # two blank lines before row 3
    # Row 11: line 12 without the blank lines and the note's extra lines, 16 with them.
    assert path.read_text().splitlines()[15].startswith(f"{text.loc[10, 'game']},")
    with pytest.raises(ResultsError, match=r"row 11 \(line 16\), column 'turns': 'x' is not an integer"):
        studies.read_results(path)
    assert record_lines(path)[:5] == [2, 3, 6, 7, 8]


def test_a_parquet_list_cell_is_a_located_results_error(tmp_path):
    pytest.importorskip("pyarrow")
    frame = HEXTREMADURA.astype({"player": object}).copy()
    frame["player"] = [["random"]] + [["random"]] * (len(frame) - 1)
    path = tmp_path / "h.parquet"
    frame.to_parquet(path, index=False)
    with pytest.raises(ResultsError, match=r"h.parquet, row 1, column 'player': \"\['random'\]\" is not one of"):
        studies.read_results(path)


def test_check_frame_names_the_row_without_a_file_to_read():
    cells = pd.DataFrame({"n_players": ["2"], "winner": ["5"], "end_reason": ["win"]})
    with pytest.raises(ResultsError, match=r"s.csv, row 1 \(line 2\), column 'winner'"):
        check_frame(cells, "s.csv")


# ---------------------------------------------------------------------------
# The same rules for the chunks a study keeps


STUDY = studies.xochintlan_study(8, "random,random", seed=1)


def kept_chunk(tmp_path: Path, edit) -> tuple[Path, dict]:
    """A chunk of games 0 to 7 with ``edit`` applied to its rows, recorded in the manifest
    with its true hash: only the row rules can tell it is wrong."""
    rows = simulate.play_xochintlan_games(range(8), ["random", "random"], seed=1)
    edit(rows)
    parts = tmp_path / "s.csv.parts"
    parts.mkdir()
    return studies.write_chunk(parts, STUDY, range(8), rows), studies.read_manifest(parts)


def _tie(rows):
    return next(row for row in rows if row["winner"] is None)


def _win(rows):
    return next(row for row in rows if row["winner"] is not None)


CHUNK_EDITS = {
    "a tie with a winning kind": (lambda rows: _tie(rows).update(winning_kind="L"), "'winning_kind'"),
    "a winning card the winner does not hold": (
        lambda rows: _win(rows).update(winning_card=_win(rows)[f"cards_{1 - _win(rows)['winner']}"]),
        "not in the winner's hand",
    ),
    "a winner_player other than player_<winner>": (
        lambda rows: _win(rows).update(winner_player="greedy"),
        "'winner_player'",
    ),
    "a win at turn 0": (lambda rows: _win(rows).update(turns=0), "not at turn 0"),
    "a card of no deck": (lambda rows: rows[2].update(cards_1="Q"), "'Q' is not a card"),
}


@pytest.mark.parametrize("edit", list(CHUNK_EDITS), ids=list(CHUNK_EDITS))
def test_a_kept_chunk_that_breaks_a_row_rule_is_never_merged(tmp_path, edit):
    change, words = CHUNK_EDITS[edit]
    rows = simulate.play_xochintlan_games(range(8), ["random", "random"], seed=1)
    assert any(r["winner"] is None for r in rows) and any(r["winner"] is not None for r in rows)
    path, hashes = kept_chunk(tmp_path, change)
    with pytest.raises(studies.ChunkProblem, match=words):
        studies.verify_chunk(path, STUDY, hashes)


def test_an_untouched_chunk_passes_the_row_rules(tmp_path):
    path, hashes = kept_chunk(tmp_path, lambda rows: None)
    assert len(studies.verify_chunk(path, STUDY, hashes)) == 8
    assert json.loads(path.read_text())["games"] == [0, 7]


def test_a_hex_card_in_a_square_game_is_refused(tmp_path):
    text = as_text(XOCHINTLAN)
    text.loc[5, "cards_1"] = "H5-1"
    path = tmp_path / "x.csv"
    text.to_csv(path, index=False)
    with pytest.raises(
        ResultsError, match=r"row 6 \(line 7\), column 'cards_1': 'H5-1' is not a card of the square deck"
    ):
        studies.read_results(path)
