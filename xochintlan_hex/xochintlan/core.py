"""The engine's inner state and its fast paths (used by :class:`~.game.Xochintlan`).

Speed matters here (studies play millions of actions), so the state is kept in
forms that make each action a handful of dict operations:

* cells are ints (:mod:`~xochintlan_hex.xochintlan.grid`), the board a dict
  ``int -> letter``;
* ``_adj[c]`` counts the tiles beside ``c`` and ``_nfront`` the empty cells with
  at least one, so the number of placements is known without listing them;
* ``_tiles`` lists the Human's cell first, then the animals in placement order
  (animals never move), so a random tile side can be drawn by index;
* ``_cut_off`` holds the animals that touch no tile (the Human walked away
  from them): under the rule text they cannot be switched or swapped;
* ``_groups[kind]`` is the Human's group for that kind (sorted cells and, when
  it has five cells, its key), or None once it has six or more. An action
  recomputes a group only when it can have changed it;
* every action appends one :class:`UndoEntry` to ``_log``, which is all
  ``undo`` needs.

Internal moves are tuples: ``(PLACE, c, kind)``, ``(SWITCH, c, kind)``,
``(MOVE, c)``, ``(SWAP, a, b)``, ``(REDRAW, index)``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.xochintlan.grid import ORIGIN
from xochintlan_hex.xochintlan.patterns import card_keys
from xochintlan_hex.xochintlan.rules import CARD_SIZE, HUMAN, KINDS, Rules

PLACE, SWITCH, MOVE, SWAP, REDRAW = range(5)

_L, _B, _M = KINDS

#: the Human's group for one kind: (its sorted cells, the key of its shape when it has five cells, else None)
Group = tuple[list[int], "tuple[int, ...] | None"]
#: an internal move, e.g. (PLACE, cell, kind): see the module docstring
Move = tuple[Any, ...]


class UndoEntry(NamedTuple):
    """What ``undo`` needs to take one action back: the move and what it overwrote."""

    code: int  # PLACE, SWITCH, MOVE, SWAP or REDRAW
    cell: int  # the cell played on; a swap's first cell; a redraw's card index
    other: (
        Any  # place/switch: the kind played; move: the Human's old cell; swap: its second cell; redraw: the card shown
    )
    replaced: str | None  # switch: the kind taken off the board; None otherwise
    lock: tuple[int, ...]  # the lock before the action
    group_l: Group | None  # the Human's groups before the action, per kind
    group_b: Group | None
    group_m: Group | None


# tuple.__new__ builds an UndoEntry without NamedTuple's Python-level __new__: the log grows on every action.
_entry = tuple.__new__

# The kinds left in the reserve, indexed by the bits L=1, B=2, M=4.
_AVAILABLE = tuple(tuple(k for i, k in enumerate(KINDS) if bits >> i & 1) for bits in range(8))


@functools.cache
def _check_order(players: int, win_check: str) -> tuple[tuple[int, ...], ...]:
    """Per mover, the players whose cards are checked, in order."""
    if win_check == "any":
        return tuple(tuple((p + i) % players for i in range(players)) for p in range(players))
    return tuple((p,) for p in range(players))


class GameCore:
    """State and fast operations shared by the public game class.

    The class that mixes it in sets ``rules``, ``n_players``, ``_deltas`` and the
    card state (``_hands``, ``_hand_keys``, ``_deck``, ``_drawn``,
    ``_revealed``); :meth:`_set_up_core` sets the rest.
    """

    # set by the game class
    rules: Rules
    n_players: int
    _deltas: tuple[int, ...]
    _hands: list[list[Any]]
    _hand_keys: list[list[Any]]
    _deck: tuple[Any, ...]
    _drawn: int
    _revealed: list[tuple[int, Any]]
    # the board (cell codes, see the module docstring)
    _cells: dict[int, str]
    _adj: dict[int, int]
    _nfront: int
    _tiles: list[int]
    _cut_off: set[int]
    _reserve: dict[str, int]
    _onboard: dict[str, int]
    _lock: tuple[int, ...]
    _groups: dict[str, Group | None]
    # turns, the undo log and the end
    _player: int
    _turn: int
    _log: list[UndoEntry]
    _pending: tuple[Any, Move] | None
    _end: str | None
    _winner: int | None
    _win_kind: str | None
    _win_card: Polyform | None
    # rule flags read on every action
    _tie_end: bool
    _swap_end: bool
    _keep_connected: bool
    _any_case: bool
    _lock_placed: bool
    _allow_redraw: bool
    _max_turns: int
    _quiet_actions: int
    _order: tuple[tuple[int, ...], ...]

    def _set_up_core(self) -> None:
        rules = self.rules
        tpk = rules.tiles_per_kind
        self._cells = {ORIGIN: HUMAN}
        self._adj = {ORIGIN + d: 1 for d in self._deltas}
        self._nfront = len(self._deltas)
        self._tiles = [ORIGIN]
        self._cut_off = set()
        self._reserve = {k: tpk for k in KINDS}
        self._onboard = {k: 0 for k in KINDS}
        self._lock = ()
        alone = ([ORIGIN], None)
        self._groups = {k: alone for k in KINDS}
        self._player = 0
        self._turn = 0
        self._log = []
        # (action, move) last drawn by random_action, until the state changes
        self._pending = None
        self._end = None
        self._winner = None
        self._win_kind = None
        self._win_card = None
        # Rule flags read on every action.
        self._tie_end = rules.endgame == "tie"
        self._swap_end = rules.endgame == "swap"
        self._keep_connected = rules.keep_connected
        self._any_case = not rules.cut_off_switch  # "in any case" the played tile touches another
        self._lock_placed = rules.lock == "english"  # the French lock leaves placed and switched tiles free
        self._allow_redraw = rules.allow_redraw
        self._max_turns = rules.max_turns or 0
        # Actions after which no card counts yet (Rules.quiet_rounds).
        self._quiet_actions = rules.quiet_rounds * self.n_players
        self._order = _check_order(self.n_players, rules.win_check)

    def _lay_tiles(self, tiles: Sequence[tuple[int, str]]) -> None:
        """Replace the set-up board by ``tiles`` (Human first), before any action."""
        self._cells, self._adj, self._nfront, self._cut_off = {}, {}, 0, set()
        for code, kind in tiles:
            self._add_tile(code, kind)
        # a set position may lay lone animals; in play an animal is cut off only when a tile leaves
        self._cut_off = {code for code, kind in tiles if kind != HUMAN and not self._adj.get(code)}
        self._tiles = [code for code, _ in tiles]
        onboard = {k: sum(1 for _, kind in tiles if kind == k) for k in KINDS}
        self._onboard = onboard
        self._reserve = {k: self.rules.tiles_per_kind - onboard[k] for k in KINDS}
        self._groups = {k: self._group_of(k) for k in KINDS}

    # ------------------------------------------------------------ groups
    def _group_of(self, kind: str) -> Group | None:
        """The Human's group for ``kind``: (cells, key if 5 cells else None), None if 6 or more."""
        get, deltas = self._cells.get, self._deltas
        group = [self._tiles[0]]
        for c in group:  # the list grows while we walk it: a breadth-first search
            for d in deltas:
                n = c + d
                if get(n) == kind and n not in group:
                    if len(group) == CARD_SIZE:
                        return None
                    group.append(n)
        if len(group) < CARD_SIZE:
            return (group, None)  # never changed afterwards: safe to share
        group.sort()
        low = group[0]
        return (group, (0, group[1] - low, group[2] - low, group[3] - low, group[4] - low))

    def _joined(self, kind: str, c: int) -> None:
        """A tile of ``kind`` arrived on ``c``: refresh the group if ``c`` touches it."""
        group = self._groups[kind]
        if group is None:
            return  # six or more stay six or more
        members = group[0]
        for d in self._deltas:
            if c + d in members:
                self._groups[kind] = self._group_of(kind)
                return

    def _left(self, kind: str, c: int) -> None:
        """A tile of ``kind`` left ``c``: refresh the group if ``c`` may have been in it."""
        group = self._groups[kind]
        if group is None or c in group[0]:
            self._groups[kind] = self._group_of(kind)

    # ------------------------------------------------------ tiles and cells
    def _add_tile(self, code: int, kind: str) -> None:
        cells, adj = self._cells, self._adj
        front = self._nfront - (1 if adj.get(code) else 0)  # the cell leaves the frontier
        cells[code] = kind
        for d in self._deltas:
            n = code + d
            a = adj.get(n, 0)
            adj[n] = a + 1
            if a == 0:
                if n not in cells:
                    front += 1
                else:
                    self._cut_off.discard(n)  # a lone tile is joined again
        self._nfront = front

    def _remove_tile(self, code: int) -> None:
        cells, adj = self._cells, self._adj
        del cells[code]  # the Human, or an animal being undone: neither is ever cut off
        front = self._nfront
        for d in self._deltas:
            n = code + d
            a = adj[n] - 1
            adj[n] = a
            if a == 0:
                if n not in cells:
                    front -= 1
                elif cells[n] != HUMAN:
                    self._cut_off.add(n)  # the last tile beside this animal left
        if adj.get(code):
            front += 1  # the emptied cell still touches a tile
        self._nfront = front

    # ------------------------------------------------ actions (no checks)
    # Each action logs its UndoEntry inline (no helper call): this is the engine's hottest path.
    def _place(self, c: int, kind: str) -> None:
        g = self._groups
        self._log.append(_entry(UndoEntry, (PLACE, c, kind, None, self._lock, g[_L], g[_B], g[_M])))
        self._add_tile(c, kind)
        self._tiles.append(c)
        self._reserve[kind] -= 1
        self._onboard[kind] += 1
        self._lock = (c,) if self._lock_placed else ()
        self._joined(kind, c)
        self._end_of_action()

    def _switch(self, c: int, kind: str) -> None:
        old = self._cells[c]
        g = self._groups
        self._log.append(_entry(UndoEntry, (SWITCH, c, kind, old, self._lock, g[_L], g[_B], g[_M])))
        self._cells[c] = kind
        self._reserve[kind] -= 1
        self._reserve[old] += 1
        self._onboard[kind] += 1
        self._onboard[old] -= 1
        self._lock = (c,) if self._lock_placed else ()
        self._left(old, c)
        self._joined(kind, c)
        self._end_of_action()

    def _move(self, c: int) -> None:
        h = self._tiles[0]
        g = self._groups
        self._log.append(_entry(UndoEntry, (MOVE, c, h, None, self._lock, g[_L], g[_B], g[_M])))
        self._remove_tile(h)
        self._add_tile(c, HUMAN)
        self._tiles[0] = c
        self._lock = (c,)
        get = self._cells.get
        near = {get(c + d) for d in self._deltas}
        alone = ([c], None)
        groups = self._groups
        for kind in KINDS:
            groups[kind] = self._group_of(kind) if kind in near else alone
        self._end_of_action()

    def _swap(self, a: int, b: int) -> None:
        g = self._groups
        self._log.append(_entry(UndoEntry, (SWAP, a, b, None, self._lock, g[_L], g[_B], g[_M])))
        cells = self._cells
        ka, kb = cells[a], cells[b]
        cells[a], cells[b] = kb, ka
        self._lock = (a, b)
        self._groups[ka] = self._group_of(ka)
        self._groups[kb] = self._group_of(kb)
        self._end_of_action()

    def _redraw(self, i: int) -> None:
        p = self._player
        old = self._hands[p][i]
        g = self._groups
        self._log.append(_entry(UndoEntry, (REDRAW, i, old, None, self._lock, g[_L], g[_B], g[_M])))
        new = self._deck[self._drawn]
        self._drawn += 1
        self._hands[p][i] = new
        self._hand_keys[p][i] = card_keys(new, self.rules.match)
        self._revealed.append((p, old))
        self._lock = ()
        self._end_of_action()

    def _do(self, move: Move) -> None:
        """Play an internal move known to be legal."""
        code = move[0]
        if code == PLACE:
            self._place(move[1], move[2])
        elif code == SWITCH:
            self._switch(move[1], move[2])
        elif code == MOVE:
            self._move(move[1])
        elif code == SWAP:
            self._swap(move[1], move[2])
        else:
            self._redraw(move[1])

    def _end_of_action(self) -> None:
        self._pending = None
        mover = self._player
        self._turn += 1
        self._player = (mover + 1) % self.n_players
        groups = self._groups
        g_l, g_b, g_m = groups[_L], groups[_B], groups[_M]
        # A group is None (6 or more cells) or (cells, key): a key means 5 cells.
        cards_count = self._turn > self._quiet_actions
        if cards_count and ((g_l and g_l[1]) or (g_b and g_b[1]) or (g_m and g_m[1])) and self._find_winner(mover):
            return
        reserve = self._reserve
        if not (reserve[_L] or reserve[_B] or reserve[_M]):
            if self._tie_end or self._count() == 0:
                self._end = "tie"
                return
        if self._max_turns and self._turn >= self._max_turns:
            self._end = "turn_limit"

    def _find_winner(self, mover: int) -> bool:
        groups = self._groups
        keys = [(kind, group[1]) for kind in KINDS if (group := groups[kind]) is not None and group[1] is not None]
        for p in self._order[mover]:
            for i, accepted in enumerate(self._hand_keys[p]):
                for kind, key in keys:
                    if key in accepted:
                        self._end = "win"
                        self._winner = p
                        self._win_kind = kind
                        self._win_card = self._hands[p][i]
                        return True
        return False

    def _undo_move(self) -> None:
        entry = self._log.pop()
        code = entry.code
        if code == PLACE:
            c, kind = entry.cell, entry.other
            self._remove_tile(c)
            self._tiles.pop()
            self._reserve[kind] += 1
            self._onboard[kind] -= 1
        elif code == SWITCH:
            c, kind, old = entry.cell, entry.other, entry.replaced
            assert old is not None  # a switch always records the kind it replaced
            self._cells[c] = old
            self._reserve[kind] += 1
            self._reserve[old] -= 1
            self._onboard[kind] -= 1
            self._onboard[old] += 1
        elif code == MOVE:
            c, h = entry.cell, entry.other
            self._remove_tile(c)
            self._add_tile(h, HUMAN)
            self._tiles[0] = h
        elif code == SWAP:
            cells, a, b = self._cells, entry.cell, entry.other
            cells[a], cells[b] = cells[b], cells[a]
        else:
            i, old = entry.cell, entry.other
            p, _shown = self._revealed.pop()
            self._drawn -= 1
            self._hands[p][i] = old
            self._hand_keys[p][i] = card_keys(old, self.rules.match)
        self._lock = entry.lock
        groups = self._groups
        groups[_L], groups[_B], groups[_M] = entry.group_l, entry.group_b, entry.group_m
        self._pending = None
        self._turn -= 1
        self._player = (self._player - 1) % self.n_players
        self._end = None
        self._winner = None
        self._win_kind = None
        self._win_card = None

    # ------------------------------------------------------ counting actions
    def _counts(self) -> tuple[int, int, int, int, int]:
        """How many legal places, switches, Human moves, swaps and redraws there are.

        Under ``keep_connected`` the Human moves are counted before the
        connection test (an upper bound); :meth:`_count` is exact.
        """
        reserve, onboard, cells, lock = self._reserve, self._onboard, self._cells, self._lock
        has_l = reserve[_L] > 0
        has_b = reserve[_B] > 0
        has_m = reserve[_M] > 0
        kinds = has_l + has_b + has_m
        front = self._nfront
        switches = swaps = moves = 0
        if kinds:
            switches = onboard[_L] * (kinds - has_l) + onboard[_B] * (kinds - has_b) + onboard[_M] * (kinds - has_m)
            for c in lock:
                kind = cells[c]
                if kind != HUMAN:
                    switches -= kinds - (reserve[kind] > 0)
            cut_off = self._cut_off
            if cut_off and self._any_case:
                for c in cut_off:
                    if c not in lock:
                        switches -= kinds - (reserve[cells[c]] > 0)
        elif self._swap_end:
            swaps = self._count_swaps()
        tiles = self._tiles
        h = tiles[0]
        if len(tiles) > 1 and h not in lock:
            # every empty cell beside the board, but those whose only neighbour is the Human
            adj = self._adj
            moves = front
            for d in self._deltas:
                n = h + d
                if n not in cells and adj.get(n) == 1:
                    moves -= 1
        return kinds * front, switches, moves, swaps, self._redraws_open()

    def _count(self) -> int:
        """The number of legal actions (``len(legal_actions())``)."""
        if self._end is not None:
            return 0
        places, switches, moves, swaps, redraws = self._counts()
        if moves and self._keep_connected:
            moves = sum(1 for _ in self._human_moves())
        return places + switches + moves + swaps + redraws

    def _count_swaps(self) -> int:
        free = dict(self._onboard)
        for c in self._lock:
            kind = self._cells[c]
            if kind != HUMAN:
                free[kind] -= 1
        if self._any_case:
            for c in self._cut_off:
                if c not in self._lock:
                    free[self._cells[c]] -= 1
        return free[_L] * free[_B] + free[_L] * free[_M] + free[_B] * free[_M]

    def _redraws_open(self) -> int:
        """How many redraws are legal now: one per card in hand, while the deck has a card to draw."""
        if self._allow_redraw and self._drawn < len(self._deck):
            return len(self._hands[self._player])
        return 0

    # ------------------------------------------------------ listing moves
    def _empty_beside(self, tiles: Sequence[int]) -> list[int]:
        deltas = self._deltas
        return sorted({t + d for t in tiles for d in deltas} - self._cells.keys())

    def _human_moves(self) -> Iterator[int]:
        h = self._tiles[0]
        for c in self._empty_beside(self._tiles[1:]):
            if not self._keep_connected or self._connected_after_move(h, c):
                yield c

    def _connected_after_move(self, h: int, c: int) -> bool:
        """Would the board be in one piece with the Human moved from ``h`` to ``c``?"""
        rest = set(self._cells)
        rest.discard(h)
        stack = [c]
        while stack:
            t = stack.pop()
            for d in self._deltas:
                n = t + d
                if n in rest:
                    rest.discard(n)
                    stack.append(n)
        return not rest

    def _moves(self) -> list[Move]:
        """Every legal move, grouped: places, switches, Human moves, swaps, redraws."""
        if self._end is not None:
            return []
        moves: list[Move] = []
        cells, reserve, lock = self._cells, self._reserve, self._lock
        front = self._empty_beside(self._tiles)
        for kind in KINDS:
            if reserve[kind]:
                moves.extend((PLACE, c, kind) for c in front)
        animals = sorted(self._tiles[1:])
        if self._any_case and self._cut_off:
            animals = [c for c in animals if c not in self._cut_off]
        for c in animals:
            if c not in lock:
                moves.extend((SWITCH, c, kind) for kind in KINDS if reserve[kind] and cells[c] != kind)
        if len(self._tiles) > 1 and self._tiles[0] not in lock:
            moves.extend((MOVE, c) for c in self._human_moves())
        if self._swap_end and not (reserve[_L] or reserve[_B] or reserve[_M]):
            free = [c for c in animals if c not in lock]
            moves.extend((SWAP, a, b) for i, a in enumerate(free) for b in free[i + 1 :] if cells[a] != cells[b])
        moves.extend((REDRAW, i) for i in range(self._redraws_open()))
        return moves

    def _perft(self, depth: int) -> int:
        """Sequences of ``depth`` legal moves from here (perft); the last level is counted, not played."""
        if depth == 0:
            return 1
        if depth == 1:
            return self._count()
        if self._end is not None:
            return 0
        total = 0
        for move in self._moves():
            self._do(move)
            total += self._perft(depth - 1)
            self._undo_move()
        return total

    # ------------------------------------------------------ random draws
    def _draw_move(self, rand: Any) -> Move:
        """A uniformly random legal move, drawn without listing the moves.

        Every candidate of a slightly larger set (all places and switches, every
        empty cell beside the board as a Human target, all swaps and redraws)
        is equally likely; a candidate that turns out illegal is thrown away and
        the draw starts again, which keeps the legal moves equally likely.
        """
        reserve, cells, lock, tiles = self._reserve, self._cells, self._lock, self._tiles
        front = self._nfront
        animals = len(tiles) - 1
        swaps = 0
        if reserve[_L] and reserve[_B] and reserve[_M]:
            # the usual case: every kind in the reserve, two switches per animal
            places = 3 * front
            switches = 2 * animals
            for c in lock:
                if cells[c] != HUMAN:
                    switches -= 2
            cut_off = self._cut_off
            if cut_off and self._any_case:
                for c in cut_off:
                    if c not in lock:
                        switches -= 2
            redraws = self._redraws_open() if self._allow_redraw else 0
        else:
            places, switches, _moves, swaps, redraws = self._counts()
        moves = front if animals and tiles[0] not in lock else 0
        total = places + switches + moves + swaps + redraws
        if total <= 0:
            raise RuntimeError("no legal action in a game that is not over")
        while True:
            r = rand() * total
            if r < places:
                available = _AVAILABLE[(reserve[_L] > 0) + 2 * (reserve[_B] > 0) + 4 * (reserve[_M] > 0)]
                kind = available[min(int(r * len(available) / places), len(available) - 1)]
                return (PLACE, self._random_front_cell(rand), kind)
            r -= places
            if r < switches:
                return self._random_switch(rand)
            r -= switches
            if r < moves:
                c = self._random_front_cell(rand)
                if self._is_human_target(c):
                    return (MOVE, c)
                continue
            r -= moves
            if r < swaps:
                return self._random_swap(rand)
            return (REDRAW, min(int(r - swaps), redraws - 1))

    def _is_human_target(self, c: int) -> bool:
        """May the Human move to ``c``, an empty cell beside the board?"""
        h = self._tiles[0]
        if self._adj[c] == 1 and (c - h) in self._deltas:
            return False  # only the Human touches it
        return not self._keep_connected or self._connected_after_move(h, c)

    def _random_front_cell(self, rand: Any) -> int:
        # A tile side drawn uniformly, kept with probability 1 / (tiles beside the
        # cell it faces): every empty cell beside the board is equally likely.
        tiles, deltas, cells, adj = self._tiles, self._deltas, self._cells, self._adj
        sides = len(deltas)
        span = len(tiles) * sides
        while True:
            j = int(rand() * span)
            n = tiles[j // sides] + deltas[j % sides]
            if n in cells:
                continue
            a = adj[n]
            if a == 1 or rand() * a < 1.0:
                return n

    def _random_switch(self, rand: Any) -> Move:
        tiles, cells, reserve, lock = self._tiles, self._cells, self._reserve, self._lock
        cut_off = self._cut_off if self._any_case else ()
        span = (len(tiles) - 1) * 3
        while True:
            j = int(rand() * span)
            c = tiles[1 + j // 3]
            kind = KINDS[j % 3]
            if reserve[kind] and cells[c] != kind and c not in lock and c not in cut_off:
                return (SWITCH, c, kind)

    def _random_swap(self, rand: Any) -> Move:
        tiles, cells, lock = self._tiles, self._cells, self._lock
        cut_off = self._cut_off if self._any_case else ()
        animals = len(tiles) - 1
        while True:
            a = tiles[1 + int(rand() * animals)]
            b = tiles[1 + int(rand() * animals)]
            if cells[a] != cells[b] and a not in lock and b not in lock and a not in cut_off and b not in cut_off:
                return (SWAP, min(a, b), max(a, b))
