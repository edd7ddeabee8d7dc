"""Equity under hostile input and long work (issue 15 items 3, 4, 5, 10-12, 14;
issue 14 item 14): overlapping ranges sampled exactly, timeouts and Ctrl-C,
plan_equity, bounded exact jobs, strict flags and job checks, no numpy for
plain hands, random_deals without rejection."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap
import threading
import time
from collections import Counter
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import replace
from itertools import combinations
from typing import Any

import numpy as np
import pytest
from deal_winners import deal_winners

from omaha8_fast._core import ffi, lib
from omaha8_fast.cards import card_ids
from omaha8_fast.cards.deals import random_deals
from omaha8_fast.equity import (
    EXACT_MAX,
    EquityJob,
    equity,
    plan_equity,
    run_chunk,
    run_job,
)
from omaha8_fast.equity._players import read_spot
from omaha8_fast.ranges import Range

# --- item 3: overlapping ranges ----------------------------------------------------


def test_nine_full_ranges_are_random_hands() -> None:
    # Was ValueError "almost never fit together": nine "*" ranges are nine
    # random hands, sampled with no rejection, the same numbers as [None] * 9.
    ranged = equity(["*"] * 9, samples=20_000, seed=5)
    assert ranged == equity([None] * 9, samples=20_000, seed=5)
    assert ranged[0].showdowns == 20_000
    assert sum(p.equity for p in ranged) == pytest.approx(1.0)
    assert plan_equity(["*"] * 7, samples=20_000, seed=5).players == ("random",) * 7


def test_forced_cards_narrow_the_other_ranges() -> None:
    # Was ~4 s per 1,000 samples: once player 1 always holds As Ah, player 2
    # can only hold the four kings. Exact, and the same as the narrowed spot.
    spot = ["AsAh**", "As***, Ah***, KsKhKdKc"]
    plan = plan_equity(spot, board="2c 3c 4d")
    assert plan.players == ("range of 903 hands", "range of 1 hand") and plan.exact
    assert equity(spot, board="2c 3c 4d") == equity(["AsAh**", Range("KsKhKdKc")], board="2c 3c 4d")
    sampled = equity(spot, board="2c 3c 4d", exact=False, samples=3000, seed=2)
    assert sampled[0].showdowns == 3000


def test_ranges_that_cannot_fit_are_refused_up_front() -> None:
    with pytest.raises(ValueError, match="both always hold As"):
        plan_equity(["AsKd**", "AsQh**"])
    with pytest.raises(ValueError, match="never fit"):
        plan_equity(["AsKs**", "KsQs**, AsJs**", "QsJs**"])


def _unnarrowed_job(texts: list[str], board: str, exact: bool) -> EquityJob:
    """The job as built before narrowing: every range less the known cards."""
    known = card_ids(board)
    players, weights = [], []
    for text in texts:
        r = Range(text).without(known)
        players.append(np.ascontiguousarray(r.hands).tobytes())
        uniform = bool(np.all(r.weights == r.weights[0]))
        weights.append(None if uniform else tuple(int(w) for w in r.cumulative_weights()))
    return EquityJob(tuple(players), tuple(weights), 4, bytes(known), b"", exact=exact)


@pytest.mark.parametrize("texts,board", [
    (["AsAh**", "As***, Ah***, KsKhKdKc"], "2c 3c 4d Td"),
    (["KsQsJs*", "KsQsJsTs@3, 9h9d**@1", "QsJd9d*, 9c8c7c*, 9h8h7h*"], "2c 3c 4d 7h 8h"),
    (["AsAd2s3d", "Ad***, 5c5d5h*"], "Kh Qh 4c 8s"),
])
def test_narrowing_keeps_exact_counts(texts: list[str], board: str) -> None:
    # Narrowed ranges enumerate exactly the same weighted deals.
    spot = read_spot(texts, board)
    narrowed = EquityJob(spot.players, spot.weights, 4, spot.board, spot.dead, exact=True)
    assert run_job(narrowed, threads=1) == run_job(_unnarrowed_job(texts, board, True), threads=1)


def _deals(job: EquityJob, samples: int, stream: int = 0) -> np.ndarray:
    players = ffi.new("o8_range[]", len(job.players))
    keep = []
    for i, (holes, weights) in enumerate(zip(job.players, job.weights)):
        if holes is None:
            players[i].holes = ffi.NULL
            continue
        keep.append(ffi.from_buffer("uint8_t[]", holes))
        players[i].holes, players[i].n_holes = keep[-1], len(holes) // job.hole_size
        if weights is not None:
            keep.append(ffi.new("int64_t[]", list(weights)))
            players[i].cum_weights = keep[-1]
    width = len(job.players) * job.hole_size + 5
    out = np.zeros(samples * width, np.uint8)
    code = lib.o8_equity_deals(players, len(job.players), job.hole_size, job.board, len(job.board), job.dead,
                               len(job.dead), samples, job.seed, stream, ffi.from_buffer("uint8_t[]", out))
    assert code == 0
    return out.reshape(samples, width)


def _chi_square_limit(df: int, z: float = 4.75) -> float:
    """Wilson-Hilferty: the chi-square quantile at normal deviate z (p ~ 1e-6)."""
    return float(df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3)


def _chi_square(seen: Counter[Any], expected: dict[Any, float], n: int) -> float:
    assert set(seen) <= set(expected)
    return sum((seen[k] - n * p) ** 2 / (n * p) for k, p in expected.items())


# Two weighted lists that overlap (card 0 and 8 shared), a random hand, the flop.
A = [(0, 1, 2, 3), (4, 5, 6, 7), (0, 9, 10, 11), (8, 12, 13, 14)]
A_W = [1, 2, 3, 4]
B = [(0, 15, 16, 17), (8, 18, 19, 20), (4, 21, 22, 23), (24, 25, 26, 27)]
B_W = [5, 1, 2, 1]


def _overlap_job(seed: int) -> EquityJob:
    cum = lambda w: tuple(int(x) for x in np.cumsum(w))  # noqa: E731
    return EquityJob((b"".join(map(bytes, A)), b"".join(map(bytes, B)), None), (cum(A_W), cum(B_W), None), 4,
                     bytes([40, 41, 42]), b"", exact=False, samples=1, seed=seed)


def test_overlapping_lists_are_sampled_from_the_product_distribution() -> None:
    # chi-square of the pairs of list holes against the exact target: the
    # product of the weights over disjoint pairs.
    n = 60_000
    deals = _deals(_overlap_job(11), n)
    target = {(i, j): A_W[i] * B_W[j] for i in range(4) for j in range(4) if not set(A[i]) & set(B[j])}
    total = sum(target.values())
    expected = {k: v / total for k, v in target.items()}
    index_a = {h: i for i, h in enumerate(A)}
    index_b = {h: j for j, h in enumerate(B)}
    seen = Counter((index_a[tuple(row[:4])], index_b[tuple(row[4:8])]) for row in deals.tolist())
    assert _chi_square(seen, expected, n) < _chi_square_limit(len(expected) - 1)
    # The test has power: the naive sequential sampler (player 2 from the
    # holes that fit player 1's, no correction) is far off.
    naive: dict[tuple[int, int], float] = {}
    for i in range(4):
        fits = [j for j in range(4) if not set(A[i]) & set(B[j])]
        for j in fits:
            naive[i, j] = A_W[i] / sum(A_W) * B_W[j] / sum(B_W[k] for k in fits)
    assert _chi_square(seen, naive, n) > 10 * _chi_square_limit(len(naive) - 1)


def test_random_hand_and_board_are_uniform_over_the_cards_left() -> None:
    # Given the list holes, the random hand's first card and the dealt board
    # cards are uniform over the cards left (chi-square per conditioning pair).
    n = 60_000
    deals = _deals(_overlap_job(12), n)
    for row_slice in (slice(8, 9), slice(15, 17)):  # the random hand's lowest card; turn and river
        for key in {(tuple(r[:4]), tuple(r[4:8])) for r in deals[:200].tolist()}:
            rows = deals[(deals[:, :4] == key[0]).all(1) & (deals[:, 4:8] == key[1]).all(1)]
            left = sorted(set(range(52)) - set(key[0]) - set(key[1]) - {40, 41, 42})
            cards = rows[:, row_slice].ravel().tolist()
            if row_slice.start == 8:  # the sorted-lowest card of a uniform 4-subset
                cards = rows[:, 8:12].min(axis=1).tolist()
                p = {c: math.comb(len([x for x in left if x > c]), 3) / math.comb(len(left), 4) for c in left}
            else:
                p = {c: 1 / len(left) for c in left}
            expected = {c: v for c, v in p.items() if v > 0}
            df = len(expected) - 1
            assert _chi_square(Counter(cards), expected, len(cards)) < _chi_square_limit(df)


def test_monte_carlo_counts_are_the_showdowns_of_its_deals() -> None:
    # o8_equity_deals gives the deals the Monte Carlo kernel counts: settle
    # them with evaluate_batch and compare the integer counts.
    job = replace(_overlap_job(13), samples=4000, parts=1)
    deals = _deals(job, 4000)
    counts = run_chunk(job, 0)
    high_win, low_win, has_low = deal_winners(deals, 3)
    units = np.where(has_low[:, None], 2520 * high_win / high_win.sum(1, keepdims=True)
                     + 2520 * low_win / np.maximum(low_win.sum(1, keepdims=True), 1),
                     5040 * high_win / high_win.sum(1, keepdims=True))
    assert counts[0] == 4000 and counts[1] == int((~has_low).sum())
    for p in range(3):
        assert counts[3 + 7 * p] == round(units[:, p].sum())


def test_same_seed_same_numbers_whatever_the_threads() -> None:
    spot = ["KsQs**", "KsQsJsTs@3, 9h9d**@1", None]
    one = equity(spot, board="2c 3c 4d", samples=300_000, seed=9, threads=1)
    assert one == equity(spot, board="2c 3c 4d", samples=300_000, seed=9, threads=2)
    with ThreadPoolExecutor(3) as pool:
        assert one == equity(spot, board="2c 3c 4d", samples=300_000, seed=9, executor=pool)


# --- item 4: long jobs ---------------------------------------------------------------


def test_plan_equity() -> None:
    plan = plan_equity(["As Ad 2s 3d", "Kh Kd 9c 8c"])
    assert (plan.exact, plan.deals, plan.showdowns, plan.players) == (True, 1_086_008, 2_172_016, ("hand", "hand"))
    assert 0 < plan.seconds < 10
    mc = plan_equity(["As Ad 2s 3d", None, None], samples=10**8, seed=1)
    assert not mc.exact and mc.deals == 10**8 and mc.chunks > 32 and mc.job.samples == 10**8
    assert plan_equity(["As Ad 2s 3d", None], board="Kh 7c 2d 9s 3c").exact


def test_huge_exact_jobs_are_refused_unless_allowed() -> None:
    # Was accepted: ~10^10 deals, 15 CPU hours.
    spot = ["As Ad 2s 3d", None, None]
    with pytest.raises(ValueError, match="too many to enumerate.*max_deals="):
        equity(spot, board="Kh 7c 2d", exact=True)
    deals = plan_equity(spot, board="Kh 7c 2d", exact=False).job
    assert deals is not None
    allowed = plan_equity(spot, board="Kh 7c 2d", exact=True, max_deals=10**14)
    assert allowed.exact and allowed.deals > EXACT_MAX and allowed.chunks == 4096


def test_timeout_raises_and_stops_the_chunks() -> None:
    before = threading.active_count()
    start = time.process_time()  # CPU time, all threads: work done, whatever the machine's load
    with pytest.raises(TimeoutError, match="did not finish"):
        equity(["As Ad 2s 3d", None, None, None], samples=10**10, seed=1, timeout=0.3, threads=2)
    assert time.process_time() - start < 5  # generous: the chunks stop at their next check (the job is hours)
    assert threading.active_count() == before
    with pytest.raises(TimeoutError):
        equity(["As Ad 2s 3d", None, None], board="Kh 7c 2d", exact=True, max_deals=10**14, timeout=0.3)


def test_timeout_returns_partial_monte_carlo_results() -> None:
    result = equity(["As Ad 2s 3d", None], samples=10**10, seed=1, timeout=0.5, partial=True, threads=1)
    assert 0 < result[0].showdowns < 10**10
    assert sum(p.equity for p in result) == pytest.approx(1.0)
    assert 0.6 < result[0].equity < 0.8


class _Stuck(Executor):
    """An executor whose futures never complete."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        return Future()


def test_timeout_with_an_executor_that_never_completes() -> None:
    # Was: equity() waited forever.
    with pytest.raises(TimeoutError):
        equity(["As Ad 2s 3d", None], samples=10**6, seed=1, executor=_Stuck(), timeout=0.2)


def test_ctrl_c_stops_a_long_job_quickly() -> None:
    code = textwrap.dedent("""
        import os, signal, sys, threading, time
        from omaha8_fast import equity
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a test runner may ignore SIGINT
        threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        start = time.process_time()  # CPU time: the work done, whatever the machine's load
        try:
            equity(["As Ad 2s 3d", None, None], board="Kh 7c 2d", exact=True, max_deals=10**14, threads=1)
        except KeyboardInterrupt:
            print("interrupted", round(time.process_time() - start, 2), threading.active_count())
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.stdout.startswith("interrupted"), done.stdout + done.stderr
    _, seconds, threads = done.stdout.split()
    assert float(seconds) < 10 and threads == "1"


# --- item 5 --------------------------------------------------------------------------


def test_random_deals_of_wide_rows() -> None:
    # Was a hang: whole rows of 35 cards redrawn until none repeats.
    holes, boards = random_deals(3, 30, 5, seed=1)
    assert holes.shape == (3, 30) and boards.shape == (3, 5)
    for row in np.concatenate([holes, boards], 1):
        assert len(set(row.tolist())) == 35
    assert random_deals(2, 47, 5)[0].shape == (2, 47)
    with pytest.raises(ValueError, match="52"):
        random_deals(1, 40, 13)
    with pytest.raises(TypeError):
        random_deals(1.5)  # type: ignore[arg-type]


def test_random_deals_are_uniform() -> None:
    holes, boards = random_deals(52_000, 2, 1, seed=3)
    pairs = Counter(map(tuple, np.sort(holes, 1).tolist()))
    expected = {pair: 1 / math.comb(52, 2) for pair in combinations(range(52), 2)}
    assert _chi_square(pairs, expected, 52_000) < _chi_square_limit(len(expected) - 1)


# --- items 10-12 ---------------------------------------------------------------------


class _NoneExecutor(Executor):
    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        return None


class _WrongLength(Executor):
    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result((1, 2, 3))
        return future


def test_executor_misbehaving_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match="submit must return a Future"):
        equity(["As Ad 2s 3d", None], samples=10**6, seed=1, executor=_NoneExecutor())
    with pytest.raises(TypeError, match="tuple of 17 ints"):
        equity(["As Ad 2s 3d", None], samples=10**6, seed=1, executor=_WrongLength())


def _job(**changes: Any) -> EquityJob:
    fields: dict[str, Any] = dict(players=(bytes([0, 1, 2, 3]) + bytes([4, 5, 6, 7]), None), weights=(None, None),
                                  hole_size=4, board=b"", dead=b"", exact=False, samples=100, seed=1)
    fields.update(changes)
    return EquityJob(**fields)


def test_huge_weights_are_a_value_error() -> None:
    # Was OverflowError from cffi.
    with pytest.raises(ValueError, match="2\\*\\*63"):
        run_job(_job(weights=((1, 2**63), None)))
    with pytest.raises(ValueError, match="increase"):
        run_job(_job(weights=((3, 2), None)))
    with pytest.raises(TypeError, match="ints"):
        run_job(_job(weights=((1, 2.5), None)))


class _Liar(int):
    def __int__(self) -> int:
        return 60

    def __index__(self) -> int:
        return 60


def test_lying_int_subclasses() -> None:
    # Was IndexError: an int subclass's __int__ said 60.
    try:
        result = equity([[_Liar(51), 50, 1, 0], None], samples=100, seed=1)
    except ValueError:
        pass
    else:
        assert result[0].hole is not None and int(result[0].hole[0]) == 51
    counts = run_job(_job(samples=_Liar(100), parts=_Liar(2), seed=_Liar(1)))
    assert counts[0] == 100
    assert equity(["As Ad 2s 3d", None], samples=_Liar(100), seed=_Liar(1))[0].showdowns == 100


@pytest.mark.parametrize("option", [{"exact": 1.0}, {"exact": 1}, {"exact": "yes"}, {"progress": "no"},
                                    {"progress": 0}, {"partial": 1}])
def test_flags_must_be_real_bools(option: dict[str, Any]) -> None:
    with pytest.raises(TypeError, match="must be"):
        equity(["As Ad 2s 3d", "Kh Kd 9c 8c"], **option)


def test_job_flags_and_parts() -> None:
    with pytest.raises(TypeError, match="exact must be True or False"):
        run_job(_job(exact=1))
    with pytest.raises(ValueError, match="parts"):  # was a silent tuple of zeros
        run_job(_job(parts=0))
    with pytest.raises(ValueError, match="index"):
        run_chunk(_job(parts=2), 2)


def test_timeout_must_be_positive_seconds() -> None:
    for bad in (0, -1.0, float("nan")):
        with pytest.raises(ValueError, match="timeout"):
            equity(["As Ad 2s 3d", "Kh Kd 9c 8c"], timeout=bad)
    with pytest.raises(TypeError, match="timeout"):
        equity(["As Ad 2s 3d", "Kh Kd 9c 8c"], timeout="1")  # type: ignore[arg-type]


# --- issue 14 item 14 -------------------------------------------------------------------


def test_plain_hands_do_not_import_numpy() -> None:
    code = ("import sys, omaha8_fast as o\n"
            "o.equity(['As Ad 2s 3d', 'Kh Kd 9c 8c'], board='2h 7s 8h')\n"
            "o.equity(['As Ad 2s 3d', None], samples=1000, seed=1)\n"
            "o.equity(['As Ad 2s 3d', 'random'], board='2h 7s 8h 9d 3c')\n"
            "o.plan_equity(['As Ad 2s 3d', None])\n"
            "print('numpy' in sys.modules)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSTARTUP"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.strip() == "False", done.stdout + done.stderr
