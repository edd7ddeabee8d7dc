"""The GIL is released in the C calls: two threads evaluate a large batch
faster than one, in one run.

    pytest benchmarks/bench_threads.py --benchmark-only

Four million random Omaha hands (4 hole cards, 5 board cards) are evaluated
by ``evaluate_batch`` as one call on one thread, and as two halves on two
threads (each into its half of one output, ``out=``); likewise with
``check=False`` and for ``evaluate_high_batch``. If the GIL were held the two
threads would take as long as one. The ratios (best of the rounds) are
printed at the end; on 2 idle cores expect close to 2x.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

from _size import best, size

import omaha8_fast as o8

N = size(4_000_000, 40_000)
RESULTS: dict[str, float] = {}


def deals(n: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1)
    return np.ascontiguousarray(decks[:, :4]), np.ascontiguousarray(decks[:, 4:9])


@pytest.fixture(scope="module")
def batch() -> tuple[np.ndarray, np.ndarray]:
    return deals(N)


@pytest.fixture(scope="module")
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(2) as executor:
        yield executor


def split_run(pool: ThreadPoolExecutor, function: Callable[..., Any], holes: np.ndarray, boards: np.ndarray,
              outs: tuple[np.ndarray, ...], threads: int, **kwargs: Any) -> None:
    """Evaluate in `threads` equal parts at once, each into its slice of outs."""
    size = len(holes) // threads
    parts = [slice(i * size, (i + 1) * size if i < threads - 1 else len(holes)) for i in range(threads)]

    def one(part: slice) -> None:
        out = tuple(o[part] for o in outs)
        function(holes[part], boards[part], out=out if len(out) > 1 else out[0], **kwargs)

    list(pool.map(one, parts))


CASES = {
    "batch": (o8.evaluate_batch, 2, {}),
    "batch_unchecked": (o8.evaluate_batch, 2, {"check": False}),
    "high_batch": (o8.evaluate_high_batch, 1, {}),
}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", list(CASES))
def test_threads(benchmark: Any, batch: tuple[np.ndarray, np.ndarray], pool: ThreadPoolExecutor, case: str, threads: int) -> None:
    function, n_outs, kwargs = CASES[case]
    holes, boards = batch
    outs = (np.empty(N, np.uint16), np.empty(N, np.int32))[:n_outs]
    benchmark.group = case
    benchmark.pedantic(split_run, args=(pool, function, holes, boards, outs, threads), kwargs=kwargs,
                       rounds=7, iterations=1, warmup_rounds=1)
    RESULTS[f"{case}/{threads}"] = best(benchmark)
    serial = function(holes[:1000], boards[:1000], **kwargs)  # the split run computed the same numbers
    assert np.array_equal(outs[0][:1000], serial[0] if n_outs == 2 else serial)


@pytest.fixture(scope="module", autouse=True)
def summary(print_summary: Callable[[list[str]], None]) -> Iterator[None]:
    yield
    if not RESULTS:
        return
    lines = ["", f"GIL release: {N:,} hands, 1 thread vs 2 threads (best of rounds)"]
    for case in CASES:
        one, two = RESULTS.get(f"{case}/1"), RESULTS.get(f"{case}/2")
        if one and two:
            lines.append(f"  {case:16s} 1 thread {N / one / 1e6:6.1f} M hands/s, 2 threads {N / two / 1e6:6.1f} M/s"
                         f" -> {one / two:.2f}x")
    print_summary(lines)
