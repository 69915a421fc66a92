"""A seat called "You" is spoken to, not spoken of: every sentence written for people with a seat
in it reads in the second person when that seat is called "You" ("your turn", "you hold", "your
gamble cards", "Waiting for you."), in Python (refusals, the log, the narration, the status line,
the table's messages and buttons) and in the front end (widgets/table.js: why a click does
nothing, the hints and buttons of the action bar). One rule does it in each language:
``words.agree`` and table.js's ``agree``.

A joker is written as people say it wherever a card is printed for them: ``Card.pretty()`` (the
printouts and captions of the notebooks) says "joker", never the engine's code ``JK``.
"""

from __future__ import annotations

import copy
import random
import re

import pytest
from helpers import move, request, traits

import scheissekopf as sk
from scheissekopf.hint import hint as search_hint
from scheissekopf.render import describe, game_html, narration
from scheissekopf.table import Table, _move_data
from scheissekopf.variants import is_trick_game
from scheissekopf.words import agree

OTHERS = ["Ada", "Ben", "Cy", "Dee", "Eve"]
VARIANTS = {"bitenight": 4, "palace": 3, "schwechat": 4, "sheepshead": 5, "schafkopf": 4, "mehrkopf": 5}

# "You" with a verb of the third person ("You is", "You still holds", "You plays"; "You pass" is
# the second person), "You's", and "You" in capitals inside a sentence
_THIRD = re.compile(r"\bYou (?:(?:now|also|still|first|then) )?(?:is|has|was|does|[a-z]*[^s\W]s)\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")


def third_person(text: str) -> list[str]:
    """What in ``text`` speaks of a seat called "You" instead of to it."""
    found = []
    for line in str(text or "").splitlines():
        found += [f"{m.group(0)!r} in {line!r}" for m in _THIRD.finditer(line)]
        found += [f"You's in {line!r}" for _ in re.finditer(r"\bYou's", line)]
        found += [
            f"'You' inside {line!r}"
            for m in re.finditer(r"\bYou\b", line)
            if not _SENTENCE_START.search(line[: m.start()]) and not line[: m.start()].endswith("called ")
        ]
    return found


def test_the_checker_sees_each_way_of_speaking_of_you():
    assert third_person("You plays 8\u2665.") and third_person("You still holds 3 hand cards.")
    assert third_person("It is You's turn.") and third_person("Waiting for You.")
    assert third_person("Auction \u2014 You to speak")
    assert not third_person("You play 8\u2665. You pass. Waiting for you. It is your turn, not Ada's.")


# ------------------------------------------------------------------------------ Python
def _wrong_seat(move, seat) -> str:
    """The text of ``move`` as if ``seat`` made it (a refusal of another kind than a wrong card)."""
    return f"P{seat} {str(move).split(' ', 1)[1]}"


def _said_in_a_game(variant: str, players: int, you: int, seed: int) -> list[str]:
    """Everything written for people in a random game with "You" at seat ``you``: the refusals of
    random wrong cards and of moves by the wrong seat, the tables' statuses, contracts, buttons
    and refusals (a table for every card and one seen from the seat called You), the log and
    every seat's narration."""
    names = OTHERS[:players]
    names[you] = "You"
    rng = random.Random(seed)
    g = sk.new_game(variant, players=players, seed=seed, names=names)
    t = Table(g)
    deck = sorted(set(sk.deck(variant, players)), key=int)
    kind = "card" if is_trick_game(g) else "play"
    said: list[str] = []
    hinted = False
    for turn in range(160):
        if g.phase == "over":
            break
        said += [t.info["status"], t.info.get("contract") or "", *(m["words"] for m in t.legal)]
        said += [t.info.get("step_off") or "", t.info.get("undo_off") or ""]
        said += [_move_data(m, names)["words"] for m in g.legal_moves()]
        for _ in range(2):  # a card nobody may play now
            move = sk.Move(rng.randrange(players), kind, (rng.choice(deck),))
            if not g.is_legal(move):
                with pytest.raises(sk.IllegalMove) as refused:
                    g.play(move)
                said.append(refused.value.words)
        for move in list(g.legal_moves())[:4]:  # a move made by the wrong seat
            wrong = _wrong_seat(move, (move.player + 1) % players)
            if not g.is_legal(wrong):
                with pytest.raises(sk.IllegalMove) as refused:
                    g.play(wrong)
                said.append(refused.value.words)
        if turn % 5 == 0:  # the table seen from You's seat, asked for another seat
            mine = Table(g.clone(), view=you)  # a copy: a bot seated there plays on the copy only
            said += [mine.info["status"], *(m["words"] for m in mine.legal)]
            said += [mine.info.get("step_off") or "", mine.info.get("undo_off") or ""]
            other = (you + 1) % players
            request(mine, kind, player=other, cards=[str(deck[0])])
            said.append(mine.message)
            request(mine, "hint", player=other)
            said.append(mine.message)
            request(mine, "step")
            said.append(mine.message)
        if not hinted and any(m.player == you for m in g.legal_moves()):
            mine = Table(g.clone(), view=you)
            said += [row["words"] for row in mine.hint(you, iterations=12, seed=seed)]
            hinted = True
        t.play(rng.choice(list(g.legal_moves())))
    said += [t.info["status"], Table(g, view=you).info["status"], *narration(g)]
    for seat in range(players):
        said += narration(g, seat)
    return [text for text in said if text]


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_sentence_speaks_to_a_seat_called_you(variant):
    players = VARIANTS[variant]
    said = []
    for you in range(players):
        said += _said_in_a_game(variant, players, you, seed=you + 1)
    wrong = sorted({problem for text in said for problem in third_person(text)})
    assert not wrong, wrong[:20]
    # not vacuous: the seat called You was in the story and was spoken to
    assert sum("You" in text or "you" in text.split() for text in said) >= 20, said[:40]


def test_a_table_seen_from_you_says_whose_table_it_is_to_you():
    g = sk.new_game("schafkopf", players=4, seed=3, names=["Ada", "You", "Cy", "Dee"])
    t = Table(g, view=1)
    request(t, "move", player=2, text="P2 pass")
    assert t.message == "This table is seen by you: it cannot play for Cy."
    request(t, "hint", player=0)
    assert t.message == "This table is seen by you: it gives hints to you only."


def test_why_step_is_off_at_a_table_seen_by_another_seat_speaks_to_you():
    g = sk.new_game("schafkopf", players=4, seed=3, names=["Ada", "You", "Cy", "Dee"])
    assert g.turn == 1
    t = Table(g, view=0, bots=None)
    assert t.info["step_off"] == (
        "It is your turn, and you are not a bot here: Step plays only the computer's moves at a table seen by one seat."
    )
    request(t, "step")
    assert t.message == t.info["step_off"]


@pytest.mark.parametrize("variant", ["bitenight", "schafkopf"])
def test_a_picture_seen_from_you_says_seen_by_you(variant):
    g = sk.new_game(variant, players=4, seed=3, names=["Ada", "You", "Cy", "Dee"])
    picture = game_html(g, view=1)
    assert "seen by you" in picture and "seen by You" not in picture


def test_the_status_of_an_auction_speaks_to_you():
    g = sk.new_game("schafkopf", players=4, seed=3, names=["Ada", "You", "Cy", "Dee"])
    while g.turn != 1:
        g.play(next(m for m in g.legal_moves() if m.kind == "pass"))
    assert describe(g)[1]["status"] == "Auction \u2014 you to speak"


def test_a_button_that_shows_the_joker_to_you_says_you():
    g = sk.Game.from_dict(
        {
            "variant": "bitenight",
            "names": ["Ada", "You"],
            "players": [{"hand": ["JK", "9C"]}, {"hand": ["KD"]}],
            "stack": ["5S"],
            "turn": 0,
        }
    )
    assert "Show the joker to you" in [m["words"] for m in Table(g).legal]
    lines = search_hint(g, 0, iterations=20, seed=1).lines()
    assert any(line.startswith("show the joker to you:") for line in lines), lines


# ------------------------------------------------------------------------------ a joker printed
def test_a_joker_is_printed_as_a_joker():
    joker = sk.Card.parse("JK")
    assert joker.pretty() == "joker" and sk.Card.parse("10H").pretty() == "10\u2665"
    g = sk.Game.from_dict(
        {"variant": "bitenight", "names": ["Ada", "Ben"], "players": [{"hand": ["JK", "9C"]}, {"hand": ["KD"]}]}
    )
    printed = str(g)
    assert "joker" in printed and not re.search(r"\bJK\b", printed), printed


# ------------------------------------------------------------------------------ the front end
# widgets/table.js's sentence functions, called in Chromium with what a real table syncs (the
# description of a position where Ada, You and Cy play), changed to reach each branch
SHED = {
    "variant": "bitenight",
    "names": ["Ada", "You", "Cy"],
    "players": [
        {"hand": ["5H", "9C"], "bank": ["QS", "4D", "AH"], "gamble": ["7C", "2S", "9H"]},
        {"hand": ["4H", "QD", "10S"], "bank": ["KS", "KC", "5C"], "gamble": ["6C", "2D", "9S"]},
        {"hand": ["6H", "6D"], "bank": ["JS", "JD", "8C"], "gamble": ["8D", "2C", "AS"]},
    ],
    "stack": ["9D"],
    "turn": 1,
}
NOBODY = {"player": None, "items": []}


def _front(state, info, legal=(), bot=None, **fields) -> dict:
    """What the front end holds (its ``d``): ``fields`` change the info; ``bot`` seats a bot."""
    info = {**copy.deepcopy(info), **fields}
    if bot is not None:
        info["seats"][bot]["bot"] = True
    return {"state": state, "info": info, "legal": list(legal), "interactive": True, "lesson": {}}


def shed(legal=(), bot=None, hand_of_you=None, variant="bitenight", **fields) -> dict:
    state, info = describe({**SHED, "variant": variant})  # each preset's table says its own words
    if hand_of_you is not None:
        state = copy.deepcopy(state)
        state["players"][1]["hand"] = hand_of_you
    return _front(state, info, legal, bot, **fields)


def trick(legal=(), bot=None, **fields) -> dict:
    state, info = describe(sk.new_game("schafkopf", players=4, seed=3, names=["Ada", "You", "Cy", "Dee"]))
    if "turn" in fields:  # the seat to act is the seat whose turn it is, as in a hand being played
        fields.setdefault("actor", fields["turn"])
    return _front(state, info, legal, bot, **fields)


def _sel(player, *cards, zone="hand") -> dict:
    return {"player": player, "items": [{"zone": zone, "index": k, "card": c} for k, c in enumerate(cards)]}


# (d, seat clicked, zone clicked, what whyNot says): every branch, with You as the seat clicked,
# the seat to move, the seat that turned a joker or the seat the table is seen from
WHY_NOT = [
    (
        {**shed(), "interactive": False, "steps": 3},
        1,
        "hand",
        "This walkthrough is for looking: Back and Next step through it; nothing here is played.",
    ),
    (
        {**shed(), "interactive": False},
        1,
        "hand",
        "This table only shows a position: it is not for playing, so clicks change nothing.",
    ),
    (
        {**shed(), "lesson": {"solved": True, "next": True}},
        1,
        "hand",
        "Solved! Press Next for the next exercise, or Retry to play this one again.",
    ),
    (
        {**shed(), "lesson": {"solved": True}},
        1,
        "hand",
        "Solved! That was the last exercise of this lesson; Retry plays this one again.",
    ),
    (shed(phase="over"), 1, "hand", "The round is over: there is nothing left to play."),
    (trick(phase="over"), 1, "hand", "The hand is over: there is nothing left to play."),
    (
        shed(home=1),
        0,
        "hand",
        "In this exercise you play the seat called You, at the bottom: Ada's cards are not yours to play.",
    ),
    (shed(view=1), 0, "hand", "This table is seen from your seat: only your cards can be played here."),
    (shed(view=0), 1, "hand", "This table is seen from Ada's seat: only Ada's cards can be played here."),
    (shed(bot=1), 1, "hand", "You are played by a bot."),
    (trick(turn=None), 1, "hand", "No card can be played now."),
    (trick(turn=1), 0, "hand", "It is your turn, not Ada's."),
    (trick(turn=0), 1, "hand", "It is Ada's turn, not yours."),
    (trick(turn=1), 1, "hand", "You play no card yet: first choose with the buttons below."),
    (
        shed(phase="setup"),
        1,
        "gamble",
        "Your gamble cards stay face down; in the setup only hand and bank cards are swapped.",
    ),
    (shed(phase="setup"), 1, "hand", "You have nothing left to do in the setup."),
    (shed(pending=1), 1, "hand", "You turned a joker: first say who takes the stack."),
    (shed(pending=1), 0, "hand", "You turned a joker and must first say who takes the stack."),
    (shed(actor=1), 0, "hand", "It is your turn, not Ada's (out of turn only four of a kind may be completed)."),
    (shed(actor=0), 1, "hand", "It is Ada's turn, not yours (out of turn only four of a kind may be completed)."),
    (shed(actor=0, variant="palace"), 1, "hand", "It is Ada's turn, not yours."),  # no jump-ins in this preset
    (shed(actor=1), 1, "bank", "You still hold 3 hand cards: the bank is played only once the hand is empty."),
    (
        shed(actor=1, hand_of_you=["4H"]),
        1,
        "gamble",
        "You still hold 1 hand card: gamble cards come last, after the hand and the bank.",
    ),
    (shed(actor=1, hand_of_you=[]), 1, "gamble", "You still have bank cards: gamble cards come last, after the bank."),
    (
        shed(actor=1, variant="schwechat", hand_of_you=[]),
        1,
        "gamble",
        "This gamble card still has its bank card lying on it: play that one first.",
    ),
    (shed(actor=1), 1, "hand", "You cannot play this card now."),
]

SWAP = move("P1 swap 4H KS", "swap", ["4H", "KS"])
PLACE = move("P1 place 4H 0", "place", ["4H"], index=0)
# (d, selection, the action bar's hint, words its buttons must include)
ACTIONS = [
    (shed(bot=1, bot_waiting=True), _sel(1), "The bot at your seat is thinking\u2026", []),
    (shed(bot=1), _sel(1), "You are played by a bot: press Step.", []),
    (shed(view=0), _sel(1), "Waiting for you.", []),
    (shed([SWAP], phase="setup"), _sel(1), "You: click a hand card and a bank card, then Swap. Ready when done.", []),
    (  # a lesson's open table speaks to the learner's seat, not to every player
        shed([SWAP], phase="setup", actor=None, view="table", home=1),
        NOBODY,
        "You: click a hand card and a bank card, then Swap. Ready when done.",
        [],
    ),
    (shed([PLACE], phase="setup"), _sel(1), "You: click a hand card, then the column to lay it on.", []),
    (shed([move("P0 ready", "ready")], phase="setup"), _sel(1), "You are ready.", []),
    (
        shed(
            [move("P1 JK to P0", "joker", ["JK"], target=0), move("P1 JK to P1", "joker", ["JK"], target=1)], pending=1
        ),
        NOBODY,
        "You turned a joker: who takes the stack?",
        ["Ada takes the stack", "You take the stack"],
    ),
    (
        shed([move("P0 JK to P1", "joker", ["JK"], target=1)], actor=0),
        _sel(0, "JK"),
        "Who takes the stack?",
        ["Show the joker to you"],
    ),
    (
        shed([move("P1 take KS", "take", ["KS"])], actor=1),
        NOBODY,
        "You: no bank card fits \u2014 pick one to lay on the stack and take it all.",
        [],
    ),
    (shed([move("P1 flip 0", "flip", index=0)], actor=1), NOBODY, "You: turn one of your gamble cards.", []),
    (shed([move("P1 QD", cards=["QD"])], actor=1), NOBODY, "You to move: click cards to select them, then Play.", []),
    (
        shed([move("P1 QD QH", cards=["QD", "QH"])], actor=0, view=1),
        NOBODY,
        "Waiting for Ada, but you may jump in now: pick the cards, then Jump in!",
        [],
    ),
    (  # one card of a two-card jump-in: the button waits, and the bar says what to add
        shed([move("P1 QD QH", cards=["QD", "QH"])], actor=0, view=1),
        _sel(1, "QD"),
        "You: to jump in, pick Q\u2665 too.",
        ["Jump in! Q\u2666"],
    ),
]
TRICK_ACTIONS = [
    (trick(bot=1, view=1, bot_waiting=True), NOBODY, "The bot at your seat is thinking\u2026"),
    (trick(bot=1, view=1), NOBODY, "You are played by a bot: press Step."),
    (trick(view=0, turn=1), NOBODY, "Waiting for you."),
    (trick([move("P1 bury EO GO", "bury", ["EO", "GO"])], view=1, turn=1), NOBODY, "You: click two cards to bury."),
    (trick([move("P1 under HA E7", "under", ["E7"])], view=1, turn=1), NOBODY, "You: click a card, then the button."),
    (trick([move("P1 EO", "card", ["EO"])], view=1, turn=1), NOBODY, "You: click a card to play it."),
    (trick([move("P1 pass", "pass")], view=1, turn=1), NOBODY, "You: choose."),
]


def _call(page, name, args):
    return page.evaluate(f"(calls) => calls.map((a) => window.lib.{name}(...a))", args)


def test_every_sentence_of_the_front_end_speaks_to_a_seat_called_you(table):
    page = table(traits())
    said = _call(page, "whyNot", [[d, p, zone] for d, p, zone, _ in WHY_NOT])
    assert said == [expected for *_, expected in WHY_NOT]
    actions = _call(page, "actionsFor", [[d, sel] for d, sel, *_ in ACTIONS])
    for (_, _, hint, labels), got in zip(ACTIONS, actions):
        shown = [b["label"] for b in got["buttons"]]
        if hint.endswith("too."):  # a jump-in not yet whole cannot be sent
            assert all(b.get("disabled") and b.get("msg") is None for b in got["buttons"]), got
        assert got["hint"] == hint and set(labels) <= set(shown), (got, hint, labels)
        assert not third_person("\n".join(shown)), shown
    actions = _call(page, "trickActionsFor", [[d, sel] for d, sel, _ in TRICK_ACTIONS])
    assert [got["hint"] for got in actions] == [hint for *_, hint in TRICK_ACTIONS]
    take = shed([move("P1 take", "take")], actor=1)
    assert _call(page, "cannotGo", [[take, 1, "hand", "4H"]]) == [
        "You have no card that can go on the stack now: press Take the stack."
    ]
    bots = shed(bot=0)
    bots["info"]["seats"][1]["bot"] = True
    assert _call(page, "botsLine", [[bots["info"]]]) == ["Ada and you are played by the computer."]
    joker = {"kind": "joker", "text": "P0 JK to P1", "cards": ["JK"]}
    assert _call(page, "hintMove", [[joker, shed()["info"]]]) == ["show the joker to you"]
    # a table without a seat called You keeps its names as they are
    assert _call(page, "agree", [["You plays 8\u2665 to Ben.", {"names": ["Ada", "Ben"]}]]) == [
        "You plays 8\u2665 to Ben."
    ]


def test_the_front_end_and_python_make_sentences_agree_alike(table):
    page = table(traits())
    texts = [
        "You plays 8\u2665.",
        "You is ready.",
        "it is You's turn, not Ada's",
        "Ada shows a joker to You: You takes the stack.",
        "You cannot play and takes the stack (2 cards into the hand).",
        "the auction is on (You bids or passes)",
        "Ada accepts You's wedding and swaps a card for the trump.",
        "You shows a joker to themselves.",
        "You still holds 2 cards; You's bank waits.",
        "You buries two cards and passes.",
        "In this exercise you play the seat called You, at the bottom.",  # the name itself stays
    ]
    names = ["Ada", "You"]
    assert _call(page, "agree", [[text, {"names": names}] for text in texts]) == [agree(text, names) for text in texts]


def test_a_table_seen_from_you_names_you_in_its_header_and_hint(table):
    g = sk.Game.from_dict(SHED)
    t = Table(g, view=1)
    t.hint(1, iterations=30, seed=1)
    page = table({**_traits(t), "info": {**t.info, "seats": [{**s, "bot": False} for s in t.info["seats"]]}})
    assert page.locator(".sk-viewtag").inner_text() == "seen by you"
    assert page.locator(".sk-hints .sk-log-title").text_content() == "Hint for you"
    about = page.locator(".sk-hint-about").inner_text()
    assert "from your seat" in about and "the cards you cannot see" in about, about
    assert page.locator(".sk-hint-btn").get_attribute("title") == "rank your moves by search (only what you can see)"
    assert not third_person(page.locator(".sk-table").inner_text().replace("\nYou\n", "\n"))


def _traits(t: Table) -> dict:
    names = ["state", "info", "legal", "log", "message", "tone", "version", "interactive", "hints"]
    return {name: getattr(t, name) for name in names}
