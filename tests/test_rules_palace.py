"""`palace`, classic Shithead / Palace / Karma (RULES.md A2)."""

import pytest
from helpers import accepts, bag, cards_in_play, finish_setup, game, moves, names, rank, refused, seat

import scheissekopf as sk

V = "palace"
NATURAL = ["3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_palace_plays_with_one_deck_without_jokers(players):
    g = sk.new_game(V, players=players, seed=1)
    everything = cards_in_play(g)
    assert sum(everything.values()) == 52
    assert everything["JK"] == 0
    assert set(everything.values()) == {1}


def test_palace_one_deck_for_two_to_five_players_a_second_from_six():
    # RULES A2 plays palace with 2-5 players and one deck; like the other presets, a bigger
    # table adds a deck (our ruling, see docs/RULES.md), and fewer than two is refused.
    with pytest.raises(ValueError):
        sk.new_game(V, players=1, seed=1)
    assert sk.new_game(V, players=5, seed=1).decks == 1
    g = sk.new_game(V, players=6, seed=1)
    assert g.decks == 2 and sum(cards_in_play(g).values()) == 104


def test_palace_three_is_the_lowest_natural():
    g = game(V, seat("3C 4C", gamble="KS"), "5D 6D", turn=0, stack="3H")
    assert accepts(g, "P0 3C")
    assert accepts(g, "P0 4C")
    g = game(V, seat("3C 9C", gamble="KS"), "5D 6D", turn=0, stack="4H")
    with refused(g, "4"):
        g.play("P0 3C")


def test_palace_play_equal_or_higher():
    g = game(V, seat("5C 9C JC", gamble="KS"), "4D 6D", turn=0, stack="9H")
    assert accepts(g, "P0 9C")
    assert accepts(g, "P0 JC")
    with refused(g, "9"):
        g.play("P0 5C")


def test_palace_two_plays_on_anything_and_anything_on_it():
    g = game(V, seat("2C 5C", gamble="KS"), seat("3D 6D", gamble="QS"), turn=0, stack="AH")
    g.play("P0 2C")
    assert names(g.stack) == ["AH", "2C"]
    g.play("P1 3D")
    assert names(g.stack) == ["AH", "2C", "3D"]


def test_palace_ten_burns_and_the_same_player_starts():
    g = game(V, seat("10C 5C", gamble="KS"), "4D 6D", turn=0, stack="KH AH")
    g.play("P0 10C")
    assert g.stack == []
    assert bag(g.discard) == ["10C", "AH", "KH"]
    assert g.turn == 0


def test_palace_three_is_not_invisible():
    g = game(V, seat("3C 5C", gamble="KS"), "4D 6D", turn=0, stack="9H")
    with refused(g, "9"):
        g.play("P0 3C")
    g = game(V, seat("4C 5C", gamble="KS"), "4D 6D", turn=0, stack="9H 2S 3S")
    assert str(g.effective_top) == "3S"
    assert accepts(g, "P0 4C")


def test_palace_seven_has_no_limit():
    g = game(V, seat("9C 5C", gamble="KS"), "4D 6D", turn=0, stack="7H")
    g.play("P0 9C")
    assert names(g.stack) == ["7H", "9C"]
    g = game(V, seat("5C 9C", gamble="KS"), "4D 6D", turn=0, stack="7H")
    with refused(g, "7"):
        g.play("P0 5C")


def test_palace_eight_does_not_skip():
    g = game(V, seat("8C 8D 5C", gamble="KS"), seat("5D 9D", gamble="QS"), seat("9S", gamble="QH"), turn=0, stack="6H")
    g.play("P0 8C 8D")
    assert g.turn == 1
    with refused(g, "8"):
        g.play("P1 5D")
    assert accepts(g, "P1 9D")


def test_palace_has_no_jokers_to_play():
    assert not any(m.kind == "joker" for m in game(V, "5C", "6D", turn=0).legal_moves())


def test_palace_four_of_a_kind_in_one_play_burns():
    g = game(V, seat("9C 9D 9H 9S 5C", gamble="KS"), "4D 6D", turn=0, stack="5H")
    g.play("P0 9C 9D 9H 9S")
    assert g.stack == []
    assert g.turn == 0


def test_palace_four_of_a_kind_across_players_burns_and_completer_starts():
    g = game(V, seat("4C", gamble="KS"), seat("QC 5C", gamble="KD"), "6D", turn=1, stack="QH QD QS")
    g.play("P1 QC")
    assert g.stack == []
    assert bag(g.discard) == ["QC", "QD", "QH", "QS"]
    assert g.turn == 1


def test_palace_has_no_jump_ins():
    g = game(
        V,
        seat("4C", gamble="KS"),
        seat("5D", gamble="KD"),
        seat("9H", gamble="KH"),
        seat("QS QC 5S", gamble="KC"),
        turn=1,
        stack="QH QD",
    )
    assert moves(g, player=3) == []
    with refused(g, "(?i)turn"):
        g.play("P3 QS QC")


def test_palace_take_only_without_a_legal_play():
    g = game(V, seat("JC 5C", gamble="KS"), "4D 6D", turn=0, stack="9H")
    with refused(g, "(?i)play|take"):
        g.play("P0 take")


def test_palace_take_ends_the_turn_and_the_next_player_starts():
    g = game(V, seat("5C", gamble="KS"), "4D 6D", "7D", turn=0, stack="9H KH")
    assert [m.kind for m in moves(g, player=0)] == ["take"]
    g.play("P0 take")
    assert bag(g.players[0].hand) == ["5C", "9H", "KH"]
    assert g.stack == []
    assert g.turn == 1


def test_palace_bank_plays_when_a_bank_card_fits():
    g = game(V, seat("", "KC 4C", "QS"), "4D 6D", turn=0, stack="9H")
    assert moves(g, player=0, kind="take") == []
    g.play("P0 KC")
    assert names(g.stack) == ["9H", "KC"]
    assert bag(g.players[0].bank) == ["4C"]


def test_palace_bank_failure_lays_card_and_takes_stack():
    g = game(V, seat("", "4C 5C", "QS"), "4D 6D", "7D", turn=0, stack="9H")
    offered = moves(g, player=0)
    assert offered and all(m.kind == "take" for m in offered)
    assert sorted(str(c) for m in offered for c in m.cards) == ["4C", "5C"]
    with refused(g, "(?i)bank|card|lay"):
        g.play("P0 take")  # a bank card must be laid first
    g.play("P0 take 5C")
    assert bag(g.players[0].hand) == ["5C", "9H"]
    assert bag(g.players[0].bank) == ["4C"]
    assert g.stack == []
    assert g.turn == 1


def test_palace_turned_gamble_card_that_fits_is_played():
    g = game(V, seat("", "", "9C KC"), "4D 6D", turn=0, stack="5H")
    g.play("P0 flip 0")
    assert names(g.stack) == ["5H", "9C"]
    assert bag(g.players[0].gamble) == ["KC"]
    assert g.turn == 1


def test_palace_turned_gamble_card_that_does_not_fit_is_laid_and_taken():
    g = game(V, seat("", "", "5C KC"), "4D 6D", "7D", turn=0, stack="9H")
    g.play("P0 flip 0")
    assert bag(g.players[0].hand) == ["5C", "9H"]
    assert bag(g.players[0].gamble) == ["KC"]
    assert g.stack == []
    assert g.turn == 1


def test_palace_last_gamble_card_that_fits_goes_out():
    g = game(V, seat("", "", "KC"), "4D 6D", "7D", turn=0, stack="9H")
    g.play("P0 flip 0")
    assert g.finished == [0]
    assert g.turn == 1


def test_palace_result_names_the_loser():
    g = game(V, "5C", "6D", seat("4H", gamble="AS"), turn=0)
    g.play("P0 5C")
    g.play("P1 6D")
    assert g.phase == "over"
    assert g.finished == [0, 1]
    assert g.loser == 2


# --- opening ------------------------------------------------------------------------------------


def expected_starter(g):
    """3 in a bank, else 3 in a hand, else the same with 4s, ..., from the dealer's left."""
    n = len(g.players)
    order = [(g.dealer + k) % n for k in range(1, n + 1)]
    for r in NATURAL:
        for zone in ("bank", "hand"):
            for s in order:
                if any(rank(c) == r for c in getattr(g.players[s], zone)):
                    return s, r
    return None, None


def test_palace_opening_three_in_the_bank_first_then_in_hand_then_fours():
    bank_beat_hand = 0
    for seed in range(40):
        g = finish_setup(sk.new_game(V, players=4, seed=seed))
        starter, r = expected_starter(g)
        if starter is None or r in ("J", "Q", "K", "A"):
            continue  # keep to deals where 2s and 10s cannot matter
        assert g.turn == starter, seed
        first_hand = next((s for s in [1, 2, 3, 0] if any(rank(c) == r for c in g.players[s].hand)), None)
        bank_beat_hand += first_hand is not None and first_hand != starter
    assert bank_beat_hand, "no deal in the sample tested the bank's priority"


def test_palace_starter_may_open_with_any_play_from_the_hand():
    for seed in range(10):
        g = finish_setup(sk.new_game(V, players=3, seed=seed))
        starter, _ = expected_starter(g)
        hand_ranks = {rank(c) for c in g.players[starter].hand}
        offered = {rank(m.cards[0]) for m in moves(g, player=starter, kind="play")}
        assert offered == hand_ranks, seed
        assert all(m.player == starter for m in g.legal_moves())
