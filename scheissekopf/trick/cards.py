"""The cards of the trick-taking games, with their card points.

Two families share one idea: a card is a small ``int`` (``rank * 4 + suit``), so hands sort, hash
and compare at C speed, and every table the rules need is a list indexed by that number.

* **French** cards (sheepshead) are :class:`FrenchCard`, a subclass of :class:`scheissekopf.Card`
  with the same numbers and the same text (``QC``, ``10D``, ``7H``), plus ``.points``.
* **German** cards (schafkopf, mehrkopf) are :class:`GermanCard`. Their text is the **suit letter
  followed by the rank**:

  =====  ============================  =====  ======================================
  suit   name                          rank   name (points)
  =====  ============================  =====  ======================================
  ``E``  Eichel (Acorns)               ``O``  Ober (3)          ``U`` Unter (2)
  ``G``  Gras (Leaves)                 ``G``  Gefreiter (1)     ``A`` Ass / Sau (11)
  ``H``  Herz (Hearts)                 ``10`` Zehn (10)         ``S`` Schöne, Beauty (6)
  ``S``  Schellen (Bells)              ``K``  König (4)         ``9 8 7 6`` (0)
  \\                                    ``P``  Preuße (-7)
  =====  ============================  =====  ======================================

  So ``EO`` is the Eichel-Ober, ``HA`` the Herz-Ass, ``S10`` the Schellen-Zehn, ``GU`` the
  Gras-Unter, ``SS`` the Schellen-Schöne and ``GG`` the Gras-Gefreiter. Parsing ignores case and
  also reads ``T`` for the ten (``ST``).

``"??"`` is a card a seat may not see (a view's hidden card) in both families.
"""

from __future__ import annotations

from ..cards import CARDS, HIDDEN_CODE, RANK_TEXT, SUITS, Card

# ---------------------------------------------------------------------------------------- French
FRENCH_POINTS_BY_RANK = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}


class FrenchCard(Card):
    """A French-suited card of a trick-taking game: an :class:`scheissekopf.Card` with points."""

    __slots__ = ()

    @property
    def points(self) -> int:
        return FRENCH_POINTS_BY_RANK.get(self >> 2, 0) if self != HIDDEN_CODE else 0

    def __reduce__(self):
        return (french, (str(self),))


FRENCH: list[FrenchCard | None] = [None] * 64
for _i, _c in enumerate(CARDS):
    if _c is not None:
        FRENCH[_i] = FrenchCard(_i)
FRENCH_HIDDEN = FRENCH[HIDDEN_CODE]
_FRENCH_PARSE: dict[str, FrenchCard | None] = {}
for _c in FRENCH:
    if _c is not None and _c >> 2 != 15:
        _FRENCH_PARSE[str(_c)] = _c
        if _c >> 2 == 10:
            _FRENCH_PARSE["T" + SUITS[_c & 3]] = _c
_FRENCH_PARSE["??"] = FRENCH_HIDDEN


def french(text) -> FrenchCard:
    """Read a French card (``"QC"``, ``"10d"``, ``"TD"``, ``"??"``); raise ``ValueError``."""
    card = _FRENCH_PARSE.get(text.strip().upper()) if isinstance(text, str) else None
    if card is None:
        raise ValueError(f"{text!r} is not a card (write e.g. QC, 10D, 7H)")
    return card


def french_of(rank: int, suit: str) -> FrenchCard | None:
    return FRENCH[rank * 4 + SUITS.index(suit)]


# ---------------------------------------------------------------------------------------- German
GERMAN_SUITS = "EGHS"
GERMAN_SUIT_NAMES = {"E": "Eichel", "G": "Gras", "H": "Herz", "S": "Schellen"}
GERMAN_SUIT_ENGLISH = {"E": "Acorns", "G": "Leaves", "H": "Hearts", "S": "Bells"}
# rank number (code >> 2) -> text; numbered low to high so a sorted hand groups ranks
GERMAN_RANKS = {1: "P", 2: "6", 3: "7", 4: "8", 5: "9", 6: "G", 7: "U", 8: "O", 9: "K", 10: "S", 11: "10", 12: "A"}
GERMAN_RANK_OF = {v: k for k, v in GERMAN_RANKS.items()}
GERMAN_RANK_NAMES = {
    "P": "Preuße",
    "6": "Sechs",
    "7": "Sieben",
    "8": "Acht",
    "9": "Neun",
    "G": "Gefreiter",
    "U": "Unter",
    "O": "Ober",
    "K": "König",
    "S": "Schöne",
    "10": "Zehn",
    "A": "Ass",
}
GERMAN_POINTS = {"A": 11, "10": 10, "S": 6, "K": 4, "O": 3, "U": 2, "G": 1, "9": 0, "8": 0, "7": 0, "6": 0, "P": -7}
GERMAN_HIDDEN_CODE = 0


class GermanCard(int):
    """A German-suited card. ``str(card)`` is suit letter then rank (``"EO"``, ``"S10"``)."""

    __slots__ = ()

    @property
    def suit(self) -> str:
        return "" if self == GERMAN_HIDDEN_CODE else GERMAN_SUITS[self & 3]

    @property
    def rank(self) -> str:
        return "" if self == GERMAN_HIDDEN_CODE else GERMAN_RANKS[self >> 2]

    @property
    def points(self) -> int:
        return _GERMAN_PTS[self]

    @property
    def hidden(self) -> bool:
        return self == GERMAN_HIDDEN_CODE

    @property
    def name(self) -> str:
        """The card's German name, e.g. ``Eichel-Ober``."""
        if self == GERMAN_HIDDEN_CODE:
            return "a hidden card"
        return f"{GERMAN_SUIT_NAMES[self.suit]}-{GERMAN_RANK_NAMES[self.rank]}"

    def word(self) -> str:
        """The card by its name, for people (``Eichel-Ober``)."""
        return self.name

    def __str__(self) -> str:
        return _GERMAN_TEXT[self]

    def __repr__(self) -> str:
        return f"GermanCard('{_GERMAN_TEXT[self]}')"

    def __reduce__(self):
        return (german, (_GERMAN_TEXT[self],))


GERMAN: list[GermanCard | None] = [None] * 64
_GERMAN_TEXT: dict[GermanCard, str] = {}
_GERMAN_PARSE: dict[str, GermanCard] = {}
_GERMAN_PTS = [0] * 64
for _r, _rt in GERMAN_RANKS.items():
    for _s, _st in enumerate(GERMAN_SUITS):
        _c = GermanCard(_r * 4 + _s)
        GERMAN[int(_c)] = _c
        _GERMAN_TEXT[_c] = _st + _rt
        _GERMAN_PARSE[_st + _rt] = _c
        if _rt == "10":
            _GERMAN_PARSE[_st + "T"] = _c
        _GERMAN_PTS[int(_c)] = GERMAN_POINTS[_rt]
GERMAN_HIDDEN = GermanCard(GERMAN_HIDDEN_CODE)
GERMAN[GERMAN_HIDDEN_CODE] = GERMAN_HIDDEN
_GERMAN_TEXT[GERMAN_HIDDEN] = "??"
_GERMAN_PARSE["??"] = GERMAN_HIDDEN


def german(text) -> GermanCard:
    """Read a German card (``"EO"``, ``"s10"``, ``"HA"``, ``"??"``); raise ``ValueError``."""
    card = _GERMAN_PARSE.get(text.strip().upper()) if isinstance(text, str) else None
    if card is None:
        raise ValueError(f"{text!r} is not a card (write suit then rank, e.g. EO, GU, HA, S10)")
    return card


def german_of(rank: str, suit: str) -> GermanCard | None:
    return GERMAN[GERMAN_RANK_OF[rank] * 4 + GERMAN_SUITS.index(suit)]


# ---------------------------------------------------------------------------------------- decks
SHEEPSHEAD_RANKS = (7, 8, 9, 10, 11, 12, 13, 14)

# German ranks in play per table size (Part B / the Mehrkopf rulebook)
GERMAN_RANKS_BY_PLAYERS = {
    2: ("O", "U", "A", "10", "K", "9", "8", "7"),
    3: ("O", "U", "A", "10", "K", "9"),
    4: ("O", "U", "A", "10", "K", "9", "8", "7"),
    5: ("O", "U", "G", "A", "10", "S", "K", "9", "8", "7"),
    6: ("O", "U", "G", "A", "10", "S", "K", "9", "8", "7", "6", "P"),
}


def sheepshead_deck() -> list:
    """The 32 French cards, 7 to ace of clubs, diamonds, hearts and spades."""
    return [FRENCH[r * 4 + s] for s in range(4) for r in SHEEPSHEAD_RANKS]


def german_deck(players: int) -> list:
    """The German cards for a table of ``players`` (2 to 6), suit by suit."""
    if players not in GERMAN_RANKS_BY_PLAYERS:
        raise ValueError(f"the German deck is made for 2 to 6 players, not {players}")
    ranks = GERMAN_RANKS_BY_PLAYERS[players]
    return [german_of(r, s) for s in GERMAN_SUITS for r in ranks]


class Family:
    """What differs between the two kinds of cards: parsing, the hidden card, points."""

    def __init__(self, name, parse, hidden, points):
        self.name = name
        self.parse = parse
        self.hidden = hidden
        self.points = points  # list indexed by card code


FRENCH_FAMILY = Family(
    "french",
    french,
    FRENCH_HIDDEN,
    [FRENCH_POINTS_BY_RANK.get(i >> 2, 0) if FRENCH[i] is not None and i != HIDDEN_CODE else 0 for i in range(64)],
)
GERMAN_FAMILY = Family("german", german, GERMAN_HIDDEN, list(_GERMAN_PTS))

del _i, _c, _r, _rt, _s, _st, RANK_TEXT
