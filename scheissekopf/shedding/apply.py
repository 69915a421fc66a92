"""Applying a move in the shedding game: the rules core, and what a game keeps around it.

A mixin of :class:`~scheissekopf.shedding.game.Game`. A move of the round in play is made by the
rules core, :meth:`scheissekopf.shedding.core.Rules.play`, on the game's own lists (the core writes
its effects' events into the game's log). What a game keeps besides is written here, around
it: the undo record of every list the move may change, the cards known to be in a hand and what
a forced take showed (:attr:`Game.unplayable`), and the play's own event. The setup (swaps,
placing bank cards, getting ready) is the game's alone and is written here whole.

Undo is a record, not a snapshot: before a move changes a list, the move's record keeps either
the list's old length (when the move only appends) or a copy of it; the scalar fields are saved
as one tuple, and what the core works out from the zones (counts, the top run) is worked out
again after an undo.
"""

from __future__ import annotations

from ..cards import CARDS, JOKER, JOKER_RANK
from .core import Rules
from .keys import _MASK, ZDIR, ZH, ZP

# the ranks of the deck as bit masks (bit r for rank r): 2 to A, and with the jokers
_DECK_RANKS = (sum(1 << r for r in range(2, JOKER_RANK)), sum(1 << r for r in range(2, JOKER_RANK + 1)))
_core_play = Rules.play


class Application:
    """The shedding :class:`~scheissekopf.shedding.game.Game`'s moves: the core's, recorded."""

    __slots__ = ()

    def _apply(self, move):
        """Make a move. In the round in play the rules core makes it; the game records before
        it every list it may change, and after it what only its outcome tells (a burn, a seat
        out). The stack needs least: the core takes it away as it is (the record's scalars keep
        it) and only ever lays cards on it."""
        self._key = None  # (the core's count of the position reached: see _roll_back)
        if self.phase != "play":
            self._do_setup(move)
            return
        p, kind, cards = move.player, move.kind, move.cards
        row = (p, kind, cards, move.target, move.index)
        taken = -1  # (where the record keeps the cards a play takes from the hand)
        j = self._j
        st = self.stack
        hand = self.hands[p]
        f0, b0, d0 = len(self.finished), len(self.bonus), len(self.discard)
        if kind == "play":
            j.append(st)
            j.append(len(st))
            if hand:
                draw = self._draw
                if draw and len(hand) - len(cards) < 3:  # (it draws back up to three)
                    j.append(hand)
                    j.append(bytes(hand))
                    j.append(draw)
                    j.append(bytes(draw))
                else:
                    j.append(cards)  # undo puts the cards back into the sorted hand
                    j.append(hand)
                    taken = len(j) - 2  # (see the failure below)
                if self._need or self.known[p]:
                    self._known_leave(p, cards, cards[0] >> 2)
                zone = "hand"
            else:
                bank = self.banks[p]
                j.append(bank)
                j.append(tuple(bank))
                zone = "bank"
            # the play's event (its effects' come from the core)
            if p != self.turn:
                self._log.append(("jump-in", p, self.names, cards))
            else:
                self._log.append(("play", p, self.names, cards, zone))
        else:
            self._record_other(p, kind, row, hand, st)
        held = len(hand)
        try:
            _core_play(self, row)
        except BaseException:
            if taken >= 0:
                # a card that is not in the hand (only an edited offer gets this far): the record
                # must put back exactly the cards taken out before it, as the cards they were
                j[taken] = tuple([CARDS[int(c)] for c in cards[: held - len(hand)]])
            self._record_after(f0, b0, d0)  # (what the core changed before it failed)
            raise
        if self._irrev or self.stalemate:  # (else no card was burnt or shown, nobody went out)
            self._record_after(f0, b0, d0)

    def _record_after(self, f0, b0, d0):
        """Record what only a move's outcome tells: cards burnt or a joker shown (the discard
        was ``d0`` long), seats gone out (``finished`` and ``bonus`` were ``f0`` and ``b0``)."""
        j = self._j
        disc, fin = self.discard, self.finished
        if len(disc) != d0:
            j.append(disc)
            j.append(d0)
        if len(fin) != f0:
            out = self._out[:]
            for s in fin[f0:]:
                out[s] = False
            j.append(self._out)
            j.append(out)
            j.append(fin)
            j.append(f0)
            j.append(self.bonus)
            j.append(b0)

    def _commit(self):
        """After a move: True when the core counted the position reached for the stalemate rule
        (undo counts it off again, :meth:`_undo_extra`); None when the move started the window
        afresh (the record's scalars keep the window before) or was a setup move."""
        if self._irrev or self.phase == "setup":
            return None
        return True

    def _undo_extra(self, counted, key=None):
        """Count off the position the move being taken back reached (the position now: undo
        asks before it puts anything back)."""
        if counted:
            if key is None:
                key = self._position_key()
            rep = self._rep
            count = rep[key] - 1
            if count:
                rep[key] = count
            else:
                del rep[key]

    def _roll_back(self, scalars, log_len):
        """A move failed half-way: take back the core's count of the position it reached, if
        it got that far (the record puts back the rest)."""
        if self._key is not None:
            self._undo_extra(True, self._key)
        super()._roll_back(scalars, log_len)

    def _record_other(self, p, kind, row, hand, st):
        """Before a take, a joker or a turned gamble card: record the lists it may change, and
        the cards it shows going into a hand (``known``)."""
        j = self._j
        j.append(hand)
        j.append(bytes(hand))
        if kind == "take":
            cards = row[2]
            if cards:  # palace: a bank card laid first, then the stack taken with it
                bank = self.banks[p]
                j.append(bank)
                j.append(tuple(bank))
                j.append(st)
                j.append(len(st))
            elif hand and not self.preset.voluntary_take:
                self._forced_take(p, hand)
            self._known_add(p, st + list(cards))
        elif kind == "joker":
            target = row[3]
            if self._pend is None:
                if hand:
                    draw = self._draw
                    if draw and len(hand) < 4:  # (it draws back up to three)
                        j.append(draw)
                        j.append(bytes(draw))
                    if self._need or self.known[p]:
                        self._known_leave(p, (JOKER,), JOKER_RANK)
                else:
                    bank = self.banks[p]
                    j.append(bank)
                    j.append(tuple(bank))
                taken = st
            else:  # the turned joker on top goes to the discard
                j.append(st)
                j.append(tuple(st))
                taken = st[:-1]
            if target != p:
                other = self.hands[target]
                j.append(other)
                j.append(bytes(other))
            self._known_add(target, taken)
        else:  # flip
            gamble = self.gambles[p]
            j.append(gamble)
            j.append(tuple(gamble))
            j.append(st)
            j.append(len(st))
            card = gamble[row[4]]
            if not self.playable() >> (card >> 2) & 1:  # it does not fit: the stack is taken
                self._known_add(p, st + [card])

    def _forced_take(self, p, hand):
        """A take where taking is never voluntary (bitenight, palace), made from the hand, shows
        everyone that no hand card could be played on this stack: every card of the hand that
        nobody saw arrive has a rank that could not be played. It replaces what an older take
        showed (the hand has only grown since, by cards counted in ``known`` or drawn unseen)."""
        need = None
        k = len(hand) - len(self.known[p])
        if k:
            mask = self.playable()
            if self.opening is not None:  # (the opening play: that rank only)
                mask &= 1 << self.opening
            need = (_DECK_RANKS[self.preset.jokers_per_deck > 0] & ~mask, k)
        if need is not None or (self._need and self._need[p] is not None):
            self._set_need(p, need)

    def _known_add(self, p, cards):
        """Cards everyone saw go into p's hand (a taken stack, a swapped bank card)."""
        if cards:
            known = self.known[p]
            self._j.append(known)
            self._j.append(bytes(known))
            known += cards
            known.sort()

    def _known_leave(self, p, cards, r):
        """p plays ``cards`` (all of rank r) from its hand: what was known of that hand and what
        a forced take showed lose them."""
        if self._need:  # (empty unless a seat had to take the stack)
            need = self._need[p]
            if need is not None and need[0] >> r & 1:
                self._relax(p, cards, need)
        known = self.known[p]
        if known:  # a played copy of a known card lowers what is known
            gone = cards  # (mostly every card played was known: one scan each)
            for c in cards:
                if c in known:  # (a test, not a caught error: raising costs more)
                    known.remove(c)
                else:  # this copy was not known
                    i = gone.index(c)
                    gone = gone[:i] + gone[i + 1 :]
            if gone:
                self._j.append(gone)
                self._j.append(known)

    def _relax(self, p, cards, need):
        """p plays `cards` of a rank its constraint counts (``unplayable[p]``, see _forced_take):
        each card that was not known leaves one fewer to find. Called before ``known`` gives
        them up."""
        k = need[1] - len(cards)
        known = self.known[p]
        if known:  # (the known copies are the ones played first)
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

    def _stalemate_loser(self):
        """Who a stalemate now would make the Scheißkopf (see ``Rules.stalemate_loser``); in
        the setup, counted the same way."""
        return self.stalemate_loser()

    # ------------------------------------------------------------------ the setup
    def _hand_remove(self, p, cards):
        """A setup move takes ``cards`` (a tuple: the journal tells this entry by it) out of
        p's hand. (What the core keeps about the hands is worked out when play starts.)"""
        hand = self.hands[p]
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
        self._known_leave(p, cards, cards[0] >> 2)

    def _hand_put(self, p, cards):
        """A setup move puts ``cards`` into p's hand in everyone's sight (a swapped bank card)."""
        hand = self.hands[p]
        self._j.append(hand)
        self._j.append(bytes(hand))
        hand += cards
        hand.sort()
        z = ZH[p]
        for c in cards:
            self._hh += z[c]
        self._known_add(p, list(cards))

    def _do_setup(self, m):
        p, pl = m.player, self.players[m.player]
        if self._smoves is not None:
            self._smoves[p] = None  # p's setup moves change with its cards
        self._bankr = None  # (a swap or a placing changes a bank)
        if m.kind == "swap":
            h, b = m.cards
            self._hand_remove(p, (h,))
            self._set(pl.bank, pl.bank.index(b), h)
            self._hand_put(p, (b,))
            self._note("swap", p, (h, b))
        elif m.kind == "place":
            self._hand_remove(p, m.cards)
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
        self._rep = {self._position_key(): 1}  # (the window starts with the first position)
        self._drop_caches()  # (the core's counts of the hands, worked out when play starts)
        self._irrev = True
