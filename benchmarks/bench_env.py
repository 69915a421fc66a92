"""Speed of the game-AI environments beside the engine's: steps per second against moves per second.

For each variant and table size, three loops over the same deals, timed in CPU seconds:

* **engine**: ``legal_moves()`` and ``play()`` of a random legal move, as ``bench_engine.py``;
* **env**: the PettingZoo environment driven the usual way (``agent_iter``, ``last()`` with its
  observation and mask, ``step`` of a random legal action); a ``wait`` step counts as a step;
* **encoding**: the observation alone (``ObservationLayout.encode`` for the seat to move) at
  every position of a quarter of those games, collected first and then encoded in one loop.

Medians of ``--repeats`` runs, and the load average before and after (the runs are CPU time, but a
busy machine still slows them). The encoding must not cost more than the move itself: the column
``encode/move`` says how it stands, ``step/move`` what a whole step costs in moves.

    python benchmarks/bench_env.py                           # one table of each variant
    python benchmarks/bench_env.py --variant palace --players 2 --games 40 --repeats 5
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


import scheissekopf as sk  # noqa: E402
from scheissekopf.ai.encoding import ObservationLayout  # noqa: E402
from scheissekopf.ai.pettingzoo_env import env  # noqa: E402

TABLES = [("bitenight", 4), ("palace", 2), ("schwechat", 4), ("sheepshead", 5), ("schafkopf", 4), ("mehrkopf", 3)]


def engine(variant, players, games, seed):
    """Moves and CPU seconds of random play."""
    rng = random.Random(seed)
    moves = 0
    t0 = time.process_time()
    for k in range(games):
        g = sk.new_game(variant, players, seed=seed * 100_003 + k)
        legal, play, choice = g.legal_moves, g.play, rng.choice
        while g.phase != "over":
            play(choice(legal()))
            moves += 1
    return moves, time.process_time() - t0


def encoding(variant, players, games, seed, layout):
    """Encodings and CPU seconds: the seat to move's observation at every position of the
    same random games (collected first, then encoded in one timed loop)."""
    rng = random.Random(seed)
    positions = []
    for k in range(games):
        g = sk.new_game(variant, players, seed=seed * 100_003 + k)
        while g.phase != "over":
            positions.append((g.clone(), g.turn if g.turn is not None else 0))
            g.play(rng.choice(g.legal_moves()))
    encode = layout.encode
    t0 = time.process_time()
    for g, seat in positions:
        encode(g, seat)
    return len(positions), time.process_time() - t0


def environment(variant, players, games, seed):
    """Steps and CPU seconds of a random agent in the PettingZoo environment. The agent reads its
    legal actions from the mask as booleans (numpy finds the nonzero entries of a bool array
    about ten times faster than of the int8 mask itself) and picks one with ``random``, so that
    the loop times the environment rather than the agent."""
    e = env(variant, players)
    rng = random.Random(seed)
    steps = 0
    t0 = time.process_time()
    for k in range(games):
        e.reset(seed=seed * 100_003 + k)
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].view(bool).nonzero()[0]
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps, time.process_time() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=sk.ALL_VARIANTS, action="append")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    tables = [(v, args.players) for v in args.variant] if args.variant else TABLES
    load = os.getloadavg()
    print(
        f"{'variant':<10} {'players':>7} {'engine moves/s':>15} {'env steps/s':>12} {'µs/move':>8} "
        f"{'µs/step':>8} {'step/move':>9} {'µs/encode':>10} {'encode/move':>11}   (median of {args.repeats}, CPU time)"
    )
    for v, n in tables:
        layout = ObservationLayout(v, n)
        n = layout.players
        move_rate, step_rate, encode_us = [], [], []
        for r in range(args.repeats):
            moves, secs = engine(v, n, args.games, seed=r + 1)
            move_rate.append(moves / secs)
            steps, secs = environment(v, n, args.games, seed=r + 1)
            step_rate.append(steps / secs)
            count, secs = encoding(v, n, max(1, args.games // 4), r + 1, layout)
            encode_us.append(secs / count * 1e6)
        m, s, e = statistics.median(move_rate), statistics.median(step_rate), statistics.median(encode_us)
        print(
            f"{v:<10} {n:>7} {m:>15,.0f} {s:>12,.0f} {1e6 / m:>8.1f} {1e6 / s:>8.1f} {m / s:>9.2f} {e:>10.1f} "
            f"{e * m / 1e6:>11.2f}"
        )
    print(
        "µs/step: a whole environment step (observation, mask, the move and who acts next); "
        "step/move: a step's time over a move's; µs/encode: the observation alone; "
        "encode/move: the observation's time over the move's (1 or less: it costs no more than the move)"
    )
    end = os.getloadavg()
    print(
        f"load average (1, 5, 15 min): {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} before, {end[0]:.2f} {end[1]:.2f} {end[2]:.2f} after"
    )


if __name__ == "__main__":
    main()
