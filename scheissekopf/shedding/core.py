"""The rules of the shedding presets for a round in play, written once, on plain lists.

:class:`Rules` holds the rules of the play phase: which moves the position offers
(:meth:`Rules.moves`, in the order ``Game.legal_moves`` lists them; written in :mod:`.generate`,
class ``Listing``) and what each one does (:meth:`Rules.play`: plays and their effects, takes,
jokers, turned gamble cards, going out, the stalemate rule's count). It makes no object per move:
a move is the engine's tuple ``(player, kind, cards, target, index)``. Two classes hold the
fields it reads:

* :class:`Round`, below: only what decides the rest of the round, the cards as plain ints (rank
  ``c >> 2``), no log. The search plays its tree and playouts on rounds
  (:mod:`scheissekopf.shedding.playout`).
* :class:`~scheissekopf.shedding.game.Game`: the same fields under the same names (its seats'
  hands are the lists ``hands`` holds), and what makes a game more than a playout around each
  move (:mod:`.apply`): the undo record, the history, the cards known to be in a hand, the words
  of a refusal. The events of a move are written here, into ``_log`` when there is one.

The fields: ``hands`` (sorted), ``banks``, ``gambles`` (schwechat: columns, ``None`` for an empty
slot), ``_draw`` (top last), ``stack``, ``discard``; ``_out``, ``left`` (seats still in),
``finished``, ``bonus``; ``turn``, ``direction``, ``opening`` (the rank the first play must have),
``_pend`` (the seat a turned joker waits on); ``_run`` (the stack's top run: rank, length, 3s on
top); ``_cnt[r][s]`` (seat s's cards of rank r in hand) and ``_held[s]`` (the ranks it holds
there, bit r for rank r); ``_plays[s][r]`` (a game's: its plays of rank r from the hand, kept
until cards come in; None in a round); ``_bankr`` (see :meth:`Rules.bank_ranks`); ``_hh``,
``_sh``, ``keyx`` (the parts of the repetition key), ``_rep`` (the window: key -> visits),
``twice`` (keys visited twice), ``_irrev`` (the move just made cannot come back), ``_key`` (the
last key counted); ``ended``, ``phase``, ``loser``, ``stalemate``.
"""

from __future__ import annotations

from ..cards import JOKER, JOKER_RANK
from .generate import Listing, top_run
from .keys import _MASK, ZDIR, ZH, ZP, ZS, ZT
from .rules import eight_skips, plain_ranks, playable_on, stalemate_outcome

# BIT[r] == 1 << r: looked up on the path of every move, where CPython 3.11's shifts take the
# interpreter's generic path and a list index its fast one
BIT = [1 << r for r in range(16)]


def covers(game):
    """Can a :class:`Round` play on from this game? Any round in play (not the setup, not over)."""
    return game.phase == "play"


class Rules(Listing):
    """The rules of a shedding round in play (see the module's text): the moves it offers
    (:class:`~scheissekopf.shedding.generate.Listing`) and what each does; no fields of its
    own."""

    __slots__ = ()

    def _set_keyx(self):
        """The repetition key's part for the direction and a pending joker (see ``keys.ZDIR``),
        kept apart: it changes seldom."""
        self.keyx = (ZDIR if self.direction < 0 else 0) + (0 if self._pend is None else ZP[self._pend])

    # ------------------------------------------------------------------ playing
    def play(self, row):
        """Make one of :meth:`moves`' tuples and count the position it reaches."""
        self._irrev = False
        kind = row[1]
        if kind == "play":
            # (a play, most moves, is written out in one piece up to its effects: _effects)
            p, cards = row[0], row[2]
            c = cards[0]
            r = c >> 2
            k = len(cards)
            hand = self.hands[p]
            if hand:
                z = ZH[p]
                if k == 1:  # (most plays: one card, no loop)
                    hand.remove(c)
                    h = self._hh - z[c]
                else:
                    h = self._hh
                    for c in cards:
                        hand.remove(c)
                        h -= z[c]
                cnt, ranks = self._cnt, self._held
                left = cnt[r][p] - k
                cnt[r][p] = left
                if not left:
                    ranks[p] ^= BIT[r]  # (its bit was set)
                draw = self._draw
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
                    if self._plays is not None:
                        self._plays[p] = [None] * 16
                    hand += drawn
                    hand.sort()
                    self._irrev = True
                self._hh = h
            else:
                self._bank_remove(p, cards)
            st = self.stack
            if k == 1:
                c = cards[0]
                self._sh += ZS[len(st)][c]
                st.append(c)
            else:
                h = self._sh
                for c in cards:
                    h += ZS[len(st)][c]
                    st.append(c)
                self._sh = h
            rank, n, threes = self._run
            if r == 3 and self.skip3:
                threes += k
                self._run = (rank, n, threes)
            elif r == rank:
                n += k
                self._run = (rank, n, 0)
            else:
                n = k
                self._run = (r, k, 0)
            if hand and self.plain & BIT[r] and n < 4 and threes < 4:
                # no effect: the next seat in plays
                self.opening = None
                n, d, gone = self.n, self.direction, self._out
                nxt = (p + d) % n
                while gone[nxt]:
                    nxt = (nxt + d) % n
                self.turn = nxt
            else:
                if not hand:  # (emptied now, or played from the bank)
                    self._bankr = None
                self._effects(p, r, k)
        elif kind == "take":
            self._take(row[0], row[2])
        elif kind == "joker":
            self._joker(row[0], row[3])
        else:
            self._flip(row[0], row[4])
        if self.ended:
            return
        # count the position reached for the stalemate rule: an irreversible move starts the
        # window afresh, a third visit ends the round. ``twice``: how many positions the window
        # holds twice (only those can come a third time).
        key = self._hh + self._sh + ZT[self.turn]
        if self.keyx:  # (mostly 0: an addition of these long integers is not free)
            key += self.keyx
        key &= _MASK
        self._key = key  # (a game that fails after this takes the count back)
        if self._irrev:
            self._rep = {key: 1}
            self.twice = 0
        else:
            rep = self._rep
            count = rep.get(key, 0) + 1
            rep[key] = count
            if count == 2:
                self.twice += 1
            elif count > 2:
                self._end_stalemate()

    def _bank_remove(self, p, cards):
        self._bankr = None
        bank = self.banks[p]
        for c in cards:
            i = bank.index(c)
            if self.preset.columns:
                bank[i] = None
            else:
                del bank[i]
        self._irrev = True

    def _refill(self, p, hand):
        self._bankr = None
        draw = self._draw
        need = 3 - len(hand)
        z = ZH[p]
        h = self._hh
        cnt = self._cnt
        bits = self._held[p]
        for c in draw[-need:]:
            h += z[c]
            x = c >> 2
            cnt[x][p] += 1
            bits |= 1 << x
            hand.append(c)
        if self._plays is not None:
            self._plays[p] = [None] * 16
        self._held[p] = bits
        del draw[-need:]
        hand.sort()
        self._hh = h
        self._irrev = True

    def _push(self, cards, r):
        st = self.stack
        h = self._sh
        for c in cards:
            h += ZS[len(st)][c]
            st.append(c)
        self._sh = h
        rank, n, threes = self._run
        if r == 3 and self.skip3:
            self._run = (rank, n, threes + len(cards))
        elif r == rank:
            self._run = (rank, n + len(cards), 0)
        else:
            self._run = (r, len(cards), 0)

    def _clear(self):
        """Take the stack away (its list, now the taken cards) and start a new one."""
        taken = self.stack
        self.stack = []
        self._sh = 0
        self._run = (None, 0, 0)
        return taken

    def _hand_add(self, p, cards):
        hand = self.hands[p]
        if not hand:
            self._bankr = None
        z = ZH[p]
        h = self._hh
        cnt = self._cnt
        bits = self._held[p]
        for c in cards:
            h += z[c]
            x = c >> 2
            cnt[x][p] += 1
            bits |= BIT[x]
        self._held[p] = bits
        if self._plays is not None:
            self._plays[p] = [None] * 16
        self._hh = h
        hand += cards
        hand.sort()

    def _effects(self, p, r, k):
        """After p laid k cards of rank r: reversals, burns, skips, going out, who is next."""
        P = self.preset
        log = self._log
        self.opening = None
        if r == JOKER_RANK and P.joker == "reverse":
            if self.left > 2:
                self.direction = -self.direction
                self._set_keyx()
                if log is not None:
                    log.append(("reverse", p, self.names, self.direction))
            elif log is not None:
                log.append(("no-reverse", p, self.names))
        burn = r == 10 and P.ten_burns
        if burn:
            why = "ten"
        else:
            rank, run, threes = self._run
            burn = threes >= 4 or (rank == r and run >= 4)
            why = "four"
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
        elif r == 8 and P.eight_skips and not self.ended:
            skips = eight_skips(k, self.left, out)
            nxt = self._next(p, 1 + skips)
            if log is not None:
                self._note_skips(p, skips, nxt)
        else:
            n, d, gone = self.n, self.direction, self._out
            nxt = (p + d) % n
            while gone[nxt]:
                nxt = (nxt + d) % n
        if burn:
            self.discard += self._clear()
            self._irrev = True
            if log is not None:
                log.append(("burn", p, self.names, why, r, None if self.ended else nxt))
        elif log is not None and r == 7 and P.seven and not self.ended and P.top_key(self.stack) == 7:
            log.append(("seven" if P.seven == "limit" else "undercut", p, self.names))
        self.turn = nxt

    def _note_skips(self, p, skips, nxt):
        """The events of 8s that skip ``skips`` seats after p (a method of its own: a list
        made in ``_effects`` would turn its variables into cells on every call)."""
        skipped = tuple([self._next(p, i) for i in range(1, skips + 1)])
        self._log.append(("skip", p, self.names, skipped))
        if nxt == p:
            self._log.append(("again", p, self.names))

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
        self._out[p] = True
        self.left -= 1
        self.finished.append(p)
        self._irrev = True
        if low_card:
            self.bonus.append(p)
        log = self._log
        if log is not None:
            log.append(("out", p, self.names, len(self.finished), low_card))
        if self.left == 1:
            self.loser = self._out.index(False)
            self.ended = True
            self.phase = "over"
            if log is not None:
                log.append(("loser", self.loser, self.names))
        return True

    def _take(self, p, cards):
        P = self.preset
        log = self._log
        if log is not None:  # (why, for the event: worked out before the stack moves)
            why = "bank" if cards else "voluntary" if P.voluntary_take and self.has_play(p) else "forced"
        if cards:  # palace: a bank card laid first
            self._bank_remove(p, cards)
            self._push(cards, cards[0] >> 2)
        taken = self._clear()
        self._hand_add(p, taken)
        if log is not None:
            log.append(("take", p, self.names, len(taken), why))
        self.opening = None
        self.turn = p if P.take_keeps_turn else self._next(p)

    def _joker(self, p, target):
        if self._pend is not None:  # the turned joker lies on top of the stack
            st = self.stack
            joker = st.pop()
            self._sh -= ZS[len(st)][joker]
            self._pend = None
            self._set_keyx()
        else:
            joker = JOKER
            hand = self.hands[p]
            self._bankr = None
            if hand:
                i = hand.index(JOKER)
                joker = hand.pop(i)
                self._hh -= ZH[p][JOKER]
                jokers = self._cnt[JOKER_RANK]
                jokers[p] -= 1
                if not jokers[p]:
                    self._held[p] &= ~(1 << JOKER_RANK)
                if self._draw and len(hand) < 3:
                    self._refill(p, hand)
            else:
                self._bank_remove(p, (JOKER,))
        self.discard.append(joker)
        self._irrev = True  # (the joker goes to the discard)
        self.opening = None
        taken = self._clear()
        self._hand_add(target, taken)
        if p != target:
            self._check_out(p)
        nxt = None if self.ended else self._next(target)
        if self._log is not None:
            self._log.append(("joker", p, self.names, target, len(taken), nxt))
        if nxt is not None:
            self.turn = nxt

    def _flip(self, p, i):
        P = self.preset
        gamble = self.gambles[p]
        card = gamble[i]
        if P.columns:
            gamble[i] = None
        else:
            del gamble[i]
        self._irrev = True
        log = self._log
        if log is not None:
            log.append(("flip", p, self.names, i, (card,)))
        r = card >> 2
        st = self.stack
        fits = playable_on(P, st) >> r & 1
        # _push of one card, written out: an eighth of a bitenight playout's moves are turned
        # gamble cards, and the call cost a playout move 216 instructions (0.7 %, callgrind)
        self._sh += ZS[len(st)][card]
        st.append(card)
        rank, n, threes = self._run
        if r == 3 and self.skip3:
            self._run = (rank, n, threes + 1)
        elif r == rank:
            self._run = (rank, n + 1, 0)
        else:
            self._run = (r, 1, 0)
        if fits:
            if r == JOKER_RANK and P.joker == "target":
                self._pend = p
                self._set_keyx()
                if log is not None:
                    log.append(("joker-pending", p, self.names))
                return
            self._effects(p, r, 1)
            return
        taken = self._clear()
        self._hand_add(p, taken)
        if log is not None:
            log.append(("take", p, self.names, len(taken), "gamble"))
        self.turn = p if P.take_keeps_turn else self._next(p)

    def _end_stalemate(self):
        order = self.turn_order()
        loser, others = stalemate_outcome(order, {s: self.held(s) for s in order})
        log = self._log
        if log is not None:
            log.append(("stalemate", loser, self.names))
        for s in others:
            self._out[s] = True
            self.finished.append(s)
            if log is not None:
                log.append(("out", s, self.names, len(self.finished), False))
        self.left = 1
        self.loser = loser
        self.ended = True
        self.phase = "over"
        self.stalemate = True
        if log is not None:
            log.append(("loser", loser, self.names))


class Round(Rules):
    """A shedding round in play on plain lists, for the search (see the module's text)."""

    __slots__ = (
        "preset",
        "n",
        "names",
        "hands",
        "_cnt",
        "_held",
        "_plays",
        "banks",
        "gambles",
        "_draw",
        "stack",
        "discard",
        "_run",
        "_out",
        "left",
        "turn",
        "direction",
        "keyx",
        "plain",
        "skip3",
        "_pend",
        "opening",
        "finished",
        "bonus",
        "ended",
        "phase",
        "stalemate",
        "loser",
        "_hh",
        "_sh",
        "_rep",
        "twice",
        "_irrev",
        "_bankr",
        "_key",
        "_log",
    )

    @classmethod
    def of(cls, game):
        """The round of ``game`` (a game in play, or a round; neither is changed), its cards as
        plain ints (``>>`` on a :class:`~scheissekopf.cards.Card` is slower)."""
        r = cls.__new__(cls)
        r.preset = P = game.preset
        r.n = n = game.n
        r.names = None
        r._log = None
        r.hands = hands = [list(map(int, h)) for h in game.hands]
        r._cnt = cnt = list(map(list.copy, [[0] * n] * 16))  # (16 lists, made at C speed)
        r._held = ranks = [0] * n
        for s, hand in enumerate(hands):
            bits = 0
            for c in hand:
                x = c >> 2
                cnt[x][s] += 1
                bits |= 1 << x
            ranks[s] = bits
        if P.columns:
            r.banks = [[None if c is None else int(c) for c in b] for b in game.banks]
            r.gambles = [[None if c is None else int(c) for c in g] for g in game.gambles]
        else:
            r.banks = [list(map(int, b)) for b in game.banks]
            r.gambles = [list(map(int, g)) for g in game.gambles]
        r._plays = None  # (see Rules._turn_moves)
        r._draw = list(map(int, game._draw))
        r.stack = list(map(int, game.stack))
        r.discard = []  # (what was burnt decides nothing in the rest of the round)
        r._run = game._run
        r._out = game._out[:]
        r.left, r.turn, r.direction, r.keyx = game.left, game.turn, game.direction, game.keyx
        r.plain, r.skip3, r._pend, r.opening = plain_ranks(P), game.skip3, game._pend, game.opening
        r.finished, r.bonus = game.finished[:], game.bonus[:]
        r.ended, r.phase, r.stalemate, r.loser = game.ended, game.phase, game.stalemate, game.loser
        r._hh, r._sh, r._rep, r._irrev = game._hh, game._sh, dict(game._rep), False
        r.twice, r._bankr = game.twice, game._bankr
        return r

    def copy(self):
        r = Round.__new__(Round)
        r.preset, r.n, r.names, r._log = self.preset, self.n, None, None
        r._run, r.left, r.turn, r.direction = self._run, self.left, self.turn, self.direction
        r.keyx, r.plain, r.skip3, r.phase = self.keyx, self.plain, self.skip3, self.phase
        r._pend, r.opening, r.ended, r.stalemate, r.loser = (
            self._pend,
            self.opening,
            self.ended,
            self.stalemate,
            self.loser,
        )
        r._hh, r._sh, r.twice, r._irrev, r._bankr = self._hh, self._sh, self.twice, self._irrev, self._bankr
        r.hands = [h[:] for h in self.hands]
        r._cnt = list(map(list.copy, self._cnt))
        r._held = self._held[:]
        r._plays = None
        r.banks = [b[:] for b in self.banks]
        r.gambles = [g[:] for g in self.gambles]
        r._draw, r.stack, r._out, r.discard = self._draw[:], self.stack[:], self._out[:], []
        r.finished, r.bonus, r._rep = self.finished[:], self.bonus[:], dict(self._rep)
        return r


def derive(g):
    """Work out the fields a round keeps about its own cards (counts, rank masks, the top run,
    the seats still in, the key's extra part) from its zones, after they were set or put back
    directly (a game read from a position, edited, or taken back a move)."""
    P = g.preset
    n = g.n
    cnt = [[0] * n for _ in range(16)]
    held = [0] * n
    for s, hand in enumerate(g.hands):
        for c in hand:
            cnt[c >> 2][s] += 1
            held[s] |= 1 << (c >> 2)
    g._cnt, g._held = cnt, held
    g._plays = [[None] * 16 for _ in range(n)]  # (see Rules._turn_moves)
    g._run = top_run(P, g.stack)
    g.left = g._out.count(False)
    # a game logs a 7's rule as an event, so for it a 7 is not a plain play
    g.plain = plain_ranks(P) & ~(BIT[7] if P.seven and g._log is not None else 0)
    g.skip3 = P.run_skips_threes
    g._set_keyx()
    g._bankr = None
    g._key = None
    g.ended = g.phase == "over"
    g.twice = list(g._rep.values()).count(2)
