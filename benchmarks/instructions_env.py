"""Instructions per observation beside instructions per move, for a noisy machine.

Plays N seeded random games of a variant (after a warm-up game), keeps every position with the
seat that moved, and then does one of three things, chosen by the first argument:

* ``none``: nothing more (the baseline: imports, the games, the copies of the positions);
* ``engine``: plays the same moves again on the same deals (``legal_moves()`` and ``play()``);
* ``encode``: the observation (``ObservationLayout.encode``) of the seat that moved, at each
  position in the order of the games (as an environment asks for them);
* ``env``: a random agent through the PettingZoo environment, as ``bench_env.py`` drives it
  (``agent_iter``, ``last()`` with the observation and the mask, ``step``), N deals;
* ``spiel``: a random agent through the OpenSpiel game (``legal_actions()``, ``apply_action``),
  N deals.

For ``env`` and ``spiel`` the baseline is the same mode with N = 0 (imports and the warm-up):
the difference over the steps printed is the cost of one step of the adapter.

Run it under callgrind once per mode; the difference to ``none`` divided by the count printed is
the cost of one move or one observation, the same on every run whatever else the machine does:

    export PYTHONHASHSEED=0
    python -m compileall -q scheissekopf benchmarks  # (see below)
    for mode in none engine encode; do
      valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/instructions_env.py $mode bitenight 4
    done

Where ``PYTHONDONTWRITEBYTECODE`` is set, compile the bytecode first: otherwise each run compiles
what it imports. That cancels out within a pair of runs, except for a module edited since its
bytecode was written, or imported by the second run only: its compiling counts as moves.
"""

from __future__ import annotations

import gc
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # (numpy's idle threads would count too)
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scheissekopf as sk  # noqa: E402
from scheissekopf.ai.encoding import ObservationLayout  # noqa: E402

PLAYERS = {"bitenight": 4, "palace": 2, "schwechat": 4, "sheepshead": 5, "schafkopf": 4, "mehrkopf": 3}


def games(variant: str, players: int, seeds: range) -> list[tuple[int, list[int], list[tuple]]]:
    """Random games: (deal, place of each move among the legal moves, (position, seat) before each)."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        g = sk.new_game(variant, players, seed=seed)
        places, positions = [], []
        while g.phase != "over":
            legal = g.legal_moves()
            i = rng.randrange(len(legal))
            move = legal[i]
            positions.append((g.clone(), move.player))
            g.play(move)
            places.append(i)
        out.append((seed, places, positions))
    return out


def engine(variant: str, players: int, played: list) -> int:
    for deal, places, _ in played:
        g = sk.new_game(variant, players, seed=deal)
        legal, play = g.legal_moves, g.play
        for i in places:
            play(legal()[i])
    return sum(len(p) for _, p, _ in played)


def encode(layout: ObservationLayout, played: list) -> int:
    enc = layout.encode
    count = 0
    for _, _, positions in played:
        for g, seat in positions:
            enc(g, seat)
        count += len(positions)
    return count


def env_steps(variant: str, players: int, deals: range) -> int:
    from scheissekopf.ai.pettingzoo_env import env

    e = env(variant, players)
    rng = random.Random(1)
    steps = 0
    for deal in deals:
        e.reset(seed=deal)
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].view(bool).nonzero()[0]
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps


def spiel_steps(variant: str, players: int, deals: range) -> int:
    import pyspiel

    from scheissekopf.ai import openspiel_game

    game = pyspiel.load_game(f"{openspiel_game.short_name(variant)}(players={players})")
    rng = random.Random(1)
    steps = 0
    for deal in deals:
        state = game.new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps


def main(mode: str, variant: str = "bitenight", n: int = 4) -> int:
    players = PLAYERS[variant]
    if mode in ("env", "spiel"):
        steps = env_steps if mode == "env" else spiel_steps
        steps(variant, players, range(900, 902))  # imports, caches, the interpreter's specialising
        gc.freeze()
        return steps(variant, players, range(n))
    layout = ObservationLayout(variant, players)
    warm = games(variant, players, range(1000, 1002))  # imports, caches, the interpreter's specialising
    engine(variant, players, warm)
    encode(layout, warm)
    played = games(variant, players, range(n))
    layout = ObservationLayout(variant, players)  # (nothing kept from the warm-up)
    gc.freeze()
    if mode == "engine":
        return engine(variant, players, played)
    if mode == "encode":
        return encode(layout, played)
    return sum(len(p) for _, p, _ in played)


if __name__ == "__main__":
    print(
        main(
            sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "bitenight", int(sys.argv[3]) if len(sys.argv) > 3 else 4
        )
    )
