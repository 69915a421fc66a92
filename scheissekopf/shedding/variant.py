"""The shedding family's door: one :class:`SheddingVariant` per preset, handed out by the
registry (:mod:`scheissekopf.variants`) to the layers above, which ask it instead of importing
this family's modules.

>>> from scheissekopf.shedding.variant import VARIANT_OBJECTS
>>> [v.name for v in VARIANT_OBJECTS]
['bitenight', 'palace', 'schwechat']
"""

from __future__ import annotations

import re
from typing import Any

from ..cards import standard_deck
from ..family import Outcome, RequestRefused, Variant
from ..words import card_word
from . import bots, lesson_words, notation, render, search
from . import presets as _presets
from .determinize import determinize
from .editing import SheddingEditing
from .encoding import SheddingEncoding
from .game import DEFAULT_PLAYERS, VARIANTS, Game, new_game
from .position import PHASES

_CARD = re.compile(r"(10|[2-9TJQKA])[CDHS]|JK", re.IGNORECASE)  # a card as the front end sends it


class SheddingVariant(Variant):
    """A shedding preset as the layers above see it (its rules live in its preset)."""

    family = "shedding"
    family_words = "shedding games"
    default_players = DEFAULT_PLAYERS
    measure = "win"  # the search ranks a move by the chance of not being the Scheißkopf
    loss_words = "Scheißkopf"
    points_words = "avg points"
    puzzle_margin = 0.08  # 8 points of win rate
    measure_words = "the chance of not being the Scheißkopf"
    points_signed = False
    result_note = ""
    can_stalemate = True

    zero_sum = False  # the Scheißkopf's loss is not the others' gain
    round_word = "round"
    requests = ("play", "take", "joker", "flip", "swap", "place", "ready")
    plays_by_rank = True  # 9♣ or 9♦: the same play
    vocabulary = {"phases": PHASES, "bids": (), "levels": (), "modes": (), "kinds": ()}

    def __init__(self, name: str | _presets.Preset) -> None:
        if isinstance(name, _presets.Preset):  # a new preset: the family plays it from now on
            _presets.register(name)
            name = name.name
        self.preset = _presets.get(name)
        self.points_reward = self.preset.scoring == "points"
        self.run_skips_threes = self.preset.run_skips_threes
        self.name = name
        self.title = self.preset.title
        self.min_players = self.preset.min_players
        self.max_players = self.preset.max_players
        self._editing: SheddingEditing | None = None

    def unregister(self) -> None:
        _presets.unregister(self.name)

    # ------------------------------------------------------------------ games and positions
    def new_game(self, players, seed, *, dealer=0, names=None, **options):
        return new_game(self.name, players, seed, dealer=dealer, names=names, **options)

    def from_dict(self, data):
        return Game.from_dict(data)

    def text_to_dict(self, text):
        return notation.text_to_dict(text)

    def dict_to_text(self, data):
        return notation.dict_to_text(data)

    def deck(self, players):
        preset = self.preset
        return standard_deck(preset.jokers_per_deck) * preset.decks(DEFAULT_PLAYERS if players is None else players)

    def determinize(self, view, rng):
        return determinize(view, rng)

    def encoding(self, players):
        return SheddingEncoding(self, players)

    # ------------------------------------------------------------------ bots and search
    def greedy_move(self, view, legal_moves):
        return bots.greedy_choice(view, legal_moves)

    def search_move(self, bot, view, legal_moves, rng):
        return search.choose(bot, view, legal_moves, rng)

    def searcher(self, view, moves, *, depth, epsilon, c):
        return search.Searcher(view, moves, depth=depth, epsilon=epsilon, c=c)

    def move_key(self, move):
        return search.move_key(move)

    # ------------------------------------------------------------------ the table's requests
    def request_text(self, game, action, player, content):
        cards = content.get("cards", [])
        if not (isinstance(cards, list) and all(isinstance(c, str) and _CARD.fullmatch(c) for c in cards)):
            raise RequestRefused(f"Malformed request: 'cards' must be a list of card texts, not {cards!r}.")

        def number(field):
            value = content.get(field)
            if not (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
                raise RequestRefused(f"Malformed request: {action!r} needs a whole number {field!r}, not {value!r}.")
            return value

        def count(lo, hi):
            if not lo <= len(cards) <= hi:
                want = str(lo) if lo == hi else f"{lo} to {hi}"
                raise RequestRefused(f"Malformed request: {action!r} takes {want} card(s), not {len(cards)}.")

        who = f"P{player}"
        if action == "play":
            count(1, 52)
            return f"{who} {' '.join(cards)}"
        if action == "take":
            count(0, 1)
            return " ".join([who, "take", *cards])
        if action == "joker":
            count(0, 1)
            return f"{who} JK to P{number('target')}"
        if action == "flip":
            count(0, 0)
            return f"{who} flip {number('index')}"
        if action == "swap":
            count(2, 2)
            return f"{who} swap {cards[0]} {cards[1]}"
        if action == "place":
            count(1, 1)
            return f"{who} place {cards[0]} {number('index')}"
        count(0, 0)
        return f"{who} ready"

    def editor_facts(self, players):
        preset = self.preset
        return {
            "min_players": preset.min_players,
            "max_players": preset.max_players,
            "cards": "french",
            "phases": ["setup", "play"],
            "modes": [],
            "columns": preset.columns,
        }

    def editing(self):
        if self._editing is None:
            self._editing = SheddingEditing(self.name)
        return self._editing

    # ------------------------------------------------------------------ results
    def outcome(self, game) -> Outcome:
        cycle: list[int] = []
        if game.stalemate:  # the seats still in when the repetition rule ended the round
            outs = 0
            for e in game.log:
                if e.kind == "stalemate":
                    break
                if e.kind == "out":
                    outs += 1
            cycle = sorted(list(game.finished[outs:]) + [game.loser])
        points = game.points() if self.points_reward else None  # seat -> points
        return Outcome(
            lost=[game.loser == seat for seat in range(game.n)],
            points=None if points is None else [points[seat] for seat in range(game.n)],
            stalemate=bool(game.stalemate),
            cycle=cycle,
        )

    def tricks_played(self, game):
        return None  # a shedding round plays on a stack, not in tricks

    # ------------------------------------------------------------------ pictures and words
    def describe(self, game_or_dict, view=None, *, home=None):
        """The family's description, with what the table's front end draws from: what one deal
        is called (``round_word``) and the table facts of this preset (``render.table_facts``)."""
        position, info = render.describe(game_or_dict, view, home=home)
        info.update(render.table_facts(self.preset), round_word=self.round_word)
        return position, info

    def html(self, game_or_dict, view=None, *, home=None):
        return render.game_html(game_or_dict, view, home=home)

    def narration(self, game, view=None):
        return render.narration(game, view)

    def contract_text(self, game):
        return ""  # a shedding round announces nothing

    def situation(self, view: Any, seat: int) -> str:
        names = view.names
        parts = []
        top = next((c for c in reversed(view.stack) if c is not None), None)
        if top is None:
            parts.append("The stack is empty")
        else:
            n = len(view.stack)
            parts.append(f"{card_word(top)} lies on top of the stack ({n} card{'' if n == 1 else 's'})")
        if not view.draw:
            parts.append("the draw pile is gone")
        for s in range(view.n):
            if s == seat or s in view.finished:
                continue
            n = view.players[s].cards_held
            parts.append(f"{names[s]} has {n} card{'' if n == 1 else 's'} left")
        zone = view.active_zone(seat)
        mine = {"hand": "from your hand", "bank": "from your bank", "gamble": "blind, from your gamble cards"}[zone]
        if zone != "gamble" and any(m.kind == "flip" for m in view.legal_moves() if m.player == seat):
            mine += ", or turn a face-down card"
        return f"{'; '.join(parts)}. You play {mine}. What is the best move?"

    def reason(self, game, seat, best, greedy):
        return lesson_words.reason(game, seat, best, greedy)

    def what_it_does(self, game, seat, text):
        return lesson_words.what_it_does(game, seat, text)


VARIANT_OBJECTS = tuple(SheddingVariant(name) for name in VARIANTS)
