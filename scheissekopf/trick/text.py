"""A plain-text picture of a trick-taking hand (what ``print(game)`` shows)."""

from __future__ import annotations


def game_text(g) -> str:
    lines = [f"{g.variant}, {g.n} players, dealer {g.names[g.dealer]}, phase {g.phase}"]
    c = g.contract
    if c is not None:
        from .schafkopf import game_name

        if g.family.name == "german":
            what = game_name(c.mode, c.suit, c.called, c.tout, c.must)
        else:
            what = {
                "pick": "picked, not yet called",
                "called": f"called {c.called}",
                "alone": "picker alone",
                "leaster": "leaster",
            }[c.mode]
        who = "" if c.declarer is None else f" by {g.names[c.declarer]}"
        lines.append(f"game: {what}{who}")
    for s, pl in enumerate(g.players):
        mark = ">" if s == g.turn else " "
        if g.layout:
            up = " ".join("--" if x is None else str(x) for x in pl.bank)
            down = sum(x is not None for x in pl.gamble)
            lines.append(f"{mark} {g.names[s]:<8} face up: {up}   face down: {down}")
        else:
            lines.append(f"{mark} {g.names[s]:<8} {' '.join(map(str, pl.hand))}")
    if g.blind:
        lines.append(f"  blind: {len(g.blind)} cards")
    if g.trick:
        lines.append("  trick: " + ", ".join(f"{g.names[s]} {x}" for s, x in zip(g.trick_seats, g.trick)))
    lines.append(f"  tricks played: {len(g.tricks)}")
    if g.phase == "over":
        sc = g.scores()
        lines.append("  scores: " + ", ".join(f"{g.names[s]} {v}" for s, v in sc.items()))
    return "\n".join(lines)
