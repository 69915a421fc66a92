"""The variants as OpenSpiel games (scheissekopf.ai.openspiel_game, the ``ai`` extra).

OpenSpiel's own random-simulation test runs on the trick games; every variant plays through
OpenSpiel's API with its tensors the declared size; a resampled state is one the player cannot
tell apart; OpenSpiel's ISMCTS bot plays whole games.
"""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import scheissekopf as sk
from scheissekopf.ai import openspiel_game

TABLES = [("bitenight", 4), ("palace", 2), ("schwechat", 3), ("sheepshead", 5), ("schafkopf", 4), ("mehrkopf", 2)]


def load(variant, players):
    return pyspiel.load_game(f"{openspiel_game.short_name(variant)}(players={players})")


def test_the_six_variants_are_registered_as_imperfect_information_sequential_games():
    for variant in sk.ALL_VARIANTS:
        game = pyspiel.load_game(openspiel_game.short_name(variant))
        t = game.get_type()
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert t.provides_information_state_tensor and t.provides_observation_tensor
        assert game.num_players() == sk.new_game(variant, seed=0).n


@pytest.mark.slow
@pytest.mark.parametrize("variant, players", [("schafkopf", 4), ("sheepshead", 5), ("mehrkopf", 3)])
def test_openspiels_random_simulation_test_passes_on_the_trick_games(variant, players):
    pyspiel.random_sim_test(load(variant, players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("variant, players", TABLES)
def test_a_random_game_plays_through_openspiels_api_with_tensors_of_the_declared_size(variant, players):
    game = load(variant, players)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        if steps % 25 == 0:
            assert len(state.observation_tensor(player)) == game.observation_tensor_size()
            assert len(state.information_state_tensor(player)) == game.information_state_tensor_size()
            assert state.information_state_string(player).startswith(f"seat {player}")
        state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1
    returns = state.returns()
    engine = state.round.game
    if variant in sk.TRICK_VARIANTS:
        assert returns == [float(engine.scores()[s]) for s in range(players)]
    else:
        assert returns == [-1.0 if s == engine.loser else 1.0 for s in range(players)]


@pytest.mark.parametrize("variant, players", TABLES)
def test_a_resampled_state_is_one_the_player_cannot_tell_apart(variant, players):
    game = load(variant, players)
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    state.apply_action(11)
    checked = 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    while not state.is_terminal() and checked < 6:
        player = state.current_player()
        if len(state.legal_actions()) > 1 and rng.rand() < 0.2:
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.legal_actions() == state.legal_actions()
            checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked


@pytest.mark.slow
@pytest.mark.parametrize("variant, players, playouts, deals", [("schafkopf", 4, 10, (1, 2)), ("palace", 2, 2, (1,))])
def test_openspiels_ismcts_bot_plays_whole_games(variant, players, playouts, deals):
    game = load(variant, players)
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, playouts, random_state=rs)
    for deal in deals:
        state = game.new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal():
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert state.round.game.phase == "over"


@pytest.mark.parametrize("variant, players", [("bitenight", 4), ("schafkopf", 4)])
def test_an_openspiel_step_works_out_who_acts_once(variant, players, monkeypatch):
    # OpenSpiel asks a state for its current player several times a step (and whether it is
    # terminal): the state keeps the answer, worked out once after each action, so a random
    # step asks the round who acts once and its legal actions once
    from scheissekopf.ai.encoding import Round

    calls = []
    decide = Round._decide
    monkeypatch.setattr(Round, "_decide", lambda self: calls.append(1) or decide(self))
    game = load(variant, players)
    state = game.new_initial_state()
    state.apply_action(5)
    rng = np.random.RandomState(1)
    steps = 0
    while not state.is_terminal() and steps < 60:
        assert state.current_player() == state.round.actor and not state.is_chance_node()
        calls.clear()
        state.apply_action(int(rng.choice(state.legal_actions())))
        state.current_player(), state.is_terminal(), state.current_player()
        assert len(calls) <= 2, f"step {steps}: the round was asked who acts {len(calls)} times"
        steps += 1
    assert steps > 20


def test_the_cards_played_in_sight_count_for_the_information_state_as_they_are_played():
    # the counts of the cards each seat played are kept as the moves come and counted into the
    # tensor only when it is read: read at every step or once at the end, the same tensor
    game = load("bitenight", 4)
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_action(9), b.apply_action(9)
    rng = np.random.RandomState(2)
    for _ in range(80):
        if a.is_terminal():
            break
        action = int(rng.choice(a.legal_actions()))
        a.apply_action(action), b.apply_action(action)
        a.information_state_tensor(0)
    assert a.played.sum() > 0
    for p in range(4):
        assert a.information_state_tensor(p) == b.clone().information_state_tensor(p)


@pytest.mark.parametrize("variant, players", [("palace", 2), ("sheepshead", 5)])
def test_legal_actions_asked_from_python_are_answered_without_the_bridge_and_equal_openspiels(
    variant, players, monkeypatch
):
    # a Python caller's state.legal_actions() is answered by the state itself (the C++ base
    # would call back into it three times); whatever is asked, the answer is the base's
    game = load(variant, players)
    state = game.new_initial_state()
    base = pyspiel.State.legal_actions
    calls = []
    kept = openspiel_game.ScheissekopfState.current_player
    monkeypatch.setattr(openspiel_game.ScheissekopfState, "current_player", lambda s: calls.append(1) or kept(s))

    def same(*player):
        answers = []
        for ask in (state.legal_actions, lambda *p: base(state, *p)):
            try:
                answers.append(ask(*player))
            except pyspiel.SpielError as exc:  # (a pseudo-player at a decision: the base refuses)
                answers.append(str(exc))
        assert answers[0] == answers[1], (player, answers)

    rng = np.random.RandomState(4)
    while True:
        for player in [(), (-1,), (-4,), *((p,) for p in range(players))]:
            same(*player)
        if state.is_terminal():
            break
        deciding = not state.is_chance_node()
        calls.clear()
        legal = state.legal_actions()
        assert not (deciding and calls), "legal_actions() went through OpenSpiel's bridge to ask who acts"
        state.apply_action(int(rng.choice(legal)))
