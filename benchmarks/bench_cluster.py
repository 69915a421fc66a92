"""Games per minute: worker processes on this machine against a Ray cluster started on it.

    python benchmarks/bench_cluster.py [GAMES] [REPEATS]

Plays the same tournament (2-player palace, ismcts with 60 playouts per decision against
greedy, seed 1) with ``jobs=2`` on the process pool and on a local Ray cluster of two CPUs,
``REPEATS`` times each, and prints the median games per minute of each and their ratio. The
cluster's start-up is timed on its own (it is paid once per run of the command line). The
results are checked to be the same games. Needs Ray (``pip install "scheissekopf[ai]"``).
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from scheissekopf import tournament
from scheissekopf.cluster import connect

BOTS = ["ismcts", "greedy"]
OPTIONS = {"ismcts": {"iterations": 60}}


def _play(games, **where):
    got = []
    t0 = time.perf_counter()
    tournament.run("palace", BOTS, games, seed=1, options=OPTIONS, progress=False, on_game=got.append, **where)
    secs = time.perf_counter() - t0
    return secs, sorted(({k: v for k, v in r.items() if k != "seconds"} for r in got), key=lambda r: r["k"])


def main(games=24, repeats=3):
    print(f"{games} games of 2-player palace (ismcts 60 playouts vs greedy), median of {repeats}")
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    pool = [_play(games, jobs=2) for _ in range(repeats)]
    t0 = time.perf_counter()
    connect("auto", jobs=2)
    start = time.perf_counter() - t0
    ray = [_play(games, jobs=2, cluster="auto") for _ in range(repeats)]
    assert all(r[1] == pool[0][1] for r in pool + ray), "the cluster played other games"
    per_min = {
        name: statistics.median(games / s * 60 for s, _ in runs) for name, runs in (("pool", pool), ("ray", ray))
    }
    print(f"process pool (2 workers): {per_min['pool']:.1f} games/min")
    print(f"Ray, local cluster (2 CPUs): {per_min['ray']:.1f} games/min, ratio {per_min['ray'] / per_min['pool']:.2f}")
    print(f"Ray cluster start-up: {start:.1f} s")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
