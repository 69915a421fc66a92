"""The trick games' reasons for a move, in a card player's words: who takes the trick and how
many points are in it, whether a led card is the highest of its suit still out, what a bid
commits the bidder to, and what another move would have done instead. The lessons ask the
variant object (:meth:`TrickVariant.reason` and ``what_it_does``), which answers from here.

A led card's "highest still out" is judged from the seat's own hand and the cards played, never
from a card the seat cannot see.
"""

from __future__ import annotations

from ..words import card_word, counted


def reason(game, seat: int, best: str, greedy: str) -> str:
    """One sentence: what ``best`` does at ``game`` for ``seat``, and what ``greedy`` would
    have allowed instead (both are move texts of that seat)."""
    mine = game.clone().play(best)
    if mine.kind != "card":
        return _bid_reason(game, seat, best, greedy)
    theirs = game.clone().play(greedy)
    does = _trick_effect(game, seat, best)
    other = _trick_effect(game, seat, greedy)
    verb, _, rest = other.partition(" ")
    other = f"would have {_TRICK_PAST.get(verb, verb)} {rest}"
    return f"Your {card_word(mine.cards[0])} {does}; the greedy {card_word(theirs.cards[0])} {other}."


def what_it_does(game, seat: int, text: str) -> str:
    """What one move of ``seat`` does at ``game``, as a sentence naming no other move; "" for a
    bid (there is nothing to say beyond the move)."""
    move = game.clone().play(text)
    if move.kind != "card":
        return ""
    return f"Your {card_word(move.cards[0])} {_trick_effect(game, seat, text)}."


def _higher_out(game, seat: int, card) -> list:
    """The cards of ``card``'s group (trump, or its suit) that beat it and are still out as the
    seat sees it: neither in its hand nor played."""
    order = game.order
    grp = order.grp[card]
    ranked = list(order.trumps) if order.is_trump(card) else list(order.plain[grp])
    seen = {int(c) for t in game.tricks for c in t.cards} | {int(c) for c in game.players[seat].hand}
    seen |= {int(c) for c in game.trick}
    return [type(card)(c) for c in ranked[: ranked.index(card)] if int(c) not in seen]


def _trick_effect(game, seat: int, text: str) -> str:
    """What a card does, as a predicate after "Your <card>" (present tense)."""
    after = game.clone()
    move = after.play(text)
    card = move.cards[0]
    if not game.trick:
        higher = _higher_out(game, seat, card)
        trump = game.order.is_trump(card)
        if not higher:
            return f"leads as the highest {'trump' if trump else 'card of its suit'} still out"
        if len(higher) == 1:
            beat = f"the {card_word(higher[0])}"
        else:
            beat = f"{len(higher)} higher {'trumps' if trump else 'cards of its suit'}"
        return f"leads while {beat} still out could beat it"
    if len(after.tricks) > len(game.tricks):
        t = after.tricks[-1]
        if t.winner == seat:
            return f"takes the trick, worth {t.points} points"
        return f"lets {game.names[t.winner]} take the trick, worth {t.points} points"
    ahead = after.trick_seats[after.order.winner(after.trick, after.lead_grp)]
    pts = sum(c.points for c in after.trick)
    if ahead == seat:
        higher = _higher_out(game, seat, card)
        beat = (
            "nothing still out can beat it" if not higher else f"{counted(len(higher), 'card')} still out can beat it"
        )
        return f"puts you ahead in the trick ({pts} points so far), and {beat}"
    return f"leaves {game.names[ahead]} ahead in the trick ({pts} points so far)"


_TRICK_PAST = {"leads": "led", "takes": "taken", "lets": "let", "puts": "put", "leaves": "left"}


def _bid_reason(game, seat: int, best: str, greedy: str) -> str:
    def words(text):
        bid = text.split(" ", 1)[1]
        return "pass" if bid == "pass" else bid.replace("bid ", "")

    b, g = words(best), words(greedy)
    alone = {"solo", "tout", "wenz", "geier"}
    if b == "pass":
        does = "You pass and leave the game to the others"
    elif b in alone:
        does = f"You bid a {b} and play alone"
    else:
        does = f"You bid a {b} game, played with a partner (the holder of the ace you call)"
    if g == "pass":
        other = "the greedy pass would have left the game to the others, with no partner's help for you either"
    elif g in alone:
        other = f"the greedy {g} would have had you play alone against everyone at the table"
    else:
        other = f"the greedy {g} would have committed you to a {g} game"
    return f"{does}; {other}."
