"""A lesson on the live card table: the goal above the table, the learner plays by clicking, and
every move is checked by the exercise before it is played.

>>> from scheissekopf import lessons
>>> from scheissekopf.lessons.widget import LessonTable
>>> t = LessonTable(lessons.get("bitenight-four"))
>>> t.answer("9C").accepted  # the first exercise wants a burn: one more 9 does not do it
False
>>> t.progress.status(t.exercise)
'tried'

A wrong try leaves the position as it was (the move is not played) and says why in the table; a
right one is played, so the learner sees what it did, the table stops inviting moves, and a Next
button beside the feedback moves on. The table's controls are the lesson's: one Hint button
(the exercise's own hints, gentlest first, then the search's ranking in words), Retry (the
exercise afresh) and Back / Next; there is no Step, Undo or Edit. Where the exercise says so,
the table shows only the learner's seat, and the search sees only that seat too.

Needs the Jupyter packages (the ``widget`` extra); :mod:`scheissekopf.lessons` itself does not.
"""

from __future__ import annotations

import html
import re

try:
    import ipywidgets as widgets

    from ..render import game_html
    from ..table import Table
except ModuleNotFoundError as exc:  # the lessons themselves need neither; their table does
    from ..errors import MissingExtra

    raise MissingExtra("The lesson table (sk.LessonTable)", "widget", exc.name) from None

from .lesson import Exercise, Feedback, Lesson, Progress

_SEAT = re.compile(r"^\s*P(\d+)\b", re.IGNORECASE)
MARKS = {Progress.DONE: "\u2714", Progress.TRIED: "\u2718", Progress.NOT_YET: "\u25cb"}
_MARK_COLOURS = {Progress.DONE: "#1f7a3a", Progress.TRIED: "#b3261e", Progress.NOT_YET: "#6b7770"}


def _as_lesson(what) -> Lesson:
    if isinstance(what, Lesson):
        return what
    if isinstance(what, Exercise):
        return Lesson(what.id, what.goal, "", (what,))
    if isinstance(what, (list, tuple)) and what and all(isinstance(x, Exercise) for x in what):
        return Lesson("exercises", f"{len(what)} {what[0].variant} exercises", "", tuple(what))
    if isinstance(what, str):
        from . import exercise, get

        try:
            return get(what)
        except KeyError:
            return _as_lesson(exercise(what))
    raise TypeError(f"a lesson table plays a Lesson, an Exercise or the id of one, not {type(what).__name__}")


def _player_of(move):
    """The seat a move is for (a Move, or text starting with its seat), else None (bare text is
    the learner's move)."""
    if isinstance(move, str):
        seat = _SEAT.match(move)
        return int(seat.group(1)) if seat else None
    return getattr(move, "player", None)


class LessonTable(widgets.VBox):
    """A lesson (or one exercise) played on a card table.

    ``lesson``: a :class:`~.lesson.Lesson`, an :class:`~.lesson.Exercise`, the id of either, or
    a sequence of exercises (``lessons.puzzles("bitenight")``).
    ``progress``: a :class:`~.lesson.Progress` to carry on (a new one by default).
    ``hint_budget``: seconds the search may take once the exercise's own hints are used up.
    """

    def __init__(self, lesson, *, progress: Progress | None = None, hint_budget: float = 0.5, **kwargs):
        self.lesson = _as_lesson(lesson)
        if not len(self.lesson):
            raise ValueError(f"the lesson {self.lesson.id!r} has no exercises")
        self.progress = progress if progress is not None else Progress()
        self.index = 0
        self.header = widgets.HTML()
        ex = self.lesson[0]
        self.table = Table(ex.game(), view=ex.seat if ex.view else "table")
        self.table.home = ex.seat  # the learner sits at the bottom, and plays that seat only
        self.table.hint_budget = hint_budget
        self.table.referee = self.answer
        self.table.adviser = self._advise
        self.table.coach = self._coach  # Retry, Back and Next are drawn in the table
        super().__init__([self.header, self.table], **kwargs)
        self.add_class("sk-lesson")
        self.go(0)

    # ------------------------------------------------------------------ where we are
    @property
    def exercise(self) -> Exercise:
        """The exercise on the table now."""
        return self.lesson[self.index]

    def go(self, index: int) -> None:
        """Set up exercise number ``index`` (from 0) afresh."""
        if not (isinstance(index, int) and 0 <= index < len(self.lesson)):
            raise IndexError(f"this lesson has exercises 0 to {len(self.lesson) - 1}, not {index!r}")
        self.index = index
        ex = self.exercise
        self.table.hints = {}
        self.table.home = ex.seat
        self.table.game = ex.game()
        self.table.view = ex.seat if ex.view else "table"
        self.table.message = ""
        self._draw()

    @property
    def solved(self) -> bool:
        """Whether the exercise on the table has been answered (its right move is played)."""
        return bool(self.table.game.history)

    def next(self) -> None:
        if self.index + 1 < len(self.lesson):
            self.go(self.index + 1)
        else:
            self.table.say("That was the last exercise of this lesson.", "info")

    def back(self) -> None:
        if self.index > 0:
            self.go(self.index - 1)

    def retry(self) -> None:
        """The exercise from its starting position again (progress is kept)."""
        t = self.table
        untouched = not (t.game.history or t.message or t.hints)
        self.go(self.index)
        if untouched:  # nothing played or said: say so, or the click would seem to do nothing
            self.table.say("This exercise is at its start already: make your move.", "info")

    def _coach(self, action: str) -> None:
        {"retry": self.retry, "next": self.next, "back": self.back}[action]()

    # ------------------------------------------------------------------ the learner's moves
    def answer(self, move) -> Feedback:
        """Check ``move`` (text or Move) against the exercise. A move that meets the goal is
        played on the table; any other leaves the position as it was. The feedback is shown in
        the table and returned."""
        ex = self.exercise
        game = self.table.game
        if game.history:  # solved already: the position on the table is after the answer
            self.table.say(self._solved_words(), "info")
            return Feedback(False, self.table.message)
        player = _player_of(move)
        if player is not None and player != ex.seat:
            # another seat's move is no try at this exercise: it is refused and not counted
            self.table.message = self._not_yours(player)
            return Feedback(False, self.table.message, move if isinstance(move, str) else str(move))
        feedback = self.progress.record(ex, ex.check(move, game))
        if feedback.accepted and feedback.move_text is not None:
            self.table.play(feedback.move_text)
        # a legal move that misses the goal is not a broken rule: "not quite", not a refusal
        self.table.say(feedback.message, "good" if feedback.accepted else "miss" if feedback.legal else "")
        self._draw()
        return feedback

    def hint(self) -> str:
        """The exercise's next hint, or, once those are used up, the search's ranking of the
        learner's moves (shown in the table). Returns what was said."""
        return self._advise(self.exercise.seat)

    def _advise(self, seat: int) -> str:
        ex = self.exercise
        text = None if self.solved else self.progress.next_hint(ex)
        if self.solved:  # the answer is on the table: no hint is used up
            self.table.say(self._solved_words(), "info")
        elif text is not None:
            given = self.progress.hints_given(ex)
            self.table.say(f"Hint {given}: {text}", "info")
        else:
            try:
                self.table.hint(ex.seat)
            except ValueError as exc:
                self.table.message = str(exc)
            else:
                self.table.say(
                    "That was the last of this exercise's hints. Below, the computer's own view of your "
                    "moves, from practice games played out from your seat; it plays to win the round, which "
                    "is not always this exercise's goal.",
                    "info",
                )
        self._draw()
        return self.table.message

    def _not_yours(self, player: int) -> str:
        names = self.table.game.names
        other = names[player] if 0 <= player < len(names) else "another seat"
        me = names[self.exercise.seat]
        mine = "the seat called You, at the bottom" if me == "You" else f"{me}, at the bottom"
        return f"In this exercise you play {mine}: {other}'s cards are not yours to play."

    def _solved_words(self) -> str:
        if self.index + 1 < len(self.lesson):
            return "Solved! Press Next for the next exercise, or Retry to play this one again."
        return "Solved! That was the last exercise of this lesson; Retry plays this one again."

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        ex, lesson = self.exercise, self.lesson
        marks = []
        for i, (ex_id, status) in enumerate(self.progress.marks(lesson)):
            ring = "outline:2px solid #f2b418;outline-offset:1px;border-radius:3px;" if i == self.index else ""
            marks.append(
                f'<span title="{html.escape(ex_id)}: {status}" style="color:{_MARK_COLOURS[status]};'
                f'font-size:16px;margin-right:6px;padding:0 2px;{ring}">{MARKS[status]}</span>'
            )
        name = self.table.game.names[ex.seat]
        who = ("You play the seat called You" if name == "You" else f"You play {name}") + (
            ", at the bottom of the table, and see only your own cards." if ex.view else ", at the bottom of the table."
        )
        intro = f'<div style="color:#44524b;margin:2px 0 6px">{html.escape(lesson.intro)}</div>' if lesson.intro else ""
        count = f"exercise {self.index + 1} of {len(lesson)}" if len(lesson) > 1 else "one exercise"
        # a lesson of one exercise is titled by its goal: say it once
        goal = "" if lesson.title.strip() == ex.goal.strip() else ex.goal
        goal_line = f'<div style="font-size:15px;margin:6px 0 2px"><b>{html.escape(goal)}</b></div>' if goal else ""
        self.header.value = (
            '<div class="sk-lesson-head" style="font-family:\'DejaVu Sans\',Arial,sans-serif;max-width:760px">'
            f'<div style="font-weight:700;font-size:15px">{html.escape(lesson.title)}</div>{intro}'
            f'<div style="margin:4px 0">{"".join(marks)}'
            f'<span style="color:#44524b;font-size:12px">{count}</span></div>'
            f"{goal_line}"
            f'<div style="color:#44524b;font-size:12px">{html.escape(who)}</div></div>'
        )
        self.table.lesson = {
            "solved": self.solved,
            "number": self.index + 1,
            "count": len(lesson),
            "back": self.index > 0,
            "next": self.index + 1 < len(lesson),
        }

    def __repr__(self):
        return f"<LessonTable {self.lesson.id}: exercise {self.index + 1} of {len(self.lesson)}>"

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        # Where no kernel runs (a notebook viewer, nbconvert), the goal and the table's picture
        # stand in for the live lesson.
        t = self.table
        return {**data, "text/html": self.header.value + game_html(t._game, t._view, home=t.home)}
