"""The progress bar of a study: its games and their rate written as the kit's language
writes numbers (« 5 000/10 000 [00:12<00:12, 412,5 parties/s] » in French).

tqdm writes its own counts the English way and glues the unit to the rate (« 412.50partie/s »),
so the bar is given its own fields: tqdm's documented way is a ``format_dict`` with extra
keys, read by ``bar_format``. The same bar shows as a widget in a notebook.
"""

from __future__ import annotations

import functools
from typing import Any

from xochintlan_hex.i18n import _, number_text, percent_text

#: What the bar shows; the fields whose names begin with ``games`` come from :func:`bar_fields`.
BAR_FORMAT = "{games_desc}{games_percent}|{bar}| {games_done}/{games_total} [{elapsed}<{remaining}, {games_rate}]"


def bar_fields(shown: dict[str, Any]) -> dict[str, str]:
    """The bar's words from tqdm's own figures (``n``, ``total``, ``rate``, ``elapsed``, and
    ``prefix``, tqdm's name for the description).

    >>> fields = bar_fields({"n": 5000, "total": 10000, "rate": 412.5, "prefix": "study", "elapsed": 12.1})
    >>> fields["games_done"], fields["games_total"], fields["games_percent"], fields["games_rate"]
    ('5,000', '10,000', '50%', '412.5 games/s')
    """
    done, total = shown["n"], shown["total"]
    rate = shown.get("rate")
    played = done - (shown.get("initial") or 0)
    if rate is None and played and shown.get("elapsed"):  # tqdm's smoothed rate waits for its first update
        rate = played / shown["elapsed"]
    return {
        "games_desc": _("{desc}: ").format(desc=shown["prefix"]) if shown.get("prefix") else "",
        "games_percent": percent_text(done / total) if total else "",
        "games_done": number_text(done),
        "games_total": number_text(total) if total else "?",
        "games_rate": _("{rate} games/s").format(rate="?" if rate is None else number_text(rate, 1)),
    }


@functools.cache
def _bar_class() -> type:
    """tqdm's bar (a widget in a notebook, text elsewhere) with the fields of :func:`bar_fields`;
    built on first use, as tqdm itself is imported only when a study runs."""
    from tqdm.auto import tqdm

    class GameBar(tqdm):  # type: ignore[misc]
        @property
        def format_dict(self) -> dict[str, Any]:
            shown: dict[str, Any] = super().format_dict
            return {**shown, **bar_fields(shown)}

    return GameBar


def game_progress_bar(total: int, desc: str | None, **options: Any) -> Any:
    """A study's progress bar over ``total`` games (``options`` go to tqdm: ``initial``,
    ``disable``, ``smoothing``, ``file``...)."""
    return _bar_class()(total=total, desc=desc, bar_format=BAR_FORMAT, **options)


__all__ = ["BAR_FORMAT", "bar_fields", "game_progress_bar"]
