"""Puzzles found in real play: the shipped set meets the generator's criteria, the generator is
repeatable, and the command line refuses what it cannot do."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import named

import scheissekopf as sk
from scheissekopf import lessons, puzzles
from scheissekopf.cli import main
from scheissekopf.hint import hint
from scheissekopf.lessons import found

RECORDS = [r for v in found.SHIPPED for r in found.records(v)]
ROOT = Path(__file__).resolve().parents[1]


def _key(game, text):
    return puzzles.key_of(game, game.clone().play(text))


def assert_meets_criteria(record):
    """Everything the generator promises about one record, recomputed from the position."""
    game = sk.from_text(record["text"])
    variant, seat, fig = record["variant"], record["seat"], record["figures"]
    assert game.variant == variant and game.turn == seat and game.phase not in ("setup", "over")
    assert puzzles.candidate(game)
    # the solution: legal, all of one outcome, the strong search's best
    keys = {_key(game, t) for t in record["solution"]}
    assert len(keys) == 1
    (best,) = keys
    strong, weak = fig["strong"]["rows"], fig["weak"]["rows"]
    assert _key(game, strong[0]["text"]) == best
    # the margin, from the strong search's own figures
    score = [puzzles.score_of(r, variant) for r in strong]
    assert len(score) >= 2
    assert score[0] - max(score[1:]) == pytest.approx(fig["margin"], abs=1e-3)
    assert fig["margin"] >= fig["required_margin"] - 1e-9
    assert fig["strong"]["iterations"] > fig["weak"]["iterations"]
    # the weak search agrees
    assert _key(game, weak[0]["text"]) == best
    # the greedy bot, asked again, plays another move (the one recorded)
    greedy = puzzles.greedy_choice(game, seat)
    assert puzzles.key_of(game, greedy) != best
    assert puzzles.key_of(game, greedy) == _key(game, fig["greedy"]["move"])
    return game


def test_the_shipped_set_is_large_enough():
    count = {v: len(found.records(v)) for v in found.SHIPPED}
    assert count["bitenight"] >= 8
    assert count["bitenight"] + count["palace"] + count["schwechat"] >= 20
    assert count["schafkopf"] >= 10
    ids = [r["id"] for r in RECORDS]
    assert len(ids) == len(set(ids))


def test_the_shipped_set_was_made_with_the_stated_budgets():
    for r in RECORDS:
        fig = r["figures"]
        assert fig["strong"]["iterations"] == puzzles.STRONG
        assert fig["weak"]["iterations"] == puzzles.WEAK
        assert fig["required_margin"] == puzzles.MARGIN[puzzles.family_of(r["variant"])]


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_a_shipped_puzzle_meets_the_criteria_and_plays_as_an_exercise(record):
    game = assert_meets_criteria(record)
    ex = found.exercise(record)
    assert ex.view and ex.seat == record["seat"] and ex.variant == record["variant"]
    assert ex.game().to_text() == game.to_text()
    for text in record["solution"]:
        assert ex.check(text).accepted
    best = _key(game, record["solution"][0])
    others = [m for m in game.legal_moves() if m.player == ex.seat and puzzles.key_of(game, m) != best]
    assert others
    for m in others:
        fb = ex.check(m)
        assert fb.legal and not fb.accepted and fb.message.startswith("Legal, but")
    greedy = ex.check(record["figures"]["greedy"]["move"])
    assert not greedy.accepted
    assert ex.hint(0) and ex.hint(1) and ex.explain


_CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bJK\b|\b[EGHS](?:O|U|A|K|10|9|8|7)\b")


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_a_puzzle_names_only_cards_its_seat_can_see(record):
    ex = found.exercise(record)
    seen = set(ex.game().view(ex.seat).to_text().replace(",", " ").split())
    words = " ".join([ex.goal, *ex.hints, ex.explain])
    told = named(_CARD, words)  # codes or cards as drawn (6♠, Gras-König)
    assert told <= seen, told - seen


@pytest.mark.parametrize("variant", found.SHIPPED)
def test_the_recorded_weak_search_comes_out_the_same_again(variant):
    record = found.records(variant)[0]
    game = sk.from_text(record["text"])
    weak = record["figures"]["weak"]
    h = hint(game, record["seat"], iterations=weak["iterations"], seed=weak["seed"])
    assert h.playouts == weak["playouts"]
    assert [(r["text"], r["visits"], round(r["win"], 4)) for r in h] == [
        (r["text"], r["visits"], r["win"]) for r in weak["rows"]
    ]


def test_lessons_puzzles_loads_every_shipped_puzzle():
    every = lessons.puzzles()
    assert len(every) == len(RECORDS)
    assert all(isinstance(ex, lessons.Exercise) for ex in every)
    assert {ex.variant for ex in lessons.puzzles("schafkopf")} == {"schafkopf"}
    assert lessons.puzzles("mehrkopf") == ()
    with pytest.raises(ValueError, match="mehrkopf"):
        lessons.puzzles("bitnight")
    data = every[0].to_dict()
    assert json.loads(json.dumps(data))["view"] is True


def test_the_data_files_are_package_data():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"scheissekopf.lessons" = ["puzzles/*.jsonl"]' in text
    assert sorted(p.stem for p in (ROOT / "scheissekopf/lessons/puzzles").glob("*.jsonl")) == sorted(found.SHIPPED)


# ------------------------------------------------------------------------------ the generator
def test_the_generator_on_a_tiny_budget_is_repeatable_and_meets_its_criteria():
    kw = dict(strong=80, weak=40, max_games=8)
    first = [p.to_record() for p in puzzles.find_puzzles("schafkopf", 2, seed=3, **kw)]
    again = [p.to_record() for p in puzzles.find_puzzles("schafkopf", 2, seed=3, **kw)]
    assert first == again
    assert first, "no puzzle in eight hands"
    for r in first:
        assert_meets_criteria(r)
        assert found.exercise(r).check(r["solution"][0]).accepted


def test_the_generator_in_a_shedding_game():
    ps = puzzles.find_puzzles("bitenight", 1, seed=2, strong=60, weak=30, margin=0.02, max_games=3)
    for p in ps:
        assert_meets_criteria(p.to_record())


def test_the_generator_refuses_what_it_cannot_do():
    with pytest.raises(ValueError, match="at least 1"):
        puzzles.find_puzzles("palace", 0, seed=1)
    with pytest.raises(ValueError, match="sheepshead"):
        puzzles.find_puzzles("bitnight", 3, seed=1)


# ------------------------------------------------------------------------------ command line
def _error(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    return capsys.readouterr().err


def test_cli_puzzles_names_every_variant_for_an_unknown_one(capsys):
    err = _error(capsys, ["puzzles", "--variant", "bitnight"])
    for v in sk.VARIANTS + sk.TRICK_VARIANTS:
        assert v in err


@pytest.mark.parametrize("count", ["0", "-3"])
def test_cli_puzzles_refuses_a_count_below_one(capsys, count):
    assert f"--count must be at least 1, not {count}" in _error(capsys, ["puzzles", "--count", count])


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--strong", "0"], "--strong and --weak"),
        (["--margin", "-0.1"], "--margin"),
        (["--variant", "schafkopf", "--players", "9"], "9"),
        (["--count", "two"], "invalid int value"),
    ],
)
def test_cli_puzzles_refuses_malformed_options(capsys, argv, says):
    assert says in _error(capsys, ["puzzles", *argv])


def test_cli_puzzles_writes_json_lines(tmp_path, capsys):
    out = tmp_path / "p.jsonl"
    argv = ["puzzles", "--variant", "schafkopf", "--count", "1", "--seed", "3"]
    assert main([*argv, "--strong", "80", "--weak", "40", "--max-games", "4", "--quiet", "--out", str(out)]) == 0
    summary = capsys.readouterr().out
    assert re.search(r"\d+ schafkopf puzzles from \d+ rounds .* s wall, \d+ s CPU", summary)
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(records) == int(summary.split()[0])
    for r in records:
        assert_meets_criteria(r)
