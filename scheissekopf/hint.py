"""Hints: which move gives a seat the best chance not to be the Scheißkopf (in sheepshead,
schafkopf and mehrkopf: the best mean settlement of the hand).

>>> import scheissekopf as sk
>>> from scheissekopf.hint import hint
>>> g = sk.new_game("palace", players=3, seed=4)
>>> for seat in range(3):
...     _ = g.play(f"P{seat} ready")
>>> h = hint(g, g.turn, budget=0.2, seed=1)
>>> h[0]["move"] in g.legal_moves() and h.playouts > 0
True
>>> h.lines()[0].split(": ", 1)[1].startswith("tried in ")
True

The search (:mod:`scheissekopf.ismcts`) reads only ``game.view(seat)``: the hint never uses a
card the seat cannot see.
"""

from __future__ import annotations

import random
import time

from .moves import Move
from .variants import AnyGame, variant
from .words import Writer, agree, card_word, seat_word


class Hint(list):
    """The seat's moves, best first, as dicts:

    * ``move``: the :class:`~scheissekopf.moves.Move` (``None`` for "let the jump-in chance
      pass"), playable as is with ``game.play``;
    * ``text``: its text (``"P1 9H"``, ``"pass"``);
    * ``words``: what it does, as the table says it (``"Play 9♥"``, ``"Take the stack"``);
    * ``win``: the estimated chance of *not* being the Scheißkopf after this move (0..1); in
      sheepshead, schafkopf and mehrkopf the chance of not losing money on the hand
      (settlement 0 or better);
    * ``points``: bitenight: the estimated points for the round; in the trick-taking games the
      estimated mean settlement of the hand in game units; else ``None``;
    * ``visits``: how many of the playouts started with this move.

    Best first: the move the search settled on, then the others by visits (the search plays
    the moves that keep looking good more often, so visits say how long a move stayed in the
    running; ``win`` of a move dropped early rests on few playouts). Moves with the same outcome are listed once (turning gamble card 0 or 2 is the same
    blind choice; the other equivalent moves are in ``also``). ``playouts`` is the number of
    determinized playouts run, ``seconds`` the time the hint took; ``search`` the search's
    settings (``depth``, ``epsilon``, ``c``: see :class:`scheissekopf.ismcts.ISMCTSBot`).
    """

    def __init__(self, rows=(), playouts=0, seconds=0.0, seat=None, trick=False, search=None, names=()):
        super().__init__(rows)
        self.names = list(names)  # the seats' names, for the rows in words
        self.playouts = playouts
        self.seconds = seconds
        self.seat = seat
        self.trick = trick  # the figures are a trick game's (settlement), not a shedding game's
        self.search = search or {}

    @property
    def best(self) -> Move | None:
        return self[0]["move"] if self else None

    def __repr__(self):
        return f"Hint({list.__repr__(self)}, playouts={self.playouts})"

    def lines(self) -> list[str]:
        """Each row's move and figures in words, as the table shows them, most tried first:
        ``"K♦: tried in 130 games: not the Scheißkopf in 62 % of them"`` (trick games: ``"the
        Gras-Ass: tried in 240 games: loses no money in 71 % of them, and wins 1.25 stakes a hand
        on average"``; a move tried in fewer than :data:`FEW_GAMES` games: ``"tried in only 7
        games: too few to judge"``)."""
        return [
            agree(f"{_move_words(r['move'], self.names)}: {figures_in_words(r, self.trick)}", self.names) for r in self
        ]


#: a move the search tried in fewer games than this is marked "too few to judge" (its share of
#: good outcomes rests on too little to read as a verdict)
FEW_GAMES = 30


def figures_in_words(row: dict, trick: bool) -> str:
    """One hint row's figures in words, as the table says them: how many of the search's games
    began with this move and in how many of those the seat came off well; a move tried in fewer
    than :data:`FEW_GAMES` games is marked as too little tried to judge. The rows are in the
    order the search tried them, most first. A shedding game's row names no points (they are
    taught with scoring); a trick game's gives the mean money of the hand in stakes (a stake:
    what the plainest game costs)."""
    visits = row["visits"]
    games = f"{visits} game{'' if visits == 1 else 's'}"
    if visits < FEW_GAMES:
        return f"tried in only {games}: too few to judge"
    pct = f"{100 * row['win']:.0f} %"
    if trick:
        text = f"tried in {games}: loses no money in {pct} of them"
        if row["points"] is not None:
            x = f"{abs(row['points']):.2f}"
            won = "wins" if row["points"] >= 0 else "loses"
            text += f", and {won} {x} stake{'' if x == '1.00' else 's'} a hand on average"
        return text
    return f"tried in {games}: not the Scheißkopf in {pct} of them"


def _card_words(card) -> str:
    word = card_word(card)
    return f"the {word}" if "-" in word else word  # a German card: the Gras-Ass


def _move_words(m, names=()) -> str:
    if m is None:
        return "let the chance pass"
    cards = " ".join(_card_words(c) for c in m.cards)
    if m.kind in ("play", "card"):
        return cards
    if m.kind == "take":
        return f"lay {cards} and take the stack" if cards else "take the stack"
    if m.kind == "joker":
        if m.target == m.player:
            return "take the stack with the joker"
        return f"show the joker to {names[m.target] if 0 <= m.target < len(names) else 'another seat'}"
    if m.kind == "flip":
        return f"turn gamble card {m.index + 1}"
    words = str(m).split(" ", 1)[1] if " " in str(m) else str(m)
    return words


def hint(
    game: AnyGame,
    seat: int,
    budget: float = 1.0,
    seed: int | None = None,
    *,
    iterations: int | None = None,
    depth: int | None = None,
    epsilon: float | None = None,
    c: float | None = None,
) -> Hint:
    """Rank ``seat``'s legal moves in ``game`` by search.

    ``budget``: wall-clock seconds for the whole call (the search stops a little before it);
    ``iterations``: a number of playouts instead (same seed, same hint; the search may stop a few
    short of it, at the end of its last whole round over the moves). ``seed`` makes the
    search repeatable with ``iterations``. ``depth``, ``epsilon`` and ``c``: the search's tree depth,
    playout noise and exploration constant (None: the family's own, as
    :class:`scheissekopf.ismcts.ISMCTSBot` has them).
    Returns a :class:`Hint` (empty when the seat has no move now).
    """
    t0 = time.perf_counter()
    rng = random.Random(seed)
    of = variant(game)
    trick = of.measure == "points"  # ranked by settlement (stakes), not by the chance to go out
    if game.phase == "over":
        return Hint(seat=seat, trick=trick)
    moves = [m for m in game.legal_moves() if m.player == seat]
    if not moves:
        return Hint(seat=seat, trick=trick)
    view = game.view(seat)
    searcher = of.searcher(view, moves, depth=depth, epsilon=epsilon, c=c)
    if iterations is None:
        remaining = budget - (time.perf_counter() - t0)
        seconds = max(0.0, remaining * 0.97 - 0.005)
        result = searcher.run(rng, seconds=seconds, clock=time.perf_counter)
    else:
        result = searcher.run(rng, iterations=iterations, clock=time.perf_counter)
    by_key: dict[tuple, list[Move]] = {}
    for m in moves:
        by_key.setdefault(of.move_key(m), []).append(m)
    w = Writer(game.names, people=True)
    rows = []
    for r in result.rows:
        m = r["move"]
        same = by_key.get(r["key"], []) if m is not None else []
        rows.append(
            {
                "move": m,
                "text": "pass" if m is None else str(m),
                "words": "Let the chance to jump in pass" if m is None else _capital(w.move(m)),
                "win": r["win"],
                "points": r["points"],
                "visits": r["visits"],
                "also": [str(x) for x in same if x is not m],
            }
        )
    settings = {"depth": searcher.depth, "epsilon": searcher.epsilon, "c": searcher.c}
    return Hint(
        rows,
        playouts=result.iterations,
        seconds=time.perf_counter() - t0,
        seat=seat,
        trick=trick,
        search=settings,
        names=[seat_word(game.names, i) for i in range(len(game.players))],
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
