"""The position format (RULES.md Part C): round trips, defaults, refused positions and views."""

import json

import pytest
from helpers import finish_setup, game, names, position, seat

import scheissekopf as sk


def round_trips(g):
    d = g.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert sk.Game.from_dict(d).to_dict() == d
    return d


# --- round trips and defaults -------------------------------------------------------------------


@pytest.mark.parametrize("variant,players", [("bitenight", 4), ("bitenight", 6), ("palace", 3), ("schwechat", 5)])
def test_new_game_in_setup_round_trips(variant, players):
    g = sk.new_game(variant, players=players, seed=21)
    d = round_trips(g)
    assert sk.Game.from_dict(d).phase == "setup"


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat"])
def test_partly_ready_setup_round_trips_and_keeps_who_is_ready(variant):
    g = sk.new_game(variant, players=3, seed=8)
    if variant == "schwechat":
        g.play(f"P1 place {g.players[1].hand[0]} 0")
        for column in range(3):
            g.play(f"P2 place {g.players[2].hand[0]} {column}")
    else:
        g.play(f"P1 swap {g.players[1].hand[0]} {g.players[1].bank[0]}")
    g.play("P2 ready")
    h = sk.Game.from_dict(round_trips(g))
    assert h.phase == "setup"
    with pytest.raises(sk.IllegalMove):
        h.play("P2 ready")  # P2 said ready already


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat"])
def test_play_phase_round_trips_after_setup(variant):
    g = finish_setup(sk.new_game(variant, players=4, seed=3))
    d = round_trips(g)
    assert d["phase"] == "play"
    h = sk.Game.from_dict(d)
    assert [str(m) for m in h.legal_moves()] == [str(m) for m in g.legal_moves()]


def test_defaults_for_fields_left_out():
    g = game("bitenight", "4C 5C", "6D", turn=1)
    assert g.phase == "play"
    assert g.turn == 1
    assert g.direction == 1
    assert g.finished == []
    assert g.discard == []
    assert g.dealer == 0
    assert g.pending is None
    assert g.loser is None
    round_trips(g)


def test_fields_given_are_honoured():
    g = game(
        "schwechat",
        seat("4C", ["9C", None], ["JC", "QC"]),
        seat("6D"),
        seat(),
        stack="9H 3S",
        draw="",
        discard="10C KH",
        turn=1,
        direction=-1,
        finished=[2],
    )
    assert g.turn == 1
    assert g.direction == -1
    assert g.finished == [2]
    assert names(g.discard) == ["10C", "KH"]
    assert names(g.stack) == ["9H", "3S"]
    assert names(g.players[0].bank) == ["9C", None]
    assert names(g.players[0].gamble) == ["JC", "QC"]
    round_trips(g)


def test_pending_joker_round_trips():
    g = game("bitenight", seat("", "", "JK 5C"), seat("4D", gamble="QD"), turn=0, stack="KH")
    g.play("P0 flip 0")
    assert g.pending is not None
    h = sk.Game.from_dict(round_trips(g))
    assert h.pending == g.pending
    assert all(m.kind == "joker" for m in h.legal_moves())


def test_finished_round_round_trips():
    g = game("bitenight", "4C", seat("9C KD"), seat("5C"), turn=0)
    for move in ("P0 4C", "P1 9C", "P2 take", "P1 KD"):
        g.play(move)
    h = sk.Game.from_dict(round_trips(g))
    assert h.phase == "over"
    assert h.loser == 2
    assert h.points() == g.points() == {0: 20, 1: 20, 2: 0}  # the low-card bonus survives


def test_repetition_count_survives_a_round_trip():
    cycle = ["P0 5C", "P1 AC", "P0 take", "P1 5D", "P0 AC", "P1 take"]
    g = game("palace", seat("5C 6C", "KH", "QC"), seat("AC 5D 6D", "KS", "QD"), turn=0)
    for move in cycle:
        g.play(move)
    g = sk.Game.from_dict(round_trips(g))  # the starting position has now been seen twice
    for move in cycle:
        assert g.phase == "play"
        g.play(move)
    assert g.phase == "over"
    assert g.loser == 1


def test_positions_from_several_moves_round_trip():
    for variant in ("bitenight", "palace", "schwechat"):
        g = finish_setup(sk.new_game(variant, players=3, seed=17))
        for _ in range(25):
            if g.phase == "over":
                break
            g.play(g.legal_moves()[0])
            round_trips(g)


# --- refused positions --------------------------------------------------------------------------


def refuses(d, match):
    with pytest.raises(sk.InvalidPosition, match=match):
        sk.Game.from_dict(d)


def test_refuses_more_copies_than_the_decks_hold():
    refuses(position("palace", "9H 5C", "9H"), "9H")
    refuses(position("bitenight", "JK JK 5C", "JK"), "JK")
    refuses(position("bitenight", "9H", "9H", "5C", "6C"), "9H")
    refuses(position("schwechat", "9H 9H", "9H"), "9H")
    refuses(position("schwechat", "JK JK JK 4C", "JK JK JK JK"), "JK")


def test_accepts_as_many_copies_as_the_decks_hold():
    g = sk.Game.from_dict(position("bitenight", "JK JK 5C", "6D"))
    assert names(g.players[0].hand).count("JK") == 2
    g = sk.Game.from_dict(position("bitenight", "9H", "9H", "5C", "6C", "7C"))  # 5 players: 2 decks
    assert len(g.players) == 5
    g = sk.Game.from_dict(position("schwechat", "9H 9H", "JK JK JK JK JK JK"))
    assert names(g.players[1].hand) == ["JK"] * 6


def test_refuses_jokers_in_palace():
    refuses(position("palace", "JK 5C", "6D"), "(?i)JK|joker")


def test_refuses_copies_spread_over_zones():
    refuses(position("palace", "9H 5C", "6D", stack="9H"), "9H")
    refuses(position("palace", "5C", "6D", draw="", discard="5C"), "5C")


@pytest.mark.parametrize("bad", ["1H", "ZZ", "11S", "9X"])
def test_refuses_unknown_card_text(bad):
    refuses(position("bitenight", f"{bad} 5C", "6D"), bad)
    refuses(position("bitenight", "5C", "6D", stack=bad), bad)


def test_refuses_a_bad_seat():
    refuses(position("bitenight", "5C", "6D", turn=2), "(?i)turn|seat")
    refuses(position("bitenight", "5C", "6D", turn=-1), "(?i)turn|seat")
    refuses(position("bitenight", "5C", "6D", seat(), finished=[2, 5]), "(?i)seat|finished|5")


def test_refuses_an_empty_hand_while_the_draw_pile_holds_cards():
    refuses(position("bitenight", seat("", "9C", "KC"), "6D", draw="5C"), "(?i)hand|draw")


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat"])
@pytest.mark.parametrize("phase", ["play", "setup"])
def test_a_hand_is_never_below_three_while_the_draw_pile_holds_cards(variant, phase):
    # the refill comes within the play that emptied the hand, so no position between moves has it
    short = position(variant, "5C 6C 9C", "4D 6D", draw="KS", phase=phase)
    refuses(short, r"^P1 holds 2 cards in hand while the draw pile holds cards: a hand is refilled to three")
    one = position(variant, "5C 6C 9C", "4D", draw="KS", phase=phase)
    refuses(one, r"^P1 holds 1 card in hand")
    # the same hands once the draw pile is gone are a position
    assert len(sk.Game.from_dict(position(variant, "5C 6C 9C", "4D 6D", phase=phase)).players[1].hand) == 2


def test_refuses_a_seat_that_is_out_but_holds_cards():
    refuses(position("bitenight", "5C", "6D", "7D", finished=[1]), "(?i)out|finished|hold")


def test_refuses_mismatched_schwechat_columns():
    refuses(position("schwechat", seat("5C", ["KH", None], ["4C", "6C", "9C"]), "6D"), "(?i)column|bank|gamble")


def test_refuses_an_unknown_variant():
    with pytest.raises(sk.InvalidPosition):
        sk.Game.from_dict(position("skat", "5C", "6D"))


# --- views --------------------------------------------------------------------------------------


def test_view_hides_other_hands_every_gamble_and_the_draw_but_keeps_counts():
    g = game(
        "bitenight",
        seat("4C 5C 6C", "9C", "JC QC"),
        seat("4D 5D 6D", "9D", "JD"),
        seat("4H 5H 6H", "9H", "JH QH KH"),
        draw="7S 8S",
        stack="2S 3S",
        discard="10S",
        turn=1,
    )
    full = g.to_dict()
    v = g.view(1).to_dict()
    assert v["players"][1]["hand"] == ["4D", "5D", "6D"]
    assert v["players"][0]["hand"] == ["??"] * 3
    assert v["players"][2]["hand"] == ["??"] * 3
    for i, n in enumerate((2, 1, 3)):
        assert v["players"][i]["gamble"] == ["??"] * n
        assert v["players"][i]["bank"] == full["players"][i]["bank"]
    assert v["draw"] == ["??", "??"]
    assert v["stack"] == ["2S", "3S"]
    assert v["discard"] == ["10S"]
    assert v["turn"] == full["turn"]
    assert "??" not in json.dumps(full)


def test_view_of_schwechat_columns_keeps_empty_slots():
    g = game("schwechat", seat("4C", [None, "9C"], ["JC", "QC"]), seat("6D", [None, "KD"], [None, "5D"]), turn=0)
    v = g.view(0).to_dict()
    assert v["players"][0]["gamble"] == ["??", "??"]
    assert v["players"][0]["bank"] == [None, "9C"]
    assert v["players"][1]["gamble"] == [None, "??"]
    assert v["players"][1]["bank"] == [None, "KD"]
    assert v["players"][1]["hand"] == ["??"]


def test_view_of_a_new_game_hides_the_deal():
    g = sk.new_game("bitenight", players=3, seed=2)
    v = g.view(0).to_dict()
    assert v["players"][0]["hand"] == g.to_dict()["players"][0]["hand"]
    assert all(c == "??" for c in v["players"][1]["hand"] + v["players"][2]["hand"])
    assert len(v["draw"]) == len(g.draw) and set(v["draw"]) == {"??"}
