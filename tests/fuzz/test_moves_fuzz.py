"""Fuzzing the move readers: mutated move texts from the seed corpus (``corpus/move_text``) and
hand-made moves with junk in their fields, played on the corpus positions.

Every move is either played, and then undone exactly, or refused with
:class:`~scheissekopf.IllegalMove` leaving the game as it was: never another exception, never a
hang. ``make fuzz N=20000`` runs N moves of each kind.
"""

from __future__ import annotations

import scheissekopf as sk

from .positions_corpus import JUNK, RUNS, dicts, is_view, move_texts, mutate_text, seeded, time_limit


def games():
    out = []
    for name, d in dicts():
        g = sk.from_dict(d)
        if not is_view(g) and g.phase != "over":
            out.append((name, d))
    return out


def tried(g, move):
    """Play `move` on `g`: accepted and undone exactly, or refused leaving `g` untouched."""
    before = g.to_dict()
    try:
        g.play(move)
    except sk.IllegalMove as exc:
        assert str(exc).strip()
        assert g.to_dict() == before, f"a refused {move!r:.80} changed the game"
        return False
    g.undo()
    assert g.to_dict() == before, f"undoing {move!r:.80} did not restore the game"
    return True


def test_mutated_move_texts_are_played_and_undone_or_refused():
    rng = seeded("moves")
    positions, corpus = games(), move_texts()
    for _ in range(RUNS):
        name, d = rng.choice(positions)
        g = sk.from_dict(d)
        text = rng.choice(corpus[d["variant"]])
        if rng.random() < 0.3:  # the legal moves' own text too, so that some are accepted
            text = str(rng.choice(g.legal_moves()))
        move = mutate_text(text, rng) if rng.random() < 0.8 else text
        with time_limit(f"{name}: {move}"):
            tried(g, move)


def test_hand_made_moves_with_junk_fields_are_refused_or_played():
    rng = seeded("fields")
    positions = games()
    kinds = ["play", "take", "joker", "flip", "swap", "place", "ready", "card", "pass", "bid", "call", "hole", "x"]
    for _ in range(RUNS):
        name, d = rng.choice(positions)
        g = sk.from_dict(d)
        legal = g.legal_moves()
        base = rng.choice(legal) if len(legal) else sk.Move(0, "ready")
        fields = [base.player, base.kind, base.cards, base.target, base.index]
        k = rng.randrange(5)
        fields[k] = rng.choice(JUNK + kinds if k == 1 else JUNK + list(range(-1, 6)))
        try:
            move = sk.Move(fields[0], fields[1], fields[2] if isinstance(fields[2], (list, tuple)) else [], *fields[3:])
        except ValueError as exc:  # Move() itself refuses a seat or slot that is no whole number
            assert k == 1 and not isinstance(fields[k], str) or k in (0, 3, 4), exc
            continue
        with time_limit(f"{name}: {move!r}"):
            tried(g, move)
