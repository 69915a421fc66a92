"""A played hand looked back on, move by move: which moves were fine, which cost something, what
was better and what it would have achieved, in card players' words.

>>> import random
>>> import scheissekopf as sk
>>> from scheissekopf.bots import get, play_round
>>> g = sk.new_game("palace", players=3, seed=4, names=["Ada", "Ben", "Cleo"])
>>> _ = play_round(g, [get("greedy")] * 3, random.Random(1))
>>> r = sk.review(g, 0, iterations=60, seed=1)
>>> r.seat, len(r) == sum(m.player == 0 for m in g.history)
(0, True)
>>> {j.verdict for j in r} <= set(VERDICTS)
True

Each decision of the reviewed seat is judged from the position before it **as that seat saw
it**: the game is stepped back (on a copy) to that move, and the search the Hint runs
(``variant(game).searcher``, see :mod:`scheissekopf.hint`) starts from ``game.view(seat)``, so a
card the seat could not see never counts. Two thirds of a decision's budget
(:data:`SEARCH_SHARE`) go to the search choosing its move. Where that is not the move played,
the rest compares the two afresh: on new deals of the hidden cards, both moves are played out
in the same deals, each followed by the greedy habits (a search of the root's moves only,
``depth=1``), so that neither the deals the search chose on nor the deeper tree it grew under
its own choice favour it:

* ``loss``: how much the move played fell short of the search's choice, in the variant's
  ``measure``: the chance of not being the Scheißkopf (0..1) in the shedding games, the mean
  settlement of the hand in stakes in sheepshead, schafkopf and mehrkopf (0 when the move played
  is the search's choice);
* ``sure``: that loss in standard errors of the difference (from the spread of the paired
  results and the number of deals; a pseudo-deal of the measure's own spread is added, so a
  handful of identical deals does not read as certainty).

The verdicts (the same table is in ``docs/review.md``); a loss is sized less one standard error:

* ``forced``: one legal move, or all of them the same (``variant.move_key``): not judged;
* ``best``: the move the search chose (loss 0);
* ``good``: another move, with a loss below the inaccuracy's or within noise (``sure`` < 1);
* ``inaccuracy``: a loss from 0.03 (win) / 0.15 stakes (points), ``sure`` >= 1;
* ``mistake``: a loss less one standard error from 0.08 / 0.5 stakes, ``sure`` >= 3;
* ``blunder``: a loss less one standard error from 0.20 / 1.5 stakes, ``sure`` >= 3.

A loss within noise (``sure`` below 3) is never a mistake or a blunder; below 1 it is "good"
(:data:`THRESHOLDS`, :data:`SURE_INACCURACY`, :data:`SURE_MISTAKE`). A decision the seat did not
take (letting a jump-in chance pass) is no move of the history and is not judged.

``budget`` is the seconds of search for the **whole review** (:data:`BUDGET` by default), shared
by the decisions still to judge (forced ones cost nothing, and one where the move played was the
search's choice leaves its unused time to the rest); ``iterations`` gives each judged decision
that many playouts instead, which with ``seed`` makes the review repeatable.
"""

from __future__ import annotations

import copy
import hashlib
import html
import math
import random
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .moves import Move
from .variants import AnyGame, variant
from .words import Writer, agree, card_word, cards_in_words, counted, seat_word

#: seconds of search for a whole review by default (one seat of a 4-player bitenight round of
#: greedy play is reviewed in about 16 s on a 2-core machine; see docs/review.md)
BUDGET = 16.0
#: the least search a judged decision gets, in seconds, however many decisions share the budget
FLOOR = 0.05
#: the share of a decision's budget the search spends choosing its move; the rest compares the
#: move played with that choice on fresh deals
SEARCH_SHARE = 2 / 3

VERDICTS = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")
#: the loss from which a move is an inaccuracy, a mistake, a blunder, per measure ("win": the
#: chance of not being the Scheißkopf; "points": the hand's mean settlement in stakes)
THRESHOLDS = {"win": (0.03, 0.08, 0.20), "points": (0.15, 0.5, 1.5)}
#: standard errors of the difference a loss needs to be an inaccuracy, and a mistake or blunder
SURE_INACCURACY = 1.0
SURE_MISTAKE = 3.0
#: the marks a verdict is shown with (as chess reviews mark moves)
#: (a blunder is a cross, not chess's "??", which the table reads as a hidden card)
MARKS = {"forced": "·", "best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "✗"}
_COLOURS = {
    "forced": "#777",
    "best": "#1b7f3b",
    "good": "#3d7f9f",
    "inaccuracy": "#b7950b",
    "mistake": "#d35400",
    "blunder": "#c0392b",
}


@dataclass(frozen=True)
class Judgement:
    """One decision of one seat, judged.

    ``ply``: its place in ``game.history`` (from 0); ``seat``; ``move``: the :class:`Move`
    played; ``best``: the search's choice (a Move; None for "let the jump-in chance pass");
    ``loss``: what the move cost against ``best`` in the variant's measure (0 for the best move,
    None for a forced one); ``verdict``: one of :data:`VERDICTS`; ``sure``: the loss in standard
    errors of the difference (None for a forced move); ``words``: one sentence for people;
    ``value`` and ``best_value``: the measure after the move played and after ``best``, as the
    search estimated them (None for a forced move); ``deals``: how many deals the two moves were
    compared on.
    """

    ply: int
    seat: int
    move: Move
    best: Move | None
    loss: float | None
    verdict: str
    sure: float | None
    words: str
    value: float | None = None
    best_value: float | None = None
    deals: int = 0

    @property
    def mark(self) -> str:
        """The verdict's mark: ★ best, ✓ good, ?! inaccuracy, ? mistake, ✗ blunder, · forced."""
        return MARKS[self.verdict]

    def to_dict(self) -> dict:
        """JSON-ready: the moves as their text."""
        return {
            "ply": self.ply,
            "seat": self.seat,
            "move": str(self.move),
            "best": None if self.best is None else str(self.best),
            "loss": self.loss,
            "verdict": self.verdict,
            "sure": self.sure,
            "words": self.words,
            "value": self.value,
            "best_value": self.best_value,
            "deals": self.deals,
        }


@dataclass(frozen=True)
class _Context:
    """What a judgement was made from, kept for the exercises: the full position before the move,
    and the moves of the seat that do what the best move does."""

    before: Any
    played: Move
    best: Move | None
    solutions: tuple


class Review(Sequence):
    """The judgements of a review, in the order they were played (see :func:`review`).

    ``seat``: the seat reviewed (None: every seat); ``variant``: the variant's name;
    ``measure``: ``"win"`` or ``"points"`` (what ``loss`` and the chances are in); ``names``: the
    seats as people call them; ``seconds``: how long the review took; ``playouts``: the playouts
    the search ran in all.
    """

    def __init__(self, judgements, *, seat, variant, measure, measure_words, names, seconds, playouts, contexts):
        self._judgements = list(judgements)
        self.seat = seat
        self.variant = variant
        self.measure = measure
        self.measure_words = measure_words
        self.names = list(names)
        self.seconds = seconds
        self.playouts = playouts
        self._contexts = list(contexts)

    def __getitem__(self, i):
        return self._judgements[i]

    def __len__(self) -> int:
        return len(self._judgements)

    def __iter__(self) -> Iterator[Judgement]:
        return iter(self._judgements)

    # ------------------------------------------------------------------ reading
    def counts(self) -> dict:
        """How many judgements have each verdict, every verdict listed."""
        return {v: sum(j.verdict == v for j in self) for v in VERDICTS}

    def chances(self, seat: int | None = None) -> list[tuple[int, float]]:
        """The seat's measure after each of its judged decisions, as ``(ply, value)`` pairs for a
        chart of its chances over the hand: the chance of not being the Scheißkopf (0..1), or
        the hand's mean settlement in stakes. Forced moves are left out (nothing was searched).
        ``seat`` defaults to the seat reviewed; a review of every seat needs it."""
        if seat is None:
            seat = self.seat
        if seat is None:
            raise ValueError("This review covers every seat: say whose chances to chart, e.g. chances(0).")
        return [(j.ply, j.value) for j in self if j.seat == seat and j.value is not None]

    def lines(self) -> list[str]:
        """Each judgement as a line: ``"move 12, mistake: Ada played 7♣, ..."``."""
        return [f"move {j.ply + 1}, {j.verdict}: {j.words}" for j in self]

    def summary(self) -> str:
        """The verdicts counted in one sentence."""
        c = self.counts()
        judged = [f"{c[v]} {v}" for v in ("best", "good") if c[v]]
        judged += [_counted(c[v], v) for v in ("inaccuracy", "mistake", "blunder") if c[v]]
        judged = judged or ["nothing to judge"]
        said = judged[0] if len(judged) == 1 else ", ".join(judged[:-1]) + " and " + judged[-1]
        who = "every seat" if self.seat is None else seat_word(self.names, self.seat)
        forced = f", {c['forced']} of them forced" if c["forced"] else ""
        missing = [v + "s" for v in ("mistake", "blunder") if not c[v]]
        clean = f"; no {' and no '.join(missing)}" if missing else ""
        text = f"{who} made {counted(len(self), 'decision')}{forced}: {said}{clean}."
        return agree(text[:1].upper() + text[1:], self.names)

    def to_dict(self) -> dict:
        """The review as JSON-ready data."""
        return {
            "variant": self.variant,
            "seat": self.seat,
            "measure": self.measure,
            "names": list(self.names),
            "seconds": self.seconds,
            "playouts": self.playouts,
            "judgements": [j.to_dict() for j in self],
        }

    def __repr__(self) -> str:
        c = self.counts()
        who = "every seat" if self.seat is None else seat_word(self.names, self.seat)
        return (
            f"<Review of {who} in {self.variant}: {counted(len(self), 'decision')}, "
            f"{_counted(c['inaccuracy'], 'inaccuracy')}, "
            f"{_counted(c['mistake'], 'mistake')}, {_counted(c['blunder'], 'blunder')}>"
        )

    def _repr_html_(self) -> str:
        head = html.escape(self.summary())
        rows = []
        for j in self:
            colour = _COLOURS[j.verdict]
            rows.append(
                "<tr>"
                f'<td style="padding:2px 6px;text-align:right;color:#777">{j.ply + 1}</td>'
                f'<td style="padding:2px 6px;font-weight:bold;color:{colour};white-space:nowrap">'
                f"{html.escape(j.mark)} {j.verdict}</td>"
                f'<td style="padding:2px 6px">{html.escape(j.words)}</td>'
                "</tr>"
            )
        return (
            '<div class="sk-review" style="max-width:580px;font-family:\'DejaVu Sans\',Arial,sans-serif;'
            'font-size:13px">'
            f'<p style="margin:4px 0">{head}</p>'
            '<table style="border-collapse:collapse;width:100%">'
            '<tr><th style="padding:2px 6px;text-align:right">#</th><th style="padding:2px 6px;text-align:left">'
            'verdict</th><th style="padding:2px 6px;text-align:left">what happened</th></tr>'
            + "".join(rows)
            + "</table></div>"
        )

    # ------------------------------------------------------------------ mistakes as puzzles
    def exercises(self) -> list:
        """One lesson exercise per mistake or blunder of the reviewed seat (every seat's, for a
        review of every seat), for a :class:`~scheissekopf.lessons.widget.LessonTable`: the
        position before the move (its one-line text), a goal that asks for the better move, the
        moves that do what the search's choice does as solutions, and the review's words as the
        feedback. A decision whose better choice was to let a jump-in chance pass is left out
        (there is no move to make)."""
        from .lessons.checks import moves as moves_check
        from .lessons.lesson import Exercise

        out = []
        for j, ctx in zip(self, self._contexts):
            if j.verdict not in ("mistake", "blunder") or ctx.best is None or not ctx.solutions:
                continue
            text = ctx.before.to_text()
            probe = Exercise(f"review-{j.ply}", text, j.seat, "probe", solutions=ctx.solutions, view=True)
            names = list(probe.game().names)  # the cast's names where the game has none of its own
            people = [seat_word(names, i) for i in range(len(names))]
            said = _judged_words(
                ctx.before,
                j.seat,
                ctx.played,
                ctx.best,
                j.verdict,
                j.value,
                j.best_value,
                people,
                self.measure,
                self.measure_words,
            )
            w = Writer(people, people=True)
            name = people[j.seat]
            did = _did(ctx.played, w)
            figures = f"{_figure(j.best_value, self.measure)} against {_figure(j.value, self.measure)}"
            if self.measure != "win":
                figures = figures.replace(" stakes against", " against")
            goal = agree(
                f"In the game {name} {did} here; there was a better move ({self.measure_words}: {figures}). Find it.",
                people,
            )
            hints: tuple[str, ...] = ()
            effect = _effect(ctx.before, j.seat, ctx.best, people)
            if effect:  # what the better move does, without naming its cards
                which = "cards" if len(ctx.best.cards) > 1 else "card"
                hints = (agree(f"Look for the {which} that {effect[len(', which ') :]}.", people),)
            digest = hashlib.sha1(f"{text}|{ctx.played}".encode()).hexdigest()[:8]
            out.append(
                Exercise(
                    id=f"review-{self.variant}-{j.ply + 1}-{digest}",
                    position=text,
                    seat=j.seat,
                    goal=goal,
                    accept=moves_check(
                        *ctx.solutions,
                        why="that is not the move the search prefers here",
                        misses={str(ctx.played): "that is the move from the game, the one the review marked"},
                    ),
                    solutions=ctx.solutions,
                    hints=hints,
                    explain=said,
                    view=True,
                )
            )
        return out


# ---------------------------------------------------------------------- the review
def review(
    game: AnyGame,
    seat: int | None = None,
    *,
    budget: float | None = None,
    iterations: int | None = None,
    seed: int | None = None,
    progress: Callable[[int, int], Any] | None = None,
    plies: Sequence[int] | None = None,
) -> Review:
    """Judge every decision of ``seat`` (of every seat when None) in ``game.history``, each from
    the position before it as that seat saw it; returns a :class:`Review`. The game is never
    changed (the review steps back on a copy).

    ``budget``: seconds of search for the whole review (:data:`BUDGET` by default), shared by
    the judged decisions; ``iterations``: playouts per judged decision instead (then ``budget``
    is not used); ``seed``: with ``iterations``, the same review every time. ``progress``: called
    as ``progress(done, total)`` after each decision (for a progress bar). ``plies``: judge only
    these moves of the history (their places in it, from 0; each must be the reviewed seat's),
    e.g. to look at one move again with a larger budget.

    Raises ValueError, in one sentence, for a game with no moves, a seat out of range or that
    never moved, a budget that is not a positive finite number of seconds, iterations that are
    not a positive whole number, and a view reviewed for another seat than its own.
    """
    t0 = time.perf_counter()
    of = variant(game)
    n = len(game.players)
    names = [seat_word(game.names, i) for i in range(n)]
    own = getattr(game, "seat", None)  # a view: the seat whose view it is
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"There is no seat {seat!r} at this table: the seats are 0 to {n - 1}.")
    if own is not None:
        if seat is not None and seat != own:
            raise ValueError(
                f"This is {names[own]}'s view of the game, with the other hands hidden: "
                f"it can only be reviewed for {names[own]}."
            )
        seat = own
    if budget is not None and (
        isinstance(budget, bool) or not isinstance(budget, (int, float)) or not math.isfinite(budget) or budget <= 0
    ):
        raise ValueError(f"A review's budget is a number of seconds above 0, not {budget!r}.")
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        raise ValueError(f"A review's iterations are a whole number of playouts from 1 up, not {iterations!r}.")
    history = list(game.history)
    if not history:
        raise ValueError("There is nothing to review: no move has been played in this game yet.")
    mine = [k for k, m in enumerate(history) if seat is None or m.player == seat]
    if not mine and seat is not None:
        raise ValueError(f"There is nothing to review for {names[seat]}, who has not made a move in this game.")
    if plies is not None:
        wanted = list(plies)
        if not wanted or any(type(k) is not int or k not in mine for k in wanted):
            whose = "" if seat is None else f" of {names[seat]}"
            raise ValueError(f"Plies are places in the game's history (from 0) of moves{whose}, not {plies!r}.")
        mine = sorted(set(wanted))

    before = _positions_before(game)
    # first pass: which decisions are forced (they are not searched and cost no budget)
    plan = []
    for k in mine:
        pos, move = before[k], history[k]
        view = pos.view(move.player)
        moves = [m for m in pos.legal_moves() if m.player == move.player]
        searcher = of.searcher(view, moves, depth=None, epsilon=None, c=None)
        plan.append((k, pos, move, moves, searcher))
    # the budget is shared by the decisions still to judge: one the search settles at once
    # (the move played was its choice) leaves its unused time to the others
    left = sum(len(s.real) > 1 for *_, s in plan)
    total = BUDGET if budget is None else float(budget)
    t_search = time.perf_counter()

    judgements, contexts = [], []
    playouts = 0
    for done, (k, pos, move, moves, searcher) in enumerate(plan, 1):
        mover = move.player
        if len(searcher.real) == 1:
            words = _forced_words(move, len(moves) > 1, names)
            judgements.append(Judgement(k, mover, move, move, None, "forced", None, words))
            contexts.append(_Context(pos, move, move, ()))
        else:
            rng = random.Random(f"review:{seed}:{k}") if seed is not None else random.Random()
            samples = _Samples(searcher)
            if iterations is not None:
                searcher.run(rng, iterations=max(1, round(iterations * SEARCH_SHARE)), clock=time.perf_counter)
            else:
                per = max(FLOOR, (total - (time.perf_counter() - t_search)) / max(1, left))
                searcher.run(rng, seconds=per * SEARCH_SHARE, clock=time.perf_counter)
            left -= 1
            best_key = searcher.chosen if searcher.chosen is not None else next(iter(searcher.real))
            played_key = of.move_key(move)
            if played_key not in searcher.real:  # (a move the search files under another key)
                played_key = next((key for key, m in searcher.real.items() if m == move), best_key)
            best = searcher.real[best_key]
            if played_key == best_key:
                value = best_value = samples.mean(best_key)
                loss, sure, deals, verdict = 0.0, 0.0, samples.count(best_key), "best"
            else:
                # the search chose on its own deals, and its tree knows the chosen move's sequel
                # best: the two moves are compared again on fresh deals, each played out alike
                # (a tree of the root's moves only, the greedy habits after them)
                checker = of.searcher(pos.view(mover), moves, depth=1, epsilon=None, c=None)
                samples = _Samples(checker)
                if iterations is not None:
                    deals_left = max(2, (iterations - searcher.iterations) // 2)
                    stop = math.inf
                else:
                    deals_left = None
                    stop = time.perf_counter() + per * (1 - SEARCH_SHARE)
                done_deals = 0
                while True:
                    deal = checker.info.sample(rng)
                    same = rng.getrandbits(64)
                    for key in (best_key, played_key):
                        checker.iterate(random.Random(same), deal, key)
                    done_deals += 1
                    if deals_left is not None and done_deals >= deals_left:
                        break
                    if done_deals >= 2 and time.perf_counter() >= stop:
                        break
                playouts += checker.iterations
                value, best_value = samples.mean(played_key), samples.mean(best_key)
                loss, se, deals = samples.paired(best_key, played_key, of.measure)
                sure = loss / se if se > 0 else 0.0
                verdict = _verdict(loss, se, of.measure)
            playouts += searcher.iterations
            words = _judged_words(
                pos, mover, move, best, verdict, value, best_value, names, of.measure, of.measure_words
            )
            solutions = tuple(str(m) for m in moves if best is not None and of.move_key(m) == best_key)
            judgements.append(
                Judgement(
                    k, mover, move, best, round(loss, 4), verdict, round(sure, 2), words, value, best_value, deals
                )
            )
            contexts.append(_Context(pos, move, best, solutions))
        if progress is not None:
            progress(done, len(plan))
    return Review(
        judgements,
        seat=seat,
        variant=of.name,
        measure=of.measure,
        measure_words=of.measure_words,
        names=names,
        seconds=time.perf_counter() - t0,
        playouts=playouts,
        contexts=contexts,
    )


def _counted(n: int, verdict: str) -> str:
    """A count of a verdict: ``1 mistake``, ``2 inaccuracies``."""
    return counted(n, verdict).replace("inaccuracys", "inaccuracies")


def _verdict(loss: float, se: float, measure: str) -> str:
    """The verdict of a move that is not the search's choice, from its loss and the loss's
    standard error (see the module's table): a mistake or a blunder must be at least 2 standard
    errors from nothing, and is sized by its loss less one standard error."""
    inaccuracy, mistake, blunder = THRESHOLDS[measure]
    sure = loss / se if se > 0 else (math.inf if loss > 0 else 0.0)
    if loss < inaccuracy or sure < SURE_INACCURACY:
        return "good"
    low = loss - se
    if sure < SURE_MISTAKE or low < mistake:
        return "inaccuracy"
    return "mistake" if low < blunder else "blunder"


# ---------------------------------------------------------------------- the positions
def _positions_before(game) -> list:
    """The full position before each move of ``game.history`` (copies; the game is not touched):
    taken back move by move on a deep copy where the game keeps its undo record, else rebuilt
    from the deal by replaying the moves."""
    n = len(game.history)
    work = copy.deepcopy(game)
    out: list = [None] * n
    while work.history and work.can_undo:
        if work.undo() is not None:
            out[len(work.history)] = work.clone()
    if not work.history:
        return out
    return _replayed(game)


def _replayed(game) -> list:
    """The positions before each move, from a fresh deal of the game's seed with its moves
    replayed; refused when that does not lead to the game's position."""
    from .variants import new_game

    why = "This game's earlier positions cannot be rebuilt (it was read from a position, not played here)."
    seed = getattr(game, "seed", None)
    if seed is None:
        raise ValueError(why)
    try:
        g = new_game(game.variant, len(game.players), seed=seed, dealer=game.dealer, names=list(game.names))
        out = []
        for m in game.history:
            out.append(g.clone())
            g.play(str(m))
    except Exception:  # any refusal along the way: not this game's deal
        raise ValueError(why) from None
    if g.to_dict() != game.to_dict():
        raise ValueError(why)
    return out


# ---------------------------------------------------------------------- the search's samples
class _Samples:
    """Each root move's result in each deal of a search, read from the root's edges as the search
    runs (the searcher's own ``iterate`` is wrapped on this one object), so that two moves
    played in the same deals can be compared deal by deal."""

    def __init__(self, searcher):
        self.by_key: dict = {}  # key -> {deal number: result}
        self.deal = None
        self.number = -1
        inner = searcher.iterate
        root = searcher.root

        def iterate(rng, deal=None, root_key=None, shared=True):
            if deal is None or deal is not self.deal:
                self.deal = deal
                self.number += 1
            before = {key: (e.visits, e.reward) for key, e in root.items()}
            inner(rng, deal, root_key, shared)
            for key, e in root.items():
                visits, reward = before.get(key, (0, 0.0))
                if e.visits > visits:
                    self.by_key.setdefault(key, {})[self.number] = (e.reward - reward) / (e.visits - visits)

        searcher.iterate = iterate

    def count(self, key) -> int:
        return len(self.by_key.get(key, {}))

    def mean(self, key) -> float | None:
        got = list(self.by_key.get(key, {}).values())
        return round(sum(got) / len(got), 4) if got else None

    def paired(self, best, played, measure: str) -> tuple[float, float, int]:
        """(mean difference best - played over the deals both were played in, its standard
        error, how many deals)."""
        a, b = self.by_key.get(best, {}), self.by_key.get(played, {})
        common = [d for d in a if d in b]
        if not common:
            return 0.0, math.inf, 0
        diffs = [a[d] - b[d] for d in common]
        n = len(diffs)
        mean = sum(diffs) / n
        # a pseudo-deal of the measure's own spread: a few identical deals are no certainty
        if measure == "win":
            spread = 0.5
        else:
            every = [abs(x) for results in self.by_key.values() for x in results.values()]
            spread = max(0.5, sum(every) / len(every))
        var = (sum((x - mean) ** 2 for x in diffs) + spread**2) / n
        return mean, math.sqrt(var / n), n


# ---------------------------------------------------------------------- words
_PAST = {
    "play": "played",
    "take": "took",
    "show": "showed",
    "swap": "swapped",
    "say": "said",
    "turn": "turned",
    "lay": "laid",
    "bid": "bid",
    "pass": "passed",
    "bury": "buried",
    "call": "called",
    "pick": "picked",
    "place": "placed",
    "jump": "jumped",
    "double": "doubled",
    "announce": "announced",
    "go": "went",
    "lead": "led",
    "put": "put",
    "let": "let",
    "give": "gave",
    "keep": "kept",
    "choose": "chose",
}


def _past(does: str) -> str:
    """A move's words after "can't" (``play 4♣``, ``take the stack``) in the past tense."""
    first, _, rest = does.partition(" ")
    if first in _PAST:
        return f"{_PAST[first]} {rest}".strip()
    return f"chose to {does}"


def _did(move, w: Writer) -> str:
    """What a move did, in the past tense: ``played 4♣``, ``played the Gras-Ass``, ``took the
    stack``."""
    if move.kind == "card" and move.cards and "-" in card_word(move.cards[0]):
        return f"played the {card_word(move.cards[0])}"  # a German card, named as the notebooks do
    return _past(w.move(move))


def _forced_words(move, several: bool, names) -> str:
    w = Writer(names, people=True)
    name = names[move.player]
    tail = ": any other move would have done the same" if several else ", the only move there was"
    return agree(f"{name} {_did(move, w)}{tail}.", names)


def _name_the_mover(text: str, name: str) -> str:
    """A lesson sentence's "you" (the seat that moves) as that seat's name."""
    text = re.sub(r"\byou lead\b", f"{name} leads", text)
    text = re.sub(r"\byour\b", f"{name}'s", text)
    return re.sub(r"\byou\b", name, text)


def _figure(value: float | None, measure: str) -> str:
    if value is None:
        return "?"
    return f"{100 * value:.0f} %" if measure == "win" else f"{value:+.2f} stakes"


def _with_names(pos, names):
    """A copy of the position whose seats carry the names people call them (a lesson sentence
    names the other seats by the game's own names)."""
    g = pos.clone()
    g.names = tuple(names)
    for p, name in zip(g.players, names):
        p.name = name
    return g


def _effect(pos, seat: int, move, names) -> str:
    """What a card play did, as a clause after the move ("which leaves a 9 for Ben, who holds 3
    cards, ..."), or "" where there is nothing to add (setup, bids, a take)."""
    if pos.phase != "play":
        return ""
    try:
        said = variant(pos).what_it_does(_with_names(pos, names), seat, str(move))
    except Exception:  # a move the lesson words do not describe: the move alone is said
        return ""
    subject = f"Your {cards_in_words(move.cards)} "
    if not move.cards or not said.startswith(subject):
        return ""
    return ", which " + _name_the_mover(said[len(subject) :].rstrip("."), names[seat])


def _better(pos, seat: int, move, best, names) -> str:
    """What the better move would have done, as a clause ("9♣ 9♦ would have completed four 9s
    and burned the stack, so Ada would have led again")."""
    name = names[seat]
    w = Writer(names, people=True)
    if best is None:
        return f"{name} could have let the chance to jump in pass"
    plain = f"{name} could have chosen to {w.move(best)}"
    if pos.phase != "play":
        return plain
    try:
        said = variant(pos).reason(_with_names(pos, names), seat, str(move), str(best))
    except Exception:  # a move the lesson words do not describe
        return plain
    head, sep, other = said.rstrip(".").partition("; the greedy ")
    if not sep:
        return plain
    if other.startswith("habit's "):
        other = "the " + other[len("habit's ") :]
    elif other.startswith("habit would have "):
        other = f"{name} could have " + other[len("habit would have ") :]
    elif "-" in other.split(" ", 1)[0]:  # a German card: the Gras-Ass
        other = "the " + other
    other = other.replace("so you lead again", "so you would have led again").replace(
        " leads next", " would have led next"
    )
    return _name_the_mover(other, name)


def _judged_words(pos, seat, move, best, verdict, value, best_value, names, measure, measure_words) -> str:
    """The sentence of a judged (not forced) decision."""
    w = Writer(names, people=True)
    name = names[seat]
    did = f"{name} {_did(move, w)}{_effect(pos, seat, move, names)}"
    if verdict == "best":
        text = f"{did}: the move the search likes best ({measure_words}: {_figure(value, measure)})"
    elif verdict == "good":
        choice = "let the chance pass" if best is None else _short(best, w)
        text = f"{did}: about as good as the search's choice ({choice}), as far as the search can tell"
    else:
        better = _better(pos, seat, move, best, names)
        figures = f"{_figure(best_value, measure)} against {_figure(value, measure)}"
        if measure != "win":
            figures = figures.replace(" stakes against", " against")
        text = f"{did}; {better} ({measure_words}: {figures})"
    return agree(text + ".", names)


def _short(move, w: Writer) -> str:
    """A move in a few words: its cards where it plays some, else what it does."""
    if move.kind in ("play", "card") and move.cards:
        word = w.cards(move.cards)
        return f"the {word}" if "-" in card_word(move.cards[0]) else word
    return w.move(move)
