"""numpy booleans are never card ids, on every numpy version (issue 29).

numpy before 2 gives ``np.bool_`` an ``__index__`` (``np.True_`` -> 1), so
``bytes()`` and ``operator.index`` took ``np.True_`` as card 1 there; numpy 2
refuses it by itself. ``NumpyOneBool`` below behaves as numpy 1.24's bool
does (a class ``numpy.bool_`` with ``__index__``), so the checks are proven
here on whichever numpy is installed; the real ``np.True_``/``np.False_``
are checked too.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from omaha8_fast import equity, evaluate_batch, evaluate_high, evaluate_high_batch, evaluate_hilo, split_pot
from omaha8_fast.cards import card_ids, is_bool, parse_card, parse_cards


class NumpyOneBool:
    """numpy 1.x's bool scalar as far as card parsing sees it."""

    def __init__(self, value: bool) -> None:
        self.value = value

    def __index__(self) -> int:
        return int(self.value)

    def __repr__(self) -> str:
        return f"numpy1.{self.value}"


NumpyOneBool.__name__ = NumpyOneBool.__qualname__ = "bool_"
NumpyOneBool.__module__ = "numpy"

BOOLS: list[Any] = [np.True_, np.False_, NumpyOneBool(True), NumpyOneBool(False)]
# 2c 2d 7h 9s (ids 0 1 22 31) with one id replaced by a boolean of that value
HOLE, BOARD = [0, 1, 22, 31], [51, 47, 43, 3, 20]


def _with(value: Any) -> list[Any]:
    hole = list(HOLE)
    hole[int(value.value if isinstance(value, NumpyOneBool) else value) ^ 0] = value
    return hole


def test_the_numpy_one_stand_in_is_taken_as_an_integer_without_the_check() -> None:
    assert bytes([NumpyOneBool(True)]) == b"\x01"  # what made np.True_ card 1 on numpy 1.24


@pytest.mark.parametrize("value", BOOLS, ids=repr)
def test_is_bool(value: Any) -> None:
    assert is_bool(value)


@pytest.mark.parametrize("value", [0, 1, np.int64(1), np.uint8(0), 1.0, "1"], ids=repr)
def test_integers_are_not_bools(value: Any) -> None:
    assert not is_bool(value)


@pytest.mark.parametrize("value", BOOLS, ids=repr)
def test_single_card_refused(value: Any) -> None:
    with pytest.raises(TypeError, match="bool"):
        parse_card(value)
    with pytest.raises(TypeError, match="bool"):
        card_ids([value, 5])
    with pytest.raises(TypeError, match="bool"):
        parse_cards([value, 5])


@pytest.mark.parametrize("value", BOOLS, ids=repr)
@pytest.mark.parametrize("as_tuple", [False, True])
def test_evaluators_refuse(value: Any, as_tuple: bool) -> None:
    kind: Any = tuple if as_tuple else list
    assert evaluate_high(kind(HOLE), kind(BOARD)) > 0  # the same hand with plain ids is fine
    for call in (evaluate_hilo, evaluate_high):
        with pytest.raises(TypeError, match="bool"):  # in the hole
            call(kind(_with(value)), kind(BOARD))
        with pytest.raises(TypeError, match="bool"):  # on the board
            call(kind([4, 5, 6, 7]), kind([value, 51, 47, 43, 20]))


@pytest.mark.parametrize("value", BOOLS, ids=repr)
def test_split_pot_and_equity_refuse(value: Any) -> None:
    with pytest.raises(TypeError, match="bool"):
        split_pot(BOARD, [_with(value), [4, 5, 6, 7]], 100)
    with pytest.raises(TypeError, match="bool"):
        equity([_with(value), [4, 5, 6, 7]], BOARD[:3], exact=False, samples=100, seed=1)


def test_bool_arrays_refused_by_the_batch_functions() -> None:
    holes = np.zeros((3, 4), dtype=bool)
    boards = np.array([[51, 47, 43, 3, 20]] * 3, np.uint8)
    for call in (evaluate_batch, evaluate_high_batch):
        with pytest.raises(TypeError, match="dtype bool"):
            call(holes, boards)
        with pytest.raises(TypeError, match="dtype bool"):
            call(np.array([[0, 1, 2, 3]] * 3, np.uint8), boards.astype(bool))
