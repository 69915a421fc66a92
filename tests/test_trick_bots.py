"""Bots, determinization, search, hints and tournaments for sheepshead, schafkopf and mehrkopf."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import scheissekopf as sk
from scheissekopf import cli, tournament
from scheissekopf.bots import GreedyBot, RandomBot, get, play_round
from scheissekopf.hint import hint
from scheissekopf.ismcts import ISMCTSBot
from scheissekopf.trick.bots import greedy_move, known_team
from scheissekopf.trick.determinize import TrickInfoSet
from scheissekopf.trick.search import TrickSearcher
from scheissekopf.trick.tables import TRUMP

TABLES = [
    ("schafkopf", 4),
    ("sheepshead", 5),
    ("sheepshead", 6),
    ("mehrkopf", 2),
    ("mehrkopf", 3),
    ("mehrkopf", 5),
    ("mehrkopf", 6),
]


def decisions(variant, players, seeds, rng_seed=1):
    """Full games at every decision of hands played by a mix of greedy and random bots."""
    rng = random.Random(rng_seed)
    for seed in seeds:
        g = sk.new_game(variant, players, seed=seed)
        bots = [GreedyBot() if rng.random() < 0.6 else RandomBot() for _ in range(players)]
        while g.phase != "over":
            yield g
            seat = g.turn
            g.play(bots[seat].choose(g.view(seat), g.legal_moves(), rng))


def beats(g, card):
    """Would ``card`` take the trick being played (as it stands)?"""
    order = g.order
    skip = g.hole_index(len(g.tricks), g.trick_seats)
    w = g.trick[order.winner(g.trick, g.lead_grp, skip)]
    return order.winner([w, card], g.lead_grp) == 1


def follow_situations(variant, players, seeds):
    for g in decisions(variant, players, seeds):
        if g.phase != "play" or not g.trick or g.contract.mode in ("ramsch", "leaster"):
            continue
        moves = [m for m in g.legal_moves() if m.kind == "card"]
        if len(moves) < 2 or len(moves) != len(g.legal_moves()):
            continue
        yield g, g.view(g.turn), moves


# ------------------------------------------------------------------ greedy habits
# Schafkopf, dealer P0: P1 bids first. P1: 4 trumps (EO HU HA H9), Gras without its ace;
# P2 holds a single trump.
SCHAFKOPF_AUCTION = {
    "variant": "schafkopf",
    "phase": "auction",
    "players": [
        {"hand": "GO HO SO EU GU SU H10 HK".split()},
        {"hand": "EO HU HA H9 GK G7 S9 EA".split()},
        {"hand": "E7 E8 G8 S8 SK H7 G10 S10".split()},
        {"hand": "H8 E10 EK E9 GA G9 SA S7".split()},
    ],
}


def test_greedy_bids_a_normal_game_with_four_trumps_and_two_high_ones():
    g = sk.Game.from_dict(SCHAFKOPF_AUCTION)
    assert str(GreedyBot().choose(g.view(1), g.legal_moves(), random.Random(1))) == "P1 bid normal"


def test_greedy_passes_a_weak_hand_in_the_auction():
    g = sk.Game.from_dict(SCHAFKOPF_AUCTION)
    g.play("P1 pass")
    assert str(GreedyBot().choose(g.view(2), g.legal_moves(), random.Random(1))) == "P2 pass"


def test_greedy_bids_a_solo_with_six_trumps():
    d = json.loads(json.dumps(SCHAFKOPF_AUCTION))
    d["players"][1]["hand"], d["players"][0]["hand"] = "GO HO SO EU GU SU H10 HK".split(), d["players"][1]["hand"]
    g = sk.Game.from_dict(d)
    assert str(GreedyBot().choose(g.view(1), g.legal_moves(), random.Random(1))) == "P1 bid solo"


def test_greedy_calls_the_ace_of_its_shortest_suit():
    g = sk.Game.from_dict(SCHAFKOPF_AUCTION)
    for text in ("P1 bid normal", "P2 pass", "P3 pass", "P0 pass"):
        g.play(text)
    assert g.phase == "declare"
    # P1 holds two Gras cards and one Schellen card (EA is its own ace): call the Schellen ace
    assert str(GreedyBot().choose(g.view(1), g.legal_moves(), random.Random(1))) == "P1 call SA"


def test_greedy_picks_the_blind_only_with_a_strong_hand():
    # dealer P0; P1 is asked first
    d = {
        "variant": "sheepshead",
        "phase": "pick",
        "players": [
            {"hand": "9C 8C 7C KS 9S 8S".split()},
            {"hand": "QC QS JD AD 10D KD".split()},
            {"hand": "7S AC 10C 9H 8H 7H".split()},
            {"hand": "QH QD JC JS JH 9D".split()},
            {"hand": "8D 7D AS 10S AH 10H".split()},
        ],
        "blind": ["KC", "KH"],
    }
    g = sk.Game.from_dict(d)
    assert str(GreedyBot().choose(g.view(1), g.legal_moves(), random.Random(1))) == "P1 pick"
    d["players"][1], d["players"][2] = d["players"][2], d["players"][1]
    g = sk.Game.from_dict(d)
    assert str(GreedyBot().choose(g.view(1), g.legal_moves(), random.Random(1))) == "P1 pass"


def test_greedy_buries_fail_points_and_keeps_a_suit_to_call():
    d = {
        "variant": "sheepshead",
        "phase": "pick",
        "players": [
            {"hand": "9C 8C 7C KS 9S 8S".split()},
            {"hand": "QC QS JD AD 10D 7S".split()},
            {"hand": "KD AC 10C 9H 8H 7H".split()},
            {"hand": "QH QD JC JS JH 9D".split()},
            {"hand": "8D 7D AS 10S AH 10H".split()},
        ],
        "blind": ["KC", "KH"],
    }
    g = sk.Game.from_dict(d)
    g.play("P1 pick")
    move = GreedyBot().choose(g.view(1), g.legal_moves(), random.Random(1))
    assert move.kind == "bury" and sorted(map(str, move.cards)) == ["KC", "KH"]
    g.play(move)
    assert g.rules.call_options(g, 1)[0], "a suit to call is kept"


def test_greedy_takes_a_trick_holding_points_with_its_cheapest_winning_card():
    seen = 0
    for g, view, moves in follow_situations("schafkopf", 4, range(40)):
        me = g.turn
        winner = g.trick_seats[g.order.winner(g.trick, g.lead_grp)]
        if winner in known_team(view, me) or sum(c.points for c in g.trick) < 10:
            continue
        winning = [m for m in moves if beats(g, m.cards[0])]
        if not winning:
            continue
        last = len(g.trick) == g.n - 1
        choice = greedy_move(view, moves)
        assert beats(g, choice.cards[0])
        if not last:
            key = g.order.pw
            assert all(
                g.order.grp[m.cards[0]] == TRUMP
                or key[m.cards[0]] >= key[choice.cards[0]]
                or g.order.grp[choice.cards[0]] != TRUMP
                for m in winning
            )
        seen += 1
    assert seen >= 10


def test_greedy_never_overtakes_a_known_partner():
    seen = 0
    for variant, n in (("schafkopf", 4), ("sheepshead", 5)):
        for g, view, moves in follow_situations(variant, n, range(60)):
            me = g.turn
            team = known_team(view, me)
            winner = g.trick_seats[g.order.winner(g.trick, g.lead_grp, g.hole_index(len(g.tricks), g.trick_seats))]
            if winner == me or winner not in team:
                continue
            if all(beats(g, m.cards[0]) for m in moves):
                continue
            assert not beats(g, greedy_move(view, moves).cards[0])
            seen += 1
    assert seen >= 10


def test_greedy_throws_a_cheap_card_on_a_trick_without_points():
    seen = 0
    for g, view, moves in follow_situations("schafkopf", 4, range(40)):
        me = g.turn
        winner = g.trick_seats[g.order.winner(g.trick, g.lead_grp)]
        if winner in known_team(view, me) or sum(c.points for c in g.trick) >= 10 or len(g.trick) == g.n - 1:
            continue
        under = [m for m in moves if not beats(g, m.cards[0])]
        plain = [m.cards[0].points for m in under if g.order.grp[m.cards[0]] != TRUMP]
        if not under:
            continue
        choice = greedy_move(view, moves)
        assert not beats(g, choice.cards[0])
        if plain:
            assert choice.cards[0].points <= min(plain)
        seen += 1
    assert seen >= 10


@pytest.mark.parametrize("variant,players", TABLES)
def test_random_and_greedy_finish_trick_hands(variant, players):
    for seed in range(3):
        g = sk.new_game(variant, players, seed=seed)
        bots = [get("greedy") if s % 2 else get("random") for s in range(players)]
        play_round(g, bots, random.Random(seed))
        assert g.over and sum(g.scores().values()) == 0


def test_greedy_beats_random_in_schafkopf():
    total = 0.0
    for seed in range(40):
        g = sk.new_game("schafkopf", 4, seed=seed)
        seat = seed % 4
        play_round(g, [GreedyBot() if s == seat else RandomBot() for s in range(4)], random.Random(seed))
        total += g.scores()[seat]
    assert total / 40 > 1


# ------------------------------------------------------------------ determinization
@pytest.mark.parametrize("variant,players", TABLES)
def test_samples_keep_the_view_and_the_legal_moves(variant, players):
    rng = random.Random(3)
    for k, g in enumerate(decisions(variant, players, range(4))):
        if k % 3:
            continue
        seat = g.turn
        view = g.view(seat)
        info = TrickInfoSet(view)
        for _ in range(2):
            s = info.sample(rng)
            assert s.view(seat).to_dict() == view.to_dict()
            assert [str(m) for m in s.legal_moves()] == [str(m) for m in g.legal_moves()]


def shown_void(g):
    """{seat: groups} a seat failed to follow, from the finished tricks (the hole card aside)."""
    void = {}
    for k, t in enumerate(g.tricks):
        skip = g.hole_index(k, t.seats)
        lead = g.order.grp[g.contract.called] if skip == 0 else g.order.grp[t.cards[0]]
        for i in range(1, len(t.cards)):
            if i != skip and g.order.grp[t.cards[i]] != lead:
                void.setdefault(t.seats[i], set()).add(lead)
    return void


def test_samples_deal_no_card_of_a_suit_to_a_seat_that_failed_to_follow_it():
    rng = random.Random(4)
    seen = 0
    for g in decisions("schafkopf", 4, range(30)):
        if g.phase != "play" or g.trick:
            continue
        void = {s: grps for s, grps in shown_void(g).items() if s != g.turn}
        if not void:
            continue
        info = TrickInfoSet(g.view(g.turn))
        for _ in range(5):
            s = info.sample(rng)
            for seat, grps in void.items():
                assert not any(s.order.grp[c] in grps for c in s.players[seat].hand)
        seen += 1
    assert seen >= 5


def test_the_called_ace_is_never_dealt_to_its_caller():
    rng = random.Random(5)
    seen = 0
    for g in decisions("schafkopf", 4, range(60)):
        c = g.contract
        if g.phase != "play" or c.mode != "normal" or g.turn == c.declarer or g._played(c.called):
            continue
        info = TrickInfoSet(g.view(g.turn))
        for _ in range(5):
            s = info.sample(rng)
            assert s.holder(c.called) not in (c.declarer, None)
            assert s.declarers == tuple(sorted({c.declarer, s.holder(c.called)}))
        seen += 1
    assert seen >= 5


def test_what_the_play_rules_out_holds_for_the_real_deal():
    """Every inference (voids, the called ace, the bids) is true of the cards really dealt."""
    for variant, n in (("schafkopf", 4), ("sheepshead", 5), ("mehrkopf", 5), ("mehrkopf", 6)):
        for g in decisions(variant, n, range(25)):
            info = TrickInfoSet(g.view(g.turn))
            assert info._ok(g)
            for owner, cards in info.void.items():
                if owner[0] == "hand":
                    held = g.players[owner[1]].hand
                elif owner[0] == "hole":
                    held = [g.hole] if g.hole is not None else []
                else:
                    held = getattr(g, owner[0])
                assert not set(held) & cards, (owner, cards)


# ------------------------------------------------------------------ hidden cards stay hidden
def redeal_others(g, seat, rng, tries=400):
    """The same hand with the other seats' hand cards dealt differently among them (sizes kept),
    consistent with every suit a seat failed to follow and with what ``seat`` may see."""
    void = shown_void(g)
    want = g.view(seat).to_dict()
    others = [s for s in g.active if s != seat]
    pool = [c for s in others for c in g.players[s].hand]
    d = g.to_dict()
    for _ in range(tries):
        rng.shuffle(pool)
        k = 0
        for s in others:
            size = len(g.players[s].hand)
            d["players"][s]["hand"] = [str(c) for c in pool[k : k + size]]
            k += size
        for key in ("declarers", "bound", "called_led"):
            d.pop(key, None)
        try:
            other = sk.Game.from_dict(d)
        except sk.InvalidPosition:
            continue
        if any(other.order.grp[c] in void.get(s, ()) for s in others for c in other.players[s].hand):
            continue
        if other.view(seat).to_dict() == want and other.to_dict() != g.to_dict():
            return other
    raise AssertionError("no other consistent deal found")


@pytest.mark.parametrize("variant,players,moves", [("schafkopf", 4, 0), ("schafkopf", 4, 13), ("sheepshead", 5, 12)])
def test_the_trick_bot_never_sees_hidden_cards(variant, players, moves):
    """Deal the cards the seat cannot see differently: the search input is the same, and so are
    the bot's choice and its statistics (same seed, same number of playouts)."""
    g = sk.new_game(variant, players, seed=8)
    rng = random.Random(8)
    for _ in range(moves):
        g.play(greedy_move(g, g.legal_moves()))
    while len(g.legal_moves()) < 2:
        g.play(g.legal_moves()[0])
    seat = g.turn
    other = redeal_others(g, seat, rng)
    v1, v2 = g.view(seat), other.view(seat)
    assert v1.to_dict() == v2.to_dict()
    assert TrickInfoSet(v1).signature() == TrickInfoSet(v2).signature()

    def decide(game):
        bot = ISMCTSBot(iterations=40)
        move = bot.choose(game.view(seat), game.legal_moves(), random.Random(99))
        return str(move), [(r["key"], r["visits"], r["points"], r["win"]) for r in bot.last.rows]

    assert decide(g) == decide(other)


# ------------------------------------------------------------------ search and hints
@pytest.mark.parametrize("variant,players", TABLES)
def test_ismcts_plays_whole_trick_hands(variant, players):
    g = sk.new_game(variant, players, seed=12)
    bots = [ISMCTSBot(iterations=8)] + [GreedyBot()] * (players - 1)
    play_round(g, bots, random.Random(12))
    assert g.over and sum(g.scores().values()) == 0


def test_trick_search_is_repeatable_with_a_seed_and_counts_its_playouts():
    g = sk.new_game("sheepshead", 5, seed=4)
    view = g.view(g.turn)
    a = TrickSearcher(view).run(random.Random(5), iterations=50)
    b = TrickSearcher(view).run(random.Random(5), iterations=50)
    assert [(r["key"], r["visits"], r["points"]) for r in a.rows] == [
        (r["key"], r["visits"], r["points"]) for r in b.rows
    ]
    assert 0 < a.iterations <= 50 and sum(r["visits"] for r in a.rows) == a.iterations


def test_search_does_not_bid_a_solo_on_a_hand_with_one_trump():
    g = sk.Game.from_dict(SCHAFKOPF_AUCTION)
    g.play("P1 pass")
    h = hint(g, 2, iterations=120, seed=3)
    rows = {r["text"]: r for r in h}
    assert h.best.kind == "pass" or h.best.target == "normal"
    assert rows["P2 bid solo"]["points"] < rows["P2 pass"]["points"]


def test_hint_ranks_trick_moves_by_mean_settlement():
    g = sk.new_game("schafkopf", 4, seed=5)
    h = hint(g, g.turn, iterations=60, seed=1)
    texts = {str(m) for m in g.legal_moves()}
    assert {r["text"] for r in h} == texts and h.playouts == 60
    assert sum(r["visits"] for r in h) == 60
    for r in h:
        assert 0 <= r["win"] <= 1 and isinstance(r["points"], float) and r["move"] in g.legal_moves()
    assert hint(g, (g.turn + 1) % 4, iterations=10) == []  # not that seat's turn


def test_hint_keeps_to_a_time_budget_in_trick_games():
    g = sk.new_game("sheepshead", 5, seed=2)
    h = hint(g, g.turn, budget=0.3, seed=1)
    assert h.playouts > 0 and h.seconds < 0.6


# ------------------------------------------------------------------ tournaments
def test_a_trick_tournament_counts_a_hand_lost_when_its_settlement_is_negative():
    games = []
    s = tournament.run(
        "schafkopf", ["greedy", "random", "random", "random"], 8, seed=1, jobs=1, progress=False, on_game=games.append
    )
    for r in games:
        assert r["lost"] == [x < 0 for x in r["points"]]
        assert abs(sum(r["points"])) < 1e-9
    lost = Counter()
    money = Counter()
    for r in games:
        for i, name in enumerate(s["bots"]):
            lost[name] += r["lost"][i]
            money[name] += r["points"][i]
    assert s["bot_stats"]["greedy"]["games"] == 8 and s["bot_stats"]["random"]["games"] == 24
    for name in ("greedy", "random"):
        d = s["bot_stats"][name]
        assert d["loss_rate"] == lost[name] / d["games"]
        assert d["avg_points"] == pytest.approx(money[name] / d["games"])


def test_cli_trick_tournament_json_shape(capsys):
    assert (
        cli.main(
            [
                "tournament",
                "--variant",
                "schafkopf",
                "--bots",
                "ismcts,greedy,greedy,random",
                "--games",
                "4",
                "--seed",
                "1",
                "--iterations",
                "6",
                "--jobs",
                "2",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"ismcts", "greedy", "random"}
    for d in out.values():
        assert set(d) == {"games", "loss_rate", "ci95", "avg_points"}
        assert 0 <= d["ci95"][0] <= d["loss_rate"] <= d["ci95"][1] <= 1
    assert out["greedy"]["games"] == 8


def test_cli_trick_tournament_text_names_settlements(capsys):
    assert (
        cli.main(
            [
                "tournament",
                "--variant",
                "sheepshead",
                "--bots",
                "greedy,random,random,random,random",
                "--games",
                "5",
                "--jobs",
                "1",
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "lost money" in text and "settlement" in text and "stalemate" not in text


def test_cli_trick_tournament_log_resume_and_summarize(tmp_path, capsys):
    log = tmp_path / "t.jsonl"
    args = [
        "tournament",
        "--variant",
        "mehrkopf",
        "--bots",
        "greedy,random,random",
        "--games",
        "6",
        "--jobs",
        "1",
        "--json",
        "--log",
        str(log),
    ]
    assert cli.main(args) == 0
    full = json.loads(capsys.readouterr().out)
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:4]) + "\n")  # cut short after three games
    assert cli.main(args + ["--resume"]) == 0
    assert json.loads(capsys.readouterr().out) == full
    assert cli.main(["tournament", "--summarize", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == full


def test_cli_refuses_a_trick_table_of_the_wrong_size(capsys):
    with pytest.raises(SystemExit):
        cli.main(["tournament", "--variant", "schafkopf", "--bots", "greedy,random,random"])
    assert "4 to 4 players" in capsys.readouterr().err
