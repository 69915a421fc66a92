"""Information-set Monte Carlo tree search for sheepshead, schafkopf and mehrkopf.

The same search as :mod:`scheissekopf.ismcts`, for hands of the trick-taking games. Each
iteration

1. deals the cards the searching seat has not seen into the hidden places, within what the play
   so far rules out (:class:`~.determinize.TrickInfoSet`);
2. walks down one shared tree in that deal: the seat to move picks among the moves available
   *in this deal* by UCB on its own mean settlement (scaled by the mean size of a settlement in
   this search), until it reaches a move tried for the first time;
3. plays the hand out with the greedy habits (:func:`.bots.greedy_playout`, a few random moves
   mixed in);
4. credits every move on the path with the settlement (:meth:`TrickGame.scores`, game units) of
   the seat that made it.

At the root the searching seat's moves are compared by sequential halving on shared deals, by
mean settlement (ties keep the greedy choice). A root row reports ``points`` (the mean
settlement after that move), ``win`` (the share of playouts in which the seat did not lose
money) and ``visits``.
"""

from __future__ import annotations

from ..mcts import Edge, RootHalving, SearchResult, check_settings, tree_step
from .bots import greedy_move, greedy_playout
from .determinize import TrickInfoSet

DEPTH = 0  # decisions in the tree: 0 is no bound (the tree grows as far as its playouts lead)
EPSILON = 0.05  # the share of random moves in the playouts
C = 0.7  # the tree's exploration constant (UCB, on the settlement scaled to the hand's stakes)


def move_key(m):
    """The tree edge of a move."""
    return (m.player, m.kind, tuple(int(c) for c in m.cards), m.target)


class _Edge(Edge):
    """An edge of the trick search: ``reward`` sums the settlements of the seat that made the
    move; ``nonneg`` counts the playouts in which it lost no money."""

    __slots__ = ("nonneg",)

    def __init__(self, player, move):
        super().__init__(player, move)
        self.nonneg = 0


class TrickSearchResult(SearchResult):
    """The root's statistics: ``rows`` (``key``, ``move``, ``visits``, ``win`` = share of
    playouts without a loss of money, ``points`` = mean settlement), ``iterations``, ``seconds``."""


class TrickSearcher(RootHalving):
    """One search from one seat's view of a trick-taking hand (the seat must be to move)."""

    _RESULT = TrickSearchResult
    _RANK_BY = "points"

    def __init__(self, view, moves=None, *, c=None, epsilon=None, others=None, halving=True, depth=None):
        check_settings(depth, epsilon, c)
        self.info = TrickInfoSet(view)
        self.seat = self.info.seat
        self.n = view.n
        self.c = C if c is None else c
        self.epsilon = EPSILON if epsilon is None else epsilon  # None: the family's defaults
        self.depth = DEPTH if depth is None else depth
        self.others = others  # the other seats' share of random moves in the playouts (None: epsilon)
        self.halving = halving
        if moves is None:
            moves = view.legal_moves()
        moves = [m for m in moves if m.player == self.seat]
        self.real = {}
        for m in moves:
            self.real.setdefault(move_key(m), m)
        self.root = {}
        self.iterations = 0
        self.seconds = 0.0
        self.abs_total = 0.0  # sum of |settlement| seen: the scale of the rewards
        self.chosen = None
        self.first = move_key(greedy_move(view, moves)) if moves else None

    def _scale(self):
        if not self.iterations:
            return 1.0
        return max(1.0, self.abs_total / self.iterations)

    def iterate(self, rng, deal=None, root_key=None, shared=True):
        """One determinized iteration (see the shedding search's): ``deal`` is played in a copy
        unless it is not ``shared`` (its last use)."""
        g = self.info.sample(rng) if deal is None else deal.clone() if shared else deal
        node = self.root
        path = []
        cs = self.c * self._scale()
        expanded = False
        while g.phase != "over" and not expanded:
            seat = g.turn
            options = [(move_key(m), m) for m in g.legal_moves()]
            if not path:
                options = self._root_options(options, root_key)
            e, m, expanded = tree_step(node, options, seat, cs, rng, _Edge)
            path.append(e)
            g.play(m)
            if self.depth and len(path) >= self.depth:
                break  # the tree ends here: the playout goes on from this move
            if not expanded:
                if e.node is None:
                    e.node = {}
                node = e.node
        if g.phase != "over":
            greedy_playout(g, rng, self.epsilon, seat=self.seat, others=self.others)
        scores = g.scores()
        for e in path:
            v = float(scores[e.player])
            e.visits += 1
            e.reward += v
            if v >= 0:
                e.nonneg += 1
        self.abs_total += float(scores[self.seat]) if scores[self.seat] >= 0 else -float(scores[self.seat])
        self.iterations += 1

    @staticmethod
    def _stats(e):
        v = e.visits
        return (
            e.nonneg / v if v else 0.0,  # lost no money
            e.reward / v if v else 0.0,
        )  # mean settlement


def choose(bot, view, legal_moves, rng):
    """:class:`scheissekopf.ismcts.ISMCTSBot`'s decision in a trick-taking hand."""
    if not legal_moves:
        return None
    if len(legal_moves) == 1:
        return legal_moves[0]
    s = TrickSearcher(
        view, legal_moves, c=bot.c, epsilon=bot.epsilon, others=bot.others, halving=bot.halving, depth=bot.depth
    )
    bot.last = s.run(rng, seconds=bot.budget, iterations=bot.iterations, clock=bot.clock)
    return s.real[bot.last.best()]


__all__ = ["TrickSearcher", "TrickSearchResult", "choose", "move_key"]
