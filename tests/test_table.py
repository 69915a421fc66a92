"""The card table widget from the Python side (no browser): what it syncs, how it plays, and how
it treats requests from the front end."""

from __future__ import annotations

import json
import re
import time

import pytest
from helpers import request, words

import scheissekopf as sk
from scheissekopf import render
from scheissekopf.table import Scene, Table

pytest.importorskip("anywidget")

# Seat 0 to move on an 8: the 9 and the king fit, the 5 does not.
TRY = {
    "variant": "bitenight",
    "players": [
        {"hand": ["5H", "9C", "KD"], "bank": ["QS", "4D", "AH"], "gamble": ["7C", "2S", "9H"]},
        {"hand": ["4H", "QD", "JK"], "bank": ["KS", "KC", "6D"], "gamble": ["6C", "2D", "9S"]},
        {"hand": ["6H", "7D", "7S"], "bank": ["JS", "JD", "5C"], "gamble": ["8C", "2C", "AS"]},
    ],
    "draw": ["5D", "6S"],
    "stack": ["8S"],
    "turn": 0,
}


def try_table(**kwargs):
    return Table(sk.Game.from_dict(TRY), **kwargs)


# ------------------------------------------------------------------ syncing


def test_table_view_syncs_the_whole_position():
    g = sk.new_game("bitenight", players=4, seed=7)
    t = Table(g)
    assert t.game is g
    assert t.state == g.to_dict()
    assert t.info["phase"] == "setup" and t.info["view"] == "table"
    assert len(t.legal) == len(g.legal_moves())
    assert {m["text"] for m in t.legal} == {str(m) for m in g.legal_moves()}
    assert t.log == ["Player 0 deals."]  # the log in words: a seat without a name is "Player 0"
    assert t.message == ""


def test_play_redraws_and_the_game_stays_the_drawn_one():
    t = try_table()
    before = t.version
    t.play("P0 9C")
    assert t.version > before
    assert t.state == t.game.to_dict()
    assert t.state["stack"] == ["8S", "9C"]
    assert t.info["effective_top"] == "9C" and t.info["effective_index"] == 1
    assert t.info["actor"] == 1
    assert t.log[-1] == t.game.log[-1].words
    assert [str(m) for m in t.game.history] == ["P0 9C"]


def test_refused_play_shows_the_reason_reraises_and_changes_nothing():
    t = try_table()
    state, version = t.state, t.version
    with pytest.raises(sk.IllegalMove) as refused:
        t.play("P0 5H")
    assert t.message == refused.value.words  # one sentence: who, what and why, cards as drawn
    assert t.message == "Player 0 can't play 5\u2665 on an 8: play 8 or higher, or a special card (2, 3, 10, joker)"
    assert t.state == state == t.game.to_dict()
    assert t.version == version
    assert t.game.history == []
    t.play("P0 KD")  # the next good move clears the message
    assert t.message == ""


def test_undo_goes_back_one_move():
    t = try_table()
    start = t.game.to_dict()
    t.play("P0 KD")
    t.undo()
    assert t.state == start == t.game.to_dict()
    with pytest.raises(IndexError):
        t.undo()
    assert t.message == "There is nothing to undo."


def test_step_plays_one_legal_move_for_the_player_to_move_and_is_seeded():
    moves = []
    for _ in range(2):
        t = try_table(seed=3)
        move = t.step()
        assert move.player == 0
        assert [str(m) for m in t.game.history] == [str(move)]
        moves.append(str(move))
    assert moves[0] == moves[1]
    assert moves[0] in ("P0 9C", "P0 KD")


def test_step_uses_the_seat_bot():
    class Kings:
        def choose(self, view, legal_moves, rng):
            assert view.players[1].hand[0] == sk.HIDDEN  # bots see only their own seat's view
            assert all(m.player == 0 for m in legal_moves)
            return next(m for m in legal_moves if str(m) == "P0 KD")

    t = try_table()
    t.seat_bot(0, Kings(), delay=5)  # not played at once: the delay holds it back ...
    assert t.game.history == []
    t.step()  # ... but step asks it now
    assert [str(m) for m in t.game.history] == ["P0 KD"]


def test_repr_is_deterministic():
    t = try_table()
    assert repr(t) == "Table(bitenight, 3 players, phase=play, turn=P0)"
    assert (
        repr(Table(sk.Game.from_dict(TRY), view=2, bots=None))
        == "Table(bitenight, 3 players, phase=play, turn=P0, view=P2)"
    )
    data, _ = t._repr_mimebundle_()
    assert data["text/plain"] == repr(t)
    assert "application/vnd.jupyter.widget-view+json" in data
    assert "scheissekopf-table" in data["text/html"]


def test_front_end_files_are_package_data():
    from importlib.resources import files

    front = files("scheissekopf.widgets")
    assert "export default { render }" in (front / "table.js").read_text()
    assert ".sk-card" in (front / "table.css").read_text()
    assert "export default { render }" in str(Table._esm)  # what the widget sends


# ------------------------------------------------------------------ seat views


@pytest.mark.parametrize("variant,players,seed", [("bitenight", 4, 7), ("palace", 3, 2), ("schwechat", 4, 1)])
def test_seat_view_never_syncs_hidden_cards(variant, players, seed):
    g = sk.new_game(variant, players=players, seed=seed)
    t = Table(g, view=1, bots=None)
    hidden = set()
    for i, p in enumerate(g.players):
        if i != 1:
            hidden.update(str(c) for c in p.hand)
        hidden.update(str(c) for c in p.gamble if c is not None)
    hidden.update(str(c) for c in g.draw)
    public = {str(c) for p in g.players for c in p.bank if c is not None} | {str(c) for c in g.stack}
    public |= {str(c) for c in g.players[1].hand}
    secret = hidden - public  # identical cards from a second deck may be public
    synced = words(t.state, t.info, t.legal, t.log)
    assert secret and not secret & synced
    assert "seed" not in t.state  # the seed would re-deal every hidden card
    assert t.log and not any("seed" in text for text in t.log)
    assert "seed" not in render.game_html(g, view=1)
    assert all(m["player"] == 1 for m in t.legal)
    # the same table seen by everyone holds them all
    assert secret <= words(Table(g).state)


def test_seat_view_refuses_to_play_for_another_seat():
    t = try_table(view=1)
    request(t, "play", player=0, cards=["9C"])
    assert t.game.history == []
    assert "seen by Player 1" in t.message  # a seat without a name is called by its number, in words


# ------------------------------------------------------------------ a seat's table acts for that seat only


class Polite:
    """A bot that never jumps in, passes when it may, else plays its first legal move, and
    remembers every view it was shown."""

    def __init__(self):
        self.shown = []

    def choose(self, view, legal_moves, rng):
        self.shown.append(view)
        if view.phase == "play" and view.pending is None and legal_moves[0].player != view.turn:
            return None
        return next((m for m in legal_moves if m.kind == "pass"), legal_moves[0])


def started(variant):
    """A bitenight round after setup (P1 to move) or a sheepshead hand at its first pick (P1), with
    no move in its history."""
    if variant == "sheepshead":
        return sk.new_game("sheepshead", seed=3)
    g = sk.new_game("bitenight", players=4, seed=3)
    for s in range(4):
        g.play(f"P{s} ready")
    return sk.Game.from_dict(g.to_dict())


@pytest.mark.parametrize("variant", ["bitenight", "sheepshead"])
def test_a_seat_view_does_not_step_another_persons_move(variant):
    t = Table(started(variant), view=2, bots=None)
    assert t.game.turn == 1
    before, version = t.game.to_dict(), t.version
    request(t, "step")
    assert t.game.to_dict() == before and t.version == version
    assert "It is Player 1's turn, and Player 1 is not a bot here" in t.message


@pytest.mark.parametrize("variant", ["bitenight", "sheepshead"])
def test_a_seat_view_does_not_step_its_own_move(variant):
    g = started(variant)
    g.play(Polite().choose(g.view(1), g.legal_moves(), None))  # P1 moves: now P2, the viewer, is to move
    t = Table(g, view=2, bots=None)
    assert t.game.turn == 2
    before = t.game.to_dict()
    request(t, "step")
    assert t.game.to_dict() == before
    assert "It is your turn" in t.message


@pytest.mark.parametrize("variant", ["bitenight", "sheepshead"])
def test_a_seat_views_step_plays_a_bots_move_chosen_from_the_bots_own_view(variant):
    t = Table(started(variant), view=2, bots=None)
    spy = Polite()
    t.seat_bot(1, spy, delay=60)  # waits: the step hurries it
    request(t, "step")
    assert [m.player for m in t.game.history[-1:]] == [1]
    (shown,) = spy.shown
    assert shown.seat == 1 and sk.HIDDEN in shown.players[2].hand
    assert str(t.game.history[-1]) in [str(m) for m in shown.legal_moves()]


@pytest.mark.parametrize("variant", ["bitenight", "sheepshead"])
def test_a_seat_view_undoes_only_back_to_its_own_last_move(variant):
    g = started(variant)
    start = len(g.history)
    t = Table(g, view=2, bots=None)
    request(t, "undo")
    assert len(g.history) == start and "nothing to undo" in t.message
    for seat in (3, 0, 1):  # bots at every other seat; P1 moves at once, then P2, the viewer, is to move
        t.seat_bot(seat, Polite(), delay=0)
    assert len(g.history) == start + 1 and g.turn == 2
    request(t, "undo")  # the bot's move is not P2's to take back
    assert len(g.history) == start + 1 and "You have made no move here" in t.message
    mine = next((m for m in t.legal if m["kind"] == "pass"), t.legal[0])
    if variant == "sheepshead":
        request(t, "move", player=2, text=mine["text"])
    else:
        request(t, "play", player=2, cards=mine["cards"])
    assert g.history[start + 1].player == 2 and len(g.history) > start + 2  # the bots answered
    position = sk.Game.from_dict(t.game.to_dict())
    request(t, "undo")  # P2's move and the bots' answers to it
    assert len(g.history) == start + 1 and g.turn == 2
    assert g.to_dict() != position.to_dict() and t.message == ""


def test_view_can_be_changed():
    t = try_table()
    t.view = 2
    assert t.state["players"][0]["hand"] == ["??"] * 3
    with pytest.raises(ValueError):
        t.view = 3
    with pytest.raises(ValueError):
        Table(sk.Game.from_dict(TRY), view="P1")


# ------------------------------------------------------------------ requests from the front end


def test_a_click_request_plays_the_move():
    t = try_table()
    version = t.version
    request(t, "play", player=0, cards=["9C"])
    assert [str(m) for m in t.game.history] == ["P0 9C"]
    assert t.version > version and t.message == ""
    request(t, "undo")
    assert t.game.history == []


def test_an_illegal_click_shows_the_engine_reason_and_changes_nothing():
    t = try_table()
    state, version = t.game.to_dict(), t.version
    try:
        t.game.play("P0 5H")
    except sk.IllegalMove as exc:
        reason = exc.words
    request(t, "play", player=0, cards=["5H"])
    assert t.message == reason and "on an 8" in reason
    assert t.game.to_dict() == state and t.version == version and t.state == state


def test_a_stale_request_is_refused():
    t = try_table()
    old = t.version
    t.play("P0 9C")
    state = t.game.to_dict()
    t._on_msg(t, {"action": "play", "version": old, "player": 1, "cards": ["QD"]}, [])
    assert t.game.to_dict() == state
    assert "earlier position" in t.message


NOW = object()  # stands for the table's current version


@pytest.mark.parametrize(
    "content",
    [
        None,
        "P0 9C",
        ["play"],
        {},
        {"action": "fly", "player": 0, "version": NOW},
        {"action": None, "version": NOW},
        {"action": "play", "player": 0, "cards": ["9C"]},  # no version
        {"action": "play", "player": 0, "cards": ["9C"], "version": "1"},
        {"action": "play", "player": 0, "cards": ["9C"], "version": True},
        {"action": "play", "cards": ["9C"], "version": NOW},  # no player
        {"action": "play", "player": 7, "cards": ["9C"], "version": NOW},
        {"action": "play", "player": -1, "cards": ["9C"], "version": NOW},
        {"action": "play", "player": "0", "cards": ["9C"], "version": NOW},
        {"action": "play", "player": False, "cards": ["9C"], "version": NOW},
        {"action": "play", "player": 0, "version": NOW},
        {"action": "play", "player": 0, "cards": "9C", "version": NOW},
        {"action": "play", "player": 0, "cards": ["9X"], "version": NOW},
        {"action": "play", "player": 0, "cards": ["take"], "version": NOW},
        {"action": "play", "player": 0, "cards": ["9C take"], "version": NOW},
        {"action": "play", "player": 0, "cards": ["??"], "version": NOW},
        {"action": "play", "player": 0, "cards": [9], "version": NOW},
        {"action": "take", "player": 0, "cards": ["9C", "KD"], "version": NOW},
        {"action": "joker", "player": 1, "version": NOW},
        {"action": "joker", "player": 1, "target": "P2", "version": NOW},
        {"action": "flip", "player": 0, "version": NOW},
        {"action": "flip", "player": 0, "index": 1.5, "version": NOW},
        {"action": "swap", "player": 0, "cards": ["9C"], "version": NOW},
        {"action": "place", "player": 0, "cards": ["9C"], "version": NOW},
        {"action": "ready", "player": 0, "cards": ["9C"], "version": NOW},
        {"action": "next", "version": NOW},  # only a scene has steps
    ],
)
def test_malformed_requests_change_nothing_and_say_so(content):
    t = try_table()
    state, version = t.game.to_dict(), t.version
    if isinstance(content, dict):
        content = {k: version if v is NOW else v for k, v in content.items()}
    t._on_msg(t, content, [])
    assert t.message
    assert t.game.to_dict() == state and t.game.history == []
    assert t.version == version


def test_a_request_that_fails_inside_the_program_is_said_in_the_table_and_logged(monkeypatch, caplog):
    def broken(self, move):
        raise KeyError("a slip inside the program")

    t = try_table()
    state, version = t.game.to_dict(), t.version
    monkeypatch.setattr(Table, "play", broken)
    with caplog.at_level("ERROR", logger="scheissekopf.table"):
        request(t, "play", player=0, cards=["9C"])  # raises nothing
    assert "something went wrong inside the program" in t.message and "report" in t.message
    assert "a slip inside the program" in caplog.text
    assert t.game.to_dict() == state and t.version == version


def test_no_move_to_hint_at_is_a_refusal_not_a_failure(caplog):
    t = try_table()
    with caplog.at_level("ERROR", logger="scheissekopf.table"):
        request(t, "hint", player=1)  # P0 is to move: P1 has nothing to do
    assert t.message == "Player 1 has no move to hint at now." and caplog.text == ""


def test_legal_requests_of_every_kind_reach_the_engine():
    # joker with a target
    pos = json.loads(json.dumps(TRY))
    pos["turn"] = 1
    t = Table(sk.Game.from_dict(pos))
    request(t, "joker", player=1, target=2)
    assert [str(m) for m in t.game.history] == ["P1 JK to P2"]
    # setup: swap, then ready
    t = Table(sk.new_game("bitenight", players=2, seed=5))
    hand, bank = t.state["players"][0]["hand"][0], t.state["players"][0]["bank"][0]
    request(t, "swap", player=0, cards=[hand, bank])
    assert bank in t.state["players"][0]["hand"] and hand in t.state["players"][0]["bank"]
    request(t, "ready", player=0)
    assert t.info["seats"][0]["ready"]
    # schwechat placing
    t = Table(sk.new_game("schwechat", players=2, seed=1))
    card = t.state["players"][1]["hand"][0]
    request(t, "place", player=1, cards=[card], index=2)
    assert t.state["players"][1]["bank"][2] == card
    # turning a gamble card
    pos = {
        "variant": "bitenight",
        "players": [{"hand": [], "bank": [], "gamble": ["9H", "4C"]}, {"hand": ["5S"], "bank": [], "gamble": []}],
        "stack": ["6D"],
        "turn": 0,
    }
    t = Table(sk.Game.from_dict(pos))
    request(t, "flip", player=0, index=1)
    assert [str(m) for m in t.game.history] == ["P0 flip 1"]
    assert t.state["players"][0]["hand"] == ["4C", "6D"]  # the 4 does not fit: stack taken


def test_a_turned_joker_waits_for_its_player_to_name_the_target():
    pos = {
        "variant": "bitenight",
        "players": [
            {"hand": [], "bank": [], "gamble": ["JK", "4C"]},
            {"hand": ["5S", "KD"], "bank": ["2H"], "gamble": ["7D"]},
        ],
        "stack": ["9S", "QD"],
        "turn": 0,
    }
    t = Table(sk.Game.from_dict(pos))
    request(t, "flip", player=0, index=0)
    assert t.info["pending"] == 0 and t.info["actor"] == 0
    assert {m["kind"] for m in t.legal} == {"joker"}
    request(t, "joker", player=0, target=1)
    assert t.game.pending is None
    assert {"9S", "QD"} <= set(t.state["players"][1]["hand"])
    t.undo()
    assert t.game.pending == ("joker", 0)
    t.seat_bot(0, "random", delay=0)  # a seated bot names the target itself (and plays on)
    assert t.game.history[1].kind == "joker" and t.game.history[1].player == 0


def test_a_request_for_a_bot_seat_is_refused():
    t = try_table()
    t.seat_bot(1, "random", delay=5)
    request(t, "play", player=0, cards=["9C"])
    assert len(t.game.history) == 1  # the bot waits for its delay
    request(t, "play", player=1, cards=["QD"])
    assert "played by a bot" in t.message
    assert len(t.game.history) == 1
    t.seat_bot(1, None)


# ------------------------------------------------------------------ bots


def test_zero_delay_bots_play_until_a_person_is_to_move():
    t = try_table(seed=1)
    t.seat_bot(1, "random", delay=0)
    t.seat_bot(2, "greedy", delay=0)
    t.play("P0 KD")
    g = t.game
    assert len(g.history) >= 3
    assert g.phase == "over" or (g.pending[1] if g.pending else g.turn) == 0
    assert t.state == g.to_dict()
    assert t.info["seats"][1]["bot"] and not t.info["seats"][0]["bot"]


def test_bots_at_every_seat_finish_the_round_with_setup():
    t = Table(sk.new_game("bitenight", players=4, seed=11), seed=11)
    for seat in range(4):
        t.seat_bot(seat, sk.bots.RandomBot() if hasattr(sk, "bots") else "random", delay=0)
    assert t.game.phase == "over"
    assert t.info["loser"] is not None and t.info["phase"] == "over"
    assert "Schei\u00dfkopf" in t.info["status"]


def test_undo_button_goes_back_past_the_bots_moves():
    t = try_table(seed=2)
    t.seat_bot(1, "random", delay=0)
    t.seat_bot(2, "random", delay=0)
    t.play("P0 KD")
    assert len(t.game.history) >= 3
    request(t, "undo")
    assert t.game.history == []
    assert t.game.to_dict() == sk.Game.from_dict(TRY).to_dict()


def test_delayed_bot_moves_by_itself():
    t = try_table()
    t.seat_bot(1, "random", delay=0.05)
    t.play("P0 KD")
    assert len(t.game.history) == 1 and t.info["bot_waiting"]
    deadline = time.monotonic() + 5
    while len(t.game.history) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    with t._lock:  # the bot's move and the redraw after it happen under the table's lock
        assert len(t.game.history) >= 2 and t.game.history[1].player == 1
        assert t.state == t.game.to_dict()


def test_a_move_cancels_the_pending_bot_move():
    t = try_table()
    t.seat_bot(0, "random", delay=0.2)
    t.play("P0 9C")  # a person plays the bot's seat first (from Python)
    assert t.game.turn == 1
    time.sleep(0.3)
    assert len(t.game.history) == 1


def test_a_bot_whose_move_is_refused_loses_its_seat():
    class Stubborn:
        def choose(self, view, legal_moves, rng):
            return "P1 4H"  # a 4 on the 9: refused

    t = try_table()
    t.seat_bot(1, Stubborn(), delay=0)
    t.play("P0 9C")
    assert [str(m) for m in t.game.history] == ["P0 9C"]
    assert t.message == (
        "The bot at Player 1's seat tried a move the rules refuse (Player 1 can't play 4\u2665 on a 9: "
        "play 9 or higher, or a special card (2, 3, 10, joker)), so the seat is handed back."
    )
    assert t.bots == {} and not t.info["seats"][1]["bot"]


def test_seat_bot_checks_its_arguments():
    t = try_table()
    with pytest.raises(ValueError):
        t.seat_bot(5, "random")
    with pytest.raises(TypeError):
        t.seat_bot(1, object())
    assert t.bots == {}


# ------------------------------------------------------------------ scenes


def scene_steps():
    start = sk.Game.from_dict(TRY)
    return [
        (TRY, "An 8 lies on the stack."),
        (start, ["P0 9C", "P1 QD"], "A 9, then a queen."),
        (start, "Back where we started."),
    ]


def test_scene_steps_forward_and_back():
    s = Table.scene(scene_steps())
    assert isinstance(s, Scene)
    assert (s.scene_step, s.scene_steps, s.caption) == (0, 3, "An 8 lies on the stack.")
    assert s.state["stack"] == ["8S"] and not s.interactive
    s.next()
    assert s.caption == "A 9, then a queen."
    assert s.state["stack"] == ["8S", "9C", "QD"]
    new = s.log[s.log_mark :]  # the step's own events, marked in the log
    assert s.log_mark == 0 and new == [e.words for e in s.game.log]
    assert new == ["Player 0 plays 9\u2663.", "Player 1 plays Q\u2666."]
    request(s, "next")
    assert s.scene_step == 2 and s.state["stack"] == ["8S"]
    s.next()
    assert s.scene_step == 2  # stays on the last step
    request(s, "back")
    request(s, "back")
    assert s.scene_step == 0
    s.back()
    assert s.scene_step == 0
    assert repr(s) == "Scene(3 steps, step 1: bitenight, 3 players, phase=play, turn=P0)"


def test_scene_steps_are_copies():
    start = sk.Game.from_dict(TRY)
    s = Scene([(start, "one"), (start, ["P0 KD"], "two")], interactive=True)
    s.play("P0 9C")  # trying a move at the scene ...
    s.go(1)
    s.go(0)
    assert s.state["stack"] == ["8S"]  # ... never changes the script
    assert start.history == []


def test_scene_script_with_a_refused_move_fails_at_once():
    with pytest.raises(sk.IllegalMove):
        Scene([(TRY, ["P0 5H"], "a 5 on an 8?")])
    with pytest.raises(ValueError):
        Scene([])
    with pytest.raises(ValueError):
        Scene([(TRY,)])
    with pytest.raises(IndexError):
        Scene([(TRY, "only")]).go(1)


# ------------------------------------------------------------------ the static picture


def test_game_html_shows_the_stack_and_the_counts():
    g = sk.Game.from_dict({**TRY, "stack": ["9D", "8S", "3H"], "discard": ["10C", "JH", "QC"]})
    html = render.game_html(g)
    # each card's tooltip says it as people do, never in the engine's code
    assert 'title="8\u2660"' in html and 'title="3\u2665"' in html and 'title="9\u2666"' in html
    assert not re.search(r'title="[^"]*\b(?:10|[2-9JQKA])[CDHS]\b', html)
    assert re.search(r'to beat: <b style="[^"]*">8\u2660</b>', html)
    assert "(1 \u00d7 3 invisible on top)" in html
    assert "draw pile<br><b>2</b>" in html
    assert "burned<br><b>3</b>" in html
    assert "stack 3" in html
    assert "Player 0 to move" in html and not re.search(r"\bP\d\b", html)
    assert "<style" not in html and "<script" not in html


def test_game_html_of_a_dict_and_of_a_seat_view():
    html = render.game_html(TRY, view=1)
    assert 'title="5\u2665"' not in html and 'title="4\u2665"' in html
    assert 'title="8\u2660"' in html
    game_view = render.game_html(sk.Game.from_dict(TRY), view=1)
    for secret in ("5H", "9C", "7C", "2S", "5D"):
        assert secret not in game_view and sk.Card.parse(secret).pretty() not in game_view
    assert "seen by Player 1" in game_view


def test_seat_rows_put_everyone_round_the_table():
    for n in range(2, 9):
        for home in range(n):
            top, bottom = render.seat_rows(n, home)
            assert sorted(top + bottom) == list(range(n))
            assert home in bottom
    assert render.seat_rows(4, 0) == ([1, 2, 3], [0])
    assert render.seat_rows(6, 0) == ([2, 3, 4], [1, 0, 5])


# ------------------------------------------------------------------ hints


def test_a_hint_request_syncs_the_ranked_moves():
    t = try_table()
    t.hint_iterations = 60
    request(t, "hint", player=0)
    assert t.message == "" and t.game.history == []  # a hint never plays
    h = t.hints
    assert h["seat"] == 0 and h["playouts"] == 60 and h["version"] == t.version
    assert [r["text"] for r in h["rows"]] and {r["text"] for r in h["rows"]} <= {"P0 9C", "P0 KD"}
    assert sum(r["visits"] for r in h["rows"]) == 60
    for r in h["rows"]:
        assert 0 <= r["win"] <= 1 and isinstance(r["points"], float)  # bitenight: points
        assert r["kind"] == "play" and r["cards"] == [r["text"].split()[1]]
    t.play(h["rows"][0]["text"])  # a move clears the stale hint
    assert t.hints == {}


def test_hint_budget_is_what_the_button_spends():
    t = try_table()
    t.hint_budget = 0.05
    found = t.hint(0)
    assert found.playouts > 0 and found.seconds < 1
    assert t.hints["playouts"] == found.playouts


def test_a_hint_for_a_seat_view_never_names_hidden_cards():
    g = sk.new_game("bitenight", players=4, seed=7)
    for seat in range(4):
        g.play(f"P{seat} ready")
    seat = g.turn
    t = Table(g, view=seat, bots=None)
    t.hint_iterations = 80
    request(t, "hint", player=seat)
    mine = {str(c) for c in g.players[seat].hand} | {str(c) for c in g.players[seat].bank}
    secret = {str(c) for i, p in enumerate(g.players) if i != seat for c in p.hand}
    secret |= {str(c) for p in g.players for c in p.gamble} | {str(c) for c in g.draw}
    secret -= mine | {str(c) for p in g.players for c in p.bank}
    assert t.hints["rows"] and secret
    assert not secret & words(t.hints)
    assert all(r["text"].startswith(f"P{seat} ") for r in t.hints["rows"])
    other = (seat + 1) % 4
    request(t, "hint", player=other)  # the seat's table helps that seat only
    assert "seen by" in t.message and t.hints["seat"] == seat


def test_no_hint_without_a_move():
    t = try_table()
    request(t, "hint", player=1)  # P1 is not to move on a plain stack
    assert "no move" in t.message and "rows" not in t.hints
    first = t.hints
    request(t, "hint", player=1)  # the same refusal again is still an answer
    assert t.hints != first and "rows" not in t.hints
    request(t, "hint", player="P0")
    assert "Malformed" in t.message


# ------------------------------------------------------------------ trick-taking games


def schafkopf_called():
    """Schafkopf, P1 plays a normal game calling the Gras-Ass; P1 leads the first trick."""
    g = sk.new_game("schafkopf", players=4, seed=7)
    for text in ["P1 bid normal", "P2 pass", "P3 pass", "P0 pass", "P1 call GA"]:
        g.play(text)
    return g


def test_a_trick_table_syncs_the_hand_the_game_and_the_moves():
    t = Table(sk.new_game("schafkopf", players=4, seed=7))
    assert repr(t) == "Table(schafkopf, 4 players, phase=auction, turn=P1)"
    assert t.state == t.game.to_dict()
    assert t.info["game"] == "trick" and t.info["family"] == "german"
    assert t.info["status"] == "Auction \u2014 Player 1 to speak"
    assert [m["text"] for m in t.legal] == ["P1 pass", "P1 bid normal", "P1 bid solo", "P1 bid tout"]
    request(t, "move", player=1, text="P1 bid normal")
    assert [str(m) for m in t.game.history] == ["P1 bid normal"] and t.message == ""
    assert t.info["seats"][1]["bid"] == "normal"
    for text in ["P2 pass", "P3 pass", "P0 pass"]:
        request(t, "move", player=int(text[1]), text=text)
    request(t, "move", player=1, text="P1 call GA")
    assert t.info["contract"] == "Player 1 plays a normal game calling Gras-Ass"
    assert t.info["status"] == "Player 1 to lead" and t.info["trumps"][:2] == ["EO", "GO"]
    request(t, "card", player=1, cards=["G9"])
    assert t.info["trick"] == [{"seat": 1, "card": "G9"}]
    assert t.log[-1] == "Player 1 plays Gras-Neun."


def test_a_refused_card_shows_the_engine_reason_and_changes_nothing():
    g = schafkopf_called()
    g.play("P1 G9")  # Gras is led: P2 holds GK and must follow
    t = Table(g)
    state, version = g.to_dict(), t.version
    try:
        g.play("P2 SA")
    except sk.IllegalMove as exc:
        reason = exc.words
    request(t, "card", player=2, cards=["SA"])
    assert (
        t.message == reason == "Player 2 can't play Schellen-Ass: Gras (Leaves) was led and Player 2 must follow suit"
    )
    assert g.to_dict() == state and t.version == version and t.state == state
    request(t, "move", player=2, text="P2 bid solo")  # a move of the wrong phase
    assert t.message == "Player 2 can't bid a solo: the cards are being played, so play a card" and g.to_dict() == state
    request(t, "card", player=2, cards=["GK"])
    assert t.message == "" and t.info["trick"][-1] == {"seat": 2, "card": "GK"}


@pytest.mark.parametrize(
    "content",
    [
        {"action": "play", "player": 1, "cards": ["G9"]},  # shedding requests mean nothing here
        {"action": "card", "player": 1, "cards": "G9"},
        {"action": "card", "player": 1, "cards": ["G9", "GK"]},
        {"action": "card", "player": 1, "cards": ["9C"]},  # a French card at a German table
        {"action": "card", "player": 1, "cards": ["??"]},
        {"action": "move", "player": 1},
        {"action": "move", "player": 1, "text": 7},
        {"action": "move", "player": 1, "text": "P2 pass"},  # another seat's move
        {"action": "move", "player": 1, "text": "P1 fly"},
        {"action": "hint", "player": 9},  # no such seat (trick tables do hint)
    ],
)
def test_malformed_trick_requests_change_nothing(content):
    g = schafkopf_called()
    t = Table(g)
    state, version = g.to_dict(), t.version
    t._on_msg(t, {**content, "version": version}, [])
    assert t.message
    assert g.to_dict() == state and t.version == version


def test_a_trick_seat_view_only_syncs_what_the_seat_sees():
    """Through a whole sheepshead hand with a card in the hole, and a schafkopf hand: every card
    the table sends to a seat is one that seat's own view shows."""
    import random

    def card_words(game, data):
        deck = {str(c) for c in sk.deck(game.variant, game.n)}
        return words(data) & deck

    g = sk.new_game("sheepshead", seed=3)
    for text in ["P1 pick", "P1 bury QD JC", "P1 under AH 8C"]:
        g.play(text)
    hole = Table(g, view=3, bots=None)
    assert hole.state["hole"] == "??" and hole.state["buried"] == ["??", "??"]
    assert Table(g, view=1, bots=None).state["hole"] == "8C"  # the picker knows it
    h = sk.new_game("schafkopf", players=4, seed=7)
    rng = random.Random(5)
    for game in (g, h):
        tables = [Table(game, view=s, bots=None) for s in range(game.n)]
        checked = 0
        while True:
            for s, t in enumerate(tables):
                t.game = game  # redraw after the last move
                seen = card_words(game, game.view(s).to_dict())
                info = {k: v for k, v in t.info.items() if k != "trumps"}  # the rules' trump order
                synced = card_words(game, [t.state, info, t.legal, t.log])
                assert synced <= seen, (s, synced - seen)
                assert "seed" not in t.state and all(m["player"] == s for m in t.legal)
                assert "seed" not in render.game_html(game, view=s)
                checked += 1
            if game.phase == "over":
                break
            game.play(rng.choice(list(game.legal_moves())))
        assert checked > 20
    assert any(e.kind == "hole" for e in g.log)


def test_the_end_of_a_hand_shows_the_scores():
    import random

    g = sk.new_game("sheepshead", seed=1)
    rng = random.Random(2)
    while g.phase != "over":
        g.play(rng.choice(list(g.legal_moves())))
    t = Table(g, view=0, bots=None)
    scores = g.scores()
    assert t.info["scores"] == {str(s): str(v) for s, v in scores.items()}
    assert [seat["score"] for seat in t.info["seats"]] == [str(scores[s]) for s in range(5)]
    assert t.info["status"].startswith("Hand over")
    assert sum(seat["tricks"] for seat in t.info["seats"]) == 6
    assert t.legal == [] and t.info["actor"] is None


def test_step_and_bots_play_a_trick_game():
    t = Table(sk.new_game("mehrkopf", players=5, seed=2), seed=2)
    move = t.step()
    assert [str(m) for m in t.game.history] == [str(move)]
    for seat in range(5):
        t.seat_bot(seat, "random", delay=0)
    assert t.game.phase == "over" and t.info["scores"] is not None
    request(t, "undo")
    assert len(t.game.history) >= 1


def test_a_trick_game_draws_itself_without_a_kernel():
    g = schafkopf_called()
    g.play("P1 G9")
    html = g._repr_html_()
    assert "scheissekopf-table" in html and "<script" not in html and "<style" not in html
    assert 'title="Gras-Neun"' in html and 'title="Eichel-Ober"' in html  # German cards by name
    assert "Player 1 plays a normal game calling Gras-Ass" in html and "Player 2 to play" in html
    seat = render.game_html(g, view=2)
    assert 'title="Eichel-Ober"' not in seat and "seen by Player 2" in seat  # P0's Ober is hidden from P2
    s = sk.new_game("sheepshead", seed=1)
    assert "blind" in s._repr_html_() and 'title="Q\u2663"' in s._repr_html_()


def test_move_data_is_plain_json():
    g = sk.new_game("sheepshead", seed=3)
    for text in ["P1 pick", "P1 bury QD JC"]:
        g.play(text)
    t = Table(g)
    under = next(m for m in t.legal if m["kind"] == "under")
    assert under["target"] == "AH" and under["text"].startswith("P1 under AH ")
    assert json.loads(json.dumps(t.legal)) == t.legal
    joker = Table(sk.Game.from_dict({**TRY, "turn": 1}))
    assert {m["target"] for m in joker.legal if m["kind"] == "joker"} == {0, 1, 2}


def test_a_static_picture_names_seats_and_cards_as_the_table_draws_them():
    """The picture a notebook viewer shows: seats by name ("Player 1" without one), tooltips and
    the tags on face-down cards as drawn (Eichel-Ober, O♣), never the engine's codes."""
    g = sk.new_game("mehrkopf", players=2, seed=1, names=["Ada", "Ben"])
    picture = render.game_html(g)
    down = g.players[0].gamble[0]
    assert f'title="face down ({down.word()})"' in picture
    shown = re.sub(r"<[^>]+>", " ", picture) + " ".join(re.findall(r'title="([^"]*)"', picture))
    assert not re.search(r"\bP\d\b|\b[EGHS](?:10|[OUAK9876])\b", shown), shown
    unnamed = render.game_html(sk.new_game("schafkopf", seed=7), view=2)
    assert "seen by Player 2" in unnamed and "Auction \u2014 Player 1 to speak" in unnamed


def test_the_edit_button_of_a_table_opened_in_play_mode_opens_the_editor_and_play_goes_back():
    """The ✎ Edit button of every ``Table(game)`` (opened in play mode) used to answer "something
    went wrong inside the program": the editor's memory of the game to go back to was only made
    when the table was created in edit mode."""
    game = sk.new_game(seed=3)
    game.play(game.legal_moves()[0])
    table = Table(game)
    table._on_msg(table, {"action": "mode", "mode": "edit", "version": table.version}, [])
    assert table.mode == "edit" and table.message == ""
    assert table.table_mode == "edit" and table.draft  # the draft is drawn
    table._on_msg(table, {"action": "mode", "mode": "play", "version": table.version}, [])
    # an unchanged draft goes back to the same game, history and all
    assert table.mode == "play" and table.message == "" and table.game is game and len(game.history) == 1
