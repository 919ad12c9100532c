"""How long each lesson takes to run top to bottom, and its slowest cell.

Each lesson, English (``notebooks/``) and French (``notebooks/fr/``), is executed in a
fresh kernel (as "Run All" does, from the lesson's own folder), without saving it. Printed per lesson: the whole run (kernel start
included), the run of its cells alone, and the slowest cell with its first line.
The targets: a lesson under 30 s, no cell over 10 s. The machine may be shared:
the load average is printed beside the figures.

    .venv/bin/python benchmarks/lessons.py [01 03 ...]   # the numbers select lessons in both languages
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def time_lesson(path: Path) -> tuple[float, float, float, str]:
    """(whole run, cells only, slowest cell, its first line) in seconds."""
    lesson = nbformat.read(path, as_version=4)
    client = NotebookClient(
        lesson, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    cell_times: list[tuple[float, str]] = []
    start = time.perf_counter()
    with client.setup_kernel():
        ready = time.perf_counter()
        for index, cell in enumerate(lesson.cells):
            if cell.cell_type != "code":
                continue
            before = time.perf_counter()
            client.execute_cell(cell, index)
            first_line = next((line for line in cell.source.splitlines() if not line.startswith("#")), "")
            cell_times.append((time.perf_counter() - before, first_line))
    whole = time.perf_counter() - start
    slowest, line = max(cell_times)
    return whole, time.perf_counter() - ready, slowest, line


def main(selected: list[str]) -> None:
    every_lesson = [*sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")), *sorted(NOTEBOOKS.glob("fr/[0-9][0-9]_*.ipynb"))]
    lessons = [p for p in every_lesson if not selected or p.name[:2] in selected]
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'lesson':34} {'run':>7} {'cells':>7} {'slowest':>8}  slowest cell")
    for path in lessons:
        whole, cells, slowest, line = time_lesson(path)
        name = str(path.relative_to(NOTEBOOKS).with_suffix(""))
        print(f"{name:34} {whole:6.1f}s {cells:6.1f}s {slowest:7.1f}s  {line[:50]}")


if __name__ == "__main__":
    main(sys.argv[1:])
