"""Speed of the bots: hints, determinized playouts, the greedy playout policy.

For each preset, mid-game positions are reached by greedy play (a few seeds and depths); at each
one a hint with the given budget is asked for the player to move. Reported as medians (the
machines are noisy): the hint's wall time, the playouts it ran, playouts per wall second and
per CPU second. Also the greedy playout policy's speed from the deal (moves/s, CPU time) and the
cost of one determinization.

    python benchmarks/bench_bots.py                  # every preset, 1-second hints
    python benchmarks/bench_bots.py --variant palace --budget 0.5 --positions 12
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
from scheissekopf.bots import GreedyBot, greedy_move, greedy_playout  # noqa: E402
from scheissekopf.hint import hint  # noqa: E402
from scheissekopf.ismcts import move_key  # noqa: E402
from scheissekopf.shedding.determinize import InfoSet  # noqa: E402


def midgame(variant, players, seed, moves):
    """A position after `moves` greedy moves where the player to move has a real choice."""
    g = sk.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    bot = GreedyBot()
    k = 0
    while not g.over and (k < moves or len({move_key(m) for m in g.legal_moves() if m.player == g.turn}) < 2):
        legal = g.legal_moves()
        seat = min(m.player for m in legal) if g.phase == "setup" else g.turn
        mine = [m for m in legal if m.player == seat]
        g.play(bot.choose(g.view(seat), mine, rng) if g.phase == "setup" else greedy_move(g, mine))
        k += 1
    return None if g.over else g


def positions(variant, players, count):
    out = []
    seed = 0
    while len(out) < count and seed < 10 * count:
        g = midgame(variant, players, seed=seed, moves=15 + 10 * (seed % 4))
        if g is not None:
            out.append(g)
        seed += 1
    return out


def bench_hints(variant, players, budget, count):
    walls, cpus, playouts = [], [], []
    for i, g in enumerate(positions(variant, players, count)):
        c0, w0 = time.process_time(), time.perf_counter()
        h = hint(g, g.turn, budget=budget, seed=i)
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
        playouts.append(h.playouts)
    return {
        "wall_median": statistics.median(walls),
        "wall_max": max(walls),
        "playouts_median": statistics.median(playouts),
        "per_wall_s": statistics.median(p / w for p, w in zip(playouts, walls)),
        "per_cpu_s": statistics.median(p / c for p, c in zip(playouts, cpus) if c > 0),
        "positions": len(walls),
    }


def bench_playouts(variant, players, games):
    rates = []
    for r in range(3):
        moves = 0
        t0 = time.process_time()
        for k in range(games):
            g = sk.new_game(variant, players, seed=1000 * r + k)
            moves += greedy_playout(g, random.Random(k), epsilon=0.1)
        secs = time.process_time() - t0
        rates.append((moves / secs, games / secs))
    return statistics.median(x for x, _ in rates), statistics.median(y for _, y in rates)


def bench_sample(variant, players):
    g = positions(variant, players, 1)[0]
    info = InfoSet(g.view(g.turn))
    rng = random.Random(1)
    n = 2000
    t0 = time.process_time()
    for _ in range(n):
        info.sample(rng)
    return (time.process_time() - t0) / n * 1e6


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=sk.VARIANTS, action="append")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per hint")
    ap.add_argument("--positions", type=int, default=8, help="mid-game positions per preset")
    ap.add_argument("--games", type=int, default=100, help="greedy playouts per repeat")
    args = ap.parse_args(argv)
    for v in args.variant or list(sk.VARIANTS):
        h = bench_hints(v, args.players, args.budget, args.positions)
        mps, gps = bench_playouts(v, args.players, args.games)
        us = bench_sample(v, args.players)
        print(f"{v} ({args.players} players)")
        print(
            f"  hint({args.budget:g} s) over {h['positions']} mid-game positions: wall median "
            f"{h['wall_median']:.3f} s (max {h['wall_max']:.3f} s), playouts median {h['playouts_median']:.0f}, "
            f"{h['per_wall_s']:,.0f} playouts per wall s, {h['per_cpu_s']:,.0f} per CPU s"
        )
        print(f"  greedy playout policy from the deal: {mps:,.0f} moves/s, {gps:,.0f} rounds/s (CPU)")
        print(f"  one determinization: {us:.0f} us (CPU)")


if __name__ == "__main__":
    main()
