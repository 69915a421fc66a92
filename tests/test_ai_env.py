"""The game-AI encoding and the PettingZoo environment (scheissekopf.ai, the ``ai`` extra).

Every legal move maps to exactly one action and back on every decision point of random games of
all six variants; an observation is the acting seat's view and nothing more; the environment
passes PettingZoo's own API and seed tests at every table size; an action outside the mask is
refused with the legal actions named, and nothing changes.
"""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import scheissekopf as sk
from scheissekopf.ai.encoding import SHEDDING_PHASES, STACK_TOP, WAIT, ActionSpace, ObservationLayout, Round, tables
from scheissekopf.ai.pettingzoo_env import env

ROOT = Path(__file__).resolve().parents[1]

# a table of each variant, with the options that open every phase (knocking: the double phase),
# and the kinds of move its random games must reach, so that the mapping test sees them
SHEDDING = {"swap", "ready", "play", "take", "flip"}
GAMES = [
    ("bitenight", 4, {}, SHEDDING | {"joker", "jump-in", WAIT}),
    ("bitenight", 6, {}, SHEDDING | {"joker", "jump-in", WAIT}),
    ("palace", 2, {}, SHEDDING),
    ("palace", 5, {}, SHEDDING),
    ("schwechat", 3, {"penalties": True}, SHEDDING | {"place"}),
    ("sheepshead", 5, {"knocking": True}, {"pick", "pass", "bury", "call", "alone", "card", "double"}),
    ("sheepshead", 6, {"doublers": True}, {"pick", "pass", "bury", "card"}),
    ("schafkopf", 4, {}, {"bid", "pass", "card", "solo", "tout"}),
    ("mehrkopf", 2, {}, {"bid", "pass", "card", "trump"}),
    ("mehrkopf", 3, {}, {"bid", "pass", "card", "tout"}),
    ("mehrkopf", 5, {}, {"bid", "pass", "card"}),
    ("mehrkopf", 6, {}, {"bid", "pass", "card"}),
]


def random_rounds(variant, players, options, seeds):
    """Every decision point of random games: (round, acting seat) before each step."""
    actions = ActionSpace(variant, players)
    for seed in seeds:
        game = sk.new_game(variant, players=players, seed=seed, **options)
        rnd = Round(game, actions)
        rng = random.Random(seed)
        while not rnd.over:
            yield rnd
            rnd.step(rng.choice(rnd.legal_actions()))


@pytest.mark.parametrize("variant, players, options, kinds", GAMES)
def test_every_legal_move_maps_to_exactly_one_action_and_back(variant, players, options, kinds):
    seen = set()
    for k, rnd in enumerate(random_rounds(variant, players, options, range(3))):
        game, actions, seat = rnd.game, rnd.actions, rnd.actor
        legal = rnd.legal_moves()
        moves = [m for m in game.legal_moves() if m.player == seat]
        # each of the seat's engine moves has its own action, and that action plays that move
        assert len({actions.action_of(m) for m in moves}) == len(moves)
        for m in moves:
            a = actions.action_of(m)
            assert legal[a] == m and actions.keys[a] == actions.key_of(m)
            seen.add(m.kind)
        assert len(legal) == len(moves) + (1 if rnd.jump_in else 0)
        assert np.flatnonzero(rnd.mask()).tolist() == sorted(legal)
        if rnd.jump_in:
            seen.update({"jump-in", WAIT})
            assert legal[actions.index[(WAIT,)]] is None and seat != game.turn
        # every engine move of any seat is offered to that seat: in setup once the lower seats
        # are ready, in play (unless it let this chance pass) once the seats before it wait
        for other in () if k % 4 else {m.player for m in game.legal_moves()} - {seat} - rnd.declined:
            probe = rnd.clone()
            while probe.actor != other:
                if probe.game.phase == "setup":  # the lower seat finishes its setup
                    ready = actions.index[("ready",)]
                    # not ready yet (schwechat: cards to place first): the last action is a place
                    probe.step(ready if ready in probe.legal_moves() else probe.legal_actions()[-1])
                else:
                    assert probe.jump_in, f"seat {other}'s moves are never offered"
                    probe.step(actions.index[(WAIT,)])
    assert kinds <= seen, f"random games never reached {kinds - seen}"


def test_a_jump_in_is_played_by_the_seat_that_jumps_in_out_of_turn():
    for rnd in random_rounds("bitenight", 4, {}, range(20)):
        if rnd.jump_in:
            seat, turn = rnd.actor, rnd.game.turn
            jump = next(a for a, m in rnd.legal_moves().items() if m is not None)
            move = rnd.step(jump)
            assert move.player == seat != turn
            return
    raise AssertionError("no jump-in chance in 20 random bitenight games")


@pytest.mark.parametrize("variant, players, options", [g[:3] for g in GAMES])
def test_an_observation_is_the_acting_seats_view_and_nothing_more(variant, players, options):
    layout = ObservationLayout(variant, players)
    rng = random.Random(5)
    for k, rnd in enumerate(random_rounds(variant, players, options, range(2))):
        if k % 3:
            continue
        seat, game = rnd.actor, rnd.game
        obs = layout.encode(game, seat, rnd.jump_in)
        view = game.view(seat)
        assert np.array_equal(obs, layout.encode(view, seat, rnd.jump_in)), "the observation differs from the view's"
        # another deal of the cards the seat cannot see gives the very same observation
        world = sk.variants.determinize(view, rng)
        assert np.array_equal(obs, layout.encode(world, seat, rnd.jump_in)), "a hidden card shows in the observation"


def plain_observation(layout, view, seat, jump_in=False):
    """The observation written the straightforward way, segment by segment, from the seat's
    view alone (``view``: ``game.view(seat)``, which holds only what that seat may see): the
    specification that the encoder's fast path must meet byte for byte."""
    out = np.zeros(layout.size, dtype=np.float32)
    n, fi = layout.players, layout.face_index

    def seg(name):
        return layout.segment(out, name)

    def row(p):  # seats are counted from the observer
        return (p - seat) % n

    def count(target, cards):
        for c in cards:
            if c is not None and c != hidden:
                target[fi[c]] += 1

    players = view.players
    if not layout.trick:
        hidden = sk.HIDDEN
        count(seg("hand"), players[seat].hand)
        slots = seg("gamble").shape[1]
        for p, pl in enumerate(players):
            count(seg("bank")[row(p)], pl.bank)
            count(seg("known")[row(p)], view.known[p])
            seg("hand_size")[row(p)] = len(pl.hand)
            for i, c in enumerate(pl.gamble[:slots]):
                seg("gamble")[row(p), i] = c is not None
            seg("finished")[row(p)] = p in view.finished
            seg("ready")[row(p)] = view.ready[p]
            seg("warned")[row(p)] = view.warned[p]
        count(seg("stack"), view.stack)
        for i, c in enumerate(reversed(view.stack[-STACK_TOP:])):
            seg("stack_top")[i, fi[c]] = 1
        seg("stack_size")[0] = len(view.stack)
        top = view.effective_top
        seg("effective_top")[len(layout.actions.ranks) if top is None else layout.rank_index[top.rank]] = 1
        seg("draw_size")[0] = len(view.draw)
        count(seg("discard"), view.discard)
        if view.turn is not None:
            seg("turn")[row(view.turn)] = 1
        seg("direction")[0] = view.direction
        if view.pending is not None:
            seg("pending")[row(view.pending[1])] = 1
        seg("phase")[SHEDDING_PHASES.index(view.phase)] = 1
        seg("jump_in")[0] = jump_in
        return out
    hidden = view.family.hidden
    count(seg("hand"), players[seat].hand)
    for p, pl in enumerate(players):
        seg("hand_size")[row(p)] = len(pl.hand)
        if view.layout:
            count(seg("bank")[row(p)], pl.bank)
            for i, c in enumerate(pl.gamble[: seg("gamble").shape[1]]):
                seg("gamble")[row(p), i] = c is not None
    for p, c in zip(view.trick_seats, view.trick):
        if c == hidden:
            seg("trick_hidden")[row(p)] = 1
        else:
            seg("trick")[row(p), fi[c]] = 1
    for t in view.tricks:
        count(seg("played"), t.cards)
        seg("tricks_won")[row(t.winner)] += 1
    count(seg("blind"), view.blind)
    seg("blind_size")[0] = len(view.blind)
    count(seg("buried"), view.buried)
    seg("buried_size")[0] = len(view.buried)
    if view.hole is not None:
        seg("hole_exists")[0] = 1
        count(seg("hole"), [view.hole])
    for p in range(n):
        if view.bids[p] is not None:
            seg("bids")[row(p), layout.bid_index[view.bids[p]]] = 1
        if view.doubles[p] is not None:
            seg("doubles")[row(p), int(view.doubles[p] == "double")] = 1
    if view.best_bid is not None:
        p, level = view.best_bid
        seg("best_bid")[row(p), layout.level_index[level]] = 1
    c = view.contract
    if c is not None:
        seg("mode")[layout.mode_index[c.mode]] = 1
        if c.declarer is not None:
            seg("declarer")[row(c.declarer)] = 1
        if c.suit is not None:
            seg("suit")[layout.suit_index[c.suit]] = 1
        if c.called is not None:
            seg("called")[fi[c.called]] = 1
        seg("tout_must")[:] = (c.tout, c.must)
        for p in view.declarers:
            seg("declarers")[row(p)] = 1
    seg("called_led")[0] = view.called_led
    seg("multiplier")[0] = view.multiplier
    if view.turn is not None:
        seg("turn")[row(view.turn)] = 1
    seg("phase")[layout.phase_index[view.phase]] = 1
    return out


@pytest.mark.slow
@pytest.mark.parametrize("variant, players, options", [g[:3] for g in GAMES])
def test_the_fast_observation_is_byte_for_byte_the_plain_one_from_the_seats_view(variant, players, options):
    # every decision point of random games, each seat's observation (the actor's with its
    # jump-in flag), against the plain encoding of that seat's view: the fast path reads the
    # game itself and keeps counts between calls, and may never show more or drift
    layout = ObservationLayout(variant, players)
    points, seed = 0, 0
    while points < 40 or seed < 2:  # (a trick game's hand may be thrown in after the bids)
        for rnd in random_rounds(variant, players, options, [seed]):
            game = rnd.game
            for seat in range(players):
                jump = rnd.jump_in and seat == rnd.actor
                fast = layout.encode(game, seat, jump)
                plain = plain_observation(layout, game.view(seat), seat, jump)
                assert fast.dtype == plain.dtype == np.float32
                wrong = [r["segment"] for r in layout.describe(np.abs(fast - plain), seat=seat)]
                assert fast.tobytes() == plain.tobytes(), f"{game.to_text()} (seat {seat}): {wrong} differ"
                into = np.full(layout.size, 7, dtype=np.float32)  # (OpenSpiel's observer writes in place)
                layout.encode_into(into, game, seat, jump)
                assert into.tobytes() == fast.tobytes()
            points += 1
        seed += 1


def test_the_card_in_the_hole_shows_only_to_the_seats_that_saw_it():
    # sheepshead: the picker may call with a card face down "in the hole"; it shows to the
    # picker, to the trick's winner and to all once the hand is over (seeds where it happens)
    layout = ObservationLayout("sheepshead", 5)
    holes = 0
    for rnd in random_rounds("sheepshead", 5, {}, [3, 5, 6]):
        game = rnd.game
        holes += game.hole is not None
        for seat in range(5):
            plain = plain_observation(layout, game.view(seat), seat)
            assert layout.encode(game, seat).tobytes() == plain.tobytes(), f"{game.to_text()} (seat {seat})"
    assert holes, "no card was played in the hole"


@pytest.mark.slow
@pytest.mark.parametrize("variant, players, options", [g[:3] for g in GAMES[::2]])
def test_the_fast_observation_keeps_nothing_from_another_game(variant, players, options):
    # the encoder keeps the counts of zones that seldom change between calls: positions of
    # several games, encoded in a shuffled order by one layout, must each still be their own
    layout = ObservationLayout(variant, players)
    points = [(r.game.clone(), r.actor, r.jump_in) for r in random_rounds(variant, players, options, range(3))]
    random.Random(11).shuffle(points)
    for game, seat, jump in points[:300]:
        assert (
            layout.encode(game, seat, jump).tobytes()
            == plain_observation(layout, game.view(seat), seat, jump).tobytes()
        )
        other = (seat + 1) % players
        assert layout.encode(game, other).tobytes() == plain_observation(layout, game.view(other), other).tobytes()


@pytest.mark.slow
@pytest.mark.parametrize("variant, players, options", [g[:3] for g in GAMES])
def test_the_fast_observation_follows_a_game_taken_back_move_by_move(variant, players, options):
    # the kept rows, stacks and words are reused only while the zones they were counted from
    # are unchanged: undoing every move of a random game (each kind of move taken back, the
    # burns, pickups and deals among them), every seat's observation is still the plain one
    layout = ObservationLayout(variant, players)
    undone = 0
    for seed in range(4):  # (a trick game's hand may be thrown in after the bids)
        for rnd in random_rounds(variant, players, options, [seed]):
            pass
        game = rnd.game
        while game.history:
            game.undo()
            undone += 1
            for seat in range(players):
                fast = layout.encode(game, seat)
                assert fast.tobytes() == plain_observation(layout, game.view(seat), seat).tobytes(), (
                    f"{game.to_text()} (seat {seat}, {undone} moves taken back)"
                )
    assert undone > 20


def test_the_observation_counts_the_cards_of_the_own_hand_over_the_variants_deck():
    g = sk.from_text("palace | P0 5H 9C 9D | P1 QS 2C | stack 7S")
    layout = ObservationLayout("palace", 2)
    obs = layout.encode(g, 0)
    hand = layout.segment(obs, "hand")
    assert {str(layout.faces[i]): hand[i] for i in np.flatnonzero(hand)} == {"5H": 1, "9C": 1, "9D": 1}
    assert layout.segment(obs, "hand_size").tolist() == [3, 2]  # own seat first, then the next
    assert layout.segment(obs, "stack")[layout.face_index[sk.Card.parse("7S")]] == 1


@pytest.mark.parametrize("variant, players", tables())
def test_pettingzoo_api_test_and_seed_test_pass_at_every_table(variant, players):
    api_test(env(variant, players), num_cycles=30)
    seed_test(lambda: env(variant, players), num_cycles=30)


def test_an_action_outside_the_mask_is_refused_naming_the_legal_actions_and_nothing_changes():
    e = env("bitenight", 4)
    e.reset(seed=3)
    before, agent = e.game.to_dict(), e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(sk.IllegalMove) as info:
        e.step(illegal)
    message = str(info.value)
    assert f"action {illegal}" in message
    for a in np.flatnonzero(mask):
        assert re.search(rf"\b{a} \(", message), f"the message leaves out legal action {a}"
    assert e.game.to_dict() == before and e.agent_selection == agent
    for bad in (-1, e.actions.size, "7", None, 2.5):
        with pytest.raises(sk.IllegalMove):
            e.step(bad)
    assert e.game.to_dict() == before


def play_out(e, seed):
    """Random legal actions from ``reset(seed=seed)`` to the end; each agent's last reward and
    the finished game."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards, game = {}, None
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        rewards[agent] = reward
        game = e.game
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return rewards, game


def test_the_shedding_reward_says_who_is_the_scheisskopf():
    rewards, game = play_out(env("palace", 3), 1)
    assert game.phase == "over"
    assert rewards == {f"seat_{s}": (-1.0 if s == game.loser else 1.0) for s in range(3)}


def test_bitenight_points_are_the_reward_on_request():
    rewards, game = play_out(env("bitenight", 4, reward="points"), 2)
    assert game.phase == "over"
    assert rewards == {f"seat_{s}": float(p) for s, p in game.points().items()}
    with pytest.raises(ValueError, match="bitenight"):
        env("palace", 2, reward="points")


def test_a_trick_games_reward_is_the_settlement_in_game_units():
    rewards, game = play_out(env("schafkopf", 4), 4)
    assert game.phase == "over"
    assert rewards == {f"seat_{s}": float(v) for s, v in game.scores().items()}
    assert sum(rewards.values()) == pytest.approx(0)


def test_docs_name_every_segment_of_both_families_layouts():
    text = (ROOT / "docs" / "AI.md").read_text(encoding="utf-8")
    for variant in ("bitenight", "schafkopf"):
        for name, *_ in ObservationLayout(variant, 4).segments:
            assert f"`{name}`" in text, f"docs/AI.md does not describe the segment {name!r}"


def test_the_ai_package_asks_the_registry_and_never_a_familys_modules():
    from helpers import import_graph

    graph = import_graph()
    reached = {t for m, ts in graph.items() if m.startswith("ai") for t in ts}
    assert reached, "the ai package imports nothing of the engine"
    assert not {t for t in reached if t.split(".")[0] in ("shedding", "trick")}, reached


@settings(max_examples=25, deadline=None)
@given(
    variant=st.sampled_from([("bitenight", 4), ("palace", 2), ("schwechat", 3)]),
    seeds=st.lists(st.integers(0, 10_000), min_size=2, max_size=3),
    steps=st.lists(
        st.tuples(st.sampled_from(["play"] * 4 + ["undo", "clone", "jump"]), st.integers(0, 1_000)), max_size=60
    ),
)
def test_a_kept_count_never_outlives_the_position_it_was_counted_from(variant, seeds, steps):
    # one layout keeps counts between calls (the stack, the known cards, the slow zones); games
    # played on, taken back, cloned and observed in turns (A, then B, then A again) must each
    # give what a fresh layout computes from a fresh copy of the position
    name, players = variant
    layout = ObservationLayout(name, players)
    games = [sk.new_game(name, players=players, seed=s) for s in seeds]
    at = 0
    for kind, k in steps:
        game = games[at]
        if kind == "play":  # (a few moves, so that stacks are taken and known cards played)
            for i in range(1 + k % 8):
                if game.phase == "over":
                    break
                legal = game.legal_moves()
                game.play(legal[(k + i) % len(legal)])
        elif kind == "undo":
            with contextlib.suppress(IndexError):  # nothing to undo: a clone's undo record starts empty
                game.undo()
        elif kind == "clone":
            games.append(game.clone())
        elif kind == "jump":
            at = k % len(games)
        game = games[at]
        for seat in (k % players, (k + 1) % players):
            fresh = ObservationLayout(name, players).encode(game.clone(), seat)
            assert layout.encode(game, seat).tobytes() == fresh.tobytes(), f"{game.to_text()} (seat {seat})"


def test_the_encodings_words_are_each_familys_own_defined_once():
    # the phases, bids, levels and contracts the observation one-hots are the variant object's
    # vocabulary (each family defines its words once); the AI package writes none of them
    from scheissekopf.variants import variant

    for name, n in [("bitenight", 4), ("palace", 2), ("sheepshead", 5), ("schafkopf", 4), ("mehrkopf", 3)]:
        words = variant(name).vocabulary
        layout = ObservationLayout(name, n)
        assert layout.words["phase"] == words["phases"]
        if words["bids"]:
            assert tuple(layout.bid_index) == words["bids"] and tuple(layout.mode_index) == words["modes"]
            assert tuple(layout.level_index) == words["levels"]
            assert {f"solo {k}" for k in words["kinds"]} <= set(layout.actions.names)
    assert SHEDDING_PHASES == variant("palace").vocabulary["phases"]
    source = "".join((ROOT / "scheissekopf" / "ai" / f).read_text(encoding="utf-8") for f in ("encoding.py",))
    for word in ("auction", "wedding", "leaster", "niederer", '"setup"'):
        assert word not in source, f"ai/encoding.py writes the family's word {word}"
