"""The deals a seat cannot tell apart from the real one (trick games' determinization).

A determinized world is checked against an oracle that knows nothing of how the determinizer
reasons: the world must show the seat the very view the real game shows it, and the real game's
moves, replayed from the deal that world implies, must all be legal and lead to that world. The
real deal must always pass the determinizer's own limits (they never rule out the truth).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import scheissekopf as sk
from scheissekopf.trick.determinize import TrickInfoSet

TABLES = [
    ("sheepshead", 5, {}),
    ("sheepshead", 5, {"knocking": True}),
    ("sheepshead", 6, {"doublers": True, "knocking": True}),
    ("schafkopf", 4, {}),
    ("mehrkopf", 2, {}),
    ("mehrkopf", 3, {}),
    ("mehrkopf", 4, {}),
    ("mehrkopf", 5, {}),
    ("mehrkopf", 6, {}),
]


# the moves that tell the table most about a hand: a random player who prefers them reaches
# weddings, Ramsch, must games, calls with a card in the hole and doubled hands often
TELLING = {"accept", "ramsch", "must", "call", "under", "double", "pick"}


def games(variant, players, options, seeds, telling=False):
    """Every decision point of random hands (the real game, before each move)."""
    for seed in seeds:
        g = sk.new_game(variant, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while g.phase != "over":
            yield g
            moves = list(g.legal_moves())
            if telling:
                said = [m for m in moves if m.kind in TELLING or m.target in ("normal", "wedding")]
                if g.phase == "auction":
                    said += [m for m in moves if m.kind == "pass"]  # everybody passing: Ramsch
                if said and rng.random() < 0.8:
                    kinds = sorted({(m.kind, str(m.target)) for m in said})
                    kind = rng.choice(kinds)  # each kind of move as likely (one Ramsch, 32 must games)
                    moves = [m for m in said if (m.kind, str(m.target)) == kind]
            g.play(rng.choice(moves))


def _key(m):
    return (m.player, m.kind, frozenset(map(str, m.cards)), None if m.target is None else str(m.target))


def _held(w, s):
    """The cards seat ``s`` of world ``w`` holds or has played from its hand (the hole aside)."""
    out = list(w.players[s].hand)
    tricks = [(k, t.seats, t.cards) for k, t in enumerate(w.tricks)]
    if w.trick:
        tricks.append((len(w.tricks), w.trick_seats, w.trick))
    for k, seats, cards in tricks:
        skip = w.hole_index(k, seats)
        out += [x for i, (t, x) in enumerate(zip(seats, cards)) if t == s and i != skip]
    return out


def _normal(d):
    d = dict(d)
    d["players"] = [{k: sorted(v, key=str) for k, v in pl.items()} for pl in d["players"]]
    d["seed"] = None
    d["buried"] = sorted(d["buried"])  # the order two cards are laid away in is nobody's business
    return d


def reachable(real, w):
    """Whether the real game's moves, replayed from the deal world ``w`` implies with ``w``'s own
    hidden choices (the buried cards, the card in the hole, the card given to a wedding), are all
    legal and end in ``w``. Not for the two-player layout (checked by the view alone)."""
    n = w.n
    d = w.to_dict()
    active = list(w.active)
    start = real.deal_no * len(active)  # sheepshead doublers: the passes before the last deal
    hands = {s: _held(w, s) for s in active}
    blind = list(w.blind)
    c = w.contract
    if w.rules.name == "sheepshead" and c is not None and c.mode != "leaster":
        hands[c.declarer] += list(w.buried) + ([w.hole] if w.hole is not None else [])
        # which two cards came from the blind makes no difference to the moves after it
        blind = list(w.buried) if w.buried else hands[c.declarer][-2:]
        for x in blind:
            hands[c.declarer].remove(x)
    swaps = [None]
    if c is not None and c.mode == "wedding":
        o, a = c.declarer, next(s for s in w.declarers if s != c.declarer)
        swaps = [(o, x, a, t) for x in hands[o] for t in hands[a]]
    for swap in swaps:
        hs = {s: list(h) for s, h in hands.items()}
        if swap:
            o, x, a, t = swap
            hs[o].remove(x)
            hs[o].append(t)
            hs[a].remove(t)
            hs[a].append(x)
        d0 = {
            "variant": w.variant,
            "names": d["names"],
            "dealer": w.dealer,
            "options": d["options"],
            "players": [{"hand": [str(x) for x in hs.get(s, [])]} for s in range(n)],
            "blind": [str(x) for x in blind],
            "multiplier": 2**real.deal_no,
            "deal": w.deal_no,
        }
        try:
            g = sk.from_dict(d0)
        except sk.InvalidPosition:
            continue
        ok = True
        for m in real.history[start:]:
            want = _key(m)
            if m.kind == "bury":
                want = (m.player, "bury", frozenset(map(str, w.buried)), None)
            elif m.kind == "under":
                want = (m.player, "under", frozenset([str(w.hole)]), want[3])
            elif m.kind == "accept":
                want = (m.player, "accept", frozenset([str(swap[1])]), None)
            legal = {_key(x): x for x in g.legal_moves()}
            mv = legal.get(want)  # (a must game's card is public: the world names the same)
            if mv is None:
                ok = False
                break
            g.play(mv)
        if ok and _normal(g.to_dict()) == _normal(d):
            return True
    return False


def consistent(real, seat, w):
    """What is wrong with world ``w`` for ``seat`` of the real game (None: nothing)."""
    if w.view(seat).to_dict() != real.view(seat).to_dict():
        return "the world shows the seat another view"
    deck = Counter(map(str, w.rules.deck(w.n)))
    cards = Counter()
    for pl in w.players:
        cards.update(str(x) for x in pl.hand + pl.bank + pl.gamble if x is not None)
    cards.update(str(x) for x in w.blind + w.buried + w.trick)
    for t in w.tricks:
        cards.update(map(str, t.cards))
    if w.hole is not None and w.hole_trick is None:
        cards[str(w.hole)] += 1
    if cards != deck:
        return "the world does not hold the deck once"
    if not w.layout and not reachable(real, w):
        return "the real moves cannot be replayed from the world's deal"
    return None


def test_the_oracle_accepts_the_real_hand_and_refuses_a_seat_holding_a_suit_it_did_not_follow():
    checked = 0
    for g in games("schafkopf", 4, {}, range(30)):
        if g.phase != "play" or not g.tricks:
            continue
        seat = g.turn
        assert consistent(g, seat, g) is None
        # a seat (not the one looking) that did not follow a led suit, given a card of that suit
        # from another such seat's hand: the same view, a valid position, an impossible hand
        t = g.tricks[-1]
        lead = g.order.grp[t.cards[0]]
        for s, x in zip(t.seats[1:], t.cards[1:]):
            donors = [q for q in g.active if q not in (s, seat)]
            suit = [(q, y) for q in donors for y in g.players[q].hand if g.order.grp[y] == lead]
            if s == seat or g.order.grp[x] == lead or not suit or not g.players[s].hand:
                continue
            q, y = suit[0]
            d = g.to_dict()
            mine, theirs = d["players"][s]["hand"], d["players"][q]["hand"]
            z = mine[0]
            mine[0], theirs[theirs.index(str(y))] = str(y), z
            for key in ("declarers", "bound", "called_led"):
                d.pop(key)
            try:
                w = sk.from_dict(d)
            except sk.InvalidPosition:  # the swap moved a called card to its caller
                continue
            if w.view(seat).to_dict() == g.view(seat).to_dict():
                assert consistent(g, seat, w) == "the real moves cannot be replayed from the world's deal"
                checked += 1
    assert checked >= 5


# ----------------------------------------------------------------------------- the property
def impossible_worlds(points, samples=3):
    """The worlds determinized at each (real game) decision point that the real game cannot be
    in, described; asserts that the determinizer's limits admit the real deal."""
    bad = []
    for g in points:
        seat = g.turn
        view = g.view(seat)
        info = TrickInfoSet(view)
        assert info.admits(g), f"the limits rule out the real deal: {g.to_text()} (seat {seat})"
        rng = random.Random(len(g.history))
        for _ in range(samples):
            try:
                w = sk.variants.determinize(view, rng)
            except sk.InvalidPosition as exc:
                bad.append(f"{g.to_text()} (seat {seat}): {exc}")
                continue
            why = consistent(g, seat, w)
            if why:
                bad.append(f"{g.to_text()} (seat {seat}): {why}: {w.to_text()}")
    return bad


@pytest.mark.slow
@pytest.mark.parametrize("telling", [False, True], ids=["random", "telling"])
@pytest.mark.parametrize("variant, players, options", TABLES)
def test_every_determinized_world_is_one_the_real_game_could_be_in(variant, players, options, telling):
    bad = impossible_worlds(games(variant, players, options, range(8), telling))
    assert not bad, f"{len(bad)} impossible worlds, e.g. {bad[0]}"


def hands_where(variant, players, options, wanted, reached, count, seeds=range(400)):
    """Every decision point of ``count`` random hands in which the seats make a move of the first
    kind in ``wanted`` they may make (else any), and that end up ``reached(game)``."""
    found = 0
    for seed in seeds:
        rng = random.Random(seed)
        g = sk.new_game(variant, players=players, seed=seed, **options)
        while g.phase != "over":
            moves = list(g.legal_moves())
            for kind in wanted:  # the first kind of move wanted that the seat may make
                said = [m for m in moves if kind in (m.kind, m.target)]
                if said:
                    moves = said
                    break
            g.play(rng.choice(moves))
        if not reached(g):
            continue
        moves, g = g.history, sk.new_game(variant, players=players, seed=seed, **options)
        for m in moves:
            yield g
            g.play(m)
        found += 1
        if found == count:
            return
    raise AssertionError(f"only {found} of {count} hands found")


def _ten(g):
    return g.contract.called is not None and str(g.contract.called).startswith("10")


# (the rule, the table, the moves the seats prefer, what the hand must show)
RULES = {
    "the called ace is not with the picker, nor with a seat that doubled": (
        ("sheepshead", 5, {"knocking": True}),
        ("double", "call"),
        lambda g: "double" in g.doubles and g.contract.called is not None,
    ),
    "who doubles after passing the blind holds the queen of spades": (
        ("sheepshead", 5, {"knocking": True}),
        ("double",),
        lambda g: any(x == "double" and g.bids[s] == "pass" for s, x in enumerate(g.doubles)),
    ),
    "a card goes in the hole only when no card can be called the ordinary way": (
        ("sheepshead", 5, {"knocking": True}),
        ("under",),
        lambda g: g.hole is not None,
    ),
    "a ten is called only by a picker with all three fail aces": (
        ("sheepshead", 6, {}),
        ("call", "under"),
        _ten,
    ),
    "the Ramsch caller could have called an ace": (
        ("schafkopf", 4, {}),
        ("ramsch", "pass"),
        lambda g: g.contract is not None and g.contract.mode == "ramsch",
    ),
    "the wedding's offerer keeps no trump, its taker holds one": (
        ("mehrkopf", 4, {}),
        ("wedding", "accept", "pass"),
        lambda g: g.contract is not None and g.contract.mode == "wedding",
    ),
    "a bid outbid still says what the hand held": (
        ("schafkopf", 4, {}),
        ("normal", "wedding", "solo"),
        lambda g: g.contract is not None and g.contract.mode not in ("normal", "wedding"),
    ),
    "the holder of a called card runs away only with four of its suit": (
        ("mehrkopf", 5, {}),
        ("normal", "call", "pass"),
        lambda g: g.contract is not None and g.contract.called is not None,
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
def test_the_worlds_keep_the_rule(rule):
    table, wanted, reached = RULES[rule]
    bad = impossible_worlds(hands_where(*table, wanted, reached, count=3), samples=4)
    assert not bad, f"{len(bad)} impossible worlds, e.g. {bad[0]}"


def test_the_called_ace_is_never_dealt_to_the_picker_while_the_others_may_double():
    # the position of a logged random hand: P3 picked, buried 8♦ 10♣ and called A♥; with the
    # knocking option P1 passed and P2 may double, before the first card
    g = sk.new_game("sheepshead", 5, seed=0, knocking=True)
    for m in ("P1 pass", "P2 pass", "P3 pick", "P3 bury 8D 10C", "P3 call AH", "P1 pass"):
        g.play(m)
    assert (g.phase, g.turn) == ("double", 2)
    view = g.view(2)
    rng = random.Random(0)
    holders = Counter()
    for _ in range(200):
        w = sk.variants.determinize(view, rng)
        holders[w.holder(w.contract.called)] += 1
        assert consistent(g, 2, w) is None
    assert set(holders) == {0, 1, 4}, holders  # never the picker P3 (nor P2, who sees its own hand)
