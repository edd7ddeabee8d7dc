"""A hand whose text contradicts itself is read and ``unjudged`` with the
reason (issue 38): never ``ok``, never ``mispaid`` with a player blamed."""

from __future__ import annotations

import dataclasses

import pytest

from omaha8_fast.histories import Collection, audit, parse

HAND = """Hand #5900 - Omaha H/L(Pot Limit) - $1.00/$2.00 - 2022/05/06 07:08:09 UTC
Lisbon 6-max Seat #1 is the button
Seat 1: ivy ($100.00)
Seat 2: jon ($100.00)
Seat 3: kim ($100.00)
jon posts the small blind $1.00
kim posts the big blind $2.00
*** HOLE CARDS ***
ivy raises $4.00 to $6.00
jon folds
kim folds
Uncalled bet ($4.00) returned to ivy
ivy does not show
*** SUMMARY ***
Total pot $5.00
Seat 1: ivy did not show and won $5.00
Seat 2: jon (small blind) folded on the Pre-Flop
Seat 3: kim (big blind) folded on the Pre-Flop"""


def _collections(*pairs: tuple[str, int]) -> tuple[Collection, ...]:
    return tuple(Collection(name, amount, "pot", 1, 1) for name, amount in pairs)


@pytest.mark.parametrize(("change", "words"), [
    ("more paid than the pot", "more than the pot"),
    ("less paid, no rake", "do not add up"),
    ("paid an unseated name", "has no seat"),
    ("an unseated name acts", "has no seat"),
    ("nothing paid", "no award"),
])
def test_a_self_contradicting_hand_is_unjudged(change: str, words: str) -> None:
    [hand] = parse(HAND)
    assert audit(hand).verdict == "ok"
    if change == "more paid than the pot":
        hand = dataclasses.replace(hand, collected=_collections(("ivy", 600)))
    elif change == "less paid, no rake":
        hand = dataclasses.replace(hand, collected=_collections(("ivy", 300)))
    elif change == "paid an unseated name":
        hand = dataclasses.replace(hand, collected=_collections(("ivy", 300), ("zed", 200)))
    elif change == "an unseated name acts":
        hand = dataclasses.replace(hand, actions=(hand.actions[0]._replace(player="zed"),)
                                   + hand.actions[1:], returned=(("zed", 400),))
    else:
        hand = dataclasses.replace(hand, collected=())
    result = audit(hand)
    assert result.verdict == "unjudged" and result.differences == () and not result.ok
    assert words in (result.reason or "")
