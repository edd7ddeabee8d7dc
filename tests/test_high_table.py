"""The compiled O8_HIGH table, entry by entry, against the pure-Python
reference ranker (``omaha8_fast.evaluator.reference.rank_five``), which shares nothing
with the generator or the C code; and its layout: rows of 96 entries (three
whole 64-byte lines, the table 64-byte aligned), the 5 past the 91 pair
columns and the padding at the end never a hand."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import pytest

from omaha8_fast.evaluator import reference
from omaha8_fast._core import ffi, lib

N_RANKS, N_PAIRS, STRIDE, NO_HAND = 13, 91, 96, 0xFFFF
ROWS = {3: 0, 4: 455, 5: 2275}  # first row of each board size
N_ROWS = 455 + 1820 + 6188
PAD_BYTES = 4


def colex(ranks: tuple[int, ...]) -> int:
    """Index of a rank multiset among those of its size (ascending ranks r_i: sum of C(r_i + i, i + 1))."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(sorted(ranks)))


def cards_without_flush(ranks: tuple[int, ...]) -> list[int]:
    """Card ids with these ranks, no two alike and never five of one suit."""
    used: dict[int, set[int]] = {}
    cards = []
    for i, rank in enumerate(ranks):
        suit = next(s for s in ((i + k) % 4 for k in range(4)) if s not in used.setdefault(rank, set()))
        used[rank].add(suit)
        cards.append(rank * 4 + suit)
    assert len({c & 3 for c in cards}) > 1
    return cards


@pytest.fixture(scope="module")
def table() -> np.ndarray:
    size = ffi.new("size_t *")
    data = lib.o8_table(0, size)
    assert data != ffi.NULL
    assert int(ffi.cast("uintptr_t", data)) % 64 == 0, "O8_HIGH must start on a cache line"
    assert size[0] == N_ROWS * STRIDE * 2 + PAD_BYTES
    return np.frombuffer(ffi.buffer(data, size[0]), dtype=np.uint16).copy()


@pytest.fixture(scope="module")
def triple_values() -> np.ndarray:
    """Best non-flush class of each (board rank triple, hole rank pair), by the reference."""
    pairs = sorted(combinations_with_replacement(range(N_RANKS), 2), key=colex)
    values = np.full((455, N_PAIRS), NO_HAND, dtype=np.uint16)
    for triple in combinations_with_replacement(range(N_RANKS), 3):
        for column, pair in enumerate(pairs):
            ranks = pair + triple
            if max(ranks.count(r) for r in ranks) <= 4:  # five of a kind: no hand
                values[colex(triple), column] = reference.rank_five(cards_without_flush(ranks))
    return values


def test_the_column_order_is_the_pair_table() -> None:
    size = ffi.new("size_t *")
    pair = bytes(ffi.buffer(lib.o8_table(5, size), size[0]))  # O8_PAIR: 13 x 13
    assert len(pair) == 169
    for a in range(N_RANKS):
        for b in range(N_RANKS):
            assert pair[a * 13 + b] == colex((a, b))


def test_padding_is_never_a_hand(table: np.ndarray) -> None:
    rows = table[:N_ROWS * STRIDE].reshape(N_ROWS, STRIDE)
    assert (rows[:, N_PAIRS:] == NO_HAND).all()
    assert (table[N_ROWS * STRIDE:] == NO_HAND).all()
    assert (rows[:, :N_PAIRS] != 0).all()


@pytest.mark.parametrize("size", [3, 4, 5])
def test_every_entry_matches_the_reference(table: np.ndarray, triple_values: np.ndarray, size: int) -> None:
    rows = table[:N_ROWS * STRIDE].reshape(N_ROWS, STRIDE)[:, :N_PAIRS]
    boards = list(combinations_with_replacement(range(N_RANKS), size))
    assert len(boards) == {3: 455, 4: 1820, 5: 6188}[size]
    for board in boards:
        triples = sorted({colex(t) for t in combinations(board, 3)})
        want = triple_values[triples].min(axis=0)
        got = rows[ROWS[size] + colex(board)]
        assert (got == want).all(), (board, np.flatnonzero(got != want)[:5])
