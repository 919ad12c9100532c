"""The rule set of a Xochintlan game: one frozen value naming every variant.

The kit plays the rules of the original game (Pierre Canuel, 1996) with one
default reading where the rule text is silent, and offers the other readings as
variants. A :class:`Rules` value says which reading a game uses; two games with
equal rules play exactly the same way.

>>> Rules()
Rules(lattice='square', tiles_per_kind=8, cards_per_player=1, match='rotation', win_check='any', endgame='tie', allow_redraw=False, open_cards=False, keep_connected=False, cut_off_switch=False, lock='english', quiet_rounds=0, max_turns=None)
>>> Rules(lattice="hex", endgame="swap").deck_size
33
>>> Rules(match="mirror")
Traceback (most recent call last):
...
ValueError: match must be one of 'rotation', 'rotation+reflection', not 'mirror'
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from xochintlan_hex.i18n import N_, _, check_language, get_language, ngettext
from xochintlan_hex.lattice import Lattice
from xochintlan_hex.polyforms import Polyform, polyforms

#: The Human tile.
HUMAN = "H"
#: The three animal kinds, in the order the engine always lists them.
KINDS = ("L", "B", "M")
#: Full names in English, the kit's source language; a person reads them through
#: :func:`kind_name`, which speaks the language in use.
KIND_NAMES = {"L": "Lizard", "B": "Bird", "M": "Monkey", "H": "Human"}


#: The letters each language writes the tiles with, by kind: French writes the Bird O
#: (Oiseau) and the Monkey S (Singe); H and L mean the same tile in both. The kinds
#: themselves ('H', 'L', 'B', 'M') are the language-neutral form that records store.
LETTERS = {
    "en": {"H": "H", "L": "L", "B": "B", "M": "M"},
    "fr": {"H": "H", "L": "L", "B": "O", "M": "S"},
}
#: Every letter of every language, read back to its kind: no letter names two kinds,
#: so the notation and the diagrams are read in either alphabet whatever the language.
KIND_OF_LETTER = {letter: kind for letters in LETTERS.values() for kind, letter in letters.items()}
assert all(KIND_OF_LETTER[letter] == kind for letters in LETTERS.values() for kind, letter in letters.items()), (
    "a letter names two different kinds in two languages"
)


def letter(kind: str, language: str | None = None) -> str:
    """The letter of a tile kind as ``language`` writes it (default: the language in use).

    >>> letter("B"), letter("B", "fr"), letter("M", "fr"), letter("H", "fr")
    ('B', 'O', 'S', 'H')
    """
    if kind not in KIND_NAMES:
        raise ValueError(f"kind must be one of {', '.join(KIND_NAMES)}, not {kind!r}")
    return LETTERS[check_language(language) if language is not None else get_language()][kind]


def kind_of_letter(text: str) -> str | None:
    """The kind a letter names in any language ('O' and 'B' both name the Bird), or None.

    >>> kind_of_letter("O"), kind_of_letter("s"), kind_of_letter("B"), kind_of_letter("X")
    ('B', 'M', 'B', None)
    """
    return KIND_OF_LETTER.get(text.upper()) if isinstance(text, str) and len(text) == 1 else None


def kind_name(kind: str, count: int = 1) -> str:
    """The name of a tile kind ('L', 'B', 'M' or 'H') in the language in use, plural for ``count`` > 1.

    >>> kind_name("B"), kind_name("M", 3)
    ('Bird', 'Monkeys')
    """
    # Each name written out in full, so that the catalog holds every pair (Oiseau, Oiseaux).
    if kind == "L":
        return ngettext("Lizard", "Lizards", count)
    if kind == "B":
        return ngettext("Bird", "Birds", count)
    if kind == "M":
        return ngettext("Monkey", "Monkeys", count)
    if kind == "H":
        return ngettext("Human", "Humans", count)
    raise ValueError(f"kind must be one of {', '.join(KIND_NAMES)}, not {kind!r}")


def code_letters(kinds: Iterable[str]) -> str:
    """``kinds`` as the code and the records write them, each named in the language in use:
    what a message lists when a value must be one of the code's letters, so that a French
    reader, who writes the Bird O and the Monkey S, learns that B and M are those animals.

    >>> code_letters("LBM")
    'L (Lizard), B (Bird), M (Monkey)'
    """
    return ", ".join(_("{letter} ({name})").format(letter=kind, name=kind_name(kind)) for kind in kinds)


#: Size of a goal card's pattern.
CARD_SIZE = 5

LATTICE_NAMES = ("square", "hex")
#: each lattice as a reader names it (the class page's choice of board, the lessons' tables)
LATTICE_WORDS = {"square": N_("square cells"), "hex": N_("hexagonal cells")}
MATCHES = ("rotation", "rotation+reflection")
WIN_CHECKS = ("any", "mover")
ENDGAMES = ("tie", "swap")
LOCKS = ("english", "french")

#: Largest ``tiles_per_kind``: the engine's cell grid holds boards up to about
#: 500 cells from the start, and a board can stretch two cells per tile.
MAX_TILES_PER_KIND = 64

#: Largest ``quiet_rounds``: the reserve runs out after 24 actions in the box,
#: so a longer quiet opening would only leave the endgame to decide.
MAX_QUIET_ROUNDS = 12

#: Largest ``max_turns``: a game keeps every action for undo and its record, so a
#: cap far beyond any finished game (a few hundred turns) only grows memory.
MAX_TURNS = 10_000


def _choices(values: Iterable[str]) -> str:
    return ", ".join(repr(v) for v in values)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Rules:
    """Every variant of Xochintlan, as one immutable value.

    ``lattice``
        ``"square"`` (the original game) or ``"hex"`` (hexagonal tiles; the
        deck becomes the 33 one-sided pentahexes).
    ``tiles_per_kind``
        animals of each kind (8 in the box).
    ``cards_per_player``
        goal cards in each hand; a player wins with any of them.
    ``match``
        ``"rotation"``: the pattern must be the card turned, never flipped
        (the default: the deck holds both mirror images of each chiral shape);
        ``"rotation+reflection"``: flipped cards count too.
    ``win_check``
        ``"any"``: after every action each player's cards are checked, the
        player who acted first, then the others in turn order; ``"mover"``: only
        the player who acted can win.
    ``endgame``
        ``"tie"``: once every animal is on the board and nobody has won, the
        game is a tie; ``"swap"``: play goes on, and a turn may exchange two
        animals of different kinds.
    ``allow_redraw``
        a turn may reveal one of your cards and draw a replacement from the
        deck; revealed cards are public.
    ``open_cards``
        every hand is public.
    ``keep_connected``
        the Human may not move where it would split the board in two.
    ``cut_off_switch``
        ``False`` (the rule text: "in any case the played tile must have at
        least one side in common with another tile"): a switch or a swap may
        only take an animal that shares a side with another tile; ``True``:
        the looser reading, where an animal cut off from every tile (after the
        Human moved away) may still be switched or swapped.
    ``lock``
        ``"english"``: the tile the previous player just played (placed,
        switched, moved; both tiles of a swap) may not be switched, swapped or
        moved ("you cannot play or change the tile the previous player just
        played"); ``"french"``: only a tile just moved is locked, that is the
        Human just moved and the two tiles of a swap ("il est interdit de jouer
        la pièce venant d'être jouée": an animal on the board is never played
        again, a switch plays the reserve's tile).
    ``quiet_rounds``
        rounds at the start in which no card counts (0 in the rule book). With
        2, "no pattern counts before every player has played twice": a card
        standing during the first ``2 * players`` actions wins nobody, and is
        checked again after each later action, the mover's cards first. A
        fix a designer may try for the edge of the player who plays the fourth
        action; at most :data:`MAX_QUIET_ROUNDS`.
    ``max_turns``
        stop after this many actions (a tie by turn limit), for simulations;
        at most :data:`MAX_TURNS`.

    Invalid values raise ``ValueError`` at once, naming the field and what it
    allows. Lattice objects are accepted and stored by name.
    """

    lattice: str = "square"
    tiles_per_kind: int = 8
    cards_per_player: int = 1
    match: str = "rotation"
    win_check: str = "any"
    endgame: str = "tie"
    allow_redraw: bool = False
    open_cards: bool = False
    keep_connected: bool = False
    cut_off_switch: bool = False
    lock: str = "english"
    quiet_rounds: int = 0
    max_turns: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.lattice, Lattice):
            object.__setattr__(self, "lattice", self.lattice.name)
        _check_choice("lattice", self.lattice, LATTICE_NAMES)
        _check_choice("match", self.match, MATCHES)
        _check_choice("win_check", self.win_check, WIN_CHECKS)
        _check_choice("endgame", self.endgame, ENDGAMES)
        _check_choice("lock", self.lock, LOCKS)
        for name in ("allow_redraw", "open_cards", "keep_connected", "cut_off_switch"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(
                    _("{name} must be True or False, not {value}").format(name=name, value=repr(getattr(self, name)))
                )
        if not _is_int(self.tiles_per_kind) or not 1 <= self.tiles_per_kind <= MAX_TILES_PER_KIND:
            raise ValueError(
                _("{name} must be an int from {low} to {high}, not {value}").format(
                    name="tiles_per_kind", low=1, high=MAX_TILES_PER_KIND, value=repr(self.tiles_per_kind)
                )
            )
        self._check_cards_per_player()
        if not _is_int(self.quiet_rounds) or not 0 <= self.quiet_rounds <= MAX_QUIET_ROUNDS:
            raise ValueError(
                _("{name} must be an int from {low} to {high}, not {value}").format(
                    name="quiet_rounds", low=0, high=MAX_QUIET_ROUNDS, value=repr(self.quiet_rounds)
                )
            )
        if self.max_turns is not None and (not _is_int(self.max_turns) or not 1 <= self.max_turns <= MAX_TURNS):
            raise ValueError(
                _("max_turns must be None or an int from 1 to {high}, not {value}").format(
                    high=MAX_TURNS, value=repr(self.max_turns)
                )
            )

    def _check_cards_per_player(self) -> None:
        cpp = self.cards_per_player
        deck = self.deck_size
        if not _is_int(cpp) or cpp < 1:
            raise ValueError(_("cards_per_player must be an int >= 1, not {value}").format(value=repr(cpp)))
        spare = 1 if self.allow_redraw else 0
        if cpp + spare > deck:
            message = (
                _(
                    "cards_per_player must be at most {most} with one card left to draw (allow_redraw=True): "
                    "the {lattice} deck holds {deck} cards, not {value}"
                )
                if spare
                else _("cards_per_player must be at most {most}: the {lattice} deck holds {deck} cards, not {value}")
            )
            raise ValueError(message.format(most=deck - spare, lattice=self.lattice, deck=deck, value=cpp))

    @property
    def deck_size(self) -> int:
        """Number of goal cards in the deck: 18 (square) or 33 (hex)."""
        return len(goal_cards(self.lattice))

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain values (for records and study tables)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict` output; unknown keys are refused.

        >>> Rules.from_dict(Rules(max_turns=50).to_dict()) == Rules(max_turns=50)
        True
        """
        if not isinstance(values, dict):
            raise ValueError(_("rules must be a dict of Rules fields, not {type}").format(type=type(values).__name__))
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(
                _("rules: unknown field(s) {unknown}; the fields are {known}").format(
                    unknown=unknown, known=sorted(known)
                )
            )
        return cls(**values)

    def changed(self) -> dict[str, Any]:
        """The fields that differ from the defaults (a short label for studies).

        >>> Rules(endgame="swap", max_turns=200).changed()
        {'endgame': 'swap', 'max_turns': 200}
        """
        default = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(default, k) != v}


def _check_choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(
            _("{name} must be one of {choices}, not {value}").format(
                name=name, choices=_choices(allowed), value=repr(value)
            )
        )


@functools.cache
def goal_cards(lattice: str | Lattice = "square") -> tuple[Polyform, ...]:
    """The goal-card deck: every one-sided pentomino (18) or pentahex (33).

    Cards are named Polyforms; a chiral shape and its mirror image are two
    cards (``"F"`` and ``"F'"``).

    >>> [c.name for c in goal_cards()][:5]
    ['F', "F'", 'I', 'L', "L'"]
    >>> len(goal_cards("hex"))
    33
    """
    name = lattice.name if isinstance(lattice, Lattice) else lattice
    _check_choice("lattice", name, LATTICE_NAMES)
    return polyforms(CARD_SIZE, name, "one-sided")


@functools.cache
def _cards_by_name(lattice: str) -> dict[str, Polyform]:
    return {card.name: card for card in goal_cards(lattice)}


#: The lattices as a sentence names them ("on the square lattice", « sur le réseau carré »).
_LATTICE_WORDS = {"square": N_("square"), "hex": N_("hex")}


def lattice_word(lattice: str) -> str:
    """``lattice`` ('square', 'hex') as a word of the language in use (« carré », « hexagonal »)."""
    return _(_LATTICE_WORDS[lattice]) if lattice in _LATTICE_WORDS else lattice


def resolve_card(card: object, lattice: str = "square", argument: str = "card") -> Polyform:
    """The Polyform for ``card``: a card name (``"L'"``) or a 5-cell Polyform of the lattice.

    >>> resolve_card("X")
    Polyform('X', square)
    >>> resolve_card("Q")
    Traceback (most recent call last):
    ...
    ValueError: card: unknown card name 'Q' on the square lattice; the deck holds F, F', I, L, L', N, N', P, P', T, U, V, W, X, Y, Y', Z, Z'
    """
    if isinstance(card, str):
        cards = _cards_by_name(lattice)
        try:
            return cards[card.strip()]
        except KeyError:
            raise ValueError(
                _("{argument}: unknown card name {card} on the {lattice} lattice; the deck holds {cards}").format(
                    argument=argument, card=repr(card), lattice=lattice_word(lattice), cards=", ".join(cards)
                )
            ) from None
    if isinstance(card, Polyform):
        if card.lattice != lattice:
            raise ValueError(
                _("{argument}: {card} lies on the {card_lattice} lattice, the game is on the {lattice} lattice").format(
                    argument=argument,
                    card=repr(card),
                    card_lattice=lattice_word(card.lattice),
                    lattice=lattice_word(lattice),
                )
            )
        if card.size != CARD_SIZE:
            raise ValueError(
                _("{argument}: a goal card has {size} cells, {card} has {cells}").format(
                    argument=argument, size=CARD_SIZE, card=repr(card), cells=card.size
                )
            )
        return card
    raise ValueError(
        _("{argument}: a card is a name such as 'L' or a Polyform, not {card}").format(
            argument=argument, card=repr(card)
        )
    )
