"""Bots and the loop that lets them play.

A bot is any object with ``choose(view, legal_moves, rng) -> Move``. It is given the position as
its own seat sees it (:meth:`Game.view`) and that seat's legal moves; out of turn (a bitenight
jump-in chance) it may return ``None`` to let the chance pass.
"""
from __future__ import annotations

import random

from .cards import JOKER_RANK


class RandomBot:
    """Plays a uniformly random legal move (and jumps in half the time it can)."""

    name = "random"

    def choose(self, view, legal_moves, rng):
        if view.phase == "play" and legal_moves and legal_moves[0].player != view.turn and view.pending is None:
            return rng.choice(legal_moves) if rng.random() < 0.5 else None
        return rng.choice(legal_moves)


class GreedyBot:
    """A plain heuristic: bank the strong cards, play the weakest legal cards first (as many of
    them as possible), keep 2s, 3s, 10s and jokers for when nothing else fits, burn whenever a
    jump-in allows it, and show jokers to the player closest to going out."""

    name = "greedy"

    def _strength(self, preset, rank):
        order = preset.natural_order
        if rank in order:
            return order.index(rank)
        return len(order) + {2: 1, 3: 2, 7: 3, 10: 4, JOKER_RANK: 5}.get(rank, 0)

    def choose(self, view, legal_moves, rng):
        if not legal_moves:
            return None
        preset = view.preset
        me = legal_moves[0].player
        if view.phase == "setup":
            return self._setup(view, legal_moves, preset)
        if me != view.turn and view.pending is None:
            return max(legal_moves, key=lambda m: len(m.cards))           # always jump in
        plays = [m for m in legal_moves if m.kind == "play"]
        if plays:
            def score(m):
                r = m.cards[0] >> 2
                return (self._strength(preset, r), -len(m.cards))
            return min(plays, key=score)
        jokers = [m for m in legal_moves if m.kind == "joker"]
        if jokers:
            others = [m for m in jokers if m.target != me] or jokers
            return min(others, key=lambda m: (view.players[m.target].cards_held, m.target))
        flips = [m for m in legal_moves if m.kind == "flip"]
        if flips:
            return rng.choice(flips)
        return min(legal_moves, key=lambda m: [self._strength(preset, c >> 2) for c in m.cards])

    def _setup(self, view, legal_moves, preset):
        best, gain = None, 0
        for m in legal_moves:
            if m.kind == "swap":
                h, b = m.cards
                d = self._strength(preset, h >> 2) - self._strength(preset, b >> 2)
                if d > gain:
                    best, gain = m, d
            elif m.kind == "place":
                s = self._strength(preset, m.cards[0] >> 2)
                if best is None or s > gain:
                    best, gain = m, s
        if best is not None:
            return best
        return next(m for m in legal_moves if m.kind == "ready")


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def get(name: str):
    """A bot by name (``"random"``, ``"greedy"``)."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}") from None


def play_round(game, bots, rng=None, max_moves=100_000):
    """Let ``bots`` (one per seat) play ``game`` to its end. Returns the number of moves."""
    rng = rng if rng is not None else random.Random()
    played = 0
    while game.phase != "over":
        if played >= max_moves:
            raise RuntimeError(f"the round did not end within {max_moves} moves")
        legal = game.legal_moves()
        by_seat = {}
        for m in legal:
            by_seat.setdefault(m.player, []).append(m)
        move = None
        if game.phase == "setup":
            seat = min(by_seat)
            move = bots[seat].choose(game.view(seat), by_seat[seat], rng)
        else:
            turn = game.turn
            for seat in sorted(by_seat, key=lambda s: (s - turn) % game.n):
                if seat == turn:
                    continue
                move = bots[seat].choose(game.view(seat), by_seat[seat], rng)
                if move is not None:
                    break
            if move is None:
                move = bots[turn].choose(game.view(turn), by_seat[turn], rng)
        game.play(move)
        played += 1
    return played


def random_playout(game, rng, max_moves=100_000):
    """Play uniformly random legal moves (any player's) until the round ends. Returns moves."""
    played = 0
    choice = rng.choice
    while game.phase != "over":
        if played >= max_moves:
            raise RuntimeError(f"the round did not end within {max_moves} moves")
        game.play(choice(game.legal_moves()))
        played += 1
    return played
