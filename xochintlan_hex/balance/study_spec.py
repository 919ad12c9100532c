"""What a study is: one registered game, its players, parameters and seed, and how large it may be."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from xochintlan_hex import __version__
from xochintlan_hex.balance import simulate
from xochintlan_hex.game import GameSpec, checked_count, loaded_game_modules
from xochintlan_hex.i18n import _, duration_text
from xochintlan_hex.players import game_seconds
from xochintlan_hex.xochintlan import Rules

#: Bumped when the chunk files change shape; older side directories are refused.
#: Format 3: a study's identity leaves out its number of games, so a run may grow.
PARTS_FORMAT = 3

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
    ``to_frame(rows)`` makes the tidy frame, both from :mod:`~xochintlan_hex.balance.simulate`.
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
        """The JSON written to ``study.json``: a resumed run must match it, but for ``games``."""
        return {
            "format": PARTS_FORMAT,
            "kit_version": __version__,
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            **self.parameters,
        }

    def games_left_out(self) -> dict[str, Any]:
        """:meth:`description` without the number of games: what decides each game.

        Game ``i`` depends only on the seed and ``i``, so the same study asked for
        more games (or fewer) plays the same first games: a run may grow.
        """
        return {key: value for key, value in self.description().items() if key != "games"}

    @property
    def identity(self) -> str:
        """A hash of :meth:`games_left_out`: every chunk of this study carries it."""
        text = json.dumps(self.games_left_out(), sort_keys=True, separators=(",", ":"))
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
