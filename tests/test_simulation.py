"""simulate() and the baseline agents (issue 16)."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import omaha8_fast as o8
from omaha8_fast import Rake, SeatView, Table, simulate
from omaha8_fast.engine.agents import RandomAgent, calling_station, equity_agent, random_agent
from omaha8_fast.engine.simulation import BATCH

SIX_MAX = {"stacks": [200] * 6, "small_blind": 1, "big_blind": 2, "betting": "no-limit"}


def test_results_are_reproducible_and_conserve_chips() -> None:
    settings = {**SIX_MAX, "rake": Rake(0.05, cap=3)}
    one = simulate(settings, [random_agent] * 6, hands=BATCH + 123, seed=7)
    assert one == simulate(settings, [random_agent] * 6, hands=BATCH + 123, seed=7)
    assert one != simulate(settings, [random_agent] * 6, hands=BATCH + 123, seed=8)
    assert one.hands == BATCH + 123 and sum(s.net for s in one.seats) + one.rake == 0 and one.rake > 0
    for seat in one.seats:
        assert 0 <= seat.showdowns_won <= seat.showdowns <= one.hands and seat.bb_per_100_se > 0
        assert seat.bb_per_100 == pytest.approx(100 * seat.net / 2 / one.hands)


@pytest.mark.parametrize("pool", [ThreadPoolExecutor, ProcessPoolExecutor])
def test_an_executor_gives_the_same_results(pool: Any) -> None:
    table = Table([100, 100, 100], 1, 2, betting="pot-limit", seed=99)
    agents = [random_agent, calling_station, RandomAgent()]
    alone = simulate(table, agents, hands=2 * BATCH + 5, seed=3)
    with pool(max_workers=2) as executor:
        assert simulate(table, agents, hands=2 * BATCH + 5, seed=3, executor=executor) == alone


def test_agents_see_only_their_own_views() -> None:
    calls = []

    def spy(view: Any) -> Any:
        assert isinstance(view, SeatView) and view.legal is not None and view.seat == view.to_act
        assert view.hole_cards is not None and all(view.shown[s] is None for s in range(view.players) if s != view.seat) or view.street == "showdown"
        calls.append(view.seat)
        return random_agent(view)

    simulate({**SIX_MAX, "showdown": "choose"}, {s: spy for s in range(6)}, hands=200, seed=1)
    assert set(calls) == set(range(6))


def test_agents_may_return_kinds_pairs_or_actions() -> None:
    def as_action(view: SeatView) -> Any:
        legal = view.legal
        assert legal is not None
        if "check" in legal:
            return o8.Action(view.street, view.seat or 0, "check", 0, False)
        return ("call", None)

    result = simulate({"stacks": [50, 50], "small_blind": 1, "big_blind": 2}, [as_action, calling_station], hands=50, seed=2)
    assert sum(s.net for s in result.seats) == 0 and sum(s.showdowns for s in result.seats) == 100


def test_equity_agent_plays_and_beats_a_calling_station() -> None:
    result = simulate({"stacks": [100, 100], "small_blind": 1, "big_blind": 2, "betting": "limit"},
                      [equity_agent, calling_station], hands=150, seed=4)
    assert result.seats[0].net > 0  # folding bad hands against a station wins


def test_bad_arguments() -> None:
    for kwargs, error, message in [
        ({"hands": 1.5}, TypeError, "hands"),
        ({"hands": -1}, ValueError, "hands"),
        ({"hands": 10, "seed": "x"}, TypeError, "seed"),
        ({"hands": 10, "progress": 1}, TypeError, "progress"),
    ]:
        with pytest.raises(error, match=message):
            simulate(SIX_MAX, [random_agent] * 6, **kwargs)
    with pytest.raises(ValueError, match="one agent per seat"):
        simulate(SIX_MAX, [random_agent] * 5, hands=1)
    with pytest.raises(TypeError, match="callable"):
        simulate(SIX_MAX, [random_agent] * 5 + [3], hands=1)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="an agent must return"):
        simulate(SIX_MAX, [lambda view: 3] * 6, hands=1)
    with pytest.raises(o8.IllegalAction):
        simulate(SIX_MAX, [lambda view: "raise"] * 6, hands=1)


def test_progress_bar(capsys: Any) -> None:
    pytest.importorskip("tqdm")
    simulate(SIX_MAX, [random_agent] * 6, hands=20, seed=1, progress=True)
    assert "20/20" in capsys.readouterr().err
