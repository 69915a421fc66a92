"""Determinization: complete deals consistent with what one seat has seen.

A seat's :meth:`~scheissekopf.shedding.Game.view` hides the other hands, every gamble card (its own
too) and the draw pile. :class:`InfoSet` reads only that view and knows

* the cards the seat has not seen (``unseen``): every card of the decks in play, minus its own hand, all the
  banks, the stack, the discard, and the cards publicly known to be in another hand
  (``view.known``: a taken stack, a swapped bank card);
* the hidden slots to fill: the unknown part of each other hand, every gamble slot, the draw pile.

:meth:`InfoSet.sample` deals the unseen cards at random into those slots and returns a full,
playable :class:`~scheissekopf.shedding.Game`: one possible world. Search (:mod:`.search`)
plays each iteration in a fresh sample, so what it decides depends only on the view.

One thing is read from the play: in bitenight and palace a player takes the stack only with
nothing to play, so a take from the hand shows every seat that none of that hand's cards could
go on that stack. The view carries it per seat (``view.unplayable``: at least k of the hand's
cards that nobody saw arrive have a rank in a set M; see ``Application._forced_take``), and a deal respects
it: each such seat first gets k cards drawn at random from the unseen cards of those ranks, then
the rest is dealt as before. Every deal is consistent with everything the seat has seen, and
every consistent deal can come out, but the deals are close to uniform over the consistent
ones, not exactly: a hand holding more than k cards of M is not weighed by how many more ways it
can be made. The deal follows how such a hand came about instead: k cards held since the take
(all of M), and the rest drawn since, at random. A view that no deal can meet is refused with
:class:`InconsistentView`.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ..cards import HIDDEN, standard_deck
from ..views import InconsistentView, view_seat
from .core import Round
from .game import _MASK, ZH
from .keys import ZT


class InfoSet:
    """What ``view.seat`` knows, ready to be dealt into full games.

    ``unseen`` (sorted cards) and ``slots`` are the whole search input besides the public
    position; :meth:`signature` writes both with the public position, for comparison.
    """

    __slots__ = (
        "seat",
        "base",
        "unseen",
        "hand_slots",
        "gamble_slots",
        "draw_slots",
        "known",
        "need",
        "musts",
        "_round",
    )

    def __init__(self, view, seat=None):
        self.seat = seat = view_seat(view, seat)
        n = view.n
        preset = view.preset
        known = getattr(view, "known", None) or [[] for _ in range(n)]
        self.known = [list(k) if s != seat else [] for s, k in enumerate(known)]

        deck = Counter()
        for _ in range(view.decks):
            deck.update(standard_deck(preset.jokers_per_deck))
        seen = Counter(view.stack)
        seen.update(view.discard)
        for s, pl in enumerate(view.players):
            seen.update(c for c in pl.bank if c is not None)
            if s == seat:
                seen.update(pl.hand)
            else:
                seen.update(self.known[s])
        seen.pop(HIDDEN, None)
        missing = seen - deck
        if missing:
            raise InconsistentView(
                "more copies seen than the decks hold: " + " ".join(str(c) for c in sorted(missing.elements()))
            )
        unseen = deck - seen
        self.unseen = sorted(unseen.elements())

        self.hand_slots = []  # (seat, known cards, how many unknown cards)
        self.gamble_slots = []  # (seat, slot index)
        for s, pl in enumerate(view.players):
            if s != seat and pl.hand:
                k = self.known[s]
                hidden = sum(1 for c in pl.hand if c == HIDDEN)
                if hidden != len(pl.hand) or len(k) > hidden:
                    raise InconsistentView(f"seat {s}'s hand is not hidden in this view")
                self.hand_slots.append((s, k, hidden - len(k)))
            for i, c in enumerate(pl.gamble):
                if c == HIDDEN:
                    self.gamble_slots.append((s, i))
        self.draw_slots = len(view._draw)
        need = sum(x for _, _, x in self.hand_slots) + len(self.gamble_slots) + self.draw_slots
        if need > len(self.unseen):
            raise InconsistentView(f"{need} hidden cards but only {len(self.unseen)} unseen cards")
        # In a dealt game every unseen card lies in a hidden place (need == unseen). A position
        # written by hand may leave cards out of play altogether; which ones, the seat cannot
        # tell, so each sample deals a random selection of the unseen cards.
        self.need = need
        # What forced takes showed: (seat, rank mask, k) per other seat whose hand must hold at
        # least k unseen cards of those ranks, dealt first (see sample).
        self.musts = []
        unplayable = getattr(view, "unplayable", None) or ()
        slots = {s: x for s, _, x in self.hand_slots}
        for s, must in enumerate(unplayable):
            if must is None or s == seat:
                continue
            ranks, k = must
            if k > slots.get(s, 0):
                raise InconsistentView(
                    f"seat {s} must hold {k} unseen cards of given ranks but hides {slots.get(s, 0)}"
                )
            self.musts.append((s, ranks, k))
        if self.musts and not _feasible(Counter(c >> 2 for c in self.unseen), [(r, k) for _, r, k in self.musts]):
            raise InconsistentView(
                "too few unseen cards of the ranks that the seats who had to take the stack must hold"
            )
        self.base = view.clone()  # a plain Game holding the public position (and "??")
        self._round = None  # the public position as a rules core, made when first dealt into (sample_round)

    # ------------------------------------------------------------------ reading
    def signature(self):
        """Everything a search reads: the public position with the seat's own hand and its
        repetition window, and the unseen cards. Two views with the same signature lead to the same search."""
        b = self.base
        players = tuple((tuple(p.hand), tuple(p.bank), tuple(p.gamble)) for p in b.players)
        return (
            b.variant,
            self.seat,
            players,
            tuple(b._draw),
            tuple(b.stack),
            tuple(b.discard),
            b.turn,
            b.direction,
            tuple(b.finished),
            b.phase,
            b.pending,
            b.opening,
            tuple(b.ready),
            tuple(b.bonus),
            tuple(tuple(k) for k in self.known),
            tuple(self.unseen),
            tuple(self.hand_slots),
            tuple(self.musts),
            tuple(self.gamble_slots),
            self.draw_slots,
            tuple(sorted(b._rep.items())),  # the repetition window, less the hidden cards
        )

    # ------------------------------------------------------------------ dealing
    def _deal(self, rng, unseen=None):
        """The unseen cards dealt at random (``rng`` a ``random.Random``): per hidden hand
        ``(seat, its known cards, the cards dealt to it)``, then the gamble cards in the order of
        ``gamble_slots``, the draw pile, and what the dealt hand cards add to the position key.
        ``unseen``: the unseen cards in another form, in the same order (the same deal)."""
        cards = (self.unseen if unseen is None else unseen)[:]
        rng.shuffle(cards)
        need = self.need
        first = {}
        if self.musts:
            first = self._deal_musts(cards)
            need -= sum(len(x) for x in first.values())
        if len(cards) > need:
            del cards[need:]
        hands = []
        i = 0
        hidden = 0  # what the dealt hand cards add to the position key (see sample)
        for s, known, k in self.hand_slots:
            must = first.get(s)
            if must:
                k -= len(must)
                dealt = must + cards[i : i + k]
            else:
                dealt = cards[i : i + k]
            z = ZH[s]
            for c in dealt:
                hidden += z[c]
            hands.append((s, known, dealt))
            i += k
        g = len(self.gamble_slots)
        return hands, cards[i : i + g], cards[i + g :], hidden

    def sample(self, rng):
        """A full game: the public position with the unseen cards dealt at random (``rng`` is a
        ``random.Random``). The sample carries the view's repetition window."""
        hands, gambles, draw, hidden = self._deal(rng)
        g = self.base.clone()
        players = g.players
        for s, known, dealt in hands:
            hand = known + dealt
            hand.sort()
            players[s].hand = hand
        for (s, slot), c in zip(self.gamble_slots, gambles):
            players[s].gamble[slot] = c
        g._draw = draw
        g._rehash()
        if g.phase == "play":
            # The view's repetition window holds each key less the hidden hand cards
            # (Game.public_repetitions); this deal adds its own back, so the search sees the
            # positions the real game has already seen. Without a window: this position once.
            now = g._position_key()
            g._rep = {(key + hidden) & _MASK: v for key, v in self.base._rep.items()}
            g._rep.setdefault(now, 1)
        else:
            g._rep = {}
        g._drop_caches()  # (what the game keeps about its zones and window, worked out from them)
        return g

    def sample_round(self, rng):
        """:meth:`sample` dealt straight into the rules core: ``Round.of(self.sample(rng))``,
        drawing the same random numbers, without making the game (a round in play only). The
        search deals every iteration this way (a game and its copy into a round cost a
        bitenight iteration about 5 % of its instructions)."""
        if self._round is None:
            # the public position as a round, and the cards as the round holds them (plain ints)
            self._round = (_public_round(self), list(map(int, self.unseen)))
        r, unseen = self._round
        hands, gambles, draw, hidden = self._deal(rng, unseen)
        r = r.copy()
        cnt, ranks, held = r._cnt, r._held, r.hands
        for s, known, dealt in hands:
            bits = ranks[s]
            for c in dealt:
                x = c >> 2
                cnt[x][s] += 1
                bits |= 1 << x
            ranks[s] = bits
            if known:
                dealt = held[s] + dealt  # (the round's hand holds the known cards)
            dealt.sort()
            held[s] = dealt
        rows = r.gambles
        for (s, slot), c in zip(self.gamble_slots, gambles):
            rows[s][slot] = c
        r._draw = draw
        r._hh += hidden
        r._rep = rep = {(key + hidden) & _MASK: v for key, v in self.base._rep.items()}
        rep.setdefault((r._hh + r._sh + ZT[r.turn] + r.keyx) & _MASK, 1)  # (Game._position_key)
        r.twice = list(rep.values()).count(2)
        r._bankr = None  # (hands were filled)
        return r

    def _deal_musts(self, cards):
        """Take out of the shuffled ``cards`` what each seat in ``musts`` must hold: for each,
        its k cards of the ranks it could not play, the first ones in the shuffled order that
        leave enough of every rank for the other such seats (taken out of ``cards``; returned
        per seat). ``need`` counts them still: the caller deals them, and fewer of the rest."""
        musts = self.musts
        taken = [False] * len(cards)
        out = {}
        if len(musts) == 1:  # (mostly: one seat; nobody else to leave cards for)
            s, ranks, k = musts[0]
            picked = out[s] = []
            for i, c in enumerate(cards):
                if ranks >> (c >> 2) & 1:
                    taken[i] = True
                    picked.append(c)
                    if len(picked) == k:
                        break
        else:
            left = Counter(c >> 2 for c in cards)
            demands = [[ranks, k] for _, ranks, k in musts]
            for j, (s, ranks, _) in enumerate(musts):
                picked = out[s] = []
                want = demands[j]
                for i, c in enumerate(cards):
                    if not want[1]:
                        break
                    r = c >> 2
                    if taken[i] or not ranks >> r & 1:
                        continue
                    left[r] -= 1  # take it if the seats after this one can still get theirs
                    want[1] -= 1
                    if _feasible(left, demands[j:]):
                        taken[i] = True
                        picked.append(c)
                    else:
                        left[r] += 1
                        want[1] += 1
        cards[:] = [c for i, c in enumerate(cards) if not taken[i]]
        return out


def _feasible(left, demands):
    """Can seats with these demands ((rank mask, k) each) all get k distinct cards of their ranks
    from the cards left (a Counter by rank)? Hall's condition: every group of seats together
    needs no more than the cards of all their ranks."""
    demands = [(m, k) for m, k in demands if k > 0]
    for size in range(1, len(demands) + 1):
        for group in combinations(demands, size):
            mask = 0
            need = 0
            for m, k in group:
                mask |= m
                need += k
            if need > sum(x for r, x in left.items() if mask >> r & 1):
                return False
    return True


def _public_round(info):
    """The rules core of ``info.base`` with only the cards its seat may know in the hidden
    hands (what :meth:`InfoSet.sample_round` copies and deals into)."""
    g = info.base.clone()
    for s, known, _ in info.hand_slots:
        g.players[s].hand = sorted(known)
    g._rehash()
    g._drop_caches()
    return Round.of(g)


def determinize(view, rng):
    """One random full game consistent with ``view`` (a shortcut for ``InfoSet(view).sample``)."""
    return InfoSet(view).sample(rng)


__all__ = ["InfoSet", "InconsistentView", "determinize"]
