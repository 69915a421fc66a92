"""Where many games are played at once: worker processes on this machine, or a Ray cluster.

Tournaments and the puzzle search hand this module a list of tasks and a function that plays
one (a pure function of its task: a game is fixed by its seed and its number, see
:mod:`scheissekopf.tournament`; so is a round of puzzle mining, :func:`scheissekopf.puzzles.mine_round`),
and get the results back as the tasks finish. A caller that stops reading early (the puzzle
search, once it has enough) closes the iterator, and the tasks not finished are called off.
Three places can play them:

* this process (``jobs=1``, and in the browser, where there are no processes);
* a pool of worker processes on this machine (the default: one per core);
* a Ray cluster (``cluster="auto"`` starts one on this machine, ``cluster="HOST:PORT"`` joins a
  running one). Ray is an optional dependency: ``pip install "scheissekopf[ai]"``.

Because a game depends only on its task, it does not matter which worker plays it, in what
order the games finish, or whether a game is played twice: a worker that dies takes its game
with it, Ray plays that game again elsewhere, and the caller receives each task's result once.
A cluster that fails in the middle of a run (a node lost, its raylet gone, a worker that
dies again and again) raises :class:`ClusterLost`, one line saying what the cluster reported;
the results already handed over are the caller's to keep (a tournament's log can be resumed).
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# How often a game whose worker died is played again before the run gives up on it. Ray retries
# a task itself after a worker's death; this counts the further attempts made here.
RETRIES = 3


class ClusterUnavailable(RuntimeError):
    """The cluster asked for cannot be used: Ray is not installed, or nothing answers at the
    address given. The message says which, in one line."""


class ClusterLost(ClusterUnavailable):
    """The cluster failed during the run: a node or its raylet was lost, or a worker died on
    the same task more than :data:`RETRIES` times. The cluster's fault, not the game's: the
    message says what Ray reported, in one line; the results yielded before it stand."""


def _lost(err: BaseException, what: str = "") -> ClusterLost:
    """The :class:`ClusterLost` of a Ray error: its kind and the first line of its message."""
    words = next((line.strip() for line in str(err).splitlines() if line.strip()), "")
    if len(words) > 160:
        words = words[:157] + "..."
    said = f"{type(err).__name__}: {words}" if words else type(err).__name__
    return ClusterLost(f"the Ray cluster failed during the run{what} ({said})")


def run_tasks(
    fn: Callable[[T], R], tasks: Iterable[T], *, jobs: int | None = None, cluster: str | None = None
) -> Iterator[R]:
    """``fn(task)`` for every task, yielded as each finishes (not in task order).

    ``cluster``: None plays on this machine (``jobs`` worker processes, default every core; 1
    plays here), ``"auto"`` on a Ray cluster started on this machine for the run (``jobs`` CPUs,
    default every core), an address (``"HOST:PORT"``, or ``"ray://HOST:PORT"``) on a running
    Ray cluster. Raises :class:`ClusterUnavailable` before any game is played when the cluster
    cannot be used.
    """
    tasks = list(tasks)
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise ValueError(f"jobs is a number of worker processes, 1 or more (None: every core), not {jobs!r}")
    if cluster is not None:
        return _ray_tasks(fn, tasks, cluster, jobs)
    jobs = jobs or os.cpu_count() or 1
    if jobs > 1 and sys.platform == "emscripten":  # Pyodide, in a browser: no processes
        print("tournament: no worker processes in the browser (Pyodide); playing the games here", file=sys.stderr)
        jobs = 1
    if jobs == 1 or len(tasks) <= 1:
        return (fn(t) for t in tasks)
    return _pool_tasks(fn, tasks, jobs)


def _pool_tasks(fn, tasks, jobs):
    import multiprocessing as mp

    with mp.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap_unordered(fn, tasks, chunksize=1)


# ------------------------------------------------------------------------------ Ray
def _import_ray():
    try:
        import ray
    except ModuleNotFoundError:
        raise ClusterUnavailable(
            'playing on a cluster needs Ray: pip install "scheissekopf[ai]" (or pip install ray)'
        ) from None
    return ray


def _check_address(address: str, timeout: float = 5.0) -> None:
    """Fail in one line when nothing listens at ``address`` (Ray itself would wait a long time)."""
    hostport = address.split("://", 1)[-1]
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit() or not port.isascii():
        raise ClusterUnavailable(f"a cluster address is HOST:PORT (or 'auto'), not {address!r}")
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise ClusterUnavailable(f"no Ray cluster answers at {hostport} ({reason.lower()})") from None


def connect(cluster: str, jobs: int | None = None) -> Any:
    """Start (``"auto"``) or join (an address) a Ray cluster for this process, once; returns
    the ``ray`` module. Raises :class:`ClusterUnavailable`."""
    ray = _import_ray()
    if cluster != "auto":
        _check_address(cluster)
    if ray.is_initialized():  # this process is connected already (a run before, or its own ray.init)
        return ray
    quiet = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if cluster == "auto":
        # on this machine only: every part of the cluster talks over the loopback address
        local = {"num_cpus": jobs or os.cpu_count() or 1, "_node_ip_address": "127.0.0.1", **quiet}
        try:
            ray.init(**local)
        except Exception as err:  # Ray waits 30 s for its own processes; a busy machine can take longer
            if "timed out during startup" not in str(err):
                raise
            ray.shutdown()
            try:
                ray.init(**local)
            except Exception as again:  # twice too slow: the machine's load, not a mistake of the run's
                if "timed out during startup" not in str(again):
                    raise
                ray.shutdown()
                raise ClusterUnavailable(
                    "the Ray cluster on this machine did not start within twice Ray's 30 s "
                    "(the machine is too busy: try again when it is quieter, or play without --cluster)"
                ) from None
    else:
        try:
            ray.init(address=cluster, **quiet)
        except (ConnectionError, TimeoutError, RuntimeError) as err:
            raise ClusterUnavailable(f"could not join the Ray cluster at {cluster}: {err}") from None
    return ray


def _ray_tasks(fn, tasks, cluster, jobs):
    ray = connect(cluster, jobs)  # before the generator: a bad address fails at the call
    return _ray_results(ray, fn, tasks)


def _ray_results(ray, fn, tasks):
    # max_retries: Ray plays a task again when the process playing it dies (a crash, a kill,
    # a lost node); an exception raised by the game itself is a bug and is not retried.
    errors = ray.exceptions
    remote = ray.remote(max_retries=RETRIES)(fn)
    lost = (errors.WorkerCrashedError, errors.NodeDiedError, errors.ObjectLostError)
    # what the cluster itself can fail with (a RayTaskError is the game's own exception: a bug)
    failed = (errors.RayError, ConnectionError)
    pending: dict = {}
    try:
        try:
            for t in tasks:
                pending[remote.remote(t)] = (t, 0)
        except failed as err:
            raise _lost(err) from None
        while pending:
            try:
                done, _ = ray.wait(list(pending), num_returns=1)
            except failed as err:
                raise _lost(err) from None
            for ref in done:
                task, tries = pending.pop(ref)
                try:
                    result = ray.get(ref)
                except lost as err:
                    if tries >= RETRIES:
                        raise _lost(err, f": a worker died {tries + 1} times on the same task") from None
                    try:  # its worker died: play it again
                        pending[remote.remote(task)] = (task, tries + 1)
                    except failed as again:
                        raise _lost(again) from None
                    continue
                except errors.RayTaskError as err:
                    raise err.as_instanceof_cause() from None
                except failed as err:  # LocalRayletDiedError, RaySystemError, OutOfMemoryError...
                    raise _lost(err) from None
                yield result
    finally:  # the caller stopped early (enough puzzles, an interruption, an error): call off the rest
        for ref in pending:
            try:
                ray.cancel(ref)
            except Exception:  # noqa: BLE001 (a cluster that is gone cannot call anything off; the run is over)
                pass
