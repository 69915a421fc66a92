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

What is particular to a family (its actions, the segments of its observation and how they are
counted, who acts) is the family's: each variant object hands out its family's encoding
(``variant(name).encoding(players)``: ``shedding/encoding.py``, ``trick/encoding.py``), which
this module turns into numbers and arrays without naming a family or a variant.

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
from math import prod
from operator import itemgetter
from typing import Any

import numpy as np

from ..core import LegalMoves
from ..errors import IllegalMove
from ..moves import Move
from ..variants import ALL_VARIANTS, new_game, unknown_variant, variant_objects
from ..variants import variant as _variant_of

#: the action that lets a jump-in chance pass (not an engine move), where a family has such chances
WAIT = "wait"
_frombuffer, _BYTE, _FLOAT, _MASK = np.frombuffer, np.dtype(np.uint8), np.dtype(np.float32), np.dtype(np.int8)

#: the largest table the AI environments seat (the engine plays the shedding games up to 16)
MAX_TABLE = 7


def __getattr__(name: str) -> Any:
    """The names of 0.2.0 for the families' words, read from the variant objects when asked:
    ``TRICK_PHASES``, ``TRICK_BIDS``, ``TRICK_MODES`` (per variant that bids), ``TRICK_LEVELS``,
    ``SOLO_KINDS``, ``SHEDDING_PHASES`` and ``STACK_TOP`` (the stack's cards drawn one by one)."""
    bidding = [v for v in variant_objects() if v.vocabulary["bids"]]
    plain = [v for v in variant_objects() if not v.vocabulary["bids"]]
    per_variant = {"TRICK_PHASES": "phases", "TRICK_BIDS": "bids", "TRICK_MODES": "modes"}
    if name in per_variant:
        return {v.name: v.vocabulary[per_variant[name]] for v in bidding}
    if name in ("TRICK_LEVELS", "SOLO_KINDS"):
        return bidding[0].vocabulary["levels" if name == "TRICK_LEVELS" else "kinds"]
    if name == "SHEDDING_PHASES":
        return plain[0].vocabulary["phases"]
    if name == "STACK_TOP":
        return ObservationLayout(plain[0].name).segment_shape("stack_top")[0]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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

    The family's encoding lists the actions (``shedding/encoding.py``, ``trick/encoding.py``).
    Shedding games: ``wait``, ``ready``, ``take``, ``take`` with a bank card of each rank, ``play``
    of each rank and count, ``joker`` to each seat (counted from the player), ``flip`` of each
    gamble slot, ``swap`` of each (hand card, bank card) and ``place`` of each (card, column).
    A play names its cards (``play 9C 9D``: one action per choice of cards of one rank), since a
    suit can matter (a card the others know is in the hand); where the engine offers one move
    for two equal choices, the other action is simply not legal. Trick games: the words (``pick``, ``pass``, ``bid solo``, ``solo wenz``, ...), one
    action per card for ``card``, ``call``, ``must`` and ``accept``, one per pair for ``bury``
    and one per (called card, card in the hole) for ``under``. ``names[a]`` says what ``a`` is.
    Where the family lets a seat act out of turn, action 0 is ``wait``: let that chance pass.
    """

    def __init__(self, variant: str, players: int | None = None) -> None:
        self.variant, self.players = _check_table(variant, players)
        #: the family's encoding at this table (its actions, who acts, its observer)
        self.encoding = enc = _variant_of(variant).encoding(self.players)
        self.trick = enc.tricks  # (for programs that ask; this module never does)
        self.faces = enc.faces  # the distinct cards, in the deck's order
        self.face_index = enc.face_index
        keys: list[tuple] = []
        names: list[str] = []
        if enc.chances:
            keys.append((WAIT,))
            names.append("wait (let the jump-in chance pass)")
        self.keys = keys + enc.keys
        self.names = names + enc.names
        self.index = {k: i for i, k in enumerate(self.keys)}
        self.size = len(self.keys)
        self.wait = self.index[(WAIT,)] if enc.chances else None  # the wait action, where there is one
        self._learned: dict[tuple, int] = {}  # a move's fields -> its action (see offered)

    def __getattr__(self, name: str) -> Any:
        # the family's own facts (the shedding games' ``ranks`` and gamble ``slots``)
        if name.startswith("_") or "encoding" not in self.__dict__:
            raise AttributeError(name)
        return getattr(self.encoding, name)

    def __reduce__(self) -> tuple:
        return (ActionSpace, (self.variant, self.players))

    def key_of(self, move: Move) -> tuple:
        """The action key of an engine move (raises ValueError for a move no action names)."""
        return self.encoding.key_of(move)

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
        worked out once (by the family's ``offer_key``) and remembered."""
        rows = _rows(legal)
        return self._offered(rows, legal, seat, set(map(_first, rows)))

    def _offered(self, rows: list[tuple], legal: Sequence[Move], seat: int, seats: set[int]) -> dict[int, int]:
        """:meth:`offered` from the offers' tuples ``rows`` and the seats they are of."""
        learned = self._learned
        if len(seats) == 1 and seat in seats:  # (mostly: every move is the seat's, each learned)
            acts: list = list(map(learned.get, rows))
            if None not in acts:
                out: dict[int, int] = dict(zip(acts, range(len(acts))))
                if len(out) == len(acts):
                    return out
        out = {}
        for i, t in enumerate(rows):
            if t[0] != seat:
                continue
            a = learned.get(t)
            if a is None:
                if len(learned) > _LEARNED_MAX:
                    learned.clear()
                key = self.encoding.offer_key(t)
                if key not in self.index:
                    raise ValueError(f"no action stands for the move {legal[i]} (key {key})")
                a = learned[t] = self.index[key]
            if a in out:
                raise ValueError(f"the moves {legal[out[a]]} and {legal[i]} share the action {a}")
            out[a] = i
        return out


#: how many distinct offers an action space remembers before it starts afresh
_LEARNED_MAX = 1 << 17
_list_copy = list.copy
_first = itemgetter(0)


def _rows(legal: Sequence[Move]) -> list[tuple]:
    """The fields ``(player, kind, cards, target, index)`` of each move in ``legal``, in order.

    A :class:`~scheissekopf.core.LegalMoves` keeps the tuples the engine generated as its own
    list storage (it serves them as Move objects only when asked): those are read directly.
    """
    if isinstance(legal, LegalMoves):
        return _list_copy(legal)
    return [(m.player, m.kind, m.cards, m.target, m.index) for m in legal]


class ObservationLayout:
    """What one seat may see as one ``float32`` array of :attr:`size` numbers.

    :attr:`segments` lists ``(name, start, shape, meaning)``; a segment of shape ``(rows, k)``
    holds one row per seat, counted from the observing seat. Card segments count cards over
    :attr:`faces` (``sk.deck(variant, players)`` without repeats, in its order): a shedding game
    with two decks has counts up to 2 (jokers more), a trick game 0 or 1. The segments and the
    encoders that write them are the family's (``observer()`` of its encoding); the family's
    indexes of its words (``rank_index``, ``phase_index``, ``mode_index``, ...) are read from it.
    """

    def __init__(self, variant: str, players: int | None = None, actions: ActionSpace | None = None) -> None:
        self.actions = actions or ActionSpace(variant, players)
        self.variant = variant
        self.players = n = self.actions.players
        self.trick = self.actions.trick
        self.faces = self.actions.faces
        self.face_index = self.actions.face_index
        self._observer = observer = self.actions.encoding.observer()
        self.segments: list[tuple[str, int, tuple[int, ...], str]] = observer.segments
        self.size = observer.size
        # The encoders count into bytes: every number but the direction and the multiplier is
        # a count of cards (or tricks, seats) of one deal, which stays below 256.
        if len(_variant_of(variant).deck(n)) > 255:
            raise ValueError(
                f"{variant} at {n} players deals more than 255 cards: the observation counts them in bytes"
            )
        self._encoders = observer.encoders  # per observing seat: (game, jump_in) -> (bytes, place, value)
        self._bytes = bytearray(self.size)  # see encode: the observation's bytes, and numpy's view of them
        self._numbers = _frombuffer(self._bytes, _BYTE)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or "_observer" not in self.__dict__:
            raise AttributeError(name)
        return getattr(self._observer, name)

    def __reduce__(self) -> tuple:
        # a copy (or a pickled layout) starts with nothing kept: the kept counts and the numpy
        # view of the kept bytes (see encode) belong to this object alone
        return (ObservationLayout, (self.variant, self.players, self.actions))

    def segment(self, obs: np.ndarray, name: str) -> np.ndarray:
        """The named segment of an observation, in its shape."""
        for seg, start, shape, _ in self.segments:
            if seg == name:
                return obs[start : start + prod(shape)].reshape(shape)
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

        words_of = self._observer.words
        per_seat = self._observer.per_seat
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
                elif name in per_seat:
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
        buf, at, value = self._encoders[seat](game, jump_in)
        self._bytes[:] = buf  # (copied into the kept bytes numpy already sees: one numpy call, not two)
        out = self._numbers.astype(_FLOAT)
        if at is not None:
            out[at] = value
        return out

    def encode_into(self, out: np.ndarray, game: Any, seat: int, jump_in: bool = False) -> None:
        """:meth:`encode` written into ``out`` (an array of :attr:`size` numbers)."""
        buf, at, value = self._encoders[seat](game, jump_in)
        out[:] = _frombuffer(buf, _BYTE)
        if at is not None:
            out[at] = value

    def segment_shape(self, name: str) -> tuple[int, ...]:
        for seg, _, shape, _ in self.segments:
            if seg == name:
                return shape
        raise KeyError(name)


def _card_word(card: Any) -> str:
    pretty = getattr(card, "pretty", None)
    return pretty() if pretty is not None else str(card)


def _seat_word(r: int) -> str:
    return "you" if r == 0 else ("next" if r == 1 else f"+{r}")


def tables() -> list[tuple[str, int]]:
    """Every (variant, table size) the environments seat (the engine's tables up to :data:`MAX_TABLE`)."""
    return [(variant, n) for variant in ALL_VARIANTS for n in range(2, MAX_TABLE + 1) if _plays(variant, n)]


def points_variants() -> list[str]:
    """The variants whose rounds score points besides their loser (``reward="points"``)."""
    return [v.name for v in variant_objects() if v.points_reward]


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
        self._actor = actions.encoding.actor  # (game, seats with moves, declined) -> (seat, jump-in?)
        self._offered = actions._offered
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
            rows = _rows(legal)
            seats = set(map(_first, rows))
            seat, jump = self._actor(g, seats, self.declined)
            offered: dict[int, int | None] = self._offered(rows, legal, seat, seats)  # type: ignore[assignment]
            if jump:
                offered[self.actions.wait] = None  # type: ignore[index]
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
