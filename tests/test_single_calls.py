"""The single-call fast paths (one C call from int lists) agree with the
general paths (card text, parsed in Python) and leave every error to them."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from omaha8_fast import evaluate, evaluate_high, evaluate_hilo, format_cards
from omaha8_fast.showdown import split_pot


def deals(n: int, size: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(n)]


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_evaluate_hilo_ids_agree_with_text(hole_size: int) -> None:
    for deal in deals(500, hole_size + 5, hole_size):
        hole, board = deal[:hole_size], deal[hole_size:]
        text = evaluate_hilo(format_cards(hole), format_cards(board))
        assert evaluate_hilo(hole, board) == text
        assert evaluate_hilo(tuple(hole), tuple(board)) == text
        result = evaluate(format_cards(hole), format_cards(board))
        assert text == (result.high.value, result.low.value if result.low else None)


def test_evaluate_hilo_with_ids_0_and_1() -> None:
    # ids 0 and 1 are flagged by the C core (they may be False / True): still answered
    hole, board = [0, 1, 50, 51], [4, 9, 13, 22, 30]
    assert evaluate_hilo(hole, board) == evaluate_hilo(format_cards(hole), format_cards(board))


@pytest.mark.parametrize("bad", [True, False, np.True_, 4.0, Decimal(4), Fraction(9, 2), np.float32(4)])
def test_evaluate_hilo_rejects_non_int_cards(bad: object) -> None:
    with pytest.raises(TypeError):
        evaluate_hilo([bad, 20, 24, 28], [32, 36, 40, 44, 48])  # type: ignore[list-item]


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_split_pot_heads_up_agrees_with_text(hole_size: int) -> None:
    rng = random.Random(hole_size)
    for deal in deals(400, 5 + 2 * hole_size, 10 + hole_size):
        board, hole0, hole1 = deal[:5], deal[5:5 + hole_size], deal[5 + hole_size:]
        pot, order = rng.randrange(0, 1001), rng.random() < 0.5
        text = split_pot(format_cards(board), [format_cards(hole0), format_cards(hole1)], pot, button_order=order)
        assert split_pot(board, [hole0, hole1], pot, button_order=order) == text
        assert split_pot(tuple(board), [tuple(hole0), tuple(hole1)], pot, button_order=order) == text
        assert sum(text) == pot


def test_split_pot_heads_up_large_pots() -> None:
    board, holes = [42, 38, 11, 13, 31], [[51, 47, 0, 6], [50, 46, 1, 7]]
    for pot in (2**62 - 1, 2**62, 2**63 - 1):
        assert split_pot(board, holes, pot) == split_pot(format_cards(board), [format_cards(h) for h in holes], pot)
    with pytest.raises(ValueError, match="too large"):
        split_pot(board, holes, 2**63)
    with pytest.raises(TypeError, match="must be an int, not bool"):  # the integer rule (omaha8_fast._checks)
        split_pot(board, holes, True)


@pytest.mark.parametrize("bad", [True, False, 4.0, Decimal(4), Fraction(9, 2), np.float32(4)])
def test_split_pot_heads_up_rejects_non_int_cards(bad: object) -> None:
    with pytest.raises(TypeError, match="player 1's hole"):
        split_pot([32, 36, 40, 44, 48], [[2, 3, 5, 6], [bad, 20, 24, 28]], 100)  # type: ignore[list-item]


def test_split_pot_heads_up_errors_name_the_problem() -> None:
    board = [42, 38, 11, 13, 31]
    with pytest.raises(ValueError, match="duplicate card Qh in the board and player 1's hole"):
        split_pot(board, [[51, 47, 0, 6], [50, 46, 1, 42]], 100)
    with pytest.raises(ValueError, match="player 1's hole must have 4, 5 or 6 cards, got 3"):
        split_pot(board, [[51, 47, 0, 6], [50, 46, 1]], 100)
    with pytest.raises(ValueError, match="every hole must have as many cards"):
        split_pot(board, [[51, 47, 0, 6], [50, 46, 1, 2, 3]], 100)
    with pytest.raises(ValueError, match="5 cards at a showdown"):
        split_pot(board[:4], [[51, 47, 0, 6], [50, 46, 1, 7]], 100)


@pytest.mark.parametrize("size", [2, 3])
def test_short_holes_are_refused_by_the_fast_paths(size: int) -> None:
    # the C core takes 2..6 hole cards for batches; Omaha's single calls need 4..6
    hole, board = [32, 47, 20, 21][:size], [38, 34, 8, 14, 7]
    with pytest.raises(ValueError, match="4, 5 or 6 cards"):
        evaluate_hilo(hole, board)
    with pytest.raises(ValueError, match="4, 5 or 6 cards"):
        evaluate_high(tuple(hole), tuple(board))
    with pytest.raises(ValueError, match="4, 5 or 6 cards"):
        split_pot(board, [hole, [0, 1, 2, 3][:size]], 100)
