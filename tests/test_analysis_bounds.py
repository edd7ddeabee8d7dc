"""The analysis functions are boundable (issue 32, finding 5): ``samples``
is the Monte Carlo work done, whatever the range, and ``timeout`` stops them.
Work is counted (showdowns), never timed."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from omaha8_fast.analysis import equity_by_street, low_odds, next_street, outs, range_distribution
from omaha8_fast.ranges import Range

HERO = "As 2s 5d Kc"
FLOP = "Qs 7h 4d"


def test_range_distribution_honours_samples_smaller_than_the_range() -> None:
    """Preflop against every hand: 1,000 deals in all, not 100 per hand (27 million)."""
    d = range_distribution(HERO, "*", samples=1000, seed=3)
    assert d.showdowns == 1000 and len(d) == 1000 and not d.exact
    again = range_distribution(HERO, "*", samples=1000, seed=3)
    assert (d.hands == again.hands).all() and (d.equities == again.equities).all()  # seeded


def test_range_distribution_spreads_samples_over_the_hands() -> None:
    n = len(Range("AA").without([0, 48, 13, 47]))  # AA without hero's and no board cards
    d = range_distribution(HERO, "AA", samples=7 * n + 5, seed=1)
    assert len(d) == n and d.showdowns == 7 * n  # samples // n each, never more than samples


_BIG: dict[str, Callable[..., Any]] = {
    "range_distribution": lambda **o: range_distribution(HERO, "*", samples=10**8, **o),
    "next_street": lambda **o: next_street([HERO, None, None], FLOP, samples=10**9, **o),
    "equity_by_street": lambda **o: equity_by_street([HERO, None, None], FLOP, samples=10**9, **o),
    "outs": lambda **o: outs([HERO, "Qh Qd Jc Tc"], FLOP, **o),
    "low_odds": lambda **o: low_odds([HERO], **o),
}


@pytest.mark.parametrize("name", _BIG)
def test_a_passed_deadline_stops_the_work(name: str) -> None:
    """A timeout that has passed when the work begins: TimeoutError before
    the first part (the jobs would take minutes)."""
    with pytest.raises(TimeoutError, match="did not finish in time"):
        _BIG[name](timeout=1e-9, **({"threads": 1} if name in ("range_distribution", "next_street") else {}))


@pytest.mark.parametrize("name", _BIG)
@pytest.mark.parametrize("timeout, error", [(0, ValueError), (-1.0, ValueError), ("1", TypeError),
                                            (True, TypeError)])
def test_bad_timeouts_are_refused(name: str, timeout: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="timeout"):
        _BIG[name](timeout=timeout)


@pytest.mark.parametrize("fn", [outs, low_odds])
def test_exact_analyses_refuse_samples(fn: Callable[..., Any]) -> None:
    with pytest.raises(ValueError, match="samples does not apply"):
        fn([HERO, "Qh Qd Jc Tc"], FLOP, samples=1000)


def test_a_generous_timeout_changes_nothing() -> None:
    a = next_street([HERO, "Qh Qd Jc Tc"], FLOP, samples=20_000, seed=2, exact=False)
    b = next_street([HERO, "Qh Qd Jc Tc"], FLOP, samples=20_000, seed=2, exact=False, timeout=600)
    assert (a.equities == b.equities).all()
    d = range_distribution(HERO, "AA", FLOP, timeout=600)
    assert d.exact and d.showdowns > 0


def test_equity_timeout_counts_the_planning() -> None:
    """The timeout counts from the call (finding 12): with no time left
    after the planning, equity stops before running a chunk."""
    from omaha8_fast import equity

    with pytest.raises(TimeoutError, match="while planning"):
        equity(["A2**", "KK**", None], samples=10**9, exact=False, timeout=1e-9)
