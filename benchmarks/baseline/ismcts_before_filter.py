"""``ismcts`` (and ``search``) as they were before their identical-choice savings, for side-by-side timing.

Before, (1) a leaf's "wins in one" check scored every tile action of the position
with numpy (now :func:`~xochintlan_hex.players.xochintlan.stand_after_a_tile` looks
only at the placements near standing and the actions that touch them),
(2) each imagined world replayed its accepted shuffle from a saved state of the
random source (now the shuffle is dealt as it is, ``Xochintlan.deal_hidden``), and
(3) the distances on the board as it is went through the per-action bookkeeping of
``distances_after`` (now a short path), and (4) every fact about a position was
asked of those Python functions and the random numbers drawn in Python (now
compiled code answers them all at once and draws the same numbers,
``players/compiled.py``, when numba is installed).
:func:`as_before` puts both back for the duration of a ``with`` block, so
``benchmarks/players.py same`` can time the old and the new code on the same
positions in one run and check that they choose the same actions.
It is never imported by the kit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import numpy as np

from xochintlan_hex.players import ismcts
from xochintlan_hex.players import xochintlan as xochintlan_players
from xochintlan_hex.players.xochintlan import (
    KINDS,
    UNREACHABLE,
    Polyform,
    _card,
    _changes_of,
    _costs,
    _flat_table,
    _grid_of,
    _needs_after,
)


def _every_tile_scored(game, tiles, cards):
    """The old check: every tile action scored for every card."""
    if not tiles:
        return [False] * len(cards)
    return (_distances_after_bookkept(game, tiles, cards) == 0).any(axis=0).tolist()


def _distances_after_bookkept(game, actions, cards):
    """The old ``distances_after``: every row, "no action" included, through the bookkeeping."""
    rules = game.rules
    n = len(actions)
    cards = tuple(c if isinstance(c, Polyform) else _card(c, rules.lattice) for c in cards)
    if rules.tiles_per_kind < 4:
        return np.full((n, len(cards)), UNREACHABLE, dtype=np.int64)
    if n == 0:
        return np.zeros((0, len(cards)), dtype=np.int64)
    board = game.board
    grid = _grid_of(board)
    body, rim, starts = _flat_table(cards, rules.lattice, rules.match, grid.width)
    changes = _changes_of(actions, board, grid, grid.at(game.human))
    fills, clears = _needs_after(grid, body, rim, changes)
    reserve = np.array([game.reserve[k] for k in KINDS], dtype=np.int64)
    reserve_after = reserve[None] + changes.d_reserve
    on_board_after = grid.on_board[None] - changes.d_reserve
    costs = _costs(fills, clears, reserve_after, on_board_after).min(axis=1)
    return np.minimum.reduceat(costs, starts, axis=1)


def _world_replayed(game, me, view, rng):
    """The old world draw: save the random source's state, shuffle, and replay the
    accepted shuffle inside ``sample_hidden``."""
    for _ in range(63):
        before = rng.getstate()
        deal = list(view.pool)
        rng.shuffle(deal)
        if view.plausible_deal(deal, rng):
            replay = random.Random()
            replay.setstate(before)
            return game.sample_hidden(me, replay)
    return game.sample_hidden(me, rng)


@contextmanager
def as_before() -> Iterator[None]:
    with (
        mock.patch.object(ismcts, "stand_after_a_tile", _every_tile_scored),
        mock.patch.object(xochintlan_players, "stand_after_a_tile", _every_tile_scored),  # search asks it too
        mock.patch.object(ismcts, "distances_after", _distances_after_bookkept),
        mock.patch.object(ismcts.XochintlanISMCTS, "_world", staticmethod(_world_replayed)),
        mock.patch.object(ismcts, "COMPILED", False),
    ):
        yield
