"""A scripted class: the session behind ``class_session_*`` in this folder, played through the class server.

A class server runs in this process on 127.0.0.1 (a fresh session file in a
temporary folder). The "teacher" opens 40 two-seat Xochintlan tables, a computer
player (``greedy``) at one seat, a student at the other (seat 1 on tables 0-19,
seat 2 on tables 20-39), and 6 solo Hextremadura tables. The "students" are
scripts at the websocket level, as a browser is: each joins its seat, and when
its screen says it is its turn it reads the public moves (``/api/tables``) and
sends a uniformly random legal move, drawn from ``random.Random`` seeded by the
table's seed and the turn. So the class is a class of beginners who click any
legal cell, and the file shows what ``report`` says of "our class against the
computer". Everything is seeded: the same command writes the same files.

    python datasets/scripted_class.py            # about a minute on one core

writes ``class_session_xochintlan.csv`` (the study format, read by
``xochintlan-hex report``), ``class_session_xochintlan.hextremadura.csv`` and
``class_session_xochintlan.records.jsonl`` with ``xochintlan-hex class export``.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path

from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import websocket_connect

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from xochintlan_hex.classroom import ClassServer  # noqa: E402
from xochintlan_hex.classroom.session import new_game  # noqa: E402
from xochintlan_hex.cli import main  # noqa: E402

XOCHINTLAN_TABLES, HEXTREMADURA_TABLES = 40, 6
OUT = HERE / "class_session_xochintlan.csv"


async def request(server: ClassServer, path: str, body: dict | None = None) -> dict:
    reply = await AsyncHTTPClient().fetch(
        server.url + path,
        method="GET" if body is None else "POST",
        body=None if body is None else json.dumps(body),
        headers={"X-Teacher-Token": server.teacher_token},
        request_timeout=30,
    )
    return json.loads(reply.body)


async def student(server: ClassServer, code: str, seat: int) -> None:
    """One scripted student: sits down, and plays a random legal move whenever it is its turn, until the end."""
    token = (await request(server, "api/join", {"code": code, "seat": seat, "name": f"student {seat + 1}"}))["token"]
    socket = await websocket_connect(server.url.replace("http", "ws") + "ws/seat", max_message_size=2**22)
    await socket.write_message(json.dumps({"type": "hello", "code": code, "token": token}))
    table = server.session.tables[code].row  # the seed: the script's dice (never sent to a page)
    while True:
        text = await asyncio.wait_for(socket.read_message(), 60)
        if text is None:
            raise RuntimeError(
                f"table {code}: the server closed the connection ({socket.close_code} {socket.close_reason})"
            )
        message = json.loads(text)
        if message["type"] != "state" or message["over"]:
            if message.get("over"):
                break
            continue
        if message["your_turn"]:
            public = {t["code"]: t for t in (await request(server, "api/tables"))["tables"]}[code]
            game = new_game(table)
            for notation in public["history"]:
                game.play(notation)
            action = game.random_action(random.Random(f"{table.seed}:{public['turn']}"))
            await socket.write_message(json.dumps({"type": "play", "action": str(action), "turn": public["turn"]}))
    socket.close()


async def scripted_class(server: ClassServer) -> None:
    players = []
    for index in range(XOCHINTLAN_TABLES):
        student_seat = 0 if index < XOCHINTLAN_TABLES // 2 else 1
        code = (
            await request(
                server,
                "api/teacher/tables",
                {
                    "game": "xochintlan",
                    "seats": 2,
                    "seed": 1000 + index,
                    "computers": {str(1 - student_seat): "greedy"},
                },
            )
        )["code"]
        players.append(student(server, code, student_seat))
    for index in range(HEXTREMADURA_TABLES):
        code = (await request(server, "api/teacher/tables", {"game": "hextremadura", "seed": 2000 + index}))["code"]
        players.append(student(server, code, 0))
    await asyncio.gather(*players)


def run() -> None:
    with tempfile.TemporaryDirectory() as folder:
        session = str(Path(folder) / "class.sqlite")
        server = ClassServer(session, port=0, computer_pause=0.0).start()
        try:
            asyncio.run(scripted_class(server))
        finally:
            server.stop()
        assert main(["class", "export", session, "--out", str(OUT)]) == 0


if __name__ == "__main__":
    run()
