"""Moves of the trick-taking games and their text.

Every move prints as ``P<seat> <what>`` and :func:`parse_move` reads that text back; without the
seat, the text is a move by the seat to move.

===========  ==========================  =========================================================
kind         text                        meaning
===========  ==========================  =========================================================
card         ``P1 QC`` / ``P1 EO``       play that card to the trick
pass         ``P1 pass``                 pass (auction, pick, wedding offer); the dealer's pass
                                         after everyone passed throws the cards in (schafkopf)
pick         ``P1 pick``                 sheepshead: take the blind
bury         ``P1 bury 7H KS``           sheepshead: the picker lays two cards away
call         ``P1 call AH`` / ``EA``     call the card whose holder becomes the partner
under        ``P1 under AH 7C``          sheepshead: call AH, 7C goes face down "in the hole"
alone        ``P1 alone``                sheepshead: the picker plays without a partner
hole         ``P1 hole``                 sheepshead: play the card in the hole
double       ``P2 double``               sheepshead (knocking option): an opponent doubles the hand
bid          ``P1 bid solo``             auction: normal, wedding, solo, tout or sie
solo         ``P1 solo H``               declare a solo: suit E G H S, or wenz, geier, niederer
tout         ``P1 tout wenz``            declare a tout (a solo taking every trick)
trump        ``P1 trump G``              two players: the trump suit beside O and U
accept       ``P1 accept GK``            wedding: give GK, take the offered trump
ramsch       ``P1 ramsch``               dealer, everyone passed: play Ramsch
must         ``P1 must EO``              dealer, everyone passed: the holder of EO must play
refuse       ``P1 refuse``               throw a worthless hand in (auction)
===========  ==========================  =========================================================
"""

from __future__ import annotations

import re

from ..core import LegalMoves, serving
from ..errors import IllegalMove
from ..moves import Move

CARD_KINDS = ("bury", "call", "accept", "must")  # kinds whose words after the kind are cards
WORD_KINDS = ("bid", "solo", "tout", "trump")  # kinds with one word (the target)
BARE_KINDS = ("pass", "pick", "alone", "hole", "ramsch", "refuse", "double")
KINDS = ("card", "under") + CARD_KINDS + WORD_KINDS + BARE_KINDS


class TrickMove(Move):
    """A move of a trick-taking game (prints German cards by their own text)."""

    __slots__ = ()

    def __str__(self):
        who = f"P{self.player}"
        if self.kind == "card":
            return f"{who} {' '.join(map(str, self.cards))}"
        parts = [who, str(self.kind)]
        if self.target is not None:
            parts.append(str(self.target))
        parts += [str(c) for c in self.cards]
        if self.index is not None:
            parts.append(str(self.index))
        return " ".join(parts)

    def __repr__(self):
        return f"Move('{self}')"


class TrickLegalMoves(LegalMoves):
    """The legal moves as a lazy sequence of :class:`TrickMove`."""

    __slots__ = ()
    __getitem__ = serving(TrickMove)


_SEAT = re.compile(r"^P([0-9]+)$", re.IGNORECASE)  # ASCII digits only (not "²" or "٣")
_SOLO_WORDS = {"wenz": "wenz", "geier": "geier", "niederer": "niederer"}


def parse_move(text, default_player, family, game=None) -> TrickMove:
    """Read move text; raise :class:`IllegalMove` saying what could not be read."""
    if not isinstance(text, str):
        raise IllegalMove(f"a move is a Move or its text, not {type(text).__name__}", text)
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise IllegalMove("an empty move: write a card such as 'QC', or 'pass'", text)
    m = _SEAT.match(tokens[0])
    if m:
        if len(m.group(1)) > 3:
            raise IllegalMove(f"there is no seat {tokens[0][:12]}... at this table", text)
        player = int(m.group(1))
        tokens = tokens[1:]
    else:
        player = default_player
    if player is None:
        raise IllegalMove(f"can't tell who plays {text!r}: nobody is to move", text)
    if not tokens:
        raise IllegalMove(f"{text!r} names a player but no move", text, player)
    word = tokens[0].lower()
    rest = tokens[1:]

    def cards(items):
        try:
            return tuple(family.parse(t) for t in items)
        except ValueError as exc:
            raise IllegalMove(str(exc), text, player) from None

    if word in BARE_KINDS:
        if rest:
            raise IllegalMove(f"'{word}' takes nothing after it", text, player)
        return TrickMove(player, word)
    if word in CARD_KINDS:
        need = 2 if word == "bury" else 1
        if len(rest) != need:
            example = {"bury": "bury 7H KS", "call": "call AH", "accept": "accept GK", "must": "must EO"}[word]
            raise IllegalMove(f"write it as '{example}'", text, player)
        return TrickMove(player, word, cards(rest))
    if word == "under":
        if len(rest) != 2:
            raise IllegalMove("write it as 'under <called ace> <card for the hole>', e.g. 'under AH 7C'", text, player)
        called, hole = cards(rest)
        return TrickMove(player, "under", (hole,), target=called)
    if word in WORD_KINDS:
        if len(rest) != 1:
            example = {"bid": "bid solo", "solo": "solo H", "tout": "tout wenz", "trump": "trump G"}[word]
            raise IllegalMove(f"write it as '{example}'", text, player)
        target = rest[0].lower()
        if word != "bid":
            target = _SOLO_WORDS.get(target, target.upper())
        return TrickMove(player, word, target=target)
    if rest:
        raise IllegalMove("play one card at a time, e.g. 'QC'", text, player)
    return TrickMove(player, "card", cards(tokens))
