"""The review of a finished round on the card table (Table.review and the Review button): it runs
in the background with a progress bar, its moves are synced beside the table, a click on a move
shows the position before it (a copy) with the better move marked, Try from here plays on and
Back to the end returns to the finished game exactly. Every refusal is one sentence and changes
nothing."""

from __future__ import annotations

import importlib
import random
import threading

import pytest

import scheissekopf as sk
from scheissekopf.bots import get, play_round
from scheissekopf.table import Table

review_module = importlib.import_module("scheissekopf.review")  # (sk.review is the function)
NAMES = ["Ada", "Ben", "Cleo", "Dev"]
DRAWN = ("state", "info", "legal", "log", "version", "review_panel", "hints")


def finished(variant="bitenight", players=4, seed=3, names=NAMES):
    g = sk.new_game(variant, players=players, seed=seed, names=list(names[:players]))
    play_round(g, [get("greedy")] * players, random.Random(1))
    assert g.phase == "over"
    return g


def quick(table: Table) -> Table:
    table.review_iterations = 8
    return table


def ask(t: Table, action: str, **fields) -> None:
    t._on_msg(t, {"action": action, "version": t.version, **fields}, [])


def reviewed(t: Table) -> Table:
    ask(t, "review")
    t._review_thread.join(120)
    assert t.review_panel["state"] == "ready", t.message
    return t


def drawn(t: Table) -> dict:
    return {k: getattr(t, k) for k in DRAWN}


def a_judged_move(t: Table, better=True) -> dict:
    """A move of the review whose better move differs from the one played (better=True)."""
    for m in t.review_panel["moves"]:
        if (m["verdict"] not in ("forced", "best")) == better:
            return m
    pytest.skip("this review has no such move")


# ------------------------------------------------------------------ refusals
def test_the_review_is_refused_before_the_round_is_over_with_a_sentence_and_changes_nothing():
    g = sk.new_game("bitenight", players=4, seed=3, names=NAMES)
    t = quick(Table(g, view=0))
    assert t.info["review_button"] is False
    before = drawn(t)
    ask(t, "review")
    assert t.message == "The review comes once the round is over: play it to the end first."
    assert drawn(t) == before
    with pytest.raises(ValueError, match="once the round is over"):
        t.review()
    assert drawn(t) == before and t._review_thread is None


@pytest.mark.parametrize("action", ["review_move", "review_try", "review_end"])
def test_a_review_request_without_a_review_says_why_and_changes_nothing(action):
    t = quick(Table(finished(), view=0))
    before = drawn(t)
    ask(t, action, ply=0)
    assert t.message.endswith(".") and "inside the program" not in t.message and t.message
    assert drawn(t) == before


def test_a_move_that_was_not_reviewed_is_refused_with_a_sentence():
    t = reviewed(quick(Table(finished(), view=0)))
    others = [k for k, m in enumerate(t.game.history) if m.player != 0]
    before = drawn(t)
    ask(t, "review_move", ply=others[0])
    assert "not one of the reviewed moves" in t.message
    ask(t, "review_move", ply="twelve")
    assert "not one of the reviewed moves" in t.message
    assert drawn(t) == before


# ------------------------------------------------------------------ the review runs and is synced
def test_the_review_runs_in_the_background_and_its_result_is_synced():
    g = finished()
    t = quick(Table(g, view=0))
    assert t.info["review_button"] is True
    seen = []
    t.observe(lambda change: seen.append(dict(change["new"])), "review_panel")
    ask(t, "review")
    assert t._review_thread is not None
    assert seen[0]["state"] == "running" and seen[0]["who"] == "Ada"
    assert t.message == "Ada's moves are being reviewed\u2026" or t.message.startswith("Reviewing Ada")
    t._review_thread.join(120)
    progress = [s for s in seen if s.get("state") == "running" and s["total"]]
    assert progress and progress[-1]["done"] == progress[-1]["total"]  # the progress bar filled
    panel = t.review_panel
    assert panel["state"] == "ready" and panel["who"] == "Ada" and panel["at"] is None
    assert len(panel["moves"]) == sum(m.player == 0 for m in g.history)
    assert panel["summary"] == t.reviewed.summary()
    marks = {
        "forced": "\u00b7",
        "best": "\u2605",
        "good": "\u2713",
        "inaccuracy": "?!",
        "mistake": "?",
        "blunder": "\u2717",
    }
    assert all(m["mark"] == marks[m["verdict"]] and m["words"] for m in panel["moves"])
    assert panel["chart"].startswith("<svg") and "Ada" in panel["chart"]
    assert t.info["review_button"] is False  # shown: the button goes
    assert t.game is g and g.phase == "over"


def test_a_second_press_while_the_review_runs_says_it_is_running(monkeypatch):
    go = threading.Event()
    real = review_module.review

    def slow(*args, **kwargs):
        go.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(review_module, "review", slow)
    t = quick(Table(finished(), view=0))
    ask(t, "review")
    before = drawn(t)
    ask(t, "review")
    assert t.message == "The review is running: its moves appear beside the table when it is done."
    assert drawn(t) == before
    go.set()
    t._review_thread.join(120)
    assert t.review_panel["state"] == "ready"


def test_table_review_returns_the_review_and_shows_it():
    g = finished()
    t = Table(g, view=0)
    before = g.to_dict()
    r = t.review(iterations=8, seed=1)
    assert isinstance(r, review_module.Review) and r.seat == 0
    assert t.reviewed is r and t.review_panel["summary"] == r.summary()
    assert g.to_dict() == before  # reviewing never changes the game
    assert [m["ply"] for m in t.review_panel["moves"]] == [j.ply for j in r]
    again = t.review(iterations=8, seed=1)  # from Python a review may be made again
    assert [j.verdict for j in again] == [j.verdict for j in r]


def test_the_reviewed_seat_is_the_viewer_else_the_one_seat_without_a_bot_else_every_seat():
    g = finished()
    assert Table(g, view=2)._review_seat() == 2
    assert Table(g, bots={1: "greedy", 2: "greedy", 3: "greedy"})._review_seat() == 0
    assert Table(g)._review_seat() is None
    t = Table(g, view=2)
    with pytest.raises(ValueError, match="seen by Cleo"):
        t.review(1, iterations=4)


# ------------------------------------------------------------------ stepping through the review
def test_clicking_a_move_sets_the_position_before_it_and_marks_the_better_move():
    g = finished()
    t = reviewed(quick(Table(g, view=0)))
    end = g.to_dict()
    m = a_judged_move(t)
    ask(t, "review_move", ply=m["ply"])
    assert t.game is not g and len(t.game.history) == m["ply"]  # a copy, before the move
    assert g.to_dict() == end  # the finished game is kept as it was
    j = next(j for j in t.reviewed if j.ply == m["ply"])
    best = t.review_panel["best"]
    assert best["cards"] == [str(c) for c in j.best.cards] and best["kind"] == j.best.kind
    assert best["seat"] == 0 and t.review_panel["best_version"] == t.version
    assert t.review_panel["at"] == m["ply"]
    assert f"Before move {m['number']}" in t.message and t.tone == "info"


def test_a_position_of_the_review_refuses_moves_until_try_from_here():
    t = reviewed(quick(Table(finished(), view=0)))
    m = a_judged_move(t)
    ask(t, "review_move", ply=m["ply"])
    assert t.info["step_off"] and t.info["undo_off"]  # greyed out, with the reason beside them
    before = drawn(t)
    legal = t.legal[0]
    ask(t, legal["kind"] if t.game.phase == "setup" else "play", player=0, cards=legal["cards"])
    assert "press Try from here" in t.message
    ask(t, "undo")
    assert "press Try from here" in t.message
    assert drawn(t) == before
    assert t._timer is None  # the bots wait too


def test_try_from_here_plays_on_with_the_bots():
    g = finished()
    t = reviewed(quick(Table(g, view=0, bots={s: get("greedy") for s in (1, 2, 3)})))
    for s in (1, 2, 3):
        t.seat_bot(s, "greedy", delay=0)
    m = a_judged_move(t, better=True)
    ask(t, "review_move", ply=m["ply"])
    ask(t, "review_try")
    assert t.review_panel["trying"] is True
    assert "Try from here" not in t.info["step_off"] + t.info["undo_off"]  # the tools are back
    # the learner plays on: their moves, the bots answering at once, to the end of the round
    rng = random.Random(0)
    for _ in range(500):
        if t.game.phase == "over":
            break
        mine = [x for x in t.game.legal_moves() if x.player == 0]
        assert mine, "the bots stopped before the learner's turn"
        t.play(rng.choice(mine))
    assert t.game.phase == "over" and t.game is not g
    assert len(t.game.history) > m["ply"]
    ask(t, "review_try")
    assert "already" in t.message


def test_back_to_the_end_restores_the_finished_game_exactly():
    g = finished()
    end = g.to_dict()
    t = reviewed(quick(Table(g, view=0)))
    panel = dict(t.review_panel)
    m = a_judged_move(t)
    ask(t, "review_move", ply=m["ply"])
    ask(t, "review_try")
    ask(t, "review_end")
    assert t.game is g and t.game.to_dict() == end
    assert t.review_panel["at"] is None and t.review_panel["moves"] == panel["moves"]
    assert t.message.startswith("Back at the end of the round")
    ask(t, "review_end")
    assert t.message == "The table shows the end of the round already."


def test_a_new_game_during_a_review_drops_its_result(monkeypatch):
    go = threading.Event()
    real = review_module.review
    monkeypatch.setattr(review_module, "review", lambda *a, **k: (go.wait(30), real(*a, **k))[1])
    t = quick(Table(finished(), view=0))
    ask(t, "review")
    fresh = sk.new_game("bitenight", players=4, seed=9, names=NAMES)
    t.game = fresh
    assert t.review_panel == {}
    go.set()
    t._review_thread.join(120)
    assert t.review_panel == {} and t.reviewed is None and t.game is fresh


def test_an_undo_during_a_review_drops_its_result(monkeypatch):
    go = threading.Event()
    real = review_module.review
    monkeypatch.setattr(review_module, "review", lambda *a, **k: (go.wait(30), real(*a, **k))[1])
    g = finished()
    t = quick(Table(g))
    ask(t, "review")
    t.undo()
    go.set()
    t._review_thread.join(120)
    assert t.review_panel == {} and t.reviewed is None and g.phase != "over"


def test_an_undo_at_the_end_drops_the_review_shown():
    g = finished()
    t = reviewed(quick(Table(g)))
    t.undo()
    assert t.review_panel == {} and t.reviewed is None


def test_a_table_seen_by_one_seat_steps_back_without_showing_hidden_cards():
    g = finished()
    t = reviewed(quick(Table(g, view=0)))
    m = (
        a_judged_move(t, better=True)
        if any(x["verdict"] not in ("forced", "best") for x in t.review_panel["moves"])
        else t.review_panel["moves"][-1]
    )
    ask(t, "review_move", ply=m["ply"])
    players = t.state["players"]
    for s in (1, 2, 3):
        assert all(c == "??" for c in players[s]["hand"])
        assert all(c == "??" for c in players[s].get("gamble", []))
    assert "seed" not in t.state


def test_a_trick_table_is_reviewed_and_stepped_back_too():
    g = finished("sheepshead", players=5, seed=2, names=["Ada", "Ben", "Cleo", "Dev", "Eve"])
    t = reviewed(quick(Table(g, view=0)))
    moves = t.review_panel["moves"]
    assert moves and t.review_panel["chart"].startswith("<svg")
    m = next((x for x in moves if x["verdict"] not in ("forced", "best")), moves[-1])
    ask(t, "review_move", ply=m["ply"])
    assert len(t.game.history) == m["ply"]
    ask(t, "review_end")
    assert t.game is g


def test_the_editor_refuses_a_position_of_the_review():
    t = reviewed(quick(Table(finished())))
    ask(t, "review_move", ply=t.review_panel["moves"][0]["ply"])
    ask(t, "review_try")
    before = drawn(t)
    ask(t, "mode", mode="edit")
    assert "Back to the end" in t.message
    assert drawn(t) == before


def test_the_bots_wait_at_a_position_of_the_review_until_try_from_here():
    t = reviewed(quick(Table(finished(), view=0, bots=None)))
    ask(t, "review_move", ply=t.review_panel["moves"][0]["ply"])  # the setup: the others have moves to make
    history = list(t.game.history)
    for s in (1, 2, 3):
        t.seat_bot(s, "greedy", delay=0)
    assert list(t.game.history) == history and t._timer is None


def test_a_walkthrough_refuses_a_review_with_a_sentence_and_changes_nothing():
    g = finished()
    scene = Table.scene([(g, "the end")], interactive=True)
    assert scene.info["review_button"] is False
    before = drawn(scene)
    ask(scene, "review")
    assert scene.message.startswith("A lesson's or a walkthrough's table has no review")
    assert drawn(scene) == before


def test_where_no_thread_can_start_the_review_runs_at_once_and_is_shown(monkeypatch):
    """Python in the browser (the static site) starts no threads: the Review button still works,
    the kernel answering again when the review is done."""

    def no_threads(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    g = finished()
    t = quick(Table(g, view=0))
    ask(t, "review")
    assert t._review_thread is None
    assert t.review_panel["state"] == "ready", t.message
    assert len(t.review_panel["moves"]) == sum(m.player == 0 for m in g.history)
    assert "inside the program" not in t.message
