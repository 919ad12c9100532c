"""Hextremadura: a solo game of double-sided hex tiles (rules only, no drawing).

Modules:

* :mod:`.tiles`: the tile-set format, :func:`load_tileset`, :class:`Tileset`;
* :mod:`.analysis`: the sector graph, regions, requirements, objectives, quests;
* :mod:`.game`: the engine :class:`Hextremadura` and its action :class:`Place`;
* :mod:`.records`: JSON records and :func:`replay`.

>>> from xochintlan_hex.hextremadura import Hextremadura
>>> game = Hextremadura(seed=7)
>>> rng = __import__("random").Random(7)
>>> while not game.is_over:
...     game.play(game.random_action(rng))
>>> 0 <= game.score() <= 15
True
"""

from xochintlan_hex.errors import IllegalAction

from .game import (
    MONFRAGUE_POINTS,
    RATING_BANDS,
    Hextremadura,
    ObjectiveStatus,
    Place,
    parse_action,
    rating_for,
)
from .records import record_of, replay
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
    load_tileset,
    sectors_from_letters,
    tile_entry,
)

__all__ = [
    "ICONS", "IllegalAction", "MONFRAGUE_POINTS", "OBJECTIVE_PARAMETERS", "OBJECTIVE_TYPES",
    "RATING_BANDS", "REQUIREMENT_MODES", "TERRAINS", "TILE_KINDS",
    "Face", "Hextremadura", "Objective", "ObjectiveStatus", "Place", "PlacedTile", "Region",
    "RegionMap", "Requirement", "TileSpec", "Tileset", "TilesetError",
    "adjacent_pair", "all_symbols", "completed_tiles", "garganta_de_los_infiernos",
    "garganta_landscape", "is_narrow", "load_tileset", "los_barruecos", "los_barruecos_landscape",
    "monfrague", "monfrague_landscape", "objective_holds", "parse_action", "rating_for",
    "record_of", "region_adjacency", "region_map", "region_size", "regions", "replay",
    "requirement_met", "requirements_met", "same_symbol_triad", "sector_graph",
    "sector_neighbours", "sectors_from_letters", "side_icons", "side_terrains", "three_separate",
    "tile_entry",
]
