"""The position text of the trick-taking games (sheepshead, schafkopf, mehrkopf), as dicts.

``dict_to_text(d)`` writes a position dict (``game.to_dict()``, or a seat's view) as one line;
``text_to_dict(text)`` reads it back. A field left out of the text takes ``from_dict``'s
default; where that default follows from the play (the turn, the declaring side, the called
cards still bound, the leaster's lot, a trick's leader and winner) the reader leaves the field
out of the dict so that ``from_dict`` works it out, and the writer always writes it, so that
``text_to_dict(dict_to_text(d)) == d`` for every dict that ``to_dict`` writes. Example::

    schafkopf | P0 EO HU GA G10 SK S9 E8 H7 | P1 ... | contract normal P1 EA | turn P2 | ...

The grammar and every field: ``docs/POSITION_TEXT.md``.
"""

from __future__ import annotations

from ..cards import JOKER, Card
from ..notation import (
    NULL,
    Field,
    cannot_write,
    cards_words,
    collect_seats,
    expand,
    fail,
    join,
    no_commas,
    one_value,
    parse_fields,
    read_bool,
    read_int,
    read_names,
    read_seat,
    read_seat_or_null,
    read_seats,
    read_seed,
    seat_keyword,
    seat_word,
    seed_word,
    word,
)
from .position import KEYS as DICT_KEYS
from .rules import RULES
from .rules import get as _rules

DOUBLES = ("pass", "double")
LEVELS = ("normal", "wedding", "solo", "tout", "must")
ENDINGS = ("thrown", "refused", "tout-lost", "sie")
OPTIONS = ("doublers", "knocking")
GERMAN_SUITS = "EGHS"
GERMAN_RANKS = ("P", "6", "7", "8", "9", "G", "U", "O", "K", "S", "10", "A")
ONE_SEAT_MODES = ("pick", "alone", "solo", "wenz", "geier", "niederer", "sie")
# the fields after the seats, in the order they are written
FIELDS = (
    "blind",
    "buried",
    "phase",
    "turn",
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
    "dealer",
    "options",
    "names",
    "view",
    "seed",
)
CONTRACT_KEYS = ("mode", "declarer", "suit", "called", "tout", "must")


class _Missing:
    """The default of a field that ``from_dict`` works out from the play: the reader leaves such
    a field out of the dict, and the writer always writes it."""

    def __repr__(self):
        return "MISSING"


MISSING = _Missing()
ABSENT = _Missing()  # "view": not a key of the dict unless given


def _default_suit(mode, n):
    return "H" if mode == "normal" and n > 2 else None


def defaults(variant, n, d):
    """What ``from_dict`` takes for each field that is left out, given the fields already known
    in ``d`` (the contract, the phase, the hole, the tricks, whether it is a view). MISSING: the
    default follows from the play, and only ``from_dict`` can work it out."""
    contract = d.get("contract")
    mode = contract.get("mode") if isinstance(contract, dict) else None
    view = d.get("view") is not None
    if contract is not None:
        phase_default = "bury" if mode in ("pick", "sie") else "play"
    else:
        phase_default = _rules(variant).phases[0]
    phase = d.get("phase", phase_default)
    called = not view and isinstance(contract, dict) and contract.get("called") is not None and mode != "pick"
    if contract is None or mode in ("leaster", "ramsch"):
        declarers = []
    elif mode in ONE_SEAT_MODES or (mode == "normal" and n == 2):
        declarers = [contract.get("declarer")]
    else:
        declarers = MISSING
    return {
        "variant": MISSING,
        "names": [f"P{i}" for i in range(n)],
        "dealer": 0,
        "seed": None,
        "options": {},
        "phase": phase_default,
        "turn": None if phase == "over" else MISSING,
        "blind": [],
        "buried": [],
        "bids": [None] * n,
        "doubles": [None] * n,
        "best_bid": None,
        "named": None,
        "contract": None,
        "declarers": declarers,
        "bound": MISSING if called else [],
        "called_led": MISSING if called else False,
        "hole": None,
        "hole_trick": _hole_trick(d),
        "trick": None,
        "tricks": [],
        "multiplier": 1,
        "deal": 0,
        "ended": None,
        "lot": MISSING if phase == "over" and mode == "leaster" and not view else None,
        "view": ABSENT,
    }


def _hole_trick(d):
    """Where ``from_dict`` finds the card in the hole when ``hole_trick`` is left out: the last
    trick (finished, or the current one) holding that card's text."""
    hole = d.get("hole")
    if hole is None:
        return None
    raw = [t.get("cards") for t in d.get("tricks") or [] if isinstance(t, dict)]
    if isinstance(d.get("trick"), dict):
        raw.append(d["trick"].get("cards"))
    found = None
    for k, cs in enumerate(raw):
        if isinstance(cs, list) and any(isinstance(x, str) and x.strip().upper() == hole for x in cs):
            found = k
    return found


# ------------------------------------------------------------------------------------ writing
def dict_to_text(d: dict) -> str:
    """The one-line text of a trick-game position dict. Fields equal to their default are left
    out (as are fields missing from ``d``); fields whose default follows from the play are
    always written."""
    if not isinstance(d, dict):
        cannot_write("position", d, "a position is a dict")
    extra = sorted(set(d) - set(DICT_KEYS))
    if extra:
        cannot_write(extra[0], d[extra[0]], "not a field of a trick-game position")
    variant = d.get("variant")
    if variant not in RULES:
        cannot_write("variant", variant, f"the trick-taking variants are {', '.join(RULES)}")
    players = d.get("players")
    if not isinstance(players, list) or not players:
        cannot_write("players", players, "a position needs a list of players")
    n = len(players)
    default = defaults(variant, n, d)
    parts = [[variant]]
    for i, seat in enumerate(players):
        parts.append(_seat_words(i, seat))
    for key in FIELDS:
        if key not in d:
            continue
        value = d[key]
        if default[key] is not MISSING and default[key] is not ABSENT and value == default[key]:
            continue
        try:
            parts.append([key] + _value_words(key, value, n))
        except (TypeError, ValueError, AttributeError, KeyError):
            cannot_write(key, value)
    return join(parts)


def _seat_words(i, seat):
    if not isinstance(seat, dict):
        cannot_write(f"P{i}", seat, "a seat is a dict with a hand")
    extra = sorted(set(seat) - {"hand", "bank", "gamble"})
    if extra:
        cannot_write(f"P{i}", seat, f"the text has no place for a seat's {extra[0]!r}")
    words = [f"P{i}"] + cards_words(seat.get("hand") or [], f"P{i} hand")
    for zone in ("bank", "gamble"):
        if zone in seat:
            words += [zone] + cards_words(seat[zone], f"P{i} {zone}")
    return words


def _value_words(key, value, n):
    if key in ("blind", "buried", "bound"):
        return cards_words(value, key)
    if key in ("phase", "ended"):
        return [NULL] if value is None else [word(value)]
    if key in ("turn", "dealer", "lot", "view"):
        return [seat_word(value)]
    if key in ("bids", "doubles"):
        if len(value) != n:
            raise ValueError
        return [NULL if b is None else word(b) for b in value]
    if key == "best_bid":
        if value is None:
            return [NULL]
        seat, level = value
        return [seat_word(seat), word(level)]
    if key == "named":
        return [NULL] if value is None else cards_words([value], key)
    if key == "contract":
        return _contract_words(value, n)
    if key == "declarers":
        return [seat_word(s) for s in value]
    if key == "called_led":
        return ["yes" if value else "no"]
    if key == "hole":
        return [NULL] if value is None else cards_words([value], key)
    if key == "hole_trick":
        if value is None:
            return [NULL]
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError
        return [str(value)]
    if key == "trick":
        if value is None:
            return [NULL]
        if set(value) - {"leader", "cards"}:
            raise ValueError
        lead = [seat_word(value["leader"])] if "leader" in value else []
        return lead + cards_words(value.get("cards") or [], key)
    if key == "tricks":
        out = []
        for k, t in enumerate(value):
            if not isinstance(t, dict) or set(t) - {"leader", "cards", "winner"}:
                raise ValueError
            if k:
                out[-1] += ","
            if "leader" in t:
                out.append(seat_word(t["leader"]))
            out += cards_words(t.get("cards") or [], key)
            if "winner" in t:
                out += ["won", seat_word(t["winner"])]
        return out
    if key in ("multiplier", "deal"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError
        return [str(value)]
    if key == "options":
        out = []
        for k, v in value.items():
            if not isinstance(k, str) or not isinstance(v, bool):
                raise TypeError
            out.append(word(k) if v else f"{word(k)}=no")
        return out
    if key == "names":
        return [word(x) for x in value]
    if key == "seed":
        return [NULL] if value is None else [seed_word(value)]
    raise TypeError


def _contract_words(c, n):
    if c is None:
        return [NULL]
    if not isinstance(c, dict) or set(c) - set(CONTRACT_KEYS) or not isinstance(c.get("mode"), str):
        raise ValueError
    mode = c["mode"]
    words = [word(mode)]
    if c.get("declarer") is not None:
        words.append(seat_word(c["declarer"]))
    suit = c.get("suit")
    if suit != _default_suit(mode, n):
        if suit is None:
            words.append(NULL)
        elif isinstance(suit, str) and len(suit) == 1 and suit in GERMAN_SUITS:
            words.append(suit)
        else:
            raise ValueError
    if c.get("called") is not None:
        words += cards_words([c["called"]], "contract")
    for flag in ("tout", "must"):
        v = c.get(flag, False)
        if v is True:
            words.append(flag)
        elif v is not False:
            raise ValueError
    return words


# ------------------------------------------------------------------------------------ reading
def text_to_dict(text: str) -> dict:
    """The position dict of a trick game's text. Left-out fields take ``from_dict``'s defaults;
    those that follow from the play (see the module docstring) are left out of the dict for
    ``from_dict`` to work out. Raises InvalidPosition naming the column and field of a problem
    in the text; rule problems are left to ``Game.from_dict``."""
    fields = parse_fields(text)
    first = fields[0]
    if first.key not in RULES:
        first.fail(f"a trick-game position starts with its variant: {', '.join(RULES)}")
    if first.values:
        first.fail("the variant word stands alone: put a '|' after it", first.values[0])
    variant = first.key
    seat_fields, named = collect_seats(fields[1:])
    n = len(seat_fields)
    for key, f in named.items():
        if key not in FIELDS:
            f.fail(f"unknown field {f.keyword.text!r} (the fields are the seats P0, P1, ... and {', '.join(FIELDS)})")
    card = _french if _rules(variant).family.name == "french" else _german
    got = {"variant": variant}
    got["players"] = [_read_seat(f, variant, n, card) for f in seat_fields]
    for key, f in named.items():
        got[key] = _read_field(key, f, variant, n, card)
    default = defaults(variant, n, got)
    out = {}
    for key in DICT_KEYS:
        if key in got:
            out[key] = got[key]
        elif default[key] is not MISSING and default[key] is not ABSENT:
            out[key] = default[key]
    return out


def _french(token, where):
    try:
        c = Card.parse(token.text)
    except ValueError:
        c = None
    if c is None or c == JOKER:
        fail(token.column, where, f"{token.text!r} is not a card (write e.g. QC, 10D, 7H, or ?? for a hidden card)")
    return str(c)


def _german(token, where):
    text = token.text.strip().upper()
    if text == "??":
        return text
    suit, rank = text[:1], text[1:]
    rank = "10" if rank == "T" else rank
    if token.quoted or suit not in GERMAN_SUITS or rank not in GERMAN_RANKS:
        fail(
            token.column,
            where,
            f"{token.text!r} is not a card (write the suit E, G, H or S, then the rank: "
            f"EO, HU, GA, S10; ?? for a hidden card)",
        )
    return suit + rank


def _cards(f: Field, tokens, where, card, slots=False):
    out: list = []
    for t in expand(f, tokens):
        if t.text == NULL and not t.quoted:
            if not slots:
                fail(
                    t.column, where, "'-' (an empty slot) belongs only in the two-player face-up and face-down columns"
                )
            out.append(None)
        else:
            out.append(card(t, where))
    return out


def _read_seat(f: Field, variant, n, card):
    """A seat field: ``P1 [hand] cards`` or, at two players, ``P1 bank cards gamble cards``."""
    zones = {}
    zone, start = "hand", None
    current: list = []
    slots = _rules(variant).layout_for_two and n == 2

    def close():
        if zone in zones:
            f.fail(f"{f.keyword.text}'s {zone} is given twice", start)
        zones[zone] = _cards(f, current, f"{f.keyword.text} {zone}", card, slots and zone != "hand")

    for t in no_commas(f, f.values):
        if not t.quoted and t.text.lower() in ("hand", "bank", "gamble"):
            if current or start is not None or zone != "hand":
                close()
            zone, start, current = t.text.lower(), t, []
        else:
            current.append(t)
    close()
    seat = {"hand": zones.get("hand", [])}
    for z in ("bank", "gamble"):
        if z in zones or slots:
            seat[z] = zones.get(z, [])
    return seat


def _word(f: Field, t, choices, allow_null=True):
    if allow_null and t.text == NULL and not t.quoted:
        return None
    w = t.text.lower()
    if w not in choices:
        f.fail(f"{t.text!r}: write one of {', '.join(choices)}" + (" (or - for nothing)" if allow_null else ""), t)
    return w


def _read_field(key, f: Field, variant, n, card):
    where = f.keyword.text
    if key in ("blind", "buried", "bound"):
        return _cards(f, f.values, where, card)
    if key == "phase":
        return _word(f, one_value(f), _rules(variant).phases, allow_null=False)
    if key in ("turn", "lot"):
        return read_seat_or_null(one_value(f), n, where)
    if key in ("dealer", "view"):
        return read_seat(one_value(f), n, where)
    if key in ("bids", "doubles"):
        vals = no_commas(f, f.values)
        if len(vals) != n:
            f.fail(f"{key} lists one entry per seat ({n}), - for a seat that has not spoken; {len(vals)} given")
        return [_word(f, t, _rules(variant).bids if key == "bids" else DOUBLES) for t in vals]
    if key == "best_bid":
        vals = no_commas(f, f.values)
        if len(vals) == 1 and vals[0].text == NULL:
            return None
        if len(vals) != 2:
            f.fail("write 'best_bid P1 solo': the seat and its bid", vals[0] if vals else None)
        return [read_seat(vals[0], n, where), _word(f, vals[1], LEVELS, allow_null=False)]
    if key == "named":
        t = one_value(f)
        return None if t.text == NULL and not t.quoted else card(t, where)
    if key == "contract":
        return _read_contract(f, variant, n, card)
    if key == "declarers":
        return read_seats(f, n)
    if key == "called_led":
        return read_bool(f)
    if key == "hole":
        t = one_value(f)
        return None if t.text == NULL and not t.quoted else card(t, where)
    if key == "hole_trick":
        t = one_value(f)
        return None if t.text == NULL and not t.quoted else read_int(t, where, minimum=0)
    if key == "trick":
        vals = no_commas(f, f.values)
        if len(vals) == 1 and vals[0].text == NULL:
            return None
        return _read_trick(f, vals, n, card, finished=False)
    if key == "tricks":
        groups: list = []
        current: list = []
        for t in f.values:
            if t.is_comma:
                if not current:
                    f.fail("an empty trick (two ',' in a row, or a ',' at an end)", t)
                groups.append(current)
                current = []
            else:
                current.append(t)
        if current:
            groups.append(current)
        elif groups:
            f.fail("an empty trick after the last ','", f.values[-1])
        return [_read_trick(f, g, n, card, finished=True) for g in groups]
    if key == "multiplier":
        return read_int(one_value(f), where, minimum=1)
    if key == "deal":
        return read_int(one_value(f), where, minimum=0)
    if key == "ended":
        return _word(f, one_value(f), ENDINGS)
    if key == "options":
        opts = {}
        for t in no_commas(f, f.values):
            name, eq, value = t.text.partition("=")
            name = name.lower()
            if name not in OPTIONS or t.quoted:
                f.fail(f"{t.text!r} is not an option: the options are {', '.join(OPTIONS)}", t)
            if name in opts:
                f.fail(f"option {name} is given twice", t)
            if not eq:
                opts[name] = True
            elif value.lower() in ("yes", "true"):
                opts[name] = True
            elif value.lower() in ("no", "false"):
                opts[name] = False
            else:
                f.fail(f"{t.text!r}: write {name} (or {name}=no)", t)
        return opts
    if key == "names":
        return read_names(f, n)
    if key == "seed":
        return read_seed(f)
    raise AssertionError(key)


def _read_trick(f: Field, tokens, n, card, finished):
    """``[P1] cards [won P3]``: the leader (left out: ``from_dict`` works it out), the cards in
    playing order, and for a finished trick the winner (likewise)."""
    where = f.keyword.text
    out = {}
    toks = list(tokens)
    if toks and seat_keyword(toks[0]) is not None:
        out["leader"] = read_seat(toks.pop(0), n, where)
    winner = None
    for k, t in enumerate(toks):
        if not t.quoted and t.text.lower() == "won":
            if not finished:
                f.fail("the current trick has no winner yet", t)
            if k != len(toks) - 2:
                f.fail("'won' is followed by the seat that took the trick, and ends the trick", t)
            winner = read_seat(toks[k + 1], n, where)
            toks = toks[:k]
            break
    out["cards"] = _cards(f, toks, where, card)
    if not out["cards"]:
        f.fail("a trick holds at least one card", tokens[0] if tokens else None)
    if winner is not None:
        out["winner"] = winner
    return out


def _read_contract(f: Field, variant, n, card):
    """``contract MODE [P1] [SUIT] [CALLED] [tout] [must]`` (or ``contract -``)."""
    vals = no_commas(f, f.values)
    if not vals:
        f.fail("write the game, e.g. 'contract normal P1 EA', 'contract solo P2 G tout', 'contract leaster'")
    if len(vals) == 1 and vals[0].text == NULL:
        return None
    mode = _word(f, vals[0], _rules(variant).modes, allow_null=False)
    c = {"mode": mode, "declarer": None, "suit": _default_suit(mode, n), "called": None, "tout": False, "must": False}
    seen = set()

    def once(what, t):
        if what in seen:
            f.fail(f"the contract names its {what} twice", t)
        seen.add(what)

    for t in vals[1:]:
        text = t.text
        if t.quoted:
            f.fail(f"{text!r}: write a seat, a trump suit, a called card, tout or must", t)
        if seat_keyword(t) is not None:
            once("declarer", t)
            c["declarer"] = read_seat(t, n, "contract")
        elif text.lower() in ("tout", "must"):
            once(text.lower(), t)
            c[text.lower()] = True
        elif text == NULL or (len(text) == 1 and text.upper() in GERMAN_SUITS):
            once("trump suit", t)
            c["suit"] = None if text == NULL else text.upper()
        else:
            once("called card", t)
            c["called"] = card(t, "contract")
    return c
