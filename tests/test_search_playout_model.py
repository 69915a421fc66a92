"""How the search's playouts model the other players (ISMCTSBot's ``playout`` and ``mix``): the
greedy habits as before, uniformly random moves, or a mix of the two with a given probability of
a random move. The mixed model must be reproducible, refuse a bad setting, and stay legal."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scheissekopf as sk
from scheissekopf import cli
from scheissekopf.bots import GreedyBot, play_round
from scheissekopf.ismcts import ISMCTSBot
from scheissekopf.mcts import opponent_randomness
from scheissekopf.shedding.bots import greedy_move, greedy_playout
from scheissekopf.shedding.search import search
from scheissekopf.trick.bots import greedy_playout as trick_playout
from scheissekopf.variants import new_game


def _replayed_legally(variant, players, seed, g):
    """Replay ``g``'s moves on a fresh deal, checking each was a legal move of its moment."""
    h = new_game(variant, players, seed=seed)
    for m in g.history:
        assert m in h.legal_moves(), f"{m} was not a legal move there"
        h.play(m)
    return h


@settings(max_examples=25, deadline=None)
@given(
    variant=st.sampled_from(["bitenight", "palace", "schwechat"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    mix=st.floats(0.0, 1.0),
)
def test_mixed_playouts_never_play_an_illegal_move_and_end_the_round(variant, players, seed, mix):
    g = new_game(variant, players, seed=seed)
    greedy_playout(g, random.Random(seed), 0.05, seat=seed % players, others=mix)
    assert g.phase == "over"
    assert _replayed_legally(variant, players, seed, g).phase == "over"


@settings(max_examples=10, deadline=None)
@given(variant=st.sampled_from(["schafkopf", "sheepshead"]), seed=st.integers(0, 10_000), mix=st.floats(0.0, 1.0))
def test_mixed_playouts_of_the_trick_games_stay_legal(variant, seed, mix):
    n = 4 if variant == "schafkopf" else 5
    g = new_game(variant, n, seed=seed)
    trick_playout(g, random.Random(seed), 0.05, seat=0, others=mix)
    assert g.phase == "over"
    assert _replayed_legally(variant, n, seed, g).phase == "over"


def test_with_random_opponents_the_searchers_own_playout_moves_stay_greedy():
    for seed in range(4):
        g = new_game("palace", 2, seed=seed)
        greedy_playout(g, random.Random(seed), 0.0, seat=0, others=1.0)
        # replay: at each of seat 0's choices the greedy habit is what was played
        h = new_game("palace", 2, seed=seed)
        mine = 0
        for m in g.history:
            if h.phase == "play" and h.turn == 0 and m.player == 0:
                moves = [x for x in h.legal_moves() if x.player == 0]
                assert m == greedy_move(h, moves)
                mine += 1
            h.play(m)
        assert mine > 0


def test_with_random_opponents_their_playout_moves_are_not_all_greedy():
    differ = 0
    for seed in range(4):
        g = new_game("palace", 2, seed=seed)
        greedy_playout(g, random.Random(seed), 0.0, seat=0, others=1.0)
        h = new_game("palace", 2, seed=seed)
        for m in g.history:
            if h.phase == "play" and h.turn == 1 and m.player == 1:
                moves = [x for x in h.legal_moves() if x.player == 1]
                differ += m != greedy_move(h, moves)
            h.play(m)
    assert differ > 0


def test_the_greedy_model_plays_the_same_playouts_as_before():
    """``playout="greedy"`` leaves the other seats as noisy as the searcher: the same stream of
    random numbers, the same moves as a playout that names no opponent model."""
    for seed in range(3):
        a, b = new_game("bitenight", 4, seed=seed), new_game("bitenight", 4, seed=seed)
        greedy_playout(a, random.Random(seed), 0.3)
        greedy_playout(b, random.Random(seed), 0.3, seat=1, others=opponent_randomness("greedy"))
        assert a.history == b.history


def _bot_game(variant, players, seed, **options):
    g = new_game(variant, players, seed=seed)
    bots = [ISMCTSBot(iterations=24, **options)] + [GreedyBot()] * (players - 1)
    play_round(g, bots, random.Random(seed))
    return g


@pytest.mark.parametrize("variant,players", [("palace", 2), ("bitenight", 3), ("schafkopf", 4)])
def test_the_mixed_playout_policy_is_reproducible_for_a_seed(variant, players):
    a = _bot_game(variant, players, 5, playout="mix", mix=0.3)
    b = _bot_game(variant, players, 5, playout="mix", mix=0.3)
    assert a.history == b.history
    assert a.phase == "over"


def test_the_search_result_is_reproducible_with_the_mixed_model():
    g = new_game("palace", 2, seed=3)
    while g.phase == "setup":
        g.play(GreedyBot().choose(g.view(min(m.player for m in g.legal_moves())), g.legal_moves(), random.Random()))
    v = g.view(g.turn)
    one = search(v, iterations=60, rng=random.Random(9), playout="mix", mix=0.4)
    two = search(v, iterations=60, rng=random.Random(9), playout="mix", mix=0.4)
    assert [(r["key"], r["visits"], r["win"]) for r in one.rows] == [
        (r["key"], r["visits"], r["win"]) for r in two.rows
    ]
    assert one.iterations == 60


@pytest.mark.parametrize("mix", [-0.1, 1.5, math.nan, "0.5", None, True])
def test_the_mixed_model_refuses_a_probability_outside_0_to_1(mix):
    with pytest.raises(ValueError, match="mix is the probability of a random move, a number from 0 to 1"):
        ISMCTSBot(iterations=10, playout="mix", mix=mix)
    with pytest.raises(ValueError, match="mix is the probability"):
        sk.bots.get("ismcts", playout="mix", mix=mix)


def test_an_unknown_playout_model_is_refused_naming_the_choices():
    with pytest.raises(ValueError, match="playout must be one of 'greedy', 'random', 'mix', not 'smart'"):
        ISMCTSBot(iterations=10, playout="smart")
    with pytest.raises(ValueError, match="playout must be one of"):
        search(new_game("palace", 2, seed=0).view(0), iterations=5, playout="smart")


def test_the_tournament_command_refuses_a_bad_mix_in_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["tournament", "--variant", "palace", "--bots", "ismcts,greedy", "--playout", "mix", "--mix", "2"])
    assert exc.value.code == 2
    assert "--mix is a probability, from 0 to 1, not 2.0" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        cli.main(["tournament", "--variant", "palace", "--bots", "ismcts,greedy", "--mix", "0.3"])
    assert exc.value.code == 2
    assert "--mix needs --playout mix" in capsys.readouterr().err


def test_the_tournament_command_passes_the_playout_model_to_the_search(tmp_path):
    log = tmp_path / "mix.jsonl"
    argv = ["tournament", "--variant", "palace", "--bots", "ismcts,greedy", "--games", "2", "--iterations", "8"]
    argv += ["--playout", "mix", "--mix", "0.25", "--jobs", "1", "--json", "--log", str(log)]
    assert cli.main(argv) == 0
    header = log.read_text().splitlines()[0]
    assert '"ismcts": {"iterations": 8, "playout": "mix", "mix": 0.25}' in header


@pytest.mark.parametrize("variant,players", [("palace", 2), ("bitenight", 4), ("schwechat", 3)])
def test_a_playout_cut_short_is_scored_as_the_stalemate_rule_scores_it(variant, players):
    """The search counts a playout that ran out of moves as a stalemate at that position: the
    same loser as the rule picks (most cards, ties against the first in turn order)."""
    from scheissekopf.shedding.search import _outcome

    checked = ties = 0
    for seed in range(12):
        g = new_game(variant, players, seed=seed)
        rng = random.Random(seed)
        while g.phase != "over":
            if g.phase == "play":
                held = [g.players[s].cards_held for s in g.turn_order()]
                ties += held.count(max(held)) > 1
                ruled = g.clone()
                ruled._end_stalemate()
                assert _outcome(g, players)[0] == ruled.loser
                checked += 1
            g.play(rng.choice(g.legal_moves()))
    assert checked > 100 and ties > 10
