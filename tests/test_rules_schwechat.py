"""`schwechat`, the Austrian standard (RULES.md A3)."""

import pytest
from helpers import accepts, bag, cards_in_play, deck, finish_setup, game, held, moves, names, refused, seat

import scheissekopf as sk

V = "schwechat"


def p(hand, bank=(), gamble=()):
    """A seat; bank and gamble are columns (lists, None for an empty slot), none by default."""
    return seat(hand, list(bank), list(gamble))


def players(*hands):
    return [p(h) for h in hands]


# --- deal and setup -----------------------------------------------------------------------------


@pytest.mark.parametrize("n,decks", [(2, 2), (8, 2), (9, 3)])
def test_schwechat_two_decks_of_fifty_five_up_to_eight_players(n, decks):
    g = sk.new_game(V, players=n, seed=2)
    found = cards_in_play(g)
    assert found == deck(V, n)
    assert found["JK"] == 3 * decks
    assert sum(found.values()) == 55 * decks


def test_schwechat_deal_three_gamble_six_hand_and_the_top_card_turned():
    g = sk.new_game(V, players=4, seed=6)
    for pl in g.players:
        assert len(pl.hand) == 6
        assert len(bag(pl.gamble)) == 3
        assert bag(pl.bank) == []
    assert len(g.stack) + len(g.discard) == 1
    assert len(g.draw) == 110 - 36 - 1


def test_schwechat_turned_ten_burns_at_once():
    for seed in range(400):
        g = sk.new_game(V, players=3, seed=seed)
        if g.discard:
            assert g.stack == []
            assert [str(c)[:-1] for c in g.discard] == ["10"]
            return
        assert len(g.stack) == 1 and not str(g.stack[0]).startswith("10")
    pytest.fail("no seed in range turned up a ten")


def test_schwechat_turned_joker_does_not_reverse():
    for seed in range(400):
        g = sk.new_game(V, players=3, seed=seed)
        if names(g.stack) == ["JK"]:
            assert g.direction == 1
            finish_setup(g)
            assert g.direction == 1
            return
    pytest.fail("no seed in range turned up a joker")


def test_schwechat_setup_lays_three_hand_cards_on_the_gamble_columns():
    g = sk.new_game(V, players=2, seed=3)
    hand = names(g.players[1].hand)
    g.play(f"P1 place {hand[2]} 1")
    assert names(g.players[1].bank)[1] == hand[2]
    assert bag(g.players[1].hand) == sorted(hand[:2] + hand[3:])
    assert len(bag(g.players[1].gamble)) == 3


def test_schwechat_setup_ready_only_after_three_cards_are_laid():
    g = sk.new_game(V, players=2, seed=3)
    with refused(g, "(?i)3|three|place|lay|bank"):
        g.play("P1 ready")
    g.play(f"P1 place {g.players[1].hand[0]} 0")
    g.play(f"P1 place {g.players[1].hand[0]} 1")
    with refused(g, "(?i)3|three|place|lay|bank"):
        g.play("P1 ready")
    g.play(f"P1 place {g.players[1].hand[0]} 2")
    g.play("P1 ready")
    assert len(g.players[1].hand) == 3
    assert len(bag(g.players[1].bank)) == 3


def test_schwechat_setup_one_card_per_column():
    g = sk.new_game(V, players=2, seed=3)
    g.play(f"P1 place {g.players[1].hand[0]} 0")
    with refused(g, "(?i)column|slot|0|already"):
        g.play(f"P1 place {g.players[1].hand[0]} 0")


def test_schwechat_starting_player_is_drawn_by_lot_from_the_seed():
    starters = []
    for seed in range(16):
        a = finish_setup(sk.new_game(V, players=4, seed=seed))
        b = finish_setup(sk.new_game(V, players=4, seed=seed))
        assert a.turn == b.turn
        starters.append(a.turn)
    assert len(set(starters)) > 1


# --- values -------------------------------------------------------------------------------------


def test_schwechat_non_wildcard_plays_on_lower_or_equal_value():
    g = game(V, p("8C 9C JC"), p("4D"), turn=0, stack="9H")
    assert accepts(g, "P0 9C")
    assert accepts(g, "P0 JC")
    with refused(g, "9"):
        g.play("P0 8C")


def test_schwechat_two_is_the_lowest_value():
    g = game(V, p("2C 5C"), p("4D"), turn=0, stack="4H")
    with refused(g, "4"):
        g.play("P0 2C")
    g = game(V, p("4C 5C"), p("4D"), turn=0, stack="2H")
    assert accepts(g, "P0 4C")


def test_schwechat_wildcards_play_on_anything():
    g = game(V, p("3C 7C 10C JK 5C"), p("4D"), p("6D"), turn=0, stack="AH")
    for card in ("3C", "7C", "10C", "JK"):
        assert accepts(g, f"P0 {card}"), card
    with refused(g, "A"):
        g.play("P0 5C")


def test_schwechat_eight_is_no_wildcard():
    g = game(V, p("8C 5C"), p("4D"), turn=0, stack="9H")
    with refused(g, "9"):
        g.play("P0 8C")


def test_schwechat_three_mirrors_card_below():
    g = game(V, p("3C KC"), p("KD AD"), turn=0, stack="AH")
    g.play("P0 3C")
    with refused(g, "A|3"):
        g.play("P1 KD")
    g.play("P1 AD")
    assert names(g.stack) == ["AH", "3C", "AD"]


def test_schwechat_three_mirrors_through_several_threes():
    g = game(V, p("KC AC"), p("4D"), turn=0, stack="AH 3S 3D")
    with refused(g, "A|3"):
        g.play("P0 KC")
    assert accepts(g, "P0 AC")


def test_schwechat_three_on_an_empty_stack_is_worth_nothing():
    g = game(V, p("2C 5C"), p("4D"), turn=0, stack="3S")
    assert accepts(g, "P0 2C")


def test_schwechat_three_on_a_joker_is_worth_nothing():
    g = game(V, p("2C 5C"), p("4D"), turn=0, stack="AH JK 3S")
    assert accepts(g, "P0 2C")


def test_schwechat_three_on_an_eight_is_worth_nothing():
    # the 3 mirrors what the 8 left behind, which is worth 0 (and it skips nobody)
    g = game(V, *players("3C 5C", "2D 9D", "4H"), turn=0, stack="6H 8H")
    g.play("P0 3C")
    assert g.turn == 1
    assert accepts(g, "P1 2D")


def test_schwechat_seven_must_be_undercut():
    g = game(V, p("2C 4C 5C 6C 8C 9C KC AC 3C 7C 10C JK"), p("4D"), p("6D"), turn=0, stack="7H")
    for card in ("2C", "4C", "5C", "6C", "3C", "7C", "10C", "JK"):
        assert accepts(g, f"P0 {card}"), card
    for card in ("8C", "9C", "KC", "AC"):
        with refused(g, "7"):
            g.play(f"P0 {card}")


def test_schwechat_undercut_ends_once_the_seven_is_covered():
    g = game(V, p("6C 9C 4C"), p("4D"), turn=0, stack="7H 5D")
    assert accepts(g, "P0 6C")
    assert accepts(g, "P0 9C")
    with refused(g, "5"):
        g.play("P0 4C")


def test_schwechat_three_on_a_seven_passes_the_undercut_on():
    g = game(V, p("3C 5C"), p("KD 5D"), turn=0, stack="7H")
    g.play("P0 3C")
    with refused(g, "7"):
        g.play("P1 KD")
    assert accepts(g, "P1 5D")


# --- ten, joker, eight --------------------------------------------------------------------------


def test_schwechat_ten_burns_and_the_next_player_starts():
    g = game(V, p("10C 5C"), p("4D"), p("6D"), turn=0, stack="KH AH")
    g.play("P0 10C")
    assert g.stack == []
    assert bag(g.discard) == ["10C", "AH", "KH"]
    assert g.turn == 1


def test_schwechat_joker_reverses_direction():
    g = game(V, *players("4C", "JK 5C", "6C", "9C"), turn=1, stack="AH")
    g.play("P1 JK")
    assert g.direction == -1
    assert g.turn == 0
    # the joker is worth nothing: the lowest card goes on it
    g = game(V, *players("2C 4C", "JK 5C", "6C", "9C"), turn=1, stack="AH")
    g.play("P1 JK")
    assert accepts(g, "P0 2C")


def test_schwechat_joker_reversal_holds_until_the_next_joker():
    g = game(V, *players("4C", "5C", "6C 6D", "9C JK"), turn=2, stack="2H", direction=-1)
    g.play("P2 6C")
    assert g.turn == 1
    g = game(V, *players("4C", "5C", "6C 6D", "JK 9C"), turn=3, stack="2H", direction=-1)
    g.play("P3 JK")
    assert g.direction == 1
    assert g.turn == 0


def test_schwechat_several_jokers_in_one_play_reverse_once():
    g = game(V, *players("4C", "JK JK 5C", "6C", "9C"), turn=1, stack="AH")
    g.play("P1 JK JK")
    assert g.direction == -1
    assert g.turn == 0


def test_schwechat_joker_reverses_direction_except_with_two_players():
    g = game(V, p("JK 5C"), p("4D"), turn=0, stack="AH")
    g.play("P0 JK")
    assert g.direction == 1
    assert g.turn == 1
    # two players still in out of three seats: no reversal either
    g = game(V, p("JK 5C"), p("4D"), seat("", [], []), turn=0, stack="AH", finished=[2])
    g.play("P0 JK")
    assert g.direction == 1
    assert g.turn == 1


def test_schwechat_joker_counts_the_players_before_the_play():
    # three in the round before the play; the joker's player goes out with it: still reverses
    g = game(V, seat("JK", [], []), p("4D"), p("6D"), turn=0, stack="AH")
    g.play("P0 JK")
    assert g.finished == [0]
    assert g.direction == -1
    assert g.turn == 2


def test_schwechat_eights_skip_players():
    for eights, after in (("8C", 2), ("8C 8D", 3), ("8C 8D 8H", 0)):
        g = game(V, *players("8C 8D 8H 5C", "4D", "6D", "9D"), turn=0, stack="6H")
        g.play(f"P0 {eights}")
        assert g.turn == after, eights


def test_schwechat_value_after_an_eight_is_zero():
    g = game(V, *players("8C 5C", "4D", "2D 9D"), turn=0, stack="6H")
    g.play("P0 8C")
    assert g.turn == 2
    assert accepts(g, "P2 2D")


def test_schwechat_eight_skips_follow_the_direction():
    g = game(V, *players("5C", "4D", "8C 6D", "9D"), turn=2, stack="6H", direction=-1)
    g.play("P2 8C")
    assert g.turn == 0


# --- burns by four of a kind --------------------------------------------------------------------


def test_schwechat_four_of_a_kind_burns_and_the_next_player_starts():
    g = game(V, p("4C"), p("QC 5C"), p("6D"), turn=1, stack="QH QD QS")
    g.play("P1 QC")
    assert g.stack == []
    assert bag(g.discard) == ["QC", "QD", "QH", "QS"]
    assert g.turn == 2


def test_schwechat_five_of_a_kind_burns():
    g = game(V, p("9C 9H 9S 5C"), p("4D"), p("6D"), turn=0, stack="9H 9D")
    g.play("P0 9C 9H 9S")
    assert g.stack == []
    assert g.turn == 1


def test_schwechat_threes_break_the_row():
    g = game(V, p("9C 5C"), p("4D"), p("6D"), turn=0, stack="9H 9D 3S 9S")
    g.play("P0 9C")
    assert names(g.stack) == ["9H", "9D", "3S", "9S", "9C"]
    assert g.turn == 1


def test_schwechat_four_eights_at_five_players_skip_everyone():
    g = game(V, *players("8C 8D 8H 8S 5C", "4D", "6D", "9D", "JD"), turn=0, stack="6H")
    g.play("P0 8C 8D 8H 8S")
    assert g.stack == []
    assert g.turn == 0


def test_schwechat_four_eights_at_six_players_skip_four():
    g = game(V, *players("8C 8D 8H 8S 5C", "4D", "6D", "9D", "JD", "QD"), turn=0, stack="6H")
    g.play("P0 8C 8D 8H 8S")
    assert g.stack == []
    assert g.turn == 5


def test_schwechat_four_jokers_burn_and_still_reverse():
    g = game(V, *players("4C", "JK JK JK JK 5C", "6C", "9C"), turn=1, stack="AH")
    g.play("P1 JK JK JK JK")
    assert g.stack == []
    assert g.direction == -1
    assert g.turn == 0


# --- taking -------------------------------------------------------------------------------------


def test_schwechat_player_who_cannot_play_must_take_and_then_opens():
    g = game(V, p("4C 5C"), p("6D"), turn=0, stack="AH")
    assert [m.kind for m in moves(g, player=0)] == ["take"]
    g.play("P0 take")
    assert bag(g.players[0].hand) == ["4C", "5C", "AH"]
    assert g.stack == []
    assert g.turn == 0
    offered = moves(g, player=0)
    assert offered and all(m.kind == "play" for m in offered)
    g.play("P0 AH")
    assert names(g.stack) == ["AH"]
    assert g.turn == 1


def test_schwechat_voluntary_take_at_the_start_of_the_turn():
    g = game(V, p("KC 5C"), p("6D"), turn=0, stack="9H")
    assert accepts(g, "P0 KC")
    g.play("P0 take")
    assert bag(g.players[0].hand) == ["5C", "9H", "KC"]
    assert g.turn == 0
    # opening after a take: any card from the hand, even the lowest
    assert accepts(g, "P0 5C")


def test_schwechat_voluntary_take_only_on_ones_own_turn():
    g = game(V, p("KC 5C"), p("6D AD"), turn=0, stack="9H")
    with refused(g, "(?i)turn"):
        g.play("P1 take")


def test_schwechat_no_take_from_an_empty_stack():
    g = game(V, p("KC 5C"), p("6D"), turn=0)
    with refused(g, "(?i)empty|stack|take"):
        g.play("P0 take")


def test_schwechat_no_jump_ins():
    g = game(V, p("4C"), p("5D"), p("9H"), p("QS QC 5S"), turn=1, stack="QH QD")
    assert moves(g, player=3) == []
    with refused(g, "(?i)turn"):
        g.play("P3 QS QC")


# --- bank and gamble columns --------------------------------------------------------------------


def test_schwechat_hand_still_comes_first():
    g = game(V, seat("5C", ["9C", None], ["KC", "QC"]), p("6D"), turn=0)
    with refused(g, "(?i)hand"):
        g.play("P0 9C")
    with refused(g, "(?i)hand"):
        g.play("P0 flip 1")


def test_schwechat_gamble_card_needs_its_bank_column_cleared():
    g = game(V, seat("", [None, "KH", None], ["5C", "6C", "9C"]), p("6D"), turn=0)
    offered = moves(g, player=0)
    assert {m.index for m in offered if m.kind == "flip"} == {0, 2}
    assert any(m.kind == "play" and names(m.cards) == ["KH"] for m in offered)
    with refused(g, "(?i)bank|cover|column|KH"):
        g.play("P0 flip 1")
    g.play("P0 flip 2")
    assert names(g.stack) == ["9C"]
    assert names(g.players[0].gamble) == ["5C", "6C", None]
    assert names(g.players[0].bank) == [None, "KH", None]


def test_schwechat_turned_gamble_card_that_fits_is_played():
    g = game(V, seat("", [None, None], ["9C", "KC"]), p("6D"), p("4H"), turn=0, stack="5H")
    g.play("P0 flip 0")
    assert names(g.stack) == ["5H", "9C"]
    assert names(g.players[0].gamble) == [None, "KC"]
    assert g.turn == 1


def test_schwechat_turned_gamble_card_that_does_not_fit_is_taken_and_its_player_opens():
    g = game(V, seat("", [None, None], ["5C", "KC"]), p("6D"), p("4H"), turn=0, stack="AH")
    g.play("P0 flip 0")
    assert bag(g.players[0].hand) == ["5C", "AH"]
    assert names(g.players[0].gamble) == [None, "KC"]
    assert g.stack == []
    assert g.turn == 0
    assert all(m.kind == "play" for m in moves(g, player=0))


def test_schwechat_last_gamble_card_that_fits_goes_out():
    g = game(V, seat("", [None], ["9C"]), p("6D"), p("4H"), turn=0, stack="5H")
    g.play("P0 flip 0")
    assert g.finished == [0]
    assert names(g.stack) == ["5H", "9C"]


# --- stalemate with three players ---------------------------------------------------------------


def test_schwechat_stalemate_by_threefold_repetition():
    # voluntary takes let the three players hand one nine round for ever
    g = game(
        V, p("KC", ["AH"], ["AC"]), p("KD", ["KH", "JH"], ["QH", "JD"]), p("KS", ["AS"], ["AD"]), turn=0, stack="9H"
    )
    cycle = ["P0 take", "P0 9H", "P1 take", "P1 9H", "P2 take", "P2 9H"]
    for move in cycle + cycle[:-1]:
        g.play(move)
        assert g.phase == "play"
    g.play(cycle[-1])
    assert g.phase == "over"
    # P0 holds 3 cards, P1 holds 5, P2 holds 3: P1 is the Scheisskopf; P0 and P2 tie and go
    # out in turn order from the player to move (P0)
    assert [held(g, i) for i in range(3)] == [3, 5, 3]
    assert g.loser == 1
    assert g.finished == [0, 2]


def test_schwechat_stalemate_others_go_out_by_fewest_cards():
    g = game(V, p("KC", ["KH"], ["QH"]), p("KD", ["JH", "JC"], ["QC", "JD"]), p("QD", [], []), turn=0, stack="9H")
    cycle = ["P0 take", "P0 9H", "P1 take", "P1 9H", "P2 take", "P2 9H"]
    for move in cycle * 2:
        g.play(move)
    assert g.phase == "over"
    assert [held(g, i) for i in range(3)] == [3, 5, 1]
    assert g.loser == 1
    assert g.finished == [2, 0]


# --- penalties ----------------------------------------------------------------------------------


def out_of_turn(g):
    """A play by a seat that is not to move, with a card from its own hand."""
    seat_ = (g.turn + 1) % len(g.players)
    return seat_, f"P{seat_} {g.players[seat_].hand[0]}"


def test_schwechat_penalties_warning_then_penalty_card():
    g = finish_setup(sk.new_game(V, players=3, seed=4, penalties=True))
    offender, move = out_of_turn(g)
    before = g.to_dict()
    gamble_before = len(bag(g.players[offender].gamble))
    with pytest.raises(sk.IllegalMove, match="(?i)warning"):
        g.play(move)
    after = g.to_dict()
    for key in ("stack", "draw", "discard", "turn", "direction", "finished"):
        assert after[key] == before[key], key
    for was, now in zip(before["players"], after["players"]):
        assert [was[z] for z in ("hand", "bank", "gamble")] == [now[z] for z in ("hand", "bank", "gamble")]
    with pytest.raises(sk.IllegalMove, match="(?i)penalty card"):
        g.play(move)
    assert len(bag(g.players[offender].gamble)) == gamble_before + 1
    assert len(g.draw) == len(before["draw"]) - 1
    assert names(g.stack) == before["stack"]
    assert cards_in_play(g) == deck(V, 3)


def test_schwechat_warning_survives_a_position_round_trip():
    g = finish_setup(sk.new_game(V, players=3, seed=4, penalties=True))
    offender, move = out_of_turn(g)
    with pytest.raises(sk.IllegalMove, match="(?i)warning"):
        g.play(move)
    g = sk.Game.from_dict(g.to_dict())
    with pytest.raises(sk.IllegalMove, match="(?i)penalty card"):
        g.play(move)


def test_schwechat_penalty_card_comes_from_the_discard_when_the_draw_pile_is_empty():
    g = finish_setup(sk.new_game(V, players=3, seed=4, penalties=True))
    d = g.to_dict()
    d["discard"] = d["discard"] + d["draw"]
    d["draw"] = []
    g = sk.Game.from_dict(d)
    offender, move = out_of_turn(g)
    discard_before = len(g.discard)
    gamble_before = len(bag(g.players[offender].gamble))
    for expected in ("warning", "penalty card"):
        with pytest.raises(sk.IllegalMove, match=f"(?i){expected}"):
            g.play(move)
    assert len(bag(g.players[offender].gamble)) == gamble_before + 1
    assert len(g.discard) == discard_before - 1


def test_schwechat_without_penalties_an_illegal_attempt_changes_nothing():
    g = finish_setup(sk.new_game(V, players=3, seed=4))
    _, move = out_of_turn(g)
    for _ in range(3):
        with refused(g, "(?i)turn"):
            g.play(move)
