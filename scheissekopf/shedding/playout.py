"""The search's playouts on the rules core: the greedy habits playing a round to its end.

A playout plays a determinized deal to its end with the greedy habits and keeps only who lost
(and, in bitenight, the points). :func:`play_out` plays it on a
:class:`~scheissekopf.shedding.core.Round`, which holds the rules of every preset on plain lists,
and makes the choices :func:`~scheissekopf.shedding.bots.greedy_playout` makes on the game: the
same moves, drawing the same random numbers, to the same end (``tests/test_lean_playout.py``).
A round in its setup is set up on the game first (the setup habits draw no random numbers), then
played on the core (:func:`playout`).
"""

from __future__ import annotations

from bisect import bisect_left

from .bots import (
    BIG_STACK,
    BURN_BELOW_SPECIALS,
    COMPLETES_FOUR,
    FORCED_PLIES,
    PER_STRENGTH,
    best_index,
    greedy_setup,
    jump_in_index,
    play_score,
    strength_table,
)
from .core import JOKER_RANK, Round, covers
from .game import _RANKS_IN
from .rules import _ONE_TARGET, jump_in_rows, playable_on

__all__ = ["Round", "covers", "lean_playout", "play_out", "playout", "stalemate_win"]


def stalemate_win(r, rows):
    """The first of the mover's ``rows`` that ends the round by a third repetition with the
    mover not the Scheißkopf, at once or through forced moves (as
    :func:`~scheissekopf.shedding.bots.stalemate_win` on the game), or None."""
    me = r.turn
    for row in rows:
        if row[0] != me:
            continue
        q = r.copy()
        q.play(row)
        played = 1
        while not q.ended and played <= FORCED_PLIES:
            forced = q.moves()
            if len(forced) != 1:
                break
            q.play(forced[0])
            played += 1
        if q.ended and q.stalemate and q.loser != me:
            return row
    return None


def greedy_row(r, rows, table, n_nat):
    """The greedy habits' choice among the mover's ``rows`` (no jump-in among them)."""
    stack = r.stack
    top_run = r._run if stack and r.opening is None else None
    return rows[best_index(rows, table, n_nat, len(stack) >= BIG_STACK, top_run, r)]


def play_out(r, rng, epsilon=0.0, max_moves=5000, *, seat=None, others=None, trace=None):
    """Play round ``r`` (a :class:`Round`, played on) to its end as
    :func:`~scheissekopf.shedding.bots.greedy_playout` plays a game: the moves played, or None
    when ``max_moves`` were played without an end. ``trace``: a list to append every move's
    tuple to (for the tests)."""
    P = r.preset
    table = strength_table(P)
    n_nat = len(P.natural_order)
    burn_strength = n_nat + BURN_BELOW_SPECIALS
    ten = table[10]
    rand, choice = rng.random, rng.choice
    if others is None:
        others = epsilon
    hands, banks, cnt, held = r.hands, r.banks, r._cnt, r._held
    voluntary = P.voluntary_take
    jump_ins = P.jump_ins
    joker_targets = P.joker == "target"
    on_top, on_empty = P.on_top, P.on_empty
    played = 0
    while not r.ended:
        if played >= max_moves:
            return None
        p = r.turn
        hand = hands[p]
        stack = r.stack
        row = None
        if jump_ins and stack and r.opening is None:
            # can a seat other than the mover jump in? (Round.jump_targets, written out for a
            # stack with no 3s on top; the mover completing four itself is its usual turn)
            top, run, threes = r._run
            if threes:
                jump = r.jump_targets()  # (the targets, or ())
            elif top is None or top == JOKER_RANK or run >= 4:
                jump = ()
            else:
                jump = ()
                copies = cnt[top]
                if max(copies) >= 4 - run:
                    mine = copies[p]
                    copies[p] = 0  # (the mover left out of the max for a moment)
                    if max(copies) >= 4 - run:
                        jump = _ONE_TARGET[top][run]
                    copies[p] = mine
                if not jump and not r._draw:  # a seat playing from its bank may hold the rank there
                    bits = r._bankr
                    if bits is None:
                        bits = r.bank_ranks()
                    if bits >> top & 1:  # (the mover's own bank too: then no jump-in is found below)
                        jump = _ONE_TARGET[top][run]
        else:
            jump = ()
        if jump and r._pend is None:
            # the nearest seat after the mover that can jump in does, with as many cards as it
            # can (jump_in_index); only the jump-ins are made, not the mover's moves
            rows = []
            jump_in_rows(jump, hands, banks, cnt, p, r._out, r._draw, rows)
            if rows:
                row = rows[jump_in_index(r.n, rows, p)]
                if trace is not None:
                    trace.append(row)
                r.play(row)
                played += 1
                continue
            jump = ()  # (a bank card short of the copies needed, the mover's own bank, or only its 3s)
        if r._pend is None and not jump:
            if hand:
                # the usual move: the greedy choice from the hand, without making every play (as
                # greedy_from_hand: the same count of moves, the same choice)
                if stack:
                    mask = on_top[stack[-1] >> 2]
                    if mask is None:
                        mask = r.playable()
                else:
                    mask = on_empty
                opening = r.opening
                if opening is not None:
                    mask &= 1 << opening
                big = len(stack) >= BIG_STACK
                if stack and opening is None:
                    top, run, threes = r._run
                else:
                    top, run, threes = None, 0, 0
                best = best_score = None
                count = 0
                for rank in _RANKS_IN[(mask & held[p]) >> 2]:  # the playable ranks held, lowest first
                    if rank == JOKER_RANK and joker_targets:
                        best = False  # a joker naming its target: the whole offer decides
                        break
                    k = cnt[rank][p]
                    count += k
                    # play_score, written out: its call cost a bitenight playout 5 % more
                    # instructions (benchmarks/results/shedding-core.md)
                    s = table[rank]
                    if big and rank == 10:
                        s = burn_strength
                    if s < ten and ((rank == 3 and threes and threes + k >= 4) or (rank == top and run + k >= 4)):
                        score = COMPLETES_FOUR - k
                    else:
                        score = s * PER_STRENGTH - k
                    if best_score is None or score < best_score:
                        best, best_k, best_score = rank, k, score
                if best is None:
                    if stack:
                        count = 1
                        row = (p, "take", (), None, None)
                elif best is not False:
                    i = bisect_left(hand, best << 2)  # (sorted: a rank's cards lie together)
                    row = (p, "play", tuple(hand[i : i + best_k]), None, None)
                    if stack and voluntary:
                        count += 1  # the take, listed last, never the greedy choice while a play fits
            elif not r._draw:
                row, count = _from_bank_or_gamble(r, p, table, n_nat)
        if row is not None:
            if count > 1:
                q = epsilon if p == seat else others
                if r.twice and (win := stalemate_win(r, r.moves())) is not None:
                    row = win
                elif q and rand() < q:
                    if hand:  # the i-th of the mover's moves, without making them all
                        row = _nth_hand_move(r, p, choice(range(count)), mask)
                    else:  # (from the bank, count only tells one move from several)
                        rows = r.moves()
                        row = rows[choice(range(len(rows)))]
        else:
            rows = r.moves()
            if len(rows) == 1:
                row = rows[0]
            elif rows[-1][0] != p or rows[0][0] != p:
                row = rows[jump_in_index(r.n, rows, p)]
            elif r.twice and (win := stalemate_win(r, rows)) is not None:
                row = win
            elif (epsilon if p == seat else others) and rand() < (epsilon if p == seat else others):
                row = rows[choice(range(len(rows)))]
            else:
                row = greedy_row(r, rows, table, n_nat)
        if trace is not None:
            trace.append(row)
        r.play(row)
        played += 1
    return played


def _nth_hand_move(r, p, i, mask):
    """The i-th of :meth:`Round.moves` when they are only the mover's plays from its hand
    (``mask``: the ranks it may lay, the opening applied) and then the take."""
    cnt = r._cnt
    for rank in _RANKS_IN[(mask & r._held[p]) >> 2]:
        k = cnt[rank][p]
        if i < k:
            hand = r.hands[p]
            lo = bisect_left(hand, rank << 2)
            return (p, "play", tuple(hand[lo : lo + i + 1]), None, None)
        i -= k
    return (p, "take", (), None, None)


def _from_bank_or_gamble(r, p, table, n_nat):
    """The greedy choice of seat p playing from its bank or gamble, without making every move:
    ``(row, n)``, n the number of moves when below 2, else 2 or more (enough to tell one move
    from several), or (None, 0) to ask :meth:`Round.moves`.
    (From the bank the best play of a rank is all its cards: more cards score lower.)"""
    P = r.preset
    stack = r.stack
    bank = r.banks[p]
    if not bank and not P.columns:  # the gamble, one card at a time: the first slot is the greedy choice
        return (p, "flip", (), None, 0), len(r.gambles[p]) + (1 if stack and P.voluntary_take else 0)
    # (schwechat's empty bank columns go on below: no play, so their gamble cards, then the take)
    bank = sorted([c for c in bank if c is not None]) if P.columns else sorted(bank)
    mask = P.on_top[stack[-1] >> 2] if stack else P.on_empty
    if mask is None:  # (a see-through card on top)
        mask = playable_on(P, stack)
    opening = r.opening
    if opening is not None:
        mask &= 1 << opening
    big = len(stack) >= BIG_STACK
    top_run = r._run if stack and opening is None else None
    best = best_score = None
    rows = 0
    i, n = 0, len(bank)
    while i < n:
        rank = bank[i] >> 2
        j = i + 1
        while j < n and bank[j] >> 2 == rank:
            j += 1
        if mask >> rank & 1:
            if rank == JOKER_RANK and P.joker == "target":
                return None, 0
            rows += 1 if j - i == 1 else 2  # (two or more plays of a rank held twice or more)
            score = play_score(table, n_nat, rank, j - i, big, top_run)
            if best_score is None or score < best_score:
                best, best_score = (i, j), score
        i = j
    if best is None and P.bank_failure_lays:
        return None, 0
    row = None if best is None else (p, "play", tuple(bank[best[0] : best[1]]), None, None)
    if P.columns:
        cover = r.banks[p]
        for i, c in enumerate(r.gambles[p]):
            if c is not None and cover[i] is None:
                rows += 1
                if row is None:
                    row = (p, "flip", (), None, i)
    if stack and (P.voluntary_take or not rows):
        rows += 1
        if row is None:
            row = (p, "take", (), None, None)
    return row, rows


def playout(game, rng, epsilon=0.0, max_moves=5000, *, seat=None, others=None):
    """Play ``game`` (a full game about to be thrown away) out as
    :func:`~scheissekopf.shedding.bots.greedy_playout` would: a setup on the game itself, the
    rest on its :class:`Round`. Returns ``(loser, points or None)``; a playout cut short after
    ``max_moves`` names the seat the stalemate rule would make the loser then, and no points."""
    played = 0
    if game.phase == "setup":
        table = strength_table(game.preset)
        put = game._unrecorded()
        while game.phase == "setup":
            if played >= max_moves:
                return game._stalemate_loser(), None
            moves = game.legal_moves()
            first = min(m.player for m in moves)
            m = greedy_setup(game, [m for m in moves if m.player == first], table)
            put((m.player, m.kind, m.cards, m.target, m.index))
            played += 1
    if game.phase == "over":
        r = Round.of(game)
    else:
        r = Round.of(game)
        if play_out(r, rng, epsilon, max_moves - played, seat=seat, others=others) is None:
            return r.stalemate_loser(), None
    return r.loser, (r.points() if r.preset.scoring == "points" else None)


def lean_playout(game, rng, epsilon=0.0, max_moves=5000, *, seat=None, others=None, trace=None):
    """:func:`play_out` from a game in play (the game itself is left as it was): ``(moves
    played or None, the loser)``, the loser of a playout cut short named by the stalemate rule."""
    r = Round.of(game)
    played = play_out(r, rng, epsilon, max_moves, seat=seat, others=others, trace=trace)
    return played, r.result_loser()
