"""The compiled lookup tables: regenerated identically, every high class
reached with the right frequency and order."""

from __future__ import annotations

import importlib.util
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from omaha8_fast.evaluator import reference
from omaha8_fast._core import ffi, lib

GENERATOR = Path(__file__).resolve().parents[1] / "csrc" / "eval" / "gen_tables.py"
DTYPES = {"uint8_t": np.uint8, "uint16_t": np.uint16, "int32_t": np.int32, "uint64_t": np.uint64}


@pytest.fixture(scope="module")
def generator():  # type: ignore[no-untyped-def]
    if not GENERATOR.exists():
        pytest.skip("the table generator is in the source tree only")
    spec = importlib.util.spec_from_file_location("gen_tables", GENERATOR)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_table(index: int) -> bytes | None:
    size = ffi.new("size_t *")
    data = lib.o8_table(index, size)
    return None if data == ffi.NULL else bytes(ffi.buffer(data, size[0]))


def test_regenerating_gives_the_compiled_tables(generator) -> None:  # type: ignore[no-untyped-def]
    listed = generator.tables()
    for index, (ctype, name, values) in enumerate(listed):
        compiled = compiled_table(index)
        assert compiled is not None, name
        assert compiled == np.array(values, dtype=DTYPES[ctype]).tobytes(), name
    assert compiled_table(len(listed)) is None and compiled_table(-1) is None


@pytest.mark.slow  # two generations; the quick run regenerates once and compares with the compiled tables
def test_generation_is_deterministic(generator) -> None:  # type: ignore[no-untyped-def]
    assert generator.generate() == generator.generate()


def test_tables_fit_in_four_mib() -> None:
    total, index = 0, 0
    while (table := compiled_table(index)) is not None:
        total += len(table)
        index += 1
    assert total <= 4 * 1024 * 1024


def five_card_values(hands: np.ndarray) -> np.ndarray:
    """C values of five-card hands: two 'hole' + three 'board' cards (the
    core accepts a hole of two, which makes the 2+3 rule the identity)."""
    hands = np.ascontiguousarray(hands, dtype=np.uint8)
    holes, boards = np.ascontiguousarray(hands[:, :2]), np.ascontiguousarray(hands[:, 2:])
    high = np.empty(len(hands), np.uint16)
    assert lib.o8_eval_batch(ffi.from_buffer("uint8_t[]", holes), 2, ffi.from_buffer("uint8_t[]", boards), 3, len(hands),
                             ffi.from_buffer("uint16_t[]", high), ffi.NULL) == 0
    return high


def class_counts_by_combinatorics() -> dict[str, int]:
    """How many five-card hands fall in ONE class of each category (straight
    flushes and straights: 4 suited / 4^5 - 4 unsuited per top card, ...)."""
    return {
        "Straight Flush": 4, "Four of a Kind": 4, "Full House": comb(4, 3) * comb(4, 2), "Flush": 4,
        "Straight": 4**5 - 4, "Three of a Kind": comb(4, 3) * 4 * 4, "Two Pair": comb(4, 2) ** 2 * 4,
        "One Pair": comb(4, 2) * 4**3, "High Card": 4**5 - 4,
    }


@pytest.fixture(scope="module")
def all_hands() -> np.ndarray:
    return np.array(list(combinations(range(52), 5)), dtype=np.uint8)


def test_every_class_is_reached_with_its_frequency(all_hands: np.ndarray) -> None:
    from omaha8_fast import high_category

    counts = np.bincount(five_card_values(all_hands), minlength=7463)
    assert counts[0] == 0 and (counts[1:] > 0).all()
    expected = class_counts_by_combinatorics()
    for value in range(1, 7463):
        assert counts[value] == expected[high_category(value)], value
    assert counts.sum() == comb(52, 5)


def test_every_class_is_ordered_like_the_reference(all_hands: np.ndarray) -> None:
    # One hand per class: the first hand of each value in a full enumeration,
    # ranked independently by the reference's counting ranker.
    values = five_card_values(all_hands)
    first = np.unique(values, return_index=True)[1]
    for hand, value in zip(all_hands[first], values[first]):
        assert reference.rank_five(hand.tolist()) == value
