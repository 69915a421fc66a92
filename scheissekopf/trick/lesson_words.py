"""The trick games' reasons for a move, in a card player's words: who takes the trick and how
many points are in it (and whether the seat knows its taker for a partner), whether a led card
is the highest of its suit still out, what a bid commits the bidder to, what a decision before
the tricks does (the trumps a pick or a named solo holds, the points a bury puts away, the card
called, the leaster a last pass makes), and what another move would have done instead. The lessons ask the
variant object (:meth:`TrickVariant.reason` and ``what_it_does``), which answers from here.

A led card's "highest still out" is judged from the seat's own hand and the cards played, never
from a card the seat cannot see.
"""

from __future__ import annotations

from ..words import Writer, card_word, counted


def reason(game, seat: int, best: str, greedy: str) -> str:
    """One sentence: what ``best`` does at ``game`` for ``seat``, and what ``greedy`` would
    have allowed instead (both are move texts of that seat)."""
    mine = game.clone().play(best)
    theirs = game.clone().play(greedy)
    if mine.kind == "card" and theirs.kind == "card":
        return _card_reason(game, seat, best, greedy, mine, theirs)
    if game.phase == "auction" and {mine.kind, theirs.kind} <= {"bid", "pass"}:
        return _bid_reason(game, seat, best, greedy)
    return f"You {_decision(game, seat, best)[0]}; the greedy habit would have {_decision(game, seat, greedy)[1]}."


def _card_reason(game, seat: int, best: str, greedy: str, mine, theirs) -> str:
    does = _trick_effect(game, seat, best)
    other = _trick_effect(game, seat, greedy)
    verb, _, rest = other.partition(" ")
    other = f"would have {_TRICK_PAST.get(verb, verb)} {rest}"
    return f"Your {card_word(mine.cards[0])} {does}{_leaster_note(game, seat, does)}; the greedy {card_word(theirs.cards[0])} {other}."


def _leaster_note(game, seat: int, does: str) -> str:
    """In a leaster, why a trick taken or led may be worth it: the fewest points win, but only a
    player who has taken a trick can win at all."""
    contract = game.contract
    if contract is None or contract.mode != "leaster" or not does.startswith(("takes", "puts you ahead")):
        return ""
    if any(t.winner == seat for t in game.tricks):
        return " (in a leaster the fewest points win)"
    return " (a leaster is won only by a player who has taken a trick, and you have none yet)"


def what_it_does(game, seat: int, text: str) -> str:
    """What one move of ``seat`` does at ``game``, as a sentence naming no other move (a bid:
    what it commits the seat to)."""
    move = game.clone().play(text)
    if move.kind != "card":
        if game.phase == "auction" and move.kind in ("bid", "pass"):
            return f"{_bid_does(game, seat, text)}."
        return f"You {_decision(game, seat, text)[0]}."
    return f"Your {card_word(move.cards[0])} {_trick_effect(game, seat, text)}."


def _higher_out(game, seat: int, card) -> list:
    """The cards of ``card``'s group (trump, or its suit) that beat it and are still out as the
    seat sees it: neither in its hand nor played."""
    order = game.order
    grp = order.grp[card]
    ranked = list(order.trumps) if order.is_trump(card) else list(order.plain[grp])
    seen = {int(c) for t in game.tricks for c in t.cards} | {int(c) for c in game.players[seat].hand}
    seen |= {int(c) for c in game.trick}
    return [type(card)(c) for c in ranked[: ranked.index(card)] if int(c) not in seen]


def _trick_effect(game, seat: int, text: str) -> str:
    """What a card does, as a predicate after "Your <card>" (present tense)."""
    after = game.clone()
    move = after.play(text)
    card = move.cards[0]
    if not game.trick:
        higher = _higher_out(game, seat, card)
        trump = game.order.is_trump(card)
        if not higher:
            return f"leads as the highest {'trump' if trump else 'card of its suit'} still out"
        if len(higher) == 1:
            beat = f"the {card_word(higher[0])}"
        else:
            beat = f"{len(higher)} higher {'trumps' if trump else 'cards of its suit'}"
        return f"leads while {beat} still out could beat it"
    if len(after.tricks) > len(game.tricks):
        t = after.tricks[-1]
        if t.winner == seat:
            return f"takes the trick, worth {t.points} points"
        return f"lets {_seat(game, seat, t.winner)} take the trick, worth {t.points} points"
    ahead = after.trick_seats[after.order.winner(after.trick, after.lead_grp)]
    pts = sum(c.points for c in after.trick)
    if ahead == seat:
        higher = _higher_out(game, seat, card)
        beat = (
            "nothing still out can beat it" if not higher else f"{counted(len(higher), 'card')} still out can beat it"
        )
        return f"puts you ahead in the trick ({pts} points so far), and {beat}"
    return f"leaves {_seat(game, seat, ahead)} ahead in the trick ({pts} points so far)"


def _seat(game, seat: int, other: int) -> str:
    """Another seat by name, as "your partner Eve" where ``seat`` knows they play on one side:
    the declarer for a revealed or hidden partner (who knows it holds the called card), a
    fellow defender once the declaring side is known (a solo's, or a called card played)."""
    name = game.names[other]
    contract = game.contract
    if contract is None or contract.declarer is None:  # a leaster or Ramsch: everyone for themselves
        return name
    known = set(game.declarers_known_to(seat))
    if seat in known:
        together = other in known
    else:  # a defender knows its partners once the whole declaring side is known
        together = game.partner_revealed and other not in known
    return f"your partner {name}" if together else name


_TRICK_PAST = {"leads": "led", "takes": "taken", "lets": "let", "puts": "put", "leaves": "left"}


def _bid_reason(game, seat: int, best: str, greedy: str) -> str:
    def words(text):
        bid = text.split(" ", 1)[1]
        return "pass" if bid == "pass" else bid.replace("bid ", "")

    g = words(greedy)
    does = _bid_does(game, seat, best)
    # at a table where nobody may bid a partner game (three players: solos only), passing loses no partner
    partners = any(m.player == seat and str(m).endswith(" bid normal") for m in game.legal_moves())
    if g == "pass":
        other = "the greedy pass would have left the game to the others" + (
            ", with no partner's help for you either" if partners else ""
        )
    elif g in _ALONE:
        other = f"the greedy {_BID_WORDS.get(g, g)} would have had you play alone against everyone at the table"
    elif g == "wedding":
        other = "the greedy wedding would have offered your one trump for a partner"
    else:
        other = f"the greedy {g} would have committed you to a {g} game"
    return f"{does}; {other}."


_BID_WORDS = {"sie": "Sie"}
_ALONE = {"solo", "tout", "wenz", "geier", "sie"}


def _bid_does(game, seat: int, text: str) -> str:
    """What a bid or a pass in the auction commits ``seat`` to, as a sentence without its full stop."""
    bid = text.split(" ", 1)[1].replace("bid ", "")
    if bid == "pass":
        return "You pass and leave the game to the others"
    if bid in _ALONE:
        return f"You bid a {_BID_WORDS.get(bid, bid)} and play alone against {_others(game, seat)}"
    if bid == "wedding":
        return "You offer a wedding: whoever takes your one trump plays with you"
    return f"You bid a {bid} game, played with a partner (the holder of the ace you call)"


# ------------------------------------------------------------------ decisions before and beside the tricks
def _the(card) -> str:
    """A card as a sentence names it: 'A♥', 'the Eichel-Ass' (German cards go with 'the')."""
    word = card_word(card)
    return f"the {word}" if "-" in word else word


def _both(cards) -> str:
    words = [card_word(c) for c in cards]
    return " and ".join(words) if len(words) == 2 else ", ".join(words)


def _others(game, seat: int) -> str:
    """'the other two', 'the other four': the seats playing this hand besides ``seat``."""
    rest = len([s for s in game.active if s != seat])
    return f"the other {_NUMBER.get(rest, rest)}" if rest > 1 else "the other player"


_NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _trumps_held(after, seat: int) -> tuple[int, int]:
    """How many trumps ``seat`` holds once a game is named (``after``), and how many the deck has."""
    deck = set(after.rules.deck(after.n))
    total = sum(1 for c in after.order.trumps if c in deck)
    return sum(1 for c in after.players[seat].hand if after.order.is_trump(c)), total


def _voids(game, after, seat: int) -> list[str]:
    """The plain suits ``seat`` held before the move and holds no card of after it."""
    grp = game.order.grp
    before = {grp[c] for c in game.players[seat].hand if not game.order.is_trump(c)}
    left = {grp[c] for c in after.players[seat].hand if not game.order.is_trump(c)}
    return [game.rules.group_name(game, g) for g in sorted(before - left)]


def _decision(game, seat: int, text: str) -> tuple[str, str]:
    """What a move other than a card to a trick does, twice: as a predicate after "You" (present)
    and after "would have" (past). It says only what the seat knows: its own hand, the bids and
    calls said aloud."""
    after = game.clone()
    move = after.play(text)
    kind, cards = move.kind, move.cards
    if kind == "card":
        effect = _trick_effect(game, seat, text)
        return f"play {_the(cards[0])}, which {effect}", f"played {_the(cards[0])}, which {effect}"
    if kind == "pick":
        n, total = _trumps_held(game, seat)
        held = f"holding {n} of the {total} trumps"
        return (
            f"pick up the blind {held} and play against the table",
            f"picked up the blind {held} to play against the table",
        )
    if kind == "bury":
        pts = sum(c.points for c in cards)
        void = " and no ".join(_voids(game, after, seat))
        kept = counted(_trumps_held(after, seat)[0], "trump")
        return (
            f"bury {_both(cards)}, which puts {counted(pts, 'point')} in your pile and keeps {kept}"
            + (f", leaving you no {void}" if void else ""),
            f"buried {_both(cards)} ({counted(pts, 'point')}), keeping {kept}"
            + (f" and leaving you no {void}" if void else ""),
        )
    if kind == "call":
        if game.phase == "declare":  # the schafkopf family's normal game
            return (
                f"play a normal game calling {_the(cards[0])}, whose holder plays with you",
                f"had you play a normal game calling {_the(cards[0])}",
            )
        return f"call {_the(cards[0])}, whose holder plays with you", f"called {_the(cards[0])} for a partner"
    if kind == "under":
        return (
            f"call {_the(move.target)} with {_the(cards[0])} face down in the hole",
            f"called {_the(move.target)} with {_the(cards[0])} in the hole",
        )
    if kind == "alone":
        return f"play alone against {_others(game, seat)}", f"had you play alone against {_others(game, seat)}"
    if kind in ("solo", "tout", "trump"):
        n, total = _trumps_held(after, seat)
        named = move.said(_PEOPLE)  # 'play a Herz solo', 'play a Wenz tout', 'name Gras as trump'
        verb, _, rest = named.partition(" ")
        held = f"holding {n} of the {total} trumps"
        return f"{named}, {held}", f"had you {named}, {held}" if verb == "play" else f"named {rest}, {held}"
    if kind == "pass":
        return _pass_words(game, after, seat)
    if kind == "double":
        return "double the hand", "doubled the hand"
    if kind == "hole":
        return "play the card in the hole", "played the card in the hole"
    if kind == "accept":
        return (
            f"take the wedding's trump, giving {_the(cards[0])} for it",
            f"taken the wedding's trump for {_the(cards[0])}",
        )
    if kind == "must":
        return (
            f"name {_the(cards[0])}, whose holder must play the game",
            f"named {_the(cards[0])}, whose holder would have had to play",
        )
    if kind == "ramsch":
        return "call Ramsch, where everyone plays for the fewest points", "had everyone play Ramsch"
    if kind == "refuse":
        return "throw the cards in", "thrown the cards in"
    said = move.said(_PEOPLE)
    return said, f"chosen to {said}"


def _pass_words(game, after, seat: int) -> tuple[str, str]:
    """A pass: who speaks or picks next, or what the hand becomes when nobody takes it up."""
    if after.phase == "over":
        return "pass, and the cards are thrown in", "thrown the cards in"
    if game.phase == "pick":
        contract = after.contract
        if contract is not None and contract.mode == "leaster":
            return (
                "pass, so nobody picks and the hand is a leaster (the fewest points win)",
                "passed, making the hand a leaster (the fewest points win)",
            )
        if after.phase == "pick" and after.deal_no != game.deal_no:
            return "pass, so nobody picks and the cards are dealt again", "passed, and the cards would be dealt again"
        return f"pass the blind on to {game.names[after.turn]}", f"passed the blind on to {game.names[after.turn]}"
    if game.phase == "double":
        return "let the hand stand at its stakes", "left the hand at its stakes"
    if game.phase == "wedding":
        return "turn the wedding down", "turned the wedding down"
    return "pass", "passed"


_PEOPLE = Writer(people=True)
