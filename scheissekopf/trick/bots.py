"""Greedy habits for sheepshead, schafkopf and mehrkopf: the ``greedy`` bot and the playout
policy of the trick-game search (:mod:`.search`).

:func:`greedy_move` works on a full game or on a seat's view alike and reads only what that seat
may see: its own hand, the cards played, the contract, and the declaring side as far as it is
known (:func:`known_team`). The habits:

* **picking / bidding**: pass unless the hand is strong by a plain count of trumps, high trumps
  (Ober, Unter; queens, jacks) and aces; a Sie is always bid; never a wedding, Ramsch, a must
  game or a tout;
* **burying**: the two non-trumps worth most, voiding a fail suit where possible, keeping a
  suit to call;
* **declaring**: call the ace of the suit held shortest; a solo in the suit (or Wenz, Geier)
  with most trumps;
* **playing**: take a trick that holds points (or the last trick for free) with the cheapest
  card that wins it; when a known partner is winning, add points to it rather than overtake;
  otherwise throw the card worth least. Leading: a trump the seat knows to be the highest left
  when it is on the declaring side, the called suit when it hunts the called ace, else an ace,
  else its cheapest card. In Ramsch and the leaster: stay under the trick, shedding points and
  high cards.
"""

from __future__ import annotations

from .tables import TRUMP

_LOW_MODES = ("ramsch", "leaster")


# ---------------------------------------------------------------------------------------- sides
def known_team(g, me):
    """The seats ``me`` knows to be on its side (``me`` included), from what the seat may know:
    the caller does not know a hidden partner; the hidden partner knows the caller; an opponent
    knows its fellow opponents once every partner has shown itself."""
    c = g.contract
    if c is None or c.mode in _LOW_MODES or c.declarer is None:
        return frozenset((me,))
    decl = set(g.declarers)
    revealed = g.partner_revealed
    if me in decl:
        if not revealed and me == c.declarer:
            return frozenset(s for s in decl if s == me or _played_by(g, s))
        return frozenset(decl)
    if revealed:
        return frozenset(s for s in g.active if s not in decl)
    return frozenset((me,))


def _played_by(g, seat):
    """Has ``seat`` played one of the called cards (so that everyone knows it as a partner)?"""
    called = g.rules.called_cards(g)
    for t in g.tricks:
        for s, x in zip(t.seats, t.cards):
            if s == seat and x in called:
                return True
    for s, x in zip(g.trick_seats, g.trick):
        if s == seat and x in called:
            return True
    return False


# ---------------------------------------------------------------------------------------- hands
def _normal_strength(g, hand):
    """(trumps, Ober + Unter (queens + jacks), plain aces) under the game's default order."""
    order = g.rules.default_order(g.n)
    grp = order.grp
    tr = [c for c in hand if grp[c] == TRUMP]
    if g.family.name == "french":
        high = sum(1 for c in tr if c >> 2 in (11, 12))
        aces = sum(1 for c in hand if c >> 2 == 14 and grp[c] != TRUMP)
    else:
        high = sum(1 for c in tr if c.rank in ("O", "U"))
        aces = sum(1 for c in hand if c.rank == "A" and grp[c] != TRUMP)
    return len(tr), high, aces


def _solo_score(g, hand, target):
    """How good ``hand`` is for a solo with ``target`` (a suit letter, or wenz / geier /
    niederer): (trumps, high trumps, aces outside trump)."""
    from .base import Contract
    from .schafkopf import SOLO_KINDS

    if target in SOLO_KINDS:
        c = Contract(target, 0)
        main = {"wenz": "U", "geier": "O", "niederer": "G"}[target]
    else:
        c = Contract("solo", 0, suit=target)
        main = None
    order = g.rules.order_for(g.n, c)
    grp = order.grp
    tr = [x for x in hand if grp[x] == TRUMP]
    if main is None:
        high = sum(1 for x in tr if x.rank in ("O", "U"))
    else:
        high = len(tr)
    aces = sum(1 for x in hand if x.rank == "A" and grp[x] != TRUMP)
    return len(tr), high, aces


def _solo_ok(g, hand, target):
    trumps, high, aces = _solo_score(g, hand, target)
    if target in ("wenz", "geier", "niederer"):
        return high >= 3 and aces >= 2 and high + aces >= 6
    need = 6 if len(hand) >= 8 else len(hand) - 2
    return trumps >= need and high >= 3


def _best_solo(g, hand, targets):
    best, best_key = None, None
    for t in targets:
        tr, high, aces = _solo_score(g, hand, t)
        key = (_solo_ok(g, hand, t), tr + high + aces if t in ("wenz", "geier", "niederer") else tr * 2 + high + aces)
        if best_key is None or key > best_key:
            best, best_key = t, key
    return best, bool(best_key and best_key[0])


def _pick(g, moves, p):
    trumps, high, aces = _normal_strength(g, g.players[p].hand)
    strong = trumps >= 5 or (trumps >= 4 and high >= 2)
    return _kind(moves, "pick" if strong else "pass")


def _kind(moves, kind, default=None):
    for m in moves:
        if m.kind == kind:
            return m
    return default if default is not None else moves[0]


def _bury(g, moves, p):
    hand = g.players[p].hand
    order = g.order
    grp = order.grp
    pts = g.card_points
    best, best_s = None, None
    for m in moves:
        a, b = m.cards
        rest = [c for c in hand if c != a and c != b]
        s = 0.0
        for c in (a, b):
            if grp[c] == TRUMP:
                s -= 40 + order.pw[c] / 10
            else:
                s += pts[c]
        held = {grp[c] for c in rest if grp[c] != TRUMP}
        before = {grp[c] for c in hand if grp[c] != TRUMP}
        s += 6 * len(before - held)  # a fail suit voided
        mine = set(hand)
        callable_ = any(cs[0] not in mine and s_ in held for s_, cs in order.plain.items())
        if callable_:
            s += 15
        if best_s is None or s > best_s:
            best, best_s = m, s
    return best


def _call(g, moves, p):
    hand = g.players[p].hand
    grp = g.order.grp
    calls = [m for m in moves if m.kind == "call"]
    if calls:
        return min(calls, key=lambda m: sum(1 for c in hand if grp[c] == grp[m.cards[0]]))
    trumps, high, aces = _normal_strength(g, hand)
    unders = [m for m in moves if m.kind == "under"]
    if trumps >= 6 or not unders:
        return _kind(moves, "alone")
    pts = g.card_points
    return min(unders, key=lambda m: (grp[m.cards[0]] == TRUMP, pts[m.cards[0]], g.order.pw[m.cards[0]]))


def _auction(g, moves, p):
    bids = {m.target: m for m in moves if m.kind == "bid"}
    if "sie" in bids:
        return bids["sie"]
    if g.layout:  # two players: the face-up cards only
        up = [c for c in g.players[p].bank if c is not None]
        high = sum(1 for c in up if c.rank in ("O", "U"))
        return bids["normal"] if "normal" in bids and high >= 3 else _kind(moves, "pass")
    hand = g.players[p].hand
    if "solo" in bids:
        _, ok = _best_solo(g, hand, g.rules.solo_targets(g.n))
        if ok:
            return bids["solo"]
    if "normal" in bids:
        trumps, high, aces = _normal_strength(g, hand)
        if (trumps >= 4 and high >= 2) or trumps >= 5:
            return bids["normal"]
    return _kind(moves, "pass")


def _declare(g, moves, p):
    kinds = {m.kind for m in moves}
    if "trump" in kinds:
        up = [c for c in g.players[p].bank if c is not None]
        return max((m for m in moves if m.kind == "trump"), key=lambda m: sum(1 for c in up if c.suit == m.target))
    hand = g.players[p].hand
    calls = [m for m in moves if m.kind == "call"]
    solos = [m for m in moves if m.kind in ("solo", "tout")]
    if calls and solos:  # a must game: a solo only when it is good
        best, ok = _best_solo(g, hand, [m.target for m in solos])
        if not ok:
            solos = []
    if calls and not solos:
        order = g.rules.default_order(g.n)
        grp = order.grp
        return min(calls, key=lambda m: sum(1 for c in hand if grp[c] == grp[m.cards[0]]))
    best, _ = _best_solo(g, hand, [m.target for m in solos])
    for m in solos:
        if m.target == best and m.kind == "solo":
            return m
    for m in solos:
        if m.target == best:
            return m
    return moves[0]


# ---------------------------------------------------------------------------------------- play
def _played(g):
    out = set(g.trick)
    for t in g.tricks:
        out.update(t.cards)
    return out


def _play(g, moves, me):
    order = g.order
    grp, pw = order.grp, order.pw
    pts = g.card_points
    cards = [m for m in moves if m.kind == "card"]
    hole = [m for m in moves if m.kind != "card"]
    if not cards:
        return moves[0]
    c = g.contract
    low = c is not None and c.mode in _LOW_MODES
    trick = g.trick
    if not trick:
        return _lead(g, cards, hole, me, low)
    lg = g.lead_grp
    seats = g.trick_seats
    skip = g.hole_index(len(g.tricks), seats)
    wi = order.winner(trick, lg, skip)
    w = trick[wi]
    best = 1000 + pw[w] if grp[w] == TRUMP else pw[w]
    trick_pts = sum(pts[x] for i, x in enumerate(trick) if i != skip)

    def key(x):
        gx = grp[x]
        if gx == TRUMP:
            return 1000 + pw[x]
        return pw[x] if gx == lg else -1

    last = len(trick) == len(g.active) - 1
    winners = [m for m in cards if key(m.cards[0]) > best]
    losers = [m for m in cards if key(m.cards[0]) <= best]
    if low:
        if losers:  # stay under: shed points and high cards
            return max(losers, key=lambda m: (pts[m.cards[0]], key(m.cards[0]), pw[m.cards[0]]))
        return min(winners, key=lambda m: (pts[m.cards[0]], -key(m.cards[0])))
    team = known_team(g, me)
    if seats[wi] in team:
        safe = last or _is_master(g, w, lg)
        if safe and losers:  # a partner takes it: add points
            return max(losers, key=lambda m: (pts[m.cards[0]] - _trump_cost(g, m.cards[0]), -key(m.cards[0])))
        return _cheapest(g, losers or cards, hole)
    if winners and (trick_pts >= 10 or last):
        if last:
            return max(winners, key=lambda m: (pts[m.cards[0]] - _trump_cost(g, m.cards[0]), -key(m.cards[0])))
        return min(winners, key=lambda m: (key(m.cards[0]), -pts[m.cards[0]]))
    return _cheapest(g, losers or cards, hole)


def _trump_cost(g, x):
    """What playing ``x`` gives up besides its points: a trump's strength."""
    order = g.order
    if order.grp[x] != TRUMP:
        return 0
    return 4 + (order.pw[x] - (100 - len(order.trumps))) / 2


def _cheapest(g, cards, hole=()):
    """The card worth least: fewest points, then a plain card before a trump, then the weakest."""
    pts, grp, pw = g.card_points, g.order.grp, g.order.pw
    if hole:
        return hole[0]
    return min(
        cards, key=lambda m: (pts[m.cards[0]] + _trump_cost(g, m.cards[0]), grp[m.cards[0]] == TRUMP, pw[m.cards[0]])
    )


def _is_master(g, card, lg):
    """Can no card still out beat ``card`` in a trick following ``lg``? (Trumps only: a plain
    card can always be trumped.)"""
    order = g.order
    if order.grp[card] != TRUMP:
        return False
    played = _played(g)
    mine = set(g.playable(g.turn))
    for t in order.trumps:
        if t == card:
            return True
        if t not in played and t not in mine:
            return False
    return True


def _lead(g, cards, hole, me, low):
    order = g.order
    grp, pw = order.grp, order.pw
    pts = g.card_points
    if low:
        return min(cards, key=lambda m: (grp[m.cards[0]] == TRUMP, pw[m.cards[0]], pts[m.cards[0]]))
    c = g.contract
    mine = [m.cards[0] for m in cards]
    trumps = [x for x in mine if grp[x] == TRUMP]
    if me in g.declarers and c is not None:
        played = _played(g)
        top = next((t for t in order.trumps if t not in played), None)
        if top is not None and top in trumps:
            return next(m for m in cards if m.cards[0] == top)
    elif c is not None and c.called is not None and not g.called_led and me not in g.declarers:
        cs = grp[c.called]
        suit = [m for m in cards if grp[m.cards[0]] == cs]
        if suit:  # hunt the called ace
            return min(suit, key=lambda m: (pts[m.cards[0]], pw[m.cards[0]]))
    aces = [m for m in cards if grp[m.cards[0]] != TRUMP and pw[m.cards[0]] == 50]
    if aces:
        return aces[0]
    if me in g.declarers and trumps and len(trumps) >= 3:
        return min((m for m in cards if grp[m.cards[0]] == TRUMP), key=lambda m: pw[m.cards[0]])
    plain = [m for m in cards if grp[m.cards[0]] != TRUMP]
    return min(plain or cards, key=lambda m: (pts[m.cards[0]] + _trump_cost(g, m.cards[0]), pw[m.cards[0]]))


# ---------------------------------------------------------------------------------------- entry
def greedy_move(g, moves):
    """The greedy choice among ``moves`` (all of the seat to move) in ``g``, a trick game or a
    seat's view of one."""
    if len(moves) == 1:
        return moves[0]
    habit = _HABITS.get(g.phase)
    if habit is None:
        return _kind(moves, "pass")  # doubling, the wedding offer
    return habit(g, moves, moves[0].player)


# the greedy habit of each phase with more than passing to it
_HABITS = {"play": _play, "pick": _pick, "bury": _bury, "call": _call, "auction": _auction, "declare": _declare}


def greedy_playout(g, rng, epsilon=0.0, *, seat=None, others=None):
    """Play the full game ``g`` to its end with the greedy habits for every seat (with
    probability ``epsilon`` a move is a random one instead; ``others``: that probability for
    every seat but ``seat``, default ``epsilon``). Returns the number of moves."""
    played = 0
    legal, play = g.legal_moves, g.play
    rand, choice = rng.random, rng.choice
    if others is None:
        others = epsilon
    while g.phase != "over":
        moves = legal()
        p = epsilon if g.turn == seat else others
        if len(moves) == 1:
            play(moves[0])
        elif p and rand() < p:
            play(choice(moves))
        else:
            play(greedy_move(g, moves))
        played += 1
    return played


__all__ = ["greedy_move", "greedy_playout", "known_team"]
