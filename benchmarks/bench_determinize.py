"""Speed of the trick games' determinization: one deal from a seat's view.

Every decision point of seeded random hands of schafkopf (4 players), sheepshead (5, knocking)
and mehrkopf (5) gives a view. Reported as medians over repeated passes: the time of
``variants.determinize(view, rng)`` (reading the view and dealing once) and of one more deal
from the same view (``TrickInfoSet.sample``, what the search does each iteration).

    python benchmarks/bench_determinize.py
    python benchmarks/bench_determinize.py --hands 10 --repeats 9
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
from scheissekopf.trick.determinize import TrickInfoSet  # noqa: E402

TABLES = (("schafkopf", 4, {}), ("sheepshead", 5, {"knocking": True}), ("mehrkopf", 5, {}))


def views(hands):
    out = []
    for variant, players, options in TABLES:
        for seed in range(hands):
            g = sk.new_game(variant, players, seed=seed, **options)
            rng = random.Random(seed)
            while g.phase != "over":
                out.append(g.view(g.turn))
                g.play(rng.choice(list(g.legal_moves())))
    return out


def per_call(fn, items):
    rng = random.Random(1)
    t = time.perf_counter()
    for x in items:
        fn(x, rng)
    return (time.perf_counter() - t) / len(items)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=6, help="hands per table")
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args(argv)
    vs = views(args.hands)
    infos = [TrickInfoSet(v) for v in vs]
    whole = [per_call(sk.variants.determinize, vs) for _ in range(args.repeats)]
    again = [per_call(lambda info, rng: info.sample(rng), infos) for _ in range(args.repeats)]
    print(
        f"{len(vs)} views: determinize {statistics.median(whole) * 1e6:.0f} µs per call, "
        f"another deal from the same view {statistics.median(again) * 1e6:.0f} µs "
        f"(medians of {args.repeats} passes)"
    )


if __name__ == "__main__":
    main()
