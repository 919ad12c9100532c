"""The xochintlan-hex command and resumable studies: output whole or absent, nothing lost.

The interruption tests run the real command in a child process, stop it for good
after three chunks are kept (SIGKILL, or SIGINT as Ctrl-C does), then resume and
compare with an uninterrupted run.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from xochintlan_hex import cli, sequential, simulate, stats, studies
from xochintlan_hex.cli import study as study_command
from xochintlan_hex.cli.study import rules_from_options
from xochintlan_hex.hextremadura import load_tileset
from xochintlan_hex.polyforms import count_polyforms
from xochintlan_hex.xochintlan import Rules

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


def run(argv, capsys):
    """Run the command in this process: (exit status, stdout, stderr)."""
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status, err, *words):
    assert status == 2
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("xochintlan-hex: error: "), err
    for word in words:
        assert word in lines[0]


def chunk_files(parts: Path) -> list[Path]:
    return sorted(parts.glob("games-*.json"))


# ---------------------------------------------------------------------------
# count


def test_count_prints_one_column_per_kind(capsys):
    status, out, _ = run(["count", "--lattice", "hex", "--kind", "free", "--kind", "fixed", "--max-n", "6"], capsys)
    assert status == 0
    table = pd.read_fwf(io.StringIO(out))
    assert list(table.columns) == ["n", "free", "fixed"]
    assert table["free"].tolist() == [1, 1, 3, 7, 22, 82]  # OEIS A000228
    assert table["fixed"].tolist() == [count_polyforms(n, "hex", "fixed") for n in range(1, 7)]


def test_count_as_csv_has_every_kind_by_default(capsys):
    status, out, _ = run(["count", "--max-n", "8", "--csv"], capsys)
    table = pd.read_csv(io.StringIO(out))
    assert status == 0 and list(table.columns) == ["n", "fixed", "one-sided", "free"]
    assert table.iloc[-1].tolist() == [8, 2725, 704, 369]  # OEIS A001168, A000988, A000105


def test_the_installed_command_runs_from_any_folder(tmp_path):
    command = Path(sys.executable).parent / "xochintlan-hex"
    if not command.exists():
        pytest.skip("the kit is not installed in this environment")
    done = subprocess.run(
        [str(command), "count", "--max-n", "3", "--csv"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["n,fixed,one-sided,free", "1,1,1,1", "2,2,1,1", "3,6,2,2"]


def test_bad_arguments_are_one_line_errors_pointing_to_help(capsys):
    status, out, err = run(["count", "--max-n", "zero"], capsys)
    assert_one_line_error(status, err, "--max-n", "'zero'", "xochintlan-hex count --help")
    assert out == "" and "usage:" not in err
    status, _, err = run(
        ["simulate", "xochintlan", "--games", "3", "--out", "x.csv", "--endgame", "sudden-death"], capsys
    )
    assert_one_line_error(status, err, "sudden-death", "xochintlan-hex simulate xochintlan --help")


# ---------------------------------------------------------------------------
# simulate


def test_simulate_writes_the_frame_of_simulate_xochintlan(tmp_path, capsys):
    out = tmp_path / "study.csv"
    status, _, err = run([*STUDY, "--out", out], capsys)
    assert status == 0 and err == ""
    expected = simulate.simulate_xochintlan(24, ["greedy", "random"], seed=5, progress=False)
    assert_frame_equal(studies.read_results(out), expected)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["study.csv"]  # parts removed
    umask = os.umask(0o022)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # as any file the user writes


def test_parquet_output_reads_back_identical(tmp_path, capsys):
    status, _, _ = run([*STUDY, "--out", tmp_path / "study.parquet", "--workers", "2"], capsys)
    expected = simulate.simulate_xochintlan(24, ["greedy", "random"], seed=5, progress=False)
    assert status == 0
    assert_frame_equal(studies.read_results(tmp_path / "study.parquet"), expected)


def test_rules_options_reach_the_games(tmp_path, capsys):
    out = tmp_path / "variant.csv"
    status, _, _ = run(
        [
            "simulate",
            "xochintlan",
            "--games",
            "6",
            "--players",
            "random,random,random",
            "--lattice",
            "hex",
            "--cards-per-player",
            "2",
            "--endgame",
            "swap",
            "--match",
            "rotation+reflection",
            "--win-check",
            "mover",
            "--allow-redraw",
            "--open-cards",
            "--keep-connected",
            "--max-turns",
            "40",
            "--cut-off-switch",
            "--lock",
            "french",
            "--quiet-rounds",
            "1",
            "--tiles-per-kind",
            "6",
            "--quiet",
            "--out",
            out,
        ],
        capsys,
    )
    assert status == 0
    frame = studies.read_results(out)
    rules = Rules(
        lattice="hex",
        tiles_per_kind=6,
        cards_per_player=2,
        match="rotation+reflection",
        win_check="mover",
        endgame="swap",
        allow_redraw=True,
        open_cards=True,
        keep_connected=True,
        cut_off_switch=True,
        lock="french",
        quiet_rounds=1,
        max_turns=40,
    )
    assert_frame_equal(frame, simulate.simulate_xochintlan(6, "random,random,random", rules, progress=False))
    assert (frame["lattice"] == "hex").all() and (frame["cards_per_player"] == 2).all()
    assert (frame["turns"] <= 40).all() and frame["n_players"].eq(3).all()
    assert frame["cards_0"].str.count(r"\+").eq(1).all()  # two cards each


def test_progress_bar_goes_to_stderr(tmp_path, capsys):
    status, out, err = run([a for a in STUDY if a != "--quiet"] + ["--out", tmp_path / "s.csv"], capsys)
    assert status == 0 and out == ""
    assert "24/24" in err and "wrote 24 games" in err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--players", "greedy,clever"], ["clever", "greedy"]),
        (["--players", ""], ["players"]),
        (["--tiles-per-kind", "65"], ["tiles_per_kind"]),
        (["--cards-per-player", "19"], ["cards_per_player"]),
        (["--cards-per-player", "10"], ["card"]),  # 2 x 10 cards from a deck of 18
    ],
)
def test_bad_study_options_are_one_line_errors(tmp_path, capsys, argv, words):
    status, _, err = run([*STUDY, "--out", tmp_path / "s.csv", *argv], capsys)
    assert_one_line_error(status, err, *words)
    assert list(tmp_path.iterdir()) == []


def test_bad_output_paths_are_one_line_errors(tmp_path, capsys):
    status, _, err = run([*STUDY, "--out", tmp_path / "s.xlsx"], capsys)
    assert_one_line_error(status, err, ".csv or .parquet")
    status, _, err = run([*STUDY, "--out", tmp_path / "missing" / "s.csv"], capsys)
    assert_one_line_error(status, err, "does not exist")
    (tmp_path / "folder.csv").mkdir()
    status, _, err = run([*STUDY, "--out", tmp_path / "folder.csv"], capsys)
    assert_one_line_error(status, err, "is a directory")
    assert [p.name for p in tmp_path.iterdir()] == ["folder.csv"]


def test_a_study_of_no_games_writes_the_columns(tmp_path, capsys):
    out = tmp_path / "none.csv"
    status, _, _ = run([*STUDY, "--games", "0", "--out", out], capsys)
    assert status == 0
    assert out.read_text().splitlines()[0].split(",") == simulate.xochintlan_columns(2)
    status, _, err = run(["report", out], capsys)
    assert_one_line_error(status, err, "holds no games")


def test_an_unreachable_scheduler_is_a_one_line_error(tmp_path, capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(study_command, "SCHEDULER_TIMEOUT", 1)
    status, _, err = run([*STUDY, "--out", tmp_path / "s.csv", "--scheduler", "tcp://127.0.0.1:9"], capsys)
    assert_one_line_error(status, err, "tcp://127.0.0.1:9")


# ---------------------------------------------------------------------------
# whole or nothing, resume


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    out = tmp_path / "s.csv"
    out.write_text("old\n")

    def half_then_fail(self, path, **kwargs):
        Path(path).write_text("game,seed\n0,")
        raise OSError("disk full")

    monkeypatch.setattr(pd.DataFrame, "to_csv", half_then_fail)
    with pytest.raises(OSError, match="disk full"):
        studies.write_results(pd.DataFrame({"game": [0]}), out)
    assert out.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["s.csv"]


def test_existing_parts_need_resume(tmp_path, capsys):
    out = tmp_path / "s.csv"
    parts = studies.parts_directory(out)
    study = studies.xochintlan_study(24, "greedy,random", seed=5)
    studies.open_parts(study, out, resume=False)
    status, _, err = run([*STUDY, "--out", out], capsys)
    assert_one_line_error(status, err, "--resume", str(parts))
    assert not out.exists() and (parts / studies.STUDY_FILE).exists()


def test_resume_refuses_another_study(tmp_path, capsys):
    out = tmp_path / "s.csv"
    studies.open_parts(studies.xochintlan_study(24, "greedy,random", seed=5), out, resume=False)
    status, _, err = run([*STUDY, "--out", out, "--resume", "--seed", "6", "--endgame", "swap"], capsys)
    assert_one_line_error(
        status, err, "cannot resume", "seed: 5 there, 6 now", 'rules.endgame: "tie" there, "swap" now'
    )
    assert not out.exists()


def test_resume_plays_only_the_missing_games(tmp_path, capsys, monkeypatch):
    out = tmp_path / "s.csv"
    study = studies.xochintlan_study(24, "greedy,random", seed=5)
    parts, _ = studies.open_parts(study, out, resume=False)
    for indices in ([0, 1, 2, 3], [12, 13], [20, 21, 22, 23]):
        studies.write_chunk(
            parts, study, indices, simulate.play_xochintlan_games(indices, ["greedy", "random"], seed=5)
        )
    (parts / ".games-000000004-000000007.json.x.tmp").write_text("{half a chunk")
    played = []
    real = simulate.play_games
    monkeypatch.setattr(
        "xochintlan_hex.balance.simulate.play_games", lambda indices, *a: played.extend(indices) or real(indices, *a)
    )
    status, _, _ = run([*STUDY, "--out", out, "--resume"], capsys)
    assert status == 0
    assert sorted(played) == [*range(4, 12), *range(14, 20)]
    expected = simulate.simulate_xochintlan(24, ["greedy", "random"], seed=5, progress=False)
    assert_frame_equal(studies.read_results(out), expected)
    assert not parts.exists()


def test_resume_of_a_finished_study_with_kept_parts_replays_nothing(tmp_path, capsys, monkeypatch):
    out = tmp_path / "s.csv"
    assert run([*STUDY, "--out", out, "--keep-parts"], capsys)[0] == 0
    assert len(chunk_files(studies.parts_directory(out))) == 6
    monkeypatch.setattr("xochintlan_hex.balance.simulate.play_games", None)  # would fail if called
    first = out.read_bytes()
    out.unlink()
    assert run([*STUDY, "--out", out, "--resume"], capsys)[0] == 0
    assert out.read_bytes() == first


def games_option(count):
    """STUDY asking for ``count`` games instead of 24."""
    at = STUDY.index("--games") + 1
    return [*STUDY[:at], str(count), *STUDY[at + 1 :]]


def record_played_games(monkeypatch):
    """The game indices played from now on, in a list that grows as they are played."""
    played = []
    real = simulate.play_games
    monkeypatch.setattr(
        "xochintlan_hex.balance.simulate.play_games", lambda indices, *a: played.extend(indices) or real(indices, *a)
    )
    return played


def test_extend_grows_a_finished_study_byte_for_byte_playing_only_the_new_games(tmp_path, capsys, monkeypatch):
    whole, grown = tmp_path / "whole.csv", tmp_path / "grown.csv"
    assert run([*STUDY, "--out", whole], capsys)[0] == 0
    assert run([*games_option(14), "--out", grown], capsys)[0] == 0
    played = record_played_games(monkeypatch)
    assert run([*STUDY, "--out", grown, "--extend"], capsys)[0] == 0
    assert sorted(played) == list(range(14, 24))
    assert grown.read_bytes() == whole.read_bytes()
    assert not studies.parts_directory(grown).exists()


def test_an_interrupted_extend_keeps_the_old_file_and_finishes_when_run_again(tmp_path, capsys, monkeypatch):
    whole, grown = tmp_path / "whole.csv", tmp_path / "grown.csv"
    assert run([*STUDY, "--out", whole], capsys)[0] == 0
    assert run([*games_option(8), "--out", grown], capsys)[0] == 0
    before = grown.read_bytes()
    real = simulate.play_games

    def second_chunk_interrupted(indices, *args):
        if indices[0] >= 12:
            raise KeyboardInterrupt
        return real(indices, *args)

    monkeypatch.setattr("xochintlan_hex.balance.simulate.play_games", second_chunk_interrupted)
    status, _, err = run([*STUDY, "--out", grown, "--extend"], capsys)
    assert status == cli.EXIT_INTERRUPTED and "12 of 24 games are kept" in err
    assert grown.read_bytes() == before  # the finished study is untouched until the grown one is whole
    played = record_played_games(monkeypatch)
    assert run([*STUDY, "--out", grown, "--extend"], capsys)[0] == 0
    assert sorted(played) == list(range(12, 24))
    assert grown.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--seed", "6"], ["is not the first games of this study", "game 0 has seed"]),
        (["--players", "random,greedy"], ["is not the first games of this study", "player_0"]),
        (["--endgame", "swap"], ["is not the first games of this study", "endgame"]),
        (["--games", "10"], ["already holds 14 games", "at least that many"]),
    ],
)
def test_extend_refuses_a_file_of_another_study_and_leaves_it_as_it_was(tmp_path, capsys, options, words):
    grown = tmp_path / "grown.csv"
    assert run([*games_option(14), "--out", grown], capsys)[0] == 0
    before = grown.read_bytes()
    status, _, err = run([*STUDY, "--out", grown, "--extend", *options], capsys)
    assert_one_line_error(status, err, "--extend", str(grown), *words)
    assert grown.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grown.csv"]


def test_extend_of_a_missing_file_says_how_to_start_the_study(tmp_path, capsys):
    status, _, err = run([*STUDY, "--out", tmp_path / "none.csv", "--extend"], capsys)
    assert_one_line_error(status, err, "none.csv does not exist", "without --extend")
    assert list(tmp_path.iterdir()) == []


def test_a_resumed_run_may_ask_for_more_games_not_fewer_than_it_keeps(tmp_path, capsys, monkeypatch):
    out = tmp_path / "s.csv"
    study = studies.xochintlan_study(24, "greedy,random", seed=5)
    parts, _ = studies.open_parts(study, out, resume=False)
    for indices in ([0, 1, 2, 3], [12, 13]):
        studies.write_chunk(
            parts, study, indices, simulate.play_xochintlan_games(indices, ["greedy", "random"], seed=5)
        )
    status, _, err = run([*games_option(10), "--out", out, "--resume"], capsys)
    assert_one_line_error(status, err, "cannot resume with 10 games", "up to game 13", "at least 14 games")
    assert len(chunk_files(parts)) == 2
    played = record_played_games(monkeypatch)
    assert run([*games_option(30), "--out", out, "--resume"], capsys)[0] == 0
    assert sorted(played) == [*range(4, 12), *range(14, 30)]
    expected = simulate.simulate_xochintlan(30, ["greedy", "random"], seed=5, progress=False)
    assert_frame_equal(studies.read_results(out), expected)


def test_a_hextremadura_study_grows_by_extend_to_the_frame_of_one_run(tmp_path):
    whole, grown = tmp_path / "whole.csv", tmp_path / "grown.csv"
    expected = studies.run_study(studies.hextremadura_study(6, "random", seed=3), whole, progress=False)
    studies.run_study(studies.hextremadura_study(4, "random", seed=3), grown, progress=False)
    frame = studies.run_study(studies.hextremadura_study(6, "random", seed=3), grown, progress=False, extend=True)
    assert_frame_equal(frame, expected)
    assert grown.read_bytes() == whole.read_bytes()


def test_a_corrupt_chunk_is_named_set_aside_and_replayed(tmp_path, capsys, uninterrupted):
    out = tmp_path / "s.csv"
    parts, _ = studies.open_parts(studies.xochintlan_study(24, "greedy,random", seed=5), out, resume=False)
    (parts / "games-000000000-000000003.json").write_text('{"indices": [0, 1]')
    status, _, err = run([*STUDY, "--out", out, "--resume"], capsys)
    assert status == 0
    assert "games-000000000-000000003.json was set aside" in err and "Traceback" not in err
    assert_frame_equal(studies.read_results(out), uninterrupted)


#: The child process: the real command, except that the fourth chunk never
#: returns (it sleeps), so that the test can stop it with three chunks kept.
CHILD = textwrap.dedent("""
    import signal, sys, time
    # Ctrl-C acts as in a terminal, even when the tests were started with it ignored (in the background)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from xochintlan_hex import cli
    from xochintlan_hex.balance import simulate
    real, calls = simulate.play_games, []
    def play(indices, *args):
        calls.append(indices)
        rows = real(indices, *args)
        if len(calls) == 4:
            print("stuck", flush=True)
            time.sleep(120)
        return rows
    simulate.play_games = play
    sys.exit(cli.main(sys.argv[1:]))
""")


def start_child(argv, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, *map(str, argv)],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_until_stuck(child: subprocess.Popen) -> None:
    line = child.stdout.readline()  # the child prints once the fourth chunk is played
    assert line == "stuck\n", child.stderr.read()


@pytest.fixture
def uninterrupted(tmp_path_factory, capsys):
    out = tmp_path_factory.mktemp("whole") / "s.csv"
    assert run([*STUDY, "--out", out], capsys)[0] == 0
    return studies.read_results(out)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT, signal.SIGTERM], ids=["kill", "ctrl-c", "term"])
def test_an_interrupted_run_resumes_to_the_uninterrupted_frame(tmp_path, capsys, uninterrupted, how):
    out = tmp_path / "s.csv"
    parts = studies.parts_directory(out)
    child = start_child([*STUDY, "--out", out], tmp_path)
    try:
        wait_until_stuck(child)
        child.send_signal(how)
        status = child.wait(timeout=60)
        err = child.stderr.read()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    if how == signal.SIGKILL:
        assert status == -signal.SIGKILL
    else:  # Ctrl-C or a polite stop: a clear message, no traceback
        assert status == cli.EXIT_INTERRUPTED and "Traceback" not in err
        assert "12 of 24 games are kept" in err and "--resume" in err
    assert not out.exists()
    assert [p.name for p in chunk_files(parts)] == [
        "games-000000000-000000003.json",
        "games-000000004-000000007.json",
        "games-000000008-000000011.json",
    ]
    status, _, _ = run([*STUDY, "--out", out, "--resume", "--workers", "2"], capsys)
    assert status == 0
    assert_frame_equal(studies.read_results(out), uninterrupted)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.csv"]


def running(pid: str) -> bool:
    """Whether a process runs (an exited one waiting to be reaped does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_the_workers_of_a_killed_run_exit(tmp_path):
    out = tmp_path / "s.csv"
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "xochintlan_hex.cli",
            *STUDY[:2],
            "--games",
            "4000",
            "--players",
            "greedy,greedy",
            "--workers",
            "2",
            "--chunk-size",
            "10",
            "--quiet",
            "--out",
            str(out),
        ],
        start_new_session=True,
    )
    try:
        workers = []
        deadline = time.monotonic() + 60
        while (len(workers) < 2 or not chunk_files(studies.parts_directory(out))) and time.monotonic() < deadline:
            time.sleep(0.05)
            workers = subprocess.run(["pgrep", "-P", str(child.pid)], capture_output=True, text=True).stdout.split()
        assert len(workers) == 2 and child.poll() is None
        child.kill()
        child.wait()
        deadline = time.monotonic() + 30
        while any(map(running, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(running, workers))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)  # whatever is left of the run


#: The child for a stop with workers: every chunk from the fifth on never ends (it
#: sleeps ten minutes), as a chunk of strong games takes minutes.
SLOW_CHUNKS_CHILD = textwrap.dedent("""
    import os, sys, time
    from xochintlan_hex import cli
    from xochintlan_hex.balance import simulate
    real = simulate.play_games
    def play(indices, *args):
        rows = real(indices, *args)
        if indices[0] >= 16:
            os.write(1, b"stuck\\n")  # one write: two workers' lines never interleave
            time.sleep(600)
        return rows
    simulate.play_games = play
    sys.exit(cli.main(sys.argv[1:]))
""")


@pytest.mark.parametrize("whom", ["the run", "its process group"])
def test_a_polite_stop_with_workers_does_not_wait_for_the_chunks_it_would_throw_away(tmp_path, capsys, whom):
    """SIGTERM (a batch system's stop, ``kill PID``) ends a run with workers at once: the
    chunks still playing would be thrown away, so the run does not wait for them (a
    chunk of strong games takes minutes, past a batch system's grace period)."""
    out = tmp_path / "s.csv"
    child = subprocess.Popen(
        [sys.executable, "-c", SLOW_CHUNKS_CHILD, *STUDY, "--workers", "2", "--out", str(out)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert child.stdout.readline() == "stuck\n", child.stderr.read()
        if whom == "the run":
            child.send_signal(signal.SIGTERM)
        else:
            os.killpg(child.pid, signal.SIGTERM)
        status = child.wait(timeout=60)  # the stuck chunk would take ten minutes
        err = child.stderr.read()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)  # whatever is left of the run
    assert status == cli.EXIT_INTERRUPTED and "Traceback" not in err, err
    assert "games are kept" in err and "--resume" in err
    kept = chunk_files(studies.parts_directory(out))
    assert all(int(p.name.split("-")[1]) < 16 for p in kept)  # how many were written by then varies
    assert run([*STUDY, "--out", out, "--resume"], capsys)[0] == 0


# ---------------------------------------------------------------------------
# Hextremadura

HEX_STUDY = [
    "simulate",
    "hextremadura",
    "--games",
    "6",
    "--player",
    "random",
    "--seed",
    "2",
    "--chunk-size",
    "2",
    "--quiet",
]


def write_tileset(path: Path, **changes) -> Path:
    data = load_tileset().to_dict()
    data.update(changes)
    path.write_text(json.dumps(data))
    return path


def test_simulate_hextremadura_writes_the_frame_of_simulate_hextremadura(tmp_path, capsys):
    out = tmp_path / "hex.csv"
    status, _, _ = run([*HEX_STUDY, "--out", out], capsys)
    assert status == 0
    expected = simulate.simulate_hextremadura(6, "random", seed=2, progress=False)
    assert_frame_equal(studies.read_results(out), expected)


def test_a_tileset_file_is_played_and_recorded(tmp_path, capsys):
    tiles = write_tileset(tmp_path / "tiles.json", name="Class set")
    out = tmp_path / "hex.csv"
    status, _, _ = run([*HEX_STUDY, "--tileset", tiles, "--out", out, "--keep-parts"], capsys)
    assert status == 0 and studies.read_results(out)["tileset"].eq("Class set").all()
    # the same name with other contents is another study: resume refuses it
    write_tileset(tiles, name="Class set", description="one tile changed")
    out.unlink()
    status, _, err = run([*HEX_STUDY, "--tileset", tiles, "--out", out, "--resume"], capsys)
    assert_one_line_error(status, err, "cannot resume", "tileset")


def test_bad_tileset_files_are_one_line_errors(tmp_path, capsys):
    status, _, err = run([*HEX_STUDY, "--tileset", tmp_path / "none.json", "--out", tmp_path / "hex.csv"], capsys)
    assert_one_line_error(status, err, "none.json")
    (tmp_path / "bad.json").write_text('{"tiles": [{"id": "T1"')
    status, _, err = run([*HEX_STUDY, "--tileset", tmp_path / "bad.json", "--out", tmp_path / "hex.csv"], capsys)
    assert_one_line_error(status, err, "bad.json")
    status, _, err = run([*HEX_STUDY, "--player", "clever", "--out", tmp_path / "hex.csv"], capsys)
    assert_one_line_error(status, err, "clever", "greedy")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]


def test_report_of_a_hextremadura_study(tmp_path, capsys):
    out = tmp_path / "hex.csv"
    frame = simulate.simulate_hextremadura(6, "random", seed=2, progress=False)
    studies.write_results(frame, out)
    status, text, _ = run(["report", out], capsys)
    assert status == 0
    for title in ("Score", "Rating bands", "Objectives met", "Quests completed", "Rounds"):
        assert f"\n{title}\n" in text
    assert f"{frame['score'].mean():.3f}" in text


# ---------------------------------------------------------------------------
# report


def test_report_prints_the_balance_tables(tmp_path, capsys, uninterrupted):
    out = tmp_path / "s.csv"
    studies.write_results(uninterrupted, out)
    status, text, _ = run(["report", out], capsys)
    assert status == 0
    assert text.startswith(f"{out}: 24 games")
    for title in ("Win rate by player", "Balance", "Outcomes", "Game length", "Win rate by goal card"):
        assert title in text
    seat0 = stats.win_rate_by_seat(uninterrupted).iloc[0]  # people read the first player as player 1
    assert f"player 1 of 2    {seat0['estimate']:.3f} {seat0['low']:.3f} {seat0['high']:.3f}" in text


def test_report_as_csv_is_stats_report(tmp_path, capsys, uninterrupted):
    out = tmp_path / "s.csv"
    studies.write_results(uninterrupted, out)
    status, text, _ = run(["report", out, "--csv", "--by", "player_0"], capsys)
    table = pd.read_csv(io.StringIO(text), keep_default_na=False, na_values=[""])
    expected = stats.report(uninterrupted, "player_0")
    assert status == 0 and list(table.columns) == list(expected.columns)
    assert table["estimate"].to_numpy() == pytest.approx(expected["estimate"].to_numpy(), nan_ok=True)


@pytest.mark.parametrize(
    "header, words",
    [
        ("a,b", ["fit the study of no registered game", "Xochintlan", "Hextremadura"]),
        ("game,seed", ["fit the studies of several games", "Xochintlan", "Hextremadura"]),
    ],
)
def test_a_report_of_a_file_that_names_no_one_game_says_which_games_it_knows(tmp_path, capsys, header, words):
    path = tmp_path / "f.csv"
    path.write_text(f"{header}\n0,1\n")
    status, _, err = run(["report", path], capsys)
    assert_one_line_error(status, err, "f.csv", *words)


def test_report_of_bad_files_is_a_one_line_error(tmp_path, capsys):
    status, _, err = run(["report", tmp_path / "none.csv"], capsys)
    assert_one_line_error(status, err, "none.csv")
    (tmp_path / "other.csv").write_text("a,b\n1,2\n")
    status, _, err = run(["report", tmp_path / "other.csv"], capsys)
    assert_one_line_error(status, err, "is not a study results file")
    (tmp_path / "broken.parquet").write_bytes(b"PAR1 not really")
    status, _, err = run(["report", tmp_path / "broken.parquet"], capsys)
    assert_one_line_error(status, err)
    (tmp_path / "s.csv").write_text("winner,end_reason,n_players\n0,win,2\n")
    status, _, err = run(["report", tmp_path / "s.csv", "--by", "lattice"], capsys)
    assert_one_line_error(status, err, "lattice")


# ---------------------------------------------------------------------------
# the shipped study files


ROOT = Path(__file__).resolve().parents[1]


def regenerate_commands() -> list[list[str]]:
    """The study commands of datasets/regenerate.sh (the LONG=1 ones too), as argument lists, one worker."""
    commands = []
    for line in (ROOT / "datasets" / "regenerate.sh").read_text().splitlines():
        line = line.strip()
        if line.startswith("$XH simulate "):
            words = shlex.split(line)[1:]
            commands.append(["1" if w == "$W" else w for w in words if w != "$@"])
    return commands


def test_regenerate_writes_each_study_file_once():
    outs = [cli.build_parser().parse_args(c).out for c in regenerate_commands()]
    assert len(outs) == len(set(outs)) == 38
    assert all(o.startswith("datasets/") and (ROOT / o).exists() for o in outs)


def commands_regenerate_runs(tmp_path: Path, part: str | None, long: bool = False) -> subprocess.CompletedProcess:
    """Run a copy of datasets/regenerate.sh whose commands only print themselves, one a line."""
    (tmp_path / "datasets").mkdir(exist_ok=True)
    script = tmp_path / "datasets" / "regenerate.sh"
    script.write_text((ROOT / "datasets" / "regenerate.sh").read_text())
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir(exist_ok=True)
    for name in ("xochintlan-hex", "python3"):  # the kit's command and the scripts' Python
        fake = bin_folder / name
        fake.write_text(f'#!/bin/sh\necho "{name} $*"\n')
        fake.chmod(0o755)
    env = {"PATH": f"{bin_folder}:/usr/bin:/bin", "LONG": "1" if long else "0"}
    if part is not None:
        env["PART"] = part
    return subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True, timeout=60)


def test_regenerate_part_runs_only_its_commands(tmp_path):
    every = commands_regenerate_runs(tmp_path, None).stdout.splitlines()
    studies_part = commands_regenerate_runs(tmp_path, "studies").stdout.splitlines()
    deals_part = commands_regenerate_runs(tmp_path, "deals").stdout.splitlines()
    assert every == studies_part + deals_part
    assert sum(line.startswith("xochintlan-hex simulate") for line in studies_part) == 32
    scripts = [line.split()[1] for line in studies_part if line.startswith("python3")]
    assert scripts == ["datasets/count_tilings.py", "datasets/solve_deals.py"]
    assert deals_part and all(line.startswith("python3 datasets/decide_deals.py") for line in deals_part)
    assert len(deals_part) == 11  # the exact solver's two passes, the finder's nine runs
    long_studies = commands_regenerate_runs(tmp_path, "studies", long=True).stdout.splitlines()
    assert long_studies[: len(studies_part)] == studies_part and len(long_studies) == len(studies_part) + 6
    assert commands_regenerate_runs(tmp_path, "deals", long=True).stdout.splitlines() == deals_part


def test_regenerate_refuses_an_unknown_part(tmp_path):
    refused = commands_regenerate_runs(tmp_path, "games")
    assert refused.returncode == 2 and refused.stdout == ""
    assert "PART is all, studies or deals, not 'games'" in refused.stderr


def games_its_command_keeps(args, study, shipped: pd.DataFrame) -> int:
    """``--games``; with ``--until``, the game at which its sequential test, replayed
    on the shipped games in order, decided (or ``--games`` if it never did).

    Only Xochintlan studies take ``--until``: a Hextremadura command has no such option."""
    if not getattr(args, "until", None):
        return args.games
    question = sequential.parse_until(args.until, args.alpha, args.beta)
    with contextlib.chdir(ROOT):  # a paired file is named from the repository root
        test = sequential.sequential_test(study, question)
    test(shipped.to_dict("records"))
    return args.games if test.decision is None else test.decision["games"]


@pytest.mark.slow  # 38 shipped studies played again in part: up to 20 s each
@pytest.mark.parametrize("command", regenerate_commands(), ids=lambda c: Path(c[-1]).stem)
def test_a_shipped_study_file_is_what_its_command_plays(command):
    """The file's size, first games and last games are those its command plays with today's kit.

    The last games too: a file grown with ``--extend`` was played in several runs."""
    args = cli.build_parser().parse_args(command)
    if args.game == "xochintlan":
        study = studies.xochintlan_study(args.games, args.players, rules_from_options(args), args.seed)
    else:
        tileset = args.tileset and ROOT / args.tileset  # the script runs from the repository root
        study = studies.hextremadura_study(args.games, args.player, tileset, args.seed)
    shipped = studies.read_results(ROOT / args.out)
    assert len(shipped) == games_its_command_keeps(args, study, shipped)
    games = sorted({0, 1, len(shipped) - 1})
    if args.game == "xochintlan" and any(p.startswith("ismcts") for p in study.parameters["players"]):
        # ismcts thinks for a while on every action: the shortest of the first and of the last ten games
        games = sorted({int(shipped.head(10)["turns"].idxmin()), int(shipped.tail(10)["turns"].idxmin())})
    played = study.to_frame(study.play_chunk(games, *study.args))
    assert_frame_equal(shipped.iloc[games].reset_index(drop=True), played)
