"""A picture of any game position as plain HTML, and the description the card table draws.

Nothing here imports Jupyter or the widget. Each family draws its own table
(:mod:`scheissekopf.shedding.render`, :mod:`scheissekopf.trick.render`) from the cards and
colours they share (:mod:`scheissekopf.drawing`); this module picks the family for a game or a
position dict:

* ``describe(game_or_dict, view)`` -> ``(position, info)``: the position as the viewer may see it
  and what a picture needs (whose turn, counts, seat arrangement, ...). The interactive ``Table``
  syncs exactly that to the browser, so the static picture and the widget always agree.
* ``game_html(game_or_dict, view)``: the same as a self-contained HTML string (inline styles
  only), shown where no kernel runs and by ``_repr_html_``.
* ``narration(game, view)``: the events in card players' words (``event.words``) as that viewer
  may read them.
"""

from __future__ import annotations

from typing import Any

from .drawing import card_parts, seat_rows
from .shedding import render as _shedding
from .shedding.render import status_text
from .trick import render as _trick
from .trick.render import contract_text, german_card_parts, trick_narration
from .variants import from_dict, is_trick_game

__all__ = [
    "describe",
    "game_html",
    "narration",
    "card_parts",
    "seat_rows",
    "describe_trick",
    "trick_html",
    "german_card_parts",
    "contract_text",
    "is_trick_game",
    "status_text",
    "trick_narration",
]


def _trick_game(game_or_dict: Any) -> Any:
    """A trick-taking hand drawn from its position data is first read into a game."""
    return from_dict(game_or_dict) if isinstance(game_or_dict, dict) else game_or_dict


def describe(game_or_dict: Any, view: Any = None, *, home: int | None = None) -> tuple[dict, dict]:
    """``(position, info)`` for a picture of ``game_or_dict`` as ``view`` sees it.

    ``view`` is ``None`` or ``"table"`` (every card open) or a seat number (only what that seat may
    see; for a Game the position comes from ``game.view(seat)``, so hidden cards are ``"??"``).
    ``home`` is the seat drawn at the bottom (default: the viewing seat, else the first).
    """
    if is_trick_game(game_or_dict):
        return _trick.describe_trick(_trick_game(game_or_dict), view, home=home)
    return _shedding.describe(game_or_dict, view, home=home)


def describe_trick(game_or_dict: Any, view: Any = None) -> tuple[dict, dict]:
    """:func:`describe` for a trick-taking hand (a game or its position data)."""
    return _trick.describe_trick(_trick_game(game_or_dict), view)


def narration(game: Any, view: Any = None) -> list[str]:
    """The game's events in card players' words, oldest first, as ``view`` may read them."""
    if is_trick_game(game):
        return _trick.trick_narration(game, view)
    return _shedding.narration(game, view)


def game_html(game_or_dict: Any, view: Any = None, *, home: int | None = None) -> str:
    """The position as a self-contained HTML picture (inline styles, no scripts).

    ``game_or_dict`` is a game or a position dict (``to_dict()`` format). ``view`` is
    ``None``/``"table"`` for every card open, or a seat number to show only what that seat sees.
    ``home`` draws that seat at the bottom (a lesson's learner) where the view does not say who
    sits there.
    """
    if is_trick_game(game_or_dict):
        return _trick.trick_html(_trick_game(game_or_dict), view, home=home)
    return _shedding.game_html(game_or_dict, view, home=home)


def trick_html(game_or_dict: Any, view: Any = None) -> str:
    """:func:`game_html` for a trick-taking hand (a game or its position data)."""
    return _trick.trick_html(_trick_game(game_or_dict), view)
