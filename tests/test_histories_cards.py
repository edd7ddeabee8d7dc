"""The PokerStars reader's card groups: a street line's groups are read in one
look-up (and cached), and a bad card still names the group it is in and the line."""

from __future__ import annotations

import pytest

from omaha8_fast.cards import Card
from omaha8_fast.histories import HandHistoryError, parse_pokerstars

HAND = """PokerStars Hand #7:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2024/03/02 21:14:05 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: alice ($10 in chips)
Seat 2: bob ($10 in chips)
alice: posts small blind $0.25
bob: posts big blind $0.50
*** HOLE CARDS ***
Dealt to alice [Ah 2d Qs 3c]
alice: calls $0.25
bob: checks
*** FLOP *** [Kd 5c Ks]
bob: checks
alice: checks
*** TURN *** [Kd 5c Ks] [2c]
bob: checks
alice: checks
*** RIVER *** [Kd 5c Ks 2c] [7h]
bob: checks
alice: checks
*** SHOW DOWN ***
bob: shows [9h 9d Tc Js] (HI: three of a kind, Kings)
alice: shows [Ah 2d Qs 3c] (HI: two pair, Kings and Deuces; LO: 7,5,3,2,A)
alice collected $0.50 from pot
bob collected $0.50 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Board [Kd 5c Ks 2c 7h]
Seat 1: alice (button) (small blind) showed [Ah 2d Qs 3c] and won ($0.50)
Seat 2: bob (big blind) showed [9h 9d Tc Js] and won ($0.50)
"""


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(c) for c in text.split())


def test_groups_are_read_on_every_street_and_again_from_the_cache() -> None:
    for _ in range(2):  # the second time every group comes from the cache
        [hand] = parse_pokerstars(HAND)
        assert hand.board == _cards("Kd 5c Ks 2c 7h")
        assert hand.hole_cards == {"alice": _cards("Ah 2d Qs 3c"), "bob": _cards("9h 9d Tc Js")}


@pytest.mark.parametrize(
    ("old", "new", "group", "line"),
    [
        ("*** TURN *** [Kd 5c Ks] [2c]", "*** TURN *** [Kd 5c Ks] [2x]", "[2x]", 14),
        ("*** TURN *** [Kd 5c Ks] [2c]", "*** TURN *** [Kd 5c Kq] [2c]", "[Kd 5c Kq]", 14),
        ("*** RIVER *** [Kd 5c Ks 2c] [7h]", "*** RIVER *** [Kd 5c Ks 2c] [7h 1]", "[7h 1]", 17),
        ("Board [Kd 5c Ks 2c 7h]", "Board [Kd 5c Ks 2c 7h0]", "[Kd 5c Ks 2c 7h0]", 27),
    ],
)
def test_a_bad_card_names_its_group_and_line(old: str, new: str, group: str, line: int) -> None:
    assert old in HAND
    with pytest.raises(HandHistoryError) as caught:
        parse_pokerstars(HAND.replace(old, new))
    assert caught.value.hand_id == "7" and caught.value.line == line
    assert caught.value.message == f"bad cards {group}"


def test_a_turn_that_does_not_repeat_the_flop_is_refused() -> None:
    with pytest.raises(HandHistoryError, match="line 14: the turn needs 4 board cards, got 5"):
        parse_pokerstars(HAND.replace("[Kd 5c Ks] [2c]", "[Kd 5c Ks] [2c 3h]"))
