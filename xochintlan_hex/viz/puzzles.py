"""Tiling pictures: one solution, a gallery of solutions, and pieces to print and cut out.

Each piece keeps one colour and one letter wherever it appears (the F pentomino
is always the same orange), so a class can compare pictures. The colours come
from the Okabe-Ito and Paul Tol palettes, chosen to stay apart for the common
forms of colour blindness; the letter on every piece and the thick outline
between pieces mean colour is never the only cue.

>>> from matplotlib.figure import Figure
>>> from xochintlan_hex.puzzles import Puzzle
>>> puzzle = Puzzle("3x20", "pentominoes")
>>> ax = draw_tiling(puzzle, puzzle.solve(), ax=Figure().add_subplot())
>>> sorted(t.get_text() for t in ax.texts)
['F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z']
"""

from __future__ import annotations

import math
import os
import secrets
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure

# One colour per piece index, and the empty cell's: the SVG boards' own palette.
from ..drawing.palette import EMPTY_COLOUR as EMPTY_COLOUR
from ..drawing.palette import PIECE_COLOURS as PIECE_COLOURS
from ..drawing.palette import text_colour
from ..drawing.tiling import neighbour_safe_colours
from ..i18n import N_, _, number_text
from ..lattice import get_lattice
from ..puzzles import PieceSet, Placement, Puzzle, Region, piece_set
from . import style
from .polyforms import set_words

#: size of one cell on screen, in inches
INCHES_PER_CELL = 0.45
#: a printed square cell, or the distance between two printed hexagons' centres
PRINT_CELL_CM = 2.0
A4_CM = (21.0, 29.7)


def piece_colour(index: int) -> str:
    """The colour of piece number ``index``."""
    return PIECE_COLOURS[index % len(PIECE_COLOURS)]


def _as_region_and_labels(region: Any, solution: Iterable[Placement]) -> tuple[Region, dict[int, str]]:
    if isinstance(region, Puzzle):
        return region.region, dict(enumerate(region.pieces.labels))
    region = region if isinstance(region, Region) else Region(region)
    return region, {p.piece: p.name for p in solution}


@style.speaks_language
def draw_tiling(
    region: Any,
    solution: Iterable[Placement] | None,
    ax: Axes | None = None,
    *,
    labels: bool = True,
    title: str | None = None,
    language: str | None = None,
) -> Axes:
    """Draw ``solution`` (placements, possibly a partial position) on ``region``.

    ``region`` is a :class:`Puzzle` (its pieces' one-letter labels are used), a
    :class:`Region` or anything Region accepts (then each piece shows its name).
    Empty cells are pale grey. The picture has no words of its own; ``language`` is
    taken for the sake of a common signature with the kit's other pictures.
    """
    solution = tuple(solution or ())
    region, names = _as_region_and_labels(region, solution)
    lat = get_lattice(region.lattice)
    points = [p for cell in region.cells for p in lat.corners(cell)]
    xs, ys = zip(*points)
    figsize = (
        max(1.5, INCHES_PER_CELL * (max(xs) - min(xs)) / _unit(lat)),
        max(1.0, INCHES_PER_CELL * (max(ys) - min(ys)) / _unit(lat) + (0.3 if title else 0)),
    )
    ax = style.new_axes(figsize, ax)
    ax.add_collection(
        PolyCollection(
            [lat.corners(c) for c in region.cells], facecolors=EMPTY_COLOUR, edgecolors=style.GRID, linewidths=0.5
        )
    )
    colours = neighbour_safe_colours(lat, solution)
    for p, colour in zip(solution, colours):
        _draw_piece(ax, lat, p.cells, colour)
    style.outline(ax, style.outline_edges(lat, region.cells), style.OUTLINE, 2.5)
    style.finish_board_axes(ax, points, margin=0.1)
    if labels and solution:
        size = max(6.0, min(0.45 * _unit(lat) * style.points_per_unit(ax), 22.0))
        for p in solution:
            x, y = label_spot(lat, p.cells)
            ax.text(
                x,
                y,
                names.get(p.piece, p.name),
                ha="center",
                va="center",
                fontsize=size,
                fontweight="bold",
                color=text_colour(colours[solution.index(p)]),
            )
    if title:
        ax.set_title(title)
    return ax


def _unit(lat) -> float:
    """Distance between neighbouring cell centres in drawing units."""
    (x0, y0), (x1, y1) = lat.center((0, 0)), lat.center(lat.neighbour((0, 0), 0))
    return math.hypot(x1 - x0, y1 - y0)


def _draw_piece(ax: Axes, lat, cells: Sequence, colour: str, width: float = 2.0) -> None:
    ax.add_collection(
        PolyCollection([lat.corners(c) for c in cells], facecolors=colour, edgecolors=colour, linewidths=0.8)
    )
    style.outline(ax, style.outline_edges(lat, cells), style.OUTLINE, width)


def label_spot(lat, cells: Sequence) -> tuple[float, float]:
    """The centre of the piece's cell nearest its centre of mass (inside the piece, even for a V or an L)."""
    centres = [lat.center(c) for c in cells]
    mx = sum(x for x, _ in centres) / len(centres)
    my = sum(y for _, y in centres) / len(centres)
    return min(centres, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)


@style.speaks_language
def draw_tilings(
    puzzle: Puzzle,
    solutions: Sequence[Sequence[Placement]],
    ncols: int = 4,
    *,
    fig: Figure | None = None,
    titles: Sequence[str] | bool = True,
    language: str | None = None,
) -> Figure:
    """A gallery: each solution of ``puzzle`` drawn small, ``ncols`` per row, numbered by default.

    ``language`` ("en", "fr"; None: the kit's): as for :func:`draw_tiling`.
    """
    solutions = list(solutions)
    if not solutions:
        raise ValueError("solutions is empty: give at least one solution to draw")
    ncols = max(1, min(ncols, len(solutions)))
    nrows = math.ceil(len(solutions) / ncols)
    lat = get_lattice(puzzle.region.lattice)
    points = [p for cell in puzzle.region.cells for p in lat.corners(cell)]
    xs, ys = zip(*points)
    width = 0.25 * (max(xs) - min(xs)) / _unit(lat)
    height = 0.25 * (max(ys) - min(ys)) / _unit(lat) + 0.3
    if fig is None:
        import matplotlib.pyplot as plt  # only for a new figure, which Jupyter then shows

        fig = plt.figure(figsize=(ncols * width + 0.2, nrows * height + 0.2), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False)
    for i, ax in enumerate(axes.flat):
        if i >= len(solutions):
            ax.set_axis_off()
            continue
        label = (titles[i] if not isinstance(titles, bool) else f"{i + 1}") if titles else None
        draw_tiling(puzzle, solutions[i], ax=ax, title=None)
        if label:
            ax.set_title(label, fontsize="small")
    return fig


# -- printing ---------------------------------------------------------------------------
@style.speaks_language
def pieces_pages(
    pieces: PieceSet | str, cell_cm: float = PRINT_CELL_CM, margin_cm: float = 0.8, *, language: str | None = None
) -> list[Figure]:
    """A4 pages with every piece of the set at real size (``cell_cm`` per cell), to print and cut out.

    Pieces lie flat (turned to their lowest height) in rows, tallest first, each
    with its name; a page holds as many as fit, and more pages follow. Save with :func:`save_pdf`; print at 100 %.
    ``language`` ("en", "fr"; None: the kit's) is the language of the captions.
    """
    pieces = piece_set(pieces)
    lat = get_lattice(pieces.lattice)
    scale = cell_cm / _unit(lat)  # centimetres per drawing unit
    shapes = []
    for index, piece in enumerate(pieces.pieces):
        form = _lying_flat(piece, lat, pieces.motion)
        for _copy in range(pieces.copies[index]):
            corners = [p for c in form.cells for p in lat.corners(c)]
            xs, ys = zip(*corners)
            shapes.append((index, form, min(xs), min(ys), (max(xs) - min(xs)) * scale, (max(ys) - min(ys)) * scale))
    shapes.sort(key=lambda s: (-s[5], -s[4]))
    gap = 0.4
    usable_w, usable_h = A4_CM[0] - 2 * margin_cm, A4_CM[1] - 2 * margin_cm
    pages: list[Figure] = []
    shelves: list[list[float]] = []  # on the current page: [top, height, width used]
    for index, form, left, bottom, w, h in shapes:
        # First fit on shelves, tallest pieces first: each piece goes on the first
        # shelf of the page with room left, else on a new shelf, else a new page.
        shelf = next((s for s in shelves if s[2] + w <= usable_w), None)
        if shelf is None:
            top = shelves[-1][0] + shelves[-1][1] + gap if shelves else 0.0
            if not pages or top + h > usable_h:
                pages.append(
                    _a4_page(
                        margin_cm,
                        _(
                            "{pieces}, page {page}. Print at 100 % (actual size): {cells}; cut along the black lines."
                        ).format(pieces=set_words(pieces), page=len(pages) + 1, cells=_cell_words(lat.name, cell_cm)),
                    )
                )
                shelves, top = [], 0.0
            shelf = [top, h, 0.0]
            shelves.append(shelf)
        x = shelf[2]
        shelf[2] += w + gap
        # page y grows upwards from the bottom edge; the shelf's top is measured from the page's top
        dx = margin_cm + x - left * scale
        dy = A4_CM[1] - margin_cm - shelf[0] - h - bottom * scale
        _print_piece(pages[-1].axes[0], lat, form, scale, (dx, dy), piece_colour(index), pieces.names[index])
    return pages


def _print_piece(ax: Axes, lat, form, scale: float, shift: tuple[float, float], colour: str, name: str) -> None:
    dx, dy = shift
    polygons = [[(px * scale + dx, py * scale + dy) for px, py in lat.corners(c)] for c in form.cells]
    ax.add_collection(PolyCollection(polygons, facecolors=colour, edgecolors="#555555", linewidths=0.4, alpha=0.55))
    edges = [
        ((a[0] * scale + dx, a[1] * scale + dy), (b[0] * scale + dx, b[1] * scale + dy))
        for a, b in style.outline_edges(lat, form.cells)
    ]
    style.outline(ax, edges, "black", 1.2)
    x, y = label_spot(lat, form.cells)
    ax.text(x * scale + dx, y * scale + dy, name, ha="center", va="center", fontsize=14, fontweight="bold")


def _lying_flat(form, lat, motion: str):
    """The piece turned to its lowest height (turns only: a printed piece is flipped by hand, if at all)."""
    if motion == "fixed":
        return form

    def height(turned) -> float:
        ys = [y for c in turned.cells for _, y in lat.corners(c)]
        return max(ys) - min(ys)

    return min((form.rotate(k) for k in range(lat.sides)), key=height)


def _cell_words(lattice: str, cell_cm: float) -> str:
    if lattice == "square":
        return _("each square is {size} cm wide").format(size=number_text(cell_cm))
    return _("hexagons are {size} cm across the flats").format(size=number_text(cell_cm))


def _a4_page(margin_cm: float, caption: str) -> Figure:
    """A blank A4 figure whose data units are centimetres from the bottom-left corner."""
    fig = Figure(figsize=(A4_CM[0] / 2.54, A4_CM[1] / 2.54))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, A4_CM[0])
    ax.set_ylim(0, A4_CM[1])
    ax.set_axis_off()
    ax.text(margin_cm, margin_cm / 2, caption, fontsize=8, color="#444444", va="center")
    return fig


#: a poker-size playing card
CARD_CM = (6.3, 8.8)


@style.speaks_language
def card_pages(
    cards: Sequence[Any] | None = None, card_cm: tuple[float, float] = CARD_CM, *, language: str | None = None
) -> list[Figure]:
    """A4 pages of goal cards at real size (poker cards, 6.3 x 8.8 cm), nine to a page, to print and cut out.

    ``cards`` defaults to the 18 one-sided pentominoes, Xochintlan's goal cards; ``language``
    ("en", "fr"; None: the kit's) is the language of the captions.
    """
    from ..polyforms import polyforms
    from .polyforms import draw_card

    cards = list(polyforms(5, "square", "one-sided") if cards is None else cards)
    per_row = int(A4_CM[0] // card_cm[0])
    per_column = int(A4_CM[1] // card_cm[1])
    left = (A4_CM[0] - per_row * card_cm[0]) / 2
    top = (A4_CM[1] - per_column * card_cm[1]) / 2
    pages: list[Figure] = []
    for i, card in enumerate(cards):
        slot = i % (per_row * per_column)
        if slot == 0:
            pages.append(
                _a4_page(
                    0.8,
                    _(
                        "Goal cards, page {page}. Print at 100 % (actual size): each card is {width} x {height} cm; "
                        "cut along the grey lines."
                    ).format(page=len(pages) + 1, width=number_text(card_cm[0]), height=number_text(card_cm[1])),
                )
            )
        row, column = divmod(slot, per_row)
        x = left + column * card_cm[0]
        y = A4_CM[1] - top - (row + 1) * card_cm[1]
        ax = pages[-1].add_axes((x / A4_CM[0], y / A4_CM[1], card_cm[0] / A4_CM[0], card_cm[1] / A4_CM[1]))
        draw_card(card, ax)
        ax.set_axis_on()  # a thin cutting frame: the axes' own border
        ax.set_xticks([])
        ax.set_yticks([])
        for spine in ax.spines.values():
            spine.set_edgecolor(style.GRID)
        ax.set_aspect("auto")
    return pages


#: the shipped tile sets' names, as a person reads them (translated where shown)
TILESET_NAMES = {"Hextremadura: the kit set": N_("Hextremadura: the kit set")}
#: a printed Hextremadura tile, corner to corner (a board-game size; the rules give none)
TILE_CM = 6.0


@style.speaks_language
def tile_pages(tileset: Any = None, across_corners_cm: float = TILE_CM, *, language: str | None = None) -> list[Figure]:
    """A4 pages of Hextremadura tiles at real size: the fronts, then the backs, to print and cut out.

    Print both sides of one sheet (flip on the long edge): each back page holds
    the backs in mirrored columns, so every back lands behind its own front.
    Or print single-sided and glue each back (same id) behind its front. Each
    face may point any way up: the rules let a tile be turned freely. ``language`` ("en",
    "fr"; None: the kit's) is the language of the captions and of the objectives' words.
    """
    from ..hextremadura import load_tileset
    from .hextremadura import draw_face

    tileset = load_tileset(tileset)
    radius = across_corners_cm / 2
    # a pointy-top hexagon is its circumradius times the lattice's unit hexagon: as wide as it is across the flats
    corners = get_lattice("hex").corners((0, 0))
    width = radius * (max(x for x, _ in corners) - min(x for x, _ in corners))
    height, gap = 2 * radius, 0.3
    columns = int((A4_CM[0] - 1.6 + gap) // (width + gap))
    rows = int((A4_CM[1] - 1.6 + gap) // (height + gap))
    per_page = columns * rows
    left = (A4_CM[0] - columns * width - (columns - 1) * gap) / 2
    top = (A4_CM[1] - rows * height - (rows - 1) * gap) / 2
    tiles = list(tileset)
    pages: list[Figure] = []
    for face in ("front", "back"):
        for start in range(0, len(tiles), per_page):
            sheet = len(pages) % max(1, math.ceil(len(tiles) / per_page)) + 1
            faces = _("fronts") if face == "front" else _("backs")
            page = _a4_page(
                0.8,
                _(
                    "{tileset}: {faces}, sheet {sheet}. Print at 100 % (actual size): tiles are {size} cm corner to "
                    "corner.\nPrint the backs on the back of the sheets (flip on the long edge), or glue each back "
                    "behind its front."
                ).format(
                    tileset=style.word(TILESET_NAMES, tileset.name),
                    faces=faces,
                    sheet=sheet,
                    size=number_text(across_corners_cm),
                ),
            )
            for slot, spec in enumerate(tiles[start : start + per_page]):
                row, column = divmod(slot, columns)
                if face == "back":
                    column = columns - 1 - column  # mirrored, so that a back lies behind its front
                x = left + column * (width + gap)
                y = A4_CM[1] - top - (row + 1) * height - row * gap
                ax = page.add_axes((x / A4_CM[0], y / A4_CM[1], width / A4_CM[0], height / A4_CM[1]))
                ax.set_xlim(-width / 2 / radius, width / 2 / radius)
                ax.set_ylim(-1, 1)
                ax.set_axis_off()
                draw_face(ax, (0.0, 0.0), spec, face, 0, scale=radius / 2.54 * 72)
            pages.append(page)
    return pages


def save_pdf(pages: Sequence[Figure], path: str | os.PathLike) -> None:
    """Write ``pages`` to one PDF file, one page each, whole or not at all.

    The pages go to a temporary file beside ``path``, renamed over it once
    complete: stopped halfway (Ctrl-C, a full disk), the old file stays as it was.
    """
    from matplotlib.backends.backend_pdf import PdfPages

    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with PdfPages(temporary) as pdf:
            for page in pages:
                pdf.savefig(page)
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
