"""The search's playouts play without a record (``greedy_playout(..., record=False)``, through
``Recorded._unrecorded``): the same moves as a recorded playout, event for event, and a game
played that way never lets a stale offer or undo record be trusted."""

import random

import pytest
from test_search_repetition import STALEMATE_WINS

import scheissekopf as sk
from scheissekopf.bots import GreedyBot, RandomBot
from scheissekopf.errors import IllegalMove
from scheissekopf.moves import Move
from scheissekopf.shedding.bots import greedy_playout
from scheissekopf.shedding.determinize import InfoSet

SHEDDING = ["bitenight", "palace", "schwechat"]


def _positions(variant, players, seed, every=5):
    """Positions of a greedy-against-random round (setup included), every few moves."""
    g = sk.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    bots = [GreedyBot() if s % 2 == 0 else RandomBot() for s in range(players)]
    k = 0
    while g.phase != "over" and k < 400:
        if k % every == 0:
            yield g.clone()
        moves = g.legal_moves()
        p = min(m.player for m in moves) if g.phase == "setup" else g.turn
        g.play(bots[p].choose(g.view(p), [m for m in moves if m.player == p], rng))
        k += 1


def _both(g, seed, epsilon, seat, others, max_moves=5000):
    a, b = g.clone(), g.clone()
    ra = greedy_playout(a, random.Random(seed), epsilon, max_moves, seat=seat, others=others)
    rb = greedy_playout(b, random.Random(seed), epsilon, max_moves, seat=seat, others=others, record=False)
    return (ra, a), (rb, b)


@pytest.mark.parametrize("variant", SHEDDING)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_unrecorded_playout_plays_the_recorded_one_move_for_move(variant, players):
    """From the deal and from positions of a round (and from deals of a seat's view, which carry
    the repetition window), with and without random moves: the same number of moves, the same
    events in the same order, the same end position."""
    checked = stalemates = 0
    logged = [sk.from_text(text) for text, _ in STALEMATE_WINS] if (variant, players) == ("palace", 2) else []
    for seed in range(3):
        for k, g in enumerate([*logged, *_positions(variant, players, seed)]):
            starts = [g]
            if g.phase == "play":
                starts.append(InfoSet(g.view(g.turn)).sample(random.Random(k)))
            for start in starts:
                epsilon = (0.0, 0.05, 0.3)[k % 3]
                (ra, a), (rb, b) = _both(start, seed * 1000 + k, epsilon, k % players, min(1.0, 3 * epsilon))
                assert ra == rb
                assert a._log == b._log
                assert a.to_dict() == b.to_dict()
                checked += 1
                stalemates += a.stalemate
    assert checked > 30
    if logged:
        assert stalemates >= len(logged)  # the logged positions: a cycle closed (stalemate_win)


def test_an_unrecorded_playout_cut_short_stops_where_the_recorded_one_does():
    g = sk.new_game("palace", 2, seed=4)
    (ra, a), (rb, b) = _both(g, 4, 0.05, 0, 0.05, max_moves=30)
    assert ra is None and rb is None
    assert a._log == b._log and a.to_dict() == b.to_dict()


def test_a_game_played_unrecorded_has_nothing_to_undo():
    g = sk.new_game("bitenight", 3, seed=2)
    g.play(g.legal_moves()[0])  # something to undo before the playout
    before = list(g.history)
    greedy_playout(g, random.Random(2), record=False)
    assert g.phase == "over"
    assert g.history == before  # the playout's moves are not recorded
    with pytest.raises(IndexError, match="nothing to undo"):
        g.undo()


@pytest.mark.parametrize("variant", SHEDDING)
def test_a_move_offered_before_an_unrecorded_playout_is_checked_again(variant):
    """play() trusts a move it offered in the same position without checking it again; after
    moves played unrecorded that trust is gone, so an offered move that is no longer legal is
    refused and changes nothing."""
    refused = 0
    for seed in range(6):
        g = sk.new_game(variant, 2, seed=seed)
        while g.phase == "setup":
            moves = g.legal_moves()
            p = min(m.player for m in moves)
            g.play(GreedyBot().choose(g.view(p), [m for m in moves if m.player == p], None))
        offered = list(g.legal_moves())
        assert greedy_playout(g, random.Random(seed), max_moves=2, record=False) is None
        for m in offered:
            fresh = Move(m.player, m.kind, m.cards, m.target, m.index)
            assert g.is_legal(m) == g.is_legal(fresh)
            if not g.is_legal(fresh):
                text = g.to_text()
                with pytest.raises(IllegalMove):
                    g.play(m)
                assert g.to_text() == text
                refused += 1
    assert refused > 0
