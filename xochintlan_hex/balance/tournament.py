"""Rating ladders: round-robin tournaments, a Bradley–Terry fit, and solo ladders.

Games of two seats or more (Xochintlan by default, or any registered game: ``game=``)
    :func:`round_robin` plays every pair of players in both seatings, on the
    same deals (the same study seed for both seatings, so a deal that favours a
    seat favours each player once), through
    :func:`~xochintlan_hex.balance.simulate.simulate` (local processes or any executor, e.g. Dask).
    :func:`bradley_terry` reads the games as pairwise results and fits one
    strength per player: ``P(i beats j) = 1 / (1 + exp(s_j - s_i))``, a draw
    counting half a win to each. Strengths are on a log-odds scale relative to
    the ``reference`` player (0), also given in Elo points (``400 / ln 10``
    times larger), each with a 95% interval from the curvature of the
    likelihood; :func:`rating_difference` gives the difference between any two
    players with its own interval (which those intervals cannot give), and
    :func:`goodness_of_fit` tests whether one strength a player explains every
    pair's results. A small prior, ``prior`` virtual draws between every pair that
    met, keeps the fit finite when a player won every game.

Solo games (Hextremadura by default)
    :func:`solo_ladder` plays each solo player on the same deals and gives its
    mean score with a t interval (:func:`~xochintlan_hex.balance.grouping.duration`).

>>> frame = round_robin(["greedy", "random"], games=3, seed=1, progress=False)
>>> sorted(frame["pairing"].unique())
['greedy vs random']
>>> bradley_terry(frame, reference="random")[["player", "games"]].values.tolist()
[['greedy', 6], ['random', 6]]
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np
import pandas as pd

from xochintlan_hex.balance import stats
from xochintlan_hex.balance.intervals import chi_square_sf
from xochintlan_hex.balance.simulate import PlayerSpec, simulate
from xochintlan_hex.game import GameSpec, game_spec
from xochintlan_hex.players import get_player, player_name
from xochintlan_hex.xochintlan import Rules

#: Elo points per unit of log-odds strength.
ELO_PER_UNIT = 400 / math.log(10)

LADDER_COLUMNS = ["player", "strength", "low", "high", "elo", "elo_low", "elo_high", "games", "wins", "losses", "draws"]


def _names(players: Sequence[PlayerSpec], spec: GameSpec[Any]) -> list[str]:
    names = [player_name(get_player(p, game=spec)) for p in players]
    if len(set(names)) != len(names):
        raise ValueError(f"players must have different names, got {names}")
    return names


def round_robin(
    players: Sequence[PlayerSpec] | str,
    games: int,
    rules: Rules | None = None,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
    game: str | GameSpec[Any] = "xochintlan",
    **parameters: Any,
) -> pd.DataFrame:
    """Every pair of ``players`` plays ``games`` two-player games of ``game`` in each seating.

    ``players``: names or player objects (at least two, with different names).
    ``rules``: Xochintlan's rules (the original game by default); ``parameters``:
    the parameters of any other registered ``game``.
    Returns the study frames of every match stacked, with a ``pairing`` column
    (``"a vs b"`` in the order given) and a ``seating`` column (``"a first"``).
    Seeds: the pair ``(i, j)`` plays the study seed ``seed + 1000 * k`` for its
    ``k``-th place in the list of pairs, the same seed in both seatings.
    """
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",")]
    players = list(players)
    if len(players) < 2:
        raise ValueError(f"a round robin needs at least two players, got {players!r}")
    spec = game_spec(game)
    if rules is not None:
        parameters = {**dataclasses.asdict(rules), **parameters}
    names = _names(players, spec)
    frames = []
    for k, (i, j) in enumerate(itertools.combinations(range(len(players)), 2)):
        for first, second in ((i, j), (j, i)):
            frame = simulate(
                spec,
                games,
                [players[first], players[second]],
                seed=seed + 1000 * k,
                workers=workers,
                executor=executor,
                progress=progress,
                **parameters,
            )
            frame.insert(0, "pairing", f"{names[i]} vs {names[j]}")
            frame.insert(1, "seating", f"{names[first]} first")
            frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def pairwise_results(frame: pd.DataFrame) -> pd.DataFrame:
    """Wins, losses and draws of every player against every other (one row per order).

    The columns of :func:`~xochintlan_hex.balance.seat_metrics.head_to_head` (``player``,
    ``opponent``, ``wins``, ``losses``, ``draws``, ``n``, ...).
    """
    return stats.head_to_head(frame)


def bradley_terry(
    frame: pd.DataFrame, reference: str | None = None, prior: float = 0.5, confidence: float = stats.CONFIDENCE
) -> pd.DataFrame:
    """One strength per player, fitted to the games of ``frame`` (see the module docstring).

    ``frame``: study rows with ``player_0``, ``player_1``, ... and ``winner``
    (e.g. :func:`round_robin`'s), or a :func:`pairwise_results` frame.
    ``reference``: the player whose strength is 0 (the weakest by win share
    when None). Returns the tidy frame :data:`LADDER_COLUMNS`, strongest first:
    ``strength`` with its interval ``low``..``high``, the same in Elo points,
    and each player's games, wins, losses and draws.
    """
    pairs, names, won, played = _points_table(frame, prior)
    index = {name: i for i, name in enumerate(names)}
    totals = won.sum(axis=1)
    if reference is None:
        share = totals / np.maximum(played.sum(axis=1), 1e-12)
        reference = names[int(np.argmin(share))]
    if reference not in index:
        raise ValueError(f"reference must be one of the players {names}, not {reference!r}")
    ref = index[reference]
    strength, covariance = _fit(won, played, ref)
    z = stats.normal_quantile(0.5 + confidence / 2)
    se = np.sqrt(np.maximum(np.diag(covariance), 0.0))
    rows = []
    for name, i in index.items():
        mine = pairs[pairs["player"] == name]
        rows.append(
            {
                "player": name,
                "strength": strength[i],
                "low": strength[i] - z * se[i],
                "high": strength[i] + z * se[i],
                "games": int(mine["n"].sum()),
                "wins": int(mine["wins"].sum()),
                "losses": int(mine["losses"].sum()),
                "draws": int(mine["draws"].sum()),
            }
        )
    ladder = pd.DataFrame(rows)
    for column in ("strength", "low", "high"):
        target = "elo" if column == "strength" else f"elo_{column}"
        ladder[target] = ladder[column] * ELO_PER_UNIT
    ladder = ladder.sort_values("strength", ascending=False, kind="stable")
    return ladder[LADDER_COLUMNS].reset_index(drop=True)


def _points_table(frame: pd.DataFrame, prior: float) -> tuple[pd.DataFrame, list[str], np.ndarray, np.ndarray]:
    """The pairwise results of ``frame``, the players' names, and the points
    matrices ``won[i, j]`` (i's points against j, a draw half a point, plus
    ``prior`` virtual draws per pair that met) and ``played = won + won.T``."""
    pairs = frame if {"opponent", "wins", "losses", "draws"} <= set(frame.columns) else pairwise_results(frame)
    if pairs.empty:
        raise ValueError("bradley_terry needs games between at least two players")
    if not (isinstance(prior, (int, float)) and prior >= 0):
        raise ValueError(f"prior must be a number >= 0, not {prior!r}")
    names = sorted(set(pairs["player"]) | set(pairs["opponent"]))
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    won = np.zeros((n, n))
    for row in pairs.itertuples():
        won[index[row.player], index[row.opponent]] += row.wins + 0.5 * row.draws
    met = (won + won.T) > 0
    won = won + prior / 2 * met
    return pairs, names, won, won + won.T


def rating_difference(
    frame: pd.DataFrame, player: str, opponent: str, prior: float = 0.5, confidence: float = stats.CONFIDENCE
) -> dict[str, Any]:
    """How much stronger ``player`` is than ``opponent`` in the Bradley–Terry fit of
    ``frame``, with its interval: a comparison of two players is a difference.

    Two players' intervals against the reference may overlap while their
    difference is clearly not zero, or not overlap while it is uncertain: the
    difference's interval uses the covariance of the two strengths,
    ``Var(s_a - s_b) = Var(s_a) + Var(s_b) - 2 Cov(s_a, s_b)``, which is also
    right when the two never met and are compared through common opponents.
    It does not depend on the reference player.

    Returns ``player``, ``opponent``, ``strength``, ``low``, ``high`` (log-odds)
    and ``elo``, ``elo_low``, ``elo_high``.

    >>> frame = round_robin(["greedy", "random"], games=3, seed=1, progress=False)
    >>> gap = rating_difference(frame, "greedy", "random")
    >>> ladder = bradley_terry(frame, reference="random").set_index("player")
    >>> bool(gap["elo"] == ladder.loc["greedy", "elo"])
    True
    """
    _, names, won, played = _points_table(frame, prior)
    for name in (player, opponent):
        if name not in names:
            raise ValueError(f"no player {name!r} in these games; they have {names}")
    a, b = names.index(player), names.index(opponent)
    strength, covariance = _fit(won, played, b)
    variance = covariance[a, a] + covariance[b, b] - 2 * covariance[a, b]
    half = stats.normal_quantile(0.5 + confidence / 2) * math.sqrt(max(variance, 0.0))
    gap = float(strength[a] - strength[b])
    return {
        "player": player,
        "opponent": opponent,
        "strength": gap,
        "low": gap - half,
        "high": gap + half,
        "elo": gap * ELO_PER_UNIT,
        "elo_low": (gap - half) * ELO_PER_UNIT,
        "elo_high": (gap + half) * ELO_PER_UNIT,
    }


def goodness_of_fit(frame: pd.DataFrame, prior: float = 0.5) -> dict[str, Any]:
    """Does one strength per player explain every pair's results? A test of the
    Bradley–Terry model on the games of ``frame`` (as :func:`bradley_terry` reads them).

    Each pair that met gives ``z = (points - expected) / sd``: its points share
    against the fit's ``P(i beats j)``, over the standard error of a share of
    ``n`` games whose draw share is the pair's own (one game's points vary by
    ``p (1 - p) - draws / 4`` when a draw counts half). If the model holds, the
    sum of the ``z**2`` follows a chi-square law with ``pairs - (players - 1)``
    degrees of freedom (one strength per player, less the reference). A small
    ``p_value`` says that some pair plays differently from what the players'
    strengths elsewhere predict (A beats B, B beats C, C beats A, say). With as
    many pairs as free strengths (every pair linked once, a chain), the fit is
    exact and there is nothing to test: ``df`` is 0 and ``p_value`` NaN.

    Returns ``statistic``, ``df``, ``p_value`` and ``pairs``: one row per pair
    (``player``, ``opponent``, ``games``, ``points``, ``expected``, ``z``).

    >>> frame = round_robin(["greedy", "random"], games=3, seed=1, progress=False)
    >>> fit = goodness_of_fit(frame)
    >>> fit["df"], bool(np.isnan(fit["p_value"]))
    (0, True)
    """
    pairs, names, won, played = _points_table(frame, prior)
    strength, _ = _fit(won, played, 0)
    once = pairs[pairs["player"] < pairs["opponent"]]
    index = {name: i for i, name in enumerate(names)}
    i = once["player"].map(index).to_numpy()
    j = once["opponent"].map(index).to_numpy()
    games = once["n"].to_numpy(float)
    draws = once["draws"].to_numpy(float) / games
    points = (once["wins"].to_numpy(float) + 0.5 * once["draws"].to_numpy(float)) / games
    expected = 1.0 / (1.0 + np.exp(strength[j] - strength[i]))
    # A draw share the model cannot give (more draws than twice the loser's share) is
    # clipped, so that one game's variance is never negative.
    draws = np.minimum(draws, 2 * np.minimum(expected, 1 - expected))
    sd = np.sqrt(np.maximum(expected * (1 - expected) - draws / 4, 0.0) / games)
    gap = points - expected
    z = np.divide(gap, sd, out=np.zeros_like(gap), where=sd > 0)
    df = len(once) - (len(names) - 1)
    statistic = float(np.sum(z**2))
    p_value = chi_square_sf(statistic, df) if df > 0 else math.nan
    table = pd.DataFrame(
        {
            "player": once["player"].to_numpy(),
            "opponent": once["opponent"].to_numpy(),
            "games": games.astype(int),
            "points": points,
            "expected": expected,
            "z": z,
        }
    )
    return {"statistic": statistic, "df": df, "p_value": p_value, "pairs": table}


def _fit(won: np.ndarray, played: np.ndarray, ref: int, steps: int = 100) -> tuple[np.ndarray, np.ndarray]:
    """Maximum-likelihood strengths (``ref`` fixed at 0) by Newton's method, and their
    covariance (the inverse of the information matrix on the free strengths)."""
    n = len(won)
    free = [i for i in range(n) if i != ref]
    s = np.zeros(n)
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(s[None, :] - s[:, None]))  # p[i, j] = P(i beats j)
        gradient = won.sum(axis=1) - (played * p).sum(axis=1)
        weight = played * p * p.T
        information = np.diag(weight.sum(axis=1)) - weight
        sub = information[np.ix_(free, free)]
        step = np.linalg.solve(sub, gradient[free])
        s[free] += step
        if np.max(np.abs(step)) < 1e-10:
            break
    p = 1.0 / (1.0 + np.exp(s[None, :] - s[:, None]))
    weight = played * p * p.T
    information = np.diag(weight.sum(axis=1)) - weight
    covariance = np.zeros((n, n))
    covariance[np.ix_(free, free)] = np.linalg.inv(information[np.ix_(free, free)])
    return s, covariance


def solo_ladder(
    players: Sequence[PlayerSpec] | str,
    games: int,
    tileset: Any = None,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
    game: str | GameSpec[Any] = "hextremadura",
    **parameters: Any,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Each solo player plays the same ``games`` deals (one study seed) of ``game``.

    ``tileset``: Hextremadura's (the kit's by default); ``parameters``: those of
    any other registered solo ``game``, whose rows have a ``score`` column.

    Returns ``(games frame, ladder)``: the study rows of every player stacked,
    and per player its mean score with a t interval (``estimate``, ``low``,
    ``high``, ``n``, ...), best first.
    """
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",")]
    spec = game_spec(game)
    if tileset is not None:
        parameters = {"tileset": tileset, **parameters}
    frames = [
        simulate(spec, games, [p], seed=seed, workers=workers, executor=executor, progress=progress, **parameters)
        for p in players
    ]
    played = pd.concat(frames, ignore_index=True)
    ladder = stats.duration(played, by="player", column="score")
    ladder = ladder.sort_values("estimate", ascending=False, kind="stable").reset_index(drop=True)
    return played, ladder
