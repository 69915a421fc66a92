"""Python cost of one edit request at the card table in edit mode.

One request is what the front end sends when a card is moved: ``Table._on_msg`` checks it, the
draft applies it, the engine (``sk.from_dict``) validates the result, and the table builds the
data it syncs (palette, position, position text) and serializes it to JSON; sending it over the
kernel's channel is not counted.
Each timed request moves one card from a seat's hand to the stack and the next one moves it back,
so every request changes the draft and the draft stays a position. Wall-clock time
(``time.perf_counter``), median and 90th percentile over the requests.

    python benchmarks/bench_editor.py
    python benchmarks/bench_editor.py --requests 400
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scheissekopf.table import Table  # noqa: E402

TABLES = [("schwechat", 8), ("mehrkopf", 6), ("bitenight", 4)]


def table_for(variant: str, players: int) -> tuple[Table, list[dict]]:
    """A dealt draft and the two requests that move one card there and back."""
    t = Table.editor(variant, players=players)
    t.edit("deal", seed=1)
    if variant == "mehrkopf":  # a trick in progress: move its one card between it and the hand
        t.edit("set", field="contract", value={"mode": "solo", "declarer": 1, "suit": "E"})
        leader = t.position["turn"]
        card = t.position["players"][leader]["hand"][0]
        hand = {"zone": "hand", "seat": leader}
        t.edit("move", card=card, **{"from": {**hand, "index": 0}, "to": {"zone": "trick"}})
        moves = [
            {"op": "move", "card": card, "from": {"zone": "trick", "index": 0}, "to": hand},
            {"op": "move", "card": card, "from": {**hand, "index": None}, "to": {"zone": "trick"}},
        ]
    else:
        card = t.position["players"][0]["hand"][0]
        hand = {"zone": "hand", "seat": 0}
        moves = [
            {"op": "move", "card": card, "from": {**hand, "index": 0}, "to": {"zone": "stack"}},
            {"op": "move", "card": card, "from": {"zone": "stack", "index": None}, "to": hand},
        ]
    assert t.draft["valid"], t.draft["error"]
    return t, moves


def bench(variant: str, players: int, requests: int) -> dict:
    t, moves = table_for(variant, players)
    times = []
    for i in range(requests):
        msg = {"action": "edit", "version": t.version, **moves[i % 2]}
        start = time.perf_counter()
        t._on_msg(t, msg, [])
        json.dumps(t.draft)  # the data the browser is sent, serialized as the kernel does
        times.append(time.perf_counter() - start)
        assert t.message == "" and t.draft["valid"], (t.message, t.draft["error"])
    times.sort()
    return {
        "table": f"{variant}, {players} seats",
        "median_ms": statistics.median(times) * 1000,
        "p90_ms": times[int(len(times) * 0.9)] * 1000,
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=200)
    args = ap.parse_args(argv)
    print(f"{'table':<24} {'median':>9} {'90th pct':>9}")
    for variant, players in TABLES:
        r = bench(variant, players, args.requests)
        print(f"{r['table']:<24} {r['median_ms']:7.2f}ms {r['p90_ms']:7.2f}ms")


if __name__ == "__main__":
    main()
