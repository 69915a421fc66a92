"""The position editor's rules for a shedding preset (see :mod:`scheissekopf.editing`): the seats'
hand, bank and gamble (schwechat: columns), the stack, the draw pile and the burned cards, the
seat to move, the direction, the phase, the joker waiting for its target and the number of decks.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, standard_deck
from ..editing import Editing, EditRefused
from . import presets as _presets

PHASES = ("setup", "play")
_JOKER_TITLE = (
    "A joker turned up from a gamble stays on the stack until the player who turned it names who takes the stack. "
    "Pick that player here, or nobody."
)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class SheddingEditing(Editing):
    """What the editor asks of one shedding preset."""

    zones = ("hand", "bank", "gamble", "stack", "draw", "discard", "palette")
    piles = ("stack", "draw", "discard")
    derived = ("repetitions", "known", "unplayable", "seed")
    kept_on_clear = ("decks", "turn", "direction", "dealer", "phase")
    card_example = "Q\u2665, 10\u2663 or joker"
    put_example = "5\u2665 9\u2663 joker"

    def __init__(self, name: str) -> None:
        self.preset = _presets.get(name)

    # ------------------------------------------------------------------ the table and its cards
    def skeleton(self, players):
        return {
            "variant": self.preset.name,
            "players": [{"hand": [], "bank": [], "gamble": []} for _ in range(players)],
            "draw": [],
            "stack": [],
            "discard": [],
            "turn": 0,
            "direction": 1,
            "dealer": 0,
            "phase": "play",
            "decks": self.preset.decks(players),
        }

    def deck(self, position, players):
        preset = self.preset
        decks = position.get("decks", preset.decks(players))
        if not _is_int(decks) or not 1 <= decks <= 4:
            decks = preset.decks(players)
        return standard_deck(preset.jokers_per_deck) * decks

    def parse(self, text):
        return Card.parse(text)

    # ------------------------------------------------------------------ zones
    def columns(self, players):
        return self.preset.columns

    def trim_columns(self, seat):
        bank, gamble = seat.setdefault("bank", []), seat.setdefault("gamble", [])
        while len(bank) < len(gamble):
            bank.append(None)
        while len(gamble) < len(bank):
            gamble.append(None)
        while bank and bank[-1] is None and gamble[-1] is None:
            bank.pop()
            gamble.pop()

    def seat_zone_words(self, zone, players):
        return zone

    def pile_words(self, zone):
        return {"draw": "the draw pile", "discard": "the burned cards"}.get(zone, f"the {zone}")

    def tidy(self, position):
        for key in self.derived:
            position.pop(key, None)

    # ------------------------------------------------------------------ settings
    def set(self, draft, field, value):
        p, n = draft.position, draft.n
        if field == "turn":
            p["turn"] = draft.seat(value, "turn")
        elif field == "direction":
            if value not in (1, -1) or isinstance(value, bool):
                raise EditRefused(f"The direction is 1 (clockwise) or -1 (reversed), not {value!r}.")
            p["direction"] = value
        elif field == "phase":
            if value not in PHASES:
                raise EditRefused(f"The phase is one of {', '.join(PHASES)}, not {value!r}.")
            p["phase"] = value
            p.pop("ready", None)
        elif field == "pending":
            if value is None:
                p["pending"] = None
            else:
                p["pending"] = {"joker": draft.seat(value, "the seat choosing the joker's target")}
        elif field == "finished":
            if not (isinstance(value, list) and all(_is_int(s) and 0 <= s < n for s in value)):
                raise EditRefused(f"finished is a list of seats ({draft.seats()}), not {value!r}.")
            if len(set(value)) != len(value):
                raise EditRefused("A seat can go out only once.")
            p["finished"] = list(value)
            p.pop("bonus", None)
        elif field == "decks":
            if not (_is_int(value) and 1 <= value <= 4):
                raise EditRefused(f"decks is a number from 1 to 4, not {value!r}.")
            p["decks"] = value
        else:
            return False
        return True

    def resize(self, draft, players):
        p = draft.position
        seats = p["players"]
        if players < draft.n:
            del seats[players:]
        else:
            seats.extend({"hand": [], "bank": [], "gamble": []} for _ in range(players - draft.n))
        p["decks"] = self.preset.decks(players)
        for key in ("ready", "warned", "bonus", "pending"):
            p.pop(key, None)
        p["finished"] = [s for s in p.get("finished", []) if _is_int(s) and s < players]
        for key in ("turn", "dealer"):
            if not (_is_int(p.get(key)) and p[key] < players):
                p[key] = 0
        return p

    def deal(self, draft, rest):
        preset = self.preset
        p = draft.position
        finished = set(p.get("finished") or [])
        setup = p.get("phase") == "setup"
        bank_size = preset.bank_deal if (setup or not preset.columns) else 3
        if not preset.columns and not bank_size:
            bank_size = 3
        for s, seat in enumerate(p["players"]):
            if s in finished:
                continue
            gamble = seat.setdefault("gamble", [])
            bank = seat.setdefault("bank", [])
            hand = seat.setdefault("hand", [])
            if preset.columns:
                while len(gamble) < 3:
                    gamble.append(None)
                while len(bank) < len(gamble):
                    bank.append(None)
                for i in range(len(gamble)):
                    if gamble[i] is None and rest:
                        gamble[i] = rest.pop()
                for i in range(min(bank_size, len(bank))):
                    if bank[i] is None and gamble[i] is not None and rest:
                        bank[i] = rest.pop()
            else:
                while len(gamble) < 3 and rest:
                    gamble.append(rest.pop())
                while len(bank) < bank_size and rest:
                    bank.append(rest.pop())
            want = preset.hand_deal + (3 if setup and preset.columns and not any(bank) else 0)
            while len(hand) < want and rest:
                hand.append(rest.pop())
        p.setdefault("draw", []).extend(rest)

    # ------------------------------------------------------------------ what the table draws
    def seat_zones(self, players):
        columns = self.preset.columns
        return [
            [{"zone": "hand", "label": "hand", "put": "hand", "new_column": False}],
            [
                {
                    "zone": "bank",
                    "label": "bank (on column)" if columns else "bank",
                    "put": "bank",
                    "new_column": columns,
                },
                {"zone": "gamble", "label": "gamble", "put": "gamble", "new_column": columns},
            ],
        ]

    def table_zones(self, draft):
        p = draft.position
        return [
            {"label": "draw pile (top first)", "place": {"zone": "draw"}, "cards": p.get("draw") or [], "big": False},
            {"label": "stack (bottom first)", "place": {"zone": "stack"}, "cards": p.get("stack") or [], "big": True},
            {"label": "burned", "place": {"zone": "discard"}, "cards": p.get("discard") or [], "big": False},
        ]

    def put_zones(self, draft):
        return [
            {"label": "stack (on top)", "place": {"zone": "stack"}},
            {"label": "draw pile (underneath)", "place": {"zone": "draw"}},
            {"label": "burned", "place": {"zone": "discard"}},
        ]

    def controls(self, draft):
        p = draft.position
        seats = [[s, draft.who(s)] for s in range(draft.n)]
        phases = list(PHASES)
        if p.get("phase") and p["phase"] not in phases:
            phases.append(p["phase"])
        out = [
            {"label": "to move", "field": "turn", "value": p.get("turn"), "choices": seats},
            {
                "label": "direction",
                "field": "direction",
                "value": p.get("direction"),
                "choices": [[1, "\u21bb clockwise"], [-1, "\u21ba reversed"]],
            },
            {
                "label": "phase",
                "field": "phase",
                "value": p.get("phase"),
                "choices": [[x, "over (finished)" if x == "over" else x] for x in phases],
            },
        ]
        if self.preset.joker == "target":
            pending = p.get("pending")
            out.append(
                {
                    "label": "joker on the stack, its target named by",
                    "field": "pending",
                    "value": pending.get("joker") if isinstance(pending, dict) and pending else None,
                    "choices": [[None, "nobody (no joker waiting)"], *seats],
                    "title": _JOKER_TITLE,
                }
            )
        return out

    def to_move(self, position):
        phase = position.get("phase")
        return position.get("turn") if not phase or phase == "play" else None

    def ticks_finished(self):
        return True
