"""Positions of the trick-taking games: ``to_dict`` / ``from_dict`` and seat views.

A position is JSON-ready data, every card as its text::

    {"variant": "schafkopf", "names": [...], "dealer": 0, "seed": 7, "options": {},
     "phase": "play", "turn": 2,
     "players": [{"hand": ["EO", "HU", ...]}, ...],     # two players: "bank"/"gamble" columns
     "blind": [], "buried": [], "bids": ["pass", "normal", "pass", "pass"],
     "best_bid": [1, "normal"],
     "contract": {"mode": "normal", "declarer": 1, "suit": "H", "called": "EA",
                  "tout": false, "must": false},
     "declarers": [1, 3], "bound": ["EA"], "called_led": false,
     "hole": null, "hole_trick": null,
     "trick": {"leader": 1, "cards": ["GA"]},
     "tricks": [{"leader": 1, "cards": [...], "winner": 3}, ...],
     "multiplier": 1, "deal": 0, "ended": null, "lot": null}

``from_dict`` fills what is left out (dealer 0, no options, nothing bid, no tricks, the phase
"play" when a contract is given and the first phase otherwise, the turn that follows from the
tricks) and refuses impossible positions with :class:`~scheissekopf.InvalidPosition` naming the
problem: a card that is not in the deck, missing or there twice, a bad seat, a hand of the
wrong size, a trick led by the wrong seat or given to the wrong winner, a contract that does
not fit the variant. ``to_dict`` writes every field, so ``from_dict(d).to_dict() == d``.

A view (``game.view(seat)``) writes what that seat may not see as ``"??"``: other hands, the
blind, the buried cards and the card in the hole (except for the picker), face-down cards, and
partners not yet revealed; it also leaves out the seed. Once the hand is over nothing is hidden:
the cards are laid open and the tricks counted at the table, so a view of a finished hand shows
every hand (the cards left in a hand that ended early: a lost tout, a hand thrown in), the
face-down cards, the blind, the buried cards, the card in the hole and both sides.
"""

from __future__ import annotations

from collections import Counter

from ..errors import InvalidPosition
from ..notation import shown
from ..words import said
from .base import Contract, Trick
from .rules import RULES

H = "??"
# the keys of a position dict, in the order to_dict writes them ("view" only in a view)
KEYS = (
    "variant",
    "names",
    "dealer",
    "seed",
    "options",
    "phase",
    "turn",
    "players",
    "blind",
    "buried",
    "bids",
    "doubles",
    "best_bid",
    "named",
    "contract",
    "declarers",
    "bound",
    "called_led",
    "hole",
    "hole_trick",
    "trick",
    "tricks",
    "multiplier",
    "deal",
    "ended",
    "lot",
    "view",
)
FIELDS = set(KEYS)
ENDINGS = (None, "thrown", "refused", "tout-lost", "sie")
OPTIONS = {"doublers", "knocking"}


def _said(g, write):
    """A refusal written once, in codes and in people's words (see :func:`~scheissekopf.words.said`)."""
    return said(g.names, write)


def _fail(msg):
    raise InvalidPosition(msg)


# ------------------------------------------------------------------------------------ writing
def to_dict(g, hide_for=None) -> dict:
    view = hide_for is not None
    over = g.phase == "over"
    c = g.contract
    picker = c.declarer if c is not None and g.family.name == "french" else None
    mine = not view or hide_for == picker

    def cards(cs, hide=False):
        return [H if hide else str(x) for x in cs]

    players = []
    for i, pl in enumerate(g.players):
        d = {"hand": cards(pl.hand, view and not over and i != hide_for)}
        if g.layout:
            d["bank"] = [None if x is None else str(x) for x in pl.bank]
            d["gamble"] = [None if x is None else (H if view and not over else str(x)) for x in pl.gamble]
        players.append(d)

    def trick_cards(k, seats, cs, winner):
        hi = g.hole_index(k, seats)
        if hi is None or mine or over or hide_for == winner:
            return cards(cs)
        return [H if j == hi else str(x) for j, x in enumerate(cs)]

    declarers = g.declarers_known_to(hide_for) if view else sorted(g.declarers)
    bound = [str(x) for x in g.bound if not view or over or x in g.playable(hide_for)]
    d = {
        "variant": g.variant,
        "names": list(g.names),
        "dealer": g.dealer,
        "seed": None if view else g.seed,
        "options": dict(g.options),
        "phase": g.phase,
        "turn": g.turn,
        "players": players,
        "blind": cards(g.blind, view and not over),
        "buried": cards(g.buried, view and not over and not mine),
        "bids": list(g.bids),
        "doubles": list(g.doubles),
        "best_bid": None if g.best_bid is None else list(g.best_bid),
        "named": None if g.named is None else str(g.named),
        "contract": None
        if c is None
        else {
            "mode": c.mode,
            "declarer": c.declarer,
            "suit": c.suit,
            "called": None if c.called is None else str(c.called),
            "tout": c.tout,
            "must": c.must,
        },
        "declarers": declarers,
        "bound": bound,
        "called_led": g.called_led,
        "hole": None if g.hole is None else (str(g.hole) if mine or over else H),
        "hole_trick": g.hole_trick,
        "trick": None
        if not g.trick
        else {"leader": g.trick_seats[0], "cards": trick_cards(len(g.tricks), g.trick_seats, g.trick, None)},
        "tricks": [
            {"leader": t.leader, "cards": trick_cards(k, t.seats, t.cards, t.winner), "winner": t.winner}
            for k, t in enumerate(g.tricks)
        ],
        "multiplier": g.multiplier,
        "deal": g.deal_no,
        "ended": g.ended,
        "lot": g.lot,
    }
    if view:
        d["view"] = hide_for
    return d


# ------------------------------------------------------------------------------------ reading
def seed_refusal(seed):
    """Why `seed` cannot be a trick game's seed, or None: a seed is null or a whole number of
    at most 99 digits (not a bool)."""
    if seed is not None and (type(seed) is not int or not -(10**99) < seed < 10**99):
        return f"seed must be a whole number (of at most 99 digits) or null, not {shown(seed)}"
    return None


def _seat(value, n, what, allow_none=False):
    if value is None and allow_none:
        return None
    if type(value) is not int or not 0 <= value < n:  # (not a bool, not 1.0: a seat is a whole number)
        _fail(f"{what} must be a seat from 0 to {n - 1}, not {shown(value)}")
    return value


def from_dict(data, cls, view_seat=None):
    """Build a hand of class `cls` (``TrickGame``; a view is its ``view_class``) from position
    data. The class is passed in so that this module needs nothing from the game's."""
    if not isinstance(data, dict):
        _fail(f"a position is a dict, not {type(data).__name__}")
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        _fail(f"unknown field(s) in the position: {', '.join(unknown)}")
    variant = data.get("variant")
    if variant not in RULES:
        _fail(f"unknown trick-taking variant {shown(variant)} (choose from {', '.join(RULES)})")
    rules = RULES[variant]
    seats = data.get("players")
    if not isinstance(seats, list) or not seats:
        _fail("a position needs a list of players")
    n = len(seats)
    why = rules.check_players(n)
    if why:
        _fail(why)
    if view_seat is None and data.get("view") is not None:
        view_seat = _seat(data["view"], n, "view")
    view = view_seat is not None
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            _fail(f"player {i} must be a dict with the seat's cards (hand ...), not {shown(seat)}")
    names = data.get("names")
    if names is not None and (
        not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names)
    ):
        _fail(f"names must be a list of {n} names (each a string)")
    dealer = _seat(data.get("dealer", 0), n, "dealer")
    options = data.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict) or set(options) - OPTIONS or any(type(v) is not bool for v in options.values()):
        _fail(f"options must be a dict with keys among: {', '.join(sorted(OPTIONS))} (each true or false)")
    if set(options) - set(rules.options):
        _fail(f"{', '.join(sorted(set(options) - set(rules.options)))}: options of sheepshead, not {variant}")
    seed = data.get("seed")
    if seed_refusal(seed):
        _fail(seed_refusal(seed))
    if view:
        cls = cls.view_class
    g = cls(rules, n, names=names, dealer=dealer, seed=seed, options=options)
    if view:
        g.seat = view_seat
    fam = g.family

    def card(text, where, hidden_ok=view):
        if not isinstance(text, str):
            _fail(f"unknown card text {shown(text)} in {where}")
        try:
            x = fam.parse(text)
        except ValueError:
            _fail(f"unknown card text {shown(text)} in {where}")
        if x == fam.hidden:
            if not hidden_ok:
                _fail(f"{where} holds a hidden card '??': only a seat's view has those")
            return x
        if not rules.in_deck(n, x):
            _fail(f"{text} in {where} is not in the {variant} deck for {n} players")
        return x

    def card_list(items, where, allow_none=False):
        if items is None:
            return []
        if not isinstance(items, list):
            _fail(f"{where} must be a list of cards")
        out = []
        for t in items:
            if t is None and allow_none:
                out.append(None)
            elif t is None:
                _fail(f"{where} has an empty slot (null): only the two-player columns have those")
            else:
                out.append(card(t, where))
        return out

    # ------------------------------------------------------------ cards
    for i, sd in enumerate(seats):
        if not isinstance(sd, dict):
            _fail(f"player {i} must be a dict with a hand")
        extra = set(sd) - {"hand", "bank", "gamble"}
        if extra:
            _fail(f"unknown field(s) for player {i}: {', '.join(sorted(extra))}")
        pl = g.players[i]
        pl.hand = card_list(sd.get("hand"), f"{g.names[i]}'s hand")
        pl.bank = card_list(sd.get("bank"), f"{g.names[i]}'s face-up cards", allow_none=g.layout)
        pl.gamble = card_list(sd.get("gamble"), f"{g.names[i]}'s face-down cards", allow_none=g.layout)
        if g.layout:
            if pl.hand:
                _fail("two players hold no hand: their cards lie face up and face down ('bank', 'gamble')")
            if len(pl.bank) != 8 or len(pl.gamble) != 8:
                _fail(_said(g, lambda w: f"{w[i]} needs 8 face-up and 8 face-down slots (null for an empty slot)"))
        elif pl.bank or pl.gamble:
            _fail("only the two-player game has face-up and face-down cards")
    g.blind = card_list(data.get("blind"), "the blind")
    g.buried = card_list(data.get("buried"), "the buried cards")
    if rules.name != "sheepshead" and (g.blind or g.buried):
        _fail(f"{variant} has no blind and nothing is buried")
    hole = data.get("hole")
    g.hole = None if hole is None else card(hole, "the hole")

    # ------------------------------------------------------------ contract
    phases = rules.phases
    cd = data.get("contract")
    contract = None
    if cd is not None:
        if not isinstance(cd, dict) or set(cd) - {"mode", "declarer", "suit", "called", "tout", "must"}:
            _fail("contract must be a dict with mode, declarer, suit, called, tout, must")
        mode = cd.get("mode")
        if not isinstance(mode, str) or mode not in rules.modes:
            _fail(f"contract mode {shown(mode)} is not a {variant} game (choose from {', '.join(rules.modes)})")
        declarer = _seat(cd.get("declarer"), n, "the declarer", allow_none=mode in ("leaster", "ramsch"))
        if declarer is None and mode not in ("leaster", "ramsch"):
            _fail(f"a {mode} contract needs a declarer")
        if declarer is not None and mode in ("leaster", "ramsch"):
            _fail(f"a {mode} has no declarer")
        suit = cd.get("suit")
        if suit is not None and not isinstance(suit, str):
            _fail(f"the contract's suit must be a suit letter or null, not {shown(suit)}")
        if rules.name == "sheepshead":
            if suit is not None:
                _fail("sheepshead names no trump suit")
        else:
            if mode in ("solo",) or (mode == "normal" and n == 2):
                if suit not in ("E", "G", "H", "S"):
                    _fail(f"a {mode} game needs its trump suit: E, G, H or S, not {shown(suit)}")
            elif mode == "normal":
                if suit not in (None, "H"):
                    _fail("the normal game's trump suit is hearts (H)")
                suit = "H"
            elif suit is not None:
                _fail(f"a {mode} names no trump suit")
        called = cd.get("called")
        if called is not None:
            called = card(called, "the called card", hidden_ok=False)
        needs_call = mode == "called" or (mode == "normal" and n > 2)
        if needs_call and called is None:
            _fail(f"a {mode} game needs its called card")
        if not needs_call and called is not None:
            _fail(f"a {mode} game calls no card")
        tout, must = cd.get("tout", False), cd.get("must", False)
        if not isinstance(tout, bool) or not isinstance(must, bool):
            _fail("tout and must are true or false")
        if tout and mode not in ("solo", "wenz", "geier", "niederer"):
            _fail("only a solo can be played tout")
        if n == 3 and mode in ("normal", "wedding", "ramsch"):
            _fail("three players play solos only")
        if n == 2 and mode != "normal":
            _fail("two players play only the normal game")
        if mode == "niederer" and n < 5:
            _fail("a Niederer needs the Gefreiter (five or six players)")
        contract = Contract(mode, declarer, suit, called, tout, must)
    default_phase = ("play" if contract.mode not in ("pick", "sie") else "bury") if contract else phases[0]
    phase = data.get("phase", default_phase)
    if not isinstance(phase, str) or phase not in phases:
        _fail(f"phase must be one of {', '.join(phases)}, not {shown(phase)}")
    g.phase = phase
    g.contract = contract
    if contract is not None and contract.mode != "pick":
        g.order = rules.order_for(n, contract)
    pre_play = phase not in ("play", "over")
    if phase == "play" and (contract is None or contract.mode in ("pick", "sie")):
        _fail("the play phase needs a contract (what is being played)")
    if rules.name == "sheepshead":
        if phase == "pick" and contract is not None:
            _fail("nobody has picked yet in the pick phase: the contract must be null")
        if phase in ("bury", "call") and (contract is None or contract.mode != "pick"):
            _fail(f"the {phase} phase needs the contract {{'mode': 'pick', 'declarer': <picker>}}")
        if phase == "double" and (contract is None or contract.mode not in ("called", "alone")):
            _fail("the double phase comes after the picker has called (or gone alone)")
        if phase == "over" and contract is None:
            _fail("a finished sheepshead hand has its contract (a leaster when everyone passed)")
        if phase in ("play", "over") and contract is not None and contract.mode == "pick":
            _fail("the picker has not called yet: the phase is 'call', not " + phase)
    elif pre_play and contract is not None:
        _fail(f"in the {phase} phase no game has been declared yet: the contract must be null")

    # ------------------------------------------------------------ auction record
    bids = data.get("bids")
    if bids is None:
        bids = [None] * n
    if not isinstance(bids, list) or len(bids) != n:
        _fail(f"bids must be a list of {n} entries (null, 'pass' or a bid)")
    allowed = (
        {None, "pass", "pick"}
        if rules.name == "sheepshead"
        else {None, "pass", "normal", "wedding", "solo", "tout", "sie"}
    )
    for b in bids:
        if not (b is None or isinstance(b, str)) or b not in allowed:
            _fail(f"unknown bid {shown(b)}")
    g.bids = list(bids)
    doubles = data.get("doubles")
    if doubles is None:
        doubles = [None] * n
    if (
        not isinstance(doubles, list)
        or len(doubles) != n
        or any(not (x is None or isinstance(x, str)) or x not in (None, "pass", "double") for x in doubles)
    ):
        _fail(f"doubles must be a list of {n} entries (null, 'pass' or 'double')")
    if any(doubles) and rules.name != "sheepshead":
        _fail("only sheepshead has doubling")
    g.doubles = list(doubles)
    bb = data.get("best_bid")
    if bb is not None:
        if (
            not isinstance(bb, list)
            or len(bb) != 2
            or not isinstance(bb[1], str)
            or bb[1] not in ("normal", "wedding", "solo", "tout", "must")
        ):
            _fail("best_bid must be null or [seat, level]")
        g.best_bid = (_seat(bb[0], n, "the best bid's seat"), bb[1])
    if phase in ("declare", "wedding") and g.best_bid is None:
        _fail(f"the {phase} phase needs the auction's winner (best_bid)")
    named = data.get("named")
    if named is not None:
        if g.best_bid is None or g.best_bid[1] != "must":
            _fail("a card is named only for a must game (best_bid: the seat that must play, and 'must')")
        g.named = card(named, "the card named for the must game", hidden_ok=False)

    # ------------------------------------------------------------ scalars
    mult = data.get("multiplier", 1)
    if type(mult) is not int or not 1 <= mult <= 1 << 30:
        _fail(f"multiplier must be a whole number from 1 to 2**30, not {shown(mult)}")
    g.multiplier = mult
    deal = data.get("deal", 0)
    if type(deal) is not int or not 0 <= deal <= 10**9:
        _fail(f"deal must be a whole number from 0 to 10**9, not {shown(deal)}")
    g.deal_no = deal
    ended = data.get("ended")
    if not (ended is None or isinstance(ended, str)) or ended not in ENDINGS:
        _fail(f"ended must be one of {ENDINGS}, not {shown(ended)}")
    if ended is not None and phase != "over":
        _fail("only a finished hand can have ended early")
    g.ended = ended
    g.lot = _seat(data.get("lot"), n, "lot", allow_none=True)
    called_led = data.get("called_led", False)
    if not isinstance(called_led, bool):
        _fail("called_led is true or false")
    g.called_led = called_led

    # ------------------------------------------------------------ tricks
    per = rules.cards_per_seat(n)
    ntr = len(g.active)

    def seats_from(leader, k):
        out = [leader]
        while len(out) < k:
            out.append(g._nxt[out[-1]])
        return out

    tricks = data.get("tricks")
    tricks = [] if tricks is None else tricks
    if not isinstance(tricks, list):
        _fail("tricks must be a list")
    if tricks and (pre_play or contract is None):
        _fail("tricks are played only once the game is fixed (phase play or over)")
    leader = g.first_seat
    ht = data.get("hole_trick")
    if "hole_trick" not in data and g.hole is not None:  # where the card in the hole lies, if played
        raw = [td.get("cards") for td in tricks if isinstance(td, dict)]
        if isinstance(data.get("trick"), dict):
            raw.append(data["trick"].get("cards"))
        for k, cs in enumerate(raw):
            if isinstance(cs, list) and any(isinstance(x, str) and x.strip().upper() == str(g.hole) for x in cs):
                ht = k
    if ht is not None and (type(ht) is not int or not 0 <= ht <= len(tricks)):
        _fail(f"hole_trick must be the number of a trick, not {shown(ht)}")
    if ht is not None and (g.hole is None or contract is None or contract.called is None):
        _fail("hole_trick is set but there is no card in the hole")
    g.hole_trick = ht
    for k, td in enumerate(tricks):
        if not isinstance(td, dict) or set(td) - {"leader", "cards", "winner"}:
            _fail(f"trick {k} must be a dict with leader, cards and winner")
        lead = _seat(td.get("leader", leader), n, f"trick {k}'s leader")
        if lead != leader:
            why = "who sits at the dealer's left" if k == 0 else "who took the trick before"
            _fail(_said(g, lambda w: f"trick {k} must be led by {w[leader]}, {why}, not by {w[lead]}"))
        cs = card_list(td.get("cards"), f"trick {k}")
        if len(cs) != ntr:
            _fail(f"trick {k} must hold {ntr} cards, one from each player, not {len(cs)}")
        ss = seats_from(lead, ntr)
        if not view or fam.hidden not in cs:
            skip = g.hole_index(k, ss)
            lg = g.order.grp[contract.called] if skip == 0 else g.order.grp[cs[0]]
            w = ss[g.order.winner(cs, lg, skip)]
        else:
            w = None
        given = td.get("winner", w)
        given = _seat(given, n, f"trick {k}'s winner")
        if w is not None and given != w:
            _fail(_said(g, lambda say: f"trick {k} is taken by {say[w]}, not by {say[given]}"))
        g.tricks.append(Trick(tuple(ss), tuple(cs), given, sum(g.card_points[x] for x in cs)))
        leader = given
    td = data.get("trick")
    if td is not None:
        if pre_play or phase == "over" or contract is None:
            _fail("a trick is being played only in the play phase")
        if not isinstance(td, dict) or set(td) - {"leader", "cards"}:
            _fail("trick must be null or a dict with leader and cards")
        lead = _seat(td.get("leader", leader), n, "the current trick's leader")
        if lead != leader:
            _fail(_said(g, lambda w: f"the current trick must be led by {w[leader]}, not by {w[lead]}"))
        cs = card_list(td.get("cards"), "the current trick")
        if not 0 < len(cs) < ntr:
            _fail(f"the current trick must hold 1 to {ntr - 1} cards (null when no card is out)")
        g.trick = cs
        g.trick_seats = seats_from(lead, len(cs))
        skip = g.hole_index(len(g.tricks), g.trick_seats)
        g.lead_grp = g.order.grp[contract.called] if skip == 0 else g.order.grp[cs[0]]

    # ------------------------------------------------------------ the hole, called cards, sides
    if g.hole is not None:
        if rules.name != "sheepshead" or contract is None or contract.mode != "called":
            _fail("only a sheepshead picker who called a card can have a card in the hole")
    if g.hole_trick is not None:
        if g.hole is None:
            _fail("hole_trick is set but there is no card in the hole")
        if g.hole_trick == len(g.tricks) and contract.declarer not in g.trick_seats:
            _fail("the card in the hole is listed in the current trick, but the picker has not played to it")
        k = g.hole_trick
        ss = g.tricks[k].seats if k < len(g.tricks) else g.trick_seats
        cs = g.tricks[k].cards if k < len(g.tricks) else g.trick
        i = ss.index(contract.declarer)
        if cs[i] != g.hole and cs[i] != fam.hidden and g.hole != fam.hidden:
            _fail(
                _said(
                    g,
                    lambda w: (
                        f"the picker's card in trick {k} must be the card in the hole ({w.card(g.hole)}), "
                        f"not {w.card(cs[i])}"
                    ),
                )
            )
    bound = data.get("bound")
    bound = [] if bound is None else bound
    if not isinstance(bound, list):
        _fail("bound must be a list of called cards")
    g.bound = tuple(card(x, "bound", hidden_ok=False) for x in bound)
    called_cards = rules.called_cards(g)
    if not view and contract is not None and contract.called is not None and contract.mode != "pick":
        from .scoring import holdings

        bound, led = _replay_bound(g, contract, called_cards, holdings(g))
        if "bound" not in data:
            g.bound = bound
        if "called_led" not in data:
            g.called_led = led
    for x in g.bound:
        if x not in called_cards:
            _fail(_said(g, lambda w: f"{w.card(x)} is bound but is not a called card"))
    decl = data.get("declarers")
    if decl is not None:
        if not isinstance(decl, list):
            _fail("declarers must be a list of seats")
        decl = tuple(sorted(_seat(s, n, "a declarer") for s in decl))
    if not view and contract is not None:
        from .scoring import holdings

        expect = _declarers(g, rules, contract, holdings(g))
        if expect is not None:
            if decl is not None and decl != expect:
                _fail(
                    f"the declaring side is {', '.join(g.names[s] for s in expect)}, not "
                    f"{', '.join(g.names[s] for s in decl) or 'nobody'}"
                )
            decl = expect
    if (
        contract is not None
        and contract.mode == "wedding"
        and (decl is None or len(decl) != 2 or contract.declarer not in decl)
    ):
        _fail("a wedding needs its declaring side: the offerer and the seat that accepted")
    g.declarers = (
        decl if decl is not None else (() if contract is None or contract.declarer is None else (contract.declarer,))
    )

    # ------------------------------------------------------------ card conservation and sizes
    # (a view too: no card it shows may be there twice; which cards its "??" are, it cannot say)
    count = Counter()
    for pl in g.players:
        count.update(x for x in pl.hand + pl.bank + pl.gamble if x is not None)
    count.update(g.blind)
    count.update(g.buried)
    count.update(g.trick)
    for t in g.tricks:
        count.update(t.cards)
    if g.hole is not None and g.hole_trick is None:
        count[g.hole] += 1
    count.pop(fam.hidden, None)
    twice = sorted((x for x, k in count.items() if k > 1), key=int)
    if twice:
        _fail(_said(g, lambda w: f"{w.card(twice[0])} appears {count[twice[0]]} times in the position"))
    if not view:
        missing = [x for x in rules.deck(n) if x not in count]
        if missing:
            _fail(_said(g, lambda w: f"cards missing from the position: {w.cards(missing)}"))
    _check_sizes(g, rules, phase, per)
    if g.named is not None and not view:
        from .scoring import holdings

        holder = holdings(g).get(g.named)
        if holder != g.best_bid[0]:
            _fail(
                _said(
                    g,
                    lambda w: (
                        f"{w.card(g.named)} was named for the must game, so its holder "
                        f"{w[holder] if holder is not None else 'nobody'} must play, not {w[g.best_bid[0]]}"
                    ),
                )
            )

    # ------------------------------------------------------------ turn
    expected = _expected_turn(g, phase, leader)
    turn = data.get("turn", expected)
    if phase == "over":
        if turn is not None:
            _fail("a finished hand has no player to move (turn null)")
    else:
        turn = _seat(turn, n, "turn")
        if turn not in g.active:
            _fail(_said(g, lambda w: f"turn: {w[turn]} sits this hand out"))
        if expected is not None and turn != expected:
            _fail(_said(g, lambda w: f"it must be {w[expected]}'s turn, not {w[turn]}'s"))
    g.turn = turn
    if phase == "over" and contract is not None and contract.mode == "leaster":
        if not view:  # a view has no seed: it keeps the lot drawn
            lot = rules.draw_lot(g)
            if "lot" in data and data["lot"] != lot:
                _fail(
                    f"the leaster's lot is {'not needed: nobody is tied' if lot is None else g.names[lot]}, "
                    f"not {shown(data['lot'])}"
                )
            g.lot = lot
    elif g.lot is not None:
        _fail("a lot is drawn only to settle a tie in a finished leaster")
    if phase == "over" and ended is None and contract is not None and any(g.playable(s) for s in g.active):
        _fail("a hand played to its end leaves no cards in any hand")
    if phase == "play" and not any(g.playable(s) for s in g.active) and not g._hole_left():
        _fail("every card has been played: the phase is 'over'")
    return g


def _replay_bound(g, c, called_cards, owner):
    """The called cards still bound, and whether the called suit has been led, from the tricks:
    the game's own rule replayed (``TrickGame._called_suit_led``). When the called suit is led, a
    bound card stays bound only while its holder still holds it and brought a bound card to that
    trick; a bound card already played (to an earlier trick of another suit) is held by nobody."""
    bound = [x for x in called_cards if owner.get(x) != c.declarer]
    cs = g.order.grp[c.called]
    led = False
    played = set()
    for k, t in enumerate(g.tricks):
        played.update(t.cards)
        lg = cs if g.hole_index(k, t.seats) == 0 else g.order.grp[t.cards[0]]
        if lg == cs:
            brought = {s for s, x in zip(t.seats, t.cards) if x in bound}
            bound = [b for b in bound if b not in played and owner.get(b) in brought]
            led = True
    return tuple(bound), led


def _declarers(g, rules, c, owner):
    """The declaring side that follows from the contract and who held the called cards."""
    if c.mode in ("leaster", "ramsch"):
        return ()
    if c.mode in ("pick", "alone", "solo", "wenz", "geier", "niederer", "sie") or (c.mode == "normal" and g.n == 2):
        return (c.declarer,)
    if c.called is not None:
        side = {c.declarer}
        for x in rules.called_cards(g):
            if owner.get(x) is not None:
                side.add(owner[x])
        if c.called in g.buried or c.called == g.hole or owner.get(c.called) == c.declarer:
            who = "picker" if rules.name == "sheepshead" else "caller"
            _fail(_said(g, lambda w: f"the {who} cannot call {w.card(c.called)}: it is the {who}'s own card"))
        return tuple(sorted(side))
    return None  # a wedding: the side is written in the position


def _check_sizes(g, rules, phase, per):
    n = g.n
    for s in range(n):
        if s not in g.active and g.players[s].cards_held:
            _fail(_said(g, lambda w: f"{w[s]} deals and sits this hand out, so holds no cards"))
    if phase in ("play", "over", "double"):
        for s in g.active:
            played = sum(1 for t in g.tricks if s in t.seats) + (1 if s in g.trick_seats else 0)
            held = g.players[s].cards_held + (1 if g._hole_left() and s == g.contract.declarer else 0)
            if held + played != per and not (phase == "over" and g.ended):
                _fail(_said(g, lambda w: f"{w[s]} holds {held} cards and has played {played}: that must make {per}"))
        if rules.name == "sheepshead" and g.contract.mode != "leaster" and len(g.buried) != 2:
            _fail("the picker has buried two cards")
        if rules.name == "sheepshead" and g.contract.mode == "leaster" and len(g.blind) != 2:
            _fail("in a leaster the blind stays on the table (two cards)")
        return
    if rules.name == "sheepshead":
        picker = g.contract.declarer if g.contract else None
        for s in g.active:
            want = per + (2 if phase == "bury" and s == picker else 0)
            if len(g.players[s].hand) != want:
                _fail(
                    _said(
                        g, lambda w: f"{w[s]} must hold {want} cards in the {phase} phase, not {len(g.players[s].hand)}"
                    )
                )
        if len(g.blind) != (2 if phase == "pick" else 0):
            _fail("the blind holds two cards until it is picked up")
        if len(g.buried) != (2 if phase == "call" else 0):
            _fail(f"{'two cards are' if phase == 'call' else 'nothing is'} buried in the {phase} phase")
        return
    for s in range(n):
        if g.players[s].cards_held != per:
            _fail(_said(g, lambda w: f"{w[s]} must hold {per} cards before play, not {g.players[s].cards_held}"))


def _expected_turn(g, phase, leader):
    if phase == "over":
        return None
    if phase == "play":
        if g.trick:
            return g._nxt[g.trick_seats[-1]]
        return leader
    if phase in ("bury", "call"):
        return g.contract.declarer
    if phase == "declare":
        return g.best_bid[0]
    if phase == "double":
        waiting = [s for s in g.rules._doubling_order(g) if g.doubles[s] is None]
        if not waiting or "double" in g.doubles:
            _fail("everyone has had the chance to double: the phase is 'play'")
        return waiting[0]
    if phase in ("pick", "auction") and g.n != 2:
        seat = g.first_seat
        for _ in range(len(g.active)):
            if g.bids[seat] is None:
                return seat
            seat = g._nxt[seat]
        _fail("everyone has bid already: the auction is over")
    if phase == "auction":
        return 1 - g.dealer
    return None
