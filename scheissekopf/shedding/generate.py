"""Legal move generation for the shedding game: which moves the position offers.

A mixin of :class:`~scheissekopf.shedding.game.Game`: it reads the position and never changes
it (only the caches of the stack's top run, the playable ranks, the hands' rank counts and the
plays made from them, which the mutators of :mod:`.apply` keep up to date). Moves are the
engine's tuples ``(player, kind, cards, target, index)``, ``cards`` a tuple; the game makes a
:class:`~scheissekopf.moves.Move` of one only when it is looked at.
"""

from __future__ import annotations

from bisect import bisect_left

from ..cards import JOKER, JOKER_RANK
from .rules import _ONE_TARGET, _RANKS_IN, _jump_targets, joker_rows, jump_in_rows, playable_on, table_rows


class Generation:
    """The move generators of the shedding :class:`~scheissekopf.shedding.game.Game`."""

    __slots__ = ()

    # ------------------------------------------------------------------ caches read by the generators
    def _counts(self):
        """Per rank r (0..15), a list: how many cards of rank r each seat's hand holds
        (``_counts()[r][seat]``: laid out by rank, so that one ``max`` tells whether any hand
        holds enough of a rank to jump in). Alongside it, ``_held``: per seat, a bit mask of the
        ranks the hand holds (bit r for rank r), and ``_plays``: per seat and rank, the seat's
        plays of that rank from the hand as _play_moves made them (None until asked, and again
        whenever the seat's cards of that rank change). Kept up to date by the hand mutators once
        built; dropped with the other caches."""
        cnt = self._cnt
        if cnt is None:
            cnt = [[0] * self.n for _ in range(16)]
            held = [0] * self.n
            for p, pl in enumerate(self.players):
                for c in pl.hand:
                    cnt[c >> 2][p] += 1
                    held[p] |= 1 << (c >> 2)
            self._cnt, self._held = cnt, held
            self._plays = [[None] * 16 for _ in range(self.n)]
        return cnt

    def _bank_ranks(self):
        """Bit mask of the ranks lying in the banks of seats whose hand is empty (the seats that
        play from the bank once the draw pile is gone). Cached until a hand empties or fills
        or a bank changes."""
        bits = self._bankr
        if bits is None:
            bits = 0
            for pl in self.players:
                if not pl.hand:
                    for c in pl.bank:
                        if c is not None:
                            bits |= 1 << (c >> 2)
            self._bankr = bits
        return bits

    # ------------------------------------------------------------------ legal moves
    def _raw_moves(self):
        """The legal moves as tuples (player, kind, cards, target, index), `cards` a tuple (it
        becomes the Move's as it is): the player to move, jump-ins (bitenight), and in setup
        every player who is not ready yet."""
        moves = []
        if self.phase == "play":
            self._play_moves(self.turn, moves)
            if self.preset.jump_ins and self._pend is None and self.opening is None and self.stack:
                targets = self._jump_in_targets()
                if targets:
                    players = self.players
                    hands, banks = [pl.hand for pl in players], [pl.bank for pl in players]
                    jump_in_rows(targets, hands, banks, self._cnt, self.turn, self._out, self._draw, moves)
        elif self.phase == "setup":
            self._setup_moves(moves)
        return moves

    def _jump_in_targets(self):
        """The (rank, copies needed) targets some seat can jump in on now, or () when nobody can
        (the usual answer: no hand holds enough copies of the rank, and no seat that plays from
        its bank, an empty hand with no draw pile, holds one there). Asked only in play, with a
        stack, no pending joker and no opening rank, in a game with jump-ins."""
        rank, run, threes = self._run or self._top_run()
        if threes:
            targets = _jump_targets(rank, run, threes)
        elif rank is not None and run < 4:
            targets = _ONE_TARGET[rank][run]
        else:
            return ()
        cnt = self._cnt or self._counts()
        banks = 0 if self._draw else (self._bankr if self._bankr is not None else self._bank_ranks())
        for r, need in targets:
            if max(cnt[r]) >= need or banks >> r & 1:
                return targets
        return ()

    def _hand_turn(self):
        """The player to move's choice when it is a plain one, for a playout's fast path:
        ``(seat, ranks, counts)`` when the round is in play, no joker waits for a target, the
        player plays from a non-empty hand, nobody can jump in and no joker that names a target
        is among its plays; ``ranks`` are the ranks it may lay (lowest first), ``counts`` as
        :meth:`_counts`. Its moves are then exactly: for each of those ranks one play per count
        (:meth:`_rank_plays`), and the take when the stack is not empty and the preset allows a
        voluntary take or there is no play. Else None (ask ``_raw_moves``)."""
        if self.phase != "play" or self._pend is not None:
            return None
        p = self.turn
        if not self.players[p].hand:
            return None
        P = self.preset
        if P.jump_ins and self.opening is None and self.stack and self._jump_in_targets():
            return None
        mask = self._mask
        if mask is None:
            mask = self._playable()
        if self.opening is not None:
            mask &= 1 << self.opening
        cnt = self._cnt or self._counts()
        ranks = _RANKS_IN[(mask & self._held[p]) >> 2]
        if ranks and ranks[-1] == JOKER_RANK and P.joker == "target":
            return None
        return p, ranks, cnt

    def _rank_plays(self, p, r):
        """p's plays of rank r from its hand, one per count (1 up to all its copies), as tuples
        (see ``_raw_moves``); kept in ``_plays`` while those cards stay."""
        plays = self._plays[p][r]
        if plays is None:
            hand = self.players[p].hand
            i = bisect_left(hand, r << 2)  # sorted: the copies of a rank lie together
            k = self._cnt[r][p]
            if k == 1:
                plays = ((p, "play", (hand[i],), None, None),)
            else:  # one move per count; the cards as tuples
                cards = tuple(hand[i : i + k])
                plays = tuple([(p, "play", cards[:j], None, None) for j in range(1, k + 1)])
            self._plays[p][r] = plays
        return plays

    def _play_moves(self, p, moves):
        """p's moves on its turn: plays from the zone it plays from, gamble flips, taking."""
        if self._pend is not None:
            self._joker_moves(self._pend, moves)
            return
        P = self.preset
        pl = self.players[p]
        hand = pl.hand
        mask = self._mask
        if mask is None:
            mask = self._playable()
        if hand:
            # from the hand: for each playable rank held, one move per count
            if self.opening is not None:  # the opening play: that rank only
                mask &= 1 << self.opening
            if self._cnt is None:
                self._counts()  # (builds _held and _plays too)
            made = self._plays[p]  # p's plays by rank, kept while those cards stay
            for r in _RANKS_IN[(mask & self._held[p]) >> 2]:
                plays = made[r]
                if plays is None:
                    if r == JOKER_RANK and P.joker == "target":  # (targets change: not kept)
                        self._joker_moves(p, moves, last_card=self._holds_only(p, 1))
                        continue
                    plays = self._rank_plays(p, r)
                moves += plays
        elif not self._draw:  # off the table: bank, gamble
            if table_rows(P, p, pl.bank, pl.gamble, mask, self.opening, self._out, JOKER, moves):
                return
        if self.stack and (P.voluntary_take or not moves):
            moves.append((p, "take", (), None, None))

    def _holds_only(self, p, k):
        return not self._draw and self.players[p].cards_held == k

    def _joker_moves(self, p, moves, last_card=None):
        if last_card is None:  # a turned joker: it already lies on the stack
            last_card = self.players[p].cards_held == 0
        joker_rows(p, self._out, last_card, JOKER, moves)

    def _playable(self):
        """Bit mask of the ranks that may be played on the stack now (bit r for rank r).
        Cached until the stack changes."""
        mask = self._mask
        if mask is None:
            mask = self._mask = playable_on(self.preset, self.stack)
        return mask

    def _top_run(self):
        """(rank, length) of the run of equal ranks on top of the stack, counted the preset's
        way, plus the run of 3s lying on top (bitenight counts through 3s). Cached until the
        stack changes."""
        if self._run is not None:
            return self._run
        st = self.stack
        skip3 = self.preset.run_skips_threes
        rank, n = None, 0
        threes = 0
        for c in reversed(st):
            r = c >> 2
            if rank is None:
                if r == 3 and skip3:
                    if n == 0:
                        threes += 1
                    continue
                rank, n = r, 1
            elif r == rank:
                n += 1
            elif r == 3 and skip3:
                continue
            else:
                break
        self._run = (rank, n, threes)
        return self._run

    def _setup_moves(self, moves):
        """The setup moves of every seat not ready yet, kept per seat until that seat changes
        its cards (most setup moves leave the other seats' moves as they were)."""
        cache = self._smoves
        if cache is None:
            cache = self._smoves = [None] * self.n
        for p, ready in enumerate(self.ready):
            if not ready:
                mine = cache[p]
                if mine is None:
                    mine = cache[p] = self._seat_setup_moves(p)
                moves += mine

    def _seat_setup_moves(self, p):
        moves = []
        pl = self.players[p]
        hand_cards = sorted(set(pl.hand))
        bank_cards = sorted(set(c for c in pl.bank if c is not None))
        for h in hand_cards:
            for b in bank_cards:
                if h != b:
                    moves.append((p, "swap", (h, b), None, None))
        if self.preset.columns:
            empty = [i for i, c in enumerate(pl.bank) if c is None and pl.gamble[i] is not None]
            if empty:
                for h in hand_cards:
                    moves.append((p, "place", (h,), None, empty[0]))
                return moves
        moves.append((p, "ready", (), None, None))
        return moves
