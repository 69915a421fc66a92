"""The one-line position text: dict -> text -> dict is exact for every position reachable in
play (and for every seat's view), short hand-written texts mean what the same short dict means,
and a bad text is refused naming its column and field."""

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scheissekopf as sk
from scheissekopf.shedding import notation as shedding_text
from scheissekopf.variants import text_to_dict as from_text_dict
from scheissekopf.variants import to_text

DOCS = Path(__file__).resolve().parent.parent / "docs" / "POSITION_TEXT.md"
SIZES = {
    "bitenight": range(2, 17),
    "palace": range(2, 17),
    "schwechat": range(2, 17),
    "sheepshead": (5, 6),
    "schafkopf": (4,),
    "mehrkopf": range(2, 7),
}
SHEDDING = ("bitenight", "palace", "schwechat")
MOVE_CAP = 3000


def _shedding_view_from_dict(d, seat):
    """A shedding view dict back into a view (the shedding dict has no field saying whose view
    it is, so the public ``Game.from_dict`` refuses its hidden cards)."""
    from scheissekopf.shedding.position import game_from_dict

    return game_from_dict(d, sk.View, view_seat=seat)


RARE = ("ramsch", "must", "refuse", "under", "accept", "double", "wedding", "sie", "joker")


def pick(g, rnd):
    """A random legal move. Setup is hurried along (ready is favoured) so rounds get played;
    the rarer moves (a wedding, Ramsch, a must game, a card in the hole, doubling, a joker's
    target) are favoured, and in an auction so is passing, so those positions turn up."""
    offered = list(g.legal_moves())
    assert offered, f"no legal move in phase {g.phase}"
    ready = [m for m in offered if m.kind == "ready"]
    if ready and rnd.random() < 0.5:
        return rnd.choice(ready)
    rare = [m for m in offered if any(w in RARE for w in str(m).split()[1:])]
    if rare and rnd.random() < 0.5:
        return rnd.choice(rare)
    passes = [m for m in offered if str(m).endswith(" pass")]
    if passes and rnd.random() < 0.3:
        return rnd.choice(passes)
    return rnd.choice(offered)


def misplay(g, rnd):
    """Now and then (schwechat with penalties) a seat takes the stack out of turn: refused,
    and warned or given a penalty card."""
    if getattr(g, "penalties", False) and g.phase == "play" and rnd.random() < 0.05:
        seat = rnd.randrange(len(g.players))
        if seat != g.turn and g.in_round(seat):
            with pytest.raises(sk.IllegalMove):
                g.play(f"P{seat} take")


@st.composite
def tables(draw):
    variant = draw(st.sampled_from(sorted(SIZES)))
    players = draw(st.sampled_from(list(SIZES[variant])))
    seed = draw(st.integers(0, 2**32 - 1))
    chooser = draw(st.integers(0, 2**31 - 1))
    options = {}
    if variant == "schwechat":
        options["penalties"] = draw(st.booleans())
    if variant == "sheepshead":
        options["doublers"] = draw(st.booleans())
        options["knocking"] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:  # now and then, names that need quoting
        options["names"] = draw(st.lists(st.text(max_size=6), min_size=players, max_size=players))
    options["dealer"] = draw(st.integers(0, players - 1))
    return variant, players, seed, chooser, options


def check_position(d):
    """The text of ``d`` is one line and reads back to exactly ``d``."""
    text = to_text(d)
    assert "\n" not in text and "\r" not in text and len(text.splitlines()) == 1
    back = from_text_dict(text)
    assert back == d, f"{text}\n{_diff(d, back)}"
    return text, back


def _diff(a, b):
    return {k: (a.get(k, "<absent>"), b.get(k, "<absent>")) for k in set(a) | set(b) if a.get(k) != b.get(k)}


def check_game(g):
    d = g.to_dict()
    text, back = check_position(d)
    assert sk.Game.from_dict(back).to_dict() == d, text
    for seat in range(len(d["players"])):
        vd = g.view(seat).to_dict()
        vtext, vback = check_position(vd)
        if d["variant"] in SHEDDING:
            assert _shedding_view_from_dict(vback, seat).to_dict() == vd, vtext
        else:
            assert sk.Game.from_dict(vback).to_dict() == vd, vtext


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_every_position_of_a_random_game_round_trips(table):
    """Every position of a random game (full dict) round-trips through the text exactly; at a
    few positions and at the end, so do the dict through ``from_dict`` and every seat's view."""
    variant, players, seed, chooser, options = table
    g = sk.new_game(variant, players=players, seed=seed, **options)
    rnd = random.Random(chooser)
    check_game(g)
    for step in range(MOVE_CAP):
        if g.phase == "over":
            break
        misplay(g, rnd)
        g.play(pick(g, rnd))
        check_position(g.to_dict())
        if rnd.random() < 0.04:
            check_game(g)
    check_game(g)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.integers(0, 200))
def test_leaving_out_what_from_dict_works_out_gives_the_same_game(table, moves):
    """The fields whose default follows from the play (the trick games' turn and declaring
    side, except around a wedding,
    bound called cards, whether the called suit was led, where the card in the hole went, each
    trick's leader and winner; the shedding games' loser) can be left out of the text: the game
    read from the shorter text is the same."""
    variant, players, seed, chooser, options = table
    g = sk.new_game(variant, players=players, seed=seed, **options)
    rnd = random.Random(chooser)
    for _ in range(moves):
        if g.phase == "over":
            break
        g.play(pick(g, rnd))
    d = g.to_dict()
    short = dict(d)
    if variant in SHEDDING:
        short.pop("loser")
    else:
        wedding = d["phase"] == "wedding" or (d["contract"] or {}).get("mode") == "wedding"
        for key in ("turn", "declarers", "bound", "called_led", "hole_trick", "lot"):
            # from_dict cannot tell whose turn it is to accept a wedding, nor who accepted it
            if not (wedding and key in ("turn", "declarers")):
                short.pop(key)
        short["tricks"] = [{"cards": t["cards"]} for t in d["tricks"]]
        if d["trick"] is not None:
            short["trick"] = {"cards": d["trick"]["cards"]}
    text = to_text(short)
    assert len(text) <= len(to_text(d))
    assert sk.Game.from_dict(from_text_dict(text)).to_dict() == d, text


def test_deck_counts_match_the_presets():
    """The text's default number of decks is the preset's, for every table size."""
    for variant in SHEDDING:
        per_deck = {"bitenight": 54, "palace": 52, "schwechat": 55}[variant]
        for n in range(2, 17):
            assert shedding_text.DECKS[variant](n) * per_deck == len(sk.deck(variant, n)), (variant, n)
            g = sk.new_game(variant, players=n, seed=1)
            assert g.to_dict()["decks"] == shedding_text.DECKS[variant](n)


# ------------------------------------------------------------------------------------ short forms
def _full(d):
    return sk.Game.from_dict(d).to_dict()


SHORT_FORMS = [
    (
        "bitenight | P0 5H 9C KD | P1 QS 2C | stack 7S",
        {"variant": "bitenight", "players": [{"hand": ["5H", "9C", "KD"]}, {"hand": ["QS", "2C"]}], "stack": ["7S"]},
    ),
    # the variant word left out: bitenight, as from_dict's default
    (
        "P0 5H 9C KD | P1 QS 2C | stack 7S",
        {"players": [{"hand": ["5H", "9C", "KD"]}, {"hand": ["QS", "2C"]}], "stack": ["7S"]},
    ),
    (
        "palace | P0 hand 4H bank KD 9S gamble ?? | P1 7C | turn P1 | direction -1",
        None,
    ),  # a hidden card outside a view: refused by from_dict (checked below)
    (
        "palace | P0 hand 4H bank KD 9S gamble 2C | P1 7C | P2 8D 8H | turn P1 | direction -1 | dealer P2",
        {
            "variant": "palace",
            "players": [
                {"hand": ["4H"], "bank": ["KD", "9S"], "gamble": ["2C"]},
                {"hand": ["7C"]},
                {"hand": ["8D", "8H"]},
            ],
            "turn": 1,
            "direction": -1,
            "dealer": 2,
        },
    ),
    (
        "schwechat | P0 5H bank - KD gamble 3C 9S | P1 JK 7C | stack 4D 4S | discard 10H",
        {
            "variant": "schwechat",
            "players": [{"hand": ["5H"], "bank": [None, "KD"], "gamble": ["3C", "9S"]}, {"hand": ["JK", "7C"]}],
            "stack": ["4D", "4S"],
            "discard": ["10H"],
        },
    ),
    (
        "schwechat | P0 5H bank -*3 gamble 3C 9S 2D | P1 JK | penalties | warned P1 | turn P1",
        {
            "variant": "schwechat",
            "players": [{"hand": ["5H"], "bank": [None] * 3, "gamble": ["3C", "9S", "2D"]}, {"hand": ["JK"]}],
            "penalties": True,
            "warned": [1],
            "turn": 1,
        },
    ),
    (
        "bitenight | P0 9D | P1 JD | P2 | stack 5C JK | finished P2 | bonus P2 | pending joker P0 | "
        'names Ann "Ben B" Cy',
        {
            "variant": "bitenight",
            "players": [{"hand": ["9D"]}, {"hand": ["JD"]}, {}],
            "stack": ["5C", "JK"],
            "finished": [2],
            "bonus": [2],
            "pending": {"joker": 0},
            "names": ["Ann", "Ben B", "Cy"],
        },
    ),
    (
        "bitenight | P0 4H 4D 9C | P1 QS 2C known 2C | phase setup | ready P1 | opening 4 | seed 12",
        {
            "variant": "bitenight",
            "players": [{"hand": ["4H", "4D", "9C"]}, {"hand": ["QS", "2C"]}],
            "phase": "setup",
            "ready": [False, True],
            "opening": "4",
            "known": [[], ["2C"]],
            "seed": 12,
        },
    ),
    (
        "bitenight | P0 | P1 9H | P2 | phase over | finished P2 P0",
        {"variant": "bitenight", "players": [{}, {"hand": ["9H"]}, {}], "phase": "over", "finished": [2, 0]},
    ),
]


@pytest.mark.parametrize("text, short", [x for x in SHORT_FORMS if x[1] is not None])
def test_a_short_text_means_what_the_same_short_dict_means(text, short):
    assert _full(from_text_dict(text)) == _full(short)


def test_hidden_cards_outside_a_view_are_refused_by_from_dict():
    d = from_text_dict(SHORT_FORMS[2][0])
    assert d["players"][0]["gamble"] == ["??"]
    with pytest.raises(sk.InvalidPosition, match="hidden card"):
        sk.Game.from_dict(d)


# the trick games need whole deals; these are deals of sk.new_game written out by hand
SCHAFKOPF_DEAL = (
    "schafkopf | P0 SU HA H10 EA EK GK G9 SA | P1 EO EU H7 E10 E8 G10 G7 SK "
    "| P2 GO GU HU H8 E9 G8 S10 S8 | P3 HO SO HK H9 E7 GA S9 S7"
)
SHEEPSHEAD_DEAL = (
    "sheepshead | P0 QC 9D 10H AS 10S 8S | P1 10D KD AC 8C KS 7S | P2 JD 8D KC AH 8H 7H "
    "| P3 QH JC JS 7D 9C 7C | P4 QS QD JH AD KH 9S | blind 9H 10C"
)


def _deal_dict(text):
    """The dict of a deal text built without the text reader: variant and hands."""
    variant, *seats = [p.split() for p in text.split("|")]
    d = {"variant": variant[0], "players": []}
    for s in seats:
        if s[0] == "blind":
            d["blind"] = s[1:]
        else:
            d["players"].append({"hand": s[1:]})
    return d


@pytest.mark.parametrize("text", [SCHAFKOPF_DEAL, SHEEPSHEAD_DEAL])
def test_a_deal_written_as_hands_only(text):
    g = sk.Game.from_dict(from_text_dict(text))
    assert g.to_dict() == _full(_deal_dict(text))
    assert g.phase in ("auction", "pick")


@pytest.mark.parametrize(
    "extra, short",
    [
        (
            "| bids - normal pass pass | best_bid P1 normal | phase declare",
            {"bids": [None, "normal", "pass", "pass"], "best_bid": [1, "normal"], "phase": "declare"},
        ),
        (
            "| bids pass normal pass pass | best_bid P1 normal | contract normal P1 EA",
            {
                "bids": ["pass", "normal", "pass", "pass"],
                "best_bid": [1, "normal"],
                "contract": {"mode": "normal", "declarer": 1, "called": "EA"},
            },
        ),
        (
            "| bids pass solo pass pass | best_bid P1 solo | contract solo P1 G tout | multiplier 2 | deal 3",
            {
                "bids": ["pass", "solo", "pass", "pass"],
                "best_bid": [1, "solo"],
                "contract": {"mode": "solo", "declarer": 1, "suit": "G", "tout": True},
                "multiplier": 2,
                "deal": 3,
            },
        ),
    ],
)
def test_short_trick_game_texts(extra, short):
    d = dict(_deal_dict(SCHAFKOPF_DEAL), **short)
    assert _full(from_text_dict(SCHAFKOPF_DEAL + " " + extra)) == _full(d)


def test_a_trick_in_play_written_by_hand():
    """P1 leads G10 and P2 follows with G8; the leader and the turn are left to from_dict."""
    text = (
        SCHAFKOPF_DEAL.replace(" G10 ", " ").replace(" G8 ", " ")
        + " | bids pass normal pass pass | best_bid P1 normal | contract normal P1 EA | trick G10 G8"
    )
    d = _deal_dict(SCHAFKOPF_DEAL)
    d["players"][1]["hand"].remove("G10")
    d["players"][2]["hand"].remove("G8")
    d.update(
        bids=["pass", "normal", "pass", "pass"],
        best_bid=[1, "normal"],
        contract={"mode": "normal", "declarer": 1, "called": "EA"},
        trick={"cards": ["G10", "G8"]},
    )
    got = from_text_dict(text)
    assert "turn" not in got and "leader" not in got["trick"]
    assert _full(got) == _full(d)
    g = sk.Game.from_dict(got)
    assert g.turn == 3 and g.trick_seats == [1, 2]


def test_case_tens_and_repeats_are_read_leniently():
    a = from_text_dict("BiteNight | p0 th 9c kd | P1 qs jk | STACK 7s | Turn 1 | opening t")
    b = from_text_dict("bitenight | P0 10H 9C KD | P1 QS JK | stack 7S | turn P1 | opening 10")
    assert a == b
    assert from_text_dict("mehrkopf | P0 bank -*3 | P1")["players"][0]["bank"] == [None, None, None]
    assert from_text_dict("schafkopf | P0 ??*3 st | P1 | P2 | P3 | view P0")["players"][0]["hand"] == [
        "??",
        "??",
        "??",
        "S10",
    ]


def test_quoted_names_survive():
    names = [
        "Ann B",
        "",
        "a|b",
        'say "hi"',
        "-",
        "P0",
        "??*2",
        "x,y",
        "Zoë",
        "new\nline",
        "a\u2028b",
        "c\x85d",
        "tab\there",
        "\\",
    ]
    d = sk.new_game("bitenight", players=len(names), seed=3, names=names).to_dict()
    text, back = check_position(d)
    assert back["names"] == names


def test_the_text_leaves_defaults_out():
    text = to_text(sk.new_game("bitenight", players=4, seed=7).to_dict())
    for word in (
        "direction",
        "dealer",
        "decks",
        "names",
        "finished",
        "discard",
        "pending",
        "loser",
        "stalemate",
        "penalties",
        "warned",
        "bonus",
        "opening",
        "repetitions",
    ):
        assert f"| {word}" not in text
    assert "| phase setup" in text and "| seed 7" in text and "| ready" not in text


def test_repetitions_are_carried():
    g = sk.new_game("palace", players=2, seed=5)
    for s in range(2):
        g.play(f"P{s} ready")
    d = g.to_dict()
    assert d["repetitions"]
    text = to_text(d)
    assert "| repetitions " in text
    key = next(iter(d["repetitions"]))
    assert key in text
    # counts above one are written KEY*N; short keys are padded to 16 digits
    reps = from_text_dict(text.replace(key, key + "*2"))["repetitions"]
    assert reps[key] == 2
    assert from_text_dict("palace | P0 4H | P1 5H | repetitions ff*3")["repetitions"] == {"00000000000000ff": 3}


def test_unknown_variant_names_all_six():
    with pytest.raises(sk.InvalidPosition) as e:
        from_text_dict("bitnight | P0 5H | P1 6H")
    for v in sk.VARIANTS + sk.TRICK_VARIANTS:
        assert v in str(e.value)
    assert "column 1" in str(e.value)
    with pytest.raises(sk.InvalidPosition, match="unknown variant"):
        to_text({"variant": "skat", "players": [{}]})


# ------------------------------------------------------------------------------------ bad texts
BAD = [
    # (text, where: the last occurrence of this piece of the text starts at the column named,
    #  the field named, words in the message)
    ("", None, None, "empty"),
    ("bitenight | P0 5H 9C KX | P1 QS", "KX", "P0 hand", "'KX' is not a card"),
    ("bitenight | P0 5H | P1 QS | stack 7S 1H", "1H", "stack", "'1H' is not a card"),
    ("bitenight | P0 5H | P1 QS | turn P2", "P2", "turn", "no seat P2"),
    ("bitenight | P0 5H | P1 QS | turn east", "east", "turn", "not a seat"),
    ("bitenight | P0 5H | P1 QS | turn", "turn", "turn", "needs a value"),
    ("bitenight | P0 5H | P1 QS | turn P0 P1", "P1", "turn", "one value"),
    ("bitenight | P0 5H | P1 QS | turn P0 | turn P1", "turn", "turn", "given twice"),
    ("bitenight | P0 5H | P2 QS", "P2", "P2", "P1 is missing"),
    ("bitenight | P0 5H | P0 QS", "P0", "P0", "given twice"),
    ("bitenight | P0 5H | P1 QS | colour red", "colour", "colour", "unknown field"),
    ("bitenight | P0 5H || P1 QS", "| P1", None, "empty field"),
    ("bitenight | P0 5H | P1 QS |", "|", None, "empty field"),
    ("bitenight | P0 5H | P1 QS | phase lunch", "lunch", "phase", "not a phase"),
    ("bitenight | P0 5H | P1 QS | direction 2", "2", "direction", "1"),
    ("bitenight | P0 5H | P1 QS | decks 0", "0", "decks", "too small"),
    ("bitenight | P0 5H | P1 QS | decks two", "two", "decks", "whole number"),
    ("bitenight | P0 5H | P1 QS | opening 11", "11", "opening", "not a rank"),
    ("bitenight | P0 5H | P1 QS | stalemate maybe", "maybe", "stalemate", "yes or no"),
    ("bitenight | P0 5H | P1 QS | pending ace P1", "ace", "pending", "pending joker"),
    ("bitenight | P0 5H | P1 QS | names Ann", "names", "names", "1 names for 2 seats"),
    ('bitenight | P0 5H | P1 QS | names "Ann', '"', None, "quoted word"),
    ("bitenight | P0 5H | P1 QS | repetitions xyz", "xyz", "repetitions", "hex"),
    ("bitenight | P0 5H | P1 QS | stack 7S, 8S", ",", "stack", "','"),
    ("bitenight | P0 5H - | P1 QS", "-", "P0 hand", "empty slot"),
    ("bitenight | P0 5H hand 6H | P1 QS", "hand", "P0", "given twice"),
    ("bitenight | P0 5H | P1 QS | stack ??*0", "??*0", "stack", "count"),
    ("bitenight extra | P0 5H", "extra", "variant", "stands alone"),
    ("| P0 5H", "|", None, "empty field"),
    ("bitenight | P0 5H | P1 QS | seed x", "x", "seed", "whole number"),
    ("schafkopf | P0 EO XU", "XU", "P0 hand", "'XU' is not a card"),
    ("schafkopf | P0 EO QC", "QC", "P0 hand", "'QC' is not a card"),
    ("sheepshead | P0 QC EO", "EO", "P0 hand", "'EO' is not a card"),
    ("sheepshead | P0 QC JK", "JK", "P0 hand", "'JK' is not a card"),
    ("schafkopf | P0 | P1 | P2 | P3 | bids pass normal", "bids", "bids", "one entry per seat"),
    ("schafkopf | P0 | P1 | P2 | P3 | bids pass pick pass pass", "pick", "bids", "'pick'"),
    ("schafkopf | P0 | P1 | P2 | P3 | contract bigsolo P1", "bigsolo", "contract", "'bigsolo'"),
    ("schafkopf | P0 | P1 | P2 | P3 | contract normal P1 EA EK", "EK", "contract", "called card twice"),
    ("schafkopf | P0 | P1 | P2 | P3 | contract solo P7 H", "P7", "contract", "no seat P7"),
    ("schafkopf | P0 | P1 | P2 | P3 | best_bid P1", "P1", "best_bid", "best_bid P1 solo"),
    ("schafkopf | P0 | P1 | P2 | P3 | tricks P0 EO EU won P1,, P1 GA", ",", "tricks", "empty trick"),
    ("schafkopf | P0 | P1 | P2 | P3 | tricks P0 EO won P1 EU", "won", "tricks", "'won'"),
    ("schafkopf | P0 | P1 | P2 | P3 | trick P0 EO won P1", "won", "trick", "no winner"),
    ("schafkopf | P0 | P1 | P2 | P3 | options doublers=maybe", "doublers", "options", "doublers=no"),
    ("schafkopf | P0 | P1 | P2 | P3 | options klopfen", "klopfen", "options", "not an option"),
    ("schafkopf | P0 | P1 | P2 | P3 | ended early", "early", "ended", "tout-lost"),
    ("schafkopf | P0 | P1 | P2 | P3 | phase pick", "pick", "phase", "auction"),
    ("schafkopf | P0 | P1 | P2 | P3 | hole_trick -1", "-1", "hole_trick", "too small"),
    ("schafkopf | P0 | P1 | P2 | P3 | multiplier 0", "0", "multiplier", "too small"),
    ("schafkopf | P0 | P1 | P2 | P3 | stack EO", "stack", "stack", "unknown field"),
    ("mehrkopf | P0 bank EO - | P1 hand -", "-", "P1 hand", "empty slot"),
    ('bitenight | P0 5H | P1 QS | turn "P1"', '"P1', "turn", "not a seat"),
    ('bitenight | P0 5"H | P1 QS', '"', None, "quote"),
    ("bitenight | P0 5H | P1 QS | view P1", "view", "view", "unknown field"),
    ("schafkopf", None, None, "no seats"),
    ("P0 5H | P1 QS | P2 hand 4S hand 5S", "hand", "P2", "given twice"),
]


@pytest.mark.parametrize("text, where, field, words", BAD)
def test_a_bad_text_is_refused_naming_where(text, where, field, words):
    with pytest.raises(sk.InvalidPosition) as e:
        from_text_dict(text)
    msg = str(e.value)
    assert words in msg
    column = None if where is None else text.rindex(where) + 1
    assert e.value.column == column
    assert e.value.field == field
    if column is not None:
        assert f"at column {column}" in msg
    if field is not None:
        assert f"(field {field!r})" in msg


def test_a_text_that_reads_but_breaks_a_rule_is_refused_by_from_dict():
    d = from_text_dict("bitenight | P0 5H 5H | P1 5H 5H 5H")
    with pytest.raises(sk.InvalidPosition, match="copies of 5H"):
        sk.Game.from_dict(d)


def test_the_writer_refuses_what_the_text_cannot_hold():
    d = sk.new_game("bitenight", players=2, seed=1).to_dict()
    with pytest.raises(sk.InvalidPosition, match="colour"):
        to_text(dict(d, colour="red"))
    with pytest.raises(sk.InvalidPosition, match="stack"):
        to_text(dict(d, stack=["7S", "a b"]))
    with pytest.raises(sk.InvalidPosition, match="turn"):
        to_text(dict(d, turn="east"))
    t = sk.new_game("schafkopf", seed=1).to_dict()
    with pytest.raises(sk.InvalidPosition, match="contract"):
        to_text(dict(t, contract={"mode": "solo", "declarer": 1, "suit": "X"}))


# ------------------------------------------------------------------------------------ the docs
def _doc_lines():
    lines = []
    in_code = False
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code and re.match(rf"({'|'.join(sk.ALL_VARIANTS)}) \|", line):
            lines.append(line)
    return lines


def test_the_documented_examples_load():
    lines = _doc_lines()
    assert len(lines) >= 10
    seen = set()
    for line in lines:
        d = from_text_dict(line)
        seen.add(d["variant"])
        if "??" in line:
            if d["variant"] in SHEDDING:
                continue  # a shedding view: from_dict needs to be told whose view it is
            assert "view" in d
        if re.search(r"\| (seed \d+|repetitions [0-9a-f* ]+|view P\d+)$", line):
            # an example written in full (ending in its seed, repetitions or view) is exactly
            # what the writer writes
            assert to_text(d) == line
        g = sk.Game.from_dict(d)
        assert from_text_dict(to_text(g.to_dict())) == g.to_dict()
    assert seen == set(sk.ALL_VARIANTS)


# ---------------------------------------------------------------- the text on games and the CLI


@pytest.mark.parametrize("variant", sk.ALL_VARIANTS)
def test_a_game_writes_its_text_and_every_reader_reads_it_back(variant):
    g = sk.new_game(variant, seed=11)
    rnd = random.Random(3)
    for _ in range(15):
        if g.phase == "over":
            break
        g.play(rnd.choice(g.legal_moves()))
    text = g.to_text()
    assert "\n" not in text and text.startswith(variant + " |")
    assert sk.from_text(text).to_dict() == g.to_dict()
    assert sk.Game.from_text(text).to_dict() == g.to_dict()
    assert type(g).from_text(text).to_dict() == g.to_dict()
    assert sk.to_text(g) == text == sk.to_text(g.to_dict())


@pytest.mark.parametrize("variant", sk.ALL_VARIANTS)
def test_a_games_repr_pastes_back(variant):
    g = sk.new_game(variant, seed=4)
    pasted = eval(repr(g), {"sk": sk})
    assert repr(g).startswith("sk.from_text(") and pasted.to_dict() == g.to_dict()


def test_from_text_refuses_what_is_not_a_text():
    with pytest.raises(sk.InvalidPosition, match="string"):
        sk.from_text({"variant": "bitenight"})
    with pytest.raises(sk.InvalidPosition, match="column 1 .*skat.*mehrkopf"):
        sk.from_text("skat | P0 5H | P1 6H")


def test_the_command_line_shows_a_position_given_as_text(tmp_path, capsys):
    from scheissekopf.cli import main

    text = "bitenight | P0 5H 9C KD | P1 QS 2C | stack 7S"
    path = tmp_path / "position.txt"
    path.write_text(text + "\n", encoding="utf-8")
    assert main(["show", str(path), "--moves"]) == 0
    shown = capsys.readouterr().out
    assert "legal moves: P0 5H" in shown and "9\u2663" in shown  # the picture writes suits as symbols
    path.write_text("bitenight | P0 5H | P1 XX", encoding="utf-8")
    assert main(["show", str(path)]) != 0
    assert "XX" in capsys.readouterr().err


def test_a_must_game_keeps_the_card_named_and_refuses_a_named_card_its_seat_does_not_hold():
    deal = (
        "schafkopf | P0 GU HK H8 H7 EK E7 G10 G9 | P1 EO SO HU H9 E10 E8 GA SK | P2 EU H10 EA GK G7 SA S9 S7 "
        "| P3 GO HO SU HA E9 G8 S10 S8 | turn P0 | bids - pass pass pass | seed 10"
    )
    g = sk.from_text(deal)
    by_ace, by_unter = g.clone(), g.clone()
    by_ace.play("P0 must EA")
    by_unter.play("P0 must EU")  # the same seat must play, but the table heard another card
    assert "named EA" in by_ace.to_text() and by_ace.to_text() != by_unter.to_text()
    assert sk.from_text(by_ace.to_text()).to_text() == by_ace.to_text()
    assert "named EA" in by_ace.view(1).to_text()  # said aloud: every seat knows
    by_ace.undo()
    assert by_ace.to_text() == deal
    with pytest.raises(sk.InvalidPosition, match="its holder P1 must play, not P2"):
        sk.from_text(by_unter.to_text().replace("named EU", "named EO"))
    with pytest.raises(sk.InvalidPosition, match="only for a must game"):
        sk.from_text(deal + " | named EA")
