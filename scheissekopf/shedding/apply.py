"""Applying a move in the shedding game: every change a legal move makes to a position.

A mixin of :class:`~scheissekopf.shedding.game.Game`. All changes to a position happen here,
through a handful of small mutators that also write the undo record (the journal of
:class:`~scheissekopf.core.Recorded`) and keep the repetition hash and the generators' caches
up to date; above them, the transitions: the setup, plays and their effects (burns, 8s, 7s,
jokers, going out), takes, turned gamble cards, jump-ins, the stalemate. The presets
(:mod:`scheissekopf.shedding.presets`) only supply data and the few functions where their rules
differ.

Undo is a record, not a snapshot: before a move changes a list, the move's record keeps either
the list's old length (when the move only appends) or a shallow copy of it (when the move
removes cards); the scalar fields are saved as one tuple.
"""

from __future__ import annotations

from ..cards import CARDS, JOKER, JOKER_RANK
from .keys import _MASK, ZDIR, ZH, ZP, ZS
from .rules import eight_skips, stalemate_outcome, turn_order

# the ranks of the deck as bit masks (bit r for rank r): 2 to A, and with the jokers
_DECK_RANKS = (sum(1 << r for r in range(2, JOKER_RANK)), sum(1 << r for r in range(2, JOKER_RANK + 1)))


class Application:
    """The mutators and transitions of the shedding :class:`~scheissekopf.shedding.game.Game`."""

    __slots__ = ()

    def _apply(self, move):
        kind = move.kind
        if kind == "play":
            self._do_play(move.player, move.cards)
        elif kind == "take":
            self._do_take(move.player, move.cards)
        elif kind == "joker":
            self._do_joker(move.player, move.target)
        elif kind == "flip":
            self._do_flip(move.player, move.index)
        else:
            self._do_setup(move)

    # ------------------------------------------------------------------ mutators
    def _hand_remove(self, p, cards, r):
        """`cards` (a tuple: the journal tells this entry by it), all of rank `r` (a play, or a
        single card), out of p's hand."""
        hand = self.players[p].hand
        j = self._j
        j.append(cards)  # undo puts `cards` back into the sorted hand
        j.append(hand)
        z = ZH[p]
        h = self._hh
        held = len(hand)
        try:
            for c in cards:
                hand.remove(c)
                h -= z[c]
        except BaseException:
            # a card that is not in the hand (only an edited offer gets this far): the record
            # must put back exactly the cards taken out before it, as the cards they were
            j[-2] = tuple(CARDS[int(c)] for c in cards[: held - len(hand)])
            raise
        self._hh = h
        if not hand:
            self._bankr = None
        if self._cnt is not None:
            k = self._cnt[r]
            k[p] -= len(cards)
            if not k[p]:
                self._held[p] &= ~(1 << r)
            self._plays[p][r] = None
        if self._need:  # (empty unless a seat had to take the stack)
            need = self._need[p]
            if need is not None and need[0] >> r & 1:
                self._relax(p, cards, need)
        known = self.known[p]
        if known:  # a played copy of a known card lowers what is known
            gone = cards  # (mostly every card played was known: one scan each)
            for c in cards:
                try:
                    known.remove(c)
                except ValueError:  # this copy was not known
                    i = gone.index(c)
                    gone = gone[:i] + gone[i + 1 :]
            if gone:
                self._j.append(gone)
                self._j.append(known)

    def _relax(self, p, cards, need):
        """p plays `cards` of a rank its constraint counts (``unplayable[p]``, see _do_take): each
        card that was not known leaves one fewer to find. Called before ``known`` gives them up."""
        k = need[1] - len(cards)
        known = self.known[p]
        if known:  # (the known copies are the ones played first, as _hand_remove takes them)
            counted = []
            for c in cards:
                if known.count(c) > counted.count(c):
                    counted.append(c)
                    k += 1
        if k != need[1]:
            self._set_need(p, (need[0], k) if k > 0 else None)

    def _set_need(self, p, need):
        """Set what is known about p's hidden hand cards (``unplayable``), in the undo record."""
        needs = self._need
        self._j.append(needs)
        self._j.append(tuple(needs))  # (undo puts the list back whole, at its old length)
        if not needs:
            needs += [None] * self.n
        needs[p] = need
        if need is None and needs.count(None) == self.n:
            needs.clear()

    def _hand_add(self, p, cards, public=False):
        """Cards into p's hand; `public` when everyone saw them go there (a taken stack, a
        swapped bank card), so they join ``known[p]``."""
        hand = self.players[p].hand
        if not hand:
            self._bankr = None
        self._j.append(hand)
        self._j.append(bytes(hand))
        hand += cards
        hand.sort()
        z = ZH[p]
        h = self._hh
        if self._cnt is None:
            for c in cards:
                h += z[c]
        else:
            cnt = self._cnt
            bits = self._held[p]
            plays = self._plays[p]
            for c in cards:
                h += z[c]
                r = c >> 2
                cnt[r][p] += 1
                bits |= 1 << r
                plays[r] = None
            self._held[p] = bits
        self._hh = h
        if public and cards:
            known = self.known[p]
            self._j.append(known)
            self._j.append(bytes(known))
            known += cards
            known.sort()

    def _zone_remove(self, p, zone, cards):
        if zone == "hand":
            self._hand_remove(p, cards, cards[0] >> 2)
            return
        lst = getattr(self.players[p], zone)
        if zone == "bank":
            self._bankr = None
        self._j.append(lst)
        self._j.append(tuple(lst))
        for c in cards:
            i = lst.index(c)
            if self.preset.columns:
                lst[i] = None
            else:
                del lst[i]
        self._irrev = True

    def _push(self, cards, r):
        """Lay `cards`, all of rank `r`, on the stack."""
        self._mask = self.preset.on_top[r]  # None: worked out when asked
        st = self.stack
        self._j.append(st)
        self._j.append(len(st))
        h = self._sh
        for c in cards:
            h += ZS[len(st)][c]
            st.append(c)
        self._sh = h
        run = self._run
        if run is not None:  # extend the cached top run (see _top_run)
            rank, n, threes = run
            if r == 3 and self.preset.run_skips_threes:
                self._run = (rank, n, threes + len(cards))
            elif r == rank:
                self._run = (rank, n + len(cards), 0)
            else:
                self._run = (r, len(cards), 0)

    def _clear_stack(self):
        self._mask = self.preset.on_empty
        self._run = (None, 0, 0)
        st = self.stack
        old = tuple(st)
        self._j.append(st)
        self._j.append(old)
        st.clear()
        self._sh = 0
        return old

    def _to_discard(self, cards):
        d = self.discard
        self._j.append(d)
        self._j.append(len(d))
        d += cards
        self._irrev = True

    def _refill(self, p):
        hand = self.players[p].hand
        dr = self._draw
        need = 3 - len(hand)
        if need > 0 and dr:
            self._j.append(dr)
            self._j.append(bytes(dr))
            take = dr[-need:]
            del dr[-need:]
            self._hand_add(p, take)
            self._irrev = True

    # ------------------------------------------------------------------ turn order
    def _next(self, p, steps=1):
        """The seat `steps` places after p in the current direction, counting only players
        still in (p itself is reached again after a full circle)."""
        n, d, out = self.n, self.direction, self._out
        if steps == 1:  # (the usual question: who is next)
            p = (p + d) % n
            while out[p]:
                p = (p + d) % n
            return p
        while steps:
            p = (p + d) % n
            if not out[p]:
                steps -= 1
        return p

    def _in_count(self):
        return self._out.count(False)

    def _turn_order(self):
        """Seats still in, from the player to move onward in the current direction."""
        return turn_order(self.n, self.turn, self.direction, self._out)

    def _check_out(self, p, low_card=False):
        """Mark p out if they hold nothing; end the round when one player is left."""
        pl = self.players[p]
        if pl.hand or pl.bank.count(None) != len(pl.bank) or pl.gamble.count(None) != len(pl.gamble):
            return False
        self._set(self._out, p, True)
        fin = self.finished
        self._j.append(fin)
        self._j.append(len(fin))
        fin.append(p)
        self._irrev = True
        if low_card:
            self._j.append(self.bonus)
            self._j.append(len(self.bonus))
            self.bonus.append(p)
        self._note("out", p, len(fin), low_card)
        if self._in_count() == 1:
            self.loser = self._out.index(False)
            self.phase = "over"
            self._note("loser", self.loser)
        return True

    def _stalemate_loser(self):
        """Who a stalemate now would make the Scheißkopf: the seat still in holding the most
        cards, a tie going against the first in turn order from the player to move."""
        return self._stalemate_outcome()[0]

    def _stalemate_outcome(self):
        """A stalemate now: the Scheißkopf and the others in the order they finish."""
        order = self._turn_order()
        return stalemate_outcome(order, {s: self.players[s].cards_held for s in order})

    def _end_stalemate(self):
        loser, others = self._stalemate_outcome()
        self._note("stalemate", loser)
        for s in others:
            self._set(self._out, s, True)
            self._j.append(self.finished)
            self._j.append(len(self.finished))
            self.finished.append(s)
            self._note("out", s, len(self.finished), False)
        self.loser = loser
        self.phase = "over"
        self.stalemate = True
        self._note("loser", loser)

    # ------------------------------------------------------------------ transitions
    def _do_setup(self, m):
        p, pl = m.player, self.players[m.player]
        if self._smoves is not None:
            self._smoves[p] = None  # p's setup moves change with its cards
        self._bankr = None  # (a swap or a placing changes a bank)
        if m.kind == "swap":
            h, b = m.cards
            self._hand_remove(p, (h,), h >> 2)
            self._set(pl.bank, pl.bank.index(b), h)
            self._hand_add(p, (b,), public=True)
            self._note("swap", p, (h, b))
        elif m.kind == "place":
            self._hand_remove(p, m.cards, m.cards[0] >> 2)
            self._set(pl.bank, m.index, m.cards[0])
            self._note("place", p, m.cards, m.index)
        if m.kind == "ready" or self._setup_repeated(p):
            self._set(self.ready, p, True)
            self._note("ready", p)
            if all(self.ready):
                self._start_play()

    def _setup_repeated(self, p):
        """Count the hand p's swap or placing has led to; True when p held exactly these cards
        after its own setup moves twice before (the setup repetition rule: p is then ready).
        ``_seen`` lists the keys (seat and hand) reached, once per time (undo shortens it)."""
        z = ZH[p]
        key = (sum(z[c] for c in self.players[p].hand) + ZP[p] + ZDIR) & _MASK
        seen = self._seen
        self._j.append(seen)
        self._j.append(len(seen))
        seen.append(key)
        if seen.count(key) < 3:
            return False
        self._note("setup-repeat", p)
        return True

    def _start_play(self):
        self.phase = "play"
        seat, rank = self.preset.opener(self)
        self.turn = seat
        self.opening = rank
        self._note("start", seat, rank)
        self._rehash()
        self._irrev = True

    def _do_play(self, p, cards):
        r = cards[0] >> 2  # (worked out once: >> on a Card is not cheap)
        zone = "hand" if self.players[p].hand else self.active_zone(p)
        if zone == "hand":
            self._hand_remove(p, cards, r)
        else:
            self._zone_remove(p, zone, cards)
        self._push(cards, r)
        # the event, written as _note writes it (a call less on every move)
        if p != self.turn:  # (cards: a move's tuple, kept as it is)
            self._log.append(("jump-in", p, self.names, cards))
        else:
            self._log.append(("play", p, self.names, cards, zone))
        if zone == "hand" and self._draw:
            self._refill(p)
        self._resolve_play(p, cards, r)

    def _resolve_play(self, p, cards, r):
        """Effects of cards of rank r just laid on the stack by p: burns, skips, 7s, reversals,
        going out."""
        P = self.preset
        k = len(cards)
        self.opening = None
        if r == JOKER_RANK and P.joker == "reverse":
            if self._in_count() > 2:
                self.direction = -self.direction
                self._note("reverse", p, self.direction)
            else:
                self._note("no-reverse", p)
        burn = "ten" if (r == 10 and P.ten_burns) else None
        if burn is None:
            rank, run, threes = self._run or self._top_run()
            if threes >= 4 or (rank == r and run >= 4):
                burn = "four"
        out = not self.players[p].hand and self._check_out(p, low_card=(r == 4 and P.scoring == "points"))
        if burn and P.burn_restarts_self:
            nxt = self._next(p) if out else p
        elif r == 8:
            nxt = self._after(p, r, k, out)
        else:  # _next(p), written out: this runs every play
            n, d, gone = self.n, self.direction, self._out
            nxt = (p + d) % n
            while gone[nxt]:
                nxt = (nxt + d) % n
        if burn:
            self._to_discard(self._clear_stack())
            self._note("burn", p, burn, r, None if self.phase == "over" else nxt)
        elif self.phase != "over":
            if r == 7 and P.seven and P.top_key(self.stack) == 7:
                self._note("seven" if P.seven == "limit" else "undercut", p)
        self.turn = nxt

    def _after(self, p, r, k, out):
        """Who plays after p's play of k cards of rank r (8s skip in bitenight and schwechat)."""
        if r != 8 or not self.preset.eight_skips or self.phase == "over":
            return self._next(p)
        skips = eight_skips(k, self._in_count(), out)
        nxt = self._next(p, 1 + skips)
        skipped = []
        q = p
        for _ in range(skips):
            q = self._next(q)
            skipped.append(q)
        self._note("skip", p, tuple(skipped))
        if nxt == p:
            self._note("again", p)
        return nxt

    def _do_take(self, p, cards):
        P = self.preset
        if cards:  # palace: lay a bank card, then take
            self._zone_remove(p, "bank", cards)
            self._push(cards, cards[0] >> 2)
            reason = "bank"
        elif P.voluntary_take and self._has_play(p):
            reason = "voluntary"
        else:
            reason = "forced"
        # A take where taking is never voluntary (bitenight, palace), made from the hand, shows
        # everyone that no hand card could be played on this stack: every card of the hand that
        # nobody saw arrive has a rank that could not be played. It replaces what an older take
        # showed (the hand has only grown since, by cards counted in `known` or drawn unseen).
        need = None
        hand = self.players[p].hand
        if hand and not cards and not P.voluntary_take:
            k = len(hand) - len(self.known[p])
            if k:
                mask = self._playable()
                if self.opening is not None:  # (the opening play: that rank only)
                    mask &= 1 << self.opening
                need = (_DECK_RANKS[P.jokers_per_deck > 0] & ~mask, k)
        taken = self._clear_stack()
        self._hand_add(p, taken, public=True)
        if need is not None or (self._need and self._need[p] is not None):
            self._set_need(p, need)
        self._note("take", p, len(taken), reason)
        self.opening = None
        self.turn = p if P.take_keeps_turn else self._next(p)

    def _has_play(self, p):
        moves = []
        pl = self.players[p]
        if pl.hand:
            mask = self._playable()
            return any(mask >> (c >> 2) & 1 for c in pl.hand)
        self._play_moves(p, moves)
        return any(m[1] != "take" for m in moves)

    def _do_joker(self, p, target):
        if self._pend is not None:  # the turned joker lies on top of the stack
            joker = self.stack[-1]
            st = self.stack
            self._j.append(st)
            self._j.append(tuple(st))
            st.pop()
            self._run = self._mask = None
            self._sh -= ZS[len(st)][joker]
            self._pend = None
        else:
            zone = "hand" if self.players[p].hand else self.active_zone(p)
            self._zone_remove(p, zone, (JOKER,))
            if zone == "hand":
                self._refill(p)
        self._to_discard([JOKER])
        self.opening = None
        taken = self._clear_stack()
        self._hand_add(target, taken, public=True)
        if p != target:
            self._check_out(p)
        starter = None if self.phase == "over" else self._next(target)
        self._note("joker", p, target, len(taken), starter)
        if starter is not None:
            self.turn = starter

    def _do_flip(self, p, i):
        P = self.preset
        pl = self.players[p]
        card = pl.gamble[i]
        self._j.append(pl.gamble)
        self._j.append(tuple(pl.gamble))
        if P.columns:
            pl.gamble[i] = None
        else:
            del pl.gamble[i]
        self._irrev = True
        self._note("flip", p, i, (card,))
        r = card >> 2
        if self._playable() >> r & 1:
            self._push((card,), r)
            if r == JOKER_RANK and P.joker == "target":
                self._pend = p
                self._note("joker-pending", p)
                return
            self._resolve_play(p, [card], r)
            return
        self._push((card,), r)
        taken = self._clear_stack()
        self._hand_add(p, taken, public=True)
        self._note("take", p, len(taken), "gamble")
        self.turn = p if P.take_keeps_turn else self._next(p)
