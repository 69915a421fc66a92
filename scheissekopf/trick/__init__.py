"""The trick-taking half of the family: American Sheepshead, Schafkopf and Mehrkopf.

>>> import scheissekopf as sk
>>> g = sk.new_game("schafkopf", players=4, seed=3)
>>> g.phase, g.turn
('auction', 1)

``new_game``, ``from_dict`` and ``deck`` are what :mod:`scheissekopf` calls for these variants.
The rules as the engine plays them are in ``docs/SCHAFKOPF.md``.
"""

from __future__ import annotations

import random as _random

from .base import Contract, Trick
from .cards import FrenchCard, GermanCard, french, german
from .game import TrickGame, TrickPlayer, TrickView
from .moves import TrickMove, parse_move
from .position import seed_refusal
from .rules import DEFAULT_PLAYERS, RULES, VARIANTS
from .rules import get as _rules

__all__ = [
    "DEFAULT_PLAYERS",
    "RULES",
    "VARIANTS",
    "Contract",
    "FrenchCard",
    "GermanCard",
    "Trick",
    "TrickGame",
    "TrickMove",
    "TrickPlayer",
    "TrickView",
    "deck",
    "french",
    "from_dict",
    "german",
    "new_game",
    "parse_card",
    "parse_move",
]


def new_game(
    variant: str,
    players: int | None = None,
    seed=None,
    *,
    dealer: int = 0,
    names=None,
    doublers: bool = False,
    knocking: bool = False,
) -> TrickGame:
    """Shuffle with ``seed`` (same seed, same deal on every machine) and deal one hand.

    Sheepshead options: ``doublers``: when everybody passes, the same dealer deals again and the
    new hand counts double, instead of a leaster. ``knocking``: once the picker has called, each
    other seat in turn may double the hand (an opponent holding QS, or one who never passed).
    """
    rules, players = _table(variant, players)
    if (doublers or knocking) and not rules.options:
        raise ValueError(
            f"doublers and knocking are options of {', '.join(n for n, r in RULES.items() if r.options)}, not of {variant}"
        )
    if seed_refusal(seed):
        raise ValueError(seed_refusal(seed))
    if seed is None:
        seed = _random.SystemRandom().randrange(1 << 32)
    g = TrickGame(
        rules,
        players,
        names=names,
        dealer=dealer,
        seed=seed,
        options={k: True for k, on in (("doublers", doublers), ("knocking", knocking)) if on},
    )
    rules.deal(g)
    g._note("deal", dealer)
    if len(g.active) < players:
        g._note("sits-out", dealer)
    return g


def from_dict(data) -> TrickGame:
    """A hand from position data (see :mod:`.position`); raises InvalidPosition."""
    return TrickGame.from_dict(data)


def deck(variant: str, players: int | None = None) -> list:
    """The cards in play for that variant and table size; each card has ``.points``."""
    rules, players = _table(variant, players)
    return list(rules.deck(players))


def _table(variant, players):
    """(the variant's rules, the table size): the default size when None; ValueError when the
    variant is not played by that many."""
    rules = _rules(variant)
    if players is None:
        players = rules.default_players
    if type(players) is not int:
        raise ValueError(f"players is a whole number of seats, not {players!r}")
    why = rules.check_players(players)
    if why:
        raise ValueError(why)
    return rules, players


def parse_card(variant: str, text: str):
    """Read a card of that variant's deck (``"QC"`` for sheepshead, ``"EO"`` for schafkopf)."""
    return _rules(variant).family.parse(text)
