"""``report`` gives the figures it always gave on every shipped study, within a few
times the file's size in memory."""

import tracemalloc
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import scipy

from xochintlan_hex import stats, studies
from xochintlan_hex.cli import main
from xochintlan_hex.game import game_names
from xochintlan_hex.results import ResultsError
from xochintlan_hex.simulate import game_seed
from xochintlan_hex.studies import read_results

#: ``stats.report`` of every shipped study, as the kit gave it before its report was
#: made lighter in memory (17 significant digits).
BEFORE = "tests/data/report_figures_before_memory.csv"

FIGURES = ["estimate", "low", "high", "n", "p_value"]

#: The reference was computed with SciPy 1.17; other SciPy versions (the oldest the kit
#: declares, 1.11) compute Student's t quantile differently in the ninth digit, which
#: moves a few mean intervals by about 1e-9 of their value. A change of the kit's own
#: arithmetic moves figures far more than that.
SAME_SCIPY = scipy.__version__.startswith("1.17.")
TOLERANCE = 1e-12 if SAME_SCIPY else 1e-7


@pytest.mark.parametrize("name", sorted(pd.read_csv(BEFORE)["dataset"].unique()))
def test_report_figures_unchanged_on_every_shipped_study(name):
    before = pd.read_csv(BEFORE, keep_default_na=False, na_values={c: [""] for c in FIGURES})
    before = before[before["dataset"] == name].drop(columns="dataset").reset_index(drop=True)
    now = stats.report(read_results(Path("datasets") / name))
    assert list(now.columns) == list(before.columns)
    for column in ("metric", "level", "note"):
        assert now[column].astype(str).tolist() == before[column].astype(str).tolist(), column
    for column in FIGURES:
        np.testing.assert_allclose(
            now[column].to_numpy(float),
            before[column].to_numpy(float),
            rtol=TOLERANCE,
            atol=TOLERANCE,
            err_msg=f"{name}: {column}",
        )


def test_every_shipped_study_is_compared():
    compared = set(pd.read_csv(BEFORE)["dataset"])
    studies = {
        p.name
        for p in Path("datasets").glob("*.csv")
        if p.name.startswith(("xochintlan_", "hextremadura_", "class_session_"))
    }
    # The tables that are not studies of games: counts, tilings, perft, the solvers' deals.
    not_studies = {"xochintlan_perft.csv", "hextremadura_solver.csv", "hextremadura_decided.csv"}
    assert compared == studies - not_studies


def larger_study(games: int, folder: Path) -> Path:
    """A study file of ``games`` games: the shipped greedy self-play repeated, its game
    numbers and seeds renumbered (only its size matters here)."""
    shipped = pd.read_csv("datasets/xochintlan_greedy_selfplay_2p.csv", dtype=str, keep_default_na=False)
    copies = -(-games // len(shipped))
    frame = pd.concat([shipped] * copies, ignore_index=True).iloc[:games]
    frame["game"] = [str(i) for i in range(games)]
    frame["seed"] = [str(game_seed(1, i)) for i in range(games)]
    path = folder / "larger.csv"
    frame.to_csv(path, index=False)
    return path


#: What ``report`` may allocate (traced by tracemalloc: Python objects and NumPy
#: arrays), as a multiple of the file's size. Measured with pandas 3: 6.1x now that
#: the file is read, checked and typed block by block, against 7.35x when it was read
#: whole, then checked (the issue's target, 5x, is not met yet: see
#: docs/explanation/reliability.md). pandas 2 (the oldest the kit declares) holds its
#: intermediate text columns less compactly: 9.5x measured, so it keeps 10x.
MEMORY_BOUND = 6.5 if int(pd.__version__.split(".")[0]) >= 3 else 10


def test_report_memory_stays_within_a_few_times_the_file(tmp_path, capsys):
    path = larger_study(20_000, tmp_path)
    size = path.stat().st_size
    import scipy.stats  # noqa: F401  (the report imports it on first use: not the file's cost)

    game_names()  # nor is loading the registered games, done once per process

    tracemalloc.start()
    try:
        assert main(["report", str(path)]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "20,000 games" in capsys.readouterr().out
    assert peak < MEMORY_BOUND * size, f"report peaked at {peak / size:.1f}x the file's size"


# ---------------------------------------------------------------------------
# A file read, checked and typed block by block is held to every rule, across blocks too


def test_a_game_repeated_in_a_later_block_is_refused(tmp_path, monkeypatch):
    path = larger_study(8, tmp_path)  # read in blocks of 3 rows below
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[7] = lines[1]  # row 7 (line 8, third block) copies row 1 (line 2, first block)
    path.write_text("".join(lines), encoding="utf-8")
    monkeypatch.setattr(studies, "FRAME_BLOCK_ROWS", 3)
    with pytest.raises(ResultsError, match=r"row 7 \(line 8\), column 'game': 0 appears again \(first on row 1\)"):
        read_results(path)


def test_a_seed_repeated_in_a_later_block_is_refused(tmp_path, monkeypatch):
    path = larger_study(8, tmp_path)  # read in blocks of 3 rows below
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    frame.loc[6, "seed"] = frame.loc[2, "seed"]
    frame.to_csv(path, index=False)
    monkeypatch.setattr(studies, "FRAME_BLOCK_ROWS", 3)
    with pytest.raises(ResultsError, match=r"row 7 \(line 8\), column 'seed': .* appears again \(first on row 3\)"):
        read_results(path)


def test_a_bad_cell_in_a_later_block_names_its_own_row_and_line(tmp_path, monkeypatch):
    path = larger_study(8, tmp_path)  # read in blocks of 3 rows below
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    frame.loc[4, "turns"] = "x"
    frame.to_csv(path, index=False)
    monkeypatch.setattr(studies, "FRAME_BLOCK_ROWS", 3)
    with pytest.raises(ResultsError, match=r"row 5 \(line 6\), column 'turns': 'x' is not an integer"):
        read_results(path)


def test_a_broken_row_rule_in_a_later_block_names_its_own_row(tmp_path, monkeypatch):
    path = larger_study(8, tmp_path)  # read in blocks of 3 rows below
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    frame.loc[7, "winner"] = "1" if frame.loc[7, "winner"] == "0" else "0"  # not the seat that holds the winning card
    frame.to_csv(path, index=False)
    monkeypatch.setattr(studies, "FRAME_BLOCK_ROWS", 3)
    with pytest.raises(ResultsError, match=r"row 8 \(line 9\), column 'winning_card': .* is not in the winner's hand"):
        read_results(path)


def test_reading_in_blocks_keeps_each_distinct_text_once(tmp_path, monkeypatch):
    monkeypatch.setattr(studies, "FRAME_BLOCK_ROWS", 3)
    frame = read_results(larger_study(12, tmp_path))
    for name in ("winner_player", "winning_kind", "winning_card"):
        texts = [cell for cell in frame[name] if isinstance(cell, str)]
        assert len({id(cell) for cell in texts}) == len(set(texts)), name
