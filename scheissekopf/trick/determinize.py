"""Determinization for the trick-taking games: full deals consistent with what one seat saw.

:class:`TrickInfoSet` reads only a seat's view (``game.view(seat)``) and knows

* the cards the seat has not seen (``unseen``): the deck minus its own hand, every card played
  face up, and the blind, buried cards and card in the hole when the view shows them;
* the hidden places those cards lie in: the other hands (their sizes are public), the blind,
  the buried cards, the card in the hole (also where it was played unseen), the two-player
  face-down cards;
* what the play so far rules out (``void``): a seat that did not follow the led suit (or trump)
  holds none of it; the called card is not its caller's, nor buried, in the hole or in the
  blind, from the call on (before the first card too, while the others may double); while a
  called card is bound, a seat that followed the called suit without bringing it out does not
  hold it (nor does the seat that led it, in sheepshead, where nobody may run away), and a seat
  that threw it on a trick of another suit held nothing but bound cards; a seat that doubled is
  no partner, and one that passed the blind before doubling holds Q♠; a sheepshead picker who
  put a card in the hole held no card of the called suit, one who called a ten held all three
  fail aces; the wedding's offerer keeps no trump;
* what the bids and the call say (``checks``, on each seat's cards as dealt: its hand and the
  cards it played): a seat that bid a normal game (or the dealer who chose Ramsch) held an ace
  to call, one that offered a wedding exactly one trump, the seat that took it a trump; the
  caller held a card of the called suit, and the sheepshead picker's call was one its hand
  allowed; a schafkopf holder of a bound card who led the called suit without it held four
  cards of that suit; the picker threw a card of the called suit on another suit only keeping
  one.

The card a must game named (where the position keeps it) lies with the seat that must play.

:meth:`TrickInfoSet.sample` deals the unseen cards into the hidden places at random within
those limits and returns a full :class:`~.game.TrickGame` (one possible world). Everything the
search reads is in :meth:`TrickInfoSet.signature`; two views with the same signature give the
same search.
"""

from __future__ import annotations

from collections import Counter
from math import comb

from ..views import view_seat
from .game import TrickGame

H = "??"


class InconsistentTrickView(ValueError):
    """The view's hidden places and unseen cards do not add up."""


class TrickInfoSet:
    """What ``view.seat`` knows about a hand of sheepshead, schafkopf or mehrkopf."""

    def __init__(self, view, seat=None):
        self.seat = seat = view_seat(view, seat)
        self.n = view.n
        self.variant = view.variant
        d = view.to_dict()
        d.pop("view", None)
        d["seed"] = None
        self.data = d
        rules = view.rules
        fam = view.family
        self.parse = fam.parse
        deck = list(rules.deck(view.n))
        seen = Counter()

        def see(texts):
            for t in texts:
                if t is not None and t != H:
                    seen[fam.parse(t)] += 1

        places = []  # (owner, path) of every hidden card
        for s, pl in enumerate(d["players"]):
            see(pl["hand"])
            see(pl.get("bank") or [])
            see(pl.get("gamble") or [])
            for i, t in enumerate(pl["hand"]):
                if t == H:
                    places.append((("hand", s), ("players", s, "hand", i)))
            for i, t in enumerate(pl.get("gamble") or []):
                if t == H:
                    places.append((("gamble", s), ("players", s, "gamble", i)))
        see(d["blind"])
        see(d["buried"])
        for i, t in enumerate(d["blind"]):
            if t == H:
                places.append((("blind",), ("blind", i)))
        for i, t in enumerate(d["buried"]):
            if t == H:
                places.append((("buried",), ("buried", i)))
        hole_paths = []  # the card in the hole: in the hole field and/or a trick
        tricks = d["tricks"]
        cur = d["trick"]
        for k, td in enumerate(tricks):
            see(td["cards"])
            for i, t in enumerate(td["cards"]):
                if t == H:
                    hole_paths.append(("tricks", k, "cards", i))
        if cur:
            see(cur["cards"])
            for i, t in enumerate(cur["cards"]):
                if t == H:
                    hole_paths.append(("trick", None, "cards", i))
        if d["hole"] is not None and d["hole"] != H:
            seen_hole = fam.parse(d["hole"])
            if d["hole_trick"] is None:
                seen[seen_hole] += 1
            # else: the card lies in a trick and was counted there
        elif d["hole"] == H:
            known = None
            if d["hole_trick"] is not None:
                k = d["hole_trick"]
                td = tricks[k] if k < len(tricks) else cur
                i = self._seats(view, td, k).index(d["contract"]["declarer"])
                if td["cards"][i] != H:
                    known = td["cards"][i]
            if known is not None:
                d["hole"] = known
            else:
                hole_paths.append(("hole",))
        if hole_paths:
            places.append((("hole",), tuple(hole_paths)))
        over = seen - Counter(deck)
        if over:
            raise InconsistentTrickView(
                "cards seen that the deck does not hold: " + " ".join(map(str, over.elements()))
            )
        self.unseen = sorted((Counter(deck) - seen).elements())
        self.places = places
        if len(places) != len(self.unseen):
            raise InconsistentTrickView(f"{len(places)} hidden places but {len(self.unseen)} unseen cards")
        self.owners = sorted({o for o, _ in places})
        self.capacity = Counter(o for o, _ in places)
        self.tricks = self._tricks(view, d) if d["contract"] is not None else []
        self.played = {}  # seat: [(trick number, card)] played from its hand (the hole card aside)
        for k, seats, cards, skip in self.tricks:
            for i, (s, t) in enumerate(zip(seats, cards)):
                if i != skip:
                    self.played.setdefault(s, []).append((k, fam.parse(t)))
        self.rules = rules
        self.grp = view.order.grp
        self.called_cards = tuple(rules.called_cards(view))
        self.called_grp = self.grp[self.called_cards[0]] if self.called_cards else None
        self.known = {}  # owner: the cards the view shows it holds
        for s, pl in enumerate(d["players"]):
            if H not in pl["hand"]:
                self.known[("hand", s)] = [fam.parse(t) for t in pl["hand"]]
        if H not in d["buried"]:
            self.known[("buried",)] = [fam.parse(t) for t in d["buried"]]
        if d["hole"] not in (None, H):
            self.known[("hole",)] = [fam.parse(d["hole"])]
        self.void = self._voids(view, d)
        self.checks = self._checks(view, d)
        self.counts = {c: self._count(c) for c in self.checks if c[0] in ("wedding", "trump", "suit")}
        self.quotas = self._quotas()
        # cards each owner may take (everything unseen but what is ruled out)
        unseen = frozenset(self.unseen)
        self.allowed = {o: unseen - self.void[o] if o in self.void else unseen for o in self.owners}
        self.elig = None  # card: the owners that may take it (the first deal within voids writes it)
        self.contract = d["contract"]
        if self.contract is not None and self.contract.get("called") is not None and self.contract["mode"] != "pick":
            for key in ("declarers", "bound", "called_led"):
                d.pop(key, None)

    # ------------------------------------------------------------------ what the play rules out
    @staticmethod
    def _seats(view, td, k):
        seats = [td["leader"]]
        while len(seats) < len(td["cards"]):
            seats.append(view._nxt[seats[-1]])
        return seats

    def _tricks(self, view, d):
        """[(number, seats, cards, index of the card in the hole or None)] of every trick so far,
        the one being played last (cards as the view shows them)."""
        out = []
        tricks = list(enumerate(d["tricks"]))
        if d["trick"]:
            tricks.append((len(d["tricks"]), d["trick"]))
        c = d["contract"]
        for k, td in tricks:
            seats = self._seats(view, td, k)
            skip = seats.index(c["declarer"]) if d["hole_trick"] == k and c["declarer"] in seats else None
            out.append((k, seats, td["cards"], skip))
        return out

    def _bound_tricks(self, d):
        """[(number, seats, cards, hole index, led, carriers, bound)] for every trick played while
        a called card may still be bound: ``led`` whether the called suit was led, ``bound`` the
        called cards not yet played, ``carriers`` the seats that may hold one of them bound (None:
        any but the caller; after the called suit is led, only a seat that brought a called card
        to every trick of that suit keeps one bound)."""
        c = d["contract"]
        if not self.called_cards or c["mode"] == "pick":
            return []
        parse = self.parse
        grp = self.grp
        cs = self.called_grp
        out = []
        bound = list(self.called_cards)
        carriers = None
        for k, seats, cards, skip in self.tricks:
            led = (cs if skip == 0 else grp[parse(cards[0])]) == cs
            out.append((k, seats, cards, skip, led, carriers, tuple(bound)))
            if not led:
                continue
            played = {parse(t) for i, t in enumerate(cards) if i != skip}
            brought = {s for s, t in zip(seats, cards) if t != H and parse(t) in bound}
            carriers = brought if carriers is None else carriers & brought
            bound = [b for b in bound if b not in played]
            if not bound or not carriers:
                break
        return out

    def _voids(self, view, d):
        """{owner: cards it cannot hold}: what the play, the call, the doubling and the wedding
        rule out."""
        void = {}

        def rule_out(owner, cards):
            void.setdefault(owner, set()).update(cards)

        named = d.get("named")  # a must game's card, said aloud: its holder must play
        if named is not None and d.get("best_bid"):
            x = self.parse(named)
            if x in self.unseen:
                for o in self.owners:
                    if o != ("hand", d["best_bid"][0]):
                        rule_out(o, (x,))
        c = d["contract"]
        if c is None or view.layout:
            return void

        grp = view.order.grp
        by_grp = {}
        for x in self.unseen:
            by_grp.setdefault(grp[x], set()).add(x)
        parse = self.parse
        called = parse(c["called"]) if c.get("called") else None
        called_cards = self.called_cards
        cs = self.called_grp
        decl = c["declarer"]
        for _k, seats, cards, skip in self.tricks:
            lead = cs if skip == 0 else grp[parse(cards[0])]
            for i in range(1, len(cards)):
                if i == skip:
                    continue
                x = parse(cards[i])
                if grp[x] != lead:
                    rule_out(("hand", seats[i]), by_grp.get(lead, ()))
        start = 0 if view.rules.run_away is None else 1
        for _k, seats, cards, skip, led, carriers, bound in self._bound_tricks(d):
            for i in range(start if led else 1, len(cards)):
                if i == skip or seats[i] == decl or (carriers is not None and seats[i] not in carriers):
                    continue
                x = parse(cards[i])
                if led:
                    # a holder of a bound card brings out the first one (in the called order) it
                    # holds when the called suit is led; the leader too in sheepshead, where
                    # nobody may run away (the schafkopf leader: see the "runaway" check)
                    rule_out(("hand", seats[i]), bound[: bound.index(x)] if x in bound else bound)
                elif x in bound:
                    # a bound card goes on a trick of another suit only from a hand of bound cards
                    rule_out(("hand", seats[i]), set(self.unseen) - set(bound))
        if called is not None and c["mode"] != "pick":
            # the called card is never its caller's (nor buried, in the hole or in the blind):
            # from the call on, before the first card too (sheepshead's doubling)
            for o in (("hand", decl), ("buried",), ("hole",), ("blind",)):
                rule_out(o, (called,))
            if d["hole"] is not None:
                # a card goes in the hole only when no card can be called the ordinary way: the
                # picker held no card of the called suit, the card in the hole included
                rule_out(("hand", decl), by_grp.get(cs, ()))
                rule_out(("hole",), by_grp.get(cs, ()))
        if view.rules.name == "sheepshead":
            if called is not None and c["mode"] == "called" and called >> 2 == 10:
                # a ten is called only by a picker holding all three fail aces (or burying them)
                mine = {("hand", decl), ("buried",), ("hole",)}
                for ace in (parse("AC"), parse("AS"), parse("AH")):
                    if ace in self.unseen:
                        for o in self.owners:
                            if o not in mine:
                                rule_out(o, (ace,))
            queen = parse("QS")
            for s, double in enumerate(d["doubles"]):
                if double != "double":
                    continue
                rule_out(("hand", s), called_cards)  # only an opponent of the picker may double
                if d["bids"][s] == "pass" and queen in self.unseen:
                    # who passed the blind doubles only holding the queen of spades
                    for o in self.owners:
                        if o != ("hand", s):
                            rule_out(o, (queen,))
        if c["mode"] == "wedding":
            # the offerer held one trump and gave it for a card that is not trump
            rule_out(("hand", decl), view.rules.trumps_in(view.n, self.unseen))
        return void

    def _checks(self, view, d):
        """[checks] the sample's hands must satisfy, each on a seat's cards as dealt (its hand and
        the cards it played; see _ok): ("normal", seat) an ace to call, ("wedding", seat) exactly
        one trump, ("trump", seat) a trump at least, ("suit", seat, group) a card of the called
        suit, ("call", seat, card, under) the picker's call allowed, ("runaway", seat, trick,
        card) the called suit led without its called card allowed, ("keep", trick, card) the
        picker's card of the called suit thrown on another suit allowed."""
        checks = []
        c = d["contract"]
        me = self.seat
        german = view.family.name == "german" and view.n >= 4 and not view.layout
        if german:
            wedding = c is not None and c["mode"] == "wedding"
            for s, b in enumerate(d["bids"]):
                if s == me:
                    continue
                if b == "normal":
                    checks.append(("normal", s))
                if b == "wedding" and not (wedding and c["declarer"] == s):
                    checks.append(("wedding", s))
            if c is not None and c["mode"] == "ramsch":
                dealer = next(s for s in range(view.n) if view._nxt[s] == view.first_seat)
                if dealer != me:
                    checks.append(("normal", dealer))
            if wedding:
                for s in d["declarers"]:
                    if s not in (c["declarer"], me):
                        checks.append(("trump", s))
        if c is None or not c.get("called") or view.layout:
            return checks
        decl = c["declarer"]
        grp = view.order.grp
        parse = self.parse
        called = parse(c["called"])
        cs = grp[called]
        if c["mode"] == "normal" and decl != me:
            checks.append(("suit", decl, cs))
        elif c["mode"] == "called" and decl != me:
            checks.append(("call", decl, called, d["hole"] is not None))
        rules = view.rules
        if rules.run_away is not None:
            for k, seats, cards, _skip, led, carriers, _bound in self._bound_tricks(d):
                if led and seats[0] not in (decl, me) and (carriers is None or seats[0] in carriers):
                    checks.append(("runaway", seats[0], k, parse(cards[0])))
        if rules.picker_keeps_suit and d["hole"] is None and decl != me:
            for k, seats, cards, skip in self.tricks:
                if (cs if skip == 0 else grp[parse(cards[0])]) == cs:
                    break
                i = seats.index(decl) if decl in seats else 0
                if i and grp[parse(cards[i])] == cs:
                    checks.append(("keep", k, parse(cards[i])))
        return checks

    def _count(self, check):
        """(cards, least, most) of a check that counts cards: the seat held, as dealt, from
        ``least`` to ``most`` (None: any number) of ``cards``."""
        what = check[0]
        deck = self.rules.deck(self.n)
        if what == "suit":
            return frozenset(x for x in deck if self.grp[x] == check[2]), 1, None
        trumps = frozenset(self.rules.trumps_in(self.n, deck))
        return (trumps, 1, 1) if what == "wedding" else (trumps, 1, None)

    def _quotas(self):
        """{owner: (cards, least, most)}: how many of ``cards`` a hidden hand must be dealt for
        a counting check to hold (its count less the cards the seat played; ``most`` None: no
        bound). A deal gives such a hand its count at once (see _deal) instead of dealing at
        random until the check holds: the wedding's offerer held exactly one trump, which a
        random hand meets about one time in 25, and once it played one, hardly ever."""
        out = {}
        for check, (cards, least, most) in self.counts.items():
            owner = ("hand", check[1])
            if owner not in self.capacity or owner in out:
                continue  # a hand the view shows is checked as it is; one count per hand
            played = sum(1 for _k, x in self.played.get(check[1], ()) if x in cards)
            if most is not None and played > most:
                continue  # no deal can meet it: the checks fall back on the closest one
            out[owner] = (cards, max(0, least - played), None if most is None else most - played)
        return out

    # ------------------------------------------------------------------ reading
    def signature(self):
        """Everything a search reads: the public position with the seat's own cards, the unseen
        cards, the hidden places and what is ruled out."""
        import json

        return (
            json.dumps(self.data, sort_keys=True),
            self.seat,
            tuple(self.unseen),
            tuple((o, len(p) if isinstance(p[0], tuple) else 1) for o, p in self.places),
            tuple(sorted((o, tuple(sorted(v))) for o, v in self.void.items())),
            tuple(map(str, self.checks)),
        )

    # ------------------------------------------------------------------ dealing
    def _deal(self, rng):
        """{owner: [cards]} with every card in an owner that may take it, or None (a dead end).
        A hand with a quota (see _quotas) is dealt first, with its count."""
        cards = self.unseen[:]
        rng.shuffle(cards)
        owners = self.owners
        free = dict(self.capacity)
        out = {o: [] for o in owners}
        if self.quotas:
            cards = self._deal_quotas(rng, cards, free, out)
            if cards is None:
                return None
        if not self.void:
            i = 0
            for o in owners:
                k = free[o]
                out[o] += cards[i : i + k]
                i += k
            return out
        elig = self._eligible()
        cards.sort(key=lambda x: len(elig[x]))  # most restricted first (stable: still random)
        for x in cards:
            opts = [o for o in elig[x] if free[o]]
            if not opts:
                return None
            total = sum(free[o] for o in opts)
            r = rng.randrange(total)
            for o in opts:
                r -= free[o]
                if r < 0:
                    break
            out[o].append(x)
            free[o] -= 1
        return out

    def _eligible(self):
        """{card: the owners that may take it}, worked out once."""
        if self.elig is None:
            allowed = self.allowed
            self.elig = {x: [o for o in self.owners if x in allowed[o]] for x in set(self.unseen)}
        return self.elig

    def _deal_quotas(self, rng, cards, free, out):
        """Deal each hand with a quota its cards (into ``out``, emptying its ``free`` room): how
        many of the counted cards it gets is drawn as often as a random hand within its voids
        holds that many, among the counts the quota allows; a card only that hand may take goes
        to it. Returns the cards left (in their random order), or None (no such hand)."""
        elig = self._eligible() if self.void else None
        left = cards
        for owner, (counted, least, most) in self.quotas.items():
            room = free[owner]
            if elig is None:
                forced, may = [], left
            else:
                forced = [x for x in left if elig[x] == [owner]]
                may = [x for x in left if owner in elig[x] and elig[x] != [owner]]
            ins = [x for x in may if x in counted]
            outs = [x for x in may if x not in counted]
            rest = room - len(forced)
            have = sum(1 for x in forced if x in counted)
            lo = max(0, least - have, rest - len(outs))
            hi = min(len(ins), rest, len(ins) if most is None else most - have)
            if rest < 0 or lo > hi:
                return None
            ways = [comb(len(ins), j) * comb(len(outs), rest - j) for j in range(lo, hi + 1)]
            j = lo + rng.choices(range(hi - lo + 1), ways)[0]
            hand = forced + ins[:j] + outs[: rest - j]  # (ins and outs are in random order)
            out[owner] += hand
            free[owner] = 0
            taken = set(hand)
            left = [x for x in left if x not in taken]
        return left

    def _fill(self, deal):
        # a copy of the lists written to (from_dict keeps none of the data it reads)
        d = dict(self.data)
        d["players"] = [{k: v[:] if isinstance(v, list) else v for k, v in pl.items()} for pl in d["players"]]
        d["blind"], d["buried"] = d["blind"][:], d["buried"][:]
        d["tricks"] = [dict(td, cards=td["cards"][:]) for td in d["tricks"]]
        if d["trick"]:
            d["trick"] = dict(d["trick"], cards=d["trick"]["cards"][:])
        taken = {o: list(cs) for o, cs in deal.items()}
        for o, path in self.places:
            x = str(taken[o].pop())
            paths = path if o == ("hole",) else (path,)
            for p in paths:
                if p[0] == "players":
                    d["players"][p[1]][p[2]][p[3]] = x
                elif p[0] in ("blind", "buried"):
                    d[p[0]][p[1]] = x
                elif p[0] == "hole":
                    d["hole"] = x
                elif p[0] == "tricks":
                    d["tricks"][p[1]]["cards"][p[3]] = x
                else:
                    d["trick"]["cards"][p[3]] = x
        return d

    def _dealt(self, cards, s, since=0):
        """Seat ``s``'s cards as they were before trick ``since``: its hand (``cards(owner)``: the
        cards an owner holds) and what it played from then on (the card in the hole aside)."""
        return cards(("hand", s)) + [x for k, x in self.played.get(s, ()) if k >= since]

    def _holds(self, cards):
        """Whether the cards each owner holds (``cards(owner)``) pass every check."""
        rules = self.rules
        grp = self.grp
        n = self.n
        for check in self.checks:
            what, s = check[0], check[1]
            if what in ("wedding", "trump", "suit"):  # a count of cards: see _count
                counted, least, most = self.counts[check]
                k = sum(1 for x in self._dealt(cards, s) if x in counted)
                if k < least or most is not None and k > most:
                    return False
            elif what == "normal":
                if not rules.aces_to_call(n, self._dealt(cards, s)):
                    return False
            elif what == "call":
                hand = self._dealt(cards, s) + (cards(("hole",)) if check[3] else [])
                calls, unders = rules.calls_for(hand, cards(("buried",)), grp)
                if check[2] not in (unders if check[3] else calls):
                    return False
            elif what == "runaway":
                held_then = self._dealt(cards, s, check[2])
                held = [b for b in self.called_cards if b in held_then]
                if (
                    held
                    and check[3] != held[0]
                    and sum(1 for x in held_then if grp[x] == self.called_grp) < rules.run_away
                ):
                    return False
            else:  # keep: the picker's last card of the called suit stays until the suit is led
                held_then = self._dealt(cards, self.contract["declarer"], s)
                if len(held_then) > 1 and sum(1 for x in held_then if grp[x] == self.called_grp) < 2:
                    return False
        return True

    def _ok(self, g):
        """Whether the full game ``g`` passes every check."""

        def cards(owner):
            if owner[0] == "hand":
                return list(g.players[owner[1]].hand)
            if owner[0] == "hole":
                return [] if g.hole is None else [g.hole]
            return list(getattr(g, owner[0]))

        return self._holds(cards)

    def _fits(self, deal):
        """Whether a deal ({owner: cards}) passes every check."""
        known = self.known
        return self._holds(lambda o: deal[o] if o in deal else known.get(o, []))

    def admits(self, g):
        """Whether the full game ``g`` lies within what this seat's view rules out (the real
        game always does)."""
        places = {("blind",): g.blind, ("buried",): g.buried, ("hole",): [] if g.hole is None else [g.hole]}
        for o, cards in self.void.items():
            held = g.players[o[1]].hand if o[0] == "hand" else places.get(o, ())
            if set(held) & cards:
                return False
        return self._ok(g)

    def sample(self, rng, tries=4000):
        """A full game consistent with the view (``rng``: a ``random.Random``): deals within the
        voids until one passes the checks (should ``tries`` deals fail, the last one)."""
        last = None
        for _ in range(tries):
            deal = self._deal(rng)
            if deal is None:
                continue
            if self._fits(deal):
                return TrickGame.from_dict(self._fill(deal))
            last = deal
        if last is not None:  # the checks could not be met: the closest deal found
            return TrickGame.from_dict(self._fill(last))
        deal = {o: [] for o in self.owners}
        cards = self.unseen[:]
        rng.shuffle(cards)
        for o, _ in self.places:
            deal[o].append(cards.pop())
        return TrickGame.from_dict(self._fill(deal))


def determinize(view, rng):
    """One random full hand consistent with ``view``."""
    return TrickInfoSet(view).sample(rng)


__all__ = ["TrickInfoSet", "InconsistentTrickView", "determinize"]
