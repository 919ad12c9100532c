"""Studies that stop when the question is answered: sequential probability ratio tests.

A fixed-size study plays as many games as the worst case needs. A sequential
study looks at its games as they come and stops as soon as the answer is clear,
without the false alarms that looking again and again would cause with a
fixed-size test. The kit uses Wald's sequential probability ratio test (SPRT),
in the form chess-engine testing uses it (Fishtest): each game scores ``x``
(+1 a win, 0 nobody won, -1 a loss, or a difference of such scores between
deals played twice), and the log-likelihood ratio of "the mean score is
``mu1``" against "it is ``mu0``" is, for scores approximately normal with the
variance seen so far (the generalised SPRT),

    LLR = (mu1 - mu0) * (sum(x) - n * (mu0 + mu1) / 2) / var(x).

The study stops when the LLR leaves ``[log(beta / (1 - alpha)), log((1 - beta) / alpha)]``:
above, it accepts ``mu1``; below, ``mu0``. Then P(accept mu1 | mu0 true) <= alpha
and P(accept mu0 | mu1 true) <= beta, to Wald's approximation (the simulation
test in ``tests/test_sequential.py`` checks them on games whose truth is known). A two-sided question (is the gap at
least ``delta`` either way?) runs two one-sided tests, +delta and -delta, each at
``alpha / 2`` (Sobel and Wald).

The questions (:func:`parse_until` reads them as the command line writes them):

* ``"advantage 0.05"``: does one seat win more often, by at least 0.05 in
  P(seat 1 wins) - P(seat 2 wins)? (H0: the seats are even; H1: the advantage is
  +0.05 or -0.05.)
* ``"ismcts beats search by 0.1"``: does ismcts score at least 0.1 more
  (P(win) - P(loss)) than search? Add ``"with FILE"``, the same study with the
  seats swapped (same seed), to score each deal as the mean of its two games, so
  that the seat advantage cancels (Fishtest's game pairs).
* ``"differs by 0.05 from FILE"``: does this variant's seat advantage differ
  from FILE's (the rule book, say; same seed, so game ``i`` deals alike), by at
  least 0.05 either way? Paired by deal.

The test looks after every ``look`` games, in game order, so its decision is the
same whatever the number of workers, the chunks, or an interruption. The
results file keeps the games up to the decision. Games are capped by the
study's ``games``: a study that reaches it undecided says so.

>>> question = parse_until("advantage 0.1")
>>> question.kind, question.delta, question.sides
('advantage', 0.1, 2)
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from xochintlan_hex.balance import stats
from xochintlan_hex.game import game_spec
from xochintlan_hex.i18n import _

#: The verdicts a sequential test gives, by code.
VERDICTS = {
    "h1": "the difference is there: the test accepts the alternative",
    "h0": "no difference as large as asked: the test accepts the null hypothesis",
    "undecided": "the study reached its number of games before the test decided",
}

#: How the command line writes each question (:func:`parse_until`).
UNTIL_FORMS = (
    '"advantage D"',
    '"PLAYER beats PLAYER by D"',
    '"PLAYER beats PLAYER by D with FILE"',
    '"differs by D from FILE"',
)

_NUMBER = r"(\d*\.?\d+)"
_ADVANTAGE = re.compile(rf"advantage\s+{_NUMBER}")
_BEATS = re.compile(rf"(\S+)\s+beats\s+(\S+)\s+by\s+{_NUMBER}(?:\s+with\s+(.+))?")
_DIFFERS = re.compile(rf"differs\s+by\s+{_NUMBER}\s+from\s+(.+)")


class UntilError(ValueError):
    """A question a sequential study cannot ask (the message says why and what is allowed)."""


@dataclass(frozen=True)
class Question:
    """What a sequential study asks. ``kind``: ``advantage``, ``beats`` or ``differs``;
    ``delta``: the smallest difference that matters; ``player``/``opponent`` for
    ``beats``; ``reference``: the paired file, if any; ``alpha``: the chance of
    declaring a difference that is not there; ``beta``: the chance of missing one
    of size ``delta``; ``look``: games between two looks."""

    kind: str
    delta: float
    player: str | None = None
    opponent: str | None = None
    reference: str | None = None
    alpha: float = 0.05
    beta: float = 0.2
    look: int = 10

    @property
    def sides(self) -> int:
        """2 for a difference either way, 1 for "beats"."""
        return 1 if self.kind == "beats" else 2

    @property
    def spread(self) -> float:
        """The largest score a deal can have: 2 for the difference of two games."""
        return 2.0 if self.kind == "differs" else 1.0

    def describe(self) -> str:
        if self.kind == "advantage":
            return f"is the seat advantage at least {self.delta:g} either way?"
        if self.kind == "beats":
            return f"does {self.player} beat {self.opponent} by at least {self.delta:g}?"
        return f"does the seat advantage differ from {self.reference}'s by at least {self.delta:g}?"


def parse_until(text: str, alpha: float = 0.05, beta: float = 0.2, look: int = 10) -> Question:
    """The :class:`Question` written as ``text`` (see the module docstring).

    >>> parse_until("ismcts beats search by 0.1").player
    'ismcts'
    >>> parse_until("advantage 2")
    Traceback (most recent call last):
    ...
    xochintlan_hex.balance.sequential.UntilError: --until: the difference must lie strictly between 0 and 1, got 2
    """
    if not isinstance(text, str):
        raise UntilError(_("--until takes a text, one of {forms}").format(forms=", ".join(UNTIL_FORMS)))
    words = " ".join(text.split())
    for name, value in (("alpha", alpha), ("beta", beta)):
        if not 0 < value < 0.5:
            raise UntilError(
                _("--until: {name} must lie strictly between 0 and 0.5, got {value}").format(
                    name=name, value=repr(value)
                )
            )
    if isinstance(look, bool) or not isinstance(look, int) or look < 1:
        raise UntilError(_("--until: look must be a whole number of games >= 1, got {value}").format(value=repr(look)))
    if match := _ADVANTAGE.fullmatch(words):
        return Question("advantage", _delta(match[1]), alpha=alpha, beta=beta, look=look)
    if match := _BEATS.fullmatch(words):
        if match[1] == match[2]:
            raise UntilError(
                _("--until: a player cannot beat itself ({player}); name two players").format(player=repr(match[1]))
            )
        return Question("beats", _delta(match[3]), match[1], match[2], match[4], alpha=alpha, beta=beta, look=look)
    if match := _DIFFERS.fullmatch(words):
        return Question("differs", _delta(match[1]), reference=match[2], alpha=alpha, beta=beta, look=look)
    raise UntilError(
        _(
            "--until: cannot read {text}; write one of {forms}, with D a difference "
            'between 0 and 1 (e.g. "advantage 0.05")'
        ).format(text=repr(text), forms=", ".join(UNTIL_FORMS))
    )


def _delta(text: str) -> float:
    value = float(text)
    if not 0 < value < 1:
        raise UntilError(_("--until: the difference must lie strictly between 0 and 1, got {value}").format(value=text))
    return value


# ---------------------------------------------------------------------------
# The test itself, on arrays (so that a simulation runs thousands of studies at once)


def log_likelihood_ratio(
    total: ArrayLike, total_of_squares: ArrayLike, n: ArrayLike, mu0: float, mu1: float, spread: float = 1.0
) -> Any:
    """The generalised SPRT's LLR of mean ``mu1`` against ``mu0`` from the running
    sum, sum of squares and count of the scores (numbers or arrays).

    The variance is that of the scores seen so far with two virtual games added,
    scoring ``+spread`` and ``-spread`` (the largest score a game can have: 1, or
    2 for the difference of two games). A run of identical results (ten wins, or
    fifty deals on which a variant changed nothing) then keeps a variance near
    what a rare large score could bring, not 0, which would make the test sure of
    itself too soon. With no game yet the LLR is 0.

    >>> round(float(log_likelihood_ratio(30, 100, 100, 0.0, 0.1)), 3)
    2.737
    """
    total, squares, n = (np.asarray(x, dtype=float) for x in (total, total_of_squares, n))
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = total / (n + 2)
        variance = (squares + 2 * spread**2) / (n + 2) - mean**2
        llr = (mu1 - mu0) * (total - n * (mu0 + mu1) / 2) / variance
    return np.where(n > 0, llr, 0.0)[()]


def wald_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's ``(lower, upper)`` LLR bounds: below, accept H0; above, accept H1.

    >>> [round(b, 3) for b in wald_bounds(0.05, 0.2)]
    [-1.558, 2.773]
    """
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def one_sided_states(llr: ArrayLike, alpha: float, beta: float) -> NDArray[np.int_]:
    """+1 (accept H1), -1 (accept H0) or 0 (go on) for each LLR value."""
    lower, upper = wald_bounds(alpha, beta)
    llr = np.asarray(llr, dtype=float)
    return np.where(llr >= upper, 1, np.where(llr <= lower, -1, 0))


def sequential_decisions(
    scores: np.ndarray, delta: float, sides: int, alpha: float, beta: float, look: int, spread: float = 1.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Run the test on many studies at once: ``scores`` is (studies, games), each
    score within ``[-spread, spread]``.

    Looks after every ``look`` games (and at the last game). Returns, per study,
    the verdict (+1 h1 with a positive difference, -1 h1 negative, 0 h0, and
    ``np.nan`` undecided), the games at the decision (the number of games if
    undecided) and the index of the deciding look.
    """
    scores = np.asarray(scores, dtype=float)
    studies, games = scores.shape
    looks = np.unique(np.r_[np.arange(look, games + 1, look), games])
    totals = np.cumsum(scores, axis=1)[:, looks - 1]
    squares = np.cumsum(scores**2, axis=1)[:, looks - 1]
    n = np.broadcast_to(looks, totals.shape)
    verdict = np.full(studies, np.nan)
    stopped = np.full(studies, games)
    at_look = np.full(studies, len(looks) - 1)
    directions = (1.0, -1.0)[:sides]
    # each one-sided test keeps its first decision; the study decides once
    # a test accepts H1, or every test has accepted H0
    first = {}
    for direction in directions:
        llr = log_likelihood_ratio(totals, squares, n, 0.0, direction * delta, spread)
        states = one_sided_states(llr, alpha / sides, beta)
        decided = states != 0
        index = np.where(decided.any(axis=1), decided.argmax(axis=1), len(looks))
        state = np.where(index < len(looks), states[np.arange(studies), np.minimum(index, len(looks) - 1)], 0)
        first[direction] = (index, state)
    for row in range(studies):
        accept = [(first[d][0][row], d) for d in directions if first[d][1][row] == 1]
        if accept:
            index, direction = min(accept)
            verdict[row], at_look[row] = direction, index
        elif all(first[d][1][row] == -1 for d in directions):
            verdict[row], at_look[row] = 0.0, max(first[d][0][row] for d in directions)
        else:
            continue
        stopped[row] = looks[at_look[row]]
    return verdict, stopped, at_look


def fixed_size_games(delta: float, sides: int, alpha: float, beta: float, variance: float = 1.0) -> int:
    """Games a fixed-size test of the same question needs for the same error rates
    (normal approximation: ``((z_a + z_b) * sd / delta)^2``)."""
    z_a = stats.normal_quantile(1 - alpha / sides)
    z_b = stats.normal_quantile(1 - beta)
    return math.ceil(((z_a + z_b) * math.sqrt(variance) / delta) ** 2)


# ---------------------------------------------------------------------------
# A running study


def _margin(row: dict[str, Any], player: str | None = None) -> float:
    """A game's score for one side: seat 0, or the seat ``player`` holds.

    +1 a win, -1 a loss, 0 a game nobody won; with more than two players the seat's
    share of the advantage (n·score - 1) / (n - 1), whose mean is
    :func:`~xochintlan_hex.balance.seat_metrics.first_player_advantage`.
    """
    seats = int(row["n_players"])
    seat = 0
    if player is not None:
        held = [s for s in range(seats) if row.get(f"player_{s}") == player]
        seat = held[0]
    winner = row.get("winner")
    if winner is None or (isinstance(winner, float) and math.isnan(winner)):
        score = 1 / seats
    else:
        score = 1.0 if int(winner) == seat else 0.0
    return (seats * score - 1) / (seats - 1)


@dataclass
class SequentialTest:
    """Watches a study's games in order and says when its :class:`Question` is answered.

    Use it as ``enough`` in :func:`~xochintlan_hex.balance.study_runner.run_study` (or through
    :func:`run_until`). ``reference``: the paired study frame (``beats ... with``,
    ``differs``), indexed by game.
    """

    question: Question
    games: int
    reference: pd.DataFrame | None = None
    scores: list[float] = field(default_factory=list)
    decision: dict[str, Any] | None = None

    def __call__(self, rows: list[dict[str, Any]]) -> int | None:
        for row in rows:
            if self.decision is not None:
                break
            if row["game"] < len(self.scores):
                continue  # shown again after a retry: the same game
            self.scores.append(self._score(row))
            n = len(self.scores)
            if n % self.question.look == 0 or n == self.games:
                self._look()
        return None if self.decision is None or self.decision["verdict"] == "undecided" else self.decision["games"]

    def _score(self, row: dict[str, Any]) -> float:
        q = self.question
        if q.kind == "advantage":
            return _margin(row)
        if q.kind == "beats":  # each player holds one seat: checked by sequential_test
            own = _margin(row, q.player)
            if self.reference is None:
                return own
            return (own + _margin(self._paired(row), q.player)) / 2
        return _margin(row) - _margin(self._paired(row))

    def _paired(self, row: dict[str, Any]) -> dict[str, Any]:
        """The reference's game on the same deal as ``row``."""
        assert self.reference is not None
        return dict(self.reference.loc[row["game"]].to_dict())

    def _look(self) -> None:
        q = self.question
        scores = np.asarray(self.scores)[None, :]
        n = scores.shape[1]
        # the looks so far, replayed: a decision taken at an earlier look stands
        verdict, stopped, _ = sequential_decisions(scores, q.delta, q.sides, q.alpha, q.beta, q.look, q.spread)
        if np.isnan(verdict[0]):
            if n < self.games:
                return
            code, games = "undecided", n
        else:
            code, games = ("h0" if verdict[0] == 0 else "h1"), int(stopped[0])
        self.decision = self.summary(code, games, float(verdict[0]))

    def summary(self, code: str, games: int, direction: float) -> dict[str, Any]:
        q = self.question
        x = np.asarray(self.scores[:games])
        llr = {
            f"{sign}{q.delta:g}": float(
                log_likelihood_ratio(x.sum(), (x**2).sum(), len(x), 0.0, factor * q.delta, q.spread)
            )
            for sign, factor in (("+", 1.0), ("-", -1.0))[: q.sides]
        }
        interval = stats.mean_interval(x)
        return {
            "question": q.describe(),
            "verdict": code,
            "direction": direction,
            "games": games,
            "cap": self.games,
            "estimate": interval["estimate"],
            "low": interval["low"],
            "high": interval["high"],
            "llr": llr,
            "bounds": wald_bounds(q.alpha / q.sides, q.beta),
            "test": "SPRT" + (" (two one-sided tests)" if q.sides == 2 else ""),
            "alpha": q.alpha,
            "beta": q.beta,
            "look": q.look,
            "reason": VERDICTS[code],
        }


def load_reference(question: Question, seed: int, games: int) -> pd.DataFrame | None:
    """The paired study of a question, checked: same seed (same deals), enough games."""
    if question.reference is None:
        return None
    from xochintlan_hex.balance.simulate import game_seed
    from xochintlan_hex.balance.studies import read_results

    path = Path(os.path.expanduser(question.reference))
    if not path.is_file():
        raise UntilError(
            _("--until: no study file {file} to pair the games with").format(file=repr(question.reference))
        )
    frame = read_results(path).set_index("game", drop=False)
    missing = [i for i in range(games) if i not in frame.index]
    if missing:
        raise UntilError(
            _(
                "--until: {file} holds {held} games; pairing this study's {games} "
                "games needs them all (play it to at least {games} games)"
            ).format(file=question.reference, held=len(frame), games=games)
        )
    if frame.loc[0, "seed"] != game_seed(seed, 0):
        raise UntilError(
            _(
                "--until: {file} was not played with seed {seed}: its deals differ "
                "from this study's, so its games cannot be paired"
            ).format(file=question.reference, seed=seed)
        )
    return frame


def sequential_test(study: Any, question: Question | str) -> SequentialTest:
    """The test that watches ``study`` for ``question``, checked before any game is
    played: a study of a game with seats (its spec's ``report_metrics`` is ``"seats"``:
    Xochintlan or a registered game of yours), players that play in it, a paired file
    that fits. Pass it as ``enough`` to :func:`~xochintlan_hex.balance.study_runner.run_study`."""
    if isinstance(question, str):
        question = parse_until(question)
    if game_spec(study.game).report_metrics != "seats":
        raise UntilError(
            _("--until: sequential questions are about games of several seats, not {game}").format(
                game=game_spec(study.game).title
            )
        )
    players = list(study.players)
    if question.kind == "beats":
        _check_seats(question, players)
    reference = load_reference(question, study.seed, study.games)
    if reference is not None:
        theirs = [reference.iloc[0][f"player_{seat}"] for seat in range(int(reference.iloc[0]["n_players"]))]
        if question.kind == "beats":
            _check_seats(question, theirs)
        elif len(theirs) != len(players):
            raise UntilError(
                _(
                    "--until: {file} is a study of {theirs} players, this one of {ours}: their games cannot be paired"
                ).format(file=question.reference, theirs=len(theirs), ours=len(players))
            )
    return SequentialTest(question, study.games, reference)


def _check_seats(question: Question, players: list[str]) -> None:
    """Each player of a "beats" question holds exactly one seat."""
    for name in (question.player, question.opponent):
        if name not in players:
            raise UntilError(
                _("--until: {player} does not play in this study (it has {players})").format(
                    player=repr(name), players=", ".join(players)
                )
            )
        if players.count(name) > 1:
            raise UntilError(_("--until: {player} must hold exactly one seat of every game").format(player=name))


def run_until(
    study: Any, out: str | os.PathLike[str], question: Question | str, **run_options: Any
) -> tuple[pd.DataFrame, dict[str, Any]]:
    """Play ``study`` until ``question`` is answered (at most ``study.games`` games).

    ``run_options`` are those of :func:`~xochintlan_hex.balance.study_runner.run_study`
    (``workers``, ``resume``, ...). Returns ``(frame, decision)``: the games up to
    the decision, and what was decided (see :func:`decision_of`).
    The same seed gives the same decision at the same game on any number of
    workers, resumed or not.
    """
    from xochintlan_hex.balance.studies import run_study

    test = sequential_test(study, question)
    run_options.setdefault("chunk_size", test.question.look)  # no game far past the decision
    frame = run_study(study, out, enough=test, **run_options)
    return frame, decision_of(test)


def decision_of(test: SequentialTest) -> dict[str, Any]:
    """What ``test`` decided: ``verdict`` (a code of :data:`VERDICTS`), ``direction``
    (+1 or -1: the sign of the difference found), ``games`` (at the decision),
    ``cap``, the mean score ``estimate`` with its fixed-sample interval ``low``,
    ``high`` (which ignores the stopping rule: read it with care), ``llr`` per
    one-sided test, ``bounds``, ``test``, ``alpha``, ``beta``, ``look``, ``reason``."""
    if test.decision is None:  # a study of no games
        test.decision = test.summary("undecided", len(test.scores), math.nan)
    return test.decision


__all__ = [
    "Question",
    "SequentialTest",
    "UNTIL_FORMS",
    "UntilError",
    "VERDICTS",
    "decision_of",
    "fixed_size_games",
    "load_reference",
    "log_likelihood_ratio",
    "one_sided_states",
    "parse_until",
    "run_until",
    "sequential_decisions",
    "sequential_test",
    "wald_bounds",
]
