"""Xochintlan boards: tiles with colour and glyph, the lock, legal cells, matched patterns.

Each kind of tile has its Okabe-Ito colour *and* its own glyph (Lizard: diamond,
Bird: triangle, Monkey: circle, each with its letter; the Human: a black star on
a white tile), so the board reads in black and white and for colour-blind
readers. Highlights:

* the locked tile(s): a dashed vermillion border and a small padlock;
* legal cells: a dotted blue outline (an empty cell where a tile can be placed
  or the Human moved) or a blue corner dot (a tile that can be switched);
* a matched pattern: a thick purple line around the cells;
* a selected cell (the first cell of a swap, say): a thick solid blue outline;
* a goal card beside the board, in an inset.

``frame=`` fixes what the picture shows (some cells, or bounds in drawing
units), so that a board drawn again after each move keeps its place and scale.

>>> from matplotlib.figure import Figure
>>> ax = draw_xochintlan({(0, 0): "H", (1, 0): "L", (1, 1): "B"}, Figure().add_subplot())
>>> sorted(t.get_text() for t in ax.texts)      # a letter on each animal's glyph
['B', 'L']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import matplotlib.patheffects as path_effects
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyBboxPatch, Wedge

from ..i18n import _
from ..lattice import Lattice, get_lattice
from ..xochintlan import Xochintlan
from . import style
from .polyforms import draw_card

Cell = tuple[int, int]

KINDS = ("H", "L", "B", "M")
#: a board picture's size: inches per cell, and the most a new figure may take
INCHES_PER_CELL = 0.62
MAX_BOARD_INCHES = 9.0


# -- reading the argument ---------------------------------------------------------
def board_of(game_or_board: Any) -> dict[Cell, str]:
    """The board as a plain dict cell -> "H" | "L" | "B" | "M" (from a game or a mapping)."""
    board = getattr(game_or_board, "board", game_or_board)
    if not isinstance(board, Mapping):
        raise ValueError(
            f"game_or_board must be a Xochintlan game or a mapping cell -> kind, not {type(board).__name__}"
        )
    plain = {}
    for cell, kind in board.items():
        kind = str(getattr(kind, "value", kind))
        if kind not in KINDS:
            raise ValueError(f"board cell {cell!r} holds {kind!r}; allowed kinds: {', '.join(KINDS)}")
        plain[(int(cell[0]), int(cell[1]))] = kind
    return plain


def lattice_of(game_or_board: Any, lattice: str | Lattice | None) -> Lattice:
    """The lattice given, or the game's, or the square one for a plain board."""
    if lattice is not None:
        return get_lattice(lattice)
    found: Any = getattr(game_or_board, "lattice", None)
    if found is None:
        found = getattr(getattr(game_or_board, "rules", None), "lattice", "square")
    return get_lattice(found)


def action_cells(actions: Iterable[Any]) -> set[Cell]:
    """The cells the actions act on (Place, MoveHuman, Switch: ``cell``; Swap: both cells)."""
    cells = set()
    for action in actions:
        if isinstance(action, tuple) and len(action) == 2 and all(isinstance(v, int) for v in action):
            cells.add(action)  # already a cell
            continue
        for name in ("cell", "a", "b", "first", "second"):
            value = getattr(action, name, None)
            if isinstance(value, tuple) and len(value) == 2:
                cells.add((int(value[0]), int(value[1])))
    return cells


def _cells_option(option: Any, game: object, attribute: str) -> set[Cell]:
    """Cells for a highlight option: True takes the game's attribute, a collection is taken as is."""
    if option is None or option is False:
        return set()
    if option is True:
        value = getattr(game, attribute, None)
        return set() if value is None else {tuple(c) for c in value}
    return {tuple(c) for c in option}


def _legal_cells(option: Any, game: object) -> set[Cell]:
    if option is None or option is False:
        return set()
    if option is True:
        if not hasattr(game, "legal_actions"):
            raise ValueError("legal=True needs a game (with legal_actions()); give the cells instead for a plain board")
        return action_cells(game.legal_actions())
    return action_cells(option)


# -- drawing ------------------------------------------------------------------------
def board_extent(lattice: Lattice, cells: Iterable[Cell]) -> list[tuple[float, float]]:
    """Every corner of the cells, for the limits of a picture."""
    return [p for cell in cells for p in lattice.corners(cell)]


def frontier(lattice: Lattice, board: Mapping[Cell, str]) -> set[Cell]:
    """The empty cells next to the board: where the next tile can go."""
    if not board:
        return {(0, 0)}
    return {n for cell in board for n in lattice.neighbours(cell) if n not in board}


def board_figsize(game_or_board: Any, lattice: str | Lattice | None = None, card: bool = False) -> tuple[float, float]:
    """A figure size that gives each cell about :data:`INCHES_PER_CELL` inches."""
    lat = lattice_of(game_or_board, lattice)
    board = board_of(game_or_board)
    return _figsize(lat, board_extent(lat, set(board) | frontier(lat, board)), card)


def _figsize(lat: Lattice, points: list[tuple[float, float]], card: bool) -> tuple[float, float]:
    """About :data:`INCHES_PER_CELL` inches per cell for a picture spanning ``points``."""
    xs, ys = zip(*points)
    unit = 1.0 if lat.sides == 4 else 1.6
    width = (max(xs) - min(xs)) / unit * INCHES_PER_CELL + 0.6
    height = (max(ys) - min(ys)) / unit * INCHES_PER_CELL + 0.9
    shrink = min(1.0, MAX_BOARD_INCHES / max(width, height))
    # never narrower than the legend under the board
    width, height = max(width * shrink, 4.4), max(height * shrink, 2.5)
    return (width * (1.4 if card else 1.0), height)


@style.speaks_language
def draw_xochintlan(
    game_or_board: Any,
    ax: Axes | None = None,
    *,
    lattice: str | Lattice | None = None,
    locked: bool | Iterable[Cell] | None = True,
    legal: bool | Iterable[Any] | None = False,
    pattern: bool | Iterable[Cell] | None = True,
    card: Any = None,
    coords: bool = False,
    empty: bool | Iterable[Cell] = True,
    legend: bool = True,
    status: bool = False,
    frame: Iterable[Cell] | Sequence[float] | None = None,
    selected: Cell | Iterable[Cell] | None = None,
    last: Cell | Iterable[Cell] | None = None,
    language: str | None = None,
) -> Axes:
    """Draw a Xochintlan board (a game, or a mapping cell -> "H" | "L" | "B" | "M").

    Options:
        lattice: "square" or "hex" for a plain mapping (a game knows its own).
        locked: True (the game's ``locked`` cells) or the cells to mark as locked.
        legal: True (every cell an action of ``game.legal_actions()`` acts on), or
            actions, or cells: the cells to mark as playable.
        pattern: True (the game's ``winning_cells``) or the cells of a matched
            pattern to outline.
        card: a goal card (Polyform or cell list) or a list of them, drawn beside
            the board; never chosen automatically, since cards are secret.
        coords: write each cell's coordinates, for reading and typing notation.
        empty: faint outlines of the empty cells next to the board (True), or the
            empty cells to outline.
        legend: a key of the glyphs, with reserve counts when the game has them.
        status: a title with the turn, the player to move or the result.
        frame: what the picture shows: cells (the picture fits them, whatever
            the board holds) or bounds ``(xmin, ymin, xmax, ymax)`` in drawing
            units (``Lattice.center``); None fits the board and its highlights.
            A fixed frame keeps a board's place and scale from move to move.
        selected: a cell (or cells) to outline in solid blue, e.g. the first
            cell of a swap a person is making.
        last: the cell (or cells) the last move acted on, outlined with a thick dashed
            line, so that a move made while one looked away (a computer's) is seen.
        language: "en" or "fr" for the letters, the legend and the title; None: the kit's language.

    >>> from matplotlib.figure import Figure
    >>> window = [(x, y) for x in range(-3, 4) for y in range(-3, 4)]   # 7 x 7 cells
    >>> ax = draw_xochintlan({(0, 0): "H", (1, 0): "L"}, Figure().add_subplot(), frame=window,
    ...                      empty=window, selected=(1, 0), legend=False)
    >>> [float(x) for x in ax.get_xlim()]          # the 7 cells and a small margin, not the 2 tiles
    [-3.65, 3.65]
    """
    game = game_or_board
    lat = lattice_of(game, lattice)
    board = board_of(game)
    empties = (frontier(lat, board) if empty is True else {(c[0], c[1]) for c in empty or ()}) - set(board)
    legal_cells = _legal_cells(legal, game)
    pattern_cells = _cells_option(pattern, game, "winning_cells")
    locked_cells = _cells_option(locked, game, "locked") & set(board)
    selected_cells = _cell_or_cells(selected, "selected")
    last_cells = _cell_or_cells(last, "last")
    cards = _card_list(card)
    everything = set(board) | empties | legal_cells | pattern_cells
    points, margin = _frame_points(frame, lat, everything)
    ax = style.new_axes(_figsize(lat, points, bool(cards)), ax) if ax is None else ax
    panels = _card_panels(points, len(cards), lat)
    style.finish_board_axes(ax, points + [p for x, y, w, h in panels for p in ((x, y), (x + w, y + h))], margin=margin)
    scale = style.points_per_unit(ax) * (1.0 if lat.sides == 4 else 1.45)
    grid = sorted(empties | (legal_cells - set(board)))
    if grid:  # one artist for the whole grid: a large frame stays quick to draw
        ax.add_collection(
            PolyCollection(
                [lat.corners(c) for c in grid], facecolor="white", edgecolor=style.GRID, linewidth=0.8, linestyle=":"
            )
        )
    for cell, kind in board.items():
        draw_tile(ax, lat, cell, kind, scale)
    _draw_legal(ax, lat, legal_cells, board)
    if pattern_cells:
        _draw_pattern(ax, lat, pattern_cells, scale)
    for cell in locked_cells:
        _draw_lock(ax, lat, cell)
    for cell in selected_cells:
        style.add(
            ax,
            style.cell_polygon(lat, cell, facecolor="none", edgecolor=style.SELECTED_COLOUR, linewidth=3.5, zorder=8),
        )
    for cell in last_cells:
        style.add(
            ax,
            style.cell_polygon(
                lat,
                cell,
                facecolor="none",
                edgecolor=style.LAST_MOVE_COLOUR,
                linewidth=3.0,
                linestyle=(0, (3, 1.5)),
                zorder=7,
            ),
        )
    if coords:
        _draw_coords(ax, lat, everything, scale)
    if legend:
        _draw_legend(ax, getattr(game, "reserve", None))
    if status:
        ax.set_title(status_text(game), fontsize="medium")
    for one, bounds in zip(cards, panels):
        # an inset of its own: clicks on the card never land on a board cell
        draw_card(one, ax.inset_axes(bounds, transform=ax.transData))
    return ax


def _is_cell(value: Any) -> bool:
    return (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _cell_or_cells(option: Any, name: str) -> set[Cell]:
    """One cell or a collection of cells (None: none), as a set of cells."""
    if option is None:
        return set()
    cells = [option] if _is_cell(option) else list(option) if isinstance(option, Iterable) else [option]
    if not all(_is_cell(c) for c in cells):
        raise ValueError(f"{name} must be a cell such as (1, 0), cells, or None, not {option!r}")
    return {(int(c[0]), int(c[1])) for c in cells}


def _frame_points(frame: Any, lat: Lattice, everything: set[Cell]) -> tuple[list[tuple[float, float]], float]:
    """The points the picture must show, and the margin around them, for a ``frame`` option."""
    if frame is None:
        return board_extent(lat, everything or {(0, 0)}), 0.15
    items = list(frame) if isinstance(frame, Iterable) else None
    if items and len(items) == 4 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in items):
        xmin, ymin, xmax, ymax = (float(v) for v in items)
        if xmin < xmax and ymin < ymax:
            return [(xmin, ymin), (xmax, ymax)], 0.0
    elif items and all(_is_cell(c) for c in items):
        return board_extent(lat, {(int(c[0]), int(c[1])) for c in items}), 0.15
    raise ValueError(
        "frame must be cells such as [(0, 0), (1, 0)], or bounds (xmin, ymin, xmax, ymax) "
        f"with xmin < xmax and ymin < ymax, or None; not {frame!r}"
    )


def _card_list(card: Any) -> list[Any]:
    if card is None or card is False:
        return []
    if hasattr(card, "cells"):
        return [card]
    items = list(card)
    # a single card given as cells is a list of pairs of ints
    if items and all(isinstance(c, tuple) and len(c) == 2 and all(isinstance(v, int) for v in c) for c in items):
        return [items]
    return items


def draw_tile(ax: Axes, lat: Lattice, cell: Cell, kind: str, scale: float) -> None:
    """One tile on ``ax``: the cell in its animal's colour, with the animal's shape and letter (``scale``: points a unit)."""
    centre = lat.center(cell)
    fill = style.ANIMAL_COLOURS[kind]
    style.add(ax, style.cell_polygon(lat, cell, facecolor=fill, edgecolor=style.OUTLINE, linewidth=1.5, zorder=1))
    radius = 0.31 if lat.sides == 4 else 0.46
    if kind == "H":
        style.add(ax, style.glyph_shape("star", centre, radius * 1.15, facecolor="black", edgecolor="black", zorder=2))
        return
    style.add(
        ax,
        style.glyph_shape(
            style.ANIMAL_SHAPES[kind], centre, radius, facecolor="white", edgecolor="black", linewidth=1.2, zorder=2
        ),
    )
    ax.text(
        centre[0],
        centre[1],
        style.kind_letter(kind),
        ha="center",
        va="center_baseline",
        fontweight="bold",
        fontsize=0.3 * scale,
        color="black",
        zorder=3,
    )


def _draw_legal(ax: Axes, lat: Lattice, cells: set[Cell], board: Mapping[Cell, str]) -> None:
    for cell in cells:
        if cell in board:
            # a corner dot, leaving the tile's glyph readable
            cx, cy = lat.center(cell)
            corner = lat.corners(cell)[0]  # bottom-right, away from the padlock
            x, y = cx + 0.78 * (corner[0] - cx), cy + 0.78 * (corner[1] - cy)
            style.add(ax, Circle((x, y), 0.1, facecolor=style.LEGAL_COLOUR, edgecolor="white", linewidth=1, zorder=4))
        else:
            style.add(
                ax,
                style.cell_polygon(
                    lat,
                    cell,
                    scale=0.86,
                    facecolor="#DDEBF7",
                    edgecolor=style.LEGAL_COLOUR,
                    linewidth=1.6,
                    linestyle=(0, (2, 2)),
                    zorder=1,
                ),
            )


def _draw_pattern(ax: Axes, lat: Lattice, cells: set[Cell], scale: float) -> None:
    lines = style.outline(ax, style.outline_edges(lat, cells), style.PATTERN_COLOUR, max(3.0, 0.09 * scale), zorder=5)
    # a white halo keeps the line visible on every tile colour
    lines.set_path_effects(
        [path_effects.Stroke(linewidth=max(3.0, 0.09 * scale) + 3, foreground="white"), path_effects.Normal()]
    )


def _draw_lock(ax: Axes, lat: Lattice, cell: Cell) -> None:
    style.add(
        ax,
        style.cell_polygon(
            lat,
            cell,
            scale=0.92,
            facecolor="none",
            edgecolor=style.LOCK_COLOUR,
            linewidth=2.5,
            linestyle=(0, (3, 1.5)),
            zorder=6,
        ),
    )
    # a small padlock in the top-right of the cell
    cx, cy = lat.center(cell)
    size = 0.15 if lat.sides == 4 else 0.2
    x, y = cx + (0.3 if lat.sides == 4 else 0.48), cy + (0.26 if lat.sides == 4 else 0.3)
    style.add(
        ax,
        Wedge(
            (x, y + size * 0.45),
            size * 0.55,
            0,
            180,
            width=size * 0.2,
            facecolor=style.LOCK_COLOUR,
            edgecolor="none",
            zorder=7,
        ),
    )
    style.add(
        ax,
        FancyBboxPatch(
            (x - size * 0.7, y - size * 0.6),
            size * 1.4,
            size * 1.05,
            boxstyle="round,pad=0,rounding_size=0.02",
            facecolor=style.LOCK_COLOUR,
            edgecolor="white",
            linewidth=0.8,
            zorder=7,
        ),
    )


def _draw_coords(ax: Axes, lat: Lattice, cells: Iterable[Cell], scale: float) -> None:
    # In the top-left corner, clear of the glyph (the padlock takes the top-right), far
    # enough inside the cell, and on a white patch above every outline (legal, lock,
    # pattern): a dashed edge must never hide a minus sign.
    dx, dy = (-0.38, 0.38) if lat.sides == 4 else (-0.55, 0.42)
    for cell in cells:
        cx, cy = lat.center(cell)
        ax.text(
            cx + dx,
            cy + dy,
            f"{cell[0]},{cell[1]}",
            ha="left",
            va="top",
            fontsize=min(max(5.0, 0.12 * scale), 9.0),
            color="#222222",
            zorder=12,
            bbox={"boxstyle": "round,pad=0.12", "facecolor": "white", "edgecolor": "none", "alpha": 0.9},
        )


LEGEND_MARKERS = {"L": "D", "B": "^", "M": "o", "H": "*"}


def _draw_legend(ax: Axes, reserve: Mapping[str, int] | None) -> None:
    handles = []
    for kind in ("L", "B", "M", "H"):
        label = style.animal_name(kind)
        if reserve is not None and kind != "H":
            label = _("{animal} ({count} left)").format(animal=label, count=_reserve_count(reserve, kind))
        face = "black" if kind == "H" else style.ANIMAL_COLOURS[kind]
        handles.append(
            Line2D(
                [],
                [],
                linestyle="none",
                marker=LEGEND_MARKERS[kind],
                markersize=10,
                markerfacecolor=face,
                markeredgecolor="black",
                label=label,
            )
        )
    # one row when the figure is wide enough for it, else two (a legend wider than the
    # figure would defeat the layout and push the title out)
    wide = cast(Figure, ax.figure).get_figwidth() * ax.get_position().width >= (5.6 if reserve is not None else 4.2)
    ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=4 if wide else 2,
        frameon=False,
        fontsize="small",
        handletextpad=0.3,
        columnspacing=1.0,
    )


def _reserve_count(reserve: Mapping[Any, int], kind: str) -> int:
    for key, count in reserve.items():
        if str(getattr(key, "value", key)) == kind:
            return int(count)
    return 0


def status_text(game: object) -> str:
    """One line on the game: the result once over, else the turn and the player to move
    (nothing for a plain board)."""
    if not isinstance(game, Xochintlan):
        return ""
    if game.is_over:
        if game.winner is not None:
            kind = str(getattr(game.winning_kind, "value", game.winning_kind))
            animals = style.animal_plural(kind) if kind in style.ANIMAL_NAMES else "?"
            card = getattr(getattr(game, "winning_card", None), "name", "")
            if card:
                return _("Player {player} wins with {animals} (card {card})").format(
                    player=game.winner + 1, animals=animals, card=card
                )
            return _("Player {player} wins with {animals}").format(player=game.winner + 1, animals=animals)
        reason = {"tie": _("a tie: every animal is on the board"), "turn_limit": _("stopped at the turn limit")}
        return reason.get(getattr(game, "end_reason", ""), _("game over"))
    # people count from 1
    return _("Turn {turn}: player {player} to play").format(turn=game.turn + 1, player=game.current_player + 1)


def _card_panels(
    points: list[tuple[float, float]], count: int, lat: Lattice
) -> list[tuple[float, float, float, float]]:
    """Boxes (x, y, width, height) in drawing units right of the board, one per card, top down."""
    if not count:
        return []
    xs, ys = zip(*points)
    unit = 1.0 if lat.sides == 4 else 1.6
    width = max(3.2 * unit, 0.3 * (max(xs) - min(xs)))
    height = 1.2 * width
    top = max(ys)
    return [(max(xs) + 0.4 * unit, top - (i + 1) * height - 0.1 * i * unit, width, height) for i in range(count)]
