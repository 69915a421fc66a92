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

Nothing else is inferred (e.g. that a player who had to take the stack held nothing playable);
every consistent deal is equally likely.
"""

from __future__ import annotations

from collections import Counter

from ..cards import HIDDEN, standard_deck
from ..views import InconsistentView, view_seat
from .game import _MASK, ZH


class InfoSet:
    """What ``view.seat`` knows, ready to be dealt into full games.

    ``unseen`` (sorted cards) and ``slots`` are the whole search input besides the public
    position; :meth:`signature` writes both with the public position, for comparison.
    """

    __slots__ = ("seat", "base", "unseen", "hand_slots", "gamble_slots", "draw_slots", "known", "need")

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
        self.base = view.clone()  # a plain Game holding the public position (and "??")

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
            tuple(self.gamble_slots),
            self.draw_slots,
            tuple(sorted(b._rep.items())),  # the repetition window, less the hidden cards
        )

    # ------------------------------------------------------------------ dealing
    def sample(self, rng):
        """A full game: the public position with the unseen cards dealt at random (``rng`` is a
        ``random.Random``). The sample carries the view's repetition window."""
        cards = self.unseen[:]
        rng.shuffle(cards)
        if len(cards) > self.need:
            del cards[self.need :]
        g = self.base.clone()
        players = g.players
        i = 0
        hidden = 0  # what the dealt hand cards add to the position key (see below)
        for s, known, k in self.hand_slots:
            dealt = cards[i : i + k]
            z = ZH[s]
            for c in dealt:
                hidden += z[c]
            hand = known + dealt
            hand.sort()
            players[s].hand = hand
            i += k
        for s, slot in self.gamble_slots:
            players[s].gamble[slot] = cards[i]
            i += 1
        g._draw = cards[i:]
        _drop_caches(g)
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
        return g


def _drop_caches(g):
    """The engine caches facts about the position (the stack's top run, the playable ranks, the
    ranks held in hands); cards were just put in place behind its back, so they go."""
    drop = getattr(g, "_after_undo", None)
    if drop is not None:
        drop()
    else:
        g._run = None


def determinize(view, rng):
    """One random full game consistent with ``view`` (a shortcut for ``InfoSet(view).sample``)."""
    return InfoSet(view).sample(rng)


__all__ = ["InfoSet", "InconsistentView", "determinize"]
