"""Polyform pictures: one goal card, or a printable gallery of many forms.

A form is drawn cell by cell from :meth:`Lattice.corners`, with a thick outline
around the whole shape so it reads on a projector and on paper. Under each form
of a gallery: its name and its symmetry marks, ``sym n`` (the number of the
lattice's rotations and reflections that map the form onto itself) and ``⇄``
when the form is chiral (its mirror image is a different one-sided form).

>>> from matplotlib.figure import Figure
>>> from xochintlan_hex.polyforms import polyforms
>>> ax = draw_polyforms(polyforms(5), ax=Figure().add_subplot())   # the 12 free pentominoes
>>> [t.get_text() for t in ax.texts][:4]
['F', 'sym 1 ⇄', 'I', 'sym 4']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection

from ..i18n import N_, _, ngettext
from ..lattice import Lattice, get_lattice
from . import style

Cell = tuple[int, int]

#: fill of a polyform's cells: pale, so the outline and a printout stay clear
FORM_COLOUR = "#A6D6F0"
CHIRAL_MARK = "⇄"
#: size of one cell in a new gallery figure: a 12-form gallery fits a page width
INCHES_PER_CELL = 0.3
#: the key to the symmetry marks (in English: translated where shown, with ``_``)
SYMMETRY_NOTE = N_("sym n: the form has n symmetries   ⇄: chiral (its mirror image is another form)")


#: the polyforms' words by size (one cell first), as a person reads them (translated where shown)
_NAMES = {
    "square": [
        N_("monomino"),
        N_("domino"),
        N_("tromino"),
        N_("tetromino"),
        N_("pentomino"),
        N_("hexomino"),
        N_("heptomino"),
        N_("octomino"),
        N_("nonomino"),
    ],
    "hex": [
        N_("monohex"),
        N_("dihex"),
        N_("trihex"),
        N_("tetrahex"),
        N_("pentahex"),
        N_("hexahex"),
        N_("heptahex"),
        N_("octahex"),
    ],
}
_PLURALS = {
    "square": [
        N_("monominoes"),
        N_("dominoes"),
        N_("trominoes"),
        N_("tetrominoes"),
        N_("pentominoes"),
        N_("hexominoes"),
        N_("heptominoes"),
        N_("octominoes"),
        N_("nonominoes"),
    ],
    "hex": [
        N_("monohexes"),
        N_("dihexes"),
        N_("trihexes"),
        N_("tetrahexes"),
        N_("pentahexes"),
        N_("hexahexes"),
        N_("heptahexes"),
        N_("octahexes"),
    ],
}


def form_word(n: int, lattice: str, plural: bool = False) -> str:
    """The word for a polyform of ``n`` cells on ``lattice`` ("pentomino", "pentahexes"), in the language in use.

    >>> form_word(5, "square", plural=True), form_word(3, "hex")
    ('pentominoes', 'trihex')
    """
    words = (_PLURALS if plural else _NAMES)[lattice]
    if n <= len(words):
        return _(words[n - 1])
    if lattice == "square":
        return ngettext("{n}-omino", "{n}-ominoes", 2 if plural else 1).format(n=n)
    return ngettext("{n}-hex", "{n}-hexes", 2 if plural else 1).format(n=n)


def caption_words(count: int, kind: str, forms: str) -> str:
    """ "12 free pentominoes": the count, the kind and the forms' word, in the language in use
    (where the adjective goes, and its plural, are the language's: "12 pentominos libres")."""
    if kind == "free":
        words = ngettext("{count} free {forms}", "{count} free {forms}", count)
    elif kind == "one-sided":
        words = ngettext("{count} one-sided {forms}", "{count} one-sided {forms}", count)
    else:
        words = ngettext("{count} fixed {forms}", "{count} fixed {forms}", count)
    return words.format(count=count, forms=forms)


def set_words(pieces: Any) -> str:
    """How a person names a set of pieces in the language in use ("12 free pentominoes", "12 pentominos
    libres"): its count, motion and forms' word when its pieces are one size, else its own name."""
    sizes = {piece.size for piece in pieces.pieces}
    if len(sizes) != 1 or pieces.motion not in ("free", "one-sided", "fixed"):
        return str(pieces.name)
    count = len(pieces.pieces)
    return caption_words(count, pieces.motion, form_word(sizes.pop(), pieces.lattice, plural=count != 1))


def form_cells(form: Any, lattice: str | Lattice | None = None) -> tuple[Lattice, list[Cell]]:
    """The lattice and cells of ``form``: a Polyform, or an iterable of cells with ``lattice``."""
    cells = getattr(form, "cells", form)
    lat = get_lattice(lattice if lattice is not None else getattr(form, "lattice", "square"))
    try:
        cells = [(int(x), int(y)) for x, y in cells]
    except (TypeError, ValueError):
        raise ValueError(f"form must be a Polyform or an iterable of (x, y) cells, not {form!r}") from None
    if not cells:
        raise ValueError("form has no cells: draw at least one cell")
    return lat, cells


def symmetry_label(form: Any) -> str:
    """The symmetry marks of ``form`` ("sym 2 ⇄"), or "" for a plain cell list."""
    order = getattr(form, "symmetry_order", None)
    if order is None:
        return ""
    return _("sym {order}").format(order=order) + (f" {CHIRAL_MARK}" if getattr(form, "is_chiral", False) else "")


def add_form(
    ax: Axes,
    lattice: Lattice,
    cells: Sequence[Cell],
    offset: tuple[float, float] = (0.0, 0.0),
    colour: str = FORM_COLOUR,
    width: float = 2.5,
) -> tuple[float, float, float, float]:
    """Draw the cells shifted by ``offset`` (drawing units); return their box (x0, y0, x1, y1)."""
    dx, dy = offset
    polygons = [[(x + dx, y + dy) for x, y in lattice.corners(cell)] for cell in cells]
    ax.add_collection(
        PolyCollection(polygons, facecolors=colour, edgecolors=style.OUTLINE, linewidths=0.6 * width / 2.5)
    )
    edges = [((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)) for a, b in style.outline_edges(lattice, cells)]
    style.outline(ax, edges, style.OUTLINE, width)
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _centred_offset(lattice: Lattice, cells: Sequence[Cell], centre: tuple[float, float]) -> tuple[float, float]:
    """The shift that puts the box of ``cells`` at ``centre``."""
    x0, y0, x1, y1 = _box(lattice, cells)
    return centre[0] - (x0 + x1) / 2, centre[1] - (y0 + y1) / 2


def _box(lattice: Lattice, cells: Iterable[Cell]) -> tuple[float, float, float, float]:
    points = [p for cell in cells for p in lattice.corners(cell)]
    xs, ys = zip(*points)
    return min(xs), min(ys), max(xs), max(ys)


@style.speaks_language
def draw_card(
    card: Any,
    ax: Axes | None = None,
    *,
    lattice: str | Lattice | None = None,
    colour: str = FORM_COLOUR,
    label: bool | str = True,
    symmetry: bool = True,
    frame: bool = True,
    language: str | None = None,
) -> Axes:
    """Draw one goal card: the form on a card with its name and symmetry marks.

    ``card`` is a Polyform or an iterable of cells (then give ``lattice``).
    ``label`` may be a text to show instead of the form's name; ``frame`` draws
    the card's rounded border; ``language`` ("en", "fr"; None: the kit's) the
    language of the symmetry marks.

    >>> from matplotlib.figure import Figure
    >>> ax = draw_card([(0, 0), (1, 0), (1, 1)], Figure().add_subplot(), label="a tromino")
    >>> [t.get_text() for t in ax.texts]
    ['a tromino']
    """
    lat, cells = form_cells(card, lattice)
    x0, y0, x1, y1 = _box(lat, cells)
    side = max(x1 - x0, y1 - y0) + 1.2
    ax = style.new_axes((2.2, 2.6), ax)
    add_form(ax, lat, cells, _centred_offset(lat, cells, (0.0, 0.0)), colour)
    title = label if isinstance(label, str) else getattr(card, "name", "") if label else ""
    marks = symmetry_label(card) if symmetry else ""
    half = side / 2
    band = 0.3 * side if (title or marks) else 0.0  # the text band under the form
    if frame:
        _card_frame(ax, -half, -half - band, side, side + band)
    ax.set_xlim(-half - 0.05, half + 0.05)
    ax.set_ylim(-half - band - 0.05, half + 0.05)
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()
    size = max(6.0, min(0.1 * side * style.points_per_unit(ax), 20.0))
    if title:
        ax.text(0, -half + 0.02 * side, title, ha="center", va="top", fontsize=size, fontweight="bold")
    if marks:
        ax.text(0, -half - band + 0.08 * side, marks, ha="center", va="bottom", fontsize=0.8 * size, color="#333333")
    return ax


def _card_frame(ax: Axes, x: float, y: float, width: float, height: float) -> None:
    from matplotlib.patches import FancyBboxPatch

    pad = 0.04 * width
    ax.add_patch(
        FancyBboxPatch(
            (x + pad, y + pad),
            width - 2 * pad,
            height - 2 * pad,
            boxstyle=f"round,pad=0,rounding_size={0.08 * width}",
            facecolor="white",
            edgecolor=style.GRID,
            linewidth=1.2,
            zorder=0,
        )
    )


@style.speaks_language
def draw_polyforms(
    forms: Sequence[Any],
    ncols: int | None = None,
    *,
    ax: Axes | None = None,
    lattice: str | Lattice | None = None,
    labels: bool | Sequence[str] = True,
    symmetry: bool = True,
    colour: str | Sequence[str] = FORM_COLOUR,
    note: bool = True,
    title: str | None = None,
    language: str | None = None,
) -> Axes:
    """A printable gallery of ``forms``, ``ncols`` per row, each with its name and symmetry marks.

    ``forms`` holds Polyforms (or cell lists, with ``lattice``). ``labels`` may be
    a list of texts instead of the names; ``colour`` one colour or one per form.
    ``note`` adds a line explaining the symmetry marks under the gallery; ``language``
    ("en", "fr"; None: the kit's) is the language of the marks and the note.
    """
    if len(forms) == 0:
        raise ValueError("forms is empty: give at least one polyform to draw")
    shapes = [form_cells(form, lattice) for form in forms]
    ncols = _columns(ncols, len(forms))
    if not isinstance(labels, bool) and len(labels) != len(forms):
        raise ValueError(f"labels must be True, False or one text per form ({len(forms)}), not {len(labels)} texts")
    grid = _Grid.fit(shapes, ncols, bool(labels) or symmetry)
    # never narrower than the symmetry note under the gallery
    width = max(grid.inches * grid.ncols * grid.slot + 0.2, 5.5 if note and symmetry else 1.5)
    ax = style.new_axes((width, max(grid.inches * (grid.nrows * grid.pitch + 0.5 * grid.unit) + 0.2, 1.5)), ax)
    colours = [colour] * len(forms) if isinstance(colour, str) else list(colour)
    for i, (lat, cells) in enumerate(shapes):
        add_form(ax, lat, cells, _centred_offset(lat, cells, grid.centre(i)), colours[i], width=2.0)
    x0, x1, y0, y1 = grid.limits(note and symmetry)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()
    _label_gallery(ax, forms, grid, labels, symmetry)
    if note and symmetry and any(symmetry_label(f) for f in forms):
        ax.text(
            0.5,
            0.0,
            _(SYMMETRY_NOTE),
            transform=ax.transAxes,
            ha="center",
            va="bottom",
            fontsize=max(7.0, min(0.4 * grid.unit * style.points_per_unit(ax), 12.0)),
            color="#444444",
        )
    if title:
        ax.set_title(title)
    return ax


@dataclass(frozen=True)
class _Grid:
    """Where each form of a gallery goes: equal slots, a label band under each row."""

    ncols: int
    nrows: int
    unit: float  # the size of one cell in drawing units (1 square, 1.6 hex)
    slot: float
    label_room: float

    @property
    def pitch(self) -> float:
        return self.slot + self.label_room

    @property
    def inches(self) -> float:
        return INCHES_PER_CELL / self.unit

    @classmethod
    def fit(cls, shapes: Sequence[tuple[Lattice, Sequence[Cell]]], ncols: int, labelled: bool) -> _Grid:
        unit = max(1.0 if lat.sides == 4 else 1.6 for lat, _ in shapes)
        widest = max(max(b[2] - b[0], b[3] - b[1]) for b in (_box(lat, cells) for lat, cells in shapes))
        return cls(ncols, math.ceil(len(shapes) / ncols), unit, widest + 0.9 * unit, 1.3 * unit if labelled else 0.0)

    def centre(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.ncols)
        return col * self.slot, -row * self.pitch

    def limits(self, note: bool) -> tuple[float, float, float, float]:
        """(xmin, xmax, ymin, ymax) around every slot, its labels, and the note's line if ``note``."""
        note_room = 0.5 * self.unit if note else 0.0
        return (
            -self.slot / 2,
            (self.ncols - 0.5) * self.slot,
            -(self.nrows - 1) * self.pitch - self.slot / 2 - self.label_room - note_room,
            self.slot / 2,
        )


def gallery_size(
    forms: Sequence[Any],
    ncols: int | None = None,
    *,
    lattice: str | Lattice | None = None,
    labels: bool | Sequence[str] = True,
    symmetry: bool = True,
    note: bool = True,
) -> tuple[float, float]:
    """The width and height, in drawing units, of what :func:`draw_polyforms` shows with
    the same arguments: size a figure to it and the gallery fills it, with no empty bands.

    >>> from xochintlan_hex.polyforms import polyforms
    >>> gallery_size(polyforms(5), ncols=6, note=False)      # two rows of six slots
    (35.4, 14.4)
    """
    if len(forms) == 0:
        raise ValueError("forms is empty: give at least one polyform to draw")
    ncols = _columns(ncols, len(forms))
    grid = _Grid.fit([form_cells(form, lattice) for form in forms], ncols, bool(labels) or symmetry)
    x0, x1, y0, y1 = grid.limits(note and symmetry)
    return (round(x1 - x0, 9), round(y1 - y0, 9))


def _columns(ncols: Any, count: int) -> int:
    """``ncols`` checked, or the default for ``count`` forms."""
    ncols = _default_columns(count) if ncols is None else ncols
    if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
        raise ValueError(f"ncols must be a positive number of columns, not {ncols!r}")
    return ncols


def _default_columns(count: int) -> int:
    # about twice as wide as tall: a page or a projector
    return max(1, min(count, math.ceil(math.sqrt(2 * count))))


def _label_gallery(ax: Axes, forms: Sequence[Any], grid: _Grid, labels: bool | Sequence[str], symmetry: bool) -> None:
    unit = grid.unit
    name_size = max(9.0, min(0.55 * unit * style.points_per_unit(ax), 22.0))
    marks_size = max(8.0, 0.75 * name_size)  # legible on a projector, however small the forms
    for i, form in enumerate(forms):
        x, y = grid.centre(i)
        y -= grid.slot / 2
        name = (getattr(form, "name", "") if labels else "") if isinstance(labels, bool) else labels[i]
        if name:
            ax.text(x, y + 0.05 * unit, name, ha="center", va="top", fontsize=name_size, fontweight="bold")
        marks = symmetry_label(form) if symmetry else ""
        if marks:
            ax.text(x, y - 0.62 * unit, marks, ha="center", va="top", fontsize=marks_size, color="#333333")
