"""A move's equality says what the move does (issue 37): two legal moves of one position are
equal if and only if playing them gives the same position. The setup swap of hand card X for
bank card Y and the swap of Y for X are two moves (once they compared equal, and every set or
dict keyed by moves merged them); a play names its cards in any order and is still one move."""

import random
from itertools import combinations

import pytest

import scheissekopf as sk
from scheissekopf.cards import standard_deck

SHEDDING = ("bitenight", "palace", "schwechat")
SEATS = {
    "bitenight": range(2, 7),
    "palace": range(2, 7),
    "schwechat": range(2, 7),
    "sheepshead": (5, 6),
    "schafkopf": (4,),
    "mehrkopf": range(2, 7),
}
DECISIONS = 90  # per round: enough to pass the setup and a good part of the play

# the issue's position: P0's hand and bank both hold QS and KC (schwechat, two decks)
MIRRORED = (
    "schwechat | P0 4C QS KC bank 9D KC QS gamble 3S AD KS known 4C | P1 2D 3D 5H 8S KH JK bank -*3 "
    "gamble 7H 4H 3S | P2 8H 10S QD KD AS JK bank -*3 gamble 7C 6S 6D | stack AC | draw KD 9C 9S 5H "
    "10D 4H 7D JD 2C QD 6H 9H 7S 10C 5S 8C 10D QH JS KS 5C 10C 5D 10H JK 3D 9C 6C 9S 8C 7D 6D 9H JC "
    "8D 10S 2H 4S AD 5C 6C KH QC 3H 2C 8D 3H 3C JC 4D 6S QH JH 2S JK JS 7C 7S 2D JD 5D 4D AH 8H 9D 6H "
    "5S 2H 7H JK 8S 10H QC AH JH JK AC 4C AS 2S 4S 3C | phase setup | turn P2 | seed 3053645595"
)


def twin_deal(variant, n, seed):
    """A deal from two decks in which every seat holds two copies of its cards in setup (the
    hand and the bank the same three cards; schwechat: a hand of three pairs), so that a hand
    and a bank sharing two cards, the position of the issue, comes at once."""
    g = sk.new_game(variant, n, seed=seed)
    pack = standard_deck(g.preset.jokers_per_deck) * 2
    random.Random(seed).shuffle(pack)
    d = g.to_dict()
    for s in d["players"]:
        three = []
        while len(three) < 3:
            c = pack.pop()
            if c in pack and c not in three:
                pack.remove(c)
                three.append(c)
            else:
                pack.insert(0, c)
        if variant == "schwechat":
            s["hand"] = [str(c) for c in three * 2]
        else:
            s["hand"] = [str(c) for c in three]
            s["bank"] = [str(c) for c in three]
        s["gamble"] = [str(pack.pop()) for _ in s["gamble"]]
    d["stack"] = [str(pack.pop())] if d["stack"] else []
    d["draw"] = [str(c) for c in pack]
    d["decks"] = 2
    d["known"] = [[] for _ in d["players"]]
    return sk.Game.from_dict(d)


def rounds():
    """(label, game) for the property test: every variant at each of its table sizes from 2 to
    6, a dealt round; the shedding games also a twin deal from two decks."""
    for variant, sizes in SEATS.items():
        for n in sizes:
            yield f"{variant}-{n}", sk.new_game(variant, n, seed=100 + n)
            if variant in SHEDDING:
                yield f"{variant}-{n}-twins", twin_deal(variant, n, 200 + n)


def outcome(g, move):
    c = g.clone()
    c.play(move)
    return c.to_text()


def check_decision(g):
    """The legal moves of g are pairwise unequal (and a set keeps them all), and each leads to
    a position of its own."""
    legal = list(g.legal_moves())
    for a, b in combinations(legal, 2):
        assert a != b, f"{a} and {b} compare equal"
    assert len(set(legal)) == len(legal) and len({m: None for m in legal}) == len(legal)
    texts = {}
    for m in legal:
        text = outcome(g, m)
        assert text not in texts, f"{texts.get(text)} and {m} lead to the same position"
        texts[text] = m
        assert outcome(g, str(m)) == text, f"the text {str(m)!r} reads as another move"  # one reading


@pytest.mark.slow
@pytest.mark.parametrize("label,g", list(rounds()), ids=lambda x: x if isinstance(x, str) else "")
def test_legal_moves_are_pairwise_unequal_and_each_leads_to_its_own_position(label, g):
    rng = random.Random(label)
    for _ in range(DECISIONS):
        if g.phase == "over":
            break
        check_decision(g)
        g.play(rng.choice(g.legal_moves()))


def test_the_issues_mirrored_swaps_are_two_moves_with_two_outcomes():
    g = sk.from_text(MIRRORED)
    a, b = [m for m in g.legal_moves() if m.kind == "swap" and {str(c) for c in m.cards} == {"QS", "KC"}]
    assert {str(a), str(b)} == {"P0 swap QS KC", "P0 swap KC QS"}
    assert a != b and len({a, b}) == 2
    assert outcome(g, a) != outcome(g, b)
    check_decision(g)
    # text names one of them, and reads back as that one
    assert sk.Move(0, "swap", sk.parse_cards("QS KC")) != sk.Move(0, "swap", sk.parse_cards("KC QS"))
    played = g.clone().play("P0 swap QS KC")
    assert str(played) == "P0 swap QS KC" and played == next(m for m in (a, b) if str(m) == "P0 swap QS KC")
    assert played != next(m for m in (a, b) if str(m) == "P0 swap KC QS")


def test_a_play_is_the_same_move_whichever_order_its_cards_are_named_in():
    g = sk.Game.from_dict(
        {
            "variant": "bitenight",
            "players": [{"hand": ["9C", "9H", "KD"]}, {"hand": ["6D", "9D", "10S"]}],
            "stack": ["4S"],
            "phase": "play",
            "turn": 0,
        }
    )
    offered = next(m for m in g.legal_moves() if len(m.cards) == 2)
    named = sk.Move(0, "play", sk.parse_cards("9H 9C"))
    assert named == offered and hash(named) == hash(offered)
    assert outcome(g, named) == outcome(g, offered)  # the same cards, laid the same way


def test_a_bury_is_the_same_move_whichever_order_its_cards_are_named_in():
    g = sk.new_game("sheepshead", 5, seed=3)
    rng = random.Random(3)
    while g.phase != "bury":
        if g.phase != "pick":
            g = sk.new_game("sheepshead", 5, seed=rng.randrange(1000))
            continue
        pick = [m for m in g.legal_moves() if m.kind == "pick"]
        g.play(pick[0] if pick else g.legal_moves()[0])
    offered = g.legal_moves()[0]
    a, b = offered.cards
    named = type(offered)(offered.player, "bury", (b, a))
    assert named == offered and hash(named) == hash(offered)
    assert outcome(g, named) == outcome(g, offered)
    assert str(g.clone().play(f"P{offered.player} bury {b} {a}")) == str(offered)


def kind_of(g, m):
    """A move's kind as the test counts it: a play out of turn is a jump-in, a take with a card
    is a palace bank card laid."""
    if g.variant in SHEDDING and m.kind == "play" and m.player != g.turn:
        return "jump-in"
    if m.kind == "take" and m.cards:
        return "take-with-card"
    return m.kind


SHEDDING_KINDS = {"swap", "place", "ready", "play", "jump-in", "take", "take-with-card", "joker", "flip"}
TRICK_KINDS = {
    "card", "pass", "pick", "bury", "call", "under", "alone", "hole", "double",
    "bid", "solo", "tout", "trump", "accept", "ramsch", "must", "refuse",
}  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("family,kinds", [("shedding", SHEDDING_KINDS), ("trick", TRICK_KINDS)])
def test_every_kind_of_move_is_checked_where_it_is_offered(family, kinds):
    """Random rounds until each kind of move has been offered at a few checked decisions (rare
    kinds need many rounds: the card in the hole, a wedding accepted, the dealer's must)."""
    tables = (
        [(v, n, {}) for v in SHEDDING for n in (2, 3, 5)]
        if family == "shedding"
        else [("sheepshead", 5, {"knocking": True}), ("sheepshead", 6, {}), ("schafkopf", 4, {})]
        + [("mehrkopf", n, {}) for n in (2, 3, 4, 5, 6)]
    )
    checked = dict.fromkeys(kinds, 0)
    rng = random.Random(family)
    for k in range(4000):
        if min(checked.values()) >= 3:
            break
        variant, n, options = tables[k % len(tables)]
        g = sk.new_game(variant, n, seed=k, **options)
        while g.phase != "over":
            legal = g.legal_moves()
            offered = {kind_of(g, m) for m in legal}
            if any(checked.get(x, 3) < 3 for x in offered):
                check_decision(g)
                for x in offered & kinds:
                    checked[x] += 1
            g.play(rng.choice(legal))
    assert min(checked.values()) >= 3, f"kinds never checked: {[x for x, c in checked.items() if c < 3]}"


def test_a_lessons_answer_check_tells_a_swap_from_its_mirror():
    from scheissekopf.lessons.checks import _same

    g = sk.from_text(MIRRORED)
    a, b = [m for m in g.legal_moves() if m.kind == "swap" and {str(c) for c in m.cards} == {"QS", "KC"}]
    assert _same(a, a, True) and not _same(a, b, True) and not _same(b, a, True)
    play = sk.Move(0, "play", sk.parse_cards("9C 9H"))
    assert _same(play, sk.Move(0, "play", sk.parse_cards("9H 9C")), True)  # a play's cards: any order
