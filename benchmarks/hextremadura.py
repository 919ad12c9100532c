"""Speed of the Hextremadura engine: uniformly random complete games per second, one core.

Usage (from the repository root)::

    .venv/bin/python benchmarks/hextremadura.py [--seconds 5]

Each game is set up from its own seed and played to the end with
``random_action`` (a uniform pick among the legal placements); the final score is
computed too, as a study would. Both wall-clock and CPU time are printed: on a
shared machine the CPU time of this process is the better estimate of one free core.
"""

from __future__ import annotations

import argparse
import random
import time

from xochintlan_hex.hextremadura import Hextremadura, load_tileset

TARGET_GAMES_PER_SECOND = 200


def random_games(seconds: float) -> tuple[int, int, float, float]:
    """Play random games for about ``seconds``: (games, placements, wall seconds, CPU seconds)."""
    tileset = load_tileset()
    rng = random.Random(0)
    games = placements = 0
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        game = Hextremadura(seed=games, tileset=tileset)
        while not game.is_over:
            game.play(game.random_action(rng))
        game.score()
        games += 1
        placements += len(game.history)
    return games, placements, time.perf_counter() - started, time.process_time() - cpu


def legal_action_listing(seconds: float) -> float:
    """legal_actions() calls per second in mid-game positions."""
    rng = random.Random(1)
    game = Hextremadura(seed=1)
    for _ in range(12):
        game.play(game.random_action(rng))
    calls = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game.legal_actions()
        calls += 1
    return calls / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time spent on random games (default 5)")
    args = parser.parse_args()
    games, placements, wall, cpu = random_games(args.seconds)
    rate = games / cpu
    verdict = "meets" if rate >= TARGET_GAMES_PER_SECOND else "BELOW"
    print(
        f"hextremadura random games: {rate:.0f} games/s of CPU time, {games / wall:.0f} games/s wall-clock "
        f"({verdict} the target of {TARGET_GAMES_PER_SECOND}/s); {placements / cpu:.0f} placements/s, "
        f"{placements / games:.1f} placements per game"
    )
    print(f"hextremadura legal_actions(): {legal_action_listing(1.0):.0f} calls/s in mid-game")


if __name__ == "__main__":
    main()
