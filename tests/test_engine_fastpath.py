"""The engine's fast paths (issue 16's speed work) against its reference paths
and invariants, over thousands of random hands of every structure.

Each fast path has a slower, general path that decides the same thing; the
hands here are played on both and must agree:

- the showdown split in one C call, holes in seat order with the odd chips
  starting left of the button (``Hand._split_one_board``), against the
  :mod:`omaha8_fast.showdown` module's detailed split
  (:attr:`Hand.showdown_results`, players in :attr:`Hand.showdown_seats`);
- the quick settings check of ``Hand.__init__`` against the full checks
  (the same settings given as non-list sequences), and ``Hand.replay`` from
  the history (the given-deck deal);
- legal actions built past ``LegalActions.__init__``, the plain-tuple log
  records and the no-limit maximum without ``max_to`` against their plain
  constructions;
- and the rules' invariants after every action (chips conserved with rake,
  what a call costs, who may act).

``OMAHA8_FASTPATH_HANDS`` sets the number of random hands (default 1000).
"""

from __future__ import annotations

import os
import pickle
import random
from typing import Any

import pytest

from omaha8_fast import Hand, Rake
from omaha8_fast.engine import IllegalAction
from omaha8_fast.engine._betting import RULES, LegalActions
from omaha8_fast.engine._log import Action
from omaha8_fast.engine._setup import blind_seats

HANDS = int(os.environ.get("OMAHA8_FASTPATH_HANDS", "1000"))


def random_settings(rng: random.Random) -> tuple[list[int], int, int, int, dict[str, Any]]:
    hole = rng.choice([4, 4, 4, 5, 6])
    runs = rng.choice([1, 1, 1, 2, 3])
    n = rng.randint(2, min(11, (52 - 5 * runs) // hole))
    betting = rng.choice(["limit", "pot-limit", "no-limit"])
    bb = rng.choice([1, 2, 2, 4, 10])
    sb = rng.choice([0, bb // 2, bb // 2, bb])
    kw: dict[str, Any] = {"betting": betting, "hole_size": hole, "runs": runs, "seed": rng.getrandbits(40)}
    if rng.random() < 0.2:
        kw["ante"] = rng.choice([1, 2, 5])
    if rng.random() < 0.25:
        kw["rake"] = Rake(rng.choice([0.05, 0.1]), cap=rng.choice([None, 1, 3]), no_flop_no_drop=rng.random() < 0.5)
    kw["showdown"] = rng.choice(["all", "all", "muck-losers", "choose"])
    if n >= 3 and rng.random() < 0.1:
        kw["dead_small_blind"] = True
    button = rng.randrange(n)
    if n >= 4 and rng.random() < 0.2:
        free = [s for s in range(n) if s not in blind_seats(n, button, kw.get("dead_small_blind", False))]
        kw["posts"] = rng.sample(free, 1)
    stacks = [rng.choice([1, 2, 5, 20, 100, 200, rng.randint(1, 400)]) for _ in range(n)]
    return stacks, button, sb, bb, kw


def check_invariants(hand: Hand, total: int) -> None:
    assert sum(hand.stacks) + hand.pot + hand.rake == total
    if hand.is_over or hand.street == "showdown":
        return
    legal = hand.legal_actions()
    s = legal.seat
    assert s == hand.to_act and not hand.folded[s] and hand.stacks[s] > 0
    # The bet to match: the highest bet, and before the flop at least the full big blind (posted short or not).
    owed = max(max(hand.bets), hand.history.big_blind if hand.street == "preflop" else 0) - hand.bets[s]
    assert legal.call_amount == min(owed, hand.stacks[s])
    assert legal.actions[0] == ("fold" if owed > 0 else "check")
    if legal.actions[-1] in ("bet", "raise"):
        assert legal.min_raise_to <= legal.max_raise_to <= hand.bets[s] + hand.stacks[s]
        if hand.betting == "no-limit":  # the maximum the engine gives without calling max_to
            assert legal.max_raise_to == hand.bets[s] + hand.stacks[s]
    else:
        assert legal.min_raise_to == legal.max_raise_to == 0
    plain = LegalActions(legal.seat, legal.actions, legal.call_amount, legal.min_raise_to, legal.max_raise_to)
    assert plain == legal and repr(plain) == repr(legal) and pickle.loads(pickle.dumps(legal)) == legal


def play(hand: Hand, rng: random.Random) -> None:
    total = sum(hand.starting_stacks)
    check_invariants(hand, total)
    while not hand.is_over:
        legal = hand.legal_actions()
        kind = rng.choice(legal.actions)
        if kind in ("bet", "raise"):
            hand.act(kind, rng.choice([legal.min_raise_to, legal.max_raise_to, rng.randint(legal.min_raise_to, legal.max_raise_to)]))
        elif rng.random() < 0.1:
            hand.timeout()
        else:
            hand.act(kind)
        done = hand.actions[-1]
        assert type(done) is Action and done == Action(*done)  # the plain logged records read as Actions
        check_invariants(hand, total)


def test_random_hands_agree_with_the_reference_paths() -> None:
    rng = random.Random(1616)
    showdowns = split_fast = 0
    for _ in range(HANDS):
        stacks, button, sb, bb, kw = random_settings(rng)
        hand = Hand(stacks, button, sb, bb, **kw)
        # The same settings through the full checks (a tuple subclass is not the quick path's list or tuple).
        slow = Hand(type("Stacks", (tuple,), {})(stacks), button, sb, bb, **kw)
        assert slow.history == hand.history and slow.to_act == hand.to_act and slow.payouts == hand.payouts
        assert hand.is_over or slow.legal_actions() == hand.legal_actions()
        play(hand, random.Random(rng.getrandbits(32)))
        again = Hand.replay(hand.history)
        assert again.stacks == hand.stacks and again.payouts == hand.payouts and again.returned == hand.returned
        assert again.history_text() == hand.history_text()
        if hand.street == "showdown":
            showdowns += 1
            results = hand.showdown_results
            assert len(results) == len(hand.boards)
            seats = hand.showdown_seats
            won = [0] * hand.players
            for result in results:
                for i, chips in enumerate(result.payouts):
                    won[seats[i]] += chips
            # The detailed split (the showdown module) pays what the hand paid.
            assert won == hand.payouts
            if hand.runs == 1 or hand.boards == (hand.board,):
                split_fast += not hand.rake and hand.showdown_mode != "choose"
    assert showdowns > HANDS // 4 and split_fast > HANDS // 10  # the paths were exercised


def test_a_continued_copy_or_pickle_plays_like_the_original() -> None:
    rng = random.Random(77)
    for _ in range(max(50, HANDS // 10)):
        stacks, button, sb, bb, kw = random_settings(rng)
        hand = Hand(stacks, button, sb, bb, **kw)
        for _ in range(rng.randrange(6)):
            if hand.is_over:
                break
            hand.act(hand.legal_actions().actions[0] if hand.legal_actions().actions[0] != "fold" else "call")
        clones = [hand.copy(), pickle.loads(pickle.dumps(hand))]
        seed = rng.getrandbits(32)
        play(hand, random.Random(seed))
        for clone in clones:
            play(clone, random.Random(seed))
            assert clone == hand and clone.payouts == hand.payouts and clone.stacks == hand.stacks


def test_a_pickled_state_has_its_old_shape_and_plays_on() -> None:
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", seed=4)
    hand.raise_to(6)
    hand.call()
    state = hand.__getstate__()
    # As before the speed work: the cards a tuple of ids, the log Action records.
    assert type(state["_cards"]) is tuple and all(type(c) is int for c in state["_cards"])  # type: ignore[attr-defined]
    assert [type(a) for a in state["_actions"]] == [Action, Action]  # type: ignore[attr-defined]
    old = object.__new__(Hand)
    old.__setstate__(pickle.loads(pickle.dumps(state)))  # (the state shares the hand's lists)
    for clone in (old, hand):
        while not clone.is_over:
            clone.call() if "call" in clone.legal_actions() else clone.check()
    assert old == hand and old.payouts == hand.payouts and old.history_text() == hand.history_text()


@pytest.mark.parametrize("name", ["limit", "pot-limit", "no-limit"])
def test_the_all_in_maximum_flag_says_what_max_to_does(name: str) -> None:
    rules = RULES[name]
    rng = random.Random(5)
    for _ in range(500):
        high = rng.randint(0, 500)
        low_to = high + rng.randint(1, 100)
        all_in_to = low_to + rng.randint(0, 1000)
        answer = rules.max_to(high, low_to, all_in_to, rng.randint(high, 5000), rng.randint(0, high))
        if rules.all_in_max:
            assert answer == all_in_to
    assert rules.all_in_max == (name == "no-limit")


def test_illegal_actions_leave_a_fast_path_hand_untouched() -> None:
    rng = random.Random(8)
    for _ in range(200):
        stacks, button, sb, bb, kw = random_settings(rng)
        hand = Hand(stacks, button, sb, bb, **kw)
        while not hand.is_over:
            before = (hand.history, hand.stacks, hand.bets, hand.legal_actions())
            for kind, amount in (("bet", -1), ("raise", 10**16), ("raise", 2.0), ("nope", None)):
                with pytest.raises((IllegalAction, TypeError)):
                    hand.act(kind, amount)  # type: ignore[arg-type]
            assert (hand.history, hand.stacks, hand.bets, hand.legal_actions()) == before
            legal = hand.legal_actions()
            hand.act("call" if "call" in legal else legal.actions[0])
