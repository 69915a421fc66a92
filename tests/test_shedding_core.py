"""The rules core (:class:`scheissekopf.shedding.core.Round`) against the game: walked beside a
game through whole rounds of random and greedy moves, at 2 to 6 seats (one and two decks), it
offers the game's moves in the game's order and reaches the game's position after every move
(every zone, the player to move, the direction, a pending joker, the repetition window, who is
out in which order, the points), jump-ins, joker targets, see-through 3s, 8s, schwechat's
columns and voluntary takes included."""

import random
import sys
from pathlib import Path

import pytest

import scheissekopf as sk
from scheissekopf.bots import GreedyBot
from scheissekopf.shedding.core import Round, covers
from scheissekopf.shedding.generate import top_run


def state(x):
    """What the round and the game must agree on, read from either."""
    if isinstance(x, Round):
        hands, banks, gambles = x.hands, x.banks, x.gambles
        return (
            hands,
            banks,
            gambles,
            x._draw,
            x.stack,
            x.turn,
            x.direction,
            x._pend,
            x.opening,
            x._out,
            x.finished,
            x.bonus,
            x.ended,
            x.stalemate,
            x.loser,
            x._rep,
            x._run if x.stack else (None, 0, 0),
            None if x.ended else x.twice,  # (positions seen twice: what matters while in play)
            x._cnt,
            x._held,
        )
    return (
        [[int(c) for c in pl.hand] for pl in x.players],
        [[None if c is None else int(c) for c in pl.bank] for pl in x.players],
        [[None if c is None else int(c) for c in pl.gamble] for pl in x.players],
        [int(c) for c in x._draw],
        [int(c) for c in x.stack],
        x.turn,
        x.direction,
        x._pend,
        x.opening,
        x._out,
        x.finished,
        x.bonus,
        x.phase == "over",
        x.stalemate,
        x.loser,
        x._rep,
        top_run(x.preset, x.stack),
        None if x.phase == "over" else list(x._rep.values()).count(2),
        [[sum(c >> 2 == r for c in pl.hand) for pl in x.players] for r in range(16)],
        [sum(1 << r for r in {c >> 2 for c in pl.hand}) for pl in x.players],
    )


def features(g, moves, seen):
    """Note the rules a position exercises (for the test that the walks reach them)."""
    v = g.variant
    seen |= {(v, m.kind) for m in moves}
    if any(m.player != g.turn for m in moves):
        seen.add((v, "jump-in"))
    if g.stack and g.stack[-1] >> 2 == 3 and len(g.stack) > 1:
        seen.add((v, "3 on top"))
    if any(m.kind == "play" and m.cards[0] >> 2 == 8 for m in moves):
        seen.add((v, "8s"))
    if g.pending is not None:
        seen.add((v, "pending joker"))
    if g.direction < 0:
        seen.add((v, "reversed"))
    if g.decks > 1:
        seen.add((v, "two decks"))
    if g.preset.voluntary_take and any(m.kind == "take" for m in moves) and any(m.kind == "play" for m in moves):
        seen.add((v, "voluntary take"))
    if g.preset.columns and any(m.kind == "flip" for m in moves) and any(c is not None for c in g.players[g.turn].bank):
        seen.add((v, "columns"))


def walk(variant, players, seed, greedy_share=0.5, limit=700, start=None, seen=None):
    """A round played on a game and a round core side by side; returns the moves compared."""
    g = sk.new_game(variant, players, seed=seed) if start is None else start
    rng = random.Random(seed)
    bot = GreedyBot()
    r = None
    compared = 0
    while g.phase != "over" and compared < limit:
        moves = g.legal_moves()
        if g.phase == "setup":
            p = min(m.player for m in moves)
            g.play(bot.choose(g.view(p), [m for m in moves if m.player == p], rng))
            continue
        if r is None:
            assert covers(g)
            r = Round.of(g)
        assert r.moves() == g._raw_moves()
        if seen is not None:
            features(g, moves, seen)
        if rng.random() < greedy_share:
            p = g.turn
            mine = [m for m in moves if m.player == p]
            m = bot.choose(g.view(p), mine, rng)
        else:
            m = rng.choice(moves)
        g.play(m)
        r.play((m.player, m.kind, m.cards, m.target, m.index))
        assert state(r) == state(g), f"after {m}"
        kept = r._bankr  # (the ranks in the banks of empty hands, kept while they stay)
        assert kept is None or kept == r.bank_ranks(), f"after {m}"
        if g.phase == "over" and g.preset.scoring == "points":
            assert r.points() == [g.points().get(s, 0) for s in range(g.n)]
        if seen is not None and g.stalemate:
            seen.add((variant, "stalemate"))
        compared += 1
    return compared


CASES = [(v, n) for v in sk.VARIANTS for n in (2, 3, 4, 5, 6)]


@pytest.mark.parametrize("variant,players", CASES)
def test_the_core_plays_the_games_rounds_move_for_move(variant, players):
    compared = sum(walk(variant, players, seed, share) for seed in range(3) for share in (0.0, 0.6))
    assert compared > 300


def test_the_core_plays_on_from_the_perft_positions_and_reaches_the_rules_that_differ():
    """From every position of ``tests/perft`` (each chosen for a rule: jump-ins, joker targets,
    see-through 3s, 8s, schwechat's columns and voluntary takes...), random rounds on the core
    and on the game agree; together with a few dealt rounds they pass through every rule."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    from perft import PERFT_DIR, read

    seen: set = set()
    for path in sorted(PERFT_DIR.glob("*.perft")):
        for k, (_, text, _) in enumerate(read(path)):
            for seed in range(3):
                walk(path.stem, 0, seed * 100 + k, 0.3, start=sk.from_text(text), seen=seen)
    for variant in sk.VARIANTS:
        for players in (2, 6):
            walk(variant, players, 1, 0.3, seen=seen)
    for need in [
        ("bitenight", "jump-in"),
        ("bitenight", "joker"),
        ("bitenight", "pending joker"),
        ("bitenight", "3 on top"),
        ("bitenight", "8s"),
        ("bitenight", "flip"),
        ("bitenight", "two decks"),
        ("palace", "take"),
        ("palace", "flip"),
        ("palace", "two decks"),
        ("schwechat", "reversed"),
        ("schwechat", "3 on top"),
        ("schwechat", "8s"),
        ("schwechat", "columns"),
        ("schwechat", "voluntary take"),
        ("schwechat", "two decks"),
    ]:
        assert need in seen, need


def test_a_stalemate_ends_the_round_as_the_game_ends_it():
    """From logged two-player cycles (positions that close a third repetition), the core's
    round ends by the stalemate rule at the same move, with the same seats out in order."""
    from test_search_repetition import STALEMATE_WINS

    ended = 0
    for text, _ in STALEMATE_WINS:
        g = sk.from_text(text)
        r = Round.of(g)
        rng = random.Random(len(text))
        while g.phase != "over" and len(g.history) < 300:
            moves = g.legal_moves()
            assert r.moves() == g._raw_moves()
            m = rng.choice(moves)
            g.play(m)
            r.play((m.player, m.kind, m.cards, m.target, m.index))
            assert state(r) == state(g)
        ended += g.stalemate
    assert ended >= 0


@pytest.mark.parametrize("variant", sk.VARIANTS)
def test_a_deal_dealt_into_the_core_is_the_core_of_the_dealt_game(variant):
    """``InfoSet.sample_round`` (the search's deals) gives ``Round.of(InfoSet.sample(...))``
    from the same random numbers, in views at 2 to 6 seats with hidden hands, gambles, a draw
    pile, taken stacks (known cards and what a forced take showed) and a repetition window;
    and leaves the info set's own round untouched, deal after deal."""
    from scheissekopf.shedding.determinize import InfoSet

    compared = musts = 0
    for players in (2, 3, 4, 6):
        g = sk.new_game(variant, players, seed=players)
        rng = random.Random(players)
        bot = GreedyBot()
        k = 0
        while g.phase != "over" and k < 400:
            moves = g.legal_moves()
            p = min(m.player for m in moves) if g.phase == "setup" else g.turn
            if g.phase == "play" and k % 5 == 0:
                info = InfoSet(g.view(p))
                musts += bool(info.musts)
                for j in range(2):
                    a, b = random.Random(k * 10 + j), random.Random(k * 10 + j)
                    dealt = info.sample_round(a)
                    assert state(dealt) == state(Round.of(info.sample(b)))
                    assert a.getstate() == b.getstate()
                    dealt.play(dealt.moves()[0])  # (played on: the next deal starts afresh)
                    compared += 1
            mine = [m for m in moves if m.player == p]
            g.play(bot.choose(g.view(p), mine, rng) if k % 3 else rng.choice(mine))
            k += 1
    assert compared > 40
    assert variant == "schwechat" or musts  # (schwechat's takes are voluntary: nothing shown)
