"""How long the kernel takes to draw one SVG board: median and interquartile range per board.

Each board is drawn from a mid-game position (Xochintlan on both lattices after
14 random moves, Hextremadura after 12 placements with a tile selected and its
legal cells asked of the engine, the 6x10 pentomino puzzle half filled). This is
the Python side of a click on an SVG board: the browser then paints the picture.
The machine may be shared: the load average is printed beside the figures.

    .venv/bin/python benchmarks/svg_boards.py [--repeats 200]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.lattice import HEX
from xochintlan_hex.puzzles import Puzzle
from xochintlan_hex.widgets.hexmap import hextremadura_svg
from xochintlan_hex.widgets.svgboard import xochintlan_svg
from xochintlan_hex.widgets.tilingboard import tiling_svg
from xochintlan_hex.xochintlan import Rules, Xochintlan


def played(game: Any, moves: int, seed: int) -> Any:
    """``game`` after ``moves`` random moves (fewer if it ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        over = game.is_over() if callable(game.is_over) else game.is_over
        if over:
            break
        game.play(game.random_action(rng))
    return game


def xochintlan_case(lattice: str) -> Callable[[], str]:
    game = played(Xochintlan(players=2, seed=3, rules=Rules(lattice=lattice)), 14, 14)
    window = set(game.board) | {n for c in game.board for n in game.lattice.neighbours(c)}
    return lambda: xochintlan_svg(game, window, legal=window - set(game.board))


def hextremadura_case() -> Callable[[], str]:
    game = played(Hextremadura(seed=5), 12, 5)
    window = set(game.map) | {n for c in game.map for n in HEX.neighbours(c)}
    tile = game.available()[0]
    return lambda: hextremadura_svg(game, window, selected=(tile, "front", 0))


def tiling_case() -> Callable[[], str]:
    puzzle = Puzzle("6x10", "pentominoes")
    solution = puzzle.solve()
    return lambda: tiling_svg(puzzle, solution[:6], selected=(2, puzzle.pieces.pieces[2]))


def milliseconds(draw: Callable[[], str], repeats: int) -> list[float]:
    draw()  # the first call loads modules: not timed
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        draw()
        times.append(1000 * (time.perf_counter() - start))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200, help="drawings timed per board (default 200)")
    args = parser.parse_args()
    cases = {
        "Xochintlan, square": xochintlan_case("square"),
        "Xochintlan, hex": xochintlan_case("hex"),
        "Hextremadura, tile selected": hextremadura_case(),
        "puzzle 6x10, 6 pieces placed": tiling_case(),
    }
    print(f"load average {os.getloadavg()[0]:.1f}; {args.repeats} drawings per board")
    for name, draw in cases.items():
        times = milliseconds(draw, args.repeats)
        q1, median, q3 = statistics.quantiles(times, n=4)
        print(f"{name:30s} median {median:6.2f} ms  (IQR {q1:.2f} to {q3:.2f})  {len(draw()) / 1000:.0f} kB")


if __name__ == "__main__":
    main()
