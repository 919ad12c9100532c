"""Class material printed from the lessons: worksheets, answer keys, assessments and animal tiles.

Worksheets and answer keys are read from the lessons themselves when they are
printed, so they follow every edit of a lesson. A lesson's exercise is a Markdown
heading ``#### Exercise N (level)`` (French ``#### Exercice N (niveau)``; the
level may be missing) with its question, then the student's code cell, then the
answer folded in ``<details><summary>Answer</summary> ... </details>``. A
``#### Discussion`` (``#### Pour discuter``) heading opens the lesson's open
question. A cell tagged ``worksheet-material-N`` (in its metadata, identically in the
English and French lessons) holds what exercise N reads: a table, a picture, a printed
result, or Markdown; the worksheet prints it above the exercise, tables as tables. Such a
cell must stand above the exercise's heading, so the worksheet shows nothing the lesson
does not show before the question. The assessments are the kit's own texts, one Markdown file per lesson
and language in ``xochintlan_hex/data/assessments/``.

Every page is an A4 figure at real size; :func:`~xochintlan_hex.viz.puzzles.save_pdf`
writes them to one PDF file.

>>> lesson = read_lesson(Path(__file__).parents[2] / "tests" / "data" / "lessons", "07")
>>> [(e.number, e.level) for e in lesson.exercises]
[(1, 'easy'), (2, 'medium'), (3, 'stretch')]
"""

from __future__ import annotations

import base64
import functools
import json
import re
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from importlib import resources
from io import BytesIO
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..i18n import _, ngettext, number_text, use_language
from ..lattice import SQUARE
from . import style
from .puzzles import A4_CM, card_pages
from .xochintlan import draw_tile

#: blank border of a printed page, in centimetres
MARGIN_CM = 1.5
#: the widest line of text: the page less its margins
TEXT_WIDTH_CM = A4_CM[0] - 2 * MARGIN_CM
#: point sizes of the printed text
BODY_PT, CODE_PT, HEADING_PT, TITLE_PT = 10.0, 8.5, 12.0, 15.0
#: ruled lines left for the student's answer, by the exercise's level
WRITING_LINES = {"easy": 5, "medium": 7, "stretch": 9}
WRITING_LINE_CM = 0.85
#: a picture from a lesson is printed at most this tall
PICTURE_MAX_CM = 8.5
#: a table from a lesson: its largest and smallest type, the gap between its columns
TABLE_PT, TABLE_MIN_PT, TABLE_GAP_CM = 8.5, 5.5, 0.35

_MATERIAL_TAG = re.compile(r"^worksheet-material-(\d+)$")
_NUMBER_CELL = re.compile(r"^[-−+]?[\d\s\u00a0\u202f.,]*\d[\d\s\u00a0\u202f.,]*\s?%?$")
_EXERCISE_HEADING = re.compile(r"^####\s+Exerci[sc]e\s+(\d+)\s*(?:\((.*)\))?\s*$", re.IGNORECASE)
_DISCUSSION_HEADING = re.compile(r"^####\s+(Discussion|Pour discuter)\b", re.IGNORECASE)
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
#: the levels as the lessons' headings write them, in either language
_LEVEL_WORDS = {
    "easy": "easy",
    "medium": "medium",
    "stretch": "stretch",
    "facile": "easy",
    "moyen": "medium",
    "intermédiaire": "medium",
    "approfondissement": "stretch",
    "difficile": "stretch",
    "défi": "stretch",
}


# -- reading the lessons --------------------------------------------------------------
@dataclass
class Material:
    """Something an exercise reads on the lesson's page, as the worksheet prints it."""

    kind: str  # "table", "text" (a printed result), "markdown" or "picture"
    text: str = ""  # the printed result, or the Markdown
    rows: list[list[str]] = field(default_factory=list)  # a table's cells, row by row
    header_rows: int = 0  # a table's first rows, which name its columns
    png: bytes = b""  # a picture


@dataclass
class LessonExercise:
    """One exercise of a lesson as printed: its question, its pictures, its folded answer."""

    number: int
    level: str | None  # "easy", "medium", "stretch"; None when the heading gives none
    heading: str  # the heading as written, e.g. "Exercise 2 (medium)"
    question: str = ""  # Markdown
    pictures: list[bytes] = field(default_factory=list)  # PNG outputs shown before the answer
    answer: str = ""  # Markdown inside the fold
    material: list[Material] = field(default_factory=list)  # from the cells tagged worksheet-material-N


@dataclass
class Lesson:
    """The printable parts of one lesson: its title, exercises and open question."""

    number: str  # "01" .. "07"
    title: str
    exercises: list[LessonExercise]
    discussion: LessonExercise | None = None


def lessons_folder(start: str | Path | None = None) -> Path:
    """The kit's ``notebooks/`` folder: the nearest one from ``start`` (the current folder) upwards.

    The folder is recognised by its lessons (``NN_*.ipynb``); the kit's own copy
    beside the package is the last resort.
    """
    here = Path.cwd() if start is None else Path(start)
    beside_package = Path(__file__).resolve().parents[2] / "notebooks"
    for folder in [here, *here.resolve().parents]:
        for candidate in (folder, folder / "notebooks"):
            if candidate.name == "notebooks" and any(candidate.glob("[0-9][0-9]_*.ipynb")):
                return candidate
    if any(beside_package.glob("[0-9][0-9]_*.ipynb")):
        return beside_package
    raise FileNotFoundError(_("no lessons found: run from the kit's folder, or name it with --notebooks"))


def lesson_files(folder: str | Path, language: str = "en") -> dict[str, Path]:
    """The lessons of ``folder`` (French ones in its ``fr/``), by two-digit number."""
    folder = Path(folder) / ("fr" if language == "fr" else "")
    return {path.name[:2]: path for path in sorted(folder.glob("[0-9][0-9]_*.ipynb"))}


def lesson_number(value: object) -> str:
    """``value`` ("7", "07", 7) as a two-digit lesson number; a clear error otherwise."""
    text = str(value).strip()
    if not text.isdigit() or not 1 <= int(text) <= 99:
        raise ValueError(_("--lesson must be a lesson number such as 3, not {value}").format(value=repr(value)))
    return f"{int(text):02d}"


def read_lesson(folder: str | Path, number: object, language: str = "en") -> Lesson:
    """Lesson ``number`` of ``folder`` in ``language``, read from its notebook."""
    number = lesson_number(number)
    files = lesson_files(folder, language)
    if number not in files:
        raise ValueError(
            _("there is no lesson {number}; the lessons are {known}").format(
                number=number, known=", ".join(files) or "-"
            )
        )
    notebook = json.loads(files[number].read_text(encoding="utf-8"))
    lesson = _lesson_from_items(number, _items(notebook, files[number].parent))
    material = _material_by_exercise(notebook, files[number].parent)
    for exercise in lesson.exercises:
        exercise.material = material.pop(exercise.number, [])
    if material:
        raise ValueError(
            _("lesson {number} tags material for exercise {exercise}, which it does not have").format(
                number=number, exercise=min(material)
            )
        )
    return lesson


def _material_by_exercise(notebook: dict, folder: Path) -> dict[int, list[Material]]:
    """What each exercise reads, from the cells tagged ``worksheet-material-N``, in the lesson's order.

    A tagged cell below its exercise's heading is refused: the worksheet must never
    print what the lesson shows only after the question (an answer, a solution's output).
    """
    found: dict[int, list[Material]] = {}
    asked: set[int] = set()  # the exercises whose heading stands above the current cell
    for index, cell in enumerate(notebook.get("cells", [])):
        for tag in cell.get("metadata", {}).get("tags", []):
            tagged = _MATERIAL_TAG.match(tag)
            if not tagged:
                continue
            if int(tagged.group(1)) in asked:
                raise ValueError(
                    _("cell {index} is tagged {tag} but stands below the exercise's heading").format(
                        index=index, tag=tag
                    )
                )
            found.setdefault(int(tagged.group(1)), []).extend(_cell_material(cell, folder))
        if cell.get("cell_type") == "markdown":
            headings = map(_EXERCISE_HEADING.match, _joined(cell.get("source", "")).splitlines())
            asked.update(int(heading.group(1)) for heading in headings if heading)
    return found


def _cell_material(cell: dict, folder: Path) -> Iterator[Material]:
    """A cell as material: a Markdown cell's text and images (never its folded answer), a code cell's outputs."""
    if cell.get("cell_type") == "markdown":
        image = functools.partial(_markdown_image, cell, folder)
        for kind, value in _markdown_items(_joined(cell.get("source", "")), image):
            if kind == "picture":
                yield Material("picture", png=value)  # type: ignore[arg-type]
            elif kind != "answer":
                yield Material("markdown", text=str(value))
        return
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if output.get("output_type") == "stream" and output.get("name") == "stdout":
            yield Material("text", text=_joined(output.get("text", "")).rstrip())
        elif "image/png" in data:
            yield Material("picture", png=_png_bytes(data["image/png"]))
        elif "<table" in _joined(data.get("text/html", "")):
            for rows, header_rows in html_tables(_joined(data["text/html"])):
                yield Material("table", rows=rows, header_rows=header_rows)
        elif "text/plain" in data:
            yield Material("text", text=_joined(data["text/plain"]).rstrip())


def _joined(text: str | list[str]) -> str:
    return "".join(text) if isinstance(text, list) else text


def html_tables(html: str) -> list[tuple[list[list[str]], int]]:
    """The tables of ``html`` (as pandas writes them) as rows of cell texts, with their number of header rows.

    A cell spanning several columns or rows keeps its text in its first one; the others are blank.

    >>> html_tables("<table><thead><tr><th colspan='2'>kit</th></tr></thead>"
    ...             "<tr><th rowspan='2'>a</th><td>1</td></tr><tr><td>2</td></tr></table>")
    [([['kit', ''], ['a', '1'], ['', '2']], 1)]
    """
    reader = _TableReader()
    reader.feed(html)
    reader.close()
    return reader.tables


class _TableReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[tuple[list[list[str]], int]] = []
        self._rows: list[list[str]] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._spans = (1, 1)  # the open cell's columns and rows
        self._below: dict[int, int] = {}  # column -> rows still covered by a cell above
        self._header_rows = 0
        self._in_head = False

    def _skip_covered(self) -> None:
        assert self._row is not None
        while self._below.get(len(self._row), 0) > 0:
            self._below[len(self._row)] -= 1
            self._row.append("")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag == "table":
            self._rows, self._below, self._header_rows = [], {}, 0
        elif tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._skip_covered()
            self._cell = []
            self._spans = (int(given.get("colspan") or 1), int(given.get("rowspan") or 1))
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            columns, rows = self._spans
            for column in range(len(self._row), len(self._row) + columns):
                if rows > 1:
                    self._below[column] = rows - 1
            self._row += [" ".join("".join(self._cell).split())] + [""] * (columns - 1)
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self._skip_covered()
            self._rows.append(self._row)
            self._header_rows += self._in_head
            self._row = None
        elif tag == "thead":
            self._in_head = False
        elif tag == "table":
            width = max((len(row) for row in self._rows), default=0)
            self.tables.append(([row + [""] * (width - len(row)) for row in self._rows], self._header_rows))


def _items(notebook: dict, folder: Path) -> Iterator[tuple[str, object]]:
    """The notebook as a flat sequence: ("heading", line), ("text", md), ("answer", md), ("picture", png).

    Pictures are a code cell's PNG outputs and a Markdown cell's PNG images (attached
    to the cell, or a file beside the notebook, ``folder``).
    """
    for cell in notebook.get("cells", []):
        source = "".join(cell.get("source", []))
        if cell.get("cell_type") == "markdown":
            yield from _markdown_items(source, functools.partial(_markdown_image, cell, folder))
        elif cell.get("cell_type") == "code":
            for output in cell.get("outputs", []):
                png = output.get("data", {}).get("image/png")
                if png:
                    yield "picture", _png_bytes(png)


def _png_bytes(data: str | list[str]) -> bytes:
    return base64.b64decode("".join(data) if isinstance(data, list) else data)


def _markdown_image(cell: dict, folder: Path, source: str) -> bytes | None:
    """The PNG that ``![...](source)`` shows in ``cell``; None when it is no PNG the kit can read."""
    if source.startswith("attachment:"):
        png = cell.get("attachments", {}).get(source.removeprefix("attachment:"), {}).get("image/png")
        return _png_bytes(png) if png else None
    path = folder / source
    return path.read_bytes() if path.suffix.lower() == ".png" and path.is_file() else None


_IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)[^)]*\)")


def _markdown_items(source: str, image: Callable[[str], bytes | None]) -> Iterator[tuple[str, object]]:
    text: list[str] = []
    folded: list[str] | None = None  # the lines of an open <details> fold
    for line in source.splitlines():
        if folded is not None:
            inside, closed, after = line.partition("</details>")
            if "<summary>" not in inside:
                folded.append(inside)
            if not closed:
                continue
            yield "answer", "\n".join(folded).strip()
            folded, line = None, after
        if "<details" in line:
            before, _tag, after = line.partition("<details")
            text.append(before)
            if "\n".join(text).strip():
                yield "text", "\n".join(text).strip()
            text, folded = [], [after.split("</summary>", 1)[1] if "</summary>" in after else ""]
            continue
        if _HEADING.match(line):
            if "\n".join(text).strip():
                yield "text", "\n".join(text).strip()
            text = []
            yield "heading", line.strip()
            continue
        for found in _IMAGE.finditer(line):
            png = image(found.group(1))
            if png:
                yield "picture", png
        text.append(_IMAGE.sub("", line))
    if folded is not None:
        yield "answer", "\n".join(folded).strip()
    if "\n".join(text).strip():
        yield "text", "\n".join(text).strip()


def _lesson_from_items(number: str, items: Iterable[tuple[str, object]]) -> Lesson:
    title = ""
    exercises: list[LessonExercise] = []
    discussion: LessonExercise | None = None
    current: LessonExercise | None = None
    answered = False  # the current exercise's fold has been read
    pictures: list[bytes] = []  # shown since the section heading, or since the last exercise
    for kind, value in items:
        if kind == "heading":
            line = str(value)
            level = len(_HEADING.match(line).group(1))  # type: ignore[union-attr]
            exercise, talk = _EXERCISE_HEADING.match(line), _DISCUSSION_HEADING.match(line)
            if level == 1 and not title:
                title = line.lstrip("#").strip()
            if exercise:
                word = (exercise.group(2) or "").strip().lower()
                current = LessonExercise(int(exercise.group(1)), _LEVEL_WORDS.get(word), line.lstrip("#").strip())
                current.pictures, pictures = pictures, []
                exercises.append(current)
            elif talk:
                current = discussion = LessonExercise(0, None, line.lstrip("#").strip())
            else:
                current = None
                if level <= 3:
                    pictures = []
            answered = False
        elif kind == "text" and current is not None and not answered:
            current.question = f"{current.question}\n\n{value}".strip()
        elif kind == "answer" and current is not None:
            current.answer = f"{current.answer}\n\n{value}".strip()
            answered = True
        elif kind == "picture":
            if current is not None and not answered:
                current.pictures.append(value)  # type: ignore[arg-type]
            else:
                pictures.append(value)  # type: ignore[arg-type]
    return Lesson(number, title, exercises, discussion)


# -- Markdown as printed lines ------------------------------------------------------
def printed_blocks(markdown: str) -> list[tuple[str, str]]:
    """``markdown`` as blocks to print: ("text", paragraph), ("code", lines), ("board", text board)
    or ("table", its rows, one a line, cells between ``|``).

    Inline marks are dropped (bold, italics, code quotes, links keep their words);
    ``$...$`` stays for matplotlib's mathtext; HTML tags vanish.

    >>> printed_blocks("A **bold** `word` and [a link](https://x.org).\\n\\n```python\\nx = 1\\n```")
    [('text', 'A bold word and a link.'), ('code', 'x = 1')]
    """
    blocks: list[tuple[str, str]] = []
    paragraph: list[str] = []
    code: list[str] | None = None
    kind = "code"  # a fence opened with ```board holds a Xochintlan board, drawn as the kit draws boards

    def close_paragraph() -> None:
        if paragraph:
            blocks.append(("text", _inline(" ".join(paragraph))))
            paragraph.clear()

    for line, previous in zip(markdown.splitlines(), ["", *markdown.splitlines()]):
        if line.strip().startswith("```"):
            if code is None:
                close_paragraph()
                code, kind = [], "board" if line.strip() == "```board" else "code"
            else:
                blocks.append((kind, "\n".join(code)))
                code = None
            continue
        if code is not None:
            code.append(line)
        elif not line.strip():
            close_paragraph()
        elif line.lstrip().startswith("|"):  # a table row: the rows that follow one another make one table
            close_paragraph()
            if set(line.strip()) <= set("|-: "):  # the rule under the header
                continue
            if blocks and blocks[-1][0] == "table" and previous.lstrip().startswith("|"):
                blocks[-1] = ("table", f"{blocks[-1][1]}\n{line.strip()}")
            else:
                blocks.append(("table", line.strip()))
        elif re.match(r"^\s*([*-]|\d+\.)\s+", line):  # a list item starts its own paragraph
            close_paragraph()
            paragraph.append(re.sub(r"^\s*[*-]\s+", "• ", line))
        elif _HEADING.match(line):
            close_paragraph()
            blocks.append(("text", _inline(line.lstrip("#").strip())))
        else:
            paragraph.append(line.strip())
    close_paragraph()
    if code is not None:
        blocks.append(("code", "\n".join(code)))
    return blocks


def _inline(text: str) -> str:
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    text = text.replace("`", "")
    return _safe_math(re.sub(r"[ \t\r\n]+", " ", text).strip())  # no-break spaces stay


def _safe_math(text: str) -> str:
    """Keep ``$...$`` that mathtext can draw; write the others as plain text."""
    from matplotlib.mathtext import MathTextParser

    parser = MathTextParser("path")
    # mathtext has no \text: a word in a formula is drawn upright, its spaces kept
    text = re.sub(r"\\text\{([^}]*)\}", lambda m: r"\mathrm{" + m.group(1).replace(" ", r"\ ") + "}", text)

    def checked(match: re.Match[str]) -> str:
        formula = f"${match.group(1)}$"  # a displayed $$...$$ formula is drawn inline
        try:
            parser.parse(formula)
            return formula
        except ValueError:
            return match.group(1).replace("\\", "").replace("{", "").replace("}", "")

    text = re.sub(r"(?<!\\)\$\$?(.+?)\$\$?", checked, text)
    return text.replace("$", r"\$") if text.count("$") % 2 else text


def _wrap(text: str, width_cm: float, size_pt: float, family: str, bold: bool = False) -> list[str]:
    """``text`` cut into lines that fit ``width_cm`` as drawn, never inside a ``$...$`` formula."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    font = FontProperties(family=family, size=size_pt, weight="bold" if bold else "normal")
    room = width_cm / 2.54 * 72 / 1.06  # in points; hinted rendering (PNG, screens) draws up to 5% wider

    def fits(line: str) -> bool:
        math = line.count("$") - line.count(r"\$") >= 2
        return text_to_path.get_text_width_height_descent(line, font, ismath=math)[0] <= room

    words = re.sub(r"\$[^$]+\$", lambda m: m.group(0).replace(" ", "\x00"), text).split(" ")
    lines: list[str] = []
    for word in (w.replace("\x00", " ") for w in words if w):
        if lines and fits(f"{lines[-1]} {word}"):
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


# -- page layout --------------------------------------------------------------------
class PageWriter:
    """Text, pictures and ruled lines laid out from the top of A4 pages, a new page when one is full."""

    def __init__(self, footer: str, *, measuring: bool = False) -> None:
        self.footer = footer  # "{page}" is replaced by the page number
        self.pages: list[Figure] = []
        self.top = 0.0  # centimetres used on the current page, from its top margin
        self.measuring = measuring  # only add up the heights: one endless page, nothing drawn

    @property
    def room(self) -> float:
        if self.measuring:
            return float("inf")
        return A4_CM[1] - 2 * MARGIN_CM - self.top if self.pages else 0.0

    @property
    def ax(self) -> Axes:
        return self.pages[-1].axes[0]

    def new_page(self) -> None:
        fig = Figure(figsize=(A4_CM[0] / 2.54, A4_CM[1] / 2.54))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, A4_CM[0])
        ax.set_ylim(0, A4_CM[1])
        ax.set_axis_off()
        ax.text(
            A4_CM[0] / 2,
            MARGIN_CM / 2,
            self.footer.format(page=len(self.pages) + 1),
            ha="center",
            va="center",
            fontsize=7.5,
            color="#555555",
        )
        self.pages.append(fig)
        self.top = 0.0

    def reserve(self, height: float) -> float:
        """The page's y (centimetres from the bottom) where a block of ``height`` starts."""
        if height > self.room:
            self.new_page()
        y = A4_CM[1] - MARGIN_CM - self.top
        self.top += height
        return y

    def text(self, text: str, size: float = BODY_PT, *, bold: bool = False, family: str = "sans-serif") -> None:
        if family == "monospace":  # code keeps its lines, cut only where wider than the page
            lines = [part for line in text.splitlines() for part in (textwrap.wrap(line, 95) or [""])]
        else:
            lines = _wrap(text, TEXT_WIDTH_CM, size, family, bold)
        step = size * 1.4 / 72 * 2.54
        for line in lines:
            y = self.reserve(step)
            if self.measuring:
                continue
            self.ax.text(
                MARGIN_CM,
                y - step / 2,
                line,
                fontsize=size,
                va="center",
                family=family,
                fontweight="bold" if bold else "normal",
                parse_math=family != "monospace",
            )
        self.space(0.15)

    def space(self, height: float) -> None:
        self.top = self.top + height if self.measuring else min(self.top + height, A4_CM[1] - 2 * MARGIN_CM)

    def markdown(self, markdown: str, size: float = BODY_PT) -> None:
        for kind, block in printed_blocks(markdown):
            if kind == "code":
                self.text(block, CODE_PT, family="monospace")
            elif kind == "board":
                self.picture(_board_picture(block))
            elif kind == "table":
                rows = [[_inline(cell) for cell in row.strip().strip("|").split("|")] for row in block.splitlines()]
                self.table(rows, header_rows=1)
            else:
                self.text(block, size)

    def picture(self, png: bytes) -> None:
        from matplotlib.image import imread

        image = imread(BytesIO(png), format="png")
        rows, columns = image.shape[:2]
        width = min(TEXT_WIDTH_CM, columns / 100 * 2.54)  # the lessons' pictures are saved at 100 dpi
        height = width * rows / columns
        if height > PICTURE_MAX_CM:
            width, height = width * PICTURE_MAX_CM / height, PICTURE_MAX_CM
        y = self.reserve(height + 0.3)
        if self.measuring:
            return
        fig = self.pages[-1]
        left = (A4_CM[0] - width) / 2
        holder = fig.add_axes((left / A4_CM[0], (y - height) / A4_CM[1], width / A4_CM[0], height / A4_CM[1]))
        holder.imshow(image)
        holder.set_axis_off()

    def table(self, rows: list[list[str]], header_rows: int = 0) -> None:
        """A table as the lesson shows it: its columns fitted to the page (its longest texts wrapped,
        then smaller type if needed), numbers right-aligned, the header in bold over a rule."""
        if not rows:
            return
        cells = _fitted_cells(rows, header_rows)
        widths = _column_widths(cells, header_rows)
        natural = sum(widths) + TABLE_GAP_CM * (len(widths) - 1)
        scale = max(TABLE_MIN_PT / TABLE_PT, min(1.0, TEXT_WIDTH_CM / natural))
        size, widths, gap = TABLE_PT * scale, [width * scale for width in widths], TABLE_GAP_CM * scale
        numeric = [_numeric_column(column[header_rows:]) for column in zip(*rows)]
        step = size * 1.35 / 72 * 2.54
        for index, row in enumerate(cells):
            for line in range(max(len(lines) for lines in row)):
                y = self.reserve(step)
                if self.measuring:
                    continue
                x = MARGIN_CM
                for lines, width, right in zip(row, widths, numeric):
                    self.ax.text(
                        x + width if right else x,
                        y - step / 2,
                        lines[line] if line < len(lines) else "",
                        fontsize=size,
                        ha="right" if right else "left",
                        va="center",
                        fontweight="bold" if index < header_rows else "normal",
                        parse_math=False,
                    )
                    x += width + gap
            if index == header_rows - 1 and not self.measuring:
                right_end = min(A4_CM[0] - MARGIN_CM, x - gap)
                self.ax.plot([MARGIN_CM, right_end], [y - step, y - step], color="#555555", linewidth=0.6)
        self.space(0.2)

    def material(self, material: Material) -> None:
        """Something an exercise reads, as the lesson shows it: a table, a printed result, Markdown, a picture."""
        if material.kind == "table":
            self.table(material.rows, material.header_rows)
        elif material.kind == "text":
            self.text(material.text, CODE_PT, family="monospace")
        elif material.kind == "markdown":
            self.markdown(material.text)
        elif material.kind == "picture":
            self.picture(material.png)

    def writing_room(self, lines: int) -> None:
        """Ruled lines for a handwritten answer (kept on one page)."""
        y = self.reserve(lines * WRITING_LINE_CM + 0.2)
        for k in range(1, 0 if self.measuring else lines + 1):
            level = y - k * WRITING_LINE_CM
            self.ax.plot([MARGIN_CM, A4_CM[0] - MARGIN_CM], [level, level], color="#BBBBBB", linewidth=0.6)

    @staticmethod
    def fits_on_a_page(*writes: Callable[[PageWriter], None]) -> bool:
        """What ``writes`` write, one after the other, fits on one page."""
        probe = PageWriter("", measuring=True)
        for write in writes:
            write(probe)
        return probe.top <= A4_CM[1] - 2 * MARGIN_CM

    def keep_together(self, write: Callable[[PageWriter], None]) -> None:
        """Start a new page unless what ``write`` writes still fits on this one (or fits on no page)."""
        probe = PageWriter("", measuring=True)
        write(probe)
        if self.room < probe.top <= A4_CM[1] - 2 * MARGIN_CM or not self.pages:
            self.new_page()
        write(self)


def _text_width_cm(lines: Iterable[str], size: float, bold: bool) -> float:
    """The width of the widest of a cell's printed ``lines``, drawn at ``size`` points."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    font = FontProperties(family="sans-serif", size=size, weight="bold" if bold else "normal")
    widest = max(
        (text_to_path.get_text_width_height_descent(text, font, ismath=False)[0] for text in lines if text), default=0.0
    )
    return widest * 1.06 / 72 * 2.54  # hinted rendering draws up to 5% wider


def _column_widths(cells: list[list[list[str]]], header_rows: int) -> list[float]:
    """Each column's width in cm at :data:`TABLE_PT`: its widest cell, the header's cells in bold as printed."""
    return [
        max(_text_width_cm(lines, TABLE_PT, bold=row < header_rows) for row, lines in enumerate(column))
        for column in zip(*cells)
    ]


def _fitted_cells(rows: list[list[str]], header_rows: int) -> list[list[list[str]]]:
    """Each cell of ``rows`` as its printed lines: the widest text columns wrapped until the table
    fits the page at :data:`TABLE_PT` (no column narrower than 3 cm), other cells on one line."""
    cells = [[[text] for text in row] for row in rows]
    for _attempt in range(len(rows[0])):
        widths = _column_widths(cells, header_rows)
        spare = TEXT_WIDTH_CM - sum(widths) - TABLE_GAP_CM * (len(widths) - 1)
        texts = [c for c, column in enumerate(zip(*rows)) if not _numeric_column(column[header_rows:])]
        if spare >= 0 or not texts:
            break
        widest = max(texts, key=lambda c: widths[c])
        target = max(3.0, widths[widest] + spare)
        if target >= widths[widest]:
            break
        for row in cells:
            row[widest] = [part for line in row[widest] for part in _wrap(line, target, TABLE_PT, "sans-serif")]
    return cells


def _numeric_column(cells: Iterable[str]) -> bool:
    """Most of the column's filled cells are numbers: it is right-aligned, as the lessons show it."""
    filled = [cell for cell in cells if cell.strip()]
    return bool(filled) and sum(bool(_NUMBER_CELL.match(cell)) for cell in filled) * 2 > len(filled)


def _board_picture(text: str) -> bytes:
    """A text board (``H``, ``L``, ``B``, ``M``, ``.``) drawn as the kit's boards, as PNG bytes.

    No pattern is outlined: a question about the board must not show its answer.
    """
    from ..xochintlan import board_from_text
    from .xochintlan import board_figsize, draw_xochintlan

    board = board_from_text(text)
    fig = Figure(figsize=board_figsize(board))
    draw_xochintlan(board, fig.add_subplot(), pattern=False, legend=False)
    png = BytesIO()
    fig.savefig(png, format="png", dpi=100)
    return png.getvalue()


def _header(writer: PageWriter, title: str, subtitle: str, with_name: bool) -> None:
    writer.new_page()
    writer.text(title, TITLE_PT, bold=True)
    writer.text(subtitle, BODY_PT)
    if with_name:
        writer.text(_("Name: ____________________   Class: ________   Date: ____________"), BODY_PT)
    writer.space(0.3)


def _exercise_title(exercise: LessonExercise) -> str:
    """The exercise's heading as the lesson writes it (its number, and its level when given)."""
    return exercise.heading


# -- the four kinds of pages ------------------------------------------------------------
def worksheet_pages(folder: str | Path, lesson: object, language: str = "en") -> list[Figure]:
    """The student's worksheet of ``lesson``: each exercise with what it reads from the lesson (the cells
    tagged for it), its pictures and room to write, no answer."""
    with use_language(language):
        read = read_lesson(folder, lesson, language)
        writer = PageWriter(_("Lesson {number} · worksheet · page {{page}}").format(number=read.number))
        _header(writer, read.title, _("Worksheet: the exercises of lesson {number}").format(number=read.number), True)
        for exercise in read.exercises:
            lines = WRITING_LINES.get(exercise.level or "", 7)
            title = _exercise_title(exercise)
            material = functools.partial(_exercise_material, exercise, title)
            question = functools.partial(_exercise_to_answer, exercise, "", lines)
            if exercise.material and not PageWriter.fits_on_a_page(material, question):
                writer.keep_together(material)  # a page of material: the question stays with its lines
                writer.keep_together(question)
            elif exercise.material:
                writer.keep_together(functools.partial(_one_after_another, (material, question)))
            else:
                writer.keep_together(functools.partial(_exercise_to_answer, exercise, title, lines))
        if read.discussion is not None:
            writer.keep_together(functools.partial(_exercise_to_answer, read.discussion, _("To discuss"), 5))
        return writer.pages


def _one_after_another(writes: Iterable[Callable[[PageWriter], None]], writer: PageWriter) -> None:
    for write in writes:
        write(writer)


def _exercise_material(exercise: LessonExercise, title: str, writer: PageWriter) -> None:
    """An exercise's title, then what it reads from the lesson, as the lesson shows it."""
    writer.text(title, HEADING_PT, bold=True)
    writer.text(_("From the lesson, for this exercise:"), BODY_PT, bold=True)
    for material in exercise.material:
        writer.material(material)
    writer.space(0.2)


def _exercise_to_answer(exercise: LessonExercise, title: str, lines: int, writer: PageWriter) -> None:
    """An exercise as the worksheet prints it: its title (unless printed above its material), question and
    pictures, then ``lines`` ruled lines."""
    if title:
        writer.text(title, HEADING_PT, bold=True)
    writer.markdown(_without_heading(exercise.question))
    for png in exercise.pictures:
        writer.picture(png)
    writer.writing_room(lines)
    writer.space(0.4)


def key_pages(folder: str | Path, lesson: object, language: str = "en") -> list[Figure]:
    """The answer key of ``lesson``: each exercise's question, then its folded answer, code as code."""
    with use_language(language):
        read = read_lesson(folder, lesson, language)
        writer = PageWriter(_("Lesson {number} · answer key · page {{page}}").format(number=read.number))
        _header(writer, read.title, _("Answer key: for the teacher"), False)
        for exercise in [*read.exercises, *([read.discussion] if read.discussion else [])]:
            writer.keep_together(functools.partial(_exercise_and_answer, exercise))
        return writer.pages


def _exercise_and_answer(exercise: LessonExercise, writer: PageWriter) -> None:
    """An exercise as the answer key prints it: its title and question, then its folded answer."""
    writer.text(_exercise_title(exercise) if exercise.number else _("To discuss"), HEADING_PT, bold=True)
    writer.markdown(_without_heading(exercise.question), size=9.0)
    if exercise.answer:
        writer.text(_("Answer"), BODY_PT, bold=True)
        writer.markdown(exercise.answer)
    writer.space(0.4)


def _without_heading(markdown: str) -> str:
    return "\n".join(line for line in markdown.splitlines() if not _HEADING.match(line))


@dataclass
class Question:
    """One assessment question: its points, its text, and what earns the points."""

    number: int
    points: int
    text: str  # Markdown
    marking: str  # Markdown


@dataclass
class Assessment:
    title: str
    minutes: int
    questions: list[Question]

    @property
    def points(self) -> int:
        return sum(q.points for q in self.questions)


def read_assessment(lesson: object, language: str = "en") -> Assessment:
    """The kit's assessment of ``lesson`` in ``language`` (``data/assessments/<language>/NN.md``)."""
    number = lesson_number(lesson)
    folder = resources.files("xochintlan_hex") / "data" / "assessments" / language
    known = sorted(p.name[:2] for p in folder.iterdir() if p.name.endswith(".md"))
    if number not in known:
        raise ValueError(
            _("there is no assessment for lesson {number}; the lessons are {known}").format(
                number=number, known=", ".join(known)
            )
        )
    return parse_assessment((folder / f"{number}.md").read_text(encoding="utf-8"))


def parse_assessment(text: str) -> Assessment:
    """An assessment from its Markdown: ``# title``, ``minutes: N``, then per question
    ``## N · P marks`` (``points`` in French), its text, and after a ``### ...`` line its marking scheme."""
    title = re.search(r"^# (.+)$", text, re.MULTILINE)
    minutes = re.search(r"^minutes:\s*(\d+)\s*$", text, re.MULTILINE)
    questions = []
    for block in re.split(r"^(?=## )", text, flags=re.MULTILINE)[1:]:
        heading, _newline, body = block.partition("\n")
        found = re.match(r"## (\d+)\D+(\d+)", heading)
        if not found:
            raise ValueError(f"assessment heading {heading!r} must read '## N · P marks'")
        parts = re.split(r"^### .*$", body, maxsplit=1, flags=re.MULTILINE)
        question, marking = parts[0], parts[1] if len(parts) > 1 else ""
        questions.append(Question(int(found.group(1)), int(found.group(2)), question.strip(), marking.strip()))
    if not title or not minutes or not questions:
        raise ValueError("an assessment needs a '# title', a 'minutes: N' line and '## N · P marks' questions")
    return Assessment(title.group(1).strip(), int(minutes.group(1)), questions)


def assessment_pages(lesson: object, language: str = "en") -> list[Figure]:
    """A short assessment of ``lesson`` with room to write, then its marking scheme on pages of its own."""
    with use_language(language):
        test = read_assessment(lesson, language)
        number = lesson_number(lesson)
        writer = PageWriter(_("Lesson {number} · assessment · page {{page}}").format(number=number))
        _header(
            writer,
            test.title,
            _("Assessment: {points} marks, {minutes} minutes").format(points=test.points, minutes=test.minutes),
            True,
        )
        for question in test.questions:
            writer.keep_together(functools.partial(_question, question, question.text, 3 + 2 * min(question.points, 4)))
        writer.new_page()
        writer.text(_("Marking scheme (for the teacher)"), TITLE_PT, bold=True)
        for question in test.questions:
            writer.keep_together(functools.partial(_question, question, question.marking, 0))
        return writer.pages


def _question(question: Question, markdown: str, lines: int, writer: PageWriter) -> None:
    """A question's title with its points, ``markdown`` (its text or its marking) and ``lines`` ruled lines."""
    points = ngettext("{count} mark", "{count} marks", question.points).format(count=question.points)
    writer.text(_("Question {number} ({points})").format(number=question.number, points=points), bold=True)
    writer.markdown(markdown)
    if lines:
        writer.writing_room(lines)
    writer.space(0.3)


# -- the animal tiles ---------------------------------------------------------------
@functools.cache
def card_cell_cm() -> float:
    """The side of a cell on most printed goal cards (:func:`card_pages`), in centimetres, measured on the page.

    Each card scales its pentomino to fill the card, so a card's cells depend on its
    shape's size: the most common size (the cards whose shape fits in 3 by 3 cells)
    is returned.
    """
    sizes = printed_card_cells()
    commonest, _count = Counter(round(size, 3) for size in sizes).most_common(1)[0]
    return float(sum(size for size in sizes if round(size, 3) == commonest) / _count)


def printed_card_cells() -> list[float]:
    """The side of a cell, in centimetres, of each goal card as :func:`card_pages` prints it."""
    sizes = []
    for page in card_pages():
        page.draw_without_rendering()
        for ax in page.axes[1:]:
            cells = next(c for c in ax.collections if len(c.get_paths()) == 5)  # the card's five cells
            corners = cells.get_transform().transform(cells.get_paths()[0].vertices)
            sizes.append(float(corners[:, 0].max() - corners[:, 0].min()) / page.dpi * 2.54)
    return sizes


def animal_tile_pages(language: str = "en", cell_cm: float | None = None, sets: int = 2) -> list[Figure]:
    """The animal tiles and the Human of Xochintlan to cut out, at the size of the goal cards' cells.

    Each set holds as many of each animal as the kit's rules put in the reserve
    (``Rules().tiles_per_kind``, 8 Lizards, 8 Birds, 8 Monkeys) and the Human, drawn
    as the boards draw them: colour, glyph and letter. ``sets`` sets are printed, two to a page.
    """
    from ..xochintlan import Rules

    with use_language(language):
        size = card_cell_cm() if cell_cm is None else cell_cm
        per_kind = Rules().tiles_per_kind
        gap = 0.4
        writer = PageWriter(_("Xochintlan tiles · page {page}"))
        for copy in range(sets):
            if copy % 2 == 0:
                writer.new_page()
                writer.text(_("Xochintlan: the animal tiles and the Human"), TITLE_PT, bold=True)
                writer.text(
                    _(
                        "Each set: {count} {lizards}, {count} {birds}, {count} {monkeys} and the Human. "
                        "Print at 100 % (actual size): each square is {size} cm wide, as the cells of most "
                        "goal cards; cut along the black lines."
                    ).format(
                        count=per_kind,
                        lizards=style.animal_plural("L"),
                        birds=style.animal_plural("B"),
                        monkeys=style.animal_plural("M"),
                        size=number_text(size, 2),
                    )
                )
            writer.space(0.6)
            for kind, count in (("L", per_kind), ("B", per_kind), ("M", per_kind), ("H", 1)):
                for start in range(0, count, int((TEXT_WIDTH_CM + gap) // (size + gap))):
                    y = writer.reserve(size + gap) - size
                    for column in range(min(count - start, int((TEXT_WIDTH_CM + gap) // (size + gap)))):
                        _animal_square(writer.pages[-1], kind, MARGIN_CM + column * (size + gap), y, size)
        return writer.pages


def _animal_square(page: Figure, kind: str, x: float, y: float, size: float) -> None:
    """One tile, ``size`` centimetres wide, its bottom-left corner at ``(x, y)`` on the page."""
    ax = page.add_axes((x / A4_CM[0], y / A4_CM[1], size / A4_CM[0], size / A4_CM[1]))
    ax.set_xlim(-0.5, 0.5)
    ax.set_ylim(-0.5, 0.5)
    ax.set_axis_off()
    draw_tile(ax, SQUARE, (0, 0), kind, scale=size / 2.54 * 72)
