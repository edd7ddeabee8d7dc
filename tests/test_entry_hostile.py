"""The ``_entry`` extension (csrc/cpython/entry.c, hh_records.c) against
hostile callers: objects whose finalizer changes the hand while ``act`` or
``start`` runs (each in a subprocess: before the fix they crashed it),
``split``'s seat and mask checks, the Python showdown's length check, and a
counted run of the hostile loop of tests/entry_hostile.py (150 rounds of 20
calls, 1,500 in the long property run; ``OMAHA8_ENTRY_HOSTILE_ROUNDS`` sets
it; tests/test_entry_sanitized.py runs it
under AddressSanitizer and UndefinedBehaviorSanitizer)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from budget import examples
from entry_hostile import run

from omaha8_fast.engine import Hand, _settlement as _hand_settle
from omaha8_fast.engine._native import ACT, SPLIT
from omaha8_fast.histories.pokerstars import _fast as ps

needs_entry = pytest.mark.skipif(ACT is None, reason="built without omaha8_fast._entry, or OMAHA8_ENTRY=0")
ROUNDS = int(os.environ.get("OMAHA8_ENTRY_HOSTILE_ROUNDS", examples(150, 1500)))

#: A hand, and a member of it set to an object whose finalizer deletes
#: another member: the C call releases the object half-way through.
_MEDDLE = """
import sys
from omaha8_fast.engine._betting import RULES
from omaha8_fast.engine._native import ACT, START
from omaha8_fast.engine import Hand

class Meddler:
    def __init__(self, hand, field):
        self.hand, self.field = hand, field
    def __del__(self):
        delattr(self.hand, self.field)

hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", seed=3)
call = hand.legal_actions().call_amount
case = sys.argv[1]
if case == "acted":  # the seat's acted level, replaced first by a call
    hand._acted[hand._to_act] = Meddler(hand, "_actions")
    answer = ACT(hand, 2, call)
elif case == "aggressor":  # replaced by a raise
    hand._aggressor = Meddler(hand, "_actions")
    answer = ACT(hand, 4, 10)
elif case == "legal":  # the old legal actions, replaced after the log
    hand._legal = Meddler(hand, "_folded")
    answer = ACT(hand, 2, call)
else:  # start() on a hand that holds garbage: the last member it sets
    fresh = Hand.__new__(Hand)
    fresh._returned = Meddler(fresh, "_stacks")
    answer = START(fresh, (100, 100, 100), 0, 1, 2, 1, 2, 0, (), RULES["no-limit"], (2, 2, 2, 2), 10**15,
                   bytes(range(17)), 4, "all", None, 1)
print(answer)
"""


@needs_entry
@pytest.mark.parametrize(("case", "answer"), [("acted", "None"), ("aggressor", "None"), ("legal", "0"), ("start", "0")])
def test_a_finalizer_changing_the_hand_during_the_call_does_not_crash(case: str, answer: str) -> None:
    """act() refuses a seat's acted level or an aggressor that is not an int
    (what it replaces first), and releases the old legal actions, and
    start() the old members, only when it is done."""
    done = subprocess.run([sys.executable, "-c", _MEDDLE, case], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).parent, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [answer]


@needs_entry
def test_split_refuses_a_first_seat_or_a_mask_out_of_range() -> None:
    assert SPLIT is not None
    cards = bytes(range(17))
    assert SPLIT(cards, 3, 4, 7, 0, [30, 7]) == [0, 0, 30]
    for live, first in [(7, 3), (7, 2**32), (7, 2**32 + 1), (2**64 + 7, 0), (-2**64 + 7, 0), (-1, 0), (2**70, 0)]:
        assert SPLIT(cards, 3, 4, live, first, [30, 7]) is None, (live, first)


def test_the_python_split_refuses_cards_too_short_for_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """o8_showdown reads n * hole_size + 5 bytes: one short, it read past the bytes."""
    monkeypatch.setattr(_hand_settle, "_SPLIT", None)
    hand = Hand([100, 100, 100], 0, 1, 2, betting="no-limit", seed=3)
    while hand.street != "river":
        hand.call() if "call" in hand.legal_actions().actions else hand.check()
    cards = hand._cards
    assert hand._split_one_board() is not None
    for short in range(len(cards) - 5, len(cards)):
        hand._cards = cards[:short]
        assert hand._split_one_board() is None, short


@pytest.mark.property
def test_the_hostile_loop() -> None:
    count = run(rounds=ROUNDS, seed=int(os.environ.get("OMAHA8_ENTRY_HOSTILE_SEED", "0")))
    assert count["entry known"] and count["evaluate_hilo refused"]
    if SPLIT is not None:  # the extension's deal and split (a build without it has neither)
        assert count["deal/split"]
    if ACT is not None:
        assert count["act taken"] and count["act none"] and count["start taken"] and count["start none"]
    if ps._RECORDS is not None:
        assert count["hh_records built"] and count["hh_records none"]
