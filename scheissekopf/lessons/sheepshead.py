"""Sheepshead lessons: picking, burying, calling, the trump order, scoring.

Five players, 32 cards: the queens, the jacks and the diamonds are trump (docs/SCHAFKOPF.md).
A hand position lists every card: the five hands, and the blind or the buried cards.
"""

from __future__ import annotations

from . import checks as c
from .lesson import Exercise, Lesson


def _hands(*hands):
    """Players as position data from one string of cards per seat."""
    return [{"hand": h.split()} for h in hands]


# the picker Ben's deal, used from the bury on: Ben picked up 10H and KS
_AFTER_PICK = ("QS 10D 8S 7S 9H AC", "QH JS KD 9C 8C 7H", "QD JH 8D AH KH 10C", "7D KC AS 10S 9S 8H")

PICKING = Lesson(
    "sheepshead-picking",
    "Sheepshead: pick, bury, call",
    "From the dealer's left each player may pick up the two-card blind or pass. The picker "
    "buries two cards, which count for the picker, and calls the ace of a fail suit: its holder "
    "is the secret partner.",
    [
        Exercise(
            id="sh-pick",
            position={
                "variant": "sheepshead",
                "players": _hands(
                    "10S KS 8S 7S 9H 8H",
                    "QC QS JC JD AD 10D",
                    "QH JS KD 9D AC 7H",
                    "QD JH 8D 10C KC 9S",
                    "7D AH 10H KH 9C AS",
                ),
                "blind": ["8C", "7C"],
            },
            seat=1,
            goal="You speak first. You hold six trumps, the two best queens among them. Pick or pass?",
            accept=c.moves(
                "P1 pick", why="you pass a hand with six trumps: it wins most tricks, so pick it up and play it"
            ),
            solutions=["P1 pick"],
            hints=[
                "Count your trumps: queens, jacks and diamonds.",
                "Six trumps, with the club and spade queens, win most of the tricks.",
                "Pick up the blind.",
            ],
            explain="With six trumps you pick: the blind adds two cards, and you choose your partner.",
            view=True,
            mistakes=["P1 call AC"],
        ),
        Exercise(
            id="sh-bury",
            position={
                "variant": "sheepshead",
                "phase": "bury",
                "bids": [None, "pick", None, None, None],
                "contract": {"mode": "pick", "declarer": 1},
                "players": _hands(_AFTER_PICK[0], "QC JC JD AD 9D 7C 10H KS", *_AFTER_PICK[1:]),
            },
            seat=1,
            goal="You picked. Bury two cards: as many points as you can, and no trump.",
            accept=c.buries(at_least=14),
            solutions=["P1 bury 10H KS"],
            hints=[
                "Buried cards count for you at the end, and no one can take them.",
                "Your fail cards are the 7♣, the 10♥ and the K♠. What is each worth?",
                "Bury the 10♥ and the K♠, and keep the 7♣ to call the club ace.",
            ],
            explain="The 10 and the King, 14 points, are safe in the bury; the 7♣ stays in your hand "
            "so that you can call the ace of clubs.",
            view=True,
            mistakes=["P1 bury 10H"],
        ),
        Exercise(
            id="sh-call",
            position={
                "variant": "sheepshead",
                "phase": "call",
                "bids": [None, "pick", None, None, None],
                "contract": {"mode": "pick", "declarer": 1},
                "buried": ["10H", "KS"],
                "players": _hands(_AFTER_PICK[0], "QC JC JD AD 9D 7C", *_AFTER_PICK[1:]),
            },
            seat=1,
            goal="You buried the 10♥ and the K♠. Call a partner.",
            accept=c.moves(
                "P1 call AC", why="you play alone against all four, with no fail ace to help: call a partner"
            ),
            solutions=["P1 call AC"],
            hints=[
                "You may call the ace of a fail suit you hold a card of, but not its ace.",
                "Your only fail card is the 7♣.",
                "Call the ace of clubs, the A♣.",
            ],
            explain="The holder of the ace of clubs is now your partner, and nobody knows who until the ace is played.",
            view=True,
            mistakes=["P1 call AH"],
        ),
    ],
)

PLAYING = Lesson(
    "sheepshead-play",
    "Sheepshead: trumps and scoring",
    "Trump from the top: the queens, the jacks (each clubs, spades, hearts, diamonds), then A♦ 10♦ "
    "K♦ 9♦ 8♦ 7♦. The picking side needs 61 of the 120 points; below 31 it is schneidered and "
    "pays double.",
    [
        Exercise(
            id="sh-trump-order",
            position={
                "variant": "sheepshead",
                "buried": ["10H", "KS"],
                "contract": {"mode": "called", "declarer": 1, "called": "AC"},
                "players": _hands(
                    "JH 9D 10S 9S 8H 7H", "QC QS JC 8D 7C", "QH JS 9C 8C AS", "QD JD AC KH 8S", "10C KC AH 9H 7S"
                ),
                "trick": {"leader": 1, "cards": ["AD", "10D", "KD", "7D"]},
            },
            seat=0,
            goal="Ben led the ace of diamonds. Take the trick.",
            accept=c.takes_trick(why="Every queen and jack ranks above the diamonds, the ace included."),
            solutions=["P0 JH"],
            hints=[
                "Diamonds are trump: you must follow with a trump.",
                "Queens and jacks are trumps too, and they rank above every diamond.",
                "Play the jack of hearts.",
            ],
            explain="The jack of hearts beats the ace of diamonds, and the trick brings you 27 points.",
            view=True,
            mistakes=["P0 10S"],
        ),
        Exercise(
            id="sh-schneider",
            position={
                "variant": "sheepshead",
                "buried": ["QC", "8C"],
                "contract": {"mode": "called", "declarer": 1, "called": "AH"},
                "players": _hands("8D", "7C", "8S", "7S", "AD KS"),
                "tricks": [
                    {"leader": 1, "cards": ["10H", "9H", "AH", "KH", "9S"], "winner": 3},
                    {"leader": 3, "cards": ["7D", "JD", "QS", "QH", "9D"], "winner": 0},
                    {"leader": 0, "cards": ["KD", "AC", "JC", "JS", "10D"], "winner": 2},
                    {"leader": 2, "cards": ["8H", "KC", "JH", "QD", "7H"], "winner": 0},
                ],
                "trick": {"leader": 0, "cards": ["9C", "10C", "10S", "AS"]},
            },
            seat=4,
            goal="Ben picked and Dev brought out the called ace of hearts. They have 28 points; this "
            "trick holds 31. Play so that you end the hand with +2.",
            accept=c.settles(2, why="The picking side is schneidered below 31 points, and then each opponent gets 2."),
            solutions=["P4 AD"],
            hints=[
                "Who takes this trick if you do not trump it?",
                "Schneidered (below 31 points), the picker pays 4 and the partner 2: each opponent gets 2.",
                "Trump with the ace of diamonds.",
            ],
            explain="Your ace of diamonds takes 42 points for your side. The picking side ends with "
            "28: schneidered, so Ben pays 4, Dev pays 2, and each opponent gets +2.",
            view=True,
            mistakes=["P0 8D"],
        ),
    ],
)

LESSONS = (PICKING, PLAYING)
