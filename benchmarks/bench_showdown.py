"""Showdown speed (issue 3): a 9-player one-pot showdown <= 15 us from Python,
2-player <= 5 us. Run:

    python -m pytest benchmarks/bench_showdown.py --benchmark-columns=min,median,mean

A single ``evaluate_hilo`` call is measured in the same run as the yardstick
(this machine is shared and noisy: compare ratios).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pytest_benchmark")

from omaha8_fast import evaluate_hilo, format_cards  # noqa: E402
from omaha8_fast.showdown import Contributions, showdown, split_pot  # noqa: E402


def deal(players: int, seed: int = 9) -> tuple[list[int], list[list[int]]]:
    deck = random.Random(seed).sample(range(52), 5 + 4 * players)
    return deck[:5], [deck[5 + 4 * k:9 + 4 * k] for k in range(players)]


def test_yardstick_evaluate_hilo(benchmark):
    board, holes = deal(1)
    benchmark(evaluate_hilo, holes[0], board)


@pytest.mark.parametrize("players", [2, 6, 9])
def test_split_pot_ids(benchmark, players):
    board, holes = deal(players)
    payouts = benchmark(split_pot, board, holes, 1000)
    assert sum(payouts) == 1000


@pytest.mark.parametrize("players", [2, 9])
def test_showdown_ids(benchmark, players):
    board, holes = deal(players)
    result = benchmark(showdown, board, holes, 1000)
    assert sum(result.payouts) == 1000


@pytest.mark.parametrize("sep", ["", " "], ids=["packed", "spaced"])
@pytest.mark.parametrize("players", [2, 9])
def test_split_pot_text(benchmark, players, sep):
    board, holes = deal(players)
    payouts = benchmark(split_pot, format_cards(board, sep), [format_cards(h, sep) for h in holes], 1000)
    assert sum(payouts) == 1000


def test_split_pot_side_pots_from_contributions(benchmark):
    board, holes = deal(6)
    holes[4] = None  # folded
    stakes = Contributions([50, 200, 200, 120, 30, 200])
    payouts = benchmark(split_pot, board, holes, stakes)
    assert sum(payouts) == sum(stakes)
