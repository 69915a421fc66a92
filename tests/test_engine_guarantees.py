"""The engine's guarantees against misuse: an edited offered move is checked again, a move that
fails half-way leaves nothing behind, positions and arguments are checked field by field, and
setup always ends."""

import random

import pytest
from helpers import game, seat

import scheissekopf as sk
from scheissekopf.shedding.game import Game as SheddingGame
from scheissekopf.trick.game import TrickGame


def forge(move, **fields):
    """Edit an offered move past its read-only guard, as a determined caller could."""
    for name, value in fields.items():
        object.__setattr__(move, name, value)
    return move


def played_out(g, rng, moves):
    for _ in range(moves):
        if g.phase == "over":
            break
        g.play(rng.choice(g.legal_moves()))
    return g


# ---------------------------------------------------------------- item 6: forged moves
def test_an_edited_offered_move_is_checked_again_not_trusted():
    g = game("palace", seat("4H 9C", "KC", "QC"), seat("6D 9D", "KD", "QD"), turn=0, stack="KS")
    before = g.to_dict()
    offered = g.legal_moves()[0]
    forge(offered, kind="play", cards=tuple(sk.parse_cards("4H")))
    with pytest.raises(sk.IllegalMove):
        g.play(offered)
    assert g.to_dict() == before and g.is_legal(offered) is False


def test_an_offered_move_edited_to_a_card_the_player_lacks_is_refused_not_a_value_error():
    g = sk.new_game("bitenight", 4, seed=3)
    for s in range(4):
        g.play(f"P{s} ready")
    before = g.to_dict()
    offered = g.legal_moves()[0]
    lacking = next(c for c in sk.deck("bitenight", 4) if c not in g.players[offered.player].hand and c != sk.JOKER)
    forge(offered, cards=(lacking,))
    with pytest.raises(sk.IllegalMove):
        g.play(offered)
    assert g.to_dict() == before


def test_an_offered_move_edited_to_another_seat_is_refused_in_a_trick_game():
    g = sk.new_game("schafkopf", 4, seed=5)
    before = g.to_dict()
    offered = g.legal_moves()[0]
    forge(offered, player=(offered.player + 1) % 4)
    with pytest.raises(sk.IllegalMove):
        g.play(offered)
    assert g.to_dict() == before


def test_a_move_given_a_forged_place_in_the_offer_is_checked_again():
    g = sk.new_game("bitenight", 4, seed=8)
    made = sk.Move(0, "swap", sk.parse_cards("2C 3C"))
    for place in range(len(g.legal_moves())):
        forge(made, _stamp=place)
        with pytest.raises(sk.IllegalMove):
            g.play(made)


def test_an_offered_move_is_still_played_without_a_second_check():
    # the fast path stays: an untouched offered move is played, even after a second offer
    g = sk.new_game("bitenight", 4, seed=2)
    legal = g.legal_moves()
    again = g.legal_moves()
    g.play(legal[1])
    assert g.history[-1] == again[1]


# ---------------------------------------------------------------- nothing half-applied
class Boom(Exception):
    pass


def then_fail(method):
    """``method``, raising :class:`Boom` once it has done its work."""

    def done_then_fail(self, *args):
        method(self, *args)
        raise Boom

    return done_then_fail


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat"])
def test_a_move_that_fails_half_way_leaves_the_position_as_before_shedding(variant, monkeypatch):
    rng = random.Random(variant)
    for seed in range(6):
        g = played_out(sk.new_game(variant, 4, seed=seed), rng, 40 + 7 * seed)
        if g.phase == "over":
            continue
        before, history, log = g.to_text(), list(g.history), len(g.log)
        legal = [str(m) for m in g.legal_moves()]
        move = rng.choice(g.legal_moves())
        # the move fails once the rules core has made it whole (the game closes it), or inside
        # the core: after a play's effects, after cards went into a hand, after a seat went out
        for name in ("_commit", "_effects", "_hand_add", "_check_out"):
            monkeypatch.setattr(SheddingGame, name, then_fail(getattr(SheddingGame, name)))
        with pytest.raises(Boom):
            g.play(move)
        monkeypatch.undo()
        assert g.to_text() == before and list(g.history) == history and len(g.log) == log
        assert [str(m) for m in g.legal_moves()] == legal
        g.play(move)  # and the game goes on from there
        g.undo()
        assert g.to_text() == before


@pytest.mark.parametrize("variant", ["sheepshead", "schafkopf", "mehrkopf"])
def test_a_move_that_fails_half_way_leaves_the_position_as_before_trick(variant, monkeypatch):
    rng = random.Random(variant)
    for seed in range(6):
        g = played_out(sk.new_game(variant, seed=seed), rng, 3 + 5 * seed)
        if g.phase == "over":
            continue
        before, history, log = g.to_text(), list(g.history), len(g.log)
        move = rng.choice(g.legal_moves())
        real = TrickGame._note

        def note_then_fail(self, *args):
            real(self, *args)
            raise Boom

        monkeypatch.setattr(TrickGame, "_note", note_then_fail)
        with pytest.raises(Boom):
            g.play(move)
        monkeypatch.undo()
        assert g.to_text() == before and list(g.history) == history and len(g.log) == log
        g.play(move)
        g.undo()
        assert g.to_text() == before


# ---------------------------------------------------------------- item 5: new_game's arguments
@pytest.mark.parametrize("variant", sk.ALL_VARIANTS)
@pytest.mark.parametrize("argument", ["seats", -1, True, 1.0, "1", "seed 1.5", "seed True"])
def test_new_game_refuses_a_dealer_or_seed_that_is_no_seat_or_seed_with_a_sentence(variant, argument):
    players = 4 if variant != "sheepshead" else 5
    if argument == "seats":
        argument = players
    kwargs = {"seed": eval(argument[5:])} if isinstance(argument, str) and argument.startswith("seed") else None
    kwargs = kwargs or {"dealer": argument}
    with pytest.raises(ValueError, match=r"^(the dealer|seed) must be .*(seat|whole number)"):
        sk.new_game(variant, players, **kwargs)


def test_new_game_refuses_a_table_size_that_is_no_whole_number():
    for variant in ("bitenight", "schafkopf"):
        with pytest.raises(ValueError, match="whole number of seats"):
            sk.new_game(variant, 4.0)


# ---------------------------------------------------------------- item 7: seats and slots
@pytest.mark.parametrize("text", ["P0 flip ²", "P0 flip ①", "P0 flip ٣", "P٣ take", "P" + "9" * 5000 + " take"])
def test_only_ascii_digits_are_seats_and_slots_in_move_text(text):
    g = game("bitenight", seat("", "", "4C 5C 6C 7C"), seat("9D"), turn=0, stack="KS")
    before = g.to_dict()
    with pytest.raises(sk.IllegalMove):
        g.play(text)
    assert g.to_dict() == before


def test_a_bool_is_no_seat_or_slot_in_a_move():
    with pytest.raises(ValueError, match="whole number"):
        sk.Move(True, "take")
    with pytest.raises(ValueError, match="whole number"):
        sk.Move(0, "flip", index=True)
    g = game("bitenight", seat("", "", "4C 5C 6C 7C"), seat("9D"), turn=0, stack="KS")
    move = forge(g.legal_moves()[0], player=False, _stamp=None)
    with pytest.raises(sk.IllegalMove):
        g.play(move)


@pytest.mark.parametrize("variant", sk.ALL_VARIANTS)
@pytest.mark.parametrize("seat", [True, False, 1.0, -1, 9])
def test_a_view_is_only_for_a_real_seat_number(variant, seat):
    g = sk.new_game(variant, seed=1)
    with pytest.raises(ValueError, match="no seat"):
        g.view(seat)


# ---------------------------------------------------------------- item 12: setup ends
class FirstMove:
    """The first bot a learner writes: always the first legal move."""

    def choose(self, view, legal, rng):
        return legal[0]


@pytest.mark.parametrize("variant", sk.VARIANTS)
@pytest.mark.parametrize("players", [2, 4, 5])
def test_setup_ends_by_the_repetition_rule_even_for_a_bot_that_swaps_back_and_forth(variant, players):
    from scheissekopf.bots import play_round

    g = sk.new_game(variant, players, seed=players)
    moves = play_round(g, [FirstMove()] * players, random.Random(0), max_moves=5000)
    assert g.phase == "over" and moves < 5000
    assert any(e.kind == "setup-repeat" for e in g.log)


def test_setup_repetition_makes_the_seat_ready_on_the_third_same_hand_and_undo_takes_it_back():
    g = sk.new_game("bitenight", 2, seed=4)
    first = g.legal_moves()[0]
    h, b = first.cards
    back = sk.Move(0, "swap", (b, h))
    texts = [g.to_text()]
    for k in range(4):
        g.play(first if k % 2 == 0 else back)
        texts.append(g.to_text())
        assert not g.ready[0]
        assert sk.from_text(g.to_text()).to_text() == g.to_text()  # the counts are in the position
    g.play(first)  # the hand after `first`, the third time
    assert g.ready[0] and [e.kind for e in g.log[-2:]] == ["setup-repeat", "ready"]
    assert all(m.player == 1 for m in g.legal_moves())
    g.undo()
    assert g.to_text() == texts[-1] and not g.ready[0]
    # read back from its text, the position goes on the same way
    h2 = sk.from_text(texts[-1])
    h2.play(first)
    assert h2.ready[0]


def test_a_tournament_names_the_bot_that_keeps_a_round_going(monkeypatch):
    from scheissekopf import bots, tournament

    class Dawdler(FirstMove):
        pass

    monkeypatch.setitem(bots.BOTS, "dawdler", Dawdler)
    # without the setup repetition rule, the dawdler would swap for ever
    monkeypatch.setattr(SheddingGame, "_setup_repeated", lambda self, p: False)
    real = bots.play_round
    monkeypatch.setattr(tournament, "play_round", lambda g, b, rng: real(g, b, rng, max_moves=200))
    with pytest.raises(bots.Stalled, match=r"the bot 'dawdler' at P\d kept it going"):
        tournament.run("bitenight", ["dawdler", "random"], 2, jobs=1, progress=False)


# ---------------------------------------------------------------- item 10: a finished trick hand
def finished(variant, seed):
    g = sk.new_game(variant, seed=seed)
    return played_out(g, random.Random(seed), 10_000)


@pytest.mark.parametrize("variant, seed", [("schafkopf", 0), ("mehrkopf", 0), ("schafkopf", 56), ("sheepshead", 3)])
def test_a_finished_hand_is_laid_open_in_every_seats_view(variant, seed):
    g = finished(variant, seed)
    assert g.phase == "over"
    full = g.to_dict()
    for s in range(g.n):
        view = g.view(s)
        shown = view.to_dict()
        assert "??" not in str(shown), f"P{s}'s view of a finished hand still hides cards"
        assert shown["players"] == full["players"] and shown["declarers"] == full["declarers"]
        assert view.scores() == g.scores() and view.result() == g.result()
        assert sk.from_dict(shown).to_dict() == shown


def test_a_card_named_as_a_target_is_still_a_move():
    # sheepshead's "under": the called ace rides in the target field
    g = sk.new_game("sheepshead", seed=1)
    from scheissekopf.trick.moves import TrickMove, parse_move

    move = parse_move("P1 under AH 7C", 1, g.family, g)
    assert isinstance(move, TrickMove) and str(move) == "P1 under AH 7C"
    assert TrickMove(move.player, move.kind, move.cards, move.target, move.index) == move


# ---------------------------------------------------------------- items 2, 3, 8: the position readers
def bitenight_in_play():
    g = sk.new_game("bitenight", 4, seed=6)
    for s in range(4):
        g.play(f"P{s} ready")
    return g


@pytest.mark.parametrize(
    "field, value", [("direction", 1.0), ("direction", True), ("turn", 1.0), ("turn", True), ("decks", 1.0)]
)
def test_a_look_alike_of_a_whole_number_is_refused_by_the_position_reader(field, value):
    d = bitenight_in_play().to_dict()
    d[field] = value
    with pytest.raises(sk.InvalidPosition, match=field):
        sk.from_dict(d)


def finished_solo():
    for seed in range(200):
        g = sk.new_game("schafkopf", seed=seed)
        g = played_out(g, random.Random(seed), 10_000)
        if g.contract is not None and g.contract.mode == "solo":
            return g
    raise AssertionError("no solo in 200 deals")


@pytest.mark.parametrize(
    "make, field, value",
    [
        (bitenight_in_play, "warned", 5),
        (bitenight_in_play, "bonus", 5),
        (bitenight_in_play, "bonus", None),
        (bitenight_in_play, "opening", []),
        (bitenight_in_play, "seed", 1.5),
        (bitenight_in_play, "seed", True),
        (bitenight_in_play, "seed", []),
        (finished_solo, "hole_trick", 0),
    ],
    ids=repr,
)
def test_junk_in_a_field_is_an_invalid_position_naming_the_field(make, field, value):
    d = make().to_dict()
    d[field] = value
    with pytest.raises(sk.InvalidPosition, match=field.split("_")[0]):
        sk.from_dict(d)


def test_a_finished_sheepshead_hand_without_a_contract_is_an_invalid_position():
    g = played_out(sk.new_game("sheepshead", seed=2), random.Random(2), 10_000)
    d = g.to_dict()
    d["contract"] = None
    with pytest.raises(sk.InvalidPosition, match="contract"):
        sk.from_dict(d)


@pytest.mark.parametrize("where", ["seed", "turn", "seat", "repeat"])
def test_a_number_too_long_to_read_is_refused_with_its_column_and_field(where):
    text = bitenight_in_play().to_text()
    huge = "9" * 5000
    if where == "seed":
        text = text.replace("| seed 6", f"| seed {huge}")
    elif where == "turn":
        text = text.replace("| turn P", f"| turn P{huge}")
    elif where == "seat":
        text += f" | P{huge} 4H"
    else:
        text = text.replace("| P1 ", "| P1 ??*" + huge + " ", 1)
    assert huge in text
    with pytest.raises(sk.InvalidPosition) as caught:
        sk.from_text(text)
    assert caught.value.column is not None and caught.value.field is not None
    assert len(str(caught.value)) < 300  # says where, without quoting the whole number


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat", "sheepshead", "schafkopf", "mehrkopf"])
def test_can_undo_says_whether_undo_has_a_move_to_take_back(variant):
    g = sk.new_game(variant, seed=4)
    assert not g.can_undo
    g.play(g.legal_moves()[0])
    assert g.can_undo
    assert not g.clone().can_undo  # a copy keeps the history, not the means to take it back
    g.undo()
    assert not g.can_undo
    with pytest.raises(IndexError):
        g.undo()
