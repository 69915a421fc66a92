"""The shedding games' search: information-set Monte Carlo tree search (single-observer ISMCTS).

The searching seat sees only its view. Each iteration

1. deals the cards it has not seen at random into the hidden places
   (:class:`~scheissekopf.shedding.determinize.InfoSet`: other hands, gambles, draw pile; cards publicly
   known to be in a hand stay there);
2. walks down one shared tree in that deal: at each decision the seat that decides there picks
   among the moves available *in this deal* by UCB on its own results (availability counts: a
   move's exploration term counts only the iterations in which it was available), until it
   reaches a move tried for the first time;
3. plays the deal out with the fast greedy policy (:func:`scheissekopf.shedding.bots.greedy_playout`,
   a few random moves mixed in; ``others``: the share of random moves of the other seats, when
   the search models them as noisier than itself, see :func:`scheissekopf.mcts.opponent_randomness`);
   in the playouts and at the tree's decisions below the root, a player who can end the round
   by a third repetition it does not lose does so (:func:`scheissekopf.shedding.bots.stalemate_win`),
   so a cycle the opponent can close its way counts against the move that lets it;
4. credits every move on the path with the result for the seat that made it: 1 when that seat
   is not the Scheißkopf, else 0 (and, in bitenight, the seat's points, reported but not
   optimised).

At the root the searching seat's moves are not chosen by UCB but compared by sequential
halving on shared deals (:meth:`Searcher.run`): every remaining move is tried in the same deals
with the same playout randomness, and the better half goes on to the next round. With a budget
of a hundred or so playouts and up to twenty moves this picks far fewer lucky losers than UCB.

Once the cards are in play, steps 2 to 4 run on the rules core
(:class:`scheissekopf.shedding.core.Round`; the playouts by :mod:`scheissekopf.shedding.playout`),
which plays the same moves with the same random numbers as the game would, at a fraction of the
cost, and step 1 deals straight into it (:meth:`.determinize.InfoSet.sample_round`);
``Searcher.lean`` says so (the tests turn it off to compare).

Who decides follows :func:`scheissekopf.bots.play_round`: a jump-in chance goes first to the
other seats in turn order from the player to move (each may pass), then the player to move
chooses. Moves with the same outcome share one tree edge: a play is its rank and count, a
flip is "turn a gamble card" (which one cannot matter: none of them has been seen).

How deep the tree grows is ``depth`` (:data:`DEPTH` by default: 0, no bound) and how noisy
the playouts are is ``epsilon`` (:data:`EPSILON`). A tree of the root's moves only (``depth=1``),
each followed by a playout at once, with a random playout move one time in five
(``epsilon=0.2``) is stronger at a fixed 200 playouts (2-player palace against greedy, 200 games:
30 lost against 46), but at 0.2 s of CPU per decision it lost as often to greedy and more
stalemates to a random player (benchmarks/results/search-log.md), so the defaults stay.
"""

from __future__ import annotations

import random
import time

from ..mcts import Edge, RootHalving, check_settings, opponent_randomness, tree_step
from .bots import greedy_move, greedy_setup, stalemate_win, strength_table
from .determinize import InfoSet
from .playout import Round, covers, greedy_row, play_out, playout
from .playout import stalemate_win as round_stalemate_win

DEPTH = 0  # decisions in the tree: 0 is no bound (1: the root's moves only; see the module's text)
EPSILON = 0.05  # the share of random moves in the playouts
C = 0.7  # the tree's exploration constant (UCB): how readily it tries a move that has scored less


def move_key(m):
    """The tree edge of a move: moves with equal keys have the same outcome for the search."""
    return row_key((m.player, m.kind, m.cards, m.target, m.index))


def row_key(row):
    """:func:`move_key` of a move given as the engine's tuple (player, kind, cards, target, index)."""
    p, k, cards, target, index = row
    if k == "play":
        return (p, 1, cards[0] >> 2, len(cards))
    if k == "joker":
        return (p, 2, target, 0)
    if k == "flip":
        return (p, 3, 0, 0)
    if k == "take":
        return (p, 4, cards[0] >> 2 if cards else 0, 0)
    if k == "swap":
        return (p, 5, int(cards[0]), int(cards[1]))
    if k == "place":
        return (p, 6, int(cards[0]), index)
    return (p, 7, 0, 0)


def _pass_key(seat):
    return (seat, 0, 0, 0)


class _Edge(Edge):
    """An edge of the shedding search: ``reward`` counts the playouts in which the seat was not
    the Scheißkopf; ``points`` sums its points (bitenight)."""

    __slots__ = ("points",)

    def __init__(self, player, move):
        super().__init__(player, move)
        self.points = 0.0


def _outcome(g, n):
    """(loser, points per seat or None). A playout cut short counts as a stalemate would: the
    seat holding the most cards loses, ties going against the first in turn order from the
    player to move (as the stalemate rule scores them)."""
    if g.phase == "over":
        loser = g.loser
        if g.preset.scoring == "points":
            pts = g.points()
            return loser, [pts.get(s, 0) for s in range(n)]
        return loser, None
    return g._stalemate_loser(), None


class Searcher(RootHalving):
    """One search from one seat's view.

    ``moves``: the seat's legal moves in the real game (default: the view's own). Out of turn
    (a jump-in chance) passing is one of the choices, written as the move ``None``.
    ``depth``, ``epsilon`` and ``c``: the tree's depth in decisions (0: no bound), the playouts'
    share of random moves and the tree's exploration constant (None: :data:`DEPTH`,
    :data:`EPSILON`, :data:`C`).
    """

    def __init__(
        self, view, moves=None, *, c=None, epsilon=None, others=None, max_playout=3000, halving=True, depth=None
    ):
        check_settings(depth, epsilon, c)
        self.info = InfoSet(view)
        self.seat = self.info.seat
        self.n = view.n
        self.c = C if c is None else c
        self.epsilon = EPSILON if epsilon is None else epsilon
        self.depth = DEPTH if depth is None else depth
        self.others = others
        self.max_playout = max_playout
        self.points = view.preset.scoring == "points"
        self.table = strength_table(view.preset)
        if moves is None:
            moves = view.legal_moves()
        moves = [m for m in moves if m.player == self.seat]
        self.real = {}  # key -> the real move (the first with that key)
        for m in moves:
            self.real.setdefault(move_key(m), m)
        self.setup = view.phase == "setup"
        turn = view.turn
        self.out_of_turn = not self.setup and view.pending is None and self.seat != turn
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
        # in play: the tree and the playouts on the rules core (.core), which plays the same
        # moves with the same random numbers at a fraction of the cost
        self.lean = True
        self.n_nat = len(view.preset.natural_order)
        self.root = {}
        self.iterations = 0
        self.seconds = 0.0
        self.halving = halving
        self.chosen = None  # the root move sequential halving settled on
        self.first = None  # the greedy choice among the root moves
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
        if moves[-1].player != turn or moves[0].player != turn:  # a jump-in chance
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

    def iterate(self, rng, deal=None, root_key=None, shared=True):
        """One determinized iteration: deal, descend, expand one edge, play out, credit.
        ``deal``: play in a copy of this sample instead of a fresh one (in the sample itself when
        it is not ``shared``: its last use); ``root_key``: the root move to start with (else UCB
        chooses)."""
        if deal is None:
            g = self.sample(rng)
            if type(g) is Round:
                self._iterate_lean(rng, g, root_key)
                return
        else:
            g = deal
            if type(g) is Round:  # (shared by the root's moves in a halving round: a copy each)
                self._iterate_lean(rng, g.copy() if shared else g, root_key)
                return
        if self.lean and covers(g):
            self._iterate_lean(rng, Round.of(g), root_key)
            return
        if deal is not None and shared:
            g = g.clone()
        node = self.root
        path = []
        passed = set(self.root_passed)
        expanded = False
        depth = self.depth
        while g.phase != "over" and not expanded:
            if g.phase == "setup" and g.ready[self.seat]:
                break  # the others' setup is left to the playout
            seat, options = self._options(g, passed)
            if not path:
                options = self._root_options(options, root_key)
            elif seat == g.turn and (win := stalemate_win(g)) is not None:
                options = [(move_key(win), win)]  # a cycle closing the mover's way: it closes it
            e, m, expanded = tree_step(node, options, seat, self.c, rng, _Edge)
            path.append(e)
            if m is None:
                passed.add(seat)
            else:
                g.play(m)
                passed.clear()
            if depth and len(path) >= depth:
                break  # the tree ends here: the playout goes on from this move
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
                g.play(max(moves, key=lambda m: len(m.cards)))  # the next seat jumps in
            else:
                g.play(greedy_move(g, moves, self.table))
            passed.clear()
        if g.phase != "over":
            loser, pts = playout(g, rng, self.epsilon, self.max_playout, seat=self.seat, others=self.others)
        else:
            loser, pts = _outcome(g, self.n)
        for e in path:
            e.visits += 1
            if e.player != loser:
                e.reward += 1.0
            if pts is not None:
                e.points += pts[e.player]
        self.iterations += 1

    def sample(self, rng):
        """A deal of the unseen cards: in play (where the search runs on the rules core) dealt
        straight into a :class:`~scheissekopf.shedding.core.Round`, else into a game."""
        if self.lean and self.info.base.phase == "play":
            return self.info.sample_round(rng)
        return self.info.sample(rng)

    def _options_lean(self, r, passed):
        """:meth:`_options` on a rules core ``r``: (deciding seat, [(key, row)]), row None a pass."""
        rows = r.moves()
        turn = r.turn
        if rows[-1][0] != turn or rows[0][0] != turn:  # a jump-in chance
            n = self.n
            for i in range(1, n):
                q = (turn + i) % n
                if q in passed:
                    continue
                mine = [(row_key(row), row) for row in rows if row[0] == q]
                if mine:
                    mine.append((_pass_key(q), None))
                    return q, mine, rows
        return turn, [(row_key(row), row) for row in rows if row[0] == turn], rows

    def _iterate_lean(self, rng, r, root_key):
        """:meth:`iterate` in a deal in play, on its rules core ``r`` (a dealt round, played on):
        the same steps, the same choices."""
        node = self.root
        path = []
        passed = set(self.root_passed)
        expanded = False
        depth = self.depth
        while not r.ended and not expanded:
            seat, options, rows = self._options_lean(r, passed)
            if not path:
                options = self._root_options(options, root_key)
            elif seat == r.turn and r.twice and (win := round_stalemate_win(r, rows)) is not None:
                options = [(row_key(win), win)]  # a cycle closing the mover's way: it closes it
            e, row, expanded = tree_step(node, options, seat, self.c, rng, _Edge)
            path.append(e)
            if row is None:
                passed.add(seat)
            else:
                r.play(row)
                passed.clear()
            if depth and len(path) >= depth:
                break
            if not expanded:
                if e.node is None:
                    e.node = {}
                node = e.node
        while passed and not r.ended:
            # the path ended in a pass: the first playout decision honours it (as iterate)
            seat, options, _ = self._options_lean(r, passed)
            rows = [row for _, row in options if row is not None]
            if seat != r.turn:
                r.play(max(rows, key=lambda row: len(row[2])))  # the next seat jumps in
            else:
                r.play(rows[0] if len(rows) == 1 else greedy_row(r, rows, self.table, self.n_nat))
            passed.clear()
        pts = None
        if r.ended or play_out(r, rng, self.epsilon, self.max_playout, seat=self.seat, others=self.others) is not None:
            loser = r.loser
            if self.points:
                pts = r.points()
        else:  # cut short: the stalemate rule's loser
            loser = r.stalemate_loser()
        for e in path:
            e.visits += 1
            if e.player != loser:
                e.reward += 1.0
            if pts is not None:
                e.points += pts[e.player]
        self.iterations += 1

    def _stats(self, e):
        v = e.visits
        return (
            e.reward / v if v else 0.0,  # not the Scheißkopf
            (e.points / v if v else 0.0) if self.points else None,
        )


def search(
    view,
    moves=None,
    *,
    seconds=None,
    iterations=None,
    rng=None,
    c=None,
    epsilon=None,
    halving=True,
    clock=time.process_time,
    playout="greedy",
    mix=0.5,
    depth=None,
):
    """Search from ``view`` (a :meth:`Game.view`); returns a :class:`SearchResult`. ``playout``
    and ``mix``: how the playouts model the other seats (:func:`scheissekopf.mcts.opponent_randomness`);
    ``depth``, ``epsilon`` and ``c`` as :class:`Searcher` takes them."""
    rng = rng if rng is not None else random.Random()
    others = opponent_randomness(playout, mix)
    s = Searcher(view, moves, c=c, epsilon=epsilon, others=others, halving=halving, depth=depth)
    return s.run(rng, seconds=seconds, iterations=iterations, clock=clock)


def choose(bot, view, legal_moves, rng):
    """:class:`scheissekopf.ismcts.ISMCTSBot`'s decision in a shedding game: setup by the greedy
    habits, a decision with one outcome without searching, anything else by a search."""
    if not legal_moves:
        return None
    if view.phase == "setup":
        return greedy_setup(view, legal_moves)
    me = legal_moves[0].player
    out_of_turn = me != view.turn and view.pending is None
    keys = {move_key(m) for m in legal_moves}
    if len(keys) == 1 and not out_of_turn:
        return legal_moves[0]
    s = Searcher(
        view, legal_moves, c=bot.c, epsilon=bot.epsilon, others=bot.others, halving=bot.halving, depth=bot.depth
    )
    bot.last = s.run(rng, seconds=bot.budget, iterations=bot.iterations, clock=bot.clock)
    return s.real[bot.last.best()]
