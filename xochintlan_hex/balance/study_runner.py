"""Playing a study: the missing chunks, in this process or on an executor, then one results file."""

from __future__ import annotations

import contextlib
import functools
import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pandas as pd

from xochintlan_hex.balance import simulate
from xochintlan_hex.balance.study_files import (
    atomic_write,
    check_output_path,
    link_error,
    parts_directory,
    read_results,
    remove_leftover_temporaries,
)
from xochintlan_hex.balance.study_lock import StudyLock, study_lock
from xochintlan_hex.balance.study_spec import Study, StudyError, StudyWarning, check_study_size
from xochintlan_hex.balance.study_store import (
    MAX_CHUNK_SIZE,
    QUARANTINE,
    ChunkProblem,
    adopt_results,
    check_study_folder,
    kept_quarantine,
    listed_chunks,
    open_parts,
    quarantine,
    read_manifest,
    remove_parts,
    unused_name,
    verified_chunks,
    verify_chunk,
    write_chunk,
)
from xochintlan_hex.game import checked_count
from xochintlan_hex.i18n import _


def missing_chunks(
    games: int, kept: Iterable[tuple[int, int]], workers: int = 1, chunk_size: int | None = None
) -> Iterator[range]:
    """The game indices still to play, as ranges of consecutive games, made lazily.

    ``kept``: ``(first, last)`` of each kept chunk, in order, not overlapping.
    Chunks never straddle a kept one. By default about four chunks per worker,
    at most :data:`~xochintlan_hex.balance.simulate.MAX_CHUNK` games each.

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
    extend: bool = False,
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
        if extend and not parts_directory(out).exists():
            adopt_results(study, out)  # the finished games become kept chunks
        parts, kept = open_parts(study, out, resume or extend, notify)
        lock.watch(parts)
        # A chunk that fails its check while the file is assembled is set aside and
        # its games played again; a second failure in a row means something keeps
        # breaking the chunks, and we stop rather than loop.
        for _attempt in range(3):
            wanted = _play_missing(study, parts, kept, lock, workers, executor, chunk_size, progress, on_chunk, enough)
            lock.check(parts)
            kept = [chunk for chunk in listed_chunks(parts) if chunk[0] < wanted]
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
            remove_parts(parts)
    return out


def _keep_quarantine(parts: Path, out: Path, notify: Callable[[str], None] | None) -> None:
    """Chunks set aside outlive the side directory: moved to ``<out>.quarantine/``."""
    folder = parts / QUARANTINE
    if not folder.is_dir() or not any(folder.iterdir()):
        return
    kept = kept_quarantine(out)
    kept.mkdir(exist_ok=True)
    if kept.is_symlink():
        raise link_error(kept)
    for path in folder.iterdir():
        os.replace(path, unused_name(kept, path.name))
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
    from xochintlan_hex.balance.progress import game_progress_bar

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
        game_progress_bar(
            study.games,
            study.label,
            initial=done,
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
    atomic_write(out, write, before_rename=lambda: lock.check(parts))


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
    extend: bool = False,
) -> pd.DataFrame:
    """Play ``study``, keeping each finished chunk, and write the results file ``out``.

    ``workers``/``executor``: where the games run, as in
    :func:`~xochintlan_hex.balance.simulate.simulate_xochintlan`. ``resume=True`` finishes
    the unfinished run whose chunks are in ``<out>.parts/`` (the study must be the
    same, but it may ask for more games); the result is exactly that of an
    uninterrupted run. ``extend=True`` grows the finished study in ``out`` to
    ``study.games`` games: its games are kept (checked to be this study's first
    games) and only the ones after them are played. ``chunk_size``:
    games per chunk (how much work an interruption can lose); by default about
    four chunks per worker, at most :data:`~xochintlan_hex.balance.simulate.MAX_CHUNK`.
    ``force=True`` runs a study past :data:`MAX_STUDY_TURNS` (see
    :func:`check_study_size`). ``on_chunk(indices, path)`` is called after each
    chunk is kept; ``notify(message)`` is told of each chunk set aside (default:
    a :class:`StudyWarning`). ``enough(rows)``: a study that may stop early (see
    :mod:`xochintlan_hex.balance.sequential`) is shown its games in order, whatever the
    workers, and returns the number of games the file keeps once that is decided.
    Returns the study frame, as read back from ``out`` (for a study too big to
    hold in memory, :func:`play_study` writes the file without reading it back).
    """
    path = play_study(
        study, out, workers, executor, resume, chunk_size, progress, keep_parts, force, on_chunk, notify, enough, extend
    )
    return read_results(path)
