"""Facts about a position in compiled code (numba): the legal tile actions, each card's
distance, and whether one action makes it stand.

The search players (``ismcts``, ``ismcts-250``) judge every new position of their tree
by two facts per card: how many actions it still needs (the estimate of
:func:`~xochintlan_hex.xochintlan.distance_to_card`) and whether some action of the
player to move makes it stand (a win at once). Asked of the Python functions, that
means listing every legal action as a Python object, position after position.
:func:`position_facts` answers both for every card at once on a flat grid instead:

* :func:`snapshot` (or :func:`grid_of`) copies the board into an int8 array, the cell
  codes of :data:`CODES`, padded by :data:`PAD` cells on every side;
* :func:`tile_moves` (:func:`moves_on`) lists the places, switches, Human moves and
  swaps legal on it, in the engine's order;
* each card's placements around the Human (:func:`card_tables`) are checked on it.

The answers are the Python functions' answers exactly: ``tests/test_compiled.py``
compares the legal actions with the engine's and the facts with
``players.xochintlan``'s functions on thousands of positions of every rule set, so the
players choose the same actions with or without numba, only faster.

numba is optional (``pip install -e '.[fast]'``; ``make`` installs it): without it
:data:`AVAILABLE` is False, nothing here is compiled, :func:`position_facts` gives None
and the players ask the Python functions. Every compiled function is in this one file on
purpose: numba keeps compiled code on disk and compiles a function again only when its
own file changes, so a kernel calling a kernel of another file could run stale code.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from xochintlan_hex.lattice import Cell, get_lattice
from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.xochintlan.grid import OFFSET, WIDTH
from xochintlan_hex.xochintlan.patterns import card_placements
from xochintlan_hex.xochintlan.rules import HUMAN, KINDS, Rules

try:  # numba compiles the inner loops; without it the players keep their Python path
    from numba import njit

    AVAILABLE = True
except ImportError:  # pragma: no cover - exercised by the oldest-dependencies run
    AVAILABLE = False

    def njit(*args: Any, **kwargs: Any) -> Any:  # type: ignore[no-redef]
        """Leaves the function as it is (numba is not installed)."""
        return args[0] if args and callable(args[0]) else (lambda function: function)


__all__ = [
    "AVAILABLE",
    "CODES",
    "PLACE",
    "SWAP",
    "SWITCH",
    "UNREACHABLE",
    "CardTables",
    "Snapshot",
    "board_arrays",
    "card_tables",
    "grid_of",
    "moves_on",
    "njit",
    "position_facts",
    "rule_flags",
    "snapshot",
    "steps",
    "tile_moves",
]

#: Cell codes in the grid: 0 empty, 1 the Human, 2 + i the i-th kind of KINDS (L, B, M).
CODES = {HUMAN: 1, **{kind: 2 + i for i, kind in enumerate(KINDS)}}
#: Cells of padding around the board: a placement reaches 4 cells from the Human, its rim
#: one more, and a Human move lands one cell beyond the board.
PAD = 7
#: The grid's width: a board up to 33 cells wide fits (the standard 8 tiles a kind make
#: at most 25 cells in a row); :func:`snapshot` gives None for a wider one, and the
#: players fall back on the Python functions.
GRID_WIDTH = 48

# Kinds of tile changes in the arrays of :func:`tile_moves`.
PLACE, SWITCH, SWAP = 0, 1, 2


class Snapshot(NamedTuple):
    """The board of a game as flat arrays, with what the legal tile actions depend on."""

    grid: np.ndarray  # int8 cell codes (CODES), row after row, GRID_WIDTH wide
    x0: int  # the grid's first column and row, in board coordinates
    y0: int
    human: int  # the Human's index in the grid
    locked: np.ndarray  # grid indices of the locked cells
    reserve: np.ndarray  # tiles left per kind (L, B, M)
    on_board: np.ndarray  # animals on the board per kind
    steps: np.ndarray  # index steps to the neighbours, in the lattice's order
    flags: np.ndarray  # (any case, keep connected, swap end): see :func:`rule_flags`

    def index_of(self, cell: tuple[int, int]) -> int:
        """The grid index of a board cell."""
        return (cell[1] - self.y0) * GRID_WIDTH + cell[0] - self.x0


def board_arrays(game: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The engine's state that :func:`grid_of` and :func:`moves_on` read, as arrays: the
    occupied cells (the engine's ints) with their codes, the locked cells and the reserve."""
    cells = game._cells
    n = len(cells)
    reserve = game._reserve
    return (
        np.fromiter(cells, np.int64, n),
        np.fromiter(map(CODES.__getitem__, cells.values()), np.int8, n),
        np.array(game._lock, dtype=np.int64),
        np.array([reserve[kind] for kind in KINDS], dtype=np.int64),
    )


def rule_flags(rules: Any) -> np.ndarray:
    """What the legal tile actions depend on besides the board: (a cut-off animal cannot
    be switched, a Human move must leave the board in one piece, swaps once the reserve
    is empty)."""
    return np.array([not rules.cut_off_switch, rules.keep_connected, rules.endgame == "swap"], dtype=np.bool_)


def snapshot(game: Any) -> Snapshot | None:
    """The board of ``game`` (a :class:`~xochintlan_hex.xochintlan.Xochintlan`) as a
    :class:`Snapshot`, or None when it is too wide for :data:`GRID_WIDTH`."""
    cells, codes, lock, reserve = board_arrays(game)
    grid, x0, y0, human, locked, on_board = grid_of(cells, codes, lock)
    if not len(grid):
        return None
    return Snapshot(grid, x0, y0, human, locked, reserve, on_board, steps(game.rules.lattice), rule_flags(game.rules))


_STEPS: dict[str, np.ndarray] = {}


def steps(lattice: str) -> np.ndarray:
    """Grid index steps to the neighbours on ``lattice`` (in the engine's direction order)."""
    if lattice not in _STEPS:
        directions = get_lattice(lattice).directions
        _STEPS[lattice] = np.array([dy * GRID_WIDTH + dx for dx, dy in directions], dtype=np.int64)
    return _STEPS[lattice]


@njit(cache=True)
def grid_of(
    cells: np.ndarray, codes: np.ndarray, lock: np.ndarray
) -> tuple[np.ndarray, int, int, int, np.ndarray, np.ndarray]:
    """The board in a flat grid: ``(grid, x0, y0, human, locked, on_board)`` (the fields of
    :class:`Snapshot`), from the engine's occupied cells, their codes and the locked
    cells. An empty grid when the board is too wide for :data:`GRID_WIDTH`."""
    xs = cells % WIDTH - OFFSET
    ys = cells // WIDTH - OFFSET
    x0, y0 = xs.min() - PAD, ys.min() - PAD
    on_board = np.zeros(3, dtype=np.int64)
    if xs.max() + PAD + 1 - x0 > GRID_WIDTH:
        return np.zeros(0, dtype=np.int8), x0, y0, 0, np.zeros(0, dtype=np.int64), on_board
    grid = np.zeros(GRID_WIDTH * (ys.max() + PAD + 1 - y0), dtype=np.int8)
    human = 0
    for i in range(len(cells)):
        index = (ys[i] - y0) * GRID_WIDTH + xs[i] - x0
        grid[index] = codes[i]
        if codes[i] == 1:
            human = index
        else:
            on_board[codes[i] - 2] += 1
    locked = (lock // WIDTH - OFFSET - y0) * GRID_WIDTH + lock % WIDTH - OFFSET - x0
    return grid, x0, y0, human, locked, on_board


def tile_moves(board: Snapshot) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The tile actions legal on ``board`` and the Human's legal moves.

    Returns ``(changes, first, targets)``: ``changes`` has one row per changed cell,
    ``(action, kind of action, grid index, old code, new code)`` (a swap changes two
    cells: two rows of one action); ``first[a]`` is the first row of action ``a`` (one
    more entry at the end); ``targets`` holds the grid indices the Human may move to.
    Places come first (kinds L, B, M, cells row by row), then switches, then swaps:
    the engine's order.
    """
    return moves_on(board.grid, board.human, board.steps, board.reserve, board.locked, board.flags)


@njit(cache=True)
def moves_on(
    grid: np.ndarray, human: int, steps: np.ndarray, reserve: np.ndarray, locked: np.ndarray, flags: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`tile_moves` on the arrays of a :class:`Snapshot`."""
    any_case, keep_connected, swap_end = flags[0], flags[1], flags[2]
    size = grid.shape[0]
    # Only the cells within one step of a tile matter: rows PAD - 1 to the last but PAD - 1.
    low, high = (PAD - 1) * GRID_WIDTH, size - (PAD - 1) * GRID_WIDTH
    is_locked = np.zeros(size, dtype=np.bool_)
    for c in locked:
        is_locked[c] = True
    # Tiles beside each cell: the front is every empty cell beside a tile.
    beside = np.zeros(size, dtype=np.int8)
    beside_animal = np.zeros(size, dtype=np.int8)
    tiles = 0
    for c in range(low, high):
        if grid[c] != 0:
            tiles += 1
            for step in steps:
                beside[c + step] += 1
                if grid[c] >= 2:
                    beside_animal[c + step] += 1
    front = np.zeros(size, dtype=np.int64)  # the front's cells, row by row
    fronts = 0
    free = np.zeros(size, dtype=np.int64)  # the switchable animals: not locked, not cut off (in any case)
    frees = 0
    for c in range(low, high):
        if grid[c] == 0 and beside[c] > 0:
            front[fronts] = c
            fronts += 1
        elif grid[c] >= 2 and not is_locked[c] and not (any_case and beside[c] == 0):
            free[frees] = c
            frees += 1
    kinds = (reserve[0] > 0) + (reserve[1] > 0) + (reserve[2] > 0)
    swapping = swap_end and kinds == 0
    swaps = 0
    if swapping:
        for i in range(frees):
            for j in range(i + 1, frees):
                swaps += grid[free[i]] != grid[free[j]]
    actions = kinds * fronts + frees * kinds + swaps  # at most: a switch to the kind it holds is left out
    changes = np.empty((actions + swaps, 5), dtype=np.int64)  # a swap changes two cells
    first = np.empty(actions + 1, dtype=np.int64)
    action = row = 0
    for k in range(3):
        if reserve[k] > 0:
            for i in range(fronts):
                first[action] = row
                _set_row(changes, row, action, PLACE, front[i], 0, 2 + k)
                action += 1
                row += 1
    for i in range(frees):
        c = free[i]
        for k in range(3):
            if reserve[k] > 0 and grid[c] != 2 + k:
                first[action] = row
                _set_row(changes, row, action, SWITCH, c, grid[c], 2 + k)
                action += 1
                row += 1
    if swapping:
        for i in range(frees):
            a = free[i]
            for j in range(i + 1, frees):
                b = free[j]
                if grid[a] != grid[b]:
                    first[action] = row
                    _set_row(changes, row, action, SWAP, a, grid[a], grid[b])
                    _set_row(changes, row + 1, action, SWAP, b, grid[b], grid[a])
                    action += 1
                    row += 2
    first[action] = row
    targets = np.empty(size, dtype=np.int64)
    found = 0
    if tiles > 1 and not is_locked[human]:
        for c in range(low, high):
            if grid[c] == 0 and beside_animal[c] > 0:
                if not keep_connected or _connected_after_move(grid, steps, human, c, tiles):
                    targets[found] = c
                    found += 1
    return changes[:row], first[: action + 1], targets[:found]


@njit(cache=True)
def _set_row(changes: np.ndarray, row: int, action: int, what: int, cell: int, old: int, new: int) -> None:
    changes[row, 0], changes[row, 1], changes[row, 2], changes[row, 3], changes[row, 4] = action, what, cell, old, new


@njit(cache=True)
def _connected_after_move(grid: np.ndarray, steps: np.ndarray, human: int, target: int, tiles: int) -> bool:
    """Would the board be in one piece with the Human moved from ``human`` to ``target``?"""
    seen = np.zeros(grid.shape[0], dtype=np.bool_)
    stack = [target]
    seen[target] = True
    reached = 0  # tiles reached besides the Human's new cell
    while stack:
        here = stack.pop()
        for step in steps:
            n = here + step
            if not seen[n] and grid[n] != 0 and n != human:
                seen[n] = True
                reached += 1
                stack.append(n)
    return reached == tiles - 1


# ---------------------------------------------------------------------------
# What each card needs, and whether one action makes it stand

_NEED = 4  # animals in a pattern besides the Human
UNREACHABLE = 99  # a card that can never be built (distance_to_card's math.inf)


class CardTables(NamedTuple):
    """What :func:`position_facts` needs besides the position: the cards' placements
    around the Human (the tables the Python yardstick of ``players.xochintlan`` builds,
    in the grid's width) and the rules' neighbour steps and flags."""

    body: np.ndarray  # (placements, 4) body offsets from the Human
    rim: np.ndarray  # (placements, R) rim offsets, padded with 0
    card_of: np.ndarray  # the card (its place in the cards asked) of each placement
    steps: np.ndarray
    flags: np.ndarray


@functools.lru_cache(maxsize=64)
def card_tables(cards: tuple[Polyform, ...], rules: Rules) -> CardTables:
    """The :class:`CardTables` of ``cards`` under ``rules`` (ask once, use at every position).

    Each placement of :func:`~xochintlan_hex.xochintlan.card_placements` around the Human
    on ``(0, 0)`` becomes its four animal cells (the body) and the cells touching it
    from outside (the rim, padded at its end with 0, the Human's own offset, which
    never holds an animal), as index offsets in the grid.
    """
    lattice = get_lattice(rules.lattice)
    bodies: list[list[Cell]] = []
    rims: list[list[Cell]] = []
    card_of: list[int] = []
    for i, card in enumerate(cards):
        for placement in card_placements(card, rules):
            card_of.append(i)
            bodies.append(sorted(placement - {(0, 0)}))
            rims.append(sorted({n for c in placement for n in lattice.neighbours(c)} - placement))
    widest = max(len(rim) for rim in rims)

    def offsets(cells: list[Cell], width: int) -> list[int]:
        return [dy * GRID_WIDTH + dx for dx, dy in cells] + [0] * (width - len(cells))

    return CardTables(
        np.array([offsets(body, 4) for body in bodies], dtype=np.int64),
        np.array([offsets(rim, widest) for rim in rims], dtype=np.int64),
        np.array(card_of, dtype=np.int64),
        steps(rules.lattice),
        rule_flags(rules),
    )


def position_facts(
    game: Any, cards: Sequence[Polyform], tables: CardTables | None = None
) -> tuple[np.ndarray, np.ndarray] | None:
    """For each card: its distance (actions still needed, ``distance_to_card``'s
    estimate) and whether some legal action of the player to move makes it stand.

    Two arrays, one entry per card: the distances (floats) equal
    ``distances_after(game, [None], cards)[0]``; the one-action wins (bools) equal :func:`~xochintlan_hex.players.xochintlan.standing_after_moves` for the Human
    moves together with :func:`~xochintlan_hex.players.xochintlan.stand_after_a_tile`
    for the other tile actions. ``tables``: :func:`card_tables` of these cards and the
    game's rules, when already made. None when numba is missing or the board is wider
    than the grid: the caller then asks the Python functions.
    """
    if not AVAILABLE:
        return None
    rules = game.rules
    if rules.tiles_per_kind < _NEED:  # not enough tiles of a kind for any card
        return None
    if tables is None:
        tables = card_tables(tuple(cards), rules)
    cells, codes, lock, reserve = board_arrays(game)
    fits, distances, stands = _facts_of(cells, codes, lock, reserve, *tables)
    if not fits:
        return None
    return distances.astype(np.float64), stands


@njit(cache=True)
def _facts_of(
    cells: np.ndarray,
    codes: np.ndarray,
    lock: np.ndarray,
    reserve: np.ndarray,
    body: np.ndarray,
    rim: np.ndarray,
    card_of: np.ndarray,
    steps: np.ndarray,
    flags: np.ndarray,
) -> tuple[bool, np.ndarray, np.ndarray]:
    """:func:`position_facts` from the engine's arrays (``board_arrays``): False first when
    the board does not fit the grid."""
    grid, _, _, human, locked, on_board = grid_of(cells, codes, lock)
    if not len(grid):
        return False, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.bool_)
    changes, first, targets = moves_on(grid, human, steps, reserve, locked, flags)
    distances, stands = _facts(grid, human, steps, body, rim, card_of, reserve, on_board, changes, first, targets)
    return True, distances, stands


@njit(cache=True)
def _facts(
    grid: np.ndarray,
    human: int,
    steps: np.ndarray,
    body: np.ndarray,
    rim: np.ndarray,
    card_of: np.ndarray,
    reserve: np.ndarray,
    on_board: np.ndarray,
    changes: np.ndarray,
    first: np.ndarray,
    targets: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    placements = body.shape[0]
    cards = card_of[-1] + 1  # every card has a placement
    fills = np.empty((3, placements), dtype=np.int64)
    clears = np.empty((3, placements), dtype=np.int64)
    _needs(grid, human, body, rim, fills, clears)
    distances = _distances(fills, clears, card_of, cards, reserve, on_board)
    stands = np.zeros(cards, dtype=np.bool_)
    _stand_after_a_move(grid, steps, targets, body, rim, card_of, stands)
    _stand_after_a_tile(grid, human, body, rim, card_of, fills, clears, changes, first, stands)
    return distances, stands


@njit(cache=True)
def _needs(grid: np.ndarray, at: int, body: np.ndarray, rim: np.ndarray, fills: np.ndarray, clears: np.ndarray) -> None:
    """Per kind and placement around ``at``: animals missing from the body, animals on the rim.

    Each cell counts as one in the byte of its kind (L, B, M), so a placement's animals
    of every kind come out of one sum (a rim has at most 30 cells, far below a byte's 255).
    """
    packed = np.empty(grid.shape[0], dtype=np.int64)
    for c in range(grid.shape[0]):
        packed[c] = (1 << (8 * (grid[c] - 2))) if grid[c] >= 2 else 0
    for p in range(body.shape[0]):
        total = 0
        for j in range(body.shape[1]):
            total += packed[at + body[p, j]]
        fills[0, p], fills[1, p], fills[2, p] = _NEED - (total & 255), _NEED - (total >> 8 & 255), _NEED - (total >> 16)
        total = 0
        for j in range(rim.shape[1]):
            total += packed[at + rim[p, j]]  # the padding at a rim's end is the Human's cell: it counts 0
        clears[0, p], clears[1, p], clears[2, p] = total & 255, total >> 8 & 255, total >> 16


@njit(cache=True)
def _distances(
    fills: np.ndarray, clears: np.ndarray, card_of: np.ndarray, cards: int, reserve: np.ndarray, on_board: np.ndarray
) -> np.ndarray:
    """distance_to_card's count: each card's cheapest placement and kind (``players.xochintlan._costs``)."""
    distances = np.full(cards, UNREACHABLE, dtype=np.int64)
    plenty = reserve.min() >= _NEED  # enough in the reserve for any fills: no shortage
    for p in range(fills.shape[1]):
        for k in range(3):
            plain = fills[k, p] + clears[k, p]
            cost = plain
            if not plenty:
                short = fills[k, p] - reserve[k] - clears[k, p]
                if short > 0:
                    elsewhere = on_board[k] - (_NEED - fills[k, p]) - clears[k, p]
                    cost = UNREACHABLE if short > elsewhere else plain + short
            if cost < distances[card_of[p]]:
                distances[card_of[p]] = cost
    return distances


@njit(cache=True)
def _stand_after_a_move(
    grid: np.ndarray,
    steps: np.ndarray,
    targets: np.ndarray,
    body: np.ndarray,
    rim: np.ndarray,
    card_of: np.ndarray,
    stands: np.ndarray,
) -> None:
    """Mark the cards some Human move makes stand.

    After the Human moves to ``t``, its group for a kind is ``t`` with every group of
    animals of that kind touching ``t`` (``standing_after_moves``): only when those hold
    four animals in all can a card stand, and then the placements around ``t`` whose
    body holds those four and whose rim none of that kind are the ones standing.
    """
    if not len(targets):
        return
    group, sizes = _animal_groups(grid, steps)
    for t in targets:
        for k in range(3):
            code = 2 + k
            animals = 0
            for i in range(len(steps)):
                n = t + steps[i]
                if grid[n] != code:
                    continue
                counted = False  # one group may touch t on several sides
                for j in range(i):
                    if grid[t + steps[j]] == code and group[t + steps[j]] == group[n]:
                        counted = True
                        break
                if not counted:
                    animals += sizes[group[n]]
            if animals == _NEED:
                _mark_standing(grid, t, code, body, rim, card_of, stands)


@njit(cache=True)
def _animal_groups(grid: np.ndarray, steps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each animal's group (connected animals of its kind) as a number per cell, and each
    group's size."""
    group = np.full(grid.shape[0], -1, dtype=np.int64)
    sizes = np.zeros(grid.shape[0], dtype=np.int64)
    stack = np.empty(grid.shape[0], dtype=np.int64)
    groups = 0
    for c in range(grid.shape[0]):
        if grid[c] < 2 or group[c] >= 0:
            continue
        group[c] = groups
        stack[0] = c
        top, size = 1, 0
        while top:
            top -= 1
            here = stack[top]
            size += 1
            for step in steps:
                n = here + step
                if group[n] < 0 and grid[n] == grid[c]:
                    group[n] = groups
                    stack[top] = n
                    top += 1
        sizes[groups] = size
        groups += 1
    return group, sizes


@njit(cache=True)
def _mark_standing(
    grid: np.ndarray, at: int, code: int, body: np.ndarray, rim: np.ndarray, card_of: np.ndarray, stands: np.ndarray
) -> None:
    """Mark the cards with a placement around ``at`` whose body holds four animals of
    ``code`` and whose rim none."""
    for p in range(body.shape[0]):
        if stands[card_of[p]]:
            continue
        whole = True
        for j in range(body.shape[1]):
            if grid[at + body[p, j]] != code:
                whole = False
                break
        if not whole:
            continue
        closed = True
        for j in range(rim.shape[1]):
            offset = rim[p, j]
            if offset == 0:
                break  # padding
            if grid[at + offset] == code:
                closed = False
                break
        if closed:
            stands[card_of[p]] = True


@njit(cache=True)
def _stand_after_a_tile(
    grid: np.ndarray,
    human: int,
    body: np.ndarray,
    rim: np.ndarray,
    card_of: np.ndarray,
    fills: np.ndarray,
    clears: np.ndarray,
    changes: np.ndarray,
    first: np.ndarray,
    stands: np.ndarray,
) -> None:
    """Mark the cards some place, switch or swap makes stand (``stand_after_a_tile``).

    A place or a switch changes one cell, so it moves a placement's two counts by one
    at most, and a swap by two: only placements that near standing can stand after one
    action, and only through the actions that change their cells.
    """
    actions = first.shape[0] - 1
    if actions == 0:
        return
    reach = 1
    for row in range(changes.shape[0]):
        if changes[row, 1] == SWAP:
            reach = 2
            break
    # The rows that change each cell, as linked lists: head[cell], then next_row[row].
    head = np.full(grid.shape[0], -1, dtype=np.int64)
    next_row = np.full(changes.shape[0], -1, dtype=np.int64)
    for row in range(changes.shape[0]):
        cell = changes[row, 2]
        next_row[row] = head[cell]
        head[cell] = row
    seen = np.full(actions, -1, dtype=np.int64)  # the last (kind, placement) that counted each action
    for k in range(3):
        code = 2 + k
        for p in range(body.shape[0]):
            need = fills[k, p] + clears[k, p]
            if need > reach or stands[card_of[p]]:
                continue
            mark = k * body.shape[0] + p
            touching = 0
            found = False
            for part in range(2):
                offsets = body[p] if part == 0 else rim[p]
                for offset in offsets:
                    if part == 1 and offset == 0:
                        continue  # rim padding
                    row = head[human + offset]
                    while row >= 0:
                        a = changes[row, 0]
                        if seen[a] != mark:
                            seen[a] = mark
                            touching += 1
                            if need > 0 and _stands_after(
                                changes, first[a], first[a + 1], human, body[p], rim[p], code, fills[k, p], clears[k, p]
                            ):
                                found = True
                        row = next_row[row]
            if need == 0 and touching < actions:
                found = True  # it stands already, and some action leaves it alone
            elif need == 0:  # every action touches it: does one keep it standing?
                for a in range(actions):
                    if _stands_after(changes, first[a], first[a + 1], human, body[p], rim[p], code, 0, 0):
                        found = True
                        break
            if found:
                stands[card_of[p]] = True


@njit(cache=True)
def _stands_after(
    changes: np.ndarray,
    start: int,
    end: int,
    human: int,
    body: np.ndarray,
    rim: np.ndarray,
    code: int,
    missing: int,
    extra: int,
) -> bool:
    """Does the placement (``missing`` animals of ``code`` short in its body, ``extra`` on
    its rim) stand after the action whose changed cells are rows ``start`` to ``end``?"""
    for row in range(start, end):
        offset = changes[row, 2] - human
        gained = (changes[row, 4] == code) - (changes[row, 3] == code)
        in_body = False
        for b in body:
            if b == offset:
                in_body = True
                break
        if in_body:
            missing -= gained
            continue
        for r in rim:
            if r != 0 and r == offset:
                extra += gained
                break
    return missing == 0 and extra == 0
