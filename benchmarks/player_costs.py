"""What one game costs each registered player: the figures behind the study-size limit.

Plays a few seeded self-play games per player (every seat the same player, two
seats for Xochintlan; Hextremadura is solo) on one core and prints, per player,
the mean seconds of one game with its 95% interval (the t interval over games),
then the ``GAME_SECONDS`` table to paste into ``xochintlan_hex/players/__init__.py``.
The study-size limit (:func:`xochintlan_hex.studies.check_study_size`) estimates a
study from that table, so re-run this after making a player faster or slower.

    .venv/bin/python benchmarks/player_costs.py            # every player (ismcts: a few minutes)
    .venv/bin/python benchmarks/player_costs.py --quick    # skip the players slower than 1 s a game

Figures depend on the machine and on what else it is doing: the load average
is printed with them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from scipy import stats as scipy_stats

from xochintlan_hex.hextremadura import load_tileset
from xochintlan_hex.players import GAME_SECONDS, PLAYERS, get_player
from xochintlan_hex.simulate import play_hextremadura_games, play_xochintlan_games
from xochintlan_hex.xochintlan import Rules

#: Games timed per player: fewer for the slow ones, so that the whole run stays short.
GAMES = {"ismcts": 3, "ismcts-250": 5, "planner": 5}
DEFAULT_GAMES = 30


def time_games(game: str, name: str, games: int) -> list[float]:
    tiles = load_tileset(None)
    times = []
    for index in range(games):
        start = time.perf_counter()
        if game == "xochintlan":
            play_xochintlan_games([index], [name, name], Rules(), 2026)
        else:
            play_hextremadura_games([index], name, tiles, 2026)
        times.append(time.perf_counter() - start)
    return times


def interval(times: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(times)
    if len(times) < 2:
        return mean, mean, mean
    half = scipy_stats.t.ppf(0.975, len(times) - 1) * statistics.stdev(times) / len(times) ** 0.5
    return mean, max(0.0, mean - half), mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the players slower than 1 s a game")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; seconds a self-play game")
    measured: dict[str, dict[str, float]] = {}
    for game, players in PLAYERS.items():
        for name in players:
            if args.quick and GAME_SECONDS[game][name] > 1:
                measured.setdefault(game, {})[name] = GAME_SECONDS[game][name]
                print(f"  {game:12} {name:10}  skipped (shipped: {GAME_SECONDS[game][name]:.3g} s)")
                continue
            get_player(name, game)
            times = time_games(game, name, GAMES.get(name, DEFAULT_GAMES))
            mean, low, high = interval(times)
            measured.setdefault(game, {})[name] = mean
            print(
                f"  {game:12} {name:10}  {mean:9.4f} s  (95% interval {low:.4f} to {high:.4f}, "
                f"{len(times)} games; shipped {GAME_SECONDS[game][name]:.3g} s)"
            )
    print("GAME_SECONDS = {")
    for game, costs in measured.items():
        print(f"    {game!r}: {{" + ", ".join(f"{n!r}: {c:.3g}" for n, c in costs.items()) + "},")
    print("}")


if __name__ == "__main__":
    main()
