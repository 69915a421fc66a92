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
hidden ones and the public history. ``tests/test_ai_env.py`` checks on every decision point of
random games that it is the same array the seat's :meth:`view` gives, so no hidden card can leak;
it reads the game directly only because building a view costs ten moves.

The engine keeps no dependency: this module needs numpy, which the ``ai`` extra brings.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import product
from typing import Any

import numpy as np

from ..cards import JOKER, RANK_TEXT, Card
from ..errors import IllegalMove
from ..moves import Move
from ..variants import ALL_VARIANTS, TRICK_VARIANTS, deck, new_game, unknown_variant

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


def _check_table(variant: str, players: int | None) -> tuple[str, int]:
    if variant not in ALL_VARIANTS:
        raise ValueError(unknown_variant(variant))
    game = new_game(variant, players=players, seed=0)  # the engine refuses a table size it does not play
    return variant, game.n


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
        if self.trick:
            out = np.zeros(self.size, dtype=np.float32)
            self._trick(game, seat, out)
            return out
        return self._shedding(game, seat, jump_in)

    def _shedding(self, g: Any, seat: int, jump_in: bool) -> np.ndarray:
        # Written for speed (the observation must cost less than the move): every 1 and every
        # card counted goes into one list of positions, which one bincount turns into the array.
        n, k, at, fi = self.players, len(self.faces), self._at, self.face_index
        players = g.players
        stack = g.stack
        known = g.known
        b_bank, b_known, b_gamble = at["bank"], at["known"], at["gamble"]
        # (where the zone's counts start, its cards): one comprehension counts them all
        zones = [(at["hand"], players[seat].hand), (at["stack"], stack), (at["discard"], g.discard)]
        flags = []
        s = self.actions.slots
        finished, ready, warned = g.finished, g.ready, g.warned
        b_fin, b_ready, b_warn = at["finished"], at["ready"], at["warned"]
        sizes = []
        for r in range(n):
            p = (seat + r) % n
            pl = players[p]
            zones.append((b_bank + r * k, pl.bank))
            if known[p]:
                zones.append((b_known + r * k, known[p]))
            row = b_gamble + r * s
            flags += [row + i for i, c in enumerate(pl.gamble) if c is not None]
            sizes.append(len(pl.hand))
            if p in finished:
                flags.append(b_fin + r)
            if ready[p]:
                flags.append(b_ready + r)
            if warned[p]:
                flags.append(b_warn + r)
        idx = [base + fi[c] for base, cards in zones for c in cards if c is not None]
        idx += flags
        base = at["stack_top"]
        idx += [base + i * k + fi[c] for i, c in enumerate(reversed(stack[-STACK_TOP:]))]
        top = g.effective_top
        idx.append(at["effective_top"] + (len(self.actions.ranks) if top is None else self.rank_index[top.rank]))
        if g.turn is not None:
            idx.append(at["turn"] + (g.turn - seat) % n)
        pending = g.pending
        if pending is not None:
            idx.append(at["pending"] + (pending[1] - seat) % n)
        idx.append(at["phase"] + self._phase_index[g.phase])
        if jump_in:
            idx.append(at["jump_in"])
        out = np.bincount(idx, minlength=self.size).astype(np.float32)
        b_size = at["hand_size"]
        out[b_size : b_size + n] = sizes
        out[at["stack_size"]] = len(stack)
        out[at["draw_size"]] = len(g.draw)
        out[at["direction"]] = g.direction
        return out

    def _trick(self, g: Any, seat: int, out: np.ndarray) -> None:
        n, k, at, fi = self.players, len(self.faces), self._at, self.face_index
        over = g.phase == "over"
        c = g.contract
        picker = c.declarer if c is not None and g.family.name == "french" else None
        mine = seat == picker
        hidden = g.family.hidden
        for x in g.players[seat].hand:
            out[at["hand"] + fi[x]] = 1
        gamble_slots = self.segment_shape("gamble")[1]
        for r in range(n):
            pl = g.players[(seat + r) % n]
            out[at["hand_size"] + r] = len(pl.hand)
            if g.layout:
                for x in pl.bank:
                    if x is not None:
                        out[at["bank"] + r * k + fi[x]] = 1
                for i, x in enumerate(pl.gamble[:gamble_slots]):
                    if x is not None:
                        out[at["gamble"] + r * gamble_slots + i] = 1

        def seen(trick_no, seats, cards, winner):
            hi = g.hole_index(trick_no, seats)
            for j, x in enumerate(cards):
                yield seats[j], x, not (x == hidden or (j == hi and not (mine or over or seat == winner)))

        for p, x, visible in seen(len(g.tricks), g.trick_seats, g.trick, None):
            r = (p - seat) % n
            if visible:
                out[at["trick"] + r * k + fi[x]] = 1
            else:
                out[at["trick_hidden"] + r] = 1
        for t_no, t in enumerate(g.tricks):
            for _, x, visible in seen(t_no, t.seats, t.cards, t.winner):
                if visible:
                    out[at["played"] + fi[x]] = 1
            out[at["tricks_won"] + (t.winner - seat) % n] += 1
        for x in g.blind:
            if over and x != hidden:
                out[at["blind"] + fi[x]] = 1
        out[at["blind_size"]] = len(g.blind)
        for x in g.buried:
            if (over or mine) and x != hidden:
                out[at["buried"] + fi[x]] = 1
        out[at["buried_size"]] = len(g.buried)
        if g.hole is not None:
            out[at["hole_exists"]] = 1
            if (mine or over) and g.hole != hidden:
                out[at["hole"] + fi[g.hole]] = 1
        for p in range(n):
            r = (p - seat) % n
            if g.bids[p] is not None:
                out[at["bids"] + r * len(self.bid_index) + self.bid_index[g.bids[p]]] = 1
            if g.doubles[p] is not None:
                out[at["doubles"] + r * 2 + (1 if g.doubles[p] == "double" else 0)] = 1
        if g.best_bid is not None:
            p, level = g.best_bid
            out[at["best_bid"] + ((p - seat) % n) * len(TRICK_LEVELS) + self.level_index[level]] = 1
        if c is not None:
            out[at["mode"] + self.mode_index[c.mode]] = 1
            if c.declarer is not None:
                out[at["declarer"] + (c.declarer - seat) % n] = 1
            if c.suit is not None:
                out[at["suit"] + self.suit_index[c.suit]] = 1
            if c.called is not None:
                out[at["called"] + fi[c.called]] = 1
            out[at["tout_must"]] = 1 if c.tout else 0
            out[at["tout_must"] + 1] = 1 if c.must else 0
        for p in self._known_declarers(g, seat, over):
            out[at["declarers"] + (p - seat) % n] = 1
        out[at["called_led"]] = 1 if g.called_led else 0
        out[at["multiplier"]] = g.multiplier
        if g.turn is not None:
            out[at["turn"] + (g.turn - seat) % n] = 1
        out[at["phase"] + self.phase_index[g.phase]] = 1

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
    """Every (variant, table size) the engine plays, so every environment there is."""
    out = []
    for variant in ALL_VARIANTS:
        for n in range(2, 8):
            try:
                new_game(variant, players=n, seed=0)
            except ValueError:
                continue
            out.append((variant, n))
    return out


def settlement(game: Any, seat: int, reward: str = "win") -> float:
    """A finished game's reward for ``seat``: ``"win"`` (shedding: +1 for not being the
    Scheißkopf, -1 for being it; trick games: the settlement in game units), ``"points"``
    (bitenight's points)."""
    if game.variant in TRICK_VARIANTS:
        value = game.scores()[seat]
        return float(value) if isinstance(value, (int, Fraction)) else float(value)
    if reward == "points":
        return float(game.points()[seat])
    return -1.0 if game.loser == seat else 1.0


class Round:
    """A game and who acts in it: the acting seat (:attr:`actor`), its legal actions, and the
    step that plays one. ``declined`` holds the seats that let the current jump-in chance pass;
    it empties whenever a move is played."""

    def __init__(self, game: Any, actions: ActionSpace) -> None:
        self.game = game
        self.actions = actions
        self.declined: set[int] = set()
        self._cache: tuple[int, bool, dict[int, Move]] | None = None

    def clone(self) -> Round:
        r = Round(self.game.clone(), self.actions)
        r.declined = set(self.declined)
        return r

    @property
    def over(self) -> bool:
        return self.game.phase == "over"

    def _decide(self) -> tuple[int, bool, dict[int, Move]]:
        if self._cache is None:
            g = self.game
            by_seat: dict[int, list[Move]] = {}
            for m in g.legal_moves():
                by_seat.setdefault(m.player, []).append(m)
            if self.actions.trick:
                seat, jump = g.turn, False
            elif g.phase == "setup":
                seat, jump = min(by_seat), False
            else:
                turn, n = g.turn, g.n
                seat, jump = turn, False
                for s in sorted(by_seat, key=lambda s: (s - turn) % n):
                    if s != turn and s not in self.declined:
                        seat, jump = s, True
                        break
            legal = self.actions.legal(by_seat.get(seat, ()))
            if jump:
                legal[self.actions.index[(WAIT,)]] = None  # type: ignore[assignment]
            self._cache = (seat, jump, legal)
        return self._cache

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
        return {} if self.over else dict(self._decide()[2])

    def mask(self) -> np.ndarray:
        m = np.zeros(self.actions.size, dtype=np.int8)
        if not self.over:
            m[list(self._decide()[2])] = 1
        return m

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
        if self.over:
            raise IllegalMove("the game is over: no action is legal", None, None)
        seat, _, legal = self._decide()
        a = int(action) if isinstance(action, (int, np.integer)) and not isinstance(action, bool) else None
        if a is None or a not in legal:
            raise IllegalMove(self.refusal(action), action, seat)
        move = legal[a]
        if move is None:
            self.declined.add(seat)
        else:
            self.game.play(move)
            self.declined = set()
        self._cache = None
        return move
