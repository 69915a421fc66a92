"""The event log of the trick-taking games, in plain words (written only when read)."""

from __future__ import annotations

from typing import Callable

from ..events import Event

_ORD = {
    1: "first",
    2: "second",
    3: "third",
    4: "fourth",
    5: "fifth",
    6: "sixth",
    7: "seventh",
    8: "eighth",
    9: "ninth",
    10: "tenth",
    11: "eleventh",
    12: "twelfth",
    13: "thirteenth",
    14: "fourteenth",
    15: "fifteenth",
    16: "sixteenth",
}

_LEVEL = {"normal": "a normal game", "wedding": "a wedding", "solo": "a solo", "tout": "a tout", "sie": "a Sie"}


def _game_name(w, mode, suit, called, tout, must):
    from .schafkopf import game_name

    return game_name(mode, suit, called, tout, must, w)


def _trick(w, p, number, points, cards):
    return (
        f"{w[p]} takes the {_ORD.get(number, str(number) + 'th')} trick "
        f"({w.cards(cards)}) with {points} point{'s' if points != 1 else ''}."
    )


def _scores(w, p, scores):
    parts = [f"{w[s]} {'+' if v > 0 else ''}{v}" for s, v in scores]
    return "Settlement: " + ", ".join(parts) + "."


_TEXT: dict[str, Callable[..., str]] = {
    "deal": lambda w, p: f"{w[p]} deals.",
    "redeal": lambda w, p, mult: f"Nobody picked: {w[p]} deals again, and this hand counts {mult} times.",
    "sits-out": lambda w, p: f"{w[p]} deals and sits this hand out.",
    "pass": lambda w, p: f"{w[p]} passes.",
    "pick": lambda w, p: f"{w[p]} picks up the blind.",
    "bury": lambda w, p: f"{w[p]} buries two cards.",
    "call": lambda w, p, card: f"{w[p]} calls {w.card(card)}: its holder is the partner.",
    "under": lambda w, p, card: (
        f"{w[p]} lays a card face down in the hole and calls {w.card(card)}; "
        "the hole card is played when that suit is first led."
    ),
    "alone": lambda w, p: f"{w[p]} plays alone.",
    "double": lambda w, p, mult: f"{w[p]} knocks: the hand counts double (x{mult}).",
    "leaster": lambda w, p: "Nobody picked: a leaster. The fewest points win; you must take a trick to win.",
    "card": lambda w, p, cards: f"{w[p]} plays {w.cards(cards)}.",
    "hole": lambda w, p: f"{w[p]} plays the card in the hole.",
    "partner": lambda w, p, cards: f"{w[p]} plays {w.cards(cards)} and is revealed as a partner.",
    "trick": _trick,
    "blind": lambda w, p, pts: f"The blind goes to {w[p]}, who took the last trick ({pts} points).",
    "bid": lambda w, p, level: f"{w[p]} bids {_LEVEL.get(level, level)}.",
    "auction": lambda w, p, level: f"{w[p]} wins the auction with {_LEVEL.get(level, level)}.",
    "game": lambda w, p, mode, suit, called, tout, must: (
        f"{w[p]} plays {_game_name(w, mode, suit, called, tout, must)}."
    ),
    "wedding": lambda w, p: f"{w[p]} offers a wedding: their only trump lies face down.",
    "accept": lambda w, p, q: f"{w[p]} accepts {w[q]}'s wedding and swaps a card for the trump.",
    "no-wedding": lambda w, p: f"Nobody accepts {w[p]}'s wedding: the cards are thrown in.",
    "throw-in": lambda w, p: "Everyone passed: the cards are thrown in.",
    "refuse": lambda w, p: f"{w[p]} holds nothing worth playing and throws the cards in.",
    "ramsch": lambda w, p: f"{w[p]} calls Ramsch: whoever takes the most points loses.",
    "must": lambda w, p, card, q: f"{w[p]} names {w.card(card)} for a must game: {w[q]} holds it and must play.",
    "sie": lambda w, p: f"{w[p]} lays down all eight Ober and Unter: a Sie! The hand is not played out.",
    "tout-lost": lambda w, p, q: f"{w[q]} takes a trick: {w[p]}'s tout is lost at once.",
    "result": lambda w, p, text: text,
    "scores": _scores,
}


class TrickEvent(Event):
    """An event of a trick-taking game."""

    __slots__ = ()
    TEXTS = _TEXT
