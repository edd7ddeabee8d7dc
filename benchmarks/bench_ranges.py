"""Range benchmarks (pytest-benchmark): parsing, and range vs range equity.

Target (issue 5): range vs range, 2 players, flop given, Monte Carlo with
1,000,000 trials in <= 1 s on one core.

    python -m pytest benchmarks/bench_ranges.py --benchmark-only
"""

from __future__ import annotations

import pytest

from omaha8_fast.equity import equity
from omaha8_fast.ranges import Range

pytest.importorskip("pytest_benchmark")

HERO = Range("A2**ds, AA:$ds, A3**:xxyy")
VILLAIN = Range("KK, QQ!QQQ, JT98+")
FLOP = "Js 7h 3d"


def test_range_vs_range_flop_monte_carlo_1m_one_core(benchmark) -> None:
    result = benchmark.pedantic(
        equity, args=([HERO, VILLAIN], FLOP), kwargs={"samples": 1_000_000, "seed": 1, "threads": 1},
        rounds=5, iterations=1,
    )
    assert not result[0].exact and abs(sum(r.equity for r in result) - 1) < 1e-9
    assert benchmark.stats.stats.min <= 1.0, "1 M range-vs-range trials should take <= 1 s on one core"


def test_range_vs_range_flop_monte_carlo_1m_two_threads(benchmark) -> None:
    benchmark.pedantic(equity, args=([HERO, VILLAIN], FLOP), kwargs={"samples": 1_000_000, "seed": 1, "threads": 2},
                       rounds=5, iterations=1)


def test_range_vs_random_flop_monte_carlo_1m_one_core(benchmark) -> None:
    benchmark.pedantic(equity, args=([HERO, None], FLOP), kwargs={"samples": 1_000_000, "seed": 1, "threads": 1},
                       rounds=3, iterations=1)


def test_range_vs_hand_turn_exact(benchmark) -> None:
    result = benchmark.pedantic(equity, args=([HERO, "KsKh9c8c"], "Js 7h 3d 2c"), kwargs={"threads": 1},
                                rounds=5, iterations=1)
    assert result[0].exact


@pytest.mark.parametrize("text", ["A2**ds, AAxx", "KQJT-5432:$ds", "RROO!AA, 15%"])
def test_parse(benchmark, text: str) -> None:
    benchmark(Range, text)
