"""The one-line position text, the part both families share.

A position dict (what ``game.to_dict()`` writes) becomes one line of plain text that a card
player can read and edit, in the spirit of chess's FEN, and back::

    bitenight | P0 5H 9C KD | P1 QS 2C | stack 7S | turn P1

The line is a variant word and then fields separated by ``|``; each field starts with its
keyword (a seat ``P0``, ``P1``, ... or a field name such as ``stack``) followed by its values.
The grammar, every field and its default are described in ``docs/POSITION_TEXT.md``.

This module holds what both families share: reading the line into fields and tokens, writing
tokens, the error messages. Each family reads and writes its own fields
(:mod:`scheissekopf.shedding.notation`, :mod:`scheissekopf.trick.notation`), and the registry
(:mod:`scheissekopf.variants`) picks the family from the variant word. Everything works on
position dicts; a dict read from text then goes through ``from_dict``, which names any rule
problem.
"""

from __future__ import annotations

import json
import re
from typing import NoReturn

from .errors import InvalidPosition

NULL = "-"  # an empty slot, or "nobody" / "nothing" for a single value
# numbers are ASCII digits only ("\d" would also take "²" or "٣")
_SEAT = re.compile(r"[Pp]?([0-9]+)\Z")
_SEAT_KEYWORD = re.compile(r"[Pp]([0-9]+)\Z")
_INT = re.compile(r"[+-]?[0-9]+\Z")
_REPEAT = re.compile(r"(.+)\*([0-9]+)\Z")
MAX_DIGITS = 100  # the longest whole number a position holds (a seed); Python reads 4,300 at most
_MAX_SEAT_DIGITS = 3  # no table has a thousand seats
# The longest text a position is read from. The longest that random play reached in 60 rounds
# was about 63,000 characters (schwechat at 4 seats: the stalemate rule's window after a long
# run of takes held 3,673 positions, 17 characters each); a million leaves room for fifteen of
# those, or for long names. The reader takes about a second per million characters, so a text
# of megabytes (pasted by mistake, or sent to slow a service down) is refused before it is read.
MAX_TEXT = 1_000_000
_BARE = re.compile(r'[^\s|,"]+\Z')
_LINE_BREAKS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}
_TRUE = ("yes", "true", "on")
_FALSE = ("no", "false", "off")


# ------------------------------------------------------------------------------------ errors
def shown(value, width=60) -> str:
    """A value as a refusal quotes it: its repr, cut short; a whole number too long to print
    (Python refuses more than 4,300 digits) is described instead."""
    try:
        text = repr(value)
    except ValueError:
        return "a whole number of thousands of digits"
    except RecursionError:
        return "a value nested too deep to show"
    return text if len(text) <= width else text[: width - 3] + "..."


def fail(column, field, message) -> NoReturn:
    """Raise :class:`InvalidPosition` saying where in the text the problem is.

    The exception also carries ``column`` (1-based, or None) and ``field`` (or None)."""
    where = []
    if column is not None:
        where.append(f"at column {column}")
    if field is not None:
        where.append(f"(field {field!r})")
    exc = InvalidPosition(f"{' '.join(where)}: {message}" if where else message)
    exc.column = column
    exc.field = field
    raise exc


def cannot_write(field, value, why="") -> NoReturn:
    """Raise :class:`InvalidPosition` for a dict the writer cannot put into text."""
    exc = InvalidPosition(
        f"cannot write field {field!r} = {shown(value)} as position text" + (f": {why}" if why else "")
    )
    exc.column = None
    exc.field = field
    raise exc


# ------------------------------------------------------------------------------------ reading
class Token:
    """One word of the text: its ``text`` (a quoted string already decoded), its 1-based
    ``column`` and whether it was ``quoted``."""

    __slots__ = ("text", "column", "quoted")

    def __init__(self, text, column, quoted=False):
        self.text = text
        self.column = column
        self.quoted = quoted

    @property
    def is_comma(self):
        return self.text == "," and not self.quoted

    def __repr__(self):
        return f"Token({self.text!r}, {self.column})"


class Field:
    """One ``|``-separated part of the text: its keyword, its value tokens and where it starts."""

    __slots__ = ("key", "keyword", "values", "column")

    def __init__(self, keyword: Token, values):
        self.keyword = keyword
        self.key = keyword.text.lower()
        self.values = values
        self.column = keyword.column

    def fail(self, message, token=None):
        fail(token.column if token is not None else self.column, self.keyword.text, message)


_DECODER = json.JSONDecoder()


def split_fields(text):
    """The text's ``|``-separated parts: (the column where the part starts, its list of
    :class:`Token` (maybe empty), the column of the ``|`` that ends it or None for the last).
    Line breaks count as spaces; ``"..."`` is a quoted word (JSON string syntax, so a name may
    hold spaces, ``|`` or quotes); ``,`` is a word of its own."""
    if not isinstance(text, str):
        fail(None, None, f"position text must be a string, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        fail(
            MAX_TEXT + 1,
            None,
            f"this text is {len(text):,} characters long, but a position text has at most {MAX_TEXT:,} "
            "(a real position takes far fewer): is it the right text?",
        )
    parts = []
    current = []
    start = 1
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "|":
            parts.append((start, current, i + 1))
            current = []
            start = i + 2
            i += 1
        elif ch.isspace():
            i += 1
        elif ch == ",":
            current.append(Token(",", i + 1))
            i += 1
        elif ch == '"':
            try:
                value, end = _DECODER.raw_decode(text, i)
            except json.JSONDecodeError as exc:
                fail(i + 1, None, f"a quoted word is not closed or not valid ({exc.msg})")
            if end < n and not (text[end].isspace() or text[end] in "|,"):
                fail(end + 1, None, "a quoted word must be followed by a space, '|' or ','")
            current.append(Token(value, i + 1, quoted=True))
            i = end
        else:
            j = i
            while j < n and not (text[j].isspace() or text[j] in '|,"'):
                j += 1
            if j < n and text[j] == '"':
                fail(j + 1, None, "a quote may only open a word (write the whole word in quotes)")
            current.append(Token(text[i:j], i + 1))
            i = j
    parts.append((start, current, None))
    return parts


def parse_fields(text):
    """(the variant word's token or None, [Field, ...]) of the text. An empty part between two
    ``|`` is an error; a first part that is not a single word is taken as a field (the variant
    is then left out)."""
    parts = split_fields(text)
    if len(parts) == 1 and not parts[0][1]:
        fail(None, None, "the position text is empty (write e.g. 'bitenight | P0 5H 9C | P1 QS 2C')")
    fields = []
    for start, tokens, bar in parts:
        if not tokens:  # point at the '|' that closes the empty part (the last: that opens it)
            fail(
                bar if bar is not None else start - 1, None, "an empty field between two '|' (or at an end of the text)"
            )
        if tokens[0].is_comma or tokens[0].quoted:
            fail(tokens[0].column, None, f"a field starts with its keyword, not {tokens[0].text!r}")
        fields.append(Field(tokens[0], tokens[1:]))
    return fields


def seat_keyword(token):
    """The seat number of a seat field's keyword ``P3``, or None."""
    m = _SEAT_KEYWORD.match(token.text)
    if not m:
        return None
    if len(m.group(1)) > _MAX_SEAT_DIGITS:
        fail(token.column, token.text[:12], f"there is no seat {token.text[:12]}...: a table has at most a few dozen")
    return int(m.group(1))


def collect_seats(fields):
    """Split fields into seat fields (``P0``, ``P1``, ...: a list indexed by seat) and the
    others (a dict keyword -> Field), refusing a field given twice and missing seats."""
    seats = {}
    named = {}
    for f in fields:
        s = seat_keyword(f.keyword)
        if s is not None:
            if s in seats:
                f.fail(f"seat P{s} is given twice (first at column {seats[s].column})")
            seats[s] = f
            continue
        if f.key in named:
            f.fail(f"{f.keyword.text} is given twice (first at column {named[f.key].column})")
        named[f.key] = f
    if not seats:
        fail(
            fields[0].column if fields else None,
            None,
            "no seats: write each seat's cards as a field, e.g. 'P0 5H 9C | P1 QS 2C'",
        )
    n = max(seats) + 1
    for s in range(n):
        if s not in seats:
            later = seats[min(x for x in seats if x > s)]
            later.fail(
                f"seats are P0 to P{n - 1}, but P{s} is missing (a seat without cards is written as just 'P{s}')"
            )
    return [seats[s] for s in range(n)], named


def read_seat(token, n, field):
    """A seat reference: ``P2`` (or ``2``) checked against the table size."""
    m = _SEAT.match(token.text) if not token.quoted else None
    if not m:
        fail(token.column, field, f"{token.text!r} is not a seat (write P0 to P{n - 1})")
    if len(m.group(1)) > _MAX_SEAT_DIGITS:
        fail(token.column, field, f"there is no seat {token.text[:12]}...: the table has P0 to P{n - 1}")
    s = int(m.group(1))
    if s >= n:
        fail(token.column, field, f"there is no seat P{s}: the table has P0 to P{n - 1}")
    return s


def read_seat_or_null(token, n, field):
    return None if token.text == NULL and not token.quoted else read_seat(token, n, field)


def read_int(token, field, minimum=None):
    if token.quoted or not _INT.match(token.text):
        fail(token.column, field, f"{token.text!r} is not a whole number")
    if len(token.text.lstrip("+-")) > MAX_DIGITS:
        fail(token.column, field, f"a number of {len(token.text)} digits is far too large here")
    value = int(token.text)
    if minimum is not None and value < minimum:
        fail(token.column, field, f"{value} is too small: the least is {minimum}")
    return value


def read_bool(field: Field):
    """A flag: the bare keyword is true; ``yes``/``no`` (or ``true``/``false``) say it."""
    if not field.values:
        return True
    if len(field.values) > 1:
        field.fail("a flag takes at most one word, yes or no", field.values[1])
    t = field.values[0]
    word = t.text.lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    field.fail(f"{t.text!r}: write yes or no (or the bare word for yes)", t)


def one_value(field: Field):
    """The single value token of a field."""
    if len(field.values) != 1:
        if not field.values:
            field.fail(f"{field.keyword.text} needs a value")
        field.fail(f"{field.keyword.text} takes one value, not {len(field.values)}", field.values[1])
    return field.values[0]


def no_commas(field: Field, tokens):
    for t in tokens:
        if t.is_comma:
            field.fail("a ',' belongs only between tricks", t)
    return tokens


def expand(field: Field, tokens):
    """Tokens with ``X*N`` written out as N copies of X (so ``??*5`` is five hidden cards)."""
    out = []
    for t in no_commas(field, tokens):
        m = _REPEAT.match(t.text) if not t.quoted else None
        if m:
            k = int(m.group(2)) if len(m.group(2)) <= 5 else 10**6  # (longer: too many anyway)
            if k < 1 or k > 10000:
                field.fail(f"{t.text[:40]!r}: the count after '*' must be from 1 to 10000", t)
            out.extend([Token(m.group(1), t.column)] * k)
        else:
            out.append(t)
    return out


def read_seats(field: Field, n, tokens=None):
    """A list of seats (``P2 P0``); no values is the empty list."""
    tokens = field.values if tokens is None else tokens
    return [read_seat(t, n, field.keyword.text) for t in no_commas(field, tokens)]


def read_names(field: Field, n):
    tokens = no_commas(field, field.values)
    if len(tokens) != n:
        field.fail(f'names gives {len(tokens)} names for {n} seats (quote a name with spaces: "Ann B")')
    return [t.text for t in tokens]


def read_seed(field: Field):
    t = one_value(field)
    if t.quoted:
        return t.text
    if t.text == NULL:
        return None
    if not _INT.match(t.text):
        field.fail(f"{t.text!r}: a seed is a whole number (or a quoted string)", t)
    if len(t.text.lstrip("+-")) >= MAX_DIGITS:
        field.fail(f"a seed of {len(t.text)} digits: a seed has at most {MAX_DIGITS - 1}", t)
    return int(t.text)


# ------------------------------------------------------------------------------------ writing
def word(value) -> str:
    """A string as one word of the text: bare when it can be, else quoted (JSON syntax)."""
    if isinstance(value, str) and _BARE.match(value) and value != NULL and not _REPEAT.match(value):
        return value
    # JSON escapes the control characters; these three also break a line, so escape them too
    return json.dumps(str(value), ensure_ascii=False).translate(_LINE_BREAKS)


def seat_word(s) -> str:
    if s is None:
        return NULL
    if isinstance(s, bool) or not isinstance(s, int) or s < 0:
        raise TypeError(f"not a seat: {s!r}")
    return f"P{s}"


def cards_words(cards, field):
    """Card texts as words: ``None`` (an empty slot) as ``-``; a run of three or more hidden
    cards as ``??*N`` and of three or more empty slots as ``-*N``."""
    if not isinstance(cards, (list, tuple)):
        cannot_write(field, cards, "a list of cards was expected")
    texts = []
    for c in cards:
        text = NULL if c is None else str(c)
        if c is not None and (not _BARE.match(text) or text == NULL or _REPEAT.match(text)):
            cannot_write(field, cards, f"{text!r} is not a card")
        texts.append(text)
    out = []
    i = 0
    while i < len(texts):
        text = texts[i]
        j = i + 1
        if text in ("??", NULL):
            while j < len(texts) and texts[j] == text:
                j += 1
        if j - i >= 3:
            out.append(f"{text}*{j - i}")
        else:
            out.extend(texts[i:j])
        i = j
    return out


def join(parts) -> str:
    """Fields (each a list of words) joined into the line."""
    return " | ".join(" ".join(p) for p in parts)


def seed_word(seed, field="seed"):
    if isinstance(seed, bool):
        cannot_write(field, seed)
    if isinstance(seed, int):
        return str(seed)
    if isinstance(seed, str):
        return json.dumps(seed, ensure_ascii=False)
    cannot_write(field, seed, "a seed is a whole number or a string")
