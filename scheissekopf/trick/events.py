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


def _cards(cs):
    return " ".join(map(str, cs))


def _game_name(mode, suit, called, tout, must):
    from .schafkopf import game_name

    return game_name(mode, suit, called, tout, must)


def _trick(names, p, number, points, cards):
    return (
        f"{names[p]} takes the {_ORD.get(number, str(number) + 'th')} trick "
        f"({_cards(cards)}) with {points} point{'s' if points != 1 else ''}."
    )


def _scores(names, p, scores):
    parts = [f"{names[s]} {'+' if v > 0 else ''}{v}" for s, v in scores]
    return "Settlement: " + ", ".join(parts) + "."


_TEXT: dict[str, Callable[..., str]] = {
    "deal": lambda names, p: f"{names[p]} deals.",
    "redeal": lambda names, p, mult: f"Nobody picked: {names[p]} deals again, and this hand counts {mult} times.",
    "sits-out": lambda names, p: f"{names[p]} deals and sits this hand out.",
    "pass": lambda names, p: f"{names[p]} passes.",
    "pick": lambda names, p: f"{names[p]} picks up the blind.",
    "bury": lambda names, p: f"{names[p]} buries two cards.",
    "call": lambda names, p, card: f"{names[p]} calls {card}: its holder is the partner.",
    "under": lambda names, p, card: (
        f"{names[p]} lays a card face down in the hole and calls {card}; "
        "the hole card is played when that suit is first led."
    ),
    "alone": lambda names, p: f"{names[p]} plays alone.",
    "double": lambda names, p, mult: f"{names[p]} knocks: the hand counts double (x{mult}).",
    "leaster": lambda names, p: "Nobody picked: a leaster. The fewest points win; you must take a trick to win.",
    "card": lambda names, p, cards: f"{names[p]} plays {_cards(cards)}.",
    "hole": lambda names, p: f"{names[p]} plays the card in the hole.",
    "partner": lambda names, p, cards: f"{names[p]} plays {_cards(cards)} and is revealed as a partner.",
    "trick": _trick,
    "blind": lambda names, p, pts: f"The blind goes to {names[p]}, who took the last trick ({pts} points).",
    "bid": lambda names, p, level: f"{names[p]} bids {_LEVEL.get(level, level)}.",
    "auction": lambda names, p, level: f"{names[p]} wins the auction with {_LEVEL.get(level, level)}.",
    "game": lambda names, p, mode, suit, called, tout, must: (
        f"{names[p]} plays {_game_name(mode, suit, called, tout, must)}."
    ),
    "wedding": lambda names, p: f"{names[p]} offers a wedding: their only trump lies face down.",
    "accept": lambda names, p, q: f"{names[p]} accepts {names[q]}'s wedding and swaps a card for the trump.",
    "no-wedding": lambda names, p: f"Nobody accepts {names[p]}'s wedding: the cards are thrown in.",
    "throw-in": lambda names, p: "Everyone passed: the cards are thrown in.",
    "refuse": lambda names, p: f"{names[p]} holds nothing worth playing and throws the cards in.",
    "ramsch": lambda names, p: f"{names[p]} calls Ramsch: whoever takes the most points loses.",
    "must": lambda names, p, card, q: f"{names[p]} names {card} for a must game: {names[q]} holds it and must play.",
    "sie": lambda names, p: f"{names[p]} lays down all eight Ober and Unter: a Sie! The hand is not played out.",
    "tout-lost": lambda names, p, q: f"{names[q]} takes a trick: {names[p]}'s tout is lost at once.",
    "result": lambda names, p, text: text,
    "scores": _scores,
}


class TrickEvent(Event):
    """An event of a trick-taking game."""

    __slots__ = ()
    TEXTS = _TEXT
