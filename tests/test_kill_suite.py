"""The kill suite: a study stopped at a random moment resumes to the very same bytes.

SIGKILL (nothing can run), SIGINT (Ctrl-C) and SIGTERM (a batch system's stop)
arrive at seeded random moments while games are played, while a resumed run
plays, and while the results file is assembled. Then a last ``--resume`` must
write exactly the file an uninterrupted run writes, byte for byte, and leave no
temporary file, lock or side directory behind.

Small on purpose (a 2-core machine): 16 games in chunks of 2, each chunk slowed
a little so that the moments fall inside each phase.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from xochintlan_hex import cli, studies

STUDY = [
    "simulate",
    "xochintlan",
    "--games",
    "16",
    "--players",
    "greedy,random",
    "--seed",
    "11",
    "--chunk-size",
    "2",
    "--quiet",
]

#: The real command, with each chunk and each assembled chunk a little slower, and a
#: line on stdout when each phase starts so that the kill lands inside it.
CHILD = textwrap.dedent("""
    import sys, time
    from xochintlan_hex import cli
    from xochintlan_hex.balance import simulate, study_runner
    real_play, real_stream = simulate.play_games, study_runner._stream_csv
    def play(indices, *args):
        time.sleep(0.05)
        return real_play(indices, *args)
    def slow(frames):
        for frame in frames:
            time.sleep(0.05)
            yield frame
    def stream(frames, empty, path):
        print("assembling", flush=True)
        real_stream(slow(frames), empty, path)
    simulate.play_games = play
    study_runner._stream_csv = stream
    print("playing", flush=True)
    sys.exit(cli.main(sys.argv[1:]))
""")

SIGNALS = {"kill": signal.SIGKILL, "ctrl-c": signal.SIGINT, "term": signal.SIGTERM}


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> bytes:
    out = tmp_path_factory.mktemp("whole") / "s.csv"
    assert cli.main([*STUDY, "--out", str(out)]) == 0
    return out.read_bytes()


def stop_during(argv: list[str], cwd: Path, phase: str, how: signal.Signals, rng: random.Random) -> int:
    """Run the command; once ``phase`` starts, wait a random moment and send ``how``."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, *argv], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        for line in child.stdout:
            if line.strip() == phase:
                time.sleep(rng.uniform(0.0, 0.4))
                child.send_signal(how)
                break
        return child.wait(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("name", list(SIGNALS))
def test_stopped_while_playing_resuming_and_assembling_resumes_byte_for_byte(tmp_path, uninterrupted, name):
    rng = random.Random(f"kill suite {name}")  # seeded: the same moments on every run
    out = tmp_path / "s.csv"
    how = SIGNALS[name]
    for phase, resume in (("playing", []), ("playing", ["--resume"]), ("assembling", ["--resume"])):
        status = stop_during([*STUDY, "--out", str(out), *resume], tmp_path, phase, how, rng)
        # Stopped (-signal or 130), or it finished just before the signal landed.
        assert status in (0, -how, 130), (phase, status)
    assert cli.main([*STUDY, "--out", str(out), "--resume"]) == 0
    assert out.read_bytes() == uninterrupted
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.csv"]
    assert not studies.parts_directory(out).exists()


def kill_once_written(argv: list[str], cwd: Path, written: Path) -> int:
    """Run the command and kill it (SIGKILL) as soon as ``written`` exists (within a minute)."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, *argv], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 60
        while not written.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        child.send_signal(signal.SIGKILL)
        return child.wait(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_links_planted_in_a_killed_study_are_refused_then_it_resumes_byte_for_byte(tmp_path, uninterrupted):
    """A study folder moved or shared after a kill may hold links: none is written through."""
    folder = tmp_path / "study"
    folder.mkdir()
    out = folder / "s.csv"
    parts = studies.parts_directory(out)
    manifest = parts / studies.MANIFEST_FILE
    # Killed once its first chunk is recorded (a slow start must not leave no manifest to plant a link on).
    status = kill_once_written([*STUDY, "--out", str(out), "--keep-parts"], folder, manifest)
    assert status in (0, -signal.SIGKILL)
    if status == 0:  # finished before the kill: keep its side directory, drop the results
        out.unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "manifest-copy.jsonl"
    target.write_bytes(manifest.read_bytes() + b'{"chunk": "cut')
    before = target.read_bytes()
    manifest.rename(folder / "manifest.kept")
    manifest.symlink_to(target)
    lock = studies.lock_path(out)
    lock.unlink(missing_ok=True)  # the killed run's own lock file: a link takes its place
    lock.symlink_to(elsewhere / "lock-target")
    for planted in (lock, manifest):
        assert cli.main([*STUDY, "--out", str(out), "--resume"]) == 2
        assert target.read_bytes() == before and not (elsewhere / "lock-target").exists()
        assert not out.exists()
        planted.unlink()
        if planted == manifest:
            (folder / "manifest.kept").rename(manifest)
    assert cli.main([*STUDY, "--out", str(out), "--resume"]) == 0
    assert out.read_bytes() == uninterrupted
    assert sorted(p.name for p in folder.iterdir()) == ["s.csv"]
    assert sorted(p.name for p in elsewhere.iterdir()) == ["manifest-copy.jsonl"]
