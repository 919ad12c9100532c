"""The Xochintlan game state: set-up, the five actions, locks, the end of a game.

How the kit reads the rules (see also :mod:`xochintlan_hex.xochintlan`):

* **Set-up.** The Human stands on ``(0, 0)``; every animal is in the reserve;
  the deck of goal cards is shuffled with the game's seed; player 0 takes the
  first ``cards_per_player`` cards from the top, then player 1, and so on.
  Player 0 starts, then 1, 2, ... in a cycle.
* **A set position.** :meth:`Xochintlan.from_board` starts a game from a
  given board instead (a lesson, a bug report): the reserve holds what the
  board does not, nothing is locked, the turn count is 0. A card that already
  stands on that board is not judged until the first action, since a win is
  checked at the end of an action: if it still stands then, it wins.
* **A turn is one action.** *Place* an animal from the reserve on an empty cell
  touching a tile; *switch* an animal on the board that touches another tile
  for one of another kind from the reserve (the old one goes back; the Human
  is never switched; ``cut_off_switch=True`` also allows a cut-off one); *move
  the Human* to an empty cell that touches a tile other than the Human itself
  (the board may fall apart in pieces, unless ``keep_connected``). Variants add
  *swap* (exchange two animals of different kinds, once the reserve is empty
  under ``endgame="swap"``) and *redraw* (reveal a card, draw another, under
  ``allow_redraw``).
* **Lock.** The tile the previous player just played (placed, switched, moved;
  both tiles of a swap) may not be switched or moved by the next player; a
  locked Human may not move. A redraw plays no tile, so it locks nothing.
  Under ``lock="french"`` only a tile just moved is locked (the Human, the
  two tiles of a swap).
* **End of an action**, in this order: a win (the player who acted first,
  then, under ``win_check="any"``, the others in turn order; the first whose
  card stands wins); a tie once the reserve is empty (unless ``endgame="swap"``);
  a tie by turn limit once ``max_turns`` actions are played. In the tiny
  variants where a player could be left without any legal action, the game
  ends there as a tie.

>>> game = Xochintlan(players=2, seed=7, cards=["I", "X"])
>>> game.legal_actions()[:3]
[Place('L', (0, -1)), Place('L', (-1, 0)), Place('L', (1, 0))]
>>> game.play("L(1,0)"); game.play(MoveHuman((2, 0)))
>>> game.locked
frozenset({(2, 0)})
>>> game.play("H(1,1)")
Traceback (most recent call last):
...
xochintlan_hex.errors.IllegalAction: the Human was just moved by the previous player
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from xochintlan_hex.display import ShowsItself
from xochintlan_hex.errors import IllegalAction, RecordError
from xochintlan_hex.game import checked_seed, is_whole
from xochintlan_hex.i18n import SOURCE_LANGUAGE, _, ngettext, use_language
from xochintlan_hex.lattice import Cell, Lattice, get_lattice
from xochintlan_hex.polyforms import Polyform
from xochintlan_hex.xochintlan.actions import (
    ACTION_TYPES,
    Action,
    MoveHuman,
    Place,
    Redraw,
    Swap,
    Switch,
    as_action,
)
from xochintlan_hex.xochintlan.core import MOVE, PLACE, REDRAW, SWAP, SWITCH, GameCore, Move
from xochintlan_hex.xochintlan.grid import LIMIT, OFFSET, WIDTH, decode, deltas, encode, encode_or_none
from xochintlan_hex.xochintlan.patterns import card_keys, human_group
from xochintlan_hex.xochintlan.records import check_result as check_recorded_result
from xochintlan_hex.xochintlan.records import read_record, record_to_json, replay_actions
from xochintlan_hex.xochintlan.rules import HUMAN, KINDS, Rules, goal_cards, kind_name, letter, resolve_card
from xochintlan_hex.xochintlan.text import board_to_text

END_REASONS = ("win", "tie", "turn_limit")

#: The action of each internal move met so far: a move names its cells and kinds, so the
#: same move is the same action in every game, and the hot paths (listing the legal actions
#: of thousands of positions a move) hand out shared immutable objects.
_ACTION_OF_MOVE: dict[tuple[Any, ...], Action] = {}


def _new_action(move: Move) -> Action:
    """The action of an internal move."""
    code = move[0]
    if code == PLACE:
        return Place.trusted(move[2], decode(move[1]))
    if code == SWITCH:
        return Switch.trusted(decode(move[1]), move[2])
    if code == MOVE:
        return MoveHuman.trusted(decode(move[1]))
    if code == SWAP:
        return Swap.trusted(*sorted((decode(move[1]), decode(move[2]))))
    return Redraw.trusted(move[1])


def _refuse_a_card_dealt_twice(hands: list[list[Polyform]]) -> None:
    """A deck holds each card once: the same card (even turned) in two places is refused."""
    holder: dict[str, int] = {}
    for p, hand in enumerate(hands):
        for card in hand:
            if card.name in holder:
                first = holder[card.name]
                message = (
                    _("cards: {card} is dealt twice (both to player {first}); the deck holds each card once")
                    if first == p
                    else _("cards: {card} is dealt twice (players {first} and {second}); the deck holds each card once")
                )
                raise ValueError(message.format(card=card.name, first=first, second=p))
            holder[card.name] = p


def _holds(cell: Cell, kind: str) -> str:
    """'(1, 0) is not empty: it holds a Bird', in the language in use."""
    return _("{cell} is not empty: it holds a {kind}").format(cell=cell, kind=kind_name(kind))


def _no_kind_left(kind: str) -> str:
    return _("no {kind} left in the reserve").format(kind=kind_name(kind))


class Xochintlan(GameCore, ShowsItself):
    """One game of Xochintlan, from set-up to its end.

    ``players``: how many players (2 or more). ``seed`` (keyword-only): the
    whole number >= 0 that shuffles the deck (a fresh one is drawn when None;
    it is kept in :attr:`seed` and in records). ``rules``: a :class:`~xochintlan_hex.xochintlan.rules.Rules`.
    ``cards``: optionally, each player's hand, as a list with one entry per
    player: a list of card names or Polyforms (a single card may stand alone
    when ``cards_per_player`` is 1); the deck then holds the other cards, in
    the seed's order. As with a real deck, no card is dealt twice.

    >>> game = Xochintlan(players=2, seed=1, cards=["L", "X"])
    >>> [hand[0].name for hand in game.cards], game.current_player, game.reserve
    (['L', 'X'], 0, {'L': 8, 'B': 8, 'M': 8})
    >>> game.play("L(0,1)")
    >>> print(game)
    H
    L
    turn 1, player 2 to play; reserve L 7 B 8 M 8
    """

    def __init__(self, players: int = 2, *, seed: int | None = None, rules: Rules = Rules(), cards: Any = None) -> None:
        if not is_whole(players) or players < 2:
            raise ValueError(
                _("players must be an int >= 2: Xochintlan is played by 2 players or more, not {value}").format(
                    value=repr(players)
                )
            )
        if not isinstance(rules, Rules):
            raise ValueError(_("rules must be a Rules value, not {value}").format(value=repr(rules)))
        self.rules = rules
        self.n_players = int(players)
        self.seed = checked_seed(seed)
        self._lat = get_lattice(rules.lattice)
        self._deltas = deltas(rules.lattice)
        self._deal(cards)
        self._set_up_board()

    # ------------------------------------------------------------------ set-up
    def _deal(self, cards: Any) -> None:
        rules, players = self.rules, self.n_players
        deck = list(goal_cards(rules.lattice))
        need = players * rules.cards_per_player
        spare = 1 if rules.allow_redraw else 0
        if need + spare > len(deck):
            message = (
                _(
                    "players: {players} players x {cards} card(s) need {need} goal cards, plus one left to draw "
                    "for allow_redraw=True; the {lattice} deck holds {deck}"
                )
                if spare
                else _(
                    "players: {players} players x {cards} card(s) need {need} goal cards; the {lattice} deck holds {deck}"
                )
            )
            raise ValueError(
                message.format(
                    players=players, cards=rules.cards_per_player, need=need, lattice=rules.lattice, deck=len(deck)
                )
            )
        random.Random(self.seed).shuffle(deck)
        if cards is None:
            hands = [deck[p * rules.cards_per_player : (p + 1) * rules.cards_per_player] for p in range(players)]
            rest = deck[need:]
        else:
            hands = self._given_hands(cards)
            names = {card.name for hand in hands for card in hand}
            rest = [card for card in deck if card.name not in names]
        self._dealt = tuple(tuple(hand) for hand in hands)
        self._hands = [list(hand) for hand in hands]
        self._hand_keys = [[card_keys(card, rules.match) for card in hand] for hand in hands]
        self._deck = tuple(rest)
        self._drawn = 0
        self._revealed: list[tuple[int, Polyform]] = []

    def _given_hands(self, cards: Any) -> list[list[Polyform]]:
        rules = self.rules
        if isinstance(cards, (str, Polyform)) or not isinstance(cards, Sequence):
            raise ValueError(_("cards must be a list with one hand per player, not {value}").format(value=repr(cards)))
        if len(cards) != self.n_players:
            raise ValueError(
                _("cards must hold one hand per player: {players} players, {hands} hands given").format(
                    players=self.n_players, hands=len(cards)
                )
            )
        hands = []
        for p, hand in enumerate(cards):
            if isinstance(hand, (str, Polyform)) or not isinstance(hand, Sequence):
                hand = [hand]  # a lone card (checked below)
            if len(hand) != rules.cards_per_player:
                raise ValueError(
                    _("cards: player {player}'s hand must hold cards_per_player={cards} card(s), not {count}").format(
                        player=p, cards=rules.cards_per_player, count=len(hand)
                    )
                )
            hands.append(
                [resolve_card(card, rules.lattice, _("cards (player {index})").format(index=p)) for card in hand]
            )
        _refuse_a_card_dealt_twice(hands)
        return hands

    def _set_up_board(self) -> None:
        self._history: list[Action] = []
        self._start: tuple[tuple[Cell, str], ...] | None = None  # a board given to from_board
        self._first_player = 0
        self._set_up_core()

    @classmethod
    def from_board(
        cls,
        board_or_text: Any,
        players: int = 2,
        *,
        seed: int | None = None,
        rules: Rules = Rules(),
        cards: Any = None,
        current_player: int = 0,
    ) -> Xochintlan:
        """A game that starts from a given board rather than the lone Human.

        ``board_or_text``: a mapping ``cell -> "H" | "L" | "B" | "M"`` (the
        Human may stand anywhere) or a text diagram (its Human goes on
        ``(0, 0)``). The reserve holds ``tiles_per_kind`` minus the animals on
        the board, per kind; nothing is locked; the turn count is 0 and
        ``current_player`` acts first; cards are dealt as usual (or given).
        A card standing on the board is judged at the end of the first action.
        A board with no Human or several, a letter other than H L B M, more
        animals of a kind than ``tiles_per_kind``, pieces under
        ``keep_connected``, or cells too far from ``(0, 0)`` raises ValueError.

        >>> game = Xochintlan.from_board("LLL.\\nH...", seed=1, cards=["L", "X"])
        >>> game.reserve, game.human
        ({'L': 5, 'B': 8, 'M': 8}, (0, 0))
        >>> game.play("L(3,-1)"); game.winner, game.winning_card.name
        (0, 'L')
        """
        from xochintlan_hex.xochintlan.positions import starting_board

        game = cls(players=players, seed=seed, rules=rules, cards=cards)
        if not is_whole(current_player) or not 0 <= current_player < players:
            raise ValueError(
                _("current_player must be a player index 0..{last}, not {value}").format(
                    last=players - 1, value=repr(current_player)
                )
            )
        tiles = starting_board(board_or_text, game.rules)
        game._lay_tiles([(encode(cell), kind) for cell, kind in tiles])
        game._start = tiles
        game._player = game._first_player = int(current_player)
        return game

    # --------------------------------------------------------------- the state
    @property
    def lattice(self) -> Lattice:
        """The lattice object (:data:`~xochintlan_hex.lattice.SQUARE` or ``HEX``)."""
        return self._lat

    @property
    def starting_board(self) -> tuple[tuple[Cell, str], ...] | None:
        """The board a :meth:`from_board` game started from (Human first), or None after the usual set-up."""
        return self._start

    @property
    def first_player(self) -> int:
        """The player who acted (or acts) first."""
        return self._first_player

    @property
    def board(self) -> dict[Cell, str]:
        """A new dict ``cell -> "H" | "L" | "B" | "M"`` of the tiles on the board."""
        return {decode(c): kind for c, kind in self._cells.items()}

    @property
    def human(self) -> Cell:
        """The Human's cell."""
        return decode(self._tiles[0])

    @property
    def reserve(self) -> dict[str, int]:
        """Animals left in the reserve, by kind: ``{"L": 8, "B": 8, "M": 8}`` at set-up."""
        return dict(self._reserve)

    @property
    def current_player(self) -> int:
        """The player to act (after the last action of a game: the one who would act next)."""
        return self._player

    @property
    def locked(self) -> frozenset[Cell]:
        """The cells the current player may not switch, swap or move (the tiles just played)."""
        return frozenset(decode(c) for c in self._lock)

    @property
    def turn(self) -> int:
        """How many actions have been played."""
        return self._turn

    @property
    def history(self) -> list[Action]:
        """The actions played so far, in order (a copy)."""
        return list(self._history)

    @property
    def cards(self) -> list[list[Polyform]]:
        """Each player's hand now (a copy). Secret cards are in here too: see :meth:`visible_cards`."""
        return [list(hand) for hand in self._hands]

    @property
    def dealt_cards(self) -> list[list[Polyform]]:
        """Each player's hand at set-up, before any redraw."""
        return [list(hand) for hand in self._dealt]

    @property
    def revealed(self) -> set[tuple[int, Polyform]]:
        """The ``(player, card)`` pairs shown to everyone by a redraw."""
        return set(self._revealed)

    @property
    def cards_left(self) -> int:
        """Cards left in the deck to draw (redraws take them from the top)."""
        return len(self._deck) - self._drawn

    def visible_cards(self, viewer: int | None = None) -> list[list[Polyform | None]]:
        """Each hand as ``viewer`` sees it: a card, or None where it is hidden.

        A player sees their own hand; everyone sees every hand under
        ``open_cards`` and once the game is over. ``viewer=None`` is a spectator.
        """
        if viewer is not None and (
            isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < self.n_players
        ):
            raise ValueError(
                _("viewer must be None or a player index 0..{last}, not {value}").format(
                    last=self.n_players - 1, value=repr(viewer)
                )
            )
        public = self.rules.open_cards or self._end is not None
        return [list(hand) if public or p == viewer else [None] * len(hand) for p, hand in enumerate(self._hands)]

    @property
    def is_over(self) -> bool:
        """True once the game has ended (win, tie or turn limit)."""
        return self._end is not None

    @property
    def end_reason(self) -> str | None:
        """``"win"``, ``"tie"``, ``"turn_limit"``, or None while the game goes on."""
        return self._end

    @property
    def winner(self) -> int | None:
        """The winning player's index, or None."""
        return self._winner

    @property
    def winning_kind(self) -> str | None:
        """The animal kind of the winning pattern, or None."""
        return self._win_kind

    @property
    def winning_card(self) -> Polyform | None:
        """The card the winner reproduced, or None."""
        return self._win_card

    @property
    def winning_cells(self) -> frozenset[Cell]:
        """The five cells of the winning pattern (empty unless the game was won)."""
        if self._win_kind is None:
            return frozenset()
        return human_group(self.board, self._win_kind, self.rules.lattice)

    def _action(self, move: Move) -> Action:
        action = _ACTION_OF_MOVE.get(move)
        if action is None:
            action = _ACTION_OF_MOVE[move] = _new_action(move)
        return action

    def legal_actions(self) -> list[Action]:
        """Every legal action: places, switches, Human moves, swaps, redraws.

        Within each group cells come row by row (smallest ``y`` first, then
        ``x``) and kinds in the order L, B, M. Empty once the game is over.
        """
        known = _ACTION_OF_MOVE.get  # inline: one lookup a move, the action made the first time only
        return [known(m) or self._action(m) for m in self._moves()]

    def count_legal_actions(self) -> int:
        """``len(legal_actions())``, counted without listing them."""
        return self._count()

    # ------------------------------------------------------------ checking
    def _check(self, action: Action) -> Move:
        """The internal move for ``action``, or IllegalAction naming the broken rule."""
        if self._end is not None:
            raise IllegalAction(_("the game is over"))
        return _check_of(action)(self, action)

    def _check_place(self, action: Place) -> Move:
        kind, cell = action.kind, action.cell
        x, y = cell
        c = (y + OFFSET) * WIDTH + x + OFFSET if -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT else None
        if c is not None and c in self._cells:
            raise IllegalAction(_holds(cell, self._cells[c]))
        if c is None or not self._adj.get(c):
            raise IllegalAction(_("{cell} touches no tile").format(cell=cell))
        if not self._reserve[kind]:
            raise IllegalAction(_no_kind_left(kind))
        return (PLACE, c, kind)

    def _check_switch(self, action: Switch) -> Move:
        cell, kind = action.cell, action.kind
        c = encode_or_none(cell)
        old = None if c is None else self._cells.get(c)
        if old is None:
            raise IllegalAction(_("{cell} is empty: there is no animal to switch").format(cell=cell))
        if old == HUMAN:
            raise IllegalAction(_("the Human can never be switched"))
        # The lock is named first: it is the rule that forbids any switch of this tile now.
        if c in self._lock:
            raise IllegalAction(_("{cell} was just played by the previous player").format(cell=cell))
        if old == kind:
            raise IllegalAction(_("{cell} already holds a {kind}").format(cell=cell, kind=kind_name(kind)))
        if not self._reserve[kind]:
            raise IllegalAction(_no_kind_left(kind))
        if self._any_case and c in self._cut_off:
            raise IllegalAction(
                _("{cell} touches no other tile: a switched tile must share a side with another tile").format(cell=cell)
            )
        return (SWITCH, c, kind)

    def _check_move(self, action: MoveHuman) -> Move:
        cell = action.cell
        h = self._tiles[0]
        if h in self._lock:
            raise IllegalAction(_("the Human was just moved by the previous player"))
        c = encode_or_none(cell)
        if c == h:
            raise IllegalAction(_("{cell} is not empty: the Human is already there").format(cell=cell))
        if c is not None and c in self._cells:
            raise IllegalAction(_holds(cell, self._cells[c]))
        beside_h = c is not None and (c - h) in self._deltas
        if c is None or self._adj.get(c, 0) - beside_h <= 0:
            raise IllegalAction(
                _("{cell} touches no tile once the Human has left {human}").format(cell=cell, human=decode(h))
            )
        if self.rules.keep_connected and not self._connected_after_move(h, c):
            raise IllegalAction(
                _("moving the Human to {cell} would split the board (keep_connected=True)").format(cell=cell)
            )
        return (MOVE, c)

    def _check_swap(self, action: Swap) -> Move:
        if self.rules.endgame != "swap":
            raise IllegalAction(_("swaps belong to the endgame='swap' variant"))
        if any(self._reserve.values()):
            raise IllegalAction(_("swaps start once every animal is on the board (the reserve is not empty)"))
        codes: list[int] = []
        for cell in (action.a, action.b):
            c = encode_or_none(cell)
            kind = None if c is None else self._cells.get(c)
            if c is None or kind is None:
                raise IllegalAction(_("{cell} is empty: there is no animal to swap").format(cell=cell))
            if kind == HUMAN:
                raise IllegalAction(_("the Human can never be swapped"))
            if c in self._lock:
                raise IllegalAction(_("{cell} was just played by the previous player").format(cell=cell))
            if self._any_case and c in self._cut_off:
                raise IllegalAction(
                    _("{cell} touches no other tile: a swapped tile must share a side with another tile").format(
                        cell=cell
                    )
                )
            codes.append(c)
        a, b = codes
        if self._cells[a] == self._cells[b]:
            raise IllegalAction(
                _("{a} and {b} both hold a {kind}: a swap needs two different kinds").format(
                    a=action.a, b=action.b, kind=kind_name(self._cells[a])
                )
            )
        return (SWAP, a, b)

    def _check_redraw(self, action: Redraw) -> Move:
        if not self.rules.allow_redraw:
            raise IllegalAction(_("redraws belong to the allow_redraw=True variant"))
        hand = self._hands[self._player]
        if action.index >= len(hand):
            raise IllegalAction(
                ngettext(
                    "no card {index}: player {player} holds {count} card (R0 to R{last})",
                    "no card {index}: player {player} holds {count} cards (R0 to R{last})",
                    len(hand),
                ).format(index=action.index, player=self._player + 1, count=len(hand), last=len(hand) - 1)
            )
        if self._drawn >= len(self._deck):
            raise IllegalAction(_("the deck is empty: no card left to draw"))
        return (REDRAW, action.index)

    def why_illegal(self, action: Any) -> str | None:
        """Why ``action`` (or its notation) is refused now, or None if it is legal."""
        try:
            self._check(as_action(action))
        except IllegalAction as refusal:
            return str(refusal)
        return None

    def is_legal(self, action: Any) -> bool:
        """True when ``action`` (or its notation) may be played now."""
        return self.why_illegal(action) is None

    # -------------------------------------------------------------- playing
    def play(self, action: Action | str) -> None:
        """Play ``action`` or its notation (``"L(1,0)"``).

        Raises IllegalAction, naming the rule, and leaves the game untouched
        when the action is refused.
        """
        pending = self._pending
        if pending is not None and action is pending[0]:
            move = pending[1]  # drawn by random_action from this very position: legal
        else:
            check = _CHECKS.get(type(action))
            if check is None:
                action = as_action(action)
                check = _check_of(action)
            if self._end is not None:
                raise IllegalAction(_("the game is over"))
            move = check(self, action)
        self._do(move)
        self._history.append(action)  # type: ignore[arg-type]  # an Action by now: checked above

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._log:
            raise IllegalAction(_("nothing to undo: no action has been played"))
        self._undo_move()
        return self._history.pop()

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action drawn with ``rng`` (a ``random.Random``).

        Draws without listing the actions: a group (place, switch, ...) is
        chosen in proportion to its number of actions, then one action of it,
        drawing again when a quick draw lands on an illegal one.
        """
        if self._end is not None:
            raise IllegalAction(_("the game is over"))
        move = self._draw_move(rng.random)
        action = self._action(move)
        self._pending = (action, move)  # lets play() skip checking it again
        return action

    # ------------------------------------------------------------ copies
    def clone(self) -> Xochintlan:
        """An independent copy: playing on it leaves this game untouched."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._cells = dict(self._cells)
        twin._adj = dict(self._adj)
        twin._tiles = list(self._tiles)
        twin._cut_off = set(self._cut_off)
        twin._reserve = dict(self._reserve)
        twin._onboard = dict(self._onboard)
        twin._groups = dict(self._groups)
        twin._history = list(self._history)
        twin._log = list(self._log)
        twin._hands = [list(hand) for hand in self._hands]
        twin._hand_keys = [list(keys) for keys in self._hand_keys]
        twin._revealed = list(self._revealed)
        return twin

    def sample_hidden(self, viewer: int, rng: random.Random) -> Xochintlan:
        """A copy in which every card ``viewer`` cannot see is dealt again with ``rng``.

        The hidden cards of the other players and the order of the cards left
        to draw are drawn anew from the cards ``viewer`` has not seen (not in
        its hand, not shown to it, not revealed by a redraw). The board, the
        turn, the lock and everything ``viewer`` sees stay as they are. The
        copy is one of the worlds ``viewer`` cannot tell apart from the real
        game: search players play on such copies (a "determinization"), and
        nothing in it depends on the real hidden cards. It is an imagined
        game: its record is not the game's.

        >>> game = Xochintlan(players=3, seed=4)
        >>> world = game.sample_hidden(0, random.Random(1))
        >>> world.cards[0] == game.cards[0], len(world.cards[1]), world.cards_left == game.cards_left
        (True, 1, True)
        """
        pool = self._unseen_in_deck_order(viewer)
        rng.shuffle(pool)
        return self._dealt_again(viewer, pool)

    def deal_hidden(self, viewer: int, order: Sequence[Polyform], check: bool = True) -> Xochintlan:
        """:meth:`sample_hidden` with the shuffle given: ``order`` holds every card
        ``viewer`` has not seen, in the order they are dealt (its hidden places
        player by player, then the cards left to draw).

        ``game.sample_hidden(v, rng)`` equals ``game.deal_hidden(v, order)`` where
        ``order`` is the list of :meth:`sample_hidden`'s pool after ``rng.shuffle``:
        a search that weighs a shuffle before keeping it (ISMCTS) builds only the
        world it keeps. ``check=False`` skips checking that ``order`` holds every
        unseen card once, for a caller that shuffled exactly those (ISMCTS, thousands
        of times a move).

        >>> game = Xochintlan(players=2, seed=4)
        >>> order = [card for card in goal_cards("square") if card not in game.cards[0]]
        >>> game.deal_hidden(0, order).cards[1] == [order[0]]
        True
        >>> game.deal_hidden(0, order[:16] + order[:1])
        Traceback (most recent call last):
        ...
        ValueError: order must hold each of the 17 cards player 0 has not seen once; it holds 17 card(s), missing Z', extra or repeated F
        """
        if not check:
            return self._dealt_again(viewer, list(order))
        pool = self._unseen_in_deck_order(viewer)
        order = list(order)
        given, unseen = sorted(card.name for card in order), sorted(card.name for card in pool)
        if given != unseen:
            extra = sorted(set(given) - set(unseen)) or sorted({n for n in given if given.count(n) > 1})
            missing = sorted(set(unseen) - set(given))
            raise ValueError(
                f"order must hold each of the {len(pool)} cards player {viewer} has not seen once; "
                f"it holds {len(order)} card(s), missing {', '.join(missing) or 'none'}, "
                f"extra or repeated {', '.join(extra) or 'none'}"
            )
        return self._dealt_again(viewer, order)

    def _unseen_in_deck_order(self, viewer: int) -> list[Polyform]:
        """The cards ``viewer`` has not seen (not in its hand, not shown to it, not
        revealed by a redraw), in the deck's own order, never the real hands': the
        draw reads nothing hidden."""
        if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < self.n_players:
            raise ValueError(f"viewer must be a player index 0..{self.n_players - 1}, not {viewer!r}")
        visible = self.visible_cards(viewer)
        seen = {card.name for hand in visible for card in hand if card is not None}
        seen |= {card.name for _, card in self._revealed}
        return [card for card in goal_cards(self.rules.lattice) if card.name not in seen]

    def _dealt_again(self, viewer: int, pool: list[Polyform]) -> Xochintlan:
        """A copy with ``viewer``'s hidden places, then the cards left to draw, dealt from ``pool`` in order."""
        visible = self.visible_cards(viewer)
        slots = [(p, i) for p, hand in enumerate(visible) for i, card in enumerate(hand) if card is None]
        if len(pool) < len(slots):
            raise ValueError(
                f"cannot deal {len(slots)} hidden card(s) from the {len(pool)} card(s) player {viewer} has not seen"
            )
        twin = self.clone()
        for (p, i), card in zip(slots, pool):
            twin._hands[p][i] = card
            twin._hand_keys[p][i] = card_keys(card, self.rules.match)
        hidden = {p for p, _ in slots}
        twin._dealt = tuple(tuple(twin._hands[p]) if p in hidden else hand for p, hand in enumerate(self._dealt))
        left = len(self._deck) - self._drawn
        twin._deck = self._deck[: self._drawn] + tuple(pool[len(slots) : len(slots) + left])
        return twin

    def __copy__(self) -> Xochintlan:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Xochintlan:
        return self.clone()

    # ---------------------------------------------------------- summaries
    def outcome(self) -> dict[str, Any]:
        """The game so far as plain values, one row of a study table.

        Keys: ``winner`` (int or None), ``winning_kind`` ("L"/"B"/"M" or None),
        ``winning_card`` (card name or None), ``end_reason`` ("win", "tie",
        "turn_limit" or None), ``is_over``, ``turns`` (actions played),
        ``players``, ``seed``, ``lattice``, ``cards`` (each player's hand now, as
        lists of names), ``dealt_cards`` (hands at set-up), ``redraws``,
        ``reserve_left`` (animals still in the reserve), ``rules`` (the rule
        fields that differ from the defaults).
        """
        return {
            "winner": self._winner,
            "winning_kind": self._win_kind,
            "winning_card": None if self._win_card is None else self._win_card.name,
            "end_reason": self._end,
            "is_over": self._end is not None,
            "turns": self._turn,
            "players": self.n_players,
            "seed": self.seed,
            "lattice": self.rules.lattice,
            "cards": [[card.name for card in hand] for hand in self._hands],
            "dealt_cards": [[card.name for card in hand] for hand in self._dealt],
            "redraws": len(self._revealed),
            "reserve_left": sum(self._reserve.values()),
            "rules": self.rules.changed(),
        }

    def to_json(self, indent: int | None = None) -> str:
        """A record of the game: seed, players, rules, dealt cards, actions and result.

        :meth:`from_json` replays it to the same state (see :mod:`.records`).
        """
        return record_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | dict[str, Any], check_result: bool = True) -> Xochintlan:
        """Rebuild a game of this class from :meth:`to_json` output by replaying its actions.

        A record that is malformed, whose actions the rules refuse, or (with
        ``check_result``) whose replay ends with another result than it stores
        raises RecordError.
        """
        setup = read_record(text)
        try:
            if setup.board is None:
                game = cls(setup.players, seed=setup.seed, rules=setup.rules, cards=setup.cards)
            else:
                game = cls.from_board(
                    setup.board,
                    setup.players,
                    seed=setup.seed,
                    rules=setup.rules,
                    cards=setup.cards,
                    current_player=setup.first_player,
                )
        except ValueError as error:
            raise RecordError(_("record: cannot set the game up: {error}").format(error=error)) from None
        replay_actions(game, setup.actions)
        if check_result:
            check_recorded_result(setup, game.outcome())
        return game

    def perft(self, depth: int) -> int:
        """How many action sequences of length ``depth`` can be played from here (the game is left unchanged).

        The standard check of a move generator, as in chess programs.
        """
        if not is_whole(depth) or depth < 0:
            raise ValueError(f"depth must be an int >= 0, not {depth!r}")
        return self._perft(int(depth))

    def divide(self, depth: int) -> dict[str, int]:
        """perft split by first action (notation -> count): the tool for finding a disagreement."""
        if not is_whole(depth) or depth < 1:
            raise ValueError(f"depth must be an int >= 1, not {depth!r}")
        result = {}
        for move in self._moves():
            action = self._action(move)
            self._do(move)
            result[str(action)] = self._perft(int(depth) - 1)
            self._undo_move()
        return result

    # -------------------------------------------------------------- text
    def text(self) -> str:
        """The board as a text diagram in the letters of the language in use (see :mod:`~xochintlan_hex.xochintlan.text`)."""
        return board_to_text(self.board, self.rules.lattice)

    def status(self) -> str:
        """One line, in the language in use: the turn, who plays or how the game ended, the reserve."""
        reserve = " ".join(f"{letter(k)} {self._reserve[k]}" for k in KINDS)
        return _("turn {turn}, {state}; reserve {reserve}").format(
            turn=self._turn, state=self.end_text(), reserve=reserve
        )

    def end_text(self) -> str:
        """How the game ended, or who plays next, for people (players counted from 1).

        >>> Xochintlan(seed=0).end_text()
        'player 1 to play'
        """
        if (
            self._end == "win"
            and self._winner is not None
            and self._win_card is not None
            and self._win_kind is not None
        ):
            return _("player {player} won with {card} in {kinds}").format(
                player=self._winner + 1, card=self._win_card.name, kinds=kind_name(self._win_kind, 2)
            )
        if self._end == "tie":
            return _("tie")
        if self._end == "turn_limit":
            return _("tie by turn limit")
        return _("player {player} to play").format(player=self._player + 1)  # people count players from 1

    def _repr_svg_(self) -> str:
        """The board as Jupyter shows it: the tiles, the lock and the pattern that won (drawn by
        :mod:`xochintlan_hex.drawing`, without matplotlib)."""
        from xochintlan_hex.drawing.svg import sized
        from xochintlan_hex.drawing.xochintlan import board_svg

        picture = board_svg(
            self.lattice,
            self.board,
            winning=self.winning_cells,
            locked=self.locked,
            letters={kind: letter(kind) for kind in KINDS},
        )
        return sized(picture, 480)

    def __str__(self) -> str:
        return f"{self.text()}\n{self.status()}"

    def __repr__(self) -> str:
        with use_language(SOURCE_LANGUAGE):  # a programmer's view, in one language (str() speaks the reader's)
            return f"<Xochintlan {self.rules.lattice}, {self.n_players} players, {self.status()}>"


_CHECKS: dict[type, Callable[[Xochintlan, Any], Move]] = {
    Place: Xochintlan._check_place,
    Switch: Xochintlan._check_switch,
    MoveHuman: Xochintlan._check_move,
    Swap: Xochintlan._check_swap,
    Redraw: Xochintlan._check_redraw,
}
assert set(_CHECKS) == set(ACTION_TYPES)


def _check_of(action: Action) -> Callable[[Xochintlan, Any], Move]:
    """The check for ``action``'s type, also for a subclass of an action type."""
    for kind in type(action).__mro__:
        if kind in _CHECKS:
            return _CHECKS[kind]
    raise IllegalAction(_("not a Xochintlan action: {value}").format(value=repr(action)))


def perft(game: Xochintlan, depth: int) -> int:
    """``game.perft(depth)``: the number of action sequences of length ``depth`` from ``game``.

    >>> from xochintlan_hex.xochintlan.rules import Rules
    >>> [perft(Xochintlan(seed=0), d) for d in (1, 2)]
    [12, 252]
    >>> [perft(Xochintlan(seed=0, rules=Rules(lattice="hex")), d) for d in (1, 2)]
    [18, 522]
    """
    return game.perft(depth)


def divide(game: Xochintlan, depth: int) -> dict[str, int]:
    """``game.divide(depth)``: perft split by first action."""
    return game.divide(depth)
