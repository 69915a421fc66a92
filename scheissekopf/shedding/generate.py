"""Legal move generation for the shedding games: which moves a position offers.

``Listing`` lists the moves of a round in play, for the rules core
(:class:`~scheissekopf.shedding.core.Rules` derives from it, so the search's rounds and the game
share it); ``Generation``, a mixin of :class:`~scheissekopf.shedding.game.Game`, adds the setup's
moves. Both read the position and never change it (a game keeps the plays it listed). Moves are the engine's tuples ``(player, kind, cards, target,
index)``, ``cards`` a tuple; the game makes a :class:`~scheissekopf.moves.Move` of one only when it
is looked at.
"""

from __future__ import annotations

from bisect import bisect_left

from ..cards import JOKER, JOKER_RANK
from .rules import (
    _ONE_TARGET,
    _RANKS_IN,
    _jump_targets,
    joker_rows,
    jump_in_rows,
    playable_on,
    round_points,
    stalemate_outcome,
    table_rows,
    turn_order,
)


def top_run(preset, stack):
    """(rank, length, 3s on top) of the run of equal ranks on top of ``stack``, counted the
    preset's way (bitenight counts through 3s)."""
    skip3 = preset.run_skips_threes
    rank, n, threes = None, 0, 0
    for c in reversed(stack):
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
    return (rank, n, threes)


class Listing:
    """The moves a shedding round in play offers, and what the rules read of it: a part of
    :class:`~scheissekopf.shedding.core.Rules`, on the fields listed in
    :mod:`scheissekopf.shedding.core` (shared by the search's rounds and the game)."""

    __slots__ = ()

    # ------------------------------------------------------------------ reading
    def bank_ranks(self):
        """Bit mask of the ranks lying in the banks of the seats whose hand is empty (those that
        play from their banks once the draw pile is gone), kept in ``_bankr`` until it changes."""
        bits = 0
        banks = self.banks
        for s, hand in enumerate(self.hands):
            if not hand:
                for c in banks[s]:
                    if c is not None:
                        bits |= 1 << (c >> 2)
        self._bankr = bits
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
        return playable_on(self.preset, self.stack)

    def _next(self, p, steps=1):
        """The seat ``steps`` places after p in the direction of play, counting seats still in."""
        n, d, out = self.n, self.direction, self._out
        while steps:
            p = (p + d) % n
            if not out[p]:
                steps -= 1
        return p

    def turn_order(self):
        """Seats still in, from the player to move onward in the direction of play."""
        return turn_order(self.n, self.turn, self.direction, self._out)

    def stalemate_loser(self):
        """Who a stalemate now would make the Scheißkopf: the seat still in holding the most
        cards, a tie going against the first in turn order from the player to move."""
        order = self.turn_order()
        return stalemate_outcome(order, {s: self.held(s) for s in order})[0]

    def result_loser(self):
        """The Scheißkopf once over; before that, whom the stalemate rule would name."""
        return self.loser if self.ended else self.stalemate_loser()

    def points(self):
        """Bitenight, once over: each seat's points for the round, in seat order."""
        return round_points(self.n, self.finished, self.bonus, self.loser)

    # ------------------------------------------------------------------ the moves
    def moves(self):
        """Every move now, as the engine's tuples in the game's order: the player to move's,
        then the jump-ins (bitenight)."""
        rows = []
        if self._pend is not None:
            joker_rows(self._pend, self._out, self.held(self._pend) == 0, JOKER, rows)
            return rows
        self._turn_moves(self.turn, rows)
        if self.preset.jump_ins and self.opening is None and self.stack:
            targets = self.jump_targets()
            if targets:
                jump_in_rows(targets, self.hands, self.banks, self._cnt, self.turn, self._out, self._draw, rows)
        return rows

    def _turn_moves(self, p, rows):
        """The moves of seat p on its turn: plays from the zone it plays from, gamble flips,
        taking."""
        P = self.preset
        mask = playable_on(P, self.stack)
        hand = self.hands[p]
        if hand:
            if self.opening is not None:
                mask &= 1 << self.opening
            # each playable rank held, lowest first, one play per count: the kept rank mask says
            # which, so the hand is not walked card by card. A game keeps each seat's plays by
            # rank (listing them was most of a random move; a round of the search lists seldom
            # and keeps none): a play only takes cards away, which the count tells, and cards
            # coming in drop what the seat kept.
            made = self._plays
            if made is not None:
                made = made[p]
            cnt = self._cnt
            for r in _RANKS_IN[(mask & self._held[p]) >> 2]:
                plays = None if made is None else made[r]
                if plays is None or len(plays) != cnt[r][p]:
                    if r == JOKER_RANK and P.joker == "target":  # (its targets change: not kept)
                        joker_rows(p, self._out, not self._draw and self.held(p) == 1, JOKER, rows)
                        continue
                    k = cnt[r][p]
                    i = bisect_left(hand, r << 2)  # (sorted: a rank's cards lie together)
                    if k == 1:
                        plays = ((p, "play", (hand[i],), None, None),)
                    else:  # (a loop: a list made in here would turn p into a cell on every call)
                        cards = tuple(hand[i : i + k])
                        plays = ()
                        for j in range(1, k + 1):
                            plays += ((p, "play", cards[:j], None, None),)
                    if made is not None:
                        made[r] = plays
                rows += plays
        elif not self._draw:  # off the table: bank, gamble
            if table_rows(P, p, self.banks[p], self.gambles[p], mask, self.opening, self._out, JOKER, rows):
                return
        if self.stack and (P.voluntary_take or not rows):
            rows.append((p, "take", (), None, None))

    def _rank_plays(self, p, r):
        """p's plays of rank r from its hand, one per count (1 up to all its copies), as
        :meth:`moves` lists them (r a rank p may lay now, in a game: it keeps them)."""
        plays = self._plays[p][r]
        if plays is None or len(plays) != self._cnt[r][p]:
            self._turn_moves(p, [])  # (lists them, and keeps them)
            plays = self._plays[p][r]
        return plays

    def has_play(self, p):
        """Could p lay something now (a take is then voluntary)? Any playable hand card, or
        any move off the table but taking."""
        hand = self.hands[p]
        if hand:
            mask = self.playable()
            return any(mask >> (c >> 2) & 1 for c in hand)
        rows = []
        self._turn_moves(p, rows)
        return any(m[1] != "take" for m in rows)

    def jump_targets(self):
        """The (rank, copies needed) pairs that complete four of a kind on the stack, when some
        seat holds enough of one in the zone it plays from (its own hand, or its bank once the
        hand and the draw pile are empty); else (). The player to move counts too."""
        rank, run, threes = self._run
        if threes:
            targets = _jump_targets(rank, run, threes)
        elif rank is not None and run < 4:
            targets = _ONE_TARGET[rank][run]
        else:
            return ()
        if not targets:
            return ()
        cnt = self._cnt
        for r, need in targets:
            if max(cnt[r]) >= need:
                return targets
        if not self._draw:  # the seats playing from their banks
            bits = self._bankr
            if bits is None:
                bits = self.bank_ranks()
            for r, _ in targets:
                if bits >> r & 1:
                    return targets
        return ()


class Generation:
    """The move generators of the shedding :class:`~scheissekopf.shedding.game.Game`."""

    __slots__ = ()

    def _raw_moves(self):
        """The legal moves as tuples (player, kind, cards, target, index), `cards` a tuple (it
        becomes the Move's as it is): in play the core's (the player to move's, then jump-ins),
        in setup every player's who is not ready yet."""
        if self.phase == "play":
            return Listing.moves(self)
        moves = []
        if self.phase == "setup":
            self._setup_moves(moves)
        return moves

    def _hand_turn(self):
        """The player to move's choice when it is a plain one, for a playout's fast path:
        ``(seat, ranks, counts)`` when the round is in play, no joker waits for a target, the
        player plays from a non-empty hand, nobody can jump in and no joker that names a target
        is among its plays; ``ranks`` are the ranks it may lay (lowest first), ``counts`` the
        core's ``_cnt``. Its moves are then exactly: for each of those ranks one play per count
        (``Rules._rank_plays``), and the take when the stack is not empty and the preset allows a
        voluntary take or there is no play. Else None (ask ``_raw_moves``)."""
        if self.phase != "play" or self._pend is not None:
            return None
        p = self.turn
        if not self.hands[p]:
            return None
        P = self.preset
        if P.jump_ins and self.opening is None and self.stack and self.jump_targets():
            return None
        mask = self.playable()
        if self.opening is not None:
            mask &= 1 << self.opening
        ranks = _RANKS_IN[(mask & self._held[p]) >> 2]
        if ranks and ranks[-1] == JOKER_RANK and P.joker == "target":
            return None
        return p, ranks, self._cnt

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
