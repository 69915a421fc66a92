"""The frame every shedding preset shares (RULES.md Part A, the common frame)."""

import pytest
from helpers import accepts, bag, cards_in_play, deck, finish_setup, game, held, moves, names, refused, seat

import scheissekopf as sk

PRESETS = ["bitenight", "palace", "schwechat"]


def zones(variant, hand="", bank="", gamble=""):
    """A seat; in schwechat bank and gamble are columns of the same length.

    A schwechat bank card always lies on a gamble card, so where a seat is given more bank cards
    than gamble cards, the extra ones lie face down in a column of their own there (these seats
    only need to hold cards).
    """
    if variant != "schwechat":
        return seat(hand, bank, gamble)
    bank, gamble = bank.split(), gamble.split()
    if len(bank) > len(gamble):
        gamble, bank = gamble + bank[len(gamble) :], bank[: len(gamble)]
    width = max(len(bank), len(gamble))
    bank = bank + [None] * (width - len(bank))
    gamble = gamble + [None] * (width - len(gamble))
    return {"hand": hand.split(), "bank": bank, "gamble": gamble}


# --- active zone: hand, then bank, then gamble ---------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_hand_comes_before_bank(variant):
    g = game(variant, zones(variant, "5C", "9C", "KC"), zones(variant, "6D", "QD", "KD"), turn=0)
    with refused(g, "(?i)hand"):
        g.play("P0 9C")
    assert accepts(g, "P0 5C")
    assert all(m.kind == "play" and bag(m.cards) == ["5C"] for m in moves(g, player=0))


@pytest.mark.parametrize("variant", PRESETS)
def test_bank_comes_before_gamble(variant):
    g = game(variant, zones(variant, "", "9C", "KC"), zones(variant, "6D", "QD", "KD"), turn=0)
    # bitenight and palace: the whole bank before any gamble card; in schwechat the only
    # gamble card lies under the bank card, so it is covered
    with refused(g, "(?i)bank|gamble|cover|face"):
        g.play("P0 flip 0")
    assert [m.kind for m in moves(g, player=0)] == ["play"]
    g.play("P0 9C")
    assert bag(g.players[0].bank) == []


@pytest.mark.parametrize("variant", PRESETS)
def test_gamble_is_turned_one_card_at_a_time(variant):
    g = game(variant, zones(variant, "", "", "9C 9D KC"), zones(variant, "6D", "QD", "KD"), turn=0)
    offered = moves(g, player=0)
    assert offered and all(m.kind == "flip" for m in offered)
    assert sorted(m.index for m in offered) == [0, 1, 2]
    g.play("P0 flip 0")
    assert bag(g.players[0].gamble) == ["9D", "KC"]
    assert names(g.stack) == ["9C"]


@pytest.mark.parametrize("variant", PRESETS)
def test_zones_are_never_mixed_in_one_play(variant):
    g = game(variant, zones(variant, "9C", "9D", "KC"), zones(variant, "6D", "QD", "KD"), stack="5H", turn=0)
    with refused(g, "(?i)hand|bank|zone"):
        g.play("P0 9C 9D")


# --- refilling, taking, going out -----------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_refill_to_three_from_the_top_of_the_draw_pile(variant):
    g = game(
        variant, zones(variant, "5C 6C 9C", "QC", "KC"), zones(variant, "4D 6D 9D", "QD", "KD"), draw="KS QS JS", turn=0
    )
    g.play("P0 5C")
    assert bag(g.players[0].hand) == bag(sk.parse_cards("6C 9C KS"))
    assert names(g.draw) == ["QS", "JS"]


@pytest.mark.parametrize("variant", PRESETS)
def test_refill_stops_when_the_draw_pile_runs_out(variant):
    g = game(variant, zones(variant, "5C 6C 9C", "QC", "KC"), zones(variant, "4D 6D 9D", "QD", "KD"), draw="KS", turn=0)
    g.play("P0 5C")
    assert g.draw == []
    g.play("P1 6D")
    g.play("P0 9C")
    assert bag(g.players[0].hand) == ["6C", "KS"]


@pytest.mark.parametrize("variant", PRESETS)
def test_no_refill_while_the_hand_still_holds_three(variant):
    g = game(
        variant, zones(variant, "5C 6C 9C JC", "QC", "KC"), zones(variant, "4D 6D 9D", "QD", "KD"), draw="KS QS", turn=0
    )
    g.play("P0 5C")
    assert bag(g.players[0].hand) == ["6C", "9C", "JC"]
    assert names(g.draw) == ["KS", "QS"]


@pytest.mark.parametrize("variant", ["bitenight", "palace"])
def test_refill_before_playing_again_after_a_burn(variant):
    g = game(
        variant, zones(variant, "10C 5C 6C", "QC"), zones(variant, "4D 6D 9D", "QD"), draw="KS QS", stack="AH", turn=0
    )
    g.play("P0 10C")
    assert g.turn == 0
    assert bag(g.players[0].hand) == ["5C", "6C", "KS"]
    assert names(g.draw) == ["QS"]


# the bank failure differs in palace: one bank card is laid and taken with the stack
TAKE_FROM_BANK = {"bitenight": "P0 take", "palace": "P0 take 4C", "schwechat": "P0 take"}


@pytest.mark.parametrize("variant", PRESETS)
def test_taking_puts_the_stack_into_the_hand_even_from_the_bank(variant):
    g = game(variant, zones(variant, "", "4C 4D", "KC QC"), zones(variant, "3D 6D", "QD", "KD"), stack="9H KH", turn=0)
    g.play(TAKE_FROM_BANK[variant])
    expected = ["9H", "KH"] + (["4C"] if variant == "palace" else [])
    assert bag(g.players[0].hand) == sorted(expected)
    assert g.stack == []
    assert "4D" in bag(g.players[0].bank)
    if variant != "schwechat":  # schwechat: the taker opens the next stack
        g.play("P1 3D")
    assert g.turn == 0
    # back to the hand first: the bank waits until the hand is empty again
    with refused(g, "(?i)hand"):
        g.play("P0 4D")
    assert all(m.kind == "play" for m in moves(g, player=0))
    assert all(str(c) in {"9H", "KH", "4C"} for m in moves(g, player=0) for c in m.cards)


@pytest.mark.parametrize("variant", PRESETS)
def test_a_player_with_cards_left_in_some_zone_is_not_out(variant):
    g = game(variant, zones(variant, "5C", "9C"), zones(variant, "6D", "QD"), turn=0)
    g.play("P0 5C")
    assert g.finished == []
    assert g.phase == "play"


@pytest.mark.parametrize("variant", PRESETS)
def test_going_out_is_recorded_and_play_passes_on(variant):
    g = game(variant, zones(variant, "5C"), zones(variant, "6D", "QD"), zones(variant, "9S", "KS"), turn=0)
    g.play("P0 5C")
    assert g.finished == [0]
    assert g.turn == 1
    assert g.loser is None
    assert g.phase == "play"


@pytest.mark.parametrize("variant", PRESETS)
def test_round_ends_when_one_player_is_left_holding_cards(variant):
    g = game(variant, zones(variant, "9C"), zones(variant, "6D", "QD"), zones(variant, "5S"), turn=2)
    g.play("P2 5S")
    assert g.finished == [2]
    assert g.turn == 0
    g.play("P0 9C")
    assert g.finished == [2, 0]
    assert g.phase == "over"
    assert g.loser == 1


@pytest.mark.parametrize("variant", PRESETS)
def test_only_players_still_in_count_for_the_next_turn(variant):
    g = game(variant, zones(variant, "5C 6C"), zones(variant), zones(variant, "9S", "KS"), turn=0, finished=[1])
    g.play("P0 5C")
    assert g.turn == 2


# --- burns and jokers as the last card ----------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_burning_with_the_last_card_goes_out_and_the_next_player_starts(variant):
    g = game(variant, zones(variant, "10H"), zones(variant, "6D", "QD"), zones(variant, "9S", "KS"), stack="KH", turn=0)
    g.play("P0 10H")
    assert g.finished == [0]
    assert g.stack == []
    assert g.turn == 1


@pytest.mark.parametrize("variant", PRESETS)
def test_four_of_a_kind_with_the_last_card_goes_out_and_the_next_player_starts(variant):
    g = game(
        variant, zones(variant, "QC"), zones(variant, "6D", "KD"), zones(variant, "9S", "KS"), stack="QH QD QS", turn=0
    )
    g.play("P0 QC")
    assert g.finished == [0]
    assert g.stack == []
    assert g.turn == 1


def test_joker_as_the_last_card_goes_out_and_the_player_left_of_the_target_starts():
    g = game("bitenight", "JK", seat("6D", "QD"), seat("9S", "KS"), seat("5H", "AH"), stack="KH", turn=0)
    g.play("P0 JK to P2")
    assert g.finished == [0]
    assert bag(g.players[2].hand) == ["9S", "KH"]
    assert g.turn == 3


def test_joker_as_the_last_card_skips_the_player_who_went_out():
    # the target's left is the joker's own player, who is out: the next player still in starts
    g = game("bitenight", "JK", seat("6D", "QD"), seat("9S", "KS"), stack="KH", turn=0)
    g.play("P0 JK to P2")
    assert g.finished == [0]
    assert g.turn == 1


# --- skips -------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["bitenight", "schwechat"])
def test_skips_never_skip_the_player_who_caused_them_two_players(variant):
    g = game(variant, zones(variant, "8C 5C", "QC"), zones(variant, "9D", "QD"), stack="6H", turn=0)
    g.play("P0 8C")
    assert g.turn == 0


@pytest.mark.parametrize("variant", ["bitenight", "schwechat"])
def test_more_skips_than_other_players_come_back_to_the_player(variant):
    g = game(
        variant,
        zones(variant, "8C 8D 8H 5C", "QC"),
        zones(variant, "9D", "QD"),
        zones(variant, "9S", "KS"),
        stack="6H",
        turn=0,
    )
    g.play("P0 8C 8D 8H")
    assert g.turn == 0


@pytest.mark.parametrize("variant", ["bitenight", "schwechat"])
def test_skips_pass_over_players_still_in_only(variant):
    g = game(
        variant,
        zones(variant, "8C 5C", "QC"),
        zones(variant),
        zones(variant, "9D", "QD"),
        zones(variant, "9S", "KS"),
        stack="6H",
        turn=0,
        finished=[1],
    )
    g.play("P0 8C")
    assert g.turn == 3


# --- stalemate ----------------------------------------------------------------------------------

# six moves that bring the position back where it was: 5 / A / take, 5 / A / take
CYCLE = ["P0 5C", "P1 AC", "P0 take", "P1 5D", "P0 AC", "P1 take"]


def stalemate_game(variant, p0_bank):
    return game(variant, seat("5C 6C", p0_bank, "QC"), seat("AC 5D 6D", "KS", "QD"), turn=0)


@pytest.mark.parametrize("variant", ["bitenight", "palace"])
def test_stalemate_by_threefold_repetition(variant):
    g = stalemate_game(variant, "KH")
    # the starting position counts as its first occurrence, as repetition counts at a real table
    for move in CYCLE + CYCLE[:-1]:
        g.play(move)
        assert g.phase == "play"
    g.play(CYCLE[-1])
    assert g.phase == "over"
    # P0 holds 4 cards, P1 holds 5: the one holding the most is the Scheisskopf
    assert g.loser == 1
    assert g.finished == [0]
    assert any("stalemate" in str(event).lower() for event in g.log)


@pytest.mark.parametrize("variant", ["bitenight", "palace"])
def test_stalemate_tie_goes_against_the_first_in_turn_order_from_the_player_to_move(variant):
    g = stalemate_game(variant, "KH KD")  # both hold 5 cards
    for move in CYCLE * 2:
        g.play(move)
    assert g.phase == "over"
    assert g.loser == 0
    assert g.finished == [1]


# --- setup and deals ------------------------------------------------------------------------------

DEAL_CASES = (
    [("bitenight", n) for n in range(2, 9)]
    + [("palace", n) for n in range(2, 6)]
    + [("schwechat", n) for n in range(2, 10)]
)


@pytest.mark.parametrize("variant,players", DEAL_CASES)
def test_deal_sizes_and_deck_per_preset_and_player_count(variant, players):
    g = sk.new_game(variant, players=players, seed=5)
    assert g.phase == "setup"
    assert len(g.players) == players
    full = deck(variant, players)
    assert cards_in_play(g) == full
    for p in g.players:
        if variant == "schwechat":
            assert len(p.hand) == 6
            assert bag(p.gamble) and len(bag(p.gamble)) == 3
            assert bag(p.bank) == []
        else:
            assert len(p.hand) == 3
            assert len(p.bank) == 3
            assert len(p.gamble) == 3
    turned = 1 if variant == "schwechat" else 0
    assert len(g.draw) == sum(full.values()) - 9 * players - turned
    assert len(g.stack) + len(g.discard) == turned


@pytest.mark.parametrize("variant,players", [("bitenight", 4), ("palace", 3), ("schwechat", 5)])
def test_seeded_deals_are_identical_for_the_same_seed(variant, players):
    a = sk.new_game(variant, players=players, seed=11)
    b = sk.new_game(variant, players=players, seed=11)
    assert a.to_dict() == b.to_dict()
    others = [sk.new_game(variant, players=players, seed=s).to_dict() for s in (12, 13)]
    assert any(o != a.to_dict() for o in others)


@pytest.mark.parametrize("variant", PRESETS)
def test_play_starts_when_every_player_is_ready(variant):
    g = sk.new_game(variant, players=3, seed=2)
    assert g.phase == "setup"
    for i in range(3):
        if variant == "schwechat":
            for column in range(3):
                g.play(f"P{i} place {g.players[i].hand[0]} {column}")
        assert g.phase == "setup"
        g.play(f"P{i} ready")
    assert g.phase == "play"


@pytest.mark.parametrize("variant", ["bitenight", "palace"])
def test_setup_swap_exchanges_a_hand_card_with_a_bank_card(variant):
    g = sk.new_game(variant, players=3, seed=4)
    hand, bank = names(g.players[1].hand), names(g.players[1].bank)
    g.play(f"P1 swap {hand[0]} {bank[0]}")
    assert bag(g.players[1].hand) == sorted(hand[1:] + [bank[0]])
    assert bag(g.players[1].bank) == sorted(bank[1:] + [hand[0]])
    # and back again: swaps may be repeated as often as the player likes
    g.play(f"P1 swap {bank[0]} {hand[0]}")
    assert bag(g.players[1].hand) == sorted(hand)
    assert bag(g.players[1].bank) == sorted(bank)


@pytest.mark.parametrize("variant", ["bitenight", "palace"])
def test_no_swap_after_saying_ready(variant):
    g = sk.new_game(variant, players=3, seed=4)
    g.play("P1 ready")
    hand, bank = names(g.players[1].hand), names(g.players[1].bank)
    with refused(g, "(?i)ready"):
        g.play(f"P1 swap {hand[0]} {bank[0]}")


@pytest.mark.parametrize("variant", PRESETS)
def test_no_play_before_everyone_is_ready(variant):
    g = sk.new_game(variant, players=2, seed=4)
    card = g.players[1].hand[0]
    with refused(g, "(?i)setup|ready"):
        g.play(f"P1 {card}")


@pytest.mark.parametrize("variant", PRESETS)
def test_new_game_deals_with_seat_zero_as_dealer(variant):
    g = sk.new_game(variant, players=3, seed=1)
    assert g.dealer == 0


@pytest.mark.parametrize("variant", PRESETS)
def test_cards_are_conserved_through_setup(variant):
    g = finish_setup(sk.new_game(variant, players=4, seed=9))
    assert g.phase == "play"
    assert cards_in_play(g) == deck(variant, 4)
    assert sum(held(g, i) for i in range(4)) + len(g.draw) + len(g.stack) + len(g.discard) == sum(
        deck(variant, 4).values()
    )
