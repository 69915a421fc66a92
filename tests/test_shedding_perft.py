"""Move generation pinned by perft counts (``tests/perft/<preset>.perft``, written by
``tools/perft.py``): from fixed positions of each shedding preset, at 2 and 4 seats (jump-ins,
joker targets, see-through 3s, 8s, schwechat's columns and voluntary takes among them), the
number of move sequences of each length that ``legal_moves`` and ``play`` reach. A change to how
moves are generated or applied that alters any of them shows here."""

import sys
from pathlib import Path

import pytest

import scheissekopf as sk

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from perft import PERFT_DIR, perft, read  # noqa: E402

ENTRIES = [(path.stem, *entry) for path in sorted(PERFT_DIR.glob("*.perft")) for entry in read(path)]


def test_every_preset_has_its_perft_file_at_two_and_four_seats():
    ids = {ident for _, ident, _, _ in ENTRIES}
    for variant in sk.VARIANTS:
        for seats in (2, 4):
            assert any(i.startswith(f"{variant}-{seats}p-") for i in ids), (variant, seats)
    kinds = {k for i in ids for k in i.split("-", 2)[2].split("+")}
    assert {"jump-in", "joker-target", "joker-pending", "see-through-3", "eights", "columns"} <= kinds
    assert {"voluntary-take", "bank-lays", "gamble", "mirror-3", "joker-reverse"} <= kinds


@pytest.mark.parametrize(("variant", "ident", "text", "depths"), ENTRIES, ids=[e[1] for e in ENTRIES])
def test_perft_counts(variant, ident, text, depths):
    g = sk.from_text(text)
    assert g.variant == variant
    before = g.to_dict()
    got = [(d, perft(g, d)) for d, _ in depths]
    assert got == depths
    assert g.to_dict() == before  # every move taken back
