"""Play one tournament game's deal again and again, the search at a fixed number of playouts.

A tournament log keeps who lost each game, not its moves, and a game played with a time budget
cannot be played again move for move: how many playouts fit in the budget depends on the
machine, the search draws on the random generator the other bots draw on too, so one playout
more changes every later random move. This plays game ``k`` of a 2-player shedding tournament
(the same deal and seats as :func:`scheissekopf.tournament.play_game`) with the search at
``--iterations`` playouts per decision, once per random stream ``replay:<i>``, and reports each
replay: moves, who lost, whether by stalemate, and the search's **exposures**: moves of the
search after which the other seat had an answer that ends the round by a stalemate the search
loses, at once or through moves of the search's that are all forced into it.

    python benchmarks/replay_deal.py --variant palace --bots ismcts,random --seed 1 --game 53 \\
        --iterations 390 --replays 0:20 --log replays.jsonl
    python benchmarks/replay_deal.py --game 0:200 --replays tournament --iterations 390 --log games.jsonl
    python benchmarks/replay_deal.py --summarize replays.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from scheissekopf.bots import get
from scheissekopf.tournament import game_seed
from scheissekopf.variants import new_game


def _lost_by_stalemate(g, seat):
    return g.phase == "over" and g.stalemate and g.loser == seat


def exposed(g, seat):
    """The other seat's answers (in full game ``g``, the search's move just played) after which
    ``seat`` loses by a stalemate: at once, or whatever ``seat`` then plays."""
    bad = []
    for m in [m for m in g.legal_moves() if m.player != seat]:
        g.play(m)
        doomed = _lost_by_stalemate(g, seat)
        if not doomed and g.phase == "play" and g.turn == seat:
            mine = [x for x in g.legal_moves() if x.player == seat]
            doomed = bool(mine)
            for x in mine:
                g.play(x)
                doomed = _lost_by_stalemate(g, seat)
                g.undo()
                if not doomed:
                    break
        g.undo()
        if doomed:
            bad.append(str(m))
    return bad


def _next_move(g, players, rng):
    """(seat, move) as :func:`scheissekopf.bots.play_round` asks the bots: in setup the lowest
    seat not ready; in play a jump-in chance first to the other seats in turn order."""
    by_seat = {}
    for m in g.legal_moves():
        by_seat.setdefault(m.player, []).append(m)
    if g.phase == "setup":
        seat = min(by_seat)
        return seat, players[seat].choose(g.view(seat), by_seat[seat], rng)
    turn = g.turn
    for seat in sorted(by_seat, key=lambda s: (s - turn) % g.n):
        if seat != turn:
            move = players[seat].choose(g.view(seat), by_seat[seat], rng)
            if move is not None:
                return seat, move
    return turn, players[turn].choose(g.view(turn), by_seat[turn], rng)


def replay(variant, bots, seed, k, iterations, stream):
    """Game ``k``'s deal and seats, the bots named in ``bots`` (the search first), the search at
    ``iterations`` playouts; ``stream`` names the random generator the bots share."""
    n = len(bots)
    deal, rot = divmod(k, n)
    at_seat = [(s - rot) % n for s in range(n)]  # seat -> lineup index, as the tournament seats them
    g = new_game(variant, n, seed=game_seed(seed, deal))
    players = [get(bots[i], iterations=iterations) if bots[i] == "ismcts" else get(bots[i]) for i in at_seat]
    me = at_seat.index(0)
    rng = random.Random(stream)
    exposures = []
    while g.phase != "over":
        seat, move = _next_move(g, players, rng)
        g.play(move)
        if seat == me and g.phase == "play" and g.turn != me:
            bad = exposed(g, me)
            if bad:
                g.undo()
                safe = []  # the search's other moves, not exposed
                for m in [m for m in g.legal_moves() if m.player == me and str(m) != str(move)]:
                    g.play(m)
                    if not _lost_by_stalemate(g, me) and (g.phase != "play" or g.turn == me or not exposed(g, me)):
                        safe.append(str(m))
                    g.undo()
                g.play(move)
                exposures.append({"move": len(g.history), "played": str(move), "answers": bad, "safe": safe})
    return {
        "stream": stream,
        "search_seat": me,
        "moves": len(g.history),
        "search_lost": g.loser == me,
        "stalemate": g.stalemate,
        "exposures": exposures,
        "history": [str(m) for m in g.history] if g.loser == me else None,
    }


def summarize(path):
    lines = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    head, games = lines[0], lines[1:]
    lost = [r for r in games if r["search_lost"]]
    exp = [e for r in games for e in r["exposures"]]
    print(json.dumps(head))
    print(
        f"{len(games)} replays: {sum(r['stalemate'] for r in games)} ended by stalemate, "
        f"the search lost {len(lost)} ({sum(r['stalemate'] for r in lost)} by stalemate); "
        f"{sum(bool(r['exposures']) for r in games)} replays with an exposure "
        f"({len(exp)} exposures, {sum(bool(e['safe']) for e in exp)} of them avoidable)"
    )
    for r in games:
        if r["search_lost"] or r["exposures"]:
            print(
                r.get("k", head["replays"]["game"]),
                r["stream"],
                "lost" if r["search_lost"] else "won",
                "stalemate" if r["stalemate"] else "",
                r["exposures"],
            )


def _span(text):
    """``"53"`` -> [53]; ``"0:20"`` -> 0 .. 19."""
    if ":" in text:
        a, b = (int(x) for x in text.split(":"))
        return list(range(a, b))
    return [int(text)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="palace")
    ap.add_argument("--bots", default="ismcts,random", help="the search first, then the other seat's bot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="53", help="the game's k in the tournament, or FROM:TO for several")
    ap.add_argument("--iterations", type=int, default=390)
    ap.add_argument(
        "--replays",
        default="0:10",
        help="the random streams to use, FROM:TO; 'tournament': once, on the tournament's own stream",
    )
    ap.add_argument("--log", help="append one JSON line per replay (a first line with the settings)")
    ap.add_argument("--summarize", metavar="FILE")
    args = ap.parse_args(argv)
    if args.summarize:
        summarize(args.summarize)
        return 0
    bots = args.bots.split(",")
    if len(bots) != 2 or bots[0] != "ismcts":
        ap.error("name two bots, the search first: --bots ismcts,random")
    ks = _span(args.game)
    if args.replays == "tournament":
        streams = {k: [f"scheissekopf-tournament:{args.seed}:{k}"] for k in ks}
    else:
        streams = {k: [f"replay:{i}" for i in _span(args.replays)] for k in ks}
    settings = {k: getattr(args, k) for k in ("variant", "bots", "seed", "game", "iterations")}
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    if log and log.tell() == 0:
        log.write(json.dumps({"replays": settings}) + "\n")
    for k in ks:
        for stream in streams[k]:
            t0 = time.process_time()
            r = replay(args.variant, bots, args.seed, k, args.iterations, stream)
            r["k"] = k
            r["seconds"] = round(time.process_time() - t0, 2)
            if log:
                log.write(json.dumps(r) + "\n")
                log.flush()
            print(k, stream, r["moves"], "lost" if r["search_lost"] else "won", r["stalemate"], len(r["exposures"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
