"""The registry of variants: the one module that knows both families.

Everything above it (bots, hints, tournaments, rendering, the table, the command line) asks here
which family a variant belongs to and never imports the other family's game by name.

>>> import scheissekopf as sk
>>> sk.new_game("palace", players=3, seed=2).variant
'palace'
>>> sk.new_game("schafkopf", seed=3).phase
'auction'
"""

from __future__ import annotations

import abc
from typing import Any, Union

from . import shedding, trick
from .cards import Card, standard_deck
from .errors import InvalidPosition

#: the shedding games (the Scheißkopf family proper); RULES.md Part C names this tuple
VARIANTS: tuple[str, ...] = shedding.VARIANTS
#: the trick-taking games: the Schafkopf family
TRICK_VARIANTS: tuple[str, ...] = trick.VARIANTS
#: every variant, shedding games first
ALL_VARIANTS: tuple[str, ...] = VARIANTS + TRICK_VARIANTS

#: a game of any variant, for type annotations
AnyGame = Union[shedding.Game, trick.TrickGame]


def unknown_variant(variant: object) -> str:
    """The message for a variant that is not one of ours, naming every variant."""
    return (
        f"unknown variant {variant!r}: choose one of {', '.join(VARIANTS)} (shedding games) "
        f"or {', '.join(TRICK_VARIANTS)} (the Schafkopf family)"
    )


def is_trick_game(obj: Any) -> bool:
    """Is ``obj`` (a game, a seat's view, or position data) one of the Schafkopf family?"""
    variant = obj.get("variant") if isinstance(obj, dict) else getattr(obj, "variant", None)
    return variant in TRICK_VARIANTS


def new_game(
    variant: str = "bitenight",
    players: int | None = None,
    seed: int | None = None,
    *,
    dealer: int = 0,
    names: list[str] | None = None,
    **options: Any,
) -> AnyGame:
    """Shuffle with ``seed`` (same seed, same deal, on every machine) and deal a new round.

    ``players`` defaults to 4 (sheepshead: 5). The shedding games start in the setup phase and
    take ``penalties`` (schwechat's optional penalty rule) and ``starter`` (schwechat: the seat
    that plays first, else drawn by lot from the seed); the trick-taking games start with the
    bidding and take their own options (``doublers``, ``knocking``: see docs/SCHAFKOPF.md).
    """
    if variant in VARIANTS:
        return shedding.new_game(variant, players, seed, dealer=dealer, names=names, **options)
    if variant in TRICK_VARIANTS:
        return trick.new_game(variant, players=players, seed=seed, dealer=dealer, names=names, **options)
    raise ValueError(unknown_variant(variant))


def from_dict(data: Any) -> AnyGame:
    """A game of any variant from its position data (``to_dict``); raises
    :class:`~scheissekopf.errors.InvalidPosition` naming the problem."""
    if not isinstance(data, dict):
        raise InvalidPosition(f"a position is a dict, not {type(data).__name__}")
    variant = data.get("variant", "bitenight")
    if variant in VARIANTS:
        return shedding.Game.from_dict(data)
    if variant in TRICK_VARIANTS:
        return trick.from_dict(data)
    raise InvalidPosition(unknown_variant(variant))


def deck(variant: str, players: int | None = None) -> list[Card]:
    """The cards in play for that variant and table size (trick-taking games: each card has
    ``.points``)."""
    if variant in TRICK_VARIANTS:
        return trick.deck(variant, players)
    if variant not in VARIANTS:
        raise ValueError(unknown_variant(variant))
    preset = shedding.presets.get(variant)
    return standard_deck(preset.jokers_per_deck) * preset.decks(4 if players is None else players)


class Game(abc.ABC):
    """Any game of any variant: a shedding game (:class:`scheissekopf.shedding.Game`) and a
    trick-taking hand (:class:`scheissekopf.trick.TrickGame`) are both instances.

    ``Game.from_dict(position)`` reads a position of any variant.
    """

    from_dict = staticmethod(from_dict)


Game.register(shedding.Game)
Game.register(trick.TrickGame)
