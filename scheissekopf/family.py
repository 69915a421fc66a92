"""What a variant is to everything above the registry.

The registry (:mod:`scheissekopf.variants`) hands out one :class:`Variant` object per variant
name; each family writes its own class (:mod:`scheissekopf.shedding.variant`,
:mod:`scheissekopf.trick.variant`). The layers above (bots, the search, hints, puzzles,
tournaments, rendering, the command line) ask that object and never import a family's modules
or compare a variant's name: a new variant is one object the registry lists, not a new branch in
each layer. This module knows no family (the registry's docstring shows the objects in use).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


class RequestRefused(ValueError):
    """A table's request that the variant's grammar cannot read, with the sentence that says why."""


@dataclass(frozen=True)
class Outcome:
    """What a finished game means for each seat, as a tournament counts it: ``lost`` (the
    Scheißkopf, or a seat that lost money), ``points`` (a round's points or a hand's settlement
    per seat; None where the variant scores none), ``stalemate`` (a shedding round the
    repetition rule ended) and ``cycle`` (the seats still in when it ended)."""

    lost: list[bool]
    points: list[float] | None
    stalemate: bool = False
    cycle: list[int] = field(default_factory=list)


class Variant(abc.ABC):
    """One variant with the facts and the doors the layers above need.

    Facts: ``name``, ``family`` (a label to show; never branch on it), ``title``, the table
    sizes (``min_players``, ``max_players``, ``default_players``), ``measure`` (what the search
    ranks moves by: ``"win"``, the chance of not losing the round, or ``"points"``, the mean
    settlement), how a result table shows it (``loss_words``, ``points_words``, ``points_signed``,
    ``result_note``), whether a round can end in a stalemate (``can_stalemate``), scores points
    besides its loser (``points_reward``) or settles money between the seats (``zero_sum``),
    the lead a puzzle's best move needs (``puzzle_margin``), and what a lesson's checks read
    (``plays_by_rank``, ``run_skips_threes``).
    """

    name: str
    family: str
    family_words: str  # the family in a sentence: "shedding games", "the Schafkopf family"
    title: str
    min_players: int
    max_players: int
    default_players: int
    measure: str
    measure_words: str  # ``measure`` in a sentence: "the chance of not being the Scheißkopf"
    loss_words: str  # a result table's column: "Scheißkopf" or "lost money"
    points_words: str  # its points column: "avg points" or "settlement"
    puzzle_margin: float  # how far a puzzle's best move must lead the next, in ``measure``'s units
    points_signed: bool  # points are won or lost (a settlement, +0.50 / -0.50), not only won
    result_note: str  # a result table's footnote on its columns ("" for none)
    can_stalemate: bool  # a round can end by the repetition rule (a tournament counts them)
    points_reward: bool  # a round scores points besides its loser (bitenight): a reward of its own
    zero_sum: bool  # what one seat wins, the others lose (a settlement)
    round_word: str  # what one deal is called: "round" (shedding) or "hand" (trick games)
    requests: tuple[str, ...]  # the table's front-end requests that play a move
    plays_by_rank: bool  # a play is told by its ranks: 9♣ or 9♦ is the same play (the suits do nothing)
    run_skips_threes: bool  # four of a kind on the stack is counted through 3s (False: no such rule)
    # the words of a game's state, each in its order: "phases", "bids", "levels" (of a bid),
    # "modes" (the contracts), "kinds" (of a solo); empty where the variant has none
    vocabulary: dict[str, tuple[str, ...]]

    def __repr__(self) -> str:
        return f"<Variant {self.name} ({self.family})>"

    def unregister(self) -> None:
        """Take this variant's part of its family away again (the registry's ``unregister``
        calls it for a variant added with ``register``)."""

    def table_sizes(self) -> tuple[int, int]:
        """``(fewest, most)`` players."""
        return self.min_players, self.max_players

    def encoding(self, players: int) -> Any:
        """The family's numbers for learning programs at a table of ``players``, which
        :mod:`scheissekopf.ai.encoding` turns into arrays: its action keys and their names,
        ``key_of(move)``, ``offer_key(offer)`` (the same from the engine's move tuple),
        ``actor(game, seats, declined)`` (who acts of the seats with legal moves, out of turn?),
        ``hidden_text(move)`` (what the others see of a move whose cards only its player sees)
        and ``observer()`` (the observation's segments and per-seat encoders, written as bytes);
        each family's ``encoding`` module says more."""
        raise NotImplementedError(f"{self.name} has no encoding for learning programs")

    # ------------------------------------------------------------------ games and positions
    @abc.abstractmethod
    def new_game(self, players: int | None, seed: int | None, *, dealer: int, names: Any, **options: Any) -> Any:
        """A freshly dealt game (see :func:`scheissekopf.new_game`)."""

    @abc.abstractmethod
    def from_dict(self, data: dict) -> Any:
        """A game from its position data; raises InvalidPosition."""

    @abc.abstractmethod
    def text_to_dict(self, text: str) -> dict:
        """The position data of a position text."""

    @abc.abstractmethod
    def dict_to_text(self, data: dict) -> str:
        """The one-line position text of position data."""

    @abc.abstractmethod
    def deck(self, players: int | None) -> list:
        """The cards in play at that table size."""

    @abc.abstractmethod
    def determinize(self, view: Any, rng: random.Random) -> Any:
        """One full game consistent with a seat's view (the unseen cards dealt at random)."""

    # ------------------------------------------------------------------ bots and search
    @abc.abstractmethod
    def greedy_move(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        """The greedy bot's move for the seat whose view this is."""

    @abc.abstractmethod
    def search_move(self, bot: Any, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """The searching bot's move (``bot`` carries its settings: budget, depth, ...)."""

    @abc.abstractmethod
    def searcher(self, view: Any, moves: Sequence[Any], *, depth: Any, epsilon: Any, c: Any) -> Any:
        """A search over ``moves`` from ``view``, ready to ``run(rng, seconds=|iterations=)``."""

    @abc.abstractmethod
    def move_key(self, move: Any) -> tuple:
        """The outcome class of a move: moves with equal keys do the same."""

    @abc.abstractmethod
    def request_text(self, game: Any, action: str, player: int, content: dict) -> str:
        """The move text of a table's front-end request (``action`` one of :attr:`requests`,
        ``content`` the request's fields); raises :class:`RequestRefused` with a sentence for a
        request its grammar cannot read. Whether the move is legal is the game's to say."""

    @abc.abstractmethod
    def editor_facts(self, players: int) -> dict:
        """What the position editor offers at that table size: ``min_players``, ``max_players``,
        ``cards`` (the deck's family: ``"french"`` or ``"german"``), ``phases``, ``modes``,
        ``columns`` (whether the seats lay columns)."""

    @abc.abstractmethod
    def editing(self) -> Any:
        """The position editor's rules for this variant: an :class:`scheissekopf.editing.Editing`
        (the empty table, the deck, the zones and their words, the settings and their choices)."""

    # ------------------------------------------------------------------ results
    @abc.abstractmethod
    def outcome(self, game: Any) -> Outcome:
        """What the finished ``game`` means for each seat."""

    @abc.abstractmethod
    def tricks_played(self, game: Any) -> int | None:
        """How many tricks ``game`` has played; None where the variant plays no tricks."""

    # ------------------------------------------------------------------ pictures and words
    @abc.abstractmethod
    def describe(self, game_or_dict: Any, view: Any = None, *, home: int | None = None) -> tuple[dict, dict]:
        """``(position, info)`` for a picture (see :func:`scheissekopf.render.describe`)."""

    @abc.abstractmethod
    def html(self, game_or_dict: Any, view: Any = None, *, home: int | None = None) -> str:
        """The position as a self-contained HTML picture."""

    @abc.abstractmethod
    def narration(self, game: Any, view: Any = None) -> list[str]:
        """The game's events in card players' words, as ``view`` may read them."""

    @abc.abstractmethod
    def contract_text(self, game: Any) -> str:
        """What is being played, in words ("Ben plays a Wenz"); "" where nothing is announced."""

    @abc.abstractmethod
    def situation(self, view: Any, seat: int) -> str:
        """A puzzle's question in words from what ``seat`` can see."""

    @abc.abstractmethod
    def reason(self, game: Any, seat: int, best: str, greedy: str) -> str:
        """One sentence for a lesson: what the move ``best`` does at ``game`` for ``seat``, and
        what ``greedy`` would have allowed instead (both are move texts of that seat)."""

    @abc.abstractmethod
    def what_it_does(self, game: Any, seat: int, text: str) -> str:
        """What one move of ``seat`` does at ``game``, as a sentence that names no other move;
        "" where there is nothing to say beyond the move."""
