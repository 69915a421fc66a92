"""A lesson in a real JupyterLab, driven by Chromium: the practice notebook's first lesson is
solved by clicking — one wrong try first, whose reason must show in the table while the
position stays — and Next moves on. The Python side is read back by running a new cell."""

from __future__ import annotations

import re

import pytest
from helpers import ARTIFACTS, _errors_in, _run_new_cell

pytestmark = pytest.mark.slow

NOTEBOOK = "09-practice.ipynb"


def test_solving_an_exercise_by_clicking_after_one_wrong_try(lab, chromium):
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    base, token, root = lab
    assert (root / NOTEBOOK).exists()
    page = chromium.new_page(viewport={"width": 1100, "height": 1000})
    page.set_default_timeout(60_000)
    page.goto(f"{base}/lab/tree/{NOTEBOOK}?token={token}")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()

    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(has_text='sk.LessonTable("bitenight-four")')
    lesson = cell.locator(".sk-lesson")
    table = lesson.locator(".sk-table")
    try:
        expect(table.locator(".sk-felt")).to_be_visible(timeout=120_000)
    except AssertionError:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / "lesson-no-table.png", full_page=True)
        pytest.fail(f"the lesson's table did not appear; errors in the notebook:\n{_errors_in(page)}")
    assert _errors_in(page) == ""
    lesson.scroll_into_view_if_needed()
    expect(lesson.locator(".sk-lesson-head")).to_contain_text("Burn the stack in one move.")
    expect(lesson.locator(".sk-lesson-head")).to_contain_text("exercise 1 of 3")
    me = table.locator('.sk-seat[data-seat="0"]')

    # A wrong try: one 9 is legal but does not burn. The reason shows; the position stays.
    me.locator('.sk-card[data-card="9C"]').click()
    table.get_by_role("button", name="Play 9\u2663").click()
    message = table.locator(".sk-message.sk-miss")  # amber: legal, but not the goal
    expect(message).to_contain_text("Legal, but")
    expect(table.locator('.sk-stack .sk-card[data-card="9C"]')).to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)
    lesson.screenshot(path=ARTIFACTS / "lesson-wrong-try.png")

    # The right move: both 9s (a refused try leaves nothing picked, so both are picked anew). It
    # is played, and the table says why it works.
    expect(table.locator(".sk-card.sk-selected")).to_have_count(0)
    me.locator('.sk-card[data-card="9C"]').click()
    me.locator('.sk-card[data-card="9D"]').click()
    table.get_by_role("button", name="Play 9\u2663 9\u2666").click()
    expect(table.locator(".sk-message.sk-good")).to_contain_text("Yes!")
    expect(lesson.locator(".sk-lesson-head")).to_contain_text("\u2714")
    lesson.screenshot(path=ARTIFACTS / "lesson-solved.png")
    out = _run_new_cell(
        page,
        'print("state", four.progress.status("bn-four-nines"), [str(m) for m in four.table.game.history])',
        "state",
    )
    assert "state done ['P0 9C 9D']" in out

    # Next: the second exercise, afresh.
    lesson.get_by_role("button", name="Next exercise \u25b6").click()  # beside the feedback
    expect(lesson.locator(".sk-lesson-head")).to_contain_text("exercise 2 of 3")
    expect(lesson.locator(".sk-lesson-head")).to_contain_text("A 3 lies on top of two 9s")
    lesson.screenshot(path=ARTIFACTS / "lesson-next.png")
    out = _run_new_cell(page, 'print("now", four.exercise.id, len(four.table.game.history))', "now")
    assert "now bn-four-through-threes 0" in out
