"""Refused moves say why, in a card player's words, and leave the game untouched; undo."""

import pytest
from helpers import finish_setup, game, refused, seat

import scheissekopf as sk


def table():
    return game(
        "bitenight",
        seat("5C 9C JK", "KC", "QC"),
        seat("6D 9D", "KD", "QD"),
        seat("7H 8H", "KH", "QH"),
        turn=0,
        stack="4S",
    )


def test_move_from_the_wrong_player():
    g = table()
    with refused(g, "(?i)turn"):
        g.play("P1 6D")


def test_card_the_player_does_not_hold():
    g = table()
    with refused(g, "(?i)AS|hold|have"):
        g.play("P0 AS")
    with refused(g, "(?i)6D|hold|have"):
        g.play("P0 6D")  # another player's card


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
    g = game(
        "bitenight",
        seat("10C JK 5C", gamble="KC"),
        seat("QS QD 6D", gamble="KD"),
        seat("9H 7H", gamble="KH"),
        seat("QH QC 4H"),
        turn=0,
        stack="8S",
    )
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


# ---------------------------------------------------------------- a Move is a value


@pytest.mark.parametrize(
    "field, value", [("player", 1), ("kind", "take"), ("cards", ("9C",)), ("target", 2), ("index", 0)]
)
def test_an_offered_move_cannot_be_changed(field, value):
    g = table()
    m = g.legal_moves()[0]
    before = (m.player, m.kind, m.cards, m.target, m.index)
    with pytest.raises(AttributeError, match="a Move is a value"):
        setattr(m, field, value)
    assert (m.player, m.kind, m.cards, m.target, m.index) == before
    with pytest.raises(AttributeError):
        delattr(m, field)


def test_moves_are_values_equal_and_hashed_on_their_fields():
    a = sk.Move(0, "play", sk.parse_cards("9H 9D"))
    b = sk.Move(0, "play", sk.parse_cards("9D 9H"))  # the same cards named in another order
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != sk.Move(1, "play", sk.parse_cards("9H 9D")) and a != sk.Move(0, "play", sk.parse_cards("9H"))
    g = table()
    offered = g.legal_moves()[0]
    assert offered == sk.Move(offered.player, offered.kind, offered.cards)
    assert {offered: 1}[sk.Move(offered.player, offered.kind, offered.cards)] == 1


@pytest.mark.parametrize("variant", ["bitenight", "schafkopf"])
def test_a_forged_move_cannot_reach_the_game(variant):
    """A move built by hand, a copy of an offered move or a move offered by another game is
    checked like any other: the bogus one is refused and the game is untouched. (The fields
    are read-only, so an offered move cannot be changed into a bogus one.)"""
    import copy
    import pickle

    g = table() if variant == "bitenight" else sk.new_game("schafkopf", seed=5)
    offered = g.legal_moves()[0]
    before = g.to_dict()
    bogus = sk.parse_cards("AS") if variant == "bitenight" else [sk.deck("schafkopf", 4)[0]]
    held = {str(c) for p in g.players for c in p.hand}
    assert str(bogus[0]) not in {str(c) for c in g.players[offered.player].hand}
    # 1. a move made by hand with the offered move's player
    with pytest.raises(sk.IllegalMove):
        g.play(sk.Move(offered.player, "play" if variant == "bitenight" else "card", bogus))
    # 2. copies and pickles carry the value, never the offer
    for twin in (copy.copy(offered), copy.deepcopy(offered), pickle.loads(pickle.dumps(offered))):
        assert twin == offered and twin._stamp is None
    # 3. a move offered by another game, where it is legal, is checked again here
    other = sk.Game.from_dict(before)
    other.play(other.legal_moves()[0])  # other now differs from g by one move
    elsewhere = next(m for m in other.legal_moves() if not g.is_legal(m))
    with pytest.raises(sk.IllegalMove):
        g.play(elsewhere)
    assert g.to_dict() == before and held == {str(c) for p in g.players for c in p.hand}


def test_an_offered_move_is_trusted_only_in_the_position_it_was_offered_in():
    g = table()
    first = g.legal_moves()[0]
    g.play(first)
    assert g.history[-1] == first
    with pytest.raises(sk.IllegalMove):  # the same move again, one position later
        g.play(first)
