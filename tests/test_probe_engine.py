"""What a determined caller's probing found in the engine (issue 32, "Holes found by probing",
items 1-4): a move that fails inside the card removal is rolled back exactly; an offered move
edited to no cards or to a seat that is a bool is refused with a sentence; a trick game's view
with more copies of a card than the deck holds is refused; an over-long position text is
refused at once."""

import random
import time

import pytest
from helpers import game, seat

import scheissekopf as sk
from scheissekopf.cards import JOKER
from scheissekopf.notation import MAX_TEXT

SHEDDING = ("bitenight", "palace", "schwechat")
TRICK = ("sheepshead", "schafkopf", "mehrkopf")
FIELDS = ("player", "kind", "cards", "target", "index")


def forge_offer(legal, i, row):
    """Write `row` into the game's own record of the offer and onto the move served at place
    `i`, as a determined caller could: the game then trusts the move as offered."""
    move = legal[i]
    list.__setitem__(legal, i, row)
    for name, value in zip(FIELDS, row):
        object.__setattr__(move, name, value)
    return move


def forge(move, **fields):
    for name, value in fields.items():
        object.__setattr__(move, name, value)
    return move


def in_play(variant, seed, moves):
    """A game of `variant` past its setup, `moves` random moves into play (None if it ended)."""
    rng = random.Random(seed)
    g = sk.new_game(variant, 4, seed=seed)
    while g.phase == "setup":
        g.play(rng.choice(g.legal_moves()))
    for _ in range(moves):
        if g.phase != "play":
            return None
        g.play(rng.choice(g.legal_moves()))
    return g if g.phase == "play" else None


def same_game_afterwards(g, before_text, seed):
    """`g` reads as `before_text` and plays on exactly as a fresh copy of that position does."""
    assert g.to_text() == before_text
    fresh = sk.from_text(before_text)
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for _ in range(30):
        if g.phase == "over":
            break
        assert [str(m) for m in g.legal_moves()] == [str(m) for m in fresh.legal_moves()]
        g.play(rng_a.choice(g.legal_moves()))
        fresh.play(rng_b.choice(fresh.legal_moves()))
        assert g.to_text() == fresh.to_text()


# ---------------------------------------------------------------- item 1: exact roll-back
@pytest.mark.parametrize("variant", SHEDDING)
def test_a_move_that_fails_inside_the_card_removal_is_rolled_back_exactly(variant):
    failed = 0
    for seed in range(11):
        g = in_play(variant, seed, seed % 5)
        if g is None:
            continue
        before = g.to_text()
        legal = g.legal_moves()
        move = forge_offer(legal, 0, (legal[0].player, "play", (JOKER, JOKER, JOKER), None, None))
        with pytest.raises(Exception):
            g.play(move)
        failed += 1
        same_game_afterwards(g, before, seed)
    assert failed >= 8


@pytest.mark.parametrize("variant", SHEDDING)
def test_a_removal_that_fails_after_taking_some_cards_puts_back_exactly_those(variant):
    # 9C is taken out of the hand, then 9D is not there: only 9C goes back
    bank = [None] * 3 if variant == "schwechat" else ""
    g = game(variant, seat("5H 9C KD", bank, "QC QD QH"), seat("6D 9H 10S", bank, "QS KC KH"), turn=0, stack="4S")
    before = g.to_text()
    legal = g.legal_moves()
    move = forge_offer(legal, 0, (0, "play", tuple(sk.parse_cards("9C 9D")), None, None))
    with pytest.raises(ValueError):
        g.play(move)
    assert g.players[0].hand == sk.parse_cards("5H 9C KD")
    assert all(type(c) is type(legal[1].cards[0]) for c in g.players[0].hand)
    same_game_afterwards(g, before, 1)


@pytest.mark.parametrize("variant", SHEDDING)
def test_any_forged_offer_that_fails_leaves_the_game_exactly_as_it_was(variant):
    rng = random.Random(variant)
    cards = sk.parse_cards("2C 3D 5H 9S 10C JD QH KS AC JK")
    kinds = ("play", "take", "joker", "flip", "swap", "place", "ready")
    failures = 0
    for seed in range(40):
        g = sk.new_game(variant, 3, seed=seed)
        for _ in range(rng.randrange(60)):
            if g.phase == "over":
                break
            g.play(rng.choice(g.legal_moves()))
        if g.phase == "over":
            continue
        before, history = g.to_text(), [str(m) for m in g.history]
        legal = g.legal_moves()
        row = (
            rng.choice([legal[0].player, rng.randrange(3)]),
            rng.choice(kinds),
            tuple(rng.choice(cards) for _ in range(rng.randrange(4))),
            rng.choice([None, rng.randrange(3)]),
            rng.choice([None, rng.randrange(6)]),
        )
        move = forge_offer(legal, 0, row)
        try:
            g.play(move)
        except Exception:
            failures += 1
            assert [str(m) for m in g.history] == history
            same_game_afterwards(g, before, seed)
    assert failures >= 10


# ---------------------------------------------------------------- item 2: edited offered moves
@pytest.mark.parametrize("variant", SHEDDING + TRICK)
def test_an_offered_move_edited_to_no_cards_is_refused_with_a_sentence(variant):
    g = sk.new_game(variant, seed=5)
    before = g.to_text()
    move = forge(g.legal_moves()[0], cards=None)
    with pytest.raises(sk.IllegalMove, match="cards") as refused:
        g.play(move)
    assert refused.value.words and "Traceback" not in refused.value.words
    assert g.is_legal(move) is False
    assert g.to_text() == before and not g.history


@pytest.mark.parametrize("variant", SHEDDING + TRICK)
def test_a_bool_is_not_a_seat_even_on_an_offered_move(variant):
    g = sk.new_game(variant, seed=5)
    before = g.to_text()
    legal = g.legal_moves()
    move = next(m for m in legal if m.player == 1)  # (seat 1 bids or sets up first everywhere)
    forge(move, player=True)
    with pytest.raises(sk.IllegalMove, match="no seat True"):
        g.play(move)
    assert g.to_text() == before and not g.history


def test_an_offered_setup_swap_edited_to_the_seat_true_never_enters_the_history():
    # the case: "PTrue swap 2H 9C" entered the history and could not be read back
    g = sk.new_game("bitenight", 3, seed=7)
    move = next(m for m in g.legal_moves() if m.kind == "swap" and m.player == 1)
    forge(move, player=True)
    with pytest.raises(sk.IllegalMove, match="no seat True"):
        g.play(move)
    assert not g.history and not g.is_legal(move)


def test_a_bool_is_not_a_slot_or_a_seat_shown_the_joker_even_on_an_offered_move():
    g = game("bitenight", seat("", "", "QC QD QH"), seat("6D 9D", "KD", "QS"), seat("7D 8D", "KH", "KS"), stack="4S")
    flip = next(m for m in g.legal_moves() if m.kind == "flip" and m.index == 1)
    forge(flip, index=True)
    with pytest.raises(sk.IllegalMove, match="slot"):
        g.play(flip)
    g = game("bitenight", seat("JK 5H 9C"), seat("6D 9D"), seat("7D 8D"), stack="4S")
    joker = next(m for m in g.legal_moves() if m.kind == "joker" and m.target == 1)
    forge(joker, target=True)
    with pytest.raises(sk.IllegalMove, match="seat"):
        g.play(joker)
    assert not g.history


@pytest.mark.parametrize("field,value", [("cards", ()), ("kind", 3), ("index", 1.0), ("player", 0.0)])
def test_an_offered_move_edited_to_another_value_is_checked_again(field, value):
    g = game("palace", seat("4H 9C", "KC", "QC"), seat("6D 9D", "KD", "QD"), turn=0, stack="3S")
    before = g.to_text()
    move = forge(g.legal_moves()[0], **{field: value})
    with pytest.raises(sk.IllegalMove):
        g.play(move)
    assert g.to_text() == before


def test_an_offered_move_edited_to_equal_cards_of_another_type_is_checked_again():
    g = game("palace", seat("4H 9C", "KC", "QC"), seat("6D 9D", "KD", "QD"), turn=0, stack="3S")
    move = g.legal_moves()[0]
    forge(move, cards=tuple(int(c) for c in move.cards))  # plain numbers equal to the cards
    with pytest.raises(sk.IllegalMove, match="not a card"):
        g.play(move)
    assert not g.history


def test_an_offered_move_is_still_played_as_offered():
    g = sk.new_game("bitenight", 4, seed=2)
    move = g.legal_moves()[0]
    assert g.play(move) is move and g.history == [move]


# ---------------------------------------------------------------- item 3: views count cards too
def _trick_view_text(variant, seed):
    """A view's text of a hand in play, the seat to move looking."""
    rng = random.Random(seed)
    g = sk.new_game(variant, seed=seed)
    while g.phase != "play":
        g.play(rng.choice(g.legal_moves()))
        if g.phase == "over":
            g = sk.new_game(variant, seed=seed + 100)
    return g, g.view(g.turn)


@pytest.mark.parametrize("variant", TRICK)
def test_a_view_with_four_copies_of_a_card_is_refused_like_the_full_position(variant):
    g, view = _trick_view_text(variant, 3)
    d = view.to_dict()
    hand = d["players"][view.seat]["hand"]
    d["players"][view.seat]["hand"] = [hand[0]] * 4 + hand[4:]
    with pytest.raises(sk.InvalidPosition, match=f"{hand[0]} appears 4 times"):
        sk.Game.from_dict(d)
    text = view.to_text()
    doubled = text.replace(" ".join(hand), " ".join([hand[0]] * 4 + hand[4:]), 1)
    assert doubled != text
    with pytest.raises(sk.InvalidPosition, match="appears 4 times"):
        sk.from_text(doubled)
    full = g.to_dict()
    full["players"][view.seat]["hand"] = [hand[0]] * 4 + hand[4:]
    with pytest.raises(sk.InvalidPosition, match="appears"):
        sk.Game.from_dict(full)


@pytest.mark.parametrize("variant", TRICK)
def test_a_view_showing_a_card_that_also_lies_in_a_trick_is_refused(variant):
    g, view = _trick_view_text(variant, 4)
    d = view.to_dict()
    rng = random.Random(4)
    while not d["tricks"]:
        if g.phase != "play":
            g, view = _trick_view_text(variant, rng.randrange(1000))
        else:
            g.play(rng.choice(g.legal_moves()))
            view = g.view(g.turn) if g.phase == "play" else view
        d = view.to_dict()
    d["players"][view.seat]["hand"][0] = d["tricks"][0]["cards"][1]
    with pytest.raises(sk.InvalidPosition, match="appears 2 times"):
        sk.Game.from_dict(d)


@pytest.mark.parametrize("variant", TRICK)
def test_every_seats_view_of_a_played_hand_is_still_read_back(variant):
    rng = random.Random(variant)
    for seed in range(4):
        g = sk.new_game(variant, seed=seed)
        while True:
            for s in range(g.n):
                view = g.view(s)
                assert sk.from_text(view.to_text()).to_text() == view.to_text()
            if g.phase == "over":
                break
            g.play(rng.choice(g.legal_moves()))


# ---------------------------------------------------------------- item 4: a limit on the text
@pytest.mark.parametrize("text", ["x" * 6_000_000, "bitenight | P0 " + "5H " * 2_000_000])
def test_an_over_long_position_text_is_refused_at_once_naming_the_limit(text):
    start = time.process_time()
    with pytest.raises(sk.InvalidPosition) as refused:
        sk.from_text(text)
    assert time.process_time() - start < 0.5
    message = str(refused.value)
    assert f"{len(text):,}" in message and f"{MAX_TEXT:,}" in message
    assert refused.value.column == MAX_TEXT + 1


def test_the_text_limit_leaves_room_for_the_longest_real_positions():
    # the longest texts random play made were about 63,000 characters; the limit is many times
    # that, and a position padded up to the limit is still read
    assert MAX_TEXT >= 1_000_000
    g = sk.new_game("schwechat", 16, seed=1, names=["x" * 500] * 16)
    assert sk.from_text(g.to_text()).to_text() == g.to_text()
    text = g.to_text() + " " * (MAX_TEXT - len(g.to_text()))
    assert len(text) == MAX_TEXT
    assert sk.from_text(text).to_text() == g.to_text()
