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
from .cards import Card, HIDDEN, JOKER, parse_cards
from .errors import IllegalMove, InvalidPosition
from .events import Event
from .game import TRICK_VARIANTS, VARIANTS, Game, LegalMoves, Player, View, new_game
from .match import Match, RoundResult
from .moves import Move, parse_move

__version__ = "0.1.0"

__all__ = ["TRICK_VARIANTS", "VARIANTS", "deck", "Card", "Event", "Game", "HIDDEN", "IllegalMove", "InvalidPosition", "JOKER",
           "LegalMoves", "Match", "Move", "Player", "RoundResult", "Scene", "Table", "View",
           "new_game", "parse_cards", "parse_move"]


def deck(variant: str, players: int) -> list:
    """The cards in play for that variant and table size (trick-taking games: each card has
    ``.points``)."""
    if variant in TRICK_VARIANTS:
        from .game import _trick
        return _trick().deck(variant, players)
    from .cards import standard_deck
    from .presets import get
    preset = get(variant)
    return standard_deck(preset.jokers_per_deck) * preset.decks(players)


def __getattr__(name):
    # The widget needs Jupyter packages; the engine never imports it.
    if name in ("Table", "Scene"):
        from . import table
        return getattr(table, name)
    raise AttributeError(f"module 'scheissekopf' has no attribute {name!r}")
