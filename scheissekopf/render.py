"""A picture of a game position as plain HTML, and the description the card table draws.

Nothing here imports Jupyter or the widget: ``game_html`` builds a self-contained HTML string with
inline styles only (no ``<style>`` block, no scripts), so a position still shows where no kernel
runs -- nbconvert's HTML, notebook viewers that strip style sheets, or ``Game._repr_html_``.

``describe`` is the one place that turns a game (or a position dict) into what a picture needs:
the position as the viewer may see it and a small ``info`` dict (whose turn, the effective top,
counts, who is out, seat arrangement). The interactive ``Table`` syncs exactly that to the
browser, so the static picture and the widget always agree on what they show.

The colours and card proportions below are the same as in ``widgets/table.css``; change both
together.
"""

from __future__ import annotations

import html

from .game import is_trick_game

__all__ = ["describe", "game_html", "narration", "card_parts", "seat_rows", "describe_trick",
           "trick_html", "german_card_parts", "contract_text"]

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
HIDDEN = "??"

# Shared palette (see widgets/table.css).
FELT = "#1d6b47"
FELT_EDGE = "#144d33"
CARD_FACE = "#fffdf7"
CARD_EDGE = "#b7ae9c"
RED = "#c0262d"
BLACK = "#1d1d1f"
JOKER = "#6a3fb5"
BACK = "#2b4c8c"
BACK_STRIPE = "#3a62ad"
GOLD = "#f2b418"
INK = "#23302a"

THREE_NOTES = {"bitenight": "invisible", "schwechat": "mirrors"}


# ---------------------------------------------------------------------------------------------
# Cards


def card_parts(text: str | None) -> tuple[str, str, str]:
    """``("10", "♥", "red")`` for ``"10H"``; jokers ``("JK", "★", "joker")``; ``"??"`` a back."""
    if text is None or text == HIDDEN:
        return "", "", "back"
    text = str(text)
    if text.upper() == "JK":
        return "JK", "\u2605", "joker"
    rank, suit = text[:-1], text[-1].upper()
    colour = "red" if suit in "DH" else "black"
    return rank, SUIT_SYMBOLS.get(suit, suit), colour


def _rank(text) -> str | None:
    if text is None or text == HIDDEN:
        return None
    text = str(text)
    return "JK" if text.upper() == "JK" else text[:-1]


# ---------------------------------------------------------------------------------------------
# What a picture needs


def seat_rows(n: int, home: int = 0) -> tuple[list[int], list[int]]:
    """Arrange ``n`` seats in a top and a bottom row around the table, ``home`` at bottom centre.

    Read clockwise (the direction of play when ``direction == 1``): from ``home`` leftwards along
    the bottom row, left to right along the top row, then back along the bottom row from the right.
    Up to five players, everyone but ``home`` sits in the top row; from six on one neighbour of
    ``home`` sits beside it on each side.
    """
    others = [(home + k) % n for k in range(1, n)]
    side = 1 if n >= 6 else 0
    if not side:
        return others, [home]
    left, top, right = others[:side], others[side:len(others) - side], others[len(others) - side:]
    return top, list(reversed(left)) + [home] + list(reversed(right))


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
    if variant == "palace":
        return stack[-1]
    for card in reversed(stack):
        if _rank(card) != "3":
            return card
    return None


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


def describe(game_or_dict, view=None) -> tuple[dict, dict]:
    """``(position, info)`` for a picture of ``game_or_dict`` as ``view`` sees it.

    ``view`` is ``None`` or ``"table"`` (every card open) or a seat number (only what that seat may
    see; for a Game the position comes from ``game.view(seat)``, so hidden cards are ``"??"``).
    """
    if is_trick_game(game_or_dict):
        return describe_trick(game_or_dict, view)
    seat = None if view in (None, "table") else int(view)
    if _is_game(game_or_dict):
        game = game_or_dict
        position = game.to_dict() if seat is None else game.view(seat).to_dict()
        effective = game.effective_top
        moves = len(game.history)
    else:
        position = game_or_dict if seat is None else _hide(game_or_dict, seat)
        effective = _effective_from_dict(position.get("variant", "bitenight"),
                                         position.get("stack", []))
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
    top, bottom = seat_rows(n, seat if seat is not None else 0)
    seats = []
    for i, p in enumerate(position["players"]):
        seats.append({
            "name": names[i],
            "hand": len(p.get("hand", [])),
            "bank": sum(c is not None for c in p.get("bank", [])),
            "gamble": sum(c is not None for c in p.get("gamble", [])),
            "out": finished.index(i) + 1 if i in finished else None,
            "loser": loser == i,
            "ready": phase == "setup" and i < len(ready) and bool(ready[i]),
            "zone": _active_zone(p, bool(position.get("draw"))),
            "bot": False,
        })
    info = {
        "variant": variant,
        "phase": phase,
        "turn": turn,
        "actor": actor,
        "pending": pending,
        "direction": position.get("direction", 1),
        "effective_top": None if effective is None else str(effective),
        "effective_index": _effective_index(stack, effective),
        "three_note": THREE_NOTES.get(variant, ""),
        "stack": len(stack),
        "draw": len(position.get("draw", [])),
        "discard": len(position.get("discard", [])),
        "finished": finished,
        "loser": loser,
        "names": names,
        "seats": seats,
        "view": "table" if seat is None else seat,
        "rows": {"top": top, "bottom": bottom},
        "moves": moves,
    }
    info["status"] = status_text(info)
    return position, info


def narration(game, view=None) -> list[str]:
    """The game's event texts, oldest first, as ``view`` may read them: a seat is not told the
    deal's seed (the engine's deal event names it, and the seed re-deals every hidden card)."""
    if is_trick_game(game):
        return trick_narration(game, view)
    if view in (None, "table"):
        return [e.text for e in game.log]
    return [f"{game.players[e.player].name or f'P{e.player}'} deals." if e.kind == "deal" else e.text
            for e in game.log]


def status_text(info: dict) -> str:
    """One line on what is going on, in plain words (shared by the widget and the picture)."""
    names = info["names"]

    def who(i):
        return f"P{i}" if names[i] == f"P{i}" else f"P{i} {names[i]}"

    if info["phase"] == "over":
        if info["loser"] is not None:
            return f"Round over \u2014 {who(info['loser'])} is the Schei\u00dfkopf"
        return "Round over"
    if info["phase"] == "setup":
        if info["variant"] == "schwechat":
            return "Setup \u2014 each player lays 3 hand cards face up on their gamble columns"
        return "Setup \u2014 swap hand and bank cards, then say ready"
    if info["pending"] is not None:
        return f"{who(info['pending'])} shows a joker \u2014 who takes the stack?"
    return f"{who(info['actor'])} to move"


# ---------------------------------------------------------------------------------------------
# Static HTML (inline styles only)


def _style(**props) -> str:
    return ";".join(f"{k.replace('_', '-')}:{v}" for k, v in props.items())


# Card sizes (width, height) and index/pip font sizes, as in table.css.
SIZES = {"normal": (40, 56, 13, 20), "small": (32, 45, 11.5, 14), "big": (46, 64, 15, 25)}
INKS = {"red": RED, "black": BLACK, "joker": JOKER}


def _card_box(w, h, lap):
    """The style every card starts from: its size, its place in a (fanned) row, its font."""
    return dict(display="inline-block", position="relative", width=f"{w}px", height=f"{h}px",
                border_radius="5px", box_sizing="border-box",
                margin=f"0 3px 3px {-lap}px" if lap else "0 3px 3px 0",
                vertical_align="top", font_family="'DejaVu Sans',Arial,sans-serif",
                line_height="1", flex="none")


def _card_face(text, rank, symbol, base, index_px, pip_px, corner_top="3px"):
    """A face-up card: rank and suit symbol in the top corner, the symbol again bottom right."""
    corner = _style(position="absolute", left="3px", top=corner_top, font_size=f"{index_px}px",
                    font_weight="700", text_align="center", letter_spacing="-0.5px")
    pip = _style(position="absolute", right="4px", bottom="3px", font_size=f"{pip_px}px")
    label = html.escape(str(text))
    return (f'<span title="{label}" style="{_style(**base)}">'
            f'<span style="{corner}">{html.escape(rank)}<br>{symbol}</span>'
            f'<span style="{pip}">{symbol}</span></span>')


def _card_html(text, *, size="normal", ring=False, ghost=False, peek=None, lap=0) -> str:
    """One card; ``peek`` writes a face-down card's face on a tag (the open table view);
    ``lap`` overlaps it with the card before (a fanned hand)."""
    w, h, index_px, pip_px = SIZES[size]
    rank, symbol, colour = card_parts(text)
    base = _card_box(w, h, lap)
    if colour == "back":
        base.update(border="2px solid #fff", background=(
            f"repeating-linear-gradient(45deg,{BACK} 0 4px,{BACK_STRIPE} 4px 8px)"),
            box_shadow="0 0 0 1px #9aa9c4,0 1px 2px rgba(0,0,0,.35)")
        tag = ""
        if peek not in (None, HIDDEN):
            p_rank, p_symbol, p_colour = card_parts(peek)
            tag_style = _style(position="absolute", left="2px", right="2px", bottom="2px",
                               background=CARD_FACE, color=INKS[p_colour], border_radius="3px",
                               font_size="10px", font_weight="700", text_align="center",
                               padding="1px 0")
            tag = f'<span style="{tag_style}">{html.escape(p_rank)}{p_symbol}</span>'
        title = "face down" + (f" ({html.escape(str(peek))})" if tag else "")
        return f'<span title="{title}" style="{_style(**base)}">{tag}</span>'
    base.update(background=CARD_FACE, border=f"1px solid {CARD_EDGE}", color=INKS[colour],
                box_shadow="0 1px 2px rgba(0,0,0,.3)")
    if ring:
        base.update(box_shadow=f"0 0 0 3px {GOLD},0 3px 10px rgba(0,0,0,.5)")
    if ghost:
        base.update(opacity=".55", border=f"1px dashed {CARD_EDGE}", box_shadow="none")
    return _card_face(text, rank, symbol, base, index_px, pip_px)


def _fan_lap(hand: list) -> int:
    """How far each card of a hand overlaps the one before (as ``fanClass`` in table.js)."""
    n = len(hand)
    if n and all(c == HIDDEN for c in hand):
        return 27 if n > 3 else 0
    return 25 if n > 12 else 20 if n > 7 else 12 if n > 4 else 0


def _zone_html(label: str, cards: str, lap: int = 0) -> str:
    head = _style(font_size="9.5px", color="#5b6b62", text_transform="uppercase",
                  letter_spacing=".06em", white_space="nowrap", margin_bottom="4px")
    row = _style(display="flex", flex_wrap="wrap", align_items="flex-end", min_height="30px",
                 padding_left=f"{lap}px")
    return (f'<div style="{_style(margin_top="4px", margin_right="14px")}"><div style="{head}">{html.escape(label)}</div>'
            f'<div style="{row}">{cards or _empty_note("empty")}</div></div>')


def _seat_html(i: int, player: dict, info: dict) -> str:
    seat = info["seats"][i]
    is_actor = info["actor"] == i
    border = f"2px solid {GOLD}" if is_actor else "1px solid #cfd8d2"
    panel = _style(flex="1 1 170px", min_width="150px", max_width="330px", margin="3px",
                   padding="5px 7px 6px", border=border, border_radius="9px",
                   background="#fbeaea" if seat["loser"] else "#f7faf8",
                   box_sizing="border-box", color=INK,
                   opacity=".55" if seat["out"] is not None else "1")
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
        for t, bg, fg in badges)
    name = info["names"][i]
    title = f"P{i}" + ("" if name == f"P{i}" else f" {html.escape(name)}")
    hand = player.get("hand", [])
    hand_label = f"hand \u00b7 {len(hand)}"
    lap = _fan_lap(hand)
    hand_cards = "".join(_card_html(c, lap=lap) for c in hand)
    bank = "".join(_card_html(c, size="small") for c in player.get("bank", []) if c is not None)
    gamble = "".join(_card_html(HIDDEN, size="small", peek=c)
                     for c in player.get("gamble", []) if c is not None)
    return (f'<div style="{panel}">'
            f'<div style="{_style(font_weight="700", font_size="13px")}">{title}{badge_html}</div>'
            f'{_zone_html(hand_label, hand_cards, lap)}'
            f'<div style="{_style(display="flex", flex_wrap="wrap")}">'
            f'{_zone_html("bank", bank)}{_zone_html("gamble", gamble)}</div></div>')


def _empty_note(text: str) -> str:
    return f'<span style="{_style(font_size="11px", color="#8a968f", font_style="italic", align_self="center")}">{text}</span>'


def _felt_html(position: dict, info: dict) -> str:
    felt = _style(display="flex", flex_wrap="wrap", align_items="flex-end", justify_content="center",
                  gap="10px 34px", margin="8px 2px", padding="18px 12px 10px",
                  background=f"radial-gradient(ellipse at center,{FELT} 0%,{FELT_EDGE} 100%)",
                  border_radius="16px", color="#eef6f1")
    caption = _style(font_size="11px", text_align="center", margin_top="4px")

    def pile(title, count, card):
        return (f'<div style="{_style(text_align="center")}">{card}'
                f'<div style="{caption}">{title}<br><b>{count}</b></div></div>')

    draw = pile("draw pile", info["draw"], _card_html(HIDDEN, size="big") if info["draw"] else _empty_slot())
    discard_cards = position.get("discard", [])
    burned = (f'<span style="{_style(filter="grayscale(.7) brightness(.85)")}">'
              f'{_card_html(discard_cards[-1], size="big")}</span>' if discard_cards else _empty_slot())
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
    stack_html = (f'<div style="{_style(text_align="center")}"><div style="{_style(display="flex", justify_content="center")}">{"".join(cards)}</div>'
                  f'<div style="{caption}">stack {len(stack)} \u00b7 {more}{note}</div></div>')
    return f'<div style="{felt}">{draw}{stack_html}{discard}</div>'


def _empty_slot() -> str:
    w, h = SIZES["big"][:2]
    return (f'<span style="{_style(display="inline-block", width=f"{w}px", height=f"{h}px", border="2px dashed rgba(255,255,255,.45)", border_radius="5px", box_sizing="border-box")}"></span>')


def game_html(game_or_dict, view=None) -> str:
    """The position as a self-contained HTML picture (inline styles, no scripts).

    ``game_or_dict`` is a Game or a position dict (``Game.to_dict()`` format). ``view`` is
    ``None``/``"table"`` for every card open, or a seat number to show only what that seat sees.
    """
    if is_trick_game(game_or_dict):
        return trick_html(game_or_dict, view)
    position, info = describe(game_or_dict, view)
    log = narration(game_or_dict, view) if _is_game(game_or_dict) else []
    arrow = "\u21bb clockwise" if info["direction"] == 1 else "\u21ba reversed"
    out = ", ".join(f"{k}. P{s}" for k, s in enumerate(info["finished"], 1))
    header_bits = [html.escape(info["variant"]), html.escape(info["status"]), arrow]
    if out:
        header_bits.append(f"out: {out}")
    if info["view"] != "table":
        header_bits.append(f"seen by P{info['view']}")
    header = (f'<div style="{_style(font_size="13px", color=INK, margin="0 4px 4px", font_weight="600")}">'
              + " \u00b7 ".join(header_bits) + "</div>")
    players = position["players"]
    row = _style(display="flex", flex_wrap="wrap", justify_content="center")
    top = "".join(_seat_html(i, players[i], info) for i in info["rows"]["top"])
    bottom = "".join(_seat_html(i, players[i], info) for i in info["rows"]["bottom"])
    recent = ""
    if log:
        lines = "".join(f"<div>{html.escape(t)}</div>" for t in log[-3:])
        recent = f'<div style="{_style(font_size="12px", color="#44524b", margin="4px 6px", border_left="3px solid #cfd8d2", padding_left="6px")}">{lines}</div>'
    box = _style(font_family="'DejaVu Sans',Arial,sans-serif", max_width="980px",
                 padding="6px", border="1px solid #d5ddd8", border_radius="10px",
                 background="#ffffff")
    return (f'<div class="scheissekopf-table" style="{box}">{header}'
            f'<div style="{row}">{top}</div>{_felt_html(position, info)}'
            f'<div style="{row}">{bottom}</div>{recent}</div>')


# ---------------------------------------------------------------------------------------------
# The trick-taking games (sheepshead, schafkopf, mehrkopf)
#
# French cards (sheepshead) look like the shedding games' cards. German cards are written suit
# letter first ("EO", "S10") and are drawn with the rank letter in the corner (O U G A 10 S K 9 8
# 7 6 P, exactly as the card text has it) and a suit mark in the suit's own colour, borrowed from
# the French suit each German suit stands for on a double-suited deck:
#
#   Eichel (acorns)  ♣ dark brown     Gras (leaves)  ♠ green
#   Herz (hearts)    ♥ red            Schellen (bells)  ● gold, a round bell
#
# so no German card can be mistaken for a French one and the four suits differ in colour as
# well as in shape. Trump cards of the game being played carry a small gold corner.

GERMAN_SUITS = {"E": ("\u2663", "eichel", "Eichel"), "G": ("\u2660", "gras", "Gras"),
                "H": ("\u2665", "herz", "Herz"), "S": ("\u25cf", "schellen", "Schellen")}
INKS.update({"eichel": "#6b3f1d", "gras": "#2b7a35", "herz": RED, "schellen": "#c98a00"})


def german_card_parts(text) -> tuple[str, str, str]:
    """``("O", "♣", "eichel")`` for ``"EO"``; ``"??"`` a back (as :func:`card_parts`)."""
    if text is None or text == HIDDEN:
        return "", "", "back"
    text = str(text)
    symbol, colour, _ = GERMAN_SUITS[text[0].upper()]
    return text[1:], symbol, colour


def _trick_game(game_or_dict):
    if isinstance(game_or_dict, dict):
        from .trick import from_dict
        return from_dict(game_or_dict)
    return game_or_dict


_SHEEPSHEAD_MODES = {"pick": "{who} picked; no partner called yet",
                     "called": "{who} picked and called {called}",
                     "alone": "{who} picked and plays alone", "leaster": "a leaster (fewest points win)"}


def contract_text(game) -> str | None:
    """The game being played in plain words, e.g. ``"P2 plays a normal game calling EA"``."""
    c = game.contract
    if c is None:
        return None
    if game.family.name == "german":
        from .trick.schafkopf import game_name
        what = game_name(c.mode, c.suit, c.called, c.tout, c.must)
    else:
        who = "" if c.declarer is None else game.names[c.declarer]
        what = _SHEEPSHEAD_MODES.get(c.mode, c.mode).format(called=c.called, who=who)
        return what[:1].upper() + what[1:]
    if c.declarer is None:
        return what[:1].upper() + what[1:]
    return f"{game.names[c.declarer]} plays {what}"


def _trick_status(game, info) -> str:
    names = info["names"]
    who = names[game.turn] if game.turn is not None else ""
    phase = game.phase
    if phase == "over":
        return "Hand over \u2014 " + (info["result"] or "thrown in")
    words = {"pick": f"{who}: pick up the blind or pass",
             "bury": f"{who} picked: bury two cards",
             "call": f"{who}: call a partner (or play alone)",
             "double": f"{who}: double (knock) or pass",
             "auction": f"Auction \u2014 {who} to speak",
             "declare": f"{who} won the auction: name the game",
             "wedding": f"{who}: accept the wedding or pass"}
    if phase in words:
        return words[phase]
    return f"{who} to lead" if not game.trick else f"{who} to play"


def describe_trick(game_or_dict, view=None) -> tuple[dict, dict]:
    """``(position, info)`` of a trick-taking hand as ``view`` sees it (as :func:`describe`).

    The position is ``game.view(seat).to_dict()`` for a seat: other hands, the blind, the buried
    cards and the card in the hole are ``"??"`` there. ``info`` adds what the table draws: the
    trick being played with who played what, the last trick, tricks taken per seat, the game
    being played, who is known to play with whom, and the settlement once the hand is over.
    """
    game = _trick_game(game_or_dict)
    seat = None if view in (None, "table") else int(view)
    seen = game if seat is None else game.view(seat)
    position = seen.to_dict()
    if seat is not None:
        position.pop("seed", None)
    n = game.n
    names = list(game.names)
    over = game.phase == "over"
    won = game.tricks_won()
    points = game.taken_points() if (seat is None or over) else None
    declarers = position.get("declarers") or []
    contract = position.get("contract") or {}
    declarer = contract.get("declarer")
    result = None
    scores = None
    if over:
        for e in reversed(game.log):
            if e.kind == "result":
                result = e.text
                break
        try:
            scores = {str(s): str(v) for s, v in game.scores().items()}
        except (ValueError, KeyError):
            scores = None
    bids = position.get("bids") or [None] * n
    doubles = position.get("doubles") or [None] * n
    active = set(game.active)
    seats = []
    for i in range(n):
        seats.append({
            "name": names[i],
            "hand": len(position["players"][i].get("hand", [])),
            "tricks": won[i],
            "points": None if points is None else points[i],
            "declarer": declarer == i,
            "partner": i in declarers and declarer != i,
            "bid": bids[i],
            "double": doubles[i],
            "out": i not in active,
            "score": None if scores is None else scores[str(i)],
            "bot": False,
        })
    cards_now = (position.get("trick") or {}).get("cards", [])
    trick = [{"seat": s, "card": c} for s, c in zip(game.trick_seats, cards_now)]
    last = None
    if position["tricks"]:
        t, full = position["tricks"][-1], game.tricks[-1]
        last = {"number": len(position["tricks"]), "winner": t["winner"], "points": full.points,
                "plays": [{"seat": s, "card": c} for s, c in zip(full.seats, t["cards"])]}
        if "??" in t["cards"]:
            last["points"] = None                   # the card in the hole is not known here
    order = game.order
    top, bottom = seat_rows(n, seat if seat is not None else 0)
    info = {
        "game": "trick",
        "variant": game.variant,
        "family": game.family.name,
        "phase": game.phase,
        "turn": game.turn,
        "actor": None if over else game.turn,
        "pending": None,
        "view": "table" if seat is None else seat,
        "names": names,
        "seats": seats,
        "rows": {"top": top, "bottom": bottom},
        "moves": len(game.history),
        "trick": trick,
        "last_trick": last,
        "blind": len(position.get("blind", [])),
        "contract": contract_text(game),
        "multiplier": position.get("multiplier", 1),
        "trumps": [str(c) for c in order.trumps],
        "result": result,
        "scores": scores,
        "layout": bool(game.layout),
    }
    info["status"] = _trick_status(game, info)
    return position, info


def trick_narration(game, view=None) -> list[str]:
    """The event texts as ``view`` may read them: a finished trick that held the card in the hole
    names it only where the seat's view shows it."""
    if view in (None, "table"):
        return [e.text for e in game.log]
    tricks = game.view(int(view)).to_dict()["tricks"]
    from .trick.events import _trick
    out = []
    for e in game.log:
        if e.kind == "trick":
            number, pts, _cards = e.args
            cards = tricks[number - 1]["cards"] if number - 1 < len(tricks) else []
            hidden = "??" in cards
            text = _trick(e._names, e.player, number, pts, cards)
            if hidden:
                text = text.rsplit(" with ", 1)[0] + "."
            out.append(text)
        else:
            out.append(e.text)
    return out


def _tcard(text, family, *, size="normal", lap=0, trump=False, peek=None) -> str:
    if family != "german" or text in (None, HIDDEN):
        card = _card_html(text, size=size, lap=lap, peek=peek)
        return card if not trump else card.replace('">', f';box-shadow:inset 0 3px 0 {GOLD},0 1px 2px rgba(0,0,0,.3)">', 1)
    w, h, index_px, pip_px = SIZES[size]
    rank, symbol, colour = german_card_parts(text)
    base = _card_box(w, h, lap)
    base.update(background=CARD_FACE, border=f"1px solid {CARD_EDGE}", color=INKS[colour],
                box_shadow=(f"inset 0 3px 0 {GOLD},0 1px 2px rgba(0,0,0,.3)" if trump
                            else "0 1px 2px rgba(0,0,0,.3)"))
    return _card_face(text, rank, symbol, base, index_px, pip_px, corner_top="4px")


def trick_html(game_or_dict, view=None) -> str:
    """A trick-taking hand as a self-contained HTML picture (inline styles, no scripts)."""
    game = _trick_game(game_or_dict)
    position, info = describe_trick(game, view)
    fam = info["family"]
    trumps = set(info["trumps"])
    names = info["names"]
    header_bits = [html.escape(info["variant"]), html.escape(info["status"])]
    if info["contract"] and game.phase != "over":
        header_bits.append(html.escape(info["contract"]))
    if info["multiplier"] != 1:
        header_bits.append(f"counts \u00d7{info['multiplier']}")
    if info["view"] != "table":
        header_bits.append(f"seen by P{info['view']}")
    header = (f'<div style="{_style(font_size="13px", color=INK, margin="0 4px 4px", font_weight="600")}">'
              + " \u00b7 ".join(header_bits) + "</div>")

    def seat_html(i):
        seat = info["seats"][i]
        player = position["players"][i]
        is_actor = info["actor"] == i
        panel = _style(flex="1 1 170px", min_width="150px", max_width="330px", margin="3px",
                       padding="5px 7px 6px", border=f"2px solid {GOLD}" if is_actor else "1px solid #cfd8d2",
                       border_radius="9px", background="#f7faf8", box_sizing="border-box", color=INK,
                       opacity=".55" if seat["out"] else "1")
        badges = []
        if is_actor:
            badges.append(("to move", GOLD, "#3a2b00"))
        if seat["declarer"]:
            badges.append(("picker" if fam == "french" else "declarer", "#2b4c8c", "#fff"))
        if seat["partner"]:
            badges.append(("partner", "#3a62ad", "#fff"))
        if seat["out"]:
            badges.append(("sits out", "#8a968f", "#fff"))
        if seat["bid"] and game.phase in ("pick", "auction", "declare"):
            badges.append((seat["bid"], "#dfe6e2", "#3b4a42"))
        badge_html = "".join(
            f'<span style="{_style(background=bg, color=fg, border_radius="8px", padding="1px 6px", font_size="10px", font_weight="600", margin_left="4px")}">{html.escape(str(t))}</span>'
            for t, bg, fg in badges)
        hand = player.get("hand", [])
        lap = _fan_lap(hand)
        cards = "".join(_tcard(c, fam, lap=lap, trump=c in trumps) for c in hand)
        zones = _zone_html(f"hand \u00b7 {len(hand)}", cards, lap)
        if info["layout"]:
            up = "".join(_tcard(c, fam, size="small") for c in player.get("bank", []) if c is not None)
            down = "".join(_tcard(HIDDEN, fam, size="small", peek=None if c == HIDDEN else c)
                           for c in player.get("gamble", []) if c is not None)
            zones = _zone_html("face up", up) + _zone_html("face down", down)
        taken = f"tricks {seat['tricks']}"
        if seat["points"] is not None:
            taken += f" \u00b7 {seat['points']} points"
        if seat["score"] is not None:
            taken += f" \u00b7 score {seat['score']}"
        return (f'<div style="{panel}"><div style="{_style(font_weight="700", font_size="13px")}">'
                f'{html.escape(names[i])}{badge_html}</div>{zones}'
                f'<div style="{_style(font_size="11px", color="#44524b", margin_top="2px")}">{taken}</div></div>')

    felt = _style(display="flex", flex_wrap="wrap", align_items="flex-end", justify_content="center",
                  gap="10px 34px", margin="8px 2px", padding="14px 12px 10px",
                  background=f"radial-gradient(ellipse at center,{FELT} 0%,{FELT_EDGE} 100%)",
                  border_radius="16px", color="#eef6f1")
    caption = _style(font_size="11px", text_align="center", margin_top="4px")

    def played(plays, size="big"):
        if not plays:
            return _empty_slot()
        return "".join(f'<span style="{_style(display="inline-block", text_align="center", margin="0 2px")}">'
                       f'{_tcard(p["card"], fam, size=size, trump=p["card"] in trumps)}'
                       f'<br><span style="{_style(font_size="10.5px")}">{html.escape(names[p["seat"]])}</span></span>'
                       for p in plays)

    parts = []
    blind = position.get("blind", [])
    if blind:
        peeks = "".join(_tcard(HIDDEN, fam, peek=None if c == HIDDEN else c) for c in blind)
        parts.append(f'<div style="{_style(text_align="center")}">{peeks}<div style="{caption}">blind</div></div>')
    label = f"trick {len(position['tricks']) + 1}" if game.phase == "play" else "no trick being played"
    parts.append(f'<div style="{_style(text_align="center")}">{played(info["trick"])}'
                 f'<div style="{caption}">{label}</div></div>')
    last = info["last_trick"]
    if last:
        pts = "" if last["points"] is None else f", {last['points']} points"
        parts.append(f'<div style="{_style(text_align="center", opacity=".85")}">{played(last["plays"], "small")}'
                     f'<div style="{caption}">last trick: {html.escape(names[last["winner"]])}{pts}</div></div>')
    felt_html = f'<div style="{felt}">{"".join(parts)}</div>'
    row = _style(display="flex", flex_wrap="wrap", justify_content="center")
    top = "".join(seat_html(i) for i in info["rows"]["top"])
    bottom = "".join(seat_html(i) for i in info["rows"]["bottom"])
    log = trick_narration(game, view)
    recent = ""
    if log:
        lines = "".join(f"<div>{html.escape(t)}</div>" for t in log[-3:])
        recent = f'<div style="{_style(font_size="12px", color="#44524b", margin="4px 6px", border_left="3px solid #cfd8d2", padding_left="6px")}">{lines}</div>'
    box = _style(font_family="'DejaVu Sans',Arial,sans-serif", max_width="980px", padding="6px",
                 border="1px solid #d5ddd8", border_radius="10px", background="#ffffff")
    return (f'<div class="scheissekopf-table" style="{box}">{header}<div style="{row}">{top}</div>'
            f'{felt_html}<div style="{row}">{bottom}</div>{recent}</div>')

