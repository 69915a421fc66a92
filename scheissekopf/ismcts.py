"""The searching bot, ISMCTS: information-set Monte Carlo tree search over deals consistent with
what its seat has seen. Each family searches in its own way (:mod:`scheissekopf.shedding.search`,
:mod:`scheissekopf.trick.search`); this bot asks the game's variant object for it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from .mcts import PLAYOUTS, Edge, RootHalving, SearchResult, check_settings, opponent_randomness, tree_step
from .moves import Move
from .shedding.search import Searcher, move_key, search  # compat re-export, see __all__
from .variants import variant

__all__ = [
    "PLAYOUTS",
    "Edge",
    "ISMCTSBot",
    "RootHalving",
    "SearchResult",
    "Searcher",
    "move_key",
    "search",
    "tree_step",
]


class ISMCTSBot:
    """The searching bot. ``budget``: seconds per decision (CPU time of this process by default,
    ``clock="wall"`` for wall time); ``iterations``: a fixed number of determinized playouts
    per decision instead (reproducible: same seed, same moves). Setup uses the greedy habits;
    a decision with one choice is made without searching. In sheepshead, schafkopf and
    mehrkopf the same bot searches with :mod:`scheissekopf.trick.search` (mean settlement).

    ``playout``: how the playouts model the other seats. ``"greedy"`` (the default): every
    seat, the searcher's included, follows the greedy habits with a random move at rate
    ``epsilon``; ``"random"``: the other seats play uniformly random moves; ``"mix"``: each of
    their moves is a random one with probability ``mix``, else the greedy habit.

    ``depth``: how many decisions the search's tree holds, the seat's own included (1: its own
    moves only, each followed by a playout at once; 0: no bound, the tree grows wherever its
    playouts lead).
    ``c``: the tree's exploration constant (UCB), how readily the search tries again a move that
    has scored less.
    ``depth``, ``epsilon`` and ``c`` default (None) to the family's own
    (:data:`scheissekopf.shedding.search.DEPTH`, ``EPSILON``, ``C``;
    :data:`scheissekopf.trick.search.DEPTH`, ``EPSILON``, ``C``): in both families today a tree
    without bound, a random playout move one time in twenty and c 0.7. A bad name, probability,
    depth or constant is refused with a ValueError."""

    name = "ismcts"

    def __init__(
        self,
        budget: float | None = 0.2,
        iterations: int | None = None,
        *,
        c: float | None = None,
        epsilon: float | None = None,
        halving: bool = True,
        clock: str = "cpu",
        playout: str = "greedy",
        mix: float = 0.5,
        depth: int | None = None,
    ) -> None:
        self.others = opponent_randomness(playout, mix)  # refuses a bad name or probability
        check_settings(depth, epsilon, c)
        self.depth = depth  # None: the family's default
        self.playout = playout
        self.mix = mix
        self.budget = None if iterations is not None else budget
        self.iterations = iterations
        self.c = c  # None: the family's default
        self.epsilon = epsilon
        self.halving = halving
        self.clock = time.process_time if clock == "cpu" else time.perf_counter
        self.last: SearchResult | None = None  # the last search's result (for inspection)

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move | None:
        return variant(view).search_move(self, view, legal_moves, rng)
