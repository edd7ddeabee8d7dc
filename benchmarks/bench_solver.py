"""Solver speed (issue 41), one core. Run:

    python -m pytest benchmarks/bench_solver.py --benchmark-columns=min,median,mean -s

Targets: ``showdown_values`` 1,000 x 1,000 combos on a river <= 5 ms; a river
pot-limit spot, 1,000 combos each, sizes {50%, pot}, one raise, to 0.3% of the
pot <= 3 s; a turn spot, 500 combos each, the same sizes, to 0.5% <= 60 s
(marked slow: ``-m slow``), two threads >= 1.7x one on an idle machine. The
machine this runs on is shared: give the load (``uptime``) with the numbers.
The ranges are random combos (seeded), equal weights.
"""

from __future__ import annotations

import os
import time

import numpy as np
import pytest

pytest.importorskip("pytest_benchmark")

from omaha8_fast._core import ffi, lib  # noqa: E402
from omaha8_fast.cards import card_ids, format_cards  # noqa: E402
from omaha8_fast.ranges import Range  # noqa: E402
from omaha8_fast.solver import Spot, showdown_values, solve  # noqa: E402
from omaha8_fast.solver._showdown import Table, ident  # noqa: E402

RIVER = "Ks 8d 7c 6h 2c"
TURN = "Ks 8d 7c 6h"


def random_ranges(board: str, n: int, seed: int = 0) -> tuple[dict[str, float], dict[str, float]]:
    r = Range("*").without(board)
    idx = np.random.default_rng(seed).choice(len(r), 2 * n, replace=False)
    hands = r.hands
    a = {format_cards(h): 1.0 for h in hands[idx[:n]].tolist()}
    b = {format_cards(h): 1.0 for h in hands[idx[n:]].tolist()}
    return a, b


def test_showdown_values_1000x1000(benchmark):
    a, b = random_ranges(RIVER, 1000)
    benchmark(showdown_values, a, b, RIVER)


def test_showdown_values_kernel_only_1000x1000(benchmark):
    """The one-shot C call alone (evaluation, ordering, card removal, both sides)."""
    a, b = random_ranges(RIVER, 1000)
    board = bytes(card_ids(RIVER))
    ha = np.array([card_ids(h) for h in a], dtype=np.uint8)
    hb = np.array([card_ids(h) for h in b], dtype=np.uint8)
    wa, wb = np.ones(1000), np.ones(1000)
    va, vb = np.empty(1000), np.empty(1000)
    need = lib.o8_showdown_values_scratch(1000, 1000)
    scratch = np.empty(need, dtype=np.uint8)

    def f64(x):
        return ffi.cast("double *", ffi.from_buffer(x))

    def run():
        return lib.o8_showdown_values(board, ffi.from_buffer(ha), 1000, f64(wa), ffi.from_buffer(hb), 1000, f64(wb),
                                      f64(va), f64(vb), ffi.from_buffer(scratch), need)

    assert benchmark(run) == 0


def test_showdown_sweep_prepared_1000x1000(benchmark):
    """What one showdown node costs a CFR iteration: the sweep over prepared ranges."""
    a, b = random_ranges(RIVER, 1000)
    ha = np.array([card_ids(h) for h in a], dtype=np.uint8)
    hb = np.array([card_ids(h) for h in b], dtype=np.uint8)
    table = Table(card_ids(RIVER), (ha, hb), (ident(ha, hb), ident(hb, ha)))
    w = np.ones(1000)
    benchmark(table.values, 0, w)


def test_river_pot_limit_1000_combos(benchmark, print_summary):
    a, b = random_ranges(RIVER, 1000)
    spot = Spot(RIVER, ranges=(a, b), pot=100, stacks=400, bet_sizes=(0.5, 1.0), raise_sizes=(1.0,), max_raises=1)
    result = benchmark.pedantic(solve, args=(spot,), kwargs={"exploitability": 0.003}, rounds=1, iterations=1)
    assert result.exploitability() <= 0.003
    print_summary([f"river 1,000 x 1,000 combos: {result.iterations} iterations, exploitability "
                   f"{result.exploitability():.3%}, tree {spot.node_count} nodes, {spot.memory_bytes:,} bytes, "
                   f"load {os.getloadavg()[0]:.1f}"])


@pytest.mark.slow
@pytest.mark.parametrize("threads", [1, 2])
def test_turn_pot_limit_500_combos(threads, print_summary):
    a, b = random_ranges(TURN, 500)
    spot = Spot(TURN, ranges=(a, b), pot=100, stacks=400, bet_sizes=(0.5, 1.0), raise_sizes=(1.0,), max_raises=1)
    start = time.perf_counter()
    result = solve(spot, exploitability=0.005, threads=threads)
    seconds = time.perf_counter() - start
    assert result.exploitability() <= 0.005
    print_summary([f"turn 500 x 500 combos, {threads} thread(s): {seconds:.1f} s, {result.iterations} iterations, "
                   f"exploitability {result.exploitability():.3%}, tree {spot.node_count} nodes, "
                   f"{spot.memory_bytes:,} bytes, load {os.getloadavg()[0]:.1f}"])
