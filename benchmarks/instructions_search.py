"""Instructions per playout of the shedding search, for a noisy machine.

Reaches positions of seeded greedy games (every seventh decision of the player to move, from
its view), then, chosen by the first argument:

* ``none``: nothing more (the baseline: imports, the games, the views);
* ``search``: a search of a fixed number of playouts from each position (sequential halving at
  the root, greedy playouts, as :class:`scheissekopf.ismcts.ISMCTSBot` searches).

Run it under callgrind once per mode; the difference divided by the playouts printed is the cost
of one playout with its share of dealing and of the tree, the same on every run whatever else the
machine does. How many playouts a time budget buys is the CPU's speed divided by this:

    export PYTHONHASHSEED=0
    python -m compileall -q scheissekopf benchmarks  # (see below)
    for mode in none search; do
      valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/instructions_search.py $mode palace 2
    done

``--contract NAME`` measures the trick search instead, in positions of one contract of
sheepshead, schafkopf or mehrkopf (the contracts of ``bench_trick_bots.py --contracts``, ``--deals``
positions of it), from the view of the seat to move:

    for mode in none search; do
      valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/instructions_search.py $mode --contract "schafkopf wenz, wedding outbid"
    done

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
from scheissekopf.shedding.search import Searcher  # noqa: E402
from scheissekopf.trick.search import TrickSearcher  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_trick_bots import NAMES, contract_positions  # noqa: E402


def positions(variant: str, players: int, deals: int) -> list:
    """(view, legal moves of the seat) at every seventh play-phase decision of greedy games."""
    out = []
    bot = GreedyBot()
    for seed in range(deals):
        g = sk.new_game(variant, players, seed=seed)
        rng = random.Random(seed)
        k = 0
        while g.phase != "over":
            legal = g.legal_moves()
            seat = min(m.player for m in legal) if g.phase == "setup" else g.turn
            mine = [m for m in legal if m.player == seat]
            if g.phase == "play" and k % 7 == 0 and len(mine) > 1:
                out.append((g.view(seat), mine))
            g.play(bot.choose(g.view(seat), mine, rng))
            k += 1
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("none", "search"))
    ap.add_argument("variant", nargs="?", default="palace", choices=("bitenight", "palace", "schwechat"))
    ap.add_argument("players", nargs="?", type=int, default=2)
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--playouts", type=int, default=100, help="per position")
    ap.add_argument("--contract", choices=NAMES, help="the trick search in this contract's positions")
    args = ap.parse_args(argv)
    if args.contract:
        found = [
            (g.view(g.turn), [m for m in g.legal_moves() if m.player == g.turn])
            for g in contract_positions(args.contract, args.deals)
        ]
        searcher = TrickSearcher
    else:
        found = positions(args.variant, args.players, args.deals)
        searcher = Searcher
    if args.mode == "none":
        print(f"{len(found)} positions")
        return
    rng = random.Random(1)
    done = 0
    for view, mine in found:
        s = searcher(view, mine)
        s.run(rng, iterations=args.playouts)
        done += s.iterations
    print(f"{len(found)} positions, {done} playouts")


if __name__ == "__main__":
    main()
