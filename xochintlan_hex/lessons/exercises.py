"""Every exercise of every lesson, described once, so that tests hold each check to its promise.

A lesson's check (:mod:`xochintlan_hex.lessons.checks`) must say *right* for every
correct form a student can reach from what the page shows (the folded answer, the
value read off a table at its printed rounding) and *not yet* for a wrong or an
incomplete answer, without revealing the answer. An :class:`Exercise` names those
answers; ``tests/test_lesson_exercises.py`` runs every check on them, in English
and in French.

The lessons' modules (``lesson01.py``, ``lesson02.py``, ...) each list their
exercises in ``EXERCISES``; :func:`all_exercises` gathers them.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

#: How hard an exercise is; each lesson grades its exercises from easy to stretch.
Level = Literal["easy", "medium", "stretch"]


@dataclass(frozen=True)
class Exercise:
    """One exercise: its place in a lesson, its check, and answers the check must judge.

    ``check`` is called as the lesson calls it, with the answer first and then
    ``context()`` (the study frames or objects the lesson's check cell passes along).
    Answers are given as zero-argument functions when they must be computed (from the
    engine or a study), so that no answer is written twice.
    """

    lesson: str  # "01" .. "07"
    number: int  # as numbered on the page: "Exercise 3"
    level: Level
    check: Callable[..., Any]
    right: Sequence[Any]  # accepted: the folded answer, the page's printed rounding, ...
    wrong: Sequence[Any]  # refused with a hint
    incomplete: Sequence[Any]  # refused: part of the answer only
    context: Callable[[], tuple[Any, ...]] = field(default=lambda: ())
    # Texts that state the answer (e.g. "9356", "Z'"): none may appear in a Markdown cell or
    # an output above the exercise's heading, in either language.
    giveaways: Sequence[str] = ()

    def judge(self, answer: Any) -> Any:
        """The check's verdict on ``answer`` (computed first when it is a zero-argument function)."""
        value = answer() if callable(answer) else answer
        return self.check(value, *self.context())


def all_exercises() -> list[Exercise]:
    """The exercises of every lesson module (``lessonNN``) of this package, in lesson order."""
    from xochintlan_hex import lessons

    found: list[Exercise] = []
    for module in sorted(info.name for info in pkgutil.iter_modules(lessons.__path__)):
        if module.startswith("lesson") and module[6:].isdigit():
            found += importlib.import_module(f"xochintlan_hex.lessons.{module}").EXERCISES
    return found
