"""The position editor asks the variant object: its zones, its settings and their choices, the
cards it reads and deals come from the variant's editing rules (``variant.editing()``), and
neither scheissekopf/editor.py nor the editor's part of widgets/table.js names a variant or a
family."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import request

import scheissekopf as sk
from scheissekopf.editing import Editing
from scheissekopf.variants import variant

pytest.importorskip("anywidget")

from scheissekopf.table import Table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
NAMES = {*sk.ALL_VARIANTS, "shedding", "trick"}  # the variants and the families


def _named_in_python(path: Path) -> list[str]:
    """What a module names of the variants and families: imports of a family, a text that is a
    variant's or a family's name, the registry's lists of names, ``is_trick_game``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module.split(".")[0] in ("shedding", "trick") or re.search(r"\.(shedding|trick)\b", module):
                found.append(f"line {node.lineno}: imports {module}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in NAMES:
            found.append(f"line {node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in ("VARIANTS", "TRICK_VARIANTS", "is_trick_game"):
            found.append(f"line {node.lineno}: {node.id}")
    return found


def _editor_section_of_the_front_end() -> str:
    js = (ROOT / "widgets" / "table.js").read_text(encoding="utf-8")
    start = js.index("// Edit mode (table_mode")
    end = js.index("function render(", start)
    return js[start:end]


def test_the_editor_names_no_variant_and_no_family():
    for module in ("editor.py", "editing.py"):
        found = _named_in_python(ROOT / "scheissekopf" / module)
        assert not found, f"{module}: {found}"
    js = _editor_section_of_the_front_end()
    quoted = [m.group(0) for m in re.finditer(r"[\"'`]([a-z]+)[\"'`]", js) if m.group(1) in NAMES]
    assert not quoted, quoted
    assert ".game" not in js  # the draft's family is not asked: the draft says what to draw


def test_the_door_scan_sees_a_family_import_and_a_name(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from .trick.rules import RULES\nif v == 'sheepshead' or v in TRICK_VARIANTS: pass\n")
    assert len(_named_in_python(module)) == 3


@pytest.mark.parametrize("name", sk.ALL_VARIANTS)
def test_every_variant_hands_the_editor_its_editing_rules(name):
    editing = variant(name).editing()
    assert isinstance(editing, Editing)
    assert editing is variant(name).editing()  # one per variant
    skeleton = editing.skeleton(variant(name).default_players)
    assert skeleton["variant"] == name


def _places(draft: dict) -> list[dict]:
    return [z["place"] for z in draft["put_zones"]]


def test_the_editors_zones_come_from_the_variant(monkeypatch):
    before = Table.editor("schafkopf").draft
    assert {"zone": "blind"} not in _places(before)
    # the same variant, but its editing rules deal a blind: the editor offers one and takes cards
    monkeypatch.setattr(variant("schafkopf").editing(), "blind", True)
    t = Table.editor("schafkopf")
    assert {"zone": "blind"} in _places(t.draft) and {"zone": "buried"} in _places(t.draft)
    assert [z["label"] for z in t.draft["table_zones"][:2]] == ["blind", "buried"]
    request(t, "edit", op="type", to={"zone": "blind"}, text="EO")
    assert t.message == "" and t.position["blind"] == ["EO"]


@pytest.mark.parametrize(
    "name, players, labels",
    [
        (
            "bitenight",
            2,
            ["Ada hand", "Ada bank", "Ada gamble", "Ben hand", "Ben bank", "Ben gamble"]
            + ["stack (on top)", "draw pile (underneath)", "burned"],
        ),
        ("sheepshead", 5, ["Ada hand", "Ben hand", "Player 2 hand", "Player 3 hand", "Player 4 hand"]),
        ("mehrkopf", 2, ["Ada face up", "Ada face down", "Ben face up", "Ben face down"]),
    ],
)
def test_the_places_to_type_cards_into_are_the_variants_in_the_tables_words(name, players, labels):
    names = ["Ada", "Ben", *(f"P{s}" for s in range(2, players))]
    draft = Table.editor(name, names=names).draft
    said = [z["label"] for z in draft["put_zones"]]
    assert said[: len(labels)] == labels
    if name == "sheepshead":
        assert said[len(labels) :] == ["blind", "buried", "trick being played", "trick 1 (taken)"]


@pytest.mark.parametrize("name", sk.ALL_VARIANTS)
def test_every_place_the_editor_offers_takes_a_card(name):
    t = Table.editor(name)
    for zone in t.draft["put_zones"]:
        card = t.draft["palette"][0]
        request(t, "edit", op="move", card=card, **{"from": {"zone": "palette"}, "to": zone["place"]})
        assert t.message == "", (zone, t.message)


def _controls(draft: dict) -> dict:
    return {c["label"]: c for c in draft["controls"]}


def test_the_editors_controls_and_their_choices_come_from_the_variant():
    bitenight = _controls(Table.editor("bitenight", names=["Ada", "Ben", "Cleo"]).draft)
    assert list(bitenight) == ["dealer", "to move", "direction", "phase", "joker on the stack, its target named by"]
    assert bitenight["to move"]["choices"] == [[0, "Ada"], [1, "Ben"], [2, "Cleo"]]
    joker = bitenight["joker on the stack, its target named by"]
    assert joker["choices"][0] == [None, "nobody (no joker waiting)"] and "names who takes the stack" in joker["title"]
    assert "joker on the stack, its target named by" not in _controls(Table.editor("palace").draft)
    schafkopf = _controls(Table.editor("schafkopf").draft)
    assert list(schafkopf) == ["dealer", "phase", "game", "declarer", "trumps", "called"]
    assert schafkopf["called"]["choices"][1] == ["EA", "Eichel-Ass"]
    assert schafkopf["game"] | {"choices": None} == {
        "label": "game",
        "field": "contract",
        "part": "mode",
        "base": {"mode": "normal"},
        "clears": True,
        "value": None,
        "choices": None,
    }
    sheepshead = _controls(Table.editor("sheepshead").draft)
    assert "trumps" not in sheepshead
    assert [c for _, c in sheepshead["called"]["choices"]] == ["\u2014", "A\u2663", "A\u2660", "A\u2665"] + [
        "10\u2663",
        "10\u2660",
        "10\u2665",
        "J\u2666",
    ]
    assert sheepshead["phase"]["choices"][-1] == ["over", "over (finished)"]


def test_the_editor_marks_who_is_to_move_only_in_play():
    t = Table.editor("bitenight", players=3)
    assert t.draft["to_move"] == 0 and t.draft["ticks_finished"]
    request(t, "edit", op="set", field="phase", value="setup")
    assert t.draft["to_move"] is None  # in setup nobody is to move yet
    assert not Table.editor("schafkopf").draft["ticks_finished"]


def test_put_shows_cards_written_as_the_variants_deck_draws_them():
    assert Table.editor("bitenight").draft["put_example"] == "5\u2665 9\u2663 joker"
    assert Table.editor("schafkopf").draft["put_example"] == "Eichel-Ober Herz-Sau"
    assert Table.editor("sheepshead").draft["put_example"] == "Q\u2663 J\u2666 A\u2665"
