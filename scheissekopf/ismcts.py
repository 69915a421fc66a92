"""Information-set Monte Carlo tree search (single-observer ISMCTS).

The searching seat sees only its view. Each iteration

1. deals the cards it has not seen at random into the hidden places
   (:class:`~scheissekopf.determinize.InfoSet`: other hands, gambles, draw pile; cards publicly
   known to be in a hand stay there);
2. walks down one shared tree in that deal: at each decision the seat that decides there picks
   among the moves available *in this deal* by UCB on its own results (availability counts: a
   move's exploration term counts only the iterations in which it was available), until it
   reaches a move tried for the first time;
3. plays the deal out with the fast greedy policy (:func:`scheissekopf.bots.greedy_playout`,
   a few random moves mixed in);
4. credits every move on the path with the result for the seat that made it: 1 when that seat
   is not the Scheißkopf, else 0 (and, in bitenight, the seat's points, reported but not
   optimised).

At the root the searching seat's moves are not chosen by UCB but compared by sequential
halving on shared deals (:meth:`Searcher.run`): every remaining move is tried in the same deals
with the same playout randomness, and the better half goes on to the next round. With a budget
of a hundred or so playouts and up to twenty moves this picks far fewer lucky losers than UCB.

Who decides follows :func:`scheissekopf.bots.play_round`: a jump-in chance goes first to the
other seats in turn order from the player to move (each may pass), then the player to move
chooses. Moves with the same outcome share one tree edge: a play is its rank and count, a
flip is "turn a gamble card" (which one cannot matter: none of them has been seen).
"""
from __future__ import annotations

import math
import random
import time

from .bots import GreedyBot, greedy_move, greedy_playout, greedy_setup, strength_table
from .determinize import InfoSet
from .game import is_trick_game

_PASS = "pass"


def move_key(m):
    """The tree edge of a move: moves with equal keys have the same outcome for the search."""
    k = m.kind
    if k == "play":
        return (m.player, 1, m.cards[0] >> 2, len(m.cards))
    if k == "joker":
        return (m.player, 2, m.target, 0)
    if k == "flip":
        return (m.player, 3, 0, 0)
    if k == "take":
        return (m.player, 4, m.cards[0] >> 2 if m.cards else 0, 0)
    if k == "swap":
        return (m.player, 5, int(m.cards[0]), int(m.cards[1]))
    if k == "place":
        return (m.player, 6, int(m.cards[0]), m.index)
    return (m.player, 7, 0, 0)


def _pass_key(seat):
    return (seat, 0, 0, 0)


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
        self.node = None                # dict: key -> Edge (the decisions after this move)
        self.move = move                # a representative move (None: a pass)


class _Edge(Edge):
    """An edge of the shedding search: ``reward`` counts the playouts in which the seat was not
    the Scheißkopf; ``points`` sums its points (bitenight)."""

    __slots__ = ("points",)

    def __init__(self, player, move):
        super().__init__(player, move)
        self.points = 0.0


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


def _outcome(g, n):
    """(loser, points per seat or None). A playout cut short counts as a stalemate would: the
    seat holding the most cards loses."""
    if g.phase == "over":
        loser = g.loser
        if g.preset.scoring == "points":
            pts = g.points()
            return loser, [pts.get(s, 0) for s in range(n)]
        return loser, None
    order = [s for s in range(n) if g.in_round(s)]
    loser = max(order, key=lambda s: g.players[s].cards_held)
    return loser, None


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
                rows.append({"key": key, "move": self.real[key], "visits": e.visits, "win": win,
                             "points": points})
        chosen, by = self.chosen, self._RANK_BY
        rows.sort(key=lambda r: (r["key"] != chosen, -r["visits"], -r[by]))
        return self._RESULT(rows, self.iterations, self.seconds)

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
        if first in keys:                       # the greedy choice first: it wins the ties
            keys.remove(first)
            keys.insert(0, first)
        rounds = max(1, math.ceil(math.log2(len(keys))))
        root = self.root
        done = 0
        for r in range(rounds):
            left = rounds - r
            if seconds is not None:
                stop = clock() + (deadline - clock()) / left
            else:
                quota = done + (iterations - done) // left
            while True:
                deal = self.info.sample(rng)
                seed = rng.getrandbits(64)
                for key in keys:
                    self.iterate(random.Random(seed), deal, key)
                done += len(keys)
                if seconds is not None:
                    if clock() >= stop:
                        break
                elif done + len(keys) > quota:
                    break
            if len(keys) > 1:
                keys.sort(key=lambda k: -root[k].reward / root[k].visits if k in root else 0.0)
                keys = keys[:(len(keys) + 1) // 2] if r < rounds - 1 else keys[:1]
        self.chosen = keys[0]
        self.seconds += clock() - t0
        return self.result()


class Searcher(RootHalving):
    """One search from one seat's view.

    ``moves``: the seat's legal moves in the real game (default: the view's own). Out of turn
    (a jump-in chance) passing is one of the choices, written as the move ``None``.
    """

    def __init__(self, view, moves=None, *, c=0.7, epsilon=0.05, max_playout=3000, halving=True):
        self.info = InfoSet(view)
        self.seat = self.info.seat
        self.n = view.n
        self.c = c
        self.epsilon = epsilon
        self.max_playout = max_playout
        self.points = view.preset.scoring == "points"
        self.table = strength_table(view.preset)
        if moves is None:
            moves = view.legal_moves()
        moves = [m for m in moves if m.player == self.seat]
        self.real = {}                  # key -> the real move (the first with that key)
        for m in moves:
            self.real.setdefault(move_key(m), m)
        self.setup = view.phase == "setup"
        turn = view.turn
        self.out_of_turn = (not self.setup and view.pending is None and self.seat != turn)
        if self.out_of_turn:
            self.real[_pass_key(self.seat)] = None
        # Seats asked (and passing) before this seat at this position: before it in turn order
        # when it is out of turn, every other seat when it is the player to move.
        if self.setup:
            self.root_passed = frozenset()
        elif self.out_of_turn:
            before = set()
            s = (turn + 1) % self.n
            while s != self.seat:
                before.add(s)
                s = (s + 1) % self.n
            self.root_passed = frozenset(before)
        else:
            self.root_passed = frozenset(s for s in range(self.n) if s != self.seat)
        self.root = {}
        self.iterations = 0
        self.seconds = 0.0
        self.halving = halving
        self.chosen = None              # the root move sequential halving settled on
        self.first = None               # the greedy choice among the root moves
        if not self.setup and not self.out_of_turn and moves:
            self.first = move_key(greedy_move(view, moves, self.table))

    # ------------------------------------------------------------------ one decision
    def _options(self, g, passed):
        """(deciding seat, [(key, move)]) in full game g; move None is a pass."""
        moves = g.legal_moves()
        if g.phase == "setup":
            seat = self.seat if not g.ready[self.seat] else min(m.player for m in moves)
            return seat, [(move_key(m), m) for m in moves if m.player == seat]
        turn = g.turn
        if moves[-1].player != turn or moves[0].player != turn:    # a jump-in chance
            n = self.n
            for i in range(1, n):
                q = (turn + i) % n
                if q in passed:
                    continue
                mine = [(move_key(m), m) for m in moves if m.player == q]
                if mine:
                    mine.append((_pass_key(q), None))
                    return q, mine
        return turn, [(move_key(m), m) for m in moves if m.player == turn]

    def iterate(self, rng, deal=None, root_key=None):
        """One determinized iteration: deal, descend, expand one edge, play out, credit.
        ``deal``: play in a copy of this sample instead of a fresh one; ``root_key``: the root
        move to start with (else UCB chooses)."""
        g = self.info.sample(rng) if deal is None else deal.clone()
        node = self.root
        path = []
        passed = set(self.root_passed)
        expanded = False
        while g.phase != "over" and not expanded:
            if g.phase == "setup" and g.ready[self.seat]:
                break                           # the others' setup is left to the playout
            seat, options = self._options(g, passed)
            if not path:
                options = self._root_options(options, root_key)
            e, m, expanded = tree_step(node, options, seat, self.c, rng, _Edge)
            path.append(e)
            if m is None:
                passed.add(seat)
            else:
                g.play(m)
                passed.clear()
            if not expanded:
                if e.node is None:
                    e.node = {}
                node = e.node
        while passed and g.phase == "play":
            # The path ended in a pass: the seats that passed may not jump in at this position
            # after all, so the first playout decision honours the passes.
            seat, options = self._options(g, passed)
            moves = [m for _, m in options if m is not None]
            if seat != g.turn:
                g.play(max(moves, key=lambda m: len(m.cards)))      # the next seat jumps in
            else:
                g.play(greedy_move(g, moves, self.table))
            passed.clear()
        if g.phase != "over":
            greedy_playout(g, rng, self.epsilon, self.max_playout)
        loser, pts = _outcome(g, self.n)
        for e in path:
            e.visits += 1
            if e.player != loser:
                e.reward += 1.0
            if pts is not None:
                e.points += pts[e.player]
        self.iterations += 1

    def _stats(self, e):
        v = e.visits
        return (e.reward / v if v else 0.0,                    # not the Scheißkopf
                (e.points / v if v else 0.0) if self.points else None)


def search(view, moves=None, *, seconds=None, iterations=None, rng=None, c=0.7, epsilon=0.05,
           halving=True, clock=time.process_time):
    """Search from ``view`` (a :meth:`Game.view`); returns a :class:`SearchResult`."""
    rng = rng if rng is not None else random.Random()
    s = Searcher(view, moves, c=c, epsilon=epsilon, halving=halving)
    return s.run(rng, seconds=seconds, iterations=iterations, clock=clock)


class ISMCTSBot:
    """The searching bot. ``budget``: seconds per decision (CPU time of this process by default,
    ``clock="wall"`` for wall time); ``iterations``: a fixed number of determinized playouts
    per decision instead (reproducible: same seed, same moves). Setup uses the greedy habits;
    a decision with one choice is made without searching. In sheepshead, schafkopf and
    mehrkopf the same bot searches with :mod:`scheissekopf.trick.search` (mean settlement)."""

    name = "ismcts"

    def __init__(self, budget=0.2, iterations=None, *, c=0.7, epsilon=0.05, halving=True, clock="cpu"):
        self.budget = None if iterations is not None else budget
        self.iterations = iterations
        self.c = c
        self.epsilon = epsilon
        self.halving = halving
        self.clock = time.process_time if clock == "cpu" else time.perf_counter
        self._greedy = GreedyBot()
        self.last = None                # the last SearchResult (for inspection)

    def choose(self, view, legal_moves, rng):
        if not legal_moves:
            return None
        if is_trick_game(view):                         # sheepshead, schafkopf, mehrkopf
            from .trick.search import choose
            return choose(self, view, legal_moves, rng)
        if view.phase == "setup":
            return greedy_setup(view, legal_moves)
        me = legal_moves[0].player
        out_of_turn = me != view.turn and view.pending is None
        keys = {move_key(m) for m in legal_moves}
        if len(keys) == 1 and not out_of_turn:
            return legal_moves[0]
        s = Searcher(view, legal_moves, c=self.c, epsilon=self.epsilon, halving=self.halving)
        self.last = s.run(rng, seconds=self.budget, iterations=self.iterations, clock=self.clock)
        return s.real[self.last.best()]
