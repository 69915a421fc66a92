"""`bitenight`, the default preset (RULES.md A1)."""

import pytest
from helpers import accepts, bag, finish_setup, game, moves, names, rank, refused, seat

import scheissekopf as sk

V = "bitenight"
NATURAL = ["4", "5", "6", "7", "8", "9", "J", "Q", "K", "A"]


def test_bitenight_is_the_default_preset_and_listed():
    assert sk.VARIANTS == ("bitenight", "palace", "schwechat")


@pytest.mark.parametrize("players,decks", [(2, 1), (4, 1), (5, 2), (8, 2)])
def test_one_deck_with_two_jokers_per_four_players(players, decks):
    g = sk.new_game(V, players=players, seed=3)
    everything = [str(c) for p in g.players for z in (p.hand, p.bank, p.gamble) for c in z]
    everything += names(g.draw) + names(g.stack) + names(g.discard)
    assert len(everything) == 54 * decks
    assert everything.count("JK") == 2 * decks
    assert everything.count("9H") == decks


# --- order of natural ranks ---------------------------------------------------------------------


def test_natural_card_plays_on_equal_or_lower_natural_rank():
    g = game(V, seat("5C JC 9D", gamble="KS"), "4D 4S", turn=0, stack="9H")
    assert accepts(g, "P0 JC")
    assert accepts(g, "P0 9D")
    with refused(g, "9"):
        g.play("P0 5C")


def test_jack_follows_nine_in_the_natural_order():
    # 10 is a special, so the natural order runs 9 J Q K A
    g = game(V, seat("JC QC", gamble="KS"), "4D 4S", turn=0, stack="9H")
    assert accepts(g, "P0 JC")
    g = game(V, seat("9C AC", gamble="KS"), "4D 4S", turn=0, stack="JH")
    with refused(g, "J"):
        g.play("P0 9C")
    g = game(V, seat("KC 5C", gamble="KS"), "4D 4S", turn=0, stack="AH")
    with refused(g, "A"):
        g.play("P0 KC")


def test_natural_card_plays_on_a_two():
    g = game(V, seat("4C 9C", gamble="KS"), "4D 4S", turn=0, stack="KH 2S")
    g.play("P0 4C")
    assert names(g.stack) == ["KH", "2S", "4C"]


def test_two_plays_on_anything():
    for top in ("AH", "7H", "KH"):
        g = game(V, seat("2C 5C", gamble="KS"), "4D 4S", turn=0, stack=top)
        g.play("P0 2C")
        assert names(g.stack) == [top, "2C"]
        assert g.turn == 1


def test_three_plays_on_anything():
    g = game(V, seat("3C 5C", gamble="KS"), "4D 4S", turn=0, stack="AH")
    g.play("P0 3C")
    assert names(g.stack) == ["AH", "3C"]


def test_three_is_invisible():
    g = game(V, seat("3S 4C", gamble="KS"), seat("5C AC", gamble="QS"), turn=0, stack="KH")
    g.play("P0 3S")
    assert g.turn == 1
    assert str(g.effective_top) == "KH"
    with refused(g, "K"):
        g.play("P1 5C")
    g.play("P1 AC")
    assert names(g.stack) == ["KH", "3S", "AC"]


def test_effective_top_looks_through_several_threes():
    g = game(V, seat("5C JC", gamble="KS"), "4D 4S", turn=0, stack="9H 3S 3D")
    assert str(g.effective_top) == "9H"
    with refused(g, "9"):
        g.play("P0 5C")
    assert accepts(g, "P0 JC")


def test_stack_of_only_threes_takes_anything():
    g = game(V, seat("4C 9C", gamble="KS"), "4D 4S", turn=0, stack="3S 3D")
    assert g.effective_top is None
    g.play("P0 4C")
    assert names(g.stack) == ["3S", "3D", "4C"]


# --- sevens and eights --------------------------------------------------------------------------


def test_seven_on_stack_limits_next_play_to_seven_or_lower():
    hand = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC JK"
    g = game(V, seat(hand, gamble="KS"), "4D 4S", turn=0, stack="7H")
    for card in ("4C", "5C", "6C", "7C"):
        assert accepts(g, f"P0 {card}"), card
    for card in ("2C", "3C", "10C"):
        assert accepts(g, f"P0 {card}"), card
    assert accepts(g, "P0 JK to P1")
    for card in ("8C", "9C", "JC", "QC", "KC", "AC"):
        with refused(g, "7"):
            g.play(f"P0 {card}")


def test_seven_only_goes_on_a_seven_or_lower():
    g = game(V, seat("7C 9C", gamble="KS"), "4D 4S", turn=0, stack="8H")
    with refused(g, "7|8"):
        g.play("P0 7C")
    for top in ("6H", "7H", "2H"):
        g = game(V, seat("7C 9C", gamble="KS"), "4D 4S", turn=0, stack=top)
        assert accepts(g, "P0 7C"), top


def test_seven_limit_lasts_while_the_seven_is_the_effective_top():
    g = game(V, seat("9C 5C", gamble="KS"), "4D 4S", turn=0, stack="7H 3S")
    with refused(g, "7"):
        g.play("P0 9C")
    assert accepts(g, "P0 5C")


def test_seven_limit_ends_once_the_seven_is_covered():
    g = game(V, seat("9C 4C", gamble="KS"), "4D 4S", turn=0, stack="7H 5D")
    assert accepts(g, "P0 9C")
    with refused(g, "5"):
        g.play("P0 4C")


def test_eight_is_played_like_a_natural_never_on_a_seven():
    g = game(V, seat("8C 5C", gamble="KS"), "4D 4S", turn=0, stack="7H")
    with refused(g, "7"):
        g.play("P0 8C")
    g = game(V, seat("8C 5C", gamble="KS"), "4D 4S", turn=0, stack="9H")
    with refused(g, "9"):
        g.play("P0 8C")
    for top in ("8H", "6H", "2H"):
        g = game(V, seat("8C 5C", gamble="KS"), "4D 4S", turn=0, stack=top)
        assert accepts(g, "P0 8C"), top


def four_players(p0_hand, stack="6H"):
    return game(
        V,
        seat(p0_hand, gamble="KS"),
        seat("4D", gamble="QS"),
        seat("5D 9D", gamble="QD"),
        seat("4H", gamble="QH"),
        turn=0,
        stack=stack,
    )


def test_one_eight_skips_the_next_player():
    g = four_players("8C 5C")
    g.play("P0 8C")
    assert g.turn == 2


def test_k_eights_skip_k_players():
    g = four_players("8C 8D 5C")
    g.play("P0 8C 8D")
    assert g.turn == 3


def test_eights_with_two_players_give_the_same_player_another_play():
    g = game(V, seat("8C 5C", gamble="KS"), seat("4D", gamble="QS"), turn=0, stack="6H")
    g.play("P0 8C")
    assert g.turn == 0


def test_eight_stays_on_the_stack_as_an_eight():
    g = four_players("8C 5C")
    g.play("P0 8C")
    assert names(g.stack) == ["6H", "8C"]
    with refused(g, "8"):
        g.play("P2 5D")
    assert accepts(g, "P2 9D")


# --- ten, joker ---------------------------------------------------------------------------------


def test_ten_burns_the_stack_and_the_same_player_starts():
    g = game(V, seat("10C 5C", gamble="KS"), "4D 4S", turn=0, stack="KH AD")
    g.play("P0 10C")
    assert g.stack == []
    assert bag(g.discard) == ["10C", "AD", "KH"]
    assert g.turn == 0


def test_ten_plays_on_a_seven():
    g = game(V, seat("10C 5C", gamble="KS"), "4D 4S", turn=0, stack="7H")
    g.play("P0 10C")
    assert g.stack == [] and g.turn == 0


def test_joker_makes_the_target_take_the_stack_and_the_player_left_of_the_target_starts():
    g = four_players("JK 5C", stack="KH AD")
    g.play("P0 JK to P2")
    assert bag(g.players[2].hand) == ["5D", "9D", "AD", "KH"]
    assert g.stack == []
    assert names(g.discard) == ["JK"]
    assert g.turn == 3
    assert bag(g.players[0].hand) == ["5C"]


def test_joker_left_of_the_last_seat_wraps_round():
    g = four_players("JK 5C", stack="KH")
    g.play("P0 JK to P3")
    assert bag(g.players[3].hand) == ["4H", "KH"]
    assert g.turn == 0


def test_joker_may_target_its_own_player():
    g = four_players("JK 5C", stack="KH")
    g.play("P0 JK to P0")
    assert bag(g.players[0].hand) == ["5C", "KH"]
    assert g.turn == 1


def test_joker_plays_on_anything_even_a_seven():
    g = four_players("JK 5C", stack="7H")
    g.play("P0 JK to P1")
    assert bag(g.players[1].hand) == ["4D", "7H"]


def test_joker_target_must_still_be_in_the_round():
    g = game(V, seat("JK 5C", gamble="KS"), seat(), seat("4D", gamble="QS"), turn=0, stack="KH", finished=[1])
    with refused(g, "(?i)P1|out|target|round"):
        g.play("P0 JK to P1")
    targets = {m.target for m in moves(g, player=0, kind="joker")}
    assert targets == {0, 2}


def test_one_joker_per_play():
    g = game(V, seat("JK JK 5C", gamble="KS"), "4D 4S", turn=0, stack="KH")
    with refused(g, "(?i)joker|JK|one"):
        g.play("P0 JK JK to P1")
    assert all(len(m.cards) == 1 for m in moves(g, kind="joker"))


# --- four of a kind -----------------------------------------------------------------------------


def test_four_of_a_kind_in_one_play_burns_and_the_same_player_starts():
    g = game(V, seat("9C 9D 9H 9S 5C", gamble="KS"), "4D 4S", "6D", turn=0, stack="5H")
    g.play("P0 9C 9D 9H 9S")
    assert g.stack == []
    assert bag(g.discard) == ["5H", "9C", "9D", "9H", "9S"]
    assert g.turn == 0


def test_four_of_a_kind_burns_across_players_skipping_threes():
    g = game(V, seat("4C", gamble="KS"), seat("QC 5C", gamble="KD"), "6D", turn=1, stack="QH QD 3S QS")
    g.play("P1 QC")
    assert g.stack == []
    assert bag(g.discard) == ["3S", "QC", "QD", "QH", "QS"]
    assert g.turn == 1


def test_three_of_a_kind_does_not_burn():
    g = game(V, seat("4C", gamble="KS"), seat("QC 5C", gamble="KD"), "6D", turn=1, stack="QH QD")
    g.play("P1 QC")
    assert names(g.stack) == ["QH", "QD", "QC"]
    assert g.turn == 2


def test_four_threes_in_a_row_burn():
    g = game(V, seat("3C 5C", gamble="KS"), "4D 4S", turn=0, stack="9H 3S 3D 3H")
    g.play("P0 3C")
    assert g.stack == []
    assert g.turn == 0


def test_five_of_a_kind_with_two_decks_burns():
    g = game(V, seat("9C 9H 5C", gamble="KS"), "4D", "4S", "6D", "6S", turn=0, stack="9H 9D 9S")
    g.play("P0 9C 9H")
    assert g.stack == []
    assert g.turn == 0


def test_burn_overrides_the_eights_skip():
    g = four_players("8C 5C", stack="8H 8D 8S")
    g.play("P0 8C")
    assert g.stack == []
    assert g.turn == 0


def test_burn_overrides_the_sevens_limit():
    g = four_players("7C KC", stack="7H 7D 7S")
    g.play("P0 7C")
    assert g.stack == []
    assert g.turn == 0
    g.play("P0 KC")
    assert names(g.stack) == ["KC"]


# --- jump-ins -----------------------------------------------------------------------------------


def test_jump_in_out_of_turn_completes_four_and_burns():
    g = game(
        V,
        seat("4C 5C 6C", gamble="KS"),
        seat("4D 5D 6D", gamble="KD"),
        seat("4H 5H 6H", gamble="KH"),
        seat("QS QC 5S", gamble="KC"),
        turn=1,
        stack="QH QD",
        draw="AS AD AC JS",
    )
    assert any(m.player == 3 and bag(m.cards) == ["QC", "QS"] for m in moves(g, kind="play"))
    g.play("P3 QS QC")
    assert g.stack == []
    assert bag(g.discard) == ["QC", "QD", "QH", "QS"]
    # the jumper draws back to three and starts the next stack
    assert bag(g.players[3].hand) == ["5S", "AD", "AS"]
    assert names(g.draw) == ["AC", "JS"]
    assert g.turn == 3


def test_jump_in_counts_through_threes():
    g = game(
        V, seat("4C", gamble="KS"), seat("5D", gamble="KD"), seat("JC 6H", gamble="KH"), turn=0, stack="JH JD 3S JS"
    )
    g.play("P2 JC")
    assert g.stack == []
    assert g.turn == 2


def test_jump_in_by_the_player_who_just_played():
    # P0 laid the third queen and drew the fourth: P0 may jump in before P1 plays
    g = game(
        V, seat("QC 5C 6C", gamble="KS"), seat("4D 5D", gamble="KD"), seat("9H", gamble="KH"), turn=1, stack="QH QD QS"
    )
    g.play("P0 QC")
    assert g.stack == []
    assert g.turn == 0


def test_jump_in_from_the_bank_when_it_is_the_active_zone():
    g = game(V, seat("4C", gamble="KS"), seat("5D", gamble="KD"), seat("", "QS QC 6H", "KH"), turn=0, stack="QH QD")
    assert [str(m) for m in moves(g, player=2)] == ["P2 QC QS"]  # offered, not only accepted
    g.play("P2 QS QC")
    assert g.stack == []
    assert bag(g.players[2].bank) == ["6H"]
    assert g.turn == 2


def test_no_jump_in_from_the_bank_while_the_hand_holds_cards():
    g = game(V, seat("4C", gamble="KS"), seat("5D", gamble="KD"), seat("6H", "QS QC", "KH"), turn=0, stack="QH QD")
    assert moves(g, player=2) == []
    with refused(g, "(?i)hand|turn"):
        g.play("P2 QS QC")


def test_no_jump_in_from_the_gamble():
    g = game(V, seat("4C", gamble="KS"), seat("5D", gamble="KD"), seat("", "", "QS QC"), turn=0, stack="QH QD")
    assert moves(g, player=2) == []


def test_no_jump_in_that_does_not_complete_four():
    g = game(V, seat("4C", gamble="KS"), seat("5D", gamble="KD"), seat("QS 6H", gamble="KH"), turn=0, stack="QH QD")
    assert moves(g, player=2) == []
    with refused(g, "(?i)turn"):
        g.play("P2 QS")


# --- taking -------------------------------------------------------------------------------------


def test_take_only_when_there_is_no_legal_play():
    g = game(V, seat("JC 5C", gamble="KS"), "4D 4S", turn=0, stack="9H")
    with refused(g, "(?i)play|take"):
        g.play("P0 take")
    assert moves(g, player=0, kind="take") == []


def test_taking_ends_the_turn_and_the_next_player_starts_a_new_stack():
    g = game(V, seat("5C", gamble="KS"), "4D 4S", "6D", turn=0, stack="9H KH")
    assert [m.kind for m in moves(g, player=0)] == ["take"]
    g.play("P0 take")
    assert bag(g.players[0].hand) == ["5C", "9H", "KH"]
    assert g.stack == []
    assert g.turn == 1


# --- bank and gamble ----------------------------------------------------------------------------


def test_bank_plays_one_or_more_legal_bank_cards_of_one_rank():
    g = game(V, seat("", "9C 9D 4C", "KS"), "4D 4S", turn=0, stack="5H")
    with refused(g, "5"):
        g.play("P0 4C")
    g.play("P0 9C 9D")
    assert names(g.stack) == ["5H", "9C", "9D"]
    assert bag(g.players[0].bank) == ["4C"]


def test_bank_without_a_legal_card_takes_the_stack():
    g = game(V, seat("", "4C 5C", "KS"), "4D 4S", turn=0, stack="9H")
    offered = moves(g, player=0)
    assert [m.kind for m in offered] == ["take"]
    assert offered[0].cards in ((), [], None)
    g.play("P0 take")
    assert bag(g.players[0].hand) == ["9H"]
    assert bag(g.players[0].bank) == ["4C", "5C"]
    assert g.turn == 1


def test_turned_gamble_card_that_fits_is_played():
    g = game(V, seat("", "", "9C KC"), "4D 4S", turn=0, stack="5H")
    g.play("P0 flip 0")
    assert names(g.stack) == ["5H", "9C"]
    assert bag(g.players[0].gamble) == ["KC"]
    assert g.turn == 1


def test_turned_gamble_card_plays_with_all_its_effects():
    g = game(V, seat("", "", "10C KC"), "4D 4S", turn=0, stack="5H AH")
    g.play("P0 flip 0")
    assert g.stack == []
    assert bag(g.discard) == ["10C", "5H", "AH"]
    assert g.turn == 0


def test_turned_gamble_card_that_does_not_fit_is_taken_with_the_stack():
    g = game(V, seat("", "", "9C KC"), "4D 4S", "6D", turn=0, stack="5H AH")
    g.play("P0 flip 0")
    assert bag(g.players[0].hand) == ["5H", "9C", "AH"]
    assert bag(g.players[0].gamble) == ["KC"]
    assert g.stack == []
    assert g.turn == 1


def test_turned_joker_waits_for_its_player_to_name_a_target():
    g = game(V, seat("", "", "JK 5C"), seat("4D", gamble="QD"), seat("6D", gamble="QS"), turn=0, stack="KH")
    g.play("P0 flip 0")
    assert g.pending is not None
    assert names(g.stack) == ["KH", "JK"]
    offered = g.legal_moves()
    assert offered and all(m.kind == "joker" and m.player == 0 for m in offered)
    assert {m.target for m in offered} == {0, 1, 2}
    with refused(g, "(?i)joker|target"):
        g.play("P1 4D")
    g.play("P0 JK to P1")
    assert g.pending is None
    assert bag(g.players[1].hand) == ["4D", "KH"]
    assert names(g.discard) == ["JK"]
    assert g.stack == []
    assert g.turn == 2


def test_pending_joker_is_reported_as_joker_and_seat():
    # docs/API.md: g.pending is None, or ("joker", seat)
    g = game(V, seat("", "", "5C JK"), seat("4D", gamble="QD"), seat("6D", gamble="QS"), turn=0, stack="KH")
    assert g.pending is None
    g.play("P0 flip 1")
    assert tuple(g.pending) == ("joker", 0)


# --- opening ------------------------------------------------------------------------------------


def expected_opener(g):
    n = len(g.players)
    order = [(g.dealer + k) % n for k in range(1, n + 1)]
    for r in NATURAL:
        for s in order:
            if any(rank(c) == r for c in g.players[s].hand):
                return s, r
    return None, None


def test_lowest_natural_rank_in_any_hand_opens_from_the_dealers_left():
    not_seat_one = 0
    for seed in range(12):
        g = finish_setup(sk.new_game(V, players=4, seed=seed))
        opener, r = expected_opener(g)
        if opener is None:
            continue
        not_seat_one += opener != 1
        assert g.turn == opener, seed
        offered = g.legal_moves()
        assert offered
        for m in offered:
            assert m.player == opener and m.kind == "play", (seed, str(m))
            assert {rank(c) for c in m.cards} == {r}, (seed, str(m))
    assert not_seat_one, "no deal in the sample had its opener away from seat 1"


def test_opener_may_lay_several_cards_of_the_opening_rank():
    for seed in range(60):
        g = finish_setup(sk.new_game(V, players=4, seed=seed))
        opener, r = expected_opener(g)
        held_cards = [str(c) for c in g.players[opener].hand if rank(c) == r]
        if len(held_cards) >= 2:
            g.play(f"P{opener} {' '.join(held_cards)}")
            assert bag(g.stack) == sorted(held_cards)
            return
    pytest.fail("no seed in range dealt a pair of the opening rank")


def test_opener_may_not_lay_another_rank():
    for seed in range(30):
        g = finish_setup(sk.new_game(V, players=4, seed=seed))
        opener, r = expected_opener(g)
        others = [c for c in g.players[opener].hand if rank(c) != r]
        if others:
            with refused(g, r):
                g.play(f"P{opener} {others[0]}")
            return
    pytest.fail("no seed in range gave the opener a second rank")


# --- points -------------------------------------------------------------------------------------


def test_bitenight_points_by_order_out_with_low_card_bonus():
    g = game(V, "4C", seat("9C KD"), seat("5C"), turn=0)
    g.play("P0 4C")  # first out, and with a 4
    g.play("P1 9C")
    g.play("P2 take")  # 5 cannot go on 9
    assert g.turn == 1  # P0 is out: the next player still in starts
    g.play("P1 KD")  # second out
    assert g.phase == "over"
    assert g.finished == [0, 1]
    assert g.loser == 2
    assert g.points() == {0: 20, 1: 20, 2: 0}


def test_points_without_bonus_for_going_out_on_other_ranks():
    g = game(V, "5C", seat("9C KD"), seat("4D"), turn=0)
    g.play("P0 5C")
    g.play("P1 9C")
    g.play("P2 take")
    g.play("P1 KD")
    assert g.phase == "over"
    assert g.points() == {0: 10, 1: 20, 2: 0}


def test_points_for_a_longer_order_out():
    g = game(V, "5C", "6C", "7C", seat("8C", gamble="4H"), turn=0)
    for move in ("P0 5C", "P1 6C", "P2 7C"):
        g.play(move)
    assert g.finished == [0, 1, 2]
    assert g.phase == "over"
    assert g.loser == 3
    assert g.points() == {0: 10, 1: 20, 2: 30, 3: 0}


def test_low_card_bonus_also_for_a_turned_four():
    # a gamble card that is turned and played is a play like any other
    g = game(V, seat("", "", "4C"), seat("9C KD"), seat("5C"), turn=0)
    g.play("P0 flip 0")
    assert g.finished == [0]
    g.play("P1 9C")
    g.play("P2 take")
    g.play("P1 KD")
    assert g.points() == {0: 20, 1: 20, 2: 0}
