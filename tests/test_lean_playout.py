"""The playouts on the rules core (:mod:`scheissekopf.shedding.playout`) play what the game
plays: the same moves, one for one, drawing the same random numbers, to the same loser (and
points), from deals, positions of rounds, deals of a seat's view (which carry the repetition
window) and logged cycles, in every preset at 2 to 6 seats."""

import random

import pytest
from test_search_repetition import STALEMATE_WINS

import scheissekopf as sk
from scheissekopf.bots import GreedyBot, RandomBot
from scheissekopf.shedding.bots import greedy_playout
from scheissekopf.shedding.determinize import InfoSet
from scheissekopf.shedding.playout import covers, lean_playout, playout


def _positions(variant, players, seed, every=4):
    g = sk.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    bots = [GreedyBot() if (s + seed) % 2 else RandomBot() for s in range(players)]
    k = 0
    while g.phase != "over" and k < 500:
        if k % every == 0 and covers(g):
            yield g.clone()
        moves = g.legal_moves()
        p = min(m.player for m in moves) if g.phase == "setup" else g.turn
        g.play(bots[p].choose(g.view(p), [m for m in moves if m.player == p], rng))
        k += 1


def _compare(start, seed, epsilon, seat, others, max_moves=5000, record=True):
    """Both playouts from ``start``; returns whether the round ended by a stalemate."""
    before = start.to_dict()
    trace = []
    rng = random.Random(seed)
    lean = lean_playout(start, rng, epsilon, max_moves, seat=seat, others=others, trace=trace)
    assert start.to_dict() == before  # the game itself is left as it was
    g = start.clone()
    done = len(g.history)
    events = len(g._log)
    same = random.Random(seed)
    played = greedy_playout(g, same, epsilon, max_moves, seat=seat, others=others, record=record)
    assert rng.getstate() == same.getstate()  # the same random numbers drawn
    if record:
        moves = [(m.player, m.kind, m.cards, m.target, m.index) for m in g.history[done:]]
        assert trace == moves
    else:
        assert len(trace) == played or played is None
        assert sum(e[0] in ("play", "jump-in", "take", "joker", "flip") for e in g._log[events:]) >= len(trace) - 1
    loser = g.loser if g.phase == "over" else g._stalemate_loser()
    assert lean == (played, loser)
    return g.stalemate


CASES = [(v, n) for v in sk.VARIANTS for n in (2, 3, 4, 6)]


@pytest.mark.parametrize("variant,players", CASES)
def test_a_lean_playout_plays_the_games_moves_one_for_one(variant, players):
    checked = stalemates = 0
    logged = [sk.from_text(text) for text, _ in STALEMATE_WINS] if (variant, players) == ("palace", 2) else []
    for seed in range(3 if players == 2 else 2):
        for k, g in enumerate([*logged, *_positions(variant, players, seed, every=4 if players < 4 else 7)]):
            starts = [g, InfoSet(g.view(g.turn)).sample(random.Random(k))]
            for start in starts:
                if not covers(start):
                    continue
                epsilon = (0.0, 0.05, 0.3)[k % 3]
                others = min(1.0, 3 * epsilon)
                stalemates += _compare(start, seed * 1000 + k, epsilon, k % players, others, record=k % 2 == 0)
                checked += 1
    assert checked > 30
    if logged:
        assert stalemates >= len(logged)  # the logged cycles close in the playouts too


@pytest.mark.parametrize("variant", sk.VARIANTS)
def test_a_lean_playout_cut_short_names_the_stalemate_rules_loser(variant):
    for seed in range(5):
        g = next(_positions(variant, 2 + seed % 3, seed))
        _compare(g, seed, 0.05, 0, 0.05, max_moves=25)


@pytest.mark.parametrize("variant", sk.VARIANTS)
def test_a_playout_from_the_setup_ends_as_the_games(variant):
    """From a deal (the setup on the game, then the core): the loser and the points of
    :func:`greedy_playout` on the game itself."""
    for seed in range(4):
        g = sk.new_game(variant, 2 + seed, seed=seed)
        h = g.clone()
        got = playout(g, random.Random(seed), 0.1, seat=0, others=0.2)
        greedy_playout(h, random.Random(seed), 0.1, seat=0, others=0.2, record=False)
        pts = [h.points().get(s, 0) for s in range(h.n)] if h.preset.scoring == "points" else None
        assert got == (h.loser, pts)


def test_only_rounds_in_play_are_covered():
    assert not covers(sk.new_game("palace", 2, seed=1))  # the setup
    for variant in sk.VARIANTS:
        assert covers(next(_positions(variant, 3, 1)))


@pytest.mark.parametrize("variant", sk.VARIANTS)
@pytest.mark.parametrize("depth", [0, 1])
def test_the_search_on_the_core_grows_the_same_tree(variant, depth):
    """A search played on the core (tree and playouts) and one whose tree is played on the game
    itself: the same root statistics, edge for edge, from positions of rounds at 2 and 3 seats
    (bitenight: 4 seats too, and the seats that may jump in out of turn)."""
    from scheissekopf.shedding.search import Searcher

    def tree(node):
        return {k: (e.visits, e.avail, e.reward, e.points, tree(e.node) if e.node else None) for k, e in node.items()}

    compared = out_of_turn = 0
    for players in (2, 3, 4) if variant == "bitenight" else (2, 3):
        for k, g in enumerate(_positions(variant, players, 7, every=1)):
            legal = g.legal_moves()
            if k % 5 and all(m.player == g.turn for m in legal):
                continue  # (every fifth position, and every jump-in chance)
            for seat in sorted({m.player for m in legal}):
                mine = [m for m in legal if m.player == seat]
                if seat == g.turn and len({(m.kind, m.cards[:1] and m.cards[0] >> 2, len(m.cards)) for m in mine}) < 2:
                    continue
                grown = []
                for lean in (True, False):
                    s = Searcher(g.view(seat), mine, depth=depth)
                    assert s.lean
                    s.lean = lean
                    s.run(random.Random(k), iterations=40)
                    grown.append((tree(s.root), s.result().best(), s.iterations))
                assert grown[0] == grown[1]
                compared += 1
                out_of_turn += seat != g.turn
            if compared >= 14 and (variant != "bitenight" or out_of_turn >= 2):
                return
    assert compared >= 8
    assert variant != "bitenight" or out_of_turn >= 1
