"""``plainkopf``: bitenight played without jokers, a shedding preset that exists for the tests.

One 52-card deck for every four players; everything else as in bitenight (the special cards are
2, 3 and 10, a 7 asks for 7 or lower, 3s are invisible, four of a kind burns).
"""

from scheissekopf.shedding.presets import bitenight
from scheissekopf.shedding.presets.base import Preset
from scheissekopf.shedding.variant import SheddingVariant

PRESET = Preset(
    name="plainkopf",
    title="Plainkopf (no jokers)",
    min_players=2,
    max_players=16,
    jokers_per_deck=0,
    decks=lambda n: (n + 3) // 4,
    columns=False,
    hand_deal=3,
    bank_deal=3,
    turn_up=False,
    natural_order=bitenight.NATURALS,
    allowed=bitenight._allowed(),
    top_key=bitenight.top_key,
    effective_top=bitenight.effective_top,
    run_skips_threes=True,
    burn_restarts_self=True,
    ten_burns=True,
    eight_skips=True,
    joker=None,
    jump_ins=True,
    voluntary_take=False,
    take_keeps_turn=False,
    bank_failure_lays=False,
    opener=bitenight.opener,
    refusal=bitenight.refusal,
    scoring="points",
    penalties=False,
    seven="limit",
    three_note="invisible",
)


def variant() -> SheddingVariant:
    """The variant object to register (made when asked: making it adds the preset to the family)."""
    return SheddingVariant(PRESET)
