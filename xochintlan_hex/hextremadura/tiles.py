"""Hextremadura tiles: the tile-set format, loading and validation.

A Hextremadura tile is a hexagon cut into six triangular *sectors*. Sector ``i``
touches side ``i`` (sides counted counter-clockwise from east, as in
:mod:`xochintlan_hex.lattice`), and each sector is ``forest``, ``water`` or
``crops``. Every tile has two faces:

* a **terrain** tile's *front* carries two requirements ``(terrain, size, side)``;
  its *back* carries one or two icons (``acorn``, ``stork``, ``monument``), each on
  one sector, and one end-of-game objective;
* a **river** tile has terrain on both faces and nothing else.

The kit ships one tile set (15 terrain tiles, 3 river tiles) as a JSON file and
loads it by default; any other set in the same format can be loaded from a path or
a mapping. :func:`load_tileset` checks a set completely and reports *every*
problem at once, each naming the tile and the field, in one :class:`TilesetError`.

>>> tiles = load_tileset()
>>> len(tiles), len(tiles.terrain_ids), len(tiles.river_ids)
(18, 15, 3)
>>> tiles["T1"].front.requirements[0].terrain in TERRAINS
True
>>> load_tileset({"tiles": [{"id": "X", "kind": "lake", "front": {"sectors": ["sand"] * 6}}]})
Traceback (most recent call last):
...
xochintlan_hex.hextremadura.tiles.TilesetError: 8 problems in the tile set (mapping):
  - tile 'X' (tiles[0]) kind: 'lake' is not a tile kind; allowed: 'terrain', 'river'
  - tile 'X' (tiles[0]) front sectors[0]: 'sand' is not a terrain; allowed: 'forest', 'water', 'crops'
  ...
  - tile 'X' (tiles[0]): missing key 'back' (a face)
"""

from __future__ import annotations

import json
import os
import re
import reprlib
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from xochintlan_hex.i18n import _, ngettext

TERRAINS: tuple[str, ...] = ("forest", "water", "crops")
ICONS: tuple[str, ...] = ("acorn", "stork", "monument")
TILE_KINDS: tuple[str, ...] = ("terrain", "river")
FACES: tuple[str, ...] = ("front", "back")

#: objective type -> the names of its parameters, in order
OBJECTIVE_PARAMETERS: dict[str, tuple[str, ...]] = {
    "all_symbols": ("terrain",),
    "same_symbol_triad": ("symbol",),
    "three_separate": ("terrain", "symbol"),
    "adjacent_pair": ("symbol_a", "symbol_b"),
}
OBJECTIVE_TYPES: tuple[str, ...] = tuple(OBJECTIVE_PARAMETERS)

FORMAT_NAME = "hextremadura-tileset"
FORMAT_VERSION = 1
SIDES = 6

_ID_PATTERN = re.compile(r"[A-Za-z0-9_\-]+")
_DEFAULT_RESOURCE = ("data", "hextremadura_tiles.json")


class TilesetError(ValueError):
    """A tile set that cannot be used. ``problems`` lists every problem found.

    Each problem names the tile (its id, or its position when the id is missing)
    and the field, e.g. ``tile 'T3' (tiles[2]) back.icons: sector 6 is outside 0..5``.
    """

    def __init__(self, problems: list[str], source: str = "the tile set") -> None:
        self.problems = list(problems)
        self.source = source
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in {source}:"
        super().__init__("\n".join([head] + [f"  - {p}" for p in self.problems]))


# ---------------------------------------------------------------------------
# Value objects
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Requirement:
    """A front requirement: across ``side``, a ``terrain`` region of ``size`` sectors.

    ``side`` is counted on the tile's data, before rotation: a tile placed with
    rotation ``k`` looks across side ``(side + k) % 6`` of its cell.

    >>> str(Requirement("water", 3, 0))
    'water>=3@0'
    """

    terrain: str
    size: int
    side: int

    def __str__(self) -> str:
        return f"{self.terrain}>={self.size}@{self.side}"

    def to_dict(self) -> dict[str, Any]:
        return {"terrain": self.terrain, "size": self.size, "side": self.side}


def _with_article(noun: str) -> str:
    """``noun`` with "a" or "an" before it, as it is said ("an acorn", "a stork")."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def terrain_name(terrain: str, count: int = 1) -> str:
    """A terrain as a person reads it, in the language in use (the data keep 'forest', 'water', 'crops').

    >>> terrain_name("crops"), terrain_name("forest", 2)
    ('crops', 'forests')
    """
    # Written out one by one, so that the catalog holds each word.
    names = {
        "forest": ngettext("forest", "forests", count),
        "water": ngettext("water", "waters", count),
        "crops": ngettext("crops", "crops", count),
    }
    return names.get(terrain, terrain)


def icon_name(icon: str, count: int = 1) -> str:
    """An icon as a person reads it, in the language in use (the data keep 'acorn', 'stork', 'monument').

    >>> icon_name("stork"), icon_name("acorn", 3)
    ('stork', 'acorns')
    """
    names = {
        "acorn": ngettext("acorn", "acorns", count),
        "stork": ngettext("stork", "storks", count),
        "monument": ngettext("monument", "monuments", count),
    }
    return names.get(icon, icon)


def _an_icon(icon: str) -> str:
    """'an acorn', 'une cigogne': the article goes with the word, since French nouns have a gender."""
    names = {"acorn": _("an acorn"), "stork": _("a stork"), "monument": _("a monument")}
    return names.get(icon) or _with_article(icon)


def _a_region(terrain: str) -> str:
    """'a forest region', 'une région d'eau': the whole phrase, since French elides ("d'eau")."""
    names = {"forest": _("a forest region"), "water": _("a water region"), "crops": _("a crops region")}
    return names.get(terrain) or f"a {terrain} region"


def _three_regions(terrain: str) -> str:
    names = {
        "forest": _("three different forest regions"),
        "water": _("three different water regions"),
        "crops": _("three different crops regions"),
    }
    return names.get(terrain) or f"three different {terrain} regions"


@dataclass(frozen=True)
class Objective:
    """A back objective: its ``type`` (one of :data:`OBJECTIVE_TYPES`) and parameters.

    Unused parameters are ``None``.

    >>> str(Objective("three_separate", terrain="forest", symbol="acorn"))
    'three_separate(forest, acorn)'
    >>> Objective("adjacent_pair", symbol_a="stork", symbol_b="monument").describe()
    'two adjacent regions, one with a stork, the other with a monument'
    """

    type: str
    terrain: str | None = None
    symbol: str | None = None
    symbol_a: str | None = None
    symbol_b: str | None = None

    @property
    def parameters(self) -> dict[str, str]:
        """The parameters of this objective's type, by name."""
        return {name: getattr(self, name) for name in OBJECTIVE_PARAMETERS[self.type]}

    def __str__(self) -> str:
        return f"{self.type}({', '.join(self.parameters.values())})"

    def describe(self) -> str:
        """The objective in plain words, in the language in use.

        >>> Objective("three_separate", terrain="forest", symbol="acorn").describe()
        'three different forest regions, each with an acorn'
        """
        p = self.parameters
        if self.type == "all_symbols":
            return _("{a_region} holding an acorn, a stork and a monument").format(a_region=_a_region(p["terrain"]))
        if self.type == "same_symbol_triad":
            return _("a forest, a water and a crops region, pairwise adjacent, each with {an_icon}").format(
                an_icon=_an_icon(p["symbol"])
            )
        if self.type == "three_separate":
            return _("{regions}, each with {an_icon}").format(
                regions=_three_regions(p["terrain"]), an_icon=_an_icon(p["symbol"])
            )
        return _("two adjacent regions, one with {an_icon}, the other with {another_icon}").format(
            an_icon=_an_icon(p["symbol_a"]), another_icon=_an_icon(p["symbol_b"])
        )

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.parameters}


@dataclass(frozen=True)
class Face:
    """One face of a tile.

    ``sectors[i]`` is the terrain of the sector touching side ``i``. A terrain
    tile's front has ``requirements``; its back has ``icons`` (sector -> icon)
    and an ``objective``. River faces have only sectors.
    """

    sectors: tuple[str, ...]
    requirements: tuple[Requirement, ...] = ()
    icons: Mapping[int, str] = field(default_factory=dict, hash=False)
    objective: Objective | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"sectors": list(self.sectors)}
        if self.requirements:
            data["requirements"] = [r.to_dict() for r in self.requirements]
        if self.icons:
            data["icons"] = {str(s): icon for s, icon in sorted(self.icons.items())}
        if self.objective is not None:
            data["objective"] = self.objective.to_dict()
        return data


class PlacedTile(NamedTuple):
    """A tile on the map: which tile, which face is up, and its rotation 0..5.

    >>> PlacedTile("T1", "back", 2)
    PlacedTile(tile_id='T1', face='back', rotation=2)
    """

    tile_id: str
    face: str
    rotation: int


@dataclass(frozen=True)
class TileSpec:
    """A tile of the set: ``id``, ``kind`` ("terrain" or "river") and its two faces."""

    id: str
    kind: str
    front: Face
    back: Face
    name: str = ""
    description: str = ""

    @property
    def is_river(self) -> bool:
        return self.kind == "river"

    def face(self, name: str) -> Face:
        """The face called ``name`` ("front" or "back")."""
        if name == "front":
            return self.front
        if name == "back":
            return self.back
        raise ValueError(f"face must be 'front' or 'back', not {name!r}")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "kind": self.kind}
        if self.name:
            data["name"] = self.name
        if self.description:
            data["description"] = self.description
        data["front"] = self.front.to_dict()
        data["back"] = self.back.to_dict()
        return data


class Tileset:
    """A checked tile set: its tiles in file order, looked up by id.

    Build it with :func:`load_tileset`. ``tileset[id]`` is a :class:`TileSpec`.
    The set also caches, for the engine, each tile face's terrains and icons by
    side for every rotation.
    """

    def __init__(self, tiles: tuple[TileSpec, ...], name: str = "", description: str = "") -> None:
        self.tiles = tuple(tiles)
        self.name = name
        self.description = description
        self._by_id = {t.id: t for t in self.tiles}
        self._sides: dict[tuple[str, str, int], tuple[str, ...]] = {}
        self._icons: dict[tuple[str, str, int], tuple[str | None, ...]] = {}
        for tile in self.tiles:
            for face_name in FACES:
                face = tile.face(face_name)
                for k in range(SIDES):
                    # rotation k puts data sector i at side (i + k) % 6
                    by_side = tuple(face.sectors[(s - k) % SIDES] for s in range(SIDES))
                    icons = tuple(face.icons.get((s - k) % SIDES) for s in range(SIDES))
                    self._sides[tile.id, face_name, k] = by_side
                    self._icons[tile.id, face_name, k] = icons

    # -- lookup ------------------------------------------------------------
    def __getitem__(self, tile_id: str) -> TileSpec:
        try:
            return self._by_id[tile_id]
        except (KeyError, TypeError):
            raise KeyError(f"no tile {tile_id!r} in the tile set {self.name!r}") from None

    def __contains__(self, tile_id: object) -> bool:
        try:
            return tile_id in self._by_id
        except TypeError:
            return False

    def __iter__(self) -> Iterator[TileSpec]:
        return iter(self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tileset):
            return NotImplemented
        return (self.name, self.description, self.tiles) == (other.name, other.description, other.tiles)

    def __hash__(self) -> int:
        return hash((self.name, tuple(t.id for t in self.tiles)))

    def __repr__(self) -> str:
        return f"Tileset({self.name!r}: {len(self.terrain_ids)} terrain tiles, {len(self.river_ids)} river tiles)"

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.tiles)

    @property
    def terrain_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.tiles if not t.is_river)

    @property
    def river_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.tiles if t.is_river)

    @property
    def max_score(self) -> int:
        """The perfect score: one point per terrain tile (15 for the shipped set)."""
        return len(self.terrain_ids)

    # -- rotated views (for the engine and region analysis) -----------------
    def side_terrains(self, tile_id: str, face: str, rotation: int) -> tuple[str, ...]:
        """The terrain at each side 0..5 of the tile placed with this face and rotation.

        >>> ts = load_tileset()
        >>> spec = ts["T1"]
        >>> ts.side_terrains("T1", "front", 1)[1] == spec.front.sectors[0]
        True
        """
        return self._sides[tile_id, face, rotation]

    def side_icons(self, tile_id: str, face: str, rotation: int) -> tuple[str | None, ...]:
        """The icon (or None) at each side 0..5 of the placed tile."""
        return self._icons[tile_id, face, rotation]

    # -- export --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The set in the JSON format (``load_tileset(ts.to_dict()) == ts``)."""
        data: dict[str, Any] = {"format": FORMAT_NAME, "version": FORMAT_VERSION}
        if self.name:
            data["name"] = self.name
        if self.description:
            data["description"] = self.description
        data["tiles"] = [t.to_dict() for t in self.tiles]
        return data

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------
def load_tileset(source: str | Path | Mapping[str, Any] | Tileset | None = None) -> Tileset:
    """Load and check a tile set.

    ``source`` is ``None`` (the set shipped with the kit, also inside an installed
    wheel), a path to a JSON file (``str`` or :class:`~pathlib.Path`), a mapping
    in the same format, or a :class:`Tileset` (returned as it is). Any problem,
    including an unreadable file or bad JSON, raises :class:`TilesetError` listing
    every problem found.

    >>> load_tileset().name
    'Hextremadura: the kit set'
    >>> load_tileset(42)
    Traceback (most recent call last):
    ...
    xochintlan_hex.hextremadura.tiles.TilesetError: 1 problem in the tile set:
      - source must be None (the shipped set), a path to a JSON file or a mapping, not int
    """
    if isinstance(source, Tileset):
        return source
    if source is None:
        label = "the shipped tile set"
        return _from_text(_shipped_text(), label)
    if isinstance(source, (str, Path)):
        label = f"the tile set file {str(source)!r}"
        try:
            text = read_tileset_text(Path(source))
        except (OSError, ValueError) as error:
            raise TilesetError([f"cannot read the file: {error}"], label) from None
        return _from_text(text, label)
    if isinstance(source, Mapping):
        return tileset_from_mapping(source, "the tile set (mapping)")
    raise TilesetError(
        [f"source must be None (the shipped set), a path to a JSON file or a mapping, not {type(source).__name__}"]
    )


#: Largest tile-set file read (the kit's own set is about 10 kB).
MAX_TILESET_BYTES = 1_000_000


def read_tileset_text(path: Path) -> str:
    """The text of a tile-set file, checked before reading: a regular file (not a pipe,
    which would wait for ever, or a device such as ``/dev/zero``, which never ends) of
    at most :data:`MAX_TILESET_BYTES` bytes. A ValueError says what is wrong."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe opens without waiting
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("it is not a regular file (a tile set is a JSON file)")
        if info.st_size > MAX_TILESET_BYTES:
            raise ValueError(f"it holds {info.st_size:,} bytes; a tile-set file is at most {MAX_TILESET_BYTES:,}")
        data = file.read(MAX_TILESET_BYTES + 1)
    if len(data) > MAX_TILESET_BYTES:
        raise ValueError(f"it grew past {MAX_TILESET_BYTES:,} bytes while it was read")
    return data.decode("utf-8")


def _shipped_text() -> str:
    """The shipped set's JSON text, read as package data (also from an installed wheel)."""
    try:
        resource = resources.files("xochintlan_hex") / _DEFAULT_RESOURCE[0] / _DEFAULT_RESOURCE[1]
        return resource.read_text(encoding="utf-8")
    except (OSError, ValueError, TypeError):
        pass  # e.g. an editable install seen as a namespace package: read beside this module
    path = Path(__file__).resolve().parent.parent.joinpath(*_DEFAULT_RESOURCE)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise TilesetError([f"cannot read the shipped tile set: {error}"], "the shipped tile set") from None


def _from_text(text: str, label: str) -> Tileset:
    try:
        data = json.loads(text)
    except ValueError as error:  # JSONDecodeError and bad unicode are ValueErrors
        raise TilesetError([f"not valid JSON: {error}"], label) from None
    except RecursionError:
        raise TilesetError(["not valid JSON: nested too deeply"], label) from None
    return tileset_from_mapping(data, label)


def tileset_from_mapping(data: Any, label: str = "the tile set") -> Tileset:
    """Check ``data`` (the parsed JSON) and build the :class:`Tileset`."""
    if not isinstance(data, Mapping):
        raise TilesetError([f"the tile set must be a JSON object (a mapping), not {_kind(data)}"], label)
    problems: list[str] = []
    try:
        name = _optional_text(data, "name", "the tile set", problems)
        description = _optional_text(data, "description", "the tile set", problems)
        _check_header(data, problems)
        tiles = _check_tiles(data, problems)
    except Exception as error:  # e.g. a value whose comparison raises: still a tile-set problem
        problems.append(f"the tile set holds a value that cannot be checked ({type(error).__name__}: {error})")
    if problems:
        raise TilesetError(problems, label)
    return Tileset(tuple(tiles), name=name, description=description)


def _check_header(data: Mapping[str, Any], problems: list[str]) -> None:
    allowed = {"format", "version", "name", "description", "tiles"}
    for key in _unknown_keys(data, allowed):
        problems.append(f"the tile set: unknown key {key}; allowed: {_listing(sorted(allowed))}")
    if "format" in data and data["format"] != FORMAT_NAME:
        problems.append(f"the tile set format: {_show(data['format'])} must be {FORMAT_NAME!r}")
    if "version" in data and not (_is_int(data["version"]) and data["version"] == FORMAT_VERSION):
        problems.append(f"the tile set version: {_show(data['version'])} is not supported; allowed: {FORMAT_VERSION}")


def _check_tiles(data: Mapping[str, Any], problems: list[str]) -> list[TileSpec]:
    if "tiles" not in data:
        problems.append("the tile set: missing key 'tiles' (a list of tiles)")
        return []
    raw_tiles = data["tiles"]
    if not isinstance(raw_tiles, list) or not raw_tiles:
        problems.append(f"the tile set tiles: must be a non-empty list of tiles, not {_kind(raw_tiles)}")
        return []
    tiles: list[TileSpec] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(raw_tiles):
        tile = _check_tile(raw, index, seen, problems)
        if tile is not None:
            tiles.append(tile)
    return tiles


def _check_tile(raw: Any, index: int, seen: dict[str, int], problems: list[str]) -> TileSpec | None:
    where = f"tile #{index + 1} (tiles[{index}])"
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: must be a mapping, not {_kind(raw)}")
        return None
    tile_id: Any = raw.get("id")
    if isinstance(tile_id, str) and tile_id:
        where = f"tile {tile_id!r} (tiles[{index}])"
    before = len(problems)
    _check_id(raw, where, index, seen, problems)
    allowed = {"id", "kind", "name", "description", "front", "back"}
    for key in _unknown_keys(raw, allowed):
        problems.append(f"{where}: unknown key {key}; allowed: {_listing(sorted(allowed))}")
    name = _optional_text(raw, "name", where, problems)
    description = _optional_text(raw, "description", where, problems)
    kind: Any = raw.get("kind")
    if "kind" not in raw:
        problems.append(f"{where}: missing key 'kind' ('terrain' or 'river')")
    elif kind not in TILE_KINDS:
        problems.append(f"{where} kind: {_show(kind)} is not a tile kind; allowed: {_listing(TILE_KINDS)}")
        kind = None
    faces = {}
    for face_name in FACES:
        faces[face_name] = _check_face(raw, face_name, kind, where, problems)
    front, back = faces["front"], faces["back"]
    if len(problems) > before or front is None or back is None:
        return None
    return TileSpec(tile_id, kind, front, back, name=name, description=description)


def _check_id(raw: Mapping[str, Any], where: str, index: int, seen: dict[str, int], problems: list[str]) -> None:
    if "id" not in raw:
        problems.append(f"{where}: missing key 'id'")
        return
    tile_id = raw["id"]
    if not isinstance(tile_id, str) or not _ID_PATTERN.fullmatch(tile_id):
        problems.append(f"{where} id: {_show(tile_id)} must be a non-empty string of letters, digits, '_' or '-'")
        return
    if tile_id in seen:
        problems.append(f"{where} id: duplicate id {tile_id!r} (also tiles[{seen[tile_id]}])")
    else:
        seen[tile_id] = index


def _check_face(
    raw: Mapping[str, Any], face_name: str, kind: str | None, where: str, problems: list[str]
) -> Face | None:
    if face_name not in raw:
        problems.append(f"{where}: missing key {face_name!r} (a face)")
        return None
    face = raw[face_name]
    here = f"{where} {face_name}"
    if not isinstance(face, Mapping):
        problems.append(f"{here}: must be a mapping, not {_kind(face)}")
        return None
    expected = _face_keys(kind, face_name)
    for key in _unknown_keys(face, {"sectors", "requirements", "icons", "objective"}):
        problems.append(f"{here}: unknown key {key}; allowed: {_listing(sorted(expected))}")
    for key in ("requirements", "icons", "objective"):
        if key in face and kind is not None and key not in expected:
            problems.append(f"{here}: a {kind} tile's {face_name} has no {key} (found {key!r})")
        elif key not in face and key in expected:
            problems.append(f"{here}: missing key {key!r}")
    sectors = _check_sectors(face, here, problems)
    requirements = _check_requirements(face, here, problems) if "requirements" in face else ()
    icons = _check_icons(face, here, problems) if "icons" in face else {}
    objective = _check_objective(face["objective"], here, problems) if "objective" in face else None
    if sectors is None or requirements is None or icons is None or (objective is None and "objective" in face):
        return None
    return Face(sectors, requirements, icons, objective)


def _face_keys(kind: str | None, face_name: str) -> set[str]:
    if kind == "terrain" and face_name == "front":
        return {"sectors", "requirements"}
    if kind == "terrain":
        return {"sectors", "icons", "objective"}
    return {"sectors"}


def _check_sectors(face: Mapping[str, Any], here: str, problems: list[str]) -> tuple[str, ...] | None:
    if "sectors" not in face:
        problems.append(f"{here}: missing key 'sectors' (six terrains)")
        return None
    sectors = face["sectors"]
    if not isinstance(sectors, list):
        problems.append(f"{here} sectors: must be a list of six terrains, not {_kind(sectors)}")
        return None
    ok = True
    if len(sectors) != SIDES:
        problems.append(f"{here} sectors: {_count(len(sectors), 'sector')}; a face has exactly 6")
        ok = False
    for i, terrain in enumerate(sectors):
        if terrain not in TERRAINS:
            problems.append(f"{here} sectors[{i}]: {_show(terrain)} is not a terrain; allowed: {_listing(TERRAINS)}")
            ok = False
    return tuple(sectors) if ok else None


def _check_requirements(face: Mapping[str, Any], here: str, problems: list[str]) -> tuple[Requirement, ...] | None:
    raw = face["requirements"]
    if not isinstance(raw, list):
        problems.append(f"{here} requirements: must be a list of two requirements, not {_kind(raw)}")
        return None
    before = len(problems)
    if len(raw) != 2:
        problems.append(f"{here} requirements: {_count(len(raw), 'requirement')}; a front has exactly 2")
    requirements = []
    for i, item in enumerate(raw):
        requirement = _check_requirement(item, f"{here} requirements[{i}]", problems)
        if requirement is not None:
            requirements.append(requirement)
    return tuple(requirements) if len(problems) == before else None


def _check_requirement(item: Any, here: str, problems: list[str]) -> Requirement | None:
    if not isinstance(item, Mapping):
        problems.append(f"{here}: must be a mapping with terrain, size and side, not {_kind(item)}")
        return None
    before = len(problems)
    for key in _unknown_keys(item, {"terrain", "size", "side"}):
        problems.append(f"{here}: unknown key {key}; allowed: 'side', 'size', 'terrain'")
    for key in ("terrain", "size", "side"):
        if key not in item:
            problems.append(f"{here}: missing key {key!r}")
    terrain: Any = item.get("terrain")
    size: Any = item.get("size")
    side: Any = item.get("side")
    if "terrain" in item and terrain not in TERRAINS:
        problems.append(f"{here} terrain: {_show(terrain)} is not a terrain; allowed: {_listing(TERRAINS)}")
    if "size" in item and not (_is_int(size) and size >= 1):
        problems.append(f"{here} size: {_show(size)} must be a whole number of sectors >= 1")
    if "side" in item and not (_is_int(side) and 0 <= side < SIDES):
        problems.append(f"{here} side: {_show(side)} must be a side 0..5")
    return Requirement(terrain, size, side) if len(problems) == before else None


def _check_icons(face: Mapping[str, Any], here: str, problems: list[str]) -> dict[int, str] | None:
    raw = face["icons"]
    if not isinstance(raw, Mapping):
        problems.append(f"{here} icons: must be a mapping sector -> icon, not {_kind(raw)}")
        return None
    before = len(problems)
    if not 1 <= len(raw) <= 2:
        problems.append(f"{here} icons: {_count(len(raw), 'icon')}; a back has 1 or 2")
    icons: dict[int, str] = {}
    for key, icon in raw.items():
        sector = _sector_index(key)
        if sector is None:
            problems.append(f"{here} icons: sector {_show(key)} is outside 0..5")
        elif sector in icons:
            problems.append(f"{here} icons: sector {sector} is given twice")
        if icon not in ICONS:
            problems.append(f"{here} icons[{_show(key)}]: {_show(icon)} is not an icon; allowed: {_listing(ICONS)}")
        if sector is not None and icon in ICONS:
            icons[sector] = icon
    return icons if len(problems) == before else None


def _sector_index(key: Any) -> int | None:
    if _is_int(key):
        value = key
    elif isinstance(key, str) and key.isascii() and key.isdigit() and len(key) == 1:
        value = int(key)
    else:
        return None
    return value if 0 <= value < SIDES else None


def _check_objective(raw: Any, here: str, problems: list[str]) -> Objective | None:
    here = f"{here} objective"
    if not isinstance(raw, Mapping):
        problems.append(f"{here}: must be a mapping with a type and its parameters, not {_kind(raw)}")
        return None
    kind = raw.get("type")
    if "type" not in raw:
        problems.append(f"{here}: missing key 'type'; allowed: {_listing(OBJECTIVE_TYPES)}")
        return None
    if not isinstance(kind, str) or kind not in OBJECTIVE_PARAMETERS:
        problems.append(f"{here} type: {_show(kind)} is not an objective type; allowed: {_listing(OBJECTIVE_TYPES)}")
        return None
    before = len(problems)
    names = OBJECTIVE_PARAMETERS[kind]
    for key in _unknown_keys(raw, {"type", *names}):
        problems.append(f"{here}: unknown key {key} for {kind}; its parameters: {_listing(names)}")
    values = {}
    for name in names:
        allowed = TERRAINS if name == "terrain" else ICONS
        if name not in raw:
            problems.append(f"{here}: missing key {name!r} for {kind}")
        elif raw[name] not in allowed:
            problems.append(f"{here} {name}: {_show(raw[name])} is not allowed; allowed: {_listing(allowed)}")
        else:
            values[name] = raw[name]
    return Objective(kind, **values) if len(problems) == before else None


# ---------------------------------------------------------------------------
# Writing tiles quickly (lessons, tests, designers' sketches)
# ---------------------------------------------------------------------------
LETTERS: dict[str, str] = {"F": "forest", "W": "water", "C": "crops"}


def sectors_from_letters(letters: str) -> list[str]:
    """Six terrains from six letters F (forest), W (water), C (crops); spaces ignored.

    >>> sectors_from_letters("FF WW CC")
    ['forest', 'forest', 'water', 'water', 'crops', 'crops']
    """
    try:
        return [LETTERS[c] for c in letters.upper() if not c.isspace()]
    except KeyError as error:
        raise ValueError(f"sector letters are F, W and C, not {error.args[0]!r}") from None


def tile_entry(
    tile_id: str,
    front: str,
    back: str,
    requirements: Any = (),
    icons: Mapping[int, str] | None = None,
    objective: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """One tile in the JSON format, from a compact description.

    ``front`` and ``back`` are six letters (see :func:`sectors_from_letters`);
    ``requirements`` are ``(terrain, size, side)`` triples; ``icons`` maps a back
    sector to an icon; ``objective`` is ``(type, *parameters)``. A tile with
    none of these is a river tile.

    >>> entry = tile_entry("T1", "FFFWWC", "FFFFFF", [("forest", 4, 0), ("water", 2, 3)],
    ...                    {0: "acorn"}, ("all_symbols", "forest"))
    >>> entry["back"]["objective"]
    {'type': 'all_symbols', 'terrain': 'forest'}
    >>> tile_entry("R1", "WWWWFF", "WWCCWW")["kind"]
    'river'
    """
    is_river = not requirements and not icons and objective is None
    entry: dict[str, Any] = {"id": tile_id, "kind": "river" if is_river else "terrain"}
    entry["front"] = {"sectors": sectors_from_letters(front)}
    entry["back"] = {"sectors": sectors_from_letters(back)}
    if not is_river:
        entry["front"]["requirements"] = [
            {"terrain": terrain, "size": size, "side": side} for terrain, size, side in requirements
        ]
        entry["back"]["icons"] = {str(sector): icon for sector, icon in (icons or {}).items()}
        if objective is not None:
            kind, *values = objective
            entry["back"]["objective"] = {"type": kind, **dict(zip(OBJECTIVE_PARAMETERS.get(kind, ()), values))}
    return entry


# ---------------------------------------------------------------------------
# Small helpers for messages
# ---------------------------------------------------------------------------
_short = reprlib.Repr()
_short.maxstring = 40
_short.maxother = 40


def _show(value: Any) -> str:
    """A short repr that never raises (the value may be anything a user typed)."""
    try:
        return _short.repr(value)
    except Exception:  # a broken __repr__ must not hide the real problem
        return f"<{type(value).__name__}>"


def _kind(value: Any) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "a string",
        int: "a number",
        float: "a number",
        bool: "true/false",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _unknown_keys(mapping: Mapping[Any, Any], allowed: set[str]) -> list[str]:
    return [_show(key) for key in mapping if not (isinstance(key, str) and key in allowed)]


def _listing(values: Any) -> str:
    return ", ".join(repr(v) for v in values)


def _optional_text(data: Mapping[str, Any], key: str, where: str, problems: list[str]) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        problems.append(f"{where} {key}: must be a string, not {_kind(value)}")
        return ""
    return value
