"""The editor's front end (widgets/table.js, edit mode) in a real Chromium page, wired to a real
Python ``Table``: each request the page sends goes through ``Table._on_msg`` and the traits
Python sets come back, as in a notebook but without a Jupyter server. Screenshots of the
editor go to tests/artifacts/."""

from __future__ import annotations

import json
import os
from importlib.resources import files
from pathlib import Path

import pytest

import scheissekopf as sk

pytest.importorskip("anywidget")

from test_browser_lab import CHROMIUM  # noqa: E402  (one set of browser flags)
from test_table_esm import browser  # noqa: E402, F401  (one Chromium for the module)

from scheissekopf.table import Table  # noqa: E402

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="Debian's chromium (/usr/bin/chromium) is not installed"
)

ARTIFACTS = Path(__file__).parent / "artifacts"
ORIGIN = "http://editor.test"
PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/table.css"></head>
<body style="margin:8px;width:800px"><div id="w"></div></body></html>"""
TRAITS = (
    "state",
    "info",
    "legal",
    "log",
    "message",
    "tone",
    "version",
    "interactive",
    "hints",
    "table_mode",
    "draft",
    "lesson",
)


@pytest.fixture
def live(browser):
    """mount(table) -> page: the front end drawing ``table``, its requests answered by Python."""
    widgets = files("scheissekopf.widgets")
    assets = {
        "/table.js": ("text/javascript", (widgets / "table.js").read_text()),
        "/table.css": ("text/css", (widgets / "table.css").read_text()),
        "/": ("text/html", PAGE),
    }
    page = browser.new_page(viewport={"width": 820, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route(
        f"{ORIGIN}/**",
        lambda route: route.fulfill(
            status=200 if (route.request.url[len(ORIGIN) :] or "/") in assets else 404,
            content_type=assets.get(route.request.url[len(ORIGIN) :] or "/", ("text/plain", ""))[0],
            body=assets.get(route.request.url[len(ORIGIN) :] or "/", ("", ""))[1],
        ),
    )
    page.goto(f"{ORIGIN}/")
    box: dict = {}

    def values():
        return json.loads(json.dumps({k: getattr(box["table"], k) for k in TRAITS}))

    def answer(msg):
        box["table"]._on_msg(box["table"], msg, [])
        return values()

    page.expose_function("python", answer)

    def mount(table):
        box["table"] = table
        page.evaluate(
            """async (values) => {
            const mod = await import("/table.js");
            const listeners = {};
            const model = {
              get: (k) => values[k],
              set: (k, v) => { values[k] = v; },
              on: (e, f) => { (listeners[e] ||= []).push(f); },
              off: (e, f) => { listeners[e] = (listeners[e] || []).filter((g) => g !== f); },
              save_changes: () => {},
              send: async (m) => {
                const fresh = await window.python(JSON.parse(JSON.stringify(m)));
                for (const k of Object.keys(fresh)) {
                  if (JSON.stringify(fresh[k]) !== JSON.stringify(values[k])) {
                    values[k] = fresh[k];
                    (listeners["change:" + k] || []).forEach((f) => f());
                  }
                }
                window.answered = (window.answered || 0) + 1;
              },
            };
            const el = document.createElement("div");
            mod.default.render({ model, el });
            document.getElementById("w").append(el);
        }""",
            values(),
        )
        page.wait_for_selector(".sk-table .sk-head")
        return page

    yield mount
    page.close()
    assert not errors, errors


def click(page, selector):
    """Click and wait until Python has answered and the table is drawn again."""
    before = page.evaluate("window.answered || 0")
    page.locator(selector).first.click()
    page.wait_for_function(f"(window.answered || 0) > {before}")
    page.wait_for_timeout(30)


def pick_and_drop(page, card_selector, zone_selector):
    page.locator(card_selector).first.click()  # picks the card up (no request)
    click(page, zone_selector)


def test_build_by_clicks_play_and_undo_back_to_the_editor(live):
    t = Table.editor("bitenight", players=2)
    page = live(t)
    assert page.locator(".sk-playhere").is_disabled()
    assert "Not a position yet" in page.locator(".sk-eerror").inner_text()
    pick_and_drop(page, '.sk-palette .sk-card[data-card="5H"]', '.sk-ezone[data-ezone="hand"][data-seat="0"]')
    pick_and_drop(page, '.sk-palette .sk-card[data-card="9C"]', '.sk-ezone[data-ezone="hand"][data-seat="1"]')
    pick_and_drop(page, '.sk-palette .sk-card[data-card="4D"]', '.sk-ezone[data-ezone="stack"]')
    assert t.position["players"][0]["hand"] == ["5H"] and t.position["stack"] == ["4D"]
    page.locator('.sk-econtrol select[aria-label="to move"]').select_option(label="P1")
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


def test_an_impossible_draft_is_named_and_play_stays_off(live):
    t = Table.editor("bitenight", players=2)
    t.position = "bitenight | P0 5H | P1 9C | stack 4D"
    page = live(t)
    page.locator('.sk-input[aria-label="cards to put"]').fill("5H")
    page.locator('select[aria-label="zone to type into"]').select_option(label="P1 hand")
    click(page, ".sk-ebar button:text-is('Put')")
    assert "2 copies of 5H" in page.locator(".sk-eerror").inner_text()
    assert page.locator(".sk-playhere").is_disabled()
    assert t.position["players"][1]["hand"] == ["9C", "5H"]  # kept as typed, nothing lost
    page.screenshot(path=str(ARTIFACTS / "editor-invalid.png"), full_page=True)


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
