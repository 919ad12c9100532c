"""Nothing silently wrong: a study folder proves its own integrity, readers are strict,
work is bounded, and every input error is one line.

Each test here is a way a study or a report once came out wrong (or crashed)
without a word: two runs writing one file, a kept chunk edited before a resume,
a junk cell in a results file, a study or a count too big to ever finish.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from xochintlan_hex import cli, polyforms, simulate, studies
from xochintlan_hex.balance import study_runner
from xochintlan_hex.results import ResultsError

#: A quick study: greedy against random, 24 games, kept in chunks of 4.
STUDY = [
    "simulate",
    "xochintlan",
    "--games",
    "24",
    "--players",
    "greedy,random",
    "--seed",
    "5",
    "--chunk-size",
    "4",
    "--quiet",
]
ROOT = Path(__file__).resolve().parents[1]


def run(argv, capsys):
    """Run the command in this process: (exit status, stdout, stderr)."""
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status, err, *words):
    assert status == 2, err
    assert "Traceback" not in err and "usage:" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("xochintlan-hex: error: "), err
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """The uninterrupted study: its file's bytes, and its kept chunks (a copy)."""
    folder = tmp_path_factory.mktemp("whole")
    out = folder / "s.csv"
    assert cli.main([*STUDY, "--out", str(out), "--keep-parts"]) == 0
    return out.read_bytes(), studies.parts_directory(out)


def finished_then_removed(tmp_path, whole) -> tuple[Path, Path]:
    """A copy of the whole study's kept chunks, its results file not yet written."""
    import shutil

    out = tmp_path / "s.csv"
    parts = studies.parts_directory(out)
    shutil.copytree(whole[1], parts)
    return out, parts


# ---------------------------------------------------------------------------
# One writer at a time (two studies on one --out once mixed their rows)

#: A child running the real command whose second chunk waits until a file appears.
BLOCKED_CHILD = textwrap.dedent("""
    import os, sys, time
    from xochintlan_hex import cli
    from xochintlan_hex.balance import simulate
    real, calls = simulate.play_games, []
    def play(indices, *args):
        calls.append(indices)
        if len(calls) == 2:
            print("blocked", flush=True)
            while not os.path.exists(sys.argv[1]):
                time.sleep(0.05)
        return real(indices, *args)
    simulate.play_games = play
    sys.exit(cli.main(sys.argv[2:]))
""")


def test_a_second_study_on_the_same_output_is_refused_whatever_was_removed(tmp_path, capsys):
    out, go = tmp_path / "s.csv", tmp_path / "go"
    first = subprocess.Popen(
        [
            sys.executable,
            "-c",
            BLOCKED_CHILD,
            str(go),
            *STUDY[:-3],
            "--seed",
            "7",
            "--chunk-size",
            "4",
            "--quiet",
            "--out",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert first.stdout.readline() == "blocked\n", first.stderr.read()
        parts = studies.parts_directory(out)
        import shutil

        shutil.rmtree(parts)  # what the refusal of a leftover folder once advised
        status, _, err = run([*STUDY, "--seed", "8", "--out", out], capsys)
        assert_one_line_error(status, err, "another run is writing", str(out))
        # Remove the lock too: the second run may now write, and the first must not.
        studies.lock_path(out).unlink()
        status, _, err = run([*STUDY, "--seed", "8", "--out", out], capsys)
        assert status == 0, err
        go.touch()
        assert first.wait(timeout=60) == 2
        assert "was removed or replaced" in first.stderr.read()
    finally:
        go.touch()
        first.kill()
        first.wait()
    expected = simulate.simulate_xochintlan(24, "greedy,random", seed=8, progress=False)
    assert_frame_equal(studies.read_results(out), expected)


def test_two_resumes_at_once_the_second_is_refused(tmp_path, capsys):
    out = tmp_path / "s.csv"
    with studies.study_lock(out):
        status, _, err = run([*STUDY, "--out", out, "--resume"], capsys)
    assert_one_line_error(status, err, "another run is writing")
    assert run([*STUDY, "--out", out, "--resume"], capsys)[0] == 0
    assert not studies.lock_path(out).exists()


class FakeMsvcrt:
    """Windows's ``msvcrt.locking`` as far as the study lock uses it, played by ``fcntl``."""

    LK_NBLCK = 2
    calls: list[int] = []

    @staticmethod
    def locking(fd, mode, nbytes):
        import fcntl

        FakeMsvcrt.calls.append(fd)
        assert mode == FakeMsvcrt.LK_NBLCK and nbytes == 1
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OSError(36, "Resource deadlock avoided") from None  # what Windows raises


def test_the_study_lock_on_windows_refuses_a_second_run_and_is_removed_after(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("xochintlan_hex.balance.study_lock._WINDOWS", True)
    monkeypatch.setitem(sys.modules, "msvcrt", FakeMsvcrt)
    monkeypatch.setattr(FakeMsvcrt, "calls", [])
    out = tmp_path / "s.csv"
    with studies.study_lock(out):
        status, _, err = run([*STUDY, "--out", out], capsys)
        assert_one_line_error(status, err, "another run is writing", str(out))
        assert not out.exists()
    assert run([*STUDY, "--out", out], capsys)[0] == 0
    assert not studies.lock_path(out).exists() and len(FakeMsvcrt.calls) >= 3  # ours, the refused, the next
    assert_frame_equal(
        studies.read_results(out), simulate.simulate_xochintlan(24, "greedy,random", seed=5, progress=False)
    )


# ---------------------------------------------------------------------------
# Kept chunks are verified, set aside when bad, and their games replayed


def _edit_rows(path: Path, edit) -> None:
    chunk = json.loads(path.read_text())
    edit(chunk["rows"])
    path.write_text(json.dumps(chunk, separators=(",", ":")))


def _flip_winners(rows):
    for row in rows[:5]:
        if row["winner"] is not None:
            row["winner"] = 1 - row["winner"]
            row["winner_player"] = row["player_" + str(row["winner"])]


def _one_digit_of_turns(rows):
    rows[0]["turns"] += 1


def _drop_turns(rows):
    for row in rows:
        del row["turns"]


TAMPERINGS = {
    "winner flipped in 5 rows": lambda p: _edit_rows(p, _flip_winners),
    "one digit of turns": lambda p: _edit_rows(p, _one_digit_of_turns),
    "turns key removed": lambda p: _edit_rows(p, _drop_turns),
    "rows written as lists": lambda p: _edit_rows(p, lambda rows: rows.__setitem__(0, list(rows[0].values()))),
}


@pytest.mark.parametrize("tamper", list(TAMPERINGS), ids=list(TAMPERINGS))
def test_an_edited_chunk_is_set_aside_and_replayed(tmp_path, capsys, whole, tamper):
    out, parts = finished_then_removed(tmp_path, whole)
    chunk = parts / "games-000000004-000000007.json"
    TAMPERINGS[tamper](chunk)
    status, _, err = run([*STUDY, "--out", out, "--resume"], capsys)
    assert status == 0, err
    assert f"{chunk} was set aside" in err
    assert out.read_bytes() == whole[0]
    assert (tmp_path / "s.csv.quarantine" / chunk.name).exists()


def test_a_chunk_of_another_study_is_set_aside(tmp_path, capsys, whole):
    other = tmp_path / "other" / "s.csv"
    other.parent.mkdir()
    assert run([*STUDY[:-3], "--seed", "8", "--chunk-size", "4", "-q", "--out", other, "--keep-parts"], capsys)[0] == 0
    out, parts = finished_then_removed(tmp_path, whole)
    name = "games-000000008-000000011.json"
    (parts / name).write_bytes((studies.parts_directory(other) / name).read_bytes())
    status, _, err = run([*STUDY, "--out", out, "--resume"], capsys)
    assert status == 0 and f"{name} was set aside" in err
    assert out.read_bytes() == whole[0]


def test_a_chunk_with_another_studys_identity_and_a_matching_hash_is_set_aside(tmp_path, whole):
    """Even a chunk recorded in the manifest is checked against the study and its seeds."""
    out, parts = finished_then_removed(tmp_path, whole)
    other = studies.xochintlan_study(24, "greedy,random", seed=8)
    rows = simulate.play_xochintlan_games([4, 5, 6, 7], ["greedy", "random"], seed=8)
    studies.write_chunk(parts, other, [4, 5, 6, 7], rows)
    study = studies.xochintlan_study(24, "greedy,random", seed=5)
    with pytest.warns(studies.StudyWarning, match="belongs to another study"):
        kept = studies.verified_chunks(parts, study)
    assert [first for first, _, _ in kept] == [0, 8, 12, 16, 20]


def test_a_stray_chunk_beyond_the_study_is_set_aside(tmp_path, capsys, whole):
    out, parts = finished_then_removed(tmp_path, whole)
    (parts / "games-000000024-000000027.json").write_text("{}")
    status, _, err = run([*STUDY, "--out", out, "--resume"], capsys)
    assert status == 0 and "games-000000024-000000027.json was set aside" in err
    assert "not all games of this study" in err and out.read_bytes() == whole[0]


def test_a_damaged_study_file_is_written_again_and_the_chunks_kept(tmp_path, capsys, whole, monkeypatch):
    out, parts = finished_then_removed(tmp_path, whole)
    study_file = parts / studies.STUDY_FILE
    study_file.write_text(study_file.read_text()[:40])
    monkeypatch.setattr("xochintlan_hex.balance.simulate.play_games", None)  # nothing to replay
    status, _, err = run([*STUDY, "--out", out, "--resume"], capsys)
    assert status == 0, err
    assert out.read_bytes() == whole[0]


def test_leftover_temporary_files_of_a_killed_write_are_removed(tmp_path, capsys):
    out = tmp_path / "s.csv"
    parts = studies.parts_directory(out)
    parts.mkdir(parents=True)
    study = studies.xochintlan_study(24, "greedy,random", seed=5)
    (parts / studies.STUDY_FILE).write_text(json.dumps(study.description()))
    left = [tmp_path / ".s.csv.4242.0badcafe.tmp", parts / ".games-000000000-000000003.json.1.ab.tmp"]
    for path in left:
        path.write_text("half")
    assert run([*STUDY, "--out", out, "--resume"], capsys)[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.csv"]


def test_a_chunk_cut_short_in_the_manifest_is_replayed(tmp_path, capsys, whole):
    out, parts = finished_then_removed(tmp_path, whole)
    manifest = parts / studies.MANIFEST_FILE
    manifest.write_bytes(manifest.read_bytes()[:-20])  # the last line cut by a kill
    status, _, err = run([*STUDY, "--out", out, "--resume"], capsys)
    assert status == 0 and "not recorded in the study's manifest" in err
    assert out.read_bytes() == whole[0]


def test_a_chunk_spoilt_during_assembly_is_never_merged(tmp_path, whole, monkeypatch):
    """The file is assembled from chunks checked again as they are read."""
    out, parts = finished_then_removed(tmp_path, whole)
    real, spoilt = study_runner._stream_csv, []

    def spoil_then_stream(frames, empty, path):
        if not spoilt:  # once: the replayed chunk is left alone
            _edit_rows(parts / "games-000000016-000000019.json", _one_digit_of_turns)
            spoilt.append(True)
        real(frames, empty, path)

    monkeypatch.setattr("xochintlan_hex.balance.study_runner._stream_csv", spoil_then_stream)
    study = studies.xochintlan_study(24, "greedy,random", seed=5)
    with pytest.warns(studies.StudyWarning) as warned:
        studies.play_study(study, out, resume=True, chunk_size=4, progress=False)
    messages = [str(w.message) for w in warned]
    assert any("games-000000016-000000019.json was set aside" in m for m in messages), messages
    assert any("kept in" in m and "s.csv.quarantine" in m for m in messages), messages
    assert out.read_bytes() == whole[0]


# ---------------------------------------------------------------------------
# Streaming, constant memory


def test_missing_games_and_chunks_in_flight_are_made_lazily():
    chunks = studies.missing_chunks(10**12, kept=[(0, 9)], chunk_size=250)
    assert list(next(chunks)) == list(range(10, 260))
    submitted = []

    class Recorder:
        def submit(self, fn, chunk, *args):
            from concurrent.futures import Future

            submitted.append(chunk)
            future = Future()
            future.set_result([{"game": i} for i in chunk])
            return future

    endless = studies.missing_chunks(10**12, kept=[], chunk_size=3)
    results = simulate.iter_chunks(lambda c: None, endless, (), workers=2, executor=Recorder())
    next(results)
    assert len(submitted) <= 2 * simulate.IN_FLIGHT_PER_WORKER + 1
    results.close()


def _synthetic_chunks(folder: Path, games: int) -> tuple[studies.Study, Path]:
    """A study whose chunks hold valid rows, made without playing (a copy of one row)."""
    study = studies.xochintlan_study(games, "greedy,random", seed=5)
    out = folder / f"s{games}.csv"
    with studies.study_lock(out):
        parts, _ = studies.open_parts(study, out, resume=False)
        template = simulate.play_xochintlan_games([0], ["greedy", "random"], seed=5)[0]
        for first in range(0, games, 250):
            rows = [{**template, "game": i, "seed": simulate.game_seed(5, i)} for i in range(first, first + 250)]
            studies.write_chunk(parts, study, range(first, first + 250), rows)
    return study, out


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_assembly_holds_one_chunk_at_a_time(tmp_path, suffix):
    import tracemalloc

    peaks = {}
    for games in (1000, 8000):
        study, out = _synthetic_chunks(tmp_path, games)
        target = out.with_suffix(suffix)
        studies.parts_directory(out).rename(studies.parts_directory(target))
        tracemalloc.start()
        studies.play_study(study, target, resume=True, progress=False)
        peaks[games] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert len(studies.read_results(target)) == games
    # Eight times the games, about the same memory (a whole-frame write would need 8x).
    assert peaks[8000] < 2 * peaks[1000], peaks


def test_streamed_file_is_the_whole_frame_written_at_once(tmp_path, capsys):
    out = tmp_path / "s.csv"
    assert run([*STUDY, "--out", out], capsys)[0] == 0
    frame = simulate.simulate_xochintlan(24, "greedy,random", seed=5, progress=False)
    assert out.read_text() == frame.to_csv(index=False)
    parquet = tmp_path / "s.parquet"
    assert run([*STUDY, "--out", parquet], capsys)[0] == 0
    assert_frame_equal(studies.read_results(parquet), frame)


# ---------------------------------------------------------------------------
# Strict readers (report once absorbed junk)


@pytest.fixture(scope="module")
def hextremadura_file(tmp_path_factory):
    out = tmp_path_factory.mktemp("hex") / "h.csv"
    frame = simulate.simulate_hextremadura(10, "random", seed=1, progress=False)
    frame.to_csv(out, index=False)
    return out


@pytest.fixture(scope="module")
def xochintlan_file(tmp_path_factory):
    out = tmp_path_factory.mktemp("xoch") / "x.csv"
    frame = simulate.simulate_xochintlan(10, "random,random", seed=1, progress=False)
    assert frame["end_reason"].nunique() > 1  # wins and ties
    frame.to_csv(out, index=False)
    return out


def with_cell(path: Path, row: int, column: str, value: str, tmp_path: Path) -> Path:
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    frame.loc[row, column] = value
    edited = tmp_path / path.name
    frame.to_csv(edited, index=False)
    return edited


@pytest.mark.parametrize(
    "column, value, words",
    [
        ("quest_monfrague", "oops", ["'oops' is not True or False"]),
        ("score", "x", ["'x' is not an integer"]),
        ("score", "", ["the cell is empty"]),
        ("rating", "legend", ["'legend' is not one of wanderer"]),
        ("score", "99", ["above the perfect score"]),
    ],
)
def test_report_refuses_a_bad_hextremadura_cell(tmp_path, capsys, hextremadura_file, column, value, words):
    edited = with_cell(hextremadura_file, 3, column, value, tmp_path)
    status, _, err = run(["report", edited], capsys)
    assert_one_line_error(status, err, str(edited), "row 4 (line 5)", repr(column), *words)


@pytest.mark.parametrize(
    "value, words",
    [
        ("5", ["5 is not a seat of a 2-player game (0 to 1)"]),
        ("99", ["'99' is out of range"]),
        ("3.5", ["'3.5' is not an integer"]),
        ("1e308", ["'1e308' is not an integer"]),
        ("-1", ["out of range"]),
    ],
)
def test_report_refuses_a_bad_winner(tmp_path, capsys, xochintlan_file, value, words):
    frame = pd.read_csv(xochintlan_file, dtype=str, keep_default_na=False)
    won = int((frame["end_reason"] == "win").to_numpy().argmax())
    edited = with_cell(xochintlan_file, won, "winner", value, tmp_path)
    status, _, err = run(["report", edited], capsys)
    assert_one_line_error(status, err, str(edited), "'winner'", *words)


def test_report_refuses_a_huge_number_of_players_at_once(tmp_path, capsys, xochintlan_file):
    edited = with_cell(xochintlan_file, 0, "n_players", "100000000", tmp_path)
    status, _, err = run(["report", edited], capsys)
    assert_one_line_error(status, err, "'n_players'", "out of range (2 to 33)")


def test_booleans_are_read_strictly(tmp_path, hextremadura_file):
    frame = studies.read_results(hextremadura_file)
    assert frame["quest_monfrague"].dtype == bool
    for junk in ("oops", "1", "false", "yes"):
        with pytest.raises(ResultsError, match="is not True or False"):
            studies.read_results(with_cell(hextremadura_file, 0, "quest_los_barruecos", junk, tmp_path))


def test_ties_are_read_as_missing_values(xochintlan_file):
    frame = studies.read_results(xochintlan_file)
    ties = frame["end_reason"] != "win"
    assert ties.any()
    for column in ("winner", "winner_player", "winning_kind", "winning_card"):
        assert frame.loc[ties, column].isna().all(), column


def test_every_shipped_study_file_reads_strictly():
    for path in sorted((ROOT / "datasets").glob("*.csv")):
        if path.name in ("polyform_counts.csv", "xochintlan_perft.csv"):
            continue
        assert len(studies.read_results(path)) > 0


# ---------------------------------------------------------------------------
# Bounded work


def test_a_billion_game_study_is_refused_before_any_work(tmp_path, capsys):
    out = tmp_path / "s.csv"
    status, _, err = run([*STUDY, "--games", "1000000000", "--out", out], capsys)
    assert_one_line_error(status, err, "1,000,000,000 games", "--force")
    assert list(tmp_path.iterdir()) == []


def test_a_turn_cap_past_the_ceiling_is_refused(tmp_path, capsys):
    status, _, err = run([*STUDY, "--max-turns", "1000000", "--out", tmp_path / "s.csv"], capsys)
    assert_one_line_error(status, err, "max_turns", "10000")


@pytest.mark.parametrize("endgame", ["swap", "tie"])
def test_a_variant_no_card_can_win_is_refused(tmp_path, capsys, endgame):
    status, _, err = run([*STUDY, "--tiles-per-kind", "1", "--endgame", endgame, "--out", tmp_path / "s.csv"], capsys)
    assert_one_line_error(status, err, "no card can be won", "tiles_per_kind >= 4")


def test_a_tileset_that_is_not_a_small_file_is_refused(tmp_path, capsys):
    status, _, err = run(
        ["simulate", "hextremadura", "--games", "2", "--tileset", "/dev/zero", "--out", tmp_path / "h.csv", "-q"],
        capsys,
    )
    assert_one_line_error(status, err, "/dev/zero", "not a regular file")
    big = tmp_path / "big.json"
    big.write_text(" " * (studies.MAX_TILESET_BYTES + 1))
    status, _, err = run(
        ["simulate", "hextremadura", "--games", "2", "--tileset", big, "--out", tmp_path / "h.csv", "-q"], capsys
    )
    assert_one_line_error(status, err, "big.json", "at most")


@pytest.mark.parametrize("max_n", ["20", "10000", "1000000000"])
def test_count_past_the_limit_is_refused_at_once(capsys, max_n):
    status, _, err = run(["count", "--max-n", max_n], capsys)
    assert_one_line_error(status, err, "fixed polyforms", "--force")


def test_count_within_the_shipped_table_is_instant_and_exact(capsys):
    status, out, _ = run(["count", "--max-n", "16", "--kind", "free", "--csv"], capsys)
    assert status == 0 and out.splitlines()[-1] == "16,13079255"


def test_polyforms_of_a_huge_size_are_refused_not_a_recursion_error():
    with pytest.raises(ValueError, match="count_polyforms, or pass force=True"):
        polyforms.polyforms(5000)
    with pytest.raises(ValueError, match="476,270 one-sided shapes"):
        polyforms.polyforms(13)
    with pytest.raises(ValueError, match="force"):
        polyforms.count_polyforms(30)


# ---------------------------------------------------------------------------
# Errors: one line for the user's mistakes, a traceback for the kit's own bugs


@pytest.mark.parametrize(
    "argv, words",
    [
        ([], ["COMMAND"]),
        (["dance"], ["dance"]),
        (["simulate"], ["GAME"]),
        (["simulate", "xochintlan", "--games", "3"], ["--out"]),
        (["simulate", "xochintlan", "--games", "-3", "--out", "x.csv"], ["--games"]),
        (["simulate", "xochintlan", "--games", "3", "--out", "x.csv", "--lattice", "tri"], ["tri"]),
        (["simulate", "hextremadura", "--games", "3", "--out", "x.csv", "--bogus"], ["--bogus"]),
        (["count", "--kind", "weird"], ["weird"]),
        (["report"], ["FILE"]),
        (
            ["simulate", "xochintlan", "--games", "3", "--out", "x.csv", "--scheduler", "inproc://x"],
            ["inproc://x", "tcp://host:8786"],
        ),
    ],
)
def test_usage_mistakes_are_one_line_with_help(capsys, argv, words):
    status, out, err = run(argv, capsys)
    assert_one_line_error(status, err, "--help)", *words)
    assert out == ""


def test_a_bug_is_not_called_a_usage_error(tmp_path, capsys, monkeypatch, xochintlan_file):

    def broken(*args, **kwargs):
        raise ValueError("cannot insert n_players, already exists")

    monkeypatch.setattr("xochintlan_hex.balance.report.report", broken)
    with pytest.raises(ValueError, match="already exists"):
        cli.main(["report", str(xochintlan_file)])


def test_a_bug_shows_its_traceback_and_exit_status_1(tmp_path, xochintlan_file):
    code = (
        "import sys; from xochintlan_hex import cli\n"
        "from xochintlan_hex.balance import report\n"
        "def broken(*a, **k): raise ValueError('cannot insert n_players')\n"
        "report.report = broken\n"
        f"sys.exit(cli.main(['report', {str(xochintlan_file)!r}]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.returncode == 1 and "Traceback" in done.stderr and "cannot insert" in done.stderr


def test_a_study_written_before_a_rules_field_existed_reads_with_its_default(tmp_path):
    frame = simulate.simulate_xochintlan(4, ["greedy", "greedy"], seed=3, progress=False)
    older = tmp_path / "older.csv"
    frame.drop(columns=["quiet_rounds"]).to_csv(older, index=False)
    read = studies.read_results(older)
    pd.testing.assert_frame_equal(read, frame)
    replayed = simulate.replay_xochintlan(read.iloc[0])
    assert (replayed.winner, replayed.turn) == (frame["winner"].iloc[0], frame["turns"].iloc[0])
