"""What speaking French costs when no compiled catalog is there: the French ``.po`` compiled in memory.

An editable install (``pip install -e .``) has no ``.mo`` until ``make`` compiles one, and a
``.mo`` older than its ``.po`` is passed over; the kit then compiles the ``.po`` the first
time it speaks French (``xochintlan_hex.i18n.translations``, cached for the process). This
times that compile, and, for comparison, reading an up-to-date ``.mo``. The machine may be
shared: the load average is printed beside the figures, with the median's 95% interval
(order statistics).

    .venv/bin/python benchmarks/catalog.py [--trials 31]
"""

from __future__ import annotations

import argparse
import gettext
import io
import os
import time
from collections.abc import Callable

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from xochintlan_hex.i18n import LOCALE_DIR, _compiled_in_memory

SOURCE = LOCALE_DIR / "fr" / "LC_MESSAGES" / "xochintlan_hex.po"


def timed(work: Callable[[], object], trials: int) -> list[float]:
    """Seconds each of ``trials`` runs of ``work`` took, sorted."""
    times = []
    for _trial in range(trials):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return sorted(times)


def median_interval(times: list[float]) -> tuple[float, float, float]:
    """The median and an approximately 95% interval for it, from the order statistics."""
    n = len(times)
    half = 0.98 * n**0.5  # 1.96 * sqrt(n) / 2 ranks either side of the middle
    low, high = max(0, int(n / 2 - half)), min(n - 1, int(n / 2 + half))
    return times[n // 2], times[low], times[high]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=31)
    trials = parser.parse_args().trials
    with SOURCE.open("rb") as text:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(text))
    mo_bytes = compiled.getvalue()
    cases = {
        "compile the .po in memory": lambda: gettext.GNUTranslations(_compiled_in_memory(SOURCE)),
        "read a compiled .mo": lambda: gettext.GNUTranslations(io.BytesIO(mo_bytes)),
    }
    print(f"{SOURCE.name}: {SOURCE.stat().st_size / 1024:.0f} KiB; load average {os.getloadavg()[0]:.2f}")
    for name, work in cases.items():
        median, low, high = median_interval(timed(work, trials))
        print(
            f"{name:28} median {1000 * median:6.1f} ms (95% interval {1000 * low:.1f} to {1000 * high:.1f} ms, {trials} runs)"
        )


if __name__ == "__main__":
    main()
