"""The random keys of the shedding games' repetition hash.

A position's key is the sum of one key per (seat, hand card), one per (stack height, card), plus
the player to move, the direction and a pending joker. Sums (not XOR) so that identical cards
from several decks do not cancel out. The game (:mod:`.game`) and the rules core (:mod:`.core`)
add up the same keys, so a stalemate comes at the same move in both.
"""

from __future__ import annotations

from ..rng import SeededRNG

_MASK = (1 << 64) - 1
_zrng = SeededRNG(0x5EED5C4E155E)
_MAX_SEATS, _MAX_STACK = 16, 256
ZH = [[_zrng.next64() for _ in range(64)] for _ in range(_MAX_SEATS)]
ZS = [[_zrng.next64() for _ in range(64)] for _ in range(_MAX_STACK)]
ZT = [_zrng.next64() for _ in range(_MAX_SEATS)]
ZP = [_zrng.next64() for _ in range(_MAX_SEATS)]
ZDIR = _zrng.next64()
