"""Cells as single ints, for the engine's inner loops.

The engine stores a cell ``(x, y)`` as the int ``(y + OFFSET) * WIDTH + x +
OFFSET``. A step to a neighbour is then one addition of a constant (``+1`` east,
``-WIDTH`` north on the square lattice, ...), a board is a dict of ints, and a
shape's cells translated to start at 0 compare as small tuples of ints. Cells
are kept within :data:`LIMIT` of the origin, far beyond any reachable board
(a board stretches at most two cells per tile from the start).

>>> encode((2, -1)) - encode((0, 0)) == 2 - WIDTH
True
>>> decode(encode((-3, 7)))
(-3, 7)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from xochintlan_hex.lattice import Cell, get_lattice

WIDTH = 1024
OFFSET = 512
#: Coordinates must stay within this distance of 0 (plus one neighbour step).
LIMIT = 500

ORIGIN = OFFSET * WIDTH + OFFSET


def encode(cell: Cell) -> int:
    """The int of ``cell`` (no range check: see :func:`encode_or_none`)."""
    x, y = cell
    return (y + OFFSET) * WIDTH + x + OFFSET


def encode_or_none(cell: Cell) -> int | None:
    """The int of ``cell``, or None when it lies beyond :data:`LIMIT` (no board reaches it)."""
    x, y = cell
    if -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT:
        return (y + OFFSET) * WIDTH + x + OFFSET
    return None


def decode(code: int) -> Cell:
    """The ``(x, y)`` cell of an int made by :func:`encode`."""
    y, x = divmod(code, WIDTH)
    return (x - OFFSET, y - OFFSET)


@functools.cache
def deltas(lattice: str) -> tuple[int, ...]:
    """The int steps to the neighbours, in the lattice's direction order."""
    return tuple(dy * WIDTH + dx for dx, dy in get_lattice(lattice).directions)


def offset_key(cells: Iterable[Cell]) -> tuple[int, ...]:
    """A translation-free key of a cell set: its ints minus the smallest, sorted.

    The engine computes the same key from encoded board cells, so a pattern on
    the board is found by one lookup in a set of card keys.

    >>> offset_key([(5, 5), (6, 5)]) == offset_key([(0, -2), (1, -2)])
    True
    """
    codes = [y * WIDTH + x for x, y in cells]
    low = min(codes)
    return tuple(sorted(c - low for c in codes))
