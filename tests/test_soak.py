"""Soak test: many threads and a process pool issue a seeded random mix of
every public call, good and bad, for a bounded time.

The calls (tests/soak_calls.py) are evaluation (single, text and ids, and
batches), card parsing, showdowns and pot splits (int, side pots,
contributions), equity (small exact and Monte Carlo, with ranges), ranges,
whole engine hands with random legal actions (and replay), and the CLI's
``main()`` in-process. First every call runs once serially: that outcome is
the reference, itself checked against the pure-Python evaluator
(``omaha8_fast.evaluator.reference``) and the contract (payouts pay every chip, a bad
call gets ``ValueError``/``TypeError`` with a message, a good call an
answer). Then ``THREADS`` threads and ``PROCESSES`` worker processes make
every call once more between them, and repeat random calls until the time
is up; every outcome must equal the serial one
exactly (same numbers, same messages), any other exception is a failure
naming the call, and the resident memory at the end must be within
``RSS_GROWTH_MB`` of what it was after the warm-up.

``OMAHA8_SOAK_SECONDS`` (default 5; CI sets 30) is the duration,
``OMAHA8_SOAK_SEED`` the seed of the calls (default 15). The calls include
issue 15's reproducers (``soak_calls.ISSUE15``); those still open on this
branch (``soak_calls.PENDING``) only with ``OMAHA8_SOAK_PENDING=1``. ``-s`` prints a
summary with the calls per kind. Longer by hand::

    OMAHA8_SOAK_SECONDS=3600 python -m pytest -m slow -s -p no:xdist tests/test_soak.py
"""

from __future__ import annotations

import gc
import importlib
import multiprocessing
import os
import random
import sys
import threading
import time
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

TESTS = Path(__file__).resolve().parent
SECONDS = float(os.environ.get("OMAHA8_SOAK_SECONDS") or 5)
SEED = int(os.environ.get("OMAHA8_SOAK_SEED") or 15)
SPECS = 1200
THREADS = 6
PROCESSES = 2
#: growth of the resident set allowed between the end of the warm-up and the end
RSS_GROWTH_MB = 64


def _calls() -> ModuleType:
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    return importlib.import_module("soak_calls")


def _init_worker(path: str) -> None:
    sys.path.insert(0, path)


def _describe(spec: tuple[object, ...]) -> str:
    text = repr(spec)
    return text if len(text) < 400 else text[:400] + "..."


@pytest.mark.slow
def test_soak() -> None:
    calls = _calls()
    specs = calls.make_specs(SEED, SPECS) + calls.issue15_specs(pending=bool(os.environ.get("OMAHA8_SOAK_PENDING")))

    # 1. the serial reference, checked against the pure-Python reference
    expected = [calls.execute(spec) for spec in specs]
    problems = [f"{_describe(s)}: {p}" for s, o in zip(specs, expected) if (p := calls.reference_problem(s, o))]
    assert not problems, f"{len(problems)} serial calls broke the contract:\n" + "\n".join(problems[:20])

    # 2. the same calls from threads and processes, for a bounded time
    counts: Counter[str] = Counter()
    bad_counts: Counter[str] = Counter()
    by_process: Counter[bool] = Counter()
    failures: list[str] = []
    lock = threading.Lock()
    start = time.monotonic()
    warm_until = start + min(2.0, SECONDS / 4)
    deadline = start + SECONDS
    rss: dict[str, int] = {}

    def check(i: int, outcome: tuple[object, ...], where: str) -> None:
        with lock:
            counts[specs[i][0]] += 1
            by_process[where == "process"] += 1
            bad_counts[specs[i][0]] += specs[i][2]
            if outcome != expected[i]:
                failures.append(f"{where}: {_describe(specs[i])}\n  serial:     {expected[i]!r:.600}\n"
                                f"  concurrent: {outcome!r:.600}")

    def thread_loop(k: int) -> None:
        # first a sweep: the threads share every call once between them, so
        # that each kind runs concurrently however short the time; then random
        sweep = [i for i in range(k, len(specs), THREADS) if specs[i][0] not in calls.PROCESS_ONLY]
        rng = random.Random(SEED * 1000 + k)
        while (sweep or time.monotonic() < deadline) and len(failures) < 20:
            i = sweep.pop() if sweep else rng.randrange(len(specs))
            if specs[i][0] in calls.PROCESS_ONLY:
                continue
            check(i, calls.execute(specs[i]), f"thread {k}")

    def warm_up_mark() -> None:
        time.sleep(max(0.0, warm_until - time.monotonic()))
        gc.collect()
        rss["warm"] = calls.rss_bytes()

    context = multiprocessing.get_context("spawn")  # no fork of a process that runs threads
    with ProcessPoolExecutor(PROCESSES, mp_context=context, initializer=_init_worker, initargs=(str(TESTS),)) as pool:
        threads = [threading.Thread(target=thread_loop, args=(k,), daemon=True) for k in range(THREADS)]
        threads.append(threading.Thread(target=warm_up_mark, daemon=True))
        for t in threads:
            t.start()
        rng = random.Random(SEED * 1000 - 1)
        # the processes' sweep: every call only they run, and a sample of the rest
        sweep = [i for i, spec in enumerate(specs) if spec[0] in calls.PROCESS_ONLY or i % 25 == 0]
        in_flight: list[tuple[int, Future[tuple[object, ...]]]] = []
        while (sweep or time.monotonic() < deadline) and len(failures) < 20:
            while len(in_flight) < 2 * PROCESSES:
                i = sweep.pop() if sweep else rng.randrange(len(specs))
                in_flight.append((i, pool.submit(calls.execute, specs[i])))
            i, future = in_flight.pop(0)
            check(i, future.result(timeout=120), "process")
        for i, future in in_flight:
            check(i, future.result(timeout=120), "process")
        for t in threads:
            t.join(timeout=120)
            assert not t.is_alive(), "a soak thread is stuck"

    gc.collect()
    rss["end"] = calls.rss_bytes()
    elapsed = time.monotonic() - start
    growth_mb = (rss["end"] - rss.get("warm", rss["end"])) / 2**20
    summary = ", ".join(f"{kind} {n} ({bad_counts[kind]} bad)" for kind, n in sorted(counts.items()))
    print(f"\nsoak: {sum(counts.values())} calls in {elapsed:.1f} s from {THREADS} threads and {PROCESSES} processes, "
          f"({by_process[True]} calls in processes), seed {SEED}, {len(specs)} distinct calls; RSS {rss.get('warm', 0) / 2**20:.0f} MiB after the warm-up, "
          f"{rss['end'] / 2**20:.0f} MiB at the end ({growth_mb:+.1f} MiB)\n  {summary}")
    assert not failures, f"{len(failures)} concurrent outcomes differ from the serial ones:\n" + "\n".join(failures)
    assert set(counts) >= {kind for kind, _, _ in specs}, f"kinds never run concurrently: {set(s[0] for s in specs) - set(counts)}"
    assert growth_mb <= RSS_GROWTH_MB, f"resident memory grew by {growth_mb:.1f} MiB after the warm-up"


def test_the_soak_checks_catch_a_wrong_answer() -> None:
    """The serial check fails on a wrong evaluation, a bad call that is
    accepted, a good call that is refused and an escaping exception."""
    calls = _calls()
    spec = ("evaluate_hilo", ([0, 4, 8, 12], [16, 20, 24]), False)
    outcome = calls.execute(spec)
    assert calls.reference_problem(spec, outcome) is None
    assert "reference" in calls.reference_problem(spec, ("ok", [outcome[1][0] + 1, outcome[1][1]]))
    assert "accepted" in calls.reference_problem(spec[:2] + (True,), outcome)
    assert "refused" in calls.reference_problem(spec, ("error", "ValueError", "no"))
    assert "escaped" in calls.reference_problem(spec, calls.execute(("no such kind", (), False)))  # a KeyError
    assert "without a message" in calls.reference_problem(spec[:2] + (True,), ("error", "ValueError", " "))
