"""Determinization for the trick-taking games: full deals consistent with what one seat saw.

:class:`TrickInfoSet` reads only a seat's view (``game.view(seat)``) and knows

* the cards the seat has not seen (``unseen``): the deck minus its own hand, every card played
  face up, and the blind, buried cards and card in the hole when the view shows them;
* the hidden places those cards lie in: the other hands (their sizes are public), the blind,
  the buried cards, the card in the hole (also where it was played unseen), the two-player
  face-down cards;
* what the play so far rules out (``void``): a seat that did not follow the led suit (or trump)
  holds none of it; the called card is not its caller's, nor buried or in the hole; a seat that
  followed the called suit the first time it was led without bringing out the called card does
  not hold it (nor does the seat that led it, in sheepshead, where nobody may run away);
* what the bids and the call say (``checks``): a seat that bid a normal game holds an ace to
  call, one that offered a wedding holds exactly one trump, and the caller (or the sheepshead
  picker calling the ordinary way) held a card of the called suit.

:meth:`TrickInfoSet.sample` deals the unseen cards into the hidden places at random within
those limits and returns a full :class:`~.game.TrickGame` (one possible world). Everything the
search reads is in :meth:`TrickInfoSet.signature`; two views with the same signature give the
same search.
"""

from __future__ import annotations

import copy
from collections import Counter

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
        self.void = self._voids(view, d)
        self.checks = self._checks(view, d)
        # cards each owner may take (everything unseen but what is ruled out)
        self.allowed = {o: frozenset(c for c in self.unseen if c not in self.void.get(o, ())) for o in self.owners}
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

    def _voids(self, view, d):
        void = {}
        c = d["contract"]
        if view.phase not in ("play", "over") or c is None or view.layout:
            return void
        order = view.order
        grp = order.grp
        by_grp = {}
        for x in self.unseen:
            by_grp.setdefault(grp[x], set()).add(x)
        parse = self.parse
        called = parse(c["called"]) if c.get("called") else None
        cs = grp[called] if called is not None else None
        decl = c["declarer"]
        hole_trick = d["hole_trick"]
        first_called = True
        tricks = list(enumerate(d["tricks"]))
        if d["trick"]:
            tricks.append((len(d["tricks"]), d["trick"]))
        for k, td in tricks:
            seats = self._seats(view, td, k)
            cards = td["cards"]
            skip = seats.index(decl) if hole_trick == k and decl in seats else None
            lead = cs if skip == 0 else grp[parse(cards[0])]
            for i in range(1, len(cards)):
                if i == skip:
                    continue
                x = parse(cards[i])
                if grp[x] != lead:
                    void.setdefault(("hand", seats[i]), set()).update(by_grp.get(lead, ()))
            if called is not None and lead == cs and first_called:
                first_called = False
                start = 0 if view.rules.run_away is None else 1
                for i in range(start, len(cards)):
                    if i == skip or seats[i] == decl:
                        continue
                    if parse(cards[i]) != called:
                        void.setdefault(("hand", seats[i]), set()).add(called)
        if called is not None and c["mode"] != "pick":
            for o in (("hand", decl), ("buried",), ("hole",), ("blind",)):
                void.setdefault(o, set()).add(called)
        return void

    def _checks(self, view, d):
        """[(seat, what)] the sample's hands must satisfy: "normal" (an ace to call), "wedding"
        (exactly one trump), ("suit", group, played) (a card of the called suit, counting those
        already played)."""
        checks = []
        c = d["contract"]
        if view.family.name == "german" and view.n >= 4 and not view.layout:
            before = view.phase in ("auction", "declare", "wedding")
            for s, b in enumerate(d["bids"]):
                if s == self.seat or not before:
                    continue
                if b == "normal" and (view.phase != "wedding"):
                    checks.append((s, "normal"))
                if b == "wedding" and d.get("best_bid") and d["best_bid"][0] == s:
                    checks.append((s, "wedding"))
        if (
            c is not None
            and c.get("called")
            and c["mode"] in ("normal", "called")
            and c["declarer"] != self.seat
            and d["hole"] is None
            and view.phase in ("play", "over", "double")
        ):
            grp = view.order.grp
            cs = grp[self.parse(c["called"])]
            played = 0
            tricks = list(enumerate(d["tricks"]))
            if d["trick"]:
                tricks.append((None, d["trick"]))
            for k, td in tricks:
                for s, t in zip(self._seats(view, td, k), td["cards"]):
                    if s == c["declarer"] and t != H and grp[self.parse(t)] == cs:
                        played += 1
            if not played:
                checks.append((c["declarer"], ("suit", cs)))
        return checks

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
        """{owner: [cards]} with every card in an owner that may take it, or None (a dead end)."""
        cards = self.unseen[:]
        rng.shuffle(cards)
        allowed = self.allowed
        owners = self.owners
        free = dict(self.capacity)
        if not self.void:
            out = {o: [] for o in owners}
            i = 0
            for o in owners:
                k = free[o]
                out[o] = cards[i : i + k]
                i += k
            return out
        elig = {x: [o for o in owners if x in allowed[o]] for x in cards}
        cards.sort(key=lambda x: len(elig[x]))  # most restricted first (stable: still random)
        out = {o: [] for o in owners}
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

    def _fill(self, deal):
        d = copy.deepcopy(self.data)
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

    def _ok(self, g):
        rules = g.rules
        for s, what in self.checks:
            if what == "normal":
                if not rules.callable_aces(g, s):
                    return False
            elif what == "wedding":
                if len(rules.normal_trumps(g, s)) != 1:
                    return False
            else:
                cs = what[1]
                if not any(g.order.grp[x] == cs for x in g.playable(s)):
                    return False
        return True

    def sample(self, rng, tries=60):
        """A full game consistent with the view (``rng``: a ``random.Random``)."""
        last = None
        for _ in range(tries):
            deal = self._deal(rng)
            if deal is None:
                continue
            g = TrickGame.from_dict(self._fill(deal))
            if self._ok(g):
                return g
            last = g
        if last is not None:  # the checks could not be met: the closest deal found
            return last
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
