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
from .notation import fail, parse_fields, seat_keyword, shown
from .shedding import notation as shedding_notation
from .trick import notation as trick_notation

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
        f"unknown variant {shown(variant)}: choose one of {', '.join(VARIANTS)} (shedding games) "
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


def variant_of_text(text: str) -> str:
    """The variant a position text is of: its first word (``bitenight`` when the text starts with
    a seat or a shedding field instead, as a hand-written bitenight position may); raises
    :class:`~scheissekopf.errors.InvalidPosition` naming all six variants."""
    if not isinstance(text, str):
        raise InvalidPosition(f"a position text is a string, not {type(text).__name__}")
    first = parse_fields(text)[0]
    if first.key in ALL_VARIANTS:
        if first.values:
            fail(first.values[0].column, "variant", "the variant word stands alone: put a '|' after it")
        return first.key
    if seat_keyword(first.keyword) is not None or first.key in shedding_notation.FIELDS:
        return "bitenight"
    fail(first.column, "variant", unknown_variant(first.keyword.text) + ", as the text's first word")


def text_to_dict(text: str) -> dict:
    """The position dict (``to_dict`` form) of a position text of any variant."""
    family = trick_notation if variant_of_text(text) in TRICK_VARIANTS else shedding_notation
    return family.text_to_dict(text)


def from_text(text: str) -> AnyGame:
    """A game of any variant from its one-line position text (``game.to_text()``, or written by
    hand: ``"bitenight | P0 5H 9C KD | P1 QS 2C | stack 7S"``); raises
    :class:`~scheissekopf.errors.InvalidPosition` naming the problem and where in the text it is.
    See ``docs/POSITION_TEXT.md``."""
    return from_dict(text_to_dict(text))


def to_text(game_or_dict: Any) -> str:
    """The one-line position text of a game or of a position dict of any variant."""
    d = game_or_dict if isinstance(game_or_dict, dict) else game_or_dict.to_dict()
    variant = d.get("variant", "bitenight")
    if variant in TRICK_VARIANTS:
        return trick_notation.dict_to_text(d)
    if variant in VARIANTS:
        return shedding_notation.dict_to_text(d)
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

    ``Game.from_dict(position)`` and ``Game.from_text(text)`` read a position of any variant.
    """

    from_dict = staticmethod(from_dict)
    from_text = staticmethod(from_text)


Game.register(shedding.Game)
Game.register(trick.TrickGame)
