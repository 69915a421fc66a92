"""A lesson's table and the trick hands in a real Chromium page (widgets/table.js): hands that can
be read and clicked at notebook width, the lesson's own controls, the solved state with Next
beside the feedback, clicks that can do nothing saying why, the tricks taken on request.

The fixtures are those of tests/test_table_esm.py (a fake model fed by ``render.describe``) and
tests/test_editor_esm.py (the page wired to a real Python ``Table``, here a ``LessonTable``'s).
Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import copy
import random

import pytest
from helpers import ARTIFACTS, click, schafkopf_mid_hand, sent, traits, trick_traits

import scheissekopf as sk
from scheissekopf.lessons.widget import LessonTable

NOTEBOOK_WIDTHS = {"wide": 1000, "notebook": 900, "sidebar open": 660}


def _width(page, body: int, viewport: int = 1024):
    """Lay the page out as a notebook output of ``body`` px in a ``viewport`` px window."""
    page.set_viewport_size({"width": viewport, "height": 900})
    page.evaluate(f"document.body.style.width = '{body}px'")
    page.wait_for_timeout(30)


def schafkopf_first_trick(seat_to_lead=None):
    """Schafkopf after the auction: every hand holds 8 cards."""
    g = sk.new_game("schafkopf", players=4, seed=7)
    for text in ["P1 bid normal", "P2 pass", "P3 pass", "P0 pass", "P1 call GA"]:
        g.play(text)
    assert g.phase == "play" and all(len(p.hand) == 8 for p in g.players)
    return g


def mehrkopf_six():
    """Mehrkopf for six in its first trick."""
    for seed in range(1, 40):
        g = sk.new_game("mehrkopf", players=6, seed=seed)
        rng = random.Random(seed)
        while g.phase not in ("play", "over"):
            g.play(rng.choice(list(g.legal_moves())))
        if g.phase == "play":
            return g
    raise AssertionError("no six-player game reached the play")


def _hands_of_ten(values):
    """The drawing with every open hand grown to ten cards (two more from the next seat's)."""
    values = copy.deepcopy(values)
    players = values["state"]["players"]
    for i, p in enumerate(players):
        hand = p.get("hand", [])
        if hand and hand[0] != "??":
            p["hand"] = hand + hand[:2]  # a drawing only: the copies need not be real cards
        elif hand:
            p["hand"] = hand + ["??", "??"]
        values["info"]["seats"][i]["hand"] = len(p["hand"])
    return values


# JS: for every open card of every hand, whether its corner (rank and suit) is covered by a
# card drawn after it, and the card's size, as [{seat, card, covered, width}].
_COVERED = """() => {
  const out = [];
  const inter = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  for (const seat of document.querySelectorAll('.sk-seat')) {
    const cards = [...seat.querySelectorAll('.sk-card[data-zone="hand"]')];
    cards.forEach((card, i) => {
      const corner = card.querySelector('.sk-corner');
      if (!corner) return;
      const c = corner.getBoundingClientRect();
      const seatBox = seat.getBoundingClientRect();
      const covered = cards.slice(i + 1).some((o) => inter(c, o.getBoundingClientRect()))
        || c.right > seatBox.right || c.left < seatBox.left;
      out.push({ seat: seat.dataset.seat, card: card.dataset.card, covered, text: corner.innerText.replace(/\\s+/g, '') });
    });
  }
  return out;
}"""


@pytest.mark.parametrize("view", ["table", "seat"])
@pytest.mark.parametrize("width", list(NOTEBOOK_WIDTHS.values()), ids=list(NOTEBOOK_WIDTHS))
def test_every_card_of_an_eight_card_schafkopf_hand_is_clicked_at_its_centre(table, view, width):
    g = schafkopf_first_trick()
    seat = g.turn
    page = table(trick_traits(g, view=None if view == "table" else seat))
    _width(page, width)
    hand = page.locator(f'.sk-seat[data-seat="{seat}"] .sk-card[data-zone="hand"]')
    assert hand.count() == 8
    cards = [str(c) for c in g.players[seat].hand]
    for i, card in enumerate(cards):
        box = hand.nth(i).bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert sent(page)[-1] == {"action": "card", "player": seat, "cards": [card], "version": 7}, (i, card)
    assert len(sent(page)) == 8
    if view == "seat" and width == 900:
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".sk-table").screenshot(path=ARTIFACTS / "lesson-schafkopf-8-cards.png")


def test_the_hand_to_play_has_a_row_of_its_own_with_no_overlap(table):
    g = schafkopf_first_trick()
    page = table(trick_traits(g, view=g.turn))
    _width(page, 660)
    me = page.locator(f'.sk-seat[data-seat="{g.turn}"]')
    assert "sk-wide" in me.get_attribute("class")
    boxes = [me.locator(".sk-card").nth(i).bounding_box() for i in range(8)]
    for a, b in zip(boxes, boxes[1:]):
        assert a["x"] + a["width"] <= b["x"] + 0.5 or b["y"] >= a["y"] + a["height"]  # side by side, or wrapped


@pytest.mark.parametrize("width", [1000, 660])
@pytest.mark.parametrize("view", ["table", 0])
def test_every_card_of_a_ten_card_mehrkopf_hand_shows_its_rank_and_suit(table, view, width):
    g = mehrkopf_six()
    values = _hands_of_ten(trick_traits(g, view=None if view == "table" else view))
    page = table(values)
    _width(page, width)
    corners = page.evaluate(_COVERED)
    open_hands = [p for p in values["state"]["players"] if p["hand"] and p["hand"][0] != "??"]
    assert len(corners) == 10 * len(open_hands) and all(len(p["hand"]) == 10 for p in open_hands)
    assert [c for c in corners if c["covered"]] == []
    # what shows is the card's rank and suit mark, as the table draws them
    assert all(len(c["text"]) >= 2 for c in corners)
    ARTIFACTS.mkdir(exist_ok=True)
    name = "table" if view == "table" else "seat"
    page.locator(".sk-table").screenshot(path=ARTIFACTS / f"lesson-mehrkopf-10-cards-{name}-{width}.png")


def test_a_lesson_table_shows_one_hint_retry_and_no_step_undo_or_edit(live):
    lesson = LessonTable("bitenight-four")
    page = live(lesson.table)
    for name, count in (("Hint", 1), ("Retry", 1), ("Next \u25b6", 1), ("\u25c0 Back", 1)):
        assert page.get_by_role("button", name=name, exact=True).count() == count, name
    for name in ("Step \u25b6", "\u21b6 Undo", "\u270e Edit"):
        assert page.get_by_role("button", name=name).count() == 0, name
    # the hint shows right under the Hint button, in the information look
    click(page, ".sk-hint-btn")
    message = page.locator(".sk-message")
    assert message.inner_text().startswith("Hint 1:") and "sk-info" in message.get_attribute("class")
    button = page.locator(".sk-hint-btn").bounding_box()
    assert 0 <= message.bounding_box()["y"] - (button["y"] + button["height"]) < 60
    # Retry starts the exercise again; Next moves on
    click(page, ".sk-retry")
    assert page.locator(".sk-message").count() == 0
    page.get_by_role("button", name="Next \u25b6", exact=True).click()
    page.wait_for_function("document.querySelector('.sk-stepno').innerText.startsWith('2')")
    assert lesson.index == 1


def test_a_solved_exercise_invites_no_more_moves_and_offers_next_beside_the_feedback(live):
    lesson = LessonTable("bitenight-four")
    page = live(lesson.table)
    _width(page, 900)
    assert page.locator(".sk-card.sk-legal").count() > 0
    page.locator('.sk-seat[data-seat="0"] .sk-card[data-card="9C"]').click()
    page.locator('.sk-seat[data-seat="0"] .sk-card[data-card="9D"]').click()
    click(page, ".sk-actions .sk-primary")
    assert lesson.solved
    message = page.locator(".sk-message.sk-good")
    assert message.inner_text().startswith("Yes!")
    # the table no longer invites moves: no outlines, no clickable cards, no prompt, no Hint
    assert page.locator(".sk-card.sk-legal").count() == 0
    assert page.locator(".sk-card.sk-click").count() == 0
    assert page.locator(".sk-actions .sk-hint").inner_text() == ""
    assert page.locator(".sk-hint-btn").count() == 0
    # Next is inside the feedback, on screen with it
    nxt = message.get_by_role("button", name="Next exercise \u25b6")
    box, msg = nxt.bounding_box(), message.bounding_box()
    assert msg["y"] <= box["y"] and box["y"] + box["height"] <= msg["y"] + msg["height"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "lesson-solved-next.png")
    # a click on a card now says why nothing happens
    page.locator('.sk-seat[data-seat="0"] .sk-card[data-zone="hand"]').first.click()
    assert "Solved!" in page.locator(".sk-why").inner_text()
    nxt.click()
    page.wait_for_function("document.querySelector('.sk-stepno').innerText.startsWith('2')")
    assert lesson.index == 1 and not lesson.solved
    assert page.locator(".sk-card.sk-legal").count() > 0


@pytest.mark.parametrize("exercise", ["sk-trump-order", "mk-preusse"])
def test_a_trick_lesson_at_notebook_width(live, exercise):
    lesson = LessonTable(exercise)
    page = live(lesson.table)
    _width(page, 900)
    ex = lesson.exercise
    me = page.locator(f'.sk-seat[data-seat="{ex.seat}"]')
    assert "sk-wide" in me.get_attribute("class")
    assert [c for c in page.evaluate(_COVERED) if c["covered"]] == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / f"lesson-{exercise}-live.png")
    card = ex.solutions_text()[0].split()[-1]
    box = me.locator(f'.sk-card[data-card="{card}"]').bounding_box()
    before = page.evaluate("window.answered || 0")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"(window.answered || 0) > {before}")
    assert lesson.solved and page.locator(".sk-message.sk-good").count() == 1
    assert page.locator(".sk-card.sk-legal").count() == 0
    page.locator(".sk-table").screenshot(path=ARTIFACTS / f"lesson-{exercise}-solved.png")


def test_a_click_that_can_do_nothing_says_why(table):
    page = table(traits())
    # P0 still holds hand cards: the bank must wait
    page.locator('.sk-seat[data-seat="0"] .sk-card[data-zone="bank"]').first.click()
    why = page.locator(".sk-why")
    assert "bank is played only once the hand is empty" in why.inner_text()
    assert "sk-info" in why.get_attribute("class") and sent(page) == []
    # another seat's card, when it is not that seat's turn
    page.locator('.sk-seat[data-seat="2"] .sk-card[data-zone="hand"]').first.click()
    assert "It is Player 0's turn, not Player 2's" in page.locator(".sk-why").inner_text()
    page.evaluate("window.model.update({version: 8})")  # the table changed: the note goes
    assert page.locator(".sk-why").count() == 0


def test_a_click_on_a_table_that_only_shows_says_so(table):
    page = table(traits(interactive=False))
    page.locator('.sk-seat[data-seat="0"] .sk-card[data-zone="hand"]').first.click()
    assert "only shows a position" in page.locator(".sk-why").inner_text() and sent(page) == []


def test_a_click_on_a_walkthrough_says_how_to_step_through_it(table):
    page = table(traits(interactive=False, caption="A 3 is invisible.", scene_step=0, scene_steps=3))
    page.locator('.sk-seat[data-seat="1"] .sk-card[data-zone="hand"]').first.click()
    assert "walkthrough is for looking: Back and Next" in page.locator(".sk-why").inner_text()
    assert sent(page) == []


def test_a_click_on_another_seats_cards_in_a_seat_view_says_whose_table_it_is(table):
    page = table(traits(view=1, legal=[]))
    page.locator('.sk-seat[data-seat="0"] .sk-card').first.click()
    assert "This table is seen from Player 1's seat" in page.locator(".sk-why").inner_text()


def test_a_trick_card_out_of_turn_says_whose_turn_it_is(table):
    g = schafkopf_mid_hand()
    page = table(trick_traits(g))
    other = (g.turn + 1) % 4
    page.locator(f'.sk-seat[data-seat="{other}"] .sk-card[data-zone="hand"]').first.click()
    assert f"It is Player {g.turn}'s turn, not Player {other}'s" in page.locator(".sk-why").inner_text()
    assert sent(page) == []


def test_the_tricks_taken_are_listed_on_request(table):
    g = schafkopf_mid_hand()
    page = table(trick_traits(g, view=g.turn))
    assert page.locator(".sk-taken").count() == 0
    page.get_by_role("button", name="Show the tricks taken (1)").click()
    taken = page.locator(".sk-taken")
    first = g.tricks[0]
    winner = taken.locator(f'.sk-taken-seat[data-seat="{first.winner}"]')
    assert [winner.locator(".sk-card").nth(i).get_attribute("data-card") for i in range(4)] == [
        str(c) for c in first.cards
    ]
    assert "1 trick" in winner.inner_text()
    others = [s for s in range(4) if s != first.winner]
    assert all("0 tricks" in taken.locator(f'.sk-taken-seat[data-seat="{s}"]').inner_text() for s in others)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".sk-table").screenshot(path=ARTIFACTS / "esm-tricks-taken.png")
    page.get_by_role("button", name="Hide the tricks taken (1)").click()
    assert page.locator(".sk-taken").count() == 0


def test_copy_in_the_editor_says_that_it_copied(live):
    t = sk.Table.editor("bitenight", players=2)
    t.edit("deal", seed=3)
    page = live(t)
    copy_button = page.locator(".sk-copy")
    copy_button.click()
    page.wait_for_function("document.querySelector('.sk-copy').innerText !== 'Copy'")
    assert copy_button.inner_text() in ("Copied \u2713", "Selected: press Ctrl+C")
    selected = page.evaluate(
        "(() => { const i = document.querySelector('.sk-ptext'); return [i.selectionStart, i.selectionEnd, i.value.length]; })()"
    )
    assert selected[0] == 0 and selected[1] == selected[2] > 0


def test_back_in_the_editor_reads_as_information(live):
    t = sk.Table.editor("bitenight", players=2)
    t.edit("deal", seed=3)
    t.mode = "play"
    page = live(t)
    click(page, ".sk-actions button[title='take back the last move']")
    message = page.locator(".sk-message", has_text="Back in the editor")
    assert "sk-info" in message.get_attribute("class") and "sk-erefused" not in message.get_attribute("class")
