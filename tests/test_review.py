"""The review of a played hand (scheissekopf.review): each decision judged from the position before
it as the seat saw it, with a verdict that noise cannot make a mistake, and words for people."""

from __future__ import annotations

import json
import math
import random

import pytest
from helpers import STALEMATE_LOSSES, STALEMATE_WINS, codes_in

import scheissekopf as sk
from scheissekopf.bots import get, play_round
from scheissekopf.review import MARKS, SURE_MISTAKE, THRESHOLDS, VERDICTS, _verdict
from scheissekopf.variants import variant
from scheissekopf.words import card_word

GERMAN = {"schafkopf", "mehrkopf"}


def _played(name: str, seed: int = 5, names=None):
    """A round of ``name`` played to its end by greedy bots."""
    g = sk.new_game(name, seed=seed, names=names)
    play_round(g, [get("greedy")] * len(g.players), random.Random(seed))
    return g


@pytest.fixture(scope="module")
def palace():
    return _played("palace", seed=4)


@pytest.fixture(scope="module")
def palace_review(palace):
    return sk.review(palace, 1, iterations=40, seed=1)


# ------------------------------------------------------------------ what a review is
def test_a_review_judges_each_move_of_the_seat_in_order(palace, palace_review):
    mine = [k for k, m in enumerate(palace.history) if m.player == 1]
    assert [j.ply for j in palace_review] == mine
    assert all(j.seat == 1 and j.move == palace.history[j.ply] for j in palace_review)
    assert {j.verdict for j in palace_review} <= set(VERDICTS)
    assert palace_review.seat == 1 and palace_review.variant == "palace" and palace_review.measure == "win"


def test_a_review_of_every_seat_judges_every_move(palace):
    r = sk.review(palace, iterations=20, seed=1)
    assert r.seat is None
    assert [j.ply for j in r] == list(range(len(palace.history)))


def test_a_forced_move_is_marked_forced_not_judged():
    g = sk.from_text("bitenight | P0 5C 6D | P1 5H 6H 7C | stack AH | turn P0")
    assert [str(m) for m in g.legal_moves()] == ["P0 take"]
    g.play("P0 take")
    (j,) = sk.review(g, iterations=30, seed=1)
    assert (j.verdict, j.loss, j.sure, j.value, j.deals) == ("forced", None, None, None, 0)
    assert j.words == "Player 0 took the stack, the only move there was."


def test_moves_that_all_do_the_same_are_forced_too():
    # three gamble cards nobody has seen: turning any one of them is the same blind choice
    g = sk.from_text("bitenight | P0 gamble 5C 9D QH | P1 5H 6H 7C | stack 4S | turn P0")
    assert len(g.legal_moves()) == 3
    g.play("P0 flip 1")
    (j,) = sk.review(g, iterations=30, seed=1)
    assert j.verdict == "forced" and j.loss is None
    assert "any other move would have done the same" in j.words


def test_the_best_move_costs_nothing(palace_review):
    best = [j for j in palace_review if j.verdict == "best"]
    assert best, "a greedy round has moves the search agrees with"
    assert all(
        j.loss == 0.0 and j.best == j.move or variant("palace").move_key(j.best) == variant("palace").move_key(j.move)
        for j in best
    )


# ------------------------------------------------------------------ the verdicts and noise
def test_a_loss_within_noise_is_never_a_mistake_or_blunder():
    for measure, (inaccuracy, mistake, blunder) in THRESHOLDS.items():
        huge = blunder * 3
        assert _verdict(huge, huge / 1.99, measure) == "inaccuracy"  # 1.99 standard errors
        assert _verdict(huge, huge / (SURE_MISTAKE - 0.01), measure) == "inaccuracy"
        assert _verdict(huge, huge / 0.99, measure) == "good"
        assert _verdict(huge, huge / 20, measure) == "blunder"
        assert _verdict(inaccuracy / 2, inaccuracy / 100, measure) == "good"  # sure, but small


def test_a_mistake_is_sized_by_its_loss_less_one_standard_error():
    for measure, (inaccuracy, mistake, blunder) in THRESHOLDS.items():
        assert _verdict(blunder + 0.01, 0.005, measure) == "blunder"
        assert _verdict(blunder + 0.01, 0.02, measure) == "mistake"  # it could be a little less
        assert _verdict(mistake + 0.01, 0.005, measure) == "mistake"
        assert _verdict(mistake + 0.01, 0.02, measure) == "inaccuracy"
        assert _verdict((inaccuracy + mistake) / 2, 0.001, measure) == "inaccuracy"


def test_every_mistake_of_a_review_is_sure_and_large(palace):
    r = sk.review(palace, iterations=40, seed=2)
    for j in r:
        if j.verdict in ("mistake", "blunder"):
            assert j.sure >= SURE_MISTAKE >= 2.0 and j.loss - j.loss / j.sure >= THRESHOLDS["win"][1]
        if j.verdict == "inaccuracy":
            assert j.sure >= 1.0


# positions from logged games (tests/helpers.py) where a third repetition loses the round for
# the mover, and where it wins it
@pytest.mark.parametrize("text,move", STALEMATE_LOSSES)
def test_a_move_that_walks_into_a_lost_stalemate_is_a_mistake_or_blunder(text, move):
    g = sk.from_text(text)
    mover = g.turn
    g.play(move)
    assert g.phase == "over" and g.stalemate and g.loser == mover
    (j,) = sk.review(g, mover, iterations=600, seed=1)
    assert j.verdict in ("mistake", "blunder"), j
    assert str(j.best) != move and j.best_value > j.value
    # the move the search prefers, played instead, is judged best
    again = sk.from_text(text)
    again.play(j.best)
    (k,) = sk.review(again, mover, iterations=600, seed=1)
    assert k.verdict == "best" and k.loss == 0.0


@pytest.mark.parametrize("text,move", STALEMATE_WINS)
def test_a_move_that_throws_away_a_won_stalemate_is_a_mistake_or_blunder(text, move):
    g = sk.from_text(text)
    mover = g.turn
    key = variant(g).move_key
    winning = next(m for m in g.legal_moves() if str(m) == move)
    other = next(m for m in g.legal_moves() if m.player == mover and key(m) != key(winning))
    g.play(other)
    (j,) = sk.review(g, mover, iterations=600, seed=1)
    assert j.verdict in ("mistake", "blunder"), j
    assert key(j.best) == key(winning) and j.best_value == 1.0
    won = sk.from_text(text)
    won.play(move)
    (k,) = sk.review(won, mover, iterations=600, seed=1)
    assert k.verdict == "best"


# ------------------------------------------------------------------ every variant, every phase
@pytest.mark.parametrize("name", sk.ALL_VARIANTS)
def test_every_variant_can_be_reviewed(name):
    g = _played(name, seed=3)
    seat = g.history[0].player
    r = sk.review(g, seat, iterations=20, seed=1)
    assert len(r) == sum(m.player == seat for m in g.history)
    assert r[0].ply == 0  # the first decision is the deal's setup, a bid or a swap: judged too
    assert r.measure == variant(g).measure
    assert all(j.words.endswith(".") and "\n" not in j.words for j in r)
    for ply, value in r.chances():
        assert 0 <= ply < len(g.history)
        if r.measure == "win":
            assert 0.0 <= value <= 1.0


@pytest.mark.parametrize("name", sk.ALL_VARIANTS)
def test_review_words_contain_no_engine_codes(name):
    g = _played(name, seed=7)  # the seats have no names of their own: P0, P1, ...
    r = sk.review(g, iterations=8, seed=1)
    texts = [j.words for j in r] + r.lines() + [r.summary(), repr(r), r._repr_html_()]
    texts += [t for ex in r.exercises() for t in (ex.goal, ex.explain, *ex.hints)]
    found = {t: codes_in(t, name in GERMAN) for t in texts}
    assert not {t: c for t, c in found.items() if c}


def test_the_words_name_the_seat_say_what_the_move_did_and_what_was_better():
    text, move = STALEMATE_LOSSES[0]
    g = sk.from_text(text)
    g = sk.from_dict({**g.to_dict(), "names": ["Ada", "Ben"]})
    g.play(move)
    (j,) = sk.review(g, 0, iterations=600, seed=1)
    assert j.words.startswith("Ada played 2♦")
    assert "would have" in j.words and "the chance of not being the Scheißkopf" in j.words
    assert j.words.count(".") == 1 and j.words.endswith(".")


def test_a_seat_called_you_is_spoken_to():
    text, move = STALEMATE_LOSSES[0]
    g = sk.from_dict({**sk.from_text(text).to_dict(), "names": ["You", "Ben"]})
    g.play(move)
    (j,) = sk.review(g, 0, iterations=600, seed=1)
    assert j.words.startswith("You played 2♦")
    assert "You's" not in j.words and "You leads" not in j.words


# ------------------------------------------------------------------ the game is never changed
def test_a_review_never_changes_the_game(palace):
    g = palace
    before, history, log = g.to_dict(), list(g.history), len(g.log)
    sk.review(g, 2, iterations=10, seed=1)
    assert g.to_dict() == before and g.history == history and len(g.log) == log
    assert g.can_undo and g.undo() == history[-1]  # its undo record is whole
    g.play(history[-1])
    assert g.to_dict() == before
    with pytest.raises(ValueError):
        sk.review(g, 2, budget=float("nan"))
    assert g.to_dict() == before and g.history == history


def test_a_copy_without_the_undo_record_is_reviewed_from_its_deal(palace):
    copied = palace.clone()
    assert not copied.can_undo and copied.history == palace.history
    a = sk.review(copied, 0, iterations=20, seed=3)
    b = sk.review(palace, 0, iterations=20, seed=3)
    assert a.to_dict()["judgements"] == b.to_dict()["judgements"]


def test_the_review_is_deterministic_with_seed_and_iterations(palace):
    a = sk.review(palace, 0, iterations=30, seed=11).to_dict()
    b = sk.review(palace, 0, iterations=30, seed=11).to_dict()
    assert a["judgements"] == b["judgements"]


# ------------------------------------------------------------------ bad input, one sentence each
def _refusal(call) -> str:
    with pytest.raises(ValueError) as info:
        call()
    message = str(info.value)
    assert message.endswith(".") and "\n" not in message and message[:1].isupper()
    return message


def test_a_game_with_no_history_cannot_be_reviewed():
    g = sk.new_game("bitenight", seed=1)
    assert "no move has been played" in _refusal(lambda: sk.review(g))


def test_a_seat_that_never_moved_cannot_be_reviewed():
    g = sk.new_game("bitenight", seed=1, names=["Ada", "Ben", "Cleo", "Dev"])
    g.play("P1 ready")
    assert "Ada" in _refusal(lambda: sk.review(g, 0))


@pytest.mark.parametrize("seat", [4, -1, 1.0, True, "0"])
def test_a_seat_out_of_range_is_refused(palace, seat):
    assert "seat" in _refusal(lambda: sk.review(palace, seat))


@pytest.mark.parametrize("budget", [0, -1, float("nan"), float("inf"), "1", True])
def test_a_budget_must_be_a_positive_finite_number_of_seconds(palace, budget):
    assert "budget" in _refusal(lambda: sk.review(palace, 0, budget=budget))


@pytest.mark.parametrize("iterations", [0, -3, 2.5, True, "10"])
def test_iterations_must_be_a_positive_whole_number(palace, iterations):
    assert "iterations" in _refusal(lambda: sk.review(palace, 0, iterations=iterations))


def test_a_view_cannot_be_reviewed_for_another_seat(palace):
    view = palace.view(1)
    assert "view" in _refusal(lambda: sk.review(view, 0))


def test_plies_must_be_moves_of_the_seat(palace):
    theirs = next(k for k, m in enumerate(palace.history) if m.player != 0)
    assert "Plies" in _refusal(lambda: sk.review(palace, 0, plies=[theirs]))
    mine = next(k for k, m in enumerate(palace.history) if m.player == 0)
    (j,) = sk.review(palace, 0, plies=[mine], iterations=20, seed=1)
    assert j.ply == mine


# ------------------------------------------------------------------ what a review shows
def test_the_review_reads_as_lines_a_summary_and_data(palace_review):
    r = palace_review
    lines = r.lines()
    assert len(lines) == len(r) and lines[0].startswith(f"move {r[0].ply + 1}, {r[0].verdict}: ")
    summary = r.summary()
    assert summary.startswith("Player 1 made ") and summary.endswith(".") and "inaccuracys" not in summary
    data = json.loads(json.dumps(r.to_dict(), allow_nan=False))
    assert len(data["judgements"]) == len(r) and data["seat"] == 1
    assert repr(r).startswith("<Review of Player 1 in palace:")
    shown = r._repr_html_()
    assert "max-width:580px" in shown and all(MARKS[j.verdict] in shown for j in r)


def test_the_chances_follow_the_judged_moves(palace_review):
    chances = palace_review.chances()
    judged = [j for j in palace_review if j.verdict != "forced"]
    assert [p for p, _ in chances] == [j.ply for j in judged]
    assert all(0.0 <= v <= 1.0 and math.isfinite(v) for _, v in chances)


def test_a_review_of_every_seat_asks_whose_chances(palace):
    r = sk.review(palace, iterations=10, seed=1)
    assert "which seat" in _refusal(r.chances) or "whose" in _refusal(r.chances)
    assert r.chances(0) == [(j.ply, j.value) for j in r if j.seat == 0 and j.value is not None]


def test_progress_is_told_after_each_decision(palace):
    seen = []
    r = sk.review(palace, 2, iterations=10, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i + 1, len(r)) for i in range(len(r))]


def test_the_budget_is_for_the_whole_review(palace):
    r = sk.review(palace, 0, budget=1.0, seed=1)
    assert r.playouts > 0 and r.seconds < 6.0


# ------------------------------------------------------------------ mistakes become exercises
def test_a_mistake_becomes_an_exercise_the_better_move_solves():
    text, move = STALEMATE_LOSSES[0]
    g = sk.from_text(text)
    g.play(move)
    r = sk.review(g, 0, iterations=600, seed=1)
    (ex,) = r.exercises()
    j = r[0]
    assert isinstance(ex.position, str) and ex.seat == 0 and ex.view
    assert ex.check(str(j.best)).accepted
    refused = ex.check(move)
    assert not refused.accepted and "the move from the game" in refused.message
    assert "You played 2♦" in ex.explain  # the cast's names: the learner's seat is "You"
    assert ex.goal.startswith("In the game you played 2♦ here; there was a better move") and ex.goal.endswith(
        "Find it."
    )
    assert ex.hints and all(card_word(c) not in ex.hints[0] for c in j.best.cards)  # the hint names no card of it


def test_only_mistakes_and_blunders_become_exercises(palace_review):
    wanted = [j for j in palace_review if j.verdict in ("mistake", "blunder") and j.best is not None]
    assert len(palace_review.exercises()) == len(wanted)


def test_review_exercises_play_on_the_lesson_table():
    pytest.importorskip("anywidget")
    from scheissekopf.lessons.widget import LessonTable

    text, move = STALEMATE_WINS[0]
    g = sk.from_text(text)
    mover = g.turn
    key = variant(g).move_key
    winning = next(m for m in g.legal_moves() if str(m) == move)
    g.play(next(m for m in g.legal_moves() if m.player == mover and key(m) != key(winning)))
    exercises = sk.review(g, mover, iterations=600, seed=1).exercises()
    table = LessonTable(exercises)
    assert table.exercise is exercises[0]
