"""Issue 32 (engine) and issue 30's engine items: a LegalActions handed out
cannot change what the engine allows, one action at a time per hand, a chain
of hands released without recursion, views' legal_actions() a method as the
hand's, check_or_call, and the board dealt street by street (manual_board).
Each test runs in the C engine and (OMAHA8_ENTRY=0, the python_engine
fixture) in the Python one."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from omaha8_fast import showdown
from omaha8_fast.engine import Hand, IllegalAction, LegalActions, _actions as actions_module

SET = {name: LegalActions.__dict__[name].__set__ for name in LegalActions.__slots__}


@pytest.fixture(params=["c", "python"])
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Both engines: the C entry points, then the Python path alone."""
    if request.param == "python":
        monkeypatch.setattr(actions_module, "_DO", Hand._act)
    yield request.param


def test_legal_actions_are_read_only() -> None:
    hand = Hand([100, 100], 0, 1, 2, betting="no-limit", seed=1)
    for legal in (hand.legal_actions(), hand.view(hand.to_act).legal_actions(), hand.copy().legal_actions()):
        assert legal is not None
        with pytest.raises(AttributeError, match="read-only"):
            legal.max_raise_to = 150
        with pytest.raises(AttributeError, match="read-only"):
            del legal.call_amount


def test_a_tampered_legal_actions_never_lets_a_raise_exceed_the_stack(engine: str) -> None:
    hand = Hand([100, 100], 0, 1, 2, betting="no-limit", seed=1)
    SET["max_raise_to"](hand.legal_actions(), 150)  # past the read-only guard, on the object the engine holds
    with pytest.raises(IllegalAction):
        hand.raise_to(150)
    assert hand.stacks == [99, 98] and hand.actions == []
    hand.raise_to(100)  # the real maximum still works
    assert hand.stacks == [0, 98]


def test_a_tampered_legal_actions_never_makes_a_call_free(engine: str) -> None:
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", seed=1)
    legal = hand.view(hand.to_act).legal_actions()
    assert legal is not None
    SET["call_amount"](legal, 0)
    with pytest.raises(IllegalAction, match="the call is 2"):
        hand.call()
    assert hand.stacks == [100, 99, 98] and hand.actions == []
    copy = hand.copy()
    SET["actions"](copy.legal_actions(), ("check", "bet"))  # a copy's object: shared, read-only, never trusted
    with pytest.raises(IllegalAction):
        copy.check()
    assert copy.actions == []


def test_random_tampering_never_breaks_the_chips(engine: str) -> None:
    rng = random.Random(5)
    for _ in range(60):
        n = rng.randint(2, 5)
        hand = Hand([rng.choice([5, 40, 200]) for _ in range(n)], rng.randrange(n), 1, 2,
                    betting=rng.choice(["limit", "pot-limit", "no-limit"]), seed=rng.getrandbits(32))
        total = sum(hand.starting_stacks)
        while not hand.is_over:
            legal = hand.legal_actions()
            SET[rng.choice(["call_amount", "min_raise_to", "max_raise_to"])](legal, rng.choice([0, 1, 10**6]))
            kind = rng.choice(["fold", "check", "call", "bet", "raise"])
            try:
                hand.act(kind, rng.choice([1, 3, 50, 10**6]) if kind in ("bet", "raise") else None)
            except IllegalAction:
                hand._legal = None  # the hand's own object, made again from its state
                hand.act("check-or-call")
            assert min(hand.stacks) >= 0 and sum(hand.stacks) + hand.pot == total
        assert Hand.replay(hand.history) == hand


def test_two_threads_never_make_an_illegal_history(engine: str) -> None:
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for k in range(12):
            hand = Hand([60] * 4, 0, 1, 2, betting="no-limit", seed=k, showdown="choose")
            errors: list[BaseException] = []

            def player(seed: int) -> None:
                rng = random.Random(seed)
                for _ in range(400):
                    if hand.is_over:
                        return
                    try:
                        legal = hand.legal_actions()
                        kind = rng.choice(legal.actions)
                        hand.act(kind, legal.min_raise_to if kind in ("bet", "raise") else None)
                    except (IllegalAction, RuntimeError) as error:
                        if isinstance(error, RuntimeError) and "one action at a time" not in str(error):
                            errors.append(error)
                    except BaseException as error:  # IndexError and the like: the bug
                        errors.append(error)

            threads = [threading.Thread(target=player, args=(k * 10 + t,)) for t in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert errors == []
            assert Hand.replay(hand.history).history == hand.history
    finally:
        sys.setswitchinterval(old)


def test_an_action_from_inside_an_action_is_refused() -> None:
    hand = Hand([60] * 3, 0, 1, 2, seed=1)
    with hand._guard:  # as if another thread were in the middle of an action
        with pytest.raises(RuntimeError, match="one action at a time"):
            hand.call()
        with pytest.raises(RuntimeError, match="one action at a time"):
            hand.deal_board("2c 3c 4c")
    assert hand.actions == []
    hand.call()
    assert len(hand.actions) == 1
    assert pickle.loads(pickle.dumps(hand)).history == hand.history  # the guard is not pickled, made again


CHAIN = """
import sys, threading
from omaha8_fast.engine._native import HandBase
def build():
    head = None
    for _ in range({depth}):
        new = HandBase.__new__(HandBase)
        if head is not None:
            new._legal = head
        head = new
    return head
def run():
    head = build()
    del head
    print("released")
threading.stack_size(1 << 20)  # 1 MB of C stack: a recursive release of {depth} states overflows it
t = threading.Thread(target=run)
t.start(); t.join()
"""


def test_a_long_chain_of_hand_states_is_released_without_recursion() -> None:
    out = subprocess.run([sys.executable, "-c", CHAIN.format(depth=100_000)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.strip() == "released", (out.returncode, out.stderr[-2000:])


def test_a_long_chain_of_hands_is_released() -> None:
    head = Hand([10, 10], 0, 1, 2, seed=1)
    for _ in range(20_000):
        new = Hand([10, 10], 0, 1, 2, seed=1)
        new._legal = head  # type: ignore[assignment]
        head = new
    del head, new


def test_showdown_hand_refuses_booleans() -> None:
    result = showdown("Jh Jd 9c 4s 5s", ["As Ks 2c 3d", "Qh Qd 7c 8c"], 100)
    assert result.hand(0) is not None
    with pytest.raises(TypeError, match="bool"):
        result.hand(True)


def test_a_views_legal_actions_is_a_method_as_the_hands() -> None:
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", seed=2)
    view = hand.view(hand.to_act)
    assert view.legal_actions() == hand.legal_actions() == view.legal
    assert hand.view(None).legal_actions() is None and hand.view((hand.to_act or 0) + 1).legal_actions() is None
    with pytest.raises(AttributeError, match=r"call view.legal_actions\(\).actions"):
        view.legal_actions.actions  # noqa: B018  # the field access of earlier versions names the change


def test_check_or_call(engine: str) -> None:
    hand = Hand([100, 100, 100], 0, 1, 2, betting="pot-limit", seed=3)
    hand.check_or_call()
    assert hand.actions[-1].kind == "call" and hand.actions[-1].amount == 2
    hand.act("check-or-call")
    hand.check_or_call()
    assert [a.kind for a in hand.actions] == ["call", "call", "check"] and hand.street == "flop"
    hand.check_or_call()
    assert hand.actions[-1].kind == "check"


def _manual() -> Hand:
    return Hand([100, 100, 100], 0, 1, 2, betting="no-limit", deck="As Ks 2c 3d  Qh Qd 7c 8c  Jh Jd 9c 9d",
                manual_board=True)


def test_the_board_dealt_street_by_street(engine: str) -> None:
    hand = _manual()
    for _ in range(3):
        hand.check_or_call()
    assert (hand.street, hand.to_act, hand.board_needed, hand.board) == ("preflop", None, 3, ())
    with pytest.raises(IllegalAction, match="waits for 3 board cards"):
        hand.legal_actions()
    hand.deal_board("Ah 7d 2h")
    assert hand.street == "flop" and [str(c) for c in hand.view(0).board] == ["Ah", "7d", "2h"]
    for _ in range(3):
        hand.check()
    hand.deal_board("5c")
    hand.bet(10)
    hand.fold()
    hand.all_in()
    hand.call()
    assert hand.board_needed == 1 and not hand.is_over  # all-in on the turn: the river still waits
    hand.deal_board(["6c"])
    assert hand.is_over and [str(c) for c in hand.board] == ["Ah", "7d", "2h", "5c", "6c"]
    assert Hand.replay(hand.history) == hand
    dealt = Hand([100, 100, 100], 0, 1, 2, betting="no-limit",
                 deck="As Ks 2c 3d  Qh Qd 7c 8c  Jh Jd 9c 9d  Ah 7d 2h 5c 6c")
    for hand_ in (dealt,):
        for kind, amount in [(a.kind, a.amount) for a in hand.actions]:
            hand_.act(kind, amount if kind in ("bet", "raise") else None)
    assert dealt.payouts == hand.payouts and dealt.history == hand.history


def test_a_paused_manual_board_hand_replays_paused(engine: str) -> None:
    """At every step of a manual-board hand (waiting for a street's cards or
    for an action), Hand.replay of its history gives the same state: the
    board dealt so far, the cards still awaited, the seat to act."""
    hand = _manual()
    steps = [("check_or_call",)] * 3 + [("deal", "Ah 7d 2h")] + [("check",)] * 3 + [("deal", "5c"), ("bet", 10),
                                                                                     ("fold",), ("all_in",), ("call",),
                                                                                     ("deal", "6c")]
    for step in [None, *steps]:
        if step is not None:
            if step[0] == "deal":
                hand.deal_board(step[1])
            else:
                getattr(hand, step[0])(*step[1:])
        again = Hand.replay(hand.history)
        assert again.history == hand.history
        assert (again.board, again.board_needed, again.to_act, again.street, again.stacks) == \
            (hand.board, hand.board_needed, hand.to_act, hand.street, hand.stacks)
    assert hand.is_over and Hand.replay(hand.history).payouts == hand.payouts
    history = hand.history
    paused = type(history)(**{**history.__dict__, "deck": history.deck[:-1]})  # the river not dealt yet
    assert Hand.replay(paused).board_needed == 1
    broken = type(history)(**{**history.__dict__, "deck": history.deck[:-1], "actions": history.actions[:3]})
    with pytest.raises(IllegalAction, match="never deals"):  # the turn card, on a hand still on the flop
        Hand.replay(broken)


def test_impossible_board_cards_are_refused(engine: str) -> None:
    hand = _manual()
    with pytest.raises(IllegalAction, match="no board cards are due"):
        hand.deal_board("Ah 7d 2h")  # preflop betting still going on
    for _ in range(3):
        hand.check_or_call()
    for cards, why in [("Ah 7d", "takes 3 cards"), ("Ah 7d As", "As is already dealt"),
                       ("Ah Ah 2h", "Ah is already dealt"), ("Ah 7d 2h 5c", "takes 3 cards")]:
        with pytest.raises(IllegalAction, match=why):
            hand.deal_board(cards)
    with pytest.raises(ValueError):
        hand.deal_board("Xx 7d 2h")
    assert hand.board_needed == 3 and hand.board == ()
    with pytest.raises(IllegalAction, match="deals its own board"):
        Hand([100, 100], 0, 1, 2, seed=1).deal_board("2c 3c 4c")
    with pytest.raises(ValueError, match="hole cards only"):
        Hand([100, 100], 0, 1, 2, deck="As Ks 2c 3d  Qh Qd 7c 8c  Jh", manual_board=True)
    with pytest.raises(ValueError, match="runs must be 1"):
        Hand([100, 100], 0, 1, 2, runs=2, manual_board=True)
    copy = pickle.loads(pickle.dumps(hand))  # a paused hand pickles and copies, still waiting
    assert copy.board_needed == hand.copy().board_needed == 3
    copy.deal_board("Ah 7d 2h")
    assert copy.street == "flop" and hand.board == ()
