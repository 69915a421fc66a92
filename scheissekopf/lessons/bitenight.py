"""Bitenight lessons: setup, the special cards, four of a kind, the zones, scoring.

Each exercise is a position in the one-line position text (``Game.from_text``,
docs/POSITION_TEXT.md), the learner's seat, a goal, a check from :mod:`.checks`, the solving moves
and graded hints. The rules behind them: docs/RULES.md.
"""

from __future__ import annotations

from . import checks as c
from .lesson import Exercise, Lesson

SETUP = Lesson(
    "bitenight-setup",
    "Before the first card",
    "Everyone gets three cards face down (the gamble), three face up (the bank) and three in the "
    "hand. Before play you may swap hand and bank cards; then the lowest card in any hand opens.",
    [
        Exercise(
            id="bn-stock-bank",
            position=(
                "bitenight | P0 6C 9S 10H bank 4C QS KD gamble 7C 8C JD"
                " | P1 5D JS AD bank 6D 8D KH gamble QC AC 2C"
                " | P2 5S 9H QD bank 6H 7D 2D gamble 3C 3D 8H"
                " | draw 6S 7H JH | phase setup"
            ),
            seat=0,
            goal="Stock your bank: with one swap, put your 10 in the bank in place of its weakest card.",
            accept=c.bank(has=["10"], lacks=["4"]),
            solutions=["P0 swap 10H 4C"],
            hints=[
                "Your bank is played at the end, when you can no longer draw or choose your moment.",
                "A 4 only goes on a 4, a 2, a 7 or an empty stack; a 10 goes on anything.",
                "Swap the 10♥ from your hand with the 4♣ in your bank.",
            ],
            explain="The 10 now waits in your bank, where a card that goes on anything is worth most, "
            "and the awkward 4 is in your hand, where you can get rid of it early.",
            mistakes=["P0 swap 10H 9S"],
        ),
        Exercise(
            id="bn-who-opens",
            position=(
                "bitenight | P0 7C 8C JD bank 9D QC AC gamble 2C 3C 6S"
                " | P1 5D JS QD bank 6D 8D KH gamble 10C AD 2H"
                " | P2 6C 9S KD bank 4H QS AH gamble 3D 7D 8H"
                " | draw 5S 7H JH | phase setup"
            ),
            seat=2,
            goal="Make one swap so that you open the game once everyone is ready.",
            accept=c.opens(2),
            solutions=["P2 swap 6C 4H", "P2 swap 9S 4H", "P2 swap KD 4H"],
            hints=[
                "The lowest natural card in any hand opens; bank cards do not count.",
                "Ben holds a 5. Can you hold something lower in your hand?",
                "Swap the 4♥ from your bank into your hand.",
            ],
            explain="With the 4 in your hand you hold the lowest card of any hand, so you open with your 4s.",
            mistakes=["P2 swap 4H 6C"],
        ),
    ],
)

SPECIALS = Lesson(
    "bitenight-specials",
    "The special cards",
    "A natural card goes on an equal or lower one. The 2, 3, 10 and joker go on anything, each "
    "with its own effect; the 7 holds the next play low and the 8 skips.",
    [
        Exercise(
            id="bn-two",
            position="bitenight | P0 2S 3D 9C | P1 4C 5C 6C | P2 JH QH KH | stack 8S AH",
            seat=0,
            goal="An ace lies on the stack. Play so that the next player may lay any card at all.",
            accept=c.anything_goes(),
            solutions=["P0 2S"],
            hints=[
                "Two of your cards go on an ace. Only one of them changes what comes next.",
                "A 3 is invisible: the card under it still counts.",
                "Play the 2: anything goes on a 2.",
            ],
            explain="Anything goes on a 2, so Ben may now lay any card at all.",
            view=True,
            mistakes=["P0 9C"],
        ),
        Exercise(
            id="bn-three",
            position="bitenight | P0 2H 3C 5D KS | P1 QC KC AC | P2 4H 6H 8H | stack 9S 7S",
            seat=0,
            goal="A 7 lies on top, so the next play must be 7 or lower. Play a card that keeps that "
            "limit on the next player.",
            accept=c.still_limits("7"),
            solutions=["P0 3C"],
            hints=[
                "Which of your cards leaves the 7 as the card to beat?",
                "A 3 is invisible: the next player plays on what lies under it.",
                "Play the 3♣.",
            ],
            explain="The 3 is invisible, so the 7 under it still counts: Ben must play 7 or lower, or a special card.",
            view=True,
            mistakes=["P0 KS"],
        ),
        Exercise(
            id="bn-seven",
            position="bitenight | P0 4S 7C 9D JH | P1 QH KS AS | P2 5H 6H 8H | stack 5C",
            seat=0,
            goal="Ben holds only high cards. Play so that Ben must take the stack.",
            accept=c.must_take(1),
            solutions=["P0 7C"],
            hints=[
                "What can Ben not play on?",
                "After a 7 the next play must be a 4, 5, 6 or 7, or a special card.",
                "Play the 7♣.",
            ],
            explain="On a 7 only 4 to 7 or a special card may follow; Ben's queen, king and ace "
            "cannot, so Ben must take the stack.",
            mistakes=["P0 4S"],
        ),
        Exercise(
            id="bn-eight",
            position="bitenight | P0 5H 8C 9D | P1 QH | P2 4H 6H JC | stack 6S",
            seat=0,
            goal="Ben is down to one card. Play so that Ben does not get the next turn.",
            accept=c.plays_next(2),
            solutions=["P0 8C"],
            hints=[
                "One of your cards passes over the next player.",
                "Each 8 played skips one player.",
                "Play the 8♣: Ben is skipped and Cleo plays.",
            ],
            explain="The 8 skips Ben; Cleo plays next, and Ben waits with that last card.",
            view=True,
            mistakes=["P0 5H"],
        ),
        Exercise(
            id="bn-two-eights",
            position="bitenight | P0 4H 8C 8D KS | P1 QH QC AS | P2 5S 6H JC | stack 6S",
            seat=0,
            goal="Three players are at the table. Play so that you play again at once.",
            accept=c.plays_next(0),
            solutions=["P0 8C 8D"],
            hints=[
                "Each 8 skips one player.",
                "How many players must be skipped for the turn to come back to you?",
                "Play both 8s together.",
            ],
            explain="Two 8s skip two players: Ben and Cleo are passed over and you play again.",
            view=True,
            mistakes=["P0 4H"],
        ),
        Exercise(
            id="bn-ten",
            position="bitenight | P0 9D 10H KS | P1 4H 5H 6H | P2 4C 5C 6C | stack 5S 8S JC JD QS",
            seat=0,
            goal="Burn the stack in one move.",
            accept=c.burned(four=False),  # four of a kind is taught after the 10
            solutions=["P0 10H"],
            hints=[
                "One card burns the stack whatever lies on it.",
                "A 10 goes on anything and burns the stack; you then start the next one.",
                "Play the 10♥.",
            ],
            explain="The 10 burns the stack (it goes to the burned pile), and you start the next stack.",
            view=True,
            mistakes=["P0 9D"],
        ),
        Exercise(
            id="bn-joker",
            position="bitenight | P0 6C KD JK | P1 4H 5H 6H | P2 AS | P3 4C 5C 7C | stack 5S 8S 9C 9H",
            seat=0,
            goal="Cleo is down to one card. Make Cleo take the whole stack.",
            accept=c.took_stack(2),
            solutions=["P0 JK to P2"],
            hints=[
                "One card makes a player of your choice take the stack.",
                "Show the joker to a player: that player takes the stack.",
                "Play the joker and show it to Cleo.",
            ],
            explain="Cleo takes the four cards of the stack, the joker goes to the burned pile, and Dev, "
            "on Cleo's left, starts the next stack.",
            mistakes=["P0 6C"],
        ),
    ],
)

FOUR = Lesson(
    "bitenight-four",
    "Four of a kind and jump-ins",
    "Four cards of one rank in a row on top of the stack burn it, 3s not counted in between. "
    "Whoever can complete four of a kind may even play out of turn: a jump-in.",
    [
        Exercise(
            id="bn-four-nines",
            position="bitenight | P0 4S 9C 9D KH | P1 5C 6C QD | P2 JH JS AC | stack 6D 9S 9H",
            seat=0,
            goal="Burn the stack in one move.",
            accept=c.burned(),
            solutions=["P0 9C 9D"],
            hints=[
                "You hold no 10. What else burns a stack?",
                "Two 9s lie on top. How many make four of a kind?",
                "Play both your 9s together.",
            ],
            explain="Your two 9s on the two on the stack make four 9s in a row: the stack burns and "
            "you start the next one.",
            view=True,
            mistakes=["P0 4S"],
        ),
        Exercise(
            id="bn-four-through-threes",
            position="bitenight | P0 5S 9C 9D QD | P1 6C KC QS | P2 4H JH AH | stack 9S 9H 3C",
            seat=0,
            goal="A 3 lies on top of two 9s. Burn the stack in one move.",
            accept=c.burned(),
            solutions=["P0 9C 9D"],
            hints=[
                "A 3 is invisible, for counting four of a kind too.",
                "Counted through the 3, how many 9s lie on top?",
                "Play both 9s.",
            ],
            explain="Four of a kind is counted through 3s: 9, 9, (3), 9, 9 are four 9s in a row.",
            view=True,
            mistakes=["P0 5S"],
        ),
        Exercise(
            id="bn-jump-in",
            position="bitenight | P0 QC QH QS | P1 5S 6C KC | P2 4C | P3 4D | P4 4H | stack 5H QS QD | turn P1",
            seat=0,
            goal="Five players, two packs. It is Ben's turn, but you can go out right now, before Ben plays. Do it.",
            accept=c.goes_out(),
            solutions=["P0 QC QH QS"],
            hints=[
                "Whoever can complete four of a kind on the stack may play out of turn.",
                "Two queens lie on top. A jump-in may lay more copies than are needed.",
                "Jump in with all three queens at once: Q♣ Q♥ Q♠.",
            ],
            explain="Two queens on the stack and your three make five in a row: the stack burns, "
            "and with your last cards gone you are out first.",
            view=True,
            mistakes=["P0 QC"],
        ),
    ],
)

ZONES = Lesson(
    "bitenight-zones",
    "Hand, bank, gamble",
    "You play from your hand while it holds cards or the draw pile lasts; then from your bank; "
    "then you turn your gamble cards one at a time.",
    [
        Exercise(
            id="bn-hand-then-bank",
            position="bitenight | P0 9C 9D bank 5C 5S KH gamble 4D 7H JS | P1 QC KC AC | P2 4H 6H 8H | stack 6S",
            seat=0,
            goal="The draw pile is gone. Play so that your next turn is played from your bank.",
            accept=c.plays_from("bank"),
            solutions=["P0 9C 9D"],
            hints=[
                "The bank comes into play only when your hand is empty.",
                "Cards of one rank may be played together.",
                "Play both 9s.",
            ],
            explain="Your hand is empty and the draw pile is gone, so next time you play from the bank.",
            view=True,
            mistakes=["P0 KH"],
        ),
        Exercise(
            id="bn-bank-cards",
            position="bitenight | P0 bank 9C 9D KH gamble 4D 5C 10S | P1 QC KC AC | P2 4H 6H 8H | stack 8S",
            seat=0,
            goal="Your hand is empty and the draw pile is gone. Get as many bank cards out as you can this turn.",
            accept=c.moves(
                "P0 9C 9D",
                why="you could have played two bank cards",
                misses={
                    "P0 9C": "one 9 stays in your bank: bank cards of one rank may "
                    "be played together, as from the hand",
                    "P0 KH": "that is one card, and two would have gone: both 9s together",
                },
            ),
            solutions=["P0 9C 9D"],
            hints=[
                "Bank cards are played like hand cards.",
                "Several cards of one rank go down together.",
                "Play 9♣ and 9♦ together.",
            ],
            explain="Both 9s leave your bank at once; only the king is left before your gamble.",
            view=True,
            mistakes=["P0 flip 0"],
        ),
        Exercise(
            id="bn-gamble",
            position="bitenight | P0 gamble 5C KD 10S | P1 QC KC AC | P2 4H 6H 8H | stack 4S JH",
            seat=0,
            goal="Hand and bank are empty: you turn gamble cards now. This open table shows you what "
            "lies under each. Turn one that keeps you from taking the stack.",
            accept=c.kept_clear(),
            solutions=["P0 flip 1", "P0 flip 2"],
            hints=[
                "A turned card is played if it fits, with all its effects.",
                "A card that does not fit is taken up together with the stack.",
                "The K goes on the J, and the 10 goes on anything.",
            ],
            explain="A turned gamble card is played if it fits; if not, you take the stack with it. "
            "At a real table you turn them blind.",
            mistakes=["P0 5C"],
        ),
    ],
)

SCORING = Lesson(
    "bitenight-scoring",
    "Going out and scoring",
    "The k-th player out scores 10 times k; the last one left, the Scheißkopf, scores nothing. "
    "Going out on a play of 4s adds 10.",
    [
        Exercise(
            id="bn-score-round",
            position="bitenight | P0 4C 4D | P1 | P2 | P3 6H 9H KH | stack 2S | finished P2 P1",
            seat=0,
            goal="Cleo went out first and Ben second. Finish the round with 40 points.",
            accept=c.scores(40),
            solutions=["P0 4C 4D"],
            hints=[
                "Going out third is worth 30.",
                "Going out on a play of 4s is worth 10 more.",
                "Play both 4s together.",
            ],
            explain="Cleo scores 10, Ben 20, you 30 for going out third and 10 for going out on 4s; "
            "Dev is the Scheißkopf with nothing.",
            view=True,
            mistakes=["P0 4C 6H"],
        ),
    ],
)

LESSONS = (SETUP, SPECIALS, FOUR, ZONES, SCORING)
