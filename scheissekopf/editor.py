"""The position editor behind ``Table(game, mode="edit")``: a draft position and its edits.

A :class:`Draft` holds a position in the ``to_dict`` form that may be impossible while it is
being built (two 5H in one deck, a trick hand of the wrong size). Every edit changes the draft
and then asks the engine (:func:`scheissekopf.from_dict`) whether the result is a position; the
answer is kept as ``draft.error`` (the :class:`~scheissekopf.InvalidPosition` message, or
``""``; a shedding table with no card placed says so instead) and the draft is kept either way, so nothing is lost while it is impossible.

An edit that is not even an edit (a malformed request, a card that is not where the request
says, a seat that does not exist) raises :class:`EditRefused` and changes nothing.

Edits are dicts, as the table's front end sends them (``{"op": ..., ...}``):

* ``{"op": "move", "card": "5H", "from": place, "to": place}`` moves one card. A place is
  ``{"zone": "palette"}`` (the cards not yet placed), ``{"zone": "hand", "seat": 0}`` and the
  same for ``"bank"`` and ``"gamble"`` (schwechat: ``"index"`` is the column), ``"stack"``,
  ``"draw"``, ``"discard"`` (shedding) or ``"blind"``, ``"buried"``, ``"trick"`` (the trick in
  progress) and ``{"zone": "tricks", "trick": k}`` (a trick already taken; ``k`` one past the
  last starts a new one) in the trick games. ``"index"`` in ``from`` says where the card lies
  (it must be there); in ``to`` where it goes (the end when left out).
* ``{"op": "type", "to": place, "text": "5H 9C"}`` puts the cards written in ``text`` into the
  zone (after what it holds; ``"replace": true`` first sends its cards back to the palette).
  A card may be written as the table draws it, too: ``Q♥ 10♣ joker`` (``a joker``), and German
  cards as ``Eichel-Ober``, ``Herz-Sau`` or ``O♣`` (see :func:`read_card_word`).
* ``{"op": "set", "field": "turn", "value": 2}``: ``players`` (the number of seats), ``turn``,
  ``direction``, ``dealer``, ``phase``, ``pending`` (bitenight's joker choice: a seat or null),
  ``finished`` (seats in the order they went out), ``decks``; in the trick games ``contract``,
  ``multiplier``, ``trick_leader``.
* ``{"op": "deal", "seed": 7}`` deals the palette's cards at random to the places still short of
  cards; ``{"op": "clear"}`` sends every card back to the palette; ``{"op": "paste", "text":
  "bitenight | P0 5H | P1 9C | stack 4D"}`` replaces the draft with a position text.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from typing import Any, TypeGuard

from .cards import Card, standard_deck
from .errors import InvalidPosition
from .shedding import presets as shedding_presets
from .trick.cards import GERMAN_RANK_NAMES, GERMAN_SUIT_NAMES
from .trick.position import MODES
from .trick.position import PHASES as TRICK_PHASES
from .trick.rules import RULES
from .variants import TRICK_VARIANTS, VARIANTS, from_dict, text_to_dict, to_text
from .words import Said, seat_word

__all__ = ["Draft", "EditRefused", "empty_position", "read_card_word"]

SHEDDING_PHASES = ("setup", "play")
_SHEDDING_ZONES = ("hand", "bank", "gamble", "stack", "draw", "discard", "palette")
_TRICK_ZONES = ("hand", "bank", "gamble", "blind", "buried", "trick", "tricks", "palette")
_SEAT_ZONES = ("hand", "bank", "gamble")
#: fields the trick engine works out from the cards; an edit of the cards drops them
_TRICK_DERIVED = ("bound", "called_led", "hole_trick", "turn", "lot", "declarers")
_SHEDDING_DERIVED = ("repetitions", "known", "unplayable", "seed")
_MAX_TEXT = 2000


class EditRefused(ValueError):
    """An edit request that is not an edit (malformed, stale, out of range): nothing changed."""


#: the refusal when checking an edit failed inside the program instead of giving a verdict
BROKEN_EDIT = (
    "That edit was not made: checking the position it would give failed inside the program "
    "(a bug, please report it). The draft is as it was."
)


#: what an empty table lacks (the engine would name the first seat without cards)
EMPTY_TABLE = "nobody holds a card (click a card in the row below and then the hand it goes to, or press Deal the rest)"
#: what the editor says while no card is placed (information: where everyone starts)
EMPTY_GREETING = (
    "Nobody holds a card yet: click a card in the row \u201cnot placed yet\u201d below, then the place it goes to, "
    "or press Deal the rest. Play from here comes on once the cards make a position."
)

# Cards as the table draws them, read back: the suit symbols of French cards, and those the
# table gives the German suits (Eichel as clubs, Gras as spades, Schellen as a bell).
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
_GERMAN_SYMBOLS = {
    "\u2663": "E",
    "\u2660": "G",
    "\u2665": "H",
    "\u25cf": "S",
    "\u2667": "E",
    "\u2664": "G",
    "\u2661": "H",
}
_GERMAN_SUIT_OF = {name.lower(): letter for letter, name in GERMAN_SUIT_NAMES.items()}
_GERMAN_RANK_OF = {name.lower(): rank for rank, name in GERMAN_RANK_NAMES.items()}
_GERMAN_RANK_OF.update({"sau": "A", "koenig": "K", "preusse": "P", "zehner": "10"})
_ARTICLE = re.compile(r"\b(?:a|an|one)\s+(?=jokers?\b)", re.IGNORECASE)


def read_card_word(word: str, german: bool = False) -> str:
    """One card as a learner may type it, in the engine's text: ``Q♥`` -> ``QH``, ``10♣`` ->
    ``10C``, ``joker`` -> ``JK``; German cards also by name (``Eichel-Ober`` -> ``EO``,
    ``Herz-Sau`` -> ``HA``) or as the table draws them (rank then symbol: ``O♣`` -> ``EO``). A
    word it does not know comes back as it was (the card reader then judges it).

    >>> read_card_word("Q\u2665"), read_card_word("10\u2663"), read_card_word("Joker")
    ('QH', '10C', 'JK')
    >>> read_card_word("Eichel-Ober", german=True), read_card_word("O\u2663", german=True)
    ('EO', 'EO')
    """
    text = word.strip()
    if german:
        if "-" in text:
            suit, _, rank = text.partition("-")
            s, r = _GERMAN_SUIT_OF.get(suit.lower()), _GERMAN_RANK_OF.get(rank.lower())
            if s and r:
                return s + r
        if len(text) >= 2 and text[-1] in _GERMAN_SYMBOLS:
            return _GERMAN_SYMBOLS[text[-1]] + text[:-1].upper()
        return text
    if text.lower() in ("joker", "jokers"):
        return "JK"
    if len(text) >= 2 and text[-1] in _FRENCH_SYMBOLS:
        return text[:-1] + _FRENCH_SYMBOLS[text[-1]]
    return text


def _check_shape(position: dict, trick: bool) -> None:
    """Refuse (:class:`EditRefused`) a dict the editor could not even draw: seats that are not a
    list of dicts, zones that are not lists of card texts. Everything else is the engine's to
    judge (a draft may be an impossible position)."""
    variant = str(position.get("variant"))
    rules: Any = RULES[variant] if trick else shedding_presets.get(variant)
    seats = position.get("players")
    if not isinstance(seats, list) or not all(isinstance(seat, dict) for seat in seats):
        raise EditRefused("a position needs 'players': a list with one dict of zones per seat")
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise EditRefused(_seat_range(variant, rules.min_players, rules.max_players, len(seats)))

    def cards(value, where):
        if value is not None and not (isinstance(value, list) and all(c is None or isinstance(c, str) for c in value)):
            raise EditRefused(f"{where} must be a list of card texts, not {value!r}")

    for s, seat in enumerate(seats):
        for zone in _SEAT_ZONES:
            cards(seat.get(zone), f"P{s}'s {zone}")
    for zone in ("blind", "buried") if trick else ("stack", "draw", "discard"):
        cards(position.get(zone), f"the {zone}")
    if trick:
        current = position.get("trick")
        if current is not None and not isinstance(current, dict):
            raise EditRefused(f"the trick being played must be a dict with its cards, not {current!r}")
        if current is not None:
            cards(current.get("cards"), "the trick being played")
        tricks = position.get("tricks")
        if tricks is not None and not (isinstance(tricks, list) and all(isinstance(t, dict) for t in tricks)):
            raise EditRefused(f"the tricks taken must be a list of dicts, not {tricks!r}")
        for k, t in enumerate(tricks or []):
            cards(t.get("cards"), f"trick {k + 1}")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_range(variant: str, lo: int, hi: int, n: Any) -> str:
    players = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
    return f"{variant} is played by {players}, not {n!r}"


def empty_position(variant: str, players: int | None = None, names: Any = None) -> dict:
    """An empty table of ``variant`` for ``players`` seats: every card still in the palette.
    ``names`` (one per seat) names the seats; without it they are "Player 0", "Player 1"...
    (``players`` may be left out: it is then the number of names)."""
    if names is not None:
        if not (isinstance(names, (list, tuple)) and names and all(isinstance(x, str) and x.strip() for x in names)):
            raise ValueError(f"names is a list of the seats' names (texts), not {names!r}")
        if players is None:
            players = len(names)
        elif len(names) != players:
            raise ValueError(f"{len(names)} names for {players} seats: give one name per seat")
        position = empty_position(variant, players)
        position["names"] = [str(x) for x in names]
        return position
    if variant in VARIANTS:
        preset = shedding_presets.get(variant)
        n = 4 if players is None else players
        if not (_is_int(n) and preset.min_players <= n <= preset.max_players):
            raise ValueError(_seat_range(variant, preset.min_players, preset.max_players, n))
        return {
            "variant": variant,
            "players": [{"hand": [], "bank": [], "gamble": []} for _ in range(n)],
            "draw": [],
            "stack": [],
            "discard": [],
            "turn": 0,
            "direction": 1,
            "dealer": 0,
            "phase": "play",
            "decks": preset.decks(n),
        }
    if variant in TRICK_VARIANTS:
        rules = RULES[variant]
        n = (5 if variant == "sheepshead" else 4) if players is None else players
        if not (_is_int(n) and rules.min_players <= n <= rules.max_players):
            raise ValueError(_seat_range(variant, rules.min_players, rules.max_players, n))
        seats: list[dict[str, Any]] = []
        for _ in range(n):
            seats.append({"hand": [], "bank": [None] * 8, "gamble": [None] * 8} if n == 2 else {"hand": []})
        return {"variant": variant, "players": seats, "dealer": 0}
    raise ValueError(f"unknown variant {variant!r} (choose from {', '.join(VARIANTS)}, {', '.join(TRICK_VARIANTS)})")


class Draft:
    """A position being edited: ``position`` (a dict in the ``to_dict`` form, possibly
    impossible), ``error`` (why it is not a position, ``""`` when it is) and ``game`` (the game
    it makes, or None)."""

    def __init__(self, position: dict):
        if not isinstance(position, dict):
            raise EditRefused(f"a position is a dict, not {type(position).__name__}")
        variant = position.get("variant", "bitenight")
        if variant not in VARIANTS and variant not in TRICK_VARIANTS:
            raise EditRefused(f"unknown variant {variant!r}")
        try:  # the draft is sent to the browser as it is, so it must be JSON-ready data
            self.position: dict = json.loads(json.dumps(position))
        except (TypeError, ValueError, RecursionError) as exc:
            raise EditRefused(f"a position is plain data (lists, texts, numbers), not {exc}") from None
        self.position["variant"] = variant
        self.error = ""
        self.game: Any = None
        _check_shape(self.position, self.trick)
        try:
            self.validate()
        except Exception as exc:  # the engine failed on it: not a draft the editor can hold
            raise EditRefused(f"the position cannot be read ({type(exc).__name__})") from exc

    # ------------------------------------------------------------------ reading
    @property
    def variant(self) -> str:
        return str(self.position["variant"])

    @property
    def trick(self) -> bool:
        return self.variant in TRICK_VARIANTS

    @property
    def n(self) -> int:
        return len(self.position["players"])

    @property
    def valid(self) -> bool:
        return self.game is not None

    def deck(self) -> list:
        """Every card in play for this variant and number of seats (twice over with two decks)."""
        if self.trick:
            return list(RULES[self.variant].deck(self.n))
        preset = shedding_presets.get(self.variant)
        decks = self.position.get("decks", preset.decks(self.n))
        if not _is_int(decks) or not 1 <= decks <= 4:
            decks = preset.decks(self.n)
        return standard_deck(preset.jokers_per_deck) * decks

    def placed(self) -> list:
        """Every card lying somewhere in the draft (as parsed cards; unknown texts left out)."""
        out = []
        for _where, cards in self._zones():
            for text in cards:
                card = self._parse(text)
                if card is not None:
                    out.append(card)
        return out

    def palette(self) -> list:
        """The cards of the deck not placed yet, in deck order (a card twice with two decks)."""
        left = Counter(self.deck())
        left.subtract(Counter(self.placed()))
        out = []
        for card in self.deck():
            if left[card] > 0:
                out.append(card)
                left[card] -= 1
        return out

    def text(self) -> str:
        """The position text of the draft ("" while it is not a position)."""
        if self.game is None:
            return ""
        data = dict(self.position)
        if len(data.get("repetitions") or {}) <= 1:
            data.pop("repetitions", None)  # a single count of this position: from_dict writes it again
        return to_text(data)

    @property
    def words(self) -> str:
        """:attr:`error` in card players' words (cards as the table draws them, seats by name),
        ``""`` when the draft is a position."""
        return getattr(self.error, "words", self.error)

    def _word(self, card) -> str:
        """A card (or its text) as the table draws it: 9♥, joker, Eichel-Ober."""
        parsed = self._parse(card) if isinstance(card, str) else card
        return str(card) if parsed is None else parsed.word()

    def _who(self, seat: int) -> str:
        """Seat ``seat`` as the table names it: its name, else "Player 2"."""
        names = self.position.get("names")
        return seat_word(names if isinstance(names, list) and len(names) == self.n else [], seat)

    def _seats(self) -> str:
        """The seats by name, for a message: "the seats are Ada, Ben and Cleo"."""
        who = [self._who(s) for s in range(self.n)]
        return "the seats are " + (", ".join(who[:-1]) + " and " + who[-1] if len(who) > 1 else who[0])

    # ------------------------------------------------------------------ checking
    def validate(self) -> str:
        """Ask the engine whether the draft is a position; keep its answer. On success the draft
        takes the engine's own form of it (what ``to_dict`` writes).
        Any other exception (a failure in the engine, not a verdict) is left to the caller:
        :meth:`apply` turns it into a refusal that changes nothing."""
        try:
            game = from_dict(self.position)
        except InvalidPosition as exc:
            self.error, self.game = Said(str(exc), exc.words), None
            if not self.placed():  # not "P0 ... is not listed as finished" or a list of 32 cards
                self.error = EMPTY_TABLE
            return self.error
        self.error, self.game = "", game
        self.position = game.to_dict()
        return ""

    # ------------------------------------------------------------------ edits
    def apply(self, edit: Any) -> None:
        """Apply one edit (see the module's docstring) and check the result with the engine.
        Raises :class:`EditRefused` and changes nothing when the edit is not one."""
        if not isinstance(edit, dict):
            raise EditRefused("Malformed edit (not an object); nothing was changed.")
        op = edit.get("op")
        handler = {
            "move": self._move,
            "type": self._type,
            "set": self._set,
            "deal": self._deal,
            "clear": self._clear,
            "paste": self._paste,
        }.get(op if isinstance(op, str) else "")
        if handler is None:
            raise EditRefused(f"Unknown edit {op!r}; nothing was changed.")
        saved = (copy.deepcopy(self.position), self.error, self.game)
        try:
            handler(edit)
            self.validate()
            _check_shape(self.position, self.trick)  # what the engine wrote back is drawn next
        except EditRefused:
            self.position, self.error, self.game = saved
            raise
        except Exception as exc:  # the engine failed instead of answering: refuse, change nothing
            self.position, self.error, self.game = saved
            raise EditRefused(BROKEN_EDIT) from exc

    def _parse(self, text) -> Card | None:
        if not isinstance(text, str):
            return None
        try:
            if self.trick:
                return RULES[self.variant].family.parse(text)
            return Card.parse(text)
        except ValueError:
            return None

    def _card(self, text) -> Card:
        card = self._parse(text)
        if card is None or str(card) == "??":
            raise EditRefused(f"Malformed edit: {text!r} is not a {self.variant} card.")
        return card

    def _zones(self):
        """(place, list of card texts) for every zone of the draft; column slots may be None."""
        p = self.position
        for s, seat in enumerate(p["players"]):
            for z in _SEAT_ZONES:
                if isinstance(seat.get(z), list):
                    yield {"zone": z, "seat": s}, seat[z]
        names = ("blind", "buried") if self.trick else ("stack", "draw", "discard")
        for z in names:
            if isinstance(p.get(z), list):
                yield {"zone": z}, p[z]
        if self.trick:
            if isinstance(p.get("trick"), dict) and isinstance(p["trick"].get("cards"), list):
                yield {"zone": "trick"}, p["trick"]["cards"]
            for k, t in enumerate(p.get("tricks") or []):
                if isinstance(t, dict) and isinstance(t.get("cards"), list):
                    yield {"zone": "tricks", "trick": k}, t["cards"]
            hole = p.get("hole")
            if hole is not None and p.get("hole_trick") is None:
                yield {"zone": "hole"}, [hole]

    def _columns(self, zone) -> bool:
        if zone not in ("bank", "gamble"):
            return False
        return self.n == 2 if self.trick else shedding_presets.get(self.variant).columns

    def _place(self, place, *, create: bool) -> tuple[str, list]:
        """The zone a request names: (its words for messages, its list of cards). ``create``
        makes the trick in progress or a new taken trick when the place names one."""
        if not isinstance(place, dict):
            raise EditRefused(
                f"Malformed edit: a place is an object such as {{'zone': 'hand', 'seat': 0}}, not {place!r}."
            )
        zone = place.get("zone")
        allowed = _TRICK_ZONES if self.trick else _SHEDDING_ZONES
        if zone not in allowed:
            raise EditRefused(f"Malformed edit: {self.variant} has no zone {zone!r} (it has {', '.join(allowed)}).")
        p = self.position
        if zone in _SEAT_ZONES:
            seat = place.get("seat")
            if not (_is_int(seat) and 0 <= seat < self.n):
                raise EditRefused(f"There is no seat {seat!r}: {self._seats()}.")
            if self.trick and zone != "hand" and self.n != 2:
                raise EditRefused("Only two players have face-up and face-down cards; the others hold a hand.")
            if self.trick and zone == "hand" and self.n == 2:
                raise EditRefused("Two players hold no hand: their cards lie face up and face down.")
            cards = p["players"][seat].setdefault(zone, [])
            words = {"hand": "hand", "bank": "face-up cards" if self.trick else "bank"}.get(zone, zone)
            if self.trick and zone == "gamble":
                words = "face-down cards"
            return f"{self._who(seat)}'s {words}", cards
        if zone in ("stack", "draw", "discard", "blind", "buried"):
            words = {"draw": "the draw pile", "discard": "the burned cards"}.get(zone, f"the {zone}")
            if zone == "blind" and self.variant != "sheepshead":
                raise EditRefused(f"{self.variant} has no blind.")
            if zone == "buried" and self.variant != "sheepshead":
                raise EditRefused(f"{self.variant} buries nothing.")
            return words, p.setdefault(zone, [])
        if zone == "trick":
            current = p.get("trick")
            if not isinstance(current, dict):
                if not create:
                    raise EditRefused("No trick is being played.")
                current = p["trick"] = {"cards": []}
            return "the trick being played", current.setdefault("cards", [])
        # a trick already taken
        tricks = p.setdefault("tricks", [])
        k = place.get("trick")
        top = len(tricks) if create else len(tricks) - 1
        if not (_is_int(k) and 0 <= k <= top):
            raise EditRefused(f"There is no trick {k!r}: the tricks taken are 1 to {len(tricks)}.")
        if k == len(tricks):
            tricks.append({"cards": []})
        tricks[k].pop("winner", None)  # the engine works out who takes it
        return f"trick {k + 1}", tricks[k].setdefault("cards", [])

    def _take(self, place, text) -> Card:
        """Take the card ``text`` from ``place`` (it must lie there)."""
        card = self._card(text)
        if not isinstance(place, dict):
            raise EditRefused("Malformed edit: 'from' must say where the card lies.")
        if place.get("zone") == "palette":
            if card not in self.palette():
                raise EditRefused(
                    f"{self._word(card)} is not among the cards not placed yet (every copy is placed already)."
                )
            return card
        words, cards = self._place(place, create=False)
        index: Any = place.get("index")
        if index is None:
            hits = [i for i, x in enumerate(cards) if self._parse(x) == card]
            if not hits:
                raise EditRefused(f"{self._word(card)} is not in {words}; nothing was changed.")
            index = hits[-1]
        if not (_is_int(index) and 0 <= index < len(cards)):
            raise EditRefused(f"{words} has no card at place {index!r}; nothing was changed.")
        if self._parse(cards[index]) != card:
            raise EditRefused(
                f"{self._word(card)} is not at that place in {words} (the table has changed since); nothing was changed."
            )
        if self._columns(place["zone"]):
            cards[index] = None
            self._trim_columns(place.get("seat"))
        else:
            del cards[index]
        self._tidy()
        return card

    def _put(self, place, card: Card) -> None:
        if not isinstance(place, dict):
            raise EditRefused("Malformed edit: 'to' must say where the card goes.")
        if place.get("zone") == "palette":
            return
        words, cards = self._place(place, create=True)
        index: Any = place.get("index")
        zone = place["zone"]
        if self._columns(zone):
            seat = place["seat"]
            pl = self.position["players"][seat]
            width = 8 if self.trick else max(len(pl.get("bank", [])), len(pl.get("gamble", [])), 3)
            if index is None:
                free = [i for i, x in enumerate(cards) if x is None]
                index = free[0] if free else len(cards)
            if not (_is_int(index) and 0 <= index < (width if self.trick else width + 1)):
                raise EditRefused(f"{words} has no column {index!r}.")
            for z in ("bank", "gamble"):
                column = pl.setdefault(z, [])
                column.extend([None] * (index + 1 - len(column)))
            if cards[index] is not None:
                raise EditRefused(
                    f"Column {index + 1} of {words} already holds {self._word(cards[index])}: move that card first."
                )
            cards[index] = str(card)
            return
        if index is None:
            index = len(cards)
        if not (_is_int(index) and 0 <= index <= len(cards)):
            raise EditRefused(f"{words} has no place {index!r} (it holds {len(cards)} cards).")
        cards.insert(index, str(card))

    def _trim_columns(self, seat) -> None:
        pl = self.position["players"][seat]
        if self.trick:
            return  # the two-player game always has eight columns
        bank, gamble = pl.setdefault("bank", []), pl.setdefault("gamble", [])
        while len(bank) < len(gamble):
            bank.append(None)
        while len(gamble) < len(bank):
            gamble.append(None)
        while bank and bank[-1] is None and gamble[-1] is None:
            bank.pop()
            gamble.pop()

    def _tidy(self) -> None:
        """Drop what the engine works out from the cards (so an edit never contradicts it), and
        the trick in progress once it holds no card."""
        p = self.position
        for key in _TRICK_DERIVED if self.trick else _SHEDDING_DERIVED:
            p.pop(key, None)
        if self.trick:
            current = p.get("trick")
            if isinstance(current, dict) and not current.get("cards"):
                p["trick"] = None
            tricks = p.get("tricks") or []
            while tricks and isinstance(tricks[-1], dict) and not tricks[-1].get("cards"):
                tricks.pop()
            for t in tricks:
                if isinstance(t, dict):
                    t.pop("winner", None)

    def _move(self, edit) -> None:
        card = self._take(edit.get("from"), edit.get("card"))
        self._put(edit.get("to"), card)
        self._tidy()

    def _type(self, edit) -> None:
        text = edit.get("text")
        if not (isinstance(text, str) and len(text) <= _MAX_TEXT):
            raise EditRefused(f"Malformed edit: 'text' must be card texts such as '5H 9C', not {text!r}.")
        place = edit.get("to")
        if not isinstance(place, dict) or place.get("zone") == "palette":
            raise EditRefused("Type the cards into a zone (a hand, the stack...), not into the palette.")
        words, cards = self._place(place, create=True)
        columns = self._columns(place.get("zone"))
        parsed: list = []
        german = self.trick and RULES[self.variant].family.name == "german"
        for word in _ARTICLE.sub("", text).replace(",", " ").split():
            if columns and word in ("-", "_", "."):
                parsed.append(None)
                continue
            card = self._parse(read_card_word(word, german))
            if card is None or str(card) == "??":
                example = "Eichel-Ober or O\u2663" if german else "Q\u2665, 10\u2663 or joker"
                raise EditRefused(
                    f"{word!r} is not a {self.variant} card (write cards such as {example}); nothing was changed."
                )
            parsed.append(card)
        if edit.get("replace"):
            if columns:
                cards[:] = [None] * len(cards)
            else:
                cards.clear()
        if columns:
            seat = place["seat"]
            pl = self.position["players"][seat]
            start = 0 if edit.get("replace") else len(cards)
            for k, card in enumerate(parsed):
                i = start + k
                for z in ("bank", "gamble"):
                    col = pl.setdefault(z, [])
                    col.extend([None] * (i + 1 - len(col)))
                if card is not None:
                    if cards[i] is not None:
                        raise EditRefused(f"Column {i + 1} of {words} already holds {self._word(cards[i])}.")
                    cards[i] = str(card)
            self._trim_columns(seat)
        else:
            cards.extend(str(c) for c in parsed)
        self._tidy()

    def _set(self, edit) -> None:
        field, value = edit.get("field"), edit.get("value")
        p, n = self.position, self.n
        seat_fields = ("turn", "dealer") if not self.trick else ("dealer", "trick_leader")

        def seat(v, what):
            if not (_is_int(v) and 0 <= v < n):
                raise EditRefused(f"{what} must be one of the seats ({self._seats()}), not {v!r}.")
            return v

        if field == "players":
            self._set_players(value)
        elif field in seat_fields:
            seat(value, field.replace("_", " "))
            if field == "trick_leader":
                current = p.get("trick")
                if not isinstance(current, dict):
                    raise EditRefused("No trick is being played: put its first card in it, then say who led it.")
                current["leader"] = value
            else:
                p[field] = value
        elif field == "turn" and self.trick:
            p["turn"] = seat(value, "turn")
        elif field == "direction" and not self.trick:
            if value not in (1, -1) or isinstance(value, bool):
                raise EditRefused(f"The direction is 1 (clockwise) or -1 (reversed), not {value!r}.")
            p["direction"] = value
        elif field == "phase":
            phases = TRICK_PHASES[self.variant] if self.trick else SHEDDING_PHASES
            if value not in phases:
                raise EditRefused(f"The phase is one of {', '.join(phases)}, not {value!r}.")
            p["phase"] = value
            if not self.trick:
                p.pop("ready", None)
        elif field == "pending" and not self.trick:
            if value is None:
                p["pending"] = None
            else:
                p["pending"] = {"joker": seat(value, "the seat choosing the joker's target")}
        elif field == "finished" and not self.trick:
            if not (isinstance(value, list) and all(_is_int(s) and 0 <= s < n for s in value)):
                raise EditRefused(f"finished is a list of seats ({self._seats()}), not {value!r}.")
            if len(set(value)) != len(value):
                raise EditRefused("A seat can go out only once.")
            p["finished"] = list(value)
            p.pop("bonus", None)
        elif field == "decks" and not self.trick:
            if not (_is_int(value) and 1 <= value <= 4):
                raise EditRefused(f"decks is a number from 1 to 4, not {value!r}.")
            p["decks"] = value
        elif field == "contract" and self.trick:
            self._set_contract(value)
        elif field == "multiplier" and self.trick:
            if not (_is_int(value) and 1 <= value <= 1024):
                raise EditRefused(f"The multiplier is a whole number from 1, not {value!r}.")
            p["multiplier"] = value
        else:
            raise EditRefused(f"Unknown setting {field!r} for {self.variant}; nothing was changed.")
        self._tidy()

    def _set_contract(self, value) -> None:
        p = self.position
        if value is None:
            p["contract"] = None
            return
        keys = {"mode", "declarer", "suit", "called", "tout", "must"}
        if not isinstance(value, dict) or set(value) - keys:
            raise EditRefused(f"A contract is null or an object with {', '.join(sorted(keys))}, not {value!r}.")
        if value.get("mode") not in MODES[self.variant]:
            raise EditRefused(f"The game is one of {', '.join(MODES[self.variant])}, not {value.get('mode')!r}.")
        declarer = value.get("declarer")
        if declarer is not None and not (_is_int(declarer) and 0 <= declarer < self.n):
            raise EditRefused(f"The declarer must be one of the seats ({self._seats()}), not {declarer!r}.")
        called = value.get("called")
        if called is not None and self._parse(called) is None:
            raise EditRefused(f"The called card {called!r} is not a {self.variant} card.")
        p["contract"] = {k: v for k, v in value.items() if v is not None}
        if "phase" not in p or p.get("phase") in TRICK_PHASES[self.variant][:1]:
            p["phase"] = "play"
        for key in ("best_bid", "bids"):
            p.pop(key, None)

    def _set_players(self, value) -> None:
        p = self.position
        if self.trick:
            rules = RULES[self.variant]
            lo, hi = rules.min_players, rules.max_players
        else:
            preset = shedding_presets.get(self.variant)
            lo, hi = preset.min_players, preset.max_players
        if not (_is_int(value) and lo <= value <= hi):
            raise EditRefused(_seat_range(self.variant, lo, hi, value) + ".")
        if value == self.n:
            return
        names = p.get("names")
        if isinstance(names, list):  # the seats that stay keep their names; a new one is "Player 3"
            names = [*names[:value], *(f"P{s}" for s in range(len(names), value))]
        if self.trick:
            # a different number of seats changes the deck and every hand's size: start again
            self.position = empty_position(self.variant, value)
            if isinstance(names, list):
                self.position["names"] = names
            return
        seats = p["players"]
        if value < self.n:
            del seats[value:]
        else:
            seats.extend({"hand": [], "bank": [], "gamble": []} for _ in range(value - self.n))
        p["decks"] = preset.decks(value)
        if isinstance(names, list):
            p["names"] = names
        for key in ("ready", "warned", "bonus", "pending"):
            p.pop(key, None)
        p["finished"] = [s for s in p.get("finished", []) if _is_int(s) and s < value]
        for key in ("turn", "dealer"):
            if not (_is_int(p.get(key)) and p[key] < value):
                p[key] = 0
        self._drop_surplus()

    def _drop_surplus(self) -> None:
        """After the deck shrank (fewer seats, fewer decks): copies beyond the deck go back."""
        left = Counter(self.deck())
        for _where, cards in list(self._zones()):
            for i, text in enumerate(cards):
                card = self._parse(text)
                if card is None:
                    continue
                if left[card] > 0:
                    left[card] -= 1
                else:
                    cards[i] = None
        for seat in self.position["players"]:
            for z in _SEAT_ZONES:
                if z in seat and not self._columns(z):
                    seat[z] = [c for c in seat[z] if c is not None]
        for z in ("stack", "draw", "discard", "blind", "buried"):
            if isinstance(self.position.get(z), list):
                self.position[z] = [c for c in self.position[z] if c is not None]
        for s in range(self.n):
            if self._columns("bank"):
                self._trim_columns(s)

    def _clear(self, _edit) -> None:
        p = self.position
        names = p.get("names")
        fresh = empty_position(self.variant, self.n)
        if not self.trick:
            fresh["decks"] = p.get("decks", fresh["decks"])
            for key in ("turn", "direction", "dealer", "phase"):
                if key in p:
                    fresh[key] = p[key]
        else:
            fresh["dealer"] = p.get("dealer", 0)
        if names is not None:
            fresh["names"] = names
        self.position = fresh

    def _paste(self, edit) -> None:
        text = edit.get("text")
        if not (isinstance(text, str) and 0 < len(text) <= 20 * _MAX_TEXT):
            raise EditRefused("Paste a position text such as 'bitenight | P0 5H 9C | P1 QS | stack 7S'.")
        try:
            data = text_to_dict(text)
        except InvalidPosition as exc:
            raise EditRefused(f"That position text cannot be read: {exc}") from None
        self.position = data
        self.position.setdefault("variant", "bitenight")

    # ------------------------------------------------------------------ dealing the rest
    def _deal(self, edit) -> None:
        seed = edit.get("seed")
        if seed is not None and not _is_int(seed):
            raise EditRefused(f"Malformed edit: the seed is a whole number, not {seed!r}.")
        rng = random.Random(seed)
        rest = [str(c) for c in self.palette()]
        rng.shuffle(rest)
        if self.trick:
            self._deal_trick(rest)
        else:
            self._deal_shedding(rest)
        self._tidy()

    def _deal_shedding(self, rest: list) -> None:
        preset = shedding_presets.get(self.variant)
        p = self.position
        finished = set(p.get("finished") or [])
        setup = p.get("phase") == "setup"
        bank_size = preset.bank_deal if (setup or not preset.columns) else 3
        if not preset.columns and not bank_size:
            bank_size = 3
        for s, seat in enumerate(p["players"]):
            if s in finished:
                continue
            gamble = seat.setdefault("gamble", [])
            bank = seat.setdefault("bank", [])
            hand = seat.setdefault("hand", [])
            if preset.columns:
                while len(gamble) < 3:
                    gamble.append(None)
                while len(bank) < len(gamble):
                    bank.append(None)
                for i in range(len(gamble)):
                    if gamble[i] is None and rest:
                        gamble[i] = rest.pop()
                for i in range(min(bank_size, len(bank))):
                    if bank[i] is None and gamble[i] is not None and rest:
                        bank[i] = rest.pop()
            else:
                while len(gamble) < 3 and rest:
                    gamble.append(rest.pop())
                while len(bank) < bank_size and rest:
                    bank.append(rest.pop())
            want = preset.hand_deal + (3 if setup and preset.columns and not any(bank) else 0)
            while len(hand) < want and rest:
                hand.append(rest.pop())
        p.setdefault("draw", []).extend(rest)

    def _deal_trick(self, rest: list) -> None:
        p = self.position
        rules = RULES[self.variant]
        n = self.n
        per = rules.cards_per_seat(n)
        for s, seat in enumerate(p["players"]):
            if n == 2:
                for z in ("gamble", "bank"):
                    column = seat.setdefault(z, [None] * 8)
                    for i in range(len(column)):
                        if column[i] is None and rest:
                            column[i] = rest.pop()
                continue
            hand = seat.setdefault("hand", [])
            want = per - len(p.get("tricks") or [])
            while len(hand) < want and rest:
                hand.append(rest.pop())
        if rest and self.variant == "sheepshead":
            p.setdefault("blind", []).extend(rest)
        elif rest:
            for seat in p["players"]:
                if n != 2 and rest:
                    seat["hand"].append(rest.pop())
