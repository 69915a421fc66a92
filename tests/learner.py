"""A learner at every table of a notebook, run inside the notebook's kernel.

``act_everywhere(globals())`` finds every card table the notebook made (a ``Table``, a
``LessonTable``, a table inside an ipywidgets box, a table in a dict or list) and acts on it the
way a person at the browser would, through the requests the table's front end sends
(``Table._on_msg``): a card that does not fit, a legal move, Undo, Next and Back of a walkthrough,
Clear in an editor; in a lesson, for every exercise: a wrong try, a hint and a right answer. A
slider is dragged to its end. Returns what was done, one line per table, so a test can see that
it acted and on what.

Kept free of pytest so that the notebook's kernel can import it.
"""

from __future__ import annotations

import ipywidgets as widgets

import scheissekopf as sk
from scheissekopf.lessons.widget import LessonTable
from scheissekopf.table import Scene, Table


def send(table: Table, action: str, **fields) -> None:
    """What the table's front end sends for a click: the action, the version it was made for,
    and its fields."""
    table._on_msg(table, {"action": action, "version": table.version, **fields}, [])


def request_for(move) -> dict:
    """The front end's request for a legal move (as the table's buttons build it)."""
    cards = [str(c) for c in move.cards]
    kind = move.kind
    if kind == "card":  # a trick game's card: a click on it
        return {"action": "card", "player": move.player, "cards": cards}
    if kind in ("play", "take", "swap", "ready"):
        return {"action": kind, "player": move.player, "cards": cards}
    if kind == "joker":
        return {"action": "joker", "player": move.player, "cards": cards, "target": move.target}
    if kind == "flip":
        return {"action": "flip", "player": move.player, "index": move.index}
    if kind == "place":
        return {"action": "place", "player": move.player, "cards": cards, "index": move.index}
    return {"action": "move", "player": move.player, "text": str(move)}  # a trick game's bid, call, ...


def _seat_moves(table: Table) -> list:
    moves = table.game.legal_moves()
    if table.view != "table":
        return [m for m in moves if m.player == table.view]
    return [m for m in moves if m.player not in table.bots]


def _wrong_card(table: Table, seat: int):
    """A card in ``seat``'s hand that is not a legal play now (None if every card fits)."""
    legal = {str(c) for m in table.game.legal_moves() if m.player == seat for c in m.cards}
    for card in getattr(table.game.players[seat], "hand", []):
        if str(card) not in legal and str(card) != "??":
            return str(card)
    return None


def play_at(table: Table) -> str:
    """A learner at an ordinary table: a card that does not fit, a legal move, Undo, a legal move."""
    if not table.interactive:
        return "view only"
    if table.mode == "edit":
        send(table, "edit", op="clear")
        return "pressed Clear"
    done = []
    moves = _seat_moves(table)
    if not moves:
        send(table, "undo")
        return "nothing to play: pressed Undo"
    seat = moves[0].player
    wrong = _wrong_card(table, seat)
    if wrong is not None and table.game.phase == "play":
        before = table.game.to_dict()
        action = "card" if hasattr(table.game, "tricks") else "play"
        send(table, action, player=seat, cards=[wrong])
        assert table.game.to_dict() == before or getattr(table.game, "penalties", False), (
            "a wrong card changed the game"
        )
        done.append(f"tried {wrong}")
    before = len(table.game.history)
    send(table, **request_for(moves[0]))
    assert len(table.game.history) > before, f"the table did not play {moves[0]}: {table.message}"
    done.append(f"played {moves[0]}")
    send(table, "undo")
    done.append("undo")
    moves = _seat_moves(table)
    if moves:
        send(table, **request_for(moves[-1]))
        done.append(f"played {moves[-1]}")
    return ", ".join(done)


def walk_through(scene: Scene) -> str:
    """A learner at a walkthrough: Next to the end, one Back."""
    for _ in range(scene.scene_steps):
        send(scene, "next")
    send(scene, "back")
    return f"walked to step {scene.scene_step + 1} of {scene.scene_steps}"


def do_lesson(lesson: LessonTable) -> str:
    """A learner in a lesson: every exercise tried wrong, a hint asked, then solved."""
    done = []
    for i in range(len(lesson.lesson)):
        lesson.go(i)
        ex, table = lesson.exercise, lesson.table
        moves = [m for m in table.game.legal_moves() if m.player == ex.seat]
        wrong = next((m for m in moves if not ex.check(m).accepted), None)
        right = next((m for m in moves if ex.check(m).accepted), None)
        if wrong is not None:
            before = table.game.to_dict()
            send(table, **request_for(wrong))
            assert table.game.to_dict() == before, f"{ex.id}: a wrong try was played"
        send(table, "hint", player=ex.seat)
        if right is not None:
            send(table, **request_for(right))
            assert lesson.progress.status(ex) == "done", f"{ex.id}: the right answer {right} was not accepted"
        done.append(f"{ex.id}: {'solved' if right is not None else 'tried'}")
    return "; ".join(done)


def _found(value, seen, out):
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, LessonTable):
        out.append(value)
        return  # its table is played through the lesson
    if isinstance(value, Table):
        out.append(value)
    elif isinstance(value, widgets.Box):
        for child in value.children:
            _found(child, seen, out)
    elif isinstance(value, widgets.IntSlider):
        out.append(value)
    elif isinstance(value, dict):
        for item in list(value.values()):
            _found(item, seen, out)
    elif isinstance(value, (list, tuple)):
        for item in list(value):
            _found(item, seen, out)


def live_tables(namespace: dict) -> list:
    """Every table (and slider) reachable from the notebook's names, each once."""
    out: list = []
    seen: set = set()
    for name, value in list(namespace.items()):
        if not name.startswith("_"):
            _found(value, seen, out)
    return out


def act_everywhere(namespace: dict) -> list:
    """Act as a learner on every live table; returns one line per table."""
    report = []
    for thing in live_tables(namespace):
        if isinstance(thing, LessonTable):
            report.append(f"lesson {thing.lesson.id}: {do_lesson(thing)}")
        elif isinstance(thing, Scene):
            report.append(f"walkthrough: {walk_through(thing)}")
        elif isinstance(thing, widgets.IntSlider):
            thing.value = thing.max
            report.append(f"slider dragged to {thing.max}")
        else:
            report.append(f"table ({thing.game.variant}): {play_at(thing)}")
    return report


__all__ = ["act_everywhere", "live_tables", "request_for", "send", "sk"]
