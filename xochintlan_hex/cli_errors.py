"""Input errors of the command line: one line and exit status 2.

Every sub-command (``xochintlan-hex simulate``, ``report``, ``puzzle`` ...) checks
what the user gave inside :func:`user_input`, so that a ``ValueError`` there is
reported as one line naming the mistake, while a ``ValueError`` anywhere else is a
bug and keeps its traceback.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

Command = TypeVar("Command", bound=Callable[..., Any])


class InputError(Exception):
    """A mistake in what the user gave (options, files, a study the kit refuses).

    ``help_for`` names the command whose ``--help`` explains the usage.
    """

    def __init__(self, message: str, help_for: str | None = None) -> None:
        super().__init__(message)
        self.help_for = help_for


@contextlib.contextmanager
def user_input(help_for: str | None = None) -> Iterator[None]:
    """Inside: a ValueError or OSError is about the user's input (an option, a file).

    Only code that checks or reads what the user gave runs inside, so that a
    ValueError anywhere else stays what it is: a bug, shown with its traceback.
    """
    try:
        yield
    except (ValueError, OSError) as error:
        raise InputError(one_line(error), help_for) from error


def separates_input_errors(run: Command) -> Command:
    """Mark a command whose input checks run inside :func:`user_input`, so that any
    other ValueError it meets is a bug (traceback). Commands not marked keep the
    older rule: every ValueError or OSError is a one-line error."""
    setattr(run, "separates_input_errors", True)  # noqa: B010 (a mark on a function: mypy knows no such attribute)
    return run


def one_line(error: BaseException) -> str:
    """An error as one line (tile-set errors list one problem per line)."""
    if isinstance(error, OSError) and error.filename is not None:
        return file_error(error)
    lines = [line.strip().removeprefix("- ") for line in str(error).splitlines() if line.strip()]
    if not lines:
        return type(error).__name__
    return " ".join([lines[0], "; ".join(lines[1:])]).strip()


def file_error(error: OSError) -> str:
    """What is wrong with a file the user named, in the kit's language.

    Python's own text is English ("[Errno 2] No such file or directory") and names the
    temporary file a page is first written to; this names the path the user gave, or the
    folder that does not exist.
    """
    import os
    from pathlib import Path

    from xochintlan_hex.i18n import _

    path = Path(os.fsdecode(error.filename))
    if isinstance(error, FileNotFoundError):
        if not path.parent.is_dir():
            return _("{folder}: no such folder").format(folder=path.parent)
        return _("{path}: no such file").format(path=path)
    if isinstance(error, IsADirectoryError):
        return _("{path} is a folder, not a file").format(path=path)
    if isinstance(error, NotADirectoryError):
        return _("{path}: a part of this path is a file, not a folder").format(path=path)
    if isinstance(error, PermissionError):
        return _("{path}: permission denied").format(path=path)
    return _("{path}: {reason}").format(path=path, reason=error.strerror or type(error).__name__)


#: The exit status of an interrupted command (as a shell gives one stopped by Ctrl-C).
EXIT_INTERRUPTED = 130


def launch() -> None:
    """The ``xochintlan-hex`` command: :func:`xochintlan_hex.cli.main`, with Ctrl-C caught
    from the very start.

    Importing the command line (pandas, numpy, the engines) takes a second or two;
    a Ctrl-C in that time would otherwise end in a ``KeyboardInterrupt`` traceback.
    This module imports nothing heavy, so the interruption is one line and status 130.
    """
    import sys

    try:
        from xochintlan_hex.cli import main

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
