"""simulate()'s C loop for the built-in agents (csrc/cpython/entry.c's
``play``, issue 16's speed): it plays exactly the hands the Python loop
plays with :meth:`RandomAgent.choose` and the calling station, hands every
other turn back, and refuses bad choosers without changing the hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from omaha8_fast import Hand, Rake, simulate
from omaha8_fast.engine.agents import RandomAgent, calling_station, random_agent
from omaha8_fast.engine import _native as _engine_entry
from omaha8_fast.engine.simulation import _c_chooser, _chooser

pytestmark = pytest.mark.skipif(_engine_entry.PLAY is None, reason="no C engine entry points (OMAHA8_ENTRY=0 or free-threaded)")
PLAY: Any = _engine_entry.PLAY


def random_hand(rng: random.Random, number: int) -> Hand:
    n = rng.randint(2, 6)
    return Hand(
        [rng.choice([rng.randint(1, 40), rng.randint(50, 400)]) for _ in range(n)], rng.randrange(n), 1, 2,
        betting=rng.choice(["limit", "pot-limit", "no-limit"]), ante=rng.choice([0, 0, 1]),
        showdown=rng.choice(["all", "muck-losers", "choose"]), runs=rng.choice([1, 1, 2, 3]),
        rake=rng.choice([None, Rake(0.05, cap=3)]), seed=number,
    )


def python_turn(hand: Hand, agent: Any) -> None:
    """One turn as simulate's Python loop takes it, for a chooser of _chooser."""
    choose = _chooser(agent)
    assert choose is not None
    choice = choose(hand._legal or hand.legal_actions())
    if isinstance(choice, tuple):
        hand.act(*choice)
    else:
        hand.act(choice)


def test_play_makes_the_hands_the_python_loop_makes() -> None:
    rng = random.Random(16)
    handed_back = 0
    for number in range(1500):
        seed_hand = random_hand(rng, number)
        mine, theirs = seed_hand.copy(), seed_hand.copy()
        kinds = [rng.choice(["random", "station", "other"]) for _ in range(mine._n)]
        c_agents = [RandomAgent(number * 10 + s) for s in range(mine._n)]
        py_agents = [RandomAgent(number * 10 + s) for s in range(mine._n)]
        choosers = tuple(
            _c_chooser(c_agents[s] if kind == "random" else calling_station if kind == "station" else (lambda v: "x"))
            for s, kind in enumerate(kinds)
        )
        other = random.Random(number)
        while not mine.is_over:
            seat = PLAY(mine, choosers)
            assert seat is not None
            if seat < 0:
                break
            assert seat == mine.to_act
            # handed back: a turn of an agent not built in, or a showdown choice
            assert kinds[seat] == "other" or mine._street == 4
            handed_back += 1
            python_turn(mine, RandomAgent(other.randrange(10**6)) if kinds[seat] != "station" else calling_station)
        other = random.Random(number)
        while not theirs.is_over:
            seat = theirs.to_act
            assert seat is not None
            if kinds[seat] == "other" or theirs._street == 4:
                python_turn(theirs, RandomAgent(other.randrange(10**6)) if kinds[seat] != "station" else calling_station)
            else:
                python_turn(theirs, py_agents[seat] if kinds[seat] == "random" else calling_station)
        assert mine.is_over and mine == theirs, number
        assert mine.history == theirs.history and mine.payouts == theirs.payouts
        assert [a._rng.getstate() for a in c_agents] == [a._rng.getstate() for a in py_agents]
    assert handed_back > 1000


def test_only_exact_random_agents_and_the_station_are_played_in_c() -> None:
    class Mine(RandomAgent):
        pass

    class MyRandom(random.Random):
        pass

    odd = RandomAgent()
    odd._rng = MyRandom(1)
    assert callable(_c_chooser(random_agent)) and _c_chooser(calling_station) is None
    assert _c_chooser(Mine()) is False and _c_chooser(odd) is False and _c_chooser(lambda view: "call") is False


def test_bad_arguments_are_not_taken() -> None:
    hand = Hand([100] * 3, 0, 1, 2, seed=1)
    before = hand.copy()
    assert PLAY(object(), (None,) * 3) is None and PLAY(hand, [None] * 3) is None
    assert hand.to_act == 0 and PLAY(hand, ()) == 0  # no chooser for the seat
    assert PLAY(hand, (False, None, None)) == 0 and PLAY(hand, (1, 2, 3)) == 0  # not built in: handed back
    assert hand == before


@pytest.mark.parametrize(
    ("draw", "error"),
    [(lambda: 1.0, ValueError), (lambda: -0.5, ValueError), (lambda: float("nan"), ValueError),
     (lambda: "0.5", TypeError), (lambda: 1, TypeError), (lambda: 1 / 0, ZeroDivisionError)],
)
def test_a_bad_random_draw_raises_and_changes_nothing(draw: Any, error: type[Exception]) -> None:
    hand = Hand([100] * 3, 0, 1, 2, seed=1)
    before = hand.copy()
    with pytest.raises(error):
        PLAY(hand, (draw,) * 3)
    assert hand == before and hand.history == before.history


def test_the_c_loop_gives_simulate_the_results_of_the_python_loop(monkeypatch: Any) -> None:
    import omaha8_fast.engine.simulation as simulation

    for settings in (
        {"stacks": [200] * 6, "small_blind": 1, "big_blind": 2, "betting": "no-limit"},
        {"stacks": [30, 500, 80], "small_blind": 1, "big_blind": 2, "betting": "pot-limit", "runs": 2,
         "rake": Rake(0.05, cap=3)},
        {"stacks": [40] * 4, "small_blind": 1, "big_blind": 2, "betting": "limit", "showdown": "choose", "ante": 1},
    ):
        n = len(settings["stacks"])  # type: ignore[arg-type]
        agents: list[Any] = [random_agent, calling_station] * (n // 2) + [random_agent] * (n % 2)
        fast = simulate(settings, agents, hands=600, seed=4)
        monkeypatch.setattr(simulation, "_PLAY", None)
        slow = simulate(settings, agents, hands=600, seed=4)
        monkeypatch.undo()
        assert fast == slow and fast.hands == 600


def test_garbage_in_the_state_never_crashes_play() -> None:
    """Random garbage in the hand's members: play answers a seat, -1 or None,
    or raises (the Python methods it hands over to may fail on such a state)."""
    from omaha8_fast.engine._native import HAND_FIELDS

    rng = random.Random(7)
    # (no huge ints: the Python methods play hands over to would loop over them, as they would for hand.call())
    junk: list[object] = [None, -1, 0, 1, 2, 3, 4, 5, True, 1.5, "x", (), (1, 2), [], [0],
                          [True] * 3, [-5] * 3, [10**30] * 3, object(), bytes(40), [0, 1, 2], ("fold", "call")]
    answers = set()
    for number in range(3000):
        hand = Hand([rng.randint(1, 60) for _ in range(3)], 0, 1, 2, betting=rng.choice(["no-limit", "limit"]),
                    seed=number)
        for _ in range(rng.randint(1, 3)):
            setattr(hand, rng.choice(HAND_FIELDS), rng.choice(junk))
        try:
            answer = PLAY(hand, (random.Random(number).random, None, random.Random(-number).random))
        except Exception:  # noqa: BLE001  # anything but a crash
            answers.add("raised")
            continue
        assert answer is None or (type(answer) is int and -1 <= answer), answer
        answers.add("none" if answer is None else "seat" if answer >= 0 else "over")
    assert PLAY(Hand.__new__(Hand), (None,) * 3) is None
    for field, value in [("_to_act", 2**70), ("_to_act", -2), ("_to_act", True), ("_street", 2**70), ("_street", 4)]:
        hand = Hand([50] * 3, 0, 1, 2, seed=1)
        before = hand.copy()
        setattr(hand, field, value)
        answer = PLAY(hand, (None,) * 3)
        assert answer is None or answer == hand._to_act, (field, value, answer)  # refused or handed back
        setattr(hand, field, getattr(before, field))
        assert hand == before
    assert {"raised", "none", "over"} <= answers


def test_play_hands_the_turn_back_after_a_bounded_number_of_turns() -> None:
    """A hand of endless minimum raises: play returns the seat to act after
    its bound (4,096 turns), so the caller's loop (interruptible) goes on."""
    import itertools

    hand = Hand([10**12] * 2, 0, 1, 2, betting="no-limit", seed=1)
    always_min_raise = itertools.cycle([0.9, 0.0]).__next__  # the raise (last of 3 kinds), then the minimum
    answer = PLAY(hand, (always_min_raise, always_min_raise))
    assert answer == hand.to_act and answer >= 0 and not hand.is_over
    assert len(hand.actions) == 4096 and {a.kind for a in hand.actions} == {"raise"}
    assert hand.actions[-1].amount == hand.actions[-2].amount + 2
