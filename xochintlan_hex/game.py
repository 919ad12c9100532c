"""The game contract: a state every engine keeps, a description of each game, and a registry.

As in OpenSpiel, a game is two things. The **state** (:class:`Game`, typed by
its action type: ``Game[Place]``) is one position: it lists its legal actions,
plays, undoes and clones. The **description** (:class:`GameSpec`) is the game
itself: how to deal a state from a seed and parameters, the parameters' schema,
the flat study row and its columns, the players by name, whether it hides
information (and how to imagine a world a player cannot tell apart from the
real one), the family of report metrics and an optional SVG board. Players,
simulations, studies, ladders and the command line use only these two, so any
player plugs into any game and a new game is one :func:`register_game` call.
One conformance suite (``tests/test_game_contract.py``) tests every engine.

Shared by both engines, so that a name means one thing:

* **seeds**: keyword-only, a whole number ``>= 0`` (``random.Random`` deals the
  same game for ``k`` and ``-k``, so negative seeds are refused); ``None``
  draws a fresh 63-bit seed (:func:`fresh_seed`) that the game keeps in ``seed``;
* **numbers**: Python ints and numpy integers are accepted for seeds, cells and
  rotations (a click handler hands out numpy integers) and stored as ints;
  ``True``/``False`` are refused;
* **actions**: immutable value objects (:class:`ActionValue`) equal only to an
  action of the same type and fields, with a text notation that ``str`` writes
  and the game's ``parse_action`` reads back;
* **records**: JSON objects headed ``{"game": <name>, "version": 1, ...}``,
  written by ``to_json(indent=None)`` and replayed by ``from_json`` (the class
  it is called on is the class returned); a record that cannot be replayed
  raises :class:`~xochintlan_hex.errors.RecordError`.

>>> checked_seed(7)
7
>>> checked_seed(-7)
Traceback (most recent call last):
...
ValueError: seed must be a whole number >= 0 or None, not -7 (seeds k and -k would deal the same game)
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import json
import random
import secrets
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Integral
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, runtime_checkable

from xochintlan_hex.errors import IllegalAction, RecordError
from xochintlan_hex.i18n import _

if TYPE_CHECKING:  # a spec's frame is a pandas frame; the contract itself needs no pandas
    import pandas as pd

#: records nested deeper than this are refused before parsing (a real record nests 4 levels)
MAX_RECORD_NESTING = 32
#: digits allowed in a number of an action's notation (cells of a game stay far below)
MAX_NOTATION_DIGITS = 12

A = TypeVar("A", bound="ActionValue")
#: The action type of a game (``Place`` for Hextremadura, ``Action`` for Xochintlan).
ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)
#: A game state type (``Xochintlan``...), as players and specs see it.
StateT = TypeVar("StateT", bound="Game[Any]")
StateT_contra = TypeVar("StateT_contra", bound="Game[Any]", contravariant=True)

#: A study row: one finished game as plain values, column name -> cell.
Row = dict[str, Any]


@runtime_checkable
class Game(Protocol[ActionT]):
    """What a game state offers to the layers above the rules, typed by its action type.

    :class:`~xochintlan_hex.xochintlan.Xochintlan` and
    :class:`~xochintlan_hex.hextremadura.Hextremadura` keep it (and so does the
    example game of ``examples/``); the suite in ``tests/test_game_contract.py``
    checks that they do.
    """

    @property
    def seed(self) -> int | None:
        """The seed that dealt the game (None only for a pile given in full)."""

    @property
    def is_over(self) -> bool:
        """True once no more actions can be played."""

    @property
    def current_player(self) -> int:
        """Index of the player to act (0 in a solo game)."""

    @property
    def history(self) -> list[ActionT]:
        """The actions played so far, in order (a copy)."""

    def legal_actions(self) -> Sequence[ActionT]:
        """Every action the rules allow now (empty once the game is over)."""

    def is_legal(self, action: object) -> bool:
        """True when ``action`` (or its notation) may be played now; never raises."""

    def why_illegal(self, action: object) -> str | None:
        """Why ``action`` (or its notation) is refused now, or None; never raises."""

    def random_action(self, rng: random.Random) -> ActionT:
        """A uniformly random legal action, drawn from ``rng``."""

    def play(self, action: ActionT | str) -> None:
        """Play ``action`` (or its text notation); IllegalAction leaves the state unchanged."""

    def undo(self) -> ActionT:
        """Take back the last action and return it."""

    def clone(self) -> Self:
        """An independent copy: playing or undoing on it leaves this game untouched."""

    def outcome(self) -> dict[str, Any]:
        """A summary of the finished (or current) game as plain values for a study row."""

    def to_json(self, indent: int | None = None) -> str:
        """The game as a JSON record that ``from_json`` replays."""

    @classmethod
    def from_json(cls, text: str, check_result: bool = True) -> Self:
        """A game of this class replayed from a record; RecordError when it cannot be."""


@runtime_checkable
class Player(Protocol[StateT_contra, ActionT_co]):
    """Anything that picks an action of a game: ``choose(game, rng) -> action``.

    It draws every random choice from ``rng`` and leaves ``game`` as it found it.
    """

    def choose(self, game: StateT_contra, rng: random.Random) -> ActionT_co:
        """A legal action of ``game`` for its current player, random choices from ``rng``."""


#: The kinds of values a parameter may take (the command line reads each from text).
PARAMETER_KINDS = ("int", "str", "bool", "object")


@dataclass(frozen=True)
class Parameter:
    """One parameter of a game: its name, kind, default and the values it allows.

    ``kind`` is one of :data:`PARAMETER_KINDS`; ``choices`` lists the allowed
    values of a ``str`` parameter, ``minimum``/``maximum`` bound an ``int`` one,
    ``nullable`` allows None. An ``object`` parameter (a tile set...) is passed to
    ``convert``, which returns the value the game uses or raises ValueError.

    >>> Parameter("size", "int", 5, minimum=3).check(4)
    4
    >>> Parameter("size", "int", 5, minimum=3).check(2)
    Traceback (most recent call last):
    ...
    ValueError: size must be an int >= 3, got 2
    """

    name: str
    kind: str
    default: Any = None
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    help: str = ""
    convert: Callable[[Any], Any] | None = field(default=None, compare=False)

    def check(self, value: Any) -> Any:
        """``value`` as this parameter holds it; a ValueError naming what is allowed otherwise."""
        if value is None and (self.nullable or self.kind == "object"):
            return self.convert(value) if self.convert is not None else None
        if self.kind == "int":
            return checked_count(self.name, value, self.minimum or 0, self.maximum)
        if self.kind == "bool":
            if not isinstance(value, (bool, np_bool_types())):
                raise ValueError(
                    _("{name} must be True or False, got {value}").format(name=self.name, value=repr(value))
                )
            return bool(value)
        if self.kind == "str":
            if not isinstance(value, str) or (self.choices is not None and value not in self.choices):
                allowed = ", ".join(self.choices) if self.choices is not None else _("a text")
                raise ValueError(
                    _("{name} must be one of {allowed}, got {value}").format(
                        name=self.name, allowed=allowed, value=repr(value)
                    )
                )
            return value
        return self.convert(value) if self.convert is not None else value


def np_bool_types() -> tuple[type, ...]:
    """numpy's boolean type, when numpy is there (a click handler hands them out)."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy comes with pandas
        return ()
    return (numpy.bool_,)


def checked_count(name: str, value: Any, minimum: int = 0, maximum: int | None = None) -> int:
    """``value`` as an int in ``minimum..maximum``; a ValueError naming ``name`` and the range otherwise.

    Python and numpy integers are accepted; ``True``/``False`` and everything else are refused.
    The one validator of counts (games, seeds, workers...) across the kit.

    >>> checked_count("games", 3)
    3
    >>> checked_count("workers", 0, 1)
    Traceback (most recent call last):
    ...
    ValueError: workers must be an int >= 1, got 0
    """
    if not is_whole(value) or value < minimum or (maximum is not None and value > maximum):
        if maximum is None:
            message = _("{name} must be an int >= {minimum}, got {value}")
        else:
            message = _("{name} must be an int from {minimum} to {maximum}, got {value}")
        raise ValueError(message.format(name=name, minimum=minimum, maximum=maximum, value=repr(value)))
    return int(value)


@dataclass(frozen=True)
class GameSpec(Generic[StateT]):
    """What a game is, beside its states: everything the pipeline needs to study it.

    ``name``
        the registered name (``"xochintlan"``), used by the command line and in study files.
    ``title``
        the game's name in messages and progress bars.
    ``new_game(seed=..., seats=..., **parameters)``
        a fresh state dealt from ``seed``, for ``seats`` players.
    ``parameters``
        the schema of ``new_game``'s parameters (:class:`Parameter`): checked once,
        by :meth:`check_parameters`, before any game is played.
    ``seats``
        the fewest and most players (``(1, 1)`` for a solo game).
    ``row(game, index, seed, player_names)``
        the flat study row of a finished game; ``columns(seats)`` lists its
        columns in order (what the results readers check a file against).
    ``to_frame(rows, seats)``
        the study rows as a typed frame (None: a plain frame in the column order).
    ``players``
        player name -> a function making that player.
    ``hidden_information``
        True when a player cannot see the whole state; ``determinize(game,
        viewer, rng)`` then gives a copy whose hidden part is drawn again from
        what ``viewer`` cannot see (ISMCTS searches such worlds).
    ``returns(game)``
        each seat's share of a finished game (1 to the winner, ``1 / seats``
        each in a draw; a solo game's score on 0..1): what search players maximise.
    ``report_metrics``
        ``"seats"`` (win rates by seat, first-player advantage, head to head:
        rows need ``n_players``, ``player_<seat>``, ``winner``, ``end_reason`` and
        ``turns``) or ``"solo"`` (rows need ``score``).
    ``board_svg(game)``
        an SVG picture of a state as text, or None.
    ``played_parameters(parameters)``
        the parameters a study plays (e.g. with its turn cap); the identity by default.
    ``describe(player_names, parameters)``
        the study's own JSON description (written to ``study.json``); ``fixed``
        the cells every row of that study holds.
    """

    name: str
    title: str
    new_game: Callable[..., StateT]
    row: Callable[[StateT, int, int, Sequence[str]], Row]
    columns: Callable[[int], list[str]]
    players: Mapping[str, Callable[[], Player[StateT, Any]]]
    report_metrics: str
    seats: tuple[int, int] = (2, 2)
    parameters: tuple[Parameter, ...] = ()
    to_frame: Callable[[Sequence[Row], int], pd.DataFrame] | None = None
    hidden_information: bool = False
    determinize: Callable[[StateT, int, random.Random], StateT] | None = None
    returns: Callable[[StateT], Sequence[float]] | None = None
    board_svg: Callable[[StateT], str] | None = None
    played_parameters: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    describe: Callable[[Sequence[str], Mapping[str, Any]], dict[str, Any]] | None = None
    fixed: Callable[[Sequence[str], Mapping[str, Any]], Row] | None = None
    #: Columns added after the first studies were written, with the value older studies played by.
    later_columns: Mapping[str, Any] = field(default_factory=dict)
    #: Player name -> mean seconds of one self-play game (the study-size estimate).
    seconds_per_game: Mapping[str, float] = field(default_factory=dict)
    #: Most turns one game can take, from the played parameters (the study-size estimate).
    max_turns: Callable[[Mapping[str, Any]], int] | None = None
    #: Why a study with these parameters would measure nothing (None: it would not).
    study_problem: Callable[[Mapping[str, Any]], str | None] | None = None

    def __post_init__(self) -> None:
        if self.report_metrics not in REPORT_METRICS:
            raise ValueError(
                f"report_metrics must be one of {', '.join(map(repr, REPORT_METRICS))}, not {self.report_metrics!r}"
            )
        if self.hidden_information and self.determinize is None:
            raise ValueError(f"{self.name}: a game with hidden information needs determinize(game, viewer, rng)")

    def check_parameters(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every parameter, checked, the defaults filled in; a ValueError naming an unknown one."""
        known = {parameter.name: parameter for parameter in self.parameters}
        unknown = [name for name in given if name not in known]
        if unknown:
            raise ValueError(
                _("{game} has no parameter {name}; its parameters: {names}").format(
                    game=self.title, name=repr(unknown[0]), names=", ".join(known) or _("none")
                )
            )
        return {name: parameter.check(given.get(name, parameter.default)) for name, parameter in known.items()}

    def player_names(self, players: Sequence[str] | str) -> list[str]:
        """One registered player name per seat, spelt as registered (``Greedy`` -> ``greedy``).

        A comma-separated string is split. A ValueError names the known players
        for an unknown name, and the seats allowed for a wrong number.
        """
        if isinstance(players, str):
            players = players.split(",")
        try:
            names: list[object] = list(players)
        except TypeError:
            raise ValueError(
                _("players must list one player per seat, e.g. greedy,random; got {value}").format(value=repr(players))
            ) from None
        if not names:
            raise ValueError(_("players must name at least one seat, e.g. greedy,random"))
        for name in names:
            if not isinstance(name, str):
                raise ValueError(_("a study names its players, e.g. 'greedy'; got {value}").format(value=repr(name)))
            self.make_player(name)  # a ValueError listing the known players
        self.check_seats(len(names))
        return [str(name).strip().lower() for name in names]

    def check_seats(self, count: int) -> None:
        """A ValueError unless the game is played by ``count`` players."""
        low, high = self.seats
        if not low <= count <= high:
            raise ValueError(
                _("{game} is played by {low} to {high} players, got {count}").format(
                    game=self.title, low=low, high=high, count=count
                )
            )

    def make_player(self, name: str) -> Player[StateT, Any]:
        """A new player called ``name``; a ValueError naming the known players otherwise."""
        make = self.players.get(name.strip().lower())
        if make is None:
            raise ValueError(
                _("unknown {game} player {player}; known players: {names}").format(
                    game=_(self.title), player=repr(name), names=", ".join(map(repr, self.players))
                )
            )
        return make()

    def matches_columns(self, columns: Sequence[str]) -> int | None:
        """The number of seats of a study of this game with exactly these columns, or None.

        Columns in :attr:`later_columns` may be missing (a study written before they existed).
        """
        names = [str(c) for c in columns]
        low, high = self.seats
        seats = sum(c.startswith("player_") and c[len("player_") :].isdigit() for c in names) or low
        if not low <= seats <= high:
            return None
        expected = self.columns(seats)
        present = [c for c in expected if c in names or c not in self.later_columns]
        return seats if present == names else None


#: The families of report metrics a spec may name (see :attr:`GameSpec.report_metrics`).
REPORT_METRICS = ("seats", "solo")

#: Modules that register the kit's own games when first imported.
BUILTIN_GAME_MODULES = ("xochintlan_hex.games",)

_REGISTRY: dict[str, GameSpec[Any]] = {}


def register_game(spec: GameSpec[Any]) -> GameSpec[Any]:
    """Register ``spec`` under its name (once: a second game of that name is refused) and return it.

    Registering the very same spec again does nothing, so a module may be imported twice.
    """
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register_game takes a GameSpec, not {type(spec).__name__}")
    _load_builtin_games()  # the kit's own games first, whatever registers first
    known = _REGISTRY.get(spec.name)
    if known is not None and known is not spec:
        raise ValueError(f"a game called {spec.name!r} is already registered")
    _REGISTRY[spec.name] = spec
    return spec


def _load_builtin_games() -> None:
    for module in BUILTIN_GAME_MODULES:
        importlib.import_module(module)


def game_names() -> list[str]:
    """The names of every registered game (the kit's own first).

    >>> game_names()[:2]
    ['xochintlan', 'hextremadura']
    """
    _load_builtin_games()
    return list(_REGISTRY)


def game_spec(game: str | GameSpec[Any]) -> GameSpec[Any]:
    """The registered game called ``game`` (a spec is returned as it is).

    >>> game_spec("hextremadura").report_metrics
    'solo'
    >>> game_spec("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; registered games: 'xochintlan', 'hextremadura'
    """
    if isinstance(game, GameSpec):
        return game
    _load_builtin_games()
    spec = _REGISTRY.get(game.strip().lower()) if isinstance(game, str) else None
    if spec is None:
        raise ValueError(
            _("unknown game {game}; registered games: {names}").format(
                game=repr(game), names=", ".join(map(repr, _REGISTRY))
            )
        )
    return spec


def load_game_module(module: str) -> ModuleType:
    """Import ``module`` (a dotted name, or a ``.py`` file) so that the games it registers are known.

    How a designer's own game reaches the command line (``--game-module``). A
    module is loaded once (a file once whatever the path that names it); the
    modules loaded are remembered (:func:`loaded_game_modules`) so that worker
    processes load them too. Returns the module.
    """
    key = str(Path(module).resolve()) if module.endswith(".py") else module
    if key in _LOADED_MODULES:
        return _LOADED_MODULES[key]
    if module.endswith(".py"):
        loaded = _exec_file(Path(key))
    else:
        try:
            loaded = importlib.import_module(module)
        except ImportError as error:
            raise ValueError(
                _("--game-module: cannot import {module} ({error})").format(module=repr(module), error=error)
            ) from None
    _LOADED_MODULES[key] = loaded
    return loaded


def _exec_file(path: Path) -> ModuleType:
    if not path.is_file():
        raise ValueError(_("--game-module: no file {path}").format(path=repr(str(path))))
    name = f"xochintlan_hex_game_{path.stem}"
    found = importlib.util.spec_from_file_location(name, path)
    if found is None or found.loader is None:
        raise ValueError(_("--game-module: cannot load {path}").format(path=repr(str(path))))
    loaded = importlib.util.module_from_spec(found)
    sys.modules[name] = loaded  # the module's classes pickle by this name
    found.loader.exec_module(loaded)
    return loaded


def loaded_game_modules() -> tuple[str, ...]:
    """The modules :func:`load_game_module` has loaded, in order."""
    return tuple(_LOADED_MODULES)


_LOADED_MODULES: dict[str, ModuleType] = {}


def spec_for_columns(columns: Sequence[str]) -> tuple[GameSpec[Any], int] | None:
    """The registered game whose study rows have exactly these columns, and its seats; or None.

    How a plain results file is recognised: by its header, against each
    registered game's column schema (one function, for every reader).

    >>> spec, seats = spec_for_columns(game_spec("xochintlan").columns(3))
    >>> spec.name, seats
    ('xochintlan', 3)
    """
    _load_builtin_games()
    for spec in _REGISTRY.values():
        seats = spec.matches_columns(columns)
        if seats is not None:
            return spec, seats
    return None


def games_fitting_columns(columns: Sequence[str]) -> list[GameSpec[Any]]:
    """The registered games a results file with these columns can be a study of.

    First the games whose whole study columns the file holds (it may carry more: a
    ``source`` or a grouping column; a study written before a later column existed
    lacks it); failing those, the games whose study columns hold every column the file
    shares with the registered games (a file cut down by hand). One game: the file's;
    none or several: the columns do not say.

    >>> [spec.name for spec in games_fitting_columns(game_spec("hextremadura").columns(1))]
    ['hextremadura']
    >>> [spec.name for spec in games_fitting_columns(["winner", "end_reason", "n_players"])]
    ['xochintlan']
    >>> [spec.name for spec in games_fitting_columns(["game", "seed"])]
    ['xochintlan', 'hextremadura']
    """
    _load_builtin_games()
    names = {str(c) for c in columns}
    seats = sum(c.startswith("player_") and c[len("player_") :].isdigit() for c in names)
    schemas = {
        spec.name: set(spec.columns(min(max(seats, spec.seats[0]), spec.seats[1]))) for spec in _REGISTRY.values()
    }
    whole = [spec for spec in _REGISTRY.values() if schemas[spec.name] - set(spec.later_columns) <= names]
    if whole:
        return whole
    shared = names & set().union(*schemas.values())
    return [spec for spec in _REGISTRY.values() if shared and shared <= schemas[spec.name]]


def is_whole(value: Any) -> bool:
    """True for an int or a numpy integer, False for bools and everything else."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def fresh_seed() -> int:
    """A new 63-bit seed for a game created without one."""
    return secrets.randbits(63)


def checked_seed(seed: Any) -> int:
    """``seed`` as an int (a fresh one for None); ValueError for anything else."""
    if seed is None:
        return fresh_seed()
    if not is_whole(seed) or seed < 0:
        raise ValueError(
            f"seed must be a whole number >= 0 or None, not {seed!r} (seeds k and -k would deal the same game)"
        )
    return int(seed)


def notation_int(digits: str, what: str = "number") -> int:
    """The int written ``digits`` in an action's notation, or IllegalAction when it is absurdly long."""
    if len(digits.lstrip("+-")) > MAX_NOTATION_DIGITS:
        raise IllegalAction(
            _("{what} {digits}... has {count} digits; at most {limit} are read").format(
                what=what, digits=digits[:16], count=len(digits), limit=MAX_NOTATION_DIGITS
            )
        )
    return int(digits)


class ActionValue:
    """An immutable action: equal only to an action of the same type with the same fields.

    Subclasses name their fields in ``__slots__``; ``str`` gives the notation. A
    subclass of an action (with ``__slots__ = ()``) keeps its parent's fields.
    """

    __slots__: ClassVar[tuple[str, ...]] = ()
    _field_names: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__slots__", ())
        if own:
            cls._field_names = tuple(own)
        # engines build many actions (every legal placement): one specialised constructor per class
        setattr(cls, "trusted", staticmethod(_trusted_constructor(cls)))  # noqa: B010 (mypy: no assigning to a method)

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._field_names)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self).__name__,) + self._fields())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(repr(v) for v in self._fields())})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._fields())

    def __copy__(self) -> Self:
        return self  # immutable: a copy would be the same value

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    @classmethod
    def trusted(cls: type[A], *values: Any) -> A:
        """An action built by an engine from checked values: no validation (replaced per class
        by :func:`_trusted_constructor`, which does the same faster)."""
        self = object.__new__(cls)
        for name, value in zip(cls._field_names, values):
            object.__setattr__(self, name, value)
        return self


def _trusted_constructor(cls: type[ActionValue]) -> Any:
    """``cls.trusted``: sets the slots through their descriptors, unrolled for 1, 2 and 4 fields."""
    new = object.__new__
    setters = [getattr(cls, name).__set__ for name in cls._field_names]
    if len(setters) == 1:
        (set_a,) = setters

        def make_1(a: Any) -> Any:
            action = new(cls)
            set_a(action, a)
            return action

        return make_1
    if len(setters) == 2:
        set_a, set_b = setters

        def make_2(a: Any, b: Any) -> Any:
            action = new(cls)
            set_a(action, a)
            set_b(action, b)
            return action

        return make_2
    if len(setters) == 4:
        set_a, set_b, set_c, set_d = setters

        def make_4(a: Any, b: Any, c: Any, d: Any) -> Any:
            action = new(cls)
            set_a(action, a)
            set_b(action, b)
            set_c(action, c)
            set_d(action, d)
            return action

        return make_4

    def make(*values: Any) -> Any:
        action = new(cls)
        for setter, value in zip(setters, values):
            setter(action, value)
        return action

    return make


def load_record(
    text: Any, game: str, version: int = 1, title: str = "", legacy_headers: Iterable[tuple[str, str]] = ()
) -> dict[str, Any]:
    """A record's JSON object, checked for its header; RecordError otherwise.

    ``text`` is JSON text or an already parsed dict. Nesting deeper than
    :data:`MAX_RECORD_NESTING` is refused before parsing. ``legacy_headers``
    lists older ``(key, value)`` headers still read; ``title`` is the game's
    name in messages.
    """
    if isinstance(text, (str, bytes, bytearray)):
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("utf-8", errors="replace")
        depth = json_nesting(text)
        if depth > MAX_RECORD_NESTING:
            raise RecordError(
                _("record: JSON nested {depth} levels deep; a record nests at most {limit}").format(
                    depth=depth, limit=MAX_RECORD_NESTING
                )
            )
        try:
            record = json.loads(text)
        except ValueError as error:
            raise RecordError(_("record: not a JSON text ({error})").format(error=error)) from None
    else:
        record = text
    if not isinstance(record, dict):
        raise RecordError(_("record: a record is a JSON object, not {type}").format(type=type(record).__name__))
    headers = [("game", game), *legacy_headers]
    if not any(record.get(key) == value for key, value in headers):
        raise RecordError(
            _('record: not a {title} record (expected {{"game": "{game}", "version": {version}, ...}})').format(
                title=title or game, game=game, version=version
            )
        )
    if record.get("version", version) != version:
        raise RecordError(
            _("record: version {value} is not supported (this kit reads version {version})").format(
                value=repr(record.get("version")), version=version
            )
        )
    return record


def json_nesting(text: str) -> int:
    """How deeply the arrays and objects of JSON ``text`` nest (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif char in "]}":
            depth -= 1
    return deepest


class BaseGame(Generic[A]):
    """A base for a designer's own game: write the rules, inherit the rest of the contract.

    A subclass keeps its state in its own attributes and writes only what is particular to
    it: ``legal_actions()``, ``apply(action)`` (play a legal action; return what ``revert``
    needs to take it back), ``revert(action, undone)``, ``parse_action(text)`` (the action's
    notation read), ``winner`` and its constructor ``__init__(self, *, seed=None, ...)``
    calling ``super().__init__(seed)``. It names its actions' class with ``action_type``,
    its record with ``record_name`` and the constructor's parameters the record keeps
    with ``record_parameters``. This base gives
    the rest of :class:`Game`: the legality questions (an action is legal when it is one of
    ``legal_actions()``), ``play`` that refuses without changing anything, ``undo``,
    ``clone``, ``random_action``, ``history``, turns taken in seat order, ``outcome()`` and
    the JSON record. The kit's two engines write these themselves, for speed.
    """

    #: the class of the game's actions (a subclass of it is played as it)
    action_type: ClassVar[type[ActionValue]] = ActionValue
    #: the record's header, ``{"game": record_name, "version": 1, ...}``
    record_name: ClassVar[str] = ""
    #: the constructor's keyword parameters the record keeps (besides the seed)
    record_parameters: ClassVar[tuple[str, ...]] = ()
    #: seats, taking turns in order
    seats: int = 2

    def __init__(self, seed: Any = None) -> None:
        self.seed = checked_seed(seed)
        self.played: list[tuple[A, Any]] = []  # each action with what its revert needs

    # -- what a subclass writes --------------------------------------------------------
    def legal_actions(self) -> list[A]:
        raise NotImplementedError

    def apply(self, action: A) -> Any:
        raise NotImplementedError

    def revert(self, action: A, undone: Any) -> None:
        raise NotImplementedError

    @classmethod
    def parse_action(cls, text: str) -> A:
        raise NotImplementedError

    @property
    def winner(self) -> int | None:
        raise NotImplementedError

    # -- the rest of the contract ------------------------------------------------------
    @property
    def current_player(self) -> int:
        return len(self.played) % self.seats

    @property
    def history(self) -> list[A]:
        return [action for action, _ in self.played]

    @property
    def is_over(self) -> bool:
        return not self.legal_actions()

    def as_action(self, action: A | str) -> A:
        """``action`` as this game's action type: its notation read, a subclass of it taken as it."""
        if isinstance(action, str):
            return self.parse_action(action)
        if type(action) is not self.action_type and isinstance(action, self.action_type):
            return self.action_type(*action._fields())  # type: ignore[return-value]
        return action

    def why_illegal(self, action: object) -> str | None:
        if isinstance(action, str | ActionValue):
            try:
                action = self.as_action(action)  # type: ignore[arg-type]
            except IllegalAction as refused:
                return str(refused)
        legal = self.legal_actions()  # listed once: is_over and the membership test both need it
        if not legal:
            return f"the game is over: {action} cannot be played"
        if action not in legal:
            return f"{action!r} is not one of the {len(legal)} legal actions of player {self.current_player}"
        return None

    def is_legal(self, action: object) -> bool:
        return self.why_illegal(action) is None

    def random_action(self, rng: random.Random) -> A:
        actions = self.legal_actions()
        if not actions:
            raise IllegalAction("the game is over")
        return actions[int(rng.random() * len(actions))]

    def play(self, action: A | str) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        chosen = self.as_action(action)
        self.played.append((chosen, self.apply(chosen)))

    def undo(self) -> A:
        if not self.played:
            raise IllegalAction("no action to undo")
        action, undone = self.played.pop()
        self.revert(action, undone)
        return action

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def outcome(self) -> dict[str, Any]:
        return {"winner": self.winner, "turns": len(self.played), "is_over": self.is_over}

    def to_json(self, indent: int | None = None) -> str:
        record = {"game": self.record_name, "version": 1, "seed": self.seed}
        record.update({name: getattr(self, name) for name in self.record_parameters})
        return json.dumps({**record, "actions": [str(action) for action in self.history]}, indent=indent)

    @classmethod
    def from_json(cls, text: Any, check_result: bool = True) -> Self:
        """The game replayed from its record (it holds no result to check)."""
        record = load_record(text, cls.record_name)
        try:
            game = cls(seed=record["seed"], **{name: record[name] for name in cls.record_parameters})
            for action in record["actions"]:
                game.play(action)
        except (KeyError, TypeError, ValueError, IllegalAction) as error:
            raise RecordError(f"record: cannot be replayed ({error})") from None
        return game


def seat_row(game: Game[Any], index: int, seed: int, players: Sequence[str], **parameters: Any) -> Row:
    """The study row of a finished game of seats (``report_metrics="seats"``), for a
    :class:`GameSpec`'s ``row``: the game's index and seed, its ``parameters``, the players
    by seat, the winner (None for a draw or a cut-off game), the turns and why it ended."""
    winner = game.outcome()["winner"]
    return {
        "game": index,
        "seed": seed,
        **parameters,
        "n_players": len(players),
        **{f"player_{seat}": name for seat, name in enumerate(players)},
        "winner": winner,
        "winner_player": None if winner is None else players[winner],
        "turns": len(game.history),
        "end_reason": "win" if winner is not None else "draw" if game.is_over else "turn_limit",
    }
