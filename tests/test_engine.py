"""The engine's public surface beyond single rules: seeded deals, the stalemate rule checked
against a plain re-count, views, clones, the match layer and the command line."""

import json
import random

import pytest

import scheissekopf as sk
from scheissekopf.bots import GreedyBot, RandomBot, play_round
from scheissekopf.cli import main as cli_main
from scheissekopf.cli import simulate


def test_part_c_names_exist():
    assert sk.VARIANTS == ("bitenight", "palace", "schwechat")
    for name in ("new_game", "Game", "Card", "Move", "IllegalMove", "InvalidPosition", "Match"):
        assert hasattr(sk, name)
    assert issubclass(sk.IllegalMove, ValueError) and issubclass(sk.InvalidPosition, ValueError)


def test_seeded_deal_is_the_same_on_every_machine():
    # The shuffle is our own integer generator, so these exact cards are a cross-machine check.
    g = sk.new_game("bitenight", 4, seed=7)
    assert [[str(c) for c in p.hand] for p in g.players] == [
        ["2S", "4C", "JS"],
        ["9D", "10S", "JK"],
        ["4D", "9C", "AC"],
        ["3C", "QH", "JK"],
    ]
    assert [str(c) for c in g.draw[:5]] == ["10C", "8H", "7D", "AH", "3D"]
    s = sk.new_game("schwechat", 3, seed=7)
    assert s.turn == 2 and [str(c) for c in s.stack] == ["AH"]


def test_different_seeds_deal_differently():
    a = sk.new_game("bitenight", 4, seed=1).to_dict()
    b = sk.new_game("bitenight", 4, seed=2).to_dict()
    assert a["players"] != b["players"]


def _canonical(g):
    d = g.to_dict()
    d.pop("repetitions")
    return json.dumps(d, sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize("variant,games", [("bitenight", 40), ("palace", 40), ("schwechat", 8)])
def test_stalemate_ends_round_on_third_occurrence_of_a_position(variant, games):
    """Replays random games and counts positions the plain way (the whole position as text):
    a round ends by stalemate exactly when some position is seen for the third time."""
    seen_stalemate = 0
    for seed in range(games):
        g = sk.new_game(variant, 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        counts = {}
        epoch_marker = None
        while g.phase != "over":
            g.play(rng.choice(g.legal_moves()))
            if g.phase == "setup":
                continue
            if g.phase == "play":
                # positions with a different draw/discard/bank/gamble can never come back
                marker = (
                    len(g.draw),
                    len(g.discard),
                    tuple(
                        len([c for c in p.bank if c is not None]) + len([c for c in p.gamble if c is not None])
                        for p in g.players
                    ),
                    tuple(g.finished),
                )
                if marker != epoch_marker:
                    counts, epoch_marker = {}, marker
                key = _canonical(g)
                counts[key] = counts.get(key, 0) + 1
                assert counts[key] < 3, "a position came up three times but the round went on"
        if g.stalemate:
            seen_stalemate += 1
            g.undo()
            key_before = _canonical(g)
            assert counts.get(key_before, 0) >= 1
            assert not any(e.kind == "stalemate" for e in g.log)  # undo took the ending back
            assert g.phase == "play" and not g.stalemate
    assert seen_stalemate > 0, "random play should run into some stalemates"


def test_stalemate_loser_holds_most_cards_and_others_go_out_by_fewest():
    for seed in range(200):
        g = sk.new_game("bitenight", 4, seed=seed)
        rng = random.Random(seed)
        while g.phase != "over":
            g.play(rng.choice(g.legal_moves()))
        if g.stalemate and len(g.finished) >= 2:
            break
    else:
        pytest.skip("no multi-player stalemate in these seeds")
    held = {s: g.players[s].cards_held for s in range(4)}
    still_in_at_stalemate = [s for s in g.finished if held[s] > 0] + [g.loser]
    assert held[g.loser] == max(held[s] for s in still_in_at_stalemate)
    gone = [s for s in g.finished if s in still_in_at_stalemate]
    assert [held[s] for s in gone] == sorted(held[s] for s in gone)
    assert any(e.kind == "stalemate" for e in g.log)
    assert "stalemate" in g.log[-len(gone) - 2].text


def test_view_hides_other_hands_gambles_and_draw_but_keeps_counts():
    g = sk.new_game("bitenight", 3, seed=3)
    v = g.view(1).to_dict()
    d = g.to_dict()
    for i, (vp, dp) in enumerate(zip(v["players"], d["players"])):
        assert len(vp["hand"]) == len(dp["hand"])
        assert vp["bank"] == dp["bank"]
        assert vp["gamble"] == ["??"] * len(dp["gamble"])
        assert vp["hand"] == (dp["hand"] if i == 1 else ["??"] * len(dp["hand"]))
    assert v["draw"] == ["??"] * len(d["draw"])
    assert v["discard"] == d["discard"]
    assert d["seed"] == 3 and v["seed"] is None  # the seed would re-deal every hidden card
    assert all("3" not in e.text for e in g.log if e.kind == "deal")


def test_view_lists_only_its_seats_moves_and_cannot_be_played():
    g = sk.new_game("bitenight", 3, seed=3)
    v = g.view(2)
    assert v.legal_moves() and {m.player for m in v.legal_moves()} == {2}
    with pytest.raises(sk.IllegalMove):
        v.play(v.legal_moves()[0])


def test_clone_is_independent():
    g = sk.new_game("palace", 3, seed=5)
    for p in range(3):
        g.play(f"P{p} ready")
    c = g.clone()
    before = g.to_dict()
    c.play(c.legal_moves()[0])
    assert g.to_dict() == before
    assert c.to_dict() != before


def test_legal_moves_contains_equivalent_suits():
    g = sk.Game.from_dict({"players": [{"hand": ["9C", "9D", "KH"]}, {"hand": ["5S"]}], "stack": ["6H"], "turn": 0})
    moves = g.legal_moves()
    assert "P0 9D" in moves and "P0 9C" in moves and "P0 9C 9D" in moves
    assert "P0 5S" not in moves
    assert sum(1 for m in moves if m.kind == "play" and len(m.cards) == 1 and m.cards[0].rank == 9) == 1
    g.play("9D")
    assert [str(c) for c in g.players[0].hand] == ["9C", "KH"]


def test_legal_moves_read_as_moves_every_way_and_refuse_changes():
    import copy
    import pickle

    g = sk.Game.from_dict({"players": [{"hand": ["9C", "9D", "KH"]}, {"hand": ["5S"]}], "stack": ["6H"], "turn": 0})
    moves = g.legal_moves()
    texts = ["P0 9C", "P0 9C 9D", "P0 KH"]
    # every way of reading gives Move objects, never the tuples the engine generates
    assert [str(m) for m in moves] == texts and len(moves) == 3 and moves
    assert [str(m) for m in reversed(moves)] == texts[::-1]
    assert [str(m) for m in moves[1:]] == texts[1:] and str(moves[-1]) == "P0 KH"
    assert [str(m) for m in list(moves)] == [str(m) for m in tuple(moves)] == texts
    assert all(isinstance(m, sk.Move) for m in moves.copy() + [] + moves * 2)
    assert moves.index(sk.parse_move("P0 KH", 0)) == 2 and moves.count(moves[0]) == 1
    assert moves == list(moves) and not moves != list(moves) and moves != list(moves)[:2]
    assert moves[0] is moves[0]  # made once, then kept
    for clone in (copy.copy(moves), pickle.loads(pickle.dumps(moves))):
        assert [str(m) for m in clone] == texts
    for change in (
        lambda: moves.append(moves[0]),
        lambda: moves.pop(),
        lambda: moves.sort(),
        lambda: moves.__setitem__(0, moves[1]),
        lambda: moves.__delitem__(0),
        lambda: moves.extend(moves),
        lambda: moves.clear(),
    ):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert [str(m) for m in moves] == texts
    g.play(random.Random(0).choice(moves))  # still what a bot plays from


def test_move_text_round_trips_for_every_kind():
    for variant, n in (("bitenight", 4), ("palace", 3), ("schwechat", 4)):
        g = sk.new_game(variant, n, seed=11)
        rng = random.Random(11)
        kinds = set()
        while g.phase != "over":
            moves = g.legal_moves()
            for m in moves:
                assert sk.parse_move(str(m), g.turn) == m
            m = rng.choice(moves)
            kinds.add(m.kind)
            g.play(str(m))
        assert {"play", "take", "ready"} <= kinds


def test_event_log_explains_a_burn():
    g = sk.Game.from_dict(
        {"players": [{"hand": ["9C", "5D", "6D"]}, {"hand": ["9D", "9H", "KS"]}], "stack": ["9S"], "turn": 0}
    )
    g.play("P0 9C")
    g.play("P1 9D 9H")
    texts = [e.text for e in g.log]
    assert any("Four 9s in a row" in t and "burns" in t for t in texts)
    assert g.turn == 1 and g.stack == []


def test_event_log_reads_as_events_and_undo_takes_a_moves_events_back():
    g = sk.new_game("bitenight", 4, seed=3)
    rng = random.Random(2)
    for _ in range(40):
        g.play(rng.choice(g.legal_moves()))
    log = g.log
    assert len(log) > 40 and all(isinstance(e, sk.Event) for e in log)
    assert log[0].kind == "deal" and log[-1] == list(log)[-1] == log[-3:][-1]
    assert [e.text for e in log[5:8]] == [log[i].text for i in range(5, 8)]
    assert not hasattr(log, "append")  # read-only: the game writes it
    before = list(log)
    move = g.history[-1]
    mark = len(before)
    g.undo()
    assert list(g.log) == before[: len(g.log)] and len(g.log) < mark
    g.play(move)
    assert g.log == before


def test_match_bitenight_one_round_per_player_points_summed():
    m = sk.Match("bitenight", players=3, seed=4)
    standings = m.play_out()
    assert m.over and len(m.rounds) == 3
    assert [r.dealer for r in m.rounds] == [0, 1, 2]
    for r in m.rounds:
        assert r.points[r.loser] == 0
        for k, s in enumerate(r.finished):
            assert r.points[s] == 10 * (k + 1) + (10 if s in r.bonus else 0)
    assert m.totals == {s: sum(r.points[s] for r in m.rounds) for s in range(3)}
    assert standings[0][1] == max(m.totals.values())
    assert m.winners == [s for s, v in m.totals.items() if v == standings[0][1]]
    with pytest.raises(ValueError):
        m.next_round()


def test_match_schwechat_previous_loser_starts_and_losses_counted():
    m = sk.Match("schwechat", players=3, seed=9)
    bots = [RandomBot() for _ in range(3)]
    play_round(m.game, bots, random.Random(1))
    first_loser = m.game.loser
    g2 = m.next_round()
    assert g2.turn == first_loser and g2.dealer == 1
    m.play_out(bots)
    assert sum(m.totals.values()) == 3
    assert m.totals == {s: sum(r.loser == s for r in m.rounds) for s in range(3)}
    assert m.standings()[0][1] == min(m.totals.values())


def test_next_round_refused_while_round_runs():
    m = sk.Match("palace", players=2, seed=1)
    with pytest.raises(ValueError, match="not over"):
        m.next_round()


def test_greedy_bot_finishes_games_and_sees_only_its_view():
    g = sk.new_game("bitenight", 4, seed=2)
    seen = []

    class Spy(GreedyBot):
        def choose(self, view, legal_moves, rng):
            seen.append(view)
            return super().choose(view, legal_moves, rng)

    play_round(g, [Spy(), GreedyBot(), GreedyBot(), GreedyBot()], random.Random(2))
    assert g.phase == "over"
    for v in seen:
        d = v.to_dict()
        assert all(c == "??" for i, p in enumerate(d["players"]) if i != 0 for c in p["hand"])


def test_cli_simulate_reports_speed_and_losers(capsys):
    assert cli_main(["simulate", "--variant", "palace", "--players", "3", "--games", "20", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "moves/s" in out and "Scheißkopf by seat" in out
    r = simulate("bitenight", 4, 30, seed=1, progress=False)
    assert r["games"] == 30 and abs(sum(r["loser_rate"]) - 1) < 1e-9 and r["moves_per_game_mean"] > 10


def test_cli_show_prints_a_position_and_refuses_a_bad_one(tmp_path, capsys):
    good = tmp_path / "pos.json"
    good.write_text(json.dumps({"players": [{"hand": ["4H", "QS"]}, {"hand": ["KD"]}], "stack": ["9H", "3S"]}))
    assert cli_main(["show", str(good), "--moves"]) == 0
    out = capsys.readouterr().out
    assert "Q♠" in out and "effective top: 9♥" in out and "P0 QS" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"players": [{"hand": ["XX"]}, {"hand": ["KD"]}]}))
    assert cli_main(["show", str(bad)]) == 2
    assert "unknown card text 'XX'" in capsys.readouterr().err


def test_known_cards_follow_a_taken_stack_into_the_hand_and_show_in_views():
    g = sk.Game.from_dict(
        {"players": [{"hand": ["5C", "6D", "7H"]}, {"hand": ["9C", "JD", "KH"]}], "stack": ["AS", "QD"], "turn": 0}
    )
    g.play("P0 take")
    assert [str(c) for c in g.known[0]] == ["QD", "AS"]
    v = g.view(1).to_dict()
    assert v["known"][0] == ["QD", "AS"] and v["players"][0]["hand"] == ["??"] * 5
    g.play("P1 KH")
    g.play("P0 AS")
    assert [str(c) for c in g.known[0]] == ["QD"]
    g.undo()
    assert [str(c) for c in g.known[0]] == ["QD", "AS"]
    assert sk.Game.from_dict(g.to_dict()).known == g.known


@pytest.mark.parametrize(
    "variant, hand, stack, play, left",
    [
        ("bitenight", ["5D", "9C"], ["9D", "QS"], "P0 9C 9D", ["QS"]),  # one of the two was known
        ("schwechat", ["5D", "9C"], ["9C", "QS"], "P0 9C 9C", ["QS"]),  # two decks: the same card twice
        ("schwechat", ["5D"], ["9C", "9C"], "P0 9C", ["9C"]),  # two known, one played
    ],
)
def test_a_played_copy_lowers_the_known_cards_only_by_what_was_known(variant, hand, stack, play, left):
    g = sk.Game.from_dict(
        {"variant": variant, "players": [{"hand": hand}, {"hand": ["4H", "KD", "KC"]}], "stack": stack, "turn": 0}
    )
    g.play("P0 take")
    known = [str(c) for c in g.known[0]]
    assert known == sorted(stack, key=sk.Card.parse)
    if g.turn == 1:  # (a take passes the turn in bitenight)
        g.play("P1 4H")
    g.play(play)
    assert [str(c) for c in g.known[0]] == left
    g.undo()
    assert [str(c) for c in g.known[0]] == known


def test_cli_simulate_plays_the_trick_taking_games_too(capsys):
    r = simulate("schafkopf", 4, 40, seed=2, progress=False)
    assert r["tricks_per_game_mean"] > 0 and abs(sum(r["mean_settlement"])) < 1e-9
    assert "loser_rate" not in r
    assert cli_main(["simulate", "--variant", "sheepshead", "--games", "10"]) == 0
    out = capsys.readouterr().out
    assert "5 players" in out and "mean settlement by seat" in out
    with pytest.raises(SystemExit):
        cli_main(["simulate", "--variant", "mehrkopf", "--players", "9", "--games", "1"])
    assert "2 to 6 players" in capsys.readouterr().err
