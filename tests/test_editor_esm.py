"""The editor's front end (widgets/table.js, edit mode) in a real Chromium page, wired to a real
Python ``Table``: each request the page sends goes through ``Table._on_msg`` and the traits
Python sets come back, as in a notebook but without a Jupyter server. Screenshots of the
editor go to tests/artifacts/."""

from __future__ import annotations

import os

import pytest
from helpers import ARTIFACTS, CHROMIUM, click

import scheissekopf as sk

pytest.importorskip("anywidget")

from scheissekopf.table import Table  # noqa: E402

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="Debian's chromium (/usr/bin/chromium) is not installed"
)


def pick_and_drop(page, card_selector, zone_selector):
    page.locator(card_selector).first.click()  # picks the card up (no request)
    click(page, zone_selector)


def test_build_by_clicks_play_and_undo_back_to_the_editor(live):
    t = Table.editor("bitenight", players=2)
    page = live(t)
    assert page.locator(".sk-playhere").is_disabled()
    assert "Nobody holds a card yet" in page.locator(".sk-message.sk-info").inner_text()
    pick_and_drop(page, '.sk-palette .sk-card[data-card="5H"]', '.sk-ezone[data-ezone="hand"][data-seat="0"]')
    pick_and_drop(page, '.sk-palette .sk-card[data-card="9C"]', '.sk-ezone[data-ezone="hand"][data-seat="1"]')
    pick_and_drop(page, '.sk-palette .sk-card[data-card="4D"]', '.sk-ezone[data-ezone="stack"]')
    assert t.position["players"][0]["hand"] == ["5H"] and t.position["stack"] == ["4D"]
    page.locator('.sk-econtrol select[aria-label="to move"]').select_option(label="Player 1")
    page.wait_for_function("document.querySelector('.sk-seat[data-seat=\"1\"] .sk-b-turn') !== null")
    assert t.position["turn"] == 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "editor-bitenight-built.png"), full_page=True)
    assert page.locator(".sk-playhere").is_enabled()
    click(page, ".sk-playhere")
    assert t.mode == "play" and page.locator(".sk-felt .sk-stack").count() == 1
    page.locator('.sk-seat[data-seat="1"] .sk-card[data-card="9C"]').click()
    click(page, ".sk-actions .sk-primary")
    assert t.game.stack == sk.parse_cards("4D 9C")
    click(page, ".sk-actions button[title='take back the last move']")
    click(page, ".sk-actions button[title='take back the last move']")
    assert t.mode == "edit" and page.locator(".sk-palette").count() == 1
    assert t.position["players"][1]["hand"] == ["9C"]
    # being back in the editor is a notice, not a refusal, and the draft is still a position
    assert "Back in the editor" in page.locator(".sk-message.sk-info").inner_text()
    assert page.locator(".sk-erefused").count() == 0 and page.locator(".sk-eok").count() == 1
    page.screenshot(path=str(ARTIFACTS / "editor-back-from-play.png"), full_page=True)


def test_an_impossible_draft_is_named_and_play_stays_off(live):
    t = Table.editor("bitenight", players=2)
    t.position = "bitenight | P0 5H | P1 9C | stack 4D"
    page = live(t)
    page.locator('.sk-input[aria-label="cards to put"]').fill("5H")
    page.locator('select[aria-label="zone to type into"]').select_option(label="Player 1 hand")
    click(page, ".sk-ebar button:text-is('Put')")
    # the engine's refusal, as the table says it: the card as drawn, not its code
    said = page.locator(".sk-eerror").inner_text()
    assert "2 copies of 5\u2665" in said and "5H" not in said
    assert page.locator(".sk-playhere").is_disabled()
    assert t.position["players"][1]["hand"] == ["9C", "5H"]  # kept as typed, nothing lost
    page.screenshot(path=str(ARTIFACTS / "editor-invalid.png"), full_page=True)


def _gap(page, message, control):
    """How far (px) the message ``message`` lies below the control ``control``."""
    m = page.locator(message).first.bounding_box()
    c = page.locator(control).first.bounding_box()
    return m["y"] - (c["y"] + c["height"])


def test_an_empty_editor_greets_the_learner_with_information_not_an_error(live):
    page = live(Table.editor("bitenight", names=["Ada", "Ben", "Cleo"]))
    said = page.locator(".sk-estart.sk-info")
    assert said.count() == 1 and "Nobody holds a card yet" in said.inner_text() and "Deal the rest" in said.inner_text()
    assert page.locator(".sk-eerror").count() == 0 and page.locator("[role=alert]").count() == 0
    # the seats carry the names the notebook gave them
    names = page.locator(".sk-seat .sk-name").all_inner_texts()
    assert sorted(names) == ["Ada", "Ben", "Cleo"]
    assert "Ada hand" in page.locator('select[aria-label="zone to type into"]').inner_text()


def test_a_refused_put_is_said_beside_put_and_scrolled_into_view(live):
    t = Table.editor("bitenight", players=3)
    page = live(t)
    page.set_viewport_size({"width": 820, "height": 400})  # the top of the table is off screen
    page.locator('.sk-input[aria-label="cards to put"]').fill("5\u2665 1H")
    click(page, ".sk-ebar button:text-is('Put')")
    refusal = ".sk-erefused"
    assert "'1H' is not a bitenight card" in page.locator(refusal).inner_text()
    assert 0 <= _gap(page, refusal, ".sk-ebar button:text-is('Put')") < 40
    box = page.locator(refusal).bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 401  # in view
    assert t.position["players"][0]["hand"] == []


def test_a_card_typed_as_the_table_draws_it_is_put(live):
    t = Table.editor("bitenight", players=3)
    page = live(t)
    page.locator('.sk-input[aria-label="cards to put"]').fill("Q\u2665 10\u2663 joker")
    click(page, ".sk-ebar button:text-is('Put')")
    assert t.position["players"][0]["hand"] == ["QH", "10C", "JK"]
    assert page.locator(".sk-erefused").count() == 0


def test_a_refused_card_move_is_said_in_the_zone_it_was_to_go_to(live):
    t = Table.editor("bitenight", players=3)
    page = live(t)
    page.locator('.sk-palette .sk-card[data-card="9H"]').first.click()  # picked up
    # meanwhile the only 9H was placed (the page has not heard yet): the move will be refused
    t._draft.position["players"][1]["hand"].append("9H")
    click(page, '.sk-ezone[data-ezone="stack"]')
    zone = page.locator('.sk-ezone[data-ezone="stack"]')
    assert zone.locator(".sk-erefused").count() == 1
    said = zone.locator(".sk-erefused").inner_text()
    assert "9\u2665 is not among the cards not placed yet" in said  # the card as drawn, the row by its label
    assert page.locator(".sk-erefused").count() == 1  # said once, where the card was to go
    ARTIFACTS.mkdir(exist_ok=True)
    zone.screenshot(path=str(ARTIFACTS / "editor-refused-move.png"))


def test_the_joker_waiting_control_says_what_it_is(live):
    page = live(Table.editor("bitenight", players=3))
    control = page.locator("label.sk-econtrol", has=page.locator('select[aria-label^="joker"]'))
    assert "names who takes the stack" in control.get_attribute("title")
    assert "nobody (no joker waiting)" in control.inner_text()


def test_refused_edit_shows_the_message(live):
    t = Table.editor("bitenight", players=2)
    page = live(t)
    page.locator('.sk-input[aria-label="cards to put"]').fill("5H ZZ")
    click(page, ".sk-ebar button:text-is('Put')")
    assert "'ZZ' is not a bitenight card" in page.locator(".sk-erefused").inner_text()
    assert t.position["players"][0]["hand"] == []


def test_eight_seat_schwechat_fits_the_notebook_width(live):
    t = Table.editor("schwechat", players=8)
    t.edit("deal", seed=2)
    page = live(t)
    width = page.evaluate("document.querySelector('.sk-table').scrollWidth")
    assert width <= 800
    # the five seats above the felt share one line, as in play
    tops = page.evaluate(
        "[...document.querySelectorAll('.sk-row-top .sk-seat')].map((e) => e.getBoundingClientRect().top)"
    )
    assert len(tops) == 5 and len(set(tops)) == 1
    page.screenshot(path=str(ARTIFACTS / "editor-schwechat-8.png"), full_page=True)


def test_trick_editor_draws_the_contract_and_the_trick(live):
    s = Table.editor("schafkopf")
    s.edit("deal", seed=5)
    s.edit("set", field="contract", value={"mode": "normal", "declarer": 1, "suit": "H", "called": "EA"})
    page = live(s)
    assert page.locator('.sk-ezone[data-ezone="trick"]').count() == 1
    assert page.locator('select[aria-label="game"]').input_value() == '"normal"'
    width = page.evaluate("document.querySelector('.sk-table').scrollWidth")
    assert width <= 800
    assert "This is a position" in page.locator(".sk-eok").inner_text()
    page.screenshot(path=str(ARTIFACTS / "editor-schafkopf.png"), full_page=True)


def seat_places(page):
    """Each seat's row ("top" above the felt, "bottom" below it) and its left-to-right place."""
    return page.evaluate(
        """() => {
        const felt = document.querySelector('.sk-felt').getBoundingClientRect();
        const seats = [...document.querySelectorAll('.sk-seat[data-seat]')].map((el) => {
          const r = el.getBoundingClientRect();
          return { seat: Number(el.dataset.seat), row: r.bottom <= felt.top ? 'top' : 'bottom', x: r.left };
        });
        const out = {};
        for (const row of ['top', 'bottom']) {
          seats.filter((s) => s.row === row).sort((a, b) => a.x - b.x).forEach((s, k) => { out[s.seat] = [row, k]; });
        }
        return out;
    }"""
    )


@pytest.mark.parametrize("players", [4, 6])
def test_seats_sit_in_the_same_places_in_edit_and_play_mode(live, players):
    t = Table(sk.new_game("bitenight", players=players, seed=3), mode="edit")
    page = live(t)
    edit_places = seat_places(page)
    assert edit_places["0"][0] == "bottom"  # P0 below the felt, as in play
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"editor-seats-edit-{players}.png"), full_page=True)
    click(page, ".sk-playhere")
    assert t.mode == "play"
    page.wait_for_selector(".sk-felt .sk-stack")
    page.screenshot(path=str(ARTIFACTS / f"editor-seats-play-{players}.png"), full_page=True)
    assert seat_places(page) == edit_places


def test_a_bad_pasted_line_stays_in_the_box_with_its_error(live):
    t = Table.editor("bitenight", players=2)
    t.position = "bitenight | P0 5H | P1 9C | stack 4D"
    page = live(t)
    assert page.locator(".sk-eok").count() == 1
    box = page.locator('.sk-input[aria-label="position text"]')
    bad = "bitenight | P0 5H | P1 9C | stack 4X"
    box.fill(bad)
    click(page, ".sk-ebar button:text-is('Paste')")
    assert box.input_value() == bad  # the typed line is kept, to be corrected
    assert box.get_attribute("aria-invalid") == "true"
    assert "cannot be read" in page.locator(".sk-erefused").inner_text()
    assert page.locator(".sk-eok").count() == 0  # no "This is a position" beside the error
    assert t.position["stack"] == ["4D"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "editor-bad-paste.png"), full_page=True)
    # another refused request is not taken for the paste's: its reason shows beside Put
    page.locator('.sk-input[aria-label="cards to put"]').fill("ZZ")
    click(page, ".sk-ebar button:text-is('Put')")
    assert "'ZZ' is not a bitenight card" in page.locator(".sk-erefused").inner_text()
    assert box.input_value() == bad and box.get_attribute("aria-invalid") is None
    assert 0 <= _gap(page, ".sk-erefused", ".sk-ebar button:text-is('Put')") < 40
    assert page.locator(".sk-erefused").bounding_box()["y"] < box.bounding_box()["y"]
    box.fill("bitenight | P0 5H | P1 9C | stack 4S")
    click(page, ".sk-ebar button:text-is('Paste')")
    assert t.position["stack"] == ["4S"]
    assert box.input_value() == "bitenight | P0 5H | P1 9C | stack 4S"
    assert page.locator(".sk-erefused").count() == 0 and page.locator(".sk-eok").count() == 1


def test_a_seat_is_ticked_finished_with_the_control_the_message_names(live):
    t = Table.editor("bitenight", players=3)
    t.position = "bitenight | P0 5H 9C | P1 QS | P2 | stack 4D"
    page = live(t)
    assert "Player 2 holds no cards but is not listed as finished" in page.locator(".sk-eerror").inner_text()
    control = page.get_by_label("Player 2 finished")
    assert control.count() == 1 and not control.is_checked()
    before = page.evaluate("window.answered || 0")
    control.check()
    page.wait_for_function(f"(window.answered || 0) > {before}")
    assert t.position["finished"] == [2] and t.draft["valid"]
    page.wait_for_selector(".sk-eok")
    assert page.get_by_label("Player 2 finished").is_checked()
    assert "finished 1st" in page.locator('.sk-seat[data-seat="2"] .sk-efinished').inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "editor-finished.png"), full_page=True)
    click(page, ".sk-playhere")
    assert t.mode == "play" and t.game.finished == [2]


def test_the_editor_calls_the_seats_by_their_names(live):
    g = sk.new_game("bitenight", players=3, seed=1, names=["Ada", "Ben", "Cy"])
    t = Table(g, mode="edit")
    page = live(t)
    heads = page.locator(".sk-seat .sk-name").all_inner_texts()
    assert sorted(heads) == ["Ada", "Ben", "Cy"]
    assert page.get_by_label("Cy finished").count() == 1
    assert "Ben" in page.locator('select[aria-label="to move"]').inner_text()
    assert "Ada hand" in page.locator('select[aria-label="zone to type into"]').inner_text()
    assert "P0" not in page.locator(".sk-table").inner_text().replace(t.draft["text"], "")


def test_the_editors_cards_say_themselves_in_words_and_unnamed_seats_are_players(live):
    t = Table.editor("bitenight", players=2)
    page = live(t)
    heads = page.locator(".sk-seat .sk-name").all_inner_texts()
    assert sorted(heads) == ["Player 0", "Player 1"]  # no name set: "Player 0", never "P0"
    title = page.locator('.sk-palette .sk-card[data-card="10H"]').get_attribute("title")
    assert title.startswith("10\u2665:") and "10H" not in title
    assert page.locator('.sk-palette .sk-card[data-card="JK"]').get_attribute("title").startswith("joker:")
    german = live(Table.editor("schafkopf"))
    title = german.locator('.sk-palette .sk-card[data-card="EO"]').get_attribute("title")
    assert title.startswith("Eichel-Ober:"), title


def test_an_empty_editor_says_what_to_do_first(live):
    page = live(Table.editor("bitenight", players=3))
    assert "Nobody holds a card yet: click a card" in page.locator(".sk-estart").inner_text()
    page.screenshot(path=str(ARTIFACTS / "editor-empty.png"), full_page=True)


def test_a_message_in_the_editor_reads_on_one_line_with_its_sign(live):
    t = Table.editor("bitenight", players=2)
    t.position = "bitenight | P0 5H 5H | P1 9C | stack 4D"  # impossible: two 5H
    page = live(t)
    page.locator('.sk-input[aria-label="position text"]').fill("bitenight | P0 5H | stack 4X")
    click(page, ".sk-ebar button:text-is('Paste')")
    for selector in (".sk-erefused", ".sk-eerror"):
        box = page.locator(selector)
        sign_top = box.evaluate("(e) => e.getBoundingClientRect().top + parseFloat(getComputedStyle(e).paddingTop)")
        text_top = box.locator(".sk-message-text").bounding_box()["y"]
        assert abs(text_top - sign_top) < 4, selector  # the text starts beside the sign, not under it


def test_the_editor_draws_the_zones_and_controls_the_variant_lists(live, monkeypatch):
    from scheissekopf.variants import variant

    # the same variant with a blind: the page draws a blind zone and offers it to Put into
    monkeypatch.setattr(variant("schafkopf").editing(), "blind", True)
    t = Table.editor("schafkopf")
    page = live(t)
    assert page.locator('.sk-ezone[data-ezone="blind"]').count() == 1
    assert "blind" in page.locator('select[aria-label="zone to type into"]').inner_text()
    assert page.locator('.sk-input[aria-label="cards to put"]').get_attribute("placeholder") == "Eichel-Ober Herz-Sau"
    # a part of the contract chosen before any game: the contract starts from the variant's first game
    page.locator('select[aria-label="declarer"]').select_option(label="Player 1")
    page.wait_for_function("document.querySelector('select[aria-label=\"game\"]').value === '\"normal\"'")
    assert t.position["contract"]["mode"] == "normal" and t.position["contract"]["declarer"] == 1
    page.locator('select[aria-label="game"]').select_option(label="none yet")
    page.wait_for_function("document.querySelector('select[aria-label=\"game\"]').value === 'null'")
    assert t.position.get("contract") is None
