"""The Hint button on a trick table (sheepshead, schafkopf, mehrkopf), from the Python side."""

from __future__ import annotations

import pytest

import scheissekopf as sk

pytest.importorskip("anywidget")

from helpers import request, words  # noqa: E402

from scheissekopf.table import Table  # noqa: E402


def test_a_trick_table_hint_request_ranks_the_moves_by_settlement():
    g = sk.new_game("schafkopf", 4, seed=5)
    t = Table(g)
    t.hint_iterations = 40
    seat = g.turn
    request(t, "hint", player=seat)
    assert t.message == "" and t.game.history == []
    h = t.hints
    assert h["seat"] == seat and h["playouts"] == 40 and h["measure"] == "settlement"
    assert {r["text"] for r in h["rows"]} == {str(m) for m in g.legal_moves()}
    assert sum(r["visits"] for r in h["rows"]) == 40
    for r in h["rows"]:
        assert 0 <= r["win"] <= 1 and isinstance(r["points"], float)
    t.play(h["rows"][0]["text"])
    assert t.hints == {}


def test_a_trick_table_seen_by_a_seat_hints_from_its_cards_only():
    g = sk.new_game("sheepshead", 5, seed=3)
    while g.phase != "play":
        g.play(g.legal_moves()[-1] if g.phase == "pick" else g.legal_moves()[0])
    for _ in range(3):
        g.play(g.legal_moves()[0])
    seat = g.turn
    t = Table(g, view=seat, bots=None)
    t.hint_iterations = 30
    request(t, "hint", player=seat)
    secret = {str(c) for s, p in enumerate(g.players) if s != seat for c in p.hand}
    secret |= {str(c) for c in g.blind + g.buried}
    assert t.hints["rows"] and secret and not secret & words(t.hints)
    assert all(r["text"].startswith(f"P{seat} ") for r in t.hints["rows"])
    request(t, "hint", player=(seat + 1) % 5)
    assert "seen by" in t.message


def test_no_trick_hint_for_a_seat_not_to_move():
    g = sk.new_game("schafkopf", 4, seed=5)
    t = Table(g)
    request(t, "hint", player=(g.turn + 1) % 4)
    assert "no move" in t.message and "rows" not in t.hints
