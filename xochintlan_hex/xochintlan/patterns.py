"""When does a goal card stand on the board? Pure functions on plain boards.

A board here is a mapping ``cell -> "H" | "L" | "B" | "M"`` (the ``board`` of a
game, or :func:`~xochintlan_hex.xochintlan.text.board_from_text`).

The card's rule, in the kit's words: for each animal kind ``K``, start at the
Human and spread over neighbouring cells that hold ``K`` (or the Human). The
cells reached are the Human's *group* for ``K``. The card stands with ``K`` when
that group has exactly five cells and has the card's shape (turned, and also
flipped under ``match="rotation+reflection"``). This says all of the original
rule at once: the Human is one of the five cells, the other four are one kind,
and a sixth animal of that kind touching the pattern would join the group and
spoil it.

>>> from xochintlan_hex.xochintlan.text import board_from_text
>>> board = board_from_text('''
... L.
... L.
... L.
... HL
... ''')
>>> winning_kinds(board, "L")
{'L'}
>>> len(card_placements("L")), len(card_placements("X"))
(20, 5)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import Any

from xochintlan_hex.lattice import Cell, get_lattice
from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.xochintlan.grid import offset_key
from xochintlan_hex.xochintlan.rules import CARD_SIZE, HUMAN, KINDS, Rules, resolve_card

Board = Mapping[Cell, str]


def _orientation_kind(match: str) -> str:
    return "one-sided" if match == "rotation" else "free"


@functools.cache
def card_keys(card: Polyform, match: str = "rotation") -> frozenset[tuple[int, ...]]:
    """The engine's lookup keys (see :func:`~xochintlan_hex.xochintlan.grid.offset_key`)
    of every orientation the card accepts."""
    return frozenset(offset_key(o.cells) for o in card.orientations(_orientation_kind(match)))


@functools.cache
def _shapes(card: Polyform, match: str) -> frozenset[tuple[Cell, ...]]:
    # Normal forms (Lattice.normalize) of the accepted orientations.
    return frozenset(o.cells for o in card.orientations(_orientation_kind(match)))


@functools.cache
def _placements(card: Polyform, match: str) -> tuple[frozenset[Cell], ...]:
    found: set[frozenset[Cell]] = set()
    for form in card.orientations(_orientation_kind(match)):
        for hx, hy in form.cells:
            found.add(frozenset((x - hx, y - hy) for x, y in form.cells))
    return tuple(sorted(found, key=sorted))


def card_placements(card: Polyform | str, rules: Rules = Rules()) -> tuple[frozenset[Cell], ...]:
    """Every way the card can stand around a Human on ``(0, 0)``.

    Each placement is a set of five cells holding ``(0, 0)``: one per accepted
    orientation of the card and choice of the cell the Human occupies. Their
    number is the number of orientations times five, so it depends on the
    card's symmetry: 5 for X, 10 for I, 20 for L (40 with
    ``match="rotation+reflection"``).

    >>> sorted(min(card_placements("I"), key=sorted))
    [(-4, 0), (-3, 0), (-2, 0), (-1, 0), (0, 0)]
    """
    card = resolve_card(card, rules.lattice)
    return _placements(card, rules.match)


def _human_cell(board: Board) -> Cell | None:
    humans = [cell for cell, kind in board.items() if kind == HUMAN]
    if len(humans) > 1:
        raise ValueError(f"board holds {len(humans)} Humans ({sorted(humans)}); a board has exactly one")
    return humans[0] if humans else None


def human_group(board: Board, kind: str, lattice: str = "square", limit: int = CARD_SIZE + 1) -> frozenset[Cell]:
    """The Human's group for ``kind``: cells reached from the Human through ``kind`` tiles.

    The search stops once ``limit`` cells are found (a group larger than a card
    can never match), so a big group comes back with ``limit`` cells.
    """
    _check_animal(kind)
    start = _human_cell(board)
    if start is None:
        return frozenset()
    lat = get_lattice(lattice)
    group = {start}
    stack = [start]
    while stack and len(group) < limit:
        for n in lat.neighbours(stack.pop()):
            if n not in group and board.get(n) == kind:
                group.add(n)
                stack.append(n)
                if len(group) >= limit:
                    break
    return frozenset(group)


def _check_animal(kind: object) -> None:
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")


def winning_kinds(board: Board, card: Polyform | str, rules: Rules = Rules()) -> set[str]:
    """The kinds with which ``card`` stands on ``board`` (an empty set if none).

    >>> from xochintlan_hex.xochintlan.text import board_from_text
    >>> winning_kinds(board_from_text("LLLLH"), "I"), winning_kinds(board_from_text("LLLLHL"), "I")
    ({'L'}, set())
    """
    card = resolve_card(card, rules.lattice)
    shapes = _shapes(card, rules.match)
    lat = get_lattice(rules.lattice)
    found = set()
    for kind in KINDS:
        group = human_group(board, kind, rules.lattice)
        if len(group) == CARD_SIZE and lat.normalize(group) in shapes:
            found.add(kind)
    return found


def winning_pattern(
    board: Board, card: Polyform | str, kind: str | None = None, rules: Rules = Rules()
) -> frozenset[Cell]:
    """The five cells where ``card`` stands (with ``kind``, or the first kind that works).

    An empty frozenset when the card does not stand.

    >>> from xochintlan_hex.xochintlan.text import board_from_text
    >>> sorted(winning_pattern(board_from_text("HLLLL"), "I"))
    [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    """
    kinds = winning_kinds(board, card, rules)
    if kind is not None:
        _check_animal(kind)
        kinds = kinds & {kind}
    for k in KINDS:
        if k in kinds:
            return human_group(board, k, rules.lattice)
    return frozenset()


# ---------------------------------------------------------------------------
# distance to a card
# ---------------------------------------------------------------------------
@functools.cache
def _placement_table(card: Polyform, match: str, lattice: str) -> tuple[tuple[Cell, ...], tuple[tuple[int, int], ...]]:
    """Offsets around the Human, and per placement the bit masks of its body and rim.

    Bit ``i`` stands for ``offsets[i]``. The body is the four cells besides the
    Human; the rim is every cell outside the placement sharing a side with it
    (an animal of the pattern's kind there would spoil it).
    """
    lat = get_lattice(lattice)
    offsets: dict[Cell, int] = {}
    table = []
    for placement in _placements(card, match):
        body = sorted(placement - {(0, 0)})
        rim = sorted({n for c in placement for n in lat.neighbours(c)} - placement)
        body_mask = sum(1 << offsets.setdefault(c, len(offsets)) for c in body)
        rim_mask = sum(1 << offsets.setdefault(c, len(offsets)) for c in rim)
        table.append((body_mask, rim_mask))
    return tuple(offsets), tuple(table)


def _board_and_reserve(board: Any, rules: Rules) -> tuple[Board, dict[str, int], Rules]:
    # A game may be passed instead of a board: its board, reserve and rules are used.
    if hasattr(board, "board") and hasattr(board, "reserve") and hasattr(board, "rules"):
        return board.board, dict(board.reserve), board.rules
    on_board = {k: 0 for k in KINDS}
    for kind in board.values():
        if kind in on_board:
            on_board[kind] += 1
    return board, {k: max(0, rules.tiles_per_kind - on_board[k]) for k in KINDS}, rules


def nearest_placement(
    board: Any, card: Polyform | str, kind: str | None = None, rules: Rules = Rules()
) -> tuple[float, str | None, frozenset[Cell]]:
    """``(distance, kind, cells)`` of the placement of ``card`` that is cheapest to build.

    See :func:`distance_to_card` for the estimate; ties go to the first kind in
    L, B, M order, then to the first placement in :func:`card_placements` order.
    ``(math.inf, None, frozenset())`` when the card cannot be built.
    """
    board, reserve, rules = _board_and_reserve(board, rules)
    card = resolve_card(card, rules.lattice)
    if kind is not None:
        _check_animal(kind)
    human = _human_cell(board)
    if human is None or rules.tiles_per_kind < CARD_SIZE - 1:
        return (math.inf, None, frozenset())
    offsets, table = _placement_table(card, rules.match, rules.lattice)
    masks, counts = _kind_masks(board, human, offsets)
    best: tuple[float, str | None, int] = (math.inf, None, -1)
    for k in KINDS if kind is None else (kind,):
        mask, in_reserve, on_board = masks[k], reserve[k], counts[k]
        for i, (body, rim) in enumerate(table):
            fills = CARD_SIZE - 1 - (mask & body).bit_count()
            clears = (mask & rim).bit_count()
            cost = fills + clears
            # Each fill takes a `k` from the reserve, each clear gives one back;
            # a shortfall is bought back by switching a `k` elsewhere on the board.
            short = fills - in_reserve - clears
            if short > 0:
                if short > on_board - (CARD_SIZE - 1 - fills) - clears:
                    continue
                cost += short
            if cost < best[0]:
                best = (cost, k, i)
    if best[1] is None:
        return (math.inf, None, frozenset())
    hx, hy = human
    body = table[best[2]][0]
    cells = frozenset([human] + [(hx + dx, hy + dy) for j, (dx, dy) in enumerate(offsets) if body >> j & 1])
    return (best[0], best[1], cells)


def _kind_masks(board: Board, human: Cell, offsets: tuple[Cell, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """Per kind, the bit mask of the offsets holding it, and its count on the board."""
    masks = {k: 0 for k in KINDS}
    counts = {k: 0 for k in KINDS}
    hx, hy = human
    get = board.get
    for i, (dx, dy) in enumerate(offsets):
        v = get((hx + dx, hy + dy))
        if v in masks:
            masks[v] |= 1 << i
    for v in board.values():
        if v in counts:
            counts[v] += 1
    return masks, counts


def distance_to_card(board: Any, card: Polyform | str, kind: str | None = None, rules: Rules = Rules()) -> float:
    """An estimate of the fewest actions that make ``card`` stand, the Human staying put.

    For every placement of the card around the Human (:func:`card_placements`)
    and every kind ``K`` (or only ``kind``), count

    * one action per pattern cell not yet holding ``K`` (a place on an empty
      cell, a switch on another animal),
    * one switch per ``K`` animal outside the pattern touching it,
    * one more switch per ``K`` the reserve lacks for the fills, taken back from
      elsewhere on the board,

    and return the smallest count: 0 exactly when the card stands, ``math.inf``
    when it can never be built (no Human, fewer than four animals of a kind).
    It ignores locks, moves of the Human and the opponents, so it is a guide,
    not a proof: the greedy player and the lessons use it to rank boards.
    ``board`` may be a game, whose reserve is then used; for a plain board the
    reserve is ``rules.tiles_per_kind`` minus the animals on the board.

    >>> from xochintlan_hex.xochintlan.text import board_from_text
    >>> distance_to_card(board_from_text("HLL.L"), "I")
    1
    >>> distance_to_card(board_from_text("HLLBLL"), "I")
    2
    """
    return nearest_placement(board, card, kind, rules)[0]
