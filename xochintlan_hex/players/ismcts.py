"""Information-set Monte Carlo tree search: tuned for Xochintlan (``"ismcts"``; and
:class:`XochintlanFastISMCTS`, the search narrowed to the best-scored actions), and for any
game (:class:`ISMCTS`).

:class:`ISMCTS` searches any registered game from its spec alone (its
``determinize`` and ``returns``); :class:`XochintlanISMCTS`, described below,
knows Xochintlan's cards and judges positions without playing them out.

The idea, in four steps repeated ``iterations`` times (or for ``seconds``):

1. **Imagine a world.** The opponents' cards are secret, so the player deals
   them again at random from the cards it has not seen
   (:meth:`~xochintlan_hex.xochintlan.Xochintlan.sample_hidden`): one world it
   cannot tell apart from the real game. Each iteration imagines a new one, so
   the tree learns what is good *on average over what the opponents may hold*.
   Not every card is equally likely: a player tends to build its own card, so
   each past action of an opponent that brought a card ``k`` actions nearer
   makes that card ``exp(inference * k)`` times likelier for it (``inference``,
   1 by default; 0: all unseen cards alike). Worlds are kept in proportion.
2. **Walk down the tree** of actions played so far in the search, at each step
   taking the action with the best upper confidence bound (UCT):
   ``mean reward + exploration * sqrt(ln(visits of the parent) / visits)``,
   each reward seen by the player who chose that action.
3. **Add one action** not yet tried below the last node and **judge** the
   position reached (``rollout``):

   * ``"evaluate"`` (the default, a cheap greedy judgement): the player to
     move wins with the chance that one of its cards stands after one action
     of its own; otherwise each player's nearest card is ``d`` actions away
     (:func:`~xochintlan_hex.players.xochintlan.distances_after`, the yardstick
     greedy uses; the player to move counts half an action less) and gets the
     share ``exp(-d) / sum of exp(-d)`` of the win. The cards the searcher
     cannot see are averaged over exactly (each drawn from the cards it has not
     seen), so a threat held by one opponent card in seventeen weighs 1/17;
   * ``"random"``: the game is played out with uniformly random actions, up to
     ``rollout_limit`` actions (a tie beyond).

   On the way down, a player to move who can win at once in the imagined
   world does (the decisive move): a node where an opponent could then win
   counts as a loss in exactly the worlds where it holds that card.
4. **Back up** the result along the path: each node adds the share of the
   player who chose its action (1 for a win played out, 0 for a loss,
   ``1 / players`` each for a tie).

The action played is the one visited most at the root. Before searching, the
player takes a win of its own standing one action away (it knows its own cards;
the mover's cards are checked first, so the win is certain).

Legal actions never depend on the cards, so every imagined world offers the
same actions at a node: the tree is shared by all worlds (the "single
observer" form of ISMCTS, Cowling, Powley and Whitehouse, 2012). Only what the
player may see is read: the real hidden cards never enter a world.

Reproducible: with ``iterations`` set (and ``seconds`` None) the choice depends
only on the position, what the player sees and the random source.

Compiled where numba is installed (``make`` installs it; ``pip install '.[fast]'``):
each new node's facts (every card's distance and whether one action makes it stand,
:func:`~xochintlan_hex.xochintlan.compiled.position_facts`) and the search's random
numbers (:class:`~xochintlan_hex.players.compiled.CompiledRandom`, the very numbers the
``random.Random`` would draw) come from compiled code. The values are the Python
functions' own, so the choices and the random source's state afterwards are the same
with or without numba (``tests/test_compiled.py``): ``ismcts-250`` then takes under a
tenth of the CPU an action it took in Python (``benchmarks/players.py compiled``).

>>> import random
>>> from xochintlan_hex.xochintlan import Xochintlan
>>> game = Xochintlan(seed=3)
>>> player = XochintlanISMCTS(iterations=200)
>>> a = player.choose(game, random.Random(1))
>>> a == player.choose(game, random.Random(1)) and game.is_legal(a)
True
"""

from __future__ import annotations

import importlib.util
import math
import random
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from xochintlan_hex.game import ActionT, Game, GameSpec, game_spec
from xochintlan_hex.players.xochintlan import (
    card_name,
    cards_count_after_next_action,
    distances_after,
    stand_after_a_tile,
    standing_after_moves,
    unseen_cards,
)
from xochintlan_hex.xochintlan import Action, MoveHuman, Redraw, Xochintlan

if TYPE_CHECKING:
    from xochintlan_hex.players.compiled import CompiledRandom
    from xochintlan_hex.xochintlan.compiled import CardTables

ROLLOUTS = ("evaluate", "random")

#: Shuffles the belief sampling weighs before the engine deals one world unweighed.
_SHUFFLES_TRIED = 63

#: numba is installed: each position's facts and the search's random numbers come from
#: compiled code (``xochintlan/compiled.py``, ``players/compiled.py``; the same values, so
#: the same choices). They are imported at the first search: loading numba takes a third
#: of a second.
COMPILED = importlib.util.find_spec("numba") is not None


class _Node:
    """One node of the search tree: the statistics of the action that led to it."""

    __slots__ = (
        "action",
        "mover",
        "visits",
        "reward",
        "children",
        "untried",
        "actions",
        "distance",
        "wins",
        "move_standing",
        "facts",
    )

    def __init__(self, action: Any, mover: int) -> None:
        self.action = action  # the action leading here (None at the root)
        self.mover = mover  # the player who chose it
        self.visits = 0
        self.reward = 0.0  # summed rewards of ``mover``
        self.children: dict[Any, _Node] = {}
        self.untried: list[Any] | None = None  # listed on the first visit
        self.actions: list[Any] | None = None  # every legal action here, once listed
        # What the position says about each card, the same in every world (the
        # board never depends on the cards): filled in as worlds ask.
        self.distance: dict[str, float] = {}  # card name -> actions still needed
        self.wins: dict[str, bool] = {}  # card name -> stands after one action
        self.move_standing: set[str] | None = None  # cards a Human move makes stand
        # (distances, one-action wins) of the view's cards in order, when compiled code gave them
        self.facts: tuple[np.ndarray, np.ndarray] | None = None


@dataclass(frozen=True)
class XochintlanISMCTS:
    """Information-set MCTS (see the module docstring).

    ``iterations``: imagined games per move (the reproducible budget).
    ``seconds``: a time budget per move instead (set ``iterations=None``), or
    both: whichever ends first. ``exploration``: the UCT constant (larger tries
    more actions, smaller digs deeper into the best ones). ``rollout``: the
    play-out policy, one of :data:`ROLLOUTS`. ``rollout_limit``: actions at most
    per play-out (a tie beyond). ``seed``: when set, the search draws from its
    own ``random.Random`` seeded with it and the turn, instead of the ``rng`` it
    is handed.
    """

    name: str = "ismcts"
    iterations: int | None = 2000
    seconds: float | None = None
    exploration: float = 0.7
    rollout: str = "evaluate"
    rollout_limit: int = 120
    inference: float = 1.0
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("ismcts needs a budget: iterations (an int >= 1) or seconds (> 0)")
        if self.iterations is not None and (
            isinstance(self.iterations, bool) or not isinstance(self.iterations, int) or self.iterations < 1
        ):
            raise ValueError(f"iterations must be None or an int >= 1, not {self.iterations!r}")
        if self.seconds is not None and not (isinstance(self.seconds, (int, float)) and self.seconds > 0):
            raise ValueError(f"seconds must be None or a number > 0, not {self.seconds!r}")
        if not (isinstance(self.exploration, (int, float)) and self.exploration >= 0):
            raise ValueError(f"exploration must be a number >= 0, not {self.exploration!r}")
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(map(repr, ROLLOUTS))}, not {self.rollout!r}")
        if not (isinstance(self.inference, (int, float)) and self.inference >= 0):
            raise ValueError(f"inference must be a number >= 0, not {self.inference!r}")
        if isinstance(self.rollout_limit, bool) or not isinstance(self.rollout_limit, int) or self.rollout_limit < 0:
            raise ValueError(f"rollout_limit must be an int >= 0, not {self.rollout_limit!r}")

    # ------------------------------------------------------------ choosing
    def choose(self, game: Xochintlan, rng: random.Random) -> Action:
        if self.seed is not None:
            rng = random.Random(f"{self.seed}:{game.turn}")
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        win = self._own_win(game, actions)
        if win is not None:
            return win
        root = self.search(game, rng)
        best: Action = max(root.children.items(), key=lambda item: item[1].visits)[0]
        return best

    @staticmethod
    def _own_win(game: Xochintlan, actions: list[Action]) -> Action | None:
        """An action after which the player's own card stands, if any (certain: the
        mover is checked first, whatever the others hold)."""
        me = game.current_player
        world = game.clone()
        for action in actions:
            world.play(action)
            won = world.winner == me
            world.undo()
            if won:
                return action
        return None

    def search(
        self,
        game: Xochintlan,
        rng: random.Random,
        actions: Sequence[Action] | None = None,
        view: _PublicView | None = None,
    ) -> _Node:
        """Grow the tree from ``game`` with the budget and return its root.

        ``actions``: the root's actions to search (default: every legal one; ``ismcts-fast``
        passes its few candidates). ``view``: what the player knows, when already read.
        """
        me = game.current_player
        root = _Node(None, (me - 1) % game.n_players)
        if actions is not None:
            root.untried = list(actions)  # the rest of the root is never tried
        if view is None:
            view = _PublicView.of(game, me, self.inference)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        # With numba the random numbers are drawn in compiled code, the very ones rng would
        # draw (random playouts ask the engine, which needs rng itself).
        draws: Any = rng
        if view.tables is not None and self.rollout == "evaluate":
            from xochintlan_hex.players.compiled import CompiledRandom

            draws = CompiledRandom(rng)
        done = 0
        try:
            while True:
                if self.iterations is not None and done >= self.iterations:
                    break
                if deadline is not None and done % 16 == 0 and time.perf_counter() >= deadline:
                    break
                self._iterate(root, self._world(game, me, view, draws), draws, view)
                done += 1
        finally:
            if draws is not rng:
                draws.give_back()  # rng goes on as if it had drawn every number itself
        return root

    @staticmethod
    def _world(game: Xochintlan, me: int, view: _PublicView, rng: random.Random | CompiledRandom) -> Xochintlan:
        """An imagined world, its hidden cards drawn in proportion to the beliefs
        (rejection sampling: at most 64 draws, then the last one).

        Each draw shuffles the unseen cards exactly as ``game.sample_hidden(me, rng)``
        would, but the game is copied only for the draw kept
        (:meth:`~xochintlan_hex.xochintlan.Xochintlan.deal_hidden`): the same worlds
        and the same random numbers as drawing whole worlds, without a copy per
        rejected draw.
        """
        pool = view.pool
        if not isinstance(rng, random.Random):  # a CompiledRandom
            drawn = rng.draw_deal(*view.compiled_shuffle, _SHUFFLES_TRIED)
            if drawn is not None:
                return game.deal_hidden(me, [pool[i] for i in drawn.tolist()], check=False)
            rng.give_back()  # every shuffle turned down: the engine draws one with the real rng
            world = game.sample_hidden(me, rng.source)
            rng.take_over()
            return world
        ratios, places, steps = view.ratios, view.hidden_places, view.shuffle_steps
        getrandbits, random_number = rng.getrandbits, rng.random
        for _ in range(_SHUFFLES_TRIED):
            # The places of the pool's cards, shuffled as ``rng.shuffle(list(pool))``
            # shuffles the cards: the same random numbers, drawn inline (on the hex
            # lattice most draws are rejected, and this loop was a sixth of the search).
            deal = list(range(len(pool)))
            for i, n, bits in steps:
                j = getrandbits(bits)
                while j >= n:
                    j = getrandbits(bits)
                deal[i], deal[j] = deal[j], deal[i]
            chance = 1.0
            for place, q in places:
                chance *= ratios[q][deal[place]]
            if random_number() < chance:
                return game.deal_hidden(me, [pool[i] for i in deal], check=False)
        return game.sample_hidden(me, rng)

    # -------------------------------------------------- one iteration
    def _iterate(self, root: _Node, world: Any, rng: random.Random, view: _PublicView) -> None:
        node, path = root, [root]
        c = self.exploration
        judge = self.rollout == "evaluate"
        shares = None
        while not world.is_over:
            if judge and node is not root:
                view.learn(node, world)
                shares = view.decisive(node, world)
                if shares is not None:
                    break  # the player to move wins at once in this world
            if node.untried is None:
                node.untried = list(_actions(node, world))
            if node.untried:
                # Expand: one untried action, drawn at random, and judge the leaf.
                untried = node.untried
                i = int(rng.random() * len(untried))
                action = untried[i]
                untried[i] = untried[-1]
                untried.pop()
                mover = world.current_player
                world.play(action)
                child = node.children[action] = _Node(action, mover)
                path.append(child)
                if world.is_over:
                    break
                if judge:
                    view.learn(child, world)
                    shares = view.expected_shares(child, world)
                else:
                    self._play_out(world, rng)
                break
            node = self._select(node, c)
            world.play(node.action)
            path.append(node)
        self._back_up(path, world, shares)

    @staticmethod
    def _select(node: _Node, c: float) -> _Node:
        """The child with the best upper confidence bound."""
        log_n = math.log(node.visits)
        best, best_value = next(iter(node.children.values())), -1.0
        sqrt = math.sqrt
        for child in node.children.values():
            n = child.visits
            value = child.reward / n + c * sqrt(log_n / n)
            if value > best_value:
                best, best_value = child, value
        return best

    def _play_out(self, world: Any, rng: random.Random) -> None:
        steps = self.rollout_limit
        while not world.is_over and steps > 0:
            world.play(world.random_action(rng))
            steps -= 1

    @staticmethod
    def _back_up(path: list[_Node], world: Any, shares: list[float] | None) -> None:
        """Add one visit and the mover's share of the result to every node of ``path``."""
        if shares is None:
            winner = world.winner
            if winner is None:
                shares = [1.0 / world.n_players] * world.n_players
            else:
                shares = [0.0] * world.n_players
                shares[winner] = 1.0
        for node in path:
            node.visits += 1
            node.reward += shares[node.mover]


@dataclass(frozen=True)
class _PublicView:
    """What the searching player knows of every hand: the cards it sees and how many
    it does not, and the pool the hidden ones come from (its unseen cards)."""

    known: tuple[tuple[Any, ...], ...]  # per player, the cards the searcher sees
    hidden: tuple[int, ...]  # per player, how many it does not see
    pool: tuple[Any, ...]  # the cards it has not seen
    belief: tuple[tuple[float, ...], ...]  # per player, the chance of each pool card
    index: dict[str, int]  # pool card name -> its place in the pool
    rules: Any = None  # the game's rules (for the compiled yardstick's tables)

    @classmethod
    def of(cls, game: Xochintlan, me: int, inference: float = 0.0) -> _PublicView:
        visible = game.visible_cards(me)
        hidden = tuple(sum(c is None for c in hand) for hand in visible)
        pool = tuple(unseen_cards(game, me))
        belief = _beliefs(game, me, pool, hidden, inference)
        return cls(
            tuple(tuple(c for c in hand if c is not None) for hand in visible),
            hidden,
            pool,
            belief,
            {_name(c): i for i, c in enumerate(pool)},
            game.rules,
        )

    @cached_property
    def ratios(self) -> tuple[tuple[float, ...], ...]:
        """Per player, each pool card's chance over the player's likeliest card's: the
        factor :meth:`plausible_deal` multiplies by for that card in its hand."""
        return tuple(tuple(p / max(chances) for p in chances) if chances else () for chances in self.belief)

    @cached_property
    def shuffle_steps(self) -> tuple[tuple[int, int, int], ...]:
        """The steps of ``random.shuffle`` on the pool (Fisher and Yates from the end):
        (place i, how many places to draw among, bits ``random`` draws for that)."""
        return tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(self.pool) - 1, 0, -1))

    @cached_property
    def compiled_shuffle(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:attr:`shuffle_steps`, :attr:`hidden_places` and :attr:`ratios` as arrays, for
        :meth:`~xochintlan_hex.players.compiled.CompiledRandom.draw_deal` (a player who
        hides nothing has ratios of 0: none of its places is drawn)."""
        return (
            np.array(self.shuffle_steps, dtype=np.int64).reshape(-1, 3),
            np.array(self.hidden_places, dtype=np.int64).reshape(-1, 2),
            self._per_player(self.ratios),
        )

    def _per_player(self, rows: Sequence[Sequence[float]]) -> np.ndarray:
        """Per-player rows over the pool as one (players, pool) array: 0 for a player
        with no row (it hides nothing)."""
        matrix = np.zeros((len(self.hidden), len(self.pool)))
        for q, row in enumerate(rows):
            if row:
                matrix[q] = row
        return matrix

    @cached_property
    def hidden_places(self) -> tuple[tuple[int, int], ...]:
        """(place in a shuffled pool, player) for every hidden card: the first places
        deal the hidden cards, player by player."""
        places = [q for q, count in enumerate(self.hidden) for _ in range(count)]
        return tuple((place, q) for place, q in enumerate(places[: len(self.pool)]))

    @cached_property
    def cards(self) -> tuple[Any, ...]:
        """Every card a world may deal: the pool, then the cards the searcher sees."""
        return self.pool + tuple(card for hand in self.known for card in hand)

    @cached_property
    def tables(self) -> CardTables | None:
        """The compiled yardstick's tables for :attr:`cards` (None without numba)."""
        if not COMPILED or self.rules is None or not self.cards:
            return None
        from xochintlan_hex.xochintlan.compiled import AVAILABLE, card_tables

        if not AVAILABLE:  # numba is there but does not load (a numpy it does not support)
            return None
        return card_tables(self.cards, self.rules)

    @cached_property
    def compiled_beliefs(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The beliefs (player x pool card, 0 for a player who hides nothing), the hidden
        counts, and where each player's known cards start in :attr:`cards` and how many
        there are, as arrays for the compiled judgement."""
        counts = [len(hand) for hand in self.known]
        starts = [len(self.pool) + sum(counts[:q]) for q in range(len(counts))]
        return (
            self._per_player(self.belief),
            np.array(self.hidden, dtype=np.int64),
            np.array(starts, dtype=np.int64),
            np.array(counts, dtype=np.int64),
        )

    @cached_property
    def place(self) -> dict[str, int]:
        """Each card's place in :attr:`cards`, by name."""
        return {_name(card): i for i, card in enumerate(self.cards)}

    def learn(self, node: _Node, world: Any) -> None:
        """Give the node the distances and one-action wins of every card of :attr:`cards`
        (``node.facts``), found at once in compiled code
        (:func:`~xochintlan_hex.players.compiled.position_facts`: the same values the Python
        functions give, so the same choices), the first time a world asks there. Without
        numba the node has none, and asks the Python functions card by card."""
        if node.facts is not None or self.tables is None:
            return
        from xochintlan_hex.xochintlan.compiled import position_facts

        node.facts = position_facts(world, self.cards, self.tables)

    def decisive(self, node: _Node, world: Any) -> list[float] | None:
        """:func:`_decisive`, read from the node's compiled facts when it has them."""
        facts = node.facts
        if facts is None:
            return _decisive(node, world)
        if not cards_count_after_next_action(world):
            return None
        mover = world.current_player
        for card in world.cards[mover]:
            place = self.place.get(_name(card))
            if place is None:  # a card the view does not list: ask the Python functions
                return _decisive(node, world)
            if facts[1][place]:
                shares = [0.0] * world.n_players
                shares[mover] = 1.0
                return shares
        return None

    def plausible(self, world: Any, rng: random.Random) -> bool:
        """Keep a world with a chance in proportion to how plausible its hidden cards are."""
        chance = 1.0
        names = self.index
        for q, hand in enumerate(world.cards):
            if self.hidden[q]:
                top = max(self.belief[q])
                for card in hand:
                    i = names.get(_name(card))
                    if i is not None:
                        chance *= self.belief[q][i] / top
        return rng.random() < chance

    def plausible_deal(self, deal: Sequence[Any], rng: random.Random) -> bool:
        """:meth:`plausible` for the world that deals the unseen cards in the order of
        ``deal`` (the hidden places, player by player), without building it."""
        chance = 1.0
        names = self.index
        start = 0
        for q, count in enumerate(self.hidden):
            if count:
                top = max(self.belief[q])
                for card in deal[start : start + count]:
                    i = names.get(_name(card))
                    if i is not None:
                        chance *= self.belief[q][i] / top
                start += count
        return rng.random() < chance

    def expected_shares(self, node: _Node, world: Any) -> list[float]:
        """Each player's expected share of the win at a new leaf, averaged exactly over
        the hidden cards (each hidden card drawn from the pool, independently).

        The player to move wins at once with the chance that one of its cards stands
        after one action of its own; otherwise the shares are those of ``_judged``,
        ``exp(-distance)`` normalised, in expectation.
        """
        n = world.n_players
        mover = world.current_player
        if node.facts is not None:  # compiled facts: judged in compiled code too
            from xochintlan_hex.players.compiled import expected_shares

            return expected_shares(node.facts, cards_count_after_next_action(world), mover, self, _TEMPO)
        pool = self.pool
        every = _distances(node, world, list(self.cards))
        pool_d, start, known_d = every[: len(pool)], len(pool), []
        for hand in self.known:
            known_d.append(every[start : start + len(hand)])
            start += len(hand)
        # The chance that the mover wins with one action.
        if any(_won_in_one(node, world, self.known[mover], known_d[mover])):
            return [1.0 if q == mover else 0.0 for q in range(n)]
        p_win = 0.0
        if self.hidden[mover] and pool:
            won = _won_in_one(node, world, pool, pool_d)
            hits = sum(p for p, w in zip(self.belief[mover], won) if w)
            p_win = 1.0 - (1.0 - hits) ** self.hidden[mover]
        weights = []
        for q in range(n):
            weight = _expected_weight(min(known_d[q], default=math.inf), pool_d, self.belief[q], self.hidden[q])
            weights.append(weight * (_TEMPO if q == mover else 1.0))
        total = sum(weights)
        shares = [w / total if total > 0 else 1.0 / n for w in weights]
        return [(1.0 - p_win) * share + (p_win if q == mover else 0.0) for q, share in enumerate(shares)]


def _beliefs(
    game: Xochintlan, me: int, pool: tuple[Any, ...], hidden: tuple[int, ...], inference: float
) -> tuple[tuple[float, ...], ...]:
    """Per player, the chance of each pool card being one of its hidden cards, read
    from its past actions: each action that brought a card ``k`` actions nearer
    multiplies that card's weight by ``exp(inference * k)`` (a player tends to
    build its own card). ``inference=0``: every unseen card equally likely."""
    n = game.n_players
    if inference and pool and any(hidden[q] for q in range(n) if q != me):
        score = _belief_scores(game, me, pool, hidden)
    else:
        score = [[0.0] * len(pool) for _ in range(n)]
    belief: list[tuple[float, ...]] = []
    for q in range(n):
        if not pool:
            belief.append(())
            continue
        top = max(score[q])
        weights = [math.exp(inference * (v - top)) for v in score[q]]
        total = sum(weights)
        belief.append(tuple(w / total for w in weights))
    return tuple(belief)


def _belief_scores(game: Xochintlan, me: int, pool: tuple[Any, ...], hidden: tuple[int, ...]) -> list[list[float]]:
    """Per player, each pool card's summed progress over that player's past actions.

    A player asks again at each of its turns with a few more actions played, so the
    sums are remembered by the actions so far (:data:`_SCORES`) and only the new
    actions are replayed: the same sums as replaying the whole game, for a few
    distance calls a turn instead of one per past action.
    """
    n = game.n_players
    key = (game.rules, n, me, hidden, tuple(_name(card) for card in pool))
    history = tuple(game.history)
    replay = game.clone()
    score = None
    for back in range(min(len(history), _LOOK_BACK) + 1):
        score = _SCORES.get((key, history[: len(history) - back]))
        if score is not None:
            _SCORES.move_to_end((key, history[: len(history) - back]))
            break
        if back < min(len(history), _LOOK_BACK):
            replay.undo()
    if score is None:  # nothing remembered: from the first action
        while replay.history:
            replay.undo()
        score = [[0.0] * len(pool) for _ in range(n)]
    score = [list(row) for row in score]
    cards = list(pool)
    for action in history[replay.turn :]:
        q = replay.current_player
        if q != me and hidden[q] and type(action) is not Redraw:
            before, after = distances_after(replay, [None, action], cards)
            progress = np.minimum(before, _FAR) - np.minimum(after, _FAR)
            for i, k in enumerate(progress):
                score[q][i] += float(k)
        replay.play(action)
    _SCORES[(key, history)] = score
    while len(_SCORES) > _SCORES_KEPT:
        _SCORES.popitem(last=False)
    return score


#: (what the sums depend on, the actions so far) -> the belief sums, oldest first.
_SCORES: OrderedDict[tuple[Any, ...], list[list[float]]] = OrderedDict()
#: How many positions' sums are kept (a few per game in progress in this process).
_SCORES_KEPT = 64
#: How many of the last actions are undone at most to find remembered sums.
_LOOK_BACK = 12


#: Distances beyond this count as this far when reading progress from past actions.
_FAR = 6


#: The player to move counts half an action nearer: its weight exp(-d) grows by exp(0.5).
_TEMPO = math.exp(0.5)


def _expected_weight(known: float, pool_d: list[float], chances: Sequence[float], draws: int) -> float:
    """E[exp(-min(known, d_1 .. d_draws))], each d_i the distance of a pool card drawn
    with ``chances``."""
    if not draws or not pool_d:
        return math.exp(-known) if known != math.inf else 0.0
    values = sorted(set(pool_d))
    expected, above = 0.0, 1.0  # above: P(min of the draws >= value)
    for value in values:
        at_least_next = sum(p for d, p in zip(pool_d, chances) if d > value) ** draws
        p_min = above - at_least_next  # P(min of the draws == value)
        expected += p_min * math.exp(-min(known, value))
        above = at_least_next
    return expected


_NAMES: dict[int, tuple[Any, str]] = {}


def _name(card: Any) -> str:
    """``card.name``, looked up by identity (hashing a Polyform is slow; the entry
    keeps the card alive, so an id is never reused for another card)."""
    entry = _NAMES.get(id(card))
    if entry is None or entry[0] is not card:
        entry = _NAMES[id(card)] = (card, card_name(card))
    return entry[1]


def _won_in_one(node: _Node, world: Any, cards: Sequence[Any], distances: Sequence[float]) -> list[bool]:
    """For each card, does some action of the player to move make it stand?
    Remembered on the node by card name; the cards not yet judged are judged at once.
    In the quiet opening (``Rules.quiet_rounds``) no action wins."""
    if not cards_count_after_next_action(world):
        return [False] * len(cards)
    wins = node.wins
    todo = [(card, d) for card, d in zip(cards, distances) if _name(card) not in wins]
    if todo:
        actions = _actions(node, world)
        if node.move_standing is None:
            moves = [a for a in actions if type(a) is MoveHuman]
            node.move_standing = standing_after_moves(world, moves) if moves else set()
        near = []
        for card, d in todo:
            name = _name(card)
            if name in node.move_standing:
                wins[name] = True
            elif d > 2:  # a swap changes two tiles; anything else one
                wins[name] = False
            else:
                near.append(card)
        if near:
            tiles = [a for a in actions if type(a) is not MoveHuman and type(a) is not Redraw]
            stands = stand_after_a_tile(world, tiles, near)
            for card, won in zip(near, stands):
                wins[_name(card)] = bool(won)
    return [wins[_name(card)] for card in cards]


def _actions(node: _Node, world: Any) -> list[Any]:
    """The legal actions at the node (the same in every world: cards never change them)."""
    if node.actions is None:
        node.actions = world.legal_actions()
    return node.actions


def _distances(node: _Node, world: Any, cards: list[Any]) -> list[float]:
    """Distance of each card on the node's board (cached on the node)."""
    known = node.distance
    names = [_name(card) for card in cards]
    missing = [card for card, name in zip(cards, names) if name not in known]
    if missing:
        found = distances_after(world, [None], missing)[0]
        for card, d in zip(missing, found):
            known[_name(card)] = float(d)
    return [known[name] for name in names]


def _decisive(node: _Node, world: Any) -> list[float] | None:
    """All shares to the player to move if one of its cards (in this world) stands
    after one action of its own, else None."""
    mover = world.current_player
    hand = world.cards[mover]
    if any(_won_in_one(node, world, hand, _distances(node, world, hand))):
        shares = [0.0] * world.n_players
        shares[mover] = 1.0
        return shares
    return None


def _judged(node: _Node, world: Any) -> list[float]:
    """Each player's share of the win, judged from the distances of its cards in this
    world (``rollout="evaluate"`` in the module docstring)."""
    distance = []
    for hand in world.cards:
        distance.append(min(_distances(node, world, hand)))
    distance[world.current_player] -= 0.5  # the player to move is half an action ahead
    low = min(distance)
    weights = [math.exp(low - d) for d in distance]
    total = sum(weights)
    return [w / total for w in weights]


def evaluate(world: Any) -> list[float]:
    """Each player's share of the win in ``world`` (every card known), judged without
    playing on: all of it to the player to move if it wins with one action, else
    shares from the distances of each player's nearest card."""
    node = _Node(None, -1)
    return _decisive(node, world) or _judged(node, world)


# ---------------------------------------------------------------------------
# ismcts-fast: the search narrowed to the best-scored actions


@dataclass(frozen=True)
class XochintlanFastISMCTS:
    """ISMCTS on the few actions worth searching: ``ismcts-fast``.

    ``ismcts-250`` gives every root action a handful of its 250 iterations, however
    hopeless the action looks (12 actions at the opening, 50 to 150 later), and each
    iteration pays for judging one new node; profiled, no single function dominates.
    This player spends its iterations where they count:

    1. it scores **every** action at once with one vectorised call
       (:func:`~xochintlan_hex.players.xochintlan.distances_after` of every card after
       every action): the searcher's expected ``exp(-distance)`` share (the leaf
       judgement of ``ismcts``, over the cards each player may hold, with the same
       beliefs), times the chance that no opponent's card stands right after the
       action and that the next player holds no card one action from standing;
    2. it takes a win of its own standing one action away (only the actions those
       distances say can be one are played to check);
    3. it runs the search of ``ismcts`` (same worlds, tree, judgement and back-up)
       for ``iterations`` iterations, its root narrowed to the ``candidates``
       best-scored actions, and plays the one visited most.

    ``candidates``: how many best-scored actions the search may try (the others are
    never searched). ``iterations``: imagined games per move. ``inference``: as for
    :class:`XochintlanISMCTS`. The defaults (12 and 40) came out of short matches
    against ``ismcts-250``: 4 candidates and 16 iterations, or 8 and 24, lost
    measurably. The opponents' cards never enter; the choice depends only on the
    position, what the player sees and ``rng``.

    Not registered: with the defaults it takes about a fifth of ``ismcts-250``'s CPU
    an action but lost to it measurably over 80 fresh games (P(win) - P(loss) =
    -0.26 [-0.43, -0.08]; ``benchmarks/players.py cheap --games 40 --seed 26``). The
    cheaper strong player the studies need is ``ismcts-250`` itself, compiled (see the
    module docstring): the same choices for under a tenth of its former CPU. This
    narrowed search stays as the measured alternative that did not keep the strength.

    >>> import random
    >>> from xochintlan_hex.xochintlan import Xochintlan
    >>> game = Xochintlan(seed=3)
    >>> player = XochintlanFastISMCTS()
    >>> a = player.choose(game, random.Random(1))
    >>> a == player.choose(game, random.Random(1)) and game.is_legal(a)
    True
    """

    name: str = "ismcts-fast"
    candidates: int = 12
    iterations: int = 40
    inference: float = 1.0

    def __post_init__(self) -> None:
        for field in ("candidates", "iterations"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{field} must be an int >= 1, not {value!r}")
        if not (isinstance(self.inference, (int, float)) and self.inference >= 0):
            raise ValueError(f"inference must be a number >= 0, not {self.inference!r}")

    def choose(self, game: Xochintlan, rng: random.Random) -> Action:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = game.current_player
        view = _PublicView.of(game, me, self.inference)
        cards = list(view.pool) + [card for hand in view.known for card in hand]
        distances = distances_after(game, actions, cards)
        win = _own_win(game, actions, distances[:, _own_columns(view, me)])
        if win is not None:
            return win
        best = self._candidates(game, actions, view, distances.astype(float), rng)
        search = XochintlanISMCTS(name=self.name, iterations=self.iterations, inference=self.inference)
        root = search.search(game, rng, actions=best, view=view)
        chosen: Action = max(root.children.items(), key=lambda item: item[1].visits)[0]
        return chosen

    def _candidates(
        self, game: Xochintlan, actions: list[Action], view: _PublicView, distances: np.ndarray, rng: random.Random
    ) -> list[Action]:
        """The ``candidates`` actions of the best quick score, ties broken at random."""
        me = game.current_player
        scores = [_quick_score(view, game, me, row) for row in distances]
        ties = [rng.random() for _ in actions]  # one draw per action: the order stays reproducible
        order = sorted(range(len(actions)), key=lambda i: (-scores[i], ties[i]))
        return [actions[i] for i in order[: self.candidates]]


def _own_columns(view: _PublicView, me: int) -> slice:
    """Where the searcher's own cards sit among the pool cards then the known cards."""
    start = len(view.pool) + sum(len(hand) for hand in view.known[:me])
    return slice(start, start + len(view.known[me]))


def _own_win(game: Xochintlan, actions: list[Action], own: np.ndarray) -> Action | None:
    """An action after which the player's own card stands, if any: only the actions that
    make one of its cards stand (distance 0) are played to check (as ``ismcts`` does)."""
    if not own.shape[1]:
        return None
    hopeful = [actions[i] for i in np.flatnonzero(own.min(axis=1) == 0)]
    return XochintlanISMCTS._own_win(game, hopeful) if hopeful else None


def _quick_score(view: _PublicView, game: Xochintlan, me: int, row: np.ndarray) -> float:
    """The searcher's quick share after an action, from the distances ``row`` of the
    pool cards then the known cards: ismcts's leaf judgement (expected
    ``exp(-distance)`` shares over the cards each player may hold), times the chance
    that no opponent's card stands at once and that the next player holds no card one
    action from standing (the full judgement checks its actual replies instead)."""
    n = game.n_players
    pool_d = row[: len(view.pool)].tolist()
    known_d, start = [], len(view.pool)
    for hand in view.known:
        known_d.append(row[start : start + len(hand)].tolist())
        start += len(hand)
    survive = _chance_no_opponent_stands(view, game, me, pool_d, known_d)
    following = (me + 1) % n
    weights = []
    for q in range(n):
        weight = _expected_weight(min(known_d[q], default=math.inf), pool_d, view.belief[q], view.hidden[q])
        weights.append(weight * (_TEMPO if q == following else 1.0))
    total = sum(weights)
    share = weights[me] / total if total > 0 else 1.0 / n
    return survive * share * (1.0 - _chance_of_a_threat(view, game, following, pool_d, known_d[following]))


def _chance_of_a_threat(
    view: _PublicView, game: Xochintlan, player: int, pool_d: Sequence[float], known_d: Sequence[float]
) -> float:
    """P(one of ``player``'s cards is one action from standing): the quick stand-in for
    its wins in one, which only the full judgement checks against its replies."""
    if player == game.current_player or game.turn + 2 <= game.rules.quiet_rounds * game.n_players:
        return 0.0  # its action is the one after next: no card counts before then in the quiet opening
    if any(d <= 1 for d in known_d):
        return 1.0
    if not view.hidden[player]:
        return 0.0
    hits = sum(p for p, d in zip(view.belief[player], pool_d) if d <= 1)
    return 1.0 - (1.0 - hits) ** view.hidden[player]


def _chance_no_opponent_stands(
    view: _PublicView, game: Xochintlan, me: int, pool_d: Sequence[float], known_d: list[list[float]]
) -> float:
    """P(no opponent's card stands right after the searcher's action): under
    ``win_check="any"`` such a card wins for its holder (the searcher's own cards
    are not standing: its wins were taken first)."""
    if game.rules.win_check != "any" or not cards_count_after_next_action(game):
        return 1.0
    survive = 1.0
    for q in range(game.n_players):
        if q == me:
            continue
        if any(d == 0 for d in known_d[q]):
            return 0.0
        if view.hidden[q]:
            hits = sum(p for p, d in zip(view.belief[q], pool_d) if d == 0)
            survive *= (1.0 - hits) ** view.hidden[q]
    return survive


# ---------------------------------------------------------------------------
# Any registered game


class SearchNode:
    """A node of the generic search tree: the statistics of the action that led to it.

    ``available`` counts the iterations in which that action was legal: in a game
    whose legal actions depend on hidden information, an action is judged only
    against the worlds that offered it (Cowling, Powley and Whitehouse's
    "availability" count).
    """

    __slots__ = ("action", "mover", "visits", "available", "reward", "children")

    def __init__(self, action: object, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.children: dict[object, SearchNode] = {}


@dataclass(frozen=True)
class ISMCTS:
    """Information-set MCTS for any registered game whose spec gives ``returns``.

    Each of ``iterations`` imagined games starts from a world the player cannot
    tell from the real game (the spec's ``determinize``; a plain copy when the
    game hides nothing), walks down the shared tree by the upper confidence bound
    among the actions this world allows, adds one untried action, plays on at
    random (at most ``rollout_limit`` actions; equal shares beyond) and backs up
    each mover's share (the spec's ``returns``). It plays the action visited most.
    A game whose spec has no ``returns`` cannot be searched: nothing says who won.

    >>> import random
    >>> from xochintlan_hex.hextremadura import Hextremadura
    >>> player = ISMCTS("hextremadura", iterations=20)
    >>> game = Hextremadura(seed=1)
    >>> game.is_legal(player.choose(game, random.Random(0)))
    True
    """

    game: str
    name: str = "ismcts"
    iterations: int = 500
    exploration: float = 0.7
    rollout_limit: int = 200

    def __post_init__(self) -> None:
        spec = game_spec(self.game)
        if spec.returns is None:
            raise ValueError(
                f"{spec.name}: ISMCTS needs the spec's returns(game), each seat's share of a finished game"
            )
        if isinstance(self.iterations, bool) or not isinstance(self.iterations, int) or self.iterations < 1:
            raise ValueError(f"iterations must be an int >= 1, not {self.iterations!r}")

    def choose(self, game: Game[ActionT], rng: random.Random) -> ActionT:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        spec = game_spec(self.game)
        me = game.current_player
        root = SearchNode(None, me)
        for _ in range(self.iterations):
            world = spec.determinize(game, me, rng) if spec.determinize is not None else game.clone()
            self._iterate(root, world, rng, spec)
        best = max(root.children.values(), key=lambda child: child.visits)
        return next(a for a in actions if a == best.action)

    def _iterate(self, root: SearchNode, world: Game[Any], rng: random.Random, spec: GameSpec[Any]) -> None:
        node, path = root, [root]
        while not world.is_over:
            legal = world.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = node.children[action] = SearchNode(action, world.current_player)
                world.play(action)
                path.append(child)
                break
            node = self._select(node, legal)
            world.play(node.action)
            path.append(node)
        for _ in range(self.rollout_limit):
            if world.is_over:
                break
            world.play(world.random_action(rng))
        shares = list(spec.returns(world)) if world.is_over and spec.returns is not None else None
        for step in path[1:]:
            step.visits += 1
            step.reward += shares[step.mover] if shares is not None else 1.0 / max(1, spec.seats[0])
        root.visits += 1

    def _select(self, node: SearchNode, legal: Sequence[object]) -> SearchNode:
        """Among the children this world allows, the one with the best upper confidence bound."""
        best, best_value = None, -1.0
        for action in legal:
            child = node.children[action]
            child.available += 1
            value = child.reward / child.visits + self.exploration * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = child, value
        assert best is not None  # a game that is not over offers an action
        return best
