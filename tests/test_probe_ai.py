"""The AI adapters, probed out of order: before ``reset``, after the round, with NumPy seeds, at
table sizes they do not seat, with chance outcomes and actions that are not legal. Each answer
follows PettingZoo's or OpenSpiel's convention and says why; a refusal changes nothing. And
OpenSpiel's own Python search bots run in ``evaluate_bots``."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import scheissekopf as sk

pytest.importorskip("pettingzoo")

from scheissekopf.ai.encoding import MAX_TABLE, tables  # noqa: E402
from scheissekopf.ai.pettingzoo_env import env  # noqa: E402


def _play_to_the_end(e):
    while not all(e.terminations.values()):
        obs = e.last()[0]
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))


def _finished(variant="palace", players=2, seed=1):
    e = env(variant, players)
    e.reset(seed=seed)
    _play_to_the_end(e)
    return e


# ------------------------------------------------------------------ PettingZoo


@pytest.mark.parametrize(
    "call",
    [
        lambda e: e.step(0),
        lambda e: e.last(),
        lambda e: e.observe("seat_0"),
        lambda e: e.action_mask(),
        lambda e: e.render(),
        lambda e: next(iter(e.agent_iter())),
        lambda e: e.game,
    ],
)
def test_a_call_before_reset_says_to_reset_first(call):
    from scheissekopf.ai.pettingzoo_env import OrderError

    e = env("palace", 2, render_mode="ansi")
    with pytest.raises(AssertionError, match=r"before reset\(\): there is no round yet; reset\(\) deals one") as err:
        call(e)
    assert isinstance(err.value, OrderError)


@pytest.mark.parametrize("seed", [np.int64(5), np.int32(5), np.uint8(5)])
def test_a_numpy_integer_seeds_reset_as_the_same_python_integer(seed):
    a, b = env("bitenight", 3), env("bitenight", 3)
    a.reset(seed=seed)
    b.reset(seed=5)
    assert a.game.to_dict() == b.game.to_dict()


@pytest.mark.parametrize("seed", [1.5, "five", True, np.float64(5.0)])
def test_a_seed_that_is_no_whole_number_is_refused_saying_what_a_seed_is(seed):
    e = env("palace", 2)
    with pytest.raises(TypeError, match=r"reset\(seed=\.\.\.\) takes a whole number \(a Python or NumPy integer\)"):
        e.reset(seed=seed)


def test_once_the_round_is_over_an_agents_only_step_is_none():
    e = _finished()
    before = e.game.to_dict()
    agent = e.agent_selection
    with pytest.raises(ValueError, match=rf"action 0 for {agent}, but the round ended: .*step\(None\)"):
        e.step(0)
    assert e.game.to_dict() == before and agent in e.agents  # nothing changed
    e.step(None)
    assert agent not in e.agents


def test_after_every_agent_left_a_step_warns_and_changes_nothing_and_last_says_why():
    from scheissekopf.ai.pettingzoo_env import OrderError

    e = _finished()
    while e.agents:
        e.step(None)
    before = e.game.to_dict()
    for action in (0, None):
        with pytest.warns(UserWarning, match=r"step\(\) after the round: .*every agent has left it"):
            e.step(action)
    assert e.game.to_dict() == before and e.agents == []
    with pytest.raises(OrderError, match=r"last\(\) after the round: .*reset\(\) deals a new round"):
        e.last()
    assert e.observe("seat_0")["action_mask"].sum() == 0  # a seat may still look at the table
    e.reset(seed=2)  # and a new round starts as ever
    assert e.agents == ["seat_0", "seat_1"]


def test_an_agent_that_is_not_at_the_table_is_named():
    e = env("palace", 2)
    e.reset(seed=1)
    with pytest.raises(ValueError, match=r"there is no agent 'seat_5' at this table: the agents are seat_0, seat_1"):
        e.observe("seat_5")


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat"])
@pytest.mark.parametrize("players", [8, 9, 16])
def test_the_environments_seat_no_more_players_than_they_say(variant, players):
    assert sk.new_game(variant, players, seed=0).n == players  # the engine plays it...
    with pytest.raises(ValueError, match=rf"seat {variant} at 2 to {MAX_TABLE} players, not {players}"):
        env(variant, players)  # ...the environment does not


def test_the_declared_table_sizes_are_the_ones_the_environments_seat():
    assert max(n for _, n in tables()) == MAX_TABLE == 7


# ------------------------------------------------------------------ OpenSpiel


@pytest.fixture(scope="module")
def pyspiel():
    spiel = pytest.importorskip("pyspiel")
    import scheissekopf.ai.openspiel_game  # noqa: F401  (registers the games)

    return spiel


@pytest.mark.parametrize("players", [8, 9])
def test_openspiel_loads_no_table_larger_than_its_max_num_players(pyspiel, players):
    game_type = pyspiel.load_game("python_scheissekopf_palace(players=2)").get_type()
    assert game_type.max_num_players == MAX_TABLE
    with pytest.raises(ValueError, match=rf"not {players}"):
        pyspiel.load_game(f"python_scheissekopf_palace(players={players})")


@pytest.mark.parametrize("outcome", [10**6, 1000, -2])
def test_a_deal_outside_the_chance_outcomes_is_refused_and_changes_nothing(pyspiel, outcome):
    state = pyspiel.load_game("python_scheissekopf_palace(players=2)").new_initial_state()
    with pytest.raises(
        sk.IllegalMove, match=rf"the deal is a chance outcome from 0 to 999 \(deals=1000\), not {outcome}"
    ):
        state.apply_action(outcome)
    assert state.is_chance_node() and state.history() == []
    state.apply_action(999)  # the last outcome is one
    assert not state.is_chance_node()


def test_an_action_after_the_end_is_refused_saying_the_round_is_over(pyspiel):
    state = pyspiel.load_game("python_scheissekopf_schafkopf(players=4)").new_initial_state()
    state.apply_action(3)
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    returns, history = state.returns(), state.history()
    with pytest.raises(sk.IllegalMove, match="the round is over: no action is legal after its end"):
        state.apply_action(0)
    assert state.returns() == returns and state.history() == history
    assert state.legal_actions() == [] and state.legal_actions(0) == []


@pytest.mark.parametrize("params, says", [("deals=0", "deals is how many deals"), ("deals=-3", "not -3")])
def test_a_game_parameter_out_of_range_is_refused(pyspiel, params, says):
    with pytest.raises(ValueError, match=says):
        pyspiel.load_game(f"python_scheissekopf_palace({params})")


def test_openspiels_ismcts_and_mcts_bots_play_in_evaluate_bots(pyspiel):
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

    from scheissekopf.ai.openspiel_game import restartable

    game = pyspiel.load_game("python_scheissekopf_schafkopf(players=4)")
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=rs)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):  # as OpenSpiel ships it
        evaluate_bots.evaluate_bots(game.new_initial_state(), [searcher] * 4, rs)
    cheat = mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=rs)  # (it sees every card: a baseline)
    bots = [restartable(searcher), restartable(cheat), restartable(searcher), restartable(cheat)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert len(returns) == 4 and sum(returns) == 0  # a whole hand, settled
    assert restartable(bots[0]) is bots[0] and bots[0].bot is searcher
