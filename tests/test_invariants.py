"""Properties of whole games of random legal play, from the deal to the end."""

import random

import pytest
from helpers import cards_in_play, deck
from hypothesis import given, settings
from hypothesis import strategies as st

import scheissekopf as sk
from scheissekopf.shedding.generate import top_run
from scheissekopf.shedding.keys import ZDIR, ZP

# a safety net only: the stalemate rule ends every round long before this
MOVE_CAP = 20_000

PLAYERS = {"bitenight": (2, 8), "palace": (2, 8), "schwechat": (2, 8)}  # palace adds a deck from 6


@st.composite
def tables(draw):
    variant = draw(st.sampled_from(sorted(PLAYERS)))
    low, high = PLAYERS[variant]
    players = draw(st.integers(low, high))
    seed = draw(st.integers(0, 2**31 - 1))
    chooser = draw(st.integers(0, 2**31 - 1))
    return variant, players, seed, chooser


def pick(g, rnd):
    """A random legal move. Saying ready is favoured in setup so the deal gets played, and a
    voluntary take (schwechat) is picked only now and then, as at a table."""
    offered = g.legal_moves()
    assert offered, f"no legal move in phase {g.phase}"
    if g.phase == "setup":
        ready = [m for m in offered if m.kind == "ready"]
        if ready and rnd.random() < 0.5:
            return rnd.choice(ready)
    others = [m for m in offered if m.kind != "take"]
    if others and len(others) < len(offered) and rnd.random() < 0.9:
        return rnd.choice(others)
    return rnd.choice(offered)


def play_out(variant, players, seed, chooser, check=None):
    """Play one round at random; ``check(g, move)`` runs before each move. Returns the game."""
    g = sk.new_game(variant, players=players, seed=seed)
    rnd = random.Random(chooser)
    for _ in range(MOVE_CAP):
        if g.phase == "over":
            return g
        move = pick(g, rnd)
        if check is not None:
            check(g, move)
        g.play(move)
    raise AssertionError(f"{variant} with {players} players, seed {seed}: no end after {MOVE_CAP} moves")


@settings(max_examples=25, deadline=None)
@given(tables())
def test_every_game_ends_with_one_scheisskopf(table):
    variant, players, seed, chooser = table
    g = play_out(variant, players, seed, chooser)
    assert g.phase == "over"
    assert g.loser is not None
    assert sorted(g.finished + [g.loser]) == list(range(players))
    assert g.legal_moves() == []
    if variant == "bitenight":
        points = g.points()
        assert points[g.loser] == 0
        assert set(points) == set(range(players))


@settings(max_examples=15, deadline=None)
@given(tables())
def test_cards_are_conserved_after_every_move(table):
    variant, players, seed, chooser = table
    full = deck(variant, players)

    def check(g, move):
        assert cards_in_play(g) == full, str(move)

    g = play_out(variant, players, seed, chooser, check)
    assert cards_in_play(g) == full


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(tables())
def test_every_offered_move_is_accepted(table):
    variant, players, seed, chooser = table

    def check(g, move):
        for offered in g.legal_moves():
            assert type(offered.cards) is tuple, str(offered)  # the undo journal relies on it
            trial = g.clone()
            trial.play(offered)
            assert len(trial.history) == len(g.history) + 1
            by_text = g.clone()
            by_text.play(str(offered))  # its text reads back as the same move
            assert by_text.to_dict() == trial.to_dict(), str(offered)

    play_out(variant, players, seed, chooser, check)


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(tables())
def test_position_round_trips_at_every_step(table):
    variant, players, seed, chooser = table

    def check(g, move):
        d = g.to_dict()
        assert sk.Game.from_dict(d).to_dict() == d

    g = play_out(variant, players, seed, chooser, check)
    d = g.to_dict()
    assert sk.Game.from_dict(d).to_dict() == d


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(tables())
def test_undo_restores_the_previous_position_after_each_move(table):
    variant, players, seed, chooser = table

    def check(g, move):
        before = g.to_dict()
        g.play(move)
        g.undo()
        assert g.to_dict() == before, str(move)

    play_out(variant, players, seed, chooser, check)


@settings(max_examples=10, deadline=None)
@given(tables())
def test_a_game_continued_from_its_position_plays_the_same(table):
    variant, players, seed, chooser = table
    rnd = random.Random(chooser)
    g = sk.new_game(variant, players=players, seed=seed)
    for _ in range(60):
        if g.phase == "over":
            break
        move = pick(g, rnd)
        copy = sk.Game.from_dict(g.to_dict())
        g.play(move)
        copy.play(str(move))
        assert copy.to_dict() == g.to_dict(), str(move)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(tables())
def test_cached_top_run_playable_ranks_and_rank_counts_match_the_cards(table):
    """The engine keeps the stack's top run, the playable ranks, each hand's rank counts, each
    seat's plays by rank and each seat's setup moves up to date as cards move (and after undo);
    recomputed from the cards alone they must agree after every move."""
    variant, players, seed, chooser = table

    def setup_moves(g):
        moves = []
        if g.phase == "setup":
            g._setup_moves(moves)
        return moves

    def cached(g):
        bankr = g._bankr  # (None: not known yet, worked out when asked)
        if g.phase == "setup":  # (the core's counts are worked out when play starts)
            return setup_moves(g)
        return (
            g._run,
            g.playable(),
            [k[:] for k in g._cnt],
            g._held[:],
            g.bank_ranks() if bankr is None else bankr,
            g.left,
            g.keyx,
            g.twice if g.phase == "play" else None,  # (what it counts matters while in play)
            g.ended,
            setup_moves(g),
        )

    fields = ("_run", "_cnt", "_held", "_plays", "_bankr", "_smoves", "left", "keyx", "twice", "ended", "plain")

    def fresh(g):
        kept = [getattr(g, name) for name in fields]
        g._drop_caches()
        want = (
            setup_moves(g)
            if g.phase == "setup"
            else (
                top_run(g.preset, g.stack),
                g.preset.allowed[g.preset.top_key(g.stack)],
                [[sum(1 for c in pl.hand if c >> 2 == r) for pl in g.players] for r in range(16)],
                [sum(1 << r for r in {c >> 2 for c in pl.hand}) for pl in g.players],
                sum(1 << r for r in {c >> 2 for pl in g.players if not pl.hand for c in pl.bank if c is not None}),
                g._out.count(False),
                (ZDIR if g.direction < 0 else 0) + (0 if g._pend is None else ZP[g._pend]),
                list(g._rep.values()).count(2) if g.phase == "play" else None,
                g.phase == "over",
                setup_moves(g),
            )
        )
        for name, value in zip(fields, kept):
            setattr(g, name, value)
        return want

    def kept_plays_match(g):
        if g.phase == "setup":
            return True
        # each seat's plays of a rank, kept from an earlier position, are those its cards of
        # that rank give now
        for p, made in enumerate(g._plays):
            for r, plays in enumerate(made):
                if plays is not None and len(plays) == g._cnt[r][p]:  # (shorter: the count tells)
                    same = [c for c in g.players[p].hand if c >> 2 == r]
                    assert plays == tuple((p, "play", tuple(same[:k]), None, None) for k in range(1, len(same) + 1)), (
                        p,
                        r,
                        g.players[p].hand,
                    )
        return True

    def check(g, move):
        assert kept_plays_match(g)
        twin = g.clone()  # a clone keeps its own: playing on it
        for _ in range(8):  # leaves the original's as they were
            if twin.phase == "over":
                break
            twin.play(twin.legal_moves()[-1])
        if twin.phase != "over":
            twin.legal_moves()  # (fills the twin's kept plays)
        assert kept_plays_match(twin) and kept_plays_match(g)
        assert cached(g) == fresh(g), (move, g.stack)
        if g.phase == "play":  # the position just reached has been counted
            g_hh, g_sh = g._hh, g._sh
            g._rehash()
            assert (g._hh, g._sh) == (g_hh, g_sh)
            assert g._rep.get(g._position_key(), 0) >= 1
        if g.history and len(g.history) % 7 == 3:  # now and then, take a move back, redo it
            undone = g.undo()
            assert cached(g) == fresh(g)
            g.play(undone)
            assert cached(g) == fresh(g) and kept_plays_match(g)
        assert cached(g.clone()) == fresh(g)

    play_out(variant, players, seed, chooser, check=check)
