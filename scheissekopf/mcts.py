"""The tree search every family's searcher shares: tree edges, the UCB step down the tree, the
root's sequential halving and the rows a search reports. It knows no rules: a searcher
(:mod:`scheissekopf.shedding.search`, :mod:`scheissekopf.trick.search`) supplies the deals,
the moves and the playouts."""

from __future__ import annotations

import math
import random
import time

PLAYOUTS = ("greedy", "random", "mix")


def check_probability(name, value):
    """Refuse (ValueError, naming the setting) a probability of a random move that is not a
    number from 0 to 1; returns it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} is the probability of a random move, a number from 0 to 1, not {value!r}")
    return value


def check_settings(depth=None, epsilon=None, c=None):
    """Refuse (ValueError, naming the setting and what it accepts) a search setting that is not
    None (the family's default) and not a whole number of decisions from 0 (``depth``), a
    probability (``epsilon``) or a number from 0 up (``c``)."""
    if epsilon is not None:
        check_probability("epsilon", epsilon)
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise ValueError(f"depth is a number of decisions, a whole number (0: no bound), not {depth!r}")
    if c is not None and (isinstance(c, bool) or not isinstance(c, (int, float)) or not c >= 0):  # NaN too
        raise ValueError(f"c is the tree's exploration constant, a number from 0 up, not {c!r}")


def opponent_randomness(playout, mix=0.5):
    """How a search's playouts model the other seats, as the probability that one of their moves
    is a uniformly random legal move instead of the greedy habit: ``"greedy"`` gives None (they
    are as noisy as the searcher itself, ``epsilon``), ``"random"`` 1, ``"mix"`` ``mix``.
    Anything else is refused with a ValueError naming what is accepted."""
    if playout not in PLAYOUTS:
        raise ValueError(f"playout must be one of {', '.join(map(repr, PLAYOUTS))}, not {playout!r}")
    check_probability("mix", mix)
    if playout == "greedy":
        return None
    return 1.0 if playout == "random" else float(mix)


class Edge:
    """A move in a search tree (both searches): the seat that made it, how often it was tried
    (``visits``) and could have been (``avail``), the sum of the rewards UCB averages
    (``reward``), and the decisions after it (``node``). Each search adds its own sums."""

    __slots__ = ("player", "visits", "avail", "reward", "node", "move")

    def __init__(self, player, move):
        self.player = player
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.node = None  # dict: key -> Edge (the decisions after this move)
        self.move = move  # a representative move (None: a pass)


def tree_step(node, options, seat, c, rng, edge):
    """One decision inside the tree at ``node`` among ``options`` ((key, move) pairs) for
    ``seat``: a random untried move gets a new ``edge(seat, move)`` (expanded), else the tried
    move with the best UCB score, mean reward + c·sqrt(log(avail) / visits). Every tried option
    counts as available. Returns (edge, move, expanded)."""
    untried = []
    best, best_u, best_move = None, None, None
    log, sqrt = math.log, math.sqrt
    for key, m in options:
        e = node.get(key)
        if e is None:
            untried.append((key, m))
            continue
        e.avail += 1
        u = e.reward / e.visits + c * sqrt(log(e.avail) / e.visits)
        if best_u is None or u > best_u:
            best, best_u, best_move = e, u, m
    if untried:
        key, m = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
        e = node[key] = edge(seat, m)
        e.avail = 1
        return e, m, True
    return best, best_move, False


class SearchResult:
    """The root's statistics after a search: ``edges`` (one per distinct move: ``key``,
    ``visits``, ``win`` = not-Scheißkopf rate, ``points`` = mean points or None),
    ``iterations`` (determinized playouts run) and ``seconds``."""

    def __init__(self, rows, iterations, seconds):
        self.rows = rows
        self.iterations = iterations
        self.seconds = seconds

    def best(self):
        """The key of the move the search chose (listed first)."""
        return self.rows[0]["key"] if self.rows else None


class RootHalving:
    """The root policy both searches share (this module's :class:`Searcher` and the trick games'
    :class:`~scheissekopf.trick.search.TrickSearcher`). A searcher provides ``info`` (with
    ``sample(rng)``), ``real`` (root key -> move), ``root``, ``first`` (the greedy choice's key or
    None), ``halving``, ``iterate(rng, deal=None, root_key=None)`` and ``_stats(edge)`` (the
    ``win`` and ``points`` of a root row); root moves are compared by their edges' mean reward,
    and the rows after the chosen move are ordered by visits, then by ``_RANK_BY``."""

    _RESULT = SearchResult
    _RANK_BY = "win"

    def result(self):
        """The root's statistics: a row per move the seat really has, the chosen one first."""
        rows = []
        for key, e in self.root.items():
            if key in self.real:
                win, points = self._stats(e)
                rows.append({"key": key, "move": self.real[key], "visits": e.visits, "win": win, "points": points})
        chosen, by = self.chosen, self._RANK_BY
        rows.sort(key=lambda r: (r["key"] != chosen, -r["visits"], -r[by]))
        return self._RESULT(rows, self.iterations, self.seconds)

    def sample(self, rng):
        """A deal consistent with the seat's view, for one or more iterations (a family's
        search may deal into a lighter form; :meth:`iterate` takes what this returns)."""
        return self.info.sample(rng)

    def _root_options(self, options, root_key):
        """The root decision's options in one deal: only ``root_key`` when one is given (a
        halving round), else the moves the seat really has; all of them if none is left."""
        if root_key is not None:
            return [(k, m) for k, m in options if k == root_key] or options
        return [(k, m) for k, m in options if k in self.real] or options

    def run(self, rng, seconds=None, iterations=None, clock=time.process_time):
        """Search until ``seconds`` of ``clock`` have passed or ``iterations`` playouts are done
        (at least one of the two budgets must be given).

        The root's moves are compared by sequential halving on shared deals: the budget is cut
        into rounds; in each round every remaining move is played in the same deals, one playout
        each per deal (its own tree search below the root), and the better half by the mean reward
        of its edge (win rate; mean settlement in the trick games) goes on to the next round.
        Sharing the deals makes the comparison fair: a deal that loses whatever the move counts
        against every move alike. With a single root move the search
        is plain ISMCTS."""
        if seconds is None and iterations is None:
            raise ValueError("give the search a budget: seconds or iterations")
        keys = list(self.real)
        if len(keys) > 1 and self.halving:
            return self._run_halving(rng, keys, seconds, iterations, clock)
        t0 = clock()
        deadline = None if seconds is None else t0 + seconds
        limit = iterations
        k = 0
        while True:
            self.iterate(rng)
            k += 1
            if limit is not None and k >= limit:
                break
            if deadline is not None and clock() >= deadline:
                break
        self.seconds += clock() - t0
        return self.result()

    def _run_halving(self, rng, keys, seconds, iterations, clock):
        t0 = clock()
        deadline = None if seconds is None else t0 + seconds
        first = self.first
        if first in keys:  # the greedy choice first: it wins the ties
            keys.remove(first)
            keys.insert(0, first)
        rounds = max(1, math.ceil(math.log2(len(keys))))
        root = self.root
        stream = random.Random()  # the random numbers of one deal, seeded again for each root move
        done = 0
        for r in range(rounds):
            left = rounds - r
            if seconds is not None:
                stop = clock() + (deadline - clock()) / left
            else:
                quota = done + (iterations - done) // left
            while True:
                deal = self.sample(rng)
                seed = rng.getrandbits(64)
                last = keys[-1]
                for key in keys:
                    stream.seed(seed)  # (as random.Random(seed), without making one each time)
                    self.iterate(stream, deal, key, shared=key is not last)  # (the last may play in it)
                done += len(keys)
                if seconds is not None:
                    if clock() >= stop:
                        break
                elif done + len(keys) > quota:
                    break
            if len(keys) > 1:
                keys.sort(key=lambda k: -root[k].reward / root[k].visits if k in root else 0.0)
                keys = keys[: (len(keys) + 1) // 2] if r < rounds - 1 else keys[:1]
        self.chosen = keys[0]
        self.seconds += clock() - t0
        return self.result()
