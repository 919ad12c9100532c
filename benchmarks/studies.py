"""What keeping a study on disk costs: run_study against simulate_xochintlan.

Prints games per second for the same greedy two-player study played in memory
(simulate_xochintlan) and kept chunk by chunk (run_study, as the command line
does), and the time to finish a study whose chunks are all kept already (read
the chunks, write the results file). Then the peak memory of assembling the
results file of a finished study of 10,000 and 100,000 games (chunks made from
one real row, so nothing is played), each in a fresh process: it should not
grow with the number of games. Then the peak memory and time of
``xochintlan-hex report`` on a results file of 300,000 games (the shipped greedy
study repeated, its game indices and seeds renumbered; made in a few seconds;
target: the memory it adds above start-up, an interpreter that imports the
kit and does nothing, under 5x the file's size; the whole process's peak is
printed too), and of ``xochintlan-hex puzzle count 3000x3000`` and
``100000x100000`` (target: refused in under a second), beside the same figures
for a command that does almost nothing (``count --max-n 1``: the interpreter
and the kit's imports). Figures vary with the machine's load. The report's
figure alone::

    cd benchmarks && python -c "import studies as b; b.report_memory(300_000)"

    .venv/bin/python benchmarks/studies.py [GAMES] [WORKERS] [LARGEST_ASSEMBLY] [REPORT_GAMES]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from xochintlan_hex.simulate import simulate_xochintlan
from xochintlan_hex.studies import run_study, xochintlan_study


def timed(work):
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def main(games: int = 2000, workers: int = 2) -> None:
    players = ["greedy", "greedy"]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "bench.csv"
        memory, in_memory = timed(lambda: simulate_xochintlan(games, players, seed=1, workers=workers, progress=False))
        study = xochintlan_study(games, players, seed=1)
        kept, on_disk = timed(lambda: run_study(study, out, workers=workers, progress=False, keep_parts=True))
        chunks = len(list(Path(folder, "bench.csv.parts").glob("games-*.json")))
        out.unlink()
        _, finish = timed(lambda: run_study(study, out, workers=workers, resume=True, progress=False))
    assert kept.equals(memory)
    print(f"{games} greedy 2-player games, {workers} workers")
    print(f"  simulate_xochintlan (in memory): {in_memory:6.2f} s  {games / in_memory:7.0f} games/s")
    print(
        f"  run_study ({chunks} chunks kept):    {on_disk:6.2f} s  {games / on_disk:7.0f} games/s"
        f"  ({100 * (on_disk / in_memory - 1):+.0f}%)"
    )
    print(f"  resume with every chunk kept:    {finish:6.2f} s")


#: In a fresh process: write the kept chunks of a finished study, then assemble its
#: results file, and print the peak resident memory of the assembly alone.
ASSEMBLE = textwrap.dedent("""
    import resource, sys, pathlib
    from xochintlan_hex import simulate, studies
    games, out = int(sys.argv[1]), pathlib.Path(sys.argv[2])
    study = studies.xochintlan_study(games, "greedy,random", seed=5)
    with studies.study_lock(out):
        parts, _ = studies.open_parts(study, out, resume=False)
        row = simulate.play_xochintlan_games([0], ["greedy", "random"], seed=5)[0]
        for first in range(0, games, 250):
            last = min(first + 250, games)
            rows = [{**row, "game": i, "seed": simulate.game_seed(5, i)} for i in range(first, last)]
            studies.write_chunk(parts, study, range(first, last), rows)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    studies.play_study(study, out, resume=True, progress=False)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(before // 1024, after // 1024, out.stat().st_size // 2**20)
""")


def assembly_memory(largest: int) -> None:
    print("assembling the results file of a finished study (peak resident memory, MiB)")
    for games in (10_000, largest):
        with tempfile.TemporaryDirectory() as folder:
            done = subprocess.run(
                [sys.executable, "-c", ASSEMBLE, str(games), str(Path(folder) / "big.csv")],
                capture_output=True,
                text=True,
                check=True,
            )
        before, after, size = map(int, done.stdout.split())
        print(f"  {games:>9,} games ({size:4d} MiB CSV): peak {after:5d} MiB (before assembling {before} MiB)")


#: The peak resident memory (MiB) of the process that runs it: Linux's ``VmHWM``, which
#: counts this program alone (``ru_maxrss`` may also count the memory of the process
#: it was started from, when that one is larger), else ``ru_maxrss``.
PEAK_MIB = textwrap.dedent("""
    def peak_mib():
        try:
            with open("/proc/self/status") as status:
                return int(next(line for line in status if line.startswith("VmHWM:")).split()[1]) // 1024
        except (OSError, StopIteration):
            import resource
            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
""")

#: In a fresh process: run one command of the kit, then print its peak resident memory
#: (MiB) and wall time (s). Measured from inside so that the interpreter's start-up
#: counts in the memory (it is part of what a user waits for and holds) and the time.
COMMAND = PEAK_MIB + textwrap.dedent("""
    import sys, time
    start = time.perf_counter()
    from xochintlan_hex import cli
    status = cli.main(sys.argv[1:])
    print(peak_mib(), time.perf_counter() - start, status, file=sys.__stderr__)
""")


def measure(argv: list[str]) -> tuple[int, float, int]:
    """``(peak MiB, seconds, exit status)`` of ``xochintlan-hex ARGV`` in a fresh process."""
    done = subprocess.run([sys.executable, "-c", COMMAND, *argv], capture_output=True, text=True)
    peak, seconds, status = done.stderr.strip().splitlines()[-1].split()
    return int(peak), float(seconds), int(status)


def big_results_file(games: int, folder: Path) -> Path:
    """A results file of ``games`` games made from the shipped greedy study, its game
    indices and seeds renumbered (the outcomes repeat; only the size matters here)."""
    import pandas as pd

    from xochintlan_hex.simulate import game_seed

    shipped = pd.read_csv(
        Path(__file__).resolve().parents[1] / "datasets" / "xochintlan_greedy_selfplay_2p.csv",
        dtype=str,
        keep_default_na=False,
    )
    out = folder / f"greedy_{games}.csv"
    with open(out, "w", encoding="utf-8", newline="") as file:
        for start in range(0, games, len(shipped)):
            block = shipped.iloc[: games - start].copy()
            block["game"] = [str(start + i) for i in range(len(block))]
            block["seed"] = [str(game_seed(1, start + i)) for i in range(len(block))]
            block.to_csv(file, index=False, header=start == 0)
    return out


#: In a fresh process: import the kit's command line and do nothing, then print the peak
#: resident memory (MiB): what any command holds before it starts its work.
START_UP = PEAK_MIB + textwrap.dedent("""
    import importlib, sys
    from xochintlan_hex import cli
    import xochintlan_hex.cli.report  # the report command's own modules (pandas, the readers): loaded on first use
    for module in sys.argv[1:]:
        importlib.import_module(module)
    print(peak_mib(), file=sys.__stderr__)
""")


def start_up_memory(*modules: str) -> int:
    """Peak MiB of a fresh interpreter that imports the kit's command line with its report
    command (and ``modules``) and does nothing."""
    done = subprocess.run([sys.executable, "-c", START_UP, *modules], capture_output=True, text=True, check=True)
    return int(done.stderr.strip().splitlines()[-1])


def report_memory(games: int) -> None:
    """The memory ``report`` adds above start-up (target: under 5x the file's size), and the
    whole process's peak, on a results file of ``games`` games."""
    with tempfile.TemporaryDirectory() as folder:
        path, made = timed(lambda: big_results_file(games, Path(folder)))
        size = path.stat().st_size / 2**20
        start_up = start_up_memory()
        scipy = start_up_memory("scipy.special") - start_up
        peak, seconds, status = measure(["report", str(path)])
    added = peak - start_up
    print(
        f"report on {games:,} games ({size:.1f} MiB CSV, made in {made:.0f} s): "
        f"{added} MiB above start-up = {added / size:.1f}x the file (target under 5x; "
        f"{scipy} MiB of it importing scipy.special, whatever the file); "
        f"whole process {peak} MiB = {peak / size:.1f}x the file (start-up alone {start_up} MiB); "
        f"{seconds:.1f} s, exit {status}"
    )


def puzzle_refusal() -> None:
    baseline, start_up, _ = measure(["count", "--max-n", "1"])
    for region in ("3000x3000", "100000x100000"):
        peak, seconds, status = measure(["puzzle", "count", region])
        print(
            f"puzzle count {region}: exit {status} in {seconds:.2f} s (start-up alone {start_up:.2f} s), "
            f"peak {peak} MiB (start-up alone {baseline} MiB)"
        )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
    assembly_memory(int(sys.argv[3]) if len(sys.argv) > 3 else 100_000)
    report_memory(int(sys.argv[4]) if len(sys.argv) > 4 else 300_000)
    puzzle_refusal()
