"""A class session: tables, seats and the engine as referee, with no network in sight.

The server (:mod:`.server`) only turns messages into calls of
:class:`ClassSession` and sends back what it returns. Everything a student may
try goes through here and is checked: the seat token, whose turn it is, the
turn the move was meant for (a replayed message is stale), the engine's rules.
A refusal is a :class:`Refusal` whose text is translated for the student who
asked; the game is then exactly as it was.

Each table has its own lock: two actions arriving together are judged one after
the other, so one is applied and the other is refused (it is no longer that
seat's turn, or the turn it names has passed). An accepted action is written to
the session's SQLite file, and committed, before the call returns; only then
does the server paint any screen.

>>> session = ClassSession(":memory:")
>>> table = session.open_table("xochintlan", seats=2, seed=1, computers={1: "greedy"})
>>> token = session.join(table.code, 0, "Ana")
>>> session.seat_of(table.code, token)
0
>>> session.play(table.code, 0, "L(1,0)", turn=0).notation
'L(1,0)'
>>> session.play(table.code, 0, "B(0,1)", turn=1)
Traceback (most recent call last):
...
xochintlan_hex.classroom.session.Refusal: it is not your turn: seat 2 (greedy) plays now
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import re
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from xochintlan_hex.balance.simulate import study_rules
from xochintlan_hex.game import checked_seed, fresh_seed
from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.i18n import N_, translations, use_language
from xochintlan_hex.players import PLAYERS, get_player, player_name
from xochintlan_hex.viz.style import PLAYER_NAMES, word
from xochintlan_hex.xochintlan import Rules, Xochintlan

from .store import SessionStore, TableRow, token_digest

GAMES = ("xochintlan", "hextremadura")
#: seats at a Xochintlan table (Hextremadura is solo: one seat)
MIN_SEATS, MAX_SEATS = 2, 5
#: the longest display name, in characters
MAX_NAME = 24
#: letters of a table code: no 0/O or 1/I/L to misread from the projector
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4
#: characters refused in a display name: markup, quotes and control characters
_BAD_NAME = re.compile(r"[<>&\"'`\x00-\x1f\x7f]")

# gettext's catalog is chosen by a module global (xochintlan_hex.i18n); the engine's own
# refusal texts use it. A lock keeps one student's language from leaking into another's
# text when two threads translate at once (the server's loop and a computer player's thread).
_LANGUAGE_LOCK = threading.RLock()


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Translate into ``language`` inside the block, for this caller only (holds the language lock)."""
    with _LANGUAGE_LOCK, use_language(language):
        yield


class Refusal(ValueError):
    """A request refused: the message (English, as written in the code) and its values.

    ``text(language)`` gives it in the student's language; ``str`` in English.
    """

    def __init__(self, message: str, **values: Any) -> None:
        self.message, self.values = message, values
        super().__init__(message.format(**values))

    def text(self, language: str) -> str:
        with use_language(language):  # values that are words (a computer's name) follow the message's language
            return translations(language).gettext(self.message).format(**self.values)


@dataclass(frozen=True)
class ComputerName:
    """A computer player's name in a message, written in the language the message is put
    into ("glouton" in French), as the apps and the class screens name it."""

    player: str

    def __format__(self, spec: str) -> str:
        return format(word(PLAYER_NAMES, self.player), spec)

    def __str__(self) -> str:
        return format(self)


def refused_by_engine(reason: str) -> Refusal:
    """A refusal carrying the engine's reason, already in the student's language."""
    return Refusal("{reason}", reason=reason)


@dataclass
class Seat:
    """One seat: empty, a student (with the digest of their token) or a computer player."""

    name: str = ""
    computer: str | None = None
    token_digest: str | None = None

    @property
    def taken(self) -> bool:
        return bool(self.name)


@dataclass(frozen=True)
class Applied:
    """An action the engine accepted and the file holds: its number in the game, seat and notation."""

    code: str
    number: int
    seat: int
    notation: str


@dataclass
class Table:
    """A table: its stored description, the engine's game and the seats."""

    row: TableRow
    game: Xochintlan | Hextremadura
    seats: list[Seat]
    lock: threading.Lock = field(default_factory=threading.Lock)
    window: Any = None  # the cells the board shows, kept from move to move (see the views)
    movers: list[int] = field(default_factory=list)  # the seat that played each action
    closed: bool = False  # closed by the teacher: kept as it stands, no more joins or moves

    @property
    def code(self) -> str:
        return self.row.code

    @property
    def turn(self) -> int:
        """How many actions have been played: a move names the turn it is meant for."""
        return len(self.game.history)

    @property
    def playing(self) -> bool:
        """The game goes on: neither over nor closed by the teacher."""
        return not (self.game.is_over or self.closed)

    def computer_to_play(self) -> int | None:
        """The seat of the computer player to move, if any."""
        if not self.playing:
            return None
        seat = self.seats[self.game.current_player]
        return self.game.current_player if seat.computer else None

    def seat_label(self, seat: int) -> str:
        """Who sits at ``seat``, as the others read it: a display name or a computer player's name."""
        return self.seats[seat].name or "?"


def _seat_name(table: Table, seat: int) -> ComputerName | str:
    """Who sits at ``seat`` in a message: a computer player by its name in the message's language."""
    computer = table.seats[seat].computer
    return ComputerName(computer) if computer else table.seat_label(seat)


def new_game(row: TableRow) -> Any:
    """The engine's game for a stored table, before any action."""
    if row.game == "hextremadura":
        return Hextremadura(seed=row.seed)
    return Xochintlan(row.seats, seed=row.seed, rules=Rules(**row.rules))


def table_rules(rules: dict[str, Any] | None) -> dict[str, Any]:
    """The rule fields of a Xochintlan table, checked by ``Rules`` and capped as a study is (200 turns)."""
    fields = {f.name for f in dataclasses.fields(Rules)}
    rules = dict(rules or {})
    unknown = sorted(set(rules) - fields)
    if unknown:
        raise Refusal(
            "unknown rule {names}; the rules are {allowed}", names=", ".join(unknown), allowed=", ".join(sorted(fields))
        )
    try:
        checked = study_rules(Rules(**rules))
    except (TypeError, ValueError) as error:
        raise Refusal("rules: {error}", error=str(error)) from None
    return dataclasses.asdict(checked)


def check_name(name: object) -> str:
    """A display name: 1 to MAX_NAME characters, no markup, quotes or control characters."""
    if not isinstance(name, str) or not name.strip():
        raise Refusal("write a display name (1 to {limit} characters)", limit=MAX_NAME)
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise Refusal("a display name has at most {limit} characters, not {count}", limit=MAX_NAME, count=len(name))
    if _BAD_NAME.search(name):
        raise Refusal("a display name may not hold < > & \" ' ` or control characters")
    return name


class ClassSession:
    """The tables of one class session, kept in the SQLite file ``path`` and reopened from it."""

    def __init__(self, path: str) -> None:
        self.store = SessionStore(path)
        self.tables: dict[str, Table] = {}
        self._tables_lock = threading.Lock()
        closed = self.store.closed_tables()
        for row in self.store.tables():
            self.tables[row.code] = self._reopen(row)
            self.tables[row.code].closed = row.code in closed

    def _reopen(self, row: TableRow) -> Table:
        """A stored table where it stood: its actions replayed through the engine."""
        table = Table(row, new_game(row), [Seat() for _ in range(row.seats)])
        for stored in self.store.seats(row.code):
            table.seats[stored.seat] = Seat(stored.name, stored.computer, stored.token_digest)
        for _number, seat, notation in self.store.actions(row.code):
            table.game.play(notation)  # accepted once by the same engine: it is legal again
            table.movers.append(seat)
        return table

    # ---------------------------------------------------------------- the teacher
    def open_table(
        self,
        game: str = "xochintlan",
        seats: int = 2,
        rules: dict[str, Any] | None = None,
        computers: dict[int, str] | None = None,
        seed: int | None = None,
    ) -> Table:
        """Open a table: ``game``, ``seats`` (2 to 5 for Xochintlan; 1 for Hextremadura), ``rules``
        (fields of :class:`~xochintlan_hex.xochintlan.Rules`), ``computers`` (seat -> registered player)."""
        if game not in GAMES:
            raise Refusal("game must be one of {games}, not {value}", games=", ".join(GAMES), value=repr(game))
        if game == "hextremadura":
            seats, fields = 1, {}
        else:
            if not isinstance(seats, int) or isinstance(seats, bool) or not MIN_SEATS <= seats <= MAX_SEATS:
                raise Refusal(
                    "a Xochintlan table has {low} to {high} seats, not {value}",
                    low=MIN_SEATS,
                    high=MAX_SEATS,
                    value=repr(seats),
                )
            fields = table_rules(rules)
        computers = dict(computers or {})
        for seat, player in computers.items():
            if not isinstance(seat, int) or not 0 <= seat < seats:
                raise Refusal(
                    "computer seat {seat} is not a seat of this table (1 to {count})", seat=repr(seat), count=seats
                )
            if not isinstance(player, str) or player not in PLAYERS[game]:
                raise Refusal(
                    "unknown {game} player {player}; known players: {names}",
                    game=game,
                    player=repr(player),
                    names=", ".join(PLAYERS[game]),
                )
        try:
            seed = fresh_seed() if seed is None else checked_seed(seed)
        except ValueError as error:
            raise Refusal("{error}", error=str(error)) from None
        with self._tables_lock:
            code = self._new_code()
            row = TableRow(code, game, seed, fields, seats)
            table = Table(row, new_game(row), [Seat() for _ in range(seats)])
            self.store.add_table(row)
            for seat, player in sorted(computers.items()):
                name = player_name(get_player(player, game=game))
                self.store.take_seat(code, seat, name, computer=name)
                table.seats[seat] = Seat(name, name)
            self.tables[code] = table
        return table

    def close_table(self, code: Any) -> Table:
        """Close a table: no more joins or moves; its game stays in the file (and is exported if finished)."""
        table = self.table(code)
        with table.lock:
            if table.closed:
                raise Refusal("table {code} is closed already", code=table.code)
            self.store.close_table(table.code)
            table.closed = True
        return table

    def free_seat(self, code: Any, seat: Any) -> Table:
        """Free a student's seat: their token holds it no more, and another student may sit there."""
        table = self.table(code)
        with table.lock:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
                raise Refusal(
                    "seat {seat} is not a seat of table {code} (1 to {count})",
                    seat=repr(seat),
                    code=table.code,
                    count=len(table.seats),
                )
            held = table.seats[seat]
            if not held.taken:
                raise Refusal("seat {seat} of table {code} is free already", seat=seat + 1, code=table.code)
            if held.computer:
                raise Refusal("seat {seat} holds a computer player: only a student's seat can be freed", seat=seat + 1)
            self.store.free_seat(table.code, seat)
            table.seats[seat] = Seat()
        return table

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    # ---------------------------------------------------------------- the students
    def table(self, code: Any) -> Table:
        """The table with this code (any case, spaces ignored); a Refusal naming the code otherwise."""
        if isinstance(code, str):
            found = self.tables.get(code.strip().upper())
            if found is not None:
                return found
        shown = code[:12] if isinstance(code, str) else repr(code)[:12]
        raise Refusal("no table has the code {code}: ask your teacher for the code on the projector", code=repr(shown))

    def join(self, code: Any, seat: Any, name: Any) -> str:
        """Sit a student at a free seat; their seat token (keep it to come back), or a Refusal."""
        table = self.table(code)
        name = check_name(name)
        with table.lock:
            if table.closed:
                raise Refusal("table {code} was closed by the teacher", code=table.code)
            free = [i for i, held in enumerate(table.seats) if not held.taken]
            if not free:
                raise Refusal("table {code} is full: every seat is taken", code=table.code)
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
                raise Refusal(
                    "seat {seat} is not a seat of table {code} (1 to {count})",
                    seat=repr(seat),
                    code=table.code,
                    count=len(table.seats),
                )
            if table.seats[seat].taken:
                raise Refusal(
                    "seat {seat} is taken by {name}; free seats: {free}",
                    seat=seat + 1,
                    name=table.seats[seat].name,
                    free=", ".join(str(i + 1) for i in free),
                )
            token = secrets.token_urlsafe(24)
            digest = token_digest(token)
            if not self.store.take_seat(table.code, seat, name, digest=digest):
                raise Refusal("seat {seat} was just taken; choose another", seat=seat + 1)
            table.seats[seat] = Seat(name, None, digest)
        return token

    def seat_of(self, code: Any, token: Any) -> int:
        """The seat a token holds at table ``code``; a Refusal for a token that holds none there."""
        table = self.table(code)
        if isinstance(token, str) and token:
            digest = token_digest(token)
            for seat, held in enumerate(table.seats):
                if held.token_digest is not None and secrets.compare_digest(held.token_digest, digest):
                    return seat
        raise Refusal("this seat token holds no seat at table {code}: join the table again", code=table.code)

    # ---------------------------------------------------------------- the referee
    def play(self, code: str, seat: int, notation: Any, turn: Any, language: str = "en") -> Applied:
        """Play ``notation`` for ``seat`` at turn ``turn``: checked, stored and committed, or refused."""
        table = self.table(code)
        if not isinstance(notation, str) or not 0 < len(notation) <= 64:
            raise Refusal("an action is a short text such as L(1,0), not {value}", value=repr(notation)[:40])
        if not isinstance(turn, int) or isinstance(turn, bool):
            raise Refusal(
                "an action names the turn it is meant for (a whole number), not {value}", value=repr(turn)[:20]
            )
        with table.lock:
            game = table.game
            if table.closed:
                raise Refusal("table {code} was closed by the teacher", code=table.code)
            if game.is_over:
                raise Refusal("the game is over")
            if turn != table.turn:
                raise Refusal(
                    "this move was meant for turn {asked}; the game is at turn {now}: look at the board again",
                    asked=turn + 1,
                    now=table.turn + 1,
                )
            if seat != game.current_player:
                raise Refusal(
                    "it is not your turn: seat {seat} ({name}) plays now",
                    seat=game.current_player + 1,
                    name=_seat_name(table, game.current_player),
                )
            with speaking(language):
                reason = game.why_illegal(notation)
            if reason is not None:
                raise refused_by_engine(reason)
            game.play(notation)
            played = str(game.history[-1])  # the record's notation (L B M H), whatever alphabet was sent
            try:
                self.store.add_action(table.code, table.turn - 1, seat, played)
            except Exception:
                game.undo()  # not on disk, so not played: the game stays as it was
                raise
            table.movers.append(seat)
            return Applied(table.code, table.turn - 1, seat, played)

    def computer_choice(self, code: str) -> tuple[int, int, Any] | None:
        """(seat, turn, action) a computer player chooses now, or None when no computer is to move.

        It thinks on a copy of the game (so it may run in another thread); the move is then
        played through :meth:`play`, checked like any other.
        """
        table = self.table(code)
        with table.lock:
            seat = table.computer_to_play()
            if seat is None:
                return None
            game, turn = table.game.clone(), table.turn
        player = get_player(table.seats[seat].computer, game=table.row.game)
        rng = random.Random(f"{table.row.seed}:{seat}:{turn}")  # the same game, the same computer moves
        return seat, turn, player.choose(game, rng)


#: The refusals' texts, marked for the catalog (they are translated where shown, by Refusal.text).
REFUSALS = (
    N_("unknown rule {names}; the rules are {allowed}"),
    N_("rules: {error}"),
    N_("write a display name (1 to {limit} characters)"),
    N_("a display name has at most {limit} characters, not {count}"),
    N_("a display name may not hold < > & \" ' ` or control characters"),
    N_("game must be one of {games}, not {value}"),
    N_("a Xochintlan table has {low} to {high} seats, not {value}"),
    N_("computer seat {seat} is not a seat of this table (1 to {count})"),
    N_("unknown {game} player {player}; known players: {names}"),
    N_("no table has the code {code}: ask your teacher for the code on the projector"),
    N_("table {code} is full: every seat is taken"),
    N_("seat {seat} is not a seat of table {code} (1 to {count})"),
    N_("seat {seat} is taken by {name}; free seats: {free}"),
    N_("seat {seat} was just taken; choose another"),
    N_("this seat token holds no seat at table {code}: join the table again"),
    N_("an action is a short text such as L(1,0), not {value}"),
    N_("an action names the turn it is meant for (a whole number), not {value}"),
    N_("the game is over"),
    N_("this move was meant for turn {asked}; the game is at turn {now}: look at the board again"),
    N_("it is not your turn: seat {seat} ({name}) plays now"),
    N_("table {code} is closed already"),
    N_("seat {seat} of table {code} is free already"),
    N_("seat {seat} holds a computer player: only a student's seat can be freed"),
    N_("table {code} was closed by the teacher"),
)
