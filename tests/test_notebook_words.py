"""What a learner reads in the tutorial names cards as the table draws them (4♣, 10♥, Gras-Unter)
and moves in words ("Ada plays 4♣", "take the stack"), never in the engine's codes (``4C``,
``P0 swap 4C KD``, ``GU``). This reads what the notebooks store: every line a cell prints and
every paragraph of prose, outside the code spans and code blocks (code is what a learner types,
and there the notation belongs). The few places where the codes are the lesson are listed, each
with the reason.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from helpers import GERMAN_CODE, HTML_TAG, SEAT_CODE, prose

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

# A French card in the engine's code (4C, 10H, QS); the joker's JK is left out, since the table
# draws the joker as JK with a star.
FRENCH_CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
# A move in the engine's notation: a seat's code and then a card's code, or a move's keyword at the
# end of the line or before a card's code or a number ("P0 take", "P0 swap 4C KD", "P1 flip 2"),
# where an English sentence would go on ("Make P2 take the stack").
CARD_CODE = r"(?:(?:10|[2-9JQKA])[CDHS]\b|[EGHS](?:10|[OUAK9876])\b)"
MOVE_CODE = re.compile(
    rf"\bP\d+ (?:JK\b|{CARD_CODE}|(?:swap|take|flip|place|ready|bid|call|bury|pick|pass)(?=\s*$|[,;)\]'\"]| \d| {CARD_CODE}))"
)
CODES = (MOVE_CODE, FRENCH_CARD, GERMAN_CODE)

# Where the codes are what the cell teaches, by notebook and cell id.
TEACH_CODES = {
    # the one-line position text and its JSON, written and read back: the notation is the lesson
    "05-position-lab.ipynb": {"05-19", "05-21", "05-23", "05-25", "05-27", "05-29"},
    # the card codes of the German pack beside their names, as cell 3 explains them
    "06-schafkopf.ipynb": {"50a03eb1"},
}
# Notebooks for engineers, in the codes and action numbers that programs use.
FOR_ENGINEERS = {"10-ai.ipynb"}

# Notebooks whose tables and prose call the seats by name (Ada, Ben, ...), not P0, P1, ...
SEATS_BY_NAME = {
    "01-setup.ipynb",
    "02-special-cards.ipynb",
    "03-scoring.ipynb",
    "04-variants.ipynb",
    "05-position-lab.ipynb",
    "06-schafkopf.ipynb",
    "07-sheepshead.ipynb",
    "08-bots-and-tournaments.ipynb",
    "09-practice.ipynb",
}
TOOLTIP = re.compile(r'\btitle="([^"]*)"')


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


def printed(cell, pictures: bool = False) -> str:
    """What a code cell shows as text: the lines it printed, an error, and a value's text where
    the value has no picture of its own; with ``pictures``, also the words a picture shows (a
    table's caption, its seats and its log) and the tooltips on its cards."""
    lines = []
    for out in cell.get("outputs", []):
        if out["output_type"] == "stream":
            lines.append(_text(out["text"]))
        elif out["output_type"] == "error":
            lines.append(f"{out['ename']}: {out['evalue']}")
        else:
            data = out.get("data", {})
            if "text/html" in data:
                if pictures:
                    picture = _text(data["text/html"])
                    lines.append(html.unescape(HTML_TAG.sub("\n", picture)))
                    lines.extend(html.unescape(tip) for tip in TOOLTIP.findall(picture))
            elif "image/svg+xml" not in data:
                lines.append(_text(data.get("text/plain", "")))
    return "\n".join(lines)


def reading(path, pictures: bool = False):
    """(cell id, kind, text) for everything a learner reads in the notebook at ``path``."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            yield cell["id"], "prose", prose(_text(cell["source"]))
        elif cell["cell_type"] == "code":
            yield cell["id"], "output", printed(cell, pictures)


def codes_in(text: str) -> list[str]:
    """Each line of ``text`` that holds an engine code."""
    return [line.strip() for line in text.splitlines() if any(code.search(line) for code in CODES)]


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name not in FOR_ENGINEERS], ids=lambda p: p.name)
def test_a_learner_reads_cards_and_moves_in_words_not_engine_codes(path):
    allowed = TEACH_CODES.get(path.name, set())
    found = [
        f"{path.name}, cell {cell_id} ({kind}): {line}"
        for cell_id, kind, text in reading(path, pictures=True)
        if cell_id not in allowed
        for line in codes_in(text)
    ]
    assert not found, "engine codes where a learner reads:\n" + "\n".join(found)


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name in SEATS_BY_NAME], ids=lambda p: p.name)
def test_the_seats_are_called_by_name_in_what_the_notebook_prints_and_says(path):
    # the pictures too: a table's seats, its "seen by", its status line and its log
    found = [
        f"{path.name}, cell {cell_id} ({kind}): {line.strip()}"
        for cell_id, kind, text in reading(path, pictures=True)
        if cell_id not in TEACH_CODES.get(path.name, set())
        for line in text.splitlines()
        if SEAT_CODE.search(line)
    ]
    assert not found, "seats named by their codes:\n" + "\n".join(found)


def test_the_scan_sees_codes_in_printed_lines_and_prose_but_not_in_code_spans():
    assert codes_in("P0 swap 4C KD") and codes_in("P2 take") and not codes_in("Make P2 take the stack")
    assert codes_in("P1 plays JD.") and codes_in("trumps: EU GU HU SU")
    assert codes_in("refused: P2 holds SA") and codes_in("P0 10C   10♣")
    assert not codes_in("Ada plays 4♣.") and not codes_in("Ben holds JK ★ and the Gras-Unter")
    assert not codes_in(prose("In code a swap is written `P0 swap 5D KS`.\n```\nP0 4C\n```"))
    cell = {"outputs": [{"output_type": "stream", "text": ["P0 plays 3D.\n"]}]}
    assert codes_in(printed(cell)) == ["P0 plays 3D."]
    table = {"outputs": [{"output_type": "display_data", "data": {"text/html": '<div title="4C">Ben plays 9D.</div>'}}]}
    # a picture's words and its cards' tooltips are read too
    assert codes_in(printed(table, pictures=True)) == ["Ben plays 9D.", "4C"] and not codes_in(printed(table))


# ------------------------------------------------------------------------------ the first notebooks
FIRST = [p for p in NOTEBOOKS if p.name[:2] in ("01", "02", "03", "04")]
LESSON_CELL = re.compile(r"LessonTable\(\"([\w-]+)\"\)")


def _cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _lesson_cells(path):
    """(index, exercise or lesson id) of each cell that shows a lesson table."""
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "code":
            yield from ((i, found) for found in LESSON_CELL.findall(_text(cell["source"])))


def _exercise_words(ident) -> str:
    from scheissekopf import lessons

    try:
        exercises = list(lessons.get(ident))
    except KeyError:
        exercises = [lessons.exercise(ident)]
    said = []
    for ex in exercises:
        said += [ex.goal, *ex.hints, ex.explain]
        said += [ex.check(m).message for m in ex.game().legal_moves() if m.player == ex.seat]
    return " ".join(said)


# what a lesson may ask or say only once the prose has taught it: (what the lesson says, how the
# prose teaches it: the word in bold where it is introduced, or a section of its own)
TAUGHT_FIRST = {
    "taking the stack": (re.compile(r"\btakes? the (?:whole )?stack\b"), re.compile(r"\*\*take the stack\*\*")),
    "four of a kind": (
        re.compile(r"four of a kind|four \w+s (?:are needed )?in a row"),
        re.compile(r"^## Four of a kind", re.M),
    ),
}


@pytest.mark.parametrize("path", FIRST, ids=lambda p: p.name)
def test_a_lesson_uses_only_what_the_prose_has_taught(path):
    found = []
    for index, ident in _lesson_cells(path):
        # what this notebook's prose said before the lesson, and every notebook's before it
        earlier = [
            _text(c["source"]) for p in FIRST if p.name < path.name for c in _cells(p) if c["cell_type"] == "markdown"
        ]
        here = [_text(c["source"]) for c in _cells(path)[:index] if c["cell_type"] == "markdown"]
        before = "\n".join(earlier + here)
        words = _exercise_words(ident)
        for what, (said, taught) in TAUGHT_FIRST.items():
            if said.search(words) and not taught.search(before):
                found.append(f"{ident}: speaks of {what} before the prose teaches it")
    assert not found, "\n".join(found)


def test_points_are_explained_before_the_first_hint_can_show_them():
    # once an exercise's own hints are used up, the Hint button's ranking gives points; the
    # tutorial's first lesson table is in notebook 1
    path = FIRST[0]
    first = next(_lesson_cells(path))[0]
    assert re.search(r"\*\*points\*\*", "\n".join(_text(c["source"]) for c in _cells(path)[:first])), path.name


@pytest.mark.parametrize("path", FIRST, ids=lambda p: p.name)
def test_the_first_notebooks_say_pack_as_notebook_1_does(path):
    text = " ".join(t for _, kind, t in reading(path) if kind == "prose")
    assert not re.search(r"\bdecks?\b", text, re.IGNORECASE), path.name


def test_a_round_marked_stalemate_is_shown_where_the_prose_promises_one():
    path = ROOT / "notebooks" / "03-scoring.ipynb"
    cells = _cells(path)
    promise = next(i for i, c in enumerate(cells) if "marked *(stalemate)* below" in _text(c["source"]))
    shown = next(c for c in cells[promise + 1 :] if c["cell_type"] == "code")
    assert "(stalemate)" in printed(shown)


def test_schwechats_deal_lays_the_strongest_cards_as_the_prose_says():
    path = ROOT / "notebooks" / "04-variants.ipynb"
    cells = _cells(path)
    said = next(i for i, c in enumerate(cells) if "lays their strongest cards" in _text(c["source"]))
    lines = [line for line in printed(cells[said + 1]).splitlines() if " lays " in line]
    assert len(lines) == 3
    wild = re.compile(r"^(?:3|7|10)[\u2663\u2666\u2665\u2660]$|^JK$")
    for line in lines:
        laid, kept = re.match(r"\w+\s+lays (.*) face up, keeps (.*)$", line).groups()
        # no wildcard stays in the hand while a plain card goes face up
        assert not (any(wild.match(c) for c in kept.split()) and not all(wild.match(c) for c in laid.split())), line
