"""Tiling puzzles: regions, piece sets, the exact-cover solver and its known counts.

The counts of the classic pentomino rectangles are the published ones (Haselgrove
and Haselgrove 1960; Knuth, "Dancing Links", 2000). Hex and one-sided counts are
checked against an independent exact-cover solver, the `exact_cover` C library.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from xochintlan_hex.lattice import get_lattice
from xochintlan_hex.polyforms import Polyform, polyforms
from xochintlan_hex.puzzles import PIECE_SETS, PieceSet, Placement, Puzzle, Region, piece_set

exact_cover = pytest.importorskip("exact_cover")


# -- the classic counts ------------------------------------------------------------
@pytest.mark.parametrize("region, distinct", [("3x20", 2), ("4x15", 368), ("5x12", 1010), ("6x10", 2339)])
def test_pentomino_rectangles_up_to_symmetry(region, distinct):
    assert Puzzle(region, "pentominoes").count(up_to_symmetry=True) == distinct


@pytest.mark.parametrize("region, total", [("3x20", 8), ("4x15", 1472)])
def test_pentomino_rectangles_all_solutions(region, total):
    # Without symmetry every tiling of a rectangle shows up in its 4 orientations.
    assert Puzzle(region, "pentominoes").count() == total


def test_dana_scotts_board_has_65_tilings():
    assert Puzzle("8x8-2x2", "pentominoes").count(up_to_symmetry=True) == 65


def test_five_tetrominoes_cannot_fill_4x5():
    puzzle = Puzzle("4x5", "tetrominoes")
    assert puzzle.count() == 0 and puzzle.solve() is None and puzzle.random_solution(1) is None


def test_symmetric_pinned_placement_is_counted_once_per_orbit():
    # In 5 x 12 the X may sit on the horizontal axis: its placement is then fixed
    # by a reflection, the case the search handles by keeping the smallest image.
    puzzle = Puzzle("5x12", "pentominoes")
    x = puzzle.pieces.index("X")
    representatives = puzzle._orbit_representatives(x, puzzle.symmetries())
    assert any(len(stabilizer) > 1 for _, stabilizer in representatives)


# -- cross-checks against the exact_cover C library ------------------------------------
CROSS_CHECKS = [
    # region (text, lattice), piece set, leftover
    (("4x7", "hex"), "tetrahexes", False),
    (("5x4", "hex"), "pentahexes", True),
    (("3x5", "hex"), "pentahexes", True),
    (("    #\n   # #\n  # # #\n # # # #\n# # # # #", "hex"), "pentahexes", True),  # a triangle: 6 symmetries
    (("#####.\n######\n######\n######\n#####.", "square"), "one-sided-tetrominoes", False),
    (("4x5", "square"), "one-sided-pentominoes", True),
]


def _external_solutions(puzzle: Puzzle) -> list[tuple[Placement, ...]]:
    matrix, _ = puzzle.matrix()
    rows = puzzle.rows()
    found = exact_cover.get_all_solutions(np.array(matrix, dtype=bool))
    # Rows past the placements are the "left in the box" rows of unused pieces.
    return [tuple(sorted(rows[i] for i in solution if i < len(rows))) for solution in found]


def _orbit_key(puzzle: Puzzle, solution) -> tuple:
    """The smallest picture of ``solution`` under the lattice's symmetries (independent of the kit's search).

    A picture lists each placement as (its shape's class under the set's motion,
    its cells in the frame of the normalized region).
    """
    lat = get_lattice(puzzle.region.lattice)
    region = puzzle.region.cells
    keys = []
    for symmetry in lat.symmetries():
        moved = [symmetry(c) for c in region]
        if lat.normalize(moved) != lat.normalize(region):
            continue  # not a symmetry of the region
        low = (min(x for x, _ in moved), min(y for _, y in moved))
        picture = []
        for p in solution:
            cells = [symmetry(c) for c in p.cells]
            shape = Polyform(cells, lat).canonical(puzzle.pieces.motion).cells
            picture.append((shape, tuple(sorted((x - low[0], y - low[1]) for x, y in cells))))
        keys.append(tuple(sorted(picture)))
    return min(keys)


@pytest.mark.parametrize("region, pieces, leftover", CROSS_CHECKS, ids=lambda v: str(v).replace("\n", "/"))
def test_counts_agree_with_the_exact_cover_library(region, pieces, leftover):
    puzzle = Puzzle(Region(*region), pieces, leftover=leftover)
    external = _external_solutions(puzzle)
    assert external, "each cross-check puzzle has solutions"
    assert puzzle.count() == len(external)
    assert set(puzzle.solutions()) == set(external)


@pytest.mark.parametrize("region, pieces, leftover", CROSS_CHECKS, ids=lambda v: str(v).replace("\n", "/"))
def test_counts_up_to_symmetry_agree_with_orbits_of_the_library_solutions(region, pieces, leftover):
    puzzle = Puzzle(Region(*region), pieces, leftover=leftover)
    orbits = {_orbit_key(puzzle, s) for s in _external_solutions(puzzle)}
    assert puzzle.count(up_to_symmetry=True) == len(orbits)


def test_copies_count_each_tiling_once():
    # Two copies of each tromino on a 3 x 4 box. The library sees each copy as a
    # distinct piece, so it finds every tiling 2! x 2! times over.
    trominoes = PieceSet(polyforms(3), "free", copies=2)
    puzzle = Puzzle("3x4", trominoes)
    distinct_copies = PieceSet([p for p in polyforms(3) for _ in range(2)], "free")
    external = exact_cover.get_solution_count(np.array(Puzzle("3x4", distinct_copies).matrix()[0], dtype=bool))
    assert puzzle.count() * math.factorial(2) ** 2 == external > 0


def test_one_sided_set_counts_mirror_images_as_the_same_tiling():
    # The mirror of a one-sided tiling uses the mirrored pieces, all in the set.
    puzzle = Puzzle("5x5", "one-sided-pentominoes", leftover=True)
    assert len(puzzle.symmetries()) == 8
    lefty = PieceSet([Polyform.from_text("#.\n#.\n##")], "one-sided", copies=2)
    assert len(Puzzle("2x4", lefty).symmetries()) == 2  # only the half turn keeps L and not L'


# -- solutions are tilings ---------------------------------------------------------
def _assert_is_tiling(puzzle: Puzzle, solution):
    covered = [c for p in solution for c in p.cells]
    assert sorted(covered) == sorted(puzzle.region.cells)
    assert sorted(p.piece for p in solution) == sorted(i for i, k in enumerate(puzzle.pieces.copies) for _ in range(k))
    for p in solution:
        shape = Polyform(p.cells, puzzle.region.lattice)
        assert shape in puzzle.pieces.orientations(p.piece)
        assert p.name == puzzle.pieces.names[p.piece]


def test_solve_and_random_solution_give_tilings():
    puzzle = Puzzle("6x10", "pentominoes")
    _assert_is_tiling(puzzle, puzzle.solve())
    first = puzzle.random_solution(seed=1)
    _assert_is_tiling(puzzle, first)
    assert puzzle.random_solution(seed=1) == first
    assert len({puzzle.random_solution(seed=s) for s in range(2, 7)} | {first}) > 1


def test_solutions_generator_lists_each_tiling_once():
    puzzle = Puzzle("3x20", "pentominoes")
    listed = list(puzzle.solutions())
    assert len(listed) == len(set(listed)) == puzzle.count() == 8
    for s in listed:
        _assert_is_tiling(puzzle, s)


def test_text_picture_labels_each_piece():
    puzzle = Puzzle("3x20", "pentominoes")
    text = puzzle.to_text(puzzle.solve())
    assert text.count("\n") == 2 and all(len(line) == 20 for line in text.split("\n"))
    assert sorted(set(text) - {"\n"}) == sorted("FILNPTUVWXYZ")
    assert puzzle.to_text([]) == "\n".join(["." * 20] * 3)


# -- positions and hints -------------------------------------------------------------
def test_can_complete_a_prefix_of_a_solution_and_not_a_dead_position():
    puzzle = Puzzle("6x10", "pentominoes")
    solution = puzzle.random_solution(seed=3)
    assert puzzle.can_complete(solution[:6])
    assert puzzle.count(partial=solution[:9]) >= 1
    # An I standing one cell from the left edge cuts off a column of 5 cells, and
    # leaves the sixth cell of that column alone in the corner.
    standing_i = puzzle.placement("I", [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)])
    assert not puzzle.can_complete([standing_i])
    assert puzzle.solve([standing_i]) is None


def test_completions_extend_the_partial_position():
    puzzle = Puzzle("5x12", "pentominoes")
    partial = puzzle.solve()[:8]
    for completion in puzzle.solutions(partial):
        assert set(partial) <= set(completion)


def test_bad_positions_are_refused():
    puzzle = Puzzle("6x10", "pentominoes")
    i = puzzle.placement("I", [(0, y) for y in range(5)])
    with pytest.raises(ValueError, match="overlaps"):
        puzzle.can_complete([i, puzzle.placement("L", [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)])])
    with pytest.raises(ValueError, match="used more often"):
        puzzle.can_complete([i, puzzle.placement("I", [(1, y) for y in range(5)])])
    with pytest.raises(ValueError, match="cannot lie on"):
        puzzle.placement("X", [(0, y) for y in range(5)])
    with pytest.raises(ValueError, match="not in the region"):
        puzzle.placement("I", [(0, y) for y in range(4, 9)])
    with pytest.raises(ValueError, match="no piece named 'Q'"):
        puzzle.placement("Q", [(0, y) for y in range(5)])


# -- regions --------------------------------------------------------------------------
def test_region_texts():
    assert Region("6x10").size == 60 and max(Region("6x10").cells) == (9, 5)
    assert Region("8x8-2x2") == Region.rectangle(8, 8, holes=[(3, 3), (4, 3), (3, 4), (4, 4)])
    assert Region("##\n#.").cells == ((0, 0), (0, 1), (1, 0))
    assert Region([(0, 0), (5, 5)]).size == 2
    assert Region("2x3", "hex").lattice == "hex"
    assert Region(" # #\n# #", "hex").cells == ((-1, 1), (0, 0), (0, 1), (1, 0))
    assert Region("8x8-2x2").symmetry_order == 8 and Region("6x10").symmetry_order == 4


@pytest.mark.parametrize(
    "spec, lattice, message",
    [
        ([(0, 0), (0.5, 1)], "square", "not on the lattice"),
        ([(0, 0, 0)], "square", "not on the lattice"),
        ("# #\n# #", "hex", "not on the lattice"),
        ("....", "square", "picture with '#'"),
        ("8x8-3x3", "square", "centre"),
        ("0x5", "square", "at least one row"),
        (42, "square", "a region is a text"),
        ("6x10", "triangle", "lattice must be one of"),
    ],
)
def test_bad_regions_are_refused(spec, lattice, message):
    with pytest.raises(ValueError, match=message):
        Region(spec, lattice)


# -- piece sets and puzzle errors -------------------------------------------------------
def test_named_piece_sets():
    sizes = {name: (len(piece_set(name)), piece_set(name).motion) for name in PIECE_SETS}
    assert sizes["pentominoes"] == (12, "free")
    assert sizes["one-sided-pentominoes"] == (18, "one-sided")
    assert sizes["tetrominoes"] == (5, "free")
    assert sizes["hexominoes"] == (35, "free")
    assert sizes["pentahexes"] == (22, "free")
    assert piece_set("One sided pentominoes").names == piece_set("one-sided-pentominoes").names


def test_unknown_piece_set_names_the_known_ones():
    with pytest.raises(ValueError, match="unknown piece set 'heptominoes'; known sets: pentominoes, one-sided"):
        piece_set("heptominoes")


def test_area_mismatch_is_refused_with_both_areas():
    with pytest.raises(ValueError, match="the pieces cover 60 cells but the region has 64"):
        Puzzle("8x8", "pentominoes")
    with pytest.raises(ValueError, match="leftover=True"):
        Puzzle("5x5", "pentominoes")
    assert Puzzle("5x5", "pentominoes", leftover=True).count() > 0


def test_pieces_and_region_on_different_lattices_are_refused():
    with pytest.raises(ValueError, match="not on the lattice: the region is on the hex lattice"):
        Puzzle(Region("5x4", "hex"), "tetrominoes")


def test_bad_piece_sets_are_refused():
    with pytest.raises(ValueError, match="motion must be one of"):
        PieceSet(polyforms(4), "mirrored")
    with pytest.raises(ValueError, match="copies"):
        PieceSet(polyforms(4), copies=[1, 2])
    with pytest.raises(ValueError, match="one lattice"):
        PieceSet([polyforms(3)[0], polyforms(3, "hex")[0]])
    with pytest.raises(ValueError, match="up_to_symmetry"):
        puzzle = Puzzle("3x20", "pentominoes")
        puzzle.count(up_to_symmetry=True, partial=puzzle.solve()[:2])


def test_progress_reports_every_branch():
    calls = []
    assert Puzzle("4x15", "pentominoes").count(up_to_symmetry=True, progress=lambda d, t: calls.append((d, t))) == 368
    assert calls and calls[-1][0] == calls[-1][1] and [d for d, _ in calls] == list(range(1, len(calls) + 1))


@pytest.mark.parametrize("region, pieces, leftover", CROSS_CHECKS[:3], ids=lambda v: str(v).replace("\n", "/"))
def test_distinct_solutions_give_one_tiling_per_family(region, pieces, leftover):
    puzzle = Puzzle(Region(*region), pieces, leftover=leftover)
    distinct = list(puzzle.distinct_solutions())
    assert len(distinct) == puzzle.count(up_to_symmetry=True)
    assert len({_orbit_key(puzzle, s) for s in distinct}) == len(distinct)
