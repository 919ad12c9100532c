"""The search player's random numbers and leaf judgement in compiled code (numba).

ISMCTS draws an imagined world and an untried action at every iteration: a few dozen
random numbers each time. :class:`CompiledRandom` draws exactly the numbers the
player's ``random.Random`` would draw, in compiled code, and hands the state back, and
:func:`expected_shares` judges a new leaf from its compiled facts with the Python
judgement's arithmetic in the same order, so a search makes the same choices with or
without numba (``tests/test_compiled.py``). The position facts themselves are compiled
in :mod:`xochintlan_hex.xochintlan.compiled`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from xochintlan_hex.xochintlan.compiled import AVAILABLE, njit

__all__ = ["AVAILABLE", "CompiledRandom", "expected_shares"]


class CompiledRandom:
    """The numbers a ``random.Random`` would draw next, drawn in compiled code.

    Python's ``random`` is the Mersenne Twister (MT19937): this class takes over its
    state (``getstate``), draws the very same ``random()`` and ``getrandbits(k)``
    numbers, and hands the state back with :meth:`give_back`, so the ``random.Random``
    goes on exactly as if it had drawn them itself. The search's imagined worlds are
    drawn by :meth:`draw_deal` in one compiled call each, with the same numbers as
    ``XochintlanISMCTS._world``'s Python loop: the same worlds, the same choices.
    """

    def __init__(self, source: Any) -> None:
        self.source = source  # the random.Random whose numbers these are
        self.take_over()

    def take_over(self) -> None:
        """Draw on from the source's present state."""
        _, words, self._gauss = self.source.getstate()
        self._words = np.array(words[:624], dtype=np.uint32)
        self._position = np.array([words[624]], dtype=np.int64)

    def give_back(self) -> None:
        """Set the source to the state after every number drawn here."""
        self.source.setstate((3, (*self._words.tolist(), int(self._position[0])), self._gauss))

    def random(self) -> float:
        """``random.Random.random()``: the next float in [0, 1)."""
        return float(_random(self._words, self._position))

    def draw_deal(
        self, shuffle_steps: np.ndarray, hidden_places: np.ndarray, ratios: np.ndarray, tries: int
    ) -> np.ndarray | None:
        """A shuffle of the pool kept with the chance of its hidden cards (``ratios[player,
        card]``), at most ``tries`` shuffles; None when every one was turned down."""
        deal = np.empty(ratios.shape[1], dtype=np.int64)
        kept = _draw_deal(self._words, self._position, shuffle_steps, hidden_places, ratios, tries, deal)
        return deal if kept else None


_UPPER, _LOWER, _MATRIX = 0x80000000, 0x7FFFFFFF, 0x9908B0DF


@njit(cache=True)
def _twist(words: np.ndarray) -> None:
    """The Mersenne Twister's next 624 words, in place."""
    n, m = 624, 397
    for k in range(n):
        y = (np.uint64(words[k]) & _UPPER) | (np.uint64(words[(k + 1) % n]) & _LOWER)
        value = np.uint64(words[(k + m) % n]) ^ (y >> 1)
        if y & 1:
            value ^= _MATRIX
        words[k] = np.uint32(value)


@njit(cache=True)
def _next_word(words: np.ndarray, position: np.ndarray) -> np.uint64:
    """The next tempered 32-bit word (``genrand_uint32``)."""
    if position[0] >= 624:
        _twist(words)
        position[0] = 0
    y = np.uint64(words[position[0]])
    position[0] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & 0xFFFFFFFF


@njit(cache=True)
def _random(words: np.ndarray, position: np.ndarray) -> float:
    """``random()``: 53 random bits from two words, as CPython draws them."""
    a = _next_word(words, position) >> 5
    b = _next_word(words, position) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _draw_deal(
    words: np.ndarray,
    position: np.ndarray,
    shuffle_steps: np.ndarray,
    hidden_places: np.ndarray,
    ratios: np.ndarray,
    tries: int,
    deal: np.ndarray,
) -> bool:
    """``XochintlanISMCTS._world``'s draws: shuffle the pool's places as ``random.shuffle``
    does (``getrandbits(bits)`` is the word's top ``bits`` bits, redrawn while too
    large) and keep the deal with the chance of its hidden cards."""
    for _ in range(tries):
        for i in range(deal.shape[0]):
            deal[i] = i
        for s in range(shuffle_steps.shape[0]):
            i, n, bits = shuffle_steps[s, 0], shuffle_steps[s, 1], shuffle_steps[s, 2]
            j = _next_word(words, position) >> (32 - bits)
            while j >= n:
                j = _next_word(words, position) >> (32 - bits)
            deal[i], deal[j] = deal[j], deal[i]
        chance = 1.0
        for h in range(hidden_places.shape[0]):
            chance *= ratios[hidden_places[h, 1], deal[hidden_places[h, 0]]]
        if _random(words, position) < chance:
            return True
    return False


# ---------------------------------------------------------------------------
# The judgement of a new node


def expected_shares(
    facts: tuple[np.ndarray, np.ndarray], cards_count: bool, mover: int, view: Any, tempo: float
) -> list[float]:
    """``_PublicView.expected_shares`` from a node's compiled facts (``position_facts``'
    distances and one-action wins of ``view.cards``), in compiled code: the same
    arithmetic in the same order, so the same floats (``tests/test_compiled.py``)."""
    belief, hidden, known_start, known_count = view.compiled_beliefs
    shares = _expected_shares(
        facts[0], facts[1], cards_count, mover, belief, hidden, known_start, known_count, len(view.pool), tempo
    )
    return shares.tolist()  # type: ignore[no-any-return]


@njit(cache=True)
def _expected_shares(
    every: np.ndarray,
    stands: np.ndarray,
    cards_count: bool,
    mover: int,
    belief: np.ndarray,
    hidden: np.ndarray,
    known_start: np.ndarray,
    known_count: np.ndarray,
    pool: int,
    tempo: float,
) -> np.ndarray:
    n = hidden.shape[0]
    shares = np.zeros(n)
    if cards_count:  # a card the mover holds, seen by the searcher, stands after one action
        for i in range(known_start[mover], known_start[mover] + known_count[mover]):
            if stands[i]:
                shares[mover] = 1.0
                return shares
    p_win = 0.0
    if hidden[mover] and pool:
        hits = 0.0
        if cards_count:
            for i in range(pool):
                if stands[i]:
                    hits += belief[mover, i]
        p_win = 1.0 - (1.0 - hits) ** float(hidden[mover])
    values = np.unique(every[:pool])  # sorted
    weights = np.empty(n)
    for q in range(n):
        known = np.inf
        for i in range(known_start[q], known_start[q] + known_count[q]):
            known = min(known, every[i])
        weight = _expected_weight(known, every[:pool], values, belief[q], hidden[q])
        weights[q] = weight * (tempo if q == mover else 1.0)
    total = 0.0
    for q in range(n):
        total += weights[q]
    for q in range(n):
        share = weights[q] / total if total > 0 else 1.0 / n
        shares[q] = (1.0 - p_win) * share + (p_win if q == mover else 0.0)
    return shares


@njit(cache=True)
def _expected_weight(known: float, pool_d: np.ndarray, values: np.ndarray, chances: np.ndarray, draws: int) -> float:
    """``players.ismcts._expected_weight``: E[exp(-min(known, d_1 .. d_draws))]."""
    if not draws or not pool_d.shape[0]:
        return np.exp(-known) if known != np.inf else 0.0
    expected, above = 0.0, 1.0
    for value in values:
        total = 0.0
        for i in range(pool_d.shape[0]):
            if pool_d[i] > value:
                total += chances[i]
        at_least_next = total ** float(draws)
        expected += (above - at_least_next) * np.exp(-min(known, value))
        above = at_least_next
    return expected
