"""Speed of the Hextremadura engine: uniformly random complete games per second, one core.

Usage (from the repository root)::

    .venv/bin/python benchmarks/hextremadura.py [--seconds 5]

Each game is set up from its own seed and played to the end with
``random_action`` (a uniform pick among the legal placements); the final score is
computed too, as a study would. Both wall-clock and CPU time are printed: on a
shared machine the CPU time of this process is the better estimate of one free core.

It also times the judging of maps where objectives matter: the maps of the first
20 games of ``datasets/hextremadura_perfect_search.csv`` (good games, whose backs
gather icons), each scored (``score()``: every objective of the backs on the map
judged on its regions), and judged by the perfect-game finder's guide
(``perfect_outlook``, which also weighs what each objective still lacks).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import pandas as pd

from xochintlan_hex.hextremadura import Hextremadura, load_tileset
from xochintlan_hex.hextremadura.perfect import perfect_outlook

FINDER_GAMES = Path(__file__).resolve().parents[1] / "datasets" / "hextremadura_perfect_search.csv"

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


def finder_positions(games: int = 20) -> list[Hextremadura]:
    """Every position of the first ``games`` games of the perfect-game finder's file."""
    rows = pd.read_csv(FINDER_GAMES).head(games)
    positions = []
    for seed, actions in zip(rows["seed"], rows["actions"]):
        game = Hextremadura(seed=int(seed))
        for action in actions.split():
            game.play(action)
            positions.append(game.clone())
    return positions


def map_judgements(positions: list[Hextremadura], seconds: float) -> tuple[float, float]:
    """(maps scored a CPU second; finder outlooks a CPU second), each timed over the
    positions for about ``seconds``."""
    rates = []
    for work in (Hextremadura.score, perfect_outlook):
        done, cpu = 0, time.process_time()
        while time.process_time() - cpu < seconds:
            for position in positions:
                work(position)
            done += len(positions)
        rates.append(done / (time.process_time() - cpu))
    return rates[0], rates[1]


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
    positions = finder_positions()
    judged, outlooks = map_judgements(positions, args.seconds / 2)
    print(
        f"hextremadura maps scored: {judged:.0f}/s of CPU time; "
        f"the finder's outlook: {outlooks:.0f}/s ({len(positions)} positions of the finder's games)"
    )


if __name__ == "__main__":
    main()
