"""Evaluator speed, side by side with peers when installed.

    python -m pytest benchmarks/bench_evaluator.py --benchmark-columns=min,median,ops

Batch numbers are per call over 1,000,000 random deals (divide to get a
deal rate; ``extra_info`` carries it); single-call numbers cycle through
10,000 of the same deals so that no hand repeats often.
"""

from __future__ import annotations

import itertools

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


def cycle_of(items: list) -> itertools.cycle:  # type: ignore[type-arg]
    return itertools.cycle(items)


@pytest.mark.benchmark(group="single call")
def test_single_hilo_ints(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    hands = cycle_of(list(zip(deals[0][:SINGLE].tolist(), deals[1][:SINGLE].tolist())))
    benchmark(lambda: evaluate_hilo(*next(hands)))


@pytest.mark.benchmark(group="single call")
def test_single_hilo_strings(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    hands = cycle_of([(format_cards(h, ""), format_cards(b, "")) for h, b in
                      zip(deals[0][:SINGLE].tolist(), deals[1][:SINGLE].tolist())])
    benchmark(lambda: evaluate_hilo(*next(hands)))


@pytest.mark.benchmark(group="single call")
def test_single_high_ints(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    hands = cycle_of(list(zip(deals[0][:SINGLE].tolist(), deals[1][:SINGLE].tolist())))
    benchmark(lambda: evaluate_high(*next(hands)))


@pytest.mark.benchmark(group="single call")
def test_phevaluator_high_ints(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    phevaluator = pytest.importorskip("phevaluator")
    hands = cycle_of([tuple(b) + tuple(h) for h, b in zip(deals[0][:SINGLE].tolist(), deals[1][:SINGLE].tolist())])
    evaluate_omaha_cards = phevaluator.evaluate_omaha_cards
    benchmark(lambda: evaluate_omaha_cards(*next(hands)))


@pytest.mark.benchmark(group="single call")
def test_pokerkit_hilo_strings(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    pokerkit = pytest.importorskip("pokerkit")
    hands = cycle_of([(format_cards(h, ""), format_cards(b, "")) for h, b in
                      zip(deals[0][:SINGLE].tolist(), deals[1][:SINGLE].tolist())])

    def both() -> None:
        hole, board = next(hands)
        pokerkit.OmahaHoldemHand.from_game(hole, board)
        try:
            pokerkit.OmahaEightOrBetterLowHand.from_game(hole, board)
        except ValueError:  # no qualifying low
            pass

    benchmark(both)
