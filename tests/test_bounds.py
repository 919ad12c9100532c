"""Every entry point bounded: workers, studies by their players' cost, puzzle regions and
counts, input files; and ``print`` writes its PDF whole or not at all.

Each refusal is one line and exit 2, before the work starts, and says the limit.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from xochintlan_hex import cli, players, puzzles, simulate, studies


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
    def refuse(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr("xochintlan_hex.balance.simulate.play_games", refuse)


@pytest.fixture
def never_waits():
    """Fail (rather than hang) if the command waits more than 30 s, e.g. on a pipe."""

    def waited(signum, frame):
        raise AssertionError("the command waited on its input")

    previous = signal.signal(signal.SIGALRM, waited)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


# --- 10: workers ---------------------------------------------------------------


@pytest.mark.parametrize("workers", [30, 100000])
def test_more_workers_than_games_or_cores_are_refused(tmp_path, capsys, no_games, workers):
    status, _, err = run(
        [
            "simulate",
            "xochintlan",
            "--games",
            "2",
            "--players",
            "greedy,random",
            "--workers",
            workers,
            "--out",
            tmp_path / "s.csv",
        ],
        capsys,
    )
    assert_one_line_error(status, err, f"--workers {workers}", "at most", "--force")
    assert list(tmp_path.iterdir()) == []


def test_workers_past_the_cores_run_with_force(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("xochintlan_hex.balance.study_spec.usable_cores", lambda: 1)
    argv = [
        "simulate",
        "xochintlan",
        "--games",
        "4",
        "--players",
        "greedy,random",
        "--quiet",
        "--workers",
        "2",
        "--out",
        tmp_path / "s.csv",
    ]
    status, _, err = run(argv, capsys)
    assert_one_line_error(status, err, "at most 1", "1 cores")
    assert run([*argv, "--force"], capsys)[0] == 0


# --- 13: study size by the players' cost ----------------------------------------


def test_a_study_of_slow_players_is_refused_with_its_estimate(tmp_path, capsys, no_games):
    status, _, err = run(
        ["simulate", "xochintlan", "--games", "9000000", "--players", "ismcts,ismcts", "--out", tmp_path / "s.csv"],
        capsys,
    )
    assert_one_line_error(status, err, "9,000,000 games", "years", "--force")
    assert list(tmp_path.iterdir()) == []


def test_the_same_number_of_fast_games_is_allowed():
    studies.check_study_size(studies.xochintlan_study(9_000_000, "random,random"))


def test_every_registered_player_has_a_measured_cost():
    for game, registered in players.PLAYERS.items():
        assert set(players.GAME_SECONDS[game]) == set(registered)
    costs = players.GAME_SECONDS["xochintlan"]
    assert costs["ismcts"] > 100 * costs["greedy"] > 0


# --- 12: puzzle regions -------------------------------------------------------------


@pytest.mark.parametrize("region", ["3000x3000", "100000x100000"])
def test_a_huge_region_is_refused_before_it_is_built(region, capsys, monkeypatch):
    def built(*args, **kwargs):
        raise AssertionError("the region's cells were built")

    monkeypatch.setattr(puzzles, "_rectangle_with_centre_hole", built)
    with pytest.raises(ValueError, match="areas must match"):
        puzzles.Puzzle(region, "pentominoes")
    monkeypatch.undo()
    status, _, err = run(["puzzle", "count", region], capsys)
    assert_one_line_error(status, err, "at most 10,000 cells")


def test_a_count_that_would_take_years_is_refused_with_its_estimate(capsys):
    status, _, err = run(["puzzle", "count", "14x15", "--pieces", "hexominoes"], capsys)
    assert_one_line_error(status, err, "14x15", "would take about", "--force")


def test_the_estimate_of_a_count_is_seeded_and_finite():
    puzzle = puzzles.Puzzle("6x10", "pentominoes")
    assert 0 < puzzle.estimate_count_seconds(probes=50) < float("inf")


# --- 11: input files ------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_print_tiles_reads_only_a_regular_tileset_file(tmp_path, capsys, never_waits, kind):
    if kind == "device":
        source = Path("/dev/zero")
    else:
        source = tmp_path / "pipe.json"
        os.mkfifo(source)
    status, _, err = run(["print", "tiles", "--tileset", source, "--out", tmp_path / "t.pdf"], capsys)
    assert status == 2 and "not a regular file" in err and "Traceback" not in err
    assert not (tmp_path / "t.pdf").exists()


def test_print_tiles_refuses_a_huge_tileset_before_reading_it(tmp_path, capsys):
    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(2_000_000)
    status, _, err = run(["print", "tiles", "--tileset", big, "--out", tmp_path / "t.pdf"], capsys)
    assert status == 2 and "2,000,000 bytes" in err


# --- 7: print is atomic --------------------------------------------------------------------


def test_ctrl_c_while_printing_leaves_the_old_pdf_whole(tmp_path, capsys, monkeypatch):
    from matplotlib.backends.backend_pdf import PdfPages

    out = tmp_path / "out.pdf"
    out.write_bytes(b"%PDF the old, good file")
    real_savefig, pages = PdfPages.savefig, []

    def interrupted(self, *args, **kwargs):
        pages.append(1)
        if len(pages) == 2:
            raise KeyboardInterrupt
        return real_savefig(self, *args, **kwargs)

    monkeypatch.setattr(PdfPages, "savefig", interrupted)
    status, _, _ = run(["print", "hexominoes", "--out", out], capsys)
    assert status == 130
    assert out.read_bytes() == b"%PDF the old, good file"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


# --- 14: chunk size ---------------------------------------------------------------------


def test_a_chunk_size_past_the_limit_is_refused_before_any_game(tmp_path, capsys, no_games):
    status, _, err = run(
        [
            "simulate",
            "xochintlan",
            "--games",
            "20",
            "--players",
            "greedy,random",
            "--chunk-size",
            studies.MAX_CHUNK_SIZE + 1,
            "--out",
            tmp_path / "s.csv",
        ],
        capsys,
    )
    assert_one_line_error(status, err, "--chunk-size", f"{studies.MAX_CHUNK_SIZE:,}", "--force")
    assert list(tmp_path.iterdir()) == []


# --- 14: report memory -------------------------------------------------------------------

DATASETS = Path(__file__).resolve().parents[1] / "datasets"


def renumbered_copies(folder: Path, copies: int) -> Path:
    """The shipped greedy study ``copies`` times over, game indices and seeds renumbered."""
    import pandas as pd

    shipped = pd.read_csv(DATASETS / "xochintlan_greedy_selfplay_2p.csv", dtype=str, keep_default_na=False)
    out = folder / "big.csv"
    with open(out, "w", encoding="utf-8", newline="") as file:
        for copy in range(copies):
            block = shipped.copy()
            block["game"] = [str(copy * len(shipped) + i) for i in range(len(shipped))]
            block["seed"] = [str(simulate.game_seed(1, copy * len(shipped) + i)) for i in range(len(shipped))]
            block.to_csv(file, index=False, header=copy == 0)
    return out


def test_a_file_read_in_blocks_is_the_file_read_whole(tmp_path, monkeypatch):
    path = renumbered_copies(tmp_path, 2)
    whole = studies.read_results(path)
    monkeypatch.setattr(
        "xochintlan_hex.balance.study_files.FRAME_BLOCK_ROWS", 777
    )  # blocks that end mid-file, and a short last one
    blocks = studies.read_results(path)
    assert blocks.equals(whole) and (blocks.dtypes == whole.dtypes).all()
    assert list(blocks.index) == list(range(len(whole)))


def test_reading_a_results_file_takes_a_few_times_its_size(tmp_path):
    import tracemalloc

    path = renumbered_copies(tmp_path, 8)  # 40,000 games, 5 MB
    tracemalloc.start()
    try:
        frame = studies.read_results(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(frame) == 40_000
    # One Python string a cell took 14x the file's size; shared texts about 8x.
    assert peak < 10 * path.stat().st_size, peak / path.stat().st_size
