"""A card player's reason for a puzzle's answer: what the move does, and what the greedy habit's
move would have allowed, in one sentence.

The search behind a puzzle only gives figures ("86 % against 76 %"). The variant object's
``reason`` (written by each family: :mod:`scheissekopf.shedding.lesson_words`,
:mod:`scheissekopf.trick.lesson_words`) plays each of the two moves on a copy of the position and
says what changed that everyone at the table can see: the stack burned or taken and who leads next, the card the next player must beat and how
many cards that player holds, cards kept back for later; in the trick games who takes the trick
and how many points are in it, or whether a led card is the highest of its suit still out.
Nothing here uses a card the solving seat cannot see: a gamble card turned blind is not named,
and a led card's "highest still out" is judged from the seat's own hand and the cards played.

>>> import scheissekopf as sk
>>> g = sk.from_text("bitenight | P0 9C 9D 4S | P1 5H 6H 7C | stack 9H 9S | turn P0")
>>> reason(g, 0, "P0 9C 9D", "P0 9C")
'Your 9♣ 9♦ complete four 9s and burn the stack, so you lead again; the greedy 9♣ would have left a 9 for P1, who holds 3 cards, to follow with 9, J, Q, K or A only (or a special card), and kept the other 9 for later.'
"""

from __future__ import annotations

from typing import Any

from ..variants import variant
from ..words import card_word, cards_in_words


def card_words(card) -> str:
    """A card as the table draws it: ``4♣``, ``10♥``, ``joker``; German cards by name."""
    return card_word(card)


def move_words(game: Any, text: str) -> str:
    """A move of ``game`` in card words: ``9♣ 9♦``, ``the joker to P2``, ``take the stack``,
    ``gamble card 2``, ``the Gras-Ass``, ``bid normal``, ``pass``."""
    move = game.clone().play(text)
    kind = move.kind
    if kind in ("play", "card"):
        return ("the " if kind == "card" else "") + cards_in_words(move.cards)
    if kind == "joker":
        return f"the joker to {game.names[move.target]}"
    if kind == "take":
        return f"lay {cards_in_words(move.cards)} and take the stack" if move.cards else "take the stack"
    if kind == "flip":
        return f"gamble card {move.index + 1}"
    return text.split(" ", 1)[1]


def reason(game: Any, seat: int, best: str, greedy: str) -> str:
    """One sentence: what ``best`` does at ``game`` for ``seat``, and what ``greedy`` would have
    allowed instead (both are move texts of that seat). The words are the variant's own."""
    return variant(game).reason(game, seat, best, greedy)


def what_it_does(game: Any, seat: int, text: str) -> str:
    """What one move of ``seat`` does at ``game``, as a sentence ("Your A♦ A♥ leave an A for
    P1, ...", "You bid a solo and play alone against the other two."), or "" where the variant
    has nothing to say beyond the move. It names no other move, so it can go with a wrong answer
    without giving the right one away."""
    return variant(game).what_it_does(game, seat, text)
