"""The Schafkopf family's door: one :class:`TrickVariant` per rule set, handed out by the
registry (:mod:`scheissekopf.variants`) to the layers above, which ask it instead of importing
this family's modules.

>>> from scheissekopf.trick.variant import VARIANT_OBJECTS
>>> [(v.name, v.default_players) for v in VARIANT_OBJECTS]
[('sheepshead', 5), ('schafkopf', 4), ('mehrkopf', 4)]
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalMove
from ..family import Outcome, RequestRefused, Variant
from ..words import card_word
from . import bots, lesson_words, notation, render, search
from . import deck as _deck
from . import new_game as _new_game
from .base import Rules
from .determinize import determinize
from .editing import TrickEditing
from .encoding import TrickEncoding
from .game import TrickGame
from .moves import parse_move
from .rules import VARIANTS
from .rules import get as _rules
from .rules import register as _register
from .rules import unregister as _unregister
from .schafkopf import SOLO_KINDS


class TrickVariant(Variant):
    """A trick-taking rule set as the layers above see it (its rules live in :mod:`.rules`)."""

    family = "trick"
    family_words = "the Schafkopf family"
    measure = "points"  # the search ranks a move by the hand's mean settlement
    loss_words = "lost money"
    points_words = "settlement"
    puzzle_margin = 0.5  # half a game unit of mean settlement
    measure_words = "the mean settlement of the hand"
    points_signed = True
    result_note = "lost money: share of hands with a negative settlement; settlement: mean game units per hand"
    can_stalemate = False
    points_reward = False  # the settlement is the hand's reward already
    zero_sum = True  # what one side wins the other pays
    round_word = "hand"
    requests = ("card", "move")
    plays_by_rank = False  # every card is its own
    run_skips_threes = False  # there is no stack to burn

    def __init__(self, name: str | Rules) -> None:
        if isinstance(name, Rules):  # a new rules object: the family plays it from now on
            _register(name)
            name = name.name
        self.rules = _rules(name)
        self.name = name
        self.title = name.capitalize()
        self.min_players = self.rules.min_players
        self.max_players = self.rules.max_players
        self.default_players = self.rules.default_players
        self.vocabulary = {
            "phases": self.rules.phases,
            "bids": self.rules.bids,
            "levels": notation.LEVELS,
            "modes": self.rules.modes,
            "kinds": SOLO_KINDS,
        }
        self._editing: TrickEditing | None = None

    def unregister(self) -> None:
        _unregister(self.name)

    # ------------------------------------------------------------------ games and positions
    def new_game(self, players, seed, *, dealer=0, names=None, **options):
        return _new_game(self.name, players=players, seed=seed, dealer=dealer, names=names, **options)

    def from_dict(self, data):
        return TrickGame.from_dict(data)

    def text_to_dict(self, text):
        return notation.text_to_dict(text)

    def dict_to_text(self, data):
        return notation.dict_to_text(data)

    def deck(self, players):
        return _deck(self.name, players)

    def determinize(self, view, rng):
        return determinize(view, rng)

    def encoding(self, players):
        return TrickEncoding(self, players)

    # ------------------------------------------------------------------ bots and search
    def greedy_move(self, view, legal_moves):
        return bots.greedy_move(view, legal_moves)

    def search_move(self, bot, view, legal_moves, rng):
        return search.choose(bot, view, legal_moves, rng)

    def searcher(self, view, moves, *, depth, epsilon, c):
        return search.TrickSearcher(view, moves, depth=depth, epsilon=epsilon, c=c)

    def move_key(self, move):
        return search.move_key(move)

    # ------------------------------------------------------------------ the table's requests
    def request_text(self, game, action, player, content):
        """A card to play (``card``), or a move's own text (``move``), which must be the
        requesting seat's."""
        if action == "card":
            cards = content.get("cards")
            if not (isinstance(cards, list) and len(cards) == 1 and isinstance(cards[0], str)):
                raise RequestRefused(f"Malformed request: 'card' takes a list of one card text, not {cards!r}.")
            try:
                card = game.family.parse(cards[0])
            except ValueError:
                card = None
            if card is None or card == game.family.hidden:
                raise RequestRefused(f"Malformed request: {cards[0]!r} is not a {game.variant} card.")
            return f"P{player} {card}"
        text = content.get("text")
        if not (isinstance(text, str) and 0 < len(text) <= 80):
            raise RequestRefused(f"Malformed request: 'move' needs the move's text, not {text!r}.")
        try:
            move = parse_move(text, player, game.family, game)
        except IllegalMove as exc:
            raise RequestRefused(exc.words) from None
        if move.player != player:
            raise RequestRefused(f"Malformed request: {text!r} is a move of P{move.player}, not of P{player}.")
        return str(move)

    def editor_facts(self, players):
        rules = self.rules
        return {
            "min_players": rules.min_players,
            "max_players": rules.max_players,
            "cards": rules.family.name,
            "phases": list(self.rules.phases),
            "modes": list(self.rules.modes),
            "columns": players == 2,
        }

    def editing(self):
        if self._editing is None:
            facts = self.editor_facts(self.default_players)
            self._editing = TrickEditing(self.name, facts["phases"], facts["modes"])
        return self._editing

    # ------------------------------------------------------------------ results
    def outcome(self, game) -> Outcome:
        settled = game.scores()  # seat -> game units
        money = [float(settled[seat]) for seat in range(len(game.players))]
        return Outcome(lost=[x < 0 for x in money], points=money)

    def tricks_played(self, game):
        return len(game.tricks)

    # ------------------------------------------------------------------ pictures and words
    def _game(self, game_or_dict):
        """A hand drawn from its position data is first read into a game."""
        return TrickGame.from_dict(game_or_dict) if isinstance(game_or_dict, dict) else game_or_dict

    def describe(self, game_or_dict, view=None, *, home=None):
        """The family's description, with what the table's front end draws from: what one deal
        is called (``round_word``) and the table facts of a hand (``render.table_facts``)."""
        position, info = render.describe_trick(self._game(game_or_dict), view, home=home)
        info.update(render.table_facts(), round_word=self.round_word)
        return position, info

    def html(self, game_or_dict, view=None, *, home=None):
        return render.trick_html(self._game(game_or_dict), view, home=home)

    def narration(self, game, view=None):
        return render.trick_narration(game, view)

    def contract_text(self, game):
        return render.contract_text(game) or ""

    def situation(self, view: Any, seat: int) -> str:
        names = view.names
        what = render.contract_text(view)
        if what and what.startswith(f"{names[seat]} plays "):
            what = "You play " + what[len(f"{names[seat]} plays ") :]
        if view.phase == "auction":
            spoken = []
            for i in range(view.n):
                s = (view.first_seat + i) % view.n
                b = view.bids[s]
                if b is not None and s != seat:
                    spoken.append(f"{names[s]} {'passed' if b == 'pass' else 'bid ' + str(b)}")
            said = "; ".join(spoken) if spoken else "you speak first"
            return f"The auction: {said}. What do you bid?"
        if view.phase != "play":
            lead = {
                "declare": "You won the auction: name the game.",
                "call": "Call a partner.",
                "pick": "Pick up the blind or pass?",
                "bury": "Bury two cards.",
            }.get(view.phase, f"Your choice ({view.phase}).")
            return (f"{what}. " if what else "") + lead + " What is best?"
        parts = [f"{what}" if what else "", f"trick {len(view.tricks) + 1}"]
        if view.trick:
            played = ", ".join(f"{names[s]} {card_word(c)}" for s, c in zip(view.trick_seats, view.trick))
            parts.append(f"played so far: {played}")
        else:
            parts.append("you lead")
        return "; ".join(p for p in parts if p) + ". What do you play?"

    def reason(self, game, seat, best, greedy):
        return lesson_words.reason(game, seat, best, greedy)

    def what_it_does(self, game, seat, text):
        return lesson_words.what_it_does(game, seat, text)


VARIANT_OBJECTS = tuple(TrickVariant(name) for name in VARIANTS)
