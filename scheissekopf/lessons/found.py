"""Puzzles found in real play, as exercises.

The records in ``lessons/puzzles/<variant>.jsonl`` are written by ``python -m scheissekopf
puzzles`` (:mod:`scheissekopf.puzzles`): one JSON object a line with ``id``, ``variant``,
``text`` (the position text), ``seat``, ``goal``, ``solution`` (the best move's texts: every
move with its outcome) and ``figures`` (the searches' and the greedy bot's figures). Each
becomes an :class:`~.lesson.Exercise` that the learner plays from their own seat's view.
"""

from __future__ import annotations

import json
from importlib import resources

from ..puzzles import situation
from ..variants import from_dict, text_to_dict, unknown_variant, variant, variant_names
from .checks import moves
from .lesson import Exercise, seat_names
from .reasons import move_words, reason, what_it_does

#: the variants with a shipped puzzle file
SHIPPED = ("bitenight", "palace", "schwechat", "schafkopf", "sheepshead", "mehrkopf")


def records(variant: str) -> list[dict]:
    """The shipped puzzle records of one variant (none for a variant without a file)."""
    if variant not in variant_names():
        raise ValueError(unknown_variant(variant))
    path = resources.files(__package__).joinpath("puzzles", f"{variant}.jsonl")
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _units(x: float) -> str:
    return f"{x:+.2f} units"


def exercise(record: dict) -> Exercise:
    """The exercise of one puzzle record."""
    fig = record["figures"]
    of = variant(record["variant"])
    strong, weak, greedy = fig["strong"], fig["weak"], fig["greedy"]
    best, second = strong["rows"][0], max(strong["rows"][1:], key=lambda r: r[fig["measure"]])
    say = _units if of.points_signed else _pct
    measure = fig["measure"]
    what = of.measure_words  # what the search ranks by
    n = f"{strong['iterations']:,}"
    seat = record["seat"]
    # the tutorial's cast at the table, "You" at the learner's seat: the question, the hints and
    # the explanation name the seats as the table does (the record's goal is in the seats' codes)
    position = text_to_dict(record["text"])
    position["names"] = seat_names(len(position["players"]), seat)
    game = from_dict(position)

    def words(text: str) -> str:
        return move_words(game, text)

    # the next best may tie the best's figure only in rounding: say what the numbers say
    hints = [
        f"The plain habit, {words(greedy['move'])}, is not the best move here.",
        # the live Hint runs a shorter search of its own: say these figures are the long one's
        f"When this puzzle was chosen, a long search ({n} simulated games from your view) rated one "
        f"move at {say(best[measure])} by {what}; the next best got {say(second[measure])}. The "
        "Hint button's quicker search plays fewer games, so its figures differ a little.",
    ]
    if greedy["move"] == second["text"]:
        rest = f"the next best ({words(second['text'])}, the greedy habit's move) at {say(second[measure])}"
    else:
        rest = (
            f"the next best ({words(second['text'])}) at {say(second[measure])} and the greedy habit's "
            f"move ({words(greedy['move'])}) at {say(greedy[measure])}"
        )
    explain = (
        f"{reason(game, seat, best['text'], greedy['move'])} "
        f"In figures: the search ({n} simulated games, dealing the cards you cannot see at random) rates "
        f"your move at {say(best[measure])} by {what}, {rest}. "
        f"A search of {weak['iterations']:,} games picks the same move."
    )
    misses = {
        row["text"]: f"the search gives this move {say(row[measure])}, the best one {say(best[measure])}. "
        + what_it_does(game, seat, row["text"])
        for row in strong["rows"][1:]
    }
    return Exercise(
        id="pz-" + record["id"],
        position=position,
        seat=seat,
        goal=situation(game, seat),
        accept=moves(*record["solution"], why="the search rates another move clearly higher", misses=misses),
        solutions=tuple(record["solution"]),
        hints=hints,
        explain=explain,
        view=True,
    )


def puzzles(variant: str | None = None) -> tuple:
    """Every shipped puzzle as an :class:`~.lesson.Exercise` (only that variant's, if given)."""
    variants = SHIPPED if variant is None else (variant,)
    return tuple(exercise(r) for v in variants for r in records(v))
