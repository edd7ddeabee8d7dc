"""Equity speed, side by side with poker-equity (when installed) in one run.

    pytest benchmarks/bench_equity.py --benchmark-only

Heads-up preflop AsAd2s3d vs KhKd9c8c (Omaha Hi/Lo):
- exact enumeration of the 1,086,008 boards on one thread, vs poker-equity's
  ``exact_from_text("omaha_hi_lo", ...)`` (target: <= 0.15 s, >= 5x faster);
- Monte Carlo showdowns per second on one thread, vs poker-equity's
  ``chunk_from_text(..., threads=1)`` (target: >= 20 M/s, >= 10x);
- Monte Carlo on 2 threads vs 1 (target: >= 1.8x on 2 cores);
- a Dask LocalCluster job through ``executor=``, whose numbers must equal
  the single-process ones.
The ratios are printed at the end of the run (best of the rounds, so that
other load on the machine counts as little as possible).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from _size import best, size

from omaha8_fast.equity import equity

HOLES = ["AsAd2s3d", "KhKd9c8c"]
MC_SAMPLES = size(4_000_000, 20_000)
#: Hand vs five random hands, preflop (issue 39: 5.55 M deals/s one deal at a
#: time, target >= 3x): the deals go through the batch kernels in blocks.
RANDOM_6WAY = ["As Ad 2s 3d", None, None, None, None, None]
RANDOM_SAMPLES = size(1_000_000, 20_000)
PE_SAMPLES = size(1_000_000, 20_000)
RESULTS: dict[str, float] = {}  # name -> best seconds per call




def run(benchmark: Any, name: str, function: Callable[[], Any], rounds: int) -> Any:
    result = benchmark.pedantic(function, rounds=rounds, iterations=1, warmup_rounds=1)
    RESULTS[name] = best(benchmark)
    return result


@pytest.fixture(scope="module", autouse=True)
def summary(print_summary: Callable[[list[str]], None]) -> Iterator[None]:
    yield
    if not RESULTS:
        return
    r = RESULTS
    lines = ["", "equity summary (best of rounds, heads-up preflop AsAd2s3d vs KhKd9c8c)"]
    if "exact" in r:
        lines.append(f"  exact, 1 thread:            {r['exact']:.3f} s  (target <= 0.15 s)")
    if "exact" in r and "pe_exact" in r:
        lines.append(f"  poker-equity exact:         {r['pe_exact']:.3f} s  -> {r['pe_exact'] / r['exact']:.1f}x (target >= 5x)")
    if "mc1" in r:
        lines.append(f"  Monte Carlo, 1 thread:      {MC_SAMPLES / r['mc1'] / 1e6:.1f} M showdowns/s (target >= 20)")
    if "mc1" in r and "pe_mc" in r:
        theirs = PE_SAMPLES / r["pe_mc"]
        lines.append(f"  poker-equity MC, 1 thread:  {theirs / 1e6:.2f} M/s -> {MC_SAMPLES / r['mc1'] / theirs:.1f}x (target >= 10x)")
    if "mc1" in r and "mc2" in r:
        lines.append(f"  Monte Carlo, 2 threads:     {MC_SAMPLES / r['mc2'] / 1e6:.1f} M/s -> {r['mc1'] / r['mc2']:.2f}x one thread (target >= 1.8x)")
    if "mc6r" in r:
        lines.append(f"  hand vs 5 random, 1 thread:  {RANDOM_SAMPLES / r['mc6r'] / 1e6:.2f} M deals/s "
                     f"({RANDOM_SAMPLES * 6 / r['mc6r'] / 1e6:.1f} M hands/s; issue 39: 5.55 M deals/s before, target 3x)")
    if "mc6r" in r and "mc1" in r:
        lines.append(f"  hand vs 5 random / heads-up known, per hand: {(MC_SAMPLES * 2 / r['mc1']) / (RANDOM_SAMPLES * 6 / r['mc6r']):.2f}x")
    if "dask" in r:
        lines.append(f"  Dask LocalCluster (2 workers): {MC_SAMPLES / r['dask'] / 1e6:.1f} M/s, same numbers as one process")
    print_summary(lines)


def test_exact_preflop(benchmark: Any) -> None:
    aces, _ = run(benchmark, "exact", lambda: equity(HOLES, threads=1), rounds=10)
    assert aces.exact and aces.showdowns == 1086008


def test_exact_preflop_poker_equity(benchmark: Any) -> None:
    pe = pytest.importorskip("poker_equity")
    result = run(benchmark, "pe_exact", lambda: pe.exact_from_text("omaha_hi_lo", HOLES), rounds=3)
    assert result["samples"] == 1086008
    assert result["players"][0]["equity"] == pytest.approx(equity(HOLES)[0].equity, abs=1e-12)


def test_monte_carlo_one_thread(benchmark: Any) -> None:
    aces, _ = run(benchmark, "mc1", lambda: equity(HOLES, exact=False, samples=MC_SAMPLES, seed=1, threads=1), rounds=15)
    assert aces.showdowns == MC_SAMPLES


def test_monte_carlo_hand_vs_random_6way(benchmark: Any) -> None:
    hero, *_ = run(benchmark, "mc6r", lambda: equity(RANDOM_6WAY, exact=False, samples=RANDOM_SAMPLES, seed=1, threads=1),
                   rounds=5)
    assert hero.showdowns == RANDOM_SAMPLES


def test_monte_carlo_poker_equity(benchmark: Any) -> None:
    pe = pytest.importorskip("poker_equity")
    result = run(benchmark, "pe_mc",
                 lambda: pe.chunk_from_text("omaha_hi_lo", HOLES, samples=PE_SAMPLES, seed=1, threads=1), rounds=3)
    assert result["samples"] == PE_SAMPLES


def test_monte_carlo_two_threads(benchmark: Any) -> None:
    # many rounds: on a shared machine the second core is free only at times
    result = run(benchmark, "mc2", lambda: equity(HOLES, exact=False, samples=MC_SAMPLES, seed=1, threads=2), rounds=15)
    assert result == equity(HOLES, exact=False, samples=MC_SAMPLES, seed=1, threads=1)


def test_dask_local_cluster(benchmark: Any) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        pool = client.get_executor(pure=False)  # pure tasks would be answered from Dask's cache
        result = run(benchmark, "dask",
                     lambda: equity(HOLES, exact=False, samples=MC_SAMPLES, seed=1, executor=pool), rounds=3)
    assert result == equity(HOLES, exact=False, samples=MC_SAMPLES, seed=1, threads=1)


# --- issue 11 item 4 targets: river vs a random hand, 6-way Monte Carlo, fixed cost -----------

RIVER = "Kh 7c 2d 9s 3c"
SIX = ["AsAd2s3d", "KhKd9c8c", None, None, None, None]
SIX_SAMPLES = size(500_000, 10_000)


def test_river_exact_against_random(benchmark: Any) -> None:
    # C(43, 4) = 123,410 random holes on one river board
    result = run(benchmark, "river_random", lambda: equity(["AsAd2s3d", None], board=RIVER, threads=1), rounds=20)
    RESULTS["river_random_showdowns"] = result[0].showdowns
    assert result[0].exact and result[0].showdowns == 123410


def test_turn_exact_against_random(benchmark: Any) -> None:
    result = run(benchmark, "turn_random",
                 lambda: equity(["AsAd2s3d", None], board=RIVER[:11], exact=True, threads=1), rounds=5)
    RESULTS["turn_random_showdowns"] = result[0].showdowns
    assert result[0].showdowns == 5430040


def test_six_way_preflop_monte_carlo(benchmark: Any) -> None:
    result = run(benchmark, "six_way", lambda: equity(SIX, exact=False, samples=SIX_SAMPLES, seed=1, threads=1),
                 rounds=5)
    assert result[0].showdowns == SIX_SAMPLES


def test_river_fixed_cost(benchmark: Any) -> None:
    holes = ["As Kd 2c 3d", "Qc Qd Jc Tc"]
    result = benchmark(lambda: equity(holes, board="Ah Kh 4c 5d 9s"))
    RESULTS["river_call"] = best(benchmark)
    assert result[0].equity == 1.0


def test_river_fixed_cost_general_path(benchmark: Any) -> None:
    # the same spot through read_spot/plan/run_job (threads=1 skips the direct path): what it saves
    holes = ["As Kd 2c 3d", "Qc Qd Jc Tc"]
    result = benchmark(lambda: equity(holes, board="Ah Kh 4c 5d 9s", threads=1))
    RESULTS["river_call_general"] = best(benchmark)
    assert result[0].equity == 1.0


def test_turn_known_hands(benchmark: Any) -> None:
    holes = ["As Kd 2c 3d", "Qc Qd Jc Tc"]  # 40 rivers
    result = benchmark(lambda: equity(holes, board="Ah Kh 4c 5d"))
    RESULTS["turn_call"] = best(benchmark)
    assert result[0].showdowns == 40


def test_flop_known_hands(benchmark: Any) -> None:
    holes = ["As Kd 2c 3d", "Qc Qd Jc Tc"]  # 820 turn-river pairs
    result = benchmark(lambda: equity(holes, board="Ah Kh 4c"))
    RESULTS["flop_call"] = best(benchmark)
    assert result[0].showdowns == 820


@pytest.fixture(scope="module", autouse=True)
def targets_summary(print_summary: Callable[[list[str]], None]) -> Iterator[None]:
    yield
    r = RESULTS
    lines = ["", "equity kernel targets (issue 11), one thread, best of rounds"]
    if "river_random" in r:
        lines.append(f"  river exact vs random: {r['river_random_showdowns'] / r['river_random'] / 1e6:.1f} M showdowns/s"
                     " (target >= 30)")
    if "turn_random" in r:
        lines.append(f"  turn exact vs random:  {r['turn_random_showdowns'] / r['turn_random'] / 1e6:.1f} M showdowns/s")
    if "six_way" in r:
        lines.append(f"  6-way preflop MC:      {SIX_SAMPLES / r['six_way'] / 1e6:.2f} M deals/s"
                     f" ({6 * SIX_SAMPLES / r['six_way'] / 1e6:.1f} M hands/s) (target >= 25 M/s)")
    if "river_call" in r:
        lines.append(f"  river equity() call:   {r['river_call'] * 1e6:.1f} us (target <= 10 us)")
    if "river_call_general" in r:
        lines.append(f"  river, general path:   {r['river_call_general'] * 1e6:.1f} us")
    for name, label in (("turn_call", "turn, known hands:"), ("flop_call", "flop, known hands:")):
        if name in r:
            lines.append(f"  {label:<22} {r[name] * 1e6:.1f} us")
    if len(lines) > 2:
        print_summary(lines)
