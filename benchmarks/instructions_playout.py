"""Instructions per playout move on the rules core, for a noisy machine.

Reaches positions of seeded greedy rounds (every seventh decision of six rounds), copies each into
a :class:`~scheissekopf.shedding.core.Round` and plays N playouts from each with the greedy
habits (5 % random moves; :func:`scheissekopf.shedding.playout.play_out`), then prints the moves
played. Run it under callgrind with N and with 0; the difference divided by the moves is the cost
of a playout move (its share of copying the round and seeding the random numbers included):

    export PYTHONHASHSEED=0
    python -m compileall -q scheissekopf benchmarks  # (see below)
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/instructions_playout.py 0 bitenight 4
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/instructions_playout.py 10 bitenight 4

``--copy`` measures copying a game into a round instead (``Round.of``, N times per position;
divide by N times the positions printed).

Where ``PYTHONDONTWRITEBYTECODE`` is set, compile the bytecode first: otherwise each run compiles
what it imports. That cancels out within a pair of runs, except for a module edited since its
bytecode was written, or imported by the second run only: its compiling counts as moves.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scheissekopf as sk  # noqa: E402
from scheissekopf.bots import GreedyBot  # noqa: E402
from scheissekopf.shedding.core import Round  # noqa: E402
from scheissekopf.shedding.playout import play_out  # noqa: E402


def positions(variant: str, players: int, deals: int = 6) -> list:
    """Every seventh position in play of seeded rounds between greedy players."""
    out = []
    bot = GreedyBot()
    for seed in range(deals):
        g = sk.new_game(variant, players, seed=seed)
        rng = random.Random(seed)
        k = 0
        while g.phase != "over":
            legal = g.legal_moves()
            seat = min(m.player for m in legal) if g.phase == "setup" else g.turn
            if g.phase == "play" and k % 7 == 0:
                out.append(g.clone())
            g.play(bot.choose(g.view(seat), [m for m in legal if m.player == seat], rng))
            k += 1
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("playouts", type=int, help="per position (0: the baseline)")
    ap.add_argument("variant", nargs="?", default="bitenight", choices=sk.VARIANTS)
    ap.add_argument("players", nargs="?", type=int, default=4)
    ap.add_argument("--copy", action="store_true", help="copy each game into a round instead")
    args = ap.parse_args(argv)
    games = positions(args.variant, args.players)
    if args.copy:
        for _ in range(args.playouts):
            for g in games:
                Round.of(g)
        print(f"{len(games)} positions")
        return
    rounds = [Round.of(g) for g in games]
    moves = 0
    for i, r in enumerate(rounds):
        for j in range(args.playouts):
            moves += play_out(r.copy(), random.Random(i * 100 + j), 0.05) or 0
    print(f"{len(rounds)} positions, {moves} moves")


if __name__ == "__main__":
    main()
