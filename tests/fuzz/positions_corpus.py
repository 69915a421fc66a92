"""What the position and move fuzz tests share: the seed corpora, the run's size, a time limit
per input, the check that an accepted position round-trips, the junk put into any field and the
mutations of a position text."""

from __future__ import annotations

import json
import os
import random
import signal
from contextlib import contextmanager
from pathlib import Path

import scheissekopf as sk

CORPUS = Path(__file__).resolve().parent / "corpus"

#: inputs per fuzz test: small in the everyday run, ``make fuzz N=20000`` for a long one
RUNS = int(os.environ.get("SCHEISSEKOPF_FUZZ", "0") or 0)
LONG = RUNS > 0
if not LONG:
    RUNS = 250

#: seconds one input may take before it counts as a hang
LIMIT = 10


def texts():
    return sorted((p.stem, p.read_text(encoding="utf-8").strip()) for p in (CORPUS / "position_text").glob("*.txt"))


def dicts():
    return sorted(
        (p.stem, json.loads(p.read_text(encoding="utf-8"))) for p in (CORPUS / "position_json").glob("*.json")
    )


def move_texts():
    out = {}
    for p in sorted((CORPUS / "move_text").glob("*.txt")):
        out[p.stem] = [line for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    return out


class Hang(Exception):
    pass


@contextmanager
def time_limit(what):
    """Fail the test (not hang it) when one input takes longer than LIMIT seconds."""

    def alarm(signum, frame):
        raise Hang(f"more than {LIMIT} s on {what!r:.300}")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(LIMIT)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def is_view(g):
    return getattr(g, "seat", None) is not None


def round_trips(g, rng):
    """An accepted position writes and reads back to itself as a dict and as text, shows
    itself, and a random move on it is undone exactly."""
    d = g.to_dict()
    assert sk.from_dict(d).to_dict() == d
    text = g.to_text()
    again = sk.from_text(text)
    assert again.to_text() == text
    assert again.to_dict() == sk.from_dict(d).to_dict()
    repr(g), str(g), g._repr_html_()
    if is_view(g):
        g.legal_moves()
        return
    for seat in range(g.n):
        g.view(seat).to_dict()
    legal = g.legal_moves()
    if len(legal):
        before = g.to_dict()
        g.play(rng.choice(legal))
        g.undo()
        assert g.to_dict() == before


def refused_well(exc, text=None):
    """A refusal is the project's own exception with something to say; from the text reader it
    says where (the column) or which field."""
    assert isinstance(exc, sk.InvalidPosition), f"{type(exc).__name__}: {exc}"
    assert str(exc).strip()
    if text is not None:
        try:
            sk.variants.text_to_dict(text)
        except sk.InvalidPosition as syntax:
            whole_text = str(syntax).startswith(("the position text is empty", "no seats"))
            assert syntax.column is not None or syntax.field is not None or whole_text, str(syntax)


def read(reader, value, rng, text=None):
    """Read `value`; either it is accepted and round-trips, or it is refused well."""
    try:
        g = reader(value)
    except Exception as exc:  # noqa: BLE001 - which exception it is, is what is checked
        refused_well(exc, text)
        return None
    round_trips(g, rng)
    return g


def seeded(name):
    return random.Random(name)


#: values put into a position's fields in place of what belongs there
JUNK = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    7,
    1.0,
    0.0,
    1.5,
    -0.0,
    float("nan"),
    float("inf"),
    10**30,
    10**5000,
    "",
    "x",
    "1",
    "4H",
    "EO",
    "??",
    "P1",
    "over",
    [],
    [None],
    [0],
    [1, 2],
    [True],
    ["4H"],
    ["x"],
    [[]],
    [{}],
    {},
    {"a": 1},
    {"joker": 1},
    {"joker": True},
    {"mode": "solo"},
    {"cards": []},
]


# ---------------------------------------------------------------- mutated text
ODD = ["|", " ", "*", "-", ",", '"', "P", "9", "0", "²", "٣", "①", "\n", "\x00", "é", "?", "=", "\\", "{", "]"]


def mutate_text(text, rng):
    """A few random edits: characters dropped, doubled, replaced or inserted, tokens swapped or
    repeated, a number made huge."""
    s = text
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(8)
        i = rng.randrange(len(s) + 1) if s else 0
        if op == 0 and s:
            s = s[:i] + s[i + 1 :]
        elif op == 1:
            s = s[:i] + rng.choice(ODD) + s[i:]
        elif op == 2 and s:
            s = s[:i] + rng.choice(ODD) + s[i + 1 :]
        elif op == 3:
            words = s.split(" ")
            a, b = rng.randrange(len(words)), rng.randrange(len(words))
            words[a], words[b] = words[b], words[a]
            s = " ".join(words)
        elif op == 4:
            words = s.split(" ")
            a = rng.randrange(len(words))
            words.insert(a, words[rng.randrange(len(words))])
            s = " ".join(words)
        elif op == 5:
            s = s[:i] + "9" * rng.choice((5, 400, 5000)) + s[i:]
        elif op == 6:
            fields = s.split("|")
            fields.insert(rng.randrange(len(fields) + 1), rng.choice(fields))
            s = "|".join(fields)
        else:
            s = s[: rng.randrange(len(s) + 1)]
    return s
