"""Small builders shared by the rule tests.

Positions are written in the public position format and loaded with ``sk.Game.from_dict``;
cards may be given as one space-separated string ("4H QS") or as a list (schwechat columns use
``None`` for an empty slot).
"""

import importlib.util
import json
import re
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest

import scheissekopf as sk
from scheissekopf.trick.cards import GERMAN_RANK_NAMES

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative, name=None):
    """A script of the repository that is not part of the package (a benchmark, a tool, the
    site's build), imported from its path as a module."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"


def _cards(cards):
    if cards is None:
        return []
    if isinstance(cards, str):
        return cards.split()
    return list(cards)


def seat(hand="", bank="", gamble=""):
    """One player's zones."""
    return {"hand": _cards(hand), "bank": _cards(bank), "gamble": _cards(gamble)}


def position(variant, *seats, draw="", stack="", discard="", **fields):
    """A position dict; a seat given as a plain string is a hand with nothing else."""
    d = {
        "variant": variant,
        "players": [s if isinstance(s, dict) else seat(s) for s in seats],
        "draw": _cards(draw),
        "stack": _cards(stack),
        "discard": _cards(discard),
    }
    d.update(fields)
    return d


def game(variant, *seats, **fields):
    return sk.Game.from_dict(position(variant, *seats, **fields))


def names(cards):
    """Card texts in order (None kept for empty schwechat slots)."""
    return [None if c is None else str(c) for c in cards]


def bag(cards):
    """Card texts as a sorted list, empty slots dropped: for zones whose order does not matter."""
    return sorted(str(c) for c in cards if c is not None)


def rank(card):
    text = str(card)
    return text if text == "JK" else text[:-1]


def moves(g, player=None, kind=None):
    return [m for m in g.legal_moves() if (player is None or m.player == player) and (kind is None or m.kind == kind)]


def accepts(g, move):
    """Would ``g.play(move)`` be accepted? Tried on a copy; ``g`` is left alone."""
    trial = sk.Game.from_dict(g.to_dict())
    try:
        trial.play(move)
    except sk.IllegalMove:
        return False
    return True


@contextmanager
def refused(g, match):
    """The block must raise IllegalMove whose message matches, and leave the game as it was."""
    before = g.to_dict()
    with pytest.raises(sk.IllegalMove, match=match):
        yield
    assert g.to_dict() == before


def deck(variant, players):
    """Every card a new game of that preset and size holds, as a Counter of texts."""
    plain = [r + s for r in RANKS for s in SUITS]
    if variant == "bitenight":
        decks, jokers = -(-players // 4), 2
    elif variant == "palace":
        decks, jokers = -(-players // 5), 0  # one deck per five players
    elif variant == "schwechat":
        decks, jokers = (2 if players <= 8 else 3), 3
    else:
        raise ValueError(variant)
    return Counter((plain + ["JK"] * jokers) * decks)


def cards_in_play(g):
    """All cards in every zone, the stack, the draw pile and the discard, as a Counter."""
    found = Counter()
    for p in g.players:
        for zone in (p.hand, p.bank, p.gamble):
            found.update(str(c) for c in zone if c is not None)
    for zone in (g.stack, g.draw, g.discard):
        found.update(str(c) for c in zone)
    return found


def held(g, i):
    """How many cards seat i holds in all its zones."""
    p = g.players[i]
    return sum(1 for zone in (p.hand, p.bank, p.gamble) for c in zone if c is not None)


def finish_setup(g):
    """Everyone says ready without swapping; in schwechat each first lays three hand cards."""
    for i in range(len(g.players)):
        if g.variant == "schwechat":
            for column in range(3):
                g.play(f"P{i} place {g.players[i].hand[0]} {column}")
        g.play(f"P{i} ready")
    return g


# ------------------------------------------------------------------ move lists, trick games, tables
def texts(moves):
    """The moves' texts, sorted."""
    return sorted(str(m) for m in moves)


def play_all(g, *moves):
    """Play the moves (objects or text) in order; returns the game."""
    for m in moves:
        g.play(m)
    return g


def refused_move(g, move, words):
    """``g.play(move)`` must raise IllegalMove whose message contains ``words`` and leave the
    game as it was; returns the message."""
    before = g.to_dict()
    with pytest.raises(sk.IllegalMove) as exc:
        g.play(move)
    assert words in str(exc.value)
    assert g.to_dict() == before
    return str(exc.value)


def request(table, action, **fields):
    """What a table's front end sends: an action, the version it was made for, and its fields."""
    msg = {"action": action, "version": table.version, **fields}
    table._on_msg(table, msg, [])
    return table


def words(*values) -> set:
    """Every whitespace-separated word in the strings inside ``values`` (JSON-like data)."""
    out = set()
    for text in json.dumps(values).split('"'):
        out.update(text.replace(".", " ").replace(",", " ").split())
    return out


GLYPH = re.compile(r"(?<!\w)(10|[2-9JQKA])([\u2663\u2666\u2665\u2660])")
GERMAN_NAME = re.compile(r"\b(Eichel|Gras|Herz|Schellen)-(\w+)")
_RANK_OF_NAME = {name: rank for rank, name in GERMAN_RANK_NAMES.items()}


def named(pattern, text) -> set:
    """The cards ``text`` names, as codes, whether it writes them as codes (4C, GU) or as the
    table draws them (4♣, Gras-Unter)."""
    found = set(pattern.findall(text))
    found |= {rank + "CDHS"["\u2663\u2666\u2665\u2660".index(suit)] for rank, suit in GLYPH.findall(text)}
    found |= {suit[0] + _RANK_OF_NAME[rank] for suit, rank in GERMAN_NAME.findall(text) if rank in _RANK_OF_NAME}
    return found
