"""Inputs and a Python oracle for the portable checker (.ci/portable.sh).

``python portable_deals.py deals N SEED``: N random deals, one a line, in
csrc/tools/o8check.c's format (4-6 hole cards | 3-5 board cards).
``python portable_deals.py jobs N SEED``: N equity jobs (2-4 known holes of
one size and a board of 0-5 cards) for ``o8check --equity``.
``python portable_deals.py check DEALS OUTPUT EVERY``: every EVERY-th deal of
DEALS evaluated by the installed omaha8_fast.evaluate_hilo must give the line
of o8check's OUTPUT (low -1 for None); exits 1 naming the first difference.
"""

from __future__ import annotations

import random
import sys

RANKS, SUITS = "23456789TJQKA", "cdhs"


def _text(cards: list[int]) -> str:
    return " ".join(RANKS[c >> 2] + SUITS[c & 3] for c in cards)


def deals(n: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        hole, board = rng.choice((4, 5, 6)), rng.choice((3, 4, 5))
        cards = rng.sample(range(52), hole + board)
        print(_text(cards[:hole]), "|", _text(cards[hole:]))


def jobs(n: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        players, hole, board = rng.randint(2, 4), rng.choice((4, 5, 6)), rng.choice((0, 3, 4, 5))
        cards = rng.sample(range(52), players * hole + board)
        groups = [_text(cards[p * hole:(p + 1) * hole]) for p in range(players)]
        print(" | ".join(groups + [_text(cards[players * hole:])]))


def check(deals_path: str, output_path: str, every: int) -> int:
    from omaha8_fast import evaluate_hilo

    with open(deals_path) as d, open(output_path) as o:
        lines, outputs = d.read().splitlines(), o.read().splitlines()
    if len(lines) != len(outputs):
        print(f"portable: {len(lines)} deals but {len(outputs)} output lines", file=sys.stderr)
        return 1
    checked = 0
    for number in range(0, len(lines), every):
        hole, board = lines[number].split("|")
        high, low = evaluate_hilo(hole, board)
        expected = f"{high} {-1 if low is None else low}"
        if outputs[number] != expected:
            print(f"portable: deal {number + 1} ({lines[number]}): o8check {outputs[number]!r}, "
                  f"evaluate_hilo {expected!r}", file=sys.stderr)
            return 1
        checked += 1
    print(f"evaluate_hilo agrees with o8check on {checked} deals")
    return 0


if __name__ == "__main__":
    verb, args = sys.argv[1], sys.argv[2:]
    if verb == "deals":
        deals(int(args[0]), int(args[1]))
    elif verb == "jobs":
        jobs(int(args[0]), int(args[1]))
    else:
        sys.exit(check(args[0], args[1], int(args[2])))
