"""Speed of the trick-game search: hints in sheepshead, schafkopf and mehrkopf positions.

Positions are reached by greedy play (several seeds and depths, the auction included); at each
one where the seat to move has a real choice a hint with the given budget is asked. Reported as
medians: the hint's wall time and the determinized playouts it ran.

    python benchmarks/bench_trick_bots.py                       # schafkopf, 1-second hints
    python benchmarks/bench_trick_bots.py --variant sheepshead --budget 0.5 --positions 12
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scheissekopf as sk  # noqa: E402
from scheissekopf.hint import hint  # noqa: E402
from scheissekopf.trick.bots import greedy_move  # noqa: E402


def position(variant, players, seed, moves):
    g = sk.new_game(variant, players, seed=seed)
    k = 0
    while g.phase != "over" and (k < moves or len(g.legal_moves()) < 2):
        g.play(greedy_move(g, g.legal_moves()))
        k += 1
    return None if g.phase == "over" else g


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="schafkopf")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--positions", type=int, default=8)
    a = ap.parse_args(argv)
    rng = random.Random(1)
    walls, playouts = [], []
    seed = 0
    while len(walls) < a.positions:
        seed += 1
        g = position(a.variant, a.players, seed, rng.randrange(0, 20))
        if g is None:
            continue
        h = hint(g, g.turn, budget=a.budget, seed=seed)
        walls.append(h.seconds)
        playouts.append(h.playouts)
    print(
        f"{a.variant}: {len(walls)} positions, {a.budget:g} s hints: median {statistics.median(walls):.2f} s wall, "
        f"{statistics.median(playouts):.0f} playouts (range {min(playouts)}-{max(playouts)})"
    )


if __name__ == "__main__":
    main()
