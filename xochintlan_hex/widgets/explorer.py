"""PolyformExplorer: browse the polyforms of a size, turn and mirror one, see its symmetries.

>>> ex = PolyformExplorer(size=5, kind="free")
>>> len(ex.forms), ex.selected.name
(12, 'F')
>>> ex.mirror().selected.name
"F'"
"""

from __future__ import annotations

import math
from typing import Any

import ipywidgets as w
from matplotlib.collections import PolyCollection

from .. import polyforms as pf
from ..i18n import N_, _, ngettext, use_language
from ..lattice import get_lattice
from ..polyforms import Polyform
from ..viz.polyforms import SYMMETRY_NOTE, caption_words, draw_card, draw_polyforms, form_word, gallery_size
from ..xochintlan import Rules, card_placements
from .base import (
    COMPACT_TOGGLES,
    App,
    BoardCanvas,
    app_root,
    board_axes,
    css,
    data_to_fraction,
    escape,
    is_finite_point,
    speaking,
)
from .keys import KeyScope

#: the size of a Xochintlan goal card
CARD_SIZE = 5
#: largest size offered per lattice (listing stays well under a second)
MAX_SIZE = {"square": 9, "hex": 8}
#: forms per gallery page, and columns of the gallery
PAGE_SIZE = 24
COLUMNS = 6
#: the gallery canvas (inches): at most this wide and tall, at least this wide and tall; and
#: at most this many inches per cell, so that a few small forms are not blown up
GALLERY_MAX = (4.6, 3.3)
GALLERY_MIN = (2.4, 1.2)
MAX_INCHES_PER_CELL = 0.36
#: drawing units per cell (as the pictures measure a form's size)
CELL_UNITS = {"square": 1.0, "hex": 1.6}
#: where the gallery's axes sit on its figure (fractions)
GALLERY_RECT = (0.01, 0.01, 0.98, 0.98)
#: the explorer's keys (while it has the keyboard), as its key line names them
KEYS = {"r": N_("turn"), "m": N_("mirror"), "ArrowLeft": N_("page back"), "ArrowRight": N_("next page")}
#: the lattices and the kinds of forms, as the controls name them (translated where shown)
LATTICE_NAMES = {"square": N_("square"), "hex": N_("hex")}
KIND_WORDS = {"free": N_("free"), "one-sided": N_("one-sided"), "fixed": N_("fixed")}
#: gallery colours: every form, and the one selected
FORM_COLOUR = "#A6D6F0"
SELECTED_COLOUR = "#E69F00"


def gallery_figsize(width: float, height: float, lattice: str = "square") -> tuple[float, float]:
    """The gallery canvas's size (inches) for a gallery of ``width`` x ``height`` drawing units.

    The canvas takes the gallery's shape, so a page of a few forms has no empty
    bands above and below them, and the controls under it stay close.

    >>> gallery_figsize(35.4, 14.4)       # 12 pentominoes in 6 columns: the full width, a short canvas
    (4.6, 1.87)
    """
    _, _, fw, fh = GALLERY_RECT  # the axes' share of the canvas
    scale = min(GALLERY_MAX[0] * fw / width, GALLERY_MAX[1] * fh / height, MAX_INCHES_PER_CELL / CELL_UNITS[lattice])
    return (round(max(width * scale / fw, GALLERY_MIN[0]), 2), round(max(height * scale / fh, GALLERY_MIN[1]), 2))


def symmetry_text(form: Polyform) -> str:
    """The symmetry group of ``form`` in words: its name (Cn or Dn), order, turns and mirror lines.

    Cn: the n turns that map the form onto itself; Dn: those and n mirror lines.

    >>> symmetry_text(Polyform.from_text("###\\n.#."))
    'Symmetry group D1, order 2: no turn, 1 mirror line'
    >>> symmetry_text(Polyform.from_text("##.\\n.##"))
    'Symmetry group C2, order 2: turn by 180°, no mirror line'
    """
    sides = get_lattice(form.lattice).sides
    group = form.symmetry_group()
    turns = [i for i in group if 0 < i < sides]
    mirrors = sum(i >= sides for i in group)
    name = f"{'D' if mirrors else 'C'}{len(turns) + 1}"
    if turns:
        turn_words = ngettext("turn by {angles}", "turns by {angles}", len(turns)).format(
            angles=", ".join(f"{i * 360 // sides}°" for i in turns)
        )
    else:
        turn_words = _("no turn")
    mirror_words = (
        ngettext("{count} mirror line", "{count} mirror lines", mirrors).format(count=mirrors)
        if mirrors
        else _("no mirror line")
    )
    return _("Symmetry group {name}, order {order}: {turns}, {mirrors}").format(
        name=name, order=len(group), turns=turn_words, mirrors=mirror_words
    )


def placements_around_human(form: Polyform) -> tuple[int, int]:
    """The ways ``form`` can stand on a board with one of its cells on the Human's cell.

    Returns (turns only, turns and mirror images): a goal card matches up to
    rotation by default, up to rotation and reflection in the variant. For
    five-cell forms (the goal cards) the Xochintlan engine lists the placements
    (``card_placements``); for other sizes the same count is each distinct
    orientation once per cell that could be the Human.

    >>> placements_around_human(Polyform.from_text("#.\\n#.\\n#.\\n##"))   # L: 4 turns x 5 cells, 8 x 5
    (20, 40)
    """
    if form.size == CARD_SIZE:
        rules = [Rules(lattice=form.lattice, match=match) for match in ("rotation", "rotation+reflection")]
        turns, both = (len(card_placements(form, r)) for r in rules)
        return turns, both
    return (len(form.orientations("one-sided")) * form.size, len(form.orientations("free")) * form.size)


class PolyformExplorer(App):
    """Choose a lattice, a size and a kind; browse the forms; turn and mirror the selected one.

    Methods (the buttons call the same): :meth:`set_lattice`, :meth:`set_size`,
    :meth:`set_kind`, :meth:`select`, :meth:`rotate`, :meth:`mirror`,
    :meth:`next_page`, :meth:`previous_page`. Click a form in the gallery to select it.
    """

    def __init__(self, lattice: str = "square", size: int = 5, kind: str = "free", language: str | None = None) -> None:
        self._speak(language)
        self.lattice = get_lattice(lattice).name
        _check_size(size, self.lattice)
        if kind not in pf.KINDS:
            raise ValueError(f"kind must be one of {list(pf.KINDS)}, not {kind!r}")
        self.size, self.kind = size, kind
        self.page = 0
        self.forms: tuple[Polyform, ...] = ()
        self.selected_index = 0
        self.selected: Polyform = Polyform([(0, 0)], self.lattice)
        with use_language(self.language):
            self._build_widgets()
            self._load_forms()

    # -- the actions -----------------------------------------------------------------
    @speaking
    def set_lattice(self, lattice: str) -> PolyformExplorer:
        """Show the forms of ``lattice`` ("square" or "hex"), keeping the size when it fits."""
        self.lattice = get_lattice(lattice).name
        self.size = min(self.size, MAX_SIZE[self.lattice])
        self._load_forms()
        return self

    @speaking
    def set_size(self, size: int) -> PolyformExplorer:
        """Show the forms of ``size`` cells."""
        _check_size(size, self.lattice)
        self.size = size
        self._load_forms()
        return self

    @speaking
    def set_kind(self, kind: str) -> PolyformExplorer:
        """List the "free", "one-sided" or "fixed" forms; the selected form stays selected, as it is turned."""
        if kind not in pf.KINDS:
            raise ValueError(f"kind must be one of {list(pf.KINDS)}, not {kind!r}")
        self.kind = kind
        self._load_forms(keep=self.selected)
        return self

    @speaking
    def select(self, which: int | str) -> PolyformExplorer:
        """Select a form of the gallery by its index or its name."""
        index = self._index_of(which)
        self.selected_index = index
        self.selected = self.forms[index]
        self.page = index // PAGE_SIZE
        self._show()
        return self

    @speaking
    def rotate(self, turns: int = 1) -> PolyformExplorer:
        """Turn the selected form counter-clockwise (a quarter or a sixth of a turn)."""
        return self._transform(self.selected.rotate(turns))

    @speaking
    def mirror(self) -> PolyformExplorer:
        """Mirror the selected form left-right."""
        return self._transform(self.selected.mirror())

    @speaking
    def next_page(self) -> PolyformExplorer:
        """Show the next page of the gallery."""
        self.page = min(self.page + 1, self.pages - 1)
        self._show_gallery()
        return self

    @speaking
    def previous_page(self) -> PolyformExplorer:
        """Show the previous page of the gallery."""
        self.page = max(self.page - 1, 0)
        self._show_gallery()
        return self

    # -- what is shown -------------------------------------------------------------------
    @property
    def pages(self) -> int:
        """How many gallery pages the forms fill."""
        return max(1, math.ceil(len(self.forms) / PAGE_SIZE))

    @property
    def page_forms(self) -> tuple[Polyform, ...]:
        """The forms on the gallery page shown."""
        return self.forms[self.page * PAGE_SIZE : (self.page + 1) * PAGE_SIZE]

    @property
    @speaking
    def caption(self) -> str:
        """The gallery's caption, e.g. "12 free pentominoes"."""
        count = len(self.forms)
        text = caption_words(count, self.kind, form_word(self.size, self.lattice, plural=count != 1))
        if self.pages > 1:
            first = self.page * PAGE_SIZE + 1
            text += " · " + _("showing {first}–{last}").format(first=first, last=first + len(self.page_forms) - 1)
        return text

    @property
    def placements(self) -> tuple[int, int]:
        """Placements of the selected form around the Human: (turns only, with mirror images)."""
        return placements_around_human(self.selected)

    def form_to_canvas_fraction(self, index: int) -> tuple[float, float]:
        """Where the gallery draws form ``index`` (on the page shown), as canvas fractions from the top-left."""
        centres = self._gallery_centres()
        return data_to_fraction(self._gallery_ax, centres[index - self.page * PAGE_SIZE])

    @speaking
    def static_png(self) -> bytes | None:
        """A picture of the gallery page shown (PNG bytes), kept in saved notebooks."""
        return self._gallery.png()

    # -- internals ---------------------------------------------------------------------
    def _index_of(self, which: int | str) -> int:
        if isinstance(which, str):
            names = [f.name for f in self.forms]
            if which not in names:
                raise ValueError(f"no form named {which!r} here; the names are {names[:20]}")
            return names.index(which)
        if isinstance(which, bool) or not isinstance(which, int) or not 0 <= which < len(self.forms):
            raise ValueError(f"which must be a form index in 0..{len(self.forms) - 1} or a name, not {which!r}")
        return which

    def _transform(self, form: Polyform) -> PolyformExplorer:
        self.selected = form
        # The gallery marks the listed form of the same class (after a mirror, F' for F).
        self.selected_index = self._class_index.get(form.canonical(self.kind), self.selected_index)
        self.page = self.selected_index // PAGE_SIZE
        self._show()
        return self

    def _load_forms(self, keep: Polyform | None = None) -> None:
        """List the forms of the lattice, size and kind; select ``keep`` (its listed form), else the first."""
        self.forms = pf.polyforms(self.size, self.lattice, self.kind)
        self._class_index = {form.canonical(self.kind): i for i, form in enumerate(self.forms)}
        index = None if keep is None else self._class_index.get(keep.canonical(self.kind))
        if index is None:
            index, keep = 0, None
        self.selected_index = index
        self.selected = self.forms[index] if keep is None else keep
        self.page = index // PAGE_SIZE
        self._sync_controls()
        self._show()

    def _show(self) -> None:
        self._show_gallery()
        self._show_selected()

    def _show_gallery(self) -> None:
        ax = self._gallery_ax
        ax.clear()
        forms = self.page_forms
        start = self.page * PAGE_SIZE
        colours = [SELECTED_COLOUR if start + i == self.selected_index else FORM_COLOUR for i in range(len(forms))]
        columns = min(COLUMNS, len(forms))
        # The canvas takes the page's shape first: the labels are sized for the final canvas.
        self._fit_gallery(gallery_figsize(*gallery_size(forms, columns, note=False), self.lattice))
        # The symmetry marks are explained under the gallery, in the page, rather than in the picture.
        draw_polyforms(forms, ncols=columns, ax=ax, colour=colours, note=False)
        self._gallery.refresh()
        self._caption.value = self.caption
        self._page_label.value = _("page {page} of {pages}").format(page=self.page + 1, pages=self.pages)
        self._previous.disabled = self.page == 0
        self._next.disabled = self.page >= self.pages - 1
        # The drop-down lists the page's forms only: thousands of options would make the page sluggish.
        # The selected form is listed first when it is on another page, so the drop-down always names it.
        start = self.page * PAGE_SIZE
        options = [(f"{start + i + 1}. {f.name}", start + i) for i, f in enumerate(forms)]
        if not start <= self.selected_index < start + len(forms):
            index = self.selected_index
            options.insert(
                0,
                (
                    _("{number}. {name} (selected, page {page})").format(
                        number=index + 1, name=self.forms[index].name, page=index // PAGE_SIZE + 1
                    ),
                    index,
                ),
            )
        if list(self._form_choice.options) != options:
            self._quiet_set(self._form_choice, options, "options")
        self._quiet_set(self._form_choice, self.selected_index)

    def _show_selected(self) -> None:
        ax = self._form_ax
        ax.clear()
        draw_card(self.selected, ax=ax)
        self._form_board.refresh()
        form = self.selected
        # One idea per line, so lines break between ideas, not in the middle of one.
        chiral = "<br>" + escape(_("Chiral: its mirror image is another form.")) if form.is_chiral else ""
        selected = escape(_("Selected: {name}").format(name=form.name))
        self._name.value = f"<b>{selected}</b> ({escape(form_word(form.size, form.lattice))}){chiral}"
        self._symmetry.value = escape(symmetry_text(form))
        turns, both = self.placements
        if form.size == CARD_SIZE:
            words = _("Around the Human: {turns} placements as a goal card (turns only), {both} with mirror images")
        else:
            words = _(
                "Around the Human: {turns} placements were it a goal card (turns only), {both} with mirror images"
            )
        self._placements.value = escape(words.format(turns=turns, both=both))

    def _fit_gallery(self, size: tuple[float, float]) -> None:
        """Give the gallery canvas ``size`` inches (the page resizes it too), when it differs."""
        figure = self._gallery.figure
        if tuple(round(float(v), 2) for v in figure.get_size_inches()) != size:
            figure.set_size_inches(*size, forward=True)

    def _gallery_centres(self) -> list[tuple[float, float]]:
        # draw_polyforms draws each form as one filled collection, in order: their boxes locate the forms.
        fills = [c for c in self._gallery_ax.collections if isinstance(c, PolyCollection)]
        centres = []
        for fill in fills:
            box = fill.get_datalim(self._gallery_ax.transData)
            centres.append(((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))
        return centres

    @speaking
    def _on_gallery_click(self, event: Any) -> None:
        if event.inaxes is not self._gallery_ax or not is_finite_point(event.xdata, event.ydata):
            return
        centres = self._gallery_centres()
        if not centres:
            return
        distances = [math.dist(c, (event.xdata, event.ydata)) for c in centres]
        nearest = min(range(len(centres)), key=distances.__getitem__)
        self.select(self.page * PAGE_SIZE + nearest)

    def _build_widgets(self) -> None:
        self._lattice_choice = css(
            w.ToggleButtons(options=self._lattice_options(), value=self.lattice, style=COMPACT_TOGGLES), "xh-lattice"
        )
        self._size_choice = css(
            w.Dropdown(description=_("Size"), layout=w.Layout(width="150px"), style={"description_width": "60px"}),
            "xh-size",
        )
        self._kind_choice = css(
            w.ToggleButtons(options=self._kind_options(), value=self.kind, style=COMPACT_TOGGLES), "xh-kind"
        )
        self._lattice_choice.observe(self._from_control(self.set_lattice), "value")
        self._size_choice.observe(self._from_control(self.set_size), "value")
        self._kind_choice.observe(self._from_control(self.set_kind), "value")

        self._gallery = BoardCanvas(GALLERY_MAX, board_class="xh-gallery-board")
        self._gallery_ax = board_axes(self._gallery.figure, GALLERY_RECT)
        self._gallery.connect("button_press_event", self._on_gallery_click)
        self._caption = css(w.Label(), "xh-caption")
        self._previous = css(w.Button(description=_("◀ Previous"), layout=w.Layout(width="auto")), "xh-previous")
        self._next = css(w.Button(description=_("Next ▶"), layout=w.Layout(width="auto")), "xh-next")
        self._page_label = w.Label()
        self._previous.on_click(lambda _button: self.previous_page())
        self._next.on_click(lambda _button: self.next_page())
        self._form_choice = css(
            w.Dropdown(
                description=_("Form"),
                layout=w.Layout(width="auto", max_width="260px"),
                style={"description_width": "60px"},
            ),
            "xh-form",
        )
        self._form_choice.observe(self._from_control(self.select), "value")
        # HTML rather than Label: the note wraps between words instead of being cut off.
        self._note = note = css(w.HTML(self._note_text()), "xh-note")
        gallery = css(
            w.VBox(
                [
                    self._caption,
                    self._gallery.widget,
                    note,
                    w.HBox([self._previous, self._page_label, self._next], layout=w.Layout(flex_flow="row wrap")),
                    self._form_choice,
                ]
            ),
            "xh-gallery",
        )

        self._form_board = BoardCanvas((2.2, 2.5), board_class="xh-board")
        self._form_ax = board_axes(self._form_board.figure, (0.02, 0.02, 0.96, 0.96))
        # HTML rather than Label: long lines wrap instead of being cut off.
        self._name = css(w.HTML(), "xh-form-name")
        self._rotate = rotate = css(
            w.Button(description=_("⟲ Rotate"), tooltip=_("turn counter-clockwise")), "xh-rotate"
        )
        self._mirror = mirror = css(w.Button(description=_("⇋ Mirror"), tooltip=_("mirror left-right")), "xh-mirror")
        rotate.on_click(lambda _button: self.rotate())
        mirror.on_click(lambda _button: self.mirror())
        self._symmetry = css(w.HTML(), "xh-symmetry")
        self._placements = css(w.HTML(), "xh-placements")
        selected = css(
            w.VBox([self._name, self._form_board.widget, w.HBox([rotate, mirror]), self._symmetry, self._placements]),
            "xh-selected",
        )

        self.keys = KeyScope(KEYS, self._on_key)
        controls = w.HBox([self._lattice_choice, self._size_choice], layout=w.Layout(flex_flow="row wrap"))
        self.widget = app_root(
            gallery, [controls, self._kind_choice, selected], self.keys, "xh-explorer", language=self._language_switch()
        )

    def _lattice_options(self) -> list[tuple[str, str]]:
        return [(_(LATTICE_NAMES[name]), name) for name in ("square", "hex")]

    def _kind_options(self) -> list[tuple[str, str]]:
        return [(_(KIND_WORDS[kind]), kind) for kind in pf.KINDS[::-1]]

    def _note_text(self) -> str:
        return escape(_(SYMMETRY_NOTE)).replace("   ", "<br>")

    def _show_texts(self) -> None:
        """Every text of the explorer again, in the language in use."""
        self._quiet_set(self._lattice_choice, self._lattice_options(), "options")
        self._quiet_set(self._kind_choice, self._kind_options(), "options")
        self._size_choice.description, self._form_choice.description = _("Size"), _("Form")
        self._previous.description, self._next.description = _("◀ Previous"), _("Next ▶")
        self._rotate.description, self._rotate.tooltip = _("⟲ Rotate"), _("turn counter-clockwise")
        self._mirror.description, self._mirror.tooltip = _("⇋ Mirror"), _("mirror left-right")
        self._note.value = self._note_text()
        self.keys.set_keys(KEYS)
        self._gallery.relabel()
        self._form_board.relabel()
        self._sync_controls()
        self._show()

    @speaking
    def _on_key(self, key: str) -> None:
        {"r": self.rotate, "m": self.mirror, "ArrowLeft": self.previous_page, "ArrowRight": self.next_page}[key]()

    def _sync_controls(self) -> None:
        """Make the controls show the explorer's state without re-triggering their handlers."""
        self._quiet_set(self._lattice_choice, self.lattice)
        sizes = list(range(1, MAX_SIZE[self.lattice] + 1))
        if list(self._size_choice.options) != sizes:
            self._quiet_set(self._size_choice, sizes, "options")
        self._quiet_set(self._size_choice, self.size)
        self._quiet_set(self._kind_choice, self.kind)


def _check_size(size: object, lattice: str) -> None:
    limit = MAX_SIZE[lattice]
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= limit:
        raise ValueError(f"size must be an int in 1..{limit} on the {lattice} lattice, not {size!r}")
