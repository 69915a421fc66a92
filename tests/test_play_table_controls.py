"""The play table's controls as a learner meets them: who plays the other seats of a table seen by
one seat, Step and Undo only where they can act (and why not, where they cannot), a refused try
that leaves nothing picked, one message area, one Jump in! control, the hint's order in words.

The first half asks the Python side (``Table``); the second draws widgets/table.js in Chromium
with a fake model (the fixtures of tests/test_table_esm.py) and clicks as a learner does.
"""

from __future__ import annotations

import copy
import re
import time

import pytest

import scheissekopf as sk

pytest.importorskip("anywidget")

from helpers import ARTIFACTS, POSITION, move, request, sent, traits  # noqa: E402

from scheissekopf.hint import FEW_GAMES, figures_in_words  # noqa: E402
from scheissekopf.table import Table  # noqa: E402

NAMES = ["Ada", "Ben", "Cleo", "Dev"]


def dealt(variant="bitenight", seed=5, **options):
    return sk.new_game(variant, players=4, seed=seed, names=NAMES, **options)


def finish(t: Table, limit: float = 60.0) -> None:
    """Play the viewer's seat as a learner who always takes the first move offered, pressing Step
    whenever the table offers it; the computer plays the rest. Stops when the round is over."""
    me = t.view
    end = time.monotonic() + limit
    while t.game.phase != "over" and time.monotonic() < end:
        mine = [m for m in t.legal if m["player"] == me]
        if mine:
            m = mine[0]
            fields = {"player": me}
            if m["kind"] in ("play", "take", "swap", "place") and m["cards"]:
                fields["cards"] = m["cards"]
            if m["kind"] == "joker":
                fields["target"] = m["target"]
            if m["kind"] == "flip":
                fields["index"] = m["index"]
            request(t, m["kind"], **fields)
        elif not t.info["step_off"]:
            request(t, "step")
        else:
            time.sleep(0.05)  # a bot's timer is running
    t._cancel_timer()


# ------------------------------------------------------------------ Python: seats and Step
def test_a_table_seen_by_one_seat_seats_the_computer_at_the_other_seats():
    t = Table(dealt(), view=0)
    assert sorted(t.bots) == [1, 2, 3]
    assert [bool(s.get("bot")) for s in t.info["seats"]] == [False, True, True, True]
    request(t, "ready", player=0)
    finish(t)
    assert t.game.phase == "over"  # Ada's chair plays to the end of the round
    assert t.message == "" or t.tone == "info"


def test_a_table_seen_by_one_seat_without_bots_says_why_step_is_off():
    t = Table(dealt(), view=0, bots=None)
    assert t.bots == {}
    assert t.info["step_off"].startswith("Get your cards ready and press Ready")
    request(t, "ready", player=0)
    assert t.info["step_off"].startswith("No bot has anything left to do")
    before = t.game.to_dict()
    request(t, "step")  # still refused in words, and nothing changes
    assert t.game.to_dict() == before and t.message == t.info["step_off"]


def test_step_is_offered_only_where_a_bot_has_a_move():
    t = Table(dealt(), view=0)
    t._cancel_timer()
    g = t.game
    assert t.info["step_off"] == ""  # the bots have their setup to do: Step hurries them
    for _ in range(60):  # the bots swap, then say ready
        if t.info["step_off"]:
            break
        request(t, "step")
    assert {m.player for m in g.history if m.kind == "ready"} == {1, 2, 3}
    assert g.phase == "setup" and t.info["step_off"].startswith("Get your cards ready")
    request(t, "ready", player=0)
    assert g.phase == "play"
    if g.turn == 0:
        assert t.info["step_off"].startswith("It is your turn")
    else:
        assert t.info["step_off"] == ""
        request(t, "step")
        assert g.history[-1].player != 0
    t._cancel_timer()


def test_bots_may_be_named_or_left_out():
    t = Table(dealt(), view=2, bots="random")
    assert sorted(t.bots) == [0, 1, 3] and all(type(b).__name__ == "RandomBot" for b in t.bots.values())
    t._cancel_timer()
    t = Table(dealt(), bots={1: "greedy"})
    assert sorted(t.bots) == [1]
    t._cancel_timer()
    assert Table(dealt()).bots == {}  # an open table: every seat is the person's at the table
    with pytest.raises(ValueError, match="view=<seat>"):
        Table(dealt(), bots="greedy")


def test_the_automatic_bots_follow_the_view():
    t = Table(dealt(), view=0)
    t.view = 2
    assert sorted(t.bots) == [0, 1, 3]
    t.view = "table"
    assert t.bots == {}
    t._cancel_timer()


def test_a_lesson_referee_takes_back_the_automatic_bots():
    t = Table(dealt(), view=0)
    t.referee = lambda text: None
    assert t.bots == {} and not any(s.get("bot") for s in t.info["seats"])


def test_a_greyed_out_undo_says_why():
    t = Table(dealt())
    assert t.info["undo_off"] == "No move has been made yet."
    request(t, "ready", player=1)
    assert t.info["undo_off"] == ""
    seat = Table(dealt(), view=0, bots=None)
    request(seat, "ready", player=0)
    assert seat.info["undo_off"] == ""
    seen = Table(dealt(), view=0, bots={1: "greedy"})
    seen._cancel_timer()
    request(seen, "step")  # Ben's bot says ready; Ada has made no move yet
    assert seen.game.history and seen.info["undo_off"].startswith("You have made no move here yet")


def test_a_penalty_card_can_be_taken_back_with_undo():
    g = sk.new_game("schwechat", players=3, seed=2, penalties=True, names=NAMES[:3])
    while g.phase == "setup":
        g.play(g.legal_moves()[0])
    t = Table(sk.Game.from_dict(g.to_dict()))  # a position with no move behind it
    assert t.info["undo_off"] == "No move has been made yet."
    other = (t.game.turn + 1) % 3
    card = str(t.game.players[other].hand[0])
    gamble = len(t.game.players[other].gamble)
    for _ in range(2):  # out of turn twice: a warning, then a penalty card
        request(t, "play", player=other, cards=[card])
    assert len(t.game.players[other].gamble) == gamble + 1 and not t.game.history
    assert t.info["undo_off"] == ""  # Undo can take the penalty card back, so it is not greyed out
    request(t, "undo")
    assert len(t.game.players[other].gamble) == gamble


# ------------------------------------------------------------------ words of the log and the hint
def eights(hand):
    return sk.Game.from_dict(
        {
            "variant": "bitenight",
            "names": NAMES,
            "players": [
                {"hand": hand, "bank": [], "gamble": []},
                {"hand": ["4H", "QD"], "bank": [], "gamble": []},
                {"hand": ["6H", "6D"], "bank": [], "gamble": []},
                {"hand": ["9D", "9S"], "bank": [], "gamble": []},
            ],
            "draw": [],
            "stack": ["5D"],
            "turn": 0,
        }
    )


def test_one_eight_skips_one_player_in_the_singular():
    g = eights(["8C", "KD"])
    g.play("P0 8C")
    assert "The 8 skips Ben." in [e.words for e in g.log]
    g = eights(["8C", "8H", "KD"])
    g.play("P0 8C 8H")
    assert "The 8s skip Ben and Cleo." in [e.words for e in g.log]


def test_gamble_columns_are_counted_from_one_in_the_log():
    g = sk.new_game("schwechat", players=3, seed=4, names=NAMES[:3])
    place = next(m for m in g.legal_moves() if m.kind == "place" and m.index == 0)
    g.play(place)
    assert g.log[-1].words.endswith("face up on gamble column 1.")


def test_hint_rows_say_what_their_order_means_and_mark_too_few_games():
    few = {"visits": FEW_GAMES - 1, "win": 1.0, "points": 21.4}
    enough = {"visits": 89, "win": 0.8, "points": 17.5}
    assert figures_in_words(few, False) == f"tried in only {FEW_GAMES - 1} games: too few to judge"
    assert figures_in_words(enough, False) == "tried in 89 games: not the Schei\u00dfkopf in 80 % of them"
    assert "points" not in figures_in_words(enough, False)
    trick = figures_in_words({"visits": 240, "win": 0.71, "points": -1.25}, True)
    assert trick == "tried in 240 games: loses no money in 71 % of them, and loses 1.25 stakes a hand on average"
    g = dealt("palace", seed=4)
    for s in range(4):
        g.play(f"P{s} ready")
    from scheissekopf.hint import hint

    h = hint(g, g.turn, iterations=120, seed=1)
    assert [r["visits"] for r in h] == sorted((r["visits"] for r in h), reverse=True)[:1] + [r["visits"] for r in h][1:]
    assert all("P0" not in line and "P1" not in line for line in h.lines())


# ------------------------------------------------------------------ the front end
def wide(page):
    """The page as a learner's notebook at 1024 px."""
    page.set_viewport_size({"width": 1024, "height": 900})
    page.evaluate("document.body.style.width = '1000px'")
    return page


def test_a_refused_play_clears_the_selection(table):
    page = table(traits())
    page.locator('.sk-card[data-card="5H"]').click()
    page.get_by_role("button", name="Play 5\u2665").click()
    assert sent(page) == [{"action": "play", "player": 0, "cards": ["5H"], "version": 7}]
    page.evaluate("window.model.update({message: 'Player 0 can\\u2019t play 5\\u2665 on an 8.'})")
    assert page.locator(".sk-card.sk-selected").count() == 0  # the next click starts afresh
    page.locator('.sk-card[data-card="9C"]').click()
    page.get_by_role("button", name="Play 9\u2663").click()  # not "Play 5♥ 9♣"
    assert sent(page)[-1]["cards"] == ["9C"]


def test_a_card_that_cannot_go_on_the_stack_says_why(table):
    page = table(traits())
    page.locator('.sk-card[data-card="5H"]').click()
    why = page.locator(".sk-message").inner_text()
    assert "5\u2665 cannot go on the stack now (the card to beat is 8\u2660)" in why
    ARTIFACTS.mkdir(exist_ok=True)
    wide(page).locator(".sk-table").screenshot(path=ARTIFACTS / "play-table-cannot-go.png")
    page.locator('.sk-card[data-card="9C"]').click()  # a card that goes: the word goes too
    assert page.locator(".sk-message").count() == 0


def test_a_selected_card_does_not_join_a_play_it_cannot_be_part_of(table):
    page = table(traits())
    page.locator('.sk-card[data-card="9C"]').click()
    page.locator('.sk-card[data-card="KD"]').click()  # no play holds both: KD is picked alone
    assert page.locator(".sk-card.sk-selected").count() == 1
    assert page.get_by_role("button", name="Play K\u2666").count() == 1


def test_one_message_area_the_newest_wins(table):
    page = table(traits(message="Player 0 can\u2019t play 5\u2665 on an 8."))
    assert page.locator(".sk-message").count() == 1
    page.locator('.sk-seat[data-seat="1"] .sk-card[data-zone="bank"]').first.click()  # a click that can do nothing
    assert page.locator(".sk-message").count() == 1  # the old refusal gives way
    assert "can\u2019t play" not in page.locator(".sk-message").inner_text()


def test_an_information_message_goes_once_the_learner_moves_on(table):
    page = table(traits(message="Ben, the bot, plays a K.", tone="info"))
    assert page.locator(".sk-message.sk-info").count() == 1
    page.locator('.sk-card[data-card="9C"]').click()
    assert page.locator(".sk-message").count() == 0


def test_a_jump_in_has_one_control_that_plays_what_it_says(table):
    position = copy.deepcopy(POSITION)
    position["stack"] = ["6S", "6C"]
    position["players"][2]["hand"] = ["6H", "6D", "7S"]
    legal = [move("P0 9C", cards=["9C"]), move("P2 6H 6D", cards=["6H", "6D"]), move("P2 6H", cards=["6H"])]
    page = table(traits(position, legal=legal))
    assert page.get_by_role("button", name="Jump in!").count() == 0  # nothing picked: no play offered
    page.locator('.sk-seat[data-seat="2"]').get_by_role("button", name="can jump in").click()
    assert page.get_by_role("button", name="Jump in!").count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    wide(page).locator(".sk-table").screenshot(path=ARTIFACTS / "play-table-jump-in.png")
    page.get_by_role("button", name="Jump in! 6\u2665 6\u2666").click()
    assert sent(page) == [{"action": "play", "player": 2, "cards": ["6H", "6D"], "version": 7}]


def test_a_finished_round_has_no_card_to_beat(table):
    position = copy.deepcopy(POSITION)
    position["phase"] = "over"
    page = table(traits(position, legal=[]))
    label = page.locator(".sk-stack-label").inner_text().lower()
    assert "to beat" not in label and "the round is over" in label
    ARTIFACTS.mkdir(exist_ok=True)
    wide(page).locator(".sk-felt").screenshot(path=ARTIFACTS / "play-table-over.png")
    assert "to beat" not in page.locator(".sk-stack").inner_text().lower()
    assert page.locator(".sk-stack .sk-top").count() == 0  # no card is marked as the one to beat


def test_step_and_undo_greyed_out_always_say_why(table):
    t = Table(dealt(), view=0, bots=None)
    request(t, "ready", player=0)
    values = {
        "state": t.state,
        "info": t.info,
        "legal": t.legal,
        "log": t.log,
        "message": "",
        "version": 7,
        "interactive": True,
    }
    page = wide(table(values))
    step = page.get_by_role("button", name="Step \u25b6")
    assert step.is_disabled() and step.get_attribute("title").startswith("Step is off. No bot has anything left")
    undo = page.get_by_role("button", name="\u21b6 Undo")
    assert undo.is_enabled()
    line = page.locator(".sk-off").inner_text()
    assert line.startswith("Step is off. No bot has anything left to do in the setup.")


def test_a_seat_view_says_who_the_computer_plays(table):
    t = Table(dealt(), view=0)
    t._cancel_timer()
    values = {"state": t.state, "info": t.info, "legal": t.legal, "log": t.log, "message": "", "version": 7}
    page = wide(table({**values, "interactive": True}))
    assert page.locator(".sk-botnote").inner_text() == "Ben, Cleo and Dev are played by the computer."
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "play-table-seat-bots.png")


def test_the_gamble_prompt_names_the_bank_card_too(table):
    position = copy.deepcopy(POSITION)
    position["variant"] = "schwechat"
    position["players"][0].update(hand=[], bank=["KH", None, None], gamble=["7C", "2S", "9H"])
    position["draw"] = []
    legal = [move("P0 KH", cards=["KH"])] + [move(f"P0 flip {i}", kind="flip", index=i) for i in (1, 2)]
    page = table(traits(position, view=0, legal=legal))
    assert page.locator(".sk-hint").inner_text() == "Player 0: play a bank card, or turn one of your gamble cards."


def test_the_hint_says_what_its_order_means_and_marks_too_few_games(table):
    page = wide(table(traits()))
    page.get_by_role("button", name="Hint").click()
    rows = [
        {"text": "P0 KD", "kind": "play", "cards": ["KD"], "index": None, "win": 0.8, "points": 17.5, "visits": 89},
        {"text": "P0 9C", "kind": "play", "cards": ["9C"], "index": None, "win": 1.0, "points": 21.4, "visits": 7},
    ]
    hints = {"seat": 0, "playouts": 96, "seconds": 0.4, "version": 7, "rows": rows, "measure": "scheisskopf"}
    page.evaluate("(h) => window.model.update({hints: h})", hints)
    about = page.locator(".sk-hint-about").inner_text()
    assert "The move it tried most comes first" in about and "Best move first" not in about
    figs = page.locator(".sk-hint-figs")
    assert figs.nth(0).inner_text() == "tried in 89 games: not the Schei\u00dfkopf in 80 % of them"
    assert figs.nth(1).inner_text() == "tried in only 7 games: too few to judge"
    assert "sk-hint-few" in page.locator(".sk-hint-row").nth(1).get_attribute("class")
    assert "points" not in page.locator(".sk-hints").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "play-table-hint.png")


def test_gamble_columns_are_counted_from_one_in_move_words():
    g = sk.new_game("schwechat", players=3, seed=4, names=NAMES[:3])
    place = next(m for m in g.legal_moves() if m.kind == "place" and m.index == 0)
    words = sk.words.Writer(g.names, people=True).move(place)
    assert words.endswith("on gamble column 1") and "column 0" not in words


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat"])
def test_a_refusal_on_an_ace_says_another_ace(variant):
    g = sk.Game.from_dict(
        {
            "variant": variant,
            "names": ["Ada", "Ben"],
            "players": [{"hand": ["5C", "KD"], "bank": [], "gamble": []}, {"hand": ["4H"], "bank": [], "gamble": []}],
            "draw": [],
            "stack": ["AH"],
            "turn": 0,
        }
    )
    with pytest.raises(sk.IllegalMove) as refused:
        g.play("P0 5C")
    assert "play another ace, or a" in refused.value.words and "play A or higher" not in refused.value.words


def test_a_walkthrough_seen_by_one_seat_seats_no_bot():
    g = dealt()
    scene = Table.scene([(g, "the deal"), (g, ["P0 ready"], "Ada is ready")], view=0, interactive=True)
    assert scene.bots == {}
    scene.next()
    assert scene.bots == {} and scene.game.history[-1].player == 0


# ------------------------------------------------------------------ JupyterLab: notebook 01's table
def test_in_jupyterlab_the_table_at_adas_chair_keeps_coming_back_to_ada(lab, browser):
    """Notebook 01's table "at Ada's chair", run in JupyterLab and played by clicks only: Ready,
    then whenever Ada is to move a legal card and its button (or Take the stack), while the
    computer plays Ben, Cleo and Dev. The turn keeps coming back to Ada (the round is played to
    its end through the same requests in test_a_table_seen_by_one_seat_seats_the_computer_at_the_other_seats)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    base, token, _root = lab
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    page.set_default_timeout(60_000)
    page.goto(f"{base}/lab/tree/01-setup.ipynb?token={token}")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    cell = page.locator(".jp-Notebook .jp-CodeCell", has_text="sk.Table(g.clone(), view=0)")
    table = cell.locator(".sk-table")
    expect(table.locator(".sk-felt")).to_be_visible(timeout=120_000)
    table.scroll_into_view_if_needed()
    expect(table.locator(".sk-botnote")).to_have_text("Ben, Cleo and Dev are played by the computer.")
    ada = table.locator('.sk-seat[data-seat="0"]')
    ada.get_by_role("button", name="Ready").click()
    expect(table.locator(".sk-status")).not_to_contain_text("Setup", timeout=30_000)  # the computer got ready too
    moves, end = 0, time.monotonic() + 120
    while moves < 12 and time.monotonic() < end and "Round over" not in table.locator(".sk-status").inner_text():
        primary = table.locator(".sk-actions .sk-primary")
        legal = ada.locator(".sk-card.sk-legal.sk-click")
        take = table.get_by_role("button", name="Take the stack")
        try:
            if primary.count():  # a joker's target, or the button of the card just picked
                primary.first.click(timeout=2000)
                moves += 1
            elif legal.count():
                legal.first.click(timeout=2000)
            elif take.count():
                take.click(timeout=2000)
                moves += 1
            else:
                page.wait_for_timeout(300)
        except Exception:  # the table was redrawn under the click (the computer moved): look again
            page.wait_for_timeout(200)
        message = table.locator(".sk-message:not(.sk-info)")
        assert "inside the program" not in (message.inner_text() if message.count() else "")
    ARTIFACTS.mkdir(exist_ok=True)
    table.screenshot(path=ARTIFACTS / "lab-01-adas-chair.png")
    assert moves >= 12 or "Round over" in table.locator(".sk-status").inner_text(), f"Ada made {moves} moves"
    log = table.locator(".sk-log-list li")
    assert log.count() > 2 * moves  # the computer answered each of Ada's moves
    page.close()


def test_a_hint_row_shows_no_engine_text_even_on_hover(table):
    position = copy.deepcopy(POSITION)
    position["players"][0].update(hand=[], bank=[])
    position["draw"] = []
    legal = [move(f"P0 flip {i}", kind="flip", index=i) for i in range(3)]
    page = table(traits(position, view=0, legal=legal))
    page.get_by_role("button", name="Hint").click()
    row = {"text": "P0 flip 2", "kind": "flip", "cards": [], "index": 2, "win": 0.5, "points": None, "visits": 40}
    hints = {"seat": 0, "playouts": 40, "seconds": 0.1, "version": 7, "rows": [row], "measure": "scheisskopf"}
    page.evaluate("(h) => window.model.update({hints: h})", hints)
    shown = page.locator(".sk-hint-row").first
    assert shown.locator(".sk-hint-move").inner_text() == "turn gamble card 3"  # the third, counted from 1
    titles = shown.evaluate("(el) => [el, ...el.querySelectorAll('*')].map((e) => e.title || '').join(' ')")
    assert "flip" not in titles and "P0" not in titles


def test_undo_is_off_with_its_reason_where_a_copied_game_has_no_move_to_take_back():
    g = dealt()
    g.play("P0 ready")
    for view in ("table", 0):
        t = Table(g.clone(), view=view, bots=None)  # a copy keeps the moves, not what undoes them
        assert t.info["undo_off"].startswith("This position was copied with its moves already made")
        before = t.game.to_dict()
        request(t, "undo")
        assert t.game.to_dict() == before and t.message
