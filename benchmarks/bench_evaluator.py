"""Evaluator speed, side by side with peers when installed.

    python -m pytest -p no:xdist benchmarks/bench_evaluator.py --benchmark-columns=min,median,rounds

Batch numbers are per call over 1,000,000 random deals (divide to get a
deal rate; ``extra_info`` carries it); a single-call round evaluates 10,000
different deals one call at a time (divide by 10,000 for one call).

The ``kernel`` group runs every batch kernel this CPU has (scalar, avx2,
avx512) through the per-call kernel hook ``o8_eval_batch_kernel``, in the
same run; ``test_kernels_interleaved`` runs them again in turns, round by
round, and the summary at the end gives each one's deal rate and its
speed-up over the scalar kernel from those rounds (medians; this machine is
shared: compare ratios).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest

from _size import best, size

from omaha8_fast import evaluate_batch, evaluate_high, evaluate_high_batch, evaluate_hilo, format_cards
from omaha8_fast._core import ffi, lib
from omaha8_fast.evaluator.kernels import _IDS, available_kernels, kernel, kernel_choice
from omaha8_fast.showdown import split_pot

SINGLE = size(10_000, 500)
MODES = ("hilo-checked", "hilo-unchecked", "high-unchecked", "high-checked")
#: (kernel, mode) -> median seconds per 1M-deal call, for the summary.
MEDIANS: dict[tuple[str, str], float] = {}
SINGLES: dict[str, float] = {}


@pytest.fixture(scope="module", autouse=True)
def summary(print_summary: Callable[[list[str]], None]) -> Iterator[None]:
    yield
    lines = [f"batch kernels (in use: {kernel()}), 1M random deals (4 hole, 5 board), "
             "median of 15 interleaved rounds (test_kernels_interleaved):"]
    for mode in MODES:
        scalar = MEDIANS.get(("scalar", mode))
        for name in available_kernels():
            if (name, mode) in MEDIANS:
                t = MEDIANS[name, mode]
                ratio = f", {scalar / t:.2f}x scalar" if scalar and name != "scalar" else ""
                lines.append(f"  {mode:15} {name:7} {1e6 / t / 1e6:7.1f} M deals/s ({t * 1e3:6.2f} ms){ratio}")
    choice = kernel_choice()
    lines.append(f"  kernel choice: {choice.kernel} ({choice.reason}; ns a deal on the fixed batch: "
                 + ", ".join(f"{k} {t:.2f}" for k, t in choice.ns_per_deal.items()) + ")")
    fastest = {mode: min((MEDIANS[k, mode], k) for k in available_kernels() if (k, mode) in MEDIANS)
               for mode in MODES if any((k, mode) in MEDIANS for k in available_kernels())}
    for mode, (t, name) in fastest.items():
        if (choice.kernel, mode) in MEDIANS:
            lines.append(f"  {mode:15} the chosen kernel / the fastest here ({name}): "
                         f"{t / MEDIANS[choice.kernel, mode]:.2f}x")
    for name in available_kernels():
        checked, unchecked = MEDIANS.get((name, "hilo-checked")), MEDIANS.get((name, "hilo-unchecked"))
        if checked and unchecked:
            lines.append(f"  check=True costs {checked / unchecked - 1:+.1%} over check=False with {name}")
    if SINGLES:
        lines.append("single calls (min of the rounds, loop included):")
        phe = SINGLES.get("phevaluator evaluate_omaha_cards (high only)")
        for what, ns in SINGLES.items():
            ratio = f" ({ns / phe:.2f}x phevaluator)" if phe else ""
            lines.append(f"  {what:45} {ns / 1000:6.3f} us{ratio}")
    print_summary(lines)


def test_kernels_interleaved(deals) -> None:  # type: ignore[no-untyped-def]
    """Every kernel and mode, rounds interleaved (scalar, avx2, ... in turn),
    so that the load of a shared machine hits all kernels alike; the medians
    go to the summary. Not a timed assert: nothing here can fail on speed."""
    import statistics
    import time

    holes, boards = deals
    high, low = np.empty(len(holes), np.uint16), np.empty(len(holes), np.int32)
    for mode in MODES:
        calls = {name: run_kernel(name, holes, boards, high, low if mode.startswith("hilo") else None,
                                  mode.endswith("-checked")) for name in available_kernels()}
        times: dict[str, list[float]] = {name: [] for name in calls}
        for _ in range(15):
            for name, call in calls.items():
                start = time.perf_counter()
                assert call() == -1
                times[name].append(time.perf_counter() - start)
        for name, spent in times.items():
            MEDIANS[name, mode] = statistics.median(spent)


def run_kernel(name: str, holes: np.ndarray, boards: np.ndarray, high: np.ndarray, low: np.ndarray | None,
               check: bool) -> Callable[[], int]:
    """A call of kernel ``name`` on the deals, its arguments prepared once."""
    args = (_IDS[name], ffi.from_buffer("uint8_t[]", holes), holes.shape[1], ffi.from_buffer("uint8_t[]", boards),
            boards.shape[1], len(holes), ffi.from_buffer("uint16_t[]", high),
            ffi.NULL if low is None else ffi.from_buffer("int32_t[]", low), int(check))
    evaluate = lib.o8_eval_batch_kernel
    return lambda: int(evaluate(*args))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["scalar", "avx2", "avx512"])
@pytest.mark.benchmark(group="kernel (1M deals)")
def test_kernel(benchmark, deals, name: str, mode: str) -> None:  # type: ignore[no-untyped-def]
    if name not in available_kernels():
        pytest.skip(f"this CPU cannot run the {name} kernel")
    holes, boards = deals
    high = np.empty(len(holes), np.uint16)
    low = np.empty(len(holes), np.int32) if mode.startswith("hilo") else None
    call = run_kernel(name, holes, boards, high, low, mode.endswith("-checked"))
    assert benchmark.pedantic(call, rounds=15, warmup_rounds=1) == -1
    rate(benchmark, len(holes))
    want_high, want_low = evaluate_batch(holes[:5000], boards[:5000])
    assert (high[:5000] == want_high).all() and (low is None or (low[:5000] == want_low).all())


def rate(benchmark, n: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["deals_per_second"] = n / best(benchmark)


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
    benchmark.extra_info["ns_per_call"] = best(benchmark) / len(hands) * 1e9
    SINGLES[benchmark.extra_info.get("label", benchmark.name)] = benchmark.extra_info["ns_per_call"]


def id_hands(deals) -> list:  # type: ignore[no-untyped-def, type-arg]
    return list(zip(deals[0][:SINGLE].tolist(), deals[1][:SINGLE].tolist()))


def text_hands(deals) -> list:  # type: ignore[no-untyped-def, type-arg]
    return [(format_cards(h, ""), format_cards(b, "")) for h, b in id_hands(deals)]


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_single_hilo_ints(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["label"] = "evaluate_hilo, int ids"
    per_call(benchmark, evaluate_hilo, id_hands(deals))


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_single_hilo_strings(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["label"] = "evaluate_hilo, packed text"
    per_call(benchmark, evaluate_hilo, text_hands(deals))


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_single_hilo_spaced_strings(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["label"] = "evaluate_hilo, spaced text"
    per_call(benchmark, evaluate_hilo, [(format_cards(h), format_cards(b)) for h, b in id_hands(deals)])


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_single_high_ints(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["label"] = "evaluate_high, int ids"
    per_call(benchmark, evaluate_high, id_hands(deals))


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_single_split_pot_heads_up(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    """split_pot with two players: the board and the first hole of each pair of deals."""
    hands = id_hands(deals)
    pairs = []
    for (hole, board), (other, _) in zip(hands[::2], hands[1::2]):
        if not set(other) & set(hole + board):
            pairs.append((board, [hole, other], 100))
    benchmark.extra_info["label"] = "split_pot heads-up, int ids"
    per_call(benchmark, split_pot, pairs)


@pytest.mark.benchmark(group="single call (10,000 hands a round)")
def test_phevaluator_high_ints(benchmark, deals) -> None:  # type: ignore[no-untyped-def]
    phevaluator = pytest.importorskip("phevaluator")
    evaluate_omaha_cards = phevaluator.evaluate_omaha_cards
    benchmark.extra_info["label"] = "phevaluator evaluate_omaha_cards (high only)"
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
