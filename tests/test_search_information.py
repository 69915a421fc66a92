"""The benchmark that tells the search more than its view (benchmarks/search_information.py):
told nothing more it plays exactly the tournament's games, and told everything its deals are
the real game."""

import random

from helpers import load_script

from scheissekopf.tournament import play_game

info = load_script("benchmarks/search_information.py")


def test_a_search_told_only_its_view_plays_the_tournaments_games():
    for k in (0, 1):
        ours = info.play(k, "view", "greedy", iterations=20)
        theirs = play_game(("palace", ["ismcts", "greedy"], k, 1, {"ismcts": {"iterations": 20}}))
        assert (ours["lost"], ours["moves"], ours["stalemate"]) == (
            theirs["lost"],
            theirs["moves"],
            theirs["stalemate"],
        )


def test_a_search_told_everything_deals_the_real_game_and_told_the_hands_keeps_the_rest_hidden():
    import scheissekopf as sk
    from scheissekopf.shedding.determinize import InfoSet

    g = sk.new_game("palace", players=2, seed=3)
    rng = random.Random(3)
    while g.phase != "play":
        g.play(next(m for m in g.legal_moves() if m.kind == "ready"))
    for _ in range(6):  # a few moves in, so that hands, draw pile and gambles are all hidden
        g.play(g.legal_moves()[0])
    seat = g.turn
    told_all = info._Told(InfoSet(g.view(seat)), g, "all").sample(rng)
    assert told_all.to_dict() == g.to_dict()
    draws = set()
    for _ in range(20):
        told_hands = info._Told(InfoSet(g.view(seat)), g, "hands").sample(rng)
        assert [p.hand for p in told_hands.players] == [p.hand for p in g.players]
        hidden = sorted(told_hands._draw + [c for p in told_hands.players for c in p.gamble])
        assert hidden == sorted(g._draw + [c for p in g.players for c in p.gamble])
        assert told_hands.view(seat).to_dict() == g.view(seat).to_dict()
        draws.add(tuple(told_hands._draw))
    assert len(draws) > 1  # the draw pile is still dealt at random
