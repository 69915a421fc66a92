"""Refused moves say why, in a card player's words, and leave the game untouched; undo."""
import pytest

import scheissekopf as sk
from helpers import finish_setup, game, refused, seat


def table():
    return game("bitenight", seat("5C 9C JK", "KC", "QC"), seat("6D 9D", "KD", "QD"),
                seat("7H 8H", "KH", "QH"), turn=0, stack="4S")


def test_move_from_the_wrong_player():
    g = table()
    with refused(g, "(?i)turn"):
        g.play("P1 6D")


def test_card_the_player_does_not_hold():
    g = table()
    with refused(g, "(?i)AS|hold|have"):
        g.play("P0 AS")
    with refused(g, "(?i)6D|hold|have"):
        g.play("P0 6D")            # another player's card


def test_bank_card_while_the_hand_holds_cards():
    g = table()
    with refused(g, "(?i)hand"):
        g.play("P0 KC")


def test_gamble_card_named_instead_of_turned():
    # gamble cards are face down: they are only ever turned with a flip
    g = game("bitenight", seat("", "", "9C KC"), seat("6D"), turn=0, stack="4S")
    with refused(g, "(?i)gamble|flip|turn|face|hold"):
        g.play("P0 9C")


def test_mixed_ranks_in_one_play():
    g = table()
    with refused(g, "(?i)rank|same|kind"):
        g.play("P0 5C 9C")


def test_joker_without_a_target():
    g = table()
    with refused(g, "(?i)target|who|whom"):
        g.play("P0 JK")


def test_joker_aimed_at_a_seat_that_does_not_exist():
    g = table()
    with refused(g, "(?i)P7|seat|player|target"):
        g.play("P0 JK to P7")


@pytest.mark.parametrize("text", ["1H", "banana", "9Z", "P0 9C 9", "P0 flop 1", ""])
def test_text_that_does_not_parse(text):
    g = table()
    with refused(g, "."):
        g.play(text)


@pytest.mark.parametrize("text", ["1H", "banana", "9Z"])
def test_unreadable_card_text_is_named_in_the_message(text):
    g = table()
    with refused(g, text):
        g.play(f"P0 {text}")


def test_move_by_a_seat_that_does_not_exist():
    g = table()
    with refused(g, "(?i)P9|seat|player"):
        g.play("P9 9C")


def test_flip_while_the_hand_holds_cards():
    g = table()
    with refused(g, "(?i)hand|gamble|bank"):
        g.play("P0 flip 0")


def test_flip_of_an_empty_gamble_slot():
    g = game("bitenight", seat("", "", "9C KC"), seat("6D"), turn=0, stack="4S")
    with refused(g, "(?i)2|slot|gamble|flip"):
        g.play("P0 flip 2")


def test_setup_moves_during_play():
    g = table()
    with refused(g, "(?i)setup|swap|play"):
        g.play("P0 swap 5C KC")
    with refused(g, "(?i)setup|ready|play"):
        g.play("P0 ready")


def test_move_after_the_game_is_over():
    g = game("bitenight", "5C", seat("6D", gamble="QD"), turn=0)
    g.play("P0 5C")
    assert g.phase == "over"
    with refused(g, "(?i)over|ended|finished"):
        g.play("P1 6D")
    assert g.legal_moves() == []


def test_illegal_move_is_a_value_error_with_a_message():
    g = table()
    with pytest.raises(ValueError) as info:
        g.play("P0 5C 9C")
    assert isinstance(info.value, sk.IllegalMove)
    assert len(str(info.value)) > 10


# --- undo ---------------------------------------------------------------------------------------

def test_undo_restores_the_exact_previous_position():
    g = table()
    before = []
    for move in ("P0 9C", "P1 9D", "P2 take", "P0 5C", "P1 6D", "P2 7H"):
        before.append(g.to_dict())
        g.play(move)
    for expected in reversed(before):
        g.undo()
        assert g.to_dict() == expected


def test_undo_after_burn_joker_and_jump_in():
    g = game("bitenight", seat("10C JK 5C", gamble="KC"), seat("QS QD 6D", gamble="KD"),
             seat("9H 7H", gamble="KH"), seat("QH QC 4H"), turn=0, stack="8S")
    for move in ("P0 10C", "P0 5C", "P1 QS QD", "P3 QH QC", "P3 4H", "P0 JK to P2"):
        before = g.to_dict()
        g.play(move)
        g.undo()
        assert g.to_dict() == before
        g.play(move)


def test_undo_through_setup():
    g = sk.new_game("schwechat", players=3, seed=5)
    start = g.to_dict()
    finish_setup(g)
    while g.history:
        g.undo()
    assert g.to_dict() == start


def test_undo_with_nothing_to_undo():
    g = table()
    with pytest.raises(IndexError):
        g.undo()
