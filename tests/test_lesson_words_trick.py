"""The trick games' lessons and notebooks 06 and 07 name the cards in one language each: the
Schafkopf family (notebook 06, German cards) in the German names the notebook teaches (Ober,
Unter, Ass, Zehn, König, Eichel, Gras, Herz, Schellen), sheepshead (notebook 07, French cards) in
English (queen, jack, ace, king, clubs, spades, hearts, diamonds). A sentence such as "below the
King" for a German card, or "7 up to Ass" for French ones, mixes the two.

What is read: every lesson's title, introduction, goal, hints, explanation and the feedback to
every move the learner's seat may make (and to the mistakes each exercise lists), and the prose
of the notebook that teaches the family.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scheissekopf import lessons

ROOT = Path(__file__).resolve().parent.parent

# English card names on a German card. "ace" stays where it names the rule of the called ace, as
# the table's own refusals do ("call an ace", "the called ace").
ENGLISH = re.compile(
    r"\b(?:[Kk]ings?|[Qq]ueens?|[Jj]acks?|Aces?)\b"
    r"|\b(?!(?:[Cc]all(?:s|ed|ing)?|the called|an?) ace)\w+ aces?\b|^aces?\b|\bAces?\b"
)
# German card names on a French card ("Schafkopf" is a game's name, not a card's).
GERMAN = re.compile(r"\b(?:Ass|König|Ober|Unter|Zehn|Neun|Acht|Sieben|Dame|Bube|Eichel|Gras|Herz|Schellen)\b")

FAMILIES = {
    "german": (("schafkopf", "mehrkopf"), ENGLISH, "06-schafkopf.ipynb"),
    "french": (("sheepshead",), GERMAN, "07-sheepshead.ipynb"),
}


def _exercise_words(lesson, ex) -> list[tuple[str, str]]:
    """(where, text) for everything the lesson's table says to a learner on this exercise."""
    said = [("title", lesson.title), ("intro", lesson.intro), ("goal", ex.goal), ("explain", ex.explain)]
    said += [(f"hint {i + 1}", hint) for i, hint in enumerate(ex.hints)]
    game = ex.game()
    tries = {str(m) for m in game.legal_moves() if m.player == ex.seat} | set(ex.mistakes)
    tries |= set(ex.solutions_text())
    for move in sorted(tries):
        said.append((f"feedback to {move}", ex.check(move).message))
    return said


def _lessons(variants):
    return [lesson for lesson in lessons.catalogue() if any(ex.variant in variants for ex in lesson)]


def _prose(name) -> list[tuple[str, str]]:
    from helpers import prose

    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return [(cell["id"], prose("".join(cell["source"]))) for cell in nb["cells"] if cell["cell_type"] == "markdown"]


def _mixed(said, wrong) -> list[str]:
    found = []
    for where, text in said:
        for sentence in re.split(r"(?<=[.:;!?])\s+", text):
            hit = wrong.search(sentence)
            if hit:
                found.append(f"{where}: {hit.group(0)!r} in {sentence!r}")
    return found


@pytest.mark.parametrize("family", list(FAMILIES))
def test_a_trick_lesson_names_every_card_in_the_language_of_its_pack(family):
    variants, wrong, _ = FAMILIES[family]
    found = []
    for lesson in _lessons(variants):
        for ex in lesson:
            found += [f"{ex.id} {m}" for m in _mixed(_exercise_words(lesson, ex), wrong)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_trick_notebook_names_every_card_in_the_language_of_its_pack(family):
    _, wrong, notebook = FAMILIES[family]
    found = _mixed(_prose(notebook), wrong)
    # notebook 06 gives the English names of the German suits once, in brackets, as a gloss
    assert not found, "\n".join(found)


def test_the_word_checks_see_a_mixed_sentence():
    assert _mixed([("x", "An Ober is a plain card of its suit, below the King.")], ENGLISH)
    assert _mixed([("x", "Thirty-two cards, 7 up to Ass.")], GERMAN)
    assert _mixed([("x", "Put the ace of hearts on it.")], ENGLISH)
    assert not _mixed([("x", "Call an ace you may call: the called ace must come out. The Gras-Ass is it.")], ENGLISH)
    assert not _mixed([("x", "Trump with the ace of diamonds, as in Schafkopf.")], GERMAN)


# ------------------------------------------------------------------ what the tables offer, named first
# Each game a four-player Schafkopf table's buttons may offer (the auction's levels, the solos, the
# dealer's choices when everybody passed, throwing in) and the words notebook 06 names it by, in
# bold, before its first table.
SCHAFKOPF_GAMES = {
    "normal": "A normal game",
    "wedding": "wedding",
    "solo": "A solo",
    "tout": "A tout",
    "sie": "Sie",
    "suit solo": "Eichel, Gras, Herz or Schellen solo",
    "wenz": "Wenz",
    "geier": "Geier",
    "ramsch": "Ramsch",
    "must": "must game",
    "refuse": "throwing the cards in",
    "pass": "Pass",
}
# The same for sheepshead (notebook 07): picking, the leaster, calling, going alone, the card in
# the hole, and the two options a table may be made with.
SHEEPSHEAD_GAMES = {
    "pick": "Pick up the blind",
    "pass": "Pass",
    "leaster": "leaster",
    "call": "calls",
    "alone": "Play alone",
    "under": "card in the hole",
    "knocking": "knocking",
    "doublers": "doublers",
}


def _before_first_table(name) -> str:
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    said = []
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "code" and re.search(r"\bsk\.(?:Lesson)?Table\(", text):
            break
        if cell["cell_type"] == "markdown":
            said.append(text)
    return "\n".join(said)


def test_every_game_the_schafkopf_table_offers_is_named_before_its_first_table():
    from scheissekopf.trick.schafkopf import LEVELS, SOLO_KINDS

    offered = set(LEVELS) | {k for k in SOLO_KINDS if k != "niederer"}  # the Niederer needs five or six
    assert offered <= set(SCHAFKOPF_GAMES), offered - set(SCHAFKOPF_GAMES)
    text = _before_first_table("06-schafkopf.ipynb")
    missing = [k for k, words in SCHAFKOPF_GAMES.items() if f"**{words}**" not in text]
    assert not missing, missing
    assert "`docs/SCHAFKOPF.md`, section *Auction*" in text


def test_every_choice_the_sheepshead_table_offers_is_named_before_the_table_that_offers_it():
    nb = json.loads((ROOT / "notebooks" / "07-sheepshead.ipynb").read_text(encoding="utf-8"))
    said = []
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "code" and re.search(r"\bsk\.Table\(", text):
            break  # the first table that can pick, pass and call (the lesson before it only plays a trick)
        if cell["cell_type"] == "markdown":
            said.append(text)
    text = "\n".join(said)
    missing = [k for k, words in SHEEPSHEAD_GAMES.items() if f"**{words}**" not in text]
    assert not missing, missing
    assert "`docs/SCHAFKOPF.md`, section *Sheepshead*" in text


@pytest.mark.parametrize("notebook", ["06-schafkopf.ipynb", "07-sheepshead.ipynb"])
def test_stakes_and_settlement_are_explained_before_the_first_table_with_a_hint(notebook):
    # in the words the hint uses (hint.figures_in_words and the table's hintLine): "loses no
    # money", "stakes", "what the plainest game of the table costs"
    from scheissekopf.hint import figures_in_words

    said = figures_in_words({"visits": 240, "win": 0.71, "points": -1.25}, trick=True)
    assert "loses no money" in said and "stakes a hand on average" in said
    text = " ".join(_before_first_table(notebook).split())
    for words in ("**loses no money**", "**stakes**", "a stake is what the plainest game of the table costs"):
        assert words in text, words
    # and the notebook's own scoring counts in the same stakes, never in another unit
    nb = (ROOT / "notebooks" / notebook).read_text(encoding="utf-8")
    assert not re.search(r"\bunits?\b", " ".join(t for _, t in _prose(notebook))), notebook
    assert "stake" in nb
