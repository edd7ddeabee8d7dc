"""Bad input: each kind raises the promised error, naming the problem."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8_fast import evaluate, evaluate_batch, evaluate_high, evaluate_high_batch, evaluate_hilo, evaluate_low
from omaha8_fast.cards.deals import random_deals

SINGLE = [evaluate, evaluate_high, evaluate_low, evaluate_hilo]
GOOD_HOLE, GOOD_BOARD = "As Kd 2c 3h", "Qs Js 4s 5d 9c"


@pytest.mark.parametrize("function", SINGLE)
@pytest.mark.parametrize(
    "hole, board, error, words",
    [
        ("As Kd 2c", GOOD_BOARD, ValueError, "hole must have 4, 5 or 6 cards, got 3"),
        ("As Kd 2c 3h 4h 5h 6h", GOOD_BOARD, ValueError, "got 7"),
        (GOOD_HOLE, "Qs Js", ValueError, "board must have 3, 4 or 5 cards, got 2"),
        (GOOD_HOLE, "Qs Js 4s 5d 9c 8c", ValueError, "got 6"),
        ("As Kd 2c As", GOOD_BOARD, ValueError, "duplicate card As"),
        ("As Kd 2c 3h", "Qs Js 4s 5d Kd", ValueError, "duplicate card Kd"),
        ("As Kd 2c Xh", GOOD_BOARD, ValueError, "'Xh'"),
        ([51, 45, 0, 52], GOOD_BOARD, ValueError, "52 is out of range"),
        ([51, 45, 0, -1], GOOD_BOARD, ValueError, "-1 is out of range"),
        ([51, 45, 0, 300], GOOD_BOARD, ValueError, "300 is out of range"),
        ([51, 45, 0, 6.0], GOOD_BOARD, TypeError, "float"),
        (None, GOOD_BOARD, TypeError, "NoneType"),
        (b"\x00\x01\x02\x03", GOOD_BOARD, TypeError, "bytes"),
    ],
)
def test_single_hand_errors(function: object, hole: object, board: object, error: type, words: str) -> None:
    with pytest.raises(error) as info:
        function(hole, board)  # type: ignore[operator]
    assert words in str(info.value)


@pytest.mark.parametrize("batch", [evaluate_batch, evaluate_high_batch])
def test_batch_errors_name_the_row(batch: object) -> None:
    holes, boards = random_deals(10, seed=1)
    bad = holes.copy()
    bad[7, 2] = 60
    with pytest.raises(ValueError, match="row 7: card id 60 is out of range"):
        batch(bad, boards)  # type: ignore[operator]
    dup = holes.copy()
    dup[4, 3] = boards[4, 1]
    with pytest.raises(ValueError, match="row 4: duplicate card"):
        batch(dup, boards)  # type: ignore[operator]


def test_batch_type_and_shape_errors() -> None:
    holes, boards = random_deals(4, seed=2)
    with pytest.raises(TypeError, match="dtype float64"):
        evaluate_batch(holes.astype(float), boards)
    with pytest.raises(TypeError, match="dtype bool"):
        evaluate_batch(holes.astype(bool), boards)
    with pytest.raises(ValueError, match=r"card id -3 at \(1, 0\) is out of range"):
        wide = holes.astype(np.int32)
        wide[1, 0] = -3
        evaluate_batch(wide, boards)
    with pytest.raises(ValueError, match=r"holes must have shape \(N, 4 or 5 or 6\), got \(4, 3\)"):
        evaluate_batch(holes[:, :3], boards)
    with pytest.raises(ValueError, match=r"boards must have shape \(N, 3 or 4 or 5\), got \(4, 2\)"):
        evaluate_batch(holes, boards[:, :2])
    with pytest.raises(ValueError, match="holes has 4 rows but boards has 3"):
        evaluate_batch(holes, boards[:3])
    with pytest.raises(ValueError, match="shape"):
        evaluate_batch(holes[np.newaxis], boards)


def test_out_buffer_errors() -> None:
    holes, boards = random_deals(4, seed=3)
    with pytest.raises(TypeError, match="dtype uint16"):
        evaluate_batch(holes, boards, out=(np.zeros(4, np.int32), np.zeros(4, np.int32)))
    with pytest.raises(ValueError, match="shape \\(4,\\)"):
        evaluate_batch(holes, boards, out=(np.zeros(5, np.uint16), np.zeros(4, np.int32)))
    readonly = np.zeros(4, np.int32)
    readonly.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        evaluate_batch(holes, boards, out=(np.zeros(4, np.uint16), readonly))
    with pytest.raises(TypeError, match="pair"):
        evaluate_batch(holes, boards, out=np.zeros(4, np.uint16))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="numpy array"):
        evaluate_high_batch(holes, boards, out=[0, 0, 0, 0])  # type: ignore[arg-type]


def test_unchecked_garbage_stays_in_bounds() -> None:
    # check=False skips validation; any byte values must still be memory safe
    # (the results are meaningless, but the process survives).
    rng = np.random.default_rng(0)
    for hole_size, board_size in [(4, 5), (6, 3), (5, 4)]:
        holes = rng.integers(0, 256, size=(5000, hole_size), dtype=np.uint8)
        boards = rng.integers(0, 256, size=(5000, board_size), dtype=np.uint8)
        high, low = evaluate_batch(holes, boards, check=False)
        assert high.shape == (5000,) and low.shape == (5000,)
