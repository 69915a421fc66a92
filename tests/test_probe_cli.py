"""The command line, probed where a user's machine or a cluster lets it down: a file that cannot
be written is the user's problem (one line, status 2, no traceback); a number that never ends a
search (inf, NaN) is refused like a negative one; nothing is written, truncated or replaced
before every check has passed; a cluster that fails in the middle of a run ends it in one line,
the games logged so far kept for ``--resume``."""

from __future__ import annotations

import errno
import json
import os

import pytest

from scheissekopf import cli, cluster, tournament
from scheissekopf.cli import main
from scheissekopf.cluster import ClusterLost, run_tasks
from scheissekopf.puzzles import find_puzzles

DEV_FULL = "/dev/full"
needs_dev_full = pytest.mark.skipif(not os.path.exists(DEV_FULL), reason="no /dev/full on this system")

PALACE = ["tournament", "--variant", "palace", "--bots", "greedy,random", "--seed", "3"]
MINE = ["puzzles", "--variant", "palace", "--players", "2", "--strong", "20", "--weak", "10", "--margin", "0"]
PUZZLES = [*MINE, "--count", "1", "--max-games", "2", "--quiet", "--jobs", "1"]


def refused_in_one_line(capsys, argv, *says):
    """``main(argv)`` exits with 2, one line on stderr holding every ``says``, no traceback."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and cli.BUG_REPORT not in err
    for words in says:
        assert words in lines[0], lines[0]
    return lines[0]


def refused_by_the_options(capsys, argv, *says):
    """argparse's refusal: status 2, the usage and one error line, no traceback."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for words in says:
        assert words in err.splitlines()[-1], err


def _games(results):
    """The games without their CPU time (which depends on the machine and the moment)."""
    return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in results), key=lambda r: r["k"])


# ------------------------------------------------------------------ files that cannot be written


@needs_dev_full
@pytest.mark.parametrize("path, problem", [(DEV_FULL, "No space left on device"), ("/proc/version", None)])
def test_a_log_that_cannot_be_written_is_the_users_problem_in_one_line(capsys, path, problem):
    if path == "/proc/version" and not os.path.exists(path):
        pytest.skip("no /proc/version")
    line = refused_in_one_line(capsys, [*PALACE, "--games", "2", "--jobs", "1", "--log", path], f"the log {path}")
    assert line.startswith(f"cannot write the log {path}: ")
    if problem:
        assert problem in line


@needs_dev_full
def test_puzzles_that_cannot_be_written_are_the_users_problem_in_one_line(capsys):
    refused_in_one_line(capsys, [*PUZZLES, "--out", DEV_FULL], f"cannot write the puzzles to {DEV_FULL}", "No space")


class _Full:
    """A standard output on a full disk."""

    def write(self, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "2"],
        ["simulate", "--games", "2", "--json"],
        [*PALACE, "--games", "2", "--jobs", "1", "--json"],
        PUZZLES,
    ],
)
def test_standard_output_that_cannot_be_written_is_the_users_problem_in_one_line(monkeypatch, capsys, argv):
    monkeypatch.setattr("sys.stdout", _Full())
    refused_in_one_line(capsys, argv, "cannot write standard output: No space left on device")


@pytest.mark.parametrize(
    "make, says",
    [
        ("folder", "Is a directory (a folder, not a file)"),
        ("no folder", "No such file or directory (there is no folder"),
    ],
)
def test_a_log_path_that_cannot_be_a_file_is_refused_before_any_game(tmp_path, capsys, monkeypatch, make, says):
    played = []
    monkeypatch.setattr(tournament, "play_game", lambda task: played.append(task))
    path = tmp_path / "logs"
    if make == "folder":
        path.mkdir()
    else:
        path = path / "run.jsonl"
    refused_in_one_line(capsys, [*PALACE, "--games", "2", "--jobs", "1", "--log", str(path)], says)
    assert played == []


# ------------------------------------------------------------------ numbers that never end a search


@pytest.mark.parametrize("value", ["inf", "nan", "-inf", "0", "-1"])
def test_a_time_budget_that_is_not_a_finite_number_above_zero_is_refused(capsys, value):
    refused_by_the_options(
        capsys, [*PALACE, "--bots", "ismcts,random", "--games", "1", f"--budget={value}"], "--budget"
    )


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 0.0])
def test_a_tournament_refuses_a_time_budget_that_never_runs_out(value):
    with pytest.raises(ValueError, match="time budget"):
        tournament.run("palace", ["ismcts", "random"], 1, options={"ismcts": {"budget": value}}, jobs=1)


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_a_puzzle_margin_that_is_not_a_finite_number_from_zero_is_refused(capsys, value):
    refused_by_the_options(capsys, [*PUZZLES, f"--margin={value}"], "--margin")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -0.5])
def test_find_puzzles_refuses_a_margin_that_is_not_a_finite_number_from_zero(value):
    with pytest.raises(ValueError, match="margin"):
        find_puzzles("palace", 1, 1, players=2, strong=5, weak=3, margin=value, max_games=1)


@pytest.mark.parametrize("command", [PALACE + ["--games", "1"], PUZZLES])
@pytest.mark.parametrize("value", ["inf", "nan"])
def test_an_exploration_constant_that_is_not_finite_is_refused(capsys, command, value):
    refused_by_the_options(capsys, [*command, f"--c={value}"], "--c")


@pytest.mark.parametrize("command", [PALACE + ["--games", "1"], PUZZLES])
@pytest.mark.parametrize("value", ["0", "-2"])
def test_jobs_below_one_are_refused(capsys, command, value):
    refused_by_the_options(capsys, [*command, f"--jobs={value}"], "--jobs")


@pytest.mark.parametrize("jobs", [0, -2])
def test_worker_processes_below_one_are_refused_by_the_api_too(jobs):
    with pytest.raises(ValueError, match="jobs is a number of worker processes"):
        run_tasks(abs, [1, 2], jobs=jobs)
    with pytest.raises(ValueError, match="jobs"):
        tournament.run("palace", ["random", "random"], 2, jobs=jobs, progress=False)


# ------------------------------------------------------------------ nothing written before every check


EARLIER = '{"an earlier log": "kept byte for byte"}\n'


@pytest.mark.parametrize("address", ["127.0.0.1:1", "here"])
def test_a_refused_cluster_run_leaves_an_earlier_log_as_it_was(tmp_path, capsys, address):
    log = tmp_path / "games.jsonl"
    log.write_text(EARLIER, encoding="utf-8")
    refused_in_one_line(capsys, [*PALACE, "--games", "2", "--cluster", address, "--log", str(log)], "tournament: ")
    assert log.read_text(encoding="utf-8") == EARLIER


def test_a_refused_cluster_run_makes_no_log_file(tmp_path, capsys):
    log = tmp_path / "new.jsonl"
    refused_in_one_line(
        capsys, [*PALACE, "--games", "2", "--cluster", "127.0.0.1:1", "--log", str(log)], "tournament: "
    )
    assert not log.exists()


def test_puzzles_refused_for_an_unwritable_file_leave_nothing_mined(tmp_path, capsys, monkeypatch):
    mined = []
    monkeypatch.setattr("scheissekopf.puzzles.mine_round", lambda *a, **k: mined.append(a))
    refused_in_one_line(capsys, [*PUZZLES, "--out", str(tmp_path)], "Is a directory")
    assert mined == []


# ------------------------------------------------------------------ a cluster lost during the run


class _Ref:
    def __init__(self, fn, task):
        self.fn, self.task = fn, task


class _FakeRay:
    """Just enough of Ray for :func:`scheissekopf.cluster._ray_results`: each task runs here when
    its result is asked for, in the order given; the ``fail_at``-th result asked for raises
    ``error`` instead (as when the node playing it is lost)."""

    def __init__(self, fail_at=None, error=None):
        import ray.exceptions

        self.exceptions = ray.exceptions
        self.fail_at, self.error = fail_at, error
        self.asked = 0
        self.cancelled = []

    def remote(self, **_options):
        class _Remote:
            def __init__(self, fn):
                self.fn = fn

            def remote(self, task):
                return _Ref(self.fn, task)

        return _Remote

    def wait(self, refs, num_returns=1):
        return refs[:num_returns], refs[num_returns:]

    def get(self, ref):
        self.asked += 1
        if self.fail_at is not None and self.asked >= self.fail_at:
            raise self.error
        return ref.fn(ref.task)

    def cancel(self, ref):
        self.cancelled.append(ref)


def _lost_node():
    ray = pytest.importorskip("ray")
    return ray.exceptions.LocalRayletDiedError()


def test_a_lost_node_raises_cluster_lost_in_one_line_and_calls_off_the_rest():
    fake = _FakeRay(fail_at=3, error=_lost_node())
    got = []
    with pytest.raises(ClusterLost) as lost:
        for r in cluster._ray_results(fake, lambda t: t * 10, [1, 2, 3, 4, 5]):
            got.append(r)
    assert got == [10, 20]
    message = str(lost.value)
    assert "\n" not in message and "LocalRayletDiedError" in message
    assert message.startswith("the Ray cluster failed during the run")
    assert len(fake.cancelled) == 2  # the tasks never asked for


def test_a_games_own_exception_on_the_cluster_is_still_a_bug_not_a_lost_cluster():
    ray = pytest.importorskip("ray")

    def boom(task):
        raise KeyError("a bug in the game")

    error = ray.exceptions.RayTaskError("boom", "Traceback ...", KeyError("a bug in the game"))
    fake = _FakeRay(fail_at=1, error=error)
    with pytest.raises(KeyError) as bug:
        list(cluster._ray_results(fake, boom, [1]))
    assert not isinstance(bug.value, ClusterLost)


def test_a_lost_node_ends_the_run_in_one_line_and_resume_finishes_it(tmp_path, capsys, monkeypatch):
    argv = [*PALACE, "--games", "6", "--json"]
    whole = tmp_path / "whole.jsonl"
    assert main([*argv, "--jobs", "1", "--log", str(whole)]) == 0
    capsys.readouterr()

    log = tmp_path / "cut.jsonl"
    fake = _FakeRay(fail_at=4, error=_lost_node())
    monkeypatch.setattr(cluster, "connect", lambda address, jobs=None: fake)
    line = refused_in_one_line(
        capsys, [*argv, "--cluster", "10.0.0.7:6379", "--log", str(log)], "LocalRayletDiedError", "--resume"
    )
    assert line.startswith("tournament: the Ray cluster failed during the run")
    assert f"the log {log} keeps 3 finished games" in line
    header, kept = tournament.read_log(log)
    assert [r["k"] for r in kept] == [0, 1, 2]

    monkeypatch.undo()
    assert main([*argv, "--jobs", "1", "--log", str(log), "--resume"]) == 0
    assert _games(tournament.read_log(log)[1]) == _games(tournament.read_log(whole)[1])
    assert tournament.read_log(log)[0] == tournament.read_log(whole)[0]


def test_a_lost_node_without_a_log_says_that_nothing_was_kept(capsys, monkeypatch):
    monkeypatch.setattr(cluster, "connect", lambda address, jobs=None: _FakeRay(fail_at=2, error=_lost_node()))
    refused_in_one_line(capsys, [*PALACE, "--games", "4", "--cluster", "auto"], "no game was logged", "--log FILE")


def test_a_lost_node_ends_a_puzzle_search_in_one_line_keeping_the_puzzles_found(tmp_path, capsys, monkeypatch):
    out = tmp_path / "found.jsonl"
    argv = [*MINE, "--count", "5", "--max-games", "6", "--quiet", "--jobs", "2", "--out", str(out)]
    here = tmp_path / "here.jsonl"
    assert main([*argv[:-1], str(here)]) == 0
    capsys.readouterr()
    first = here.read_text(encoding="utf-8").splitlines()
    assert first, "the seed must give at least one puzzle in the first rounds"
    fake = _FakeRay(fail_at=3, error=_lost_node())
    monkeypatch.setattr(cluster, "connect", lambda address, jobs=None: fake)
    line = refused_in_one_line(capsys, [*argv, "--cluster", "auto"], "puzzles: the Ray cluster failed", str(out))
    kept = out.read_text(encoding="utf-8").splitlines()
    assert kept == first[: len(kept)]
    assert ("no puzzle" if not kept else f"{len(kept)} puzzle") in line
    assert all(json.loads(k)["variant"] == "palace" for k in kept)


class _SlowRay:
    """A Ray whose local cluster never starts in time (a machine too busy)."""

    def __init__(self):
        self.inits = 0

    def is_initialized(self):
        return False

    def init(self, **_options):
        self.inits += 1
        raise Exception("The current node timed out during startup. This could happen because ...")

    def shutdown(self):
        pass


def test_a_local_cluster_too_slow_to_start_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    slow = _SlowRay()
    monkeypatch.setattr(cluster, "_import_ray", lambda: slow)
    log = tmp_path / "games.jsonl"
    log.write_text(EARLIER, encoding="utf-8")
    line = refused_in_one_line(
        capsys, [*PALACE, "--games", "2", "--cluster", "auto", "--log", str(log)], "did not start", "too busy"
    )
    assert line.startswith("tournament: ") and slow.inits == 2
    assert log.read_text(encoding="utf-8") == EARLIER
