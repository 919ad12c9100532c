"""The ``xochintlan-hex`` command: balance studies, polyform counts and study reports.

::

    xochintlan-hex simulate xochintlan --games 10000 --players greedy,random --seed 1 \\
        --workers 2 --out greedy_vs_random.csv
    xochintlan-hex simulate xochintlan ... --resume          # finish an interrupted run
    xochintlan-hex simulate xochintlan ... --until "advantage 0.05"   # stop once decided
    xochintlan-hex simulate xochintlan ... --scheduler tcp://host:8786   # on a Dask cluster
    xochintlan-hex simulate hextremadura --games 1000 --player greedy --out hex.csv
    xochintlan-hex count --lattice hex --kind free --max-n 10
    xochintlan-hex report greedy_vs_random.csv
    xochintlan-hex --lang fr report greedy_vs_random.csv     # help, headings and errors in French

Studies write each finished chunk of games next to the output
(``<out>.parts/``) and the output file only when every game is done (see
:mod:`xochintlan_hex.studies`). The kit's own input errors (bad options, bad or
unreadable files, a refused study) end with a one-line message and exit status
2; anything else is a bug in the kit, shown with its traceback (exit status 1).
An interrupted study (Ctrl-C, SIGTERM or SIGHUP) ends with status 130 and tells
how to resume it.

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

import argparse
import contextlib
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any, NoReturn

import pandas as pd

from xochintlan_hex import __version__
from xochintlan_hex.classroom.commands import add_class_commands
from xochintlan_hex.cli_errors import InputError, one_line, separates_input_errors, user_input
from xochintlan_hex.game import GameSpec, game_names, game_spec, load_game_module
from xochintlan_hex.i18n import (
    LANGUAGES,
    N_,
    _,
    check_language,
    ngettext,
    number_text,
    percent_text,
    pgettext,
    use_language,
)
from xochintlan_hex.players import PLAYERS
from xochintlan_hex.polyforms import KINDS, check_count_cost, count_polyforms_upto, estimated_count, known_counts
from xochintlan_hex.puzzle_commands import add_puzzle_commands
from xochintlan_hex.report_text import printable
from xochintlan_hex.results import ResultsError, game_of
from xochintlan_hex.sequential import SequentialTest, decision_of, parse_until, sequential_test
from xochintlan_hex.studies import (
    Study,
    StudyError,
    check_output_path,
    check_study_size,
    check_workers,
    kept_games,
    parts_directory,
    play_study,
    read_results,
    study,
)
from xochintlan_hex.xochintlan import Rules
from xochintlan_hex.xochintlan.rules import ENDGAMES, LATTICE_NAMES, LOCKS, MATCHES, WIN_CHECKS, lattice_word

PROG = "xochintlan-hex"

#: Exit statuses: bad arguments or files (as argparse), and an interrupted run (as a shell).
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

#: Seconds to wait for a Dask scheduler before giving up.
SCHEDULER_TIMEOUT = 20


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line pointing to --help (no usage block),
    and the help's own headings in the kit's language."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")

    def error(self, message: str) -> NoReturn:
        raise InputError(message, self.prog)


# argparse's own texts (usage, headings, its error messages), translated by the kit's
# catalog while the command line runs (see _argparse_in_the_kit_language).
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
def _argparse_in_the_kit_language() -> Iterator[None]:
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


def _requested_language(argv: Sequence[str]) -> str | None:
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
# The parser


def _positive(text: str) -> int:
    return _integer(text, 1)


def _natural(text: str) -> int:
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


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number, got {value}").format(value=repr(text))) from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(_("expected a number between 0 and 1, got {value}").format(value=value))
    return value


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """Options every study shares: size, seed, where it runs, where it goes."""
    parser.add_argument("--games", type=_natural, required=True, metavar="N", help=_("number of games"))
    parser.add_argument(
        "--seed", type=_natural, default=0, metavar="S", help=_("study seed; game i depends only on (S, i) (default 0)")
    )
    parser.add_argument(
        "--out",
        required=True,
        metavar="FILE",
        help=_("results file, .csv or .parquet; finished chunks are kept in FILE.parts/ until it is written"),
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        default=1,
        metavar="W",
        help=_("local processes (default 1; at most one a core and one a game unless --force)"),
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help=_("run on a Dask cluster, e.g. tcp://host:8786 (needs the dask extra)")
    )
    parser.add_argument(
        "--resume", action="store_true", help=_("finish the interrupted run kept in FILE.parts/ (same options)")
    )
    parser.add_argument(
        "--chunk-size",
        type=_positive,
        metavar="K",
        help=_("games per kept chunk (default: about four chunks per worker, at most 250)"),
    )
    parser.add_argument(
        "--keep-parts", action="store_true", help=_("keep FILE.parts/ after the results file is written")
    )
    parser.add_argument("-q", "--quiet", action="store_true", help=_("no progress bar or summary line"))
    parser.add_argument(
        "--force",
        action="store_true",
        help=_(
            "run a study past the size limit (10 million games, games times "
            "the turn cap past 2 billion turns, or a week of one core's time "
            "estimated from the players' measured costs), or with more workers "
            "than cores or games"
        ),
    )


def _add_until_options(parser: argparse.ArgumentParser) -> None:
    """A study that stops when its question is answered (xochintlan_hex.sequential)."""
    group = parser.add_argument_group(_("stop when a question is answered (--games is then the most)"))
    group.add_argument(
        "--until",
        metavar="QUESTION",
        help=_(
            '"advantage D", "PLAYER beats PLAYER by D [with FILE]" or '
            '"differs by D from FILE": stop as soon as a sequential test '
            "(SPRT) decides whether the difference is at least D"
        ),
    )
    group.add_argument(
        "--alpha",
        type=_share,
        default=0.05,
        metavar="A",
        help=_("chance of declaring a difference that is not there (default 0.05)"),
    )
    group.add_argument(
        "--beta", type=_share, default=0.2, metavar="B", help=_("chance of missing a difference of D (default 0.2)")
    )


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    """One option per field of xochintlan.Rules, with the same defaults."""
    rules = Rules()
    group = parser.add_argument_group(_("rules (defaults: the original game)"))
    group.add_argument("--lattice", choices=LATTICE_NAMES, default=rules.lattice)
    group.add_argument(
        "--tiles-per-kind",
        type=_positive,
        default=rules.tiles_per_kind,
        metavar="N",
        help=_("animals of each kind (default {count})").format(count=rules.tiles_per_kind),
    )
    group.add_argument(
        "--cards-per-player",
        type=_positive,
        default=rules.cards_per_player,
        metavar="N",
        help=_("goal cards per hand (default 1)"),
    )
    group.add_argument("--match", choices=MATCHES, default=rules.match)
    group.add_argument("--win-check", choices=WIN_CHECKS, default=rules.win_check)
    group.add_argument("--endgame", choices=ENDGAMES, default=rules.endgame)
    group.add_argument("--allow-redraw", action="store_true", help=_("a turn may reveal a card and draw another"))
    group.add_argument("--open-cards", action="store_true", help=_("every hand is public"))
    group.add_argument("--keep-connected", action="store_true", help=_("the Human may not split the board"))
    group.add_argument(
        "--cut-off-switch",
        action="store_true",
        help=_("an animal that touches no other tile may still be switched or swapped"),
    )
    group.add_argument(
        "--lock",
        choices=LOCKS,
        default=rules.lock,
        help=_(
            "english (the default, the common reading of both rule texts): the tile the previous player "
            "just played may not be switched or moved; french (the literal reading of « jouer la pièce "
            "venant d'être jouée »): only a tile just moved is locked, the Human or a swapped pair"
        ),
    )
    group.add_argument(
        "--quiet-rounds",
        type=int,
        default=rules.quiet_rounds,
        metavar="N",
        help=_("rounds at the start in which no card counts (default 0; 2: not before every player has played twice)"),
    )
    group.add_argument("--max-turns", type=_positive, metavar="N", help=_("turn cap (default: the study cap, 200)"))


def _names(game: str) -> str:
    """The registered players of ``game``, for the help text: "random, greedy or search"."""
    names = list(PLAYERS[game])
    return names[0] if len(names) == 1 else _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


def build_parser() -> argparse.ArgumentParser:
    """The ``xochintlan-hex`` argument parser (one sub-command per task)."""
    parser = _Parser(
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

    simulate = commands.add_parser("simulate", help=_("play a study and write its results file"))
    simulate.add_argument(
        "--game-module",
        action="append",
        metavar="MODULE",
        help=_("a module or .py file that registers a game of your own (repeat for several)"),
    )
    games = simulate.add_subparsers(dest="game", required=True, metavar="GAME")
    xoch = games.add_parser(
        "xochintlan", help=_("a Xochintlan study"), description=_("Play a Xochintlan study, one row per game.")
    )
    xoch.add_argument(
        "--players",
        default="greedy,greedy",
        metavar="P,P,...",
        help=_("one player per seat, the first player first: {names} (default greedy,greedy)").format(
            names=_names("xochintlan")
        ),
    )
    _add_run_options(xoch)
    _add_until_options(xoch)
    _add_rules_options(xoch)
    xoch.set_defaults(run=_simulate)
    hext = games.add_parser(
        "hextremadura", help=_("a Hextremadura study"), description=_("Play a Hextremadura study, one row per game.")
    )
    hext.add_argument(
        "--player", default="greedy", help=_("{names} (default greedy)").format(names=_names("hextremadura"))
    )
    hext.add_argument("--tileset", metavar="FILE", help=_("a tile-set JSON file (default: the kit's set)"))
    _add_run_options(hext)
    hext.set_defaults(run=_simulate)
    for name in game_names():
        if name not in ("xochintlan", "hextremadura"):
            _add_game_parser(games.add_parser, game_spec(name))

    count = commands.add_parser(
        "count",
        help=_("count polyominoes or polyhexes by size"),
        description=_("Count fixed, one-sided and free polyforms."),
    )
    count.add_argument("--lattice", choices=LATTICE_NAMES, default="square")
    count.add_argument(
        "--kind", choices=KINDS, action="append", help=_("fixed, one-sided or free; repeat for several (default: all)")
    )
    count.add_argument("--max-n", type=_positive, default=10, metavar="N", help=_("largest size (default 10)"))
    count.add_argument("--csv", action="store_true", help=_("write CSV instead of a table"))
    count.add_argument(
        "--force",
        action="store_true",
        help=_(
            "count past the limit of about two billion fixed polyforms walked "
            "(a few minutes); sizes in the kit's table are instant"
        ),
    )
    count.set_defaults(run=_count)

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
        type=_share,
        default=0.05,
        metavar="D",
        help=_("the gap between two rates that the games-needed figures resolve (default 0.05)"),
    )
    report.set_defaults(run=_report)

    add_puzzle_commands(commands)
    add_class_commands(commands)
    return parser


# ---------------------------------------------------------------------------
# simulate


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(
        lattice=args.lattice,
        tiles_per_kind=args.tiles_per_kind,
        cards_per_player=args.cards_per_player,
        match=args.match,
        win_check=args.win_check,
        endgame=args.endgame,
        allow_redraw=args.allow_redraw,
        open_cards=args.open_cards,
        keep_connected=args.keep_connected,
        cut_off_switch=args.cut_off_switch,
        lock=args.lock,
        quiet_rounds=args.quiet_rounds,
        max_turns=args.max_turns,
    )


def _add_game_parser(add_parser: Callable[..., argparse.ArgumentParser], spec: GameSpec[Any]) -> None:
    """The ``simulate`` command of a registered game: its players and one option per parameter."""
    parser = add_parser(
        spec.name,
        help=_("a {game} study").format(game=spec.title),
        description=_("Play a {game} study, one row per game.").format(game=spec.title),
    )
    names = ",".join([next(iter(spec.players))] * spec.seats[0])
    parser.add_argument(
        "--players",
        default=names,
        metavar="P,P,...",
        help=_("one player per seat, the first player first: {names} (default {default})").format(
            names=", ".join(spec.players), default=names
        ),
    )
    _add_run_options(parser)
    if spec.report_metrics == "seats":
        _add_until_options(parser)
    for parameter in spec.parameters:
        option = "--" + parameter.name.replace("_", "-")
        if parameter.kind == "bool":
            parser.add_argument(option, dest=parameter.name, action="store_true", help=parameter.help or None)
        else:
            parser.add_argument(
                option,
                dest=parameter.name,
                type=int if parameter.kind == "int" else str,
                choices=parameter.choices,
                default=parameter.default,
                help=parameter.help or None,
            )
    parser.set_defaults(run=_simulate)


def _game_modules(argv: Sequence[str]) -> list[str]:
    """The ``--game-module`` values of ``simulate``: loaded before the parser is built, so that
    their games have a sub-command."""
    found = []
    for i, word in enumerate(argv):
        if word == "--game-module" and i + 1 < len(argv):
            found.append(argv[i + 1])
        elif word.startswith("--game-module="):
            found.append(word.split("=", 1)[1])
    return found


def _study_parameters(spec: GameSpec[Any], args: argparse.Namespace) -> dict[str, Any]:
    """The game's parameters as the command line gave them (each option is named after its parameter)."""
    return {p.name: getattr(args, p.name) for p in spec.parameters if hasattr(args, p.name)}


@separates_input_errors
def _simulate(args: argparse.Namespace) -> int:
    """``simulate GAME``: one study of any registered game."""
    with user_input(f"{PROG} simulate {args.game}"):
        spec = game_spec(args.game)
        players = args.players if hasattr(args, "players") else [args.player]
        if spec.name == "xochintlan":
            _rules(args)  # the rules' own messages for a variant they refuse
        built = study(spec, args.games, players, args.seed, **_study_parameters(spec, args))
        test = None
        if getattr(args, "until", None) is not None:
            test = sequential_test(built, parse_until(args.until, args.alpha, args.beta))
    return _run(built, args, test)


#: A Dask scheduler address: ``host:port`` or ``protocol://host:port``.
SCHEDULER_ADDRESS = re.compile(r"((tcp|tls|ws|wss|ucx)://)?[A-Za-z0-9_.\-\[\]:]+:[0-9]{1,5}")


@contextlib.contextmanager
def dask_executor(address: str | None) -> Iterator[tuple[Executor | None, int]]:
    """``(executor, threads)`` of the Dask cluster at ``address``; ``(None, 0)`` for none.

    The client is closed on leaving, which also cancels games still queued.
    """
    if address is None:
        yield None, 0
        return
    if not SCHEDULER_ADDRESS.fullmatch(address):
        raise ValueError(
            _(
                "--scheduler: {address} is not a scheduler address; give the one "
                "`dask scheduler` prints, e.g. tcp://host:8786"
            ).format(address=repr(address))
        )
    try:
        from distributed import Client
    except ImportError:
        raise ValueError(_("--scheduler needs Dask: pip install 'xochintlan_hex[dask]'")) from None
    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise ValueError(
            _("cannot reach the Dask scheduler at {address}: {error}").format(address=address, error=error)
        ) from None
    with client:
        yield client.get_executor(), sum(client.nthreads().values())


def _raise_interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(signal.Signals(signum).name)


@contextlib.contextmanager
def stop_signals_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP (a batch system's stop, a closed terminal) act like Ctrl-C.

    The run then stops in order: kept chunks stay, workers are shut down.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    names = [name for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {name: signal.signal(getattr(signal, name), _raise_interrupt) for name in names}
    try:
        yield
    finally:
        for name, handler in previous.items():
            signal.signal(getattr(signal, name), handler)


def _warn(message: str) -> None:
    print(_("{prog}: warning: {message}").format(prog=PROG, message=message), file=sys.stderr)


def _run(study: Study, args: argparse.Namespace, test: SequentialTest | None = None) -> int:
    with user_input(f"{PROG} simulate {study.game}"):
        check_output_path(args.out)
        check_study_size(study, args.force)
        check_workers(args.workers, study.games, args.force)
    try:
        with stop_signals_interrupt(), contextlib.ExitStack() as stack:
            with user_input(f"{PROG} simulate {study.game}"):
                executor, threads = stack.enter_context(dask_executor(args.scheduler))
            # Outside user_input: a ValueError while playing is a bug, not a bad option;
            # the study runner raises StudyError, ResultsError or OSError for bad files.
            chunk_size = args.chunk_size
            if chunk_size is None and test is not None:
                chunk_size = test.question.look  # no game played far past the decision
            play_study(
                study,
                args.out,
                workers=max(args.workers, threads),
                executor=executor,
                resume=args.resume,
                chunk_size=chunk_size,
                progress=not args.quiet,
                keep_parts=args.keep_parts,
                force=args.force,
                notify=_warn,
                enough=test,
            )
    except KeyboardInterrupt:
        parts = parts_directory(args.out)
        kept = kept_games(parts) if parts.is_dir() else 0
        print(
            _(
                "{prog}: interrupted; {kept} of {games} games are kept in {parts}; "
                "run the same command with --resume to finish"
            ).format(prog=PROG, kept=kept, games=study.games, parts=parts),
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    played = study.games
    if test is not None:
        decision = decision_of(test)
        played = decision["games"]
        print(_decision_lines(test, decision))
    if not args.quiet:
        print(
            ngettext("wrote {count} game to {out}", "wrote {count} games to {out}", played).format(
                count=played, out=args.out
            ),
            file=sys.stderr,
        )
    return 0


def _number(value: float, form: str = "g") -> str:
    """A number with the decimal mark of the language in use ("0.05", "0,05")."""
    return format(value, form).replace(".", pgettext("decimal mark", "."))


def _decision_lines(test: SequentialTest, decision: dict) -> str:
    """What a sequential study decided, why it stopped, and the test's error rates."""
    q = test.question
    if q.kind == "advantage":
        question = _("is the seat advantage at least {delta} either way?")
    elif q.kind == "beats":
        question = _("does {player} beat {opponent} by at least {delta}?")
    else:
        question = _("does the seat advantage differ from that of {file} by at least {delta}?")
    question = question.format(delta=_number(q.delta), player=q.player, opponent=q.opponent, file=q.reference)
    if decision["verdict"] == "undecided":
        why = _("undecided after {games} games, the most this study may play")
    elif decision["verdict"] == "h0":
        why = _(
            "stopped after {games} games (of at most {cap}): no difference as large as "
            "{delta} (the test accepts the null hypothesis)"
        )
    elif decision["direction"] > 0:
        why = _(
            "stopped after {games} games (of at most {cap}): a difference of at least "
            "{delta}, positive (the test accepts the alternative)"
        )
    else:
        why = _(
            "stopped after {games} games (of at most {cap}): a difference of at least "
            "{delta}, negative (the test accepts the alternative)"
        )
    why = why.format(games=decision["games"], cap=decision["cap"], delta=_number(q.delta))
    test_line = _("two one-sided SPRTs") if q.sides == 2 else _("one-sided SPRT")
    lines = [
        _("Question: {question}").format(question=question),
        _("Answer: {why}").format(why=why),
        _(
            "Test: {test}, false alarm rate {alpha}, miss rate {beta} at a difference of "
            "{delta}, a look every {look} games"
        ).format(test=test_line, alpha=_number(q.alpha), beta=_number(q.beta), delta=_number(q.delta), look=q.look),
        _(
            "Mean score {estimate} [{low}, {high}] ({level} interval as for a fixed-size study: "
            "a study that stops early tends to overstate the difference)"
        ).format(
            estimate=_number(decision["estimate"], "+.3f"),
            low=_number(decision["low"], "+.3f"),
            high=_number(decision["high"], "+.3f"),
            level=_("{number}%").format(number=95),
        ),
    ]
    if decision["games"] < 2:  # no interval to give
        lines.pop()
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# count and report


def count_table(lattice: str, kinds: Sequence[str], max_n: int) -> pd.DataFrame:
    """Columns ``n`` and one per kind: how many polyforms of each size.

    >>> count_table("hex", ["free"], 4)["free"].tolist()
    [1, 1, 3, 7]
    """
    table = pd.DataFrame({"n": range(1, max_n + 1)})
    for kind in kinds:
        known = known_counts(lattice, kind)
        # The shipped table answers at once; only larger sizes are counted.
        counts = known if max_n in known else _count_with_progress(max_n, lattice, kind)
        table[kind] = [counts[n] for n in table["n"]]
    return table


def _count_with_progress(max_n: int, lattice: str, kind: str) -> dict[int, int]:
    """Count past the shipped table, with a bar against the estimated number of
    fixed polyforms of ``max_n`` cells (one run counts every kind: later kinds are instant)."""
    from tqdm.auto import tqdm

    estimate = round(estimated_count(max_n, lattice, "fixed"))
    with tqdm(
        total=estimate,
        desc=_("{lattice} polyforms of {size} cells (estimated total)").format(
            lattice=lattice_word(lattice), size=max_n
        ),
        unit=" " + _("forms"),
        unit_scale=True,
        file=sys.stderr,
        disable=None,
        leave=False,
    ) as bar:

        def progress(done: int) -> None:
            bar.update(min(done, estimate) - bar.n)

        return count_polyforms_upto(max_n, lattice, kind, force=True, progress=progress)


@separates_input_errors
def _count(args: argparse.Namespace) -> int:
    kinds = list(dict.fromkeys(args.kind or KINDS))
    with user_input(f"{PROG} count"):
        check_count_cost(args.max_n, args.lattice, args.force)
    table = count_table(args.lattice, kinds, args.max_n)
    if args.csv:
        print(table.to_csv(index=False), end="")
    else:
        print(_count_table_text(table))
    return 0


#: The count table's column headings, translated where printed (a CSV keeps the keys).
COUNT_HEADINGS = {
    "fixed": N_("fixed"),
    "one-sided": N_("one-sided"),
    "free": N_("free"),
}


def _count_table_text(table: pd.DataFrame) -> str:
    """The count table as a person reads it: headings and numbers in the language in use."""
    shown = table.rename(columns=lambda column: _(COUNT_HEADINGS[column]) if column in COUNT_HEADINGS else column)
    return shown.apply(lambda column: column.map(number_text)).to_string(index=False)


#: The columns a report reads, by game (the others add blocks when present).
REPORT_COLUMNS = {"Xochintlan": ("winner", "end_reason", "turns"), "Hextremadura": ("score",)}


def _study_frame(path: str) -> pd.DataFrame:
    with user_input():
        frame = read_results(path, shared_texts=True)  # as the report works on its texts
    if frame.empty:
        raise InputError(_("{path} holds no games").format(path=path))
    if game_of(frame.columns) is None:
        raise InputError(
            _(
                "{path} is not a study results file (it has neither a score column nor winner and end_reason columns)"
            ).format(path=path)
        )
    return frame


def _one_game(frames: dict[str, pd.DataFrame]) -> str:
    """The game all the files are studies of; a report never pools two games."""
    games = {path: game_of(frame.columns) for path, frame in frames.items()}
    first = next(iter(games))
    for path, game in games.items():
        if game != games[first]:
            raise InputError(
                _(
                    "{first} ({game}) and {other} ({other_game}) are studies of two games; "
                    "a report pools the files of one game"
                ).format(first=first, game=games[first], other=path, other_game=game)
            )
    return str(games[first])


def _check_report_columns(frame: pd.DataFrame, game: str, files: str) -> None:
    """The columns the report reads: a study always has them, a hand-made file may not."""
    missing = [c for c in REPORT_COLUMNS[game] if c not in frame.columns]
    if game == "Xochintlan" and "n_players" not in frame.columns and "player_0" not in frame.columns:
        missing.append("n_players")
    if missing:
        raise InputError(
            _("{files}: no column {missing}; the report of this game ({game}) reads {needed}").format(
                files=files,
                missing=", ".join(map(repr, missing)),
                game=game,
                needed=", ".join(REPORT_COLUMNS[game] + (("n_players",) if game == "Xochintlan" else ())),
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
    from xochintlan_hex.stats import check_by, check_difference

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


@separates_input_errors
def _report(args: argparse.Namespace) -> int:
    from xochintlan_hex.stats import report

    frame, game = _pooled_study(args.file)
    files = ", ".join(args.file)
    by = _report_options(args, frame, files)
    _check_report_columns(frame, game, files)
    study_report = report(frame, by, difference=args.difference)
    if args.csv:  # the data's own words and machine numbers, the same in every language
        print(neutralised(study_report.frame).to_csv(index=False), end="")
    else:
        print(study_report.text(source=files))
    return 0


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


# ---------------------------------------------------------------------------
# main


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``xochintlan-hex`` with ``argv`` (default: the command line); return the exit status.

    Input errors print one line and return 2; any other exception is a bug and
    propagates with its traceback (exit status 1 from the command). ``--lang``
    chooses the language of everything printed for a person (the data never change).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    with use_language(_requested_language(argv)), _argparse_in_the_kit_language():
        return _main(argv)


def _main(argv: Sequence[str]) -> int:
    try:
        with user_input(f"{PROG} simulate"):
            for module in _game_modules(argv):
                load_game_module(module)
        args = build_parser().parse_args(argv)
        if getattr(args.run, "separates_input_errors", False):
            return args.run(args)
        with user_input():
            return args.run(args)
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


if __name__ == "__main__":
    sys.exit(main())
