"""How much of the search's losses comes from what it cannot see.

The shedding search (ISMCTS) deals the cards its seat has not seen at random for every playout.
This benchmark plays the same games as ``python -m scheissekopf tournament --variant palace
--bots ismcts,OPPONENT --iterations N --seed 1`` (same deals, same seats, same random numbers for
the bots) with the search's deals replaced by more knowledge than the rules give it:

* ``view``: the search as it is (the deals a seat's view allows), for comparison;
* ``hands``: every other hand dealt as it really is; the draw pile and the face-down cards are
  still dealt at random;
* ``all``: the real game itself (hands, draw pile in its order, face-down cards): a search that
  cheats completely.

The gap between ``view`` and ``all`` bounds what any reading of the hidden cards could win; the
gap between ``view`` and ``hands`` is what knowing the opponent's hand is worth (an upper bound on
inferring it, e.g. from the rule that a player takes the stack only with nothing to play).

    python benchmarks/search_information.py --know hands --games 200 --log benchmarks/results/know_hands_vs_greedy_palace2.jsonl
    python benchmarks/search_information.py --summarize FILE [--against OTHER_LOG]

Each finished game is one JSON line (``k``, ``lost`` per bot in lineup order, ``stalemate``,
``moves``),
so ``--resume`` goes on after the last one written; ``--against`` compares two logs game by game
on the games both hold.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scheissekopf import bots  # noqa: E402
from scheissekopf.ismcts import ISMCTSBot  # noqa: E402
from scheissekopf.shedding import search as shedding_search  # noqa: E402
from scheissekopf.shedding.core import Round  # noqa: E402
from scheissekopf.shedding.determinize import _MASK, ZH  # noqa: E402
from scheissekopf.tournament import game_seed, new_game, wilson  # noqa: E402

KNOW = ("view", "hands", "all")


class _Told:
    """A search's deals, dealt with knowledge of the real game ``truth``."""

    def __init__(self, info, truth, know):
        self.info, self.truth, self.know = info, truth, know
        self.seat = info.seat
        self.base = info.base  # (the search asks it whether the round is in play)

    def sample_round(self, rng):
        """:meth:`sample`'s deal as the rules core the search plays on in a round in play."""
        return Round.of(self.sample(rng))

    def sample(self, rng):
        if self.know == "all":
            return self.truth.clone()
        info, truth = self.info, self.truth
        unseen = Counter(info.unseen)
        g = info.base.clone()
        hidden = 0
        for s, known, _ in info.hand_slots:
            dealt = list((Counter(truth.players[s].hand) - Counter(known)).elements())
            unseen -= Counter(dealt)
            hidden += sum(ZH[s][c] for c in dealt)
            g.players[s].hand = sorted(known + dealt)
        cards = list(unseen.elements())
        rng.shuffle(cards)
        for i, (s, slot) in enumerate(info.gamble_slots):
            g.players[s].gamble[slot] = cards[i]
        g._draw = cards[len(info.gamble_slots) :]
        g._rehash()
        if g.phase == "play":  # the repetition window, as InfoSet.sample writes it
            now = g._position_key()
            g._rep = {(key + hidden) & _MASK: v for key, v in info.base._rep.items()}
            g._rep.setdefault(now, 1)
        else:
            g._rep = {}
        g._drop_caches()
        return g


class ToldBot(ISMCTSBot):
    """The searching bot, its deals told what ``know`` says about the real game ``truth``."""

    def __init__(self, truth, know, **options):
        super().__init__(**options)
        self.truth, self.know = truth, know

    def choose(self, view, legal_moves, rng):
        if self.know == "view" or view.phase == "setup":
            return super().choose(view, legal_moves, rng)
        me = legal_moves[0].player
        out_of_turn = me != view.turn and view.pending is None
        if len({shedding_search.move_key(m) for m in legal_moves}) == 1 and not out_of_turn:
            return legal_moves[0]
        s = shedding_search.Searcher(view, legal_moves, c=self.c, epsilon=self.epsilon, others=self.others)
        s.info = _Told(s.info, self.truth, self.know)
        self.last = s.run(rng, seconds=self.budget, iterations=self.iterations, clock=self.clock)
        return s.real[self.last.best()]


def play(k, know, opponent, iterations, seed=1, variant="palace"):
    """Game k of the tournament ``ismcts,OPPONENT`` (two players, seats alternating)."""
    n = 2
    deal, rot = divmod(k, n)
    at_seat = [(s - rot) % n for s in range(n)]
    g = new_game(variant, n, seed=game_seed(seed, deal))
    lineup = [ToldBot(g, know, iterations=iterations), bots.get(opponent)]
    rng = random.Random(f"scheissekopf-tournament:{seed}:{k}")
    moves = bots.play_round(g, [lineup[i] for i in at_seat], rng)
    seat_of = {i: s for s, i in enumerate(at_seat)}
    return {"k": k, "lost": [g.loser == seat_of[i] for i in range(n)], "stalemate": g.stalemate, "moves": moves}


def _games(path):
    games = {}
    for line in Path(path).read_text().splitlines():
        r = json.loads(line)
        if "k" in r:
            games[r["k"]] = r
    return games


def summarize(path, against=None):
    games = _games(path)
    lost = sum(r["lost"][0] for r in games.values())
    lo, hi = wilson(lost, len(games))
    stalemates = sum(r.get("stalemate", False) for r in games.values())
    lines = [
        f"{path}: ismcts lost {lost} of {len(games)}, {100 * lost / len(games):.1f} % [{100 * lo:.1f}, {100 * hi:.1f}], {stalemates} stalemates"
    ]
    if against:
        other = _games(against)
        both = sorted(set(games) & set(other))
        a = sum(games[k]["lost"][0] for k in both)
        b = sum(other[k]["lost"][0] for k in both)
        lines.append(f"  on the {len(both)} games both logs hold: {a} lost here, {b} in {against}")
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--know", choices=KNOW, default="hands")
    p.add_argument("--opponent", choices=("greedy", "random"), default="greedy")
    p.add_argument("--iterations", type=int, default=200)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--log")
    p.add_argument("--resume", action="store_true")
    p.add_argument("--summarize")
    p.add_argument("--against")
    a = p.parse_args(argv)
    if a.summarize:
        print(summarize(a.summarize, a.against))
        return
    done = _games(a.log) if a.log and a.resume and Path(a.log).exists() else {}
    out = open(a.log, "a" if a.resume else "w") if a.log else None
    try:
        for k in range(a.games):
            if k in done:
                continue
            r = play(k, a.know, a.opponent, a.iterations)
            if out:
                out.write(json.dumps(r) + "\n")
                out.flush()
    finally:
        if out:
            out.close()
    if a.log:
        print(summarize(a.log))


if __name__ == "__main__":
    main()
