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

from ..variants import ALL_VARIANTS, TRICK_VARIANTS, from_text, text_to_dict, unknown_variant
from ..words import Writer
from .checks import moves
from .lesson import Exercise

#: the variants with a shipped puzzle file
SHIPPED = ("bitenight", "palace", "schwechat", "schafkopf")


def records(variant: str) -> list[dict]:
    """The shipped puzzle records of one variant (none for a variant without a file)."""
    if variant not in ALL_VARIANTS:
        raise ValueError(unknown_variant(variant))
    path = resources.files(__package__).joinpath("puzzles", f"{variant}.jsonl")
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _units(x: float) -> str:
    return f"{x:+.2f} units"


def _mover(record: dict):
    """Move text of the puzzle's position -> what the move does, as the table says it
    ("play 9♣", "show the joker to P2")."""
    game = from_text(record["text"])
    w = Writer(game.names, people=True)
    offered = {str(m): m for m in game.legal_moves()}  # every move a puzzle names is legal there

    def said(text: str) -> str:
        return w.move(offered[text])

    return said


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def exercise(record: dict) -> Exercise:
    """The exercise of one puzzle record."""
    fig = record["figures"]
    trick = record["variant"] in TRICK_VARIANTS
    strong, weak, greedy = fig["strong"], fig["weak"], fig["greedy"]
    best, second = strong["rows"][0], max(strong["rows"][1:], key=lambda r: r[fig["measure"]])
    say = _units if trick else _pct
    measure = fig["measure"]
    what = (
        "the mean settlement of the hand" if trick else "the chance of not being the Scheißkopf"
    )  # what the search ranks by
    n = f"{strong['iterations']:,}"
    said = _mover(record)
    hints = [
        f"The plain habit, to {said(greedy['move'])}, is not the best move here.",
        f"The search ({n} playouts from your view) rates one move at {say(best[measure])} by "
        f"{what}; no other move reaches {say(second[measure])}.",
    ]
    if greedy["move"] == second["text"]:
        rest = f"the next best, to {said(second['text'])}, which the greedy habit plays, {say(second[measure])}"
    else:
        rest = (
            f"the next best, to {said(second['text'])}, {say(second[measure])}, and the greedy habit, "
            f"to {said(greedy['move'])}, {say(greedy[measure])}"
        )
    explain = (
        f"{_first_up(said(best['text']))}: the search ({n} playouts, dealing the cards you cannot see at random) "
        f"gives it {say(best[measure])} by {what}; {rest}. "
        f"A search of {weak['iterations']:,} playouts picks the same move."
    )
    misses = {
        row["text"]: f"the search gives this move {say(row[measure])}, the best one {say(best[measure])}"
        for row in strong["rows"][1:]
    }
    return Exercise(
        id="pz-" + record["id"],
        position=text_to_dict(record["text"]),
        seat=record["seat"],
        goal=record["goal"],
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
