"""Polyforms: the Polyform value, names, listing, and counts against OEIS."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xochintlan_hex.polyforms as pf
from xochintlan_hex.lattice import HEX
from xochintlan_hex.polyforms import KINDS, Polyform, count_polyforms, count_polyforms_upto, polyforms

# OEIS terms, n = 1, 2, ...
OEIS = {
    ("square", "fixed"): [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861],  # A001168
    ("square", "one-sided"): [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189, 33896, 126759],  # A000988
    ("square", "free"): [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600],  # A000105
    ("hex", "fixed"): [1, 3, 11, 44, 186, 814, 3652, 16689, 77359, 362671, 1716033, 8182213],  # A001207
    ("hex", "one-sided"): [1, 1, 3, 10, 33, 147, 620, 2821, 12942, 60639, 286190, 1364621],  # A006535
    ("hex", "free"): [1, 1, 3, 7, 22, 82, 333, 1448, 6572, 30490, 143552, 683101],  # A000228
}

PENTOMINO_CELLS = {
    "F": {(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)},
    "I": {(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)},
    "L": {(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)},
    "N": {(1, 0), (1, 1), (0, 2), (1, 2), (0, 3)},
    "P": {(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)},
    "T": {(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)},
    "U": {(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)},
    "V": {(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)},
    "W": {(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)},
    "X": {(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)},
    "Y": {(1, 0), (0, 1), (1, 1), (1, 2), (1, 3)},
    "Z": {(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)},
}


# -- counts ------------------------------------------------------------------
@pytest.mark.parametrize("lattice, kind", sorted(OEIS))
def test_counts_match_oeis(lattice, kind):
    expected = OEIS[(lattice, kind)]
    assert [count_polyforms(n, lattice, kind) for n in range(1, len(expected) + 1)] == expected


@pytest.mark.parametrize("lattice, kind", sorted(OEIS))
def test_counts_upto_match_single_counts(lattice, kind):
    assert count_polyforms_upto(10, lattice, kind) == dict(enumerate(OEIS[(lattice, kind)][:10], start=1))


@pytest.mark.parametrize("lattice", ["square", "hex"])
def test_every_run_size_gives_the_same_counts(lattice):
    # One Redelmeier run counts every smaller size too, in closed form for the
    # last two levels: runs stopping at different sizes must agree.
    for size in range(1, 9):
        assert pf._redelmeier(pf.get_lattice(lattice), size)[1:] == OEIS[(lattice, "fixed")][:size]


@pytest.mark.parametrize("lattice, top", [("square", 9), ("hex", 7)])
def test_listing_and_counting_agree(lattice, top):
    for n in range(1, top + 1):
        for kind in KINDS:
            listed = polyforms(n, lattice, kind)
            assert len(listed) == count_polyforms(n, lattice, kind)
            assert len(set(listed)) == len(listed)
            assert all(p.size == n and p.lattice == lattice for p in listed)


@pytest.mark.parametrize("lattice, top", [("square", 8), ("hex", 6)])
def test_symmetric_counts_match_brute_force(lattice, top):
    # The Burnside terms: how many fixed polyforms each symmetry maps onto a
    # translate of themselves, counted directly on the listed fixed polyforms.
    for n in range(1, top + 1):
        fixed = polyforms(n, lattice, "fixed")
        brute = [sum(p.transform(i) == p for p in fixed) for i in range(len(pf._matrices(lattice)))]
        assert list(pf._symmetric_counts(lattice, n)) == brute


def test_listed_kinds_are_distinct_classes():
    one_sided = polyforms(6, "hex", "one-sided")
    assert len({p.canonical("one-sided") for p in one_sided}) == len(one_sided)
    free = polyforms(7, "square", "free")
    assert len({p.canonical("free") for p in free}) == len(free)


# -- names and goal cards ------------------------------------------------------
def test_pentomino_letters_and_cells():
    free = polyforms(5)
    assert [p.name for p in free] == list("FILNPTUVWXYZ")
    for p in free:
        assert set(p.cells) == PENTOMINO_CELLS[p.name]


def test_one_sided_pentominoes_are_the_18_cards():
    cards = polyforms(5, "square", "one-sided")
    names = [p.name for p in cards]
    assert names == ["F", "F'", "I", "L", "L'", "N", "N'", "P", "P'", "T", "U", "V", "W", "X", "Y", "Y'", "Z", "Z'"]
    by_name = dict(zip(names, cards))
    for letter in "FLNPYZ":
        assert by_name[letter + "'"] == by_name[letter].mirror()
        assert by_name[letter].is_chiral
    assert {p.name for p in cards if not p.is_chiral} == set("ITUVWX")


def test_f_is_the_conventional_picture():
    f = Polyform.from_text(".##\n##.\n.#.")
    assert f.name == "F"
    assert f.mirror().name == "F'"
    assert {g.name for g in f.orientations("one-sided")} == {"F"}
    assert {g.name for g in f.orientations("free")} == {"F", "F'"}


def test_one_sided_pentahexes_are_33_distinct_named_cards():
    cards = polyforms(5, "hex", "one-sided")
    names = [p.name for p in cards]
    assert len(cards) == 33 and len(set(names)) == 33
    free_names = [p.name for p in polyforms(5, "hex", "free")]
    assert free_names == [f"H5-{k}" for k in range(1, 23)]
    chiral = [p for p in cards if p.is_chiral]
    assert len(chiral) == 22  # 11 chiral free pentahexes, both hands
    for p in chiral:
        assert p.mirror().name in {p.name + "'", p.name.rstrip("'")} - {p.name}
    # H5-1 is the straight line; its cells are pinned by the documented order.
    assert polyforms(5, "hex")[0].cells == ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))


def test_names_are_stable_under_rotation_and_flip_with_mirror():
    for lattice, n in [("square", 5), ("square", 6), ("hex", 4), ("hex", 5)]:
        for p in polyforms(n, lattice, "fixed"):
            assert p.rotate().name == p.name
            if p.is_chiral:
                assert p.mirror().name != p.name
                assert p.mirror().name.rstrip("'") == p.name.rstrip("'")
            else:
                assert p.mirror().name == p.name


def test_tetromino_letters():
    assert [p.name for p in polyforms(4, "square", "one-sided")] == ["I", "L", "L'", "O", "S", "S'", "T"]
    assert Polyform.from_text(".#\n.#\n##").name == "L'"  # Tetris's J


def test_names_of_other_sizes():
    assert [p.name for p in polyforms(3)] == ["O3-1", "O3-2"]
    assert [p.name for p in polyforms(2, "hex")] == ["H2-1"]
    big = Polyform([(x, 0) for x in range(9)])
    assert big.name == "O9:1:1ff"  # intrinsic code: width 1, nine bits in a column
    hook = Polyform([(x, 0) for x in range(8)] + [(0, 1)])
    assert hook.name.endswith("'") != (hook.mirror().name.endswith("'"))


def test_fixed_listing_order_is_one_sided_forms_then_their_rotations():
    fixed = polyforms(5, "square", "fixed")
    assert fixed[0].name == "F" and fixed[0] == Polyform.from_text(".##\n##.\n.#.")
    assert fixed[:4] == Polyform.from_text(".##\n##.\n.#.").orientations("one-sided")
    assert polyforms(5, "square", "fixed") == fixed  # deterministic


# -- the Polyform value ---------------------------------------------------------
def test_equal_after_translation_and_hashable():
    a = Polyform([(3, 4), (4, 4), (4, 5)])
    b = Polyform([(0, 0), (1, 0), (1, 1)])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Polyform([(0, 0), (1, 0), (1, 1)], "hex")
    assert a.cells == ((0, 0), (1, 0), (1, 1))


def test_immutable_and_picklable():
    p = Polyform.from_text("##\n#.")
    with pytest.raises(AttributeError):
        p._cells = ()
    with pytest.raises(AttributeError):
        p.foo = 1
    assert pickle.loads(pickle.dumps(p)) == p


def test_small_protocol():
    p = Polyform.from_text(".##\n##.\n.#.")
    assert len(p) == p.size == 5
    assert list(p) == list(p.cells)
    assert (1, 0) in p and (0, 0) not in p
    assert repr(p) == "Polyform('F', square)"
    assert repr(polyforms(5, "hex")[0]) == "Polyform('H5-1', hex)"
    assert p.lattice == "square"
    assert sorted([p.mirror(), p]) == sorted([p, p.mirror()])


def test_accepts_lattice_objects_and_index_ints():
    assert Polyform([(0, 0), (1, 0)], HEX).lattice == "hex"
    numpy = pytest.importorskip("numpy")
    assert Polyform(numpy.array([[0, 0], [0, 1]])) == Polyform([(0, 0), (0, 1)])


@pytest.mark.parametrize("lattice", ["square", "hex"])
def test_rotations_and_mirror_form_the_group(lattice):
    sides = {"square": 4, "hex": 6}[lattice]
    for p in polyforms(5, lattice, "fixed")[:40]:
        assert p.rotate(sides) == p
        assert p.rotate(-1) == p.rotate(sides - 1)
        assert p.mirror().mirror() == p
        assert p.mirror().rotate(1) == p.rotate(-1).mirror()
        assert [p.transform(i) for i in range(sides)] == [p.rotate(i) for i in range(sides)]


def test_symmetry_groups():
    x = Polyform.from_text(".#.\n###\n.#.")
    assert x.symmetry_group() == tuple(range(8)) and x.symmetry_order == 8 and not x.is_chiral
    i = Polyform.from_text("#####")
    assert i.symmetry_group() == (0, 2, 4, 6) and i.symmetry_order == 4
    f = Polyform.from_text(".##\n##.\n.#.")
    assert f.symmetry_group() == (0,) and f.is_chiral
    flower = Polyform([(0, 0)] + list(HEX.neighbours((0, 0))), "hex")
    assert flower.symmetry_order == 12
    for p in polyforms(6, "hex", "fixed")[:50]:
        for index in p.symmetry_group():
            assert p.transform(index) == p


def test_orientations_follow_the_orbit_stabiliser_rule():
    for lattice in ("square", "hex"):
        group = 2 * {"square": 4, "hex": 6}[lattice]
        for p in polyforms(5, lattice, "free"):
            assert len(p.orientations("free")) * p.symmetry_order == group
            rotations = sum(1 for i in p.symmetry_group() if i < group // 2)
            assert len(p.orientations("one-sided")) * rotations == group // 2
            assert p.orientations("fixed") == (p,)
            assert p.orientations("free")[0] == p


def test_canonical_forms():
    f = Polyform.from_text(".##\n##.\n.#.")
    assert f.canonical("fixed") == f
    assert f.canonical("free") == f.mirror().rotate(3).canonical("free")
    assert f.canonical("one-sided") != f.mirror().canonical("one-sided")
    assert all(g.canonical("one-sided") == f.canonical("one-sided") for g in f.orientations("one-sided"))


# -- text pictures ---------------------------------------------------------------
def test_square_text_round_trip():
    for p in polyforms(6, "square", "fixed"):
        assert Polyform.from_text(p.to_text()) == p


def test_hex_text_round_trip_and_convention():
    for p in polyforms(5, "hex", "fixed"):
        assert Polyform.from_text(p.to_text(), "hex") == p
    # Each line is shifted half a cell: (0, 1) is drawn below-right of (0, 0).
    assert Polyform.from_text("#\n #", "hex") == Polyform([(0, 0), (0, 1)], "hex")
    assert Polyform.from_text(" #\n#", "hex") == Polyform([(1, 0), (0, 1)], "hex")
    assert Polyform.from_text("  # #", "hex") == Polyform([(0, 0), (1, 0)], "hex")
    with pytest.raises(ValueError, match="hex lattice"):
        Polyform.from_text("##", "hex")


def test_to_text_marks():
    assert Polyform.from_text("#.\n##").to_text("X", " ") == "X \nXX"


SAMPLES = polyforms(6, "square", "fixed") + polyforms(5, "hex", "fixed")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SAMPLES), st.integers(-7, 7), st.booleans())
def test_any_symmetry_keeps_the_class(p, turns, flip):
    q = p.rotate(turns)
    q = q.mirror() if flip else q
    assert q.canonical("free") == p.canonical("free")
    assert (q.canonical("one-sided") == p.canonical("one-sided")) == (not flip or not p.is_chiral)
    assert q.size == p.size and q.symmetry_order == p.symmetry_order


# -- bad input --------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, -1, 2.5, True, "5", None])
def test_bad_n(n):
    with pytest.raises(ValueError, match="n must be an int >= 1"):
        count_polyforms(n)
    with pytest.raises(ValueError, match="n must be an int >= 1"):
        polyforms(n)


def test_bad_lattice_and_kind():
    with pytest.raises(ValueError, match="lattice must be one of"):
        count_polyforms(3, "triangle")
    with pytest.raises(ValueError, match="kind must be one of"):
        polyforms(3, "square", "mirror")
    with pytest.raises(ValueError, match="kind must be one of"):
        count_polyforms(3, "hex", "Free")
    with pytest.raises(ValueError, match="kind must be one of"):
        Polyform([(0, 0)]).canonical("any")
    with pytest.raises(ValueError, match="lattice must be one of"):
        Polyform([(0, 0)], "tri")


@pytest.mark.parametrize(
    "cells, message",
    [
        ([], "at least one cell"),
        ([(0, 0), (2, 0)], "edge-connected"),
        ([(0, 0), (0, 0), (1, 0)], "distinct"),
        ([(0, 0, 0)], r"\(x, y\) pairs of ints"),
        ([(0.0, 1)], r"\(x, y\) pairs of ints"),
        ([(True, 0)], r"\(x, y\) pairs of ints"),
        ("##", "from_text"),
        (5, "iterable"),
    ],
)
def test_bad_cells(cells, message):
    with pytest.raises(ValueError, match="cells") as info:
        Polyform(cells)
    assert info.match(message)


def test_diagonal_cells_are_not_connected():
    with pytest.raises(ValueError, match="edge-connected"):
        Polyform([(0, 0), (1, 1)])
    assert Polyform([(0, 0), (1, -1)], "hex").size == 2  # but they touch on the hex lattice


def test_bad_text_and_turns():
    with pytest.raises(ValueError, match="text"):
        Polyform.from_text("...")
    with pytest.raises(ValueError, match="turns"):
        Polyform([(0, 0)]).rotate(1.5)
    with pytest.raises(ValueError, match="index"):
        Polyform([(0, 0)]).transform(8)


# -- the shipped counts table -------------------------------------------------------
ROOT = Path(__file__).resolve().parents[1]


def test_shipped_table_matches_the_dataset_copy_and_oeis():
    shipped = (ROOT / "xochintlan_hex" / "data" / "polyform_counts.csv").read_text()
    assert (ROOT / "datasets" / "polyform_counts.csv").read_text() == shipped
    assert shipped.splitlines()[0] == "lattice,kind,n,count"
    for (lattice, kind), terms in OEIS.items():
        known = pf.known_counts(lattice, kind)
        assert [known[n] for n in range(1, 13)] == terms
        assert sorted(known) == list(range(1, {"square": 17, "hex": 15}[lattice]))
    assert pf.known_counts("square", "fixed")[16] == 104592937  # A001168
    assert pf.known_counts("hex", "free")[14] == 15796897  # A000228


def test_counts_table_rows_are_the_shipped_rows():
    lines = (ROOT / "xochintlan_hex" / "data" / "polyform_counts.csv").read_text().splitlines()[1:]
    rows = [(lattice, kind, int(n), int(count)) for lattice, kind, n, count in (line.split(",") for line in lines)]
    assert pf.counts_table(4, 3) == [row for row in rows if row[2] <= {"square": 4, "hex": 3}[row[0]]]


def test_counts_table_command(tmp_path, capsys):
    target = tmp_path / "counts.csv"
    pf.main(["--square", "5", "--hex", "3", "-o", str(target)])
    rows = target.read_text().splitlines()
    assert rows[0] == "lattice,kind,n,count"
    assert "square,free,5,12" in rows and "hex,one-sided,3,3" in rows and len(rows) == 1 + 15 + 9
    with pytest.raises(SystemExit):
        pf.main(["--square", "0"])
    assert "n must be an int >= 1" in capsys.readouterr().err


def test_a_long_count_reports_its_progress_against_the_total(monkeypatch):
    """The command line's progress bar for counts past the shipped table is fed by
    this callback: it must be called during the run, never go backwards, and end
    at most at the true count of the largest size."""
    from xochintlan_hex import polyforms as module

    monkeypatch.setattr(module, "_FIXED_COUNTS", {})  # force a fresh Redelmeier run
    seen = []
    counts = module.count_polyforms_upto(10, "square", "fixed", progress=seen.append)
    assert len(seen) > 10
    assert seen == sorted(seen) and 0 < seen[-1] <= counts[10] == 36446


def test_the_count_command_counts_past_its_table_with_the_same_figures(monkeypatch):
    from xochintlan_hex import cli
    from xochintlan_hex.cli import count as count_command

    monkeypatch.setattr(count_command, "known_counts", lambda lattice, kind: {})  # as if the table stopped early
    table = cli.count_table("hex", ["fixed", "free"], 7)
    assert table["fixed"].tolist() == [1, 3, 11, 44, 186, 814, 3652]
    assert table["free"].tolist() == [1, 1, 3, 7, 22, 82, 333]
