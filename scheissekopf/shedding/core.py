"""The rules of the shedding presets in their lean form: a round in play on plain lists.

A :class:`Round` holds what decides the rest of a round and nothing more: the cards as small
integers (``Card`` codes: rank ``c >> 2``), each seat's hand (sorted), bank and gamble, the draw
pile (top last), the stack, who is out, the player to move, the direction, a turned joker
waiting for its target and an opening rank, and the repetition window. It makes no object per
move: a move is the engine's tuple ``(player, kind, cards, target, index)``, listed by
:meth:`Round.moves` in the order :meth:`Game.legal_moves` lists them, and played by
:meth:`Round.play` to the position the game reaches (the same repetition keys, so a stalemate
comes at the same move; the same seats out, in the same order, for the points).

What makes the :class:`~scheissekopf.shedding.game.Game` more (the undo record, the history of
moves, the event log, the cards known to be in a hand, the words of a refusal) is not kept here.
The search plays its playouts on a round (:mod:`scheissekopf.shedding.playout`);
``tests/test_shedding_core.py`` holds it to the game, move for move, at 2 to 6 seats.

Only the play phase is covered: a round in setup is played by the game until the cards are in
play (:func:`covers`).
"""

from __future__ import annotations

from bisect import bisect_left

from ..cards import JOKER_RANK
from .keys import _MASK, ZDIR, ZH, ZP, ZS, ZT
from .rules import (
    _ONE_TARGET,
    _RANKS_IN,
    _jump_targets,
    eight_skips,
    joker_rows,
    jump_in_rows,
    plain_ranks,
    playable_on,
    round_points,
    stalemate_outcome,
    table_rows,
    turn_order,
)

JOKER = JOKER_RANK << 2  # every joker has this code
# BIT[r] == 1 << r: looked up on the path of every move, where CPython 3.11's shifts take the
# interpreter's generic path and a list index its fast one
BIT = [1 << r for r in range(16)]


def covers(game):
    """Can a :class:`Round` play on from this game? Any round in play (not the setup, not over)."""
    return game.phase == "play"


class Round:
    """A shedding round in play, on plain lists (see the module's text)."""

    __slots__ = (
        "P",
        "n",
        "hands",
        "cnt",
        "ranks",
        "banks",
        "gambles",
        "draw",
        "stack",
        "run",
        "out",
        "left",
        "turn",
        "direction",
        "keyx",
        "plain",
        "skip3",
        "pend",
        "opening",
        "finished",
        "bonus",
        "over",
        "stalemate",
        "loser",
        "hh",
        "sh",
        "rep",
        "twice",
        "irrev",
        "bankr",
    )

    @classmethod
    def of(cls, game):
        """The round of ``game`` (a full game in play; the game is not changed)."""
        r = cls.__new__(cls)
        r.P = P = game.preset
        r.n = n = game.n
        players = game.players
        r.hands = hands = [list(map(int, pl.hand)) for pl in players]  # (plain ints: >> on a Card is slow)
        r.cnt = cnt = list(map(list.copy, [[0] * n] * 16))  # (16 lists, made at C speed)
        r.ranks = ranks = [0] * n
        for s, hand in enumerate(hands):
            bits = 0
            for c in hand:
                x = c >> 2
                cnt[x][s] += 1
                bits |= 1 << x
            ranks[s] = bits
        if P.columns:
            r.banks = [[None if c is None else int(c) for c in pl.bank] for pl in players]
            r.gambles = [[None if c is None else int(c) for c in pl.gamble] for pl in players]
        else:
            r.banks = [list(map(int, pl.bank)) for pl in players]
            r.gambles = [list(map(int, pl.gamble)) for pl in players]
        r.draw = list(map(int, game._draw))
        r.stack = list(map(int, game.stack))
        r.run = game._top_run() if game.stack else (None, 0, 0)
        r.out = game._out[:]
        r.left = r.out.count(False)
        r.turn = game.turn
        r.direction = game.direction
        r.pend = game._pend
        r.keyx = (ZDIR if r.direction < 0 else 0) + (0 if r.pend is None else ZP[r.pend])  # (_set_keyx)
        r.plain = plain_ranks(P)
        r.skip3 = P.run_skips_threes
        r.opening = game.opening
        r.finished = game.finished[:]
        r.bonus = game.bonus[:]
        r.over = game.phase == "over"
        r.stalemate = game.stalemate
        r.loser = game.loser
        r.hh, r.sh, r.rep, r.irrev = game._hh, game._sh, dict(game._rep), False
        r.twice = list(r.rep.values()).count(2)
        r.bankr = None
        return r

    # ``cnt[r][s]``: how many cards of rank r seat s holds in its hand; ``ranks[s]``: the ranks
    # it holds there, as a bit mask (bit r for rank r); ``bankr``: see bank_ranks (None: not
    # known; a change to a bank, or a hand emptied or filled, forgets it)

    def copy(self):
        r = Round.__new__(Round)
        r.P, r.n, r.run, r.left, r.turn, r.direction = self.P, self.n, self.run, self.left, self.turn, self.direction
        r.keyx, r.plain, r.skip3 = self.keyx, self.plain, self.skip3
        r.pend, r.opening, r.over, r.stalemate, r.loser = self.pend, self.opening, self.over, self.stalemate, self.loser
        r.hh, r.sh, r.twice, r.irrev, r.bankr = self.hh, self.sh, self.twice, self.irrev, self.bankr
        r.hands = [h[:] for h in self.hands]
        r.cnt = list(map(list.copy, self.cnt))
        r.ranks = self.ranks[:]
        r.banks = [b[:] for b in self.banks]
        r.gambles = [g[:] for g in self.gambles]
        r.draw, r.stack, r.out = self.draw[:], self.stack[:], self.out[:]
        r.finished, r.bonus, r.rep = self.finished[:], self.bonus[:], dict(self.rep)
        return r

    def _set_keyx(self):
        """The repetition key's part for the direction and a pending joker (see ``game.ZDIR``),
        kept apart: it changes seldom."""
        self.keyx = (ZDIR if self.direction < 0 else 0) + (0 if self.pend is None else ZP[self.pend])

    # ------------------------------------------------------------------ reading
    def bank_ranks(self):
        """Bit mask of the ranks lying in the banks of the seats whose hand is empty (those that
        play from their banks once the draw pile is gone), kept in ``bankr`` until it changes."""
        bits = 0
        banks = self.banks
        for s, hand in enumerate(self.hands):
            if not hand:
                for c in banks[s]:
                    if c is not None:
                        bits |= 1 << (c >> 2)
        self.bankr = bits
        return bits

    def held(self, s):
        """How many cards seat ``s`` holds in all its zones."""
        n = len(self.hands[s])
        for c in self.banks[s]:
            if c is not None:
                n += 1
        for c in self.gambles[s]:
            if c is not None:
                n += 1
        return n

    def playable(self):
        """Bit mask of the ranks that may be laid on the stack now (bit r for rank r)."""
        return playable_on(self.P, self.stack)

    def _next(self, p, steps=1):
        """The seat ``steps`` places after p in the direction of play, counting seats still in."""
        n, d, out = self.n, self.direction, self.out
        while steps:
            p = (p + d) % n
            if not out[p]:
                steps -= 1
        return p

    def turn_order(self):
        """Seats still in, from the player to move onward in the direction of play."""
        return turn_order(self.n, self.turn, self.direction, self.out)

    def stalemate_loser(self):
        """Who a stalemate now would make the Scheißkopf: the seat still in holding the most
        cards, a tie going against the first in turn order from the player to move."""
        order = self.turn_order()
        return stalemate_outcome(order, {s: self.held(s) for s in order})[0]

    def result_loser(self):
        """The Scheißkopf once over; before that, whom the stalemate rule would name."""
        return self.loser if self.over else self.stalemate_loser()

    def points(self):
        """Bitenight, once over: each seat's points for the round, in seat order (as
        :meth:`Game.points` gives them)."""
        return round_points(self.n, self.finished, self.bonus, self.loser)

    # ------------------------------------------------------------------ the moves
    def moves(self):
        """Every move now, as the game's tuples in the game's order: the player to move's, then
        the jump-ins (bitenight)."""
        rows = []
        if self.pend is not None:
            joker_rows(self.pend, self.out, self.held(self.pend) == 0, JOKER, rows)
            return rows
        self._turn_moves(self.turn, rows)
        if self.P.jump_ins and self.opening is None and self.stack:
            targets = self.jump_targets()
            if targets:
                jump_in_rows(targets, self.hands, self.banks, self.cnt, self.turn, self.out, self.draw, rows)
        return rows

    def _turn_moves(self, p, rows):
        """The moves of the player to move, p: plays from the zone it plays from, gamble flips,
        taking (as ``Game._play_moves``)."""
        P = self.P
        mask = playable_on(P, self.stack)
        hand = self.hands[p]
        if hand:
            if self.opening is not None:
                mask &= 1 << self.opening
            cnt = self.cnt
            # each playable rank held, lowest first, one play per count: the kept counts and rank
            # mask say which, so the hand is not walked card by card (listing the moves was
            # two thirds of a random move's instructions)
            for r in _RANKS_IN[(mask & self.ranks[p]) >> 2]:
                if r == JOKER_RANK and P.joker == "target":
                    joker_rows(p, self.out, not self.draw and self.held(p) == 1, JOKER, rows)
                    continue
                k = cnt[r][p]
                i = bisect_left(hand, r << 2)  # (sorted: a rank's cards lie together)
                if k == 1:
                    rows.append((p, "play", (hand[i],), None, None))
                else:
                    cards = tuple(hand[i : i + k])
                    for j in range(1, k + 1):
                        rows.append((p, "play", cards[:j], None, None))
        elif not self.draw:  # off the table: bank, gamble
            if table_rows(P, p, self.banks[p], self.gambles[p], mask, self.opening, self.out, JOKER, rows):
                return
        if self.stack and (P.voluntary_take or not rows):
            rows.append((p, "take", (), None, None))

    def jump_targets(self):
        """The (rank, copies needed) pairs that complete four of a kind on the stack, when some
        seat holds enough of one in the zone it plays from (its own hand, or its bank once the
        hand and the draw pile are empty); else (). The player to move counts too, as the game
        asks (the quick test of ``Game._jump_in_targets``)."""
        rank, run, threes = self.run
        if threes:
            targets = _jump_targets(rank, run, threes)
        elif rank is not None and run < 4:
            targets = _ONE_TARGET[rank][run]
        else:
            return ()
        if not targets:
            return ()
        cnt = self.cnt
        for r, need in targets:
            if max(cnt[r]) >= need:
                return targets
        if not self.draw:  # the seats playing from their banks
            bits = self.bankr
            if bits is None:
                bits = self.bank_ranks()
            for r, _ in targets:
                if bits >> r & 1:
                    return targets
        return ()

    # ------------------------------------------------------------------ playing
    def play(self, row):
        """Make one of :meth:`moves`' tuples and count the position it reaches."""
        self.irrev = False
        kind = row[1]
        if kind == "play":
            # (a play, most moves, is written out in one piece up to its effects: _resolve)
            p, cards = row[0], row[2]
            c = cards[0]
            r = c >> 2
            k = len(cards)
            hand = self.hands[p]
            if hand:
                z = ZH[p]
                if k == 1:  # (most plays: one card, no loop)
                    hand.remove(c)
                    h = self.hh - z[c]
                else:
                    h = self.hh
                    for c in cards:
                        hand.remove(c)
                        h -= z[c]
                cnt, ranks = self.cnt, self.ranks
                left = cnt[r][p] - k
                cnt[r][p] = left
                if not left:
                    ranks[p] ^= BIT[r]  # (its bit was set)
                draw = self.draw
                if draw and len(hand) < 3:  # draw back up to three
                    drawn = draw[-(3 - len(hand)) :]
                    del draw[-len(drawn) :]
                    bits = ranks[p]
                    for c in drawn:
                        h += z[c]
                        x = c >> 2
                        cnt[x][p] += 1
                        bits |= 1 << x
                    ranks[p] = bits
                    hand += drawn
                    hand.sort()
                    self.irrev = True
                self.hh = h
            else:
                self._bank_remove(p, cards)
            st = self.stack
            if k == 1:
                c = cards[0]
                self.sh += ZS[len(st)][c]
                st.append(c)
            else:
                h = self.sh
                for c in cards:
                    h += ZS[len(st)][c]
                    st.append(c)
                self.sh = h
            rank, n, threes = self.run
            if r == 3 and self.skip3:
                threes += k
                self.run = (rank, n, threes)
            elif r == rank:
                n += k
                self.run = (rank, n, 0)
            else:
                n = k
                self.run = (r, k, 0)
            if hand and self.plain & BIT[r] and n < 4 and threes < 4:
                # no effect: the next seat in plays
                self.opening = None
                n, d, gone = self.n, self.direction, self.out
                nxt = (p + d) % n
                while gone[nxt]:
                    nxt = (nxt + d) % n
                self.turn = nxt
            else:
                if not hand:  # (emptied now, or played from the bank)
                    self.bankr = None
                self._resolve(p, r, k)
        elif kind == "take":
            self._take(row[0], row[2])
        elif kind == "joker":
            self._joker(row[0], row[3])
        else:
            self._flip(row[0], row[4])
        if self.over:
            return
        # count the position reached for the stalemate rule, as the game does: an irreversible
        # move starts the window afresh, a third visit ends the round. ``twice``: how many
        # positions the window holds twice (only those can come a third time).
        key = self.hh + self.sh + ZT[self.turn]
        if self.keyx:  # (mostly 0: an addition of these long integers is not free)
            key += self.keyx
        key &= _MASK
        if self.irrev:
            self.rep = {key: 1}
            self.twice = 0
        else:
            rep = self.rep
            count = rep.get(key, 0) + 1
            rep[key] = count
            if count == 2:
                self.twice += 1
            elif count > 2:
                self._end_stalemate()

    def _bank_remove(self, p, cards):
        self.bankr = None
        bank = self.banks[p]
        for c in cards:
            i = bank.index(c)
            if self.P.columns:
                bank[i] = None
            else:
                del bank[i]
        self.irrev = True

    def _refill(self, p, hand):
        self.bankr = None
        draw = self.draw
        need = 3 - len(hand)
        z = ZH[p]
        h = self.hh
        cnt = self.cnt
        bits = self.ranks[p]
        for c in draw[-need:]:
            h += z[c]
            cnt[c >> 2][p] += 1
            bits |= 1 << (c >> 2)
            hand.append(c)
        self.ranks[p] = bits
        del draw[-need:]
        hand.sort()
        self.hh = h
        self.irrev = True

    def _push(self, cards, r):
        st = self.stack
        h = self.sh
        for c in cards:
            h += ZS[len(st)][c]
            st.append(c)
        self.sh = h
        rank, n, threes = self.run
        if r == 3 and self.skip3:
            self.run = (rank, n, threes + len(cards))
        elif r == rank:
            self.run = (rank, n + len(cards), 0)
        else:
            self.run = (r, len(cards), 0)

    def _clear(self):
        taken = self.stack
        self.stack = []
        self.sh = 0
        self.run = (None, 0, 0)
        return taken

    def _hand_add(self, p, cards):
        hand = self.hands[p]
        if not hand:
            self.bankr = None
        z = ZH[p]
        h = self.hh
        cnt = self.cnt
        bits = self.ranks[p]
        for c in cards:
            h += z[c]
            x = c >> 2
            cnt[x][p] += 1
            bits |= BIT[x]
        self.ranks[p] = bits
        self.hh = h
        hand += cards
        hand.sort()

    def _resolve(self, p, r, k):
        """After p laid k cards of rank r: reversals, burns, skips, going out, who is next (as
        ``Game._resolve_play``)."""
        P = self.P
        self.opening = None
        if r == JOKER_RANK and P.joker == "reverse" and self.left > 2:
            self.direction = -self.direction
            self._set_keyx()
        burn = r == 10 and P.ten_burns
        if not burn:
            rank, run, threes = self.run
            burn = threes >= 4 or (rank == r and run >= 4)
        # (a bank or gamble card left, the usual answer, is told without the call: no card's
        # code is 0, so any() is False only for a zone of empty slots)
        out = (
            not self.hands[p]
            and not any(self.banks[p])
            and not any(self.gambles[p])
            and self._check_out(p, r == 4 and P.scoring == "points")
        )
        if burn and P.burn_restarts_self:
            nxt = self._next(p) if out else p
        elif r == 8 and P.eight_skips and not self.over:
            nxt = self._next(p, 1 + eight_skips(k, self.left, out))
        else:
            n, d, gone = self.n, self.direction, self.out
            nxt = (p + d) % n
            while gone[nxt]:
                nxt = (nxt + d) % n
        if burn:
            self._clear()
            self.irrev = True
        self.turn = nxt

    def _check_out(self, p, low_card=False):
        """Mark p out if it holds nothing; end the round when one seat is left."""
        if self.hands[p]:
            return False
        for c in self.banks[p]:
            if c is not None:
                return False
        for c in self.gambles[p]:
            if c is not None:
                return False
        self.out[p] = True
        self.left -= 1
        self.finished.append(p)
        self.irrev = True
        if low_card:
            self.bonus.append(p)
        if self.left == 1:
            self.loser = self.out.index(False)
            self.over = True
        return True

    def _take(self, p, cards):
        P = self.P
        if cards:  # palace: a bank card laid first
            self._bank_remove(p, cards)
            self._push(cards, cards[0] >> 2)
        self._hand_add(p, self._clear())
        self.opening = None
        self.turn = p if P.take_keeps_turn else self._next(p)

    def _joker(self, p, target):
        if self.pend is not None:  # the turned joker lies on top of the stack
            st = self.stack
            joker = st.pop()
            self.sh -= ZS[len(st)][joker]
            self.pend = None
            self._set_keyx()
        else:
            hand = self.hands[p]
            self.bankr = None
            if hand:
                hand.remove(JOKER)
                self.hh -= ZH[p][JOKER]
                jokers = self.cnt[JOKER_RANK]
                jokers[p] -= 1
                if not jokers[p]:
                    self.ranks[p] &= ~(1 << JOKER_RANK)
                if self.draw and len(hand) < 3:
                    self._refill(p, hand)
            else:
                self._bank_remove(p, (JOKER,))
        self.irrev = True  # (the joker goes to the discard)
        self.opening = None
        self._hand_add(target, self._clear())
        if p != target:
            self._check_out(p)
        if not self.over:
            self.turn = self._next(target)

    def _flip(self, p, i):
        P = self.P
        gamble = self.gambles[p]
        card = gamble[i]
        if P.columns:
            gamble[i] = None
        else:
            del gamble[i]
        self.irrev = True
        r = card >> 2
        st = self.stack
        fits = playable_on(P, st) >> r & 1
        # _push of one card, written out: an eighth of a bitenight playout's moves are turned
        # gamble cards, and the call cost a playout move 216 instructions (0.7 %, callgrind)
        self.sh += ZS[len(st)][card]
        st.append(card)
        rank, n, threes = self.run
        if r == 3 and self.skip3:
            self.run = (rank, n, threes + 1)
        elif r == rank:
            self.run = (rank, n + 1, 0)
        else:
            self.run = (r, 1, 0)
        if fits:
            if r == JOKER_RANK and P.joker == "target":
                self.pend = p
                self._set_keyx()
                return
            self._resolve(p, r, 1)
            return
        self._hand_add(p, self._clear())
        self.turn = p if P.take_keeps_turn else self._next(p)

    def _end_stalemate(self):
        order = self.turn_order()
        loser, others = stalemate_outcome(order, {s: self.held(s) for s in order})
        for s in others:
            self.out[s] = True
            self.finished.append(s)
        self.left = 1
        self.loser = loser
        self.over = True
        self.stalemate = True
