"""Tournaments between bots: who is the Scheißkopf how often.

``python -m scheissekopf tournament --variant bitenight --bots ismcts,greedy,greedy,random
--games 400 --seed 1`` plays 400 rounds. The bots sit in the order given, rotated one seat per
game: game k deals deal ``k // n`` and seats bot i at seat ``(i + k) % n``, so every deal is
played once from every seat and every bot plays every seat equally often.

Each game is a pure function of ``(seed, k)``: its deal, and the random generator handed to the
bots. Bots with a fixed amount of work (``--iterations``) therefore give the same result on
every machine and with any number of processes; a time budget (``--budget``, CPU seconds of the
worker process per decision) depends on the machine's speed.

Figures per distinct bot name (a name sitting at several seats counts every seat-game):
the Scheißkopf rate with its 95% Wilson interval, and in bitenight the mean points with a 95%
normal interval. Rounds ended by the stalemate rule are counted by the bots that were still
playing when it struck (the pairing that went round in circles).

The trick-taking games (``sheepshead``, ``schafkopf``, ``mehrkopf``) have no Scheißkopf: there a
hand "lost" is a hand whose settlement (:meth:`TrickGame.scores`, in game units, zero-sum) was
negative for the bot's seat, so ``loss_rate`` is the share of hands that cost the bot money
(Wilson interval) and ``avg_points`` is the bot's mean settlement per hand (normal interval).
A hand thrown in, or sat out by the sheepshead dealer at six, settles 0 and counts as not lost.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter

from .bots import Stalled, get, play_round
from .cluster import run_tasks
from .errors import IllegalMove
from .progress import progress_bar
from .variants import new_game, variant_names
from .variants import variant as _variant_of

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95):
    """The Wilson score interval for k successes in n trials (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # at k = 0 (k = n) the bound is exactly 0 (1); rounding would leave it a hair off, and
    # outside the observed rate
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


def mean_ci(values, z: float = Z95):
    """(mean, (lo, hi)): the normal-approximation interval of the mean."""
    n = len(values)
    if n == 0:
        return None, (None, None)
    m = sum(values) / n
    if n < 2:
        return m, (m, m)
    var = sum((x - m) ** 2 for x in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return m, (m - half, m + half)


def table_sizes(variant):
    """``(fewest, most)`` players of ``variant``."""
    return _variant_of(variant).table_sizes()


def game_seed(seed: int, deal: int) -> int:
    return (seed * 1_000_003 + deal) & 0xFFFFFFFF


def _make_bot(spec, options):
    name = spec if isinstance(spec, str) else spec[0]
    opts = dict(options.get(name, {}))
    if not isinstance(spec, str):
        opts.update(spec[1])
    base = name.split("#")[0]
    return get(base, **opts)


def play_game(task):
    """Play game k of a tournament. ``task`` = (variant, bots, k, seed, options). Returns a dict:
    ``deal`` (the deal's seed), ``seating`` (seat -> lineup index), ``lost`` (per bot in lineup
    order, True for the Scheißkopf), ``points`` (per bot, or None),
    ``stalemate`` and ``cycle`` (the lineup indices still in when a stalemate ended the round),
    ``moves``, ``seconds`` and ``played`` (every move's text in order: with ``deal`` it rebuilds
    the game, see :func:`replay`)."""
    variant, specs, k, seed, options = task
    n = len(specs)
    deal, rot = divmod(k, n)
    at_seat = [(s - rot) % n for s in range(n)]  # seat -> lineup index
    g = new_game(variant, n, seed=game_seed(seed, deal))
    bots = [_make_bot(specs[i], options) for i in at_seat]
    rng = random.Random(f"scheissekopf-tournament:{seed}:{k}")
    t0 = time.process_time()
    try:
        moves = play_round(g, bots, rng)
    except Stalled as exc:
        label = _label(specs[at_seat[exc.seat]]) if exc.seat is not None else "one of the bots"
        raise Stalled(
            f"game {k} (deal seed {game_seed(seed, deal)}) did not end: the bot {label!r} at P{exc.seat} "
            f"kept it going ({exc})",
            exc.seat,
        ) from None
    secs = time.process_time() - t0
    seat_of = {i: s for s, i in enumerate(at_seat)}
    out = _variant_of(variant).outcome(g)
    return {
        "k": k,
        "deal": game_seed(seed, deal),
        "seating": at_seat,
        "lost": [out.lost[seat_of[i]] for i in range(n)],
        "points": None if out.points is None else [out.points[seat_of[i]] for i in range(n)],
        "stalemate": out.stalemate,
        "cycle": sorted(at_seat[s] for s in out.cycle),
        "moves": moves,
        "seconds": secs,
        "played": [str(m) for m in g.history],
    }


def replay(header, game):
    """The game a log line records, rebuilt move by move: ``header`` and ``game`` as
    :func:`read_log` returns them. The deal comes from ``game["deal"]`` and the moves from
    ``game["played"]``, so a game the bots played on a time budget (which a rerun would play
    differently) can be looked at again, position by position (``undo``). A line written before
    logs kept the moves raises ValueError, as does a move the deal does not allow."""
    played = game.get("played")
    if not isinstance(played, list):
        raise ValueError(f"game {game.get('k')} of this log was written without its moves: it cannot be rebuilt")
    g = new_game(header["variant"], len(header["bots"]), seed=game["deal"])
    for i, text in enumerate(played):
        try:
            g.play(text)
        except IllegalMove as exc:
            raise ValueError(f"game {game.get('k')}: move {i + 1} ({text}) is not legal in that game: {exc}") from None
    return g


def _check_bot(bot, label):
    """Refuse a time budget that would never run out (or is none at all): infinite, NaN, 0 or less."""
    budget = getattr(bot, "budget", None)
    if budget is not None and not (isinstance(budget, (int, float)) and math.isfinite(budget) and budget > 0):
        raise ValueError(f"the bot {label!r}: a time budget is a number of seconds above 0, not {budget!r}")


def _label(spec):
    return spec if isinstance(spec, str) else spec[0]


def run(
    variant,
    bots,
    games,
    seed=1,
    *,
    jobs=None,
    cluster=None,
    options=None,
    progress=None,
    on_game=None,
    log_header=None,
    done=(),
):
    """Play a tournament; return its summary (see :func:`summarize`).

    ``bots``: one entry per seat, a name (``"greedy"``) or ``(label, {constructor options})``
    where the label is a bot name, optionally with ``#tag`` to tell variations apart
    (``("ismcts#c1", {"c": 1.0})``). ``options``: {bot name: constructor options} for every bot
    of that name (e.g. ``{"ismcts": {"budget": 0.2}}``). ``jobs``: worker processes (default:
    every core; 1 plays in this process). ``cluster``: ``"auto"`` or a Ray cluster's address to
    play the games there instead (:mod:`scheissekopf.cluster`; the same games, the same
    results). ``on_game(result)`` is called as each game ends;
    ``log_header(header)`` once before the first game, with what :func:`load_log` needs.
    ``done``: results of games already played (from :func:`read_log` of a run cut short); those
    games are not played again and count in the summary.
    """
    lo, hi = table_sizes(variant)
    n = len(bots)
    if not lo <= n <= hi:
        raise ValueError(f"{variant} is played by {lo} to {hi} players, not {n}")
    if games < 1:
        raise ValueError("a tournament needs at least one game")
    for spec in bots:
        _check_bot(_make_bot(spec, options or {}), _label(spec))  # unknown names fail here, before any work
    options = options or {}
    results = sorted((r for r in done if 0 <= r["k"] < games), key=lambda r: r["k"])
    have = {r["k"] for r in results}
    tasks = [(variant, list(bots), k, seed, options) for k in range(games) if k not in have]
    t0 = time.perf_counter()
    games_run = run_tasks(play_game, tasks, jobs=jobs, cluster=cluster)  # a cluster that fails, fails here
    if log_header:
        log_header(
            {
                "tournament": {
                    "variant": variant,
                    "bots": [_label(b) for b in bots],
                    "games": games,
                    "seed": seed,
                    "options": options,
                }
            }
        )
    bar = progress_bar(len(tasks), True if progress is None else progress)
    try:
        for r in games_run:
            results.append(r)
            bar.update()
            if on_game:
                on_game(r)
    finally:
        bar.close()
        close = getattr(games_run, "close", None)
        if close:  # stopped by an error or an interruption: the games still being played are called off
            close()
    results.sort(key=lambda r: r["k"])
    return summarize(variant, bots, results, seed=seed, seconds=time.perf_counter() - t0, options=options)


def summarize(variant, bots, results, seed=None, seconds=None, options=None):
    """Per distinct bot label: games, losses, loss rate with Wilson 95% interval, mean points
    with a 95% interval (bitenight); plus stalemates by pairing."""
    labels = [_label(b) for b in bots]
    per = {}
    for i, name in enumerate(labels):
        d = per.setdefault(name, {"games": 0, "losses": 0, "points": []})
        for r in results:
            d["games"] += 1
            d["losses"] += r["lost"][i]
            if r["points"] is not None:
                d["points"].append(r["points"][i])
    out = {}
    for name, d in per.items():
        lo, hi = wilson(d["losses"], d["games"])
        avg, (plo, phi) = mean_ci(d["points"]) if d["points"] else (None, (None, None))
        out[name] = {
            "games": d["games"],
            "losses": d["losses"],
            # a log that holds only its first line has no game yet: no rate to give
            "loss_rate": d["losses"] / d["games"] if d["games"] else None,
            "ci95": [lo, hi],
            "avg_points": avg,
            "points_ci95": None if avg is None else [plo, phi],
        }
    pairs = Counter()
    for r in results:
        if r["stalemate"]:
            pairs[" vs ".join(sorted(labels[i] for i in r["cycle"]))] += 1
    return {
        "variant": variant,
        "bots": labels,
        "games": len(results),
        "seed": seed,
        "seconds": seconds,
        "options": options or {},
        "bot_stats": out,
        "stalemates": sum(r["stalemate"] for r in results),
        "stalemates_by_pairing": dict(sorted(pairs.items())),
        "moves_mean": sum(r["moves"] for r in results) / len(results) if results else 0,
        "cpu_seconds_mean": sum(r["seconds"] for r in results) / len(results) if results else 0,
    }


def to_json(summary) -> dict:
    """The JSON shape: ``{"<bot>": {"games", "loss_rate", "ci95", "avg_points"}}`` plus, for the
    shedding games, ``"_stalemates": {"total": k, "<bot> vs <bot>": k, ...}``. In the trick-taking
    games ``loss_rate`` is the share of hands with a negative settlement and ``avg_points`` the
    mean settlement per hand (game units)."""
    out = {}
    for name, d in summary["bot_stats"].items():
        out[name] = {"games": d["games"], "loss_rate": d["loss_rate"], "ci95": d["ci95"], "avg_points": d["avg_points"]}
    if summary.get("variant") is None or _variant_of(summary["variant"]).can_stalemate:
        out["_stalemates"] = {"total": summary["stalemates"], **summary["stalemates_by_pairing"]}
    return out


def write_log_line(fh, record):
    import json

    fh.write(json.dumps(record) + "\n")
    fh.flush()


def load_log(path):
    """The summary of the games logged in ``path`` by ``--log`` (complete or not). A file that
    is no tournament log, or holds no finished game yet, raises ValueError saying so."""
    header, results = read_log(path)
    if not results:
        raise ValueError(f"{path} holds no finished game yet: there is nothing to summarize")
    return summarize(header["variant"], header["bots"], results, seed=header["seed"], options=header.get("options"))


def read_log(path):
    """``(header, results)`` of a ``--log`` file: the run's settings and its finished games
    (each game once, in game order). A line cut short (an interrupted run) is skipped; any other
    line that is not the header or a game of that run raises ValueError naming the line."""
    import json

    header, results = None, []
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by an interrupted run
            except (RecursionError, ValueError):
                raise ValueError(f"{path}, line {number}: not a line of a tournament log") from None
            if isinstance(rec, dict) and "tournament" in rec:
                header = _checked_header(rec["tournament"], f"{path}, line {number}")
            elif header is not None:
                results.append(_checked_game(rec, len(header["bots"]), f"{path}, line {number}"))
    if header is None:
        raise ValueError(f"{path} is not a tournament log (no line names the tournament's settings)")
    results = sorted({r["k"]: r for r in results}.values(), key=lambda r: r["k"])
    return header, results


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _checked_header(h, where):
    """A log's header, if it is one (what :func:`load_log` and ``--resume`` read of it)."""
    ok = (
        isinstance(h, dict)
        and h.get("variant") in variant_names()
        and isinstance(h.get("bots"), list)
        and all(isinstance(b, str) for b in h["bots"])
        and _is_int(h.get("games"))
        and _is_int(h.get("seed"))
        and isinstance(h.get("options", {}), dict)
    )
    if ok:
        lo, hi = table_sizes(h["variant"])
        ok = lo <= len(h["bots"]) <= hi
    if not ok:
        raise ValueError(f"{where}: the tournament's settings are not readable (variant, bots, games, seed)")
    return h


def _checked_game(r, n, where):
    """A logged game of an ``n``-bot run, if it is one (the fields :func:`summarize` reads)."""
    ok = (
        isinstance(r, dict)
        and _is_int(r.get("k"))
        and r["k"] >= 0
        and isinstance(r.get("lost"), list)
        and len(r["lost"]) == n
        and all(isinstance(x, bool) for x in r["lost"])
        and (r.get("points") is None or (isinstance(r["points"], list) and len(r["points"]) == n))
        and all(_is_number(x) for x in r.get("points") or ())
        and isinstance(r.get("stalemate"), bool)
        and isinstance(r.get("cycle"), list)
        and all(_is_int(i) and 0 <= i < n for i in r["cycle"])
        and _is_number(r.get("moves"))
        and _is_number(r.get("seconds"))
    )
    if not ok:
        raise ValueError(f"{where}: not a game of this tournament")
    return r


def report(summary) -> str:
    """The summary as a readable table."""
    s = summary
    n = len(s["bots"])
    lines = [
        f"{s['variant']}, {n} players: {', '.join(s['bots'])} "
        f"(rotated every game), {s['games']} games, seed {s['seed']}"
    ]
    opts = s.get("options") or {}
    for name, o in sorted(opts.items()):
        if o:
            lines.append("  " + name + ": " + ", ".join(f"{k}={v}" for k, v in sorted(o.items())))
    has_points = any(d["avg_points"] is not None for d in s["bot_stats"].values())
    of = _variant_of(s["variant"])
    head = f"  {'bot':<14} {'seat-games':>10} {of.loss_words:>10}   {'95% CI (Wilson)':<17}"
    if has_points:
        head += f" {of.points_words:>10}   95% CI"
    lines.append(head)
    for name, d in s["bot_stats"].items():
        lo, hi = d["ci95"]
        if d["loss_rate"] is None:
            lines.append(f"  {name:<14} {d['games']:>10}   no game finished yet")
            continue
        row = f"  {name:<14} {d['games']:>10} {d['loss_rate']:>10.1%}   [{lo:5.1%}, {hi:5.1%}]  "
        if d["avg_points"] is not None:
            plo, phi = d["points_ci95"]
            if of.points_signed:
                row += f" {d['avg_points']:>+10.2f}   [{plo:+.2f}, {phi:+.2f}]"
            else:
                row += f" {d['avg_points']:>10.1f}   [{plo:.1f}, {phi:.1f}]"
        lines.append(row)
    if of.result_note:
        lines.append("  " + of.result_note)
    if of.can_stalemate:
        pairs = s["stalemates_by_pairing"]
        detail = ", ".join(f"{k}: {v}" for k, v in pairs.items())
        lines.append(
            f"  ended by stalemate: {s['stalemates']} of {s['games']} games"
            + (f" (still playing: {detail})" if detail else "")
        )
    if s.get("seconds") is not None:
        lines.append(
            f"  {s['moves_mean']:.0f} moves per game; {s['cpu_seconds_mean']:.2f} CPU s per game; "
            f"{s['seconds']:.0f} s wall in all"
        )
    return "\n".join(lines)
