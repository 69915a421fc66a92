"""What a notebook prints fits the page a learner reads it on: JupyterLab at 1024 px wide with the
file browser open leaves a code cell's output about 580 px, some 72 characters of its monospace
font, and breaks a longer line wherever it reaches the edge, in the middle of a word. So every
line of every stored text output (what a cell printed, and a value shown as text only) holds at
most 72 characters: counted as characters, so that 4♠ is two, not four bytes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDTH = 72
# an output with one of these is shown as its picture, not as its text/plain
PICTURES = ("text/html", "image/svg+xml", "image/png", "application/vnd.jupyter.widget-view+json")


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


def shown_text(out) -> str:
    """The text a front end shows for one stored output ("" where it shows a picture)."""
    if out["output_type"] == "stream":
        return _text(out["text"])
    if out["output_type"] == "error":
        return "\n".join(out.get("traceback", []))
    data = out.get("data", {})
    if any(kind in data for kind in PICTURES):
        return ""
    return _text(data.get("text/plain", ""))


def too_wide(nb: dict, name: str) -> list[str]:
    """Every printed line of ``nb`` longer than WIDTH characters, with where it is."""
    found = []
    for index, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            for number, line in enumerate(shown_text(out).splitlines(), 1):
                if len(line) > WIDTH:
                    found.append(
                        f"{name}, cell {index} (id {cell.get('id')}), line {number}: {len(line)} characters: {line}"
                    )
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_printed_line_fits_the_output_area(path):
    found = too_wide(json.loads(path.read_text(encoding="utf-8")), path.name)
    assert not found, f"printed lines over {WIDTH} characters:\n" + "\n".join(found)


def test_the_scan_counts_characters_reads_what_is_shown_and_names_the_place():
    def notebook(*outputs):
        return {"cells": [{"cell_type": "code", "id": "c0", "outputs": list(outputs)}]}

    def stream(text):
        return {"output_type": "stream", "name": "stdout", "text": text}

    cards = " ".join(["10♠"] * 18)  # 71 characters, 125 bytes
    assert len(cards) == 71 < len(cards.encode())
    assert too_wide(notebook(stream(cards + "\n")), "nb") == []
    wide = "x" * 73
    assert too_wide(notebook(stream(["short\n", wide + "\n"])), "nb") == [
        f"nb, cell 0 (id c0), line 2: 73 characters: {wide}"
    ]
    # a value shown as text counts; one shown as its picture does not
    value = {"output_type": "execute_result", "data": {"text/plain": wide}}
    picture = {"output_type": "display_data", "data": {"text/plain": wide, "text/html": "<div></div>"}}
    assert len(too_wide(notebook(value), "nb")) == 1
    assert too_wide(notebook(picture), "nb") == []
