"""Long studies written to disk as they run: nothing lost, resumable, whole-or-nothing output.

A *study* is a number of games of one registered game with fixed players,
parameters and seed (a :class:`Study`, made by :func:`study`, or by
:func:`xochintlan_study` and :func:`hextremadura_study` for the kit's games).
:func:`run_study` plays it and writes one results file, CSV or Parquet:

* games run in chunks of game indices (in this process, in local processes or on
  any ``concurrent.futures.Executor``, e.g. a Dask cluster); each finished chunk
  is written at once, atomically, into a side directory next to the output,
  ``<out>.parts/`` (one JSON file per chunk, ``study.json`` naming the study and
  ``manifest.jsonl``, the content hash of every chunk);
* an interrupted run (Ctrl-C, a killed process, a lost machine) keeps every
  chunk written so far; ``run_study(..., resume=True)`` plays only the missing
  games. Game ``i`` depends only on the study and ``i`` (see
  :func:`xochintlan_hex.simulate.game_seed`), so the finished file is exactly
  the one an uninterrupted run writes;
* the study folder proves its own integrity. One run at a time writes a study
  (an exclusive lock, ``.<out>.lock`` beside the output); each chunk carries the
  study's identity (a hash of ``study.json``) and its hash is in the manifest. On
  resume and again while the results file is assembled, every chunk is checked:
  identity, hash, columns and types of every row, and the game seeds the study
  implies. A chunk that fails is named, moved to ``<out>.parts/quarantine/`` and
  its games are played again: it is never merged;
* the results file appears whole or not at all: it is streamed, chunk by chunk,
  to a temporary file in the same directory, then renamed over ``out``.
  Temporary files left by a killed run are removed by the next one. The side
  directory is removed once the results file is in place.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> study = xochintlan_study(6, ["greedy", "random"], seed=3)
>>> frame = run_study(study, folder / "demo.csv", chunk_size=2, progress=False)
>>> len(frame), sorted(p.name for p in folder.iterdir())
(6, ['demo.csv'])
>>> read_results(folder / "demo.csv").equals(frame)
True
>>> import shutil; shutil.rmtree(folder)
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import errno
import functools
import hashlib
import json
import os
import re
import secrets
import shutil
import stat
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex import __version__
from xochintlan_hex.balance import simulate
from xochintlan_hex.balance.results import (
    ResultsError,
    cell_problem,
    check_across_rows,
    check_frame,
    column_of,
    first_broken_rule,
)
from xochintlan_hex.game import GameSpec, checked_count, loaded_game_modules, spec_for_columns
from xochintlan_hex.hextremadura.tiles import MAX_TILESET_BYTES  # noqa: F401 (its older home)
from xochintlan_hex.i18n import _, duration_text
from xochintlan_hex.players import game_seconds
from xochintlan_hex.xochintlan import Rules
from xochintlan_hex.xochintlan import spec as xochintlan_spec

#: Output formats, by file suffix.
FORMATS = (".csv", ".parquet")

#: Suffix of the side directory holding finished chunks: ``results.csv.parts``.
PARTS_SUFFIX = ".parts"

#: The file in the side directory that names the study.
STUDY_FILE = "study.json"

#: The file in the side directory listing each chunk and the hash of its contents.
MANIFEST_FILE = "manifest.jsonl"

#: Where chunks that fail their checks are set aside (never merged, never deleted).
QUARANTINE = "quarantine"

#: Most games in one kept chunk without ``force=True``: a chunk is played and checked
#: in memory (about 3 kB a game), and its games are lost together when a run stops.
MAX_CHUNK_SIZE = 10_000

#: Suffix of the folder beside the output that keeps the chunks set aside once the
#: results file is written: ``results.csv.quarantine/``.
KEPT_QUARANTINE_SUFFIX = ".quarantine"

#: Most bytes one game's row takes in a chunk file (a row is about 600 bytes), and
#: the chunk's own fields: a chunk file past :func:`chunk_size_limit` is set aside unread.
MAX_CHUNK_ROW_BYTES = 4_096
CHUNK_OVERHEAD_BYTES = 1_024

#: Most bytes a manifest line takes (about 120), and how many lines a game may
#: have (a chunk set aside and played again adds a line).
MAX_MANIFEST_BYTES_PER_GAME = 1_024

#: Bumped when the chunk files change shape; older side directories are refused.
PARTS_FORMAT = 2

#: Largest study without ``force=True`` (``--force``): games times the turn cap of
#: a Xochintlan game (10 million games of at most 200 turns), games for Hextremadura.
MAX_STUDY_TURNS = 2_000_000_000
MAX_STUDY_GAMES = 10_000_000

#: Longest study without ``force=True``, in seconds of one core, estimated from each
#: player's measured cost a game (:data:`xochintlan_hex.players.GAME_SECONDS`): a week.
MAX_STUDY_SECONDS = 7 * 86_400


class StudyError(ValueError):
    """A study that cannot start or resume (e.g. other parameters than the unfinished run)."""


class StudyWarning(UserWarning):
    """A kept chunk set aside (moved to quarantine/) because it failed a check."""


# ---------------------------------------------------------------------------
# What a study is


@dataclass(frozen=True)
class Study:
    """Everything that decides a study's results, and how to play a chunk of it.

    ``parameters`` is plain JSON (it is written to ``study.json`` and compared on
    resume); ``play_chunk(indices, *args)`` returns one row per game index and
    ``to_frame(rows)`` makes the tidy frame, both from :mod:`~xochintlan_hex.simulate`.
    """

    game: str
    games: int
    seed: int
    parameters: dict[str, Any]
    play_chunk: Callable[..., list[dict[str, Any]]] = field(repr=False, compare=False)
    args: tuple[Any, ...] = field(repr=False, compare=False)
    to_frame: Callable[[Sequence[dict[str, Any]]], pd.DataFrame] = field(repr=False, compare=False)
    #: The columns of a row, and the cells every row of this study holds (its rules, players).
    columns: tuple[str, ...] = field(default=(), repr=False, compare=False)
    fixed: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    #: Most turns one game can take (the cost estimate of :func:`check_study_size`).
    turns_per_game: int = field(default=1, repr=False, compare=False)
    #: About how many seconds of one core a game takes, from the players' measured costs.
    seconds_per_game: float = field(default=0.0, repr=False, compare=False)
    #: The registered names of the players, one per seat.
    players: tuple[str, ...] = field(default=(), repr=False, compare=False)

    def description(self) -> dict[str, Any]:
        """The JSON written to ``study.json``: a resumed run must match it exactly."""
        return {
            "format": PARTS_FORMAT,
            "kit_version": __version__,
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            **self.parameters,
        }

    @property
    def identity(self) -> str:
        """A hash of :meth:`description`: every chunk of this study carries it."""
        text = json.dumps(self.description(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def label(self) -> str:
        """A short name for progress bars."""
        return f"{self.game.capitalize()} {'/'.join(self.players)}"


def study(
    game: str | GameSpec[Any], games: int, players: Sequence[str] | str, seed: int = 0, **parameters: Any
) -> Study:
    """A study of any registered game: ``games`` games, one registered player name per seat.

    ``parameters``: the game's own (its spec's schema), checked once, here, with
    the set-up itself (one game is dealt) before any work.

    >>> study("xochintlan", 10, "greedy,random").description()["players"]
    ['greedy', 'random']
    """
    spec = simulate.registered_spec(game)
    games, seed = checked_count("games", games, 0), checked_count("seed", seed, 0)
    names = spec.player_names(players)
    checked = spec.check_parameters(parameters)
    played = spec.played_parameters(checked) if spec.played_parameters is not None else checked
    spec.new_game(seed=seed, seats=len(names), **played)  # refuse a bad set-up before any work
    problem = spec.study_problem(checked) if spec.study_problem is not None else None
    if problem is not None:
        raise StudyError(problem)
    return Study(
        spec.name,
        games,
        seed,
        _description(spec, names, checked),
        simulate.play_games,
        (spec.name, names, played, seed, loaded_game_modules()),
        functools.partial(simulate.study_frame, spec.name, seats=len(names)),
        columns=tuple(spec.columns(len(names))),
        fixed=_fixed_cells(spec, names, played),
        turns_per_game=spec.max_turns(played) if spec.max_turns is not None else 1,
        seconds_per_game=game_seconds(spec, names),
        players=tuple(names),
    )


def _description(spec: GameSpec[Any], names: Sequence[str], parameters: dict[str, Any]) -> dict[str, Any]:
    """What ``study.json`` says of the players and parameters (plain JSON)."""
    if spec.describe is not None:
        return spec.describe(names, parameters)
    return {"players": list(names), "parameters": parameters}


def _fixed_cells(spec: GameSpec[Any], names: Sequence[str], played: dict[str, Any]) -> dict[str, Any]:
    """The cells every row of the study holds: the parameters that are columns, and the players."""
    if spec.fixed is not None:
        return spec.fixed(names, played)
    columns = spec.columns(len(names))
    fixed = {name: value for name, value in played.items() if name in columns}
    fixed.update({f"player_{seat}": name for seat, name in enumerate(names) if f"player_{seat}" in columns})
    return fixed


def xochintlan_study(games: int, players: Sequence[str] | str, rules: Rules = Rules(), seed: int = 0) -> Study:
    """A Xochintlan study: :func:`study` with ``rules``.

    >>> xochintlan_study(10, "greedy,random").description()["rules"]["lattice"]
    'square'
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a xochintlan Rules(...), got {rules!r}")
    return study("xochintlan", games, players, seed, **dataclasses.asdict(rules))


def hextremadura_study(games: int, player: str = "greedy", tileset: Any = None, seed: int = 0) -> Study:
    """A Hextremadura study: :func:`study` of one registered player with ``tileset``.

    ``tileset``: None (the kit's set), a path to a tile-set JSON file, or a
    loaded :class:`~xochintlan_hex.hextremadura.Tileset`.

    >>> hextremadura_study(10, "random").description()["tileset"]["name"]
    'Hextremadura: the kit set'
    """
    return study("hextremadura", games, [player], seed, tileset=tileset)


def study_cost(study: Study) -> int:
    """The most turns ``study`` can play: games times the longest game (its turn cap)."""
    return study.games * study.turns_per_game


def check_study_size(study: Study, force: bool = False) -> None:
    """Refuse a study past the documented limits unless ``force``: it could take days.

    The limits are :data:`MAX_STUDY_TURNS` turns (games times the turn cap),
    :data:`MAX_STUDY_GAMES` games and :data:`MAX_STUDY_SECONDS` of one core's
    time, estimated from each player's measured cost a game.
    """
    if force:
        return
    seconds = study.games * study.seconds_per_game
    if seconds > MAX_STUDY_SECONDS:
        raise StudyError(
            _(
                "a study of {games:,} games by {players} would take about {time} of one core (from each "
                "player's measured cost a game), past the limit of {limit}; split it, or run it anyway with "
                "--force (force=True)"
            ).format(
                games=study.games,
                players=study.label.split(" ", 1)[1],
                time=duration_text(seconds),
                limit=duration_text(MAX_STUDY_SECONDS),
            )
        )
    if study_cost(study) > MAX_STUDY_TURNS or study.games > MAX_STUDY_GAMES:
        raise StudyError(
            _(
                "a study of {games:,} games may play up to {turns:,} turns, past the limit of "
                "{game_limit:,} games and {turn_limit:,} turns; split it, or run it anyway with --force (force=True)"
            ).format(games=study.games, turns=study_cost(study), game_limit=MAX_STUDY_GAMES, turn_limit=MAX_STUDY_TURNS)
        )


def usable_cores() -> int:
    """The cores this process may run on (its affinity where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def check_workers(workers: int, games: int, force: bool = False) -> None:
    """Refuse more local worker processes than cores or games unless ``force``.

    A process more than the cores only slows the others down, and one more than
    the games has nothing to play; ``--workers 100000`` would fork until the
    machine stops answering.
    """
    limit = max(1, min(games, usable_cores()))
    if workers > limit and not force:
        raise StudyError(
            _(
                "--workers {workers}: at most {limit} local processes for {games:,} games on "
                "{cores} cores (one a core, and no more than the games); start more anyway with "
                "--force"
            ).format(workers=workers, limit=limit, games=games, cores=usable_cores())
        )


# ---------------------------------------------------------------------------
# Files


def check_output_path(out: str | os.PathLike[str]) -> Path:
    """The output path, checked: a ``.csv`` or ``.parquet`` name in an existing directory."""
    path = Path(out)
    if path.suffix.lower() not in FORMATS:
        raise ValueError(
            _("the output file must end in {endings}, got {value}").format(
                endings=_(" or ").join(FORMATS), value=repr(str(out))
            )
        )
    if not path.parent.is_dir():
        raise ValueError(_("the output directory {path} does not exist").format(path=repr(str(path.parent))))
    if path.is_dir():
        raise ValueError(_("the output {path} is a directory, not a file name").format(path=repr(str(out))))
    if path.suffix.lower() == ".parquet":
        _require_pyarrow()
    return path


def _require_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ValueError(_("Parquet files need pyarrow: pip install 'xochintlan_hex[parquet]'")) from None


def parts_directory(out: str | os.PathLike[str]) -> Path:
    """Where the finished chunks of the study writing ``out`` are kept.

    >>> parts_directory("runs/greedy.csv").as_posix()
    'runs/greedy.csv.parts'
    """
    path = Path(out)
    return path.with_name(path.name + PARTS_SUFFIX)


def _atomic_write(path: Path, write: Callable[[Path], object], before_rename: Callable[[], None] | None = None) -> None:
    """Run ``write(temporary)`` then rename it to ``path``: the file is whole or absent.

    ``before_rename()`` may still refuse (raise) once the file is written.
    """
    temporary = path.with_name(_temporary_name(path.name))
    # Created as open() would (mode 0o666 less the umask), unlike mkstemp's private 0o600.
    os.close(os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    try:
        write(temporary)
        with open(temporary, "rb+") as done:
            os.fsync(done.fileno())  # on disk before the rename makes it visible
        if before_rename is not None:
            before_rename()
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _write_text(path: Path, text: str) -> None:
    _atomic_write(path, lambda temporary: temporary.write_text(text, encoding="utf-8"))


def write_results(frame: pd.DataFrame, out: str | os.PathLike[str]) -> Path:
    """Write a study frame to ``out`` (CSV or Parquet by suffix), whole or not at all."""
    path = check_output_path(out)
    if path.suffix.lower() == ".csv":
        _atomic_write(path, lambda temporary: frame.to_csv(temporary, index=False))
    else:
        _atomic_write(path, lambda temporary: frame.to_parquet(temporary, index=False))
    return path


def read_results(path: str | os.PathLike[str], shared_texts: bool = False) -> pd.DataFrame:
    """Read a results file (CSV or Parquet) back into a study frame, checking every cell.

    A file with a study's columns comes back with the column types
    :mod:`~xochintlan_hex.simulate` gives (``winner`` a nullable integer,
    missing values missing), so a study frame written and read back equals the
    frame written. Every column the kit knows is parsed strictly (integers are
    integers, booleans ``True`` or ``False``, names from their list, values in
    range; see :mod:`xochintlan_hex.results`): a bad cell raises
    :class:`~xochintlan_hex.results.ResultsError` naming the file, row and column.
    A Xochintlan study written before a rules field existed (see
    :data:`LATER_RULES_FIELDS`) reads with that field at its default, the rule
    its games were played by.

    ``shared_texts=True`` gives every text column as Python strings (``object``
    columns), each distinct text of the file made once and every cell pointing to
    it, as :func:`~xochintlan_hex.stats.report` works on them: 8 bytes a cell,
    made block by block as the file is read, where the study's own string columns
    (pandas 3: Arrow-backed) hold each cell's characters again. The values are the
    same; only the column types differ.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(
            _("a results file must end in {endings}, got {value}").format(
                endings=_(" or ").join(FORMATS), value=repr(str(path))
            )
        )
    if suffix == ".parquet":
        _require_pyarrow()
        try:
            frame = pd.read_parquet(path)
        except OSError:
            raise
        except Exception as error:  # pyarrow's own errors for a file that is not Parquet
            raise ResultsError(
                _("{path} is not a readable Parquet file ({error})").format(path=path, error=_first_line(error))
            ) from None
        frame = _as_study_frame(check_frame(frame, str(path), csv=False))
        return _with_shared_texts(frame, {}) if shared_texts else frame
    try:
        frame = _read_csv_checked(path, shared_texts)
    except pd.errors.EmptyDataError:
        raise ResultsError(_("{path} is empty: a results file has at least a header line").format(path=path)) from None
    except (pd.errors.ParserError, UnicodeDecodeError) as error:
        raise ResultsError(
            _("{path} is not a readable CSV file ({error})").format(path=path, error=_first_line(error))
        ) from None
    check_across_rows(frame, str(path))
    return frame


def _read_csv_checked(path: Path, shared_texts: bool = False) -> pd.DataFrame:
    """A CSV results file as a study frame, read, checked and typed
    :data:`FRAME_BLOCK_ROWS` rows at a time.

    Each block's cells are read as text (only empty cells missing), parsed
    strictly by their column and held to the rules within a row
    (:func:`~xochintlan_hex.results.check_frame`), then turned into the study's
    types; only the typed block is kept, never the file's texts. The blocks are
    joined column by column (:func:`_joined`). The rules that compare rows (no
    game or seed twice) are the caller's, on the whole frame. That is what keeps
    ``report`` within a few times the file's size. With ``shared_texts``, every
    text column of a block is made of the file's shared strings
    (:func:`_with_shared_texts`), so no block holds a string column of its own.
    """
    typed = []
    texts: dict[str, str] = {}
    row_offset = 0
    with pd.read_csv(path, dtype=object, keep_default_na=False, chunksize=FRAME_BLOCK_ROWS) as blocks:
        for block in blocks:
            typed.append(_typed_block(block, path, row_offset, texts, shared_texts))
            row_offset += len(block)
    if not typed:  # a header alone
        header = pd.read_csv(path, dtype=str, keep_default_na=False).astype(object)
        typed.append(_typed_block(header, path, 0, texts, shared_texts))
    frame = _joined(typed)
    _return_freed_memory()
    return frame


def _return_freed_memory() -> None:
    """Give the system back the pages that reading freed, where the C library can.

    The blocks' short-lived cells and their typed columns, once joined, are freed
    amid the few objects that outlive them (the shared texts, the joined frame's own
    small objects), so the C library's allocator keeps their pages: as much memory
    again as the frame, for as long as the process runs. ``malloc_trim`` (GNU libc,
    as on most Linux systems) returns every free page; elsewhere this does nothing.
    """
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).malloc_trim(0)


def _typed_block(
    block: pd.DataFrame, path: Path, row_offset: int, texts: dict[str, str], shared_texts: bool = False
) -> pd.DataFrame:
    """One block of a CSV file's text cells (its first row the file's ``row_offset``),
    checked and in the study's types, its ``object`` text cells (with ``shared_texts``,
    all its text cells) taken from ``texts`` (:func:`_shared_texts`)."""
    block = check_frame(block, str(path), csv=True, row_offset=row_offset, across_rows=False)
    # A column the kit does not know stays text, as read_csv(dtype=str) gives it.
    block = block.astype({name: str for name in block.columns if column_of(str(name)) is None})
    block = _as_study_frame(block)
    if shared_texts:
        return _with_shared_texts(block, texts)
    return block.assign(
        **{str(name): _shared_texts(block[name], texts) for name in block if block[name].dtype == object}
    )


def _with_shared_texts(frame: pd.DataFrame, texts: dict[str, str]) -> pd.DataFrame:
    """``frame`` with every text column (``str`` or ``object``) as an ``object`` column of
    the strings kept in ``texts``: :func:`_shared_texts` for an ``object`` column,
    :func:`_shared_distinct_texts` for a string column (its missing cells NaN)."""
    shared = {}
    for name in frame.columns:
        if pd.api.types.is_object_dtype(frame[name].dtype):
            shared[str(name)] = _shared_texts(frame[name], texts)
        elif pd.api.types.is_string_dtype(frame[name].dtype):
            shared[str(name)] = _shared_distinct_texts(frame[name], texts)
    return frame.assign(**shared)


def _shared_distinct_texts(column: pd.Series, texts: dict[str, str]) -> pd.Series:
    """A string column as an ``object`` column of the strings kept in ``texts``, made
    from its distinct texts alone: no string object is made for each cell."""
    codes, distinct = pd.factorize(column, use_na_sentinel=True)
    strings = np.array([texts.setdefault(text, text) for text in distinct] + [np.nan], dtype=object)
    return pd.Series(strings[codes], index=column.index, dtype=object)  # code -1 (missing): NaN


def _shared_texts(column: pd.Series, texts: dict[str, str]) -> pd.Series:
    """An object column whose texts are the first equal ones of the file (kept in ``texts``).

    Each block's cells are strings made as the block was read, amid the block's
    other short-lived objects: a column that kept them would keep most of the
    memory of every block alive, where a study has a few dozen distinct texts.
    """
    cells = column.to_numpy(dtype=object, copy=True)
    for position, cell in enumerate(cells):
        if isinstance(cell, str):
            cells[position] = texts.setdefault(cell, cell)
    return pd.Series(cells, index=column.index, dtype=object)


def _joined(blocks: list[pd.DataFrame]) -> pd.DataFrame:
    """The rows of ``blocks`` (frames with the same columns) as one frame, joined column
    by column: each column's blocks are let go as soon as it is joined, so the rows are
    never held twice (as ``pd.concat`` of the blocks would hold them)."""
    if len(blocks) == 1:
        return blocks[0].reset_index(drop=True)
    columns = {name: pd.concat([block.pop(name) for block in blocks], ignore_index=True) for name in list(blocks[0])}
    return pd.DataFrame(columns, copy=False)


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


#: Rules fields added after the first studies were written (see the game's ``later_columns``).
LATER_RULES_FIELDS = xochintlan_spec.LATER_RULES_FIELDS


def _as_study_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """A frame with a registered game's study columns gets that study's types; any other is left as read.

    A study written before a column existed (the game's ``later_columns``) gains
    it, at the value its games were played by.
    """
    found = spec_for_columns([str(c) for c in frame.columns])
    if found is None:
        return frame
    spec, seats = found
    missing = {name: value for name, value in spec.later_columns.items() if name not in frame.columns}
    if missing:
        frame = frame.assign(**missing)[spec.columns(seats)]
    return _by_blocks(frame, functools.partial(simulate.study_frame, spec.name, seats=seats))


#: Rows turned into a study frame at a time by :func:`_by_blocks`.
FRAME_BLOCK_ROWS = 5_000


def _by_blocks(frame: pd.DataFrame, to_frame: Callable[[Sequence[dict[str, Any]]], pd.DataFrame]) -> pd.DataFrame:
    """``to_frame(rows)`` of every row, made :data:`FRAME_BLOCK_ROWS` rows at a time.

    The same frame as one call on all rows (every column has one type whatever
    the rows: ``winner`` is cast to ``Int64``), without a dictionary per row of
    the whole file in memory at once.
    """
    if len(frame) <= FRAME_BLOCK_ROWS:
        return to_frame(frame.to_dict("records"))
    blocks = [
        to_frame(frame.iloc[start : start + FRAME_BLOCK_ROWS].to_dict("records"))
        for start in range(0, len(frame), FRAME_BLOCK_ROWS)
    ]
    return _joined(blocks)


# ---------------------------------------------------------------------------
# One writer at a time


def lock_path(out: str | os.PathLike[str]) -> Path:
    """The lock file of the study writing ``out``: beside it, so removing the
    ``.parts`` folder does not remove the lock.

    >>> lock_path("runs/greedy.csv").as_posix()
    'runs/.greedy.csv.lock'
    """
    path = Path(out)
    return path.with_name(f".{path.name}.lock")


#: Windows locks files with ``msvcrt``, other systems with ``fcntl``.
_WINDOWS = sys.platform == "win32"


def _lock_now(fd: int) -> bool:
    """Take an exclusive lock on the open file ``fd``; False if another run holds it."""
    if _WINDOWS:
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class StudyLock:
    """An exclusive lock on the study writing ``out`` (on its lock file: ``fcntl.flock``,
    or ``msvcrt.locking`` on Windows).

    A second run on the same output is refused while the first holds it; the
    system releases it when a run ends in any way, even killed. :meth:`check`
    tells the running study whether its lock file and side directory are still
    the ones it started with (someone may have removed them under it).
    """

    def __init__(self, out: Path) -> None:
        self.path = lock_path(out)
        while True:
            fd = _open_no_follow(self.path, os.O_CREAT | os.O_RDWR)
            if not _lock_now(fd):
                os.close(fd)
                raise StudyError(
                    _(
                        "another run is writing {out} (it holds {lock}); wait for it to end or stop it, then run again"
                    ).format(out=out, lock=self.path)
                )
            # A run that just finished may have removed the file we locked: lock the new one.
            if _same_file(self.path, fd):
                break
            os.close(fd)
        self.fd = fd
        self.parts_inode: int | None = None

    def watch(self, parts: Path) -> None:
        """Remember the side directory this run writes, to notice if it is replaced."""
        self.parts_inode = parts.stat().st_ino

    def check(self, parts: Path) -> None:
        """Raise :class:`StudyError` if the lock file or the side directory was removed."""
        try:
            parts_now = parts.stat().st_ino
        except FileNotFoundError:
            parts_now = None
        if not _same_file(self.path, self.fd) or parts_now != self.parts_inode:
            raise StudyError(
                _(
                    "{parts} (or {lock}) was removed or replaced while this run was writing it; "
                    "stopped without writing the results file"
                ).format(parts=parts, lock=self.path)
            )

    def release(self) -> None:
        """Remove the lock file (we hold it, so no other run is using it) and unlock."""
        ours = _same_file(self.path, self.fd)
        if not _WINDOWS:
            if ours:
                self.path.unlink(missing_ok=True)
            os.close(self.fd)
            return
        # Windows removes no open file: close first. A run that opens the file in
        # between keeps it open, so the removal then fails and its lock stays.
        os.close(self.fd)
        if ours:
            with contextlib.suppress(FileNotFoundError, PermissionError):
                self.path.unlink()


def _same_file(path: Path, fd: int) -> bool:
    try:
        return path.stat().st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False


@contextlib.contextmanager
def study_lock(out: Path) -> Iterator[StudyLock]:
    """Hold the study's lock for the ``with`` block (see :class:`StudyLock`)."""
    lock = StudyLock(out)
    try:
        yield lock
    finally:
        lock.release()


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # not on Windows, where links are rare and need rights


def _link_error(path: Path) -> StudyError:
    return StudyError(
        _(
            "{path} is a link; a study folder holds no links, since the study would write where "
            "they point: put the file or folder itself there, or remove it"
        ).format(path=path)
    )


def _open_no_follow(path: Path, flags: int) -> int:
    """``os.open`` that refuses a link in place of ``path`` (its target is never touched)."""
    try:
        return os.open(path, flags | _NO_FOLLOW, 0o666)
    except OSError as error:
        if error.errno == errno.ELOOP or (error.errno == errno.EEXIST and path.is_symlink()):
            raise _link_error(path) from None
        raise


def kept_quarantine(out: str | os.PathLike[str]) -> Path:
    """Where the chunks set aside during the study writing ``out`` are kept once it is written.

    >>> kept_quarantine("runs/greedy.csv").as_posix()
    'runs/greedy.csv.quarantine'
    """
    path = Path(out)
    return path.with_name(path.name + KEPT_QUARANTINE_SUFFIX)


def check_study_folder(out: Path) -> None:
    """Refuse, before any game, a study folder that the run would write through to elsewhere.

    The study's own names (its lock file, its side directory and every file in
    it, its quarantine folders) must not be links: a folder unpacked from an
    archive or shared on a disk may hold a link to any file, and appending to a
    linked manifest or moving chunks into a linked folder would write there. The
    side directory and the quarantine folders, where they exist, must be folders.
    """
    parts = parts_directory(out)
    names = [lock_path(out), parts, kept_quarantine(out)]
    if parts.is_dir() and not parts.is_symlink():
        names += sorted(parts.iterdir())
    for path in names:
        if path.is_symlink():
            raise _link_error(path)
    for folder in (parts, parts / QUARANTINE, kept_quarantine(out)):
        if os.path.lexists(folder) and not folder.is_dir():
            raise StudyError(
                _(
                    "{path} is in the way: the study keeps a folder of that name there; "
                    "move that file away, then run again"
                ).format(path=folder)
            )


def _read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file (not a link, a pipe or a device) of
    at most ``limit`` bytes; :class:`ChunkProblem` saying why otherwise, before reading."""
    try:
        fd = os.open(path, os.O_RDONLY | _NO_FOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise ChunkProblem("it is a link") from None
        raise
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ChunkProblem("it is not a regular file")
        if info.st_size > limit:
            raise ChunkProblem(f"it holds {info.st_size:,} bytes, more than its games can take ({limit:,})")
        data = file.read(info.st_size + 1)  # no more than it holds: a growing file is caught below
    if len(data) > limit:
        raise ChunkProblem(f"it grew past the {limit:,} bytes its games can take while it was read")
    return data


def _temporary_name(name: str) -> str:
    """The name of a temporary file written for ``name``: ``.<name>.<pid>.<8 hex digits>.tmp``."""
    return f".{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"


def _temporary_pattern(name: str) -> re.Pattern[str]:
    """Exactly the temporaries of ``name`` (and of its side directory being removed).

    A glob such as ``.r.csv.*.tmp`` would also match the temporaries of a study
    writing ``r.csv.v2.csv`` in the same folder, and delete them under it.

    >>> pattern = _temporary_pattern("r.csv")
    >>> bool(pattern.fullmatch(".r.csv.4242.0a1b2c3d.tmp")), bool(pattern.fullmatch(".r.csv.parts.0a1b2c3d.tmp"))
    (True, True)
    >>> bool(pattern.fullmatch(".r.csv.v2.csv.4242.0a1b2c3d.tmp"))
    False
    """
    return re.compile(rf"\.{re.escape(name)}\.(?:[0-9]+|{re.escape(PARTS_SUFFIX[1:])})\.[0-9a-f]{{8}}\.tmp")


def remove_leftover_temporaries(out: Path) -> list[Path]:
    """Remove the temporary files a killed write left (call only while holding the lock).

    Only this study's own: those of ``out`` beside it, and those inside its side directory.
    """
    parts = parts_directory(out)
    ours = _temporary_pattern(out.name)
    leftovers = [path for path in out.parent.iterdir() if ours.fullmatch(path.name)]
    if parts.is_dir() and not parts.is_symlink():
        leftovers += parts.glob(".*.tmp")
    for path in leftovers:
        if path.is_dir() and not path.is_symlink():  # a side directory whose removal was stopped halfway
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    return leftovers


# ---------------------------------------------------------------------------
# The side directory of finished chunks


def _plain(value: Any) -> Any:
    """JSON for numpy scalars (rows are plain Python values, but be safe)."""
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"cannot write {value!r} ({type(value).__name__}) in a chunk file")


_CHUNK_NAME = re.compile(r"games-([0-9]{9,})-([0-9]{9,})\.json")


def _chunk_games(path: Path) -> tuple[int, int]:
    """The first and last game of a chunk file, by its name (checked by verify_chunk)."""
    match = _CHUNK_NAME.fullmatch(path.name)
    if match is None:
        raise ChunkProblem("its name is not games-<first>-<last>.json")
    return int(match[1]), int(match[2])


def _chunk_name(first: int, last: int) -> str:
    return f"games-{first:09d}-{last:09d}.json"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_chunk(parts: Path, study: Study, indices: Sequence[int], rows: Sequence[dict[str, Any]]) -> Path:
    """Keep one finished chunk of consecutive games: manifest line first, then the file.

    The chunk carries the study's identity; the manifest records its hash. A run
    killed between the two leaves a manifest line with no file, which is
    harmless: those games are simply missing and are played again.
    """
    first, last = indices[0], indices[-1]
    if list(indices) != list(range(first, last + 1)):
        raise ValueError(f"a chunk holds consecutive games, got {list(indices)[:5]}...")
    text = json.dumps(
        {"format": PARTS_FORMAT, "study": study.identity, "games": [first, last], "rows": list(rows)},
        default=_plain,
        separators=(",", ":"),
    )
    data = text.encode("utf-8")
    name = _chunk_name(first, last)
    entry = json.dumps({"chunk": name, "games": [first, last], "sha256": _sha256(data)})
    fd = _open_no_follow(parts / MANIFEST_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    with open(fd, "a", encoding="utf-8") as manifest:
        manifest.write(entry + "\n")
        manifest.flush()
        os.fsync(manifest.fileno())
    path = parts / name
    _atomic_write(path, lambda temporary: temporary.write_bytes(data))
    return path


def read_manifest(parts: Path, games: int | None = None) -> dict[str, str]:
    """``{chunk file name: sha256}`` from the manifest (a line cut short by a kill is ignored).

    The manifest must be a regular file, not a link, of at most
    :data:`MAX_MANIFEST_BYTES_PER_GAME` bytes a game of the study (``games``, if given).
    """
    path = parts / MANIFEST_FILE
    if not os.path.lexists(path):
        return {}
    limit = sys.maxsize if games is None else MAX_MANIFEST_BYTES_PER_GAME * max(games, 1)
    try:
        data = _read_regular_file(path, limit)
    except ChunkProblem as problem:
        raise StudyError(_("the manifest {path} cannot be used: {reason}").format(path=path, reason=problem)) from None
    hashes = {}
    for line in data.decode("utf-8", errors="replace").splitlines():
        with contextlib.suppress(ValueError, TypeError, KeyError):
            entry = json.loads(line)
            hashes[str(entry["chunk"])] = str(entry["sha256"])
    return hashes


def _repair_manifest(parts: Path) -> None:
    """Cut a last line left unfinished by a kill, so that the next line starts afresh."""
    path = parts / MANIFEST_FILE
    if not os.path.lexists(path):
        return
    fd = _open_no_follow(path, os.O_RDWR)
    with open(fd, "r+b") as manifest:
        size = os.fstat(fd).st_size
        if not stat.S_ISREG(os.fstat(fd).st_mode) or size == 0:
            return
        manifest.seek(size - 1)
        if manifest.read(1) == b"\n":
            return
        manifest.seek(max(0, size - 65_536))  # a manifest line is far shorter
        tail = manifest.read()
        cut = tail.rfind(b"\n")
        manifest.truncate(size - len(tail) + cut + 1)


class ChunkProblem(Exception):
    """Why one kept chunk cannot be trusted (the message says it)."""


def chunk_size_limit(games: int) -> int:
    """The most bytes the chunk file of ``games`` games can hold."""
    return CHUNK_OVERHEAD_BYTES + games * MAX_CHUNK_ROW_BYTES


def _read_chunk_file(path: Path, games: int) -> bytes:
    """A chunk file's bytes, checked to be a regular file of its games' size before reading."""
    return _read_regular_file(path, chunk_size_limit(games))


def verify_chunk(path: Path, study: Study, hashes: dict[str, str]) -> list[dict[str, Any]]:
    """The rows of a kept chunk once every check passes; :class:`ChunkProblem` otherwise.

    Checked: the file is recorded in the manifest with this content hash; it
    belongs to this study; its games lie in the study; every row has the study's
    columns and types, is game ``i`` with the seed the study gives game ``i``,
    holds the study's rules and players, and keeps the row rules a results file
    is read with (:data:`~xochintlan_hex.results.ROW_RULES`: a tie names no
    winning kind, a winning card is in the winner's hand ...).
    """
    first, last = _chunk_games(path)
    if not first <= last < study.games:
        raise ChunkProblem(f"games {first} to {last} are not all games of this study (0 to {study.games - 1})")
    data = _read_chunk_file(path, last - first + 1)
    if path.name not in hashes:
        raise ChunkProblem("it is not recorded in the study's manifest")
    if _sha256(data) != hashes[path.name]:
        raise ChunkProblem("its contents changed since it was written (its hash differs from the manifest)")
    try:
        chunk = json.loads(data)
        identity, games, rows = chunk["study"], chunk["games"], chunk["rows"]
    except (ValueError, KeyError, TypeError, RecursionError) as error:
        raise ChunkProblem(f"it is not a chunk file of this kit ({type(error).__name__})") from None
    if identity != study.identity:
        raise ChunkProblem("it belongs to another study (its identity differs from study.json)")
    if games != [first, last] or not isinstance(rows, list) or len(rows) != last - first + 1:
        raise ChunkProblem(f"it does not hold games {first} to {last}, one row each")
    for index, row in zip(range(first, last + 1), rows):
        reason = cell_problem(row, study.columns) if study.columns else None
        if reason is None:
            reason = _implied_problem(row, index, study)
        if reason is not None:
            raise ChunkProblem(reason)
    if study.columns:  # the row rules a results file is read with (see results.ROW_RULES)
        broken = first_broken_rule(study.to_frame(rows))
        if broken is not None:
            raise ChunkProblem(f"game {rows[broken.position]['game']}, column {broken.column!r}: {broken.reason}")
    return rows


def _implied_problem(row: dict[str, Any], index: int, study: Study) -> str | None:
    """Why a row is not game ``index`` of ``study`` (its seed, rules and players), or None."""
    if row.get("game") != index:
        return f"the row of game {index} says game {row.get('game')!r}"
    if row.get("seed") != simulate.game_seed(study.seed, index):
        return f"game {index} has seed {row.get('seed')!r}, not the seed this study gives it"
    for name, value in study.fixed.items():
        if row.get(name) != value:
            return f"game {index} has {name} {row.get(name)!r}, the study {value!r}"
    return None


def _unused_name(folder: Path, name: str) -> Path:
    """``folder/name``, or ``name.1``, ``name.2`` ... when taken: a chunk set aside
    twice (or by two runs) never overwrites the one kept before."""
    target, number = folder / name, 1
    while target.exists():
        target, number = folder / f"{name}.{number}", number + 1
    return target


def quarantine(parts: Path, path: Path, reason: str, notify: Callable[[str], None] | None = None) -> Path:
    """Move a chunk that failed a check to ``quarantine/`` (kept for a look, never merged)."""
    folder = parts / QUARANTINE
    folder.mkdir(exist_ok=True)
    if folder.is_symlink():
        raise _link_error(folder)
    target = _unused_name(folder, path.name)
    os.replace(path, target)
    message = f"{path} was set aside in {folder}/ because {reason}; its games will be played again"
    if notify is None:
        warnings.warn(message, StudyWarning, stacklevel=3)
    else:
        notify(message)
    return target


def verified_chunks(
    parts: Path, study: Study, notify: Callable[[str], None] | None = None
) -> list[tuple[int, int, Path]]:
    """``(first, last, path)`` of every kept chunk that passes :func:`verify_chunk`, in order.

    Any other chunk is moved to quarantine (see :func:`quarantine`), as is one
    that overlaps games of an earlier chunk.
    """
    hashes = read_manifest(parts, study.games)
    kept: list[tuple[int, int, Path]] = []
    for path in sorted(parts.glob("games-*.json")):
        try:
            verify_chunk(path, study, hashes)
        except ChunkProblem as problem:
            quarantine(parts, path, str(problem), notify)
            continue
        first, last = _chunk_games(path)
        kept.append((first, last, path))
    kept.sort()
    trusted: list[tuple[int, int, Path]] = []
    for first, last, path in kept:
        if trusted and first <= trusted[-1][1]:
            quarantine(parts, path, f"its games overlap those of {trusted[-1][2].name}", notify)
            continue
        trusted.append((first, last, path))
    return trusted


def _listed_chunks(parts: Path) -> list[tuple[int, int, Path]]:
    """``(first, last, path)`` of the chunk files, by their names only, in order."""
    listed = []
    for path in parts.glob("games-*.json"):
        match = _CHUNK_NAME.fullmatch(path.name)
        if match:
            listed.append((int(match[1]), int(match[2]), path))
    listed.sort()
    if any(a[1] >= b[0] for a, b in zip(listed, listed[1:])):
        return []  # overlapping chunks: let verified_chunks sort them out
    return listed


def kept_games(parts: Path) -> int:
    """How many games the chunks in ``parts`` hold, by their names (for a message)."""
    count = 0
    for path in parts.glob("games-*.json"):
        match = _CHUNK_NAME.fullmatch(path.name)
        if match:
            count += int(match[2]) - int(match[1]) + 1
    return count


def _flat(description: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"rules": {"endgame": "tie"}}`` -> ``{"rules.endgame": "tie"}``, to name what differs."""
    flat = {}
    for key, value in description.items():
        if isinstance(value, dict):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _describe_difference(kept: dict[str, Any], wanted: dict[str, Any]) -> str:
    """What differs between two study descriptions, e.g. ``seed: 5 there, 6 now``.

    >>> _describe_difference({"seed": 5, "rules": {"endgame": "tie"}},
    ...                      {"seed": 6, "rules": {"endgame": "swap"}})
    'seed: 5 there, 6 now; rules.endgame: "tie" there, "swap" now'
    """
    kept, wanted = _flat(kept), _flat(wanted)
    keys = [k for k in dict.fromkeys([*kept, *wanted]) if kept.get(k) != wanted.get(k)]
    return "; ".join(f"{k}: {json.dumps(kept.get(k))} there, {json.dumps(wanted.get(k))} now" for k in keys)


def _write_study_file(parts: Path, study: Study) -> None:
    _write_text(parts / STUDY_FILE, json.dumps(study.description(), indent=2) + "\n")


def open_parts(
    study: Study, out: Path, resume: bool, notify: Callable[[str], None] | None = None
) -> tuple[Path, list[tuple[int, int, Path]]]:
    """The side directory for ``study`` writing ``out``, and its verified chunks.

    Without ``resume`` an existing side directory is refused (it holds an
    unfinished run's work); with ``resume`` its study must be this study. A
    ``study.json`` that cannot be read (a damaged disk) is written again: every
    chunk carries its study's identity, so chunks of another study are still
    recognised and set aside. Call it while holding the study's lock.
    """
    parts = parts_directory(out)
    if not parts.exists():
        parts.mkdir()
        _write_study_file(parts, study)
        return parts, []
    if not resume:
        raise StudyError(
            _(
                "{parts} holds an unfinished run of a study; resume it (--resume, or resume=True) "
                "or remove that directory to start again"
            ).format(parts=parts)
        )
    try:
        kept = json.loads((parts / STUDY_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        kept = None  # unreadable: each chunk's own identity decides below
        _write_study_file(parts, study)
    if kept is not None and kept != study.description():
        if isinstance(kept, dict) and kept.get("format") != PARTS_FORMAT:
            raise StudyError(
                _(
                    "{parts} was written by another version of the kit (format {format}, kit "
                    "{version}); finish it with that version, or remove that directory to start again"
                ).format(parts=parts, format=repr(kept.get("format")), version=repr(kept.get("kit_version")))
            )
        difference = (
            _describe_difference(kept, study.description())
            if isinstance(kept, dict)
            else _("study.json is not a study description")
        )
        raise StudyError(
            _(
                "cannot resume: {parts} holds another study ({difference}); use the same options, "
                "or another output file"
            ).format(parts=parts, difference=difference)
        )
    _repair_manifest(parts)
    return parts, verified_chunks(parts, study, notify)


def _remove_parts(parts: Path) -> None:
    """Remove the side directory in one step (a rename), then its files.

    Stopped halfway, a run leaves a hidden temporary folder that the next run
    removes, never a side directory with some of its files gone.
    """
    trash = parts.with_name(f".{parts.name}.{secrets.token_hex(4)}.tmp")  # see _temporary_pattern
    os.rename(parts, trash)
    shutil.rmtree(trash)


# ---------------------------------------------------------------------------
# Running


def missing_chunks(
    games: int, kept: Iterable[tuple[int, int]], workers: int = 1, chunk_size: int | None = None
) -> Iterator[range]:
    """The game indices still to play, as ranges of consecutive games, made lazily.

    ``kept``: ``(first, last)`` of each kept chunk, in order, not overlapping.
    Chunks never straddle a kept one. By default about four chunks per worker,
    at most :data:`~xochintlan_hex.simulate.MAX_CHUNK` games each.

    >>> [list(c) for c in missing_chunks(10, kept=[(0, 3)], chunk_size=4)]
    [[4, 5, 6, 7], [8, 9]]
    """
    kept = list(kept)
    if chunk_size is None:
        todo = games - sum(last - first + 1 for first, last in kept)
        chunk_size = max(1, min(simulate.MAX_CHUNK, -(-todo // (4 * workers))))
    start = 0
    for first, last in [*kept, (games, games)]:
        for begin in range(start, first, chunk_size):
            yield range(begin, min(begin + chunk_size, first))
        start = max(start, last + 1)


def play_study(
    study: Study,
    out: str | os.PathLike[str],
    workers: int = 1,
    executor: Executor | None = None,
    resume: bool = False,
    chunk_size: int | None = None,
    progress: bool = True,
    keep_parts: bool = False,
    force: bool = False,
    on_chunk: Callable[[list[int], Path], None] | None = None,
    notify: Callable[[str], None] | None = None,
    enough: Callable[[list[dict[str, Any]]], int | None] | None = None,
) -> Path:
    """Play ``study`` and write its results file ``out``, in constant memory; return ``out``.

    The parameters are those of :func:`run_study`, which also reads the file back.
    """
    out = check_output_path(out)
    workers = checked_count("workers", workers, 1)
    if chunk_size is not None:
        chunk_size = checked_count("chunk_size", chunk_size, 1)
        if chunk_size > MAX_CHUNK_SIZE and not force:
            raise StudyError(
                _(
                    "--chunk-size {size:,}: a chunk holds at most {limit:,} games (each chunk is "
                    "held in memory, and lost whole when a run stops); use a smaller one, or "
                    "--force (force=True)"
                ).format(size=chunk_size, limit=MAX_CHUNK_SIZE)
            )
    check_study_size(study, force)
    check_study_folder(out)
    with study_lock(out) as lock:
        check_study_folder(out)  # again, now that no other run changes it
        remove_leftover_temporaries(out)
        parts, kept = open_parts(study, out, resume, notify)
        lock.watch(parts)
        # A chunk that fails its check while the file is assembled is set aside and
        # its games played again; a second failure in a row means something keeps
        # breaking the chunks, and we stop rather than loop.
        for _attempt in range(3):
            wanted = _play_missing(study, parts, kept, lock, workers, executor, chunk_size, progress, on_chunk, enough)
            lock.check(parts)
            kept = [chunk for chunk in _listed_chunks(parts) if chunk[0] < wanted]
            covered = sum(min(last, wanted - 1) - first + 1 for first, last, _path in kept)
            if covered != wanted:  # e.g. a chunk removed by hand meanwhile
                kept = verified_chunks(parts, study, notify)
                continue
            try:
                _assemble(study, parts, kept, out, lock, wanted)
                break
            except ChunkProblem as problem:
                path, reason = problem.args
                quarantine(parts, path, reason, notify)
                kept = verified_chunks(parts, study, notify)
        else:
            raise StudyError(
                _(
                    "the chunks in {parts} kept failing their checks while the results file was "
                    "assembled; see its quarantine/ folder"
                ).format(parts=parts)
            )
        if not keep_parts:
            _keep_quarantine(parts, out, notify)
            _remove_parts(parts)
    return out


def _keep_quarantine(parts: Path, out: Path, notify: Callable[[str], None] | None) -> None:
    """Chunks set aside outlive the side directory: moved to ``<out>.quarantine/``."""
    folder = parts / QUARANTINE
    if not folder.is_dir() or not any(folder.iterdir()):
        return
    kept = kept_quarantine(out)
    kept.mkdir(exist_ok=True)
    if kept.is_symlink():
        raise _link_error(kept)
    for path in folder.iterdir():
        os.replace(path, _unused_name(kept, path.name))
    message = f"the chunks set aside during this study are kept in {kept}/ for a look"
    if notify is None:
        warnings.warn(message, StudyWarning, stacklevel=3)
    else:
        notify(message)


def _play_missing(
    study: Study,
    parts: Path,
    kept: list[tuple[int, int, Path]],
    lock: StudyLock,
    workers: int,
    executor: Executor | None,
    chunk_size: int | None,
    progress: bool,
    on_chunk: Callable[[list[int], Path], None] | None,
    enough: Callable[[list[dict[str, Any]]], int | None] | None = None,
) -> int:
    """Play the games not kept yet; return how many games the results file holds:
    all of them, or fewer when ``enough`` (see :class:`_Prefix`) says so."""
    from tqdm.auto import tqdm

    prefix = _Prefix(enough, study.games)
    if enough is not None:
        hashes = read_manifest(parts, study.games)
        for first, _last, path in kept:
            prefix.add(first, verify_chunk(path, study, hashes))
    if prefix.wanted < study.games:  # already decided by the kept games
        return prefix.wanted
    done = sum(last - first + 1 for first, last, _path in kept)
    chunks = missing_chunks(study.games, [(first, last) for first, last, _path in kept], workers, chunk_size)
    with (
        tqdm(
            total=study.games,
            initial=done,
            desc=study.label,
            unit=_("game"),
            disable=not progress or done == study.games,
            smoothing=0.1,
        ) as bar,
        _closing(simulate.iter_chunks(study.play_chunk, chunks, study.args, workers, executor)) as results,
    ):
        for indices, rows in results:
            lock.check(parts)
            path = write_chunk(parts, study, indices, rows)
            bar.update(len(indices))
            if on_chunk is not None:
                on_chunk(list(indices), path)
            prefix.add(indices[0], rows)
            if prefix.wanted < study.games:
                break  # closing the chunks cancels those not started
    return prefix.wanted


@contextlib.contextmanager
def _closing(chunks: Iterator[Any]) -> Iterator[Iterator[Any]]:
    """Close the played chunks when the loop ends early: those not started are cancelled."""
    try:
        yield chunks
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()


class _Prefix:
    """The games finished without a gap from game 0, handed in order to ``enough``.

    Chunks end in any order; ``enough(rows)`` sees the games in game order, as
    soon as every game before them is kept, and returns how many games the study
    needs once it knows (it then sees no more), else None. So its answer depends
    on the games alone, not on the workers, the chunks or an interruption. A
    study that plays its missing games again (a chunk set aside) shows the games
    from game 0 again: ``enough`` skips those it has seen.
    """

    def __init__(self, enough: Callable[[list[dict[str, Any]]], int | None] | None, games: int) -> None:
        self.enough, self.wanted, self.next = enough, games, 0
        self.decided = False
        self.waiting: dict[int, list[dict[str, Any]]] = {}

    def add(self, first: int, rows: list[dict[str, Any]]) -> None:
        if self.enough is None or self.decided:
            return
        self.waiting[first] = rows
        while self.next in self.waiting:
            rows = self.waiting.pop(self.next)
            self.next += len(rows)
            decided = self.enough(rows)
            if decided is not None:
                self.wanted, self.decided = min(self.wanted, decided), True
                self.waiting.clear()
                return


def _assemble(
    study: Study, parts: Path, kept: list[tuple[int, int, Path]], out: Path, lock: StudyLock, games: int | None = None
) -> None:
    """Stream every chunk, checked once more, into the results file: whole or absent.

    Only one chunk's rows are in memory at a time. A chunk that fails its check
    raises ``ChunkProblem(path, reason)`` and nothing is written. ``games``: keep
    only the first games (a study that stopped early), all by default.
    """
    games = study.games if games is None else games

    def frames() -> Iterator[pd.DataFrame]:
        hashes = read_manifest(parts, study.games)
        for first, _last, path in kept:
            try:
                rows = verify_chunk(path, study, hashes)
            except ChunkProblem as problem:
                raise ChunkProblem(path, str(problem)) from None
            yield study.to_frame(rows[: games - first])

    if out.suffix.lower() == ".csv":
        write = functools.partial(_stream_csv, frames(), study.to_frame([]))
    else:
        write = functools.partial(_stream_parquet, frames(), study.to_frame([]))
    _atomic_write(out, write, before_rename=lambda: lock.check(parts))


def _stream_csv(frames: Iterable[pd.DataFrame], empty: pd.DataFrame, path: Path) -> None:
    with open(path, "w", encoding="utf-8", newline="") as file:
        header = True
        for frame in frames:
            frame.to_csv(file, index=False, header=header)
            header = False
        if header:  # a study of no games: the columns alone
            empty.to_csv(file, index=False)


def _stream_parquet(frames: Iterable[pd.DataFrame], empty: pd.DataFrame, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    writer = None
    try:
        for frame in frames:
            table = pa.Table.from_pandas(frame, preserve_index=False)
            if writer is None:
                # A column with no value yet in the first chunk (no tie so far) is a string column.
                schema = pa.schema(
                    [f.with_type(pa.string()) if pa.types.is_null(f.type) else f for f in table.schema],
                    metadata=table.schema.metadata,
                )
                writer = pq.ParquetWriter(path, schema)
            writer.write_table(table.cast(writer.schema))
        if writer is None:
            empty.to_parquet(path, index=False)
    finally:
        if writer is not None:
            writer.close()


def run_study(
    study: Study,
    out: str | os.PathLike[str],
    workers: int = 1,
    executor: Executor | None = None,
    resume: bool = False,
    chunk_size: int | None = None,
    progress: bool = True,
    keep_parts: bool = False,
    force: bool = False,
    on_chunk: Callable[[list[int], Path], None] | None = None,
    notify: Callable[[str], None] | None = None,
    enough: Callable[[list[dict[str, Any]]], int | None] | None = None,
) -> pd.DataFrame:
    """Play ``study``, keeping each finished chunk, and write the results file ``out``.

    ``workers``/``executor``: where the games run, as in
    :func:`~xochintlan_hex.simulate.simulate_xochintlan`. ``resume=True`` finishes
    the unfinished run whose chunks are in ``<out>.parts/`` (the study must be the
    same); the result is exactly that of an uninterrupted run. ``chunk_size``:
    games per chunk (how much work an interruption can lose); by default about
    four chunks per worker, at most :data:`~xochintlan_hex.simulate.MAX_CHUNK`.
    ``force=True`` runs a study past :data:`MAX_STUDY_TURNS` (see
    :func:`check_study_size`). ``on_chunk(indices, path)`` is called after each
    chunk is kept; ``notify(message)`` is told of each chunk set aside (default:
    a :class:`StudyWarning`). ``enough(rows)``: a study that may stop early (see
    :mod:`xochintlan_hex.sequential`) is shown its games in order, whatever the
    workers, and returns the number of games the file keeps once that is decided.
    Returns the study frame, as read back from ``out`` (for a study too big to
    hold in memory, :func:`play_study` writes the file without reading it back).
    """
    path = play_study(
        study, out, workers, executor, resume, chunk_size, progress, keep_parts, force, on_chunk, notify, enough
    )
    return read_results(path)


__all__ = [
    "study",
    "FORMATS",
    "MANIFEST_FILE",
    "MAX_STUDY_GAMES",
    "MAX_STUDY_TURNS",
    "PARTS_SUFFIX",
    "QUARANTINE",
    "STUDY_FILE",
    "Study",
    "StudyError",
    "StudyLock",
    "StudyWarning",
    "check_output_path",
    "check_study_folder",
    "check_study_size",
    "check_workers",
    "hextremadura_study",
    "kept_games",
    "lock_path",
    "missing_chunks",
    "open_parts",
    "parts_directory",
    "play_study",
    "read_manifest",
    "read_results",
    "run_study",
    "study_cost",
    "verified_chunks",
    "verify_chunk",
    "write_chunk",
    "write_results",
    "xochintlan_study",
]
