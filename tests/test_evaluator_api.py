"""The public evaluation API: forms of input, results, batches and errors."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8_fast import (
    Card,
    Evaluation,
    evaluate,
    evaluate_batch,
    evaluate_high,
    evaluate_high_batch,
    evaluate_hilo,
    parse_cards,
)
from omaha8_fast.cards.deals import random_deals
from omaha8_fast.evaluator import reference

HOLE, BOARD = "Ks Kd 5h 2c", "Kh 5c 5d Ac 8s"


@pytest.mark.parametrize(
    "hole, board",
    [
        ("KsKd5h2c", "Kh5c5dAc8s"),
        ("ks,kd,5h,2c", "KH 5C 5D AC 8S"),
        (["Ks", "Kd", "5h", "2c"], ["Kh", "5c", "5d", "Ac", "8s"]),
        ([47, 45, 14, 0], (46, 12, 13, 48, 27)),
        (parse_cards(HOLE), parse_cards(BOARD)),
        (np.array(parse_cards(HOLE), np.int64), np.array(parse_cards(BOARD), np.uint8)),
    ],
)
def test_every_input_form_gives_the_same_answer(hole: object, board: object) -> None:
    assert evaluate_hilo(hole, board) == evaluate_hilo(HOLE, BOARD)  # type: ignore[arg-type]
    assert evaluate_high(hole, board) == reference.evaluate_high(HOLE, BOARD)  # type: ignore[arg-type]


def test_evaluation_details() -> None:
    result = evaluate(HOLE, BOARD)
    assert result.high.value == evaluate_high(HOLE, BOARD)
    assert result.high.category == "Full House" and result.high.description == "Kings full of fives"
    assert set(result.high.cards) == {Card(c) for c in ("Ks", "Kd", "Kh", "5c", "5d")}
    assert set(result.high.hole_cards) == {Card("Ks"), Card("Kd")}
    assert result.low is None and "Low:  none" in str(result)
    # Its five cards rank as the class it reports.
    assert reference.rank_five(list(result.high.cards)) == result.high.value


def test_low_details() -> None:
    result = evaluate("Ac 2d Kc Kh", "7h 5s 3c Ks Qd")
    assert result.low is not None
    assert result.low.value == 75321 and result.low.description == "Seven-five low"
    assert set(result.low.hole_cards) == {Card("Ac"), Card("2d")}
    assert reference.low_five(list(result.low.cards)) == 75321
    assert result.high.description == "Three kings"


@pytest.mark.parametrize(
    "hole, board, description",
    [
        ("As Ks 2c 2h", "Qs Js Ts 3d 4c", "Royal flush"),
        ("9s 8s 2c 2h", "7s 6s 5s 3d 4c", "Nine-high straight flush"),
        ("As 2s Kc Kh", "3s 4s 5s Qd Qc", "Five-high straight flush"),
        ("9c 9d 2c 2h", "9s 9h 5s 3d 4c", "Four nines"),
        ("Ac Qc 2d 7h", "Kc 9c 3c Ad Js", "Ace-high flush"),
        ("Ac Kd 2d 7h", "Qc Jc Tc 8d 7s", "Ace-high straight"),
        ("Qc Qd 2d 7h", "Qs 9c 3c 8d 6s", "Three queens"),
        ("Ac 9d 2d 7h", "As 9c 3c Kd 6s", "Two pair, aces and nines"),
        ("Tc Jd 2d 7h", "Ts 9c 3c 5d 4s", "Pair of tens"),
        ("Ac Jd 8d 9h", "Ks 6c 3c 5d 2s", "Ace high"),
    ],
)
def test_descriptions(hole: str, board: str, description: str) -> None:
    assert evaluate(hole, board).high.description == description


def test_evaluations_order_stronger_as_greater() -> None:
    royal = evaluate("As Ks 2c 2h", "Qs Js Ts 3d 4c")
    boat = evaluate(HOLE, BOARD)
    same_boat = evaluate("Kc Kd 5h 3c", "Kh 5c 5d Ac 8s")
    assert royal > boat and boat < royal and boat == same_boat
    assert sorted([boat, royal]) == [boat, royal]
    # Same high, so the low decides; having a low beats having none.
    with_low = evaluate("Kc Kd 2c 3h", "Ks 5d 5h 4c 6s")
    without_low = evaluate("Kc Kh 9c Th", "Ks 5d 5h 4c 6s")
    assert with_low.high == without_low.high and with_low.low is not None and without_low.low is None
    assert with_low > without_low and isinstance(with_low, Evaluation)


def test_high_and_low_hands_compare_within_their_kind() -> None:
    """HighHand and LowHand: a stronger hand is greater, equal values are
    equal and hash alike, and a high hand is never equal to (nor ordered
    against) a low hand of the same number."""
    boat, same_boat = evaluate(HOLE, BOARD).high, evaluate("Kc Kd 5h 3c", "Kh 5c 5d Ac 8s").high
    royal = evaluate("As Ks 2c 2h", "Qs Js Ts 3d 4c").high
    assert boat == same_boat and hash(boat) == hash(same_boat) and boat.cards != same_boat.cards
    assert royal > boat and boat < royal and boat <= same_boat and royal >= boat and not boat > same_boat
    assert sorted([royal, boat]) == [boat, royal] and len({boat, same_boat, royal}) == 2
    wheel = evaluate("Ac 2d Kh Kd", "3c 4h 5s Qd Jc").low
    seven = evaluate("Ac 2d Kh Kd", "3c 4h 7s Qd Jc").low
    assert wheel is not None and seven is not None
    assert wheel > seven and seven < wheel and sorted([wheel, seven]) == [seven, wheel]
    assert str(wheel) == "Five-four low (Ac 2d + 3c 4h 5s)" and str(boat).startswith("Kings full of fives (")
    twin = type(wheel)(boat.value, wheel.hole_cards, wheel.board_cards)  # a low hand with the boat's number
    assert twin != boat and boat != twin and hash(twin) != hash(boat)
    with pytest.raises(TypeError):
        _ = boat < twin
    with pytest.raises(TypeError):
        _ = twin >= boat


def test_high_only_batch_agrees_with_the_full_batch() -> None:
    holes, boards = random_deals(2000, seed=3)
    high, low = evaluate_batch(holes, boards)
    assert (evaluate_high_batch(holes, boards) == high).all()
    for i in range(0, 2000, 97):
        assert evaluate_hilo(holes[i].tolist(), boards[i].tolist()) == (high[i], low[i] or None)


@pytest.mark.parametrize("hole_size, board_size", [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)])
def test_batch_shapes(hole_size: int, board_size: int) -> None:
    holes, boards = random_deals(50, hole_size, board_size, seed=1)
    high, low = evaluate_batch(holes, boards)
    assert high.dtype == np.uint16 and low.dtype == np.int32 and high.shape == low.shape == (50,)
    expected = [evaluate_hilo(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
    assert [(int(h), int(lo) or None) for h, lo in zip(high, low)] == expected


def test_batch_out_buffers_are_reused() -> None:
    holes, boards = random_deals(10, seed=2)
    out = (np.zeros(10, np.uint16), np.zeros(10, np.int32))
    high, low = evaluate_batch(holes, boards, out=out)
    assert high is out[0] and low is out[1] and (high > 0).all()


def test_batch_one_board_for_all_holes_and_empty_batches() -> None:
    holes, _ = random_deals(5, seed=4)
    board = [c for c in range(52) if c not in holes][:5]
    high, _ = evaluate_batch(holes, np.array(board))
    assert high.tolist() == [evaluate_high(h, board) for h in holes.tolist()]
    empty = evaluate_batch(np.empty((0, 4), np.uint8), np.empty((0, 5), np.uint8))
    assert empty[0].shape == (0,) and empty[1].shape == (0,)


def test_batch_accepts_non_contiguous_and_wider_int_arrays() -> None:
    holes, boards = random_deals(20, seed=5)
    wide = np.asfortranarray(holes.astype(np.int64))
    assert (evaluate_batch(wide, boards)[0] == evaluate_batch(holes, boards)[0]).all()
