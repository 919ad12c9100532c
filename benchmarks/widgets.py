"""How fast the interactive boards answer a click: median time from a click to the board redrawn.

For each app, random legal clicks are played through the app's own ``click``
(exactly what the canvas's mouse handler calls), then the canvas draws the new
frame. Three figures per click:

* handler: the app's work (engine call, labels, artists or composed pixels);
* render: matplotlib's Agg drawing of the figure (``FigureCanvasAgg.draw``);
* frame: what ipympl does for a live page, the render plus the PNG of the
  changed pixels sent to the browser (``canvas.draw()`` on the ipympl canvas,
  as after the page has connected).

"click to redrawn" is handler + frame; the target is under 100 ms. Hextremadura
is timed twice: a cold click (the tile's picture must be drawn first) and a
click after the mouse has hovered the cell (as in a browser: the preview has
drawn it). The machine may be shared: the load average is printed beside the
figures.

    .venv/bin/python benchmarks/widgets.py [--clicks 150]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg

from xochintlan_hex.widgets import HextremaduraApp, XochintlanApp
from xochintlan_hex.xochintlan import MoveHuman, Place, Switch


def timed(action: Callable[[], Any]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def live(app: Any) -> None:
    """Make the ipympl canvas behave as once a page is connected (it then sends only changed pixels)."""
    if app.board.interactive:
        app.board.canvas.syncing_data_url = False


def measure(app: Any, click: Callable[[], Any]) -> tuple[float, float, float]:
    handler = timed(click)
    render = timed(lambda: FigureCanvasAgg.draw(app.board.canvas))
    frame = timed(app.board.draw)
    return handler, render, frame


def xochintlan_clicks(clicks: int, seed: int) -> list[tuple[float, float, float]]:
    rng = random.Random(seed)
    samples: list[tuple[float, float, float]] = []
    app = XochintlanApp(players=["human", "human"], seed=seed, board="ipympl")  # the board matplotlib draws
    live(app)
    while len(samples) < clicks:
        if app.game.is_over:
            app.new_game()
        action = app.game.random_action(rng)
        if isinstance(action, Place):
            app.choose_action("place").choose_animal(action.kind)
        elif isinstance(action, Switch):
            app.choose_action("switch").choose_animal(action.kind)
        elif isinstance(action, MoveHuman):
            app.choose_action("move")
        else:  # swaps and redraws are not in the default rules
            continue
        samples.append(measure(app, lambda: app.click(action.cell)))
    return samples


def hextremadura_clicks(clicks: int, seed: int, hover: bool) -> list[tuple[float, float, float]]:
    rng = random.Random(seed)
    samples: list[tuple[float, float, float]] = []
    game_seed = seed
    app = HextremaduraApp(seed=game_seed)
    live(app)
    while len(samples) < clicks:
        if app.game.is_over:
            game_seed += 1
            app = HextremaduraApp(seed=game_seed)  # a fresh app: no tile pictures kept from the last game
            live(app)
        app.choose_tile(rng.choice(app.game.available()))
        app.rotate(rng.randrange(6))
        cell = rng.choice(app.game.open_cells()) if app.game.map else (rng.randrange(-2, 3), rng.randrange(-2, 3))
        if hover:
            app.hover(cell)
        samples.append(measure(app, lambda: app.click(cell)))
    return samples


def hextremadura_hovers(moves: int, seed: int) -> list[tuple[float, float, float]]:
    """Mouse moves from one open cell to another: the preview redrawn."""
    rng = random.Random(seed)
    app = HextremaduraApp(seed=seed)
    live(app)
    for _ in range(8):
        app.play(app.game.random_action(rng))
    samples = []
    while len(samples) < moves:
        cell = rng.choice(app.game.open_cells())
        app.rotate(rng.randrange(6))
        if cell != app.hovered:
            samples.append(measure(app, lambda: app.hover(cell)))
    return samples


def report(name: str, samples: list[tuple[float, float, float]]) -> None:
    handler, render, frame = ([s[i] * 1000 for s in samples] for i in range(3))
    total = [h + f for h, f in zip(handler, frame)]
    p90 = statistics.quantiles(total, n=10)[-1]
    print(
        f"{name:<38} {len(samples):>5}  handler {statistics.median(handler):6.1f}  "
        f"render {statistics.median(render):6.1f}  frame {statistics.median(frame):6.1f}  "
        f"click→redrawn {statistics.median(total):6.1f} (p90 {p90:6.1f}) ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=150, help="clicks timed per case (default 150)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; medians of each figure")
    report("Xochintlan click", xochintlan_clicks(args.clicks, args.seed))
    report("Hextremadura click (cold)", hextremadura_clicks(args.clicks, args.seed, hover=False))
    report("Hextremadura click after hover", hextremadura_clicks(args.clicks, args.seed, hover=True))
    report("Hextremadura hover (preview)", hextremadura_hovers(args.clicks, args.seed))
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
