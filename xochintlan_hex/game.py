"""The small interface both game engines offer to players, simulations and widgets.

Players and simulations never look inside a game: they only use what this
protocol names, so any player plugs into any game (as in OpenSpiel's game/state
split).
"""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence, runtime_checkable


@runtime_checkable
class Game(Protocol):
    """What a game state offers to the layers above the rules."""

    @property
    def is_over(self) -> bool:
        """True once no more actions can be played."""

    @property
    def current_player(self) -> int:
        """Index of the player to act (0 in a solo game)."""

    def legal_actions(self) -> Sequence[Any]:
        """Every action the rules allow now (empty once the game is over)."""

    def random_action(self, rng: random.Random) -> Any:
        """A uniformly random legal action, drawn from ``rng``."""

    def play(self, action: Any) -> None:
        """Play ``action`` (or its text notation); IllegalAction leaves the state unchanged."""

    def undo(self) -> Any:
        """Take back the last action and return it."""

    def clone(self) -> "Game":
        """An independent copy: playing on it leaves this game untouched."""

    def outcome(self) -> dict[str, Any]:
        """A summary of the finished (or current) game as plain values for a study row."""
