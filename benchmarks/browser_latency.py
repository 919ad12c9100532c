"""What a player waits for, measured by the browser: click to board painted, hover to preview painted.

JupyterLab runs in headless Chromium (Playwright, the same harness as the browser
tests). In the page, the time of the mouse event (``mousedown`` or ``mousemove``)
is taken from the event itself, and the time the board is painted is the first
animation frame after the board's canvas drew its new picture (ipympl draws each
frame the kernel sends with ``drawImage``). Between the two lie everything the
player waits for: the message to the kernel, the app's work, matplotlib's
rendering, the PNG, the websocket and the browser's decoding.

* click: XochintlanApp hot seat, a click on a cell where a Lizard may go (then an
  undo from code, not timed, puts the board back), for both designs: the board
  drawn by matplotlib in the kernel (``board="ipympl"``) and the board drawn by the
  browser from an SVG the kernel sends (``board="svg"``);
* hover: HextremaduraApp, the mouse moved between two empty cells, each move
  previewing the selected tile on the new cell: on the matplotlib map (a frame
  from the kernel) and on the SVG map (the page moves the preview it already
  holds: the first animation frame after the preview was shown there);
* click on HextremaduraApp's map, an empty cell where the selected tile may go
  (then an undo from code, not timed), for both designs: on the SVG map, until
  the new picture from the kernel is in the page.

Targets: median click < 100 ms, median hover < 60 ms. The machine may be shared:
the load average is printed beside the figures, with the median's 95% interval
(order statistics).

    .venv/bin/python benchmarks/browser_latency.py [--trials 25]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's tests/browser harness

from tests.browser.lab_driver import CHROMIUM_FLAGS, LabPage, LabServer, chromium_executable

# Timestamps in the page: the last mouse event, and every paint of a board, by kind:
# "picture" (a new SVG picture from the kernel, or a canvas frame) or "preview" (the
# SVG map's preview moved by the page itself).
PAINT_PROBE = """
() => {
  window.__xhEvents = [];
  window.__xhPaints = [];
  for (const type of ['mousedown', 'mousemove']) {
    document.addEventListener(type, e => window.__xhEvents.push([type, performance.now()]), true);
  }
  const painted = kind => requestAnimationFrame(() => window.__xhPaints.push([kind, performance.now()]));
  // The SVG boards: a new picture replaces the old one; the map's preview changes its attributes.
  new MutationObserver(changes => {
    const inBoard = c => c.target.closest && c.target.closest('.xh-svg-board');
    if (changes.some(c => c.type === 'childList' && inBoard(c) && !c.target.closest('.map-rings'))) {
      painted('picture');
    } else if (changes.some(c => inBoard(c))) {
      painted('preview');
    }
  }).observe(document.body, {childList: true, subtree: true, attributes: true,
                             attributeFilter: ['display', 'transform']});
  const draw = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (...args) {
    const result = draw.apply(this, args);
    if (this.canvas.closest && this.canvas.closest('.xh-board')) painted('picture');
    return result;
  };
}
"""

LATENCY_SINCE = """
([type, count, kinds]) => {
  const events = window.__xhEvents.filter(e => e[0] === type);
  const start = events.length ? events[events.length - 1][1] : null;
  const paint = window.__xhPaints.slice(count).find(([kind, t]) => kinds.includes(kind) && start !== null && t >= start);
  return paint === undefined ? null : paint[1] - start;
}
"""


def median_interval(values: list[float]) -> tuple[float, float, float]:
    """The median and its ~95% interval from order statistics (no assumption on the spread)."""
    ordered = sorted(values)
    n = len(ordered)
    half_width = 1.96 * (n**0.5) / 2
    low, high = max(0, int(n / 2 - half_width)), min(n - 1, int(n / 2 + half_width))
    return statistics.median(ordered), ordered[low], ordered[high]


def wait_for_latency(lab: LabPage, event: str, paints_before: int, kinds: tuple[str, ...] = ("picture",)) -> float:
    """Milliseconds from the last ``event`` to the board painted after it (a paint of one of ``kinds``);
    inf if nothing was painted within 10 s (a lost frame: counted, and it pulls the median up as a
    player would feel it)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        handle = lab.page.wait_for_function(LATENCY_SINCE, arg=[event, paints_before, list(kinds)], timeout=10_000)
    except PlaywrightTimeout:
        return float("inf")
    return float(handle.json_value())


def paints(lab: LabPage) -> int:
    return lab.page.evaluate("() => window.__xhPaints.length")


def click_latencies(lab: LabPage, trials: int, board: str) -> list[float]:
    lab.server.add_notebook(
        f"bench_click_{board}.ipynb",
        [
            "from xochintlan_hex.widgets import XochintlanApp",
            f"app = XochintlanApp(players=['human', 'human'], seed=1, board={board!r})\napp",
        ],
    )
    lab.open_notebook(f"bench_click_{board}.ipynb")
    lab.run_all_cells()
    lab.page.evaluate(PAINT_PROBE)
    if board == "svg":
        lab.widget('.xh-board [data-cell="1,0"]').scroll_into_view_if_needed()
        box = lab.widget('.xh-board [data-cell="1,0"]').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    else:
        fx, fy = lab.python("app.cell_to_canvas_fraction((1, 0))")
        x, y = lab.canvas_point(fx, fy, within="xh-board")
    lab.page.mouse.move(x, y)
    found = []
    for _ in range(trials + 2):
        before = paints(lab)
        lab.page.mouse.click(x, y)
        found.append(wait_for_latency(lab, "mousedown", before))
        before = paints(lab)
        lab.execute("app.undo()")
        lab.page.wait_for_timeout(400)  # the undone board is painted before the next click
    return found[2:]  # the first clicks also warm up the kernel's caches


def map_points(lab: LabPage, board: str, cells: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """Page positions of the centres of ``cells`` on HextremaduraApp's map."""
    if board == "ipympl":
        return [
            lab.canvas_point(*lab.python(f"app.cell_to_canvas_fraction({cell!r})"), within="xh-board") for cell in cells
        ]
    lab.widget(".xh-board svg").scroll_into_view_if_needed()
    box = lab.widget(".xh-board svg").bounding_box()
    return [
        (box["x"] + fx * box["width"], box["y"] + fy * box["height"])
        for fx, fy in (lab.python(f"app.cell_to_canvas_fraction({cell!r})") for cell in cells)
    ]


def open_hextremadura(lab: LabPage, board: str, name: str) -> None:
    lab.server.add_notebook(
        name,
        ["from xochintlan_hex.widgets import HextremaduraApp", f"app = HextremaduraApp(seed=3, board={board!r})\napp"],
    )
    lab.open_notebook(name)
    lab.run_all_cells()
    lab.page.evaluate(PAINT_PROBE)


def hover_latencies(lab: LabPage, trials: int, board: str = "ipympl") -> list[float]:
    open_hextremadura(lab, board, f"bench_hover_{board}.ipynb")
    points = map_points(lab, board, [(0, 0), (1, -1)])  # on the empty map the tile may go anywhere
    found = []
    for i in range(trials + 2):
        before = paints(lab)
        lab.page.mouse.move(*points[i % 2])
        found.append(wait_for_latency(lab, "mousemove", before, ("picture", "preview")))
        lab.page.wait_for_timeout(150)
    return found[2:]


def map_click_latencies(lab: LabPage, trials: int, board: str) -> list[float]:
    """A click placing the selected tile on the empty map, until the new map is painted (not the page's
    own preview): then an undo from code puts the map back."""
    open_hextremadura(lab, board, f"bench_map_click_{board}.ipynb")
    x, y = map_points(lab, board, [(0, 0)])[0]
    lab.page.mouse.move(x, y)
    found = []
    for _ in range(trials + 2):
        before = paints(lab)
        lab.page.mouse.click(x, y)
        found.append(wait_for_latency(lab, "mousedown", before))
        lab.execute("app.undo()")
        lab.page.wait_for_timeout(400)  # the undone map is painted before the next click
    return found[2:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=25, help="timed clicks and hovers (default 25)")
    parser.add_argument("--only", default="", help="run only the measures whose name contains this text")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory() as work,
        LabServer(Path(work), Path(work) / "server.log") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path=chromium_executable(), headless=True, args=list(CHROMIUM_FLAGS)
        )
        results = {}
        for name, measure, board, target in [
            ("click to board painted, XochintlanApp, board drawn by ipympl", click_latencies, "ipympl", 100),
            ("click to board painted, XochintlanApp, board drawn as SVG", click_latencies, "svg", 100),
            ("hover to preview painted, HextremaduraApp, map drawn by ipympl", hover_latencies, "ipympl", 60),
            ("hover to preview painted, HextremaduraApp, map drawn as SVG", hover_latencies, "svg", 60),
            ("click to map painted, HextremaduraApp, map drawn by ipympl", map_click_latencies, "ipympl", 100),
            ("click to map painted, HextremaduraApp, map drawn as SVG", map_click_latencies, "svg", 100),
        ]:
            if args.only not in name:
                continue
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            lab = LabPage(context.new_page(), server, Path(work))
            results[name] = (measure(lab, args.trials, board), target)
            context.close()
            server.shutdown_sessions()
        browser.close()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.trials} trials each")
    for name, (values, target) in results.items():
        middle, low, high = median_interval(values)
        lost = sum(v == float("inf") for v in values)
        print(
            f"{name}: median {middle:.0f} ms (95% CI {low:.0f}-{high:.0f}), "
            f"min {min(values):.0f}, max {max(values):.0f}, no paint within 10 s: {lost}; target < {target} ms"
        )


if __name__ == "__main__":
    main()
