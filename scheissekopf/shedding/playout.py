"""Palace's playouts on a lean copy of the position: the search's hot loop.

A playout plays a determinized deal to its end with the greedy habits and keeps only who lost.
Played through :class:`~scheissekopf.shedding.game.Game`, each move also keeps what a playout
never reads: the cached moves, who saw which card arrive, what forced takes showed, the event
log. :func:`palace_playout` plays the same round on plain lists (hands, banks, gambles, draw
pile, stack) with palace's rules written out, and the repetition key kept exactly as the game
keeps it, so a stalemate comes at the same move.

It is a second copy of palace's rules, kept only because it is hot: it must play every move the
game would, drawing the same random numbers. ``tests/test_lean_playout.py`` holds it to that: from
deals, positions of rounds, deals of a seat's view and logged cycles, at 2 to 6 seats, it plays
the moves :func:`~scheissekopf.shedding.bots.greedy_playout` plays, one for one, to the same end.
The other shedding games, and positions it does not cover (the setup), use the game itself.
"""

from __future__ import annotations

from itertools import combinations

from .bots import FORCED_PLIES, strength_table
from .game import _MASK, ZH, ZS, ZT
from .presets.palace import NATURALS as _NATURALS
from .presets.palace import PRESET

_TABLE = strength_table(PRESET)  # how strong each rank is, for the greedy habits
# what may be laid on a top card of each rank, and on an empty stack (palace: the top card alone
# decides, so every rank has its own entry)
_ON = PRESET.on_top
_ALL = PRESET.on_empty
assert all(_ON[r] is not None for r in range(2, 15))


def covers(game):
    """Can :func:`palace_playout` play this position? A palace round in play with no opening
    rank (palace has none; a position set up by hand might)."""
    return game.variant == "palace" and game.phase == "play" and game.opening is None and game._pend is None


class _Round:
    """The position, reduced to what decides the rest of a palace round."""

    __slots__ = (
        "n",
        "hands",
        "banks",
        "gambles",
        "draw",
        "stack",
        "out",
        "left",
        "turn",
        "hh",
        "sh",
        "rep",
        "twice",
        "irrev",
    )

    def copy(self):
        r = _Round.__new__(_Round)
        r.n, r.left, r.turn, r.hh, r.sh, r.irrev = self.n, self.left, self.turn, self.hh, self.sh, self.irrev
        r.twice = self.twice
        r.hands = [h[:] for h in self.hands]
        r.banks = [b[:] for b in self.banks]
        r.gambles = [g[:] for g in self.gambles]
        r.draw, r.stack, r.out, r.rep = self.draw[:], self.stack[:], self.out[:], dict(self.rep)
        return r

    # ------------------------------------------------------------------ the moves
    def moves(self):
        """The player to move's moves as the game offers them (the same tuples, in the same
        order: a random move is drawn from this list by its index)."""
        p = self.turn
        stack = self.stack
        mask = _ON[stack[-1] >> 2] if stack else _ALL
        hand = self.hands[p]
        rows = []
        if hand:
            i, n = 0, len(hand)
            while i < n:  # each playable rank, one play per count (the hand is sorted)
                r = hand[i] >> 2
                j = i + 1
                while j < n and hand[j] >> 2 == r:
                    j += 1
                if mask >> r & 1:
                    cards = tuple(hand[i:j])
                    for k in range(1, j - i + 1):
                        rows.append((p, "play", cards[:k], None, None))
                i = j
        elif not self.draw:
            bank = self.banks[p]
            if bank:
                by_rank = {}
                for c in bank:
                    by_rank.setdefault(c >> 2, []).append(c)
                for r in sorted(by_rank):
                    if mask >> r & 1:
                        group = sorted(by_rank[r])
                        seen = set()
                        for k in range(1, len(group) + 1):
                            for combo in combinations(group, k):
                                if combo not in seen:
                                    seen.add(combo)
                                    rows.append((p, "play", combo, None, None))
                if not rows:  # nothing fits: lay a bank card and take the stack
                    return [(p, "take", (c,), None, None) for c in sorted(set(bank))]
            else:
                rows = [(p, "flip", (), None, i) for i in range(len(self.gambles[p]))]
        if stack and not rows:
            rows.append((p, "take", (), None, None))
        return rows

    def play(self, row):
        """Carry out one of :meth:`moves`' tuples and count the position it reaches. (A play,
        nine moves in ten, is written out in one piece: this runs on every playout move.)"""
        p, kind, cards = row[0], row[1], row[2]
        if kind != "play":
            self._take_or_flip(p, kind, cards, row[4])
            return
        hand = self.hands[p]
        if hand:
            z = ZH[p]
            h = self.hh
            for c in cards:
                hand.remove(c)
                h -= z[c]
            draw = self.draw
            if draw and len(hand) < 3:  # draw back up to three
                need = 3 - len(hand)
                for c in draw[-need:]:
                    h += z[c]
                    hand.append(c)
                del draw[-need:]
                hand.sort()
                self.irrev = True
            self.hh = h
        else:
            bank = self.banks[p]
            for c in cards:
                bank.remove(c)
            self.irrev = True
        st = self.stack
        h = self.sh
        for c in cards:
            h += ZS[len(st)][c]
            st.append(c)
        self.sh = h
        # a 10, or four of a kind in a row, burns; the burner goes again unless it went out
        r = cards[0] >> 2
        burn = r == 10 or (len(st) >= 4 and st[-2] >> 2 == r and st[-3] >> 2 == r and st[-4] >> 2 == r)
        out = not hand and not self.banks[p] and not self.gambles[p]
        if out:
            self._out(p)
        if burn:
            self.stack = []
            self.sh = 0
            self.irrev = True
        if burn and not out:
            q = p
        else:
            n, gone = self.n, self.out
            q = (p + 1) % n
            while gone[q]:
                q = (q + 1) % n
        self.turn = q
        if self.left > 1:  # count the position (_commit, written out)
            key = (self.hh + self.sh + ZT[q]) & _MASK
            if self.irrev:
                self.rep = {key: 1}
                self.irrev = False
                self.twice = 0
            else:
                rep = self.rep
                count = rep.get(key, 0) + 1
                rep[key] = count
                if count == 2:
                    self.twice += 1
                elif count > 2:
                    self.left = 0  # a stalemate: the round ends here

    def _take_or_flip(self, p, kind, cards, index):
        if kind == "take":
            if cards:  # a bank card laid first
                self.banks[p].remove(cards[0])
                self.irrev = True
                self._push(cards)
            self._take(p)
        else:  # flip
            card = self.gambles[p].pop(index)
            self.irrev = True
            stack = self.stack
            r = card >> 2
            fits = (_ON[stack[-1] >> 2] if stack else _ALL) >> r & 1
            self._push((card,))
            if fits:
                self._resolve(p, r)
            else:
                self._take(p)
        if self.left > 1:
            self._commit()

    def _push(self, cards):
        st = self.stack
        zs = ZS
        h = self.sh
        for c in cards:
            h += zs[len(st)][c]
            st.append(c)
        self.sh = h

    def _take(self, p):
        hand = self.hands[p]
        z = ZH[p]
        h = self.hh
        for c in self.stack:
            h += z[c]
        self.hh = h
        hand += self.stack
        hand.sort()
        self.stack = []
        self.sh = 0
        self.turn = self._next(p)

    def _resolve(self, p, r):
        """After p laid rank r: a 10 or four of a kind in a row burns (the burner goes again),
        an emptied seat is out, the round ends with one seat left."""
        st = self.stack
        burn = r == 10
        if not burn and len(st) >= 4:
            burn = st[-2] >> 2 == r and st[-3] >> 2 == r and st[-4] >> 2 == r
        out = not self.hands[p] and not self.banks[p] and not self.gambles[p]
        if out:
            self._out(p)
        if burn:
            self.stack = []
            self.sh = 0
            self.irrev = True
            self.turn = self._next(p) if out else p
        else:
            self.turn = self._next(p)

    def _out(self, p):
        self.out[p] = True
        self.left -= 1
        self.irrev = True

    def _next(self, p):
        n, out = self.n, self.out
        p = (p + 1) % n
        while out[p]:
            p = (p + 1) % n
        return p

    def _commit(self):
        """Count the position reached for the stalemate rule, as the game does: an irreversible
        move starts the window afresh, a third visit ends the round. ``twice``: how many
        positions the window holds twice (only those can come a third time)."""
        key = (self.hh + self.sh + ZT[self.turn]) & _MASK
        if self.irrev:
            self.rep = {key: 1}
            self.irrev = False
            self.twice = 0
        else:
            count = self.rep.get(key, 0) + 1
            self.rep[key] = count
            if count == 2:
                self.twice += 1
            elif count > 2:
                self.left = 0  # a stalemate: the round ends here

    # ------------------------------------------------------------------ the end
    def held(self, s):
        return len(self.hands[s]) + len(self.banks[s]) + len(self.gambles[s])

    def stalemate_loser(self):
        """The seat still in holding the most cards, ties against the first in turn order from
        the player to move (the stalemate rule)."""
        n, out, turn = self.n, self.out, self.turn
        order = [s for s in ((turn + i) % n for i in range(n)) if not out[s]]
        return max(order, key=self.held)

    def loser(self):
        if self.left == 1:
            return self.out.index(False)
        return self.stalemate_loser()

    def stalemate_win(self, rows):
        """The first of the mover's ``rows`` that ends the round by a third repetition with the
        mover not the loser, at once or through forced moves (as
        :func:`~scheissekopf.shedding.bots.stalemate_win`), or None."""
        me = self.turn
        for row in rows:
            r = self.copy()
            r.play(row)
            played = 1
            while r.left > 1 and played <= FORCED_PLIES:
                forced = r.moves()
                if len(forced) != 1:
                    break
                r.play(forced[0])
                played += 1
            if r.left == 0 and r.stalemate_loser() != me:
                return row
        return None


def lean_round(game):
    """The lean copy of a palace round that :func:`covers` accepts (the game is not changed)."""
    r = _Round.__new__(_Round)
    r.n = game.n
    r.hands = [[int(c) for c in pl.hand] for pl in game.players]
    r.banks = [[int(c) for c in pl.bank if c is not None] for pl in game.players]
    r.gambles = [[int(c) for c in pl.gamble] for pl in game.players]
    r.draw = [int(c) for c in game._draw]
    r.stack = [int(c) for c in game.stack]
    r.out = game._out[:]
    r.left = r.out.count(False)
    r.turn = game.turn
    r.hh, r.sh, r.rep, r.irrev = game._hh, game._sh, dict(game._rep), False
    r.twice = list(r.rep.values()).count(2)
    return r


def palace_playout(game, rng, epsilon=0.0, max_moves=5000, *, seat=None, others=None, trace=None):
    """Play a palace round (a full game that :func:`covers` accepts; the game itself is left as
    it was) to its end as :func:`~scheissekopf.shedding.bots.greedy_playout` would, and return
    ``(moves played, the loser)``; a playout cut short after ``max_moves`` returns None for the
    moves and the seat the stalemate rule would make the loser then. ``trace``: a list to
    append every move's tuple to (for the tests)."""
    return play_out(lean_round(game), rng, epsilon, max_moves, seat=seat, others=others, trace=trace)


def play_out(r, rng, epsilon=0.0, max_moves=5000, *, seat=None, others=None, trace=None):
    """:func:`palace_playout` from a lean round ``r`` (:func:`lean_round`), which it plays on."""
    table = _TABLE
    n_nat = len(_NATURALS)
    rand, choice = rng.random, rng.choice
    if others is None:
        others = epsilon
    hands = r.hands
    played = 0
    while r.left > 1:
        if played >= max_moves:
            return None, r.stalemate_loser()
        p = r.turn
        hand = hands[p]
        row = None
        if hand:  # the usual move: the greedy choice from the hand, without making every play
            stack = r.stack
            mask = _ON[stack[-1] >> 2] if stack else _ALL
            big = len(stack) >= 6
            top = stack[-1] >> 2 if stack else None
            best = best_score = None
            count = 0
            i, n = 0, len(hand)
            while i < n:
                rank = hand[i] >> 2
                j = i + 1
                while j < n and hand[j] >> 2 == rank:
                    j += 1
                if mask >> rank & 1:
                    k = j - i
                    count += k
                    s = table[rank]
                    if big and rank == 10:
                        s = n_nat - 0.5  # a big stack: burn it first
                    score = s * 16 - k
                    if rank == top and s < n_nat + 4 and _run(stack) + k >= 4:
                        score = -100 - k  # completes four of a kind
                    if best_score is None or score < best_score:
                        best, best_score = (i, j), score
                i = j
            if best is None:
                count = 1
                row = (p, "take", (), None, None)
            else:
                row = (p, "play", tuple(hand[best[0] : best[1]]), None, None)
            rows = None
        else:
            rows = r.moves()
            count = len(rows)
        if count > 1:
            if r.twice:
                if rows is None:
                    rows = r.moves()
                win = r.stalemate_win(rows)
            else:
                win = None
            if win is not None:
                row = win
            else:
                q = epsilon if p == seat else others
                if q and rand() < q:
                    if rows is None:
                        rows = r.moves()
                    row = rows[choice(range(len(rows)))]
                elif row is None:
                    row = rows[_greedy_index(rows, table, r.stack, n_nat)]
        elif row is None:
            row = rows[0]
        if trace is not None:
            trace.append(row)
        r.play(row)
        played += 1
    return played, r.loser()


def _run(stack):
    """How many cards of the top card's rank lie in a row on top of the stack."""
    rank = stack[-1] >> 2
    k = 1
    for i in range(len(stack) - 2, -1, -1):
        if stack[i] >> 2 != rank:
            break
        k += 1
    return k


def _greedy_index(rows, table, stack, n_nat):
    """:func:`~scheissekopf.shedding.bots.greedy_index` for palace's moves from the bank and the
    gamble cards (no jokers, no jump-ins)."""
    big = len(stack) >= 6
    top = stack[-1] >> 2 if stack else None
    best, best_score = 0, None
    for i, (_, kind, cards, _, _) in enumerate(rows):
        if kind == "play":
            rank = cards[0] >> 2
            k = len(cards)
            s = table[rank]
            if big and rank == 10:
                s = n_nat - 0.5
            score = s * 16 - k
            if rank == top and s < n_nat + 4 and _run(stack) + k >= 4:
                score = -100 - k
        elif kind == "flip":
            score = 1000
        else:  # take
            score = 2000 + (table[cards[0] >> 2] if cards else 0)
        if best_score is None or score < best_score:
            best, best_score = i, score
    return best
