"""Fuzzing the readers and the command line: junk in, a clear refusal out, never a crash.

Hypothesis edits the cells of real results files, writes files of random bytes,
mangles the rows of kept chunks and strings random words into command lines.
Whatever comes in, the readers either refuse it with a ``ResultsError`` or give
back cells of the documented types, and the command answers with exit status 0
or a one-line error (2), never a traceback.

Bounded for ``make test`` (a few dozen examples each); ``make fuzz`` sets
``XOCHINTLAN_HEX_FUZZ_EXAMPLES`` for a long run.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xochintlan_hex import cli, simulate, studies
from xochintlan_hex.results import KNOWN_COLUMNS, ResultsError, column_of, row_problem

EXAMPLES = int(os.environ.get("XOCHINTLAN_HEX_FUZZ_EXAMPLES", "80"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="XOCHINTLAN_HEX_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

XOCHINTLAN = simulate.simulate_xochintlan(6, "random,random", seed=3, progress=False)
HEXTREMADURA = simulate.simulate_hextremadura(4, "random", seed=3, progress=False)
FRAMES = {"xochintlan": XOCHINTLAN, "hextremadura": HEXTREMADURA}

#: Cell texts that once slipped through: look-alike booleans, floats, huge numbers, blanks.
JUNK = st.one_of(
    st.sampled_from(["", "oops", "True", "False", "true", "1", "0", "-1", "3.5", "1e308", "99",
                     "100000000", "nan", "None", "NA", " 1", "9" * 30, "L", "win", "tie"]),
    st.text(max_size=12),
    st.integers(-10**20, 10**20).map(str),
)


def quiet_main(argv: list[str]) -> tuple[int, str]:
    """Run the command with its output captured: (exit status, stderr)."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as stop:  # --help and --version only
            status = stop.code
    return status, err.getvalue()


def assert_typed(frame: pd.DataFrame) -> None:
    """Every known column holds values of its documented type and range."""
    for name in frame.columns:
        column = column_of(str(name))
        if column is None:
            continue
        for value in frame[name]:
            if pd.isna(value):
                plain = None
            elif column.kind == "int":
                plain = int(value)
            elif column.kind == "bool":
                plain = bool(value) if isinstance(value, bool) or str(value) in ("True", "False") else value
            else:
                plain = value
            assert column.problem(plain) is None, (name, value)


@FUZZ
@given(game=st.sampled_from(list(FRAMES)), edits=st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 40), JUNK), min_size=1, max_size=4))
def test_edited_cells_are_refused_or_read_with_their_types(game, edits):
    text = FRAMES[game].astype(str).where(FRAMES[game].notna(), "")
    for row, column, value in edits:
        text.iloc[row % len(text), column % len(text.columns)] = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.csv"
        text.to_csv(path, index=False)
        try:
            frame = studies.read_results(path)
        except ResultsError as error:
            assert str(path) in str(error)
        else:
            assert_typed(frame)
        status, err = quiet_main(["report", str(path)])
        assert status in (0, 2) and "Traceback" not in err
        if status == 2:
            assert len(err.strip().splitlines()) == 1


@FUZZ
@given(data=st.binary(max_size=300), suffix=st.sampled_from([".csv", ".parquet"]))
def test_files_of_random_bytes_are_refused_in_one_line(data, suffix):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"s{suffix}"
        path.write_bytes(data)
        with contextlib.suppress(ResultsError, OSError):
            assert_typed(studies.read_results(path))
        status, err = quiet_main(["report", str(path)])
        assert status in (0, 2) and len(err.strip().splitlines()) <= 1, err


ROW = simulate.play_xochintlan_games([0], ["greedy", "random"], seed=3)[0]
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**19), st.floats(),
                   st.text(max_size=5), st.lists(st.integers(), max_size=2))


@FUZZ
@given(changes=st.dictionaries(st.sampled_from([*ROW, "extra"]), VALUES, min_size=1, max_size=3),
       drop=st.sets(st.sampled_from(list(ROW)), max_size=2))
def test_mangled_chunk_rows_are_named_never_a_crash(changes, drop):
    row = {k: v for k, v in {**ROW, **changes}.items() if k not in drop}
    problem = row_problem(row, list(ROW))
    if problem is None:  # accepted: every cell is of its column's type and range
        assert list(row) == list(ROW)
        assert all(column_of(k) is None or column_of(k).problem(v) is None for k, v in row.items())


WORDS = st.sampled_from([
    "simulate", "xochintlan", "hextremadura", "count", "report", "--games", "--players",
    "--player", "--seed", "--workers", "--chunk-size", "--lattice", "--tiles-per-kind",
    "--cards-per-player", "--endgame", "--max-turns", "--kind", "--max-n", "--by", "--csv",
    "--scheduler", "--tileset", "--resume", "--force", "-q", "greedy,random", "random",
    "hex", "square", "swap", "free", "0", "1", "2", "3", "-1", "99999999999", "x", "",
    "inproc://x", "n_players", "/dev/zero", "OUT", "RESULTS",
    "--until", "--alpha", "--beta", "advantage 0.1", "random beats greedy by 0.5",
    "differs by 0.1 from RESULTS", "0.3",
])


@FUZZ
@given(words=st.lists(WORDS, max_size=9))
def test_random_command_lines_answer_in_one_line_or_work(words):
    with tempfile.TemporaryDirectory() as folder:
        results = Path(folder) / "r.csv"
        XOCHINTLAN.to_csv(results, index=False)
        argv = [str(Path(folder) / "s.csv") if w == "OUT" else w.replace("RESULTS", str(results))
                for w in words]
        if "simulate" in argv:  # keep any study that does run small
            argv += ["--games", "2", "--max-turns", "30"]
        status, err = quiet_main(argv)
        assert status in (0, 2), (argv, err)
        assert "Traceback" not in err
        if status == 2:
            assert len(err.strip().splitlines()) == 1, (argv, err)


def test_every_known_column_refuses_a_wrong_type():
    for column in KNOWN_COLUMNS.values():
        assert column.problem([1]) is not None, column.name
