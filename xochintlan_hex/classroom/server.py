"""The class server: a small Tornado application on the teacher's machine.

No kernel, no code execution: a student's websocket carries JSON messages of
three kinds (``hello`` with the seat token, ``play`` with an action's text and
the turn it is for, ``select`` for a Hextremadura tile), each read by
:class:`SeatSocket` and turned into a call of :class:`~.session.ClassSession`.
Everything else is refused with a message in the student's language.

Order of events for an action: the table's lock is taken, the engine judges
it, it is written to SQLite and committed, the lock is released; only then are
the screens of that table (and the projectors) painted.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import secrets
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, TextIO

import segno
import tornado.httpserver
import tornado.ioloop
import tornado.web
import tornado.websocket

from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.i18n import LANGUAGES, N_, check_language, language_from_environment, translations

from . import pages
from .session import Applied, ClassSession, Refusal, Table
from .views import projector_view, seat_view

LOG = logging.getLogger(__name__)

#: the largest websocket message read (an action is a few dozen bytes)
MAX_MESSAGE_BYTES = 4096
#: the largest HTTP body read (a join or a new table)
MAX_BODY_BYTES = 16384
#: messages a connection may send in a burst, and per second after it (a flood of clicks is refused)
BURST, PER_SECOND = 12, 6.0
#: refused messages after which a flooding connection is closed
MAX_REFUSED_IN_A_ROW = 200
#: default port of the class server
PORT = 8765


class RateLimit:
    """A token bucket: ``burst`` messages at once, then ``per_second``."""

    def __init__(self, burst: int = BURST, per_second: float = PER_SECOND) -> None:
        self.burst, self.per_second = burst, per_second
        self.tokens, self.last = float(burst), time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def request_language(handler: tornado.web.RequestHandler) -> str:
    """The language a request asks for: ``?lang=``, else the browser's Accept-Language, else English."""
    asked = handler.get_argument("lang", "")
    if asked in LANGUAGES:
        return asked
    for part in handler.request.headers.get("Accept-Language", "").split(","):
        code = part.split(";")[0].strip().split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def gettext_in(language: str, message: str) -> str:
    return translations(language).gettext(message)


@dataclass
class Room:
    """The live connections: students' sockets by table, and the projectors."""

    seats: dict[str, set[SeatSocket]] = field(default_factory=dict)
    projectors: set[ProjectorSocket] = field(default_factory=set)


class ClassApp(tornado.web.Application):
    """The Tornado application of one class session."""

    def __init__(self, session: ClassSession, teacher_token: str, join_url: str, computer_pause: float = 0.6) -> None:
        self.session, self.teacher_token, self.join_url = session, teacher_token, join_url
        self.computer_pause = computer_pause
        self.room = Room()
        routes = [
            (r"/", StudentPage),
            (r"/t/[A-Za-z0-9]{1,8}", StudentPage),
            (r"/teacher", TeacherPage),
            (r"/projector", ProjectorPage),
            (r"/static/(class\.css|student\.js|teacher\.js|projector\.js)", StaticText),
            (r"/api/table/([A-Za-z0-9]{1,8})", TableInfo),
            (r"/api/join", Join),
            (r"/api/teacher/tables", TeacherTables),
            (r"/api/tables", PublicTables),
            (r"/api/teacher/tables/([A-Za-z0-9]{1,8})/close", CloseTable),
            (r"/api/teacher/tables/([A-Za-z0-9]{1,8})/seats/([0-9]{1,2})/free", FreeSeat),
            (r"/ws/seat", SeatSocket),
            (r"/ws/projector", ProjectorSocket),
        ]
        super().__init__(routes, websocket_max_message_size=MAX_MESSAGE_BYTES, xsrf_cookies=False)

    # -------------------------------------------------------------- painting screens
    def paint_table(self, code: str) -> None:
        """Send the table's new state to its seats and to every projector."""
        table = self.session.tables[code]
        for connection in list(self.room.seats.get(code, ())):
            try:
                connection.send_state(table)
            except Exception:  # a bug in one screen's view must not keep the others from their new turn
                LOG.exception("class server: could not paint seat %s of table %s", connection.seat, code)
        by_language: dict[str, str] = {}
        for projector in list(self.room.projectors) if not table.closed else []:
            if projector.language not in by_language:
                by_language[projector.language] = json.dumps(
                    {"type": "table", "table": projector_view(table, projector.language)}
                )
            projector.send(by_language[projector.language])
        self.schedule_computer(table)

    def table_closed(self, code: str) -> None:
        """A closed table: its seats see it closed (no more moves); the projectors drop it."""
        table = self.session.tables[code]
        for connection in list(self.room.seats.get(code, ())):
            connection.send_state(table)
        for projector in list(self.room.projectors):
            projector.send(json.dumps({"type": "closed", "code": code}))

    def seat_freed(self, code: str, seat: int) -> None:
        """A freed seat: the screens that held it are told so and leave the table; the others see it free."""
        for connection in list(self.room.seats.get(code, ())):
            if connection.seat == seat:
                connection.leave_table(Refusal("the teacher freed your seat: join the table again"))
        self.paint_table(code)

    def applied(self, done: Applied) -> None:
        self.paint_table(done.code)

    def schedule_computer(self, table: Table) -> None:
        if table.computer_to_play() is not None:
            tornado.ioloop.IOLoop.current().call_later(self.computer_pause, self.computer_turn, table.code)

    async def computer_turn(self, code: str) -> None:
        """A computer player thinks in a worker thread (the server keeps serving), then plays like anyone."""
        choice = await asyncio.get_running_loop().run_in_executor(None, self.session.computer_choice, code)
        if choice is None:
            return
        seat, turn, action = choice
        try:
            done = self.session.play(code, seat, str(action), turn)
        except Refusal as refusal:
            if self.session.tables[code].closed:  # the teacher closed the table while it thought: nothing to do
                return
            # a computer seat is nobody else's, so this is a player's bug: say so
            LOG.error(
                "class server: table %s, seat %s: the computer's move %s was refused: %s",
                code,
                seat + 1,
                action,
                refusal,
            )
            return
        self.applied(done)


class BasePage(tornado.web.RequestHandler):
    def set_default_headers(self) -> None:
        self.set_header("Content-Security-Policy", pages.CSP)
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")

    @property
    def app(self) -> ClassApp:
        return self.application  # type: ignore[return-value]

    def refuse(self, refusal: Refusal, status: int = 400) -> None:
        self.set_status(status)
        self.finish({"error": refusal.text(request_language(self))})

    def json_body(self) -> dict[str, Any]:
        if len(self.request.body) > MAX_BODY_BYTES:
            raise Refusal(
                "the request is too large ({size} bytes; at most {limit})",
                size=len(self.request.body),
                limit=MAX_BODY_BYTES,
            )
        try:
            body = json.loads(self.request.body or b"{}")
        except ValueError:
            raise Refusal("the request is not JSON") from None
        if not isinstance(body, dict):
            raise Refusal("the request is not a JSON object")
        return body


class StudentPage(BasePage):
    def get(self) -> None:
        self.finish(pages.student_page(request_language(self)))


class TeacherPage(BasePage):
    def get(self) -> None:
        self.finish(pages.teacher_page(request_language(self)))  # the page asks nothing without the token


class ProjectorPage(BasePage):
    def get(self) -> None:
        qr = segno.make(self.app.join_url, error="m").svg_inline(scale=4)
        self.finish(pages.projector_page(request_language(self), self.app.join_url, qr))


class StaticText(BasePage):
    def get(self, name: str) -> None:
        stem, suffix = name.rsplit(".", 1)
        self.set_header("Content-Type", "text/css" if suffix == "css" else "text/javascript")
        self.finish(pages.CSS if suffix == "css" else pages.SCRIPTS[stem])


def public_seats(table: Table) -> list[dict[str, Any]]:
    return [
        {"seat": i, "taken": held.taken, "name": held.name, "computer": bool(held.computer)}
        for i, held in enumerate(table.seats)
    ]


class TableInfo(BasePage):
    """A table's public description, for the join form: game and seats (free or whose)."""

    def get(self, code: str) -> None:
        try:
            table = self.app.session.table(code)
        except Refusal as refusal:
            return self.refuse(refusal, 404)
        self.finish({"code": table.code, "game": table.row.game, "seats": public_seats(table)})


class Join(BasePage):
    def post(self) -> None:
        try:
            body = self.json_body()
            token = self.app.session.join(body.get("code"), body.get("seat"), body.get("name"))
            table = self.app.session.table(body.get("code"))
        except Refusal as refusal:
            return self.refuse(refusal)
        self.finish({"token": token, "seat": body["seat"], "code": table.code})
        self.app.paint_table(table.code)  # the others see who sat down


def public_tables(session: ClassSession) -> dict[str, Any]:
    """Every table's public record: seats, turn, the actions played (all public), whether it is over."""
    return {
        "tables": [
            {
                "code": t.code,
                "game": t.row.game,
                "seats": public_seats(t),
                "turn": t.turn,
                "over": t.game.is_over,
                "closed": t.closed,
                "history": [str(a) for a in t.game.history],
            }
            for t in list(session.tables.values())
        ]
    }


class PublicTables(BasePage):
    def get(self) -> None:
        self.finish(public_tables(self.app.session))


class TeacherOnly(BasePage):
    """A request of the teacher's page: refused without the teacher token."""

    def prepare(self) -> None:
        given = self.request.headers.get("X-Teacher-Token", "")
        if not secrets.compare_digest(given.encode(), self.app.teacher_token.encode()):
            self.refuse(Refusal("this page needs the teacher token printed when the class server started"), 403)


class TeacherTables(TeacherOnly):
    """The teacher's tables: list them, open one."""

    def get(self) -> None:
        self.finish(public_tables(self.app.session))

    def post(self) -> None:
        try:
            body = self.json_body()
            computers = body.get("computers") or {}
            if not isinstance(computers, dict):
                raise Refusal("computers: a mapping of seat to player")
            seats = {
                int(seat) if isinstance(seat, str) and seat.isdigit() else seat: player
                for seat, player in computers.items()
            }
            table = self.app.session.open_table(
                body.get("game", "xochintlan"), body.get("seats", 2), body.get("rules"), seats, body.get("seed")
            )
        except Refusal as refusal:
            return self.refuse(refusal)
        self.finish({"code": table.code})
        self.app.paint_table(table.code)


class CloseTable(TeacherOnly):
    """Close a table: its game stays in the session file as it stands."""

    def post(self, code: str) -> None:
        try:
            table = self.app.session.close_table(code)
        except Refusal as refusal:
            return self.refuse(refusal)
        self.finish({"code": table.code, "closed": True})
        self.app.table_closed(table.code)


class FreeSeat(TeacherOnly):
    """Free a student's seat (numbered from 0 in the address, as in the API): its token stops working."""

    def post(self, code: str, seat: str) -> None:
        try:
            table = self.app.session.free_seat(code, int(seat))
        except Refusal as refusal:
            return self.refuse(refusal)
        self.finish({"code": table.code, "seat": int(seat)})
        self.app.seat_freed(table.code, int(seat))


class JsonSocket(tornado.websocket.WebSocketHandler):
    """A websocket that reads JSON objects, rate-limited, and answers refusals in its language."""

    language = "en"

    @property
    def app(self) -> ClassApp:
        return self.application  # type: ignore[return-value]

    def open(self, *args: str, **kwargs: str) -> None:
        self.limit = RateLimit()
        self.refused_in_a_row = 0
        self.language = request_language(self)

    def send(self, text: str) -> None:
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            pass

    def refuse(self, refusal: Refusal, kind: str = "refused") -> None:
        self.refused_in_a_row += 1
        if self.refused_in_a_row > MAX_REFUSED_IN_A_ROW:
            self.close(1008, "too many refused messages")
            return
        self.send(json.dumps({"type": kind, "reason": refusal.text(self.language)}))

    def on_message(self, message: str | bytes) -> None:
        if not self.limit.allow():
            return self.refuse(Refusal("too many messages at once: wait a moment and click again"))
        try:
            data = json.loads(message)
        except ValueError:
            return self.refuse(Refusal("malformed message: not JSON"))
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return self.refuse(Refusal("malformed message: a JSON object with a type is expected"))
        if "lang" in data:
            try:
                self.language = check_language(data["lang"])
            except ValueError:
                return self.refuse(
                    Refusal(
                        "unknown language {value}; the languages are {codes}",
                        value=repr(data["lang"])[:12],
                        codes=", ".join(LANGUAGES),
                    )
                )
        try:
            self.handle(data)
            self.refused_in_a_row = 0
        except Refusal as refusal:
            self.refuse(refusal)

    def handle(self, data: dict[str, Any]) -> None:
        raise NotImplementedError


class SeatSocket(JsonSocket):
    """A student's seat: ``hello`` (table code and seat token) first, then ``play`` and ``select``."""

    code: str | None = None
    seat: int | None = None
    selected: tuple[str, str, int] | None = None

    def handle(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "hello":
            return self.hello(data)
        if self.code is None or self.seat is None:
            raise Refusal("say hello with your table code and seat token first")
        if kind == "play":
            done = self.app.session.play(self.code, self.seat, data.get("action"), data.get("turn"), self.language)
            self.app.applied(done)
        elif kind == "select":
            self.select(data)
        else:
            raise Refusal("unknown message type {value}; a seat sends hello, play or select", value=repr(kind)[:20])

    def hello(self, data: dict[str, Any]) -> None:
        session = self.app.session
        try:
            table = session.table(data.get("code"))
            seat = session.seat_of(table.code, data.get("token"))
        except Refusal as refusal:
            return self.refuse(refusal, "unknown-seat")
        if self.code is not None:
            self.app.room.seats.get(self.code, set()).discard(self)
        self.code, self.seat = table.code, seat
        self.app.room.seats.setdefault(table.code, set()).add(self)
        self.send_state(table)

    def leave_table(self, refusal: Refusal) -> None:
        """This screen holds no seat any more: say why (the page then offers to join again)."""
        if self.code is not None:
            self.app.room.seats.get(self.code, set()).discard(self)
        self.code = self.seat = None
        self.send(json.dumps({"type": "unknown-seat", "reason": refusal.text(self.language)}))

    def select(self, data: dict[str, Any]) -> None:
        assert self.code is not None
        table = self.app.session.tables[self.code]
        tile, face, rotation = data.get("tile"), data.get("face"), data.get("rotation")
        game = table.game
        if (
            not isinstance(game, Hextremadura)
            or not isinstance(tile, str)
            or tile not in game.available()
            or face not in game.faces(tile)
            or rotation not in range(6)
            or isinstance(rotation, bool)
        ):
            raise Refusal("choose one of the tiles shown, a face it may show and a rotation 0 to 5")
        self.selected = (str(tile), str(face), int(rotation))  # type: ignore[arg-type]  # checked above
        self.send_state(table)

    def send_state(self, table: Table) -> None:
        assert self.seat is not None
        game = table.game
        selected = self.selected
        if selected is not None and (
            not isinstance(game, Hextremadura)
            or selected[0] not in game.available()
            or selected[1] not in game.faces(selected[0])
        ):
            selected = self.selected = None
        view = seat_view(table, self.seat, self.language, selected)
        view["selected"] = list(selected) if selected else None
        self.send(json.dumps(view))

    def on_close(self) -> None:
        if self.code is not None:
            self.app.room.seats.get(self.code, set()).discard(self)


class ProjectorSocket(JsonSocket):
    """The projector: every table's public view now, then each table again whenever it changes."""

    def handle(self, data: dict[str, Any]) -> None:
        if data["type"] != "hello":
            raise Refusal("the projector only says hello")
        self.app.room.projectors.add(self)
        for table in [t for t in self.app.session.tables.values() if not t.closed]:
            self.send(json.dumps({"type": "table", "table": projector_view(table, self.language)}))

    def on_close(self) -> None:
        self.app.room.projectors.discard(self)


def room_address() -> str:
    """This machine's address on the room's network (the one its default route uses); loopback if none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # UDP: no packet is sent, the system only picks a route
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` (0: a free port), closed again if the port is taken."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restarted class takes its port back
        listener.bind((host, port))
        listener.setblocking(False)
        listener.listen(128)
    except BaseException:
        listener.close()
        raise
    return listener


#: how long a stopping server waits for its students' pages to answer its goodbye before it hangs up
GOODBYE_SECONDS = 1.0


async def _close(app: ClassApp, server: tornado.httpserver.HTTPServer) -> None:
    """Stop listening and close every connection: websockets with "going away" (1001), which the pages
    read as the class having stopped, then any socket still open once its goodbye had time to arrive."""
    server.stop()
    sockets: list[JsonSocket] = [*app.room.projectors, *(s for seats in app.room.seats.values() for s in seats)]
    for connection in sockets:
        connection.close(1001, "the class stopped")
    deadline = asyncio.get_running_loop().time() + GOODBYE_SECONDS
    while any(c.ws_connection is not None for c in sockets) and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.01)
    for connection in sockets:
        protocol = connection.ws_connection
        if protocol is not None and protocol.stream is not None:
            protocol.stream.close()
    with contextlib.suppress(TimeoutError):  # a plain HTTP request still running: the loop's end drops it
        await asyncio.wait_for(server.close_all_connections(), GOODBYE_SECONDS)


class ClassServer:
    """A class session served on ``host:port``: ``run()`` in the foreground (the command line) or
    ``start()`` in a background thread (a notebook cell; ``stop()`` ends it).

    ``path``: the session's SQLite file (tables found there are reopened where they stood).
    ``host``: ``127.0.0.1`` (this machine only, the default) or ``0.0.0.0`` (the room's network).
    ``port``: 0 picks a free one. ``computer_pause``: seconds a computer player waits before moving.
    """

    def __init__(
        self,
        path: str,
        host: str = "127.0.0.1",
        port: int = PORT,
        computer_pause: float = 0.6,
        teacher_token: str | None = None,
    ) -> None:
        self.path = path
        self.sockets = [listening_socket(host, port)]
        try:
            self.session = ClassSession(path)
        except BaseException:
            self.sockets[0].close()
            raise
        self.port = self.sockets[0].getsockname()[1]
        shown = room_address() if host == "0.0.0.0" else host
        self.url = f"http://{shown}:{self.port}/"
        self.teacher_token = teacher_token or secrets.token_urlsafe(16)
        self.teacher_url = f"{self.url}teacher#token={self.teacher_token}"
        self.projector_url = f"{self.url}projector"
        self.computer_pause = computer_pause
        self._loop: tornado.ioloop.IOLoop | None = None
        self._thread: threading.Thread | None = None

    def _serve(self) -> tuple[ClassApp, tornado.httpserver.HTTPServer]:
        app = ClassApp(self.session, self.teacher_token, self.url, self.computer_pause)
        server = tornado.httpserver.HTTPServer(app, max_body_size=MAX_BODY_BYTES)
        server.add_sockets(self.sockets)
        for table in self.session.tables.values():  # a computer to move when the server stopped moves now
            app.schedule_computer(table)
        return app, server

    def run(self) -> None:
        """Serve until interrupted (Ctrl-C)."""
        asyncio.run(self._main())

    async def _main(self, ready: threading.Event | None = None) -> None:
        self._loop = tornado.ioloop.IOLoop.current()
        self._stopped = asyncio.Event()
        app, server = self._serve()
        if ready is not None:
            ready.set()
        try:
            await self._stopped.wait()
        finally:  # Ctrl-C too: a stopped class leaves no open port or connection behind
            await _close(app, server)

    def start(self) -> ClassServer:
        """Serve from a background thread (for a notebook) and return at once."""
        ready = threading.Event()
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(ready),), name="class-server", daemon=True)
        self._thread.start()
        ready.wait(10)
        return self

    def stop(self) -> None:
        """Stop serving: the port is free again and every student's connection is closed (the session file
        keeps everything)."""
        if self._loop is not None:
            self._loop.add_callback(self._stopped.set)
        if self._thread is not None:
            self._thread.join(5)

    def qr(self) -> Any:
        """The QR code of the join address (a ``segno`` code: ``.terminal()``, ``.svg_inline()``)."""
        return segno.make(self.url, error="m")

    def announce(self, out: TextIO | None = None, language: str | None = None) -> None:
        """Print the addresses, the teacher token and the QR code of the join address (terminal text)."""
        out = out or sys.stdout  # looked up now: a notebook's kernel replaces sys.stdout after import
        language = language or language_from_environment()

        def say(message: str) -> str:
            return gettext_in(language, message)

        print(say(N_("Class session: {path}")).format(path=self.path), file=out)
        print(say(N_("Students join at: {url}")).format(url=self.url), file=out)
        print(say(N_("Teacher page (keep this address to yourself): {url}")).format(url=self.teacher_url), file=out)
        print(say(N_("Teacher token: {token}")).format(token=self.teacher_token), file=out)
        print(say(N_("Projector view: {url}")).format(url=self.projector_url), file=out)
        self.qr().terminal(out=out, compact=True)
        out.flush()

    def _repr_html_(self) -> str:
        link = html.escape(self.url)
        return (
            f'<p>Students join at <a href="{link}" target="_blank">{link}</a> · '
            f'<a href="{html.escape(self.teacher_url)}" target="_blank">teacher page</a> · '
            f'<a href="{html.escape(self.projector_url)}" target="_blank">projector</a></p>'
            f"{self.qr().svg_inline(scale=4)}"
        )


def serve_class(
    path: str = "class-session.sqlite", host: str = "127.0.0.1", port: int = PORT, computer_pause: float = 0.6
) -> ClassServer:
    """Start a class server from a notebook cell; it runs until ``.stop()``. The cell shows the
    address, its QR code and the teacher page's link."""
    server = ClassServer(path, host, port, computer_pause).start()
    server.announce()
    return server


#: The refusals above, marked for the catalog (translated where shown, by Refusal.text).
REFUSALS = (
    N_("the request is too large ({size} bytes; at most {limit})"),
    N_("the request is not JSON"),
    N_("the request is not a JSON object"),
    N_("this page needs the teacher token printed when the class server started"),
    N_("computers: a mapping of seat to player"),
    N_("too many messages at once: wait a moment and click again"),
    N_("malformed message: not JSON"),
    N_("malformed message: a JSON object with a type is expected"),
    N_("unknown language {value}; the languages are {codes}"),
    N_("say hello with your table code and seat token first"),
    N_("unknown message type {value}; a seat sends hello, play or select"),
    N_("choose one of the tiles shown, a face it may show and a rotation 0 to 5"),
    N_("the projector only says hello"),
    N_("the teacher freed your seat: join the table again"),
)
