"""Overlapping ranges in Monte Carlo (issue 15 item 3): the rejection cost
is measured by a pilot before the run (omaha8_fast.equity._overlap), priced in
plan_equity, and a run that would almost never fit is refused up front."""

from __future__ import annotations

import math

import numpy as np
import pytest

import omaha8_fast.equity as equity_module
from omaha8_fast._core import ffi, lib
from omaha8_fast.cards import card_ids
from omaha8_fast.equity import RATE_MONTE_CARLO, equity, plan_equity
from omaha8_fast.equity._overlap import MIN_FIT_RATE, PILOT_DRAWS, check_fit, fit_rate
from omaha8_fast.ranges import Range


def _refuse_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise AssertionError("the kernels ran")

    monkeypatch.setattr(equity_module, "run_job", boom)


def test_the_issue_reproducer_is_narrowed_and_needs_no_rejection() -> None:
    holes = ["AsAh**", "As***, Ah***, KsKhKdKc"]
    plan = plan_equity(holes, board="2c 3c 4d", samples=1000, exact=False)
    assert plan.fit_rate == 1.0 and plan.players[1] == "range of 1 hand"
    result = equity(holes, board="2c 3c 4d", samples=1000, seed=1, exact=False)
    assert result[1].read_as == "range of 1 hand" and result[0].showdowns == 1000


def test_ranges_that_never_fit_are_refused_before_any_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    holes = ["As***, Ah***"] * 3  # three players, two cards that each must hold one of
    _refuse_runs(monkeypatch)
    with pytest.raises(ValueError, match=r"overlap too much.*none of 200,000.*players \d and \d most often"):
        equity(holes, board="2c 3c 4d", samples=1000, seed=1)
    with pytest.raises(ValueError, match="overlap too much"):
        plan_equity(holes, board="2c 3c 4d", samples=1000)


def test_a_rarely_fitting_run_is_refused_the_same_way_whatever_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Only when one player holds the quads do the hands fit: about 2 in 20,826 draws.
    holes = ["As***, KsKhKdKc", "As***, QsQhQdQc"]
    _refuse_runs(monkeypatch)
    messages = set()
    for seed in (1, 2, None):
        with pytest.raises(ValueError, match=r"only \d+ of 200,000 .*players 1 and 2 most often") as error:
            equity(holes, samples=1000, seed=seed)
        messages.add(str(error.value))
    assert len(messages) == 1
    assert "exact=True" not in messages.pop()  # far too many deals to offer


def test_exact_enumeration_is_offered_when_it_is_small() -> None:
    holes = ["AsKs**, QcQdJcJd", "AsKs**, ThTdTcTs"]  # fit about 2 in 1,226 draws
    with pytest.raises(ValueError, match=r"Use exact=True \([\d,]+ deals at most\)"):
        plan_equity(holes, board="2c 3c 4d 5h 6h", exact=False)  # a million samples: minutes of draws
    assert plan_equity(holes, board="2c 3c 4d 5h 6h", samples=1000, exact=False).fit_rate < 0.01
    plan = plan_equity(holes, board="2c 3c 4d 5h 6h")  # the default picks enumeration: no rejection at all
    assert plan.exact and plan.fit_rate == 1.0


def test_plan_prices_the_rejected_draws() -> None:
    holes = ["As***@10, KsKhKdKc@100", "As***@10, QsQhQdQc@100"]  # fit about 1 in 1,400
    plan = plan_equity(holes, samples=2000, exact=False)
    assert MIN_FIT_RATE < plan.fit_rate < 2e-3
    assert plan.seconds > 10 * plan.showdowns / RATE_MONTE_CARLO
    apart = plan_equity(["AA", "KK"], samples=2000, exact=False)
    assert apart.fit_rate > 0.5 and apart.seconds < plan.seconds
    with pytest.raises(ValueError, match=r"1,000,000 samples would need ~1\.\de\+09 draws"):
        plan_equity(holes, samples=1_000_000, exact=False)


def test_an_accepted_overlap_runs_and_does_not_depend_on_the_threads() -> None:
    holes = ["As***, Ah***", "As***, Ah***"]
    plan = plan_equity(holes, board="2c 3c 4d", samples=20_000, exact=False)
    assert 0.2 < plan.fit_rate < 0.6
    one = equity(holes, board="2c 3c 4d", samples=20_000, seed=5, threads=1)
    two = equity(holes, board="2c 3c 4d", samples=20_000, seed=5, threads=2)
    assert one == two and one[0].showdowns == 20_000


def _exact_fit(a: Range, b: Range) -> float:
    """The weight of the disjoint pairs over the weight of all pairs."""
    def masks(r: Range) -> np.ndarray:
        return np.bitwise_or.reduce(np.uint64(1) << r.hands.astype(np.uint64), axis=1)

    ma, mb = masks(a), masks(b)
    wa, wb = a.weights.astype(np.float64), b.weights.astype(np.float64)
    disjoint = (ma[:, None] & mb[None, :]) == 0
    return float(wa @ disjoint @ wb) / (wa.sum() * wb.sum())


@pytest.mark.parametrize(("a", "b"), [("AsAh**@3, KsKh**@1", "AsKd**, KhQh**"),
                                      ("AKQJ:$ds", "AsKs**@1, QhJh**@2")])
def test_the_pilot_estimates_the_exact_fit_rate(a: str, b: str) -> None:
    ra, rb = Range(a).without("2c 3c 4d"), Range(b).without("2c 3c 4d")
    players = [bytes(ra.hands.tobytes()), bytes(rb.hands.tobytes())]
    weights = [tuple(int(w) for w in r.cumulative_weights()) for r in (ra, rb)]
    fit = fit_rate(players, weights, 4)
    exact = _exact_fit(ra, rb)
    assert 0.05 < exact < 0.99
    sigma = math.sqrt(exact * (1 - exact) / fit.draws)
    assert abs(fit.rate - exact) <= 5 * sigma
    assert fit_rate(players, weights, 4) == fit  # a fixed pilot seed


def test_players_that_cannot_collide_skip_the_pilot() -> None:
    low = bytes(card_ids("2c 3c 4c 5c") + card_ids("2d 3d 4d 5d"))
    high = bytes(card_ids("Ac Kc Qc Jc") + card_ids("Ad Kd Qd Jd"))
    assert fit_rate([low, high, None], [None, None, None], 4).draws == 0
    assert check_fit([low, high], [None, None], 4, 10**6, None).rate == 1.0


def test_the_c_pilot_refuses_bad_input() -> None:
    draws = ffi.new("int64_t *")
    conflicts = ffi.new("int64_t[]", 4)
    players = ffi.new("o8_range[]", 2)
    holes = ffi.new("uint8_t[]", bytes([0, 1, 2, 60]))  # a card >= 52
    players[0].holes, players[0].n_holes = holes, 1
    players[1].holes, players[1].n_holes = holes, 1
    assert lib.o8r_fit_rate(players, 2, 4, PILOT_DRAWS, 10, 1, draws, conflicts) == -1
    assert lib.o8r_fit_rate(players, 2, 4, PILOT_DRAWS, 0, 1, draws, conflicts) == -1
    assert lib.o8r_fit_rate(ffi.NULL, 2, 4, PILOT_DRAWS, 10, 1, draws, conflicts) == -1
    players[0].n_holes = 0
    assert lib.o8r_fit_rate(players, 2, 4, PILOT_DRAWS, 10, 1, draws, conflicts) == -1


def test_a_long_run_whose_draws_mostly_fit_is_not_refused() -> None:
    """Length alone is never a reason: 10**10 samples of ranges that share
    a few cards plan (the caller bounds the run with timeout or Ctrl-C)."""
    plan = plan_equity(["As Ad 2s 3d", "A2**ds", "KK**"], samples=10**10)
    assert 0.5 < plan.fit_rate < 1.0
    assert plan.seconds > 60
