"""The editor's controls as a learner uses them, from the Python side: Put reads cards as the
table draws them, the seats carry the names the notebook gives them, an empty table greets with
what to do, and every word a refusal uses is a card player's."""

from __future__ import annotations

import pytest
from helpers import request

from scheissekopf.editor import EMPTY_TABLE, EditRefused, empty_position, read_card_word

pytest.importorskip("anywidget")

from scheissekopf.table import Table  # noqa: E402


def put(table, text, **place):
    return request(table, "edit", op="type", to=place or {"zone": "hand", "seat": 0}, text=text)


def test_put_reads_cards_as_the_table_draws_them():
    t = Table.editor("bitenight", players=3)
    put(t, "Q\u2665 10\u2663 joker")
    put(t, "a joker, 4\u2666")
    assert t.position["players"][0]["hand"] == ["QH", "10C", "JK", "JK", "4D"]
    assert t.message == ""  # taken, not refused


def test_put_reads_german_cards_by_name_and_as_drawn():
    t = Table.editor("schafkopf")
    put(t, "Eichel-Ober herz-sau O\u2660 10\u25cf")
    assert t.position["players"][0]["hand"] == ["EO", "HA", "GO", "S10"]


@pytest.mark.parametrize(
    ("word", "german", "card"),
    [
        ("Q\u2665", False, "QH"),
        ("10\u2663", False, "10C"),
        ("Joker", False, "JK"),
        ("K\u2660", False, "KS"),
        ("Gras-Unter", True, "GU"),
        ("Schellen-K\u00f6nig", True, "SK"),
        ("A\u2665", True, "HA"),
        ("5H", False, "5H"),
    ],
)
def test_a_card_word_is_read_as_the_engine_writes_it(word, german, card):
    assert read_card_word(word, german) == card


def test_a_card_put_that_is_no_card_says_how_to_write_one_and_changes_nothing():
    t = Table.editor("bitenight", players=3)
    before, version = t.position, t.version
    put(t, "Q\u2665 1H")
    assert "'1H' is not a bitenight card" in t.message and "Q\u2665" in t.message
    assert t.position == before and t.version == version


def test_the_editor_names_its_seats_as_the_notebook_gives_them():
    t = Table.editor("bitenight", names=["Ada", "Ben", "Cleo"])
    assert len(t.position["players"]) == 3 and t.position["names"] == ["Ada", "Ben", "Cleo"]
    assert empty_position("schafkopf", names=["Ada", "Ben", "Cleo", "Dev"])["names"] == ["Ada", "Ben", "Cleo", "Dev"]
    with pytest.raises(ValueError, match="one name per seat"):
        empty_position("bitenight", 4, ["Ada", "Ben"])
    # a refusal names the seats as the table does, never by the engine's P0
    request(t, "edit", op="set", field="turn", value=7)
    assert "Ada, Ben and Cleo" in t.message and "P0" not in t.message


def test_a_changed_number_of_seats_keeps_the_names_of_the_seats_that_stay():
    t = Table.editor("bitenight", names=["Ada", "Ben", "Cleo"])
    request(t, "edit", op="set", field="players", value=4)
    assert t.position["names"] == ["Ada", "Ben", "Cleo", "P3"]  # the new seat is "Player 3"
    request(t, "edit", op="set", field="players", value=2)
    assert t.position["names"] == ["Ada", "Ben"]
    s = Table.editor("mehrkopf", names=["Ada", "Ben", "Cleo", "Dev"])
    request(s, "edit", op="set", field="players", value=3)
    assert s.position["names"] == ["Ada", "Ben", "Cleo"]


def test_an_empty_table_of_any_game_says_what_to_do_first():
    for variant in ("bitenight", "schafkopf", "sheepshead"):
        t = Table.editor(variant)
        assert t.draft["error"] == EMPTY_TABLE, variant


def test_a_second_copy_of_a_card_is_counted_against_the_pack():
    t = Table.editor("bitenight", players=3)
    put(t, "K\u2660 K\u2660")
    assert t.draft["words"] == "2 copies of K\u2660, but one pack holds only 1"


def test_an_edit_refused_from_python_is_an_edit_refused():
    t = Table.editor("bitenight", players=3)
    with pytest.raises(EditRefused):
        t.edit("type", to={"zone": "hand", "seat": 0}, text="11Q")


def test_the_picture_of_an_empty_editor_greets_with_information_not_an_error():
    # what a notebook viewer shows of the editor table before any card is placed
    from scheissekopf.editor import EMPTY_GREETING

    data, _ = Table.editor("bitenight", names=["Ada", "Ben", "Cleo"])._repr_mimebundle_()
    picture = data["text/html"]
    assert EMPTY_GREETING in picture and "Not a position yet" not in picture and "#8e1b1b" not in picture
    t = Table.editor("bitenight", players=3)
    put(t, "K\u2660 K\u2660")  # with cards, a fault is still a fault
    data, _ = t._repr_mimebundle_()
    assert "Not a position yet: 2 copies of K\u2660" in data["text/html"]
