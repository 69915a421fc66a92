"""The benchmark that plays a tournament game's deal again (benchmarks/replay_deal.py): on the
tournament's own random stream it plays the tournament's game, and an exposure it records is an
answer of the opponent's that ends the round by a stalemate the search loses."""

from helpers import load_script

from scheissekopf.tournament import play_game

replay_deal = load_script("benchmarks/replay_deal.py")


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


def test_an_exposure_is_the_answer_that_ends_the_round_by_a_stalemate_the_search_loses():
    # Game 167 of the 200-playout tournament against random (benchmarks/results): the search
    # loses it by a stalemate. Its last decision is recorded as exposed to the answer the
    # opponent really played, with no safe move beside it.
    r = replay_deal.replay("palace", ["ismcts", "random"], 1, 167, 200, "scheissekopf-tournament:1:167")
    assert r["search_lost"] and r["stalemate"]
    last = r["exposures"][-1]
    assert last["move"] == r["moves"] - 2  # the search's move, then the answer, then its forced pick-up
    assert r["history"][last["move"] - 1] == last["played"]
    assert r["history"][last["move"]] in last["answers"]
    assert last["safe"] == []
