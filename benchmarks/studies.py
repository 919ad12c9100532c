"""What keeping a study on disk costs: run_study against simulate_xochintlan.

Prints games per second for the same greedy two-player study played in memory
(simulate_xochintlan) and kept chunk by chunk (run_study, as the command line
does), and the time to finish a study whose chunks are all kept already (read
the chunks, write the results file). Figures vary with the machine's load.

    .venv/bin/python benchmarks/studies.py [GAMES] [WORKERS]
"""

from __future__ import annotations

import sys
import tempfile
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
        memory, in_memory = timed(lambda: simulate_xochintlan(games, players, seed=1,
                                                              workers=workers, progress=False))
        study = xochintlan_study(games, players, seed=1)
        kept, on_disk = timed(lambda: run_study(study, out, workers=workers, progress=False,
                                                keep_parts=True))
        chunks = len(list(Path(folder, "bench.csv.parts").glob("games-*.json")))
        out.unlink()
        _, finish = timed(lambda: run_study(study, out, workers=workers, resume=True,
                                            progress=False))
    assert kept.equals(memory)
    print(f"{games} greedy 2-player games, {workers} workers")
    print(f"  simulate_xochintlan (in memory): {in_memory:6.2f} s  {games / in_memory:7.0f} games/s")
    print(f"  run_study ({chunks} chunks kept):    {on_disk:6.2f} s  {games / on_disk:7.0f} games/s"
          f"  ({100 * (on_disk / in_memory - 1):+.0f}%)")
    print(f"  resume with every chunk kept:    {finish:6.2f} s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
