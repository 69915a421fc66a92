"""A plain-text picture of a position, for terminals and ``print(game)``."""

from __future__ import annotations


def _zone(cards, hide=False):
    if not cards:
        return "-"
    return " ".join("--" if c is None else ("??" if hide else c.pretty()) for c in cards)


def game_text(game, hide_gamble: bool = True) -> str:
    """Every seat's zones, the stack with its effective top, the piles and whose turn it is."""
    lines = [
        f"{game.preset.title}: {game.n} players, {game.phase}"
        + (f", dealer {game.names[game.dealer]}" if game.phase == "setup" else "")
    ]
    for i, pl in enumerate(game.players):
        mark = ">" if game.phase == "play" and i == game.turn else " "
        status = ""
        if i in game.finished:
            status = f"  (out, #{game.finished.index(i) + 1})"
        elif game.loser == i:
            status = "  (Scheißkopf)"
        elif game.phase == "setup" and game.ready[i]:
            status = "  (ready)"
        lines.append(
            f"{mark} {pl.name:<8} hand: {_zone(pl.hand):<24} bank: {_zone(pl.bank):<14} "
            f"gamble: {_zone(pl.gamble, hide_gamble)}{status}"
        )
    top = game.effective_top
    stack = _zone(game.stack[-8:])
    if len(game.stack) > 8:
        stack = f"... {stack}"
    lines.append(
        f"  stack ({len(game.stack)}): {stack}"
        + (f"   effective top: {top.pretty()}" if top is not None and top is not game.stack[-1] else "")
    )
    lines.append(
        f"  draw pile: {len(game._draw)}   discard: {len(game.discard)}   "
        f"direction: {'clockwise' if game.direction == 1 else 'counter-clockwise'}"
    )
    if game._pend is not None:
        lines.append(f"  {game.names[game._pend]} must name who takes the stack (joker)")
    if game.phase == "over":
        lines.append(
            f"  order out: {', '.join(game.names[s] for s in game.finished)}; "
            f"Scheißkopf: {game.names[game.loser]}" + ("  (stalemate)" if game.stalemate else "")
        )
    return "\n".join(lines)
