"""The interactive card table for Jupyter: ``Table(game)`` and the step-through ``Scene``.

The widget is a view over a :class:`~scheissekopf.Game`: Python holds the game, syncs a
description of it to the browser (``state``, ``info``, ``legal``, ``log``) and re-syncs after
every change. The front end (``widgets/table.js``) never changes the game: a click sends a
request (``{"action": "play", "player": 0, "cards": ["9C"], "version": 12}``), which is checked
here and played through ``Game.play``; a refused request leaves the game as it was and shows
why in the table (the ``message`` trait).

Requests carry the ``version`` of the drawing they were made on; ``version`` goes up on every
change, so a click made on an older drawing is refused instead of being applied to a position
the player never saw.

With ``view=<seat>`` only ``game.view(seat)`` is synced: other hands, the gamble cards and the
draw pile reach the browser as ``"??"``.

The Hint button asks for ``{"action": "hint", "player": 2}``: Python runs
:func:`scheissekopf.hint.hint` for that seat (it reads only ``game.view(seat)``) with
``table.hint_budget`` seconds and syncs the ranked moves into ``hints``; the next change of
position clears them. On a trick table the rows rank by mean settlement (``measure``:
``"settlement"``).

A sheepshead, schafkopf or mehrkopf hand (``Table(trick_game)``) is drawn as a trick table: the
hands, the trick being played, the last trick, tricks taken, the blind and the game being
played. Its requests are ``{"action": "card", "player": 1, "cards": ["EO"]}`` (play a card to the
trick) and ``{"action": "move", "player": 1, "text": "P1 bid normal"}`` (picking, burying,
calling, bidding...), checked and played the same way.

In edit mode (``Table(game, mode="edit")``, ``Table.editor("schwechat", players=5)``,
``table.mode = "edit"``) the table draws a draft position instead (see
:mod:`scheissekopf.editor`): ``{"action": "edit", "op": "move", ...}`` requests change the draft,
each checked by the engine, and ``{"action": "mode", "mode": "play"}`` (Play from here) starts
playing from it once it is a position. Undo back past that point returns to the editor.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import html
import logging
import pathlib
import random
import threading
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Callable

try:
    import anywidget
    import traitlets
except ModuleNotFoundError as exc:  # the engine needs neither; the table does
    from .errors import MissingExtra

    raise MissingExtra("The card table (sk.Table)", "widget", exc.name) from None

from .drawing import felt_style, table_frame
from .editor import BROKEN_EDIT, EMPTY_GREETING, Draft, EditRefused, empty_position
from .errors import IllegalMove, InvalidPosition
from .family import RequestRefused
from .render import describe, game_html, narration, seat_rows
from .variants import AnyGame, Game, deck, from_dict, new_game
from .variants import variant as variant_of
from .words import Writer, agree, card_word, seat_word

if TYPE_CHECKING:
    from .bots import Bot
    from .hint import Hint
    from .moves import Move
    from .review import Review

__all__ = ["Table", "Scene"]

_FRONT_END = files("scheissekopf.widgets")
_LESSON_ACTIONS = ("retry", "next", "back")
#: the review's requests: start it, show the position before a move, play on from it, back to the end
_REVIEW_ACTIONS = ("review", "review_move", "review_try", "review_end")
_MAX_BOT_MOVES = 100_000  # zero-delay bots stop here at the latest (a round always ends sooner)
_log = logging.getLogger(__name__)


class _Refused(Exception):
    """A request from the front end that is not even a move (malformed, stale, not allowed)."""


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _to_move(game) -> int:
    """The seat that must act in the play phase: the one choosing a turned joker's target
    (``game.pending == ("joker", seat)``), else the player whose turn it is."""
    return game.pending[1] if game.pending else game.turn


def _call_later(delay: float, fn):
    """Run ``fn`` after ``delay`` seconds: on the kernel's event loop when there is one (so the
    widget is updated from the kernel's own thread), else on a timer thread."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is not None:
        return loop.call_later(delay, fn)
    timer = threading.Timer(delay, fn)
    timer.daemon = True
    timer.start()
    return timer


class Table(anywidget.AnyWidget):
    """The card table for ``game``.

    ``view="table"`` shows every card (for teaching); ``view=<seat>`` shows only what that seat
    may see and lets the person at the table play only that seat. ``seed`` seeds the random
    choices of :meth:`step` and the random generator handed to bots. ``interactive=False`` draws
    the table without controls.

    ``bots`` says who plays the seats nobody at this table plays. ``"auto"`` (the default): at
    an interactive table seen by one seat, the ``"greedy"`` bot plays every other seat (after
    ``0.6`` s, as :meth:`seat_bot`), so the round can be played to its end from that seat; an
    open table (``view="table"``) seats no bot. ``None``: no bot (seat them later with
    :meth:`seat_bot`). A bot name or object: that bot at every seat but the viewer's (a table
    seen by one seat only). A dict ``{seat: bot}``: those seats.
    """

    _esm = pathlib.Path(str(_FRONT_END / "table.js"))
    _css = pathlib.Path(str(_FRONT_END / "table.css"))

    state = traitlets.Dict().tag(sync=True)
    info = traitlets.Dict().tag(sync=True)
    legal: traitlets.List[Any] = traitlets.List().tag(sync=True)
    log: traitlets.List[Any] = traitlets.List().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    #: how the message reads: "" a refusal, "good" a right answer, "info" information (a hint,
    #: where the table is now, what a bot did)
    tone = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    hints = traitlets.Dict().tag(sync=True)
    #: "play" or "edit"; in edit mode ``draft`` describes the position being edited
    table_mode = traitlets.Unicode("play").tag(sync=True)
    draft = traitlets.Dict().tag(sync=True)
    #: {} on a plain table; on a lesson's table what its controls show: ``solved`` (the exercise
    #: is answered: no more moves are invited), ``number`` and ``count`` (exercise k of n),
    #: ``back`` and ``next`` (whether there is an exercise before / after this one)
    lesson = traitlets.Dict().tag(sync=True)
    #: {} or the review of the finished round (see :meth:`review`): while it runs ``{"state":
    #: "running", "done", "total", "who"}``, then ``{"state": "ready", "who", "summary", "moves":
    #: [{ply, number, seat, verdict, mark, words, move}], "chart" (an SVG picture), "at" (the
    #: move whose position is shown, or None at the end), "best" (that move's better move:
    #: {seat, kind, cards, index, words}), "best_version", "trying", "round_word"}``
    review_panel = traitlets.Dict().tag(sync=True)

    #: seconds a hint may search (the Hint button); ``hint_iterations`` fixes the playouts instead
    hint_budget = 1.0
    hint_iterations = None
    #: seconds the Review button's search may take for the whole review (None: the review's own
    #: default, :data:`scheissekopf.review.BUDGET`); ``review_iterations`` fixes the playouts
    #: per judged move instead
    review_budget: float | None = None
    review_iterations: int | None = None
    #: the one seat a person plays at this table (a lesson's learner): drawn at the bottom, and
    #: the only seat whose moves are offered, even where every card is open; None: every seat
    home: int | None = None

    def __init__(
        self,
        game: AnyGame,
        view="table",
        *,
        seed=None,
        interactive: bool = True,
        mode: str = "play",
        bots: Any = "auto",
        **kwargs,
    ):
        super().__init__(interactive=interactive, **kwargs)
        self._lock = threading.RLock()
        self._game = game
        self._view = self._checked_view(view, game)
        self._bots: dict[int, tuple[Bot, float]] = {}
        self._auto: set[int] = set()  # the seats "auto" gave a bot (a lesson's referee takes them back)
        self._auto_wanted = bots == "auto"  # the automatic bots follow the view
        self._passed: set[int] = set()  # bots that let this position's jump-in chance go
        self._rng = random.Random(seed)
        self._timer: tuple[object, Any] | None = None
        self._asks = 0
        #: called with the text of each move asked for at the table instead of playing it (a
        #: lesson checks the learner's move this way); None: the table plays it
        self._referee: Callable[[str], object] | None = None
        #: called with the seat when the Hint button is pressed, instead of the search (a lesson
        #: gives its own hints first); None: the search answers
        self.adviser: Callable[[int], object] | None = None
        #: called with "retry", "next" or "back" when a lesson's button is pressed (set by the
        #: lesson, with ``lesson``); None: those requests are refused
        self.coach: Callable[[str], object] | None = None
        self._draft: Draft | None = None  # the position being edited (edit mode)
        self._left_draft: Draft | None = None  # the draft the game was started from
        #: the game the editor was opened on and its position: Play on an unchanged draft goes
        #: back to that game, history and all (None: no game to go back to)
        self._kept: tuple[AnyGame, dict] | None = None
        # the review (see review()): the finished game reviewed and its Review, the move whose
        # position is shown (None: the end), whether the learner plays on from there, and the
        # token of the review running (a new game or an undo makes its result stale)
        self._review: Review | None = None
        self._review_end: AnyGame | None = None
        self._review_at: int | None = None
        self._trying = False
        self._review_token = 0
        self._review_running = False
        self._review_thread: threading.Thread | None = None
        self._check_mode(mode)
        if mode == "edit":
            self._open_editor(Draft(game.to_dict()), keep=game)
        self.on_msg(self._on_msg)
        self._seat_bots(bots)
        self._sync()

    def _seat_bots(self, bots) -> None:
        """Seat the bots the constructor's ``bots`` asks for (see the class docstring)."""
        n = len(self._game.players)
        if bots is None:
            return
        if isinstance(bots, dict):
            for seat, bot in bots.items():
                self.seat_bot(seat, bot)
            return
        if bots == "auto":
            if self._view == "table" or not self.interactive or self._draft is not None:
                return
            bots = "greedy"
        elif self._view == "table":
            raise ValueError(
                "bots=<bot> seats it at every seat but the viewer's: give view=<seat>, or bots={seat: bot}"
            )
        for seat in range(n):
            if seat != self._view and seat not in self._bots:
                self.seat_bot(seat, bots)
                if bots == "greedy":
                    self._auto.add(seat)

    @property
    def referee(self) -> Callable[[str], object] | None:
        """Called with the text of each move asked for at the table instead of playing it (a
        lesson checks the learner's move this way); None: the table plays it. Setting one takes
        back the bots ``bots="auto"`` seated: an exercise's other seats wait for the learner."""
        return self._referee

    @referee.setter
    def referee(self, referee: Callable[[str], object] | None) -> None:
        with self._lock:
            self._referee = referee
            if referee is not None:
                self._auto_wanted = False
                if self._drop_auto_bots():
                    self._sync()

    def _drop_auto_bots(self) -> bool:
        """Take back the bots ``bots="auto"`` seated; True when there were any."""
        if not self._auto:
            return False
        for seat in self._auto:
            self._bots.pop(seat, None)
        self._auto = set()
        self._cancel_timer()
        return True

    # ------------------------------------------------------------------ what is drawn
    @property
    def game(self) -> AnyGame:
        """The game being drawn. Assigning a new game redraws the table."""
        return self._game

    @game.setter
    def game(self, game: AnyGame):
        with self._lock:
            self._checked_view(self._view, game)
            seats = len(self._game.players)
            self._drop_review()
            self._game = game
            if self._auto_wanted and len(game.players) != seats:
                self._drop_auto_bots()
                self._seat_bots("auto")
            self._changed()

    @property
    def view(self):
        """``"table"`` (every card open) or the seat whose view is drawn."""
        return self._view

    @view.setter
    def view(self, view):
        with self._lock:
            view = self._checked_view(view, self._game)
            if view != "table" and self._draft is not None:
                raise ValueError(_SEAT_EDIT)
            self._view = view
            if self._auto_wanted:  # the automatic bots follow the viewer: every seat but theirs
                self._drop_auto_bots()
                self._seat_bots("auto")
            self._sync()

    @staticmethod
    def _checked_view(view, game):
        if view == "table":
            return view
        if _is_int(view) and 0 <= view < len(game.players):
            return view
        raise ValueError(f'view must be "table" or a seat from 0 to {len(game.players) - 1}, not {view!r}')

    def _sync(self, message: str = ""):
        """Send the whole drawing again (one message to the browser)."""
        if self._draft is not None:
            self._sync_draft(message)
            return
        g, seat = self._game, self._view
        home = self.home if self.home is not None and 0 <= self.home < len(g.players) else None
        state, info = describe(g, seat, home=home)  # the learner's seat, if any, drawn at the bottom
        moves = g.legal_moves()
        if seat != "table":
            moves = [m for m in moves if m.player == seat]
            state.pop("seed", None)  # the seed would let a seat re-deal the hidden cards
        if home is not None:
            moves = [m for m in moves if m.player == home]
            info["home"] = home
        for s in self._bots:
            info["seats"][s]["bot"] = True
        info["bot_waiting"] = self._timer is not None
        info["editable"] = self.referee is None  # a lesson's position is not for editing
        info["editor_back"] = self._left_draft is not None  # Undo can go back to the editor
        info["step_off"], info["undo_off"] = self._tools_off()
        info["review_button"] = self._review_button()
        with self.hold_sync():
            self.state = state
            self.info = info
            self.legal = [_move_data(m, g.names) for m in moves]
            self.log = narration(g, seat)
            self.message = message
            self.hints = {}
            if self.table_mode != "play":
                self.table_mode, self.draft = "play", {}
            self.version += 1

    @traitlets.observe("message")
    def _plain_tone(self, _change):
        self.tone = ""  # a new message reads as a notice unless say() gives it a tone

    def say(self, message: str, tone: str = "") -> None:
        """Show ``message`` in the table; ``tone`` "good" (a right answer), "miss" (a legal move
        that misses a lesson's goal) or "info" (information: a hint, where the table is now)
        draws it in green, amber or blue instead of as a refusal."""
        if tone not in ("", "good", "miss", "info"):
            raise ValueError(f'tone is "", "good", "miss" or "info", not {tone!r}')
        with self.hold_sync():
            self.message = message
            self.tone = tone

    def _changed(self):
        """After a change of position: let seated bots move, then redraw."""
        self._cancel_timer()
        self._passed.clear()
        note = self._run_bots()
        self._sync()
        if note:
            self.say(note, "info")

    # ------------------------------------------------------------------ control from Python
    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a Move or its text) and redraw.

        A refused move is shown in the table and its :class:`IllegalMove` re-raised; the game
        is unchanged (schwechat with penalties: the warning or penalty card is the only change).
        """
        with self._lock:
            try:
                result = self._game.play(move)
            except IllegalMove as exc:
                text = exc.words  # who, what and why in one sentence, cards as the table draws them
                if getattr(self._game, "penalties", False):
                    self._sync(message=text)  # a warning or a penalty card may have been given
                else:
                    self.message = text
                raise
            self._changed()
            return result

    def undo(self) -> Move | None:
        """Take back the last move and redraw. Seated bots wait for the next :meth:`step` or
        move, so an undo is not played again at once. Raises IndexError when there is nothing
        to undo."""
        with self._lock:
            if self._draft is not None:
                self.message = "The table is being edited: there is no move to take back."
                raise IndexError("the table is being edited")
            if self._left_draft is not None and not self._game.history:
                self._open_editor(self._left_draft)  # back past "Play from here": the draft again
                self._sync()
                self.say("Back in the editor, at the position you drafted.", "info")
                return None
            try:
                if self._game.can_undo and self._game.history:
                    self._drop_review_of_this_game()
                move = self._game.undo()
            except IndexError:
                self.message = "There is nothing to undo."
                raise
            self._cancel_timer()
            self._sync()
            return move

    def step(self) -> Move | None:
        """The player to move plays one move: their seated bot's choice, else a random legal
        move. In setup, the first seat that still has something to do moves. Returns the move."""
        with self._lock:
            g = self._game
            if g.phase == "over":
                self.message = "The round is over."
                raise IllegalMove("the round is over")
            by_seat = self._moves_by_seat()
            if g.phase == "setup":
                seat = min(by_seat)
            else:
                seat = _to_move(g)
            choices = by_seat[seat]
            move = None
            if seat in self._bots:
                move = self._bots[seat][0].choose(g.view(seat), choices, self._rng)
            if move is None:
                move = self._rng.choice(choices)
            self.play(move)
            return move

    def seat_bot(self, seat: int, bot: str | Bot | None, delay: float = 0.6) -> None:
        """Let ``bot`` play ``seat`` (``bot=None`` hands the seat back to the person at the table).

        ``bot`` is any object with ``choose(view, legal_moves, rng) -> move`` or the name of one
        of :mod:`scheissekopf.bots` (``"random"``, ``"greedy"``). The bot moves ``delay`` seconds
        after it is its turn (or a jump-in chance comes); with ``delay=0`` it moves at once,
        before the call that gave it the turn returns.
        """
        with self._lock:
            if not (_is_int(seat) and 0 <= seat < len(self._game.players)):
                raise ValueError(f"there is no seat {seat!r}")
            if isinstance(bot, str):
                from .bots import get

                bot = get(bot)
            self._auto.discard(seat)  # a seat set by hand is no longer the automatic bots'
            if bot is None:
                self._bots.pop(seat, None)
            elif not callable(getattr(bot, "choose", None)):
                raise TypeError("a bot needs a choose(view, legal_moves, rng) method")
            else:
                self._bots[seat] = (bot, max(0.0, float(delay)))
            self._changed()

    def hint(self, seat: int | None = None, *, iterations: int | None = None, seed: int | None = None) -> Hint:
        """Rank ``seat``'s moves with :func:`scheissekopf.hint.hint` and show them in the table.

        ``seat`` defaults to the seat this table is seen by, else the player to move. The search
        takes ``hint_budget`` seconds (or ``iterations`` / ``hint_iterations`` playouts) and sees
        only ``game.view(seat)``. Returns the :class:`~scheissekopf.hint.Hint`; the rows stay in
        the table until the position changes.
        """
        with self._lock:
            g = self._game
            if seat is None:
                seat = self._view if self._view != "table" else _to_move(g)
            if not (_is_int(seat) and 0 <= seat < len(g.players)):
                raise ValueError(f"there is no seat {seat!r}")
            if g.phase == "over" or not any(m.player == seat for m in g.legal_moves()):
                self.message = agree(f"{seat_word(g.names, seat)} has no move to hint at now.", g.names)
                raise ValueError(self.message)
            from .hint import hint as search

            if iterations is None:
                iterations = self.hint_iterations
            found = search(g, seat, budget=self.hint_budget, seed=seed, iterations=iterations)
            self.hints = _hint_data(found, seat, self.version, settlement=variant_of(g).points_signed)
            return found

    @property
    def bots(self) -> dict:
        """The seated bots: {seat: bot}."""
        return {seat: bot for seat, (bot, _) in self._bots.items()}

    @classmethod
    def scene(cls, steps, **kwargs) -> "Scene":
        """A scripted walkthrough; see :class:`Scene`."""
        return Scene(steps, **kwargs)

    # ------------------------------------------------------------------ bots
    def _moves_by_seat(self) -> dict:
        by_seat: dict[int, list] = {}
        for m in self._game.legal_moves():
            by_seat.setdefault(m.player, []).append(m)
        return by_seat

    def _bot_choice(self):
        """``(seat, move)`` a seated bot plays now, or None. Out-of-turn chances (jump-ins) are
        offered first, from the player to move onwards, as in ``bots.play_round``."""
        g = self._game
        if g.phase == "over" or not self._bots:
            return None
        by_seat = self._moves_by_seat()
        if g.phase == "setup":
            seat = min(set(by_seat) & set(self._bots), default=None)
            if seat is None:
                return None
            return seat, self._bots[seat][0].choose(g.view(seat), by_seat[seat], self._rng)
        turn = _to_move(g)
        for seat in sorted(by_seat, key=lambda s: (s - turn) % g.n):
            if seat == turn or seat not in self._bots or seat in self._passed:
                continue
            move = self._bots[seat][0].choose(g.view(seat), by_seat[seat], self._rng)
            if move is not None:
                return seat, move
            self._passed.add(seat)
        if turn in self._bots and turn in by_seat:
            return turn, self._bots[turn][0].choose(g.view(turn), by_seat[turn], self._rng)
        return None

    def _bot_delay(self):
        """The delay before the next bot move, or None when no seated bot has anything to do."""
        g = self._game
        if g.phase == "over" or not self._bots:
            return None
        seats = set(self._moves_by_seat()) & set(self._bots) - self._passed
        return min((self._bots[s][1] for s in seats), default=None)

    def _run_bots(self) -> str:
        """Play zero-delay bots now and schedule the next delayed bot move. Returns a note for
        the table when a bot's move was refused ("" otherwise)."""
        if self._review_at is not None and not self._trying:
            return ""  # a position of the review waits for Try from here
        for _ in range(_MAX_BOT_MOVES):
            delay = self._bot_delay()
            if delay is None:
                return ""
            if delay > 0:
                token = object()
                self._timer = (token, _call_later(delay, lambda: self._bot_fires(token)))
                return ""
            played, note = self._bot_move()
            if not played:
                return note
        return ""

    def _bot_move(self) -> tuple[bool, str]:
        """One bot move: ``(played, note)``. A bot whose move is refused loses its seat."""
        choice = self._bot_choice()
        if choice is None:
            return False, ""
        seat, move = choice
        try:
            self._game.play(move)
        except IllegalMove as exc:
            self._bots.pop(seat, None)
            names = self._game.names
            note = f"The bot at {seat_word(names, seat)}'s seat tried a move the rules refuse ({exc.words}), so the seat is handed back."
            return False, agree(note, names)
        self._passed.clear()
        return True, ""

    def _bot_fires(self, token):
        with self._lock:
            if self._timer is None or self._timer[0] is not token:
                return  # the position changed since; a new move was scheduled
            self._timer = None
            played, note = self._bot_move()
            later = self._run_bots()
            if played or note:
                self._sync()
                if note or later:
                    self.say(note or later, "info")
            else:  # the bots let a jump-in chance go: nothing changed
                self.info = {**self.info, "bot_waiting": self._timer is not None}

    def _cancel_timer(self):
        if self._timer is not None:
            self._timer[1].cancel()
            self._timer = None

    # ------------------------------------------------------------------ the review of a round
    def review(
        self,
        seat: int | None = None,
        *,
        budget: float | None = None,
        iterations: int | None = None,
        seed: int | None = None,
    ) -> Review:
        """Review the finished round move by move (:func:`scheissekopf.review.review`) and show
        the review beside the table; returns the :class:`~scheissekopf.review.Review`.

        ``seat`` defaults to the seat the table is seen by (``view``), else the learner's seat
        (``home``), else the one seat that no bot plays, else every seat. Each move is judged
        from that seat's own view. ``budget`` (seconds for the whole review) and ``iterations``
        (playouts per judged move) default to :attr:`review_budget` and
        :attr:`review_iterations`. The Review button runs the same review in the background;
        this call waits for it. Raises ValueError, in one sentence shown in the table too,
        before the round is over or while a review runs.
        """
        with self._lock:
            try:
                seat = self._review_seat(seat)
                self._review_allowed(again=True)
            except _Refused as why:
                self.message = agree(str(why), self._game.names)
                raise ValueError(self.message) from None
            end, game, token = self._review_started(seat)
        try:
            found = self._judge(
                game, seat, budget, iterations, seed, lambda done, total: self._review_progress(token, done, total)
            )
        except ValueError as exc:
            self._review_failed(token, str(exc))
            raise
        self._review_done(token, end, found)
        return found

    def _judge(self, game, seat, budget, iterations, seed, progress) -> Review:
        """The review itself (``sk.review``), with the table's budget or playouts where none is asked."""
        from .review import review as judge

        budget = self.review_budget if budget is None else budget
        iterations = self.review_iterations if iterations is None else iterations
        return judge(
            game,
            seat,
            budget=budget if iterations is None else None,
            iterations=iterations,
            seed=seed,
            progress=progress,
        )

    @property
    def reviewed(self) -> Review | None:
        """The review shown beside the table (None: none, or one still running)."""
        return self._review

    def _review_seat(self, seat=None):
        """The seat to review: the one asked for, else the table's viewer, its learner, the one
        seat without a bot, else None (every seat)."""
        g = self._game
        n = len(g.players)
        if seat is not None:
            if not (_is_int(seat) and 0 <= seat < n):
                raise _Refused(f"There is no seat {seat!r} at this table: the seats are 0 to {n - 1}.")
            if self._view != "table" and seat != self._view:
                seen = seat_word(g.names, self._view)
                raise _Refused(f"This table is seen by {seen}: it reviews {seen}'s moves only.")
            return seat
        if self._view != "table":
            return self._view
        if self.home is not None and 0 <= self.home < n:
            return self.home
        people = [s for s in range(n) if s not in self._bots]
        return people[0] if len(people) == 1 else None

    def _review_allowed(self, again: bool = False) -> None:
        """_Refused, in one sentence, where the Review button can do nothing now (``again``: a
        review already shown may be made again, as :meth:`review` does)."""
        g = self._game
        word = variant_of(g).round_word
        if self.coach is not None or isinstance(self, Scene):
            raise _Refused(
                "A lesson's or a walkthrough's table has no review: review a round played at a table of its own."
            )
        if self._review_running:
            raise _Refused("The review is running: its moves appear beside the table when it is done.")
        if self._review_at is not None:
            raise _Refused(f"The review is open at an earlier position: press Back to the end of the {word} first.")
        if self._draft is not None:
            raise _Refused("The table is being edited: there is no played round to review.")
        if g.phase != "over":
            raise _Refused(f"The review comes once the {word} is over: play it to the end first.")
        if not g.history:
            raise _Refused(f"There is nothing to review: no move was played in this {word}.")
        if self._review is not None and not again:
            raise _Refused("The review of this round is shown beside the table: click a move to see it again.")

    def _review_button(self) -> bool:
        """Whether the tool bar offers Review: at an interactive table (not a lesson's or a
        walkthrough's) whose round is over, before its review is shown."""
        return (
            self.interactive
            and self.coach is None
            and not isinstance(self, Scene)
            and self._game.phase == "over"
            and bool(self._game.history)
            and self._review is None
        )

    def _review_started(self, seat) -> tuple[AnyGame, AnyGame, int]:
        """Mark a review as running (its progress bar shows); returns the game it reviews, the
        copy the search reads (the table's game is never touched by it) and its token."""
        self._drop_review()
        self._review_running = True
        end = self._game
        g = copy.deepcopy(end)
        who = "every seat" if seat is None else seat_word(g.names, seat)
        self.review_panel = {"state": "running", "done": 0, "total": 0, "who": who, "seat": seat}
        return end, g, self._review_token

    def _review_progress(self, token: int, done: int, total: int) -> None:
        with self._lock:
            if token == self._review_token and self._review_running:
                self.review_panel = {**self.review_panel, "done": done, "total": total}

    def _review_done(self, token: int, end, found: Review) -> None:
        with self._lock:
            if token != self._review_token or self._game is not end:
                return  # a new game or an undo came first: this review is of a game gone
            self._review_running = False
            self._review, self._review_end = found, end
            self._review_at, self._trying = None, False
            self._sync()  # the Review button goes
            self.review_panel = self._review_data()
            self.say("The review is ready beside the table: click a move to see the position before it.", "info")

    def _review_failed(self, token: int, words: str) -> None:
        with self._lock:
            if token != self._review_token:
                return
            self._review_running = False
            self.review_panel = {}
            self.message = agree(words, self._game.names)

    def _drop_review(self) -> None:
        """Forget the review (a new game, the editor): one still running is left to finish
        unseen; the position drawn is the caller's business."""
        self._review_token += 1
        self._review_running = False
        self._review, self._review_end, self._review_at, self._trying = None, None, None, False
        if self.review_panel:
            self.review_panel = {}

    def _drop_review_of_this_game(self) -> None:
        """Before a move of the reviewed (or running) game is taken back: the review goes. A
        position of the review (a copy) may take its own moves back."""
        if self._review_running or (self._review_end is not None and self._game is self._review_end):
            self._drop_review()

    def _stepped_words(self) -> str:
        assert self._review_at is not None
        return (
            f"This is the position before move {self._review_at + 1}, from the review: press Try from here "
            "to play on from it, or Back to the end."
        )

    def _review_request(self, action: str, content) -> None:
        if action == "review":
            seat = self._review_seat()
            self._review_allowed()
            self._review_in_background(seat)
        elif action == "review_move":
            self._review_move(content.get("ply"))
        elif action == "review_try":
            self._review_try()
        else:
            self._review_back()

    def _review_in_background(self, seat) -> None:
        """Start the review on a thread: the kernel keeps answering the table meanwhile. Its
        progress and result come back on the kernel's event loop where there is one."""
        end, game, token = self._review_started(seat)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None

        def post(fn) -> None:
            if loop is None:
                fn()
            else:
                with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
                    loop.call_soon_threadsafe(fn)

        def run() -> None:
            try:
                found = self._judge(
                    game,
                    seat,
                    None,
                    None,
                    None,
                    lambda done, total: post(lambda: self._review_progress(token, done, total)),
                )
            except ValueError as exc:
                words = str(exc)
                post(lambda: self._review_failed(token, words))
            except Exception:
                _log.exception("the table's review failed inside the program")
                post(lambda: self._review_failed(token, _FAILED))
            else:
                post(lambda: self._review_done(token, end, found))

        self._review_thread = threading.Thread(target=run, name="scheissekopf-review", daemon=True)
        self.say(f"Reviewing {self.review_panel['who']}'s moves\u2026", "info")
        try:
            self._review_thread.start()
        except RuntimeError:  # no threads here (Python in the browser, on the static site)
            self._review_thread = None
            run()  # the kernel answers again when the review is done

    def _review_move(self, ply) -> None:
        """Show the position before move ``ply`` of the reviewed game (a copy), the better move marked."""
        if self._review is None or self._review_end is None:
            if self._review_running:
                raise _Refused("The review is still running: wait until its moves appear beside the table.")
            raise _Refused("There is no review to step through: press Review once the round is over.")
        judged = {j.ply: j for j in self._review}
        if not _is_int(ply) or ply not in judged:
            raise _Refused(f"Malformed request: {ply!r} is not one of the reviewed moves.")
        end = self._review_end
        g = copy.deepcopy(end)
        try:
            while len(g.history) > ply:
                if g.undo() is None and len(g.history) > ply:
                    raise IndexError
        except (IndexError, ValueError):
            raise _Refused(_NO_RECORDS) from None
        self._cancel_timer()
        self._game = g
        self._review_at, self._trying = ply, False
        self._sync()
        self.review_panel = self._review_data()
        j = judged[ply]
        names = g.names
        who = seat_word(names, j.seat)
        if j.best is None or j.verdict in ("forced", "best"):
            said = f"Before move {ply + 1}: {who}'s move was the search's choice too."
        else:
            better = Writer(names, people=True).move(j.best)
            said = f"Before move {ply + 1}: the search would rather {better} (marked)."
        self.say(agree(said, names), "info")

    def _review_try(self) -> None:
        if self._review_at is None:
            raise _Refused("Click a move of the review first: Try from here plays on from the position before it.")
        if self._trying:
            raise _Refused("You are playing on from this position already: Back to the end returns to the review.")
        self._trying = True
        self._changed()
        self.review_panel = self._review_data()
        if not self.message:
            self.say(
                f"Playing on from before move {self._review_at + 1}: the seats with a bot play on. "
                "Back to the end returns to the round as it was played.",
                "info",
            )

    def _review_back(self) -> None:
        if self._review_end is None or self._review_at is None:
            word = variant_of(self._game).round_word
            raise _Refused(f"The table shows the end of the {word} already.")
        self._cancel_timer()
        self._game = self._review_end
        self._review_at, self._trying = None, False
        self._sync()
        self.review_panel = self._review_data()
        self.say(f"Back at the end of the {variant_of(self._game).round_word}, with its review.", "info")

    def _review_data(self) -> dict:
        """What the front end draws of the review (see the ``review_panel`` trait)."""
        r, end = self._review, self._review_end
        assert r is not None and end is not None
        names = end.names
        w = Writer(names, people=True)
        moves = []
        for j in r:
            said = w.move(j.move)
            moves.append(
                {
                    "ply": j.ply,
                    "number": j.ply + 1,
                    "seat": j.seat,
                    "verdict": j.verdict,
                    "mark": j.mark,
                    "words": j.words,
                    "move": said[:1].upper() + said[1:],
                }
            )
        best = None
        at = self._review_at
        if at is not None:
            j = next(j for j in r if j.ply == at)
            if j.best is not None and j.verdict not in ("forced", "best"):
                said = w.move(j.best)
                best = {
                    "seat": j.seat,
                    "kind": j.best.kind,
                    "cards": [str(c) for c in j.best.cards],
                    "index": j.best.index,
                    "text": str(j.best),
                    "words": said[:1].upper() + said[1:],
                }
        who = "every seat" if r.seat is None else seat_word(names, r.seat)
        return {
            "state": "ready",
            "who": who,
            "seat": r.seat,
            "summary": r.summary(),
            "moves": moves,
            "chart": _review_chart(r, names),
            "at": at,
            "best": best,
            "best_version": self.version,
            "trying": self._trying,
            "round_word": variant_of(end).round_word,
        }

    # ------------------------------------------------------------------ requests from the browser
    def _on_msg(self, _widget, content, _buffers=None):
        with self._lock:
            try:
                self._handle(content)
            except _Refused as exc:
                self.message = agree(str(exc), getattr(self._game, "names", ()))  # "You" reads "you"
            except IllegalMove:
                pass  # play() has put the engine's reason in the message
            except IndexError:
                if not (isinstance(content, dict) and content.get("action") == "undo"):
                    self._failed(content)
                # else undo() has said there is nothing to undo
            except InvalidPosition:
                pass  # the mode switch has shown why the draft is not a position
            except Exception:
                self._failed(content)
            finally:
                if isinstance(content, dict) and content.get("action") == "hint":
                    # always answer a hint request, so the button stops waiting even when the
                    # answer (a refusal with the same message as before) changes nothing else
                    self._asks += 1
                    self.hints = {**self.hints, "ask": self._asks}

    def _failed(self, content) -> None:
        """A request failed inside the program (a bug, not a refusal): the learner is told so in
        the table instead of being shown nothing, and the traceback goes to the log for a report."""
        _log.exception("the table's request %r failed inside the program", content)
        self.message = _FAILED

    def _actions(self):
        if self._draft is not None:
            return ("edit", "mode")
        tools = ("step", "undo", "hint", "mode") + (_LESSON_ACTIONS if self.coach is not None else ()) + _REVIEW_ACTIONS
        return variant_of(self._game).requests + tools

    def _handle(self, content):
        self._dispatch(self._check_request(content), content)

    def _dispatch(self, action, content):
        if action in _REVIEW_ACTIONS:
            self._review_request(action, content)
            return
        if self._review_at is not None and not self._trying and action != "hint":
            raise _Refused(self._stepped_words())
        if action == "mode" and self._review_at is not None:
            raise _Refused("A position of the review cannot be edited: press Back to the end first, then Edit.")
        if action == "step" and self.referee is not None:
            raise _Refused("Here you make the move yourself: pick your cards and press Play.")
        if action == "mode" and self.referee is not None:
            raise _Refused("A lesson's position cannot be edited: press Retry to start the exercise again.")
        if action == "undo" and self.coach is not None:
            raise _Refused("A lesson takes no moves back: press Retry to start the exercise again.")
        if action in _LESSON_ACTIONS:
            assert self.coach is not None  # _actions() offers them only then
            self.coach(action)
            return
        if action == "edit":
            self._edit_request(content)
        elif action == "mode":
            self._mode_request(content)
        elif action == "step" and self._view != "table":
            self._step_for_seat()
        elif action == "step":
            self.step()
        elif action == "undo" and self._view != "table":
            self._undo_for_seat()
        elif action == "undo":
            self._undo_for_people()
        elif action == "hint" and self.adviser is not None:
            self.adviser(self._hint_seat(content))
        elif action == "hint":
            try:
                self.hint(self._hint_seat(content))
            except ValueError as exc:
                if str(exc) != self.message:
                    raise
                raise _Refused(self.message) from None  # no move to hint at: hint() said so
        elif self.referee is not None:
            self.referee(self._move_text(action, content))
        else:
            self.play(self._move_text(action, content))

    def _hint_seat(self, content) -> int:
        n = len(self._game.players)
        player = content.get("player")
        if not (_is_int(player) and 0 <= player < n):
            raise _Refused(f"Malformed request: 'player' must be a seat from 0 to {n - 1}, not {player!r}.")
        if self._view != "table" and player != self._view:
            seen = seat_word(self._game.names, self._view)
            raise _Refused(f"This table is seen by {seen}: it gives hints to {seen} only.")
        return player

    def _undo_for_people(self):
        """Undo from the table's button: back to the last position where a person (not a bot)
        was to move, so the bots do not simply play their move again."""
        self.undo()
        g = self._game
        while g.history and g.phase == "play" and _to_move(g) in self._bots:
            self.undo()

    def _seat_name(self, seat: int) -> str:
        """The seat as the table names it: its name, else "Player <seat>"."""
        return seat_word(getattr(self._game, "names", None) or [], seat)

    def _step_for_seat(self):
        """Step from a table seen by one seat: only a seated bot's move, chosen by the bot from its
        own seat's view. Another person's move, and the viewer's own, are not the table's to make."""
        g = self._game
        by_seat = self._moves_by_seat()
        seat = self._seat_to_step(by_seat)
        move = self._bots[seat][0].choose(g.view(seat), by_seat[seat], self._rng)
        if move is None:
            raise _Refused(f"The bot at {self._seat_name(seat)} let its move pass.")
        self.play(move)

    def _seat_to_step(self, by_seat: dict) -> int:
        """The seated bot that Step moves at a table seen by one seat; else _Refused saying why
        Step can do nothing now (the same words the table shows beside the greyed-out button)."""
        g, me = self._game, self._view
        if g.phase == "over":
            raise _Refused(_over(g))
        if g.phase == "setup":
            seat = min(set(by_seat) & set(self._bots), default=None)
            if seat is None:
                if me in by_seat:
                    raise _Refused(f"Get your cards ready and press Ready: {_BOTS_ONLY}")
                raise _Refused(f"No bot has anything left to do in the setup. {_BOTS_ONLY}")
            return seat
        seat = _to_move(g)
        if seat == me:
            raise _Refused(f"It is your turn: choose your move. {_BOTS_ONLY}")
        if seat not in self._bots:
            other = self._seat_name(seat)
            raise _Refused(f"It is {other}'s turn, and {other} is not a bot here: {_BOTS_ONLY}")
        return seat

    def _tools_off(self) -> tuple[str, str]:
        """Why Step and why Undo can do nothing now ("" where they can): the front end greys the
        button out and says the reason beside it, so a click that could do nothing is never offered."""
        g = self._game
        step = ""
        if g.phase == "over":
            step = _over(g)
        elif self._view != "table":
            try:
                self._seat_to_step(self._moves_by_seat())
            except _Refused as why:
                step = agree(str(why), g.names)  # "You" reads "you"
        undo = ""
        if self._review_at is not None and not self._trying:
            return (
                "This is a position from the review: press Try from here to play on.",
                "Back to the end returns to the round as it was played.",
            )
        if self._left_draft is None:
            if not g.history and not g.can_undo:
                undo = "No move has been made yet."
            elif not g.can_undo:
                undo = _NO_RECORDS
            elif self._view != "table" and not any(m.player == self._view for m in g.history):
                undo = (
                    "You have made no move here yet: at a table seen by one seat, Undo takes back only your own moves."
                )
        return step, undo

    def _undo_for_seat(self):
        """Undo from a table seen by one seat: back to before that seat's last move (the moves
        made after it are taken back with it). A table seen by one seat takes back no other move."""
        g, me = self._game, self._view
        history = g.history
        if history and not g.can_undo:
            raise _Refused(_NO_RECORDS)
        last = next((i for i in range(len(history) - 1, -1, -1) if history[i].player == me), None)
        if last is None:
            if not history:
                raise _Refused("There is nothing to undo.")
            raise _Refused(
                "You have made no move here to take back: at a table seen by one seat, Undo takes back only "
                "your own moves (and what was played after them)."
            )
        self._drop_review_of_this_game()
        for _ in range(len(history) - last):
            g.undo()
        self._cancel_timer()
        self._sync()

    def _check_request(self, content) -> str:
        if not isinstance(content, dict):
            raise _Refused("Malformed request from the table (not an object); nothing was played.")
        action = content.get("action")
        if action not in self._actions():
            if action == "edit":
                raise _Refused("The table is not being edited: press Edit first.")
            if self._draft is not None and isinstance(action, str):
                raise _Refused("The table is being edited: press Play from here to play from this position.")
            raise _Refused(f"Unknown request {action!r} from the table; nothing was played.")
        version = content.get("version")
        if not _is_int(version):
            raise _Refused("Malformed request: it does not say which position it was made for; nothing was played.")
        if version != self.version:
            raise _Refused(
                "That click was made on an earlier position (the table has changed since); "
                "nothing was played. Please try again."
            )
        return str(action)

    def _move_text(self, action, content) -> str:
        n = len(self._game.players)
        player = content.get("player")
        if not (_is_int(player) and 0 <= player < n):
            raise _Refused(f"Malformed request: 'player' must be a seat from 0 to {n - 1}, not {player!r}.")
        if self._view != "table" and player != self._view:
            names = self._game.names
            raise _Refused(
                f"This table is seen by {seat_word(names, self._view)}: it cannot play for {seat_word(names, player)}."
            )
        if player in self._bots:
            raise _Refused(f"{seat_word(self._game.names, player)} is played by a bot.")
        try:
            return variant_of(self._game).request_text(self._game, action, player, content)
        except RequestRefused as why:
            raise _Refused(str(why)) from None

    # ------------------------------------------------------------------ display
    # ------------------------------------------------------------------ edit mode
    # The draft and its edits live in scheissekopf/editor.py; here only the switching between
    # the modes, the requests and what is synced.
    @classmethod
    def editor(cls, variant: str = "bitenight", players: int | None = None, names=None, **kwargs) -> "Table":
        """An empty table of ``variant`` in edit mode: every card in the palette (``names``: the
        seats' names, one per seat)."""
        position = empty_position(variant, players, names)
        table = cls(new_game(variant, players=len(position["players"]), seed=0), **kwargs)
        with table._lock:
            table._open_editor(Draft(position))
            table._sync()
        return table

    @property
    def mode(self) -> str:
        """``"edit"`` (a draft position is drawn and edited) or ``"play"``. Switching to play
        starts the game from the draft; it raises :class:`~scheissekopf.InvalidPosition` (and
        says why in the table) while the draft is not a position."""
        return "play" if self._draft is None else "edit"

    @mode.setter
    def mode(self, mode: str):
        with self._lock:
            self._check_mode(mode)
            if mode == "edit" and self._draft is None:
                self._open_editor(Draft(self._game.to_dict()), keep=self._game)
                self._sync()
            elif mode == "play" and self._draft is not None:
                self._play_draft()

    @property
    def position(self) -> dict:
        """The position being edited (a dict in the ``to_dict`` form; it may be impossible,
        see :attr:`draft_error`), or in play mode the game's position. Assigning a dict or a
        position text replaces the draft (edit mode only)."""
        if self._draft is None:
            return self._game.to_dict()
        return copy.deepcopy(self._draft.position)

    @position.setter
    def position(self, position: dict | str):
        """Raises :class:`~scheissekopf.InvalidPosition` for what the editor cannot hold (not a
        position dict or text at all) and leaves the table as it was; an impossible position
        is kept as the draft, with its error."""
        with self._lock:
            if self._draft is None:
                raise ValueError('the position can be set in edit mode only (table.mode = "edit")')
            with self._all_or_nothing(InvalidPosition):
                try:
                    if isinstance(position, str):
                        draft = Draft(self._draft.position)
                        draft.apply({"op": "paste", "text": position})
                    else:
                        draft = Draft(position)
                except EditRefused as exc:
                    raise InvalidPosition(str(exc)) from None
                self._draft = draft
                self._sync()

    @property
    def draft_error(self) -> str:
        """Why the draft is not a position (the engine's words), ``""`` when it is one or in
        play mode."""
        return "" if self._draft is None else self._draft.error

    @property
    def draft_words(self) -> str:
        """:attr:`draft_error` in card players' words, as the table shows it: cards as drawn
        (``2 copies of K♠``), seats by name; ``""`` when the draft is a position or in play mode."""
        return "" if self._draft is None else self._draft.words

    def edit(self, op: str, **fields) -> None:
        """Apply one edit to the draft, as the front end asks for it:
        ``table.edit("type", to={"zone": "hand", "seat": 0}, text="5H 9C")``,
        ``table.edit("set", field="turn", value=1)``... (see :mod:`scheissekopf.editor`).
        An edit that is not one raises :class:`~scheissekopf.editor.EditRefused`."""
        with self._lock:
            if self._draft is None:
                raise ValueError('the table is not being edited (table.mode = "edit")')
            try:
                with self._all_or_nothing(EditRefused):
                    self._draft.apply({**fields, "op": op})
                    self._sync()
            except EditRefused as exc:
                self.message = str(exc)
                raise

    def _check_mode(self, mode) -> None:
        if mode not in ("play", "edit"):
            raise ValueError(f'mode must be "play" or "edit", not {mode!r}')
        if mode == "edit" and self._view != "table":
            raise ValueError(_SEAT_EDIT)

    def _open_editor(self, draft: Draft, keep: AnyGame | None = None) -> None:
        self._cancel_timer()
        self._drop_review()
        self._draft = draft
        self._left_draft = None
        # the game to go back to when Play is pressed on the draft unchanged
        self._kept = (keep, copy.deepcopy(draft.position)) if keep is not None else None

    def _play_draft(self) -> None:
        """Play from here: the game is read from the draft before anything is switched, and a
        failure on the way leaves the table in the editor as it was."""
        draft = self._draft
        assert draft is not None
        if not draft.valid:
            self.message = _not_yet(draft.words)
            raise InvalidPosition(draft.error, draft.words)
        with self._all_or_nothing(InvalidPosition, _BROKEN_PLAY):
            kept = self._kept[0] if self._kept is not None and self._kept[1] == draft.position else None
            self._game = kept if kept is not None else from_dict(draft.position)
            self._draft = None  # an unchanged draft: the game goes on, history and all
            if kept is None:
                self._left_draft = draft
            self._kept = None
            self._changed()

    def _edit_request(self, content) -> None:
        assert self._draft is not None
        edit = {k: v for k, v in content.items() if k not in ("action", "version")}
        with self._all_or_nothing(_Refused):
            try:
                self._draft.apply(edit)
            except EditRefused as exc:
                raise _Refused(str(exc)) from None
            self._sync()

    def _mode_request(self, content) -> None:
        mode = content.get("mode")
        if mode not in ("play", "edit"):
            raise _Refused(f'Malformed request: \'mode\' is "play" or "edit", not {mode!r}.')
        if mode == "edit" and self._view != "table":
            raise _Refused(_SEAT_EDIT_WORDS)
        if mode == "play" and self._draft is not None and not self._draft.valid:
            raise _Refused(_not_yet(self._draft.words))
        with self._all_or_nothing(_Refused, _BROKEN_PLAY if mode == "play" else _BROKEN_EDIT_MODE):
            try:
                self.mode = mode
            except InvalidPosition as exc:
                raise _Refused(exc.words) from None
            except EditRefused:  # the game's own position could not be read back
                raise _Refused(_BROKEN_EDIT_MODE) from None

    @contextlib.contextmanager
    def _all_or_nothing(self, refusal: type[Exception], words: str = BROKEN_EDIT):
        """Around a change of the draft or of the mode: if anything is raised, the table (the
        draft, the game, every synced trait but the message) is put back exactly as it was.
        The project's own refusals then pass on as they are; any other exception is a failure
        inside the program and becomes a ``refusal`` with ``words`` (shown in the table)."""
        d = self._draft
        before = (d, None if d is None else (copy.deepcopy(d.position), d.error, d.game))
        kept = (self._game, self._left_draft, self._kept)
        traits = {k: getattr(self, k) for k in self.trait_names(sync=True) if not k.startswith("_")}
        try:
            yield
        except Exception as exc:
            self._draft, saved = before
            if d is not None and saved is not None:
                d.position, d.error, d.game = saved
            self._game, self._left_draft, self._kept = kept
            with self.hold_sync():
                for k, v in traits.items():
                    if k not in ("message", "tone") and getattr(self, k) != v:
                        setattr(self, k, v)
                if isinstance(exc, (_Refused, EditRefused, InvalidPosition)):
                    raise
                self.message = words
            raise refusal(words) from exc

    def _sync_draft(self, message: str = "") -> None:
        d = self._draft
        assert d is not None
        with self.hold_sync():
            self.draft = _draft_data(d)
            self.message = message
            self.hints = {}
            self.table_mode = "edit"
            self.version += 1

    def __repr__(self):
        g = self._game
        if self._draft is not None:
            d = self._draft
            state = "a position" if d.valid else "not a position yet"
            return f"{type(self).__name__}(editing {d.variant}, {d.n} players, {state})"
        view = "" if self._view == "table" else f", view=P{self._view}"
        return f"{type(self).__name__}({g.variant}, {len(g.players)} players, phase={g.phase}, turn=P{g.turn}{view})"

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        # Where no kernel runs (a notebook viewer, nbconvert), the picture stands in for the table:
        # in the editor, the position being built (not the game the table would go back to).
        data["text/html"] = (
            game_html(self._game, self._view, home=self.home) if self._draft is None else _draft_html(self._draft)
        )
        return data, metadata


def _draft_html(d: Draft) -> str:
    """The picture of a draft: its position as a table draws it, or, while it is not a position
    yet, what the editor says about it."""
    if d.game is not None:
        return game_html(d.game)
    note = html.escape(f"{d.variant}, being edited \u00b7 Not a position yet: {d.words}.")
    colour = "#8e1b1b"
    if not d.placed():  # an empty table is where everyone starts: what to do, not a fault
        note, colour = html.escape(f"{d.variant}, being edited \u00b7 {EMPTY_GREETING}"), "#1d3b66"
    header = f'<div style="font-size:13px;color:{colour};margin:0 4px 4px;font-weight:600">{note}</div>'
    felt = f'<div style="{felt_style("14px")}"><span style="padding:22px 0">the table is drawn here once this is a position</span></div>'
    return table_frame(header, "", felt, "", [])


def _review_chart(r, names) -> str:
    """The reviewed seat's chances after each of its judged moves, as the tutorial's charts draw
    a line (:func:`scheissekopf.charts.standings` as an SVG picture); "" when nothing was judged."""
    from .chart_svg import chart_svg
    from .charts import standings

    seats = sorted({j.seat for j in r}) if r.seat is None else [r.seat]
    last = max((j.ply for j in r), default=0) + 1
    series = {}
    for s in seats:
        values: list = [None] * (last + 1)
        for ply, value in r.chances(s):
            values[ply + 1] = value
        series[seat_word(names, s)] = values
    y = "chance" if r.measure == "win" else "stakes"
    title = f"{r.measure_words[:1].upper()}{r.measure_words[1:]}"
    chart = standings(series, title=title, x="after move", y=y)
    if not chart or chart.spec is None:
        return ""
    chart.spec["width"], chart.spec["height"] = 380, 150  # a move number's room each, small beside the table
    return chart_svg(chart)


def _over(game) -> str:
    """Why Step can do nothing once the game has ended (a trick game's round is a hand)."""
    return f"The {variant_of(game).round_word} is over."


_FAILED = "That did not work: something went wrong inside the program (a bug; please report it)."
_NO_RECORDS = "This position was copied with its moves already made: there is no move here that Undo can take back."
_BOTS_ONLY = "Step plays only the computer's moves at a table seen by one seat."
_SEAT_EDIT_WORDS = (
    'A table seen by one seat cannot be edited: the editor shows every card. Edit at a table with view="table".'
)
_SEAT_EDIT = 'edit mode needs view="table": ' + _SEAT_EDIT_WORDS


_BROKEN_PLAY = (
    "Play from here failed inside the program (a bug, please report it): the table stays in the "
    "editor, at the position you drafted."
)
_BROKEN_EDIT_MODE = (
    "Opening the editor failed inside the program (a bug, please report it): the game goes on as it was."
)


def _not_yet(error: str) -> str:
    return f"Not a position yet: {error}. Play stays off until that is fixed."


_DECK_WORDS: dict = {}


def _deck_words(variant: str, players: int) -> dict:
    """Every card of ``variant``'s pack as people say it: ``"10H"`` -> ``"10♥"``, ``"EO"`` ->
    ``"Eichel-Ober"``."""
    key = (variant, players)
    if key not in _DECK_WORDS:
        _DECK_WORDS[key] = {str(c): card_word(c) for c in deck(variant, players)}
    return _DECK_WORDS[key]


def _draft_data(d: Draft) -> dict:
    """What the front end draws of a draft: the position, the palette, the engine's verdict, and
    the zones and controls the variant has (:meth:`~scheissekopf.editor.Draft.layout`)."""
    facts = variant_of(d.variant).editor_facts(d.n)
    lo, hi, cards = facts["min_players"], facts["max_players"], facts["cards"]
    phases, modes, columns = facts["phases"], facts["modes"], facts["columns"]
    return {
        "variant": d.variant,
        "game": variant_of(d.variant).family,
        "family": cards,
        "position": copy.deepcopy(d.position),  # not the draft itself: a failed edit must not show
        "palette": [str(c) for c in d.palette()],
        "card_words": _deck_words(d.variant, d.n),  # each card as people say it (the tooltips)
        "error": str(d.error),
        "words": d.words,  # the error as the table shows it: cards as drawn, seats by name
        "greeting": EMPTY_GREETING,  # what an empty table says (written once, in the editor)
        "valid": d.valid,
        "text": d.text(),
        "players": d.n,
        "min_players": lo,
        "max_players": hi,
        "columns": columns,
        "phases": phases,
        "modes": modes,
        "rows": dict(zip(("top", "bottom"), seat_rows(d.n, 0))),  # where the seats sit in play, too
        **d.layout(),  # the zones, the controls and their choices, as the variant has them
    }


def _move_data(m, names=None) -> dict:
    """A legal move as the front end reads it; given the seats' ``names``, also ``words``: what
    the move does, as a button says it ("Bid a solo", "Call Gras-Ass", "Show the joker to Ben")."""
    target = m.target
    if target is not None and type(target) is not int:
        target = str(target)  # a card or a word (trick games); a seat stays a number
    data = {
        "text": str(m),
        "player": m.player,
        "kind": m.kind,
        "cards": [str(c) for c in m.cards],
        "target": target,
        "index": m.index,
    }
    if names is not None:
        said = Writer(names, people=True).move(m)
        data["words"] = said[:1].upper() + said[1:]
    return data


def _hint_data(found, seat, version, settlement=False) -> dict:
    """What the table shows of a hint: the ranked moves and how much search stands behind them.
    ``measure`` says what ``win`` and ``points`` are: ``"scheisskopf"`` (the chance of not being
    the Scheißkopf, points of the round) or ``"settlement"`` (trick games: the chance of not
    losing money on the hand, its mean settlement in game units)."""
    rows = []
    for r in found:
        m = r["move"]
        rows.append(
            {
                "text": r["text"],
                "words": r["words"],
                "kind": None if m is None else m.kind,
                "cards": [] if m is None else [str(c) for c in m.cards],
                "index": None if m is None else m.index,
                "win": round(float(r["win"]), 4),
                "points": None if r["points"] is None else round(float(r["points"]), 2),
                "visits": r["visits"],
            }
        )
    return {
        "seat": seat,
        "rows": rows,
        "playouts": found.playouts,
        "seconds": round(found.seconds, 3),
        "version": version,
        "measure": "settlement" if settlement else "scheisskopf",
    }


class Scene(Table):
    """A scripted walkthrough: a table with a caption and Back / Next buttons.

    ``steps`` is a list of ``(position, caption)`` or ``(position, [moves], caption)``, where a
    position is a Game or a position dict. A step with moves shows the position after them and
    marks their events in the log. The moves are played when the scene is built, so a script
    with a refused move fails at once (IllegalMove). Each step starts from its own copy, so
    trying moves at an interactive scene (``interactive=True``) never changes the script.
    """

    caption = traitlets.Unicode("").tag(sync=True)
    scene_step = traitlets.Int(0).tag(sync=True)
    scene_steps = traitlets.Int(0).tag(sync=True)
    log_mark = traitlets.Int(0).tag(sync=True)

    def __init__(self, steps, view="table", *, seed=None, interactive: bool = False, **kwargs):
        self._steps = [self._prepare(item) for item in steps]
        if not self._steps:
            raise ValueError("a scene needs at least one step")
        first, mark, caption = self._steps[0]
        kwargs.setdefault("bots", None)  # a walkthrough's seats are its script's, even seen by one seat
        super().__init__(
            first.clone(),
            view,
            seed=seed,
            interactive=interactive,
            caption=caption,
            scene_steps=len(self._steps),
            log_mark=mark,
            **kwargs,
        )

    @staticmethod
    def _prepare(item):
        if not isinstance(item, (tuple, list)) or len(item) not in (2, 3):
            raise ValueError(f"a scene step is (position, caption) or (position, moves, caption), not {item!r}")
        position, *moves, caption = item
        game = Game.from_dict(position) if isinstance(position, dict) else position.clone()
        mark = len(game.log)
        for move in moves[0] if moves else ():
            game.play(move)
        return game, mark, str(caption)

    def go(self, index: int):
        """Show step ``index`` (0-based)."""
        with self._lock:
            if not (_is_int(index) and 0 <= index < len(self._steps)):
                raise IndexError(f"this scene has steps 0 to {len(self._steps) - 1}, not {index!r}")
            game, mark, caption = self._steps[index]
            with self.hold_sync():
                self.caption = caption
                self.scene_step = index
                self.log_mark = mark
                self.game = game.clone()

    def next(self):
        """Show the next step (stays on the last)."""
        self.go(min(self.scene_step + 1, len(self._steps) - 1))

    def back(self):
        """Show the previous step (stays on the first)."""
        self.go(max(self.scene_step - 1, 0))

    def _actions(self):
        return super()._actions() + ("next", "back")

    def _dispatch(self, action, content):
        if action == "next":
            self.next()
        elif action == "back":
            self.back()
        else:
            super()._dispatch(action, content)

    def __repr__(self):
        g = self._game
        return (
            f"Scene({len(self._steps)} steps, step {self.scene_step + 1}: {g.variant}, "
            f"{len(g.players)} players, phase={g.phase}, turn=P{g.turn})"
        )
