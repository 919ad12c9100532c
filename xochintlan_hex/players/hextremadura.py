"""Computer players for Hextremadura: a greedy player and the fast look it relies on.

What the player sees
    The map, the tiles it may play now (``game.available()``: the offer and the
    top of the pile, both face up) and the round. It never looks deeper into the
    pile.

Greedy (``"greedy"``)
    Every legal placement gets a key, and the largest key wins (ties at random):

    1. in round 1, the tiles the placement takes off the map now (each one
       explored is a back face, so a chance of a point, later); from round 2 on,
       the score right after the placement plus 0.8 per tile taken off (a
       leftover front tile explored now comes back as one more back face);
    2. the fewest requirements made hopeless (a requirement whose side now faces
       a sector of another terrain can no longer be met);
    3. the most sides whose sectors continue the terrain across (larger
       regions meet more requirements and gather more icons).

    Taking off tiles is judged for every placement by :func:`removals`, which
    only re-examines the regions the new tile touches, and the score after a
    placement by :meth:`MapView.score_after`, which merges the new tile into the
    regions it joins without playing it (``tests/test_players.py`` checks both
    against the engine). The score is still the dearer of the two, so from
    round 2 on it is worked out for the ``shortlist`` (12) best placements by
    the other criteria only: looking at more of them does not score higher.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xochintlan_hex.hextremadura import Hextremadura, Place, objective_holds
from xochintlan_hex.hextremadura import Region as _Region
from xochintlan_hex.hextremadura import RegionMap as _RegionMap
from xochintlan_hex.lattice import HEX

_DIRECTIONS = HEX.directions
_OPPOSITE = tuple((s + 3) % 6 for s in range(6))


@functools.cache
def _runs(terrains: tuple[str, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The tile's regions on its own: runs of neighbouring sides with one terrain.

    >>> _runs(("water", "water", "forest", "forest", "forest", "water"))
    (('water', (5, 0, 1)), ('forest', (2, 3, 4)))
    """
    if len(set(terrains)) == 1:
        return ((terrains[0], tuple(range(6))),)
    start = next(s for s in range(6) if terrains[s] != terrains[s - 1])
    runs: list[tuple[str, list[int]]] = []
    for k in range(6):
        side = (start + k) % 6
        if runs and runs[-1][0] == terrains[side]:
            runs[-1][1].append(side)
        else:
            runs.append((terrains[side], [side]))
    # Keep the run through side 0 first so that the order reads naturally.
    runs.sort(key=lambda run: 0 if 0 in run[1] else 1 + min(run[1]))
    return tuple((terrain, tuple(sides)) for terrain, sides in runs)


@dataclass
class _Requirement:
    """A front tile's requirement as the map stands: where it looks and whether it holds."""

    owner: tuple[int, int]  # cell of the front tile
    terrain: str
    size: int
    across: tuple[int, int]  # the cell it looks at
    facing: int  # the side of ``across`` it looks at
    met: bool


class MapView:
    """What one decision needs to know about the map, computed once.

    ``regions``: the engine's region map; ``watch_cell[c]``: requirements looking
    at the empty cell ``c``; ``watch_region[r]``: unmet requirements looking at
    region ``r``.
    """

    def __init__(self, game: Hextremadura) -> None:
        self.game = game
        self.tileset = game.tileset
        self.exactly = game.requirement_mode == "exactly"
        self.tiles = dict(game.map)
        self.terrains = {cell: self.tileset.side_terrains(*placed) for cell, placed in self.tiles.items()}
        self.regions = game.region_map()
        self.size = [region.size for region in self.regions.regions]
        self.requirements: dict[tuple[int, int], list[_Requirement]] = {}
        self.watch_cell: dict[tuple[int, int], list[_Requirement]] = {}
        self.watch_region: dict[int, list[_Requirement]] = {}
        for cell, placed in self.tiles.items():
            if placed.face == "front" and not self.tileset[placed.tile_id].is_river:
                self._watch(cell, placed)

    def _watch(self, cell: tuple[int, int], placed: Any) -> None:
        found = []
        for req in self.tileset[placed.tile_id].front.requirements:
            side = (req.side + placed.rotation) % 6
            dq, dr = _DIRECTIONS[side]
            across = (cell[0] + dq, cell[1] + dr)
            requirement = _Requirement(cell, req.terrain, req.size, across, _OPPOSITE[side], False)
            found.append(requirement)
            sides = self.terrains.get(across)
            if sides is None:
                self.watch_cell.setdefault(across, []).append(requirement)
            elif sides[requirement.facing] == req.terrain:
                region = self.regions.index[across, requirement.facing]
                requirement.met = self._fits(self.size[region], req.size)
                self.watch_region.setdefault(region, []).append(requirement)
        self.requirements[cell] = found

    def _fits(self, size: int, wanted: int) -> bool:
        return size == wanted if self.exactly else size >= wanted

    @functools.cached_property
    def _around(self) -> dict[tuple[int, int], tuple[tuple[str, int] | None, ...]]:
        """For each empty cell beside the map, per side: (facing terrain, its region) or None."""
        around = {}
        index = self.regions.index
        for q, r in self.game.open_cells():
            seen = []
            for side, (dq, dr) in enumerate(_DIRECTIONS):
                neighbour = (q + dq, r + dr)
                sides = self.terrains.get(neighbour)
                facing = _OPPOSITE[side]
                seen.append(None if sides is None else (sides[facing], index[neighbour, facing]))
            around[q, r] = tuple(seen)
        return around

    @functools.cached_property
    def _orientations(self) -> dict[tuple[str, str, int], _Orientation]:
        return {
            (tile, face, rotation): _Orientation.of(self.tileset, tile, face, rotation)
            for tile in self.game.available()
            for face in self.game.faces(tile)
            for rotation in range(6)
        }

    def assess(self, action: Place) -> tuple[int, int, int]:
        """``(tiles taken off, requirements made hopeless, sides continued)`` for ``action``."""
        tile, cell, rotation, face = action.tile_id, action.cell, action.rotation, action.face
        shape = self._orientations.get((tile, face, rotation))
        if shape is None:
            shape = _Orientation.of(self.tileset, tile, face, rotation)
        around = self._around.get(cell) or (None,) * 6
        run_size, new_size, continued = self._grow(shape.runs, around)
        watching = self.watch_cell.get(cell)
        if not (watching or shape.requirements or any(region in self.watch_region for region in new_size)):
            return 0, 0, continued  # nothing to complete, nothing to spoil

        changed: dict[tuple[int, int], dict[int, bool]] = {}
        hopeless = 0
        for requirement in watching or ():
            ok = shape.sides[requirement.facing] == requirement.terrain
            hopeless += not ok
            size = run_size[shape.run_of_side[requirement.facing]]
            changed.setdefault(requirement.owner, {})[id(requirement)] = ok and self._fits(size, requirement.size)
        for region, size in new_size.items():
            for requirement in self.watch_region.get(region, ()):
                changed.setdefault(requirement.owner, {})[id(requirement)] = self._fits(size, requirement.size)
        removed = sum(all(now.get(id(r), r.met) for r in self.requirements[owner]) for owner, now in changed.items())
        own, dead = self._own_requirements(shape, around, new_size)
        return removed + own, hopeless + dead, continued

    @functools.cached_property
    def _back_objectives(self) -> list[Any]:
        return [
            self.tileset[p.tile_id].back.objective
            for p in self.tiles.values()
            if p.face == "back" and self.tileset[p.tile_id].back.objective is not None
        ]

    def score_after(self, action: Place) -> int | None:
        """The score once ``action`` is played, worked out without playing it.

        Only the regions the new tile joins change (:meth:`region_map_after`);
        the engine's objective checks then run on that new region map. When the
        placement takes tiles off the map (regions then split), None: play it.
        """
        if self.assess(action)[0]:
            return None
        after = self.region_map_after(action)
        objectives = list(self._back_objectives)
        objective = self.tileset[action.tile_id].back.objective
        if action.face == "back" and objective is not None:
            objectives.append(objective)
        verdict: dict[Any, bool] = {}
        for objective in objectives:
            if objective not in verdict:
                verdict[objective] = objective_holds(objective, after)
        return sum(verdict[o] for o in objectives)

    def region_map_after(self, action: Place) -> _RegionMap:
        """The complete region map once ``action``'s tile is down, if it takes no tile off.

        The regions the tile's runs touch merge with them into new regions (listed
        after the untouched ones), which take over their sectors, icons and
        neighbours; the rest of the map is kept as it is.
        """
        tile, cell, rotation, face = action.tile_id, action.cell, action.rotation, action.face
        shape = self._orientations.get((tile, face, rotation)) or _Orientation.of(self.tileset, tile, face, rotation)
        around = self._around.get(cell) or (None,) * 6
        old = self.regions
        touched, group = _merged_runs(shape.runs, around)
        merged_away = set().union(*touched)
        kept = [r for r in range(len(old.regions)) if r not in merged_away]
        new_index = {r: i for i, r in enumerate(kept)}
        groups = sorted(set(group))
        group_index = {g: len(kept) + k for k, g in enumerate(groups)}
        for i, regions_of_run in enumerate(touched):
            for r in regions_of_run:
                new_index[r] = group_index[group[i]]
        icons = self.tileset.side_icons(tile, face, rotation)
        regions = [old.regions[r] for r in kept]
        neighbours = []
        for g in groups:
            members = [i for i in range(len(shape.runs)) if group[i] == g]
            regions.append(self._merged_region(cell, shape, icons, members, touched))
            neighbours.append(
                self._neighbours_of_merged(g, members, touched, group, group_index, new_index, shape, around)
            )
        adjacent = [set(new_index[n] for n in old.adjacent[r]) for r in kept] + neighbours
        for g, near in enumerate(neighbours, start=len(kept)):
            for n in near:
                adjacent[n].add(g)
        index = {sector: new_index[r] for sector, r in old.index.items()}
        for i, (_, sides) in enumerate(shape.runs):
            for side in sides:
                index[cell, side] = group_index[group[i]]
        terrains = dict(old.terrains)
        terrains[cell] = shape.sides
        return _RegionMap(tuple(regions), index, tuple(frozenset(a) for a in adjacent), terrains)

    def _merged_region(
        self,
        cell: tuple[int, int],
        shape: _Orientation,
        icons: Sequence[str | None],
        members: list[int],
        touched: list[set[int]],
    ) -> _Region:
        """The region that the tile's runs ``members`` form with the regions they touch."""
        old = self.regions.regions
        merged = set().union(*(touched[i] for i in members))
        sectors = {(cell, side) for i in members for side in shape.runs[i][1]}
        sectors.update(*(old[r].sectors for r in merged))
        held = [icon for r in merged for icon in old[r].icons]
        held += [icon for i in members for side in shape.runs[i][1] if (icon := icons[side])]
        return _Region(shape.runs[members[0]][0], frozenset(sectors), tuple(sorted(held)))

    def _neighbours_of_merged(
        self,
        g: int,
        members: list[int],
        touched: list[set[int]],
        group: list[int],
        group_index: dict[int, int],
        new_index: dict[int, int],
        shape: _Orientation,
        around: tuple[tuple[str, int] | None, ...],
    ) -> set[int]:
        """The new indices of the regions next to the merged region of group ``g``."""
        runs = shape.runs
        near: set[int] = set()
        for r in set().union(*(touched[i] for i in members)):
            near |= {new_index[n] for n in self.regions.adjacent[r]}
        for i in members:
            terrain, sides = runs[i]
            for side in sides:
                facing = around[side]
                if facing is not None and facing[0] != terrain:
                    near.add(new_index[facing[1]])
            if len(runs) > 1:  # the runs either side of it on the tile
                near |= {group_index[group[(i - 1) % len(runs)]], group_index[group[(i + 1) % len(runs)]]}
        near.discard(group_index[g])
        return near

    def _grow(
        self, runs: tuple[tuple[str, tuple[int, ...]], ...], around: tuple[tuple[str, int] | None, ...]
    ) -> tuple[list[int], dict[int, int], int]:
        """Each run's region size once the tile is down, the new size of every region
        it joins, and how many sides continue a terrain."""
        size = self.size
        run_size: list[int] = []
        new_size: dict[int, int] = {}
        continued = 0
        shared = False
        for terrain, run_sides in runs:
            total = len(run_sides)
            joined: tuple[int, ...] = ()
            for side in run_sides:
                seen = around[side]
                if seen is not None and seen[0] == terrain:
                    continued += 1
                    if seen[1] not in joined:
                        joined += (seen[1],)
                        total += size[seen[1]]
            for region in joined:
                shared = shared or region in new_size
                new_size[region] = total
            run_size.append(total)
        if shared:  # two runs of the tile meet through a region: merge them
            return self._merged(runs, around)
        return run_size, new_size, continued

    def _merged(
        self, runs: Sequence[tuple[str, tuple[int, ...]]], around: tuple[tuple[str, int] | None, ...]
    ) -> tuple[list[int], dict[int, int], int]:
        """:meth:`_grow` when runs of the new tile join through an existing region."""
        touched, group = _merged_runs(tuple(runs), around)
        continued = sum(
            len([s for s in sides if (facing := around[s]) is not None and facing[0] == t]) for t, sides in runs
        )
        run_size = []
        for i in range(len(runs)):
            members = [j for j in range(len(runs)) if group[j] == group[i]]
            regions = set().union(*(touched[j] for j in members))
            run_size.append(sum(len(runs[j][1]) for j in members) + sum(self.size[r] for r in regions))
        new_size = {r: run_size[i] for i, regions in enumerate(touched) for r in regions}
        return run_size, new_size, continued

    def _own_requirements(
        self, shape: _Orientation, around: tuple[tuple[str, int] | None, ...], new_size: dict[int, int]
    ) -> tuple[int, int]:
        """(1 if the placed front tile is taken off at once, its hopeless requirements)."""
        if not shape.requirements:
            return 0, 0
        met, dead = True, 0
        for side, terrain, wanted in shape.requirements:
            seen = around[side]
            if seen is None:
                met = False
            elif seen[0] != terrain:
                met, dead = False, dead + 1
            else:
                met = met and self._fits(new_size.get(seen[1], self.size[seen[1]]), wanted)
        return int(met), dead


def _merged_runs(
    runs: tuple[tuple[str, tuple[int, ...]], ...], around: tuple[tuple[str, int] | None, ...]
) -> tuple[list[set[int]], list[int]]:
    """For each run of a new tile: the regions it joins, and its group (runs joining a common
    region form one new region; a group is named by its smallest run)."""
    touched = [
        {facing[1] for side in sides if (facing := around[side]) is not None and facing[0] == terrain}
        for terrain, sides in runs
    ]
    group = list(range(len(runs)))
    for i in range(len(runs)):
        for j in range(i):
            if touched[i] & touched[j]:
                group = [group[j] if g == group[i] else g for g in group]
    return touched, group


@dataclass(frozen=True)
class _Orientation:
    """A tile face turned by a rotation: terrains by side, runs, requirements by side."""

    sides: tuple[str, ...]
    runs: tuple[tuple[str, tuple[int, ...]], ...]
    run_of_side: tuple[int, ...]
    requirements: tuple[tuple[int, str, int], ...]  # (side after rotation, terrain, size)

    @classmethod
    def of(cls, tileset: Any, tile: str, face: str, rotation: int) -> _Orientation:
        sides = tileset.side_terrains(tile, face, rotation)
        runs = _runs(sides)
        run_of_side = [0] * 6
        for i, (_, run_sides) in enumerate(runs):
            for side in run_sides:
                run_of_side[side] = i
        spec = tileset[tile]
        requirements: tuple[tuple[int, str, int], ...] = ()
        if face == "front" and not spec.is_river:
            requirements = tuple(((r.side + rotation) % 6, r.terrain, r.size) for r in spec.front.requirements)
        return cls(sides, runs, tuple(run_of_side), requirements)


def removals(game: Hextremadura, actions: Sequence[Place]) -> list[int]:
    """How many tiles each placement would take off the map (``len(game.would_remove(a))``).

    >>> game = Hextremadura(seed=1)
    >>> actions = game.legal_actions()
    >>> removals(game, actions[:3])
    [0, 0, 0]
    """
    view = MapView(game)
    return [view.assess(action)[0] for action in actions]


def ranked_placements(game: Hextremadura, view: MapView, rng: random.Random) -> list[tuple[tuple[float, ...], Place]]:
    """Every legal placement with greedy's cheap key, best first (ties in random order)."""
    keyed: list[tuple[tuple[float, ...], Place]] = []
    for action in game.legal_actions():
        taken, hopeless, continued = view.assess(action)
        keyed.append(((taken, -hopeless, continued, rng.random()), action))
    keyed.sort(key=lambda pair: pair[0], reverse=True)
    return keyed


def _worth_now(game: Hextremadura, view: MapView, action: Place, taken: int) -> float:
    """Round 1: the tiles taken off. Later: the score after it, plus 0.8 per tile taken off."""
    if game.round == 1:
        return float(taken)
    score = view.score_after(action)
    if score is None:  # tiles would come off the map: play it to see
        game.play(action)
        try:
            score = game.score()
        finally:
            game.undo()
    return score + 0.8 * taken


@dataclass(frozen=True)
class HextremaduraGreedy:
    """Most tiles explored now, then the best score (from round 2), then the fewest dead ends.

    ``shortlist``: how many placements get the exact score after them in rounds 2+.
    """

    name: str = "greedy"
    shortlist: int = 12

    def choose(self, game: Hextremadura, rng: random.Random) -> Place:
        view = MapView(game)
        keyed = ranked_placements(game, view, rng)
        if game.round == 1:
            return keyed[0][1]
        best, best_key = keyed[0][1], None
        for key, action in keyed[: self.shortlist]:
            full_key = (_worth_now(game, view, action, int(key[0])),) + key[1:]
            if best_key is None or full_key > best_key:
                best, best_key = action, full_key
        return best


@dataclass(frozen=True)
class HextremaduraSearch:
    """Greedy's best ``candidates``, each judged with the best next placement it allows.

    After each candidate, the tile still in view (the one of the two available
    tiles it did not play) is tried everywhere; the most tiles that follow-up
    takes off the map count ``weight`` times. Tiles not yet turned up are never
    looked at. About five times slower than greedy, and it explores more.
    """

    name: str = "search"
    candidates: int = 8
    weight: float = 0.9

    def choose(self, game: Hextremadura, rng: random.Random) -> Place:
        view = MapView(game)
        keyed = ranked_placements(game, view, rng)
        in_view = set(game.available())
        best, best_key = keyed[0][1], None
        for key, action in keyed[: self.candidates]:
            now = _worth_now(game, view, action, int(key[0]))
            full_key = (now + self.weight * self._follow_up(game, action, in_view),) + key[1:]
            if best_key is None or full_key > best_key:
                best, best_key = action, full_key
        return best

    @staticmethod
    def _follow_up(game: Hextremadura, action: Place, in_view: set[str]) -> int:
        """The most tiles the next placement of a tile already in view can take off."""
        game.play(action)
        try:
            kept = in_view - {action.tile_id}
            replies = [b for b in game.legal_actions() if b.tile_id in kept]
            if not replies:
                return 0
            view = MapView(game)
            return max(view.assess(b)[0] for b in replies)
        finally:
            game.undo()
