"""Perft counts for the shedding games: how many positions ``legal_moves`` and ``play`` reach at
each depth from fixed positions, as python-chess keeps them in ``examples/perft/*.perft``.

A count is the number of move sequences of exactly that length from the position (a round that
ends sooner counts nothing further); two generators that agree on these counts offer the same
moves in every position they pass through. ``tests/test_shedding_perft.py`` reads the files
this writes, ``tests/perft/<preset>.perft``:

    id bitenight-4p-jump-in
    text bitenight | P0 ... | turn P1
    perft 1 5
    perft 2 31

Positions are found by playing seeded games with random moves and keeping the first position
of each kind asked for (a jump-in offered, a joker target to name, a see-through 3 on top, 8s
to play, schwechat's columns and voluntary takes, ...); each is counted to the deepest depth
that stays within a budget of positions.

    python tools/perft.py bitenight            # print the file it would write
    python tools/perft.py bitenight --write    # write tests/perft/bitenight.perft (never over one)
    python tools/perft.py --check              # count every file again and compare

``--write`` refuses to replace an existing file: delete it first, deliberately, after checking
why the counts moved.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import scheissekopf as sk  # noqa: E402

PERFT_DIR = ROOT / "tests" / "perft"
BUDGET = 10_000  # positions per entry, at most (a file of several entries counts in a few seconds)
MAX_DEPTH = 8


def perft(game, depth: int) -> int:
    """Move sequences of exactly ``depth`` moves from ``game`` (played and taken back)."""
    if depth == 0:
        return 1
    moves = list(game.legal_moves())
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        game.play(m)
        total += perft(game, depth - 1)
        game.undo()
    return total


def counts(game, budget: int = BUDGET, max_depth: int = MAX_DEPTH) -> list[int]:
    """Perft at depth 1, 2, ... while the total counted stays within ``budget``."""
    out: list[int] = []
    spent = 0
    for depth in range(1, max_depth + 1):
        n = perft(game, depth)
        if out and spent + n > budget:
            break
        out.append(n)
        spent += n
        if n == 0:
            break
    return out


# ---------------------------------------------------------------------- the kinds of position
def _top_rank(g):
    return g.stack[-1] >> 2 if g.stack else None


def _mine(g):
    return [m for m in g.legal_moves() if m.player == g.turn]


KINDS = {
    "bitenight": {
        "jump-in": lambda g: any(m.player != g.turn for m in g.legal_moves()),
        "joker-target": lambda g: any(m.kind == "joker" for m in _mine(g)) and g.pending is None,
        "joker-pending": lambda g: g.pending is not None,
        "see-through-3": lambda g: _top_rank(g) == 3 and len(g.stack) > 1,
        "eights": lambda g: sum(m.kind == "play" and m.cards[0] >> 2 == 8 for m in _mine(g)) >= 2,
        "seven-on-top": lambda g: _top_rank(g) == 7,
        "bank": lambda g: g.active_zone(g.turn) == "bank" and len(_mine(g)) > 1,
        "gamble": lambda g: any(m.kind == "flip" for m in _mine(g)),
    },
    "palace": {
        "hand": lambda g: len(_mine(g)) >= 4,
        "bank-lays": lambda g: any(m.kind == "take" and m.cards for m in _mine(g)),
        "bank": lambda g: g.active_zone(g.turn) == "bank" and any(m.kind == "play" for m in _mine(g)),
        "gamble": lambda g: any(m.kind == "flip" for m in _mine(g)),
        "near-four": lambda g: len(g.stack) >= 2 and g.stack[-1] >> 2 == g.stack[-2] >> 2,
    },
    "schwechat": {
        "voluntary-take": lambda g: any(m.kind == "take" for m in _mine(g)) and any(m.kind == "play" for m in _mine(g)),
        "columns": lambda g: g.active_zone(g.turn) == "bank" and any(m.kind == "flip" for m in _mine(g)),
        "seven-on-top": lambda g: _top_rank(g) == 7,
        "mirror-3": lambda g: _top_rank(g) == 3 and len(g.stack) > 1,
        "eights": lambda g: any(m.kind == "play" and m.cards[0] >> 2 == 8 for m in _mine(g)),
        "joker-reverse": lambda g: any(m.kind == "play" and m.cards[0] >> 2 == 15 for m in _mine(g)),
        "gamble": lambda g: g.active_zone(g.turn) == "gamble",
    },
}


def find_positions(variant: str, seats=(2, 4), seeds=range(40)):
    """(id, position text) of the first position of each kind at each table size."""
    found = []
    for n in seats:
        wanted = dict(KINDS[variant])
        for seed in seeds:
            if not wanted:
                break
            g = sk.new_game(variant, n, seed=seed)
            rng = random.Random(seed)
            while g.phase != "over" and wanted:
                moves = g.legal_moves()
                if g.phase == "play":
                    kinds = [kind for kind, test in wanted.items() if test(g)]
                    if kinds:  # (one entry for a position of several kinds)
                        found.append((f"{variant}-{n}p-{'+'.join(kinds)}", g.to_text()))
                        for kind in kinds:
                            del wanted[kind]
                if g.phase == "setup":  # a short setup: ready at once, mostly
                    ready = [m for m in moves if m.kind in ("ready", "place")]
                    g.play(rng.choice(ready or list(moves)))
                else:
                    g.play(rng.choice(moves))
    return found


# ---------------------------------------------------------------------- the files
def render(entries) -> str:
    lines = [
        "# Perft counts: move sequences of exactly each length from each position (tools/perft.py).",
    ]
    for ident, text, numbers in entries:
        lines += ["", f"id {ident}", f"text {text}"]
        lines += [f"perft {d} {n}" for d, n in enumerate(numbers, 1)]
    return "\n".join(lines) + "\n"


def read(path: Path) -> list[tuple[str, str, list[tuple[int, int]]]]:
    """The entries of a perft file: (id, position text, [(depth, count)])."""
    entries: list[tuple[str, str, list[tuple[int, int]]]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "id":
            entries.append((rest, "", []))
        elif word == "text":
            ident, _, depths = entries[-1]
            entries[-1] = (ident, rest, depths)
        elif word == "perft":
            d, n = rest.split()
            entries[-1][2].append((int(d), int(n)))
        else:
            raise ValueError(f"{path.name}: cannot read {line!r}")
    return entries


def build(variant: str) -> str:
    entries = []
    for ident, text in find_positions(variant):
        entries.append((ident, text, counts(sk.from_text(text))))
    return render(entries)


def check() -> bool:
    ok = True
    for path in sorted(PERFT_DIR.glob("*.perft")):
        for ident, text, depths in read(path):
            for d, n in depths:
                got = perft(sk.from_text(text), d)
                if got != n:
                    print(f"{path.name} {ident}: perft {d} is {got}, the file says {n}")
                    ok = False
    return ok


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant", nargs="?", choices=sorted(KINDS))
    ap.add_argument("--write", action="store_true", help="write tests/perft/<variant>.perft (never over a file)")
    ap.add_argument("--check", action="store_true", help="count every file again and compare")
    args = ap.parse_args(argv)
    if args.check:
        return 0 if check() else 1
    if args.variant is None:
        ap.error("name a variant, or --check")
    text = build(args.variant)
    if not args.write:
        print(text, end="")
        return 0
    path = PERFT_DIR / f"{args.variant}.perft"
    if path.exists():
        print(f"{path} exists: not written (delete it first if the counts are meant to change)")
        return 1
    PERFT_DIR.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
