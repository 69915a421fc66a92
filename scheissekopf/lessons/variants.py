"""Palace and schwechat lessons: the rules in which they differ from bitenight.

Palace: the opener is found by the 3s in the banks, a 3 and a 7 are plain cards, and a bank with
nothing to play lays a card and takes. Schwechat: the 7 must be undercut, the 3 mirrors, the
joker reverses, bank and gamble lie in columns, and anyone may take the stack by choice.
"""

from __future__ import annotations

from . import checks as c
from .lesson import Exercise, Lesson

PALACE = Lesson(
    "palace",
    "Palace: what is different",
    "Palace is classic Shithead: play equal or higher; only the 2 and the 10 are special; who "
    "opens is decided by the 3s, in the banks first.",
    [
        Exercise(
            id="pa-opening",
            position=(
                "palace | P0 7C 8C JD bank 9D QC AC gamble 2C 4C 6S"
                " | P1 3D JS QD bank 6D 8D KH gamble 10C AD 2H"
                " | P2 3S 9S KD bank 5H QS AH gamble 4D 7D 8H"
                " | draw 5S 7H JH | phase setup"
            ),
            seat=2,
            goal="Ben and you both hold a 3 in the hand, and Ben sits first from the dealer's left. "
            "Make one swap so that you open.",
            accept=c.opens(
                2,
                why="A 3 in a bank comes before a 3 in a hand, and among the hands Ben is first from the dealer's left.",
            ),
            solutions=["P2 swap 3S 5H", "P2 swap 3S QS", "P2 swap 3S AH"],
            hints=[
                "In palace the opener is found among the banks first, then the hands.",
                "Who holds a 3 in the bank?",
                "Swap your 3♠ into the bank.",
            ],
            explain="Nobody else has a 3 in the bank, so your bank's 3 makes you the opener, and the "
            "opener may play anything from the hand.",
            mistakes=["P2 swap 5H 3S"],
        ),
        Exercise(
            id="pa-plain-seven",
            position="palace | P0 4D 7C QD | P1 6H 8S 9S | P2 4H 6C JH | stack 5S",
            seat=0,
            goal="Ben holds a 6, an 8 and a 9. Play so that Ben must take the stack.",
            accept=c.must_take(1, why="In palace a 7 holds nothing low: the next play is equal or higher."),
            solutions=["P0 QD"],
            hints=[
                "In palace every natural card asks the same: equal or higher.",
                "The 7 has no power here. Which of your cards is above all of Ben's?",
                "Play the Q♦.",
            ],
            explain="Nothing Ben holds is a queen or higher, and Ben has no 2 or 10, so Ben must take.",
            mistakes=["P0 4D"],
        ),
        Exercise(
            id="pa-three-is-low",
            position="palace | P0 2S 3C 10D | P1 4H 6C JH | P2 6H 8S 9S | stack 5S KS",
            seat=0,
            goal="A king lies on the stack. Play so that Ben, who plays next, may lay any card.",
            accept=c.anything_goes(),
            solutions=["P0 2S"],
            hints=[
                "In palace a 3 is the lowest card, not a special one.",
                "Anything may be played on a 2.",
                "Play the 2♠.",
            ],
            explain="The 2 lets anything follow. The 10 would have burned the stack, but then you "
            "would start again yourself, and the 3 does not go on a king at all in palace.",
            view=True,
            mistakes=["P0 3C"],
        ),
        Exercise(
            id="pa-bank-failure",
            position="palace | P0 bank 4C 6D 9S gamble 5C 8D JS | P1 5H 6H KH | P2 4H 6C QH | stack 8S KS",
            seat=0,
            goal="None of your bank cards goes on the king. Lay one and take the stack, keeping your "
            "two highest bank cards in the bank.",
            accept=c.bank(has=["6", "9"]),
            solutions=["P0 take 4C"],
            hints=[
                "In palace a bank that cannot play lays one card and takes the stack with it.",
                "The card you lay goes into your hand with the stack; the others stay in the bank.",
                "Lay the 4♣ and take the stack.",
            ],
            explain="The 4 goes into your hand with the stack; the 6 and the 9 wait in your bank, "
            "where higher cards have a better chance later.",
            mistakes=["P0 take"],
        ),
    ],
)

SCHWECHAT = Lesson(
    "schwechat",
    "Schwechat: what is different",
    "In schwechat the 3, 7, 10 and joker are wildcards: the 3 mirrors, the 7 must be undercut, "
    "the joker turns the direction round. Bank and gamble lie in columns, and you may take the "
    "stack whenever you like.",
    [
        Exercise(
            id="sw-undercut-seven",
            position="schwechat | P0 5D 7C JD | P1 8H KS AS | P2 4H 6H QH | stack 9S",
            seat=0,
            goal="Ben holds an 8, a king and an ace, and no wildcard. Play so that Ben must take the stack.",
            accept=c.must_take(1),
            solutions=["P0 7C"],
            hints=[
                "Which card asks for a lower card next?",
                "A 7 must be undercut: a 2, 4, 5 or 6, or a wildcard.",
                "Play the 7♣.",
            ],
            explain="After a 7 only a 2, 4, 5, 6 or a wildcard may follow; Ben has none of them.",
            view=True,
            mistakes=["P0 5D"],
        ),
        Exercise(
            id="sw-mirror-three",
            position="schwechat | P0 3C 9S 10D | P1 5H 6H KH | P2 4H 6C QH | stack 8S AS",
            seat=0,
            goal="An ace lies on top and Ben holds a 5, a 6 and a king. Play so that Ben must take the stack.",
            accept=c.must_take(1),
            solutions=["P0 3C"],
            hints=[
                "In schwechat a 3 is a wildcard, but not an invisible one.",
                "A 3 takes the value of the card under it.",
                "Play the 3♣: it counts as an ace.",
            ],
            explain="The 3 mirrors the ace under it, so Ben would need an ace or a wildcard. A 10 would "
            "have burned the stack, and then Ben starts a new one with anything.",
            view=True,
            mistakes=["P0 9S"],
        ),
        Exercise(
            id="sw-joker-reverses",
            position="schwechat | P0 4C 9C JK | P1 QH | P2 4H 6C QC | P3 5H 6H KH | stack 5S",
            seat=0,
            goal="Ben, on your left, has one card left. Play so that Dev, on your right, plays next.",
            accept=c.plays_next(3),
            solutions=["P0 JK"],
            hints=[
                "One card changes the direction of play.",
                "In schwechat a joker reverses the direction until the next joker.",
                "Play the joker.",
            ],
            explain="The joker turns the direction round: play goes on to your right, Dev, and Ben waits.",
            view=True,
            mistakes=["P0 4C"],
        ),
        Exercise(
            id="sw-columns",
            position="schwechat | P0 bank 9C KD - gamble 5S 2H 7D | P1 5H 6H KH | P2 4H 6C QH | stack 8S AS",
            seat=0,
            goal="Your hand is empty. Neither bank card goes on the ace. Play on without taking the "
            "stack (this open table shows the face-down cards).",
            accept=c.kept_clear(
                why="Column 3, counted from the left, has lost its bank card, so the gamble card "
                "under it may be turned while the other columns still hold bank cards."
            ),
            solutions=["P0 flip 2"],
            hints=[
                "Bank and gamble lie in columns: each bank card covers one gamble card.",
                "Which gamble card has no bank card on it any more?",
                "Turn the gamble card in column 3, counted from the left: click it, then Turn it over.",
            ],
            explain="A gamble card is free once the bank card on it is gone, even while other "
            "columns still hold bank cards. The 7 you turned is a wildcard.",
            mistakes=["P0 flip 0"],
        ),
        Exercise(
            id="sw-take-by-choice",
            position="schwechat | P0 5D 6D KC | P1 5H 6H KH | P2 4H 6C QH | stack JK 3H 7S",
            seat=0,
            goal="The stack holds only wildcards: a joker, a 3 and a 7. Take it into your hand now, by choice.",
            accept=c.took_stack(0),
            solutions=["P0 take"],
            hints=[
                "In schwechat you may take the stack at the start of your turn even when you could play.",
                "Three wildcards would make your hand strong.",
                "Press Take the stack.",
            ],
            explain="You take three wildcards into your hand, and then open the new stack yourself.",
            mistakes=["P1 take"],
        ),
    ],
)

LESSONS = (PALACE, SCHWECHAT)
