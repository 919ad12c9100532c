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

>>> frame = solve_deals([0], seed=7, candidates=1)
>>> bool(frame.loc[0, "best_found"] <= frame.loc[0, "upper_bound"] == 15)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from typing import Any

import pandas as pd

from xochintlan_hex import stats
from xochintlan_hex.hextremadura import load_tileset
from xochintlan_hex.hextremadura.solver import solve_exactly
from xochintlan_hex.players.hextremadura_planner import solve_deal
from xochintlan_hex.simulate import chunk_indices, game_seed, iter_chunks

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
) -> dict:
    """One deal decided as far as the limit allows: its lower bound from a known game
    (``known_actions``, e.g. the solver file's, replayed through the engine) or else
    from the look-ahead (:func:`solve_deal`), then the exact search
    (:func:`~xochintlan_hex.hextremadura.solver.solve_exactly`) with ``max_nodes`` states
    and ``max_seconds`` CPU seconds at most (None: no such limit).

    ``perfect_possible`` is True (a perfect game found), False (proved impossible)
    or None (open). ``lower_from`` says where the lower bound's game came from.
    """
    tileset = load_tileset(tileset)
    seed_of_game = game_seed(seed, index)
    if known_actions:
        certificate, lower_from = known_actions.split(), "known"
    else:
        found = solve_deal(seed=seed_of_game, tileset=tileset, candidates=candidates, rng_seed=seed_of_game)
        certificate, lower_from = [str(a) for a in found.actions], "look-ahead"
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
        "cpu_seconds": round(proof.cpu_seconds, 2),
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
