"""The engine's turn rule in C (``o8_bet_next`` in csrc/engine/betting.c, called as
``_entry``'s ``next_turn``; the deal and one board's split through ``_entry``)
against the Python statement of the same rules.

- ``o8_bet_next`` through cffi, on random betting states (Hypothesis), against
  a plain-Python statement of the rule written here from docs/rules.md;
- ``next_turn`` on the engine's own lists against ``Hand._next_actor`` and
  ``Hand._compute_legal`` (the Python path), on random states, and given
  anything not as the engine keeps it (wrong types, sizes, bools, huge ints):
  None (the Python path answers), never a crash;
- random hands of every structure played twice, with the C paths and with
  them turned off (the Python path), must agree action by action: legal
  actions, errors, logs and payouts;
- the deal and the split against their cffi paths.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from budget import examples
from hypothesis import given, settings, strategies as st
from random_play import random_action

from omaha8_fast import Hand, Rake
from omaha8_fast._core import ffi, lib
from omaha8_fast.engine import (
    IllegalAction,
    _flow as flow,
    _legal as hand_legal,
    _settlement as hand_settle,
    _setup as hand_setup,
)
from omaha8_fast.engine._betting import RULES
from omaha8_fast.engine._native import DEAL, KINDS, NEXT_TURN, SPLIT

needs_entry = pytest.mark.skipif(NEXT_TURN is None, reason="built without omaha8_fast._entry, or OMAHA8_ENTRY=0")
STRUCTURES = ("limit", "pot-limit", "no-limit")


def rule(n: int, stacks: list[int], bets: list[int], acted: list[int], folded: list[bool], after: int, high: int,
         min_raise: int, bet_count: int, cap: int, pot: int, structure: int) -> tuple[int, ...] | None:
    """The turn rule, stated plainly: (seat, kinds, call, min to, max to), None when nobody has to act."""
    order = [(after + k) % n for k in range(1, n + 1)]
    waiting = [s for s in order if stacks[s] > 0 and not folded[s] and (acted[s] < 0 or bets[s] < high)]
    if not waiting:
        return None
    s = waiting[0]
    owed, all_in_to = high - bets[s], bets[s] + stacks[s]
    call = min(stacks[s], owed)
    reopened = acted[s] < 0 or high - acted[s] >= min_raise
    someone = any(not folded[o] and bets[o] + stacks[o] > high for o in range(n) if o != s)
    if all_in_to > high and bet_count < cap and reopened and someone:
        low = min(high + min_raise, all_in_to)
        top = [low, min(max(high + pot + owed, low), all_in_to), all_in_to][structure]
        kinds = 0 if owed > 0 else 1 if high else 2
        return (s, kinds, call, low, top)
    return (s, 3 if owed > 0 else 4, call, 0, 0)


def c_rule(n: int, stacks: list[int], bets: list[int], acted: list[int], folded: list[bool], after: int, high: int,
           min_raise: int, bet_count: int, cap: int, pot: int, structure: int) -> tuple[int, ...] | None | str:
    out = ffi.new("o8_turn *")
    code = lib.o8_bet_next(n, ffi.new("int64_t[]", stacks), ffi.new("int64_t[]", bets), ffi.new("int64_t[]", acted),
                           ffi.new("uint8_t[]", [int(f) for f in folded]), after, high, min_raise, bet_count, cap,
                           pot, structure, out)
    if code == 1:
        return (out.seat, out.kinds, out.call_amount, out.min_raise_to, out.max_raise_to)
    return None if code == 0 else "refused"


@st.composite
def states(draw: Any) -> tuple[Any, ...]:
    n = draw(st.integers(2, 10))
    chips = st.integers(0, 60) | st.sampled_from([0, 1, 2, 10**6])
    stacks = draw(st.lists(chips, min_size=n, max_size=n))
    bets = draw(st.lists(chips, min_size=n, max_size=n))
    high = max(bets) if draw(st.booleans()) else draw(chips)
    acted = draw(st.lists(st.sampled_from([-1, 0, high]) | st.integers(-1, 60), min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    pot = sum(bets) + draw(st.integers(0, 100))
    return (n, stacks, bets, acted, folded, draw(st.integers(0, n - 1)), high, draw(st.integers(0, 20)),
            draw(st.integers(0, 5)), draw(st.sampled_from([4, 10**15])), pot, draw(st.integers(0, 2)))


@pytest.mark.property
@given(states())
@settings(max_examples=examples(600, 3000), deadline=None)
def test_o8_bet_next_states_the_rule(state: tuple[Any, ...]) -> None:
    assert c_rule(*state) == rule(*state)


def test_o8_bet_next_refuses_out_of_range() -> None:
    good = (3, [5, 5, 5], [0, 1, 2], [-1, -1, -1], [False] * 3, 2, 2, 2, 1, 4, 3, 2)
    assert c_rule(*good) == rule(*good)
    for k, bad in [(0, 1), (0, 65), (5, 3), (5, -1), (11, 3), (11, -1), (6, -1), (6, 2**60), (7, -1), (10, -1),
                   (10, 2**62)]:
        args = list(good)
        args[k] = bad
        if k == 0 and bad == 65:
            args[1:5] = [[5] * 65, [0] * 65, [-1] * 65, [False] * 65]
        assert c_rule(*args) == "refused", (k, bad)
    for k, bad in [(1, [5, -1, 5]), (2, [0, 2**54, 0]), (3, [-1, -2, -1])]:
        args = list(good)
        args[k] = bad
        assert c_rule(*args) == "refused", (k, bad)


def random_hand(rng: random.Random) -> Hand:
    n = rng.randint(2, 9)
    kw: dict[str, Any] = {"betting": rng.choice(STRUCTURES), "seed": rng.getrandbits(32)}
    if rng.random() < 0.2:
        kw["ante"] = rng.choice([1, 3])
    if rng.random() < 0.2:
        kw["rake"] = Rake(0.05, cap=3)
    if rng.random() < 0.2:
        kw["runs"] = 2
    kw["showdown"] = rng.choice(["all", "muck-losers", "choose"])
    stacks = [rng.choice([1, 2, 3, 10, 40, 200, rng.randint(1, 300)]) for _ in range(n)]
    return Hand(stacks, rng.randrange(n), rng.choice([0, 1, 2]), 2, **kw)


def python_turn(hand: Hand, after: int) -> Any:
    seat = hand._next_actor(after)
    return False if seat < 0 else hand._compute_legal(seat)


@needs_entry
def test_next_turn_matches_the_python_path_on_engine_states() -> None:
    assert NEXT_TURN is not None
    rng = random.Random(16)
    compared = 0
    for _ in range(400):
        hand = random_hand(rng)
        while not hand.is_over:
            if hand._able > 1 and hand._street < 4:
                for after in range(hand._n):
                    got = NEXT_TURN(hand._stacks, hand._bets, hand._folded, hand._acted, hand._committed, after,
                                    hand._high, hand._min_raise, hand._bet_count, hand._cap, hand._rules)
                    assert got == python_turn(hand, after)
                    compared += 1
            random_action(hand, rng)
    assert compared > 1000


@needs_entry
def test_next_turn_leaves_anything_else_to_python() -> None:
    assert NEXT_TURN is not None
    args: list[Any] = [[5, 5, 5], [0, 1, 2], [False] * 3, [-1, -1, -1], [0, 1, 2], 2, 2, 2, 1, 10**15, RULES["no-limit"]]
    assert NEXT_TURN(*args) == python_turn_of(args)
    bad_values: list[tuple[int, Any]] = [
        (0, (5, 5, 5)), (0, [5, 5]), (0, [5, True, 5]), (0, [5, 5.0, 5]), (0, [5, 2**70, 5]), (0, [5, -1, 5]),
        (1, [0, 1]), (1, None), (2, [False, 0, False]), (2, [False, None, False]), (3, [-1, -2, -1]),
        (3, [-1, "x", -1]), (4, [0, 1, 2, 3]), (5, 3), (5, -1), (5, True), (6, 2**80), (6, -5), (7, 1.0),
        (8, None), (9, -1), (10, "no-limit"), (10, None), (0, [5] * 65),
    ]
    for k, bad in bad_values:
        trial = list(args)
        trial[k] = bad
        if k == 0 and isinstance(bad, list) and len(bad) == 65:
            trial[1:5] = [[0] * 65, [False] * 65, [-1] * 65, [0] * 65]
        assert NEXT_TURN(*trial) is None, (k, bad)
    assert NEXT_TURN(*args[:10]) is None
    assert NEXT_TURN() is None
    # The pot-limit pot reads every contribution; the others read only the seats the rule looks at.
    trial = list(args)
    trial[4], trial[10] = [0, "x", 2], RULES["pot-limit"]
    assert NEXT_TURN(*trial) is None


def python_turn_of(args: list[Any]) -> Any:
    stacks, bets, folded, acted, committed, after, high, min_raise, bet_count, cap, rules = args
    hand = Hand([10] * len(stacks), 0, 1, 2, betting=rules.name)
    hand._stacks, hand._bets, hand._folded, hand._acted, hand._committed = stacks, bets, folded, acted, committed
    hand._high, hand._min_raise, hand._bet_count, hand._cap = high, min_raise, bet_count, cap
    hand._able = sum(1 for s, f in zip(stacks, folded) if s and not f)
    return python_turn(hand, after)


def play_log(seed: int) -> list[Any]:
    """A random hand with bad actions thrown in: everything observable, as a list."""
    rng = random.Random(seed)
    hand = random_hand(rng)
    out: list[Any] = []
    while not hand.is_over:
        legal = hand.legal_actions()
        out.append(repr(legal))
        if rng.random() < 0.15:
            try:
                bad = rng.randrange(6)
                if bad < 4:
                    (hand.check, hand.fold, hand.call, hand.all_in)[bad]()
                else:
                    hand.bet(1) if bad == 4 else hand.raise_to(10**6)
                out.append("ok")
            except IllegalAction as e:
                out.append(str(e))
            continue
        kind = rng.choice(legal.actions)
        if kind in ("bet", "raise"):
            hand.act(kind, rng.choice([legal.min_raise_to, legal.max_raise_to]))
        else:
            hand.act(kind)
        if rng.random() < 0.1:
            hand = hand.copy()
    out += [hand.history_text(), hand.payouts, hand.stacks, hand.rake, [tuple(a) for a in hand.actions]]
    return out


@needs_entry
def test_hands_with_and_without_the_c_paths_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = [play_log(seed) for seed in range(600)]
    monkeypatch.setattr(flow, "_NEXT_TURN", None)
    monkeypatch.setattr(hand_settle, "_SPLIT", None)
    monkeypatch.setattr(hand_setup, "_DEAL", None)
    slow = [play_log(seed) for seed in range(600)]
    assert fast == slow


@pytest.mark.skipif(DEAL is None or SPLIT is None, reason="built without omaha8_fast._entry, or OMAHA8_ENTRY=0")
def test_deal_and_split_match_cffi() -> None:
    assert DEAL is not None and SPLIT is not None
    rng = random.Random(5)
    for _ in range(300):
        bits, count = rng.getrandbits(290).to_bytes(37, "little"), rng.randint(0, 52)
        cards = bytearray(range(52))
        lib.o8_deal(bits, 37, ffi.from_buffer(cards), 0, count)
        assert DEAL(bits, count) == bytes(cards[:count])
        n, h = rng.randint(2, 9), rng.choice([4, 5])
        dealt = bytes(rng.sample(range(52), n * h + 5))
        live = rng.getrandbits(n) | 1
        pots = [rng.randint(0, 500), live, rng.randint(0, 50), live & ~1 or live]
        payouts = ffi.new("int64_t[]", n)
        first = rng.randrange(n)
        code = lib.o8_showdown(dealt[n * h:], 5, dealt, h, n, live, first, pots, 2, payouts, ffi.NULL, ffi.NULL, ffi.NULL)
        assert SPLIT(dealt, n, h, live, first, pots) == (None if code else list(payouts))
    assert DEAL(b"", 5) == bytes(range(5))  # no bits: the deck as it is, as o8_deal does
    for bad in [(b"x" * 65, 5), (bytearray(37), 5), (b"x", 53), (b"x", -1), (b"x", True), (b"x",)]:
        assert DEAL(*bad) is None  # type: ignore[arg-type]
    good = (bytes(range(13)), 2, 4, 3, 0, [10, 3])
    assert SPLIT(*good) is not None
    for k, bad in [(0, bytes(range(12))), (0, "x"), (1, 1), (1, 65), (2, 7), (2, 3), (3, 4), (3, -1), (4, 2),
                   (5, [10]), (5, [-1, 3]), (5, (10, 3)), (5, [10, 3.0])]:
        trial = list(good)
        trial[k] = bad
        assert SPLIT(*trial) is None, (k, bad)  # type: ignore[arg-type]


def test_kinds_are_the_engines() -> None:
    assert KINDS == (hand_legal._FOLD_CALL_RAISE, hand_legal._CHECK_RAISE, hand_legal._CHECK_BET,
                     hand_legal._FOLD_CALL, hand_legal._CHECK)
