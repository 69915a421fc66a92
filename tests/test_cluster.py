"""Tournaments and puzzle mining on a Ray cluster: the same games and the same puzzles as on
worker processes, each game (round) once even when a worker dies, and a cluster that cannot be
used is refused in one line before any game.

A local cluster is started once for the module (``cluster="auto"``, two CPUs)."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from scheissekopf import cli, tournament
from scheissekopf.cluster import ClusterUnavailable, run_tasks

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_cluster():
    from scheissekopf.cluster import connect

    connect("auto", jobs=2)
    yield "auto"
    ray.shutdown()


def _games(results):
    """The games without their CPU time (which depends on the machine and the moment)."""
    return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in results), key=lambda r: r["k"])


def _log_games(path):
    header, results = tournament.read_log(path)
    lines = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    ks = [rec["k"] for rec in lines if "k" in rec]
    return header, _games(results), ks


@pytest.mark.slow
def test_a_cluster_plays_the_same_games_as_worker_processes(local_cluster, tmp_path):
    pool, ray_log = tmp_path / "pool.jsonl", tmp_path / "ray.jsonl"
    common = ["tournament", "--variant", "palace", "--bots", "greedy,random,greedy", "--games", "9", "--seed", "4"]
    assert cli.main([*common, "--jobs", "2", "--log", str(pool), "--json"]) == 0
    assert cli.main([*common, "--jobs", "2", "--cluster", local_cluster, "--log", str(ray_log), "--json"]) == 0
    h1, g1, ks1 = _log_games(pool)
    h2, g2, ks2 = _log_games(ray_log)
    assert h1 == h2
    assert len(g1) == 9 and g1 == g2
    assert sorted(ks2) == list(range(9))  # each game logged once


@pytest.mark.slow
def test_a_run_cut_short_on_worker_processes_is_finished_on_the_cluster(local_cluster, tmp_path):
    log, whole = tmp_path / "cut.jsonl", tmp_path / "whole.jsonl"
    common = ["tournament", "--variant", "schafkopf", "--bots", "greedy,random,greedy,random", "--seed", "2"]
    assert cli.main([*common, "--games", "8", "--jobs", "1", "--log", str(whole), "--json"]) == 0
    # the first three games, as a run stopped after them would have left its log
    lines = whole.read_text().splitlines()
    log.write_text("\n".join(lines[:4]) + "\n")
    assert cli.main([*common, "--games", "8", "--cluster", local_cluster, "--log", str(log), "--resume", "--json"]) == 0
    _, resumed, ks = _log_games(log)
    _, expected, _ = _log_games(whole)
    assert resumed == expected
    assert sorted(ks) == list(range(8))


def _ray_workers(task):
    """Process ids of the workers running ``task`` (a function's name) right now: Ray names a
    worker after the task it runs."""
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if cmd.startswith(b"ray::" + task.encode()):
            pids.append(int(pid))
    return pids


def _kill_one_worker(task, killed):
    """Kill the first worker seen running ``task`` (within two minutes); its pid goes to ``killed``."""
    deadline = time.monotonic() + 120
    while not killed and time.monotonic() < deadline:
        pids = _ray_workers(task)
        if pids:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])
        time.sleep(0.05)


@pytest.mark.slow
def test_a_game_whose_worker_dies_is_played_again_and_counted_once(local_cluster):
    bots = ["ismcts", "random"]
    options = {"ismcts": {"iterations": 40}}
    killed = []
    killer = threading.Thread(target=_kill_one_worker, args=("play_game", killed))
    killer.start()
    got = []
    summary = tournament.run(
        "palace", bots, 6, seed=5, cluster=local_cluster, options=options, progress=False, on_game=got.append
    )
    killer.join()
    assert killed, "no worker was seen playing a game"
    assert sorted(r["k"] for r in got) == list(range(6))  # none lost, none twice
    assert summary["games"] == 6
    here = [tournament.play_game(("palace", bots, k, 5, options)) for k in range(6)]
    assert _games(got) == _games(here)


def test_a_cluster_address_that_does_not_answer_is_refused_in_one_line(tmp_path, capsys):
    log = tmp_path / "never.jsonl"
    args = ["tournament", "--variant", "palace", "--bots", "greedy,random", "--games", "2"]
    assert cli.main([*args, "--cluster", "127.0.0.1:1", "--log", str(log)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [err[0]] and "no Ray cluster answers at 127.0.0.1:1" in err[0]
    assert not log.exists()  # no game played, no header written, no file made


def test_a_cluster_address_is_host_and_port():
    with pytest.raises(ClusterUnavailable, match=r"a cluster address is HOST:PORT \(or 'auto'\), not 'here'"):
        run_tasks(tournament.play_game, [], cluster="here")


def test_without_ray_the_cluster_option_names_the_extra(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(ClusterUnavailable, match=r'pip install "scheissekopf\[ai\]"'):
        run_tasks(tournament.play_game, [], cluster="auto")


# ------------------------------------------------------------------------------ puzzles
PUZZLES = ["puzzles", "--variant", "schafkopf", "--count", "3", "--seed", "3", "--strong", "80", "--weak", "40"]
PUZZLES += ["--max-games", "10", "--quiet"]


def _mine(tmp_path, name, *where):
    out = tmp_path / f"{name}.jsonl"
    assert cli.main([*PUZZLES, *where, "--out", str(out)]) == 0
    return out.read_text(encoding="utf-8")


@pytest.mark.slow
def test_puzzles_mined_on_a_cluster_on_worker_processes_and_here_are_the_same(local_cluster, tmp_path):
    here = _mine(tmp_path, "here", "--jobs", "1")
    pool = _mine(tmp_path, "pool", "--jobs", "2")
    on_ray = _mine(tmp_path, "ray", "--jobs", "2", "--cluster", local_cluster)
    assert len(here.splitlines()) == 3  # the third, the first of two in round 4: the round cut short
    assert pool == here and on_ray == here  # the same puzzles, in the same order, byte for byte


@pytest.mark.slow
def test_a_puzzle_round_whose_worker_dies_is_mined_again_and_taken_once(local_cluster):
    from scheissekopf.puzzles import find_puzzles

    kw = dict(strong=80, weak=40, max_games=6)
    killed = []
    killer = threading.Thread(target=_kill_one_worker, args=("mine_round", killed))
    killer.start()
    on_ray = find_puzzles("schafkopf", 2, seed=3, cluster=local_cluster, **kw)
    killer.join()
    assert killed, "no worker was seen mining a round"
    here = find_puzzles("schafkopf", 2, seed=3, **kw)
    assert len(here) == 2
    assert [p.to_record() for p in on_ray] == [p.to_record() for p in here]


@pytest.mark.slow
def test_a_cluster_address_that_does_not_answer_is_refused_in_one_line_by_puzzles(tmp_path, capsys):
    out = tmp_path / "kept.jsonl"
    out.write_text("the puzzles of an earlier run\n", encoding="utf-8")
    assert cli.main([*PUZZLES, "--cluster", "127.0.0.1:1", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [err[0]] and err[0].startswith("puzzles: no Ray cluster answers at 127.0.0.1:1")
    assert out.read_text(encoding="utf-8") == "the puzzles of an earlier run\n"  # left as it was
