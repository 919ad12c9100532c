"""How long the kernel takes to draw one SVG board: median and interquartile range per board.

Each board is drawn from a mid-game position (Xochintlan on both lattices after
14 random moves, Hextremadura after 12 placements with a tile selected and its
legal cells asked of the engine, the 6x10 pentomino puzzle half filled). This is
the Python side of a click on an SVG board: the browser then paints the picture.
The machine may be shared: the load average is printed beside the figures.

With ``--before REVISION`` the boards' widget modules as they were at that git
revision are loaded beside today's and both are timed in one run (in this
process's CPU time), drawing for drawing in random order, and each board's
change is printed with a 95 % bootstrap interval over the pairs.

    .venv/bin/python benchmarks/svg_boards.py [--repeats 200] [--before REVISION]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.lattice import HEX
from xochintlan_hex.puzzles import Puzzle
from xochintlan_hex.widgets import hexmap, svgboard, tilingboard
from xochintlan_hex.xochintlan import Rules, Xochintlan

ROOT = Path(__file__).resolve().parents[1]
BOARD_MODULES = ("svgboard", "hexmap", "tilingboard")


def played(game: Any, moves: int, seed: int) -> Any:
    """``game`` after ``moves`` random moves (fewer if it ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        over = game.is_over() if callable(game.is_over) else game.is_over
        if over:
            break
        game.play(game.random_action(rng))
    return game


def xochintlan_case(lattice: str, boards: dict[str, Any]) -> Callable[[], str]:
    game = played(Xochintlan(players=2, seed=3, rules=Rules(lattice=lattice)), 14, 14)
    window = set(game.board) | {n for c in game.board for n in game.lattice.neighbours(c)}
    return lambda: boards["svgboard"].xochintlan_svg(game, window, legal=window - set(game.board))


def hextremadura_case(boards: dict[str, Any]) -> Callable[[], str]:
    game = played(Hextremadura(seed=5), 12, 5)
    window = set(game.map) | {n for c in game.map for n in HEX.neighbours(c)}
    tile = game.available()[0]
    return lambda: boards["hexmap"].hextremadura_svg(game, window, selected=(tile, "front", 0))


def tiling_case(boards: dict[str, Any]) -> Callable[[], str]:
    puzzle = Puzzle("6x10", "pentominoes")
    solution = puzzle.solve()
    return lambda: boards["tilingboard"].tiling_svg(puzzle, solution[:6], selected=(2, puzzle.pieces.pieces[2]))


def cases(boards: dict[str, Any]) -> dict[str, Callable[[], str]]:
    """One drawing per board, with the widget modules ``boards`` (by name)."""
    return {
        "Xochintlan, square": xochintlan_case("square", boards),
        "Xochintlan, hex": xochintlan_case("hex", boards),
        "Hextremadura, tile selected": hextremadura_case(boards),
        "puzzle 6x10, 6 pieces placed": tiling_case(boards),
    }


def boards_at(revision: str) -> dict[str, Any]:
    """The boards' widget modules as they were at git ``revision``, loaded beside today's (their relative
    imports reach today's kit)."""
    boards = {}
    for name in BOARD_MODULES:
        path = f"{revision}:xochintlan_hex/widgets/{name}.py"
        shown = subprocess.run(["git", "-C", str(ROOT), "show", path], capture_output=True, text=True)
        if shown.returncode != 0:
            sys.exit(f"svg_boards.py: cannot read {path}: {shown.stderr.strip()}")
        module = types.ModuleType(f"xochintlan_hex.widgets._{name}_before")
        module.__package__ = "xochintlan_hex.widgets"
        sys.modules[module.__name__] = module
        exec(compile(shown.stdout, path, "exec"), module.__dict__)
        boards[name] = module
    return boards


def change_with_interval(before: list[float], now: list[float], rng: random.Random) -> tuple[float, float, float]:
    """The change of the median (now / before - 1, in %) and its 95 % bootstrap interval, resampling pairs."""
    n = len(before)
    ratios = []
    for _ in range(2000):
        picks = [rng.randrange(n) for _ in range(n)]
        ratios.append(statistics.median(now[i] for i in picks) / statistics.median(before[i] for i in picks))
    ratios.sort()
    change = statistics.median(now) / statistics.median(before)
    return 100 * (change - 1), 100 * (ratios[49] - 1), 100 * (ratios[1949] - 1)


def side_by_side(before: Callable[[], str], now: Callable[[], str], repeats: int, rng: random.Random) -> str:
    """Both drawings timed in one run, in random order each time: the medians and the change.

    They are timed in the CPU time of this process: on a shared machine another
    process taking the core in the middle of a drawing (a few milliseconds each
    time) would otherwise count as the drawing's own cost.
    """
    before(), now()  # the first calls load modules: not timed
    times: dict[Callable[[], str], list[float]] = {before: [], now: []}
    for _ in range(repeats):
        for draw in rng.sample([before, now], 2):
            start = time.process_time()
            draw()
            times[draw].append(1000 * (time.process_time() - start))
    change, low, high = change_with_interval(times[before], times[now], rng)
    return (
        f"before {statistics.median(times[before]):5.2f} ms, now {statistics.median(times[now]):5.2f} ms, "
        f"change {change:+5.1f} % (95 % interval {low:+.1f} to {high:+.1f} %)"
    )


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
    parser.add_argument("--before", metavar="REVISION", help="also time the boards as drawn at this git revision")
    args = parser.parse_args()
    today = cases({"svgboard": svgboard, "hexmap": hexmap, "tilingboard": tilingboard})
    print(f"load average {os.getloadavg()[0]:.1f}; {args.repeats} drawings per board")
    if args.before:
        rng = random.Random(0)
        for (name, before), now in zip(cases(boards_at(args.before)).items(), today.values()):
            print(f"{name:30s} {side_by_side(before, now, args.repeats, rng)}")
        return
    for name, draw in today.items():
        times = milliseconds(draw, args.repeats)
        q1, median, q3 = statistics.quantiles(times, n=4)
        print(f"{name:30s} median {median:6.2f} ms  (IQR {q1:.2f} to {q3:.2f})  {len(draw()) / 1000:.0f} kB")


if __name__ == "__main__":
    main()
