"""Bovada/Ignition texts as the site prints them (issue 38), written here from
the format's facts: the seats are named by position, and in tournaments (or
with the button on an empty seat) the seat numbers are not the table's
order, so the positions give it; actions may carry a tag (``Folds
(auth)``, ``Fold(Blind Disconnected)``), and are actions all the same."""

from __future__ import annotations

import pytest

from omaha8_fast.histories import HandHistoryError, audit, parse, to_engine

TOURNAMENT = """Bovada Hand #8100: OMAHA HiLo Tournament #55 TBL#3, Normal- Level 4 (50/100) - 2022-01-02 03:04:05
Seat 44: UTG (3,000 in chips)
Seat 12: Big Blind [ME] (2,500 in chips)
Seat 71: Dealer (4,000 in chips)
Seat 9: Small Blind (5,000 in chips)
Seat 30: UTG+1 (3,500 in chips)
Dealer : Set dealer [2]
UTG : Ante chip 10
Big Blind [ME] : Ante chip 10
Dealer : Ante chip 10
Small Blind : Ante chip 10
UTG+1 : Ante chip 10
Small Blind : Small blind 50
Big Blind [ME] : Big blind 100
*** HOLE CARDS ***
UTG : Card dealt to a spot [9d 5c 2c Td]
Big Blind [ME] : Card dealt to a spot [Js As Jd 5s]
Dealer : Card dealt to a spot [6h Ac 3s 7s]
Small Blind : Card dealt to a spot [Qd 3d Ts 7d]
UTG+1 : Card dealt to a spot [8s 9c 2h 3h]
UTG : Raises 300 to 300
UTG+1 : Folds (auth)
Dealer : Fold(Blind Disconnected)
Small Blind : Folds(timeout)
Big Blind [ME] : Call 200
*** FLOP *** [2d 4d Qh]
Big Blind [ME] : Checks (auth)
UTG : Bets 400
Big Blind [ME] : Call 400
*** TURN *** [2d 4d Qh] [Ks]
Big Blind [ME] : Checks
UTG : Checks
*** RIVER *** [2d 4d Qh Ks] [Kh]
Big Blind [ME] : Checks
UTG : Checks
UTG : Showdown [2c Td 2d Ks Kh] (Two pair)
Big Blind [ME] : Showdown [Js Jd Qh Ks Kh] (Two pair)
Big Blind [ME] : Hand Result 1500
*** SUMMARY ***
Total Pot(1500)
Board [2d 4d Qh Ks Kh]"""


def test_tournament_seats_go_round_in_position_order() -> None:
    [hand] = parse(TOURNAMENT)
    assert [s.name for s in hand.seats] == ["Dealer", "Small Blind", "Big Blind", "UTG", "UTG+1"]
    assert hand.button_seat == hand.seats[0].number
    assert [(a.player, a.kind) for a in hand.actions[:4]] == [("UTG", "raise"), ("UTG+1", "fold"), ("Dealer", "fold"),
                                                             ("Small Blind", "fold")]
    assert (hand.total_pot, hand.paid) == (1500, {"Big Blind": 1500})  # 5 x 10 + 50 + 2 x 700
    assert audit(hand).verdict == "ok"
    engine = to_engine(hand)
    assert list(engine.payouts) == [0, 0, 1500, 0, 0]


DEAD_BUTTON = """Ignition Hand #8200 TBL#9 OMAHA HiLo Pot Limit - 2022-01-02 03:05:05
Seat 1: Small Blind ($20 in chips)
Seat 2: Big Blind ($20 in chips)
Seat 4: UTG [ME] ($20 in chips)
Seat 6: UTG+1 ($20 in chips)
Dealer : Set dealer [5]
Small Blind : Small Blind $0.10
Big Blind : Big blind $0.20
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [Ah 2d Kc 9s]
Big Blind : Card dealt to a spot [3h 4h Qs Qd]
UTG [ME] : Card dealt to a spot [7c 7d 8s Js]
UTG+1 : Card dealt to a spot [Tc Th 6s 5s]
UTG [ME] : Raises $0.60 to $0.60
UTG+1 : Folds
Small Blind : Folds
Big Blind : Folds
UTG [ME] : Return uncalled portion of bet $0.40
UTG [ME] : Hand result $0.50
*** SUMMARY ***
Total Pot($0.50)"""


def test_a_button_on_an_empty_seat_keeps_the_blinds_in_place() -> None:
    [hand] = parse(DEAD_BUTTON)
    order = [s.name for s in hand.seats]
    assert order == ["Small Blind", "Big Blind", "UTG", "UTG+1"]
    assert hand.button_seat not in {s.number for s in hand.seats}
    assert (hand.paid, hand.returned) == ({"UTG": 50}, (("UTG", 40),))
    assert audit(hand).verdict == "ok"
    assert list(to_engine(hand).payouts) == [0, 0, 50, 0]


def test_a_tagged_action_that_cannot_be_read_is_an_error() -> None:
    with pytest.raises(HandHistoryError, match="line 21"):
        parse(TOURNAMENT.replace("UTG : Raises 300 to 300", "UTG : Raises(auth) lots"))
