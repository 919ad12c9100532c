"""Input errors of the command line: one line and exit status 2.

Every sub-command (``xochintlan-hex simulate``, ``report``, ``puzzle`` ...) checks
what the user gave inside :func:`user_input`, so that a ``ValueError`` there is
reported as one line naming the mistake, while a ``ValueError`` anywhere else is a
bug and keeps its traceback.

This module imports nothing heavy: the command's launcher uses it before pandas loads.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

#: Exit statuses: bad arguments or files (as argparse), and an interrupted run (as a shell
#: gives one stopped by Ctrl-C).
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


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
