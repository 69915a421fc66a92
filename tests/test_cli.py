"""The command line with what a user may get wrong: a mistake in the command or in its files is
answered in one line naming the problem, with exit status 2 and no traceback; only a bug shows a
traceback, followed by a line asking for a report."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from scheissekopf import cli
from scheissekopf.cli import BUG_REPORT, main

HEADER = {"tournament": {"variant": "bitenight", "bots": ["greedy", "random"], "games": 2, "seed": 1, "options": {}}}
GAME = {
    "k": 0,
    "deal": 5,
    "seating": [0, 1],
    "lost": [False, True],
    "points": [0, 3],
    "stalemate": False,
    "cycle": [],
    "moves": 40,
    "seconds": 0.01,
}


def refused_in_one_line(capsys, argv, *says):
    """``main(argv)`` must exit with 2 and write one line to stderr holding every ``says``."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for words in says:
        assert words in lines[0]
    return lines[0]


def lines(*records) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records)


# ------------------------------------------------------------------ show


def test_show_names_a_file_that_is_not_utf8(tmp_path, capsys):
    path = tmp_path / "pos.txt"
    path.write_bytes(b"\xff\xfebitenight | P0 5H | P1 9C")
    refused_in_one_line(capsys, ["show", str(path)], str(path), "not a text file in UTF-8", "0xff")


def test_show_names_standard_input_that_is_not_utf8(monkeypatch, capsys):
    stdin = io.TextIOWrapper(io.BytesIO(b"bitenight | P0 5H \xe9"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    refused_in_one_line(capsys, ["show", "-"], "standard input is not a text file in UTF-8")


@pytest.mark.parametrize("opener", ['{"a": ', '{"players": ['])
def test_show_refuses_json_nested_too_deeply(tmp_path, capsys, opener):
    path = tmp_path / "deep.json"
    path.write_text(opener * 100_000, encoding="utf-8")
    refused_in_one_line(capsys, ["show", str(path)], "nested too deeply")


def test_show_refuses_a_json_number_too_long_to_read(tmp_path, capsys):
    path = tmp_path / "long.json"
    path.write_text('{"variant": "bitenight", "seed": ' + "7" * 5000 + "}", encoding="utf-8")
    refused_in_one_line(capsys, ["show", str(path)], str(path))


def test_show_refuses_an_opening_that_is_no_rank(tmp_path, capsys):
    path = tmp_path / "opening.json"
    position = {"variant": "bitenight", "players": [{"hand": ["5H"]}, {"hand": ["9C"]}], "opening": []}
    path.write_text(json.dumps(position), encoding="utf-8")
    refused_in_one_line(capsys, ["show", str(path)], "invalid position", "opening")


@pytest.mark.parametrize("make", ["missing", "directory"])
def test_show_names_a_file_it_cannot_read(tmp_path, capsys, make):
    path = tmp_path / "pos.json"
    if make == "directory":
        path.mkdir()
    refused_in_one_line(capsys, ["show", str(path)], f"cannot read {path}")


# ------------------------------------------------------------------ tournament logs


@pytest.mark.parametrize(
    "content, says",
    [
        (None, "cannot read the log"),  # no such file
        ("directory", "cannot read the log"),
        ("junk\nmore junk\n", "is not a tournament log"),
        (lines(GAME, GAME), "is not a tournament log"),  # games but no header
        (lines(7, [1, 2], "text"), "is not a tournament log"),
        (lines(HEADER), "no finished game yet"),
        (lines(HEADER, GAME, 5), "line 3: not a game of this tournament"),
        (lines(HEADER, {"k": 1}), "line 2: not a game of this tournament"),
        (lines(HEADER, {**GAME, "lost": [True]}), "line 2: not a game of this tournament"),
        (lines({"tournament": {"variant": "whist", "bots": []}}, GAME), "line 1: the tournament's settings"),
        (lines({"tournament": 3}), "line 1: the tournament's settings"),
        (lines(HEADER, "[" * 100_000), "line 2: not a line of a tournament log"),
        (b"\xff\xfe{}\n", "not a text file in UTF-8"),
    ],
)
def test_summarize_names_a_log_it_cannot_read(tmp_path, capsys, content, says):
    path = tmp_path / "run.jsonl"
    if content == "directory":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    refused_in_one_line(capsys, ["tournament", "--summarize", str(path)], says)


def test_summarize_skips_a_line_cut_short_and_reads_the_games(tmp_path, capsys):
    path = tmp_path / "run.jsonl"
    path.write_text(lines(HEADER, GAME) + '{"k": 1, "lo', encoding="utf-8")
    assert main(["tournament", "--summarize", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["greedy"]["games"] == 1


def test_a_log_into_a_missing_directory_is_refused_before_any_game(tmp_path, capsys, monkeypatch):
    played = []
    monkeypatch.setattr("scheissekopf.tournament.play_game", lambda task: played.append(task))
    path = tmp_path / "no such directory" / "run.jsonl"
    argv = ["tournament", "--bots", "greedy,random", "--games", "2", "--jobs", "1", "--log", str(path)]
    refused_in_one_line(capsys, argv, "cannot write the log", str(path), "No such file or directory")
    assert played == []


def test_resume_names_a_log_that_is_a_directory(tmp_path, capsys):
    path = tmp_path / "run.jsonl"
    path.mkdir()
    argv = ["tournament", "--bots", "greedy,random", "--games", "2", "--jobs", "1", "--log", str(path), "--resume"]
    refused_in_one_line(capsys, argv, "cannot read the log", str(path))


def test_puzzles_into_a_missing_directory_are_refused(tmp_path, capsys):
    path = tmp_path / "nowhere" / "puzzles.jsonl"
    refused_in_one_line(capsys, ["puzzles", "--count", "1", "--quiet", "--out", str(path)], "cannot write", str(path))


# ------------------------------------------------------------------ a bug is not the user's mistake


def test_a_bug_shows_its_traceback_and_asks_for_a_report(tmp_path, capsys, monkeypatch):
    def broken(text):
        raise KeyError("a slip in the reader")

    monkeypatch.setattr(cli, "from_text", broken)
    path = tmp_path / "pos.txt"
    path.write_text("bitenight | P0 5H | P1 9C", encoding="utf-8")
    assert main(["show", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" in err and "a slip in the reader" in err
    assert err.rstrip().splitlines()[-1] == BUG_REPORT


def test_the_installed_command_exits_with_status_2_on_a_users_mistake(tmp_path):
    path = tmp_path / "pos.txt"
    path.write_bytes(b"\x80\x81")
    done = subprocess.run(
        [sys.executable, "-m", "scheissekopf", "show", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == "" and len(done.stderr.splitlines()) == 1 and "UTF-8" in done.stderr


@pytest.mark.slow
def test_output_cut_short_by_its_reader_is_no_bug():
    writer = subprocess.Popen(
        [sys.executable, "-m", "scheissekopf", "simulate", "--games", "300"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    writer.stdout.close()  # the reader goes away before a line was written (`... | head -0`)
    err = writer.stderr.read().decode()
    assert writer.wait(timeout=120) != 0
    assert "Traceback" not in err and BUG_REPORT not in err


@pytest.mark.parametrize("name", ["bitenight", "palace", "schwechat", "sheepshead", "schafkopf", "mehrkopf"])
def test_simulate_counts_what_the_variants_outcome_says(name):
    from scheissekopf.variants import variant

    v = variant(name)
    r = cli.simulate(name, v.default_players, 6, seed=2, progress=False)
    figures = set(r) - {"variant", "players", "games", "seed", "seconds", "cpu_seconds", "games_per_s", "moves_per_s"}
    figures -= {"moves_per_game_mean", "moves_per_game_median"}
    if v.points_signed:  # a hand settles money: what one side wins the other pays
        assert figures == {"tricks_per_game_mean", "us_per_trick", "mean_settlement"}
        assert abs(sum(r["mean_settlement"])) < 1e-9 and r["tricks_per_game_mean"] > 0
    else:  # a round has one loser, the Scheißkopf, and may end by stalemate
        assert figures == {"loser_rate", "stalemates"}
        assert sum(r["loser_rate"]) == pytest.approx(1) and 0 <= r["stalemates"] <= 6


def test_puzzles_are_mined_at_the_variants_own_table_size_when_none_is_given(tmp_path):
    out = tmp_path / "p.jsonl"
    argv = ["puzzles", "--variant", "sheepshead", "--count", "1", "--max-games", "1", "--strong", "20"]
    assert main(argv + ["--weak", "5", "--jobs", "1", "--quiet", "--out", str(out)]) == 0
    for line in out.read_text(encoding="utf-8").splitlines():  # (a puzzle, if the round held one)
        text = json.loads(line)["text"]
        assert " | P4 " in text and " | P5 " not in text  # five seats, sheepshead's
