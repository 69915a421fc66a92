"""Instructions per random move, for comparing engine versions on a noisy machine.

Plays N seeded random 4-player bitenight games (after three warm-up games) the way a bot drives
the engine and prints the number of moves. Run it under callgrind twice, with N games and with
none; the difference in instructions divided by the moves is the cost of a move, and it is the
same on every run whatever else the machine is doing:

    export PYTHONHASHSEED=0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/instructions.py 0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/instructions.py 6
    # (instructions of the second run - of the first) / moves printed by the second

With N = 6 that is 3,145 moves.

A variant as a second argument measures that variant's random moves instead (4 players; e.g.
``python benchmarks/instructions.py 40 schafkopf``, 40 hands of 32 tricks' worth of moves).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scheissekopf as sk  # noqa: E402


def main(games: int, variant: str = "bitenight") -> int:
    warm = random.Random(7)
    for k in range(3):  # imports, caches and the interpreter's specialising
        g = sk.new_game(variant, 4, seed=1000 + k)
        while g.phase != "over":
            g.play(warm.choice(g.legal_moves()))
    rng = random.Random(1)
    moves = 0
    for k in range(games):
        g = sk.new_game(variant, 4, seed=k)
        legal, play, choice = g.legal_moves, g.play, rng.choice
        while g.phase != "over":
            play(choice(legal()))
            moves += 1
    return moves


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 6, *sys.argv[2:3]))
