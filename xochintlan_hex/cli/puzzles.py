"""The ``xochintlan-hex puzzle`` and ``print`` commands: tiling puzzles, and pieces to cut out.

::

    xochintlan-hex puzzle count 6x10 --pieces pentominoes        # 2339, up to symmetry
    xochintlan-hex puzzle count 6x10 --pieces pentominoes --all  # 9356, every orientation
    xochintlan-hex puzzle solve 8x8-2x2 --pieces pentominoes --seed 4
    xochintlan-hex puzzle solve board.txt --pieces pentahexes --lattice hex --leftover
    xochintlan-hex print pentominoes --out pentominoes.pdf      # A4, 2 cm squares, to cut out
    xochintlan-hex print cards --out cards.pdf                  # the 18 goal cards
    xochintlan-hex print tiles --out tiles.pdf                  # Hextremadura's tiles, fronts and backs
    xochintlan-hex print worksheet --lesson 3 --lang fr --out fiche.pdf   # lesson 3's exercises, no answers
    xochintlan-hex print key --lesson 3 --out key.pdf           # the answers; also: assessment, animals

A region is ``RxC`` (rows x columns), ``RxC-HxW`` (with a centred hole), or the
name of a text file holding a picture (``#`` for a cell, ``.`` for a hole).

>>> from xochintlan_hex.cli import main
>>> main(["puzzle", "solve", "3x20", "--pieces", "pentominoes"])
UUXIIIIINNNFTWYYYYZV
UXXXPPLNNFFFTWWYZZZV
UUXPPPLLLLFTTTWWZVVV
0
>>> main(["puzzle", "count", "3x20", "--pieces", "pentominoes"])
2 tilings of 3x20 by the 12 free pentominoes, counted up to the 4 symmetries of the region
0
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from xochintlan_hex.cli.errors import user_input
from xochintlan_hex.cli.options import Subcommands
from xochintlan_hex.hextremadura import load_tileset
from xochintlan_hex.i18n import LANGUAGES, _, duration_text, get_language, ngettext, number_text, percent_text
from xochintlan_hex.puzzles import PIECE_SETS, PieceSet, Puzzle, Region, piece_set

if TYPE_CHECKING:  # matplotlib is loaded only when pages are made
    from matplotlib.figure import Figure

#: Exit status of ``puzzle solve`` when the puzzle has no solution (as grep when it finds nothing).
EXIT_NO_SOLUTION = 1

#: ``puzzle count`` refuses a count estimated to take longer, unless ``--force``.
COUNT_LIMIT_SECONDS = 600

#: A count estimated to take longer says so before it starts (and shows a progress bar).
COUNT_ANNOUNCE_SECONDS = 10

#: ``print`` material for a class, made for one lesson (``--lesson N``); ``animals`` needs no lesson
LESSON_MATERIAL = ("worksheet", "key", "assessment")
CLASS_MATERIAL = (*LESSON_MATERIAL, "animals")

#: Largest region picture file read (a 100 x 100 picture is about 10 kB).
MAX_REGION_FILE_BYTES = 1_000_000


def add_puzzle_commands(commands: Subcommands) -> None:
    """Add ``puzzle count`` and ``puzzle solve`` to the command line's sub-commands."""
    puzzle = commands.add_parser("puzzle", help=_("count or solve a tiling puzzle (pentominoes, pentahexes, ...)"))
    actions = puzzle.add_subparsers(dest="puzzle_action", required=True, metavar="ACTION")
    count = actions.add_parser(
        "count",
        help=_("count the tilings of a region"),
        description=_("Count the ways to fill a region with a set of pieces."),
    )
    _add_puzzle_options(count)
    count.add_argument(
        "--all",
        action="store_true",
        help=_("count rotated and reflected tilings separately (default: once per symmetry class)"),
    )
    count.add_argument(
        "--force",
        action="store_true",
        help=_("count even when the estimate is past {minutes} minutes").format(minutes=COUNT_LIMIT_SECONDS // 60),
    )
    count.set_defaults(run=_count_tilings)
    solve = actions.add_parser(
        "solve",
        help=_("print one tiling of a region as a text picture"),
        description=_("Print one tiling as a text picture, one letter per piece."),
    )
    _add_puzzle_options(solve)
    solve.add_argument("--seed", type=int, help=_("a random tiling from this seed (default: the first one found)"))
    solve.set_defaults(run=_solve)

    printing = commands.add_parser(
        "print",
        help=_("A4 PDF pages to print and cut out: pieces, goal cards or tiles"),
        # argparse reads a description as it is (only help texts are %-formatted): the
        # percentage is filled in, written the way the language writes it.
        description=_(
            "Write A4 pages at real size (print at {scale}): a piece set with "
            "2 cm cells, the 18 goal cards as poker-size cards, or the "
            "Hextremadura tiles (6 cm corner to corner, fronts then backs)."
        ).format(scale=percent_text(1.0)),
        epilog=_(
            "Class material: WHAT may also be animals (Xochintlan's animal squares and the Human), or, "
            "with --lesson N, a lesson's worksheet (its exercises, no answers), key (the answers) or "
            "assessment (questions and a marking scheme)."
        ),
    )
    printing.add_argument(
        "what", metavar="WHAT", help=_("cards, tiles, or a piece set: {sets}").format(sets=", ".join(PIECE_SETS))
    )
    printing.add_argument(
        "--lesson",
        metavar="N",
        help=_("with {whats}: the lesson's number").format(whats=", ".join(LESSON_MATERIAL)),
    )
    printing.add_argument(
        "--lang",
        dest="page_language",
        choices=tuple(LANGUAGES),
        metavar="LANG",
        help=_("the language of the pages: {choices} (default: the kit's)").format(choices=", ".join(LANGUAGES)),
    )
    printing.add_argument(
        "--notebooks",
        metavar="FOLDER",
        help=_("with worksheet or key: the folder of the lessons (default: the kit's notebooks/)"),
    )
    printing.add_argument("--tileset", metavar="FILE", help=_("with tiles: a tile-set JSON file (default: the kit's)"))
    printing.add_argument("--out", required=True, metavar="FILE.pdf", help=_("the PDF file to write"))
    printing.set_defaults(run=_print)


def _add_puzzle_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "region",
        metavar="REGION",
        help=_("RxC (rows x columns), RxC-HxW (a centred hole) or a file with a #/. picture"),
    )
    parser.add_argument(
        "--pieces",
        default="pentominoes",
        metavar="SET",
        help=_("{sets} (default pentominoes)").format(sets=", ".join(PIECE_SETS)),
    )
    parser.add_argument(
        "--lattice", choices=("square", "hex"), help=_("the region's lattice (default: the pieces' lattice)")
    )
    parser.add_argument("--leftover", action="store_true", help=_("pieces may stay unused"))


def _puzzle(args: argparse.Namespace) -> Puzzle:
    pieces = piece_set(args.pieces)
    spec = args.region
    path = Path(spec)
    if "\n" not in spec and not Region.is_rectangle_text(spec):
        if not path.is_file():
            raise ValueError(
                _("region {region} is neither RxC, RxC-HxW nor a readable picture file").format(region=repr(spec))
            )
        if path.stat().st_size > MAX_REGION_FILE_BYTES:
            raise ValueError(
                _("region file {path} holds {size:,} bytes; a picture file is at most {limit:,}").format(
                    path=repr(spec), size=path.stat().st_size, limit=MAX_REGION_FILE_BYTES
                )
            )
        spec = path.read_text(encoding="utf-8")
    return Puzzle(Region(spec, args.lattice or pieces.lattice), pieces, leftover=args.leftover)


def _count_tilings(args: argparse.Namespace) -> int:
    from tqdm.auto import tqdm

    with user_input():
        puzzle = _puzzle(args)
        seconds = puzzle.estimate_count_seconds()
        if not args.all:  # up to symmetry, the search walks one branch of each family
            seconds /= len(puzzle.symmetries())
        if seconds > COUNT_LIMIT_SECONDS and not args.force:
            raise ValueError(
                _(
                    "counting the tilings of {region} by the {pieces} would take about {time} "
                    "(estimated from random walks down the search), past the limit of {limit} minutes; "
                    "count anyway with --force"
                ).format(
                    region=args.region,
                    pieces=_set_words(puzzle.pieces),
                    time=duration_text(seconds),
                    limit=COUNT_LIMIT_SECONDS // 60,
                )
            )
    if seconds > COUNT_ANNOUNCE_SECONDS:
        print(_("counting: estimated time about {time}").format(time=duration_text(seconds)), file=sys.stderr)
    symmetries = len(puzzle.symmetries())
    with tqdm(
        desc=_("branches"),
        unit=_("branch"),
        file=sys.stderr,
        disable=None if seconds < COUNT_ANNOUNCE_SECONDS else False,
        leave=False,
    ) as bar:

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        count = puzzle.count(up_to_symmetry=not args.all, progress=progress)
    what = ngettext(
        "{count} tiling of {region} by the {pieces}", "{count} tilings of {region} by the {pieces}", count
    ).format(count=number_text(count), region=args.region, pieces=_set_words(puzzle.pieces))
    if args.all or symmetries == 1:
        print(_("{what}, rotations and reflections counted separately").format(what=what) if symmetries > 1 else what)
    else:
        print(_("{what}, counted up to the {count} symmetries of the region").format(what=what, count=symmetries))
    return 0


def _set_words(pieces: PieceSet) -> str:
    """The set's name in the language in use ("les 12 pentominos libres"), as the pictures write it."""
    from xochintlan_hex.viz.polyforms import set_words  # matplotlib only once a count is printed

    return set_words(pieces)


def _solve(args: argparse.Namespace) -> int:
    with user_input():
        puzzle = _puzzle(args)
    solution = puzzle.solve() if args.seed is None else puzzle.random_solution(args.seed)
    if solution is None:
        print(
            _("no tiling of {region} by the {pieces}").format(region=args.region, pieces=_set_words(puzzle.pieces)),
            file=sys.stderr,
        )
        return EXIT_NO_SOLUTION
    print(puzzle.to_text(solution))
    return 0


def _print(args: argparse.Namespace) -> int:
    import matplotlib

    matplotlib.use("Agg")  # pages are written to a file, never shown
    from xochintlan_hex.viz.puzzles import card_pages, pieces_pages, save_pdf, tile_pages

    with user_input():
        if not args.out.lower().endswith(".pdf"):
            raise ValueError(_("--out must name a .pdf file, not {value}").format(value=repr(args.out)))
        if args.what in CLASS_MATERIAL:
            class_material = _class_material(args)
        elif args.what not in ("cards", "tiles"):
            piece_set(args.what)  # refuses an unknown set by name
        tileset = load_tileset(args.tileset) if args.what == "tiles" else None
    if args.what == "cards":
        pages = card_pages()
    elif args.what == "tiles":
        pages = tile_pages(tileset)
    elif args.what in CLASS_MATERIAL:
        pages = class_material()
    else:
        pages = pieces_pages(piece_set(args.what))
    save_pdf(pages, args.out)
    print(
        ngettext(
            "wrote {count} page to {out}; print at 100 % (actual size)",
            "wrote {count} pages to {out}; print at 100 % (actual size)",
            len(pages),
        ).format(count=len(pages), out=args.out)
    )
    return 0


def _class_material(args: argparse.Namespace) -> Callable[[], list[Figure]]:
    """What makes the worksheet, answer key or assessment of ``--lesson``, or the animal tiles, in ``--lang``.

    The lesson and its files are read here (a wrong number or folder is the user's
    mistake); the pages are drawn when the returned function is called.
    """
    from xochintlan_hex.viz import lesson_pages

    language = args.page_language or get_language()
    if args.what == "animals":
        return functools.partial(lesson_pages.animal_tile_pages, language)
    if args.lesson is None:
        raise ValueError(_("print {what} needs --lesson N (a lesson number such as 3)").format(what=args.what))
    if args.what == "assessment":
        lesson_pages.read_assessment(args.lesson, language)
        return functools.partial(lesson_pages.assessment_pages, args.lesson, language)
    folder = lesson_pages.lessons_folder() if args.notebooks is None else Path(args.notebooks)
    lesson_pages.read_lesson(folder, args.lesson, language)
    make = lesson_pages.worksheet_pages if args.what == "worksheet" else lesson_pages.key_pages
    return functools.partial(make, folder, args.lesson, language)
