"""``palace``: classic Shithead / Palace / Karma.

* 2-5 players with one 52-card deck, no jokers (more decks for bigger tables: one per five).
* Deal 3 gamble, 3 bank, 3 hand; swap hand and bank cards, then ready.
* Naturals low to high: 3 4 5 6 7 8 9 J Q K A; the effective top is simply the top card and a
  play must be equal or higher. Specials: 2 (plays on anything, anything plays on it) and 10
  (plays on anything, burns; its player starts again).
* Four of a kind in a row burns; whoever completed it starts again. No jump-ins.
* From the bank with nothing playable, a player lays one bank card and takes the whole stack.
* The first player from the dealer's left with a 3 in the bank opens, else with a 3 in hand, then
  the same with 4s and so on; the opener may play anything from the hand.
* The Scheisskopf loses; a match counts losses.
"""

from ...words import CODES
from .base import ALL_RANKS, Preset, higher_said, rank_mask, top_words

NATURALS = (3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14)
SPECIALS = rank_mask((2, 10))


def _allowed():
    allowed = [ALL_RANKS] * 16  # key 0: empty stack or a 2
    for top in NATURALS:
        allowed[top] = SPECIALS | rank_mask(r for r in NATURALS if r >= top)
    return tuple(allowed)


def effective_top(stack):
    return stack[-1] if stack else None


def top_key(stack):
    if not stack:
        return 0
    rank = stack[-1] >> 2
    return 0 if rank == 2 else rank


def opener(game):
    """Lowest rank first (3s, then 4s, ...; 2s and 10s last); for each rank the bank is asked
    before the hand, each time from the dealer's left."""
    seats = [(game.dealer + i) % game.n for i in range(1, game.n + 1)]
    for rank in NATURALS + (2, 10):
        for zone in ("bank", "hand"):
            for seat in seats:
                if any(c is not None and c >> 2 == rank for c in getattr(game.players[seat], zone)):
                    return seat, None
    return seats[0], None


def refusal(stack, rank, w=CODES):
    top = stack[-1]
    higher = higher_said(top >> 2, w)
    return f"{top_words(stack, top, w)}: play {higher}, or a 2 or a 10"


PRESET = Preset(
    name="palace",
    title="Palace (classic Shithead)",
    min_players=2,
    max_players=16,
    jokers_per_deck=0,
    decks=lambda n: (n + 4) // 5,
    columns=False,
    hand_deal=3,
    bank_deal=3,
    turn_up=False,
    natural_order=NATURALS,
    allowed=_allowed(),
    top_key=top_key,
    effective_top=effective_top,
    run_skips_threes=False,
    burn_restarts_self=True,
    ten_burns=True,
    eight_skips=False,
    joker=None,
    jump_ins=False,
    voluntary_take=False,
    take_keeps_turn=False,
    bank_failure_lays=True,
    opener=opener,
    refusal=refusal,
    scoring="losses",
    penalties=False,
    seven=None,  # a plain card
    three_note="",
)
