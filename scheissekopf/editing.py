"""What the position editor asks a family: the contract each family's editing rules fill in.

The editor (:mod:`scheissekopf.editor`) holds a draft position and does what is the same for
every variant: the seats' hands, banks and gambles, the piles that are plain lists of cards, the
palette, typing, moving, checking the draft with the engine. What differs (the empty table, the
deck, which zones there are and what they are called, the settings, dealing the rest, the
controls the table offers) is asked of an :class:`Editing` object, which each family writes and
each variant object hands out (``variant.editing()``). This module knows no family.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["EditRefused", "Editing", "read_french_card_word", "strip_articles"]


class EditRefused(ValueError):
    """An edit request that is not an edit (malformed, stale, out of range): nothing changed."""


#: the seats' own zones, the same in every family
SEAT_ZONES = ("hand", "bank", "gamble")

# French cards as the table draws them, read back: the suit symbols, filled and hollow
_FRENCH_SYMBOLS = {
    "\u2663": "C",
    "\u2666": "D",
    "\u2665": "H",
    "\u2660": "S",
    "\u2667": "C",
    "\u2662": "D",
    "\u2661": "H",
    "\u2664": "S",
}
_ARTICLE = re.compile(r"\b(?:a|an|one)\s+(?=jokers?\b)", re.IGNORECASE)


def strip_articles(text: str) -> str:
    """``a joker`` as ``joker``: the article a learner may write before a joker is dropped."""
    return _ARTICLE.sub("", text)


def read_french_card_word(word: str) -> str:
    """One French card as a learner may type it, in the engine's text: ``Q♥`` -> ``QH``,
    ``10♣`` -> ``10C``, ``joker`` -> ``JK``; a word it does not know comes back as it was.

    >>> read_french_card_word("Q\u2665"), read_french_card_word("10\u2663"), read_french_card_word("Joker")
    ('QH', '10C', 'JK')
    """
    text = word.strip()
    if text.lower() in ("joker", "jokers"):
        return "JK"
    if len(text) >= 2 and text[-1] in _FRENCH_SYMBOLS:
        return text[:-1] + _FRENCH_SYMBOLS[text[-1]]
    return text


#: the cards a draft's zone holds, as a request names it: (place, list of card texts)
Zone = tuple[dict, list]
#: the shape check the editor hands a family: cards(value, where) refuses what is no list of cards
CardsCheck = Callable[[Any, str], None]


class Editing(abc.ABC):
    """One variant's rules for the position editor. The editor's :class:`~scheissekopf.editor.Draft`
    calls these with itself as ``draft`` (``draft.position``, ``draft.n``, ``draft.who(seat)``,
    ``draft.seats()``, ``draft.seat(value, what)``, ``draft.parse(text)``, ``draft.word(card)``,
    ``draft.palette()``).

    Facts: ``zones`` (every zone a request may name, the palette too), ``piles`` (the zones that
    are a list of cards in the position itself: the stack, the blind...), ``derived`` (what the
    engine works out from the cards, dropped by an edit of them), ``kept_on_clear`` (the settings
    Clear keeps), ``card_example`` (cards as a refusal suggests writing them) and ``put_example``
    (what the Put box shows before anything is typed).
    """

    zones: tuple[str, ...]
    piles: tuple[str, ...]
    derived: tuple[str, ...]
    kept_on_clear: tuple[str, ...]
    card_example: str
    put_example: str

    # ------------------------------------------------------------------ the table and its cards
    @abc.abstractmethod
    def skeleton(self, players: int) -> dict:
        """An empty table for ``players`` seats (a count already checked): every card unplaced."""

    @abc.abstractmethod
    def deck(self, position: dict, players: int) -> list:
        """Every card in play for ``position`` at ``players`` seats (a card twice with two decks)."""

    @abc.abstractmethod
    def parse(self, text: str) -> Any:
        """A card from its text; raises ValueError for a text that is none of this deck's."""

    def read_card(self, word: str) -> str:
        """One card as a learner may type it (``Q♥``, ``joker``), in the engine's text; a word it
        does not know comes back as it was."""
        return read_french_card_word(word)

    # ------------------------------------------------------------------ zones
    @abc.abstractmethod
    def columns(self, players: int) -> bool:
        """Whether the seats' bank and gamble lie as columns (a slot may be empty)."""

    def column_limit(self, seat: dict) -> int:
        """How many columns a card may be put into at ``seat`` (one past the last starts a new one)."""
        return max(len(seat.get("bank", [])), len(seat.get("gamble", [])), 3) + 1

    def trim_columns(self, seat: dict) -> None:
        """Make ``seat``'s columns whole again after a card left or came (nothing by default)."""

    def check_shape(self, position: dict, cards: CardsCheck) -> None:
        """Refuse (:class:`EditRefused`) zones beyond the seats and the piles that are no lists of
        cards (``cards(value, where)`` checks one list)."""

    def more_zones(self, position: dict) -> Iterator[Zone]:
        """The zones beyond the seats and the piles, with their cards (none by default)."""
        return iter(())

    @abc.abstractmethod
    def seat_zone_words(self, zone: str, players: int) -> str:
        """A seat's ``zone`` in a message ("hand", "face-up cards"); raises :class:`EditRefused`
        when no seat has that zone at this table size."""

    @abc.abstractmethod
    def pile_words(self, zone: str) -> str:
        """A pile in a message ("the draw pile"); raises :class:`EditRefused` when this variant
        has no such pile."""

    def place(self, draft: Any, place: dict, create: bool) -> tuple[str, list]:
        """A zone beyond the seats and the piles: (its words, its list of cards); ``create``
        makes it when the place names one that is not there yet."""
        raise EditRefused(f"Malformed edit: there is no zone {place.get('zone')!r}.")

    @abc.abstractmethod
    def tidy(self, position: dict) -> None:
        """Drop what the engine works out from the cards (:attr:`derived`) and empty leftovers."""

    # ------------------------------------------------------------------ settings
    @abc.abstractmethod
    def set(self, draft: Any, field: str, value: Any) -> bool:
        """Set one of this variant's settings (``turn``, ``phase``, ``contract``...); False for a
        field it does not have. Raises :class:`EditRefused` for a value it cannot take."""

    @abc.abstractmethod
    def resize(self, draft: Any, players: int) -> dict:
        """The draft's position with ``players`` seats (a count already checked), the names
        left to the editor."""

    @abc.abstractmethod
    def deal(self, draft: Any, rest: list) -> None:
        """Deal the card texts ``rest`` (shuffled) to the places still short of cards."""

    # ------------------------------------------------------------------ what the table draws
    @abc.abstractmethod
    def seat_zones(self, players: int) -> list[list[dict]]:
        """A seat's zones as the editor draws them, in groups drawn side by side: each
        ``{"zone", "label", "put", "new_column"}`` (``put``: its words in the list of places to
        type cards into; ``new_column``: a slot that starts a new column is drawn)."""

    @abc.abstractmethod
    def table_zones(self, draft: Any) -> list[dict]:
        """The zones between the seats as the editor draws them: each ``{"label", "place",
        "cards", "big"}``."""

    @abc.abstractmethod
    def put_zones(self, draft: Any) -> list[dict]:
        """The places between the seats that cards may be typed into: each ``{"label", "place"}``,
        after the seats' own."""

    @abc.abstractmethod
    def controls(self, draft: Any) -> list[dict]:
        """The settings the editor offers besides the seats and the dealer: each ``{"label",
        "field", "value", "choices"}`` (``choices``: ``[value, words]`` pairs) with, where it
        applies, ``title`` (what it is), ``part`` (the key it sets inside the field's object),
        ``base`` (that object when there is none yet) and ``clears`` (no choice clears the field)."""

    @abc.abstractmethod
    def to_move(self, position: dict) -> int | None:
        """The seat the editor marks "to move" (None: nobody yet)."""

    @abc.abstractmethod
    def ticks_finished(self) -> bool:
        """Whether each seat has a "finished" tick (the order of going out)."""
