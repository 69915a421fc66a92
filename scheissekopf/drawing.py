"""How a card and a table look as plain HTML, whatever the game: the palette, the card faces,
the seats round the table. Each family draws its table with these (``shedding/render.py``,
``trick/render.py``).

Only inline styles (no ``<style>`` block, no scripts), so a picture still shows where no kernel
runs: nbconvert's HTML, notebook viewers that strip style sheets, ``_repr_html_``. The colours
and card proportions are the same as in ``widgets/table.css``; change both together.
"""

from __future__ import annotations

import html

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


def card_title(text) -> str:
    """A French card's code as people say it, for a tooltip: ``10♥`` for ``"10H"``, ``joker``."""
    rank, symbol, colour = card_parts(text)
    if colour == "back":
        return "face down"
    return "joker" if colour == "joker" else f"{rank}{symbol}"


def words_of_cards(data, words: dict) -> dict:
    """The part of ``words`` (card text -> the card as people say it) for the card texts found
    anywhere in ``data`` (a position as a viewer may see it): what a table needs for its
    tooltips, and nothing about the cards it does not show."""
    found: dict = {}
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if item in words:
                found[item] = words[item]
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, (list, tuple)):
            todo.extend(item)
    return found


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
    left, top, right = others[:side], others[side : len(others) - side], others[len(others) - side :]
    return top, list(reversed(left)) + [home] + list(reversed(right))


# ---------------------------------------------------------------------------------------------
# Static HTML (inline styles only)


def _style(**props) -> str:
    return ";".join(f"{k.replace('_', '-')}:{v}" for k, v in props.items())


# Card sizes (width, height) and index/pip font sizes, as in table.css.
SIZES = {"normal": (40, 56, 13, 20), "small": (32, 45, 11.5, 14), "big": (46, 64, 15, 25)}
INKS = {
    "red": RED,
    "black": BLACK,
    "joker": JOKER,
    # German suits (see trick/render.py): Eichel, Gras, Herz, Schellen
    "eichel": "#6b3f1d",
    "gras": "#2b7a35",
    "herz": RED,
    "schellen": "#c98a00",
}


def _card_box(w, h, lap):
    """The style every card starts from: its size, its place in a (fanned) row, its font."""
    return dict(
        display="inline-block",
        position="relative",
        width=f"{w}px",
        height=f"{h}px",
        border_radius="5px",
        box_sizing="border-box",
        margin=f"0 3px 3px {-lap}px" if lap else "0 3px 3px 0",
        vertical_align="top",
        font_family="'DejaVu Sans',Arial,sans-serif",
        line_height="1",
        flex="none",
    )


def _card_face(text, rank, symbol, base, index_px, pip_px, corner_top="3px", word=None):
    """A face-up card: rank and suit symbol in the top corner, the symbol again bottom right;
    its tooltip is ``word``, the card as people say it (a French card's by default: ``10♥``)."""
    corner = _style(
        position="absolute",
        left="3px",
        top=corner_top,
        font_size=f"{index_px}px",
        font_weight="700",
        text_align="center",
        letter_spacing="-0.5px",
    )
    pip = _style(position="absolute", right="4px", bottom="3px", font_size=f"{pip_px}px")
    label = html.escape(word if word is not None else card_title(text))
    return (
        f'<span title="{label}" style="{_style(**base)}">'
        f'<span style="{corner}">{html.escape(rank)}<br>{symbol}</span>'
        f'<span style="{pip}">{symbol}</span></span>'
    )


def _card_html(
    text, *, size="normal", ring=False, ghost=False, peek=None, lap=0, peek_word=None, peek_parts=None
) -> str:
    """One card; ``peek`` writes a face-down card's face on a tag (the open table view), drawn
    from ``peek_parts`` (rank, symbol, colour; a French card's by default) and named in the
    tooltip by ``peek_word``; ``lap`` overlaps it with the card before (a fanned hand)."""
    w, h, index_px, pip_px = SIZES[size]
    rank, symbol, colour = card_parts(text)
    base = _card_box(w, h, lap)
    if colour == "back":
        base.update(
            border="2px solid #fff",
            background=(f"repeating-linear-gradient(45deg,{BACK} 0 4px,{BACK_STRIPE} 4px 8px)"),
            box_shadow="0 0 0 1px #9aa9c4,0 1px 2px rgba(0,0,0,.35)",
        )
        tag = ""
        if peek not in (None, HIDDEN):
            p_rank, p_symbol, p_colour = peek_parts if peek_parts is not None else card_parts(peek)
            tag_style = _style(
                position="absolute",
                left="2px",
                right="2px",
                bottom="2px",
                background=CARD_FACE,
                color=INKS[p_colour],
                border_radius="3px",
                font_size="10px",
                font_weight="700",
                text_align="center",
                padding="1px 0",
            )
            tag = f'<span style="{tag_style}">{html.escape(p_rank)}{p_symbol}</span>'
        seen = peek_word if peek_word is not None else card_title(peek) if tag else ""
        title = "face down" + (f" ({html.escape(seen)})" if tag else "")
        return f'<span title="{title}" style="{_style(**base)}">{tag}</span>'
    base.update(
        background=CARD_FACE, border=f"1px solid {CARD_EDGE}", color=INKS[colour], box_shadow="0 1px 2px rgba(0,0,0,.3)"
    )
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
    head = _style(
        font_size="9.5px",
        color="#5b6b62",
        text_transform="uppercase",
        letter_spacing=".06em",
        white_space="nowrap",
        margin_bottom="4px",
    )
    row = _style(display="flex", flex_wrap="wrap", align_items="flex-end", min_height="30px", padding_left=f"{lap}px")
    return (
        f'<div style="{_style(margin_top="4px", margin_right="14px")}"><div style="{head}">{html.escape(label)}</div>'
        f'<div style="{row}">{cards or _empty_note("empty")}</div></div>'
    )


def _empty_note(text: str) -> str:
    return f'<span style="{_style(font_size="11px", color="#8a968f", font_style="italic", align_self="center")}">{text}</span>'


def _empty_slot() -> str:
    w, h = SIZES["big"][:2]
    return f'<span style="{_style(display="inline-block", width=f"{w}px", height=f"{h}px", border="2px dashed rgba(255,255,255,.45)", border_radius="5px", box_sizing="border-box")}"></span>'


CAPTION = _style(font_size="11px", text_align="center", margin_top="4px")  # under a pile or trick


def felt_style(padding_top: str) -> str:
    """The green felt in the middle of the table."""
    return _style(
        display="flex",
        flex_wrap="wrap",
        align_items="flex-end",
        justify_content="center",
        gap="10px 34px",
        margin="8px 2px",
        padding=f"{padding_top} 12px 10px",
        background=f"radial-gradient(ellipse at center,{FELT} 0%,{FELT_EDGE} 100%)",
        border_radius="16px",
        color="#eef6f1",
    )


def table_frame(header: str, top: str, felt: str, bottom: str, log: list[str]) -> str:
    """A whole table: the header line, the top row of seats, the felt, the bottom row, and the
    last three lines of the log, in one white box."""
    row = _style(display="flex", flex_wrap="wrap", justify_content="center")
    recent = ""
    if log:
        lines = "".join(f"<div>{html.escape(t)}</div>" for t in log[-3:])
        note = _style(
            font_size="12px", color="#44524b", margin="4px 6px", border_left="3px solid #cfd8d2", padding_left="6px"
        )
        recent = f'<div style="{note}">{lines}</div>'
    box = _style(
        font_family="'DejaVu Sans',Arial,sans-serif",
        max_width="980px",
        padding="6px",
        border="1px solid #d5ddd8",
        border_radius="10px",
        background="#ffffff",
    )
    return (
        f'<div class="scheissekopf-table" style="{box}">{header}<div style="{row}">{top}</div>'
        f'{felt}<div style="{row}">{bottom}</div>{recent}</div>'
    )
