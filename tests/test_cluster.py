"""Tournaments on a Ray cluster: the same games as on worker processes, each game once even when
a worker dies, and a cluster that cannot be used is refused in one line before any game.

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


def _ray_workers_playing():
    """Process ids of the workers playing a game right now (Ray names them after the task)."""
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if cmd.startswith(b"ray::play_game"):
            pids.append(int(pid))
    return pids


def test_a_game_whose_worker_dies_is_played_again_and_counted_once(local_cluster):
    bots = ["ismcts", "random"]
    options = {"ismcts": {"iterations": 40}}
    killed = []

    def kill_one():
        deadline = time.monotonic() + 120
        while not killed and time.monotonic() < deadline:
            pids = _ray_workers_playing()
            if pids:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])
            time.sleep(0.05)

    killer = threading.Thread(target=kill_one)
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
    assert log.read_text() == ""  # no game played, no header written


def test_a_cluster_address_is_host_and_port():
    with pytest.raises(ClusterUnavailable, match=r"a cluster address is HOST:PORT \(or 'auto'\), not 'here'"):
        run_tasks(tournament.play_game, [], cluster="here")


def test_without_ray_the_cluster_option_names_the_extra(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(ClusterUnavailable, match=r'pip install "scheissekopf\[ai\]"'):
        run_tasks(tournament.play_game, [], cluster="auto")
