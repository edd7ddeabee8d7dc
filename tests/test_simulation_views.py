"""How simulate() asks the built-in agents (issue 16's speed work): with the
turn's legal actions alone, which is all they read of a view; the results
are the same as when they see full views."""

from __future__ import annotations

import random
from typing import Any

from omaha8_fast import Hand, SeatView, simulate
from omaha8_fast.engine.agents import RandomAgent, calling_station, random_agent
from omaha8_fast.engine.simulation import _chooser

SIX_MAX = {"stacks": [200] * 6, "small_blind": 1, "big_blind": 2, "betting": "no-limit"}


def test_only_the_agents_that_read_just_the_legal_actions_are_asked_with_them() -> None:
    class Mine(RandomAgent):
        pass

    assert _chooser(random_agent) is not None and _chooser(RandomAgent(5)) is not None and _chooser(calling_station) is not None
    assert _chooser(Mine()) is None and _chooser(lambda view: "call") is None


def test_a_choice_from_the_legal_actions_is_the_agents_answer_to_the_view() -> None:
    rng = random.Random(3)
    for number in range(300):
        hand = Hand([rng.randint(1, 60) for _ in range(rng.randint(2, 6))], 0, 1, 2,
                    betting=rng.choice(["limit", "pot-limit", "no-limit"]), showdown=rng.choice(["all", "choose"]), seed=number)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view, legal = hand.view(seat), hand.legal_actions()
            one, two = RandomAgent(number), RandomAgent(number)
            assert _chooser(one)(legal) == two(view)  # type: ignore[misc]
            assert _chooser(calling_station)(legal) == calling_station(view)  # type: ignore[misc]
            choice = one.choose(legal)
            if isinstance(choice, tuple):
                hand.act(*choice)
            else:
                hand.act(choice)


def test_choices_from_legal_actions_give_the_same_results_as_full_views() -> None:
    def full_random(view: Any) -> Any:  # the same agent seeing a full SeatView
        assert isinstance(view, SeatView)
        return wrapped(view)

    def full_station(view: Any) -> Any:
        assert isinstance(view, SeatView)
        return calling_station(view)

    wrapped = RandomAgent()
    full_random.reset = wrapped.reset  # type: ignore[attr-defined]
    for settings in (SIX_MAX, {**SIX_MAX, "showdown": "choose", "runs": 2}):
        quick = simulate(settings, [random_agent, calling_station] * 3, hands=700, seed=9)
        slow = simulate(settings, [full_random, full_station] * 3, hands=700, seed=9)
        assert quick == slow
