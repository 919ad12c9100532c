"""Computer players for both games: one small interface and a registry by name.

A player is any object with ``choose(game, rng) -> action`` (and, for study
tables, a ``name``). It must pick a legal action of the game it is given, draw
every random choice from ``rng`` (a ``random.Random``) and leave the game as it
found it (it may play and undo to look ahead). It sees only what a person at
the table would: see :mod:`xochintlan_hex.players.xochintlan`.

================  ==============  ======================================================
game              name            how it plays
================  ==============  ======================================================
``xochintlan``    ``random``      a uniformly random legal action
``xochintlan``    ``greedy``      wins at once if it can, else closes in on its card,
                                  never handing over a win it can see
``xochintlan``    ``search``      greedy's best candidates weighed by the chance, over
                                  the cards it cannot see, that the next reply loses
``xochintlan``    ``ismcts``      information-set Monte Carlo tree search: 2,000
                                  imagined games per move, each dealing the cards it
                                  cannot see at random
``xochintlan``    ``ismcts-250``  the same with 250 imagined games per move
``hextremadura``  ``random``      a uniformly random legal placement
``hextremadura``  ``greedy``      most tiles explored now (from round 2: best score
                                  right after), then the fewest hopeless
                                  requirements, then the most terrain continued
``hextremadura``  ``search``      greedy's best candidates, each valued with the
                                  best next placement of the tile still in view
``hextremadura``  ``planner``     greedy's best candidates, each finished by greedy
                                  in imagined orders of the hidden pile; the best
                                  mean final score wins
================  ==============  ======================================================

>>> import random
>>> from xochintlan_hex.xochintlan import Xochintlan
>>> game = Xochintlan(seed=2)
>>> player = get_player("greedy")
>>> game.is_legal(player.choose(game, random.Random(0)))
True
>>> get_player("clever")
Traceback (most recent call last):
...
ValueError: unknown Xochintlan player 'clever'; known players: 'random', 'greedy', 'search', 'ismcts', 'ismcts-250'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from xochintlan_hex.game import Game, GameSpec, Player, game_spec
from xochintlan_hex.i18n import _
from xochintlan_hex.players.hextremadura import HextremaduraGreedy, HextremaduraSearch
from xochintlan_hex.players.hextremadura_planner import HextremaduraPlanner
from xochintlan_hex.players.ismcts import ISMCTS, XochintlanFastISMCTS, XochintlanISMCTS
from xochintlan_hex.players.xochintlan import XochintlanGreedy, XochintlanSearch, distances_after

ActionT = TypeVar("ActionT")


@dataclass(frozen=True)
class RandomPlayer:
    """A uniformly random legal action (the game's own ``random_action``).

    >>> from xochintlan_hex.xochintlan import Xochintlan
    >>> game = Xochintlan(seed=0)
    >>> game.is_legal(RandomPlayer().choose(game, random.Random(1)))
    True
    """

    name: str = "random"

    def choose(self, game: Game[ActionT], rng: random.Random) -> ActionT:
        return game.random_action(rng)


#: Game name -> player name -> a function making the player (each game's spec holds its own).
PLAYERS: dict[str, dict[str, Callable[[], Player[Any, Any]]]] = {
    "xochintlan": {
        "random": RandomPlayer,
        "greedy": XochintlanGreedy,
        "search": XochintlanSearch,
        "ismcts": XochintlanISMCTS,
        "ismcts-250": lambda: XochintlanISMCTS(name="ismcts-250", iterations=250),
    },
    "hextremadura": {
        "random": RandomPlayer,
        "greedy": HextremaduraGreedy,
        "search": HextremaduraSearch,
        "planner": HextremaduraPlanner,
    },
}


#: Game name -> player name -> mean seconds of one self-play game (two seats for
#: Xochintlan), measured on one core of a 2-core machine by ``benchmarks/player_costs.py``,
#: which prints each figure's 95% interval and this table again. The study-size
#: limit estimates a study's time from it; a player missing here counts as the slowest.
#: Measured on a busy machine (load average 5 and more on its 2 cores): the slow
#: players' figures (3 to 5 games each) overstate a quiet machine's, and are wide
#: (ismcts: 95% interval up to 2,445 s); what matters here is their order of magnitude.
GAME_SECONDS: dict[str, dict[str, float]] = {
    "xochintlan": {"random": 0.000506, "greedy": 0.003, "search": 1.75, "ismcts": 477, "ismcts-250": 50.8},
    "hextremadura": {"random": 0.00558, "greedy": 0.222, "search": 0.594, "planner": 15.3},
}


def game_seconds(game: str | GameSpec[Any], players: list[str]) -> float:
    """About how many seconds of one core a game with these players takes (see :data:`GAME_SECONDS`).

    Each seat plays its share of the moves, so a game costs the mean of the
    players' self-play games, scaled by the seats (a game of several seats is
    timed in self-play with two). A game's spec holds its table
    (``seconds_per_game``); a player missing from it counts as the slowest.

    >>> game_seconds("xochintlan", ["ismcts", "ismcts"]) > 100 * game_seconds("xochintlan", ["greedy", "greedy"])
    True
    """
    spec = game_spec(game)
    costs = spec.seconds_per_game
    slowest = max(costs.values(), default=0.0)
    mean = sum(costs.get(name.strip().lower(), slowest) for name in players) / len(players)
    return mean * (len(players) / 2 if spec.seats[1] > 1 else 1)


def get_player(player: Any, game: str | GameSpec[Any] = "xochintlan") -> Player[Any, Any]:
    """The player called ``player`` for ``game`` (a player object is returned as is).

    ``game``: a registered game's name or its spec. Raises ValueError naming the
    known players when the name is unknown, or when ``player`` has no ``choose``.
    """
    spec = game_spec(game)
    if isinstance(player, str):
        return spec.make_player(player)
    if not isinstance(player, Player) or not callable(player.choose):
        raise ValueError(
            _("a player must be a name ({names}) or an object with a choose(game, rng) method, not {player}").format(
                names=", ".join(map(repr, spec.players)), player=repr(player)
            )
        )
    return player


def player_name(player: Any) -> str:
    """The name a study table gives a player: its ``name``, else its class name."""
    name = getattr(player, "name", None)
    return name if isinstance(name, str) else type(player).__name__


__all__ = [
    "GAME_SECONDS",
    "PLAYERS",
    "game_seconds",
    "Player",
    "RandomPlayer",
    "XochintlanGreedy",
    "XochintlanSearch",
    "XochintlanISMCTS",
    "XochintlanFastISMCTS",
    "ISMCTS",
    "HextremaduraGreedy",
    "HextremaduraSearch",
    "HextremaduraPlanner",
    "distances_after",
    "get_player",
    "player_name",
]
