"""The registry of variants: the one module that knows both families.

It hands out one :class:`~scheissekopf.family.Variant` object per variant (:func:`variant`):
everything above it (bots, hints, tournaments, rendering, the table, the command line) asks that
object and never imports a family's modules or compares a variant's name.

>>> import scheissekopf as sk
>>> sk.new_game("palace", players=3, seed=2).variant
'palace'
>>> sk.new_game("schafkopf", seed=3).phase
'auction'
>>> from scheissekopf.variants import variant
>>> v = variant("palace")
>>> v.family, v.table_sizes(), v.measure
('shedding', (2, 16), 'win')
>>> variant("sheepshead").default_players
5
"""

from __future__ import annotations

import abc
from typing import Any, Union

from . import shedding, trick
from .cards import Card
from .errors import InvalidPosition
from .family import Variant
from .notation import fail, parse_fields, seat_keyword, shown
from .shedding import notation as shedding_notation
from .shedding.variant import VARIANT_OBJECTS as _SHEDDING
from .trick.variant import VARIANT_OBJECTS as _TRICK

#: the shedding games (the Scheißkopf family proper); RULES.md Part C names this tuple
VARIANTS: tuple[str, ...] = shedding.VARIANTS
#: the trick-taking games: the Schafkopf family
TRICK_VARIANTS: tuple[str, ...] = trick.VARIANTS
#: every variant, shedding games first
ALL_VARIANTS: tuple[str, ...] = VARIANTS + TRICK_VARIANTS

#: a game of any variant, for type annotations
AnyGame = Union[shedding.Game, trick.TrickGame]


_BY_NAME: dict[str, Variant] = {v.name: v for v in _SHEDDING + _TRICK}


def variant(of: Any) -> Variant:
    """The variant object of ``of``: a variant's name, a game, a seat's view or position data
    (which without a ``variant`` field is bitenight, as a hand-written position may be); raises
    ValueError naming every variant."""
    name = of.get("variant", "bitenight") if isinstance(of, dict) else getattr(of, "variant", of)
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise ValueError(unknown_variant(name)) from None


def variant_objects() -> tuple[Variant, ...]:
    """Every variant's object, shedding games first (then any added with :func:`register`)."""
    return tuple(_BY_NAME.values())


def variant_names() -> tuple[str, ...]:
    """Every variant's name: :data:`ALL_VARIANTS`, then any added with :func:`register`."""
    return tuple(_BY_NAME)


def register(obj: Variant) -> Variant:
    """Hand out ``obj`` under its name from now on: a new variant is its family's variant object
    made from one new module (a shedding ``Preset``, a trick ``Rules``) and this one line, e.g.
    ``register(SheddingVariant(MY_PRESET))`` (see ``docs/extending.md``). Returns ``obj``;
    refuses a name already handed out."""
    if not isinstance(obj, Variant):
        raise TypeError(f"register takes a variant object (a family.Variant), not {type(obj).__name__}")
    if obj.name in _BY_NAME:
        raise ValueError(f"there is a variant called {obj.name} already")
    _BY_NAME[obj.name] = obj
    return obj


def unregister(name: str) -> None:
    """Stop handing out a variant added with :func:`register` (the six of the package stay)."""
    if name in ALL_VARIANTS:
        raise ValueError(f"{name} is one of the package's own variants and stays")
    obj = _BY_NAME.pop(name, None)
    if obj is not None:
        obj.unregister()


_object_of = variant  # for the functions below whose parameter is called ``variant``


def unknown_variant(variant: object) -> str:
    """The message for a variant that is not one of ours, naming every variant."""
    groups: dict[str, list[str]] = {}
    for v in _BY_NAME.values():
        groups.setdefault(v.family_words, []).append(v.name)
    said = [f"{', '.join(names)} ({words})" for words, names in groups.items()]
    return f"unknown variant {shown(variant)}: choose one of {' or '.join(said)}"


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
    return _object_of(variant).new_game(players, seed, dealer=dealer, names=names, **options)


def from_dict(data: Any) -> AnyGame:
    """A game of any variant from its position data (``to_dict``); raises
    :class:`~scheissekopf.errors.InvalidPosition` naming the problem."""
    if not isinstance(data, dict):
        raise InvalidPosition(f"a position is a dict, not {type(data).__name__}")
    try:
        of = variant(data)
    except ValueError as e:
        raise InvalidPosition(str(e)) from None
    return of.from_dict(data)


def variant_of_text(text: str) -> str:
    """The variant a position text is of: its first word (``bitenight`` when the text starts with
    a seat or a shedding field instead, as a hand-written bitenight position may); raises
    :class:`~scheissekopf.errors.InvalidPosition` naming all six variants."""
    if not isinstance(text, str):
        raise InvalidPosition(f"a position text is a string, not {type(text).__name__}")
    first = parse_fields(text)[0]
    if first.key in _BY_NAME:
        if first.values:
            fail(first.values[0].column, "variant", "the variant word stands alone: put a '|' after it")
        return first.key
    if seat_keyword(first.keyword) is not None or first.key in shedding_notation.FIELDS:
        return "bitenight"
    fail(first.column, "variant", unknown_variant(first.keyword.text) + ", as the text's first word")


def text_to_dict(text: str) -> dict:
    """The position dict (``to_dict`` form) of a position text of any variant."""
    return variant(variant_of_text(text)).text_to_dict(text)


def from_text(text: str) -> AnyGame:
    """A game of any variant from its one-line position text (``game.to_text()``, or written by
    hand: ``"bitenight | P0 5H 9C KD | P1 QS 2C | stack 7S"``); raises
    :class:`~scheissekopf.errors.InvalidPosition` naming the problem and where in the text it is.
    See ``docs/POSITION_TEXT.md``."""
    return from_dict(text_to_dict(text))


def to_text(game_or_dict: Any) -> str:
    """The one-line position text of a game or of a position dict of any variant."""
    d = game_or_dict if isinstance(game_or_dict, dict) else game_or_dict.to_dict()
    try:
        of = variant(d)
    except ValueError as e:
        raise InvalidPosition(str(e)) from None
    return of.dict_to_text(d)


def deck(variant: str, players: int | None = None) -> list[Card]:
    """The cards in play for that variant and table size (trick-taking games: each card has
    ``.points``)."""
    return _object_of(variant).deck(players)


def determinize(view: Any, rng: Any) -> AnyGame:
    """One full game of any variant consistent with a seat's ``view``: the cards that seat cannot
    see dealt at random into the places it cannot see (each family's determinization)."""
    return variant(view).determinize(view, rng)


class Game(abc.ABC):
    """Any game of any variant: a shedding game (:class:`scheissekopf.shedding.Game`) and a
    trick-taking hand (:class:`scheissekopf.trick.TrickGame`) are both instances.

    ``Game.from_dict(position)`` and ``Game.from_text(text)`` read a position of any variant.
    """

    from_dict = staticmethod(from_dict)
    from_text = staticmethod(from_text)


Game.register(shedding.Game)
Game.register(trick.TrickGame)
