"""Evaluator speed, side by side with peers when installed.

    python -m pytest benchmarks/bench_evaluator.py --benchmark-columns=min,median,ops

Batch numbers are per call over 1,000,000 random deals (divide to get a
deal rate; ``extra_info`` carries it); a single-call round evaluates 10,000
different deals one call at a time (divide by 10,000 for one call).
"""

from __future__ import annotations

import numpy as np
import pytest

from omaha8_fast import evaluate_batch, evaluate_high, evaluate_high_batch, evaluate_hilo, format_cards

SINGLE = 10_000


def rate(benchmark, n: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["deals_per_second"] = n / benchmark.stats.stats.min


@pytest.mark.benchmark(group="batch (1M deals)")
def test_batch_hilo(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    holes, boards = deals
    out = (np.empty(len(holes), np.uint16), np.empty(len(holes), np.int32))
    benchmark(evaluate_batch, holes, boards, out=out)
    rate(benchmark, len(holes))


@pytest.mark.benchmark(group="batch (1M deals)")
def test_batch_hilo_unchecked(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    holes, boards = deals
    out = (np.empty(len(holes), np.uint16), np.empty(len(holes), np.int32))
    benchmark(evaluate_batch, holes, boards, out=out, check=False)
    rate(benchmark, len(holes))


@pytest.mark.benchmark(group="batch (1M deals)")
def test_batch_high_only(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    holes, boards = deals
    out = np.empty(len(holes), np.uint16)
    benchmark(evaluate_high_batch, holes, boards, out=out, check=False)
    rate(benchmark, len(holes))


def per_call(benchmark, function, hands: list) -> None:  # type: ignore[no-untyped-def, type-arg]
    """Time ``function(*hand)`` over all ``hands`` per round; the table shows
    a round, ``extra_info`` the time of one call (loop included)."""

    def run() -> None:
        for hand in hands:
            function(*hand)

    benchmark.pedantic(run, rounds=20, warmup_rounds=1)
    benchmark.extra_info["ns_per_call"] = benchmark.stats.stats.min / len(hands) * 1e9


def id_hands(deals) -> list:  # type: ignore[no-untyped-def, type-arg]
    return list(zip(deals[0][:SINGLE].tolist(), deals[1][:SINGLE].tolist()))


def text_hands(deals) -> list:  # type: ignore[no-untyped-def, type-arg]
    return [(format_cards(h, ""), format_cards(b, "")) for h, b in id_hands(deals)]


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_single_hilo_ints(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    per_call(benchmark, evaluate_hilo, id_hands(deals))


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_single_hilo_strings(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    per_call(benchmark, evaluate_hilo, text_hands(deals))


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_single_high_ints(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    per_call(benchmark, evaluate_high, id_hands(deals))


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_phevaluator_high_ints(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    phevaluator = pytest.importorskip("phevaluator")
    evaluate_omaha_cards = phevaluator.evaluate_omaha_cards
    per_call(benchmark, lambda hole, board: evaluate_omaha_cards(*board, *hole), id_hands(deals))


@pytest.mark.benchmark(group="single call (100 hands a round)")
def test_pokerkit_hilo_strings(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    pokerkit = pytest.importorskip("pokerkit")

    def both(hole: str, board: str) -> None:
        pokerkit.OmahaHoldemHand.from_game(hole, board)
        try:
            pokerkit.OmahaEightOrBetterLowHand.from_game(hole, board)
        except ValueError:  # no qualifying low
            pass

    per_call(benchmark, both, text_hands(deals)[:100])
