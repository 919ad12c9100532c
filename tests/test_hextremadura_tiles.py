"""Hextremadura tile sets: the format, the shipped set, loading and every kind of problem."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xochintlan_hex.hextremadura import (
    ICONS,
    OBJECTIVE_TYPES,
    TERRAINS,
    Objective,
    Requirement,
    Tileset,
    TilesetError,
    load_tileset,
    tile_entry,
)

ROOT = Path(__file__).resolve().parent.parent
PACKAGED = ROOT / "xochintlan_hex" / "data" / "hextremadura_tiles.json"
DATASET = ROOT / "datasets" / "hextremadura_tiles.json"


def small_set() -> dict:
    """A valid two-tile set (one terrain tile, one river tile) to break in the tests."""
    return {
        "format": "hextremadura-tileset",
        "version": 1,
        "name": "small",
        "tiles": [
            tile_entry(
                "T1",
                "FFFWWC",
                "FFWWCC",
                [("forest", 4, 1), ("water", 3, 4)],
                {0: "acorn", 3: "stork"},
                ("adjacent_pair", "acorn", "stork"),
            ),
            tile_entry("R1", "WWWWFC", "WFWWCW"),
        ],
    }


# ---------------------------------------------------------------------------
# The shipped set
# ---------------------------------------------------------------------------
def test_shipped_set_has_15_terrain_tiles_and_3_river_tiles():
    tiles = load_tileset()
    assert len(tiles.terrain_ids) == 15
    assert len(tiles.river_ids) == 3
    assert tiles.max_score == 15


def test_shipped_set_shows_every_objective_type_and_every_icon():
    tiles = load_tileset()
    backs = [tiles[t].back for t in tiles.terrain_ids]
    assert {b.objective.type for b in backs} == set(OBJECTIVE_TYPES)
    assert {icon for b in backs for icon in b.icons.values()} == set(ICONS)
    # each icon lies on each terrain somewhere, so every triad and all_symbols can be built
    pairs = {(icon, b.sectors[s]) for b in backs for s, icon in b.icons.items()}
    assert pairs == {(i, t) for i in ICONS for t in TERRAINS}


def test_shipped_set_faces_follow_the_rules():
    tiles = load_tileset()
    for tid in tiles.terrain_ids:
        spec = tiles[tid]
        assert len(spec.front.requirements) == 2 and not spec.front.icons
        assert 1 <= len(spec.back.icons) <= 2 and spec.back.objective is not None
    for tid in tiles.river_ids:
        spec = tiles[tid]
        assert not spec.front.requirements and not spec.back.icons and spec.back.objective is None


def test_packaged_copy_and_dataset_copy_are_identical():
    assert PACKAGED.read_bytes() == DATASET.read_bytes()


def test_default_source_is_the_packaged_file():
    assert load_tileset() == load_tileset(PACKAGED) == load_tileset(str(DATASET))


# ---------------------------------------------------------------------------
# Sources and round trips
# ---------------------------------------------------------------------------
def test_load_from_a_mapping_reads_every_field():
    tiles = load_tileset(small_set())
    t1 = tiles["T1"]
    assert t1.kind == "terrain" and tiles["R1"].is_river
    assert t1.front.sectors == ("forest", "forest", "forest", "water", "water", "crops")
    assert t1.front.requirements == (Requirement("forest", 4, 1), Requirement("water", 3, 4))
    assert t1.back.icons == {0: "acorn", 3: "stork"}
    assert t1.back.objective == Objective("adjacent_pair", symbol_a="acorn", symbol_b="stork")
    assert tiles.name == "small" and tiles.ids == ("T1", "R1")


def test_to_dict_loads_back_to_an_equal_set():
    tiles = load_tileset()
    assert load_tileset(tiles.to_dict()) == tiles
    assert load_tileset(json.loads(tiles.to_json())) == tiles


def test_a_tileset_passes_through(tmp_path):
    tiles = load_tileset(small_set())
    assert load_tileset(tiles) is tiles
    path = tmp_path / "mine.json"
    path.write_text(tiles.to_json(), encoding="utf-8")
    assert load_tileset(path) == tiles


def test_icon_sectors_may_be_written_as_numbers_in_a_mapping():
    data = small_set()
    data["tiles"][0]["back"]["icons"] = {0: "acorn", 3: "stork"}
    assert load_tileset(data)["T1"].back.icons == {0: "acorn", 3: "stork"}


def test_name_and_description_are_optional():
    data = small_set()
    del data["name"], data["format"], data["version"]
    tiles = load_tileset(data)
    assert isinstance(tiles, Tileset) and tiles.name == ""


# ---------------------------------------------------------------------------
# Problems: each is found, named with the tile and the field
# ---------------------------------------------------------------------------
def _tile(data, index=0):
    return data["tiles"][index]


BROKEN = {
    "unknown terrain": (
        lambda d: _tile(d)["front"]["sectors"].__setitem__(2, "desert"),
        "tile 'T1' (tiles[0]) front sectors[2]: 'desert' is not a terrain",
    ),
    "five sectors": (
        lambda d: _tile(d)["back"]["sectors"].pop(),
        "tile 'T1' (tiles[0]) back sectors: 5 sectors; a face has exactly 6",
    ),
    "icon on a river tile": (
        lambda d: _tile(d, 1)["back"].__setitem__("icons", {"0": "stork"}),
        "tile 'R1' (tiles[1]) back: a river tile's back has no icons",
    ),
    "requirement on a river tile": (
        lambda d: _tile(d, 1)["front"].__setitem__("requirements", []),
        "tile 'R1' (tiles[1]) front: a river tile's front has no requirements",
    ),
    "side 6": (
        lambda d: _tile(d)["front"]["requirements"][0].__setitem__("side", 6),
        "tile 'T1' (tiles[0]) front requirements[0] side: 6 must be a side 0..5",
    ),
    "size 0": (
        lambda d: _tile(d)["front"]["requirements"][1].__setitem__("size", 0),
        "requirements[1] size: 0 must be a whole number of sectors >= 1",
    ),
    "size true": (
        lambda d: _tile(d)["front"]["requirements"][1].__setitem__("size", True),
        "requirements[1] size: True must be a whole number",
    ),
    "duplicate id": (
        lambda d: _tile(d, 1).__setitem__("id", "T1"),
        "tile 'T1' (tiles[1]) id: duplicate id 'T1' (also tiles[0])",
    ),
    "unknown objective type": (
        lambda d: _tile(d)["back"]["objective"].__setitem__("type", "majority"),
        "back objective type: 'majority' is not an objective type",
    ),
    "objective parameter": (
        lambda d: _tile(d)["back"]["objective"].__setitem__("symbol_b", "bear"),
        "back objective symbol_b: 'bear' is not allowed",
    ),
    "objective missing parameter": (
        lambda d: _tile(d)["back"]["objective"].pop("symbol_a"),
        "back objective: missing key 'symbol_a' for adjacent_pair",
    ),
    "missing key": (lambda d: _tile(d).pop("kind"), "tile 'T1' (tiles[0]): missing key 'kind'"),
    "missing face": (lambda d: _tile(d).pop("back"), "tile 'T1' (tiles[0]): missing key 'back'"),
    "missing sectors": (lambda d: _tile(d)["front"].pop("sectors"), "front: missing key 'sectors'"),
    "missing requirements": (
        lambda d: _tile(d)["front"].pop("requirements"),
        "tile 'T1' (tiles[0]) front: missing key 'requirements'",
    ),
    "one requirement": (
        lambda d: _tile(d)["front"]["requirements"].pop(),
        "front requirements: 1 requirement; a front has exactly 2",
    ),
    "three icons": (
        lambda d: _tile(d)["back"]["icons"].update({"1": "acorn"}),
        "back icons: 3 icons; a back has 1 or 2",
    ),
    "no icon": (lambda d: _tile(d)["back"].__setitem__("icons", {}), "back icons: 0 icons"),
    "icon sector 7": (
        lambda d: _tile(d)["back"]["icons"].__setitem__("7", "acorn"),
        "back icons: sector '7' is outside 0..5",
    ),
    "unknown icon": (
        lambda d: _tile(d)["back"]["icons"].__setitem__("0", "eagle"),
        "back icons['0']: 'eagle' is not an icon",
    ),
    "icons on a front": (
        lambda d: _tile(d)["front"].__setitem__("icons", {"0": "acorn"}),
        "front: a terrain tile's front has no icons",
    ),
    "unknown kind": (lambda d: _tile(d).__setitem__("kind", "lake"), "kind: 'lake' is not a tile kind"),
    "unknown key": (lambda d: _tile(d).__setitem__("colour", "red"), "unknown key 'colour'"),
    "tile not a mapping": (lambda d: d["tiles"].append(["T9"]), "tile #3 (tiles[2]): must be a mapping"),
    "face not a mapping": (lambda d: _tile(d).__setitem__("front", "FFFFFF"), "front: must be a mapping"),
    "sectors not a list": (
        lambda d: _tile(d)["front"].__setitem__("sectors", "FFFFFF"),
        "front sectors: must be a list of six terrains",
    ),
    "id not a string": (lambda d: _tile(d).__setitem__("id", 3), "id: 3 must be a non-empty string"),
    "bad id characters": (lambda d: _tile(d).__setitem__("id", "T 1"), "id: 'T 1' must be a non-empty string"),
    "no tiles": (lambda d: d.__setitem__("tiles", []), "tiles: must be a non-empty list"),
    "tiles missing": (lambda d: d.pop("tiles"), "missing key 'tiles'"),
    "wrong version": (lambda d: d.__setitem__("version", 2), "version: 2 is not supported"),
    "wrong format": (lambda d: d.__setitem__("format", "xochintlan"), "format: 'xochintlan' must be"),
    "name not text": (lambda d: d.__setitem__("name", 5), "name: must be a string"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_each_problem_is_reported_with_tile_and_field(case):
    break_it, expected = BROKEN[case]
    data = small_set()
    break_it(data)
    with pytest.raises(TilesetError) as caught:
        load_tileset(data)
    assert any(expected in problem for problem in caught.value.problems), caught.value.problems
    assert isinstance(caught.value, ValueError)


def test_every_problem_is_listed_at_once():
    data = small_set()
    for case in ("unknown terrain", "side 6", "icon on a river tile", "unknown objective type"):
        BROKEN[case][0](data)
    with pytest.raises(TilesetError) as caught:
        load_tileset(data)
    assert len(caught.value.problems) == 4
    assert str(caught.value).startswith("4 problems in the tile set (mapping):")


def test_not_a_mapping_is_a_tileset_error(tmp_path):
    listing = tmp_path / "list.json"
    listing.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(TilesetError, match="must be a JSON object"):
        load_tileset(listing)
    for source in (3.5, [], ("T1",)):
        with pytest.raises(TilesetError, match="source must be None"):
            load_tileset(source)


def test_unreadable_file_and_bad_json_are_tileset_errors(tmp_path):
    with pytest.raises(TilesetError, match="cannot read the file"):
        load_tileset(tmp_path / "missing.json")
    with pytest.raises(TilesetError, match="cannot read the file"):
        load_tileset(tmp_path)  # a directory
    bad = tmp_path / "bad.json"
    bad.write_text('{"tiles": [', encoding="utf-8")
    with pytest.raises(TilesetError, match="not valid JSON"):
        load_tileset(bad)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(TilesetError):
        load_tileset(binary)


# ---------------------------------------------------------------------------
# Fuzzing: a broken set gives a TilesetError, never another exception
# ---------------------------------------------------------------------------
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 10)
    | st.floats(allow_nan=True)
    | st.sampled_from(
        [
            "forest",
            "water",
            "crops",
            "acorn",
            "stork",
            "monument",
            "terrain",
            "river",
            "front",
            "back",
            "all_symbols",
            "three_separate",
            "0",
            "5",
            "6",
            "",
            "T1",
        ]
    ),
    lambda children: (
        st.lists(children, max_size=7)
        | st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "kind",
                    "front",
                    "back",
                    "sectors",
                    "requirements",
                    "icons",
                    "objective",
                    "type",
                    "terrain",
                    "size",
                    "side",
                    "symbol",
                    "tiles",
                    "0",
                    "1",
                    "x",
                ]
            ),
            children,
            max_size=6,
        )
    ),
    max_leaves=25,
)


def _load_outcome(data) -> str:
    try:
        load_tileset(data)
    except TilesetError as error:
        assert error.problems and all(isinstance(p, str) for p in error.problems)
        return "error"
    return "ok"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=json_values)
def test_fuzz_random_values_give_only_tileset_errors(value):
    data = value if not isinstance(value, dict) else {"tiles": [value]}
    assert _load_outcome(data) in ("ok", "error")


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, child in node.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from _paths(child, prefix + (index,))


SHIPPED = load_tileset().to_dict()
SHIPPED_PATHS = [p for p in _paths(SHIPPED) if p]


@settings(max_examples=150, deadline=None)
@given(path=st.sampled_from(SHIPPED_PATHS), value=json_values, delete=st.booleans())
def test_fuzz_mutated_shipped_set_gives_only_tileset_errors(path, value, delete):
    data = copy.deepcopy(SHIPPED)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    assert _load_outcome(data) in ("ok", "error")


def test_objectives_are_described_with_the_right_article():
    # "an acorn", never "a acorn": every icon, in every kind of objective that names one
    texts = [
        Objective("three_separate", terrain="forest", symbol="acorn").describe(),
        Objective("same_symbol_triad", symbol="acorn").describe(),
        Objective("adjacent_pair", symbol_a="acorn", symbol_b="stork").describe(),
        Objective("adjacent_pair", symbol_a="monument", symbol_b="acorn").describe(),
    ]
    assert texts == [
        "three different forest regions, each with an acorn",
        "a forest, a water and a crops region, pairwise adjacent, each with an acorn",
        "two adjacent regions, one with an acorn, the other with a stork",
        "two adjacent regions, one with a monument, the other with an acorn",
    ]
    shipped = [objective.describe() for objective in _shipped_objectives()]
    assert shipped and not any(" a acorn" in text for text in shipped)


def _shipped_objectives() -> list[Objective]:
    tileset = load_tileset()
    return [tileset[tile_id].back.objective for tile_id in tileset.ids if tileset[tile_id].back.objective is not None]


def test_the_worked_example_of_datasets_readme_is_the_shipped_t4():
    """The README's T4, as JSON and as a tile_entry call, is the tile the set ships."""
    readme = (ROOT / "datasets" / "README.md").read_text(encoding="utf-8")
    example = readme.split("Here is tile `T4`", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    shipped = next(t for t in json.loads(DATASET.read_text(encoding="utf-8"))["tiles"] if t["id"] == "T4")
    assert json.loads(example) == shipped
    sketch = readme.split('tile_entry("T4"', 1)[1].split("```", 1)[0]
    built = eval('tile_entry("T4"' + sketch, {"tile_entry": tile_entry})  # the README's own call
    assert load_tileset({"tiles": [built]})["T4"].back == load_tileset(DATASET)["T4"].back
