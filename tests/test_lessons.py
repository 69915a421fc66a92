"""Lessons that ask: every exercise in the catalogue is checked by the engine.

For each exercise (the test id names it): the position is valid; each solution is legal and
accepted; the learner has at least one legal move that misses the goal, and it is refused in a
card player's words; each listed mistake is illegal and answered with the engine's own message;
checking leaves the game it was given exactly as it was. View exercises name no card the
learner's seat cannot see.
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import named

import scheissekopf as sk
from scheissekopf import lessons
from scheissekopf.lessons import checks
from scheissekopf.variants import text_to_dict

EXERCISES = lessons.exercises()
IDS = [ex.id for ex in EXERCISES]

# words that give code away: reprs, Python constants, brackets
CODE = re.compile(r"[\[\]{}<>_]|\bNone\b|\bTrue\b|\bFalse\b|Move\(|Card\(")
FRENCH = re.compile(r"(?<![\w?])(?:10|[2-9JQKA])[CDHS](?!\w)|(?<!\w)JK(?!\w)")
GERMAN = re.compile(r"(?<![\w?])[EGHS](?:10|[OUGASK9876P])(?!\w)")


def learner_moves(ex, game):
    return [m for m in game.legal_moves() if m.player == ex.seat]


def snapshot(game):
    return json.dumps(game.to_dict(), sort_keys=True), len(game.log), len(game.history)


# ------------------------------------------------------------------------------ the catalogue
def test_catalogue_is_large_enough_and_ids_are_unique():
    assert len(EXERCISES) >= 30
    assert len(set(IDS)) == len(IDS)
    lesson_ids = [lesson.id for lesson in lessons.catalogue()]
    assert len(set(lesson_ids)) == len(lesson_ids)
    for lesson in lessons.catalogue():
        assert lesson.title and lesson.intro and len(lesson) >= 1
        assert lessons.get(lesson.id) is lesson
        assert {ex.variant for ex in lesson} == {lesson.variant}


def test_catalogue_covers_every_variant():
    count = {v: len(lessons.exercises(v)) for v in sk.VARIANTS + sk.TRICK_VARIANTS}
    assert all(count.values()), count
    assert count["bitenight"] >= 10 and count["palace"] + count["schwechat"] >= 5, count
    assert count["schafkopf"] + count["mehrkopf"] >= 5 and count["sheepshead"] >= 4, count


def test_lookup_by_id():
    ex = EXERCISES[0]
    assert lessons.exercise(ex.id) is ex
    with pytest.raises(KeyError):
        lessons.exercise("no-such-exercise")
    with pytest.raises(KeyError):
        lessons.get("no-such-lesson")


# ------------------------------------------------------------------------------ each exercise
@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_position_is_valid(ex):
    g = ex.game()
    assert g.variant == ex.variant
    assert sk.Game.from_dict(g.to_dict()).to_dict() == g.to_dict()
    assert 0 <= ex.seat < g.n
    assert g.phase != "over"
    assert ex.goal and ex.hints and ex.explain and ex.solutions and ex.mistakes
    json.dumps(ex.to_dict())


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_solutions_are_legal_and_accepted(ex):
    g = ex.game()
    for text in ex.solutions_text():
        assert g.is_legal(text), text
        fb = ex.check(text, g)
        assert fb.accepted and fb.legal, (text, fb.message)
        assert fb.message.startswith("Yes!") and fb.happened
        assert fb.rule is None
    # the same move given as the engine's own Move object
    solved = [m for m in learner_moves(ex, g) if ex.check(m, g).accepted]
    assert solved


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_a_wrong_legal_move_is_refused_with_a_reason(ex):
    g = ex.game()
    wrong = [fb for fb in (ex.check(m, g) for m in learner_moves(ex, g)) if not fb.accepted]
    assert wrong, "the learner needs a legal move that misses the goal"
    for fb in wrong:
        assert fb.legal and fb.rule is None
        assert fb.message.startswith("Legal, but "), fb.message
        assert len(fb.message) > len("Legal, but ") + 15, fb.message
        assert not CODE.search(fb.message), fb.message
        for slip in ("not the move the goal asks for", "not finished yet", "not decided yet", "not over yet"):
            assert slip not in fb.message, fb.message  # the exercise is not built as meant


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_a_mistake_gets_the_engines_rule_in_card_words(ex):
    g = ex.game()
    for text in ex.mistakes:
        move = ex.with_seat(text)
        with pytest.raises(sk.IllegalMove) as refused:
            g.clone().play(move)
        fb = ex.check(text, g)
        assert not fb.accepted and not fb.legal
        assert fb.rule == str(refused.value)  # the engine's rule, in its codes
        assert fb.message == refused.value.words  # the same rule as the learner reads it
        assert not CODE.search(fb.message), fb.message


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_checking_does_not_change_the_game(ex):
    g = ex.game()
    before = snapshot(g)
    tries = list(learner_moves(ex, g)) + list(ex.solutions) + list(ex.mistakes) + ["nonsense"]
    for move in tries:
        ex.check(move, g)
        assert snapshot(g) == before, move
    assert g.to_dict() == ex.game().to_dict()


@pytest.mark.parametrize("ex", [ex for ex in EXERCISES if ex.view], ids=[ex.id for ex in EXERCISES if ex.view])
def test_view_exercise_names_only_cards_the_seat_sees(ex):
    g = ex.game()
    pattern = GERMAN if ex.variant in ("schafkopf", "mehrkopf") else FRENCH
    seen_before = json.dumps(g.view(ex.seat).to_dict())
    seen_before += " ".join(str(m) for m in g.legal_moves() if m.player == ex.seat)  # e.g. the aces one may call
    for m in learner_moves(ex, g):
        fb = ex.check(m, g)
        after = g.clone()
        after.play(m)
        seen = seen_before + json.dumps(after.view(ex.seat).to_dict()) + " ".join(fb.happened) + str(m)
        visible = named(pattern, seen)
        told = named(pattern, fb.message)
        assert told <= visible, (str(m), fb.message, told - visible)
    # the goal, the hints and the explanation name no hidden card either
    seen = seen_before
    for text in ex.solutions:
        after = g.clone()
        after.play(ex.with_seat(text))
        seen += json.dumps(after.view(ex.seat).to_dict()) + " ".join(ex.check(text, g).happened)
    told = " ".join((ex.goal, ex.explain) + ex.hints)
    assert named(pattern, told) <= named(pattern, seen), named(pattern, told) - named(pattern, seen)


# ------------------------------------------------------------------------------ the API
def test_bare_text_is_the_learners_move_and_other_seats_are_told():
    ex = lessons.exercise("bn-jump-in")
    assert ex.check("QC QH QS").accepted  # P1 is to move; bare text is still P0's
    fb = ex.check("P1 KC")
    assert (
        fb.legal
        and not fb.accepted
        and fb.message == "That is a move for Ben; in this exercise you play your own seat."
    )


def test_check_on_the_learners_game_after_moves():
    ex = lessons.exercise("bn-four-nines")
    g = ex.game()
    g.play("P0 KH")  # the learner went wrong, then goes on
    before = snapshot(g)
    fb = ex.check("P1 take", g)
    assert fb.legal and not fb.accepted  # another seat's move (P1 cannot beat the K)
    assert snapshot(g) == before
    g.undo()
    assert ex.check("9C 9D", g).accepted


def test_feedback_of_the_issue_example():
    fb = lessons.exercise("bn-four-nines").check("9C")
    assert fb.message == ("Legal, but the 9 does not burn: four 9s are needed in a row, there are three.")
    assert fb.move_text == "P0 9C" and not fb


def test_progress_marks_and_hints():
    lesson = lessons.catalogue()[0]
    first, second = lesson[0], lesson[1]
    p = lessons.Progress()
    assert p.marks(lesson) == [(ex.id, "not yet") for ex in lesson]
    wrong = next(fb for fb in (first.check(m) for m in learner_moves(first, first.game())) if not fb.accepted)
    assert p.record(first, wrong) is wrong
    assert p.status(first) == "tried"
    p.record(first, first.check(first.solutions[0]))
    assert p.status(first.id) == "done"
    p.record(first, wrong)  # a solved exercise stays done
    assert p.status(first) == "done"
    assert not p.done(lesson) and p.status(second) == "not yet"
    given = [p.next_hint(second) for _ in range(len(second.hints) + 1)]
    assert given == list(second.hints) + [None]
    assert p.hints_given(second) == len(second.hints)
    q = lessons.Progress.from_dict(json.loads(json.dumps(p.to_dict())))
    assert q.marks(lesson) == p.marks(lesson) and q.hints_given(second) == len(second.hints)


def test_an_exercise_needs_solutions_or_a_check():
    with pytest.raises(ValueError):
        lessons.Exercise(id="x", position={"variant": "bitenight"}, seat=0, goal="?")


def test_checks_combine_and_are_named():
    both = checks.burned() & checks.plays_next(0)
    assert both.name == "the stack burned and P0 plays next"
    ex = lessons.Exercise(
        id="combined",
        position=lessons.exercise("bn-ten").position,
        seat=0,
        goal="Burn, then start again.",
        accept=both,
        solutions=["10H"],
        hints=["A 10."],
        explain="Burned.",
        mistakes=["9D"],
    )
    assert ex.check("10H").accepted
    assert ex.check("KS").message.startswith("Legal, but the king does not burn")


def test_palace_seven_is_narrated_as_a_plain_card():
    fb = lessons.exercise("pa-plain-seven").check("7C")
    assert fb.legal and not fb.accepted
    assert not any("undercut" in text for text in fb.happened), fb.happened


def test_the_docs_list_every_exercise():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "LESSONS.md").read_text(encoding="utf-8")
    missing = [ex.id for ex in EXERCISES if f"`{ex.id}`" not in text]
    assert not missing, missing


def test_docstring_examples():
    import doctest
    import importlib

    tried = 0
    for name in ("scheissekopf.lessons", "scheissekopf.lessons.lesson", "scheissekopf.lessons.checks"):
        result = doctest.testmod(importlib.import_module(name))
        assert result.failed == 0, name
        tried += result.attempted
    assert tried >= 5


def test_the_docs_count_the_catalogue():
    from collections import Counter
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "LESSONS.md").read_text(encoding="utf-8")
    count = Counter(ex.variant for ex in EXERCISES)
    said = f"{len(EXERCISES)} exercises in {len(lessons.catalogue())} lessons: " + ", ".join(
        f"{v} {count[v]}" for v in sk.VARIANTS + sk.TRICK_VARIANTS[1:] + sk.TRICK_VARIANTS[:1]
    )
    assert said in " ".join(text.split()), said


def test_every_lesson_table_seats_you_and_the_cast_and_its_words_call_them_so():
    """The learner's seat is "You" and the others are the notebooks' cast by seat; a goal, hint or
    explanation never names a seat by its number (P1) nor the learner by a cast name."""
    from scheissekopf.lessons.lesson import CAST

    for ex in EXERCISES:
        names = ex.game().names
        assert names[ex.seat] == "You", ex.id
        assert all(name == CAST[i] for i, name in enumerate(names) if i != ex.seat), (ex.id, names)
        for text in (ex.goal, ex.explain, *ex.hints):
            assert not re.search(r"\bP\d\b", text), (ex.id, text)
            assert not re.search(rf"\b{CAST[ex.seat]}\b", text), (ex.id, text)
    for puzzle in lessons.puzzles():  # a puzzle found in real play is seated the same way
        names = puzzle.game().names
        assert names[puzzle.seat] == "You" and all(n == CAST[i] for i, n in enumerate(names) if i != puzzle.seat)
        for text in (puzzle.goal, puzzle.explain, *puzzle.hints):
            assert not re.search(r"\bP\d\b", text), (puzzle.id, text)


# ------------------------------------------------------------------------------ written as text
def test_every_position_is_written_as_its_one_line_text():
    # what to_text writes for the position, so that a lesson reads as the engine writes positions
    written = {ex.id: ex.position for ex in EXERCISES}
    assert all(isinstance(text, str) and "\n" not in text for text in written.values())
    assert [i for i, text in written.items() if sk.to_text(lessons.exercise(i).data) != text] == []


def test_a_text_position_is_seated_like_a_dict_one():
    text = "bitenight | P0 2S 3D 9C | P1 4C 5C 6C | P2 JH QH KH | stack 8S AH"
    as_text = lessons.Exercise(id="t", position=text, seat=1, goal="?", solutions=["4C"])
    as_dict = lessons.Exercise(id="d", position=text_to_dict(text), seat=1, goal="?", solutions=["4C"])
    as_dict.position.pop("names")  # a dict without names, as a lesson writes it
    assert as_text.variant == "bitenight" and list(as_text.game().names) == ["Ada", "You", "Cleo"]
    assert as_text.game().to_dict() == as_dict.game().to_dict()
    own = lessons.Exercise(id="n", position=text + " | names Ann Bo Cy", seat=1, goal="?", solutions=["4C"])
    assert list(own.game().names) == ["Ann", "Bo", "Cy"]
    plain = lessons.Exercise(id="c", position=text, seat=1, goal="?", solutions=["4C"], cast=False)
    assert list(plain.game().names) == ["P0", "P1", "P2"]
