"""The stalemate rule inside the search: a seat's view carries the repetition window (keyed
without the cards hidden from that seat), each determinized deal adds its own hidden cards back,
so ISMCTS sees a third repetition coming and rates it as the rule scores it."""

import random

import pytest
from helpers import STALEMATE_LOSSES, STALEMATE_WINS

import scheissekopf as sk
from scheissekopf.bots import GreedyBot, RandomBot
from scheissekopf.shedding.bots import greedy_move, greedy_playout, stalemate_win
from scheissekopf.shedding.determinize import InfoSet
from scheissekopf.shedding.search import move_key, search

# 2-player palace, ismcts (P1) against random at 200 playouts (game 117 of that tournament, deal
# 1000061), 12 cards to 8 and a position seen twice. The game went on 9♦, J♣ J♦, J♠, a single A♦
# (greedy would lay both aces), and P1, with nothing to beat it, had to take: the third
# repetition, lost by P1. After any card below a queen P0 can force such a cycle within five
# moves (checked against every answer); after a queen or the king it cannot.
CYCLE_THROUGH_A_TAKE = (
    "palace | P0 3C 3H 5S 7D JC JD AD AH bank 4S 2S AC gamble 4H 5C 10H known 3C 5S 7D JC JD AD AH "
    "unplayable 1 of 3 4 5 6 7 8 9 J Q K | P1 4C 4D 5D 5H 7H 9D 9H 9S JS QH QS KD bank AS 2D QC gamble "
    "2H 7S KH known 4C 4D 5D 5H 7H 9D 9H 9S JS QH QS KD | draw 9C QD 3D 10D 10C 3S 2C 7C | discard JH "
    "KC KS 10S 8C 8D 8H 8S 6S 6C 6D 6H | turn P1 | seed 1000061 | repetitions 23614ca391a03a9e "
    "23714a924473dd18 2b4b7317a05bb237 2c430955d0d761ec 3079befc9b291810 332d345360daaee8 "
    "4056c833fe2e3754 479d7326001947a8 50c944300def9823 7df2c4ada44bbf6a 8ff148a3aac34613 "
    "96d451549ff82e74 9f58a8616a64e37c a4d39dd4bd36ef20 aa23f0d95a69e6fb b349a2618cdc2dce "
    "e15ee2c51cebc9f9*2 e79d03e5fd857787 e7e8f6d9cac24208 fc520c7a9eb170db"
)


def _third_repetition(text, move):
    """The logged position, checked: the move ends the round at once by stalemate."""
    g = sk.from_text(text)
    mover = g.turn
    g.play(move)
    assert g.phase == "over" and g.stalemate
    won = g.loser != mover
    g.undo()
    return g, mover, won


def _row(result, move):
    return next(r for r in result.rows if r["key"] == move_key(move))


@pytest.mark.parametrize("text,move", STALEMATE_WINS)
def test_search_plays_a_third_repetition_that_wins_the_stalemate(text, move):
    g, mover, won = _third_repetition(text, move)
    assert won
    result = search(g.view(mover), iterations=200, rng=random.Random(1))
    target = next(m for m in g.legal_moves() if str(m) == move)
    assert _row(result, target)["win"] == 1.0
    assert str(result.rows[0]["move"]) == move


@pytest.mark.parametrize("text,move", STALEMATE_LOSSES)
def test_search_avoids_a_third_repetition_that_loses_the_stalemate(text, move):
    g, mover, won = _third_repetition(text, move)
    assert not won
    result = search(g.view(mover), iterations=200, rng=random.Random(1))
    target = next(m for m in g.legal_moves() if str(m) == move)
    row = _row(result, target)
    assert row["visits"] > 0 and row["win"] == 0.0
    assert str(result.rows[0]["move"]) != move


def test_the_bot_playing_from_a_view_wins_by_the_third_repetition():
    from scheissekopf.ismcts import ISMCTSBot

    text, move = STALEMATE_WINS[0]
    g, mover, _ = _third_repetition(text, move)
    bot = ISMCTSBot(iterations=200)
    choice = bot.choose(g.view(mover), [m for m in g.legal_moves() if m.player == mover], random.Random(5))
    g.play(choice)
    assert g.stalemate and g.loser != mover


@pytest.mark.parametrize("text,move", STALEMATE_WINS)
def test_a_player_who_can_close_a_cycle_its_way_is_found_that_move(text, move):
    g, mover, _ = _third_repetition(text, move)
    before, history = g.to_text(), len(g.history)
    win = stalemate_win(g)
    assert str(win) == move
    assert g.to_text() == before and len(g.history) == history  # looked at, taken back


@pytest.mark.parametrize("text,move", STALEMATE_LOSSES)
def test_a_third_repetition_the_mover_loses_is_not_a_cycle_closed_its_way(text, move):
    g, _, _ = _third_repetition(text, move)
    before = g.to_text()
    assert stalemate_win(g) is None
    assert g.to_text() == before


def test_no_cycle_closes_without_a_position_seen_twice():
    text, _ = STALEMATE_WINS[0]
    g = sk.from_text(text.split(" | repetitions")[0])
    assert sorted(g._rep.values()) == [1]
    assert stalemate_win(g) is None


def test_the_playouts_close_a_cycle_their_way_where_the_greedy_habit_plays_on():
    """In the second logged win greedy would lay both 3s; the winning third repetition is the
    single 3♣, and a playout without random moves plays it and ends the round there."""
    text, move = STALEMATE_WINS[1]
    g, mover, _ = _third_repetition(text, move)
    assert str(greedy_move(g, g.legal_moves())) != move
    assert greedy_playout(g, random.Random(0), 0.0) == 1
    assert str(g.history[-1]) == move and g.stalemate and g.loser != mover


def test_a_cycle_closed_through_a_forced_take_is_found():
    g = sk.from_text(CYCLE_THROUGH_A_TAKE)
    for m in ("P1 9D", "P0 JC JD", "P1 JS"):
        g.play(m)
    before = g.to_text()
    assert str(greedy_move(g, g.legal_moves())) == "P0 AD AH"
    assert str(stalemate_win(g)) == "P0 AD"  # P1 must take: the third repetition, P1 holding more
    assert g.to_text() == before
    g.play("P0 AD")
    assert [str(m) for m in g.legal_moves()] == ["P1 take"]


@pytest.mark.parametrize("seed", range(4))
def test_search_stays_out_of_a_cycle_the_opponent_can_close_through_a_forced_take(seed):
    g = sk.from_text(CYCLE_THROUGH_A_TAKE)
    result = search(g.view(1), iterations=450, rng=random.Random(seed))
    assert str(result.rows[0]["move"]) in {"P1 QH", "P1 QH QS", "P1 KD"}


def _games(variant, players, seeds):
    """Positions in play from greedy-against-random rounds, every fourth move."""
    for seed in seeds:
        g = sk.new_game(variant, players=players, seed=seed)
        rng = random.Random(seed)
        bots = [GreedyBot() if s % 2 == 0 else RandomBot() for s in range(players)]
        k = 0
        while g.phase != "over" and k < 600:
            moves = g.legal_moves()
            if g.phase == "setup":
                p = moves[0].player
                g.play(GreedyBot().choose(g.view(p), [m for m in moves if m.player == p], rng))
                continue
            k += 1
            if k % 4 == 0:
                yield g
            p = g.turn
            g.play(bots[p].choose(g.view(p), [m for m in moves if m.player == p], rng))


@pytest.mark.parametrize("variant,players", [("palace", 2), ("bitenight", 4), ("schwechat", 3)])
def test_a_deal_from_a_view_has_the_games_repetition_window(variant, players):
    """A determinized deal counts every position as often as the real game did, and looks the
    same as the real game from the seat (the window in the view does not tell the hidden cards)."""
    rng = random.Random(7)
    checked = windows = 0
    for g in _games(variant, players, range(6)):
        now = g._rep[g._position_key()]
        for seat in range(players):
            if not g.in_round(seat):
                continue
            view = g.view(seat)
            deal = InfoSet(view).sample(rng)
            assert sorted(deal._rep.values()) == sorted(g._rep.values())
            assert deal._rep[deal._position_key()] == now
            assert deal.view(seat).to_dict() == view.to_dict()
            checked += 1
            windows += len(g._rep) > 1
    assert checked > 100 and windows > 20
