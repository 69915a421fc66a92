"""The two ways input is refused. Both are ``ValueError`` subclasses with plain-word messages."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move was refused. The message names the rule; the game is unchanged.

    ``move`` is the refused move (or the text that could not be read) and ``player`` the seat
    that tried it, where known.
    """

    def __init__(self, message: str, move=None, player=None):
        super().__init__(message)
        self.move = move
        self.player = player


class InvalidPosition(ValueError):
    """``Game.from_dict`` (or ``from_text``) refused a position; the message names the problem.
    For a position text, ``column`` (1-based) and ``field`` say where it is, when known."""

    column: int | None = None
    field: str | None = None
