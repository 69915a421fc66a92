"""``schwechat``: the Austrian standard (Schwechater Scheisskopf).

* Two 55-card decks (52 + 3 jokers each) up to eight players, a third deck from nine on.
* Deal 3 gamble and 6 hand cards each; the draw pile's top card is turned up to start the stack
  (a 10 there burns at once). Each player lays 3 hand cards face up, one on each gamble card:
  bank and gamble are columns, and a gamble card is playable once its bank card is gone.
* Values low to high: 2 4 5 6 8 9 J Q K A; a card goes on a value lower than or equal to its own.
  Wildcards 3, 7, 10 and the joker play on anything.
* 3 mirrors the card under it (0 on an empty stack); 7 must be undercut (2, 4, 5, 6 or a
  wildcard next); 10 burns and the next player starts; the joker reverses the direction (once per
  play, not with two players) and counts 0; 8s skip a player each and count 0 afterwards.
* Four or more of a rank in a row (3s break the row) burn; the next player starts, after the
  play's skips or reversal.
* A player may take the stack at the start of any turn (and must when nothing fits); the taker
  then opens the new stack. A turned gamble card is played at once, or taken with the stack.
* The first starter is drawn by lot; afterwards the previous Scheisskopf starts.
"""

from ...words import CODES
from .base import ALL_RANKS, Preset, a_or_an, first_below_threes, higher_said, key_through_threes, rank_mask, rank_said

VALUES = (2, 4, 5, 6, 8, 9, 11, 12, 13, 14)
WILD = rank_mask((3, 7, 10, 15))


def _allowed():
    allowed = [ALL_RANKS] * 16  # key 0: empty stack, an 8 or a joker
    for top in VALUES:
        allowed[top] = WILD | rank_mask(r for r in VALUES if r >= top)
    allowed[7] = WILD | rank_mask((2, 4, 5, 6))  # a 7 must be undercut
    return tuple(allowed)


effective_top = first_below_threes  # a 3 mirrors the card below it
top_key = key_through_threes(zero_ranks=(8, 15))  # after an 8 or a joker the value is 0


def opener(game):
    """The starter was drawn by lot at the deal (or is the previous Scheisskopf): it is already
    the seat to move."""
    return game.turn, None


def refusal(stack, rank, w=CODES):
    top = effective_top(stack)
    name = rank_said(top >> 2, w)
    mirror = stack[-1] is not top
    article = a_or_an(name)
    if mirror:
        where = w.either(f"the 3 mirrors {article} {name}", f"on {article} {name} (the 3 on top mirrors it)")
    else:
        where = w.either(f"{article} {name} is on the stack", f"on {article} {name}")
    if top >> 2 == 7:
        return f"{where}: undercut it with a 2, 4, 5 or 6, or play a wildcard (3, 7, 10, joker)"
    higher = higher_said(top >> 2, w)
    return f"{where}: play {higher}, or a wildcard (3, 7, 10, joker)"


PRESET = Preset(
    name="schwechat",
    title="Schwechater Scheißkopf",
    min_players=2,
    max_players=16,
    jokers_per_deck=3,
    decks=lambda n: max(2, (n + 3) // 4),
    columns=True,
    hand_deal=6,
    bank_deal=0,
    turn_up=True,
    natural_order=VALUES,
    allowed=_allowed(),
    top_key=top_key,
    effective_top=effective_top,
    run_skips_threes=False,
    burn_restarts_self=False,
    ten_burns=True,
    eight_skips=True,
    joker="reverse",
    jump_ins=False,
    voluntary_take=True,
    take_keeps_turn=True,
    bank_failure_lays=False,
    opener=opener,
    refusal=refusal,
    scoring="losses",
    penalties=True,
    seven="undercut",
    three_note="mirrors",
)
