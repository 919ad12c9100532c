"""The class server as students and a teacher use it, over HTTP and websockets on 127.0.0.1.

Each test starts its own server on a free port of the loopback address, with its
own session file, and stops it; every wait is bounded (READ_TIMEOUT). Attacks are
tried as a browser could send them: the raw messages a seat receives are read,
not only what a page would show.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPClientError
from tornado.websocket import WebSocketClientConnection
from tornado.websocket import websocket_connect as tornado_websocket_connect

from xochintlan_hex.classroom import ClassServer, ClassSession, Refusal
from xochintlan_hex.classroom.server import BURST
from xochintlan_hex.cli import main
from xochintlan_hex.studies import read_results

ROOT = Path(__file__).resolve().parents[1]
TEACHER = "teacher-token-for-tests"
READ_TIMEOUT = 10.0


@pytest.fixture
def server(tmp_path):
    running = ClassServer(str(tmp_path / "class.sqlite"), port=0, computer_pause=0.0, teacher_token=TEACHER).start()
    yield running
    running.stop()


def run_async(coroutine):
    """Run ``coroutine`` to its end in a thread of its own (the browser tests' Playwright keeps an event loop
    running in the main thread when the whole suite runs in one process), then hang up its websockets."""
    outcome = {}

    async def scenario_then_hang_up():
        try:
            return await coroutine
        finally:
            await hang_up()

    def run():
        try:
            outcome["value"] = asyncio.run(scenario_then_hang_up())
        except BaseException as error:  # handed to the test below, with its traceback
            outcome["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(120)
    assert not thread.is_alive(), "a scenario ran longer than 120 s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


#: the websockets the running scenario opened (scenarios run one at a time)
OPENED: list[WebSocketClientConnection] = []


async def websocket_connect(request) -> WebSocketClientConnection:
    """A client websocket that ``run_async`` closes when its scenario ends, as a closed tab does."""
    connection = await tornado_websocket_connect(request)
    OPENED.append(connection)
    return connection


async def hang_up() -> None:
    """Close the scenario's websockets and wait (at most a second) for the server's answer: a socket
    left to the garbage collector warns in whichever test runs next."""
    for connection in OPENED:
        connection.close()
    deadline = time.monotonic() + 1.0
    while any(not c.stream.closed() for c in OPENED if c.stream) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    for connection in OPENED:
        if connection.stream is not None:
            connection.stream.close()
    OPENED.clear()


async def http(server, path, body=None, headers=None, lang="en"):
    """(status, JSON reply) of a request to the server."""
    client = AsyncHTTPClient()
    url = f"{server.url}{path.lstrip('/')}" + (f"?lang={lang}" if "?" not in path else "")
    try:
        reply = await client.fetch(
            url,
            method="GET" if body is None else "POST",
            body=None if body is None else (body if isinstance(body, (str, bytes)) else json.dumps(body)),
            headers=headers,
            request_timeout=READ_TIMEOUT,
        )
    except HTTPClientError as error:
        return error.code, json.loads(error.response.body)
    return reply.code, json.loads(reply.body)


async def open_table(server, **body):
    status, reply = await http(server, "/api/teacher/tables", body, {"X-Teacher-Token": TEACHER})
    assert status == 200, reply
    return reply["code"]


async def join(server, code, seat, name, lang="en"):
    return await http(server, "/api/join", {"code": code, "seat": seat, "name": name}, lang=lang)


async def tables(server):
    return {t["code"]: t for t in (await http(server, "/api/tables"))[1]["tables"]}


class Seat:
    """A student's websocket, keeping every raw message it receives."""

    def __init__(self, server):
        self.server, self.raw, self.socket = server, [], None

    async def connect(self, code, token, lang="en"):
        self.socket = await websocket_connect(self.server.url.replace("http", "ws") + "ws/seat")
        await self.send({"type": "hello", "code": code, "token": token, "lang": lang})
        return await self.next()

    async def send(self, message):
        await self.socket.write_message(message if isinstance(message, str) else json.dumps(message))

    async def next(self, kind=None):
        """The next message (of type ``kind``), within READ_TIMEOUT."""
        while True:
            text = await asyncio.wait_for(self.socket.read_message(), READ_TIMEOUT)
            assert text is not None, "the server closed the connection"
            self.raw.append(text)
            message = json.loads(text)
            if kind is None or message["type"] == kind:
                return message

    async def state_at(self, turn):
        while True:
            message = await self.next("state")
            if message["turn"] >= turn:
                return message


async def seated(server, code, seat, name, lang="en"):
    status, reply = await join(server, code, seat, name, lang)
    assert status == 200, reply
    student = Seat(server)
    await student.connect(code, reply["token"], lang)
    return student, reply["token"]


def legal(server, code):
    """A legal action now, as its text (read from the game in this process, as a scripted student knows the rules)."""
    return str(server.session.tables[code].game.legal_actions()[0])


def card_mark(name):
    """How a card's mark appears in a raw message (JSON escapes its quotes)."""
    return json.dumps(f'data-card="{html.escape(name)}"')[1:-1]


def history(server, code):
    return [str(a) for a in server.session.tables[code].game.history]


# ---------------------------------------------------------------------- secrets


def test_a_seat_receives_its_own_card_and_never_another_seats(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=3, seed=11)
        students = [(await seated(server, code, seat, name))[0] for seat, name in enumerate(["Ana", "Ben", "Cy"])]
        for turn in range(6):
            player = turn % 3
            await students[player].send({"type": "play", "action": legal(server, code), "turn": turn})
            for student in students:
                await student.state_at(turn + 1)
        return code, students

    code, students = run_async(scenario())
    hands = [[card.name for card in hand] for hand in server.session.tables[code].game.cards]
    assert not server.session.tables[code].game.is_over
    for seat, student in enumerate(students):
        received = "".join(student.raw)
        assert card_mark(hands[seat][0]) in received  # the test can fail: the own card is found
        for other in range(3):
            if other != seat:
                assert card_mark(hands[other][0]) not in received
        assert '"all_cards"' not in received


def test_the_student_page_and_the_projector_hold_no_card(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=3)
        await seated(server, code, 0, "Ana")
        projector = await websocket_connect(server.url.replace("http", "ws") + "ws/projector")
        await projector.write_message(json.dumps({"type": "hello"}))
        text = await asyncio.wait_for(projector.read_message(), READ_TIMEOUT)
        page = await AsyncHTTPClient().fetch(server.url + "t/" + code)
        return text, page.body.decode()

    projected, page = run_async(scenario())
    assert '"board": "<svg' in projected
    assert "data-card" not in projected and "data-card" not in page


# ---------------------------------------------------------------------- referee


def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=5)
        ana, _ = await seated(server, code, 0, "Ana", lang="fr")
        await ana.send({"type": "play", "action": "L(5,5)", "turn": 0})
        return code, await ana.next("refused")

    code, refused = run_async(scenario())
    assert refused["reason"] == "la case (5, 5) ne touche aucune pièce"
    assert history(server, code) == []


def test_acting_out_of_turn_or_for_another_seat_is_refused(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=5)
        ana, _ = await seated(server, code, 0, "Ana")
        ben, _ = await seated(server, code, 1, "Ben")
        await ben.send({"type": "play", "action": legal(server, code), "turn": 0})
        out_of_turn = await ben.next("refused")
        await ben.send({"type": "play", "action": legal(server, code), "turn": 0, "seat": 0})  # a seat field is ignored
        for_another = await ben.next("refused")
        return code, out_of_turn, for_another

    code, out_of_turn, for_another = run_async(scenario())
    assert out_of_turn["reason"] == "it is not your turn: seat 1 (Ana) plays now"
    assert for_another["reason"] == out_of_turn["reason"]
    assert history(server, code) == []


def test_a_replayed_move_message_is_stale_and_refused(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=5, computers={"1": "random"})
        ana, _ = await seated(server, code, 0, "Ana")
        move = {"type": "play", "action": legal(server, code), "turn": 0}
        await ana.send(move)
        await ana.state_at(2)  # Ana's move, then the computer's
        await ana.send(move)  # the same message again: its turn has passed
        return code, await ana.next("refused")

    code, refused = run_async(scenario())
    assert refused["reason"] == "this move was meant for turn 1; the game is at turn 3: look at the board again"
    assert len(history(server, code)) == 2


def test_two_moves_at_once_for_one_turn_give_one_applied_and_one_refused(tmp_path):
    session = ClassSession(str(tmp_path / "race.sqlite"))
    table = session.open_table("xochintlan", seats=2, seed=9)
    moves = [str(a) for a in table.game.legal_actions()[:2]]
    start, outcomes = threading.Barrier(2), []

    def click(action):
        start.wait()
        try:
            outcomes.append(session.play(table.code, 0, action, 0))
        except Refusal as refusal:
            outcomes.append(refusal)

    threads = [threading.Thread(target=click, args=(move,)) for move in moves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(READ_TIMEOUT)
    applied = [o for o in outcomes if not isinstance(o, Refusal)]
    refused = [o for o in outcomes if isinstance(o, Refusal)]
    assert len(applied) == 1 and len(refused) == 1
    assert "meant for turn 1" in str(refused[0])
    assert [str(a) for a in table.game.history] == [applied[0].notation]
    assert session.store.actions(table.code) == [(0, 0, applied[0].notation)]


def test_two_devices_on_one_seat_clicking_together_apply_one_move(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=9)
        phone, token = await seated(server, code, 0, "Ana")
        laptop = Seat(server)
        await laptop.connect(code, token)
        moves = [str(a) for a in server.session.tables[code].game.legal_actions()[:2]]
        await asyncio.gather(
            phone.send({"type": "play", "action": moves[0], "turn": 0}),
            laptop.send({"type": "play", "action": moves[1], "turn": 0}),
        )
        seen = {"phone": [], "laptop": []}

        async def until_turn_1(name, device):
            while not any(m.get("turn") == 1 for m in seen[name]):
                seen[name].append(await device.next())

        await asyncio.gather(until_turn_1("phone", phone), until_turn_1("laptop", laptop))
        if not any(m["type"] == "refused" for m in seen["phone"] + seen["laptop"]):  # the second click's answer
            reads = {
                asyncio.ensure_future(device.next("refused")): name
                for name, device in (("phone", phone), ("laptop", laptop))
            }
            done, pending = await asyncio.wait(reads, timeout=READ_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            for task in done:
                seen[reads[task]].append(task.result())
        return code, seen

    code, seen = run_async(scenario())
    refusals = [m for m in seen["phone"] + seen["laptop"] if m["type"] == "refused"]
    assert len(history(server, code)) == 1
    assert len(refusals) == 1 and refusals[0]["reason"].startswith("this move was meant for turn 1")
    assert server.session.store.actions(code) == [(0, 0, history(server, code)[0])]


# ---------------------------------------------------------------------- bad input and attacks


def test_forged_and_other_table_tokens_hold_no_seat(server):
    async def scenario():
        first = await open_table(server, game="xochintlan", seats=2, seed=1)
        second = await open_table(server, game="xochintlan", seats=2, seed=2)
        _, token = await seated(server, first, 0, "Ana")
        forged, other_table = Seat(server), Seat(server)
        return (first, second, await forged.connect(first, "x" * 32), await other_table.connect(second, token))

    first, second, forged, other_table = run_async(scenario())
    assert forged == {
        "type": "unknown-seat",
        "reason": f"this seat token holds no seat at table {first}: join the table again",
    }
    assert other_table["type"] == "unknown-seat" and second in other_table["reason"]
    assert history(server, first) == history(server, second) == []


@pytest.mark.parametrize(
    "message",
    [
        "not json",
        "[1, 2]",
        '{"no": "type"}',
        '{"type": "execute_request", "code": "import os"}',
        '{"type": "play", "action": {"code": "x"}, "turn": 0}',
        '{"type": "play", "action": "L(1,0)", "turn": "0"}',
        '{"type": "play", "action": "' + "L" * 100 + '", "turn": 0}',
        '{"type": "play", "turn": 0}',
        '{"type": "play", "action": "__import__(\'os\').system(\'touch pwned\')", "turn": 0}',
        '{"type": "select", "tile": "T1", "face": "front", "rotation": 9}',
        '{"type": "hello", "lang": "xx"}',
    ],
)
def test_malformed_messages_are_refused_and_the_server_plays_on(server, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=4)
        ana, _ = await seated(server, code, 0, "Ana")
        await ana.send(message)
        answer = await ana.next()
        await ana.send({"type": "play", "action": legal(server, code), "turn": 0})
        return code, answer, await ana.state_at(1)

    code, answer, after = run_async(scenario())
    assert answer["type"] == "refused" and answer["reason"]
    assert after["turn"] == 1 and len(history(server, code)) == 1  # the server is up and plays on
    assert not (tmp_path / "pwned").exists()


def test_a_message_larger_than_4_kb_closes_that_connection_only(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=4)
        ana, token = await seated(server, code, 0, "Ana")
        await ana.send({"type": "play", "action": "L" * 5000, "turn": 0})
        closed = await asyncio.wait_for(ana.socket.read_message(), READ_TIMEOUT)
        again = Seat(server)
        back = await again.connect(code, token)
        return code, closed, back

    code, closed, back = run_async(scenario())
    assert closed is None and back["turn"] == 0 and history(server, code) == []


def test_a_flood_of_clicks_is_refused_and_applies_at_most_one_move(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=4)
        ana, _ = await seated(server, code, 0, "Ana")
        move = legal(server, code)
        for _ in range(3 * BURST):
            await ana.send({"type": "play", "action": move, "turn": 0})
        messages = [await ana.next() for _ in range(3 * BURST)]  # each click answered: the new state or a refusal
        return code, messages

    code, messages = run_async(scenario())
    refusals = [m["reason"] for m in messages if m["type"] == "refused"]
    assert len(history(server, code)) == 1
    assert "too many messages at once: wait a moment and click again" in refusals
    assert run_async(tables(server))[code]["turn"] == 1  # still serving


def test_joining_a_full_table_or_a_taken_seat_is_refused(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=4, computers={"1": "greedy"})
        first = await join(server, code, 0, "Ana")
        taken = await join(server, code, 1, "Ben")
        full = await join(server, code, 0, "Cy")
        return code, first, taken, full

    code, first, taken, full = run_async(scenario())
    assert first[0] == 200
    assert taken == full == (400, {"error": f"table {code} is full: every seat is taken"})
    assert [s["name"] for s in run_async(tables(server))[code]["seats"]] == ["Ana", "greedy"]


@pytest.mark.parametrize(
    "name,reason",
    [
        ("<img src=x>", "a display name may not hold < > & \" ' ` or control characters"),
        ("x" * 10_000, "a display name has at most 24 characters, not 10000"),
        ("   ", "write a display name (1 to 24 characters)"),
        (["Ana"], "write a display name (1 to 24 characters)"),
    ],
)
def test_names_with_markup_or_too_long_are_refused(server, name, reason):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=4)
        return code, await join(server, code, 0, name)

    code, (status, reply) = run_async(scenario())
    assert (status, reply) == (400, {"error": reason})
    assert not run_async(tables(server))[code]["seats"][0]["taken"]


def test_a_taken_seat_and_a_seat_outside_the_table_are_refused(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=3, seed=4)
        await join(server, code, 0, "Ana")
        return (
            code,
            await join(server, code, 0, "Ben"),
            await join(server, code, 7, "Ben"),
            await join(server, "ZZZZZ", 0, "Ben"),
        )

    code, taken, outside, no_table = run_async(scenario())
    assert taken == (400, {"error": "seat 1 is taken by Ana; free seats: 2, 3"})
    assert outside == (400, {"error": f"seat 7 is not a seat of table {code} (1 to 3)"})
    assert no_table[1]["error"].startswith("no table has the code 'ZZZZZ'")


def test_the_teacher_api_needs_the_teacher_token(server):
    status, reply = run_async(http(server, "/api/teacher/tables", {"game": "xochintlan"}, {"X-Teacher-Token": "guess"}))
    assert status == 403 and "teacher token" in reply["error"]
    assert server.session.tables == {}


@pytest.mark.parametrize(
    "body,reason",
    [
        ({"game": "chess"}, "game must be one of xochintlan, hextremadura, not 'chess'"),
        ({"game": "xochintlan", "seats": 6}, "a Xochintlan table has 2 to 5 seats, not 6"),
        (
            {"game": "xochintlan", "seats": 2, "computers": {"1": "deep-blue"}},
            "unknown xochintlan player 'deep-blue'; known players: random, greedy, search, ismcts, ismcts-250",
        ),
        (
            {"game": "xochintlan", "rules": {"gravity": 1}},
            "unknown rule gravity; the rules are allow_redraw, "
            "cards_per_player, cut_off_switch, endgame, keep_connected, lattice, lock, match, max_turns, open_cards, "
            "quiet_rounds, "
            "tiles_per_kind, win_check",
        ),
    ],
)
def test_a_table_the_rules_do_not_allow_is_refused_by_name(server, body, reason):
    status, reply = run_async(http(server, "/api/teacher/tables", body, {"X-Teacher-Token": TEACHER}))
    assert (status, reply) == (400, {"error": reason})


# ---------------------------------------------------------------------- seats kept, languages


def test_a_student_who_closes_the_tab_gets_their_seat_back_with_their_token(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=6, computers={"1": "greedy"})
        ana, token = await seated(server, code, 0, "Ana")
        await ana.send({"type": "play", "action": legal(server, code), "turn": 0})
        await ana.state_at(2)
        ana.socket.close()
        again = Seat(server)
        return await again.connect(code, token)

    back = run_async(scenario())
    assert (back["seat"], back["turn"], back["your_turn"]) == (0, 2, True)


def test_each_student_reads_their_own_language_at_the_same_table(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=6)
        ana, _ = await seated(server, code, 0, "Ana", lang="fr")
        ben, _ = await seated(server, code, 1, "Ben", lang="en")
        await ana.send({"type": "play", "action": "L(1,0)", "turn": 0})
        return (await ana.state_at(1))["last"], (await ben.state_at(1))["last"]

    french, english = run_async(scenario())
    assert french == "Dernier coup\u00a0: Ana\u00a0: poser un Lézard en (1, 0)"
    assert english == "Last move: Ana: place a Lizard on (1, 0)"


def test_computer_players_fill_seats_and_a_table_of_computers_plays_to_the_end(server):
    async def scenario():
        code = await open_table(
            server, game="xochintlan", seats=3, seed=2, computers={"0": "greedy", "1": "random", "2": "greedy"}
        )
        deadline = time.monotonic() + 60
        while not (await tables(server))[code]["over"]:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        return code

    code = run_async(scenario())
    game = server.session.tables[code].game
    assert game.is_over and [m[2] for m in server.session.store.actions(code)] == history(server, code)


def test_a_solo_hextremadura_table_plays_a_chosen_tile(server):
    async def scenario():
        code = await open_table(server, game="hextremadura", seed=3)
        ana, _ = await seated(server, code, 0, "Ana")
        game = server.session.tables[code].game
        action = game.legal_actions()[0]
        await ana.send({"type": "select", "tile": action.tile_id, "face": action.face, "rotation": action.rotation})
        chosen = await ana.next("state")
        await ana.send({"type": "play", "action": str(action), "turn": 0})
        return code, chosen, await ana.state_at(1), str(action)

    code, chosen, after, action = run_async(scenario())
    assert 'data-legal="1"' in chosen["board"] and chosen["selected"]
    assert history(server, code) == [action] and after["turn"] == 1


def test_a_solo_hextremadura_last_move_is_told_in_words_in_the_students_language(server):
    async def scenario():
        code = await open_table(server, game="hextremadura", seed=3)
        ana, _ = await seated(server, code, 0, "Ana", lang="fr")
        action = server.session.tables[code].game.legal_actions()[0]
        await ana.send({"type": "play", "action": str(action), "turn": 0})
        return (await ana.state_at(1))["last"], action

    last, action = run_async(scenario())
    q, r = action.cell
    assert last == f"Dernier coup\u00a0: tuile {action.tile_id} en ({q}, {r}), côté recto, rotation {action.rotation}"


def test_the_projector_and_the_seat_show_the_end_of_a_solo_hextremadura_game(server):
    async def scenario():
        code = await open_table(server, game="hextremadura", seed=3, computers={"0": "greedy"})
        projector = await websocket_connect(server.url.replace("http", "ws") + "ws/projector")
        await projector.write_message(json.dumps({"type": "hello"}))
        deadline = time.monotonic() + 60
        while True:
            table = json.loads(await asyncio.wait_for(projector.read_message(), READ_TIMEOUT))["table"]
            if table["code"] == code and table["over"]:
                return code, table
            assert time.monotonic() < deadline

    code, table = run_async(scenario())
    game = server.session.tables[code].game
    assert table["status"] == f"Game over: score {game.score()} of {game.max_score}"


# ---------------------------------------------------------------------- nothing lost


def test_an_action_is_committed_before_any_screen_shows_it(server, monkeypatch):
    from xochintlan_hex.classroom import server as server_module

    events = []
    store = server.session.store
    add_action = store.add_action
    monkeypatch.setattr(store, "add_action", lambda *a: (add_action(*a), events.append("committed")))
    send_state = server_module.SeatSocket.send_state
    monkeypatch.setattr(
        server_module.SeatSocket,
        "send_state",
        lambda self, table: (events.append(f"painted {table.turn}"), send_state(self, table)),
    )

    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=6)
        ana, _ = await seated(server, code, 0, "Ana")
        ben, _ = await seated(server, code, 1, "Ben")
        events.clear()
        await ana.send({"type": "play", "action": "L(1,0)", "turn": 0})
        # Both screens are told, in either order: wait for both before reading the events.
        await ben.state_at(1)
        await ana.state_at(1)

    run_async(scenario())
    assert events[0] == "committed" and events[1:] == ["painted 1", "painted 1"]


def test_a_move_that_cannot_be_stored_is_not_played(tmp_path):
    session = ClassSession(str(tmp_path / "full-disk.sqlite"))
    table = session.open_table("xochintlan", seats=2, seed=9)

    def disk_full(*args):
        raise OSError("disk full")

    session.store.add_action = disk_full
    with pytest.raises(OSError):
        session.play(table.code, 0, "L(1,0)", 0)
    assert table.game.history == [] and table.turn == 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(path: Path, port: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "xochintlan_hex.cli",
            "class",
            "serve",
            "--session",
            str(path),
            "--port",
            str(port),
            "--computer-pause",
            "0",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if line.startswith("Teacher token:"):
            process.teacher_token = line.split(":", 1)[1].strip()
            return process
    _kill(process)
    raise AssertionError("the class server did not start in 30 s")


def _kill(process: subprocess.Popen) -> None:
    """SIGKILL, as a power cut would; then close our end of its output pipe."""
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    process.stdout.close()


class Remote:
    """A running server process as the helpers above expect it."""

    def __init__(self, port):
        self.url = f"http://127.0.0.1:{port}/"


def test_a_server_killed_with_sigkill_reopens_every_table_where_it_stood(tmp_path):
    path, port = tmp_path / "class.sqlite", _free_port()
    process = _start(path, port)
    remote = Remote(port)
    try:

        async def before():
            status, reply = await http(
                remote,
                "/api/teacher/tables",
                {"game": "xochintlan", "seats": 2, "seed": 8},
                {"X-Teacher-Token": process.teacher_token},
            )
            code = reply["code"]
            ana, token = await seated(remote, code, 0, "Ana")
            ben, ben_token = await seated(remote, code, 1, "Ben")
            for turn, (student, move) in enumerate([(ana, "L(1,0)"), (ben, "B(0,1)"), (ana, "L(2,0)")]):
                await student.send({"type": "play", "action": move, "turn": turn})
                await ben.state_at(turn + 1)
            return code, ben_token, await tables(remote)

        code, ben_token, stood = run_async(before())
    finally:
        _kill(process)
    process = _start(path, port)
    try:

        async def after():
            again = await tables(remote)
            ben = Seat(remote)
            back = await ben.connect(code, ben_token)
            await ben.send({"type": "play", "action": "B(0,2)", "turn": 3})
            return again, back, await ben.state_at(4)

        again, back, played = run_async(after())
    finally:
        _kill(process)
    assert again[code]["history"] == stood[code]["history"] == ["L(1,0)", "B(0,1)", "L(2,0)"]
    assert (back["seat"], back["turn"], back["your_turn"]) == (1, 3, True)
    assert played["turn"] == 4


# ---------------------------------------------------------------------- export


def test_class_export_writes_a_results_file_that_report_reads(server, tmp_path, capsys):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=2, computers={"0": "greedy", "1": "random"})
        solo = await open_table(server, game="hextremadura", seed=5, computers={"0": "greedy"})
        unfinished = await open_table(server, game="xochintlan", seats=2, seed=3)
        deadline = time.monotonic() + 60
        while True:
            now = await tables(server)
            if now[code]["over"] and now[solo]["over"]:
                break
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        return code, solo, unfinished

    code, solo, unfinished = run_async(scenario())
    out = tmp_path / "results.csv"
    assert main(["class", "export", server.path, "--out", str(out)]) == 0
    frame = read_results(out)
    game = server.session.tables[code].game
    assert len(frame) == 1
    assert (frame.loc[0, "player_0"], frame.loc[0, "player_1"], frame.loc[0, "turns"]) == (
        "greedy",
        "random",
        game.turn,
    )
    assert len(read_results(tmp_path / "results.hextremadura.csv")) == 1
    records = (tmp_path / "results.records.jsonl").read_text().splitlines()
    assert len(records) == 2 and json.loads(records[0])["game"] == "xochintlan"
    capsys.readouterr()
    assert main(["report", str(out)]) == 0
    assert "1 game" in capsys.readouterr().out


@pytest.mark.parametrize("content", [None, b"not a database"])
def test_class_export_of_a_missing_or_foreign_file_is_one_line_and_exit_2(tmp_path, capsys, content):
    path = tmp_path / "session.sqlite"
    if content is not None:
        path.write_bytes(content)
    assert main(["class", "export", str(path), "--out", str(tmp_path / "r.csv")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and str(path) in error and "Traceback" not in error
    assert not path.exists() or path.read_bytes() == content


# ---------------------------------------------------------------------- starting a class


def test_serve_refuses_a_port_in_use_or_a_bad_pause_in_one_line(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["class", "serve", "--session", str(tmp_path / "s.sqlite"), "--port", str(port)]) == 2
    in_use = capsys.readouterr().err
    assert main(["class", "serve", "--session", str(tmp_path / "s.sqlite"), "--computer-pause", "-1"]) == 2
    pause = capsys.readouterr().err
    for error in (in_use, pause):
        assert error.count("\n") == 1 and error.startswith("xochintlan-hex: error: ") and "Traceback" not in error
    assert "--computer-pause: seconds from 0 to 60, not -1.0" in pause


def test_a_notebook_cell_starts_a_class_and_shows_its_address_and_qr_code(tmp_path, capsys):
    from xochintlan_hex.classroom import serve_class

    server = serve_class(str(tmp_path / "s.sqlite"), port=0)
    try:
        printed = capsys.readouterr().out
        shown = server._repr_html_()
        status, reply = run_async(http(server, "/api/tables"))
    finally:
        server.stop()
    assert server.url.startswith("http://127.0.0.1:") and f"Students join at: {server.url}" in printed
    assert f"Teacher token: {server.teacher_token}" in printed and "█" in printed  # the QR code, in the terminal
    assert "<svg" in shown and server.url in shown
    assert (status, reply) == (200, {"tables": []})


def test_a_stopped_class_closes_every_connection_and_frees_its_port(tmp_path):
    """A teacher who stops a class in a notebook cell and starts it again gets the same address back."""
    server = ClassServer(str(tmp_path / "s.sqlite"), port=0, computer_pause=0.0, teacher_token=TEACHER).start()
    port, stopped = server.port, False
    try:

        async def scenario():
            code = await open_table(server, game="xochintlan", seats=2, seed=1)
            ana, _ = await seated(server, code, 0, "Ana")
            projector = await websocket_connect(server.url.replace("http", "ws") + "ws/projector")
            await asyncio.to_thread(server.stop)
            seat_after = await asyncio.wait_for(ana.socket.read_message(), READ_TIMEOUT)
            while (projector_after := await asyncio.wait_for(projector.read_message(), READ_TIMEOUT)) is not None:
                pass  # the table's pictures sent before the stop
            return seat_after, projector_after, ana.socket.close_code

        seat_after, projector_after, close_code = run_async(scenario())
        stopped = True
        again = ClassServer(str(tmp_path / "s.sqlite"), port=port, computer_pause=0.0).start()
        again.stop()
    finally:
        if not stopped:
            server.stop()
    assert seat_after is None and projector_after is None  # both connections were closed by the server
    assert close_code == 1001  # "going away": the pages say the connection was lost and try again
    assert again.port == port


def test_a_page_of_another_site_cannot_open_a_seat_websocket(server):
    from tornado.httpclient import HTTPRequest

    async def scenario():
        request = HTTPRequest(
            server.url.replace("http", "ws") + "ws/seat", headers={"Origin": "http://elsewhere.example"}
        )
        try:
            await websocket_connect(request)
        except HTTPClientError as error:
            return error.code
        return None

    assert run_async(scenario()) == 403


# ---------------------------------------------------------------------- the teacher closes a table, frees a seat

TEACHER_HEADERS = {"X-Teacher-Token": TEACHER}


async def next_of_type(connection, kind):
    """The next message of type ``kind`` on a raw websocket, within READ_TIMEOUT."""
    while True:
        message = json.loads(await asyncio.wait_for(connection.read_message(), READ_TIMEOUT))
        if message["type"] == kind:
            return message


async def close(server, code, lang="en", headers=TEACHER_HEADERS):
    return await http(server, f"/api/teacher/tables/{code}/close", {}, headers, lang=lang)


async def free(server, code, seat, lang="en", headers=TEACHER_HEADERS):
    return await http(server, f"/api/teacher/tables/{code}/seats/{seat}/free", {}, headers, lang=lang)


def test_a_closed_table_refuses_moves_and_joins_and_leaves_the_projector(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=3, seed=4)
        other = await open_table(server, game="xochintlan", seats=2, seed=5)
        ana, _ = await seated(server, code, 0, "Ana", lang="fr")
        projector = await websocket_connect(server.url.replace("http", "ws") + "ws/projector")
        await projector.write_message(json.dumps({"type": "hello"}))
        for _ in range(2):  # the two tables
            await asyncio.wait_for(projector.read_message(), READ_TIMEOUT)
        await ana.send({"type": "play", "action": legal(server, code), "turn": 0})
        await ana.state_at(1)
        closed = await close(server, code)
        seen_by_ana = await ana.next("state")
        dropped = await next_of_type(projector, "closed")
        await ana.send({"type": "play", "action": legal(server, code), "turn": 1})
        refused = await ana.next("refused")
        late = await join(server, code, 1, "Ben", lang="fr")
        again = await close(server, code)
        later = await websocket_connect(server.url.replace("http", "ws") + "ws/projector")
        await later.write_message(json.dumps({"type": "hello"}))
        shown = json.loads(await asyncio.wait_for(later.read_message(), READ_TIMEOUT))
        listed = await tables(server)
        return code, other, closed, seen_by_ana, dropped, refused, late, again, shown, listed

    code, other, closed, seen_by_ana, dropped, refused, late, again, shown, listed = run_async(scenario())
    assert closed == (200, {"code": code, "closed": True})
    assert (seen_by_ana["your_turn"], seen_by_ana["status"]) == (False, "Table fermée par l'enseignant")
    assert dropped == {"type": "closed", "code": code}
    assert refused["reason"] == f"la table {code} a été fermée par l'enseignant"
    assert late == (400, {"error": f"la table {code} a été fermée par l'enseignant"})
    assert again == (400, {"error": f"table {code} is closed already"})
    assert shown["table"]["code"] == other  # a projector opened later shows only the open table
    assert listed[code]["closed"] and not listed[other]["closed"]
    assert (
        history(server, code) == [m[2] for m in server.session.store.actions(code)] and len(history(server, code)) == 1
    )
    assert server.session.tables[code].seats[1].name == ""


def test_a_closed_table_stays_closed_after_a_restart_and_its_finished_game_is_exported(tmp_path):
    path = tmp_path / "class.sqlite"
    session = ClassSession(str(path))
    finished = session.open_table("xochintlan", seats=2, seed=2, computers={0: "greedy", 1: "random"})
    unfinished = session.open_table("xochintlan", seats=2, seed=3)
    while (choice := session.computer_choice(finished.code)) is not None:
        seat, turn, action = choice
        session.play(finished.code, seat, str(action), turn)
    moves = history_of(finished)
    session.close_table(finished.code)
    session.close_table(unfinished.code)
    session.store.close()

    reopened = ClassSession(str(path))
    assert reopened.tables[finished.code].closed and reopened.tables[unfinished.code].closed
    assert history_of(reopened.tables[finished.code]) == moves
    with pytest.raises(Refusal, match="closed by the teacher"):
        reopened.join(unfinished.code, 0, "Ana")
    reopened.store.close()
    out = tmp_path / "results.csv"
    assert main(["class", "export", str(path), "--out", str(out)]) == 0
    frame = read_results(out)
    assert len(frame) == 1 and frame.loc[0, "turns"] == len(moves)


def history_of(table):
    return [str(a) for a in table.game.history]


def test_a_freed_seat_loses_its_token_and_another_student_may_sit_there(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=6, computers={"1": "greedy"})
        ana, token = await seated(server, code, 0, "Ana", lang="fr")
        await ana.send({"type": "play", "action": legal(server, code), "turn": 0})
        await ana.state_at(2)
        freed = await free(server, code, 0)
        told = await ana.next("unknown-seat")
        await ana.send({"type": "play", "action": legal(server, code), "turn": 2})
        refused = await ana.next("refused")
        back = await Seat(server).connect(code, token)
        ben, _ = await seated(server, code, 0, "Ben")
        return code, freed, told, refused, back, ben

    code, freed, told, refused, back, ben = run_async(scenario())
    assert freed == (200, {"code": code, "seat": 0})
    assert told["reason"] == "l'enseignant a libéré votre place\u00a0: rejoignez de nouveau la table"
    assert refused["reason"] == "dites d'abord bonjour avec le code de votre table et votre jeton de place"
    assert back == {
        "type": "unknown-seat",
        "reason": f"this seat token holds no seat at table {code}: join the table again",
    }
    assert server.session.tables[code].seats[0].name == "Ben" and len(history(server, code)) == 2
    assert [row.name for row in server.session.store.seats(code)] == ["Ben", server.session.tables[code].seats[1].name]


@pytest.mark.parametrize(
    "seat,lang,reason",
    [
        (1, "en", "seat 2 holds a computer player: only a student's seat can be freed"),
        (2, "en", "seat 3 of table {code} is free already"),
        (7, "fr", "la place 7 n'est pas une place de la table {code} (1 à 3)"),
        (1, "fr", "la place 2 est celle d'un joueur ordinateur\u00a0: seule la place d'un élève peut être libérée"),
    ],
)
def test_freeing_a_computer_seat_a_free_seat_or_no_seat_is_refused(server, seat, lang, reason):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=3, seed=6, computers={"1": "greedy"})
        await seated(server, code, 0, "Ana")
        return code, await free(server, code, seat, lang=lang)

    code, (status, reply) = run_async(scenario())
    assert (status, reply) == (400, {"error": reason.format(code=code)})
    assert [held.name for held in server.session.tables[code].seats][0] == "Ana"


def test_closing_a_table_or_freeing_a_seat_needs_the_teacher_token(server):
    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=6)
        await seated(server, code, 0, "Ana")
        guess = {"X-Teacher-Token": "guess"}
        return code, await close(server, code, headers=guess), await free(server, code, 0, headers=guess)

    code, closed, freed = run_async(scenario())
    assert closed[0] == freed[0] == 403 and "teacher token" in closed[1]["error"]
    table = server.session.tables[code]
    assert not table.closed and table.seats[0].name == "Ana"


def test_the_teacher_page_offers_to_close_a_table_and_free_a_seat_in_both_languages(server):
    async def scenario():
        pages = {}
        for lang in ("en", "fr"):
            page = await AsyncHTTPClient().fetch(f"{server.url}teacher?lang={lang}")
            pages[lang] = page.body.decode()
        return pages

    pages = run_async(scenario())
    for lang, words in [
        ("en", ["Close the table", "Free seat {number}", "Closed"]),
        ("fr", ["Fermer la table", "Libérer la place {number}", "Fermée"]),
    ]:
        texts = json.loads(pages[lang].split('<script type="application/json" id="texts">')[1].split("</script>")[0])
        assert [texts["close"], texts["free_seat"], texts["closed"]] == words


def test_a_computer_move_chosen_as_the_table_closes_is_dropped_quietly(server, caplog):
    session = server.session
    choose, play = session.computer_choice, session.play
    tried = []

    def choose_then_the_teacher_closes(code):
        choice = choose(code)
        session.close_table(code)
        return choice

    def play_and_note(*args, **kwargs):
        tried.append(args)
        return play(*args, **kwargs)

    session.computer_choice, session.play = choose_then_the_teacher_closes, play_and_note

    async def scenario():
        code = await open_table(server, game="xochintlan", seats=2, seed=2, computers={"0": "greedy", "1": "greedy"})
        deadline = time.monotonic() + READ_TIMEOUT
        while not tried:
            assert time.monotonic() < deadline, "the computer never tried its move"
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)  # time for anything the server would log after the refusal
        return code

    code = run_async(scenario())
    assert session.tables[code].closed and history(server, code) == []
    assert not [record for record in caplog.records if record.levelname == "ERROR"]
