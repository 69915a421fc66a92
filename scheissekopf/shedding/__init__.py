"""The shedding games: ``bitenight`` (the default), ``palace`` and ``schwechat``.

* :mod:`.game` — the game state and its public API (:class:`Game`, :class:`View`, :func:`new_game`),
  split by concern: :mod:`.generate` (legal moves), :mod:`.apply` (every transition),
  :mod:`.refusals` (why a move is refused); :mod:`.core` — the same rules in a lean form;
* :mod:`.presets` — one module per variant: its data and the few functions where its rules differ;
* :mod:`.position` — positions as JSON-ready data; :mod:`.text` — a position as a plain-text picture;
* :mod:`.events` — what happened, in plain words;
* :mod:`.bots`, :mod:`.determinize`, :mod:`.search` — the greedy habits, the deals a seat cannot
  tell apart, and the search over them;
* :mod:`.render` — the table as HTML.

>>> from scheissekopf import shedding
>>> g = shedding.new_game("palace", players=3, seed=2)
>>> g.phase, len(g.players[0].hand)
('setup', 3)
"""

from __future__ import annotations

from . import presets
from .game import VARIANTS, Game, Player, View, new_game

__all__ = ["VARIANTS", "Game", "Player", "View", "new_game", "presets"]
