"""The event log: what happened and why, in plain words.

Events are cheap records (a kind, the seat, a few values); their text is only written when
someone reads ``event.text``, so a fast playout does not pay for narration. Each family derives
its own event class with a table of texts, one function per kind of event
(:mod:`scheissekopf.shedding.events`, :mod:`scheissekopf.trick.events`). Each function writes
its sentence once, through a :class:`~scheissekopf.words.Writer`: ``event.text`` reads it with the
engine's card codes ("Ben plays S10."), ``event.words`` as the table draws the cards ("Ben plays
Schellen-Zehn.", "You play 8♥.").
"""

from __future__ import annotations

from typing import Callable

from .words import Writer


class Event(tuple):
    """One thing that happened: ``kind``, the seat it concerns (``player``), a few values
    (``args``) and, on demand, ``text``. A tuple underneath, so logging costs little."""

    __slots__ = ()
    #: kind -> function(w, player, *args) writing the event's sentence with the Writer w (set by
    #: each family): w[seat] is a seat's name, w.cards(cards) the cards
    TEXTS: dict[str, Callable[..., str]] = {}

    def __new__(cls, kind: str, player, args: tuple, names):
        return tuple.__new__(cls, (kind, player, names, *args))  # one object per event

    kind = property(lambda self: self[0])
    player = property(lambda self: self[1])
    _names = property(lambda self: self[2])
    args = property(lambda self: self[3:])

    @property
    def cards(self) -> tuple:
        """The cards this event is about (played, burned, turned...), where there are any."""
        for a in self.args:
            if isinstance(a, (tuple, list)) and a and isinstance(a[0], int):
                return tuple(a)
        return ()

    @property
    def text(self) -> str:
        """The sentence with the cards in the engine's codes ("Ben plays 10S."), for programs."""
        return self.TEXTS[self.kind](Writer(self._names), self.player, *self.args)

    @property
    def words(self) -> str:
        """The sentence as people read it at the table: cards as drawn ("Ben plays 10♠."), and
        a seat called "You" with its own verbs ("You play 8♥.")."""
        w = Writer(self._names, people=True)
        return w.finish(self.TEXTS[self.kind](w, self.player, *self.args))

    def to_dict(self) -> dict:
        return {"kind": self.kind, "player": self.player, "text": self.text, "cards": [str(c) for c in self.cards]}

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Event({self.kind!r}, {self.text!r})"
