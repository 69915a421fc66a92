"""Sheepshead lessons: picking, burying, calling, the trump order, scoring.

Five players, 32 cards: the queens, the jacks and the diamonds are trump (docs/SCHAFKOPF.md).
A hand position lists every card: the five hands, and the blind or the buried cards. Each
position is the one-line position text (docs/POSITION_TEXT.md).
"""

from __future__ import annotations

from . import checks as c
from .lesson import Exercise, Lesson

PICKING = Lesson(
    "sheepshead-picking",
    "Sheepshead: pick, bury, call",
    "From the dealer's left each player may pick up the two-card blind or pass. The picker "
    "buries two cards, which count for the picker, and calls the ace of a fail suit: its holder "
    "is the secret partner.",
    [
        Exercise(
            id="sh-pick",
            position=(
                "sheepshead | P0 10S KS 8S 7S 9H 8H"
                " | P1 QC QS JC JD AD 10D"
                " | P2 QH JS KD 9D AC 7H"
                " | P3 QD JH 8D 10C KC 9S"
                " | P4 7D AH 10H KH 9C AS"
                " | blind 8C 7C"
            ),
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
            # Ben's deal of sh-pick after the pick: Ben picked up 10H and KS
            position=(
                "sheepshead | P0 QS 10D 8S 7S 9H AC"
                " | P1 QC JC JD AD 9D 7C 10H KS"
                " | P2 QH JS KD 9C 8C 7H"
                " | P3 QD JH 8D AH KH 10C"
                " | P4 7D KC AS 10S 9S 8H"
                " | bids - pick - - - | contract pick P1"
            ),
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
            position=(
                "sheepshead | P0 QS 10D 8S 7S 9H AC"
                " | P1 QC JC JD AD 9D 7C"
                " | P2 QH JS KD 9C 8C 7H"
                " | P3 QD JH 8D AH KH 10C"
                " | P4 7D KC AS 10S 9S 8H"
                " | buried 10H KS | phase call | bids - pick - - - | contract pick P1"
            ),
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
            position=(
                "sheepshead | P0 JH 9D 10S 9S 8H 7H"
                " | P1 QC QS JC 8D 7C"
                " | P2 QH JS 9C 8C AS"
                " | P3 QD JD AC KH 8S"
                " | P4 10C KC AH 9H 7S"
                " | buried 10H KS | contract called P1 AC | trick P1 AD 10D KD 7D"
            ),
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
            position=(
                "sheepshead | P0 8D"
                " | P1 7C"
                " | P2 8S"
                " | P3 7S"
                " | P4 AD KS"
                " | buried QC 8C | contract called P1 AH | trick P0 9C 10C 10S AS"
                " | tricks P1 10H 9H AH KH 9S won P3, P3 7D JD QS QH 9D won P0, P0 KD AC JC JS 10D won P2, P2 8H KC JH QD 7H won P0"
            ),
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
