"""The shedding rules written as functions of plain values, which the rules core and the game's
refusals call.

The rules core (:mod:`.core` and :mod:`.generate`) plays a round in play on the game itself and
on the search's :class:`~scheissekopf.shedding.core.Round`; these are the pieces it takes out of
line, each given what it needs as arguments: which ranks may be laid, what completes four of a
kind, the moves of a seat playing off the table (bank and gamble), the jump-ins, the turn order,
a stalemate's outcome, how many seats 8s skip, the points.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import combinations

from ..cards import JOKER_RANK


def playable_on(P, stack):
    """Bit mask of the ranks that may be laid on ``stack`` in preset P (bit r for rank r)."""
    if not stack:
        return P.on_empty
    mask = P.on_top[stack[-1] >> 2]
    if mask is None:  # a see-through card on top: the preset looks into the stack
        mask = P.allowed[P.top_key(stack)]
    return mask


# ------------------------------------------------------------------ four of a kind
def makes_four(top_run, r, k):
    """Do k cards of rank r laid on a stack whose top run is ``top_run`` (what ``Rules._run``
    gives: rank, length, 3s on top) complete four of a kind? (Apart from the stack and opening
    checks of ``Game._completes_four``, so a caller asking for many plays reads the run once.)

    Two 9s on two 9s, and one 3 on three 3s lying on a 9 (bitenight looks through 3s):

    >>> makes_four((9, 2, 0), 9, 2), makes_four((9, 2, 0), 9, 1), makes_four((9, 1, 3), 3, 1)
    (True, False, True)
    """
    rank, run, threes = top_run
    if r == 3 and threes:
        return threes + k >= 4
    return r == rank and run + k >= 4


_PLAIN: dict = {}


def plain_ranks(P):
    """The ranks whose play in preset P has no effect but being laid (unless it burns the stack
    or empties a hand), as a bit mask: the rules core's quick test for a play that only passes
    the turn on. Worked out once per preset."""
    bits = _PLAIN.get(P.name)
    if bits is None:
        effects = (
            (1 << 10 if P.ten_burns else 0) | (1 << 8 if P.eight_skips else 0) | (1 << JOKER_RANK if P.joker else 0)
        )
        bits = _PLAIN[P.name] = sum(1 << x for x in range(2, JOKER_RANK + 1)) & ~effects
    return bits


# _RANKS_IN[bits >> 2]: the ranks 2..15 whose bits are set in `bits`, lowest first
_RANKS_IN: list[tuple[int, ...]] = [()]
for _r in range(2, 16):
    _RANKS_IN += [t + (_r,) for t in _RANKS_IN]


def _jump_targets(rank, run, threes):
    """What completes four of a kind on a stack whose top run is (rank, run, threes) (see
    ``Rules._run``): (rank, copies needed) pairs."""
    targets = ()
    if threes and threes < 4:
        targets += ((3, 4 - threes),)
    if rank is not None and rank != JOKER_RANK and run < 4:
        targets += ((rank, 4 - run),)
    return targets


# _ONE_TARGET[rank][run]: _jump_targets(rank, run, 0), looked up (the usual top: no 3s on it)
_ONE_TARGET = [[_jump_targets(rank, run, 0) for run in range(4)] for rank in range(16)]


def jump_in_rows(targets, hands, banks, cnt, turn, out, draw, rows):
    """The jump-ins: for each (rank, copies needed) target, every seat but the player to move
    that holds enough copies in the zone it plays from (its hand, or its bank once the hand and
    the draw pile are empty), one play per count. ``cnt[r][s]``: the copies of rank r in seat s's
    hand (the hands are sorted, so the copies lie together)."""
    for q, hand in enumerate(hands):
        if q == turn or out[q]:
            continue
        if hand:
            for r, need in targets:
                held = cnt[r][q]
                if held >= need:
                    lo = bisect_left(hand, r << 2)
                    cards = tuple(hand)
                    for k in range(lo + need, lo + held + 1):
                        rows.append((q, "play", cards[lo:k], None, None))
        elif not draw:
            bank = banks[q]
            for r, need in targets:
                same = tuple(sorted(c for c in bank if c is not None and c >> 2 == r))
                for k in range(need, len(same) + 1):
                    rows.append((q, "play", same[:k], None, None))


# ------------------------------------------------------------------ moves off the table
def joker_rows(p, out, last_card, joker, rows):
    """p's joker moves, one per seat still in that may be shown it (not p itself when the joker
    is p's last card: p goes out with it). ``joker``: the card the moves name."""
    for t in range(len(out)):
        if not out[t] and not (last_card and t == p):
            rows.append((p, "joker", (joker,), t, None))


def table_rows(P, p, bank, gamble, mask, opening, out, joker, rows):
    """p's moves once its hand and the draw pile are empty: plays from the bank (every distinct
    set of cards of one playable rank: which bank cards leave matters for schwechat's columns),
    joker moves, gamble cards to turn over, and palace's lay-a-bank-card-and-take when no bank
    card fits. True when those lays are listed (they replace taking the stack)."""
    cards = [c for c in bank if c is not None]
    if cards:
        by_rank: dict = {}
        for c in cards:
            by_rank.setdefault(c >> 2, []).append(c)
        for r in sorted(by_rank):
            if not mask >> r & 1 or (opening is not None and r != opening):
                continue
            if r == JOKER_RANK and P.joker == "target":  # (p's last card: it goes out with it)
                last_card = len(cards) + sum(c is not None for c in gamble) == 1
                joker_rows(p, out, last_card, joker, rows)
                continue
            group = sorted(by_rank[r])
            seen = set()
            for k in range(1, len(group) + 1):
                for combo in combinations(group, k):
                    if combo not in seen:
                        seen.add(combo)
                        rows.append((p, "play", combo, None, None))
    if P.columns:
        for i, c in enumerate(gamble):
            if c is not None and bank[i] is None:
                rows.append((p, "flip", (), None, i))
    elif not cards:
        for i in range(len(gamble)):
            rows.append((p, "flip", (), None, i))
    if cards and P.bank_failure_lays and not any(m[1] == "play" or m[1] == "joker" for m in rows):
        for c in sorted(set(cards)):  # nothing fits: lay a bank card and take the stack
            rows.append((p, "take", (c,), None, None))
        return True
    return False


# ------------------------------------------------------------------ turns and the end
def turn_order(n, turn, direction, out):
    """Seats still in, from the player to move onward in the direction of play."""
    return [s for s in ((turn + direction * i) % n for i in range(n)) if not out[s]]


def eight_skips(k, left, out):
    """How many seats k 8s just laid skip, with ``left`` seats still in (counted after the
    play) and ``out`` telling whether the seat that laid them went out with them: one per 8, at
    most every other seat still in (the layer then plays again), and when the layer went out,
    all but one of them.

    Three 8s at a table of four: everyone else is skipped and the layer plays again; the same
    8s as the layer's last cards skip two, so the third seat still in plays:

    >>> eight_skips(3, 4, False), eight_skips(3, 3, True)
    (3, 2)
    """
    others = left - (0 if out else 1)
    return min(k, others if not out else others - 1)


def stalemate_outcome(order, held):
    """A stalemate's result: the Scheißkopf and the others in the order they finish. ``order``:
    the seats still in, from the player to move (:func:`turn_order`); ``held``: seat -> cards
    held. The seat holding the most cards loses, a tie going against the first in turn order;
    the others finish fewest cards first, a tie to the first in turn order.

    >>> stalemate_outcome([2, 0, 1, 3], {0: 5, 1: 2, 2: 5, 3: 2})
    (2, [1, 3, 0])
    """
    loser = max(order, key=held.__getitem__)  # max keeps the first of a tie
    rank = {s: i for i, s in enumerate(order)}
    return loser, sorted((s for s in order if s != loser), key=lambda s: (held[s], rank[s]))


def round_points(n, finished, bonus, loser):
    """Bitenight, once over: each seat's points for the round, in seat order: 10 per place out
    (10 for the first out), 10 more for going out on 4s, 0 for the Scheißkopf.

    >>> round_points(4, finished=[2, 0, 3], bonus=[0], loser=1)
    [30, 0, 10, 30]
    """
    pts = [0] * n
    for k, seat in enumerate(finished):
        pts[seat] = 10 * (k + 1)
    for seat in bonus:
        pts[seat] += 10
    pts[loser] = 0
    return pts
