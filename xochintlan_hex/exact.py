"""Exact chances of the first few actions of a game under uniform random play.

A simulation *estimates* how often something happens; for the first few actions
the game tree is small enough to add up exactly. Every legal action is equally
likely (the ``random`` player, and ``Game.random_action``), so a sequence of
actions has probability ``1 / (a1 * a2 * ...)``, where ``a1, a2, ...`` are the
numbers of legal actions met along the way. The tree is walked with the game
contract alone (``legal_actions``, ``play``, ``undo``, ``is_over``, ``outcome``),
as ``perft`` walks it to count it, so the figures always follow the rules the
engine plays.

>>> from xochintlan_hex.xochintlan import Xochintlan
>>> chances = win_chances(Xochintlan(players=2, cards=["L", "P"]), depth=3)
>>> chances[3]                 # three animals and the Human: no card can stand yet
{0: Fraction(0, 1), 1: Fraction(0, 1)}

Walking a tree costs about as much as ``perft(depth)``: depth 4 of a two-player
Xochintlan game (236,376 sequences on the square lattice under the rule book,
``perft(4)``; ``datasets/xochintlan_perft.csv`` keeps the count) takes a few seconds.
"""

from __future__ import annotations

from fractions import Fraction

from xochintlan_hex.game import Game

#: Deeper walks take minutes and more (depth 5 of Xochintlan: about 9.3 million sequences).
MAX_DEPTH = 5


def win_chances(game: Game, depth: int) -> dict[int, dict[int, Fraction]]:
    """The exact chance that the game ends with each seat winning at each of the next actions.

    ``game`` is any position (its hands, deck and board as they are: the chance is
    for this deal); every player then plays uniformly at random. Returns
    ``{action: {seat: chance}}`` for the next ``depth`` actions, numbered from the
    start of the game (action 1 is the first action of the game), every seat
    listed. A game that ends earlier cannot end again, so the chances of all
    actions add up to the chance of a win within ``depth`` actions. The game is
    left exactly as it was.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be an int from 0 to {MAX_DEPTH}, got {depth!r}")
    start = int(game.outcome()["turns"])
    seats = range(int(game.outcome()["players"]))
    chances = {start + step: {seat: Fraction(0) for seat in seats} for step in range(1, depth + 1)}
    if game.is_over:
        return chances
    # Paths are summed per action as integers over one common denominator, then divided
    # once: Fractions at every node would cost far more than the walk itself.
    wins: dict[tuple[int, int], list[int]] = {}

    def walk(left: int, action: int, weight: int) -> None:
        actions = game.legal_actions()
        for choice in actions:
            game.play(choice)
            try:
                if game.is_over:
                    winner = game.outcome()["winner"]
                    if winner is not None:
                        wins.setdefault((action, winner), []).append(weight * len(actions))
                elif left > 1:
                    walk(left - 1, action + 1, weight * len(actions))
            finally:
                game.undo()

    walk(depth, start + 1, 1)
    for (action, seat), denominators in wins.items():
        chances[action][seat] = sum((Fraction(1, d) for d in denominators), Fraction(0))
    return chances


def first_win_chance(game: Game, depth: int) -> Fraction:
    """The exact chance that somebody wins within the next ``depth`` actions (uniform play)."""
    return sum((sum(by_seat.values(), Fraction(0)) for by_seat in win_chances(game, depth).values()), Fraction(0))


__all__ = ["MAX_DEPTH", "first_win_chance", "win_chances"]
