"""What every sub-command of ``xochintlan-hex`` shares: the parser class that reports a
usage mistake in one line, argparse's own texts in the kit's language, and the option types."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn, Protocol

from xochintlan_hex.cli.errors import InputError
from xochintlan_hex.i18n import N_, _, check_language

PROG = "xochintlan-hex"


class CommandParser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line pointing to --help (no usage block),
    and the help's own headings in the kit's language."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")

    def error(self, message: str) -> NoReturn:
        raise InputError(message, self.prog)


# argparse's own texts (usage, headings, its error messages), translated by the kit's
# catalog while the command line runs (see argparse_in_the_kit_language).
ARGPARSE_TEXTS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected at least one argument"),
    N_("show program's version number and exit"),
)


@contextlib.contextmanager
def argparse_in_the_kit_language() -> Iterator[None]:
    """argparse looks its texts up with gettext's global domain, which the kit's language
    does not reach: while the command runs, they are looked up in the kit's catalog."""
    previous = argparse.__dict__.get("_")
    argparse._ = _argparse_text  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = previous  # type: ignore[attr-defined]


def _argparse_text(message: str) -> str:
    """One of argparse's texts in the kit's language, when the catalog carries it."""
    return _(message) if message in ARGPARSE_TEXTS else message


def requested_language(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for, read before the parser is built (its help is in
    that language); None (the environment's language) when absent or unknown."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _rest = early.parse_known_args(argv)
    try:
        return None if known.lang is None else check_language(known.lang)
    except ValueError:
        return None  # the full parser refuses it, naming the languages


# ---------------------------------------------------------------------------
# Option types


def positive(text: str) -> int:
    return _integer(text, 1)


def natural(text: str) -> int:
    return _integer(text, 0)


def _integer(text: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected an integer, got {value}").format(value=repr(text))) from None
    if value < minimum:
        raise argparse.ArgumentTypeError(
            _("expected an integer >= {minimum}, got {value}").format(minimum=minimum, value=value)
        )
    return value


def share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number, got {value}").format(value=repr(text))) from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(_("expected a number between 0 and 1, got {value}").format(value=value))
    return value


class Subcommands(Protocol):
    """What ``ArgumentParser.add_subparsers`` returns, as a command group uses it: one
    ``add_parser`` per sub-command (argparse's own class for it is private)."""

    def add_parser(self, name: str, /, *args: Any, **kwargs: Any) -> argparse.ArgumentParser: ...
