"""Issue 32, kept as tests: the C engine and the Python engine are one engine.

A hand pickled while the C paths run is finished by the Python paths (and the
other way round) exactly as the engine that made it would finish it, and
``simulate`` gives the same results in both. "Python engine": the C entry
points switched off (the turn rule, the deal, the split, the C action path),
as when ``_entry`` is missing. Short by default, long in the slow stage
(tests/budget.py).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from budget import examples
from test_engine_turn import needs_entry, random_hand

from omaha8_fast import Hand, simulate
from omaha8_fast.engine.agents import calling_station, random_agent
from omaha8_fast.engine import (
    _actions as actions_module,
    _flow as flow,
    _settlement as hand_settle,
    _setup as hand_setup,
)

pytestmark = [needs_entry, pytest.mark.property]

HANDS = examples(150, 1500)


def _python_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(actions_module, "_DO", Hand._act)
    monkeypatch.setattr(flow, "_NEXT_TURN", None)
    monkeypatch.setattr(hand_settle, "_SPLIT", None)
    monkeypatch.setattr(hand_setup, "_DEAL", None)


def _step(hand: Hand, rng: random.Random) -> None:
    legal = hand.legal_actions()
    kind = rng.choice(legal.actions)
    if kind in ("bet", "raise"):
        hand.act(kind, rng.choice([legal.min_raise_to, legal.max_raise_to]))
    else:
        hand.act(kind)


def _finish(hand: Hand, rng: random.Random) -> list[Any]:
    log = []
    while not hand.is_over:
        log.append(repr(hand.legal_actions()))
        _step(hand, rng)
    return log + [hand.history_text(), hand.payouts, hand.stacks, hand.rake, [tuple(a) for a in hand.actions]]


def _halfway(seed: int) -> tuple[bytes, int]:
    """A random hand played a random number of steps, pickled; the seed to go on with."""
    rng = random.Random(seed)
    hand = random_hand(rng)
    for _ in range(rng.randrange(12)):
        if hand.is_over:
            break
        _step(hand, rng)
    return pickle.dumps(hand), rng.getrandbits(32)


def _go_on(blobs: list[tuple[bytes, int]]) -> list[list[Any]]:
    return [_finish(pickle.loads(blob), random.Random(seed)) for blob, seed in blobs]


@pytest.mark.parametrize("made_in", ["c", "python"])
def test_a_pickle_made_by_one_engine_is_played_on_alike_by_the_other(made_in: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def in_engine(python: bool, run: Callable[[], Any]) -> Any:
        with monkeypatch.context() as m:
            if python:
                _python_engine(m)
            return run()

    blobs = in_engine(made_in == "python", lambda: [_halfway(seed) for seed in range(HANDS)])
    by_c = in_engine(False, lambda: _go_on(blobs))
    by_python = in_engine(True, lambda: _go_on(blobs))
    assert by_c == by_python
    assert any(len(log) > 5 for log in by_c)  # hands went on past the pickle


@pytest.mark.parametrize("betting", ["limit", "pot-limit", "no-limit"])
def test_simulate_gives_the_same_results_in_both_engines(betting: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = {"stacks": [100, 40, 250, 100], "small_blind": 1, "big_blind": 2, "betting": betting}
    agents = [random_agent, calling_station, random_agent, calling_station]
    by_c = simulate(table, agents, hands=HANDS, seed=7)
    _python_engine(monkeypatch)
    by_python = simulate(table, agents, hands=HANDS, seed=7)
    assert by_c == by_python
    assert by_c.hands == HANDS and sum(s.net for s in by_c.seats) + by_c.rake == 0
