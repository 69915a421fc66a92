"""The table's edit mode from the Python side: the draft, every edit request (good, malformed,
stale, out of range), the engine's verdict, Play from here and Undo back to the editor."""

from __future__ import annotations

import copy
import re
from collections import Counter

import pytest
from helpers import request
from hypothesis import given, settings
from hypothesis import strategies as st

import scheissekopf as sk
from scheissekopf.editor import EMPTY_TABLE, Draft, EditRefused, empty_position

pytest.importorskip("anywidget")

from scheissekopf.table import Table  # noqa: E402

PALETTE = {"zone": "palette"}


def hand(seat):
    return {"zone": "hand", "seat": seat}


def edit(table, op, **fields):
    """An edit request as the front end sends it."""
    return request(table, "edit", op=op, **fields)


def move(table, card, frm, to):
    return edit(table, "move", card=card, **{"from": frm, "to": to})


def small_bitenight():
    """Built from an empty editor: P0 holds 5H 9C, P1 QS, the stack a 4D."""
    t = Table.editor("bitenight", players=2)
    move(t, "5H", PALETTE, hand(0))
    edit(t, "type", to=hand(0), text="9C")
    move(t, "QS", PALETTE, hand(1))
    move(t, "4D", PALETTE, {"zone": "stack"})
    return t


def unchanged(table, before_position, before_version):
    """The draft is as it was and nothing was redrawn but the message."""
    return table.position == before_position and table.version == before_version


# ------------------------------------------------------------------ opening the editor


def test_empty_editor_has_every_card_in_the_palette_and_play_is_off():
    t = Table.editor("schwechat", players=5)
    assert t.mode == "edit" and t.table_mode == "edit"
    assert t.position["variant"] == "schwechat" and len(t.position["players"]) == 5
    assert Counter(t.draft["palette"]) == Counter(str(c) for c in sk.deck("schwechat", 5))
    assert not t.draft["valid"] and t.draft_error == t.draft["error"] != ""
    with pytest.raises(sk.InvalidPosition):
        t.mode = "play"
    assert t.mode == "edit" and "Not a position yet" in t.message
    request(t, "mode", mode="play")
    assert t.mode == "edit" and "Play stays off" in t.message


def test_table_in_edit_mode_starts_from_the_game_and_goes_on_unchanged():
    g = sk.new_game("bitenight", players=3, seed=4)
    g.play(g.legal_moves()[0])
    t = Table(g, mode="edit")
    assert t.mode == "edit"
    assert t.position == g.to_dict()
    assert t.draft["valid"] and t.draft["palette"] == []
    t.mode = "play"  # nothing was edited: the same game, its history kept
    assert t.game is g and len(g.history) == 1 and t.table_mode == "play"


def test_mode_switches_both_ways_and_rejects_other_words():
    t = Table(sk.new_game("palace", players=3, seed=1))
    t.mode = "edit"
    assert t.mode == "edit"
    with pytest.raises(ValueError, match="mode must be"):
        t.mode = "draw"
    t.mode = "play"
    assert t.mode == "play"
    with pytest.raises(ValueError, match="mode must be"):
        Table(sk.new_game("palace", players=3, seed=1), mode="sketch")


def test_editor_refuses_unknown_variants_and_seat_counts():
    with pytest.raises(ValueError, match="choose from"):
        Table.editor("skat")
    with pytest.raises(ValueError, match="by 4 players, not 5"):
        Table.editor("schafkopf", players=5)
    with pytest.raises(ValueError, match="by 2 to 16 players, not 1"):
        Table.editor("bitenight", players=1)


# ------------------------------------------------------------------ the seat view


def test_seat_view_refuses_edit_mode():
    g = sk.new_game("bitenight", players=3, seed=2)
    with pytest.raises(ValueError, match="every card"):
        Table(g, view=1, mode="edit")
    t = Table(g, view=1)
    with pytest.raises(ValueError, match="every card"):
        t.mode = "edit"
    request(t, "mode", mode="edit")
    assert t.mode == "play" and "every card" in t.message
    open_table = Table(g, mode="edit")
    with pytest.raises(ValueError, match="every card"):
        open_table.view = 0
    assert open_table.view == "table"


# ------------------------------------------------------------------ building by requests


def test_a_position_built_by_requests_plays_from_here():
    t = small_bitenight()
    assert t.draft["valid"], t.draft["error"]
    assert t.position["players"][0]["hand"] == ["5H", "9C"]
    assert t.position["stack"] == ["4D"]
    assert "5H" not in t.draft["palette"] and "4D" not in t.draft["palette"]
    assert t.draft["text"] == "bitenight | P0 5H 9C | P1 QS | stack 4D"
    edit(t, "set", field="turn", value=1)
    assert t.position["turn"] == 1
    request(t, "mode", mode="play")
    assert t.mode == "play" and t.game.turn == 1
    request(t, "play", player=1, cards=["QS"])
    assert t.game.stack == sk.parse_cards("4D QS") and t.message == ""


def test_undo_past_play_from_here_returns_to_the_draft_intact():
    t = small_bitenight()
    drafted = t.position
    request(t, "mode", mode="play")
    request(t, "play", player=0, cards=["5H"])
    assert t.info["editor_back"] is True
    request(t, "undo")
    assert t.mode == "play" and not t.game.history
    request(t, "undo")
    assert t.mode == "edit" and t.position == drafted
    assert "editor" in t.message
    request(t, "mode", mode="play")
    assert t.mode == "play" and t.game.to_dict()["players"] == drafted["players"]


def test_python_undo_past_the_draft_returns_none_and_edits_again():
    t = small_bitenight()
    t.mode = "play"
    assert t.undo() is None and t.mode == "edit"
    with pytest.raises(IndexError):
        t.undo()
    assert "being edited" in t.message


def test_hint_works_on_an_edited_position():
    t = small_bitenight()
    t.mode = "play"
    found = t.hint(0, iterations=60, seed=1)
    assert {r["text"] for r in found} == {"P0 5H", "P0 9C"}
    assert t.hints["seat"] == 0 and len(t.hints["rows"]) == 2


def test_move_between_zones_keeps_the_order_asked_for():
    t = small_bitenight()
    move(t, "7S", PALETTE, {"zone": "stack", "index": 0})
    assert t.position["stack"] == ["7S", "4D"]
    move(t, "7S", {"zone": "stack", "index": 0}, {"zone": "draw"})
    assert t.position["stack"] == ["4D"] and t.position["draw"] == ["7S"]
    move(t, "7S", {"zone": "draw", "index": 0}, {"zone": "discard"})
    assert t.position["discard"] == ["7S"] and t.position["draw"] == []
    move(t, "9C", {"zone": "hand", "seat": 0, "index": 1}, {"zone": "bank", "seat": 1})
    assert t.position["players"][1]["bank"] == ["9C"]
    move(t, "9C", {"zone": "bank", "seat": 1, "index": 0}, PALETTE)
    assert "9C" in t.draft["palette"] and t.position["players"][1]["bank"] == []


def test_typing_replaces_a_zone_when_asked():
    t = small_bitenight()
    edit(t, "type", to=hand(0), text="2C 3C", replace=True)
    assert t.position["players"][0]["hand"] == ["2C", "3C"]
    assert "5H" in t.draft["palette"] and "9C" in t.draft["palette"]


def test_schwechat_columns_take_cards_by_column():
    t = Table.editor("schwechat", players=3)
    edit(t, "type", to={"zone": "gamble", "seat": 0}, text="7C - 9D")
    assert t.position["players"][0]["gamble"] == ["7C", None, "9D"]
    move(t, "KS", PALETTE, {"zone": "gamble", "seat": 0, "index": 1})
    move(t, "QH", PALETTE, {"zone": "bank", "seat": 0, "index": 2})
    assert t.position["players"][0]["bank"] == [None, None, "QH"]
    before, version = t.position, t.version
    move(t, "2H", PALETTE, {"zone": "bank", "seat": 0, "index": 2})
    assert unchanged(t, before, version) and "already holds Q\u2665" in t.message
    move(t, "QH", {"zone": "bank", "seat": 0, "index": 2}, PALETTE)
    assert t.position["players"][0]["bank"] == [None, None, None]


def test_controls_set_the_fields():
    t = small_bitenight()
    edit(t, "set", field="direction", value=-1)
    edit(t, "set", field="dealer", value=1)
    assert t.position["direction"] == -1 and t.position["dealer"] == 1
    edit(t, "set", field="phase", value="setup")
    assert t.position["phase"] == "setup"
    edit(t, "set", field="phase", value="play")
    move(t, "JK", PALETTE, {"zone": "stack"})
    edit(t, "set", field="pending", value=0)
    assert t.draft["valid"], t.draft["error"]
    assert t.position["pending"] == {"joker": 0}
    edit(t, "set", field="pending", value=None)
    assert t.position["pending"] is None


def test_seat_count_grows_and_shrinks_and_cards_of_removed_seats_return():
    t = small_bitenight()
    edit(t, "set", field="players", value=4)
    assert len(t.position["players"]) == 4 and not t.draft["valid"]  # two empty hands
    edit(t, "set", field="players", value=2)
    assert t.draft["valid"]
    edit(t, "set", field="turn", value=1)
    edit(t, "set", field="players", value=3)
    edit(t, "type", to=hand(2), text="8H")
    edit(t, "set", field="turn", value=2)
    edit(t, "set", field="players", value=2)
    assert "8H" in t.draft["palette"] and t.position["turn"] == 0


def test_deal_the_rest_is_seeded_and_fills_every_seat():
    a, b = Table.editor("bitenight", players=4), Table.editor("bitenight", players=4)
    edit(a, "deal", seed=11)
    edit(b, "deal", seed=11)
    assert a.position == b.position and a.draft["valid"], a.draft["error"]
    assert a.draft["palette"] == []
    assert all(len(p["hand"]) == 3 and len(p["gamble"]) == 3 for p in a.position["players"])
    c = Table.editor("bitenight", players=4)
    edit(c, "deal", seed=12)
    assert c.position != a.position


def test_two_deck_schwechat_deals_to_eight_seats():
    t = Table.editor("schwechat", players=8)
    assert t.position["decks"] == 2
    edit(t, "deal", seed=3)
    assert t.draft["valid"], t.draft["error"]
    placed = Counter(str(c) for c in sk.from_dict(t.position).to_dict()["draw"])
    assert sum(placed.values()) > 0 and max(placed.values()) <= 2
    again = sk.from_text(t.draft["text"])
    assert again.to_dict()["players"] == t.position["players"]


def test_clear_sends_every_card_back_and_keeps_the_seats():
    t = small_bitenight()
    edit(t, "set", field="direction", value=-1)
    edit(t, "clear")
    assert len(t.draft["palette"]) == 54 and len(t.position["players"]) == 2
    assert t.position["direction"] == -1


def test_paste_reads_a_position_text_and_copy_writes_it():
    t = Table.editor("bitenight", players=2)
    edit(t, "paste", text="palace | P0 5H 9C | P1 QS 2C | stack 7S | turn P1")
    assert t.position["variant"] == "palace" and t.draft["valid"]
    assert t.draft["text"] == "palace | P0 5H 9C | P1 2C QS | stack 7S | turn P1"  # hands sorted
    assert sk.from_text(t.draft["text"]).to_dict() == t.position
    t.position = "bitenight | P0 4H | P1 4C"
    assert t.position["players"][0]["hand"] == ["4H"]


# ------------------------------------------------------------------ impossible drafts


def test_two_copies_of_a_card_make_the_draft_impossible_and_keep_it():
    t = small_bitenight()
    edit(t, "type", to=hand(1), text="5H")
    assert not t.draft["valid"]
    assert "2 copies of 5H" in t.draft["error"] and "2 copies of 5\u2665" in t.draft["words"]
    assert t.draft_error.startswith("2 copies of 5H") and t.draft_words.startswith("2 copies of 5\u2665")
    assert t.position["players"][1]["hand"] == ["QS", "5H"]  # nothing is lost
    request(t, "mode", mode="play")
    assert t.mode == "edit" and "2 copies of 5\u2665" in t.message  # the table says it in words
    move(t, "5H", {"zone": "hand", "seat": 1, "index": 1}, PALETTE)
    assert t.draft["valid"]


def test_an_empty_hand_while_cards_remain_to_draw_is_named():
    t = small_bitenight()
    move(t, "QS", {"zone": "hand", "seat": 1, "index": 0}, {"zone": "bank", "seat": 1})
    move(t, "2D", PALETTE, {"zone": "draw"})
    assert "empty hand while the draw pile holds cards" in t.draft["error"]


def test_a_trick_hand_of_the_wrong_size_is_named():
    t = Table.editor("schafkopf")
    assert t.draft["error"] == EMPTY_TABLE  # an empty table says what to do, not 32 missing cards
    edit(t, "type", to=hand(0), text="EO")
    assert "cards missing" in t.draft["error"]
    edit(t, "deal", seed=5)
    assert t.draft["valid"], t.draft["error"]
    assert t.position["phase"] == "auction"
    card = t.position["players"][0]["hand"][0]
    move(t, card, {"zone": "hand", "seat": 0, "index": 0}, hand(1))
    assert "must hold 8 cards" in t.draft["error"]
    request(t, "mode", mode="play")
    assert t.mode == "edit"


def test_trick_game_contract_trick_in_progress_and_tricks_taken():
    t = Table.editor("schafkopf")
    edit(t, "deal", seed=5)
    edit(t, "set", field="contract", value={"mode": "solo", "declarer": 1, "suit": "E"})
    assert t.position["phase"] == "play" and t.draft["valid"], t.draft["error"]
    leader = t.position["turn"]
    card = t.position["players"][leader]["hand"][0]
    move(t, card, {"zone": "hand", "seat": leader, "index": 0}, {"zone": "trick"})
    assert t.draft["valid"], t.draft["error"]
    assert t.position["trick"]["cards"] == [card] and t.position["turn"] == (leader + 1) % 4
    # a taken trick needs one card of each player: one card is not a trick
    move(t, card, {"zone": "trick", "index": 0}, {"zone": "tricks", "trick": 0})
    assert "must hold 4 cards" in t.draft["error"]
    move(t, card, {"zone": "tricks", "trick": 0, "index": 0}, {"zone": "hand", "seat": leader})
    assert t.draft["valid"] and not t.position["tricks"]
    t.mode = "play"
    assert t.game.contract.mode == "solo" and t.game.phase == "play"


def test_two_player_mehrkopf_has_columns_and_sheepshead_a_blind():
    t = Table.editor("mehrkopf", players=2)
    assert t.draft["columns"] and t.position["players"][0]["bank"] == [None] * 8
    edit(t, "deal", seed=1)
    assert t.draft["valid"], t.draft["error"]
    s = Table.editor("sheepshead")
    edit(s, "deal", seed=2)
    assert s.draft["valid"], s.draft["error"]
    assert len(s.position["blind"]) == 2


def test_six_seat_mehrkopf_editor():
    t = Table.editor("mehrkopf", players=6)
    edit(t, "deal", seed=4)
    assert t.draft["valid"], t.draft["error"]


# ------------------------------------------------------------------ refused requests


BAD_EDITS = [
    ("move", {"card": "6H", "from": PALETTE, "to": {"zone": "hand", "seat": 7}}, "no seat 7"),
    ("move", {"card": "6H", "from": PALETTE, "to": {"zone": "hand", "seat": True}}, "no seat True"),
    ("move", {"card": "6H", "from": PALETTE, "to": {"zone": "attic"}}, "no zone 'attic'"),
    ("move", {"card": "6H", "from": PALETTE, "to": "hand"}, "Malformed"),
    ("move", {"card": "1H", "from": PALETTE, "to": {"zone": "stack"}}, "not a bitenight card"),
    ("move", {"card": "4D", "from": PALETTE, "to": {"zone": "stack"}}, "not among the cards not placed yet"),
    ("move", {"card": "QS", "from": {"zone": "hand", "seat": 0, "index": 0}, "to": PALETTE}, "not at that place"),
    ("move", {"card": "QS", "from": {"zone": "hand", "seat": 1, "index": 5}, "to": PALETTE}, "no card at place 5"),
    ("move", {"card": "7S", "from": PALETTE, "to": {"zone": "stack", "index": 9}}, "no place 9"),
    ("move", {"card": "7S", "from": PALETTE, "to": {"zone": "stack", "index": -1}}, "no place -1"),
    ("type", {"to": hand(0), "text": "5H XX"}, "'XX' is not a bitenight card"),
    ("type", {"to": hand(0), "text": 5}, "Malformed"),
    ("type", {"to": PALETTE, "text": "2C"}, "not into the palette"),
    ("set", {"field": "turn", "value": 2}, "the seats are Player 0 and Player 1"),
    ("set", {"field": "turn", "value": "P1"}, "the seats are Player 0 and Player 1"),
    ("set", {"field": "direction", "value": 0}, "1 (clockwise)"),
    ("set", {"field": "phase", "value": "over"}, "one of setup, play"),
    ("set", {"field": "players", "value": 17}, "2 to 16 players"),
    ("set", {"field": "contract", "value": None}, "Unknown setting 'contract'"),
    ("set", {"field": "score", "value": 1}, "Unknown setting"),
    ("deal", {"seed": "x"}, "seed is a whole number"),
    ("paste", {"text": "bitenight | P0 5H | stack ZZ"}, "cannot be read"),
    ("paste", {"text": ""}, "Paste a position text"),
    ("fold", {}, "Unknown edit 'fold'"),
]


@pytest.mark.parametrize("op, fields, words", BAD_EDITS, ids=[f"{o}-{w}" for o, _, w in BAD_EDITS])
def test_refused_edits_change_nothing_and_say_why(op, fields, words):
    t = small_bitenight()
    before, version = t.position, t.version
    edit(t, op, **fields)
    assert unchanged(t, before, version)
    assert words in t.message
    assert t.draft["valid"]


def test_a_stale_edit_changes_nothing():
    t = small_bitenight()
    before, version = t.position, t.version
    t._on_msg(t, {"action": "edit", "op": "clear", "version": version - 1}, [])
    assert unchanged(t, before, version) and "earlier position" in t.message
    t._on_msg(t, {"action": "edit", "op": "clear"}, [])
    assert unchanged(t, before, version) and "Malformed" in t.message


def test_play_requests_are_refused_while_editing_and_edits_while_playing():
    t = small_bitenight()
    before, version = t.position, t.version
    request(t, "play", player=0, cards=["5H"])
    assert unchanged(t, before, version) and "being edited" in t.message
    t.mode = "play"
    game = t.game.to_dict()
    edit(t, "clear")
    assert t.game.to_dict() == game and "not being edited" in t.message
    request(t, "mode", mode="sketch")
    assert "Malformed" in t.message and t.mode == "play"


def test_python_edit_refusal_raises_and_shows():
    t = small_bitenight()
    with pytest.raises(EditRefused, match="no seat 4"):
        t.edit("type", to=hand(4), text="2C")
    assert "no seat 4" in t.message
    t.mode = "play"
    with pytest.raises(ValueError, match="not being edited"):
        t.edit("clear")
    with pytest.raises(ValueError, match="edit mode only"):
        t.position = {"variant": "bitenight"}


# ------------------------------------------------------------------ the draft alone


def test_draft_position_is_a_copy():
    d = Draft(empty_position("bitenight", 2))
    outside = copy.deepcopy(d.position)
    d.apply({"op": "type", "to": hand(0), "text": "5H"})
    assert outside["players"][0]["hand"] == []
    assert d.position["players"][0]["hand"] == ["5H"]


TRICK_BAD_EDITS = [
    {"op": "move", "card": "EO", "from": {"zone": "blind"}, "to": PALETTE},
    {"op": "move", "card": "EO", "from": PALETTE, "to": {"zone": "bank", "seat": 0}},
    {"op": "move", "card": "EO", "from": PALETTE, "to": {"zone": "tricks", "trick": 3}},
    {"op": "move", "card": "QC", "from": PALETTE, "to": hand(0)},
    {"op": "set", "field": "contract", "value": {"mode": "grand"}},
    {"op": "set", "field": "contract", "value": {"mode": "solo", "declarer": 9}},
    {"op": "set", "field": "contract", "value": "solo"},
    {"op": "set", "field": "trick_leader", "value": 1},
    {"op": "set", "field": "direction", "value": -1},
    {"op": "set", "field": "multiplier", "value": 0},
]


@pytest.mark.parametrize("bad", TRICK_BAD_EDITS, ids=lambda b: f"{b['op']}-{b.get('field') or b.get('card')}")
def test_refused_trick_edits_leave_the_draft_exactly_as_it_was(bad):
    d = Draft(empty_position("schafkopf"))
    d.apply({"op": "deal", "seed": 9})
    saved = copy.deepcopy(d.position)
    with pytest.raises(EditRefused):
        d.apply(bad)
    assert d.position == saved and d.valid


# ------------------------------------------------------------------ what RULES.md forbids


def test_a_hand_below_three_beside_a_draw_pile_is_not_a_position():
    # a hand is refilled to three within the play that shortened it, so the editor refuses
    # to play from two cards in hand while cards wait to be drawn (not only from an empty hand)
    t = Table.editor("bitenight", players=2)
    t.position = "bitenight | P0 5H 9C KD | P1 QS 2C | stack 4D | draw 7S"
    assert not t.draft["valid"]
    assert t.draft_error.startswith("P1 holds 2 cards in hand while the draw pile holds cards")
    assert "refilled to three" in t.draft_error
    request(t, "mode", mode="play")
    assert t.mode == "edit" and "refilled to three" in t.message
    move(t, "7S", {"zone": "draw", "index": 0}, PALETTE)  # the draw pile is gone: two cards are fine
    assert t.draft["valid"], t.draft["error"]


def test_an_empty_table_says_that_nobody_holds_a_card_not_that_p0_is_not_finished():
    t = Table.editor("bitenight", players=3)
    assert t.draft_error.startswith("nobody holds a card (") and "finished" not in t.draft_error
    edit(t, "deal", seed=1)
    assert t.draft["valid"]
    edit(t, "clear")
    assert t.draft_error.startswith("nobody holds a card (")
    edit(t, "type", to={"zone": "stack"}, text="4D")  # one card placed: the engine's own words
    assert t.draft_error == "P0 holds no cards but is not listed as finished"


def test_the_finished_setting_the_message_names_exists_and_makes_the_position():
    t = Table.editor("bitenight", players=3)
    t.position = "bitenight | P0 5H 9C | P1 QS | P2 | stack 4D"
    assert t.draft_error == "P2 holds no cards but is not listed as finished"
    edit(t, "set", field="finished", value=[2])
    assert t.draft["valid"], t.draft["error"]
    assert t.position["finished"] == [2]
    request(t, "mode", mode="play")
    assert t.mode == "play" and t.game.finished == [2]


# ------------------------------------------------------------------ where the seats sit


@pytest.mark.parametrize(
    "variant, players",
    [("bitenight", n) for n in range(2, 9)] + [("schwechat", 6), ("sheepshead", 5), ("schafkopf", 4), ("mehrkopf", 6)],
)
def test_the_editor_seats_the_players_where_play_does(variant, players):
    g = sk.new_game(variant, players=players, seed=1)
    t = Table(g, mode="edit")
    assert t.draft["rows"] == Table(g).info["rows"]
    assert t.draft["rows"]["bottom"].count(0) == 1  # P0 at the bottom, as in play


# ------------------------------------------------------------------ nothing gets wedged

#: the synced traits that a refusal must leave as they were (it only writes its message)
UNTOUCHED = ("state", "info", "legal", "log", "version", "interactive", "hints", "table_mode", "draft")


def traits(table):
    return {k: copy.deepcopy(getattr(table, k)) for k in UNTOUCHED}


def engine_fails(monkeypatch, where="scheissekopf.editor.from_dict"):
    """Make the engine's position reader fail as a bug would (not with InvalidPosition)."""

    def broken(_data):
        raise AttributeError("'NoneType' object has no attribute 'mode'")

    monkeypatch.setattr(where, broken)


@pytest.mark.parametrize("op, fields, words", BAD_EDITS, ids=[f"{o}-{w}" for o, _, w in BAD_EDITS])
def test_every_refused_edit_leaves_the_draft_and_the_synced_traits_unchanged(op, fields, words):
    t = small_bitenight()
    before, draft = traits(t), (t.position, t.draft_error, t._draft.game)
    edit(t, op, **fields)
    assert traits(t) == before and (t.position, t.draft_error, t._draft.game) == draft
    assert words in t.message


def test_an_edit_the_engine_fails_on_is_refused_and_changes_nothing(monkeypatch):
    t = small_bitenight()
    before, position = traits(t), t.position
    engine_fails(monkeypatch)
    edit(t, "set", field="turn", value=1)
    assert traits(t) == before and t.position == position and t.draft["valid"]
    assert "not made" in t.message and "as it was" in t.message and "NoneType" not in t.message
    with pytest.raises(EditRefused, match="not made"):
        t.edit("set", field="turn", value=1)
    assert traits(t) == before
    monkeypatch.undo()
    edit(t, "set", field="turn", value=1)  # the editor is not wedged
    assert t.position["turn"] == 1 and t.draft["valid"]


def test_phase_over_on_a_dealt_sheepshead_draft_never_wedges_the_editor():
    t = Table.editor("sheepshead")
    edit(t, "deal", seed=3)
    assert t.draft["valid"]
    before = traits(t)
    edit(t, "set", field="phase", value="over")
    if t.draft["valid"]:  # what the draft claims holds: the engine reads it
        sk.from_dict(t.position)
    elif t.position.get("phase") != "over":  # refused: nothing changed
        assert traits(t) == before and t.message
    request(t, "mode", mode="play")
    if t.mode == "edit":
        assert t.table_mode == "edit" and t.message
    else:
        assert t.table_mode == "play" and t.game.to_dict()
    repr(t)
    t.mode = "edit"
    edit(t, "clear")
    assert t.position["players"][0]["hand"] == [] and len(t.draft["palette"]) == 32


def test_play_from_here_that_fails_leaves_the_table_in_the_editor(monkeypatch):
    t = small_bitenight()
    edit(t, "set", field="turn", value=1)
    before, position = traits(t), t.position
    engine_fails(monkeypatch, "scheissekopf.table.from_dict")
    request(t, "mode", mode="play")
    assert t.mode == "edit" and traits(t) == before and t.position == position
    assert "Play from here failed" in t.message
    with pytest.raises(sk.InvalidPosition, match="Play from here failed"):
        t.mode = "play"
    assert t.mode == "edit" and traits(t) == before
    monkeypatch.undo()
    request(t, "mode", mode="play")
    assert t.mode == "play" and t.game.turn == 1


MALFORMED = [
    {"variant": "bitenight"},
    {"variant": "bitenight", "players": "P0 P1"},
    {"variant": "bitenight", "players": [1, 2]},
    {"variant": "bitenight", "players": [{"hand": "5H"}, {}]},
    {"variant": "bitenight", "players": [{}]},
    {"variant": "bitenight", "players": [{}, {}], "stack": "4D"},
    {"variant": "sheepshead", "players": [{}] * 5, "tricks": "all"},
    {"variant": "sheepshead", "players": [{}] * 5, "trick": {"cards": 3}},
    {"variant": "skat", "players": [{}, {}, {}]},
    {"variant": "bitenight", "players": [{}, {}], "seed": object()},
    ["bitenight"],
    "bitenight | P0 5H | stack ZZ",
]


@pytest.mark.parametrize("bad", MALFORMED, ids=[repr(b)[:40] for b in MALFORMED])
def test_assigning_a_malformed_position_raises_and_leaves_the_table_as_it_was(bad):
    t = small_bitenight()
    before, position = traits(t), t.position
    with pytest.raises(sk.InvalidPosition):
        t.position = bad
    assert traits(t) == before and t.position == position
    assert repr(t) == "Table(editing bitenight, 2 players, a position)"
    edit(t, "clear")
    assert len(t.draft["palette"]) == 54


def test_undo_back_to_the_editor_is_a_notice_not_a_refusal():
    t = small_bitenight()
    request(t, "mode", mode="play")
    request(t, "undo")
    assert t.mode == "edit" and "Back in the editor" in t.message and t.tone == "info"


# ------------------------------------------------------------------ random requests

_ZONES = [
    "palette",
    "hand",
    "bank",
    "gamble",
    "stack",
    "draw",
    "discard",
    "blind",
    "buried",
    "trick",
    "tricks",
    "attic",
]
_JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 9), st.floats(allow_nan=False), st.text(max_size=4), st.just([])
)


@st.composite
def places(draw):
    place = {"zone": draw(st.sampled_from(_ZONES))}
    for key in ("seat", "index", "trick"):
        if draw(st.booleans()):
            place[key] = draw(st.one_of(st.integers(-1, 8), _JUNK))
    return place


@st.composite
def edit_requests(draw, cards):
    op = draw(st.sampled_from(["move", "move", "move", "type", "set", "set", "deal", "clear", "paste", "fold"]))
    card = draw(st.one_of(st.sampled_from(cards), _JUNK))
    fields = {
        "move": lambda: {"card": card, "from": draw(places()), "to": draw(places())},
        "type": lambda: {
            "to": draw(places()),
            "text": " ".join(draw(st.lists(st.sampled_from(cards + ["-", "ZZ"]), max_size=4))),
        },
        "set": lambda: {
            "field": draw(
                st.sampled_from(
                    [
                        "players",
                        "turn",
                        "direction",
                        "dealer",
                        "phase",
                        "pending",
                        "finished",
                        "decks",
                        "contract",
                        "multiplier",
                        "trick_leader",
                    ]
                )
            ),
            "value": draw(
                st.one_of(
                    _JUNK,
                    st.sampled_from(["setup", "play", "over", "pick", "auction"]),
                    st.lists(st.integers(0, 5), max_size=3),
                )
            ),
        },
        "deal": lambda: {"seed": draw(st.one_of(st.integers(0, 99), _JUNK))},
        "clear": lambda: {},
        "paste": lambda: {
            "text": draw(st.sampled_from(["bitenight | P0 5H 9C KD | P1 QS 2C 4D", "palace | P0 5H | P1", "x | y", ""]))
        },
        "fold": lambda: {},
    }[op]()
    return {"op": op, **fields}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["bitenight", "schwechat", "sheepshead", "schafkopf"]), st.data())
def test_random_edit_requests_are_made_or_refused_whole_and_never_wedge_the_editor(variant, data):
    t = Table.editor(variant)
    cards = (
        [str(c) for c in sk.deck(variant, len(t.position["players"]))]
        if variant in sk.TRICK_VARIANTS
        else ["5H", "9C", "QS", "JK", "10D", "4S"]
    )
    if data.draw(st.booleans()):
        edit(t, "deal", seed=data.draw(st.integers(0, 9)))
    for _ in range(data.draw(st.integers(1, 8))):
        request_ = data.draw(edit_requests(cards))
        before, version = traits(t), t.version
        edit(t, **request_)  # nothing is raised out of the handler
        if t.version == version:  # refused: it says why and changed nothing
            assert t.message and traits(t) == before, request_
        if t.draft["valid"]:  # what the draft claims, the engine confirms
            assert sk.from_dict(t.position).to_dict() == t.position
            assert sk.from_text(t.draft["text"]).to_dict() == t.position
        else:
            assert t.draft["error"] and not t.draft["text"]
        assert repr(t).startswith("Table(editing")
    edit(t, "clear")
    assert t.message == "" and not t.position["players"][0].get("hand")


def test_an_editor_tables_picture_is_the_draft_in_words_not_the_game_behind_it():
    """Where no kernel runs (a notebook viewer), an editor table's picture is the position being
    built, seats by name and cards as drawn; an impossible draft is named in words."""
    t = Table.editor("bitenight", players=2)
    t.position = "bitenight | P0 5H 9C | P1 QS | stack 4D | names Ada Ben"
    picture = t._repr_mimebundle_()[0]["text/html"]
    assert 'title="5\u2665"' in picture and 'title="Q\u2660"' in picture and "Ada to move" in picture
    assert not re.search(r"\bP\d\b|\b(?:10|[2-9JQKA])[CDHS]\b", picture)
    t.edit("type", to={"zone": "hand", "seat": 1}, text="5H")
    picture = t._repr_mimebundle_()[0]["text/html"]
    assert "Not a position yet: 2 copies of 5\u2665, but one pack holds only 1." in picture
    assert "5H" not in picture
