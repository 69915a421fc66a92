"""Trick-taking order as data: for each kind of game, which cards are trump and how every card
ranks. Rules code never compares cards by hand; it looks them up here.

A :class:`Order` holds three lists indexed by card number:

* ``grp[c]``: the "suit" the card belongs to for following: its plain suit (0..3), or ``TRUMP``
  (4) when it is a trump, whatever suit is printed on it;
* ``pw[c]``: its strength inside that group (higher wins);
* ``key[c]``: its place in a sorted hand (trumps first, high to low, then each plain suit).
"""

from __future__ import annotations

from functools import lru_cache

from .cards import FRENCH, GERMAN_RANKS_BY_PLAYERS, GERMAN_SUITS, german_of

TRUMP = 4
NOWHERE = -1


class Order:
    __slots__ = ("grp", "pw", "key", "trumps", "plain", "name")

    def __init__(self, name, trumps, plain):
        """``trumps``: cards high to low; ``plain``: {suit number: cards high to low}."""
        self.name = name
        self.grp = [NOWHERE] * 64
        self.pw = [0] * 64
        self.key = [99] * 64
        self.trumps = tuple(trumps)
        self.plain = {s: tuple(cs) for s, cs in plain.items()}
        k = 0
        for i, c in enumerate(trumps):
            self.grp[c] = TRUMP
            self.pw[c] = 100 - i
            self.key[c] = k
            k += 1
        for s in sorted(plain):
            for i, c in enumerate(plain[s]):
                self.grp[c] = s
                self.pw[c] = 50 - i
                self.key[c] = k
                k += 1

    def is_trump(self, c) -> bool:
        return self.grp[c] == TRUMP

    def winner(self, cards, lead_grp, skip=None) -> int:
        """Index of the card that takes the trick: the highest trump, else the highest card of
        the led group. ``skip`` is a card that cannot win (sheepshead's card in the hole). When
        no card can win (only possible with ``skip``), the first card takes it."""
        grp, pw = self.grp, self.pw
        best, bk = 0, -1
        for i, c in enumerate(cards):
            if i == skip:
                continue
            g = grp[c]
            if g == TRUMP:
                k = 1000 + pw[c]
            elif g == lead_grp:
                k = pw[c]
            else:
                continue
            if k > bk:
                bk, best = k, i
        return best


# ---------------------------------------------------------------------------------- sheepshead
# French suits are numbered C=0, D=1, H=2, S=3 (as in scheissekopf.cards).
_C, _D, _H, _S = 0, 1, 2, 3


def _fr(rank, suit):
    return FRENCH[rank * 4 + suit]


@lru_cache(maxsize=None)
def sheepshead_order() -> Order:
    """Queens, jacks (clubs, spades, hearts, diamonds), then the diamonds A 10 K 9 8 7; each
    other suit A 10 K 9 8 7."""
    trumps = [_fr(12, s) for s in (_C, _S, _H, _D)] + [_fr(11, s) for s in (_C, _S, _H, _D)]
    trumps += [_fr(r, _D) for r in (14, 10, 13, 9, 8, 7)]
    plain = {s: [_fr(r, s) for r in (14, 10, 13, 9, 8, 7)] for s in (_C, _S, _H)}
    return Order("sheepshead", trumps, plain)


# ---------------------------------------------------------------------------------- German
# Inside a plain suit cards rank by their points: A 10 S K O U G 9 8 7 6 P (those in play).
GERMAN_PLAIN_ORDER = ("A", "10", "S", "K", "O", "U", "G", "9", "8", "7", "6", "P")

# Which ranks are the trump ranks ("main trumps") of each kind of game.
MAIN_TRUMPS = {
    "normal": ("O", "U", "G"),  # also wedding, Ramsch, the two-player game
    "suit": ("O", "U", "G"),
    "geier": ("O",),
    "wenz": ("U",),
    "niederer": ("G",),
}


@lru_cache(maxsize=None)
def german_order(players: int, kind: str, suit: str | None) -> Order:
    """The order for ``players`` at the table, ``kind`` one of MAIN_TRUMPS' keys, ``suit`` the
    trump suit letter (``None`` for Geier, Wenz, Niederer)."""
    ranks = GERMAN_RANKS_BY_PLAYERS[players]
    main = [r for r in MAIN_TRUMPS[kind] if r in ranks]
    trumps = [german_of(r, s) for r in main for s in GERMAN_SUITS]
    rest = [r for r in GERMAN_PLAIN_ORDER if r in ranks and r not in main]
    plain = {}
    for si, s in enumerate(GERMAN_SUITS):
        cards = [german_of(r, s) for r in rest]
        if s == suit:
            trumps += cards
        else:
            plain[si] = cards
    return Order(f"{kind} {suit or ''}".strip(), trumps, plain)


def main_trumps(order: Order, players: int, kind: str) -> tuple:
    """The main trumps of an order, high to low (the cards Laufende are counted along)."""
    ranks = set(MAIN_TRUMPS[kind]) & set(GERMAN_RANKS_BY_PLAYERS[players])
    return tuple(c for c in order.trumps if c.rank in ranks)
