"""``xochintlan-hex simulate GAME``: play a study of any registered game and write its results file.

A study that asks a question (``--until``) stops once a sequential test answers it;
SIGTERM and SIGHUP stop a run as Ctrl-C does, keeping the finished chunks.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from typing import Any

from xochintlan_hex.balance.sequential import SequentialTest, decision_of, parse_until, sequential_test
from xochintlan_hex.balance.studies import (
    Study,
    check_output_path,
    check_study_size,
    check_workers,
    kept_games,
    parts_directory,
    play_study,
    study,
)
from xochintlan_hex.cli.errors import EXIT_INTERRUPTED, user_input
from xochintlan_hex.cli.options import PROG, Subcommands, natural, positive, share
from xochintlan_hex.game import GameSpec, game_names, game_spec
from xochintlan_hex.i18n import _, ngettext, number_text
from xochintlan_hex.players import PLAYERS
from xochintlan_hex.xochintlan import Rules
from xochintlan_hex.xochintlan.rules import ENDGAMES, LATTICE_NAMES, LOCKS, MATCHES, WIN_CHECKS

#: Seconds to wait for a Dask scheduler before giving up.
SCHEDULER_TIMEOUT = 20


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """Options every study shares: size, seed, where it runs, where it goes."""
    parser.add_argument("--games", type=natural, required=True, metavar="N", help=_("number of games"))
    parser.add_argument(
        "--seed", type=natural, default=0, metavar="S", help=_("study seed; game i depends only on (S, i) (default 0)")
    )
    parser.add_argument(
        "--out",
        required=True,
        metavar="FILE",
        help=_("results file, .csv or .parquet; finished chunks are kept in FILE.parts/ until it is written"),
    )
    parser.add_argument(
        "--workers",
        type=positive,
        default=1,
        metavar="W",
        help=_("local processes (default 1; at most one a core and one a game unless --force)"),
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help=_("run on a Dask cluster, e.g. tcp://host:8786 (needs the dask extra)")
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help=_("finish the interrupted run kept in FILE.parts/ (same options; --games may be larger)"),
    )
    parser.add_argument(
        "--extend",
        action="store_true",
        help=_("grow the finished study in FILE to --games games: keep its games, play only the ones after them"),
    )
    parser.add_argument(
        "--chunk-size",
        type=positive,
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
        type=share,
        default=0.05,
        metavar="A",
        help=_("chance of declaring a difference that is not there (default 0.05)"),
    )
    group.add_argument(
        "--beta", type=share, default=0.2, metavar="B", help=_("chance of missing a difference of D (default 0.2)")
    )


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    """One option per field of xochintlan.Rules, with the same defaults."""
    rules = Rules()
    group = parser.add_argument_group(_("rules (defaults: the original game)"))
    group.add_argument("--lattice", choices=LATTICE_NAMES, default=rules.lattice)
    group.add_argument(
        "--tiles-per-kind",
        type=positive,
        default=rules.tiles_per_kind,
        metavar="N",
        help=_("animals of each kind (default {count})").format(count=rules.tiles_per_kind),
    )
    group.add_argument(
        "--cards-per-player",
        type=positive,
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
    group.add_argument("--max-turns", type=positive, metavar="N", help=_("turn cap (default: the study cap, 200)"))


def _names(game: str) -> str:
    """The registered players of ``game``, for the help text: "random, greedy or search"."""
    names = list(PLAYERS[game])
    return names[0] if len(names) == 1 else _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


def add_simulate_command(commands: Subcommands) -> None:
    """Add ``simulate GAME``, one sub-command per registered game, to the command line."""
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
            _add_game_parser(games, game_spec(name))


def rules_from_options(args: argparse.Namespace) -> Rules:
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


def _add_game_parser(games: Subcommands, spec: GameSpec[Any]) -> None:
    """The ``simulate`` command of a registered game: its players and one option per parameter."""
    parser = games.add_parser(
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


def game_modules(argv: Sequence[str]) -> list[str]:
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


def _simulate(args: argparse.Namespace) -> int:
    """``simulate GAME``: one study of any registered game."""
    with user_input(f"{PROG} simulate {args.game}"):
        spec = game_spec(args.game)
        players = args.players if hasattr(args, "players") else [args.player]
        if spec.name == "xochintlan":
            rules_from_options(args)  # the rules' own messages for a variant they refuse
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
                extend=args.extend,
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


def _number(value: float, signed: bool = False) -> str:
    """A number as the language in use writes it ("0.05", "0,05"); ``signed``: three decimals
    and a sign either way ("+0.123"), for a difference."""
    if not signed:
        return number_text(value)
    return ("+" if value >= 0 else "") + number_text(value, 3)


def _decision_lines(test: SequentialTest, decision: dict[str, Any]) -> str:
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
            estimate=_number(decision["estimate"], signed=True),
            low=_number(decision["low"], signed=True),
            high=_number(decision["high"], signed=True),
            level=_("{number}%").format(number=95),
        ),
    ]
    if decision["games"] < 2:  # no interval to give
        lines.pop()
    return "\n".join(lines)
