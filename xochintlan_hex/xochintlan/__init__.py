"""Xochintlan, "the garden": the rules engine.

The Human stands in the middle of the table; Lizards, Birds and Monkeys settle
around it. Each player holds a secret goal card showing a shape of five
squares, and wins by making that shape with the Human and four animals of one
kind, with no fifth animal of that kind touching it.

How the kit reads the rules
---------------------------
* **A turn is one action**: place an animal from the reserve next to a tile;
  switch an animal on the board for another kind from the reserve; or move the
  Human to an empty cell next to an animal. Moving the Human may split the
  board in two (``keep_connected=True`` forbids it). In any case the played
  tile touches another tile: an animal cut off from every tile cannot be
  switched or swapped (``cut_off_switch=True`` allows it).
* **Lock**: you may not switch or move the tile the previous player just played.
  A redraw plays no tile, so it locks nothing; a swap locks both its tiles.
  ``lock="french"``: only a tile just moved is locked (the Human, a swap's tiles).
* **Set-up**: two players or more; no card is dealt twice.
* **When a card stands**: take the Human and spread over the neighbouring
  animals of one kind; if exactly five cells are reached and they make the
  card's shape, turned (and, under ``match="rotation+reflection"``, flipped), the
  card stands. After every action each player is checked, the one who acted
  first, then the others in turn order (``win_check="mover"``: only the one who
  acted).
* **End**: the first standing card wins. Once every animal is on the board and
  nobody has won, the game is a tie (``endgame="swap"``: go on by exchanging two
  animals of different kinds). ``max_turns`` stops long simulations as a tie
  by turn limit.
* **Cards**: the deck is every one-sided pentomino (18; both mirror images of
  the six chiral shapes), or the 33 one-sided pentahexes on the hex lattice.
  ``cards_per_player`` deals several cards (win with any); ``allow_redraw`` lets
  a turn reveal a card and draw another; ``open_cards`` shows every hand.

>>> game = Xochintlan(players=2, seed=3, cards=["I", "X"])
>>> for action in ["L(1,0)", "B(0,1)", "L(2,0)", "B(0,2)", "L(3,0)", "B(1,1)"]:
...     game.play(action)
>>> game.play("L(4,0)")
>>> game.winner, game.winning_kind, game.winning_card.name, game.end_reason
(0, 'L', 'I', 'win')
>>> print(game.text())
HLLLL
BB...
B....

Notation: ``L(1,2)`` place, ``H(1,2)`` move the Human, ``(1,2)=B`` switch,
``(1,2)<>(3,4)`` swap, ``R0`` redraw. In French the Bird is written ``O``
(Oiseau) and the Monkey ``S`` (Singe): ``O(1,0)``, ``(1,0)=S``; both alphabets
are read in any language, and records keep ``L B M H``. Cells are ``(x, y)`` with ``y`` growing
downwards on the square lattice, axial ``(q, r)`` on the hex lattice.
"""

from xochintlan_hex.errors import IllegalAction
from xochintlan_hex.xochintlan.actions import Action, MoveHuman, Place, Redraw, Swap, Switch, parse_action
from xochintlan_hex.xochintlan.game import END_REASONS, Xochintlan, divide, perft
from xochintlan_hex.xochintlan.patterns import (
    card_placements,
    distance_to_card,
    human_group,
    nearest_placement,
    winning_kinds,
    winning_pattern,
)
from xochintlan_hex.xochintlan.rules import (
    HUMAN,
    KIND_NAMES,
    KINDS,
    LETTERS,
    Rules,
    goal_cards,
    kind_name,
    kind_of_letter,
    letter,
    resolve_card,
)
from xochintlan_hex.xochintlan.text import board_from_text, board_to_text

__all__ = [
    "Rules",
    "Xochintlan",
    "goal_cards",
    "resolve_card",
    "winning_kinds",
    "winning_pattern",
    "card_placements",
    "human_group",
    "distance_to_card",
    "nearest_placement",
    "Action",
    "Place",
    "Switch",
    "MoveHuman",
    "Swap",
    "Redraw",
    "parse_action",
    "IllegalAction",
    "perft",
    "divide",
    "board_from_text",
    "board_to_text",
    "HUMAN",
    "KINDS",
    "KIND_NAMES",
    "END_REASONS",
    # names and letters as a person reads and writes them, in the language in use
    "LETTERS",
    "kind_name",
    "kind_of_letter",
    "letter",
]
