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
        names=["Ada", "Ben", "You"],
    )


def says(g, move, codes, words):
    """``g.play(move)`` is refused with exactly these sentences, the engine's (``str(exc)``, cards
    as codes) and the one the table shows (``exc.words``, cards as drawn), and changes nothing."""
    before = g.to_dict()
    with pytest.raises(sk.IllegalMove) as caught:
        g.play(move)
    assert (str(caught.value), caught.value.words) == (codes, words)
    assert g.to_dict() == before


def test_move_from_the_wrong_player():
    says(
        table(),
        "P1 6D",
        "it is Ada's turn; Ben may only jump in to complete four of a kind on top of the stack",
        "Ben can't play 6\u2666: it is Ada's turn, and a jump-in out of turn must complete four of a kind on top "
        "of the stack",
    )


def test_a_seat_called_you_is_refused_in_its_own_grammar():
    says(
        table(),
        "P2 7H",
        "it is Ada's turn; You may only jump in to complete four of a kind on top of the stack",
        "You can't play 7\u2665: it is Ada's turn, and a jump-in out of turn must complete four of a kind on top "
        "of the stack",
    )
    g = table()
    g.play("P0 9C")
    says(g, "P2 4H", "You has no 4H in the hand", "You have no 4\u2665 in the hand")


def test_card_the_player_does_not_hold():
    says(table(), "P0 AS", "Ada has no AS in the hand", "Ada has no A\u2660 in the hand")
    says(table(), "P0 6D", "Ada has no 6D in the hand", "Ada has no 6\u2666 in the hand")  # another player's card


def test_bank_card_while_the_hand_holds_cards():
    says(
        table(),
        "P0 KC",
        "Ada must empty the hand before playing from the bank",
        "Ada can't play K\u2663: the bank waits until the hand is empty",
    )


def test_gamble_card_named_instead_of_turned():
    # gamble cards are face down: they are only ever turned with a flip
    g = game("bitenight", seat("", "", "9C KC"), seat("6D"), turn=0, stack="4S", names=["Ada", "Ben"])
    says(
        g,
        "P0 9C",
        "Ada plays the gamble blind, one card at a time: 'flip <slot>'",
        "Ada can't play 9\u2663: the gamble cards are played blind, one at a time, by turning them over",
    )


def test_mixed_ranks_in_one_play():
    says(
        table(),
        "P0 5C 9C",
        "one play is one or more cards of a single rank (5 and 9 are mixed)",
        "Ada can't play 5\u2663 9\u2663: one play is one or more cards of a single rank (5 and 9 are mixed)",
    )


def test_joker_without_a_target():
    says(
        table(),
        "P0 JK",
        "name who is shown the joker, e.g. 'JK to P2'",
        "Ada can't play a joker: name who is shown the joker",
    )


def test_joker_aimed_at_a_seat_that_does_not_exist():
    says(
        table(),
        "P0 JK to P7",
        "there is no seat 7 to show the joker to",
        "Ada can't show the joker to a seat that is not at the table: there is no seat 7 to show the joker to",
    )


@pytest.mark.parametrize(
    "variant, stack, codes, words",
    [
        (
            "bitenight",
            "5S",
            "a 5 is on the stack: play 5 or higher, or a special card (2, 3, 10, joker)",
            "Ada can't play 4\u2663 on a 5: play 5 or higher, or a special card (2, 3, 10, joker)",
        ),
        (
            "bitenight",
            "7S",
            "a 7 is on the stack: play 7 or lower (4, 5, 6, 7) or a special card (2, 3, 10, joker)",
            "Ada can't play 9\u2663 on a 7: play 7 or lower (4, 5, 6, 7) or a special card (2, 3, 10, joker)",
        ),
        (
            "bitenight",
            "KS 3D",
            "the 3 on top lets the K under it count, so a K is on the stack: play K or higher, or a special card "
            "(2, 3, 10, joker)",
            "Ada can't play 9\u2663 on a king (the 3 on top is invisible): play a king or higher, or a special card "
            "(2, 3, 10, joker)",
        ),
        (
            "palace",
            "KS",
            "a K is on the stack: play K or higher, or a 2 or a 10",
            "Ada can't play 9\u2663 on a king: play a king or higher, or a 2 or a 10",
        ),
        (
            "schwechat",
            "7S",
            "a 7 is on the stack: undercut it with a 2, 4, 5 or 6, or play a wildcard (3, 7, 10, joker)",
            "Ada can't play 9\u2663 on a 7: undercut it with a 2, 4, 5 or 6, or play a wildcard (3, 7, 10, joker)",
        ),
        (
            "schwechat",
            "KS 3D",
            "the 3 mirrors a K: play K or higher, or a wildcard (3, 7, 10, joker)",
            "Ada can't play 9\u2663 on a king (the 3 on top mirrors it): play a king or higher, or a wildcard (3, 7, 10, joker)",
        ),
    ],
)
def test_a_card_below_the_stack_is_refused_naming_the_card_to_beat(variant, stack, codes, words):
    card = "4C" if stack == "5S" else "9C"
    g = game(variant, seat(f"{card} 5H"), seat("6D"), turn=0, stack=stack, names=["Ada", "Ben"])
    says(g, f"P0 {card}", codes, words)


def test_taking_the_stack_while_a_card_can_be_played():
    says(
        table(),
        "P0 take",
        "Ada can play (P0 5C), so may not take the stack",
        "Ada can still play 5\u2663, so may not take the stack",
    )


def test_the_opener_must_play_the_lowest_rank():
    g = sk.new_game("bitenight", players=2, seed=3, names=["Ada", "Ben"])
    finish_setup(g)
    opener, rank = g.turn, g.opening
    other = next(c for c in g.players[opener].hand if c.rank != rank)
    name = g.names[opener]
    plural = sk.cards.RANK_TEXT[rank] + "s"
    says(
        g,
        f"P{opener} {other}",
        f"{name} opens the round and must play {plural} (the lowest card in any hand)",
        f"{name} can't play {other.word()}: the opener must play {plural} (the lowest card in any hand)",
    )


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
    says(
        table(),
        "P0 flip 0",
        "Ada must play from the hand before turning gamble cards",
        "Ada must play from the hand before turning gamble cards",
    )


def test_flip_of_an_empty_gamble_slot():
    g = game("bitenight", seat("", "", "9C KC"), seat("6D"), turn=0, stack="4S", names=["Ada", "Ben"])
    says(g, "P0 flip 2", "Ada has no gamble card in slot 2", "Ada has no gamble card in slot 3")


def test_setup_moves_during_play():
    says(
        table(),
        "P0 swap 5C KC",
        "setup is over: the cards are in play (swap is a setup move)",
        "Ada can't swap 5\u2663 from the hand for K\u2663 from the bank: setup is over and the cards are in play",
    )
    says(
        table(),
        "P0 ready",
        "setup is over: the cards are in play (ready is a setup move)",
        "Ada can't say ready: setup is over and the cards are in play",
    )


def test_move_after_the_game_is_over():
    g = game("bitenight", "5C", seat("6D", gamble="QD"), turn=0, names=["Ada", "Ben"])
    g.play("P0 5C")
    assert g.phase == "over"
    says(
        g,
        "P1 6D",
        "the round is over: Ben is the Scheißkopf",
        "Ben can't play 6\u2666: the round is over and Ben is the Scheißkopf",
    )
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


# --- the trick games' refusals, word for word ------------------------------------------------


def schafkopf_called():
    """Schafkopf for four: Ben plays a normal game calling the Gras-Ass and leads the first trick."""
    g = sk.new_game("schafkopf", players=4, seed=7, names=["Ada", "Ben", "Cy", "You"])
    for text in ["P1 bid normal", "P2 pass", "P3 pass", "P0 pass", "P1 call GA"]:
        g.play(text)
    return g


def test_trick_a_card_out_of_turn():
    says(schafkopf_called(), "P2 G9", "it is Ben's turn, not Cy's", "Cy can't play Gras-Neun: it is Ben's turn")


def test_trick_a_card_the_player_does_not_hold():
    says(schafkopf_called(), "P1 EO", "Ben has no EO", "Ben has no Eichel-Ober")


def test_trick_trump_led_must_be_followed_with_a_trump():
    g = schafkopf_called()
    g.play("P1 SU")
    says(
        g,
        "P2 EK",
        "you must follow trump: SU was led",
        "Cy can't play Eichel-K\u00f6nig: trump was led (Schellen-Unter) and Cy must follow with a trump",
    )


def test_trick_a_suit_led_must_be_followed():
    g = schafkopf_called()
    g.play("P1 G9")  # Cy holds the Gras-König
    says(
        g,
        "P2 SA",
        "you must follow suit: Gras (Leaves) was led",
        "Cy can't play Schellen-Ass: Gras (Leaves) was led and Cy must follow suit",
    )


def test_trick_no_card_is_played_during_the_auction():
    g = sk.new_game("schafkopf", players=4, seed=7, names=["Ada", "You", "Cy", "Dee"])
    says(
        g,
        "P1 G9",
        "no cards are played yet: the auction is on (You bids or passes)",
        "You can't play Gras-Neun: no cards are played yet; the auction is on (you bid or pass)",
    )


def test_trick_the_ace_called_must_be_one_the_caller_lacks():
    g = sk.new_game("schafkopf", players=4, seed=7, names=["Ada", "Ben", "Cy", "You"])
    for text in ["P1 bid normal", "P2 pass", "P3 pass", "P0 pass"]:
        g.play(text)
    says(
        g,
        "P1 call EA",
        "Ben holds EA: call the ace of a suit whose ace you lack",
        "Ben can't call Eichel-Ass: that ace is in Ben's own hand, and the called ace must be one Ben lacks",
    )
    says(
        g,
        "P1 call HA",
        "the Herz ace cannot be called: hearts are trump in the normal game",
        "Ben can't call Herz-Ass: hearts are trump in the normal game",
    )
