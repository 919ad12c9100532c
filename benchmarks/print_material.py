"""Speed of the class material printed by the kit, as a teacher runs the commands.

Run from the kit's folder: ``python benchmarks/print_material.py`` (about a minute;
``--lessons 01 02 03 04 05 06`` times every lesson instead of lesson 03 alone,
``--repeats 5`` runs each command more often). Prints, for each command, the
CPU seconds of ``xochintlan-hex print WHAT --lesson N --lang L`` run in a new process
(median, and the fastest and slowest run) and its median wall-clock seconds, beside
those of ``xochintlan-hex --version``: the part of every command spent starting Python
and importing the kit. Wall-clock time grows when the machine is shared; CPU time much
less.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def seconds(argv: list[str], repeats: int) -> list[tuple[float, float]]:
    """(CPU, wall-clock) seconds of ``repeats`` runs of the command line with ``argv``."""
    times = []
    for _ in range(repeats):
        before, start = _children_cpu(), time.perf_counter()
        subprocess.run([sys.executable, "-m", "xochintlan_hex.cli", *argv], check=True, capture_output=True)
        times.append((_children_cpu() - before, time.perf_counter() - start))
    return times


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def line(label: str, times: list[tuple[float, float]]) -> str:
    cpu = [c for c, _ in times]
    wall = statistics.median(w for _, w in times)
    return (
        f"{label:<44} CPU {statistics.median(cpu):5.2f} s ({min(cpu):.2f} to {max(cpu):.2f}), "
        f"wall {wall:5.2f} s, {len(times)} runs"
    )


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
