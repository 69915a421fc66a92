"""The shedding games as fixed-size numbers for learning programs: the family's part.

:mod:`scheissekopf.ai.encoding` asks the variant object for it (``variant.encoding(players)``)
and turns what it gives into arrays; this module knows the shedding games and needs no numpy:

* :class:`SheddingEncoding` numbers every move a preset and table size can offer (the action
  keys and their names), says which key an engine move has, and who acts when (a jump-in chance
  goes first to each other seat holding one, in turn order from the player to move);
* :class:`SheddingObserver` writes what one seat may see as bytes, segment by segment
  (``docs/AI.md``), reading the game directly and keeping counts between calls while the cards
  they were counted from stay the same.
"""

from __future__ import annotations

from itertools import product
from math import prod
from typing import Any

from ..cards import JOKER, RANK_TEXT, Card
from .game import new_game

#: the stack's top cards the observation draws one by one (the rest only as counts)
STACK_TOP = 4
_BYTES = [bytes((i,)) for i in range(256)]  # each byte value as a one-byte string
#: how many stacks an observer keeps the counted segments of before it starts afresh
_KEPT_MAX = 1 << 14


def _one_hot(width: int, i: int) -> bytes:
    row = bytearray(width)
    row[i] = 1
    return bytes(row)


class SheddingEncoding:
    """The actions of ``variant`` (a :class:`~scheissekopf.shedding.variant.SheddingVariant`) at
    a table of ``players``: ``ready``, ``take``, ``take`` with a bank card of each rank, ``play``
    of each choice of cards of one rank, ``joker`` to each seat (counted from the player),
    ``flip`` of each gamble slot, ``swap`` of each (hand card, bank card) and ``place`` of each
    (card, column). A seat may act out of turn (``chances``): the layer above adds the action
    that lets such a chance pass."""

    tricks = False  # the game is played on a stack, not in tricks
    chances = True  # a seat may act out of turn (a jump-in chance it may let pass)

    def __init__(self, variant: Any, players: int) -> None:
        self.variant = name = variant.name
        self.players = n = players
        self.vocabulary = variant.vocabulary
        cards = variant.deck(players)
        self.faces = list(dict.fromkeys(cards))  # the distinct cards, in the deck's order
        self.face_index = {c: i for i, c in enumerate(self.faces)}
        counts: dict[int, int] = {}
        for c in cards:
            counts[c.rank] = counts.get(c.rank, 0) + 1
        self.ranks = sorted(counts)
        self.slots = slots = max(len(p.gamble) for p in new_game(name, players=n, seed=0).players)
        keys: list[tuple] = [("ready",), ("take",)]
        names = ["ready", "take the stack"]
        for i, c in enumerate(self.faces):
            keys.append(("take", i))
            names.append(f"lay bank card {c} on the stack and take it")
        copies: dict[Card, int] = {}
        for c in cards:
            copies[c] = copies.get(c, 0) + 1
        for r in self.ranks:
            faces = [(self.face_index[c], copies[c]) for c in self.faces if c.rank == r]
            for take in product(*(range(k + 1) for _, k in faces)):
                played = tuple(f for (f, _), t in zip(faces, take) for _ in range(t))
                if played:
                    keys.append(("play", played))
                    names.append("play " + " ".join(str(self.faces[f]) for f in played))
        if JOKER.rank in counts:
            for offset in range(n):
                keys.append(("joker", offset))
                names.append(f"joker to the seat {offset} after the player" if offset else "joker to oneself")
        for i in range(slots):
            keys.append(("flip", i))
            names.append(f"flip gamble slot {i}")
        for i, a in enumerate(self.faces):
            for j, b in enumerate(self.faces):
                keys.append(("swap", i, j))
                names.append(f"swap hand card {a} with bank card {b}")
        for i, c in enumerate(self.faces):
            for j in range(slots):
                keys.append(("place", i, j))
                names.append(f"place {c} on gamble column {j}")
        self.keys = keys
        self.names = names

    def key_of(self, move: Any) -> tuple:
        """The action key of an engine move."""
        return self.offer_key((move.player, move.kind, move.cards, move.target, move.index))

    def offer_key(self, offer: tuple) -> tuple:
        """The action key of a move as the engine offers it, ``(player, kind, cards, target,
        index)`` (no Move object made)."""
        player, kind, cards, target, index = offer
        fi = self.face_index
        if kind == "play":
            return ("play", tuple(sorted(fi[c] for c in cards)))
        if kind == "take":
            return ("take", fi[cards[0]]) if cards else ("take",)
        if kind == "joker":
            return ("joker", (target - player) % self.players)
        if kind == "flip":
            return ("flip", index)
        if kind == "swap":
            return ("swap", fi[cards[0]], fi[cards[1]])
        if kind == "place":
            return ("place", fi[cards[0]], index)
        return (kind,)

    @staticmethod
    def actor(game: Any, seats: set[int], declined: set[int]) -> tuple[int, bool]:
        """Who acts at ``game``, where ``seats`` have legal moves, and is it a jump-in chance
        out of turn? In setup the lowest seat that is not ready; in play each other seat
        holding a jump-in chance and not in ``declined`` (in turn order from the player to
        move), then the player to move. This is the order :func:`scheissekopf.bots.play_round`
        uses."""
        if game.phase == "setup":
            return min(seats), False
        turn = game.turn
        if len(seats) > 1 or turn not in seats:
            n = game.n
            for s in sorted(seats, key=lambda s: (s - turn) % n):
                if s != turn and s not in declined:
                    return s, True
        return turn, False

    @staticmethod
    def hidden_text(move: Any) -> str | None:
        """What the other seats see of a move whose cards only its player sees: None, every
        shedding move is seen whole."""
        return None

    def observer(self) -> SheddingObserver:
        """A fresh observer (it keeps counts between calls)."""
        return SheddingObserver(self)


class SheddingObserver:
    """What one seat may see of a shedding game as bytes: :attr:`segments` lists ``(name,
    start, shape, meaning)``, a segment of shape ``(rows, k)`` holding one row per seat counted
    from the observing seat; :attr:`encoders` holds per observing seat a function ``(game,
    jump_in)`` that returns the bytes and the place and value of the one number that is not a
    byte (the direction when it is -1; else None, 0).

    The encoders read the game itself, never building a view, and only what the seat may see:
    its own hand, the face-up cards, counts of the hidden ones and the public history. They keep
    counts between calls while the cards they were counted from stay the same: the zones that
    seldom change (the discard, the banks), each seat's known cards and the stack (a card laid
    on it, or known cards played onto it or taken with it, change only their own counts)."""

    #: the one-row segments that hold one number per seat (counted from the observer)
    per_seat = frozenset({"hand_size", "finished", "ready", "warned", "turn", "pending"})

    def __init__(self, enc: SheddingEncoding) -> None:
        self.players = n = enc.players
        self.faces, self.face_index, self.slots = enc.faces, enc.face_index, enc.slots
        k, s, ranks = len(self.faces), enc.slots, enc.ranks
        self.ranks = ranks
        phases = enc.vocabulary["phases"]
        self.rank_index = {r: i for i, r in enumerate(ranks)}
        self._phase_index = {p: i for i, p in enumerate(phases)}
        self.segments: list[tuple[str, int, tuple[int, ...], str]] = []
        self._at: dict[str, int] = {}
        add = self._add
        add("hand", (k,), "own hand: count of each card")
        add("bank", (n, k), "each seat's bank (face up): count of each card")
        add(
            "known",
            (n, k),
            "cards each seat is publicly known to hold in hand (a taken stack, a swapped bank card)",
        )
        add("hand_size", (n,), "number of cards in each seat's hand")
        add("gamble", (n, s), "1 where a seat's gamble slot still holds a face-down card")
        add("stack", (k,), "the stack: count of each card")
        add("stack_top", (STACK_TOP, k), "the stack's top cards one by one, top first (one-hot)")
        add("stack_size", (1,), "number of cards on the stack")
        add("effective_top", (len(ranks) + 1,), "rank the next play must beat (one-hot; last: anything goes)")
        add("draw_size", (1,), "number of cards left in the draw pile")
        add("discard", (k,), "burned cards and played jokers: count of each card")
        add("finished", (n,), "1 for each seat that went out")
        add("ready", (n,), "1 for each seat done with setup")
        add("warned", (n,), "schwechat penalties: 1 for each seat warned once")
        add("turn", (n,), "the seat to move (one-hot)")
        add("direction", (1,), "1 clockwise, -1 counter-clockwise")
        add("pending", (n,), "a turned joker waits for the target its player names: that seat (one-hot)")
        add("phase", (len(phases),), "setup, play, over (one-hot)")
        add("jump_in", (1,), "1 when the seat acts out of turn: a jump-in chance it may let pass")
        self.size = self.segments[-1][1] + prod(self.segments[-1][2])
        #: the words a one-hot segment's places stand for
        self.words = {
            "phase": tuple(phases),
            "effective_top": tuple(RANK_TEXT.get(r, "joker") for r in ranks) + ("anything",),
        }
        self._tables: list[Any] = [None] * n  # per observer: where its observation counts what
        blank = bytes(k)
        # see _recount and _turn: copies of the slow zones (each seat's bank, each seat's gamble
        # slots, the discard, finished, ready, warned) as one tuple (None until first counted),
        # their rows, and each observer's pieces made of those rows
        self._kept: list[Any] = [None]
        self._rows = ([blank] * n, [bytes(s)] * n, [blank, b"", b"", b""])
        self._turned: list[list] = [[None] * 3 for _ in range(n)]
        # see _known: per seat, a copy of its known cards (None until first counted), their
        # counts as an integer and as a row
        self._known_copies: list[Any] = [None] * n
        self._known_counts = [0] * n
        self._known_rows = [blank] * n
        # a card -> 1 in its face's byte of an integer: the sum over a zone's cards, written out
        # as k bytes, is the zone's row of counts (no count reaches 256: the layer above checks)
        one: dict[Card | None, int] = {c: 1 << (8 * i) for c, i in self.face_index.items()}
        one[None] = 0  # (an empty place in a bank)
        self._one = one.__getitem__
        self._stacks: dict[int, tuple[list, bytes, int, bytes]] = {}  # see _stack_entry
        top_ranks = len(ranks) + 1  # (the last: anything goes)
        #: see _stack_entry: a card's one-hot row, the bytes of m empty top rows, and the
        #: effective top's one-hot rank (None: anything goes)
        self._top_rows = {c: _one_hot(k, i) for c, i in self.face_index.items()}
        self._pads = [bytes(k * m) for m in range(STACK_TOP + 1)]
        self._tops_kept = (STACK_TOP - 1) * k  # (the top rows a card laid on the stack leaves)
        # see _stack_entry: the stack of the last observation (its entry: the copy, the bytes,
        # the counts as an integer, the top rows) and per observer the bytes of the words
        # (turn, direction, pending, phase, jump-in) met so far
        self._last: list[tuple[list, bytes, int, bytes]] = [([], b"", 0, self._pads[STACK_TOP])]
        self._words: list[dict[tuple, bytes]] = [{} for _ in range(n)]
        self._rank_rows: dict[Card | None, bytes] = {
            c: _one_hot(top_ranks, self.rank_index[c.rank]) for c in self.faces
        }
        self._rank_rows[None] = _one_hot(top_ranks, top_ranks - 1)
        self.encoders = [self._shedder(seat) for seat in range(n)]

    def _add(self, name: str, shape: tuple[int, ...], meaning: str) -> None:
        start = self.segments[-1][1] + prod(self.segments[-1][2]) if self.segments else 0
        self.segments.append((name, start, shape, meaning))
        self._at[name] = start

    # The encoders below join the observation's bytes (the numbers of the observation but one,
    # which they return beside it with its place: the direction when it is -1), from tables
    # made once per observer.

    def _shedding_tables(self, seat: int) -> tuple:
        """For the observer ``seat``: the bytes of the one-hot segments that name a seat (each
        seat's byte counted from the observer) or a word, and the seats in the observer's order."""
        n = self.players
        seats: dict[int | None, bytes] = {p: _one_hot(n, (p - seat) % n) for p in range(n)}
        seats[None] = bytes(n)
        phases = {p: _one_hot(len(self._phase_index), i) for p, i in self._phase_index.items()}
        return seats, phases, list(range(seat, n)) + list(range(seat))

    def _shedder(self, seat: int) -> Any:
        """The encoder of the observer ``seat``: a function ``(game, jump_in)`` written out for
        this table size and seat (every seat by its own name, no loop over the seats),
        returning the observation's bytes with the place and value of the direction.

        The array is joined from its segments' bytes in their order: the rows of the zones
        that seldom change (see _recount), turned to the observer and kept for it (see _turn);
        each seat's known cards (kept beside a copy of the cards they were counted from: they
        change with most moves, but only for the seat that moved: see _known); the stack's
        segments (kept per stack, see _stack_entry); the hand; and one-hot bytes read from
        tables. It reads the seat's own hand and, of the others, only what everyone sees: the
        number of cards in each hand and in the draw pile, the known cards, the face-up zones."""
        n, k = self.players, len(self.faces)
        self._tables[seat] = self._shedding_tables(seat)
        order = self._tables[seat][2]
        p = [f"p{i}" for i in range(n)]
        c = [f"c{i}" for i in range(n)]
        slow = [f"{x}.bank" for x in p] + [f"{x}.gamble" for x in p]
        slow += ["g.discard", "g.finished", "g.ready", "g.warned"]
        known = "".join(f"    if {c[i]} != copies[{i}]:\n        known({i}, {c[i]}, stack)\n" for i in range(n))
        src = (
            "def shedding(g, jump_in):\n"
            f"    {', '.join(p)}, = g.players\n"
            f"    zones = ({', '.join(slow)})\n"
            "    if zones != kept[0]:\n"  # (one comparison of all of them with their copies)
            "        recount(zones)\n"
            "    if None in mine:\n"
            f"        turn({seat}, mine)\n"
            "    stack = g.stack\n"
            f"    {', '.join(c)}, = g.known\n"
            f"{known}"
            "    entry = stacks.get(g._sh)\n"  # (the engine's running hash of the stack: a key that copies nothing)
            "    if entry is None or entry[0] != stack:\n"
            "        entry = stack_entry(g, stack)\n"
            "    last[0] = entry\n"
            "    direction = g.direction\n"
            "    key = g.turn, direction, g._pend, g.phase, jump_in\n"
            "    tail = words.get(key)\n"
            "    if tail is None:\n"
            f"        tail = said({seat}, key)\n"
            "    out = join((\n"
            f"        sum(map(one, {p[seat]}.hand)).to_bytes({k}, 'little'),\n"
            "        mine[0],\n"
            f"        {', '.join(f'rows[{i}]' for i in order)},\n"
            f"        bytes(({', '.join(f'len({p[i]}.hand)' for i in order)},)),\n"
            "        mine[1],\n"
            "        entry[1],\n"
            "        BYTES[len(g._draw)],\n"  # (the draw pile's size: the property would copy it)
            "        mine[2],\n"
            "        tail,\n"
            "    ))\n"
            "    if direction == 1:\n"
            "        return out, None, 0\n"
            f"    return out, {self._at['direction']}, direction\n"
        )
        space = {
            "kept": self._kept,
            "recount": self._recount,
            "mine": self._turned[seat],
            "turn": self._turn,
            "copies": self._known_copies,
            "known": self._known,
            "rows": self._known_rows,
            "one": self._one,
            "stacks": self._stacks,
            "stack_entry": self._stack_entry,
            "last": self._last,
            "words": self._words[seat],
            "said": self._said,
            "join": b"".join,
            "BYTES": _BYTES,
        }
        exec(src, space)
        return space["shedding"]

    def _known(self, seat: int, cards: list, stack: list) -> None:
        """Count ``seat``'s known cards again (they differ from the copy last counted)."""
        copy, one = self._known_copies[seat], self._one
        if copy is not None:
            count = self._known_counts[seat]
            gone = len(copy) - len(cards)
            if (
                0 < gone <= len(stack)
            ):  # (mostly the seat just played known cards onto the stack: take off their counts)
                for x in stack[-gone:]:
                    if x not in copy:
                        break
                    copy.remove(x)
                    count -= one(x)
                else:
                    if copy == cards:
                        self._known_counts[seat] = count
                        self._known_rows[seat] = count.to_bytes(len(self.faces), "little")
                        return
            elif gone < 0:  # (a taken stack joins the known cards: the last observation's stack, mostly)
                taken = self._last[0]
                if len(taken[0]) == -gone and sorted(copy + taken[0]) == cards:
                    count = self._known_counts[seat] = count + taken[2]
                    self._known_copies[seat] = cards[:]
                    self._known_rows[seat] = count.to_bytes(len(self.faces), "little")
                    return
        self._known_copies[seat] = cards[:]
        count = self._known_counts[seat] = sum(map(one, cards))
        self._known_rows[seat] = count.to_bytes(len(self.faces), "little")

    def _said(self, seat: int, key: tuple) -> bytes:
        """The bytes of the words ``key`` (turn, direction, pending, phase, jump-in) for the
        observer ``seat``, kept for it."""
        seats, phases, _ = self._tables[seat]
        turn, direction, pending, phase, jump_in = key
        words = self._words[seat]
        if len(words) >= _KEPT_MAX:
            words.clear()
        said = words[key] = seats[turn] + _BYTES[direction == 1] + seats[pending] + phases[phase] + _BYTES[jump_in]
        return said

    def _stack_entry(self, g: Any, stack: list) -> tuple[list, bytes, int, bytes]:
        """A copy of the game's stack and its segments from ``stack`` to ``effective_top`` (the
        stack, its top cards, its size and the rank to beat), kept in ``_stacks`` under the
        engine's hash of the stack (the encoder compares the copy before it uses them), with
        the counts as an integer and the top rows (for the next stack, see below)."""
        last, _, count, tops = self._last[0]
        if stack and stack[:-1] == last:  # (mostly one card laid on the stack counted last: count only it)
            x = stack[-1]
            count += self._one(x)
            tops = self._top_rows[x] + tops[: self._tops_kept]
        else:
            count = sum(map(self._one, stack))
            tops = b"".join(map(self._top_rows.__getitem__, stack[: -STACK_TOP - 1 : -1]))
            tops += self._pads[max(STACK_TOP - len(stack), 0)]  # (the top rows no card fills)
        top = g.preset.effective_top(stack) if stack else None  # (Game.effective_top, without the property)
        block = (count.to_bytes(len(self.faces), "little"), tops, _BYTES[len(stack)], self._rank_rows[top])
        entry = (stack[:], b"".join(block), count, tops)
        if len(self._stacks) >= _KEPT_MAX:
            self._stacks.clear()
        self._stacks[g._sh] = entry
        return entry

    def _recount(self, zones: tuple) -> None:
        """Count again the slow zones (the banks, the gamble slots still face down, the discard,
        and the seats that went out, are ready and were warned) that differ from their kept
        copies, keep copies of those, and forget the observers' pieces made of them (see _turn).

        The encoder reuses the rows only while the game's zones compare equal to the copies
        (the copies are compared, not the game, so any game may be encoded next)."""
        old = self._kept[0]
        copies = list(zones) if old is None else list(old)
        bank_rows, gamble_rows, tail = self._rows
        n, k, one, s = self.players, len(self.faces), self._one, self.slots
        parts = set()
        for i, zone in enumerate(zones):
            if old is not None and zone == old[i]:
                continue
            copies[i] = zone[:]
            if i < n:
                bank_rows[i] = sum(map(one, zone)).to_bytes(k, "little")
                parts.add(0)
            elif i < 2 * n:
                gamble_rows[i - n] = bytes(c is not None for c in zone[:s]).ljust(s, b"\0")
                parts.add(1)
            else:
                parts.add(2)
        if 2 in parts:
            discard, finished, ready, warned = zones[2 * n :]
            tail[0] = sum(map(one, discard)).to_bytes(k, "little")
            tail[1:] = [bytes(p in finished for p in range(n)), bytes(map(bool, ready)), bytes(map(bool, warned))]
        self._kept[0] = tuple(copies)
        for mine in self._turned:
            for i in parts:
                mine[i] = None

    def _turn(self, seat: int, mine: list) -> None:
        """The slow zones' pieces for the observer ``seat``, where missing: the banks, the
        gamble slots, the discard with the flags."""
        bank_rows, gamble_rows, tail = self._rows
        order = self._tables[seat][2]
        if mine[0] is None:
            mine[0] = b"".join(map(bank_rows.__getitem__, order))
        if mine[1] is None:
            mine[1] = b"".join(map(gamble_rows.__getitem__, order))
        if mine[2] is None:
            mine[2] = tail[0] + b"".join(f[seat:] + f[:seat] for f in tail[1:])
