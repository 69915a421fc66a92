"""What every variant's rules object provides (see :mod:`.sheepshead`, :mod:`.schafkopf`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..rng import SeededRNG
from ..words import CODES


class Contract(NamedTuple):
    """What is being played. ``mode``: sheepshead ``"pick"`` (picked, not yet called),
    ``"called"``, ``"alone"``, ``"leaster"``; schafkopf ``"normal"``, ``"solo"`` (a suit solo),
    ``"wenz"``, ``"geier"``, ``"niederer"``, ``"wedding"``, ``"ramsch"``, ``"sie"``. ``suit`` is
    the trump suit letter where one is named, ``called`` the called card, ``tout`` a tout,
    ``must`` a must game."""

    mode: str
    declarer: int | None = None
    suit: str | None = None
    called: object = None
    tout: bool = False
    must: bool = False


class Trick(NamedTuple):
    """A finished trick: the seats in the order they played, their cards, the winner's seat and
    the card points in it."""

    seats: tuple
    cards: tuple
    winner: int
    points: int

    @property
    def leader(self) -> int:
        return self.seats[0]


class Rules:
    name = ""
    family: Any = None  # the deck's family (French or German cards)
    min_players = max_players = 0
    default_players = 0  # the usual table, when a game is dealt without a seat count
    phases: tuple[str, ...] = ()  # a hand's phases in order: the position's vocabulary
    modes: tuple[str, ...] = ()  # the kinds of contract
    bids: tuple[str, ...] = ()  # what a seat may say in the pick or the auction
    options: tuple[str, ...] = ()  # the house rules a table may switch on (sheepshead: doublers, knocking)
    layout_for_two = False  # two players play from face-up / face-down columns
    picker_keeps_suit = False  # sheepshead: the picker keeps a card of the called suit
    run_away: int | None = None  # cards of the called suit that let its holder lead another

    # --------------------------------------------------------------- table
    def check_players(self, n):
        if isinstance(n, bool) or not isinstance(n, int) or not self.min_players <= n <= self.max_players:
            if self.min_players == self.max_players:
                return f"{self.name} is played by {self.min_players} players, not {n}"
            return f"{self.name} is played by {self.min_players} to {self.max_players} players, not {n}"
        return None

    def active_seats(self, n, dealer):
        return tuple(range(n))

    def first_phase(self, n):
        raise NotImplementedError

    def deck(self, n):
        raise NotImplementedError

    def in_deck(self, n, card):
        return card in self._deck_set(n)

    def _deck_set(self, n):
        cache = self.__dict__.setdefault("_decks", {})
        if n not in cache:
            cache[n] = frozenset(self.deck(n))
        return cache[n]

    def cards_per_seat(self, n):
        raise NotImplementedError

    def shuffled(self, g, deal_no=0):
        deck = list(self.deck(g.n))
        seed = g.seed if g.seed is not None else 0
        rng = SeededRNG(seed if not deal_no else (seed * 1_000_003 + deal_no * 7919) & ((1 << 64) - 1))
        rng.shuffle(deck)
        return deck

    # --------------------------------------------------------------- what a card is
    def default_order(self, n):
        raise NotImplementedError

    def order_for(self, n, contract):
        raise NotImplementedError

    def called_cards(self, g):
        c = g.contract
        return () if c is None or c.called is None else (c.called,)

    def group_name(self, g, grp):
        raise NotImplementedError

    def rank_word(self, g, card):
        raise NotImplementedError

    # --------------------------------------------------------------- phases before play
    def moves(self, g):
        raise NotImplementedError

    def refusal(self, g, m, w=CODES):
        """Why move m is not legal before the play, or None; written by ``w`` (see
        :mod:`scheissekopf.words`)."""
        raise NotImplementedError

    def apply(self, g, m):
        raise NotImplementedError

    def phase_hint(self, g, w=CODES):
        return f"no cards are played yet{w.either(':', ';')} this is the {g.phase} phase"

    # --------------------------------------------------------------- end of the hand
    def adjust_points(self, g, pts):
        return pts

    def finish(self, g):
        """Called once when the hand ends (before it is scored)."""
