"""The shedding games' reasons for a move, in a card player's words: what a play does to the
stack and to the next player (the stack burned or taken and who leads next, the card to beat and
how many cards that player holds, cards kept back for later), and what another move would have
done instead. The lessons ask the variant object (:meth:`SheddingVariant.reason` and
``what_it_does``), which answers from here.

Nothing here uses a card the solving seat cannot see: a gamble card turned blind is not named.

>>> import scheissekopf as sk
>>> g = sk.from_text("bitenight | P0 9C 9D 4S | P1 5H 6H 7C | stack 9H 9S | turn P0")
>>> what_it_does(g, 0, "P0 9C")
'Your 9♣ leaves a 9 for P1, who holds 3 cards, to follow with 9, J, Q, K or A only (or a special card), and keeps the other 9 for later.'
"""

from __future__ import annotations

from ..cards import RANK_TEXT
from ..words import cards_in_words, counted


def reason(game, seat: int, best: str, greedy: str) -> str:
    """One sentence: what ``best`` does at ``game`` for ``seat``, and what ``greedy`` would
    have allowed instead (both are move texts of that seat)."""
    subject, does = _shedding_effect(game, seat, best)
    g_subject, g_does = _shedding_effect(game, seat, greedy)
    g_name = g_subject.replace("Your ", "the greedy ").replace("You", "the greedy habit")
    if g_name == "the greedy joker":
        g_name = "the greedy habit's joker"
    plain = does.split(", and keep")[0]
    if g_does == plain and does != plain:  # the same effect, with every card of the rank spent
        return f"{subject} {_verb_s(subject, does)}; {g_name} would have done the same but spent them all at once."
    return f"{subject} {_verb_s(subject, does)}; {g_name} {_would(g_does)}."


def what_it_does(game, seat: int, text: str) -> str:
    """What one move of ``seat`` does at ``game``, as a sentence naming no other move."""
    subject, does = _shedding_effect(game, seat, text)
    return f"{subject} {_verb_s(subject, does)}."


def _rank(card) -> str:
    text = str(card)
    return "joker" if text.upper() == "JK" else text[:-1]


def _who(game, s: int, seat: int) -> str:
    return "you" if s == seat else game.names[s]


def _held(game, s: int) -> int:
    p = game.players[s]
    return len(p.hand) + sum(c is not None for c in p.bank) + sum(c is not None for c in p.gamble)


def _a(rank: str) -> str:
    return "an" if rank in ("8", "A") else "a"


def _shedding_effect(game, seat: int, text: str) -> tuple[str, str]:
    """What the move does as ``(subject, predicate)`` in the present tense; the predicate is
    written so that "would have" + its past form reads too (see ``_would``)."""
    after = game.clone()
    move = after.play(text)
    if move.kind == "joker":
        t = _who(game, move.target, seat)
        held = "" if move.target == seat else f", who holds {counted(_held(game, move.target), 'card')}"
        taken = len(game.stack) + len(move.cards)
        pile = "the joker alone" if taken == 1 else counted(taken, "card")
        return "Your joker", f"gives the stack ({pile}) to {t}{held}"
    if move.kind == "take":
        laid = f"laying {cards_in_words(move.cards)}, " if move.cards else ""
        return "You", f"take the stack ({counted(len(game.stack), 'card')}) now, {laid}before it grows"
    if move.kind == "flip":
        return "You", f"turn gamble card {move.index + 1} blind"
    subject = f"Your {cards_in_words(move.cards)}"
    rank = _rank(move.cards[0])
    if after.phase == "over":
        return subject, "ends the round"
    nxt = after.turn
    if len(after.discard) > len(game.discard) and not after.stack:
        run = [c for c in game.stack[-3:] if _rank(c) == rank]
        how = f"complete four {rank}s and burn the stack" if len(move.cards) + len(run) >= 4 else "burn the stack"
        lead = "you lead again" if nxt == seat else f"{_who(after, nxt, seat)} leads next"
        return subject, f"{how}, so {lead}"
    top = after.effective_top
    target, held = _who(after, nxt, seat), counted(_held(after, nxt), "card")
    turned = (
        "reverse the direction of play and " if getattr(after, "direction", 1) != getattr(game, "direction", 1) else ""
    )
    follow = _may_follow(after)
    if top is None or follow is None:
        on = "" if top is None else f" on the {_rank(top)}"
        what = f"{turned}leave {target}, who holds {held}, free to play anything{on}"
    else:
        what = f"{turned}leave {_a(_rank(top))} {_rank(top)} for {target}, who holds {held}, to follow with {follow}"
    zone = game.active_zone(seat)
    mine = game.players[seat].hand if zone == "hand" else [c for c in game.players[seat].bank if c is not None]
    kept = sum(_rank(c) == rank for c in mine) - len(move.cards) if zone in ("hand", "bank") else 0
    if kept > 0 and rank != "joker":
        what += f", and keep {'the other ' + rank if kept == 1 else f'{kept} more {rank}s'} for later"
    return subject, what


def _may_follow(game) -> str | None:
    """The natural ranks that may go on the stack now, in words ("K or A"), or None when
    anything may (an empty stack, a 2)."""
    preset = game.preset
    if not game.stack:
        return None
    mask = game.playable()  # the engine's own answer, special cards on top included
    ranks = [r for r in preset.natural_order if mask >> r & 1]
    if len(ranks) == len(preset.natural_order):
        return None
    names = [RANK_TEXT[r] for r in ranks]
    if not names:
        return "a special card only"
    said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return f"{said} only (or a special card)"


_PAST = {
    "complete": "completed",
    "burn": "burned",
    "leave": "left",
    "keep": "kept",
    "take": "taken",
    "turn": "turned",
    "gives": "given",
    "give": "given",
    "ends": "ended",
    "lead": "led",
    "put": "put",
    "play": "played",
    "reverse": "reversed",
}


def _would(predicate: str) -> str:
    """ "would have" and the predicate's verbs in their past participle."""
    words = predicate.split(" ")
    out = []
    after_and = True
    for w in words:
        bare = w.rstrip(",")
        if after_and and bare in _PAST:
            w = _PAST[bare] + w[len(bare) :]
        after_and = bare in ("and",)
        out.append(w)
    return "would have " + " ".join(out)


def _verb_s(subject: str, predicate: str) -> str:
    """The present tense for "Your 9♣" (third person) or "You"."""
    if subject == "You" or subject.startswith("Your") and " " in subject[5:].strip():
        # "Your 9♣ 9♦" reads as plural
        return predicate
    first, _, rest = predicate.partition(" ")
    if first.endswith("s") or first in ("ends",):
        return predicate
    return (
        (first + "s " + rest)
        .replace(" and burn ", " and burns ")
        .replace(", and keep ", ", and keeps ")
        .replace(" and leave ", " and leaves ")
    )
