"""The tournament runner: seating, figures, determinism, the command line."""

import json

import pytest

from scheissekopf import tournament
from scheissekopf.cli import main as cli_main


def test_wilson_interval_holds_a_rate_of_none_or_all_exactly():
    for n in (1, 7, 24, 400):
        assert tournament.wilson(0, n)[0] == 0.0
        assert tournament.wilson(n, n)[1] == 1.0
        lo, hi = tournament.wilson(0, n)
        assert lo <= 0 / n <= hi and hi < 1


def test_wilson_interval_matches_the_formula():
    lo, hi = tournament.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = tournament.wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    assert tournament.wilson(0, 0) == (0.0, 1.0)


def test_mean_interval():
    m, (lo, hi) = tournament.mean_ci([10, 20, 30, 40])
    assert m == 25 and lo < 25 < hi and hi - 25 == pytest.approx(25 - lo)


def test_every_bot_plays_every_seat_on_the_same_deals():
    bots = ["greedy", "random", "random", "greedy#b"]
    games = [tournament.play_game(("palace", bots, k, 3, {})) for k in range(8)]
    for block in (games[:4], games[4:]):
        assert len({r["deal"] for r in block}) == 1  # one deal, four seatings
        for i in range(4):
            assert sorted(r["seating"].index(i) for r in block) == [0, 1, 2, 3]
    assert games[0]["deal"] != games[4]["deal"]
    for r in games:
        assert sum(r["lost"]) == 1 and r["points"] is None
    again = tournament.play_game(("palace", bots, 5, 3, {}))
    assert again | {"seconds": 0} == games[5] | {"seconds": 0}


def test_a_small_tournament_adds_up():
    s = tournament.run("bitenight", ["greedy", "random", "random"], games=9, seed=2, jobs=1, progress=False)
    stats = s["bot_stats"]
    assert set(stats) == {"greedy", "random"}
    assert stats["greedy"]["games"] == 9 and stats["random"]["games"] == 18
    assert stats["greedy"]["losses"] + stats["random"]["losses"] == 9
    for d in stats.values():
        lo, hi = d["ci95"]
        assert lo <= d["loss_rate"] <= hi and d["avg_points"] is not None
    assert sum(s["stalemates_by_pairing"].values()) == s["stalemates"]
    text = tournament.report(s)
    assert "greedy" in text and "Wilson" in text and "stalemate" in text


def test_parallel_runs_give_the_same_games():
    bots = ["ismcts", "greedy", "random"]
    opts = {"ismcts": {"iterations": 5}}
    one = tournament.run("palace", bots, games=6, seed=4, jobs=1, options=opts, progress=False)
    two = tournament.run("palace", bots, games=6, seed=4, jobs=2, options=opts, progress=False)
    assert one["bot_stats"] == two["bot_stats"]


def test_stalemates_are_counted_by_the_bots_still_playing():
    results = [
        {
            "k": 0,
            "lost": [True, False, False],
            "points": None,
            "stalemate": True,
            "cycle": [0, 2],
            "moves": 10,
            "seconds": 0.0,
        },
        {
            "k": 1,
            "lost": [False, True, False],
            "points": None,
            "stalemate": False,
            "cycle": [],
            "moves": 10,
            "seconds": 0.0,
        },
    ]
    s = tournament.summarize("palace", ["greedy", "ismcts", "random"], results)
    assert s["stalemates"] == 1 and s["stalemates_by_pairing"] == {"greedy vs random": 1}
    assert tournament.to_json(s)["_stalemates"] == {"total": 1, "greedy vs random": 1}


@pytest.mark.slow
def test_random_tables_do_stalemate_and_name_the_pairing():
    s = tournament.run("palace", ["random", "random", "greedy"], games=30, seed=1, jobs=1, progress=False)
    assert s["stalemates"] > 0
    for pairing in s["stalemates_by_pairing"]:
        assert len(pairing.split(" vs ")) >= 2


def test_cli_json_shape(capsys):
    assert (
        cli_main(
            [
                "tournament",
                "--variant",
                "palace",
                "--bots",
                "greedy,random,ismcts",
                "--games",
                "3",
                "--iterations",
                "4",
                "--seed",
                "1",
                "--jobs",
                "1",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"greedy", "random", "ismcts", "_stalemates"}
    for name in ("greedy", "random", "ismcts"):
        d = data[name]
        assert set(d) == {"games", "loss_rate", "ci95", "avg_points"}
        assert d["games"] == 3 and d["avg_points"] is None and len(d["ci95"]) == 2


def test_cli_text_has_points_in_bitenight(capsys):
    assert cli_main(["tournament", "--bots", "greedy,random", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "avg points" in out and "greedy" in out and "ended by stalemate" in out


def test_cli_refuses_unknown_bots_and_bad_counts(capsys):
    with pytest.raises(SystemExit):
        cli_main(["tournament", "--bots", "greedy,clever"])
    assert "unknown bot" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli_main(["tournament", "--variant", "palace", "--bots", "greedy"])
    with pytest.raises(SystemExit):
        cli_main(["tournament", "--bots", "greedy,random", "--games", "0"])


def test_cli_log_and_summarize_a_run(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    assert (
        cli_main(
            [
                "tournament",
                "--variant",
                "palace",
                "--bots",
                "greedy,random",
                "--games",
                "4",
                "--jobs",
                "1",
                "--log",
                str(log),
                "--json",
            ]
        )
        == 0
    )
    full = json.loads(capsys.readouterr().out)
    lines = log.read_text().splitlines()
    assert len(lines) == 5  # a header and one line per game
    assert cli_main(["tournament", "--summarize", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == full
    log.write_text("\n".join(lines[:3]) + "\n" + lines[3][:10])  # cut short mid-line
    assert cli_main(["tournament", "--summarize", str(log)]) == 0
    out = capsys.readouterr().out
    assert "2 games" in out and "greedy" in out


def test_cli_resume_plays_only_the_missing_games(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    args = [
        "tournament",
        "--variant",
        "palace",
        "--bots",
        "greedy,random",
        "--games",
        "6",
        "--seed",
        "5",
        "--jobs",
        "1",
        "--log",
        str(log),
        "--json",
    ]
    assert cli_main(args) == 0
    full = json.loads(capsys.readouterr().out)
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:4]) + "\n" + lines[4][:10])  # cut short mid-line
    assert cli_main(args + ["--resume"]) == 0
    assert json.loads(capsys.readouterr().out) == full
    header, results = tournament.read_log(log)
    assert [r["k"] for r in results] == list(range(6))


def test_cli_resume_refuses_a_log_of_other_settings(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    assert (
        cli_main(
            [
                "tournament",
                "--variant",
                "palace",
                "--bots",
                "greedy,random",
                "--games",
                "2",
                "--jobs",
                "1",
                "--log",
                str(log),
            ]
        )
        == 0
    )
    capsys.readouterr()
    before = log.read_bytes()
    argv = ["tournament", "--variant", "palace", "--bots", "greedy,random", "--games", "2", "--seed", "9"]
    assert cli_main([*argv, "--jobs", "1", "--log", str(log), "--resume"]) == 2  # the user's mistake
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "other settings (seed)" in err, err
    assert log.read_bytes() == before
    with pytest.raises(SystemExit):
        cli_main(["tournament", "--bots", "greedy,random", "--resume"])


@pytest.mark.parametrize(
    ("variant", "bots", "options"),
    [
        ("palace", ["ismcts", "random"], {"ismcts": {"budget": 0.002}}),  # a time budget: not replayable by seed
        ("bitenight", ["greedy", "random", "random"], {}),
        ("schafkopf", ["greedy", "random", "random", "random"], {}),
    ],
)
def test_a_logged_game_rebuilds_from_its_deal_and_moves(tmp_path, variant, bots, options):
    log = tmp_path / "run.jsonl"
    with open(log, "w", encoding="utf-8") as fh:
        tournament.run(
            variant,
            bots,
            games=len(bots),
            seed=3,
            jobs=1,
            options=options,
            on_game=lambda r: tournament.write_log_line(fh, r),
            log_header=lambda h: tournament.write_log_line(fh, h),
        )
    header, games = tournament.read_log(log)
    assert len(games) == len(bots)
    for game in games:
        g = tournament.replay(header, game)
        assert g.over and len(g.history) == game["moves"] == len(game["played"])
        lost = [bool(x) for x in game["lost"]]
        if variant == "schafkopf":
            money = g.scores()
            assert [money[s] < 0 for s in range(len(bots))] == [lost[i] for i in game["seating"]]
        else:
            assert lost[game["seating"][g.loser]]
            assert g.stalemate == game["stalemate"]


def test_a_log_line_without_moves_or_with_a_wrong_move_is_refused():
    header = {"tournament": True, "variant": "palace", "bots": ["greedy", "random"], "games": 2, "seed": 1}
    with pytest.raises(ValueError, match="without its moves"):
        tournament.replay(header, {"k": 0, "deal": 5})
    with pytest.raises(ValueError, match="move 1 .* is not legal"):
        tournament.replay(header, {"k": 0, "deal": 5, "played": ["P1 play AS"]})
