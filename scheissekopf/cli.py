"""Command line: ``python -m scheissekopf simulate ...``, ``python -m scheissekopf show ...``,
``python -m scheissekopf tournament ...`` and ``python -m scheissekopf puzzles ...``."""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
import traceback
from typing import Any

from .errors import InvalidPosition
from .mcts import PLAYOUTS
from .progress import progress_bar
from .variants import Game, from_text, new_game, unknown_variant, variant_names, variant_objects
from .variants import variant as variant_of


class UsageError(Exception):
    """A mistake in what the command was given (a file that is missing, unreadable or not what it
    should be): :func:`main` prints the message as one line and exits with status 2."""


#: said after the traceback of an error that is no mistake of the user's
BUG_REPORT = (
    "This is a bug in scheissekopf, not a mistake in your command: please report it, with the command "
    "you ran and the lines above."
)


def _file_problem(exc: OSError) -> str:
    """What went wrong with a file, in words (``No such file or directory``...)."""
    return exc.strerror or type(exc).__name__


def _read_text(path: str) -> str:
    """The text of ``path`` (``-``: standard input), read as UTF-8; UsageError when it cannot be."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":  # the bytes, when there are any, so that a wrong encoding is caught here too
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            data = stream.read()
            return data.decode("utf-8") if isinstance(data, bytes) else data
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {_file_problem(exc)}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{name} is not a text file in UTF-8 (byte {exc.object[exc.start]:#04x} at position {exc.start}); "
            "a position file holds JSON or a one-line position text"
        ) from None


def _check_writable(path: str, what: str) -> None:
    """Refuse, before anything is played or written, a file that plainly cannot be written (a
    folder, a folder that does not exist, no permission), leaving whatever is there as it was.
    A file that fails only when written to (a full disk, ``/dev/full``) is reported by
    :class:`_Output` when it does."""
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path):
        raise UsageError(f"cannot write {what} {path}: Is a directory (a folder, not a file)")
    if not os.path.isdir(folder):
        raise UsageError(f"cannot write {what} {path}: No such file or directory (there is no folder {folder})")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise UsageError(f"cannot write {what} {path}: Permission denied")


class _Output:
    """A file the command writes line by line, opened when the first line is written (so that a
    run refused before then leaves the file as it was), each line flushed at once (a run cut
    short keeps every line written). A file that cannot be written (a full disk, a file that
    takes no writing) is the user's problem: :class:`UsageError`, one line.

    ``append``: add to the file (``--resume``), first ending a line that an interruption cut
    short; else the file is replaced at the first line. ``path`` None: standard output."""

    def __init__(self, path: str | None, what: str, append: bool = False) -> None:
        self.path, self.what, self.append = path, what, append
        self.fh: Any = None
        self.lines = 0

    def _problem(self, exc: OSError) -> UsageError:
        where = "standard output" if self.path is None else f"{self.what} {self.path}"
        return UsageError(f"cannot write {where}: {_file_problem(exc)}")

    def _open(self):
        if self.path is None:
            return sys.stdout
        if self.append:  # a line cut short by the interruption must not swallow the next one
            with open(self.path, "rb") as fh:
                cut = fh.seek(0, os.SEEK_END) and (fh.seek(-1, os.SEEK_END), fh.read(1))[1] != b"\n"
            fh = open(self.path, "a", encoding="utf-8")
            if cut:
                fh.write("\n")
            return fh
        return open(self.path, "w", encoding="utf-8")

    def start(self) -> None:
        """Open the file now (replacing what it held, unless ``append``)."""
        if self.fh is None:
            try:
                self.fh = self._open()
            except OSError as exc:
                raise self._problem(exc) from None

    def write(self, line: str) -> None:
        """Write ``line`` and a line end, and flush (opening the file at the first line)."""
        try:
            if self.fh is None:
                self.fh = self._open()
            self.fh.write(line + "\n")
            self.fh.flush()
        except BrokenPipeError:  # standard output read by a reader that stopped (`| head`): main's
            raise
        except OSError as exc:
            self._drop()
            raise self._problem(exc) from None
        self.lines += 1

    def _drop(self) -> None:
        fh, self.fh = self.fh, None
        if fh is not None and self.path is not None:
            try:
                fh.close()
            except OSError:  # what failed is said already
                pass

    def close(self) -> None:
        fh, self.fh = self.fh, None
        if fh is not None and self.path is not None:
            try:
                fh.close()
            except OSError as exc:
                raise self._problem(exc) from None


def _count(n: int, thing: str) -> str:
    """``"no puzzle"``, ``"1 puzzle"``, ``"3 puzzles"``."""
    return f"no {thing}" if n == 0 else f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _say(*lines: str) -> None:
    """Print ``lines`` on standard output; one that cannot be written is a UsageError."""
    out = _Output(None, "standard output")
    for line in lines:
        out.write(line)


def simulate(variant, players, games, seed, progress=None):
    """Play `games` random games; return a dict of figures (also used by the tests).

    What is counted is what the variant's outcome says: where a round has a loser (the shedding
    games) how often each seat is the Scheißkopf and how many rounds ended by stalemate; where a
    hand settles money between the seats (the trick-taking games) each seat's average
    settlement, and the tricks played."""
    v = variant_of(variant)
    settles = v.points_signed  # a settlement, won or lost: no one seat is the loser
    rng = random.Random(seed)
    losers = [0] * players
    settled = [0.0] * players
    lengths = []
    tricks = stalemates = 0
    bar = progress_bar(games, games >= 500 if progress is None else progress)
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    for k in range(games):
        g = new_game(variant, players, seed=seed * 1_000_003 + k)
        legal, play, choice = g.legal_moves, g.play, rng.choice
        moves = 0
        while g.phase != "over":
            play(choice(legal()))
            moves += 1
        lengths.append(moves)
        result = v.outcome(g)
        if settles:
            for s, x in enumerate(result.points or ()):
                settled[s] += x
        else:
            for s, lost in enumerate(result.lost):
                losers[s] += lost
        stalemates += result.stalemate
        tricks += v.tricks_played(g) or 0
        bar.update()
    bar.close()
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    total = sum(lengths)
    figures = {
        "variant": variant,
        "players": players,
        "games": games,
        "seed": seed,
        "seconds": wall,
        "cpu_seconds": cpu,
        "games_per_s": games / wall if wall else float("inf"),
        "moves_per_s": total / wall if wall else float("inf"),
        "moves_per_game_mean": total / games,
        "moves_per_game_median": statistics.median(lengths),
    }
    if v.tricks_played(g) is not None:
        figures["tricks_per_game_mean"] = tricks / games
        figures["us_per_trick"] = 1e6 * cpu / tricks if tricks else None
    if settles:
        figures["mean_settlement"] = [x / games for x in settled]
    else:
        figures["loser_rate"] = [x / games for x in losers]
    if v.can_stalemate:
        figures["stalemates"] = stalemates
    return figures


def _cmd_simulate(args):
    r = simulate(args.variant, args.players, args.games, args.seed, progress=False if args.json else None)
    if args.json:
        _say(json.dumps(r, indent=2))
        return 0
    _say(
        f"{r['games']} random {r['variant']} games, {r['players']} players, seed {r['seed']}",
        f"  {r['games_per_s']:,.0f} games/s, {r['moves_per_s']:,.0f} moves/s "
        f"({r['seconds']:.2f} s wall, {r['cpu_seconds']:.2f} s CPU)",
        f"  moves per game: mean {r['moves_per_game_mean']:.0f}, median {r['moves_per_game_median']:.0f}",
    )
    if "loser_rate" in r:
        _say(
            f"  rounds ended by stalemate: {r['stalemates']}",
            "  Scheißkopf by seat: " + ", ".join(f"P{s} {x:.1%}" for s, x in enumerate(r["loser_rate"])),
        )
    else:
        _say(
            f"  tricks per hand: {r['tricks_per_game_mean']:.1f}"
            + (f", {r['us_per_trick']:.0f} µs CPU per trick" if r["us_per_trick"] else ""),
            "  mean settlement by seat (game units): "
            + ", ".join(f"P{s} {x:+.2f}" for s, x in enumerate(r["mean_settlement"])),
        )
    return 0


def _cmd_show(args):
    """A position file holds JSON (``to_dict``) or the one-line position text (``to_text``);
    ``-`` reads standard input."""
    source = _read_text(args.position)
    try:
        if source.lstrip().startswith("{"):
            try:
                data = json.loads(source)
            except json.JSONDecodeError as exc:
                raise UsageError(f"{args.position} is not JSON: {exc}") from None
            except RecursionError:
                raise UsageError(f"{args.position}: the JSON is nested too deeply to be a position") from None
            except ValueError as exc:  # e.g. a number of more digits than Python reads
                raise UsageError(f"{args.position} is not JSON that can be read: {exc}") from None
            g = Game.from_dict(data)
        else:
            g = from_text(source.strip())
    except InvalidPosition as exc:
        raise UsageError(f"{args.position}: invalid position: {exc}") from None
    _say(str(g))
    if g.phase != "over" and args.moves:
        _say("legal moves: " + ", ".join(str(m) for m in g.legal_moves()))
    return 0


def _cmd_tournament(args):
    from . import tournament
    from .cluster import ClusterLost, ClusterUnavailable

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    options = {}
    if args.iterations is not None:
        options["ismcts"] = {"iterations": args.iterations}
    elif args.budget is not None:
        options["ismcts"] = {"budget": args.budget}
    if args.playout is not None:
        options.setdefault("ismcts", {})["playout"] = args.playout
    if args.mix is not None:
        options.setdefault("ismcts", {})["mix"] = args.mix
    if args.depth is not None:
        options.setdefault("ismcts", {})["depth"] = args.depth
    if args.epsilon is not None:
        options.setdefault("ismcts", {})["epsilon"] = args.epsilon
    if args.c is not None:
        options.setdefault("ismcts", {})["c"] = args.c
    if args.summarize:
        summary = _read_log(tournament.load_log, args.summarize)
    else:
        done = ()
        if args.resume:
            header, done = _read_log(tournament.read_log, args.log)
            wanted = {"variant": args.variant, "bots": bots, "games": args.games, "seed": args.seed, "options": options}
            differ = [k for k in wanted if header.get(k) != wanted[k]]
            if differ:
                raise UsageError(
                    f"--resume: {args.log} was written by a run with other settings "
                    f"({', '.join(differ)}); give the same options or a new log"
                )
        if args.log:
            _check_writable(args.log, "the log")
        # the log is opened at its first line, once the cluster (if any) has answered and just
        # before the first game: a run refused before then leaves an earlier log as it was
        log = _Output(args.log, "the log", append=args.resume) if args.log else None
        try:
            summary = tournament.run(
                args.variant,
                bots,
                args.games,
                args.seed,
                jobs=args.jobs,
                cluster=args.cluster,
                options=options,
                progress=not args.json,
                done=done,
                on_game=(lambda r: log.write(json.dumps(r))) if log else None,
                log_header=(lambda h: log.write(json.dumps(h))) if log and not args.resume else None,
            )
        except ClusterLost as err:
            if log and (log.lines or args.resume):
                played = len(done) + log.lines - (not args.resume)  # (the first line is the settings)
                kept = (
                    f"the log {args.log} keeps {_count(played, 'finished game')}: "
                    "run the same command with --resume to play the rest"
                )
            else:
                kept = "no game was logged (--log FILE keeps each game as it ends)"
            print(f"tournament: {err}; {kept}", file=sys.stderr)
            return 2
        except ClusterUnavailable as err:
            print(f"tournament: {err}", file=sys.stderr)
            return 2
        finally:
            if log:
                log.close()
    if args.json:
        _say(json.dumps(tournament.to_json(summary), indent=2))
    else:
        _say(tournament.report(summary))
    return 0


def _read_log(read, path):
    """``read(path)`` (:func:`~.tournament.read_log` or :func:`~.tournament.load_log`), with a
    file that cannot be read or is no tournament log reported as a UsageError."""
    try:
        return read(path)
    except OSError as exc:
        raise UsageError(f"cannot read the log {path}: {_file_problem(exc)}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not a tournament log: it is not a text file in UTF-8") from None
    except ValueError as exc:  # tournament.LogError and its like: the file is not a log
        raise UsageError(str(exc)) from None


def _cmd_puzzles(args):
    from .cluster import ClusterLost, ClusterUnavailable, connect
    from .progress import progress_bar
    from .puzzles import find_puzzles

    jobs = args.jobs or os.cpu_count() or 1
    if args.out:
        _check_writable(args.out, "the puzzles to")
    if args.cluster is not None:
        try:  # before the output file is opened: a cluster that does not answer leaves it as it was
            connect(args.cluster, jobs)
        except ClusterUnavailable as err:
            print(f"puzzles: {err}", file=sys.stderr)
            return 2
    bar = progress_bar(args.count, not args.quiet, unit="puzzle")
    games = [0]
    out = _Output(args.out, "the puzzles to")  # None: standard output
    out.start()  # every check passed, the cluster answered: the file is this run's now

    def tick(p):  # each puzzle is written as soon as it is found: a run cut short keeps them
        if p is None:
            games[0] += 1
            return
        out.write(json.dumps(p.to_record(), ensure_ascii=False))
        bar.update()

    t0, stats = time.perf_counter(), {}
    try:
        found = find_puzzles(
            args.variant,
            args.count,
            args.seed,
            strong=args.strong,
            weak=args.weak,
            margin=args.margin,
            players=args.players,
            max_games=args.max_games,
            progress=tick,
            jobs=jobs,
            cluster=args.cluster,
            stats=stats,
            depth=args.depth,
            epsilon=args.epsilon,
            c=args.c,
        )
    except ClusterLost as err:
        where = f" in {args.out}" if args.out else ""
        print(f"puzzles: {err}; {_count(out.lines, 'puzzle')} found, kept{where}", file=sys.stderr)
        return 2
    finally:
        bar.close()
        out.close()
    wall, cpu = time.perf_counter() - t0, stats["cpu_seconds"]
    summary = (
        f"{len(found)} {args.variant} puzzles from {games[0]} rounds (seed {args.seed}, strong {args.strong}, "
        f"weak {args.weak} playouts) in {wall:.0f} s wall, {cpu:.0f} s CPU"
    )
    if args.out:
        _say(summary)
    else:
        print(summary, file=sys.stderr)
    return 0


def _search_options(parser, who):
    """--depth, --epsilon and --c: the search's settings (None: the family's own)."""
    parser.add_argument(
        "--depth",
        type=int,
        default=None,
        help=f"{who}: how many decisions the tree holds, the searching seat's own included "
        "(default 0: no bound; 1: its own moves only)",
    )
    parser.add_argument(
        "--epsilon", type=float, default=None, help=f"{who}: the share of random moves in the playouts (default 0.05)"
    )
    parser.add_argument(
        "--c",
        type=float,
        default=None,
        help=f"{who}: the tree's exploration constant, how readily it tries a move that has scored less (default 0.7)",
    )


def _check_search_options(ap, args):
    if args.depth is not None and args.depth < 0:
        ap.error(f"--depth is a number of decisions, 0 or more (0: no bound), not {args.depth}")
    if args.epsilon is not None and not 0.0 <= args.epsilon <= 1.0:
        ap.error(f"--epsilon is a probability, from 0 to 1, not {args.epsilon}")
    if args.c is not None and not (math.isfinite(args.c) and args.c >= 0):
        ap.error(f"--c is the search tree's exploration constant, a number from 0 up, not {args.c}")


def main(argv=None):
    """Run the command line; returns the exit status. A mistake in the command or its files is
    reported in one line with status 2; anything else is a bug and shows its traceback."""
    try:
        return _main(argv)
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the output went to a reader that stopped reading (`... | head`)
        try:  # and Python's own flush at exit must not complain about it either
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 141
    except Exception:
        traceback.print_exc()
        print(BUG_REPORT, file=sys.stderr)
        return 1


def _players_help() -> str:
    """``--players``' help: each variant's own table size when none is given."""
    sizes = [(v.name, v.default_players) for v in variant_objects()]
    usual = statistics.mode(n for _, n in sizes)
    others = ", ".join(f"{name}: {n}" for name, n in sizes if n != usual)
    return f"default: {usual}" + (f" ({others})" if others else "")


def _main(argv):
    ap = argparse.ArgumentParser(
        prog="python -m scheissekopf", description="Scheisskopf family: simulate random games, show positions."
    )
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("simulate", help="play random games and report speed and who loses")
    s.add_argument("--variant", choices=variant_names(), default="bitenight")
    s.add_argument("--players", type=int, default=None, help=_players_help())
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--json", action="store_true", help="print the figures as JSON")
    s.set_defaults(func=_cmd_simulate)
    sh = sub.add_parser("show", help="print a position (JSON or position text) readably")
    sh.add_argument("position", help="a file holding a JSON position or a one-line position text ('-': standard input)")
    sh.add_argument("--moves", action="store_true", help="also list the legal moves")
    sh.set_defaults(func=_cmd_show)
    t = sub.add_parser(
        "tournament",
        help="let bots play each other and report who loses how often",
        description="Bots play rounds, rotated one seat per game so that every bot "
        "plays every seat; prints each bot's Scheisskopf rate with a 95% "
        "Wilson interval (and mean points in bitenight). In sheepshead, "
        "schafkopf and mehrkopf a game is one hand: loss_rate is the share "
        "of hands the bot lost money (negative settlement, Wilson interval) "
        "and avg_points its mean settlement per hand in game units (95% "
        "normal interval).",
    )
    t.add_argument("--variant", choices=variant_names(), default="bitenight")
    t.add_argument(
        "--bots",
        default="ismcts,greedy,greedy,random",
        help="one bot per seat, comma-separated: random, greedy, ismcts",
    )
    t.add_argument("--games", type=int, default=400)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--budget", type=float, default=None, help="ismcts: CPU seconds per decision (default 0.2)")
    t.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="ismcts: playouts per decision instead of a time budget (reproducible)",
    )
    t.add_argument(
        "--playout",
        choices=PLAYOUTS,
        default=None,
        help="ismcts: how its playouts model the other players: greedy (default), random, or a mix",
    )
    t.add_argument(
        "--mix",
        type=float,
        default=None,
        help="ismcts with --playout mix: the probability that another player's move in a playout is "
        "a random one (default 0.5)",
    )
    _search_options(t, "ismcts")
    t.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    t.add_argument(
        "--cluster",
        metavar="ADDRESS",
        default=None,
        help="play the games on a Ray cluster: 'auto' starts one on this machine, HOST:PORT joins a "
        "running one (default: worker processes on this machine)",
    )
    t.add_argument("--json", action="store_true", help="print the figures as JSON")
    t.add_argument(
        "--log", metavar="FILE", help="write one JSON line per finished game to FILE (read back with --summarize)"
    )
    t.add_argument(
        "--summarize",
        metavar="FILE",
        help="print the figures of the games logged in FILE (a run still going, or cut short)",
    )
    t.add_argument(
        "--resume",
        action="store_true",
        help="with --log: keep the games already in FILE and play only the missing ones",
    )
    t.set_defaults(func=_cmd_tournament)
    pz = sub.add_parser(
        "puzzles",
        help="find positions in bot games where one move is clearly best",
        description="Greedy bots play seeded rounds; a position is kept when a strong and a weak "
        "search from the seat's view name the same best move, the strong search rates it MARGIN "
        "above every other move (win rate in the shedding games, mean settlement in game units "
        "in the trick games), and the greedy bot would play something else. Writes JSON lines.",
    )
    pz.add_argument("--variant", default="bitenight", help="one of " + ", ".join(variant_names()))
    pz.add_argument("--count", type=int, default=10, help="how many puzzles to find")
    pz.add_argument("--seed", type=int, default=1)
    pz.add_argument("--players", type=int, default=None, help=_players_help())
    pz.add_argument("--strong", type=int, default=None, help="playouts of the strong search (default 2000)")
    pz.add_argument("--weak", type=int, default=None, help="playouts of the weak search (default 400)")
    pz.add_argument("--margin", type=float, default=None, help="default: 0.08 win rate, 0.5 game units (trick games)")
    pz.add_argument("--max-games", type=int, default=None, help="stop after this many rounds (default 50 per puzzle)")
    pz.add_argument(
        "--jobs", type=int, default=None, help="worker processes mining rounds at once (default: every core)"
    )
    pz.add_argument(
        "--cluster",
        metavar="ADDRESS",
        default=None,
        help="mine the rounds on a Ray cluster: 'auto' starts one on this machine, HOST:PORT joins a "
        "running one (default: worker processes on this machine); the same puzzles either way",
    )
    _search_options(pz, "the searches")
    pz.add_argument("--out", metavar="FILE", help="write the JSON lines to FILE instead of standard output")
    pz.add_argument("--quiet", action="store_true", help="no progress bar")
    pz.set_defaults(func=_cmd_puzzles)
    args = ap.parse_args(argv)
    if args.command == "puzzles":
        from .puzzles import STRONG, WEAK

        if args.variant not in variant_names():
            ap.error(unknown_variant(args.variant))
        if args.players is None:
            args.players = variant_of(args.variant).default_players
        if args.count < 1:
            ap.error(f"--count must be at least 1, not {args.count}")
        args.strong = STRONG if args.strong is None else args.strong
        args.weak = WEAK if args.weak is None else args.weak
        if args.strong < 1 or args.weak < 1:
            ap.error("--strong and --weak must be at least 1 playout")
        if args.margin is not None and not (math.isfinite(args.margin) and args.margin >= 0):
            ap.error(f"--margin is how far the best move must lead, a number from 0 up, not {args.margin}")
        if args.max_games is not None and args.max_games < 1:
            ap.error("--max-games must be at least 1")
        if args.jobs is not None and args.jobs < 1:
            ap.error("--jobs must be at least 1")
        _check_search_options(ap, args)
        try:
            new_game(args.variant, args.players, seed=0)
        except ValueError as exc:
            ap.error(str(exc))
    if args.command == "tournament":
        from .bots import BOTS
        from .tournament import table_sizes

        names = [b.strip() for b in args.bots.split(",") if b.strip()]
        unknown = [b for b in names if b not in BOTS]
        if unknown:
            ap.error(f"unknown bot(s) {', '.join(unknown)}: choose from {', '.join(BOTS)}")
        lo, hi = table_sizes(args.variant)
        if not lo <= len(names) <= hi:
            ap.error(f"{args.variant} is played by {lo} to {hi} players, not {len(names)}")
        if args.games < 1:
            ap.error("--games must be at least 1")
        if args.budget is not None and not (math.isfinite(args.budget) and args.budget > 0):
            ap.error(f"--budget is the CPU seconds per decision, a number above 0, not {args.budget}")
        if args.iterations is not None and args.iterations < 1:
            ap.error("--iterations must be at least 1")
        if args.jobs is not None and args.jobs < 1:
            ap.error("--jobs must be at least 1")
        if args.mix is not None and not 0.0 <= args.mix <= 1.0:
            ap.error(f"--mix is a probability, from 0 to 1, not {args.mix}")
        if args.mix is not None and args.playout != "mix":
            ap.error("--mix needs --playout mix")
        _check_search_options(ap, args)
        if args.resume and not args.log:
            ap.error("--resume needs --log FILE: the log of the run to finish")
        if args.resume and not os.path.exists(args.log):
            ap.error(f"--resume: there is no log {args.log} to resume")
    if args.command == "simulate":
        if args.games < 1:
            ap.error("--games must be at least 1")
        try:  # the engine knows the table sizes it accepts
            args.players = new_game(args.variant, args.players, seed=0).n
        except ValueError as exc:
            ap.error(str(exc))
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
