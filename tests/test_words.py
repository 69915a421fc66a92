"""What the table and the lessons say to a person names cards as the table draws them (4♣, joker,
Gras-Unter) and seats by their names, with verbs that agree with a seat called "You"; programs
keep the engine's codes (``str(exc)``, ``event.text``)."""

from __future__ import annotations

import random
import re

import pytest
from helpers import codes_in, request

import scheissekopf as sk
from scheissekopf.render import is_trick_game
from scheissekopf.table import Table
from scheissekopf.words import Writer, agree, plural_verb

NAMES = {4: ["Ada", "You", "Cy", "Dee"], 5: ["Ada", "You", "Cy", "Dee", "Eve"]}

# a card as the table draws it: a rank with its suit glyph, the joker, a German card's name
DRAWN = re.compile(r"(?:10|[2-9JQKA])[\u2663\u2666\u2665\u2660]|\bjoker\b|\b(?:Eichel|Gras|Herz|Schellen)-[A-ZÄÖÜ]\w+")
# "You" followed by a verb in the third person ("You plays", "You is", "You has")
YOU_THIRD_PERSON = re.compile(r"\bYou (?:is|has|was|[a-z]+[^s]s)\b")


# ------------------------------------------------------------------------------ grammar
@pytest.mark.parametrize(
    "verb, plural",
    [("plays", "play"), ("is", "are"), ("has", "have"), ("deals", "deal"), ("passes", "pass"), ("buries", "bury")],
)
def test_a_seat_called_you_takes_the_plural_verb(verb, plural):
    assert plural_verb(verb) == plural


def test_sentences_agree_with_a_seat_called_you():
    names = ["Ada", "You"]
    assert agree("You plays 8\u2665.", names) == "You play 8\u2665."
    assert agree("You is ready.", names) == "You are ready."
    assert agree("You deals.", names) == "You deal."
    assert agree("it is You's turn, not Ada's", names) == "it is your turn, not Ada's"
    assert agree("Ada shows a joker to You: You takes the stack.", names) == (
        "Ada shows a joker to you: you take the stack."
    )
    assert agree("You cannot play and takes the stack (2 cards into the hand).", names) == (
        "You cannot play and take the stack (2 cards into the hand)."
    )
    assert agree("the auction is on (You bids or passes)", names) == "the auction is on (you bid or pass)"
    assert agree("Ada accepts You's wedding and swaps a card for the trump.", names) == (
        "Ada accepts your wedding and swaps a card for the trump."
    )
    assert agree("You shows a joker to themselves.", names) == "You show a joker to yourself."
    assert agree("You plays 8\u2665.", ["Ada", "Ben"]) == "You plays 8\u2665."  # nobody is called You


def test_a_clause_about_the_seat_called_you_takes_the_plural_verb_too():
    names = ["You", "Ben"]
    said = "You played 8\u2666, which leaves an 8 for You, who holds 10 cards, to follow with 8 or higher"
    assert agree(said, names) == (
        "You played 8\u2666, which leaves an 8 for you, who hold 10 cards, to follow with 8 or higher"
    )
    assert agree("Ben played 8\u2666, which leaves an 8 for Ben, who holds 10 cards", names).endswith(
        "who holds 10 cards"
    )


def test_the_log_reads_you_play_and_keeps_the_codes_for_programs():
    g = sk.Game.from_dict(
        {
            "variant": "bitenight",
            "names": ["You", "Ben"],
            "players": [{"hand": ["9H", "9C"]}, {"hand": ["KD"]}],
            "stack": ["5S"],
            "turn": 0,
        }
    )
    g.play("P0 9H")
    assert g.log[-1].text == "You plays 9H."  # the program's text: the engine's codes, as before
    assert g.log[-1].words == "You play 9\u2665."


def test_a_setup_reads_you_deal_and_you_are_ready():
    g = sk.new_game("bitenight", players=2, seed=1, names=["You", "Ben"])
    g.play("P0 ready")
    assert [e.words for e in g.log] == ["You deal.", "You are ready."]


def test_german_cards_are_named_as_the_notebooks_teach():
    w = Writer(["Ada"], people=True)
    g = sk.new_game("schafkopf", seed=1)
    gu = g.family.parse("GU")
    assert (w.card(gu), Writer(["Ada"]).card(gu)) == ("Gras-Unter", "GU")
    assert w.cards([g.family.parse("S10"), gu]) == "Schellen-Zehn, Gras-Unter"


# ------------------------------------------------------------------------------ the table
def _requests(t: Table, move: dict) -> tuple[str, dict]:
    """The request the front end sends for a legal move (as listed in ``table.legal``)."""
    kind, p = move["kind"], move["player"]
    if is_trick_game(t.game):
        if kind == "card":
            return "card", {"player": p, "cards": move["cards"]}
        return "move", {"player": p, "text": move["text"]}
    fields: dict = {"player": p, "cards": move["cards"]}
    if kind == "joker":
        fields["target"] = move["target"]
    if kind in ("flip", "place"):
        fields["index"] = move["index"]
    return kind, fields


def _illegal_card(t: Table, seat: int, rng: random.Random) -> str:
    """A card ``seat`` may not play now: one of its own that no legal play uses, else a card
    another seat holds."""
    playable = {c for m in t.legal if m["player"] == seat and m["kind"] in ("play", "card") for c in m["cards"]}
    players = t.state["players"]
    own = [c for zone in ("hand", "bank") for c in players[seat].get(zone) or [] if c not in (None, "??")]
    choices = [c for c in own if c not in playable]
    if not choices:  # every card the seat holds is playable: name one it does not hold
        choices = sorted({str(c) for c in sk.deck(t.game.variant, len(players))} - set(own))
    return rng.choice(choices)


def _seat_to_act(t: Table, rng: random.Random) -> int:
    seats = sorted({m["player"] for m in t.legal})
    actor = t.info.get("actor", t.game.turn)
    return actor if actor in seats else rng.choice(seats)


def _play_through_the_table(variant: str, players: int, seed: int) -> tuple[list[str], list[str]]:
    """Play a random game through the table's front-end requests, trying an illegal card
    before each move. Returns (everything the table said, the refusals it showed)."""
    rng = random.Random(seed)
    g = sk.new_game(variant, players=players, seed=seed, names=NAMES[players])
    t = Table(g)
    said: list[str] = []
    refusals: list[str] = []
    for _ in range(400):
        if g.phase == "over":
            break
        seat = _seat_to_act(t, rng)
        before, version = g.to_dict(), t.version
        card = _illegal_card(t, seat, rng)
        request(t, "card" if is_trick_game(g) else "play", player=seat, cards=[card])
        assert t.message, (variant, seed, seat, card)  # refused, and the table says why
        assert g.to_dict() == before and t.version == version  # ... and nothing changed
        refusals.append(t.message)
        said.append(t.message)
        move = rng.choice([m for m in t.legal if m["player"] == seat])
        action, fields = _requests(t, move)
        request(t, action, **fields)
        assert t.message == "" or "seat is handed back" in t.message, (move, t.message)
        assert len(g.history) >= 1 and str(g.history[-1]) == move["text"]
        said += [t.info["status"], t.message, *(t.info.get("contract") or "",)]
    said += t.log
    return said, refusals


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant, players, seed",
    [
        ("bitenight", 4, 1),
        ("bitenight", 5, 2),
        ("schwechat", 4, 3),
        ("schafkopf", 4, 4),
        ("schafkopf", 4, 8),
        ("sheepshead", 5, 6),
    ],
)
def test_the_table_names_cards_as_drawn_and_seats_by_name(variant, players, seed):
    said, refusals = _play_through_the_table(variant, players, seed)
    german = variant == "schafkopf"
    # not vacuous: the game was played, refusals were shown, and each names the card tried
    assert len(refusals) >= 10
    for text in refusals:
        assert DRAWN.search(text), text
        assert text[:1].isupper() and " refused" not in text, text
    assert any(DRAWN.search(line) for line in said if line not in refusals)  # the log names cards too
    for text in said:
        assert not codes_in(text, german), (text, codes_in(text, german))
        assert not YOU_THIRD_PERSON.search(text), text
    # the seat called You is in the story, with its own verbs
    assert any(re.search(r"\bYou (?:play|take|deal|pass|bid|are)\b", line) for line in said), said[-20:]


def test_the_play_button_and_the_refusal_write_the_card_alike():
    g = sk.Game.from_dict(
        {
            "variant": "bitenight",
            "names": ["Ada", "Ben"],
            "players": [{"hand": ["4C", "9C"]}, {"hand": ["KD"]}],
            "stack": ["5S"],
            "turn": 0,
        }
    )
    t = Table(g)
    request(t, "play", player=0, cards=["4C"])
    # widgets/table.js labels the button "Play " + prettyCard("4C"), which is "4♣"
    assert t.message == "Ada can't play 4\u2663 on a 5: play 5 or higher, or a special card (2, 3, 10, joker)"


def test_a_warning_and_a_penalty_card_are_said_in_card_words_to_you():
    g = sk.Game.from_dict(
        {
            "variant": "schwechat",
            "names": ["You", "Ben"],
            "penalties": True,
            "players": [{"hand": ["4C", "9C", "KD"]}, {"hand": ["QS", "2C", "5D"]}],
            "stack": ["5S"],
            "draw": ["3H", "3D"],
            "turn": 0,
        }
    )
    rule = "play 5 or higher, or a wildcard (3, 7, 10, joker)"
    with pytest.raises(sk.IllegalMove) as first:
        g.play("P0 4C")
    assert first.value.words == f"You can't play 4\u2663 on a 5: {rule} \u2014 official warning for you"
    assert str(first.value) == f"a 5 is on the stack: {rule} \u2014 official warning for You"
    with pytest.raises(sk.IllegalMove) as second:
        g.play("P0 4C")
    assert second.value.words.endswith("\u2014 penalty card: one more face-down card for your gamble")
    assert g.log[-2].words == (f"You break a rule and get an official warning (you can't play 4\u2663 on a 5: {rule}).")


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat", "sheepshead", "schafkopf", "mehrkopf"])
def test_every_refused_card_is_said_in_card_words(variant):
    """In random games of every variant, any seat tries any card of the deck (its own or not, in
    turn or not): the engine's sentence for people names that card as drawn and no code."""
    rng = random.Random(variant)
    players = 5 if variant in ("sheepshead", "mehrkopf") else 4
    deck = sorted(set(sk.deck(variant, players)), key=int)
    kind = "card" if variant in ("sheepshead", "schafkopf", "mehrkopf") else "play"
    tried, seed = 0, 10
    while tried < 40:
        seed += 1
        g = sk.new_game(variant, players=players, seed=seed, names=NAMES[players])
        tried += _try_cards(g, kind, deck, rng, variant)


def _try_cards(g, kind, deck, rng, variant) -> int:
    tried = 0
    while g.phase != "over" and tried < 100:
        seat, card = rng.randrange(g.n), rng.choice(deck)
        move = sk.Move(seat, kind, (card,))
        if not g.is_legal(move):
            with pytest.raises(sk.IllegalMove) as refused:
                g.play(move)
            words = refused.value.words
            assert Writer(g.names, people=True).card(card) in words, words
            assert not codes_in(words, german=variant in ("schafkopf", "mehrkopf")), words
            assert not YOU_THIRD_PERSON.search(words), words
            tried += 1
        g.play(rng.choice(list(g.legal_moves())))
    return tried


def test_a_walkthrough_tells_its_story_in_card_words():
    from scheissekopf.table import Scene

    g = sk.new_game("bitenight", players=3, seed=2, names=["Ada", "You", "Cy"])
    start = g.clone()
    rng = random.Random(2)
    while g.phase != "play":
        g.play(rng.choice(list(g.legal_moves())))
    opening = max(g.legal_moves(), key=lambda m: len(m.cards))
    moves = [str(m) for m in g.history] + [str(opening)]
    w = Writer(g.names, people=True)
    caption = f"{g.names[opening.player]} holds the lowest card and opens with {w.cards(opening.cards)}."
    s = Scene([(start, "The deal."), (start, moves, caption)])
    s.next()
    told = [s.caption, s.info["status"], *s.log]
    assert s.log[-1] == w.finish(f"{g.names[opening.player]} plays {w.cards(opening.cards)}.")
    assert "You are ready." in s.log
    for text in told:
        assert not codes_in(text, german=False), text


def test_a_gamble_card_to_turn_is_counted_from_one_as_the_table_counts_it():
    """The words of a flip say the gamble card as a player counts it (the first is 1), like the
    table's button; the move's code keeps the engine's slot number."""
    g = sk.Game.from_dict(
        {
            "variant": "bitenight",
            "names": ["Ada", "Ben"],
            "players": [{"gamble": ["9H", "4C", "JC"]}, {"hand": ["KD"]}],
            "stack": ["6D"],
            "turn": 0,
        }
    )
    flips = [m for m in g.legal_moves() if m.kind == "flip"]
    assert [str(m) for m in flips] == ["P0 flip 0", "P0 flip 1", "P0 flip 2"]
    assert [Writer(g.names, people=True).move(m) for m in flips] == [
        "turn gamble card 1",
        "turn gamble card 2",
        "turn gamble card 3",
    ]


def test_four_of_a_face_card_burn_in_words_names_the_rank():
    """People read "Four queens in a row", programs keep the rank's code ("Four Qs")."""
    g = sk.Game.from_dict(
        {
            "variant": "bitenight",
            "names": ["Ada", "Ben"],
            "players": [{"hand": ["QC", "5D"]}, {"hand": ["KD"]}],
            "stack": ["QS", "QH", "QD"],
            "turn": 0,
        }
    )
    g.play("QC")
    burn = g.log[-1]
    assert burn.words == "Four queens in a row — the stack burns; Ada starts the next stack."
    assert burn.text == "Four Qs in a row — the stack burns; Ada starts the next stack."


def test_a_refused_call_of_the_pickers_own_ace_names_the_card_once():
    g = sk.new_game("sheepshead", seed=1, names=["Ada", "Ben", "Cleo", "Dev", "Eve"])
    for move in ("P1 pick", "P1 bury 10C 8C"):
        g.play(move)
    with pytest.raises(sk.IllegalMove) as refused:
        g.play("P1 call AC")
    assert refused.value.words == "Ben can't call A\u2663: it is in Ben's own hand or buried"
    assert "the picker cannot call AC" in str(refused.value)


def test_a_flip_without_a_slot_is_said_too():
    """Words are written for refused moves as well: a flip that names no slot still reads."""
    from scheissekopf.moves import Move

    assert Writer(["Ada"], people=True).move(Move(0, "flip")) == "turn a gamble card"


def test_a_move_names_a_seat_without_a_name_of_its_own_as_player_n():
    """A joker shown to a seat that has only the engine's default name reads "Player 2" in
    people's words (as the table's buttons say), "P2" in the codes."""
    from scheissekopf.moves import Move

    move = Move(0, "joker", (), target=2)
    assert move.said(Writer(["P0", "P1", "P2"], people=True)) == "show the joker to Player 2"
    assert move.said(Writer(["Ada", "Ben", "Cleo"], people=True)) == "show the joker to Cleo"
    assert move.said(Writer(["P0", "P1", "P2"])) == "show the joker to P2"


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat"])
def test_a_refusal_says_a_face_card_in_words_and_keeps_the_letter_for_programs(variant):
    """ "Ada can't play 4♣ on a king: play a king or higher", as a card player says it; the
    text for programs keeps "K or higher"."""
    from scheissekopf.cards import Card
    from scheissekopf.shedding.presets import get

    preset = get(variant)
    king, four = Card(13 << 2), Card(4 << 2)
    people = Writer(["Ada", "Ben"], people=True)
    said = preset.refusal([king], four >> 2, people)
    assert "on a king" in said and "a king or higher" in said, said
    assert " K " not in said + " "
    assert "K or higher" in preset.refusal([king], four >> 2)
    ace = Card(14 << 2)
    assert "another ace" in preset.refusal([ace], four >> 2, people)


def test_a_turned_gamble_card_is_counted_from_one_in_words_and_by_its_index_for_programs():
    g = sk.from_text("bitenight | P0 gamble 9C 4H KS | P1 5C 6C | P2 JH JS | stack 6D | turn P0")
    g.play("P0 flip 0")
    event = next(e for e in reversed(g.log) if e.kind == "flip")
    assert "turns gamble card 1:" in event.words and "turns gamble card 0:" in event.text
    three = sk.from_text("bitenight | P0 gamble 9C 4H KS | P1 5C 6C | P2 JH JS | stack 6D | turn P0")
    with pytest.raises(sk.IllegalMove) as refused:
        three.play("P0 flip 3")  # a fourth gamble card, counted from 0: there is none
    assert "slot 4" in refused.value.words and "slot 3" in str(refused.value)
