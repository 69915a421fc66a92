"""The shedding presets. Each preset is one readable module holding a :class:`Preset`: mostly
data (decks, deal, which ranks are special, who restarts after a burn), plus the few functions
where the presets' logic truly differs (effective top of the stack, who opens).

The transition code in :mod:`scheissekopf.shedding.apply` reads these fields; it never asks for a
preset by name.
"""

from __future__ import annotations

from . import bitenight, palace, schwechat
from .base import Preset

PRESETS = {p.name: p for p in (bitenight.PRESET, palace.PRESET, schwechat.PRESET)}
OWN = tuple(PRESETS)  # the family's own presets, which stay


def register(preset: Preset) -> None:
    """Play ``preset`` under its name from now on (see ``docs/extending.md``)."""
    PRESETS[preset.name] = preset


def unregister(name: str) -> None:
    """Take a preset added with :func:`register` away again (the family's own stay)."""
    if name in OWN:
        raise ValueError(f"{name} is one of the family's own presets and stays")
    PRESETS.pop(name, None)


def get(name: str) -> Preset:
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise ValueError(f"{name!r} is not a shedding game: those are {', '.join(PRESETS)}") from None
