"""The playouts' fast path (``greedy_from_hand``): where it answers, it names the move the
greedy habits pick from the engine's whole offer, and counts that offer exactly, so a playout
draws the same random numbers and plays the same moves either way."""

import random

import pytest

import scheissekopf as sk
from scheissekopf.bots import GreedyBot, RandomBot
from scheissekopf.shedding.bots import greedy_from_hand, greedy_index, strength_table

CASES = [("bitenight", 2), ("bitenight", 4), ("bitenight", 6), ("palace", 2), ("palace", 4), ("schwechat", 3)]


def _decisions(variant, players, seed):
    """Every position of a round between greedy and random players (the random ones reach
    stacks and hands greedy alone never would)."""
    g = sk.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    bots = [GreedyBot() if (s + seed) % 2 else RandomBot() for s in range(players)]
    while g.phase != "over" and len(g.history) < 600:
        yield g
        moves = g.legal_moves()
        p = min(m.player for m in moves) if g.phase == "setup" else g.turn
        g.play(bots[p].choose(g.view(p), [m for m in moves if m.player == p], rng))


@pytest.mark.parametrize("variant,players", CASES)
def test_the_greedy_choice_from_the_counts_is_the_greedy_choice_from_the_offer(variant, players):
    table = strength_table(sk.new_game(variant, players, seed=0).preset)
    answered = declined = several = 0
    for seed in range(6):
        for g in _decisions(variant, players, seed):
            plain = greedy_from_hand(g, table)
            rows = g._raw_moves()
            if plain is None:
                declined += 1
                if g.phase == "play" and g._pend is None and g.players[g.turn].hand:
                    # declined while the player plays from its hand: a hand holds enough
                    # copies to complete four of a kind (the mover's own included, which the
                    # quick test does not tell apart), or a joker naming its target is a play
                    jump = g.preset.jump_ins and g.opening is None and g.stack and g.jump_targets()
                    assert jump or any(r[1] == "joker" for r in rows)
                continue
            answered += 1
            count, row = plain
            assert count == len(rows)
            if count > 1:
                several += 1
                assert row == rows[greedy_index(g, rows, table)]
            else:
                assert row == rows[0]
    assert answered > 200 and several > 100 and declined > 10


def test_the_fast_path_declines_a_jump_in_chance():
    """Bitenight: with a seat able to complete four of a kind out of turn, the playout must see
    the jump-in, so the fast path leaves the choice to the whole offer."""
    seen = 0
    for seed in range(40):
        for g in _decisions("bitenight", 4, seed):
            if g.phase == "play" and any(r[0] != g.turn for r in g._raw_moves()):
                assert greedy_from_hand(g, strength_table(g.preset)) is None
                seen += 1
    assert seen > 0
