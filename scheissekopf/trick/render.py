"""The trick-taking games drawn: the description the card table syncs to the browser and the
hand as a static HTML picture (see :mod:`scheissekopf.drawing` for the cards themselves).
"""

from __future__ import annotations

import html

from ..drawing import (
    CAPTION,
    CARD_EDGE,
    CARD_FACE,
    GOLD,
    HIDDEN,
    INK,
    INKS,
    SIZES,
    _card_box,
    _card_face,
    _card_html,
    _empty_slot,
    _fan_lap,
    _style,
    _zone_html,
    felt_style,
    seat_rows,
    table_frame,
    words_of_cards,
)
from ..words import Writer, agree, card_word, seat_word
from .cards import GERMAN_FAMILY
from .events import _trick
from .schafkopf import game_name

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

GERMAN_SUITS = {
    "E": ("\u2663", "eichel", "Eichel"),
    "G": ("\u2660", "gras", "Gras"),
    "H": ("\u2665", "herz", "Herz"),
    "S": ("\u25cf", "schellen", "Schellen"),
}


def german_card_parts(text) -> tuple[str, str, str]:
    """``("O", "♣", "eichel")`` for ``"EO"``; ``"??"`` a back (as :func:`card_parts`)."""
    if text is None or text == HIDDEN:
        return "", "", "back"
    text = str(text)
    symbol, colour, _ = GERMAN_SUITS[text[0].upper()]
    return text[1:], symbol, colour


_SHEEPSHEAD_MODES = {
    "pick": "{who} picked; no partner called yet",
    "called": "{who} picked and called {called}",
    "alone": "{who} picked and plays alone",
    "leaster": "a leaster (fewest points win)",
}


def contract_text(game) -> str | None:
    """The game being played in card players' words, e.g. ``"Ben plays a normal game calling
    Eichel-Ass"``."""
    c = game.contract
    if c is None:
        return None
    w = Writer(game.names, people=True)
    if game.family.name == "german":
        what = game_name(c.mode, c.suit, c.called, c.tout, c.must, w)
    else:
        who = "" if c.declarer is None else w[c.declarer]
        called = "" if c.called is None else w.card(c.called)
        what = _SHEEPSHEAD_MODES.get(c.mode, c.mode).format(called=called, who=who)
        return w.finish(what[:1].upper() + what[1:])
    if c.declarer is None:
        return what[:1].upper() + what[1:]
    return w.finish(f"{w[c.declarer]} plays {what}")


def table_facts() -> dict:
    """What the card table's front end draws and says for a hand besides the position, so that
    it never asks which game it shows: ``felt`` "tricks" (the trick being played, the last
    trick and the blind; the tricks taken on request), ``seat_zones`` "hand" (a seat's hand, or
    a two-hand layout's face-up and face-down cards, and its tricks), ``controls`` "moves" (a
    click on a card plays it; every other move is a button of its own) and ``refusal_hints``
    (nothing to add to "It is Ada's turn": a seat plays only in turn)."""
    return {"felt": "tricks", "seat_zones": "hand", "controls": "moves", "refusal_hints": {"out_of_turn": ""}}


def declarer_word(family_name: str) -> str:
    """What the seat that plays the game against the others is called at this table."""
    return "picker" if family_name == "french" else "declarer"


def _trick_status(game, info) -> str:
    """One line on what is going on, made to agree with a seat called "You" ("Auction — you
    to speak")."""
    return agree(_trick_status_text(game, info), info["names"])


def _trick_status_text(game, info) -> str:
    names = info["seat_words"]
    who = names[game.turn] if game.turn is not None else ""
    phase = game.phase
    if phase == "over":
        return "Hand over \u2014 " + (info["result"] or "thrown in")
    words = {
        "pick": f"{who}: pick up the blind or pass",
        "bury": f"{who} picked: bury two cards",
        "call": f"{who}: call a partner (or play alone)",
        "double": f"{who}: double (knock) or pass",
        "auction": f"Auction \u2014 {who} to speak",
        "declare": f"{who} won the auction: name the game",
        "wedding": f"{who}: accept the wedding or pass",
    }
    if phase in words:
        return words[phase]
    return f"{who} to lead" if not game.trick else f"{who} to play"


def describe_trick(game, view=None, *, home=None) -> tuple[dict, dict]:
    """``(position, info)`` of a trick-taking hand as ``view`` sees it (as the shedding games'
    ``describe``).

    The position is ``game.view(seat).to_dict()`` for a seat: other hands, the blind, the buried
    cards and the card in the hole are ``"??"`` there. ``info`` adds what the table draws: the
    trick being played with who played what, the last trick, tricks taken per seat, the game
    being played, who is known to play with whom, and the settlement once the hand is over.
    """
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
                result = e.words
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
        seats.append(
            {
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
            }
        )
    cards_now = (position.get("trick") or {}).get("cards", [])
    trick = [{"seat": s, "card": c} for s, c in zip(game.trick_seats, cards_now)]
    last = None
    if position["tricks"]:
        t, full = position["tricks"][-1], game.tricks[-1]
        last = {
            "number": len(position["tricks"]),
            "winner": t["winner"],
            "points": full.points,
            "plays": [{"seat": s, "card": c} for s, c in zip(full.seats, t["cards"])],
        }
        if "??" in t["cards"]:
            last["points"] = None  # the card in the hole is not known here
    order = game.order
    top, bottom = seat_rows(n, home if home is not None else seat if seat is not None else 0)
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
        "seat_words": [seat_word(names, i) for i in range(n)],
        "card_words": words_of_cards(position, _card_words(game)),
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
        "declarer_word": declarer_word(game.family.name),
    }
    info["status"] = _trick_status(game, info)
    return position, info


def trick_narration(game, view=None) -> list[str]:
    """The events in card players' words (``event.words``: Gras-Unter, 10♥) as ``view`` may read
    them: a finished trick that held the card in the hole names it only where the seat's view
    shows it."""
    if view in (None, "table"):
        return [e.words for e in game.log]
    tricks = game.view(int(view)).to_dict()["tricks"]
    w = Writer(game.names, people=True)
    out = []
    for e in game.log:
        if e.kind == "trick":
            number, pts, _cards = e.args
            cards = tricks[number - 1]["cards"] if number - 1 < len(tricks) else []
            hidden = "??" in cards
            text = _trick(w, e.player, number, pts, [game.family.parse(c) for c in cards])
            if hidden:
                text = text.rsplit(" with ", 1)[0] + "."
            out.append(w.finish(text))
        else:
            out.append(e.words)
    return out


_WORDS: dict = {}


def _card_words(game) -> dict:
    """Every card of the hand's deck as people say it (the table's tooltips): ``"EO"`` ->
    ``"Eichel-Ober"``, ``"10H"`` -> ``"10♥"``."""
    key = (game.variant, game.n)
    if key not in _WORDS:
        _WORDS[key] = {str(c): card_word(c) for c in game.rules.deck(game.n)}
    return _WORDS[key]


def _german_word(text) -> str:
    """A German card's name from its code: ``"EO"`` -> ``"Eichel-Ober"``."""
    return card_word(GERMAN_FAMILY.parse(text))


def _tcard(text, family, *, size="normal", lap=0, trump=False, peek=None) -> str:
    if family != "german" or text in (None, HIDDEN):
        german_peek = family == "german" and peek not in (None, HIDDEN)
        card = _card_html(
            text,
            size=size,
            lap=lap,
            peek=peek,
            peek_word=_german_word(peek) if german_peek else None,
            peek_parts=german_card_parts(peek) if german_peek else None,
        )
        return (
            card if not trump else card.replace('">', f';box-shadow:inset 0 3px 0 {GOLD},0 1px 2px rgba(0,0,0,.3)">', 1)
        )
    w, h, index_px, pip_px = SIZES[size]
    rank, symbol, colour = german_card_parts(text)
    base = _card_box(w, h, lap)
    base.update(
        background=CARD_FACE,
        border=f"1px solid {CARD_EDGE}",
        color=INKS[colour],
        box_shadow=(f"inset 0 3px 0 {GOLD},0 1px 2px rgba(0,0,0,.3)" if trump else "0 1px 2px rgba(0,0,0,.3)"),
    )
    return _card_face(text, rank, symbol, base, index_px, pip_px, corner_top="4px", word=_german_word(text))


def trick_html(game, view=None, *, home=None) -> str:
    """A trick-taking hand as a self-contained HTML picture (inline styles, no scripts);
    ``home`` is the seat drawn at the bottom (default: the viewing seat, else the first)."""
    position, info = describe_trick(game, view, home=home)
    fam = info["family"]
    trumps = set(info["trumps"])
    names = info["seat_words"]
    header_bits = [html.escape(info["variant"]), html.escape(info["status"])]
    if info["contract"] and game.phase != "over":
        header_bits.append(html.escape(info["contract"]))
    if info["multiplier"] != 1:
        header_bits.append(f"counts \u00d7{info['multiplier']}")
    if info["view"] != "table":
        header_bits.append(html.escape(agree(f"seen by {names[info['view']]}", info["names"])))
    header = (
        f'<div style="{_style(font_size="13px", color=INK, margin="0 4px 4px", font_weight="600")}">'
        + " \u00b7 ".join(header_bits)
        + "</div>"
    )

    def seat_html(i):
        seat = info["seats"][i]
        player = position["players"][i]
        is_actor = info["actor"] == i
        panel = _style(
            flex="1 1 170px",
            min_width="150px",
            max_width="330px",
            margin="3px",
            padding="5px 7px 6px",
            border=f"2px solid {GOLD}" if is_actor else "1px solid #cfd8d2",
            border_radius="9px",
            background="#f7faf8",
            box_sizing="border-box",
            color=INK,
            opacity=".55" if seat["out"] else "1",
        )
        badges = []
        if is_actor:
            badges.append(("to move", GOLD, "#3a2b00"))
        if seat["declarer"]:
            badges.append((info["declarer_word"], "#2b4c8c", "#fff"))
        if seat["partner"]:
            badges.append(("partner", "#3a62ad", "#fff"))
        if seat["out"]:
            badges.append(("sits out", "#8a968f", "#fff"))
        if seat["bid"] and game.phase in ("pick", "auction", "declare"):
            badges.append((seat["bid"], "#dfe6e2", "#3b4a42"))
        badge_html = "".join(
            f'<span style="{_style(background=bg, color=fg, border_radius="8px", padding="1px 6px", font_size="10px", font_weight="600", margin_left="4px")}">{html.escape(str(t))}</span>'
            for t, bg, fg in badges
        )
        hand = player.get("hand", [])
        lap = _fan_lap(hand)
        cards = "".join(_tcard(c, fam, lap=lap, trump=c in trumps) for c in hand)
        zones = _zone_html(f"hand \u00b7 {len(hand)}", cards, lap)
        if info["layout"]:
            up = "".join(_tcard(c, fam, size="small") for c in player.get("bank", []) if c is not None)
            down = "".join(
                _tcard(HIDDEN, fam, size="small", peek=None if c == HIDDEN else c)
                for c in player.get("gamble", [])
                if c is not None
            )
            zones = _zone_html("face up", up) + _zone_html("face down", down)
        taken = f"tricks {seat['tricks']}"
        if seat["points"] is not None:
            taken += f" \u00b7 {seat['points']} points"
        if seat["score"] is not None:
            taken += f" \u00b7 score {seat['score']}"
        return (
            f'<div style="{panel}"><div style="{_style(font_weight="700", font_size="13px")}">'
            f"{html.escape(names[i])}{badge_html}</div>{zones}"
            f'<div style="{_style(font_size="11px", color="#44524b", margin_top="2px")}">{taken}</div></div>'
        )

    felt = felt_style("14px")
    caption = CAPTION

    def played(plays, size="big"):
        if not plays:
            return _empty_slot()
        return "".join(
            f'<span style="{_style(display="inline-block", text_align="center", margin="0 2px")}">'
            f"{_tcard(p['card'], fam, size=size, trump=p['card'] in trumps)}"
            f'<br><span style="{_style(font_size="10.5px")}">{html.escape(names[p["seat"]])}</span></span>'
            for p in plays
        )

    parts = []
    blind = position.get("blind", [])
    if blind:
        peeks = "".join(_tcard(HIDDEN, fam, peek=None if c == HIDDEN else c) for c in blind)
        parts.append(f'<div style="{_style(text_align="center")}">{peeks}<div style="{caption}">blind</div></div>')
    label = f"trick {len(position['tricks']) + 1}" if game.phase == "play" else "no trick being played"
    parts.append(
        f'<div style="{_style(text_align="center")}">{played(info["trick"])}<div style="{caption}">{label}</div></div>'
    )
    last = info["last_trick"]
    if last:
        pts = "" if last["points"] is None else f", {last['points']} points"
        parts.append(
            f'<div style="{_style(text_align="center", opacity=".85")}">{played(last["plays"], "small")}'
            f'<div style="{caption}">last trick: {html.escape(names[last["winner"]])}{pts}</div></div>'
        )
    felt_html = f'<div style="{felt}">{"".join(parts)}</div>'
    top = "".join(seat_html(i) for i in info["rows"]["top"])
    bottom = "".join(seat_html(i) for i in info["rows"]["bottom"])
    return table_frame(header, top, felt_html, bottom, trick_narration(game, view))
