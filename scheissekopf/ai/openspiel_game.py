"""Every variant as an OpenSpiel Python game (``pip install scheissekopf[ai]``).

Importing this module registers six games with ``pyspiel.register_game``:
``python_scheissekopf_bitenight``, ``..._palace``, ``..._schwechat``, ``..._sheepshead``,
``..._schafkopf`` and ``..._mehrkopf``, each with the parameter ``players`` (the table size)::

    import pyspiel
    import scheissekopf.ai.openspiel_game  # registers the games
    game = pyspiel.load_game("python_scheissekopf_palace(players=2)")

They are sequential games of imperfect information with an explicit chance move: the first
move is the deal, one of ``deals`` seeds (a parameter, 1,000 by default), each equally likely;
after it nothing is left to chance (the draw pile lies shuffled). Players act in the order
:class:`~scheissekopf.ai.encoding.Round` gives (jump-in chances first, each may ``wait``), the
actions are :class:`~scheissekopf.ai.encoding.ActionSpace`'s and the observation tensor is
:class:`~scheissekopf.ai.encoding.ObservationLayout`'s (``docs/AI.md``). The information state
adds to it, for each seat counted from the observer, the cards that seat has played so far; its
string is the observer's seat, the observation and every action the observer saw (a buried card
or the card in the hole is written only for the seat that laid it).

``State.resample_from_infostate`` deals a world consistent with the player's view (the
engine's determinization), so OpenSpiel's ISMCTS bot
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) searches these games as they are. That bot
has no ``restart_at``, which ``evaluate_bots`` calls first: :func:`restartable` gives it one.

An action that is not legal (a chance outcome outside ``0 .. deals - 1``, an action outside
``legal_actions()``, any action after the end) raises :class:`scheissekopf.IllegalMove` saying
why, and changes nothing.

Returns: shedding games +1 for every seat but the Scheißkopf (-1), or with ``reward=points``
bitenight's points; trick games the settlement in game units.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ..errors import IllegalMove
from ..variants import ALL_VARIANTS, determinize, new_game
from ..variants import variant as _variant_of
from .encoding import ActionSpace, ObservationLayout, Round, points_variants, settlements, tables

#: the number of deals the chance move chooses from unless the parameter ``deals`` says otherwise
DEALS = 1000
_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
#: OpenSpiel's bound on a game's length (no round comes near it: the stalemate rule ends them)
MAX_GAME_LENGTH = 100_000


def short_name(variant: str) -> str:
    return f"python_scheissekopf_{variant}"


def _sizes(variant: str) -> list[int]:
    return [n for v, n in tables() if v == variant]


def _game_type(variant: str) -> pyspiel.GameType:
    sizes = _sizes(variant)
    default = new_game(variant, seed=0).n
    zero_sum = _variant_of(variant).zero_sum
    params: dict[str, Any] = {"players": default, "deals": DEALS}
    if _variant_of(variant).points_reward:  # the reward may be "points" instead
        params["reward"] = "win"
    return pyspiel.GameType(
        short_name=short_name(variant),
        long_name=f"scheissekopf {variant}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(sizes),
        min_num_players=min(sizes),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class ScheissekopfGame(pyspiel.Game):
    """One variant at one table size, as OpenSpiel sees it."""

    def __init__(self, params: dict | None = None, variant: str = "bitenight") -> None:
        params = dict(params or {})
        n = int(params.get("players", new_game(variant, seed=0).n))
        deals = int(params.get("deals", DEALS))
        if deals < 1:
            raise ValueError(f"deals is how many deals the chance move chooses from, 1 or more, not {deals}")
        reward = str(params.get("reward", "win"))
        if reward not in ("win", "points") or (reward == "points" and not _variant_of(variant).points_reward):
            raise ValueError(f"reward is 'win' (or 'points' in {', '.join(points_variants())}), not {reward!r}")
        layout = ObservationLayout(variant, n)
        zero_sum = _variant_of(variant).zero_sum
        bound = 1.0 if reward == "win" and not zero_sum else 1000.0
        info = pyspiel.GameInfo(
            num_distinct_actions=layout.actions.size,
            max_chance_outcomes=deals,
            num_players=n,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(variant), info, params)
        # attributes after the base class's __init__ (pybind11 sets the instance up there)
        self.variant = variant
        self.deals = deals
        self.reward = reward
        self.layout = layout
        self.actions = layout.actions
        self.n = n

    def new_initial_state(self) -> ScheissekopfState:
        return ScheissekopfState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, perfect_recall)


class _Spec:
    __slots__ = ("variant", "n", "deals", "reward", "actions")

    def __init__(self, variant: str, n: int, deals: int, reward: str, actions: ActionSpace) -> None:
        self.variant, self.n, self.deals, self.reward, self.actions = variant, n, deals, reward, actions


class ScheissekopfState(pyspiel.State):
    """A round of the game: the deal (a chance move), then the seats' actions."""

    def __init__(self, game: ScheissekopfGame) -> None:
        super().__init__(game)
        # what the state needs of its game, copied (OpenSpiel may hand the state a game object
        # that keeps only the C++ part)
        self._g = _Spec(game.variant, game.n, game.deals, game.reward, game.actions)
        self.round: Round | None = None
        self.public: list[tuple[int, int, str]] = []  # (seat, action, what the others saw)
        # the cards each seat played in sight of all, as (seat, cards) per move, counted into
        # the array ``played`` only when it is read (see played)
        self._shown: list[tuple[int, tuple]] = []
        self._played = np.zeros((game.n, len(game.actions.faces)), dtype=np.float32)
        self._counted = 0  # how many of _shown _played holds
        # the player to act and its legal actions (kept: OpenSpiel asks several times a step)
        self._player: int = _CHANCE
        self._legal: list[int] = []

    def _settle(self) -> None:
        """Work out who acts after a change of the round (the game's legal moves once, for the
        actor and the legal actions alike)."""
        r = self.round
        if r is None:
            self._player, self._legal = _CHANCE, []
        elif r.game.phase == "over":  # (Round.over, without the property)
            self._player, self._legal = _TERMINAL, []
        else:
            seat, _, offered, _ = r._decide()
            self._player, self._legal = seat, sorted(offered)

    @property
    def played(self) -> np.ndarray:
        """Per seat, the cards it played in sight of all so far (counts over the faces)."""
        shown, played = self._shown, self._played
        if self._counted < len(shown):
            fi = self._g.actions.face_index
            for seat, cards in shown[self._counted :]:
                for c in cards:
                    if c in fi:
                        played[seat, fi[c]] += 1
            self._counted = len(shown)
        return played

    # -------------------------------------------------------------------------- the game
    def current_player(self) -> int:
        return self._player

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._player or player < 0:  # (the deal, the end, or not this player's turn)
            return []
        return self._legal

    def legal_actions(self, *player: int) -> list[int]:
        """OpenSpiel's ``legal_actions()``, answered here for a caller in Python when a player
        is to act: the same list as the C++ base's, which would ask this state three times
        through OpenSpiel's bridge (who acts, is it over, which actions), together about half
        a move's cost. Any other question (a player named, the deal, the end) goes to the base."""
        if player or self._player < 0:
            return pyspiel.State.legal_actions(self, *player)
        return self._legal[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._g.deals
        return [(i, p) for i in range(self._g.deals)]

    def _apply_action(self, action: int) -> None:
        if self.round is None:
            if not 0 <= action < self._g.deals:
                raise IllegalMove(
                    f"the deal is a chance outcome from 0 to {self._g.deals - 1} (deals={self._g.deals}), not {action}",
                    None,
                    None,
                )
            game = new_game(self._g.variant, players=self._g.n, seed=int(action))
            self.round = Round(game, self._g.actions)
            self._settle()
            return
        seat = self._player
        move = self.round.step(action)  # after the end, or not legal: IllegalMove, nothing changed
        actions = self._g.actions
        text = actions.names[action]
        if move is not None:
            hidden = actions.encoding.hidden_text(move)  # (cards only the mover sees)
            if hidden is not None:
                text = hidden
            elif move.cards:
                self._shown.append((seat, move.cards))
        self.public.append((seat, int(action), text))
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._g.actions.names[action]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._g.n
        assert self.round is not None
        return settlements(self.round.game, self._g.reward)

    def __str__(self) -> str:
        if self.round is None:
            return f"{self._g.variant}: to be dealt"
        return self.round.game.to_text()

    # -------------------------------------------------------------------------- information
    def history_text(self, player: int) -> str:
        """Every action ``player`` saw, in order, as text."""
        parts = []
        names = self._g.actions.names
        for seat, action, public in self.public:
            parts.append(f"{seat}:{names[action] if seat == player else public}")
        return " ".join(parts)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> ScheissekopfState:
        """A state the player cannot tell from this one: the same view, the hidden cards dealt
        at random (each family's determinization)."""
        if self.round is None:
            raise ValueError("the deal is a chance move: there is no information state to resample before it")
        seed = int(probability_sampler() * 2**31) if probability_sampler is not None else random.getrandbits(31)
        world = determinize(self.round.game.view(player_id), random.Random(seed))
        state = self._empty()
        state.round = Round(world, self._g.actions)
        state.round.declined = set(self.round.declined)
        self._copy_history(state)
        state._settle()
        return state

    def _copy_history(self, state: ScheissekopfState) -> None:
        state.public = list(self.public)
        state._shown = list(self._shown)
        state._played = self.played.copy()
        state._counted = len(self._shown)

    def _empty(self) -> ScheissekopfState:
        return ScheissekopfState(self.get_game())

    def clone(self) -> ScheissekopfState:
        state = self._empty()
        state.round = None if self.round is None else self.round.clone()
        self._copy_history(state)
        state._player, state._legal = self._player, self._legal
        return state

    def __deepcopy__(self, memo: Any) -> ScheissekopfState:
        return self.clone()


class Observer:
    """OpenSpiel's observer: ``tensor`` and ``dict`` (the named segments) for one player."""

    def __init__(self, game: ScheissekopfGame, perfect_recall: bool) -> None:
        self.game = game
        self.layout = game.layout
        self.perfect_recall = perfect_recall
        n, k = game.n, len(game.actions.faces)
        size = self.layout.size + (n * k if perfect_recall else 0)
        self.tensor = np.zeros(size, dtype=np.float32)
        self.dict: dict[str, np.ndarray] = {}
        for name, start, shape, _ in self.layout.segments:
            self.dict[name] = self.tensor[start : start + int(np.prod(shape))].reshape(shape)
        if perfect_recall:
            self.dict["played_by"] = self.tensor[self.layout.size :].reshape(n, k)
        self._obs = self.tensor[: self.layout.size]  # the observation's part, written in place

    def set_from(self, state: ScheissekopfState, player: int) -> None:
        if state.round is None:
            self.tensor.fill(0)
            return
        r = state.round
        jump = r.jump_in and r.actor == player
        self.layout.encode_into(self._obs, r.game, player, jump)
        if self.perfect_recall:
            n = self.game.n
            self.dict["played_by"][:] = state.played[[(player + i) % n for i in range(n)]]

    def string_from(self, state: ScheissekopfState, player: int) -> str:
        if state.round is None:
            return f"seat {player}: to be dealt"
        r = state.round
        obs = self.layout.encode(r.game, player, r.jump_in and r.actor == player)
        nz = np.flatnonzero(obs)
        text = f"seat {player}: " + " ".join(f"{i}={obs[i]:g}" for i in nz)
        if self.perfect_recall:
            text += " | " + state.history_text(player)
        return text


class Restartable(pyspiel.Bot):
    """An OpenSpiel Python bot made ready for ``evaluate_bots``, which first calls every bot's
    ``restart_at(state)``: ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` has none, so the
    C++ base answers "RestartAt(state) not implemented". Made by :func:`restartable`.

    ``restart_at`` calls the bot's own ``restart_at`` if it has one, else its ``reset()`` (the
    ISMCTS bot builds a fresh tree at every step anyway); ``inform_action`` is passed on where the
    bot has one. Everything else is the bot's: ``step``, ``step_with_policy``, ``get_policy``,
    and ``wrapper.bot`` is the bot itself."""

    def __init__(self, bot: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot

    @staticmethod
    def _own(bot: Any, name: str) -> Any:
        """The bot's method ``name`` if its class defines one in Python (not the C++ base's)."""
        for cls in type(bot).__mro__:
            if cls is pyspiel.Bot or cls is object:
                return None
            if name in vars(cls):
                return getattr(bot, name)
        return None

    def step(self, state: Any) -> int:
        return self.bot.step(state)

    def restart_at(self, state: Any) -> None:
        own = self._own(self.bot, "restart_at")
        if own is not None:
            own(state)
            return
        reset = getattr(self.bot, "reset", None)
        if callable(reset):
            reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        own = self._own(self.bot, "inform_action")
        if own is not None:
            own(state, player_id, action)

    def provides_policy(self) -> bool:
        return self._own(self.bot, "get_policy") is not None

    def get_policy(self, state: Any) -> Any:
        return self.bot.get_policy(state)

    def step_with_policy(self, state: Any) -> Any:
        return self.bot.step_with_policy(state)


def restartable(bot: Any) -> Restartable:
    """``bot`` (an OpenSpiel Python bot) with the ``restart_at`` that ``evaluate_bots`` needs::

    bot = restartable(ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=200, random_state=rs))
    evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, other], rs)
    """
    return bot if isinstance(bot, Restartable) else Restartable(bot)


def _register(variant: str) -> None:
    def __init__(self: ScheissekopfGame, params: dict | None = None) -> None:
        ScheissekopfGame.__init__(self, params, variant)

    cls = type(f"{variant.capitalize()}Game", (ScheissekopfGame,), {"__init__": __init__})
    pyspiel.register_game(_game_type(variant), cls)


for _variant in ALL_VARIANTS:
    if short_name(_variant) not in pyspiel.registered_names():
        _register(_variant)
