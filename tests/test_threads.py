"""Thread safety: concurrent calls give the serial results, and the C calls run
with the GIL released (shown here functionally; the speedup is measured in
benchmarks/test_bench_threads.py)."""

from __future__ import annotations

import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

import omaha8_fast as o8
from omaha8_fast._core import ffi, lib

N_THREADS = 8


def deals(n: int, hole_size: int, board_size: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """n random valid hands as uint8 arrays: each row a slice of a shuffled deck."""
    rng = np.random.default_rng(seed)
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1)
    return (np.ascontiguousarray(decks[:, :hole_size]),
            np.ascontiguousarray(decks[:, hole_size:hole_size + board_size]))


@contextmanager
def switch_interval(seconds: float) -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def test_concurrent_calls_match_serial_results() -> None:
    sets = {(h, b): deals(20_000, h, b, seed=h * 8 + b) for h in (4, 5, 6) for b in (3, 4, 5)}
    serial = {key: o8.evaluate_batch(holes, boards) for key, (holes, boards) in sets.items()}
    keys = sorted(sets)
    shared_out = {key: (np.zeros(20_000, np.uint16), np.zeros(20_000, np.int32)) for key in keys}
    barrier = threading.Barrier(N_THREADS)

    def work(thread: int) -> list[str]:
        rnd = random.Random(thread)
        problems = []
        barrier.wait()  # start together
        for step in range(40):
            key = rnd.choice(keys)
            holes, boards = sets[key]
            want_high, want_low = serial[key]
            task = step % 5
            if task == 0:  # whole batches, shared read-only inputs
                high, low = o8.evaluate_batch(holes, boards, check=bool(step & 1))
                if not (np.array_equal(high, want_high) and np.array_equal(low, want_low)):
                    problems.append(f"thread {thread}: evaluate_batch {key}")
            elif task == 1:  # each thread writes its own slice of one shared output
                size = 20_000 // N_THREADS
                part = slice(thread * size, (thread + 1) * size)
                out = (shared_out[key][0][part], shared_out[key][1][part])
                o8.evaluate_batch(holes[part], boards[part], out=out)
                if not (np.array_equal(out[0], want_high[part]) and np.array_equal(out[1], want_low[part])):
                    problems.append(f"thread {thread}: evaluate_batch with out {key}")
            elif task == 2:
                if not np.array_equal(o8.evaluate_high_batch(holes, boards), want_high):
                    problems.append(f"thread {thread}: evaluate_high_batch {key}")
            else:  # single hands, the rich and the plain API
                for row in rnd.sample(range(20_000), 50):
                    hole, board = holes[row].tolist(), boards[row].tolist()
                    want = (int(want_high[row]), int(want_low[row]) or None)
                    rich = o8.evaluate(hole, board)
                    got = (rich.high.value, rich.low.value if rich.low else None)
                    if got != want or o8.evaluate_hilo(hole, board) != want:
                        problems.append(f"thread {thread}: evaluate {hole} {board}: {got} != {want}")
        return problems

    with switch_interval(1e-5):  # switch threads as often as possible
        with ThreadPoolExecutor(N_THREADS) as pool:
            problems = [p for found in pool.map(work, range(N_THREADS)) for p in found]
    assert problems == []


def _count_rate(seconds: float = 0.02) -> float:
    """Iterations per second of the counting loop below, alone."""
    count, end = 0, time.perf_counter() + seconds
    while time.perf_counter() < end:
        count += 1
    return count / seconds


def _share_of_call_counted(call: Callable[[], Any]) -> float:
    """The share of ``call``'s time (run in another thread) during which the
    main thread kept counting, relative to its speed alone (~1 when the call
    lets go of the GIL, ~0 when it keeps it; 2 busy threads on a shared
    2-core machine may get less).

    Right after the call the thread gives the GIL to the waiting main thread
    for one switch interval, so the interval is shortened to keep that slice
    small next to the call."""
    rate = _count_rate()
    counter = [0]
    done = threading.Event()
    result = [0.0, 0.0]

    def worker() -> None:
        before, start = counter[0], time.perf_counter()
        call()
        result[:] = [counter[0] - before, time.perf_counter() - start]
        done.set()

    with switch_interval(5e-4):
        thread = threading.Thread(target=worker)
        thread.start()
        while not done.is_set():
            counter[0] += 1
        thread.join()
    progress, duration = result
    return progress / (rate * duration)


@pytest.fixture(scope="module")
def big_batch() -> tuple[np.ndarray, np.ndarray]:
    return deals(1_000_000, 4, 5, seed=1)


def test_c_batch_call_releases_the_gil(big_batch: tuple[np.ndarray, np.ndarray]) -> None:
    holes, boards = big_batch
    high = np.empty(len(holes), np.uint16)

    def call() -> None:
        lib.o8_eval_batch(ffi.from_buffer("uint8_t[]", holes), 4, ffi.from_buffer("uint8_t[]", boards), 5,
                          len(holes), ffi.from_buffer("uint16_t[]", high, require_writable=True), ffi.NULL)

    # Best of three, in case this process gets little CPU during one call.
    assert max(_share_of_call_counted(call) for _ in range(3)) > 0.25


def test_evaluate_batch_releases_the_gil(big_batch: tuple[np.ndarray, np.ndarray]) -> None:
    holes, boards = big_batch
    assert max(_share_of_call_counted(lambda: o8.evaluate_batch(holes, boards)) for _ in range(3)) > 0.25


def test_progress_probe_sees_a_call_that_holds_the_gil() -> None:
    """The probe can fail: during a long C call that keeps the GIL (the
    builtin sum over a range runs no bytecode, so it never lets go) the main
    thread cannot count."""
    assert min(_share_of_call_counted(lambda: sum(range(10_000_000))) for _ in range(3)) < 0.25


EQUITY_SPOTS = [
    (["AsAd2s3d", "KhKd9c8c"], "2c 7d Jh", {}),  # exact, flop
    (["AsAd2s3d", "KhKd9c8c", "Qc Jc Tc 9d"], "2c 7d Jh 4s", {}),  # exact, turn, three players
    (["AsAd2s3d", None], "", {"samples": 4000, "seed": 7}),  # Monte Carlo with a random hand
    (["As2d3c4h5s", "KhKdKc9s8s"], "6c 7c 8d", {"samples": 3000, "seed": 3, "exact": False}),
]


SHOWDOWN = ("Kh 5c 5d Ac 8s", ["Ks Kd 9h 9c", None, "2h 3h Qc Tc", "As 2d 3c 4h"], [(101, [0, 1, 2, 3]), (41, [0, 1, 2])])


def test_concurrent_equity_and_showdowns_match_serial_results() -> None:
    serial = [o8.equity(holes, board, threads=1, **kwargs) for holes, board, kwargs in EQUITY_SPOTS]
    serial_showdown = o8.showdown(*SHOWDOWN).payouts
    barrier = threading.Barrier(N_THREADS)

    def work(thread: int) -> list[str]:
        barrier.wait()
        problems = []
        for step in range(6):
            i = (thread + step) % len(EQUITY_SPOTS)
            holes, board, kwargs = EQUITY_SPOTS[i]
            # equity's own chunk threads, inside many calling threads
            got = o8.equity(holes, board, threads=1 + step % 3, **kwargs)
            if got != serial[i]:
                problems.append(f"thread {thread}: spot {i}: {got} != {serial[i]}")
            # and evaluation calls and showdowns in between, on the same cores
            if o8.evaluate_hilo("As 2c Kd 7h", "3s 4d 5c Kh Qd") != (1609, 54321):
                problems.append(f"thread {thread}: evaluate_hilo")
            if o8.showdown(*SHOWDOWN).payouts != serial_showdown:
                problems.append(f"thread {thread}: showdown")
        return problems

    with switch_interval(1e-5):
        with ThreadPoolExecutor(N_THREADS) as pool:
            problems = [p for found in pool.map(work, range(N_THREADS)) for p in found]
    assert problems == []


def test_equity_chunk_releases_the_gil() -> None:
    from omaha8_fast.equity import EquityJob, run_chunk

    job = EquityJob(players=(bytes([51, 50, 3, 5]), None), weights=(None, None), hole_size=4,
                    board=b"", dead=b"", exact=False, samples=32 * 150_000, seed=1)
    assert max(_share_of_call_counted(lambda: run_chunk(job, 0)) for _ in range(3)) > 0.25
