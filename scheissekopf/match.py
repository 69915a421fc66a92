"""A match: one round per player, the deal passing left.

Bitenight sums each round's points (most points wins, equal totals share the win); palace and
schwechat count losses (fewest wins). In schwechat the previous round's Scheißkopf starts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .rng import SeededRNG
from .variants import AnyGame, new_game

if TYPE_CHECKING:
    from .bots import Bot


@dataclass
class RoundResult:
    number: int
    dealer: int
    seed: int
    finished: list
    loser: int
    points: dict | None
    stalemate: bool
    moves: int = 0
    bonus: list = field(default_factory=list)  # seats that went out on 4s (bitenight)


class Match:
    def __init__(
        self,
        variant: str = "bitenight",
        players: int = 4,
        seed=None,
        *,
        names=None,
        rounds: int | None = None,
        penalties: bool = False,
    ):
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 32)
        self.variant, self.n, self.seed = variant, players, seed
        self.names = names
        self.penalties = penalties
        self.total_rounds = players if rounds is None else rounds
        self.rounds: list[RoundResult] = []
        self._seeds = SeededRNG(seed)
        self._recorded = None  # the game whose result is already in self.rounds
        self.game = self._deal(dealer=0, starter=None)

    def _deal(self, dealer, starter):
        return new_game(
            self.variant,
            self.n,
            seed=self._seeds.next64() >> 32,
            dealer=dealer,
            names=self.names,
            penalties=self.penalties,
            starter=starter,
        )

    def _record(self):
        g = self.game
        if g.phase == "over" and self._recorded is not g:
            points = g.points() if g.preset.scoring == "points" else None
            self.rounds.append(
                RoundResult(
                    len(self.rounds) + 1,
                    g.dealer,
                    g.seed,
                    list(g.finished),
                    g.loser,
                    points,
                    g.stalemate,
                    len(g.history),
                    list(g.bonus),
                )
            )
            self._recorded = g

    @property
    def over(self) -> bool:
        self._record()
        return len(self.rounds) >= self.total_rounds

    def next_round(self) -> AnyGame:
        """Deal the next round once the current one is over; returns its game."""
        self._record()
        if self.game.phase != "over":
            raise ValueError("the current round is not over yet")
        if self.over:
            raise ValueError(f"the match is over: all {self.total_rounds} rounds are played")
        last = self.game
        starter = last.loser if last.preset.columns else None
        self.game = self._deal(dealer=(last.dealer + 1) % self.n, starter=starter)
        return self.game

    @property
    def totals(self) -> dict:
        """Bitenight: {seat: points}; palace and schwechat: {seat: losses}."""
        self._record()
        totals = {s: 0 for s in range(self.n)}
        for r in self.rounds:
            if r.points is not None:
                for s, p in r.points.items():
                    totals[s] += p
            else:
                totals[r.loser] += 1
        return totals

    @property
    def scores_by_points(self) -> bool:
        return self.game.preset.scoring == "points"

    def standings(self) -> list:
        """[(seat, total), ...] best first."""
        t = self.totals
        sign = -1 if self.scores_by_points else 1
        return sorted(t.items(), key=lambda kv: (sign * kv[1], kv[0]))

    @property
    def winners(self) -> list:
        """The seats sharing the best total."""
        st = self.standings()
        return [s for s, v in st if v == st[0][1]]

    def play_out(self, bots: Sequence[Bot] | None = None, rng: random.Random | None = None) -> list:
        """Play every remaining round with ``bots`` (one per seat; random by default)."""
        from .bots import RandomBot, play_round

        bots = bots or [RandomBot() for _ in range(self.n)]
        rng = rng if rng is not None else random.Random(self.seed)
        while True:
            if self.game.phase != "over":
                play_round(self.game, bots, rng)
            if self.over:
                break
            self.next_round()
        return self.standings()

    def __repr__(self):
        return f"<Match {self.variant}, {self.n} players, round {len(self.rounds) + (0 if self.game.phase == 'over' else 1)}/{self.total_rounds}>"
