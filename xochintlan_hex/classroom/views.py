"""What each screen is sent: a seat's view (public facts and that seat's own cards) or the projector's.

Everything is drawn on the server, as SVG, by the kit's boards
(:func:`~xochintlan_hex.widgets.svgboard.xochintlan_svg`,
:func:`~xochintlan_hex.widgets.hexmap.hextremadura_svg`): a browser receives a
picture and a few lines of text, never the game. A view is built from the
engine's own notion of what a seat may see (``visible_cards(seat)``), so
another seat's card is never in it, not even hidden in an attribute; once the
game is over every card is public, as at a real table.

Texts are in the language of the screen that asked (see :func:`.session.speaking`).
"""

from __future__ import annotations

import html
from typing import Any

from xochintlan_hex.hextremadura import Hextremadura
from xochintlan_hex.i18n import _
from xochintlan_hex.lattice import get_lattice
from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.viz import style
from xochintlan_hex.widgets.base import steady_window
from xochintlan_hex.widgets.hexmap import hextremadura_svg, legal_cells
from xochintlan_hex.widgets.svgboard import xochintlan_svg
from xochintlan_hex.widgets.xochintlan_app import GROWTH, MIN_VIEW
from xochintlan_hex.xochintlan import Xochintlan

from .session import Table, speaking

#: the projector draws smaller boards: several tables share the screen
CARD_UNIT = 24.0


def card_svg(card: Polyform) -> str:
    """A goal card: its five cells on the card's lattice, labelled ``data-card`` with its name."""
    lattice = get_lattice(card.lattice)
    corners = [[lattice.corners(cell)] for cell in card.cells]
    xs = [x for (cell,) in corners for x, _ in cell]
    ys = [y for (cell,) in corners for _, y in cell]
    x0, y0 = min(xs) - 0.2, -max(ys) - 0.2
    width, height = max(xs) - min(xs) + 0.4, max(ys) - min(ys) + 0.4
    polygons = "".join(
        '<polygon points="'
        + " ".join(f"{x * CARD_UNIT:.1f},{-y * CARD_UNIT:.1f}" for x, y in cell)
        + f'" fill="{style.PATTERN_COLOUR}" stroke="black" stroke-width="1.5"/>'
        for (cell,) in corners
    )
    name = html.escape(card.name)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" data-card="{name}" role="img" aria-label="{name}" '
        f'viewBox="{x0 * CARD_UNIT:.1f} {y0 * CARD_UNIT:.1f} {width * CARD_UNIT:.1f} {height * CARD_UNIT:.1f}" '
        f'width="{width * CARD_UNIT:.0f}" height="{height * CARD_UNIT:.0f}">{polygons}'
        f'<text x="{x0 * CARD_UNIT + 4:.1f}" y="{y0 * CARD_UNIT + 14:.1f}" font-size="13">{name}</text></svg>'
    )


def _window(table: Table, game: Xochintlan) -> Any:
    lattice = game.lattice
    extra = 0.0 if table.window is None else GROWTH[lattice.name]
    table.window = steady_window(lattice, game.board, table.window, MIN_VIEW[lattice.name], extra)
    return table.window


def _last_move(table: Table) -> str:
    history = table.game.history
    if not history:
        return ""
    action = history[-1]
    if isinstance(table.game, Hextremadura):
        return _("Last move: {move}").format(move=action.describe())
    who = _seat_name(table, table.movers[-1]) if table.movers else ""
    text = action.describe() if hasattr(action, "describe") else str(action)
    move = _("{name}: {action}").format(name=who, action=text) if who else text
    return _("Last move: {move}").format(move=move)


def sentence(text: str) -> str:
    """``text`` as a line of a screen begins: with a capital, as the apps' status lines do
    ("Greedy to play", where a computer player's name begins the sentence)."""
    return text[:1].upper() + text[1:]


def _seat_name(table: Table, seat: int) -> str:
    """Who sits at ``seat``, in the screen's language: a computer player by its name in that
    language (a French screen says "glouton", as the apps do), a student by their own name."""
    computer = table.seats[seat].computer
    return style.word(style.PLAYER_NAMES, computer) if computer else table.seat_label(seat)


def _last_cells(table: Table) -> list[Any]:
    history = table.game.history
    if not history:
        return []
    action = history[-1]
    return [
        c
        for c in (getattr(action, "cell", None), getattr(action, "a", None), getattr(action, "b", None))
        if c is not None
    ]


def _status(table: Table) -> str:
    game = table.game
    if table.closed and not game.is_over:
        return _("Table closed by the teacher")
    if isinstance(game, Hextremadura):
        if game.is_over:
            return _("Game over: score {score} of {best}").format(score=game.score(), best=game.max_score)
        return _("Round {round}, score {score} so far").format(round=game.round, score=game.score())
    if game.is_over:
        if game.winner is not None and game.winning_card is not None:
            return _("{name} won with card {card}").format(
                name=_seat_name(table, game.winner), card=game.winning_card.name
            )
        return _("Tie")
    return _("{name} to play").format(name=_seat_name(table, game.current_player))


def _board(table: Table, legal: bool, selected: tuple[str, str, int] | None = None) -> str:
    game = table.game
    if isinstance(game, Hextremadura):
        window = set(game.map) | set(game.open_cells()) if game.map else {(0, 0)}
        last = game.history[-1].cell if game.history else None
        chosen = selected if legal and selected else None
        cells = legal_cells(game, window, chosen) if chosen else {}
        return hextremadura_svg(game, window, selected=chosen, legal=cells, last=last)
    targets: set[Any] = set()
    if legal and table.playing:
        for action in game.legal_actions():
            targets.update(c for c in (getattr(action, "cell", None), getattr(action, "a", None)) if c is not None)
    return xochintlan_svg(game, _window(table, game), legal=targets, last=_last_cells(table))


def _seats(table: Table) -> list[dict[str, Any]]:
    game = table.game
    return [
        {
            "seat": i,
            "name": _seat_name(table, i) if held.computer else held.name,
            "computer": bool(held.computer),
            "taken": held.taken,
            "to_play": table.playing and game.current_player == i,
        }
        for i, held in enumerate(table.seats)
    ]


def seat_view(table: Table, seat: int, language: str, selected: tuple[str, str, int] | None = None) -> dict[str, Any]:
    """What seat ``seat`` sees: the public board and facts, their own card(s), their choices."""
    game = table.game
    with speaking(language):
        yours = table.playing and game.current_player == seat
        view: dict[str, Any] = {
            "type": "state",
            "code": table.code,
            "game": table.row.game,
            "seat": seat,
            "turn": table.turn,
            "over": game.is_over,
            "your_turn": yours,
            "status": sentence(_status(table)),
            "last": _last_move(table),
            "seats": _seats(table),
            "board": _board(table, yours, selected),
        }
        if isinstance(game, Xochintlan):
            hands = game.visible_cards(seat)
            view["cards"] = [card_svg(card) for card in hands[seat] if card is not None]
            view["reserve"] = dict(game.reserve)
            view["redraw"] = bool(game.rules.allow_redraw and game.cards_left > 0)
            if game.is_over:
                view["all_cards"] = [
                    {"name": _seat_name(table, p), "cards": [card_svg(c) for c in hand if c is not None]}
                    for p, hand in enumerate(hands)
                ]
        else:
            view["tiles"] = [{"tile": tile, "faces": list(game.faces(tile))} for tile in game.available()]
    return view


def projector_view(table: Table, language: str) -> dict[str, Any]:
    """One table as the projector shows it: the public board, whose turn, the last move, the end."""
    with speaking(language):
        view: dict[str, Any] = {
            "code": table.code,
            "game": table.row.game,
            "turn": table.turn,
            "over": table.game.is_over,
            "closed": table.closed,
            "status": sentence(_status(table)),
            "last": _last_move(table),
            "seats": _seats(table),
            "board": _board(table, legal=False),
        }
        game = table.game
        if isinstance(game, Xochintlan) and game.is_over:  # cards are public once the game ends
            view["all_cards"] = [
                {"name": _seat_name(table, p), "cards": [card_svg(c) for c in hand if c is not None]}
                for p, hand in enumerate(game.visible_cards(None))
            ]
    return view
