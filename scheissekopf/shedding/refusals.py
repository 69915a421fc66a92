"""Why a move is refused in the shedding game, in the engine's words and in people's.

A mixin of :class:`~scheissekopf.shedding.game.Game`: ``_resolve`` checks a move that was not
offered by ``legal_moves()`` here and now and raises :class:`~scheissekopf.errors.IllegalMove`
naming the rule; ``_refusal`` says why, written by a :class:`~scheissekopf.words.Writer` (the
engine's codes by default, seats by name and cards as drawn for people). Schwechat's optional
penalty rule (a warning, then a penalty card) is paid for a refused move here too.
"""

from __future__ import annotations

from collections import Counter

from ..cards import HIDDEN, JOKER, JOKER_RANK, RANK_TEXT, Card
from ..core import LegalMoves
from ..errors import IllegalMove
from ..moves import Move, parse_move
from ..notation import shown
from ..words import CODES, Said, Writer, agree, seat_word
from .rules import makes_four


class Refusals:
    """The refusals of the shedding :class:`~scheissekopf.shedding.game.Game`."""

    __slots__ = ()

    def _refused(self, exc):
        if self.penalties and self.phase == "play":
            self._penalize(exc)

    def _resolve(self, move):
        """Check a move and return it (as a Move). Raise IllegalMove."""
        if type(move) is Move and self._offered(move):  # from legal_moves() here and now
            return move
        if isinstance(move, str):
            move = parse_move(move, self.turn if self.phase != "setup" else None)
        elif not isinstance(move, Move):
            raise IllegalMove(f"a move is a Move or its text, not {type(move).__name__}", move)
        p = move.player
        if type(p) is not int or not 0 <= p < self.n:  # (not True, not 1.0)
            raise IllegalMove(f"there is no seat {p!r} at this table (seats 0 to {self.n - 1})", move)
        if not isinstance(move.kind, str) or move.kind not in (
            "swap",
            "place",
            "ready",
            "play",
            "take",
            "joker",
            "flip",
        ):
            raise IllegalMove(f"unknown kind of move {move.kind!r}", move, p)
        if not (move.target is None or type(move.target) is int) or not (move.index is None or type(move.index) is int):
            raise IllegalMove("a move names a seat or a slot by its number, not a value of another kind", move, p)
        if type(move.cards) is not tuple:
            raise IllegalMove(f"a move's cards are a tuple of cards, not {shown(move.cards)}", move, p)
        for c in move.cards:
            if not isinstance(c, Card) or c == HIDDEN:
                raise IllegalMove(f"{c!r} is not a card that can be played", move, p)
        why = self._refusal(move)
        if why:
            raise IllegalMove(why, move, p, words=self._refusal_words(move))
        cards = move.cards
        if move.kind == "play" and len(cards) > 1 and any(a > b for a, b in zip(cards, cards[1:])):
            # the cards named in another order: the same move, laid as the offered one lays them
            move = Move(p, "play", sorted(cards))
        return move

    def _refusal_words(self, m):
        """The refusal of m as one sentence for people: who, what and why, cards as drawn."""
        w = Writer(self.names, people=True)
        return w.refusal(m, self._refusal(m, w))

    def _refusal(self, m, w=CODES):
        """Why move m is not legal now, or None when it is (written by ``w``, see
        :mod:`scheissekopf.words`: the engine's codes by default)."""
        P, p, name = self.preset, m.player, w.who(self.names, m.player)
        if self.phase == "over":
            return f"the round is over{w.either(':', ' and')} {w.who(self.names, self.loser)} is the Scheißkopf"
        if self.phase == "setup":
            return self._setup_refusal(m, w)
        if m.kind in ("swap", "place", "ready"):
            return w.either(
                f"setup is over: the cards are in play ({m.kind} is a setup move)",
                "setup is over and the cards are in play",
            )
        if self._out[p]:
            return w.either(f"{name} is already out", f"this round is over for {name}, who went out already")
        if self._pend is not None:
            pending = w.who(self.names, self._pend)
            if m.kind != "joker" or p != self._pend:
                return w.either(
                    f"{pending} turned a joker and must first choose who takes the stack ('JK to P2')",
                    f"a joker was turned, and first {pending} must choose who takes the stack",
                )
            return self._target_refusal(m, last_card=self.players[p].cards_held == 0, w=w)
        pl = self.players[p]
        if m.kind == "play":
            cards = m.cards
            if not cards:
                return "a play needs at least one card"
            ranks = {c >> 2 for c in cards}
            if len(ranks) > 1:
                return (
                    "one play is one or more cards of a single rank ("
                    + " and ".join(RANK_TEXT[r] for r in sorted(ranks))
                    + " are mixed)"
                )
            r = cards[0] >> 2
            zone = self.active_zone(p)
            where = self._zone_refusal(p, cards, zone, w)
            if p != self.turn:
                if not P.jump_ins:
                    return f"it is {w.who(self.names, self.turn)}'s turn" + w.either(f", not {name}'s", "")
                if where:
                    return where
                if not self._completes_four(r, len(cards)):
                    return f"it is {w.who(self.names, self.turn)}'s turn" + w.either(
                        f"; {name} may only jump in to complete four of a kind on top of the stack",
                        ", and a jump-in out of turn must complete four of a kind on top of the stack",
                    )
                return None
            if where:
                return where
            if r == JOKER_RANK and P.joker == "target":
                return "name who is shown the joker" + w.either(", e.g. 'JK to P2'", "")
            if self.opening is not None and r != self.opening:
                plural = RANK_TEXT[self.opening] + "s"
                return (
                    w.either(f"{name} opens the round and must", "the opener must")
                    + f" play {plural} (the lowest card in any hand)"
                )
            if not self.playable() >> r & 1:
                return P.refusal(self.stack, r, w)
            return None
        if p != self.turn:
            return f"it is {w.who(self.names, self.turn)}'s turn" + w.either(f", not {name}'s", "")
        if m.kind == "joker":
            if P.joker != "target":
                if P.joker is None:
                    return f"{self.variant} is played without jokers"
                return "in this game a joker is played like a card (it turns the direction)" + w.either(
                    ": play 'JK'", ""
                )
            zone = self.active_zone(p)
            where = self._zone_refusal(p, (JOKER,), zone, w)
            if where:
                return where
            if self.opening is not None:
                return (
                    w.either(f"{name} opens the round and must", "the opener must")
                    + f" play {RANK_TEXT[self.opening]}s"
                )
            return self._target_refusal(m, last_card=not self._draw and self.held(p) == 1, w=w)
        if m.kind == "flip":
            zone = self.active_zone(p)
            if zone == "hand":
                return f"{name} must play from the hand before turning gamble cards"
            if type(m.index) is not int or not 0 <= m.index < len(pl.gamble) or pl.gamble[m.index] is None:
                slot = w.either(str(m.index), str(m.index + 1)) if type(m.index) is int else repr(m.index)
                return f"{name} has no gamble card in slot {slot}"
            if P.columns:
                if pl.bank[m.index] is not None:
                    return f"gamble card {w.either(str(m.index), str(m.index + 1))} is still covered by {w.card(pl.bank[m.index])} from the bank"
            elif zone == "bank":
                return f"{name} must play the bank cards before turning gamble cards"
            return None
        # take
        if not self.stack and not m.cards:
            return "the stack is empty" + w.either(": there is nothing to take", "")
        raw = []
        self._turn_moves(p, raw)
        legal = LegalMoves.of(raw, self)
        lays = [x for x in legal if x.kind == "take" and x.cards]
        if lays:
            if len(m.cards) != 1 or m.cards[0] not in pl.bank:
                return f"{name} has no playable bank card: lay one of them and take the stack, " + w.either(
                    f"e.g. 'take {lays[0].cards[0]}'", f"for example {w.card(lays[0].cards[0])}"
                )
            return None
        if m.cards:
            return w.either(
                "'take' with a card is only for laying a bank card that cannot be played (palace)",
                "a bank card is laid only when none of them can be played",
            )
        if any(x.kind == "take" for x in legal):
            return None
        example = next((x for x in legal if x.kind in ("play", "joker", "flip")), None)
        if example is None:
            return "taking is not allowed now"
        return f"{name} can {w.either(f'play ({example})', 'still ' + w.move(example))}, so may not take the stack"

    def _zone_refusal(self, p, cards, zone, w=CODES):
        pl = self.players[p]
        name = w.who(self.names, p)
        if zone == "gamble":
            return w.either(
                f"{name} plays the gamble blind, one card at a time: 'flip <slot>'",
                "the gamble cards are played blind, one at a time, by turning them over",
            )
        have = Counter(pl.hand if zone == "hand" else [c for c in pl.bank if c is not None])
        need = Counter(cards)
        missing = [c for c in need if need[c] > have[c]]
        if not missing:
            return None
        c = missing[0]
        if zone == "hand" and c in pl.bank:
            return w.either(
                f"{name} must empty the hand before playing from the bank", "the bank waits until the hand is empty"
            )
        if zone == "hand" and c in pl.gamble:
            return w.either(
                f"{name} cannot play gamble cards while holding cards in the hand",
                "the gamble cards wait until the hand is empty, and they are turned over blind",
            )
        where = "hand" if zone == "hand" else "bank"
        if need[c] > 1 and have[c]:
            return f"{name} has only {have[c]} {w.card(c)} in the {where}"
        return f"{name} has no {w.card(c)} in the {where}"

    def _target_refusal(self, m, last_card, w=CODES):
        t = m.target
        if type(t) is not int or not 0 <= t < self.n:
            return f"there is no seat {t!r} to show the joker to"
        if self._out[t]:
            return f"{w.who(self.names, t)} is out and cannot take the stack"
        if last_card and t == m.player:
            return w.either(
                "the joker is your last card: you go out with it, so show it to someone else",
                "it is the last card and goes out, so show it to someone else",
            )
        return None

    def _completes_four(self, r, k):
        if not self.stack or self.opening is not None:
            return False
        return makes_four(self._run, r, k)

    def _setup_refusal(self, m, w=CODES):
        P, p, pl, name = self.preset, m.player, self.players[m.player], w.who(self.names, m.player)
        if m.kind not in ("swap", "place", "ready"):
            return f"the game is still in setup{w.either(':', ';')} swap or place cards, then say ready"
        if self.ready[p]:
            return f"{name} is ready already and can no longer change the cards"
        if m.kind == "swap":
            if len(m.cards) != 2:
                return w.either(
                    "a swap names a hand card and a bank card: 'swap 4H KD'",
                    "a swap trades one hand card for one bank card",
                )
            h, b = m.cards
            if h not in pl.hand:
                return f"{name} has no {w.card(h)} in the hand"
            if b not in pl.bank:
                return f"{name} has no {w.card(b)} in the bank"
            return None
        if m.kind == "place":
            if not P.columns:
                return f"in {self.variant} the bank is dealt face up{w.either(':', ';')} swap cards instead of placing them"
            if len(m.cards) != 1:
                return w.either(
                    "a placing names one hand card and a column: 'place 9H 0'", "lay one hand card on one column"
                )
            if m.cards[0] not in pl.hand:
                return f"{name} has no {w.card(m.cards[0])} in the hand"
            i = m.index
            if type(i) is not int or not 0 <= i < len(pl.gamble) or pl.gamble[i] is None:
                return f"there is no gamble column {i}"
            if pl.bank[i] is not None:
                return f"column {i} already has {w.card(pl.bank[i])} on it"
            return None
        if P.columns and any(b is None and g is not None for b, g in zip(pl.bank, pl.gamble)):
            return f"{name} must first lay a card face up on every gamble card"
        return None

    # ------------------------------------------------------------------ penalties (schwechat)
    def _penalize(self, exc):
        p = exc.player
        if p is None or not isinstance(p, int) or not 0 <= p < self.n or self._out[p]:
            return
        scalars = self._begin()
        log_len = len(self._log)
        reason = Said(str(exc), exc.words)
        if not self.warned[p]:
            self._set(self.warned, p, True)
            self._note("warning", p, reason)
            exc.args = (f"{reason} — official warning for {self.names[p]}",)
            exc.words = agree(f"{exc.words} — official warning for {seat_word(self.names, p)}", self.names)
        else:
            if self._draw:
                source = self._draw
            elif self.discard:
                source = self.discard
            else:
                source = None
            if source is None:
                again = " — {} is warned again, but no card is left for a penalty card"
                exc.args = (reason + again.format(self.names[p]),)
                exc.words = agree(exc.words + again.format(seat_word(self.names, p)), self.names)
                return
            self._j.append(source)
            self._j.append(tuple(source))
            card = source.pop()
            pl = self.players[p]
            self._j.append(pl.gamble)
            self._j.append(tuple(pl.gamble))
            pl.gamble.append(card)
            if self.preset.columns:
                self._j.append(pl.bank)
                self._j.append(tuple(pl.bank))
                pl.bank.append(None)
            self._irrev = True
            self._note("penalty", p, reason)
            penalty = " — penalty card: one more face-down card for {}'s gamble"
            exc.args = (reason + penalty.format(self.names[p]),)
            exc.words = agree(exc.words + penalty.format(seat_word(self.names, p)), self.names)
        self._record_change(scalars, log_len)  # (not a move: no position to count)
