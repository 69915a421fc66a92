"""The position editor in JupyterLab, in Debian's Chromium, driven by clicks only.

From an empty editor (``sk.Table.editor("bitenight", players=2)`` in a small notebook written
into the server's folder): cards into two hands and one onto the stack, P1 set to move, Play
from here, a legal card played by clicking; the Python-side game is read back from a new cell.
Then the editor is opened again and the draft made impossible: the engine's message shows and
Play from here stays disabled. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import ARTIFACTS, _errors_in, _run_new_cell

pytestmark = pytest.mark.slow

NOTEBOOK = "editor-by-clicks.ipynb"
CELL = 'import scheissekopf as sk\neditor = sk.Table.editor("bitenight", players=2)\neditor'


def _notebook() -> dict:
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": CELL}],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_a_position_built_by_clicks_plays_and_an_impossible_one_is_refused(lab, chromium):
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    base, token, root = lab
    (root / NOTEBOOK).write_text(json.dumps(_notebook()))
    page = chromium.new_page(viewport={"width": 1100, "height": 1200})
    page.set_default_timeout(60_000)
    page.goto(f"{base}/lab/tree/{NOTEBOOK}?token={token}")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()

    table = page.locator(".jp-Notebook .jp-CodeCell").first.locator(".sk-table")
    try:
        expect(table.locator(".sk-palette")).to_be_visible(timeout=120_000)
    except AssertionError:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / "lab-editor-missing.png", full_page=True)
        pytest.fail(f"the editor did not appear; errors in the notebook:\n{_errors_in(page)}")
    play_here = table.locator(".sk-playhere")
    expect(play_here).to_be_disabled()

    def put(card, zone_selector):
        table.locator(f'.sk-palette .sk-card[data-card="{card}"]').click()
        table.locator(zone_selector).click()
        expect(table.locator(f'{zone_selector} .sk-card[data-card="{card}"]')).to_be_visible()

    put("5H", '.sk-ezone[data-ezone="hand"][data-seat="0"]')
    put("9C", '.sk-ezone[data-ezone="hand"][data-seat="1"]')
    put("4D", '.sk-ezone[data-ezone="stack"]')
    table.locator('select[aria-label="to move"]').select_option(label="Player 1")
    expect(table.locator('.sk-seat[data-seat="1"] .sk-b-turn')).to_be_visible()
    expect(play_here).to_be_enabled()
    ARTIFACTS.mkdir(exist_ok=True)
    table.screenshot(path=ARTIFACTS / "lab-editor-built.png")

    play_here.click()
    expect(table.locator(".sk-status")).to_have_text("Player 1 to move")
    table.locator('.sk-seat[data-seat="1"] .sk-card[data-card="9C"]').click()
    table.get_by_role("button", name="Play 9\u2663").click()
    expect(table.locator('.sk-stack .sk-card[data-card="9C"]')).to_be_visible()
    out = _run_new_cell(
        page,
        'print("game:", editor.mode, [str(c) for c in editor.game.stack], [str(m) for m in editor.game.history])',
        "game:",
    )
    assert "game: play ['4D', '9C'] ['P1 9C']" in out
    table.screenshot(path=ARTIFACTS / "lab-editor-played.png")

    # Back to the editor; a second 9C makes the draft impossible.
    table.get_by_role("button", name="\u270e Edit").click()
    expect(table.locator(".sk-palette")).to_be_visible()
    table.locator('.sk-input[aria-label="cards to put"]').fill("9C")
    table.locator('select[aria-label="zone to type into"]').select_option(label="Player 0 hand")
    table.get_by_role("button", name="Put", exact=True).click()
    error = table.locator(".sk-eerror")
    expect(error).to_contain_text("2 copies of 9\u2663")  # the card as drawn
    expect(play_here).to_be_disabled()
    out = _run_new_cell(page, 'print("draft:", editor.mode, editor.position["players"][0]["hand"])', "draft:")
    assert "draft: edit ['5H', '9C']" in out
    table.screenshot(path=ARTIFACTS / "lab-editor-invalid.png")
    assert _errors_in(page) == ""
    page.close()


def test_a_refusal_shows_beside_put_in_a_narrow_window_with_the_file_browser_open(lab, chromium):
    # 1024 x 800 with JupyterLab's file browser open: the table is taller than the window, and the
    # answer to Put must be where the learner is looking, not above the table off screen
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    base, token, root = lab
    cell = 'import scheissekopf as sk\nnamed = sk.Table.editor("bitenight", names=["Ada", "Ben", "Cleo"])\nnamed'
    notebook = _notebook()
    notebook["cells"][0]["source"] = cell
    (root / "editor-narrow.ipynb").write_text(json.dumps(notebook))
    page = chromium.new_page(viewport={"width": 1024, "height": 800})
    page.set_default_timeout(60_000)
    page.goto(f"{base}/lab/workspaces/narrow/tree/editor-narrow.ipynb?token={token}")  # a workspace of its own
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
    assert page.locator(".jp-FileBrowser").first.is_visible()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    table = page.locator(".jp-Notebook .jp-CodeCell").first.locator(".sk-table")
    try:
        expect(table.locator(".sk-palette")).to_be_visible(timeout=120_000)
    except AssertionError:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / "lab-editor-narrow-missing.png", full_page=True)
        pytest.fail(f"the editor did not appear; errors in the notebook:\n{_errors_in(page)}")
    # the greeting is information, and the seats carry the notebook's names
    expect(table.locator(".sk-estart.sk-info")).to_contain_text("Nobody holds a card yet")
    assert table.locator(".sk-eerror").count() == 0
    expect(table.locator(".sk-seat .sk-name", has_text="Cleo")).to_be_visible()
    # a card typed as the table draws it is put; a card that does not exist is refused beside Put
    typed = table.locator('.sk-input[aria-label="cards to put"]')
    typed.fill("Q\u2665 10\u2663 joker")
    table.get_by_role("button", name="Put", exact=True).click()
    expect(table.locator('.sk-ezone[data-ezone="hand"][data-seat="0"] .sk-card[data-card="JK"]')).to_be_visible()
    typed.fill("1H")
    put = table.get_by_role("button", name="Put", exact=True)
    put.click()
    refusal = table.locator(".sk-erefused")
    expect(refusal).to_contain_text("'1H' is not a bitenight card")
    box, button = refusal.bounding_box(), put.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 800, box  # in the window
    assert 0 <= box["y"] - (button["y"] + button["height"]) < 40, (box, button)  # right under Put
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "lab-editor-1024-refused-put.png")
    assert _errors_in(page) == ""
    page.close()
