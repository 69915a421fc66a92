"""American Sheepshead: picking, burying, calling, the hidden partner, the card in the hole,
leasters, doublers, six players, and every row of the scoring table. One test per rule."""

import random

import pytest
from helpers import play_all as play
from helpers import refused_move as refused
from helpers import texts

import scheissekopf as sk
from scheissekopf import trick
from scheissekopf.trick import RULES, Contract
from scheissekopf.trick.cards import french

# Dealer 0. P1 picks up 10H KS; after burying them P1 may call AC or AH (not AS: no spade).
BASE = {
    0: "8D 7D 9C 8C 8S 7H",
    1: "QC QS JC AD 7C 8H",
    2: "QH JS 10D AC 9S 7S",
    3: "QD JH KD 10C AS KH",
    4: "JD 9D KC 9H 10S AH",
}
BLIND = "10H KS"
# P1 holds only diamonds: no ace can be called the ordinary way.
ALL_TRUMP = {
    0: "9H 8H 7H QD JC JS",
    1: "AD 10D KD 9D 8D 7D",
    2: "AC 10C KC 9C 8C 7C",
    3: "AS 10S KS 9S 8S 7S",
    4: "AH 10H KH QC QS QH",
}
# P1 picks up QH QD and then holds all three fail aces.
ALL_ACES = {
    0: "8D 7D 9C 8C 8S 7H",
    1: "AC AS AH QC QS 7C",
    2: "JH JS 10D 10C 9S 7S",
    3: "JD JC KD KC 10S KH",
    4: "AD 9D 10H 9H 8H KS",
}


def deal(hands, blind, **extra):
    d = {"variant": "sheepshead", "players": [{"hand": hands[s].split()} for s in range(5)], "blind": blind.split()}
    d.update(extra)
    return sk.Game.from_dict(d)


def called_ah():
    return play(deal(BASE, BLIND), "pick", "bury KS 10H", "call AH")


def finished(contract, tricks, buried="7C 7S", **extra):
    """A hand played out: `tricks` gives each trick's cards from its leader on."""
    c = Contract(contract["mode"], contract.get("declarer"))
    order = RULES["sheepshead"].order_for(5, c)
    leader, out = 1, []
    for t in tricks:
        cards = [french(x) for x in t.split()]
        out.append({"leader": leader, "cards": t.split()})
        leader = (leader + order.winner(cards, order.grp[cards[0]])) % 5
    d = {
        "variant": "sheepshead",
        "players": [{"hand": []} for _ in range(5)],
        "phase": "over",
        "contract": contract,
        "tricks": out,
    }
    if contract["mode"] == "leaster":
        d["blind"] = buried.split()
    else:
        d["buried"] = buried.split()
    d.update(extra)
    return sk.Game.from_dict(d)


CALLED = {"mode": "called", "declarer": 1, "called": "AH"}
# P1 and the partner P2 (who plays AH) take exactly 61; the buried 7C 7S count nothing.
WIN_61 = [
    "QC QS QH QD JC",
    "JS AH AC AS 9C",
    "JH 9H 8H 7H 8C",
    "10D 9D 9S 8S 7D",
    "KH 10H 10C KC AD",
    "8D KS 10S KD JD",
]
LOSE_60 = [
    "QC QS QH JD JC",
    "JS AH AC AS 9C",
    "JH 9H 8H 7H 8C",
    "10D 9D 9S 8S 7D",
    "KH 10H 10C KC AD",
    "8D KS 10S KD QD",
]
SCHNEIDER_WIN = [
    "QC QS QH QD JC",
    "JS AH AC AS 9C",
    "JH 9H 8H 7H 8C",
    "10D 9D 9S 8S 7D",
    "AD 10H 10C KC KH",
    "8D KS 10S KD JD",
]
SCHNEIDERED = [
    "QC QS QH QD JC",
    "9C AH AC AS JS",
    "JH 9H 8H 7H 8C",
    "10D 9D 9S 8S 7D",
    "AD 10H 10C KC KH",
    "JD KS 10S KD 8D",
]
ALL_TRICKS = [
    "QC QS QH QD JC",
    "JS AH AC AS 9C",
    "JH 9H 8H 7H 8C",
    "JD 10D 9S 8S 7D",
    "AD 10H 10C KC KH",
    "KD KS 10S 9D 8D",
]
NO_TRICK = [
    "9C AH AC AS JS",
    "QC 9H 8H 7H 8C",
    "QS 9D 9S 8S 7D",
    "QH 10H 10C KC KH",
    "QD KS 10S KD 8D",
    "JC JH JD 10D AD",
]


# ------------------------------------------------------------------------------ deal and pick
def test_deal_six_cards_each_and_two_to_the_blind():
    g = sk.new_game("sheepshead", players=5, seed=3)
    assert [len(p.hand) for p in g.players] == [6] * 5 and len(g.blind) == 2
    assert g.phase == "pick" and g.turn == 1
    assert sorted(g.blind + [c for p in g.players for c in p.hand]) == sorted(sk.deck("sheepshead", 5))


def test_picking_goes_round_from_the_dealers_left_and_the_picker_takes_the_blind():
    g = play(deal(BASE, BLIND), "pass", "pass", "pick")
    assert g.phase == "bury" and g.turn == 3 and g.blind == []
    assert len(g.players[3].hand) == 8 and french("10H") in g.players[3].hand
    assert g.bids == [None, "pass", "pass", "pick", None]


def test_the_blind_is_hidden_in_every_view():
    g = deal(BASE, BLIND)
    for s in range(5):
        v = g.view(s).to_dict()
        assert v["blind"] == ["??", "??"]
        assert all(p["hand"] == ["??"] * 6 for i, p in enumerate(v["players"]) if i != s)


def test_the_picker_buries_two_cards_that_count_for_the_picker():
    g = play(deal(BASE, BLIND), "pick")
    refused(g, "bury 9C 7C", "has no 9C")
    play(g, "bury KS 10H")
    assert g.phase == "call" and len(g.players[1].hand) == 6
    # (laid away in the hand's order, whichever order they are named in: one move, one position)
    assert g.view(1).to_dict()["buried"] == ["10H", "KS"] and g.view(2).to_dict()["buried"] == ["??", "??"]


def test_the_picker_calls_the_ace_of_a_fail_suit_held_without_its_ace():
    g = play(deal(BASE, BLIND), "pick", "bury KS 10H")
    assert texts(g.legal_moves()) == ["P1 alone", "P1 call AC", "P1 call AH"]
    refused(g, "call AS", "must hold a card of the called suit")
    refused(g, "call AD", "never a trump")


def test_the_holder_of_the_called_ace_is_a_partner_nobody_else_can_see():
    g = called_ah()
    assert g.declarers == (1, 4) and g.phase == "play" and g.turn == 1
    assert g.view(0).to_dict()["declarers"] == [1]
    assert g.view(4).to_dict()["declarers"] == [1, 4]
    play(g, "8H", "7S", "KH", "AH", "7H")
    assert g.view(0).to_dict()["declarers"] == [1, 4]


def test_holding_every_fail_ace_the_picker_calls_a_fail_ten():
    g = play(deal(ALL_ACES, "QH QD"), "pick", "bury QH QD")
    assert texts(g.legal_moves()) == ["P1 alone", "P1 call 10C", "P1 call 10H", "P1 call 10S"]
    refused(g, "call AC", "in the picker's own hand")


def test_with_no_ace_to_call_a_card_goes_in_the_hole():
    g = play(deal(ALL_TRUMP, "JH JD"), "pick", "bury JH JD")
    moves = texts(g.legal_moves())
    assert "P1 under AH 7D" in moves and not any(" call " in m for m in moves)
    assert len(moves) == 3 * 6 + 1
    play(g, "under AH 7D")
    assert french("7D") not in g.players[1].hand and g.hole == french("7D") and g.declarers == (1, 4)
    assert g.view(2).to_dict()["hole"] == "??" and g.view(1).to_dict()["hole"] == "7D"


def test_the_card_in_the_hole_is_played_when_the_called_suit_is_led_and_cannot_win():
    g = play(
        deal(ALL_TRUMP, "JH JD"), "pick", "bury JH JD", "under AH 7D", "8D", "7C", "7S", "QH", "JS"
    )  # P4 takes it with QH
    assert g.turn == 4
    play(g, "AH", "9H")
    refused(g, "AD", "the card in the hole must be played now")
    assert texts(g.legal_moves()) == ["P1 hole"]
    play(g, "hole", "8C", "8S")
    t = g.tricks[-1]
    assert t.winner == 4 and french("7D") in t.cards  # the 7D is a trump, but the hole never wins
    assert "??" in g.view(2).to_dict()["tricks"][-1]["cards"]
    assert "7D" in g.view(4).to_dict()["tricks"][-1]["cards"]  # the taker sees it


def test_the_picker_may_go_alone():
    g = play(deal(BASE, BLIND), "pick", "bury KS 10H", "alone")
    assert g.declarers == (1,) and g.contract.mode == "alone"


# ------------------------------------------------------------------------------ play
def test_you_must_follow_trump():
    g = play(called_ah(), "QC")
    refused(g, "AC", "you must follow trump")
    assert texts(g.legal_moves()) == ["P2 10D", "P2 JS", "P2 QH"]


def test_you_must_follow_the_led_fail_suit():
    g = play(called_ah(), "7C")
    refused(g, "QH", "you must follow suit: clubs was led")
    assert texts(g.legal_moves()) == ["P2 AC"]


def test_the_picker_keeps_a_card_of_the_called_suit_until_it_is_led():
    g = play(called_ah(), "7C", "AC", "10C", "KC", "9C", "9S", "AS", "10S", "8S")  # P1 has no spade
    refused(g, "8H", "the picker must keep one card of the called suit")
    assert texts(g.legal_moves()) == ["P1 AD", "P1 JC", "P1 QC", "P1 QS"]


def test_the_called_ace_must_be_played_when_its_suit_is_led_first():
    g = play(called_ah(), "8H", "7S", "KH")
    refused(g, "9H", "the called ace must be played when its suit is led first")
    assert texts(g.legal_moves()) == ["P4 AH"]


def test_the_partner_leading_the_called_suit_leads_the_called_ace():
    g = play(called_ah(), "AD", "10D", "KD", "JD", "8D")  # P4 takes it with JD
    assert g.turn == 4
    refused(g, "9H", "must lead it")
    assert {"P4 AH", "P4 KC"} <= set(texts(g.legal_moves()))


def test_a_hand_has_six_tricks_and_the_trick_winner_leads():
    g = called_ah()
    rng = random.Random(5)
    while g.phase != "over":
        before = len(g.tricks)
        g.play(rng.choice(g.legal_moves()))
        if len(g.tricks) > before and g.phase != "over":
            assert g.turn == g.tricks[-1].winner
    assert len(g.tricks) == 6
    assert sum(g.taken_points().values()) == 120


# ------------------------------------------------------------------------------ scoring table
def test_picker_and_partner_with_61_win_two_and_one():
    g = finished(CALLED, WIN_61)
    assert g.result()["declarer_points"] == 61 and g.declarers == (1, 2)
    assert g.scores() == {0: -1, 1: 2, 2: 1, 3: -1, 4: -1}


def test_picking_side_with_60_loses():
    g = finished(CALLED, LOSE_60)
    assert g.result()["declarer_points"] == 60
    assert g.scores() == {0: 1, 1: -2, 2: -1, 3: 1, 4: 1}


def test_opposition_below_30_is_schneidered_and_pays_double():
    g = finished(CALLED, SCHNEIDER_WIN)
    assert g.result()["opponent_points"] == 20
    assert g.scores() == {0: -2, 1: 4, 2: 2, 3: -2, 4: -2}


def test_picking_side_below_31_is_schneidered_and_pays_double():
    g = finished(CALLED, SCHNEIDERED)
    assert g.result()["declarer_points"] == 14
    assert g.scores() == {0: 2, 1: -4, 2: -2, 3: 2, 4: 2}


def test_picking_side_taking_every_trick_wins_triple():
    g = finished(CALLED, ALL_TRICKS)
    assert g.scores() == {0: -3, 1: 6, 2: 3, 3: -3, 4: -3}


def test_opposition_taking_every_trick_costs_the_picker_nine_and_the_partner_nothing():
    g = finished(CALLED, NO_TRICK)
    assert g.declarers == (1, 2)
    assert g.scores() == {0: 3, 1: -9, 2: 0, 3: 3, 4: 3}


def test_going_alone_the_picker_wins_or_pays_every_opponent():
    g = finished({"mode": "alone", "declarer": 1}, WIN_61)
    assert g.result()["declarer_points"] == 61
    assert g.scores() == {0: -1, 1: 4, 2: -1, 3: -1, 4: -1}


def test_leaster_fewest_points_among_trick_takers_wins_and_the_blind_goes_to_the_last_trick():
    tricks = WIN_61[:4] + ["KH 10H 7C 7S AD", "8D KS 10S KD JD"]
    g = finished({"mode": "leaster"}, tricks, buried="10C KC")
    assert g.tricks[-1].winner == 4
    assert g.taken_points() == {0: 25, 1: 61, 2: 0, 3: 0, 4: 34}  # 20 in tricks + the blind's 14
    assert g.scores() == {0: 4, 1: -1, 2: -1, 3: -1, 4: -1}


def test_leaster_player_without_a_trick_cannot_win():
    g = finished({"mode": "leaster"}, WIN_61)
    assert g.taken_points()[2] == 0
    assert g.scores()[2] == -1 and g.scores()[4] == 4


def test_when_nobody_picks_the_hand_is_a_leaster():
    g = play(deal(BASE, BLIND), "pass", "pass", "pass", "pass", "pass")
    assert g.phase == "play" and g.contract.mode == "leaster" and g.declarers == ()
    assert len(g.blind) == 2 and g.turn == 1


def test_with_doublers_nobody_picking_means_a_new_deal_that_counts_double():
    g = trick.new_game("sheepshead", players=5, seed=8, doublers=True)
    first = g.to_dict()["players"]
    play(g, "pass", "pass", "pass", "pass", "pass")
    assert g.phase == "pick" and g.multiplier == 2 and g.turn == 1
    assert g.to_dict()["players"] != first and len(g.blind) == 2
    rng = random.Random(1)
    play(g, "pick")
    while g.phase != "over":
        g.play(rng.choice(g.legal_moves()))
    assert all(v % 2 == 0 for v in g.scores().values()) and sum(g.scores().values()) == 0
    assert finished(CALLED, WIN_61, multiplier=2).scores() == {0: -2, 1: 4, 2: 2, 3: -2, 4: -2}


def test_six_players_the_dealer_sits_out():
    g = sk.new_game("sheepshead", players=6, seed=2, dealer=3)
    assert len(g.players[3].hand) == 0 and [len(g.players[s].hand) for s in (0, 1, 2, 4, 5)] == [6] * 5
    assert g.turn == 4
    rng = random.Random(2)
    while g.phase != "over":
        assert g.turn != 3
        g.play(rng.choice(g.legal_moves()))
    assert g.scores()[3] == 0 and sum(g.scores().values()) == 0
    assert all(3 not in t.seats for t in g.tricks)


def test_every_hand_scores_to_zero():
    for seed in range(60):
        g = sk.new_game("sheepshead", players=5 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while g.phase != "over":
            g.play(rng.choice(g.legal_moves()))
        assert sum(g.scores().values()) == 0


# ------------------------------------------------------------------------------ engine surface
def test_a_refused_move_changes_nothing():
    g = deal(BASE, BLIND)
    refused(g, "QC", "picks or passes first")
    refused(g, "P2 pick", "turn")
    refused(g, "bury 7C 8H", "picks up the blind or passes")


def test_positions_round_trip_and_impossible_ones_are_refused():
    g = play(called_ah(), "QC", "QH")
    d = g.to_dict()
    assert sk.Game.from_dict(d).to_dict() == d
    with pytest.raises(sk.InvalidPosition, match="not in the sheepshead deck"):
        sk.Game.from_dict(dict(d, buried=["2C", "10H"]))
    with pytest.raises(sk.InvalidPosition, match="cards missing"):
        sk.Game.from_dict(dict(d, buried=["KS"]))
    with pytest.raises(sk.InvalidPosition, match="the picker cannot call"):
        sk.Game.from_dict(dict(d, contract=dict(d["contract"], called="10H"), bound=["10H"]))


def test_undo_returns_to_the_deal():
    g = deal(BASE, BLIND)
    start = g.to_dict()
    play(g, "pick", "bury KS 10H", "call AH", "QC", "QH", "QD", "JD", "8D")
    for _ in range(8):
        g.undo()
    assert g.to_dict() == start


def test_the_log_tells_picking_and_calling_without_naming_the_buried_cards():
    g = called_ah()
    text = " ".join(e.text for e in g.log)
    assert "P1 picks up the blind." in text and "P1 calls AH" in text
    assert "KS" not in text and "10H" not in text


# P1 and P0 each take one trick worth nothing; P2 takes the rest.
LEASTER_TIE = [
    "9D 7C 8C 9C 7S",
    "7D 8S 9S 7H 8D",
    "KD AC QC 10C KC",
    "QS QH QD JC JS",
    "JH JD AD 10D AS",
    "10S KS AH 10H KH",
]


def test_leaster_tie_for_fewest_points_is_settled_by_a_lot_drawn_from_the_seed():
    results = set()
    for seed in range(12):
        g = finished({"mode": "leaster"}, LEASTER_TIE, buried="8H 9H", seed=seed)
        assert g.taken_points()[0] == g.taken_points()[1] == 0
        assert g.lot in (0, 1)
        assert g.scores()[g.lot] == 4 and sum(g.scores().values()) == 0
        assert finished({"mode": "leaster"}, LEASTER_TIE, buried="8H 9H", seed=seed).lot == g.lot
        results.add(g.lot)
    assert results == {0, 1}
    with pytest.raises(sk.InvalidPosition, match="lot"):
        finished({"mode": "leaster"}, WIN_61, lot=0)  # nobody tied: no lot


def test_knocking_an_opponent_may_double_once_the_picker_has_called():
    g = play(deal(BASE, BLIND, options={"knocking": True}), "pick", "bury KS 10H", "call AH")
    assert g.phase == "double" and g.turn == 2
    assert texts(g.legal_moves()) == ["P2 double", "P2 pass"]
    play(g, "pass", "pass")
    assert texts(g.legal_moves()) == ["P4 pass"]  # the partner may not double
    refused(g, "double", "only an opponent of the picker")
    play(g, "pass", "double")
    assert g.phase == "play" and g.turn == 1 and g.multiplier == 2


def test_knocking_a_seat_that_passed_the_blind_may_double_only_holding_the_queen_of_spades():
    g = play(deal(BASE, BLIND, options={"knocking": True}), "pass", "pass", "pick", "bury KS 10H", "call AH")
    assert g.turn == 1 and texts(g.legal_moves()) == ["P1 double", "P1 pass"]  # P1 holds QS
    play(g, "pass")
    assert texts(g.legal_moves()) == ["P2 pass"]  # P2 passed, no QS
    play(g, "pass", "pass", "pass")
    assert g.phase == "play" and g.multiplier == 1
