"""Cards as compact values.

A card is a small integer ``rank * 4 + suit`` wrapped in :class:`Card`, an ``int`` subclass, so
it sorts, hashes and compares at C speed while still printing as ``"10H"``. Every distinct card
exists once (``Card.parse`` and ``Card.of`` return shared objects), and several decks simply
repeat the same values.

Ranks are 2..14 (J=11, Q=12, K=13, A=14); the joker is rank 15. Suits are C, D, H, S (0..3);
jokers have no suit. ``HIDDEN`` is the card a player cannot see: it prints as ``"??"``.
"""

from __future__ import annotations

SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_TEXT = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
    15: "JK",
}
_TEXT_RANK = {v: k for k, v in RANK_TEXT.items()}
_TEXT_RANK["T"] = 10
RANK_NAMES = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
    15: "joker",
}

JOKER_RANK = 15
HIDDEN_CODE = 4  # rank 1: never playable, never a joker


class Card(int):
    """One playing card. ``str(card)`` is its text (``"10H"``, ``"JK"``, ``"??"`` when hidden)."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return self >> 2

    @property
    def suit(self) -> str:
        if self >> 2 >= JOKER_RANK or self == HIDDEN_CODE:
            return ""
        return SUITS[self & 3]

    @property
    def is_joker(self) -> bool:
        return self >> 2 == JOKER_RANK

    @property
    def hidden(self) -> bool:
        return self == HIDDEN_CODE

    @staticmethod
    def of(rank: int, suit: str | int = 0) -> "Card":
        """The card of this rank and suit (suit as ``"H"`` or 0..3); jokers ignore the suit."""
        if rank == JOKER_RANK:
            return JOKER
        if isinstance(suit, str):
            suit = SUITS.index(suit.upper())
        if not (2 <= rank <= 14 and 0 <= suit <= 3):
            raise ValueError(f"no such card: rank {rank}, suit {suit}")
        return CARDS[rank * 4 + suit]

    @staticmethod
    def parse(text: str) -> "Card":
        """Read ``"10H"``, ``"qs"``, ``"TD"``, ``"JK"`` or ``"??"``; raise ``ValueError`` otherwise."""
        card = _PARSE.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise ValueError(f"{text!r} is not a card (write e.g. 10H, QS, 4D or JK)")
        return card

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card('{_TEXT[self]}')"

    def pretty(self) -> str:
        """Text with a suit symbol, e.g. ``10♥``; a joker is ``joker``, as the table says it."""
        if self >> 2 >= JOKER_RANK:
            return "joker"
        if self == HIDDEN_CODE:
            return _TEXT[self]
        return RANK_TEXT[self >> 2] + SUIT_SYMBOLS[SUITS[self & 3]]

    def word(self) -> str:
        """The card as the table draws it, for people: ``10♥``, ``joker``."""
        if self >> 2 >= JOKER_RANK:
            return "joker"
        if self == HIDDEN_CODE:
            return "a hidden card"
        return RANK_TEXT[self >> 2] + SUIT_SYMBOLS[SUITS[self & 3]]

    def __reduce__(self):
        return (Card.parse, (_TEXT[self],))


CARDS: list = [None] * 64
_TEXT: dict = {}
_PARSE: dict = {}
for _rank in range(2, 15):
    for _s, _suit in enumerate(SUITS):
        _c = Card(_rank * 4 + _s)
        CARDS[int(_c)] = _c
        _TEXT[_c] = RANK_TEXT[_rank] + _suit
        _PARSE[RANK_TEXT[_rank] + _suit] = _c
        if _rank == 10:
            _PARSE["T" + _suit] = _c
JOKER = Card(JOKER_RANK * 4)
CARDS[int(JOKER)] = JOKER
_TEXT[JOKER] = "JK"
_PARSE["JK"] = JOKER
_PARSE["JOKER"] = JOKER
HIDDEN = Card(HIDDEN_CODE)
CARDS[HIDDEN_CODE] = HIDDEN
_TEXT[HIDDEN] = "??"
_PARSE["??"] = HIDDEN


def parse_cards(text) -> list:
    """Cards from text (``"4H 4D"``, commas allowed) or from an iterable of texts/cards."""
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    else:
        items = list(text)
    return [c if isinstance(c, Card) else Card.parse(c) for c in items]


def card_text(cards) -> str:
    return " ".join(_TEXT[c] for c in cards)


def standard_deck(jokers: int = 0) -> list:
    """One 52-card deck (clubs, diamonds, hearts, spades; 2 to ace) plus ``jokers`` jokers."""
    return [CARDS[r * 4 + s] for s in range(4) for r in range(2, 15)] + [JOKER] * jokers
