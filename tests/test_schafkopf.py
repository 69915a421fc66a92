"""Schafkopf (four players) and Mehrkopf (two to six): one focused test per rule.

Most tests start from a stacked deal written as four hands (seat 0 is the dealer, so seat 1 bids
and leads first). Finished hands for the scoring tests are written trick by trick; the seat that
played each card follows from who led and who took the trick before.
"""

import random
from fractions import Fraction

import pytest
from helpers import play_all as play
from helpers import refused_move as refused
from helpers import texts

import scheissekopf as sk
from scheissekopf.bots import RandomBot, play_round
from scheissekopf.trick import RULES, Contract
from scheissekopf.trick.cards import german

# seat 0 deals; seat 1 holds EO HO EU, can call GA or SA; seat 3 holds GA (and G10 G8)
BASE = ["E10 EK E9 E8 GK SA S10 S8", "EO HO EU H10 H8 G9 G7 S9", "GO SO GU HA H9 EA E7 SK", "HU SU HK H7 GA G10 G8 S7"]


def deal(hands, variant="schafkopf", **extra):
    d = {"variant": variant, "players": [{"hand": h.split()} for h in hands]}
    d.update(extra)
    return sk.Game.from_dict(d)


def normal_game():
    """BASE after P1 bids a normal game and calls GA (P3 is the hidden partner)."""
    return play(deal(BASE), "bid normal", "pass", "pass", "pass", "call GA")


def finished(contract, tricks, variant="schafkopf", n=4, **extra):
    """A hand played to its end: `tricks` lists each trick's cards from its leader on."""
    rules = RULES[variant]
    c = dict(contract)
    con = Contract(
        c["mode"],
        c.get("declarer"),
        c.get("suit"),
        german(c["called"]) if c.get("called") else None,
        c.get("tout", False),
    )
    order = rules.order_for(n, con)
    leader, out = 1, []
    for t in tricks:
        cards = [german(x) for x in t.split()]
        out.append({"leader": leader, "cards": t.split()})
        leader = (leader + order.winner(cards, order.grp[cards[0]])) % n
    d = {
        "variant": variant,
        "players": [{"hand": []} for _ in range(n)],
        "phase": "over",
        "contract": contract,
        "tricks": out,
    }
    d.update(extra)
    return sk.Game.from_dict(d)


# A normal game of P1 calling EA (P3 plays it). Declarers take exactly 61.
WIN_61 = [
    "EO E7 EA GO",
    "HO G7 GA G8",
    "SO S7 SA S8",
    "EU E9 E10 G9",
    "HK E8 H8 H7",
    "H9 GU EK HA",
    "HU G10 S10 GK",
    "SU SK S9 H10",
]
# The same with GO and GU changed over: declarers take exactly 60.
LOSE_60 = [
    "EO E7 EA GU",
    "HO G7 GA G8",
    "SO S7 SA S8",
    "EU E9 E10 G9",
    "HK E8 H8 H7",
    "H9 GO EK HA",
    "HU G10 S10 GK",
    "SU SK S9 H10",
]
# Declarers take all but the last trick, which holds 2 points: opponents are schneider.
SCHNEIDER = [
    "EO GO HO SO",
    "EU GU EA G7",
    "HA H7 E10 G8",
    "H10 H8 EK G9",
    "HK H9 HU GA",
    "SA S10 SK S9",
    "S8 S7 G10 GK",
    "E9 SU E8 E7",
]
# ...and the same with the last trick also going to the declarers: schwarz.
SCHWARZ = SCHNEIDER[:7] + ["E9 E8 SU E7"]
NORMAL_EA = {"mode": "normal", "declarer": 1, "suit": "H", "called": "EA"}
# A Wenz: P1 leads the four Unter, then the four aces, and takes every trick.
WENZ_ALL = [
    "EU E7 E8 E9",
    "GU G7 G8 G9",
    "HU H7 H8 H9",
    "SU S7 S8 S9",
    "EA E10 EK EO",
    "GA G10 GK GO",
    "HA H10 HK HO",
    "SA S10 SK SO",
]


# ------------------------------------------------------------------------------ the deal
def test_deal_gives_eight_cards_each_and_the_auction_opens_at_the_dealers_left():
    g = sk.new_game("schafkopf", players=4, seed=5, dealer=2)
    assert g.phase == "auction" and g.turn == 3
    assert [len(p.hand) for p in g.players] == [8, 8, 8, 8]
    assert sorted(c for p in g.players for c in p.hand) == sorted(sk.deck("schafkopf", 4))


def test_same_seed_same_deal_and_different_seeds_deal_differently():
    a = sk.new_game("schafkopf", 4, seed=11).to_dict()["players"]
    assert a == sk.new_game("schafkopf", 4, seed=11).to_dict()["players"]
    assert a != sk.new_game("schafkopf", 4, seed=12).to_dict()["players"]


def test_schafkopf_is_for_four_players_mehrkopf_for_two_to_six():
    with pytest.raises(ValueError, match="4 players"):
        sk.new_game("schafkopf", players=5, seed=1)
    with pytest.raises(ValueError, match="2 to 6"):
        sk.new_game("mehrkopf", players=7, seed=1)


# ------------------------------------------------------------------------------ auction
def test_a_later_bid_must_be_higher_so_equal_bids_go_to_the_earlier_seat():
    g = play(deal(BASE), "bid normal")
    refused(g, "bid normal", "later bid must be higher")
    assert "P2 bid solo" in texts(g.legal_moves())


def test_tout_beats_solo_beats_normal():
    g = play(deal(BASE), "bid normal", "bid solo", "bid tout", "pass")
    assert g.phase == "declare" and g.turn == 3
    assert all(m.kind == "tout" for m in g.legal_moves())


def test_normal_bid_needs_a_callable_ace():
    hands = [
        "GK G9 G8 G7 SK S9 S8 S7",
        "HU EA E10 EK GA G10 SA S10",
        "EO GO HO SO EU GU SU HA",
        "H10 HK H9 H8 H7 E9 E8 E7",
    ]
    refused(deal(hands), "bid normal", "a normal game needs an ace to call")


def test_the_called_ace_may_not_be_hearts():
    g = play(deal(BASE), "bid normal", "pass", "pass", "pass")
    refused(g, "call HA", "hearts are trump")


def test_the_caller_may_not_call_an_ace_they_hold():
    hands = [
        "E10 EK E9 E8 GK GA S10 S8",
        "EO HO EU H10 H8 G9 SA S9",
        "GO SO GU HA H9 EA E7 SK",
        "HU SU HK H7 G7 G10 G8 S7",
    ]
    g = play(deal(hands), "bid normal", "pass", "pass", "pass")
    refused(g, "call SA", "call the ace of a suit whose ace you lack")


def test_the_caller_must_hold_a_card_of_the_called_suit():
    g = play(deal(BASE), "bid normal", "pass", "pass", "pass")
    refused(g, "call EA", "must hold a Eichel card")


def test_everyone_passing_and_the_dealer_passing_throws_the_cards_in():
    g = play(deal(BASE), "pass", "pass", "pass", "pass")
    assert g.phase == "over" and g.ended == "thrown"
    assert g.scores() == {0: 0, 1: 0, 2: 0, 3: 0}


def test_a_hand_of_six_worthless_cards_and_no_main_trump_may_be_thrown_in():
    hands = [
        "GK G10 EO GO SO SA S10 SK",
        "E9 E8 E7 G9 G8 G7 EK GA",
        "HO EU GU HU SU HA H10 HK",
        "H9 H8 H7 S9 S8 S7 EA E10",
    ]
    g = deal(hands)
    assert "P1 refuse" in texts(g.legal_moves())
    play(g, "refuse")
    assert g.phase == "over" and g.ended == "refused" and set(g.scores().values()) == {0}
    refused(deal(BASE), "refuse", "six or more cards worth nothing")


# ------------------------------------------------------------------------------ normal game
def test_the_holder_of_the_called_ace_is_the_hidden_partner():
    g = normal_game()
    assert g.phase == "play" and g.turn == 1
    assert g.declarers == (1, 3)
    assert g.view(2).to_dict()["declarers"] == [1]  # P2 cannot see who the partner is
    assert g.view(3).to_dict()["declarers"] == [1, 3]  # P3 knows
    play(g, "H8", "H9", "H7", "E8")  # P3 plays, but not the ace
    assert g.view(2).to_dict()["declarers"] == [1] and g.view(0).to_dict()["declarers"] == [1]


def test_partner_is_revealed_when_the_called_ace_is_played():
    g = play(normal_game(), "G9", "E7", "GA", "GK")
    assert g.view(0).to_dict()["declarers"] == [1, 3]
    assert any(e.kind == "partner" and e.player == 3 for e in g.log)


def test_you_must_follow_trump():
    g = play(normal_game(), "EO")
    refused(g, "EA", "you must follow trump")
    assert texts(g.legal_moves()) == ["P2 GO", "P2 GU", "P2 H9", "P2 HA", "P2 SO"]


def test_you_must_follow_the_led_suit():
    g = play(normal_game(), "S9")
    refused(g, "EA", "you must follow suit")
    assert texts(g.legal_moves()) == ["P2 SK"]


def test_ober_and_unter_belong_to_trump_not_to_their_printed_suit():
    g = play(normal_game(), "G7")  # P2 holds GO and GU but no plain Gras card
    assert "P2 EA" in texts(g.legal_moves()) and "P2 GO" in texts(g.legal_moves())


def test_the_called_ace_must_be_played_when_its_suit_is_led_first():
    g = play(normal_game(), "G9", "E7")
    refused(g, "G8", "the called ace must be played when its suit is led first")
    assert texts(g.legal_moves()) == ["P3 GA"]


def test_leading_the_called_suit_its_holder_must_lead_the_ace():
    g = play(normal_game(), "H8", "H9", "SU", "E8")  # P3 takes the trick with SU
    assert g.turn == 3
    refused(g, "G10", "must lead it")
    assert "P3 GA" in texts(g.legal_moves()) and "P3 S7" in texts(g.legal_moves())


def test_with_four_cards_of_the_called_suit_its_holder_may_run_away():
    hands = ["E10 EK E9 E8 S7 SA S10 S8", BASE[1], BASE[2], "HU SU HK H7 GA G10 G8 GK"]
    g = play(deal(hands), "bid normal", "pass", "pass", "pass", "call GA", "H8", "H9", "SU", "E8")
    assert g.turn == 3
    play(g, "G10")
    assert g.trick == [german("G10")]


def test_the_called_ace_may_not_be_thrown_on_another_suit():
    g = play(normal_game(), "H8", "HA", "H7", "E8", "EA")  # P2 took the trick and leads EA
    refused(g, "GA", "may not be thrown on another suit")
    assert "P3 GA" not in texts(g.legal_moves()) and "P3 G10" in texts(g.legal_moves())


def test_the_highest_trump_takes_the_trick_and_its_winner_leads_next():
    g = play(normal_game(), "H8", "H9", "SU", "E8")
    t = g.tricks[0]
    assert t.winner == 3 and t.points == 2 and g.turn == 3 and g.trick == []


def test_without_trump_the_highest_card_of_the_led_suit_wins():
    g = play(normal_game(), "S9", "SK", "S7", "SA")
    assert g.tricks[0].winner == 0 and g.tricks[0].points == 15


def test_a_normal_game_lasts_eight_tricks_and_uses_every_card():
    g = normal_game()
    rng = random.Random(3)
    while g.phase != "over":
        g.play(rng.choice(g.legal_moves()))
    assert len(g.tricks) == 8 and sum(t.points for t in g.tricks) == 120
    assert sorted(c for t in g.tricks for c in t.cards) == sorted(sk.deck("schafkopf", 4))


# ------------------------------------------------------------------------------ solos
def test_in_a_wenz_only_the_unter_are_trump_and_an_ober_follows_its_suit():
    g = play(deal(BASE), "pass", "bid solo", "pass", "pass", "solo wenz", "EU")
    assert texts(g.legal_moves()) == ["P2 GU"]  # P2's only Unter
    play(g, "GU", "HU")
    assert texts(g.legal_moves()) == sorted(f"P0 {c}" for c in "E10 EK E9 E8 GK SA S10 S8".split())
    g2 = play(deal(BASE), "pass", "bid solo", "pass", "pass", "solo wenz", "HO")  # P1 leads HO: hearts
    assert texts(g2.legal_moves()) == ["P2 H9", "P2 HA"]


def test_a_suit_solo_makes_that_suit_trump():
    g = play(deal(BASE), "pass", "bid solo", "pass", "pass", "solo E", "G9")
    assert "P2 EA" in texts(g.legal_moves())  # EA is trump now, P2 has no Gras
    assert g.contract.mode == "solo" and g.contract.suit == "E"


def test_the_declarer_of_a_solo_plays_alone():
    g = play(deal(BASE), "bid solo", "pass", "pass", "pass", "solo geier")
    assert g.declarers == (1,) and g.phase == "play"


def test_the_declarer_names_a_game_of_the_level_bid():
    g = play(deal(BASE), "bid solo", "pass", "pass", "pass")
    refused(g, "call GA", "calling an ace is a normal game")
    refused(g, "tout wenz", "bid solo")


def test_a_tout_is_lost_as_soon_as_the_opponents_take_a_trick():
    g = play(deal(BASE), "bid tout", "pass", "pass", "pass", "tout wenz", "G9", "GO", "GA", "GK")
    assert g.phase == "over" and g.ended == "tout-lost" and len(g.tricks) == 1
    # Wenz: EU for P1, GU for P2: one Laufender only; tout = 2 x 5 per opponent
    assert g.scores() == {0: 10, 1: -30, 2: 10, 3: 10}


# ------------------------------------------------------------------------------ scoring
def test_declarers_win_with_61_points():
    g = finished(NORMAL_EA, WIN_61)
    r = g.result()
    assert (r["declarer_points"], r["opponent_points"], r["won"]) == (61, 59, True)
    assert g.scores() == {0: -1, 1: 1, 2: -1, 3: 1}


def test_declarers_lose_with_60_points():
    g = finished(NORMAL_EA, LOSE_60)
    assert g.result()["declarer_points"] == 60 and not g.result()["won"]
    assert g.scores() == {0: 1, 1: -1, 2: 1, 3: -1}


def test_schneider_when_the_losers_have_less_than_a_quarter_adds_one_unit():
    g = finished(NORMAL_EA, SCHNEIDER)
    r = g.result()
    assert r["opponent_points"] == 2 and r["schneider"] and not r["schwarz"]
    assert g.scores() == {0: -2, 1: 2, 2: -2, 3: 2}


def test_schwarz_when_the_losers_take_no_trick_adds_two_units():
    g = finished(NORMAL_EA, SCHWARZ)
    assert g.result()["schwarz"]
    assert g.scores() == {0: -3, 1: 3, 2: -3, 3: 3}


def test_a_solo_is_worth_five_units_from_each_opponent():
    g = finished({"mode": "solo", "declarer": 1, "suit": "H"}, WIN_61)
    assert g.result()["declarer_points"] == 61
    assert g.scores() == {0: -5, 1: 15, 2: -5, 3: -5}


def test_more_than_three_laufende_pay_one_unit_each():
    g = finished({"mode": "wenz", "declarer": 1}, WENZ_ALL)
    r = g.result()
    assert r["laufende"] == 4 and r["schwarz"]
    assert g.scores() == {0: -11, 1: 33, 2: -11, 3: -11}  # 5 solo + 2 schwarz + 4 Laufende


def test_three_laufende_pay_nothing_extra():
    # EO GO HO with the declarers, SO with an opponent: three Laufende
    g = finished(
        NORMAL_EA,
        [
            "EO E7 EA SO",
            "HO G7 GA G8",
            "GO S7 SA S8",
            "EU E9 E10 G9",
            "HK E8 H8 H7",
            "H9 GU EK HA",
            "HU G10 S10 GK",
            "SU SK S9 H10",
        ],
    )
    assert g.result()["laufende"] == 3
    assert g.result()["value"] == 1


def test_a_tout_counts_double():
    g = finished({"mode": "wenz", "declarer": 1, "tout": True}, WENZ_ALL)
    assert g.scores() == {0: -18, 1: 54, 2: -18, 3: -18}  # 2 x (5 + 4 Laufende)


def test_ramsch_the_seat_with_the_most_points_loses_one_unit_to_each_other():
    g = finished({"mode": "ramsch"}, SCHNEIDER)
    assert g.taken_points() == {0: 2, 1: 62, 2: 0, 3: 56}
    assert g.scores() == {0: 1, 1: -3, 2: 1, 3: 1}


def test_a_sie_is_shown_not_played_and_pays_as_a_won_tout_with_eight_laufende():
    hands = [
        "GK G9 G8 G7 SK S9 S8 S7",
        "EO GO HO SO EU GU HU SU",
        "HA H10 HK H9 H8 H7 EA GA",
        "E10 EK E9 E8 E7 G10 SA S10",
    ]
    g = play(deal(hands), "bid sie")
    assert g.phase == "over" and g.ended == "sie" and g.tricks == []
    assert g.scores() == {0: -26, 1: 78, 2: -26, 3: -26}


# ------------------------------------------------------------------------------ dealer's options
def test_ramsch_may_be_called_by_a_dealer_who_could_call_an_ace():
    hands = ["E10 EK E9 E8 GK SA S10 S8", "EO HO EU H10 H8 G9 G7 S9", BASE[2], BASE[3]]
    g = play(deal(hands), "pass", "pass", "pass")
    assert "P0 ramsch" in texts(g.legal_moves())
    play(g, "ramsch")
    assert g.phase == "play" and g.contract.mode == "ramsch" and g.declarers == ()


def test_ramsch_is_refused_to_a_dealer_who_cannot_call_an_ace():
    hands = [
        "EA E10 GA G10 SA S10 E9 G9",
        "EO HO EU H10 H8 GK G7 S9",
        "GO SO GU HA H9 EK E7 SK",
        "HU SU HK H7 E8 G8 S8 S7",
    ]
    g = play(deal(hands), "pass", "pass", "pass")
    refused(g, "ramsch", "could play a normal game")


def test_a_must_game_obliges_the_holder_of_the_named_card_to_declare():
    g = play(deal(BASE), "pass", "pass", "pass", "must GO")
    assert g.phase == "declare" and g.turn == 2
    kinds = {m.kind for m in g.legal_moves()}
    assert "pass" not in kinds and {"solo", "tout"} <= kinds
    play(g, "solo H")
    assert g.contract.must and g.declarers == (2,)


# ------------------------------------------------------------------------------ wedding
WEDDING = [
    "GK G9 G8 G7 SK S9 S8 S7",
    "HU EA E10 EK GA G10 SA S10",
    "EO GO HO SO EU GU SU HA",
    "H10 HK H9 H8 H7 E9 E8 E7",
]


def test_a_wedding_is_offered_only_with_exactly_one_trump():
    g = deal(WEDDING)
    assert "P1 bid wedding" in texts(g.legal_moves())
    refused(deal(BASE), "bid wedding", "exactly one trump")


def test_accepting_a_wedding_swaps_a_plain_card_for_the_trump_and_joins_the_offerer():
    g = play(deal(WEDDING), "bid wedding", "pass", "pass", "pass")
    assert g.phase == "wedding" and g.turn == 2
    assert texts(g.legal_moves()) == ["P2 pass"]  # P2 holds only trumps
    play(g, "pass")
    refused(g, "accept H10", "must not be a trump")
    play(g, "accept E9")
    assert g.phase == "play" and g.declarers == (1, 3)
    assert german("HU") in g.players[3].hand and german("E9") in g.players[1].hand


def test_a_wedding_nobody_accepts_is_thrown_in():
    g = play(deal(WEDDING), "bid wedding", "pass", "pass", "pass", "pass", "pass", "pass")
    assert g.phase == "over" and g.ended == "thrown" and set(g.scores().values()) == {0}


# ------------------------------------------------------------------------------ other tables
def test_three_players_play_solos_only():
    g = sk.new_game("mehrkopf", players=3, seed=4)
    assert [len(p.hand) for p in g.players] == [8, 8, 8]
    refused(g, "bid normal", "solos only")
    assert {m.target for m in g.legal_moves() if m.kind == "bid"} == {"solo", "tout"}


def test_two_players_lay_eight_face_down_and_eight_face_up_cards_each():
    g = sk.new_game("mehrkopf", players=2, seed=9)
    for p in g.players:
        assert p.hand == [] and len(p.bank) == 8 and len(p.gamble) == 8
    v = g.view(0).to_dict()
    assert v["players"][0]["gamble"] == ["??"] * 8 and v["players"][1]["gamble"] == ["??"] * 8
    assert v["players"][1]["bank"] == [str(c) for c in g.players[1].bank]
    assert g.turn == 1 and texts(g.legal_moves()) == ["P1 bid normal", "P1 pass"]


def test_two_players_when_the_opponent_passes_the_dealer_names_trump_with_ober_and_unter():
    g = play(sk.new_game("mehrkopf", players=2, seed=9), "pass")
    assert g.phase == "declare" and g.turn == 0
    assert texts(g.legal_moves()) == ["P0 trump E", "P0 trump G", "P0 trump H", "P0 trump S"]
    play(g, "P0 trump G")
    assert g.contract == Contract("normal", 0, "G") and g.order.trumps[8] == german("GA")


def test_two_players_a_face_down_card_turns_up_once_the_trick_is_taken():
    g = play(sk.new_game("mehrkopf", players=2, seed=9), "bid normal", "trump H")
    card = g.legal_moves()[0].cards[0]
    slot = g.players[1].bank.index(card)
    under = g.players[1].gamble[slot]
    g.play(g.legal_moves()[0])
    assert g.players[1].bank[slot] is None and g.players[1].gamble[slot] == under  # not yet
    g.play(g.legal_moves()[0])
    assert g.players[1].bank[slot] == under and g.players[1].gamble[slot] is None


def test_two_players_play_sixteen_tricks():
    g = play(sk.new_game("mehrkopf", players=2, seed=2), "bid normal", "trump E")
    rng = random.Random(2)
    while g.phase != "over":
        g.play(rng.choice(g.legal_moves()))
    assert len(g.tricks) == 16 and sum(g.scores().values()) == 0


def _bid_normal_when_possible(g, rng):
    while g.phase != "play" and g.phase != "over":
        moves = g.legal_moves()
        want = (
            [m for m in moves if m.kind == "bid" and m.target == "normal"]
            or [m for m in moves if m.kind == "call"]
            or [m for m in moves if m.kind == "pass"]
            or list(moves)
        )
        g.play(rng.choice(want))
    while g.phase != "over":
        g.play(rng.choice(g.legal_moves()))


FIVE = [
    "SA S10 SS SK S9 S8 S7 H7",
    "EO GO HO SO EU GU G9 G8",
    "HU SU EG GG HG SG HA H10",
    "GA GS G10 GK G7 HS HK H9",
    "EA E10 ES EK E9 E8 E7 H8",
]


def test_five_players_one_seat_holding_ace_and_beauty_brings_out_the_ace_first_then_the_beauty():
    g = play(deal(FIVE, "mehrkopf"), "bid normal", "pass", "pass", "pass", "pass", "call GA")
    assert g.declarers == (1, 3) and [str(c) for c in g.bound] == ["GA", "GS"]
    play(g, "G9", "H10")
    assert texts(g.legal_moves()) == ["P3 GA"]
    play(g, "GA", "E7", "S7", "HU", "H9", "H8", "H7", "EO", "G8", "SU")
    refused(g, "G10", "the called Beauty must be played now")
    assert texts(g.legal_moves()) == ["P3 GS"]


def test_five_players_ace_and_beauty_in_different_hands_both_come_out_on_the_first_lead():
    hands = [FIVE[0], FIVE[1], FIVE[2], "GA E7 G10 GK E9 HS HK H9", "EA E10 ES EK G7 E8 GS H8"]
    g = play(deal(hands, "mehrkopf"), "bid normal", "pass", "pass", "pass", "pass", "call GA")
    assert g.declarers == (1, 3, 4)
    assert g.view(0).to_dict()["declarers"] == [1]
    play(g, "G9", "H10", "GA")
    refused(g, "G7", "the called Beauty must be played when its suit is led first")
    play(g, "GS", "S7")
    assert g.bound == () and g.view(0).to_dict()["declarers"] == [1, 3, 4]


def beauty_holder_is_caller(g, beauty):
    return any(t.seats[t.cards.index(beauty)] == g.contract.declarer for t in g.tricks if beauty in t.cards)


def test_five_players_the_beauty_is_called_with_the_ace_and_must_be_brought_out():
    seen = 0
    for seed in range(60):
        g = sk.new_game("mehrkopf", players=5, seed=seed)
        rng = random.Random(seed)
        _bid_normal_when_possible(g, rng)
        if g.contract is None or g.contract.mode != "normal":
            continue
        ace = g.contract.called
        beauty = german(ace.suit + "S")
        holders = {t.seats[t.cards.index(c)] for t in g.tricks for c in (ace, beauty) if c in t.cards}
        assert set(g.declarers) == {g.contract.declarer} | holders
        first = next((t for t in g.tricks if t.cards[0].suit == ace.suit and g.order.grp[t.cards[0]] != 4), None)
        if first is None:
            continue
        ace_holder = next(t.seats[t.cards.index(ace)] for t in g.tricks if ace in t.cards)
        if first.leader != ace_holder:  # (its holder may run away by leading another)
            assert ace in first.cards  # brought out when the suit was led first
            if beauty in first.cards or ace_holder != next(
                t.seats[t.cards.index(beauty)] for t in g.tricks if beauty in t.cards
            ):
                assert beauty in first.cards or beauty_holder_is_caller(g, beauty)
            seen += 1
    assert seen >= 10


def test_five_players_need_75_of_148_and_winners_share_the_losers_units():
    shares = set()
    for seed in range(80):
        g = sk.new_game("mehrkopf", players=5, seed=seed)
        _bid_normal_when_possible(g, random.Random(seed))
        if g.contract is None or g.contract.mode != "normal":
            continue
        r = g.result()
        assert r["needed"] == 75 and r["won"] == (r["declarer_points"] >= 75)
        assert r["declarer_points"] + r["opponent_points"] == 148
        sc = g.scores()
        winners = [s for s in range(5) if sc[s] > 0]
        losers = [s for s in range(5) if sc[s] < 0]
        assert all(sc[s] == -r["value"] for s in losers)
        assert all(sc[s] == Fraction(r["value"] * len(losers), len(winners)) for s in winners)
        shares.add(len(winners))
    assert {2, 3} <= shares  # 2 against 3 and 3 against 2 both came up


def test_six_players_the_prussian_counts_minus_seven():
    g = sk.new_game("mehrkopf", players=6, seed=3)
    assert [len(p.hand) for p in g.players] == [8] * 6
    g2 = finished(
        {"mode": "ramsch"},
        [
            "EO GO HO SO EU GU",
            "HU SU EG GG HG SG",
            "HA H10 HS HK H9 H8",
            "H7 H6 HP EP GP SP",
            "EA E10 ES EK E9 E8",
            "E7 E6 GA G10 GS GK",
            "G9 G8 G7 G6 SA S10",
            "SS SK S9 S8 S7 S6",
        ],
        variant="mehrkopf",
        n=6,
    )
    assert g2.tricks[3].points == -28
    assert sum(t.points for t in g2.tricks) == 120


# ------------------------------------------------------------------------------ engine surface
def test_a_refused_move_changes_nothing_and_names_the_rule():
    g = normal_game()
    refused(g, "P2 GO", "turn")
    refused(g, "ZZ", "is not a card")
    refused(g, "GA", "has no GA")
    refused(g, "pass", "not a move now")


def test_a_clone_is_independent_of_its_original():
    g = normal_game()
    c = g.clone()
    play(c, "EO", "GO")
    assert g.trick == [] and len(g.players[1].hand) == 8 and c.to_dict() != g.to_dict()
    assert c.trick == [german("EO"), german("GO")]


def test_undo_takes_back_moves_exactly():
    g = deal(BASE)
    start = g.to_dict()
    play(g, "bid normal", "pass", "pass", "pass", "call GA", "G9", "E7", "GA", "GK", "HU")
    for _ in range(10):
        g.undo()
    assert g.to_dict() == start


def test_the_event_log_tells_the_hand_in_plain_words():
    g = play(normal_game(), "H8", "H9", "SU", "E8")
    lines = [e.text for e in g.log]
    assert "P1 bids a normal game." in lines
    assert "P1 plays a normal game calling GA." in lines
    assert "P3 takes the first trick (H8 H9 SU E8) with 2 points." in lines


def test_positions_round_trip_and_bad_ones_are_refused():
    g = play(normal_game(), "H8", "H9")
    d = g.to_dict()
    assert sk.Game.from_dict(d).to_dict() == d
    bad = dict(d, players=[{"hand": ["EO"] + p["hand"][1:]} if i == 0 else p for i, p in enumerate(d["players"])])
    with pytest.raises(sk.InvalidPosition, match="appears 2 times"):
        sk.Game.from_dict(bad)
    with pytest.raises(sk.InvalidPosition, match="not in the schafkopf deck"):
        sk.Game.from_dict(
            dict(d, players=[{"hand": ["EP"] + p["hand"][1:]} if i == 0 else p for i, p in enumerate(d["players"])])
        )
    with pytest.raises(sk.InvalidPosition, match="turn"):
        sk.Game.from_dict(dict(d, turn=0))
    with pytest.raises(sk.InvalidPosition, match="must hold 8"):
        sk.Game.from_dict(
            {
                "variant": "schafkopf",
                "players": [
                    {"hand": BASE[0].split()},
                    {"hand": BASE[1].split()[1:]},
                    {"hand": BASE[2].split() + ["EO"]},
                    {"hand": BASE[3].split()},
                ],
            }
        )


def test_a_finished_tricks_winner_must_be_right():
    g = finished(NORMAL_EA, WIN_61)
    d = g.to_dict()
    d["tricks"][0]["winner"] = 2
    with pytest.raises(sk.InvalidPosition, match="trick 0 is taken by P1"):
        sk.Game.from_dict(d)


def test_random_bots_play_every_table_size_to_the_end():
    for n in (2, 3, 4, 5, 6):
        g = sk.new_game("mehrkopf", players=n, seed=n)
        play_round(g, [RandomBot() for _ in range(n)], random.Random(n))
        assert g.phase == "over" and sum(g.scores().values()) == 0


def test_a_hand_made_position_fills_in_the_turn_the_partner_and_the_bound_ace():
    d = {
        "variant": "schafkopf",
        "players": [{"hand": h.split()} for h in BASE],
        "contract": {"mode": "normal", "declarer": 1, "called": "GA"},
    }
    g = sk.Game.from_dict(d)
    assert g.phase == "play" and g.turn == 1 and g.declarers == (1, 3) and g.bound == (german("GA"),)
    play(g, "G9", "E7")
    assert texts(g.legal_moves()) == ["P3 GA"]


def test_a_failure_inside_a_move_leaves_the_position_whole(monkeypatch):
    g = deal(BASE)
    before = g.to_dict()

    def broken(game, move):
        game._set(game.bids, 1, "pass")
        game.turn = 2
        raise RuntimeError("broken rule")

    monkeypatch.setattr(g.rules, "apply", broken)
    with pytest.raises(RuntimeError):
        g.play("pass")
    assert g.to_dict() == before and g.log == []
    monkeypatch.undo()
    play(g, "pass")
    assert g.turn == 2 and g.bids[1] == "pass"


def test_a_french_card_is_not_a_card_of_the_german_deck_even_with_the_same_number():
    g = normal_game()
    qc = sk.Card.parse("QC")  # the same small number as a German card
    assert int(qc) == int(german("EA"))
    refused(g, sk.Move(1, "card", (qc,)), "is not a card of this game")


def test_a_trick_led_by_the_wrong_seat_is_refused_in_a_position():
    d = finished(NORMAL_EA, WIN_61).to_dict()
    d["tricks"][1]["leader"] = 2
    with pytest.raises(sk.InvalidPosition, match="trick 1 must be led by P1, who took the trick before"):
        sk.Game.from_dict(d)


def test_no_move_is_accepted_once_the_hand_is_over():
    g = finished(NORMAL_EA, WIN_61)
    refused(g, "pass", "the hand is over")
    assert len(g.legal_moves()) == 0
