"""Regression tests for bad inputs that once gave an answer or the wrong
exception type (found by the property tests and fuzzing of issue 7)."""

from __future__ import annotations

import numpy as np
import pytest

import omaha8_fast as o8
from omaha8_fast.evaluator import reference


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


# --- equity ----------------------------------------------------------------------

from omaha8_fast.equity import EquityJob, run_chunk  # noqa: E402


def _job(**changes: object) -> EquityJob:
    fields: dict[str, object] = dict(players=(bytes([0, 1, 2, 3]), None), weights=(None, None), hole_size=4,
                                     board=b"", dead=b"", exact=False, samples=100, seed=1)
    fields.update(changes)
    return EquityJob(**fields)  # type: ignore[arg-type]


def test_job_shape_is_checked_before_c_reads_it() -> None:
    # Too few weights made C read past the end of the weights array.
    with pytest.raises(ValueError, match="2 holes"):
        run_chunk(_job(players=(bytes(range(8)), None), weights=((1,), None)), 0)
    # Fewer weight lists than players silently made the last player random.
    with pytest.raises(ValueError, match="weight lists"):
        run_chunk(_job(players=(bytes([0, 1, 2, 3]), bytes([4, 5, 6, 7])), weights=(None,)), 0)
    # Was ZeroDivisionError.
    with pytest.raises(ValueError, match="hole_size"):
        run_chunk(_job(hole_size=0), 0)
    with pytest.raises(ValueError, match="whole number"):
        run_chunk(_job(players=(bytes(range(6)), None)), 0)


@pytest.mark.parametrize("changes", [{"seed": 2**70}, {"samples": 2**64}, {"seed": -1}, {"parts": 0}, {"parts": 2**64}])
def test_job_integers_must_fit_c(changes: dict[str, int]) -> None:
    # Were OverflowError from cffi (parts=0: ZeroDivisionError).
    with pytest.raises(ValueError):
        run_chunk(_job(**changes), 0)


def test_equity_samples_beyond_int64_is_a_value_error() -> None:
    # Was OverflowError: int too big to convert.
    with pytest.raises(ValueError, match="samples"):
        o8.equity(["AsAd2s3d", None], samples=10**30, seed=1, threads=1)


def test_equity_executor_must_be_an_executor() -> None:
    # Was AttributeError: 'int' object has no attribute 'submit'.
    with pytest.raises(TypeError, match="executor"):
        o8.equity(["AsAd2s3d", None], samples=10, executor=5)  # type: ignore[arg-type]


def test_exact_weights_that_would_overflow_int64_are_refused() -> None:
    # 2**40 * 2**41 overflowed the C kernel's int64 deal weight (undefined
    # behaviour, caught by UBSan in the C harness).
    heavy = (2**40, 2**41)
    job = _job(players=(bytes(range(8)), bytes(range(8, 16))), weights=(heavy, heavy),
               board=bytes([20, 24, 28, 32, 36]), exact=True)
    with pytest.raises(ValueError, match="weights are too large"):
        run_chunk(job, 0)
    # Modest weights still run, and the chunks add up to the weighted deals.
    light = _job(players=(bytes(range(8)), bytes(range(8, 16))), weights=((1, 3), (2, 3)),
                 board=bytes([20, 24, 28, 32, 36]), exact=True)
    showdowns = sum(run_chunk(light, i)[0] for i in range(32))
    assert showdowns == (1 + 2) * (2 + 1)  # sum over the 2x2 deals of the weight products


def test_monte_carlo_samples_whose_squares_overflow_int64_are_refused() -> None:
    with pytest.raises(ValueError, match="samples"):
        run_chunk(_job(samples=2**63 // 5040**2), 0)


@pytest.mark.parametrize("option", [{"exact": 1.5}, {"exact": "yes"}, {"executor": 5}])
def test_range_equity_checks_its_options(option: dict[str, object]) -> None:
    # With a range among the players, exact=1.5 counted as True and started a
    # 12-second enumeration (found by the fuzz target); executor=5 failed with
    # AttributeError.
    with pytest.raises(TypeError):
        o8.equity(["9", [11, 2, 51, 36, 45]], [3, 37, 9], samples=75, seed=187, threads=None, **option)  # type: ignore[arg-type]
