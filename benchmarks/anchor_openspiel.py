"""A strength anchor: OpenSpiel's own ISMCTS bot against ours, at equal playouts per decision.

OpenSpiel's bot (``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with its random-rollout
evaluator, one rollout per playout) plays the game registered by ``scheissekopf.ai.openspiel_game``,
deals sampled by ``State.resample_from_infostate``; ours is ``bots.get("ismcts", iterations=N)``.
One seat is OpenSpiel's, rotating from game to game; the other seats are ours. Every game is
appended to the log as one JSON line when it ends, so a run cut short keeps what it played and
``--resume`` goes on from there.

    python benchmarks/anchor_openspiel.py --variant palace --players 2 --games 200 --playouts 20 \\
        --log benchmarks/results/anchor_openspiel_palace.jsonl
    python benchmarks/anchor_openspiel.py --summarize benchmarks/results/anchor_openspiel_palace.jsonl

A game counts as lost by a seat when it is the Scheißkopf (trick games: when its settlement is
negative). The summary gives each side's loss rate with its 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from scheissekopf import bots  # noqa: E402
from scheissekopf.ai import openspiel_game  # noqa: E402
from scheissekopf.tournament import wilson  # noqa: E402


def play(variant: str, players: int, deal: int, openspiel_seat: int, playouts: int, seed: int) -> dict:
    game = pyspiel.load_game(f"{openspiel_game.short_name(variant)}(players={players})")
    rs = np.random.RandomState(seed)
    theirs = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
        uct_c=2.0,
        max_simulations=playouts,
        random_state=rs,
    )
    # its deals of the unseen cards from rs as well (OpenSpiel's default sampler is seeded anew
    # on every run), so a game is a pure function of the seed
    theirs.set_resampler(lambda state, player: state.resample_from_infostate(player, rs.random_sample))
    ours = bots.get("ismcts", iterations=playouts)
    rng = random.Random(seed)
    state = game.new_initial_state()
    state.apply_action(deal)
    wait = state.round.actions.index[("wait",)] if not state.round.actions.trick else None
    times = {"openspiel": 0.0, "ours": 0.0}
    decisions = {"openspiel": 0, "ours": 0}
    while not state.is_terminal():
        seat = state.current_player()
        t0 = time.process_time()
        if seat == openspiel_seat:
            action = theirs.step(state)
            side = "openspiel"
        else:
            legal = state.round.legal_moves()
            moves = [m for m in legal.values() if m is not None]
            move = ours.choose(state.round.game.view(seat), moves, rng) if len(moves) > 1 else moves[0]
            action = wait if move is None else state.round.actions.action_of(move)
            side = "ours"
        times[side] += time.process_time() - t0
        decisions[side] += 1
        state.apply_action(action)
    returns = state.returns()
    return {
        "variant": variant,
        "players": players,
        "deal": deal,
        "openspiel_seat": openspiel_seat,
        "playouts": playouts,
        "returns": returns,
        "openspiel_lost": returns[openspiel_seat] < 0,
        "ours_lost": [returns[s] < 0 for s in range(players) if s != openspiel_seat],
        "cpu_seconds": times,
        "decisions": decisions,
    }


def summarize(path: str) -> str:
    games = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    if not games:
        return f"{path}: no games yet"
    n = len(games)
    theirs = sum(g["openspiel_lost"] for g in games)
    ours_seats = sum(len(g["ours_lost"]) for g in games)
    ours = sum(sum(g["ours_lost"]) for g in games)
    lo, hi = wilson(theirs, n)
    lo2, hi2 = wilson(ours, ours_seats)
    cpu = sum(g["cpu_seconds"]["openspiel"] for g in games) / max(1, sum(g["decisions"]["openspiel"] for g in games))
    cpu2 = sum(g["cpu_seconds"]["ours"] for g in games) / max(1, sum(g["decisions"]["ours"] for g in games))
    g0 = games[0]
    return (
        f"{g0['variant']} ({g0['players']} players), {g0['playouts']} playouts per decision, {n} games:\n"
        f"  OpenSpiel ISMCTS lost {theirs} of {n} = {100 * theirs / n:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"
        f"  ({cpu:.3f} CPU s per decision)\n"
        f"  our ISMCTS lost {ours} of {ours_seats} seat-games = {100 * ours / ours_seats:.1f} %"
        f" [{100 * lo2:.1f}, {100 * hi2:.1f}]  ({cpu2:.3f} CPU s per decision)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="palace")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--playouts", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", default=None, help="append each game as a JSON line")
    ap.add_argument("--resume", action="store_true", help="skip the games the log already holds")
    ap.add_argument("--summarize", default=None, help="print the summary of a log and stop")
    args = ap.parse_args(argv)
    if args.summarize:
        print(summarize(args.summarize))
        return 0
    done = 0
    if args.resume and args.log and Path(args.log).exists():
        done = sum(1 for line in Path(args.log).read_text().splitlines() if line.strip())
    for k in range(done, args.games):
        t0 = time.time()
        result = play(
            args.variant,
            args.players,
            (args.seed * 7919 + k) % openspiel_game.DEALS,
            k % args.players,
            args.playouts,
            args.seed + k,
        )
        result["wall_seconds"] = round(time.time() - t0, 2)
        line = json.dumps(result)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as f:
                f.write(line + "\n")
        print(f"game {k + 1}/{args.games}: {line}", flush=True)
    if args.log:
        print(summarize(args.log))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
