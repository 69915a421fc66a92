"""Schafkopf and Mehrkopf lessons: trump order (normal game, Wenz), following suit, the called
ace (calling it, bringing it out, running away), card points, settlement; Mehrkopf's Gefreiter
and Preusse.

German cards are written suit letter then rank: ``EO`` Eichel-Ober, ``HA`` Herz-Ass, ``S10``
Schellen-Zehn (docs/SCHAFKOPF.md). A hand position lists every card of the deck, in the
one-line position text (docs/POSITION_TEXT.md).
"""

from __future__ import annotations

from . import checks as c
from .lesson import Exercise, Lesson

TRUMPS = Lesson(
    "schafkopf-trumps",
    "Schafkopf: trumps and following suit",
    "In the normal game every Ober and Unter is trump, then the hearts. A trump belongs to trump, "
    "not to the suit printed on it. Who holds a card of what was led must play one.",
    [
        Exercise(
            id="sk-trump-order",
            position=(
                "schafkopf | P0 SO HK H9 E7 E8 G9 GK S7"
                " | P1 EO GO HU HA H10 E9 SA"
                " | P2 EU E10 EK G10 G8 S10 S9"
                " | P3 HO SU EA GA G7 SK S8"
                " | contract normal P1 - EA | trick P1 GU H7 H8"
            ),
            seat=0,
            goal="A normal game: Ben led the Gras-Unter. Take the trick.",
            accept=c.takes_trick(
                why="In the normal game the Ober rank above the Unter, and both above all the hearts."
            ),
            solutions=["P0 SO"],
            hints=[
                "You must follow trump. Which of your trumps is higher than an Unter?",
                "Trump order: the four Ober, the four Unter, then the Herz from the Ass down.",
                "Play the Schellen-Ober.",
            ],
            explain="Even the lowest Ober, the Schellen-Ober, beats every Unter.",
            view=True,
            mistakes=["P0 GK"],
        ),
        Exercise(
            id="sk-follow-trump",
            position=(
                "schafkopf | P0 HU EK SA S10 SK S8 G9 G8"
                " | P1 EU HO HA H10 S9 E9 G7"
                " | P2 EO H9 GA G10 GK E7 E8 S7"
                " | P3 GO SO SU HK H8 H7 EA E10"
                " | contract normal P1 - SA | trick P1 GU"
            ),
            seat=2,
            goal="Ben led the Gras-Unter. Play the cheapest card you are allowed to play.",
            accept=c.moves(
                "P2 H9",
                misses={
                    "P2 EO": "the Eichel-Ober is your best trump, and the Herz-Neun follows trump just as "
                    "well: keep the Ober for a trick worth taking"
                },
            ),
            solutions=["P2 H9"],
            hints=[
                "Was Gras led, or trump?",
                "An Unter is a trump: you must play a trump if you hold one.",
                "Your trumps are the Eichel-Ober and the Herz-Neun; play the 9.",
            ],
            explain="The Gras-Unter is a trump, so trump was led: you must follow with a trump, and "
            "the Herz-Neun costs you least.",
            view=True,
            mistakes=["P2 GA"],
        ),
        Exercise(
            id="sk-wenz",
            position=(
                "schafkopf | P0 SU EO E7 H9 H8 H7 S8 S7"
                " | P1 EU GU HU GA G10 EA SA"
                " | P2 G8 E10 EK H10 HK S10 S9"
                " | P3 G7 HO SO E9 E8 HA SK"
                " | contract wenz P1 | trick P1 GO GK G9"
            ),
            seat=0,
            goal="Ben plays a Wenz and led the Gras-Ober; Cleo put the Gras-König on it. You have no Gras. Take the trick.",
            accept=c.takes_trick(
                why="In a Wenz only the four Unter are trumps; an Ober is a plain card of its suit, below the König."
            ),
            solutions=["P0 SU"],
            hints=[
                "In a Wenz the trumps are different from the normal game.",
                "Only the Unter are trump in a Wenz.",
                "Play the Schellen-Unter.",
            ],
            explain="Your Schellen-Unter is the only trump in the trick, so it wins; the Eichel-Ober "
            "would have been just an Eichel card.",
            view=True,
            mistakes=["P0 bid solo"],
        ),
    ],
)

MEHRKOPF = Lesson(
    "mehrkopf",
    "Mehrkopf: more players, more cards",
    "Mehrkopf stretches Schafkopf to five and six players: five add the Gefreiter (G, 1 point) "
    "and the Schöne (S, 6 points); six add the 6 and the Preuße (P), which counts 7 points "
    "against whoever takes it.",
    [
        Exercise(
            id="mk-gefreiter",
            position=(
                "mehrkopf | P0 SG HK E8 GS G7 S10 SS S7"
                " | P1 EO GO H10 HS E7 GA SA"
                " | P2 HO EU GU E9 G9 SK S9"
                " | P3 SO HU EG EA ES G8 S8"
                " | P4 SU GG HG E10 EK G10 GK"
                " | contract normal P1 - EA | trick P1 HA H7 H8 H9"
            ),
            seat=0,
            goal="Mehrkopf for five: the Gefreiter (G) join the trumps. Ben led the Herz-Ass. Take the trick.",
            accept=c.takes_trick(why="At five players the Gefreiter rank below the Unter and above every heart."),
            solutions=["P0 SG"],
            hints=[
                "Both of your trumps may be played. Which one is above the Herz-Ass?",
                "Trump order at five: Ober, Unter, Gefreiter, then the hearts.",
                "Play the Schellen-Gefreiter.",
            ],
            explain="Even the lowest Gefreiter beats the Herz-Ass, and the Ass's 11 points are yours.",
            view=True,
            mistakes=["P0 GS"],
        ),
        Exercise(
            id="mk-preusse",
            position=(
                "mehrkopf | P0 SP S6 S9 E10 EK E8 H6 SU"
                " | P1 G10 GS GK EA ES E9 HU"
                " | P2 G6 GP EG GG HS HK SA"
                " | P3 GO HO SO EU GU HA H10"
                " | P4 HG SG H9 H8 S10 SS SK"
                " | P5 H7 HP E7 E6 EP S8 S7"
                " | contract solo P3 H | trick P1 GA G7 EO G8 G9"
            ),
            seat=0,
            goal="Six players: Dev plays a Herz solo and takes this trick with the Eichel-Ober. You "
            "have no Gras. Leave Dev as few points as you can.",
            accept=c.least_points(),
            solutions=["P0 SP"],
            hints=[
                "You cannot win this trick. Which of your cards is worth least?",
                "At six players one card counts less than nothing.",
                "Throw the Schellen-Preuße: it counts -7 for Dev.",
            ],
            explain="The Preuße counts minus 7: the trick is worth 7 to Dev instead of 14.",
            view=True,
            mistakes=["P0 SP S6"],
        ),
    ],
)

CALLED = Lesson(
    "schafkopf-called-ace",
    "Schafkopf: the called ace",
    "In a normal game the declarer calls the Ass of a plain suit and its holder is the partner, "
    "secretly. The partner must bring the Ass out when its suit is first led, unless holding "
    "four or more cards of that suit: then they may run away.",
    [
        Exercise(
            id="sk-call-ace",
            position=(
                "schafkopf | P0 HO EU HK EA E10 GA G10 SA"
                " | P1 EO GO HU HA H10 E7 E9 S8"
                " | P2 SO GU H9 H8 EK GK G9 S10"
                " | P3 SU H7 E8 G8 G7 SK S9 S7"
                " | phase declare | bids pass normal pass pass | best_bid P1 normal"
            ),
            seat=1,
            goal="You won the auction with a normal game. Call an ace you may call: the one of the "
            "suit in which you hold a single card, so that you can lead it and find your "
            "partner early.",
            accept=c.moves(
                "P1 call SA",
                misses={
                    "P1 call EA": "you hold two Eichel cards and only one Schellen card: the Schellen-Ass "
                    "is the call that lets you lead the suit at once and keep a card back"
                },
            ),
            solutions=["P1 call SA"],
            hints=[
                "You may call the Ass of a plain suit in which you hold a card but not that Ass.",
                "Hearts are trump and cannot be called; you hold no Gras.",
                "Call the Schellen-Ass.",
            ],
            explain="Calling the Schellen-Ass, you can lead your single Schellen card and its holder "
            "must bring the Ass out.",
            view=True,
            mistakes=["P1 call GA", "P1 call HA"],
        ),
        Exercise(
            id="sk-bring-out",
            position=(
                "schafkopf | P0 HO EU HK E10 GA G10 SA S9"
                " | P1 EA E8 E7 HU H9 GK S10 S7"
                " | P2 SO GU H8 EK G9 G8 SK S8"
                " | P3 EO GO SU HA H10 H7 E9 G7"
                " | contract normal P3 - EA"
            ),
            seat=1,
            goal="Dev called the Eichel-Ass, and you hold it with two more Eichel cards. Lead Eichel.",
            accept=c.moves("P1 EA", why="that is no Eichel lead"),
            solutions=["P1 EA"],
            hints=[
                "Leading the called suit, its holder has a duty.",
                "With fewer than four cards of the called suit, the called ace must lead it.",
                "Lead the Eichel-Ass.",
            ],
            explain="Leading the called suit with fewer than four of its cards, the partner must lead "
            "the called ace: now everyone knows you play with Dev.",
            view=True,
            mistakes=["P1 E8"],
        ),
        Exercise(
            id="sk-run-away",
            position=(
                "schafkopf | P0 HO EU HK EK GA G10 SA S9"
                " | P1 EA E10 E8 E7 HU H9 GK S7"
                " | P2 SO GU H8 G9 G8 S10 SK S8"
                " | P3 EO GO SU HA H10 H7 E9 G7"
                " | contract normal P3 - EA"
            ),
            seat=1,
            goal="Dev called the Eichel-Ass, and you hold it with three more Eichel cards. Run away: "
            "lead Eichel, keeping the Ass.",
            accept=c.moves(
                "P1 E10",
                "P1 E8",
                "P1 E7",
                why="that is no Eichel lead",
                misses={
                    "P1 EA": "you lead the Eichel-Ass itself: with four Eichel cards "
                    "you may lead a small one and keep the Ass back"
                },
            ),
            solutions=["P1 E7", "P1 E8", "P1 E10"],
            hints=[
                "The duty to lead the called ace has an exception.",
                "With four or more cards of the called suit you may lead another card of it.",
                "Lead the Eichel-Sieben.",
            ],
            explain="With four Eichel cards you may run away: the Ass is no longer bound, and you "
            "decide when it comes out.",
            view=True,
            mistakes=["P2 G9"],
        ),
    ],
)

POINTS = Lesson(
    "schafkopf-points",
    "Schafkopf: card points and settlement",
    "Ass 11, Zehn 10, König 4, Ober 3, Unter 2: 120 in all. The declaring side needs 61. The losers "
    "are schneider below 30 points, and each loser pays the game's value in stakes: 1 for a normal game.",
    [
        Exercise(
            id="sk-smear",
            position=(
                "schafkopf | P0 HU HA H7 E7 SA S10 S7"
                " | P1 GO HK H9 E10 EK S9"
                " | P2 HO EU SU E9 G10 SK"
                " | P3 SO H10 EA E8 GK S8"
                " | contract normal P0 - GA | trick P1 EO H8 GU | tricks P1 GA G8 G9 G7 won P1"
            ),
            seat=0,
            goal="You called the Gras-Ass and Ben brought it out: Ben is your partner. Ben now leads "
            "the Eichel-Ober, the highest trump. Put as many points as you can into the trick.",
            accept=c.most_points(),
            solutions=["P0 HA"],
            hints=[
                "Your partner's trick cannot be beaten. What is each of your trumps worth?",
                "An Ass counts 11, an Unter 2, a Sieben nothing.",
                "Play the Herz-Ass.",
            ],
            explain="The Eichel-Ober cannot be beaten, so your Herz-Ass adds 11 safe points for your "
            "side: the trick holds 16.",
            view=True,
            mistakes=["P0 SA"],
        ),
        Exercise(
            id="sk-count-61",
            position=(
                "schafkopf | P0 SK"
                " | P1 G10 S9"
                " | P2 E7"
                " | P3 E9"
                " | contract normal P1 - SA | trick P2 H9 GA G7"
                " | tricks P1 S7 S8 SA S10 won P3, P3 G9 G8 GK HA won P2, P2 EK E8 EA SU won P1, P1 HU H10 HO EU won P3, P3 HK H7 H8 EO won P2, P2 GO GU E10 SO won P2"
            ),
            seat=1,
            goal="Two tricks are left. You and your partner Dev have 55 points; Cleo's Herz-Neun takes "
            "this trick whatever you play. Play so that your side ends with 61 or more.",
            accept=c.settles(1),
            solutions=["P1 S9"],
            hints=[
                "Count what each card gives away: your Gras-Zehn is worth 10.",
                "Who will take the last trick, and which card of yours goes into it?",
                "Keep the Gras-Zehn for the last trick, which your partner takes: play the Schellen-Neun now.",
            ],
            explain="The Schellen-Neun gives the opponents nothing; your Gras-Zehn then falls into Dev's "
            "last trick: 55 + 14 = 69, and you win.",
            view=True,
            mistakes=["P0 SK"],
        ),
        Exercise(
            id="sk-schneider",
            position=(
                "schafkopf | P0 G10"
                " | P1 S8"
                " | P2 GA"
                " | P3 S10 SK"
                " | contract normal P1 - GA | trick P0 HO G9 S9"
                " | tricks P1 SO H9 GO GU won P3, P3 H10 EO H8 SU won P0, P0 HA H7 G7 EU won P3, P3 E8 EA E7 EK won P0, P0 HK E10 SA G8 won P0, P0 HU GK E9 S7 won P0"
            ),
            seat=3,
            goal="Ben called the Gras-Ass, which Cleo holds: Ben and Cleo play against you and Ada, and "
            "have lost already. Your partner Ada's Herz-Ober takes this trick. Play so that "
            "each of them pays you 2 stakes, not 1.",
            accept=c.settles(
                2, why="Losers below 30 points are schneider, and schneider adds a stake to what each of them pays."
            ),
            solutions=["P3 S10"],
            hints=[
                "The losers pay one stake more when they are schneider: below 30 points.",
                "Ben and Cleo would take the last trick. What do your cards put into this trick, and what into theirs?",
                "Put the Schellen-Zehn on your partner's trick now.",
            ],
            explain="Your 10 goes to your side; the König falls into their last trick, leaving them "
            "25 points: schneider, so each pays 2 and you and Ada get +2.",
            mistakes=["P0 G10"],
        ),
    ],
)

LESSONS = (TRUMPS, CALLED, POINTS, MEHRKOPF)
