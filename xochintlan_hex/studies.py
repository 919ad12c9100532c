"""Long studies written to disk as they run: nothing lost, resumable, whole-or-nothing output.

A *study* is a number of games with fixed players, rules and seed (a
:class:`Study`, made by :func:`xochintlan_study` or :func:`hextremadura_study`).
:func:`run_study` plays it and writes one results file, CSV or Parquet:

* games run in chunks of game indices (in this process, in local processes or on
  any ``concurrent.futures.Executor``, e.g. a Dask cluster); each finished chunk
  is written at once, atomically, into a side directory next to the output,
  ``<out>.parts/`` (one JSON file per chunk, plus ``study.json`` naming the
  study);
* an interrupted run (Ctrl-C, a killed process, a lost machine) keeps every
  chunk written so far; ``run_study(..., resume=True)`` plays only the missing
  games. Game ``i`` depends only on the study and ``i`` (see
  :func:`xochintlan_hex.simulate.game_seed`), so the finished file is exactly
  the one an uninterrupted run writes;
* the results file appears whole or not at all: it is written to a temporary
  file in the same directory, then renamed over ``out``. The side directory is
  removed once the results file is in place.

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
import dataclasses
import functools
import hashlib
import json
import os
import secrets
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np
import pandas as pd

from xochintlan_hex import __version__, simulate
from xochintlan_hex.players import get_player
from xochintlan_hex.xochintlan import Rules, Xochintlan

#: Output formats, by file suffix.
FORMATS = (".csv", ".parquet")

#: Suffix of the side directory holding finished chunks: ``results.csv.parts``.
PARTS_SUFFIX = ".parts"

#: The file in the side directory that names the study.
STUDY_FILE = "study.json"

#: Bumped when the chunk files change shape; older side directories are refused.
PARTS_FORMAT = 1


class StudyError(ValueError):
    """A study that cannot start or resume (e.g. other parameters than the unfinished run)."""


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
    play_chunk: Callable[..., list[dict]] = field(repr=False, compare=False)
    args: tuple = field(repr=False, compare=False)
    to_frame: Callable[[Sequence[dict]], pd.DataFrame] = field(repr=False, compare=False)

    def description(self) -> dict[str, Any]:
        """The JSON written to ``study.json``: a resumed run must match it exactly."""
        return {"format": PARTS_FORMAT, "kit_version": __version__, "game": self.game,
                "games": self.games, "seed": self.seed, **self.parameters}

    @property
    def label(self) -> str:
        """A short name for progress bars."""
        who = self.parameters.get("players") or [self.parameters.get("player")]
        return f"{self.game.capitalize()} {'/'.join(who)}"


def _count(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{name} must be an int >= {minimum}, got {value!r}")
    return int(value)


def _player_names(players: Sequence[str] | str, game: str) -> list[str]:
    """Registry names only: a study file must say exactly who played."""
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",")]
    names = list(players)
    if not names:
        raise ValueError("players must name at least one seat, e.g. greedy,random")
    for name in names:
        if not isinstance(name, str):
            raise ValueError(f"a study names its players, e.g. 'greedy'; got {name!r}")
        get_player(name, game=game)  # a ValueError listing the known players
    return names


def xochintlan_study(games: int, players: Sequence[str] | str, rules: Rules = Rules(),
                     seed: int = 0) -> Study:
    """A Xochintlan study: ``games`` games, one registered player name per seat.

    >>> xochintlan_study(10, "greedy,random").description()["players"]
    ['greedy', 'random']
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a xochintlan Rules(...), got {rules!r}")
    games, seed = _count("games", games, 0), _count("seed", seed, 0)
    names = _player_names(players, "xochintlan")
    Xochintlan(players=len(names), seed=seed, rules=rules)  # refuse a bad set-up before any work
    parameters = {"players": names, "rules": dataclasses.asdict(rules)}
    return Study("xochintlan", games, seed, parameters, simulate.play_xochintlan_games,
                 (names, rules, seed),
                 functools.partial(simulate.xochintlan_frame, n_players=len(names)))


def _tileset_fingerprint(tileset: Any) -> dict[str, str]:
    """The set's name and a hash of its contents: a changed tile is a different study."""
    text = json.dumps(tileset.to_dict(), sort_keys=True, ensure_ascii=False)
    return {"name": tileset.name, "sha256": hashlib.sha256(text.encode()).hexdigest()}


def hextremadura_study(games: int, player: str = "greedy", tileset: Any = None,
                       seed: int = 0) -> Study:
    """A Hextremadura study: ``games`` solo games by one registered player.

    ``tileset``: None (the kit's set), a path to a tile-set JSON file, or a
    loaded :class:`~xochintlan_hex.hextremadura.Tileset`.

    >>> hextremadura_study(10, "random").description()["tileset"]["name"]
    'Hextremadura: the kit set'
    """
    from xochintlan_hex.hextremadura import load_tileset

    games, seed = _count("games", games, 0), _count("seed", seed, 0)
    name = _player_names([player], "hextremadura")[0]
    tiles = load_tileset(tileset)  # a TilesetError (a ValueError) listing every problem
    parameters = {"player": name, "tileset": _tileset_fingerprint(tiles)}
    return Study("hextremadura", games, seed, parameters, simulate.play_hextremadura_games,
                 (name, tiles, seed), simulate.hextremadura_frame)


# ---------------------------------------------------------------------------
# Files


def check_output_path(out: str | os.PathLike) -> Path:
    """The output path, checked: a ``.csv`` or ``.parquet`` name in an existing directory."""
    path = Path(out)
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"the output file must end in {' or '.join(FORMATS)}, got {str(out)!r}")
    if not path.parent.is_dir():
        raise ValueError(f"the output directory {str(path.parent)!r} does not exist")
    if path.is_dir():
        raise ValueError(f"the output {str(out)!r} is a directory, not a file name")
    if path.suffix.lower() == ".parquet":
        _require_pyarrow()
    return path


def _require_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ValueError("Parquet files need pyarrow: pip install 'xochintlan_hex[parquet]'") from None


def parts_directory(out: str | os.PathLike) -> Path:
    """Where the finished chunks of the study writing ``out`` are kept.

    >>> parts_directory("runs/greedy.csv").as_posix()
    'runs/greedy.csv.parts'
    """
    path = Path(out)
    return path.with_name(path.name + PARTS_SUFFIX)


def _atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    """Run ``write(temporary)`` then rename it to ``path``: the file is whole or absent."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    # Created as open() would (mode 0o666 less the umask), unlike mkstemp's private 0o600.
    os.close(os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    try:
        write(temporary)
        with open(temporary, "rb+") as done:
            os.fsync(done.fileno())  # on disk before the rename makes it visible
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _write_text(path: Path, text: str) -> None:
    _atomic_write(path, lambda temporary: temporary.write_text(text, encoding="utf-8"))


def write_results(frame: pd.DataFrame, out: str | os.PathLike) -> Path:
    """Write a study frame to ``out`` (CSV or Parquet by suffix), whole or not at all."""
    path = check_output_path(out)
    if path.suffix.lower() == ".csv":
        _atomic_write(path, lambda temporary: frame.to_csv(temporary, index=False))
    else:
        _atomic_write(path, lambda temporary: frame.to_parquet(temporary, index=False))
    return path


def read_results(path: str | os.PathLike) -> pd.DataFrame:
    """Read a results file (CSV or Parquet) back into a study frame.

    A file with a study's columns comes back with the column types
    :mod:`~xochintlan_hex.simulate` gives (``winner`` a nullable integer,
    missing values missing), so a study frame written and read back equals the
    frame written.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"a results file must end in {' or '.join(FORMATS)}, got {str(path)!r}")
    if suffix == ".parquet":
        _require_pyarrow()
        frame = pd.read_parquet(path)
    else:
        # Only empty cells are missing: a card or kind name is never read as NaN.
        frame = pd.read_csv(path, keep_default_na=False, na_values=[""])
    return _as_study_frame(frame)


def _as_study_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """A frame with a study's columns gets the study's types; any other is left as read."""
    columns = list(frame.columns)
    seats = sum(c.startswith("player_") and c[len("player_"):].isdigit() for c in columns)
    if columns == simulate.xochintlan_columns(seats):
        return simulate.xochintlan_frame(frame.to_dict("records"), n_players=seats)
    if columns == simulate.hextremadura_columns():
        return simulate.hextremadura_frame(frame.to_dict("records"))
    if "winner" in columns:
        with contextlib.suppress(TypeError, ValueError):  # not seat numbers: left for the caller
            frame["winner"] = frame["winner"].astype("Int64")
    return frame


# ---------------------------------------------------------------------------
# The side directory of finished chunks


def _plain(value: Any) -> Any:
    """JSON for numpy scalars (rows are plain Python values, but be safe)."""
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"cannot write {value!r} ({type(value).__name__}) in a chunk file")


def _chunk_name(indices: Sequence[int]) -> str:
    return f"games-{indices[0]:09d}-{indices[-1]:09d}.json"


def write_chunk(parts: Path, indices: Sequence[int], rows: Sequence[dict]) -> Path:
    """Keep one finished chunk: its game indices and rows, written atomically."""
    path = parts / _chunk_name(indices)
    _write_text(path, json.dumps({"indices": list(indices), "rows": list(rows)},
                                 default=_plain, separators=(",", ":")))
    return path


def read_chunks(parts: Path) -> dict[int, dict]:
    """Every row kept in ``parts``, by game index (temporary files are ignored)."""
    rows: dict[int, dict] = {}
    for path in sorted(parts.glob("games-*.json")):
        try:
            chunk = json.loads(path.read_text(encoding="utf-8"))
            pairs = list(zip(chunk["indices"], chunk["rows"], strict=True))
        except (ValueError, KeyError, TypeError) as error:
            raise StudyError(f"{path} is not a chunk file of this kit ({error}); "
                             "remove it to play its games again") from None
        rows.update(pairs)
    return rows


def _flat(description: dict, prefix: str = "") -> dict:
    """``{"rules": {"endgame": "tie"}}`` -> ``{"rules.endgame": "tie"}``, to name what differs."""
    flat = {}
    for key, value in description.items():
        if isinstance(value, dict):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _describe_difference(kept: dict, wanted: dict) -> str:
    """What differs between two study descriptions, e.g. ``seed: 5 there, 6 now``.

    >>> _describe_difference({"seed": 5, "rules": {"endgame": "tie"}},
    ...                      {"seed": 6, "rules": {"endgame": "swap"}})
    'seed: 5 there, 6 now; rules.endgame: "tie" there, "swap" now'
    """
    kept, wanted = _flat(kept), _flat(wanted)
    keys = [k for k in dict.fromkeys([*kept, *wanted]) if kept.get(k) != wanted.get(k)]
    return "; ".join(f"{k}: {json.dumps(kept.get(k))} there, {json.dumps(wanted.get(k))} now"
                     for k in keys)


def open_parts(study: Study, out: Path, resume: bool) -> tuple[Path, dict[int, dict]]:
    """The side directory for ``study`` writing ``out``, and the rows it already holds.

    Without ``resume`` an existing side directory is refused (it holds an
    unfinished run's work); with ``resume`` its study must be this study.
    """
    parts = parts_directory(out)
    wanted = study.description()
    if not parts.exists():
        parts.mkdir()
        _write_text(parts / STUDY_FILE, json.dumps(wanted, indent=2) + "\n")
        return parts, {}
    if not resume:
        raise StudyError(f"{parts} holds an unfinished run of a study; resume it "
                         "(--resume, or resume=True) or remove that directory to start again")
    try:
        kept = json.loads((parts / STUDY_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise StudyError(f"cannot read {parts / STUDY_FILE} ({error}); "
                         "remove that directory to start again") from None
    if kept != wanted:
        raise StudyError(f"cannot resume: {parts} holds another study "
                         f"({_describe_difference(kept, wanted)}); use the same options, "
                         "or another output file")
    return parts, read_chunks(parts)


def _remove_parts(parts: Path) -> None:
    for path in parts.iterdir():
        path.unlink()
    parts.rmdir()


# ---------------------------------------------------------------------------
# Running


def missing_chunks(games: int, done: Iterable[int], workers: int = 1,
                   chunk_size: int | None = None) -> list[list[int]]:
    """The game indices still to play, in chunks (see :func:`simulate.chunk_indices`).

    >>> missing_chunks(10, done=[0, 1, 2, 3], chunk_size=4)
    [[4, 5, 6, 7], [8, 9]]
    """
    done = set(done)
    todo = [i for i in range(games) if i not in done]
    return simulate.chunk_indices(todo, workers, chunk_size) if todo else []


def run_study(study: Study, out: str | os.PathLike, workers: int = 1,
              executor: Executor | None = None, resume: bool = False,
              chunk_size: int | None = None, progress: bool = True,
              keep_parts: bool = False,
              on_chunk: Callable[[list[int], Path], None] | None = None) -> pd.DataFrame:
    """Play ``study``, keeping each finished chunk, and write the results file ``out``.

    ``workers``/``executor``: where the games run, as in
    :func:`~xochintlan_hex.simulate.simulate_xochintlan`. ``resume=True`` finishes
    the unfinished run whose chunks are in ``<out>.parts/`` (the study must be the
    same); the result is exactly that of an uninterrupted run. ``chunk_size``:
    games per chunk (how much work an interruption can lose); by default about
    four chunks per worker, at most :data:`~xochintlan_hex.simulate.MAX_CHUNK`.
    ``on_chunk(indices, path)`` is called after each chunk is kept.
    Returns the study frame, as read back from the kept chunks.
    """
    from tqdm.auto import tqdm

    out = check_output_path(out)
    workers = _count("workers", workers, 1)
    if chunk_size is not None:
        chunk_size = _count("chunk_size", chunk_size, 1)
    parts, kept = open_parts(study, out, resume)
    chunks = missing_chunks(study.games, kept, workers, chunk_size)
    with tqdm(total=study.games, initial=len(kept), desc=study.label, unit="game",
              disable=not progress, smoothing=0.1) as bar:
        for indices, rows in simulate.iter_chunks(study.play_chunk, chunks, study.args,
                                                  workers, executor):
            path = write_chunk(parts, indices, rows)
            bar.update(len(indices))
            if on_chunk is not None:
                on_chunk(indices, path)
    kept = read_chunks(parts)
    if sorted(kept) != list(range(study.games)):
        raise StudyError(f"{parts} does not hold every game of the study; run it again with resume")
    frame = study.to_frame([kept[i] for i in range(study.games)])
    write_results(frame, out)
    if not keep_parts:
        _remove_parts(parts)
    return frame


__all__ = [
    "FORMATS", "PARTS_SUFFIX", "STUDY_FILE", "Study", "StudyError", "check_output_path",
    "hextremadura_study", "missing_chunks", "open_parts", "parts_directory", "read_chunks",
    "read_results", "run_study", "write_chunk", "write_results", "xochintlan_study",
]
