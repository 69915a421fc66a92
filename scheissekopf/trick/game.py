"""The state of one hand of a trick-taking game and the trick play every variant shares.

:class:`TrickGame` builds on :class:`scheissekopf.core.Recorded`: every change goes through the
undo journal (``_save`` before changing a list, ``(lst, len(lst))`` before appending, scalars in
``_SCALARS``), so ``undo()`` is exact. What differs between sheepshead and schafkopf before the
first card (picking and burying, or the auction) lives in the variant's rules object
(:mod:`.sheepshead`, :mod:`.schafkopf`); how cards rank lives in :mod:`.tables`.

Phases: ``"pick"``, ``"bury"``, ``"call"``, ``"double"`` (sheepshead); ``"auction"``, ``"declare"``,
``"wedding"`` (schafkopf, mehrkopf); then ``"play"`` and ``"over"``.
"""

from __future__ import annotations

from typing import ClassVar

from ..core import Recorded
from ..errors import IllegalMove
from ..notation import shown
from ..words import CODES, Writer
from .base import Trick
from .events import TrickEvent
from .moves import KINDS, TrickLegalMoves, TrickMove, parse_move
from .notation import dict_to_text, text_to_dict
from .position import from_dict, to_dict
from .tables import TRUMP


class TrickPlayer:
    """One seat's cards. ``hand`` is kept in playing order (trumps first). Two players have no
    hand: ``bank`` holds the face-up cards and ``gamble`` the face-down cards under them
    (columns; ``None`` marks an empty slot)."""

    __slots__ = ("hand", "bank", "gamble", "name")

    def __init__(self, name=""):
        self.hand = []
        self.bank = []
        self.gamble = []
        self.name = name

    @property
    def cards_held(self) -> int:
        return len(self.hand) + sum(c is not None for c in self.bank) + sum(c is not None for c in self.gamble)

    def __repr__(self):
        if self.bank or self.gamble:

            def zone(cs):
                return "[" + " ".join("--" if c is None else str(c) for c in cs) + "]"

            return f"TrickPlayer({self.name!r}, bank={zone(self.bank)}, gamble={zone(self.gamble)})"
        return f"TrickPlayer({self.name!r}, hand=[{' '.join(map(str, self.hand))}])"


HOLE = "hole"


class TrickGame(Recorded):
    """One hand of sheepshead, schafkopf or mehrkopf. Create it with :func:`scheissekopf.new_game`
    or :meth:`from_dict`."""

    view_class: ClassVar[type[TrickGame]]  # what position data of a seat's view is read as (below)

    _EVENT = TrickEvent
    _SCALARS = (
        "phase",
        "turn",
        "contract",
        "order",
        "declarers",
        "bound",
        "called_led",
        "lead_grp",
        "hole",
        "hole_trick",
        "multiplier",
        "deal_no",
        "best_bid",
        "ended",
        "lot",
        "named",
    )
    __slots__ = (
        "rules",
        "variant",
        "family",
        "n",
        "names",
        "dealer",
        "seed",
        "options",
        "players",
        "active",
        "_nxt",
        "layout",
        "blind",
        "buried",
        "bids",
        "doubles",
        "trick",
        "trick_seats",
        "tricks",
        "phase",
        "turn",
        "contract",
        "order",
        "declarers",
        "bound",
        "called_led",
        "lead_grp",
        "hole",
        "hole_trick",
        "multiplier",
        "deal_no",
        "best_bid",
        "ended",
        "lot",
        "named",
        "card_points",
        "__weakref__",
    )

    def __init__(self, rules, players, *, names=None, dealer=0, seed=None, options=None):
        self.rules = rules
        self.variant = rules.name
        self.family = rules.family
        self.n = players
        self.names = self._seat_names(names, players)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ValueError(f"the dealer must be a seat from 0 to {players - 1}")
        self.dealer = dealer
        self.seed = seed
        self.options = dict(options or {})
        self.players = [TrickPlayer(self.names[i]) for i in range(players)]
        self.active = rules.active_seats(players, dealer)
        nxt = [None] * players
        for i, s in enumerate(self.active):
            nxt[s] = self.active[(i + 1) % len(self.active)]
        self._nxt = nxt
        self.layout = players == 2 and rules.layout_for_two
        self.blind = []
        self.buried = []
        self.bids = [None] * players
        self.doubles = [None] * players  # sheepshead knocking: each seat's pass or double
        self.trick = []  # the cards of the trick being played, in order
        self.trick_seats = []  # who played them
        self.tricks = []  # finished tricks (Trick)
        self.phase = rules.first_phase(players)
        self.turn = self.first_seat
        self.contract = None
        self.order = rules.default_order(players)
        self.declarers = ()
        self.bound = ()  # called cards still bound by the bring-out rule
        self.called_led = False  # has the called suit been led yet?
        self.lead_grp = None  # the group (suit or TRUMP) the current trick follows
        self.hole = None  # sheepshead: the card in the hole
        self.hole_trick = None  # ...and the trick it was played to
        self.multiplier = 1  # sheepshead doublers
        self.deal_no = 0
        self.best_bid = None  # schafkopf: (seat, level) leading the auction
        self.ended = None  # why a hand ended without being played out
        self.lot = None  # sheepshead leaster: the winner drawn by lot on a tie
        self.named = None  # schafkopf: the card named for a must game (public: its holder declares)
        self.card_points = rules.family.points  # list indexed by card number
        self._init_record()

    # ------------------------------------------------------------------ reading
    @property
    def first_seat(self) -> int:
        """The seat at the dealer's left (the first active one): it bids first and leads first."""
        s = (self.dealer + 1) % self.n
        while self._nxt[s] is None:
            s = (s + 1) % self.n
        return s

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def pending(self):
        return None

    @property
    def cards_per_seat(self) -> int:
        return self.rules.cards_per_seat(self.n)

    @property
    def partner_revealed(self) -> bool:
        """True once every holder of a called card is known (played it), or there is none."""
        c = self.contract
        if c is None or c.called is None:
            return True
        return all(self._played(x) for x in self.rules.called_cards(self))

    def declarers_known_to(self, seat) -> list[int]:
        """The declaring side as far as ``seat`` knows it: the declarer, whoever has played a
        called card, and the seat itself when it is a declarer (all of them once the partner is
        revealed or the hand is over)."""
        if self.over or self.partner_revealed:
            return sorted(self.declarers)
        known = {self.contract.declarer}
        for x in self.rules.called_cards(self):
            for t in self.tricks:
                if x in t.cards:
                    known.add(t.seats[t.cards.index(x)])
            if x in self.trick:
                known.add(self.trick_seats[self.trick.index(x)])
        if seat in self.declarers:
            known.add(seat)
        return sorted(known)

    def _played(self, card) -> bool:
        if card in self.trick:
            return True
        return any(card in t.cards for t in self.tricks)

    def playable(self, seat) -> list:
        """The cards `seat` could play from (the hand; two players: the face-up cards)."""
        pl = self.players[seat]
        if self.layout:
            return [c for c in pl.bank if c is not None]
        return pl.hand

    def taken_points(self) -> dict:
        """{seat: card points in the tricks that seat took} (sheepshead: the buried cards count
        for the picker; in a leaster the blind for the last trick's winner)."""
        pts = {s: 0 for s in range(self.n)}
        for t in self.tricks:
            pts[t.winner] += t.points
        return self.rules.adjust_points(self, pts)

    def tricks_won(self) -> dict:
        won = {s: 0 for s in range(self.n)}
        for t in self.tricks:
            won[t.winner] += 1
        return won

    def scores(self) -> dict:
        """Once the hand is over: {seat: settlement in game units}; the values sum to zero
        (fractions of a unit where winners share a pot unevenly)."""
        if self.phase != "over":
            raise ValueError("the hand is not over yet")
        from .scoring import settle

        return settle(self)

    def result(self) -> dict:
        """Once over: how the hand ended (points of each side, won or lost, schneider...)."""
        if self.phase != "over":
            raise ValueError("the hand is not over yet")
        from .scoring import outcome

        return outcome(self)

    # ------------------------------------------------------------------ moves
    def legal_moves(self):
        legal = self._offer = TrickLegalMoves.of(self._raw_moves(), self)
        return legal

    def _raw_moves(self):
        phase = self.phase
        if phase == "play":
            return self._card_moves(self.turn)
        if phase == "over":
            return []
        return self.rules.moves(self)

    def _card_moves(self, p):
        cards = self.playable(p)
        if self.trick:
            grp, lg = self.order.grp, self.lead_grp
            opts = [c for c in cards if grp[c] == lg] or cards
        else:
            opts = cards
        if self.bound or self.hole is not None or self.rules.picker_keeps_suit and not self.called_led:
            opts, hole = self._obligations(p, cards, opts)
            moves = [(p, "card", (c,), None, None) for c in opts]
            if hole:
                moves.append((p, HOLE, (), None, None))
            return moves
        return [(p, "card", (c,), None, None) for c in opts]

    def _hole_pending(self, p) -> bool:
        return self.hole is not None and self.hole_trick is None and p == self.contract.declarer

    def _obligations(self, p, cards, opts):
        """Apply the called card's bring-out rule, sheepshead's hold card and the card in the
        hole to the cards `p` may play. Returns (cards allowed, may play the hole card)."""
        c = self.contract
        if c is None or c.called is None:
            return opts, False
        grp = self.order.grp
        cs = grp[c.called]
        hole = self._hole_pending(p)
        if hole and not cards:
            return [], True
        if self.trick:
            if self.lead_grp == cs:
                for b in self.bound:
                    if b in cards:
                        return [b], False
                if hole:
                    return [], True
                return opts, False
            keep = self._kept_back(p, cards)
            rest = [x for x in opts if x not in keep]
            return (rest or opts), False
        # leading
        held = [b for b in self.bound if b in cards]
        if held:
            ra = self.rules.run_away
            if ra is None or sum(1 for x in cards if grp[x] == cs) < ra:
                opts = [x for x in opts if grp[x] != cs or x == held[0]]
        return opts, hole

    def _kept_back(self, p, cards):
        """Cards `p` may not throw on a trick of another suit: bound called cards, and the
        sheepshead picker's last card of the called suit before that suit is led."""
        keep = [b for b in self.bound if b in cards]
        c = self.contract
        if (
            self.rules.picker_keeps_suit
            and not self.called_led
            and p == c.declarer
            and c.mode == "called"
            and self.hole is None
        ):
            grp = self.order.grp
            cs = grp[c.called]
            suit = [x for x in cards if grp[x] == cs]
            if len(suit) == 1:
                keep.append(suit[0])
        return keep

    # ------------------------------------------------------------------ checking a move
    def _resolve(self, move):
        if type(move) is TrickMove and self._offered(move):  # from legal_moves() here and now
            return move
        if self.phase == "over":
            raise IllegalMove("the hand is over", move)
        if isinstance(move, str):
            move = parse_move(move, self.turn, self.family, self)
        elif not isinstance(move, TrickMove):
            if hasattr(move, "kind") and hasattr(move, "player"):
                try:
                    move = TrickMove(move.player, move.kind, move.cards, move.target, move.index)
                except (TypeError, ValueError) as exc:
                    raise IllegalMove(str(exc), move) from None
            else:
                raise IllegalMove(f"a move is a Move or its text, not {type(move).__name__}", move)
        p = move.player
        if type(p) is not int or not 0 <= p < self.n:
            raise IllegalMove(f"there is no seat {p!r} at this table (seats 0 to {self.n - 1})", move)
        if not isinstance(move.kind, str) or move.kind not in KINDS:
            raise IllegalMove(f"unknown kind of move {move.kind!r}", move, p)
        if type(move.cards) is not tuple:
            raise IllegalMove(f"a move's cards are a tuple of cards, not {shown(move.cards)}", move, p)
        t = move.target  # (a seat, a word, or a card: cards are ints)
        if not (t is None or isinstance(t, (int, str)) and type(t) is not bool) or not (
            move.index is None or type(move.index) is int
        ):
            raise IllegalMove("a move names a seat, a word or a slot, not a value of another kind", move, p)
        kind_of_card = type(self.family.hidden)
        if any(type(c) is not kind_of_card for c in move.cards):
            move = TrickMove(p, move.kind, tuple(self._own_card(c, move) for c in move.cards), move.target, move.index)
        for c in move.cards:
            if not self._is_card(c):
                raise IllegalMove(f"{c} is not a card of this {self.variant} deck", move, p)
        why = self._refusal(move)
        if why:
            raise IllegalMove(why, move, p, words=self._refusal_words(move))
        if len(move.cards) > 1:  # (a bury) named in another order: the offered move it equals
            for row in self._raw_moves():
                if row[1] == move.kind and row[2] != move.cards and TrickMove(*row) == move:
                    return TrickMove(*row)
        return move

    def _refusal_words(self, m):
        """The refusal of m as one sentence for people: who, what and why, cards as drawn."""
        w = Writer(self.names, people=True)
        return w.refusal(m, self._refusal(m, w))

    def _own_card(self, c, move):
        """The card as this game's family writes it (an sk.Card becomes a French trick card);
        a card of the other family is refused."""
        from ..cards import Card
        from .cards import FRENCH

        if self.family.name == "french" and isinstance(c, Card):
            return FRENCH[int(c)] or c
        if isinstance(c, type(self.family.hidden)):
            return c
        raise IllegalMove(f"{c!r} is not a card of this game", move, move.player)

    def _is_card(self, c):
        return isinstance(c, int) and 0 <= c < 64 and c != self.family.hidden and self.rules.in_deck(self.n, c)

    def _refusal(self, m, w=CODES):
        """Why move m is not legal now, or None when it is (written by ``w``, see
        :mod:`scheissekopf.words`: the engine's codes by default)."""
        p, name = m.player, w.who(self.names, m.player)
        if self.phase == "over":
            return "the hand is over"
        if p != self.turn:
            return f"it is {w.who(self.names, self.turn)}'s turn" + w.either(f", not {name}'s", "")
        if self.phase != "play":
            if m.kind in ("card", HOLE):
                return self.rules.phase_hint(self, w)
            return self.rules.refusal(self, m, w)
        if m.kind == HOLE:
            if not self._hole_pending(p):
                return f"{name} has no card in the hole"
            opts, hole = self._obligations(p, self.playable(p), self.playable(p))
            if not hole:
                return "the card in the hole is played only when the called suit is led (or as the last card)"
            return None
        if m.kind != "card":
            return w.either(
                f"the cards are being played: {m.kind} is not a move now (play a card, e.g. '{self._example(p)}')",
                "the cards are being played, so play a card",
            )
        if len(m.cards) != 1:
            return "play one card at a time"
        card = m.cards[0]
        cards = self.playable(p)
        if card not in cards:
            if self.layout and any(card == g for g in self.players[p].gamble):
                return f"{w.card(card)} lies face down: only face-up cards can be played"
            return f"{name} has no {w.card(card)}"
        return self._card_refusal(p, card, cards, w)

    def _example(self, p):
        moves = self._card_moves(p)
        return str(TrickMove(*moves[0])).split(" ", 1)[1] if moves else "pass"

    def _card_refusal(self, p, card, cards, w=CODES):
        grp = self.order.grp
        follow = []
        if self.trick:
            lg = self.lead_grp
            follow = [c for c in cards if grp[c] == lg]
            if follow and grp[card] != lg:
                name = w.who(self.names, p)
                if lg == TRUMP:
                    led = w.card(self.trick[0])
                    return w.either(
                        f"you must follow trump: {led} was led",
                        f"trump was led ({led}) and {name} must follow with a trump",
                    )
                group = self.rules.group_name(self, lg)
                return w.either(
                    f"you must follow suit: {group} was led", f"{group} was led and {name} must follow suit"
                )
        opts, hole = self._card_moves_checked(p, cards)
        if card in opts:
            return None
        return self._obligation_refusal(p, card, cards)

    def _card_moves_checked(self, p, cards):
        if self.trick:
            grp, lg = self.order.grp, self.lead_grp
            opts = [c for c in cards if grp[c] == lg] or cards
        else:
            opts = cards
        return self._obligations(p, cards, opts)

    def _obligation_refusal(self, p, card, cards):
        c = self.contract
        grp = self.order.grp
        cs = grp[c.called]
        if self._hole_pending(p) and self.trick and self.lead_grp == cs:
            return "the card in the hole must be played now: the called suit was led"
        if self.trick and self.lead_grp == cs:
            b = next(b for b in self.bound if b in cards)
            if self.called_led:
                return (
                    f"the called {self.rules.rank_word(self, b)} must be played now: "
                    "its holder brought out the ace the first time the suit was led"
                )
            return f"the called {self.rules.rank_word(self, b)} must be played when its suit is led first"
        if self.trick:
            if card in self.bound:
                return f"the called {self.rules.rank_word(self, card)} may not be thrown on another suit before its suit has been led"
            return "the picker must keep one card of the called suit until that suit is led"
        held = [b for b in self.bound if b in cards]
        extra = "" if self.rules.run_away is None else f" (unless holding {self.rules.run_away} or more cards of it)"
        return f"leading the called suit, the holder of the called {self.rules.rank_word(self, held[0])} must lead it{extra}"

    # ------------------------------------------------------------------ applying
    def _apply(self, move):
        # (should this fail half-way, play() puts the position back as it was)
        kind = move.kind
        if kind == "card":
            self._play_card(move.player, move.cards[0])
        elif kind == HOLE:
            self._play_hole(move.player)
        else:
            self.rules.apply(self, move)

    def _remove_from_hand(self, p, card):
        pl = self.players[p]
        if self.layout:
            self._set(pl.bank, pl.bank.index(card), None)
        else:
            hand = pl.hand
            self._j.append(hand)
            self._j.append(hand[:])
            hand.remove(card)

    def _play_card(self, p, card):
        self._remove_from_hand(p, card)
        trick = self.trick
        if not trick:
            self.lead_grp = self.order.grp[card]
        self._j.append(trick)
        self._j.append(len(trick))
        trick.append(card)
        seats = self.trick_seats
        self._j.append(seats)
        self._j.append(len(seats))
        seats.append(p)
        c = self.contract
        if c is not None and c.called is not None and p != c.declarer and card in self.rules.called_cards(self):
            self._note("partner", p, (card,))
        else:
            self._note("card", p, (card,))
        self._next_in_trick(p)

    def _play_hole(self, p):
        card = self.hole
        trick = self.trick
        if not trick:
            self.lead_grp = self.order.grp[self.contract.called]
        self.hole_trick = len(self.tricks)
        self._j.append(trick)
        self._j.append(len(trick))
        trick.append(card)
        self._j.append(self.trick_seats)
        self._j.append(len(self.trick_seats))
        self.trick_seats.append(p)
        self._note("hole", p)
        self._next_in_trick(p)

    def _next_in_trick(self, p):
        if len(self.trick) == len(self.active):
            self._finish_trick()
        else:
            self.turn = self._nxt[p]

    def hole_index(self, trick_no, seats):
        """Position of the card in the hole within trick `trick_no`, or None."""
        if self.hole_trick == trick_no and self.contract is not None:
            return seats.index(self.contract.declarer)
        return None

    def _finish_trick(self):
        cards = tuple(self.trick)
        seats = tuple(self.trick_seats)
        number = len(self.tricks)
        skip = self.hole_index(number, seats)
        wi = self.order.winner(cards, self.lead_grp, skip)
        winner = seats[wi]
        pts = self.card_points
        points = sum(pts[c] for c in cards)
        tr = self.tricks
        self._j.append(tr)
        self._j.append(len(tr))
        tr.append(Trick(seats, cards, winner, points))
        self._j.append(self.trick)
        self._j.append(cards)
        self.trick.clear()
        self._j.append(self.trick_seats)
        self._j.append(list(seats))
        self.trick_seats.clear()
        hidden = self.family.hidden
        self._note("trick", winner, number + 1, points, tuple(hidden if i == skip else x for i, x in enumerate(cards)))
        c = self.contract
        if c is not None and c.called is not None and self.lead_grp == self.order.grp[c.called]:
            self._called_suit_led(seats, cards)
        if self.layout:
            self._turn_up()
        self.lead_grp = None
        if c is not None and c.tout and winner not in self.declarers:
            self.ended = "tout-lost"
            self._note("tout-lost", c.declarer, winner)
            self._end_hand()
            return
        if all(not self.playable(s) for s in self.active) and not self._hole_left():
            self._end_hand()
            return
        self.turn = winner

    def _hole_left(self):
        return self.hole is not None and self.hole_trick is None

    def _called_suit_led(self, seats, cards):
        bound = self.bound
        if bound:
            brought = {s for s, x in zip(seats, cards) if x in bound}
            keep = []
            for b in bound:
                if b in cards:
                    continue
                holder = self.holder(b)
                if holder in brought:
                    keep.append(b)
            self.bound = tuple(keep)
        self.called_led = True

    def holder(self, card):
        """The seat holding `card` in hand (or face up / face down for two players), else None."""
        for s, pl in enumerate(self.players):
            if card in pl.hand or card in pl.bank or card in pl.gamble:
                return s
        return None

    def _turn_up(self):
        for pl in self.players:
            for i, (b, g) in enumerate(zip(pl.bank, pl.gamble)):
                if b is None and g is not None:
                    self._set(pl.bank, i, g)
                    self._set(pl.gamble, i, None)

    def _end_hand(self):
        self.phase = "over"
        self.turn = None
        self.rules.finish(self)
        from .scoring import outcome_text, settle

        text = outcome_text(self)
        if text:
            self._note("result", None, text)
        self._note("scores", None, tuple(sorted(settle(self).items())))

    # ------------------------------------------------------------------ helpers for the rules
    def _start_play(self, contract, declarers=()):
        """Fix the contract, sort the hands in its order and hand the lead to the first seat."""
        self.contract = contract
        self.order = self.rules.order_for(self.n, contract)
        self.declarers = tuple(sorted(declarers))
        self.phase = "play"
        self.turn = self.first_seat
        key = self.order.key
        for pl in self.players:
            if pl.hand:
                self._save(pl.hand)
                pl.hand.sort(key=key.__getitem__)

    def _drop_caches(self):
        """Nothing is cached about the cards but the moves offered; kept so that code rewriting
        zones directly (card guessing for bots) can treat every game alike."""
        self._offer = None

    def _sort_hand(self, p):
        hand = self.players[p].hand
        self._save(hand)
        hand.sort(key=self.order.key.__getitem__)

    # ------------------------------------------------------------------ copies, positions, views
    def to_dict(self) -> dict:
        return to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> TrickGame:
        """A hand from position data (see :mod:`.position`); raises InvalidPosition."""
        return from_dict(data, TrickGame)

    def view(self, seat: int):
        """The hand as `seat` sees it: other hands, the blind, buried cards, the card in the hole
        and face-down cards hidden ("??"); partners hidden until revealed. A view lists that
        seat's legal moves but cannot be played on."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ValueError(f"there is no seat {seat!r}")
        return from_dict(to_dict(self, hide_for=seat), TrickGame, view_seat=seat)

    def clone(self) -> TrickGame:
        """An independent copy of the position (its own undo record starts empty)."""
        g = self.__class__.__new__(self.__class__)
        self._copy_fields(g)
        g.players = []
        for pl in self.players:
            q = TrickPlayer(pl.name)
            q.hand, q.bank, q.gamble = pl.hand[:], pl.bank[:], pl.gamble[:]
            g.players.append(q)
        for name in ("blind", "buried", "bids", "doubles", "trick", "trick_seats", "tricks", "history", "_log"):
            setattr(g, name, getattr(self, name)[:])
        g.options = dict(self.options)
        g._records = []
        g._j = []
        g._new_stamp()
        return g

    def to_text(self) -> str:
        """The position as one line of text (``docs/POSITION_TEXT.md``); ``from_text`` reads it
        back to the same position."""
        return dict_to_text(self.to_dict())

    @classmethod
    def from_text(cls, text: str) -> TrickGame:
        """A hand from its position text; raises InvalidPosition naming the problem and where in
        the text it is."""
        return from_dict(text_to_dict(text), TrickGame)

    def __repr__(self):
        # the position text, so that a repr can be pasted back (with import scheissekopf as sk)
        return f"sk.from_text({self.to_text()!r})"

    def __str__(self):
        from .text import game_text

        return game_text(self)

    def _repr_html_(self):
        """The hand as a static picture (notebook viewers, exported HTML): see render.py."""
        from .render import trick_html as game_html

        return game_html(self, None if getattr(self, "seat", None) is None else self.seat)


class TrickView(TrickGame):
    """A hand as one seat sees it (see :meth:`TrickGame.view`)."""

    __slots__ = ("seat",)
    seat: int

    def _raw_moves(self):
        if self.turn != self.seat:
            return []
        return super()._raw_moves()

    def to_dict(self) -> dict:
        return to_dict(self, hide_for=self.seat)

    def play(self, move):
        raise IllegalMove("a view only shows the position; play the move on the game itself", move)

    def undo(self):
        raise IndexError("a view has nothing to undo")

    def __repr__(self):
        return f"<View of P{self.seat}: {self.variant} {self.n} players, {self.phase}>"


TrickGame.view_class = TrickView  # what position data with a "view" field becomes
