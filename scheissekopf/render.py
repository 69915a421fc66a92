"""A picture of any game position as plain HTML, and the description the card table draws.

Nothing here imports Jupyter or the widget. Each family draws its own table
(:mod:`scheissekopf.shedding.render`, :mod:`scheissekopf.trick.render`) from the cards and
colours they share (:mod:`scheissekopf.drawing`); this module asks the variant object of a game
or a position dict (:func:`scheissekopf.variants.variant`) to draw it:

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
from .variants import is_trick_game, variant

__all__ = [
    "describe",
    "game_html",
    "narration",
    "card_parts",
    "seat_rows",
    "contract_text",
    "describe_trick",
    "trick_html",
    "is_trick_game",
]


def describe(game_or_dict: Any, view: Any = None, *, home: int | None = None) -> tuple[dict, dict]:
    """``(position, info)`` for a picture of ``game_or_dict`` as ``view`` sees it.

    ``view`` is ``None`` or ``"table"`` (every card open) or a seat number (only what that seat may
    see; for a Game the position comes from ``game.view(seat)``, so hidden cards are ``"??"``).
    ``home`` is the seat drawn at the bottom (default: the viewing seat, else the first).
    """
    return variant(game_or_dict).describe(game_or_dict, view, home=home)


def narration(game: Any, view: Any = None) -> list[str]:
    """The game's events in card players' words, oldest first, as ``view`` may read them."""
    return variant(game).narration(game, view)


def game_html(game_or_dict: Any, view: Any = None, *, home: int | None = None) -> str:
    """The position as a self-contained HTML picture (inline styles, no scripts).

    ``game_or_dict`` is a game or a position dict (``to_dict()`` format). ``view`` is
    ``None``/``"table"`` for every card open, or a seat number to show only what that seat sees.
    ``home`` draws that seat at the bottom (a lesson's learner) where the view does not say who
    sits there.
    """
    return variant(game_or_dict).html(game_or_dict, view, home=home)


def contract_text(game: Any) -> str:
    """What is being played, in words ("Ben plays a Wenz"); "" before anything is announced and
    in the shedding games, which announce nothing."""
    return variant(game).contract_text(game)


# the trick family's names of 0.2.0, for any game now
describe_trick = describe
trick_html = game_html
