"""``xochintlan-hex count``: how many polyominoes or polyhexes of each size, fixed, one-sided and free."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import pandas as pd

from xochintlan_hex.cli.errors import user_input
from xochintlan_hex.cli.options import PROG, Subcommands, positive
from xochintlan_hex.i18n import N_, _, number_text
from xochintlan_hex.polyforms import KINDS, check_count_cost, count_polyforms_upto, estimated_count, known_counts
from xochintlan_hex.xochintlan.rules import LATTICE_NAMES, lattice_word


def add_count_command(commands: Subcommands) -> None:
    """Add ``count`` to the command line."""

    count = commands.add_parser(
        "count",
        help=_("count polyominoes or polyhexes by size"),
        description=_("Count fixed, one-sided and free polyforms."),
    )
    count.add_argument("--lattice", choices=LATTICE_NAMES, default="square")
    count.add_argument(
        "--kind", choices=KINDS, action="append", help=_("fixed, one-sided or free; repeat for several (default: all)")
    )
    count.add_argument("--max-n", type=positive, default=10, metavar="N", help=_("largest size (default 10)"))
    count.add_argument("--csv", action="store_true", help=_("write CSV instead of a table"))
    count.add_argument(
        "--force",
        action="store_true",
        help=_(
            "count past the limit of about two billion fixed polyforms walked "
            "(a few minutes); sizes in the kit's table are instant"
        ),
    )
    count.set_defaults(run=_count)


def count_table(lattice: str, kinds: Sequence[str], max_n: int) -> pd.DataFrame:
    """Columns ``n`` and one per kind: how many polyforms of each size.

    >>> count_table("hex", ["free"], 4)["free"].tolist()
    [1, 1, 3, 7]
    """
    table = pd.DataFrame({"n": range(1, max_n + 1)})
    for kind in kinds:
        known = known_counts(lattice, kind)
        # The shipped table answers at once; only larger sizes are counted.
        counts = known if max_n in known else _count_with_progress(max_n, lattice, kind)
        table[kind] = [counts[n] for n in table["n"]]
    return table


def _count_with_progress(max_n: int, lattice: str, kind: str) -> dict[int, int]:
    """Count past the shipped table, with a bar against the estimated number of
    fixed polyforms of ``max_n`` cells (one run counts every kind: later kinds are instant)."""
    from tqdm.auto import tqdm

    estimate = round(estimated_count(max_n, lattice, "fixed"))
    with tqdm(
        total=estimate,
        desc=_("{lattice} polyforms of {size} cells (estimated total)").format(
            lattice=lattice_word(lattice), size=max_n
        ),
        unit=" " + _("forms"),
        unit_scale=True,
        file=sys.stderr,
        disable=None,
        leave=False,
    ) as bar:

        def progress(done: int) -> None:
            bar.update(min(done, estimate) - bar.n)

        return count_polyforms_upto(max_n, lattice, kind, force=True, progress=progress)


def _count(args: argparse.Namespace) -> int:
    kinds = list(dict.fromkeys(args.kind or KINDS))
    with user_input(f"{PROG} count"):
        check_count_cost(args.max_n, args.lattice, args.force)
    table = count_table(args.lattice, kinds, args.max_n)
    if args.csv:
        print(table.to_csv(index=False), end="")
    else:
        print(_count_table_text(table))
    return 0


#: The count table's column headings, translated where printed (a CSV keeps the keys).
COUNT_HEADINGS = {
    "fixed": N_("fixed"),
    "one-sided": N_("one-sided"),
    "free": N_("free"),
}


def _count_table_text(table: pd.DataFrame) -> str:
    """The count table as a person reads it: headings and numbers in the language in use."""
    shown = table.rename(columns=lambda column: _(COUNT_HEADINGS[column]) if column in COUNT_HEADINGS else column)
    text: str = shown.apply(lambda column: column.map(number_text)).to_string(index=False)
    return text
