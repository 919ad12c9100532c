"""Hextremadura: a solo game of double-sided hex tiles (rules only, no drawing).

How the kit reads the rules
---------------------------
*Tiles.* A tile is a pointy-top hexagon cut into six triangular sectors; sector
``i`` touches side ``i`` (sides counted counter-clockwise from east, as in
:mod:`xochintlan_hex.lattice`). Each sector is forest, water or crops. A terrain
tile's front asks for two requirements; its back shows one or two icons (acorn,
stork, monument) and one end-of-game objective. River tiles have terrain only and
may go down on either face. The kit ships 15 terrain tiles and 3 river tiles;
any tile set in the same JSON format can replace them (:func:`load_tileset`).

*Rotation.* A tile placed with rotation ``k`` (0..5) shows its data sector ``i``
at side ``(i + k) % 6``: its requirements' sides turn with it.

*Regions.* Each sector touches the two neighbouring sectors of its tile and the
facing sector of the tile across its side. A region is a largest connected group
of sectors of one terrain, possibly over many tiles; it *holds* the icons printed
on its sectors. Two regions are adjacent when two of their sectors touch.

*Requirements.* ``(terrain, size, side)`` is met when a tile lies across that
(turned) side and the region of the facing sector is of that terrain with at
least ``size`` sectors; the tile's own sectors count when they join it. The
variant ``requirement_mode="exactly"`` asks for exactly ``size``.

*Turns and rounds.* The available tiles are the offer and the top of the pile.
A placement goes on an empty cell touching the map (the first one anywhere).
After it, every front-facing terrain tile with both requirements met leaves the
map at once, in placement order, onto the explored pile; the map may fall apart.
When no tile is available the round ends: the explored pile, turned over (first
explored tile on top, backs up), is the next pile; an empty one ends the game.
Back faces never leave; fronts left on the map can still be completed later.

*Objectives and score.* Judged on the map, anywhere on it: ``all_symbols``,
``same_symbol_triad``, ``three_separate``, ``adjacent_pair`` (see
:mod:`.analysis`). One point per back-facing tile whose objective holds; a
perfect score is every terrain tile's objective met (15 of 15 with the kit's
set, n of n with n terrain tiles: :func:`is_perfect`), which both the rating's
star and the quests asking for 15 use; the rating bands are :data:`RATING_BANDS`. The discover quests
(Monfragüe, Garganta de los Infiernos, Los Barruecos) are judged at the end.

Modules: :mod:`.tiles` (format, loading), :mod:`.analysis` (sector graph,
regions, requirements, objectives, quests), :mod:`.game` (the engine
:class:`Hextremadura`, its action :class:`Place` and :func:`replay`), :mod:`.records`
(the JSON record format, read and written for the engine).

>>> from xochintlan_hex.hextremadura import Hextremadura
>>> game = Hextremadura(seed=7)
>>> rng = __import__("random").Random(7)
>>> while not game.is_over:
...     game.play(game.random_action(rng))
>>> 0 <= game.score() <= 15
True
"""

from xochintlan_hex.errors import IllegalAction, RecordError

from .analysis import (
    REQUIREMENT_MODES,
    Region,
    RegionMap,
    adjacent_pair,
    all_symbols,
    completed_tiles,
    garganta_de_los_infiernos,
    garganta_landscape,
    is_narrow,
    is_perfect,
    los_barruecos,
    los_barruecos_landscape,
    monfrague,
    monfrague_landscape,
    objective_holds,
    region_adjacency,
    region_map,
    region_size,
    regions,
    requirement_met,
    requirements_met,
    same_symbol_triad,
    sector_graph,
    sector_neighbours,
    side_icons,
    side_terrains,
    three_separate,
)
from .game import (
    MONFRAGUE_POINTS,
    QUESTS,
    RATING_BANDS,
    Hextremadura,
    ObjectiveStatus,
    Place,
    parse_action,
    quest_name,
    rating_for,
    rating_name,
    replay,
)
from .records import record_of
from .tiles import (
    ICONS,
    OBJECTIVE_PARAMETERS,
    OBJECTIVE_TYPES,
    TERRAINS,
    TILE_KINDS,
    Face,
    Objective,
    PlacedTile,
    Requirement,
    Tileset,
    TilesetError,
    TileSpec,
    icon_name,
    load_tileset,
    sectors_from_letters,
    terrain_name,
    tile_entry,
)

__all__ = [
    "ICONS",
    "IllegalAction",
    "RecordError",
    "MONFRAGUE_POINTS",
    "OBJECTIVE_PARAMETERS",
    "OBJECTIVE_TYPES",
    "RATING_BANDS",
    "REQUIREMENT_MODES",
    "TERRAINS",
    "TILE_KINDS",
    "Face",
    "Hextremadura",
    "Objective",
    "ObjectiveStatus",
    "Place",
    "PlacedTile",
    "Region",
    "RegionMap",
    "Requirement",
    "TileSpec",
    "Tileset",
    "TilesetError",
    "adjacent_pair",
    "all_symbols",
    "completed_tiles",
    "garganta_de_los_infiernos",
    "garganta_landscape",
    "is_narrow",
    "is_perfect",
    "load_tileset",
    "los_barruecos",
    "los_barruecos_landscape",
    "monfrague",
    "monfrague_landscape",
    "objective_holds",
    "parse_action",
    "rating_for",
    "record_of",
    "region_adjacency",
    "region_map",
    "region_size",
    "regions",
    "replay",
    "requirement_met",
    "requirements_met",
    "same_symbol_triad",
    "sector_graph",
    "sector_neighbours",
    "sectors_from_letters",
    "side_icons",
    "side_terrains",
    "three_separate",
    "tile_entry",
    # names as a person reads them, in the language in use (the data keep their keys)
    "QUESTS",
    "icon_name",
    "quest_name",
    "rating_name",
    "terrain_name",
]
