"""Schafkopf (four players) and Mehrkopf (two to six): the auction, declaring the game, the
wedding, the dealer's choices when everybody passes, and the two-player layout.

Phases: ``"auction"`` (from the dealer's left each seat passes or bids a level: normal game,
wedding, solo, tout, Sie; a later bid must be higher, so among equal bids the earlier seat
keeps the game), ``"declare"`` (the winner names the game: the card to call, the solo, the
tout, or with two players the trump suit), ``"wedding"`` (the others may take the offered
trump), ``"play"``, ``"over"``. The scoring lives in :mod:`.scoring`.
"""

from __future__ import annotations

from ..words import CODES
from .base import Contract, Rules
from .cards import (
    GERMAN_FAMILY,
    GERMAN_RANKS_BY_PLAYERS,
    GERMAN_SUIT_ENGLISH,
    GERMAN_SUIT_NAMES,
    GERMAN_SUITS,
    german_deck,
    german_of,
)
from .tables import TRUMP, german_order

LEVELS = {"normal": 1, "wedding": 1, "solo": 2, "tout": 3, "sie": 4}
SOLO_KINDS = ("wenz", "geier", "niederer")
PLAIN_CALL_SUITS = ("E", "G", "S")  # hearts are trump in the normal game


def game_name(mode, suit, called, tout, must, w=CODES):
    """Plain words for a contract, e.g. 'a Wenz tout', 'a normal game calling EA' (the called
    card written by ``w``: 'calling Eichel-Ass' for people)."""
    if mode == "normal" and called is not None:
        text = f"a normal game calling {w.card(called)}"
    elif mode == "normal":
        text = f"a normal game with {GERMAN_SUIT_NAMES[suit]} as trump suit"
    elif mode == "solo":
        text = f"{'an' if suit == 'E' else 'a'} {GERMAN_SUIT_NAMES[suit]} solo"
    elif mode in SOLO_KINDS:
        text = f"a {mode.capitalize()}"
    else:
        text = {"wedding": "a wedding", "ramsch": "Ramsch", "sie": "a Sie"}.get(mode, mode)
    if tout:
        text += " tout"
    if must:
        text += " (must game)"
    return text


class SchafkopfRules(Rules):
    family = GERMAN_FAMILY
    layout_for_two = True
    run_away = 4  # holding 4+ cards of the called suit, its holder may lead another
    phases = ("auction", "declare", "wedding", "play", "over")
    modes = ("normal", "solo", "wenz", "geier", "niederer", "wedding", "ramsch", "sie")
    bids = ("pass", "normal", "wedding", "solo", "tout", "sie")

    def __init__(self, name, min_players, max_players, default_players=4):
        self.name = name
        self.min_players, self.max_players = min_players, max_players
        self.default_players = default_players

    # --------------------------------------------------------------- table and deal
    def first_phase(self, n):
        return "auction"

    def deck(self, n):
        return german_deck(n)

    def cards_per_seat(self, n):
        return 16 if n == 2 else 8

    def deal(self, g):
        deck = self.shuffled(g, g.deal_no)
        if g.n == 2:
            other = 1 - g.dealer
            for seat in (other, g.dealer):
                g.players[seat].gamble = [deck.pop() for _ in range(8)]
            for seat in (other, g.dealer):
                g.players[seat].bank = [deck.pop() for _ in range(8)]
            return
        order = [g.first_seat]
        while len(order) < g.n:
            order.append(g._nxt[order[-1]])
        for _ in range(2):
            for s in order:
                g.players[s].hand.extend(deck.pop() for _ in range(4))
        key = g.order.key
        for s in order:
            g.players[s].hand.sort(key=key.__getitem__)

    # --------------------------------------------------------------- how cards rank
    def default_order(self, n):
        return german_order(n, "normal", "H")

    def order_for(self, n, c):
        if c.mode in ("normal", "wedding", "ramsch", "sie"):
            if n == 2:
                return german_order(2, "suit", c.suit)
            return german_order(n, "normal", "H")
        if c.mode == "solo":
            return german_order(n, "suit", c.suit)
        return german_order(n, c.mode, None)

    def called_cards(self, g):
        c = g.contract
        if c is None or c.called is None:
            return ()
        if g.n >= 5:
            return (c.called, german_of("S", c.called.suit))
        return (c.called,)

    def group_name(self, g, grp):
        if grp == TRUMP:
            return "trump"
        s = GERMAN_SUITS[grp]
        return f"{GERMAN_SUIT_NAMES[s]} ({GERMAN_SUIT_ENGLISH[s]})"

    def rank_word(self, g, card):
        return {"A": "ace", "S": "Beauty"}.get(card.rank, str(card))

    # --------------------------------------------------------------- what a hand allows
    def callable_aces(self, g, p):
        """The aces `p` may call in a normal game: of a plain suit (not hearts) of which p holds
        a card but not the ace."""
        return self.aces_to_call(g.n, g.players[p].hand)

    def aces_to_call(self, n, hand):
        """The aces a seat holding ``hand`` at a table of ``n`` may call (see callable_aces)."""
        if n < 4:
            return []
        order = german_order(n, "normal", "H")
        out = []
        for s in PLAIN_CALL_SUITS:
            ace = german_of("A", s)
            si = GERMAN_SUITS.index(s)
            if ace not in hand and any(order.grp[c] == si for c in hand):
                out.append(ace)
        return out

    def normal_trumps(self, g, p):
        return self.trumps_in(g.n, g.players[p].hand)

    def trumps_in(self, n, cards):
        """The cards among ``cards`` that are trump in the normal game."""
        order = german_order(n, "normal", "H")
        return [c for c in cards if order.grp[c] == TRUMP]

    def has_sie(self, g, p):
        hand = g.players[p].hand
        return len(hand) == 8 and all(c.rank in ("O", "U") for c in hand)

    def may_refuse(self, g, p):
        hand = g.players[p].hand
        return (
            not any(c.rank in ("O", "U", "G") for c in hand)
            and sum(1 for c in hand if c.rank in ("9", "8", "7", "6")) >= 6
        )

    def solo_targets(self, n):
        kinds = list(GERMAN_SUITS) + ["wenz", "geier"]
        if "G" in GERMAN_RANKS_BY_PLAYERS[n]:
            kinds.append("niederer")
        return kinds

    def bid_levels(self, g, p):
        best = LEVELS[g.best_bid[1]] if g.best_bid else 0
        out = []
        if g.n >= 4:
            if best < 1 and self.callable_aces(g, p):
                out.append("normal")
            if best < 1 and len(self.normal_trumps(g, p)) == 1:
                out.append("wedding")
        if best < 2:
            out.append("solo")
        if best < 3:
            out.append("tout")
        if best < 4 and self.has_sie(g, p):
            out.append("sie")
        return out

    def _last_bidder(self, g, p):
        return g._nxt[p] == g.first_seat

    def declarations(self, g, q):
        level = g.best_bid[1]
        if g.n == 2:
            return [(q, "trump", (), s, None) for s in GERMAN_SUITS]
        out = []
        if level in ("normal", "must"):
            out += [(q, "call", (a,), None, None) for a in self.callable_aces(g, q)]
        if level in ("solo", "must"):
            out += [(q, "solo", (), k, None) for k in self.solo_targets(g.n)]
        if level in ("tout", "must"):
            out += [(q, "tout", (), k, None) for k in self.solo_targets(g.n)]
        return out

    # --------------------------------------------------------------- moves before play
    def moves(self, g):
        p = g.turn
        phase = g.phase
        if phase == "auction":
            if g.n == 2:
                return [(p, "pass", (), None, None), (p, "bid", (), "normal", None)]
            out = [(p, "pass", (), None, None)]
            out += [(p, "bid", (), lv, None) for lv in self.bid_levels(g, p)]
            if self.may_refuse(g, p):
                out.append((p, "refuse", (), None, None))
            if self._last_bidder(g, p) and g.best_bid is None:
                if self.callable_aces(g, p):
                    out.append((p, "ramsch", (), None, None))
                out += [(p, "must", (c,), None, None) for c in self.deck(g.n)]
            return out
        if phase == "declare":
            return self.declarations(g, p)
        # wedding
        order = german_order(g.n, "normal", "H")
        out = [(p, "pass", (), None, None)]
        out += [(p, "accept", (c,), None, None) for c in g.players[p].hand if order.grp[c] != TRUMP]
        return out

    def phase_hint(self, g, w=CODES):
        who = w.who(g.names, g.turn)
        yet = "no cards are played yet" + w.either(":", ";")
        return {
            "auction": f"{yet} the auction is on ({who} bids or passes)",
            "declare": f"{yet} {who} names the game first",
            "wedding": f"{yet} {who} accepts the wedding or passes",
        }[g.phase]

    def refusal(self, g, m, w=CODES):
        p, name, phase, kind = m.player, w.who(g.names, m.player), g.phase, m.kind
        if phase == "auction":
            if kind == "pass":
                return None
            if kind == "bid":
                return self._bid_refusal(g, p, m.target, w)
            if kind == "refuse":
                if not self.may_refuse(g, p):
                    return "a hand may be thrown in only with six or more cards worth nothing and no Ober, Unter or Gefreiter"
                return None
            if kind in ("ramsch", "must"):
                if not self._last_bidder(g, p):
                    return f"only the dealer, last in the auction, may call {kind} when everyone passed"
                if g.best_bid is not None:
                    return f"{w.who(g.names, g.best_bid[0])} has bid: {kind} is only for when everyone passed"
                if kind == "ramsch" and not self.callable_aces(g, p):
                    return "Ramsch may be called only by a dealer who could play a normal game (call an ace)"
                if kind == "must" and (len(m.cards) != 1 or m.cards[0] not in self._deck_set(g.n)):
                    return "name a card of the deck for the must game" + w.either(", e.g. 'must EO'", "")
                return None
            return f"the auction is on{w.either(':', ';')} {name} passes or bids" + w.either(
                " ('pass', 'bid normal', 'bid solo', 'bid tout')", ""
            )
        if phase == "declare":
            if (p, kind, tuple(m.cards), m.target, None) in self.declarations(g, p):
                return None
            return self._declare_refusal(g, p, m, w)
        if kind == "pass":
            return None
        if kind != "accept":
            return (
                f"{name} accepts the wedding"
                + w.either(" ('accept <card to give>')", " (giving a card)")
                + " or passes"
            )
        c = m.cards[0] if m.cards else None
        if c not in g.players[p].hand:
            return f"{name} has no {w.card(c)} to give"
        if german_order(g.n, "normal", "H").grp[c] == TRUMP:
            return "the card given for the wedding's trump must not be a trump"
        return None

    def _bid_refusal(self, g, p, level, w=CODES):
        if level not in LEVELS:
            return f"bid one of: {', '.join(LEVELS)}"
        if g.n == 2:
            return None if level == "normal" else "two players play only normal games: 'bid normal'"
        if g.n == 3 and level in ("normal", "wedding"):
            return "three players play solos only"
        if level in self.bid_levels(g, p):
            return None
        if g.best_bid and LEVELS[level] <= LEVELS[g.best_bid[1]]:
            who = w.who(g.names, g.best_bid[0])
            return f"{who} bid {g.best_bid[1]} first: a later bid must be higher (equal bids go to the earlier seat)"
        if level == "normal":
            return "a normal game needs an ace to call: a card of a plain suit (not hearts) without its ace"
        if level == "wedding":
            return "a wedding is offered only with exactly one trump in hand"
        if level == "sie":
            return "a Sie needs all four Ober and all four Unter in hand"
        return "that bid is not possible now"

    def _declare_refusal(self, g, p, m, w=CODES):
        level = g.best_bid[1]
        if g.n == 2:
            return "name the trump suit beside Ober and Unter" + w.either(
                ": 'trump E', 'trump G', 'trump H' or 'trump S'", ""
            )
        if m.kind == "call":
            if level not in ("normal", "must"):
                return f"{w.who(g.names, p)} bid {level}: calling an ace is a normal game"
            c = m.cards[0] if m.cards else None
            if c is None or c.rank != "A":
                return "call an ace" + w.either(", e.g. 'call EA'", "")
            if c.suit == "H":
                return w.either("the Herz ace cannot be called: ", "") + "hearts are trump in the normal game"
            if c in g.players[p].hand:
                return w.either(
                    f"{w.who(g.names, p)} holds {c}: call the ace of a suit whose ace you lack",
                    f"that ace is in {w.who(g.names, p)}'s own hand, and the called ace must be one {w.who(g.names, p)} lacks",
                )
            return f"to call {w.card(c)}, {w.who(g.names, p)} must hold a {GERMAN_SUIT_NAMES[c.suit]} card that is not a trump"
        if m.kind in ("solo", "tout"):
            if m.kind == "solo" and level not in ("solo", "must") or m.kind == "tout" and level not in ("tout", "must"):
                example = "call EA" if level == "normal" else level + " H"
                return f"{w.who(g.names, p)} bid {level}: declare that game" + w.either(f" ('{example}')", "")
            return f"there is no {m.kind} {m.target!r} here (choose from {', '.join(self.solo_targets(g.n))})"
        return f"{w.who(g.names, p)} names the game now" + w.either(
            " (e.g. " + ", ".join(f"'{t}'" for t in ("call EA", "solo H", "tout wenz")) + ")", ""
        )

    def apply(self, g, m):
        p, kind = m.player, m.kind
        phase = g.phase
        if phase == "auction":
            if kind == "pass":
                g._set(g.bids, p, "pass")
                g._note("pass", p)
                self._advance(g, p)
            elif kind == "bid":
                g._set(g.bids, p, m.target)
                g._note("bid", p, m.target)
                if m.target == "sie":
                    g._note("sie", p)
                    g.ended = "sie"
                    g.contract = Contract("sie", p)
                    g.declarers = (p,)
                    g.order = self.order_for(g.n, g.contract)
                    g._end_hand()
                    return
                g.best_bid = (p, m.target)
                self._advance(g, p)
            elif kind == "refuse":
                g._note("refuse", p)
                g.ended = "refused"
                g._end_hand()
            elif kind == "ramsch":
                g._note("ramsch", p)
                g._start_play(Contract("ramsch"), ())
            elif kind == "must":
                card = m.cards[0]
                q = g.holder(card)
                g._note("must", p, card, q)
                g.best_bid = (q, "must")
                g.named = card  # (said aloud: everyone now knows who holds it)
                g.phase = "declare"
                g.turn = q
            return
        if phase == "declare":
            self._declare(g, p, m)
            return
        # wedding
        offerer = g.best_bid[0]
        if kind == "pass":
            g._note("pass", p)
            nxt = g._nxt[p]
            if nxt == offerer:
                g._note("no-wedding", offerer)
                g.ended = "thrown"
                g._end_hand()
            else:
                g.turn = nxt
            return
        give = m.cards[0]
        trump = self.normal_trumps(g, offerer)[0]
        a, b = g.players[offerer].hand, g.players[p].hand
        g._save(a)
        g._save(b)
        a.remove(trump)
        b.remove(give)
        a.append(give)
        b.append(trump)
        g._note("accept", p, offerer)
        c = Contract("wedding", offerer)
        g._note("game", offerer, c.mode, c.suit, c.called, c.tout, c.must)
        g._start_play(c, (offerer, p))

    def _advance(self, g, p):
        if g.n == 2:
            q = p if g.best_bid else g.dealer
            g.best_bid = (q, "normal")
            g.phase = "declare"
            g.turn = q
            return
        if not self._last_bidder(g, p):
            g.turn = g._nxt[p]
            return
        if g.best_bid is None:
            g._note("throw-in", p)
            g.ended = "thrown"
            g._end_hand()
            return
        q, level = g.best_bid
        g._note("auction", q, level)
        if level == "wedding":
            g._note("wedding", q)
            g.phase = "wedding"
            g.turn = g._nxt[q]
        else:
            g.phase = "declare"
            g.turn = q

    def _declare(self, g, q, m):
        must = g.best_bid[1] == "must"
        kind = m.kind
        if kind == "trump":
            c = Contract("normal", q, suit=m.target)
            declarers = (q,)
        elif kind == "call":
            ace = m.cards[0]
            c = Contract("normal", q, suit="H", called=ace, must=must)
            g.contract = c
            called = self.called_cards(g)
            holders = {g.holder(x) for x in called} - {q}
            declarers = (q,) + tuple(holders)
        else:
            target = m.target
            if target in SOLO_KINDS:
                c = Contract(target, q, tout=kind == "tout", must=must)
            else:
                c = Contract("solo", q, suit=target, tout=kind == "tout", must=must)
            declarers = (q,)
        g._note("game", q, c.mode, c.suit, c.called, c.tout, c.must)
        g._start_play(c, declarers)
        if c.called is not None:
            g.bound = tuple(x for x in self.called_cards(g) if x not in g.players[q].hand)


SCHAFKOPF = SchafkopfRules("schafkopf", 4, 4)
MEHRKOPF = SchafkopfRules("mehrkopf", 2, 6)
