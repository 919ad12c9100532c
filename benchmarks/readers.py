"""What checking every row costs: reading and reporting the shipped study files.

Times ``read_results`` (every cell parsed, every row rule checked) and
``xochintlan-hex report`` (read, then the figures) on every shipped study file,
each in a fresh process, in CPU seconds, best of ``ROUNDS``; then the check of
every kept chunk of a finished 20,000-game study, as a resume makes it. With ``--baseline DIR`` the same
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


#: In a fresh process: CPU seconds to verify the kept chunks of a finished study of GAMES
#: games, 250 a chunk (made from one real row, so nothing is played), best of three.
VERIFY = textwrap.dedent("""
    import pathlib, sys, tempfile, time
    from xochintlan_hex import simulate, studies
    games, folder = int(sys.argv[1]), pathlib.Path(tempfile.mkdtemp())
    out = folder / "big.csv"
    study = studies.xochintlan_study(games, "greedy,random", seed=5)
    with studies.study_lock(out):
        parts, _ = studies.open_parts(study, out, resume=False)
        row = simulate.play_xochintlan_games([0], ["greedy", "random"], seed=5)[0]
        for first in range(0, games, 250):
            last = min(first + 250, games)
            rows = [{**row, "game": i, "seed": simulate.game_seed(5, i)} for i in range(first, last)]
            studies.write_chunk(parts, study, range(first, last), rows)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        kept = studies.verified_chunks(parts, study)
        best = min(best, time.process_time() - start)
    print(len(kept), best)
""")


def study_files() -> list[Path]:
    """The shipped files that are study results (one row per game)."""
    return [
        path
        for path in sorted((ROOT / "datasets").glob("*.csv"))
        if path.read_text(encoding="utf-8").startswith("game,seed,") and "hextremadura_solver" not in path.name
    ]


def measure(source: Path, files: list[Path]) -> tuple[int, float, float]:
    environment = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, *map(str, files)], env=environment, capture_output=True, text=True, check=True
    )
    rows, read, report = done.stdout.split()
    return int(rows), float(read), float(report)


def chunk_verification(sources: dict[str, Path], games: int = 20_000) -> None:
    """CPU seconds to check every kept chunk of a finished study (as a resume does)."""
    print(f"verifying the kept chunks of a {games:,}-game study (250 games a chunk), best of 3")
    for name, source in sources.items():
        environment = {**os.environ, "PYTHONPATH": str(source)}
        done = subprocess.run(
            [sys.executable, "-c", VERIFY, str(games)], env=environment, capture_output=True, text=True, check=True
        )
        chunks, seconds = done.stdout.split()
        print(
            f"  {name:9s} {int(chunks)} chunks in {float(seconds):6.3f} s CPU "
            f"({1000 * float(seconds) / int(chunks):.1f} ms a chunk)"
        )


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
        print(f"  difference: read {100 * (read / old_read - 1):+.1f}%, report {100 * (report / old_report - 1):+.1f}%")
    chunk_verification(sources)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    base = None
    if "--baseline" in arguments:
        at = arguments.index("--baseline")
        base = Path(arguments[at + 1]).resolve()
        del arguments[at : at + 2]
    main(int(arguments[0]) if arguments else 5, base)
