"""The position editor's rules for a trick-taking variant (see :mod:`scheissekopf.editing`): the
hands (two players: face-up and face-down columns), the blind and the buried cards where the
variant has them, the trick being played and the tricks taken, the phase, the game being played
(the contract), the multiplier and who led the trick.
"""

from __future__ import annotations

from typing import Any

from ..editing import Editing, EditRefused
from .cards import GERMAN_RANK_NAMES, GERMAN_SUIT_NAMES
from .rules import get as rules_of
from .sheepshead import SheepsheadRules

# German cards as the table draws them, read back: rank then the symbol the table gives the suit
# (Eichel as clubs, Gras as spades, Schellen as a bell), or by name (Eichel-Ober, Herz-Sau)
_GERMAN_SYMBOLS = {
    "\u2663": "E",
    "\u2660": "G",
    "\u2665": "H",
    "\u25cf": "S",
    "\u2667": "E",
    "\u2664": "G",
    "\u2661": "H",
}
_GERMAN_SUIT_OF = {name.lower(): letter for letter, name in GERMAN_SUIT_NAMES.items()}
_GERMAN_RANK_OF = {name.lower(): rank for rank, name in GERMAN_RANK_NAMES.items()}
_GERMAN_RANK_OF.update({"sau": "A", "koenig": "K", "preusse": "P", "zehner": "10"})
#: the cards a partner may be called with, by the deck's family
_CALLED = {"german": ("EA", "GA", "SA", "HA"), "french": ("AC", "AS", "AH", "10C", "10S", "10H", "JD")}
_TRUMPS = ((None, "\u2014"), ("E", "Eichel"), ("G", "Gras"), ("H", "Herz"), ("S", "Schellen"))
_CONTRACT_KEYS = {"mode", "declarer", "suit", "called", "tout", "must"}
_WIDTH = 8  # the columns of the two-player game


def read_german_card_word(word: str) -> str:
    """One German card as a learner may type it, in the engine's text: by name (``Eichel-Ober``
    -> ``EO``, ``Herz-Sau`` -> ``HA``) or as the table draws it (rank then symbol: ``O♣`` ->
    ``EO``); a word it does not know comes back as it was.

    >>> read_german_card_word("Eichel-Ober"), read_german_card_word("O\u2663")
    ('EO', 'EO')
    """
    text = word.strip()
    if "-" in text:
        suit, _, rank = text.partition("-")
        s, r = _GERMAN_SUIT_OF.get(suit.lower()), _GERMAN_RANK_OF.get(rank.lower())
        if s and r:
            return s + r
    if len(text) >= 2 and text[-1] in _GERMAN_SYMBOLS:
        return _GERMAN_SYMBOLS[text[-1]] + text[:-1].upper()
    return text


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class TrickEditing(Editing):
    """What the editor asks of one trick-taking variant."""

    zones = ("hand", "bank", "gamble", "blind", "buried", "trick", "tricks", "palette")
    piles = ("blind", "buried")
    derived = ("bound", "called_led", "hole_trick", "turn", "lot", "declarers")
    kept_on_clear = ("dealer",)

    def __init__(self, name: str, phases: tuple[str, ...], modes: tuple[str, ...]) -> None:
        self.name = name
        self.rules = rules_of(name)
        self.phases, self.modes = tuple(phases), tuple(modes)  # the variant's, as its object says them
        self.german = self.rules.family.name == "german"
        self.blind = isinstance(self.rules, SheepsheadRules)  # a blind is dealt, and cards buried
        self.card_example = "Eichel-Ober or O\u2663" if self.german else "Q\u2665, 10\u2663 or joker"
        self.put_example = "Eichel-Ober Herz-Sau" if self.german else "Q\u2663 J\u2666 A\u2665"

    # ------------------------------------------------------------------ the table and its cards
    def skeleton(self, players):
        seats: list[dict[str, Any]] = []
        for _ in range(players):
            seats.append(
                {"hand": [], "bank": [None] * _WIDTH, "gamble": [None] * _WIDTH} if players == 2 else {"hand": []}
            )
        return {"variant": self.name, "players": seats, "dealer": 0}

    def deck(self, position, players):
        return list(self.rules.deck(players))

    def parse(self, text):
        return self.rules.family.parse(text)

    def read_card(self, word):
        return read_german_card_word(word) if self.german else super().read_card(word)

    # ------------------------------------------------------------------ zones
    def columns(self, players):
        return players == 2

    def column_limit(self, seat):
        return _WIDTH  # the two-player game always has eight columns

    def check_shape(self, position, cards):
        current = position.get("trick")
        if current is not None and not isinstance(current, dict):
            raise EditRefused(f"the trick being played must be a dict with its cards, not {current!r}")
        if current is not None:
            cards(current.get("cards"), "the trick being played")
        tricks = position.get("tricks")
        if tricks is not None and not (isinstance(tricks, list) and all(isinstance(t, dict) for t in tricks)):
            raise EditRefused(f"the tricks taken must be a list of dicts, not {tricks!r}")
        for k, t in enumerate(tricks or []):
            cards(t.get("cards"), f"trick {k + 1}")

    def more_zones(self, position):
        p = position
        if isinstance(p.get("trick"), dict) and isinstance(p["trick"].get("cards"), list):
            yield {"zone": "trick"}, p["trick"]["cards"]
        for k, t in enumerate(p.get("tricks") or []):
            if isinstance(t, dict) and isinstance(t.get("cards"), list):
                yield {"zone": "tricks", "trick": k}, t["cards"]
        hole = p.get("hole")
        if hole is not None and p.get("hole_trick") is None:
            yield {"zone": "hole"}, [hole]

    def seat_zone_words(self, zone, players):
        if zone != "hand" and players != 2:
            raise EditRefused("Only two players have face-up and face-down cards; the others hold a hand.")
        if zone == "hand" and players == 2:
            raise EditRefused("Two players hold no hand: their cards lie face up and face down.")
        return {"hand": "hand", "bank": "face-up cards", "gamble": "face-down cards"}[zone]

    def pile_words(self, zone):
        if zone == "blind" and not self.blind:
            raise EditRefused(f"{self.name} has no blind.")
        if zone == "buried" and not self.blind:
            raise EditRefused(f"{self.name} buries nothing.")
        return f"the {zone}"

    def place(self, draft, place, create):
        p = draft.position
        if place.get("zone") == "trick":
            current = p.get("trick")
            if not isinstance(current, dict):
                if not create:
                    raise EditRefused("No trick is being played.")
                current = p["trick"] = {"cards": []}
            return "the trick being played", current.setdefault("cards", [])
        # a trick already taken
        tricks = p.setdefault("tricks", [])
        k = place.get("trick")
        top = len(tricks) if create else len(tricks) - 1
        if not (_is_int(k) and 0 <= k <= top):
            raise EditRefused(f"There is no trick {k!r}: the tricks taken are 1 to {len(tricks)}.")
        if k == len(tricks):
            tricks.append({"cards": []})
        tricks[k].pop("winner", None)  # the engine works out who takes it
        return f"trick {k + 1}", tricks[k].setdefault("cards", [])

    def tidy(self, position):
        p = position
        for key in self.derived:
            p.pop(key, None)
        current = p.get("trick")
        if isinstance(current, dict) and not current.get("cards"):
            p["trick"] = None
        tricks = p.get("tricks") or []
        while tricks and isinstance(tricks[-1], dict) and not tricks[-1].get("cards"):
            tricks.pop()
        for t in tricks:
            if isinstance(t, dict):
                t.pop("winner", None)

    # ------------------------------------------------------------------ settings
    def set(self, draft, field, value):
        p = draft.position
        if field == "trick_leader":
            draft.seat(value, "trick leader")
            current = p.get("trick")
            if not isinstance(current, dict):
                raise EditRefused("No trick is being played: put its first card in it, then say who led it.")
            current["leader"] = value
        elif field == "turn":
            p["turn"] = draft.seat(value, "turn")
        elif field == "phase":
            phases = self.phases
            if value not in phases:
                raise EditRefused(f"The phase is one of {', '.join(phases)}, not {value!r}.")
            p["phase"] = value
        elif field == "contract":
            self._set_contract(draft, value)
        elif field == "multiplier":
            if not (_is_int(value) and 1 <= value <= 1024):
                raise EditRefused(f"The multiplier is a whole number from 1, not {value!r}.")
            p["multiplier"] = value
        else:
            return False
        return True

    def _set_contract(self, draft, value) -> None:
        p = draft.position
        if value is None:
            p["contract"] = None
            return
        keys = _CONTRACT_KEYS
        if not isinstance(value, dict) or set(value) - keys:
            raise EditRefused(f"A contract is null or an object with {', '.join(sorted(keys))}, not {value!r}.")
        modes = self.modes
        if value.get("mode") not in modes:
            raise EditRefused(f"The game is one of {', '.join(modes)}, not {value.get('mode')!r}.")
        declarer = value.get("declarer")
        if declarer is not None and not (_is_int(declarer) and 0 <= declarer < draft.n):
            raise EditRefused(f"The declarer must be one of the seats ({draft.seats()}), not {declarer!r}.")
        called = value.get("called")
        if called is not None and draft.parse(called) is None:
            raise EditRefused(f"The called card {called!r} is not a {self.name} card.")
        p["contract"] = {k: v for k, v in value.items() if v is not None}
        if "phase" not in p or p.get("phase") in self.phases[:1]:
            p["phase"] = "play"
        for key in ("best_bid", "bids"):
            p.pop(key, None)

    def resize(self, draft, players):
        # a different number of seats changes the deck and every hand's size: start again
        return self.skeleton(players)

    def deal(self, draft, rest):
        p = draft.position
        n = draft.n
        per = self.rules.cards_per_seat(n)
        for seat in p["players"]:
            if n == 2:
                for z in ("gamble", "bank"):
                    column = seat.setdefault(z, [None] * _WIDTH)
                    for i in range(len(column)):
                        if column[i] is None and rest:
                            column[i] = rest.pop()
                continue
            hand = seat.setdefault("hand", [])
            want = per - len(p.get("tricks") or [])
            while len(hand) < want and rest:
                hand.append(rest.pop())
        if rest and self.blind:
            p.setdefault("blind", []).extend(rest)
        elif rest:
            for seat in p["players"]:
                if n != 2 and rest:
                    seat["hand"].append(rest.pop())

    # ------------------------------------------------------------------ what the table draws
    def seat_zones(self, players):
        if players == 2:
            return [
                [{"zone": "bank", "label": "face up", "put": "face up", "new_column": False}],
                [{"zone": "gamble", "label": "face down", "put": "face down", "new_column": False}],
            ]
        return [[{"zone": "hand", "label": "hand", "put": "hand", "new_column": False}]]

    def table_zones(self, draft):
        p = draft.position
        out = []
        if self.blind:
            out.append({"label": "blind", "place": {"zone": "blind"}, "cards": p.get("blind") or [], "big": False})
            out.append({"label": "buried", "place": {"zone": "buried"}, "cards": p.get("buried") or [], "big": False})
        current = p.get("trick")
        out.append(
            {
                "label": "trick being played",
                "place": {"zone": "trick"},
                "cards": (current.get("cards") or []) if isinstance(current, dict) else [],
                "big": True,
            }
        )
        tricks = p.get("tricks") or []
        for k, t in enumerate(tricks):
            winner = t.get("winner")
            took = f" \u00b7 {draft.who(winner)} took it" if _is_int(winner) else ""
            out.append(
                {
                    "label": f"trick {k + 1}{took}",
                    "place": {"zone": "tricks", "trick": k},
                    "cards": t.get("cards") or [],
                    "big": False,
                }
            )
        out.append(
            {
                "label": f"trick {len(tricks) + 1} (taken)",
                "place": {"zone": "tricks", "trick": len(tricks)},
                "cards": [],
                "big": False,
            }
        )
        return out

    def put_zones(self, draft):
        out = []
        if self.blind:
            out += [{"label": "blind", "place": {"zone": "blind"}}, {"label": "buried", "place": {"zone": "buried"}}]
        k = len(draft.position.get("tricks") or [])
        out += [
            {"label": "trick being played", "place": {"zone": "trick"}},
            {"label": f"trick {k + 1} (taken)", "place": {"zone": "tricks", "trick": k}},
        ]
        return out

    def controls(self, draft):
        p = draft.position
        seats = [[s, draft.who(s)] for s in range(draft.n)]
        contract = p.get("contract") or None
        c = contract if isinstance(contract, dict) else None
        modes = list(self.modes)
        base = {"mode": modes[0]}

        def part(key):
            return {"field": "contract", "part": key, "base": base}

        phases = list(self.phases)
        if p.get("phase") and p["phase"] not in phases:
            phases.append(p["phase"])
        out = [
            {
                "label": "phase",
                "field": "phase",
                "value": p.get("phase"),
                "choices": [[x, "over (finished)" if x == "over" else x] for x in phases],
            },
            {
                "label": "game",
                **part("mode"),
                "clears": True,
                "value": c.get("mode") if c else None,
                "choices": [[None, "none yet"], *([m, m] for m in modes)],
            },
            {
                "label": "declarer",
                **part("declarer"),
                "value": c.get("declarer") if c else None,
                "choices": [[None, "nobody"], *seats],
            },
        ]
        if self.german:
            out.append(
                {
                    "label": "trumps",
                    **part("suit"),
                    "value": (c.get("suit") or None) if c else None,
                    "choices": [list(x) for x in _TRUMPS],
                }
            )
        called = [[None, "\u2014"], *([a, self.parse(a).word()] for a in _CALLED[self.rules.family.name])]
        out.append(
            {"label": "called", **part("called"), "value": (c.get("called") or None) if c else None, "choices": called}
        )
        if isinstance(p.get("trick"), dict):
            current = p["trick"]
            out.append(
                {"label": "trick led by", "field": "trick_leader", "value": current.get("leader"), "choices": seats}
            )
        return out

    def to_move(self, position):
        return position.get("turn")

    def ticks_finished(self):
        return False
