"""Speed of the class material printed by the kit, as a teacher runs the commands.

Run from the kit's folder: ``python benchmarks/print_material.py`` (about a minute;
``--lessons 01 02 03 04 05 06`` times every lesson instead of lesson 03 alone,
``--repeats 5`` runs each command more often). Prints, for each command, the
wall-clock seconds of ``xochintlan-hex print WHAT --lesson N --lang L`` run in a new
process (median, and the fastest and slowest run), beside the time of
``xochintlan-hex --version``: the part of every command spent starting Python and
importing the kit. Wall-clock time grows when the machine is shared.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def seconds(argv: list[str], repeats: int) -> list[float]:
    """Wall-clock seconds of ``repeats`` runs of the command line with ``argv``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "xochintlan_hex.cli", *argv], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def line(label: str, times: list[float]) -> str:
    return f"{label:<46} {statistics.median(times):6.2f} s  ({min(times):.2f} to {max(times):.2f}, {len(times)} runs)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", nargs="+", default=["03"], help="lessons to time (default: 03)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = str(Path(folder) / "material.pdf")
        print(line("xochintlan-hex --version (start-up)", seconds(["--version"], args.repeats)))
        for language in ("en", "fr"):
            for lesson in args.lessons:
                for what in ("worksheet", "key", "assessment"):
                    argv = ["print", what, "--lesson", lesson, "--lang", language, "--out", out]
                    print(line(f"print {what} --lesson {lesson} --lang {language}", seconds(argv, args.repeats)))
            argv = ["print", "animals", "--lang", language, "--out", out]
            print(line(f"print animals --lang {language}", seconds(argv, args.repeats)))


if __name__ == "__main__":
    main()
