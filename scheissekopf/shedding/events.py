"""The shedding games' events in plain words (written only when read)."""

from __future__ import annotations

from typing import Callable

from ..cards import RANK_TEXT
from ..events import Event

_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"}


_FACES = {11: "jacks", 12: "queens", 13: "kings", 14: "aces"}


def _plural(rank: int) -> str:
    return RANK_TEXT[rank] + "s"


def _plural_words(w, rank: int) -> str:
    """Four of a rank as the codes read ("Qs") or as people say it ("queens", "9s")."""
    return w.either(_plural(rank), _FACES.get(rank, _plural(rank)))


def _cards_word(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _play(w, p, cards, zone):
    where = {"hand": "", "bank": " from the bank", "gamble": " from the gamble"}[zone]
    return f"{w[p]} plays {w.cards(cards)}{where}."


def _burn(w, p, reason, rank, starter):
    if reason == "ten":
        head = "The 10 burns the stack"
    elif reason == "turn-up":
        return "The turned-up 10 burns the stack before anyone plays."
    else:
        head = f"Four {_plural_words(w, rank)} in a row — the stack burns"
    if starter is None:
        return head + "."
    if starter == p:
        return f"{head}; {w[p]} starts the next stack."
    return f"{head}; {w[starter]} starts the next stack."


def _take(w, p, n, reason):
    why = {
        "forced": "cannot play and takes the stack",
        "voluntary": "takes the stack by choice",
        "bank": "has no playable bank card, lays one and takes the stack",
        "gamble": "must take the stack with the turned card",
    }[reason]
    return f"{w[p]} {why} ({_cards_word(n)} into the hand)."


def _skip(w, p, skipped):
    if not skipped:
        return ""
    names = [w[s] for s in skipped]
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"The 8 skips {who}." if len(names) == 1 else f"The 8s skip {who}."


_TEXT: dict[str, Callable[..., str]] = {
    "deal": lambda w, p: f"{w[p]} deals.",
    "turn-up": lambda w, p, cards: f"The top card of the draw pile, {w.cards(cards)}, starts the stack.",
    "swap": lambda w, p, cards: (
        f"{w[p]} swaps {w.cards(cards[:1])} from the hand with {w.cards(cards[1:])} from the bank."
    ),
    "place": lambda w, p, cards, slot: f"{w[p]} lays {w.cards(cards)} face up on gamble column {slot + 1}.",  # from 1
    "ready": lambda w, p: f"{w[p]} is ready.",
    "setup-repeat": lambda w, p: (
        f"{w[p]}'s setup moves have led back to the same hand for the third time: setup ends for {w[p]}, who is ready."
    ),
    "start": lambda w, p, rank: (
        f"Everyone is ready. {w[p]} holds the lowest card and opens with {_plural_words(w, rank)}."
        if rank
        else f"Everyone is ready. {w[p]} opens."
    ),
    "play": _play,
    "jump-in": lambda w, p, cards: f"{w[p]} jumps in out of turn with {w.cards(cards)}!",
    "burn": _burn,
    "skip": _skip,
    "again": lambda w, p: f"Every other player is skipped: {w[p]} plays again.",
    "seven": lambda w, p: "A 7 lies on top: the next play must be 7 or lower (or a special card).",
    "undercut": lambda w, p: (
        "A 7 lies on top: the next player must undercut it with a 2, 4, 5 or 6, or play a wildcard."
    ),
    "reverse": lambda w, p, direction: (
        f"The joker turns the direction round ({'clockwise' if direction == 1 else 'counter-clockwise'})."
    ),
    "no-reverse": lambda w, p: "With two players left the joker does not change the direction.",
    "joker": lambda w, p, target, n, starter: (
        f"{w[p]} shows a joker to {'themselves' if target == p else w[target]}: "
        f"{w[target]} takes the stack ({_cards_word(n)}); {w[starter]} starts the next stack."
        if starter is not None
        else f"{w[p]} shows a joker to {'themselves' if target == p else w[target]}: {w[target]} takes the stack ({_cards_word(n)})."
    ),
    "joker-pending": lambda w, p: f"{w[p]} turned a joker: {w[p]} now chooses who takes the stack.",
    "take": _take,
    # people count gamble cards from 1, as the table does; programs keep the move's index
    "flip": lambda w, p, slot, cards: (
        f"{w[p]} turns gamble card {w.either(str(slot), str(slot + 1))}: {w.cards(cards)}."
    ),
    "out": lambda w, p, place, low: (
        f"{w[p]} is out, {_ORDINAL.get(place, str(place) + 'th')}" + (" — on 4s: the low-card bonus!" if low else ".")
    ),
    "loser": lambda w, p: f"{w[p]} is the Scheißkopf.",
    "stalemate": lambda w, p: (
        "The same position came up for the third time: the round ends in "
        f"stalemate. {w[p]} holds the most cards and is the Scheißkopf."
    ),
    "warning": lambda w, p, reason: f"{w[p]} breaks a rule and gets an official warning ({w.text(reason)}).",
    "penalty": lambda w, p, reason: (
        f"{w[p]} breaks a rule again ({w.text(reason)}): a penalty card goes face down to the gamble."
    ),
}


class SheddingEvent(Event):
    """An event of a shedding game."""

    __slots__ = ()
    TEXTS = _TEXT
