"""The trick-taking variants by name: each one's rules object and usual table size."""

from __future__ import annotations

from .base import Rules
from .schafkopf import MEHRKOPF, SCHAFKOPF
from .sheepshead import SheepsheadRules

VARIANTS = ("sheepshead", "schafkopf", "mehrkopf")
RULES: dict[str, Rules] = {"sheepshead": SheepsheadRules(), "schafkopf": SCHAFKOPF, "mehrkopf": MEHRKOPF}
DEFAULT_PLAYERS = {"sheepshead": 5, "schafkopf": 4, "mehrkopf": 4}


def get(variant: str) -> Rules:
    """The rules of a trick-taking variant; ValueError naming them for any other name."""
    try:
        return RULES[variant]
    except (KeyError, TypeError):
        raise ValueError(f"{variant!r} is not a trick-taking game: those are {', '.join(VARIANTS)}") from None
