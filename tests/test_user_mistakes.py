"""A user's mistake is one line and exit status 2, never a traceback or wasted work.

Each test is a command that once ended in a traceback (exit status 1), played
every game three times for nothing, or let a cell of a file write itself into a
spreadsheet formula or a terminal escape.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pandas as pd
import pytest

from xochintlan_hex import cli, simulate, studies

ROOT = Path(__file__).resolve().parents[1]


def run(argv, capsys):
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status, err, *words):
    assert status == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("xochintlan-hex: error: "), err
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The issue's x.csv (random against random: wins and ties) and a Hextremadura study."""
    folder = tmp_path_factory.mktemp("mistakes")
    xochintlan = simulate.simulate_xochintlan(30, "random,random", seed=1, progress=False)
    assert (xochintlan["end_reason"] == "tie").any()
    xochintlan.to_csv(folder / "x.csv", index=False)
    simulate.simulate_hextremadura(5, "random", seed=1, progress=False).to_csv(folder / "h.csv", index=False)
    return folder


# ---------------------------------------------------------------------------
# Item 5: a player name is spelt once, before any game


def test_a_capitalised_player_plays_each_game_once_and_the_study_ends(tmp_path, capsys, monkeypatch):
    played = []
    real = simulate.play_games

    def counting(indices, *args):
        played.extend(indices)
        return real(indices, *args)

    monkeypatch.setattr("xochintlan_hex.balance.simulate.play_games", counting)
    out = tmp_path / "s.csv"
    status, _, err = run(
        [
            "simulate",
            "xochintlan",
            "--games",
            "40",
            "--players",
            "Greedy, random",
            "--chunk-size",
            "10",
            "-q",
            "--out",
            out,
        ],
        capsys,
    )
    assert status == 0, err
    assert sorted(played) == list(range(40))  # each game once: no chunk failed its check
    frame = studies.read_results(out)
    assert set(frame["player_0"]) == {"greedy"} and set(frame["player_1"]) == {"random"}


def test_study_names_are_the_registrys_spelling():
    assert studies.xochintlan_study(4, "Greedy,RANDOM").description()["players"] == ["greedy", "random"]
    assert studies.hextremadura_study(4, " Random ").description()["player"] == "random"


def test_an_unknown_player_is_refused_before_any_game(tmp_path, capsys):
    status, _, err = run(
        ["simulate", "xochintlan", "--games", "4", "--players", "gredy,random", "-q", "--out", tmp_path / "s.csv"],
        capsys,
    )
    assert_one_line_error(status, err, "unknown Xochintlan player 'gredy'")
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------
# Item 15: mistakes that ended in a traceback


def test_a_xochintlan_file_without_turns_is_one_line(tmp_path, capsys):
    path = tmp_path / "m.csv"
    path.write_text("winner,end_reason\n0,win\n,tie\n")
    status, _, err = run(["report", path], capsys)
    assert_one_line_error(status, err, "m.csv", "no column 'turns', 'n_players'")


def test_a_study_without_its_turns_column_is_one_line(tmp_path, capsys, files):
    path = tmp_path / "no_turns.csv"
    pd.read_csv(files / "x.csv", dtype=str, keep_default_na=False).drop(columns="turns").to_csv(path, index=False)
    status, _, err = run(["report", path], capsys)
    assert_one_line_error(status, err, "no column 'turns'")


def test_a_xochintlan_and_a_hextremadura_file_are_not_pooled(capsys, files):
    status, _, err = run(["report", files / "x.csv", files / "h.csv"], capsys)
    assert_one_line_error(status, err, "x.csv (Xochintlan) and", "h.csv (Hextremadura) are studies of two games")


def test_the_same_file_twice_is_not_counted_twice(capsys, files):
    status, _, err = run(["report", files / "x.csv", files / "x.csv"], capsys)
    assert_one_line_error(status, err, "are the same file")


@pytest.mark.parametrize(
    "by, words",
    [
        ("winner", ["'winner' is empty in", "a tie has no winner"]),
        ("n_players,n_players", ["'n_players' named twice"]),
    ],
)
def test_a_grouping_that_cannot_be_made_is_one_line(capsys, files, by, words):
    status, _, err = run(["report", files / "x.csv", "--by", by], capsys)
    assert_one_line_error(status, err, *words)


def test_a_gap_too_small_to_resolve_is_one_line(capsys, files):
    status, _, err = run(["report", files / "x.csv", "--difference", "1e-300"], capsys)
    assert_one_line_error(status, err, "difference must be at least 1/1000", "1e-300")


def test_count_with_a_400_digit_size_is_one_line(capsys):
    status, _, err = run(["count", "--max-n", "9" * 400], capsys)
    assert_one_line_error(status, err, "a 400-digit number of cells", "more than 10^300")
    status, _, err = run(["count", "--max-n", "9" * 400, "--force"], capsys)
    assert_one_line_error(status, err, "no machine can finish it, even with --force")


#: A child that starts the command as the installed ``xochintlan-hex`` script does
#: (``from xochintlan_hex_command import launch``) and presses Ctrl-C at the moment the
#: module ``{module}`` is looked for.
INTERRUPTED_AT_START = textwrap.dedent("""
    import os, signal, sys

    # Ctrl-C acts as in a terminal, even when the tests were started with it ignored (in the background)
    signal.signal(signal.SIGINT, signal.default_int_handler)

    class PressCtrlC:
        def find_spec(self, name, path=None, target=None):
            if name == {module!r}:
                os.kill(os.getpid(), signal.SIGINT)
            return None

    sys.meta_path.insert(0, PressCtrlC())
    sys.argv = ["xochintlan-hex", "count", "--max-n", "4"]
    from xochintlan_hex_command import launch
    launch()
""")


@pytest.mark.parametrize(
    "module",
    [
        "xochintlan_hex.i18n",  # while the package xochintlan_hex itself is imported
        "pandas",  # while the command line loads its heavy modules
    ],
)
def test_ctrl_c_during_start_up_is_one_line_and_status_130(module):
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C", "LC_ALL": "C"}
    child = INTERRUPTED_AT_START.format(module=module)
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, env=environment, timeout=60)
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip() == "xochintlan-hex: interrupted", done.stderr
    assert done.stdout == ""


def test_the_command_is_started_by_the_launcher_that_catches_ctrl_c():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["xochintlan-hex"] == "xochintlan_hex_command:launch"
    assert "xochintlan_hex_command" in project["tool"]["setuptools"]["py-modules"]


# ---------------------------------------------------------------------------
# Item 17: cells that would run in a spreadsheet or a terminal


def test_report_csv_cells_cannot_be_spreadsheet_formulas(tmp_path, capsys, files):
    frame = pd.read_csv(files / "x.csv", dtype=str, keep_default_na=False)
    frame["site"] = ['=HYPERLINK("http://example.com","click")'] * 10 + ["+1"] * 10 + ["@SUM(A1)"] * 10
    path = tmp_path / "formula.csv"
    frame.to_csv(path, index=False)
    status, out, err = run(["report", path, "--by", "site", "--csv"], capsys)
    assert status == 0, err
    table = pd.read_csv(pd.io.common.StringIO(out), dtype=str, keep_default_na=False)
    assert set(table["site"]) == {'\'=HYPERLINK("http://example.com","click")', "'+1", "'@SUM(A1)"}
    # Numbers stay numbers, a negative first-player advantage too.
    estimates = pd.to_numeric(table["estimate"], errors="coerce")
    assert estimates.notna().any() and not table["estimate"].str.startswith("'").any()


def test_neutralised_keeps_negative_numbers_and_quotes_text():
    table = pd.DataFrame({"level": ["=1+1", "-x", "L'"], "estimate": [-0.25, 0.5, 1.0]})
    assert cli.neutralised(table).values.tolist() == [["'=1+1", -0.25], ["'-x", 0.5], ["L'", 1.0]]


def test_terminal_escapes_in_cells_are_shown_not_run(tmp_path, capsys, files):
    frame = pd.read_csv(files / "x.csv", dtype=str, keep_default_na=False)
    frame["site"] = ["\x1b]0;owned\x07\x1b[31mred"] * 30
    path = tmp_path / "escape.csv"
    frame.to_csv(path, index=False)
    status, out, err = run(["report", path, "--by", "site"], capsys)
    assert status == 0, err
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b]0;owned\\x07\\x1b[31mred" in out


def test_csv_on_a_terminal_shows_escapes_and_in_a_file_keeps_the_data(tmp_path, capsys, files, monkeypatch):
    """``report --csv`` printed on a terminal cannot recolour or retitle it; piped to a
    file, the cells stay the data's own bytes."""
    frame = pd.read_csv(files / "x.csv", dtype=str, keep_default_na=False)
    frame["site"] = ["\x1b]0;owned\x07\x1b[31mred"] * 30
    path = tmp_path / "escape.csv"
    frame.to_csv(path, index=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    status, on_terminal, err = run(["report", path, "--by", "site", "--csv"], capsys)
    assert status == 0, err
    assert "\x1b" not in on_terminal and "\x07" not in on_terminal
    assert "\\x1b]0;owned\\x07\\x1b[31mred" in on_terminal
    assert on_terminal.count("\n") > 1  # the rows still end their lines
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    _, in_a_file, _ = run(["report", path, "--by", "site", "--csv"], capsys)
    assert "\x1b]0;owned\x07\x1b[31mred" in in_a_file


def test_terminal_escapes_in_an_error_are_shown_not_run(tmp_path, capsys, files):
    frame = pd.read_csv(files / "x.csv", dtype=str, keep_default_na=False)
    path = tmp_path / "bad\x1b[2J.csv"
    frame.assign(turns="\x1b[2J").to_csv(path, index=False)
    status, _, err = run(["report", path], capsys)
    assert_one_line_error(status, err, "\\x1b[2J")
    assert "\x1b" not in err
