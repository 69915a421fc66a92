"""What a forced take shows: in bitenight and palace a player takes the stack only with nothing to
play, so a take from the hand tells every seat that none of that hand's cards could go on that
stack. The position carries it (``Game.unplayable``: at least k of the hand's cards that nobody
saw arrive have one of the ranks that could not be played), views show it, undo restores it, the
text writes it, and the search's deals respect it."""

import random
from collections import Counter

import pytest

import scheissekopf as sk
from scheissekopf.shedding.determinize import InfoSet
from scheissekopf.shedding.position import game_from_dict
from scheissekopf.views import InconsistentView


def ranks(*texts):
    return sum(1 << sk.Card.parse(t + "C").rank if t != "JK" else 1 << 15 for t in texts)


# On a king in palace only a 2, a 10, a king or an ace may be played.
ON_KING = ranks("3", "4", "5", "6", "7", "8", "9", "J", "Q")

# P0 holds nothing that goes on the king; the 2s, 10s, aces and kings P1 has not seen lie in the
# draw pile and the face-down cards, so a deal that ignored the take would give P0 some of them.
PALACE = (
    "palace | P0 4H 5D 9C bank 6H 8D 3S gamble 2D AH 6C | P1 3D 4C 6S bank 5H 9H 8C gamble QC 4D QD"
    " | stack KS | draw 8S 7D AC 2C 10C AD 10D KH 2H 3C 5C | discard 10H 10S JH JC JD JS QH QS KD KC AS 2S 3H 4S 5S 6D 7C 7S 7H 8H 9D 9S"
    " | turn P0"
)


def view_from_dict(d, seat):
    """A seat's view from its dict (the public from_dict refuses the hidden cards)."""
    return game_from_dict(d, sk.View, view_seat=seat)


def unknown_cards(g, seat):
    """The seat's hand less what everyone saw arrive (the cards a constraint speaks of)."""
    hand = Counter(g.players[seat].hand)
    hand.subtract(g.known[seat])
    return list(hand.elements())


def holds(g, seat):
    """Does the seat's hand satisfy its constraint (if it has one)?"""
    need = g.unplayable[seat]
    if need is None:
        return True
    mask, k = need
    return sum(1 for c in unknown_cards(g, seat) if mask >> c.rank & 1) >= k


def test_a_take_from_the_hand_tells_every_seat_that_nothing_in_it_could_be_played():
    g = sk.from_text(PALACE)
    assert g.unplayable == [None, None]
    g.play("P0 take")
    assert g.unplayable[0] == (ON_KING, 3)  # all three cards nobody saw arrive
    assert g.known[0] == [sk.Card.parse("KS")]
    for seat in (0, 1):
        assert g.view(seat).unplayable == [(ON_KING, 3), None]
    text = g.view(1).to_text()
    assert "P0 ??*4 bank 6H 8D 3S gamble ??*3 known KS unplayable 3 of 3 4 5 6 7 8 9 J Q |" in text


def test_deals_from_another_view_never_give_the_taker_a_card_it_could_have_played():
    g = sk.from_text(PALACE)
    g.play("P0 take")
    info = InfoSet(g.view(1))
    rng = random.Random(5)
    elsewhere = Counter()
    for _ in range(300):
        d = info.sample(rng)
        dealt = unknown_cards(d, 0)
        assert len(dealt) == 3
        assert all(ON_KING >> c.rank & 1 for c in dealt), dealt
        elsewhere.update(c.rank for c in d._draw + d.players[0].gamble)
    # the cards P0 could have played were there to deal: they went elsewhere
    assert all(elsewhere[r] for r in (2, 10, 13, 14))
    # two views alike but for the take's lesson lead to different searches
    d = g.view(1).to_dict()
    del d["unplayable"]
    assert InfoSet(view_from_dict(d, 1)).signature() != info.signature()


def test_playing_a_card_nobody_saw_arrive_relaxes_the_constraint_only_when_its_rank_counts():
    g = sk.from_text(PALACE)
    g.play("P0 take")
    steps = [
        ("P1 3D", (ON_KING, 3)),  # another seat's play: nothing changes
        ("P0 4H", (ON_KING, 2)),  # a 4, which could not go on the king: one fewer to find
        ("P1 4C", (ON_KING, 2)),
        ("P0 5D", (ON_KING, 1)),  # ... and P0 draws the AC, unseen
        ("P1 6S", (ON_KING, 1)),
        ("P0 AC", (ON_KING, 1)),  # an ace could have gone on the king: it tells nothing
        ("P1 2C", (ON_KING, 1)),
        ("P0 KS", (ON_KING, 1)),  # the king everyone saw P0 take: it tells nothing either
    ]
    seen = [g.unplayable[:]]
    for move, need in steps:
        g.play(move)
        assert g.unplayable[0] == need, move
        assert holds(g, 0)
        seen.append(g.unplayable[:])
    for before in reversed(seen):  # undo restores it move by move, back to before the take
        assert g.unplayable == before
        g.undo()
    assert g.unplayable == [None, None]
    g = sk.from_text("palace | P0 4H | P1 AC AD 3D | stack KS")
    g.play("P0 take")
    g.play("P1 3D")
    g.play("P0 4H")  # the one card it had to take with: nothing left to find
    assert g.unplayable == [None, None]
    g.undo()
    assert g.unplayable == [(ON_KING, 1), None]


def test_the_constraint_is_written_in_the_position_text_and_read_back():
    g = sk.from_text(PALACE)
    g.play("P0 take")
    d = g.to_dict()
    assert d["unplayable"] == [{"ranks": ["3", "4", "5", "6", "7", "8", "9", "J", "Q"], "at_least": 3}, None]
    assert sk.from_text(g.to_text()).to_dict() == d
    assert sk.Game.from_dict(d).unplayable == g.unplayable
    view = g.view(1)
    from scheissekopf.shedding.notation import dict_to_text, text_to_dict

    assert text_to_dict(dict_to_text(view.to_dict())) == view.to_dict()
    # a position without one writes no such field, in the dict or the text
    assert "unplayable" not in sk.from_text(PALACE).to_dict()
    assert "unplayable" not in sk.from_text(PALACE).to_text()


def test_a_constraint_the_hand_cannot_meet_is_refused_by_name():
    g = sk.from_text(PALACE)
    g.play("P0 take")
    d = g.to_dict()
    d["unplayable"][0]["at_least"] = 4
    with pytest.raises(sk.InvalidPosition, match="P0 holds only 3 cards nobody saw arrive"):
        sk.Game.from_dict(d)
    d["unplayable"][0] = {"ranks": ["2", "10"], "at_least": 1}
    with pytest.raises(sk.InvalidPosition, match=r"P0 had to take the stack with nothing playable.*2 10.*only 0 are"):
        sk.Game.from_dict(d)
    d["unplayable"][0] = {"ranks": ["X"], "at_least": 1}
    with pytest.raises(sk.InvalidPosition, match="not a rank"):
        sk.Game.from_dict(d)
    with pytest.raises(sk.InvalidPosition, match="unplayable 3 of 5 6 7"):
        sk.from_text(PALACE.replace("P0 4H 5D 9C", "P0 4H 5D 9C unplayable 3 4 5"))
    d = g.to_dict()
    d["unplayable"] = [None]
    with pytest.raises(sk.InvalidPosition, match="one per seat"):
        sk.Game.from_dict(d)


def test_a_voluntary_take_in_schwechat_tells_nothing():
    g = sk.from_text("schwechat | P0 5H 9C KD | P1 QS 2C 4D | stack 7S")
    g.play("P0 take")  # P0 could have played the 9 or the king
    assert g.unplayable == [None, None]
    g = sk.from_text("schwechat | P0 5H 6C 4D | P1 QS 2C 4S | stack KS")
    assert not any(m.kind == "play" for m in g.legal_moves())
    g.play("P0 take")  # nothing playable, but nobody can tell a forced take from a chosen one
    assert g.unplayable == [None, None]


def test_a_take_without_a_hand_tells_nothing():
    # palace: nothing in the bank goes on the ace, so P0 lays a bank card and takes
    g = sk.from_text("palace | P0 bank 4H 5D gamble 9C | P1 QS 2C 4D | stack AS")
    g.play("P0 take 4H")
    assert g.unplayable == [None, None]
    # palace: a gamble card turned that cannot go on the king, so P0 takes the stack with it
    g = sk.from_text("palace | P0 gamble 4H 9C | P1 QS 2C 4D | stack KS")
    g.play("P0 flip 0")
    assert g.log[-1].kind == "take" and g.unplayable == [None, None]
    # bitenight: the target of a joker takes the stack without having chosen to
    g = sk.from_text("bitenight | P0 JK 5H 9C | P1 QS 2C 4D | stack 7S")
    g.play("P0 JK to P1")
    assert g.unplayable == [None, None]


def test_a_later_take_replaces_the_older_constraint():
    g = sk.from_text("palace | P0 4H 5D 9C | P1 AC AD 3D | stack KS")
    g.play("P0 take")
    assert g.unplayable[0] == (ON_KING, 3)
    g.play("P1 AC")
    g.play("P0 take")  # nothing goes on the ace either: the king P0 took is known, the rest not
    on_ace = ranks("3", "4", "5", "6", "7", "8", "9", "J", "Q", "K")
    assert g.unplayable[0] == (on_ace, 3)
    assert "P0 4H 5D 9C KS AC known KS AC unplayable 3 of 3 4 5 6 7 8 9 J Q K" in g.to_text()
    g.undo()
    assert g.unplayable[0] == (ON_KING, 3)


def test_deals_leave_each_constrained_seat_the_cards_it_must_hold():
    # P1 must hold a 5 or a 6, P2 a 5; one 5 and one 6 are unseen by P0 (the other 5s and 6s lie
    # in the discard). A deal that gave P1 the 5 would leave P2 nothing it could hold.
    text = (
        "palace | P0 3C 3D 3H bank 4C gamble 4D | P1 6H 9C 9D known 9C 9D unplayable 1 of 5 6"
        " | P2 5H 9H 9S known 9H 9S unplayable 1 of 5 | P3 JC JD JH bank 4H gamble 4S"
        " | stack QS | discard 5C 5D 5S 6C 6D 6S | turn P0"
    )
    g = sk.from_text(text)
    info = InfoSet(g.view(0))
    rng = random.Random(1)
    for _ in range(100):
        d = info.sample(rng)
        assert sk.Card.parse("6H") in d.players[1].hand
        assert sk.Card.parse("5H") in d.players[2].hand
    # both needing the one unseen 5: no deal can meet that, and the view is refused
    d = g.view(0).to_dict()
    d["unplayable"][1] = {"ranks": ["5"], "at_least": 1}  # (as a view edited by hand might say)
    with pytest.raises(InconsistentView):
        InfoSet(view_from_dict(d, 0))


@pytest.mark.parametrize("variant", ["palace", "bitenight"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_constraint_holds_for_the_real_hands_and_for_every_deal(variant, players):
    """Soundness: in seeded random games every seat's real hand meets every constraint at every
    position, views carry them, and deals from any seat's view meet them too."""
    rng = random.Random(f"{variant}{players}")
    takes = 0
    for seed in range(6):
        g = sk.new_game(variant, players, seed=seed)
        while g.phase != "over":
            g.play(rng.choice(g.legal_moves()))
            for s in range(players):
                assert holds(g, s), (s, g.to_text())
            if g.unplayable.count(None) == players or g.phase != "play":
                continue
            takes += 1
            if rng.random() < 0.3:
                for s in range(players):
                    view = g.view(s)
                    assert view.unplayable == g.unplayable
                    info = InfoSet(view)
                    for _ in range(3):
                        d = info.sample(rng)
                        assert all(holds(d, q) for q in range(players)), (s, g.to_text())
    assert takes  # random games take the stack often: the check ran
