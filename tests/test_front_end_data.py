"""The table's front end draws from data: the synced description says what the table is (its
felt, how a seat's cards lie, how a move is made, what a deal is called and the words of the
click hints where the rules differ), so widgets/table.js never asks which game it draws.

Read without a browser: the description from Python, and widgets/table.js as text.
"""

from __future__ import annotations

import re

import pytest
from helpers import ROOT

import scheissekopf as sk
from scheissekopf.render import describe
from scheissekopf.variants import variant

TABLE_JS = ROOT / "widgets" / "table.js"
VARIANT_NAMES = ("bitenight", "palace", "schwechat", "sheepshead", "schafkopf", "mehrkopf")


def _code(text: str) -> str:
    """The JavaScript without its comments: whole comment lines and a comment after code (a
    ``//`` after a space; no string or regular expression in table.js holds one)."""
    lines = []
    for line in text.splitlines():
        if line.lstrip().startswith("//"):
            continue
        lines.append(re.sub(r"\s+//\s.*$", "", line))
    return "\n".join(lines)


def test_the_table_front_end_names_no_variant_and_no_family():
    code = _code(TABLE_JS.read_text(encoding="utf-8"))  # the play table and the position editor
    assert "function whyNot" in code and "function drawEditor" in code and "function render(" in code
    named = sorted({m.group(0) for m in re.finditer(r"\b(?:%s)\b" % "|".join(VARIANT_NAMES), code, re.I)})
    assert not named, f"widgets/table.js names variants: {named}"
    asks = [
        line.strip()
        for line in code.splitlines()
        if re.search(r"\b(?:info|dr)\.game\b", line) or re.search(r"""[!=]==?\s*["'](?:trick|shedding)["']""", line)
    ]
    assert not asks, "widgets/table.js asks which family it draws:\n" + "\n".join(asks)
    # a refusal hint whose words differ between variants is written in the family, not here too
    for words in ("four of a kind may be completed", "its bank card lying on it", "come last, after the bank."):
        assert words not in code, words


def test_the_comment_reader_keeps_code_and_drops_comments():
    text = 'const a = "x"; // a note\n  // a whole line\nconst b = /\\bYou\'s/g;   // more\n'
    assert _code(text) == 'const a = "x";\nconst b = /\\bYou\'s/g;'


# (felt, seat_zones, controls, round_word, out-of-turn note?) of each variant's table
TABLES = {
    "bitenight": ("stack", "rows", "pick", "round", True),
    "palace": ("stack", "rows", "pick", "round", False),
    "schwechat": ("stack", "columns", "pick", "round", False),
    "sheepshead": ("tricks", "hand", "moves", "hand", False),
    "schafkopf": ("tricks", "hand", "moves", "hand", False),
    "mehrkopf": ("tricks", "hand", "moves", "hand", False),
}


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_each_table_says_what_it_draws_and_how_a_move_is_made(name):
    felt, zones, controls, deal, note = TABLES[name]
    for view in ("table", 0):
        _, info = describe(sk.new_game(name, seed=5), view)
        assert (info["felt"], info["seat_zones"], info["controls"]) == (felt, zones, controls)
        assert info["round_word"] == deal == variant(name).round_word
        hints = info["refusal_hints"]
        assert bool(hints["out_of_turn"]) == note
        if controls == "pick":  # a gamble card clicked too early says why, in the preset's words
            assert "{seat}" in hints["gamble"] or "bank card lying on it" in hints["gamble"]
            assert ("jump_in" in hints) == note


def test_a_position_drawn_without_a_game_says_the_same():
    position = sk.new_game("schwechat", seed=2).to_dict()
    _, from_game = describe(sk.Game.from_dict(position))
    _, from_dict = describe(position)
    keys = ("felt", "seat_zones", "controls", "round_word", "refusal_hints")
    assert {k: from_dict[k] for k in keys} == {k: from_game[k] for k in keys}


def test_the_seat_that_plays_against_the_others_is_named_by_the_table():
    assert describe(sk.new_game("sheepshead", seed=1))[1]["declarer_word"] == "picker"
    assert describe(sk.new_game("schafkopf", seed=1))[1]["declarer_word"] == "declarer"
