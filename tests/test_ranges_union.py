"""The one pass over a whole union (o8r_fold_union, _range_union._fold_union):
against the part-by-part evaluation it replaces and against the old
evaluator of tests/test_ranges_differential.py, on the adversarial cases of
benchmarks/_range_cases.py and on random unions; the kernel on bad input."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings, strategies as st

from omaha8_fast import ranges
from omaha8_fast._core import ffi, lib
from omaha8_fast.ranges import (
    Range,
    RangeSyntaxError,
    _classes,
    _compile_atom,
    _eval as _range_eval,
    _memo,
    _Parser,
    _universe,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _range_cases import CASES_4, CASES_6
from test_ranges_differential import SMALL, same, variable_part

pytestmark = pytest.mark.property  # the slow stage runs it again with the long count
EXAMPLES = examples(25, 200)


def _outcome(text: str, k: int) -> Any:
    try:
        r = Range(text, hole_size=k)
    except RangeSyntaxError as error:
        return ("error", error.column, str(error))
    return r.hands.tobytes(), r.weights.tobytes()


def _unions_used(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the calls of fold_union (their numbers of terms)."""
    calls: list[int] = []
    fold_union = _range_eval._fold_union

    def counted(reader: Any, terms: Any, w: Any) -> None:
        calls.append(len(terms))
        fold_union(reader, terms, w)

    monkeypatch.setattr(_range_eval, "_fold_union", counted)
    return calls


def _part_by_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """Evaluation without fold_union: every part folded on its own."""
    monkeypatch.setattr(_range_eval, "_UNION_TERMS", 10**9)


CASES = [(name, text) for name, text in CASES_4.items()] + [(f"6-card {name}", text) for name, text in CASES_6.items()]


@pytest.mark.parametrize(("name", "text"), CASES, ids=[name for name, _ in CASES])
def test_benchmark_cases_fold_as_part_by_part(name: str, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each adversarial case on 4-card hands: the same hands and weights (or
    the same error) through the union pass as part by part."""
    calls = _unions_used(monkeypatch)
    new = _outcome(text, 4)
    with monkeypatch.context() as m:
        _part_by_part(m)
        old = _outcome(text, 4)
    assert new == old
    if name in ("keep chains x66", "percent bands filtered x60", "star less rank vars x110",
                "broad sets filtered x90", "pair filters, mixed classes x80", "rank vars with suits x140"):
        assert calls and max(calls) >= 40  # the case is one the union pass is for


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize(("name", "text"), CASES, ids=[name for name, _ in CASES])
def test_benchmark_cases_agree_with_the_old_evaluator_on_small_hands(name: str, text: str, k: int) -> None:
    """The cases on 2- and 3-card hands (small universes) against the old
    evaluator: hands, weights, or the same error."""
    same(text, k)


def test_the_big_unions_of_the_benchmark_go_through_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _unions_used(monkeypatch)
    text = CASES_4["keep chains x66"]
    Range(text)
    assert calls == [text.count(",") + 1]  # every part in one pass


@st.composite
def union_text(draw: Any, k: int) -> str:
    """A union of 2-14 parts of the kinds fold_union takes (patterns with
    rank variables, filters of patterns, class parts and percentages), some
    weighted, nested or repeated."""
    parts = draw(st.lists(st.one_of(variable_part(k), SMALL), min_size=2, max_size=14))
    parts += draw(st.lists(st.sampled_from(parts), max_size=2))
    if draw(st.integers(0, 3)) == 0:
        cut = draw(st.integers(1, len(parts)))
        parts = ["(" + ",".join(parts[:cut]) + ")"] + parts[cut:]
    if draw(st.booleans()):
        parts = [f"{p}@{draw(st.sampled_from([1, 2, 3, 50, 100]))}" for p in parts]
    return ",".join(parts)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_unions_agree_with_the_old_evaluator(data: Any) -> None:
    text = data.draw(union_text(4))
    same(text, 4 if "%" in text else data.draw(st.sampled_from([4, 3, 2])))


@settings(max_examples=max(EXAMPLES // 4, 10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_unions_fold_as_part_by_part(data: Any) -> None:
    text = data.draw(union_text(4))
    new = _outcome(text, 4)
    with pytest.MonkeyPatch.context() as m:
        _part_by_part(m)
        assert _outcome(text, 4) == new


@pytest.mark.parametrize("text", ["RxOyA,RxOyK,RxOyQ", "RsOhA,RsOhK@3", "RxOyAK,RxOyQJ,RxOyT9", "*:RxOyA:RxOyK,*:RxOyQ:RxOyJ"])
def test_five_card_unions_with_shared_memos(text: str) -> None:
    """Patterns that differ only in their named ranks share one memo."""
    same(text if "@" not in text else text.replace("RsOhA,", "RsOhA@1,"), 5)


# ------------------------------------------------------------------ the kernel

def _kernel(rows: Any, w: Any, terms: list[dict[str, int]], starts: list[int], index: list[int],
            conds: Any, n_conds: int, n: int | None = None, k: int = 4, seen: Any = None) -> int:
    c_terms = ffi.new("o8r_term[]", terms or 1)
    c_index = ffi.new("int32_t[]", index or 1)
    if seen is None:
        seen = ffi.new("uint32_t[]", max(n_conds, 1))
    return int(lib.o8r_fold_union(ffi.from_buffer(w), ffi.from_buffer(rows), k, len(w) if n is None else n, c_terms,
                                  len(terms), ffi.new("int32_t[]", starts), c_index, len(index), conds, n_conds, seen))


def _conditions() -> tuple[Any, list[Any], dict[str, Any]]:
    """Conditions: 0 RxOyA (through a memo), 1 no king (rank classes), 2 not
    As, 3 ranked in the top 20%."""
    alive: list[Any] = []
    atoms = {t: _compile_atom(_Parser(t, 4).parse().parts[0], 4) for t in ("RxOyA", "As")}
    reps, class_of = _classes(4, "ranks")
    no_kings = np.array([255 not in row and 11 not in (row >> 2) for row in reps], dtype=np.uint8)
    memo = _memo(4, 12, -1)
    rank = ranges._ranking32()
    conds = ffi.new("o8r_condition[]", 4)
    alive += [ffi.from_buffer(class_of), ffi.from_buffer(no_kings), ffi.from_buffer(memo), ffi.from_buffer(rank),
              ffi.from_buffer(_classes(4, "shapes")[1]), atoms]
    conds[0].atom, conds[0].memo, conds[0].memo_size, conds[0].r1, conds[0].r2 = atoms["RxOyA"].atom, alive[2], len(memo), 12, -1
    conds[0].shape_of = ffi.cast("uint16_t *", alive[4])
    conds[1].class_of, conds[1].table, conds[1].n_table = ffi.cast("uint16_t *", alive[0]), alive[1], len(no_kings)
    conds[2].atom, conds[2].negate = atoms["As"].atom, 1
    conds[3].key, conds[3].key_low, conds[3].key_high = ffi.cast("int32_t *", alive[3]), 0, len(rank) // 5
    rows = _universe(4)
    a = np.zeros(len(rows), dtype=np.uint8)
    lib.o8r_apply(atoms["RxOyA"].atom, ffi.from_buffer(rows), 4, len(rows), ffi.from_buffer(a), 0, 1)
    s = np.zeros(len(rows), dtype=np.uint8)
    lib.o8r_apply(atoms["As"].atom, ffi.from_buffer(rows), 4, len(rows), ffi.from_buffer(s), 0, 1)
    truth = {"RxOyA": a == 1, "no king": ~np.any((rows >> 2) == 11, axis=1), "not As": s == 0,
             "top 20%": rank < len(rank) // 5}
    return conds, alive, truth


def test_kernel_takes_the_largest_value_of_the_terms_a_hand_meets() -> None:
    rows = _universe(4)
    conds, alive, truth = _conditions()
    names = ["RxOyA", "no king", "not As", "top 20%"]
    # bucket 12 (rank A): RxOyA & no king @5, RxOyA & top 20% @3 (sharing their first condition);
    # bucket 13: not As & no king @4, top 20% @2, no condition @1 for every tenth hand given w
    terms = [
        {"value": 5, "ranks": 1 << 12, "suits": 0, "first": 0, "n_conds": 2, "skip": 1},
        {"value": 3, "ranks": 1 << 12, "suits": 0, "first": 2, "n_conds": 2, "skip": 0},
        {"value": 4, "ranks": 0, "suits": 0, "first": 4, "n_conds": 2, "skip": 0},
        {"value": 2, "ranks": 0, "suits": 1, "first": 6, "n_conds": 1, "skip": 0},
    ]
    index = [0, 1, 0, 3, 2, 1, 3]
    starts = [0] * 12 + [0, 2, 4]
    w = np.zeros(len(rows), dtype=np.uint8)
    w[::10] = 3
    expected = w.copy()
    clubs = np.any((rows & 3) == 0, axis=1)
    for value, need in ((5, truth["RxOyA"] & truth["no king"]), (3, truth["RxOyA"] & truth["top 20%"]),
                        (4, truth["not As"] & truth["no king"]), (2, truth["top 20%"] & clubs)):
        expected = np.where(need, np.maximum(expected, value), expected)
    got = _kernel(rows, w, terms, starts, index, conds, len(names))
    assert np.array_equal(w, expected)
    assert got == np.count_nonzero(expected)
    del alive


def test_kernel_never_takes_an_invalid_row() -> None:
    rows = np.array([[0, 1, 2, 52], [0, 0, 1, 2], [0, 1, 2, 3]], dtype=np.uint8)
    w = np.zeros(3, dtype=np.uint8)
    terms = [{"value": 7, "ranks": 0, "suits": 0, "first": 0, "n_conds": 0, "skip": 0}]
    assert _kernel(rows, w, terms, [0] * 13 + [0, 1], [], ffi.NULL, 0) == 1
    assert w.tolist() == [0, 0, 7]


def test_kernel_refuses_inconsistent_terms() -> None:
    rows = _universe(4)[:20]
    conds, alive, _ = _conditions()
    good = [{"value": 5, "ranks": 1 << 12, "suits": 0, "first": 0, "n_conds": 1, "skip": 1},
            {"value": 3, "ranks": 1 << 12, "suits": 0, "first": 1, "n_conds": 2, "skip": 0}]
    starts = [0] * 12 + [0, 2, 2]
    w = np.zeros(len(rows), dtype=np.uint8)
    assert _kernel(rows, w, good, starts, [0, 0, 1], conds, 4) >= 0

    def bad(**change: Any) -> None:
        terms = [dict(t) for t in good]
        for key, value in change.items():
            which, field = key.split("_", 1)
            terms[int(which)][field] = value
        assert _kernel(rows, w, terms, starts, [0, 0, 1], conds, 4) == -1, change

    bad(**{"1_ranks": 1})  # in bucket 12 but its lowest rank is 0
    bad(**{"1_ranks": 1 << 13 | 1 << 12})
    bad(**{"1_suits": 16})
    bad(**{"1_value": 6})  # values must not increase in a bucket
    bad(**{"0_skip": 2})  # past the bucket
    bad(**{"0_skip": -1})
    bad(**{"1_first": 2})  # conditions past cond_index
    bad(**{"1_n_conds": -1})
    bad(**{"1_first": -1})
    assert _kernel(rows, w, good, starts, [0, 1, 1], conds, 4) == -1  # a skip to a term with another first condition
    assert _kernel(rows, w, good, starts, [0, 0, 4], conds, 4) == -1  # a condition index out of range
    assert _kernel(rows, w, good, starts, [0, 0, -1], conds, 4) == -1
    for broken in ([1] + [0] * 11 + [0, 2, 2], [0] * 12 + [2, 0, 2], [0] * 12 + [0, 2, 3]):
        assert _kernel(rows, w, good, broken, [0, 0, 1], conds, 4) == -1
    assert _kernel(rows, w, good, starts, [0, 0, 1], conds, 4, k=7) == -1
    assert _kernel(rows, w, good, starts, [0, 0, 1], conds, 4, seen=ffi.NULL) == -1
    assert _kernel(rows, w, good, starts, [0, 0, 1], conds, 4, n=-1) == -1
    conds[2].negate = 2
    assert _kernel(rows, w, good, starts, [0, 0, 1], conds, 4) == -1
    conds[2].negate = 1
    conds[0].memo_size -= 1
    assert _kernel(rows, w, good, starts, [0, 0, 1], conds, 4) == -1
    del alive


def test_a_percentage_condition_reads_its_interval() -> None:
    rows = _universe(4)
    conds, alive, truth = _conditions()
    w = np.zeros(len(rows), dtype=np.uint8)
    terms = [{"value": 9, "ranks": 0, "suits": 0, "first": 0, "n_conds": 1, "skip": 0}]
    assert _kernel(rows, w, terms, [0] * 13 + [0, 1], [3], conds, 4) == np.count_nonzero(truth["top 20%"])
    assert np.array_equal(w == 9, truth["top 20%"])
    del alive
