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

import random
import re

import pytest
from helpers import request
from test_table_esm import browser, table  # noqa: F401

import scheissekopf as sk
from scheissekopf.render import describe, narration
from scheissekopf.table import Table, _move_data
from scheissekopf.variants import is_trick_game

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
            if not _SENTENCE_START.search(line[: m.start()])
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


# ------------------------------------------------------------------------------ a joker printed
def test_a_joker_is_printed_as_a_joker():
    joker = sk.Card.parse("JK")
    assert joker.pretty() == "joker" and sk.Card.parse("10H").pretty() == "10\u2665"
    g = sk.Game.from_dict(
        {"variant": "bitenight", "names": ["Ada", "Ben"], "players": [{"hand": ["JK", "9C"]}, {"hand": ["KD"]}]}
    )
    printed = str(g)
    assert "joker" in printed and not re.search(r"\bJK\b", printed), printed
