"""A study's results file: a checked path, written whole or not at all, read back with its study types."""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import os
import re
import secrets
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.balance import simulate
from xochintlan_hex.balance.results import (
    ResultsError,
    check_across_rows,
    check_frame,
    column_of,
)
from xochintlan_hex.balance.study_spec import StudyError
from xochintlan_hex.game import spec_for_columns
from xochintlan_hex.i18n import _
from xochintlan_hex.xochintlan import spec as xochintlan_spec

#: Output formats, by file suffix.
FORMATS = (".csv", ".parquet")

#: Suffix of the side directory holding finished chunks: ``results.csv.parts``.
PARTS_SUFFIX = ".parts"


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


def atomic_write(path: Path, write: Callable[[Path], object], before_rename: Callable[[], None] | None = None) -> None:
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


def write_text_atomically(path: Path, text: str) -> None:
    """``path`` holds ``text`` whole, or is left as it was (:func:`atomic_write`)."""
    atomic_write(path, lambda temporary: temporary.write_text(text, encoding="utf-8"))


def write_results(frame: pd.DataFrame, out: str | os.PathLike[str]) -> Path:
    """Write a study frame to ``out`` (CSV or Parquet by suffix), whole or not at all."""
    path = check_output_path(out)
    if path.suffix.lower() == ".csv":
        atomic_write(path, lambda temporary: frame.to_csv(temporary, index=False))
    else:
        atomic_write(path, lambda temporary: frame.to_parquet(temporary, index=False))
    return path


def read_results(path: str | os.PathLike[str], shared_texts: bool = False) -> pd.DataFrame:
    """Read a results file (CSV or Parquet) back into a study frame, checking every cell.

    A file with a study's columns comes back with the column types
    :mod:`~xochintlan_hex.balance.simulate` gives (``winner`` a nullable integer,
    missing values missing), so a study frame written and read back equals the
    frame written. Every column the kit knows is parsed strictly (integers are
    integers, booleans ``True`` or ``False``, names from their list, values in
    range; see :mod:`xochintlan_hex.balance.results`): a bad cell raises
    :class:`~xochintlan_hex.balance.results.ResultsError` naming the file, row and column.
    A Xochintlan study written before a rules field existed (see
    :data:`LATER_RULES_FIELDS`) reads with that field at its default, the rule
    its games were played by.

    ``shared_texts=True`` gives every text column as Python strings (``object``
    columns), each distinct text of the file made once and every cell pointing to
    it, as :func:`~xochintlan_hex.balance.report.report` works on them: 8 bytes a cell,
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
    (:func:`~xochintlan_hex.balance.results.check_frame`), then turned into the study's
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


NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # not on Windows, where links are rare and need rights


def link_error(path: Path) -> StudyError:
    """The error for a link found where a study writes (it would write where the link points)."""
    return StudyError(
        _(
            "{path} is a link; a study folder holds no links, since the study would write where "
            "they point: put the file or folder itself there, or remove it"
        ).format(path=path)
    )


def open_no_follow(path: Path, flags: int) -> int:
    """``os.open`` that refuses a link in place of ``path`` (its target is never touched)."""
    try:
        return os.open(path, flags | NO_FOLLOW, 0o666)
    except OSError as error:
        if error.errno == errno.ELOOP or (error.errno == errno.EEXIST and path.is_symlink()):
            raise link_error(path) from None
        raise


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
