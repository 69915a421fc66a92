"""Puzzles found in real play: positions from bot games in which one move is clearly best.

:func:`find_puzzles` lets the greedy bot play seeded rounds at every seat and looks at the
decisions of the player to move. A position is kept when

1. the seat has at least two moves with different outcomes (moves the search treats as the
   same, such as 9C or 9D on their own, count as one);
2. the **weak** search (``hint`` from the seat's own view, ``weak`` playouts) and the
   **strong** search (``strong`` playouts, another seed) name the same best move;
3. the strong search rates that move at least ``margin`` above every other move: by the chance
   of not being the Scheißkopf in the shedding games, by the mean settlement in game units in
   sheepshead, schafkopf and mehrkopf (the figure each search ranks by);
4. the greedy bot, asked at the same position, would play a move with another outcome.

The search reads only ``game.view(seat)``, so a puzzle never rests on a card its seat cannot
see. Each search has a fixed playout count and a seed: the figures can be computed again, with
the search's settings recorded beside them (``figures["search"]``; a record without it was made
by the search before it had settings, :data:`BEFORE_SETTINGS`).

>>> ps = find_puzzles("bitenight", 1, seed=1, strong=60, weak=30, margin=0.0, max_games=3)
>>> len(ps) <= 1
True

:meth:`Puzzle.to_record` writes the JSON line the lessons read
(:func:`scheissekopf.lessons.puzzles`).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .bots import GreedyBot
from .cluster import run_tasks
from .hint import Hint, hint
from .mcts import check_settings
from .moves import Move
from .variants import AnyGame, from_text, new_game, unknown_variant, variant_names, variant_objects
from .variants import variant as _variant_of

#: playouts of the strong and the weak search, and the margin (shedding: win rate; trick
#: games: mean settlement in game units) used for the shipped set
STRONG = 2000
WEAK = 400
MARGIN = {v.family: v.puzzle_margin for v in variant_objects()}


@dataclass
class Puzzle:
    """One found position: ``text`` (the position text), ``seat`` (who is to move and solves
    it), ``solution`` (the best move's texts, every move with its outcome), ``figures`` (the
    searches' and the greedy bot's figures), ``goal`` (the question, in words the seat's view
    allows), ``id``."""

    id: str
    variant: str
    text: str
    seat: int
    solution: list[str]
    goal: str
    figures: dict[str, Any] = field(default_factory=dict)

    def to_record(self) -> dict:
        return {
            "id": self.id,
            "variant": self.variant,
            "text": self.text,
            "seat": self.seat,
            "goal": self.goal,
            "solution": list(self.solution),
            "figures": self.figures,
        }


def key_of(game: Any, move: Move | None) -> tuple | None:
    """The outcome class of a move: moves with equal keys count as the same move."""
    if move is None:
        return None
    return _variant_of(game).move_key(move)


def family_of(name: str) -> str:
    return _variant_of(name).family


def score_of(row: dict, name: str) -> float:
    """The figure a puzzle's margin is measured in: the variant's ``measure`` (win rate in the
    shedding games, mean settlement in the trick games)."""
    return float(row[_variant_of(name).measure])


def greedy_choice(game: AnyGame, seat: int) -> Move | None:
    """The move the greedy bot plays for ``seat`` at ``game`` (it sees only the seat's view)."""
    moves = [m for m in game.legal_moves() if m.player == seat]
    if not moves:
        return None
    return GreedyBot().choose(game.view(seat), moves, random.Random(0))


def _rows(h: Hint, game: Any) -> list[dict]:
    return [
        {
            "text": r["text"],
            "win": round(r["win"], 4),
            "points": None if r["points"] is None else round(r["points"], 4),
            "visits": r["visits"],
        }
        for r in h
    ]


def _margin(h: Hint, variant: str) -> float:
    best = score_of(h[0], variant)
    return best - max(score_of(r, variant) for r in h[1:])


def candidate(game: AnyGame) -> bool:
    """A decision worth searching: past the setup, one seat to move with no jump-in chance
    for another, and at least two moves with different outcomes."""
    if game.phase in ("setup", "over"):
        return False
    legal = game.legal_moves()
    seat = game.turn
    if not legal or any(m.player != seat for m in legal):
        return False
    return len({key_of(game, m) for m in legal}) >= 2


#: the search settings of the records written before records kept them (the tree without bound,
#: a random playout move one time in twenty, exploration constant 0.7: the search before it had
#: settings); a record that keeps depth and epsilon but not c was searched with c 0.7
BEFORE_SETTINGS = {"depth": 0, "epsilon": 0.05, "c": 0.7}


def search_settings(record: dict) -> dict:
    """The search settings (``depth``, ``epsilon``, ``c``) that give a puzzle record's figures
    again."""
    return {**BEFORE_SETTINGS, **record["figures"].get("search", {})}


def judge(
    game: AnyGame,
    *,
    strong: int = STRONG,
    weak: int = WEAK,
    margin: float | None = None,
    seed: int = 0,
    depth: int | None = None,
    epsilon: float | None = None,
    c: float | None = None,
) -> dict | None:
    """The figures of a puzzle at ``game`` for the player to move, or None when the position
    fails a criterion. The weak search runs first; the strong one only when the weak search
    disagrees with the greedy bot and sees at least half the margin. ``depth``, ``epsilon``
    and ``c``: both searches' settings (None: the family's own, see :func:`scheissekopf.hint.hint`)."""
    variant = game.variant
    need = _variant_of(variant).puzzle_margin if margin is None else margin
    seat = game.turn
    greedy = greedy_choice(game, seat)
    w = hint(game, seat, iterations=weak, seed=seed, depth=depth, epsilon=epsilon, c=c)
    if len(w) < 2 or key_of(game, w.best) == key_of(game, greedy):
        return None
    if _margin(w, variant) < need / 2:
        return None
    s = hint(game, seat, iterations=strong, seed=seed + 1, depth=depth, epsilon=epsilon, c=c)
    if len(s) < 2 or key_of(game, s.best) != key_of(game, w.best):
        return None
    gap = _margin(s, variant)
    if gap < need:
        return None
    greedy_row = next(r for r in _rows(s, game) if r["text"] in _texts(s, key_of(game, greedy), game))
    return {
        "measure": _variant_of(variant).measure,
        "margin": round(gap, 4),
        "required_margin": need,
        "strong": {"iterations": strong, "seed": seed + 1, "playouts": s.playouts, "rows": _rows(s, game)},
        "weak": {"iterations": weak, "seed": seed, "playouts": w.playouts, "rows": _rows(w, game)},
        "search": s.search,  # both searches' settings (depth, epsilon, c): the figures come out again with them
        "greedy": {"move": str(greedy), **{k: greedy_row[k] for k in ("win", "points", "visits")}},
        "solution": [s[0]["text"], *s[0]["also"]],
    }


def _texts(h: Hint, key: tuple | None, game: Any) -> list[str]:
    for r in h:
        if key_of(game, r["move"]) == key:
            return [r["text"], *r["also"]]
    return []


def find_puzzles(
    variant: str,
    count: int,
    seed: int,
    *,
    strong: int = STRONG,
    weak: int = WEAK,
    margin: float | None = None,
    players: int | None = None,
    per_game: int = 2,
    max_games: int | None = None,
    progress: Callable[[Puzzle | None], None] | None = None,
    jobs: int | None = None,
    cluster: str | None = None,
    stats: dict | None = None,
    depth: int | None = None,
    epsilon: float | None = None,
    c: float | None = None,
) -> list[Puzzle]:
    """Play greedy rounds of ``variant`` (round k dealt with seed ``seed * 100_003 + k``) and
    keep up to ``count`` positions that meet the criteria (module docstring), at a table of
    ``players`` (None: the variant's usual size, five in sheepshead, else four), at most
    ``per_game`` from one round and at least four moves apart. Stops after ``max_games`` rounds
    (default ``50 * count``). ``progress`` is called with each puzzle found and with None after
    each round, in the order of the rounds.

    Where the rounds are mined: by default one after another in this process; ``jobs=N`` hands
    them to N worker processes on this machine, and ``cluster`` (``"auto"`` or ``"HOST:PORT"``)
    to a Ray cluster (:mod:`scheissekopf.cluster`; ``"auto"`` starts one of ``jobs`` CPUs,
    default every core, and a cluster that cannot be used raises
    :class:`~scheissekopf.cluster.ClusterUnavailable` before any round). A round is a pure function of its number (:func:`mine_round`) and its finds are
    taken in the order of the rounds, whichever round finishes first: same arguments, same
    puzzles, wherever they are mined. ``stats``, if given, is filled with ``rounds`` (the
    rounds looked at) and ``cpu_seconds`` (the CPU time of the rounds mined to their end, in
    whichever process mined them; rounds called off once enough puzzles are found are not
    counted). ``depth``, ``epsilon`` and ``c``: the searches' settings (None: the family's own;
    a bad one raises ValueError before any round), kept in each record's ``figures["search"]``."""
    if variant not in variant_names():
        raise ValueError(unknown_variant(variant))
    if count < 1:
        raise ValueError("count must be at least 1")
    if jobs is not None and jobs < 1:
        raise ValueError("jobs must be at least 1")
    if margin is not None and not (isinstance(margin, (int, float)) and math.isfinite(margin) and margin >= 0):
        raise ValueError(f"margin is how far the best move must lead, a number from 0 up, not {margin!r}")
    check_settings(depth, epsilon, c)
    if players is None:
        players = _variant_of(variant).default_players
    limit = 50 * count if max_games is None else max_games
    found: list[Puzzle] = []
    stats = {} if stats is None else stats
    stats.update(rounds=0, cpu_seconds=0.0)

    def keep(p: Puzzle) -> None:
        found.append(p)
        if progress:
            progress(p)

    def task(k: int, take: int) -> tuple:
        return (variant, seed, k, take, strong, weak, margin, players, (depth, epsilon, c))

    if cluster is None and (jobs or 1) == 1:  # here, one round after another: each find is kept at once
        for k in range(limit):
            stats["cpu_seconds"] += mine_round(task(k, min(per_game, count - len(found))), keep)[2]
            stats["rounds"] += 1
            if progress:
                progress(None)
            if len(found) >= count:
                break
        return found
    rounds = run_tasks(mine_round, [task(k, min(per_game, count)) for k in range(limit)], jobs=jobs, cluster=cluster)
    waiting: dict[int, list[Puzzle]] = {}  # rounds finished before an earlier one
    upto = 0  # the first round whose finds are not taken yet
    try:
        for k, finds, cpu in rounds:
            waiting[k] = finds
            stats["cpu_seconds"] += cpu
            while upto in waiting:
                for p in waiting.pop(upto)[: count - len(found)]:
                    keep(p)
                upto += 1
                stats["rounds"] = upto
                if progress:
                    progress(None)
                if len(found) >= count:
                    return found
    finally:  # enough found (or interrupted): the rounds still being mined are called off
        close = getattr(rounds, "close", None)
        if close:
            close()
    return found


def mine_round(task: tuple, keep: Callable[[Puzzle], None] | None = None) -> tuple[int, list[Puzzle], float]:
    """Round ``k`` of :func:`find_puzzles`, ``task = (variant, seed, k, take, strong, weak,
    margin, players, (depth, epsilon, c))`` (the settings may be left off: the family's own):
    ``(k, the round's puzzles, CPU seconds spent)``, at most ``take``
    puzzles, in the order of play. The puzzles are a pure function of the task, so any process
    can mine any round (``keep`` is called with each puzzle as it is found)."""
    cpu = time.process_time()
    variant, seed, k, take, strong, weak, margin, players, *rest = task
    depth, epsilon, c = rest[0] if rest else (None, None, None)
    deal = seed * 100_003 + k
    game = new_game(variant, players, seed=deal)
    bot = GreedyBot()
    rng = random.Random(deal)  # the round's own generator (the greedy bot draws nothing from it)
    found: list[Puzzle] = []
    last = -10
    ply = 0
    while game.phase != "over" and len(found) < take:
        if ply - last >= 4 and candidate(game):
            here = from_text(game.to_text())  # the stored position, exactly
            figures = judge(
                here, strong=strong, weak=weak, margin=margin, seed=deal * 1000 + ply, depth=depth, epsilon=epsilon, c=c
            )
            if figures is not None:
                p = Puzzle(
                    id=f"{variant}-{seed}-{k}-{ply}",
                    variant=variant,
                    text=here.to_text(),
                    seat=here.turn,
                    solution=figures.pop("solution"),
                    goal=situation(here, here.turn),
                    figures={"game_seed": deal, "ply": ply, **figures},
                )
                found.append(p)
                last = ply
                if keep:
                    keep(p)
        legal = game.legal_moves()
        seat = min(m.player for m in legal) if game.phase == "setup" else game.turn
        mine = [m for m in legal if m.player == seat]
        move = bot.choose(game.view(seat), mine, rng)
        game.play(move if move is not None else mine[0])
        ply += 1
    return k, found, time.process_time() - cpu


# ------------------------------------------------------------------------------ words
def situation(game: AnyGame, seat: int) -> str:
    """The puzzle's question in words from what ``seat`` can see (cards as the table draws them)."""
    return _variant_of(game).situation(game.view(seat), seat)
