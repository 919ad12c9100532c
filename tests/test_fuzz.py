"""Fuzzing the readers and the command line: junk in, a clear refusal out, never a crash.

Hypothesis edits the cells of real results files, writes files of random bytes,
mangles the rows of kept chunks and strings random words into command lines.
Whatever comes in, the readers either refuse it with a ``ResultsError`` or give
back cells of the documented types, and the command answers with exit status 0
or a one-line error (2), never a traceback. It also makes rows whose every cell
is of its type but which say something impossible (fields swapped, rows copied,
a tie that names a winning animal ...), behind blank lines and multi-line cells:
each is refused with the file, the row, the line it starts on and the column.

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
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="XOCHINTLAN_HEX_FUZZ_EXAMPLES" not in os.environ,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

XOCHINTLAN = simulate.simulate_xochintlan(6, "random,random", seed=3, progress=False)
HEXTREMADURA = simulate.simulate_hextremadura(4, "random", seed=3, progress=False)
FRAMES = {"xochintlan": XOCHINTLAN, "hextremadura": HEXTREMADURA}

#: Cell texts that once slipped through: look-alike booleans, floats, huge numbers, blanks.
JUNK = st.one_of(
    st.sampled_from(
        [
            "",
            "oops",
            "True",
            "False",
            "true",
            "1",
            "0",
            "-1",
            "3.5",
            "1e308",
            "99",
            "100000000",
            "nan",
            "None",
            "NA",
            " 1",
            "9" * 30,
            "L",
            "win",
            "tie",
        ]
    ),
    st.text(max_size=12),
    st.integers(-(10**20), 10**20).map(str),
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
@given(
    game=st.sampled_from(list(FRAMES)),
    edits=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 40), JUNK), min_size=1, max_size=4),
)
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
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**19),
    st.floats(),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=2),
)


@FUZZ
@given(
    changes=st.dictionaries(st.sampled_from([*ROW, "extra"]), VALUES, min_size=1, max_size=3),
    drop=st.sets(st.sampled_from(list(ROW)), max_size=2),
)
def test_mangled_chunk_rows_are_named_never_a_crash(changes, drop):
    row = {k: v for k, v in {**ROW, **changes}.items() if k not in drop}
    problem = row_problem(row, list(ROW))
    if problem is None:  # accepted: every cell is of its column's type and range
        assert list(row) == list(ROW)
        assert all(column_of(k) is None or column_of(k).problem(v) is None for k, v in row.items())


WORDS = st.sampled_from(
    [
        "simulate",
        "xochintlan",
        "hextremadura",
        "count",
        "report",
        "--games",
        "--players",
        "--player",
        "--seed",
        "--workers",
        "--chunk-size",
        "--lattice",
        "--tiles-per-kind",
        "--cards-per-player",
        "--endgame",
        "--max-turns",
        "--kind",
        "--max-n",
        "--by",
        "--csv",
        "--scheduler",
        "--tileset",
        "--resume",
        "--force",
        "-q",
        "greedy,random",
        "random",
        "hex",
        "square",
        "swap",
        "free",
        "0",
        "1",
        "2",
        "3",
        "-1",
        "99999999999",
        "x",
        "",
        "inproc://x",
        "n_players",
        "/dev/zero",
        "OUT",
        "RESULTS",
        "--until",
        "--alpha",
        "--beta",
        "advantage 0.1",
        "random beats greedy by 0.5",
        "differs by 0.1 from RESULTS",
        "0.3",
    ]
)


@FUZZ
@given(words=st.lists(WORDS, max_size=9))
def test_random_command_lines_answer_in_one_line_or_work(words):
    with tempfile.TemporaryDirectory() as folder:
        results = Path(folder) / "r.csv"
        XOCHINTLAN.to_csv(results, index=False)
        argv = [str(Path(folder) / "s.csv") if w == "OUT" else w.replace("RESULTS", str(results)) for w in words]
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


# ---------------------------------------------------------------------------
# Rows well typed but inconsistent: every cell of its type, the row impossible


def _set(text: pd.DataFrame, row: int, column: str, value: str) -> None:
    text.loc[row, column] = value


def _won(text: pd.DataFrame) -> list[int]:
    return [i for i in range(len(text)) if text.loc[i, "end_reason"] == "win"]


def _not_won(text: pd.DataFrame) -> list[int]:
    return [i for i in range(len(text)) if text.loc[i, "end_reason"] != "win"]


def _other_player(name: str) -> str:
    return "greedy" if name != "greedy" else "random"


#: Xochintlan contradictions: (rows it applies to, the edit of one row, the columns an error may blame).
def _swap(text: pd.DataFrame, row: int, a: str, b: str) -> None:
    text.loc[row, [a, b]] = [text.loc[row, b], text.loc[row, a]]


def _every(text: pd.DataFrame) -> list[int]:
    return list(range(len(text)))


def _loser_hand(text: pd.DataFrame, row: int) -> str:
    return text.loc[row, f"cards_{1 - int(text.loc[row, 'winner'])}"]


XOCHINTLAN_CONTRADICTIONS = {
    "tie with a winning kind": (_not_won, lambda t, i: _set(t, i, "winning_kind", "M"), {"winning_kind"}),
    "tie with a winning card": (
        _not_won,
        lambda t, i: _set(t, i, "winning_card", t.loc[i, "cards_0"]),
        {"winning_card"},
    ),
    "win without a winner": (
        _won,
        lambda t, i: _set(t, i, "winner", ""),
        {"end_reason", "winner_player", "winning_kind", "winning_card"},
    ),
    "winner swapped": (
        _won,
        lambda t, i: _set(t, i, "winner", str(1 - int(t.loc[i, "winner"]))),
        {"winner_player", "winning_card"},
    ),
    "winner_player swapped with winning_kind": (
        _won,
        lambda t, i: _swap(t, i, "winner_player", "winning_kind"),
        {"winner_player", "winning_kind"},
    ),
    "winning card of the loser": (_won, lambda t, i: _set(t, i, "winning_card", _loser_hand(t, i)), {"winning_card"}),
    "cards swapped with a player name": (
        _every,
        lambda t, i: _swap(t, i, "cards_0", "player_0"),
        {"cards_0", "player_0"},
    ),
    "one card in both hands": (_every, lambda t, i: _set(t, i, "cards_1", t.loc[i, "cards_0"]), {"cards_1"}),
    "n_players beyond the seats": (_every, lambda t, i: _set(t, i, "n_players", "3"), {"n_players"}),
    "turn limit before the cap": (
        _not_won,
        lambda t, i: _set(t, i, "end_reason", "turn_limit"),
        {"turns", "end_reason"},
    ),
    "a win at turn 0": (_won, lambda t, i: _set(t, i, "turns", "0"), {"turns"}),
    "a winner named by another player": (
        _won,
        lambda t, i: _set(t, i, "winner_player", _other_player(t.loc[i, "winner_player"])),
        {"winner_player"},
    ),
}

HEXTREMADURA_CONTRADICTIONS = {
    "rating of another band": (
        _every,
        lambda t, i: _set(t, i, "rating", "star" if t.loc[i, "rating"] != "star" else "wanderer"),
        {"rating"},
    ),
    "score swapped with max_score": (
        lambda t: [i for i in range(len(t)) if t.loc[i, "score"] != t.loc[i, "max_score"]],
        lambda t, i: _swap(t, i, "score", "max_score"),
        {"score"},
    ),
    "more objectives met than held": (
        _every,
        lambda t, i: _set(t, i, "met_adjacent_pair", str(int(t.loc[i, "objectives_adjacent_pair"]) + 1)),
        {"met_adjacent_pair"},
    ),
}

#: A contradictory file: game, contradiction, the row it is made in, and any blank lines and
#: multi-line cells before it (the line an error names must still be the row's own).
CONTRADICTIONS = st.one_of(
    st.tuples(st.just("xochintlan"), st.sampled_from(list(XOCHINTLAN_CONTRADICTIONS))),
    st.tuples(st.just("hextremadura"), st.sampled_from(list(HEXTREMADURA_CONTRADICTIONS))),
)


def _with_blank_lines_and_notes(text: pd.DataFrame, blanks: list[int], notes: list[int]) -> str:
    """The CSV of ``text`` with a ``note`` column (multi-line in the rows ``notes``) and blank
    lines before the rows ``blanks``."""
    text = text.assign(note=["three\nline\nnote" if i in notes else "" for i in range(len(text))])
    lines = text.to_csv(index=False).splitlines(keepends=True)
    header, records, record = lines[0], [], ""
    for line in lines[1:]:  # whole records: a quoted note spans lines
        record += line
        if record.count('"') % 2 == 0:
            records.append(record)
            record = ""
    return header + "".join("\n" * (i in blanks) + r for i, r in enumerate(records))


def _line_of(csv_text: str, game: str) -> int:
    """The line on which the row of game ``game`` starts."""
    return next(number for number, line in enumerate(csv_text.split("\n"), 1) if line.startswith(f"{game},"))


@FUZZ
@given(
    which=CONTRADICTIONS,
    pick=st.integers(0, 10**6),
    blanks=st.sets(st.integers(0, 5), max_size=3),
    notes=st.sets(st.integers(0, 5), max_size=2),
)
def test_rows_well_typed_but_inconsistent_are_refused_with_file_row_line_and_column(which, pick, blanks, notes):
    game, name = which
    rows, edit, blamed = (XOCHINTLAN_CONTRADICTIONS if game == "xochintlan" else HEXTREMADURA_CONTRADICTIONS)[name]
    text = FRAMES[game].astype(object).where(FRAMES[game].notna(), "").astype(str).reset_index(drop=True)
    candidates = rows(text)
    assert candidates, name
    row = candidates[pick % len(candidates)]
    edit(text, row)
    csv_text = _with_blank_lines_and_notes(text, sorted(blanks), sorted(notes))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.csv"
        path.write_text(csv_text, encoding="utf-8")
        with pytest.raises(ResultsError) as refused:
            studies.read_results(path)
    message = str(refused.value)
    line = _line_of(csv_text, text.loc[row, "game"])
    assert message.startswith(f"{path}, row {row + 1} (line {line}), column "), (name, message)
    assert any(f"column {column!r}:" in message for column in blamed), (name, message)


@FUZZ
@given(
    game=st.sampled_from(list(FRAMES)), copies=st.lists(st.integers(0, 5), min_size=1, max_size=3), at=st.integers(0, 6)
)
def test_duplicated_rows_are_refused_with_file_row_line_and_column(game, copies, at):
    text = FRAMES[game].astype(object).where(FRAMES[game].notna(), "").astype(str).reset_index(drop=True)
    copied = text.iloc[[c % len(text) for c in copies]]
    at = min(at, len(text))
    doubled = pd.concat([text.iloc[:at], copied, text.iloc[at:]], ignore_index=True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.csv"
        doubled.to_csv(path, index=False)
        with pytest.raises(ResultsError) as refused:
            studies.read_results(path)
    again = int(doubled["game"].duplicated().to_numpy().argmax())
    assert str(refused.value).startswith(
        f"{path}, row {again + 1} (line {again + 2}), column 'game': {doubled.loc[again, 'game']} appears again"
    )


@FUZZ
@given(
    changes=st.dictionaries(
        st.sampled_from(
            [
                "winner",
                "winner_player",
                "winning_kind",
                "winning_card",
                "turns",
                "end_reason",
                "cards_0",
                "cards_1",
                "n_players",
            ]
        ),
        st.sampled_from([None, 0, 1, 2, 3, "L", "B", "greedy", "random", "win", "tie", "turn_limit", "F", "X", "P+L"]),
        min_size=1,
        max_size=3,
    )
)
def test_chunk_rows_and_file_rows_are_held_to_the_same_rules(changes):
    """A row a chunk check accepts is one the file reader accepts, and the other way round."""
    row = {**ROW, **changes}
    chunk_says = row_problem(row, list(ROW))
    text = pd.DataFrame([row]).astype(object)
    text = text.where(text.notna(), "").astype(str)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.csv"
        text.to_csv(path, index=False)
        try:
            studies.read_results(path)
            file_says = None
        except ResultsError as error:
            file_says = str(error)
    assert (chunk_says is None) == (file_says is None), (row, chunk_says, file_says)
