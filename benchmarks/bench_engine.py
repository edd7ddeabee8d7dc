"""Hand engine speed (issues 8 and 16): a complete random 6-player no-limit
hand, dealt and played to the payout by random legal agents (target: median
<= 25 us); ``simulate`` with random agents (>= 30,000 6-max hands/s on one
core); ``hand.copy()`` of a 6-player hand mid-street (<= 3 us) and
``hand.view(seat)`` (<= 5 us). pokerkit (when installed) plays the same kind
of hand for comparison. Run:

    python -m pytest benchmarks/bench_engine.py --benchmark-columns=min,median,mean

or, for the two timings and their ratio in one run (this machine is shared
and noisy: the ratio is the number to trust; the script times CPU time of
this process, which waiting for a busy core does not inflate):

    python benchmarks/bench_engine.py

Both agents pick uniformly among the legal kinds of action (fold only when
facing a bet), and a bet or raise uniformly between its minimum and maximum.
Stacks are 200 with blinds 1/2.
"""

from __future__ import annotations

import random
import time
import timeit
from typing import Any

import pytest

from _size import size

from omaha8_fast import simulate
from omaha8_fast.engine.agents import random_agent
from omaha8_fast.engine import Hand

PLAYERS = 6
STACK = 200
_rng = random.Random(2024)
_random = _rng.random


def play_ours() -> Hand:
    """One hand from shuffle to payout."""
    hand = Hand([STACK] * PLAYERS, 0, 1, 2, betting="no-limit")
    while not hand.is_over:
        legal = hand.legal_actions()
        kinds = legal.actions
        kind = kinds[int(_random() * len(kinds))]
        if kind == "fold":
            hand.fold()
        elif kind == "check":
            hand.check()
        elif kind == "call":
            hand.call()
        else:
            to = legal.min_raise_to + int(_random() * (legal.max_raise_to - legal.min_raise_to + 1))
            hand.bet(to) if kind == "bet" else hand.raise_to(to)
    return hand


def mid_street() -> Hand:
    """A 6-player no-limit hand on the flop after a bet and a call."""
    hand = Hand([STACK] * PLAYERS, 0, 1, 2, betting="no-limit", seed=16)
    for _ in range(5):
        hand.call()
    hand.check()
    hand.bet(10)
    hand.call()
    return hand


SIX_MAX = {"stacks": [STACK] * PLAYERS, "small_blind": 1, "big_blind": 2, "betting": "no-limit"}
SIM_HANDS = size(2000, 50)


def run_simulation() -> Any:
    return simulate(SIX_MAX, [random_agent] * PLAYERS, hands=SIM_HANDS, seed=1)


def _pokerkit_game() -> Any:
    pk = pytest.importorskip("pokerkit")
    # pokerkit 0.7.7's FixedLimitOmahaHoldemHighLowSplitEightOrBetter actually
    # bets pot-limit; with the no-limit mixin it is no-limit Omaha 8.
    game = type("NoLimitOmaha8", (pk.NoLimitPokerMixin, pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter), {})
    automations = tuple(pk.Automation)  # pokerkit deals, collects and pays by itself
    return lambda: game.create_state(automations, True, 0, (1, 2), 2, 2, (STACK,) * PLAYERS, PLAYERS)


def play_pokerkit(new_state: Any) -> Any:
    state = new_state()
    while state.status:
        options = []
        if state.can_fold():
            options.append("fold")
        if state.can_check_or_call():
            options.append("call")
        if state.can_complete_bet_or_raise_to():
            options.append("raise")
        kind = options[int(_random() * len(options))]
        if kind == "fold":
            state.fold()
        elif kind == "call":
            state.check_or_call()
        else:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(low + int(_random() * (high - low + 1)))
    return state


def test_engine_random_hand(benchmark: Any) -> None:
    pytest.importorskip("pytest_benchmark")
    hand = benchmark(play_ours)
    assert hand.is_over and sum(hand.stacks) == PLAYERS * STACK


def test_engine_copy_mid_street(benchmark: Any) -> None:
    pytest.importorskip("pytest_benchmark")
    hand = mid_street()
    clone = benchmark(hand.copy)
    assert clone == hand


def test_engine_view(benchmark: Any) -> None:
    pytest.importorskip("pytest_benchmark")
    hand = mid_street()
    view = benchmark(hand.view, 3)
    assert view.seat == 3 and view.legal is not None


def test_simulate_random_agents(benchmark: Any) -> None:
    """One round is SIM_HANDS hands: hands/s = SIM_HANDS / the time."""
    pytest.importorskip("pytest_benchmark")
    result = benchmark.pedantic(run_simulation, rounds=3, warmup_rounds=1)
    assert result.hands == SIM_HANDS and sum(s.net for s in result.seats) == 0


def test_pokerkit_random_hand(benchmark: Any) -> None:
    pytest.importorskip("pytest_benchmark")
    new_state = _pokerkit_game()
    state = benchmark.pedantic(play_pokerkit, args=(new_state,), rounds=200, warmup_rounds=5)
    assert not state.status and sum(state.stacks) == PLAYERS * STACK


def main() -> None:
    import warnings

    warnings.simplefilter("ignore")
    ours = min(timeit.repeat(play_ours, number=2000, repeat=5, timer=time.process_time)) / 2000
    print(f"omaha8_fast: {ours * 1e6:.1f} us per random 6-player no-limit hand")
    hand = mid_street()
    copy_time = min(timeit.repeat(hand.copy, number=20000, repeat=5, timer=time.process_time)) / 20000
    view_time = min(timeit.repeat(lambda: hand.view(3), number=20000, repeat=5, timer=time.process_time)) / 20000
    print(f"hand.copy(): {copy_time * 1e6:.2f} us, hand.view(seat): {view_time * 1e6:.2f} us")
    sim = min(timeit.repeat(run_simulation, number=1, repeat=3, timer=time.process_time))
    print(f"simulate, random agents: {SIM_HANDS / sim:,.0f} 6-max hands/s on one core")
    try:
        new_state = _pokerkit_game()
    except pytest.skip.Exception:
        print("pokerkit not installed")
        return
    theirs = min(timeit.repeat(lambda: play_pokerkit(new_state), number=100, repeat=3, timer=time.process_time)) / 100
    print(f"pokerkit:    {theirs * 1e6:.1f} us per hand; ratio {theirs / ours:.0f}x")


if __name__ == "__main__":
    main()
