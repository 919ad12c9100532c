"""What checking every row costs: reading and reporting the shipped study files.

Times ``read_results`` (every cell parsed, every row rule checked) and
``xochintlan-hex report`` (read, then the figures) on every shipped study file,
each in a fresh process, in CPU seconds, best of ``ROUNDS``. With ``--baseline DIR`` the same
measurement runs, round after round in turn, on the kit's source in ``DIR``
(for instance an unpacked older commit, ``git archive <commit> | tar -x -C DIR``),
and the difference is printed: the two are then measured in one run, under the
same load. Figures vary with the machine's load; compare within one run only.

    .venv/bin/python benchmarks/readers.py [ROUNDS] [--baseline DIR]
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: In a fresh process: CPU seconds to read every shipped study file, then to report them
#: (CPU time, not wall-clock time: on a shared machine, waiting for a core is not the readers' cost).
MEASURE = textwrap.dedent("""
    import contextlib, io, sys, time
    from pathlib import Path
    from xochintlan_hex import cli
    from xochintlan_hex.studies import read_results
    files = [Path(p) for p in sys.argv[1:]]
    start = time.process_time()
    rows = sum(len(read_results(path)) for path in files)
    read = time.process_time() - start
    start = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        for path in files:
            assert cli.main(["report", str(path)]) == 0, path
    report = time.process_time() - start
    print(rows, read, report)
""")


def study_files() -> list[Path]:
    """The shipped files that are study results (one row per game)."""
    return [path for path in sorted((ROOT / "datasets").glob("*.csv"))
            if path.read_text(encoding="utf-8").startswith("game,seed,")
            and "hextremadura_solver" not in path.name]


def measure(source: Path, files: list[Path]) -> tuple[int, float, float]:
    environment = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, "-c", MEASURE, *map(str, files)], env=environment,
                          capture_output=True, text=True, check=True)
    rows, read, report = done.stdout.split()
    return int(rows), float(read), float(report)


def main(rounds: int = 5, baseline: Path | None = None) -> None:
    files = study_files()
    sources = {"this kit": ROOT, **({"baseline": baseline} if baseline else {})}
    best: dict[str, list[float]] = {name: [float("inf"), float("inf")] for name in sources}
    rows = 0
    for _ in range(rounds):
        for name, source in sources.items():  # in turn, so both see the same load
            rows, read, report = measure(source, files)
            best[name] = [min(best[name][0], read), min(best[name][1], report)]
    print(f"{len(files)} shipped study files, {rows:,} games; best of {rounds} fresh processes")
    for name, (read, report) in best.items():
        print(f"  {name:9s} read_results {read:6.3f} s CPU   report {report:6.3f} s CPU")
    if baseline:
        (read, report), (old_read, old_report) = best["this kit"], best["baseline"]
        print(f"  difference: read {100 * (read / old_read - 1):+.1f}%, "
              f"report {100 * (report / old_report - 1):+.1f}%")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    base = None
    if "--baseline" in arguments:
        at = arguments.index("--baseline")
        base = Path(arguments[at + 1]).resolve()
        del arguments[at:at + 2]
    main(int(arguments[0]) if arguments else 5, base)
