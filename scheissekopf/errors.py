"""The two ways input is refused. Both are ``ValueError`` subclasses with plain-word messages."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move was refused. The message names the rule; the game is unchanged.

    ``move`` is the refused move (or the text that could not be read) and ``player`` the seat
    that tried it, where known. ``str(exc)`` is written for programs, with cards and moves in
    the engine's codes (``P3 has no 4C in the hand``); ``words`` is the same refusal as one
    sentence for people, cards as the table draws them (``Ada has no 4♣ in the hand``, ``Ada
    can't play 4♣ on a 5: play 5 or higher, ...``); see :mod:`scheissekopf.words`.
    """

    def __init__(self, message: str, move=None, player=None, words: str | None = None):
        super().__init__(message)
        self.move = move
        self.player = player
        self.words = message if words is None else words


class InvalidPosition(ValueError):
    """``Game.from_dict`` (or ``from_text``) refused a position; the message names the problem.
    For a position text, ``column`` (1-based) and ``field`` say where it is, when known.

    As for :class:`IllegalMove`, ``str(exc)`` is written for programs, in the engine's codes
    (``2 copies of KS, but one pack holds only 1``, ``P0 has an empty hand ...``), and ``words``
    is the same for people, cards as the table draws them and seats by name (``2 copies of K♠,
    ...``, ``Ada has an empty hand ...``, "Player 0" for a seat without a name). A message
    written both ways (:func:`scheissekopf.words.said`) brings its own words.
    """

    column: int | None = None
    field: str | None = None

    def __init__(self, message: str = "", words: str | None = None):
        super().__init__(message)
        self.words = getattr(message, "words", str(message)) if words is None else words


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
