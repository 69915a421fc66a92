"""How a message reads: in the engine's codes for programs, in card players' words for people.

Every message the engine writes (a refusal, an event of the log) is written once, as a function
of a :class:`Writer` ``w``, and read two ways:

* ``Writer(names)`` writes the codes a program reads and parses back: ``4C``, ``GU``, ``P0 4C``;
* ``Writer(names, people=True)`` writes what the table draws: ``4♣``, ``joker``, ``Gras-Unter``,
  calls a seat without a name of its own "Player 2" (not ``P2``, :func:`seat_word`), and makes
  the verbs agree with a seat called "You" ("You play 8♥", not "You plays").

A template names a card with ``w.card(c)`` or ``w.cards(cs)``, a seat with ``w[seat]``, and where
the two readings need different words (an instruction in move text, say), ``w.either(codes,
words)``. ``IllegalMove.words`` and ``Event.words`` are the people's reading of the same sentence
whose codes reading is ``str(exc)`` and ``event.text``.

>>> from scheissekopf.cards import parse_cards
>>> Writer(["Ada"]).cards(parse_cards("4C 10H")), Writer(["Ada"], people=True).cards(parse_cards("4C 10H"))
('4C 10H', '4♣ 10♥')
>>> agree("You plays 8♥.", ["Ada", "You"])
'You play 8♥.'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do"}
# a clause whose subject is "You", to the end of the sentence or clause; in it, a verb in the
# third person singular (a lowercase word ending in s) right after "You", "and", "or" or a comma
_YOU_CLAUSE = re.compile(r"\bYou\b[^.;:!?]*")
_YOU_VERB = re.compile(r"(\bYou|\band|\bor|,)( (?:now |also |still |first |then )?)([a-z]+s)\b")
_YOU_POSSESSIVE = re.compile(r"\bYou's( (?=[a-z]))?")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
_YOU_WHO = re.compile(r"\bYou, who ([a-z]+s)\b")  # "for You, who holds 3 cards"


def card_word(card) -> str:
    """One card as the table draws it: ``4♣``, ``10♥``, ``joker``, ``Gras-Unter``."""
    word = getattr(card, "word", None)
    return word() if word is not None else str(card)


def cards_in_words(cards) -> str:
    """Cards one after another as the table draws them (``9♣ 9♦``); two or more jokers alone
    are counted (``two jokers``)."""
    words = [card_word(c) for c in cards]
    if len(words) > 1 and all(w == "joker" for w in words):
        return f"{'two' if len(words) == 2 else len(words)} jokers"
    return " ".join(words)


def counted(n: int, word: str) -> str:
    """A count and its noun: ``1 card``, ``3 cards``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def seat_word(names: Sequence[str], seat: int) -> str:
    """A seat as people call it: its name, or "Player 2" where the seat has no name of its own
    (the engine's default name ``P2``, or none at all).

    >>> seat_word(["Ada", "Ben"], 1), seat_word(["P0", "P1", "P2"], 2), seat_word([], 0)
    ('Ben', 'Player 2', 'Player 0')
    """
    name = names[seat] if 0 <= seat < len(names) else None
    return f"Player {seat}" if name is None or str(name) == f"P{seat}" else str(name)


def plural_verb(verb: str) -> str:
    """The form a verb takes after "you": plays -> play, is -> are, passes -> pass,
    buries -> bury, goes -> go."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    if verb.endswith("ss") or verb in ("as", "us", "plus", "yes", "this", "his", "its", "always", "unless"):
        return verb
    return verb[:-1]


def agree(text: str, names: Sequence[str] = ("You",)) -> str:
    """Make a sentence agree with a seat called "You" (when one of ``names`` is): "You plays"
    -> "You play", "You is ready" -> "You are ready", "You's turn" -> "your turn", "not You's"
    -> "not yours", "for You, who holds" -> "for you, who hold", and "you" in lower case inside a sentence ("shows a joker to you"); the name
    itself stays ("the seat called You")."""
    if "You" not in names or "You" not in text:
        return text
    text = _YOU_POSSESSIVE.sub(lambda m: "your " if m.group(1) else "yours", text)
    text = _YOU_CLAUSE.sub(_you_verbs, text)
    text = _YOU_WHO.sub(lambda m: "You, who " + plural_verb(m.group(1)), text)
    if text.startswith("You "):
        text = text.replace(" themselves", " yourself").replace(" their ", " your ")

    def case(m: re.Match) -> str:
        head = text[: m.start()]
        word = m.group(0)
        if head.endswith("called "):  # the name itself: "you play the seat called You"
            return word
        if _SENTENCE_START.search(head):
            return word[:1].upper() + word[1:]
        return word[:1].lower() + word[1:]

    return re.sub(r"\b(?:You|you)(?:rs?|rself)?\b", case, text)


def _you_verbs(clause: re.Match) -> str:
    """'You cannot play and takes the stack' -> '... and take the stack', 'You bids or passes'
    -> 'You bid or pass', 'You now chooses' -> 'You now choose'."""
    return _YOU_VERB.sub(lambda m: m.group(1) + m.group(2) + plural_verb(m.group(3)), clause.group(0))


class Writer:
    """Writes a template's cards and seats one of the two ways (see the module's text)."""

    __slots__ = ("names", "people")

    def __init__(self, names: Sequence[str] = (), people: bool = False) -> None:
        self.names = names
        self.people = people

    def __getitem__(self, seat: int) -> str:
        """A seat by its name (for people, "Player 2" where the seat has no name of its own)."""
        return seat_word(self.names, seat) if self.people else self.names[seat]

    def who(self, names: Sequence[str], seat: int) -> str:
        """Seat ``seat`` of ``names`` as this writer writes a seat (for a template handed a
        writer without the game's names, such as :data:`CODES`)."""
        return seat_word(names, seat) if self.people else names[seat]

    def card(self, card) -> str:
        return card_word(card) if self.people else str(card)

    def cards(self, cards) -> str:
        """Cards one after another: ``4C 4D`` / ``4♣ 4♦``; to people, jokers alone read "a joker",
        "two jokers"."""
        cards = list(cards)
        if not self.people:
            return " ".join(str(c) for c in cards)
        if cards and all(getattr(c, "is_joker", False) for c in cards):
            return "a joker" if len(cards) == 1 else f"{_COUNT.get(len(cards), len(cards))} jokers"
        words = [card_word(c) for c in cards]
        return (", " if any("-" in word for word in words) else " ").join(words)  # Gras-Unter, Herz-Ass

    def text(self, said) -> str:
        """A message already written both ways (a :class:`Said`, e.g. a refusal kept in an
        event) in this writer's way."""
        return getattr(said, "words", said) if self.people else str(said)

    def either(self, codes: str, words: str) -> str:
        """``codes`` for programs, ``words`` for people."""
        return words if self.people else codes

    def move(self, move) -> str:
        """What a move does, after "can't": ``play 4♣``, ``take the stack``, ``show the joker to
        you`` (people: made to agree with a seat called "You"), or its text."""
        if not self.people:
            return str(move)
        said = getattr(move, "said", None)
        return self.finish(said(self)) if said is not None else str(move)

    def finish(self, text: str) -> str:
        """The written sentence, made to agree with a seat called "You" (for people)."""
        return agree(text, self.names) if self.people else text

    def refusal(self, move, why: str) -> str:
        """A refusal as one sentence for people: who, what and why. ``why`` (the rule, written
        by this writer) is used whole when it already names the seat first ("Ada has no 4♣ in
        the hand"); a why that starts with "on " completes the head ("Ada can't play 4♣ on a 5:
        ..."); any other is put after it ("Ada can't take the stack: the stack is empty")."""
        name = self[move.player]
        if why.startswith(name + " ") or why.startswith(name + "'"):
            text = why
        else:
            head = f"{name} can't {self.move(move)}"
            text = f"{head} {why}" if why.startswith("on ") else f"{head}: {why}"
        return self.finish(text[:1].upper() + text[1:])


class Said(str):
    """A message in the engine's codes (it is that ``str``) that also carries its ``words``."""

    words: str

    def __new__(cls, codes: str, words: str) -> Said:
        said = super().__new__(cls, codes)
        said.words = words
        return said

    def __reduce__(self):
        return (Said, (str(self), self.words))


def said(names: Sequence[str], write) -> Said:
    """A message written once by ``write(w)`` and read both ways: the codes (``P0 has ... 4C``)
    for programs, the words for people, where a seat without a name of its own is "Player 0"
    (:func:`seat_word`) and a card is drawn (``4♣``, ``Eichel-Ober``).

    >>> from scheissekopf.cards import Card
    >>> m = said(["P0", "Ben"], lambda w: f"{w[0]} and {w[1]} both hold {w.card(Card.parse('4C'))}")
    >>> str(m), m.words
    ('P0 and Ben both hold 4C', 'Player 0 and Ben both hold 4♣')
    """
    people = Writer(names, people=True)
    return Said(write(Writer(names)), people.finish(write(people)))


_COUNT = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

CODES = Writer()
