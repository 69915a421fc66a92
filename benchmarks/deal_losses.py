"""How often each deal was lost, over several tournament logs of the same deals and seats.

Greedy plays the same move in the same position every time, so in a game of the search against
greedy only the search's own random choices (its deals and playouts, and with a time budget how
many playouts fit) change the outcome of a deal. Logs of the same tournament (same variant,
bots, seed) played several times therefore tell apart deals the search loses whatever it does
from deals it loses only now and then: the second are losses a steadier search would avoid.

    python benchmarks/deal_losses.py --bot ismcts benchmarks/results/ismcts02s_*vs_greedy_palace2.jsonl

prints, for j = 0 .. the number of logs, how many deals were lost by exactly j of them, and what
a search would lose that lost each deal exactly when most of the logs lost it.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scheissekopf import tournament  # noqa: E402


def deal_losses(paths: list[str], bot: str) -> tuple[int, dict[int, int]]:
    """(number of logs, game k -> how many of them ``bot`` lost). Every log must hold the same
    tournament (variant, bots, games, seed) and every one of its games."""
    first = None
    lost: Counter[int] = Counter()
    for path in paths:
        header, games = tournament.read_log(path)
        same = {key: header[key] for key in ("variant", "bots", "games", "seed")}
        if first is None:
            first = same
        elif same != first:
            raise SystemExit(f"{path} is another tournament ({same}) than the first log ({first})")
        if len(games) != header["games"]:
            raise SystemExit(f"{path} holds {len(games)} of its {header['games']} games: compare whole runs only")
        if bot not in header["bots"]:
            raise SystemExit(f"{path}: no bot {bot!r} among {header['bots']}")
        i = header["bots"].index(bot)
        for g in games:
            lost[g["k"]] += bool(g["lost"][i])
    assert first is not None
    return len(paths), {k: lost[k] for k in range(first["games"])}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", help="tournament logs (--log) of the same tournament, each complete")
    ap.add_argument("--bot", default="ismcts", help="whose losses to count (default ismcts)")
    args = ap.parse_args(argv)
    runs, lost = deal_losses(args.logs, args.bot)
    games = len(lost)
    by = Counter(lost.values())
    print(f"{runs} logs of {games} games; {sum(lost.values())} losses, {sum(lost.values()) / runs:.1f} per log")
    print("lost by j of the logs: " + ", ".join(f"{j}: {by.get(j, 0)} deals" for j in range(runs + 1)))
    steady = sum(1 for v in lost.values() if 2 * v > runs)
    print(f"lost by most of the logs: {steady} deals ({100 * steady / games:.1f} %)")


if __name__ == "__main__":
    main()
