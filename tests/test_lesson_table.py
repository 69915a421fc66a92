"""A lesson on the card table: the learner's moves are checked before they are played, a wrong
try leaves the position as it was with the reason in the table, hints come from the exercise
first and then from the search, and front-end requests that are malformed or stale change
nothing."""

from __future__ import annotations

import html

import pytest

import scheissekopf as sk
from scheissekopf import lessons
from scheissekopf.lessons.widget import LessonTable

EXERCISES = lessons.exercises()


def _wrong_legal(ex, game):
    """A legal move of the learner's seat that the exercise does not accept."""
    for m in game.legal_moves():
        if m.player == ex.seat and not ex.check(m, game).accepted:
            return m
    raise AssertionError(f"{ex.id}: every legal move is accepted")


@pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
def test_every_exercise_plays_on_the_table(ex):
    t = LessonTable(ex)
    table = t.table
    assert table.view == (ex.seat if ex.view else "table")
    assert table.info["editable"] is False and table.table_mode == "play"
    if ex.view:  # the learner sees no other hand
        for seat, player in enumerate(table.state["players"]):
            if seat != ex.seat:
                assert all(c in ("??", None) for c in player.get("hand", [])), (seat, player)
    start = table.game.to_dict()
    wrong = _wrong_legal(ex, table.game)
    fb = t.answer(str(wrong))
    # a legal move that misses the goal is "not quite" (amber), not a refusal (red)
    assert not fb.accepted and fb.message and table.message == fb.message and table.tone == "miss"
    assert table.game.to_dict() == start and table.game.history == []  # the position stays
    assert t.progress.status(ex) == "tried"
    fb = t.answer(ex.solutions_text()[0] if ex.solutions else _accepted_move(ex, table.game))
    assert fb.accepted and table.message.startswith("Yes!") and table.tone == "good"
    assert len(table.game.history) == 1  # the right move is played, so its effect shows
    assert t.progress.status(ex) == "done" and t.solved and table.lesson["solved"] is True
    again = t.answer(str(wrong))  # after the answer the table says it is solved; nothing changes
    assert not again.accepted and table.message.startswith("Solved!") and table.tone == "info"
    assert len(table.game.history) == 1
    t.retry()
    assert table.game.to_dict() == start and t.progress.status(ex) == "done"
    assert not t.solved and table.lesson["solved"] is False and table.message == ""


def _accepted_move(ex, game):
    return next(str(m) for m in game.legal_moves() if m.player == ex.seat and ex.check(m, game).accepted)


def test_an_illegal_move_gets_the_engines_rule_and_changes_nothing():
    t = LessonTable("bn-four-nines")
    start = t.table.game.to_dict()
    fb = t.answer("4S")
    assert not fb.accepted and not fb.legal
    assert t.table.message == "You can't play 4\u2660 on a 9: play 9 or higher, or a special card (2, 3, 10, joker)"
    assert t.table.game.to_dict() == start


def test_clicks_from_the_table_are_checked_not_played():
    t = LessonTable("bn-four-nines")
    table = t.table
    start, version = table.game.to_dict(), table.version
    table._on_msg(table, {"action": "play", "player": 0, "cards": ["9C"], "version": version}, [])
    assert table.message.startswith("Legal, but") and table.game.to_dict() == start
    assert table.tone == "miss"
    table._on_msg(table, {"action": "play", "player": 0, "cards": ["9C", "9D"], "version": table.version}, [])
    assert table.message.startswith("Yes!") and [str(m) for m in table.game.history] == ["P0 9C 9D"]
    assert t.progress.status("bn-four-nines") == "done"


@pytest.mark.parametrize(
    "content",
    [
        "play",
        {"action": "play", "player": 0, "cards": ["9C", "9D"]},  # no version
        {"action": "play", "player": 0, "cards": ["9C", "9D"], "version": -1},  # stale
        {"action": "play", "player": 7, "cards": ["9C"], "version": None},
        {"action": "play", "player": 1, "cards": ["5C"], "version": None},  # not the learner's seat
        {"action": "play", "player": 0, "cards": [9], "version": None},
        {"action": "step", "version": None},  # the learner moves, not a random step
        {"action": "mode", "mode": "edit", "version": None},  # a lesson's position is not for editing
        {"action": "undo", "version": None},  # a lesson has Retry, not Undo
        {"action": "burn", "version": None},
    ],
)
def test_malformed_stale_and_foreign_requests_change_nothing(content):
    t = LessonTable("bn-four-nines")
    table = t.table
    start = table.game.to_dict()
    if isinstance(content, dict) and "version" in content and content["version"] is None:
        content = {**content, "version": table.version}
    table._on_msg(table, content, [])
    assert table.message
    assert table.game.to_dict() == start and table.game.history == []
    assert t.progress.status("bn-four-nines") == "not yet"


def test_hints_come_from_the_exercise_first_then_from_the_search():
    t = LessonTable("bn-ten")
    t.table.hint_iterations = 40
    ex = t.exercise
    said = [t.hint() for _ in range(len(ex.hints))]
    assert [s.split(": ", 1)[1] for s in said] == list(ex.hints)
    last = t.hint()
    assert "computer" in last and t.table.hints["rows"]
    assert t.table.hints["seat"] == ex.seat
    # the table's own Hint button asks the lesson too
    fresh = LessonTable("bn-ten")
    fresh.table._on_msg(fresh.table, {"action": "hint", "player": ex.seat, "version": fresh.table.version}, [])
    assert fresh.table.message == f"Hint 1: {ex.hints[0]}" and "rows" not in fresh.table.hints


def test_next_back_and_the_progress_marks():
    lesson = lessons.get("bitenight-four")
    t = LessonTable(lesson)
    assert t.index == 0 and not t.table.lesson["back"] and t.table.lesson["next"]
    assert t.table.lesson == {"solved": False, "number": 1, "count": len(lesson), "back": False, "next": True}
    t.answer("9C")
    t.next()
    assert t.exercise.id == lesson[1].id and t.table.game.history == []
    assert [s for _, s in t.progress.marks(lesson)] == ["tried", "not yet", "not yet"]
    assert "\u2718" in t.header.value and lesson[1].goal in t.header.value
    t.go(len(lesson) - 1)
    assert not t.table.lesson["next"] and t.table.lesson["back"]
    t.next()
    assert "last exercise" in t.table.message and t.table.tone == "info"
    t.back()
    assert t.index == len(lesson) - 2
    with pytest.raises(IndexError):
        t.go(99)


def test_a_lesson_table_from_an_id_and_the_public_name():
    assert sk.LessonTable is LessonTable
    assert LessonTable("schafkopf-trumps").lesson.id == "schafkopf-trumps"
    assert LessonTable("sk-wenz").exercise.id == "sk-wenz"
    with pytest.raises(KeyError):
        LessonTable("no-such-thing")
    with pytest.raises(TypeError):
        LessonTable(42)


def test_a_trick_game_exercise_is_clicked_card_by_card():
    t = LessonTable("sk-trump-order")
    table = t.table
    ex = t.exercise
    wrong = _wrong_legal(ex, table.game)
    table._on_msg(
        table, {"action": "card", "player": ex.seat, "cards": [str(wrong.cards[0])], "version": table.version}, []
    )
    assert not table.game.history and table.message
    card = ex.solutions_text()[0].split()[-1]
    table._on_msg(table, {"action": "card", "player": ex.seat, "cards": [card], "version": table.version}, [])
    assert table.message.startswith("Yes!") and len(table.game.history) == 1


def test_the_puzzles_play_on_a_lesson_table():
    found = lessons.puzzles("bitenight")
    t = LessonTable(found)
    assert len(t.lesson) == len(found) and t.exercise is found[0]
    ex = t.exercise
    assert t.table.view == ex.seat  # a puzzle is played from the learner's own view
    start = t.table.game.to_dict()
    miss = _wrong_legal(ex, t.table.game)
    assert not t.answer(str(miss)).accepted and t.table.game.to_dict() == start
    assert t.answer(ex.solutions_text()[0]).accepted and t.progress.status(ex) == "done"


def test_a_lesson_table_is_a_lesson_one_hint_no_step_no_undo_and_retry():
    """The lesson's controls live in the table (one Hint, Retry, Back, Next); the widget holds no
    second row of buttons, and the table's Step / Undo / Edit requests are refused in words."""
    import ipywidgets

    t = LessonTable("bitenight-four")
    assert list(t.children) == [t.header, t.table]
    assert not any(isinstance(w, ipywidgets.Button) for w in t.children)
    table = t.table
    for action, words in (("step", "make the move yourself"), ("undo", "Retry"), ("mode", "Retry")):
        table._on_msg(table, {"action": action, "mode": "edit", "version": table.version}, [])
        assert words in table.message and table.tone == "" and table.game.history == []
    # Retry, Next and Back are requests from the table's own buttons
    table._on_msg(table, {"action": "play", "player": 0, "cards": ["9C", "9D"], "version": table.version}, [])
    assert t.solved and table.lesson["solved"]
    table._on_msg(table, {"action": "retry", "version": table.version}, [])
    assert not t.solved and table.game.history == [] and t.index == 0
    table._on_msg(table, {"action": "next", "version": table.version}, [])
    assert t.index == 1 and table.lesson["number"] == 2
    table._on_msg(table, {"action": "back", "version": table.version}, [])
    assert t.index == 0


def test_lesson_requests_are_refused_on_a_plain_table():
    table = sk.Table(sk.new_game("bitenight", players=2, seed=1))
    for action in ("retry", "next", "back"):
        table._on_msg(table, {"action": action, "version": table.version}, [])
        assert "Unknown request" in table.message
    assert table.lesson == {}


def test_messages_have_three_looks_refusal_right_answer_information():
    t = LessonTable("bn-ten")
    t.table.hint_iterations = 30
    t.answer("4S")  # not even legal: a refusal
    assert t.table.tone == ""
    t.hint()
    assert t.table.message.startswith("Hint 1:") and t.table.tone == "info"
    t.answer(t.exercise.solutions_text()[0])
    assert t.table.tone == "good"
    t.hint()  # solved: information, not a refusal
    assert t.table.message.startswith("Solved!") and t.table.tone == "info"
    t.next()  # the last exercise: information
    assert t.table.tone == "info"


def test_back_in_the_editor_is_information_not_a_refusal():
    table = sk.Table.editor("bitenight", players=2)
    table.edit("deal", seed=3)
    table.mode = "play"
    table.undo()
    assert table.mode == "edit" and table.message.startswith("Back in the editor") and table.tone == "info"


def test_the_search_hint_says_what_its_figures_are_in_words():
    t = LessonTable("bn-ten")
    t.table.hint_iterations = 30
    for _ in t.exercise.hints:
        t.hint()
    said = t.hint()
    assert t.table.tone == "info" and t.table.hints["rows"]
    assert "Below, the computer's own view of your moves" in said and "games played out from your seat" in said
    assert "rank" not in said  # the list's own heading says how it is ordered (by the games tried)
    assert "playouts" not in said and "P0" not in said and t.table.hints["playouts"] > 0


def test_a_one_exercise_lesson_prints_its_goal_once():
    ex = lessons.exercise("bn-ten")
    t = LessonTable(ex)
    assert t.header.value.count(html.escape(ex.goal)) == 1
    assert "exercise 1 of 1" not in t.header.value
    assert t.table.lesson["count"] == 1
    many = LessonTable("bitenight-four")
    assert many.header.value.count(html.escape(many.exercise.goal)) == 1


def test_retry_on_an_untouched_exercise_says_it_is_at_its_start():
    t = LessonTable("bn-four-nines")
    start = t.table.game.to_dict()
    t.retry()
    assert t.table.tone == "info" and "at its start already" in t.table.message
    assert t.table.game.to_dict() == start
