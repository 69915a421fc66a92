"""Legality is written twice in the shedding game: the move generators (``legal_moves``) and the
refusal check (``play`` refuses with the rule's reason). ``test_invariants`` holds one direction,
every offered move is accepted; this holds the other: in random reachable positions, every move
that can be built from a seat's own cards (each set of cards of one rank from the hand or the
bank, the gamble cards too, every take, flip, joker target and setup move) and that ``play``
accepts is one that ``legal_moves`` offers."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import scheissekopf as sk
from scheissekopf.cards import JOKER
from scheissekopf.moves import Move

MAX_GROUP = 6  # cards of one rank tried together, at most (2**6 sets)


def _sets(cards):
    """Every distinct set of cards of one rank among ``cards`` (sorted tuples)."""
    by_rank: dict[int, list] = {}
    for c in cards:
        if c is not None:
            by_rank.setdefault(c >> 2, []).append(c)
    out = set()
    for group in by_rank.values():
        group = sorted(group)[:MAX_GROUP]
        for k in range(1, len(group) + 1):
            out.update(itertools.combinations(group, k))
    return sorted(out)


def candidates(g, p):
    """The moves seat ``p`` could try, built from its cards and the table."""
    pl = g.players[p]
    mine = [c for c in (*pl.hand, *pl.bank, *pl.gamble) if c is not None]
    out = []
    if g.phase == "setup":
        for h in sorted(set(pl.hand)):
            for b in sorted(set(c for c in pl.bank if c is not None)):
                out.append(Move(p, "swap", (h, b)))
            for i in range(len(pl.gamble)):
                out.append(Move(p, "place", (h,), index=i))
        out.append(Move(p, "ready"))
        return out
    for zone in (pl.hand, pl.bank, pl.gamble):
        out += [Move(p, "play", cards) for cards in _sets(zone)]
    out.append(Move(p, "take"))
    out += [Move(p, "take", (c,)) for c in sorted(set(mine))]
    out += [Move(p, "flip", index=i) for i in range(len(pl.gamble) + 1)]
    if JOKER in mine or g.pending is not None:
        out += [Move(p, "joker", (JOKER,), target=t) for t in range(g.n)]
    return out


def _row(m):
    return (m.player, m.kind, tuple(int(c) for c in m.cards), m.target, m.index)


def _same(m, g):
    """The move as the offer counts it. The offer lists one play per rank and count where only
    the rank decides (the hand, and a bank without columns: the lowest copies), and a placing
    on the first empty column (the gamble cards under the columns are unseen, so the choice is
    offered once); ``play`` takes any copies and any empty column. Elsewhere the cards count."""
    p, kind, cards, target, index = _row(m)
    pl = g.players[p]
    if kind == "play" and cards:
        from_hand = pl.hand and all(c in pl.hand for c in m.cards)
        if from_hand or not g.preset.columns:
            cards = (cards[0] >> 2, len(cards))
    elif kind == "place":
        index = next(i for i, (b, c) in enumerate(zip(pl.bank, pl.gamble)) if b is None and c is not None)
    return (p, kind, cards, target, index)


def accepted(g, move):
    """Does ``play`` take ``move``? (Played and taken back, or refused with nothing changed.)"""
    try:
        g.play(move)
    except sk.IllegalMove:
        return False
    g.undo()
    return True


def reach(variant, players, seed, steps):
    g = sk.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.phase == "over":
            break
        moves = g.legal_moves()
        if g.phase == "setup" and rng.random() < 0.7:  # (mostly a short setup)
            ready = [m for m in moves if m.kind in ("ready", "place")]
            moves = ready or moves
        g.play(rng.choice(moves))
    return g


@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from(sk.VARIANTS),
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 200),
)
def test_what_the_refusal_check_lets_through_is_offered(variant, players, seed, steps):
    g = reach(variant, players, seed, steps)
    if g.phase == "over":
        return
    offered = {_same(m, g) for m in g.legal_moves()}
    before = g.to_dict()
    seats = range(players)
    for p in seats:
        for m in candidates(g, p):
            if m.kind == "swap" and m.cards[0] == m.cards[1]:
                continue  # (a twin for a twin: accepted, changing nothing; the offer leaves it out)
            if accepted(g, m):
                assert _same(m, g) in offered, f"{m} is accepted but not offered in {g.to_text()}"
    assert g.to_dict() == before


def test_the_candidates_reach_every_offered_kind():
    """The candidates are not too narrow: across a few games they include moves of every kind
    the game offered (so the test above is not vacuous)."""
    kinds = set()
    for variant in sk.VARIANTS:
        for seed in range(10):
            for steps in (0, 30, 60, 90, 120, 150):
                g = reach(variant, 3, seed, steps)
                if g.phase == "over":
                    continue
                offered = {_row(m) for m in g.legal_moves()}
                tried = {_row(m) for p in range(3) for m in candidates(g, p)}
                assert offered <= tried, g.to_text()
                kinds |= {row[1] for row in offered}
    assert kinds >= {"swap", "ready", "place", "play", "take", "flip", "joker"}
