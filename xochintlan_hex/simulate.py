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
        (:data:`~xochintlan_hex.stats.CARD_SEPARATOR`), e.g. ``"F"`` or ``"L'+X"``.
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
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.hextremadura import Hextremadura, Tileset, load_tileset
from xochintlan_hex.players import Player, get_player, player_name
from xochintlan_hex.stats import CARD_SEPARATOR
from xochintlan_hex.xochintlan import Rules, Xochintlan

#: The turn cap of a study whose rules set none (see the module docstring).
STUDY_MAX_TURNS = 200

#: Most games sent to a worker at once: small enough for a lively progress bar
#: and an even load, large enough that sending a chunk costs little.
MAX_CHUNK = 250

#: Chunks waiting or running per worker: enough to keep every worker busy, few
#: enough that a study of any size holds only a handful in memory.
IN_FLIGHT_PER_WORKER = 4

PlayerSpec = str | Player


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


def _check_count(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an int >= {minimum}, got {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise ValueError(f"{name} must be an int >= {minimum}, got {value!r}") from None
    if number < minimum:
        raise ValueError(f"{name} must be an int >= {minimum}, got {number}")
    return number


def _check_executor(executor: Any) -> None:
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(
            "executor must be a concurrent.futures.Executor (something with "
            f"submit), e.g. distributed.Client().get_executor(); got {executor!r}"
        )


def _check_players(players: Any) -> list[PlayerSpec]:
    """One player (name or object) per seat; names are checked against the registry."""
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",")]
    try:
        seats = list(players)
    except TypeError:
        raise ValueError(f"players must list one player per seat, e.g. ['greedy', 'random'], got {players!r}") from None
    if not seats:
        raise ValueError("players must name at least one seat, e.g. ['greedy', 'random']")
    for seat in seats:
        get_player(seat, game="xochintlan")  # raises a ValueError naming the known players
    return seats


def study_rules(rules: Any) -> Rules:
    """The rules a study plays: ``rules`` with the study's turn cap when they set none."""
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a xochintlan Rules(...), got {rules!r}")
    if rules.max_turns is None:
        return dataclasses.replace(rules, max_turns=STUDY_MAX_TURNS)
    return rules


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
    chunk_size = _check_count("chunk_size", chunk_size, 1)
    return [indices[i : i + chunk_size] for i in range(0, len(indices), chunk_size)]


def iter_chunks(
    play_chunk: Callable[..., list[dict]],
    chunks: Iterable[Sequence[int]],
    args: tuple = (),
    workers: int = 1,
    executor: Executor | None = None,
) -> Iterator[tuple[Sequence[int], list[dict]]]:
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
    workers = _check_count("workers", workers, 1)
    _check_executor(executor)
    chunks = iter(chunks)
    if executor is None and workers == 1:
        return ((chunk, play_chunk(chunk, *args)) for chunk in chunks)
    # Processes start at the first submit: before any progress-bar thread exists.
    pool = (
        ProcessPoolExecutor(max_workers=workers, initializer=_exit_with_parent, initargs=(os.getpid(),))
        if executor is None
        else executor
    )
    submit = functools.partial(_submit_next, pool, play_chunk, chunks, args)
    futures: dict[Future, Any] = {}
    for _ in range(IN_FLIGHT_PER_WORKER * workers):
        if not submit(futures):
            break
    return _as_they_end(futures, submit, pool if executor is None else None)


def _submit_next(
    pool: Executor, play_chunk: Callable[..., list[dict]], chunks: Iterator, args: tuple, futures: dict[Future, Any]
) -> bool:
    """Submit the next chunk, if any is left; say whether one was."""
    chunk = next(chunks, None)
    if chunk is None:
        return False
    futures[pool.submit(play_chunk, chunk, *args)] = chunk
    return True


def _exit_with_parent(parent: int) -> None:
    """In a worker process: exit once the study's process is gone (e.g. killed).

    Without this, workers of a killed study would wait for work forever.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _as_they_end(
    futures: dict[Future, Any], submit: Callable[[dict], bool], own_pool: Executor | None
) -> Iterator[tuple[Sequence[int], list[dict]]]:
    try:
        while futures:
            finished, _ = wait(futures, return_when=FIRST_COMPLETED)
            for future in finished:
                chunk = futures.pop(future)
                submit(futures)  # keep the workers busy while this chunk is written
                yield chunk, future.result()
    finally:
        for future in futures:
            future.cancel()
        if own_pool is not None:
            own_pool.shutdown(wait=True, cancel_futures=True)


def _run(
    play_chunk: Callable[..., list[dict]],
    games: int,
    args: tuple,
    workers: int,
    executor: Executor | None,
    progress: bool,
    desc: str,
) -> list[dict]:
    from tqdm.auto import tqdm

    rows: list[dict] = []
    chunks = chunk_indices(range(games), workers)
    results = iter_chunks(play_chunk, chunks, args, workers, executor)
    with tqdm(total=games, desc=desc, unit="game", disable=not progress) as bar:
        for chunk, chunk_rows in results:
            rows.extend(chunk_rows)
            bar.update(len(chunk))
    return sorted(rows, key=operator.itemgetter("game"))


# ---------------------------------------------------------------------------
# Xochintlan


def _seat_players(players: Sequence[PlayerSpec]) -> list[Player]:
    return [get_player(p, game="xochintlan") for p in players]


def play_xochintlan_game(seed_of_game: int, players: Sequence[PlayerSpec], rules: Rules = Rules()) -> Xochintlan:
    """Play one whole game from its seed and return the finished game.

    ``rules`` are used as given (no turn cap is added here).
    """
    seats = _seat_players(players)
    game = Xochintlan(players=len(seats), seed=seed_of_game, rules=rules)
    rngs = [seat_rng(seed_of_game, seat) for seat in range(len(seats))]
    while not game.is_over:
        seat = game.current_player
        game.play(seats[seat].choose(game, rngs[seat]))
    return game


def xochintlan_row(game: Xochintlan, index: int, seed_of_game: int, player_names: Sequence[str]) -> dict:
    """The study row of a finished game (see the module docstring for the columns)."""
    row: dict[str, Any] = {"game": index, "seed": seed_of_game}
    row.update(dataclasses.asdict(game.rules))
    row["n_players"] = game.n_players
    for seat, name in enumerate(player_names):
        row[f"player_{seat}"] = name
    for seat, cards in enumerate(game.cards):
        row[f"cards_{seat}"] = CARD_SEPARATOR.join(card.name for card in cards)
    winner = game.winner
    row["winner"] = winner
    row["winner_player"] = None if winner is None else player_names[winner]
    row["winning_kind"] = game.winning_kind
    row["winning_card"] = None if game.winning_card is None else game.winning_card.name
    row["turns"] = game.turn
    row["end_reason"] = game.end_reason
    return row


def play_xochintlan_games(
    indices: Iterable[int], players: Sequence[PlayerSpec], rules: Rules = Rules(), seed: int = 0
) -> list[dict]:
    """Play the games of a study with these indices; one row per game, in order.

    The rows are exactly those of the same games in
    ``simulate_xochintlan(games, players, rules, seed)``.
    """
    rules = study_rules(rules)
    names = [player_name(get_player(p, game="xochintlan")) for p in players]
    rows = []
    for index in indices:
        seed_of_game = game_seed(seed, index)
        game = play_xochintlan_game(seed_of_game, players, rules)
        rows.append(xochintlan_row(game, index, seed_of_game, names))
    return rows


def replay_xochintlan(row: Any) -> Xochintlan:
    """Play again the game of one study row (a dict or a frame row) and return it."""
    rules = Rules(**{f.name: _plain(row[f.name]) for f in dataclasses.fields(Rules)})
    players = [row[f"player_{seat}"] for seat in range(int(row["n_players"]))]
    return play_xochintlan_game(int(row["seed"]), players, rules)


def _plain(value: Any) -> Any:
    """A frame cell as a plain Python value (NaN -> None, numpy ints -> int)."""
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA:
        return None
    return value.item() if isinstance(value, np.generic) else value


def xochintlan_columns(n_players: int) -> list[str]:
    """The columns of a Xochintlan study with ``n_players`` seats, in order.

    >>> xochintlan_columns(2)[-8:]
    ['cards_0', 'cards_1', 'winner', 'winner_player', 'winning_kind', 'winning_card', 'turns', 'end_reason']
    """
    return (
        ["game", "seed"]
        + [f.name for f in dataclasses.fields(Rules)]
        + ["n_players"]
        + [f"player_{seat}" for seat in range(n_players)]
        + [f"cards_{seat}" for seat in range(n_players)]
        + ["winner", "winner_player", "winning_kind", "winning_card", "turns", "end_reason"]
    )


def xochintlan_frame(rows: Sequence[dict], n_players: int | None = None) -> pd.DataFrame:
    """Study rows as a frame with the documented column order and types.

    ``n_players`` fixes the columns of a frame without rows (a study of 0 games).
    """
    rows = list(rows)
    seats = n_players if n_players is not None else max((r["n_players"] for r in rows), default=0)
    frame = pd.DataFrame(rows, columns=xochintlan_columns(seats))
    frame["winner"] = frame["winner"].astype("Int64")
    if rows:
        frame["max_turns"] = frame["max_turns"].astype("int64")
    for column in ("winner_player", "winning_kind", "winning_card"):
        frame[column] = _names_or_missing(frame[column])
    return frame.reset_index(drop=True)


def _names_or_missing(column: pd.Series) -> pd.Series:
    """Names as plain Python strings, and missing (NaN) where nobody won, on any pandas.

    (``astype(str)`` would turn a missing value into the text "None" or "nan" on
    pandas 2, and a file written from such a frame would keep that text.)
    """
    values = column.to_numpy(dtype=object, copy=True)
    values[pd.isna(values)] = np.nan  # as pandas shows a missing text, whatever the version
    return pd.Series(values, index=column.index, dtype=object)


def simulate_xochintlan(
    games: int,
    players: Sequence[PlayerSpec] | str,
    rules: Rules = Rules(),
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play ``games`` Xochintlan games, one player per seat, and return one row per game.

    ``players``: one name (see :data:`~xochintlan_hex.players.PLAYERS`) or player
    object per seat, seat 0 first, or a comma-separated string such as
    ``"greedy,random"``. Columns, seeding, workers and the turn cap: see the
    module docstring.

    >>> frame = simulate_xochintlan(3, "greedy,random", seed=5, progress=False)
    >>> frame["player_0"].tolist(), frame["end_reason"].isin(["win", "tie", "turn_limit"]).all()
    (['greedy', 'greedy', 'greedy'], np.True_)
    """
    games = _check_count("games", games, 0)
    seed = _check_count("seed", seed, 0)
    workers = _check_count("workers", workers, 1)
    _check_executor(executor)
    seats = _check_players(players)
    rules = study_rules(rules)
    rows = _run(
        play_xochintlan_games,
        games,
        (seats, rules, seed),
        workers,
        executor,
        progress,
        desc=f"Xochintlan {'/'.join(map(str, seats))}",
    )
    return xochintlan_frame(rows, n_players=len(seats))


# ---------------------------------------------------------------------------
# Hextremadura


def _study_tileset(tileset: Any) -> Tileset:
    try:
        return load_tileset(tileset)
    except (OSError, TypeError) as problem:
        raise ValueError(f"tileset: cannot load {tileset!r}: {problem}") from None


def play_hextremadura_game(
    seed_of_game: int, player: PlayerSpec = "greedy", tileset: Tileset | None = None
) -> Hextremadura:
    """Play one whole solo game from its seed and return the finished game."""
    chooser = get_player(player, game="hextremadura")
    game = Hextremadura(seed=seed_of_game, tileset=tileset)
    rng = seat_rng(seed_of_game, 0)
    while not game.is_over:
        game.play(chooser.choose(game, rng))
    return game


def hextremadura_row(game: Hextremadura, index: int, seed_of_game: int, name: str) -> dict:
    """The study row of a finished game (see the module docstring for the columns)."""
    outcome = game.outcome()
    row: dict[str, Any] = {
        "game": index,
        "seed": seed_of_game,
        "tileset": game.tileset.name,
        "player": name,
        "score": outcome["score"],
        "max_score": outcome["max_score"],
        "rating": outcome["rating"],
        "rounds": outcome["rounds"],
        "turns": outcome["placements"],
        "explored": sum(len(taken) for taken in game.removals),
        "tiles_on_map": outcome["tiles_on_map"],
        "front_left": outcome["front_left"],
    }
    row.update({key: value for key, value in outcome.items() if key.startswith(("objectives_", "met_", "quest_"))})
    return row


def play_hextremadura_games(
    indices: Iterable[int], player: PlayerSpec = "greedy", tileset: Tileset | None = None, seed: int = 0
) -> list[dict]:
    """Play the games of a study with these indices; one row per game, in order.

    The rows are exactly those of the same games in
    ``simulate_hextremadura(games, player, tileset, seed)``.
    """
    tileset = load_tileset(tileset)
    name = player_name(get_player(player, game="hextremadura"))
    rows = []
    for index in indices:
        seed_of_game = game_seed(seed, index)
        game = play_hextremadura_game(seed_of_game, player, tileset)
        rows.append(hextremadura_row(game, index, seed_of_game, name))
    return rows


def replay_hextremadura(row: Any, tileset: Tileset | None = None) -> Hextremadura:
    """Play again the game of one study row (pass the study's tile set if not the kit's)."""
    return play_hextremadura_game(int(row["seed"]), row["player"], tileset)


def hextremadura_columns() -> list[str]:
    """The columns of a Hextremadura study, in order.

    >>> hextremadura_columns()[:6]
    ['game', 'seed', 'tileset', 'player', 'score', 'max_score']
    """
    return list(hextremadura_row(Hextremadura(seed=0), 0, 0, "").keys())


def hextremadura_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """Study rows as a frame with the documented column order and types."""
    return pd.DataFrame(list(rows), columns=hextremadura_columns()).reset_index(drop=True)


def simulate_hextremadura(
    games: int,
    player: PlayerSpec = "greedy",
    tileset: Tileset | str | None = None,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play ``games`` solo games of Hextremadura and return one row per game.

    ``player``: a name (see :data:`~xochintlan_hex.players.PLAYERS`) or a player
    object. ``tileset``: anything :func:`~xochintlan_hex.hextremadura.load_tileset`
    accepts (the kit's set by default). Columns, seeding and workers: see the
    module docstring.

    >>> frame = simulate_hextremadura(2, "random", progress=False)
    >>> frame[["game", "player", "rounds"]].shape
    (2, 3)
    """
    games = _check_count("games", games, 0)
    seed = _check_count("seed", seed, 0)
    workers = _check_count("workers", workers, 1)
    _check_executor(executor)
    get_player(player, game="hextremadura")  # a ValueError naming the known players
    tiles = _study_tileset(tileset)
    rows = _run(
        play_hextremadura_games,
        games,
        (player, tiles, seed),
        workers,
        executor,
        progress,
        desc=f"Hextremadura {player_name(get_player(player, 'hextremadura'))}",
    )
    return hextremadura_frame(rows)
