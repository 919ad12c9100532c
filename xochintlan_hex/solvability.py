"""How many Hextremadura deals are winnable? The open-information solver over many deals.

Deal ``i`` of a study with seed ``s`` is the pile of game ``i`` of any
Hextremadura study with that seed (:func:`~xochintlan_hex.simulate.game_seed`),
so the solver's rows line up with what greedy, search or the planner scored on
the same deals (``simulate hextremadura --seed s``).

Columns of :func:`solve_deals`
    ``game``, ``seed``, ``tileset``: as in a study frame.
    ``max_score``: the perfect score of the deal (its terrain tiles).
    ``best_found``: the best score of a game the solver found (a proved lower
    bound: the ``actions`` column replays it).
    ``upper_bound``: no game of the deal can score more (see
    :func:`~xochintlan_hex.players.hextremadura_planner.score_upper_bound`).
    ``perfect_proved``: a perfect game was found. ``perfect_impossible``: the
    upper bound is below perfect. ``decided``: the two bounds meet.
    ``candidates``, ``passes``: the solver's settings. ``seconds``: time taken
    (depends on the machine; every other column depends only on the seed).
    ``actions``: the best game, placements in notation, separated by spaces.

The look-ahead solver (:func:`solve_deal`)
    With the whole shuffled order known there is nothing to sample: the same
    look-ahead runs on the deal itself, step by step, keeping the best finished
    game found so far and following it when no candidate does better (a nested
    rollout). It may try again with other tie-breaks (``passes``) until the
    score reaches the upper bound. What it finds is a *proved lower bound*: a game that
    :func:`~xochintlan_hex.hextremadura.replay` plays again. The *upper bound*
    is :func:`~xochintlan_hex.players.hextremadura_planner.score_upper_bound`: the terrain tiles whose objective the tile
    set's icons can satisfy at all (an objective asking for an icon on a terrain
    where no tile prints it can never hold). A deal is *decided* when the two
    bounds meet.

>>> frame = solve_deals([0], seed=7, candidates=1)
>>> bool(frame.loc[0, "best_found"] <= frame.loc[0, "upper_bound"] == 15)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from xochintlan_hex import stats
from xochintlan_hex.hextremadura import Hextremadura, Place, load_tileset
from xochintlan_hex.hextremadura.perfect import find_perfect_game
from xochintlan_hex.hextremadura.solver import solve_exactly
from xochintlan_hex.players.hextremadura_planner import candidate_placements, finish_with_greedy, score_upper_bound
from xochintlan_hex.simulate import chunk_indices, game_seed, iter_chunks

# ---------------------------------------------------------------------------
# The look-ahead solver of one deal


@dataclass
class Solution:
    """What :func:`solve_deal` proved about one deal."""

    order: tuple[str, ...]
    lower: int  # the best score of a game found
    upper: int  # no game of this deal can score more
    actions: list[Place] = field(default_factory=list)  # that game, placement by placement
    seconds: float = 0.0
    passes: int = 0  # look-ahead passes made

    @property
    def decided(self) -> bool:
        """True when the best reachable score is known exactly."""
        return self.lower == self.upper


def solve_deal(
    seed: int | None = None,
    tileset: Any = None,
    order: Any = None,
    candidates: int = 4,
    passes: int = 1,
    seconds: float | None = None,
    rng_seed: int = 0,
) -> Solution:
    """Search for the best score of one deal, knowing its whole order.

    ``seed`` or ``order`` fixes the deal as in :class:`Hextremadura`. The
    look-ahead (module docstring) tries ``candidates`` placements per step; it
    makes ``passes`` passes over the whole game, each with new tie-breaks drawn
    from ``rng_seed``, stopping early once the score reaches the upper bound
    (or, when ``seconds`` is set, once that much time has passed: a time limit
    makes the result depend on the machine). The returned ``actions`` replay
    the best game found from the deal.

    >>> found = solve_deal(order=["R1", "T1", "T2", "R2", "T3"], candidates=2)
    >>> game = Hextremadura(order=found.order)
    >>> for action in found.actions:
    ...     game.play(action)
    >>> game.score() == found.lower <= found.upper == 3
    True
    """
    for name, value in (("candidates", candidates), ("passes", passes)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be an int >= 1, not {value!r}")
    if seconds is not None and (not isinstance(seconds, (int, float)) or seconds <= 0):
        raise ValueError(f"seconds must be None or a number > 0, not {seconds!r}")
    start = time.perf_counter()
    deal = Hextremadura(seed=seed, tileset=tileset, order=order)
    upper = score_upper_bound(deal.tileset, deal.start_order)
    rng = random.Random(rng_seed)
    best = Solution(deal.start_order, -1, upper)
    while best.passes < passes:
        actions, score = _nested_rollout(deal.clone(), candidates, rng)
        if score > best.lower:
            best.lower, best.actions = score, actions
        best.passes += 1
        if best.decided or (seconds is not None and time.perf_counter() - start >= seconds):
            break
    best.seconds = time.perf_counter() - start
    return best


def _nested_rollout(game: Hextremadura, candidates: int, rng: random.Random) -> tuple[list[Place], int]:
    """One pass of the look-ahead on a known deal: at each step, finish every candidate
    with greedy and follow the best finished game seen so far."""
    played: list[Place] = []
    best_line: list[Place] = []
    best_score = -1
    while not game.is_over:
        for action in candidate_placements(game, candidates, rng):
            trial = game.clone()
            trial.play(action)
            line = [action] + finish_with_greedy(trial, random.Random(rng.getrandbits(32)))
            if trial.score() > best_score:
                best_score, best_line = trial.score(), line
        action = best_line.pop(0)  # the first step of the best game seen
        game.play(action)
        played.append(action)
    return played, game.score()


COLUMNS = [
    "game",
    "seed",
    "tileset",
    "max_score",
    "best_found",
    "upper_bound",
    "perfect_proved",
    "perfect_impossible",
    "decided",
    "candidates",
    "passes",
    "seconds",
    "cpu_seconds",
    "actions",
]


def solve_deal_rows(
    indices: Iterable[int], seed: int = 0, tileset: Any = None, candidates: int = 4, passes: int = 1
) -> list[dict]:
    """The solver's rows for these deal indices (a module-level function: it runs in
    worker processes too)."""
    tileset = load_tileset(tileset)
    rows = []
    for index in indices:
        seed_of_game = game_seed(seed, index)
        found = solve_deal(
            seed=seed_of_game, tileset=tileset, candidates=candidates, passes=passes, rng_seed=seed_of_game
        )
        perfect = sum(1 for t in found.order if t in tileset.terrain_ids)
        rows.append(
            {
                "game": index,
                "seed": seed_of_game,
                "tileset": tileset.name,
                "max_score": perfect,
                "best_found": found.lower,
                "upper_bound": found.upper,
                "perfect_proved": found.lower == perfect,
                "perfect_impossible": found.upper < perfect,
                "decided": found.decided,
                "candidates": candidates,
                "passes": found.passes,
                "seconds": round(found.seconds, 2),
                "actions": " ".join(str(a) for a in found.actions),
            }
        )
    return rows


def solve_deals(
    indices: Iterable[int] | int,
    seed: int = 0,
    tileset: Any = None,
    candidates: int = 4,
    passes: int = 1,
    workers: int = 1,
    executor: Executor | None = None,
) -> pd.DataFrame:
    """Solve deals ``indices`` (or ``range(indices)``) of a study seed, one row each.

    Runs here, in ``workers`` local processes or on ``executor`` (e.g. Dask),
    as the simulations do; the rows do not depend on where they ran.
    """
    if isinstance(indices, int):
        indices = range(indices)
    indices = list(indices)
    tiles = load_tileset(tileset)
    rows: list[dict] = []
    for _, chunk_rows in iter_chunks(
        solve_deal_rows, chunk_indices(indices, workers), (seed, tiles, candidates, passes), workers, executor
    ):
        rows.extend(chunk_rows)
    return pd.DataFrame(sorted(rows, key=lambda r: r["game"]), columns=COLUMNS)


def solvability_summary(solved: pd.DataFrame, scored: Sequence[pd.DataFrame] = ()) -> pd.DataFrame:
    """Shares of deals with a perfect score proved reachable, proved impossible, or
    reached by each player, with Wilson intervals, on the solver's deals.

    ``scored``: study frames (``player``, ``seed``, ``score``, ``max_score``) of
    players on the same study seed; only the deals the solver saw count.
    Columns: ``who``, ``what``, ``estimate``, ``low``, ``high``, ``successes``,
    ``n``, and ``mean_score`` with its ``mean_low``, ``mean_high``.
    """
    rows = []

    def add(who: str, what: str, hits: pd.Series, scores: pd.Series) -> None:
        share = stats.proportion(int(hits.sum()), len(hits))
        mean = stats.mean_interval(scores)
        rows.append(
            {
                "who": who,
                "what": what,
                **{k: share[k] for k in ("estimate", "low", "high", "successes", "n")},
                "mean_score": mean["estimate"],
                "mean_low": mean["low"],
                "mean_high": mean["high"],
            }
        )

    add("solver", "perfect score proved reachable", solved["perfect_proved"].astype(bool), solved["best_found"])
    add("solver", "perfect score proved impossible", solved["perfect_impossible"].astype(bool), solved["upper_bound"])
    seeds = set(solved["seed"])
    for frame in scored:
        for player, games in frame[frame["seed"].isin(seeds)].groupby("player", sort=False):
            add(str(player), "perfect score reached", games["score"] == games["max_score"], games["score"])
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------
# Deciding deals: the exact solver, started from the look-ahead's best game

DECIDED_COLUMNS = [
    "game",
    "seed",
    "tileset",
    "max_score",
    "lower",
    "upper",
    "decided",
    "perfect_possible",
    "lower_from",
    "candidates",
    "max_nodes",
    "max_seconds",
    "nodes",
    "complete",
    "rules",
    "seconds",
    "cpu_seconds",
    "actions",
]


def decide_deal_row(
    index: int,
    seed: int = 0,
    tileset: Any = None,
    candidates: int = 2,
    max_nodes: int | None = 200,
    known_actions: str | None = None,
    max_seconds: float | None = None,
    perfect_seconds: float | None = None,
    follow_best: bool = False,
    finder_seed: int = 0,
) -> dict:
    """One deal decided as far as the limit allows: its lower bound from a known game
    (``known_actions``, e.g. the solver file's, replayed through the engine) or else
    from the look-ahead (:func:`solve_deal`), then the exact search
    (:func:`~xochintlan_hex.hextremadura.solver.solve_exactly`) with ``max_nodes`` states
    and ``max_seconds`` CPU seconds at most (None: no such limit).

    ``perfect_possible`` is True (a perfect game found), False (proved impossible)
    or None (open). ``lower_from`` says where the lower bound's game came from.

    With ``perfect_seconds``, the perfect-game finder
    (:func:`~xochintlan_hex.hextremadura.perfect.find_perfect_game`) first searches
    that many CPU seconds from the known game's rounds; a perfect game decides the
    deal at once (``lower_from`` "perfect search"), else its best game, when better
    than the known one, starts the exact search. ``cpu_seconds`` counts both searches.
    ``follow_best`` is the finder's option of that name (its passes also start from the
    rounds of the best game it has found). The finder breaks ties between equally
    promising states with the deal's seed + ``finder_seed``: from the same known game
    and with the same seed it would search as it did before, so a run meant to search
    anew from the same best games takes another ``finder_seed``.
    """
    if isinstance(finder_seed, bool) or not isinstance(finder_seed, int):
        raise ValueError(f"finder_seed must be an int, not {finder_seed!r}")
    tileset = load_tileset(tileset)
    seed_of_game = game_seed(seed, index)
    if known_actions:
        certificate, lower_from = known_actions.split(), "known"
    else:
        found = solve_deal(seed=seed_of_game, tileset=tileset, candidates=candidates, rng_seed=seed_of_game)
        certificate, lower_from = [str(a) for a in found.actions], "look-ahead"
    finder_seconds = 0.0
    if perfect_seconds is not None:
        search = find_perfect_game(
            seed=seed_of_game,
            tileset=tileset,
            starts=[certificate],
            seconds=perfect_seconds,
            rng_seed=seed_of_game + finder_seed,
            follow_best=follow_best,
        )
        finder_seconds = search.cpu_seconds
        if search.actions and [str(a) for a in search.actions] != certificate:
            certificate, lower_from = [str(a) for a in search.actions], "perfect search"
    proof = solve_exactly(
        seed=seed_of_game, tileset=tileset, certificate=certificate, max_nodes=max_nodes, seconds=max_seconds
    )
    better = proof.actions != [] and [str(a) for a in proof.actions] != certificate
    return {
        "game": index,
        "seed": seed_of_game,
        "tileset": tileset.name,
        "max_score": proof.max_score,
        "lower": proof.lower,
        "upper": proof.upper,
        "decided": proof.decided,
        "perfect_possible": proof.perfect_possible,
        "lower_from": "exact search" if better else lower_from,
        "candidates": candidates,
        "max_nodes": max_nodes,
        "max_seconds": max_seconds,
        "nodes": proof.nodes,
        "complete": proof.complete,
        "rules": " ".join(proof.rules),
        "seconds": round(proof.seconds, 2),
        "cpu_seconds": round(proof.cpu_seconds + finder_seconds, 2),
        "actions": " ".join(str(a) for a in proof.actions),
    }


def decided_summary(decided: pd.DataFrame, scored: Sequence[pd.DataFrame] = ()) -> pd.DataFrame:
    """The study's findings, one row each: the share decided, the share with a perfect
    score proved possible and proved impossible (Wilson intervals), and for each
    player of ``scored`` (study frames on the same seed) how far it falls below the
    deal's lower bound and below its upper bound, paired by deal (mean differences with
    their t intervals): the gap to the deal's best lies between the two, and equals
    both on a decided deal.
    Columns: ``what``, ``estimate``, ``low``, ``high``, ``n``.
    """
    rows = []
    for what, hits in (
        ("decided", decided["decided"].astype(bool)),
        # perfect_possible holds True, False or None (undecided): compared, not tested for truth
        ("perfect score proved possible", decided["perfect_possible"] == True),  # noqa: E712
        ("perfect score proved impossible", decided["perfect_possible"] == False),  # noqa: E712
    ):
        share = stats.proportion(int(hits.sum()), len(hits))
        rows.append({"what": what, **{k: share[k] for k in ("estimate", "low", "high", "n")}})
    bounds = decided.set_index("seed")
    for frame in scored:
        for player, games in frame[frame["seed"].isin(bounds.index)].groupby("player", sort=False):
            for bound, what in (("lower", "the best game found"), ("upper", "the upper bound")):
                gap = bounds.loc[games["seed"], bound].to_numpy() - games["score"].to_numpy()
                mean = stats.mean_interval(pd.Series(gap))
                rows.append(
                    {
                        "what": f"{player}: points below {what}",
                        "estimate": mean["estimate"],
                        "low": mean["low"],
                        "high": mean["high"],
                        "n": len(gap),
                    }
                )
    return pd.DataFrame(rows)
