"""The Hextremadura solo engine.

How the kit plays a game (the full readings are in the package documentation):

* **Set-up.** The pile is shuffled from the seed, every tile front up; its first
  tile goes to the *offer*. The available tiles are the offer and the top of the
  pile.
* **A turn** places one available tile: the first one anywhere, later ones on an
  empty cell sharing a side with a tile of the map, in any rotation 0..5.
  Terrain tiles show their front in round 1 and their back afterwards; river
  tiles may go down on either face. If the offer was played, the top of the pile
  refills it.
* **Removal.** After each placement, every front-facing terrain tile whose two
  requirements are met leaves the map at once, onto the explored pile, in the
  order the tiles were placed. The map may fall apart; play goes on.
* **Rounds.** When no tile is available the round ends. With an empty explored
  pile the game ends; otherwise the explored pile is turned over (backs up, the
  first explored tile on top) and becomes the new pile.
* **Score.** One point per back-facing tile whose objective holds on the map.

>>> game = Hextremadura(seed=1)
>>> game.round, len(game.available())
(1, 2)
>>> action = game.legal_actions()[0]
>>> str(action) == str(parse_action(str(action)))
True
>>> game.play(action)
>>> len(game.map)
1
>>> game.undo() == action
True
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from xochintlan_hex.display import ShowsItself
from xochintlan_hex.errors import IllegalAction, RecordError
from xochintlan_hex.game import ActionValue, checked_seed, is_whole, notation_int
from xochintlan_hex.i18n import N_, _
from xochintlan_hex.lattice import HEX

from . import analysis as R
from . import records
from .tiles import OBJECTIVE_TYPES, Objective, PlacedTile, Tileset, load_tileset

Cell = tuple[int, int]

#: (lowest score, band name), best last. The seed marks 9, 12 and 14, and a star for a
#: perfect score: 15 with the kit's set; with n terrain tiles, n of n (see :func:`rating_for`).
RATING_BANDS: tuple[tuple[int, str], ...] = (
    (0, "wanderer"),
    (9, "explorer"),
    (12, "naturalist"),
    (14, "guide"),
    (15, "star"),
)

#: default score X the Monfragüe quest asks for (the seed leaves X open)
MONFRAGUE_POINTS = 12

#: The discover quests, in the order :meth:`Hextremadura.quests` lists them (the keys are data).
QUESTS = ("monfrague", "garganta_de_los_infiernos", "los_barruecos")


def rating_name(band: str) -> str:
    """A rating band ('wanderer' ... 'star', the value studies keep) as a person reads it,
    in the language in use.

    >>> rating_name("naturalist")
    'Naturalist'
    """
    # Written out one by one, so that the catalog holds each name.
    names = {
        "wanderer": _("Wanderer"),
        "explorer": _("Explorer"),
        "naturalist": _("Naturalist"),
        "guide": _("Guide"),
        "star": _("Star"),
    }
    return names.get(band, band)


def quest_name(quest: str) -> str:
    """A discover quest ('monfrague', ...: the keys of :meth:`Hextremadura.quests`) by its
    place name, as a person reads it.

    >>> quest_name("garganta_de_los_infiernos")
    'Garganta de los Infiernos'
    """
    # Place names in Extremadura: kept as they are in every language, through the catalog all the same.
    names = {
        "monfrague": _("Monfragüe"),
        "garganta_de_los_infiernos": _("Garganta de los Infiernos"),
        "los_barruecos": _("Los Barruecos"),
    }
    return names.get(quest, quest)


_DIRECTIONS = HEX.directions
_ROTATIONS = range(6)
_NOTATION = re.compile(
    r"\s*(?P<tile>[A-Za-z0-9_\-]+)\s*@\s*\(\s*(?P<q>[+-]?\d+)\s*,\s*(?P<r>[+-]?\d+)\s*\)"
    r"\s*r\s*(?P<rotation>\d+)\s*(?P<face>[fFbB])\s*"
)


class Place(ActionValue):
    """Place tile ``tile_id`` on ``cell`` with ``rotation`` (0..5) and ``face`` up.

    An immutable value, like the Xochintlan actions: equal only to a Place with
    the same fields. Its text form is ``tile@(q,r)r<rotation><f|b>``, with ``f``
    for the front and ``b`` for the back; :func:`parse_action` reads it back.
    Whether the tile is available, the cell open, the face allowed is for the
    game to judge (:meth:`Hextremadura.why_illegal`).

    >>> str(Place("T3", (1, -1), 2, "front"))
    'T3@(1,-1)r2f'
    >>> parse_action("R1@(0,2)r5b")
    Place('R1', (0, 2), 5, 'back')
    >>> Place("T3", (1, -1)) == ("T3", (1, -1), 0, "front")
    False
    """

    __slots__ = ("tile_id", "cell", "rotation", "face")
    __match_args__ = ("tile_id", "cell", "rotation", "face")
    tile_id: str
    cell: Cell
    rotation: int
    face: str

    def __init__(self, tile_id: str, cell: Cell, rotation: int = 0, face: str = "front") -> None:
        if not isinstance(tile_id, str):
            raise IllegalAction(_("tile_id must be a tile id such as 'T3', not {value}").format(value=repr(tile_id)))
        if not (is_whole(rotation) and 0 <= rotation < 6):
            raise IllegalAction(_("rotation {value} is outside 0..5").format(value=repr(rotation)))
        if face not in ("front", "back"):
            raise IllegalAction(_("face must be 'front' or 'back', not {value}").format(value=repr(face)))
        object.__setattr__(self, "tile_id", tile_id)
        object.__setattr__(self, "cell", _checked_cell(cell))
        object.__setattr__(self, "rotation", int(rotation))
        object.__setattr__(self, "face", face)

    def __str__(self) -> str:
        q, r = self.cell
        return f"{self.tile_id}@({q},{r})r{self.rotation}{self.face[0]}"

    def describe(self) -> str:
        """A sentence for people, in the language in use: ``'tile T3 on (1, -1), front up, rotation 2'``."""
        if self.face == "front":
            words = _("tile {tile} on {cell}, front up, rotation {rotation}")
        else:
            words = _("tile {tile} on {cell}, back up, rotation {rotation}")
        return words.format(tile=self.tile_id, cell=f"({self.cell[0]}, {self.cell[1]})", rotation=self.rotation)


class ObjectiveStatus(NamedTuple):
    """One back-facing tile's objective and whether it holds on the map now."""

    tile_id: str
    cell: Cell
    objective: Objective
    holds: bool


def parse_action(text: str) -> Place:
    """Read an action written as ``tile@(q,r)r<rotation><f|b>``, e.g. ``T3@(1,-1)r2f``.

    Spaces are allowed between the parts. Anything else raises IllegalAction.

    >>> parse_action(" T12 @ (0, -3) r4 F ")
    Place('T12', (0, -3), 4, 'front')
    """
    if isinstance(text, Place):
        return text
    match = _NOTATION.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise IllegalAction(
            _(
                "cannot parse {text} as a Hextremadura action: write tile@(q,r)r<0..5><f|b>, "
                "e.g. 'T3@(1,-1)r2f' (f = front, b = back)"
            ).format(text=repr(text))
        )
    face = "front" if match["face"] in "fF" else "back"
    cell = (notation_int(match["q"], "q"), notation_int(match["r"], "r"))
    return Place(match["tile"], cell, notation_int(match["rotation"], "rotation"), face)


def rating_for(score: int, max_score: int = 15) -> str:
    """The name of the band ``score`` falls in (see :data:`RATING_BANDS`).

    The star goes to a perfect score, ``max_score`` of ``max_score``
    (:func:`~.analysis.is_perfect`); the other bands keep the seed's thresholds.

    >>> [rating_for(s) for s in (3, 9, 13, 14, 15)]
    ['wanderer', 'explorer', 'naturalist', 'guide', 'star']
    >>> rating_for(5, max_score=5), rating_for(15, max_score=18)
    ('star', 'guide')
    """
    if R.is_perfect(score, max_score):
        return "star"
    name = RATING_BANDS[0][1]
    for lowest, band in RATING_BANDS[:-1]:
        if score >= lowest:
            name = band
    return name


class Hextremadura(ShowsItself):
    """One solo game of Hextremadura.

    Every argument is keyword-only. ``seed`` shuffles the pile: a whole number
    >= 0 (a fresh seed is drawn, and kept in ``seed``, when it is None). ``tileset`` is anything :func:`load_tileset` accepts (the shipped
    set by default). ``order`` fixes the pile instead, top first: distinct tile ids
    of the set (it may leave tiles out, for short lessons). ``requirement_mode`` is
    ``"at_least"`` (the default reading: a region of at least the size) or
    ``"exactly"`` (the variant).

    >>> game = Hextremadura(order=["R1", "R2", "R3"])
    >>> game.offer, game.pile
    ('R1', ['R2', 'R3'])
    >>> game.play("R2@(0,0)r0b")
    >>> game.available()
    ('R1', 'R3')
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        tileset: Tileset | str | Mapping[str, Any] | None = None,
        order: Sequence[str] | None = None,
        requirement_mode: str = "at_least",
    ) -> None:
        self.tileset: Tileset = load_tileset(tileset)
        if requirement_mode not in R.REQUIREMENT_MODES:
            raise ValueError(
                _("requirement_mode must be one of {choices}, not {value}").format(
                    choices=R.REQUIREMENT_MODES, value=repr(requirement_mode)
                )
            )
        self.requirement_mode = requirement_mode
        if order is None:
            self.seed: int | None = checked_seed(seed)
            pile = list(self.tileset.ids)
            random.Random(self.seed).shuffle(pile)
        else:
            self.seed = None if seed is None else checked_seed(seed)  # kept for reference: the order rules
            pile = self._checked_order(order)
        self.start_order: tuple[str, ...] = tuple(pile)
        self._map: dict[Cell, PlacedTile] = {}
        self._terrains: dict[Cell, tuple[str, ...]] = {}
        self._pile: list[str] = pile
        self._offer: str | None = self._pile.pop(0)
        self._explored: list[str] = []
        self._round = 1
        self._over = False
        self._history: list[Place] = []
        self._removals: list[tuple[str, ...]] = []
        self._snapshots: list[_Snapshot] = []

    def _checked_order(self, order: Sequence[str]) -> list[str]:
        if isinstance(order, str) or not isinstance(order, Iterable):
            raise ValueError(_("order must be a list of tile ids, not {value}").format(value=repr(order)))
        pile = list(order)
        unknown = [t for t in pile if t not in self.tileset]
        if unknown:
            raise ValueError(
                _("order names tiles that are not in the tile set: {unknown}; known: {known}").format(
                    unknown=unknown, known=list(self.tileset.ids)
                )
            )
        repeated = sorted(t for t, n in Counter(pile).items() if n > 1)
        if repeated:
            raise ValueError(_("order names these tiles more than once: {repeated}").format(repeated=repeated))
        if not pile:
            raise ValueError(_("order must name at least one tile"))
        return pile

    # ------------------------------------------------------------------
    # State
    # ------------------------------------------------------------------
    @property
    def map(self) -> Mapping[Cell, PlacedTile]:
        """The map, read-only: cell -> PlacedTile, in placement order."""
        return MappingProxyType(self._map)

    @property
    def pile(self) -> list[str]:
        """The tiles still to discover this round, top first (a copy)."""
        return list(self._pile)

    @property
    def offer(self) -> str | None:
        return self._offer

    @property
    def explored(self) -> list[str]:
        """The explored pile, in the order the tiles were taken off (a copy)."""
        return list(self._explored)

    @property
    def round(self) -> int:
        return self._round

    @property
    def history(self) -> list[Place]:
        return list(self._history)

    @property
    def last_removed(self) -> tuple[str, ...]:
        """The tiles the last placement took off the map (empty before any placement)."""
        return self._removals[-1] if self._removals else ()

    @property
    def removals(self) -> list[tuple[str, ...]]:
        """For each placement so far, the tiles it took off the map."""
        return list(self._removals)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def current_player(self) -> int:
        return 0

    def available(self) -> tuple[str, ...]:
        """The tiles that may be played now: the offer, then the top of the pile."""
        found = []
        if self._offer is not None:
            found.append(self._offer)
        if self._pile:
            found.append(self._pile[0])
        return tuple(found)

    def faces(self, tile_id: str) -> tuple[str, ...]:
        """The faces ``tile_id`` may be played on now.

        River tiles: both. Terrain tiles: the face up in the pile, the front in
        round 1 and the back afterwards (only removed tiles come back).
        """
        if not isinstance(tile_id, str) or tile_id not in self.tileset:
            raise ValueError(
                _("no tile {tile} in the tile set; its tiles are {tiles}").format(
                    tile=repr(tile_id), tiles=", ".join(self.tileset.ids)
                )
            )
        if self.tileset[tile_id].is_river:
            return ("front", "back")
        return ("front",) if self._round == 1 else ("back",)

    def open_cells(self) -> list[Cell]:
        """The empty cells a tile may go on, sorted. On an empty map every cell is
        allowed; the origin stands for them all."""
        if not self._map:
            return [(0, 0)]
        occupied = self._map
        found = set()
        for q, r in occupied:
            for dq, dr in _DIRECTIONS:
                cell = (q + dq, r + dr)
                if cell not in occupied:
                    found.add(cell)
        return sorted(found)

    def sector_terrain(self, cell: Cell, side: int) -> str:
        """The terrain at ``side`` (0..5, after rotation) of the tile placed on ``cell``."""
        terrain: str = self._placed_sides(cell, side, self.tileset.side_terrains)
        return terrain

    def sector_icon(self, cell: Cell, side: int) -> str | None:
        """The icon (or None) at ``side`` of the tile placed on ``cell``."""
        icon: str | None = self._placed_sides(cell, side, self.tileset.side_icons)
        return icon

    def _placed_sides(self, cell: Cell, side: int, lookup: Any) -> Any:
        placed = self._map.get((cell[0], cell[1])) if isinstance(cell, (tuple, list)) and len(cell) == 2 else None
        if placed is None:
            raise ValueError(_("no tile on cell {cell}").format(cell=repr(cell)))
        if not isinstance(side, int) or not 0 <= side < 6:
            raise ValueError(_("side must be 0..5, not {value}").format(value=repr(side)))
        return lookup(*placed)[side]

    # ------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------
    def legal_actions(self) -> list[Place]:
        """Every legal placement: available tile x allowed face x open cell x rotation."""
        if self._over:
            return []
        cells = self.open_cells()
        found: list[Place] = []
        for tile in self.available():
            for face in self.faces(tile):
                for cell in cells:
                    found.extend(_places_at(tile, cell, face))
        return found

    def random_action(self, rng: random.Random) -> Place:
        """A uniformly random legal action: ``legal_actions()[rng.randrange(n)]``
        without building the list."""
        if self._over:
            raise IllegalAction(_("the game is over: there is no action to draw"))
        cells = self.open_cells()
        blocks = [(tile, self.faces(tile)) for tile in self.available()]
        per_face = len(cells) * 6
        index = rng.randrange(sum(len(faces) for _, faces in blocks) * per_face)
        for tile, faces in blocks:
            size = len(faces) * per_face
            if index < size:
                face_index, rest = divmod(index, per_face)
                cell_index, rotation = divmod(rest, 6)
                return _places_at(tile, cells[cell_index], faces[face_index])[rotation]
            index -= size
        raise AssertionError("unreachable: index within the total")

    def why_illegal(self, action: Any) -> str | None:
        """Why ``action`` (a Place or its notation) may not be played now, or None."""
        try:
            self._checked(action)
        except ValueError as error:  # IllegalAction, and any refusal from below
            return str(error)
        return None

    def is_legal(self, action: Any) -> bool:
        return self.why_illegal(action) is None

    def _checked(self, action: Any) -> Place:
        """The action as a clean Place, or IllegalAction naming the broken rule."""
        if self._over:
            raise IllegalAction(_("the game is over: no tile can be played"))
        if isinstance(action, str):
            action = parse_action(action)
        if not isinstance(action, Place):
            raise IllegalAction(
                _("an action is a Place or its notation such as 'T3@(1,-1)r2f', not {value}").format(value=repr(action))
            )
        tile, cell, face = action.tile_id, action.cell, action.face
        available = self.available()
        if tile not in available:
            raise IllegalAction(
                _(
                    "tile {tile} is not available: only the offer and the top of the pile may be played, now {available}"
                ).format(tile=repr(tile), available=", ".join(repr(t) for t in available))
            )
        if face not in self.faces(tile):
            shown = self.faces(tile)[0]
            message = (
                _(
                    "face {face} is not allowed in round {round}: terrain tile {tile} shows its front "
                    "(only river tiles may be played on either face)"
                )
                if shown == "front"
                else _(
                    "face {face} is not allowed in round {round}: terrain tile {tile} shows its back "
                    "(only river tiles may be played on either face)"
                )
            )
            raise IllegalAction(message.format(face=_face_words(face), round=self._round, tile=repr(tile)))
        if cell in self._map:
            raise IllegalAction(
                _("cell {cell} is occupied by tile {tile}").format(cell=cell, tile=repr(self._map[cell].tile_id))
            )
        if self._map and not any((cell[0] + dq, cell[1] + dr) in self._map for dq, dr in _DIRECTIONS):
            raise IllegalAction(
                _("cell {cell} touches no tile: a tile must share a side with a tile on the map").format(cell=cell)
            )
        return action

    def play(self, action: Place | str) -> None:
        """Play ``action`` (a :class:`Place` or its notation).

        Illegal actions raise IllegalAction naming the rule and change nothing.
        """
        place = self._checked(action)
        self._snapshots.append(self._snapshot())
        self._history.append(place)
        tile, cell, rotation, face = place.tile_id, place.cell, place.rotation, place.face
        if tile == self._offer:
            self._offer = self._pile.pop(0) if self._pile else None
        else:
            self._pile.pop(0)
        self._map[cell] = PlacedTile(tile, face, rotation)
        self._terrains[cell] = self.tileset.side_terrains(tile, face, rotation)
        self._removals.append(self._remove_completed())
        if self._offer is None and not self._pile:
            self._end_round()

    def _remove_completed(self) -> tuple[str, ...]:
        done = R.completed_tiles(self._map, self.tileset, self.requirement_mode, self._terrains)
        removed = []
        for cell in done:
            removed.append(self._map.pop(cell).tile_id)
            del self._terrains[cell]
        self._explored.extend(removed)
        return tuple(removed)

    def _end_round(self) -> None:
        if not self._explored:
            self._over = True
            return
        # the explored pile is turned over: backs up, the first explored tile on top
        self._pile = self._explored
        self._explored = []
        self._round += 1
        self._offer = self._pile.pop(0)

    def would_remove(self, action: Place | str) -> tuple[str, ...]:
        """The tiles (ids, placement order) that playing ``action`` would take off the
        map, the placed tile included when it is completed at once. Nothing changes.
        """
        place = self._checked(action)
        tile, cell, rotation, face = place.tile_id, place.cell, place.rotation, place.face
        tiles = dict(self._map)
        terrains = dict(self._terrains)
        tiles[cell] = PlacedTile(tile, face, rotation)
        terrains[cell] = self.tileset.side_terrains(tile, face, rotation)
        done = R.completed_tiles(tiles, self.tileset, self.requirement_mode, terrains)
        return tuple(tiles[c].tile_id for c in done)

    def undo(self) -> Place:
        """Take back the last action and return it."""
        if not self._history:
            raise IllegalAction(_("nothing to undo: no action has been played"))
        # the snapshot stays shared with clones: restore copies of it, never the snapshot itself
        snapshot = self._snapshots.pop()
        self._map = dict(snapshot.map)
        self._terrains = dict(snapshot.terrains)
        self._pile = list(snapshot.pile)
        self._offer = snapshot.offer
        self._explored = list(snapshot.explored)
        self._round = snapshot.round
        self._over = snapshot.over
        self._removals.pop()
        return self._history.pop()

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(
            MappingProxyType(dict(self._map)),
            MappingProxyType(dict(self._terrains)),
            tuple(self._pile),
            self._offer,
            tuple(self._explored),
            self._round,
            self._over,
        )

    def clone(self) -> Hextremadura:
        """An independent copy (with its history, so it can undo too)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._map = dict(self._map)
        other._terrains = dict(self._terrains)
        other._pile = list(self._pile)
        other._explored = list(self._explored)
        other._history = list(self._history)
        other._removals = list(self._removals)
        other._snapshots = list(self._snapshots)  # snapshots are read-only: sharing them is safe
        return other

    def sample_hidden(self, rng: random.Random) -> Hextremadura:
        """A copy in which the part of the pile nobody can see is shuffled with ``rng``.

        The player sees the map, the offer, the top of the pile and the explored
        pile. In round 1 the tiles under the top are hidden; from round 2 on the
        pile is the explored pile turned over, whose order was seen, so nothing
        is hidden. The copy is one world the player cannot tell apart from the
        real game, drawn without reading the hidden order (planners search such
        copies); it is an imagined game, its record is not the game's.

        >>> game = Hextremadura(seed=3)
        >>> world = game.sample_hidden(random.Random(0))
        >>> world.available() == game.available(), sorted(world.pile) == sorted(game.pile)
        (True, True)
        """
        twin = self.clone()
        if self._round == 1 and len(self._pile) > 2:
            hidden = sorted(self._pile[1:])  # sorted first: the real order is never read
            rng.shuffle(hidden)
            twin._pile = self._pile[:1] + hidden
        return twin

    # ------------------------------------------------------------------
    # Judging the map
    # ------------------------------------------------------------------
    def region_map(self, icons_only: bool = False) -> R.RegionMap:
        """The regions of the current map and their adjacency (see :mod:`.analysis`);
        ``icons_only``: only the regions holding an icon, all that objectives look at."""
        return R.region_map(self._map, self.tileset, icons_only)

    def objectives(self, rm: R.RegionMap | None = None) -> list[ObjectiveStatus]:
        """Each back-facing terrain tile's objective, in placement order, and whether it holds."""
        rm = self.region_map() if rm is None else rm
        found = []
        for cell, placed in self._map.items():
            objective = self.tileset[placed.tile_id].back.objective
            if placed.face == "back" and objective is not None:
                found.append(ObjectiveStatus(placed.tile_id, cell, objective, R.objective_holds(objective, rm)))
        return found

    def score(self) -> int:
        """One point per back-facing tile whose objective holds on the map."""
        # Objectives look only at regions holding icons: the map of those is enough.
        return sum(status.holds for status in self.objectives(self.region_map(icons_only=True)))

    @property
    def max_score(self) -> int:
        """The perfect score of this game: its terrain tiles (15 with the shipped set)."""
        return sum(1 for t in self.start_order if not self.tileset[t].is_river)

    def rating(self) -> str:
        """The score's band (see :data:`RATING_BANDS`): 'wanderer' below 9, 'explorer'
        from 9, 'naturalist' from 12, 'guide' from 14, 'star' for a perfect score
        (every terrain tile's objective met: 15 with the kit's set)."""
        return rating_for(self.score(), self.max_score)

    def quests(self, monfrague_points: int = MONFRAGUE_POINTS) -> dict[str, bool]:
        """The three discover quests, judged on the current map and score.

        Garganta de los Infiernos and Los Barruecos need a perfect score (every
        terrain tile of the game, 15 with the shipped set); Monfragüe needs
        ``monfrague_points``.
        """
        rm = self.region_map()
        score = sum(status.holds for status in self.objectives(rm))
        return {
            "monfrague": R.monfrague(rm, score, monfrague_points),
            "garganta_de_los_infiernos": R.garganta_de_los_infiernos(rm, score, self.max_score),
            "los_barruecos": R.los_barruecos(rm, score, self.max_score),
        }

    def outcome(self, monfrague_points: int = MONFRAGUE_POINTS) -> dict[str, Any]:
        """Plain values for a study row.

        Keys: ``score``, ``max_score``, ``rating``, ``rounds``, ``placements``,
        ``explored`` (tiles taken off the map over the game), ``is_over``,
        ``tiles_on_map``, ``front_left`` (front-facing terrain tiles left on the
        map), ``met_<type>`` and ``objectives_<type>`` for each objective
        type (met / shown on back-facing tiles), and ``quest_monfrague``,
        ``quest_garganta_de_los_infiernos``, ``quest_los_barruecos``.
        """
        rm = self.region_map()
        statuses = self.objectives(rm)
        score = sum(s.holds for s in statuses)
        row: dict[str, Any] = {
            "score": score,
            "max_score": self.max_score,
            "rating": rating_for(score, self.max_score),
            "rounds": self._round,
            "placements": len(self._history),
            "explored": sum(len(removed) for removed in self._removals),
            "is_over": self._over,
            "tiles_on_map": len(self._map),
            "front_left": sum(
                1 for p in self._map.values() if p.face == "front" and not self.tileset[p.tile_id].is_river
            ),
        }
        for kind in OBJECTIVE_TYPES:
            row[f"met_{kind}"] = sum(1 for s in statuses if s.objective.type == kind and s.holds)
            row[f"objectives_{kind}"] = sum(1 for s in statuses if s.objective.type == kind)
        row["quest_monfrague"] = R.monfrague(rm, score, monfrague_points)
        row["quest_garganta_de_los_infiernos"] = R.garganta_de_los_infiernos(rm, score, self.max_score)
        row["quest_los_barruecos"] = R.los_barruecos(rm, score, self.max_score)
        return row

    # ------------------------------------------------------------------
    # Records
    # ------------------------------------------------------------------
    def to_json(self, indent: int | None = None) -> str:
        """The game as a JSON record (tile set, pile order, actions, result); see :mod:`.records`."""
        return records.record_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | Mapping[str, Any], check_result: bool = True) -> Hextremadura:
        """Rebuild a game of this class from :meth:`to_json` by replaying its actions.

        A malformed record, an action the rules refuse, or (with
        ``check_result``) a replay that ends with another result than the
        record stores raises RecordError.
        """
        setup = records.read_record(text)
        try:
            game = cls(
                seed=setup.seed, tileset=setup.tileset, order=setup.order, requirement_mode=setup.requirement_mode
            )
        except ValueError as error:
            raise RecordError(_("record: cannot set the game up: {error}").format(error=error)) from None
        for number, action in enumerate(setup.actions, start=1):
            try:
                game.play(action)
            except ValueError as error:
                raise RecordError(
                    _("record action {number} ({action}): {error}").format(
                        number=number, action=repr(action), error=error
                    )
                ) from None
        if check_result:
            records.check_result(setup, records.result_of(game))
        return game

    def _repr_svg_(self) -> str:
        """The map as Jupyter shows it: every tile as the engine judges it, the last placement dashed, the
        available tiles beside it (drawn by :mod:`xochintlan_hex.drawing`, without matplotlib)."""
        from xochintlan_hex.drawing.hextremadura import available_panels, map_svg
        from xochintlan_hex.drawing.svg import sized

        fronts = [cell for cell, placed in self._map.items() if placed.face == "front"]
        met = {cell: R.requirements_met(self._map, self.tileset, cell, self.requirement_mode) for cell in fronts}
        picture = map_svg(
            self._map,
            self.tileset,
            met=met,
            holds={status.cell: status.holds for status in self.objectives()},
            last=self._history[-1].cell if self._history else None,
            panels=available_panels(self),
            interactive=False,
        )
        return sized(picture, 720)

    def __repr__(self) -> str:
        state = "over" if self._over else f"round {self._round}"
        return (
            f"<Hextremadura {state}: {len(self._map)} tiles on the map, offer {self._offer!r}, "
            f"{len(self._pile)} in the pile, {len(self._explored)} explored>"
        )


def replay(record: str | Mapping[str, Any], check_result: bool = True) -> Hextremadura:
    """Play a record's actions again from its set-up and return the game
    (:meth:`Hextremadura.from_json`); RecordError when it cannot.

    >>> game = Hextremadura(seed=3)
    >>> game.play(game.legal_actions()[0])
    >>> again = replay(game.to_json())
    >>> again.history == game.history and again.map == game.map
    True
    """
    return Hextremadura.from_json(record, check_result=check_result)


# Places are immutable, so the engine hands out shared ones: the six rotations of a tile
# and face on a cell are built once (legal_actions lists hundreds of placements a turn).
_PLACES: dict[tuple[str, Cell, str], tuple[Place, ...]] = {}
_PLACES_KEPT = 100_000


def _places_at(tile: str, cell: Cell, face: str) -> tuple[Place, ...]:
    """The placements of ``tile`` on ``cell`` with ``face`` up, rotations 0..5, shared and immutable."""
    key = (tile, cell, face)
    found = _PLACES.get(key)
    if found is None:
        if len(_PLACES) >= _PLACES_KEPT:
            _PLACES.clear()  # a bound on memory; the next calls rebuild what they need
        found = _PLACES[key] = tuple(Place.trusted(tile, cell, rotation, face) for rotation in _ROTATIONS)
    return found


class _Snapshot(NamedTuple):
    """The state before one placement, which undo restores (read-only, shared by clones)."""

    map: Mapping[Cell, PlacedTile]
    terrains: Mapping[Cell, tuple[str, ...]]
    pile: tuple[str, ...]
    offer: str | None
    explored: tuple[str, ...]
    round: int
    over: bool


def _checked_cell(cell: Any) -> Cell:
    # numpy integers from a click handler are fine; True/False are not coordinates
    if isinstance(cell, (tuple, list)) and len(cell) == 2 and all(is_whole(v) for v in cell):
        return (int(cell[0]), int(cell[1]))
    raise IllegalAction(f"cell must be a pair of integers (q, r), not {cell!r}")


#: A face as a message names it: the key a player types, and in French the word of the rules with it.
_FACE_WORDS = {"front": N_("'front'"), "back": N_("'back'")}


def _face_words(face: object) -> str:
    """``face`` in a message: "'back'" in English, "verso ('back')" in French."""
    return _(_FACE_WORDS[face]) if isinstance(face, str) and face in _FACE_WORDS else repr(face)
