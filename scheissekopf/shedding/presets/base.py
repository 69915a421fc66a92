"""What a shedding preset is: the :class:`Preset` record and the helpers the presets share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ...cards import JOKER_RANK, RANK_NAMES, RANK_TEXT
from ...words import CODES


def rank_mask(ranks) -> int:
    m = 0
    for r in ranks:
        m |= 1 << r
    return m


ALL_RANKS = rank_mask(range(2, JOKER_RANK + 1))


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    min_players: int
    max_players: int
    jokers_per_deck: int
    decks: Callable[[int], int]  # how many decks for n players
    columns: bool  # bank card i covers gamble card i (schwechat)
    hand_deal: int  # cards dealt to the hand (besides 3 gamble, 3 bank)
    bank_deal: int  # bank cards dealt face up (0: players place them)
    turn_up: bool  # the draw pile's top card starts the stack
    natural_order: tuple  # natural ranks, low to high
    allowed: tuple  # allowed[key]: bit mask of ranks playable on that key
    top_key: Callable  # stack -> key into `allowed`
    effective_top: Callable  # stack -> the card the next play must beat, or None
    run_skips_threes: bool  # four of a kind counts through 3s (bitenight)
    burn_restarts_self: bool  # after a burn the burner (True) or the next player starts
    ten_burns: bool
    eight_skips: bool
    joker: str | None  # "target" (bitenight), "reverse" (schwechat) or None
    jump_ins: bool
    voluntary_take: bool
    take_keeps_turn: bool  # the taker opens the new stack (schwechat)
    bank_failure_lays: bool  # palace: lay a bank card, then take
    opener: Callable  # (game) -> (seat, rank the first play must have or None)
    refusal: Callable  # (stack, rank, w) -> why that rank may not be played, written by w
    scoring: str  # "points" or "losses"
    penalties: bool  # the optional penalty rule exists
    seven: str | None  # what a 7 on top does: "limit" (7 or lower next), "undercut", or None
    three_note: str  # what a 3 on the stack is called on the table ("invisible", "mirrors"; "" for none)
    on_top: tuple = field(init=False, repr=False)  # worked out from top_key (see __post_init__)
    on_empty: int = field(init=False, repr=False)

    def __post_init__(self):
        # on_top[r]: the ranks playable on a stack whose top card has rank r, when that card
        # alone decides it (None for a see-through rank such as bitenight's 3, whose stack must
        # be looked into). Derived from top_key, so a preset cannot get it out of step.
        on_top = [None] * 16
        for r in range(2, JOKER_RANK + 1):
            keys = {self.top_key([r * 4])} | {self.top_key([u * 4, r * 4]) for u in range(2, JOKER_RANK + 1)}
            keys |= {
                self.top_key([u * 4, v * 4, r * 4]) for u in range(2, JOKER_RANK + 1) for v in range(2, JOKER_RANK + 1)
            }
            if len(keys) == 1:
                on_top[r] = self.allowed[keys.pop()]
        object.__setattr__(self, "on_top", tuple(on_top))
        object.__setattr__(self, "on_empty", self.allowed[self.top_key([])])  # ranks on no stack

    def jokers(self, players: int) -> int:
        return self.decks(players) * self.jokers_per_deck


def first_below_threes(stack):
    """The topmost card that is not a 3 (None when there is none): bitenight's invisible 3s and
    schwechat's mirroring 3s both look through them."""
    for card in reversed(stack):
        if card >> 2 != 3:
            return card
    return None


def key_through_threes(zero_ranks):
    """A `top_key` that looks through 3s; the ranks in `zero_ranks` let anything follow."""

    def top_key(stack):
        for card in reversed(stack):
            rank = card >> 2
            if rank != 3:
                return 0 if rank in zero_ranks else rank
        return 0

    return top_key


def a_or_an(name: str) -> str:
    """The article a rank's name takes when said aloud: "an 8", "an A" (an ace), "a K"."""
    return "an" if name in ("8", "A", "ace") else "a"


def rank_said(rank: int, w=CODES) -> str:
    """A rank as ``w`` writes it: ``K`` for programs, "king" for people (the table draws the
    letter on the card, but a sentence says the word)."""
    return w.either(RANK_TEXT[rank], RANK_NAMES[rank])


def higher_said(rank: int, w=CODES) -> str:
    """What beats ``rank`` by height: "K or higher" / "a king or higher"; nothing ranks above an
    ace, so "another ace"."""
    name = rank_said(rank, w)
    if rank == 14:
        return "another ace"
    return w.either(f"{name} or higher", f"{a_or_an(name)} {name} or higher" if rank > 10 else f"{name} or higher")


def top_words(stack, top, w=CODES) -> str:
    """'a K is on the stack', or 'the 3 on top lets the K under it count, so a K is on the
    stack'; to people (``w``, see :mod:`scheissekopf.words`) 'on a K', which completes "Ada
    can't play 4♣"."""
    name = rank_said(top >> 2, w)
    article = a_or_an(name)
    if stack and stack[-1] is not top and stack[-1] >> 2 == 3:
        return w.either(
            f"the 3 on top lets the {name} under it count, so {article} {name} is on the stack",
            f"on {article} {name} (the 3 on top is invisible)",
        )
    return w.either(f"{article} {name} is on the stack", f"on {article} {name}")
