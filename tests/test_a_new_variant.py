"""A new variant is one module and one registry line (docs/extending.md).

Two variants that exist only for these tests (``tests/new_variants/``): ``plainkopf``, a shedding
preset without jokers, and ``kurzkopf``, schafkopf under another name with one rule changed. Each
is registered with one call of ``scheissekopf.variants.register`` and then plays through the
layers above the registry (the table as its front end drives it, the editor, the position text, a
hint, a tournament, the drawing) without any other file knowing it.
"""

from __future__ import annotations

import random

import pytest
from helpers import move_request
from new_variants import kurzkopf, plainkopf

import scheissekopf as sk
from scheissekopf import tournament, variants
from scheissekopf.bots import GreedyBot, play_round
from scheissekopf.hint import hint

NEW = ("plainkopf", "kurzkopf")


@pytest.fixture
def new_variants():
    """Both test variants registered (one line each), and taken away again afterwards."""
    made = [variants.register(plainkopf.variant()), variants.register(kurzkopf.variant())]
    try:
        yield made
    finally:
        for v in made:
            variants.unregister(v.name)


def _ready(g):
    """Past the shedding setup (everyone says ready), so that the play can be tried."""
    while g.phase == "setup":
        g.play(next(m for m in g.legal_moves() if m.kind == "ready"))
    return g


def test_a_registered_variant_is_handed_out_with_its_family_facts(new_variants):
    assert variants.variant_names()[-2:] == NEW
    plain, kurz = variants.variant("plainkopf"), variants.variant("kurzkopf")
    assert (plain.family, plain.default_players, plain.measure) == ("shedding", 4, "win")
    assert (kurz.family, kurz.default_players, kurz.measure) == ("trick", 4, "points")
    assert kurz.editor_facts(4)["phases"] == list(variants.variant("schafkopf").editor_facts(4)["phases"])


def test_a_shedding_preset_without_jokers_deals_no_joker(new_variants):
    cards = sk.deck("plainkopf", 4)
    assert len(cards) == 52 and all(str(c) != "JK" for c in cards)
    g = sk.new_game("plainkopf", seed=1)
    assert all("JK" not in str(p.hand) for p in g.players)


def test_the_one_changed_rule_of_a_trick_variant_is_played(new_variants):
    """In schafkopf the called ace's holder with four cards of its suit may run away (lead another
    card of it); in kurzkopf the same position refuses that lead."""
    for seed in range(200):
        g = sk.new_game("schafkopf", seed=seed)
        rng = random.Random(seed)
        while g.phase != "over":
            runs = [m for m in g.legal_moves() if m.kind == "card" and not g.trick and _runs_away(g, m)]
            if runs:
                text = g.to_text()
                assert text.startswith("schafkopf |")
                kurz = sk.from_text("kurzkopf |" + text[len("schafkopf |") :])
                with pytest.raises(sk.IllegalMove):
                    kurz.play(str(runs[0]))
                assert kurz.to_text().split("|", 1)[1] == text.split("|", 1)[1]  # nothing changed
                return
            g.play(GreedyBot().choose(g.view(g.turn), g.legal_moves(), rng))
    pytest.fail("no run-away lead in 200 schafkopf hands")


def _runs_away(g, m) -> bool:
    """Does ``m`` lead a card of the called ace's suit other than the ace, by the ace's holder?"""
    grp = g.order.grp
    held = [b for b in g.bound if b in g.players[m.player].hand]
    return bool(held) and m.cards[0] != held[0] and grp[m.cards[0]] == grp[held[0]]


@pytest.mark.parametrize("name", NEW)
def test_a_new_variant_plays_to_the_end_with_bots_and_its_position_text_round_trips(new_variants, name):
    g = sk.new_game(name, seed=3)
    play_round(g, [GreedyBot()] * len(g.players), random.Random(1))
    assert g.phase == "over"
    fresh = sk.new_game(name, seed=4)
    text = fresh.to_text()
    assert text.startswith(f"{name} |") and sk.from_text(text).to_text() == text
    assert variants.variant(sk.from_text(text)).name == name


@pytest.mark.parametrize("name", NEW)
def test_a_new_variant_gets_a_hint_and_a_tournament(new_variants, name):
    g = _ready(sk.new_game(name, seed=4))
    h = hint(g, g.turn, iterations=40, seed=1)
    assert h.best in g.legal_moves() and h.playouts == 40
    result = tournament.run(name, ["greedy", "random", "greedy", "random"], games=2, seed=1)
    assert result["variant"] == name and result["games"] == 2


@pytest.mark.parametrize("name", NEW)
def test_a_new_variant_plays_at_the_table_as_its_front_end_asks(new_variants, name):
    pytest.importorskip("anywidget")
    from helpers import request

    from scheissekopf.table import Table

    t = Table(sk.new_game(name, seed=2))
    assert t.info["variant"] == name
    for _ in range(400):
        if t.info["phase"] == "over":
            break
        version = t.version
        request(t, **move_request(t.legal[0]))
        assert t.version != version, t.message  # every move the table offers is taken
    assert t.info["phase"] == "over"
    assert "JK" not in sk.to_text(t.game) or name != "plainkopf"


@pytest.mark.parametrize("name", NEW)
def test_a_new_variant_opens_in_the_editor_and_plays_from_there(new_variants, name):
    pytest.importorskip("anywidget")
    from scheissekopf.table import Table

    t = Table(sk.new_game(name, seed=5))
    t.mode = "edit"
    assert t.draft["variant"] == name
    t.mode = "play"
    assert t.game.variant == name and t.info["phase"] != "over"
    empty = Table.editor(name)
    assert empty.draft["variant"] == name


def test_registering_a_name_twice_or_taking_a_packaged_variant_away_is_refused(new_variants):
    with pytest.raises(ValueError, match="there is a variant called plainkopf already"):
        variants.register(variants.variant("plainkopf"))
    with pytest.raises(ValueError, match="bitenight is one of the package's own variants"):
        variants.unregister("bitenight")
    with pytest.raises(TypeError, match="variant object"):
        variants.register("plainkopf")  # type: ignore[arg-type]


def test_an_unknown_variant_names_the_registered_ones_too(new_variants):
    with pytest.raises(ValueError, match="plainkopf") as err:
        sk.new_game("skat")
    assert "kurzkopf" in str(err.value) and "bitenight" in str(err.value)


def test_a_variant_taken_away_is_unknown_again():
    v = variants.register(plainkopf.variant())
    variants.unregister(v.name)
    with pytest.raises(ValueError, match="unknown variant 'plainkopf'"):
        sk.new_game("plainkopf")
    with pytest.raises(sk.InvalidPosition):
        sk.from_text("plainkopf | P0 4H | P1 5H")
