"""The shedding games drawn: the description the card table syncs to the browser, and the same
table as a static HTML picture.

``describe`` is the one place that turns a game (or a position dict) into what a picture needs:
the position as the viewer may see it and a small ``info`` dict (whose turn, the effective top,
counts, who is out, seat arrangement). The interactive table syncs exactly that to the browser,
so the static picture and the widget always agree on what they show.
"""

from __future__ import annotations

import html

from ..cards import Card, standard_deck
from ..drawing import (
    CAPTION,
    CARD_FACE,
    GOLD,
    HIDDEN,
    INK,
    INKS,
    _card_html,
    _empty_slot,
    _fan_lap,
    _rank,
    _style,
    _zone_html,
    card_parts,
    felt_style,
    seat_rows,
    table_frame,
    words_of_cards,
)
from ..words import Writer, agree, card_word, seat_word
from . import presets

# every card of the shedding games as people say it (the table's tooltips): "10H" -> "10♥"
CARD_WORDS = {str(c): card_word(c) for c in standard_deck(1)}

# What the table says about a click that can do nothing, where the presets' rules differ (the
# front end fills in {seat} and {card} and makes the sentence agree with a seat called "You").
JUMP_IN_NOTE = "out of turn only four of a kind may be completed"
JUMP_IN_CARD = "{card} cannot jump in: out of turn only cards that complete four of a kind on the stack may be played."
GAMBLE_AFTER_BANK = "{seat} still has bank cards: gamble cards come last, after the bank."
GAMBLE_UNDER_BANK = "This gamble card still has its bank card lying on it: play that one first."


def table_facts(preset) -> dict:
    """What the card table's front end draws and says for a round of ``preset`` besides the
    position, so that it never asks which game it shows: ``felt`` "stack" (the stack to beat
    between the draw pile and the burned cards), ``seat_zones`` "rows" (a seat's bank cards
    beside its gamble cards) or "columns" (each bank card lying on its gamble card),
    ``controls`` "pick" (cards are picked, then a button plays them; a hint's row picks its
    cards) and ``refusal_hints``: the words for a click out of turn (``out_of_turn``, a note
    or ""; ``jump_in`` where a seat may play out of turn) and on a gamble card while bank cards
    remain (``gamble``)."""
    hints = {
        "out_of_turn": JUMP_IN_NOTE if preset.jump_ins else "",
        "gamble": GAMBLE_UNDER_BANK if preset.columns else GAMBLE_AFTER_BANK,
    }
    if preset.jump_ins:
        hints["jump_in"] = JUMP_IN_CARD
    return {
        "felt": "stack",
        "seat_zones": "columns" if preset.columns else "rows",
        "controls": "pick",
        "refusal_hints": hints,
    }


def _is_game(obj) -> bool:
    return hasattr(obj, "to_dict") and hasattr(obj, "legal_moves")


def _hide(position: dict, seat: int) -> dict:
    """A position dict as ``seat`` sees it (for plain dicts; a Game answers this with ``view``)."""
    d = dict(position)
    players = []
    for i, p in enumerate(position.get("players", [])):
        p = dict(p)
        if i != seat:
            p["hand"] = [HIDDEN for _ in p.get("hand", [])]
        p["gamble"] = [None if c is None else HIDDEN for c in p.get("gamble", [])]
        players.append(p)
    d["players"] = players
    d["draw"] = [HIDDEN for _ in position.get("draw", [])]
    return d


def _effective_index(stack: list, effective_top) -> int | None:
    """Index in ``stack`` of the card the next play must beat (the topmost copy); None when
    anything goes."""
    if effective_top is not None:
        target = str(effective_top)
        for i in range(len(stack) - 1, -1, -1):
            if str(stack[i]) == target:
                return i
    return None


def _effective_from_dict(variant: str, stack: list):
    """The effective top read from a bare position (a Game knows better and is asked instead)."""
    if not stack:
        return None
    return presets.get(variant).effective_top([c if isinstance(c, Card) else Card.parse(c) for c in stack])


def _pending_seat(pending):
    """The seat that must choose a joker's target, from the position's ``pending`` field."""
    if isinstance(pending, dict):
        pending = pending.get("joker")
    return pending if isinstance(pending, int) and not isinstance(pending, bool) else None


def _active_zone(player: dict, draw_left: bool) -> str:
    if player.get("hand") or draw_left:
        return "hand"
    if any(c is not None for c in player.get("bank", [])):
        return "bank"
    return "gamble"


def describe(game_or_dict, view=None, *, home=None) -> tuple[dict, dict]:
    """``(position, info)`` for a picture of ``game_or_dict`` as ``view`` sees it.

    ``view`` is ``None`` or ``"table"`` (every card open) or a seat number (only what that seat may
    see; for a Game the position comes from ``game.view(seat)``, so hidden cards are ``"??"``).
    ``home`` is the seat drawn at the bottom (default: the viewing seat, else the first).
    """
    seat = None if view in (None, "table") else int(view)
    if _is_game(game_or_dict):
        game = game_or_dict
        position = game.to_dict() if seat is None else game.view(seat).to_dict()
        effective = game.effective_top
        moves = len(game.history)
    else:
        position = game_or_dict if seat is None else _hide(game_or_dict, seat)
        effective = _effective_from_dict(position.get("variant", "bitenight"), position.get("stack", []))
        moves = 0
    variant = position.get("variant", "bitenight")
    phase = position.get("phase", "play")
    names = position.get("names") or [f"P{i}" for i in range(len(position["players"]))]
    pending = _pending_seat(position.get("pending"))
    finished = list(position.get("finished", []))
    loser = position.get("loser")
    ready = position.get("ready") or []

    n = len(position["players"])
    if loser is None and phase == "over":
        left = [i for i in range(n) if i not in finished]
        loser = left[0] if len(left) == 1 else None
    stack = position.get("stack", [])
    turn = position.get("turn", 0)
    actor = None
    if phase == "play":
        actor = pending if pending is not None else turn
    top, bottom = seat_rows(n, home if home is not None else seat if seat is not None else 0)
    seats = []
    for i, p in enumerate(position["players"]):
        seats.append(
            {
                "name": names[i],
                "hand": len(p.get("hand", [])),
                "bank": sum(c is not None for c in p.get("bank", [])),
                "gamble": sum(c is not None for c in p.get("gamble", [])),
                "out": finished.index(i) + 1 if i in finished else None,
                "loser": loser == i,
                "ready": phase == "setup" and i < len(ready) and bool(ready[i]),
                "zone": _active_zone(p, bool(position.get("draw"))),
                "bot": False,
            }
        )
    info = {
        "variant": variant,
        "phase": phase,
        "turn": turn,
        "actor": actor,
        "pending": pending,
        "direction": position.get("direction", 1),
        "effective_top": None if effective is None else str(effective),
        "effective_index": _effective_index(stack, effective),
        "three_note": presets.get(variant).three_note,
        "stack": len(stack),
        "draw": len(position.get("draw", [])),
        "discard": len(position.get("discard", [])),
        "finished": finished,
        "loser": loser,
        "names": names,
        "seat_words": [seat_word(names, i) for i in range(n)],
        "card_words": words_of_cards(position, CARD_WORDS),
        "seats": seats,
        "view": "table" if seat is None else seat,
        "rows": {"top": top, "bottom": bottom},
        "moves": moves,
    }
    info["status"] = status_text(info)
    return position, info


def narration(game, view=None) -> list[str]:
    """The game's events, oldest first, in card players' words (``event.words``: 4♣, joker), as
    ``view`` may read them: a seat is not told the deal's seed (the engine's deal event names
    it, and the seed re-deals every hidden card)."""
    if view in (None, "table"):
        return [e.words for e in game.log]
    deals = Writer(game.names, people=True)
    return [deals.finish(f"{deals[e.player]} deals.") if e.kind == "deal" else e.words for e in game.log]


def status_text(info: dict) -> str:
    """One line on what is going on, in plain words (shared by the widget and the picture), made
    to agree with a seat called "You" ("Round over — you are the Scheißkopf")."""
    return agree(_status(info), info["names"])


def _status(info: dict) -> str:
    names = info["names"]
    seats = info.get("seat_words") or [seat_word(names, i) for i in range(len(names))]

    def who(i):
        return seats[i]

    if info["phase"] == "over":
        if info["loser"] is not None:
            return f"Round over \u2014 {who(info['loser'])} is the Schei\u00dfkopf"
        return "Round over"
    if info["phase"] == "setup":
        if presets.get(info["variant"]).columns:  # bank cards are laid on gamble columns
            return "Setup \u2014 each player lays 3 hand cards face up on their gamble columns"
        return "Setup \u2014 swap hand and bank cards, then say ready"
    if info["pending"] is not None:
        return f"{who(info['pending'])} shows a joker \u2014 who takes the stack?"
    return f"{who(info['actor'])} to move"


def _seat_html(i: int, player: dict, info: dict) -> str:
    seat = info["seats"][i]
    is_actor = info["actor"] == i
    border = f"2px solid {GOLD}" if is_actor else "1px solid #cfd8d2"
    panel = _style(
        flex="1 1 170px",
        min_width="150px",
        max_width="330px",
        margin="3px",
        padding="5px 7px 6px",
        border=border,
        border_radius="9px",
        background="#fbeaea" if seat["loser"] else "#f7faf8",
        box_sizing="border-box",
        color=INK,
        opacity=".55" if seat["out"] is not None else "1",
    )
    badges = []
    if is_actor:
        badges.append(("to move", GOLD, "#3a2b00"))
    if seat["out"] is not None:
        badges.append((f"out #{seat['out']}", "#2e7d32", "#fff"))
    if seat["loser"]:
        badges.append(("Scheißkopf", "#8e1b1b", "#fff"))
    if info["phase"] == "setup" and seat["ready"]:
        badges.append(("ready", "#2e7d32", "#fff"))
    badge_html = "".join(
        f'<span style="{_style(background=bg, color=fg, border_radius="8px", padding="1px 6px", font_size="10px", font_weight="600", margin_left="4px")}">{html.escape(t)}</span>'
        for t, bg, fg in badges
    )
    title = html.escape(info["seat_words"][i])
    hand = player.get("hand", [])
    hand_label = f"hand \u00b7 {len(hand)}"
    lap = _fan_lap(hand)
    hand_cards = "".join(_card_html(c, lap=lap) for c in hand)
    bank = "".join(_card_html(c, size="small") for c in player.get("bank", []) if c is not None)
    gamble = "".join(_card_html(HIDDEN, size="small", peek=c) for c in player.get("gamble", []) if c is not None)
    return (
        f'<div style="{panel}">'
        f'<div style="{_style(font_weight="700", font_size="13px")}">{title}{badge_html}</div>'
        f"{_zone_html(hand_label, hand_cards, lap)}"
        f'<div style="{_style(display="flex", flex_wrap="wrap")}">'
        f"{_zone_html('bank', bank)}{_zone_html('gamble', gamble)}</div></div>"
    )


def _felt_html(position: dict, info: dict) -> str:
    felt = felt_style("18px")
    caption = CAPTION

    def pile(title, count, card):
        return (
            f'<div style="{_style(text_align="center")}">{card}'
            f'<div style="{caption}">{title}<br><b>{count}</b></div></div>'
        )

    draw = pile("draw pile", info["draw"], _card_html(HIDDEN, size="big") if info["draw"] else _empty_slot())
    discard_cards = position.get("discard", [])
    burned = (
        f'<span style="{_style(filter="grayscale(.7) brightness(.85)")}">'
        f"{_card_html(discard_cards[-1], size='big')}</span>"
        if discard_cards
        else _empty_slot()
    )
    discard = pile("burned", info["discard"], burned)
    stack = position.get("stack", [])
    eff = info["effective_index"]
    shown = list(enumerate(stack))[-8:]
    cards = []
    for k, (i, c) in enumerate(shown):
        ghost = bool(info["three_note"]) and _rank(c) == "3" and (eff is None or i > eff)
        cards.append(_card_html(c, size="big", ring=(i == eff), ghost=ghost, lap=24 if k else 0))
    if not stack:
        cards = [_empty_slot()]
    if info["effective_top"] is None:
        note = "anything goes"
    else:
        rank, symbol, colour = card_parts(info["effective_top"])
        chip = _style(background=CARD_FACE, color=INKS[colour], border_radius="4px", padding="0 4px")
        note = f'to beat: <b style="{chip}">{html.escape(rank)}{symbol}</b>'
        hidden_threes = len(stack) - 1 - eff if eff is not None else 0
        if hidden_threes and info["three_note"]:
            note += f" ({hidden_threes} \u00d7 3 {info['three_note']} on top)"
    more = f"{len(stack) - len(shown)} more below \u00b7 " if len(stack) > len(shown) else ""
    stack_html = (
        f'<div style="{_style(text_align="center")}"><div style="{_style(display="flex", justify_content="center")}">{"".join(cards)}</div>'
        f'<div style="{caption}">stack {len(stack)} \u00b7 {more}{note}</div></div>'
    )
    return f'<div style="{felt}">{draw}{stack_html}{discard}</div>'


def game_html(game_or_dict, view=None, *, home=None) -> str:
    """The position as a self-contained HTML picture (inline styles, no scripts).

    ``game_or_dict`` is a Game or a position dict (``Game.to_dict()`` format). ``view`` is
    ``None``/``"table"`` for every card open, or a seat number to show only what that seat sees;
    ``home`` is the seat drawn at the bottom (default: the viewing seat, else the first).
    """
    position, info = describe(game_or_dict, view, home=home)
    log = narration(game_or_dict, view) if _is_game(game_or_dict) else []
    arrow = "\u21bb clockwise" if info["direction"] == 1 else "\u21ba reversed"
    out = ", ".join(f"{k}. {html.escape(info['seat_words'][s])}" for k, s in enumerate(info["finished"], 1))
    header_bits = [html.escape(info["variant"]), html.escape(info["status"]), arrow]
    if out:
        header_bits.append(f"out: {out}")
    if info["view"] != "table":
        header_bits.append(html.escape(agree(f"seen by {info['seat_words'][info['view']]}", info["names"])))
    header = (
        f'<div style="{_style(font_size="13px", color=INK, margin="0 4px 4px", font_weight="600")}">'
        + " \u00b7 ".join(header_bits)
        + "</div>"
    )
    players = position["players"]
    top = "".join(_seat_html(i, players[i], info) for i in info["rows"]["top"])
    bottom = "".join(_seat_html(i, players[i], info) for i in info["rows"]["bottom"])
    return table_frame(header, top, _felt_html(position, info), bottom, log)
