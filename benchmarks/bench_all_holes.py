"""rank_all_holes: every hole against one board (target: the 178,365
four-card holes of a river board in under 10 ms on one core), flop and turn
boards and five- and six-card holes; icm at 10 players (exact) and 100
players (Monte Carlo).

    python -m pytest -p no:xdist benchmarks/bench_all_holes.py --benchmark-columns=min,median,rounds
"""

from __future__ import annotations

import pytest

from omaha8_fast import icm, rank_all_holes

BOARDS = {3: "Ah Kh 7c", 4: "Ah Kh 7c 5d", 5: "Ah Kh 7c 5d 2s"}


@pytest.mark.parametrize("hole_size", [4, 5, 6])
@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_rank_all_holes(benchmark, board_size: int, hole_size: int) -> None:  # type: ignore[no-untyped-def]
    if hole_size == 6 and board_size < 5:
        benchmark.pedantic(rank_all_holes, (BOARDS[board_size], hole_size), rounds=3)
    else:
        ranked = benchmark(rank_all_holes, BOARDS[board_size], hole_size)
        assert len(ranked) > 0


def test_icm_10_players_exact(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark(icm, [1000 * (i + 1) for i in range(10)], [30, 20, 15, 10, 8, 6, 5, 3, 2, 1])


def test_icm_100_players_monte_carlo(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.pedantic(icm, ([100 + i for i in range(100)], list(range(30, 0, -1))), rounds=3)
