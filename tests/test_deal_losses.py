"""The benchmark that counts how often each deal was lost over several logs of one tournament
(benchmarks/deal_losses.py): it counts per deal, and refuses logs of another tournament or
of an unfinished run rather than compare deals that are not the same."""

import json

import pytest
from helpers import load_script

from scheissekopf import cli, tournament

deal_losses = load_script("benchmarks/deal_losses.py")


def _log(path, iterations, games=4):
    argv = ["tournament", "--variant", "palace", "--bots", "ismcts,greedy", "--games", str(games), "--seed", "3"]
    assert cli.main([*argv, "--iterations", str(iterations), "--jobs", "1", "--json", "--log", str(path)]) == 0


def test_each_deal_is_counted_once_per_log_that_lost_it(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _log(a, 6)
    _log(b, 6)
    runs, lost = deal_losses.deal_losses([str(a), str(b)], "ismcts")
    _, games = tournament.read_log(a)
    expected = {g["k"]: 2 * bool(g["lost"][0]) for g in games}  # the same run twice: the same losers
    assert (runs, lost) == (2, expected)
    _, greedy = deal_losses.deal_losses([str(a)], "greedy")
    assert all(lost[k] // 2 + greedy[k] == 1 for k in lost)  # two players: one of them lost each deal


def test_logs_of_another_tournament_or_an_unfinished_run_are_refused(tmp_path):
    a, other, cut = tmp_path / "a.jsonl", tmp_path / "other.jsonl", tmp_path / "cut.jsonl"
    _log(a, 6)
    _log(other, 6, games=2)
    with pytest.raises(SystemExit, match="is another tournament"):
        deal_losses.deal_losses([str(a), str(other)], "ismcts")
    lines = a.read_text().splitlines()
    header = json.loads(lines[0])
    cut.write_text("\n".join([json.dumps(header), *lines[1:3]]) + "\n")
    with pytest.raises(SystemExit, match="holds 2 of its 4 games: compare whole runs only"):
        deal_losses.deal_losses([str(a), str(cut)], "ismcts")
    with pytest.raises(SystemExit, match="no bot 'monty'"):
        deal_losses.deal_losses([str(a)], "monty")
