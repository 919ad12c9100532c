"""The whole command line: its parser (one sub-command per task) and the run that turns
the kit's input errors into one line and exit status 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from xochintlan_hex import __version__
from xochintlan_hex.balance.report_text import printable
from xochintlan_hex.balance.results import ResultsError
from xochintlan_hex.balance.studies import StudyError
from xochintlan_hex.cli.classroom import add_class_commands
from xochintlan_hex.cli.count import add_count_command
from xochintlan_hex.cli.errors import EXIT_INTERRUPTED, EXIT_USAGE, InputError, one_line, user_input
from xochintlan_hex.cli.options import PROG, CommandParser, argparse_in_the_kit_language, requested_language
from xochintlan_hex.cli.puzzles import add_puzzle_commands
from xochintlan_hex.cli.report import add_report_command
from xochintlan_hex.cli.study import add_simulate_command, game_modules
from xochintlan_hex.game import load_game_module
from xochintlan_hex.i18n import LANGUAGES, _, use_language


def build_parser() -> argparse.ArgumentParser:
    """The ``xochintlan-hex`` argument parser (one sub-command per task)."""
    parser = CommandParser(
        prog=PROG, description=_("Balance studies of Xochintlan and Hextremadura, polyform counts and study reports.")
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=_("show program's version number and exit"),
    )
    parser.add_argument(
        "--lang",
        choices=tuple(LANGUAGES),
        metavar="LANG",
        help=_(
            "the language of the help, headings and messages: {choices} "
            "(default: the environment's, LANG or LC_ALL; English otherwise)"
        ).format(choices=", ".join(LANGUAGES)),
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_simulate_command(commands)
    add_count_command(commands)
    add_report_command(commands)
    add_puzzle_commands(commands)
    add_class_commands(commands)
    return parser


def run(argv: Sequence[str]) -> int:
    """Run ``xochintlan-hex`` with ``argv``; return the exit status (see :func:`xochintlan_hex.cli.main`)."""
    with use_language(requested_language(argv)), argparse_in_the_kit_language():
        return _parsed_and_run(argv)


def _parsed_and_run(argv: Sequence[str]) -> int:
    try:
        with user_input(f"{PROG} simulate"):
            for module in game_modules(argv):
                load_game_module(module)
        args = build_parser().parse_args(argv)
        # Each command checks what the user gave inside user_input: a ValueError it
        # meets elsewhere is a bug and keeps its traceback.
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:
        print(_("{prog}: interrupted").format(prog=PROG), file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): what it wanted was printed, so stop quietly.
        sys.stdout = None
        return 0
    except (InputError, StudyError, ResultsError, OSError) as error:
        help_for = getattr(error, "help_for", None)
        usage = _(" (see {command} --help)").format(command=help_for) if help_for else ""
        print(
            _("{prog}: error: {message}").format(prog=PROG, message=printable(one_line(error))) + usage, file=sys.stderr
        )
        return EXIT_USAGE
