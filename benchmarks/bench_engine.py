"""Random-play speed of the shedding engine.

Each game is dealt with ``new_game`` and played to its end the way a bot drives it: ask
``legal_moves()``, ``play()`` one of them at random. Setup moves count as moves. For every preset
and table size the run is repeated and the median is reported (the machines are noisy).

    python benchmarks/bench_engine.py            # all presets at 2/4/6 players
    python benchmarks/bench_engine.py --variant bitenight --players 4 --games 300 --repeats 7
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reference_playout import rate as reference_rate  # noqa: E402

import scheissekopf as sk  # noqa: E402


def run(variant, players, games, seed):
    rng = random.Random(seed)
    moves = 0
    t0 = time.process_time()  # CPU time of this process: robust to other load
    for k in range(games):
        g = sk.new_game(variant, players, seed=seed * 100_003 + k)
        legal, play, choice = g.legal_moves, g.play, rng.choice
        while g.phase != "over":
            play(choice(legal()))
            moves += 1
    return moves, time.process_time() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=sk.VARIANTS, action="append")
    ap.add_argument("--players", type=int, action="append")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args(argv)
    variants = args.variant or list(sk.VARIANTS)
    sizes = args.players or [2, 4, 6]
    print(
        f"{'variant':<10} {'players':>7} {'moves/s':>10} {'games/s':>8} {'moves/game':>10} "
        f"{'vs ref':>7}   (median of {args.repeats}, CPU time)"
    )
    for v in variants:
        for n in sizes:
            rates, grates, per_game, shares = [], [], [], []
            for r in range(args.repeats):
                # the yardstick is timed right before and after each run, so that each run's
                # share of it compares two figures taken under the same load
                ref_a = reference_rate(0.1)
                moves, secs = run(v, n, args.games, seed=r + 1)
                ref_b = reference_rate(0.1)
                rates.append(moves / secs)
                grates.append(args.games / secs)
                per_game.append(moves / args.games)
                shares.append(moves / secs / ((ref_a + ref_b) / 2))
            print(
                f"{v:<10} {n:>7} {statistics.median(rates):>10,.0f} {statistics.median(grates):>8,.0f} "
                f"{statistics.median(per_game):>10,.0f} {statistics.median(shares):>7.1%}"
            )
    print(
        "vs ref: each run's moves/s divided by the yardstick (benchmarks/reference_playout.py) "
        "timed just before and after it; a figure that other load on the machine distorts far less"
    )


if __name__ == "__main__":
    main()
