"""notebooks/10-ai.ipynb as a game-AI researcher reads it: contracts in words, the deal drawn at
OpenSpiel's chance node as OpenSpiel's own examples do, the search bot's settings by name, one
way of naming the seats, and checks at the end of what it showed. This reads the stored notebook
(its code and what it printed); nbval runs it and compares what it prints now."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "10-ai.ipynb"


def _cells() -> list[dict]:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def _source(cell) -> str:
    return "".join(cell["source"])


def _code() -> list[str]:
    return [_source(c) for c in _cells() if c["cell_type"] == "code"]


def _printed(cell) -> str:
    out = []
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            out.append("".join(o["text"]))
        elif o["output_type"] == "error":
            out.append(f"{o['ename']}: {o['evalue']}")
        else:
            out.append("".join(o.get("data", {}).get("text/plain", "")))
    return "".join(out)


def _calls(name: str) -> list[ast.Call]:
    calls = []
    for source in _code():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call):
                f = node.func
                if (isinstance(f, ast.Attribute) and f.attr == name) or (isinstance(f, ast.Name) and f.id == name):
                    calls.append(node)
    return calls


def test_notebook_10_prints_contracts_in_words_not_as_objects():
    printed = "".join(_printed(c) for c in _cells() if c["cell_type"] == "code")
    assert not re.search(r"\b(?:Contract|GermanCard|FrenchCard)\(", printed), printed
    # each hand OpenSpiel played is printed with its contract as players say it
    hands = [line for line in printed.splitlines() if line.startswith("hand ")]
    assert hands and all(re.search(r": Player [0-3] plays an? [A-Z]\w+", line) for line in hands), hands


def test_notebook_10_draws_the_deal_at_openspiels_chance_node():
    code = "\n".join(_code())
    assert "state.is_chance_node()" in code and "state.chance_outcomes()" in code
    # sampled with the NumPy generator, weighted by the outcomes' probabilities
    assert re.search(r"\w+\.choice\(outcomes, p=probs\)", code), code
    # and no deal number fed by hand: apply_action never gets a number written in the code, nor a
    # name looped over numbers written in the code
    for source in _code():
        tree = ast.parse(source)
        hand_fed = {
            node.target.id
            for node in ast.walk(tree)
            if isinstance(node, ast.For)
            and isinstance(node.target, ast.Name)
            and isinstance(node.iter, (ast.Tuple, ast.List))
            and all(isinstance(e, ast.Constant) and isinstance(e.value, int) for e in node.iter.elts)
        }
        for call in _calls("apply_action"):
            for arg in call.args:
                assert not (isinstance(arg, ast.Constant) and isinstance(arg.value, int)), ast.unparse(call)
                assert not (isinstance(arg, ast.Name) and arg.id in hand_fed), ast.unparse(call)


def test_notebook_10_names_the_search_bots_settings():
    bots = _calls("ISMCTSBot") + _calls("RandomRolloutEvaluator") + _calls("MCTSBot")
    assert _calls("ISMCTSBot") and _calls("RandomRolloutEvaluator")
    for call in bots:
        # the game and the evaluator may go by position; a setting (a number) never does
        assert not any(isinstance(a, ast.Constant) for a in call.args), ast.unparse(call)
    keywords = {k.arg for call in _calls("ISMCTSBot") for k in call.keywords}
    assert {"uct_c", "max_simulations"} <= keywords


def test_notebook_10_says_once_how_agents_and_players_map_to_seats():
    prose = [_source(c) for c in _cells() if c["cell_type"] == "markdown"]
    mapping = [p for p in prose if "`seat_0`" in p and "OpenSpiel's player 0" in p and "Player 0" in p]
    assert len(mapping) == 1, "one paragraph says how PettingZoo's agents, OpenSpiel's players and seats match"
    # what the notebook prints never calls a seat by the engine's code P0, P1, ...
    printed = "".join(_printed(c) for c in _cells() if c["cell_type"] == "code")
    assert not re.search(r"\bP\d\b", printed), re.findall(r".*\bP\d\b.*", printed)
    # and where it names PettingZoo's agent it names the seat too
    assert re.search(r"Player (\d) \(agent seat_\1\)", printed), printed


def test_notebook_10_shows_openspiels_search_bot_in_evaluate_bots_through_restartable():
    code = "\n".join(_code())
    assert re.search(r"restartable\(bot\)", code) and "evaluate_bots.evaluate_bots(" in code


def test_notebook_10_ends_in_checks_of_what_it_showed():
    cells = _cells()
    last = next(c for c in reversed(cells) if c["cell_type"] == "code")
    source = _source(last)
    assert source.count("assert ") >= 8
    # of each part: the PettingZoo round, the refused action, the observation, the OpenSpiel hands
    # with their printed lines, and the evaluate_bots totals
    for name in ("summary", "rewards", "before", "layout", "hands", "lines", "totals"):
        assert re.search(rf"\b{name}\b", source), name
    assert _printed(last).strip() == "all checks passed"
