"""The benchmark that plays a tournament game's deal again (benchmarks/replay_deal.py): on the
tournament's own random stream it plays the tournament's game, and an exposure it records is an
answer of the opponent's that ends the round by a stalemate the search loses."""

import pytest
from helpers import load_script

from scheissekopf.tournament import play_game

replay_deal = load_script("benchmarks/replay_deal.py")


@pytest.mark.slow
def test_a_replay_on_the_tournaments_random_stream_is_the_tournaments_game():
    for k in (0, 1):
        ours = replay_deal.replay("palace", ["ismcts", "random"], 1, k, 20, f"scheissekopf-tournament:1:{k}")
        theirs = play_game(("palace", ["ismcts", "random"], k, 1, {"ismcts": {"iterations": 20}}))
        assert ours["search_seat"] == theirs["seating"].index(0)
        assert (ours["search_lost"], ours["moves"], ours["stalemate"]) == (
            theirs["lost"][0],
            theirs["moves"],
            theirs["stalemate"],
        )


# Game 167 of the 200-playout tournament against random (benchmarks/results/
# ismcts200_vs_random_palace2.jsonl), move for move as the search played it before it read forced
# takes: the search (P1) loses it by a stalemate.
GAME_167 = (
    "P0 swap JH 9D; P0 swap 5D AS; P0 swap 9D 6D; P0 swap AS 5D; P0 swap 7S AS; P0 swap 5D 9D; P0 ready;"
    " P1 swap KH 6C; P1 ready; P0 AS; P1 take; P0 9D; P1 AS; P0 take; P1 8S; P0 9C 9D; P1 take; P0 6D;"
    " P1 6C 6H; P0 AS; P1 take; P0 4H; P1 9C; P0 AH; P1 AS; P0 take; P1 6C 6D 6H; P0 KS; P1 take; P0 AH;"
    " P1 take; P0 9C; P1 KS; P0 AS; P1 AH; P0 take; P1 6C 6D 6H; P0 KS; P1 take; P0 AH; P1 take; P0 AS;"
    " P1 AH; P0 take; P1 6C; P0 AH; P1 take"
).split("; ")


def test_an_exposure_is_the_answer_that_ends_the_round_by_a_stalemate_the_search_loses(monkeypatch):
    # Both seats play the logged game (so the record does not hang on what the search would
    # choose today). The search's last decision is recorded as exposed to the answer the
    # opponent really played, with no safe move beside it.
    moves = iter(GAME_167)

    class Logged:
        def choose(self, view, legal_moves, rng):
            text = next(moves)
            return next(m for m in legal_moves if str(m) == text)

    monkeypatch.setattr(replay_deal, "get", lambda name, **options: Logged())
    r = replay_deal.replay("palace", ["ismcts", "random"], 1, 167, 200, "scheissekopf-tournament:1:167")
    assert r["history"] == GAME_167 and r["search_seat"] == 1
    assert r["search_lost"] and r["stalemate"]
    last = r["exposures"][-1]
    assert last["move"] == r["moves"] - 2  # the search's move, then the answer, then its forced pick-up
    assert r["history"][last["move"] - 1] == last["played"]
    assert r["history"][last["move"]] in last["answers"]
    assert last["safe"] == []
