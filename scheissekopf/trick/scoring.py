"""Counting a finished hand and settling it in game units.

Sheepshead follows the table of the American rules (picker 2, partner 1, each opponent 1;
schneider doubles, taking no trick triples; the leaster's winner takes 1 from everyone else).
Schafkopf / Mehrkopf: normal game 1 unit, solo 5, +1 schneider, +2 schwarz, Laufende beyond three
one unit each, tout twice (solo + Laufende); losers pay, winners share; a soloist settles with
each other player. Every settlement sums to zero.
"""

from __future__ import annotations

from fractions import Fraction

from .tables import main_trumps

SOLO_MODES = ("solo", "wenz", "geier", "niederer", "sie")


def _unit(x):
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x)
    return x


def holdings(g) -> dict:
    """{card: seat} for every card each seat held when play began (hand, face-up and face-down
    cards, and the cards it has played since)."""
    owner = {}
    for s, pl in enumerate(g.players):
        for zone in (pl.hand, pl.bank, pl.gamble):
            for c in zone:
                if c is not None:
                    owner[c] = s
    for t in g.tricks:
        for s, c in zip(t.seats, t.cards):
            owner[c] = s
    for s, c in zip(g.trick_seats, g.trick):
        owner[c] = s
    return owner


def laufende(g) -> int:
    """How many main trumps from the top one side held without a gap (0 for Ramsch)."""
    c = g.contract
    if c is None or c.mode == "ramsch" or g.family.name != "german":
        return 0
    kind = {"solo": "suit", "wedding": "normal", "sie": "normal"}.get(c.mode, c.mode)
    mains = main_trumps(g.order, g.n, kind)
    owner = holdings(g)
    decl = set(g.declarers)
    sides = [owner.get(x) in decl for x in mains if x in owner]
    if not sides:
        return 0
    k = 1
    while k < len(sides) and sides[k] == sides[0]:
        k += 1
    return k


def total_points(g) -> int:
    return sum(g.card_points[c] for c in g.rules.deck(g.n))


def outcome(g) -> dict:
    """How the hand went, as plain data."""
    c = g.contract
    out = {"contract": None if c is None else c.mode, "ended": g.ended}
    if c is None or g.ended in ("thrown", "refused"):
        return out
    pts = g.taken_points()
    won_tricks = g.tricks_won()
    out["points"] = {s: pts[s] for s in g.active}
    if c.mode in ("leaster", "ramsch"):
        return out
    decl = set(g.declarers)
    total = total_points(g)
    dp = sum(pts[s] for s in decl)
    op = sum(pts[s] for s in g.active if s not in decl)
    dt = sum(won_tricks[s] for s in decl)
    ot = sum(won_tricks[s] for s in g.active if s not in decl)
    out.update(declarers=sorted(decl), declarer_points=dp, opponent_points=op, declarer_tricks=dt, opponent_tricks=ot)
    if g.family.name == "french":
        out["won"] = dt > 0 and dp >= 61
        return out
    need = total // 2 + 1
    lauf = laufende(g)
    extra = lauf if lauf > 3 else 0
    if c.mode == "sie":
        won, value = True, 2 * (5 + extra)
        out.update(schneider=False, schwarz=False)
    elif c.tout:
        won = g.ended != "tout-lost" and ot == 0
        value = 2 * (5 + extra)
        out.update(schneider=False, schwarz=False)
    else:
        won = dp >= need
        lp, lt = (op, ot) if won else (dp, dt)
        schwarz = lt == 0
        schneider = lp * 4 < total
        base = 5 if c.mode in SOLO_MODES else 1
        value = base + (2 if schwarz else 1 if schneider else 0) + extra
        out.update(schneider=schneider, schwarz=schwarz)
    out.update(won=won, laufende=lauf, value=value, needed=need)
    return out


def settle(g) -> dict:
    """{seat: units} for a finished hand; the values sum to zero."""
    scores = {s: 0 for s in range(g.n)}
    c = g.contract
    if c is None or g.ended in ("thrown", "refused"):
        return scores
    if g.family.name == "french":
        return _sheepshead(g, scores)
    if c.mode == "ramsch":
        pts = g.taken_points()
        top = max(pts[s] for s in g.active)
        losers = [s for s in g.active if pts[s] == top]
        winners = [s for s in g.active if pts[s] != top]
        for s in losers:
            scores[s] = -len(winners)
        for s in winners:
            scores[s] = len(losers)
        return scores
    res = outcome(g)
    value, won = res["value"], res["won"]
    decl = sorted(g.declarers)
    others = [s for s in g.active if s not in decl]
    if len(decl) == 1:
        d = decl[0]
        for s in others:
            scores[s] = -value if won else value
        scores[d] = -sum(scores[s] for s in others)
        return scores
    winners, losers = (decl, others) if won else (others, decl)
    pot = value * len(losers)
    share = _unit(Fraction(pot, len(winners)))
    for s in losers:
        scores[s] = -value
    for s in winners:
        scores[s] = share
    return scores


def _sheepshead(g, scores):
    c = g.contract
    m = g.multiplier
    active = g.active
    if c.mode == "leaster":
        w = leaster_winner(g)
        for s in active:
            scores[s] = -m
        scores[w] = m * (len(active) - 1)
        return scores
    res = outcome(g)
    picker = c.declarer
    partners = [s for s in res["declarers"] if s != picker]
    opps = [s for s in active if s not in res["declarers"]]
    sp, op = res["declarer_points"], res["opponent_points"]
    if res["declarer_tricks"] == 0:  # the opposition took every trick
        for s in opps:
            scores[s] = 3 * m
        scores[picker] = -3 * m * len(opps)
        return scores
    if res["opponent_tricks"] == 0:
        won, mult = True, 3
    elif sp >= 61:
        won, mult = True, (2 if op < 30 else 1)
    else:
        won, mult = False, (2 if sp < 31 else 1)
    each = mult * m * (1 if won else -1)
    for s in opps:
        scores[s] = -each
    total = each * len(opps)
    for s in partners:
        scores[s] = each
    scores[picker] = total - each * len(partners)
    return scores


def leaster_winner(g):
    """The seat that wins a leaster: fewest points among those who took a trick (a tie is
    settled by the lot drawn when the hand ended)."""
    pts = g.taken_points()
    won = g.tricks_won()
    takers = [s for s in g.active if won[s]]
    low = min(pts[s] for s in takers)
    tied = [s for s in takers if pts[s] == low]
    if len(tied) > 1 and g.lot in tied:
        return g.lot
    return tied[0]


def outcome_text(g) -> str:
    c = g.contract
    if c is None or g.ended in ("thrown", "refused"):
        return ""
    names = g.names
    if c.mode == "leaster":
        w = leaster_winner(g)
        pts = g.taken_points()
        tie = " (drawn by lot among the tied)" if g.lot is not None else ""
        return f"{names[w]} wins the leaster with {pts[w]} points{tie}."
    if c.mode == "ramsch":
        pts = g.taken_points()
        top = max(pts[s] for s in g.active)
        losers = [names[s] for s in g.active if pts[s] == top]
        return (
            f"{' and '.join(losers)} took the most points ({top}) and lose{'s' if len(losers) == 1 else ''} the Ramsch."
        )
    res = outcome(g)
    lead = c.declarer
    side = " and ".join(names[s] for s in [lead] + [s for s in res["declarers"] if s != lead])
    if c.mode == "sie":
        return f"{side} wins with a Sie."
    verb = "win" if res["won"] else "lose"
    if len(res["declarers"]) == 1:
        verb += "s"
    text = f"{side} {verb} with {res['declarer_points']} points against {res['opponent_points']}"
    extras = []
    if res.get("schwarz"):
        extras.append("schwarz")
    elif res.get("schneider"):
        extras.append("schneider")
    if res.get("laufende", 0) > 3:
        extras.append(f"{res['laufende']} Laufende")
    if extras:
        text += " (" + ", ".join(extras) + ")"
    return text + "."
