"""Exercises, lessons, feedback and a learner's progress.

An :class:`Exercise` is data: a position, the seat the learner plays, a goal in plain words, a
check that says whether a move met the goal (see :mod:`.checks`), the moves that solve it,
graded hints and a short explanation for after the solution. ``exercise.check(move)`` plays the
move on a copy of the position and answers with :class:`Feedback`; the game it was given is never
changed.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import IllegalMove
from ..variants import Game, text_to_dict
from .checks import Outcome, moves

_SEAT = re.compile(r"^\s*P\d+\b", re.IGNORECASE)
CAST = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", "Ida")


def seat_names(players: int, seat: int) -> list:
    """The seats of an exercise's table as the tutorial names them: the learner's seat "You",
    the others the cast's names by seat (Ada at seat 0, Ben at seat 1, ...).

    >>> seat_names(4, 2)
    ['Ada', 'Ben', 'You', 'Dev']
    """
    return ["You" if i == seat else CAST[i] if i < len(CAST) else f"P{i}" for i in range(players)]


def load_position(position):
    """A fresh game from an exercise's position: a position dict (``to_dict`` form) or the
    one-line position text (``to_text`` form). The one place positions are read."""
    if isinstance(position, dict):
        return Game.from_dict(copy.deepcopy(position))
    if isinstance(position, str):
        return Game.from_text(position)
    raise TypeError(f"an exercise's position is a position dict or text, not {type(position).__name__}")


@dataclass(frozen=True)
class Feedback:
    """The answer to one try.

    ``accepted``: the move met the goal. ``message``: what to tell the learner — the engine's own
    rule message for an illegal move, else what happened and why it does or does not meet the
    goal. ``move_text``: the move as read (``"P0 9C 9D"``). ``legal``: the engine accepted the
    move. ``rule``: the engine's refusal for an illegal move (else None). ``happened``: what the
    move did, event by event, in the game log's words.
    """

    accepted: bool
    message: str
    move_text: str | None = None
    legal: bool = False
    rule: str | None = None
    happened: tuple = ()

    def __bool__(self):
        return self.accepted


@dataclass(eq=False)
class Exercise:
    """One question on one position.

    ``id``: unique and stable (progress is kept by it). ``position``: where the exercise starts
    (the one-line position text, or a position dict). ``seat``: the seat the learner plays. ``goal``: one or two plain sentences.
    ``accept``: the :class:`~.checks.Check` a move must meet; left out, the move must be one of
    ``solutions``. ``solutions``: the moves that solve it, as text (each must meet ``accept``).
    ``hints``: graded, the gentlest first. ``explain``: said once the exercise is solved.
    ``view``: the learner sees only their own seat (a table shows that seat's view, and the
    messages never name a card that seat cannot see). ``mistakes``: moves a learner may well try
    that the rules refuse — the engine's message for them is part of the lesson. ``cast``: a
    position without seat names is played with the tutorial's cast at the table (the learner's
    seat called "You", the others Ada, Ben, Cleo, ... by seat, as in the notebooks).
    """

    id: str
    position: Any
    seat: int
    goal: str
    accept: Any = None  # a Check (set from the solutions when left out)
    solutions: Sequence[str] = ()
    hints: Sequence[str] = ()
    explain: str = ""
    view: bool = False
    mistakes: Sequence[str] = ()
    cast: bool = True

    def __post_init__(self):
        self.solutions = tuple(self.solutions)
        self.hints = tuple(self.hints)
        self.mistakes = tuple(self.mistakes)
        if self.accept is None:
            if not self.solutions:
                raise ValueError(f"exercise {self.id}: give the solutions, or a check to accept moves by")
            self.accept = moves(*self.solutions)

    # ------------------------------------------------------------------ reading
    @property
    def data(self) -> dict:
        """The position as position data (``to_dict`` form), read from its text if need be."""
        return self.position if isinstance(self.position, dict) else text_to_dict(self.position)

    @property
    def variant(self) -> str:
        return self.data["variant"]

    def game(self):
        """A fresh game at the exercise's position (the learner's table starts here)."""
        data = self.data
        players = len(data.get("players", ()))
        if isinstance(self.position, dict):
            named = "names" in data
        else:  # a text without ``names`` reads as P0, P1, ...
            named = data["names"] != [f"P{i}" for i in range(players)]
        if not self.cast or named:
            return load_position(self.position)
        return load_position({**data, "names": seat_names(players, self.seat)})

    def solutions_text(self) -> list:
        """The solving moves as the learner would write them, seat first (``"P0 9C 9D"``)."""
        return [self.with_seat(s) for s in self.solutions]

    def hint(self, n: int):
        """The n-th hint (0 the gentlest), or None once the hints are used up."""
        return self.hints[n] if 0 <= n < len(self.hints) else None

    def to_dict(self) -> dict:
        """The exercise as JSON-ready data for a front end (the check stays in Python)."""
        return {
            "id": self.id,
            "variant": self.variant,
            "seat": self.seat,
            "goal": self.goal,
            "goal_check": self.accept.name,
            "position": copy.deepcopy(self.data),
            "solutions": self.solutions_text(),
            "hints": list(self.hints),
            "explain": self.explain,
            "view": self.view,
        }

    def __repr__(self):
        return f"<Exercise {self.id}: {self.goal}>"

    # ------------------------------------------------------------------ checking
    def check(self, move, game=None) -> Feedback:
        """Try ``move`` (a Move or its text; bare text is the learner's move) on ``game`` — by
        default a fresh game at the exercise's position — and say whether it meets the goal.
        The move is played on a copy: ``game`` is never changed."""
        base = self.game() if game is None else game
        trial = base.clone()
        text = self.with_seat(move) if isinstance(move, str) else move
        shown = text if isinstance(text, str) else str(text)
        start = len(trial.log)
        try:
            played = trial.play(text)
        except IllegalMove as exc:
            return Feedback(False, exc.words, shown, legal=False, rule=str(exc))
        events = trial.log[start:]
        happened = tuple(e.words for e in events if e.text)
        shown = str(played)
        if played.player != self.seat:
            names = trial.names
            return Feedback(
                False,
                f"That is a move for {names[played.player]}; in this exercise you play "
                + ("your own seat." if names[self.seat] == "You" else f"{names[self.seat]}."),
                shown,
                legal=True,
                happened=happened,
            )
        outcome = Outcome(base.clone(), trial, played, events, self.seat, self.view)
        why = self.accept.miss(outcome)
        if why is None:
            told = self.explain or " ".join(happened)
            return Feedback(True, f"Yes! {told}", shown, legal=True, happened=happened)
        return Feedback(False, _sentence(f"Legal, but {why}"), shown, legal=True, happened=happened)

    def with_seat(self, text: str) -> str:
        """Move text with the seat written out: bare text is the learner's move (in a jump-in
        exercise the learner is not the player to move)."""
        return text if _SEAT.match(text) else f"P{self.seat} {text.strip()}"


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


@dataclass(eq=False)
class Lesson:
    """A short sequence of exercises on one topic: ``id``, ``title``, ``intro`` (a sentence or
    two said before the first exercise) and ``exercises``."""

    id: str
    title: str
    intro: str
    exercises: Sequence[Exercise] = field(default_factory=tuple)

    def __post_init__(self):
        self.exercises = tuple(self.exercises)

    @property
    def variant(self) -> str:
        return self.exercises[0].variant

    def __iter__(self):
        return iter(self.exercises)

    def __len__(self):
        return len(self.exercises)

    def __getitem__(self, i):
        return self.exercises[i]

    def __repr__(self):
        return f"<Lesson {self.id}: {self.title}, {len(self.exercises)} exercises>"


class Progress:
    """How far a learner has come: each exercise is ``"done"``, ``"tried"`` or ``"not yet"``,
    and the hints already given are counted, so that a Hint button gives them in order.

    >>> p = Progress()
    >>> p.status("bn-ten")
    'not yet'
    """

    DONE, TRIED, NOT_YET = "done", "tried", "not yet"

    def __init__(self):
        self._status = {}
        self._hints = {}

    @staticmethod
    def _id(exercise) -> str:
        return exercise if isinstance(exercise, str) else exercise.id

    def record(self, exercise, feedback: Feedback) -> Feedback:
        """Note a try; returns the feedback, so ``progress.record(ex, ex.check(m))`` reads well.
        A solved exercise stays done."""
        key = self._id(exercise)
        if feedback.accepted:
            self._status[key] = self.DONE
        elif self._status.get(key) != self.DONE:
            self._status[key] = self.TRIED
        return feedback

    def status(self, exercise) -> str:
        return self._status.get(self._id(exercise), self.NOT_YET)

    def next_hint(self, exercise):
        """The exercise's next graded hint, or None once all have been given (a table may then
        ask the search for one)."""
        key = self._id(exercise)
        n = self._hints.get(key, 0)
        text = exercise.hint(n)
        if text is not None:
            self._hints[key] = n + 1
        return text

    def hints_given(self, exercise) -> int:
        return self._hints.get(self._id(exercise), 0)

    def marks(self, lesson) -> list:
        """[(exercise id, status), ...] for a lesson, in its order."""
        return [(ex.id, self.status(ex)) for ex in lesson]

    def done(self, lesson) -> bool:
        return all(self.status(ex) == self.DONE for ex in lesson)

    def to_dict(self) -> dict:
        return {"status": dict(self._status), "hints": dict(self._hints)}

    @classmethod
    def from_dict(cls, data: dict) -> "Progress":
        p = cls()
        for key, value in (data.get("status") or {}).items():
            if value not in (cls.DONE, cls.TRIED):
                raise ValueError(f"unknown progress mark {value!r} for {key}")
            p._status[key] = value
        p._hints = {k: int(v) for k, v in (data.get("hints") or {}).items()}
        return p
