"""PQL speed: trials per second of a two-player ``avg(riverEquity(hero))``
query on one core (Monte Carlo, hand vs random: target >= 50 M trials/s, CPU
time), of the same query with a ``where`` clause on the flop, and of a
histogram of hand types; exact enumeration of two known hands preflop
(1,086,008 deals: target >= 100 M trials/s, within 6x of ``equity()``); the
equity kernel on the same spots for scale.

    pytest benchmarks/bench_pql.py --benchmark-only -s

Best of the rounds, in CPU seconds of this process (time.process_time: the
run is single-threaded, and CPU time does not count the other work of a shared
machine); the figures are printed at the end of the run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from _size import size

from omaha8_fast import Range, equity
from omaha8_fast.pql import run

TRIALS = size(2_000_000, 20_000)
RESULTS: dict[str, tuple[float, int]] = {}
EXACT = "select avg(riverEquity(hero)) as eq, count(scoops(hero)) as s from game='omaha8', hero='AsAd2s3d', " \
        "villain='KhKd9c8c'"
EXACT_DEALS = 1_086_008
QUERIES = {
    "avg(riverEquity), hand vs random": "select avg(riverEquity(hero)) as eq from game='omaha8', hero='AsAd2s3d', villain='*'",
    "avg(riverEquity), range vs random": "select avg(riverEquity(hero)) as eq from game='omaha8', hero='A2**', villain='*'",
    "where madeLo on the flop": "select avg(riverEquity(hero)) as eq from game='omaha8', hero='A2**', villain='*' "
                                "where madeLo(hero, flop)",
    "histogram(handType)": "select histogram(handType(hero)) as h, count(scoops(hero)) as s from game='omaha8', "
                           "hero='A2**', villain='*'",
}


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    yield
    print()
    for name, (seconds, trials) in RESULTS.items():
        print(f"{name}: {trials / seconds / 1e6:.1f} M trials/s ({seconds:.3f} s for {trials:,})")


def cpu_best(benchmark: Any, name: str, function: Callable[[], Any], trials: int = TRIALS) -> Any:
    seconds: list[float] = []

    def timed() -> Any:
        start = time.process_time()
        out = function()
        seconds.append(time.process_time() - start)
        return out
    result = benchmark.pedantic(timed, rounds=3, iterations=1, warmup_rounds=1)
    RESULTS[name] = (min(seconds), trials)
    return result


@pytest.mark.parametrize("name", list(QUERIES))
def test_pql_trials_per_second(benchmark: Any, name: str) -> None:
    result = cpu_best(benchmark, name, lambda: run(QUERIES[name], trials=TRIALS, seed=1))
    assert result.deals == TRIALS


def test_equity_kernel_same_spot(benchmark: Any) -> None:
    cpu_best(benchmark, "equity(), range vs random (for scale)",
             lambda: equity([Range("A2**"), "random"], samples=TRIALS, seed=1, threads=1))


def test_pql_exact_known_hands(benchmark: Any) -> None:
    result = cpu_best(benchmark, "exact, heads-up known hands preflop", lambda: run(EXACT, exact=True), EXACT_DEALS)
    assert result.exact and result.trials == EXACT_DEALS


def test_pql_exact_known_hands_general_path(benchmark: Any) -> None:
    # a where clause: the deals come as rows (the C cursor) and the selectors run on arrays
    result = cpu_best(benchmark, "exact, heads-up known hands preflop, where true (rows)",
                      lambda: run(EXACT + " where true", exact=True), EXACT_DEALS)
    assert result.exact and result.trials == EXACT_DEALS


def test_equity_exact_same_spot(benchmark: Any) -> None:
    cpu_best(benchmark, "equity(exact=True), heads-up known hands (for scale)",
             lambda: equity(["AsAd2s3d", "KhKd9c8c"], exact=True, threads=1), EXACT_DEALS)


def test_equity_hand_vs_random(benchmark: Any) -> None:
    cpu_best(benchmark, "equity(), hand vs random (for scale)",
             lambda: equity(["AsAd2s3d", "random"], samples=TRIALS, seed=1, threads=1))
