"""After class: every finished game of a session as records and as a study results file.

A Xochintlan study row names each seat's player; a class's rows name a student's
seat ``student`` (display names stay in the session file, not in the results
that a class shares) and a computer's seat by its registered name, so ``report``
puts "our class against the computer" side by side (head to head, win rate by
player). Hextremadura games go to a second results file, ``<out>`` with
``.hextremadura`` before its suffix, in that study's format. The records (one
JSON record per game, as the engines write them) go to ``<out>`` with
``.records.jsonl`` in place of its suffix: each replays to the same game.

Game numbers follow the order the tables were opened in; ``seed`` is each
table's seed, so :func:`~xochintlan_hex.balance.simulate.replay_xochintlan` is not
meant for these rows (students' moves are not a player's), the records are.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from xochintlan_hex.balance.results import STUDENT
from xochintlan_hex.balance.simulate import hextremadura_frame, hextremadura_row, xochintlan_frame, xochintlan_row
from xochintlan_hex.balance.studies import write_results
from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.xochintlan import Xochintlan

from .session import ClassSession, Table


def seat_players(table: Table) -> list[str]:
    """Each seat's player as a study row names it: a computer's registered name or ``student``."""
    return [held.computer or STUDENT for held in table.seats]


def finished_tables(session: ClassSession) -> list[Table]:
    return [table for table in session.tables.values() if table.game.is_over]


def class_frames(session: ClassSession) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(Xochintlan rows, Hextremadura rows) of the session's finished games, in study format."""
    xochintlan, hextremadura = [], []
    for index, table in enumerate(finished_tables(session)):
        players = seat_players(table)
        if isinstance(table.game, Xochintlan):
            xochintlan.append(xochintlan_row(table.game, index, table.row.seed, players))
        elif isinstance(table.game, Hextremadura):
            hextremadura.append(hextremadura_row(table.game, index, table.row.seed, players[0]))
    return xochintlan_frame(xochintlan), hextremadura_frame(hextremadura)


def sibling(out: Path, tag: str) -> Path:
    """``results.csv`` -> ``results.<tag>.csv``."""
    return out.with_name(f"{out.stem}.{tag}{out.suffix}")


def export_session(session_path: str | Path, out: str | Path) -> list[Path]:
    """Write the session's finished games (results files and records); return the files written."""
    session = ClassSession(str(session_path))
    out = Path(out)
    xochintlan, hextremadura = class_frames(session)
    written = []
    if len(xochintlan) or not len(hextremadura):
        written.append(write_results(xochintlan, out))
    if len(hextremadura):
        written.append(write_results(hextremadura, sibling(out, "hextremadura")))
    records = out.with_suffix(".records.jsonl")
    records.write_text("".join(table.game.to_json() + "\n" for table in finished_tables(session)), encoding="utf-8")
    written.append(records)
    session.store.close()
    return written
