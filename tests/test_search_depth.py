"""How deep the search's tree grows (``depth``), how noisy its playouts are (``epsilon``) and
how readily its tree tries a move that has scored less (``c``):
both families keep the tree without bound and a random playout move one time in twenty by
default, the search as it was before the settings (it plays its logged games again); a tree of
the root's moves only, or of any depth, can be asked for, and a bad setting is refused with a
message naming what is accepted."""

import json
import random
from pathlib import Path

import pytest

import scheissekopf as sk
from scheissekopf import cli, tournament
from scheissekopf.hint import hint
from scheissekopf.ismcts import ISMCTSBot
from scheissekopf.shedding import search as shedding_search
from scheissekopf.trick import search as trick_search

RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"


def _depth(node):
    """The number of decisions in the deepest line of a search tree (a dict of edges)."""
    deepest = 0
    for e in node.values():
        deepest = max(deepest, 1 + (_depth(e.node) if e.node else 0))
    return deepest


def _palace_position():
    g = sk.new_game("palace", 2, seed=4)
    rng = random.Random(4)
    while g.phase == "setup" or len({shedding_search.move_key(m) for m in g.legal_moves()}) < 3:
        g.play(rng.choice(g.legal_moves()))
    return g


def test_the_shedding_search_keeps_the_tree_without_bound_by_default():
    g = _palace_position()
    s = shedding_search.Searcher(g.view(g.turn))
    assert (s.depth, s.epsilon) == (shedding_search.DEPTH, shedding_search.EPSILON) == (0, 0.05)
    s.run(random.Random(1), iterations=400)
    assert _depth(s.root) > 3


def test_depth_1_holds_only_the_roots_moves():
    g = _palace_position()
    s = shedding_search.Searcher(g.view(g.turn), depth=1, epsilon=0.2)
    s.run(random.Random(1), iterations=120)
    assert s.iterations >= 100 and len(s.root) >= 3
    assert _depth(s.root) == 1


@pytest.mark.parametrize("depth", [2, 3])
def test_the_shedding_search_tree_grows_no_deeper_than_its_depth(depth):
    g = _palace_position()
    s = shedding_search.Searcher(g.view(g.turn), depth=depth)
    s.run(random.Random(1), iterations=400)
    assert _depth(s.root) == depth


def test_depth_0_lets_the_shedding_tree_grow_without_bound():
    g = _palace_position()
    s = shedding_search.Searcher(g.view(g.turn), depth=0)
    s.run(random.Random(1), iterations=400)
    assert _depth(s.root) > 3


def test_the_trick_search_keeps_its_tree_without_bound_by_default_and_takes_a_depth():
    g = sk.new_game("schafkopf", seed=2)
    rng = random.Random(2)
    while len(g.legal_moves()) < 3 or g.phase != "play":
        g.play(rng.choice(g.legal_moves()))
    deep = trick_search.TrickSearcher(g.view(g.turn))
    assert (deep.depth, deep.epsilon) == (trick_search.DEPTH, trick_search.EPSILON) == (0, 0.05)
    deep.run(random.Random(1), iterations=300)
    assert _depth(deep.root) > 2
    flat = trick_search.TrickSearcher(g.view(g.turn), depth=1)
    flat.run(random.Random(1), iterations=300)
    assert _depth(flat.root) == 1


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"depth": 0, "epsilon": 0.05}])
def test_the_search_before_the_settings_plays_its_logged_games_again(options):
    # 200 playouts, the tree without bound and a random playout move one time in twenty: the
    # search that played benchmarks/results/reads_takes_vs_greedy_palace2.jsonl, the default
    logged = {}
    for line in (RESULTS / "reads_takes_vs_greedy_palace2.jsonl").read_text().splitlines():
        r = json.loads(line)
        logged[r["k"]] = r
    options = {"ismcts": {"iterations": 200, **options}}
    for k in (3, 8):
        r = tournament.play_game(("palace", ["ismcts", "greedy"], k, 1, options))
        assert (r["moves"], r["lost"], r["stalemate"]) == (
            logged[k]["moves"],
            logged[k]["lost"],
            logged[k]["stalemate"],
        )


@pytest.mark.slow
def test_depth_1_plays_its_logged_games_again():
    header, games = tournament.read_log(RESULTS / "ismcts200_depth1_eps20_vs_greedy_palace2.jsonl")
    assert header["options"] == {"ismcts": {"iterations": 200, "depth": 1, "epsilon": 0.2}}
    for k in (0, 3):
        r = tournament.play_game(("palace", ["ismcts", "greedy"], k, 1, header["options"]))
        logged = next(g for g in games if g["k"] == k)
        assert (r["moves"], r["lost"], r["stalemate"]) == (logged["moves"], logged["lost"], logged["stalemate"])


def test_the_bot_passes_its_settings_to_the_search():
    g = _palace_position()
    seat = g.turn
    legal = [m for m in g.legal_moves() if m.player == seat]
    for depth, epsilon, c in ((None, None, None), (2, 0.0, 0.4), (0, 0.5, 2.0)):
        bot = ISMCTSBot(iterations=60, depth=depth, epsilon=epsilon, c=c)
        move = bot.choose(g.view(seat), legal, random.Random(3))
        s = shedding_search.Searcher(g.view(seat), legal, depth=depth, epsilon=epsilon, c=c)
        assert move is s.real[s.run(random.Random(3), iterations=60).best()]


def test_an_exploration_constant_left_out_is_the_familys(monkeypatch):
    g = _palace_position()
    assert shedding_search.Searcher(g.view(g.turn)).c == shedding_search.C
    monkeypatch.setattr(shedding_search, "C", 1.9)
    assert shedding_search.Searcher(g.view(g.turn)).c == 1.9
    assert hint(g, g.turn, iterations=20, seed=1).search["c"] == 1.9
    t = sk.new_game("schafkopf", seed=2)
    rng = random.Random(2)
    while t.phase != "play":
        t.play(rng.choice(t.legal_moves()))
    assert trick_search.TrickSearcher(t.view(t.turn)).c == trick_search.C == 0.7
    monkeypatch.setattr(trick_search, "C", 1.3)
    assert trick_search.TrickSearcher(t.view(t.turn)).c == 1.3


def test_a_hint_says_which_search_made_it():
    g = _palace_position()
    assert hint(g, g.turn, iterations=40, seed=1).search == {"depth": 0, "epsilon": 0.05, "c": shedding_search.C}
    settings = {"depth": 1, "epsilon": 0.2, "c": 0.4}
    assert hint(g, g.turn, iterations=40, seed=1, **settings).search == settings


@pytest.mark.parametrize("depth", [-1, 1.5, True, "1"])
def test_a_depth_that_is_not_a_whole_number_from_0_is_refused(depth):
    with pytest.raises(ValueError, match=r"depth is a number of decisions, a whole number \(0: no bound\)"):
        ISMCTSBot(depth=depth)


@pytest.mark.parametrize("epsilon", [-0.1, 1.5, True, "0.1"])
def test_an_epsilon_that_is_not_a_probability_is_refused(epsilon):
    with pytest.raises(ValueError, match="epsilon is the probability of a random move, a number from 0 to 1"):
        ISMCTSBot(epsilon=epsilon)


@pytest.mark.parametrize("c", [-0.1, float("nan"), True, "0.4"])
def test_an_exploration_constant_that_is_not_a_number_from_0_is_refused(c):
    with pytest.raises(ValueError, match="c is the tree's exploration constant, a number from 0 up"):
        ISMCTSBot(c=c)


def test_the_tournament_command_refuses_a_bad_depth_or_epsilon_in_one_line(capsys):
    for argv, said in (
        (["--depth", "-2"], "--depth is a number of decisions, 0 or more (0: no bound), not -2"),
        (["--epsilon", "1.5"], "--epsilon is a probability, from 0 to 1, not 1.5"),
    ):
        with pytest.raises(SystemExit) as exc:
            cli.main(["tournament", "--variant", "palace", "--bots", "ismcts,greedy", *argv])
        assert exc.value.code == 2
        assert said in capsys.readouterr().err


def test_the_tournament_command_passes_depth_and_epsilon_to_the_search(tmp_path):
    log = tmp_path / "deep.jsonl"
    argv = ["tournament", "--variant", "palace", "--bots", "ismcts,greedy", "--games", "2", "--iterations", "8"]
    argv += ["--depth", "0", "--epsilon", "0.05", "--jobs", "1", "--json", "--log", str(log)]
    assert cli.main(argv) == 0
    header, games = tournament.read_log(log)
    assert header["options"] == {"ismcts": {"iterations": 8, "depth": 0, "epsilon": 0.05}}
    again = tournament.play_game(("palace", ["ismcts", "greedy"], 1, 1, header["options"]))
    assert again["played"] == next(g for g in games if g["k"] == 1)["played"]


@pytest.mark.parametrize("value", ["-0.5", "nan"])
def test_the_tournament_command_refuses_a_bad_exploration_constant_in_one_line(capsys, value):
    with pytest.raises(SystemExit) as exc:
        cli.main(["tournament", "--variant", "palace", "--bots", "ismcts,greedy", "--c", value])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"--c is the search tree's exploration constant, a number from 0 up, not {float(value)}" in err
    assert "Traceback" not in err


def test_the_tournament_command_passes_the_exploration_constant_to_the_search(tmp_path):
    log = tmp_path / "c.jsonl"
    argv = ["tournament", "--variant", "palace", "--bots", "ismcts,greedy", "--games", "2", "--iterations", "30"]
    argv += ["--c", "0.4", "--jobs", "1", "--json", "--log", str(log)]
    assert cli.main(argv) == 0
    header, games = tournament.read_log(log)
    assert header["options"] == {"ismcts": {"iterations": 30, "c": 0.4}}
    again = tournament.play_game(("palace", ["ismcts", "greedy"], 1, 1, header["options"]))
    assert again["played"] == next(g for g in games if g["k"] == 1)["played"]
    other = tournament.play_game(("palace", ["ismcts", "greedy"], 1, 1, {"ismcts": {"iterations": 30, "c": 5.0}}))
    assert other["played"] != again["played"]  # the constant reached the search


@pytest.mark.parametrize(
    "setting, said",
    [
        ({"c": -1}, "c is the tree's exploration constant, a number from 0 up, not -1"),
        ({"epsilon": 2}, "epsilon is the probability of a random move, a number from 0 to 1, not 2"),
        ({"depth": -1}, r"depth is a number of decisions, a whole number \(0: no bound\), not -1"),
    ],
)
@pytest.mark.parametrize("variant", ["palace", "schafkopf"])
def test_a_hint_refuses_a_bad_search_setting_and_changes_nothing(setting, said, variant):
    g = sk.new_game(variant, seed=2)
    rng = random.Random(2)
    while len(g.legal_moves()) < 3 or g.phase != "play":
        g.play(rng.choice(g.legal_moves()))
    before = (g.to_text(), len(g.history))
    with pytest.raises(ValueError, match=said):
        hint(g, g.turn, iterations=20, seed=1, **setting)
    assert (g.to_text(), len(g.history)) == before
