"""A minimal, hand-tuned playout of a simplified shedding game, used as a yardstick.

Four players, one 52-card deck dealt out, ranks only: play one random card of equal or higher
rank (2 resets, 10 burns), else take the stack; first hand empty ends the game. No setup, no
zones, no log, no undo, no checks. It measures how fast this machine runs tight Python right
now, so the engine's figures can be quoted as a ratio that other load does not distort.
"""

from __future__ import annotations

import random
import time


def playout(rng) -> int:
    deck = [r for r in range(2, 15) for _ in range(4)]
    rng.shuffle(deck)
    hands = [deck[i::4] for i in range(4)]
    stack = []
    turn = moves = 0
    choice = rng.choice
    while True:
        hand = hands[turn]
        top = stack[-1] if stack else 0
        if top == 2:
            top = 0
        legal = [c for c in hand if c >= top or c == 2 or c == 10]
        moves += 1
        if legal:
            card = choice(legal)
            hand.remove(card)
            if not hand:
                return moves
            if card == 10:
                stack.clear()
                continue
            stack.append(card)
        else:
            hand += stack
            stack.clear()
        turn = (turn + 1) & 3


def rate(seconds: float = 0.3, seed: int = 1) -> float:
    """Moves per CPU-second over about `seconds` of playouts."""
    rng = random.Random(seed)
    moves = 0
    t0 = time.process_time()
    while True:
        for _ in range(50):
            moves += playout(rng)
        elapsed = time.process_time() - t0
        if elapsed >= seconds:
            return moves / elapsed


if __name__ == "__main__":
    print(f"reference playout: {rate(1.0):,.0f} moves/s")
