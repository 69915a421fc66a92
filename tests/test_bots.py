"""Bots: the greedy habits, determinization, the search and hints (tiny budgets throughout)."""

import random
from collections import Counter

import pytest
from helpers import texts

import scheissekopf as sk
from scheissekopf.bots import (
    GreedyBot,
    RandomBot,
    get,
    greedy_move,
    greedy_playout,
    play_round,
    random_playout,
    strength_table,
)
from scheissekopf.cards import HIDDEN, standard_deck
from scheissekopf.hint import Hint, hint
from scheissekopf.ismcts import ISMCTSBot, Searcher, move_key
from scheissekopf.shedding.determinize import InfoSet


def pos(players, stack=(), variant="bitenight", **kw):
    data = {"variant": variant, "players": players, "stack": list(stack)}
    data.update(kw)
    return sk.Game.from_dict(data)


def advance(variant, players, seed, moves):
    """A game after setup and `moves` greedy moves (by play_round's rules)."""
    g = sk.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    bots = [GreedyBot()] * players
    k = 0
    while g.phase != "over" and k < moves:
        legal = g.legal_moves()
        by = {}
        for m in legal:
            by.setdefault(m.player, []).append(m)
        seat = min(by) if g.phase == "setup" else g.turn
        g.play(bots[seat].choose(g.view(seat), by[seat], rng))
        k += 1
    return g


def advance_to_choice(variant, players, seed, moves):
    """Like advance, then on until the player to move has at least two different moves."""
    g = advance(variant, players, seed, moves)
    while not g.over and len({move_key(m) for m in g.legal_moves() if m.player == g.turn}) < 2:
        g.play(greedy_move(g, [m for m in g.legal_moves() if m.player == g.turn]))
    assert not g.over
    return g


# ------------------------------------------------------------------ greedy habits
def test_greedy_plays_the_weakest_natural_with_all_its_copies():
    g = pos([{"hand": ["5H", "5D", "9C", "KS", "2D", "10C"]}, {"hand": ["QS"]}], stack=["4C"])
    assert str(greedy_move(g, g.legal_moves())) == "P0 5D 5H"


def test_greedy_keeps_specials_until_nothing_else_fits():
    g = pos([{"hand": ["2D", "10C", "3S", "AS"]}, {"hand": ["QS"]}], stack=["KC"])
    assert str(greedy_move(g, g.legal_moves())) == "P0 AS"
    g = pos([{"hand": ["2D", "10C", "3S", "5S"]}, {"hand": ["QS"]}], stack=["KC"])
    assert str(greedy_move(g, g.legal_moves())) == "P0 2D"


def test_greedy_burns_a_big_stack_with_a_ten_first():
    stack = ["4C", "5C", "6C", "9C", "JC", "QC", "KC"]
    g = pos([{"hand": ["2D", "10C", "3S", "5S"]}, {"hand": ["QS"]}], stack=stack)
    assert str(greedy_move(g, g.legal_moves())) == "P0 10C"


def test_greedy_completes_four_of_a_kind_before_anything_else():
    g = pos([{"hand": ["5H", "9D", "9S"]}, {"hand": ["QS"]}], stack=["9C", "9H"])
    assert str(greedy_move(g, g.legal_moves())) == "P0 9D 9S"


def test_greedy_completes_four_threes_on_a_stack_of_threes_alone():
    # bitenight counts 3s through: a 3 with nothing under it still makes four with three more
    g = pos([{"hand": ["3D", "3H", "3S", "4C"]}, {"hand": ["QS"]}], stack=["3C"])
    assert str(greedy_move(g, g.legal_moves())) == "P0 3D 3H 3S"
    played = g.clone()
    greedy_playout(played, random.Random(1))
    assert [str(m) for m in played.history[:1]] == ["P0 3D 3H 3S"]


def test_greedy_shows_a_joker_to_the_opponent_holding_most_cards():
    g = pos(
        [{"hand": ["JK", "4S"]}, {"hand": ["QS"]}, {"hand": ["QD", "KD", "AD", "5C"]}, {"hand": ["6S"]}], stack=["AC"]
    )
    m = greedy_move(g, g.legal_moves())
    assert m.kind == "joker" and m.target == 2


def test_greedy_turns_a_gamble_card_rather_than_taking():
    g = sk.Game.from_dict(
        {
            "variant": "schwechat",
            "stack": ["AC"],
            "players": [{"bank": [None, None], "gamble": ["KS", "4D"]}, {"hand": ["QS"]}],
        }
    )
    assert {m.kind for m in g.legal_moves()} == {"flip", "take"}
    assert greedy_move(g, g.legal_moves()).kind == "flip"


def test_greedy_setup_banks_the_strong_cards():
    g = sk.new_game("bitenight", 2, seed=3)
    rng = random.Random(0)
    bot = GreedyBot()
    while not g.ready[0]:
        g.play(bot.choose(g.view(0), [m for m in g.legal_moves() if m.player == 0], rng))
    table = strength_table(g.preset)
    assert min(table[c >> 2] for c in g.players[0].bank) >= max(table[c >> 2] for c in g.players[0].hand)


@pytest.mark.parametrize("variant", sk.VARIANTS)
def test_random_and_greedy_finish_rounds(variant):
    g = sk.new_game(variant, 3, seed=5)
    play_round(g, [GreedyBot(), RandomBot(), get("greedy")], random.Random(5))
    assert g.phase == "over" and g.loser in range(3)
    g = sk.new_game(variant, 3, seed=6)
    assert greedy_playout(g, random.Random(1), epsilon=0.2) > 0 and g.phase == "over"
    g = sk.new_game(variant, 2, seed=6)
    assert random_playout(g, random.Random(1)) > 0 and g.over


@pytest.mark.parametrize("variant", ["bitenight", "palace", "schwechat"])
def test_the_playouts_read_the_offer_as_the_greedy_bot_reads_its_moves(variant):
    # The playouts choose from the engine's tuples, the greedy habits from Move objects (views,
    # filtered lists): both must make the same choice, move for move, whoever plays.
    for seed in range(3):
        g = sk.new_game(variant, 3, seed=seed)
        by_moves = g.clone()
        greedy_playout(g, random.Random(seed))
        while not by_moves.over:
            legal = by_moves.legal_moves()
            if by_moves.phase == "setup":
                first = min(m.player for m in legal)
                by_moves.play(GreedyBot().choose(by_moves, [m for m in legal if m.player == first], None))
            elif any(m.player != by_moves.turn for m in legal):  # a jump-in: the first seat after
                jumps = [m for m in legal if m.player != by_moves.turn]
                by_moves.play(min(jumps, key=lambda m: ((m.player - by_moves.turn) % 3, -len(m.cards))))
            else:
                by_moves.play(greedy_move(by_moves, list(legal)))
        assert [str(m) for m in g.history] == [str(m) for m in by_moves.history]
        assert g.loser == by_moves.loser


def test_get_knows_the_bots_and_refuses_others():
    assert isinstance(get("random"), RandomBot) and isinstance(get("greedy"), GreedyBot)
    bot = get("ismcts", iterations=7)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 7
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        get("clever")


# ------------------------------------------------------------------ determinization
def deck_of(game):
    c = Counter()
    for _ in range(game.decks):
        c.update(standard_deck(game.preset.jokers_per_deck))
    return c


def all_cards(game):
    c = Counter(game.stack) + Counter(game.discard) + Counter(game.draw)
    for p in game.players:
        c.update(x for x in p.hand)
        c.update(x for x in p.bank if x is not None)
        c.update(x for x in p.gamble if x is not None)
    return c


@pytest.mark.parametrize("variant", sk.VARIANTS)
def test_samples_keep_what_the_seat_saw_and_deal_the_rest(variant):
    g = advance(variant, 4, seed=21, moves=60)
    assert g.phase == "play"
    seat = g.turn
    info = InfoSet(g.view(seat))
    rng = random.Random(3)
    for _ in range(20):
        d = info.sample(rng)
        assert all_cards(d) == deck_of(g) == all_cards(g)
        assert HIDDEN not in all_cards(d)
        for s, (p, q) in enumerate(zip(d.players, g.players)):
            assert len(p.hand) == len(q.hand) and p.bank == q.bank
            assert [x is None for x in p.gamble] == [x is None for x in q.gamble]
            if s == seat:
                assert p.hand == q.hand
            assert not Counter(g.known[s]) - Counter(p.hand)  # known cards stay put
        assert d.stack == g.stack and d.discard == g.discard and len(d.draw) == len(g.draw)
        assert (d.turn, d.direction, d.pending, d.finished) == (g.turn, g.direction, g.pending, g.finished)
        assert texts(m for m in d.legal_moves() if m.player == seat) == texts(
            m for m in g.legal_moves() if m.player == seat
        )


def test_a_taken_stack_stays_in_the_takers_hand_in_every_sample():
    g = pos(
        [{"hand": ["4S", "5S", "6S"]}, {"hand": ["6D", "7D", "8D"]}, {"hand": ["9H", "JH", "QH"]}],
        stack=["QC", "KC", "AC"],
        turn=1,
        draw=["4D", "4H", "5D"],
    )
    g.play("P1 take")
    assert sorted(map(str, g.known[1])) == ["AC", "KC", "QC"]
    info = InfoSet(g.view(2))
    rng = random.Random(1)
    for _ in range(30):
        hand = info.sample(rng).players[1].hand
        assert {"QC", "KC", "AC"} <= set(map(str, hand)) and len(hand) == 6


@pytest.mark.parametrize("variant", sk.VARIANTS)
def test_samples_behave_like_the_same_position_read_afresh(variant):
    """A sample is dealt behind the engine's back: its moves must be those of the same
    position built from scratch, all the way to the end of the round."""
    rng = random.Random(7)
    for seed in range(3):
        g = advance(variant, 3, seed=seed, moves=25 + 10 * seed)
        if g.over:
            continue
        d = InfoSet(g.view(g.turn)).sample(rng)
        fresh = sk.Game.from_dict(d.to_dict())
        steps = 0
        while not d.over and steps < 400:
            assert texts(d.legal_moves()) == texts(fresh.legal_moves())
            m = rng.choice(d.legal_moves())
            d.play(m)
            fresh.play(str(m))
            steps += 1
        assert d.to_dict()["players"] == fresh.to_dict()["players"]


def meets_unplayable(g):
    """Does every hand hold what a forced take showed it must (``g.unplayable``)?"""
    for s, need in enumerate(g.unplayable):
        if need is not None:
            rest = Counter(g.players[s].hand) - Counter(g.known[s])
            if sum(k for c, k in rest.items() if need[0] >> (c >> 2) & 1) < need[1]:
                return False
    return True


def redeal_hidden(game, seat, rng):
    """The same game with the cards `seat` cannot see dealt differently (other hands except their
    publicly known cards, every gamble card, the draw pile)."""
    g = game.clone()
    pool, places = [], []
    for s, p in enumerate(g.players):
        if s != seat:
            rest = Counter(p.hand) - Counter(g.known[s])
            pool += list(rest.elements())
            places.append(("hand", s, len(p.hand) - len(g.known[s])))
        for i, c in enumerate(p.gamble):
            if c is not None:
                pool.append(c)
                places.append(("gamble", s, i))
    pool += g._draw
    ndraw = len(g._draw)
    rng.shuffle(pool)
    k = 0
    for what, s, x in places:
        if what == "hand":
            g.players[s].hand = sorted(list(g.known[s]) + pool[k : k + x])
            k += x
        else:
            g.players[s].gamble[x] = pool[k]
            k += 1
    g._draw = pool[k : k + ndraw]
    # the repetition window is keyed by the cards in the hands: the same window as the seat
    # sees it, with the new hidden cards in its keys
    g._rehash()
    g._rep = game.public_repetitions(seat)
    g._rep = {(key + g._hidden_hash(seat)) & ((1 << 64) - 1): n for key, n in g._rep.items()}
    if not meets_unplayable(g):
        return None  # not a possible world: a hand lacks what its forced take showed
    return sk.Game.from_dict(g.to_dict())


@pytest.mark.parametrize("variant", sk.VARIANTS)
def test_the_bot_never_sees_hidden_cards(variant):
    """Change the cards the seat cannot see (a different deal behind its view): the search input
    is the same, and so are the bot's choice and statistics."""
    g = advance_to_choice(variant, 4, seed=8, moves=30)
    seat = g.turn
    other = None
    rng = random.Random(2)
    for _ in range(200):
        other = redeal_hidden(g, seat, rng)
        if other is not None and other.to_dict() != g.to_dict():
            break
    assert other is not None and other.to_dict() != g.to_dict()  # the hidden cards really differ
    v1, v2 = g.view(seat), other.view(seat)
    assert v1.to_dict() == v2.to_dict()
    assert InfoSet(v1).signature() == InfoSet(v2).signature()

    def decide(game):
        view = game.view(seat)
        moves = [m for m in game.legal_moves() if m.player == seat]
        bot = ISMCTSBot(iterations=40)
        move = bot.choose(view, moves, random.Random(99))
        return str(move), [(r["key"], r["visits"], r["win"]) for r in bot.last.rows]

    assert decide(g) == decide(other)


# ------------------------------------------------------------------ search
@pytest.mark.parametrize("variant", sk.VARIANTS)
def test_ismcts_plays_whole_rounds(variant):
    g = sk.new_game(variant, 3, seed=12)
    play_round(g, [ISMCTSBot(iterations=8), GreedyBot(), RandomBot()], random.Random(12))
    assert g.over and g.loser in range(3)


def test_search_is_repeatable_with_a_seed_and_counts_its_playouts():
    g = advance("palace", 4, seed=4, moves=25)
    view = g.view(g.turn)
    a = Searcher(view).run(random.Random(5), iterations=60)
    b = Searcher(view).run(random.Random(5), iterations=60)
    assert [(r["key"], r["visits"], r["win"]) for r in a.rows] == [(r["key"], r["visits"], r["win"]) for r in b.rows]
    assert 0 < a.iterations <= 60 and sum(r["visits"] for r in a.rows) == a.iterations
    plain = Searcher(view, halving=False).run(random.Random(5), iterations=60)
    assert plain.iterations == 60 and sum(r["visits"] for r in plain.rows) == 60
    keys = {move_key(m) for m in g.legal_moves()}
    assert {r["key"] for r in a.rows} == keys


def test_search_finds_the_sure_way_out():
    # P0 holds a 10 and a K, P1 one card P0 cannot see. The 10 burns, P0 starts again with the K
    # and is out: P1 loses. The K first lets P1 go out whenever its card beats a K.
    g = pos([{"hand": ["10S", "KD"]}, {"hand": ["AS"]}], stack=["QC"], variant="palace")
    r = Searcher(g.view(0)).run(random.Random(1), iterations=60)
    rows = {str(row["move"]): row for row in r.rows}
    assert set(rows) == {"P0 10S", "P0 KD"}
    assert str(r.rows[0]["move"]) == "P0 10S" and rows["P0 10S"]["win"] == 1.0
    assert rows["P0 KD"]["win"] < 1.0


def test_out_of_turn_the_bot_may_jump_in_or_pass():
    # P2 holds the fourth 9: a jump-in burns the stack (bitenight).
    g = pos(
        [{"hand": ["4S", "5S"]}, {"hand": ["6D", "KD"]}, {"hand": ["9S", "JH", "QH"]}], stack=["9C", "9H", "9D"], turn=0
    )
    mine = [m for m in g.legal_moves() if m.player == 2]
    assert texts(mine) == ["P2 9S"]
    h = hint(g, 2, iterations=40, seed=1)
    assert sorted(r["text"] for r in h) == ["P2 9S", "pass"]
    assert sum(r["visits"] for r in h) == h.playouts == 40
    move = ISMCTSBot(iterations=30).choose(g.view(2), mine, random.Random(1))
    assert move is None or str(move) == "P2 9S"


def test_the_bot_answers_at_once_with_a_single_choice():
    g = pos([{"hand": ["4S"]}, {"hand": ["6D", "KD"]}], stack=["AC"], variant="palace")
    bot = ISMCTSBot(iterations=10_000)
    assert str(bot.choose(g.view(0), g.legal_moves(), random.Random(1))) == "P0 take"
    assert bot.last is None


# ------------------------------------------------------------------ hints
def test_hint_ranks_every_distinct_move_with_its_chances():
    g = advance_to_choice("bitenight", 4, seed=30, moves=20)
    seat = g.turn
    h = hint(g, seat, iterations=80, seed=3)
    assert isinstance(h, Hint) and h.seat == seat
    assert 0 < h.playouts <= 80 and h.playouts == sum(r["visits"] for r in h)
    legal = [m for m in g.legal_moves() if m.player == seat]
    assert {move_key(r["move"]) for r in h} == {move_key(m) for m in legal}
    assert all(r["move"] in legal and r["text"] == str(r["move"]) for r in h)
    assert all(0.0 <= r["win"] <= 1.0 and r["points"] is not None and r["visits"] >= 1 for r in h)
    assert [r["visits"] for r in h] == sorted((r["visits"] for r in h), reverse=True)
    assert h.best is h[0]["move"]
    again = hint(g, seat, iterations=80, seed=3)
    assert [(r["text"], r["visits"], r["win"]) for r in again] == [(r["text"], r["visits"], r["win"]) for r in h]


def test_hint_without_points_outside_bitenight_and_empty_when_not_to_move():
    g = advance("schwechat", 3, seed=2, moves=20)
    h = hint(g, g.turn, iterations=20, seed=1)
    assert h and all(r["points"] is None for r in h)
    idle = (g.turn + 1) % 3
    assert hint(g, idle, iterations=5) == [] and hint(g, idle, iterations=5).playouts == 0


def test_hint_in_setup_ranks_the_seats_swaps():
    g = sk.new_game("bitenight", 3, seed=9)
    h = hint(g, 2, iterations=30, seed=1)
    assert 0 < h.playouts <= 30 and {r["move"].kind for r in h} <= {"swap", "ready"}
    assert all(r["move"].player == 2 for r in h)


def test_hint_keeps_to_a_time_budget():
    g = advance("palace", 4, seed=6, moves=16)
    h = hint(g, g.turn, budget=0.05, seed=1)
    assert h.playouts >= 1 and h


def test_a_hint_reads_in_words_what_its_figures_mean():
    """No "62% not last · 288 visits": each row says what the figure counts and of how many
    simulated games, with the move in card words."""
    from scheissekopf.hint import hint

    g = sk.new_game("palace", players=3, seed=4)
    for seat in range(3):
        g.play(f"P{seat} ready")
    h = hint(g, g.turn, iterations=60, seed=1)
    lines = h.lines()
    assert len(lines) == len(h)
    for line, row in zip(lines, h):
        assert (
            f"tried in {row['visits']} games: not the Scheißkopf in {100 * row['win']:.0f} % of them" in line
            or f"tried in only {row['visits']} game" in line
        )
        assert str(row["move"]) not in line  # the move in card words, not "P0 9C"
    t = sk.new_game("schafkopf", players=4, seed=7)
    th = hint(t, t.turn, iterations=30, seed=1)
    assert th.trick and all(
        ("loses no money in" in line and "a hand on average" in line) or "too few to judge" in line
        for line in th.lines()
    )
