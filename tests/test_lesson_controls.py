"""Every control of a lesson's table, clicked as a learner clicks it.

A click that is not a try at the exercise (another seat's control, a malformed or stale request)
is refused with the rule in one sentence and counts as nothing: the exercise keeps its mark. The
learner sits at the bottom of the table in every exercise, wherever the seat is in the position,
and only the learner's moves are offered. The words of every lesson (goals, hints, feedback on
every move the learner can make) are card players' words: no engine codes, no move text in
quotes, the tutorial's word for the pack, columns counted from 1 as the learner sees them.
"""

from __future__ import annotations

import re

import pytest
from helpers import ARTIFACTS, FRENCH_CODE, GERMAN_CODE, SEAT_CODE, click

import scheissekopf as sk
from scheissekopf import lessons
from scheissekopf.lessons.widget import LessonTable

EXERCISES = lessons.exercises()
IDS = [ex.id for ex in EXERCISES]
SHEDDING = set(sk.VARIANTS)


def send(table, **content):
    """A request from the table's front end, made on the position it shows now."""
    content.setdefault("version", table.version)
    table._on_msg(table, content, [])


def marks(lesson_table):
    return dict(lesson_table.progress.marks(lesson_table.lesson))


# ------------------------------------------------------------------------------ what counts as a try
def test_another_seats_ready_is_no_try():
    t = LessonTable("bn-who-opens")  # the learner is Cleo's seat, called You; Ada and Ben sit too
    start = t.table.game.to_dict()
    for seat in (0, 1):
        send(t.table, action="ready", player=seat)
        name = t.table.game.names[seat]
        assert t.table.message == (
            f"In this exercise you play the seat called You, at the bottom: {name}'s cards are not yours to play."
        )
        assert t.table.game.to_dict() == start
    send(t.table, action="swap", player=1, cards=["5D", "6D"])
    assert "not yours to play" in t.table.message and t.table.game.to_dict() == start
    assert t.progress.status("bn-who-opens") == "not yet"
    # the learner's own wrong try does count
    send(t.table, action="ready", player=2)
    assert t.table.message.startswith("Legal, but") and t.progress.status("bn-who-opens") == "tried"


def test_another_seats_move_typed_in_python_is_no_try():
    t = LessonTable("bn-jump-in")
    feedback = t.answer("P1 5S")
    assert not feedback.accepted and "not yours to play" in feedback.message
    assert t.progress.status("bn-jump-in") == "not yet" and not t.table.game.history


NOW = "the version the table shows now"


@pytest.mark.parametrize(
    "content",
    [
        "ready",
        {"action": "ready", "player": 2},  # no version
        {"action": "ready", "player": 2, "version": -1},  # made on an earlier position
        {"action": "ready", "player": "2", "version": NOW},
        {"action": "swap", "player": 2, "cards": ["6C"], "version": NOW},  # a swap takes two cards
        {"action": "swap", "player": 2, "cards": [6, 4], "version": NOW},
        {"action": "fly", "player": 2, "version": NOW},
        {"action": "step", "version": NOW},
        {"action": "undo", "version": NOW},
        {"action": "mode", "mode": "edit", "version": NOW},
    ],
)
def test_a_malformed_or_stale_request_is_no_try(content):
    t = LessonTable("bn-who-opens")
    start = t.table.game.to_dict()
    if isinstance(content, dict) and content.get("version") == NOW:
        content = {**content, "version": t.table.version}
    t.table._on_msg(t.table, content, [])
    assert t.table.message and t.table.game.to_dict() == start
    assert t.progress.status("bn-who-opens") == "not yet"


def test_the_lesson_buttons_are_no_try():
    t = LessonTable("bitenight-specials")
    for action in ("hint", "next", "back", "retry"):
        if action == "hint":
            send(t.table, action=action, player=t.exercise.seat)
        else:
            send(t.table, action=action)
    assert set(marks(t).values()) == {"not yet"}


# ------------------------------------------------------------------------------ where the learner sits
@pytest.mark.parametrize("lesson", lessons.catalogue(), ids=lambda lesson: lesson.id)
def test_the_learner_sits_at_the_bottom_in_every_exercise(lesson):
    t = LessonTable(lesson)
    for i, ex in enumerate(lesson):
        t.go(i)
        rows = t.table.info["rows"]
        bottom = rows["bottom"]
        assert ex.seat in bottom and ex.seat not in rows["top"], ex.id
        assert bottom.index(ex.seat) == len(bottom) // 2, (ex.id, bottom)  # at the middle of the bottom row
        assert sorted(rows["top"] + bottom) == list(range(len(t.table.game.players))), ex.id
        # only the learner's moves are offered (no other seat's Ready or Jump in!)
        assert t.table.legal and {m["player"] for m in t.table.legal} == {ex.seat}, ex.id
        assert f"You play {t.table.game.names[ex.seat]}" in t.header.value or "the seat called You" in t.header.value
        assert "at the bottom of the table" in t.header.value, ex.id


@pytest.mark.parametrize("lesson", lessons.catalogue(), ids=lambda lesson: lesson.id)
def test_the_learner_sits_at_the_bottom_of_the_stored_picture_too(lesson):
    """What a notebook viewer shows (the table's HTML picture) draws the seats where the live
    table does: the learner at the bottom, in both families."""
    t = LessonTable(lesson)
    for i, ex in enumerate(lesson):
        t.go(i)
        picture = t._repr_mimebundle_()["text/html"]
        drawn = re.findall(r'font-weight:700;font-size:13px">([^<]+)', picture)  # the seats' name plates
        rows, names = t.table.info["rows"], t.table.game.names
        assert drawn == [names[s] for s in rows["top"] + rows["bottom"]], ex.id


def test_a_plain_table_still_offers_every_seat_and_draws_seat_0_at_the_bottom():
    table = sk.Table(sk.new_game("bitenight", players=3, seed=1))
    assert table.info["rows"] == {"top": [1, 2], "bottom": [0]}
    assert {m["player"] for m in table.legal} == {0, 1, 2}
    assert "home" not in table.info


# ------------------------------------------------------------------------------ words
# move text: a move's keyword and a number ("flip 2"), or anything in quotes ('take')
MOVE_TEXT = re.compile(r"\b(?:flip|swap|take|place|ready)\s+\d|(?<!\w)'[^']+'(?!\w)|\"[^\"]+\"")
COLUMN = re.compile(r"\b[Cc]olumn (\d+)")
GAMBLE_NUMBER = re.compile(r"\bgamble card (\d+)")


def lesson_words(ex):
    """Everything the exercise says to the learner: the lesson's intro, the goal, the hints,
    the explanation and the answer to every move the learner can make."""
    lesson = next((lesson for lesson in lessons.catalogue() if ex in lesson), None)  # a puzzle has none
    said = [lesson.title, lesson.intro] if lesson else []
    said += [ex.goal, *ex.hints, ex.explain]
    game = ex.game()
    for move in game.legal_moves():
        if move.player == ex.seat:
            said.append(ex.check(move).message)
    return [s for s in said if s]


@pytest.mark.parametrize("ex", EXERCISES + lessons.puzzles(), ids=IDS + [p.id for p in lessons.puzzles()])
def test_every_lessons_words_are_card_players_words(ex):
    for text in lesson_words(ex):
        assert not SEAT_CODE.search(text), (ex.id, text)
        assert not FRENCH_CODE.search(text.replace("JK", "")), (ex.id, text)  # the joker is said "joker"
        assert not GERMAN_CODE.search(text), (ex.id, text)
        assert not MOVE_TEXT.search(text), (ex.id, text)  # no move text, quoted or not
        assert "seat_" not in text and "P0" not in text, (ex.id, text)


@pytest.mark.parametrize("ex", EXERCISES + lessons.puzzles(), ids=IDS + [p.id for p in lessons.puzzles()])
def test_every_lesson_uses_its_notebooks_word_for_the_pack(ex):
    # notebooks 01 to 04 say "pack" for the shedding games; 06 and 07 say "deck" for the trick games
    wrong = re.compile(r"\bdecks?\b" if ex.variant in SHEDDING else r"\bpacks?\b", re.IGNORECASE)
    for text in lesson_words(ex):
        assert not wrong.search(text), (ex.id, text)


@pytest.mark.parametrize("ex", [ex for ex in EXERCISES if ex.variant == "schwechat"], ids=lambda ex: ex.id)
def test_gamble_columns_are_counted_from_1_left_to_right(ex):
    player = ex.data["players"][ex.seat]
    columns = max(len(player.get("bank", [])), len(player.get("gamble", [])))
    for text in lesson_words(ex):
        assert not GAMBLE_NUMBER.search(text), (ex.id, text)  # the engine's index, not what is seen
        for n in COLUMN.findall(text):
            assert 1 <= int(n) <= columns, (ex.id, text)


def test_the_free_column_is_the_third_from_the_left():
    # sw-columns: the bank card of the right-hand column (the engine's index 2) is gone
    said = " ".join(lesson_words(lessons.exercise("sw-columns"))).lower()
    assert "column 3, counted from the left" in said and "column 2" not in said


def test_ranks_are_said_in_words_in_the_feedback():
    said = " ".join(lesson_words(lessons.exercise("bn-two")) + lesson_words(lessons.exercise("bn-seven")))
    assert "the ace under it" in said and "on the jack" in said
    assert not re.search(r"\bthe [AKQJ]\b|\b[AKQJ]s\b", said)


def test_a_lesson_says_nothing_of_four_of_a_kind_before_it_is_taught():
    # notebook 02 teaches the 10 two sections before four of a kind
    for text in lesson_words(lessons.exercise("bn-ten")):
        assert "four" not in text.lower(), text


# ------------------------------------------------------------------------------ in the browser
def test_in_the_browser_the_learner_sits_below_the_felt_in_every_exercise(live):
    lesson = LessonTable("bitenight-setup")  # the learner is seat 0, then seat 2
    page = live(lesson.table)
    page.set_viewport_size({"width": 1024, "height": 800})
    ARTIFACTS.mkdir(exist_ok=True)
    for i, ex in enumerate(lesson.lesson):
        if i:
            click(page, "button[title='the next exercise']")
            page.wait_for_function(f"document.querySelector('.sk-stepno').innerText.startsWith('{i + 1}')")
        felt = page.locator(".sk-felt").bounding_box()
        you = page.locator(f'.sk-seat[data-seat="{ex.seat}"]').bounding_box()
        assert you["y"] > felt["y"] + felt["height"], ex.id
        # one Ready button: the learner's own
        assert page.get_by_role("button", name="Ready", exact=True).count() == 1, ex.id
        page.screenshot(path=ARTIFACTS / f"lesson-learner-at-the-bottom-{ex.id}.png")


def test_in_the_browser_another_seats_card_says_whose_it_is_and_a_pick_clears_that(live):
    lesson = LessonTable("bn-seven")
    page = live(lesson.table)
    page.set_viewport_size({"width": 1024, "height": 800})
    page.locator('.sk-seat[data-seat="1"] .sk-card[data-zone="hand"]').first.click()
    assert page.locator(".sk-why").inner_text() == (
        "In this exercise you play the seat called You, at the bottom: Ben's cards are not yours to play."
    )
    page.locator('.sk-seat[data-seat="0"] .sk-card[data-card="9D"]').click()
    assert page.locator(".sk-why").count() == 0  # the learner has moved on: the note goes
    assert lesson.progress.status("bn-seven") == "not yet"


def test_in_the_browser_a_lesson_seen_by_the_learner_names_the_learners_seat_in_words(live):
    lesson = LessonTable("bn-two")  # the learner sees only their own cards
    page = live(lesson.table)
    page.locator('.sk-seat[data-seat="1"] .sk-card[data-zone="hand"]').first.click()
    assert page.locator(".sk-why").inner_text() == (
        "In this exercise you play the seat called You, at the bottom: Ben's cards are not yours to play."
    )
