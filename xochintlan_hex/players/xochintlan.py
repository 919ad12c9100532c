"""Computer players for Xochintlan: greedy and search, and the evaluation they share.

What a player sees
    Only what a person at the table sees: the board, the reserve, the lock, the
    history, its own hand, the hands :meth:`~Xochintlan.visible_cards` shows it
    (all of them under ``open_cards``) and the cards revealed by redraws. The
    players never read ``game.cards``.

The shared yardstick
    :func:`~xochintlan_hex.xochintlan.distance_to_card` estimates how many
    actions a card still needs. Calling it once per legal action would cost a
    fifth of a millisecond each, so :func:`distances_after` computes the same
    estimate after *every* action at once, with numpy: the board goes into a
    small grid, each card placement around the Human is a set of body and rim
    offsets, and an action only shifts a few counts (``tests/test_players.py``
    checks it against ``distance_to_card`` action by action).

Greedy (``"greedy"``)
    1. Win at once if some action makes one of its cards stand.
    2. Otherwise take an action that brings its nearest card closest
       (Human moves included, a redraw valued at the expected distance of a fresh
       card), ties broken at random.
    3. It avoids handing a win it can see: an action after which a card it can
       see of another player stands, or after which the next player has an action
       that makes one of its visible cards stand, is played only if every action
       does so. It sees other players' cards only under ``open_cards`` (revealed
       cards have left their hands), so with secret cards step 3 never fires.

Search (``"search"``)
    Wins at once if it can. Otherwise it takes the actions in greedy's order
    (closest to its card first) and does one ply of expectimax over the cards
    it cannot see: for each action it lists every shape that would stand right
    after it (a win for whoever holds it, under ``win_check="any"``) or after
    some reply of the next player, and takes the exact probability, the cards
    being dealt without replacement from those it has not seen, that an
    opponent holds one (``p_loss``). It plays the action with the best
    ``(1 - p_loss) * decay ** distance``, stopping at the first action that
    risks nothing (the later ones are no closer). With ``decay = 0.95`` a step
    of progress is worth a 5% risk: safety first, but it still progresses.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from xochintlan_hex.lattice import Cell, get_lattice
from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.xochintlan import (
    HUMAN,
    KINDS,
    MoveHuman,
    Place,
    Redraw,
    Swap,
    Switch,
    Xochintlan,
    card_placements,
    goal_cards,
)

#: Stands for "this card can never be built" (distance_to_card's math.inf).
UNREACHABLE = 99

_NEED = 4  # animals in a pattern besides the Human
_CODE = {HUMAN: 1, **{kind: 2 + i for i, kind in enumerate(KINDS)}}
_KIND_CODES = np.array([2, 3, 4], dtype=np.int8)
# Placements reach 4 cells from the Human and their rim one more; a Human move
# lands at most one cell beyond the board.
_PAD = 7


# ---------------------------------------------------------------------------
# Card placement tables


@functools.cache
def _card_table(card: Polyform, lattice: str, match: str) -> tuple[np.ndarray, np.ndarray]:
    """One card's placements around a Human at (0, 0): body offsets (P, 4, 2) and rim
    offsets (P, R, 2), the rim padded with (0, 0), the Human's own cell, which never
    holds an animal."""
    from xochintlan_hex.xochintlan import Rules

    lat = get_lattice(lattice)
    placements = card_placements(card, Rules(lattice=lattice, match=match))
    body = np.array([sorted(p - {(0, 0)}) for p in placements], dtype=np.int64)
    # At most this many cells touch five cells: every side of every cell.
    rim = np.zeros((len(placements), 5 * len(lat.directions), 2), dtype=np.int64)
    for i, placement in enumerate(placements):
        cells = sorted({n for c in placement for n in lat.neighbours(c)} - placement)
        rim[i, : len(cells)] = cells
    return body, rim


@functools.lru_cache(maxsize=1024)
def _flat_table(
    cards: tuple[Polyform, ...], lattice: str, match: str, width: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Body (P, 4) and rim (P, R) offsets in a grid ``width`` cells wide, and where each
    card's placements start."""
    parts = [_card_table(card, lattice, match) for card in cards]
    body = np.concatenate([b for b, _ in parts])
    rim = np.concatenate([r for _, r in parts])
    sizes = [len(b) for b, _ in parts]
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    flat_rim = rim[..., 1] * width + rim[..., 0]
    # Every rim is padded to the widest one a card could have; keep only as many columns as
    # the widest of these cards (14 of 30 on the hex lattice): the padding counts nothing.
    widest = int((flat_rim != 0).sum(axis=1).max())
    return (body[..., 1] * width + body[..., 0], flat_rim[:, :widest], starts)


# ---------------------------------------------------------------------------
# Distances after each action

#: Width of the flat grid the board is copied into (wider only for sprawling boards).
_GRID_WIDTH = 96
_KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}


def _costs(fills: np.ndarray, clears: np.ndarray, reserve: np.ndarray, on_board: np.ndarray) -> np.ndarray:
    """distance_to_card's count for arrays of placements (kinds on axis -2)."""
    if reserve.min() >= _NEED:  # enough in the reserve for any fills: no shortage
        total: np.ndarray = fills + clears
        return total
    reserve = reserve[..., None]
    on_board = on_board[..., None]
    short = fills - reserve - clears
    plain = fills + clears
    elsewhere = on_board - (_NEED - fills) - clears
    bought = np.where(short > elsewhere, UNREACHABLE, plain + short)
    return np.where(short <= 0, plain, bought)


def distances_after(game: Xochintlan, actions: Sequence[Any], cards: Sequence[Polyform]) -> np.ndarray:
    """``distance_to_card`` of each card after each action, computed at once.

    Returns an int array of shape ``(len(actions), len(cards))`` whose entry
    ``[a, c]`` equals ``distance_to_card`` of card ``c`` on the game after
    ``actions[a]`` (:data:`UNREACHABLE` for ``math.inf``); 0 means the card
    stands. ``None`` in ``actions`` stands for "no action" (the board as it is).
    Redraws change no tile: they score as ``None``.

    >>> game = Xochintlan(seed=1, cards=["I", "X"])
    >>> for a in ["L(1,0)", "B(0,1)", "L(2,0)", "B(0,2)", "L(3,0)", "B(1,1)"]:
    ...     game.play(a)
    >>> distances_after(game, [None, Place("L", (4, 0)), Place("M", (4, 0))], ["I"]).ravel().tolist()
    [1, 0, 1]
    """
    rules = game.rules
    n = len(actions)
    cards = tuple(c if isinstance(c, Polyform) else _card(c, rules.lattice) for c in cards)
    if rules.tiles_per_kind < _NEED:
        return np.full((n, len(cards)), UNREACHABLE, dtype=np.int64)
    if n == 0:
        return np.zeros((0, len(cards)), dtype=np.int64)
    board = game.board
    grid = _grid_of(board)
    body, rim, starts = _flat_table(cards, rules.lattice, rules.match, grid.width)
    reserve = np.array([game.reserve[k] for k in KINDS], dtype=np.int64)
    if all(a is None or type(a) is Redraw for a in actions):  # the board as it is, for every row
        return np.repeat(_distances_now(grid, grid.at(game.human), body, rim, starts, reserve), n, axis=0)
    changes = _changes_of(actions, board, grid, grid.at(game.human))
    fills, clears = _needs_after(grid, body, rim, changes)
    reserve_after = reserve[None] + changes.d_reserve
    on_board_after = grid.on_board[None] - changes.d_reserve  # every reserve change is a board change
    costs = _costs(fills, clears, reserve_after, on_board_after).min(axis=1)  # (A, P)
    return np.minimum.reduceat(costs, starts, axis=1)


def _distances_now(
    grid: _Grid, h: int, body: np.ndarray, rim: np.ndarray, starts: np.ndarray, reserve: np.ndarray
) -> np.ndarray:
    """``distances_after``'s row for "no action" (shape (1, cards)), without the per-action bookkeeping."""
    fills, clears = _needs_now(grid, h, body, rim)
    costs = _costs(fills[None], clears[None], reserve[None], grid.on_board[None]).min(axis=1)  # (1, P)
    return np.minimum.reduceat(costs, starts, axis=1)


def _needs_now(grid: _Grid, h: int, body: np.ndarray, rim: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per kind and placement (3, P) on the board as it is: animals missing from the body, animals on the rim."""
    fills = _NEED - _kind_counts(grid.packed.take(h + body.T))
    clears = _kind_counts(grid.packed.take(h + rim.T))
    return fills, clears


#: Each cell code as a packed count: a one in the byte of its kind (L, B, M), nothing
#: for an empty cell or the Human. Summed over a few cells, each byte counts one kind.
_PACKED = np.array([0, 0, 1, 1 << 8, 1 << 16], dtype=np.int64)
_BYTE_OF_KIND = np.array([0, 8, 16], dtype=np.int64)[:, None]


def _kind_counts(cells: np.ndarray) -> np.ndarray:
    """How many animals of each kind (L, B, M) among cells: ``cells`` holds the cells'
    packed counts (:data:`_PACKED`, as ``_Grid.packed`` holds them), the cells on axis
    -2 and the placements on axis -1; the result holds the kinds on axis -2 instead.

    One sum of packed counts instead of a comparison per kind: summing across a short
    last axis was the search's costliest numpy call. A placement's rim has at most 30
    cells, far below a byte's 255.
    """
    packed = cells.sum(axis=-2)
    result: np.ndarray = (packed[..., None, :] >> _BYTE_OF_KIND) & 255
    return result


class _Grid(NamedTuple):
    """The board as a flat int8 array (cell codes of :data:`_CODE`), padded for every placement."""

    codes: np.ndarray
    width: int
    x0: int
    y0: int
    on_board: np.ndarray  # animals on the board, per kind (L, B, M)
    packed: np.ndarray  # each cell's packed count (_PACKED of its code), for _kind_counts

    def at(self, cell: Cell) -> int:
        """The flat index of ``cell``."""
        return (cell[1] - self.y0) * self.width + cell[0] - self.x0


def _grid_of(board: dict[Cell, str]) -> _Grid:
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    x0, y0 = min(xs) - _PAD, min(ys) - _PAD
    width = max(_GRID_WIDTH, max(xs) + _PAD + 1 - x0)
    codes = np.zeros(width * (max(ys) + _PAD + 1 - y0), dtype=np.int8)
    counts = [0, 0, 0]
    for (x, y), kind in board.items():
        codes[(y - y0) * width + x - x0] = _CODE[kind]
        if kind != HUMAN:
            counts[_KIND_INDEX[kind]] += 1
    return _Grid(codes, width, x0, y0, np.array(counts, dtype=np.int64), _PACKED[codes])


class _Changes(NamedTuple):
    """What each action changes: tiles (one row per changed cell), the Human's spot, the reserve."""

    position: list[int]  # per action: index into ``spots`` of the Human after it
    spots: list[int]  # the Human's grid index now, then after each Human move
    rows: list[int]  # per changed cell: the action that changes it
    where: list[int]  # per changed cell: its grid index relative to the Human now
    old_kinds: list[int]  # per changed cell: the kind index it held (-1: empty)
    new_kinds: list[int]  # per changed cell: the kind index it gets
    d_reserve: np.ndarray  # (A, 3) change of the reserve per action and kind
    swaps: bool  # a swap changes two cells of one action: counts must accumulate


def _changes_of(actions: Sequence[Any], board: dict[Cell, str], grid: _Grid, h: int) -> _Changes:
    kind_index, width, x0, y0 = _KIND_INDEX, grid.width, grid.x0, grid.y0
    changes = _Changes([0] * len(actions), [h], [], [], [], [], np.zeros((len(actions), 3), dtype=np.int64), False)
    rows, where, old_kinds, new_kinds, d_reserve = (
        changes.rows,
        changes.where,
        changes.old_kinds,
        changes.new_kinds,
        changes.d_reserve,
    )
    swaps = False
    for a, action in enumerate(actions):
        kind_of = type(action)
        if kind_of is Place or kind_of is Switch:
            k = kind_index[action.kind]
            x, y = action.cell
            rows.append(a)
            where.append((y - y0) * width + x - x0 - h)
            new_kinds.append(k)
            d_reserve[a, k] -= 1
            if kind_of is Switch:
                old = kind_index[board[action.cell]]
                d_reserve[a, old] += 1
                old_kinds.append(old)
            else:
                old_kinds.append(-1)
        elif kind_of is MoveHuman:
            x, y = action.cell
            changes.position[a] = len(changes.spots)
            changes.spots.append((y - y0) * width + x - x0)
        elif kind_of is Swap:
            swaps = True
            ka, kb = kind_index[board[action.a]], kind_index[board[action.b]]
            for (x, y), old, new in ((action.a, ka, kb), (action.b, kb, ka)):
                rows.append(a)
                where.append((y - y0) * width + x - x0 - h)
                old_kinds.append(old)
                new_kinds.append(new)
    return changes._replace(swaps=swaps)


def _needs_after(grid: _Grid, body: np.ndarray, rim: np.ndarray, changes: _Changes) -> tuple[np.ndarray, np.ndarray]:
    """Per action, kind and placement: animals still missing from the body, and animals in the rim."""
    n = len(changes.position)
    spot = np.array(changes.spots, dtype=np.int64)[:, None, None]
    fills_at = _NEED - _kind_counts(grid.packed.take(spot + body.T[None]))  # (S, 3, P)
    clears_at = _kind_counts(grid.packed.take(spot + rim.T[None]))
    if len(changes.spots) == 1:
        fills = np.repeat(fills_at, n, axis=0)
        clears = np.repeat(clears_at, n, axis=0)
    else:
        fills = fills_at[changes.position]
        clears = clears_at[changes.position]
    if not changes.rows:
        return fills, clears
    rows = np.array(changes.rows)
    relative = np.array(changes.where)[:, None, None]
    in_body = (body[None] == relative).any(-1).astype(np.int64)  # (C, P)
    in_rim = (rim[None] == relative).any(-1).astype(np.int64)
    new, old = np.array(changes.new_kinds), np.array(changes.old_kinds)
    was = old >= 0
    if changes.swaps:  # an action may change one count twice: accumulate
        np.add.at(fills, (rows, new), -in_body)
        np.add.at(clears, (rows, new), in_rim)
        np.add.at(fills, (rows[was], old[was]), in_body[was])
        np.add.at(clears, (rows[was], old[was]), -in_rim[was])
    else:  # one change per action: plain fancy indexing
        fills[rows, new] -= in_body
        clears[rows, new] += in_rim
        fills[rows[was], old[was]] += in_body[was]
        clears[rows[was], old[was]] -= in_rim[was]
    return fills, clears


def stand_after_a_tile(game: Xochintlan, tiles: Sequence[Any], cards: Sequence[Polyform]) -> list[bool]:
    """For each card, does one of the tile actions ``tiles`` make it stand?

    The same answer as ``(distances_after(game, tiles, cards) == 0).any(axis=0)``
    (``tests/test_players.py`` checks it on four rule sets), found by looking only
    where it can change. A card stands when one of its placements around the Human
    has all four animals of a kind in its body and none of that kind on its rim. A
    place or a switch changes one cell, so it moves those two counts by one at most,
    and a swap by two: only placements that near standing (one change away, two
    when a swap is among ``tiles``) can stand after one action, and only through the
    actions that touch their cells.
    For a few such placements, counting in plain Python beats scoring every action
    with numpy (the search players ask this at every position they judge).
    """
    rules = game.rules
    if not tiles or not cards or rules.tiles_per_kind < _NEED:
        return [False] * len(cards)
    cards = tuple(c if isinstance(c, Polyform) else _card(c, rules.lattice) for c in cards)
    board = game.board
    grid = _grid_of(board)
    body, rim, starts = _flat_table(cards, rules.lattice, rules.match, grid.width)
    h = grid.at(game.human)
    fills, clears = _needs_now(grid, h, body, rim)
    reach = 2 if any(type(a) is Swap for a in tiles) else 1  # the most changes one action makes
    kind_near, placement_near = ((fills + clears) <= reach).nonzero()
    if not len(placement_near):
        return [False] * len(cards)
    near_cells = set(body[placement_near].ravel().tolist()) | set(rim[placement_near].ravel().tolist())
    changed = _cells_changed(tiles, board, grid, h, near_cells)
    touching: dict[int, list[int]] = {}  # offset from the Human -> the actions that change it
    for a, cells in changed.items():
        for offset, _, _ in cells:
            touching.setdefault(offset, []).append(a)
    card_of = np.searchsorted(starts, np.arange(len(body)), side="right") - 1
    stands = [False] * len(cards)
    for k, p in zip(kind_near.tolist(), placement_near.tolist()):
        card = int(card_of[p])
        if stands[card]:
            continue
        in_body, on_rim = set(body[p].tolist()), set(rim[p].tolist()) - {0}  # 0: the Human's cell, padding
        actions = {a for offset in in_body | on_rim for a in touching.get(offset, ())}
        if fills[k, p] + clears[k, p] == 0 and len(actions) < len(tiles):
            stands[card] = True  # it stands already, and some action leaves it alone
            continue
        code = int(_KIND_CODES[k])
        for a in actions:
            missing, extra = int(fills[k, p]), int(clears[k, p])
            for offset, old, new in changed[a]:
                if offset in in_body:
                    missing -= (new == code) - (old == code)
                elif offset in on_rim:
                    extra += (new == code) - (old == code)
            if missing == 0 and extra == 0:
                stands[card] = True
                break
    return stands


def _cells_changed(
    tiles: Sequence[Any], board: dict[Cell, str], grid: _Grid, h: int, near: set[int]
) -> dict[int, list[tuple[int, int, int]]]:
    """The tile actions (by index) that change a cell of ``near`` (offsets from the Human in the
    grid), each with the cells it changes: (offset, old code, new code)."""
    width, x0, y0 = grid.width, grid.x0, grid.y0

    def offset(cell: Cell) -> int:
        return (cell[1] - y0) * width + cell[0] - x0 - h

    changed = {}
    for index, action in enumerate(tiles):
        if type(action) is Swap:
            a, b = offset(action.a), offset(action.b)
            if a in near or b in near:
                code_a, code_b = _CODE[board[action.a]], _CODE[board[action.b]]
                changed[index] = [(a, code_a, code_b), (b, code_b, code_a)]
        else:  # a place (the cell was empty: code 0) or a switch
            where = offset(action.cell)
            if where in near:
                old = board.get(action.cell)
                changed[index] = [(where, 0 if old is None else _CODE[old], _CODE[action.kind])]
    return changed


def _card(name: str, lattice: str) -> Polyform:
    from xochintlan_hex.xochintlan import resolve_card

    return resolve_card(name, lattice)


# ---------------------------------------------------------------------------
# What a seat can see


def own_cards(game: Xochintlan, seat: int) -> list[Polyform]:
    """The cards in ``seat``'s own hand (as that seat sees them)."""
    return [card for card in game.visible_cards(seat)[seat] if card is not None]


def seen_cards(game: Xochintlan, seat: int) -> dict[int, list[Polyform]]:
    """Other players' cards that ``seat`` can see, by player (empty with secret hands)."""
    visible = game.visible_cards(seat)
    return {
        p: [c for c in hand if c is not None]
        for p, hand in enumerate(visible)
        if p != seat and any(c is not None for c in hand)
    }


def unseen_cards(game: Xochintlan, seat: int) -> list[Polyform]:
    """The deck cards ``seat`` cannot place: not in its hand, not shown, not revealed."""
    known = {card_name(card) for card in own_cards(game, seat)}
    known |= {card_name(card) for hand in seen_cards(game, seat).values() for card in hand}
    known |= {card_name(card) for _, card in game.revealed}
    return [card for card in goal_cards(game.rules.lattice) if card_name(card) not in known]


def hidden_hand_sizes(game: Xochintlan, seat: int) -> dict[int, int]:
    """How many secret cards each other player holds, as ``seat`` sees it."""
    visible = game.visible_cards(seat)
    return {
        p: sum(c is None for c in hand) for p, hand in enumerate(visible) if p != seat and any(c is None for c in hand)
    }


def _order(values: np.ndarray, rng: random.Random) -> list[int]:
    """Indices by increasing value, ties in random order (drawn from ``rng``)."""
    keys = [(float(v), rng.random()) for v in values]
    return sorted(range(len(keys)), key=keys.__getitem__)


# ---------------------------------------------------------------------------
# Greedy


@dataclass(frozen=True)
class XochintlanGreedy:
    """Win now, else close in on its nearest card, never handing a win it can see.

    See the module docstring for the exact reading.

    >>> game = Xochintlan(seed=1, cards=["I", "X"])
    >>> for a in ["L(1,0)", "B(0,1)", "L(2,0)", "B(0,2)", "L(3,0)", "B(1,1)"]:
    ...     game.play(a)
    >>> str(XochintlanGreedy().choose(game, random.Random(0)))
    'L(4,0)'
    """

    name: str = "greedy"

    def choose(self, game: Xochintlan, rng: random.Random) -> Any:
        seat = game.current_player
        actions = game.legal_actions()
        mine = own_cards(game, seat)
        seen = seen_cards(game, seat)
        theirs = [card for hand in seen.values() for card in hand]
        board_actions = [a for a in actions if type(a) is not Redraw]
        distances = distances_after(game, board_actions + [None], mine + theirs)
        after = distances[:-1, : len(mine)].min(axis=1)
        if len(after) and after.min() == 0 and cards_count_after_next_action(game):
            wins = [a for a, d in zip(board_actions, after) if d == 0]
            return wins[int(rng.random() * len(wins))]
        redraw = self._best_redraw(game, actions, mine, distances[-1, : len(mine)], seat)
        if redraw is not None and (not len(after) or redraw[1] < after.min()):
            return redraw[0]
        if not board_actions:
            return actions[int(rng.random() * len(actions))]
        order = _order(after, rng)
        if theirs:
            # Hand over no win it can see: theirs standing now, or one move away.
            stands = distances[:-1, len(mine) :].min(axis=1) == 0
            safe = [i for i in order if not stands[i]]
            for i in safe:
                if not self._hands_next_a_win(game, board_actions[i], seen):
                    return board_actions[i]
        return board_actions[order[0]]

    @staticmethod
    def _hands_next_a_win(game: Xochintlan, action: Any, seen: dict[int, list[Polyform]]) -> bool:
        """Would ``action`` end the game for another player, or let the next player
        make one of its visible cards stand with its reply?"""
        following = (game.current_player + 1) % game.n_players
        cards = seen.get(following)
        if not cards:
            return False
        game.play(action)
        try:
            if game.is_over:
                return game.winner not in (None, (following - 1) % game.n_players)
            replies = [a for a in game.legal_actions() if type(a) is not Redraw]
            return bool(replies) and bool((distances_after(game, replies, cards) == 0).any())
        finally:
            game.undo()

    @staticmethod
    def _best_redraw(
        game: Xochintlan, actions: Sequence[Any], mine: list[Polyform], now: np.ndarray, seat: int
    ) -> tuple[Any, float] | None:
        """The redraw with the lowest expected distance afterwards, if redraws are allowed."""
        redraws = [a for a in actions if type(a) is Redraw]
        if not redraws:
            return None
        pool = unseen_cards(game, seat)
        if not pool:
            return None
        fresh = distances_after(game, [None], pool)[0].astype(float)
        best = None
        for action in redraws:
            others = np.delete(now, action.index)
            keep = others.min() if len(others) else math.inf
            expected = float(np.minimum(fresh, keep).mean())
            if best is None or expected < best[1]:
                best = (action, expected)
        return best


# ---------------------------------------------------------------------------
# Search


def cards_count_after_next_action(game: Xochintlan) -> bool:
    """Does a card standing after the next action win? Not in the quiet opening
    (``Rules.quiet_rounds``), when no card counts yet."""
    return game.turn + 1 > game.rules.quiet_rounds * game.n_players


@functools.cache
def card_name(card: Polyform) -> str:
    """``card.name``, remembered (players ask for it in inner loops)."""
    return card.name


@functools.lru_cache(maxsize=8)
def _shape_names(lattice: str, match: str) -> dict[tuple[Cell, ...], frozenset[str]]:
    """Normal form of a 5-cell group -> names of the deck cards it makes stand."""
    kind = "one-sided" if match == "rotation" else "free"
    found: dict[tuple[Cell, ...], set[str]] = {}
    for card in goal_cards(lattice):
        for form in card.orientations(kind):
            found.setdefault(form.cells, set()).add(card_name(card))
    return {shape: frozenset(names) for shape, names in found.items()}


def standing_after_moves(game: Xochintlan, moves: Sequence[MoveHuman]) -> set[str]:
    """Names of the cards some Human move would make stand.

    After the Human moves to ``c``, its group for kind ``K`` is ``c`` plus every
    ``K`` group of animals touching ``c``; a card can stand only when those hold
    four animals in all.
    """
    board = game.board
    lattice = game.lattice
    component: dict[tuple[int, int], int] = {}
    members: list[list[tuple[int, int]]] = []
    for cell, kind in board.items():
        if kind == HUMAN or cell in component:
            continue
        component[cell] = len(members)
        group = [cell]
        for here in group:  # grows while walked: a breadth-first search
            for n in lattice.neighbours(here):
                if n not in component and board.get(n) == kind:
                    component[n] = len(members)
                    group.append(n)
        members.append(group)
    shapes = _shape_names(game.rules.lattice, game.rules.match)
    standing: set[str] = set()
    for move in moves:
        touching: dict[str, set[int]] = {}
        for n in lattice.neighbours(move.cell):
            neighbour_kind = board.get(n)
            if neighbour_kind is not None and neighbour_kind != HUMAN:
                touching.setdefault(neighbour_kind, set()).add(component[n])
        for groups in touching.values():
            if sum(len(members[g]) for g in groups) == _NEED:
                cells = [move.cell] + [c for g in groups for c in members[g]]
                standing |= shapes.get(lattice.normalize(cells), frozenset())
    return standing


def _chance_of_holding(unseen: int, hits: int, hand: int) -> float:
    """P(a hand of ``hand`` cards dealt from ``unseen`` holds one of ``hits`` of them)."""
    if hits <= 0 or hand <= 0:
        return 0.0
    if unseen - hits < hand:
        return 1.0
    return 1.0 - math.comb(unseen - hits, hand) / math.comb(unseen, hand)


@dataclass(frozen=True)
class XochintlanSearch:
    """One ply of expectimax over the opponents' unseen cards, on greedy's candidates.

    ``candidates``: how many of greedy's best actions are examined (None: all,
    closest first, stopping at the first one that risks nothing). ``decay``: how
    much one more step to its card is worth (see the module docstring); 0.95
    puts safety well before speed, which beat greedy by the widest margin among
    0.5, 0.7, 0.85, 0.9 and 0.95.
    """

    name: str = "search"
    candidates: int | None = None
    decay: float = 0.95

    def choose(self, game: Xochintlan, rng: random.Random) -> Any:
        seat = game.current_player
        actions = game.legal_actions()
        board_actions = [a for a in actions if type(a) is not Redraw]
        if not board_actions:
            return XochintlanGreedy().choose(game, rng)
        mine = own_cards(game, seat)
        seen = seen_cards(game, seat)
        pool = unseen_cards(game, seat)
        others = [card for hand in seen.values() for card in hand] + pool
        distances = distances_after(game, board_actions + [None], mine + others)
        after = distances[:-1, : len(mine)].min(axis=1)
        if after.min() == 0 and cards_count_after_next_action(game):
            wins = [a for a, d in zip(board_actions, after) if d == 0]
            return wins[int(rng.random() * len(wins))]
        redraw = XochintlanGreedy._best_redraw(game, actions, mine, distances[-1, : len(mine)], seat)
        if redraw is not None and redraw[1] < after.min():
            return redraw[0]
        names = [card_name(card) for card in others]
        best, best_value = 0, -math.inf
        for i in _order(after, rng)[: self.candidates]:  # None: every action
            theirs = distances[i, len(mine) :]
            standing = {names[j] for j in np.flatnonzero(theirs == 0)}
            near = [others[j] for j in np.flatnonzero(theirs <= 2)]
            threats = self._replies_standing(game, board_actions[i], near)
            p_loss = self._loss_chance(game, seat, seen, names[len(others) - len(pool) :], standing, threats)
            value = (1.0 - p_loss) * self.decay ** float(after[i])
            if value > best_value:
                best, best_value = i, value
            if p_loss == 0.0:
                break  # the candidates left are no closer: none can do better
        return board_actions[best]

    @staticmethod
    def _replies_standing(game: Xochintlan, action: Any, near: list[Polyform]) -> set[str]:
        """Names of the cards the next player could make stand with one reply.

        A place or a switch brings a card at most one step closer (a swap two), so
        only the ``near`` cards (distance <= 2 after ``action``) are checked
        against those replies; Human moves are checked for every card.
        """
        game.play(action)
        try:
            if game.is_over:
                return set()
            replies = [a for a in game.legal_actions() if type(a) is not Redraw]
            moves = [a for a in replies if type(a) is MoveHuman]
            standing = standing_after_moves(game, moves) if moves else set()
            tiles = [a for a in replies if type(a) is not MoveHuman]
            if near and tiles:
                reachable = stand_after_a_tile(game, tiles, near)
                standing |= {card_name(card) for card, stands in zip(near, reachable) if stands}
            return standing
        finally:
            game.undo()

    @staticmethod
    def _loss_chance(
        game: Xochintlan,
        seat: int,
        seen: dict[int, list[Polyform]],
        pool: list[str],
        standing: set[str],
        threats: set[str],
    ) -> float:
        """P(an opponent's card stands after this action, or the next player can make it)."""
        following = (seat + 1) % game.n_players
        hidden = hidden_hand_sizes(game, seat)
        pool_names = set(pool)
        survive = 1.0
        for player in range(game.n_players):
            if player == seat:
                continue
            # Under win_check="mover" a card standing after our action wins nobody.
            shapes = set(standing) if game.rules.win_check == "any" else set()
            if player == following:
                shapes |= threats
            visible = {card_name(card) for card in seen.get(player, [])}
            if visible & shapes:
                return 1.0
            hits = len(shapes & pool_names)
            survive *= 1.0 - _chance_of_holding(len(pool), hits, hidden.get(player, 0))
        return 1.0 - survive
