"""Random gardens: how likely a goal card is to stand when animals are scattered at random.

A *random garden* of density ``p`` puts the Human on ``(0, 0)`` and, on every
other cell within five steps of it, a Lizard, a Bird or a Monkey with
probability ``p`` each (empty with probability ``1 - 3p``), independently.
A card stands with one kind on one placement when its four animal cells hold
that kind and its *rim* (the cells outside it sharing a side with it) holds
none; two placements can never stand with the same kind at once, so

    expected kinds with which a card stands = 3 x placements x p^4 (1 - p)^rim.

:func:`garden_chance` is that formula; :func:`measured_garden_rates` asks the
engine about many random gardens drawn from a seed, to check it.

>>> round(garden_chance("P", 0.25), 4), rim_size("P"), rim_size("I")
(0.0176, 9, 12)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from ..lattice import SQUARE, Cell
from ..polyforms import Polyform
from .patterns import card_placements, human_group, winning_kinds
from .rules import KINDS, resolve_card

#: cells that can matter: a five-cell group holding (0, 0) and its rim stay within 5 steps
GARDEN: tuple[Cell, ...] = tuple((x, y) for x in range(-5, 6) for y in range(-5, 6) if 0 < abs(x) + abs(y) <= 5)


def _card(card: Polyform | str) -> Polyform:
    return resolve_card(card)


def check_density(p: float) -> float:
    """``p`` itself if three kinds of density ``p`` fit on a cell (0 < p <= 1/3), else a ValueError."""
    if not isinstance(p, (int, float)) or not 0 < p <= 1 / 3:
        raise ValueError(f"garden density p must be a number with 0 < p <= 1/3 (three kinds share a cell), not {p!r}")
    return float(p)


def rim_size(card: Polyform | str) -> int:
    """Cells outside the card's shape that share a side with it."""
    cells = set(_card(card).cells)
    return len({n for cell in cells for n in SQUARE.neighbours(cell)} - cells)


def garden_chance(card: Polyform | str, p: float) -> float:
    """Expected number of kinds with which ``card`` stands in a random garden of density ``p``.

    It differs from the probability that the card stands at all only by the rare
    gardens where it stands with two kinds at once.
    """
    p = check_density(p)
    card = _card(card)
    return 3 * len(card_placements(card)) * p**4 * (1 - p) ** rim_size(card)


def random_gardens(count: int, p: float, seed: int) -> Iterator[dict[Cell, str]]:
    """``count`` random gardens of density ``p``, drawn from ``seed`` (the same seed, the same gardens)."""
    p = check_density(p)
    rng = np.random.default_rng(seed)
    draws = rng.choice(np.array(["", *KINDS]), size=(count, len(GARDEN)), p=[1 - 3 * p, p, p, p])
    for row in draws:
        board = {cell: str(kind) for cell, kind in zip(GARDEN, row) if kind}
        board[(0, 0)] = "H"
        yield board


def measured_garden_rates(cards: Sequence[Polyform | str], count: int, p: float, seed: int = 2024) -> dict[str, int]:
    """For each card, how many (garden, kind) pairs it stands with, over ``count`` random gardens.

    Divide by ``count`` for the rate that :func:`garden_chance` predicts. The
    engine's ``winning_kinds`` is asked only when some group of the Human has
    exactly five cells, the only gardens where a card can stand.
    """
    named = [_card(card) for card in cards]
    hits = dict.fromkeys((card.name for card in named), 0)
    for board in random_gardens(count, p, seed):
        if any(len(human_group(board, kind)) == 5 for kind in KINDS):
            for card in named:
                hits[card.name] += len(winning_kinds(board, card))
    return hits
