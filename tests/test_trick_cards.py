"""Cards of the trick-taking games: decks per table size, card points, card text, and the order
in which cards take tricks in each kind of game."""

import pickle

import pytest

import scheissekopf as sk
from scheissekopf.trick import parse_card
from scheissekopf.trick.cards import FrenchCard, GermanCard, german
from scheissekopf.trick.tables import TRUMP, german_order, sheepshead_order


def texts(cards):
    return [str(c) for c in cards]


@pytest.mark.parametrize(
    "variant,players,size,total",
    [
        ("sheepshead", 5, 32, 120),
        ("sheepshead", 6, 32, 120),
        ("mehrkopf", 2, 32, 120),
        ("mehrkopf", 3, 24, 120),
        ("schafkopf", 4, 32, 120),
        ("mehrkopf", 4, 32, 120),
        ("mehrkopf", 5, 40, 148),
        ("mehrkopf", 6, 48, 120),
    ],
)
def test_deck_size_and_card_point_total_per_table(variant, players, size, total):
    deck = sk.deck(variant, players)
    assert len(deck) == size
    assert len(set(deck)) == size
    assert sum(c.points for c in deck) == total


def test_sheepshead_deck_is_seven_to_ace_of_four_french_suits():
    deck = sk.deck("sheepshead", 5)
    assert sorted({c.rank for c in deck}) == [7, 8, 9, 10, 11, 12, 13, 14]
    assert {c.suit for c in deck} == set("CDHS")
    assert all(isinstance(c, sk.Card) and isinstance(c, FrenchCard) for c in deck)


def test_sheepshead_card_points():
    pts = {str(c): c.points for c in sk.deck("sheepshead", 5)}
    assert (pts["AH"], pts["10H"], pts["KH"], pts["QC"], pts["JD"]) == (11, 10, 4, 3, 2)
    assert pts["9S"] == pts["8D"] == pts["7C"] == 0


def test_german_ranks_per_table_size():
    def ranks(n):
        return sorted({c.rank for c in sk.deck("mehrkopf", n)})

    assert ranks(3) == sorted(["O", "U", "A", "10", "K", "9"])
    assert ranks(2) == ranks(4) == sorted(["O", "U", "A", "10", "K", "9", "8", "7"])
    assert ranks(5) == sorted(["O", "U", "G", "A", "10", "S", "K", "9", "8", "7"])
    assert ranks(6) == sorted(["O", "U", "G", "A", "10", "S", "K", "9", "8", "7", "6", "P"])


def test_german_card_points():
    pts = {str(c): c.points for c in sk.deck("mehrkopf", 6)}
    assert [pts[t] for t in ("EA", "G10", "HS", "SK", "EO", "GU", "HG", "S9", "E6", "GP")] == [
        11,
        10,
        6,
        4,
        3,
        2,
        1,
        0,
        0,
        -7,
    ]


def test_german_card_text_is_suit_letter_then_rank_and_reads_back():
    for c in sk.deck("mehrkopf", 6):
        assert german(str(c)) is c
        assert str(c)[0] in "EGHS"
    assert str(german("eo")) == "EO" and german("EO").name == "Eichel-Ober"
    assert german("S10") is german("ST")
    assert german("SS").name == "Schellen-Schöne" and german("GG").name == "Gras-Gefreiter"
    assert german("S10").suit == "S" and german("S10").rank == "10"


@pytest.mark.parametrize("bad", ["OE", "X9", "E1", "", "10S"])
def test_unreadable_german_card_text_raises_value_error(bad):
    with pytest.raises(ValueError):
        german(bad)


def test_french_trick_cards_share_text_and_value_with_sk_card():
    c = parse_card("sheepshead", "10d")
    assert str(c) == "10D" and c == sk.Card.parse("10D") and c.points == 10
    with pytest.raises(ValueError):
        parse_card("sheepshead", "EO")


def test_cards_survive_pickling():
    for c in (german("HA"), parse_card("sheepshead", "QC")):
        back = pickle.loads(pickle.dumps(c))
        assert back == c and str(back) == str(c) and type(back) is type(c)
    assert isinstance(german("HA"), GermanCard)


def test_sheepshead_trump_order_queens_jacks_then_diamonds():
    order = sheepshead_order()
    assert texts(order.trumps) == ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "8D", "7D"]
    assert texts(order.plain[0]) == ["AC", "10C", "KC", "9C", "8C", "7C"]


def test_schafkopf_normal_game_trumps_ober_unter_then_hearts():
    order = german_order(4, "normal", "H")
    assert texts(order.trumps) == ["EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU", "HA", "H10", "HK", "H9", "H8", "H7"]
    assert texts(order.plain[0]) == ["EA", "E10", "EK", "E9", "E8", "E7"]


def test_mehrkopf_five_players_gefreiter_are_third_main_trumps_and_beauty_sits_below_ten():
    order = german_order(5, "normal", "H")
    assert texts(order.trumps[8:13]) == ["EG", "GG", "HG", "SG", "HA"]
    assert texts(order.plain[1]) == ["GA", "G10", "GS", "GK", "G9", "G8", "G7"]


def test_mehrkopf_six_players_plain_suit_ends_six_then_prussian():
    order = german_order(6, "normal", "H")
    assert texts(order.plain[3])[-3:] == ["S7", "S6", "SP"]


def test_suit_solo_makes_its_suit_trump_instead_of_hearts():
    order = german_order(4, "suit", "E")
    assert texts(order.trumps[8:]) == ["EA", "E10", "EK", "E9", "E8", "E7"]
    assert texts(order.plain[2]) == ["HA", "H10", "HK", "H9", "H8", "H7"]


def test_wenz_only_unter_are_trump_and_ober_rank_between_king_and_nine():
    order = german_order(4, "wenz", None)
    assert texts(order.trumps) == ["EU", "GU", "HU", "SU"]
    assert texts(order.plain[2]) == ["HA", "H10", "HK", "HO", "H9", "H8", "H7"]


def test_geier_only_ober_are_trump():
    order = german_order(4, "geier", None)
    assert texts(order.trumps) == ["EO", "GO", "HO", "SO"]
    assert texts(order.plain[0]) == ["EA", "E10", "EK", "EU", "E9", "E8", "E7"]


def test_niederer_only_gefreiter_are_trump():
    order = german_order(5, "niederer", None)
    assert texts(order.trumps) == ["EG", "GG", "HG", "SG"]
    assert texts(order.plain[3]) == ["SA", "S10", "SS", "SK", "SO", "SU", "S9", "S8", "S7"]


def test_ober_of_a_suit_is_trump_not_that_suit_in_the_normal_game():
    order = german_order(4, "normal", "H")
    assert order.grp[german("EO")] == TRUMP and order.grp[german("E9")] == 0


def test_highest_trump_wins_else_highest_card_of_the_led_suit():
    order = german_order(4, "normal", "H")
    cards = [german(t) for t in ("GK", "GA", "E10", "G9")]
    assert order.winner(cards, order.grp[cards[0]]) == 1  # the ace of the led suit
    cards = [german(t) for t in ("GK", "GA", "H7", "SU")]
    assert order.winner(cards, order.grp[cards[0]]) == 3  # the Unter is the highest trump
