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
from .review import Review, review
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

__version__ = "0.2.0"

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
    "Review",
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
    "review",
]


# The widget needs the Jupyter packages of the widget extra; the engine never imports them.
_WIDGET = ("LessonTable", "Scene", "Table")


def _widget_installed() -> bool:
    from importlib.util import find_spec

    try:
        return all(find_spec(name) is not None for name in ("anywidget", "ipywidgets"))
    except (ImportError, ValueError):  # a finder that refuses the name, a module without a spec
        return False


if not _widget_installed():  # `from scheissekopf import *` works without the widget extra
    __all__ = [name for name in __all__ if name not in _WIDGET]


def __getattr__(name: str):
    # sk.Table and the like without the widget extra raise errors.MissingExtra, which says what to install
    if name in ("Table", "Scene"):
        from . import table

        return getattr(table, name)
    if name == "LessonTable":
        from .lessons.widget import LessonTable

        return LessonTable
    raise AttributeError(f"module 'scheissekopf' has no attribute {name!r}")
