"""What a person reads on the table in Chromium (widgets/table.js, a fake model fed by a real
Table): the refusal, the Play button, the log and the status name cards as drawn and seats by
name. The fixtures are those of tests/test_table_esm.py; screenshots go to tests/artifacts/."""

from __future__ import annotations

from pathlib import Path

from helpers import codes_in, request

import scheissekopf as sk
from scheissekopf.table import Table

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def _traits(t: Table) -> dict:
    names = ["state", "info", "legal", "log", "message", "tone", "version", "interactive", "hints"]
    return {name: getattr(t, name) for name in names}


def _shown(page) -> str:
    return page.locator(".sk-table").inner_text()


def test_a_refusal_and_the_play_button_name_the_card_alike(table):
    g = sk.Game.from_dict(
        {
            "variant": "bitenight",
            "names": ["Ada", "Ben", "You"],
            "players": [{"hand": ["4C", "9C", "KD"]}, {"hand": ["QS", "2C"]}, {"hand": ["7H", "8H"]}],
            "stack": ["5S"],
            "turn": 0,
        }
    )
    t = Table(g)
    t.play("P0 9C")
    t.play("P1 QS")
    request(t, "play", player=2, cards=["7H"])  # a 7 on the queen: refused
    page = table(_traits(t))
    message = page.locator(".sk-message").inner_text()
    assert message == "You can't play 7\u2665 on a queen: play a queen or higher, or a special card (2, 3, 10, joker)"
    page.locator('.sk-card[data-card="7H"]').click()
    assert page.get_by_role("button", name="Play 7\u2665").count() == 1  # the button writes 7♥ too
    log = page.locator(".sk-log").inner_text()
    assert "Ada plays 9\u2663." in log and "Ben plays Q\u2660." in log
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "words-shedding-refusal.png"), full_page=True)
    assert not codes_in(message + "\n" + log + "\n" + page.locator(".sk-status").inner_text(), german=False)


def test_a_trick_table_names_german_cards_in_the_refusal_and_the_log(table):
    g = sk.new_game("schafkopf", players=4, seed=7, names=["Ada", "Ben", "Cy", "You"])
    for text in ["P1 bid normal", "P2 pass", "P3 pass", "P0 pass", "P1 call GA"]:
        g.play(text)
    t = Table(g)
    request(t, "card", player=1, cards=["G9"])
    request(t, "card", player=2, cards=["SA"])  # Cy holds the Gras-König: must follow
    page = table(_traits(t))
    message = page.locator(".sk-message").inner_text()
    assert message == "Cy can't play Schellen-Ass: Gras (Leaves) was led and Cy must follow suit"
    log = page.locator(".sk-log").inner_text()
    assert "Ben plays a normal game calling Gras-Ass." in log and "Ben plays Gras-Neun." in log
    assert "You pass." in log
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "words-trick-refusal.png"), full_page=True)
    assert not codes_in(message + "\n" + log + "\n" + page.locator(".sk-status").inner_text(), german=True)


def test_hint_rows_say_what_each_move_does(table):
    g = sk.Game.from_dict(
        {
            "variant": "bitenight",
            "names": ["Ada", "Ben"],
            "players": [{"hand": ["4C", "9C", "KD", "JK"]}, {"hand": ["QS", "2C", "5H"]}],
            "stack": ["5S", "8D"],
            "turn": 0,
        }
    )
    t = Table(g)
    found = t.hint(0, iterations=60, seed=1)
    page = table(_traits(t))
    rows = page.locator(".sk-hint-row .sk-hint-move")
    shown = [rows.nth(k).inner_text() for k in range(rows.count())]
    assert shown == [row["words"] for row in found][: len(shown)] and len(shown) >= 3
    assert "Play 9\u2663" in shown and "Show the joker to Ben" in shown
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "words-hint-rows.png"), full_page=True)
    assert not codes_in("\n".join(shown), german=False)


def test_the_buttons_of_a_trick_game_name_cards_and_games_in_words(table):
    g = sk.new_game("schafkopf", players=4, seed=7, names=["Ada", "Ben", "Cy", "You"])
    page = table(_traits(Table(g)))
    buttons = page.locator(".sk-actions button, .sk-controls button").all_inner_texts()
    assert {"Pass", "Bid a normal game", "Bid a solo", "Bid a tout"} <= set(buttons), buttons
    for text in ["P1 bid normal", "P2 pass", "P3 pass", "P0 pass"]:
        g.play(text)
    page = table(_traits(Table(g)))
    assert page.get_by_role("button", name="Call Gras-Ass").count() == 1  # not "Call GA"
