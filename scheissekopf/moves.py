"""Moves and their text.

``str(move)`` always names the player (``P1 9H 9D``); :func:`parse_move` reads it back, and also
reads bare card text (``9H 9D``, ``JK to P3``) as a move by the player to move.

==========  ======================  ==================================================
kind        text                    meaning
==========  ======================  ==================================================
play        ``P1 9H 9D``            play cards of one rank from the active zone
take        ``P1 take``             take the stack (palace bank failure: ``P1 take KD``)
joker       ``P1 JK to P3``         bitenight: P3 takes the stack
flip        ``P1 flip 2``           turn the gamble card in slot 2 (0-based)
swap        ``P1 swap 4H KD``       setup: swap hand card 4H with bank card KD
place       ``P1 place 9H 0``       schwechat setup: 9H face up on column 0 (0-based)
ready       ``P1 ready``            setup: done
==========  ======================  ==================================================
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .cards import Card
from .errors import IllegalMove

KINDS = ("swap", "place", "ready", "play", "take", "joker", "flip")
# the kinds whose cards play different parts, so that their order is part of what the move does
# (a swap: the hand card, then the bank card); the cards of every other kind count in any order
_ORDERED = frozenset({"swap"})


def card_text(cards) -> str:
    """Cards as text, each through its own class (French or German-suited cards alike)."""
    return " ".join(str(c) for c in cards)


class _Fields:
    """The slots a move's fields live in (a base of its own, so that the engine can fill them
    in on a writable :class:`_Draft` and then make it a read-only :class:`Move`: see
    ``core.serving``)."""

    __slots__ = ("player", "kind", "cards", "target", "index", "_stamp")
    player: int
    kind: str
    cards: tuple[Card, ...]
    target: int | str | None
    index: int | None
    _stamp: int | None


class _Draft(_Fields):
    """A move being filled in: plain slots, writable."""

    __slots__ = ()


def _refuse(self, name, value=None):
    field = name.lstrip("_")
    raise AttributeError(
        f"a Move is a value and its {field} cannot change: build a new Move (or pass the move's text) instead"
    )


class Move(_Fields):
    """A move: who (``player``), what (``kind``), with which ``cards``; ``target`` is the seat
    shown a joker, ``index`` the gamble or bank slot of a flip or place.

    A move is a value: its fields cannot be changed, and two moves are equal (and hash alike)
    when they do the same, so that two legal moves of one position are equal exactly when playing
    them leads to the same position. The cards of a play (or a bury) count in any order, as
    the game lays them in its own order; a swap's two cards count in order, the hand card first
    (``swap QS KC`` gives up QS, ``swap KC QS`` gives up KC). They are plain slots, read
    at full speed by bots and searches; ``_stamp`` is the place of a move that ``legal_moves()``
    offered, which ``play()`` then need not check again while its fields are still the ones
    offered there in the same position (see ``core.LegalMoves``).
    """

    __slots__ = ()
    __setattr__ = _refuse
    __delattr__ = _refuse

    def __init__(
        self,
        player: int,
        kind: str,
        cards: Iterable[Card] = (),
        target: int | str | None = None,
        index: int | None = None,
    ) -> None:
        if not (_number(player) and (index is None or _number(index))):
            raise ValueError(f"a seat or a slot is a whole number (0, 1, ...), not {_shown(player, index)}")
        if not isinstance(kind, str):
            raise ValueError(f"a move's kind is a word such as 'play' or 'take', not {_shown(kind)}")
        if not (target is None or _number(target) or isinstance(target, (str, Card))):
            # (a card: the ace a sheepshead picker calls with a card in the hole, "P1 under AH 7C")
            raise ValueError(f"a move's target is a seat, a word or a card, not {_shown(target)}")
        try:
            cards = tuple(cards)
        except TypeError:
            raise ValueError(f"a move's cards are a list of cards, not {_shown(cards)}") from None
        for set_field, value in zip(_SETTERS, (player, kind, cards, target, index, None)):
            set_field(self, value)

    def _key(self) -> tuple:
        cards = self.cards
        if self.kind not in _ORDERED:
            cards = tuple(sorted(cards))
        return (self.player, self.kind, cards, self.target, self.index)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self):
        # a copy or a pickle is the same value, not the offer: it carries no stamp
        return (type(self), (self.player, self.kind, self.cards, self.target, self.index))

    def __str__(self):
        who = f"P{self.player}"
        kind = self.kind
        if kind == "play":
            return f"{who} {card_text(self.cards)}"
        if kind == "take":
            return f"{who} take {card_text(self.cards)}" if self.cards else f"{who} take"
        if kind == "joker":
            return f"{who} JK to P{self.target}"
        if kind == "flip":
            return f"{who} flip {self.index}"
        if kind == "swap":
            return f"{who} swap {card_text(self.cards)}"
        if kind == "place":
            return f"{who} place {card_text(self.cards)} {self.index}"
        if kind == "card":  # a card played to a trick: its own text
            return f"{who} {card_text(self.cards)}"
        # other kinds (bids, calls, announcements of the trick-taking games): generic form
        parts = [who, str(kind)]
        if self.target is not None:
            parts.append(str(self.target))
        if self.cards:
            parts.append(card_text(self.cards))
        if self.index is not None:
            parts.append(str(self.index))
        return " ".join(parts)

    def __repr__(self):
        return f"Move('{self}')"

    def said(self, w) -> str:
        """What the move does, in the words of writer ``w`` (see :mod:`scheissekopf.words`),
        as it follows "can't": ``play 4♣``, ``take the stack``, ``show the joker to Ben``."""
        kind, cards = self.kind, self.cards
        if kind in ("play", "card"):
            return f"play {w.cards(cards)}"
        if kind == "take":
            return f"lay {w.cards(cards)} and take the stack" if cards else "take the stack"
        if kind == "joker":
            if self.target == self.player:
                return "take the stack with the joker"  # shown to oneself
            return f"show the joker to {_seat_word(w, self.target)}"
        if kind == "flip":
            if self.index is None:
                return "turn a gamble card"
            return f"turn gamble card {self.index + 1}"  # counted from 1, as the table does
        if kind == "swap" and len(cards) == 2:
            return f"swap {w.card(cards[0])} from the hand for {w.card(cards[1])} from the bank"
        if kind == "place":
            if self.index is None:
                return f"lay {w.cards(cards)} on a gamble column"
            return f"lay {w.cards(cards)} on gamble column {self.index + 1}"  # counted from 1
        if kind == "ready":
            return "say ready"
        return self.kind + (f" {w.cards(cards)}" if cards else "")


def _seat_word(w, seat) -> str:
    # w[seat] is the seat as the writer writes one: "Player 2" for people where it has no name
    return w[seat] if isinstance(seat, int) and 0 <= seat < len(w.names) else "a seat that is not at the table"


def _number(value) -> bool:
    """A seat, a slot or a card named as a target: an int (not a bool, not 1.0), of a size a
    table can have."""
    return isinstance(value, int) and type(value) is not bool and -1000 < value < 1000


def _shown(*values) -> str:
    bad = next((v for v in values if v is not None and not _number(v)), values[0])
    try:
        return f"{bad!r:.40}"
    except ValueError:  # an int too long to print
        return "a number of thousands of digits"


# the slots' own writers, which Move.__init__ uses past its read-only __setattr__
_SETTERS = tuple(_Fields.__dict__[name].__set__ for name in _Fields.__slots__)

_SEAT = re.compile(r"^P([0-9]+)$", re.IGNORECASE)  # ASCII digits only (not "²" or "٣")


def _seat(token: str):
    m = _SEAT.match(token)
    if not m:
        return None
    if len(m.group(1)) > 3:  # (and int() reads no more than 4,300 digits)
        raise IllegalMove(f"there is no seat {token[:12]}... at this table", token)
    return int(m.group(1))


def parse_move(text: str, default_player: int | None) -> Move:
    """Read move text. Raise :class:`IllegalMove` with a helpful message when it can't be read."""
    if not isinstance(text, str):
        raise IllegalMove(f"a move is a Move or its text, not {type(text).__name__}", text)
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise IllegalMove("an empty move: write cards such as '9D', or 'take'", text)
    player = _seat(tokens[0])
    if player is not None:
        tokens = tokens[1:]
    else:
        player = default_player
    if player is None:
        raise IllegalMove(f"can't tell who plays {text!r}: nobody is to move; name the seat, e.g. 'P1 ready'", text)
    if not tokens:
        raise IllegalMove(f"{text!r} names a player but no move", text, player)
    word = tokens[0].lower()

    def cards(items):
        try:
            return [Card.parse(t) for t in items]
        except ValueError as exc:
            raise IllegalMove(str(exc), text, player) from None

    def index(token):
        if not (token.isascii() and token.isdigit()) or len(token) > 3:
            raise IllegalMove(f"{token[:12]!r} is not a slot number (slots count from 0)", text, player)
        return int(token)

    if word == "ready" and len(tokens) == 1:
        return Move(player, "ready")
    if word == "take":
        return Move(player, "take", cards(tokens[1:]))
    if word == "flip":
        if len(tokens) != 2:
            raise IllegalMove("write a flip as 'flip <slot>', e.g. 'P1 flip 0'", text, player)
        return Move(player, "flip", index=index(tokens[1]))
    if word == "swap":
        if len(tokens) != 3:
            raise IllegalMove("write a swap as 'swap <hand card> <bank card>', e.g. 'P1 swap 4H KD'", text, player)
        return Move(player, "swap", cards(tokens[1:]))
    if word == "place":
        if len(tokens) != 3:
            raise IllegalMove("write a placing as 'place <card> <column>', e.g. 'P1 place 9H 0'", text, player)
        return Move(player, "place", cards(tokens[1:2]), index=index(tokens[2]))
    if len(tokens) >= 2 and tokens[-2].lower() in ("to", "at", ">"):
        target = _seat(tokens[-1])
        if target is None:
            raise IllegalMove(f"{tokens[-1]!r} is not a seat: write e.g. 'JK to P2'", text, player)
        played = cards(tokens[:-2])
        if [str(c) for c in played] != ["JK"]:
            raise IllegalMove("only a single joker is shown to a player: write 'JK to P2'", text, player)
        return Move(player, "joker", played, target=target)
    return Move(player, "play", cards(tokens))
