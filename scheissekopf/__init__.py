"""scheissekopf: rules engine, bots and an interactive card table for the Scheisskopf family.

>>> import scheissekopf as sk
>>> g = sk.new_game("bitenight", players=4, seed=7)
>>> g.phase
'setup'
>>> for seat in range(4):
...     _ = g.play(f"P{seat} ready")
>>> g.phase
'play'
"""

from .cards import HIDDEN, JOKER, Card, parse_cards
from .core import LegalMoves
from .errors import IllegalMove, InvalidPosition
from .events import Event
from .match import Match, RoundResult
from .moves import Move, parse_move
from .shedding import Player, View
from .variants import (
    ALL_VARIANTS,
    TRICK_VARIANTS,
    VARIANTS,
    AnyGame,
    Game,
    deck,
    from_dict,
    from_text,
    new_game,
    to_text,
)

__version__ = "0.1.0"

__all__ = [
    "ALL_VARIANTS",
    "TRICK_VARIANTS",
    "VARIANTS",
    "AnyGame",
    "Card",
    "Event",
    "Game",
    "HIDDEN",
    "IllegalMove",
    "InvalidPosition",
    "JOKER",
    "LessonTable",
    "LegalMoves",
    "Match",
    "Move",
    "Player",
    "RoundResult",
    "Scene",
    "Table",
    "View",
    "deck",
    "from_dict",
    "from_text",
    "new_game",
    "to_text",
    "parse_cards",
    "parse_move",
]


def __getattr__(name: str):
    # The widget needs Jupyter packages; the engine never imports it.
    if name in ("Table", "Scene"):
        from . import table

        return getattr(table, name)
    if name == "LessonTable":
        from .lessons.widget import LessonTable

        return LessonTable
    raise AttributeError(f"module 'scheissekopf' has no attribute {name!r}")
