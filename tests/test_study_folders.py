"""A study writes only inside its folder and its output: no link is followed, no other study touched.

A study folder may come from an archive or a shared disk, so any of its names can
be a link to a file elsewhere. Each test plants one and checks that the run stops
with one line naming it, before any game, and that the file behind the link is
untouched; or, for a chunk, that the bad chunk is set aside unread.
"""

from __future__ import annotations

import os
import signal
import stat
from pathlib import Path

import pytest

from xochintlan_hex import cli, simulate, studies

STUDY = [
    "simulate",
    "xochintlan",
    "--games",
    "8",
    "--players",
    "greedy,random",
    "--seed",
    "5",
    "--chunk-size",
    "2",
    "--quiet",
]


def run(argv, capsys):
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status, err, *words):
    assert status == 2 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("xochintlan-hex: error: "), err
    for word in words:
        assert word in lines[0], (word, lines[0])


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if a game is played."""

    def refuse(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr("xochintlan_hex.balance.simulate.play_games", refuse)


@pytest.fixture
def kept_study(tmp_path, capsys) -> Path:
    """A finished study whose side directory was kept and whose results file is gone."""
    out = tmp_path / "study" / "s.csv"
    out.parent.mkdir()
    assert run([*STUDY, "--out", out, "--keep-parts"], capsys)[0] == 0
    out.unlink()
    return out


def victim(tmp_path: Path, text: str = "a file of yours\nlast line\n") -> Path:
    path = tmp_path / "elsewhere" / "precious.txt"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)
    return path


# --- 8: another study's temporaries ------------------------------------------


def test_a_study_never_removes_the_temporaries_of_a_study_with_a_longer_name(tmp_path):
    other = tmp_path / f".r.csv.v2.csv.{os.getpid()}.0a1b2c3d.tmp"  # r.csv.v2.csv's, in flight
    other.write_text("half written")
    ours = tmp_path / ".r.csv.4242.0a1b2c3d.tmp"
    ours.write_text("left by a killed run")
    removed = studies.remove_leftover_temporaries(tmp_path / "r.csv")
    assert removed == [ours] and other.exists() and not ours.exists()


# --- 6 and 9: links and odd files in the study folder -------------------------


def test_a_linked_manifest_is_refused_and_its_target_untouched(tmp_path, kept_study, capsys):
    manifest = studies.parts_directory(kept_study) / studies.MANIFEST_FILE
    target = victim(tmp_path, manifest.read_text() + '{"chunk": "cut sh')
    before = target.read_bytes()
    manifest.unlink()
    manifest.symlink_to(target)
    status, _, err = run([*STUDY, "--out", kept_study, "--resume"], capsys)
    assert_one_line_error(status, err, str(manifest), "link")
    assert target.read_bytes() == before and not kept_study.exists()


def test_a_dangling_lock_link_creates_nothing(tmp_path, capsys, no_games):
    out = tmp_path / "s.csv"
    target = tmp_path / "elsewhere" / "created.txt"
    target.parent.mkdir()
    studies.lock_path(out).symlink_to(target)
    status, _, err = run([*STUDY, "--out", out], capsys)
    assert_one_line_error(status, err, str(studies.lock_path(out)), "link")
    assert not target.exists() and not out.exists()


@pytest.mark.parametrize("what", ["link to a folder", "file"])
def test_a_quarantine_that_is_no_folder_stops_the_run_before_any_game(tmp_path, capsys, no_games, what):
    out = tmp_path / "s.csv"
    kept = out.with_name("s.csv.quarantine")
    if what == "file":
        kept.write_text("not a folder")
    else:
        (tmp_path / "elsewhere").mkdir()
        kept.symlink_to(tmp_path / "elsewhere")
    status, _, err = run([*STUDY, "--out", out], capsys)
    assert_one_line_error(status, err, str(kept))
    assert not out.exists() and not studies.parts_directory(out).exists()


def test_a_linked_side_directory_is_refused_before_any_game(tmp_path, kept_study, capsys, no_games):
    parts = studies.parts_directory(kept_study)
    moved = tmp_path / "elsewhere"
    parts.rename(moved)
    parts.symlink_to(moved, target_is_directory=True)
    listing = sorted(p.name for p in moved.iterdir())
    status, _, err = run([*STUDY, "--out", kept_study, "--resume"], capsys)
    assert_one_line_error(status, err, str(parts), "link")
    assert sorted(p.name for p in moved.iterdir()) == listing and not kept_study.exists()


def test_a_linked_quarantine_inside_the_side_directory_is_refused(tmp_path, kept_study, capsys, no_games):
    (tmp_path / "elsewhere").mkdir()
    inside = studies.parts_directory(kept_study) / studies.QUARANTINE
    inside.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    status, _, err = run([*STUDY, "--out", kept_study, "--resume"], capsys)
    assert_one_line_error(status, err, str(inside), "link")
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_a_chunk_linked_to_a_device_is_refused_unread(kept_study, capsys, no_games):
    chunk = sorted(studies.parts_directory(kept_study).glob("games-*.json"))[0]
    chunk.unlink()
    chunk.symlink_to("/dev/zero")
    status, _, err = run([*STUDY, "--out", kept_study, "--resume"], capsys)
    assert_one_line_error(status, err, str(chunk), "link")


def test_a_fifo_chunk_is_set_aside_without_waiting(kept_study, capsys):
    chunk = sorted(studies.parts_directory(kept_study).glob("games-*.json"))[0]
    chunk.unlink()
    os.mkfifo(chunk)

    def waited(signum, frame):
        raise AssertionError("the run waited for a writer on the pipe")

    previous = signal.signal(signal.SIGALRM, waited)
    signal.alarm(30)  # reading the pipe would wait for ever: fail instead
    try:
        status, _, err = run([*STUDY, "--out", kept_study, "--resume"], capsys)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert status == 0 and "not a regular file" in err
    kept = kept_study.with_name("s.csv.quarantine") / chunk.name
    assert stat.S_ISFIFO(kept.lstat().st_mode)
    expected = simulate.simulate_xochintlan(8, ["greedy", "random"], seed=5, progress=False)
    assert studies.read_results(kept_study).equals(expected)


def test_a_chunk_larger_than_its_games_can_be_is_set_aside(kept_study, capsys):
    parts = studies.parts_directory(kept_study)
    chunk = sorted(parts.glob("games-*.json"))[0]
    with open(chunk, "ab") as file:
        file.truncate(studies.chunk_size_limit(2) + 1)
    status, _, err = run([*STUDY, "--out", kept_study, "--resume"], capsys)
    assert status == 0 and "bytes" in err and chunk.name in err
    assert (kept_study.with_name("s.csv.quarantine") / chunk.name).stat().st_size > studies.chunk_size_limit(2)
