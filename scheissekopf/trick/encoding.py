"""The trick-taking games as fixed-size numbers for learning programs: the family's part.

:mod:`scheissekopf.ai.encoding` asks the variant object for it (``variant.encoding(players)``)
and turns what it gives into arrays; this module knows the trick games and needs no numpy:

* :class:`TrickEncoding` numbers every move a rule set and table size can offer (the action keys
  and their names), says which key an engine move has, and who acts (the player to move);
* :class:`TrickObserver` writes what one seat may see as bytes, segment by segment
  (``docs/AI.md``), at places read from tables made once per observing seat, the finished
  tricks counted once while they are the same.

The words (phases, bids, levels, contracts, solo kinds) are the family's own, as the variant
object's ``vocabulary`` gives them.
"""

from __future__ import annotations

from math import prod
from typing import Any

from . import new_game
from .moves import BARE_KINDS

#: the words that are whole moves, in the order of their actions (the move kinds of moves.py)
_WORDS = ("pick", "pass", "alone", "hole", "double", "refuse", "ramsch")
assert sorted(_WORDS) == sorted(BARE_KINDS), "every bare move kind has one action"


class TrickEncoding:
    """The actions of ``variant`` (a :class:`~scheissekopf.trick.variant.TrickVariant`) at a table
    of ``players``: the words (``pick``, ``pass``, ``bid solo``, ``solo wenz``, ...), one action
    per card for ``card``, ``call``, ``must`` and ``accept``, one per pair for ``bury`` and one
    per (called card, card in the hole) for ``under``. Only the player to move acts."""

    tricks = True  # the game is played in tricks
    chances = False  # no seat acts out of turn

    def __init__(self, variant: Any, players: int) -> None:
        self.variant = variant.name
        self.players = players
        self.vocabulary = words = variant.vocabulary
        self.faces = list(dict.fromkeys(variant.deck(players)))  # the distinct cards, in the deck's order
        self.face_index = {c: i for i, c in enumerate(self.faces)}
        self.suits = suits = sorted({c.suit for c in self.faces})
        keys: list[tuple] = [(w,) for w in _WORDS]
        names = list(_WORDS)
        for level in words["bids"][1:]:
            keys.append(("bid", level))
            names.append(f"bid {level}")
        for kind in ("solo", "tout"):
            for t in suits + list(words["kinds"]):
                keys.append((kind, t))
                names.append(f"{kind} {t}")
        for s in suits:
            keys.append(("trump", s))
            names.append(f"trump {s}")
        for kind in ("card", "call", "must", "accept"):
            for i, c in enumerate(self.faces):
                keys.append((kind, i))
                names.append(str(c) if kind == "card" else f"{kind} {c}")
        for i in range(len(self.faces)):
            for j in range(i + 1, len(self.faces)):
                keys.append(("bury", i, j))
                names.append(f"bury {self.faces[i]} {self.faces[j]}")
        for i, called in enumerate(self.faces):
            for j, hole in enumerate(self.faces):
                if i != j:
                    keys.append(("under", i, j))
                    names.append(f"under {called} {hole}")
        self.keys = keys
        self.names = names

    def key_of(self, move: Any) -> tuple:
        """The action key of an engine move."""
        return self.offer_key((move.player, move.kind, move.cards, move.target, move.index))

    def offer_key(self, offer: tuple) -> tuple:
        """The action key of a move as the engine offers it, ``(player, kind, cards, target,
        index)`` (no Move object made)."""
        _, kind, cards, target, _ = offer
        fi = self.face_index
        if kind in ("card", "call", "must", "accept"):
            return (kind, fi[cards[0]])
        if kind == "bury":
            i, j = sorted(fi[c] for c in cards)
            return ("bury", i, j)
        if kind == "under":
            return ("under", fi[target], fi[cards[0]])
        if target is not None:
            return (kind, target)
        return (kind,)

    @staticmethod
    def actor(game: Any, seats: set[int], declined: set[int]) -> tuple[int, bool]:
        """Who acts at ``game``: the player to move (never out of turn)."""
        return game.turn, False

    @staticmethod
    def hidden_text(move: Any) -> str | None:
        """What the other seats see of a move whose cards only its player sees (buried cards,
        the card laid in the hole); None for a move everyone sees whole."""
        if move.kind == "bury":
            return "bury"
        if move.kind == "under":
            return f"under {move.target}"
        return None

    def observer(self) -> TrickObserver:
        """A fresh observer (it keeps the finished tricks it counted)."""
        return TrickObserver(self)


class TrickObserver:
    """What one seat may see of a trick game as bytes: :attr:`segments` lists ``(name, start,
    shape, meaning)``, a segment of shape ``(rows, k)`` holding one row per seat counted from the
    observing seat; :attr:`encoders` holds per observing seat a function ``(game, jump_in)`` that
    returns the bytes and the place and value of the one number that may not fit a byte (the
    multiplier; else None, 0).

    The encoders count into a bytearray at places read from tables made once per observer; they
    read the game itself, never building a view, and only what the seat may see."""

    #: the one-row segments that hold one number per seat (counted from the observer)
    per_seat = frozenset({"hand_size", "turn", "trick_hidden", "tricks_won", "declarer", "declarers"})

    def __init__(self, enc: TrickEncoding) -> None:
        self.players = n = enc.players
        self.faces, self.face_index = enc.faces, enc.face_index
        k = len(self.faces)
        words = enc.vocabulary
        phases, bids, levels, modes = words["phases"], words["bids"], words["levels"], words["modes"]
        suits = enc.suits
        self.suit_index = {x: i for i, x in enumerate(suits)}
        sample = new_game(enc.variant, players=n, seed=0)  # (what the layout reads of a table: its columns)
        slots = max(len(p.gamble) for p in sample.players)
        self.segments: list[tuple[str, int, tuple[int, ...], str]] = []
        self._at: dict[str, int] = {}
        add = self._add
        add("hand", (k,), "own hand (1 per card held)")
        add("hand_size", (n,), "number of cards in each seat's hand")
        add("bank", (n if sample.layout else 0, k), "two players: each seat's face-up cards")
        add("gamble", (n, slots), "two players: 1 where a seat's face-down card still lies")
        add("trick", (n, k), "the trick being played: the card each seat put on it (one-hot)")
        add("trick_hidden", (n,), "1 where a seat's card on the trick is the unseen card in the hole")
        add("played", (k,), "cards seen in finished tricks")
        add("tricks_won", (n,), "number of tricks each seat took")
        add("blind", (k,), "the blind's cards this seat has seen")
        add("blind_size", (1,), "number of cards in the blind")
        add("buried", (k,), "buried cards this seat has seen")
        add("buried_size", (1,), "number of buried cards")
        add("hole", (k,), "the card in the hole, when this seat has seen it")
        add("hole_exists", (1,), "1 while a card lies in the hole")
        add("bids", (n, len(bids)), "each seat's word in the pick or auction (one-hot)")
        add("best_bid", (n, len(levels)), "the highest bid so far: its seat and level (one-hot)")
        add("doubles", (n, 2), "knocking: each seat's pass or double (one-hot)")
        add("mode", (len(modes),), "the contract's game (one-hot)")
        add("declarer", (n,), "the declarer (one-hot)")
        add("suit", (len(suits),), "the contract's trump or solo suit (one-hot)")
        add("called", (k,), "the called card (one-hot)")
        add("tout_must", (2,), "the contract is a tout; it is a must game")
        add("declarers", (n,), "the seats this seat knows to be on the declaring side")
        add("called_led", (1,), "1 once the called suit was led")
        add("multiplier", (1,), "the hand's multiplier")
        add("turn", (n,), "the seat to move (one-hot)")
        add("phase", (len(phases),), ", ".join(phases) + " (one-hot)")
        self.size = self.segments[-1][1] + prod(self.segments[-1][2])
        self.phase_index = {p: i for i, p in enumerate(phases)}
        self.bid_index = {b: i for i, b in enumerate(bids)}
        self.level_index = {b: i for i, b in enumerate(levels)}
        self.mode_index = {b: i for i, b in enumerate(modes)}
        #: the words a one-hot segment's places stand for
        self.words = {"phase": tuple(phases), "mode": tuple(modes), "suit": tuple(suits)}
        self._tables: list[Any] = [None] * n  # per observer: where its observation counts what
        self._tricks_seen: list[Any] = [None] * n  # see _finished_tricks
        self.encoders = [self._encoder(seat) for seat in range(n)]

    def _add(self, name: str, shape: tuple[int, ...], meaning: str) -> None:
        start = self.segments[-1][1] + prod(self.segments[-1][2]) if self.segments else 0
        self.segments.append((name, start, shape, meaning))
        self._at[name] = start

    def segment_shape(self, name: str) -> tuple[int, ...]:
        for seg, _, shape, _ in self.segments:
            if seg == name:
                return shape
        raise KeyError(name)

    def _encoder(self, seat: int) -> Any:
        trick = self._trick

        def encode(g: Any, jump_in: bool = False) -> tuple[bytearray, int | None, Any]:
            return trick(g, seat)

        return encode

    def _trick_tables(self, seat: int) -> dict[str, Any]:
        """For the observer ``seat``: where each card and word of the trick game is counted in
        the array (every seat's row counted from the observer)."""
        n, k, at, fi = self.players, len(self.faces), self._at, self.face_index

        def cards(base: int) -> dict:
            return {c: base + i for c, i in fi.items()}

        def rows(name: str, width: int = 1) -> list[int]:  # absolute seat -> its row's start
            return [at[name] + ((p - seat) % n) * width for p in range(n)]

        slots = self.segment_shape("gamble")[1]
        levels = len(self.level_index)
        bids = len(self.bid_index)
        return {
            "hand": cards(at["hand"]),
            "hand_size": rows("hand_size"),
            "bank": [cards(b) for b in rows("bank", k)] if self.segment_shape("bank")[0] else [],
            "gamble": [list(range(b, b + slots)) for b in rows("gamble", slots)],
            "trick": [cards(b) for b in rows("trick", k)],
            "trick_hidden": rows("trick_hidden"),
            "played": cards(at["played"]),
            "tricks_won": rows("tricks_won"),
            "blind": cards(at["blind"]),
            "buried": cards(at["buried"]),
            "hole": cards(at["hole"]),
            "bids": [{w: b + i for w, i in self.bid_index.items()} for b in rows("bids", bids)],
            "doubles": [{"pass": b, "double": b + 1} for b in rows("doubles", 2)],
            "best_bid": [{w: b + i for w, i in self.level_index.items()} for b in rows("best_bid", levels)],
            "mode": {w: at["mode"] + i for w, i in self.mode_index.items()},
            "declarer": rows("declarer"),
            "suit": {w: at["suit"] + i for w, i in self.suit_index.items()},
            "called": cards(at["called"]),
            "declarers": rows("declarers"),
            "turn": rows("turn"),
            "phase": {w: at["phase"] + i for w, i in self.phase_index.items()},
        }

    def _trick(self, g: Any, seat: int) -> tuple[bytearray, int | None, Any]:
        T = self._tables[seat]
        if T is None:
            T = self._tables[seat] = self._trick_tables(seat)
        at = self._at
        over = g.phase == "over"
        c = g.contract
        picker = c.declarer if c is not None and g.family.name == "french" else None
        mine = seat == picker
        hidden = g.family.hidden
        players = g.players
        buf = bytearray(self._finished_tricks(g, seat, T, over, mine, hidden))
        t = T["hand"]
        for x in players[seat].hand:
            buf[t[x]] = 1
        for i, pl in zip(T["hand_size"], players):
            buf[i] = len(pl.hand)
        if g.layout:
            for bt, gt, pl in zip(T["bank"], T["gamble"], players):
                for x in pl.bank:
                    if x is not None:
                        buf[bt[x]] = 1
                for i, x in zip(gt, pl.gamble):  # (not compress: a hidden card may be 0)
                    if x is not None:
                        buf[i] = 1
        trick = g.trick
        if trick:
            seats = g.trick_seats
            hi = g.hole_index(len(g.tricks), seats)
            tt, th = T["trick"], T["trick_hidden"]
            for j, (p, x) in enumerate(zip(seats, trick)):
                if x == hidden or (j == hi and not (mine or over)):
                    buf[th[p]] = 1
                else:
                    buf[tt[p][x]] = 1
        if over:
            t = T["blind"]
            for x in g.blind:
                if x != hidden:
                    buf[t[x]] = 1
        buf[at["blind_size"]] = len(g.blind)
        if over or mine:
            t = T["buried"]
            for x in g.buried:
                if x != hidden:
                    buf[t[x]] = 1
        buf[at["buried_size"]] = len(g.buried)
        if g.hole is not None:
            buf[at["hole_exists"]] = 1
            if (mine or over) and g.hole != hidden:
                buf[T["hole"][g.hole]] = 1
        for bt, word in zip(T["bids"], g.bids):
            if word is not None:
                buf[bt[word]] = 1
        for dt, word in zip(T["doubles"], g.doubles):
            if word is not None:
                buf[dt["double" if word == "double" else "pass"]] = 1
        if g.best_bid is not None:
            p, level = g.best_bid
            buf[T["best_bid"][p][level]] = 1
        if c is not None:
            buf[T["mode"][c.mode]] = 1
            if c.declarer is not None:
                buf[T["declarer"][c.declarer]] = 1
            if c.suit is not None:
                buf[T["suit"][c.suit]] = 1
            if c.called is not None:
                buf[T["called"][c.called]] = 1
            if c.tout:
                buf[at["tout_must"]] = 1
            if c.must:
                buf[at["tout_must"] + 1] = 1
            rows = T["declarers"]
            for p in self._known_declarers(g, seat, over):
                buf[rows[p]] = 1
        if g.called_led:
            buf[at["called_led"]] = 1
        if g.turn is not None:
            buf[T["turn"][g.turn]] = 1
        buf[T["phase"][g.phase]] = 1
        multiplier = g.multiplier
        if type(multiplier) is int and 0 <= multiplier < 256:
            buf[at["multiplier"]] = multiplier
            return buf, None, 0
        return buf, at["multiplier"], multiplier

    def _finished_tricks(self, g: Any, seat: int, T: dict, over: bool, mine: bool, hidden: Any) -> bytes:
        """A zero observation but for the finished tricks: the cards ``seat`` saw in them and
        the tricks each seat took. Kept per observer beside a copy of the tricks counted (and
        of what decides whether the card in the hole shows); when the game has the same tricks
        and more, only the new ones are added."""
        c = g.contract
        key = (g.hole_trick, None if c is None else c.declarer, over, mine)
        tricks = g.tricks
        kept = self._tricks_seen[seat]
        if kept is not None and kept[1] == key:
            done = kept[0]
            if len(tricks) == len(done) and tricks == done:
                return kept[2]
            if len(tricks) > len(done) and tricks[: len(done)] == done:
                buf = bytearray(kept[2])
                start = len(done)
            else:
                buf, start = bytearray(self.size), 0
        else:
            buf, start = bytearray(self.size), 0
        played, won = T["played"], T["tricks_won"]
        for t_no in range(start, len(tricks)):
            t = tricks[t_no]
            seats, winner = t.seats, t.winner
            hi = g.hole_index(t_no, seats)
            shown = mine or over or seat == winner
            for j, x in enumerate(t.cards):
                if x != hidden and (j != hi or shown):
                    buf[played[x]] = 1
            buf[won[winner]] += 1
        out = bytes(buf)
        self._tricks_seen[seat] = (tricks[:], key, out)
        return out

    @staticmethod
    def _known_declarers(g: Any, seat: int, over: bool) -> list[int]:
        """The declaring side as far as ``seat`` knows it (what its view says)."""
        if getattr(g, "seat", None) is not None or over:
            return list(g.declarers)  # a view already holds only what its seat knows
        return g.declarers_known_to(seat)
