"""Tessera: a two-player placement game, brought to the kit with one registration.

Two players share a small square board. Each holds two pieces, dealt from a
shuffled bag of twelve (dominoes and the two trominoes), which the other cannot
see. A turn places one piece, turned or flipped any way, on empty cells, then
draws the next piece of the bag. The player who cannot place a piece loses.

    xochintlan-hex simulate --game-module examples/tessera.py tessera --players greedy,random --games 100 --out t.csv
"""

from __future__ import annotations

import functools
import random
import re

from xochintlan_hex.errors import IllegalAction
from xochintlan_hex.game import ActionValue, BaseGame, GameSpec, Parameter, register_game, seat_row
from xochintlan_hex.players import ISMCTS, RandomPlayer
from xochintlan_hex.polyforms import polyforms

SHAPES = {p.name: p.orientations("free") for p in (*polyforms(2), *polyforms(3))}  # O2-1 (domino), O3-1, O3-2
BAG = [*SHAPES] * 4
HAND = 2


class Place(ActionValue):
    """Piece ``shape`` in orientation ``turn``, its first cell on ``cell``; written ``O3-2/1@0,3``."""

    __slots__ = ("shape", "turn", "cell")

    def __init__(self, shape: str, turn: int, cell: tuple[int, int]) -> None:
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "turn", int(turn))
        object.__setattr__(self, "cell", (int(cell[0]), int(cell[1])))

    def __str__(self) -> str:
        return f"{self.shape}/{self.turn}@{self.cell[0]},{self.cell[1]}"


def parse_action(text: str) -> Place:
    match = re.fullmatch(r"\s*([A-Z0-9-]{1,8})/(\d)@(-?\d{1,3}),(-?\d{1,3})\s*", str(text))
    if not match:
        raise IllegalAction(f"{text!r} is not a placement such as 'O2-1/0@1,2'")
    return Place(match[1], int(match[2]), (int(match[3]), int(match[4])))


@functools.cache
def placements(size: int) -> dict[str, list[tuple[Place, int]]]:
    """Every placement of each shape on a ``size`` x ``size`` board, with the bit mask of its cells."""
    table: dict[str, list[tuple[Place, int]]] = {name: [] for name in SHAPES}
    for name, forms in SHAPES.items():
        for turn, form in enumerate(forms):
            (x0, y0), cells = form.cells[0], form.cells
            for x in range(-3, size + 3):
                for y in range(-3, size + 3):
                    moved = [(x + cx - x0, y + cy - y0) for cx, cy in cells]
                    if all(0 <= a < size and 0 <= b < size for a, b in moved):
                        table[name].append((Place(name, turn, (x, y)), sum(1 << (a * size + b) for a, b in moved)))
    return table


class Tessera(BaseGame[Place]):
    action_type, record_name, record_parameters = Place, "tessera", ("size",)

    def __init__(self, *, seed: int | None = None, size: int = 5) -> None:
        super().__init__(seed)
        self.size = size
        bag = list(BAG)
        random.Random(self.seed).shuffle(bag)
        self.hands, self.bag = [bag[:HAND], bag[HAND : 2 * HAND]], bag[2 * HAND :]
        self.filled = 0  # one bit per cell

    parse_action = staticmethod(parse_action)

    def legal_actions(self) -> list[Place]:
        table = placements(self.size)
        hand = sorted(set(self.hands[self.current_player]))
        return [action for shape in hand for action, mask in table[shape] if not mask & self.filled]

    def apply(self, action: Place) -> tuple[int, str | None]:
        mask = dict(placements(self.size)[action.shape])[action]
        hand = self.hands[self.current_player]
        hand.remove(action.shape)
        drawn = self.bag.pop(0) if self.bag else None
        hand.extend([drawn] if drawn else [])
        self.filled |= mask
        return mask, drawn  # what revert needs

    def revert(self, action: Place, undone: tuple[int, str | None]) -> None:
        mask, drawn = undone
        hand = self.hands[self.current_player]
        if drawn is not None:
            hand.remove(drawn)
            self.bag.insert(0, drawn)
        hand.append(action.shape)
        self.filled &= ~mask

    @property
    def winner(self) -> int | None:
        return 1 - self.current_player if self.is_over else None  # who cannot place a piece loses

    def _repr_svg_(self) -> str:
        return board_svg(self)


def board_svg(game: Tessera, unit: int = 24) -> str:
    """The board as an SVG picture: filled cells dark, empty ones light, row 0 at the bottom."""
    side = game.size * unit
    squares = "".join(
        f'<rect x="{x * unit}" y="{side - (y + 1) * unit}" width="{unit}" height="{unit}" stroke="#999" '
        f'fill="{"#445" if game.filled >> (x * game.size + y) & 1 else "#eee"}"/>'
        for x in range(game.size)
        for y in range(game.size)
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}">{squares}</svg>'


class Greedy:
    """Keeps the most room for the piece it keeps and the least for the pieces the opponent
    may hold (it cannot see which); a placement that leaves the opponent none wins at once."""

    name = "greedy"

    def choose(self, game: Tessera, rng: random.Random) -> Place:
        me, table = game.current_player, placements(game.size)
        unseen = set(game.bag) | set(game.hands[1 - me])
        ranked = []
        for action in game.legal_actions():
            kept = list(game.hands[me])
            kept.remove(action.shape)
            game.play(action)
            room = {shape: sum(not m & game.filled for _, m in table[shape]) for shape in SHAPES}
            game.undo()
            theirs, mine = sum(room[s] for s in unseen) / max(1, len(unseen)), sum(room[s] for s in kept)
            ranked.append((theirs > 0, theirs - mine, rng.random(), action))
        return min(ranked)[-1]


def determinize(game: Tessera, viewer: int, rng: random.Random) -> Tessera:
    """A world ``viewer`` cannot tell apart: the other hand and the bag dealt again from the unseen pieces."""
    world = game.clone()
    other = 1 - viewer
    unseen = world.hands[other] + world.bag
    rng.shuffle(unseen)
    world.hands[other], world.bag = unseen[: len(world.hands[other])], unseen[len(world.hands[other]) :]
    return world


TESSERA = register_game(
    GameSpec(
        name="tessera",
        title="Tessera",
        new_game=lambda seed, seats=2, size=5: Tessera(seed=seed, size=size),
        parameters=(Parameter("size", "int", 5, minimum=3, maximum=9, help="board side, in cells"),),
        row=lambda game, index, seed, players: seat_row(game, index, seed, players, size=game.size),
        columns=lambda seats: list(seat_row(Tessera(seed=0), 0, 0, ["", ""], size=5)),
        players={"random": RandomPlayer, "greedy": Greedy, "ismcts": lambda: ISMCTS("tessera", iterations=200)},
        report_metrics="seats",
        hidden_information=True,
        determinize=determinize,
        returns=lambda game: [1.0 if seat == game.winner else 0.0 for seat in (0, 1)],
        board_svg=board_svg,
    )
)
