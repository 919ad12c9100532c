"""The ``xochintlan-hex`` command: balance studies, polyform counts and study reports.

::

    xochintlan-hex simulate xochintlan --games 10000 --players greedy,random --seed 1 \\
        --workers 2 --out greedy_vs_random.csv
    xochintlan-hex simulate xochintlan ... --resume          # finish an interrupted run
    xochintlan-hex simulate xochintlan ... --games 2000 --extend   # grow a finished study
    xochintlan-hex simulate xochintlan ... --until "advantage 0.05"   # stop once decided
    xochintlan-hex simulate xochintlan ... --scheduler tcp://host:8786   # on a Dask cluster
    xochintlan-hex simulate hextremadura --games 1000 --player greedy --out hex.csv
    xochintlan-hex count --lattice hex --kind free --max-n 10
    xochintlan-hex report greedy_vs_random.csv
    xochintlan-hex --lang fr report greedy_vs_random.csv     # help, headings and errors in French

Studies write each finished chunk of games next to the output
(``<out>.parts/``) and the output file only when every game is done (see
:mod:`xochintlan_hex.balance.studies`). The kit's own input errors (bad options, bad or
unreadable files, a refused study) end with a one-line message and exit status
2; anything else is a bug in the kit, shown with its traceback (exit status 1).
An interrupted study (Ctrl-C, SIGTERM or SIGHUP) ends with status 130 and tells
how to resume it.

The commands live one group a module: :mod:`~xochintlan_hex.cli.study` (``simulate``),
:mod:`~xochintlan_hex.cli.count`, :mod:`~xochintlan_hex.cli.report`,
:mod:`~xochintlan_hex.cli.puzzles` (``puzzle`` and ``print``) and
:mod:`~xochintlan_hex.cli.classroom` (``class``); :mod:`~xochintlan_hex.cli.app` builds the
parser from them and runs it. This package itself imports nothing heavy, so that the
command catches a Ctrl-C from its very start.

>>> main(["count", "--lattice", "square", "--kind", "free", "--max-n", "5"])
n free
1    1
2    1
3    2
4    5
5   12
0
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xochintlan_hex.cli.errors import EXIT_INTERRUPTED, EXIT_USAGE, InputError, one_line, user_input

if TYPE_CHECKING:  # what the names below are; they are imported when first asked for
    from xochintlan_hex.cli.app import build_parser
    from xochintlan_hex.cli.count import count_table
    from xochintlan_hex.cli.options import PROG
    from xochintlan_hex.cli.report import neutralised
    from xochintlan_hex.cli.study import dask_executor, stop_signals_interrupt

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "PROG",
    "InputError",
    "build_parser",
    "count_table",
    "dask_executor",
    "launch",
    "main",
    "neutralised",
    "one_line",
    "stop_signals_interrupt",
    "user_input",
]

#: The names this package gives from its modules, loaded on first use (pandas and the
#: engines take a second or two to import).
_LAZY = {
    "build_parser": "app",
    "count_table": "count",
    "PROG": "options",
    "neutralised": "report",
    "dask_executor": "study",
    "stop_signals_interrupt": "study",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``xochintlan-hex`` with ``argv`` (default: the command line); return the exit status.

    Input errors print one line and return 2; any other exception is a bug and
    propagates with its traceback (exit status 1 from the command). ``--lang``
    chooses the language of everything printed for a person (the data never change).
    """
    from xochintlan_hex.cli.app import run

    return run(sys.argv[1:] if argv is None else list(argv))


def launch() -> None:
    """The ``xochintlan-hex`` command: :func:`main`, with Ctrl-C caught from the very start.

    Importing the command line (pandas, numpy, the engines) takes a second or two;
    a Ctrl-C in that time would otherwise end in a ``KeyboardInterrupt`` traceback.
    This package imports nothing heavy, so the interruption is one line and status 130.
    """
    try:
        status = main()
    except KeyboardInterrupt:
        print(_interrupted(), file=sys.stderr)
        status = EXIT_INTERRUPTED
    sys.exit(status)


def _interrupted() -> str:
    """The interruption line, in the kit's language when its catalog is already loaded."""
    try:
        from xochintlan_hex.i18n import _

        return _("{prog}: interrupted").format(prog="xochintlan-hex")
    except BaseException:
        return "xochintlan-hex: interrupted"
