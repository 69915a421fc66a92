"""Fixed-size numbers for learning programs: every move as one action number, every seat's view as
one array, and who acts when (the jump-in chances included).

Three pieces, shared by the PettingZoo environment and the OpenSpiel game:

* :class:`ActionSpace` numbers every move a variant and table size can ever offer. A legal move
  maps to exactly one action and back (:meth:`ActionSpace.action_of`, :meth:`ActionSpace.legal`);
  the shedding games add one action of their own, ``wait``: let a jump-in chance pass.
* :class:`ObservationLayout` writes what one seat may see as a ``float32`` array whose segments
  (:attr:`ObservationLayout.segments`) are documented in ``docs/AI.md``. Seats are counted from
  the observing seat (segment row 0 is that seat, row 1 the next seat, ...).
* :class:`Round` wraps a game and says who acts: in setup the lowest seat that is not ready; in
  play a jump-in chance goes first to each other seat holding one, in turn order from the player
  to move (each may ``wait``), then to the player to move. This is the order
  :func:`scheissekopf.bots.play_round` uses, so a bot and a learning agent meet the same game.

The observation reads only what the seat may see: its own hand, the face-up cards, counts of the
hidden ones and the public history. It reads them from the game directly, since building a view
costs ten moves, and keeps counts between calls while the cards they were counted from stay the
same: the zones that seldom change (the discard, the banks, the finished tricks), each seat's known
cards and the stack (a card laid on it, or known cards played onto it or taken with it, change
only their own counts); ``tests/test_ai_env.py`` checks for every seat at every decision point of
random games that the array is, byte for byte, the plain encoding of that seat's :meth:`view`, and
that games played on, taken back, cloned and observed in turns each give what a fresh layout gives,
so no hidden card can leak and no kept count can drift. An observation costs from half an engine
move (schafkopf, mehrkopf) to a little less than one (the shedding games, sheepshead):
``benchmarks/bench_env.py``, ``benchmarks/instructions_env.py``, and docs/benchmarks.md.

The engine keeps no dependency: this module needs numpy, which the ``ai`` extra brings.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

import numpy as np

from ..cards import JOKER, RANK_TEXT, Card
from ..core import LegalMoves
from ..errors import IllegalMove
from ..moves import Move
from ..variants import ALL_VARIANTS, TRICK_VARIANTS, deck, new_game, unknown_variant
from ..variants import variant as _variant_of

#: the shedding games' own action: let a jump-in chance pass (not an engine move)
WAIT = "wait"

# the trick games' words, in the order their one-hot segments use (docs/SCHAFKOPF.md)
TRICK_PHASES = {
    "sheepshead": ("pick", "bury", "call", "double", "play", "over"),
    "schafkopf": ("auction", "declare", "wedding", "play", "over"),
    "mehrkopf": ("auction", "declare", "wedding", "play", "over"),
}
TRICK_BIDS = {"sheepshead": ("pass", "pick"), "schafkopf": ("pass", "normal", "wedding", "solo", "tout", "sie")}
TRICK_BIDS["mehrkopf"] = TRICK_BIDS["schafkopf"]
TRICK_LEVELS = ("normal", "wedding", "solo", "tout", "must")
TRICK_MODES = {
    "sheepshead": ("pick", "called", "alone", "leaster"),
    "schafkopf": ("normal", "solo", "wenz", "geier", "niederer", "wedding", "ramsch", "sie"),
}
TRICK_MODES["mehrkopf"] = TRICK_MODES["schafkopf"]
SOLO_KINDS = ("wenz", "geier", "niederer")
SHEDDING_PHASES = ("setup", "play", "over")
#: the stack's top cards the observation draws one by one (the rest only as counts)
STACK_TOP = 4
_frombuffer, _BYTE, _FLOAT, _MASK = np.frombuffer, np.dtype(np.uint8), np.dtype(np.float32), np.dtype(np.int8)
_BYTES = [bytes((i,)) for i in range(256)]  # each byte value as a one-byte string


def _one_hot(width: int, i: int) -> bytes:
    row = bytearray(width)
    row[i] = 1
    return bytes(row)


#: how many stacks an observation layout keeps the counted segments of before it starts afresh
_KEPT_MAX = 1 << 14


#: the largest table the AI environments seat (the engine plays the shedding games up to 16)
MAX_TABLE = 7


def _check_table(variant: str, players: int | None) -> tuple[str, int]:
    if variant not in ALL_VARIANTS:
        raise ValueError(unknown_variant(variant))
    game = new_game(variant, players=players, seed=0)  # the engine refuses a table size it does not play
    if game.n > MAX_TABLE:
        sizes = [n for n in range(2, MAX_TABLE + 1) if _plays(variant, n)]
        raise ValueError(
            f"the AI environments seat {variant} at {min(sizes)} to {max(sizes)} players, not {game.n} "
            f"(the engine plays larger tables; the environments stop at {MAX_TABLE})"
        )
    return variant, game.n


def _plays(variant: str, n: int) -> bool:
    try:
        new_game(variant, players=n, seed=0)
    except ValueError:
        return False
    return True


class ActionSpace:
    """Every move of ``variant`` at a table of ``players`` as a number from 0 to ``size - 1``.

    Shedding games: ``wait``, ``ready``, ``take``, ``take`` with a bank card of each rank, ``play``
    of each rank and count, ``joker`` to each seat (counted from the player), ``flip`` of each
    gamble slot, ``swap`` of each (hand card, bank card) and ``place`` of each (card, column).
    A play names its cards (``play 9C 9D``: one action per choice of cards of one rank), since a
    suit can matter (a card the others know is in the hand); where the engine offers one move
    for two equal choices, the other action is simply not legal. Trick games: the words (``pick``, ``pass``, ``bid solo``, ``solo wenz``, ...), one
    action per card for ``card``, ``call``, ``must`` and ``accept``, one per pair for ``bury``
    and one per (called card, card in the hole) for ``under``. ``names[a]`` says what ``a`` is.
    """

    def __init__(self, variant: str, players: int | None = None) -> None:
        self.variant, self.players = _check_table(variant, players)
        self.trick = variant in TRICK_VARIANTS
        cards = deck(variant, self.players)
        self.faces = list(dict.fromkeys(cards))  # the distinct cards, in the deck's order
        self.face_index = {c: i for i, c in enumerate(self.faces)}
        keys: list[tuple] = []
        names: list[str] = []
        n = self.players
        if self.trick:
            suits = sorted({c.suit for c in self.faces})
            words = ("pick", "pass", "alone", "hole", "double", "refuse", "ramsch")
            keys += [(w,) for w in words]
            names += list(words)
            for level in TRICK_BIDS[variant][1:]:
                keys.append(("bid", level))
                names.append(f"bid {level}")
            for kind in ("solo", "tout"):
                for t in suits + list(SOLO_KINDS):
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
        else:
            counts: dict[int, int] = {}
            for c in cards:
                counts[c.rank] = counts.get(c.rank, 0) + 1
            self.ranks = sorted(counts)
            slots = max(len(p.gamble) for p in new_game(variant, players=n, seed=0).players)
            keys += [(WAIT,), ("ready",), ("take",)]
            names += ["wait (let the jump-in chance pass)", "ready", "take the stack"]
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
            self.slots = slots
        self.keys = keys
        self.names = names
        self.index = {k: i for i, k in enumerate(keys)}
        self.size = len(keys)
        self._learned: dict[tuple, int] = {}  # a move's fields -> its action (see offered)

    def key_of(self, move: Move) -> tuple:
        """The action key of an engine move (raises ValueError for a move no action names)."""
        kind, cards, target = move.kind, move.cards, move.target
        if self.trick:
            fi = self.face_index
            if kind in ("card", "call", "must", "accept"):
                return (kind, fi[cards[0]])
            if kind == "bury":
                i, j = sorted(fi[c] for c in cards)
                return ("bury", i, j)
            if kind == "under":
                return ("under", fi[target], fi[cards[0]])  # type: ignore[index]
            if target is not None:
                return (kind, target)
            return (kind,)
        if kind == "play":
            return ("play", tuple(sorted(self.face_index[c] for c in cards)))
        fi = self.face_index
        if kind == "take":
            return ("take", fi[cards[0]]) if cards else ("take",)
        if kind == "joker":
            return ("joker", (target - move.player) % self.players)  # type: ignore[operator]
        if kind == "flip":
            return ("flip", move.index)
        if kind == "swap":
            return ("swap", fi[cards[0]], fi[cards[1]])
        if kind == "place":
            return ("place", fi[cards[0]], move.index)
        return (kind,)

    def action_of(self, move: Move) -> int:
        """The action number of an engine move."""
        key = self.key_of(move)
        if key not in self.index:
            raise ValueError(f"no action stands for the move {move} (key {key})")
        return self.index[key]

    def legal(self, moves: Sequence[Move]) -> dict[int, Move]:
        """Action number -> the engine move, for a list of legal moves of one seat."""
        out: dict[int, Move] = {}
        for m in moves:
            a = self.action_of(m)
            if a in out:
                raise ValueError(f"the moves {out[a]} and {m} share the action {a}")
            out[a] = m
        return out

    def offered(self, legal: Sequence[Move], seat: int) -> dict[int, int]:
        """Action number -> place in ``legal`` (a game's ``legal_moves()``) of ``seat``'s moves.

        The same mapping as :meth:`legal`, read from the fields the engine offered without making
        a Move of each: an action depends on a move's fields alone, so each distinct offer is
        worked out once (by :meth:`action_of`) and remembered."""
        learned = self._learned
        out: dict[int, int] = {}
        for i, t in enumerate(_offers(legal)):
            if t[0] != seat:
                continue
            a = learned.get(t)
            if a is None:
                if len(learned) > _LEARNED_MAX:
                    learned.clear()
                a = learned[t] = self.action_of(legal[i])
            if a in out:
                raise ValueError(f"the moves {legal[out[a]]} and {legal[i]} share the action {a}")
            out[a] = i
        return out


#: how many distinct offers an action space remembers before it starts afresh
_LEARNED_MAX = 1 << 17
_list_iter = list.__iter__


def _offers(legal: Sequence[Move]) -> Any:
    """The fields ``(player, kind, cards, target, index)`` of each move in ``legal``, in order.

    A :class:`~scheissekopf.core.LegalMoves` keeps the tuples the engine generated as its own
    list storage (it serves them as Move objects only when asked): those are read directly.
    """
    if isinstance(legal, LegalMoves):
        return _list_iter(legal)
    return ((m.player, m.kind, m.cards, m.target, m.index) for m in legal)


class ObservationLayout:
    """What one seat may see as one ``float32`` array of :attr:`size` numbers.

    :attr:`segments` lists ``(name, start, shape, meaning)``; a segment of shape ``(rows, k)``
    holds one row per seat, counted from the observing seat. Card segments count cards over
    :attr:`faces` (``sk.deck(variant, players)`` without repeats, in its order): a shedding game
    with two decks has counts up to 2 (jokers more), a trick game 0 or 1.
    """

    def __init__(self, variant: str, players: int | None = None, actions: ActionSpace | None = None) -> None:
        self.actions = actions or ActionSpace(variant, players)
        self.variant = variant
        self.players = n = self.actions.players
        self.trick = self.actions.trick
        self.faces = self.actions.faces
        self.face_index = self.actions.face_index
        k = len(self.faces)
        self.segments: list[tuple[str, int, tuple[int, ...], str]] = []
        self._at: dict[str, int] = {}
        add = self._add
        if not self.trick:
            ranks = self.actions.ranks
            self.rank_index = {r: i for i, r in enumerate(ranks)}
            self._phase_index = {p: i for i, p in enumerate(SHEDDING_PHASES)}
            s = self.actions.slots
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
            add("phase", (len(SHEDDING_PHASES),), "setup, play, over (one-hot)")
            add("jump_in", (1,), "1 when the seat acts out of turn: a jump-in chance it may let pass")
        else:
            phases = TRICK_PHASES[variant]
            suits = sorted({c.suit for c in self.faces})
            self.suit_index = {x: i for i, x in enumerate(suits)}
            sample: Any = new_game(variant, players=n, seed=0)
            slots = max(len(p.gamble) for p in sample.players)
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
            add("bids", (n, len(TRICK_BIDS[variant])), "each seat's word in the pick or auction (one-hot)")
            add("best_bid", (n, len(TRICK_LEVELS)), "the highest bid so far: its seat and level (one-hot)")
            add("doubles", (n, 2), "knocking: each seat's pass or double (one-hot)")
            add("mode", (len(TRICK_MODES[variant]),), "the contract's game (one-hot)")
            add("declarer", (n,), "the declarer (one-hot)")
            add("suit", (len(suits),), "the contract's trump or solo suit (one-hot)")
            add("called", (k,), "the called card (one-hot)")
            add("tout_must", (2,), "the contract is a tout; it is a must game")
            add("declarers", (n,), "the seats this seat knows to be on the declaring side")
            add("called_led", (1,), "1 once the called suit was led")
            add("multiplier", (1,), "the hand's multiplier")
            add("turn", (n,), "the seat to move (one-hot)")
            add("phase", (len(phases),), ", ".join(phases) + " (one-hot)")
            self.phase_index = {p: i for i, p in enumerate(phases)}
            self.bid_index = {b: i for i, b in enumerate(TRICK_BIDS[variant])}
            self.level_index = {b: i for i, b in enumerate(TRICK_LEVELS)}
            self.mode_index = {b: i for i, b in enumerate(TRICK_MODES[variant])}
        self.size = sum(int(np.prod(shape)) for _, _, shape, _ in self.segments)
        # The encoders count into a bytearray: every number but the direction and the
        # multiplier is a count of cards (or tricks, seats) of one deal, which stays below 256.
        if len(deck(variant, n)) > 255:
            raise ValueError(
                f"{variant} at {n} players deals more than 255 cards: the observation counts them in bytes"
            )
        self._tables: list[Any] = [None] * n  # per observer: where its observation counts what
        blank = bytes(k)
        slots = self.actions.slots if not self.trick else 0
        # see _recount and _turn: copies of the slow zones (each seat's bank, each seat's gamble
        # slots, the discard, finished, ready, warned) as one tuple (None until first counted),
        # their rows, and each observer's pieces made of those rows
        self._kept: list[Any] = [None]
        self._rows = ([blank] * n, [bytes(slots)] * n, [blank, b"", b"", b""])
        self._turned: list[list] = [[None] * 3 for _ in range(n)]
        # see _known: per seat, a copy of its known cards (None until first counted), their
        # counts as an integer and as a row
        self._known_copies: list[Any] = [None] * n
        self._known_counts = [0] * n
        self._known_rows = [blank] * n
        # a card -> 1 in its face's byte of an integer: the sum over a zone's cards, written out
        # as k bytes, is the zone's row of counts (no count reaches 256: see above)
        one: dict[Card | None, int] = {c: 1 << (8 * i) for c, i in self.face_index.items()}
        one[None] = 0  # (an empty place in a bank)
        self._one = one.__getitem__
        self._stacks: dict[int, tuple[list, bytes, int, bytes]] = {}  # see _stack_entry
        if not self.trick:
            top_ranks = len(self.actions.ranks) + 1  # (the last: anything goes)
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
            self._shedders = [self._shedder(seat) for seat in range(n)]
        self._tricks_seen: list[Any] = [None] * n  # see _finished_tricks
        self._bytes = bytearray(self.size)  # see encode: the observation's bytes, and numpy's view of them
        self._numbers = _frombuffer(self._bytes, _BYTE)

    def __reduce__(self) -> tuple:
        # a copy (or a pickled layout) starts with nothing kept: the kept counts and the numpy
        # view of the kept bytes (see encode) belong to this object alone
        return (ObservationLayout, (self.variant, self.players, self.actions))

    def _add(self, name: str, shape: tuple[int, ...], meaning: str) -> None:
        start = self.segments[-1][1] + int(np.prod(self.segments[-1][2])) if self.segments else 0
        self.segments.append((name, start, shape, meaning))
        self._at[name] = start

    def segment(self, obs: np.ndarray, name: str) -> np.ndarray:
        """The named segment of an observation, in its shape."""
        for seg, start, shape, _ in self.segments:
            if seg == name:
                return obs[start : start + int(np.prod(shape))].reshape(shape)
        raise KeyError(f"no segment {name!r}: the segments are {', '.join(s[0] for s in self.segments)}")

    def table(self) -> list[dict[str, Any]]:
        """The layout as rows (name, start, length, shape, meaning): for docs and notebooks."""
        return [
            {"segment": name, "start": start, "length": int(np.prod(shape)), "shape": shape, "meaning": meaning}
            for name, start, shape, meaning in self.segments
        ]

    def describe(self, obs: np.ndarray, names: Sequence[str] | None = None, seat: int = 0) -> list[dict[str, str]]:
        """What an observation holds, segment by segment, in words: cards by name (``10♥``), seats
        by ``names`` (the table's, with ``seat`` the observer; else ``you``, ``next``, ``+2``, ...),
        one-hot segments by what they stand for. Empty segments are left out."""
        k, n = len(self.faces), self.players

        def who(r: int) -> str:
            if names is None:
                return _seat_word(r)
            return names[(seat + r) % n] + (" (you)" if r == 0 else "")

        words_of = {"phase": SHEDDING_PHASES if not self.trick else tuple(self.phase_index)}
        if not self.trick:
            words_of["effective_top"] = tuple(RANK_TEXT.get(r, "joker") for r in self.actions.ranks) + ("anything",)
        else:
            words_of["mode"] = tuple(self.mode_index)
            words_of["suit"] = tuple(self.suit_index)
        rows = []
        for name, _, shape, meaning in self.segments:
            seg = self.segment(obs, name)
            if not seg.any():
                continue
            lines = seg.reshape(-1, shape[-1]) if len(shape) == 2 else seg.reshape(1, -1)
            parts = []
            for r, line in enumerate(lines):
                hot = np.flatnonzero(line)
                if not len(hot):
                    continue
                if shape[-1] == k and name != "gamble":
                    words = " ".join(_card_word(self.faces[i]) for i in hot for _ in range(int(line[i])))
                elif name in _PER_SEAT:
                    words = ", ".join(who(int(i)) + ("" if line[i] == 1 else f" {line[i]:g}") for i in hot)
                elif name in words_of:
                    words = " ".join(words_of[name][i] for i in hot)
                elif name == "gamble":
                    words = "slots " + " ".join(str(i) for i in hot)
                elif len(line) == 1:
                    words = f"{line[0]:g}"
                else:
                    words = " ".join(f"{i}:{line[i]:g}" for i in hot)
                if name == "stack_top":
                    parts.append(f"{('top', '2nd', '3rd')[r] if r < 3 else f'{r + 1}th'}: {words}")
                else:
                    parts.append(f"{who(r)}: {words}" if len(shape) == 2 else words)
            rows.append({"segment": name, "holds": "; ".join(parts), "meaning": meaning})
        return rows

    def describe_html(self, obs: np.ndarray, names: Sequence[str] | None = None, seat: int = 0) -> str:
        """:meth:`describe` as an HTML table (for a notebook)."""
        from html import escape

        cell = "padding:2px 8px;border-bottom:1px solid #ddd;vertical-align:top"
        body = "".join(
            f"<tr><td style='{cell}'><code>{escape(r['segment'])}</code></td><td style='{cell}'>{escape(r['holds'])}</td>"
            f"<td style='{cell};color:#555'>{escape(r['meaning'])}</td></tr>"
            for r in self.describe(obs, names, seat)
        )
        head = f"<tr><th style='{cell}'>segment</th><th style='{cell}'>holds</th><th style='{cell}'>meaning</th></tr>"
        return f"<table style='border-collapse:collapse;text-align:left;font-size:13px'>{head}{body}</table>"

    # ------------------------------------------------------------------------------- encoding
    def encode(self, game: Any, seat: int, jump_in: bool = False) -> np.ndarray:
        """What ``seat`` may see of ``game`` (a game or that seat's view) as one array."""
        buf, at, value = self._trick(game, seat) if self.trick else self._shedders[seat](game, jump_in)
        self._bytes[:] = buf  # (copied into the kept bytes numpy already sees: one numpy call, not two)
        out = self._numbers.astype(_FLOAT)
        if at is not None:
            out[at] = value
        return out

    def encode_into(self, out: np.ndarray, game: Any, seat: int, jump_in: bool = False) -> None:
        """:meth:`encode` written into ``out`` (an array of :attr:`size` numbers)."""
        buf, at, value = self._trick(game, seat) if self.trick else self._shedders[seat](game, jump_in)
        out[:] = _frombuffer(buf, _BYTE)
        if at is not None:
            out[at] = value

    # The encoders below count into a bytearray (the numbers of the observation but one, which
    # they return beside it with its place: the direction when it is -1, the multiplier when
    # it does not fit a byte), at places read from tables made once per observer; the bytes
    # become the float32 array in one step. They read the game itself, never building a view,
    # and only what the seat may see: tests/test_ai_env.py compares them, byte for byte, with
    # the plain encoding of the seat's view at every decision point of random games.

    def _shedding_tables(self, seat: int) -> tuple:
        """For the observer ``seat``: the bytes of the one-hot segments that name a seat (each
        seat's byte counted from the observer) or a word, and the seats in the observer's order."""
        n = self.players
        seats: dict[int | None, bytes] = {p: _one_hot(n, (p - seat) % n) for p in range(n)}
        seats[None] = bytes(n)
        phases = {p: _one_hot(len(SHEDDING_PHASES), i) for p, i in self._phase_index.items()}
        return seats, phases, list(range(seat, n)) + list(range(seat))

    def _shedder(self, seat: int) -> Any:
        """The shedding encoder of the observer ``seat``: a function ``(game, jump_in)`` written
        out for this table size and seat (every seat by its own name, no loop over the seats),
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
        n, k, one, s = self.players, len(self.faces), self._one, self.actions.slots
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

    def _trick_tables(self, seat: int) -> dict[str, Any]:
        """For the observer ``seat``: where each card and word of the trick game is counted in
        the array (every seat's row counted from the observer)."""
        n, k, at, fi = self.players, len(self.faces), self._at, self.face_index

        def cards(base: int) -> dict:
            return {c: base + i for c, i in fi.items()}

        def rows(name: str, width: int = 1) -> list[int]:  # absolute seat -> its row's start
            return [at[name] + ((p - seat) % n) * width for p in range(n)]

        slots = self.segment_shape("gamble")[1]
        levels = len(TRICK_LEVELS)
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

    def segment_shape(self, name: str) -> tuple[int, ...]:
        for seg, _, shape, _ in self.segments:
            if seg == name:
                return shape
        raise KeyError(name)


#: the one-row segments that hold one number per seat (counted from the observer)
_PER_SEAT = {"hand_size", "finished", "ready", "warned", "turn", "pending", "trick_hidden", "tricks_won"}
_PER_SEAT |= {"declarer", "declarers"}


def _card_word(card: Card) -> str:
    pretty = getattr(card, "pretty", None)
    return pretty() if pretty is not None else str(card)


def _seat_word(r: int) -> str:
    return "you" if r == 0 else ("next" if r == 1 else f"+{r}")


def tables() -> list[tuple[str, int]]:
    """Every (variant, table size) the environments seat (the engine's tables up to :data:`MAX_TABLE`)."""
    return [(variant, n) for variant in ALL_VARIANTS for n in range(2, MAX_TABLE + 1) if _plays(variant, n)]


def settlement(game: Any, seat: int, reward: str = "win") -> float:
    """A finished game's reward for ``seat``: ``"win"`` (shedding: +1 for not being the
    Scheißkopf, -1 for being it; trick games: the settlement in game units), ``"points"``
    (bitenight's points)."""
    return settlements(game, reward)[seat]


def settlements(game: Any, reward: str = "win") -> list[float]:
    """:func:`settlement` of every seat, the game's outcome worked out once."""
    of = _variant_of(game)
    out = of.outcome(game)
    if out.points is not None and (of.zero_sum or reward == "points"):
        return [float(x) for x in out.points]
    return [-1.0 if lost else 1.0 for lost in out.lost]


class Round:
    """A game and who acts in it: the acting seat (:attr:`actor`), its legal actions, and the
    step that plays one. ``declined`` holds the seats that let the current jump-in chance pass;
    it empties whenever a move is played.

    The game's legal moves are asked once per decision: the actor, its actions (for the mask)
    and the move an action stands for (for the step) all come from that one list."""

    def __init__(self, game: Any, actions: ActionSpace) -> None:
        self.game = game
        self.actions = actions
        self.declined: set[int] = set()
        # (actor, jump-in?, action -> place in the offer (None: wait), the offer)
        self._cache: tuple[int, bool, dict[int, int | None], Any] | None = None

    def clone(self) -> Round:
        r = Round(self.game.clone(), self.actions)
        r.declined = set(self.declined)
        return r

    @property
    def over(self) -> bool:
        return self.game.phase == "over"

    def _decide(self) -> tuple[int, bool, dict[int, int | None], Any]:
        cache = self._cache
        if cache is None:
            g = self.game
            legal = g.legal_moves()
            jump = False
            if self.actions.trick:
                seat = g.turn
            else:
                seats = {t[0] for t in _offers(legal)}
                if g.phase == "setup":
                    seat = min(seats)
                else:
                    seat = turn = g.turn
                    if len(seats) > 1 or turn not in seats:
                        n = g.n
                        for s in sorted(seats, key=lambda s: (s - turn) % n):
                            if s != turn and s not in self.declined:
                                seat, jump = s, True
                                break
            offered: dict[int, int | None] = self.actions.offered(legal, seat)  # type: ignore[assignment]
            if jump:
                offered[self.actions.index[(WAIT,)]] = None
            cache = self._cache = (seat, jump, offered, legal)
        return cache

    @property
    def actor(self) -> int | None:
        """The seat that acts now (None once the game is over)."""
        return None if self.over else self._decide()[0]

    @property
    def jump_in(self) -> bool:
        """Is the actor offered a jump-in chance out of turn (it may ``wait``)?"""
        return False if self.over else self._decide()[1]

    def legal_actions(self) -> list[int]:
        return [] if self.over else sorted(self._decide()[2])

    def legal_moves(self) -> dict[int, Move | None]:
        """Action -> engine move for the actor (``wait``: None)."""
        if self.over:
            return {}
        _, _, offered, legal = self._decide()
        return {a: None if i is None else legal[i] for a, i in offered.items()}

    def mask(self) -> np.ndarray:
        m = bytearray(self.actions.size)  # (set in bytes, then one array: cheaper than numpy's items)
        if not self.over:
            for a in self._decide()[2]:
                m[a] = 1
        return _frombuffer(m, _MASK)

    def refusal(self, action: Any) -> str:
        legal = self._decide()[2] if not self.over else {}
        names = ", ".join(f"{a} ({self.actions.names[a]})" for a in sorted(legal))
        what = f"action {action!r}"
        if isinstance(action, (int, np.integer)) and 0 <= int(action) < self.actions.size:
            what += f" ({self.actions.names[int(action)]})"
        seat = self.actor
        return f"{what} is not legal for seat {seat} here; the legal actions are: {names or 'none (the game is over)'}"

    def step(self, action: Any) -> Move | None:
        """Play ``action`` for the actor; raises :class:`~scheissekopf.errors.IllegalMove` naming
        the legal actions and changes nothing when it is not one of them."""
        cache = self._cache
        if cache is None:  # (a decision the mask or the actor has not asked for yet)
            if self.over:
                raise IllegalMove("the round is over: no action is legal after its end", None, None)
            cache = self._decide()
        seat, _, offered, legal = cache
        if type(action) is int:
            a = action
        elif isinstance(action, np.integer):
            a = int(action)
        else:  # (not a bool, not 2.0, not "7")
            a = None
        if a not in offered:
            raise IllegalMove(self.refusal(action), action, seat)
        i = offered[a]
        self._cache = None
        if i is None:
            self.declined.add(seat)
            return None
        move = legal[i]
        self.game.play(move)
        if self.declined:
            self.declined = set()
        return move
