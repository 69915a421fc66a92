"""The trick-taking variants by name: each one's rules object, which carries its facts (table
sizes, phases, contracts, bids). A new variant is a :class:`~scheissekopf.trick.base.Rules`
object and its line in :data:`RULES`."""

from __future__ import annotations

from .base import Rules
from .schafkopf import MEHRKOPF, SCHAFKOPF
from .sheepshead import SheepsheadRules

RULES: dict[str, Rules] = {r.name: r for r in (SheepsheadRules(), SCHAFKOPF, MEHRKOPF)}
#: the family's own variants (a variant added with :func:`register` is in ``RULES`` only)
VARIANTS = tuple(RULES)
#: each variant's usual table size, as the rules objects say it
DEFAULT_PLAYERS = {name: r.default_players for name, r in RULES.items()}


def get(variant: str) -> Rules:
    """The rules of a trick-taking variant; ValueError naming them for any other name."""
    try:
        return RULES[variant]
    except (KeyError, TypeError):
        raise ValueError(f"{variant!r} is not a trick-taking game: those are {', '.join(RULES)}") from None


def register(rules: Rules) -> None:
    """Make ``rules`` a variant of the family under ``rules.name`` (see ``docs/extending.md``)."""
    RULES[rules.name] = rules


def unregister(name: str) -> None:
    """Take a variant added with :func:`register` away again (the family's own stay)."""
    if name in VARIANTS:
        raise ValueError(f"{name} is one of the family's own variants and stays")
    RULES.pop(name, None)
