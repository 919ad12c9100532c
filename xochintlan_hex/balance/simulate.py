"""Play many games with computer players and collect one tidy row per game.

>>> from xochintlan_hex.simulate import simulate_xochintlan
>>> frame = simulate_xochintlan(4, ["greedy", "random"], seed=1, progress=False)
>>> list(frame["game"]), list(frame.columns[-6:])
([0, 1, 2, 3], ['winner', 'winner_player', 'winning_kind', 'winning_card', 'turns', 'end_reason'])

Reproducible from one seed
    Game ``i`` of a study with seed ``s`` gets its own seed, :func:`game_seed`
    ``(s, i)`` (numpy's ``SeedSequence(s).spawn`` child ``i``, read as a 63-bit
    int). It shuffles that game's deck or pile, and each seat draws its choices
    from its own ``random.Random`` (see :func:`seat_rng`). So the same seed gives
    the same frame whatever ``workers`` is, any slice of game indices can be
    played on its own (:func:`play_xochintlan_games`,
    :func:`play_hextremadura_games`), and one game of a study is replayed from its
    row with :func:`replay_xochintlan` / :func:`replay_hextremadura`.

Where the games run
    ``workers=1``: in this process. ``workers > 1``: in that many local
    processes (a ``ProcessPoolExecutor``). ``executor=``: on any
    ``concurrent.futures.Executor``, for instance a Dask cluster's
    ``distributed.Client(address).get_executor()`` (``workers`` then only sets how
    finely the games are split: about four chunks per worker, at most
    :data:`MAX_CHUNK` games each). Games travel in chunks of indices (see
    :func:`iter_chunks`), the functions sent are module-level and their
    arguments picklable. A ``tqdm.auto`` bar shows progress (a widget in
    Jupyter, text in a terminal); ``progress=False`` hides it.

Turn cap
    A Xochintlan game between weak players can wander for a long time (and the
    ``endgame="swap"`` variant never ties), so when ``rules.max_turns`` is None
    a study plays with ``max_turns =`` :data:`STUDY_MAX_TURNS` (200). The
    ``max_turns`` column records the cap actually used.

Xochintlan columns (:func:`simulate_xochintlan`)
    ``game``
        index of the game in the study (0, 1, ...).
    ``seed``
        the game's own seed (:func:`game_seed`).
    the rules
        one column per field of :class:`~xochintlan_hex.xochintlan.Rules`: ``lattice``,
        ``tiles_per_kind``, ``cards_per_player``, ``match``, ``win_check``, ``endgame``,
        ``allow_redraw``, ``open_cards``, ``keep_connected``, ``cut_off_switch``, ``lock``,
        ``quiet_rounds``, ``max_turns``.
    ``n_players``
        number of seats.
    ``player_0``, ``player_1``, ...
        the player kind at each seat (``"greedy"``...); seat 0 moves first.
    ``cards_0``, ``cards_1``, ...
        the goal cards each seat held at the end, names joined by ``"+"``
        (:data:`~xochintlan_hex.balance.card_metrics.CARD_SEPARATOR`), e.g. ``"F"`` or ``"L'+X"``.
        With ``allow_redraw`` a revealed and replaced card is no longer listed.
    ``winner``
        the winning seat (nullable ``Int64``; missing when nobody won).
    ``winner_player``
        the player kind of the winning seat (missing when nobody won).
    ``winning_kind``
        the animal kind of the winning pattern (``"L"``, ``"B"`` or ``"M"``), or missing.
    ``winning_card``
        the name of the reproduced card, or missing.
    ``turns``
        actions played (a Redraw counts as a turn).
    ``end_reason``
        ``"win"``, ``"tie"`` (all animals placed, nobody won) or ``"turn_limit"``.

Hextremadura columns (:func:`simulate_hextremadura`)
    ``game``, ``seed``
        as above.
    ``tileset``
        the tile set's name.
    ``player``
        the player kind (``"greedy"``...).
    ``score``
        back-facing tiles whose objective holds on the final map (0..15 with
        the kit's set).
    ``max_score``
        the perfect score of the game (its terrain tiles: 15).
    ``rating``
        the score's band, ``hextremadura.RATING_BANDS``: ``"wanderer"`` below 9,
        ``"explorer"`` from 9, ``"naturalist"`` from 12, ``"guide"`` from 14,
        ``"star"`` for a perfect score (``score == max_score``).
    ``rounds``
        rounds played.
    ``turns``
        tiles placed over the whole game.
    ``explored``
        tiles taken off the map over the game (completed front faces).
    ``tiles_on_map``
        tiles on the final map.
    ``front_left``
        front-facing terrain tiles left on the final map (never explored).
    ``met_<type>``, ``objectives_<type>``
        for each objective type of ``hextremadura.OBJECTIVE_TYPES``
        (``all_symbols``, ``same_symbol_triad``, ``three_separate``,
        ``adjacent_pair``): how many back-facing tiles of the final map carry an
        objective of that type that holds, and how many carry one at all.
    ``quest_monfrague``, ``quest_garganta_de_los_infiernos``, ``quest_los_barruecos``
        whether each discover quest is completed (bool; Monfragüe asks for
        ``hextremadura.MONFRAGUE_POINTS`` points).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import operator
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.game import (
    GameSpec,
    Player,
    Row,
    StateT,
    checked_count,
    game_spec,
    load_game_module,
    loaded_game_modules,
)
from xochintlan_hex.hextremadura import Hextremadura, Tileset, load_tileset
from xochintlan_hex.hextremadura import spec as hextremadura_spec
from xochintlan_hex.i18n import _
from xochintlan_hex.players import get_player, player_name
from xochintlan_hex.xochintlan import Rules, Xochintlan
from xochintlan_hex.xochintlan import spec as xochintlan_spec

#: Most games sent to a worker at once: small enough for a lively progress bar
#: and an even load, large enough that sending a chunk costs little.
MAX_CHUNK = 250

#: Chunks waiting or running per worker: enough to keep every worker busy, few
#: enough that a study of any size holds only a handful in memory.
IN_FLIGHT_PER_WORKER = 4

PlayerSpec = str | Player[Any, Any]


# ---------------------------------------------------------------------------
# Seeds


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a study seeded with ``seed`` (a 63-bit int).

    It depends only on ``(seed, index)``: it is the ``index``-th child of
    ``numpy.random.SeedSequence(seed)``.

    >>> game_seed(0, 5) == game_seed(0, 5) != game_seed(0, 6)
    True
    """
    state = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(2, np.uint32)
    return (int(state[0]) << 31) ^ int(state[1])


def seat_rng(seed_of_game: int, seat: int) -> random.Random:
    """The random source of one seat in one game: its own stream, independent of the others.

    >>> seat_rng(7, 0).random() == seat_rng(7, 0).random() != seat_rng(7, 1).random()
    True
    """
    return random.Random(f"{seed_of_game}:{seat}")


# ---------------------------------------------------------------------------
# Checking arguments


def _check_executor(executor: Any) -> None:
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(
            "executor must be a concurrent.futures.Executor (something with "
            f"submit), e.g. distributed.Client().get_executor(); got {executor!r}"
        )


def registered_spec(game: str | GameSpec[Any]) -> GameSpec[Any]:
    """The registered spec of ``game`` (a name or a spec): worker processes find it again by its name."""
    spec = game_spec(game)
    if game_spec(spec.name) is not spec:
        raise ValueError(f"the game {spec.name!r} given is not the one registered under that name; register it first")
    return spec


def check_players(spec: GameSpec[Any], players: Any) -> list[PlayerSpec]:
    """One player (a registered name or an object with ``choose``) per seat, as many as the game seats.

    A comma-separated string is split. A ValueError names the known players.
    """
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",")]
    elif isinstance(players, Player) and not isinstance(players, (list, tuple)):
        players = [players]
    try:
        seats = list(players)
    except TypeError:
        raise ValueError(
            _("players must list one player per seat, e.g. greedy,random; got {value}").format(value=repr(players))
        ) from None
    if not seats:
        raise ValueError(_("players must name at least one seat, e.g. greedy,random"))
    for seat in seats:
        get_player(seat, game=spec)  # a ValueError naming the known players
    spec.check_seats(len(seats))
    return seats


def study_rules(rules: Any) -> Rules:
    """The rules a Xochintlan study plays: ``rules`` with the study's turn cap when they set none."""
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a xochintlan Rules(...), got {rules!r}")
    return Rules(**xochintlan_spec.played_parameters(dataclasses.asdict(rules)))


def played_parameters(spec: GameSpec[Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
    """The checked parameters of ``spec`` as a study plays them (e.g. with its turn cap)."""
    checked = spec.check_parameters(parameters)
    return spec.played_parameters(checked) if spec.played_parameters is not None else checked


# ---------------------------------------------------------------------------
# Running chunks of games anywhere


def chunk_indices(indices: Sequence[int], workers: int = 1, chunk_size: int | None = None) -> list[list[int]]:
    """Split game indices into chunks: about four per worker, at most :data:`MAX_CHUNK`.

    >>> chunk_indices(range(10), workers=2)
    [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]]
    """
    indices = list(indices)
    if chunk_size is None:
        chunk_size = max(1, min(MAX_CHUNK, math.ceil(len(indices) / (4 * workers))))
    chunk_size = checked_count("chunk_size", chunk_size, 1)
    return [indices[i : i + chunk_size] for i in range(0, len(indices), chunk_size)]


def iter_chunks(
    play_chunk: Callable[..., list[dict[str, Any]]],
    chunks: Iterable[Sequence[int]],
    args: tuple[Any, ...] = (),
    workers: int = 1,
    executor: Executor | None = None,
) -> Iterator[tuple[Sequence[int], list[dict[str, Any]]]]:
    """Play ``play_chunk(chunk, *args)`` for each chunk; yield ``(chunk, rows)`` as each ends.

    Chunks finish in any order when they run in parallel. ``play_chunk`` must be
    a module-level function and ``args`` picklable so that processes and Dask
    workers can receive them. With ``workers == 1`` and no executor, the chunks
    run here, in order. Otherwise a few chunks per worker are submitted at once
    (before this function returns) and one more each time one ends, so ``chunks``
    may be a lazy iterable of any length (a million-game study never lists its
    games); closing the iterator early cancels those not started. A long study
    can write each chunk as it arrives and, to resume, run only the chunks it has
    not written.

    >>> from xochintlan_hex.simulate import play_xochintlan_games
    >>> for chunk, rows in iter_chunks(play_xochintlan_games, [[0, 1], [2]], (["greedy", "random"],)):
    ...     print(chunk, [row["game"] for row in rows])
    [0, 1] [0, 1]
    [2] [2]
    """
    workers = checked_count("workers", workers, 1)
    _check_executor(executor)
    chunks = iter(chunks)
    if executor is None and workers == 1:
        return ((chunk, play_chunk(chunk, *args)) for chunk in chunks)
    # Processes start at the first submit: before any progress-bar thread exists.
    pool = (
        ProcessPoolExecutor(max_workers=workers, initializer=_serve_parent, initargs=(os.getpid(),))
        if executor is None
        else executor
    )
    submit = functools.partial(_submit_next, pool, play_chunk, chunks, args)
    futures: dict[Future[Any], Any] = {}
    for _slot in range(IN_FLIGHT_PER_WORKER * workers):
        if not submit(futures):
            break
    return _as_they_end(futures, submit, pool if executor is None else None)


def _submit_next(
    pool: Executor,
    play_chunk: Callable[..., list[dict[str, Any]]],
    chunks: Iterator[Any],
    args: tuple[Any, ...],
    futures: dict[Future[Any], Any],
) -> bool:
    """Submit the next chunk, if any is left; say whether one was."""
    chunk = next(chunks, None)
    if chunk is None:
        return False
    futures[pool.submit(play_chunk, chunk, *args)] = chunk
    return True


def _serve_parent(parent: int) -> None:
    """In a worker process: leave every stop to the study's process, and exit once it is gone.

    Ctrl-C, SIGTERM and SIGHUP reach a terminal's or a batch job's whole process
    group; the workers ignore them, and the study's process, which keeps the finished
    chunks and says how to resume, ends them (:func:`_stop_workers`). Without that, each
    worker would print a traceback of its own. A killed study's workers exit by
    themselves instead of waiting for work forever.
    """
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _as_they_end(
    futures: dict[Future[Any], Any], submit: Callable[[dict[Future[Any], Any]], bool], own_pool: Executor | None
) -> Iterator[tuple[Sequence[int], list[dict[str, Any]]]]:
    try:
        while futures:
            finished, _pending = wait(futures, return_when=FIRST_COMPLETED)
            for future in finished:
                chunk = futures.pop(future)
                submit(futures)  # keep the workers busy while this chunk is written
                yield chunk, future.result()
    finally:
        for future in futures:
            future.cancel()
        if own_pool is not None:
            if futures:  # stopped early (Ctrl-C, SIGTERM, an error, a decided test)
                _stop_workers(own_pool)
            own_pool.shutdown(wait=True, cancel_futures=True)


def _stop_workers(pool: Executor) -> None:
    """End a process pool's workers now, in the middle of their chunks.

    A run that stops early throws away the chunks still playing, and a chunk of strong
    games takes minutes: waiting for them would outlast a batch system's grace period
    for nothing. (A chunk already handed to a worker cannot be cancelled.)
    """
    kill = getattr(pool, "kill_workers", None)  # Python 3.14 and later
    if kill is not None:
        kill()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.kill()  # the workers ignore SIGTERM (see _serve_parent)


def _run(
    play_chunk: Callable[..., list[dict[str, Any]]],
    games: int,
    args: tuple[Any, ...],
    workers: int,
    executor: Executor | None,
    progress: bool,
    desc: str,
) -> list[dict[str, Any]]:
    from xochintlan_hex.balance.progress import game_progress_bar

    rows: list[dict[str, Any]] = []
    chunks = chunk_indices(range(games), workers)
    results = iter_chunks(play_chunk, chunks, args, workers, executor)
    with game_progress_bar(games, desc, disable=not progress) as bar:
        for chunk, chunk_rows in results:
            rows.extend(chunk_rows)
            bar.update(len(chunk))
    return sorted(rows, key=operator.itemgetter("game"))


# ---------------------------------------------------------------------------
# Any registered game


def play_game(
    game: str | GameSpec[StateT], seed_of_game: int, players: Sequence[PlayerSpec], parameters: Mapping[str, Any]
) -> StateT:
    """Play one whole game from its seed and return the finished game.

    ``parameters`` are used as given (checked, with no study turn cap added here).
    """
    spec: GameSpec[StateT] = game_spec(game)
    seats: list[Player[StateT, Any]] = [get_player(p, game=spec) for p in players]
    state = spec.new_game(seed=seed_of_game, seats=len(seats), **parameters)
    rngs = [seat_rng(seed_of_game, seat) for seat in range(len(seats))]
    while not state.is_over:
        seat = state.current_player
        state.play(seats[seat].choose(state, rngs[seat]))
    return state


def play_games(
    indices: Iterable[int],
    game: str,
    players: Sequence[PlayerSpec],
    parameters: Mapping[str, Any],
    seed: int = 0,
    modules: Sequence[str] = (),
) -> list[Row]:
    """Play the games of a study with these indices; one row per game, in order.

    ``game`` is a registered name (``modules`` the game modules to load first, in a
    fresh worker process); ``parameters`` are played as given. The rows are
    exactly those of the same games in ``simulate(game, games, players, seed)``.
    """
    for module in modules:
        load_game_module(module)
    spec = game_spec(game)
    names = [player_name(get_player(p, game=spec)) for p in players]
    rows = []
    for index in indices:
        seed_of_game = game_seed(seed, index)
        state = play_game(spec, seed_of_game, players, parameters)
        rows.append(spec.row(state, index, seed_of_game, names))
    return rows


def study_frame(game: str | GameSpec[Any], rows: Sequence[Row], seats: int | None = None) -> pd.DataFrame:
    """Study rows of ``game`` as a frame with its column order and types.

    ``seats`` fixes the columns of a frame without rows (a study of 0 games).
    """
    spec = game_spec(game)
    rows = list(rows)
    if seats is None:
        seats = max((len(_seat_names(row)) for row in rows), default=spec.seats[0])
    if spec.to_frame is not None:
        return spec.to_frame(rows, seats)
    return pd.DataFrame(rows, columns=spec.columns(seats)).reset_index(drop=True)


def simulate(
    game: str | GameSpec[Any],
    games: int,
    players: Sequence[PlayerSpec] | PlayerSpec,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
    **parameters: Any,
) -> pd.DataFrame:
    """Play ``games`` games of ``game`` (a registered name or spec) and return one row per game.

    ``players``: one player name (see the spec's ``players``) or player object
    per seat, seat 0 first, or a comma-separated string such as
    ``"greedy,random"``. ``parameters``: the game's own (its spec's schema,
    checked once). Columns, seeding, workers and the turn cap: see the module
    docstring.

    >>> frame = simulate("xochintlan", 3, "greedy,random", seed=5, progress=False)
    >>> frame["player_0"].tolist(), frame["end_reason"].isin(["win", "tie", "turn_limit"]).all()
    (['greedy', 'greedy', 'greedy'], np.True_)
    """
    spec = registered_spec(game)
    games = checked_count("games", games, 0)
    seed = checked_count("seed", seed, 0)
    workers = checked_count("workers", workers, 1)
    _check_executor(executor)
    seats = check_players(spec, players)
    played = played_parameters(spec, parameters)
    names = [player_name(get_player(p, game=spec)) for p in seats]
    rows = _run(
        play_games,
        games,
        (spec.name, seats, played, seed, loaded_game_modules()),
        workers,
        executor,
        progress,
        desc=f"{spec.title} {'/'.join(names)}",
    )
    return study_frame(spec, rows, seats=len(seats))


def replay(game: str | GameSpec[Any], row: Any, **parameters: Any) -> Any:
    """Play again the game of one study row (a dict or a frame row) and return it.

    The row's players and seed, and its parameters that are plain columns (the
    rules); pass the others (e.g. a tile set that is not the kit's) as ``parameters``.
    """
    spec = game_spec(game)
    for parameter in spec.parameters:
        if parameter.name not in parameters and parameter.kind != "object" and parameter.name in row:
            parameters[parameter.name] = xochintlan_spec.plain(row[parameter.name])
    return play_game(spec, int(row["seed"]), _seat_names(row), spec.check_parameters(parameters))


def _seat_names(row: Any) -> list[str]:
    """The players of a row: ``player_0``, ``player_1``... or the one ``player`` of a solo game."""
    names: list[str] = []
    while f"player_{len(names)}" in row:
        names.append(row[f"player_{len(names)}"])
    return names or [row["player"]]


# ---------------------------------------------------------------------------
# The kit's two games by name (the names the lessons and the docs use)


def play_xochintlan_game(seed_of_game: int, players: Sequence[PlayerSpec], rules: Rules = Rules()) -> Xochintlan:
    """Play one whole Xochintlan game from its seed (``rules`` as given, no turn cap added)."""
    state: Xochintlan = play_game("xochintlan", seed_of_game, players, dataclasses.asdict(rules))
    return state


def play_xochintlan_games(
    indices: Iterable[int], players: Sequence[PlayerSpec], rules: Rules = Rules(), seed: int = 0
) -> list[Row]:
    """The rows of the Xochintlan games with these indices of ``simulate_xochintlan(games, players, rules, seed)``."""
    return play_games(indices, "xochintlan", players, dataclasses.asdict(study_rules(rules)), seed)


def replay_xochintlan(row: Any) -> Xochintlan:
    """Play again the Xochintlan game of one study row (a dict or a frame row) and return it."""
    state: Xochintlan = replay("xochintlan", row)
    return state


def xochintlan_frame(rows: Sequence[Row], n_players: int | None = None) -> pd.DataFrame:
    """Xochintlan study rows as a frame (``n_players`` fixes the columns of a frame without rows)."""
    return xochintlan_spec.study_frame(rows, n_players)


def simulate_xochintlan(
    games: int,
    players: Sequence[PlayerSpec] | str,
    rules: Rules = Rules(),
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play ``games`` Xochintlan games, one player per seat: :func:`simulate` with ``rules``.

    >>> frame = simulate_xochintlan(3, "greedy,random", seed=5, progress=False)
    >>> frame["player_1"].tolist()
    ['random', 'random', 'random']
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a xochintlan Rules(...), got {rules!r}")
    return simulate("xochintlan", games, players, seed, workers, executor, progress, **dataclasses.asdict(rules))


def play_hextremadura_game(
    seed_of_game: int, player: PlayerSpec = "greedy", tileset: Tileset | None = None
) -> Hextremadura:
    """Play one whole solo game of Hextremadura from its seed and return the finished game."""
    state: Hextremadura = play_game("hextremadura", seed_of_game, [player], {"tileset": load_tileset(tileset)})
    return state


def play_hextremadura_games(
    indices: Iterable[int], player: PlayerSpec = "greedy", tileset: Tileset | None = None, seed: int = 0
) -> list[Row]:
    """The rows of the Hextremadura games with these indices of ``simulate_hextremadura(games, player, tileset, seed)``."""
    return play_games(indices, "hextremadura", [player], {"tileset": load_tileset(tileset)}, seed)


def replay_hextremadura(row: Any, tileset: Tileset | None = None) -> Hextremadura:
    """Play again the game of one study row (pass the study's tile set if not the kit's)."""
    state: Hextremadura = replay("hextremadura", row, tileset=tileset)
    return state


def hextremadura_frame(rows: Sequence[Row]) -> pd.DataFrame:
    """Hextremadura study rows as a frame with the documented column order."""
    return hextremadura_spec.study_frame(rows)


def simulate_hextremadura(
    games: int,
    player: PlayerSpec = "greedy",
    tileset: Tileset | str | None = None,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play ``games`` solo games of Hextremadura: :func:`simulate` with ``tileset`` (the kit's by default).

    >>> frame = simulate_hextremadura(2, "random", progress=False)
    >>> frame[["game", "player", "rounds"]].shape
    (2, 3)
    """
    return simulate("hextremadura", games, [player], seed, workers, executor, progress, tileset=tileset)


#: The row and column functions of each game, by their older names.
xochintlan_row = xochintlan_spec.study_row
xochintlan_columns = xochintlan_spec.study_columns


def hextremadura_row(game: Hextremadura, index: int, seed_of_game: int, name: str) -> Row:
    """The study row of a finished solo game played by ``name``."""
    return hextremadura_spec.study_row(game, index, seed_of_game, [name])


STUDY_MAX_TURNS = xochintlan_spec.STUDY_MAX_TURNS


def hextremadura_columns() -> list[str]:
    """The columns of a Hextremadura study, in order.

    >>> hextremadura_columns()[:6]
    ['game', 'seed', 'tileset', 'player', 'score', 'max_score']
    """
    return hextremadura_spec.study_columns()
