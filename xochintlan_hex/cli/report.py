"""``xochintlan-hex report``: the balance metrics of one or more study results files,
printed in the language in use or written as one language-neutral CSV table."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import Any

import pandas as pd

from xochintlan_hex.balance.report_text import printable
from xochintlan_hex.balance.studies import read_results
from xochintlan_hex.cli.errors import InputError, user_input
from xochintlan_hex.cli.options import PROG, Subcommands, share
from xochintlan_hex.game import GameSpec, game_names, game_spec, games_fitting_columns
from xochintlan_hex.i18n import _, percent_text


def add_report_command(commands: Subcommands) -> None:
    """Add ``report`` to the command line."""
    report = commands.add_parser(
        "report",
        help=_("balance metrics of a results file"),
        description=_("The balance metrics of a study results file, with {level} confidence intervals.").format(
            level=percent_text(0.95)
        ),
    )
    report.add_argument(
        "file",
        metavar="FILE",
        nargs="+",
        help=_(
            "a results file (.csv or .parquet); several are pooled into one "
            "study, e.g. the 2- to 5-player studies with --by n_players"
        ),
    )
    report.add_argument(
        "--by", metavar="COLUMN,...", help=_("one block of figures per value of these columns, e.g. n_players")
    )
    report.add_argument(
        "--csv",
        action="store_true",
        help=_(
            "write one CSV table instead, the same in every language: "
            "the data's own labels and numbers with a decimal point"
        ),
    )
    report.add_argument(
        "--difference",
        type=share,
        default=0.05,
        metavar="D",
        help=_("the gap between two rates that the games-needed figures resolve (default 0.05)"),
    )
    report.set_defaults(run=_report)


#: The columns a report reads, by the metrics its game declares (the others add blocks when
#: present); a report of seats also needs n_players or the players' columns.
REPORT_COLUMNS = {"seats": ("winner", "end_reason", "turns"), "solo": ("score",)}


def _study_frame(path: str) -> pd.DataFrame:
    with user_input():
        frame = read_results(path, shared_texts=True)  # as the report works on its texts
    if frame.empty:
        raise InputError(_("{path} holds no games").format(path=path))
    _game_of_file(path, frame)
    return frame


def _game_of_file(path: str, frame: pd.DataFrame) -> GameSpec[Any]:
    """The registered game whose study the file is, told by its columns; an InputError
    naming the games the kit knows when they fit none or several."""
    fitting = games_fitting_columns([str(c) for c in frame.columns])
    if len(fitting) == 1:
        return fitting[0]
    if not fitting:
        known = ", ".join(_(game_spec(name).title) for name in game_names())
        raise InputError(
            _("{path} is not a study results file: its columns fit the study of no registered game ({games})").format(
                path=path, games=known
            )
        )
    raise InputError(
        _(
            "{path}: its columns fit the studies of several games ({games}); "
            "a report needs the columns that tell its game apart"
        ).format(path=path, games=", ".join(_(spec.title) for spec in fitting))
    )


def _one_game(frames: dict[str, pd.DataFrame]) -> str:
    """The game all the files are studies of (its registered name); a report never pools two games."""
    games = {path: _game_of_file(path, frame) for path, frame in frames.items()}
    first = next(iter(games))
    for path, game in games.items():
        if game is not games[first]:
            raise InputError(
                _(
                    "{first} ({game}) and {other} ({other_game}) are studies of two games; "
                    "a report pools the files of one game"
                ).format(first=first, game=_(games[first].title), other=path, other_game=_(game.title))
            )
    return games[first].name


def _check_report_columns(frame: pd.DataFrame, game: str, files: str) -> None:
    """The columns the report reads: a study always has them, a hand-made file may not."""
    spec = game_spec(game)
    seats = spec.report_metrics == "seats"
    needed = REPORT_COLUMNS[spec.report_metrics] + (("n_players",) if seats else ())
    missing = [c for c in REPORT_COLUMNS[spec.report_metrics] if c not in frame.columns]
    if seats and "n_players" not in frame.columns and "player_0" not in frame.columns:
        missing.append("n_players")
    if missing:
        raise InputError(
            _("{files}: no column {missing}; the report of this game ({game}) reads {needed}").format(
                files=files, missing=", ".join(map(repr, missing)), game=_(spec.title), needed=", ".join(needed)
            )
        )


def _distinct_files(paths: Sequence[str]) -> None:
    """The same file named twice would count each of its games twice."""
    seen: dict[tuple[int, int], str] = {}
    for path in paths:
        with contextlib.suppress(OSError):  # an unreadable file is reported when it is read
            info = os.stat(path)
            key = (info.st_dev, info.st_ino)
            if key in seen:
                raise InputError(
                    _("{first} and {path} are the same file; each of its games would count twice").format(
                        path=path, first=seen[key]
                    )
                )
            seen[key] = path


def _pooled_study(paths: Sequence[str]) -> tuple[pd.DataFrame, str]:
    """The games of every file, and the game they are studies of (one game only)."""
    _distinct_files(paths)
    frames = {path: _study_frame(path) for path in paths}  # their texts made once, as they were read
    game = _one_game(frames)
    if len(frames) == 1:  # the frame as read: pd.concat would copy it whole
        return frames[paths[0]], game
    return pd.concat(list(frames.values()), ignore_index=True), game


def _report_options(args: argparse.Namespace, frame: pd.DataFrame, files: str) -> list[str] | None:
    """``--by`` as a list of columns of ``frame`` (checked, with ``--difference``)."""
    from xochintlan_hex.balance.grouping import check_by
    from xochintlan_hex.balance.intervals import check_difference

    by = [c.strip() for c in args.by.split(",")] if args.by else None
    missing = [c for c in by or [] if c not in frame.columns]
    if missing:
        raise InputError(
            _("--by: no column {missing} in {files}; columns: {columns}").format(
                missing=", ".join(map(repr, missing)), files=files, columns=", ".join(frame.columns)
            )
        )
    with user_input(f"{PROG} report"):
        check_by(frame, by)
        check_difference(args.difference)
    return by


def _report(args: argparse.Namespace) -> int:
    from xochintlan_hex.balance.report import report

    frame, game = _pooled_study(args.file)
    files = ", ".join(args.file)
    by = _report_options(args, frame, files)
    _check_report_columns(frame, game, files)
    study_report = report(frame, by, difference=args.difference, game=game)
    if args.csv:  # the data's own words and machine numbers, the same in every language
        print(terminal_safe(neutralised(study_report.frame).to_csv(index=False)), end="")
    else:
        print(study_report.text(source=files))
    return 0


def terminal_safe(csv_text: str) -> str:
    """The CSV text as printed: on a terminal, a cell's control characters are shown as
    escapes (they could recolour or retitle it); into a file or a pipe, the data's own bytes."""
    if not sys.stdout.isatty():
        return csv_text
    return os.linesep.join(printable(line) for line in csv_text.split(os.linesep))


#: What a spreadsheet reads as a formula when a cell starts with it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(table: pd.DataFrame) -> pd.DataFrame:
    """The table with every text cell that a spreadsheet would run as a formula
    (``=HYPERLINK(...)``, ``+1``, ``-1``, ``@x``) quoted by a leading ``'``;
    numbers, negative ones too, stay numbers.

    >>> neutralised(pd.DataFrame({"level": ["=1+1", "L'"], "estimate": [-0.5, 0.5]})).values.tolist()
    [["'=1+1", -0.5], ["L'", 0.5]]
    """

    def quoted(value: object) -> object:
        return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value

    text = [c for c in table.columns if table[c].dtype == object or pd.api.types.is_string_dtype(table[c])]
    return table.assign(**{c: table[c].map(quoted) for c in text})
