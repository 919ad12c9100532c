"""Hextremadura region analysis: sector graph, regions, adjacency, objectives and quests."""

from __future__ import annotations

import pytest

from xochintlan_hex.hextremadura import (
    Objective,
    PlacedTile,
    adjacent_pair,
    all_symbols,
    garganta_de_los_infiernos,
    garganta_landscape,
    load_tileset,
    los_barruecos,
    los_barruecos_landscape,
    monfrague,
    monfrague_landscape,
    objective_holds,
    region_adjacency,
    region_map,
    region_size,
    regions,
    same_symbol_triad,
    sector_graph,
    side_terrains,
    three_separate,
    tile_entry,
)

REQS = [("water", 1, 0), ("water", 1, 3)]


def back_tile(tid, back, icons):
    """A terrain tile used on its back: only the back sectors and icons matter here."""
    return tile_entry(tid, "WWWWWW", back, REQS, icons, ("all_symbols", "forest"))


def tileset(*entries):
    return load_tileset({"tiles": list(entries)})


def placed(pairs):
    """[(cell, tile_id, rotation)] -> a map of back-facing tiles."""
    return {cell: PlacedTile(tid, "back", k) for cell, tid, k in pairs}


# ---------------------------------------------------------------------------
# Sector graph and regions
# ---------------------------------------------------------------------------
LINES = tileset(
    tile_entry("H", "FFFWWW", "FFFFFF"),  # river tiles: two faces, no icons
    tile_entry("O", "FWFWFW", "CCCCCC"),
)


def test_sectors_join_the_two_neighbouring_sectors_of_their_tile():
    graph = sector_graph({(0, 0): PlacedTile("H", "front", 0)}, LINES)
    assert set(graph[(0, 0), 0]) == {((0, 0), 1), ((0, 0), 5)}
    assert len(graph) == 6


def test_sectors_join_the_facing_sector_across_a_side():
    two = {(0, 0): PlacedTile("H", "front", 0), (0, -1): PlacedTile("O", "front", 0)}
    graph = sector_graph(two, LINES)
    assert ((0, -1), 5) in graph[(0, 0), 2]  # side 2 faces side 5
    assert ((0, 0), 2) in graph[(0, -1), 5]
    assert ((0, -1), 5) not in graph[(0, 0), 1]


def test_a_region_is_a_maximal_connected_set_of_one_terrain():
    alone = {(0, 0): PlacedTile("O", "front", 0)}  # F W F W F W: six regions of one sector
    assert [r.size for r in regions(alone, LINES)] == [1] * 6
    half = {(0, 0): PlacedTile("H", "front", 0)}
    assert sorted((r.terrain, r.size) for r in regions(half, LINES)) == [("forest", 3), ("water", 3)]


def test_regions_run_over_several_tiles():
    # H's water sectors 3,4,5; O rotated so that water faces water across H's side 4
    tiles = {(0, 0): PlacedTile("H", "front", 0), (-1, 1): PlacedTile("O", "front", 0)}
    terrains = side_terrains(tiles, LINES)
    assert terrains[-1, 1][1] == "water"  # O's side 1 faces H's side 4
    water = [r for r in regions(tiles, LINES) if ((0, 0), 4) in r.sectors][0]
    assert water.size == 4 and water.cells == {(0, 0), (-1, 1)}
    assert region_size(terrains, ((-1, 1), 1)) == 4
    assert region_size(terrains, ((-1, 1), 1), limit=2) == 2  # counting stops at the limit


def test_regions_are_adjacent_across_an_edge_of_the_sector_graph():
    half = {(0, 0): PlacedTile("H", "front", 0)}
    assert region_adjacency(half, LINES) == {0: frozenset({1}), 1: frozenset({0})}
    rm = region_map({(0, 0): PlacedTile("O", "front", 0)}, LINES)
    assert all(len(a) == 2 for a in rm.adjacent)  # each sector touches its two neighbours


def test_region_icons_come_from_back_faces():
    tiles = tileset(back_tile("A", "FFWWCC", {0: "acorn", 3: "stork"}))
    rm = region_map({(0, 0): PlacedTile("A", "back", 1)}, tiles)
    assert rm.region_at((0, 0), 1).icons == ("acorn",)  # sector 0 now at side 1
    assert rm.region_at((0, 0), 4).icons == ("stork",)
    assert region_map({(0, 0): PlacedTile("A", "front", 0)}, tiles).regions[0].icons == ()


# ---------------------------------------------------------------------------
# Objectives: each type true and false
# ---------------------------------------------------------------------------
ICONIC = tileset(
    back_tile("F2", "FFFFFF", {0: "acorn", 1: "stork"}),
    back_tile("F1", "FFFFFF", {0: "monument"}),
    back_tile("W1", "WWWWWW", {0: "monument"}),
    back_tile("WS", "WWWWWW", {0: "stork"}),
    back_tile("T", "FFWWCC", {0: "stork", 2: "stork"}),
    back_tile("CS", "CCCCCC", {0: "stork"}),
    back_tile("CA", "CCCCCC", {0: "acorn"}),
    back_tile("CM", "CCCCCC", {0: "monument"}),
)


def test_all_symbols_true_when_one_region_holds_the_three_icons():
    rm = region_map(placed([((0, 0), "F2", 0), ((1, 0), "F1", 0)]), ICONIC)
    assert all_symbols(rm, "forest")
    assert objective_holds(Objective("all_symbols", terrain="forest"), rm)


def test_all_symbols_false_when_the_icons_are_split_or_elsewhere():
    apart = region_map(placed([((0, 0), "F2", 0), ((1, 0), "WS", 0), ((2, 0), "F1", 0)]), ICONIC)
    assert not all_symbols(apart, "forest")  # two forest regions, split by water
    other = region_map(placed([((0, 0), "F2", 0), ((1, 0), "W1", 0)]), ICONIC)
    assert not all_symbols(other, "forest")  # the monument lies in water
    assert not all_symbols(other, "water")


def test_same_symbol_triad_true_with_three_pairwise_adjacent_regions():
    # T: forest {0,1}, water {2,3}, crops {4,5}, pairwise adjacent; CS joins the crops across side 5
    rm = region_map(placed([((0, 0), "T", 0), ((0, 1), "CS", 0)]), ICONIC)
    assert same_symbol_triad(rm, "stork")
    assert not same_symbol_triad(rm, "acorn")


def test_same_symbol_triad_false_when_the_third_region_does_not_touch_both():
    # CS across side 0 faces T's forest: its crops region touches the forest only
    rm = region_map(placed([((0, 0), "T", 0), ((1, 0), "CS", 0)]), ICONIC)
    assert not same_symbol_triad(rm, "stork")


def test_three_separate_true_with_three_distinct_regions():
    rm = region_map(
        placed([((0, 0), "CS", 0), ((1, 0), "WS", 0), ((2, 0), "CS", 0), ((3, 0), "W1", 0), ((4, 0), "CS", 0)]), ICONIC
    )
    assert three_separate(rm, "crops", "stork")  # three crops regions kept apart by water
    assert not three_separate(rm, "water", "stork")


def test_three_separate_false_when_regions_merge():
    rm = region_map(placed([((0, 0), "CS", 0), ((1, 0), "CS", 0), ((2, 0), "WS", 0), ((3, 0), "CS", 0)]), ICONIC)
    assert not three_separate(rm, "crops", "stork")  # the first two are one region
    assert not three_separate(rm, "water", "stork")


def test_adjacent_pair_true_when_two_adjacent_regions_hold_the_icons():
    rm = region_map(placed([((0, 0), "CA", 0), ((1, 0), "W1", 0)]), ICONIC)
    assert adjacent_pair(rm, "acorn", "monument") and adjacent_pair(rm, "monument", "acorn")


def test_adjacent_pair_false_when_the_regions_do_not_touch():
    rm = region_map(placed([((0, 0), "CA", 0), ((1, 0), "WS", 0), ((2, 0), "CM", 0)]), ICONIC)
    assert not adjacent_pair(rm, "acorn", "monument")
    assert adjacent_pair(rm, "acorn", "stork")
    assert not adjacent_pair(rm, "monument", "monument")  # one region is not a pair


# ---------------------------------------------------------------------------
# Discover quests
# ---------------------------------------------------------------------------
QUESTS = tileset(
    back_tile("M1", "WWFFCC", {0: "stork", 1: "acorn"}),
    back_tile("M1wide", "WWFFCW", {0: "stork", 1: "acorn"}),
    back_tile("M2", "FFFWWC", {3: "stork", 4: "acorn"}),
    back_tile("N1", "FFFFFF", {0: "stork", 1: "stork"}),
    back_tile("N2", "CCCCCC", {0: "stork", 1: "acorn"}),
    back_tile("N3", "FFFFFF", {0: "acorn"}),
    back_tile("L1", "FFWWWW", {0: "acorn", 1: "monument"}),
    back_tile("L2", "WWWFWW", {3: "stork", 0: "acorn"}),
    back_tile("L3", "WWWWWW", {0: "stork", 1: "monument"}),
    back_tile("C6", "CCCCCC", {0: "acorn"}),
    back_tile("W6", "WWWWWW", {0: "acorn"}),
)


def monfrague_map(first="M1", with_n3=True):
    """A narrow water region M1{0,1} + M2{3,4} with 2 storks and 2 acorns; around it
    N1 (2 storks, forest), N2 (stork and acorn, crops) and N3 (acorn, forest)."""
    cells = [((0, 0), first, 0), ((1, 0), "M2", 0), ((0, -1), "N1", 0), ((0, 1), "N2", 0)]
    if with_n3:
        cells.append(((2, 0), "N3", 0))
    return region_map(placed(cells), QUESTS)


def test_monfrague_true_with_its_landscape_and_the_score():
    rm = monfrague_map()
    assert monfrague_landscape(rm)
    assert monfrague(rm, score=12, points=12)
    assert not monfrague(rm, score=11, points=12)


def test_monfrague_false_when_the_water_is_wider_than_one_sector():
    # M1wide's sector 5 is water too: sector 0 then has all three neighbours in the region
    assert not monfrague_landscape(monfrague_map("M1wide"))


def test_monfrague_false_without_enough_icons_around():
    assert not monfrague_landscape(monfrague_map(with_n3=False))  # one acorn around, not two


def garganta_map(tiles):
    cells = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)][:tiles]
    return region_map(placed([(c, "W6", 0) for c in cells]), QUESTS)


def test_garganta_true_with_28_water_sectors_and_a_perfect_score():
    rm = garganta_map(5)  # 30 sectors
    assert garganta_landscape(rm)
    assert garganta_de_los_infiernos(rm, score=15)
    assert not garganta_de_los_infiernos(rm, score=14)


def test_garganta_false_with_a_smaller_water_region():
    assert not garganta_landscape(garganta_map(4))  # 24 sectors
    assert not garganta_de_los_infiernos(garganta_map(4), score=15)


def barruecos_cells():
    # forest L1{0,1} + L2{3}: acorn, monument, stork; all around it the water of L1, L2, L3
    return [((0, 0), "L1", 0), ((1, 0), "L2", 0), ((0, 1), "L3", 0)]


def test_los_barruecos_true_when_one_water_region_surrounds_the_forest():
    rm = region_map(placed(barruecos_cells()), QUESTS)
    assert los_barruecos_landscape(rm)
    assert los_barruecos(rm, score=15) and not los_barruecos(rm, score=14)


def test_los_barruecos_false_when_the_forest_touches_another_region():
    rm = region_map(placed(barruecos_cells() + [((1, -1), "C6", 0)]), QUESTS)
    assert not los_barruecos_landscape(rm)  # crops across L1's forest side 1


def test_los_barruecos_false_when_the_water_is_split():
    rm = region_map(placed(barruecos_cells()[:2]), QUESTS)  # without L3: two water regions
    assert not los_barruecos_landscape(rm)


def test_quests_through_the_engine_match_the_functions():
    from xochintlan_hex.hextremadura import Hextremadura

    game = Hextremadura(seed=0)
    quests = game.quests()
    assert set(quests) == {"monfrague", "garganta_de_los_infiernos", "los_barruecos"}
    assert not any(quests.values())


@pytest.mark.parametrize("objective_type", ["all_symbols", "same_symbol_triad", "three_separate", "adjacent_pair"])
def test_every_objective_type_is_checked_by_objective_holds(objective_type):
    rm = region_map({}, ICONIC)
    params = {
        "all_symbols": {"terrain": "water"},
        "same_symbol_triad": {"symbol": "stork"},
        "three_separate": {"terrain": "water", "symbol": "stork"},
        "adjacent_pair": {"symbol_a": "stork", "symbol_b": "stork"},
    }[objective_type]
    assert objective_holds(Objective(objective_type, **params), rm) is False


# ---------------------------------------------------------------------------
# The objective checks look only at regions holding icons (RegionMap.holding);
# on random maps they answer as the rules read, every region scanned.
# ---------------------------------------------------------------------------
def _plain_reading(rm, kind, p):
    """The objective as the rules state it, every region of the map looked at."""
    rs = rm.regions
    if kind == "all_symbols":
        return any(r.terrain == p["terrain"] and all(r.holds(i) for i in ("acorn", "stork", "monument")) for r in rs)
    if kind == "three_separate":
        return sum(r.terrain == p["terrain"] and r.holds(p["symbol"]) for r in rs) >= 3
    if kind == "adjacent_pair":
        return any(
            a.holds(p["symbol_a"]) and rs[j].holds(p["symbol_b"]) for i, a in enumerate(rs) for j in rm.adjacent[i]
        )
    return any(  # same_symbol_triad: a forest, a water and a crops region, pairwise adjacent, each with the symbol
        rs[f].terrain == "forest"
        and rs[w].terrain == "water"
        and rs[c].terrain == "crops"
        and all(rs[x].holds(p["symbol"]) for x in (f, w, c))
        and w in rm.adjacent[f]
        and c in rm.adjacent[f]
        and c in rm.adjacent[w]
        for f in range(len(rs))
        for w in range(len(rs))
        for c in range(len(rs))
    )


def _every_objective():
    icons, terrains = ("acorn", "stork", "monument"), ("forest", "water", "crops")
    yield from (("all_symbols", {"terrain": t}) for t in terrains)
    yield from (("same_symbol_triad", {"symbol": s}) for s in icons)
    yield from (("three_separate", {"terrain": t, "symbol": s}) for t in terrains for s in icons)
    yield from (("adjacent_pair", {"symbol_a": a, "symbol_b": b}) for a in icons for b in icons)


def test_objective_checks_answer_as_the_rules_read_on_the_finders_maps():
    """The maps of 12 games of the perfect-game finder's file (good games, so backs with
    icons gather), every map from the start of round 2 on: every objective of every
    kind, on every terrain and icon, answers as the plain reading that scans every
    region, and the same on the map of the regions holding icons alone
    (``icons_only``, what ``score()`` judges); each kind both holds and fails somewhere."""
    from pathlib import Path

    import pandas as pd

    from xochintlan_hex.hextremadura import Hextremadura

    games = pd.read_csv(Path(__file__).resolve().parents[1] / "datasets" / "hextremadura_perfect_search.csv").head(12)
    seen = {kind: set() for kind, _ in _every_objective()}
    for seed, actions in zip(games["seed"], games["actions"]):
        game = Hextremadura(seed=int(seed))
        for action in actions.split():
            game.play(action)
            if game.round == 1:
                continue
            rm = game.region_map()
            icon_regions = region_map(game.map, game.tileset, icons_only=True)
            for kind, params in _every_objective():
                answer = objective_holds(Objective(kind, **params), rm)
                assert answer == _plain_reading(rm, kind, params), (seed, game.history, kind, params)
                assert objective_holds(Objective(kind, **params), icon_regions) == answer
                seen[kind].add(answer)
    assert all(answers == {True, False} for answers in seen.values()), seen
