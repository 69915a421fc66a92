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


class MissingExtra(ModuleNotFoundError):
    """A part of the package needs an optional extra that is not installed (the engine itself
    needs none). The message says which extra and how to install it."""

    def __init__(self, feature: str, extra: str, module: str | None):
        super().__init__(
            f"{feature} needs the {extra} extra, which is not installed (there is no module {module!r}): "
            f'pip install "scheissekopf[{extra}]"',
            name=module,
        )
        self.extra = extra
