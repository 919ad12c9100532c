"""The chunks a study keeps while it runs (``<out>.parts/``): written, hashed, verified, set aside."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import secrets
import shutil
import stat
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.balance import simulate
from xochintlan_hex.balance.results import (
    cell_problem,
    first_broken_rule,
)
from xochintlan_hex.balance.study_files import (
    NO_FOLLOW,
    atomic_write,
    link_error,
    open_no_follow,
    parts_directory,
    read_results,
    write_text_atomically,
)
from xochintlan_hex.balance.study_lock import lock_path
from xochintlan_hex.balance.study_spec import PARTS_FORMAT, Study, StudyError, StudyWarning
from xochintlan_hex.i18n import _

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
            raise link_error(path)
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
        fd = os.open(path, os.O_RDONLY | NO_FOLLOW | getattr(os, "O_NONBLOCK", 0))
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
    fd = open_no_follow(parts / MANIFEST_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    with open(fd, "a", encoding="utf-8") as manifest:
        manifest.write(entry + "\n")
        manifest.flush()
        os.fsync(manifest.fileno())
    path = parts / name
    atomic_write(path, lambda temporary: temporary.write_bytes(data))
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
    fd = open_no_follow(path, os.O_RDWR)
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
    is read with (:data:`~xochintlan_hex.balance.results.ROW_RULES`: a tie names no
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
        return _("the row of game {index} says game {said}").format(index=index, said=repr(row.get("game")))
    if row.get("seed") != simulate.game_seed(study.seed, index):
        return _("game {index} has seed {seed}, not the seed this study gives it").format(
            index=index, seed=repr(row.get("seed"))
        )
    for name, value in study.fixed.items():
        if row.get(name) != value:
            return _("game {index} has {name} {value}, the study {wanted}").format(
                index=index, name=name, value=repr(row.get(name)), wanted=repr(value)
            )
    return None


def unused_name(folder: Path, name: str) -> Path:
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
        raise link_error(folder)
    target = unused_name(folder, path.name)
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


def listed_chunks(parts: Path) -> list[tuple[int, int, Path]]:
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
    write_text_atomically(parts / STUDY_FILE, json.dumps(study.description(), indent=2) + "\n")


def open_parts(
    study: Study, out: Path, resume: bool, notify: Callable[[str], None] | None = None
) -> tuple[Path, list[tuple[int, int, Path]]]:
    """The side directory for ``study`` writing ``out``, and its verified chunks.

    Without ``resume`` an existing side directory is refused (it holds an
    unfinished run's work); with ``resume`` its study must be this study, save
    perhaps its number of games: a run may grow, or shrink to no fewer games
    than its chunks hold. A ``study.json`` that cannot be read (a damaged disk)
    is written again: every chunk carries its study's identity, so chunks of
    another study are still recognised and set aside. Call it while holding the
    study's lock.
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
    if isinstance(kept, dict) and {k: v for k, v in kept.items() if k != "games"} == study.games_left_out():
        _check_games_kept(parts, study)
        if kept.get("games") != study.games:
            _write_study_file(parts, study)  # the run grows (or shrinks): study.json says how far
    elif kept is not None:
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


def _check_games_kept(parts: Path, study: Study) -> None:
    """Refuse a resumed run asked for fewer games than its kept chunks hold.

    Only chunks the manifest records count: a stray file is set aside later, as always.
    """
    recorded = read_manifest(parts)
    listed = [last for _first, last, path in listed_chunks(parts) if path.name in recorded]
    if listed and max(listed) >= study.games:
        raise StudyError(
            _(
                "cannot resume with {games:,} games: {parts} already holds games up to game {last:,}; "
                "ask for at least {least:,} games, or use another output file"
            ).format(games=study.games, parts=parts, last=max(listed), least=max(listed) + 1)
        )


def _rows_of_frame(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """Rows of a study frame read back from its file, as the plain rows its games were kept as.

    Missing cells are None, numbers and booleans plain Python values: the rows
    :func:`verify_chunk` checks, cell by cell.
    """
    return [{name: _plain_cell(value) for name, value in record.items()} for record in frame.to_dict("records")]


def _plain_cell(value: Any) -> Any:
    if value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value)):
        return None
    if isinstance(value, np.generic):
        return value.item()
    return value


def _chunks_of_frame(frame: pd.DataFrame) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """``(first game, rows)`` of each block of at most :data:`MAX_CHUNK_SIZE` games:
    only one block's plain rows are in memory at a time."""
    for first in range(0, len(frame), MAX_CHUNK_SIZE):
        yield first, _rows_of_frame(frame.iloc[first : first + MAX_CHUNK_SIZE])


def adopt_results(study: Study, out: Path) -> int:
    """Make the side directory of ``study`` from its finished results file ``out``; the games kept.

    For a study that grows (``extend=True``, ``--extend``): the file must hold
    games 0, 1, 2 ... of this very study (each row's game, seed, rules and
    players are checked), and no more games than the study now asks for. Its
    rows become kept chunks, so only the games after them are played, and the
    new file starts with the old one's games. Every row is checked before the
    side directory is made, so a refused file leaves nothing behind. Call it
    while holding the study's lock.
    """
    if not out.exists():
        raise StudyError(
            _("--extend: {out} does not exist; run the study without --extend (extend=False) to start it").format(
                out=out
            )
        )
    frame = read_results(out)
    if len(frame) > study.games:
        raise StudyError(
            _("--extend: {out} already holds {count:,} games; ask for at least that many, not {games:,}").format(
                out=out, count=len(frame), games=study.games
            )
        )
    for first, rows in _chunks_of_frame(frame):
        for index, row in enumerate(rows, start=first):
            reason = (cell_problem(row, study.columns) if study.columns else None) or _implied_problem(
                row, index, study
            )
            if reason is not None:
                raise StudyError(
                    _(
                        "--extend: {out} is not the first games of this study ({reason}); "
                        "use the options it was made with"
                    ).format(out=out, reason=reason)
                )
    parts = parts_directory(out)
    parts.mkdir()
    _write_study_file(parts, study)
    for first, rows in _chunks_of_frame(frame):
        write_chunk(parts, study, range(first, first + len(rows)), rows)
    return len(frame)


def remove_parts(parts: Path) -> None:
    """Remove the side directory in one step (a rename), then its files.

    Stopped halfway, a run leaves a hidden temporary folder that the next run
    removes, never a side directory with some of its files gone.
    """
    trash = parts.with_name(f".{parts.name}.{secrets.token_hex(4)}.tmp")  # see _temporary_pattern
    os.rename(parts, trash)
    shutil.rmtree(trash)
