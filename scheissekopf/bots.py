"""Bots and the loop that lets them play.

A bot is any object with ``choose(view, legal_moves, rng) -> Move``. It is given the position as
its own seat sees it (:meth:`Game.view`: every card the seat cannot see is ``sk.HIDDEN``) and that
seat's legal moves; out of turn (a bitenight jump-in chance) it may return ``None`` to let the
chance pass.

* :class:`RandomBot` plays a uniformly random legal move.
* :class:`GreedyBot` follows a few plain habits (weakest cards first, specials saved).
* ``ismcts`` (:class:`scheissekopf.ismcts.ISMCTSBot`) searches: information-set Monte Carlo tree
  search over deals consistent with what its seat has seen.

:func:`get` makes one by name; :func:`play_round` lets one bot per seat play a round. Every bot
plays every variant: the greedy habits of each family are in :mod:`scheissekopf.shedding.bots`
and :mod:`scheissekopf.trick.bots` (the shedding ones, :func:`greedy_move` and
:func:`greedy_playout`, are also importable from here).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Callable, Protocol

from .errors import IllegalMove
from .moves import Move
from .shedding.bots import greedy_move, greedy_playout, greedy_setup, strength_table  # compat re-export, see __all__
from .variants import AnyGame, variant

__all__ = [
    "BOTS",
    "GreedyBot",
    "RandomBot",
    "get",
    "greedy_move",
    "greedy_playout",
    "greedy_setup",
    "play_round",
    "random_playout",
    "strength_table",
]


class Bot(Protocol):
    """What a bot is: anything with this method. It is given its own seat's view and that seat's
    legal moves, and returns one of them (or ``None`` to let a bitenight jump-in chance pass)."""

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move | None: ...


class RandomBot:
    """Plays a uniformly random legal move (and jumps in half the time it can)."""

    name = "random"

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move | None:
        if view.phase == "play" and legal_moves and legal_moves[0].player != view.turn and view.pending is None:
            return rng.choice(legal_moves) if rng.random() < 0.5 else None
        return rng.choice(legal_moves)


class GreedyBot:
    """A plain heuristic: bank the strong cards, play the weakest legal cards first (as many of
    them as possible), burn whenever four of a kind can be completed, keep 2s, 3s, 10s and jokers
    for when nothing else fits (10s and jokers first on a big stack), always jump in, and show
    jokers to the opponent holding the most cards."""

    name = "greedy"

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move | None:
        if not legal_moves:
            return None
        return variant(view).greedy_move(view, legal_moves)


def get(name: str, **options: Any) -> Bot:
    """A bot by name: ``"random"``, ``"greedy"`` or ``"ismcts"`` (``options`` go to its
    constructor, e.g. ``get("ismcts", budget=0.5)`` or ``iterations=200``)."""
    if name in BOTS:
        return BOTS[name](**options)
    raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")


def _ismcts(**options):
    from .ismcts import ISMCTSBot

    return ISMCTSBot(**options)


BOTS: dict[str, Callable[..., Any]] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": _ismcts}


class Stalled(RuntimeError):
    """A round that did not end within the moves allowed; ``seat`` is the seat that made most of
    the last moves (its bot keeps the round going)."""

    def __init__(self, message: str, seat: int | None = None):
        super().__init__(message)
        self.seat = seat


def _staller(game: AnyGame) -> int | None:
    """The seat that made most of the game's last 1,000 moves."""
    recent = [m.player for m in game.history[-1000:]]
    return max(set(recent), key=recent.count) if recent else None


def play_round(game: AnyGame, bots: Sequence[Bot], rng: random.Random | None = None, max_moves: int = 100_000) -> int:
    """Let ``bots`` (one per seat) play ``game`` to its end. Returns the number of moves.

    In setup the lowest seat that is not ready yet chooses. In play, a jump-in chance is offered
    first to the other seats in turn order from the player to move (each may pass with ``None``),
    then the player to move chooses."""
    rng = rng if rng is not None else random.Random()
    played = 0
    while game.phase != "over":
        if played >= max_moves:
            seat = _staller(game)
            who = f"{type(bots[seat]).__name__} at P{seat}" if seat is not None else "the bots"
            raise Stalled(f"the round did not end within {max_moves} moves: {who} made most of the last ones", seat)
        legal = game.legal_moves()
        by_seat: dict[int, list[Move]] = {}
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
        if move is None:
            seat = min(by_seat) if game.phase == "setup" else game.turn
            raise IllegalMove(f"the bot playing P{seat} chose no move, but P{seat} is to move", None, seat)
        game.play(move)
        played += 1
    return played


def random_playout(game: AnyGame, rng: random.Random, max_moves: int = 100_000) -> int:
    """Play uniformly random legal moves (any player's) until the round ends. Returns moves."""
    played = 0
    choice = rng.choice
    while game.phase != "over":
        if played >= max_moves:
            raise RuntimeError(f"the round did not end within {max_moves} moves")
        game.play(choice(game.legal_moves()))
        played += 1
    return played
