"""The class server under a class: latency seen by the students, load, memory, and a Voilà kernel for comparison.

Everything talks to a server started here, on 127.0.0.1, as a separate process
(``xochintlan-hex class serve``), and stops by itself: each part is bounded in
moves and in seconds.

* ``browsers``: 5 students at one table, each in their own Chromium context
  (Playwright), and the projector. Moves are chosen by the kit's random player
  for the seat to play (long games) and clicked on the board as a student
  clicks. Latency of a move: from the click on the board (``performance.now()``
  in the clicking page) to the last of the other 5 screens painting the new
  turn (the first animation frame after the new picture is in the page).
  Target: median < 200 ms.
* ``load``: 30 scripted students on 8 tables (6 of 4 seats, 2 of 3), at the
  websocket level, at human pace (1 to 4 s to think) with bursts (one move in
  five is sent three times at once, as a double click does; the extra copies are
  refused as stale). Latency of a move: from sending it to the last of the
  table's other students receiving the new turn. Targets: median < 300 ms, 95th
  percentile < 1 s. At the end, the session file, the server and every
  student's screen must agree on every table's moves (none lost).
* memory: the server's resident memory (RSS, psutil) idle and at its largest
  while the 30 students play.
* ``kernel``: for the design not chosen, the resident memory of one Jupyter
  kernel running the kit's student page (``GameChooser`` and a started
  ``XochintlanApp``, as Voilà gives each student), measured with jupyter_client.

Medians come with their ~95% interval (order statistics); the load average of
the machine is printed beside them (the machine may be shared).

    python benchmarks/classroom.py                   # all parts (about 3 minutes)
    python benchmarks/classroom.py --part load --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from xochintlan_hex.players import get_player  # noqa: E402
from xochintlan_hex.simulate import study_rules  # noqa: E402
from xochintlan_hex.xochintlan import MoveHuman, Place, Rules, Swap, Switch, Xochintlan  # noqa: E402


def median_interval(values: list[float]) -> tuple[float, float, float]:
    """The median and its ~95% interval from order statistics (no assumption on the spread)."""
    ordered = sorted(values)
    n = len(ordered)
    half_width = 1.96 * (n**0.5) / 2
    low, high = max(0, int(n / 2 - half_width)), min(n - 1, int(n / 2 + half_width))
    return statistics.median(ordered), ordered[low], ordered[high]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def load_average() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


# ---------------------------------------------------------------------------------------- the server


class Server:
    """``xochintlan-hex class serve`` on a free loopback port, in its own process."""

    def __init__(self, folder: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.path = folder / "class.sqlite"
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "xochintlan_hex.cli",
                "class",
                "serve",
                "--session",
                str(self.path),
                "--port",
                str(self.port),
            ],
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if line.startswith("Teacher token:"):
                self.token = line.split(":", 1)[1].strip()
                return
        self.stop()
        raise SystemExit("the class server did not start within 60 s")

    def rss_mb(self) -> float:
        return psutil.Process(self.process.pid).memory_info().rss / 2**20

    def open_table(self, seats: int, seed: int) -> str:
        request = urllib.request.Request(
            self.url + "api/teacher/tables",
            method="POST",
            data=json.dumps({"game": "xochintlan", "seats": seats, "seed": seed}).encode(),
            headers={"X-Teacher-Token": self.token},
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            return json.loads(reply.read())["code"]

    def join(self, code: str, seat: int, name: str) -> str:
        request = urllib.request.Request(
            self.url + "api/join", method="POST", data=json.dumps({"code": code, "seat": seat, "name": name}).encode()
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            return json.loads(reply.read())["token"]

    def histories(self) -> dict[str, list[str]]:
        with urllib.request.urlopen(self.url + "api/tables", timeout=10) as reply:
            return {t["code"]: t["history"] for t in json.loads(reply.read())["tables"]}

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def replica(seats: int, seed: int) -> Xochintlan:
    """The game as the server deals it (the harness knows the seed; no student's page does)."""
    return Xochintlan(seats, seed=seed, rules=study_rules(Rules()))


# ---------------------------------------------------------------------------------------- browsers


def click_script(action) -> list[str]:
    """The selectors to click, in order, for an action (the mode button, then the cells)."""
    cell = lambda c: f'#board [data-cell="{c[0]},{c[1]}"]'
    if isinstance(action, Place):
        return [f'button[data-mode="place-{action.kind}"]', cell(action.cell)]
    if isinstance(action, MoveHuman):
        return ['button[data-mode="human"]', cell(action.cell)]
    if isinstance(action, Switch):
        return [f'button[data-mode="switch-{action.kind}"]', cell(action.cell)]
    if isinstance(action, Swap):
        return ['button[data-mode="swap"]', cell(action.a), cell(action.b)]
    raise ValueError(action)


PAINTED = "turn => (window.xhPaints.find(p => p.turn >= turn) || {t: null}).t"


def browsers(moves: int, seconds: float) -> None:
    from playwright.sync_api import sync_playwright

    from tests.browser.lab_driver import CHROMIUM_FLAGS, chromium_executable

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = Server(Path(folder))
        browser = playwright.chromium.launch(
            executable_path=chromium_executable(), headless=True, args=list(CHROMIUM_FLAGS)
        )
        try:
            seed = 12
            code = server.open_table(5, seed)
            game = replica(5, seed)
            pages = []
            for seat in range(5):
                page = browser.new_context(viewport={"width": 800, "height": 900}).new_page()
                page.goto(f"{server.url}t/{code}")
                page.check(f'input[name=seat][value="{seat}"]')
                page.fill("#name", f"S{seat + 1}")
                page.click("#sit")
                page.wait_for_selector("#board svg")
                pages.append(page)
            projector = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            projector.goto(server.url + "projector")
            projector.wait_for_selector(".table .board svg")
            player, rng = get_player("random"), random.Random(0)
            latencies = []
            stop_at = time.monotonic() + seconds
            while len(latencies) < moves and time.monotonic() < stop_at and not game.is_over:
                turn, seat = game.turn, game.current_player
                action = player.choose(game, rng)
                for selector in click_script(action):
                    pages[seat].click(selector)
                clicked = pages[seat].evaluate("window.xhClicked")
                others = [p for i, p in enumerate(pages) if i != seat] + [projector]
                painted = [p.wait_for_function(PAINTED, arg=turn + 1, timeout=10_000).json_value() for p in others]
                latencies.append(max(painted) - clicked)
                game.play(action)
            agreed = server.histories()[code] == [str(a) for a in game.history]
        finally:
            browser.close()
            server.stop()
    median, low, high = median_interval(latencies)
    print(
        f"5 browsers + projector, one table: {len(latencies)} moves; click to painted on every other screen: "
        f"median {median:.0f} ms (95% CI {low:.0f}-{high:.0f}), p95 {percentile(latencies, 0.95):.0f} ms, "
        f"max {max(latencies):.0f} ms; server and screens agree: {agreed}; {load_average()}"
    )


# ---------------------------------------------------------------------------------------- load

TABLES = [4, 4, 4, 4, 4, 4, 3, 3]  # 30 students on 8 tables
#: seconds at the end when no move is sent, so that every move sent reaches every screen before the count
QUIET_END = 3.0


class ScriptedStudent:
    """A student's websocket: it waits for its turn, thinks 1 to 4 s, and sends the move (sometimes thrice)."""

    def __init__(self, table: LoadTable, seat: int, token: str, rng: random.Random) -> None:
        self.table, self.seat, self.token, self.rng = table, seat, token, rng
        self.turn_seen = 0
        self.refused = 0

    async def run(self, url: str, stop_at: float) -> None:
        from tornado.websocket import websocket_connect

        self.socket = await websocket_connect(url.replace("http", "ws") + "ws/seat", max_message_size=2**22)
        await self.socket.write_message(json.dumps({"type": "hello", "code": self.table.code, "token": self.token}))
        while time.monotonic() < stop_at:
            try:
                text = await asyncio.wait_for(self.socket.read_message(), max(0.1, stop_at - time.monotonic()))
            except TimeoutError:
                break
            if text is None:
                break
            message = json.loads(text)
            if message["type"] == "refused":
                self.refused += 1
                continue
            self.turn_seen = message["turn"]
            if message["turn"] == 0 and message["your_turn"] and not self.table.thinking:
                self.table.thinking = True  # the first move; each later one starts when the last reached everyone
                asyncio.ensure_future(self.play(0, stop_at))
            self.table.seen(self.seat, message["turn"], stop_at)
        self.socket.close()

    async def play(self, turn: int, stop_at: float) -> None:
        await asyncio.sleep(self.rng.uniform(1.0, 4.0))
        if time.monotonic() >= stop_at - QUIET_END:
            return
        action = self.table.choose()
        copies = 3 if self.rng.random() < 0.2 else 1  # a burst: a double or triple click
        self.table.sent(turn, action)
        for _ in range(copies):
            await self.socket.write_message(json.dumps({"type": "play", "action": str(action), "turn": turn}))


class LoadTable:
    """One table of the load test: its replica of the game and the times its moves reach each student."""

    def __init__(self, code: str, seats: int, seed: int) -> None:
        self.code, self.seats = code, seats
        self.game = replica(seats, seed)
        self.rng = random.Random(seed)
        self.thinking = False
        self.pending: tuple[int, float, object] | None = None  # (turn, sent at, action)
        self.arrivals: dict[int, set[int]] = {}
        self.latencies: list[float] = []
        self.students: list[ScriptedStudent] = []

    def choose(self):
        return get_player("random").choose(self.game, self.rng)

    def sent(self, turn: int, action) -> None:
        self.pending = (turn, time.perf_counter(), action)

    def seen(self, seat: int, turn: int, stop_at: float) -> None:
        if self.pending is None or turn != self.pending[0] + 1:
            return
        mover = self.game.current_player
        arrived = self.arrivals.setdefault(turn, set())
        arrived.add(seat)
        if arrived >= set(range(self.seats)) - {mover}:  # every other student has the new turn
            sent_turn, at, action = self.pending
            self.latencies.append((time.perf_counter() - at) * 1000)
            self.game.play(action)
            self.pending = None
            if not self.game.is_over:  # the next student to play starts thinking
                asyncio.ensure_future(self.students[self.game.current_player].play(turn, stop_at))


def load(seconds: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            idle = server.rss_mb()
            tables = []
            for index, seats in enumerate(TABLES):
                code = server.open_table(seats, 100 + index)
                table = LoadTable(code, seats, 100 + index)
                for seat in range(seats):
                    token = server.join(code, seat, f"S{index}-{seat + 1}")
                    table.students.append(ScriptedStudent(table, seat, token, random.Random(index * 10 + seat)))
                tables.append(table)
            peak = [server.rss_mb()]

            async def watch_memory(stop_at: float) -> None:
                while time.monotonic() < stop_at:
                    peak.append(server.rss_mb())
                    await asyncio.sleep(1.0)

            async def run() -> None:
                stop_at = time.monotonic() + seconds
                await asyncio.gather(
                    watch_memory(stop_at), *(s.run(server.url, stop_at) for t in tables for s in t.students)
                )

            asyncio.run(run())
            time.sleep(0.5)
            histories = server.histories()
        finally:
            server.stop()
        with sqlite3.connect(server.path) as db:
            stored = {
                code: [n for (n,) in db.execute("SELECT notation FROM actions WHERE code = ? ORDER BY number", (code,))]
                for code in histories
            }
    latencies = [ms for t in tables for ms in t.latencies]
    lost = []
    for table in tables:
        screens = {s.turn_seen for s in table.students}
        if stored[table.code] != histories[table.code] or screens != {len(stored[table.code])}:
            lost.append(table.code)
    median, low, high = median_interval(latencies)
    refused = sum(s.refused for t in tables for s in t.students)
    print(
        f"30 scripted students on 8 tables for {seconds:.0f} s: {len(latencies)} moves, {refused} extra clicks "
        f"refused; send to received by every other student at the table: median {median:.0f} ms "
        f"(95% CI {low:.0f}-{high:.0f}), p95 {percentile(latencies, 0.95):.0f} ms, max {max(latencies):.0f} ms; "
        f"tables where the session file, the server and the screens disagree: {len(lost)}; {load_average()}"
    )
    print(f"server memory (RSS): {idle:.0f} MB idle, {max(peak):.0f} MB at most with 30 students playing")


# ---------------------------------------------------------------------------------------- a Voilà kernel


def kernel() -> None:
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3", env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        empty = psutil.Process(manager.provisioner.process.pid).memory_info().rss / 2**20
        code = (
            "from xochintlan_hex.widgets import GameChooser, XochintlanApp\n"
            "chooser = GameChooser(); display(chooser.start())\n"
            "app = XochintlanApp(players=['human', 'greedy'], seed=1); display(app)"
        )
        reply = client.execute_interactive(code, timeout=120, output_hook=lambda message: None)
        assert reply["content"]["status"] == "ok", reply["content"]
        with_app = psutil.Process(manager.provisioner.process.pid).memory_info().rss / 2**20
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    print(
        f"one Jupyter kernel (what Voila starts for each student): {empty:.0f} MB empty, {with_app:.0f} MB "
        f"with the kit's student page; 30 students: about {30 * with_app / 1024:.1f} GB in kernels alone"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("browsers", "load", "kernel", "all"), default="all")
    parser.add_argument("--moves", type=int, default=40, help="moves timed in the browsers part (default 40)")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the load part (default 60 s)")
    args = parser.parse_args()
    if args.part in ("kernel", "all"):
        kernel()
    if args.part in ("browsers", "all"):
        browsers(args.moves, seconds=120.0)
    if args.part in ("load", "all"):
        load(args.seconds)


if __name__ == "__main__":
    main()
