"""Regression tests for bad inputs that once gave an answer or the wrong
exception type (found by the property tests and fuzzing of issue 7)."""

from __future__ import annotations

import numpy as np
import pytest

import omaha8_fast as o8
from omaha8_fast import reference


class FloatIndex:
    """An object whose __index__ breaks the protocol by returning a float."""

    def __index__(self) -> float:
        return 1.5


def test_index_returning_a_float_is_rejected() -> None:
    # parse_card called card.__index__() directly and truncated 1.5 to card 1.
    with pytest.raises(TypeError):
        o8.parse_card(FloatIndex())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        o8.evaluate_hilo([FloatIndex(), 4, 8, 12], [20, 24, 28])  # type: ignore[list-item]


@pytest.mark.parametrize("function", [o8.evaluate_hilo, o8.evaluate_high, o8.evaluate_low, o8.evaluate])
@pytest.mark.parametrize("hole", [[True, 4, 8, 12], (4, False, 8, 12), [4, 8, 12, np.True_]])
def test_bools_are_not_card_ids(function: object, hole: list[object]) -> None:
    # The list fast path (bytes(list)) took True as card 1 (2d), unlike parse_card.
    with pytest.raises(TypeError, match="bool"):
        function(hole, [20, 24, 28])  # type: ignore[operator]


def test_ids_zero_and_one_still_work_on_the_fast_path() -> None:
    # The bool guard only scans hands holding ids 0 or 1: they must still pass.
    assert o8.evaluate_hilo([0, 1, 8, 12], [20, 24, 28]) == reference.evaluate_hilo([0, 1, 8, 12], [20, 24, 28])


def test_format_cards_separator_must_be_text() -> None:
    # Was AttributeError: 'int' object has no attribute 'join'.
    with pytest.raises(TypeError, match="sep"):
        o8.format_cards("AsKd", sep=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [3.5, "1", None, 1.0])
def test_high_category_needs_an_int(value: object) -> None:
    # 3.5 used to be named 'Straight Flush'; "1" raised a bare comparison error.
    with pytest.raises(TypeError, match="high class"):
        o8.high_category(value)  # type: ignore[arg-type]


def test_read_only_out_array_is_named_as_such() -> None:
    # The message used to blame the (correct) shape.
    high = np.zeros(1, np.uint16)
    high.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        o8.evaluate_batch([[0, 1, 2, 3]], [5, 6, 7], out=(high, np.zeros(1, np.int32)))
