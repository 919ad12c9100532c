"""One class session in one SQLite file: tables, seats and every accepted action.

The server writes an action here, and commits it, before any screen is told of
it: a server killed at any moment (even ``kill -9``) reopens every table where
it stood by replaying the stored actions through the engine from the stored
seed and rules. The file uses SQLite's write-ahead log with ``synchronous=FULL``,
so a committed action survives a crash of the process and of the machine.

A table the teacher closes keeps its row and its actions (it is exported if its
game is finished); a seat the teacher frees loses its row, so its token's
digest is gone and the token holds no seat any more, after a restart too.

Seat tokens are never stored, only their SHA-256 digest: a copy of the file
does not let anyone sit at a seat.

>>> store = SessionStore(":memory:")
>>> store.add_table(TableRow("ABCD", "xochintlan", 5, {"lattice": "square"}, 2))
>>> store.add_action("ABCD", 0, 0, "L(1,0)")
>>> [row.code for row in store.tables()], store.actions("ABCD")
(['ABCD'], [(0, 0, 'L(1,0)')])
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    rules TEXT NOT NULL,
    seats INTEGER NOT NULL,
    opened REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    computer TEXT,
    token_digest TEXT,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES tables(code),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    notation TEXT NOT NULL,
    played REAL NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE IF NOT EXISTS closed (
    code TEXT PRIMARY KEY REFERENCES tables(code),
    closed REAL NOT NULL
);
"""


@dataclass(frozen=True)
class TableRow:
    """A table as stored: its code, game ("xochintlan" or "hextremadura"), seed, rule fields, seat count."""

    code: str
    game: str
    seed: int
    rules: dict[str, Any]
    seats: int


@dataclass(frozen=True)
class SeatRow:
    """A taken seat: a student's display name (with their token's digest) or a computer player's name."""

    seat: int
    name: str
    computer: str | None
    token_digest: str | None


def token_digest(token: str) -> str:
    """The SHA-256 digest of a seat token, the only form the file keeps."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class SessionStore:
    """The SQLite file of one class session (created when missing)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        # isolation_level=None: every statement commits at once unless a transaction is opened
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def add_table(self, table: TableRow) -> None:
        self._db.execute(
            "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
            (table.code, table.game, table.seed, json.dumps(table.rules, sort_keys=True), table.seats, time.time()),
        )

    def take_seat(
        self, code: str, seat: int, name: str, computer: str | None = None, digest: str | None = None
    ) -> bool:
        """Record a seat as taken; False (and nothing written) when someone holds it already."""
        try:
            self._db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", (code, seat, name, computer, digest))
        except sqlite3.IntegrityError:
            return False
        return True

    def free_seat(self, code: str, seat: int) -> bool:
        """Forget who held a seat (and their token's digest); False when nobody held it."""
        return self._db.execute("DELETE FROM seats WHERE code = ? AND seat = ?", (code, seat)).rowcount > 0

    def close_table(self, code: str) -> None:
        """Mark a table closed: no more joins or moves; its actions stay."""
        self._db.execute("INSERT OR IGNORE INTO closed VALUES (?, ?)", (code, time.time()))

    def closed_tables(self) -> set[str]:
        return {code for (code,) in self._db.execute("SELECT code FROM closed")}

    def add_action(self, code: str, number: int, seat: int, notation: str) -> None:
        """Write and commit action ``number`` of table ``code``: it is on disk when this returns."""
        self._db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?)", (code, number, seat, notation, time.time()))

    def tables(self) -> list[TableRow]:
        rows = self._db.execute("SELECT code, game, seed, rules, seats FROM tables ORDER BY opened, code")
        return [TableRow(code, game, seed, json.loads(rules), seats) for code, game, seed, rules, seats in rows]

    def seats(self, code: str) -> list[SeatRow]:
        rows = self._db.execute(
            "SELECT seat, name, computer, token_digest FROM seats WHERE code = ? ORDER BY seat", (code,)
        )
        return [SeatRow(*row) for row in rows]

    def actions(self, code: str) -> list[tuple[int, int, str]]:
        """``(number, seat, notation)`` of every stored action of table ``code``, in order."""
        rows = self._db.execute("SELECT number, seat, notation FROM actions WHERE code = ? ORDER BY number", (code,))
        return [(number, seat, notation) for number, seat, notation in rows]
