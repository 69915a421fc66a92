"""Machinery every game family shares: the lazy list of legal moves, the undo record, the
history, the event log and the record of the moves offered, which lets ``play()`` trust a move
it has just offered.

A game class derives from :class:`Recorded`, names its scalar fields in ``_SCALARS`` and
provides ``_raw_moves()`` (legal moves as tuples ``(player, kind, cards, target, index)``,
``cards`` itself a tuple), ``_resolve(move)`` (check a move and return it, or raise
IllegalMove) and ``_apply(move)``. Everything it changes goes through the journal,
a flat list of pairs written with two appends: the list, then its old length before appending to
it (``self._j.append(lst)``, ``self._j.append(len(lst))``) or its old contents before removing
from it (``_save(lst)`` does that). Two appends cost about half of ``self._j += (lst, old)``,
which builds a tuple first, and the journal is written several times on every move.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any

from .cards import CARDS
from .errors import IllegalMove
from .events import Event
from .moves import Move, _Draft

_BYTE_CARDS = CARDS + [None] * (256 - len(CARDS))  # a saved zone's byte -> its card (255: empty slot)
_new_tuple = tuple.__new__
_new_object = object.__new__
_raw_item = list.__getitem__  # an offer's tuple as generated (LegalMoves' own list storage)


class _AsList(Sequence):
    """A read-only sequence that compares equal to, and prints as, the list of its items."""

    __slots__ = ()

    def __eq__(self, other):
        if isinstance(other, (_AsList, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self):
        return repr(list(self))


def _read_only(self, *args, **kwargs):
    raise TypeError("the legal moves are read-only: copy them with list(moves) to change them")


def _unordered(self, other):
    return NotImplemented


def serving(move_class):
    """``LegalMoves.__getitem__`` for moves of `move_class` (a family's subclass of :class:`Move`);
    the class is a closure variable, as cheap to read as a global."""

    def __getitem__(self, i):
        m = self._items[i]
        if type(m) is tuple:
            # moves.offered written out (this runs once per move a bot plays): a writable
            # draft filled in with plain slot stores, then switched to the read-only class
            mv = _new_object(_Draft)
            mv.player, mv.kind, mv.cards, mv.target, mv.index = m
            mv._stamp = i  # where the offer stands: play() compares the move with it
            mv.__class__ = move_class
            self._items[i] = m = mv
        elif type(m) is list:  # a slice
            return [self[j] for j in range(*i.indices(len(self._items)))]
        return m

    return __getitem__


class LegalMoves(list):
    """The legal moves, one per distinct outcome, as a read-only sequence (``len``, indexing,
    slices, iteration, ``random.choice``). ``move in legal`` also accepts an equivalent move
    naming other suits of the same rank (``"P1 9D"`` when ``"P1 9C"`` is listed), and move text.

    Moves are generated as plain tuples and become :class:`Move` objects only when looked at, so
    a bot that picks one of forty setup moves pays for one. The class derives from ``list`` for
    one reason: ``len()`` is then the list's own, which ``random.choice`` asks twice a move (a
    Python ``__len__``, called from C, cost about 2 % of a random move). The list holds the
    tuples as generated and is never changed; every read goes through the methods below, which
    serve the moves from ``_items``. Build one with :meth:`of`.

    That list is also what ``play()`` trusts: a served move keeps its place in the list (its
    ``_stamp``), and the game keeps the list of the last ``legal_moves()`` it made in this
    position. A move whose fields equal the tuple at its place is one the game offered, whatever
    was done to the Move object since.
    """

    __slots__ = ("_items", "_game")
    _items: list
    _game: Any

    @classmethod
    def of(cls, items, game):
        """The legal moves `items` (tuples (player, kind, cards, target, index) with `cards` a
        tuple) of `game`."""
        legal = cls(items)  # (list's own constructor: no Python call)
        legal._items = items
        legal._game = game
        return legal

    __getitem__ = serving(Move)

    def __iter__(self):
        for i in range(len(self._items)):
            yield self[i]

    def __reversed__(self):
        for i in range(len(self._items) - 1, -1, -1):
            yield self[i]

    def __contains__(self, move):
        if isinstance(move, Move) and any(m == move for m in self):
            return True
        return self._game.is_legal(move)

    def index(self, move, *bounds):
        return list(self).index(move, *bounds)

    def count(self, move):
        return list(self).count(move)

    def copy(self):
        """The moves as a plain list."""
        return list(self)

    __eq__ = _AsList.__eq__
    __repr__ = _AsList.__repr__

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __lt__ = __le__ = __gt__ = __ge__ = _unordered
    __hash__ = None

    def __add__(self, other):
        return list(self) + list(other)

    def __radd__(self, other):
        return list(other) + list(self)

    def __mul__(self, k):
        return list(self) * k

    __rmul__ = __mul__

    def __reduce__(self):  # copies and pickles are plain lists of moves
        return (list, (list(self),))

    append = extend = insert = remove = pop = clear = sort = reverse = _read_only
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only


class EventLog(_AsList):
    """A game's event log: a read-only sequence of :class:`Event` (``len``, indexing, slices,
    iteration). The game records each event as a plain tuple, which costs a fraction of an
    Event object; the Event is made when the log is read."""

    __slots__ = ("_raw", "_cls")

    def __init__(self, raw, cls=Event):
        self._raw = raw
        self._cls = cls

    def __len__(self):
        return len(self._raw)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [_new_tuple(self._cls, t) for t in self._raw[i]]
        return _new_tuple(self._cls, self._raw[i])

    def __iter__(self):
        cls = self._cls
        for t in self._raw:
            yield _new_tuple(cls, t)


class Recorded:
    """Base of a game state whose every change is recorded, so that undo is exact and cheap.

    A subclass may name all its fields in ``__slots__`` (the shedding game does): CPython then
    reads and writes them at fixed offsets, where an instance dictionary of more than 30 keys
    stops the interpreter specialising attribute and method lookups. Such a class gets a
    generated ``_copy_fields(other)`` for its clones.
    """

    __slots__ = ("_j", "_jmark", "_irrev", "_records", "history", "_log", "_offer")
    _SCALARS: tuple = ()
    _EVENT = Event  # the class the log's events are read as

    # what a game class provides (see the module's docstring)
    def _raw_moves(self) -> list:
        raise NotImplementedError

    def _resolve(self, move: Any) -> Move:
        raise NotImplementedError

    def _apply(self, move: Move) -> None:
        raise NotImplementedError

    # generated for each game class by __init_subclass__ (below)
    def _get_scalars(self) -> tuple:
        raise NotImplementedError

    def _copy_fields(self, other: Any) -> None:
        raise NotImplementedError

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "_SCALARS" in cls.__dict__:
            # a plain method reading each field (`(self.turn, self.phase, ...)`): the
            # interpreter specialises these attribute reads, which a generic getter cannot have
            fields = "".join(f"self.{name}, " for name in cls._SCALARS)
            cls._get_scalars = eval(f"lambda self: ({fields})")
        if "__slots__" in cls.__dict__ and "__dict__" not in cls.__slots__:
            names = [
                name for k in reversed(cls.__mro__) for name in k.__dict__.get("__slots__", ()) if name != "__weakref__"
            ]
            src = "def _copy_fields(self, other):\n" + "".join(f"    other.{n} = self.{n}\n" for n in names)
            space = {}
            exec(src, space)
            cls._copy_fields = space["_copy_fields"]

    @staticmethod
    def _seat_names(names, players):
        """The seats' names as a tuple of strings (P0, P1, ... by default)."""
        if names is None:
            names = [f"P{i}" for i in range(players)]
        if len(names) != players:
            raise ValueError(f"{len(names)} names for {players} players")
        return tuple(str(x) for x in names)

    def _init_record(self):
        # the undo journal, one flat list for the whole game: (list, its old length or old
        # contents) pairs, move after move; each move's record keeps where its part starts.
        # One list, not one per move: the garbage collector would walk every one of them.
        self._j = []
        self._jmark = 0  # where the move being applied starts in the journal
        self._irrev = False  # did this move change something that never comes back?
        self._records = []
        self.history = []
        self._log = []  # events as plain tuples (see EventLog)
        self._offer = None  # the legal moves last offered in this position (see LegalMoves)

    @property
    def log(self) -> EventLog:
        """What happened and why, event by event (a read-only sequence of :class:`Event`)."""
        return EventLog(self._log, self._EVENT)

    # ------------------------------------------------------------------ playing
    def legal_moves(self) -> LegalMoves:
        """Every move any player may make now."""
        items = self._raw_moves()
        legal = LegalMoves(items)  # (LegalMoves.of written out: this runs every move)
        legal._items = items
        legal._game = self
        self._offer = legal
        return legal

    def _offered(self, move) -> bool:
        """Is `move` one that legal_moves() offered in this position, with the fields offered?
        (Compared with the game's own copy of the offer, so an edited Move is not trusted: each
        field must be the very object offered, as a served move's are. An equal value of another
        type is not the offer: ``True == 1``, but a bool is not a seat.)"""
        try:
            row = _raw_item(self._offer, move._stamp)
            return (
                row[2] is move.cards
                and row[0] is move.player
                and row[1] is move.kind
                and row[3] is move.target
                and row[4] is move.index
            )
        except (TypeError, IndexError, AttributeError):  # no offer here, or not an offered move
            return False

    def is_legal(self, move: Move | str) -> bool:
        """Would :meth:`play` accept this move (or its text)?"""
        try:
            self._resolve(move)
        except IllegalMove:
            return False
        return True

    def play(self, move: Move | str) -> Move:
        """Play a :class:`Move` or its text. Raises :class:`IllegalMove` and changes nothing.
        Should anything else go wrong while the move is applied, the position is put back as
        it was before the move and the error is raised."""
        fresh = True
        if type(move) is Move:
            try:  # _offered written out (this runs every move): offered here, each field the one offered?
                row = _raw_item(self._offer, move._stamp)  # type: ignore[arg-type]
                fresh = (
                    row[2] is not move.cards
                    or row[0] is not move.player
                    or row[1] is not move.kind
                    or row[3] is not move.target
                    or row[4] is not move.index
                )
            except (TypeError, IndexError, AttributeError):  # no offer in this position, or a move made by hand
                pass
        if fresh:
            try:
                move = self._resolve(move)
            except IllegalMove as exc:
                self._refused(exc)
                raise
        self._jmark = len(self._j)  # open the move's record (see _begin)
        self._irrev = False
        scalars = self._get_scalars()
        log_len = len(self._log)
        try:
            self._apply(move)  # type: ignore[arg-type]
            extra = self._commit()
        except BaseException:
            self._roll_back(scalars, log_len)
            raise
        # the record (the layout _record_change writes too; undo reads it)
        records = self._records
        records += (move, self._jmark, log_len, extra)
        records += scalars
        self.history.append(move)
        self._offer = None
        return move  # type: ignore[return-value]

    def _unrecorded(self):
        """A function that plays one of the engine's tuples (as ``_raw_moves()`` just made them
        in the position it is played in) and keeps no record of it: no undo journal, no history,
        no offer check (a tuple generated here is legal here). It is for a playout on a copy
        that is thrown away afterwards, where the record cost about a fifth of a playout's
        instructions and nothing read it. The game's undo record is dropped first, so ``undo()`` says there is
        nothing to undo rather than restoring a wrong position; ``history`` keeps the moves made
        before and none after. The event log is kept (a test compares it with a recorded game's,
        event for event)."""
        self._records.clear()
        j = self._j
        j.clear()
        apply, commit = self._apply, self._commit
        mv = _new_object(_Draft)  # one reusable move: _apply reads its fields and keeps nothing

        def play_row(row):
            mv.player, mv.kind, mv.cards, mv.target, mv.index = row
            self._jmark = 0
            self._irrev = False
            self._offer = None  # (a stale offer must never be trusted by play())
            apply(mv)
            commit()
            j.clear()

        return play_row

    def _roll_back(self, scalars, log_len):
        """Put back what a move that failed half-way changed (its journal, scalars and events)."""
        self._journal_undo(self._j, self._jmark)
        for name, value in zip(self._SCALARS, scalars):
            setattr(self, name, value)
        del self._log[log_len:]
        self._after_undo()
        self._offer = None

    def _refused(self, exc):
        """Hook: a move was refused (schwechat's penalty rule acts here)."""

    # ------------------------------------------------------------------ the record
    def _begin(self):
        self._jmark = len(self._j)
        self._irrev = False
        return self._get_scalars()

    def _commit(self):
        """Hook: close the move just applied (the shedding game counts the position for its
        stalemate rule). Returns what undo needs to take that back (see _undo_extra), or None."""
        return None

    def _record_change(self, scalars, log_len):
        """Close the record of a change that is not a move (a penalty card: undo takes it back
        like a move, and it has no move in the history). play() writes a move's record itself.
        The record is one flat list, a fixed number of slots per entry: every object it kept per
        move would be one more for the garbage collector to walk, and it lives as long as the
        game."""
        records = self._records
        records += (None, self._jmark, log_len, None)
        records += scalars
        self._offer = None

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a move to take back (a copy of a game, or a game read from
        a position, starts with none even where its history has moves)."""
        return bool(self._records)

    def undo(self) -> Move | None:
        """Take back the last move. Returns the move taken back."""
        if not self._records:
            raise IndexError("nothing to undo")
        width = 4 + len(self._SCALARS)
        record = self._records[-width:]
        del self._records[-width:]
        move, mark, log_len, extra = record[:4]
        scalars = record[4:]
        self._undo_extra(extra)
        self._journal_undo(self._j, mark)
        for name, value in zip(self._SCALARS, scalars):
            setattr(self, name, value)
        del self._log[log_len:]
        self._after_undo()
        if move is not None:
            self.history.pop()
        self._offer = None
        return move

    @staticmethod
    def _journal_undo(ops, start=0):
        """Put back every list the journal `ops` saved from index `start` on, newest first, and
        drop those entries. The journal is flat — list, then its old length (an int) or old
        contents (a tuple, or bytes of card codes), and so on — so a move's record adds no
        small objects for the garbage collector to walk. One more form: a tuple of cards, then
        the sorted list they were taken from (the cards go back in, in order)."""
        for i in range(len(ops) - 2, start - 1, -2):
            lst, old = ops[i], ops[i + 1]
            if type(old) is int:
                del lst[old:]
            elif type(lst) is tuple:  # (cards, sorted list they were taken from)
                for c in lst:
                    insort(old, c)
            elif type(old) is bytes:  # cards saved as their codes
                lst[:] = [_BYTE_CARDS[b] for b in old]
            else:
                lst[:] = old
        del ops[start:]

    def _undo_extra(self, extra):
        """Hook: undo what `_commit` kept in the record's extra slot."""

    def _after_undo(self):
        """Hook: drop caches."""

    def _save(self, lst):
        """Keep a copy of `lst` in the record before changing it in place (a tuple: the
        garbage collector stops tracking tuples of plain values)."""
        self._j.append(lst)
        self._j.append(tuple(lst))

    def _set(self, lst, i, value):
        self._j.append(lst)
        self._j.append(tuple(lst))
        lst[i] = value

    def _note(self, kind, player, *args):
        # a plain tuple laid out as an Event: the log makes the Event when it is read
        self._log.append((kind, player, self.names) + args)

    def _new_stamp(self):
        """Forget the moves offered: the position was changed or copied."""
        self._offer = None
