"""The hand's betting state in C (csrc/cpython/entry.c: ``HandState``, the
base class of :class:`omaha8_fast.engine.Hand`, and ``act`` / ``start``, one
call per action and per new hand): the same hands as the Python statement of
the same rules (``Hand._act``, ``Hand._begin`` and the Python payout), no
reference leaks, and any garbage in the state or the arguments answered
with None (the Python path) or an error, never a crash."""

from __future__ import annotations

import gc
import pickle
import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from random_play import random_action

from omaha8_fast import Rake
from omaha8_fast.engine import Hand, IllegalAction, Table, _actions as actions_module, _hand as engine_module
from omaha8_fast.engine._betting import RULES
from omaha8_fast.engine._log import STREETS
from omaha8_fast.engine._native import ACT, HAND_FIELDS, KINDS, START, VERBS, HandBase
from omaha8_fast.engine._snapshots import STATE

needs_entry = pytest.mark.skipif(ACT is None, reason="built without omaha8_fast._entry, or OMAHA8_ENTRY=0")


def _settings(rng: random.Random) -> tuple[list[int], int, int, int, dict[str, Any]]:
    """Random settings of every kind (the quick path's and the others)."""
    hole = rng.choice([4, 4, 4, 5])
    runs = rng.choice([1, 1, 1, 2])
    n = rng.randint(2, min(9, (52 - 5 * runs) // hole))
    bb = rng.choice([1, 2, 2, 10])
    kw: dict[str, Any] = {"betting": rng.choice(["limit", "pot-limit", "no-limit", "no-limit"]), "hole_size": hole,
                          "runs": runs, "seed": rng.getrandbits(32)}
    if rng.random() < 0.15:
        kw["ante"] = rng.choice([1, 3])
    if rng.random() < 0.15:
        kw["rake"] = Rake(0.05, cap=3)
    kw["showdown"] = rng.choice(["all", "all", "all", "muck-losers", "choose"])
    stacks = [rng.choice([1, 3, 10, 50, 200, rng.randint(1, 400)]) for _ in range(n)]
    return stacks, rng.randrange(n), rng.choice([0, bb // 2, bb]), bb, kw


def _state(hand: Hand) -> list[object]:
    """Everything a hand holds (the C members and the Python slots)."""
    return [repr(getattr(hand, name)) for name in STATE]


def _play(rng: random.Random, hands: int) -> Iterator[list[object]]:
    """Random hands, each action's choice drawn from ``rng``; the whole state after every step."""
    for _ in range(hands):
        stacks, button, sb, bb, kw = _settings(rng)
        hand = Hand(stacks, button, sb, bb, **kw)
        yield _state(hand)
        while not hand.is_over:
            random_action(hand, rng, edges=True)
            yield _state(hand)
        yield [hand.history_text(), hand.payouts, hand.stacks]


@needs_entry
def test_the_members_are_the_hand_fields() -> None:
    names = [name for name in dir(HandBase) if name.startswith("_") and not name.startswith("__")]
    assert sorted(names) == sorted(HAND_FIELDS)
    assert not set(HAND_FIELDS) & set(Hand.__slots__)
    # The C base holds the state; the mixins between (omaha8_fast.engine._read, _hand_settle, _hand_io) hold nothing.
    mixins = Hand.__mro__[1:Hand.__mro__.index(HandBase)]
    assert Hand.__bases__[-1] is HandBase and all(vars(c)["__slots__"] == () for c in mixins)


@needs_entry
def test_c_and_python_paths_give_the_same_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every state after every action, 400 random hands, C calls on and off."""
    with_c = list(_play(random.Random(16), 400))
    monkeypatch.setattr(actions_module, "_DO", Hand._act)
    monkeypatch.setattr(engine_module, "_BEGIN", Hand._begin)
    without = list(_play(random.Random(16), 400))
    assert len(with_c) == len(without) > 4000
    for a, b in zip(with_c, without):
        assert a == b


@needs_entry
def test_a_changed_rule_would_show() -> None:
    """The comparison above can fail: a C hand differs from one with a changed field."""
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", seed=3)
    other = hand.copy()
    other._high = 3
    assert _state(hand) != _state(other)


@needs_entry
def test_act_and_start_refuse_malformed_arguments() -> None:
    assert ACT is not None and START is not None
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", seed=3)
    before = _state(hand)
    for args in [(), (hand,), (hand, 2), (object(), 2, 2), (hand, 5, 0), (hand, -1, 0), (hand, True, 0),
                 (hand, 2, -1), (hand, 2, 2.0), (hand, 2, 10**20), (hand, 2, 101), (hand, 4, 101), (1, 2, 3, 4)]:
        assert ACT(*args) is None, args  # type: ignore[arg-type]
    assert _state(hand) == before
    good = ((100, 100, 100), 0, 1, 2, 1, 2, 0, (), RULES["no-limit"], (2, 2, 2, 2), 10**15, bytes(range(17)), 4,
            "all", None, 1)
    assert START(Hand.__new__(Hand), *good) == 0
    for k, bad in [(0, (100,)), (0, (100, 0, 100)), (0, [100, 100]), (0, (100,) * 70), (1, 3), (2, -2), (3, 3),
                   (7, (5,)), (8, "no-limit"), (9, (2, 2, 2)), (11, bytearray(17)), (12, 9), (13, 0), (15, 0)]:
        args = list(good)
        args[k] = bad
        fresh = Hand.__new__(Hand)
        assert START(fresh, *args) is None, (k, bad)
        with pytest.raises(AttributeError):
            fresh._stacks  # noqa: B018  # nothing was set
    assert START(object(), *good) is None  # type: ignore[arg-type]
    assert START(Hand.__new__(Hand), *good[:-1]) is None


@needs_entry
def test_garbage_in_the_state_is_never_taken_unchecked() -> None:
    """Random garbage in the members: act answers None (nothing changed), an
    int (it acted on a state it could read) or raises, and never crashes."""
    rng = random.Random(5)
    junk: list[object] = [None, -1, 0, 1, 2, 3, 63, 64, 65, 2**53, 2**53 + 1, -2**63, 2**70, True, 1.5, "x", b"",
                          (), (1, 2), [], [0], [True] * 3, [-5] * 3, [10**30] * 3, object(), bytes(40), "all",
                          RULES["limit"], (2, 2, 4, 4), [[]], [0, 1, 2]]
    for _ in range(4000):
        hand = Hand([rng.randint(1, 60) for _ in range(3)], 0, 1, 2, betting=rng.choice(["no-limit", "pot-limit"]),
                    seed=rng.getrandbits(16))
        for _ in range(rng.randint(1, 3)):
            setattr(hand, rng.choice(HAND_FIELDS), rng.choice(junk))
        before = _state(hand)
        try:
            answer = ACT(hand, rng.randrange(5), rng.choice([0, 1, 2, 4, 50]))  # type: ignore[misc]
        except (MemoryError, OverflowError, TypeError, ValueError, SystemError):
            continue
        assert answer is None or answer in (0, 1, 2, 3, 4)
        if answer is None:
            assert _state(hand) == before


@needs_entry
def test_a_hand_state_made_empty_is_refused() -> None:
    empty = Hand.__new__(Hand)
    assert ACT(empty, 2, 0) is None  # type: ignore[misc]
    assert HandBase.__new__(HandBase) is not None  # the base alone holds nothing: act refuses it too
    assert ACT(HandBase.__new__(HandBase), 2, 0) is None  # type: ignore[misc]


def _shared() -> list[object]:
    """Objects every hand refers to: their reference counts must come back."""
    return [RULES["no-limit"], RULES["pot-limit"], *KINDS, *STREETS, *VERBS, "all"]


@needs_entry
def test_no_reference_leaks() -> None:
    rng = random.Random(7)

    def run() -> None:
        for _ in range(300):
            hand = Hand([rng.randint(1, 300) for _ in range(6)], rng.randrange(6), 1, 2,
                        betting=rng.choice(["no-limit", "pot-limit"]), seed=rng.getrandbits(20))
            while not hand.is_over:
                random_action(hand, rng)
                hand.copy()
            pickle.loads(pickle.dumps(hand))
            try:
                hand.call()
            except IllegalAction:
                pass
            ACT(hand, 2, 0)  # type: ignore[misc]  # refused: the hand is over

    run()
    gc.collect()
    # CPython's attribute cache holds references to the names it looked up ("showdown"): drop them
    (getattr(sys, "_clear_internal_caches", None) or sys._clear_type_cache)()
    before = [sys.getrefcount(o) for o in _shared()]
    run()
    gc.collect()
    (getattr(sys, "_clear_internal_caches", None) or sys._clear_type_cache)()
    after = [sys.getrefcount(o) for o in _shared()]
    assert after == before


@needs_entry
def test_hands_are_collected() -> None:
    """A hand in a reference cycle is freed by the collector (the base class traverses its members)."""
    gc.collect()
    hand = Hand([100, 100], 0, 1, 2, betting="no-limit", seed=1)
    hand._actions.append(hand)  # type: ignore[arg-type]  # a cycle through a C member
    count = sum(1 for o in gc.get_objects() if type(o) is Hand)
    del hand
    gc.collect()
    assert sum(1 for o in gc.get_objects() if type(o) is Hand) == count - 1


def test_tables_quick_hands_match_the_checked_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Table._start_hand's quick path (settings Hand's quick check accepts) deals the same hands."""
    def run() -> list[object]:
        out: list[object] = []
        for seed in range(40):
            table = Table([50, 80, 120, 30][: 2 + seed % 3], 1, 2, betting="no-limit" if seed % 2 else "pot-limit",
                          seed=seed, reload=bool(seed % 4 == 0))
            rng = random.Random(seed)
            for _ in range(8):
                if table.is_over:
                    break
                hand = table.deal()
                while not hand.is_over:
                    legal = hand.legal_actions()
                    kind = rng.choice(legal.actions)
                    hand.act(kind, legal.min_raise_to if kind in ("bet", "raise") else None)
                out.append((hand.history, table.stacks, table.button))
        return out

    quick = run()
    original = Table.__init__

    def unplain(self: Table, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self._plain = False

    monkeypatch.setattr(Table, "__init__", unplain)
    assert run() == quick
