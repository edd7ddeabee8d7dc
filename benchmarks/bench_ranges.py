"""Range benchmarks (pytest-benchmark): parsing, and range vs range equity.

Target (issue 5): range vs range, 2 players, flop given, Monte Carlo with
1,000,000 trials in <= 1 s on one core.

Targets (issue 15): any 4-card range of <= 1,000 characters in <= 50 ms and
<= 100 MB; any 6-card range of <= 100 characters in <= 2 s and <= 1 GB. The
adversarial texts are in benchmarks/_range_cases.py; time is measured here
(universes built beforehand, as in a long-running process), memory in a
fresh process per range by benchmarks/range_costs.py (which also prints a
table: ``python benchmarks/range_costs.py``).

    python -m pytest benchmarks/bench_ranges.py --benchmark-only
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _range_cases import CASES_4, CASES_6, ISSUE  # noqa: E402
from _size import fast_enough, some  # noqa: E402
from range_costs import cost  # noqa: E402

from omaha8_fast.equity import equity  # noqa: E402
from omaha8_fast.ranges import _CLASS_LISTS, Range, RangeSyntaxError, _class_lists, _classes  # noqa: E402

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
    assert fast_enough(benchmark, 1.0), "1 M range-vs-range trials should take <= 1 s on one core"


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


def _tables(k: int) -> None:
    """The universe tables a long-running process has built (see range_costs.py)."""
    for kind in ("ranks", "suits", "shapes"):
        if len(_classes(k, kind)[1]) <= _CLASS_LISTS:
            _class_lists(k, kind)
    Range("AA", hole_size=k)
    if k == 4:
        Range("10%")


def _make(text: str, k: int) -> int:
    try:
        return len(Range(text, hole_size=k))
    except RangeSyntaxError:
        return -1


@pytest.mark.parametrize("name", some(list(CASES_4), 3))
def test_adversarial_4_card_range(benchmark, name: str) -> None:
    text = CASES_4[name]
    assert len(text) <= 1000
    _tables(4)
    benchmark.pedantic(_make, args=(text, 4), rounds=5, iterations=1, warmup_rounds=1)
    assert fast_enough(benchmark, 0.05), f"{name}: a 4-card range of <= 1,000 characters should take <= 50 ms"


@pytest.mark.parametrize("name", some(list(CASES_6), 1))
def test_adversarial_6_card_range(benchmark, name: str) -> None:
    text = CASES_6[name]
    assert len(text) <= 100
    _tables(6)
    benchmark.pedantic(_make, args=(text, 6), rounds=3, iterations=1)
    assert fast_enough(benchmark, 2.0), f"{name}: a 6-card range of <= 100 characters should take <= 2 s"


@pytest.mark.parametrize("name", list(ISSUE))
def test_issue_reproducers(benchmark, name: str) -> None:
    text, k = ISSUE[name]
    _tables(k)
    benchmark.pedantic(_make, args=(text, k), rounds=3, iterations=1)


@pytest.mark.parametrize(("name", "text", "k"), some([(f"4-card {n}", t, 4) for n, t in CASES_4.items()], 2)
                         + some([(f"6-card {n}", t, 6) for n, t in CASES_6.items()], 1))
def test_adversarial_range_memory(name: str, text: str, k: int) -> None:
    """Peak memory of the whole process (Python and NumPy included)."""
    rss = float(cost(text, k)["rss_mb"])  # type: ignore[arg-type]
    assert rss <= (100 if k == 4 else 1024), f"{name}: {rss:.0f} MB"
