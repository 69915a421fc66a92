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
