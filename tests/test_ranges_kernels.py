"""The C kernels behind the range shortcuts (csrc/equity/ranges.c), against the
plain ones and on bad input: rank-free shape classes, the class memo of
o8r_apply_memo, the one-pass filter o8r_fold_where, listing with
o8r_generate_list."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8_fast._core import ffi, lib
from omaha8_fast.ranges import _classes, _compile_atom, _memo, _memo_ranks, _Parser, _shape_class_rows, _universe


def _atom(text: str, k: int = 4):  # type: ignore[no-untyped-def]
    (node,) = _Parser(text, k).parse().parts
    return node, _compile_atom(node, k)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_shape_classes_of_the_representatives_are_their_keys(k: int) -> None:
    reps = _shape_class_rows(k)
    valid = np.flatnonzero(reps[:, 0] != 255)
    rows = np.ascontiguousarray(reps[valid])
    out = np.empty(len(rows), dtype=np.uint16)
    assert lib.o8r_shape_classes(ffi.from_buffer(rows), k, len(rows), ffi.cast("uint16_t *", ffi.from_buffer(out))) == 0
    assert np.array_equal(out, valid)
    _, class_of = _classes(k, "shapes")
    assert set(np.unique(class_of)) == set(valid.tolist())


def test_shape_classes_refuse_bad_rows() -> None:
    out = np.empty(1, dtype=np.uint16)
    for row in ([0, 0, 1, 2], [3, 2, 1, 0], [0, 1, 2, 52]):
        rows = np.array([row], dtype=np.uint8)
        assert lib.o8r_shape_classes(ffi.from_buffer(rows), 4, 1, ffi.cast("uint16_t *", ffi.from_buffer(out))) == -1


@pytest.mark.parametrize("text", ["RsOhA", "RxOyA", "RxOyAK", "RROA", "RxOxNy", "KRsOs", "R[A]x*x"])
@pytest.mark.parametrize("op", [0, 1, 2])
def test_memo_pass_equals_the_plain_pass(text: str, op: int) -> None:
    node, compiled = _atom(text)
    ranks = _memo_ranks(node)
    assert ranks is not None
    rows = _universe(4)
    start = np.random.default_rng(len(text) + op).integers(0, 3, len(rows)).astype(np.uint8)
    plain, memo_w, shaped = start.copy(), start.copy(), start.copy()
    n = lib.o8r_apply(compiled.atom, ffi.from_buffer(rows), 4, len(rows), ffi.from_buffer(plain), op, 2)
    memo = _memo(4, *ranks)
    m = lib.o8r_apply_memo(compiled.atom, ffi.from_buffer(rows), 4, len(rows), ffi.from_buffer(memo_w), op, 2,
                           ranks[0], ranks[1], ffi.NULL, ffi.from_buffer(memo), len(memo))
    shapes = _classes(4, "shapes")[1]
    memo = _memo(4, *ranks)
    s = lib.o8r_apply_memo(compiled.atom, ffi.from_buffer(rows), 4, len(rows), ffi.from_buffer(shaped), op, 2,
                           ranks[0], ranks[1], ffi.cast("uint16_t *", ffi.from_buffer(shapes)), ffi.from_buffer(memo),
                           len(memo))
    assert n == m == s
    assert np.array_equal(plain, memo_w) and np.array_equal(plain, shaped)


def test_memo_pass_refuses_a_short_memo_or_bad_ranks() -> None:
    _, compiled = _atom("RsOhA")
    rows = _universe(4)[:10]
    w = np.zeros(10, dtype=np.uint8)
    memo = _memo(4, 12, -1)
    for r1, r2, size in ((12, -1, len(memo) - 1), (12, 3, len(memo)), (13, -1, len(memo)), (5, 5, len(memo)),
                         (-2, -1, len(memo))):
        assert lib.o8r_apply_memo(compiled.atom, ffi.from_buffer(rows), 4, 10, ffi.from_buffer(w), 0, 1, r1, r2,
                                  ffi.NULL, ffi.from_buffer(memo), size) == -1


def test_fold_where_equals_filters_applied_one_by_one() -> None:
    rows = _universe(4)
    left, right = _atom("RxOyA")[1], _atom("As")[1]
    _, class_of = _classes(4, "ranks")
    reps, _ = _classes(4, "ranks")
    no_kings = np.zeros(len(reps), dtype=np.uint8)  # the rank classes without a king
    no_kings[[i for i, row in enumerate(reps) if 255 not in row and 11 not in (row >> 2)]] = 1
    conds = ffi.new("o8r_condition[]", 3)
    keep = [ffi.from_buffer(class_of), ffi.from_buffer(no_kings)]
    conds[0].class_of, conds[0].table, conds[0].n_table = ffi.cast("uint16_t *", keep[0]), keep[1], len(no_kings)
    conds[1].atom = left.atom
    conds[2].atom, conds[2].negate = right.atom, 1
    w = np.zeros(len(rows), dtype=np.uint8)
    w[::7] = 5
    expected = w.copy()
    got = lib.o8r_fold_where(ffi.from_buffer(w), ffi.from_buffer(rows), 4, len(rows), 3, conds, 3)
    a = np.zeros(len(rows), dtype=np.uint8)
    b = np.zeros(len(rows), dtype=np.uint8)
    lib.o8r_apply(left.atom, ffi.from_buffer(rows), 4, len(rows), ffi.from_buffer(a), 0, 1)
    lib.o8r_apply(right.atom, ffi.from_buffer(rows), 4, len(rows), ffi.from_buffer(b), 0, 1)
    inside = (a == 1) & (b == 0) & ~np.any((rows >> 2) == 11, axis=1)
    expected[inside & (expected < 3)] = 3
    assert np.array_equal(w, expected)
    assert got == np.count_nonzero(expected)


def test_fold_where_refuses_bad_conditions() -> None:
    rows = _universe(4)[:10]
    w = np.zeros(10, dtype=np.uint8)
    conds = ffi.new("o8r_condition[]", 1)
    assert lib.o8r_fold_where(ffi.from_buffer(w), ffi.from_buffer(rows), 4, 10, 1, conds, 1) == -1  # no atom
    _, compiled = _atom("RsOhA")
    conds[0].atom, conds[0].negate = compiled.atom, 2
    assert lib.o8r_fold_where(ffi.from_buffer(w), ffi.from_buffer(rows), 4, 10, 1, conds, 1) == -1
    conds[0].negate = 0
    memo = _memo(4, 12, -1)
    conds[0].memo, conds[0].memo_size, conds[0].r1, conds[0].r2 = ffi.from_buffer(memo), len(memo) - 1, 12, -1
    assert lib.o8r_fold_where(ffi.from_buffer(w), ffi.from_buffer(rows), 4, 10, 1, conds, 1) == -1
    assert lib.o8r_fold_where(ffi.from_buffer(w), ffi.from_buffer(rows), 7, 10, 1, conds, 0) == -1


def test_generate_list_lists_the_generated_hands_and_stops_at_capacity() -> None:
    _, compiled = _atom("RsOhA")
    out = np.full(int(compiled.generate_cost) + 10, -7, dtype=np.int32)
    got = lib.o8r_generate_list(compiled.atom, 4, ffi.cast("int32_t *", ffi.from_buffer(out)), len(out))
    dense = np.zeros(len(_universe(4)), dtype=np.uint8)
    assert lib.o8r_generate(compiled.atom, 4, ffi.from_buffer(dense), len(dense), 0, 1) == 0
    assert 0 < got <= compiled.generate_cost
    assert np.array_equal(np.unique(out[:got]), np.flatnonzero(dense))
    short = np.full(11, -7, dtype=np.int32)
    assert lib.o8r_generate_list(compiled.atom, 4, ffi.cast("int32_t *", ffi.from_buffer(short)), 10) == got
    assert short[10] == -7  # nothing written past the capacity
