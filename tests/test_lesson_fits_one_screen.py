"""Every lesson's table, drawn in Chromium as a notebook shows it in a 1024 x 800 window: the
lesson's heading (title, goal, whom you play), the table, the hand to play and the controls under
it (the prompt, Bury, Hint, Retry, Next) fit one screen, so that a learner sees the cards to click
and the buttons to press without scrolling.

The page is the one of tests/test_editor_esm.py (the front end wired to a real Python table);
the heading is the HTML the LessonTable draws above its table. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import pytest
from helpers import ARTIFACTS

from scheissekopf import lessons
from scheissekopf.lessons.widget import LessonTable

WINDOW = {"width": 1024, "height": 800}
# JupyterLab at 1024 px: the notebook's output is about 900 px wide with the file browser closed
# and about 660 px with it open
WIDTHS = {"browser closed": 900, "browser open": 660}
# its menu, tab bar, notebook toolbar and status bar take about 120 of the 800 px
SCREEN = 800 - 120

EXERCISES = [(lesson.id, i, ex) for lesson in lessons.catalogue() for i, ex in enumerate(lesson)]
TRICK_VARIANTS = {"schafkopf", "mehrkopf", "sheepshead"}

_MEASURE = """(seat) => {
  const top = document.getElementById('lesson-head').getBoundingClientRect().top;
  const t = document.querySelector('.sk-table');
  const bottom = (el) => el.getBoundingClientRect().bottom - top;
  const home = t.querySelector(`.sk-seat[data-seat="${seat}"]`);
  return {
    controls: bottom(t.querySelector('.sk-actions')),
    hand: Math.max(0, ...[...home.querySelectorAll('.sk-card')].map(bottom)),
    buttons: Math.max(0, ...[...t.querySelectorAll('.sk-actions button')].map(bottom)),
    trick: t.classList.contains('sk-lesson-trick'),
    shed: t.classList.contains('sk-lesson-shed'),
  };
}"""


@pytest.mark.parametrize("width", list(WIDTHS.values()), ids=list(WIDTHS))
@pytest.mark.parametrize(("lesson_id", "index"), [pytest.param(lid, i, id=ex.id) for lid, i, ex in EXERCISES])
def test_a_lesson_table_its_prompt_and_its_controls_fit_one_screen_at_1024x800(live, lesson_id, index, width):
    lesson = LessonTable(lesson_id)
    for _ in range(index):
        lesson.next()
    ex = lesson.exercise
    page = live(lesson.table)
    page.set_viewport_size(WINDOW)
    page.evaluate(
        """([head, width]) => {
          document.body.style.width = width + 'px';
          const el = document.createElement('div');
          el.id = 'lesson-head';
          el.innerHTML = head;
          document.body.prepend(el);
        }""",
        [lesson.header.value, width],
    )
    page.wait_for_timeout(30)
    seen = page.evaluate(_MEASURE, ex.seat)
    if width == WIDTHS["browser open"]:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / f"lesson-1024x800-{ex.id}.png")
    trick = ex.variant in TRICK_VARIANTS
    assert (seen.pop("trick"), seen.pop("shed")) == (trick, not trick), "the lesson's compact layout"
    too_low = {what: round(y) for what, y in seen.items() if y > SCREEN}
    assert not too_low, f"{ex.id} at {width} px: below the fold of {SCREEN} px: {too_low}"


def test_a_picked_gamble_card_in_a_schwechat_column_stays_clear_of_the_zone_label(live):
    """A picked card rises and wears a ring: in a schwechat column it must not cover the "bank on
    gamble" label above it."""
    lesson = LessonTable("sw-columns")
    page = live(lesson.table)
    home = page.locator(f'.sk-seat[data-seat="{lesson.exercise.seat}"]')
    home.locator(".sk-col").last.locator(".sk-card").first.click()
    picked = home.locator(".sk-card.sk-selected")
    picked.wait_for()
    ring = 3  # the selection ring's width (box-shadow) above the card
    label = home.locator(".sk-zlabel", has_text="bank on gamble").bounding_box()
    card = picked.bounding_box()
    assert label and card and label["y"] + label["height"] <= card["y"] - ring, (label, card)
    picked.screenshot(path=ARTIFACTS / "schwechat-picked-column.png")
