"""The shedding games' events in plain words (written only when read)."""

from __future__ import annotations

from typing import Callable

from ..cards import RANK_TEXT, card_text
from ..events import Event

_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"}


def _plural(rank: int) -> str:
    return RANK_TEXT[rank] + "s"


def _cards_word(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _play(names, p, cards, zone):
    where = {"hand": "", "bank": " from the bank", "gamble": " from the gamble"}[zone]
    return f"{names[p]} plays {card_text(cards)}{where}."


def _burn(names, p, reason, rank, starter):
    if reason == "ten":
        head = "The 10 burns the stack"
    elif reason == "turn-up":
        return "The turned-up 10 burns the stack before anyone plays."
    else:
        head = f"Four {_plural(rank)} in a row — the stack burns"
    if starter is None:
        return head + "."
    if starter == p:
        return f"{head}; {names[p]} starts the next stack."
    return f"{head}; {names[starter]} starts the next stack."


def _take(names, p, n, reason):
    why = {
        "forced": "cannot play and takes the stack",
        "voluntary": "takes the stack by choice",
        "bank": "has no playable bank card, lays one and takes the stack",
        "gamble": "must take the stack with the turned card",
    }[reason]
    return f"{names[p]} {why} ({_cards_word(n)} into the hand)."


def _skip(names, p, skipped):
    if not skipped:
        return ""
    who = ", ".join(names[s] for s in skipped)
    return f"The 8s skip {who}."


_TEXT: dict[str, Callable[..., str]] = {
    "deal": lambda names, p: f"{names[p]} deals.",
    "turn-up": lambda names, p, cards: f"The top card of the draw pile, {card_text(cards)}, starts the stack.",
    "swap": lambda names, p, cards: (
        f"{names[p]} swaps {card_text(cards[:1])} from the hand with {card_text(cards[1:])} from the bank."
    ),
    "place": lambda names, p, cards, slot: f"{names[p]} lays {card_text(cards)} face up on gamble column {slot}.",
    "ready": lambda names, p: f"{names[p]} is ready.",
    "setup-repeat": lambda names, p: (
        f"{names[p]}'s setup moves have led back to the same hand for the third time: "
        f"setup ends for {names[p]}, who is ready."
    ),
    "start": lambda names, p, rank: (
        f"Everyone is ready. {names[p]} holds the lowest card and opens with {_plural(rank)}."
        if rank
        else f"Everyone is ready. {names[p]} opens."
    ),
    "play": _play,
    "jump-in": lambda names, p, cards: f"{names[p]} jumps in out of turn with {card_text(cards)}!",
    "burn": _burn,
    "skip": _skip,
    "again": lambda names, p: f"Every other player is skipped: {names[p]} plays again.",
    "seven": lambda names, p: "A 7 lies on top: the next play must be 7 or lower (or a special card).",
    "undercut": lambda names, p: (
        "A 7 lies on top: the next player must undercut it with a 2, 4, 5 or 6, or play a wildcard."
    ),
    "reverse": lambda names, p, direction: (
        f"The joker turns the direction round ({'clockwise' if direction == 1 else 'counter-clockwise'})."
    ),
    "no-reverse": lambda names, p: "With two players left the joker does not change the direction.",
    "joker": lambda names, p, target, n, starter: (
        f"{names[p]} shows a joker to {'themselves' if target == p else names[target]}: "
        f"{names[target]} takes the stack ({_cards_word(n)}); {names[starter]} starts the next stack."
        if starter is not None
        else f"{names[p]} shows a joker to {'themselves' if target == p else names[target]}: {names[target]} takes the stack ({_cards_word(n)})."
    ),
    "joker-pending": lambda names, p: f"{names[p]} turned a joker: {names[p]} now chooses who takes the stack.",
    "take": _take,
    "flip": lambda names, p, slot, cards: f"{names[p]} turns gamble card {slot}: {card_text(cards)}.",
    "out": lambda names, p, place, low: (
        f"{names[p]} is out, {_ORDINAL.get(place, str(place) + 'th')}"
        + (" — on 4s: the low-card bonus!" if low else ".")
    ),
    "loser": lambda names, p: f"{names[p]} is the Scheißkopf.",
    "stalemate": lambda names, p: (
        "The same position came up for the third time: the round ends in "
        f"stalemate. {names[p]} holds the most cards and is the Scheißkopf."
    ),
    "warning": lambda names, p, reason: f"{names[p]} breaks a rule ({reason}) and gets an official warning.",
    "penalty": lambda names, p, reason: (
        f"{names[p]} breaks a rule again ({reason}): a penalty card goes face down to the gamble."
    ),
}


class SheddingEvent(Event):
    """An event of a shedding game."""

    __slots__ = ()
    TEXTS = _TEXT
