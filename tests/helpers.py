"""Plain functions and data the test modules share (the fixtures are in conftest.py): small
builders for the rule tests, the requests a table's front end sends, the phases a table can be in,
the engine's codes that no person may read, stalemate positions for the search, what the tests of
the front end in Chromium and in JupyterLab use, a notebook cell's prose and notebook 8's charts,
and the package's import graph.

Positions are written in the public position format and loaded with ``sk.Game.from_dict``;
cards may be given as one space-separated string ("4H QS") or as a list (schwechat columns use
``None`` for an empty slot).
"""

import ast
import functools
import importlib.util
import json
import random
import re
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest

import scheissekopf as sk
from scheissekopf import bots, charts
from scheissekopf.render import describe, is_trick_game, narration
from scheissekopf.table import _move_data
from scheissekopf.trick.cards import GERMAN_RANK_NAMES

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative, name=None):
    """A script of the repository that is not part of the package (a benchmark, a tool, the
    site's build), imported from its path as a module."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"


def _cards(cards):
    if cards is None:
        return []
    if isinstance(cards, str):
        return cards.split()
    return list(cards)


def seat(hand="", bank="", gamble=""):
    """One player's zones."""
    return {"hand": _cards(hand), "bank": _cards(bank), "gamble": _cards(gamble)}


def position(variant, *seats, draw="", stack="", discard="", **fields):
    """A position dict; a seat given as a plain string is a hand with nothing else."""
    d = {
        "variant": variant,
        "players": [s if isinstance(s, dict) else seat(s) for s in seats],
        "draw": _cards(draw),
        "stack": _cards(stack),
        "discard": _cards(discard),
    }
    d.update(fields)
    return d


def game(variant, *seats, **fields):
    return sk.Game.from_dict(position(variant, *seats, **fields))


def names(cards):
    """Card texts in order (None kept for empty schwechat slots)."""
    return [None if c is None else str(c) for c in cards]


def bag(cards):
    """Card texts as a sorted list, empty slots dropped: for zones whose order does not matter."""
    return sorted(str(c) for c in cards if c is not None)


def rank(card):
    text = str(card)
    return text if text == "JK" else text[:-1]


def moves(g, player=None, kind=None):
    return [m for m in g.legal_moves() if (player is None or m.player == player) and (kind is None or m.kind == kind)]


def accepts(g, move):
    """Would ``g.play(move)`` be accepted? Tried on a copy; ``g`` is left alone."""
    trial = sk.Game.from_dict(g.to_dict())
    try:
        trial.play(move)
    except sk.IllegalMove:
        return False
    return True


@contextmanager
def refused(g, match):
    """The block must raise IllegalMove whose message matches, and leave the game as it was."""
    before = g.to_dict()
    with pytest.raises(sk.IllegalMove, match=match):
        yield
    assert g.to_dict() == before


def deck(variant, players):
    """Every card a new game of that preset and size holds, as a Counter of texts."""
    plain = [r + s for r in RANKS for s in SUITS]
    if variant == "bitenight":
        decks, jokers = -(-players // 4), 2
    elif variant == "palace":
        decks, jokers = -(-players // 5), 0  # one deck per five players
    elif variant == "schwechat":
        decks, jokers = (2 if players <= 8 else 3), 3
    else:
        raise ValueError(variant)
    return Counter((plain + ["JK"] * jokers) * decks)


def cards_in_play(g):
    """All cards in every zone, the stack, the draw pile and the discard, as a Counter."""
    found = Counter()
    for p in g.players:
        for zone in (p.hand, p.bank, p.gamble):
            found.update(str(c) for c in zone if c is not None)
    for zone in (g.stack, g.draw, g.discard):
        found.update(str(c) for c in zone)
    return found


def held(g, i):
    """How many cards seat i holds in all its zones."""
    p = g.players[i]
    return sum(1 for zone in (p.hand, p.bank, p.gamble) for c in zone if c is not None)


def finish_setup(g):
    """Everyone says ready without swapping; in schwechat each first lays three hand cards."""
    for i in range(len(g.players)):
        if g.variant == "schwechat":
            for column in range(3):
                g.play(f"P{i} place {g.players[i].hand[0]} {column}")
        g.play(f"P{i} ready")
    return g


# ------------------------------------------------------------------ move lists, trick games, tables
def texts(moves):
    """The moves' texts, sorted."""
    return sorted(str(m) for m in moves)


def play_all(g, *moves):
    """Play the moves (objects or text) in order; returns the game."""
    for m in moves:
        g.play(m)
    return g


def refused_move(g, move, words):
    """``g.play(move)`` must raise IllegalMove whose message contains ``words`` and leave the
    game as it was; returns the message."""
    before = g.to_dict()
    with pytest.raises(sk.IllegalMove) as exc:
        g.play(move)
    assert words in str(exc.value)
    assert g.to_dict() == before
    return str(exc.value)


def move_request(m: dict) -> dict:
    """The request the front end builds for a legal move (its buttons and card clicks)."""
    p, kind = m["player"], m["kind"]
    if kind == "card":
        return {"action": "card", "player": p, "cards": m["cards"]}
    if kind not in ("play", "take", "joker", "flip", "swap", "place", "ready"):
        return {"action": "move", "player": p, "text": m["text"]}  # trick games: bids, pick, bury...
    msg = {"action": kind, "player": p}
    if kind in ("play", "take", "swap", "place"):
        msg["cards"] = m["cards"]
    if kind == "joker":
        msg["target"] = m["target"]
    if kind in ("flip", "place"):
        msg["index"] = m["index"]
    return msg


#: the traits a Table syncs to its front end
TRAITS = (
    "state",
    "info",
    "legal",
    "log",
    "message",
    "tone",
    "version",
    "interactive",
    "hints",
    "table_mode",
    "draft",
    "lesson",
    "review_panel",
)


def request(table, action, **fields):
    """What a table's front end sends: an action, the version it was made for, and its fields."""
    msg = {"action": action, "version": table.version, **fields}
    table._on_msg(table, msg, [])
    return table


def words(*values) -> set:
    """Every whitespace-separated word in the strings inside ``values`` (JSON-like data)."""
    out = set()
    for text in json.dumps(values).split('"'):
        out.update(text.replace(".", " ").replace(",", " ").split())
    return out


GLYPH = re.compile(r"(?<!\w)(10|[2-9JQKA])([\u2663\u2666\u2665\u2660])")
GERMAN_NAME = re.compile(r"\b(Eichel|Gras|Herz|Schellen)-(\w+)")
_RANK_OF_NAME = {name: rank for rank, name in GERMAN_RANK_NAMES.items()}


def named(pattern, text) -> set:
    """The cards ``text`` names, as codes, whether it writes them as codes (4C, GU) or as the
    table draws them (4♣, Gras-Unter)."""
    found = set(pattern.findall(text))
    found |= {rank + "CDHS"["\u2663\u2666\u2665\u2660".index(suit)] for rank, suit in GLYPH.findall(text)}
    found |= {suit[0] + _RANK_OF_NAME[rank] for suit, rank in GERMAN_NAME.findall(text) if rank in _RANK_OF_NAME}
    return found


# ------------------------------------------------------------------ the phases a table can be in
def situation(g) -> str:
    """The phase a learner sees: the trick games' own phases; setup, play, "joker" (a turned
    joker waits for its target), "jump-in" (a seat may play out of turn) and over."""
    if g.phase == "over" or is_trick_game(g):
        return g.phase
    if g.phase == "setup":
        return "setup"
    if g.pending:
        return "joker"
    if any(m.player != g.turn for m in g.legal_moves()):
        return "jump-in"
    return "play"


WANTED = {
    "bitenight": ("setup", "play", "joker", "jump-in", "over"),
    "palace": ("setup", "play", "over"),
    "schwechat": ("setup", "play", "over"),
    "sheepshead": ("pick", "bury", "call", "double", "play", "over"),
    "schafkopf": ("auction", "declare", "play", "over"),
    "mehrkopf": ("auction", "declare", "play", "over"),
}


@functools.lru_cache(maxsize=None)
def situations(variant: str) -> dict:
    """Where the first game of each phase met in seeded rounds (greedy moves, some random) is
    found: ``{phase: (seed, options, moves)}``, replayed move by move so that Undo can take the
    moves back."""
    found: dict = {}
    greedy = bots.get("greedy")
    for seed in range(400):
        options = {"doublers": True, "knocking": True} if variant == "sheepshead" and seed % 2 else {}
        g = sk.new_game(variant, seed=seed, **options)
        rng = random.Random(seed)
        played: list = []
        for _ in range(400):
            found.setdefault(situation(g), (seed, options, tuple(played)))
            if g.phase == "over":
                break
            moves = g.legal_moves()
            turn = g.pending[1] if getattr(g, "pending", None) else g.turn
            mine = [m for m in moves if m.player == turn] or moves
            move = rng.choice(moves) if rng.random() < 0.3 else greedy.choose(g.view(mine[0].player), mine, rng)
            move = move or rng.choice(mine)
            g.play(move)
            played.append(str(move))
        if all(s in found for s in WANTED[variant]):
            break
    missing = [s for s in WANTED[variant] if s not in found]
    assert not missing, f"{variant}: no seeded round reached {missing}"
    return {s: found[s] for s in WANTED[variant]}


# ------------------------------------------------------------------ the engine's codes, never shown to people
# the engine's codes: French cards (4C, 10H, QS), the joker's JK, German cards (GU, EO, S10, HA),
# seats (P0) and hidden cards; none may reach a person at the table
FRENCH_CODE = re.compile(r"\b(?:10|[2-9JQKAT])[CDHS]\b|\bJK\b")
GERMAN_CODE = re.compile(r"\b[EGHS](?:10|[OUAKGSP9876])\b")
SEAT_CODE = re.compile(r"\bP\d\b")
HIDDEN_CODE = re.compile(r"\?\?")


def codes_in(text: str, german: bool) -> list[str]:
    found = FRENCH_CODE.findall(text) + SEAT_CODE.findall(text) + HIDDEN_CODE.findall(text)
    if german:
        found += GERMAN_CODE.findall(text)
    return found


# ------------------------------------------------------------------ stalemates in the search
# Positions from 2-player palace games (greedy against random, seeds 0-3) at which one move
# repeats a position for the third time; each text carries its repetition window. In the
# first three the player to move then holds fewer cards and wins the stalemate, in the
# last two more cards and loses it.
STALEMATE_WINS = [
    (
        "palace | P0 2D 2H 2S 4H 5S 6C 6D 6H 7C 8C QD AD AH bank AS QS 10S gamble AC 7D 8H known 2D 2H 2S 4H 6C"
        " 6D 6H 7C 8C QD AD AH | P1 4S 5D JD JS KC KH KS bank 5C 7H 8D gamble JH 5H 6S known JD JS KC KH KS"
        " | stack 3C 3D | discard 3H 10D 10C 7S 8S JC QH 2C 3S 4D 4C QC KD 10H 9D 9H 9C 9S | turn P1 | seed 0"
        " | repetitions 0840bedbe5d9a486 2be29c1117df6177 4e63fb5744cc1ba5 86a14e8655abb07f 93b278003931a95d"
        " d4c72e8ad5a75d1a*2 e04a2cb5248e95e8",
        "P1 4S",
    ),
    (
        "palace | P0 2D 2S 5S 6C 7C 7D 8C 8H JD JH AC AD AH bank 5C 4S 10D gamble 10H 4H 9C known 2D 2S 5S 7C"
        " 7D 8C 8H JD JH AC AD AH | P1 3C 3D 4C 5D 5H 6D 6H 7H 7S 9S JS KC bank 3H 2C 4D gamble 8S 3S JC known"
        " 3C 5H 6D 6H 7H 7S 9S JS KC | discard KD KH KS 2H 8D 9H 9D 10C 6S AS 10S QC QD QH QS | turn P1 | seed 1"
        " | repetitions 1847ac35e4e15d1e 7eafab9ad81f34fb cb919fb4712ab0b3 dfed8e6a31a52ede*2 f4b25a4b036dcc87"
        " fa89efeea33b9491",
        "P1 3C",
    ),
    (
        "palace | P0 4S 7D 8D 8H 9C AD AH AS bank 3S JH 2S gamble QH 3D KD known 4S 9C AD AH AS | P1 2H 3C 3H"
        " 4D 4H 6C 6D 6S 7C 7H 7S 8S 9H KH KS bank JS 4C 6H gamble JC 5H 8C known 2H 3C 3H 4D 4H 6C 6D 6S 7C 8S"
        " 9H KH KS | stack KC | discard 5D 10H AC 2D JD QS 10S 5C 5S 2C 9D 9S QC QD 10C 10D | seed 3"
        " | repetitions 1157e3a93f182a77 214d8e46927d2db2 416af8a66212585d 4f6a45267f511909 6fdcf277eef2790b"
        " c31fd7022ca3945d ca5b6915c21138a4 d85ab595df4ff950*2 ef32f180b31da97c",
        "P0 AD",
    ),
]
STALEMATE_LOSSES = [
    (
        "palace | P0 2D 2H 2S 3C 3D 4H 5S 6C 6D 6H 7C 8C JD QD KC KH AD AH bank AS QS 10S gamble AC 7D 8H known"
        " 2D 2H 2S 3C 3D 4H 6C 6D 6H 7C 8C JD QD KC KH AD AH | P1 4S 5D KS bank 5C 7H 8D gamble JH 5H 6S known"
        " KS | stack JS | discard 3H 10D 10C 7S 8S JC QH 2C 3S 4D 4C QC KD 10H 9D 9H 9C 9S | seed 0"
        " | repetitions 12f3d2d4b024401d*2 4e63fb5744cc1ba5",
        "P0 2D",
    ),
    (
        "palace | P0 6C 7C bank 5C 4S 10D gamble 10H 4H 9C | P1 3C 3D 4C 5D 5H 6D 6H 7D 7H 7S 9S JD JH JS KC"
        " bank 3H 2C 4D gamble 8S 3S JC known 3C 5H 6D 6H 7D 7H 7S 9S JD JH JS KC | stack 5S 8H 8C AC AD AH 2D"
        " 2S | discard KD KH KS 2H 8D 9H 9D 10C 6S AS 10S QC QD QH QS | turn P1 | seed 1"
        " | repetitions ecf6c7af105c0e3b*2 fa89efeea33b9491",
        "P1 3C",
    ),
]


# ------------------------------------------------------------------ the front end in Chromium
# (the browser fixtures are in conftest.py)
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = ROOT / "tests" / "artifacts"

# Seat 0 to move in bitenight: on the 8, the 9 and the king fit, the 5 does not.
POSITION = {
    "variant": "bitenight",
    "players": [
        {"hand": ["5H", "9C", "KD"], "bank": ["QS", "4D", "AH"], "gamble": ["7C", "2S", "9H"]},
        {"hand": ["4H", "QD", "JK", "10S"], "bank": ["KS", "KC"], "gamble": ["6C", "2D", "9S"]},
        {"hand": ["6H", "6D", "7S"], "bank": ["JS", "JD", "5C"], "gamble": ["8C", "2C", "AS"]},
        {"hand": ["4C", "4S", "8D"], "bank": ["QH", "QC", "5S"], "gamble": ["7H", "AD", "10D"]},
    ],
    "draw": ["5D", "6S"],
    "stack": ["9D", "8S", "3H"],
    "turn": 0,
    "direction": 1,
    "finished": [],
    "discard": ["10C", "JH"],
}


def move(text, kind="play", cards=(), target=None, index=None):
    return {
        "text": text,
        "player": int(text.split()[0][1:]),
        "kind": kind,
        "cards": list(cards),
        "target": target,
        "index": index,
    }


LEGAL = [move("P0 9C", cards=["9C"]), move("P0 KD", cards=["KD"])]


def traits(position=POSITION, view=None, legal=LEGAL, **extra):
    state, info = describe(position, view)
    return {
        "state": state,
        "info": info,
        "legal": legal,
        "log": ["P3 plays a 3 \u2014 invisible"],
        "message": "",
        "version": 7,
        "interactive": True,
        **extra,
    }


def sent(page):
    """The requests the front end sent to its stand-in model (the ``table`` fixture)."""
    return page.evaluate("window.sent")


def schafkopf_mid_hand():
    """Schafkopf, P1 plays a normal game calling the Gras-Ass; the second trick is under way and
    P0 must follow Eichel with the Eichel-Zehn."""
    g = sk.new_game("schafkopf", players=4, seed=7)
    for text in ["P1 bid normal", "P2 pass", "P3 pass", "P0 pass", "P1 call GA"]:
        g.play(text)
    rng = random.Random(3)
    for _ in range(6):
        g.play(rng.choice(list(g.legal_moves())))
    return g


def trick_traits(game, view=None, **extra):
    state, info = describe(game, view)
    moves = [m for m in game.legal_moves() if view is None or m.player == view]
    return {
        "state": state,
        "info": info,
        "legal": [_move_data(m) for m in moves],
        "log": narration(game, view),
        "message": "",
        "version": 7,
        "interactive": True,
        **extra,
    }


def click(page, selector):
    """Click and wait until Python has answered and the table is drawn again (the ``live``
    fixture)."""
    before = page.evaluate("window.answered || 0")
    page.locator(selector).first.click()
    page.wait_for_function(f"(window.answered || 0) > {before}")
    page.wait_for_timeout(30)


# ------------------------------------------------------------------ a notebook in JupyterLab
def _errors_in(page) -> str:
    errors = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    return "\n".join(errors.nth(i).inner_text() for i in range(errors.count()))


def _run_new_cell(page, code: str, expect_text, timeout: float = 60_000) -> str:
    """Append a cell with ``code`` at the end of the notebook, run it, return its output."""
    from playwright.sync_api import expect

    page.locator(".jp-Notebook .jp-Cell").last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type(code)
    page.keyboard.press("Control+Enter")  # run in place: the new cell stays the last one
    cell = page.locator(".jp-Notebook .jp-CodeCell").last
    out = cell.locator(".jp-OutputArea-output")
    expect(out).to_contain_text(expect_text, timeout=timeout)
    return out.inner_text()


# ------------------------------------------------------------------ what a notebook shows
CODE_BLOCK = re.compile(r"```.*?```", re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
HTML_TAG = re.compile(r"<[^>]+>")


def prose(markdown: str) -> str:
    """A markdown cell as a reader reads it, without code blocks, code spans and tags."""
    return HTML_TAG.sub(" ", CODE_SPAN.sub(" ", CODE_BLOCK.sub(" ", markdown)))


def _notebook_08_charts():
    """Charts shaped like notebook 8's: a live tournament's two panels and the logged ones."""
    bots = {name: f"{name}\n(96 seat-games)" for name in ("ismcts", "greedy", "random")}
    loss = charts.intervals(
        [{"x": label, "value": 20.0, "low": 10.0, "high": 30.0} for label in bots.values()],
        title="Loss rate, 24 games",
        y="Scheißkopf in % of rounds",
        reference=25,
        reference_label="no skill: 25 %",
        domain=(0, 100),
    )
    points = charts.intervals(
        [{"x": label, "value": 15.0, "low": 10.0, "high": 20.0} for label in bots.values()],
        title="Average points (bitenight)",
        y="points per round",
        reference=15,
        reference_label="an average seat: 15",
    )
    live = charts.side_by_side(
        loss, points, title="bitenight, 4 players: ismcts, greedy, random, random (seats rotated)"
    )
    panels = [
        charts.intervals(
            [
                {"x": preset, "series": name, "value": 25.0, "low": 20.0, "high": 30.0}
                for preset in ("bitenight", "palace", "schwechat")
                for name in (lone, "greedy")
            ],
            title=f"{lone} vs 3 greedy, 400 games each",
            y="Scheißkopf in % of rounds",
        )
        for lone in ("random", "ismcts (0.2 s per move)")
    ]
    logged = charts.side_by_side(*panels, title="The logged tournaments: loss rates with 95 % intervals")
    return [loss, points, live, logged]


# ------------------------------------------------------------------ the package's imports
PACKAGE = ROOT / "scheissekopf"


def _modules() -> dict[str, Path]:
    """Dotted name (relative to the package, "" for the package itself) -> source file."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The package-relative name an import statement in `module` refers to."""
    if level == 0:
        name = target or ""
        assert name == "scheissekopf" or name.startswith("scheissekopf.")
        return name[len("scheissekopf.") :] if "." in name else ""
    base = module.split(".") if module else []
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    if target:
        base = base + target.split(".")
    return ".".join(base)


def import_graph() -> dict[str, set[str]]:
    """module -> the modules of this package it imports (anywhere in its source)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [
                    _resolve(name, is_package, 0, a.name)
                    for a in node.names
                    if a.name == "scheissekopf" or a.name.startswith("scheissekopf.")
                ]
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0 and not (node.module or "").startswith("scheissekopf"):
                    continue
                base = _resolve(name, is_package, node.level, node.module)
                subs = [f"{base}.{a.name}" if base else a.name for a in node.names]
                if all(sub in modules for sub in subs):
                    targets = subs  # `from . import presets`: the submodules only
                else:
                    targets = [base] + [sub for sub in subs if sub in modules]
            for t in targets:
                assert t in modules, f"{name} imports {t!r}, which is not a module of the package"
                if t != name:
                    graph[name].add(t)
    return graph
