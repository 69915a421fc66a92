"""American Sheepshead for five (six with the dealer sitting out): picking the blind, burying,
calling a partner, leasters, doublers. The scoring lives in :mod:`.scoring`.

Phases: ``"pick"`` (from the dealer's left each seat picks or passes), ``"bury"`` (the picker
lays two cards away), ``"call"`` (the picker calls a card, goes alone, or calls with a card in
the hole), ``"double"`` (with the ``knocking`` option: the other seats may double the hand),
``"play"``, ``"over"``. When everybody passes the hand is a leaster, or with the
``doublers`` option it is dealt again by the same dealer and counts double.
"""

from __future__ import annotations

from itertools import combinations

from ..rng import SeededRNG
from ..words import CODES
from .base import Contract, Rules
from .cards import FRENCH_FAMILY, french_of, sheepshead_deck
from .tables import TRUMP, sheepshead_order

FAIL_SUITS = ("C", "S", "H")  # the suits that are not trump; diamonds are trump
_SUIT_NAME = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades"}
_SUIT_NUMBER = {"C": 0, "D": 1, "H": 2, "S": 3}


class SheepsheadRules(Rules):
    name = "sheepshead"
    family = FRENCH_FAMILY
    min_players, max_players = 5, 6
    default_players = 5
    phases = ("pick", "bury", "call", "double", "play", "over")
    modes = ("pick", "called", "alone", "leaster")
    bids = ("pass", "pick")
    options = ("doublers", "knocking")
    picker_keeps_suit = True
    run_away = None  # the partner leading the called suit leads the called card

    # --------------------------------------------------------------- table and deal
    def active_seats(self, n, dealer):
        return tuple(s for s in range(n) if not (n == 6 and s == dealer))

    def first_phase(self, n):
        return "pick"

    def deck(self, n):
        return sheepshead_deck()

    def cards_per_seat(self, n):
        return 6

    def deal(self, g):
        deck = self.shuffled(g, g.deal_no)
        order = [g.first_seat]
        while len(order) < len(g.active):
            order.append(g._nxt[order[-1]])
        for _ in range(3):
            for s in order:
                g.players[s].hand.append(deck.pop())
        g.blind.extend([deck.pop(), deck.pop()])
        for _ in range(3):
            for s in order:
                g.players[s].hand.append(deck.pop())
        key = g.order.key
        for s in order:
            g.players[s].hand.sort(key=key.__getitem__)

    # --------------------------------------------------------------- how cards rank
    def default_order(self, n):
        return sheepshead_order()

    def order_for(self, n, contract):
        return sheepshead_order()

    def group_name(self, g, grp):
        return "trump" if grp == TRUMP else _SUIT_NAME[grp]

    def rank_word(self, g, card):
        return {14: "ace", 10: "ten"}.get(card >> 2, str(card))

    # --------------------------------------------------------------- calling
    def call_options(self, g, p):
        """(cards that may be called, cards that may be called with a card in the hole)."""
        return self.calls_for(g.players[p].hand, g.buried, g.order.grp)

    @staticmethod
    def calls_for(hand, buried, grp):
        """call_options for a picker holding ``hand`` who buried ``buried`` (``grp``: each
        card's group in the order of play)."""
        mine = set(hand) | set(buried)
        held_suits = {grp[c] for c in hand}
        aces = {s: french_of(14, s) for s in FAIL_SUITS}
        tens = {s: french_of(10, s) for s in FAIL_SUITS}
        calls = [aces[s] for s in FAIL_SUITS if _SUIT_NUMBER[s] in held_suits and aces[s] not in mine]
        unders = []
        if not calls:
            if not all(a in mine for a in aces.values()):
                unders = [aces[s] for s in FAIL_SUITS if aces[s] not in mine]
            else:
                calls = [tens[s] for s in FAIL_SUITS if _SUIT_NUMBER[s] in held_suits and tens[s] not in mine]
                if not calls:
                    unders = [tens[s] for s in FAIL_SUITS if tens[s] not in mine]
        return calls, unders

    # --------------------------------------------------------------- moves before play
    def moves(self, g):
        p = g.turn
        if g.phase == "pick":
            return [(p, "pick", (), None, None), (p, "pass", (), None, None)]
        if g.phase == "double":
            out = [(p, "pass", (), None, None)]
            if self.may_double(g, p):
                out.append((p, "double", (), None, None))
            return out
        hand = g.players[p].hand
        if g.phase == "bury":
            return [(p, "bury", pair, None, None) for pair in combinations(hand, 2)]
        calls, unders = self.call_options(g, p)
        out = [(p, "call", (c,), None, None) for c in calls]
        for a in unders:
            out += [(p, "under", (h,), a, None) for h in hand]
        out.append((p, "alone", (), None, None))
        return out

    def phase_hint(self, g, w=CODES):
        who = w.who(g.names, g.turn)
        yet = "no cards are played yet" + w.either(":", ";")
        return {
            "pick": f"no cards are played yet: {who} picks or passes first",
            "bury": f"{yet} {who} picked and must bury two cards first" + w.either(" ('bury 7H KS')", ""),
            "call": f"{yet} {who} calls a partner first" + w.either(" ('call AH' or 'alone')", " (or plays alone)"),
            "double": f"no cards are played yet: {who} may double the hand or pass first",
        }[g.phase]

    def refusal(self, g, m, w=CODES):
        p, name, phase = m.player, w.who(g.names, m.player), g.phase
        hand = g.players[p].hand
        if phase == "pick":
            if m.kind not in ("pick", "pass"):
                return f"{name} picks up the blind or passes now" + w.either(" ('pick' or 'pass')", "")
            return None
        if phase == "double":
            if m.kind == "pass":
                return None
            if m.kind != "double":
                return f"{name} doubles the hand or passes now" + w.either(" ('double' or 'pass')", "")
            if not self.may_double(g, p):
                return f"only an opponent of the picker who holds {w.card(french_of(12, 'S'))}, or who never passed the blind, may double"
            return None
        if phase == "bury":
            if m.kind != "bury":
                return f"{name} picked and must bury two cards now" + w.either(" ('bury 7H KS')", "")
            if len(m.cards) != 2 or m.cards[0] == m.cards[1]:
                return "bury two different cards"
            for c in m.cards:
                if c not in hand:
                    return f"{name} has no {w.card(c)} to bury"
            return None
        # call
        if m.kind not in ("call", "under", "alone"):
            return w.either(
                f"{name} calls a partner ('call AH'), calls with a card in the hole ('under AH 7C') or goes alone now",
                f"{name} calls a partner, calls with a card in the hole or goes alone now",
            )
        if m.kind == "alone":
            return None
        calls, unders = self.call_options(g, p)
        if m.kind == "call":
            c = m.cards[0] if m.cards else None
            if c in calls:
                return None
            return self._call_refusal(g, p, c, calls, unders, w)
        called, hole = m.target, (m.cards[0] if m.cards else None)
        if called not in unders:
            if calls:
                return f"a card goes in the hole only when no card can be called the ordinary way (call {w.card(calls[0])})"
            return f"{w.card(called)} cannot be called with a card in the hole (callable: {', '.join(map(w.card, unders))})"
        if hole not in hand:
            return f"{name} has no {w.card(hole)} to put in the hole"
        return None

    def _call_refusal(self, g, p, c, calls, unders, w=CODES):
        mine = set(g.players[p].hand) | set(g.buried)
        if c is None:
            return "name the card to call" + w.either(", e.g. 'call AH'", "")
        if c >> 2 not in (14, 10) or g.order.grp[c] == TRUMP:
            return "the picker calls the ace of a fail suit (clubs, spades or hearts), never a trump"
        if c in mine:
            return w.either(
                f"the picker cannot call {w.card(c)}: it is in the picker's own hand or buried",
                f"it is in {w.who(g.names, p)}'s own hand or buried",  # after "Ben can't call A♣: "
            )
        if c >> 2 == 10 and calls and calls[0] >> 2 == 14 or c >> 2 == 10 and unders and unders[0] >> 2 == 14:
            return "a ten is called only when the picker holds all three fail aces"
        if c >> 2 == 14 and not any(x >> 2 == 14 for x in calls):
            if unders:
                return "the picker holds no fail card without its ace: call with a card in the hole" + w.either(
                    f" ('under {unders[0]} <card>')", f" ({w.card(unders[0])})"
                )
            return "the picker holds all three fail aces: call a fail ten instead"
        return (
            f"the picker must hold a card of the called suit ({self.group_name(g, g.order.grp[c])}) to call {w.card(c)}"
        )

    def may_double(self, g, p):
        """Knocking: an opponent of the picking side who holds QS or has not passed the blind."""
        if p in g.declarers:
            return False
        return french_of(12, "S") in g.players[p].hand or g.bids[p] is None

    def _doubling_order(self, g):
        order, s = [], g.first_seat
        for _ in range(len(g.active)):
            if s != g.contract.declarer:
                order.append(s)
            s = g._nxt[s]
        return order

    def _after_call(self, g):
        """With knocking, the other seats may double before the first card."""
        if g.options.get("knocking"):
            g.phase = "double"
            g.turn = self._doubling_order(g)[0]

    def apply(self, g, m):
        p, kind = m.player, m.kind
        if g.phase == "double":
            g._set(g.doubles, p, kind)
            order = self._doubling_order(g)
            if kind == "double":
                g.multiplier *= 2
                g._note("double", p, g.multiplier)
            else:
                g._note("pass", p)
            if kind == "double" or p == order[-1]:
                g.phase = "play"
                g.turn = g.first_seat
            else:
                g.turn = order[order.index(p) + 1]
            return
        if kind == "pass":
            g._set(g.bids, p, "pass")
            g._note("pass", p)
            if g._nxt[p] == g.first_seat:
                self._all_passed(g)
            else:
                g.turn = g._nxt[p]
        elif kind == "pick":
            g._set(g.bids, p, "pick")
            hand = g.players[p].hand
            g._save(hand)
            hand.extend(g.blind)
            g._save(g.blind)
            g.blind.clear()
            g._sort_hand(p)
            g.contract = Contract("pick", p)
            g.declarers = (p,)
            g.phase = "bury"
            g._note("pick", p)
        elif kind == "bury":
            hand = g.players[p].hand
            g._save(hand)
            for c in m.cards:
                hand.remove(c)
            g._j.append(g.buried)
            g._j.append(len(g.buried))
            g.buried.extend(m.cards)
            g.phase = "call"
            g._note("bury", p)
        elif kind == "alone":
            g._note("alone", p)
            g._start_play(Contract("alone", p), (p,))
            self._after_call(g)
        else:
            if kind == "call":
                called = m.cards[0]
                g._note("call", p, called)
            else:
                called, hole = m.target, m.cards[0]
                hand = g.players[p].hand
                g._save(hand)
                hand.remove(hole)
                g.hole = hole
                g._note("under", p, called)
            partner = g.holder(called)
            g._start_play(Contract("called", p, called=called), (p, partner))
            g.bound = (called,)
            self._after_call(g)

    def _all_passed(self, g):
        if g.options.get("doublers"):
            for s in g.active:
                g._save(g.players[s].hand)
                g.players[s].hand.clear()
            g._save(g.blind)
            g.blind.clear()
            g._save(g.bids)
            g.bids[:] = [None] * g.n
            g.deal_no += 1
            g.multiplier *= 2
            self.deal(g)
            g.turn = g.first_seat
            g._note("redeal", g.dealer, g.multiplier)
            return
        g._note("leaster", None)
        g._start_play(Contract("leaster"), ())

    # --------------------------------------------------------------- end
    def adjust_points(self, g, pts):
        c = g.contract
        if c is None:
            return pts
        if c.mode == "leaster":
            if g.tricks and g.blind:
                pts[g.tricks[-1].winner] += sum(g.card_points[x] for x in g.blind)
        elif g.buried:
            pts[c.declarer] += sum(g.card_points[x] for x in g.buried)
        return pts

    def finish(self, g):
        c = g.contract
        if c.mode != "leaster":
            return
        last = g.tricks[-1].winner
        g._note("blind", last, sum(g.card_points[x] for x in g.blind))
        g.lot = self.draw_lot(g)

    def draw_lot(self, g):
        """A leaster tie for the fewest points is settled by lot, drawn from the seed: the seat
        drawn, or None when there is no tie."""
        pts = g.taken_points()
        won = g.tricks_won()
        takers = [s for s in g.active if won[s]]
        low = min(pts[s] for s in takers)
        tied = [s for s in takers if pts[s] == low]
        if len(tied) < 2:
            return None
        rng = SeededRNG(((g.seed or 0) * 31 + 17 + g.deal_no) & ((1 << 64) - 1))
        return tied[rng.below(len(tied))]
