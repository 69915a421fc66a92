"""Speed of the trick-game search: hints in sheepshead, schafkopf and mehrkopf positions.

Positions are reached by greedy play (several seeds and depths, the auction included); at each
one where the seat to move has a real choice a hint with the given budget is asked. Reported as
medians: the hint's wall time and the determinized playouts it ran.

    python benchmarks/bench_trick_bots.py                       # schafkopf, 1-second hints
    python benchmarks/bench_trick_bots.py --variant sheepshead --budget 0.5 --positions 12

``--contracts`` asks instead, for every contract each variant can play (the normal game, the
wedding, each solo, Wenz, Geier, Niederer, tout, Ramsch, the must game; sheepshead's called ace,
card in the hole, going alone, leaster, doubled hand; mehrkopf at two to six seats), and for bids
outbid by a higher one (they tell the search what the bidder held), a hint of a fixed number of
playouts in a few positions of that contract. One row each: the playouts per CPU second (all the
positions' playouts over their CPU time), the slowest position's, and the deals the search drew
per playout (the same on every run: below 1 as the root's moves share deals, above 1 only when
deals are drawn again until one fits what the table knows). Two more rows are one position each,
a Wenz after a wedding offer whose offerer led its trump, and the same cards in a plain Wenz. A
contract whose search slows down shows in its row beside the others:

    python benchmarks/bench_trick_bots.py --contracts                  # every contract
    python benchmarks/bench_trick_bots.py --contracts "schafkopf wenz" "schafkopf wenz, wedding outbid"
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
from scheissekopf.hint import hint  # noqa: E402
from scheissekopf.trick.bots import greedy_move  # noqa: E402
from scheissekopf.trick.determinize import TrickInfoSet  # noqa: E402


def position(variant, players, seed, moves):
    g = sk.new_game(variant, players, seed=seed)
    k = 0
    while g.phase != "over" and (k < moves or len(g.legal_moves()) < 2):
        g.play(greedy_move(g, g.legal_moves()))
        k += 1
    return None if g.phase == "over" else g


# ---------------------------------------------------------------------------- every contract
def _mode(mode, **fields):
    """A test on the contract reached: its mode and any of its other fields."""
    return lambda c: c is not None and c.mode == mode and all(getattr(c, k) == v for k, v in fields.items())


# name: (variant, players, options, script, what the contract must be). The script's steps are
# the moves that reach the contract, in order, written without the seat ("bid solo", "solo wenz";
# a step names a kind of move too: "bury" is any bury, "call" any call): at each decision before
# the play the seat to move makes the next step when it may, else passes.
CONTRACTS = {
    "sheepshead called ace": ("sheepshead", 5, {}, ["pick", "bury", "call"], _mode("called")),
    "sheepshead card in the hole": ("sheepshead", 5, {}, ["pick", "bury", "under"], _mode("called")),
    "sheepshead alone": ("sheepshead", 5, {}, ["pick", "bury", "alone"], _mode("alone")),
    "sheepshead leaster": ("sheepshead", 5, {}, [], _mode("leaster")),
    "sheepshead doubled": ("sheepshead", 5, {"knocking": True}, ["pick", "bury", "call", "double"], _mode("called")),
    "sheepshead 6 called ace": ("sheepshead", 6, {"doublers": True}, ["pick", "bury", "call"], _mode("called")),
    "schafkopf normal": ("schafkopf", 4, {}, ["bid normal", "call"], _mode("normal")),
    "schafkopf wedding": ("schafkopf", 4, {}, ["bid wedding", "accept"], _mode("wedding")),
    "schafkopf Eichel solo": ("schafkopf", 4, {}, ["bid solo", "solo E"], _mode("solo", suit="E")),
    "schafkopf Gras solo": ("schafkopf", 4, {}, ["bid solo", "solo G"], _mode("solo", suit="G")),
    "schafkopf Herz solo": ("schafkopf", 4, {}, ["bid solo", "solo H"], _mode("solo", suit="H")),
    "schafkopf Schellen solo": ("schafkopf", 4, {}, ["bid solo", "solo S"], _mode("solo", suit="S")),
    "schafkopf wenz": ("schafkopf", 4, {}, ["bid solo", "solo wenz"], _mode("wenz")),
    "schafkopf geier": ("schafkopf", 4, {}, ["bid solo", "solo geier"], _mode("geier")),
    "schafkopf solo tout": ("schafkopf", 4, {}, ["bid tout", "tout"], _mode("solo", tout=True)),
    "schafkopf wenz tout": ("schafkopf", 4, {}, ["bid tout", "tout wenz"], _mode("wenz", tout=True)),
    "schafkopf ramsch": ("schafkopf", 4, {}, ["ramsch"], _mode("ramsch")),
    "schafkopf must": ("schafkopf", 4, {}, ["must", "call"], _mode("normal", must=True)),
    "schafkopf solo, normal outbid": ("schafkopf", 4, {}, ["bid normal", "bid solo", "solo"], _mode("solo")),
    "schafkopf wenz, wedding outbid": ("schafkopf", 4, {}, ["bid wedding", "bid solo", "solo wenz"], _mode("wenz")),
    "schafkopf solo, wedding outbid": ("schafkopf", 4, {}, ["bid wedding", "bid solo", "solo"], _mode("solo")),
    "mehrkopf 2 trump suit": ("mehrkopf", 2, {}, ["bid normal", "trump"], _mode("normal")),
    "mehrkopf 3 solo": ("mehrkopf", 3, {}, ["bid solo", "solo"], _mode("solo")),
    "mehrkopf 3 wenz": ("mehrkopf", 3, {}, ["bid solo", "solo wenz"], _mode("wenz")),
    "mehrkopf 4 normal": ("mehrkopf", 4, {}, ["bid normal", "call"], _mode("normal")),
    "mehrkopf 4 wedding": ("mehrkopf", 4, {}, ["bid wedding", "accept"], _mode("wedding")),
    "mehrkopf 5 normal": ("mehrkopf", 5, {}, ["bid normal", "call"], _mode("normal")),
    "mehrkopf 5 niederer": ("mehrkopf", 5, {}, ["bid solo", "solo niederer"], _mode("niederer")),
    "mehrkopf 6 normal": ("mehrkopf", 6, {}, ["bid normal", "call"], _mode("normal")),
    "mehrkopf 6 geier tout": ("mehrkopf", 6, {}, ["bid tout", "tout geier"], _mode("geier", tout=True)),
}


# positions played to on purpose: name: (variant, players, seed, moves). The wedding's offerer
# (P1) led its one trump, the Gras-Ober: its other cards hold none, which a random hand hardly
# ever meets (a hint there ran 7.5 times fewer playouts than in a plain Wenz until the hand was
# dealt its count of trumps at once)
LAID_OUT = {
    "schafkopf wenz, wedding outbid, its trump led": (
        "schafkopf",
        4,
        701,
        "P1 bid wedding|P2 bid solo|P3 pass|P0 pass|P2 solo wenz|P1 GO|P2 G10|P3 GK|P0 G9|P2 EA|P3 SU|P0 E7|P1 E10",
    ),
    "schafkopf wenz, the same cards": (
        "schafkopf",
        4,
        701,
        "P1 pass|P2 bid solo|P3 pass|P0 pass|P2 solo wenz|P1 GO|P2 G10|P3 GK|P0 G9|P2 EA|P3 SU|P0 E7|P1 E10",
    ),
}

# where a bid was outbid, the search that reads it is another seat's: positions where the seat to
# move is not the one that made the script's first step
OUTBID = {name for name in CONTRACTS if "outbid" in name}


NAMES = list(CONTRACTS) + list(LAID_OUT)


def _step(move, step):
    words = str(move).split(" ", 1)[1] if " " in str(move) else str(move)
    return words == step or words.startswith(step + " ")


def contract_position(name, seed, plays):
    """The hand of contract ``name`` dealt by ``seed`` (None when the script cannot reach that
    contract with this deal), after ``plays`` greedy card plays and the seat to move having a
    real choice (None when the hand ends first)."""
    variant, players, options, script, wanted = CONTRACTS[name]
    g = sk.new_game(variant, players, seed=seed, **options)
    rng = random.Random(seed)
    steps = list(script)
    first = None  # the seat that made the first step
    while g.phase not in ("play", "over"):
        legal = g.legal_moves()
        mine = [m for m in legal if steps and _step(m, steps[0])]
        if mine:
            steps.pop(0)
            first = g.turn if first is None else first
            g.play(rng.choice(mine))
        else:
            passes = [m for m in legal if m.kind == "pass"]
            g.play(passes[0] if passes else legal[0])
    if g.phase == "over" or steps or not wanted(g.contract):
        return None
    k = 0
    while g.phase != "over" and (k < plays or len(g.legal_moves()) < 2):
        g.play(greedy_move(g, g.legal_moves()))
        k += 1
    if g.phase == "over" or name in OUTBID and g.turn == first:
        return None
    return g


def contract_positions(name, count, seeds=400):
    """``count`` positions of contract ``name`` (seeds from 1, 2 to 9 card plays in); the one
    position of a name in LAID_OUT."""
    if name in LAID_OUT:
        variant, players, seed, moves = LAID_OUT[name]
        g = sk.new_game(variant, players, seed=seed)
        for m in moves.split("|"):
            g.play(m)
        return [g]
    out = []
    for seed in range(1, seeds):
        g = contract_position(name, seed, 2 + seed % 8)
        if g is not None:
            out.append(g)
            if len(out) == count:
                break
    return out


class DealCounter:
    """Counts the deals the trick search draws (each try at a determinization is one)."""

    def __init__(self):
        self.deals = 0

    def __enter__(self):
        original = self.original = TrickInfoSet._deal

        def counted(info, rng):
            self.deals += 1
            return original(info, rng)

        TrickInfoSet._deal = counted
        return self

    def __exit__(self, *exc):
        TrickInfoSet._deal = self.original


def bench_contract(name, count, playouts):
    """{positions, per_cpu_s, slowest, deals_per_playout} of hints in contract ``name``: the
    playouts of all its positions per CPU second they took, the slowest position's, and the deals
    drawn per playout."""
    rates, deals, done, cpu = [], 0, 0, 0.0
    for i, g in enumerate(contract_positions(name, count)):
        with DealCounter() as counter:
            t0 = time.process_time()
            h = hint(g, g.turn, iterations=playouts, seed=i)
            t = time.process_time() - t0
        rates.append(h.playouts / t if t > 0 else float("inf"))
        deals += counter.deals
        done += h.playouts
        cpu += t
    return {
        "positions": len(rates),
        "per_cpu_s": done / cpu if cpu > 0 else 0.0,
        "slowest": min(rates) if rates else 0.0,
        "deals_per_playout": deals / done if done else 0.0,
    }


def contracts_table(names, count, playouts, out=print):
    out(f"{'contract':46} {'positions':>9} {'playouts/CPU s':>15} {'slowest':>8} {'deals/playout':>14}")
    for name in names:
        r = bench_contract(name, count, playouts)
        out(
            f"{name:46} {r['positions']:>9} {r['per_cpu_s']:>15,.0f} {r['slowest']:>8,.0f} "
            f"{r['deals_per_playout']:>14.2f}"
        )


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="schafkopf")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--positions", type=int, default=None, help="positions (8; with --contracts 3 per contract)")
    ap.add_argument(
        "--contracts",
        nargs="*",
        metavar="NAME",
        help="hints of --playouts playouts in every contract (or those named): " + "; ".join(NAMES),
    )
    ap.add_argument("--playouts", type=int, default=300, help="playouts per hint with --contracts")
    a = ap.parse_args(argv)
    if a.contracts is not None:
        unknown = [x for x in a.contracts if x not in NAMES]
        if unknown:
            ap.error(f"no contract {unknown[0]!r}: choose from {'; '.join(NAMES)}")
        contracts_table(a.contracts or NAMES, a.positions or 3, a.playouts)
        return
    a.positions = a.positions or 8
    rng = random.Random(1)
    walls, playouts = [], []
    seed = 0
    while len(walls) < a.positions:
        seed += 1
        g = position(a.variant, a.players, seed, rng.randrange(0, 20))
        if g is None:
            continue
        h = hint(g, g.turn, budget=a.budget, seed=seed)
        walls.append(h.seconds)
        playouts.append(h.playouts)
    print(
        f"{a.variant}: {len(walls)} positions, {a.budget:g} s hints: median {statistics.median(walls):.2f} s wall, "
        f"{statistics.median(playouts):.0f} playouts (range {min(playouts)}-{max(playouts)})"
    )


if __name__ == "__main__":
    main()
