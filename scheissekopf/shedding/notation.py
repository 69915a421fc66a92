"""The position text of the shedding games (bitenight, palace, schwechat), as dicts.

``dict_to_text(d)`` writes a position dict (``game.to_dict()``, or a seat's view) as one line;
``text_to_dict(text)`` reads it back, filling every field left out with the default
``Game.from_dict`` uses, so that ``text_to_dict(dict_to_text(d)) == d`` for every dict that
``to_dict`` writes. Example::

    bitenight | P0 5H 9C KD bank JD 5D 3S gamble ?? ?? ?? | P1 QS 2C | stack 7S | turn P1

The grammar and every field: ``docs/POSITION_TEXT.md``.
"""

from __future__ import annotations

import re

from ..cards import Card
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
    seat_word,
    seed_word,
    word,
)
from .position import KEYS as DICT_KEYS
from .position import PHASES
from .presets import PRESETS

VARIANTS = tuple(PRESETS)  # the family's own presets (one added later is in PRESETS only)
# How many decks each preset shuffles for n players (the presets' ``decks``; checked against
# ``sk.deck`` by the tests).
DECKS = {name: preset.decks for name, preset in PRESETS.items()}  # decks for n players
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK")
ZONES = ("hand", "bank", "gamble", "known", "unplayable")
# the fields after the seats, in the order they are written
FIELDS = (
    "stack",
    "draw",
    "discard",
    "phase",
    "turn",
    "direction",
    "pending",
    "opening",
    "ready",
    "finished",
    "bonus",
    "loser",
    "stalemate",
    "warned",
    "penalties",
    "dealer",
    "decks",
    "names",
    "seed",
    "repetitions",
)

_HEX = re.compile(r"[0-9a-fA-F]{1,16}\Z")


def defaults(variant, n, phase, finished):
    """What ``from_dict`` takes for each field that is left out, for a table of ``n`` seats
    (``phase`` and ``finished`` as given or as defaulted: ``ready`` and ``loser`` follow from
    them)."""
    still_in = [s for s in range(n) if s not in finished]
    return {
        "variant": "bitenight",
        "draw": [],
        "stack": [],
        "discard": [],
        "turn": 0,
        "direction": 1,
        "finished": [],
        "phase": "play",
        "dealer": 0,
        "decks": PRESETS[variant].decks(n),
        "names": [f"P{i}" for i in range(n)],
        "ready": [phase != "setup"] * n,
        "pending": None,
        "opening": None,
        "bonus": [],
        # a finished round's loser is the one seat still in
        "loser": still_in[0] if phase == "over" and len(still_in) == 1 else None,
        "stalemate": False,
        "penalties": False,
        "warned": [],
        "known": [[] for _ in range(n)],
        "repetitions": {},  # from_dict counts the position itself once in play, as when absent
        "seed": None,
    }


# ------------------------------------------------------------------------------------ writing
def dict_to_text(d: dict) -> str:
    """The one-line text of a shedding position dict. Fields equal to their default are left
    out; fields missing from ``d`` are left out too (the reader then fills the default)."""
    if not isinstance(d, dict):
        cannot_write("position", d, "a position is a dict")
    extra = sorted(set(d) - set(DICT_KEYS))
    if extra:
        cannot_write(extra[0], d[extra[0]], "not a field of a shedding position")
    variant = d.get("variant", "bitenight")
    if variant not in PRESETS:
        cannot_write("variant", variant, f"the shedding variants are {', '.join(PRESETS)}")
    players = d.get("players")
    if not isinstance(players, list) or not players:
        cannot_write("players", players, "a position needs a list of players")
    n = len(players)
    known = d.get("known")
    if known is not None and (not isinstance(known, list) or len(known) != n):
        cannot_write("known", known, f"one list of cards per seat ({n})")
    unplayable = d.get("unplayable")
    if unplayable is not None and (not isinstance(unplayable, list) or len(unplayable) != n):
        cannot_write("unplayable", unplayable, f"one entry per seat ({n}), null or ranks with a count")
    phase = d.get("phase", "play")
    finished = d.get("finished", [])
    default = defaults(variant, n, phase, finished if isinstance(finished, list) else [])

    parts = [[variant]]
    for i, seat in enumerate(players):
        parts.append(
            _seat_words(i, seat, None if known is None else known[i], None if unplayable is None else unplayable[i])
        )
    for key in FIELDS:
        if key not in d or d[key] == default[key]:
            continue
        value = d[key]
        try:
            parts.append([key] + _value_words(key, value))
        except (TypeError, ValueError, AttributeError):
            cannot_write(key, value)
    return join(parts)


def _seat_words(i, seat, known, unplayable=None):
    if not isinstance(seat, dict):
        cannot_write(f"P{i}", seat, "a seat is a dict with hand, bank and gamble")
    extra = sorted(set(seat) - {"hand", "bank", "gamble"})
    if extra:
        cannot_write(f"P{i}", seat, f"the text has no place for a seat's {extra[0]!r}")
    words = [f"P{i}"]
    hand = seat.get("hand") or []
    words += cards_words(hand, f"P{i} hand")
    for zone, cards in (("bank", seat.get("bank")), ("gamble", seat.get("gamble")), ("known", known)):
        if cards:
            words += [zone] + cards_words(cards, f"P{i} {zone}")
    if unplayable is not None:
        try:
            k, ranks = unplayable["at_least"], unplayable["ranks"]
            if type(k) is not int or not ranks or any(r not in RANKS for r in ranks):
                raise TypeError
        except (TypeError, KeyError):
            cannot_write(f"P{i} unplayable", unplayable, 'null or {"ranks": [ranks], "at_least": a count}')
        words += ["unplayable", str(k), "of"] + list(ranks)
    return words


def _value_words(key, value):
    if key in ("stack", "draw", "discard"):
        return cards_words(value, key)
    if key in ("phase", "opening"):
        if value is None:
            return [NULL]
        if not isinstance(value, str):
            raise TypeError
        return [word(value)]
    if key in ("turn", "dealer", "loser"):
        return [seat_word(value)]
    if key in ("direction", "decks"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError
        return [str(value)]
    if key in ("finished", "bonus", "warned"):
        return [seat_word(s) for s in value]
    if key == "ready":
        return [seat_word(s) for s, r in enumerate(value) if r]
    if key in ("stalemate", "penalties"):
        return [] if value is True else ["yes" if value else "no"]
    if key == "pending":
        if value is None:
            return [NULL]
        if not isinstance(value, dict) or set(value) != {"joker"}:
            raise TypeError
        return ["joker", seat_word(value["joker"])]
    if key == "names":
        return [word(x) for x in value]
    if key == "seed":
        return [NULL] if value is None else [seed_word(value)]
    if key == "repetitions":
        out = []
        for k, count in value.items():
            if (
                not isinstance(k, str)
                or not _HEX.match(k)
                or isinstance(count, bool)
                or not isinstance(count, int)
                or count < 1
            ):
                raise TypeError
            out.append(k if count == 1 else f"{k}*{count}")
        return out
    raise TypeError


# ------------------------------------------------------------------------------------ reading
def text_to_dict(text: str) -> dict:
    """The position dict of a shedding position's text. Every field is filled (left-out fields
    with ``from_dict``'s defaults); raises InvalidPosition naming the column and field of a
    problem in the text. Rule problems (too many copies of a card, a seat out while holding
    cards, ...) are left to ``Game.from_dict``."""
    fields = parse_fields(text)
    variant = "bitenight"
    if fields[0].key in PRESETS:
        if fields[0].values:
            fields[0].fail("the variant word stands alone: put a '|' after it", fields[0].values[0])
        variant = fields[0].key
        fields = fields[1:]
    elif fields[0].key in ("sheepshead", "schafkopf", "mehrkopf"):
        fields[0].fail(f"{fields[0].key} is a trick-taking game: read it with the trick-game text")
    seat_fields, named = collect_seats(fields)
    n = len(seat_fields)
    for key, f in named.items():
        if key not in FIELDS:
            f.fail(f"unknown field {f.keyword.text!r} (the fields are the seats P0, P1, ... and {', '.join(FIELDS)})")

    got = {}
    for key, f in named.items():
        got[key] = _read_field(key, f, n)
    phase = got.get("phase", "play")
    finished = got.get("finished", [])
    default = defaults(variant, n, phase, finished)

    players = []
    known = []
    unplayable = []
    for i, f in enumerate(seat_fields):
        zones = _read_seat(f, variant)
        players.append({"hand": zones["hand"], "bank": zones["bank"], "gamble": zones["gamble"]})
        known.append(zones["known"])
        unplayable.append(zones["unplayable"])
    got["players"] = players
    got["variant"] = variant
    if any(known):
        got["known"] = known
    if any(u is not None for u in unplayable):  # (left out of the dict when no seat has one)
        got["unplayable"] = unplayable
    out = {}
    for key in DICT_KEYS:
        if key in got or key in default:
            out[key] = got[key] if key in got else default[key]
    return out


def _card(token, where):
    try:
        return str(Card.parse(token.text))
    except ValueError:
        fail(token.column, where, f"{token.text!r} is not a card (write e.g. 10H, QS, 4D, JK, or ?? for a hidden card)")


def _cards(f: Field, tokens, where, slots=False):
    out: list = []
    for t in expand(f, tokens):
        if t.text == NULL and not t.quoted:
            if not slots:
                fail(t.column, where, "'-' (an empty slot) belongs only in schwechat's bank and gamble columns")
            out.append(None)
        else:
            out.append(_card(t, where))
    return out


def _read_seat(f: Field, variant):
    """A seat field: ``P1 [hand] cards [bank cards] [gamble cards] [known cards] [unplayable K of
    ranks]``."""
    zones = {z: None for z in ZONES}
    zone = "hand"
    start = None
    current: list = []

    def close():
        if zones[zone] is not None:
            f.fail(f"P{f.keyword.text[1:]}'s {zone} is given twice", start)
        where = f"{f.keyword.text} {zone}"
        if zone == "unplayable":
            zones[zone] = _read_unplayable(f, current, where, start)
            return
        zones[zone] = _cards(f, current, where, slots=PRESETS[variant].columns and zone in ("bank", "gamble"))

    for t in no_commas(f, f.values):
        if not t.quoted and t.text.lower() in ZONES:
            if current or start is not None or zone != "hand":
                close()
            zone, start, current = t.text.lower(), t, []
        else:
            current.append(t)
    close()
    return {z: (v if v is not None or z == "unplayable" else []) for z, v in zones.items()}


def _read_unplayable(f: Field, tokens, where, start):
    """``unplayable K of RANKS``: at least K of the seat's hand cards that are not known have one
    of these ranks (a take showed that the seat held nothing playable)."""
    tokens = no_commas(f, tokens)
    if len(tokens) < 3 or tokens[1].text.lower() != "of":
        f.fail(
            "write 'unplayable 3 of 5 6 7': how many of the hand cards nobody saw arrive have one of those ranks", start
        )
    k = read_int(tokens[0], where, minimum=1)
    ranks = []
    for t in tokens[2:]:
        rank = t.text.upper()
        rank = "10" if rank == "T" else rank
        if t.quoted or rank not in RANKS:
            f.fail(f"{t.text!r} is not a rank: write ranks such as 2 10 Q JK", t)
        if rank in ranks:
            f.fail(f"rank {rank} is given twice", t)
        ranks.append(rank)
    ranks.sort(key=RANKS.index)
    return {"ranks": ranks, "at_least": k}


def _read_field(key, f: Field, n):
    where = f.keyword.text
    if key in ("stack", "draw", "discard"):
        return _cards(f, f.values, where)
    if key == "phase":
        t = one_value(f)
        if t.text.lower() not in PHASES:
            f.fail(f"{t.text!r} is not a phase: write {', '.join(PHASES)}", t)
        return t.text.lower()
    if key in ("turn", "dealer"):
        return read_seat(one_value(f), n, where)
    if key == "loser":
        return read_seat_or_null(one_value(f), n, where)
    if key == "direction":
        t = one_value(f)
        if t.text not in ("1", "-1", "+1"):
            f.fail(f"{t.text!r}: the direction is 1 (seat numbers rising) or -1", t)
        return int(t.text)
    if key == "decks":
        return read_int(one_value(f), where, minimum=1)
    if key in ("finished", "bonus", "warned"):
        return read_seats(f, n)
    if key == "ready":
        ready = set(read_seats(f, n))
        return [s in ready for s in range(n)]
    if key in ("stalemate", "penalties"):
        return read_bool(f)
    if key == "pending":
        vals = no_commas(f, f.values)
        if len(vals) == 1 and vals[0].text == NULL:
            return None
        if len(vals) != 2 or vals[0].text.lower() != "joker":
            f.fail("write 'pending joker P2': the seat that turned a joker names its target", vals[0] if vals else None)
        return {"joker": read_seat(vals[1], n, where)}
    if key == "opening":
        t = one_value(f)
        if t.text == NULL:
            return None
        rank = t.text.upper()
        rank = "10" if rank == "T" else rank
        if rank not in RANKS:
            f.fail(f"{t.text!r} is not a rank: write one of {' '.join(RANKS)}", t)
        return rank
    if key == "names":
        return read_names(f, n)
    if key == "seed":
        return read_seed(f)
    if key == "repetitions":
        reps = {}
        for t in no_commas(f, f.values):
            text, _, count = t.text.partition("*")
            if t.quoted or not _HEX.match(text) or (count and not (count.isascii() and count.isdigit())):
                f.fail(
                    f"{t.text!r}: a repetition is a position key of up to 16 hex digits, "
                    f"with '*N' when it was seen N times",
                    t,
                )
            k = f"{int(text, 16):016x}"
            if k in reps:
                f.fail(f"position key {k} is listed twice", t)
            reps[k] = (int(count) if len(count) < 4 else 999) if count else 1
            if reps[k] < 1:
                f.fail(f"{t.text!r}: a position is seen at least once", t)
        return reps
    raise AssertionError(key)
