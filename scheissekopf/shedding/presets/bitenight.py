"""``bitenight``: Scheissekopf as played at Bitenight (the default preset).

* One 54-card deck (52 + 2 jokers) for every four players.
* Deal 3 gamble, 3 bank, 3 hand; players swap hand and bank cards freely, then say ready.
* Naturals low to high: 4 5 6 7 8 9 J Q K A. Specials 2, 3, 10 and the joker play on anything.
* The effective top is the topmost card that is not a 3 (3s are invisible). A natural goes on an
  equal or lower natural or on a 2; on a 7 only 4-7 (or a special) may follow.
* 8s skip one player each; a 10 burns the stack and its player starts again; a joker makes a
  chosen player take the stack and the player to their left starts.
* Four of a kind on top of the stack (counting through 3s; four 3s count too) burns it and the
  player who completed it starts again, even out of turn (a jump-in).
* The lowest natural in any hand opens: the first player from the dealer's left holding it must
  play that rank. Points: 10 per place out (first 10, second 20...), 0 for the loser, +10 for
  going out on 4s.
"""

from ...words import CODES
from .base import ALL_RANKS, Preset, first_below_threes, higher_said, key_through_threes, rank_mask, top_words

NATURALS = (4, 5, 6, 7, 8, 9, 11, 12, 13, 14)
SPECIALS = rank_mask((2, 3, 10, 15))


def _allowed():
    allowed = [ALL_RANKS] * 16  # key 0: empty stack, only 3s, or a 2
    for top in NATURALS:
        allowed[top] = SPECIALS | rank_mask(r for r in NATURALS if r >= top)
    allowed[7] = SPECIALS | rank_mask((4, 5, 6, 7))  # on a 7: 7 or lower
    return tuple(allowed)


effective_top = first_below_threes  # 3s are invisible
top_key = key_through_threes(zero_ranks=(2,))  # anything goes on a 2


def opener(game):
    """The lowest natural rank held in any hand opens; the first holder from the dealer's left
    must play it. With no natural in any hand, the dealer's left opens freely."""
    seats = [(game.dealer + i) % game.n for i in range(1, game.n + 1)]
    for rank in NATURALS:
        for seat in seats:
            if any(c >> 2 == rank for c in game.players[seat].hand):
                return seat, rank
    return seats[0], None


def refusal(stack, rank, w=CODES):
    top = effective_top(stack)
    if top >> 2 == 7:
        return f"{top_words(stack, top, w)}: play 7 or lower (4, 5, 6, 7) or a special card (2, 3, 10, joker)"
    higher = higher_said(top >> 2, w)
    return f"{top_words(stack, top, w)}: play {higher}, or a special card (2, 3, 10, joker)"


PRESET = Preset(
    name="bitenight",
    title="Scheißkopf (Bitenight)",
    min_players=2,
    max_players=16,
    jokers_per_deck=2,
    decks=lambda n: (n + 3) // 4,
    columns=False,
    hand_deal=3,
    bank_deal=3,
    turn_up=False,
    natural_order=NATURALS,
    allowed=_allowed(),
    top_key=top_key,
    effective_top=effective_top,
    run_skips_threes=True,
    burn_restarts_self=True,
    ten_burns=True,
    eight_skips=True,
    joker="target",
    jump_ins=True,
    voluntary_take=False,
    take_keeps_turn=False,
    bank_failure_lays=False,
    opener=opener,
    refusal=refusal,
    scoring="points",
    penalties=False,
    seven="limit",
    three_note="invisible",
)
