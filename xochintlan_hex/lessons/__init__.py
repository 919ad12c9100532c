"""What the lessons use beyond the kit itself: self-check functions for the exercises.

Each ``check_...(answer)`` computes the right answer with the engines, the
polyform counter or the statistics (never from a stored number) and says
whether ``answer`` is right, without showing the answer itself. See
:mod:`xochintlan_hex.lessons.checks`.

:func:`datasets_folder` finds the kit's ``datasets/`` folder from wherever a
lesson runs, so the English lessons (``notebooks/``) and the French ones
(``notebooks/fr/``) read the same studies with the same code.
"""

from __future__ import annotations

from pathlib import Path


def datasets_folder(start: str | Path | None = None) -> Path:
    """The kit's ``datasets/`` folder: the nearest one from ``start`` (the current folder) upwards.

    The folder is recognised by its ``README.md``, which describes every study in it.

    >>> (datasets_folder() / "tilings.csv").is_file()
    True
    """
    here = Path.cwd() if start is None else Path(start)
    for folder in [here, *here.resolve().parents]:
        candidate = folder / "datasets"
        if (candidate / "README.md").is_file():
            return candidate
    raise FileNotFoundError(
        f"no datasets/ folder (with its README.md) in {here.resolve()} or any folder above it: "
        "run the lessons from the kit's folder (notebooks/ or notebooks/fr/)"
    )
