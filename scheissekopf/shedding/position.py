"""The position format: ``to_dict`` / ``from_dict``.

A position is plain JSON-ready data, all cards as text::

    {"variant": "bitenight",
     "players": [{"hand": ["4H", "QS"], "bank": ["KD"], "gamble": ["7C", "2S", "9H"]}, ...],
     "draw": ["5C"], "stack": ["9H", "3S"],
     "turn": 0, "direction": 1, "finished": [], "discard": []}

``from_dict`` fills what is left out (direction 1, nothing finished, empty discard, dealer 0,
the preset's decks for that many players, play phase, nothing pending) and refuses impossible
positions with :class:`InvalidPosition`. ``to_dict`` writes every field needed to continue the
game exactly, so ``from_dict(d).to_dict() == d`` for any ``d`` that ``to_dict`` wrote.
"""

from __future__ import annotations

import re
from collections import Counter

from ..cards import HIDDEN, JOKER, RANK_TEXT, Card
from ..errors import InvalidPosition
from ..notation import shown
from ..words import said
from . import presets as _presets

PHASES = ("setup", "play", "over")
# the keys of a position dict, in the order game_to_dict writes them
KEYS = (
    "variant",
    "players",
    "draw",
    "stack",
    "turn",
    "direction",
    "finished",
    "discard",
    "phase",
    "dealer",
    "decks",
    "names",
    "ready",
    "pending",
    "opening",
    "bonus",
    "loser",
    "stalemate",
    "penalties",
    "warned",
    "known",
    "unplayable",
    "repetitions",
    "seed",
)
_TEXT_TO_RANK = {v: k for k, v in RANK_TEXT.items()}
_HEX = re.compile(r"[0-9a-fA-F]{1,16}\Z")


def _cards_out(cards, hidden=False):
    return [None if c is None else ("??" if hidden else str(c)) for c in cards]


def game_to_dict(game, hide_for=None) -> dict:
    """Position data. With ``hide_for=seat``: what that seat may see (hidden cards as "??").
    ``unplayable`` is written only when a seat has one (every seat saw the take that made it)."""
    players = []
    for i, pl in enumerate(game.players):
        hide_hand = hide_for is not None and i != hide_for
        players.append(
            {
                "hand": _cards_out(pl.hand, hide_hand),
                "bank": _cards_out(pl.bank),
                "gamble": _cards_out(pl.gamble, hide_for is not None),
            }
        )
    d = {
        "variant": game.variant,
        "players": players,
        "draw": _cards_out(game.draw, hide_for is not None),
        "stack": _cards_out(game.stack),
        "turn": game.turn,
        "direction": game.direction,
        "finished": list(game.finished),
        "discard": _cards_out(game.discard),
        "phase": game.phase,
        "dealer": game.dealer,
        "decks": game.decks,
        "names": list(game.names),
        "ready": list(game.ready),
        "pending": None if game._pend is None else {"joker": game._pend},
        "opening": None if game.opening is None else RANK_TEXT[game.opening],
        "bonus": list(game.bonus),
        "loser": game.loser,
        "stalemate": game.stalemate,
        "penalties": game.penalties,
        "warned": [i for i, w in enumerate(game.warned) if w],
        "known": [[str(c) for c in k] for k in game.known],
        "repetitions": _repetitions(game, hide_for),
        "seed": None if hide_for is not None else game.seed,  # the seed would re-deal hidden cards
    }
    if game._need:
        d["unplayable"] = [_unplayable_out(u) for u in game._need]
        d = {key: d[key] for key in KEYS if key in d}  # (in its place among the fields)
    return d


def _unplayable_out(need):
    """One seat's ``unplayable`` as position data: None, or its ranks (as text) and its count."""
    if need is None:
        return None
    ranks, k = need
    return {"ranks": [RANK_TEXT[r] for r in range(2, 16) if ranks >> r & 1], "at_least": k}


def _read_unplayable(g, data):
    """The ``unplayable`` field: per seat None, or ``{"ranks": [...], "at_least": k}``: at least k
    of the seat's hand cards that are not known have one of those ranks (what a take showed when
    the seat held nothing playable). Refused when it cannot hold: k larger than the hand's
    cards that are not known, or (the hand shown) fewer such cards of those ranks than k."""
    items = data.get("unplayable")
    if items is None:
        return
    n = g.n
    needs = [None] * n
    if not isinstance(items, list) or len(items) != n:
        _fail(f"unplayable must be a list of {n} entries (one per seat, null or ranks with a count)")
    for i, item in enumerate(items):
        if item is None:
            continue
        if (
            not isinstance(item, dict)
            or set(item) != {"ranks", "at_least"}
            or not isinstance(item["ranks"], list)
            or type(item["at_least"]) is not int
        ):
            _fail(
                f'unplayable for player {i} must be null or {{"ranks": [ranks], "at_least": a count}}, not {shown(item)}'
            )
        mask = 0
        for t in item["ranks"]:
            if not isinstance(t, str) or t not in _TEXT_TO_RANK:
                _fail(f"unplayable for player {i}: {shown(t)} is not a rank such as '4', 'Q' or 'JK'")
            mask |= 1 << _TEXT_TO_RANK[t]
        k = item["at_least"]
        if not mask or k < 1:
            _fail(f"unplayable for player {i} needs at least one rank and a count of at least 1 (or null)")
        unknown = len(g.players[i].hand) - len(g.known[i])  # (known: a part of the hand, checked above)
        ranks = " ".join(RANK_TEXT[r] for r in range(2, 16) if mask >> r & 1)
        if k > unknown:
            _fail(
                said(
                    g.names,
                    lambda w: (
                        f"unplayable says at least {k} of {w[i]}'s hand cards that nobody saw arrive are of the "
                        f"ranks {ranks}, but {w[i]} holds only {unknown} card{'s' if unknown != 1 else ''} nobody saw arrive"
                    ),
                )
            )
        if HIDDEN not in g.players[i].hand:
            hand = Counter(g.players[i].hand)
            hand.subtract(g.known[i])
            fit = sum(x for c, x in hand.items() if x > 0 and mask >> (c >> 2) & 1)
            if fit < k:
                _fail(
                    said(
                        g.names,
                        lambda w: (
                            f"{w[i]} had to take the stack with nothing playable, so at least {k} of the hand "
                            f"cards nobody saw arrive must be of the ranks {ranks} (unplayable), but only {fit} are"
                        ),
                    )
                )
        needs[i] = (mask, k)
    if any(needs):
        g._need = needs


def _repetitions(game, hide_for=None):
    """The counts of the repetition rules: in setup, the hands each seat's setup moves reached;
    in play, the positions since the last move that cannot come back. A seat's view has the
    play window less the cards hidden from it (``Game.public_repetitions``), nothing in setup."""
    if hide_for is not None:
        counts = {} if game.phase == "setup" else game.public_repetitions(hide_for)
    else:
        counts = Counter(game._seen) if game.phase == "setup" else game._rep
    return {f"{k:016x}": v for k, v in sorted(counts.items())}


def _fail(msg):
    raise InvalidPosition(msg)


def _seat(value, n, what):
    if type(value) is not int or not 0 <= value < n:  # (not a bool, not 1.0: a seat is a whole number)
        _fail(f"{what} must be a seat from 0 to {n - 1}, not {shown(value)}")
    return value


def _seats(value, n, what, field):
    """A list of seats (`what` names one of them in a message, `field` the list)."""
    if not isinstance(value, list):
        _fail(f"{field} must be a list of seats, not {shown(value)}")
    return [_seat(s, n, what) for s in value]


def _flag(data, key):
    value = data.get(key, False)
    if type(value) is not bool:
        _fail(f"{key} must be true or false, not {shown(value)}")
    return value


def seed_refusal(seed):
    """Why `seed` cannot be a shedding game's seed, or None. A seed is null, a whole number of
    at most 99 digits (not a bool) or a string: what the position text writes and reads back."""
    if seed is None or isinstance(seed, str):
        return None
    if type(seed) is not int or not -(10**99) < seed < 10**99:
        return f"seed must be a whole number (of at most 99 digits), a string or null, not {shown(seed)}"
    return None


def check_seed(seed):
    why = seed_refusal(seed)
    if why:
        _fail(why)
    return seed


def _parse_zone(items, where, allow_none, allow_hidden):
    if items is None:
        return []
    if not isinstance(items, (list, tuple)):
        _fail(f"{where} must be a list of cards, not {type(items).__name__}")
    out = []
    for text in items:
        if text is None:
            if not allow_none:
                _fail(f"{where} has an empty slot (null): only schwechat's columns have empty slots")
            out.append(None)
            continue
        if isinstance(text, Card):
            card = text
        elif isinstance(text, str):
            try:
                card = Card.parse(text)
            except ValueError:
                _fail(f"unknown card text {shown(text)} in {where}")
        else:
            _fail(f"unknown card text {shown(text)} in {where}")
        if card == HIDDEN and not allow_hidden:
            _fail(f"{where} holds a hidden card '??': only a player's view has those")
        out.append(card)
    return out


def game_from_dict(data, cls, view_seat=None):
    """Build a game of class `cls` (the game, or its view for ``view_seat``) from position data.
    The class is passed in so that this module needs nothing from the game's."""
    if not isinstance(data, dict):
        _fail(f"a position is a dict, not {type(data).__name__}")
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        _fail(f"unknown field(s) in the position: {', '.join(unknown)}")
    variant = data.get("variant", "bitenight")
    try:
        preset = _presets.get(variant)
    except ValueError as exc:
        _fail(str(exc))
    seats = data.get("players")
    if not isinstance(seats, list) or not seats:
        _fail("a position needs a list of players")
    n = len(seats)
    if not preset.min_players <= n <= preset.max_players:
        _fail(f"{variant} is played by {preset.min_players} to {preset.max_players} players, not {n}")
    hidden_ok = view_seat is not None
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            _fail(f"player {i} must be a dict with the seat's cards (hand ...), not {shown(seat)}")
    names = data.get("names")
    if names is not None and (
        not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names)
    ):
        _fail(f"names must be a list of {n} names (each a string)")
    decks = data.get("decks", preset.decks(n))
    if type(decks) is not int or not 1 <= decks <= 16:
        _fail(f"decks must be a whole number of decks from 1 to 16, not {shown(decks)}")
    penalties = _flag(data, "penalties")
    if penalties and not preset.penalties:
        _fail(f"the penalty rule belongs to schwechat, not {variant}")
    dealer = _seat(data.get("dealer", 0), n, "dealer")

    g = cls(preset.name, n, names=names, dealer=dealer, penalties=penalties, decks=decks)
    if view_seat is not None:
        g.seat = view_seat
    g.seed = check_seed(data.get("seed"))

    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            _fail(f"player {i} must be a dict with hand, bank and gamble")
        extra = set(seat) - {"hand", "bank", "gamble", "name"}
        if extra:
            _fail(f"unknown field(s) for player {i}: {', '.join(sorted(extra))}")
        pl = g.players[i]
        label = g.names[i]
        pl.hand = sorted(_parse_zone(seat.get("hand"), f"{label}'s hand", False, hidden_ok))
        pl.bank = _parse_zone(seat.get("bank"), f"{label}'s bank", preset.columns, hidden_ok)
        pl.gamble = _parse_zone(seat.get("gamble"), f"{label}'s gamble", preset.columns, hidden_ok)
        if preset.columns and len(pl.bank) != len(pl.gamble):
            _fail(
                said(
                    g.names,
                    lambda w: (
                        f"{w[i]}'s bank and gamble are columns and must have the same length "
                        f"({len(pl.bank)} bank slots, {len(pl.gamble)} gamble slots)"
                    ),
                )
            )
        if preset.columns:
            for k, (b, gc) in enumerate(zip(pl.bank, pl.gamble)):
                if b is not None and gc is None:
                    _fail(
                        said(
                            g.names,
                            lambda w: (
                                f"{w[i]}'s bank card {w.card(b)} in column "
                                f"{w.either(str(k), str(k + 1))} lies on no gamble card"
                            ),
                        )
                    )
    g._draw = _parse_zone(data.get("draw"), "the draw pile", False, hidden_ok)[::-1]
    g.stack = _parse_zone(data.get("stack"), "the stack", False, False)
    g.discard = _parse_zone(data.get("discard"), "the discard", False, False)

    # no more copies of a card than the decks hold
    count = Counter(g.stack) + Counter(g.discard) + Counter(g._draw)
    for pl in g.players:
        count.update(c for c in pl.hand)
        count.update(c for c in pl.bank if c is not None)
        count.update(c for c in pl.gamble if c is not None)
    count.pop(HIDDEN, None)
    jokers = decks * preset.jokers_per_deck
    for card, k in sorted(count.items()):
        limit = jokers if card == JOKER else decks
        if k > limit:
            if card == JOKER and not jokers:
                _fail(f"{variant} is played without jokers, but the position has {k}")
            decks_hold = "one pack holds" if decks == 1 else f"{decks} packs hold"
            _fail(said(g.names, lambda w: f"{k} copies of {w.card(card)}, but {decks_hold} only {limit}"))

    phase = data.get("phase", "play")
    if not isinstance(phase, str) or phase not in PHASES:
        _fail(f"phase must be one of {', '.join(PHASES)}, not {shown(phase)}")
    g.phase = phase
    direction = data.get("direction", 1)
    if type(direction) is not int or direction not in (1, -1):
        _fail(f"direction must be 1 or -1, not {shown(direction)}")
    g.direction = direction
    finished = _seats(data.get("finished", []), n, "a finished seat", "finished")
    if len(set(finished)) != len(finished):
        _fail("a seat is listed twice as finished")
    g.finished = list(finished)
    stalemate = _flag(data, "stalemate")
    for s in finished:
        g._out[s] = True
        if g.players[s].cards_held and not stalemate:  # a stalemate sends players out holding cards
            _fail(said(g.names, lambda w: f"{w[s]} is out but still holds cards"))
    g.turn = _seat(data.get("turn", 0), n, "turn")
    ready = data.get("ready")
    if ready is None:
        ready = [phase != "setup"] * n
    if not isinstance(ready, list) or len(ready) != n or any(type(x) is not bool for x in ready):
        _fail(f"ready must be a list of {n} true/false values")
    g.ready = list(ready)
    for s in _seats(data.get("warned", []), n, "a warned seat", "warned"):
        g.warned[s] = True
    bonus = _seats(data.get("bonus", []), n, "a seat with the low-card bonus", "bonus")
    for s in bonus:
        if s not in finished:
            _fail(said(g.names, lambda w: f"{w.either(f'seat {s}', w[s])} has a low-card bonus but is not out"))
    if len(set(bonus)) != len(bonus):
        _fail("bonus lists a seat twice")
    g.bonus = bonus
    known = data.get("known")
    if known is not None:
        if not isinstance(known, list) or len(known) != n:
            _fail(f"known must be a list of {n} lists of cards (one per seat)")
        for i, items in enumerate(known):
            cards = sorted(_parse_zone(items, f"the cards known in {g.names[i]}'s hand", False, False))
            hand = Counter(g.players[i].hand)
            if any(k > hand[c] for c, k in Counter(cards).items()) and not (hidden_ok and HIDDEN in hand):
                _fail(said(g.names, lambda w: f"{w[i]}'s known cards {w.cards(cards)} are not all in that hand"))
            g.known[i] = cards
    _read_unplayable(g, data)
    if stalemate and phase != "over":
        _fail("only a finished round can have ended in stalemate")
    g.stalemate = stalemate

    opening = data.get("opening")
    if opening is not None:
        if not isinstance(opening, str) or opening not in _TEXT_TO_RANK:
            _fail(f"opening must be a rank such as '4', not {shown(opening)}")
        g.opening = _TEXT_TO_RANK[opening]
    pending = data.get("pending")
    if pending is not None:
        if not isinstance(pending, dict) or set(pending) != {"joker"}:
            _fail('pending must be null or {"joker": seat}')
        if preset.joker != "target":
            _fail(f"a pending joker choice only exists in bitenight, not {variant}")
        g._pend = _seat(pending["joker"], n, "the pending joker's player")
        if not g.stack or g.stack[-1] != JOKER:
            _fail("a pending joker choice needs the turned joker on top of the stack")

    still_in = [s for s in range(n) if not g._out[s]]
    if phase == "over":
        loser = data.get("loser")
        if loser is None and len(still_in) == 1:
            loser = still_in[0]
        _seat(loser, n, "loser")
        if still_in != [loser]:
            _fail("a finished round has exactly one player left: the loser")
        g.loser = loser
    else:
        if data.get("loser") is not None:
            _fail("only a finished round (phase 'over') has a loser")
        if len(still_in) < 2:
            _fail("a round in progress needs at least two players still in")
        for s in still_in:
            pl = g.players[s]
            if not pl.cards_held and not (g._pend == s):
                _fail(said(g.names, lambda w: f"{w[s]} holds no cards but is not listed as finished"))
            if phase == "play" and not pl.hand and g._draw:
                _fail(said(g.names, lambda w: f"{w[s]} has an empty hand while the draw pile holds cards"))
        # the refill to three comes within the play that shortened the hand: no position has it
        for s in still_in if g._draw else ():
            k = len(g.players[s].hand)
            if k < 3:
                _fail(
                    said(
                        g.names,
                        lambda w: (
                            f"{w[s]} holds {k} card{'s' if k != 1 else ''} in hand while the draw pile "
                            "holds cards: a hand is refilled to three after every play while the draw pile lasts"
                        ),
                    )
                )
        if phase == "play":
            if g._out[g.turn]:
                _fail(said(g.names, lambda w: f"turn: {w[g.turn]} is already out"))
            if g._pend is not None and g._pend != g.turn:
                _fail("the player choosing the joker's target must be the player to move")
    if phase != "setup":
        g.ready = [True] * n if ready is None else g.ready

    g._rehash()
    reps = data.get("repetitions")
    if reps is not None and not isinstance(reps, dict):
        _fail("repetitions must map position keys to counts")
    if reps:
        g._rep = {}
        for k, v in reps.items():
            if not isinstance(k, str) or not _HEX.match(k) or type(v) is not int or not 0 < v <= 3:
                _fail(
                    f"repetitions must map position keys (up to 16 hex digits) to counts from 1 to 3, not {shown(k)}: {shown(v)}"
                )
            g._rep[int(k, 16)] = v
        if phase == "setup":
            g._seen = [k for k, v in g._rep.items() for _ in range(v)]
            g._rep = {}
    elif phase == "play":
        g._rep = {g._position_key(): 1}
    g._drop_caches()  # (what the game keeps about its zones and window, worked out from them)
    return g
