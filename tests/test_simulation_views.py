"""The turn views simulate() gives the built-in agents (issue 16's speed work):
the same facts as ``hand.view(seat)``, never another seat's cards, only
during the turn, and the same results as full views."""

from __future__ import annotations

import json
from typing import Any

import pytest

from omaha8_fast import Hand, SeatView, simulate
from omaha8_fast.agents import RandomAgent, calling_station, random_agent
from omaha8_fast.simulation import _reads_only_legal, _turn_view

SIX_MAX = {"stacks": [200] * 6, "small_blind": 1, "big_blind": 2, "betting": "no-limit"}


def turn_view(hand: Hand) -> Any:
    assert hand.to_act is not None
    return _turn_view(hand)


def test_a_turn_view_says_what_the_seats_view_says() -> None:
    hand = Hand([100] * 4, 0, 1, 2, betting="no-limit", seed=3)
    hand.call()
    view = turn_view(hand)
    full = hand.view(hand.to_act)
    assert view.legal_actions == full.legal_actions
    for field in SeatView._fields:
        assert getattr(view, field) == getattr(full, field), field
    assert view.pot == full.pot and view.pots == full.pots and view.history == full.history
    others = [c for s, hole in enumerate(hand.holes) if s != hand.to_act for c in hole]
    text = view.to_json()
    assert json.loads(text)["seat"] == hand.to_act and not any(f'"{c}"' in text for c in others)


def test_a_turn_view_cannot_be_read_after_its_turn() -> None:
    hand = Hand([100] * 3, 0, 1, 2, betting="pot-limit", seed=4)
    view = turn_view(hand)
    assert view.stacks == tuple(hand.stacks)
    hand.call()
    assert view.legal_actions.seat == 0  # what it was given stays
    with pytest.raises(RuntimeError, match="turn"):
        view.stacks  # noqa: B018
    with pytest.raises(AttributeError):
        view.__no_such_thing__  # noqa: B018
    with pytest.raises(AttributeError, match="immutable"):
        view.legal_actions = None
    with pytest.raises(AttributeError):
        view._private  # noqa: B018  # no private name reaches the full view
    with pytest.raises(TypeError):
        view[0]  # noqa: B018  # the hand is not reachable by index or iteration
    with pytest.raises(TypeError):
        list(view)
    assert repr(view) == "<a past turn's view>"


def test_only_the_agents_that_read_just_the_legal_actions_get_turn_views() -> None:
    class Mine(RandomAgent):
        pass

    assert _reads_only_legal(random_agent) and _reads_only_legal(RandomAgent(5)) and _reads_only_legal(calling_station)
    assert not _reads_only_legal(Mine()) and not _reads_only_legal(lambda view: "call")


def test_turn_views_give_the_same_results_as_full_views() -> None:
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
