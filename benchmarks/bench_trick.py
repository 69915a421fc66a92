"""Random-play speed of the trick-taking engine (sheepshead, schafkopf, mehrkopf).

Each hand is dealt with ``new_game`` and driven the way a bot drives it: ask ``legal_moves()``,
``play()`` one of them. The auction (or the pick) is settled by a fixed, cheap rule so that every
hand is played out to its last trick (the seat at the dealer's left plays the lowest game it
may, everybody else passes); the card play is uniformly random. Two numbers are reported, both
CPU time (``time.process_time``), median of the repeats:

* per trick: the card play only (``legal_moves`` + ``play`` for every card), divided by tricks;
* per hand: everything from ``new_game`` to the last trick, deal and auction included.

    python benchmarks/bench_trick.py
    python benchmarks/bench_trick.py --variant schafkopf --players 4 --hands 500 --repeats 7
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scheissekopf as sk  # noqa: E402

TABLES = [("schafkopf", 4), ("sheepshead", 5), ("mehrkopf", 2), ("mehrkopf", 3), ("mehrkopf", 5), ("mehrkopf", 6)]
_RANK = {"pick": 0, "call": 0, "trump": 0, "bury": 0, "solo": 1, "under": 1, "alone": 2, "pass": 8}
_BID_RANK = {"normal": 0, "solo": 1}


def _rank(m):
    if m.kind == "bid":
        return _BID_RANK.get(m.target, 9)
    return _RANK.get(m.kind, 9)


def settle_contract(g):
    """Play the moves before the first card: the seat at the dealer's left takes the cheapest
    game it may (picks, bids normal, else solo); everybody else passes."""
    first = g.turn
    while g.phase != "play" and g.phase != "over":
        moves = list(g.legal_moves())
        if g.phase in ("auction", "pick") and g.turn != first:
            chosen = next(m for m in moves if m.kind == "pass")
        else:
            chosen = min(moves, key=_rank)
        g.play(chosen)


def run(variant, players, hands, seed):
    rng = random.Random(seed)
    choice = rng.choice
    play_time = 0.0
    tricks = 0
    t_all = time.process_time()
    for k in range(hands):
        g = sk.new_game(variant, players, seed=seed * 100_003 + k)
        settle_contract(g)
        legal, play = g.legal_moves, g.play
        t0 = time.process_time()
        while g.phase != "over":
            play(choice(legal()))
        play_time += time.process_time() - t0
        tricks += len(g.tricks)
    total = time.process_time() - t_all
    return play_time / max(tricks, 1), total / hands, tricks / hands


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=("sheepshead", "schafkopf", "mehrkopf"))
    ap.add_argument("--players", type=int)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args(argv)
    tables = [
        (v, n)
        for v, n in TABLES
        if (args.variant is None or v == args.variant) and (args.players is None or n == args.players)
    ]
    if not tables and args.variant and args.players:
        tables = [(args.variant, args.players)]
    print(
        f"{'variant':<11} {'players':>7} {'us/trick':>9} {'us/hand':>9} {'tricks/hand':>11}   "
        f"(CPU time, median of {args.repeats} x {args.hands} hands)"
    )
    for v, n in tables:
        per_trick, per_hand, tph = [], [], []
        for r in range(args.repeats):
            a, b, c = run(v, n, args.hands, seed=r + 1)
            per_trick.append(a)
            per_hand.append(b)
            tph.append(c)
        print(
            f"{v:<11} {n:>7} {statistics.median(per_trick) * 1e6:>9.1f} "
            f"{statistics.median(per_hand) * 1e6:>9.1f} {statistics.median(tph):>11.1f}"
        )


if __name__ == "__main__":
    main()
