"""``xochintlan-hex class serve`` and ``xochintlan-hex class export``.

The server's modules (Tornado, segno) are imported when a command runs, so the
rest of the command line starts as fast as before.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

from xochintlan_hex.cli.errors import InputError, user_input
from xochintlan_hex.cli.options import Subcommands
from xochintlan_hex.i18n import _

#: the port a class server listens on unless told otherwise
DEFAULT_PORT = 8765


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is a whole number 0 to 65535 (0: any free port), not {value}").format(value=repr(text))
        )
    return int(text)


def add_class_commands(commands: Subcommands) -> None:
    """Add ``class serve`` and ``class export`` to the command line's sub-commands."""
    klass = commands.add_parser("class", help=_("a class plays from its own devices: serve a session, export it"))
    actions = klass.add_subparsers(dest="class_action", required=True, metavar="ACTION")
    serve = actions.add_parser(
        "serve",
        help=_("serve a class session (tables, seats, projector view)"),
        description=_(
            "Serve a class session from this machine: students join from a "
            "browser with a table code; the teacher opens tables on the "
            "teacher page; every move is kept in the session file."
        ),
    )
    serve.add_argument(
        "--session",
        default="class-session.sqlite",
        metavar="FILE",
        help=_("the session's SQLite file, reopened where it stood if it exists (default class-session.sqlite)"),
    )
    serve.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=_("the port (default {port})").format(port=DEFAULT_PORT)
    )
    serve.add_argument(
        "--room", action="store_true", help=_("listen on the room's network (all addresses), not only on this machine")
    )
    serve.add_argument(
        "--computer-pause",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help=_("seconds a computer player waits before its move (default 0.6)"),
    )
    serve.set_defaults(run=_serve)
    export = actions.add_parser(
        "export",
        help=_("write a session's finished games as a results file and records"),
        description=_(
            "Write every finished game of a class session as a study results "
            "file (which report reads) and as game records."
        ),
    )
    export.add_argument("session", metavar="SESSION", help=_("the session's SQLite file"))
    export.add_argument("--out", required=True, metavar="FILE", help=_("the results file (.csv or .parquet)"))
    export.set_defaults(run=_export)


def check_session_file(path: str) -> None:
    """A class session file that exists and is one: an InputError naming the problem otherwise."""
    if not Path(path).is_file():
        raise InputError(_("{path}: no such session file").format(path=path))
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError:
        names = set()
    if not {"tables", "seats", "actions"} <= names:
        raise InputError(
            _("{path} is not a class session file (written by xochintlan-hex class serve)").format(path=path)
        )


def _serve(args: argparse.Namespace) -> int:
    from xochintlan_hex.classroom.server import ClassServer

    if args.computer_pause < 0 or args.computer_pause > 60:
        raise InputError(_("--computer-pause: seconds from 0 to 60, not {value}").format(value=args.computer_pause))
    if Path(args.session).exists():
        check_session_file(args.session)
    with user_input():
        server = ClassServer(args.session, "0.0.0.0" if args.room else "127.0.0.1", args.port, args.computer_pause)
    server.announce(sys.stdout)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    return 0


def _export(args: argparse.Namespace) -> int:
    from xochintlan_hex.classroom.export import export_session

    check_session_file(args.session)
    with user_input():
        written = export_session(args.session, args.out)
    for path in written:
        print(path)
    return 0
