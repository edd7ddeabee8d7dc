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


def test_the_kernels_stop_on_their_cancel_flag() -> None:
    """Finding 5's root: a card's or a villain's job is one kernel call, so
    the kernels read the cancel flag. Set before the call, each stops at
    once with O8_CANCELLED; unset (NULL), the same calls count their deals."""
    from omaha8_fast._core import ffi, lib

    from omaha8_fast.cards import card_ids

    hero, villain = bytes(card_ids(HERO)), bytes(card_ids("Qh Qd Jc Tc"))
    board = bytes(card_ids(FLOP))
    players = ffi.new("o8_range[]", 2)
    keep = [ffi.from_buffer("uint8_t[]", hero), ffi.from_buffer("uint8_t[]", villain)]
    for i in range(2):
        players[i].holes, players[i].n_holes = keep[i], 1
    counts = ffi.new("o8_equity_counts[]", 1)
    duels = ffi.new("o8a_duel_counts[]", 1)
    work = ffi.new("o8_equity_work *")
    card = bytes([0])
    for flag, expected in ((ffi.new("int32_t *", 1), lib.O8_CANCELLED), (ffi.NULL, 0)):
        assert lib.o8a_next_card_exact(players, 2, 4, board, 3, b"", 0, card, 1, flag, counts) == expected
        assert lib.o8a_next_card_monte_carlo(players, 2, 4, board, 3, b"", 0, card, 1, 20_000, 1, flag, work,
                                             counts) == expected
        assert lib.o8a_duels(hero, 4, board, 3, b"", 0, villain, 1, 0, 20_000, 1, 0, flag, work, duels) == expected
        assert lib.o8a_duels(hero, 4, board, 3, b"", 0, villain, 1, 1, 0, 0, 0, flag, ffi.NULL, duels) == expected
    assert counts[0].showdowns == 20_000 and duels[0].showdowns == 820  # the uncancelled calls counted


@pytest.mark.parametrize("name", ["next_street", "range_distribution"])
def test_a_deadline_stops_a_single_long_part(name: str) -> None:
    """One card (next_street) or one villain hand (range_distribution) of
    10^9 deals is a single kernel call of many CPU minutes: the timer sets
    its cancel flag and it stops. Bounded by CPU time, generously (the
    whole job would take hours)."""
    import time

    calls = {
        "next_street": lambda: next_street([HERO, "Qh Qd Jc Tc"], "Qs 7h 4d 9c", samples=10**9, exact=False,
                                           threads=1, timeout=0.2),
        "range_distribution": lambda: range_distribution(HERO, "QhQdJcTc", FLOP, samples=10**9, exact=False,
                                                         threads=1, timeout=0.2),
    }
    start = time.process_time()
    with pytest.raises(TimeoutError, match="did not finish in time"):
        calls[name]()
    assert time.process_time() - start < 30  # hours of work without the flag
