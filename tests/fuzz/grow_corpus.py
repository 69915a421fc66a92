"""Write the seed corpora the position and move fuzz tests start from (run it again after a
change to the formats: ``python tests/fuzz/grow_corpus.py``).

For every variant: positions along a few seeded random games (the deal, setup, the first
plays, the middle, the end) and, in the trick games, a seat's view of some of them, as position text
(``corpus/position_text``) and as JSON (``corpus/position_json``); and the text of every move
played in those games (``corpus/move_text``), one move a line. The fuzz tests mutate these.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import scheissekopf as sk  # noqa: E402

STOPS = (0, 3, 12, 40, 120)  # moves into a game where a position is kept (and the end)


def positions(variant):
    """(name, game) pairs along seeded random games of `variant` (shedding: at two table
    sizes), and the moves played."""
    sizes = {"bitenight": (4, 2), "palace": (3, 5), "schwechat": (4, 3)}.get(variant, (None,))
    out, moves = [], []
    for players in sizes:
        for seed in (1, 2, 3, 4) if players is None else (1,) if players == sizes[0] else (2,):
            g = sk.new_game(variant, players, seed=seed)
            rng = random.Random(seed)
            k = 0
            while True:
                if k in STOPS or g.phase == "over":
                    out.append((f"{variant}-{g.n}p-s{seed}-m{k}", g.clone()))
                    if k % 2 == 0 and variant in sk.TRICK_VARIANTS:
                        s = k % g.n
                        out.append((f"{variant}-{g.n}p-s{seed}-m{k}-view{s}", g.view(s)))
                if g.phase == "over":
                    break
                move = rng.choice(g.legal_moves())
                moves.append(str(move))
                g.play(move)
                k += 1
    return out, moves


def main():
    for sub in ("position_text", "position_json", "move_text"):
        for old in (HERE / "corpus" / sub).glob("*"):
            old.unlink()
    for variant in sk.ALL_VARIANTS:
        games, moves = positions(variant)
        for name, g in games:
            (HERE / "corpus" / "position_text" / f"{name}.txt").write_text(g.to_text() + "\n", encoding="utf-8")
            text = json.dumps(g.to_dict(), ensure_ascii=False, indent=None)
            (HERE / "corpus" / "position_json" / f"{name}.json").write_text(text + "\n", encoding="utf-8")
        kept = sorted(set(moves), key=moves.index)[:120]
        (HERE / "corpus" / "move_text" / f"{variant}.txt").write_text("\n".join(kept) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
