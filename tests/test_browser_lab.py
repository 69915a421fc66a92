"""The card table in a real JupyterLab, driven by Chromium.

One JupyterLab server (on 127.0.0.1, in temporary directories) serves a copy of the tutorial
notebooks for the whole test session. The test opens ``02-special-cards.ipynb``, runs every
cell, and plays at the notebook's last table (``try_table``): a click on a legal card and Play
must change the game in the kernel, a click on a card that does not fit must be refused in the
table without changing it. Python-side state is read back by running a new cell that prints it.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request
from pathlib import Path

import pytest
from helpers import ARTIFACTS, CHROMIUM, _errors_in, _run_new_cell

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "02-special-cards.ipynb"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium (/usr/bin/chromium) is not installed"),
]


def test_playing_at_the_last_table_of_the_special_cards_notebook(lab, chromium):
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    base, token, root = lab
    assert (root / NOTEBOOK).exists()
    page = chromium.new_page(viewport={"width": 1280, "height": 1000})
    page.set_default_timeout(60_000)
    page.goto(f"{base}/lab/tree/{NOTEBOOK}?token={token}")

    # Wait for the kernel itself (the status bar), not just the toolbar, before running.
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()

    code_cells = page.locator(".jp-Notebook .jp-CodeCell")
    last_cell = code_cells.nth(code_cells.count() - 1)  # fixed: new cells are added below it
    assert "try_table" in last_cell.locator(".jp-InputArea-editor").inner_text()
    table = last_cell.locator(".sk-table")
    try:
        expect(table.locator(".sk-felt")).to_be_visible(timeout=120_000)
    except AssertionError:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / "lab-no-table.png", full_page=True)
        pytest.fail(f"the notebook's last table did not appear; errors in the notebook:\n{_errors_in(page)}")
    assert _errors_in(page) == ""
    table.scroll_into_view_if_needed()
    assert table.locator(".sk-status").inner_text() == "You to move"  # the seat called You

    # A legal card: the 9 on the 8. The click selects it, Play asks the kernel to play it.
    nine = table.locator('.sk-seat[data-seat="0"] .sk-card[data-card="9C"]')
    assert "sk-legal" in nine.get_attribute("class")
    nine.click()
    table.get_by_role("button", name="Play 9\u2663").click()
    expect(table.locator('.sk-stack .sk-card[data-card="9C"]')).to_be_visible()
    expect(table.locator(".sk-status")).to_have_text("Ben to move")
    assert "history 1: P0 9C" in _run_new_cell(
        page,
        'print(f"history {len(try_table.game.history)}: " + " ".join(map(str, try_table.game.history)))',
        "history 1",
    )

    # Back to your turn with the table's Undo button.
    table.get_by_role("button", name="\u21b6 Undo").click()
    expect(table.locator(".sk-status")).to_have_text("You to move")

    # The 5 does not fit on the 8: the engine's reason shows in the table, nothing changes.
    five = table.locator('.sk-seat[data-seat="0"] .sk-card[data-card="5H"]')
    assert "sk-legal" not in five.get_attribute("class")
    five.click()
    table.get_by_role("button", name="Play 5\u2665").click()
    message = table.locator(".sk-message")
    expect(message).to_be_visible()
    # one sentence in card players' words: who, what (the card as drawn) and why
    expect(message).to_contain_text(
        "You can't play 5\u2665 on an 8: play 8 or higher, or a special card (2, 3, 10, joker)"
    )
    expect(table.locator(".sk-status")).to_have_text("You to move")
    assert [
        table.locator(".sk-stack .sk-card").nth(i).get_attribute("data-card")
        for i in range(table.locator(".sk-stack .sk-card").count())
    ] == ["8S"]
    out = _run_new_cell(
        page, 'print("history", len(try_table.game.history), [str(c) for c in try_table.game.stack])', "history 0"
    )
    assert "history 0 ['8S']" in out

    ARTIFACTS.mkdir(exist_ok=True)
    table.scroll_into_view_if_needed()
    table.screenshot(path=ARTIFACTS / "lab-try-table.png")
    page.screenshot(path=ARTIFACTS / "lab-page.png")
    page.close()


# ------------------------------------------------------------------ every notebook, Run All
ALL_NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
TABLE_OUTPUTS = ".jp-OutputArea-output:has(.sk-table), .jp-OutputArea-output:has(.scheissekopf-table)"


@pytest.fixture(scope="module")
def lab_for_all_notebooks(lab):
    """The same server, with the benchmark logs next to the notebooks, where notebook 08 reads them."""
    base, token, root = lab
    if not (root.parent / "benchmarks").exists():
        (root.parent / "benchmarks").symlink_to(ROOT / "benchmarks")
    return lab


@pytest.mark.parametrize("notebook", ALL_NOTEBOOKS)
def test_run_all_shows_every_table_without_an_error(lab_for_all_notebooks, chromium, notebook):
    """Run All in JupyterLab: every cell runs without an error shown to the learner, every table
    is drawn, and each is saved as tests/artifacts/<notebook>-<n>.png to be looked at."""
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    base, token, root = lab_for_all_notebooks
    page = chromium.new_page(viewport={"width": 1280, "height": 1800})  # tall enough for an editor table
    page.set_default_timeout(60_000)
    page.goto(f"{base}/lab/tree/{notebook}?reset&token={token}")  # reset: only this notebook open
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()

    # Done when every code cell shows an execution number (none waiting with [*] or [ ]; a folded
    # cell shows no prompt).
    prompts = page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt")
    deadline = time.monotonic() + 400
    while True:
        texts = prompts.all_inner_texts()
        if texts and all(re.fullmatch(r"(\[\d+\]:)?", t.strip()) for t in texts) and any(t.strip() for t in texts):
            break
        if time.monotonic() > deadline:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=ARTIFACTS / f"{Path(notebook).stem}-unfinished.png", full_page=True)
            pytest.fail(f"Run All of {notebook} did not finish: {texts}\n{_errors_in(page)}")
        time.sleep(1)
    assert _errors_in(page) == "", f"{notebook} shows an error:\n{_errors_in(page)}"
    assert page.locator(".jp-OutputArea-output", has_text="Traceback").count() == 0

    tables = page.locator(TABLE_OUTPUTS)
    expected = sum(
        ("sk.Table" in "".join(c["source"]) or "LessonTable(" in "".join(c["source"]))
        for c in json.loads((ROOT / "notebooks" / notebook).read_text())["cells"]
        if c["cell_type"] == "code"
    )
    assert tables.count() >= min(expected, 1), f"{notebook}: no table was drawn"
    ARTIFACTS.mkdir(exist_ok=True)
    for n in range(tables.count()):
        table = tables.nth(n)
        table.scroll_into_view_if_needed()
        expect(table.locator(".sk-felt, .scheissekopf-table").first).to_be_visible()
        table.screenshot(path=ARTIFACTS / f"{Path(notebook).stem}-{n + 1}.png")
    page.close()
    _shut_down_kernels(base, token)


def _shut_down_kernels(base: str, token: str) -> None:
    """End the kernels the notebooks started (one per notebook), so they do not pile up."""
    with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=10) as answer:
        kernels = json.load(answer)
    for kernel in kernels:
        request = urllib.request.Request(f"{base}/api/kernels/{kernel['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(request, timeout=10).close()
