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
from scheissekopf.words import card_word

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
    # the record's position, at a table of the tutorial's cast with "You" at the learner's seat
    assert {**ex.game().to_dict(), "names": game.to_dict()["names"]} == game.to_dict()
    assert ex.game().names[ex.seat] == "You"
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
    # a card said to be "still out" (not yet played: anyone can count it) is named, not located
    words = re.sub(r"\bthe [\w\u2663\u2666\u2665\u2660-]+ still out\b", "", words)
    told = named(_CARD, words)  # codes or cards as drawn (6♠, Gras-König)
    assert told <= seen, told - seen


@pytest.mark.parametrize("variant", found.SHIPPED)
def test_the_recorded_weak_search_comes_out_the_same_again(variant):
    record = found.records(variant)[0]
    game = sk.from_text(record["text"])
    weak = record["figures"]["weak"]
    h = hint(game, record["seat"], iterations=weak["iterations"], seed=weak["seed"], **puzzles.search_settings(record))
    assert h.playouts == weak["playouts"]
    assert [(r["text"], r["visits"], round(r["win"], 4)) for r in h] == [
        (r["text"], r["visits"], r["win"]) for r in weak["rows"]
    ]


def test_lessons_puzzles_loads_every_shipped_puzzle():
    every = lessons.puzzles()
    assert len(every) == len(RECORDS)
    assert all(isinstance(ex, lessons.Exercise) for ex in every)
    assert {ex.variant for ex in lessons.puzzles("schafkopf")} == {"schafkopf"}
    with pytest.raises(ValueError, match="mehrkopf"):
        lessons.puzzles("bitnight")
    data = every[0].to_dict()
    assert json.loads(json.dumps(data))["view"] is True


def test_the_data_files_are_package_data():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"scheissekopf.lessons" = ["puzzles/*.jsonl"]' in text
    assert sorted(p.stem for p in (ROOT / "scheissekopf/lessons/puzzles").glob("*.jsonl")) == sorted(found.SHIPPED)


# ------------------------------------------------------------------------------ the generator
@pytest.mark.slow
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
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--depth", "-1"], "--depth is a number of decisions"),
        (["--epsilon", "2"], "--epsilon is a probability"),
        (["--c", "nan"], "--c is the search tree's exploration constant"),
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


def test_cli_puzzles_searches_with_the_settings_given(tmp_path, capsys):
    out = tmp_path / "p.jsonl"
    argv = ["puzzles", "--variant", "schafkopf", "--count", "1", "--seed", "3", "--strong", "80", "--weak", "40"]
    argv += ["--max-games", "4", "--quiet", "--depth", "1", "--epsilon", "0.2", "--c", "0.4", "--out", str(out)]
    assert main(argv) == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert records, "no puzzle in four hands"
    for r in records:
        assert r["figures"]["search"] == {"depth": 1, "epsilon": 0.2, "c": 0.4}
        assert puzzles.search_settings(r) == {"depth": 1, "epsilon": 0.2, "c": 0.4}


def test_the_generator_refuses_bad_search_settings_before_any_round():
    heard = []
    for bad, says in (({"depth": -1}, "depth"), ({"epsilon": 1.5}, "epsilon"), ({"c": -0.1}, "c")):
        with pytest.raises(ValueError, match=says):
            puzzles.find_puzzles("palace", 1, seed=1, progress=heard.append, **bad)
    assert heard == []


# ------------------------------------------------------------------ the reason beside the figures


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_a_puzzle_explains_its_answer_in_a_card_players_sentence(record):
    """The explanation starts with what the answer does and what the greedy move would have
    done, in card words (no move codes such as "P0 AD"), before the search's figures."""
    from scheissekopf.lessons.reasons import reason

    ex = found.exercise(record)
    game = ex.game()  # the table's game: the tutorial's cast, "You" at the learner's seat
    why = reason(game, record["seat"], record["solution"][0], record["figures"]["greedy"]["move"])
    assert ex.explain.startswith(why) and "In figures:" in ex.explain
    assert why.endswith(".") and "; the greedy" in why and "would have" in why
    assert not re.search(r"\bP\d [0-9JQKAEGHS]|\b(?:10|[2-9JQKA])[CDHS]\b", why), why
    assert not re.search(r"\bP\d [0-9JQKAEGHS]", ex.explain + " ".join(ex.hints)), ex.explain
    # the seats by name, as the table names them: never "P2 has 4 cards left"
    assert not re.search(r"\bP\d\b", " ".join([ex.goal, ex.explain, *ex.hints])), ex.goal


def test_the_second_hint_says_what_the_numbers_say():
    """ "no other move reaches 76 %" is wrong when the next best has exactly 76 %: the hint
    gives the next best's own figure."""
    record = next(r for r in RECORDS if r["id"] == "bitenight-1-0-41")
    ex = found.exercise(record)
    rows = record["figures"]["strong"]["rows"]
    second = max(r["win"] for r in rows[1:])
    assert f"the next best got {100 * second:.0f} %" in ex.hints[1]
    assert "no other move" not in ex.hints[1]


def test_reasons_for_a_burn_a_kept_card_and_a_taken_trick():
    from scheissekopf.lessons.reasons import reason

    g = sk.from_text("bitenight | P0 9C 9D 4S | P1 5H 6H 7C | stack 9H 9S | turn P0")
    assert reason(g, 0, "P0 9C 9D", "P0 9C").startswith("Your 9♣ 9♦ complete four 9s and burn the stack, so you lead")
    record = next(r for r in RECORDS if r["id"] == "palace-1-1-116")
    said = found.exercise(record).explain
    assert "keeps the other A for later" in said and "spent them all at once" in said
    record = next(r for r in RECORDS if r["id"] == "schafkopf-1-4-12")
    said = found.exercise(record).explain
    assert said.startswith(
        "Your Gras-Ass takes the trick, worth 19 points; the greedy Gras-Neun would have let your partner Dev"
    )


def test_a_wrong_answer_to_a_puzzle_says_what_it_does_without_giving_the_answer_away():
    ex = lessons.puzzles("palace")[0]
    said = ex.check("AD AH").message
    assert said.startswith("Legal, but the search gives this move 44 %, the best one 54 %. Your A♦ A♥ leave an A")
    assert "for later" not in said and "P0 AD" not in said  # the right move (one ace, the other kept) stays unsaid
    for record in RECORDS:
        ex = found.exercise(record)
        game = ex.game()
        right = {_key(game, t) for t in record["solution"]}
        for m in game.legal_moves():
            if m.player == ex.seat and puzzles.key_of(game, m) not in right:
                fb = ex.check(str(m))
                assert not fb.accepted and not re.search(r"\bP\d [0-9JQKAEGHS]", fb.message), fb.message
                break


# ------------------------------------------------------------------------------ many processes
@pytest.mark.slow
def test_rounds_finishing_out_of_order_give_the_same_puzzles_in_the_same_order(monkeypatch):
    """Whatever mines the rounds, their finds are taken in the order of the rounds: here the
    rounds come back last first, and the puzzles, and what progress hears, are the same. The
    third puzzle is the first of two in round 4: mined here, the round stops there; elsewhere
    it is mined whole and the second is left."""
    kw = dict(strong=80, weak=40, max_games=5)
    heard_here: list = []
    here = puzzles.find_puzzles("schafkopf", 3, seed=3, progress=heard_here.append, **kw)
    closed = []

    def last_first(fn, tasks, **where):
        results = [fn(t) for t in tasks]
        try:
            yield from reversed(results)
        finally:
            closed.append(True)

    monkeypatch.setattr(puzzles, "run_tasks", last_first)
    heard: list = []
    elsewhere = puzzles.find_puzzles("schafkopf", 3, seed=3, progress=heard.append, jobs=2, **kw)
    assert len(here) == 3
    assert [p.to_record() for p in elsewhere] == [p.to_record() for p in here]
    assert [p and p.id for p in heard] == [p and p.id for p in heard_here]  # each find, then None per round
    assert closed == [True]  # the rounds not needed are called off


def test_the_generator_refuses_a_number_of_jobs_below_one():
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        puzzles.find_puzzles("palace", 1, seed=1, jobs=0)


# ------------------------------------------------------------------ the Schafkopf family's puzzles
def test_the_schafkopf_family_has_puzzles_in_every_variant():
    """Sheepshead and mehrkopf ship puzzles as schafkopf does, found with the same budgets."""
    for name in sk.TRICK_VARIANTS:
        assert name in found.SHIPPED
        assert len(found.records(name)) >= 6, name
        assert {ex.variant for ex in lessons.puzzles(name)} == {name}
    assert set(found.SHIPPED) == set(sk.VARIANTS + sk.TRICK_VARIANTS)


_CODE = re.compile(r"\bP\d\b|\b(?:10|[2-9JQKA])[CDHS]\b|\b[EGHS](?:O|U|A|K|10|9|8|7)\b")
_CAST = ["Ada", "Ben", "Cleo", "Dev", "Eve"]


def _said(game, seat, best, greedy):
    from scheissekopf.lessons.reasons import reason

    why = reason(game, seat, best, greedy)
    assert why.endswith(".") and "; the greedy" in why and "would have" in why, why
    assert not _CODE.search(why), why
    return why


def test_a_sheepshead_pick_bury_or_call_is_explained_in_card_words():
    """The decisions before the tricks get their own words: what picking, burying or calling
    does (trumps held, points buried, the called card), never a bid's words or a card code."""
    g = sk.new_game("sheepshead", players=5, seed=3, names=_CAST)
    seat = g.turn  # Ben, first to speak
    trumps = sum(1 for c in g.players[seat].hand if g.order.is_trump(c))
    why = _said(g, seat, f"P{seat} pick", f"P{seat} pass")
    assert why.startswith(f"You pick up the blind holding {trumps} of the 14 trumps")
    assert why.endswith("the greedy habit would have passed the blind on to Cleo.")
    g.play(f"P{seat} pick")
    bury = [m for m in g.legal_moves() if m.player == seat]
    why = _said(g, seat, str(bury[0]), str(bury[-1]))
    pts = sum(c.points for c in bury[0].cards)
    assert why.startswith(f"You bury {' and '.join(card_word(c) for c in bury[0].cards)}, ")
    assert f"which puts {pts} point" in why and "in your pile" in why and "the greedy habit would have buried" in why
    g.play(bury[0])
    calls = [str(m) for m in g.legal_moves() if m.player == seat]
    alone = next(t for t in calls if t.endswith(" alone"))
    other = next(t for t in calls if t != alone)
    why = _said(g, seat, other, alone)
    assert "plays with you" in why or "in the hole" in why
    assert why.endswith("would have had you play alone against the other four.")


def test_the_last_pass_in_sheepshead_says_the_hand_becomes_a_leaster():
    g = sk.new_game("sheepshead", players=5, seed=3, names=_CAST)
    for _ in range(4):
        g.play(f"P{g.turn} pass")
    seat = g.turn
    why = _said(g, seat, f"P{seat} pass", f"P{seat} pick")
    assert why.startswith("You pass, so nobody picks and the hand is a leaster (the fewest points win)")
    # in the leaster's tricks: why a cheap trick is worth taking
    record = next(r for r in found.records("sheepshead") if r["id"] == "sheepshead-1-0-17")
    assert found.exercise(record).explain.startswith(
        "Your Q♠ puts you ahead in the trick (3 points so far), and 1 card still out can beat it (a leaster is "
        "won only by a player who has taken a trick, and you have none yet); the greedy K♥ would have left Eve"
    )


def test_a_mehrkopf_solo_for_three_is_explained_by_the_trumps_it_gives():
    """Three play mehrkopf with solos only: the bid loses no partner, and naming the solo says
    how many of the game's trumps the hand holds."""
    g = sk.new_game("mehrkopf", players=3, seed=5, names=_CAST[:3])
    seat = g.turn
    why = _said(g, seat, f"P{seat} bid solo", f"P{seat} pass")
    assert why == (
        "You bid a solo and play alone against the other two; the greedy pass would have left the game to the others."
    )
    g.play(f"P{seat} bid solo")
    while g.phase == "auction":
        g.play(f"P{g.turn} pass")
    assert g.phase == "declare" and g.turn == seat
    why = _said(g, seat, f"P{seat} solo H", f"P{seat} solo E")
    held = {s: sum(1 for c in g.players[seat].hand if c.suit == s or c.rank in ("O", "U")) for s in "HE"}
    assert why == (
        f"You play a Herz solo, holding {held['H']} of the 12 trumps; the greedy habit would have had you "
        f"play an Eichel solo, holding {held['E']} of the 12 trumps."
    )


def test_a_partner_is_named_as_partner_only_where_the_seat_knows_it():
    """Against a solo the other defenders are partners; a picker whose called ace is still
    out does not know who plays with them, and the words do not say it either."""
    record = next(r for r in found.records("schafkopf") if r["id"] == "schafkopf-1-8-12")
    assert "the greedy Eichel-Neun would have let your partner Ben take the trick" in found.exercise(record).explain
    position = sk.variants.text_to_dict(
        "sheepshead | P0 QH QD 10C | P1 QS JC AD 9H | P2 KD KC 10H 9S | P3 AC 9C 8C 8H | P4 JH AH KH | "
        "buried 7C 10S | turn P1 | bids - pick - - - | contract called P1 AH | declarers P1 P4 | bound AH | "
        "called_led no | trick P4 QC 7D | tricks P1 9D 8D JD 10D JS won P0, P0 8S 7H 7S KS AS won P4 | seed 100004"
    )
    game = sk.variants.from_dict({**position, "names": _CAST})  # Eve (P4) holds the called A♥: Ben cannot know
    why = _said(game, 1, "P1 AD", "P1 JC")
    assert why.startswith("Your A♦ leaves Eve ahead in the trick (14 points so far)"), why
    assert "partner" not in why


def test_a_wrong_bid_in_a_puzzle_is_told_what_it_commits_to():
    """A refused bid or pass gets its own sentence after the figures, not a stray full stop."""
    tried = 0
    for record in RECORDS:
        game = sk.from_text(record["text"])
        if game.phase != "auction":
            continue
        ex = found.exercise(record)
        said = ex.check(record["figures"]["greedy"]["move"]).message
        assert not said.endswith(". ."), said
        assert re.search(r"units\. You (pass|bid) ", said), said
        tried += 1
    assert tried


@pytest.mark.parametrize("variant", ["sheepshead", "mehrkopf"])
def test_the_schafkopf_family_puzzles_are_solved_on_a_lesson_table(variant):
    """Each puzzle at the lesson table: the learner's own view, the greedy habit's move refused
    with the table unchanged, the solution accepted."""
    from scheissekopf.lessons.widget import LessonTable

    found_here = lessons.puzzles(variant)
    t = LessonTable(found_here)
    for i, ex in enumerate(found_here):
        t.go(i)
        assert t.exercise is ex and t.table.view == ex.seat
        start = t.table.game.to_dict()
        record = next(r for r in found.records(variant) if "pz-" + r["id"] == ex.id)
        greedy = t.answer(record["figures"]["greedy"]["move"])
        assert not greedy.accepted and greedy.legal and t.table.game.to_dict() == start
        assert t.answer(ex.solutions_text()[0]).accepted and t.progress.status(ex) == "done"


def test_the_generator_plays_each_variant_at_its_usual_table_size():
    """Sheepshead is dealt to five unless told otherwise (it cannot be played by four)."""
    ps = puzzles.find_puzzles("sheepshead", 1, seed=1, strong=80, weak=40, margin=0.0, max_games=4)
    assert ps and len(sk.from_text(ps[0].text).players) == 5
    ps = puzzles.find_puzzles("mehrkopf", 1, seed=1, strong=80, weak=40, margin=0.0, max_games=4, players=3)
    assert ps and len(sk.from_text(ps[0].text).players) == 3
