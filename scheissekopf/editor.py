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
from collections import Counter
from typing import Any, TypeGuard

from .cards import Card
from .editing import SEAT_ZONES, Editing, EditRefused, read_french_card_word, strip_articles
from .errors import InvalidPosition
from .variants import from_dict, text_to_dict, to_text, variant_objects
from .variants import variant as variant_of
from .words import Said, seat_word

__all__ = ["Draft", "EditRefused", "empty_position", "read_card_word"]

_MAX_TEXT = 2000


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


def read_card_word(word: str, german: bool = False) -> str:
    """One card as a learner may type it, in the engine's text: ``Q♥`` -> ``QH``, ``10♣`` ->
    ``10C``, ``joker`` -> ``JK``; German cards also by name (``Eichel-Ober`` -> ``EO``,
    ``Herz-Sau`` -> ``HA``) or as the table draws them (rank then symbol: ``O♣`` -> ``EO``). A
    word it does not know comes back as it was (the card reader then judges it). The editor
    reads with its variant's own reader (``variant.editing().read_card``); this asks the first
    variant whose deck is of that kind.

    >>> read_card_word("Q\u2665"), read_card_word("10\u2663"), read_card_word("Joker")
    ('QH', '10C', 'JK')
    >>> read_card_word("Eichel-Ober", german=True), read_card_word("O\u2663", german=True)
    ('EO', 'EO')
    """
    kind = "german" if german else "french"
    for v in variant_objects():
        if v.editor_facts(v.default_players)["cards"] == kind:
            return v.editing().read_card(word)
    return read_french_card_word(word)


def _check_shape(position: dict, editing: Editing) -> None:
    """Refuse (:class:`EditRefused`) a dict the editor could not even draw: seats that are not a
    list of dicts, zones that are not lists of card texts. Everything else is the engine's to
    judge (a draft may be an impossible position)."""
    of = variant_of(position)
    seats = position.get("players")
    if not isinstance(seats, list) or not all(isinstance(seat, dict) for seat in seats):
        raise EditRefused("a position needs 'players': a list with one dict of zones per seat")
    if not of.min_players <= len(seats) <= of.max_players:
        raise EditRefused(_seat_range(of.name, of.min_players, of.max_players, len(seats)))

    def cards(value, where):
        if value is not None and not (isinstance(value, list) and all(c is None or isinstance(c, str) for c in value)):
            raise EditRefused(f"{where} must be a list of card texts, not {value!r}")

    for s, seat in enumerate(seats):
        for zone in SEAT_ZONES:
            cards(seat.get(zone), f"P{s}'s {zone}")
    for zone in editing.piles:
        cards(position.get(zone), f"the {zone}")
    editing.check_shape(position, cards)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_range(variant: str, lo: int, hi: int, n: Any) -> str:
    players = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
    return f"{variant} is played by {players}, not {n!r}"


def empty_position(variant: str, players: int | None = None, names: Any = None) -> dict:
    """An empty table of ``variant`` for ``players`` seats: every card still in the palette.
    ``names`` (one per seat) names the seats; without it they are "Player 0", "Player 1"...
    (``players`` may be left out: it is then the number of names, else the variant's usual
    table size)."""
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
    try:
        of = variant_of(variant)
    except ValueError:
        every = [v.name for v in variant_objects()]
        raise ValueError(f"unknown variant {variant!r} (choose from {', '.join(every)})") from None
    n = of.default_players if players is None else players
    if not (_is_int(n) and of.min_players <= n <= of.max_players):
        raise ValueError(_seat_range(of.name, of.min_players, of.max_players, n))
    return of.editing().skeleton(n)


class Draft:
    """A position being edited: ``position`` (a dict in the ``to_dict`` form, possibly
    impossible), ``error`` (why it is not a position, ``""`` when it is) and ``game`` (the game
    it makes, or None). What differs between the variants it asks its variant's
    :class:`~scheissekopf.editing.Editing` (``editing``)."""

    def __init__(self, position: dict):
        if not isinstance(position, dict):
            raise EditRefused(f"a position is a dict, not {type(position).__name__}")
        try:
            of = variant_of(position)
        except ValueError:
            raise EditRefused(f"unknown variant {position.get('variant')!r}") from None
        try:  # the draft is sent to the browser as it is, so it must be JSON-ready data
            self.position: dict = json.loads(json.dumps(position))
        except (TypeError, ValueError, RecursionError) as exc:
            raise EditRefused(f"a position is plain data (lists, texts, numbers), not {exc}") from None
        self.position["variant"] = of.name
        self.error = ""
        self.game: Any = None
        _check_shape(self.position, self.editing)
        try:
            self.validate()
        except Exception as exc:  # the engine failed on it: not a draft the editor can hold
            raise EditRefused(f"the position cannot be read ({type(exc).__name__})") from exc

    # ------------------------------------------------------------------ reading
    @property
    def variant(self) -> str:
        return str(self.position["variant"])

    @property
    def editing(self) -> Editing:
        """The variant's rules for the editor (its zones, settings, deck and dealing)."""
        return variant_of(self.variant).editing()

    @property
    def n(self) -> int:
        return len(self.position["players"])

    @property
    def valid(self) -> bool:
        return self.game is not None

    def deck(self) -> list:
        """Every card in play for this variant and number of seats (twice over with two decks)."""
        return self.editing.deck(self.position, self.n)

    def placed(self) -> list:
        """Every card lying somewhere in the draft (as parsed cards; unknown texts left out)."""
        out = []
        for _where, cards in self._zones():
            for text in cards:
                card = self.parse(text)
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

    def layout(self) -> dict:
        """What the table's editor draws, as data from the variant: ``seat_zones`` (each seat's
        zones, in groups side by side), ``table_zones`` (the zones between the seats, with their
        cards), ``put_zones`` (the places cards may be typed into, in the list's order),
        ``controls`` (the settings with their choices, the dealer first), ``to_move`` (the seat
        marked to move), ``ticks_finished`` (each seat has a "finished" tick), ``put_example``
        (what the Put box shows) and ``empty`` (no card placed yet)."""
        ed = self.editing
        groups = ed.seat_zones(self.n)
        put_zones = [
            {"label": f"{self.who(s)} {z['put']}", "place": {"zone": z["zone"], "seat": s}}
            for s in range(self.n)
            for group in groups
            for z in group
        ]
        seats = [[s, self.who(s)] for s in range(self.n)]
        dealer = {"label": "dealer", "field": "dealer", "value": self.position.get("dealer"), "choices": seats}
        return {
            "seat_zones": groups,
            "table_zones": ed.table_zones(self),
            "put_zones": put_zones + ed.put_zones(self),
            "controls": [dealer, *ed.controls(self)],
            "to_move": ed.to_move(self.position),
            "ticks_finished": ed.ticks_finished(),
            "put_example": ed.put_example,
            "empty": not self.placed(),
        }

    def word(self, card) -> str:
        """A card (or its text) as the table draws it: 9♥, joker, Eichel-Ober."""
        parsed = self.parse(card) if isinstance(card, str) else card
        return str(card) if parsed is None else parsed.word()

    def who(self, seat: int) -> str:
        """Seat ``seat`` as the table names it: its name, else "Player 2"."""
        names = self.position.get("names")
        return seat_word(names if isinstance(names, list) and len(names) == self.n else [], seat)

    def seats(self) -> str:
        """The seats by name, for a message: "the seats are Ada, Ben and Cleo"."""
        who = [self.who(s) for s in range(self.n)]
        return "the seats are " + (", ".join(who[:-1]) + " and " + who[-1] if len(who) > 1 else who[0])

    def seat(self, value: Any, what: str) -> int:
        """``value`` when it is one of the seats, else a refusal naming ``what`` and the seats."""
        if not (_is_int(value) and 0 <= value < self.n):
            raise EditRefused(f"{what} must be one of the seats ({self.seats()}), not {value!r}.")
        return value

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
            _check_shape(self.position, self.editing)  # what the engine wrote back is drawn next
        except EditRefused:
            self.position, self.error, self.game = saved
            raise
        except Exception as exc:  # the engine failed instead of answering: refuse, change nothing
            self.position, self.error, self.game = saved
            raise EditRefused(BROKEN_EDIT) from exc

    def parse(self, text) -> Card | None:
        """A card of this variant's deck from its text; None for anything else."""
        if not isinstance(text, str):
            return None
        try:
            return self.editing.parse(text)
        except ValueError:
            return None

    def _card(self, text) -> Card:
        card = self.parse(text)
        if card is None or str(card) == "??":
            raise EditRefused(f"Malformed edit: {text!r} is not a {self.variant} card.")
        return card

    def _zones(self):
        """(place, list of card texts) for every zone of the draft; column slots may be None."""
        p = self.position
        for s, seat in enumerate(p["players"]):
            for z in SEAT_ZONES:
                if isinstance(seat.get(z), list):
                    yield {"zone": z, "seat": s}, seat[z]
        for z in self.editing.piles:
            if isinstance(p.get(z), list):
                yield {"zone": z}, p[z]
        yield from self.editing.more_zones(p)

    def _columns(self, zone) -> bool:
        return zone in ("bank", "gamble") and self.editing.columns(self.n)

    def _place(self, place, *, create: bool) -> tuple[str, list]:
        """The zone a request names: (its words for messages, its list of cards). ``create``
        makes the trick in progress or a new taken trick when the place names one."""
        if not isinstance(place, dict):
            raise EditRefused(
                f"Malformed edit: a place is an object such as {{'zone': 'hand', 'seat': 0}}, not {place!r}."
            )
        zone = place.get("zone")
        ed = self.editing
        allowed = ed.zones
        if zone not in allowed:
            raise EditRefused(f"Malformed edit: {self.variant} has no zone {zone!r} (it has {', '.join(allowed)}).")
        p = self.position
        if zone in SEAT_ZONES:
            seat = place.get("seat")
            if not (_is_int(seat) and 0 <= seat < self.n):
                raise EditRefused(f"There is no seat {seat!r}: {self.seats()}.")
            words = ed.seat_zone_words(zone, self.n)
            cards = p["players"][seat].setdefault(zone, [])
            return f"{self.who(seat)}'s {words}", cards
        if zone in ed.piles:
            return ed.pile_words(zone), p.setdefault(zone, [])
        return ed.place(self, place, create)

    def _take(self, place, text) -> Card:
        """Take the card ``text`` from ``place`` (it must lie there)."""
        card = self._card(text)
        if not isinstance(place, dict):
            raise EditRefused("Malformed edit: 'from' must say where the card lies.")
        if place.get("zone") == "palette":
            if card not in self.palette():
                raise EditRefused(
                    f"{self.word(card)} is not among the cards not placed yet (every copy is placed already)."
                )
            return card
        words, cards = self._place(place, create=False)
        index: Any = place.get("index")
        if index is None:
            hits = [i for i, x in enumerate(cards) if self.parse(x) == card]
            if not hits:
                raise EditRefused(f"{self.word(card)} is not in {words}; nothing was changed.")
            index = hits[-1]
        if not (_is_int(index) and 0 <= index < len(cards)):
            raise EditRefused(f"{words} has no card at place {index!r}; nothing was changed.")
        if self.parse(cards[index]) != card:
            raise EditRefused(
                f"{self.word(card)} is not at that place in {words} (the table has changed since); nothing was changed."
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
            if index is None:
                free = [i for i, x in enumerate(cards) if x is None]
                index = free[0] if free else len(cards)
            if not (_is_int(index) and 0 <= index < self.editing.column_limit(pl)):
                raise EditRefused(f"{words} has no column {index!r}.")
            for z in ("bank", "gamble"):
                column = pl.setdefault(z, [])
                column.extend([None] * (index + 1 - len(column)))
            if cards[index] is not None:
                raise EditRefused(
                    f"Column {index + 1} of {words} already holds {self.word(cards[index])}: move that card first."
                )
            cards[index] = str(card)
            return
        if index is None:
            index = len(cards)
        if not (_is_int(index) and 0 <= index <= len(cards)):
            raise EditRefused(f"{words} has no place {index!r} (it holds {len(cards)} cards).")
        cards.insert(index, str(card))

    def _trim_columns(self, seat) -> None:
        self.editing.trim_columns(self.position["players"][seat])

    def _tidy(self) -> None:
        """Drop what the engine works out from the cards (so an edit never contradicts it), and
        what is left empty (the trick in progress once it holds no card)."""
        self.editing.tidy(self.position)

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
        ed = self.editing
        for word in strip_articles(text).replace(",", " ").split():
            if columns and word in ("-", "_", "."):
                parsed.append(None)
                continue
            card = self.parse(ed.read_card(word))
            if card is None or str(card) == "??":
                raise EditRefused(
                    f"{word!r} is not a {self.variant} card (write cards such as {ed.card_example}); nothing was changed."
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
                        raise EditRefused(f"Column {i + 1} of {words} already holds {self.word(cards[i])}.")
                    cards[i] = str(card)
            self._trim_columns(seat)
        else:
            cards.extend(str(c) for c in parsed)
        self._tidy()

    def _set(self, edit) -> None:
        field, value = edit.get("field"), edit.get("value")
        if field == "players":
            self._set_players(value)
        elif field == "dealer":
            self.position["dealer"] = self.seat(value, "dealer")
        elif not (isinstance(field, str) and self.editing.set(self, field, value)):
            raise EditRefused(f"Unknown setting {field!r} for {self.variant}; nothing was changed.")
        self._tidy()

    def _set_players(self, value) -> None:
        of = variant_of(self.variant)
        lo, hi = of.min_players, of.max_players
        if not (_is_int(value) and lo <= value <= hi):
            raise EditRefused(_seat_range(self.variant, lo, hi, value) + ".")
        if value == self.n:
            return
        names = self.position.get("names")
        if isinstance(names, list):  # the seats that stay keep their names; a new one is "Player 3"
            names = [*names[:value], *(f"P{s}" for s in range(len(names), value))]
        self.position = self.editing.resize(self, value)
        if isinstance(names, list):
            self.position["names"] = names
        self._drop_surplus()

    def _drop_surplus(self) -> None:
        """After the deck shrank (fewer seats, fewer decks): copies beyond the deck go back."""
        left = Counter(self.deck())
        for _where, cards in list(self._zones()):
            for i, text in enumerate(cards):
                card = self.parse(text)
                if card is None:
                    continue
                if left[card] > 0:
                    left[card] -= 1
                else:
                    cards[i] = None
        for seat in self.position["players"]:
            for z in SEAT_ZONES:
                if z in seat and not self._columns(z):
                    seat[z] = [c for c in seat[z] if c is not None]
        for z in self.editing.piles:
            if isinstance(self.position.get(z), list):
                self.position[z] = [c for c in self.position[z] if c is not None]
        for s in range(self.n):
            if self._columns("bank"):
                self._trim_columns(s)

    def _clear(self, _edit) -> None:
        p = self.position
        names = p.get("names")
        fresh = empty_position(self.variant, self.n)
        for key in self.editing.kept_on_clear:
            if key in p:
                fresh[key] = p[key]
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
        self.position.setdefault("variant", variant_of(data).name)  # a text without one is of the default

    # ------------------------------------------------------------------ dealing the rest
    def _deal(self, edit) -> None:
        seed = edit.get("seed")
        if seed is not None and not _is_int(seed):
            raise EditRefused(f"Malformed edit: the seed is a whole number, not {seed!r}.")
        rng = random.Random(seed)
        rest = [str(c) for c in self.palette()]
        rng.shuffle(rest)
        self.editing.deal(self, rest)
        self._tidy()
