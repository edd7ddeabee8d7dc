"""Exact flop and turn enumeration counts boards by rank multiset (pass 1)
and settles the boards a flush changes again (pass 2), in equity.c's
``boards_ranked``: its integer counts must be those of a plain count of
every board, here settled board by board through ``evaluate_batch`` (the
evaluator kernels, no equity code). The spots are drawn to make flushes
matter: monotone and two-tone boards, holes heavy in the board's suit, dead
cards of that suit, every hole size and 2 to 9 players (past 6 the kernel
settles each showdown at once instead of tallying outcomes).
"""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from omaha8_fast import equity, evaluate_batch
from omaha8_fast.cards import card_ids
from omaha8_fast.equity import EquityJob, run_job

POT = 5040
HALF = POT // 2


def board_by_board(holes: list[list[int]], board: list[int], dead: list[int]) -> dict[str, list[int]]:
    """Integer counts over every completion of ``board``, one board at a time."""
    used = {c for h in holes for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    boards = np.array([board + list(extra) for extra in combinations(deck, 5 - len(board))], np.uint8)
    n, m = len(holes), len(boards)
    high = np.empty((m, n), np.int64)
    low = np.empty((m, n), np.int64)
    for p, hole in enumerate(holes):
        hi, lo = evaluate_batch(np.array([hole] * m, np.uint8), boards)
        high[:, p] = hi
        low[:, p] = np.where(lo == 0, 1 << 30, lo)  # lower is better; none is worst
    best_high = high.min(axis=1, keepdims=True)
    best_low = low.min(axis=1, keepdims=True)
    has_low = best_low[:, 0] < 1 << 30
    high_won = high == best_high
    low_won = (low == best_low) & has_low[:, None]
    n_high = high_won.sum(axis=1)
    n_low = low_won.sum(axis=1)
    high_units = np.where(has_low, HALF, POT) // n_high
    low_units = np.where(has_low, HALF // np.maximum(n_low, 1), 0)
    counts: dict[str, list[int]] = {"showdowns": [m] * n, "no_low": [int((~has_low).sum())] * n}
    for p in range(n):
        alone_high, alone_low = high_won[:, p] & (n_high == 1), low_won[:, p] & (n_low == 1)
        counts.setdefault("high_win", []).append(int(alone_high.sum()))
        counts.setdefault("high_tie", []).append(int((high_won[:, p] & (n_high > 1)).sum()))
        counts.setdefault("low_win", []).append(int(alone_low.sum()))
        counts.setdefault("low_tie", []).append(int((low_won[:, p] & (n_low > 1)).sum()))
        counts.setdefault("scoop", []).append(int((alone_high & (alone_low | ~has_low)).sum()))
        units = high_won[:, p] * high_units + low_won[:, p] * low_units
        counts.setdefault("share", []).append(int(units.sum()))
    return counts


def kernel_counts(holes: list[list[int]], board: list[int], dead: list[int]) -> dict[str, list[int]]:
    """The same counts back from :func:`equity`'s fractions (exact: far below 2**53)."""
    results = equity(holes, board, dead, exact=True, threads=1)
    assert all(r.exact for r in results)
    s = results[0].showdowns
    counts: dict[str, list[int]] = {"showdowns": [r.showdowns for r in results],
                                    "no_low": [round(r.no_low * s) for r in results]}
    for field in ("high_win", "high_tie", "low_win", "low_tie", "scoop"):
        counts[field] = [round(getattr(r, field) * s) for r in results]
    counts["share"] = [round(r.equity * POT * s) for r in results]
    return counts


def flush_spot(rng: random.Random, players: int, board_size: int, size: int) -> tuple[list[list[int]], list[int], list[int]]:
    """A spot where one suit is everywhere: on the board, in the holes, among the dead."""
    suit = rng.randrange(4)
    in_suit = [r * 4 + suit for r in range(13)]
    rng.shuffle(in_suit)
    on_board = rng.choice([1, 2, 3, 3, 4][:board_size + 1])
    board = in_suit[:on_board]
    pool = in_suit[on_board:]
    others = [c for c in range(52) if c % 4 != suit]
    rng.shuffle(others)
    board += others[:board_size - on_board]
    others = others[board_size - on_board:]
    holes = []
    for _ in range(players):
        k = min(rng.randrange(0, 4), len(pool), size)
        hole, pool = pool[:k], pool[k:]
        hole += others[:size - k]
        others = others[size - k:]
        holes.append(hole)
    dead = pool[:rng.randrange(0, 3)] + others[:rng.randrange(0, 4)]
    rng.shuffle(board)
    return holes, board, dead


@pytest.mark.parametrize("board_size", [3, 4])
@pytest.mark.parametrize("players,size", [(2, 4), (3, 4), (4, 4), (6, 4), (7, 4), (2, 5), (3, 6), (9, 4)])
def test_flop_and_turn_counts_are_a_board_by_board_count(board_size: int, players: int, size: int) -> None:
    rng = random.Random(board_size * 1000 + players * 10 + size)
    spots = 6 if players <= 4 else 3
    for _ in range(spots):
        holes, board, dead = flush_spot(rng, players, board_size, size)
        assert kernel_counts(holes, board, dead) == board_by_board(holes, board, dead), (holes, board, dead)
    # and an unbiased draw: rainbow boards and nobody suited are the common case
    cards = rng.sample(range(52), players * size + board_size)
    holes = [cards[i * size:(i + 1) * size] for i in range(players)]
    board = cards[players * size:]
    assert kernel_counts(holes, board, []) == board_by_board(holes, board, [])


def test_weighted_candidates_on_the_flop_are_the_weighted_sum_of_their_hands() -> None:
    # each candidate is one deal whose completions are counted as a known hand's, times its weight
    board = card_ids("Ah 7h 2s")
    villain = card_ids("Kh Qh 3c 5d")
    candidates = [card_ids(h) for h in ("Jh Th 4d 4c", "9h 8h 6c 6d", "Ad 2d 3h 4h")]
    weights = (2, 5, 6)  # cumulative: 2, 3 and 1
    job = EquityJob((b"".join(map(bytes, candidates)), bytes(villain)), (weights, None), 4, bytes(board), b"",
                    exact=True)
    counts = run_job(job, threads=1)
    alone = [board_by_board([h, villain], board, []) for h in candidates]
    showdowns, share = counts[0], counts[3]
    assert showdowns == sum(w * a["showdowns"][0] for w, a in zip((2, 3, 1), alone))
    assert share == sum(w * a["share"][0] for w, a in zip((2, 3, 1), alone))
