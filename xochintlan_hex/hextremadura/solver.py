"""An exact solver for a dealt Hextremadura game: the best score of a deal, proved.

A *deal* is a game whose whole pile order is known (``seed`` or ``order``, as in
:class:`~.game.Hextremadura`). Its *maximum* is the best score any sequence of
legal placements reaches. :func:`solve_exactly` brackets it:

* the **lower bound** is the score of a game it found (or was given), kept as its
  *certificate*: the placements, which replay through the engine to that score;
* the **upper bound** is a proof that no game scores more: an exhaustive search of
  every placement sequence, cut only by *sound* pruning rules (a cut never hides a
  better game). When the search ends, the best game found is the maximum.

The deal is **decided** when the two bounds meet. A node or time limit stops the
search early: the answer then keeps the bounds reached (the upper one is the
bound of the whole deal) and says it is undecided.

Once the best game found scores ``k``, a finished search is a proof that no game
reaches ``k + 1``: every branch it cut had a bound of at most ``k``.

The pruning rules (:data:`PRUNING_RULES`, each one can be switched off):

``objective_bound``
    A tile scores only if it ends back up *and* its objective holds. Backs never
    leave the map; the tiles still to come this round and the explored pile will
    all go down back up; a front still to come or left on the map turns over only
    if it can be removed, which needs, for each requirement, that many sectors of
    the terrain among the deal's tiles. Icons are printed on backs only, so an
    objective can hold only if the possible backs print the icons it asks for
    (on the terrains it names, as many as it needs). The tiles passing both tests
    bound the score from here: when that bound is no better than the best game
    found, the branch is cut, and the search stops as soon as a game reaches the
    bound of the deal itself.
``stuck_fronts``
    Backs and rivers never leave the map. A front whose requirement looks across a
    side at such a lasting tile showing another terrain, or at a region that can no
    longer change (every sector on a lasting tile, every side of it facing one) and
    has the wrong size, can never be completed: it never turns over, never scores,
    and lasts in turn (the rule is applied until nothing changes). Such fronts are
    taken out of the bound: from the tiles that may end back up, and so from the
    icons those may print. It looks at the deal's own map, where
    ``objective_bound`` looks only at which tiles and icons the deal holds.
``transpositions``
    Two sequences that reach the same state (the same tiles on the same cells,
    up to a translation of the whole map, the same pile, offer and explored pile)
    have the same future: the state is searched once.
``symmetry``
    The rules know no direction: turning the whole map by 60 degrees (each tile's
    rotation turning with it) gives a state with the same future, so the six turns
    of a state count as one (this also makes the first tile's six rotations one).
    Mirror images are *not* merged: tiles cannot be flipped.

>>> proof = solve_exactly(order=["R1", "T15", "T4"])
>>> proof.decided, proof.lower, proof.max_score
(True, 0, 2)
>>> proof.replay().score() == proof.lower
True
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from xochintlan_hex.i18n import _
from xochintlan_hex.lattice import HEX

from .game import Hextremadura, Place, parse_action
from .tiles import ICONS, TERRAINS, Objective, PlacedTile, Requirement, Tileset

Cell = tuple[int, int]

#: The pruning rules :func:`solve_exactly` may use, in the order it applies them.
PRUNING_RULES: tuple[str, ...] = ("objective_bound", "stuck_fronts", "transpositions", "symmetry")

#: The rules that bound the score of a state (the others merge states).
BOUND_RULES: tuple[str, ...] = ("objective_bound", "stuck_fronts")

_DIRECTIONS = HEX.directions

#: How many states the transposition table keeps at most (a bound on memory: past it,
#: new states are searched without being remembered, which is still exact).
TABLE_LIMIT = 2_000_000


# ---------------------------------------------------------------------------
# The objective bound
# ---------------------------------------------------------------------------
def terrain_supply(game: Hextremadura) -> Counter[str]:
    """The most sectors of each terrain the deal's tiles can ever show at once: each
    tile counted with whichever of its faces shows more of that terrain."""
    supply: Counter[str] = Counter()
    for tile_id in game.start_order:
        spec = game.tileset[tile_id]
        for terrain in TERRAINS:
            supply[terrain] += max(spec.front.sectors.count(terrain), spec.back.sectors.count(terrain))
    return supply


def can_be_removed(game: Hextremadura, tile_id: str, supply: Mapping[str, int] | None = None) -> bool:
    """False when no map of this deal can meet every requirement of ``tile_id``'s front:
    a requirement for a region of ``size`` sectors of a terrain needs the deal's tiles
    to hold that many sectors of it (see :func:`terrain_supply`)."""
    supply = terrain_supply(game) if supply is None else supply
    return all(supply[r.terrain] >= r.size for r in game.tileset[tile_id].front.requirements)


def possible_backs(game: Hextremadura, supply: Mapping[str, int] | None = None, stuck: Iterable[str] = ()) -> set[str]:
    """The terrain tiles that are, or may still end, back up on the map.

    Backs on the map never leave. From round 2 on, the pile and the offer are backs
    that will all be placed; the explored pile will all come back as backs. A front
    (still to come in round 1, or left on the map) turns over only if removed: it
    counts when :func:`can_be_removed` allows it, the game is not over and it is
    not in ``stuck`` (see :func:`stuck_fronts`).
    """
    supply = terrain_supply(game) if supply is None else supply
    terrain = set(game.tileset.terrain_ids)
    found = {p.tile_id for p in game.map.values() if p.face == "back" and p.tile_id in terrain}
    found.update(t for t in game.explored if t in terrain)
    to_come = [t for t in (*game.available()[:1], *game.pile) if t in terrain]
    if game.round > 1:
        found.update(to_come)
    if not game.is_over:
        fronts = [p.tile_id for p in game.map.values() if p.face == "front" and p.tile_id in terrain]
        if game.round == 1:
            fronts += to_come
        never = set(stuck)
        found.update(t for t in fronts if t not in never and can_be_removed(game, t, supply))
    return found


def printed_icons(tileset: Tileset, tiles: Iterable[str]) -> Counter[Any]:
    """How many back sectors of ``tiles`` print each (terrain, icon), and each icon overall."""
    places: Counter[Any] = Counter()
    for tile_id in tiles:
        terrains = tileset.side_terrains(tile_id, "back", 0)
        icons = tileset.side_icons(tile_id, "back", 0)
        for terrain, icon in zip(terrains, icons):
            if icon is not None:
                places[terrain, icon] += 1
                places[icon] += 1
    return places


def icons_allow(objective: Objective, places: Mapping[Any, int]) -> bool:
    """False when icons printed ``places`` times (see :func:`printed_icons`) can never
    satisfy ``objective``, on any map.

    ``all_symbols(t)`` needs each icon on a ``t`` sector; ``same_symbol_triad(s)``
    needs ``s`` on a forest, a water and a crops sector; ``three_separate(t, s)``
    needs three ``t`` sectors with ``s``; ``adjacent_pair(a, b)`` needs ``a`` and ``b``
    printed (twice when they are the same icon: two regions hold them).
    """
    p = objective.parameters
    if objective.type == "all_symbols":
        return all(places.get((p["terrain"], icon), 0) for icon in ICONS)
    if objective.type == "same_symbol_triad":
        return all(places.get((terrain, p["symbol"]), 0) for terrain in TERRAINS)
    if objective.type == "three_separate":
        return places.get((p["terrain"], p["symbol"]), 0) >= 3
    if objective.type == "adjacent_pair":
        a, b = p["symbol_a"], p["symbol_b"]
        return places.get(a, 0) >= 2 if a == b else places.get(a, 0) >= 1 and places.get(b, 0) >= 1
    return True


@dataclass(frozen=True)
class TileBound:
    """Why one terrain tile of a deal can, or cannot, still score."""

    tile_id: str
    objective: Objective
    can_end_back: bool  # it is, or may still end, back up on the map
    icons_suffice: bool  # the possible backs print the icons its objective needs

    @property
    def may_score(self) -> bool:
        return self.can_end_back and self.icons_suffice


def tile_bounds(
    game: Hextremadura, supply: Mapping[str, int] | None = None, stuck: Iterable[str] = ()
) -> list[TileBound]:
    """For each terrain tile of the deal (pile order), whether it may still score.

    >>> game = Hextremadura(order=["R1", "T15", "T4"])
    >>> [(b.tile_id, b.can_end_back, b.icons_suffice) for b in tile_bounds(game)]
    [('T15', True, False), ('T4', True, True)]
    """
    supply = terrain_supply(game) if supply is None else supply
    backs = possible_backs(game, supply, stuck)
    places = printed_icons(game.tileset, backs)
    found = []
    for tile_id in game.start_order:
        objective = game.tileset[tile_id].back.objective
        if objective is not None:
            found.append(TileBound(tile_id, objective, tile_id in backs, icons_allow(objective, places)))
    return found


def objective_bound(game: Hextremadura, supply: Mapping[str, int] | None = None, stuck: bool = False) -> int:
    """No game continuing from ``game`` scores more than this (the ``objective_bound``
    rule, with ``stuck`` the ``stuck_fronts`` rule too; the score itself once the
    game is over).

    >>> objective_bound(Hextremadura(order=["R1", "T15", "T4"]))
    1
    """
    if game.is_over:
        return game.score()
    never = stuck_fronts(game) if stuck else set()
    return sum(bound.may_score for bound in tile_bounds(game, supply, never))


def score_bound(game: Hextremadura, rules: Iterable[str], supply: Mapping[str, int] | None = None) -> int:
    """The bound the search uses with ``rules``: :func:`objective_bound` with
    ``objective_bound`` (and ``stuck_fronts`` when chosen too); with ``stuck_fronts``
    alone, the terrain tiles that may still end back up, icons not looked at; with
    neither, the perfect score.

    >>> game = Hextremadura(order=["T4", "R1", "T14"])
    >>> game.play("T4@(0,0)r0f"); game.play("R1@(1,0)r0f")  # T4 asks for crops across side 0
    >>> [score_bound(game, rules) for rules in [(), ["stuck_fronts"], ["objective_bound"], BOUND_RULES]]
    [2, 1, 2, 1]
    """
    chosen = set(rules)
    if game.is_over:
        return game.score()
    if "objective_bound" in chosen:
        return objective_bound(game, supply, stuck="stuck_fronts" in chosen)
    if "stuck_fronts" in chosen:
        supply = terrain_supply(game) if supply is None else supply
        return len(possible_backs(game, supply, stuck_fronts(game)))
    return game.max_score


# ---------------------------------------------------------------------------
# Fronts that can never leave
# ---------------------------------------------------------------------------
def _closed_region_size(game: Hextremadura, start: tuple[Cell, int], lasting: set[Cell]) -> int | None:
    """The size of the region holding sector ``start`` if it can never change while
    the tiles on ``lasting`` stay, else None.

    A region grows or shrinks only where one of its sectors lies on a tile that may
    leave, or looks across a side at an empty cell or at a tile that may leave (a
    tile put there later could join it). When every sector lies on a lasting tile
    and looks across at a lasting tile, the region is fixed.
    """
    tiles = game.map
    terrain = game.tileset.side_terrains(*tiles[start[0]])[start[1]]
    seen = {start}
    stack = [start]
    while stack:
        cell, side = stack.pop()
        if cell not in lasting:
            return None
        dq, dr = _DIRECTIONS[side]
        across = (cell[0] + dq, cell[1] + dr)
        if across not in lasting:
            return None
        joined = [(cell, (side + 1) % 6), (cell, (side + 5) % 6), (across, (side + 3) % 6)]
        for sector in joined:
            if sector not in seen and game.tileset.side_terrains(*tiles[sector[0]])[sector[1]] == terrain:
                seen.add(sector)
                stack.append(sector)
    return len(seen)


def _never_met(game: Hextremadura, cell: Cell, requirement: Requirement, lasting: set[Cell]) -> bool:
    """True when ``requirement`` of the front on ``cell`` can never be met while the
    tiles on ``lasting`` stay: the tile across its side is lasting and shows another
    terrain there, or the facing region is fixed (see :func:`_closed_region_size`)
    at a size the requirement refuses."""
    placed = game.map[cell]
    side = (requirement.side + placed.rotation) % 6
    dq, dr = _DIRECTIONS[side]
    across = (cell[0] + dq, cell[1] + dr)
    if across not in lasting:
        return False
    facing = (side + 3) % 6
    if game.tileset.side_terrains(*game.map[across])[facing] != requirement.terrain:
        return True
    size = _closed_region_size(game, (across, facing), lasting | {cell})
    if size is None:
        return False
    if game.requirement_mode == "at_least":
        return size < requirement.size
    return size != requirement.size


def stuck_fronts(game: Hextremadura) -> set[str]:
    """The terrain tiles front up on the map that can never be taken off (the
    ``stuck_fronts`` rule): they will never turn over, so never score.

    Backs and rivers never leave the map. A front whose requirement looks across a
    side at such a lasting tile showing the wrong terrain, or at a region that can
    no longer change and has the wrong size, can never be completed: it lasts too.
    That can doom the fronts around it in turn, so the rule is applied until
    nothing changes. Once the game is over, every front is stuck.

    >>> game = Hextremadura(order=["T4", "R1", "T14"])
    >>> game.play("T4@(0,0)r0f"); game.play("R1@(1,0)r0f")  # T4 asks for crops across side 0
    >>> sorted(stuck_fronts(game)), game.tileset.side_terrains("R1", "front", 0)[3]
    (['T4'], 'water')
    """
    tiles = game.map
    fronts = {
        cell: placed
        for cell, placed in tiles.items()
        if placed.face == "front" and not game.tileset[placed.tile_id].is_river
    }
    if game.is_over:
        return {placed.tile_id for placed in fronts.values()}
    lasting = {cell for cell in tiles if cell not in fronts}
    changed = True
    while changed:
        changed = False
        for cell, placed in fronts.items():
            if cell in lasting:
                continue
            requirements = game.tileset[placed.tile_id].front.requirements
            if any(_never_met(game, cell, r, lasting) for r in requirements):
                lasting.add(cell)
                changed = True
    return {fronts[cell].tile_id for cell in lasting if cell in fronts}


# ---------------------------------------------------------------------------
# States up to translation and rotation
# ---------------------------------------------------------------------------
def turn_cell(cell: Cell) -> Cell:
    """``cell`` turned by one side (60 degrees) about the origin: direction ``i`` of
    the hex lattice becomes direction ``i + 1``.

    >>> from xochintlan_hex.lattice import HEX
    >>> [turn_cell(d) for d in HEX.directions] == list(HEX.directions[1:] + HEX.directions[:1])
    True
    """
    q, r = cell
    return (q + r, -q)


def _map_form(entries: Sequence[tuple[Cell, PlacedTile]], terrain: frozenset[str], turns: int) -> tuple[Any, ...]:
    """The map turned ``turns`` times and moved so that its least cell is the origin.

    Only the fronts of terrain tiles keep their placement order (the order in which
    completed tiles leave, so the order of the next pile); the rest is a set.
    """
    moved = []
    for cell, placed in entries:
        for _turn in range(turns):
            cell = turn_cell(cell)
        moved.append((cell, placed.tile_id, placed.face, (placed.rotation + turns) % 6))
    if not moved:
        return ((), ())
    q0, r0 = min(item[0] for item in moved)
    shifted = [((q - q0, r - r0), *rest) for (q, r), *rest in moved]
    fronts = tuple(item for item in shifted if item[2] == "front" and item[1] in terrain)
    others = tuple(sorted(item for item in shifted if not (item[2] == "front" and item[1] in terrain)))
    return (others, fronts)


def state_key(game: Hextremadura, turns: bool = True) -> tuple[Any, ...]:
    """The state of ``game`` up to translation (and, with ``turns``, rotation of the
    whole map): two states with the same key have the same future.

    >>> a, b = Hextremadura(order=["R1", "R2"]), Hextremadura(order=["R1", "R2"])
    >>> a.play("R1@(0,0)r0f"); b.play("R1@(0,0)r3f")
    >>> state_key(a) == state_key(b), state_key(a, turns=False) == state_key(b, turns=False)
    (True, False)
    """
    entries = list(game.map.items())
    terrain = frozenset(game.tileset.terrain_ids)
    forms = [_map_form(entries, terrain, k) for k in (range(6) if turns else (0,))]
    return (min(forms), game.round, game.offer, tuple(game.pile), tuple(game.explored))


# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------
@dataclass
class DealProof:
    """What :func:`solve_exactly` proved about one deal.

    ``lower``: the score of ``actions``, a game of the deal (its certificate); -1
    when a limit stopped the search before it finished any game.
    ``upper``: no game of the deal scores more. ``complete``: the search ended
    (then ``upper == lower``); otherwise a limit stopped it (``stopped`` says which).
    """

    order: tuple[str, ...]
    max_score: int
    lower: int
    upper: int
    actions: list[Place] = field(default_factory=list)
    rules: tuple[str, ...] = PRUNING_RULES
    nodes: int = 0
    seconds: float = 0.0  # wall clock
    cpu_seconds: float = 0.0  # CPU time of this process
    complete: bool = False
    stopped: str = ""
    tileset: Tileset | None = None
    requirement_mode: str = "at_least"

    @property
    def decided(self) -> bool:
        """The best score of the deal is known exactly: the two bounds meet."""
        return self.lower == self.upper

    @property
    def perfect_possible(self) -> bool | None:
        """True: a perfect game was found; False: proved impossible; None: open."""
        if self.lower >= self.max_score > 0:
            return True
        if self.upper < self.max_score:
            return False
        return None

    def replay(self) -> Hextremadura:
        """The certificate played again through the engine, from the deal."""
        game = Hextremadura(order=self.order, tileset=self.tileset, requirement_mode=self.requirement_mode)
        for action in self.actions:
            game.play(action)
        return game


class _Stop(Exception):
    """A node or time limit is reached."""


class _Search:
    """Depth-first branch and bound over every placement sequence of one deal."""

    def __init__(
        self, game: Hextremadura, rules: tuple[str, ...], ceiling: int, max_nodes: int | None, deadline: float | None
    ) -> None:
        self.game = game
        self.rules = rules
        self.ceiling = ceiling  # the deal's bound: a game reaching it ends the search
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.supply = terrain_supply(game)
        self.bounded = any(rule in rules for rule in BOUND_RULES)
        self.seen: set[tuple[Any, ...]] = set()
        self.nodes = 0
        self.best = -1
        self.best_line: list[Place] = []
        self.line: list[Place] = []
        self.guide: list[Place] = []
        self.siblings: dict[int, tuple[tuple[Place, ...], set[tuple[Any, ...]]]] = {}

    def run(self) -> None:
        """Search below the current state; a better finished game becomes the best."""
        game = self.game
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Stop("nodes")
        if self.deadline is not None and self.nodes % 64 == 0 and time.process_time() > self.deadline:
            raise _Stop("seconds")
        if game.is_over:
            score = game.score()
            if score > self.best:
                self.best, self.best_line = score, list(self.line)
            return
        if self.bounded and score_bound(game, self.rules, self.supply) <= self.best:
            return
        for action in self._ordered(game.legal_actions()):
            game.play(action)
            if self._is_new():
                self.line.append(action)
                self.run()
                self.line.pop()
            elif not self.rules:
                raise AssertionError("unreachable: with no rule every state is new")
            game.undo()
            if self.best >= self.ceiling:
                return

    def _ordered(self, actions: list[Place]) -> list[Place]:
        """The children, the next step of the guide game first while the search follows it:
        the first dives then try changes near the end of the best game known (the order
        changes what a node limit reaches, never the answer of a complete search)."""
        depth = len(self.line)
        guide = self.guide
        if depth < len(guide) and self.line == guide[:depth] and guide[depth] in actions:
            actions.remove(guide[depth])
            actions.insert(0, guide[depth])
        return actions

    def _is_new(self) -> bool:
        """Whether the state just reached must be searched (transpositions and turns)."""
        use_table = "transpositions" in self.rules
        turns = "symmetry" in self.rules
        if not use_table and not turns:
            return True
        key = state_key(self.game, turns=turns)
        if use_table:
            if key in self.seen:
                return False
            if len(self.seen) < TABLE_LIMIT:
                self.seen.add(key)
            return True
        return self._new_sibling(key)

    def _new_sibling(self, key: tuple[Any, ...]) -> bool:
        # symmetry without the table: only the children of one node are compared
        parent = tuple(self.line)
        known_parent, keys = self.siblings.get(len(parent), ((), set()))
        if known_parent != parent or len(parent) not in self.siblings:
            keys = set()
            self.siblings[len(parent)] = (parent, keys)
        if key in keys:
            return False
        keys.add(key)
        return True


def _checked_rules(rules: Iterable[str]) -> tuple[str, ...]:
    if isinstance(rules, str):
        rules = [rules]
    chosen = tuple(rules)
    unknown = [r for r in chosen if r not in PRUNING_RULES]
    if unknown:
        raise ValueError(
            _("unknown pruning rule {rule}; the rules are {allowed}").format(
                rule=repr(unknown[0]), allowed=", ".join(PRUNING_RULES)
            )
        )
    return tuple(r for r in PRUNING_RULES if r in chosen)


def _checked_limit(name: str, value: Any) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0):
        raise ValueError(_("{name} must be None or a number > 0, not {value}").format(name=name, value=repr(value)))


def solve_exactly(
    *,
    seed: int | None = None,
    tileset: Any = None,
    order: Sequence[str] | None = None,
    requirement_mode: str = "at_least",
    rules: Iterable[str] = PRUNING_RULES,
    max_nodes: int | None = None,
    seconds: float | None = None,
    certificate: Iterable[Place | str] = (),
) -> DealProof:
    """The best score of a deal, with a game that reaches it and a proof nothing does better.

    ``seed``/``order``/``tileset``/``requirement_mode`` fix the deal as in
    :class:`Hextremadura`. ``rules``: the pruning rules to use (any of
    :data:`PRUNING_RULES`; none at all is plain brute force). ``max_nodes`` and
    ``seconds`` stop the search early (``max_nodes`` gives the same answer on every
    machine, ``seconds`` does not: it counts the CPU time of this process, one core's
    work however busy the machine is). ``certificate``: the placements of a known game
    of the deal (a head start for the lower bound); they must replay through the
    engine to a finished game, else ValueError.

    >>> proof = solve_exactly(order=["T15", "T4"], rules=())  # no rule: brute force
    >>> proof.decided, proof.rules, proof.nodes == 1 + 12 + 12 * 6 * 6  # either tile in 6 turns, then 6 cells x 6
    (True, (), True)
    """
    chosen = _checked_rules(rules)
    _checked_limit("max_nodes", max_nodes)
    _checked_limit("seconds", seconds)
    start, cpu_start = time.perf_counter(), time.process_time()
    game = Hextremadura(seed=seed, tileset=tileset, order=order, requirement_mode=requirement_mode)
    ceiling = score_bound(game, chosen)
    search = _Search(game, chosen, ceiling, max_nodes, None if seconds is None else cpu_start + seconds)
    _start_from(search, certificate)
    stopped = ""
    if search.best < ceiling:
        try:
            search.run()
        except _Stop as stop:
            stopped = str(stop)
    complete = not stopped
    return DealProof(
        order=game.start_order,
        max_score=game.max_score,
        lower=search.best,
        upper=search.best if complete else ceiling,
        actions=search.best_line,
        rules=chosen,
        nodes=search.nodes,
        seconds=time.perf_counter() - start,
        cpu_seconds=time.process_time() - cpu_start,
        complete=complete,
        stopped=stopped,
        tileset=game.tileset,
        requirement_mode=requirement_mode,
    )


def _start_from(search: _Search, certificate: Iterable[Place | str]) -> None:
    """Replay a known game of the deal through the engine: its score is a first lower bound."""
    actions = [a if isinstance(a, Place) else parse_action(a) for a in certificate]
    if not actions:
        return
    trial = search.game.clone()
    for number, action in enumerate(actions, start=1):
        why = trial.why_illegal(action)
        if why is not None:
            raise ValueError(
                _("certificate action {number} ({action}): {error}").format(
                    number=number, action=str(action), error=why
                )
            )
        trial.play(action)
    if not trial.is_over:
        raise ValueError(
            _("the certificate stops before the end of the game ({count} placements)").format(count=len(actions))
        )
    search.best, search.best_line = trial.score(), actions
    search.guide = list(actions)
