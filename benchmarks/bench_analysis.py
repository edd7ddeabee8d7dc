"""Street analysis speed (omaha8_fast.analysis).

    pytest benchmarks/bench_analysis.py --benchmark-only

Targets (issue 13), heads-up As2s5dKc vs QhQdJcTc, one thread unless said:
- next_street from the flop Qs 7h 4d, exact: <= 20 ms;
- next_street from the turn Qs 7h 4d 9s, exact: <= 2 ms;
- range_distribution of As2s5dKc against "JJ, TT" (10,134 hands once the
  known cards are out) on the flop, exact per villain hand: <= 1.5 s;
- equity_by_street on the full board Qs 7h 4d 9s 3c: <= 40 ms (the exact
  preflop enumeration of 1,086,008 boards dominates), on every core (the
  default) and, for reference, on one thread.
The best round of each is printed at the end of the run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from _size import best

from omaha8_fast.analysis import equity_by_street, next_street, outs, range_distribution

HU = ["As 2s 5d Kc", "Qh Qd Jc Tc"]
RESULTS: dict[str, float] = {}
TARGETS = {"next_street flop": 0.020, "next_street turn": 0.002, "range_distribution 10k flop": 1.5,
           "equity_by_street river": 0.040}


def run(benchmark: Any, name: str, function: Callable[[], Any], rounds: int) -> Any:
    result = benchmark.pedantic(function, rounds=rounds, iterations=1, warmup_rounds=1)
    RESULTS[name] = best(benchmark)
    return result


@pytest.fixture(scope="module", autouse=True)
def summary(print_summary: Callable[[list[str]], None]) -> Iterator[None]:
    yield
    if not RESULTS:
        return
    lines = ["", "analysis summary (best of rounds; one thread unless marked)"]
    for name, seconds in RESULTS.items():
        target = TARGETS.get(name)
        goal = f"  (target <= {target * 1000:g} ms)" if target else ""
        lines.append(f"  {name:<30} {seconds * 1000:9.2f} ms{goal}")
    print_summary(lines)


def test_next_street_flop(benchmark: Any) -> None:
    ns = run(benchmark, "next_street flop", lambda: next_street(HU, "Qs 7h 4d", threads=1), rounds=30)
    assert ns.exact and len(ns.cards) == 41


def test_next_street_turn(benchmark: Any) -> None:
    ns = run(benchmark, "next_street turn", lambda: next_street(HU, "Qs 7h 4d 9s", threads=1), rounds=200)
    assert ns.exact and len(ns.cards) == 40


def test_outs_turn(benchmark: Any) -> None:
    o = run(benchmark, "outs turn", lambda: outs(HU, "Qs 7h 4d 9s"), rounds=200)
    assert len(o) == 40


def test_range_distribution_flop(benchmark: Any) -> None:
    d = run(benchmark, "range_distribution 10k flop",
            lambda: range_distribution("As 2s 5d Kc", "JJ, TT", "Qs 7h 4d", threads=1), rounds=3)
    assert d.exact and len(d) == 10_134


def test_equity_by_street_river(benchmark: Any) -> None:
    s = run(benchmark, "equity_by_street river", lambda: equity_by_street(HU, "Qs 7h 4d 9s 3c"), rounds=10)
    assert list(s) == ["preflop", "flop", "turn", "river"]


def test_equity_by_street_river_one_thread(benchmark: Any) -> None:
    s = run(benchmark, "equity_by_street river, 1 thread",
            lambda: equity_by_street(HU, "Qs 7h 4d 9s 3c", threads=1), rounds=10)
    assert list(s) == ["preflop", "flop", "turn", "river"]
