"""The game state and every state transition of the shedding family.

All changes to a position happen in this module, through a handful of small mutators that also
write the undo record and keep the repetition hash up to date. The presets
(:mod:`scheissekopf.shedding.presets`) only supply data and the few functions where their rules differ.

Undo is a record, not a snapshot: before a move changes a list, the move's record keeps either
the list's old length (when the move only appends) or a shallow copy of it (when the move
removes cards); the scalar fields are saved as one tuple.
"""

from __future__ import annotations

import itertools
import random as _random
from bisect import bisect_left
from collections import Counter

from ..cards import CARDS, HIDDEN, JOKER, JOKER_RANK, RANK_TEXT, Card, standard_deck
from ..core import LegalMoves, Recorded
from ..errors import IllegalMove
from ..moves import Move, parse_move
from ..notation import shown
from ..rng import SeededRNG
from ..words import CODES, Said, Writer, agree, seat_word
from . import presets as _presets
from .events import SheddingEvent
from .notation import dict_to_text, text_to_dict
from .position import game_from_dict, game_to_dict, seed_refusal
from .text import game_text

VARIANTS = ("bitenight", "palace", "schwechat")
#: the table size when none is asked for
DEFAULT_PLAYERS = 4

# Random keys for the repetition hash: a position's key is the sum of one key per (seat, hand
# card), one per (stack height, card), plus the player to move, the direction and a pending
# joker. Sums (not XOR) so that identical cards from several decks do not cancel out.
_MASK = (1 << 64) - 1
_zrng = SeededRNG(0x5EED5C4E155E)
_MAX_SEATS, _MAX_STACK = 16, 256
ZH = [[_zrng.next64() for _ in range(64)] for _ in range(_MAX_SEATS)]
ZS = [[_zrng.next64() for _ in range(64)] for _ in range(_MAX_STACK)]
ZT = [_zrng.next64() for _ in range(_MAX_SEATS)]
ZP = [_zrng.next64() for _ in range(_MAX_SEATS)]
ZDIR = _zrng.next64()

# the ranks of the deck as bit masks (bit r for rank r): 2 to A, and with the jokers
_DECK_RANKS = (sum(1 << r for r in range(2, JOKER_RANK)), sum(1 << r for r in range(2, JOKER_RANK + 1)))


def makes_four(top_run, r, k):
    """Do k cards of rank r laid on a stack whose top run is ``top_run`` (what ``_top_run``
    gives: rank, length, 3s on top) complete four of a kind? (Apart from the stack and opening
    checks of ``Game._completes_four``, so a caller asking for many plays reads the run once.)"""
    rank, run, threes = top_run
    if r == 3 and threes:
        return threes + k >= 4
    return r == rank and run + k >= 4


# _RANKS_IN[bits >> 2]: the ranks 2..15 whose bits are set in `bits`, lowest first
_RANKS_IN: list[tuple[int, ...]] = [()]
for _r in range(2, 16):
    _RANKS_IN += [t + (_r,) for t in _RANKS_IN]


def _jump_targets(rank, run, threes):
    """What completes four of a kind on a stack whose top run is (rank, run, threes) (see
    ``Game._top_run``): (rank, copies needed) pairs."""
    targets = ()
    if threes and threes < 4:
        targets += ((3, 4 - threes),)
    if rank is not None and rank != JOKER_RANK and run < 4:
        targets += ((rank, 4 - run),)
    return targets


# _ONE_TARGET[rank][run]: _jump_targets(rank, run, 0), looked up (the usual top: no 3s on it)
_ONE_TARGET = [[_jump_targets(rank, run, 0) for run in range(4)] for rank in range(16)]


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
    return g


class Game(Recorded):
    """A round of a shedding game. Create one with :func:`new_game` or :meth:`from_dict`."""

    _EVENT = SheddingEvent
    _SCALARS = ("turn", "direction", "phase", "loser", "_pend", "opening", "stalemate", "_hh", "_sh", "_rep")
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
        "_run",
        "_mask",
        "_cnt",
        "_held",
        "_plays",
        "_bankr",
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
        self._run = self._mask = None  # caches of the stack's top run and playable ranks
        self._cnt = None  # cache: per rank, how many cards of it each seat's hand holds
        self._held = None  # ...and per seat, which ranks it holds (valid with _cnt)
        self._plays = None  # ...and per seat and rank, its plays of that rank (_play_moves)
        self._bankr = None  # cache: ranks in the banks of seats with an empty hand
        self._smoves = None  # cache: per seat, its setup moves (see _setup_moves)
        self._init_record()

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
        pts = {seat: 10 * (k + 1) for k, seat in enumerate(self.finished)}
        for seat in self.bonus:
            pts[seat] += 10
        loser = self.loser
        assert loser is not None  # a round that is over has its Scheißkopf
        pts[loser] = 0
        return dict(sorted(pts.items()))

    # ------------------------------------------------------------------ undo record
    def _commit(self):
        """Count the position a move has reached for the stalemate rule; return its key for
        undo (None when the move cleared the count or the round is not in play)."""
        rep_key = None
        if self.phase == "play":
            # the key of _position_key, written out (a call less on every move)
            key = self._hh + self._sh + ZT[self.turn]
            if self.direction < 0:
                key += ZDIR
            if self._pend is not None:
                key += ZP[self._pend]
            key &= _MASK
            if self._irrev:
                self._rep = {key: 1}
            else:
                count = self._rep.get(key, 0) + 1
                self._rep[key] = count
                rep_key = key
                if count >= 3:
                    try:
                        self._end_stalemate()
                    except BaseException:  # play() puts the rest back; the count is kept here
                        self._undo_extra(key)
                        raise
        return rep_key

    def _undo_extra(self, rep_key):
        if rep_key is not None:
            count = self._rep[rep_key] - 1
            if count:
                self._rep[rep_key] = count
            else:
                del self._rep[rep_key]

    def _after_undo(self):
        self._drop_caches()

    def _drop_caches(self):
        """Forget what is cached about the stack and hands; call after changing zones directly."""
        self._run = self._mask = self._cnt = self._held = self._plays = self._bankr = self._smoves = None
        self._offer = None  # (the moves offered before may no longer be legal)

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
        return [s for s in ((self.turn + self.direction * i) % self.n for i in range(self.n)) if not self._out[s]]

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
        return max(self._turn_order(), key=lambda s: self.players[s].cards_held)  # max keeps the first of a tie

    def _end_stalemate(self):
        order = self._turn_order()
        held = {s: self.players[s].cards_held for s in order}
        rank = {s: i for i, s in enumerate(order)}
        loser = self._stalemate_loser()
        self._note("stalemate", loser)
        for s in sorted((s for s in order if s != loser), key=lambda s: (held[s], rank[s])):
            self._set(self._out, s, True)
            self._j.append(self.finished)
            self._j.append(len(self.finished))
            self.finished.append(s)
            self._note("out", s, len(self.finished), False)
        self.loser = loser
        self.phase = "over"
        self.stalemate = True
        self._note("loser", loser)

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
        self._hh = sum(ZH[p][c] for p, pl in enumerate(self.players) for c in pl.hand)
        self._sh = sum(ZS[i][c] for i, c in enumerate(self.stack))

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
                    self._jump_ins(targets, moves)
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
        elif not self._draw:
            bank = [c for c in pl.bank if c is not None]
            if bank:
                self._bank_moves(p, bank, mask, moves)
            if P.columns:
                for i, c in enumerate(pl.gamble):
                    if c is not None and pl.bank[i] is None:
                        moves.append((p, "flip", (), None, i))
            elif not bank:
                for i in range(len(pl.gamble)):
                    moves.append((p, "flip", (), None, i))
            if bank and P.bank_failure_lays and not any(m[1] == "play" or m[1] == "joker" for m in moves):
                for c in sorted(set(bank)):
                    moves.append((p, "take", (c,), None, None))
                return
        if self.stack and (P.voluntary_take or not moves):
            moves.append((p, "take", (), None, None))

    def _bank_moves(self, p, bank, mask, moves):
        """Plays from the bank: every distinct set of cards of one playable rank (which bank
        cards leave matters for schwechat's columns)."""
        by_rank = {}
        for c in bank:
            by_rank.setdefault(c >> 2, []).append(c)
        for r in sorted(by_rank):
            if not mask >> r & 1 or (self.opening is not None and r != self.opening):
                continue
            group = sorted(by_rank[r])
            if r == JOKER_RANK and self.preset.joker == "target":
                self._joker_moves(p, moves, last_card=self._holds_only(p, 1))
                continue
            seen = set()
            for k in range(1, len(group) + 1):
                for combo in itertools.combinations(group, k):
                    if combo not in seen:
                        seen.add(combo)
                        moves.append((p, "play", combo, None, None))

    def _holds_only(self, p, k):
        return not self._draw and self.players[p].cards_held == k

    def _joker_moves(self, p, moves, last_card=None):
        if last_card is None:  # a turned joker: it already lies on the stack
            last_card = self.players[p].cards_held == 0
        for t in range(self.n):
            if not self._out[t] and not (last_card and t == p):
                moves.append((p, "joker", (JOKER,), t, None))

    def _playable(self):
        """Bit mask of the ranks that may be played on the stack now (bit r for rank r).
        Cached until the stack changes."""
        mask = self._mask
        if mask is None:
            st = self.stack
            mask = self.preset.on_top[st[-1] >> 2] if st else None
            if mask is None:  # an empty stack, or a see-through card on top
                mask = self.preset.allowed[self.preset.top_key(st)]
            self._mask = mask
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

    def _jump_ins(self, targets, moves):
        """The jump-ins: for each (rank, copies needed) target, every seat but the player to
        move that holds enough copies in the zone it plays from."""
        cnt = self._cnt
        turn, out = self.turn, self._out
        for q, pl in enumerate(self.players):
            if q == turn or out[q]:
                continue
            hand = pl.hand
            if hand:
                for r, need in targets:
                    held = cnt[r][q]
                    if held >= need:
                        lo = bisect_left(hand, r << 2)  # sorted: the copies lie together
                        cards = tuple(hand)
                        for k in range(lo + need, lo + held + 1):
                            moves.append((q, "play", cards[lo:k], None, None))
            elif not self._draw:
                bank = [c for c in pl.bank if c is not None]
                for r, need in targets:
                    same = tuple(sorted(c for c in bank if c >> 2 == r))
                    for k in range(need, len(same) + 1):
                        moves.append((q, "play", same[:k], None, None))

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

    # ------------------------------------------------------------------ playing
    def _refused(self, exc):
        if self.penalties and self.phase == "play":
            self._penalize(exc)

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

    def _resolve(self, move):
        """Check a move and return it (as a Move). Raise IllegalMove."""
        if type(move) is Move and self._offered(move):  # from legal_moves() here and now
            return move
        if isinstance(move, str):
            move = parse_move(move, self.turn if self.phase != "setup" else None)
        elif not isinstance(move, Move):
            raise IllegalMove(f"a move is a Move or its text, not {type(move).__name__}", move)
        p = move.player
        if type(p) is not int or not 0 <= p < self.n:  # (not True, not 1.0)
            raise IllegalMove(f"there is no seat {p!r} at this table (seats 0 to {self.n - 1})", move)
        if not isinstance(move.kind, str) or move.kind not in (
            "swap",
            "place",
            "ready",
            "play",
            "take",
            "joker",
            "flip",
        ):
            raise IllegalMove(f"unknown kind of move {move.kind!r}", move, p)
        if not (move.target is None or type(move.target) is int) or not (move.index is None or type(move.index) is int):
            raise IllegalMove("a move names a seat or a slot by its number, not a value of another kind", move, p)
        if type(move.cards) is not tuple:
            raise IllegalMove(f"a move's cards are a tuple of cards, not {shown(move.cards)}", move, p)
        for c in move.cards:
            if not isinstance(c, Card) or c == HIDDEN:
                raise IllegalMove(f"{c!r} is not a card that can be played", move, p)
        why = self._refusal(move)
        if why:
            raise IllegalMove(why, move, p, words=self._refusal_words(move))
        cards = move.cards
        if move.kind == "play" and len(cards) > 1 and any(a > b for a, b in zip(cards, cards[1:])):
            # the cards named in another order: the same move, laid as the offered one lays them
            move = Move(p, "play", sorted(cards))
        return move

    def _refusal_words(self, m):
        """The refusal of m as one sentence for people: who, what and why, cards as drawn."""
        w = Writer(self.names, people=True)
        return w.refusal(m, self._refusal(m, w))

    def _refusal(self, m, w=CODES):
        """Why move m is not legal now, or None when it is (written by ``w``, see
        :mod:`scheissekopf.words`: the engine's codes by default)."""
        P, p, name = self.preset, m.player, w.who(self.names, m.player)
        if self.phase == "over":
            return f"the round is over{w.either(':', ' and')} {w.who(self.names, self.loser)} is the Scheißkopf"
        if self.phase == "setup":
            return self._setup_refusal(m, w)
        if m.kind in ("swap", "place", "ready"):
            return w.either(
                f"setup is over: the cards are in play ({m.kind} is a setup move)",
                "setup is over and the cards are in play",
            )
        if self._out[p]:
            return w.either(f"{name} is already out", f"this round is over for {name}, who went out already")
        if self._pend is not None:
            pending = w.who(self.names, self._pend)
            if m.kind != "joker" or p != self._pend:
                return w.either(
                    f"{pending} turned a joker and must first choose who takes the stack ('JK to P2')",
                    f"a joker was turned, and first {pending} must choose who takes the stack",
                )
            return self._target_refusal(m, last_card=self.players[p].cards_held == 0, w=w)
        pl = self.players[p]
        if m.kind == "play":
            cards = m.cards
            if not cards:
                return "a play needs at least one card"
            ranks = {c >> 2 for c in cards}
            if len(ranks) > 1:
                return (
                    "one play is one or more cards of a single rank ("
                    + " and ".join(RANK_TEXT[r] for r in sorted(ranks))
                    + " are mixed)"
                )
            r = cards[0] >> 2
            zone = self.active_zone(p)
            where = self._zone_refusal(p, cards, zone, w)
            if p != self.turn:
                if not P.jump_ins:
                    return f"it is {w.who(self.names, self.turn)}'s turn" + w.either(f", not {name}'s", "")
                if where:
                    return where
                if not self._completes_four(r, len(cards)):
                    return f"it is {w.who(self.names, self.turn)}'s turn" + w.either(
                        f"; {name} may only jump in to complete four of a kind on top of the stack",
                        ", and a jump-in out of turn must complete four of a kind on top of the stack",
                    )
                return None
            if where:
                return where
            if r == JOKER_RANK and P.joker == "target":
                return "name who is shown the joker" + w.either(", e.g. 'JK to P2'", "")
            if self.opening is not None and r != self.opening:
                plural = RANK_TEXT[self.opening] + "s"
                return (
                    w.either(f"{name} opens the round and must", "the opener must")
                    + f" play {plural} (the lowest card in any hand)"
                )
            if not self._playable() >> r & 1:
                return P.refusal(self.stack, r, w)
            return None
        if p != self.turn:
            return f"it is {w.who(self.names, self.turn)}'s turn" + w.either(f", not {name}'s", "")
        if m.kind == "joker":
            if P.joker != "target":
                if P.joker is None:
                    return f"{self.variant} is played without jokers"
                return "in this game a joker is played like a card (it turns the direction)" + w.either(
                    ": play 'JK'", ""
                )
            zone = self.active_zone(p)
            where = self._zone_refusal(p, (JOKER,), zone, w)
            if where:
                return where
            if self.opening is not None:
                return (
                    w.either(f"{name} opens the round and must", "the opener must")
                    + f" play {RANK_TEXT[self.opening]}s"
                )
            return self._target_refusal(m, last_card=self._holds_only(p, 1), w=w)
        if m.kind == "flip":
            zone = self.active_zone(p)
            if zone == "hand":
                return f"{name} must play from the hand before turning gamble cards"
            if type(m.index) is not int or not 0 <= m.index < len(pl.gamble) or pl.gamble[m.index] is None:
                slot = w.either(str(m.index), str(m.index + 1)) if type(m.index) is int else repr(m.index)
                return f"{name} has no gamble card in slot {slot}"
            if P.columns:
                if pl.bank[m.index] is not None:
                    return f"gamble card {w.either(str(m.index), str(m.index + 1))} is still covered by {w.card(pl.bank[m.index])} from the bank"
            elif zone == "bank":
                return f"{name} must play the bank cards before turning gamble cards"
            return None
        # take
        if not self.stack and not m.cards:
            return "the stack is empty" + w.either(": there is nothing to take", "")
        raw = []
        self._play_moves(p, raw)
        legal = LegalMoves.of(raw, self)
        lays = [x for x in legal if x.kind == "take" and x.cards]
        if lays:
            if len(m.cards) != 1 or m.cards[0] not in pl.bank:
                return f"{name} has no playable bank card: lay one of them and take the stack, " + w.either(
                    f"e.g. 'take {lays[0].cards[0]}'", f"for example {w.card(lays[0].cards[0])}"
                )
            return None
        if m.cards:
            return w.either(
                "'take' with a card is only for laying a bank card that cannot be played (palace)",
                "a bank card is laid only when none of them can be played",
            )
        if any(x.kind == "take" for x in legal):
            return None
        example = next((x for x in legal if x.kind in ("play", "joker", "flip")), None)
        if example is None:
            return "taking is not allowed now"
        return f"{name} can {w.either(f'play ({example})', 'still ' + w.move(example))}, so may not take the stack"

    def _zone_refusal(self, p, cards, zone, w=CODES):
        pl = self.players[p]
        name = w.who(self.names, p)
        if zone == "gamble":
            return w.either(
                f"{name} plays the gamble blind, one card at a time: 'flip <slot>'",
                "the gamble cards are played blind, one at a time, by turning them over",
            )
        have = Counter(pl.hand if zone == "hand" else [c for c in pl.bank if c is not None])
        need = Counter(cards)
        missing = [c for c in need if need[c] > have[c]]
        if not missing:
            return None
        c = missing[0]
        if zone == "hand" and c in pl.bank:
            return w.either(
                f"{name} must empty the hand before playing from the bank", "the bank waits until the hand is empty"
            )
        if zone == "hand" and c in pl.gamble:
            return w.either(
                f"{name} cannot play gamble cards while holding cards in the hand",
                "the gamble cards wait until the hand is empty, and they are turned over blind",
            )
        where = "hand" if zone == "hand" else "bank"
        if need[c] > 1 and have[c]:
            return f"{name} has only {have[c]} {w.card(c)} in the {where}"
        return f"{name} has no {w.card(c)} in the {where}"

    def _target_refusal(self, m, last_card, w=CODES):
        t = m.target
        if type(t) is not int or not 0 <= t < self.n:
            return f"there is no seat {t!r} to show the joker to"
        if self._out[t]:
            return f"{w.who(self.names, t)} is out and cannot take the stack"
        if last_card and t == m.player:
            return w.either(
                "the joker is your last card: you go out with it, so show it to someone else",
                "it is the last card and goes out, so show it to someone else",
            )
        return None

    def _completes_four(self, r, k):
        if not self.stack or self.opening is not None:
            return False
        return makes_four(self._top_run(), r, k)

    def _setup_refusal(self, m, w=CODES):
        P, p, pl, name = self.preset, m.player, self.players[m.player], w.who(self.names, m.player)
        if m.kind not in ("swap", "place", "ready"):
            return f"the game is still in setup{w.either(':', ';')} swap or place cards, then say ready"
        if self.ready[p]:
            return f"{name} is ready already and can no longer change the cards"
        if m.kind == "swap":
            if len(m.cards) != 2:
                return w.either(
                    "a swap names a hand card and a bank card: 'swap 4H KD'",
                    "a swap trades one hand card for one bank card",
                )
            h, b = m.cards
            if h not in pl.hand:
                return f"{name} has no {w.card(h)} in the hand"
            if b not in pl.bank:
                return f"{name} has no {w.card(b)} in the bank"
            return None
        if m.kind == "place":
            if not P.columns:
                return f"in {self.variant} the bank is dealt face up{w.either(':', ';')} swap cards instead of placing them"
            if len(m.cards) != 1:
                return w.either(
                    "a placing names one hand card and a column: 'place 9H 0'", "lay one hand card on one column"
                )
            if m.cards[0] not in pl.hand:
                return f"{name} has no {w.card(m.cards[0])} in the hand"
            i = m.index
            if type(i) is not int or not 0 <= i < len(pl.gamble) or pl.gamble[i] is None:
                return f"there is no gamble column {i}"
            if pl.bank[i] is not None:
                return f"column {i} already has {w.card(pl.bank[i])} on it"
            return None
        if P.columns and any(b is None and g is not None for b, g in zip(pl.bank, pl.gamble)):
            return f"{name} must first lay a card face up on every gamble card"
        return None

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
        others = self._in_count() - (0 if out else 1)
        skips = min(k, others if not out else others - 1)
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

    # ------------------------------------------------------------------ penalties (schwechat)
    def _penalize(self, exc):
        p = exc.player
        if p is None or not isinstance(p, int) or not 0 <= p < self.n or self._out[p]:
            return
        scalars = self._begin()
        log_len = len(self._log)
        reason = Said(str(exc), exc.words)
        if not self.warned[p]:
            self._set(self.warned, p, True)
            self._note("warning", p, reason)
            exc.args = (f"{reason} — official warning for {self.names[p]}",)
            exc.words = agree(f"{exc.words} — official warning for {seat_word(self.names, p)}", self.names)
        else:
            if self._draw:
                source = self._draw
            elif self.discard:
                source = self.discard
            else:
                source = None
            if source is None:
                again = " — {} is warned again, but no card is left for a penalty card"
                exc.args = (reason + again.format(self.names[p]),)
                exc.words = agree(exc.words + again.format(seat_word(self.names, p)), self.names)
                return
            self._j.append(source)
            self._j.append(tuple(source))
            card = source.pop()
            pl = self.players[p]
            self._j.append(pl.gamble)
            self._j.append(tuple(pl.gamble))
            pl.gamble.append(card)
            if self.preset.columns:
                self._j.append(pl.bank)
                self._j.append(tuple(pl.bank))
                pl.bank.append(None)
            self._irrev = True
            self._note("penalty", p, reason)
            penalty = " — penalty card: one more face-down card for {}'s gamble"
            exc.args = (reason + penalty.format(self.names[p]),)
            exc.words = agree(exc.words + penalty.format(seat_word(self.names, p)), self.names)
        self._record_change(scalars, log_len)  # (not a move: no position to count)

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
        g._cnt = None if self._cnt is None else [k[:] for k in self._cnt]
        g._held = None if self._held is None else self._held[:]
        g._plays = None if self._plays is None else [m[:] for m in self._plays]
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
