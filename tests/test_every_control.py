"""Every control of every kind of table, pressed the way a learner presses it, from Python.

For each kind of table (the open table, a table seen by one seat with and without bots at the
other seats, the editor opened empty or on a game, a lesson, a puzzle, a walkthrough) and each
variant, the test reaches every phase the table can be in (setup, play, a turned joker waiting
for its target, a jump-in chance, the end; in the trick games each phase of the bidding and the
play) and sends, through ``table._on_msg``, every request the front end (widgets/table.js) can
send there: each kind of move its buttons and card clicks make, a card that does not fit, Step,
Undo, Hint, Edit and Play from here, Retry, Back and Next, and in the editor each kind of edit.

A request fails the test when
* the table answers that something went wrong inside the program, or the kernel's log has an
  error (the traceback of such a failure),
* it changes nothing and says nothing (the drawing's version is the same and no message is
  shown), or
* it is refused (the version is the same) and still changed something the table draws.
The few requests that may rightly do nothing are named where they are sent.
"""

from __future__ import annotations

import logging

import pytest
from helpers import WANTED, move_request, situation, situations

import scheissekopf as sk
from scheissekopf import lessons
from scheissekopf.render import is_trick_game

pytest.importorskip("anywidget")

from scheissekopf.lessons.widget import LessonTable  # noqa: E402
from scheissekopf.table import Scene, Table  # noqa: E402

SHEDDING = ("bitenight", "palace", "schwechat")
TRICK = ("sheepshead", "schafkopf", "mehrkopf")
VARIANTS = SHEDDING + TRICK
#: what a table draws: a refused request leaves all of it as it was
DRAWN = ("state", "info", "legal", "log", "draft", "table_mode", "lesson")
#: the words of a failure inside the program, in every form the table has
FAILED = ("inside the program", "please report it")
HINT_PLAYOUTS = 12  # enough for the search to answer; the answer's quality is tested elsewhere


CASES = [(v, s) for v in VARIANTS for s in WANTED[v]]


def game_at(variant, where):
    """A new game of ``variant`` in phase ``where``, reached by playing its moves (undoable)."""
    seed, options, moves = situations(variant)[where]
    g = sk.new_game(variant, seed=seed, **options)
    for move in moves:
        g.play(move)
    assert situation(g) == where
    return g


def quick(table):
    table.hint_iterations = HINT_PLAYOUTS
    table.review_iterations = HINT_PLAYOUTS  # the Review button's search, as small
    return table


# ------------------------------------------------------------------ what the front end sends
def controllable(t, p) -> bool:
    """widgets/table.js ``controllable``: may the person at this table click for seat p?"""
    info = t.info
    if not t.interactive or p is None or info["phase"] == "over" or (t.lesson or {}).get("solved"):
        return False
    if info["view"] != "table" and info["view"] != p:
        return False
    return not info["seats"][p].get("bot")


def move_requests(t) -> list:
    """(label, request, must_be_refused) for the moves a learner can ask for at table ``t``: one of
    each kind its buttons offer, and a card click that the rules refuse, where there is one."""
    out, seen = [], set()
    info = t.info
    for m in t.legal:
        p = m["player"]
        if not controllable(t, p):
            continue
        turn = info.get("actor")
        key = (m["kind"], bool(m["cards"]) if m["kind"] == "take" else None, info["phase"] == "play" and p != turn)
        if key in seen:
            continue
        seen.add(key)
        label = f"{m['kind']}{' out of turn' if key[2] else ''} {m['text']}"
        out.append((label, move_request(m), False))
    # a card of the seat to move that no legal move plays: the front end lets it be clicked
    p = info.get("actor") if not is_trick_game(t.game) else info.get("turn")
    if p is not None and controllable(t, p) and info["phase"] == "play" and info.get("pending") is None:
        mine = [m for m in t.legal if m["player"] == p]
        if is_trick_game(t.game):
            if any(m["kind"] == "card" for m in mine):
                fits = {m["cards"][0] for m in mine if m["kind"] == "card"}
                wrong = [c for c in t.state["players"][p]["hand"] if c not in fits and c != "??"]
                if wrong:
                    out.append(
                        (
                            f"card that does not fit {wrong[0]}",
                            {"action": "card", "player": p, "cards": [wrong[0]]},
                            True,
                        )
                    )
        else:
            zone = info["seats"][p].get("zone")
            ranks = {c[:-1] if c != "JK" else c for m in mine for c in m["cards"]}
            cards = (
                [c for c in (t.state["players"][p].get(zone) or []) if c and c != "??"]
                if zone in ("hand", "bank")
                else []
            )
            wrong = [c for c in cards if (c[:-1] if c != "JK" else c) not in ranks]
            if wrong:
                out.append(
                    (f"card that does not fit {wrong[0]}", {"action": "play", "player": p, "cards": [wrong[0]]}, True)
                )
    return out


def hint_seat(t):
    """widgets/table.js ``hintSeat`` (in the setup, the seat whose card the learner clicked)."""
    info = t.info
    if not t.interactive or info["phase"] == "over":
        return None
    if info["view"] != "table":
        p = info["view"]
    elif info["phase"] == "setup" and not is_trick_game(t.game):
        p = next((m["player"] for m in t.legal if controllable(t, m["player"])), None)
    else:
        p = info.get("actor")
    if p is None or not controllable(t, p) or not any(m["player"] == p for m in t.legal):
        return None
    return p


def tool_requests(t) -> list:
    """The buttons beside the moves: Step, Undo, Hint and Edit, or a lesson's Hint, Retry, Back
    and Next, or a walkthrough's Back and Next, as far as the front end offers them now."""
    info, out = t.info, []
    if isinstance(t, Scene):
        if t.scene_step > 0:
            out.append(("Back", {"action": "back"}, False))
        if t.scene_step < t.scene_steps - 1:
            out.append(("Next", {"action": "next"}, False))
    if not t.interactive:
        return out
    p = hint_seat(t)
    if p is not None:
        out.append(("Hint", {"action": "hint", "player": p}, False))
    lesson = t.lesson or {}
    if lesson.get("count"):
        out.append(("Retry", {"action": "retry"}, False))
        if lesson.get("back"):
            out.append(("Back", {"action": "back"}, False))
        if lesson.get("next"):
            out.append(("Next", {"action": "next"}, False))
        return out
    # widgets/table.js ``toolsOff``: Python says why Step or Undo is greyed out (info.step_off,
    # info.undo_off); where it does not, Step is off once the round is over and Undo before a move
    step_off = info.get("step_off", "over" if info["phase"] == "over" else "")
    undo_off = info.get("undo_off")
    if undo_off is None:
        undo_off = "" if info.get("moves") or info.get("editor_back") else "no move yet"
    if not step_off:
        out.append(("Step", {"action": "step"}, False))
    if not undo_off:
        out.append(("Undo", {"action": "undo"}, False))
    if info["view"] == "table" and info.get("editable") is not False:
        out.append(("Edit", {"action": "mode", "mode": "edit"}, False))
    if info.get("review_button"):  # a round that is over: the review, in the background
        out.append(("Review", {"action": "review"}, False))
    return out


def stale(t) -> list:
    """A click made on an earlier drawing: refused whatever it asks for."""
    return [("a click on an earlier drawing", {"action": "step", "version": t.version - 1}, True)]


# ------------------------------------------------------------------ the check
def drawn(t) -> dict:
    return {k: getattr(t, k) for k in DRAWN}


def press(t, label, content, caplog, refused=False, quiet_ok=False) -> list:
    """Send ``content`` as the front end does and return what is wrong with the answer (empty:
    nothing). ``refused``: the rules must refuse it; ``quiet_ok``: it may rightly do nothing."""
    before, version, hints = drawn(t), t.version, t.hints
    msg = {"version": t.version, **content}
    caplog.clear()
    with caplog.at_level(logging.ERROR):
        t._on_msg(t, msg, [])
    where = f"{label} {content}"
    wrong = []
    if any(w in t.message for w in FAILED):
        wrong.append(f"{where}: failed inside the program: {t.message!r}")
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    if errors:
        wrong.append(
            f"{where}: the log has {errors[0].getMessage()!r} ({errors[0].exc_info and errors[0].exc_info[1]!r})"
        )
    if t.version == version:
        after = drawn(t)
        changed = [k for k in DRAWN if after[k] != before[k]]
        if changed:
            wrong.append(f"{where}: refused ({t.message!r}) yet changed {changed}")
        answered = bool(t.message) or (content.get("action") == "hint" and t.hints.get("rows") and t.hints != hints)
        if not answered and not quiet_ok:
            wrong.append(f"{where}: changed nothing and said nothing")
    elif refused:
        wrong.append(f"{where}: the rules refuse it, yet the table changed (message {t.message!r})")
    if refused and not t.message:
        wrong.append(f"{where}: refused without a word")
    return wrong


def press_all(make, requests_of, caplog, follow=None) -> list:
    """Each request ``requests_of(table)`` lists, on a fresh table from ``make()``; ``follow``
    maps a label to the requests to send next on the same table (Edit, then Play from here)."""
    wrong = []
    first = make()
    for label, content, refused in requests_of(first):
        t = make()
        wrong += press(t, label, content, caplog, refused)
        for label2, content2, refused2 in (follow or {}).get(label, lambda t: [])(t):
            wrong += press(t, f"{label}, then {label2}", content2, caplog, refused2)
    return wrong


def everything(t) -> list:
    return move_requests(t) + tool_requests(t) + stale(t)


def after_edit(t) -> list:
    """After Edit: Play from here on the draft as it is, back to the game."""
    if t.table_mode != "edit":
        return []
    return [("Play from here", {"action": "mode", "mode": "play"}, False)]


def report(wrong) -> str:
    return f"{len(wrong)} request(s) answered wrongly:\n" + "\n".join(wrong[:40])


def seat_of(g):
    """The seat a one-seat table is seen by in this phase: the one with something to do."""
    if g.phase == "over":
        return 0
    moves = g.legal_moves()
    if not is_trick_game(g) and g.phase == "play":
        turn = g.pending[1] if g.pending else g.turn
        if situation(g) == "jump-in":  # the seat that may jump in
            return next(m.player for m in moves if m.player != turn)
        return turn
    return moves[0].player


# ------------------------------------------------------------------ play tables
@pytest.mark.parametrize("variant, where", CASES)
def test_every_control_of_the_open_table_answers(variant, where, caplog):
    """view="table": every card open, every seat playable (the trick games' trick table)."""
    wrong = press_all(
        lambda: quick(Table(game_at(variant, where), seed=0)), everything, caplog, follow={"Edit": after_edit}
    )
    assert not wrong, report(wrong)


@pytest.mark.parametrize("variant, where", CASES)
def test_every_control_of_a_table_seen_by_one_seat_answers(variant, where, caplog):
    """view=<seat>, no bots: the other seats are nobody's to play from here."""
    g = game_at(variant, where)
    seat = seat_of(g)

    def others(t):
        # a click for another seat: the front end draws their cards without a click, so only a
        # stale or hand-made request can ask this; it must be refused with a reason
        other = (seat + 1) % len(t.game.players)
        mine = [m for m in t.game.legal_moves() if m.player == other]
        out = [(f"a move for seat {other}", move_request(_data(mine[0])), True)] if mine else []
        return everything(t) + out

    wrong = press_all(lambda: quick(Table(game_at(variant, where), view=seat, seed=0, bots=None)), others, caplog)
    assert not wrong, report(wrong)


def _data(move) -> dict:
    return {
        "player": move.player,
        "kind": move.kind,
        "cards": [str(c) for c in move.cards],
        "text": str(move),
        "target": move.target if move.target is None or isinstance(move.target, int) else str(move.target),
        "index": move.index,
    }


@pytest.mark.parametrize("variant, where", CASES)
def test_every_control_of_a_table_with_bots_at_the_other_seats_answers(variant, where, caplog):
    """view=<seat> and a bot at every other seat (moving at once): the bots play up to the
    learner's next move, so the table shows what the learner meets after each of theirs."""
    g = game_at(variant, where)
    seat = seat_of(g)

    def make():
        t = quick(Table(game_at(variant, where), view=seat, seed=0, bots=None))
        for other in range(len(t.game.players)):
            if other != seat:
                t.seat_bot(other, "greedy", delay=0)
        return t

    wrong = press_all(make, everything, caplog)
    assert not wrong, report(wrong)


# ------------------------------------------------------------------ the editor
def editor_places(dr) -> list:
    """widgets/table.js ``editorZones``: every place a card can be put (or typed) into, as the
    draft's description lists them."""
    return [z["place"] for z in dr["put_zones"]]


def placed(dr) -> list:
    """(place with index, card) of the first card of every zone holding one."""
    pos, out = dr["position"], []
    for place in editor_places(dr):
        zone = place["zone"]
        if "seat" in place:
            cards = pos["players"][place["seat"]].get(zone) or []
        elif zone == "trick":
            cards = (pos.get("trick") or {}).get("cards") or []
        elif zone == "tricks":
            tricks = pos.get("tricks") or []
            for k, t in enumerate(tricks[:1]):
                out.append(({"zone": "tricks", "trick": k, "index": 0}, t["cards"][0]))
            continue
        else:
            cards = pos.get(zone) or []
        i = next((i for i, c in enumerate(cards) if c is not None), None)
        if i is not None:
            out.append(({**place, "index": i}, cards[i]))
    return out


def edit_requests(t) -> list:
    """Every kind of edit the editor's controls send, with values the controls offer."""
    dr = t.draft
    pos, n, trick = dr["position"], dr["players"], dr["game"] == "trick"
    out = []

    def edit(label, refused=False, **fields):
        out.append((label, {"action": "edit", **fields}, refused))

    palette = dr["palette"]
    for place in editor_places(dr):
        if palette:
            edit(f"a card from the palette to {place}", op="move", card=palette[0], from_={"zone": "palette"}, to=place)
    for where, card in placed(dr)[:6]:
        edit(f"{card} back to the palette", op="move", card=card, from_=where, to={"zone": "palette"})
        target = next(p for p in editor_places(dr) if p["zone"] != where["zone"] or p.get("seat") != where.get("seat"))
        edit(f"{card} to {target}", op="move", card=card, from_=where, to=target)
    if dr["columns"] and not trick and palette:  # schwechat: a card dropped on a new column
        columns = len(pos["players"][0].get("bank") or [])
        edit(
            "a card on a new column",
            op="move",
            card=palette[0],
            from_={"zone": "palette"},
            to={"zone": "bank", "seat": 0, "index": columns},
        )
    if len(palette) >= 2:
        edit("Put two cards typed", op="type", to=editor_places(dr)[0], text=f"{palette[0]} {palette[-1]}")
    edit("Put a word that is no card", refused=True, op="type", to=editor_places(dr)[0], text="XYZ")
    if n > dr["min_players"]:
        edit("one seat fewer", op="set", field="players", value=n - 1)
    if n < dr["max_players"]:
        edit("one seat more", op="set", field="players", value=n + 1)
    seats = range(n)
    edit("dealer", op="set", field="dealer", value=next(s for s in seats if s != pos.get("dealer")))
    if not trick:
        edit("to move", op="set", field="turn", value=next(s for s in seats if s != pos.get("turn")))
        edit("direction", op="set", field="direction", value=-(pos.get("direction") or 1))
        for phase in dr["phases"]:
            if phase != pos.get("phase"):
                edit(f"phase {phase}", op="set", field="phase", value=phase)
        if dr["variant"] == "bitenight":
            pending = (pos.get("pending") or {}).get("joker") if isinstance(pos.get("pending"), dict) else None
            edit("joker waits for", op="set", field="pending", value=0 if pending is None else None)
        out_ = list(pos.get("finished") or [])
        edit("finished", op="set", field="finished", value=[x for x in out_ if x != 0] if 0 in out_ else [*out_, 0])
    else:
        for phase in dr["phases"]:
            if phase != pos.get("phase"):
                edit(f"phase {phase}", op="set", field="phase", value=phase)
        c = pos.get("contract")
        base = dict(c) if c else {"mode": dr["modes"][0]}
        for mode in dr["modes"][:3]:
            if not c or c.get("mode") != mode:
                edit(f"game {mode}", op="set", field="contract", value={**base, "mode": mode})
        if c:
            edit("game none yet", op="set", field="contract", value=None)
        edit("declarer", op="set", field="contract", value={**base, "declarer": 0})
        if dr["family"] == "german":
            edit("trumps", op="set", field="contract", value={**base, "suit": "H"})
        ace = "EA" if dr["family"] == "german" else "AC"
        edit("called", op="set", field="contract", value={**base, "called": ace})
        if pos.get("trick"):
            leader = pos["trick"].get("leader")
            edit("trick led by", op="set", field="trick_leader", value=next(s for s in seats if s != leader))
    edit("Deal the rest", op="deal", seed=1)
    edit("Clear", op="clear")
    if dr["text"]:
        edit("Paste the position text", op="paste", text=dr["text"])
    edit("Paste a line that is no position", refused=True, op="paste", text="this is no position")
    if dr["valid"]:
        out.append(("Play from here", {"action": "mode", "mode": "play"}, False))
    return [(label, {k.rstrip("_"): v for k, v in content.items()}, refused) for label, content, refused in out]


def after_play(t) -> list:
    """After Play from here: Undo goes back into the editor."""
    if t.table_mode != "play":
        return []
    return [("Undo", {"action": "undo"}, False)]


@pytest.mark.parametrize("variant, where", CASES)
def test_every_control_of_the_editor_opened_on_a_game_answers(variant, where, caplog):
    """Table(game, mode="edit"): the editor holds the game's position."""
    wrong = press_all(
        lambda: Table(game_at(variant, where), mode="edit"),
        edit_requests,
        caplog,
        follow={"Play from here": after_play},
    )
    assert not wrong, report(wrong)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("state", ["empty", "dealt"])
def test_every_control_of_an_empty_editor_answers(variant, state, caplog):
    """Table.editor(variant): every card in the palette; then every card dealt (a position)."""

    def make():
        t = Table.editor(variant)
        if state == "dealt":
            t.edit("deal", seed=3)
        return t

    wrong = press_all(make, edit_requests, caplog, follow={"Play from here": after_play})
    assert not wrong, report(wrong)


@pytest.mark.parametrize("variant, where", CASES)
def test_edit_then_play_from_here_then_every_control_answers(variant, where, caplog):
    """The Edit button of a play table, a change in the editor (Deal the rest, else one card
    moved), Play from here, and then every control of the table that results."""

    def make():
        t = quick(Table(game_at(variant, where), seed=0))
        t._on_msg(t, {"action": "mode", "mode": "edit", "version": t.version}, [])
        assert t.table_mode == "edit", f"Edit did not open the editor: {t.message!r}"
        if t.draft["palette"]:
            t._on_msg(t, {"action": "edit", "op": "deal", "seed": 1, "version": t.version}, [])
        t._on_msg(t, {"action": "mode", "mode": "play", "version": t.version}, [])
        return t

    wrong = press_all(make, everything, caplog)
    assert not wrong, report(wrong)


# ------------------------------------------------------------------ lessons and puzzles
def lesson_phases(make, caplog, count) -> list:
    """Each exercise fresh, after a wrong try and once solved: every control, one at a time."""
    wrong = []
    for index in range(count):

        def fresh(index=index):
            lt = make()
            lt.table.hint_iterations = HINT_PLAYOUTS
            lt.go(index)
            return lt

        lt = fresh()
        ex = lt.exercise
        solution = ex.solutions_text()[0] if ex.solutions_text() else None
        game = lt.table.game
        wrong_try = next(
            (str(m) for m in game.legal_moves() if str(m) != solution and not ex.check(m, game).accepted), None
        )

        def at(phase, fresh=fresh, solution=solution, wrong_try=wrong_try):
            lt = fresh()
            if phase == "after a wrong try" and wrong_try is not None:
                lt.answer(wrong_try)
            if phase == "solved" and solution is not None:
                assert lt.answer(solution).accepted, f"{lt.exercise.id}: its own solution is refused"
            return lt.table

        for phase in ("fresh", "after a wrong try", "solved"):
            t = at(phase)
            for label, content, refused in move_requests(t) + tool_requests(t) + stale(t):
                t = at(phase)
                wrong += press(t, f"{ex.id} ({phase}): {label}", content, caplog, refused)
        # every hint the exercise has, then the search's ranking, one press after the other
        t = at("fresh")
        p = hint_seat(t)
        for k in range(len(ex.hints) + 2 if p is not None else 0):
            wrong += press(t, f"{ex.id}: Hint {k + 1}", {"action": "hint", "player": p}, caplog)
    return wrong


LESSONS = [lesson.id for lesson in lessons.catalogue()]


@pytest.mark.slow
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_control_of_a_lesson_answers(lesson_id, caplog):
    wrong = lesson_phases(lambda: LessonTable(lesson_id, hint_budget=0.05), caplog, len(lessons.get(lesson_id)))
    assert not wrong, report(wrong)


PUZZLE_VARIANTS = sorted({p.variant for p in lessons.puzzles()})


@pytest.mark.slow
@pytest.mark.parametrize("variant", PUZZLE_VARIANTS)
def test_every_control_of_a_puzzle_answers(variant, caplog):
    """A set of puzzles as the tutorial shows them; the first four of each variant (the rest are
    the same kind of exercise, and each costs a second here)."""
    puzzles = lessons.puzzles(variant)[:4]
    wrong = lesson_phases(lambda: LessonTable(puzzles, hint_budget=0.05), caplog, len(puzzles))
    assert not wrong, report(wrong)


# ------------------------------------------------------------------ walkthroughs
def scene_steps(variant) -> list:
    steps = [(game_at(variant, where), f"the {where}") for where in WANTED[variant]]
    first = game_at(variant, WANTED[variant][0])
    steps.append((first, [str(first.legal_moves()[0])], "a first move"))
    return steps


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    "interactive, view",
    [
        (False, "table"),
        (True, "table"),
        (True, 0),
    ],
    ids=["for looking", "interactive", "interactive seen by one seat"],
)
def test_every_control_of_a_walkthrough_answers(variant, interactive, view, caplog):
    """Scene: Back and Next at every step; an interactive walkthrough also every move there."""
    steps = scene_steps(variant)
    wrong = []
    for index in range(len(steps)):

        def make(index=index):
            # no bots: a walkthrough seen by one seat would otherwise seat some that move on a timer
            s = quick(Scene(steps, view=view, interactive=interactive, seed=0, bots=None))
            s.go(index)
            return s

        wrong += press_all(make, everything if interactive else tool_requests, caplog, follow={"Edit": after_edit})
    assert not wrong, report(wrong)
