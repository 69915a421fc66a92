"""Instructions per random move, for comparing engine versions on a noisy machine.

Plays N seeded random 4-player bitenight games (after three warm-up games) the way a bot drives
the engine and prints the number of moves. Run it under callgrind twice, with N games and with
none; the difference in instructions divided by the moves is the cost of a move, and it is the
same on every run whatever else the machine is doing:

    export PYTHONHASHSEED=0
    python -m compileall -q scheissekopf benchmarks  # (see below)
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/instructions.py 0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/instructions.py 6
    # (instructions of the second run - of the first) / moves printed by the second

With N = 6 that is 1,889 moves (3,145 before the setup rule of docs/RULES.md ended the longest
setups). After the warm-up the objects already alive are frozen
(``gc.freeze()``): the cyclic collector's full walks over everything the process imported grow
with the size of the package, not with the cost of a move, and would blur the comparison of two
versions that import different amounts of code.

A variant as a second argument measures that variant's random moves instead (4 players; e.g.
``python benchmarks/instructions.py 40 schafkopf``, 40 hands of 32 tricks' worth of moves).

Where ``PYTHONDONTWRITEBYTECODE`` is set, compile the bytecode first: otherwise each run compiles
what it imports. That cancels out within a pair of runs, except for a module edited since its
bytecode was written, or imported by the second run only: its compiling counts as moves.
"""

from __future__ import annotations

import gc
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
    gc.freeze()  # what is alive now (modules, tables) is not the moves' cost: keep the collector off it
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
