"""Fuzzing the position readers: every field of every variant's position replaced by junk, and
mutated position texts and JSON positions from the seed corpora (``corpus/``).

Every input is either accepted, and then round-trips (text, dict, a random move and its undo),
or refused with :class:`~scheissekopf.InvalidPosition` naming the field (and, from the text
reader, the column): never another exception, never a hang. ``make fuzz N=20000`` runs the
mutations N times each and the junk over every corpus position.
"""

from __future__ import annotations

import copy
import json

import pytest

import scheissekopf as sk
from scheissekopf.notation import shown

from .positions_corpus import JUNK, LONG, RUNS, dicts, mutate_text, read, seeded, texts, time_limit

# the words a refusal may use for a field instead of its key
ALIASES = {
    "players": ("player", "hand", "bank", "gamble", "face-up", "face-down", "seat", "played by", "cards", "holds"),
    "hand": ("hand", "player", "holds", "cards"),
    "bank": ("bank", "face-up", "column", "cards", "holds", "player"),
    "gamble": ("gamble", "face-down", "column", "cards", "holds", "player"),
    "draw": ("draw",),
    "stack": ("stack",),
    "discard": ("discard",),
    "turn": ("turn", "to move"),
    "dealer": ("dealer", "deals"),
    "finished": ("finished", "out"),
    "loser": ("loser",),
    "pending": ("pending", "joker"),
    "known": ("known",),
    "bonus": ("bonus",),
    "warned": ("warned",),
    "ready": ("ready",),
    "repetitions": ("repetitions",),
    "opening": ("opening", "opens"),
    "names": ("names",),
    "blind": ("blind",),
    "buried": ("buried", "bury"),
    "bids": ("bid",),
    "best_bid": ("best bid", "best_bid", "auction"),
    "contract": ("contract", "game", "declarer", "mode", "solo", "called", "trump", "play phase", "picker"),
    "mode": ("mode", "game", "contract", "picker", "called", "solo", "phase", "declarer"),
    "declarer": ("declarer", "contract", "picker", "caller"),
    "suit": ("suit", "trump"),
    "called": ("called", "call"),
    "tout": ("tout",),
    "must": ("must",),
    "declarers": ("declar", "side"),
    "bound": ("bound",),
    "called_led": ("called_led",),
    "hole": ("hole",),
    "hole_trick": ("hole",),
    "trick": ("trick",),
    "tricks": ("trick",),
    "leader": ("led", "leader"),
    "cards": ("trick", "card"),
    "winner": ("taken", "winner"),
    "deal": ("deal",),
    "ended": ("ended", "early"),
    "lot": ("lot",),
    "view": ("view",),
    "phase": ("phase",),
    "variant": ("variant", "choose"),
    "joker": ("joker",),
    "name": ("name",),
}


def paths(d):
    """Every field of a position dict: its keys, one player's, the contract's and one trick's."""
    out = [(k,) for k in d]
    out += [("players", 0, k) for k in d["players"][0]]
    for key in ("contract", "trick", "pending"):
        if isinstance(d.get(key), dict):
            out += [(key, k) for k in d[key]]
    if d.get("tricks"):
        out += [("tricks", 0, k) for k in d["tricks"][0]]
    return out


def replaced(d, path, value):
    e = copy.deepcopy(d)
    t = e
    for p in path[:-1]:
        t = t[p]
    t[path[-1]] = copy.deepcopy(value)
    return e


def shape(value):
    """The JSON type of a value, and of a list's items: junk of another shape than the field's
    own value must be refused naming the field; a value of the right shape may instead break a
    rule between fields (a card twice, a turn that does not follow), and that refusal names the
    rule."""
    if isinstance(value, list):
        return ("list", frozenset(type(x).__name__ for x in value))
    return type(value).__name__


def same_shape(a, b):
    if isinstance(a, list) and isinstance(b, list) and not (a and b):
        return True  # an empty list fits any list field
    return shape(a) == shape(b)


def names_field(message, path):
    words = (path[-1],) + ALIASES.get(path[-1], ()) + (ALIASES.get(path[0], ()) if len(path) > 1 else ())
    text = message.lower()
    return any(w.lower() in text or w.replace("_", " ").lower() in text for w in words)


def sample(items, k, rng):
    return items if LONG or len(items) <= k else rng.sample(items, k)


def junk_positions():
    rng = seeded("junk")
    by_variant = {}
    for name, d in dicts():
        by_variant.setdefault(d.get("variant"), []).append((name, d))
    return [(name, d) for v in sorted(by_variant) for name, d in sample(by_variant[v], 3, rng)]


@pytest.mark.slow
@pytest.mark.parametrize("name, position", junk_positions(), ids=[n for n, _ in junk_positions()])
def test_junk_in_any_field_is_accepted_and_round_trips_or_refused_naming_the_field(name, position):
    rng = seeded(name)
    unnamed = []
    for path in paths(position):
        for value in JUNK:
            data = replaced(position, path, value)
            original = position
            for p in path:
                original = original[p]
            with time_limit(f"{name} {path}={shown(value)}"):
                try:
                    g = sk.from_dict(data)
                except sk.InvalidPosition as exc:
                    if (
                        not same_shape(value, original)
                        and None not in (value, original)  # (null: the field left out)
                        and not names_field(str(exc), path)
                    ):
                        unnamed.append(f"{'.'.join(map(str, path))}={shown(value)}: {exc}")
                    continue
                # accepted: no look-alike slipped in (1.0 or True read as 1)
                written = g.to_dict()
                t = written
                for p in path:
                    t = t[p] if isinstance(t, dict) or (isinstance(t, list) and isinstance(p, int)) else None
                    if t is None:
                        break
                if t == value and value is not None:
                    assert type(t) is type(value), f"{path}: {shown(value)} accepted as {shown(t)}"
                read(sk.from_dict, data, rng)
    assert not unnamed, "refusals that do not name their field:\n" + "\n".join(unnamed[:20])


# ---------------------------------------------------------------- mutated text
def test_mutated_position_texts_are_read_or_refused_with_a_column():
    rng = seeded("text")
    corpus = texts()
    for _, text in corpus:  # the seeds themselves are accepted
        read(sk.from_text, text, rng, text)
    for _ in range(RUNS):
        _, text = rng.choice(corpus)
        s = mutate_text(text, rng)
        with time_limit(s):
            read(sk.from_text, s, rng, s)


# ---------------------------------------------------------------- mutated JSON
def mutate_value(value, rng, depth=0):
    """The value with one random part changed: junk put in, a key dropped, an item dropped or
    doubled, deep nesting."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        out = dict(value)
        r = rng.random()
        if r < 0.1:
            del out[key]
        elif r < 0.15:
            out[rng.choice(["x", key + "s", "seat"])] = rng.choice(JUNK)
        else:
            out[key] = mutate_value(value[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        out = list(value)
        i = rng.randrange(len(out))
        r = rng.random()
        if r < 0.15:
            del out[i]
        elif r < 0.3:
            out.insert(i, out[i])
        else:
            out[i] = mutate_value(out[i], rng, depth + 1)
        return out
    r = rng.random()
    if r < 0.05:
        nested = []
        for _ in range(rng.choice((3, 50, 5000))):
            nested = [nested]
        return nested
    if r < 0.15 and isinstance(value, int) and not isinstance(value, bool):
        return value + rng.choice((-1, 1, 100))
    return copy.deepcopy(rng.choice(JUNK))


def test_mutated_json_positions_are_read_or_refused():
    rng = seeded("json")
    corpus = dicts()
    for _, d in corpus:
        read(sk.from_dict, d, rng)
    for _ in range(RUNS):
        _, d = rng.choice(corpus)
        e = mutate_value(d, rng)
        if rng.random() < 0.3:
            e = mutate_value(e, rng)
        with time_limit(json.dumps(e, default=str)[:200] if rng.random() < 0 else "a mutated position"):
            read(sk.from_dict, e, rng)
