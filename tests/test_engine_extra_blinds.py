"""The engine's extra blinds and free folds (issue 26: replaying real tables):
what each posts (checked by hand), the turn after a straddle, a fold when
checking is free only when asked for, the settings kept by history, pickles
and JSON, and the C and the Python engine playing the same random hands alike."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys

import pytest

from omaha8_fast.engine import Hand, IllegalAction
from omaha8_fast.histories import from_json, to_json, to_phh


def test_a_straddle_is_the_bet_to_call_and_acts_last() -> None:
    hand = Hand([100] * 5, 0, 1, 2, betting="no-limit", seed=1, extra_blinds=[(3, 4, "straddle")])
    legal = hand.legal_actions()
    assert (legal.seat, legal.call_amount, legal.min_raise_to) == (4, 4, 8)  # after the straddler; raise by 4
    for _ in range(4):
        hand.call()  # seats 4, 0, 1, 2
    assert hand.to_act == 3 and hand.legal_actions().actions == ("check", "raise")  # the straddler's option
    hand.check()
    assert hand.street == "flop" and hand.pot == 20


def test_dead_chips_go_in_the_pot_and_count_toward_no_bet() -> None:
    hand = Hand([100] * 4, 0, 1, 2, betting="pot-limit", seed=2, posts=[3], extra_blinds=[(3, 1, "dead")])
    assert hand.pot == 1 + 2 + 2 + 1 and hand.bets == [0, 1, 2, 2] and hand.stacks == [100, 99, 98, 97]
    assert hand.to_act == 3 and hand.legal_actions().actions[0] == "check"  # the live post keeps its option


def test_dead_chips_are_no_part_of_an_uncalled_bet() -> None:
    # seat 3 posts 2 live and 1 dead, raises to 10, everyone folds: 8 comes back (not 9)
    hand = Hand([100] * 4, 0, 1, 2, betting="no-limit", seed=6, posts=[3], extra_blinds=[(3, 1, "dead")])
    hand.raise_to(10)
    hand.fold(); hand.fold(); hand.fold()
    assert hand.returned == (3, 8) and hand.payouts == [0, 0, 0, 6] and hand.stacks == [100, 99, 98, 103]


def _showdown(extra: list[tuple[int, int, str]]) -> Hand:
    """A heads-up: seat 0 (the button and small blind, posting ``extra``
    too) all in preflop for 30 in all, seat 1 calls. Seat 0 wins the high
    (kings), seat 1 the low (7-5-4-2-A)."""
    deck = "Kc Qd Jh Ts  Ah 2d 3c 9s  7d 8c 4s 5h Kd"  # seat 0, seat 1, the board
    hand = Hand([30, 100], 0, 1, 2, betting="no-limit", deck=deck, extra_blinds=extra)
    hand.raise_to(29)  # all in: 1 extra + 29
    hand.call()
    assert hand.is_over
    return hand


def test_dead_chips_go_to_the_main_pot_not_a_side_pot_of_their_poster() -> None:
    # 1 dead + 29 live against 29: one pot of 59 split high and low, nothing returned (the engine once
    # gave seat 0 its dead chip back as an uncalled bet)
    hand = _showdown([(0, 1, "dead")])
    assert hand.returned is None and hand.payouts == [30, 29] and hand.stacks == [30, 100]
    assert hand.showdown_result is not None
    assert [(p.amount, sorted(p.eligible)) for p in hand.showdown_result.pots] == [(59, [0, 1])]


def test_an_ante_extra_is_its_posters_stake() -> None:
    # an "ante" extra (antes of different sizes) is part of its poster's stake: seat 0 is in for 30,
    # seat 1 for 29, and the chip nobody matched goes back
    hand = _showdown([(0, 1, "ante")])
    assert hand.returned == (0, 1) and hand.payouts == [29, 29] and hand.stacks == [30, 100]


def test_a_dead_blind_must_leave_chips_behind() -> None:
    with pytest.raises(ValueError, match="must leave chips behind"):
        Hand([100, 100, 1], 0, 1, 2, extra_blinds=[(2, 1, "dead")])
    with pytest.raises(ValueError, match="must leave chips behind"):
        Hand([100, 100, 3], 0, 1, 2, posts=[], extra_blinds=[(0, 1, "live"), (2, 4, "dead")])


def test_the_pots_of_a_hand_with_dead_chips() -> None:
    hand = Hand([100] * 4, 0, 1, 2, betting="pot-limit", seed=2, posts=[3], extra_blinds=[(3, 1, "dead")])
    for _ in range(4):
        hand.check_or_call()
    assert [(p.amount, p.eligible) for p in hand.pots] == [(9, (0, 1, 2, 3))]
    view = hand.view(0)
    assert view.pots == hand.pots


def test_a_live_blind_of_its_own_size() -> None:
    hand = Hand([100] * 4, 0, 2, 4, betting="limit", seed=3, extra_blinds=[(0, 2, "live")])
    assert hand.bets == [2, 2, 4, 0] and hand.to_act == 3


def test_a_free_fold_only_when_asked_for() -> None:
    plain = Hand([100] * 3, 0, 1, 2, betting="pot-limit", seed=4)
    free = Hand([100] * 3, 0, 1, 2, betting="pot-limit", seed=4, free_folds=True)
    for hand in (plain, free):
        hand.call(); hand.call(); hand.check()
    with pytest.raises(IllegalAction, match="check instead"):
        plain.fold()
    free.fold()
    assert free.actions[-1].kind == "fold" and free.to_act == 2
    assert Hand.replay(free.history) == free and pickle.loads(pickle.dumps(free)) == free
    assert from_json(to_json(free.history)) == free.history
    with pytest.raises(IllegalAction):
        Hand.replay(free.history.__class__(**{**free.history.__dict__, "free_folds": False}))


def test_extra_blinds_travel_with_the_history_and_phh_refuses_them() -> None:
    hand = Hand([100] * 4, 1, 1, 2, betting="no-limit", seed=5, extra_blinds=[(0, 1, "dead"), (0, 4, "straddle")])
    assert hand.history.extra_blinds == ((0, 1, "dead"), (0, 4, "straddle"))
    assert from_json(to_json(hand.history)) == hand.history
    assert pickle.loads(pickle.dumps(hand)) == hand and hand.copy() == hand
    assert "Seat 0 straddles 4" in str(hand) and "Seat 0 posts a dead blind 1" in str(hand)
    with pytest.raises(ValueError, match="PHH"):
        to_phh(hand)


@pytest.mark.parametrize("bad", [[(9, 1, "dead")], [(0, 0, "dead")], [(0, 1, "ghost")], [(0, True, "dead")], ["x"]])
def test_bad_extra_blinds_are_refused(bad: object) -> None:
    with pytest.raises((ValueError, TypeError)):
        Hand([100] * 3, 0, 1, 2, extra_blinds=bad)  # type: ignore[arg-type]


def play(seed: int) -> list[object]:
    """A random hand with random extra blinds and free folds, played to the end: its log and payouts."""
    rng = random.Random(seed)
    n = rng.randint(3, 6)
    extra = [(rng.randrange(n), rng.choice([1, 2, 4, 9]), rng.choice(["dead", "ante", "live", "straddle"]))
             for _ in range(rng.randint(0, 3))]
    settings = dict(stacks=[rng.choice([3, 20, 100]) for _ in range(n)], button=rng.randrange(n), small_blind=1,
                    big_blind=2, betting=rng.choice(["limit", "pot-limit", "no-limit"]), seed=seed, free_folds=True)
    try:
        hand = Hand(**settings, extra_blinds=extra)  # type: ignore[arg-type]
    except ValueError as error:  # a dead blind must leave chips behind
        assert "must leave chips behind" in str(error)
        hand = Hand(**settings, extra_blinds=[e for e in extra if e[2] != "dead"])  # type: ignore[arg-type]
    while not hand.is_over:
        legal = hand.legal_actions()
        r = rng.random()
        if r < 0.1:
            hand.fold()  # free or not
        elif r < 0.3 and ("raise" in legal.actions or "bet" in legal.actions):
            hand.act(legal.actions[-1], rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.check_or_call()
    return [tuple(hand.actions), hand.payouts, hand.returned]


def test_the_c_and_the_python_engine_play_extra_blinds_alike() -> None:
    """Random hands with extra blinds and free folds, and the real-table texts of
    tests/test_histories_replay.py replayed: here (the C engine, when built)
    and in a process with the Python engine (OMAHA8_ENTRY=0), alike."""
    here = os.path.dirname(__file__)
    sys.path.insert(0, here)
    try:
        import test_histories_replay as replay
    finally:
        sys.path.remove(here)
    code = ("import sys; sys.path.insert(0, %r); import test_engine_extra_blinds as t, test_histories_replay as r; "
            "print(repr([t.play(s) for s in range(60)])); "
            "print(repr(sorted((n, sorted(r._replay_paid(n).items())) for n in r.TEXTS)))") % here
    python = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env=dict(os.environ, OMAHA8_ENTRY="0")).stdout.splitlines()
    assert python[0] == repr([play(s) for s in range(60)]) and "fold" in python[0]
    assert python[1] == repr(sorted((n, sorted(replay._replay_paid(n).items())) for n in replay.TEXTS))
