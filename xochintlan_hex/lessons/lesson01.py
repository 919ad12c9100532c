"""Lesson 01, "Play Xochintlan": its exercises and the answers their checks must judge."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..balance.simulate import play_xochintlan_game
from ..xochintlan import Xochintlan
from .checks import check_action_counts, check_record_result, check_x_card_boards
from .exercises import Exercise

#: The replies the check must accept after the two actions of exercise 1, counted by the engine.
TWO_ACTIONS = ("L(1,0)", "M(0,1)")


@cache
def recorded_game() -> str:
    """The record of section 5: greedy against greedy, game seed 4."""
    return play_xochintlan_game(4, ["greedy", "greedy"]).to_json()


def _counts_after_two_actions() -> dict[str, int]:
    game = Xochintlan(players=2, seed=0)
    for action in TWO_ACTIONS:
        game.play(action)
    counts = {"Place": 0, "Switch": 0, "MoveHuman": 0}
    for legal in game.legal_actions():
        counts[type(legal).__name__] += 1
    return counts


def _record_answer() -> tuple[Any, ...]:
    game = Xochintlan.from_json(recorded_game())
    assert game.winner is not None and game.winning_card is not None, "the recorded game has a winner"
    own_move = (len(game.history) - 1) % game.n_players == game.winner
    return (game.winner + 1, game.winning_card.name, game.winning_kind, own_move)


def _record_giveaways() -> list[str]:
    """The texts that would tell exercise 3's answer: the game's status, in English and French, and its stored result."""
    card = _record_answer()[1]
    return [f"won with {card}", f"gagné avec la carte {card}", "'result': {'winner'"]


def _changed(answer: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return answer[:index] + (value,) + answer[index + 1 :]


def _x_boards(pair: tuple[Any, Any]) -> Any:
    return check_x_card_boards(*pair)


EXERCISES = [
    Exercise(
        lesson="01",
        number=1,
        level="easy",
        check=check_action_counts,
        context=lambda: TWO_ACTIONS,
        right=[_counts_after_two_actions, lambda: {k: v for k, v in _counts_after_two_actions().items()}],
        wrong=[lambda: {**_counts_after_two_actions(), "Switch": 1}, 27],
        incomplete=[lambda: {"Place": _counts_after_two_actions()["Place"]}],
        giveaways=["'Place': 21", "'Switch': 2", "'MoveHuman': 5"],
    ),
    Exercise(
        lesson="01",
        number=2,
        level="medium",
        check=_x_boards,  # the lesson passes the two boards apart
        right=[(".B.\nBHB\n.B.", ".B.\nBHB\n.BB"), (".B.\nBBB\n.H.", ".B.\nBBB\n.HB")],
        wrong=[(".B.\nBHB\n.BB", ".B.\nBHB\n.BB"), (".B.\nBHB\n.B.", ".B.\nBHB\n...\n..B")],
        incomplete=[(".B.\nBHB\n.B.", None)],
    ),
    Exercise(
        lesson="01",
        number=3,
        level="stretch",
        check=check_record_result,
        context=lambda: (recorded_game(),),
        right=[_record_answer, lambda: list(_record_answer())],
        wrong=[
            lambda: _changed(_record_answer(), 0, _record_answer()[0] - 1),  # the engine's seat, not the player
            lambda: _changed(_record_answer(), 3, not _record_answer()[3]),
        ],
        incomplete=[lambda: _record_answer()[:3]],
        giveaways=_record_giveaways(),
    ),
]
