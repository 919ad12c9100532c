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
  :func:`xochintlan_hex.balance.simulate.game_seed`), so the finished file is exactly
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

This module gathers the names of a study's parts, each in its own module:
:mod:`.study_spec` (what a study is and how large it may be), :mod:`.study_files`
(the results file), :mod:`.study_lock` (one writer at a time), :mod:`.study_store`
(the chunks kept while it runs) and :mod:`.study_runner` (playing it).

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

from xochintlan_hex.balance.study_files import (
    FORMATS,
    FRAME_BLOCK_ROWS,
    LATER_RULES_FIELDS,
    PARTS_SUFFIX,
    check_output_path,
    parts_directory,
    read_results,
    remove_leftover_temporaries,
    write_results,
)
from xochintlan_hex.balance.study_lock import (
    StudyLock,
    lock_path,
    study_lock,
)
from xochintlan_hex.balance.study_runner import (
    missing_chunks,
    play_study,
    run_study,
)
from xochintlan_hex.balance.study_spec import (
    MAX_STUDY_GAMES,
    MAX_STUDY_SECONDS,
    MAX_STUDY_TURNS,
    PARTS_FORMAT,
    Study,
    StudyError,
    StudyWarning,
    check_study_size,
    check_workers,
    hextremadura_study,
    study,
    study_cost,
    usable_cores,
    xochintlan_study,
)
from xochintlan_hex.balance.study_store import (
    CHUNK_OVERHEAD_BYTES,
    KEPT_QUARANTINE_SUFFIX,
    MANIFEST_FILE,
    MAX_CHUNK_ROW_BYTES,
    MAX_CHUNK_SIZE,
    MAX_MANIFEST_BYTES_PER_GAME,
    QUARANTINE,
    STUDY_FILE,
    ChunkProblem,
    check_study_folder,
    chunk_size_limit,
    kept_games,
    kept_quarantine,
    open_parts,
    quarantine,
    read_manifest,
    verified_chunks,
    verify_chunk,
    write_chunk,
)
from xochintlan_hex.hextremadura.tiles import (
    MAX_TILESET_BYTES,
)

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
    # also offered, as by this module before the split
    "CHUNK_OVERHEAD_BYTES",
    "chunk_size_limit",
    "ChunkProblem",
    "FRAME_BLOCK_ROWS",
    "kept_quarantine",
    "KEPT_QUARANTINE_SUFFIX",
    "LATER_RULES_FIELDS",
    "MAX_CHUNK_ROW_BYTES",
    "MAX_CHUNK_SIZE",
    "MAX_MANIFEST_BYTES_PER_GAME",
    "MAX_STUDY_SECONDS",
    "MAX_TILESET_BYTES",
    "PARTS_FORMAT",
    "quarantine",
    "remove_leftover_temporaries",
    "study_lock",
    "usable_cores",
]
