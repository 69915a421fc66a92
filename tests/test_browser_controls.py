"""Every control of every kind of table, clicked in a real JupyterLab (Debian's Chromium).

A small notebook, written into the server's folder at test time, makes one table of each kind:
the open table at each phase of a bitenight round (setup, a turned joker, a jump-in chance, the
end), a palace table seen by one seat with nobody at the other seats, a schwechat table with
bots at the other seats, trick tables (schafkopf in the bidding, sheepshead seen by one seat with bots), the editor,
a lesson, a set of puzzles and a walkthrough. At each table the test clicks, one after the other,
one of every kind of control the table shows at that moment: a card that cannot be picked (the
table says why), a card that can (and then the button it offers, once for a card that does not
fit and once for one that does), every button (Hint, Step, Undo, Edit and Play from here, Retry,
Back, Next, the move buttons), a hint's row, and in the editor its cards, zones and buttons.

A click fails the test when the table then shows that something went wrong inside the program,
when the kernel or JupyterLab logs a traceback, or when the click changes nothing and says
nothing (the table's HTML is the same before and after and no message or note is shown).
Screenshots of each table after its clicks go to tests/artifacts/controls-<table>.png.
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import ARTIFACTS, _errors_in, situations

pytestmark = pytest.mark.slow

NOTEBOOK = "every-control.ipynb"
KERNEL_LOG = "kernel-errors.log"
FAILED = ("inside the program", "please report it")
CARD = re.compile(r"(10|[2-9JQKAOUP])[\u2663\u2666\u2665\u2660\u25cf]|joker|\b\d+\b")


def _replay(variant, where) -> str:
    seed, options, moves = situations(variant)[where]
    return f"at({variant!r}, {seed}, {options!r}, {list(moves)!r})"


SETUP = f"""import logging
import scheissekopf as sk
from scheissekopf import lessons
# the table's own failures (and their tracebacks) go to a file the test reads
logging.getLogger("scheissekopf").addHandler(logging.FileHandler({KERNEL_LOG!r}))
sk.Table.hint_iterations = 40  # hints answer at once; their quality is tested elsewhere
sk.Table.review_iterations = 10  # the Review button's search too

def at(variant, seed, options, moves):
    g = sk.new_game(variant, seed=seed, **options)
    for m in moves:
        g.play(m)
    return g
"""


def _tables() -> dict:
    """name -> the code of its cell (the table is the cell's last expression)."""
    bots_at = "\nfor s in (0, 2, 3):\n    t.seat_bot(s, 'greedy', delay=0.1)\nt"
    sheep_bots = "\nfor s in range(5):\n    if s != {seat}:\n        t.seat_bot(s, 'greedy', delay=0.1)\nt"
    sheep = situations("sheepshead")
    seed, options, moves = sheep["pick"]
    import scheissekopf as sk

    sheep_seat = sk.new_game("sheepshead", seed=seed, **options).turn
    return {
        "setup": f"t = sk.Table({_replay('bitenight', 'setup')})\nt",
        "joker": f"t = sk.Table({_replay('bitenight', 'joker')})\nt",
        "jump-in": f"t = sk.Table({_replay('bitenight', 'jump-in')})\nt",
        "over": f"t = sk.Table({_replay('bitenight', 'over')})\nt",
        "seat": "g = {}\nt = sk.Table(g, view=g.turn, bots=None)\nt".format(_replay("palace", "play")),
        "bots": f"t = sk.Table({_replay('schwechat', 'setup')}, view=1){bots_at}",
        "trick-play": f"t = sk.Table({_replay('mehrkopf', 'play')})\nt",
        "trick-bots": f"t = sk.Table({_replay('sheepshead', 'pick')}, view={sheep_seat})"
        + sheep_bots.format(seat=sheep_seat),
        "editor": 't = sk.Table.editor("bitenight", players=3)\nt',
        "edit-game": f"t = sk.Table({_replay('sheepshead', 'play')}, mode='edit')\nt",
        "lesson": 't = sk.LessonTable("bitenight-four", hint_budget=0.1)\nt',
        "puzzle": 't = sk.LessonTable(lessons.puzzles("palace")[:2], hint_budget=0.1)\nt',
        "scene": "g = {}\nt = sk.Table.scene([(g, 'the setup'), (g, [str(g.legal_moves()[0])], 'a first move')])\nt".format(
            _replay("bitenight", "setup")
        ),
    }


def _notebook(tables: dict) -> dict:
    def cell(source):
        return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}

    return {
        "cells": [cell(SETUP)] + [cell(f"# table: {name}\n{code}") for name, code in tables.items()],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


# ------------------------------------------------------------------ one page for every table
@pytest.fixture(scope="module")
def notebook(lab, chromium):
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    base, token, root = lab
    tables = _tables()
    (root / NOTEBOOK).write_text(json.dumps(_notebook(tables)))
    page = chromium.new_page(viewport={"width": 1280, "height": 1400})
    page.set_default_timeout(30_000)
    page.goto(f"{base}/lab/tree/{NOTEBOOK}?reset&token={token}")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    last = _table(page, list(tables)[-1])
    try:
        expect(last).to_be_visible(timeout=120_000)
    except AssertionError:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / "controls-no-table.png", full_page=True)
        pytest.fail(f"the tables did not appear; errors in the notebook:\n{_errors_in(page)}")
    assert _errors_in(page) == "", _errors_in(page)
    logs = (root.parent / "lab.log", root / KERNEL_LOG)
    yield page, logs
    page.close()


def _table(page, name):
    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(has_text=f"# table: {name}")
    return cell.locator(".sk-table").first


def _log_text(logs) -> str:
    return "".join(p.read_text(errors="replace") if p.exists() else "" for p in logs)


# ------------------------------------------------------------------ clicking
#: every control a table draws (the editor's zones are drop targets once a card is picked)
CONTROLS = (
    ".sk-seat .sk-card, .sk-palette .sk-card, .sk-ezone .sk-card, .sk-ezone, .sk-eslot, "
    ".sk-hint-row.sk-click, button:not([disabled])"
)
#: the kinds tried first: a card that says why it cannot be picked, Hint and a row of its answer
#: (before any card is picked, so that the row's cards show as picked), a seat's jump-in button
#: (before the chance passes), a card that does not fit
#: and then its button, a card that fits and then its button; in the editor a picked card goes
#: somewhere at once; then every other button, the ones that move on or away last
ORDER = (
    "drop",
    "why",
    "hint",
    "hint-row",
    "jump",
    "pick-wrong",
    "act-wrong",
    "pick-right",
    "act-right",
    "pick",
    "button",
)
LAST = (
    "Retry",
    "Put",
    "Paste",
    "Copy",
    "Deal the rest",
    "Play from here",
    "Clear",
    "Step",
    "Undo",
    "Edit",
    "Back",
    "Next",
    "Next exercise",
)

DESCRIBE = """(root, sel) => [...root.querySelectorAll(sel)].map((el, i) => ({
  i, tag: el.tagName, text: (el.innerText || "").trim().slice(0, 80), cls: el.className || "",
  zone: el.dataset.zone || "", ezone: el.dataset.ezone || "",
}))"""

#: a point of the control that is not covered by another (cards of a hand overlap): [x, y] or null
POINT = """(el) => {
  el.scrollIntoView({ block: "center" });
  const r = el.getBoundingClientRect();
  for (const fy of [0.5, 0.25, 0.75, 0.1]) {
    for (const fx of [0.5, 0.2, 0.08, 0.8, 0.95]) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return [x, y];
    }
  }
  return null;
}"""


def _category(text: str) -> str:
    """A button's words without its cards, numbers and arrows: "Play 9♣ 9♦" -> "Play"."""
    words = re.sub(r"[^\w\s!'-]", " ", CARD.sub("", text))
    return re.sub(r"\s+", " ", words).strip() or text.strip()


def _kind(c, picked) -> tuple | None:
    """(order, key) of a control, given what kind of card is picked now; None: nothing to click
    now (a zone of the editor with no card picked, a card already picked)."""
    cls = c["cls"]
    if c["tag"] == "BUTTON":
        words = _category(c["text"])
        if words == "Hint":
            return ("hint", "button Hint")
        if "jump" in cls and "sk-primary" not in cls:  # the seat's own jump-in control
            return ("jump", f"the seat's button {words}")
        if "sk-primary" in cls and picked in ("wrong", "right") and words not in LAST:
            return (
                f"act-{picked}",
                f"button {words} after a card that {'fits' if picked == 'right' else 'does not fit'}",
            )
        if words in LAST:
            return ("button", f"~{LAST.index(words):02d} button {words}")
        return ("button", f"button {words}")
    if "sk-hint-row" in cls:
        return ("hint-row", "a hint's row")
    if c["ezone"]:  # the editor
        if "sk-card" not in cls:
            return ("drop", f"editor: a zone, for a {picked} card") if picked in ("palette", "placed") else None
        if "sk-selected" in cls:
            return None
        return ("pick", "editor: a palette card" if c["ezone"] == "palette" else "editor: a placed card")
    if "sk-card" in cls:
        if "sk-click" not in cls:
            return ("why", "a card that cannot be picked")
        if "sk-selected" in cls:
            return None
        if "sk-legal" in cls:
            return ("pick-right", f"a {c['zone']} card that fits")
        return ("pick-wrong", f"a {c['zone']} card that does not fit")
    return None


SETTLE = """async (root, [before, timeout]) => {
  // resolves with the table's HTML once a click is answered: changed, then quiet for a quarter
  // of a second with no hint or bot still thinking; unchanged after `timeout` ms: as it is
  const start = performance.now();
  let changed = root.innerHTML !== before;
  let last = performance.now();
  const seen = new MutationObserver(() => { changed = true; last = performance.now(); });
  seen.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const now = performance.now();
    const busy = /Thinking\u2026|is thinking/.test(root.innerText);
    if (!changed && now - start > timeout) break;
    if (changed && now - last > 250 && !busy) break;
    if (now - start > timeout + 10000) break;
  }
  seen.disconnect();
  return root.innerHTML;
}"""


def _settle(table, before: str, timeout: float = 2.5) -> str:
    """The table's HTML once a click is answered (see SETTLE)."""
    return table.evaluate(SETTLE, [before, timeout * 1000])


def explore(name, page, logs, budget=10) -> tuple[list, list]:
    """Click one control of each kind the table shows, again after each change, up to ``budget``
    clicks. Returns (what was clicked, what was wrong)."""
    table = _table(page, name)
    table.scroll_into_view_if_needed()
    tried, clicked, wrong = set(), [], []
    picked = None  # the kind of card picked by the last click, for the button or zone it leads to
    fresh = None  # a lesson's exercise as Back, Next or Retry set it up, untouched since
    for _ in range(budget):
        controls = table.evaluate(DESCRIBE, CONTROLS)
        best = None
        for c in controls:
            kind = _kind(c, picked)
            if kind is None or kind[1] in tried:
                continue
            rank = (ORDER.index(kind[0]), kind[1] if kind[0] == "button" else "")
            if best is None or rank < best[0]:
                best = (rank, kind, c)
        if best is None:
            break
        _, (order, key), c = best
        tried.add(key)
        what = f"{name}: {key} ({c['text'][:40]!r})"
        point = table.locator(CONTROLS).nth(c["i"]).evaluate(POINT)
        if point is None:
            wrong.append(f"{what}: covered by something else, so it cannot be clicked")
            continue
        log_before = _log_text(logs)
        before = table.inner_html()
        page.mouse.click(*point)
        after = _settle(table, before)
        clicked.append(what)
        if order == "pick":
            picked = "palette" if "palette" in key else "placed"
        else:
            picked = {"pick-wrong": "wrong", "pick-right": "right"}.get(order)
        text = table.inner_text()
        if any(w in text for w in FAILED):
            wrong.append(f"{what}: the table says it failed inside the program")
        new_log = _log_text(logs)[len(log_before) :]
        if "Traceback" in new_log or "ERROR" in new_log:
            wrong.append(f"{what}: the log has\n{new_log[-1500:]}")
        words = _category(c["text"])
        if after == before and not table.locator(".sk-message, .sk-why").count():
            # Retry on an exercise that is at its start already has nothing to set up again
            if not (words == "Retry" and before == fresh):
                wrong.append(f"{what}: changed nothing and said nothing")
        fresh = after if words in ("Retry", "Back", "Next", "Next exercise") else None
    ARTIFACTS.mkdir(exist_ok=True)
    table.screenshot(path=ARTIFACTS / f"controls-{name}.png")
    return clicked, wrong


TABLES = _tables()


@pytest.mark.parametrize("name", TABLES)
def test_every_control_of_the_table_answers_a_click(notebook, name):
    page, logs = notebook
    clicked, wrong = explore(name, page, logs, budget=15 if name.startswith("edit") else 10)
    print("\n".join(clicked))
    assert clicked, f"{name}: nothing to click"
    assert not wrong, "\n".join(wrong) + "\n\nclicked:\n" + "\n".join(clicked)
    assert _errors_in(page) == ""
