"""Lessons that ask: exercises as data, checked by the engine.

A lesson is a short sequence of exercises; an exercise is a position, the seat the learner
plays, a goal in plain words, the moves that solve it and graded hints. ``check(move)`` plays the
move on a copy and says whether it met the goal, and if not, what happened and why it misses.

>>> from scheissekopf import lessons
>>> ex = lessons.exercise("bn-four-nines")
>>> ex.check("9C").accepted
False
>>> ex.check("9C 9D").accepted
True

The catalogue is one module per family: :mod:`.bitenight`, :mod:`.variants` (palace and
schwechat), :mod:`.schafkopf` (schafkopf and mehrkopf) and :mod:`.sheepshead`. How to add an
exercise: docs/LESSONS.md.
"""

from __future__ import annotations

from . import checks
from .checks import Check, Outcome
from .lesson import Exercise, Feedback, Lesson, Progress, load_position

__all__ = [
    "Check",
    "Exercise",
    "Feedback",
    "Lesson",
    "Outcome",
    "Progress",
    "catalogue",
    "checks",
    "exercise",
    "exercises",
    "get",
    "load_position",
    "puzzles",
]


def catalogue() -> tuple:
    """Every lesson, in teaching order."""
    from . import bitenight, schafkopf, sheepshead, variants

    return bitenight.LESSONS + variants.LESSONS + schafkopf.LESSONS + sheepshead.LESSONS


def get(lesson_id: str) -> Lesson:
    """The lesson with that id (KeyError names the ids there are)."""
    for lesson in catalogue():
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(f"no lesson {lesson_id!r}: there are {', '.join(x.id for x in catalogue())}")


def exercises(variant: str | None = None) -> tuple:
    """Every exercise in catalogue order (only that variant's, if given)."""
    return tuple(ex for lesson in catalogue() for ex in lesson if variant is None or ex.variant == variant)


def puzzles(variant: str | None = None) -> tuple:
    """The shipped puzzles found in real play (``python -m scheissekopf puzzles``), each an
    :class:`Exercise` played from the learner's own view; only that variant's, if given.
    They are not part of the catalogue's lessons. See docs/LESSONS.md, "Puzzles"."""
    from . import found

    return found.puzzles(variant)


def exercise(exercise_id: str) -> Exercise:
    """The exercise with that id."""
    for ex in exercises():
        if ex.id == exercise_id:
            return ex
    raise KeyError(f"no exercise {exercise_id!r}")
