"""Every variant as a PettingZoo AEC environment (``pip install scheissekopf[ai]``).

>>> from scheissekopf.ai.pettingzoo_env import env
>>> e = env("palace", players=2)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']

The agents are the seats, ``"seat_0"`` ... ``"seat_{n-1}"``. The acting agent
(``agent_selection``) is the seat :class:`~scheissekopf.ai.encoding.Round` names: in setup the
lowest seat not yet ready; in play, first every other seat that may jump in (in turn order from
the player to move; each may take the ``wait`` action to let the chance pass), then the player
to move. So a jump-in out of turn is an ordinary step of the seat that jumps in.

Observations are ``{"observation": float32 array, "action_mask": int8 array}``: the observing
seat's view only (the layout: ``docs/AI.md``, or ``ObservationLayout.table()``), and the mask
of its legal actions when it is the acting agent (zeros otherwise). Rewards come once, when the
game ends: shedding games +1 for every seat but the Scheißkopf, who gets -1 (``reward="points"``
in bitenight: the points); trick games the settlement in game units (a fraction of a unit at five
players as a float). An action outside the mask raises :class:`scheissekopf.IllegalMove` naming
the legal actions; nothing changes.

Out of order, as PettingZoo's own environments answer, but always saying why: ``step``,
``last``, ``observe`` or ``render`` before ``reset`` raise :class:`OrderError` (an
``AssertionError``, as PettingZoo's order-enforcing wrapper raises); once the round is over, an
agent's only step is ``step(None)`` (any other action: ``ValueError``), which takes it out of
``agents``; a ``step`` after every agent has left warns and changes nothing, and ``last()`` then
raises :class:`OrderError`. ``reset(seed=...)`` takes a Python or NumPy integer.
"""

from __future__ import annotations

import operator
import random
import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..variants import new_game
from ..variants import variant as _variant_of
from .encoding import ObservationLayout, Round, points_variants, settlements

__all__ = ["OrderError", "ScheissekopfEnv", "env", "raw_env"]


class OrderError(AssertionError):
    """A call the environment cannot answer at this point of its life: before ``reset()``, or
    ``last()`` once every agent has left the finished round. (PettingZoo's order-enforcing
    wrapper raises ``AssertionError`` for the first; this is one, with the reason said.)"""


class ScheissekopfEnv(AECEnv):
    """One round (one hand in the trick games) of ``variant`` at a table of ``players``.

    ``reward``: ``"win"`` (default) or, in bitenight, ``"points"``. ``max_steps``: truncate the
    round after that many steps (None: play to the end; every variant ends by its own rules).
    ``options`` go to :func:`scheissekopf.new_game` (e.g. ``knocking=True``).
    """

    metadata = {"render_modes": ["ansi"], "name": "scheissekopf_v0", "is_parallelizable": False}

    def __init__(
        self,
        variant: str = "bitenight",
        players: int | None = None,
        *,
        reward: str = "win",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if reward not in ("win", "points"):
            raise ValueError(f"reward is 'win' or 'points', not {reward!r}")
        if reward == "points" and not _variant_of(variant).points_reward:
            raise ValueError(
                f"reward='points' needs a variant that scores points: {', '.join(points_variants())}; "
                "the other variants reward with 'win'"
            )
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.layout = ObservationLayout(variant, players)
        self.actions = self.layout.actions
        self.variant = variant
        self.n = self.actions.players
        self.reward_mode = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.options = options
        self.possible_agents = [f"seat_{i}" for i in range(self.n)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        self.metadata = dict(self.metadata, name=f"scheissekopf_{variant}_{self.n}_v0")
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-1.0, high=np.inf, shape=(self.layout.size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.actions.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self.round: Round | None = None
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _dealt(self, call: str) -> Round:
        """The round being played; OrderError before the first ``reset()``."""
        if self.round is None:
            raise OrderError(f"{call} before reset(): there is no round yet; reset() deals one")
        return self.round

    def _agent(self, agent: str) -> int:
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ValueError(
                f"there is no agent {agent!r} at this table: the agents are {', '.join(self.possible_agents)}"
            )
        return seat

    @property
    def game(self) -> Any:
        """The engine's game being played (for inspection; the agents see only observations)."""
        return self._dealt("game").game

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            try:  # a NumPy integer is the usual seed in RL code; bool is no seed
                if isinstance(seed, (bool, np.bool_)):
                    raise TypeError
                seed = operator.index(seed)
            except TypeError:
                raise TypeError(
                    f"reset(seed=...) takes a whole number (a Python or NumPy integer) or None, not {seed!r}"
                ) from None
            self._rng = random.Random(seed)
        deal = self._rng.getrandbits(32)  # same reset seed, same sequence of deals
        game = new_game(self.variant, players=self.n, seed=deal, **self.options)
        self.round = Round(game, self.actions)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        rnd = self.round
        if rnd is not None and not rnd.over:
            seat, jump, _, _ = rnd._decide()
            self.agent_selection = agent = self.possible_agents[seat]
            self.infos[agent]["jump_in"] = jump

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        rnd = self.round
        if rnd is None:
            raise OrderError("observe() before reset(): there is no round yet; reset() deals one")
        seat = self._seats.get(agent) if type(agent) is str else None
        if seat is None:
            seat = self._agent(agent)  # (raises ValueError naming the agents)
        if agent == self.agent_selection and not rnd.over:
            jump = rnd._decide()[1]
            return {"observation": self.layout.encode(rnd.game, seat, jump), "action_mask": rnd.mask()}
        obs = self.layout.encode(rnd.game, seat, False)
        return {"observation": obs, "action_mask": np.zeros(self.actions.size, dtype=np.int8)}

    def action_mask(self) -> np.ndarray:
        """The acting agent's legal actions as 0/1."""
        return self._dealt("action_mask()").mask()

    def last(self, observe: bool = True) -> tuple:
        if self.round is None or not self.agents:
            self._dealt("last()")
            raise OrderError(
                "last() after the round: it is over and every agent has left it (each took its step(None)); "
                "reset() deals a new round"
            )
        agent = self.agent_selection  # (PettingZoo's last(), written out: it runs every step)
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._dealt("agent_iter()")
        return super().agent_iter(max_iter)

    def step(self, action: Any) -> None:
        rnd = self.round
        if rnd is None:
            rnd = self._dealt("step()")  # (raises OrderError)
        if not self.agents:  # PettingZoo's way: a warning, and nothing changes
            warnings.warn(
                "step() after the round: it is over and every agent has left it; reset() deals a new round",
                stacklevel=2,
            )
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                how = "ended" if self.terminations[agent] else "was cut short (max_steps)"
                raise ValueError(
                    f"action {action!r} for {agent}, but the round {how}: an agent's only step now is "
                    "step(None), which takes it out of agents; reset() deals a new round"
                )
            self._was_dead_step(action)
            return
        rnd.step(action)  # raises IllegalMove naming the legal actions, changing nothing
        self.steps += 1
        if rnd.over:
            self._clear_rewards()
            self._cumulative_rewards[agent] = 0.0
            for a, value in zip(self.agents, settlements(rnd.game, self.reward_mode)):
                self.rewards[a] = value
                self.terminations[a] = True
            self._accumulate_rewards()
            return
        # no reward before the end: the rewards are all 0 and stay so (nothing to clear or add)
        self._cumulative_rewards[agent] = 0.0
        if self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            self._select()

    def render(self) -> str | None:
        """``render_mode="ansi"``: the acting seat's view as a position text."""
        if self.render_mode is None:
            return None
        self._dealt("render()")
        assert self.round is not None
        game = self.round.game
        if self.round.over:
            return game.to_text()
        return game.view(self.round.actor).to_text()

    def close(self) -> None:
        pass


def raw_env(variant: str = "bitenight", players: int | None = None, **kwargs: Any) -> ScheissekopfEnv:
    """The environment without wrappers."""
    return ScheissekopfEnv(variant, players, **kwargs)


def env(variant: str = "bitenight", players: int | None = None, **kwargs: Any) -> ScheissekopfEnv:
    """The environment (no wrappers are needed: an illegal action is refused by the environment itself)."""
    return raw_env(variant, players, **kwargs)
