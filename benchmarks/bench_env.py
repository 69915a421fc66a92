"""Speed of the game-AI environments beside the engine's: steps per second against moves per second.

For each variant and table size, timed in CPU seconds:

* **env**: the PettingZoo environment driven the usual way by a random agent (``agent_iter``,
  ``last()`` with its observation and mask, ``step`` of a random legal action); a ``wait`` step
  (letting a jump-in chance pass) counts as a step;
* **engine**: the bare engine playing the very same moves on the same deals (``legal_moves()``
  and ``play()`` of the move at the place the environment's game took), so that both loops go
  through the same positions: a random agent choosing among one seat's actions plays other
  games than a random choice among all legal moves, with other hand sizes and other costs;
* **spiel**: the OpenSpiel game driven by a random agent the way OpenSpiel's random simulation
  drives it (``legal_actions()`` and ``apply_action`` of a random one, through ``pyspiel``; no
  observation is asked for), on deals ``seed * 100 + k``;
* **encoding**: the observation alone (``ObservationLayout.encode`` for the seat that moved) at
  every position of a quarter of those games, collected first and then encoded in one loop.

``env/engine`` is the environment's time over the engine's for the same games (what a step of
the environment costs in moves, waits included); ``encode/move`` the observation's time over the
move's. The encoding must not cost more than the move itself. Medians of ``--repeats`` runs, and
the load average before and after (CPU time, but a busy machine still slows the runs).

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


def environment(variant, players, games, seed):
    """Steps and CPU seconds of a random agent in the PettingZoo environment, and the games it
    played as (deal, moves). The agent reads its legal actions from the mask as booleans (numpy
    finds the nonzero entries of a bool array about ten times faster than of the int8 mask
    itself) and picks one with ``random``, so that the loop times the environment rather than
    the agent."""
    e = env(variant, players)
    rng = random.Random(seed)
    steps = 0
    played = []
    t0 = time.process_time()
    for k in range(games):
        e.reset(seed=seed * 100_003 + k)
        game = e.game
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].view(bool).nonzero()[0]
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        played.append((game.seed, game.history))
    return steps, time.process_time() - t0, played


def openspiel(variant, players, games, seed):
    """Steps and CPU seconds of a random agent in the OpenSpiel game (the deal is the chance move)."""
    import pyspiel

    from scheissekopf.ai import openspiel_game

    game = pyspiel.load_game(f"{openspiel_game.short_name(variant)}(players={players})")
    rng = random.Random(seed)
    steps = 0
    t0 = time.process_time()
    for k in range(games):
        state = game.new_initial_state()
        state.apply_action((seed * 100 + k) % openspiel_game.DEALS)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.process_time() - t0


def replays(variant, players, played):
    """The engine's part of those games: for each move, its place among the legal moves (found
    before the timing), and the positions before each move with the seat that moved."""
    out = []
    for deal, history in played:
        g = sk.new_game(variant, players, seed=deal)
        places, positions = [], []
        for move in history:
            legal = g.legal_moves()
            i = legal.index(move)
            positions.append((g.clone(), move.player))
            g.play(legal[i])
            places.append(i)
        out.append((deal, places, positions))
    return out


def engine(variant, players, replayed):
    """Moves and CPU seconds of the bare engine playing the environment's moves again."""
    moves = 0
    t0 = time.process_time()
    for deal, places, _ in replayed:
        g = sk.new_game(variant, players, seed=deal)
        legal, play = g.legal_moves, g.play
        for i in places:
            play(legal()[i])
        moves += len(places)
    return moves, time.process_time() - t0


def encoding(layout, replayed):
    """Encodings and CPU seconds: the observation of the seat that moved, at every position of a
    quarter of the games (collected first, then encoded in one timed loop)."""
    positions = [p for _, _, ps in replayed[: max(1, len(replayed) // 4)] for p in ps]
    encode = layout.encode
    t0 = time.process_time()
    for g, seat in positions:
        encode(g, seat)
    return len(positions), time.process_time() - t0


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
        f"{'variant':<10} {'players':>7} {'engine moves/s':>15} {'env steps/s':>12} {'spiel steps/s':>13} "
        f"{'µs/move':>8} {'µs/step':>8} {'env/engine':>10} {'µs/encode':>10} {'encode/move':>11}   "
        f"(median of {args.repeats}, CPU time)"
    )
    for v, n in tables:
        layout = ObservationLayout(v, n)
        n = layout.players
        move_rate, step_rate, spiel_rate, ratio, encode_us = [], [], [], [], []
        for r in range(args.repeats):
            steps, env_secs, played = environment(v, n, args.games, seed=r + 1)
            step_rate.append(steps / env_secs)
            spiel_steps, spiel_secs = openspiel(v, n, args.games, seed=r + 1)
            spiel_rate.append(spiel_steps / spiel_secs)
            replayed = replays(v, n, played)
            moves, secs = engine(v, n, replayed)
            move_rate.append(moves / secs)
            ratio.append(env_secs / secs)
            count, secs = encoding(layout, replayed)
            encode_us.append(secs / count * 1e6)
        m, s, e = statistics.median(move_rate), statistics.median(step_rate), statistics.median(encode_us)
        print(
            f"{v:<10} {n:>7} {m:>15,.0f} {s:>12,.0f} {statistics.median(spiel_rate):>13,.0f} {1e6 / m:>8.1f} {1e6 / s:>8.1f} "
            f"{statistics.median(ratio):>10.2f} {e:>10.1f} {e * m / 1e6:>11.2f}"
        )
    print(
        "engine: the same moves on the same deals, without the environment; spiel: random steps "
        "through OpenSpiel (no observation); µs/step: a whole environment step (observation, mask, the move and who acts next); env/engine: the "
        "environment's time over the engine's for the same games; µs/encode: the observation alone; "
        "encode/move: the observation's time over the move's (1 or less: it costs no more than the move)"
    )
    end = os.getloadavg()
    print(
        f"load average (1, 5, 15 min): {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} before, {end[0]:.2f} {end[1]:.2f} {end[2]:.2f} after"
    )


if __name__ == "__main__":
    main()
