"""A class in real browsers: students at one table, each in their own browser context, and the projector.

The class server runs on 127.0.0.1 (in this process, or as a command for the
kill test). Moves are clicked as a student clicks them: the mode button, then
the cell on the board the server drew. The moves themselves are chosen by the
kit's greedy player for the seat to play, so that a full game stays short.
Websocket frames are recorded by Playwright and read, not only the screen.
"""

from __future__ import annotations

import html
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from xochintlan_hex.classroom import ClassServer
from xochintlan_hex.players import get_player
from xochintlan_hex.xochintlan import MoveHuman, Place, Swap, Switch

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
TEACHER = "browser-teacher-token"
VIEWPORT = {"width": 900, "height": 1000}


def post(url: str, body: dict, token: str = TEACHER) -> dict:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"X-Teacher-Token": token, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as reply:
        return json.loads(reply.read())


@pytest.fixture
def class_server(tmp_path):
    server = ClassServer(str(tmp_path / "class.sqlite"), port=0, computer_pause=0.2, teacher_token=TEACHER).start()
    yield server
    server.stop()


class Student:
    """One student's browser context and page, keeping the websocket frames it receives."""

    def __init__(self, browser, url: str):
        self.context = browser.new_context(viewport=VIEWPORT)
        self.frames: list[str] = []
        self.page = self.open(url)

    def open(self, url: str):
        page = self.context.new_page()
        page.set_default_timeout(20_000)
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.frames.append(str(payload))))
        page.goto(url)
        return page

    def join(self, code: str, seat: int, name: str) -> None:
        page = self.page
        page.fill("#code", code)
        page.click("#find")
        page.check(f'input[name=seat][value="{seat}"]')
        page.fill("#name", name)
        page.click("#sit")
        page.wait_for_selector("#board svg")

    def wait_turn(self, turn: int) -> None:
        self.page.wait_for_function("turn => window.xhPaints.some(p => p.turn >= turn)", arg=turn)

    def click_action(self, action) -> None:
        page = self.page

        def cell(c):
            page.click(f'#board [data-cell="{c[0]},{c[1]}"]')

        if isinstance(action, Place):
            page.click(f'button[data-mode="place-{action.kind}"]')
            cell(action.cell)
        elif isinstance(action, MoveHuman):
            page.click('button[data-mode="human"]')
            cell(action.cell)
        elif isinstance(action, Switch):
            page.click(f'button[data-mode="switch-{action.kind}"]')
            cell(action.cell)
        elif isinstance(action, Swap):
            page.click('button[data-mode="swap"]')
            cell(action.a)
            cell(action.b)
        else:
            raise AssertionError(f"no click for {action!r}")


def card_mark(name: str) -> str:
    return f'data-card="{html.escape(name)}"'


def frame_mark(name: str) -> str:
    return json.dumps(card_mark(name))[1:-1]


#: the names of the cards anywhere in a page's document
CARDS_ON_THE_PAGE = "() => [...document.querySelectorAll('[data-card]')].map(e => e.getAttribute('data-card'))"


def test_three_browsers_play_a_full_game_and_the_projector_follows(chromium_browser, class_server):
    code = post(class_server.url + "api/teacher/tables", {"game": "xochintlan", "seats": 3, "seed": 9})["code"]
    students = [Student(chromium_browser, class_server.url) for _ in range(3)]
    for seat, student in enumerate(students):
        student.join(code, seat, ["Ana", "Ben", "Cy"][seat])
    projector = chromium_browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    projector.goto(class_server.url + "projector")
    projector.wait_for_selector(f'.table[data-code="{code}"] .board svg')
    game = class_server.session.tables[code].game
    hands = [[card.name for card in hand] for hand in game.cards]
    greedy, rng = get_player("greedy"), random.Random(0)
    mid_game_pages = []
    while not game.is_over:
        turn, seat = game.turn, game.current_player
        students[seat].click_action(greedy.choose(game.clone(), rng))
        for student in students:
            student.wait_turn(turn + 1)
        projector.wait_for_function("turn => window.xhPaints.some(p => p.turn >= turn)", arg=turn + 1)
        if turn == 3:
            mid_game_pages = [student.page.evaluate(CARDS_ON_THE_PAGE) for student in students]
        assert game.turn < 60, "a greedy game this long is not the short game this test means"
    for student in students:
        student.page.wait_for_function("() => document.getElementById('all-cards').children.length === 3")
    projector.wait_for_selector(f'.table.over[data-code="{code}"]')
    assert class_server.session.store.actions(code)[-1][2] == str(game.history[-1])
    status = projector.inner_text(f'.table[data-code="{code}"] .status')
    assert status == (
        f"{['Ana', 'Ben', 'Cy'][game.winner]} won with card {game.winning_card.name}"
        if game.winner is not None
        else "Tie"
    )
    for seat, student in enumerate(students):
        before_the_end = "".join(f for f in student.frames if '"over": false' in f)
        assert frame_mark(hands[seat][0]) in before_the_end  # the own card arrives: the check can fail
        assert mid_game_pages[seat] == [hands[seat][0]]
        for other in range(3):
            if other != seat:
                assert frame_mark(hands[other][0]) not in before_the_end
    (ROOT / "test-output").mkdir(exist_ok=True)
    students[0].page.screenshot(path=str(ROOT / "test-output" / "class-student-end.png"))
    projector.screenshot(path=str(ROOT / "test-output" / "class-projector-end.png"))


def test_a_closed_tab_gets_its_seat_back_and_a_computer_fills_a_seat(chromium_browser, class_server):
    code = post(
        class_server.url + "api/teacher/tables",
        {"game": "xochintlan", "seats": 2, "seed": 4, "computers": {"1": "greedy"}},
    )["code"]
    student = Student(chromium_browser, class_server.url)
    student.join(code, 0, "Ana")
    game = class_server.session.tables[code].game
    student.click_action(get_player("greedy").choose(game.clone(), random.Random(0)))
    student.wait_turn(2)  # the student's move, then the computer's, painted
    assert student.page.inner_text("#seats").count("greedy") == 1
    student.page.close()
    student.page = student.open(class_server.url + "t/" + code)  # the same browser: its seat token is kept
    student.wait_turn(2)
    assert student.page.inner_text("#who") == f"Seat 1 at table {code}"
    assert student.page.locator('button[data-mode="place-L"]').count() == 1  # their turn, their controls


#: the cells a page's board draws (tiles and the open cells around them), in drawing order
BOARD_CELLS = "selector => [...document.querySelectorAll(selector + ' [data-cell]')].map(g => g.dataset.cell)"


def test_a_solo_hextremadura_table_plays_tiles_from_a_browser_and_the_projector_follows(chromium_browser, class_server):
    code = post(class_server.url + "api/teacher/tables", {"game": "hextremadura", "seed": 5})["code"]
    student = Student(chromium_browser, class_server.url)
    student.join(code, 0, "Ana")
    projector = chromium_browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    projector.set_default_timeout(20_000)
    projector.goto(class_server.url + "projector")
    box = f'.table[data-code="{code}"]'
    projector.wait_for_selector(f"{box} .board svg")
    game, page = class_server.session.tables[code].game, student.page
    played = []
    for turn in range(3):
        action = game.legal_actions()[0]  # a legal tile, face, rotation and cell, as a student would find one
        page.select_option('select[aria-label="Tile"]', action.tile_id)
        page.select_option('select[aria-label="Face"]', action.face)
        page.select_option('select[aria-label="Rotation"]', str(action.rotation))
        cell = f"{action.cell[0]},{action.cell[1]}"
        page.wait_for_selector(f'#board [data-cell="{cell}"][data-legal="1"]')  # the board marks where it may go
        page.click(f'#board [data-cell="{cell}"]')
        student.wait_turn(turn + 1)
        projector.wait_for_function("turn => window.xhPaints.some(p => p.turn >= turn)", arg=turn + 1)
        played.append(str(action))
        assert [a[2] for a in class_server.session.store.actions(code)] == played
        assert projector.inner_text(f"{box} .last") == f"Last move: {action.describe()}" == page.inner_text("#last")
        assert projector.inner_text(f"{box} .status") == page.inner_text("#status")
        assert projector.evaluate(BOARD_CELLS, f"{box} .board") == page.evaluate(BOARD_CELLS, "#board")
    assert len(page.evaluate(BOARD_CELLS, "#board")) > 3  # the map grew around the three tiles
    assert page.inner_text("#who") == f"Seat 1 at table {code}"
    (ROOT / "test-output").mkdir(exist_ok=True)
    page.screenshot(path=str(ROOT / "test-output" / "class-hextremadura-student.png"))
    projector.screenshot(path=str(ROOT / "test-output" / "class-hextremadura-projector.png"))


def test_the_teacher_frees_a_seat_and_closes_a_table_from_the_french_teacher_page(chromium_browser, class_server):
    code = post(class_server.url + "api/teacher/tables", {"game": "xochintlan", "seats": 2, "seed": 4})["code"]
    student = Student(chromium_browser, class_server.url)
    student.join(code, 0, "Ana")
    projector = chromium_browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    projector.set_default_timeout(20_000)
    projector.goto(class_server.url + "projector")
    projector.wait_for_selector(f'.table[data-code="{code}"]')
    teacher = chromium_browser.new_context(viewport=VIEWPORT).new_page()
    teacher.set_default_timeout(20_000)
    teacher.goto(f"{class_server.url}teacher?lang=fr#token={TEACHER}")
    row = f'#tables tr[data-code="{code}"]'
    teacher.click(f'{row} button[data-action="free-0"]', timeout=20_000)
    student.page.wait_for_selector("#join-code:not(.hidden)")  # back at the join form, told why
    assert student.page.inner_text("#message") == "the teacher freed your seat: join the table again"
    assert student.page.evaluate(f"() => localStorage.getItem('xh-seat-{code}')") is None
    teacher.wait_for_function(f"() => !document.querySelector('{row} button[data-action=\"free-0\"]')")
    assert teacher.inner_text(f'{row} button[data-action="close"]') == "Fermer la table"
    teacher.click(f'{row} button[data-action="close"]')
    teacher.wait_for_function(f"() => document.querySelector('{row} td:nth-child(5)').textContent === 'Fermée'")
    projector.wait_for_selector(f'.table[data-code="{code}"]', state="detached")
    assert class_server.session.tables[code].closed and class_server.session.tables[code].seats[0].name == ""


#: what a page shows of the position: the cells holding a tile, whose turn, the last move
POSITION = """() => ({tiles: [...document.querySelectorAll('#board [data-cell]')]
    .filter(g => g.querySelector('polygon').getAttribute('fill') !== 'white').map(g => g.dataset.cell).sort(),
  status: document.getElementById('status').textContent, last: document.getElementById('last').textContent})"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _serve(path: Path, port: int) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, "-m", "xochintlan_hex.cli", "class", "serve", "--session", str(path), "--port", str(port)],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if line.startswith("Teacher token:"):
            process.token = line.split(":", 1)[1].strip()
            return process
    process.kill()
    raise AssertionError("the class server did not start within 30 s")


def test_the_server_killed_mid_game_comes_back_and_the_game_goes_on(chromium_browser, tmp_path):
    path, port = tmp_path / "class.sqlite", _free_port()
    url = f"http://127.0.0.1:{port}/"
    process = _serve(path, port)
    try:
        code = post(url + "api/teacher/tables", {"game": "xochintlan", "seats": 2, "seed": 6}, process.token)["code"]
        ana, ben = Student(chromium_browser, url), Student(chromium_browser, url)
        ana.join(code, 0, "Ana")
        ben.join(code, 1, "Ben")
        for turn, (student, action) in enumerate([(ana, Place("L", (1, 0))), (ben, Place("B", (0, 1)))]):
            student.click_action(action)
            ana.wait_turn(turn + 1)
            ben.wait_turn(turn + 1)
        position_before = ben.page.evaluate(POSITION)
        paints = [student.page.evaluate("window.xhPaints.length") for student in (ana, ben)]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    process = _serve(path, port)
    try:
        assert get(url + "api/tables")["tables"][0]["history"] == ["L(1,0)", "B(0,1)"]
        for student, count in zip((ana, ben), paints):  # each page reconnects by itself and is painted again
            student.page.wait_for_function("n => window.xhPaints.length > n", arg=count, timeout=20_000)
        assert ben.page.evaluate(POSITION) == position_before and len(position_before["tiles"]) == 3
        ana.click_action(Place("L", (2, 0)))
        ben.wait_turn(3)
        assert get(url + "api/tables")["tables"][0]["history"] == ["L(1,0)", "B(0,1)", "L(2,0)"]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
