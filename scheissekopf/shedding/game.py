"""The shedding game: the position, the public API and what makes a game more than a playout.

The :class:`Game` is split by concern, as python-chess separates move generation from ``push``:

* :mod:`.core` holds the rules of the round in play (``Rules``): the moves it offers and what
  each does. The game holds the fields the core reads, under the same names, so the core plays
  on the game itself, as it plays on the search's rounds;
* :mod:`.generate` lists the legal moves: the core's in play, the setup's (``Generation``);
* :mod:`.apply` makes them, recording what undo needs and the cards known to be in a hand
  around the core's move (``Application``);
* :mod:`.refusals` says why a move that was not offered is refused (``Refusals``);
* :mod:`.keys` holds the random keys of the repetition hash.

This module holds the position's fields, the deal (:func:`new_game`), the public reading, the
undo hooks, copies, views and the position text.
"""

from __future__ import annotations

import random as _random
from collections import Counter

from ..cards import Card, standard_deck
from ..core import LegalMoves, Recorded
from ..errors import IllegalMove
from ..rng import SeededRNG
from . import presets as _presets
from .apply import Application
from .core import Rules, derive
from .events import SheddingEvent
from .generate import Generation
from .keys import _MASK, ZDIR, ZH, ZP, ZS, ZT
from .notation import dict_to_text, text_to_dict
from .position import game_from_dict, game_to_dict, seed_refusal
from .refusals import Refusals
from .rules import _RANKS_IN, makes_four, round_points  # noqa: F401  (the first two: imported from here by the bots and playouts)
from .text import game_text

VARIANTS = _presets.OWN  # the family's own presets, in their order
#: the table size when none is asked for
DEFAULT_PLAYERS = 4


class Player:
    """One seat's cards. ``hand`` is kept sorted. In schwechat ``bank`` and ``gamble`` are
    columns of equal length, ``None`` marking an empty slot."""

    __slots__ = ("hand", "bank", "gamble", "name")

    def __init__(self, hand=(), bank=(), gamble=(), name=""):
        self.hand = sorted(hand)
        self.bank = list(bank)
        self.gamble = list(gamble)
        self.name = name

    @property
    def cards_held(self) -> int:
        return len(self.hand) + sum(c is not None for c in self.bank) + sum(c is not None for c in self.gamble)

    def __repr__(self):
        def zone(cs):
            return "[" + " ".join("--" if c is None else str(c) for c in cs) + "]"

        return f"Player({self.name!r}, hand={zone(self.hand)}, bank={zone(self.bank)}, gamble={zone(self.gamble)})"


def check_seed(seed):
    """A seed is None, a whole number (of at most 99 digits) or a string: what a position keeps."""
    why = seed_refusal(seed)
    if why:
        raise ValueError(why)


def new_game(
    variant: str = "bitenight",
    players: int | None = None,
    seed=None,
    *,
    dealer: int = 0,
    names=None,
    penalties: bool = False,
    starter=None,
    **options,
) -> "Game":
    """Shuffle with ``seed`` (same seed, same deal, on every machine) and deal.

    ``players`` defaults to 4. The game starts in the setup phase. ``starter`` (schwechat) is the seat that plays first;
    by default it is drawn by lot from the seed. ``penalties`` switches on schwechat's optional
    penalty rule.
    """
    if options:
        raise TypeError(f"unknown option(s) for {variant}: {', '.join(sorted(options))}")
    if players is None:
        players = DEFAULT_PLAYERS
    preset = _presets.get(variant)
    if type(players) is not int:
        raise ValueError(f"players is a whole number of seats, not {players!r}")
    if not preset.min_players <= players <= preset.max_players:
        raise ValueError(f"{variant} is played by {preset.min_players} to {preset.max_players} players, not {players}")
    if type(dealer) is not int or not 0 <= dealer < players:  # (not True, not 1.0)
        raise ValueError(f"the dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
    if starter is not None and (type(starter) is not int or not 0 <= starter < players):
        raise ValueError(f"starter must be a seat from 0 to {players - 1}, not {starter!r}")
    if type(penalties) is not bool:
        raise ValueError(f"penalties is True or False, not {penalties!r}")
    if penalties and not preset.penalties:
        raise ValueError(f"the penalty rule belongs to schwechat, not {variant}")
    check_seed(seed)
    if seed is None:
        seed = _random.SystemRandom().randrange(1 << 32)
    g = Game(variant, players, names=names, dealer=dealer, penalties=penalties)
    g.seed = seed
    rng = SeededRNG(seed)
    deck = []
    for _ in range(g.decks):
        deck += standard_deck(preset.jokers_per_deck)
    rng.shuffle(deck)
    order = [(dealer + i) % players for i in range(1, players + 1)]
    for _ in range(3):
        for s in order:
            g.players[s].gamble.append(deck.pop())
    for _ in range(preset.bank_deal):
        for s in order:
            g.players[s].bank.append(deck.pop())
    for _ in range(preset.hand_deal):
        for s in order:
            g.players[s].hand.append(deck.pop())
    for p in g.players:
        p.hand.sort()
        if preset.columns:
            p.bank = [None] * len(p.gamble)
    deck.reverse()  # deck[-1] stays the top of the draw pile
    g._draw = deck
    g._note("deal", dealer)
    if preset.turn_up and deck:
        card = deck.pop()
        g.stack.append(card)
        g._note("turn-up", None, (card,))
        if card >> 2 == 10:
            g.discard.append(g.stack.pop())
            g._note("burn", None, "turn-up", 10, None)
    if starter is not None:
        g.turn = starter
    elif preset.columns:
        g.turn = rng.below(players)
    else:
        g.turn = order[0]
    g._drop_caches()  # (the seats' zones were dealt, the banks of columns laid anew)
    return g


class Game(Refusals, Application, Generation, Recorded, Rules):
    """A round of a shedding game. Create one with :func:`new_game` or :meth:`from_dict`."""

    _EVENT = SheddingEvent
    # (``stack`` too: the core takes the stack away as it is and starts a new list)
    _SCALARS = ("turn", "direction", "phase", "loser", "_pend", "opening", "stalemate", "_hh", "_sh", "_rep", "stack")
    # the fields the rules core reads besides the position's own (see core.py; derive sets them)
    hands: list
    banks: list
    gambles: list
    _cnt: list
    _held: list
    _plays: list
    __slots__ = (
        "preset",
        "variant",
        "n",
        "names",
        "players",
        "dealer",
        "decks",
        "penalties",
        "seed",
        "_draw",
        "stack",
        "discard",
        "phase",
        "turn",
        "direction",
        "finished",
        "loser",
        "_pend",
        "opening",
        "stalemate",
        "ready",
        "warned",
        "bonus",
        "known",
        "_need",
        "_out",
        "_hh",
        "_sh",
        "_rep",
        "hands",
        "banks",
        "gambles",
        "_run",
        "_cnt",
        "_held",
        "_plays",
        "_bankr",
        "_key",
        "left",
        "keyx",
        "plain",
        "skip3",
        "ended",
        "twice",
        "_smoves",
        "_seen",
        "__weakref__",
    )

    def __init__(
        self,
        variant: str = "bitenight",
        players: int = 4,
        *,
        names=None,
        dealer: int = 0,
        penalties: bool = False,
        decks=None,
    ):
        self.preset = _presets.get(variant)
        self.variant = self.preset.name
        self.n = players
        self.names = self._seat_names(names, players)
        self.players = [Player(name=self.names[i]) for i in range(players)]
        self.dealer = dealer
        self.decks = decks if decks is not None else self.preset.decks(players)
        self.penalties = penalties
        self.seed = None
        self._draw: list[Card] = []  # top of the pile is the END of this list
        self.stack: list[Card] = []
        self.discard: list[Card] = []
        self.phase = "setup"
        self.turn = (dealer + 1) % players
        self.direction = 1
        self.finished: list[int] = []
        self.loser = None
        self._pend = None  # seat that turned a joker and must name its target
        self.opening = None  # rank the first play must have (bitenight)
        self.stalemate = False
        self.ready = [False] * players
        self.warned = [False] * players
        self.bonus: list[int] = []  # seats that went out on 4s (bitenight)
        self.known: list[list[Card]] = [[] for _ in range(players)]  # per seat: hand cards everyone saw arrive
        # what forced takes showed (see `unplayable`): one entry per seat, or empty while no
        # seat has anything (then a play pays a single test for it)
        self._need: list[tuple[int, int] | None] = []
        self._out = [False] * players
        self._hh = 0
        self._sh = 0
        self._rep: dict[int, int] = {}
        self._seen: list[int] = []  # setup: the keys of the hands reached (see _setup_repeated)
        self._smoves = None  # cache: per seat, its setup moves (see _setup_moves)
        self._init_record()
        # the fields the rules core reads besides (see core.py): each seat's zones as lists of
        # lists (the seats' own lists), and what it works out from the zones
        self._drop_caches()

    # ------------------------------------------------------------------ public reading
    @property
    def draw(self) -> list:
        """The draw pile, top first."""
        return self._draw[::-1]

    @property
    def unplayable(self) -> list:
        """Per seat, None or ``(ranks, k)``: what a forced take showed. At least k of the seat's
        hand cards that nobody saw arrive (the hand less ``known``) have a rank in ``ranks``, a bit
        mask (bit r for rank r) of the ranks that could not be played on the stack it took (see
        ``_do_take``). Public: every seat saw the take. A copy; the game keeps its own."""
        return self._need[:] if self._need else [None] * self.n

    @property
    def pending(self):
        """None, or ("joker", seat): a turned joker waits for that seat to name its target."""
        return None if self._pend is None else ("joker", self._pend)

    @property
    def effective_top(self):
        """The card the next play is measured against (None: anything may be played)."""
        return self.preset.effective_top(self.stack) if self.stack else None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def in_round(self, seat: int) -> bool:
        """True while the seat still holds cards in an unfinished round."""
        return self.phase != "over" and not self._out[seat]

    def active_zone(self, seat: int) -> str:
        """Where the seat plays from now: ``"hand"``, ``"bank"`` or ``"gamble"``."""
        pl = self.players[seat]
        if pl.hand or self._draw:
            return "hand"
        if pl.bank.count(None) != len(pl.bank):
            return "bank"
        return "gamble"

    def points(self) -> dict:
        """Bitenight, once over: {seat: points} for this round (10 per place out, +10 for going
        out on 4s, 0 for the Scheißkopf)."""
        if self.preset.scoring != "points":
            raise ValueError(f"{self.variant} has no points: the Scheißkopf simply loses")
        if self.phase != "over":
            raise ValueError("the round is not over yet")
        loser = self.loser
        assert loser is not None  # a round that is over has its Scheißkopf
        pts = round_points(self.n, self.finished, self.bonus, loser)
        return {seat: pts[seat] for seat in sorted({*self.finished, loser})}

    # ------------------------------------------------------------------ undo record
    def _after_undo(self):
        self._drop_caches()

    def _drop_caches(self):
        """Work out again what the game keeps about its zones (the core's counts, top run and
        the like, :func:`~scheissekopf.shedding.core.derive`); call after changing zones or the
        repetition window directly."""
        players = self.players
        self.hands = [pl.hand for pl in players]
        self.banks = [pl.bank for pl in players]
        self.gambles = [pl.gamble for pl in players]
        derive(self)
        self._smoves = None
        self._offer = None  # (the moves offered before may no longer be legal)

    # ------------------------------------------------------------------ repetition hash
    def _position_key(self):
        """The repetition key of the position (see the Z tables above; _commit writes it out)."""
        key = self._hh + self._sh + ZT[self.turn]
        if self.direction < 0:
            key += ZDIR
        if self._pend is not None:
            key += ZP[self._pend]
        return key & _MASK

    def _hidden_hash(self, seat):
        """What the cards hidden from ``seat`` add to the position key: the part of each other
        hand that is not publicly known. Between two irreversible moves (a draw, a burn, a bank
        or gamble card, a player going out) those cards never leave their hands, so every key
        in the repetition window holds them: subtracted, the window is public information, and
        a deal that fills the hidden hands adds its own cards back (``determinize``)."""
        h = 0
        for s, pl in enumerate(self.players):
            if s != seat and pl.hand:
                unknown = Counter(pl.hand)
                unknown.subtract(self.known[s])
                z = ZH[s]
                h += sum(z[c] * k for c, k in unknown.items() if k > 0)
        return h

    def public_repetitions(self, seat):
        """The repetition window as ``seat`` may know it: each key less the hidden cards
        (:meth:`_hidden_hash`). A view carries this, so a search sees a stalemate coming."""
        h = self._hidden_hash(seat)
        return {(k - h) & _MASK: v for k, v in self._rep.items()}

    def _rehash(self):
        """Work out the repetition key's parts from the cards (then, with the window set,
        :meth:`_drop_caches` works out the rest)."""
        self._hh = sum(ZH[p][c] for p, pl in enumerate(self.players) for c in pl.hand)
        self._sh = sum(ZS[i][c] for i, c in enumerate(self.stack))

    # ------------------------------------------------------------------ copies and views
    def clone(self) -> Game:
        """An independent copy of the position (its own undo record starts empty)."""
        g = Game.__new__(Game)
        Game._copy_fields(self, g)
        g.players = []
        for pl in self.players:
            q = Player.__new__(Player)
            q.hand, q.bank, q.gamble, q.name = pl.hand[:], pl.bank[:], pl.gamble[:], pl.name
            g.players.append(q)
        g._draw = self._draw[:]
        g.stack = self.stack[:]
        g.discard = self.discard[:]
        g.finished = self.finished[:]
        g.ready = self.ready[:]
        g.warned = self.warned[:]
        g.bonus = self.bonus[:]
        g._out = self._out[:]
        g.known = [k[:] for k in self.known]
        g._need = self._need[:]
        g._rep = dict(self._rep)
        g._seen = self._seen[:]
        g.hands = [q.hand for q in g.players]
        g.banks = [q.bank for q in g.players]
        g.gambles = [q.gamble for q in g.players]
        g._cnt = [k[:] for k in self._cnt]
        g._held = self._held[:]
        g._plays = [m[:] for m in self._plays]
        g._smoves = None
        g._records = []
        g._j = []
        g.history = self.history[:]
        g._log = self._log[:]
        g._new_stamp()
        return g

    def view(self, seat: int) -> View:
        """The position as `seat` sees it: other hands, every gamble card and the draw pile
        hidden (written "??"), counts kept. Bots get this, never the game itself."""
        if type(seat) is not int or not 0 <= seat < self.n:  # (not True, not 1.0)
            raise ValueError(f"there is no seat {seat!r}")
        return game_from_dict(game_to_dict(self, hide_for=seat), View, view_seat=seat)

    def to_dict(self) -> dict:
        """The position as JSON-ready data (see :mod:`scheissekopf.shedding.position`)."""
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        """A shedding game from position data; raises :class:`InvalidPosition` naming the
        problem. (``sk.Game.from_dict`` reads every variant's positions.)"""
        return game_from_dict(data, Game)

    def to_text(self) -> str:
        """The position as one line of text (``docs/POSITION_TEXT.md``); ``from_text`` reads it
        back to the same position."""
        d = self.to_dict()
        if self.phase == "play" and self._rep == {self._position_key(): 1}:
            del d["repetitions"]  # only this position, counted once: what from_dict counts anyway
        return dict_to_text(d)

    @classmethod
    def from_text(cls, text: str) -> Game:
        """A shedding game from its position text; raises :class:`InvalidPosition` naming the
        problem and where in the text it is. (``sk.from_text`` reads every variant's text.)"""
        return game_from_dict(text_to_dict(text), Game)

    # ------------------------------------------------------------------ display
    def __repr__(self):
        # the position text, so that a repr can be pasted back (with import scheissekopf as sk)
        return f"sk.from_text({self.to_text()!r})"

    def __str__(self):
        return game_text(self)

    def _repr_html_(self):
        from .render import game_html

        return game_html(self)


class View(Game):
    """A game as one seat sees it. Hidden cards are ``sk.HIDDEN`` (``"??"``). ``legal_moves()``
    lists that seat's moves; a view cannot be played on."""

    __slots__ = ("seat",)
    seat: int

    def legal_moves(self):
        return LegalMoves.of([m for m in self._raw_moves() if m[0] == self.seat], self)

    def play(self, move):
        raise IllegalMove("a view only shows the position; play the move on the game itself", move)

    def __repr__(self):
        return f"<View of P{self.seat}: {self.variant} {self.n} players, {self.phase}>"
