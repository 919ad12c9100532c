"""The ``xochintlan-hex puzzle`` commands: counts, text pictures and clear errors."""

from __future__ import annotations

import re

import pytest

from xochintlan_hex import cli


def run(argv, capsys):
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_count_up_to_symmetry_and_all(capsys):
    status, out, _ = run(["puzzle", "count", "4x15", "--pieces", "pentominoes"], capsys)
    assert status == 0 and out.startswith("368 tilings of 4x15 by the 12 free pentominoes")
    status, out, _ = run(["puzzle", "count", "3x20", "--all"], capsys)
    assert status == 0 and out.startswith("8 tilings") and "counted separately" in out


def test_solve_prints_a_picture_that_a_seed_repeats(capsys):
    status, first, _ = run(["puzzle", "solve", "6x10", "--seed", "7"], capsys)
    assert status == 0 and first.count("\n") == 6 and len(set(first) - {"\n"}) == 12
    assert run(["puzzle", "solve", "6x10", "--seed", "7"], capsys)[1] == first


def test_a_region_picture_from_a_file_on_the_hex_lattice(tmp_path, capsys):
    board = tmp_path / "triangle.txt"
    board.write_text("    #\n   # #\n  # # #\n # # # #\n# # # # #\n", encoding="utf-8")
    status, out, _ = run(["puzzle", "count", board, "--pieces", "pentahexes", "--leftover"], capsys)
    assert status == 0 and out.startswith("11 tilings") and "6 symmetries" in out


def test_no_tiling_exits_1_with_a_message(capsys):
    status, out, err = run(["puzzle", "solve", "4x5", "--pieces", "tetrominoes"], capsys)
    assert (status, out) == (1, "") and "no tiling of 4x5 by the 5 free tetrominoes" in err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["puzzle", "count", "6x10", "--pieces", "heptominoes"], ["unknown piece set", "pentahexes"]),
        (["puzzle", "count", "8x8", "--pieces", "pentominoes"], ["cover 60 cells", "region has 64"]),
        (["puzzle", "solve", "no-such-board.txt"], ["neither RxC", "picture file"]),
    ],
)
def test_bad_puzzles_end_with_one_line(argv, words, capsys):
    status, _, err = run(argv, capsys)
    assert status == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert all(w in err for w in words)


@pytest.mark.parametrize("what, pages", [("pentominoes", 1), ("cards", 2)])
def test_print_writes_a4_pages(what, pages, tmp_path, capsys):
    out = tmp_path / f"{what}.pdf"
    status, stdout, _ = run(["print", what, "--out", out], capsys)
    assert status == 0 and f"wrote {pages} page" in stdout
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type /Page\b(?!s)", data)) == pages
    boxes = re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", data)
    assert len(boxes) == pages and all(
        abs(float(w) - 595.276) < 0.01 and abs(float(h) - 841.89) < 0.01 for w, h in boxes
    )  # A4 in points


def test_print_refuses_unknown_sets_and_other_formats(tmp_path, capsys):
    status, _, err = run(["print", "heptominoes", "--out", tmp_path / "x.pdf"], capsys)
    assert status == 2 and "unknown piece set" in err
    status, _, err = run(["print", "cards", "--out", tmp_path / "x.png"], capsys)
    assert status == 2 and ".pdf" in err


def test_print_tiles(tmp_path, capsys):
    status, stdout, _ = run(["print", "tiles", "--out", tmp_path / "tiles.pdf"], capsys)
    assert status == 0 and "wrote 4 pages" in stdout


def test_a_bug_inside_a_puzzle_command_keeps_its_traceback(monkeypatch):
    """Only the user's input becomes a one-line error: a ValueError raised by the
    solver itself is a bug, and the command line must not hide it as a usage error."""
    from xochintlan_hex import puzzles

    def broken_count(self, **options):
        raise ValueError("a bug in the solver")

    monkeypatch.setattr(puzzles.Puzzle, "count", broken_count)
    with pytest.raises(ValueError, match="a bug in the solver"):
        cli.main(["puzzle", "count", "3x20", "--pieces", "pentominoes"])
