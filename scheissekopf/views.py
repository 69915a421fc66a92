"""What the families' views share: a view is a game as one seat sees it (every card that seat
cannot see is ``sk.HIDDEN``), and searches read an information set from it."""

from __future__ import annotations


class InconsistentView(ValueError):
    """The view's hidden slots and unseen cards do not add up (the view is not a real seat's)."""


def view_seat(view, seat=None):
    """The seat an information set is read for: ``seat``, else the view's own."""
    if seat is None:
        seat = getattr(view, "seat", None)
    if seat is None:
        raise ValueError("an information set is read from a view: game.view(seat)")
    return seat
