"""Named goals: what a move must do to solve an exercise.

A :class:`Check` has a ``name`` ("the stack burned") and ``miss(outcome)``, which returns None
when the move met the goal and otherwise says why not, in a card player's words, from what
actually happened: the events the move caused (``game.log``) and the position after it. The
exercise puts "Legal, but " in front: "Legal, but the 9 does not burn: four 9s are needed in a
row, there are three."

Checks combine with ``&`` (both must hold; the first miss is said). Most take ``why``: a
sentence added to every miss, for what the position teaches that the events cannot say.

In a ``view`` exercise (the learner sees only their seat) the messages name no card that seat
cannot see; the verdict itself is the engine's, made on the real game.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..cards import RANK_TEXT
from ..variants import variant
from ..words import Writer, card_word

_NUMBER = {0: "none", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


# ------------------------------------------------------------------------------- words
def rank(card) -> str:
    """A shedding card's rank as written on it: '9', '10', 'Q', 'JK'."""
    return RANK_TEXT[card.rank]


_RANK_WORDS = {11: "jack", 12: "queen", 13: "king", 14: "ace", 15: "joker"}


def rank_word(card) -> str:
    """A shedding card's rank as a card player says it: '9', '10', 'queen', 'ace', 'joker'.

    >>> from scheissekopf.cards import Card
    >>> rank_word(Card.parse("AS")), rank_word(Card.parse("10H"))
    ('ace', '10')
    """
    return _RANK_WORDS.get(card.rank, RANK_TEXT[card.rank])


def a(word: str) -> str:
    """'a 9', 'an 8', 'an ace'."""
    return ("an " if word[:1] in ("8", "A", "a") else "a ") + word


def plural(word: str) -> str:
    return "jokers" if word == "JK" else word + "s"


def either(words) -> str:
    """'8♠', '8♠ or 9♠', '8♠, 9♠ or K♦'."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


_PEOPLE = Writer(people=True)


def cards_text(cards) -> str:
    """Cards as the table draws them: '4♣ Q♠ 10♥', 'Gras-Unter, Eichel-Ober'."""
    return _PEOPLE.cards(cards)


def _third(verb: str) -> str:
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return verb + "es"
    return verb + "s"


def _as_you(text: str, name: str) -> str:
    """The log's result sentence with the learner's name as 'you': 'P1 and P3 lose' ->
    'you and P3 lose', 'P1 wins' -> 'you win'."""
    n = re.escape(name)
    text = re.sub(rf"^{n} (win|lose)s\b", r"you \1", text)
    text = re.sub(rf"^{n} and ", "you and ", text)
    return re.sub(rf" and {n}(?= )", " and you", text)


def units(x) -> str:
    """A settlement in game units: '+2', '-1', '+2/3'."""
    if isinstance(x, Fraction) and x.denominator != 1:
        return ("+" if x > 0 else "") + str(x)
    x = int(x)
    return f"+{x}" if x > 0 else str(x)


# ------------------------------------------------------------------------------- outcome
class Outcome:
    """What one move did, for a check to read: ``before`` (a copy of the position before the
    move), ``after`` (the position after it), ``move`` (as played), ``events`` (the log entries
    it caused), ``seat`` (the learner) and ``view`` (does the learner see only that seat?)."""

    def __init__(self, before, after, move, events, seat, view=False):
        self.before = before
        self.after = after
        self.move = move
        self.events = list(events)
        self.seat = seat
        self.view = view

    # words
    def who(self, seat) -> str:
        return "you" if seat == self.seat else self.after.names[seat]

    def does(self, seat, verb: str) -> str:
        """'you take' / 'P2 takes'."""
        return f"you {verb}" if seat == self.seat else f"{self.after.names[seat]} {_third(verb)}"

    # what happened
    def said(self, kind) -> list:
        return [e for e in self.events if e.kind == kind]

    @property
    def burned(self) -> bool:
        return bool(self.said("burn"))

    def takers(self) -> list:
        """Seats that took the stack in this move (a take, or the target of a joker)."""
        seats = [e.player for e in self.said("take")]
        seats += [e.args[0] for e in self.said("joker")]
        return seats

    def played_cards(self) -> tuple:
        """The cards the move put on the stack or the trick (a turned gamble card too)."""
        for e in self.events:
            if e.kind in ("play", "jump-in", "flip", "card", "partner") and e.cards:
                return e.cards
        return tuple(self.move.cards)

    def last_trick(self):
        """The trick this move finished, or None."""
        return self.after.tricks[-1] if self.said("trick") else None

    def side(self, seat) -> set:
        """The seats on `seat`'s side of a trick game (the declaring side, or the others)."""
        g = self.after
        decl = set(g.declarers)
        return decl if seat in decl else set(range(g.n)) - decl

    def alternatives(self):
        """[(move, position after it)] for each legal move the learner had instead."""
        out = []
        for m in self.before.legal_moves():
            if m.player == self.seat:
                g = self.before.clone()
                g.play(m)
                out.append((m, g))
        return out


class Check:
    """A named goal (see the module docstring)."""

    def __init__(self, name: str, miss, why: str | None = None):
        self.name = name
        self._miss = miss
        self.why = why

    def miss(self, outcome: Outcome):
        """None when the move met the goal, else why not (a clause: the exercise writes
        "Legal, but <clause>.")."""
        text = self._miss(outcome)
        if text is not None and self.why:
            text = f"{text}. {self.why}"
        return text

    def __and__(self, other: "Check") -> "Check":
        def miss(o):
            return self.miss(o) or other.miss(o)

        return Check(f"{self.name} and {other.name}", miss)

    def __repr__(self):
        return f"<Check: {self.name}>"


# ------------------------------------------------------------------------------- any game
def moves(*solutions, why: str = "that is not the move the goal asks for", misses=None) -> Check:
    """The move must be one of `solutions` (move text). Where the variant tells a play by its
    ranks (the shedding games) a play is matched by them (9C or 9D: the same play). `misses` maps move text to a clause for that wrong
    move; every other miss says `why`."""
    misses = dict(misses or {})

    def resolve(o, text):
        if not re.match(r"\s*P\d+\b", text, re.IGNORECASE):
            text = f"P{o.seat} {text}"  # bare text: the learner's move
        return o.before.clone().play(text)

    def miss(o):
        by_rank = variant(o.after).plays_by_rank
        if any(_same(o.move, resolve(o, s), by_rank) for s in solutions):
            return None
        for text, clause in misses.items():
            if _same(o.move, resolve(o, text), by_rank):
                return clause
        return why

    return Check("the move " + " or ".join(solutions), miss)


def _same(x, y, by_rank) -> bool:
    if (x.player, x.kind, x.target, x.index) != (y.player, y.kind, y.target, y.index):
        return False
    if by_rank and x.kind == "play":
        return sorted(c.rank for c in x.cards) == sorted(c.rank for c in y.cards)
    if x.kind == "swap":  # (the hand card, then the bank card: swapped the other way is another move)
        return list(map(str, x.cards)) == list(map(str, y.cards))
    return sorted(map(str, x.cards)) == sorted(map(str, y.cards))


# ------------------------------------------------------------------------------- shedding games
def _run(stack, r, through_threes) -> int:
    """How many cards of rank `r` lie in a row on top of the stack, counted the variant's way
    (`through_threes`: bitenight looks through 3s)."""
    n = 0
    for c in reversed(stack):
        if c.rank == r:
            n += 1
        elif c.rank == 3 and through_threes:
            continue
        else:
            break
    return n


def burned(why=None, four=True) -> Check:
    """The stack burned (a 10, or four of a kind). ``four=False``: the misses do not speak of
    four of a kind (for an exercise that comes before it is taught)."""

    def miss(o):
        if o.burned:
            return None
        takers = o.takers()
        if o.move.kind == "take" or (takers and o.move.kind != "joker"):
            return f"{o.does(takers[0], 'take')} the stack, and nothing burns"
        if o.move.kind == "joker":
            return f"a joker does not burn the stack: {o.does(takers[0], 'take')} it"
        cards = o.played_cards()
        word = rank_word(cards[0])
        if word == "joker":
            return "a joker does not burn the stack"
        if not four:
            what = f"the {word}" if len(cards) == 1 else f"the {plural(word)}"
            return f"{what} just {'lies' if len(cards) == 1 else 'lie'} on top of the stack, and nothing burns"
        n = _run(o.after.stack, cards[0].rank, variant(o.after).run_skips_threes)
        what = f"the {word} does" if len(cards) == 1 else f"the {plural(word)} do"
        there = "there is one" if n == 1 else f"there are {_NUMBER.get(n, n)}"
        return f"{what} not burn: four {plural(word)} are needed in a row, {there}"

    return Check("the stack burned", miss, why)


def took_stack(seat, why=None) -> Check:
    """`seat` took the stack (forced, by choice, or shown a joker)."""

    def miss(o):
        takers = o.takers()
        if seat in takers:
            return None
        if takers:
            return f"{o.does(takers[0], 'take')} the stack, not {o.who(seat)}"
        if o.burned:
            return f"the stack burns, so {o.who(seat)} {'have' if seat == o.seat else 'has'} nothing to take"
        return f"nobody takes the stack: {o.does(o.after.turn, 'play')} next"

    return Check(f"P{seat} took the stack", miss, why)


def kept_clear(why=None) -> Check:
    """The learner did not take the stack."""

    def miss(o):
        if o.seat not in o.takers():
            return None
        flips = o.said("flip")
        top = o.before.effective_top
        if flips and top is not None:
            card = flips[0].cards[0]
            return f"the turned {card_word(card)} does not go on the {rank_word(top)}, so you take the stack with it"
        return "you take the stack"

    return Check("you kept clear of the stack", miss, why)


def must_take(seat, why=None) -> Check:
    """After the move `seat` is to play and has nothing to play: it must take the stack."""

    def miss(o):
        g = o.after
        who = o.who(seat)
        if o.seat in o.takers() and seat != o.seat:
            return "you take the stack yourself"
        if o.burned:
            return f"the stack burns, so {who} {'have' if seat == o.seat else 'has'} nothing to take"
        if g.phase != "play" or g.turn != seat:
            return f"{o.does(g.turn, 'play')} next, not {who}"
        plays = [m for m in g.legal_moves() if m.player == seat and m.kind != "take"]
        if not plays:
            return None
        top = g.effective_top
        on = f"on the {rank_word(top)}" if top is not None else "on the open stack"
        if o.view:
            return f"{o.does(seat, 'have')} a card that goes {on}"
        cards = [card_word(c) for c in sorted({m.cards[0] for m in plays if m.cards})]
        return f"{who} can still play: {either(cards)} {'goes' if len(cards) == 1 else 'go'} {on}"

    return Check(f"P{seat} must take the stack", miss, why)


def plays_next(seat, why=None) -> Check:
    """`seat` is the next to play."""

    def miss(o):
        g = o.after
        if g.phase == "play" and g.turn == seat and g.pending is None:
            return None
        if g.phase != "play":
            return "the round is over"
        text = f"{o.does(g.turn, 'play')} next, not {o.who(seat)}"
        skipped = [s for e in o.said("skip") for s in e.args[0]]
        if o.said("again"):
            text += ": every other player is skipped"
        elif skipped:
            text += (
                f": {'the 8 skips' if len(skipped) == 1 else 'the 8s skip'} {' and '.join(o.who(s) for s in skipped)}"
            )
        elif o.said("reverse"):
            text += ": the joker turns the direction round"
        elif o.seat in o.takers() and g.turn == o.seat:
            text += ": you take the stack and open the next one"
        elif o.burned and g.turn == o.seat:
            text += ": the stack burns and you start the next one"
        elif o.burned:
            text += f": the stack burns and {o.who(g.turn)} starts the next one"
        return text

    return Check(f"P{seat} plays next", miss, why)


def still_limits(word, why=None) -> Check:
    """The card the next player must beat is still of rank `word` ('7')."""

    def miss(o):
        top = o.after.effective_top
        if top is not None and rank(top) == word and not o.burned and not o.takers():
            return None
        if o.burned:
            return f"the stack burns, and the {word}'s limit with it"
        if o.takers():
            return f"{o.does(o.takers()[0], 'take')} the stack, and the {word} with it"
        if top is None or rank(top) == "2":
            return f"now the next player may lay anything: the {word}'s limit is gone"
        return f"now the {rank_word(top)} is the card to beat: the {word}'s limit is gone"

    return Check(f"the {word} still limits the next play", miss, why)


def anything_goes(why=None) -> Check:
    """After the move the next player may lay any card (a 2 on top, or an empty stack that
    someone else starts)."""

    def miss(o):
        g = o.after
        top = g.effective_top
        if o.burned:
            return f"the stack burns and {o.does(g.turn, 'start')} the next one"
        if o.takers():
            return f"{o.does(o.takers()[0], 'take')} the stack"
        if top is None or rank(top) == "2":
            return None
        if g.stack and g.stack[-1].rank == 3:
            return f"the 3 is invisible: the {rank_word(top)} under it is still the card to beat"
        return f"now the {rank_word(top)} is the card to beat"

    return Check("the next player may lay anything", miss, why)


def opens(seat, why=None) -> Check:
    """In setup: once everyone is ready, `seat` opens the game."""

    def miss(o):
        g = o.after.clone()
        for s, ready in enumerate(g.ready):
            if not ready and g.phase == "setup":
                g.play(f"P{s} ready")
        if g.turn == seat:
            return None
        start = [e for e in g.log if e.kind == "start"]
        low = start[-1].args[0] if start else None  # the rank the opening must have, if any
        text = f"{o.who(g.turn)} would open"
        if low:  # a preset's opener names a rank only where the lowest card held opens
            text += f": the lowest card in any hand would be {a(_RANK_WORDS.get(low, RANK_TEXT[low]))}, and {o.does(g.turn, 'hold')} it"
        return text

    return Check(f"P{seat} opens the game", miss, why)


def bank(has=(), lacks=(), why=None) -> Check:
    """The learner's bank holds a card of each rank in `has` and none of the ranks in `lacks`
    (ranks as written: '10', '4')."""
    has, lacks = tuple(has), tuple(lacks)

    def miss(o):
        held = [c for c in o.after.players[o.seat].bank if c is not None]
        words = [rank(c) for c in held]
        problems = [f"no {w}" for w in has if w not in words]
        problems += [f"the {w} is still there" for w in lacks if w in words]
        if not problems:
            return None
        return f"your bank now holds {cards_text(held)}: {' and '.join(problems)}"

    parts = [f"a {w}" for w in has] + [f"no {w}" for w in lacks]
    return Check("your bank holds " + " and ".join(parts), miss, why)


def plays_from(zone, why=None) -> Check:
    """On the learner's next turn they play from `zone` ('hand', 'bank' or 'gamble')."""

    def miss(o):
        now = o.after.active_zone(o.seat)
        if now == zone:
            return None
        if now == "hand":
            held = o.after.players[o.seat].hand
            return f"you still hold {cards_text(held)} in your hand, and the {zone} waits until the hand is empty"
        return f"you play from your {now} next, not from your {zone}"

    return Check(f"you play from your {zone} next", miss, why)


def goes_out(low=False, why=None) -> Check:
    """The learner goes out with this move (with `low`: on 4s, for the low-card bonus)."""

    def miss(o):
        outs = [e for e in o.said("out") if e.player == o.seat]
        if not outs:
            pl = o.after.players[o.seat]
            left = [c for c in pl.hand + pl.bank if c is not None]
            hidden = sum(c is not None for c in pl.gamble)
            held = cards_text(left) + (f" and {hidden} gamble card{'s' if hidden > 1 else ''}" if hidden else "")
            return f"you are not out: you still hold {held}"
        if low and not outs[0].args[1]:
            return f"you go out, but on {a(rank_word(o.played_cards()[0]))}, not on 4s: no low-card bonus"
        return None

    return Check("you go out" + (" on 4s" if low else ""), miss, why)


def scores(at_least, why=None) -> Check:
    """Bitenight: the round ends with this move and the learner scores at least `at_least`."""

    def miss(o):
        g = o.after
        if g.phase != "over":
            return goes_out().miss(o) or "the round is not over yet"
        got = g.points()[o.seat]
        if got >= at_least:
            return None
        return f"the round ends with {got} points for you, not {at_least}"

    return Check(f"you score at least {at_least} points", miss, why)


# ------------------------------------------------------------------------------- trick games
def takes_trick(side=False, why=None) -> Check:
    """The move finishes the trick and the learner (with `side`: the learner's side) takes it.
    The checks that speak of sides belong in view exercises only once the sides are known."""

    def miss(o):
        t = o.last_trick()
        if t is None:
            return "the trick is not finished yet"
        if t.winner == o.seat or (side and t.winner in o.side(o.seat)):
            return None
        card = t.cards[t.seats.index(t.winner)]
        mine = t.cards[t.seats.index(o.seat)]
        return f"{o.does(t.winner, 'take')} the trick with {card_word(card)}, which beats your {card_word(mine)}"

    return Check("your side takes the trick" if side else "you take the trick", miss, why)


def most_points(why=None) -> Check:
    """The learner's side takes the trick, with as many card points in it as the learner could
    have put there."""

    def miss(o):
        t = o.last_trick()
        if t is None:
            return "the trick is not finished yet"
        mine = t.cards[t.seats.index(o.seat)]
        if t.winner not in o.side(o.seat):
            card = t.cards[t.seats.index(t.winner)]
            return f"{o.does(t.winner, 'take')} the trick with {card_word(card)}, and your {card_word(mine)} goes to the other side"
        best, best_card = t.points, None
        for m, g in o.alternatives():
            u = g.tricks[-1]
            if u.winner in o.side(o.seat) and u.points > best:
                best, best_card = u.points, m.cards[0]
        if best_card is None:
            return None
        return (
            f"your side takes the trick with only {t.points} points: {card_word(best_card)} "
            f"({best_card.points}) instead of {card_word(mine)} ({mine.points}) would have made it {best}"
        )

    return Check("your side takes the trick with the most points you could add", miss, why)


def least_points(why=None) -> Check:
    """The other side takes the trick, with as few card points in it as the learner could
    leave them (Mehrkopf's Preusse counts -7)."""

    def miss(o):
        t = o.last_trick()
        if t is None:
            return "the trick is not finished yet"
        mine = t.cards[t.seats.index(o.seat)]
        if t.winner in o.side(o.seat):
            return f"{o.does(t.winner, 'take')} the trick for your side"
        least, least_card = t.points, None
        for m, g in o.alternatives():
            u = g.tricks[-1]
            if u.winner not in o.side(o.seat) and u.points < least:
                least, least_card = u.points, m.cards[0]
        if least_card is None:
            return None
        return (
            f"{o.does(t.winner, 'take')} the trick with {t.points} points: {card_word(least_card)} "
            f"({least_card.points}) instead of {card_word(mine)} ({mine.points}) would have made it {least}"
        )

    return Check("the other side takes the trick with the fewest points you could leave", miss, why)


def settles(at_least, why=None) -> Check:
    """Once the hand is played out (every card left being forced), the learner's settlement is
    at least `at_least` game units."""

    def miss(o):
        g = o.after.clone()
        while g.phase != "over":
            legal = g.legal_moves()
            if len(legal) != 1:
                return "the hand is not decided yet"
            g.play(legal[0])
        got = g.scores()[o.seat]
        if got >= at_least:
            return None
        told = [e.words for e in g.log if e.kind == "result"]
        said = f"then {_as_you(told[-1].rstrip('.'), g.names[o.seat])}, and " if told else "then "
        return f"{said}you get {units(got)}, not {units(at_least)}"

    return Check(f"you end the hand with at least {units(at_least)}", miss, why)


def buries(at_least=0, trumps_kept=True, why=None) -> Check:
    """Sheepshead: the picker buries cards worth at least `at_least` points (and, with
    `trumps_kept`, no trump: a queen, a jack or a diamond)."""

    def miss(o):
        cards = list(o.move.cards)
        if o.move.kind != "bury":
            return "the goal is to bury two cards"
        trumps = [c for c in cards if _sheepshead_trump(c)]
        if trumps_kept and trumps:
            return f"you bury a trump ({cards_text(trumps)}): trumps win tricks, keep them"
        pts = sum(c.points for c in cards)
        if pts >= at_least:
            return None
        options = [
            (sum(c.points for c in m.cards), m)
            for m, _ in o.alternatives()
            if not (trumps_kept and any(_sheepshead_trump(c) for c in m.cards))
        ]
        best = max(options, key=lambda pm: pm[0])
        return f"{cards_text(cards)} hold only {pts} points; {cards_text(best[1].cards)} would put {best[0]} away"

    return Check(f"you bury at least {at_least} points" + (" and keep your trumps" if trumps_kept else ""), miss, why)


def _sheepshead_trump(card) -> bool:
    return card.rank in (11, 12) or card.suit == "D"
