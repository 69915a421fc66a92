"""The Hint button of a trick table in the front end (widgets/table.js in Chromium, a fake model);
the fixtures are those of tests/test_table_esm.py."""

from __future__ import annotations

from helpers import schafkopf_mid_hand, sent, trick_traits

from scheissekopf.hint import hint
from scheissekopf.table import _hint_data


def test_a_trick_table_offers_hint_and_shows_settlements(table):
    g = schafkopf_mid_hand()
    page = table(trick_traits(g))
    page.get_by_role("button", name="Hint").click()
    assert sent(page) == [{"action": "hint", "player": g.turn, "version": 7}]
    found = hint(g, g.turn, iterations=300, seed=1)
    page.evaluate("(h) => window.model.update({hints: h})", _hint_data(found, g.turn, 7, settlement=True))
    rows = page.locator(".sk-hint-row")
    assert rows.count() == len(found)
    first = rows.nth(0).locator(".sk-hint-figs").inner_text()
    assert rows.nth(0).get_attribute("data-text") == found[0]["text"]
    assert rows.nth(0).locator(".sk-hint-move").get_attribute("title") is None  # no engine notation on hover
    visits, win = found[0]["visits"], round(found[0]["win"] * 100)
    assert first.startswith(f"tried in {visits} games: loses no money in {win} % of them, and ")
    assert "stakes a hand on average" in first or "stake a hand on average" in first
    assert "Schei\u00dfkopf" not in first and "units" not in first
    assert "A stake is what the plainest game" in page.locator(".sk-hint-about").inner_text()
    assert rows.nth(0).locator(".sk-hint-move").inner_text() == found[0]["words"]  # "Play Eichel-Zehn"


def test_a_trick_table_seen_by_another_seat_offers_no_hint(table):
    g = schafkopf_mid_hand()
    other = (g.turn + 1) % 4
    page = table(trick_traits(g, view=other))
    assert page.get_by_role("button", name="Hint").count() == 0
