"""Regions of a Hextremadura map: the sector graph, regions, requirements, objectives, quests.

Vocabulary, as the kit reads the rules:

*Sector*
    ``(cell, side)``: the triangle of the tile at ``cell`` that touches ``side``
    (after the tile's rotation). A tile placed with rotation ``k`` shows its
    data sector ``i`` at side ``(i + k) % 6``.

*Sector graph*
    Each sector is joined to the two neighbouring sectors of its own tile
    (sides ``s - 1`` and ``s + 1``) and, when a tile lies across side ``s``,
    to the facing sector of that tile (its side ``(s + 3) % 6``). So a sector
    has two or three neighbours.

*Region*
    A maximal connected set of sectors of one terrain (the rules' "a terrain").
    Two regions are *adjacent* when an edge of the sector graph joins them; two
    adjacent regions always differ in terrain (otherwise they would be one).
    A region *holds* the icons printed on its sectors (only back faces have icons).

Every function here is pure: it takes the map (``cell -> PlacedTile``) and the
tile set, and the engine, the computer players and the lessons all call the same
functions.

>>> from xochintlan_hex.hextremadura.tiles import PlacedTile, load_tileset
>>> demo = load_tileset({"tiles": [
...     {"id": "A", "kind": "river",
...      "front": {"sectors": ["water"] * 3 + ["forest"] * 3},
...      "back": {"sectors": ["crops"] * 6}}]})
>>> one = {(0, 0): PlacedTile("A", "front", 0)}
>>> [(r.terrain, r.size) for r in regions(one, demo)]
[('water', 3), ('forest', 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property

from xochintlan_hex.lattice import HEX

from .tiles import ICONS, Objective, PlacedTile, Requirement, Tileset

Cell = tuple[int, int]
Sector = tuple[Cell, int]
Tiles = Mapping[Cell, PlacedTile]
Terrains = Mapping[Cell, tuple[str, ...]]

REQUIREMENT_MODES: tuple[str, ...] = ("at_least", "exactly")

_DIRECTIONS = HEX.directions
_NEXT = tuple((s + 1) % 6 for s in range(6))
_PREV = tuple((s + 5) % 6 for s in range(6))
_OPPOSITE = tuple((s + 3) % 6 for s in range(6))


# ---------------------------------------------------------------------------
# Sectors and the sector graph
# ---------------------------------------------------------------------------
def side_terrains(tiles: Tiles, tileset: Tileset) -> dict[Cell, tuple[str, ...]]:
    """Each placed tile's terrain at sides 0..5 (rotation applied).

    >>> from xochintlan_hex.hextremadura.tiles import load_tileset
    >>> ts = load_tileset()
    >>> side_terrains({(0, 0): PlacedTile("R1", "front", 0)}, ts)[0, 0] == ts["R1"].front.sectors
    True
    """
    return {cell: tileset.side_terrains(*placed) for cell, placed in tiles.items()}


def side_icons(tiles: Tiles, tileset: Tileset) -> dict[Cell, tuple[str | None, ...]]:
    """Each placed tile's icon (or None) at sides 0..5 (rotation applied)."""
    return {cell: tileset.side_icons(*placed) for cell, placed in tiles.items()}


def sector_neighbours(terrains: Terrains, sector: Sector) -> list[Sector]:
    """The two or three sectors joined to ``sector`` in the sector graph."""
    cell, side = sector
    found = [(cell, _NEXT[side]), (cell, _PREV[side])]
    dq, dr = _DIRECTIONS[side]
    across = (cell[0] + dq, cell[1] + dr)
    if across in terrains:
        found.append((across, _OPPOSITE[side]))
    return found


def sector_graph(tiles: Tiles, tileset: Tileset) -> dict[Sector, tuple[Sector, ...]]:
    """The sector graph: every sector of the map with its neighbours.

    >>> from xochintlan_hex.hextremadura.tiles import load_tileset
    >>> ts = load_tileset()
    >>> two = {(0, 0): PlacedTile("R1", "front", 0), (1, 0): PlacedTile("R2", "front", 0)}
    >>> sector_graph(two, ts)[(0, 0), 0]
    (((0, 0), 1), ((0, 0), 5), ((1, 0), 3))
    """
    terrains = side_terrains(tiles, tileset)
    return {(cell, side): tuple(sector_neighbours(terrains, (cell, side))) for cell in terrains for side in range(6)}


def region_size(terrains: Terrains, sector: Sector, limit: int | None = None) -> int:
    """Number of sectors in the region holding ``sector``.

    With ``limit`` the count stops as soon as it reaches ``limit`` (enough to
    decide an "at least" requirement without exploring a huge region).
    """
    cell, side = sector
    terrain = terrains[cell][side]
    seen = {sector}
    stack = [sector]
    count = 1
    while stack:
        if limit is not None and count >= limit:
            return count
        cell, side = stack.pop()
        sides = terrains[cell]
        for other in ((cell, _NEXT[side]), (cell, _PREV[side])):
            if other not in seen and sides[other[1]] == terrain:
                seen.add(other)
                stack.append(other)
                count += 1
        dq, dr = _DIRECTIONS[side]
        across = (cell[0] + dq, cell[1] + dr)
        facing_sides = terrains.get(across)
        if facing_sides is not None:
            other = (across, _OPPOSITE[side])
            if other not in seen and facing_sides[other[1]] == terrain:
                seen.add(other)
                stack.append(other)
                count += 1
    return count


# ---------------------------------------------------------------------------
# Regions and their adjacency
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Region:
    """A region: its terrain, its sectors and the icons it holds (sorted, with repeats)."""

    terrain: str
    sectors: frozenset[Sector]
    icons: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return len(self.sectors)

    @property
    def cells(self) -> frozenset[Cell]:
        """The cells of the tiles this region runs over."""
        return frozenset(cell for cell, _ in self.sectors)

    def count(self, icon: str) -> int:
        """How many ``icon`` icons the region holds."""
        return self.icons.count(icon)

    def holds(self, icon: str) -> bool:
        return icon in self.icons

    def holds_all_icons(self) -> bool:
        return all(icon in self.icons for icon in ICONS)


@dataclass(frozen=True)
class RegionMap:
    """Every region of a map, which region each sector is in, and which regions touch.

    ``adjacent[i]`` is the set of indices of the regions adjacent to ``regions[i]``.
    Build it with :func:`region_map`; the objective and quest checks take it.
    """

    regions: tuple[Region, ...]
    index: Mapping[Sector, int]
    adjacent: tuple[frozenset[int], ...]
    terrains: Terrains

    def region_at(self, cell: Cell, side: int) -> Region:
        """The region holding the sector at ``side`` of the tile at ``cell``."""
        return self.regions[self.index[cell, side]]

    def neighbours(self, region: int) -> list[Region]:
        """The regions adjacent to ``regions[region]``."""
        return [self.regions[j] for j in sorted(self.adjacent[region])]

    def of_terrain(self, terrain: str) -> list[int]:
        """Indices of the regions of ``terrain``."""
        return [i for i, r in enumerate(self.regions) if r.terrain == terrain]

    @cached_property
    def holding(self) -> dict[str, tuple[int, ...]]:
        """For each icon, the indices of the regions holding it, in order. Every
        objective asks for icons, so its check looks at these few regions only, not at
        every region of the map (computed once per map, on first use)."""
        found: dict[str, list[int]] = {icon: [] for icon in ICONS}
        for i, region in enumerate(self.regions):
            for icon in dict.fromkeys(region.icons):
                found.setdefault(icon, []).append(i)
        return {icon: tuple(indices) for icon, indices in found.items()}


def region_map(tiles: Tiles, tileset: Tileset, icons_only: bool = False) -> RegionMap:
    """Analyse the map: its regions (ordered by their first sector), and their adjacency.

    With ``icons_only``, only the regions that hold an icon, with their adjacency to
    each other (ordered by their first icon; ``index`` knows only their sectors): all
    that the objectives look at, for a fraction of the work on a map of few icons
    (none at all in round 1, when no back is on the map).

    >>> from xochintlan_hex.hextremadura.tiles import load_tileset
    >>> rm = region_map({}, load_tileset())
    >>> rm.regions
    ()
    """
    terrains = side_terrains(tiles, tileset)
    icons = side_icons(tiles, tileset)
    index: dict[Sector, int] = {}
    found: list[Region] = []
    adjacent: list[set[int]] = []
    for cell in sorted(terrains):
        for side in range(6):
            if (cell, side) not in index and not (icons_only and icons[cell][side] is None):
                sectors = _flood(terrains, (cell, side), len(found), index, adjacent)
                held = sorted(icon for c, s in sectors if (icon := icons[c][s]) is not None)
                found.append(Region(terrains[cell][side], frozenset(sectors), tuple(held)))
    return RegionMap(tuple(found), index, tuple(frozenset(a) for a in adjacent), terrains)


def _flood(
    terrains: Terrains, start: Sector, label: int, index: dict[Sector, int], adjacent: list[set[int]]
) -> list[Sector]:
    """Label the region of ``start`` with ``label`` and record its adjacency to the
    regions labelled before it (later regions record theirs to this one)."""
    terrain = terrains[start[0]][start[1]]
    mine: set[int] = set()
    adjacent.append(mine)
    index[start] = label
    members = [start]
    for cell, side in members:  # the list grows while we walk it: a breadth-first flood
        sides = terrains[cell]
        dq, dr = _DIRECTIONS[side]
        across = (cell[0] + dq, cell[1] + dr)
        candidates = [((cell, _NEXT[side]), sides[_NEXT[side]]), ((cell, _PREV[side]), sides[_PREV[side]])]
        facing_sides = terrains.get(across)
        if facing_sides is not None:
            facing = _OPPOSITE[side]
            candidates.append(((across, facing), facing_sides[facing]))
        for other, other_terrain in candidates:
            if other_terrain == terrain:
                if other not in index:
                    index[other] = label
                    members.append(other)
            elif other in index:
                other_label = index[other]
                mine.add(other_label)
                adjacent[other_label].add(label)
    return members


def regions(tiles: Tiles, tileset: Tileset) -> tuple[Region, ...]:
    """The regions of the map, ordered by their first sector (see :func:`region_map`)."""
    return region_map(tiles, tileset).regions


def region_adjacency(tiles: Tiles, tileset: Tileset) -> dict[int, frozenset[int]]:
    """For each region index (as in :func:`regions`), the indices of the adjacent regions."""
    return dict(enumerate(region_map(tiles, tileset).adjacent))


# ---------------------------------------------------------------------------
# Requirements
# ---------------------------------------------------------------------------
def requirement_met(
    tiles: Tiles,
    tileset: Tileset,
    cell: Cell,
    requirement: Requirement,
    mode: str = "at_least",
    terrains: Terrains | None = None,
) -> bool:
    """Is ``requirement`` of the tile at ``cell`` met?

    The requirement's side turns with the tile: rotation ``k`` makes it look
    across side ``(side + k) % 6``. It is met when a tile lies across that side
    and the region holding the *facing* sector is of the required terrain with at
    least ``size`` sectors (``mode="exactly"``: exactly ``size``). The region may
    run over many tiles, the required tile itself included.

    ``terrains`` (from :func:`side_terrains`) may be passed to save rebuilding it.
    """
    if terrains is None:
        terrains = side_terrains(tiles, tileset)
    side = (requirement.side + tiles[cell].rotation) % 6
    dq, dr = _DIRECTIONS[side]
    across = (cell[0] + dq, cell[1] + dr)
    facing_sides = terrains.get(across)
    if facing_sides is None:
        return False
    facing = _OPPOSITE[side]
    if facing_sides[facing] != requirement.terrain:
        return False
    if mode == "at_least":
        return region_size(terrains, (across, facing), limit=requirement.size) >= requirement.size
    return region_size(terrains, (across, facing), limit=requirement.size + 1) == requirement.size


def requirements_met(
    tiles: Tiles, tileset: Tileset, cell: Cell, mode: str = "at_least", terrains: Terrains | None = None
) -> tuple[bool, ...]:
    """For the front-facing terrain tile at ``cell``, whether each of its requirements is met.

    Back-facing and river tiles have no requirement: the answer is ``()``.
    """
    placed = tiles[cell]
    if placed.face != "front":
        return ()
    if terrains is None:
        terrains = side_terrains(tiles, tileset)
    spec = tileset[placed.tile_id]
    return tuple(requirement_met(tiles, tileset, cell, r, mode, terrains) for r in spec.front.requirements)


def completed_tiles(
    tiles: Tiles, tileset: Tileset, mode: str = "at_least", terrains: Terrains | None = None
) -> list[Cell]:
    """The cells of the front-facing terrain tiles whose requirements are all met.

    They come in the map's order, which the engine keeps as the placement order,
    so this is also the order in which they go onto the explored pile.
    """
    if terrains is None:
        terrains = side_terrains(tiles, tileset)
    done = []
    for cell, placed in tiles.items():
        if placed.face != "front":
            continue
        requirements = tileset[placed.tile_id].front.requirements
        if requirements and all(requirement_met(tiles, tileset, cell, r, mode, terrains) for r in requirements):
            done.append(cell)
    return done


# ---------------------------------------------------------------------------
# Objectives (judged on the whole map)
# ---------------------------------------------------------------------------
def all_symbols(rm: RegionMap, terrain: str) -> bool:
    """A region of ``terrain`` holds an acorn, a stork and a monument."""
    return any(
        rm.regions[i].terrain == terrain and rm.regions[i].holds_all_icons() for i in rm.holding.get(ICONS[0], ())
    )


def same_symbol_triad(rm: RegionMap, symbol: str) -> bool:
    """A forest, a water and a crops region, each pair adjacent, each holding ``symbol``."""
    holders = rm.holding.get(symbol, ())

    def holding(i: int, terrain: str) -> bool:
        return rm.regions[i].terrain == terrain and rm.regions[i].holds(symbol)

    for f in holders:
        if rm.regions[f].terrain != "forest":
            continue
        for w in rm.adjacent[f]:
            if holding(w, "water") and any(holding(c, "crops") for c in rm.adjacent[f] & rm.adjacent[w]):
                return True
    return False


def three_separate(rm: RegionMap, terrain: str, symbol: str) -> bool:
    """Three different regions of ``terrain`` each hold ``symbol``.

    Two regions of the same terrain never touch (they would be one region), so
    "different" is the seed's "not adjacent".
    """
    return sum(1 for i in rm.holding.get(symbol, ()) if rm.regions[i].terrain == terrain) >= 3


def adjacent_pair(rm: RegionMap, symbol_a: str, symbol_b: str) -> bool:
    """Two adjacent regions, one holding ``symbol_a``, the other ``symbol_b``."""
    holding_b = rm.holding.get(symbol_b, ())
    return any(not rm.adjacent[i].isdisjoint(holding_b) for i in rm.holding.get(symbol_a, ()))


_OBJECTIVE_CHECKS: dict[str, Callable[..., bool]] = {
    "all_symbols": all_symbols,
    "same_symbol_triad": same_symbol_triad,
    "three_separate": three_separate,
    "adjacent_pair": adjacent_pair,
}


def objective_holds(objective: Objective, rm: RegionMap) -> bool:
    """Does ``objective`` hold anywhere on the analysed map?

    >>> from xochintlan_hex.hextremadura.tiles import load_tileset
    >>> objective_holds(Objective("all_symbols", terrain="water"), region_map({}, load_tileset()))
    False
    """
    return _OBJECTIVE_CHECKS[objective.type](rm, **objective.parameters)


# ---------------------------------------------------------------------------
# Discover quests
# ---------------------------------------------------------------------------
def is_narrow(rm: RegionMap, region: int) -> bool:
    """At most one sector wide: no sector of the region has all three neighbours in it."""
    for sector in rm.regions[region].sectors:
        neighbours = sector_neighbours(rm.terrains, sector)
        if len(neighbours) == 3 and all(rm.index[n] == region for n in neighbours):
            return False
    return True


def monfrague_landscape(rm: RegionMap) -> bool:
    """Monfragüe's landscape: a narrow water region with >= 2 storks and >= 2 acorns,
    whose adjacent regions hold >= 3 storks and >= 2 acorns in all."""
    for i, region in enumerate(rm.regions):
        if region.terrain != "water" or region.count("stork") < 2 or region.count("acorn") < 2:
            continue
        around = rm.neighbours(i)
        storks = sum(r.count("stork") for r in around)
        acorns = sum(r.count("acorn") for r in around)
        if storks >= 3 and acorns >= 2 and is_narrow(rm, i):
            return True
    return False


def garganta_landscape(rm: RegionMap, size: int = 28) -> bool:
    """Garganta de los Infiernos' landscape: a water region of at least ``size`` sectors."""
    return any(r.terrain == "water" and r.size >= size for r in rm.regions)


def los_barruecos_landscape(rm: RegionMap) -> bool:
    """Los Barruecos' landscape: a forest region holding all three icons whose every
    adjacent region is one single water region, itself holding all three icons."""
    for i, region in enumerate(rm.regions):
        if region.terrain != "forest" or not region.holds_all_icons() or len(rm.adjacent[i]) != 1:
            continue
        (j,) = rm.adjacent[i]
        other = rm.regions[j]
        if other.terrain == "water" and other.holds_all_icons():
            return True
    return False


def is_perfect(score: int, max_score: int = 15) -> bool:
    """A perfect score: every terrain tile's objective met, ``max_score`` of ``max_score``.

    ``max_score`` is the game's number of terrain tiles (15 with the kit's set;
    fewer with a smaller set or pile order). The rating's star and the quests that
    ask for "a score of 15" both use this one rule. A game without terrain tiles
    has no objective to meet, so no perfect score.

    >>> is_perfect(15), is_perfect(14), is_perfect(4, max_score=4), is_perfect(15, max_score=18)
    (True, False, True, False)
    """
    return max_score > 0 and score >= max_score


def monfrague(rm: RegionMap, score: int, points: int) -> bool:
    """The Monfragüe quest: its landscape and a score of at least ``points``."""
    return score >= points and monfrague_landscape(rm)


def garganta_de_los_infiernos(rm: RegionMap, score: int, perfect: int = 15) -> bool:
    """The Garganta de los Infiernos quest: a 28-sector water region and a perfect
    score (``perfect``: the game's terrain tiles, see :func:`is_perfect`)."""
    return is_perfect(score, perfect) and garganta_landscape(rm)


def los_barruecos(rm: RegionMap, score: int, perfect: int = 15) -> bool:
    """The Los Barruecos quest: its landscape and a perfect score (see :func:`is_perfect`)."""
    return is_perfect(score, perfect) and los_barruecos_landscape(rm)
