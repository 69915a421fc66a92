"""The greedy habits of the shedding games: how a plain player stocks the bank, what it plays
and when it jumps in. The greedy bot plays by them, and they are the search's fast playout
policy (:func:`greedy_playout`)."""

from __future__ import annotations

from ..cards import JOKER_RANK
from .game import makes_four

# Extra strength of the special cards, above the best natural (higher = kept longer).
_SPECIAL_ORDER = {2: 1, 3: 2, 7: 3, 10: 4, JOKER_RANK: 5}
_TABLES: dict[str, tuple[int, ...]] = {}

# The greedy habits as scores: of the moves offered, the one scoring lowest is made.
BIG_STACK = 6  # a stack this high is burnt with a 10, or handed on with a joker, before any special
PER_STRENGTH = 16  # a play scores its rank's strength times this, less its number of cards (< 16)
COMPLETES_FOUR = -100  # a play completing four of a kind (it burns the stack) before any other...
FLIP = 1000  # ...turning a gamble card only when nothing can be played...
TAKE = 2000  # ...and taking the stack last (laying a palace bank card adds that card's strength)
OTHER = 3000  # (a move of another kind: none is offered in play)
BURN_BELOW_SPECIALS = -0.5  # a 10 or joker on a big stack: this far above the strongest natural


def play_score(table, n_nat, r, k, big, top_run):
    """The greedy score of a play of ``k`` cards of rank ``r`` (lower is better): the weakest
    rank first, the most cards of it first; a play that completes four of a kind (``top_run``:
    the stack's top run as ``Rules._run`` gives it, None when nothing can complete one) before
    anything, unless it is a 10 or stronger anyway; on a big stack (``big``) the burning 10 comes
    right after the naturals. ``table``: :func:`strength_table`; ``n_nat``: how many naturals."""
    s = table[r]
    if big and r == 10:
        s = n_nat + BURN_BELOW_SPECIALS  # a big stack: burn it first
    if top_run is not None and s < table[10] and makes_four(top_run, r, k):
        return COMPLETES_FOUR - k
    return s * PER_STRENGTH - k


def joker_score(table, n_nat, big):
    """The greedy score of showing a joker (bitenight): kept as the strongest special, except
    that it hands a big stack to someone else as early as a 10 would burn it."""
    return (n_nat + BURN_BELOW_SPECIALS if big else table[JOKER_RANK]) * PER_STRENGTH


def strength_table(preset):
    """Per rank (index 0..15): how strong a card of that rank is in this preset, from 0 (the
    lowest natural) up; the specials rank above every natural, 2 < 3 < 7 < 10 < joker."""
    table = _TABLES.get(preset.name)
    if table is None:
        order = preset.natural_order
        table = [0] * 16
        for r in range(16):
            if r in order:
                table[r] = order.index(r)
            else:
                table[r] = len(order) + _SPECIAL_ORDER.get(r, 0)
        table = _TABLES[preset.name] = tuple(table)
    return table


def _joker_target(game, rows, jokers, me):
    """The index of the joker play to make among ``rows`` (``jokers``: the joker plays'
    indices): shown to the opponent holding the most cards (they are the likeliest Scheißkopf
    already; making it surer keeps the others, us included, safe), ties to the one who plays
    soonest. ``game``: a game, a view or a lean round (``held(seat)``: the cards it holds)."""
    best, best_key = None, None
    n, turn = game.n, game.turn
    held = game.held if hasattr(game, "held") else (lambda t: game.players[t].cards_held)
    for i in jokers:
        t = rows[i][3]
        if t == me:
            continue
        key = (-held(t), (t - turn) % n)
        if best_key is None or key < best_key:
            best, best_key = i, key
    return best


def greedy_index(game, rows, table):
    """The greedy choice among the player to move's moves, given as the engine offers them:
    tuples (player, kind, cards, target, index). Returns its index in ``rows``.

    Plays: the weakest rank first, as many cards of it as possible; a play that completes four of
    a kind (and so burns the stack) before anything else. The specials (2, 3, 7 in schwechat, 10,
    joker) only when no natural card fits, the cheapest first, except that on a big stack the
    burning 10 and the joker (which hands the stack to someone else) come first. A joker goes to
    the opponent holding the most cards. With nothing to play: turn a gamble card, and take the
    stack only as the last resort (palace: laying the weakest bank card).

    The playouts call this every move, so it reads the tuples (no Move objects) and the run on
    top of the stack once.
    """
    n_nat = len(game.preset.natural_order)
    stack = game.stack
    big = len(stack) >= BIG_STACK
    # the run on top, when a play can complete four of a kind (as Game._completes_four asks)
    top_run = game._run if stack and game.opening is None else None
    return best_index(rows, table, n_nat, big, top_run, game)


def best_index(rows, table, n_nat, big, top_run, game=None):
    """:func:`greedy_index` from what it reads of the position: ``big``, a stack of at least
    :data:`BIG_STACK` cards, ``top_run`` as :func:`play_score` takes it, ``game`` (a full game,
    a view or a lean round) for a joker's target."""
    best, best_score = 0, None
    jokers = None
    for i, (me, kind, cards, _, _) in enumerate(rows):
        if kind == "play":
            score = play_score(table, n_nat, cards[0] >> 2, len(cards), big, top_run)
        elif kind == "joker":
            if jokers is None:
                jokers = [j for j, row in enumerate(rows) if row[1] == "joker"]
            score = joker_score(table, n_nat, big)
        elif kind == "flip":
            score = FLIP
        elif kind == "take":
            score = TAKE + (table[cards[0] >> 2] if cards else 0)
        else:
            score = OTHER
        if best_score is None or score < best_score:
            best, best_score = i, score
    if rows[best][1] == "joker":
        target = _joker_target(game, rows, jokers, rows[0][0])
        if target is not None:
            return target
    return best


def greedy_from_hand(game, table):
    """The greedy choice of :func:`greedy_index` worked out without making the moves, for the
    playouts: when the player to move plays from its hand and nobody can jump in
    (``Game._hand_turn``), ``(number of legal moves, the chosen move's tuple)``; else None.

    Most playout moves are such a choice, and making every play of every rank only to pick one
    is wasted work (without it a palace playout costs 6 % fewer instructions, a schwechat one 9 %). Among one rank's plays the habits always prefer the most
    cards (a smaller play scores higher, and completes four of a kind only if the biggest does),
    so one score per rank suffices; ties go to the lower rank, as the offer lists it first.
    """
    turn = game._hand_turn()
    if turn is None:
        return None
    p, ranks, cnt = turn
    stack = game.stack
    if not ranks:  # nothing fits: the take is the only move
        return (1, (p, "take", (), None, None)) if stack else None
    n_nat = len(game.preset.natural_order)
    big = len(stack) >= BIG_STACK
    top_run = game._run if stack and game.opening is None else None
    best = best_k = best_score = None
    count = 0
    for r in ranks:
        k = cnt[r][p]
        count += k
        score = play_score(table, n_nat, r, k, big, top_run)
        if best_score is None or score < best_score:
            best, best_k, best_score = r, k, score
    if stack and game.preset.voluntary_take:
        count += 1  # the take, listed last, never the greedy choice while a play fits
    return count, game._rank_plays(p, best)[best_k - 1]


def greedy_move(game, moves, table=None):
    """The greedy choice among the player to move's ``moves`` (a full game or a view): see
    :func:`greedy_index` for the habits."""
    if len(moves) == 1:
        return moves[0]
    if table is None:
        table = strength_table(game.preset)
    rows = [(m.player, m.kind, m.cards, m.target, m.index) for m in moves]
    return moves[greedy_index(game, rows, table)]


def greedy_setup(game, moves, table=None):
    """Setup habits: stock the bank with the strongest cards (swap while a hand card is stronger
    than a bank card; schwechat: lay the strongest hand cards face up), then say ready."""
    if table is None:
        table = strength_table(game.preset)
    best, gain = None, 0
    for m in moves:
        if m.kind == "swap":
            h, b = m.cards
            d = table[h >> 2] - table[b >> 2]
            if d > gain:
                best, gain = m, d
        elif m.kind == "place":
            s = table[m.cards[0] >> 2] + 1
            if best is None or s > gain:
                best, gain = m, s
    if best is not None:
        return best
    return next(m for m in moves if m.kind == "ready")


def greedy_choice(view, legal_moves):
    """The greedy bot's choice in a shedding game: setup habits, always jump in (with as many
    cards as it can), else :func:`greedy_move`."""
    if view.phase == "setup":
        return greedy_setup(view, legal_moves)
    me = legal_moves[0].player
    if me != view.turn and view.pending is None:
        return max(legal_moves, key=lambda m: len(m.cards))  # always jump in
    return greedy_move(view, legal_moves)


def jump_in_index(n, rows, turn):
    """The jump-in the playouts make (an index in ``rows``, the offer's tuples, at a table of
    ``n`` seats): the first seat after the player to move that can jump in does, with as many
    cards as it can."""
    best, best_key = None, None
    for i, row in enumerate(rows):
        if row[0] != turn:
            key = ((row[0] - turn) % n, -len(row[2]))
            if best_key is None or key < best_key:
                best, best_key = i, key
    return best


FORCED_PLIES = 4  # how many forced moves after a move stalemate_win follows


def stalemate_win(game):
    """The first move of the player to move (full game ``game``) that ends the round by the third
    repetition of a position with that player not the Scheißkopf, at once or through forced moves
    only (each the one legal move there, such as a take with nothing to play; up to
    :data:`FORCED_PLIES` of them), or None. Only a position the window holds twice can come round
    a third time, so this plays moves and takes them back only when there is one."""
    if 2 not in game._rep.values():
        return None
    me = game.turn
    for m in game.legal_moves():
        if m.player != me:
            continue
        game.play(m)
        played = 1
        while game.phase == "play" and played <= FORCED_PLIES:
            moves = game.legal_moves()
            if len(moves) != 1:
                break
            game.play(moves[0])
            played += 1
        won = game.phase == "over" and game.stalemate and game.loser != me
        for _ in range(played):
            game.undo()
        if won:
            return m
    return None


def greedy_playout(game, rng, epsilon=0.0, max_moves=5000, *, seat=None, others=None, record=True):
    """Play ``game`` (a full game, not a view) to its end with the greedy habits for every seat;
    with probability ``epsilon`` a move is a random one instead. ``others``: that probability
    for the moves of every seat but ``seat`` (default ``epsilon``: all seats alike), so a search
    can model its opponents as more random than itself. Jump-ins are always taken, and so is a
    third repetition that ends the round in the mover's favour (:func:`stalemate_win`): a player
    who sees a cycle close its way closes it, whatever its habits.

    ``record=False`` plays on a copy about to be thrown away: the moves are not recorded (no
    history, no undo: the game's undo record is dropped first), which spares about a fifth of a
    playout's instructions; the moves, the random numbers drawn and the events logged are the
    same.
    Returns the number of moves, or ``None`` if ``max_moves`` were played without an end."""
    table = strength_table(game.preset)
    rand, choice = rng.random, rng.choice
    if others is None:
        others = epsilon
    if record:
        legal, play = game.legal_moves, game.play
        put = None
    else:
        raw, put = game._raw_moves, game._unrecorded()
    played = 0
    while game.phase != "over":
        if played >= max_moves:
            return None
        if put is not None and (plain := greedy_from_hand(game, table)) is not None:
            # the usual move, chosen without making the moves; the same random numbers are
            # drawn as below (none when there is one move), so the two paths play alike
            count, row = plain
            if count > 1:
                p = epsilon if game.turn == seat else others
                if 2 in game._rep.values() and (win := stalemate_win(game)) is not None:
                    row = (win.player, win.kind, win.cards, win.target, win.index)
                elif p and rand() < p:
                    rows = raw()
                    row = rows[choice(range(len(rows)))]
            put(row)
            played += 1
            continue
        if put is None:
            moves = legal()
            rows = moves._items  # the offer's tuples: a Move is made only for the move played
        else:
            rows = raw()
        if game.phase == "setup":  # (rare in a playout: Move objects for the setup habits)
            if put is not None:
                moves = game.legal_moves()  # the same moves as rows, in the same order
            first = min(m.player for m in moves)
            m = greedy_setup(game, [m for m in moves if m.player == first], table)
            i = next(j for j, x in enumerate(moves) if x is m)
        elif len(rows) == 1:
            i = 0
        else:
            turn = game.turn
            p = epsilon if turn == seat else others
            if rows[-1][0] != turn or rows[0][0] != turn:
                i = jump_in_index(game.n, rows, turn)
            elif 2 in game._rep.values() and (win := stalemate_win(game)) is not None:
                # (a position seen twice is rare: the test costs little)
                i = rows.index((win.player, win.kind, win.cards, win.target, win.index))
            elif p and rand() < p:
                i = choice(range(len(rows)))  # (as choice(rows) would draw it)
            else:
                i = greedy_index(game, rows, table)
        if put is None:
            play(moves[i])
        else:
            put(rows[i])
        played += 1
    return played
