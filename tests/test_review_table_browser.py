"""The review on the card table in Chromium: widgets/table.js in a blank page, its requests
answered by a real Python Table (as the ``live`` fixture does, with the review's own trait and a
way to push what the background review syncs later). A round is played to its end, Review is
pressed, the list of moves appears beside the table, a click on a move shows the position before
it with the better move's cards marked, Try from here plays on and Back to the end returns.
Screenshots of the review at 1024x800, at a notebook's width and wider, go to /tmp."""

from __future__ import annotations

import json
import os
import random

import pytest
from conftest import _blank_page
from helpers import CHROMIUM, TRAITS, codes_in, traits

import scheissekopf as sk
from scheissekopf.bots import get

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium (/usr/bin/chromium) is not installed"),
]

SHOTS = os.environ.get("SK_REVIEW_SHOTS", "/tmp/review-shots")

MOUNT = """async (values) => {
  const mod = await import("/table.js");
  const listeners = {};
  const update = (fresh) => {
    for (const k of Object.keys(fresh)) {
      if (JSON.stringify(fresh[k]) !== JSON.stringify(values[k])) {
        values[k] = fresh[k];
        (listeners["change:" + k] || []).forEach((f) => f());
      }
    }
  };
  const model = {
    get: (k) => values[k],
    set: (k, v) => { values[k] = v; },
    on: (e, f) => { (listeners[e] ||= []).push(f); },
    off: (e, f) => { listeners[e] = (listeners[e] || []).filter((g) => g !== f); },
    save_changes: () => {},
    send: async (m) => { update(await window.python(JSON.parse(JSON.stringify(m)))); window.answered = (window.answered || 0) + 1; },
  };
  window.push = update;   // what Python syncs later (the background review's progress and result)
  const el = document.createElement("div");
  mod.default.render({ model, el });
  document.getElementById("w").append(el);
}"""


def finished_table():
    g = sk.new_game("bitenight", players=4, seed=3, names=["Ada", "Ben", "Cleo", "Dev"])
    t = sk.Table(g, view=0, bots=None)
    # the round played to its end at the table (the other seats' moves as bots would make them)
    bots, rng = get("greedy"), random.Random(1)
    while g.phase != "over":
        by_seat = {}
        for m in g.legal_moves():
            by_seat.setdefault(m.player, []).append(m)
        seat = min(by_seat) if g.phase == "setup" else (g.pending[1] if g.pending else g.turn)
        t.play(bots.choose(g.view(seat), by_seat[seat], rng))
    t.review_iterations = 10
    return t


@pytest.fixture
def mounted(browser):
    made = {}

    def mount(table, width):
        page, errors = _blank_page(browser, "http://review.test", width, {"width": 1024, "height": 800})

        def values():
            return json.loads(json.dumps({k: getattr(table, k) for k in TRAITS}))

        def answer(msg):
            table._on_msg(table, msg, [])
            return values()

        page.expose_function("python", answer)
        page.evaluate(MOUNT, values())
        page.wait_for_selector(".sk-table .sk-head")
        made["page"], made["errors"] = page, errors
        return page, values

    yield mount
    if "page" in made:
        made["page"].close()
        assert not made["errors"], made["errors"]


def click(page, locator):
    before = page.evaluate("window.answered || 0")
    locator.click()
    page.wait_for_function(f"(window.answered || 0) > {before}")


@pytest.mark.parametrize("width", [580, 980])
def test_the_review_is_shown_beside_the_table_and_steps_through_the_round(mounted, width):
    t = finished_table()
    end = t.game.to_dict()
    page, values = mounted(t, width)
    button = page.locator(".sk-review-btn")
    assert button.inner_text() == "Review"
    click(page, button)
    assert page.locator(".sk-review[data-state='running'] .sk-review-progress").count() == 1
    page.locator(".sk-review").screenshot(path=f"{SHOTS}-{width}-running.png")
    t._review_thread.join(120)
    # the review's result comes back on the event loop the request was answered on (here
    # Playwright's, which runs while Playwright waits)
    for _ in range(200):
        if t.review_panel.get("state") == "ready":
            break
        page.wait_for_timeout(50)
    page.evaluate("(v) => window.push(v)", values())
    page.wait_for_selector(".sk-review[data-state='ready'] .sk-review-list")
    moves = page.locator(".sk-review-move")
    assert moves.count() == len(t.reviewed)
    assert page.locator(".sk-review-chart svg").count() == 1
    assert "Ada made" in page.locator(".sk-review-summary").inner_text()
    assert page.locator(".sk-review-btn").count() == 0  # shown: the button goes
    page.screenshot(path=f"{SHOTS}-{width}-ready.png", full_page=True)
    frame = page.locator(".sk-frame").bounding_box()
    table, panel = page.locator(".sk-table").bounding_box(), page.locator(".sk-review").bounding_box()
    assert panel["x"] + panel["width"] <= frame["x"] + frame["width"] + 1  # nothing cut off
    if width < 900:
        assert panel["y"] >= table["y"] + table["height"]  # below the table at a notebook's width
    else:
        assert abs(panel["y"] - table["y"]) < 2  # beside it where it fits
    # a move whose better move differs: the position before it, the better move's cards marked
    judged = next(j for j in t.reviewed if j.verdict not in ("forced", "best") and j.best is not None and j.best.cards)
    row = page.locator(f".sk-review-move[data-ply='{judged.ply}']")
    click(page, row)
    page.wait_for_selector(".sk-review-move.sk-rv-at")
    assert len(t.game.history) == judged.ply
    marked = page.locator(".sk-seat[data-seat='0'] .sk-card.sk-selected")
    assert sorted(marked.evaluate_all("els => els.map((e) => e.dataset.card)")) == sorted(
        str(c) for c in judged.best.cards
    )
    assert "the better move is marked" in page.locator(".sk-review-where").inner_text()
    # the other seats' cards stay hidden at the earlier position
    for s in (1, 2, 3):
        cards = page.locator(f".sk-seat[data-seat='{s}'] .sk-card[data-zone='hand']")
        assert all(c == "??" for c in cards.evaluate_all("els => els.map((e) => e.dataset.card)"))
    page.screenshot(path=f"{SHOTS}-{width}-stepped.png", full_page=True)
    assert page.locator(".sk-actions .sk-review-try-bar").count() == 1  # in reach beside the table's tools too
    assert page.locator(".sk-actions .sk-review-end-bar").count() == 1
    page.locator(".sk-review").screenshot(path=f"{SHOTS}-{width}-panel.png")
    # Try from here: the table plays on (the move buttons answer), Back to the end returns
    click(page, page.locator(".sk-review-try"))
    assert t.review_panel["trying"] is True
    assert page.locator(".sk-review-try").is_disabled()
    click(page, page.locator(".sk-review-end"))
    assert t.game.to_dict() == end
    assert page.locator(".sk-review-move.sk-rv-at").count() == 0
    assert "Back at the end" in page.locator(".sk-message").inner_text()
    # what the learner reads names cards as drawn and seats by name, never the engine's codes
    assert codes_in(page.locator(".sk-review").inner_text(), german=False) == []


def test_the_review_helpers_say_the_progress_and_the_marks_in_words(table):
    page = table(traits())
    assert page.evaluate("lib.reviewProgress({done: 3, total: 26})") == "3 of 26 moves judged\u2026"
    assert page.evaluate("lib.reviewProgress({done: 0, total: 0})") == "Getting the moves ready\u2026"
    moves = [{"verdict": "blunder", "mark": "\u2717"}, {"verdict": "best", "mark": "\u2605"}]
    assert page.evaluate("(m) => lib.verdictKey(m)", moves) == [["\u2605", "best"], ["\u2717", "blunder"]]
    assert page.locator(".sk-review").count() == 0  # no review: no panel, the table as before
    assert page.locator(".sk-frame.sk-with-review").count() == 0


# ------------------------------------------------------------------ in JupyterLab
LAB_CELL = """import random
import scheissekopf as sk
from scheissekopf.bots import get, play_round
g = sk.new_game("bitenight", players=4, seed=3, names=["Ada", "Ben", "Cleo", "Dev"])
play_round(g, [get("greedy")] * 4, random.Random(1))
t = sk.Table(g, view=0)
t.review_iterations = 10
t"""


def test_the_review_in_jupyterlab_runs_on_the_kernel_and_steps_through_the_round(lab, chromium):
    """The Review button in a real notebook at 1024x800: the review runs in the kernel's
    background, its list appears beside (here below) the table, a move's position shows the
    better move's cards marked, Try from here and Back to the end answer."""
    import re

    from helpers import _errors_in
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    base, token, root = lab
    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": LAB_CELL}],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / "review-table.ipynb").write_text(json.dumps(nb))
    page = chromium.new_page(viewport={"width": 1024, "height": 800})
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{base}/lab/tree/review-table.ipynb?reset&token={token}")
        expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
        expect(page.locator(".sk-review-btn")).to_be_visible()
        assert _errors_in(page) == ""
        page.locator(".sk-review-btn").click()
        expect(page.locator(".sk-review[data-state='ready'] .sk-review-move").first).to_be_visible()
        page.locator(".sk-review").screenshot(path=f"{SHOTS}-lab-ready.png")
        row = page.locator(".sk-review-move:not([data-verdict='forced']):not([data-verdict='best'])").first
        row.click()
        expect(page.locator(".sk-review-move.sk-rv-at")).to_have_count(1)
        expect(page.locator(".sk-review-where")).to_contain_text("the better move is marked")
        expect(page.locator(".sk-seat[data-seat='0'] .sk-card.sk-selected").first).to_be_visible()
        page.screenshot(path=f"{SHOTS}-lab-stepped.png")
        page.locator(".sk-review-try").click()
        expect(page.locator(".sk-review-try")).to_be_disabled()
        page.locator(".sk-review-end").click()
        expect(page.locator(".sk-review-move.sk-rv-at")).to_have_count(0)
        expect(page.locator(".sk-table .sk-message")).to_contain_text("Back at the end")
        page.locator(".sk-frame").screenshot(path=f"{SHOTS}-lab-end.png")
        assert _errors_in(page) == ""
    finally:
        page.close()
