"""The trick search's cost per playout does not depend on what the auction said.

What a bid says about the bidder's cards (a wedding's offerer held exactly one trump) limits the
deals the search may imagine. Drawing deals at random until one fits made a hint in a Wenz after a
wedding offer 7.5 times slower than in any other contract (the offerer had led an Ober: its other
six cards had to be dealt without a trump, which a random deal meets about once in 600 tries). A
hand with such a count is now dealt its count at once. These tests count deals, not seconds: the
figures are the same on every machine and every run.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import scheissekopf as sk
from scheissekopf.hint import hint
from scheissekopf.trick.bots import greedy_move
from scheissekopf.trick.determinize import TrickInfoSet

# seed 701: P1 offers a wedding (one trump: the Gras-Ober), P2 outbids it with a Wenz, P1 leads
# the Gras-Ober; P3 to move after two tricks
WEDDING_OUTBID = ["P1 bid wedding", "P2 bid solo", "P3 pass", "P0 pass", "P2 solo wenz"]
PLAIN_WENZ = ["P1 pass", "P2 bid solo", "P3 pass", "P0 pass", "P2 solo wenz"]
CARDS = ["P1 GO", "P2 G10", "P3 GK", "P0 G9", "P2 EA", "P3 SU", "P0 E7", "P1 E10"]


def played(variant, players, seed, moves, **options):
    g = sk.new_game(variant, players, seed=seed, **options)
    for m in moves:
        g.play(m)
    return g


@pytest.fixture
def deals(monkeypatch):
    """Counts the deals the trick search draws (each try at a determinization is one)."""
    count = Counter()
    original = TrickInfoSet._deal

    def counted(info, rng):
        count["deals"] += 1
        return original(info, rng)

    monkeypatch.setattr(TrickInfoSet, "_deal", counted)
    return count


def trumps_held(g, seat):
    """The normal game's trumps among the cards ``seat`` was dealt (its hand and its plays)."""
    cards = list(g.players[seat].hand) + [x for t in g.tricks for s, x in zip(t.seats, t.cards) if s == seat]
    cards += [x for s, x in zip(g.trick_seats, g.trick) if s == seat]
    return g.rules.trumps_in(g.n, cards)


def test_a_wedding_offer_outbid_by_a_wenz_costs_the_search_no_extra_deals(deals):
    g = played("schafkopf", 4, 701, WEDDING_OUTBID + CARDS)
    assert (g.contract.mode, g.turn) == ("wenz", 3)
    info = TrickInfoSet(g.view(3))
    assert ("wedding", 1) in info.checks
    rng = random.Random(1)
    for _ in range(200):
        w = info.sample(rng)
        assert info.admits(w)
        assert len(trumps_held(w, 1)) == 1  # the offerer's one trump: the Gras-Ober it led
    assert deals["deals"] <= 1.1 * 200  # was 64,000 (321 deals for each world)


def test_a_hint_in_a_wenz_after_a_wedding_offer_deals_as_often_as_in_a_plain_wenz(deals):
    per_playout = {}
    for name, auction in (("plain", PLAIN_WENZ), ("wedding outbid", WEDDING_OUTBID)):
        g = played("schafkopf", 4, 701, auction + CARDS)
        deals.clear()
        h = hint(g, g.turn, iterations=150, seed=1)
        per_playout[name] = deals["deals"] / h.playouts
    assert per_playout["plain"] < 1  # the root's moves share their deals
    assert per_playout["wedding outbid"] <= 1.5 * per_playout["plain"], per_playout


@pytest.mark.slow
def test_the_wedding_offerers_hand_is_dealt_as_often_as_drawing_until_one_fits():
    # before the offerer played a card: a random hand fits about one time in 25, so drawing
    # until one fits is the reference, and the hands dealt at once must match its frequencies
    g = played("schafkopf", 4, 701, WEDDING_OUTBID + CARDS[:4])
    info = TrickInfoSet(g.view(3))
    assert info.quotas
    reference = TrickInfoSet(g.view(3))
    reference.quotas = {}  # draw until the check holds
    n = 2000
    seen = []
    for source, seed in ((info, 1), (reference, 2)):
        rng = random.Random(seed)
        held = Counter()
        for _ in range(n):
            w = source.sample(rng)
            assert len(trumps_held(w, 1)) == 1
            held.update(map(str, w.players[1].hand))
        seen.append(held)
    for card in set(seen[0]) | set(seen[1]):
        assert abs(seen[0][card] - seen[1][card]) / n < 0.05, (card, seen[0][card], seen[1][card])


# a contract of each kind, reached by the moves named (the seat to move makes the next one when it
# may, else passes), with the first card plays made greedily
CONTRACTS = [
    ("sheepshead", 5, {}, ["pick", "bury", "call"], "called"),
    ("sheepshead", 5, {}, ["pick", "bury", "under"], "called"),
    ("sheepshead", 5, {}, ["pick", "bury", "alone"], "alone"),
    ("sheepshead", 5, {}, [], "leaster"),
    ("sheepshead", 5, {"knocking": True}, ["pick", "bury", "call", "double"], "called"),
    ("schafkopf", 4, {}, ["bid normal", "call"], "normal"),
    ("schafkopf", 4, {}, ["bid wedding", "accept"], "wedding"),
    ("schafkopf", 4, {}, ["bid solo", "solo E"], "solo"),
    ("schafkopf", 4, {}, ["bid solo", "solo wenz"], "wenz"),
    ("schafkopf", 4, {}, ["bid solo", "solo geier"], "geier"),
    ("schafkopf", 4, {}, ["bid tout", "tout wenz"], "wenz"),
    ("schafkopf", 4, {}, ["ramsch"], "ramsch"),
    ("schafkopf", 4, {}, ["must", "call"], "normal"),
    ("schafkopf", 4, {}, ["bid normal", "bid solo", "solo"], "solo"),
    ("schafkopf", 4, {}, ["bid wedding", "bid solo", "solo wenz"], "wenz"),
    ("schafkopf", 4, {}, ["bid wedding", "bid solo", "solo"], "solo"),
    ("mehrkopf", 2, {}, ["bid normal", "trump"], "normal"),
    ("mehrkopf", 3, {}, ["bid solo", "solo wenz"], "wenz"),
    ("mehrkopf", 4, {}, ["bid wedding", "accept"], "wedding"),
    ("mehrkopf", 5, {}, ["bid normal", "call"], "normal"),
    ("mehrkopf", 6, {}, ["bid solo", "solo niederer"], "niederer"),
]


def _step(move, step):
    words = str(move).split(" ", 1)[1]
    return words == step or words.startswith(step + " ")


def contract_positions(variant, players, options, script, mode, count=2):
    """``count`` positions of that contract, each seen by a seat that did not make the first of
    the moves named (where a bid was outbid, another seat reads what it said)."""
    out = []
    for seed in range(1, 300):
        g = sk.new_game(variant, players, seed=seed, **options)
        rng = random.Random(seed)
        steps, first = list(script), None
        while g.phase not in ("play", "over"):
            legal = g.legal_moves()
            mine = [m for m in legal if steps and _step(m, steps[0])]
            if mine:
                steps.pop(0)
                first = g.turn if first is None else first
                g.play(rng.choice(mine))
            else:
                g.play(next((m for m in legal if m.kind == "pass"), legal[0]))
        if g.phase == "over" or steps or g.contract.mode != mode:
            continue
        for _ in range(2 + seed % 6):
            if g.phase != "over":
                g.play(greedy_move(g, g.legal_moves()))
        if g.phase != "over" and g.turn != first and len(g.legal_moves()) > 1:
            out.append(g)
            if len(out) == count:
                return out
    raise AssertionError(f"only {len(out)} positions of {variant} {script} found")


@pytest.mark.parametrize(
    "variant, players, options, script, mode", CONTRACTS, ids=[f"{c[0]}{c[1]}-{'-'.join(c[3])}" for c in CONTRACTS]
)
def test_every_contracts_search_draws_at_most_a_few_deals_a_playout(deals, variant, players, options, script, mode):
    # most contracts draw fewer deals than they play out (the root's moves share deals); the
    # sheepshead picker's call is checked by drawing again (up to 2 deals a playout); a wedding
    # offer outbid drew 5 to 300
    for i, g in enumerate(contract_positions(variant, players, options, script, mode)):
        deals.clear()
        h = hint(g, g.turn, iterations=60, seed=i)
        assert deals["deals"] <= 3 * h.playouts, (g.to_text(), deals["deals"], h.playouts)


def test_the_card_named_for_a_must_game_is_dealt_to_the_seat_that_must_play():
    g = sk.new_game("schafkopf", 4, seed=2)
    for m in ("P1 pass", "P2 pass", "P3 pass", "P0 must E9"):
        g.play(m)
    if getattr(g, "named", None) is None:
        pytest.skip("this version of the game keeps no record of the card named")
    must = g.turn
    g.play(next(m for m in g.legal_moves() if m.kind == "solo"))
    while g.turn == must or "E9" in map(str, g.trick):
        g.play(g.legal_moves()[0])
    info = TrickInfoSet(g.view(g.turn))
    rng = random.Random(1)
    for _ in range(50):
        w = info.sample(rng)
        assert w.holder(g.named) in (must, None)  # its hand, or already played
