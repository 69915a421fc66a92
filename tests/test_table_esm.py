"""The table's front end on its own: widgets/table.js in a blank Chromium page with a fake model.

No Jupyter server: the ES module is served from memory through Playwright's request routing, a
small stand-in for the anywidget model records what the front end sends, and the position comes
from ``render.describe`` (the same description the Python widget syncs).
"""

from __future__ import annotations

import copy
import os
import re

import pytest
from helpers import ARTIFACTS, CHROMIUM, POSITION, move, schafkopf_mid_hand, sent, traits, trick_traits

import scheissekopf as sk
from scheissekopf.table import _move_data

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="Debian's chromium (/usr/bin/chromium) is not installed"
)


def test_draws_every_seat_the_stack_and_the_counts(table):
    page = table(traits())
    assert page.locator(".sk-seat").count() == 4
    # seat 0's hand, face up, with ranks and suit symbols in the suit's colour
    hand0 = page.locator('.sk-seat[data-seat="0"] .sk-card[data-zone="hand"]')
    assert hand0.count() == 3
    assert hand0.nth(0).inner_text().split() == ["5", "\u2665", "\u2665"]
    assert "sk-red" in hand0.nth(0).get_attribute("class")
    assert "sk-black" in hand0.nth(1).get_attribute("class")
    # jokers are marked as such
    joker = page.locator('.sk-seat[data-seat="1"] .sk-card[data-card="JK"]')
    assert "sk-joker" in joker.get_attribute("class")
    # gamble cards are face-down backs
    gamble = page.locator('.sk-card[data-zone="gamble"]')
    assert gamble.count() == 12
    assert all("sk-back" in gamble.nth(i).get_attribute("class") for i in range(12))
    # the stack: the 8 is the effective top, the 3 above it is drawn as invisible
    stack = page.locator(".sk-stack .sk-card")
    assert stack.count() == 3
    assert "sk-top" in stack.nth(1).get_attribute("class")
    assert "sk-ghost" in stack.nth(2).get_attribute("class")
    assert "invisible" in stack.nth(2).text_content()
    assert "to beat: 8\u2660" in page.locator(".sk-stack-label").inner_text()
    assert page.locator(".sk-draw .sk-count").inner_text() == "2"
    assert page.locator(".sk-discard .sk-count").inner_text() == "2"
    assert page.locator(".sk-status").inner_text() == "Player 0 to move"  # a seat without a name
    assert page.locator('.sk-seat[data-seat="0"]').get_attribute("class").count("sk-actor") == 1
    assert "P3 plays a 3" in page.locator(".sk-log").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "esm-table.png")


def test_the_log_opens_on_its_newest_line(table):
    log = [f"event number {i}" for i in range(1, 41)]
    page = table(traits(log=log))
    scroller = page.locator(".sk-log-scroll").bounding_box()
    newest = page.locator(".sk-log-list li").last
    oldest = page.locator(".sk-log-list li").first
    assert newest.inner_text() == "event number 40"
    box = newest.bounding_box()
    assert scroller["y"] <= box["y"] and box["y"] + box["height"] <= scroller["y"] + scroller["height"] + 1
    assert oldest.bounding_box()["y"] < scroller["y"]  # scrolled out of view at the top


def test_legal_cards_are_highlighted(table):
    page = table(traits())
    legal = page.locator('.sk-seat[data-seat="0"] .sk-card.sk-legal')
    assert [legal.nth(i).get_attribute("data-card") for i in range(legal.count())] == ["9C", "KD"]
    # the refused card can still be chosen (the engine explains why it does not fit)
    assert "sk-click" in page.locator('.sk-card[data-card="5H"]').get_attribute("class")
    # another player's cards cannot be picked when they have nothing to do
    assert "sk-click" not in page.locator('.sk-card[data-card="QD"]').get_attribute("class")


def test_click_card_then_play_sends_the_request(table):
    page = table(traits())
    page.locator('.sk-card[data-card="9C"]').click()
    assert "sk-selected" in page.locator('.sk-card[data-card="9C"]').get_attribute("class")
    page.get_by_role("button", name="Play 9\u2663").click()
    assert sent(page) == [{"action": "play", "player": 0, "cards": ["9C"], "version": 7}]


def test_illegal_card_is_sent_too_and_the_refusal_is_shown(table):
    page = table(traits())
    page.locator('.sk-card[data-card="5H"]').click()
    page.get_by_role("button", name="Play 5\u2665").click()
    assert sent(page) == [{"action": "play", "player": 0, "cards": ["5H"], "version": 7}]
    page.evaluate("window.model.update({message: 'an 8 is on the stack: play 8 or higher'})")
    assert page.locator(".sk-message").inner_text().endswith("an 8 is on the stack: play 8 or higher")


def test_a_new_version_clears_the_selection(table):
    page = table(traits())
    page.locator('.sk-card[data-card="KD"]').click()
    assert page.locator(".sk-card.sk-selected").count() == 1
    page.evaluate("window.model.update({version: 8})")
    assert page.locator(".sk-card.sk-selected").count() == 0


def test_take_step_and_undo_buttons(table):
    legal = [move("P0 take", kind="take")]
    page = table(traits(legal=legal))
    page.get_by_role("button", name="Take the stack").click()
    page.get_by_role("button", name="Step \u25b6").click()
    assert sent(page) == [{"action": "take", "player": 0, "version": 7}, {"action": "step", "version": 7}]
    # nothing to undo in this position
    assert page.get_by_role("button", name="\u21b6 Undo").is_disabled()


def test_joker_asks_for_a_target(table):
    position = copy.deepcopy(POSITION)
    position["turn"] = 1
    legal = [move("P1 4H", cards=["4H"]), move("P1 10S", cards=["10S"])] + [
        move(f"P1 JK to P{t}", kind="joker", cards=["JK"], target=t) for t in range(4)
    ]
    page = table(traits(position, legal=legal))
    page.locator('.sk-card[data-card="JK"]').click()
    page.get_by_role("button", name="Show the joker to Player 3").click()
    assert sent(page) == [{"action": "joker", "player": 1, "target": 3, "version": 7}]


def test_jump_in_button_for_another_player(table):
    position = copy.deepcopy(POSITION)
    position["stack"] = ["6S", "6C"]
    legal = [move("P0 9C", cards=["9C"]), move("P2 6H 6D", cards=["6H", "6D"])]
    page = table(traits(position, legal=legal))
    # the seat's marker picks the cards; the action bar's one Jump in! button plays them
    page.locator('.sk-seat[data-seat="2"]').get_by_role("button", name="can jump in").click()
    page.get_by_role("button", name="Jump in! 6\u2665 6\u2666").click()
    assert sent(page) == [{"action": "play", "player": 2, "cards": ["6H", "6D"], "version": 7}]


def test_gamble_card_is_turned_by_slot(table):
    position = copy.deepcopy(POSITION)
    position["players"][0].update(hand=[], bank=[])
    position["draw"] = []
    legal = [move(f"P0 flip {i}", kind="flip", index=i) for i in range(3)]
    page = table(traits(position, view=0, legal=legal))
    backs = page.locator('.sk-seat[data-seat="0"] .sk-card[data-zone="gamble"]')
    assert all("sk-legal" in backs.nth(i).get_attribute("class") for i in range(3))
    backs.nth(2).click()
    page.get_by_role("button", name="Turn it over").click()
    assert sent(page) == [{"action": "flip", "player": 0, "index": 2, "version": 7}]


def test_setup_swap_and_ready(table):
    position = copy.deepcopy(POSITION)
    position["phase"] = "setup"
    legal = [
        move(f"P{p} swap {h} {b}", kind="swap", cards=[h, b])
        for p in range(4)
        for h in position["players"][p]["hand"]
        for b in position["players"][p]["bank"]
    ] + [move(f"P{p} ready", kind="ready") for p in range(4)]
    page = table(traits(position, legal=legal))
    page.locator('.sk-card[data-card="9C"]').click()
    page.locator('.sk-card[data-card="5H"]').click()  # replaces 9C: one hand card at a time
    page.locator('.sk-card[data-card="AH"]').click()
    page.get_by_role("button", name="Swap 5\u2665 \u21c4 A\u2665").click()
    page.locator('.sk-seat[data-seat="3"]').get_by_role("button", name="Ready").click()
    assert sent(page) == [
        {"action": "swap", "player": 0, "cards": ["5H", "AH"], "version": 7},
        {"action": "ready", "player": 3, "version": 7},
    ]


def test_seat_view_shows_backs_and_only_its_own_controls(table):
    legal = [move("P1 4H", cards=["4H"])]
    page = table(traits(view=1, legal=legal))
    # the synced state holds no card text for other hands; they are drawn as backs
    other = page.locator('.sk-seat[data-seat="0"] .sk-card[data-zone="hand"]')
    assert other.count() == 3
    assert all("sk-back" in other.nth(i).get_attribute("class") for i in range(3))
    assert "5H" not in page.locator(".sk-table").inner_html()
    assert "seen by Player 1" in page.locator(".sk-viewtag").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "esm-seat-view.png")
    # P0 is to move, but this viewer sits at P1
    assert "Waiting for Player 0" in page.locator(".sk-hint").inner_text()


def engine_traits(position, view=None):
    """Traits for a position with the engine's own legal moves."""
    game = sk.Game.from_dict(position)
    moves = [m for m in game.legal_moves() if view is None or m.player == view]
    return traits(position, view=view, legal=[_move_data(m) for m in moves])


def test_schwechat_column_can_be_turned_while_other_columns_hold_bank_cards(table):
    position = {
        "variant": "schwechat",
        "players": [
            {"hand": [], "bank": [None, "KD", "5S"], "gamble": ["9H", "4C", "QS"]},
            {"hand": ["6S"], "bank": [None, None, None], "gamble": [None, "2D", None]},
        ],
        "stack": ["8S", "9S"],
        "turn": 0,
    }
    page = table(engine_traits(position, view=0))
    backs = page.locator('.sk-seat[data-seat="0"] .sk-card[data-zone="gamble"]')
    assert ["sk-legal" in backs.nth(i).get_attribute("class") for i in range(3)] == [True, False, False]
    assert "sk-legal" in page.locator('.sk-card[data-card="KD"]').get_attribute("class")
    assert "sk-legal" not in page.locator('.sk-card[data-card="5S"]').get_attribute("class")
    backs.nth(1).click(position={"x": 16, "y": 6})  # the strip its bank card leaves free
    assert page.locator(".sk-card.sk-selected").count() == 0
    backs.nth(0).click()
    page.get_by_role("button", name="Turn it over").click()
    assert sent(page) == [{"action": "flip", "player": 0, "index": 0, "version": 7}]


def test_palace_bank_card_is_laid_and_the_stack_taken(table):
    position = {
        "variant": "palace",
        "players": [
            {"hand": [], "bank": ["4D", "5S"], "gamble": ["9H"]},
            {"hand": ["6S"], "bank": [], "gamble": ["2D"]},
        ],
        "stack": ["KS"],
        "turn": 0,
    }
    page = table(engine_traits(position))
    assert "no bank card fits" in page.locator(".sk-hint").inner_text()
    page.locator('.sk-card[data-card="5S"]').click()
    page.get_by_role("button", name="Lay 5\u2660 and take the stack").click()
    assert sent(page) == [{"action": "take", "player": 0, "cards": ["5S"], "version": 7}]


def test_schwechat_setup_places_a_hand_card_on_a_column(table):
    game = sk.new_game("schwechat", players=2, seed=1)
    values = traits(game.view(1).to_dict(), view=1, legal=[_move_data(m) for m in game.legal_moves() if m.player == 1])
    page = table(values)
    card = game.players[1].hand[0]
    page.locator(f'.sk-seat[data-seat="1"] .sk-card[data-card="{card}"]').click()
    page.get_by_role("button", name="Place on column 1").click()
    assert sent(page) == [{"action": "place", "player": 1, "cards": [str(card)], "index": 0, "version": 7}]


def test_cards_can_be_picked_with_the_keyboard(table):
    page = table(traits())
    nine = page.locator('.sk-card[data-card="9C"]')
    assert nine.get_attribute("role") == "button" and nine.get_attribute("aria-pressed") == "false"
    nine.focus()
    page.keyboard.press("Enter")
    nine = page.locator('.sk-card[data-card="9C"]')  # redrawn, focus kept
    assert nine.get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.dataset.card") == "9C"
    page.keyboard.press(" ")
    assert page.locator(".sk-card.sk-selected").count() == 0
    assert page.locator('.sk-card[data-card="QD"]').get_attribute("role") is None


def test_scene_navigation_buttons(table):
    page = table(
        traits(caption="A 3 is invisible: play on what lies under it.", scene_step=0, scene_steps=3, interactive=False)
    )
    assert "invisible" in page.locator(".sk-caption").inner_text()
    assert page.get_by_role("button", name="\u2190 Back").is_disabled()
    assert page.locator(".sk-actions").count() == 0
    page.get_by_role("button", name="Next \u2192").click()
    assert sent(page) == [{"action": "next", "version": 7}]


def test_pure_helpers(table):
    page = table(traits())
    result = page.evaluate("""() => [
        window.lib.cardParts("10H"), window.lib.cardParts("JK"), window.lib.rankOf("10S"),
        window.lib.activeZone({hand: [], bank: [null, "KD"], gamble: ["??"]}),
        window.lib.activeZone({hand: [], bank: [null], gamble: [null, "??"]})]""")
    assert result == [
        {"rank": "10", "suit": "\u2665", "colour": "red"},
        {"rank": "JK", "suit": "\u2605", "colour": "joker"},
        "10",
        "bank",
        "gamble",
    ]


def test_hint_button_and_ranked_list(table):
    page = table(traits())
    page.get_by_role("button", name="Hint").click()
    assert sent(page) == [{"action": "hint", "player": 0, "version": 7}]
    assert page.get_by_role("button", name="Thinking\u2026").is_disabled()  # while the kernel searches
    hints = {
        "seat": 0,
        "playouts": 200,
        "seconds": 0.4,
        "version": 7,
        "rows": [
            {
                "text": "P0 KD",
                "kind": "play",
                "cards": ["KD"],
                "index": None,
                "win": 0.62,
                "points": 14.25,
                "visits": 130,
            },
            {"text": "P0 9C", "kind": "play", "cards": ["9C"], "index": None, "win": 0.41, "points": 9.5, "visits": 70},
        ],
    }
    page.evaluate("(h) => window.model.update({hints: h})", hints)
    rows = page.locator(".sk-hint-row")
    assert rows.count() == 2
    # the figures in words: what the search did, and what each move's figures mean
    assert page.locator(".sk-hints .sk-log-title").text_content() == "Hint for Player 0"
    about = page.locator(".sk-hints .sk-hint-about").text_content()
    assert about.startswith("The computer played 200 practice games from Player 0's seat") and "playouts" not in about
    assert "The move it tried most comes first" in about
    assert rows.nth(0).locator(".sk-hint-move").inner_text() == "K\u2666"
    assert rows.nth(0).locator(".sk-hint-move").get_attribute("title") is None  # no engine notation, even on hover
    assert rows.nth(0).get_attribute("data-text") == "P0 KD"
    figures = rows.nth(0).locator(".sk-hint-figs").inner_text()
    assert figures == "tried in 130 games: not the Schei\u00dfkopf in 62 % of them"  # no points before they are taught
    assert "visits" not in rows.nth(0).inner_text() and "pts" not in rows.nth(0).inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "esm-hint.png")
    rows.nth(1).click()  # a row selects its cards
    assert "sk-selected" in page.locator('.sk-card[data-card="9C"]').get_attribute("class")
    page.get_by_role("button", name="Play 9\u2663").click()
    assert sent(page)[-1] == {"action": "play", "player": 0, "cards": ["9C"], "version": 7}
    page.evaluate("window.model.update({version: 8})")  # a new position: the old hint goes
    assert page.locator(".sk-hints").count() == 0
    assert page.get_by_role("button", name="Hint").is_enabled()


def test_a_hint_row_with_nothing_to_pick_is_not_a_click(table):
    """While a turned joker waits for its target, the hint's rows ("Show the joker to ...") have
    no card in the hand to pick (the joker lies on the stack): they are not drawn as clicks that
    would select nothing and say nothing."""
    position = copy.deepcopy(POSITION)
    position["stack"] = ["JK", "9D", "8S"]
    legal = [move(f"P0 JK to P{t}", kind="joker", cards=["JK"], target=t) for t in range(4)]
    page = table(traits(position, legal=legal))
    rows = [
        {
            "text": f"P0 JK to P{t}",
            "kind": "joker",
            "cards": ["JK"],
            "index": None,
            "target": t,
            "win": 0.5,
            "points": 0,
            "visits": 60,
            "words": f"Show the joker to Player {t}",
        }
        for t in range(4)
    ]
    page.evaluate("(h) => window.model.update({hints: h})", {"seat": 0, "playouts": 240, "version": 7, "rows": rows})
    assert page.locator(".sk-hint-row").count() == 4
    assert page.locator(".sk-hint-row.sk-click").count() == 0
    assert page.locator(".sk-hint-row").nth(0).get_attribute("title") is None


def test_hint_button_only_for_the_viewing_seat(table):
    page = table(traits(view=1, legal=[]))
    assert page.get_by_role("button", name="Hint").count() == 0  # P0 is to move, not P1
    position = copy.deepcopy(POSITION)
    position["turn"] = 1
    page = table(traits(position, view=1, legal=[move("P1 4H", cards=["4H"])]))
    page.get_by_role("button", name="Hint").click()
    assert sent(page) == [{"action": "hint", "player": 1, "version": 7}]


# ------------------------------------------------------------------ trick-taking games
def test_a_trick_table_draws_hands_the_trick_and_the_game(table):
    g = schafkopf_mid_hand()
    page = table(trick_traits(g))
    assert page.locator(".sk-seat").count() == 4
    # German cards: rank letter and a suit mark in the suit's colour
    ober = page.locator('.sk-seat[data-seat="0"] .sk-card[data-card="EO"]')
    assert ober.inner_text().split() == ["O", "\u2663", "\u2663"]
    assert "sk-eichel" in ober.get_attribute("class") and "sk-trump" in ober.get_attribute("class")
    assert "sk-gras" in page.locator('.sk-card[data-card="GA"]').get_attribute("class")
    assert "sk-trump" not in page.locator('.sk-card[data-card="GA"]').get_attribute("class")
    assert "sk-schellen" in page.locator('.sk-card[data-card="SK"]').get_attribute("class")
    # the trick being played, with who played what
    plays = page.locator(".sk-trick-area .sk-play")
    assert [plays.nth(i).locator(".sk-play-who").inner_text() for i in range(plays.count())] == ["Player 2", "Player 3"]
    assert page.locator('.sk-trick-area .sk-card[data-card="E7"]').count() == 1
    assert "last trick" in page.locator(".sk-last").inner_text()
    head = page.locator(".sk-head").inner_text()
    assert "Player 1 plays a normal game calling Gras-Ass" in head and "Player 0 to play" in head
    assert "declarer" in page.locator('.sk-seat[data-seat="1"]').inner_text()
    assert "tricks 1" in page.locator(f'.sk-seat[data-seat="{g.tricks[0].winner}"] .sk-tally').inner_text()
    # the one legal card is highlighted; a click plays it at once
    legal = page.locator(".sk-card.sk-legal")
    assert [legal.nth(i).get_attribute("data-card") for i in range(legal.count())] == ["E10"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "esm-schafkopf.png")
    page.locator('.sk-card[data-card="GA"]').click()  # not legal: sent, the engine says why
    page.locator('.sk-card[data-card="E10"]').click()
    assert sent(page) == [
        {"action": "card", "player": 0, "cards": ["GA"], "version": 7},
        {"action": "card", "player": 0, "cards": ["E10"], "version": 7},
    ]
    assert page.get_by_role("button", name="Hint").count() == 1  # trick tables hint too


def test_a_sheepshead_seat_view_buries_by_selection(table):
    g = sk.new_game("sheepshead", seed=1)
    g.play("P1 pick")
    page = table(trick_traits(g, view=1))
    assert page.locator('.sk-seat[data-seat="0"] .sk-card.sk-back').count() == 6
    assert "QC" not in page.locator(".sk-table").inner_html()  # P0's queen stays hidden
    button = page.get_by_role("button", name="Bury (pick 2 cards)")
    assert button.is_disabled()
    hand = [str(c) for c in g.players[1].hand]
    page.locator(f'.sk-seat[data-seat="1"] .sk-card[data-card="{hand[-1]}"]').click()
    page.locator(f'.sk-seat[data-seat="1"] .sk-card[data-card="{hand[-2]}"]').click(position={"x": 6, "y": 30})
    page.get_by_role("button", name=re.compile("^Bury ")).click()
    assert sent(page) == [{"action": "move", "player": 1, "text": f"P1 bury {hand[-1]} {hand[-2]}", "version": 7}]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "esm-sheepshead-bury.png")


def test_bidding_moves_are_buttons(table):
    g = sk.new_game("schafkopf", players=4, seed=7)
    page = table(trick_traits(g))
    assert "Auction" in page.locator(".sk-status").inner_text()
    page.get_by_role("button", name="Bid solo").click()
    page.get_by_role("button", name="Pass").click()
    assert sent(page) == [
        {"action": "move", "player": 1, "text": "P1 bid solo", "version": 7},
        {"action": "move", "player": 1, "text": "P1 pass", "version": 7},
    ]


def test_two_players_play_from_their_face_up_cards(table):
    g = sk.new_game("mehrkopf", players=2, seed=3)
    for text in ["P1 bid normal", "P1 trump E"]:
        g.play(text)
    page = table(trick_traits(g, view=1))
    up = page.locator('.sk-seat[data-seat="1"] .sk-card[data-zone="bank"]')
    down = page.locator('.sk-seat[data-seat="1"] .sk-card[data-zone="gamble"]')
    assert up.count() == 8 and down.count() == 8
    assert all("sk-back" in down.nth(i).get_attribute("class") for i in range(8))
    assert "Player 1 plays a normal game with Eichel as trump suit" in page.locator(".sk-contract").inner_text()
    page.locator('.sk-seat[data-seat="1"] .sk-card[data-card="EO"]').click()
    assert sent(page) == [{"action": "card", "player": 1, "cards": ["EO"], "version": 7}]


def test_five_player_cards_and_the_settlement(table):
    import random

    g = sk.new_game("mehrkopf", players=5, seed=4)
    rng = random.Random(4)
    while g.phase != "over":
        g.play(rng.choice(list(g.legal_moves())))
    page = table(trick_traits(g))
    inks = {"E": "sk-eichel", "G": "sk-gras", "H": "sk-herz", "S": "sk-schellen"}
    left = [str(c) for p in g.players for c in p.hand]
    assert len(left) >= 20
    for text in left:  # every card still in a hand: its rank letter, its suit's ink
        card = page.locator(f'.sk-seat .sk-card[data-card="{text}"]')
        assert inks[text[0]] in card.get_attribute("class")
        assert card.inner_text().split()[0] == text[1:]
    scores = g.scores()
    result = page.locator(".sk-result").inner_text()
    for seat, value in scores.items():
        assert f"Player {seat} {'+' if value >= 0 else ''}{value}" in result
    assert page.locator(".sk-actions .sk-btn.sk-primary").count() == 0  # nothing left to do
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "esm-mehrkopf-over.png")


def test_a_card_goes_in_the_hole_by_selection(table):
    g = sk.new_game("sheepshead", seed=3)
    for text in ["P1 pick", "P1 bury QD JC"]:
        g.play(text)
    page = table(trick_traits(g, view=1))
    button = page.get_by_role("button", name="Call A\u2665, a card in the hole")
    assert button.is_disabled()
    page.get_by_role("button", name="Alone").click()
    page.locator('.sk-seat[data-seat="1"] .sk-card[data-card="8C"]').click(position={"x": 6, "y": 30})
    page.get_by_role("button", name="Call A\u2665, 8\u2663 in the hole").click()
    assert sent(page) == [
        {"action": "move", "player": 1, "text": "P1 alone", "version": 7},
        {"action": "move", "player": 1, "text": "P1 under AH 8C", "version": 7},
    ]


# ------------------------------------------------------------------ names and card words, never codes

SEAT_CODE = re.compile(r"\bP\d\b")
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\b[EGHS](?:10|[OUAK9876])\b")


def what_a_learner_reads(page) -> str:
    """Every word the table shows, and every tooltip and label it puts on its cards and buttons."""
    root = page.locator(".sk-table")
    tips = root.evaluate(
        "(el) => [...el.querySelectorAll('[title], [aria-label]')]"
        ".map((x) => (x.getAttribute('title') || '') + ' ' + (x.getAttribute('aria-label') || ''))"
    )
    return root.inner_text() + "\n" + "\n".join(tips)


CAST = ["Ada", "Ben", "Cleo", "Dev"]


def named_traits(game, view=None):
    """The traits a Table syncs: the legal moves carry their words, as Table._sync sends them."""
    moves = [m for m in game.legal_moves() if view is None or m.player == view]
    return trick_traits(game, view, legal=[_move_data(m, game.names) for m in moves])


def test_seats_are_called_by_name_and_cards_by_their_words_never_by_codes(table):
    g = sk.new_game("bitenight", players=4, seed=3, names=CAST)
    for seat in range(4):
        g.play(f"P{seat} ready")
    page = table(named_traits(g, view=1))
    heads = page.locator(".sk-seat .sk-name").all_inner_texts()
    assert sorted(heads) == ["Ada", "Ben", "Cleo", "Dev"]  # the name alone: no "P1 Ben"
    assert page.locator(".sk-viewtag").inner_text() == "seen by Ben"
    # Ben's own hand: each card's tooltip is the card as drawn
    mine = page.locator('.sk-seat[data-seat="1"] .sk-card[data-zone="hand"]')
    assert mine.count() == len(g.players[1].hand)
    for i, card in enumerate(g.players[1].hand):
        assert mine.nth(i).get_attribute("title") in (card.word(), f"play {card.word()}")
    read = what_a_learner_reads(page)
    assert not SEAT_CODE.search(read) and not CARD_CODE.search(read), read
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "esm-names-and-words.png")


def test_a_seat_without_a_name_is_player_and_its_number(table):
    page = table(traits(view=1, legal=[move("P1 4H", cards=["4H"])], log=[]))  # the picture alone
    heads = page.locator(".sk-seat .sk-name").all_inner_texts()
    assert sorted(heads) == ["Player 0", "Player 1", "Player 2", "Player 3"]
    assert page.locator(".sk-viewtag").inner_text() == "seen by Player 1"
    assert page.locator('.sk-seat[data-seat="1"] .sk-card[data-card="10S"]').get_attribute("title") == "10\u2660"
    assert page.locator('.sk-seat[data-seat="1"] .sk-card[data-card="JK"]').get_attribute("title") == "joker"
    read = what_a_learner_reads(page)
    assert not SEAT_CODE.search(read) and not CARD_CODE.search(read), read


def test_german_cards_are_named_in_their_tooltips(table):
    import random

    g = sk.new_game("schafkopf", players=4, seed=7, names=CAST)  # schafkopf_mid_hand(), with names
    for text in ["P1 bid normal", "P2 pass", "P3 pass", "P0 pass", "P1 call GA"]:
        g.play(text)
    rng = random.Random(3)
    for _ in range(6):
        g.play(rng.choice(list(g.legal_moves())))
    page = table(named_traits(g))
    for p in g.players:
        for card in p.hand:
            title = page.locator(f'.sk-seat .sk-card[data-card="{card}"]').first.get_attribute("title")
            assert title in (card.word(), f"play {card.word()}"), (str(card), title)
    assert page.locator('.sk-card[data-card="EO"]').first.get_attribute("title").endswith("Eichel-Ober")
    read = what_a_learner_reads(page)
    assert not SEAT_CODE.search(read) and not CARD_CODE.search(read), read
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "esm-german-names.png")


def test_a_run_of_invisible_threes_wears_one_label_that_counts_them(table):
    """Fanned on the stack, a label on each 3 would run into the next: the topmost says how many."""
    position = {**POSITION, "stack": ["9D", "8S", "3H", "3C", "3S"], "draw": ["5D", "6S"], "discard": ["10C", "JH"]}
    position["players"] = [dict(p) for p in POSITION["players"]]
    position["players"][1] = {**position["players"][1], "hand": ["4H", "QD", "JK"]}
    position["players"][2] = {**position["players"][2], "hand": ["6H", "6D", "7S", "10S"]}
    page = table(traits(position))
    stack = page.locator(".sk-stack .sk-card")
    assert stack.count() == 5
    notes = [stack.nth(i).locator(".sk-note").count() for i in range(5)]
    assert notes == [0, 1, 0, 0, 1], notes  # "to beat" on the 8, one label on the top 3
    assert "3 \u00d7 invisible" in stack.nth(4).text_content()
    assert all("sk-ghost" in stack.nth(i).get_attribute("class") for i in (2, 3, 4))


def test_a_picked_card_in_a_fanned_hand_leaves_its_neighbours_clickable(table):
    """A picked card rises but keeps its place in the fan: lifted on top of the next card it would
    cover all that shows of it, and the learner could no longer click that card."""
    hand = ["5H", "6H", "7H", "8H", "9C", "9D", "9S", "10H", "JH", "QH", "KD", "KH", "AH", "AD"]
    position = {**POSITION, "players": [dict(p) for p in POSITION["players"]]}
    position["players"][0] = {**position["players"][0], "hand": hand}
    nines = [move("P0 9C", cards=["9C"]), move("P0 9D", cards=["9D"]), move("P0 9S", cards=["9S"])]
    page = table(traits(position, legal=nines))
    seat = page.locator('.sk-seat[data-seat="0"]')
    seat.locator('.sk-card[data-card="9D"]').click(position={"x": 4, "y": 30})
    assert "sk-selected" in seat.locator('.sk-card[data-card="9D"]').get_attribute("class")
    reachable = page.evaluate(
        """() => [...document.querySelectorAll('.sk-seat[data-seat="0"] .sk-card[data-zone="hand"]')].map((el) => {
          const r = el.getBoundingClientRect();
          for (const fy of [0.3, 0.5, 0.7]) for (let x = r.left + 1; x < r.right; x += 2) {
            const hit = document.elementFromPoint(x, r.top + r.height * fy);
            if (hit && (hit === el || el.contains(hit))) return true;
          }
          return false;
        })"""
    )
    assert all(reachable), [card for card, ok in zip(hand, reachable) if not ok]
