"""omaha8_fast.rank_all_holes against evaluate() (the C evaluator's single
calls) and the pure-Python reference evaluator, on every board size and hole
size; exhaustively on a few boards in the slow stage."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from omaha8_fast import AllHoles, evaluate, rank_all_holes
from omaha8_fast.evaluator import rank_all_holes as from_evaluator


def _expected(hole: list[int], board: list[int]) -> tuple[int, int]:
    e = evaluate(hole, board)
    return e.high.value, (e.low.value if e.low else -1)


@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_random_rows_match_evaluate(board_size: int, hole_size: int) -> None:
    rng = random.Random(board_size * 10 + hole_size)
    cards = rng.sample(range(52), board_size + 3)
    board, dead = cards[:board_size], cards[board_size:]
    if hole_size == 6:  # a smaller table (millions of rows otherwise), the same code
        dead = dead + rng.sample([c for c in range(52) if c not in cards], 10)
    ranked = rank_all_holes(board, hole_size, dead)
    rest = [c for c in range(52) if c not in board and c not in dead]
    n = len(ranked)
    assert n == len(ranked.holes) == len(ranked.high) == len(ranked.low)
    assert ranked.holes.shape == (n, hole_size) and n == sum(1 for _ in itertools.combinations(rest, hole_size))
    assert ranked.board == tuple(board) and ranked.dead == tuple(dead) and ranked.hole_size == hole_size
    picks = [0, n - 1] + [rng.randrange(n) for _ in range(150)]
    for i in picks:
        hole = ranked.holes[i].tolist()
        assert (int(ranked.high[i]), int(ranked.low[i])) == _expected(hole, board)
    # the documented order: itertools.combinations of the remaining ids
    combos = list(itertools.islice(itertools.combinations(rest, hole_size), 500))
    assert ranked.holes[:500].tolist() == [list(c) for c in combos]
    assert ranked.holes[-1].tolist() == rest[-hole_size:]


def test_flush_and_low_boards_all_rows_on_small_deck() -> None:
    """Every hole of a mostly-dead deck (40 dead cards), on boards with a
    possible flush and a possible low, against evaluate() row by row."""
    for board_text in ("As Ks 4s 5d 2c", "3h 4h 5h", "2c 3c 4c 5c", "Kd Kh 9c 9s 7d"):
        rng = random.Random(board_text)
        board = rank_all_holes(board_text).board
        rest = [c for c in range(52) if c not in board]
        dead = rng.sample(rest, len(rest) - 12)
        ranked = rank_all_holes(board_text, 4, dead)
        assert len(ranked) == 495
        for hole, high, low in zip(ranked.holes.tolist(), ranked.high.tolist(), ranked.low.tolist()):
            assert (high, low) == _expected(hole, list(board))


def test_types_and_exports() -> None:
    ranked = rank_all_holes("Ah Kh 7c 5d 2s")
    assert isinstance(ranked, AllHoles) and from_evaluator is rank_all_holes
    assert ranked.holes.dtype == np.uint8 and ranked.high.dtype == np.uint16 and ranked.low.dtype == np.int32
    assert len(ranked) == 178365 and "178365 holes" in repr(ranked)
    assert (ranked.low == -1).any() and not (ranked.low == 0).any()


def test_everything_dead_gives_empty_arrays() -> None:
    board = [0, 1, 2, 3, 4]
    ranked = rank_all_holes(board, 4, list(range(5, 50)))  # two cards left: no 4-card hole
    assert len(ranked) == 0 and ranked.holes.shape == (0, 4)


@pytest.mark.parametrize(
    ("board", "hole_size", "dead", "error"),
    [
        ("Ah Kh 7c 5d", 4, "Ah", ValueError),  # dead card on the board
        ("Ah Ah 7c 5d", 4, (), ValueError),  # duplicate on the board
        ("Ah Kh 7c 5d", 4, "2c 2c", ValueError),  # duplicate among the dead
        ("Ah Kh", 4, (), ValueError),  # board too short
        ("Ah Kh 7c 5d 2s 3s", 4, (), ValueError),  # board too long
        ("Ah Kh 7c", 3, (), ValueError),
        ("Ah Kh 7c", 7, (), ValueError),
        ("Ah Kh 7c", True, (), TypeError),
        ("Ah Kh 7c", 4.0, (), TypeError),
        ([True, 5, 9], 4, (), TypeError),
        ([1, 5, 52], 4, (), ValueError),
        ("Ah Kh 7c", 4, [False], TypeError),
        (b"abc", 4, (), TypeError),
    ],
)
def test_bad_input(board: object, hole_size: object, dead: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        rank_all_holes(board, hole_size, dead)  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("board", ["Ah Kh 7c 5d 2s", "Qs Js Ts 3s 2d", "8c 8d 8h"])
def test_exhaustive_against_batch_evaluator(board: str) -> None:
    """Every four-card hole, against evaluate_batch (the batch kernels) and a
    sample of 2,000 rows against the pure-Python reference evaluator (too slow
    for all of them: about 0.3 ms a hand)."""
    from omaha8_fast import evaluate_batch
    from omaha8_fast.evaluator import reference

    ranked = rank_all_holes(board)
    high, low = evaluate_batch(ranked.holes, np.array(ranked.board, np.uint8))
    assert np.array_equal(high, ranked.high)
    assert np.array_equal(np.where(low == 0, -1, low), ranked.low)
    rng = random.Random(board)
    for i in rng.sample(range(len(ranked)), 2000):
        hole = ranked.holes[i].tolist()
        assert reference.evaluate_hilo(hole, list(ranked.board)) == (
            int(ranked.high[i]), None if ranked.low[i] < 0 else int(ranked.low[i]))
